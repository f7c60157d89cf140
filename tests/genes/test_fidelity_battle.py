"""Genes Mactantes, issue 18 items #1, #2, #3 and #7: where the judge departed
from rulebook 002 in founding, battles, captures and contests.

- #1 Fundar gives troops (002 §5.4.3 Fundar, §4.5 Exèrcit).
- #2 Allies' characters count in battle (002 §5.4.3 / §5.4.4 Batalla).
- #3 `vigilància capturar per militarisme` (002 §5.4.1, §5.4.3 Capturar).
- #7 The natural 0 and 1 in contests (002 §5.4.5), today's reading behind
  the option `contest_natural_dice`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import adjudicator.rulesets.genes.actions_army  # registers the handlers
import adjudicator.rulesets.genes.actions_society
import adjudicator.rulesets.genes.actions_spy  # noqa: F401
from adjudicator.rulesets.genes.battle import Side, fight
from adjudicator.rulesets.genes.model import CharacterStatus, CivilWar, Force, Trait, field_place
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    EffectKind,
    GenesReason,
)
from adjudicator.rulesets.genes.outcome import TestRoll as Roll  # not a test class
from adjudicator.rulesets.genes.work import HANDLERS, Board
from orders.genes.model import ActionKind
from orders.genes.parser import DeclarationNames, parse_declarations
from renderers.genes.report import result_lines
from tests.genes.fixtures import (
    HANDLER_PREFIX,
    FixedDice,
    character,
    decl,
    make_board,
    make_state,
    run_handler,
)
from tests.genes.test_report import make_turn

L_FIELD = field_place("llevant")
P_FIELD = field_place("ponent")


def old_reading() -> GenesOptions:
    """Today's reading of contests: the totals alone decide."""
    return GenesOptions(contest_natural_dice=False)


def resolve(
    kind: ActionKind,
    faces: Mapping[str, int | Sequence[int]],
    *,
    state: Any = None,
    free_lines: Sequence[Any] = (),
    options: GenesOptions | None = None,
    **fields: Any,
) -> tuple[ActionResult, Board]:
    """One declaration of ponent's on a fresh board, with free lines and options."""
    board = make_board(state, FixedDice(faces), options=options)
    board.free_lines.extend(free_lines)
    result = HANDLERS[kind](board, decl("ponent", kind, **fields), HANDLER_PREFIX)
    return result, board


# --- #1 Fundar gives troops ------------------------------------------------------------


def test_found_adds_two_exercit_standing_in_the_new_city() -> None:
    """§5.4.3 Fundar, §4.5 Exèrcit, issue 18 #1: the new city improves "la
    quantitat de tropes a l'abast" and Exèrcit counts "Nombre de ciutats x2":
    founding adds 2 Exèrcit, standing in the new city."""
    result, board = run_handler(ActionKind.FOUND, name="Vila Nova")
    assert result.succeeded
    assert board.strength_at("vila_nova", "ponent") == 2
    assert board.army("ponent") == 8 + 2
    forces = [e for e in result.effects if e.kind is EffectKind.FORCE]
    assert [(e.country, e.subject, e.delta, e.value) for e in forces] == [
        ("ponent", "vila_nova", 2, 2)
    ]


def test_found_that_cannot_be_done_adds_no_troops() -> None:
    """§5.4.3 Fundar, issue 18 #1: an impossible founding changes nothing."""
    result, board = run_handler(ActionKind.FOUND, name="Vila Nova", helpers=["pere"])
    assert not result.succeeded
    assert board.army("ponent") == 8


# --- #2 allies' characters in battle -----------------------------------------------------

ALLY_CHARS = (
    character("joan", "ponent", principal=True, militarism=1),
    character("pere", "llevant", principal=True, militarism=1),
    character("anna", "migjorn", principal=True, militarism=2),
    character("berta", "migjorn", militarism=3),
)


def field_war(*extra: Force) -> Any:
    """Ponent 6 and llevant 6 in llevant's field, migjorn 2 there too."""
    forces = [
        Force("ponent", L_FIELD, 6),
        Force("llevant", L_FIELD, 6),
        Force("llevant", "llevant_a", 5),
        Force("migjorn", L_FIELD, 2),
        Force("migjorn", "migjorn_a", 5),
        *extra,
    ]
    return make_state(characters=ALLY_CHARS, forces=forces)


def test_an_allys_named_characters_add_their_militarisme_to_the_attacker() -> None:
    """§5.4.3 Batalla, issue 18 #2: allies join "sumant el valor d'Exèrcit i
    els personatges": the characters an ally names in its alliance line go
    to the battle, become active and add their Militarisme."""
    ally = decl("migjorn", ActionKind.ALLY, target="ponent", place=L_FIELD, helpers=["berta"])
    result, board = resolve(
        ActionKind.BATTLE,
        {"attack": 5, "defence": 5},
        state=field_war(),
        free_lines=[ally],
        place=L_FIELD,
        target="llevant",
    )
    attack = next(r for r in result.rolls if r.country == "ponent" and not r.label)
    assert ("Berta (Migjorn)", 3) in attack.terms
    assert attack.total == 6 + 2 + 3 + 5
    assert "berta" in board.active
    assert board.characters["berta"].place == L_FIELD
    assert result.outcome is ActionOutcome.SUCCEEDED


def test_a_defenders_allys_characters_defend_a_city() -> None:
    """§5.4.3 Batalla, issue 18 #2: the defender's allies count their
    characters as the actor's do."""
    forces = [
        Force("ponent", L_FIELD, 8),
        Force("llevant", "llevant_a", 5),
        Force("migjorn", "llevant_a", 1),
    ]
    state = make_state(characters=ALLY_CHARS, forces=forces)
    ally = decl("migjorn", ActionKind.ALLY, target="llevant", place="llevant_a", helpers=["anna"])
    result, board = resolve(
        ActionKind.BATTLE,
        {"attack": 5, "defence": 5},
        state=state,
        free_lines=[ally],
        place="llevant_a",
    )
    defence = next(r for r in result.rolls if r.country == "llevant" and not r.label)
    assert ("Anna (Migjorn)", 2) in defence.terms
    assert board.characters["anna"].place == "llevant_a"
    assert defence.terms == (
        ("Exèrcit", 5),
        ("Pere", 1),
        ("Anna (Migjorn)", 2),
        ("aliat Migjorn", 1),
    )
    assert result.outcome is ActionOutcome.FAILED  # 8 + 5 against 5 + 1 + 1 + 2 + 5


def test_an_allys_characters_face_the_losers_fate() -> None:
    """§5.4.3 Batalla, §5.4.6, issue 18 #2: on the losing side an ally's active
    characters risk what the actor's do (captured by the winner on 3-5)."""
    ally = decl("migjorn", ActionKind.ALLY, target="ponent", place=L_FIELD, helpers=["berta"])
    result, board = resolve(
        ActionKind.BATTLE,
        {"attack": 2, "defence": 9, "fate:berta": 4},
        state=field_war(),
        free_lines=[ally],
        place=L_FIELD,
        target="llevant",
    )
    assert result.outcome is ActionOutcome.FAILED
    berta = board.characters["berta"]
    assert (berta.status, berta.held_by) == (CharacterStatus.CAPTURED, "llevant")


def test_an_ally_with_characters_only_still_joins() -> None:
    """§5.4.3 Batalla, issue 18 #2: an ally with no forces at the place adds
    its named characters."""
    ally = decl("migjorn", ActionKind.ALLY, target="ponent", place=L_FIELD, helpers=["berta"])
    state = make_state(
        characters=ALLY_CHARS,
        forces=[Force("ponent", L_FIELD, 6), Force("llevant", L_FIELD, 6)],
    )
    result, _ = resolve(
        ActionKind.BATTLE,
        {"attack": 5, "defence": 5},
        state=state,
        free_lines=[ally],
        place=L_FIELD,
        target="llevant",
    )
    attack = next(r for r in result.rolls if r.country == "ponent" and not r.label)
    assert attack.terms == (("Exèrcit", 6), ("Berta (Migjorn)", 3))


def test_an_allys_unusable_character_is_left_out() -> None:
    """§5.4.6, issue 18 #2: an ally's character that cannot act (captured,
    already active...) adds nothing; the battle goes on."""
    ally = decl("migjorn", ActionKind.ALLY, target="ponent", place=L_FIELD, helpers=["berta"])

    def held(board: Board) -> None:
        board.characters["berta"] = board.characters["berta"].with_(
            status=CharacterStatus.CAPTURED, held_by="llevant"
        )

    board = make_board(field_war(), FixedDice({"attack": 5, "defence": 5}))
    board.free_lines.append(ally)
    held(board)
    battle = decl("ponent", ActionKind.BATTLE, place=L_FIELD, target="llevant")
    result = HANDLERS[ActionKind.BATTLE](board, battle, HANDLER_PREFIX)
    attack = next(r for r in result.rolls if r.country == "ponent" and not r.label)
    assert attack.terms == (("Exèrcit", 6), ("aliat Migjorn", 2))


# --- #3 capturar per militarisme ---------------------------------------------------------

WATCHED = (
    character("joan", "ponent", principal=True, diplomacy=1, militarism=2),
    character("pere", "llevant", principal=True, authority=2),
    character("anna", "migjorn", principal=True, diplomacy=1),
)


def watch(trait: str | None) -> Any:
    return decl("llevant", ActionKind.WATCH, mode="capture", trait=trait)


def test_the_parser_keeps_the_watchs_characteristic() -> None:
    """§5.4.3 Capturar ("Contesa: Diplomàcia o Militarisme"), issue 18 #3."""
    names = DeclarationNames(countries={"llevant": ("Llevant",)}, cities={}, characters={})
    parsed = parse_declarations("vigilància capturar per militarisme", names=names, power="llevant")
    (line,) = parsed.declarations
    assert (line.kind, line.mode, line.trait) == (ActionKind.WATCH, "capture", "militarism")


def test_a_watch_capturing_per_militarisme_contests_militarisme() -> None:
    """§5.4.1, §5.4.3 Capturar, issue 18 #3: `vigilància capturar per
    militarisme` sets Militarisme against the traveller's country's
    Militarisme + the traveller's own."""
    state = make_state(
        characters=WATCHED,
        traits={"llevant": {Trait.MILITARISM: 8, Trait.DIPLOMACY: 1}},
    )
    faces = {"watch:llevant:joan": 5, "travel:joan:llevant": 5, "test": 9}
    result, board = resolve(
        ActionKind.SABOTAGE,
        faces,
        state=state,
        free_lines=[watch("militarism")],
        target="migjorn",
        helpers=["joan"],
    )
    watcher, traveller = result.rolls[:2]
    assert watcher.terms == (("Militarisme", 8),)
    assert traveller.terms == (("Militarisme", 5), ("Joan", 2))
    assert board.characters["joan"].status is CharacterStatus.CAPTURED  # 13 against 12


def test_a_watch_naming_no_characteristic_contests_diplomacia() -> None:
    """§5.4.3 Capturar, issue 18 #3: Diplomàcia when none is named."""
    state = make_state(characters=WATCHED, traits={"llevant": {Trait.MILITARISM: 8}})
    faces = {"watch:llevant:joan": 5, "travel:joan:llevant": 5, "test": 9}
    result, _ = resolve(
        ActionKind.SABOTAGE,
        faces,
        state=state,
        free_lines=[watch(None)],
        target="migjorn",
        helpers=["joan"],
    )
    watcher, traveller = result.rolls[:2]
    assert watcher.terms == (("Diplomàcia", 5),)
    assert traveller.terms == (("Diplomàcia", 5), ("Joan", 1))


def test_an_ordinary_capture_per_militarisme_contests_militarisme() -> None:
    """§5.4.3 Capturar, issue 18 #3: the declared characteristic is used by
    the ordinary capture too."""
    chars = (*WATCHED[:2], character("pere", "llevant", "ponent_b", principal=True, militarism=2))
    state = make_state(characters=chars, traits={"ponent": {Trait.MILITARISM: 7}})
    result, _ = resolve(
        ActionKind.CAPTURE,
        {"attack": 5, "defence": 5},
        state=state,
        character="pere",
        trait="militarism",
    )
    attack, defence = result.rolls
    assert attack.terms == (("Militarisme", 7),)
    assert defence.terms == (("Militarisme", 5), ("Pere", 2))


# --- #7 the natural 0 and 1 in contests ----------------------------------------------------

VICTIM = (
    character("joan", "ponent", principal=True, diplomacy=2),
    character("pere", "llevant", "ponent_b", principal=True, diplomacy=1),
)


def capture_pere(attack: int, defence: int, options: GenesOptions | None = None) -> ActionResult:
    """Ponent (Diplomàcia 9) tries to capture Pere (llevant Diplomàcia 2 + 1)."""
    state = make_state(
        characters=VICTIM,
        traits={"ponent": {Trait.DIPLOMACY: 9}, "llevant": {Trait.DIPLOMACY: 2}},
    )
    faces = {"attack": attack, "defence": defence}
    result, _ = resolve(ActionKind.CAPTURE, faces, state=state, options=options, character="pere")
    return result


def test_a_natural_one_loses_a_contest_whatever_the_totals() -> None:
    """§5.4.5, issue 18 #7: "un resultat de 1 és una errada": 9 + 1 = 10
    against 3 + 2 = 5, and still the natural 1 loses."""
    assert capture_pere(1, 2).outcome is ActionOutcome.FAILED


def test_a_natural_zero_wins_a_contest_whatever_the_totals() -> None:
    """§5.4.5, issue 18 #7: "i 0 és un èxit": the defender's 0 (3 + 10 = 13)
    beats 9 + 9 = 18."""
    assert capture_pere(9, 0).outcome is ActionOutcome.FAILED
    assert capture_pere(0, 9).outcome is ActionOutcome.SUCCEEDED


def test_a_zero_against_a_one_wins() -> None:
    """§5.4.5, issue 18 #7 (reading): a 0 against a 1 wins, both faces say so."""
    assert capture_pere(1, 0).outcome is ActionOutcome.FAILED


@pytest.mark.parametrize(
    ("attack", "defence", "outcome"),
    [(1, 1, ActionOutcome.SUCCEEDED), (0, 0, ActionOutcome.SUCCEEDED), (2, 8, ActionOutcome.TIED)],
)
def test_both_or_neither_natural_the_totals_decide(
    attack: int, defence: int, outcome: ActionOutcome
) -> None:
    """§5.4.5, issue 18 #7: both sides natural alike, or neither: the totals
    decide (a tie has no effect)."""
    assert capture_pere(attack, defence).outcome is outcome


def test_the_option_keeps_the_old_reading() -> None:
    """§5.4.5, issue 18 #7: `contest_natural_dice: false` decides contests
    by the totals only."""
    assert capture_pere(1, 2, old_reading()).outcome is ActionOutcome.SUCCEEDED
    assert capture_pere(9, 0, old_reading()).outcome is ActionOutcome.SUCCEEDED


def test_the_option_is_on_by_default_and_checked() -> None:
    """Issue 18 #7: the new reading is the default; the option is a boolean."""
    assert GenesOptions().contest_natural_dice is True
    with pytest.raises(ValueError, match="contest_natural_dice"):
        GenesOptions(contest_natural_dice="yes")  # type: ignore[arg-type]


def battle_board(attack: int, defence: int, options: GenesOptions | None = None) -> Board:
    forces = [Force("ponent", L_FIELD, 10), Force("llevant", L_FIELD, 4)]
    dice = FixedDice({"attack": attack, "defence": defence})
    return make_board(make_state(forces=forces), dice, options=options)


def test_a_battle_lost_to_a_natural_one_costs_the_loser_one_point() -> None:
    """§5.4.3 Batalla, §5.4.5, issue 18 #7 (reading): 10 + 1 against 4 + 5:
    the natural 1 loses; the totals' difference runs the other way, so the
    loser loses 1 Exèrcit, the least a lost battle costs."""
    board = battle_board(1, 5)
    outcome = fight(board, Side("ponent", L_FIELD, 10), Side("llevant", L_FIELD, 4), "p:1")
    assert (outcome.winner, outcome.loser, outcome.difference) == ("llevant", "ponent", 1)
    assert board.strength_at(L_FIELD, "ponent") == 9
    assert board.strength_at(L_FIELD, "llevant") == 4


def test_a_battle_won_by_a_natural_zero_on_equal_totals_costs_one_point() -> None:
    """§5.4.5, issue 18 #7: 4 + 10 = 14 against 10 + 4... the 0 wins; with
    the totals equal the loser loses 1."""
    board = battle_board(4, 0)
    outcome = fight(board, Side("ponent", L_FIELD, 10), Side("llevant", L_FIELD, 4), "p:1")
    assert (outcome.winner, outcome.difference) == ("llevant", 1)
    assert board.strength_at(L_FIELD, "ponent") == 9


def test_a_natural_die_agreeing_with_the_totals_costs_the_difference() -> None:
    """§5.4.3 Batalla, issue 18 #7: 10 + 10 against 4 + 5: the difference, 11."""
    board = battle_board(0, 5)
    outcome = fight(board, Side("ponent", L_FIELD, 10), Side("llevant", L_FIELD, 4), "p:1")
    assert (outcome.winner, outcome.difference) == ("ponent", 11)
    assert board.strength_at(L_FIELD, "llevant") == 0


def test_a_battle_under_the_old_reading_goes_by_totals() -> None:
    """Issue 18 #7: with `contest_natural_dice: false` the 1 adds 1."""
    board = battle_board(1, 5, old_reading())
    outcome = fight(board, Side("ponent", L_FIELD, 10), Side("llevant", L_FIELD, 4), "p:1")
    assert (outcome.winner, outcome.difference) == ("ponent", 2)


def test_a_watch_contest_follows_the_natural_dice() -> None:
    """§5.4.1, §5.4.5, issue 18 #7: the watch's contest is a contest: the
    traveller's natural 1 is caught even against a weaker watch."""
    state = make_state(characters=WATCHED, traits={"llevant": {Trait.DIPLOMACY: 1}})
    faces = {"watch:llevant:joan": 2, "travel:joan:llevant": 1, "test": 9}
    _, board = resolve(
        ActionKind.SABOTAGE,
        faces,
        state=state,
        free_lines=[watch(None)],
        target="migjorn",
        helpers=["joan"],
    )
    assert board.characters["joan"].status is CharacterStatus.CAPTURED


def test_a_civil_war_follows_the_natural_dice() -> None:
    """§5.4.3 Guerra civil, §5.4.5, issue 18 #7: the loyal army's natural 1
    loses to weaker rebels, who cost it 1 Exèrcit."""
    state = make_state(civil_wars={"ponent": CivilWar("ponent", rebels=3)})
    faces = {"loyal": 1, "rebels": 5, "peace": 2, "fate:joan": 9}
    result, board = resolve(ActionKind.CIVIL_WAR, faces, state=state)
    assert result.outcome is ActionOutcome.FAILED
    assert board.army("ponent") == 8 - 1
    assert board.civil_wars["ponent"].rebels == 3


def test_the_report_says_when_a_natural_die_decided() -> None:
    """§5.4.5, issue 18 #7: the report does not call a natural 1's defeat
    "lost by" a negative margin: it names the die."""
    battle = decl("ponent", ActionKind.BATTLE, place=L_FIELD, target="llevant")
    rolls = (
        Roll("ponent", 1, (("Exèrcit", 10),), 11),
        Roll("llevant", 5, (("Exèrcit", 4),), 9),
    )
    lost = ActionResult(battle, ActionOutcome.FAILED, GenesReason.LOST, rolls=rolls, detail="x")
    assert "     lost on a natural 1 (x)." in result_lines(lost, make_turn())
    won = ActionResult(battle, ActionOutcome.SUCCEEDED, GenesReason.WON, rolls=rolls[::-1])
    assert "     won on a natural 1." in result_lines(won, make_turn())
