"""Conformance cases as data: load a case file and run it against a ruleset.

A case (format: `tests/cases/README.md`) is a list of phases, each with a
start state, orders per power and the expected outcome. `run_case` plays
the phases in order through an `Engine` (a parser and a phase resolver
bound to one map) and returns a `CaseReport` whose `render()` is a readable
diff: which phase, expected against got, each order's result and reason.

Nothing here knows a particular ruleset; `default_engine` looks the
ruleset and map up by name, so a new ruleset only adds case files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import EventKind, OrderResult, Outcome, Reason, Resolution
from adjudicator.kits.board.rules import BoardRules
from adjudicator.kits.board.state import Dislodged, GameState, PhaseKind, Unit
from maps.model import GameMap
from orders.board.model import Order, OrderSet, Retreat, UnitRef
from orders.issues import IssueKind, OrderIssue
from tests.rulesets import board_rules

UnitKey = tuple[str, str]
"""A unit as the cases compare it: (power, `A LON`)."""

CASE_KEYS = (
    {"id", "ruleset", "rule", "title", "phases"},
    {"preferences", "notes", "map", "options"},
)
PHASE_KEYS = ({"phase", "state", "orders", "expect"}, {"situation"})
ORDER_KEYS = ({"order"}, {"result", "reason", "text", "synthetic"})
UNIT_EXPECT_KEYS = {"units", "dislodged", "disbanded", "civil_disorder"}
STATE_EXPECT_KEYS = {"control", "sieges", "next_phase", "retreats", "winner"}
EXPECT_KEYS = ({"units"}, (UNIT_EXPECT_KEYS | STATE_EXPECT_KEYS) - {"units"})


class CaseFormatError(ValueError):
    """A case file that does not follow the case format; names the file and key."""


# --- the case, as loaded ---------------------------------------------------------


@dataclass(frozen=True)
class CaseOrder:
    """One order line of a case and what it should come to."""

    power: str
    order: str
    text: str | None = None
    result: Outcome | None = None
    reason: str | None = None
    synthetic: bool = False

    def __str__(self) -> str:
        return f"{self.power} {self.order}"


@dataclass(frozen=True)
class CasePhase:
    """One phase: start state, orders, expected end (only the keys given are checked)."""

    phase: str
    state: GameState
    orders: tuple[CaseOrder, ...]
    expect: Mapping[str, Any]  # unit keys -> frozenset[UnitKey]; others: see `_expect`
    situation: str | None = None

    @property
    def kind(self) -> PhaseKind:
        return self.state.phase.kind


@dataclass(frozen=True)
class Case:
    """A conformance case: the rule it comes from and its phases."""

    id: str
    ruleset: str
    rule: str
    title: str
    phases: tuple[CasePhase, ...]
    path: Path | None = None
    preferences: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    map: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


def load_case(path: Path) -> Case:
    """Read and validate one case file (safe YAML only)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return case_from_dict(data, where=str(path), path=path)


def case_from_dict(data: Any, *, where: str = "<case>", path: Path | None = None) -> Case:
    """Validate the plain data of a case; `CaseFormatError` naming `where` and the key."""
    _check_keys(data, CASE_KEYS, where)
    phases = data["phases"]
    if not isinstance(phases, list) or not phases:
        raise CaseFormatError(f"{where}: phases: expected a non-empty list")
    return Case(
        id=_text(data, "id", where),
        ruleset=_text(data, "ruleset", where),
        rule=_text(data, "rule", where),
        title=_text(data, "title", where),
        phases=tuple(_phase(p, f"{where}: phases[{i}]") for i, p in enumerate(phases)),
        path=path,
        preferences=tuple(str(p) for p in data.get("preferences") or ()),
        notes=tuple(str(n) for n in data.get("notes") or ()),
        map=data.get("map"),
        options=dict(data.get("options") or {}),
    )


def _check_keys(data: Any, keys: tuple[set[str], set[str]], where: str) -> None:
    required, optional = keys
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected a mapping, got {type(data).__name__}")
    missing = required - data.keys()
    unknown = data.keys() - required - optional
    if missing:
        raise CaseFormatError(f"{where}: missing key(s) {', '.join(sorted(missing))}")
    if unknown:
        raise CaseFormatError(f"{where}: unknown key(s) {', '.join(sorted(map(str, unknown)))}")


def _text(data: Mapping[str, Any], key: str, where: str) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise CaseFormatError(f"{where}: {key}: expected a non-empty string")
    return value


def _phase(data: Any, where: str) -> CasePhase:
    _check_keys(data, PHASE_KEYS, where)
    if not isinstance(data["state"], dict):
        raise CaseFormatError(f"{where}: state: expected a mapping")
    try:
        state = GameState.from_dict({**data["state"], "phase": data["phase"]})
    except ValueError as exc:
        raise CaseFormatError(f"{where}: state: {exc}") from None
    return CasePhase(
        phase=state.phase.id,
        state=state,
        orders=_orders(data["orders"] or {}, f"{where}: orders"),
        expect=_expect(data["expect"], f"{where}: expect"),
        situation=data.get("situation"),
    )


def _orders(data: Any, where: str) -> tuple[CaseOrder, ...]:
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected power -> list of orders")
    return tuple(
        _order(str(power), entry, f"{where}: {power}[{i}]")
        for power, entries in data.items()
        for i, entry in enumerate(entries or ())
    )


def _order(power: str, data: Any, where: str) -> CaseOrder:
    _check_keys(data, ORDER_KEYS, where)
    result = data.get("result")
    if result is not None and result not in {o.value for o in Outcome}:
        raise CaseFormatError(f"{where}: result: expected succeeds or fails, got {result!r}")
    reason = data.get("reason")
    if reason is not None and reason not in {r.value for r in Reason}:
        raise CaseFormatError(f"{where}: reason: unknown reason {reason!r}")
    return CaseOrder(
        power=power,
        order=_text(data, "order", where),
        text=data.get("text"),
        result=Outcome(result) if result is not None else None,
        reason=reason,
        synthetic=bool(data.get("synthetic", False)),
    )


def _expect(data: Any, where: str) -> dict[str, Any]:
    """The expectations of a phase, each in the form `compare_expect` compares.

    Unit keys become (power, unit) sets; `control` a set of (power, area);
    `sieges` an area -> power dict; `retreats` a (power, unit) -> sorted areas
    dict; `next_phase` a phase id; `winner` a power or None.
    """
    _check_keys(data, EXPECT_KEYS, where)
    expect: dict[str, Any] = {}
    for key, value in data.items():
        at = f"{where}: {key}"
        if key in UNIT_EXPECT_KEYS:
            expect[key] = _unit_keys(value or {}, at)
        elif key == "control":
            expect[key] = _control(value or {}, at)
        elif key == "sieges":
            expect[key] = _sieges(value or {}, at)
        elif key == "retreats":
            expect[key] = _retreats(value or {}, at)
        elif key == "next_phase":
            expect[key] = _phase_id(value, at)
        else:  # winner
            if value is not None and not isinstance(value, str):
                raise CaseFormatError(f"{at}: expected a power or null")
            expect[key] = value
    return expect


def _control(data: Any, where: str) -> frozenset[tuple[str, str]]:
    """`{venice: [VEN, PAD]}` -> {("venice", "PAD"), ("venice", "VEN")}."""
    if not isinstance(data, dict) or not all(isinstance(v, list) for v in data.values()):
        raise CaseFormatError(f"{where}: expected power -> list of areas")
    return frozenset((str(p), str(a)) for p, areas in data.items() for a in areas)


def _sieges(data: Any, where: str) -> dict[str, str]:
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected area -> besieging power")
    return {str(a): str(p) for a, p in data.items()}


def _retreats(data: Any, where: str) -> dict[UnitKey, tuple[str, ...]]:
    """`{milan: {A MIL: [PAV]}}` -> {("milan", "A MIL"): ("PAV",)}."""
    if not isinstance(data, dict) or not all(isinstance(v, dict) for v in data.values()):
        raise CaseFormatError(f"{where}: expected power -> {{unit: list of areas}}")
    try:
        return {
            (str(p), str(Unit.parse(str(p), str(u)))): tuple(sorted(str(a) for a in areas or ()))
            for p, units in data.items()
            for u, areas in units.items()
        }
    except ValueError as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def _phase_id(value: Any, where: str) -> str:
    try:
        return Phase.parse(str(value)).id
    except ValueError as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def _unit_keys(data: Any, where: str) -> frozenset[UnitKey]:
    """`{england: [A LON]}` -> {("england", "A LON")}."""
    if not isinstance(data, dict):
        raise CaseFormatError(f"{where}: expected power -> list of units")
    try:
        return keys_of(Unit.parse(str(p), str(u)) for p, units in data.items() for u in units)
    except ValueError as exc:
        raise CaseFormatError(f"{where}: {exc}") from None


def keys_of(units: Iterable[Unit]) -> frozenset[UnitKey]:
    return frozenset((u.power, str(u)) for u in units)


# --- the engine a case runs against ---------------------------------------------


@dataclass(frozen=True)
class Engine:
    """A phase resolver and an order parser, both bound to one map (and options).

    `resolve(state, orders) -> Resolution`; `parse(text, phase_kind, file) -> OrderSet`.
    """

    resolve: Callable[[GameState, Sequence[Order]], Resolution]
    parse: Callable[[str, PhaseKind, str], OrderSet]


def default_engine(case: Case) -> Engine:
    """The real engine for `case.ruleset`: its parser, map, options and resolver."""
    # Imported here, not at the top: the runner's own tests use a fake engine.
    from orders.board.parser import parse_orders

    ruleset = _ruleset(case.ruleset)
    game_map = _game_map(case.map or ruleset.map_name)
    options = ruleset.options(case.options) if case.options else None

    def resolve(state: GameState, orders: Sequence[Order]) -> Resolution:
        return ruleset.resolve(state, orders, game_map, options)

    def parse(text: str, phase_kind: PhaseKind, file: str) -> OrderSet:
        parsed: OrderSet = parse_orders(
            text, game_map=game_map, phase_kind=phase_kind, file=file, grammar=ruleset.grammar
        )
        return parsed

    return Engine(resolve=resolve, parse=parse)


@cache
def _ruleset(name: str) -> BoardRules[Any]:
    return board_rules(name)


@cache
def _game_map(name: str) -> GameMap:
    from maps.loader import load_map

    game_map: GameMap = load_map(name)
    return game_map


# --- running a case ---------------------------------------------------------------


@dataclass(frozen=True)
class Given:
    """A case order after parsing: the order, or why the parser rejected it."""

    case_order: CaseOrder
    order: Order | None
    rejected: str = ""


@dataclass
class PhaseReport:
    """What went wrong in one phase, with every result the engine gave."""

    phase: str
    problems: list[str] = field(default_factory=list)
    results: tuple[OrderResult, ...] = ()

    def render(self) -> str:
        lines = [f"phase {self.phase}:"]
        lines += [_indent(p, "  ") for p in self.problems]
        lines.append("  all results:")
        lines += [f"    {describe_result(r)}" for r in self.results] or ["    (none)"]
        return "\n".join(lines)


@dataclass
class CaseReport:
    """The outcome of running a case: `ok`, or `render()` for the diff."""

    case: Case
    phases: list[PhaseReport] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(p.problems for p in self.phases)

    def render(self) -> str:
        head = f"case {self.case.id} ({self.case.rule}): {self.case.title}"
        failed = [p.render() for p in self.phases if p.problems]
        return "\n".join([head, *failed]) if failed else f"{head}: ok"


def run_case(case: Case, engine: Engine | None = None) -> CaseReport:
    """Play every phase of `case`; phase 2+ start from the engine's own result.

    Using the engine's state (not the case's) carries over what the case
    does not spell out, such as standoffs; its units and dislodged units are
    checked against the case's state for that phase.
    """
    engine = engine or default_engine(case)
    report = CaseReport(case)
    previous: Resolution | None = None
    for phase in case.phases:
        phase_report, previous = run_phase(case, phase, previous, engine)
        report.phases.append(phase_report)
    return report


def run_phase(
    case: Case, phase: CasePhase, previous: Resolution | None, engine: Engine
) -> tuple[PhaseReport, Resolution]:
    """Resolve one phase from the case's state (first phase) or the previous result."""
    report = PhaseReport(phase.phase)
    state = phase.state
    if previous is not None:
        state = previous.state
        report.problems += compare_start(phase.state, state)
    given, problems = parse_phase_orders(case, phase, engine)
    resolution = engine.resolve(state, [g.order for g in given if g.order is not None])
    report.results = tuple(resolution.results)
    report.problems += problems
    report.problems += compare_expect(phase.expect, state, resolution)
    report.problems += compare_results(given, resolution.results)
    return report, resolution


def compare_start(expected: GameState, got: GameState) -> list[str]:
    """The engine's next state against the state the case gives for that phase:
    phase id, units, dislodged units, and (Machiavelli) sieges and control."""
    problems = []
    if got.phase != expected.phase:
        problems.append(f"start phase: expected {expected.phase}, got {got.phase}")
    problems += diff_units("start units", keys_of(expected.units), keys_of(got.units))
    problems += diff_units("start dislodged", _dislodged_keys(expected), _dislodged_keys(got))
    problems += diff_units("start sieges", _siege_keys(expected.sieges), _siege_keys(got.sieges))
    problems += diff_units(
        "start control", _control_keys(expected.control), _control_keys(got.control)
    )
    return problems


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


# --- parsing a phase's orders ------------------------------------------------------


def parse_phase_orders(
    case: Case, phase: CasePhase, engine: Engine
) -> tuple[list[Given], list[str]]:
    """Parse each power's canonical orders as one `power:` block.

    A line the parser rejects as illegal or ambiguous counts as a failed
    order; a syntax error in a canonical order is a problem with the case
    or the parser and is reported.
    """
    given: list[Given] = []
    problems: list[str] = []
    for power, orders in _by_power(phase.orders).items():
        text = f"{power}:\n" + "\n".join(o.order for o in orders)
        parsed = engine.parse(text, phase.kind, f"{case.id} {phase.phase} {power}")
        power_given, power_problems = match_lines(orders, parsed, first_line=2)
        given += power_given
        problems += power_problems
    return given, problems


def _by_power(orders: Iterable[CaseOrder]) -> dict[str, list[CaseOrder]]:
    grouped: dict[str, list[CaseOrder]] = {}
    for order in orders:
        grouped.setdefault(order.power, []).append(order)
    return grouped


def match_lines(
    orders: Sequence[CaseOrder], parsed: OrderSet, *, first_line: int
) -> tuple[list[Given], list[str]]:
    """Pair each case order (one per line from `first_line`) with what the parser made of it."""
    by_line: dict[int, list[Order]] = {}
    issues: dict[int, list[OrderIssue]] = {}
    problems: list[str] = []
    for order in parsed.orders:
        if order.source is None:
            problems.append(f"parser gave no source line for {describe_order(order)}")
        else:
            by_line.setdefault(order.source.line, []).append(order)
    for issue in parsed.issues:
        issues.setdefault(issue.source.line, []).append(issue)
    given = []
    for line, case_order in enumerate(orders, start=first_line):
        one, problem = _one_line(case_order, by_line.pop(line, []), issues.pop(line, []))
        given.append(one)
        problems += [problem] if problem else []
    stray = [i.render() for found in issues.values() for i in found]
    stray += [describe_order(o) for found in by_line.values() for o in found]
    problems += [f"parser output on no order line: {s}" for s in stray]
    return given, problems


def _one_line(
    case_order: CaseOrder, orders: list[Order], issues: list[OrderIssue]
) -> tuple[Given, str]:
    """One line's parse: the order, a rejection, or a problem to report."""
    if len(orders) == 1:
        return Given(case_order, orders[0]), ""
    if orders:
        found = "; ".join(describe_order(o) for o in orders)
        return Given(case_order, None, "read as several orders"), (
            f"{case_order}: parsed as {len(orders)} orders: {found}"
        )
    rejected = "; ".join(f"{i.kind.value}: {i.message}" for i in issues) or "nothing parsed"
    unreadable = not issues or any(i.kind is IssueKind.SYNTAX for i in issues)
    problem = f"{case_order}: canonical order not readable: {rejected}" if unreadable else ""
    return Given(case_order, None, rejected), problem


# --- comparing --------------------------------------------------------------------


def compare_expect(
    expect: Mapping[str, Any], before: GameState, resolution: Resolution
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
    return diff_units("control", expected, _control_keys(state.control))


def _check_sieges(expected: Mapping[str, str], state: GameState) -> list[str]:
    return diff_units("sieges", _siege_keys(expected), _siege_keys(state.sieges))


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


def _units(before: GameState, resolution: Resolution) -> frozenset[UnitKey]:
    return keys_of(resolution.state.units)


def _dislodged(before: GameState, resolution: Resolution) -> frozenset[UnitKey]:
    return keys_of(d.unit for d in resolution.state.dislodged)


TAKEN_OFF = (EventKind.DESTROYED, EventKind.CITY_SURRENDERED)
"""Board events that take a unit off the board in a movement phase (Machiavelli)."""


def _disbanded(before: GameState, resolution: Resolution) -> frozenset[UnitKey]:
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


def _civil_disorder(before: GameState, resolution: Resolution) -> frozenset[UnitKey]:
    return frozenset(
        result_unit(r) for r in resolution.results if r.reason is Reason.CIVIL_DISORDER
    )


OBSERVED: dict[str, Callable[[GameState, Resolution], frozenset[UnitKey]]] = {
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
    reason: Reason | None
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
    wrong_reason = wanted_reason is not None and (got.reason is None or got.reason != wanted_reason)
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


# --- the players' own wording --------------------------------------------------------


def check_texts(case: Case, engine: Engine | None = None) -> list[str]:
    """Parse each order's original `text` and compare with its canonical form.

    The canonical form decides the case; this only exercises the parser on
    real player wording. A unit kind the text leaves out is taken from the
    canonical order (the DATC sometimes omits it).
    """
    engine = engine or default_engine(case)
    problems = []
    for phase in case.phases:
        for case_order in phase.orders:
            if case_order.text:
                problem = _check_text(case, phase, case_order, engine)
                problems += [problem] if problem else []
    return problems


def _check_text(case: Case, phase: CasePhase, case_order: CaseOrder, engine: Engine) -> str:
    assert case_order.text is not None
    file = f"{case.id} {phase.phase}"
    canonical = read_one(engine, case_order.power, case_order.order, phase.kind, file)
    text = read_one(engine, case_order.power, case_order.text, phase.kind, file)
    if isinstance(text, Rejected) or isinstance(canonical, Rejected):
        same = text == canonical
    else:
        same = fill_missing_kinds(text, canonical) == canonical
    if same:
        return ""
    return (
        f"{case.id} {phase.phase} {case_order.power}: {case_order.text!r} read as "
        f"{_show(text)}; canonical {case_order.order!r} read as {_show(canonical)}"
    )


@dataclass(frozen=True)
class Rejected:
    """A line the parser made no single order of: the issue kinds (compared) and messages."""

    kinds: frozenset[IssueKind]
    messages: str = field(default="", compare=False)

    def __str__(self) -> str:
        kinds = "/".join(sorted(k.value for k in self.kinds)) or "no order"
        return f"{kinds}: {self.messages}" if self.messages else kinds


def read_one(engine: Engine, power: str, line: str, kind: PhaseKind, file: str) -> Order | Rejected:
    """Parse one order line for `power`: the order, or what the parser said instead."""
    parsed = engine.parse(f"{power}:\n{line}", kind, file)
    if len(parsed.orders) == 1 and not parsed.issues:
        return parsed.orders[0]
    messages = "; ".join(i.message for i in parsed.issues)
    if len(parsed.orders) > 1:
        messages = "; ".join([f"{len(parsed.orders)} orders", *filter(None, [messages])])
    return Rejected(frozenset(i.kind for i in parsed.issues), messages)


def fill_missing_kinds(order: Order, like: Order) -> Order:
    """`order` with each unit kind it leaves out taken from the same unit in `like`."""
    if type(order) is not type(like):
        return order
    changes: dict[str, Any] = {
        f.name: replace(mine, kind=theirs.kind)
        for f in fields(order)
        if isinstance(mine := getattr(order, f.name), UnitRef)
        and isinstance(theirs := getattr(like, f.name), UnitRef)
        and mine.kind is None
        and mine.location == theirs.location
    }
    return replace(order, **changes) if changes else order


def _show(read: Order | Rejected) -> str:
    return str(read) if isinstance(read, Rejected) else describe_order(read)


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


def _indent(text: str, prefix: str) -> str:
    return "\n".join(prefix + line for line in text.splitlines())
