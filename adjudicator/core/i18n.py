"""Languages (issue 19) as the app uses them: the `texts` package (the lowest
layer: catalogues, the current language, lazy `Text`) re-exported with the
app's names. `translator(lang)` reads every catalogue; a game's reports read
its ruleset's first (`texts.using(lang, ruleset)`).

Usage: `t = translator("es"); t.gettext("no problems")`,
`t.ngettext("{n} order", "{n} orders", n).format(n=n)`.
"""

from __future__ import annotations

import gettext

from texts import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    N_,
    T_,
    Text,
    UnknownLanguage,
    checked_language,
    translator,
)
from texts.catalogues import LOCALE_DIR

ENGLISH = gettext.NullTranslations()
"""The default translator: every message as its English id."""

__all__ = [
    "DEFAULT_LANGUAGE",
    "ENGLISH",
    "LANGUAGES",
    "LOCALE_DIR",
    "N_",
    "T_",
    "Text",
    "UnknownLanguage",
    "checked_language",
    "translator",
]
