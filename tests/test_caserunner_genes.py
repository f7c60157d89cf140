"""The case runner's generic part and its genes adapter, on small in-memory cases.

The genes cases of `tests/cases/genes/` check the engine; these check the
runner: the header and `xfail` keys, the adapter registry, the genes case
format and its errors, the state patch, the strict dice, the matcher and
the report a failing case gives.
"""

from __future__ import annotations

import copy
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.caserunner import runner
from tests.caserunner.common import Adapter, CaseFormatError, read_header
from tests.caserunner.genes import case_from_dict, run_case
from tests.caserunner.genes.start import CaseDice, UnscriptedRoll, merged
from tests.caserunner.genes.views import match

# --- the generic part ------------------------------------------------------------------


def header(**changes: Any) -> dict[str, Any]:
    return {"id": "T.1", "ruleset": "genes", "rule": "002 §5.2", "title": "A TEST", **changes}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"id": "T.1", "ruleset": "genes", "title": "x"}, "missing key(s) rule"),
        (header(xfail=""), "xfail: expected the reason"),
        (header(notes=3), "notes: expected a list of strings"),
        (header(title=""), "title: expected a non-empty string"),
        (["a list"], "expected a mapping, got list"),
    ],
)
def test_header_errors_name_the_key(data: Any, message: str) -> None:
    with pytest.raises(CaseFormatError, match=re.escape(message)):
        read_header(data, "t.yaml")


def test_header_reads_xfail_and_notes() -> None:
    read = read_header(header(xfail="the engine departs from §5.2", notes="one note"), "t.yaml")
    assert (read.xfail, read.notes) == ("the engine departs from §5.2", ("one note",))


def test_unknown_ruleset_has_no_adapter(tmp_path: Path) -> None:
    path = tmp_path / "T.1.yaml"
    path.write_text(yaml.safe_dump(header(ruleset="chess")), encoding="utf-8")
    with pytest.raises(CaseFormatError, match="'chess' has no case adapter"):
        runner.load_case(path)
    assert runner.peek(path) is not None and not runner.has_texts("chess")


def test_a_crashing_run_is_the_case_s_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def explode(case: Any) -> Any:
        raise RuntimeError("boom")

    monkeypatch.setitem(runner.ADAPTERS, "genes", Adapter(load=lambda d, w, p: d, run=explode))
    case = case_from_dict(quiet_case())
    outcome = runner.run_case(case)
    assert not outcome.ok
    text = outcome.render()
    assert text.startswith("case T.1 (002 §5.2): A TEST\n  the run raised:")
    assert "RuntimeError: boom" in text


def test_every_case_file_has_an_adapter() -> None:
    folders = {p.name for p in (Path(__file__).parent / "cases").iterdir() if p.is_dir()}
    assert folders - {"tools"} <= set(runner.ADAPTERS)


# --- genes cases: the format -------------------------------------------------------------


def quiet_case(**changes: Any) -> dict[str, Any]:
    """Ponent develops its Diplomàcia; nobody rolls."""
    turn = {
        "declarations": {"ponent": [{"line": "desenvolupament diplomàcia", "reason": "done"}]},
        "expect": {"countries": {"ponent": {"traits": {"diplomacy": 6}}}},
    }
    return {**header(), "turns": [turn], **changes}


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda c: c.update(colour="red"), "unknown key(s) colour"),
        (lambda c: c.update(sheets={}, state={}), "either state or sheets"),
        (lambda c: c.update(turns=[]), "nothing to check"),
        (lambda c: c.update(options={"turns": -1}), "options: option turns must be"),
        (lambda c: c.update(options={"colour": 1}), "options:"),
        (lambda c: c.update(state={"countries": {"ponent": {"relevance": "huge"}}}), "relevance"),
        (lambda c: c["turns"][0].update(dice={"ponent:1:test": 11}), "face 0..10"),
        (lambda c: c["turns"][0].update(dice=[1, "x"]), "faces 0..10"),
        (lambda c: c["turns"][0]["expect"].update(army_size=3), "unknown key(s) army_size"),
        (lambda c: c["turns"][0]["declarations"]["ponent"][0].update(colour=1), "colour"),
        (lambda c: c["turns"][0]["declarations"]["ponent"].append({"reason": "done"}), "line"),
    ],
)
def test_malformed_genes_cases_are_refused(mutate: Any, message: str) -> None:
    data = copy.deepcopy(quiet_case())
    mutate(data)
    with pytest.raises(CaseFormatError, match=re.escape(message)):
        case_from_dict(data, where="t.yaml")


def test_the_state_patch_merges_mappings_and_replaces_the_rest() -> None:
    base = {"a": {"x": 1, "y": 2}, "b": [1, 2], "c": 3}
    assert merged(base, {"a": {"y": None, "z": 4}, "b": [9], "c": None}) == {
        "a": {"x": 1, "z": 4},
        "b": [9],
    }
    assert base == {"a": {"x": 1, "y": 2}, "b": [1, 2], "c": 3}


def test_a_passing_case_is_ok() -> None:
    report = run_case(case_from_dict(quiet_case()))
    assert report.ok, report.render()


# --- the matcher ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expected", "got", "problems"),
    [
        ({"a": 1}, {"a": 1, "b": 2}, []),
        ({"a": None}, {"b": 2}, []),
        ({"a": None}, {"a": 3}, ["x.a: expected null, got 3"]),
        ({"a": 1}, {"b": 2}, ["x.a: expected 1, got nothing (keys there: b)"]),
        ([{"t": 1}], [{"t": 1, "u": 2}], []),
        ([1, 2], [1], ["x: expected [1, 2], got [1]"]),
        ({"contains": "spent"}, "31 spent of 30", []),
        (
            {"contains": "left"},
            "31 spent",
            ["x: expected a text containing 'left', got '31 spent'"],
        ),
        (True, 1, ["x: expected True, got 1"]),
        (1, 1, []),
        ({"a": {"b": 1}}, {"a": 2}, ["x.a: expected a mapping {'b': 1}, got 2"]),
    ],
)
def test_match(expected: Any, got: Any, problems: list[str]) -> None:
    assert match(expected, got, "x") == problems


# --- the dice ---------------------------------------------------------------------------------


def test_case_dice_name_unscripted_and_unused_faces() -> None:
    dice = CaseDice({"test": 7, "ponent:2:test": [3, 4], "events:2": 1})
    assert dice.roll("ponent:1:test", 10) == 7
    assert dice.roll("ponent:2:test", 10) == 3
    with pytest.raises(UnscriptedRoll, match="'initiative:ponent:1'"):
        dice.roll("initiative:ponent:1", 10)
    assert dice.unused() == ["ponent:2:test: [3, 4] (rolled 1 of 2)", "events:2: 1 (rolled 0 of 1)"]
    sequence = CaseDice([0, 5])
    assert sequence.roll("anything", 10) == 10  # the 0 face counts as 10
    assert sequence.unused() == ["faces [5] of the sequence"]


# --- the report --------------------------------------------------------------------------------


def test_a_failing_case_names_the_turn_line_and_key_path() -> None:
    data = quiet_case()
    data["turns"][0]["declarations"]["ponent"][0]["reason"] = "passed"
    data["turns"][0]["expect"]["countries"]["ponent"]["traits"]["diplomacy"] = 7
    report = run_case(case_from_dict(data))
    assert not report.ok
    text = report.render()
    assert "turn 1 (1-actions):" in text
    assert (
        "ponent line 1 'desenvolupament diplomàcia': reason: expected 'passed', got 'done'" in text
    )
    assert "countries.ponent.traits.diplomacy: expected 7, got 6" in text
    assert "ponent line 1 'desenvolupament diplomàcia' [development] -> succeeded (done)" in text


def test_an_unscripted_roll_stops_the_case() -> None:
    data = quiet_case()
    data["turns"][0]["declarations"]["ponent"] = ["sabotatge a Llevant"]
    data["turns"].append(copy.deepcopy(data["turns"][0]))
    report = run_case(case_from_dict(data))
    assert [s.problems for s in report.sections] == [
        ["the engine rolled for 'ponent:1:test', a roll the case gives no face for"],
        ["no state to play it from"],
    ]


def test_rejected_lines_and_unreadable_lines() -> None:
    data = quiet_case()
    data["turns"][0]["declarations"]["llevant"] = [
        {"line": "fortificar Atlantis", "rejected": "unknown city"},
        "fortificar Babel",
        {"line": "desenvolupament diplomàcia", "rejected": "unknown"},
    ]
    data["turns"][0]["expect"] = {}
    problems = run_case(case_from_dict(data)).sections[0].problems
    assert len(problems) == 2
    assert problems[0].startswith("llevant line 2 'fortificar Babel': not read as one declaration")
    assert problems[1].startswith(
        "llevant line 3 'desenvolupament diplomàcia': expected the parser to refuse it"
    )


def test_refused_sheets_leave_no_state_to_check() -> None:
    data = {
        **header(),
        "region": "peninsula",
        "sheets": {"ponent": {"país": "ponent", "rellevància": "petita"}},
        "created": {"problems": [], "army": {"ponent": 19}},
    }
    problems = run_case(case_from_dict(data)).sections[0].problems
    assert problems[0].startswith("problems: expected [], got [")
    assert problems[1] == "no state: the sheets were refused (see what happened)"
