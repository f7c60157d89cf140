"""A Genes Mactantes country's name in other languages (`names: {es: Poniente}`
in a region file): read from the region's data, and kept in messages made
before the language is known (issue 19)."""

from __future__ import annotations

import gettext
from collections.abc import Callable, Mapping
from typing import Any, Self

from texts import T_, Text, current_language


class LocalName(Text):
    """A country's name kept for a message made before the language is known
    (a ruling's detail): English (the `name`) as a `str`, its `names` entry
    when printed in another language."""

    local: Mapping[str, str]

    def __new__(cls, name: str, names: Mapping[str, str]) -> Self:
        made = super().__new__(cls, name)
        made.local = dict(names)
        return made

    def translated(self, translations: gettext.NullTranslations) -> str:
        return self.local.get(current_language(), str(self))

    def __reduce__(self) -> tuple[object, ...]:
        return (LocalName, (str(self), self.local))


def local_names(value: Any, key: str, fail: Callable[[str, str], None]) -> dict[str, str]:
    """`names: {es: ..., ca: ...}`: a country's name in other languages; a
    problem is told to `fail(key, message)`."""
    if value is None:
        return {}
    if isinstance(value, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in value.items()
    ):
        return dict(value)
    fail(key, T_("expected a mapping of language to name, not {value}", value=repr(value)))
    return {}
