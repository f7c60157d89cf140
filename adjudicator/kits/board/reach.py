"""Where a unit may go on a map: the reach rules shared by Diplomacy-style rulesets.

The functions are pure and memoised (maps hash by identity). Coasts follow
DATC 4.B: a fleet moving to a split-coast area without naming a coast goes to
the one coast it can reach (4.B.2); naming an unreachable coast is illegal
(4.B.3); the coast written on an army's move is ignored (4.B.6). Supports and
convoys are decided at area level.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from maps.model import AreaKind, GameMap, split_location
from orders.board.model import UnitKind
from orders.board.words import place_name
from texts import T_


@dataclass(frozen=True, slots=True)
class Target:
    """Where a move lands (`location`), or why it cannot (`problem`)."""

    location: str | None
    problem: str | None = None
    ambiguous: bool = False


@lru_cache(maxsize=65536)
def fleet_reachable_coasts(game_map: GameMap, source: str, dest_area: str) -> tuple[str, ...]:
    """The fleet locations of `dest_area` next to the fleet location `source`."""
    area = game_map.areas[dest_area]
    return tuple(loc for loc in area.fleet_locations if game_map.fleet_adjacent(source, loc))


@lru_cache(maxsize=65536)
def move_target(game_map: GameMap, kind: UnitKind, source: str, dest: str) -> Target:
    """Resolve the location a unit of `kind` at `source` moves to when ordered to `dest`."""
    dest_area, coast = split_location(dest)
    area = game_map.areas[dest_area]
    if kind is UnitKind.ARMY:
        if area.kind is AreaKind.SEA:
            return Target(
                None, T_("an army cannot enter {area}, a sea area", area=place_name(area))
            )
        if game_map.army_adjacent(split_location(source)[0], dest_area):
            return Target(dest_area)
        problem = T_(
            "{area} is not next to {source} for an army",
            area=place_name(area),
            source=split_location(source)[0],
        )
        return Target(None, problem)
    if area.kind is AreaKind.LAND:
        return Target(None, T_("a fleet cannot enter {area}, a land area", area=place_name(area)))
    reachable = fleet_reachable_coasts(game_map, source, dest_area)
    if coast is not None:
        if dest in reachable:
            return Target(dest)
        return Target(None, T_("a fleet in {source} cannot reach {dest}", source=source, dest=dest))
    if len(reachable) == 1:
        return Target(reachable[0])
    if not reachable:
        problem = T_(
            "{area} is not next to {source} for a fleet", area=place_name(area), source=source
        )
        return Target(None, problem)
    problem = T_(
        "name the coast of {area}: {coasts}",
        area=place_name(area),
        coasts=T_("{first} or {second}", first=", ".join(reachable[:-1]), second=reachable[-1])
        if len(reachable) == 2
        else " or ".join(reachable),
    )
    return Target(None, problem, ambiguous=True)


@lru_cache(maxsize=65536)
def reachable_locations(
    game_map: GameMap, kind: UnitKind, source: str, dest_area: str
) -> tuple[str, ...]:
    """Every location of `dest_area` a unit of `kind` at `source` could move to
    (an army: the area itself; a fleet: each coast it touches)."""
    area = game_map.areas.get(dest_area)
    if area is None:
        return ()
    if kind is UnitKind.ARMY:
        adjacent = game_map.army_adjacent(split_location(source)[0], dest_area)
        return (dest_area,) if adjacent and area.kind is not AreaKind.SEA else ()
    if kind is UnitKind.FLEET:
        return fleet_reachable_coasts(game_map, source, dest_area)
    return ()


def can_reach_area(game_map: GameMap, kind: UnitKind, source: str, dest_area: str) -> bool:
    """Whether a unit could move into some part of `dest_area` (used for supports)."""
    return bool(reachable_locations(game_map, kind, source, dest_area))
