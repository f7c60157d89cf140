"""Board cases: what the engine gave against what a case expects.

`compare_start` checks a later phase's start (the engine's own state)
against the case's; `compare_expect` the phase's expectations (units,
dislodged, disbanded, control, sieges, retreats, next phase, winner);
`compare_results` each order's stated result and reason. Each returns
readable problems, `[]` when all agree; `describe_*` name orders and
results in reports.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from adjudicator.kits.board.results import (
    EventKind,
    OrderResult,
    Outcome,
    Reason,
    Resolution,
    ResultReason,
)
from adjudicator.kits.board.state import Dislodged, GameState, PhaseKind, Unit
from orders.board.model import Order, Retreat, UnitRef
from tests.caserunner.board.case import CaseOrder, UnitKey, keys_of


@dataclass(frozen=True)
class Given:
    """A case order after parsing: the order, or why the parser rejected it."""

    case_order: CaseOrder
    order: Order | None
    rejected: str = ""


# --- a later phase's start ---------------------------------------------------------


def compare_start(expected: GameState, got: GameState) -> list[str]:
    """The engine's next state against the state the case gives for that phase:
    phase id, units, dislodged units, and (Machiavelli) sieges and control."""
    problems = []
    if got.phase != expected.phase:
        problems.append(f"start phase: expected {expected.phase}, got {got.phase}")
    problems += diff_units("start units", keys_of(expected.units), keys_of(got.units))
    problems += diff_units("start dislodged", _dislodged_keys(expected), _dislodged_keys(got))
    problems += diff_units(
        "start sieges", _siege_keys(facts(expected, "sieges")), _siege_keys(facts(got, "sieges"))
    )
    problems += diff_units(
        "start control",
        _control_keys(facts(expected, "control")),
        _control_keys(facts(got, "control")),
    )
    return problems


def facts(state: GameState, name: str) -> Mapping[str, str]:
    """A ruleset's own area -> power facts on its state type (Machiavelli's
    `control` and `sieges`, `MachiavelliState`); none on a plain board."""
    found: Mapping[str, str] = getattr(state, name, {})
    return found


def _siege_keys(sieges: Mapping[str, str]) -> frozenset[UnitKey]:
    return frozenset((power, f"besieges {area}") for area, power in sieges.items())


def _control_keys(control: Mapping[str, str]) -> frozenset[UnitKey]:
    return frozenset((power, area) for area, power in control.items())


def _dislodged_keys(state: GameState) -> frozenset[UnitKey]:
    """Dislodged units with where the attack came from (area) and whether by convoy."""
    return frozenset(
        (
            d.unit.power,
            _dislodged_label(d),
        )
        for d in state.dislodged
    )


def _dislodged_label(dislodged: Dislodged) -> str:
    via = ", via convoy" if dislodged.via_convoy else ""
    return f"{dislodged.unit} (attacked from {area(dislodged.attacker_from)}{via})"


# --- comparing --------------------------------------------------------------------


def compare_expect(
    expect: Mapping[str, Any], before: GameState, resolution: Resolution[Any]
) -> list[str]:
    """Each expectation the case gives against what the engine produced."""
    problems: list[str] = []
    for key, expected in expect.items():
        if key in OBSERVED:
            problems += diff_units(key, expected, OBSERVED[key](before, resolution))
        else:
            problems += STATE_CHECKS[key](expected, resolution.state)
    return problems


def _check_control(expected: frozenset[UnitKey], state: GameState) -> list[str]:
    return diff_units("control", expected, _control_keys(facts(state, "control")))


def _check_sieges(expected: Mapping[str, str], state: GameState) -> list[str]:
    return diff_units("sieges", _siege_keys(expected), _siege_keys(facts(state, "sieges")))


def _check_next_phase(expected: str, state: GameState) -> list[str]:
    got = state.phase.id
    return [] if got == expected else [f"next_phase: expected {expected}, got {got}"]


def _check_retreats(expected: Mapping[UnitKey, tuple[str, ...]], state: GameState) -> list[str]:
    """The retreats the engine lists for each unit still dislodged after the phase."""
    got = {(d.unit.power, str(d.unit)): tuple(sorted(d.retreats)) for d in state.dislodged}
    return diff_units("retreats", _retreat_keys(expected), _retreat_keys(got))


def _retreat_keys(retreats: Mapping[UnitKey, tuple[str, ...]]) -> frozenset[UnitKey]:
    return frozenset(
        (power, f"{unit} -> [{', '.join(areas)}]") for (power, unit), areas in retreats.items()
    )


def _check_winner(expected: str | None, state: GameState) -> list[str]:
    got = state.winner
    return [] if got == expected else [f"winner: expected {expected}, got {got}"]


STATE_CHECKS: dict[str, Callable[[Any, GameState], list[str]]] = {
    "control": _check_control,
    "sieges": _check_sieges,
    "next_phase": _check_next_phase,
    "retreats": _check_retreats,
    "winner": _check_winner,
}


def _units(before: GameState, resolution: Resolution[Any]) -> frozenset[UnitKey]:
    return keys_of(resolution.state.units)


def _dislodged(before: GameState, resolution: Resolution[Any]) -> frozenset[UnitKey]:
    return keys_of(d.unit for d in resolution.state.dislodged)


TAKEN_OFF = (EventKind.DESTROYED, EventKind.CITY_SURRENDERED)
"""Board events that take a unit off the board in a movement phase (Machiavelli)."""


def _disbanded(before: GameState, resolution: Resolution[Any]) -> frozenset[UnitKey]:
    """Units taken off the board: dislodged units that did not retreat, removals;
    in a movement phase, units destroyed at once (no retreat, civil disorder) or
    surrendered to a siege."""
    if before.phase.kind == PhaseKind.MOVEMENT:
        return keys_of(
            e.unit for e in resolution.events if e.kind in TAKEN_OFF and e.unit is not None
        )
    if before.phase.kind == PhaseKind.RETREAT:
        return keys_of(
            d.unit for d in before.dislodged if not _retreated(d.unit, resolution.results)
        )
    if before.phase.kind == PhaseKind.ADJUSTMENT:
        return keys_of(set(before.units) - set(resolution.state.units))
    return frozenset()


def _retreated(unit: Unit, results: Iterable[OrderResult]) -> bool:
    return any(
        isinstance(r.order, Retreat)
        and r.succeeded
        and r.order.power == unit.power
        and area(r.order.unit.location) == area(unit.location)
        for r in results
    )


def _civil_disorder(before: GameState, resolution: Resolution[Any]) -> frozenset[UnitKey]:
    return frozenset(
        result_unit(r) for r in resolution.results if r.reason is Reason.CIVIL_DISORDER
    )


OBSERVED: dict[str, Callable[[GameState, Resolution[Any]], frozenset[UnitKey]]] = {
    "units": _units,
    "dislodged": _dislodged,
    "disbanded": _disbanded,
    "civil_disorder": _civil_disorder,
}


def compare_results(given: Sequence[Given], results: Sequence[OrderResult]) -> list[str]:
    """Each stated `result`/`reason` against the engine's result for that order.

    Results are matched to orders by equality; an order given twice takes
    the equal results in turn. An order the parser rejected counts as
    failed, with no reason from the engine.
    """
    unused = list(results)
    problems = []
    for one in given:
        got = _take_result(one, unused)
        problem = _result_problem(one.case_order, got)
        problems += [problem] if problem else []
    return problems


@dataclass(frozen=True)
class _Got:
    outcome: Outcome | None
    reason: ResultReason | None
    explanation: str


def _take_result(given: Given, unused: list[OrderResult]) -> _Got:
    if given.order is None:
        return _Got(Outcome.FAILS, None, f"rejected by the parser: {given.rejected}")
    for result in unused:
        if result.order == given.order:
            unused.remove(result)
            return _Got(result.outcome, result.reason, _reason_text(result))
    return _Got(None, None, "no result for this order")


def _result_problem(case_order: CaseOrder, got: _Got) -> str:
    expected = case_order.result
    wrong_outcome = expected is not None and got.outcome is not expected
    wanted_reason = case_order.reason
    wrong_reason = wanted_reason is not None and (
        got.reason is None or got.reason.value != wanted_reason
    )
    if not (wrong_outcome or wrong_reason):
        return ""
    wanted = " ".join(x for x in (expected.value if expected else None, wanted_reason) if x)
    outcome = got.outcome.value if got.outcome else "no result"
    return f"{case_order}: expected {wanted}, got {outcome} ({got.explanation})"


def _reason_text(result: OrderResult) -> str:
    return result.reason.value + (f": {result.detail}" if result.detail else "")


def diff_units(label: str, expected: frozenset[UnitKey], got: frozenset[UnitKey]) -> list[str]:
    """`[]` when equal, else one block naming what is missing and what is extra."""
    if expected == got:
        return []
    lines = [f"{label}:"]
    if missing := expected - got:
        lines.append(f"  expected, not got: {_list_units(missing)}")
    if extra := got - expected:
        lines.append(f"  got, not expected: {_list_units(extra)}")
    return ["\n".join(lines)]


def _list_units(keys: Iterable[UnitKey]) -> str:
    return ", ".join(f"{power} {unit}" for power, unit in sorted(keys))


# --- describing -----------------------------------------------------------------------


def describe_order(order: Order) -> str:
    """`move england unit=A NTH dest=PIC via_convoy=False` (source left out)."""
    parts = [type(order).__name__.lower(), order.power]
    parts += [
        f"{f.name}={getattr(order, f.name)}"
        for f in fields(order)
        if f.name not in ("power", "source")
    ]
    return " ".join(parts)


def describe_result(result: OrderResult) -> str:
    unit = f" [{result.unit.power} {result.unit}]" if result.unit else ""
    return (
        f"{describe_order(result.order)}{unit} -> {result.outcome.value} ({_reason_text(result)})"
    )


def result_unit(result: OrderResult) -> UnitKey:
    """The unit a result is about: its `unit`, else the unit its order names."""
    if result.unit is not None:
        return (result.unit.power, str(result.unit))
    ref = getattr(result.order, "unit", None)
    if not isinstance(ref, UnitRef):
        return (result.order.power, "?")
    kind = ref.kind.value if ref.kind else "?"
    return (result.order.power, f"{kind} {ref.location}")


def area(location: str) -> str:
    """`SPA/nc` -> `SPA`."""
    return location.partition("/")[0]
