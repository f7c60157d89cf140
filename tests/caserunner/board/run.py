"""Board cases (classic, machiavelli): run a case against the engine.

A case (format: `tests/cases/README.md`) is a list of phases, each with a
start state, orders per power and the expected outcome. `run_case` plays
the phases in order through an `Engine` (a parser and a phase resolver
bound to one map) and returns a `CaseReport` whose `render()` is a readable
diff: which phase, expected against got, each order's result and reason.

Nothing here knows a particular board ruleset; `default_engine` looks the
ruleset and map up by name, so a new board ruleset only adds case files.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import cache
from typing import Any

from adjudicator.kits.board.results import OrderResult, Resolution
from adjudicator.kits.board.rules import BoardRules
from adjudicator.kits.board.state import GameState, PhaseKind
from maps.model import GameMap
from orders.board.model import Order, OrderSet, UnitRef
from orders.issues import IssueKind, OrderIssue
from tests.caserunner.board.case import Case, CaseOrder, CasePhase
from tests.caserunner.board.compare import (
    Given,
    compare_expect,
    compare_results,
    compare_start,
    describe_order,
    describe_result,
)
from tests.caserunner.common import case_head
from tests.caserunner.common import indent as _indent
from tests.rulesets import board_rules

# --- the engine a case runs against ---------------------------------------------


@dataclass(frozen=True)
class Engine:
    """A phase resolver and an order parser, both bound to one map (and options).

    `resolve(state, orders) -> Resolution`; `parse(text, phase_kind, file) -> OrderSet`.
    """

    resolve: Callable[[GameState, Sequence[Order]], Resolution[Any]]
    parse: Callable[[str, PhaseKind, str], OrderSet]


def default_engine(case: Case) -> Engine:
    """The real engine for `case.ruleset`: its parser, map, options and resolver."""
    # Imported here, not at the top: the runner's own tests use a fake engine.
    from orders.board.parser import parse_orders

    ruleset = _ruleset(case.ruleset)
    game_map = _game_map(case.map or ruleset.map_name)
    options = ruleset.options(case.options) if case.options else None

    def resolve(state: GameState, orders: Sequence[Order]) -> Resolution[Any]:
        return ruleset.resolve(state, orders, game_map, options)

    def parse(text: str, phase_kind: PhaseKind, file: str) -> OrderSet:
        parsed: OrderSet = parse_orders(
            text, game_map=game_map, phase_kind=phase_kind, file=file, grammar=ruleset.grammar
        )
        return parsed

    return Engine(resolve=resolve, parse=parse)


@cache
def _ruleset(name: str) -> BoardRules[Any, Any]:
    return board_rules(name)


@cache
def _game_map(name: str) -> GameMap:
    from maps.loader import load_map

    game_map: GameMap = load_map(name)
    return game_map


# --- running a case ---------------------------------------------------------------


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
        head = case_head(self.case)
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
    previous: Resolution[Any] | None = None
    for phase in case.phases:
        phase_report, previous = run_phase(case, phase, previous, engine)
        report.phases.append(phase_report)
    return report


def run_phase(
    case: Case, phase: CasePhase, previous: Resolution[Any] | None, engine: Engine
) -> tuple[PhaseReport, Resolution[Any]]:
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
