"""Random positions and random *legal-looking* orders, for property tests and benchmarks.

Every function here is pure and deterministic for a given `random.Random`:
the same seed gives the same position and the same orders. Orders look like
what a player could write: each names a unit's real kind and location, and
moves go to a location the unit's kind can reach (a fleet to the right
coast). They are not all legal: a convoy may have no route, a support may
not match, a retreat may go to an occupied area; those are what the engine
must judge.

The movement orders are drawn by `fill_orders` from a table of order kinds
(`CLASSIC_KINDS`) on an `OrderBoard`; `tests.generators.machiavelli_orders`
extends both with Machiavelli's garrisons, sieges and conversions.

A test and benchmark helper (and a seed for bots): nothing in the engine
imports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Generic, TypeVar

from adjudicator.core.phase import Phase
from adjudicator.kits.board.reach import can_reach_area
from adjudicator.kits.board.state import GameState, PhaseKind, Season, Unit
from maps.model import AreaKind, GameMap, split_location
from orders.board.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)

MOVEMENT_WEIGHTS: Mapping[str, float] = {
    "hold": 1.0,
    "move": 6.0,
    "support_hold": 1.5,
    "support_move": 2.5,
    "convoy": 1.5,
}
"""Relative weights of the movement order kinds (a kind the unit cannot give is skipped)."""

RETREAT_WEIGHT = 4.0
"""Weight of retreating against 1 for disbanding, in a retreat phase."""

COORDINATED = 0.6
"""Chance that a support of a move backs a move already ordered, when there is one
(otherwise most random supports would not match and few units would be dislodged)."""

CENTER_OWNED = 0.6
"""Chance that a supply centre is owned in `random_position`."""


# --- references -------------------------------------------------------------------


def ref(unit: Unit) -> UnitRef:
    """The full reference to a unit, as an order names it (kind and location)."""
    return UnitRef(unit.kind, unit.location)


def _area(unit: Unit) -> str:
    return split_location(unit.location)[0]


# --- movement ---------------------------------------------------------------------


@lru_cache(maxsize=65536)
def move_destinations(unit: Unit, game_map: GameMap) -> tuple[str, ...]:
    """Every location next to `unit` that its kind may enter, sorted (fleets: per coast;
    a garrison, which never moves: none)."""
    if unit.kind is UnitKind.GARRISON:
        return ()
    if unit.kind is UnitKind.FLEET:
        return tuple(sorted(game_map.fleet_neighbours(unit.location)))
    return tuple(
        sorted(
            loc
            for loc in game_map.army_neighbours(_area(unit))
            if game_map.area(loc).kind is not AreaKind.SEA
        )
    )


class OrderBoard:
    """The units of a state indexed by *slot*, with the orders chosen so far (keyed
    by slot too). A slot is the place one unit fills: here the unit's area; a
    ruleset with more than one unit to an area (Machiavelli's garrisons) overrides
    `slot` and `reaches`."""

    def __init__(self, units: Sequence[Unit], game_map: GameMap) -> None:
        self.units = tuple(sorted(units))
        self.by_slot = {self.slot(u): u for u in self.units}
        self.by_area: dict[str, list[Unit]] = {}  # every unit of an area, in board order
        for u in self.units:
            self.by_area.setdefault(_area(u), []).append(u)
        self.map = game_map
        self.orders: dict[str, Order] = {}
        self._support_areas: dict[Unit, frozenset[str]] = {}

    def slot(self, unit: Unit) -> str:
        return _area(unit)

    def orderable(self, unit: Unit) -> bool:
        """Whether a player orders `unit` (every unit here)."""
        return True

    def reaches(self, unit: Unit, area: str) -> bool:
        """Whether `unit` could support into `area` (move there itself)."""
        return area != _area(unit) and can_reach_area(self.map, unit.kind, unit.location, area)

    def support_areas(self, unit: Unit) -> frozenset[str]:
        """The areas `unit` reaches: its area's neighbours (and its own) that pass `reaches`."""
        found = self._support_areas.get(unit)
        if found is None:
            own = _area(unit)
            near = self.map.area_neighbours(own) | {own}
            found = self._support_areas[unit] = frozenset(a for a in near if self.reaches(unit, a))
        return found

    def ordered_move(self, unit: Unit) -> str | None:
        """The area `unit` was already ordered to move to, if any."""
        order = self.orders.get(self.slot(unit))
        return split_location(order.dest)[0] if isinstance(order, Move) else None

    def support_hold_targets(self, unit: Unit) -> list[Unit]:
        """Other units in an area `unit` could move to."""
        areas = self.support_areas(unit)
        return sorted(u for a in areas for u in self.by_area.get(a, ()) if u != unit)

    def support_move_targets(self, unit: Unit) -> list[tuple[Unit, str]]:
        """(mover, destination area) pairs: another unit's possible move into an area
        `unit` could reach itself."""
        areas = self.support_areas(unit)
        # a move's destination is next to its area (and borders are symmetric), so
        # only the units next to one of `areas` may move into it
        near = {n for a in areas for n in self.map.area_neighbours(a)}
        pairs = []
        for other in sorted(u for a in near for u in self.by_area.get(a, ())):
            if other == unit:
                continue
            for dest in move_destinations(other, self.map):
                area = split_location(dest)[0]
                if area in areas:
                    pairs.append((other, area))
        return pairs

    def at_sea(self, unit: Unit) -> bool:
        return unit.kind is UnitKind.FLEET and self.map.area(unit.location).kind is AreaKind.SEA

    def _next_areas(self, fleet: Unit) -> set[str]:
        return {split_location(loc)[0] for loc in self.map.fleet_neighbours(fleet.location)}

    def convoy_routes(self, fleet: Unit) -> dict[str, tuple[Unit, ...]]:
        """The shortest chain of unordered fleets at sea from `fleet` to each area they
        border: area -> (fleet, ..., the last fleet next to that area)."""
        routes: dict[str, tuple[Unit, ...]] = {}
        paths: dict[str, tuple[Unit, ...]] = {_area(fleet): (fleet,)}
        frontier = [fleet]
        for current in frontier:  # grows while iterating: a breadth-first search
            for area in sorted(self._next_areas(current)):
                routes.setdefault(area, paths[_area(current)])
                other = self.by_slot.get(area)
                if area in paths or other is None or not self.at_sea(other) or area in self.orders:
                    continue
                paths[area] = paths[_area(current)] + (other,)
                frontier.append(other)
        return routes

    def convoy_targets(self, fleet: Unit) -> list[tuple[Unit, str, tuple[Unit, ...]]]:
        """(army, destination, route) for each convoy `fleet` could lead: an army not yet
        ordered on a coast next to `fleet`, to a coast next to the route's last fleet,
        along a route with no needless fleet (only its first fleet borders the army's
        area, only its last the destination)."""
        if not self.at_sea(fleet):
            return []
        routes = self.convoy_routes(fleet)
        targets = []
        for start in sorted(self._next_areas(fleet)):
            army = self.by_slot.get(start)
            if army is None or army.kind is not UnitKind.ARMY or start in self.orders:
                continue
            for dest, route in routes.items():
                if self._useful(route, start, dest):
                    targets.append((army, dest, route))
        return targets

    def _useful(self, route: tuple[Unit, ...], start: str, dest: str) -> bool:
        if dest == start or self.map.areas[dest].kind is not AreaKind.COAST:
            return False
        touches_start = [f for f in route if start in self._next_areas(f)]
        touches_dest = [f for f in route if dest in self._next_areas(f)]
        return touches_start == [route[0]] and touches_dest == [route[-1]]


def _hold(unit: Unit, board: OrderBoard, rng: random.Random) -> None:
    board.orders[board.slot(unit)] = Hold(unit.power, ref(unit))


def _move(unit: Unit, board: OrderBoard, rng: random.Random) -> None:
    dest = rng.choice(move_destinations(unit, board.map))
    board.orders[board.slot(unit)] = Move(unit.power, ref(unit), dest)


def _support_hold(unit: Unit, board: OrderBoard, rng: random.Random) -> None:
    target = rng.choice(board.support_hold_targets(unit))
    board.orders[board.slot(unit)] = SupportHold(unit.power, ref(unit), ref(target))


def _support_move(unit: Unit, board: OrderBoard, rng: random.Random) -> None:
    pairs = board.support_move_targets(unit)
    ordered = [(m, d) for m, d in pairs if board.ordered_move(m) == d]
    if ordered and rng.random() < COORDINATED:
        pairs = ordered
    mover, dest = rng.choice(pairs)
    board.orders[board.slot(unit)] = SupportMove(unit.power, ref(unit), ref(mover), dest)


def _convoy(unit: Unit, board: OrderBoard, rng: random.Random) -> None:
    """Convoy an army, `unit` leading the fleets of the route."""
    army, dest, route = rng.choice(board.convoy_targets(unit))
    for fleet in route:
        board.orders[board.slot(fleet)] = Convoy(fleet.power, ref(fleet), ref(army), dest)
    board.orders[board.slot(army)] = Move(army.power, ref(army), dest, via_convoy=True)


B = TypeVar("B", bound=OrderBoard)
B_contra = TypeVar("B_contra", bound=OrderBoard, contravariant=True)


@dataclass(frozen=True)
class OrderKind(Generic[B_contra]):
    """One kind of movement order: its weight, whether a unit can be given it on the
    board (`possible` returns something truthy), and how to give it (`make` writes
    the order, or several, into `board.orders`)."""

    weight: float
    possible: Callable[[Unit, B_contra], object]
    make: Callable[[Unit, B_contra, random.Random], None]


CLASSIC_KINDS: Mapping[str, OrderKind[OrderBoard]] = {
    "hold": OrderKind(MOVEMENT_WEIGHTS["hold"], lambda u, b: True, _hold),
    "move": OrderKind(MOVEMENT_WEIGHTS["move"], lambda u, b: move_destinations(u, b.map), _move),
    "support_hold": OrderKind(
        MOVEMENT_WEIGHTS["support_hold"], lambda u, b: b.support_hold_targets(u), _support_hold
    ),
    "support_move": OrderKind(
        MOVEMENT_WEIGHTS["support_move"], lambda u, b: b.support_move_targets(u), _support_move
    ),
    "convoy": OrderKind(MOVEMENT_WEIGHTS["convoy"], lambda u, b: b.convoy_targets(u), _convoy),
}
"""The movement order kinds of `classic`, in the order they are drawn from."""


def fill_orders(
    board: B,
    kinds: Mapping[str, OrderKind[B]],
    rng: random.Random,
    later: Collection[str] = (),
) -> list[Order]:
    """One random order for every unit of `board` not ordered yet, of a kind it can be
    given, drawn by weight; the orders of the board, sorted by slot.

    Units are taken in board order; those drawing a kind named in `later` are given
    their order once every other unit has one (supports, so that more of them back
    an order already given). A kind in `later` must stay possible whatever the
    other units are ordered."""
    postponed: list[tuple[Unit, str]] = []
    for unit in board.units:
        if board.slot(unit) in board.orders or not board.orderable(unit):
            continue  # ordered with another unit (a convoy: the army, or a fleet of the route)
        possible = [name for name, kind in kinds.items() if kind.possible(unit, board)]
        name = rng.choices(possible, weights=[kinds[k].weight for k in possible])[0]
        if name in later:
            postponed.append((unit, name))
        else:
            kinds[name].make(unit, board, rng)
    for unit, name in postponed:
        if board.slot(unit) not in board.orders:  # not taken into a convoy meanwhile
            kinds[name].make(unit, board, rng)
    return [board.orders[slot] for slot in sorted(board.orders)]


def random_movement_orders(state: GameState, game_map: GameMap, rng: random.Random) -> list[Order]:
    """One random order for every unit of `state`: hold, move, support (hold or move)
    or convoy, weighted by `MOVEMENT_WEIGHTS`. A convoyed army is ordered to move
    "via convoy" to the convoy's destination. Orders come sorted by unit area."""
    return fill_orders(OrderBoard(state.units, game_map), CLASSIC_KINDS, rng)


# --- positions --------------------------------------------------------------------


def _random_unit(area_code: str, power: str, game_map: GameMap, rng: random.Random) -> Unit:
    """A unit of `power` in `area_code`: an army on land, a fleet at sea, either on a coast."""
    area = game_map.areas[area_code]
    if area.kind is AreaKind.LAND or (area.kind is AreaKind.COAST and rng.random() < 0.5):
        return Unit(power, UnitKind.ARMY, area_code)
    return Unit(power, UnitKind.FLEET, rng.choice(area.fleet_locations))


def random_position(game_map: GameMap, rng: random.Random, n_units: int) -> GameState:
    """A random spring or fall movement phase with `n_units` units of the map's powers
    on distinct areas; each supply centre is owned, by a random power, with
    probability `CENTER_OWNED`."""
    powers = sorted(game_map.power_ids())
    codes = sorted(game_map.areas)
    chosen = rng.sample(codes, min(n_units, len(codes)))
    units = tuple(sorted(_random_unit(a, rng.choice(powers), game_map, rng) for a in chosen))
    centers = {
        c: rng.choice(powers) for c in game_map.supply_centers() if rng.random() < CENTER_OWNED
    }
    season = rng.choice((Season.SPRING, Season.FALL))
    phase = Phase(rng.randint(1901, 1910), season, PhaseKind.MOVEMENT)
    return GameState(phase=phase, units=units, supply_centers=centers)


# --- retreats and adjustments -----------------------------------------------------


def random_retreat_orders(
    state: GameState, game_map: GameMap, rng: random.Random, listed: float = 0.0
) -> list[Order]:
    """For each dislodged unit: a retreat to a random location its kind could move to
    (empty or not, so some are illegal) or, now and then, a disband. With chance
    `listed` the retreat goes to one of the legal retreats the state lists for the
    unit (`Dislodged.retreats`), when it lists any."""
    orders: list[Order] = []
    for dislodged in sorted(state.dislodged, key=lambda d: d.unit):
        unit = dislodged.unit
        dests = move_destinations(unit, game_map)
        if listed and dislodged.retreats and rng.random() < listed:
            dests = dislodged.retreats
        if dests and rng.random() < RETREAT_WEIGHT / (RETREAT_WEIGHT + 1):
            orders.append(Retreat(unit.power, ref(unit), rng.choice(dests)))
        else:
            orders.append(Disband(unit.power, ref(unit)))
    return orders


def _random_build(power: str, game_map: GameMap, rng: random.Random) -> Build | Waive:
    """A build in a random home centre of `power` (owned and empty or not), or a waive."""
    homes = game_map.home_centers(power)
    if not homes or rng.random() < 0.15:
        return Waive(power)
    area = game_map.areas[rng.choice(homes)]
    if area.kind is AreaKind.COAST and rng.random() < 0.5:
        return Build(power, UnitRef(UnitKind.FLEET, rng.choice(area.fleet_locations)))
    return Build(power, UnitRef(UnitKind.ARMY, area.code))


def random_adjustment_orders(
    state: GameState, game_map: GameMap, rng: random.Random
) -> list[Order]:
    """For each power: up to its allowance of random builds (or waives) when it has
    more centres than units, up to its count of removals when it has fewer; the
    count ordered is random, so civil disorder and unused builds are exercised."""
    return adjustment_orders(
        state,
        rng,
        balance=lambda power: len(state.centers_of(power)) - len(state.units_of(power)),
        build=lambda power: _random_build(power, game_map, rng),
    )


def adjustment_orders(
    state: GameState,
    rng: random.Random,
    balance: Callable[[str], int],
    build: Callable[[str], Order],
) -> list[Order]:
    """For each power of `state`: a random number, up to its `balance(power)`, of
    `build(power)` orders when the balance is positive, of removals of its own units
    when it is negative."""
    orders: list[Order] = []
    for power in state.powers():
        due = balance(power)
        count = rng.randint(0, abs(due))
        if due > 0:
            orders.extend(build(power) for _ in range(count))
        elif due < 0:
            removed = rng.sample(sorted(state.units_of(power)), count)
            orders.extend(Disband(power, ref(u)) for u in removed)
    return orders
