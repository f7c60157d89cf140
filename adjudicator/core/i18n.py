"""Languages (issue 19): the gettext catalogues of the messages the app writes
for the GM and the players, in Spanish (`es`), Catalan (`ca`) and English
(`en`, the message ids themselves).

The catalogues live in `adjudicator/locale/<lang>/LC_MESSAGES/mapjudge.po`,
compiled to `.mo` beside them (`make messages` extracts the ids with Babel's
`pybabel extract`, updates the `.po` files and compiles them; a test checks the
`.mo` files are up to date). `translator(lang)` reads them with the standard
library's `gettext`; English, or a missing catalogue for it, is the
`NullTranslations` that returns each id as it is, so English output is the
same, byte for byte, as before translations existed.

Usage: `t = translator("es"); t.gettext("no problems")`,
`t.ngettext("{n} order", "{n} orders", n).format(n=n)`.
"""

from __future__ import annotations

import gettext
from dataclasses import dataclass
from functools import cache
from pathlib import Path

DOMAIN = "mapjudge"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""`adjudicator/locale/`: `<lang>/LC_MESSAGES/mapjudge.mo` per language."""
LANGUAGES = ("en", "es", "ca")
"""The languages a game, a player or `--lang` may choose; English first (the default)."""
DEFAULT_LANGUAGE = "en"


class UnknownLanguage(ValueError):
    """A language code that is not one of `LANGUAGES`."""

    def __init__(self, code: str, where: str = "") -> None:
        place = f"{where}: " if where else ""
        super().__init__(
            f"{place}unknown language {code!r} (choose one of: {', '.join(LANGUAGES)})"
        )


def checked_language(code: str, where: str = "") -> str:
    """`code` lower-cased when it is one of `LANGUAGES`; else `UnknownLanguage`
    naming `where` (a file and key, or an option)."""
    lang = code.strip().lower()
    if lang not in LANGUAGES:
        raise UnknownLanguage(code, where)
    return lang


@cache
def translator(lang: str = DEFAULT_LANGUAGE) -> gettext.NullTranslations:
    """The translations for `lang` (one of `LANGUAGES`): English is the ids
    themselves; es and ca read their compiled catalogue."""
    lang = checked_language(lang)
    if lang == DEFAULT_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[lang])


ENGLISH = gettext.NullTranslations()
"""The default translator: every message as its English id."""


def N_(msgid: str) -> str:
    """Marks `msgid` for extraction (`pybabel extract -k N_`) where it is
    translated later, by whoever prints it: returns it unchanged."""
    return msgid


@dataclass(frozen=True)
class Message:
    """A message kept to be translated when printed: an English msgid marked
    with `N_` and the values of its `{name}` fields."""

    msgid: str
    values: tuple[tuple[str, str], ...] = ()

    def text(self, tr: gettext.NullTranslations = ENGLISH) -> str:
        """The message in `tr`'s language (English by default)."""
        return tr.gettext(self.msgid).format(**dict(self.values))

    def __str__(self) -> str:
        return self.text()
