"""Names from the map kept to be told in the reader's language (issue 19).

The rules write their notes, refusals and problems before the report's
language is known, naming areas and powers as they always did (an area by its
English name, a power often by its id: `florence`). A `MapName` is that same
English text (a `texts.Text`, so it *is* the English `str`), and when a report
prints it with `texts.tr` (or as a value of a `T_` message) it becomes the
map's name in the language being written (`Area.local_name`,
`PowerInfo.local_name`), or stays as it was when the map gives none.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from typing import Self

from maps.model import GameMap
from texts import N_, T_, Text, current_language


class MapName(Text):
    """An area's or a power's name: English now, the map's name in the
    reader's language when printed (see the module)."""

    __slots__ = ("names",)
    names: tuple[tuple[str, str], ...]

    def __new__(cls, english: str, names: Iterable[tuple[str, str]] = ()) -> Self:
        made = super().__new__(cls, str(english))
        made.names = tuple(names)
        return made

    def translated(self, translations: gettext.NullTranslations) -> str:
        """The map's name in the current language (`texts.using`), else English."""
        return dict(self.names).get(current_language(), str.__str__(self))

    def __reduce__(self) -> tuple[object, ...]:
        return (MapName, (str.__str__(self), self.names))


def area_name(game_map: GameMap, code: str) -> str:
    """The area's name (`Florence`), told in the reader's language when
    printed; the code itself for an area the map lacks."""
    area = game_map.areas.get(code.partition("/")[0])
    return MapName(area.name, area.names) if area is not None else code


def power_label(game_map: GameMap, power: str, english: str | None = None) -> str:
    """A power as the rules' texts name it in English (`english`: its id by
    default, `florence`), told by the map's name in the reader's language
    (`Florencia`) when printed."""
    info = game_map.powers.get(power)
    shown = power if english is None else english
    return MapName(shown, info.names) if info is not None else shown


def power_title(game_map: GameMap, power: str) -> str:
    """A power by its map name (`Florence`), in the reader's language when printed."""
    info = game_map.powers.get(power)
    return MapName(info.name, info.names) if info is not None else power


_JOINS = {
    ", ": N_("{before}, {after}"),
    "; ": N_("{before}; {after}"),
    " and ": N_("{before} and {after}"),
}
"""The separators `joined` keeps translatable, each as a message of its own."""


def joined(items: Iterable[str], separator: str = ", ") -> str:
    """`separator.join(items)` that stays a `Text` (each item told in the
    reader's language when printed): `str.join` would give plain English.
    `separator` is one of `_JOINS`; no items give ``."""
    found = list(items)
    if not found:
        return ""
    text = found[0]
    pattern = _JOINS[separator]
    for item in found[1:]:
        text = T_(pattern, before=text, after=item)
    return text
