"""Dislodged units and the retreat phase of Machiavelli (003 §4.3, §4.6).

At the end of the movement phase each dislodged army or fleet is settled:

- in an area whose fortified city is free, it becomes the city's garrison
  at once, with or without a port (003 §4.3);
- a unit of a power in civil disorder is destroyed (003 §4.6);
- a unit with nowhere to go is destroyed (003 §4.3);
- any other waits for its retreat order, with its legal destinations listed.

A unit retreats only where it could move (003 §4.3): not to the area its
attacker came from (unless the attack was convoyed: rules README), not to an
area left empty by a standoff (§4.1 A, D), not to an occupied province, never
by convoy, never to an area out of play. A garrison in the destination's city
does not block it. Two units retreating to one area are both destroyed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from adjudicator.kits.board.assignment import illegal
from adjudicator.kits.board.results import Event, EventKind, OrderResult, Reason, ResultReason
from adjudicator.kits.board.retreat import RetreatOutcome, resolve_retreats, retreat_blocker
from adjudicator.kits.board.state import Dislodged, Unit
from adjudicator.rulesets.machiavelli.board import fortified, reach_problem
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps.model import GameMap
from orders.board.model import Order, Retreat, UnitKind
from texts import T_


@dataclass(frozen=True)
class Settled:
    """The board once dislodged units that need no retreat order are settled."""

    units: tuple[Unit, ...]
    dislodged: tuple[Dislodged, ...]
    events: tuple[Event, ...]


def retreat_problem(
    dislodged: Dislodged, dest: str, state: MachiavelliState, game_map: GameMap
) -> tuple[ResultReason, str] | None:
    """Why the dislodged unit may not retreat to `dest`, or None (003 §4.3)."""
    unit = dislodged.unit
    if dest == unit.location:
        return Reason.SAME_AREA, T_("a unit cannot retreat to where it is")
    return reach_problem(game_map, state, unit, dest) or retreat_blocker(dislodged, dest, state)


def retreat_options(
    dislodged: Dislodged, state: MachiavelliState, game_map: GameMap
) -> tuple[str, ...]:
    """Every area the dislodged unit may retreat to, sorted."""
    return tuple(
        area
        for area in sorted(game_map.area_neighbours(dislodged.unit.location))
        if retreat_problem(dislodged, area, state, game_map) is None
    )


def settle_dislodged(
    state: MachiavelliState, game_map: GameMap, disorder: frozenset[str]
) -> Settled:
    """Settle `state.dislodged` (the board after movement): garrison, destroy, or wait."""
    units = list(state.units)
    waiting: list[Dislodged] = []
    events: list[Event] = []
    for dislodged in state.dislodged:
        unit = dislodged.unit
        area = unit.location
        if fortified(game_map, area) and state.garrison_at(area) is None:
            garrison = Unit(unit.power, UnitKind.GARRISON, area)
            units.append(garrison)
            events.append(Event(EventKind.BECAME_GARRISON, unit.power, area, unit))
            continue
        if unit.power in disorder:
            events.append(Event(EventKind.DESTROYED, unit.power, area, unit, "civil_disorder"))
            continue
        options = retreat_options(dislodged, state, game_map)
        if not options:
            events.append(Event(EventKind.DESTROYED, unit.power, area, unit, "no_retreat"))
            continue
        waiting.append(replace(dislodged, retreats=options))
    return Settled(tuple(sorted(units)), tuple(waiting), tuple(events))


def _check_retreat(
    dislodged: Dislodged, order: Retreat, state: MachiavelliState, game_map: GameMap
) -> OrderResult | str:
    problem = retreat_problem(dislodged, order.dest, state, game_map)
    if problem is not None:
        return illegal(order, problem[0], dislodged.unit, problem[1])
    return order.dest


def resolve_machiavelli_retreats(
    state: MachiavelliState, orders: Sequence[Order], game_map: GameMap
) -> RetreatOutcome:
    """The retreat phase: each dislodged unit retreats, disbands, or is destroyed."""
    return resolve_retreats(state, orders, game_map, check=_check_retreat)
