"""Run a genes case against the engine and report what differs.

`run_case` makes the first state (the case's, or `mapjudge new`'s from
sheets) and checks `created`; then each turn: the lines every country
writes are read by `orders.genes.parser.parse_declarations` with the names
the plugin gives players (`declaration_names`), the turn is resolved by
`resolve_turn` with the case's dice, and the results and the next state are
matched against the expectations (`views.match`). The next turn starts
from the engine's own state.

A failure names the case, the section (`created`, `turn 2 (2-actions)`),
each expected-against-got difference by its key path, then every result
and roll of that turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from adjudicator.plugins.genes import declaration_names
from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.outcome import ActionResult, GenesResolution, TestRoll
from adjudicator.rulesets.genes.turn import resolve_turn
from maps.genes.region import Region
from orders.genes.model import Declaration
from orders.genes.parser import DeclarationSet, parse_declarations
from tests.caserunner.common import case_head, indent
from tests.caserunner.genes.case import CaseLine, CaseTurn, GenesCase
from tests.caserunner.genes.start import (
    CaseDice,
    UnscriptedRoll,
    describe_roll,
    from_sheets,
    region_named,
)
from tests.caserunner.genes.views import match, plain, result_view, state_view, turn_view


@dataclass
class Section:
    """One part of a case (its creation, a turn): problems, and what happened."""

    name: str
    problems: list[str] = field(default_factory=list)
    details: list[str] = field(default_factory=list)

    def render(self) -> str:
        lines = [f"{self.name}:", *(indent(p, "  ") for p in self.problems)]
        lines.append("  what happened:")
        lines += [f"    {d}" for d in self.details] or ["    (nothing)"]
        return "\n".join(lines)


@dataclass
class GenesReport:
    """The outcome of running a genes case: `ok`, or `render()` for the diff."""

    case: GenesCase
    sections: list[Section] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not any(s.problems for s in self.sections)

    def render(self) -> str:
        head = case_head(self.case)
        failed = [s.render() for s in self.sections if s.problems]
        return "\n".join([head, *failed]) if failed else f"{head}: ok"


def run_case(case: GenesCase) -> GenesReport:
    """Make the first state, check it, then play and check every turn."""
    region = region_named(case.region)
    report = GenesReport(case)
    state = case.state
    if case.sheets is not None or case.created:
        section, state = check_creation(case, region)
        report.sections.append(section)
    for number, turn in enumerate(case.turns, 1):
        if state is None:
            report.sections.append(Section(f"turn {number}", ["no state to play it from"]))
            break
        section = Section(f"turn {number} ({state.phase.id})")
        report.sections.append(section)
        state = play_turn(case, turn, state, region, section)
    return report


# --- creation (002 §4) --------------------------------------------------------------


def check_creation(case: GenesCase, region: Region) -> tuple[Section, GenesState | None]:
    """The first state (from the case's sheets, if any) against `created`."""
    section = Section("created")
    state = case.state
    problems: list[dict[str, object]] = []
    if case.sheets is not None:
        dice = CaseDice(case.creation_dice)
        state, issues = from_sheets(region, case.sheets, case.options, dice)
        problems = [plain(issue) for issue in issues]
        section.details += [describe_roll(r) for r in dice.rolls]
        section.details += [f"sheet {'warning' if i.warning else 'error'}: {i}" for i in issues]
        section.problems += [f"dice given, not rolled: {u}" for u in dice.unused()]
    expected = dict(case.created)
    if "problems" in expected:
        section.problems += match(expected.pop("problems"), problems, "problems")
    if expected and state is None:
        section.problems.append("no state: the sheets were refused (see what happened)")
    elif expected and state is not None:
        section.problems += match(expected, state_view(state), "")
    return section, state


# --- a turn (002 §5) -----------------------------------------------------------------


@dataclass(frozen=True)
class Read:
    """A case line and the declaration the parser made of it."""

    line: CaseLine
    declaration: Declaration


def play_turn(
    case: GenesCase, turn: CaseTurn, state: GenesState, region: Region, section: Section
) -> GenesState | None:
    """Read, resolve and check one turn; the next state (None if it could not be played)."""
    read, problems = read_lines(turn, state, region)
    section.problems += problems
    dice = CaseDice(turn.dice)
    declarations = [r.declaration for r in read]
    try:
        resolution = resolve_turn(state, declarations, region, case.options, dice)
    except UnscriptedRoll as exc:
        section.problems.append(str(exc))
        section.details += [describe_roll(r) for r in dice.rolls]
        return None
    section.details += describe_turn(resolution)
    section.details += [describe_roll(r) for r in dice.rolls]
    section.problems += [f"dice given, not rolled: {u}" for u in dice.unused()]
    section.problems += check_lines(read, resolution.results)
    section.problems += match(turn.expect, turn_view(resolution), "")
    return resolution.state


def read_lines(turn: CaseTurn, state: GenesState, region: Region) -> tuple[list[Read], list[str]]:
    """Each country's lines parsed as one declaration file (`<country>.txt`)."""
    names = declaration_names(region, state)
    read: list[Read] = []
    problems: list[str] = []
    for country in turn.countries:
        lines = [line for line in turn.lines if line.country == country]
        text = "\n".join(line.line for line in lines)
        parsed = parse_declarations(text, names=names, file=f"{country}.txt", power=country)
        for line in lines:
            declaration, problem = _one_line(line, parsed)
            read += [Read(line, declaration)] if declaration is not None else []
            problems += [problem] if problem else []
    return read, problems


def _one_line(line: CaseLine, parsed: DeclarationSet) -> tuple[Declaration | None, str]:
    """The declaration read from `line`, or why not (a problem unless `rejected`)."""
    found = [d for d in parsed.declarations if d.source and d.source.line == line.number]
    issues = [i for i in parsed.issues if i.source.line == line.number]
    said = "; ".join(f"{i.kind.value}: {i.message}" for i in issues)
    if line.rejected is not None:
        if found or line.rejected not in said:
            got = f"read as {found[0].kind.id}" if found else f"refused: {said or 'nothing read'}"
            return None, f"{line}: expected the parser to refuse it with {line.rejected!r}; {got}"
        return None, ""
    if issues or len(found) != 1:
        return None, f"{line}: not read as one declaration: {said or f'{len(found)} read'}"
    return found[0], ""


def check_lines(read: Sequence[Read], results: Sequence[ActionResult]) -> list[str]:
    """Each line's expectations against its result (matched by source line)."""
    by_source = {
        (r.declaration.source.file, r.declaration.source.line): r
        for r in results
        if r.declaration.source is not None
    }
    problems: list[str] = []
    for one in read:
        source = one.declaration.source
        result = by_source.get((source.file, source.line)) if source else None
        if result is None:
            problems.append(f"{one.line}: the engine gave it no result")
        else:
            found = match(one.line.expect, result_view(result), "")
            problems += [f"{one.line}: {problem}" for problem in found]
    return problems


# --- describing ------------------------------------------------------------------------


def describe_turn(resolution: GenesResolution) -> list[str]:
    """The initiative, the budgets and every result with its rolls."""
    frame = resolution.frame
    budgets = ", ".join(f"{c} {n}" for c, n in frame.budgets)
    lines = [f"initiative: {', '.join(frame.initiative)}; budgets: {budgets}"]
    lines += [describe_result(r) for r in resolution.results]
    lines += [f"next turn's crisis test: {describe_test(r)}" for r in frame.rolls]
    return lines


def describe_result(result: ActionResult) -> str:
    decl = result.declaration
    who = (
        f"{decl.power} line {decl.source.line} {decl.source.text!r}"
        if decl.source
        else f"{decl.power} (added by the judge) {decl.kind.id}"
    )
    detail = f": {result.detail}" if result.detail else ""
    rolls = "".join(f"\n      {describe_test(r)}" for r in result.rolls)
    step = f" step {result.step}" if result.step else ""
    return f"{who} [{decl.kind.id}] -> {result.outcome.value} ({result.reason.value}{detail}){step}{rolls}"


def describe_test(roll: TestRoll) -> str:
    """`ponent: Diplomàcia 5 + Joan 2 + d10 0 = 17 against 12 (label)`."""
    face = "0" if roll.face == 10 else str(roll.face)
    terms = "".join(f"{label} {value} + " for label, value in roll.terms)
    against = f" against {roll.against}" if roll.against is not None else ""
    label = f" ({roll.label})" if roll.label else ""
    return f"{roll.country}: {terms}d10 {face} = {roll.total}{against}{label}"
