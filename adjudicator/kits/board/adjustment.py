"""The adjustment phase: builds, removals and civil disorder (DATC 6.I, 6.J).

Each power may build as many units as it owns centres beyond its units, in
unoccupied home centres it still owns; it must remove units down to its
centre count. Excess orders are handled in the order written until the
allowance is used (DATC 4.D.4, 4.D.6). A fleet built in a split-coast area
needs its coast (4.B.7); a fleet cannot be built inland (4.C.4).

Civil disorder (2023 rules, DATC 3.0 6.J): removals the power did not order
are chosen by the greatest distance to a centre the power owns, counted over
every border for both unit kinds; at equal distance fleets go before armies,
then by area name in alphabetical order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.kits.board.assignment import illegal, split_by_phase, units_by_area
from adjudicator.kits.board.results import OrderResult, Outcome, Reason, ResultReason
from adjudicator.kits.board.state import GameState, Unit
from maps.model import AreaKind, GameMap, normalize_name, split_location
from orders.board.model import Build, Disband, Order, UnitKind, UnitRef, Waive
from orders.board.words import place_name, power_id
from texts import T_


class CivilDisorderRule(StrEnum):
    """How unordered removals are chosen."""

    DISTANCE_TO_OWNED = "distance_to_owned"  # 2023 rulebook, DATC 3.0
    DISTANCE_TO_HOME = "distance_to_home"  # pre-2023 rulebooks


@dataclass(frozen=True)
class AdjustmentOutcome:
    units: tuple[Unit, ...]
    results: tuple[OrderResult, ...]


def adjustment_balance(state: GameState, power: str) -> int:
    """Centres minus units: positive means builds, negative removals."""
    return len(state.centers_of(power)) - len(state.units_of(power))


def buildable_sites(state: GameState, power: str, game_map: GameMap) -> tuple[str, ...]:
    """Owned, unoccupied home centres of `power`."""
    return tuple(
        area
        for area in game_map.home_centers(power)
        if state.supply_centers.get(area) == power and state.unit_at(area) is None
    )


def needs_adjustment(state: GameState, game_map: GameMap) -> bool:
    """Whether any power has a removal to make or a build it could make."""
    for power in state.powers():
        balance = adjustment_balance(state, power)
        if balance < 0 or (balance > 0 and buildable_sites(state, power, game_map)):
            return True
    return False


@dataclass(frozen=True)
class AdjustmentRules:
    """What a ruleset's adjustment phase decides; the loop over orders is shared.

    `balance(power)`: units it may build (> 0) or must remove (< 0);
    `build_problem(power, ref, used)`: why a build is illegal (`used` holds the
    slots built on already), or None; `built(power, ref)`: the new unit;
    `slot(unit)`: the place a unit fills; `unit_for(ref)`: the unit a removal
    names; `removals(units, count)`: the units removed when the power did not
    say which, in order.
    """

    balance: Callable[[str], int]
    build_problem: Callable[[str, UnitRef, set[str]], tuple[ResultReason, str] | None]
    built: Callable[[str, UnitRef], Unit]
    slot: Callable[[Unit], str]
    unit_for: Callable[[UnitRef], Unit | None]
    removals: Callable[[Sequence[Unit], int], list[Unit]]


def resolve_adjustments(
    state: GameState, orders: Sequence[Order], game_map: GameMap, rule: CivilDisorderRule
) -> AdjustmentOutcome:
    """Carry out builds and removals for every power; civil disorder fills the gaps."""
    board = units_by_area(state.units)
    rules = AdjustmentRules(
        balance=lambda power: adjustment_balance(state, power),
        build_problem=lambda power, ref, used: _build_problem(state, power, ref, game_map, used),
        built=_built,
        slot=lambda unit: split_location(unit.location)[0],
        unit_for=lambda ref: board.get(split_location(ref.location)[0]),
        removals=lambda units, count: civil_disorder_removals(units, count, state, game_map, rule),
    )
    return adjust(state, orders, rules)


def adjust(state: GameState, orders: Sequence[Order], rules: AdjustmentRules) -> AdjustmentOutcome:
    """The adjustment phase under `rules`: each power's orders in the order written
    (DATC 4.D.4, 4.D.6), then the removals it left unsaid."""
    _, results = split_by_phase(orders, Build | Disband | Waive, "adjustment phase")
    units = dict.fromkeys(state.units)  # the board, in order (a dict: removals in O(1))
    powers = sorted(set(state.powers()) | {o.power for o in orders})
    for power in powers:
        mine = [o for o in orders if isinstance(o, Build | Disband | Waive) and o.power == power]
        balance = rules.balance(power)
        if balance >= 0:
            results.extend(_builds(power, mine, balance, rules, units))
        else:
            results.extend(_removals(power, mine, -balance, rules, units))
    return AdjustmentOutcome(tuple(sorted(units)), tuple(results))


def _built(power: str, ref: UnitRef) -> Unit:
    kind = ref.kind or UnitKind.ARMY
    location = ref.location if kind is UnitKind.FLEET else split_location(ref.location)[0]
    return Unit(power, kind, location)


def _builds(
    power: str,
    orders: list[Build | Disband | Waive],
    allowance: int,
    rules: AdjustmentRules,
    units: dict[Unit, None],
) -> list[OrderResult]:
    results = []
    used: set[str] = set()
    for order in orders:
        if isinstance(order, Disband):
            detail = T_("{power} has no unit to remove", power=power)
            results.append(illegal(order, Reason.NO_REMOVALS, None, detail))
            continue
        if allowance == 0:
            detail = T_("{power} has no build left", power=power)
            results.append(illegal(order, Reason.NO_BUILDS, None, detail))
            continue
        if isinstance(order, Waive):
            allowance -= 1
            results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.WAIVED))
            continue
        problem = rules.build_problem(power, order.unit, used)
        if problem is not None:
            results.append(illegal(order, problem[0], None, problem[1]))
            continue
        unit = rules.built(power, order.unit)
        units[unit] = None
        used.add(rules.slot(unit))
        allowance -= 1
        results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.BUILT, unit))
    return results


def _build_problem(
    state: GameState, power: str, ref: UnitRef, game_map: GameMap, used: set[str]
) -> tuple[Reason, str] | None:
    area_code, coast = split_location(ref.location)
    area = game_map.areas[area_code]
    name = place_name(area)
    who = power_id(game_map, power)
    if area.home_of != power:
        return Reason.NOT_HOME_CENTER, T_(
            "{area} is not a home centre of {power}", area=name, power=who
        )
    if state.supply_centers.get(area_code) != power:
        return Reason.CENTER_NOT_OWNED, T_("{power} does not own {area}", power=who, area=name)
    if state.unit_at(area_code) is not None or area_code in used:
        return Reason.CENTER_OCCUPIED, T_("{area} is occupied", area=name)
    kind = ref.kind or UnitKind.ARMY
    if kind is UnitKind.FLEET:
        if area.kind is not AreaKind.COAST:
            return Reason.WRONG_UNIT_KIND, T_(
                "a fleet cannot be built in {area}, inland", area=name
            )
        if area.coasts and coast not in area.coasts:
            coasts = ", ".join(area.coasts)
            return Reason.BAD_COAST, T_(
                "name the coast of {area}: {coasts}", area=name, coasts=coasts
            )
    elif kind is not UnitKind.ARMY:
        return Reason.WRONG_UNIT_KIND, T_("cannot build a garrison in this game")
    return None


def _removals(
    power: str,
    orders: list[Build | Disband | Waive],
    required: int,
    rules: AdjustmentRules,
    units: dict[Unit, None],
) -> list[OrderResult]:
    results = []
    for order in orders:
        if not isinstance(order, Disband):
            detail = T_("{power} must remove units, not build", power=power)
            results.append(illegal(order, Reason.NO_BUILDS, None, detail))
            continue
        area = split_location(order.unit.location)[0]
        unit = rules.unit_for(order.unit)
        if unit is None or unit not in units:
            detail = T_("there is no unit in {area} to remove", area=area)
            results.append(illegal(order, Reason.NO_UNIT, None, detail))
        elif unit.power != power:
            detail = T_("the unit in {area} belongs to {power}", area=area, power=unit.power)
            results.append(illegal(order, Reason.NOT_YOUR_UNIT, unit, detail))
        elif required == 0:
            detail = T_("{power} has no removal left", power=power)
            results.append(illegal(order, Reason.NO_REMOVALS, unit, detail))
        else:
            del units[unit]
            required -= 1
            results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.REMOVED, unit))
    remaining = [u for u in units if u.power == power]
    for unit in rules.removals(remaining, required):
        del units[unit]
        order = Disband(power, UnitRef(unit.kind, unit.location))
        results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.CIVIL_DISORDER, unit))
    return results


def civil_disorder_removals(
    units: Sequence[Unit], count: int, state: GameState, game_map: GameMap, rule: CivilDisorderRule
) -> list[Unit]:
    """The `count` units civil disorder removes, in removal order."""
    if count <= 0 or not units:
        return []
    power = units[0].power
    if rule is CivilDisorderRule.DISTANCE_TO_OWNED:
        targets = set(state.centers_of(power))
    else:
        targets = set(game_map.home_centers(power))
    return farthest_first(units, targets, game_map)[:count]


def farthest_first(units: Sequence[Unit], targets: set[str], game_map: GameMap) -> list[Unit]:
    """Units by distance to the nearest of `targets`, farthest first; at equal
    distance fleets first, then by area name, then by kind (DATC 3.0 6.J)."""
    distance = _distances_to(targets, game_map)

    def key(unit: Unit) -> tuple[int, int, str, str]:
        area = split_location(unit.location)[0]
        far = distance.get(area, len(game_map.areas))
        fleet_first = 0 if unit.kind is UnitKind.FLEET else 1
        return (-far, fleet_first, normalize_name(game_map.areas[area].name), unit.kind.value)

    return sorted(units, key=key)


def _distances_to(targets: set[str], game_map: GameMap) -> dict[str, int]:
    """Breadth-first distance of every area to the nearest target area, over all borders."""
    distance = {t: 0 for t in targets}
    queue = deque(targets)
    while queue:
        current = queue.popleft()
        for nxt in game_map.area_neighbours(current):
            if nxt not in distance:
                distance[nxt] = distance[current] + 1
                queue.append(nxt)
    return distance
