"""The case runner itself, against a fake parser and a scripted resolver.

These tests need neither a real ruleset nor the real parser: they check
that cases load and validate, that phases chain through the engine's own
state, and that every mismatch shows up in the report.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import OrderResult, Outcome, Reason, Resolution
from adjudicator.kits.board.state import Dislodged, GameState, PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import MachiavelliState
from orders.board.model import (
    Build,
    Disband,
    Hold,
    Move,
    Order,
    OrderSet,
    Retreat,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
)
from orders.issues import IssueKind, OrderIssue, Source
from tests.caserunner.board import (
    CaseFormatError,
    Engine,
    case_from_dict,
    check_texts,
    load_case,
    run_case,
)

# --- a fake parser for canonical orders (and a few full names) -------------------------

NAMES = {"Yorkshire": "YOR", "London": "LON", "Wales": "WAL", "Hold": "H", "Supports": "S"}
ORDER = re.compile(
    r"^(?P<kind>[AF]) (?P<loc>[A-Z]{3}(?:/[a-z]{2})?) (?:"
    r"(?P<hold>H)|(?P<disband>D)|(?P<build>B)|- (?P<dest>\S+)(?P<via> VIA)?|R (?P<retreat>\S+)"
    r"|S (?:(?P<skind>[AF]) )?(?P<sloc>[A-Z]{3}(?:/[a-z]{2})?)(?: - (?P<sdest>\S+))?)$"
)


def ref(kind: str | None, location: str) -> UnitRef:
    return UnitRef(UnitKind(kind) if kind else None, location)


def fake_order(power: str, line: str, source: Source) -> Order | None:
    """The order a canonical line names, or None when the line is not one."""
    for name, code in NAMES.items():
        line = line.replace(name, code)
    match = ORDER.match(line)
    if not match:
        return None
    m = match.groupdict()
    unit = ref(m["kind"], m["loc"])
    if m["sloc"]:
        supported = ref(m["skind"], m["sloc"])
        if m["sdest"]:
            return SupportMove(power, unit, supported, m["sdest"], source=source)
        return SupportHold(power, unit, supported, source=source)
    if m["dest"]:
        return Move(power, unit, m["dest"], bool(m["via"]), source=source)
    if m["retreat"]:
        return Retreat(power, unit, m["retreat"], source=source)
    if m["hold"]:
        return Hold(power, unit, source=source)
    if m["disband"]:
        return Disband(power, unit, source=source)
    return Build(power, unit, source=source)


def fake_parse(text: str, phase_kind: PhaseKind, file: str) -> OrderSet:
    """`power:` header, then one order a line; `ILLEGAL ...` lines are illegal, others syntax."""
    header, *lines = text.splitlines()
    power = header.rstrip(":")
    orders: list[Order] = []
    issues: list[OrderIssue] = []
    for number, line in enumerate(lines, start=2):
        source = Source(file, number, line)
        order = fake_order(power, line, source)
        if order is not None:
            orders.append(order)
        else:
            kind = IssueKind.ILLEGAL if line.startswith("ILLEGAL") else IssueKind.SYNTAX
            issues.append(OrderIssue(kind, f"cannot read {line!r}", source))
    return OrderSet(tuple(orders), tuple(issues))


# --- a scripted resolver -------------------------------------------------------------------

Scripted = tuple[Outcome, Reason]
Script = dict[Order, list[Scripted]]


@dataclass
class FakeResolver:
    """Returns the scripted next states in turn; each order gets its scripted results in turn."""

    next_states: list[GameState]
    outcomes: Script = field(default_factory=dict)
    extra: list[OrderResult] = field(default_factory=list)
    seen: list[tuple[GameState, list[Order]]] = field(default_factory=list)

    def __call__(self, state: GameState, orders: Sequence[Order]) -> Resolution:
        self.seen.append((state, list(orders)))
        results = tuple(OrderResult(o, *self._outcome(o)) for o in orders) + tuple(self.extra)
        return Resolution(state, self.next_states[len(self.seen) - 1], results)

    def _outcome(self, order: Order) -> Scripted:
        scripted = self.outcomes.get(order)
        return scripted.pop(0) if scripted else (Outcome.SUCCEEDS, Reason.MOVED)


def engine(resolver: FakeResolver) -> Engine:
    return Engine(resolve=resolver, parse=fake_parse)


def state(phase: str, units: dict[str, list[str]], **extra: Any) -> GameState:
    """A board state; `extra` may give Machiavelli's keys (control, sieges)."""
    return MachiavelliState.from_dict({"phase": phase, "units": units, **extra})


READ_STATE = MachiavelliState.from_dict
"""How the runner's own cases read states: with control and sieges (003)."""


# --- cases -----------------------------------------------------------------------------------

SPRING = "1901-spring-movement"
RETREAT = "1901-spring-retreat"
WINTER = "1901-winter-adjustment"
A_YOR = ref("A", "YOR")
A_WAL = ref("A", "WAL")
BOUNCE = (Outcome.FAILS, Reason.BOUNCED)


def bounce_case() -> dict[str, Any]:
    """Two armies bounce in London."""
    return {
        "id": "T.1",
        "ruleset": "fake",
        "rule": "test rule 1",
        "title": "A BOUNCE",
        "phases": [
            {
                "phase": SPRING,
                "state": {"units": {"england": ["A YOR"], "france": ["A WAL"]}},
                "orders": {
                    "england": [
                        {"order": "A YOR - LON", "result": "fails", "text": "A Yorkshire - London"}
                    ],
                    "france": [{"order": "A WAL - LON", "result": "fails"}],
                },
                "expect": {"units": {"england": ["A YOR"], "france": ["A WAL"]}, "dislodged": {}},
            }
        ],
    }


def bounce_resolver(**kwargs: Any) -> FakeResolver:
    after = state("1901-fall-movement", {"england": ["A YOR"], "france": ["A WAL"]})
    outcomes: Script = {
        Move("england", A_YOR, "LON"): [BOUNCE],
        Move("france", A_WAL, "LON"): [BOUNCE],
    }
    return FakeResolver([after], outcomes, **kwargs)


def retreat_case() -> dict[str, Any]:
    """Yorkshire is dislodged from Wales, then retreats (or fails to)."""
    return {
        "id": "T.2",
        "ruleset": "fake",
        "rule": "test rule 2",
        "title": "DISLODGE AND RETREAT",
        "phases": [
            {
                "phase": SPRING,
                "state": {"units": {"england": ["A YOR"], "france": ["A WAL", "A LVP"]}},
                "orders": {
                    "france": [
                        {"order": "A WAL - YOR", "result": "succeeds"},
                        {"order": "A LVP S A WAL - YOR"},
                    ]
                },
                "expect": {
                    "units": {"france": ["A LVP", "A YOR"]},
                    "dislodged": {"england": ["A YOR"]},
                },
            },
            {
                "phase": RETREAT,
                "state": {
                    "units": {"france": ["A LVP", "A YOR"]},
                    "dislodged": [
                        {"power": "england", "unit": "A YOR", "attacker_from": "WAL"},
                    ],
                },
                "orders": {"england": [{"order": "A YOR R LON", "result": "succeeds"}]},
                "expect": {"units": {"england": ["A LON"], "france": ["A LVP", "A YOR"]}},
            },
        ],
    }


def retreat_states(retreat_to: str = "LON") -> list[GameState]:
    dislodged = (Dislodged(Unit("england", UnitKind.ARMY, "YOR"), "WAL"),)
    mid = state(RETREAT, {"france": ["A LVP", "A YOR"]}).with_(
        dislodged=dislodged, standoffs=frozenset({"EDI"})
    )
    end_units = {"france": ["A LVP", "A YOR"]}
    if retreat_to:
        end_units["england"] = [f"A {retreat_to}"]
    return [mid, state("1901-fall-movement", end_units)]


def test_load_case_reads_every_part(tmp_path: Path) -> None:
    path = tmp_path / "T.2.yaml"
    path.write_text(yaml.safe_dump(retreat_case()), encoding="utf-8")
    case = load_case(path)
    assert (case.id, case.rule, case.path) == ("T.2", "test rule 2", path)
    movement, retreat = case.phases
    assert movement.kind == PhaseKind.MOVEMENT and retreat.kind == PhaseKind.RETREAT
    assert [str(o) for o in movement.orders] == ["france A WAL - YOR", "france A LVP S A WAL - YOR"]
    assert movement.orders[0].result is Outcome.SUCCEEDS and movement.orders[1].result is None
    assert movement.expect["dislodged"] == {("england", "A YOR")}
    assert retreat.state.dislodged[0].attacker_from == "WAL"
    assert retreat.state.phase == Phase(1901, Season.SPRING, PhaseKind.RETREAT)


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda c: c.pop("rule"), "missing key(s) rule"),
        (lambda c: c.update(colour="red"), "unknown key(s) colour"),
        (lambda c: c["phases"][0]["orders"]["france"][0].update(result="bounces"), "result"),
        (lambda c: c["phases"][0]["orders"]["france"][0].update(reason="nope"), "reason"),
        (lambda c: c["phases"][0].update(phase="spring 1901"), "bad phase id"),
        (lambda c: c["phases"][0]["expect"].pop("units"), "missing key(s) units"),
        (lambda c: c["phases"][0]["expect"].update(units=["A LON"]), "power -> list of units"),
        (lambda c: c.update(phases=[]), "non-empty list"),
    ],
)
def test_load_case_rejects_malformed_cases(mutate: Any, message: str) -> None:
    data = copy.deepcopy(bounce_case())
    mutate(data)
    with pytest.raises(CaseFormatError, match=re.escape(message)):
        case_from_dict(data, where="t.yaml")


def test_run_case_passes_when_the_engine_agrees() -> None:
    resolver = bounce_resolver()
    report = run_case(case_from_dict(bounce_case()), engine(resolver))
    assert report.ok, report.render()
    assert resolver.seen[0][1] == [Move("england", A_YOR, "LON"), Move("france", A_WAL, "LON")]


def test_run_case_reports_units_and_results() -> None:
    after = state("1901-fall-movement", {"england": ["A LON"], "france": ["A WAL"]})
    resolver = FakeResolver([after], {Move("france", A_WAL, "LON"): [BOUNCE]})
    report = run_case(case_from_dict(bounce_case()), engine(resolver))
    assert not report.ok
    text = report.render()
    assert "case T.1 (test rule 1): A BOUNCE" in text
    assert f"phase {SPRING}:" in text
    assert "expected, not got: england A YOR" in text
    assert "got, not expected: england A LON" in text
    assert "england A YOR - LON: expected fails, got succeeds (moved)" in text
    assert "move france unit=A WAL dest=LON via_convoy=False -> fails (bounced)" in text


def test_missing_result_is_reported() -> None:
    resolver = _dropping(bounce_resolver(), 0)
    report = run_case(case_from_dict(bounce_case()), Engine(resolve=resolver, parse=fake_parse))
    assert report.phases[0].problems == [
        "england A YOR - LON: expected fails, got no result (no result for this order)"
    ]


def _dropping(resolver: FakeResolver, index: int) -> Any:
    """A resolver that gives no result for the `index`-th order."""

    def resolve(state: GameState, orders: Sequence[Order]) -> Resolution:
        resolution = resolver(state, orders)
        results = tuple(r for i, r in enumerate(resolution.results) if i != index)
        return Resolution(resolution.previous, resolution.state, results)

    return resolve


def test_second_phase_starts_from_the_engine_state() -> None:
    states = retreat_states()
    retreated: Script = {Retreat("england", A_YOR, "LON"): [(Outcome.SUCCEEDS, Reason.RETREATED)]}
    resolver = FakeResolver(states, retreated)
    report = run_case(case_from_dict(retreat_case()), engine(resolver))
    assert report.ok, report.render()
    assert resolver.seen[1][0] is states[0]  # standoffs carried over


def test_second_phase_start_is_checked_against_the_case() -> None:
    states = retreat_states()
    states[0] = states[0].with_(
        dislodged=(Dislodged(Unit("england", UnitKind.ARMY, "YOR"), "LVP"),)
    )
    report = run_case(case_from_dict(retreat_case()), engine(FakeResolver(states)))
    text = report.render()
    assert f"phase {RETREAT}:" in text and "start dislodged:" in text
    assert "expected, not got: england A YOR (attacked from WAL)" in text


def test_failed_retreat_is_a_disbanded_unit() -> None:
    data = retreat_case()
    data["phases"][1]["orders"]["england"][0]["result"] = "fails"
    data["phases"][1]["expect"] = {
        "units": {"france": ["A LVP", "A YOR"]},
        "disbanded": {"england": ["A YOR"]},
    }
    failed: Script = {Retreat("england", A_YOR, "LON"): [(Outcome.FAILS, Reason.RETREAT_CLASH)]}
    resolver = FakeResolver(retreat_states(retreat_to=""), failed)
    report = run_case(case_from_dict(data), engine(resolver))
    assert report.ok, report.render()


def adjustment_case(orders: list[dict[str, Any]], expect: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": "T.3",
        "ruleset": "fake",
        "rule": "test rule 3",
        "title": "ADJUSTMENTS",
        "phases": [
            {
                "phase": WINTER,
                "state": {
                    "units": {"france": ["A PAR", "A PIC", "F NAO"]},
                    "supply_centers": {"france": ["PAR"]},
                },
                "orders": {"france": orders} if orders else {},
                "expect": expect,
            }
        ],
    }


def test_removals_and_civil_disorder() -> None:
    data = adjustment_case(
        [{"order": "A PAR D", "result": "succeeds"}, {"order": "A PAR D", "result": "fails"}],
        {
            "units": {"france": ["A PIC"]},
            "disbanded": {"france": ["A PAR", "F NAO"]},
            "civil_disorder": {"france": ["F NAO"]},
        },
    )
    nao = Unit("france", UnitKind.FLEET, "NAO")
    remove_par = Disband("france", ref("A", "PAR"))
    resolver = FakeResolver(
        [state("1902-spring-movement", {"france": ["A PIC"]})],
        {remove_par: [(Outcome.SUCCEEDS, Reason.REMOVED), (Outcome.FAILS, Reason.DUPLICATE)]},
        extra=[
            OrderResult(
                Disband("france", ref("F", "NAO")), Outcome.SUCCEEDS, Reason.CIVIL_DISORDER, nao
            )
        ],
    )
    report = run_case(case_from_dict(data), engine(resolver))
    assert report.ok, report.render()


def test_duplicate_orders_take_their_results_in_turn() -> None:
    data = adjustment_case(
        [{"order": "A PAR D", "result": "succeeds"}, {"order": "A PAR D", "result": "fails"}],
        {"units": {"france": ["A PIC", "F NAO"]}},
    )
    twice: Script = {Disband("france", ref("A", "PAR")): [(Outcome.FAILS, Reason.DUPLICATE)] * 2}
    resolver = FakeResolver([state("1902-spring-movement", {"france": ["A PIC", "F NAO"]})], twice)
    text = run_case(case_from_dict(data), engine(resolver)).render()
    assert "france A PAR D: expected succeeds, got fails (illegal:duplicate)" in text
    assert "expected fails" not in text


def test_orders_the_parser_rejects_count_as_failed() -> None:
    data = bounce_case()
    data["phases"][0]["orders"]["france"] = [
        {"order": "ILLEGAL A WAL - LON", "result": "fails"},
        {"order": "ILLEGAL A WAL - YOR", "result": "succeeds"},
    ]
    report = run_case(case_from_dict(data), engine(bounce_resolver()))
    problems = report.phases[0].problems
    expected = (
        "france ILLEGAL A WAL - YOR: expected succeeds, got fails "
        "(rejected by the parser: illegal: cannot read 'ILLEGAL A WAL - YOR')"
    )
    assert problems == [expected]


def test_unreadable_canonical_orders_are_reported() -> None:
    data = bounce_case()
    data["phases"][0]["orders"]["france"] = [{"order": "A WAL TO LON"}]
    report = run_case(case_from_dict(data), engine(bounce_resolver()))
    assert (
        report.phases[0]
        .problems[0]
        .startswith("france A WAL TO LON: canonical order not readable: syntax: cannot read")
    )


def test_check_texts() -> None:
    data = bounce_case()
    data["phases"][0]["orders"]["france"] = [
        {"order": "A WAL - LON", "text": "A Wales - London"},
        {"order": "A WAL S A YOR", "text": "A Wales Supports Yorkshire"},  # unit kind left out
        {"order": "A WAL H", "text": "The army in Wales stays put"},
    ]
    problems = check_texts(case_from_dict(data), engine(bounce_resolver()))
    assert len(problems) == 1
    assert problems[0].startswith("T.1 1901-spring-movement france: 'The army in Wales stays put'")
    assert "read as syntax: cannot read" in problems[0]


# --- expectations on the state (control, sieges, retreats, next phase, winner) ------------


def state_case(expect: dict[str, Any]) -> dict[str, Any]:
    """A fleet besieges Pisa; the expectations name the resulting state."""
    return {
        "id": "T.4",
        "ruleset": "fake",
        "rule": "test rule 4",
        "title": "STATE EXPECTATIONS",
        "phases": [
            {
                "phase": SPRING,
                "state": {"units": {"england": ["A YOR"]}, "control": {"england": ["YOR"]}},
                "orders": {"england": [{"order": "A YOR H", "result": "succeeds"}]},
                "expect": {"units": {"england": ["A YOR"]}, **expect},
            }
        ],
    }


def state_after() -> GameState:
    dislodged = (Dislodged(Unit("france", UnitKind.ARMY, "WAL"), "LON", retreats=("LVP", "YOR")),)
    return state(
        RETREAT,
        {"england": ["A YOR"]},
        control={"england": ["YOR", "LON"]},
        sieges={"LON": "england"},
        winner="england",
    ).with_(dislodged=dislodged)


def test_state_expectations_pass_when_they_match() -> None:
    expect = {
        "control": {"england": ["LON", "YOR"]},
        "sieges": {"LON": "england"},
        "retreats": {"france": {"A WAL": ["YOR", "LVP"]}},
        "next_phase": RETREAT,
        "winner": "england",
    }
    case = case_from_dict(state_case(expect), read_state=READ_STATE)
    report = run_case(case, engine(FakeResolver([state_after()])))
    assert report.ok, report.render()


def test_state_expectations_are_reported() -> None:
    expect = {
        "control": {"england": ["YOR"]},
        "sieges": {},
        "retreats": {"france": {"A WAL": ["LVP"]}},
        "next_phase": "1901-fall-movement",
        "winner": None,
    }
    case = case_from_dict(state_case(expect), read_state=READ_STATE)
    report = run_case(case, engine(FakeResolver([state_after()])))
    text = report.render()
    assert "control:\n    got, not expected: england LON" in text
    assert "got, not expected: england besieges LON" in text
    assert "expected, not got: france A WAL -> [LVP]" in text
    assert "got, not expected: france A WAL -> [LVP, YOR]" in text
    assert f"next_phase: expected 1901-fall-movement, got {RETREAT}" in text
    assert "winner: expected None, got england" in text


@pytest.mark.parametrize(
    ("expect", "message"),
    [
        ({"control": {"england": "YOR"}}, "control: expected power -> list of areas"),
        ({"sieges": ["LON"]}, "sieges: expected area -> besieging power"),
        ({"retreats": {"france": ["LVP"]}}, "retreats: expected power -> {unit: list of areas}"),
        ({"next_phase": "spring"}, "next_phase: bad phase id"),
        ({"winner": 3}, "winner: expected a power or null"),
    ],
)
def test_state_expectations_are_validated(expect: dict[str, Any], message: str) -> None:
    with pytest.raises(CaseFormatError, match=re.escape(message)):
        case_from_dict(state_case(expect), where="t.yaml")


def test_later_phase_start_checks_sieges_and_control() -> None:
    data = retreat_case()
    data["phases"][1]["state"]["sieges"] = {"YOR": "france"}
    case = case_from_dict(data, read_state=READ_STATE)
    report = run_case(case, engine(FakeResolver(retreat_states())))
    text = report.render()
    assert "start sieges:\n    expected, not got: france besieges YOR" in text


def test_units_taken_off_in_a_movement_phase_are_disbanded() -> None:
    """Board events `destroyed` and `city_surrendered` count as disbanded (Machiavelli)."""
    from adjudicator.kits.board.results import Event, EventKind

    lost = Unit("england", UnitKind.ARMY, "YOR")
    taken = Unit("france", UnitKind.GARRISON, "LON")
    events = (
        Event(EventKind.DESTROYED, "england", "YOR", lost, "no_retreat"),
        Event(EventKind.CITY_SURRENDERED, "france", "LON", taken, "england"),
        Event(EventKind.SIEGE_BEGUN, "england", "WAL", None, "france"),
    )

    def resolve(before: GameState, orders: Sequence[Order]) -> Resolution:
        results = tuple(OrderResult(o, Outcome.SUCCEEDS, Reason.HELD) for o in orders)
        return Resolution(before, state("1901-fall-movement", {}), results, events=events)

    data = state_case({"disbanded": {"england": ["A YOR"], "france": ["G LON"]}})
    data["phases"][0]["expect"]["units"] = {}
    report = run_case(case_from_dict(data), Engine(resolve=resolve, parse=fake_parse))
    assert report.ok, report.render()
