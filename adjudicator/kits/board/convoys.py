"""Convoys on a board: which fleets may convoy, and the routes they offer
(DATC 4.A.3, 4.E.1; the 2023 rules' sign of intent). Shared by the board
rulesets' movement phases (classic, and Machiavelli's sea moves)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from functools import cached_property

from adjudicator.kits.board.resolver import convoy_chain_exists
from adjudicator.kits.board.state import Unit
from maps.model import AreaKind, GameMap, split_location
from orders.board.model import Convoy, UnitKind, UnitOrder
from texts import T_


class ConvoyIndex:
    """Convoy orders given by fleets at sea, by the army area they name, and
    the convoy routes the board allows."""

    def __init__(
        self, board: Mapping[str, Unit], orders: Mapping[str, UnitOrder], game_map: GameMap
    ):
        self.board = board
        self.game_map = game_map
        self.by_army: dict[str, list[tuple[str, str, str]]] = {}
        for area, order in orders.items():
            if isinstance(order, Convoy) and area in self.board_fleets:
                army_area = split_location(order.convoyed.location)[0]
                dest = split_location(order.dest)[0]
                self.by_army.setdefault(army_area, []).append((area, dest, board[area].power))
        self.neighbours = game_map.fleet_area_neighbours

    @cached_property
    def board_fleets(self) -> frozenset[str]:
        """The areas of the fleets that may convoy (at sea), found at the first
        question: most phases have no convoy order and no army out of reach."""
        return frozenset(
            a for a, u in self.board.items() if convoy_problem(u, self.game_map) is None
        )

    def route_exists(self, start: str, dest: str, fleets: AbstractSet[str]) -> bool:
        """Whether a chain of `fleets` joins `start` and `dest` (DATC 4.E.1: a convoy
        the board cannot carry makes the move illegal; 6.D.8, 6.D.32)."""
        return convoy_chain_exists(start, dest, fleets, self.neighbours)

    def route_without(self, start: str, dest: str, fleet: str) -> bool:
        """Whether a chain of the board's fleets other than `fleet` joins `start` and
        `dest` (without copying the board's fleets)."""
        return self.route_exists(start, dest, AllBut(self.board_fleets, fleet))

    def own_fleet_intent(self, army: Unit, army_area: str, dest: str) -> bool:
        """Whether a fleet of the army's own power orders a convoy that could be part of
        a route: the 2023 rules' sign of intent (DATC 4.A.3). An impossible or
        unnecessary convoy order shows no intent (DATC 4.E.1, 6.G.6, 6.G.7, 6.G.19)."""
        own = {f for f, d, p in self.by_army.get(army_area, ()) if d == dest and p == army.power}
        return bool(own and own & self.fleets_on_minimal_route(army_area, dest))

    def fleets_on_minimal_route(self, start: str, dest: str) -> set[str]:
        """Board fleets on some route where only the first fleet touches `start`
        and only the last touches `dest` (a route with no needless fleet)."""
        fleets = self.board_fleets
        # fleet borders go both ways: the fleets next to `start` are those `start` is next to
        firsts = {f for f in self.neighbours(start) if f in fleets}
        lasts = {f for f in self.neighbours(dest) if f in fleets}
        ends = firsts | lasts
        forward = self._closure(firsts - lasts, ends, lasts)
        backward = self._closure(lasts - firsts, ends, firsts)
        return (firsts & lasts) | (forward & backward)

    def _closure(self, origins: set[str], not_inner: set[str], ends: set[str]) -> set[str]:
        """`origins`, the inner fleets (board fleets not in `not_inner`) they reach
        through inner fleets, and the `ends` reached from any of those."""
        fleets = self.board_fleets
        found = set(origins)
        frontier = list(origins)
        while frontier:
            current = frontier.pop()
            for nxt in self.neighbours(current):
                if nxt in found:
                    continue
                if nxt in fleets and nxt not in not_inner:
                    found.add(nxt)
                    frontier.append(nxt)
                elif nxt in ends:
                    found.add(nxt)
        return found


class AllBut(AbstractSet[str]):
    """A set of areas but one, as a view (no copy)."""

    __slots__ = ("base", "left_out")

    def __init__(self, base: AbstractSet[str], left_out: str) -> None:
        self.base = base
        self.left_out = left_out

    def __contains__(self, item: object) -> bool:
        return item != self.left_out and item in self.base

    def __iter__(self) -> Iterator[str]:
        return (a for a in self.base if a != self.left_out)

    def __len__(self) -> int:
        return len(self.base) - (self.left_out in self.base)


def convoy_problem(unit: Unit, game_map: GameMap) -> str | None:
    if unit.kind is not UnitKind.FLEET:
        return T_("only fleets convoy")
    if game_map.area(unit.location).kind is not AreaKind.SEA:
        return T_("only a fleet in a sea area may convoy")
    return None
