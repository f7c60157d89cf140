"""Small CaWa maps and states for the tests, written as terrain rows.

`grid_map(rows)` builds a `CawaMap` from rows of symbols, one per hex, flat
topped `odd-q` columns numbered from 1 (so the first row's first hex is
`0101`, the next to its right `0201`):

    "." plain   "f" forest   "^" mountain   "~" water

`state_on(game_map, owners=..., buildings=...)` gives the economy phase of
turn 1 with those owners (hex -> player) and buildings, every player with
`crowns` in the treasury.

In odd-q the odd columns sit half a hex lower. `0202` (an even column) has
`0201` north, `0301` north-east, `0302` south-east, `0203` south, `0102`
south-west and `0101` north-west; `0303` (an odd column) has `0302` north,
`0403` north-east, `0404` south-east, `0304` south, `0204` south-west and
`0203` north-west.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import Building, CawaMap, CawaPlayer, HexCell, Terrain
from maps.hexgrid import HexLayout, hex_code, offset_to_axial

SYMBOLS: Mapping[str, Terrain] = {
    ".": Terrain.PLAIN,
    "f": Terrain.FOREST,
    "^": Terrain.MOUNTAIN,
    "~": Terrain.WATER,
}
COLOURS = ("#c0392b", "#2e86c1", "#27ae60", "#8e44ad", "#d68910", "#17a589")


def grid_map(
    rows: Sequence[str], players: Sequence[str] = ("red", "blue", "green"), name: str = "test"
) -> CawaMap:
    """A map of `rows` (see the module docstring) with these players."""
    hexes: dict[str, HexCell] = {}
    for i, line in enumerate(rows):
        for j, symbol in enumerate(line):
            column, row = j + 1, i + 1
            code = hex_code(column, row)
            axial = offset_to_axial(column, row, HexLayout.ODD_Q)
            hexes[code] = HexCell(code, column, row, axial, SYMBOLS[symbol])
    people = {
        p: CawaPlayer(p, p.capitalize(), COLOURS[i % len(COLOURS)]) for i, p in enumerate(players)
    }
    return CawaMap(name, hexes, HexLayout.ODD_Q, people)


def state_on(
    game_map: CawaMap,
    owners: Mapping[str, str] | None = None,
    buildings: Mapping[str, Building] | None = None,
    crowns: int = 10000,
    kind: CawaPhaseKind = CawaPhaseKind.ECONOMY,
    turn: int = 1,
    **changes: object,
) -> CawaState:
    """The `kind` phase of `turn` with these owners and buildings."""
    players = tuple(game_map.players)
    state = CawaState(
        phase=Phase(turn, None, kind),
        players=players,
        owners=dict(owners or {}),
        buildings=dict(buildings or {}),
        treasury=dict.fromkeys(players, crowns),
    )
    if changes:
        from dataclasses import replace

        state = replace(state, **changes)  # type: ignore[arg-type]
    return state


# A 6 x 5 board used across the tests: water down the east side.
#        col 1..6
SMALL = grid_map(
    [
        ".f^..~",
        "..f.~~",
        "^...~~",
        "f.^.~.",
        "...f~.",
    ]
)
