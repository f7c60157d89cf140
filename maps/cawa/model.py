"""A CaWa campaign map (004 "El Mapa"): hexes of four terrains, named
column-row (`0412`), with the players' starting realms.

The map is public (CC-V-1, CC-M-1). Terrain is water, plain ("tierra",
AC-03), forest or mountain (CC-M-6); water is never anyone's (CC-M-8). What
changes during the game (owners, buildings, changed terrain, fleets,
treasuries) is the ruleset's state; the map keeps the grid and the position
a game starts from (`start_owners`, `start_buildings`), which the GM may
write by hand or `maps.cawa.generate` places.

Hex geometry comes from `maps.hexgrid` (offset layouts, axial coordinates,
the six neighbours); a CaWa map always uses flat-topped `odd-q` columns
unless its file says otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from maps.hexgrid import Axial, HexLayout, axial_neighbours, axial_to_offset, hex_code
from texts import T_, Text, current_language


class Terrain(StrEnum):
    """The four terrains of the book (CC-M-6); plain is its "tierra" (AC-03)."""

    WATER = "water"
    PLAIN = "plain"
    FOREST = "forest"
    MOUNTAIN = "mountain"

    @property
    def is_land(self) -> bool:
        return self is not Terrain.WATER

    @property
    def word(self) -> Text:
        """The terrain's name for people (English: its value), translated when printed."""
        return TERRAIN_WORDS[self]


class Building(StrEnum):
    """A hex's building (004 "Construcciones"): a village, or a castle that
    replaced one (CC-M-15 .. CC-M-17)."""

    VILLAGE = "village"
    CASTLE = "castle"

    @property
    def word(self) -> Text:
        """The building's name for people (English: its value), translated when printed."""
        return BUILDING_WORDS[self]


class Direction(StrEnum):
    """The six directions between flat-topped hexes, for lines such as
    `desde 0303 al sureste` (CC-MV-8, AC-27)."""

    NORTH = "north"
    NORTHEAST = "northeast"
    SOUTHEAST = "southeast"
    SOUTH = "south"
    SOUTHWEST = "southwest"
    NORTHWEST = "northwest"

    @property
    def word(self) -> Text:
        """The direction's name for people (English: its value), translated when printed."""
        return DIRECTION_WORDS[self]


TERRAIN_WORDS: Mapping[Terrain, Text] = {
    Terrain.WATER: T_("water"),
    Terrain.PLAIN: T_("plain"),
    Terrain.FOREST: T_("forest"),
    Terrain.MOUNTAIN: T_("mountain"),
}
BUILDING_WORDS: Mapping[Building, Text] = {
    Building.VILLAGE: T_("village"),
    Building.CASTLE: T_("castle"),
}
DIRECTION_WORDS: Mapping[Direction, Text] = {
    Direction.NORTH: T_("north"),
    Direction.NORTHEAST: T_("northeast"),
    Direction.SOUTHEAST: T_("southeast"),
    Direction.SOUTH: T_("south"),
    Direction.SOUTHWEST: T_("southwest"),
    Direction.NORTHWEST: T_("northwest"),
}


# Axial steps of each direction for flat-topped hexes (q to the east, r to
# the south-east): north is (0, -1), south (0, +1).
DIRECTION_STEPS: Mapping[Direction, Axial] = {
    Direction.NORTH: (0, -1),
    Direction.NORTHEAST: (1, -1),
    Direction.SOUTHEAST: (1, 0),
    Direction.SOUTH: (0, 1),
    Direction.SOUTHWEST: (-1, 1),
    Direction.NORTHWEST: (-1, 0),
}


@dataclass(frozen=True)
class HexCell:
    """One hex: its code (`CCRR`), column and row numbers, axial coordinates
    and terrain as the map was drawn."""

    code: str
    column: int
    row: int
    axial: Axial
    terrain: Terrain


@dataclass(frozen=True)
class CawaPlayer:
    """A player's kingdom: its id (used in files and order file names), the
    name people read (and in other languages, `names`), and its colour on the
    map (`#rrggbb`)."""

    id: str
    name: str
    colour: str
    aliases: tuple[str, ...] = ()
    names: tuple[tuple[str, str], ...] = ()
    """Its name in other languages (`names: {es: Reino Rojo, ca: Regne Vermell}`)."""

    @property
    def local_name(self) -> str:
        """Its name in the language being written (`texts.using`), else `name`."""
        return dict(self.names).get(current_language(), self.name)


@dataclass(frozen=True)
class CawaMap:
    """The campaign map: every hex (water included) and the starting position."""

    name: str
    hexes: Mapping[str, HexCell]
    layout: HexLayout = HexLayout.ODD_Q
    players: Mapping[str, CawaPlayer] = field(default_factory=dict)
    start_owners: Mapping[str, str] = field(default_factory=dict)  # hex -> player id
    start_buildings: Mapping[str, Building] = field(default_factory=dict)

    @cached_property
    def _by_axial(self) -> dict[Axial, str]:
        return {cell.axial: code for code, cell in self.hexes.items()}

    @cached_property
    def _neighbours(self) -> dict[str, tuple[str, ...]]:
        by_axial = self._by_axial
        return {
            code: tuple(by_axial[a] for a in axial_neighbours(cell.axial) if a in by_axial)
            for code, cell in self.hexes.items()
        }

    def neighbours(self, code: str) -> tuple[str, ...]:
        """The hexes around `code` on the map (up to six)."""
        return self._neighbours.get(code, ())

    def adjacent(self, a: str, b: str) -> bool:
        return b in self._neighbours.get(a, ())

    def terrain(self, code: str) -> Terrain:
        """The terrain the map was drawn with (the state may have changed it: CC-E-17)."""
        return self.hexes[code].terrain

    def step(self, code: str, direction: Direction) -> str | None:
        """The hex next to `code` in `direction`, or None off the map."""
        q, r = self.hexes[code].axial
        dq, dr = DIRECTION_STEPS[direction]
        return self._by_axial.get((q + dq, r + dr))

    def code_at(self, column: int, row: int) -> str | None:
        code = hex_code(column, row)
        return code if code in self.hexes else None

    def offset(self, axial: Axial) -> tuple[int, int]:
        return axial_to_offset(axial, self.layout)

    def lookup_player(self, text: str) -> str | None:
        """The id of the player named `text` (id, name or alias, any case), or None."""
        wanted = text.strip().casefold()
        for player in self.players.values():
            names = (player.id, player.name, *player.aliases)
            if any(name.casefold() == wanted for name in names):
                return player.id
        return None
