"""Random *legal-looking* Machiavelli orders, for property tests (003 §1, §3, §4).

The Machiavelli counterpart of `tests.generators.board_orders`, on the same
`OrderBoard` and `fill_orders`: units are keyed by slot (`PISA` for the
province's army or fleet, `PISA:city` for the garrison), and besides holds,
moves, supports and convoys (by fleets at sea, Venice included) a unit may
besiege the garrison of its area (`B`), convert (`=`), support a siege or a
garrison's conversion out into its province, or be given a *stray* order a
careless player might write: a garrison ordered to move, an army sent to sea,
a fleet inland, a convoy from the coast, a support a garrison cannot give, a
conversion without a fortified city. Many other orders are illegal by
chance (a siege of one's own garrison, a strait closed from Messina, a
conversion into an occupied city); those are what the engine must judge.

Retreats favour the legal retreats the state lists; adjustments buy armies,
fleets and garrisons in home areas (controlled, free, fit for the kind or
not) and remove units.

Pure and deterministic for a given `random.Random`; nothing in the engine
imports it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from adjudicator.kits.board.state import PhaseKind, Unit
from adjudicator.rulesets.machiavelli.board import city_slot, fortified, port, unit_slot
from adjudicator.rulesets.machiavelli.spring import balance
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import AreaKind, GameMap
from orders.board.model import (
    Besiege,
    Build,
    Convert,
    Convoy,
    Move,
    Order,
    SupportConvert,
    SupportHold,
    UnitKind,
    UnitRef,
    Waive,
)
from tests.generators.board_orders import (
    CLASSIC_KINDS,
    COORDINATED,
    OrderBoard,
    OrderKind,
    adjustment_orders,
    fill_orders,
    move_destinations,
    random_retreat_orders,
    ref,
)

MACHIAVELLI_WEIGHTS: Mapping[str, float] = {
    "attack": 3.0,
    "besiege": 3.0,
    "support_siege": 1.5,
    "convert": 0.8,
    "support_convert": 1.5,
    "stray": 0.4,
}
"""Weights of Machiavelli's own order kinds, beside `MOVEMENT_WEIGHTS` for the classic ones."""

SUPPORTS = frozenset({"support_hold", "support_move", "support_siege", "support_convert"})
"""The kinds given once the other units have their orders, so that more supports match."""

SIEGE_KEPT = 0.7
"""Chance that a unit whose siege is running besieges again, to take the city (003 §4.4)."""

LISTED_RETREAT = 0.6
"""Chance that a retreat goes to a legal retreat the state lists (else to any neighbour)."""

WAIVE = 0.15
"""Chance that a build is a waive."""


class MachiavelliBoard(OrderBoard):
    """The board by slot: a garrison supports only into its own area (003 §3.3 D)."""

    def slot(self, unit: Unit) -> str:
        return unit_slot(unit)

    def orderable(self, unit: Unit) -> bool:
        """Not an autonomous garrison: no player orders it (003 §4.5)."""
        return unit.power != AUTONOMOUS

    def reaches(self, unit: Unit, area: str) -> bool:
        if unit.kind is UnitKind.GARRISON:
            return area == unit.location
        return super().reaches(unit, area)

    def garrison(self, area: str) -> Unit | None:
        return self.by_slot.get(city_slot(area))

    def attacks(self, unit: Unit) -> list[str]:
        """Moves of `unit` into an area held by another power's army or fleet."""
        return [
            dest
            for dest in move_destinations(unit, self.map)
            if (other := self.by_slot.get(dest)) is not None and other.power != unit.power
        ]

    def siege_possible(self, unit: Unit) -> bool:
        """An army or fleet in an area with a garrison (any power's: besieging one's
        own is illegal, and so is a fleet's siege of a city without a port)."""
        return unit.kind is not UnitKind.GARRISON and self.garrison(unit.location) is not None

    def besieging(self, unit: Unit) -> bool:
        return isinstance(self.orders.get(self.slot(unit)), Besiege)

    def conversions(self, unit: Unit) -> list[UnitKind]:
        """The kinds `unit` could become in its area's fortified city (003 §3.3 F):
        an army or fleet a garrison if the city is free (a fleet: with a port),
        a garrison an army (not in Venice, a sea) or a fleet (with a port)."""
        area = unit.location
        if not fortified(self.map, area):
            return []
        if unit.kind is not UnitKind.GARRISON:
            free = self.garrison(area) is None
            fits = unit.kind is UnitKind.ARMY or port(self.map, area)
            return [UnitKind.GARRISON] if free and fits else []
        kinds = [UnitKind.ARMY] if self.map.areas[area].kind is not AreaKind.SEA else []
        return kinds + ([UnitKind.FLEET] if port(self.map, area) else [])

    def support_convert_targets(self, unit: Unit) -> list[tuple[Unit, UnitKind]]:
        """(garrison, kind) pairs: a garrison that could convert out into an area
        `unit` could move to."""
        return [
            (other, kind)
            for other in self.units
            if other.kind is UnitKind.GARRISON
            and other != unit
            and other.location in self.support_areas(unit)
            for kind in self.conversions(other)
        ]

    def strays(self, unit: Unit) -> list[Order]:
        """Orders a careless player might give `unit`, each illegal."""
        power, me, area = unit.power, ref(unit), unit.location
        neighbours = sorted(self.map.area_neighbours(area))
        kinds = {code: self.map.areas[code].kind for code in neighbours}
        found: list[Order] = []
        if unit.kind is UnitKind.GARRISON:
            found += [Move(power, me, code) for code in neighbours]
            found += [
                SupportHold(power, me, ref(u))
                for u in self.units
                if u.location in neighbours and u.kind is not UnitKind.GARRISON
            ]
        elif unit.kind is UnitKind.ARMY:
            found += [Move(power, me, c) for c in neighbours if kinds[c] is AreaKind.SEA]
            found.append(Convert(power, me, UnitKind.FLEET))
        else:
            found += [Move(power, me, c) for c in neighbours if kinds[c] is AreaKind.LAND]
            found.append(Convert(power, me, UnitKind.ARMY))
            if not self.at_sea(unit):
                armies = [u for u in self.units if u.kind is UnitKind.ARMY and u != unit]
                found += [Convoy(power, me, ref(a), area) for a in armies[:3]]
        if not fortified(self.map, area):
            found.append(Convert(power, me, UnitKind.GARRISON))
        if unit.kind is not UnitKind.GARRISON and self.garrison(area) is None:
            found.append(Besiege(power, me))  # an empty city, or none
        return found


def _attack(unit: Unit, board: MachiavelliBoard, rng: random.Random) -> None:
    dest = rng.choice(board.attacks(unit))
    board.orders[board.slot(unit)] = Move(unit.power, ref(unit), dest)


def _besiege(unit: Unit, board: MachiavelliBoard, rng: random.Random) -> None:
    board.orders[board.slot(unit)] = Besiege(unit.power, ref(unit))


def _support_siege(unit: Unit, board: MachiavelliBoard, rng: random.Random) -> None:
    """Support the hold of a unit naming its siege (`A FLO S A ARE B`): most often
    one ordered to besiege, when there is one."""
    targets = board.support_hold_targets(unit)
    besiegers = [u for u in targets if board.besieging(u)]
    if besiegers and rng.random() < COORDINATED:
        targets = besiegers
    target = rng.choice(targets)
    board.orders[board.slot(unit)] = SupportHold(unit.power, ref(unit), ref(target), siege=True)


def _convert(unit: Unit, board: MachiavelliBoard, rng: random.Random) -> None:
    to = rng.choice(board.conversions(unit))
    board.orders[board.slot(unit)] = Convert(unit.power, ref(unit), to)


def _support_convert(unit: Unit, board: MachiavelliBoard, rng: random.Random) -> None:
    pairs = board.support_convert_targets(unit)
    ordered = [(g, k) for g, k in pairs if board.orders.get(board.slot(g)) == _convert_of(g, k)]
    if ordered and rng.random() < COORDINATED:
        pairs = ordered
    garrison, to = rng.choice(pairs)
    board.orders[board.slot(unit)] = SupportConvert(unit.power, ref(unit), ref(garrison), to)


def _convert_of(unit: Unit, to: UnitKind) -> Convert:
    return Convert(unit.power, ref(unit), to)


def _stray(unit: Unit, board: MachiavelliBoard, rng: random.Random) -> None:
    board.orders[board.slot(unit)] = rng.choice(board.strays(unit))


MACHIAVELLI_KINDS: Mapping[str, OrderKind[MachiavelliBoard]] = {
    **CLASSIC_KINDS,
    "attack": OrderKind(MACHIAVELLI_WEIGHTS["attack"], lambda u, b: b.attacks(u), _attack),
    "besiege": OrderKind(
        MACHIAVELLI_WEIGHTS["besiege"], lambda u, b: b.siege_possible(u), _besiege
    ),
    "support_siege": OrderKind(
        MACHIAVELLI_WEIGHTS["support_siege"],
        lambda u, b: b.support_hold_targets(u),
        _support_siege,
    ),
    "convert": OrderKind(MACHIAVELLI_WEIGHTS["convert"], lambda u, b: b.conversions(u), _convert),
    "support_convert": OrderKind(
        MACHIAVELLI_WEIGHTS["support_convert"],
        lambda u, b: b.support_convert_targets(u),
        _support_convert,
    ),
    "stray": OrderKind(MACHIAVELLI_WEIGHTS["stray"], lambda u, b: b.strays(u), _stray),
}
"""Machiavelli's movement order kinds: the classic ones and its own."""


def random_machiavelli_movement_orders(
    state: MachiavelliState, game_map: GameMap, rng: random.Random
) -> list[Order]:
    """One random order for every unit of `state` but the autonomous garrisons,
    weighted by `MOVEMENT_WEIGHTS` and `MACHIAVELLI_WEIGHTS`, supports given last.
    A unit whose siege is running mostly besieges again (`SIEGE_KEPT`), so that
    cities surrender. Orders come sorted by slot."""
    board = MachiavelliBoard(state.units, game_map)
    for area, power in sorted(state.sieges.items()):
        unit = board.by_slot.get(area)
        if unit is not None and unit.power == power and rng.random() < SIEGE_KEPT:
            _besiege(unit, board, rng)
    return fill_orders(board, MACHIAVELLI_KINDS, rng, later=SUPPORTS)


def random_machiavelli_retreat_orders(
    state: MachiavelliState, game_map: GameMap, rng: random.Random
) -> list[Order]:
    """A retreat or disband for each dislodged unit, most often to a listed retreat."""
    return random_retreat_orders(state, game_map, rng, listed=LISTED_RETREAT)


def _random_purchase(
    state: MachiavelliState, game_map: GameMap, power: str, rng: random.Random
) -> Build | Waive:
    """A unit bought in a random home area of `power` (003 §1): an army, a fleet or a
    garrison, fit for the area or not; or a waive."""
    homes = state.homes.get(power, ())
    if not homes or rng.random() < WAIVE:
        return Waive(power)
    area = rng.choice(homes)
    fits = [UnitKind.GARRISON] if fortified(game_map, area) else []
    fits += [UnitKind.FLEET] if port(game_map, area) else []
    fits += [UnitKind.ARMY] if game_map.areas[area].kind is not AreaKind.SEA else []
    kind = rng.choice(fits) if fits and rng.random() < 0.85 else rng.choice(list(UnitKind))
    return Build(power, UnitRef(kind, area))


def random_machiavelli_adjustment_orders(
    state: MachiavelliState, game_map: GameMap, rng: random.Random
) -> list[Order]:
    """For each power: a random number of purchases up to the cities it controls
    beyond its units, or of removals up to its surplus (003 §1)."""
    return adjustment_orders(
        state,
        rng,
        balance=lambda power: balance(state, game_map, power),
        build=lambda power: _random_purchase(state, game_map, power, rng),
    )


def random_machiavelli_orders(
    state: MachiavelliState, game_map: GameMap, rng: random.Random
) -> list[Order]:
    """Random orders for whatever phase `state` is in."""
    match state.phase.kind:
        case PhaseKind.MOVEMENT:
            return random_machiavelli_movement_orders(state, game_map, rng)
        case PhaseKind.RETREAT:
            return random_machiavelli_retreat_orders(state, game_map, rng)
        case _:
            return random_machiavelli_adjustment_orders(state, game_map, rng)
