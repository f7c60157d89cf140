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

from adjudicator.kits.board.assignment import assign_orders, illegal, split_by_phase, units_by_area
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
    convoy_chain_exists,
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

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy)


@dataclass(frozen=True, slots=True)
class Planned:
    """One unit's order after checking: the resolver spec, or why it is void."""

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


class ConvoyIndex:
    """Convoy orders given by fleets at sea, by the army area they name, and
    the convoy routes the board allows."""

    def __init__(
        self, board: Mapping[str, Unit], orders: Mapping[str, UnitOrder], game_map: GameMap
    ):
        self.by_army: dict[str, list[tuple[str, str, str]]] = {}
        for area, order in orders.items():
            if isinstance(order, Convoy) and _convoy_problem(board[area], game_map) is None:
                army_area = split_location(order.convoyed.location)[0]
                dest = split_location(order.dest)[0]
                self.by_army.setdefault(army_area, []).append((area, dest, board[area].power))
        self.board_fleets = frozenset(
            a for a, u in board.items() if _convoy_problem(u, game_map) is None
        )
        self.neighbours = game_map.fleet_area_neighbours

    def route_exists(self, start: str, dest: str, fleets: frozenset[str]) -> bool:
        """Whether a chain of `fleets` joins `start` and `dest` (DATC 4.E.1: a convoy
        the board cannot carry makes the move illegal; 6.D.8, 6.D.32)."""
        return convoy_chain_exists(start, dest, fleets, self.neighbours)

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
        firsts = {f for f in fleets if start in self.neighbours(f)}
        lasts = {f for f in fleets if dest in self.neighbours(f)}
        inner = fleets - firsts - lasts
        forward = self._closure(firsts - lasts, inner, lasts)
        backward = self._closure(lasts - firsts, inner, firsts)
        return (firsts & lasts) | (forward & backward)

    def _closure(self, origins: set[str], inner: frozenset[str], ends: set[str]) -> set[str]:
        """`origins`, the inner fleets they reach through inner fleets, and the
        `ends` reached from any of those."""
        found = set(origins)
        frontier = list(origins)
        while frontier:
            current = frontier.pop()
            for nxt in self.neighbours(current):
                if nxt in found:
                    continue
                if nxt in inner:
                    found.add(nxt)
                    frontier.append(nxt)
                elif nxt in ends:
                    found.add(nxt)
        return found


def _convoy_problem(unit: Unit, game_map: GameMap) -> str | None:
    if unit.kind is not UnitKind.FLEET:
        return "only fleets convoy"
    if game_map.area(unit.location).kind is not AreaKind.SEA:
        return "only a fleet in a sea area may convoy"
    return None


def _plan_move(unit: Unit, order: Move, game_map: GameMap, convoys: ConvoyIndex) -> Planned:
    area = split_location(unit.location)[0]
    dest_area = split_location(order.dest)[0]
    if dest_area == area:
        return _void(unit, order, Reason.SAME_AREA, "a unit cannot move to its own area")
    if unit.kind is UnitKind.FLEET:
        if order.via_convoy:
            return _void(unit, order, Reason.ONLY_ARMIES_CONVOYED, "only armies can be convoyed")
        target = move_target(game_map, unit.kind, unit.location, order.dest)
        if target.location is None:
            reason = (
                Reason.BAD_COAST if target.ambiguous or "/" in order.dest else Reason.UNREACHABLE
            )
            return _void(unit, order, reason, target.problem or "")
        return Planned(unit, order, MoveSpec(area, dest_area), target=target.location)
    return _plan_army_move(unit, order, game_map, convoys, area, dest_area)


def _plan_army_move(
    unit: Unit, order: Move, game_map: GameMap, convoys: ConvoyIndex, area: str, dest_area: str
) -> Planned:
    dest = game_map.areas[dest_area]
    if dest.kind is AreaKind.SEA:
        return _void(
            unit, order, Reason.UNREACHABLE, f"an army cannot enter {dest.name}, a sea area"
        )
    adjacent = game_map.army_adjacent(area, dest_area)
    wants_convoy = order.via_convoy or convoys.own_fleet_intent(unit, area, dest_area)
    if adjacent and not wants_convoy:
        return Planned(unit, order, MoveSpec(area, dest_area), target=dest_area)
    if adjacent or convoys.route_exists(area, dest_area, convoys.board_fleets):
        return Planned(unit, order, MoveSpec(area, dest_area, convoy=True), target=dest_area)
    return _void(unit, order, Reason.UNREACHABLE, f"no route from {area} to {dest_area}")


def _void(unit: Unit, order: UnitOrder, reason: Reason, detail: str) -> Planned:
    area = split_location(unit.location)[0]
    return Planned(unit, order, HoldSpec(area), rejected=illegal(order, reason, unit, detail))


def _plan_support(
    unit: Unit, order: SupportHold | SupportMove, board: Mapping[str, Unit], game_map: GameMap
) -> Planned:
    area = split_location(unit.location)[0]
    target = split_location(order.supported.location)[0]
    if target == area:
        return _void(unit, order, Reason.SUPPORT_SELF, "a unit cannot support itself")
    if target not in board:
        return _void(unit, order, Reason.NOT_MATCHED, f"there is no unit in {target} to support")
    aimed_at = target if isinstance(order, SupportHold) else split_location(order.dest)[0]
    if not can_reach_area(game_map, unit.kind, unit.location, aimed_at):
        return _void(unit, order, Reason.SUPPORT_UNREACHABLE, f"{unit} cannot reach {aimed_at}")
    dest = None if isinstance(order, SupportHold) else aimed_at
    return Planned(unit, order, SupportSpec(area, target, dest))


def _plan_convoy(
    unit: Unit, order: Convoy, board: Mapping[str, Unit], game_map: GameMap
) -> Planned:
    area = split_location(unit.location)[0]
    problem = _convoy_problem(unit, game_map)
    if problem is not None:
        return _void(unit, order, Reason.CONVOY_NOT_AT_SEA, problem)
    army_area = split_location(order.convoyed.location)[0]
    army = board.get(army_area)
    if army is None:
        return _void(unit, order, Reason.NOT_MATCHED, f"there is no unit in {army_area} to convoy")
    if army.kind is not UnitKind.ARMY:
        return _void(unit, order, Reason.ONLY_ARMIES_CONVOYED, "only armies can be convoyed")
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
    return convoys.route_exists(move.area, move.dest, convoys.board_fleets - {fleet})


def plan_orders(
    state: GameState, orders: Sequence[Order], game_map: GameMap
) -> tuple[dict[str, Planned], list[OrderResult]]:
    """Check every order against the board; one `Planned` per unit, keyed by area."""
    board = units_by_area(state.units)
    movement, wrong_phase = split_by_phase(orders, MOVEMENT_ORDERS, "movement phase")
    assignment = assign_orders(board, movement)
    convoys = ConvoyIndex(board, assignment.orders, game_map)
    plans: dict[str, Planned] = {}
    for area, unit in board.items():
        order = assignment.orders.get(area)
        plans[area] = _plan_one(unit, order, board, game_map, convoys)
    for area, plan in list(plans.items()):
        if plan.rejected is None and not _matches(plan, plans, convoys):
            what = "support" if isinstance(plan.spec, SupportSpec) else "convoy"
            detail = f"the {what}ed unit was not ordered to do that"
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
    order: UnitOrder | None,
    board: Mapping[str, Unit],
    game_map: GameMap,
    convoys: ConvoyIndex,
) -> Planned:
    area = split_location(unit.location)[0]
    match order:
        case None:
            hold = Hold(unit.power, UnitRef(unit.kind, unit.location))
            return Planned(unit, hold, HoldSpec(area), defaulted=True)
        case Move():
            return _plan_move(unit, order, game_map, convoys)
        case SupportHold() | SupportMove():
            return _plan_support(unit, order, board, game_map)
        case Convoy():
            return _plan_convoy(unit, order, board, game_map)
        case _:
            return Planned(unit, order, HoldSpec(area))


def resolve_movement(
    state: GameState, orders: Sequence[Order], game_map: GameMap
) -> MovementOutcome:
    """Resolve a movement phase: results for every order and the board after it."""
    plans, extra_results = plan_orders(state, orders, game_map)
    contest = Contest(
        units={a: combatant(p.unit.power) for a, p in plans.items()},
        orders={a: p.spec for a, p in plans.items()},
        convoy_graph=game_map.fleet_area_neighbours,
    )
    verdict = adjudicate(contest)
    results = [_result(plan, verdict) for plan in plans.values()] + extra_results
    units, dislodged = _board_after(plans, contest.orders, verdict)
    standoffs = _standoffs(contest.orders, verdict, units)
    return MovementOutcome(
        tuple(sorted(units, key=lambda u: u.sort_key)), dislodged, standoffs, tuple(results)
    )


def _result(plan: Planned, verdict: Adjudication) -> OrderResult:
    if plan.rejected is not None:
        return plan.rejected
    ok, reason = spec_outcome(plan.spec, split_location(plan.unit.location)[0], verdict)
    if reason is Reason.HELD and plan.defaulted:
        reason = Reason.DEFAULT_HOLD
    return OrderResult(plan.order, Outcome.SUCCEEDS if ok else Outcome.FAILS, reason, plan.unit)


def _board_after(
    plans: Mapping[str, Planned], specs: Mapping[str, ResolverOrder], verdict: Adjudication
) -> tuple[list[Unit], tuple[Dislodged, ...]]:
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    for area, plan in plans.items():
        unit = plan.unit
        if isinstance(plan.spec, MoveSpec) and verdict.success[area]:
            assert plan.target is not None
            units.append(Unit(unit.power, unit.kind, plan.target))
        elif area in verdict.dislodged_by:
            attacker, via = dislodgement(area, specs, verdict)
            dislodged.append(Dislodged(unit, attacker, via))
        else:
            units.append(unit)
    return units, tuple(sorted(dislodged, key=lambda d: d.unit.sort_key))


def _standoffs(
    specs: Mapping[str, ResolverOrder], verdict: Adjudication, units: list[Unit]
) -> frozenset[str]:
    """Areas left empty where a move bounced (no retreat there: DATC 6.H)."""
    occupied = {split_location(u.location)[0] for u in units}
    return bounced_into(specs, verdict) - occupied
