"""The text and JSON reports of a resolved Genes Mactantes turn.

One hand-built turn 3 on the three-country test region (tests/genes_fixtures):
a siege test won on a 0, a capture contest, a battle in a field, a forced
Desenvolupament, Taxes with its test, three actions not resolved (over the
budget, impossible, cancelled by Observació), a natural disaster and a crisis
for turn 4.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from adjudicator.core.dice import Roll
from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.genes import ending
from adjudicator.rulesets.genes.model import (
    CharacterStatus,
    Crisis,
    Force,
    GenesState,
    Trait,
    TurnStart,
    field_place,
    first_phase,
)
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    GenesResolution,
    TurnFrame,
)
from adjudicator.rulesets.genes.outcome import (
    TestRoll as Side,  # not a test class
)
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import ActionKind, Declaration
from orders.issues import IssueKind, OrderIssue, Source
from renderers.genes.json_output import Names, de, render_genes_json
from renderers.genes.report import (
    GenesTurnReport,
    render_genes_report,
    render_sheets,
    result_lines,
)
from renderers.genes.words import (
    ACTION_WORDS,
    EFFECT_WORDS,
    REASON_WORDS,
    declaration_text,
    effect_text,
    reason_text,
    roll_text,
    roll_verdict,
)
from tests.genes.fixtures import character, decl, default_cities, make_region, make_state

A, D, M, T = Trait.AUTHORITY, Trait.DIPLOMACY, Trait.MILITARISM, Trait.TECHNOLOGY
SUCCEEDED, FAILED = ActionOutcome.SUCCEEDED, ActionOutcome.FAILED
E = EffectKind


def characters(maria_captured: bool) -> list:
    maria = character("maria", "ponent", diplomacy=1, militarism=3)
    if maria_captured:
        maria = maria.with_(status=CharacterStatus.CAPTURED, held_by="llevant")
    return [
        character("joan", "ponent", principal=True, authority=1, diplomacy=2, militarism=1),
        maria,
        character("pere", "llevant", principal=True, authority=2, diplomacy=2),
        character("anna", "migjorn", principal=True, diplomacy=1, technology=2),
        character("pau", "migjorn", militarism=2).with_(status=CharacterStatus.DEAD),
    ]


def cities() -> dict:
    found = default_cities()
    found["llevant_b"] = found["llevant_b"].with_(walled=True)
    found["llevant_c"] = found["llevant_c"].with_(owner="migjorn")
    return found


FORCES = (
    Force("ponent", "ponent_a", 5),
    Force("ponent", field_place("llevant"), 4),
    Force("llevant", "llevant_a", 5),
    Force("llevant", field_place("llevant"), 3),
    Force("migjorn", "migjorn_a", 5),
    Force("migjorn", field_place("llevant"), 3),
)


def previous_state() -> GenesState:
    state = make_state(
        turn=3,
        traits={"ponent": {A: 6, M: 6}, "migjorn": {A: 4, M: 3}},
        characters=characters(maria_captured=False),
        cities=cities(),
        forces=FORCES,
        start=TurnStart(forced={"ponent": ("development:technology",)}),
    )
    llevant = state.countries["llevant"].with_(counterpower=1)
    return state.with_(countries={**state.countries, "llevant": llevant})


def next_state(previous: GenesState) -> GenesState:
    countries = dict(previous.countries)
    ponent = countries["ponent"]
    countries["ponent"] = ponent.with_(traits={**ponent.traits, T: 6})
    llevant = countries["llevant"]
    countries["llevant"] = llevant.with_(
        traits={**llevant.traits, A: 4}, lost_actions=1, extra_actions=1
    )
    countries["migjorn"] = countries["migjorn"].with_(crises={Crisis.ANARCHY: 1})
    start = TurnStart(
        event_roll=10,
        event="disaster",
        event_country="llevant",
        disaster_city="llevant_a",
        forced={"llevant": ("restore_order",), "migjorn": ("development:militarism",)},
        disabled=("pere", "llevant_a"),
    )
    forces = tuple(f for f in FORCES if f.owner != "llevant" or f.place == "llevant_a")
    return previous.with_(
        phase=first_phase(4),
        countries=countries,
        characters={c.id: c for c in characters(maria_captured=True)},
        forces=forces,
        sieges={"llevant_b": "ponent"},
        start=start,
    )


def src(file: str, line: int, text: str) -> Source:
    return Source(file, line, text)


def results() -> tuple[ActionResult, ...]:
    siege = decl("ponent", ActionKind.SIEGE, city="llevant_b", helpers=["joan"])
    capture = decl("llevant", ActionKind.CAPTURE, character="maria", trait="militarism")
    battle = decl("migjorn", ActionKind.EXTERNAL_BATTLE, target="llevant", place="field:llevant")
    return (
        ActionResult(
            siege, SUCCEEDED, GenesReason.PASSED, step=1,
            rolls=(Side("ponent", 10, (("Militarisme", 6), ("Joan", 1)), 17, 12),),
            effects=(
                Effect(E.CITY_BESIEGED, "ponent", "llevant_b", other="llevant"),
                Effect(E.ACTIONS_NEXT_TURN, "llevant", delta=-1, other="ponent"),
            ),
        ),
        ActionResult(
            capture, SUCCEEDED, GenesReason.WON, step=2,
            rolls=(
                Side("llevant", 9, (("Militarisme", 5),), 14),
                Side("ponent", 2, (("Militarisme", 5), ("Maria", 3)), 10),
            ),
            effects=(Effect(E.CHARACTER_CAPTURED, "llevant", "maria", other="ponent"),),
        ),
        ActionResult(
            battle, SUCCEEDED, GenesReason.WON, step=3,
            rolls=(
                Side("migjorn", 7, (("Exèrcit", 3),), 10),
                Side("llevant", 4, (("Exèrcit", 3),), 7),
            ),
            effects=(Effect(E.FORCE, "llevant", field_place("llevant"), -3, 0),),
        ),
        ActionResult(
            decl("ponent", ActionKind.DEVELOPMENT, trait="technology"),
            SUCCEEDED, GenesReason.DONE, step=4, forced=True,
            effects=(Effect(E.TRAIT, "ponent", "technology", 1, 6),),
        ),
        ActionResult(
            decl("llevant", ActionKind.TAXES), SUCCEEDED, GenesReason.DONE, step=5,
            rolls=(
                Side("llevant", 1, (("Autoritat", 4),), 5, 10, "Autoritat test after the taxes"),
            ),
            effects=(
                Effect(E.ACTIONS_NEXT_TURN, "llevant", delta=1),
                Effect(E.TRAIT, "llevant", "authority", -1, 4),
            ),
        ),
        ActionResult(
            Declaration("ponent", ActionKind.SABOTAGE, target="migjorn",
                        source=src("ponent.txt", 5, "sabotatge a Migjorn")),
            ActionOutcome.NOT_RESOLVED, GenesReason.OVER_BUDGET,
        ),
        ActionResult(
            Declaration("migjorn", ActionKind.FORTIFY, city="llevant_b",
                        source=src("migjorn.txt", 2, "fortificar Llevant B  ")),
            ActionOutcome.NOT_RESOLVED, GenesReason.NOT_OWN_CITY, step=6,
            detail="Llevant B is Llevant's",
        ),
        ActionResult(
            decl("llevant", ActionKind.ALLY, target="migjorn", place="field:llevant"),
            SUCCEEDED, GenesReason.DONE,
        ),
        ActionResult(
            decl("llevant", ActionKind.INVESTIGATION, target="ponent"),
            ActionOutcome.NOT_RESOLVED, GenesReason.CANCELLED_BY_OBSERVATION,
        ),
    )  # fmt: skip


FRAME = TurnFrame(
    initiative=("ponent", "llevant", "migjorn"),
    initiative_rolls=(
        Side("llevant", 8, (), 8, label="initiative tie, round 1"),
        Side("migjorn", 3, (), 3, label="initiative tie, round 1"),
    ),
    budgets=(("ponent", 4), ("llevant", 4), ("migjorn", 3)),
    budget_terms=(
        ("ponent", (("Rellevància", 2), ("Autoritat/3", 2), ("Tecnologia/3", 1), ("Bloqueig", -1))),
        ("llevant", (("Rellevància", 2), ("Autoritat/3", 1), ("Tecnologia/3", 1))),
        (
            "migjorn",
            (("Rellevància", 2), ("Autoritat/3", 1), ("Tecnologia/3", 1), ("Autarquia", -1)),
        ),
    ),
    effects=(Effect(E.CRISIS_BEGUN, "migjorn", "anarchy", 1, 1),),
    rolls=(Side("migjorn", 4, (("Militarisme", 3),), 7, 11, "crisis test of Militarisme"),),
)
ROLLS = tuple(
    Roll("demo", "3-actions", purpose, 0, 10, face)
    for purpose, face in (
        ("initiative:llevant", 8), ("initiative:migjorn", 3), ("ponent:1:test", 10),
        ("llevant:1:attack", 9), ("llevant:1:defence", 2), ("migjorn:1:attack", 7),
        ("migjorn:1:defence", 4), ("llevant:2:test", 1), ("crisis:migjorn:militarism", 4),
    )
)  # fmt: skip
ISSUE = OrderIssue(IssueKind.SYNTAX, "cannot read this line", src("ponent.txt", 7, "sabotge a"))
RECEIPTS = (("ponent.txt", "ab" * 32), Receipt("llevant.txt", "cd" * 32))


def make_turn(result_order: tuple[ActionResult, ...] | None = None) -> GenesTurnReport:
    previous = previous_state()
    resolution = GenesResolution(
        previous, next_state(previous), result_order or results(), FRAME, ROLLS
    )
    return GenesTurnReport(
        resolution=resolution,
        region=make_region(),
        game_name="demo",
        ruleset_title="Genes Mactantes (002 v0.2)",
        changed_options={"events": True},
        issues=(ISSUE,),
        receipts=RECEIPTS,
        file_powers={"ponent.txt": "ponent", "llevant.txt": "llevant"},
    )


@pytest.fixture(scope="module")
def text() -> str:
    return render_genes_report(make_turn())


@pytest.fixture(scope="module")
def data() -> dict:
    return json.loads(render_genes_json(make_turn()))


# --- the text report ---------------------------------------------------------------


def test_header_options_and_receipts(text: str) -> None:
    lines = text.splitlines()
    assert lines[:4] == [
        "Game: demo",
        "Ruleset: Genes Mactantes (002 v0.2)",
        "Turn 3 resolved (3-actions)",
        "Options differing from the rulebook: events = True",
    ]
    assert f"  llevant.txt  {'cd' * 32}" in lines
    assert f"  ponent.txt   {'ab' * 32}" in lines


def test_problems_quote_file_and_line(text: str) -> None:
    assert "== Problems in the declarations ==" in text
    assert "  ponent.txt, line 7: syntax: cannot read this line\n      > sabotge a" in text


def test_frame_initiative_budget_formula_and_forced(text: str) -> None:
    lines = text.splitlines()
    assert (
        "Initiative (Autoritat less Contrapoder, highest first): Ponent 6, Llevant 4, Migjorn 4"
        in lines
    )
    assert "  Initiative tie, round 1 (higher first): Llevant d10 [8], Migjorn d10 [3]" in lines
    assert (
        "  Ponent: 4 actions = Rellevància 2 + Autoritat/3 2 + Tecnologia/3 1 - Bloqueig 1" in lines
    )
    assert "Forced actions in turn 3:" not in text
    assert (
        "Forced actions this turn:\n  Ponent: Desenvolupament de Tecnologia (critical situation)"
        in text
    )


def test_test_line_with_terms_face_and_difficulty(text: str) -> None:
    assert (
        "1. Ponent — Setge de Llevant B (Militarisme 12, walled): "
        "Militarisme 6 + Joan 1 + d10 [0 (10)] = 17 > 12: succeeded. "
        "Llevant B (Llevant) is besieged by Ponent; Llevant loses 1 action next turn."
    ) in text.splitlines()


def test_contest_shows_both_sides(text: str) -> None:
    assert (
        "2. Llevant — Capturar Maria (contest of Militarisme):\n"
        "     Llevant: Militarisme 5 + d10 [9] = 14\n"
        "     Ponent:  Militarisme 5 + Maria 3 + d10 [2] = 10\n"
        "     won by 4.\n"
        "     Maria is captured by Llevant."
    ) in text


def test_battle_shows_both_sides_and_losses(text: str) -> None:
    assert (
        "3. Migjorn — Batalla contra Llevant al camp de Llevant (battle):\n"
        "     Migjorn: Exèrcit 3 + d10 [7] = 10\n"
        "     Llevant: Exèrcit 3 + d10 [4] = 7\n"
        "     won by 3.\n"
        "     Llevant loses 3 Exèrcit at the field of Llevant (0 left)."
    ) in text


def test_automatic_forced_and_taxes_lines(text: str) -> None:
    """Taxes is automatic: its Autoritat test is labelled as what it decides."""
    lines = text.splitlines()
    assert (
        "4. Ponent — Desenvolupament de Tecnologia (automatic, forced): done. "
        "Ponent's Tecnologia rises by 1 to 6." in lines
    )
    assert (
        "5. Llevant — Taxes (automatic, then Autoritat 10):\n"
        "     Autoritat test after the taxes: Autoritat 4 + d10 [1] = 5 ≤ 10: failed\n"
        "     done.\n"
        "     Llevant gains 1 action next turn; Llevant's Autoritat falls by 1 to 4."
    ) in text


def test_free_lines_after_the_steps(text: str) -> None:
    section = text.split("== Resolution ==\n")[1].split("\n\n")[0].splitlines()
    assert section[-2:] == [
        "Free lines (no action spent):",
        "  Llevant — Aliança amb Migjorn al camp de Llevant: in force this turn.",
    ]


def test_an_action_not_carried_out_keeps_its_step_and_is_spent(text: str) -> None:
    """002 §5.4.5: an impossible action is spent at its place in the sequence;
    the resolution tells it there, the line is quoted below."""
    assert (
        "6. Migjorn — Fortificar Llevant B: impossible (Llevant B is Llevant's);"
        " the action is spent."
    ) in text.split("== Resolution ==\n")[1].split("\n\n")[0].splitlines()


def test_resolution_in_step_order_whatever_the_input_order(text: str) -> None:
    steps = [
        line.split(".")[0]
        for line in text.splitlines()
        if line[:2] in ("1.", "2.", "3.", "4.", "5.")
    ]
    assert steps == ["1", "2", "3", "4", "5"]
    assert render_genes_report(make_turn(tuple(reversed(results())))) == text


def test_rolls_not_the_actions_own_say_what_they_are_for() -> None:
    """A watch on a travelling helper (002 §5.4.1) and a helper's fate after a
    failed action are labelled and say what they decided; the action's own
    test is the country's line. The JSON keeps the labels."""
    turn = make_turn()
    failed = ActionResult(
        decl("llevant", ActionKind.SABOTAGE, target="ponent", helpers=["pere"]),
        FAILED, GenesReason.FAILED, step=7,
        rolls=(
            Side("migjorn", 2, (("Diplomàcia", 5),), 7, label="watch by Migjorn on Pere"),
            Side("llevant", 7, (("Diplomàcia", 5), ("Pere", 2)), 14, label="Pere travelling"),
            Side("llevant", 4, (("Diplomàcia", 5), ("Pere", 2)), 11, 12),
            Side("llevant", 4, (), 4, label="fate of Pere"),
        ),
        effects=(Effect(E.CHARACTER_CAPTURED, "ponent", "pere", other="llevant"),),
    )  # fmt: skip
    assert result_lines(failed, turn) == [
        "7. Llevant — Sabotatge a Ponent (Diplomàcia 12):",
        "     watch by Migjorn on Pere: Diplomàcia 5 + d10 [2] = 7",
        "     Pere travelling:          Diplomàcia 5 + Pere 2 + d10 [7] = 14: gets through",
        "     Llevant:                  Diplomàcia 5 + Pere 2 + d10 [4] = 11 ≤ 12",
        "     fate of Pere:             d10 [4]: captured by Ponent",
        "     failed.",
        "     Pere is captured by Ponent.",
    ]
    rolls = json.loads(render_genes_json(dataclasses.replace(
        turn, resolution=dataclasses.replace(turn.resolution, results=(failed,))
    )))["results"][0]["rolls"]  # fmt: skip
    assert [r["label"] for r in rolls] == [
        "watch by Migjorn on Pere", "Pere travelling", "", "fate of Pere"
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("rolls", "verdict"),
    [
        ((Side("ponent", 1, (), 1, label="fate of Joan"),), "killed"),
        ((Side("ponent", 5, (), 5, label="fate of Joan"),), "escapes"),  # no captor
        ((Side("ponent", 10, (), 10, label="fate of Joan"),), "escapes"),
        (
            (
                Side("llevant", 6, (("Diplomàcia", 5),), 11, label="watch by Llevant on Joan"),
                Side("ponent", 6, (("Diplomàcia", 5),), 11, label="Joan travelling"),
            ),
            "gets through",  # the watch must beat the traveller
        ),
        (
            (
                Side("llevant", 7, (("Diplomàcia", 5),), 12, label="watch by Llevant on Joan"),
                Side("ponent", 6, (("Diplomàcia", 5),), 11, label="Joan travelling"),
            ),
            "caught",
        ),
        ((Side("ponent", 3, (("Autoritat", 5),), 8, 14, "peace (Autoritat 14)"),), "failed"),
        ((Side("ponent", 3, (("Autoritat", 5),), 8, 14),), ""),  # the action's own test
    ],
)
def test_roll_verdicts(rolls: tuple[Side, ...], verdict: str) -> None:
    names = Names(make_region(), (previous_state(),))
    assert roll_verdict(rolls, len(rolls) - 1, (), names) == verdict


def test_actions_not_resolved_quote_their_lines(text: str) -> None:
    section = text.split("== Actions not resolved ==\n")[1].split("\n\n")[0]
    assert section.splitlines() == [
        (
            "  Ponent: Sabotatge a Migjorn: over the budget: beyond the country's actions"
            " this turn (Ponent had 4 this turn)"
        ),
        "      ponent.txt, line 5: > sabotatge a Migjorn",
        "  Llevant: Investigació a Ponent: cancelled by the target's Observació",
        (
            "  Migjorn: Fortificar Llevant B: impossible: the city is not the country's own"
            " (Llevant B is Llevant's) [step 6]"
        ),
        "      migjorn.txt, line 2: > fortificar Llevant B",
    ]


def test_start_of_next_turn(text: str) -> None:
    section = text.split("== Start of turn 4 ==\n")[1].split("\n\n")[0]
    lines = section.splitlines()
    assert lines[0].startswith("Event: d10 [0 (10)]: natural disaster in Llevant at Llevant A;")
    assert "  Annulled by the disaster in turn 4: Llevant A, Pere" in lines
    assert (
        "  Migjorn, crisis test of Militarisme: Militarisme 3 + d10 [4] = 7 ≤ 11: failed" in lines
    )
    assert "  Migjorn falls into Anarquia (one action less per turn; 1 in all)." in lines
    assert "  Llevant: Restaurar ordre (natural disaster)" in lines
    assert "  Migjorn: Desenvolupament de Militarisme (critical situation)" in lines
    assert (
        "  Migjorn names its kind (a line `desastre: <kind>`); Ponent may move it to"
        " another city of Llevant (a line `desastre a <city>`)"
    ) in lines
    assert (
        "Forced actions in turn 4 (counted first against the country's actions;"
        " the judge adds any not declared):"
    ) in lines
    assert "  Ponent: 6 actions = Rellevància 2 + Autoritat/3 2 + Tecnologia/3 2" in lines


def test_sheets(text: str) -> None:
    ponent = text.split("== Fitxa de societat: Ponent ==\n")[1].split("\n\n")[0].splitlines()
    assert ponent == [
        "  Rellevància: Mitjana",
        "  Autoritat 6, Diplomàcia 5, Militarisme 6, Tecnologia 6",
        "  Exèrcit 9: Ponent A 5, the field of Llevant 4",
        "  Cities (3): Ponent A (capital), Ponent B, Ponent C",
        "  Characters:",
        "    Joan: Autoritat 1, Diplomàcia 2, Militarisme 1; at Ponent A; principal",
        "    Maria: Diplomàcia 1, Militarisme 3; at Ponent A; captured by Llevant",
        "  Victory points so far: 63",
    ]
    llevant = text.split("== Fitxa de societat: Llevant ==\n")[1].split("\n\n")[0]
    assert "  Autoritat 4 (Contrapoder 1: 3 in play), Diplomàcia 5" in llevant
    assert "  Cities (2): Llevant A (capital), Llevant B (walled, besieged by Ponent)" in llevant
    assert "  Holding captive: Maria (Ponent)" in llevant
    assert (
        "  Standing: 1 action lost in turn 4 (Sabotatge, Incursió, Setge);"
        " 1 extra action in turn 4 (Taxes)"
    ) in llevant
    assert (
        "    Pere: Autoritat 2, Diplomàcia 2; at Llevant A; principal, annulled by the" in llevant
    )
    migjorn = text.split("== Fitxa de societat: Migjorn ==\n")[1].split("\n\n")[0]
    assert "  Crises: Anarquia 1" in migjorn
    assert "Llevant C (conquered, in Llevant)" in migjorn
    assert "    Pau: Militarisme 2; dead" in migjorn


def test_sheets_tell_the_coming_turn_not_the_one_played() -> None:
    """The sheets describe the start of the next turn: a character that acted in
    the turn played is not marked; a crisis test's helper is active in the next
    (002 §5.4.6), apart from the characters the disaster annuls."""
    turn = make_turn()
    start = dataclasses.replace(
        turn.state.start, disabled=("llevant_a", "pere"), active=("anna",)
    )
    state = turn.state.with_(start=start)
    over = dataclasses.replace(turn.resolution, state=state)
    text = render_genes_report(dataclasses.replace(turn, resolution=over))
    assert "active this turn" not in text
    assert "Already active in turn 4 (they helped a crisis test): Anna" in text
    assert "    Anna: Diplomàcia 1, Tecnologia 2; at Migjorn A; principal, already active" in text
    assert "  Annulled by the disaster in turn 4: Llevant A, Pere" in text
    shown = render_sheets(state, turn.region)
    assert "Already active in turn 4 (they helped a crisis test): Anna" in shown


def test_a_moved_disaster_is_told_where_it_struck() -> None:
    """002 §5.3: the chooser may move the disaster; the turn's frame says so and
    lists what it annulled there."""
    turn = make_turn()
    previous = turn.previous.with_(
        start=TurnStart(
            event_roll=10, event="disaster", event_country="llevant",
            disaster_city="llevant_a", disabled=("llevant_a", "pere"),
        )
    )  # fmt: skip
    moved = ActionResult(
        decl("migjorn", ActionKind.DISASTER_CITY, city="llevant_b"), SUCCEEDED, GenesReason.DONE,
        effects=(Effect(E.DISASTER_CHOSEN, "llevant", "city", other="llevant_b"),),
    )  # fmt: skip
    resolution = dataclasses.replace(turn.resolution, previous=previous, results=(moved,))
    frame = render_genes_report(dataclasses.replace(turn, resolution=resolution))
    frame = frame.split("== Turn 3 ==\n")[1].split("\n\n")[0]
    assert "  Moved by the chooser to Llevant B" in frame
    assert "  Annulled by the disaster this turn: Llevant B" in frame


def test_what_a_player_needs_for_the_next_turn() -> None:
    """A country without a principal is told so; a forced action the judge
    added and could not fit says so (it has no line to quote); a watch reads
    in the rulebook's words; a recruit's gain says what stands there now."""
    turn = make_turn()
    dead = turn.state.characters["joan"].with_(status=CharacterStatus.DEAD)
    state = turn.state.with_(characters={**turn.state.characters, "joan": dead})
    added = ActionResult(
        decl("migjorn", ActionKind.DEVELOPMENT, trait="militarism"),
        ActionOutcome.NOT_RESOLVED, GenesReason.OVER_BUDGET, forced=True,
    )  # fmt: skip
    watch = ActionResult(
        decl("ponent", ActionKind.WATCH, mode="capture", target="llevant"), SUCCEEDED,
        GenesReason.DONE,
    )  # fmt: skip
    resolution = dataclasses.replace(
        turn.resolution, state=state, results=(*turn.resolution.results, added, watch)
    )
    text = render_genes_report(dataclasses.replace(turn, resolution=resolution))
    ponent = text.split("== Fitxa de societat: Ponent ==\n")[1].split("\n\n")[0]
    assert "  Principal: none (Ascendir <character> a principal names one)" in ponent
    llevant = text.split("== Fitxa de societat: Llevant ==\n")[1].split("\n\n")[0]
    assert "Principal: none" not in llevant
    assert (
        "  Migjorn: Desenvolupament de Militarisme: over the budget: beyond the country's"
        " actions this turn (Migjorn had 3 this turn)\n"
        "      (a forced action the judge added: it was not declared)"
    ) in text
    assert "  Ponent — Vigilància capturar (Llevant): in force this turn." in text
    names = Names(make_region(), (previous_state(),))
    gain = Effect(E.FORCE, "ponent", "ponent_b", 2, 7)
    assert effect_text(gain, names) == "Ponent gains 2 Exèrcit at Ponent B (7 there now)"


def test_victory_points_agree_with_ending() -> None:
    turn = make_turn()
    board = Board(turn.state, turn.region, None, None)
    assert ending.victory_points(board, "ponent") == 63  # 2*23 + 2*1 + 2*3 + 9


def test_dice_log(text: str) -> None:
    log = text.split("Dice rolls:\n")[1].splitlines()
    assert log[2] == "  ponent:1:test #0: d10 -> 0 (10)"
    assert log[7] == "  llevant:2:test #0: d10 -> 1"
    assert len(log) == len(ROLLS)


def test_game_over_on_points() -> None:
    turn = make_turn()
    over = dataclasses.replace(
        turn.resolution,
        state=turn.state.with_(final_scores={"ponent": 66, "llevant": 66, "migjorn": 50}),
    )
    text = render_genes_report(dataclasses.replace(turn, resolution=over))
    assert "== Game over ==\n  Ponent: 66 victory points\n  Llevant: 66 victory points" in text
    assert "No single winner: tied at 66: Ponent, Llevant" in text
    assert "== Start of turn" not in text


def test_render_sheets_for_show() -> None:
    turn = make_turn()
    text = render_sheets(turn.state, turn.region)
    assert text.startswith("Turn 4 (4-actions)\nEvent: d10 [0 (10)]: natural disaster")
    assert "== Fitxa de societat: Migjorn ==" in text
    assert "active this turn" not in text


def test_report_is_deterministic() -> None:
    assert render_genes_report(make_turn()) == render_genes_report(make_turn())
    assert render_genes_json(make_turn()) == render_genes_json(make_turn())


# --- words -------------------------------------------------------------------------


@pytest.mark.parametrize("reason", list(GenesReason))
def test_every_reason_has_words(reason: GenesReason) -> None:
    assert REASON_WORDS.get(reason), f"no words for {reason!r}"
    assert reason_text(reason).startswith("impossible: ") == reason.value.startswith("impossible:")


@pytest.mark.parametrize("kind", list(EffectKind))
def test_every_effect_has_words(kind: EffectKind) -> None:
    assert kind in EFFECT_WORDS, f"no words for {kind!r}"
    names = Names(make_region(), (previous_state(),))
    full = effect_text(Effect(kind, "ponent", "joan", -2, 3, "llevant"), names)
    bare = effect_text(Effect(kind, "ponent"), names)
    assert full and bare and "{" not in full + bare


@pytest.mark.parametrize("kind", list(ActionKind))
def test_every_action_has_words(kind: ActionKind) -> None:
    names = Names(make_region(), (previous_state(),))
    assert ACTION_WORDS.get(kind)
    assert declaration_text(Declaration("ponent", kind), names)


def test_catalan_de_elides_before_a_vowel() -> None:
    assert de("Vilanova") == "de Vilanova"
    assert de("Olot") == "d'Olot"
    assert de("Autoritat") == "d'Autoritat"
    assert de("Horta") == "d'Horta"


def test_roll_text_of_the_natural_zero_and_one() -> None:
    zero = Side("ponent", 10, (("Diplomàcia", 1),), 11, 13)
    assert roll_text(zero) == "Diplomàcia 1 + d10 [0 (10)] = 11 ≤ 13, but a 0 always succeeds"
    one = Side("ponent", 1, (("Diplomàcia", 9), ("Joan", 3)), 13, 12)
    assert roll_text(one) == "Diplomàcia 9 + Joan 3 + d10 [1] = 13 > 12, but a 1 always fails"


# --- JSON --------------------------------------------------------------------------


def test_json_results_in_order_with_enum_values(data: dict) -> None:
    results = data["results"]
    assert [r["step"] for r in results] == [1, 2, 3, 4, 5, 0, 0, 0, 6]
    assert results[5]["declaration"]["kind"] == "ally"
    siege = results[0]
    assert (siege["outcome"], siege["reason"], siege["country"]) == (
        "succeeded",
        "passed",
        "ponent",
    )
    assert siege["declaration"] == {
        "power": "ponent", "kind": "siege", "city": "llevant_b", "helpers": ["joan"]
    }  # fmt: skip
    assert siege["rolls"] == [
        {
            "country": "ponent",
            "face": 10,
            "terms": [{"label": "Militarisme", "value": 6}, {"label": "Joan", "value": 1}],
            "total": 17,
            "against": 12,
            "label": "",
        }
    ]
    assert [e["kind"] for e in siege["effects"]] == ["city_besieged", "actions_next_turn"]
    assert [r["reason"] for r in results[6:]] == [
        "over_budget",
        "cancelled_by_observation",
        "impossible:not_own_city",
    ]
    assert results[6]["source"] == {"file": "ponent.txt", "line": 5, "text": "sabotatge a Migjorn"}


def test_json_frame_next_turn_sheets_and_log(data: dict) -> None:
    assert (data["schema"], data["turn"], data["next_phase"]) == (
        "mapjudge/genes-turn/1",
        3,
        "4-actions",
    )
    assert data["options"] == {"events": True}
    assert [r["file"] for r in data["receipts"]] == ["llevant.txt", "ponent.txt"]
    assert data["issues"][0]["power"] == "ponent"
    assert data["frame"]["budgets"] == {"ponent": 4, "llevant": 4, "migjorn": 3}
    assert data["frame"]["budget_terms"]["ponent"][3] == {"label": "Bloqueig", "value": -1}
    assert data["frame"]["start"]["forced"] == {"ponent": ["development:technology"]}
    assert data["next_turn"]["effects"][0]["kind"] == "crisis_begun"
    assert data["next_turn"]["crisis_rolls"][0]["against"] == 11
    assert data["next_turn"]["budgets"]["ponent"]["total"] == 6
    assert data["sheets"]["ponent"]["victory_points"] == 63
    assert data["sheets"]["ponent"]["army"] == 9
    assert data["state"]["sieges"] == {"llevant_b": "ponent"}
    assert data["names"]["cities"]["llevant_b"] == "Llevant B"
    assert data["rolls"][2] == {
        "game": "demo", "phase": "3-actions", "purpose": "ponent:1:test",
        "index": 0, "sides": 10, "result": 10,
    }  # fmt: skip


def test_json_keeps_utf8_and_sorted_keys() -> None:
    raw = render_genes_json(make_turn())
    assert "Rellevància" in raw and "\\u00e0" not in raw
    assert list(json.loads(raw)) == sorted(json.loads(raw))
