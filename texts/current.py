"""The language of what is being written now: a context variable set by
`using(lang, ruleset)` around a report, a reply or a command's output, and read
by `_`, `ngettext` and `tr`. Outside any `using` block it is English."""

from __future__ import annotations

import gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from texts.catalogues import DEFAULT_LANGUAGE, translator


@dataclass(frozen=True)
class _Language:
    code: str
    translations: gettext.NullTranslations


_ENGLISH = _Language(DEFAULT_LANGUAGE, translator(DEFAULT_LANGUAGE))
_CURRENT: ContextVar[_Language] = ContextVar("mapjudge_language", default=_ENGLISH)


@contextmanager
def using(lang: str, ruleset: str | None = None) -> Iterator[gettext.NullTranslations]:
    """Write in `lang` (`en`, `es`, `ca`) inside the block, reading `ruleset`'s
    catalogues first; yields the translations."""
    chosen = _Language(lang, translator(lang, ruleset))
    token = _CURRENT.set(chosen)
    try:
        yield chosen.translations
    finally:
        _CURRENT.reset(token)


def current_language() -> str:
    """The code of the language being written (`en` outside `using`)."""
    return _CURRENT.get().code


def current_translations() -> gettext.NullTranslations:
    """The translations of the language being written."""
    return _CURRENT.get().translations


def _(msgid: str) -> str:
    """`msgid` in the current language."""
    return _CURRENT.get().translations.gettext(msgid)


def ngettext(singular: str, plural: str, n: int) -> str:
    """`singular` or `plural` for `n`, in the current language (its plural rule)."""
    return _CURRENT.get().translations.ngettext(singular, plural, n)


def tr(text: object) -> str:
    """`text` in the current language when it is a `Text` (a message kept to be
    translated when printed); any other value as `str(value)`, untouched."""
    from texts.lazy import Text

    if isinstance(text, Text):
        return text.translated(_CURRENT.get().translations)
    return str(text)
