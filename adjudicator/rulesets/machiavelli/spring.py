"""Spring in Machiavelli: control, then the adjustment of units (003 §1, §1.1).

Control is settled only at the start of spring (003 §1.1): a power's units,
and no other units, in an area (province or city) put its marker there; a
garrison of one power beside another power's army or fleet, or beside an
autonomous garrison, leaves the area with no controller; an empty area keeps
its marker. Seas take no marker, except Venice, a sea with a city.

Then each power's units must equal the cities it controls (003 §1): a power
with more units removes the surplus (those it does not name are chosen for
it: farthest from its controlled cities first); a power with fewer may buy
new units in the home areas it controls (an army in the province, a fleet in
the province of a port, a garrison in a free fortified city).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.kits.board.adjustment import (
    AdjustmentOutcome,
    AdjustmentRules,
    adjust,
    farthest_first,
)
from adjudicator.kits.board.results import Event, EventKind, Reason, ResultReason
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.board import Board, fortified, port, unit_slot
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import AreaKind, GameMap
from orders.board.model import Order, UnitKind, UnitRef
from orders.machiavelli.local_names import area_name, power_label
from texts import T_


def controllable(game_map: GameMap, area: str) -> bool:
    """Areas that take a control marker: land, and Venice (003 §1.1)."""
    found = game_map.areas[area]
    return found.kind is not AreaKind.SEA or found.city is not None


def settle_control(
    state: MachiavelliState, game_map: GameMap
) -> tuple[dict[str, str], tuple[Event, ...]]:
    """Control at the start of spring (003 §1.1), and the changes as events."""
    owners: dict[str, set[str]] = {}
    for unit in state.units:
        owners.setdefault(unit.location, set()).add(unit.power)
    control = dict(state.control)
    events: list[Event] = []
    for area in sorted(owners):
        if not controllable(game_map, area):
            continue
        present = owners[area]
        new = next(iter(present)) if len(present) == 1 and AUTONOMOUS not in present else None
        old = control.get(area)
        if new == old:
            continue
        if new is None:
            del control[area]
        else:
            control[area] = new
            events.append(Event(EventKind.CONTROL_GAINED, new, area, None, old))
        if old is not None:
            events.append(Event(EventKind.CONTROL_LOST, old, area, None, new))
    return control, tuple(events)


def cities_controlled(state: MachiavelliState, game_map: GameMap, power: str) -> tuple[str, ...]:
    """The cities (fortified or not) in the areas `power` controls (003 §1)."""
    return tuple(a for a in state.controlled_by(power) if game_map.areas[a].city is not None)


def units_of(state: MachiavelliState, power: str) -> tuple[Unit, ...]:
    return state.units_of(power)


def balance(state: MachiavelliState, game_map: GameMap, power: str) -> int:
    """Cities controlled minus units: builds allowed (> 0) or removals due (< 0)."""
    return len(cities_controlled(state, game_map, power)) - len(units_of(state, power))


def build_problem(
    state: MachiavelliState, game_map: GameMap, power: str, ref: UnitRef, used: set[str]
) -> tuple[ResultReason, str] | None:
    """Why `power` may not buy the unit `ref` (003 §1), or None."""
    area = game_map.areas[ref.location]
    name = area_name(game_map, ref.location)
    who = power_label(game_map, power)
    kind = ref.kind or UnitKind.ARMY
    if ref.location not in state.homes.get(power, ()):
        detail = T_("{area} is not a home area of {power}", area=name, power=who)
        return MachiavelliReason.NOT_HOME_AREA, detail
    if state.control.get(ref.location) != power:
        detail = T_("{power} does not control {area}", power=who, area=name)
        return MachiavelliReason.AREA_NOT_CONTROLLED, detail
    slot = unit_slot(Unit(power, kind, ref.location))
    if kind is UnitKind.GARRISON:
        standing = state.garrison_at(ref.location)
    else:
        standing = state.unit_at(ref.location)
        standing = standing if standing is not None and standing.location == slot else None
    if standing is not None or slot in used:
        if kind is UnitKind.GARRISON:
            detail = T_("the city of {area} is occupied", area=name)
        else:
            detail = T_("the province of {area} is occupied", area=name)
        return MachiavelliReason.AREA_OCCUPIED, detail
    if kind is UnitKind.GARRISON and not fortified(game_map, ref.location):
        return (
            MachiavelliReason.NO_FORTIFIED_CITY,
            T_("{area} has no fortified city for a garrison", area=name),
        )
    if kind is UnitKind.FLEET and not port(game_map, ref.location):
        return (
            MachiavelliReason.NEEDS_PORT,
            T_("a fleet is bought only in a port; {area} has none", area=name),
        )
    if kind is UnitKind.ARMY and area.kind is AreaKind.SEA:
        return Reason.WRONG_UNIT_KIND, T_("an army cannot stand in {area}", area=name)
    return None


def needs_adjustment(state: MachiavelliState, game_map: GameMap) -> bool:
    """Whether any power must remove units or may buy one somewhere."""
    for power in state.powers():
        due = balance(state, game_map, power)
        if due < 0:
            return True
        if due > 0 and any(
            build_problem(state, game_map, power, UnitRef(kind, area), set()) is None
            for area in state.homes.get(power, ())
            for kind in UnitKind
        ):
            return True
    return False


def resolve_adjustment(
    state: MachiavelliState, orders: Sequence[Order], game_map: GameMap
) -> AdjustmentOutcome:
    """The spring adjustment (003 §1)."""
    board = Board.of(state.units)

    def removals(units: Sequence[Unit], count: int) -> list[Unit]:
        if count <= 0 or not units:
            return []
        targets = set(cities_controlled(state, game_map, units[0].power))
        return farthest_first(units, targets, game_map)[:count]

    rules = AdjustmentRules(
        balance=lambda power: balance(state, game_map, power),
        build_problem=lambda power, ref, used: build_problem(state, game_map, power, ref, used),
        built=lambda power, ref: Unit(power, ref.kind or UnitKind.ARMY, ref.location),
        slot=unit_slot,
        unit_for=lambda ref: board.units.get(board.slot_of(ref)),
        removals=removals,
    )
    return adjust(state, orders, rules)


def standing_sieges(state: MachiavelliState) -> dict[str, str]:
    """The sieges whose besieger and besieged garrison are both still there
    (an adjustment may have removed either: 003 §1, §4.4)."""
    board = Board.of(state.units)
    kept = {}
    for area, besieger in state.sieges.items():
        unit, garrison = board.province(area), board.garrison(area)
        besieging = unit is not None and unit.power == besieger
        if besieging and garrison is not None and garrison.power != besieger:
            kept[area] = besieger
    return kept


def winner(state: MachiavelliState, game_map: GameMap, victory_cities: int) -> str | None:
    """The power controlling at least `victory_cities` cities, the most if several
    do (003: "Gana el juego quien controla al menos 18 ciudades"); a tie: none."""
    counts: Mapping[str, int] = {
        p: len(cities_controlled(state, game_map, p)) for p in state.powers()
    }
    leaders = sorted((c, p) for p, c in counts.items() if c >= victory_cities)
    if not leaders or (len(leaders) > 1 and leaders[-1][0] == leaders[-2][0]):
        return None
    return leaders[-1][1]
