"""The retreat phase (DATC 6.H; Diplomacy rules "Retreats").

A dislodged unit may retreat to an adjacent area that is empty, was not left
empty by a standoff, and is not the area its attacker came from, unless that
attacker was convoyed (DATC 4.A.5, 2023 rules). Two units retreating to one
area are both destroyed; a unit with no order or an illegal one is disbanded.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import TypeVar

from adjudicator.kits.board.assignment import assign_orders, illegal, split_by_phase
from adjudicator.kits.board.reach import move_target, reachable_locations
from adjudicator.kits.board.results import OrderResult, Outcome, Reason
from adjudicator.kits.board.state import Dislodged, GameState, Unit
from maps.model import GameMap, split_location
from orders.board.model import Disband, Order, Retreat, UnitRef
from texts import T_


@dataclass(frozen=True)
class RetreatOutcome:
    units: tuple[Unit, ...]
    results: tuple[OrderResult, ...]


def retreat_options(dislodged: Dislodged, state: GameState, game_map: GameMap) -> tuple[str, ...]:
    """Every location the dislodged unit may legally retreat to."""
    unit = dislodged.unit
    options: list[str] = []
    for area in _sorted_neighbours(game_map, split_location(unit.location)[0]):
        if retreat_blocker(dislodged, area, state) is None:
            options.extend(reachable_locations(game_map, unit.kind, unit.location, area))
    return tuple(options)


@lru_cache(maxsize=4096)
def _sorted_neighbours(game_map: GameMap, area: str) -> tuple[str, ...]:
    """The areas next to `area`, sorted (memoised: maps hash by identity)."""
    return tuple(sorted(game_map.area_neighbours(area)))


def with_retreat_options(state: GameState, game_map: GameMap) -> tuple[Dislodged, ...]:
    """The state's dislodged units, each with the retreats it may take, for the
    players' report and the GM's state file."""
    return tuple(replace(d, retreats=retreat_options(d, state, game_map)) for d in state.dislodged)


def retreat_blocker(dislodged: Dislodged, area: str, state: GameState) -> tuple[Reason, str] | None:
    """Why `area` cannot take the retreat whatever the map says: it is occupied,
    the attack came from it (not by convoy: DATC 4.A.5), or a standoff left it
    empty."""
    if state.unit_at(area) is not None:
        return Reason.RETREAT_OCCUPIED, T_("{area} is occupied", area=area)
    if area == dislodged.attacker_from and not dislodged.via_convoy:
        return Reason.RETREAT_TO_ATTACKER, T_("the attack came from {area}", area=area)
    if area in state.standoffs:
        return Reason.RETREAT_TO_STANDOFF, T_("{area} was left empty by a standoff", area=area)
    return None


StateT = TypeVar("StateT", bound=GameState)

RetreatCheck = Callable[[Dislodged, Retreat, StateT, GameMap], "OrderResult | str"]
"""Where a retreat lands (a location), or the failed result saying why it cannot
(on the ruleset's state: Machiavelli's knows the areas out of play)."""


def resolve_retreats(
    state: StateT,
    orders: Sequence[Order],
    game_map: GameMap,
    check: RetreatCheck[StateT] | None = None,
) -> RetreatOutcome:
    """Resolve the retreat phase: the board after it and a result per dislodged unit.

    `check` decides each retreat order (default: standard Diplomacy's rules);
    two units retreating to one area are both destroyed, a unit without a
    retreat order is disbanded."""
    decide: RetreatCheck[StateT] = check or _check_retreat
    waiting = {split_location(d.unit.location)[0]: d for d in state.dislodged}
    retreat_orders, results = split_by_phase(orders, Retreat | Disband, "retreat phase")
    assignment = assign_orders({a: d.unit for a, d in waiting.items()}, retreat_orders)
    for rejected in assignment.rejected:
        area = split_location(rejected.order.unit.location)[0]  # type: ignore[union-attr]
        if rejected.reason is Reason.NO_UNIT and state.unit_at(area) is not None:
            detail = T_("the unit in {area} was not dislodged", area=area)
            rejected = illegal(rejected.order, Reason.NOT_DISLODGED, None, detail)
        results.append(rejected)
    moving: dict[str, list[tuple[Dislodged, Retreat, str]]] = {}
    for area, dislodged in waiting.items():
        order = assignment.orders.get(area)
        unit = dislodged.unit
        if order is None:
            default = Disband(unit.power, UnitRef(unit.kind, unit.location))
            detail = T_("no retreat ordered")
            results.append(OrderResult(default, Outcome.SUCCEEDS, Reason.DESTROYED, unit, detail))
        elif isinstance(order, Disband):
            results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.DISBANDED, unit))
        else:
            assert isinstance(order, Retreat)
            checked = decide(dislodged, order, state, game_map)
            if isinstance(checked, OrderResult):
                results.append(checked)
            else:
                moving.setdefault(split_location(checked)[0], []).append(
                    (dislodged, order, checked)
                )
    units = list(state.units)
    for contenders in moving.values():
        if len(contenders) == 1:
            dislodged, order, location = contenders[0]
            units.append(Unit(dislodged.unit.power, dislodged.unit.kind, location))
            results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.RETREATED, dislodged.unit))
        else:
            for dislodged, order, _ in contenders:
                results.append(
                    OrderResult(
                        order,
                        Outcome.FAILS,
                        Reason.RETREAT_CLASH,
                        dislodged.unit,
                        T_("two units retreated to one area"),
                    )
                )
    return RetreatOutcome(tuple(sorted(units)), tuple(results))


def _check_retreat(
    dislodged: Dislodged, order: Retreat, state: GameState, game_map: GameMap
) -> OrderResult | str:
    """The location a retreat lands on, or the failed result saying why it cannot."""
    unit = dislodged.unit
    dest_area = split_location(order.dest)[0]
    target = move_target(game_map, unit.kind, unit.location, order.dest)
    if dest_area == split_location(unit.location)[0] or target.location is None:
        reason = Reason.BAD_COAST if target.ambiguous else Reason.UNREACHABLE
        return illegal(order, reason, unit, target.problem or T_("cannot retreat there"))
    problem = retreat_blocker(dislodged, dest_area, state)
    if problem is not None:
        return illegal(order, problem[0], unit, problem[1])
    return target.location
