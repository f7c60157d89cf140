"""The movement phase of Machiavelli (003 §3, §4.1, §4.2, §4.4), on the shared resolver.

Each unit's order is checked against the board and becomes one resolver
spec, keyed by the unit's slot (`board`): a move, a support, a convoy, or a
hold. Machiavelli's own orders map onto the same specs:

- a siege `B` (003 §3.3 B, §4.4) is a hold; if the besieger is not dislodged,
  the first turn begins the siege and a second `B` the next turn takes the
  city (its garrison surrenders). Any other order, or a dislodgement, lifts it;
- a conversion `=` (003 §3.3 F) is a move between a province and its city:
  into the city it is never opposed (the city is free); out of the city it
  attacks the province with strength 1 plus supports, so against an
  unsupported advance into the province neither happens (a standoff);
- a garrison supports only into its own area (003 §3.3 D), and since no
  advance attacks a city, its support is never cut.

Movement, support, convoy and standoff follow the DATC (rules README):
supports must match the supported order; a support is cut by any attack
except from the area it is aimed at; nobody dislodges his own unit; convoy
paradoxes fail by the Szykman rule (003 §4.2: the army stays). A power in
civil disorder holds with every unit and gives no support (003 §4.6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from adjudicator.kits.board.assignment import assign_orders, illegal, split_by_phase
from adjudicator.kits.board.convoys import AllBut, ConvoyIndex
from adjudicator.kits.board.resolver import (
    Adjudication,
    Combatant,
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
from adjudicator.kits.board.results import (
    Event,
    EventKind,
    OrderResult,
    Outcome,
    Reason,
    ResultReason,
)
from adjudicator.kits.board.state import Dislodged, Unit
from adjudicator.kits.board.verdicts import bounced_into, dislodgement, spec_outcome
from adjudicator.rulesets.machiavelli.advanced.rebellions import rebellion_support
from adjudicator.rulesets.machiavelli.advanced.specials import special_of, strength
from adjudicator.rulesets.machiavelli.board import (
    Board,
    city_slot,
    convoy_steps,
    fortified,
    port,
    reach_problem,
    slot_area,
    unit_slot,
)
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import AreaKind, GameMap
from orders.board.model import (
    Besiege,
    Convert,
    Convoy,
    Hold,
    Move,
    Order,
    SupportConvert,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitOrder,
    UnitRef,
)
from orders.machiavelli.local_names import area_name, power_label
from texts import N_, T_

MOVEMENT_ORDERS = (Hold, Move, SupportHold, SupportMove, Convoy, Besiege, Convert, SupportConvert)


@dataclass(frozen=True, slots=True)
class Plan:
    """One unit's order after checking: its resolver spec, or why it is void."""

    slot: str
    unit: Unit
    order: UnitOrder
    spec: ResolverOrder
    rejected: OrderResult | None = None
    defaulted: str = ""  # why the unit holds without an order of its own
    becomes: UnitKind | None = None  # a conversion's new kind
    besieging: bool = False


@dataclass(frozen=True, slots=True)
class MovementOutcome:
    """The board after the movement phase, before retreats."""

    units: tuple[Unit, ...]
    dislodged: tuple[Dislodged, ...]
    standoffs: frozenset[str]
    sieges: Mapping[str, str]
    results: tuple[OrderResult, ...]
    events: tuple[Event, ...]
    taken: frozenset[str] = frozenset()  # cities whose siege ended this turn (003 §4.4)


@dataclass(frozen=True)
class _Context:
    state: MachiavelliState
    board: Board
    game_map: GameMap
    convoys: ConvoyIndex

    def route_exists(self, army: Unit, dest: str, fleets: AbstractSet[str]) -> bool:
        steps = convoy_steps(self.game_map, self.state)(army.power)
        return convoy_chain_exists(army.location, dest, fleets, steps)


# --- planning ------------------------------------------------------------------------


def plan_orders(
    state: MachiavelliState, orders: Sequence[Order], game_map: GameMap, disorder: frozenset[str]
) -> tuple[dict[str, Plan], list[OrderResult]]:
    """Check every order against the board: one `Plan` per unit, keyed by slot."""
    board = Board.of(state.units)
    movement, wrong_phase = split_by_phase(orders, MOVEMENT_ORDERS, "movement phase")
    ignored = [o for o in movement if o.power in disorder]
    given = [o for o in movement if o.power not in disorder]
    assignment = assign_orders(board.units, given, key=board.order_slot)
    provinces = {s: u for s, u in board.units.items() if u.kind is not UnitKind.GARRISON}
    province_orders = {s: o for s, o in assignment.orders.items() if s in provinces}
    ctx = _Context(state, board, game_map, ConvoyIndex(provinces, province_orders, game_map))
    plans: dict[str, Plan] = {}
    for slot, unit in board.units.items():
        if unit.power == AUTONOMOUS:
            plans[slot] = _hold(slot, unit, T_("an autonomous garrison only defends itself"))
        elif unit.power in disorder:
            plans[slot] = _hold(slot, unit, T_("civil disorder: the unit holds"))
        elif (order := assignment.orders.get(slot)) is None:
            plans[slot] = _hold(slot, unit, T_("no order"))
        else:
            plans[slot] = _plan_one(slot, unit, order, ctx)
    for slot, plan in list(plans.items()):
        if plan.rejected is None and not _matches(plan, plans, ctx):
            plans[slot] = _void(
                plan.slot, plan.unit, plan.order, Reason.NOT_MATCHED, _mismatch(plan)
            )
    rejected = list(assignment.rejected) + wrong_phase
    rejected += [
        illegal(
            o,
            Reason.CIVIL_DISORDER,
            None,
            T_("{power} is in civil disorder", power=power_label(game_map, o.power)),
        )
        for o in ignored
    ]
    return plans, rejected


def _hold(slot: str, unit: Unit, why: str) -> Plan:
    hold = Hold(unit.power, UnitRef(unit.kind, unit.location))
    return Plan(slot, unit, hold, HoldSpec(slot), defaulted=why)


def _void(slot: str, unit: Unit, order: UnitOrder, reason: ResultReason, detail: str) -> Plan:
    """An order that cannot be carried out: the unit holds (003 §3.3 C)."""
    return Plan(slot, unit, order, HoldSpec(slot), rejected=illegal(order, reason, unit, detail))


def _plan_one(slot: str, unit: Unit, order: UnitOrder, ctx: _Context) -> Plan:
    match order:
        case Move():
            return _plan_move(slot, unit, order, ctx)
        case Besiege():
            return _plan_siege(slot, unit, order, ctx)
        case Convert():
            return _plan_conversion(slot, unit, order, ctx)
        case SupportHold() | SupportMove() | SupportConvert():
            return _plan_support(slot, unit, order, ctx)
        case Convoy():
            return _plan_convoy(slot, unit, order, ctx)
        case _:
            return Plan(slot, unit, order, HoldSpec(slot))


def _plan_move(slot: str, unit: Unit, order: Move, ctx: _Context) -> Plan:
    """003 §3.3 A; armies by land or by convoy, fleets by sea and coast (§3.2)."""
    dest = order.dest
    if unit.kind is UnitKind.GARRISON:
        return _void(
            slot, unit, order, MachiavelliReason.GARRISON_CANNOT_MOVE, T_("a garrison cannot move")
        )
    if dest == unit.location:
        return _void(slot, unit, order, Reason.SAME_AREA, T_("a unit cannot move to its own area"))
    if unit.kind is UnitKind.FLEET:
        if order.via_convoy:
            detail = T_("only armies go by convoy")
            return _void(slot, unit, order, Reason.ONLY_ARMIES_CONVOYED, detail)
        problem = reach_problem(ctx.game_map, ctx.state, unit, dest)
        if problem is not None:
            return _void(slot, unit, order, *problem)
        return Plan(slot, unit, order, MoveSpec(slot, dest))
    problem = reach_problem(ctx.game_map, ctx.state, unit, dest)
    if problem is not None and problem[0] is not Reason.UNREACHABLE:
        return _void(slot, unit, order, *problem)
    if ctx.game_map.areas[dest].kind is AreaKind.SEA:
        assert problem is not None
        return _void(slot, unit, order, *problem)
    wants_convoy = order.via_convoy or ctx.convoys.own_fleet_intent(unit, slot, dest)
    if problem is None and not wants_convoy:
        return Plan(slot, unit, order, MoveSpec(slot, dest))
    if problem is None or ctx.route_exists(unit, dest, ctx.convoys.board_fleets):
        return Plan(slot, unit, order, MoveSpec(slot, dest, convoy=True))
    detail = T_("no route from {start} to {dest}", start=slot, dest=dest)
    return _void(slot, unit, order, Reason.UNREACHABLE, detail)


def _plan_siege(slot: str, unit: Unit, order: Besiege, ctx: _Context) -> Plan:
    """003 §3.3 B: an army or fleet besieges an enemy garrison in its area's
    fortified city; a fleet only a city with a port (so only fleets besiege Venice).
    With the advanced rules, a player's army or fleet also besieges its own city
    risen in rebellion against it (CM-7.3-3, AM-30: two consecutive `B`)."""
    area = unit.location
    if unit.kind is UnitKind.GARRISON:
        return _void(slot, unit, order, Reason.WRONG_UNIT_KIND, T_("a garrison cannot besiege"))
    if not fortified(ctx.game_map, area):
        detail = T_("{area} has no fortified city", area=area)
        return _void(slot, unit, order, MachiavelliReason.NO_FORTIFIED_CITY, detail)
    garrison = ctx.board.garrison(area)
    rebel_city = garrison is None and _rebel_city(ctx.state, area, unit.power)
    if not rebel_city and (garrison is None or garrison.power == unit.power):
        detail = T_("no enemy garrison stands in the city of {area}", area=area)
        return _void(slot, unit, order, MachiavelliReason.NO_ENEMY_GARRISON, detail)
    if unit.kind is UnitKind.FLEET and not port(ctx.game_map, area):
        detail = T_("a fleet besieges only a city with a port; {area} has none", area=area)
        return _void(slot, unit, order, MachiavelliReason.NEEDS_PORT, detail)
    return Plan(slot, unit, order, HoldSpec(slot), besieging=True)


def conversion_problem(
    unit: Unit, to: UnitKind, board: Board, game_map: GameMap
) -> tuple[ResultReason, str] | None:
    """Why `unit` may not become `to` (003 §3.3 F, rules README), or None."""
    area = unit.location
    if not fortified(game_map, area):
        return (
            MachiavelliReason.NO_FORTIFIED_CITY,
            T_("conversions need a fortified city; {area} has none", area=area),
        )
    if to is unit.kind:
        return MachiavelliReason.BAD_CONVERSION, T_(_ALREADY[to])
    if UnitKind.GARRISON not in (to, unit.kind):
        return (
            MachiavelliReason.BAD_CONVERSION,
            T_("an army and a fleet convert into each other only through a garrison"),
        )
    if UnitKind.FLEET in (to, unit.kind) and not port(game_map, area):
        return (
            MachiavelliReason.NEEDS_PORT,
            T_("a conversion to or from a fleet needs a port; {area} has none", area=area),
        )
    if to is UnitKind.GARRISON and board.garrison(area) is not None:
        detail = T_("the city of {area} already holds a garrison", area=area)
        return MachiavelliReason.CITY_OCCUPIED, detail
    if to is UnitKind.ARMY and game_map.areas[area].kind is AreaKind.SEA:
        return (
            MachiavelliReason.BAD_CONVERSION,
            T_("an army cannot stand in {area}", area=area_name(game_map, area)),
        )
    return None


_ALREADY = {
    UnitKind.ARMY: N_("the unit already is an army"),
    UnitKind.FLEET: N_("the unit already is a fleet"),
    UnitKind.GARRISON: N_("the unit already is a garrison"),
}
"""Why a unit cannot convert into its own kind (003 §3.3 F)."""


def _plan_conversion(slot: str, unit: Unit, order: Convert, ctx: _Context) -> Plan:
    problem = conversion_problem(unit, order.to, ctx.board, ctx.game_map)
    if problem is not None:
        return _void(slot, unit, order, *problem)
    area = unit.location
    dest = city_slot(area) if order.to is UnitKind.GARRISON else area
    return Plan(slot, unit, order, MoveSpec(slot, dest), becomes=order.to)


def _plan_support(
    slot: str, unit: Unit, order: SupportHold | SupportMove | SupportConvert, ctx: _Context
) -> Plan:
    """003 §3.3 D: the supporter must be able to move where the support goes; a
    garrison supports only into its own area."""
    target = ctx.board.slot_of(order.supported)
    if target == slot:
        return _void(slot, unit, order, Reason.SUPPORT_SELF, T_("a unit cannot support itself"))
    if target not in ctx.board.units:
        detail = T_("there is no unit in {area} to support", area=order.supported.location)
        return _void(slot, unit, order, Reason.NOT_MATCHED, detail)
    aimed_at = order.dest if isinstance(order, SupportMove) else slot_area(target)
    if unit.kind is UnitKind.GARRISON:
        if aimed_at != unit.location:
            detail = T_("the garrison of {area} supports only into {area}", area=unit.location)
            return _void(slot, unit, order, MachiavelliReason.GARRISON_SUPPORT_OUTSIDE, detail)
    else:
        problem = reach_problem(ctx.game_map, ctx.state, unit, aimed_at)
        if problem is not None:
            why = Reason.SUPPORT_UNREACHABLE if problem[0] is Reason.UNREACHABLE else problem[0]
            detail = T_("{unit} could not move to {area}", unit=str(unit), area=aimed_at)
            return _void(slot, unit, order, why, detail)
    dest = None if isinstance(order, SupportHold) else aimed_at
    return Plan(slot, unit, order, SupportSpec(slot, target, dest))


def _plan_convoy(slot: str, unit: Unit, order: Convoy, ctx: _Context) -> Plan:
    """003 §3.3 E: only a fleet in a sea area convoys, and only an army."""
    if unit.kind is not UnitKind.FLEET or ctx.game_map.areas[slot].kind is not AreaKind.SEA:
        detail = T_("only a fleet at sea convoys")
        return _void(slot, unit, order, Reason.CONVOY_NOT_AT_SEA, detail)
    army = ctx.board.province(order.convoyed.location)
    if army is None:
        detail = T_("there is no unit in {area} to convoy", area=order.convoyed.location)
        return _void(slot, unit, order, Reason.NOT_MATCHED, detail)
    if army.kind is not UnitKind.ARMY:
        detail = T_("only armies are convoyed")
        return _void(slot, unit, order, Reason.ONLY_ARMIES_CONVOYED, detail)
    return Plan(slot, unit, order, ConvoySpec(slot, army.location, order.dest))


def _matches(plan: Plan, plans: Mapping[str, Plan], ctx: _Context) -> bool:
    """Whether a support or convoy matches what the named unit really does."""
    spec, order = plan.spec, plan.order
    if isinstance(spec, SupportSpec):
        other = plans[spec.target]
        if isinstance(order, SupportHold):
            if isinstance(other.spec, MoveSpec):
                return False
            return other.besieging or not order.siege
        if not (isinstance(other.spec, MoveSpec) and other.spec.dest == spec.dest):
            return False
        if isinstance(order, SupportConvert):
            return isinstance(other.order, Convert) and other.order.to is order.to
        if not isinstance(other.order, Move):
            return False
        if other.spec.convoy:  # the only route must not run through the supporter (DATC 6.D.31)
            return ctx.route_exists(
                other.unit, spec.dest, AllBut(ctx.convoys.board_fleets, plan.slot)
            )
        return True
    if isinstance(spec, ConvoySpec):
        other_spec = plans[spec.army].spec
        return (
            isinstance(other_spec, MoveSpec) and other_spec.convoy and other_spec.dest == spec.dest
        )
    return True


def _mismatch(plan: Plan) -> str:
    if isinstance(plan.spec, SupportSpec):
        return T_("the supported unit was not ordered to do that")
    return T_("the convoyed unit was not ordered to do that")


# --- resolving -------------------------------------------------------------------------


def resolve_movement(
    state: MachiavelliState, orders: Sequence[Order], game_map: GameMap, disorder: frozenset[str]
) -> MovementOutcome:
    """Resolve a movement phase: a result per order, the board, sieges and events."""
    plans, extra = plan_orders(state, orders, game_map, disorder)
    steps = convoy_steps(game_map, state)
    contest = Contest(
        units=_combatants(plans, state),
        orders={s: p.spec for s, p in plans.items()},
        convoy_graph=game_map.fleet_area_neighbours,
        convoy_steps_for=lambda army: steps(plans[army].unit.power),
        support_bonus=rebellion_support(state.rebellions),
    )
    verdict = adjudicate(contest)
    sieges = _sieges(state, plans, verdict)
    results = [_result(p, verdict, sieges.taken) for p in plans.values()] + extra
    units, dislodged = _board_after(plans, contest.orders, verdict, sieges.taken)
    return MovementOutcome(
        units=tuple(sorted(units)),
        dislodged=dislodged,
        standoffs=_standoffs(contest.orders, verdict, units),
        sieges=sieges.running,
        results=tuple(results),
        events=sieges.events,
        taken=sieges.taken,
    )


def _rebel_city(state: MachiavelliState, area: str, power: str) -> bool:
    """Whether the city of `area` has risen in rebellion against `power` (§7)."""
    return any(r.in_city and r.area == area and r.against == power for r in state.rebellions)


def _combatants(plans: Mapping[str, Plan], state: MachiavelliState) -> dict[str, Combatant]:
    """Each unit's owner and strength: 1, or a special unit's (AM-40)."""
    if not state.specials:
        return {s: combatant(p.unit.power) for s, p in plans.items()}
    return {
        s: combatant(p.unit.power, strength(special_of(p.unit, state))) for s, p in plans.items()
    }


@dataclass(frozen=True)
class _Sieges:
    running: Mapping[str, str]  # area -> besieger, after this turn
    taken: frozenset[str]  # areas whose city surrendered this turn
    events: tuple[Event, ...]


def _sieges(state: MachiavelliState, plans: Mapping[str, Plan], verdict: Adjudication) -> _Sieges:
    """003 §4.4: a siege is two consecutive `B` orders of an undislodged unit."""
    running: dict[str, str] = {}
    taken: set[str] = set()
    events: list[Event] = []
    for slot, plan in plans.items():
        if not plan.besieging or slot in verdict.dislodged_by:
            continue
        area, besieger = plan.unit.location, plan.unit.power
        city = plans.get(city_slot(area))
        garrison = city.unit if city is not None else None  # None: a rebel city (CM-7.3-3)
        if state.sieges.get(area) == besieger:
            taken.add(area)
            if garrison is not None:
                events.append(
                    Event(EventKind.CITY_SURRENDERED, garrison.power, area, garrison, besieger)
                )
        else:
            running[area] = besieger
            held_by = garrison.power if garrison is not None else None
            events.append(Event(EventKind.SIEGE_BEGUN, besieger, area, garrison, held_by))
    for area, besieger in sorted(state.sieges.items()):
        if area not in running and area not in taken:
            owner = plans.get(city_slot(area))
            events.append(
                Event(
                    EventKind.SIEGE_LIFTED,
                    besieger,
                    area,
                    None,
                    owner.unit.power if owner else None,
                )
            )
    return _Sieges(running, frozenset(taken), tuple(events))


def _result(plan: Plan, verdict: Adjudication, taken: frozenset[str]) -> OrderResult:
    if plan.unit.kind is UnitKind.GARRISON and plan.unit.location in taken:
        # it surrendered to the siege whatever it was ordered (003 §4.4)
        return OrderResult(plan.order, Outcome.FAILS, MachiavelliReason.CITY_TAKEN, plan.unit)
    if plan.rejected is not None:
        return plan.rejected
    ok, verdict_reason = spec_outcome(plan.spec, plan.slot, verdict)
    reason: ResultReason = verdict_reason
    if verdict_reason is Reason.MOVED and plan.becomes:
        reason = MachiavelliReason.CONVERTED
    elif verdict_reason is Reason.HELD and plan.besieging:
        taken_now = plan.unit.location in taken
        reason = MachiavelliReason.CITY_TAKEN if taken_now else MachiavelliReason.SIEGE_BEGUN
    elif verdict_reason is Reason.HELD and plan.defaulted:
        reason = Reason.DEFAULT_HOLD
    outcome = Outcome.SUCCEEDS if ok else Outcome.FAILS
    return OrderResult(plan.order, outcome, reason, plan.unit, plan.defaulted if ok else "")


def _board_after(
    plans: Mapping[str, Plan],
    specs: Mapping[str, ResolverOrder],
    verdict: Adjudication,
    taken: frozenset[str],
) -> tuple[list[Unit], tuple[Dislodged, ...]]:
    units: list[Unit] = []
    dislodged: list[Dislodged] = []
    for slot, plan in plans.items():
        unit = plan.unit
        spec = plan.spec
        if unit.kind is UnitKind.GARRISON and unit.location in taken:
            continue  # surrendered to the siege (003 §4.4)
        if isinstance(spec, MoveSpec) and verdict.success[slot]:
            kind = plan.becomes or unit.kind
            units.append(Unit(unit.power, kind, slot_area(spec.dest)))
        elif slot in verdict.dislodged_by:
            attacker, via = dislodgement(slot, specs, verdict)
            dislodged.append(Dislodged(unit, slot_area(attacker), via))
        else:
            units.append(unit)
    return units, tuple(sorted(dislodged, key=lambda d: d.unit.sort_key))


def _standoffs(
    specs: Mapping[str, ResolverOrder], verdict: Adjudication, units: list[Unit]
) -> frozenset[str]:
    """Provinces left empty where a move bounced: no retreat there (003 §4.1 A, D)."""
    occupied = {unit_slot(u) for u in units}
    return frozenset(b for b in bounced_into(specs, verdict) - occupied if slot_area(b) == b)
