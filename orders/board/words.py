"""Names and words the board's messages are made of, kept to be told in the
reader's language (issue 19).

An order issue or a ruling is made before anyone knows who reads it, so its
message is a `texts.Text`. The places and powers it names come from the map
data (`names: {es: ..., ca: ...}`), not from a catalogue: `place_name` and
`power_id` wrap them in a `LocalName`, a `Text` whose English is the map's
name (or the power's id) and which, printed with `texts.tr`, gives the name in
the language being written; `suggestion` does so for a "did you mean" name,
`Joined` for a list of them. `coast_words` names a coast (`north coast`) as a
message to translate.
"""

from __future__ import annotations

from collections.abc import Mapping

from maps.model import Area, GameMap, NameMatch
from orders.names import coast_name
from texts import N_, T_, LocalName, Text


def suggestion(game_map: GameMap, match: NameMatch) -> str:
    """`TYR (Tyrolia)`, a name `GameMap.suggestions` found, told in the
    reader's language."""
    area = game_map.areas.get(match.location.partition("/")[0])
    names = area.names if area is not None and area.name == match.name else ()
    return T_("{code} ({name})", code=match.location, name=LocalName(match.name, names))


def place_name(area: Area) -> LocalName:
    """`area`'s name, told in the reader's language."""
    return LocalName(area.name, area.names)


def power_id(game_map: GameMap, power: str) -> str:
    """A power's id (`germany`), as the English messages name it, told as
    the power's name (`Alemania`) in the other languages."""
    info = game_map.powers.get(power)
    return LocalName(power, info.names) if info else power


_COASTS: Mapping[str, str] = {
    "nc": N_("north coast"),
    "sc": N_("south coast"),
    "ec": N_("east coast"),
    "wc": N_("west coast"),
}


def coast_words(suffix: str) -> str:
    """`nc` -> `north coast`, kept to be translated; an unknown suffix as
    `orders.names.coast_name` shows it."""
    known = _COASTS.get(suffix)
    return Text(known) if known is not None else coast_name(suffix)
