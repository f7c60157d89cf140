"""Sailing (004 "Movimiento por mar", "Flotas"): which water hexes a ship
reaches and where it may land.

AC-23: "3 casillas de mar" is *up to* three contiguous water hexes, the first
next to the hex the ship leaves, then one landing hex (not water) next to the
last; a landing is legal when such a path exists. A fleet moves the same
way, up to three water hexes from its own (CC-MV-18), and lands on a hex
next to where it ends (CC-MV-19). Several fleets may share a water hex
(AC-25): nothing at sea blocks a ship.
"""

from __future__ import annotations

from collections import deque

from maps.cawa.model import CawaMap, Terrain

SHIP_RANGE = 3
"""Water hexes a ship or a fleet crosses in one movement phase (CC-MV-13, CC-MV-18)."""


def is_water(game_map: CawaMap, code: str) -> bool:
    """Water never changes (AC-15), so the map's terrain says it."""
    return game_map.terrain(code) is Terrain.WATER


def touches_water(game_map: CawaMap, code: str) -> bool:
    """Whether a hex borders a water hex (a village or castle there may launch ships)."""
    return any(is_water(game_map, n) for n in game_map.neighbours(code))


def water_within(game_map: CawaMap, start: str, steps: int = SHIP_RANGE) -> dict[str, int]:
    """The water hexes a ship reaches from `start` in at most `steps` water
    hexes, with the fewest it needs (1 for a water hex next to `start`). If
    `start` is itself water (a fleet), it is included at 0."""
    reached: dict[str, int] = {}
    queue: deque[tuple[str, int]] = deque()
    if is_water(game_map, start):
        reached[start] = 0
        queue.append((start, 0))
    else:
        for near in game_map.neighbours(start):
            if is_water(game_map, near) and near not in reached:
                reached[near] = 1
                queue.append((near, 1))
    while queue:
        here, used = queue.popleft()
        if used >= steps:
            continue
        for near in game_map.neighbours(here):
            if is_water(game_map, near) and near not in reached:
                reached[near] = used + 1
                queue.append((near, used + 1))
    return reached


def landings(game_map: CawaMap, start: str, steps: int = SHIP_RANGE) -> frozenset[str]:
    """The land hexes a ship from `start` may land on: next to a water hex it
    reaches (AC-23). `start` itself is never a landing."""
    found = {
        near
        for water in water_within(game_map, start, steps)
        for near in game_map.neighbours(water)
        if not is_water(game_map, near)
    }
    found.discard(start)
    return frozenset(found)


def path_is_valid(game_map: CawaMap, start: str, path: tuple[str, ...], landing: str) -> bool:
    """Whether a path a player named is a legal sailing: 1 to 3 water hexes,
    each next to the one before (the first next to `start`), and `landing`
    (if not empty) a land hex next to the last."""
    if not 1 <= len(path) <= SHIP_RANGE:
        return False
    before = start
    for code in path:
        if not is_water(game_map, code) or not game_map.adjacent(before, code):
            return False
        before = code
    return not landing or (not is_water(game_map, landing) and game_map.adjacent(before, landing))
