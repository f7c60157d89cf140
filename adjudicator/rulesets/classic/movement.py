"""The movement phase of standard Diplomacy, on the shared resolver.

Orders are first checked against the board (DATC 6.A, 6.B, 4.E.1: an
illegal order is ignored and the unit holds), then turned into resolver
specs, resolved (`adjudicator.kits.board.resolver`) and turned back into per-order
results and the next state.

Convoy intent follows the 2023 rules (DATC 4.A.3): an army moving to an
adjacent area goes by convoy only when ordered "via convoy" or when a fleet
of its own power orders to convoy it; otherwise it moves over land. A move
that chose a convoy does not fall back to the land route when the convoy
fails (DATC 3.0, 6.G.8).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from adjudicator.kits.board.assignment import assign_orders, illegal, split_by_phase, units_by_area
from adjudicator.kits.board.convoys import ConvoyIndex, convoy_problem
from adjudicator.kits.board.reach import can_reach_area, move_target
from adjudicator.kits.board.resolver import (
    Adjudication,
    Contest,
    ConvoySpec,
    HoldSpec,
    MoveSpec,
    ResolverOrder,
    SupportSpec,
    adjudicate,
    combatant,
)
from adjudicator.kits.board.results import OrderResult, Outcome, Reason
from adjudicator.kits.board.state import Dislodged, GameState, Unit
from adjudicator.kits.board.verdicts import bounced_into, dislodgement, spec_outcome
from maps.model import AreaKind, GameMap, split_location
from orders.board.model import (
    Convoy,
    Hold,
    Move,
    Order,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitOrder,
    UnitRef,
)
from orders.board.words import place_name
from texts import T_, Text

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)
MATCHED_SPECS = (SupportSpec, ConvoySpec)
"""Specs checked against the named unit's own order once every unit is planned."""


class Planned(NamedTuple):
    """One unit's order after checking: the resolver spec, or why it is void.

    A named tuple (immutable, and cheaper to build than a frozen dataclass: one
    is made per unit and phase)."""

    unit: Unit
    order: UnitOrder
    spec: ResolverOrder
    rejected: OrderResult | None = None
    target: str | None = None  # where a move lands (location, with coast)
    defaulted: bool = False


@dataclass(frozen=True, slots=True)
class MovementOutcome:
    """What the movement phase produced, before the calendar moves on."""

    units: tuple[Unit, ...]
    dislodged: tuple[Dislodged, ...]
    standoffs: frozenset[str]
    results: tuple[OrderResult, ...]


def _plan_move(
    unit: Unit, area: str, order: Move, game_map: GameMap, convoys: ConvoyIndex
) -> Planned:
    dest_area = split_location(order.dest)[0]
    if dest_area == area:
        detail = T_("a unit cannot move to its own area")
        return _void(unit, area, order, Reason.SAME_AREA, detail)
    if unit.kind is UnitKind.FLEET:
        if order.via_convoy:
            detail = T_("only armies can be convoyed")
            return _void(unit, area, order, Reason.ONLY_ARMIES_CONVOYED, detail)
        target = move_target(game_map, unit.kind, unit.location, order.dest)
        if target.location is None:
            reason = (
                Reason.BAD_COAST if target.ambiguous or "/" in order.dest else Reason.UNREACHABLE
            )
            return _void(unit, area, order, reason, target.problem or "")
        return Planned(unit, order, MoveSpec(area, dest_area), target=target.location)
    return _plan_army_move(unit, order, game_map, convoys, area, dest_area)


def _plan_army_move(
    unit: Unit, order: Move, game_map: GameMap, convoys: ConvoyIndex, area: str, dest_area: str
) -> Planned:
    dest = game_map.areas[dest_area]
    if dest.kind is AreaKind.SEA:
        detail = T_("an army cannot enter {area}, a sea area", area=place_name(dest))
        return _void(unit, area, order, Reason.UNREACHABLE, detail)
    adjacent = game_map.army_adjacent(area, dest_area)
    wants_convoy = order.via_convoy or convoys.own_fleet_intent(unit, area, dest_area)
    if adjacent and not wants_convoy:
        return Planned(unit, order, MoveSpec(area, dest_area), target=dest_area)
    if adjacent or convoys.route_exists(area, dest_area, convoys.board_fleets):
        return Planned(unit, order, MoveSpec(area, dest_area, convoy=True), target=dest_area)
    detail = T_("no route from {area} to {dest}", area=area, dest=dest_area)
    return _void(unit, area, order, Reason.UNREACHABLE, detail)


def _void(unit: Unit, area: str, order: UnitOrder, reason: Reason, detail: str) -> Planned:
    """An illegal order: the unit in `area` holds (DATC 4.E.1)."""
    return Planned(unit, order, HoldSpec(area), rejected=illegal(order, reason, unit, detail))


def _plan_support(
    unit: Unit,
    area: str,
    order: SupportHold | SupportMove,
    board: Mapping[str, Unit],
    game_map: GameMap,
) -> Planned:
    target = split_location(order.supported.location)[0]
    if target == area:
        detail = T_("a unit cannot support itself")
        return _void(unit, area, order, Reason.SUPPORT_SELF, detail)
    if target not in board:
        detail = T_("there is no unit in {area} to support", area=target)
        return _void(unit, area, order, Reason.NOT_MATCHED, detail)
    aimed_at = target if isinstance(order, SupportHold) else split_location(order.dest)[0]
    if not can_reach_area(game_map, unit.kind, unit.location, aimed_at):
        detail = T_("{unit} cannot reach {area}", unit=str(unit), area=aimed_at)
        return _void(unit, area, order, Reason.SUPPORT_UNREACHABLE, detail)
    dest = None if isinstance(order, SupportHold) else aimed_at
    return Planned(unit, order, SupportSpec(area, target, dest))


def _plan_convoy(
    unit: Unit, area: str, order: Convoy, board: Mapping[str, Unit], game_map: GameMap
) -> Planned:
    problem = convoy_problem(unit, game_map)
    if problem is not None:
        return _void(unit, area, order, Reason.CONVOY_NOT_AT_SEA, problem)
    army_area = split_location(order.convoyed.location)[0]
    army = board.get(army_area)
    if army is None:
        detail = T_("there is no unit in {area} to convoy", area=army_area)
        return _void(unit, area, order, Reason.NOT_MATCHED, detail)
    if army.kind is not UnitKind.ARMY:
        detail = T_("only armies can be convoyed")
        return _void(unit, area, order, Reason.ONLY_ARMIES_CONVOYED, detail)
    return Planned(unit, order, ConvoySpec(area, army_area, split_location(order.dest)[0]))


def _matches(plan: Planned, plans: Mapping[str, Planned], convoys: ConvoyIndex) -> bool:
    """Whether a support or convoy matches what the named unit really does."""
    spec = plan.spec
    order = plan.order
    if isinstance(spec, SupportSpec):
        other = plans[spec.target].spec
        if spec.dest is None:
            return not isinstance(other, MoveSpec)
        if not (isinstance(other, MoveSpec) and other.dest == spec.dest):
            return False
        if other.convoy and not _route_without(convoys, other, spec.area):
            return False  # the only route runs through the supporter (DATC 6.D.31)
        assert isinstance(order, SupportMove)
        coast = split_location(order.dest)[1]
        landed = plans[spec.target].target or ""
        return coast is None or split_location(landed)[1] in (None, coast)
    if isinstance(spec, ConvoySpec):
        other = plans[spec.army].spec
        return isinstance(other, MoveSpec) and other.convoy and other.dest == spec.dest
    return True


def _route_without(convoys: ConvoyIndex, move: MoveSpec, fleet: str) -> bool:
    """Whether a convoy route for `move` exists that does not need `fleet`."""
    return convoys.route_without(move.area, move.dest, fleet)


def plan_orders(
    state: GameState, orders: Sequence[Order], game_map: GameMap
) -> tuple[dict[str, Planned], list[OrderResult]]:
    """Check every order against the board; one `Planned` per unit, keyed by area."""
    board = units_by_area(state.units)
    movement, wrong_phase = split_by_phase(orders, MOVEMENT_ORDERS, "movement phase")
    assignment = assign_orders(board, movement)
    convoys = ConvoyIndex(board, assignment.orders, game_map)
    plans: dict[str, Planned] = {}
    to_match: list[str] = []  # supports and convoys, checked once every unit is planned
    for area, unit in board.items():
        plan = _plan_one(unit, area, assignment.orders.get(area), board, game_map, convoys)
        plans[area] = plan
        if plan.rejected is None and isinstance(plan.spec, MATCHED_SPECS):
            to_match.append(area)
    for area in to_match:
        plan = plans[area]
        if not _matches(plan, plans, convoys):
            detail: Text = (
                T_("the supported unit was not ordered to do that")
                if isinstance(plan.spec, SupportSpec)
                else T_("the convoyed unit was not ordered to do that")
            )
            plans[area] = Planned(
                plan.unit,
                plan.order,
                HoldSpec(area),
                rejected=OrderResult(
                    plan.order, Outcome.FAILS, Reason.NOT_MATCHED, plan.unit, detail
                ),
            )
    return plans, list(assignment.rejected) + wrong_phase


def _plan_one(
    unit: Unit,
    area: str,
    order: UnitOrder | None,
    board: Mapping[str, Unit],
    game_map: GameMap,
    convoys: ConvoyIndex,
) -> Planned:
    """The plan of the unit in `area`: a unit without an order holds."""
    match order:
        case None:
            hold = Hold(unit.power, UnitRef(unit.kind, unit.location))
            return Planned(unit, hold, HoldSpec(area), defaulted=True)
        case Move():
            return _plan_move(unit, area, order, game_map, convoys)
        case SupportHold() | SupportMove():
            return _plan_support(unit, area, order, board, game_map)
        case Convoy():
            return _plan_convoy(unit, area, order, board, game_map)
        case _:
            return Planned(unit, order, HoldSpec(area))


def resolve_movement(
    state: GameState, orders: Sequence[Order], game_map: GameMap
) -> MovementOutcome:
    """Resolve a movement phase: results for every order and the board after it."""
    plans, extra_results = plan_orders(state, orders, game_map)
    specs = {a: p.spec for a, p in plans.items()}
    contest = Contest(
        units={a: combatant(p.unit.power) for a, p in plans.items()},
        orders=specs,
        convoy_graph=game_map.fleet_area_neighbours,
    )
    verdict = adjudicate(contest)
    results: list[OrderResult] = []
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    for area, plan in plans.items():
        results.append(_result(area, plan, verdict))
        unit = plan.unit
        if plan.target is not None and verdict.success[area]:
            units.append(Unit(unit.power, unit.kind, plan.target))  # it moved
        elif area in verdict.dislodged_by:
            attacker, via = dislodgement(area, specs, verdict)
            dislodged.append(Dislodged(unit, attacker, via))
        else:
            units.append(unit)
    units.sort(key=_unit_order)
    dislodged.sort(key=lambda d: _unit_order(d.unit))
    return MovementOutcome(
        tuple(units), tuple(dislodged), _standoffs(specs, verdict, units), (*results, *extra_results)
    )


def _unit_order(unit: Unit) -> tuple[str, str, str]:
    """`Unit`'s own order (`<`), cheaper as a sort key."""
    return unit.sort_key


def _result(area: str, plan: Planned, verdict: Adjudication) -> OrderResult:
    if plan.rejected is not None:
        return plan.rejected
    ok, reason = spec_outcome(plan.spec, area, verdict)
    if reason is Reason.HELD and plan.defaulted:
        reason = Reason.DEFAULT_HOLD
    return OrderResult(plan.order, Outcome.SUCCEEDS if ok else Outcome.FAILS, reason, plan.unit)


def _standoffs(
    specs: Mapping[str, ResolverOrder], verdict: Adjudication, units: list[Unit]
) -> frozenset[str]:
    """Areas left empty where a move bounced (no retreat there: DATC 6.H)."""
    bounced = bounced_into(specs, verdict)
    if not bounced:
        return frozenset()
    occupied = {split_location(u.location)[0] for u in units}
    return bounced - occupied
