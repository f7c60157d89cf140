"""The report a Machiavelli GM mails back: order results, sieges, garrisons,
control changes and adjustments (003 §1.1, §4.3, §4.4), made from real
resolutions of the `machiavelli` ruleset."""

from __future__ import annotations

import json
from typing import Any

import pytest

from adjudicator.kits.board.rules import BoardRules
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliOptions, MachiavelliState
from maps import load_map
from maps.model import GameMap
from orders.board.model import Besiege, Convert, SupportConvert, SupportHold, UnitKind, UnitRef
from orders.board.parser import parse_orders
from renderers.board.json_output import resolution_dict
from renderers.board.report import TurnReport, format_order, render_board, render_report
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING

Rules = BoardRules[MachiavelliOptions, MachiavelliState]

A, F, G = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON


@pytest.fixture(scope="module")
def ruleset() -> Rules:
    return MACHIAVELLI


@pytest.fixture(scope="module")
def game_map() -> GameMap:
    return load_map("machiavelli")


def turn(
    ruleset: Rules, game_map: GameMap, state: dict[str, Any], text: str
) -> TurnReport[MachiavelliState]:
    position = ruleset.read_state(state)
    parsed = parse_orders(
        text, game_map=game_map, phase_kind=position.phase.kind, grammar=ruleset.grammar
    )
    assert parsed.issues == ()
    resolution = ruleset.resolve(position, parsed.orders, game_map)
    return TurnReport(
        resolution, game_map, ruleset.name, ruleset.title, rendering=MACHIAVELLI_RENDERING
    )


@pytest.mark.parametrize(
    ("order", "text"),
    [
        (Besiege("florence", UnitRef(F, "PISA")), "F PISA B"),
        (Convert("venice", UnitRef(G, "VEN"), F), "G VEN = F"),
        (SupportHold("florence", UnitRef(A, "FLO"), UnitRef(A, "ARE"), True), "A FLO S A ARE B"),
        (
            SupportConvert("milan", UnitRef(A, "LUC"), UnitRef(G, "PISA", "florence"), A),
            "A LUC S florence G PISA = A",
        ),
    ],
)
def test_canonical_text_of_machiavelli_orders(order: Any, text: str) -> None:
    """003 §3.3 B, D, F: the report prints orders as the rulebook writes them."""
    assert format_order(order) == text


def test_a_siege_in_the_report(ruleset: Rules, game_map: GameMap) -> None:
    """003 §4.4: both sides read that a siege began, and it is listed as under way."""
    state = {
        "phase": "1454-spring-movement",
        "units": {"florence": ["F PISA"], "milan": ["G PISA"]},
    }
    report = turn(ruleset, game_map, state, "florence:\nF PISA B")
    text = render_report(report)
    assert "F PISA B  siege begun" in text
    assert "Siege begun at Pisa: the city falls if the siege goes on next movement phase" in text
    assert "Your garrison in Pisa is besieged by Florence" in text
    assert "Pisa: Florence besieges the Milan garrison" in text
    assert resolution_dict(report)["sieges"] == {"PISA": "florence"}

    second = dict(state, phase="1454-summer-movement", sieges={"PISA": "florence"})
    text = render_report(turn(ruleset, game_map, second, "florence:\nF PISA B"))
    assert "F PISA B  siege completed; the garrison surrendered" in text
    assert "Your garrison in Pisa surrendered to Florence's siege" in text
    assert "The garrison of Pisa surrendered to your siege" in text
    assert "Sieges under way" not in text


def test_control_and_adjustment_after_the_autumn(ruleset: Rules, game_map: GameMap) -> None:
    """003 §1, §1.1: after the autumn the report gives control changes and each
    power's cities against its units."""
    state = {
        "phase": "1454-fall-movement",
        "units": {"florence": ["A FLO", "A PISA"], "milan": ["A MIL"]},
        "control": {"milan": ["PISA", "MIL"], "florence": ["FLO"]},
        "home": {"florence": ["FLO", "PISA"], "milan": ["MIL"]},
    }
    report = turn(ruleset, game_map, state, "")
    text = render_report(report)
    assert "Control gained: Pisa (from Milan)" in text
    assert "Control lost: Pisa (to Florence)" in text
    assert "Cities controlled: 2 (FLO, PISA); units: 2; no change" in text
    assert "Cities controlled: 1 (MIL); units: 1; no change" in text
    assert report.next_state.phase.id == "1455-spring-movement"
    kinds = [event["kind"] for event in json.loads(json.dumps(resolution_dict(report)["events"]))]
    assert kinds == ["control_gained", "control_lost"]
    board = render_board(report.next_state, game_map, MACHIAVELLI_RENDERING)
    assert "cities controlled (2): FLO, PISA" in board


def test_a_dislodged_unit_withdraws_into_its_free_city(ruleset: Rules, game_map: GameMap) -> None:
    """003 §4.3: dislodged beside a free fortified city, the army becomes its garrison."""
    state = {
        "phase": "1454-spring-movement",
        "units": {"milan": ["A PAV"], "florence": ["A COMO", "A MIL"]},
    }
    text = render_report(
        turn(ruleset, game_map, state, "florence:\nA COMO - PAV\nA MIL S A COMO - PAV")
    )
    assert "A PAV was dislodged and became the garrison of the city of Pavia" in text
