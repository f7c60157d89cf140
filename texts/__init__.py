"""The words mapjudge writes, in English, Spanish and Catalan (issue 19).

The lowest layer of the project: every other package may use it, it uses none.

- `_("Supply centres")`, `ngettext(...)`: translate now, in the current language.
- `T_("unknown area '{name}'", name=token)`: a `Text`, English now (it *is* the
  English `str`), translated when it is printed (`tr(text)`), so an order issue
  or a ruling made once reads in each reader's language.
- `N_("...")`: marks an id translated later by whoever prints it.
- `joined(parts, "; ")`, `either(names)`: lists of messages, kept lazy.
- `using("es", "orbis")`: the language (and the ruleset's catalogues) of
  everything translated inside the `with` block.

English is the message ids themselves, so English output is byte for byte
what it was before translations existed.
"""

from texts.catalogues import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    UnknownLanguage,
    checked_language,
    translator,
)
from texts.current import _, current_language, current_translations, ngettext, tr, using
from texts.lazy import N_, T_, LocalName, Text, Tn_, either, joined

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "N_",
    "T_",
    "LocalName",
    "Text",
    "Tn_",
    "UnknownLanguage",
    "_",
    "checked_language",
    "current_language",
    "current_translations",
    "either",
    "joined",
    "ngettext",
    "tr",
    "translator",
    "using",
]
