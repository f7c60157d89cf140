"""Names from the map kept to be told in the reader's language (issue 19).

The rules write their notes, refusals and problems before the report's
language is known, naming areas and powers as they always did (an area by its
English name, a power often by its id: `florence`). A `texts.LocalName` is that same
English text (a `texts.Text`, so it *is* the English `str`), and when a report
prints it with `texts.tr` (or as a value of a `T_` message) it becomes the
map's name in the language being written (`Area.local_name`,
`PowerInfo.local_name`), or stays as it was when the map gives none.
"""

from __future__ import annotations

from maps.model import GameMap
from texts import LocalName


def area_name(game_map: GameMap, code: str) -> str:
    """The area's name (`Florence`), told in the reader's language when
    printed; the code itself for an area the map lacks."""
    area = game_map.areas.get(code.partition("/")[0])
    return LocalName(area.name, area.names) if area is not None else code


def power_label(game_map: GameMap, power: str, english: str | None = None) -> str:
    """A power as the rules' texts name it in English (`english`: its id by
    default, `florence`), told by the map's name in the reader's language
    (`Florencia`) when printed."""
    info = game_map.powers.get(power)
    shown = power if english is None else english
    return LocalName(shown, info.names) if info is not None else shown


def power_title(game_map: GameMap, power: str) -> str:
    """A power by its map name (`Florence`), in the reader's language when printed."""
    info = game_map.powers.get(power)
    return LocalName(info.name, info.names) if info is not None else power
