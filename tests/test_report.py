"""Text and JSON reports of a resolved phase."""

from __future__ import annotations

import json

import pytest

from adjudicator.core.dice import Roll
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import Receipt, rolls_from_dict
from adjudicator.kits.board.results import OrderResult, Outcome, Reason, Resolution
from adjudicator.kits.board.state import Dislodged, GameState, PhaseKind, Season, Unit
from maps import load_map
from maps.model import GameMap
from orders.board.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.issues import IssueKind, OrderIssue, Source
from renderers.board.json_output import SCHEMA, render_json, resolution_dict
from renderers.board.report import (
    REASON_PHRASES,
    TurnReport,
    format_order,
    reason_text,
    render_board,
    render_report,
)

A, F = UnitKind.ARMY, UnitKind.FLEET


def ref(kind: UnitKind | None, location: str, power: str | None = None) -> UnitRef:
    return UnitRef(kind, location, power)


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_map("classic")


@pytest.mark.parametrize(
    ("order", "text"),
    [
        (Hold("england", ref(A, "LVP")), "A LVP H"),
        (Move("england", ref(A, "LON"), "NTH"), "A LON - NTH"),
        (Move("england", ref(A, "LON"), "BEL", via_convoy=True), "A LON - BEL via convoy"),
        (SupportHold("england", ref(F, "NTH"), ref(A, "YOR")), "F NTH S A YOR"),
        (SupportMove("england", ref(F, "NTH"), ref(None, "YOR"), "NWY"), "F NTH S YOR - NWY"),
        (Convoy("england", ref(F, "NTH"), ref(A, "YOR"), "NWY"), "F NTH C A YOR - NWY"),
        (
            Convoy("turkey", ref(F, "BLA"), ref(A, "SEV", "russia"), "ANK"),
            "F BLA C russia A SEV - ANK",
        ),
        (Retreat("france", ref(A, "MAR"), "GAS"), "A MAR R GAS"),
        (Disband("france", ref(F, "SPA/nc")), "DISBAND F SPA/nc"),
        (Build("england", ref(A, "LON")), "BUILD A LON"),
        (Waive("england"), "WAIVE"),
    ],
)
def test_canonical_order_text(order: object, text: str) -> None:
    assert format_order(order) == text  # type: ignore[arg-type]


def test_missing_kind_is_filled_from_the_unit() -> None:
    order = Move("england", ref(None, "LON"), "NTH")
    assert format_order(order, Unit("england", F, "LON")) == "F LON - NTH"


def test_every_reason_has_words() -> None:
    assert set(REASON_PHRASES) == set(Reason)
    assert reason_text(Reason.BOUNCED) == "bounced"
    assert reason_text(Reason.UNREACHABLE) == (
        "illegal: the destination is not next to the unit; it holds"
    )
    assert reason_text(Reason.NOT_YOUR_UNIT).startswith("illegal: the unit is not yours")
    assert reason_text(Reason.RETREAT_OCCUPIED, PhaseKind.RETREAT).endswith("disbanded")


def spring_resolution() -> Resolution:
    """England moves, France and Germany bounce in Burgundy, one illegal order."""
    previous = GameState(
        phase=Phase(1901, Season.SPRING, PhaseKind.MOVEMENT),
        units=(
            Unit("england", F, "LON"),
            Unit("france", A, "PAR"),
            Unit("germany", A, "MUN"),
        ),
        supply_centers={"LON": "england", "PAR": "france", "MUN": "germany"},
    )
    state = previous.with_(
        phase=Phase(1901, Season.FALL, PhaseKind.MOVEMENT),
        units=(Unit("england", F, "NTH"), Unit("france", A, "PAR"), Unit("germany", A, "MUN")),
        standoffs=frozenset({"BUR"}),
    )
    bad = Move("england", ref(A, "PAR"), "PIC", source=Source("england.txt", 4, "a par-pic"))
    results = (
        OrderResult(Move("germany", ref(A, "MUN"), "BUR"), Outcome.FAILS, Reason.BOUNCED),
        OrderResult(
            Move("england", ref(None, "LON"), "NTH"),
            Outcome.SUCCEEDS,
            Reason.MOVED,
            Unit("england", F, "LON"),
        ),
        OrderResult(Move("france", ref(A, "PAR"), "BUR"), Outcome.FAILS, Reason.BOUNCED),
        OrderResult(
            bad,
            Outcome.FAILS,
            Reason.NOT_YOUR_UNIT,
            Unit("france", A, "PAR"),
            "the unit in PAR belongs to france",
        ),
    )
    roll = Roll("g", "1901-spring-movement", "weather", 0, 6, 4)
    return Resolution(previous, state, results, rolls=(roll,))


def spring_turn(game_map: GameMap) -> TurnReport:
    issue = OrderIssue(
        IssueKind.SYNTAX,
        "unknown province 'Lodnon'",
        Source("england.txt", 3, "F Lodnon H"),
        ("LON (London)",),
    )
    return TurnReport(
        resolution=spring_resolution(),
        game_map=game_map,
        ruleset="classic",
        ruleset_title="Diplomacy",
        game_name="test",
        changed_options={"victory_centers": 12},
        issues=(issue,),
        receipts=(Receipt("england.txt", "ab" * 32),),
        file_powers={"england.txt": "england"},
    )


def test_report_text(game_map: GameMap) -> None:
    text = render_report(spring_turn(game_map))
    assert text.splitlines()[:4] == [
        "Game: test",
        "Ruleset: Diplomacy",
        "Phase resolved: Spring 1901 movement (1901-spring-movement)",
        "Options differing from the rulebook: victory_centers = 12",
    ]
    england = text.split("== England ==\n")[1].split("\n\n")[0]
    assert england.splitlines() == [
        "  F LON - NTH  moved",
        "  A PAR - PIC  illegal: the unit is not yours; ignored (the unit in PAR belongs to france)",
        "  Problems with your orders:",
        "    england.txt, line 3: syntax: unknown province 'Lodnon': did you mean LON (London)?",
        "        > F Lodnon H",
    ]
    assert "== France ==\n  A PAR - BUR  bounced" in text
    assert "weather #0: d6 -> 4" in text
    assert f"england.txt  {'ab' * 32}" in text
    assert text.rstrip().endswith("Next phase: Fall 1901 movement (1901-fall-movement)")
    assert "Supply centres" not in text  # only after the fall


def test_report_is_deterministic(game_map: GameMap) -> None:
    turn = spring_turn(game_map)
    shuffled = TurnReport(
        **{
            **turn.__dict__,
            "resolution": Resolution(
                turn.resolution.previous,
                turn.resolution.state,
                tuple(reversed(turn.resolution.results)),
                turn.resolution.rolls,
            ),
        }
    )
    assert render_report(shuffled) == render_report(turn)
    assert render_json(shuffled) == render_json(turn)


def test_fall_report_counts_centres_and_dislodged_retreats(game_map: GameMap) -> None:
    previous = GameState(
        phase=Phase(1901, Season.FALL, PhaseKind.MOVEMENT),
        units=(Unit("france", A, "BUR"), Unit("germany", A, "MUN"), Unit("germany", A, "RUH")),
        supply_centers={"MUN": "germany", "PAR": "france"},
    )
    after = GameState(
        phase=Phase(1901, Season.FALL, PhaseKind.RETREAT),
        units=(Unit("germany", A, "BUR"), Unit("germany", A, "MUN")),
        supply_centers=previous.supply_centers,
        dislodged=(
            Dislodged(Unit("france", A, "BUR"), "RUH", retreats=("BEL", "GAS", "MAR", "PAR", "PIC")),
        ),
    )
    turn = TurnReport(Resolution(previous, after, ()), game_map, "classic", "Diplomacy")
    text = render_report(turn)
    assert "Dislodged: A BUR (may retreat to: BEL, GAS, MAR, PAR, PIC)" in text
    assert "Supply centres" not in text  # ownership changes only after the retreats
    winter = after.with_(phase=Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT), dislodged=())
    text = render_report(TurnReport(Resolution(after, winter, ()), game_map, "classic", "D"))
    assert "Supply centres: 1 (MUN); units: 2; removals 1" in text


def test_json_schema(game_map: GameMap) -> None:
    data = json.loads(render_json(spring_turn(game_map)))
    assert set(data) == {
        "schema",
        "game",
        "ruleset",
        "phase",
        "next_phase",
        "options",
        "results",
        "units",
        "dislodged",
        "supply_centers",
        "standoffs",
        "winner",
        "issues",
        "rolls",
        "receipts",
        "notes",
        "events",
        "control",
        "sieges",
    }
    assert (data["events"], data["control"], data["sieges"]) == ([], {}, {})
    assert data["schema"] == SCHEMA
    assert (data["phase"], data["next_phase"]) == ("1901-spring-movement", "1901-fall-movement")
    assert data["results"][0] == {
        "power": "england",
        "unit": "F LON",
        "order": "F LON - NTH",
        "outcome": "succeeds",
        "reason": "moved",
        "detail": "",
    }
    assert [r["reason"] for r in data["results"]] == [
        "moved",
        "illegal:not_your_unit",
        "bounced",
        "bounced",
    ]
    assert data["units"]["england"] == ["F NTH"]
    assert data["standoffs"] == ["BUR"]
    assert data["issues"][0]["power"] == "england"
    assert set(data["issues"][0]) == {
        "power",
        "kind",
        "file",
        "line",
        "column",
        "text",
        "message",
        "suggestions",
    }
    assert rolls_from_dict(data) == spring_resolution().rolls
    assert resolution_dict(spring_turn(game_map))["receipts"] == [
        {"file": "england.txt", "sha256": "ab" * 32}
    ]


def test_board(game_map: GameMap) -> None:
    state = spring_resolution().previous
    text = render_board(state, game_map)
    assert text.splitlines()[:4] == [
        "Phase: Spring 1901 movement (1901-spring-movement)",
        "England:",
        "  units (1): F LON",
        "  centres (1): LON",
    ]


def test_issues_of_unknown_files_get_their_own_section(game_map: GameMap) -> None:
    turn = spring_turn(game_map)
    text = render_report(TurnReport(**{**turn.__dict__, "file_powers": {}}))
    assert "== Other order files ==\n  england.txt, line 3: syntax:" in text
    assert (
        json.loads(render_json(TurnReport(**{**turn.__dict__, "file_powers": {}})))["issues"][0][
            "power"
        ]
        is None
    )
