"""The pieces every action shares: pool and difficulty terms, simple and
complex actions, levels, Willpower, next-action bonuses, pools of 0 and
refusals (rulebook 001; checklist ids in each test)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from adjudicator.rulesets.narrativo.actions import act
from adjudicator.rulesets.narrativo.levels import level_of, level_words, outcome_sentence, worst
from adjudicator.rulesets.narrativo.outcome import Acted, Level
from adjudicator.rulesets.narrativo.pools import DesperateRoll, PoolRoll
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect
from orders.narrativo.model import ActionKind, Declaration, Ruling
from tests.narrativo.test_actions_dice import (
    ScriptedDice,
    character,
    context,
    declare,
    rule,
    state_of,
)

SIMPLE, COMPLEX = ActionKind.SIMPLE, ActionKind.COMPLEX
DREYER = character("dreyer", Destreza=3, Atletismo=2, Fuerza=2, voluntad=4)
JUMP = ("Destreza", "Atletismo")


def _act(
    faces: dict[str, list[int]],
    *,
    who: Character = DREYER,
    pools: tuple[tuple[str, ...], ...] = (JUMP,),
    kind: ActionKind = SIMPLE,
    ruling: Ruling | None = None,
    turn: int = 10,
    effects: tuple[Effect, ...] = (),
    decl: Declaration | None = None,
    **options: Any,
) -> Acted:
    ctx = context(state_of(who, effects=effects), faces, turn=turn, **options)
    declaration = decl or declare(who.id, kind, *pools)
    done = act(ctx, declaration, ruling or rule(declaration.id, difficulty=6))
    assert isinstance(ctx.dice, ScriptedDice)
    assert ctx.dice.left() == {}, "every queued face is rolled"
    return done


# --- pools and difficulties --------------------------------------------------------------------


def test_a_pool_is_attribute_plus_skill_rolled_under_the_declaration_id() -> None:
    """N-002, N-003, N-004: Destreza 3 + Atletismo 2 = 5 dice; a 6 at
    difficulty 6 is a success, and one is enough."""
    done = _act({"dreyer-1": [6, 2, 3, 4, 5]})
    (rolled,) = done.result.rolls
    assert rolled.label == "dreyer-1"
    assert rolled.pool_terms == (("Destreza", 3), ("Atletismo", 2))
    assert (rolled.pool, rolled.difficulty, rolled.successes) == (5, 6, 1)
    assert rolled.difficulty_terms == (("dificultad", 6),)
    assert isinstance(rolled.dice, PoolRoll) and rolled.dice.dice == (6, 2, 3, 4, 5)
    assert done.result.words == "1 success: success"
    assert done.result.refused is None and done.result.warnings == ()


def test_a_skill_missing_from_the_sheet_counts_zero() -> None:
    """N-002: a skill the sheet lacks is a term of 0."""
    done = _act({"dreyer-1": [2, 3, 9]}, pools=(("Destreza", "Paracaidismo"),))
    assert done.result.rolls[0].pool_terms == (("Destreza", 3), ("Paracaidismo", 0))
    assert done.result.rolls[0].pool == 3


def test_voluntad_in_a_pool_is_the_permanent_rating() -> None:
    """NAMB-29, N-093: Voluntad 4 with 3 points spent still rolls 4 dice."""
    spent = replace(DREYER, voluntad_spent=3)
    done = _act({"dreyer-1": [1, 2, 3, 4]}, who=spent, pools=(("Voluntad",),))
    assert done.result.rolls[0].pool_terms == (("Voluntad", 4),)


def test_the_standing_terms_weigh_on_the_pool() -> None:
    """NAMB-32, N-059, N-138: health penalty 1 and tired (Fatiga 4 >
    Resistencia 3) −2 take 3 dice off 5."""
    weary = replace(DREYER, health_penalty=1, fatiga=4)
    done = _act({"dreyer-1": [2, 3]}, who=weary)
    rolled = done.result.rolls[0]
    assert rolled.pool_terms == (("Destreza", 3), ("Atletismo", 2), ("salud", -1), ("cansado", -2))
    assert rolled.pool == 2


def test_the_narrators_dice_are_held_at_five_outside_combat() -> None:
    """N-169, N-173, NAMB-26: +7 dice held at +5 with a warning."""
    done = _act({"dreyer-1": [2] * 10}, ruling=rule("dreyer-1", difficulty=6, dice=7))
    assert done.result.rolls[0].pool_terms[-1] == ("Narrador", 5)
    assert done.result.rolls[0].pool == 10
    assert done.result.warnings == ("a modifier of +7 held at +5 outside combat (N-173, NAMB-26)",)


def test_combat_modifiers_may_pass_five() -> None:
    """N-183: in combat +7 dice stay +7, no warning."""
    done = _act({"dreyer-1": [2] * 12}, ruling=rule("dreyer-1", difficulty=6, dice=7, combat=True))
    assert done.result.rolls[0].pool == 12 and done.result.warnings == ()


def test_the_difficulty_modifier_is_held_then_the_difficulty_within_2_to_10() -> None:
    """N-168, N-173, N-174: 6 − 6 → the −6 held at −5 → 1, held at 2."""
    done = _act(
        {"dreyer-1": [2, 1, 1, 1, 1]}, ruling=rule("dreyer-1", difficulty=6, difficulty_mod=-6)
    )
    rolled = done.result.rolls[0]
    assert rolled.difficulty_terms == (("dificultad", 6), ("Narrador", -5))
    assert rolled.difficulty == 2 and rolled.successes == 1
    assert done.result.warnings == (
        "a modifier of -6 held at -5 outside combat (N-173, NAMB-26)",
        "difficulty 1 held at 2 (N-174)",
    )


def test_a_combat_difficulty_still_stays_within_2_to_10() -> None:
    """N-183, N-174: +6 in combat is kept, 6 + 6 = 12 held at 10."""
    ruling = rule("dreyer-1", difficulty=6, difficulty_mod=6, combat=True)
    done = _act({"dreyer-1": [10, 9, 2, 3, 4, 5]}, ruling=ruling)
    rolled = done.result.rolls[0]
    assert rolled.difficulty == 10 and rolled.successes == 1  # the 10 and its extra die 5
    assert done.result.warnings == ("difficulty 12 held at 10 (N-174)",)


def test_no_difficulty_is_refused() -> None:
    """The ruling must give the difficulty (N-003, N-172)."""
    done = _act({}, ruling=rule("dreyer-1"))
    assert done.result.refused == "the ruling gives no difficulty"
    assert done.result.rolls == ()


# --- simple ------------------------------------------------------------------------------------


def test_a_simple_action_without_success_fails_and_with_a_one_botches() -> None:
    """N-006, NAMB-01: no success fails; no success and a 1 is a botch."""
    failed = _act({"dreyer-1": [2, 3, 4, 5, 5]})
    assert (failed.result.level, failed.result.words) == (Level.FAILURE, "no success: failure")
    botched = _act({"dreyer-1": [2, 3, 4, 5, 1]})
    assert botched.result.level is Level.BOTCH
    assert botched.result.words == "a botch (pifia): the action fails badly"


def test_an_exploding_ten_adds_a_die() -> None:
    """N-001, NAMB-01: the 10 earns one more die, here a 7: 2 successes."""
    done = _act({"dreyer-1": [10, 2, 3, 4, 5, 7]})
    assert done.result.rolls[0].successes == 2
    assert done.result.words == "2 successes: success"


@pytest.mark.parametrize(
    ("option", "allowed", "automatic"),
    [(True, None, True), (False, None, False), (False, True, True), (True, False, False)],
)
def test_automatic_success_is_the_rulings_call_else_the_options(
    option: bool, allowed: bool | None, automatic: bool
) -> None:
    """N-007, NAMB-02: with the pool (6) ≥ the difficulty (6), an automatic
    success when allowed: exactly one success, nothing rolled."""
    strong = replace(DREYER, attributes={"Destreza": 4})
    faces = {} if automatic else {"dreyer-1": [2, 3, 4, 5, 2, 3]}
    done = _act(
        faces,
        who=strong,
        ruling=rule("dreyer-1", difficulty=6, automatic=allowed),
        automatic_success=option,
    )
    rolled = done.result.rolls[0]
    assert rolled.automatic is automatic
    if automatic:
        assert (rolled.dice, rolled.successes, rolled.pool) == (None, 1, 6)
        assert done.result.words == "automatic success: pool 6 ≥ difficulty 6 (N-007, NAMB-02)"


def test_no_automatic_success_below_the_difficulty() -> None:
    """N-007: a pool of 5 against 6 is rolled even when allowed."""
    done = _act({"dreyer-1": [2, 3, 4, 5, 2]}, automatic_success=True)
    assert done.result.rolls[0].automatic is False and done.result.level is Level.FAILURE


# --- complex and levels ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "botch", "level", "words"),
    [
        (0, True, Level.BOTCH, "a botch (pifia) — a botch: the action fails badly"),
        (0, False, Level.FAILURE, "no success: fracaso — no success: the action fails"),
        (1, False, Level.SCANT, "1 success: escaso — a grave penalty if accepted"),
        (2, False, Level.MODERATE, "2 successes: moderado — a slight penalty"),
        (3, False, Level.COMPLETE, "3 successes: completo — satisfactory"),
        (4, False, Level.NOTABLE, "4 successes: notable — a slight bonus"),
        (
            5,
            False,
            Level.EXCELLENT,
            "5 successes: excelente — a strong bonus that may ease later rolls",
        ),
        (
            7,
            False,
            Level.EXCELLENT,
            "7 successes: excelente — a strong bonus that may ease later rolls",
        ),
    ],
)
def test_the_levels_of_a_complex_action(
    successes: int, botch: bool, level: Level, words: str
) -> None:
    """N-009, N-010, N-011, N-012, N-013, N-014: 1 escaso, 2 moderado, 3 completo, 4 notable, 5+ excelente."""
    assert level_of(successes, botch=botch) is level
    assert outcome_sentence(successes, level, {}) == words


def test_the_rulings_words_take_the_largest_count_described() -> None:
    """NAMB-03: the ruling's words for the largest key ≤ the successes; 4
    undescribed = the 3 words plus notable's slight bonus; a botch looks up 0."""
    own = {0: "colgado", 3: "toma tierra", 5: "sin ruido"}
    assert level_words(Level.MODERATE, 2, own) == "colgado"
    assert level_words(Level.COMPLETE, 3, own) == "toma tierra"
    assert level_words(Level.NOTABLE, 4, own) == "toma tierra; notable: a slight bonus"
    assert level_words(Level.EXCELLENT, 6, own) == "sin ruido"
    assert level_words(Level.BOTCH, 0, own) == "a botch: the action fails badly; colgado"
    assert level_words(Level.SCANT, 1, {3: "x"}) == "a grave penalty if accepted"
    assert level_words(Level.NOTABLE, 4, {3: "x", 4: "y"}) == "y"


def test_the_worst_level() -> None:
    """NAMB-09 (a multiple action's level): a botch is below a failure."""
    assert worst((Level.COMPLETE, Level.BOTCH, Level.FAILURE)) is Level.BOTCH
    assert worst((Level.COMPLETE, Level.SCANT)) is Level.SCANT
    assert worst(()) is Level.FAILURE


def test_a_complex_action_is_never_automatic_and_reads_its_level() -> None:
    """N-009, N-015, NAMB-02 (automatic only for simple): 3 of 5 dice at 6."""
    done = _act({"dreyer-1": [6, 7, 8, 2, 3]}, kind=COMPLEX, automatic_success=True)
    assert done.result.level is Level.COMPLETE and done.result.net == 3
    assert done.result.words == "3 successes: completo — satisfactory"


# --- Willpower, next-action bonus --------------------------------------------------------------


def test_a_willpower_point_adds_two_dice_and_is_spent() -> None:
    """N-092, NAMB-28: +2 dice, the character's voluntad_spent + 1."""
    decl = declare("dreyer", SIMPLE, JUMP, spend_willpower=True)
    done = _act({"dreyer-1": [2, 3, 4, 5, 2, 3, 4]}, decl=decl)
    assert done.result.rolls[0].pool_terms[-1] == ("Voluntad gastada", 2)
    assert done.result.rolls[0].pool == 7
    (after,) = done.changes.characters
    assert after.voluntad_spent == 1


def test_no_willpower_point_left_gives_no_dice_and_a_warning() -> None:
    """N-092: with every point spent the spend is refused with a warning."""
    empty = replace(DREYER, voluntad_spent=4)
    decl = declare("dreyer", SIMPLE, JUMP, spend_willpower=True)
    done = _act({"dreyer-1": [2, 3, 4, 5, 2]}, who=empty, decl=decl)
    assert done.result.rolls[0].pool == 5 and done.changes.characters == ()
    assert done.result.warnings == (
        "Dreyer has no Voluntad point left to spend: no extra dice (N-092)",
    )


def test_a_next_action_bonus_adds_two_dice_and_is_used_up() -> None:
    """N-081: the +2 dice of a moralising gain go to the next action, spent."""
    bonus = Effect("dreyer", "bonus", 2, 5, 99, "dreyer:moral:1", "bonificación", next_action=True)
    done = _act({"dreyer-1": [2, 3, 4, 5, 2, 3, 4]}, effects=(bonus,))
    assert done.result.rolls[0].pool_terms[-1] == ("bonificación", 2)
    assert done.changes.spent == (bonus,)


# --- a pool of 0 -------------------------------------------------------------------------------

WEAK = character("dreyer", Destreza=1, Atletismo=0)
ZERO = rule("dreyer-1", difficulty=6, dice=-2)


def test_a_pool_of_zero_fails_unless_the_player_asks() -> None:
    """N-175, N-176, N-181: a pool brought to 0 is an automatic failure, and
    the words say the desperate roll may be asked for; nothing is rolled."""
    done = _act({}, who=WEAK, ruling=ZERO)
    rolled = done.result.rolls[0]
    assert (rolled.pool, rolled.dice, rolled.successes, rolled.level) == (0, None, 0, Level.FAILURE)
    assert done.result.words == (
        "a pool of 0 fails automatically; the player may ask for the desperate roll (N-176, N-181);"
        " no success: failure"
    )


def test_the_desperate_roll_keeps_its_tens_as_successes() -> None:
    """N-177, NAMB-24, NAMB-25: asked for, 1d10 at 10; a 10 and then a 4:
    one success, under the label `<id>:desesperada`."""
    decl = declare("dreyer", SIMPLE, JUMP, desperate=True)
    done = _act({"dreyer-1:desesperada": [10, 4]}, who=WEAK, ruling=ZERO, decl=decl)
    rolled = done.result.rolls[0]
    assert rolled.label == "dreyer-1:desesperada"
    assert isinstance(rolled.dice, DesperateRoll)
    assert (rolled.successes, rolled.difficulty, rolled.level) == (1, 10, Level.SCANT)
    assert done.result.words.endswith("1 success: success")


def test_a_disastrous_desperate_roll_is_a_catastrophic_botch() -> None:
    """N-180, N-182: a 1 first: a disastrous botch, always catastrophic."""
    decl = declare("dreyer", COMPLEX, JUMP, desperate=True)
    done = _act({"dreyer-1:desesperada": [1]}, who=WEAK, ruling=ZERO, decl=decl)
    assert done.result.level is Level.BOTCH
    assert done.result.words.startswith(
        "the desperate roll is a disastrous botch: always catastrophic"
    )


def test_the_desperate_roll_off_is_an_automatic_failure_with_a_warning() -> None:
    """NAMB-25: `desperate_rolls: false` refuses it."""
    decl = declare("dreyer", SIMPLE, JUMP, desperate=True)
    done = _act({}, who=WEAK, ruling=ZERO, decl=decl, desperate_rolls=False)
    assert done.result.rolls[0].dice is None and done.result.level is Level.FAILURE
    assert done.result.warnings == (
        "desperate rolls are off in this game: the pool of 0 fails (NAMB-25)",
    )


# --- refusals, hidden --------------------------------------------------------------------------


def test_the_narrators_refusal_and_an_unknown_character_are_not_rolled() -> None:
    """The Narrator's `refused` is the action's; an unknown character is refused."""
    done = _act({}, ruling=rule("dreyer-1", difficulty=6, refused="no bridge here"))
    assert done.result.refused == "refused by the Narrator: no bridge here"
    ghost = declare("ghost", SIMPLE, JUMP)
    done = _act({}, decl=ghost, ruling=rule("ghost-1", difficulty=6))
    assert done.result.refused == "'ghost' is no character of this game"


def test_a_hidden_ruling_hides_the_action() -> None:
    """The ruling's `hidden` is the result's (the Narrator's report only)."""
    done = _act({"dreyer-1": [6, 2, 3, 4, 5]}, ruling=rule("dreyer-1", difficulty=6, hidden=True))
    assert done.result.hidden is True
