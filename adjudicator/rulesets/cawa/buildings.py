"""Where a CaWa village may be built or upgraded to a castle (004
"Construcciones", "Pueblo", "Castillo").

- A building stands only on one's own land hex (CC-M-9, CC-M-11).
- Never on a hex that touches an enemy hex or a building (CC-M-10). AC-16:
  "casilla enemiga" is any hex another player owns; "edificación" is any
  building, anyone's; the rule holds for new villages and for upgrades, and
  is checked against the buildings at the start of the phase and those
  accepted earlier in the same phase, in the order written.
- A castle replaces a village that stood at the start of the phase (CC-M-16,
  AC-18).
- Villages at the start of the turn are at least three times the castles
  after the upgrades (CC-M-18, CC-M-19, AC-17): 6 villages and 1 castle allow
  one upgrade (5 villages, 2 castles); the third castle needs 9 villages.

Every check judges the owners at the start of the phase (AC-06): hexes given
or abandoned this phase change hands only at its end. A check answers None
when the building is allowed, else the reason and its figures.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap
from texts import T_

CASTLE_RATIO = 3
"""Villages per castle (CC-M-18)."""


@dataclass(frozen=True)
class Refusal:
    """Why a building is refused, with the figures of the case."""

    reason: CawaReason
    detail: str


def enemy_neighbours(
    state: CawaState, game_map: CawaMap, player: str, code: str
) -> tuple[str, ...]:
    """The hexes next to `code` owned by another player (AC-16), sorted."""
    return tuple(
        sorted(n for n in game_map.neighbours(code) if state.owners.get(n) not in (None, player))
    )


def building_neighbours(
    game_map: CawaMap, code: str, buildings: Mapping[str, Building]
) -> tuple[str, ...]:
    """The hexes next to `code` with a building, anyone's (AC-16), sorted."""
    return tuple(sorted(n for n in game_map.neighbours(code) if n in buildings))


def _surroundings(
    state: CawaState,
    game_map: CawaMap,
    player: str,
    code: str,
    buildings: Mapping[str, Building],
) -> Refusal | None:
    """CC-M-10 with AC-16: no enemy hex and no building next to `code`."""
    enemies = enemy_neighbours(state, game_map, player, code)
    if enemies:
        return Refusal(
            CawaReason.TOUCHES_ENEMY,
            T_("{hex} touches {players}", hex=code, players=", ".join(enemies)),
        )
    built = building_neighbours(game_map, code, buildings)
    if built:
        return Refusal(
            CawaReason.TOUCHES_BUILDING,
            T_("{hex} touches the building at {hexes}", hex=code, hexes=", ".join(built)),
        )
    return None


def _own_land(state: CawaState, game_map: CawaMap, player: str, code: str) -> Refusal | None:
    """CC-M-9, CC-M-11: a hex on the map, the player's, not water."""
    if code not in game_map.hexes:
        return Refusal(CawaReason.UNKNOWN_HEX, T_("{hex} is not on the map", hex=code))
    if state.owners.get(code) != player:
        return Refusal(
            CawaReason.NOT_YOUR_HEX, T_("{hex} is not {player}'s", hex=code, player=player)
        )
    if not state.terrain_of(game_map, code).is_land:
        return Refusal(CawaReason.WATER_HEX, T_("{hex} is water", hex=code))
    return None


def village_refusal(
    state: CawaState,
    game_map: CawaMap,
    player: str,
    code: str,
    placed: Mapping[str, Building],
) -> Refusal | None:
    """Whether `player` may build a village on `code` (CC-M-9 .. CC-M-11,
    CC-M-15, AC-16). `placed` holds the buildings accepted earlier this phase."""
    refusal = _own_land(state, game_map, player, code)
    if refusal is not None:
        return refusal
    standing = placed.get(code) or state.buildings.get(code)
    if standing is not None:
        return Refusal(
            CawaReason.ALREADY_BUILT,
            T_("{hex} already has a {building}", hex=code, building=standing.word),
        )
    return _surroundings(state, game_map, player, code, {**state.buildings, **placed})


def castles_after(state: CawaState, player: str, placed: Mapping[str, Building]) -> int:
    """The player's castles: those at the start of the phase plus the
    upgrades accepted earlier this phase (AC-17)."""
    upgraded = sum(
        1 for h, b in placed.items() if b is Building.CASTLE and state.owners.get(h) == player
    )
    return state.buildings_of(player, Building.CASTLE) + upgraded


def castle_refusal(
    state: CawaState,
    game_map: CawaMap,
    player: str,
    code: str,
    placed: Mapping[str, Building],
) -> Refusal | None:
    """Whether `player` may upgrade the village on `code` to a castle
    (CC-M-16 .. CC-M-19, AC-16 .. AC-18). `placed` holds the buildings
    accepted earlier this phase."""
    refusal = _own_land(state, game_map, player, code)
    if refusal is not None:
        return refusal
    at_start = state.buildings.get(code)
    if at_start is Building.CASTLE or placed.get(code) is Building.CASTLE:
        return Refusal(CawaReason.ALREADY_BUILT, T_("{hex} already has a castle", hex=code))
    if placed.get(code) is Building.VILLAGE:
        return Refusal(
            CawaReason.BUILT_THIS_PHASE,
            T_(
                "the village on {hex} was built this phase; a castle needs one that stood before",
                hex=code,
            ),
        )
    if at_start is not Building.VILLAGE:
        return Refusal(CawaReason.NO_VILLAGE, T_("{hex} has no village", hex=code))
    others = {h: b for h, b in {**state.buildings, **placed}.items() if h != code}
    refusal = _surroundings(state, game_map, player, code, others)
    if refusal is not None:
        return refusal
    villages = state.buildings_of(player, Building.VILLAGE)
    castles = castles_after(state, player, placed) + 1
    if villages < CASTLE_RATIO * castles:
        return Refusal(
            CawaReason.CASTLE_RATIO,
            T_(
                "{castles} castles need {needed} villages at the start of the turn,"
                " {player} had {villages}",
                castles=castles,
                needed=CASTLE_RATIO * castles,
                player=player,
                villages=villages,
            ),
        )
    return None
