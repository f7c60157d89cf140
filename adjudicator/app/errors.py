"""How the command line fails: one line on stderr and an exit code, never a
traceback for a user's mistake (docs/cli.md).

The line is in the GM's language (issue 19): errors are raised deep inside as
lazy `Text` (English, translated when printed), and printed here in the
language `speak` chose last: `--lang`, else game.yaml's `language` once the
game was read, else `$MAPJUDGE_LANG`, else English."""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, NoReturn

import click

from texts import DEFAULT_LANGUAGE, LANGUAGES, T_, _, tr, using

LANG_ENV = "MAPJUDGE_LANG"
"""The GM's language for the messages printed before a game's own is known."""


@dataclass(frozen=True)
class _Spoken:
    lang: str
    ruleset: str | None
    chosen: bool
    """Chosen with `--lang`: game.yaml's `language` does not change it."""


_SPOKEN: ContextVar[_Spoken | None] = ContextVar("mapjudge_gm_language", default=None)


def forget_language() -> None:
    """A new command: nothing said yet about the GM's language."""
    _SPOKEN.set(None)


def speak(lang: str | None, ruleset: str | None = None, *, chosen: bool = False) -> None:
    """The GM reads `lang` (with `ruleset`'s catalogues) from now on: `chosen`
    by `--lang`, or game.yaml's (which does not override `--lang`; None: English)."""
    before = _SPOKEN.get()
    if before is not None and before.chosen and not chosen:
        lang, chosen = before.lang, True
    if ruleset is None and before is not None:
        ruleset = before.ruleset
    _SPOKEN.set(_Spoken(lang or DEFAULT_LANGUAGE, ruleset, chosen))


def error_language() -> tuple[str, str | None]:
    """The GM's language (and ruleset) for the messages: the last `speak`, else
    `$MAPJUDGE_LANG` when it names a language, else English."""
    spoken = _SPOKEN.get()
    if spoken is not None:
        return spoken.lang, spoken.ruleset
    return env_language() or DEFAULT_LANGUAGE, None


@contextmanager
def spoken() -> Iterator[gettext.NullTranslations]:
    """`using` the GM's language (`error_language`) for the block."""
    lang, ruleset = error_language()
    with using(lang, ruleset) as translations:
        yield translations


def env_language() -> str | None:
    """`$MAPJUDGE_LANG` when it names a language, else None."""
    env = os.environ.get(LANG_ENV, "").strip().lower()
    return env if env in LANGUAGES else None


def told(message: object) -> str:
    """`message` in the errors' language (`tr` inside `using`)."""
    with spoken():
        return tr(message)


class UserError(click.ClickException):
    """A mistake in the user's data: one line on stderr, exit code 1."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        with spoken():
            line = _("Error: {message}").format(message=tr(self.message))
        click.echo(line, file=file, err=True)


class UsageProblem(UserError):
    """A wrong name on the command line (e.g. the ruleset): exit code 2."""

    exit_code = 2


class ReportedFailure(click.ClickException):
    """Exit code 1 after the output was printed (order problems, failed verification)."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"mapjudge: {told(self.message)}", err=True)


def fail(message: str) -> NoReturn:
    raise UserError(message)


def warn(message: object) -> None:
    """`mapjudge: warning: MESSAGE` on stderr, in the errors' language."""
    click.echo(told(T_("mapjudge: warning: {message}", message=message)), err=True)
