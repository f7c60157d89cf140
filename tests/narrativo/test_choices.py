"""The players' answers to the choices a Moral check leaves them (rulebook
001 "Liderazgo y Moral"; N-081, N-082, NAMB-11)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.checks import run_check
from adjudicator.rulesets.narrativo.choices import apply_choice, owed
from adjudicator.rulesets.narrativo.moral import trauma
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Changes
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState, PendingChoice
from orders.narrativo.model import CheckCall, CheckKind, Choice, ChoiceKind, MoralTrigger
from tests.narrativo.test_actions_dice import ScriptedDice, character, state_of

K = ChoiceKind
DREYER = character("dreyer", voluntad=4, voluntad_spent=2, moral=7)
LOSS = PendingChoice("2-dreyer:moral", "dreyer", (K.TRAUMA, K.LOSE_WILLPOWER), trauma(7), 2)
GAIN = PendingChoice(
    "3-dreyer:moral", "dreyer", (K.RECOVER_WILLPOWER, K.BONUS_DICE), "a moralising gain", 3
)
TURN = 12


def _state(*choices: PendingChoice, who: Character = DREYER) -> NarrativoState:
    return replace(state_of(who), choices=choices)


def test_the_trauma_is_reported_for_the_narrator_to_play() -> None:
    """NAMB-11, N-085: `elige trauma`: the band's words, no sheet change."""
    changes, words = apply_choice(_state(LOSS), Choice("dreyer", K.TRAUMA), TURN)
    assert changes.characters == () and changes.effects == ()
    assert words == f"Dreyer chooses the Trauma: {trauma(7)}; the Narrator plays it (NAMB-11)"
    assert changes.notes == (words,)


def test_losing_willpower_takes_a_point_of_the_permanent_rating() -> None:
    """N-082, NAMB-11: `elige voluntad`: Voluntad 4 → 3."""
    changes, words = apply_choice(_state(LOSS), Choice("dreyer", K.LOSE_WILLPOWER), TURN)
    (after,) = changes.characters
    assert (after.voluntad, after.voluntad_spent) == (3, 2)
    assert words == "Dreyer chooses to lose 1 Voluntad: Voluntad 4 → 3 (NAMB-11)"


def test_losing_willpower_keeps_the_spent_points_within_the_rating() -> None:
    """NAMB-11, N-092: Voluntad 2 all spent → 1, spent 1."""
    spent = replace(DREYER, voluntad=2, voluntad_spent=2)
    changes, _ = apply_choice(_state(LOSS, who=spent), Choice("dreyer", K.LOSE_WILLPOWER), TURN)
    assert (changes.characters[0].voluntad, changes.characters[0].voluntad_spent) == (1, 1)


def test_recovering_willpower_gives_a_spent_point_back() -> None:
    """N-081: `elige recupera`: spent 2 → 1, Voluntad left 2 → 3."""
    changes, words = apply_choice(_state(GAIN), Choice("dreyer", K.RECOVER_WILLPOWER), TURN)
    assert changes.characters[0].voluntad_spent == 1
    assert words == "Dreyer recovers a spent Voluntad point: Voluntad left 2 → 3 (N-081)"


def test_recovering_with_nothing_spent_changes_nothing() -> None:
    """N-081: spent never below 0."""
    fresh = replace(DREYER, voluntad_spent=0)
    changes, words = apply_choice(
        _state(GAIN, who=fresh), Choice("dreyer", K.RECOVER_WILLPOWER), TURN
    )
    assert changes == Changes()
    assert words == "Dreyer chooses to recover a Voluntad point, but has none spent (N-081)"


def test_two_dice_to_the_next_action() -> None:
    """N-081: `elige dados`: +2 dice spent on the next action."""
    changes, words = apply_choice(_state(GAIN), Choice("dreyer", K.BONUS_DICE), TURN)
    (bonus,) = changes.effects
    assert bonus == Effect(
        "dreyer",
        "bonus",
        2,
        TURN,
        10**9,
        "3-dreyer:moral",
        "+2 dados a la siguiente acción",
        next_action=True,
    )
    assert words == "Dreyer takes +2 dice to the next action (N-081)"


def test_an_answer_not_owed_changes_nothing() -> None:
    """N-081, NAMB-11: `elige dados` owing only the loss's choice, or
    owing nothing: no change, and the words say so."""
    changes, words = apply_choice(_state(LOSS), Choice("dreyer", K.BONUS_DICE), TURN)
    assert changes == Changes()
    assert (
        words == "Dreyer owes no choice offering dados (owed: trauma or voluntad): nothing changes"
    )
    changes, words = apply_choice(_state(), Choice("dreyer", K.TRAUMA), TURN)
    assert changes == Changes()
    assert words == "Dreyer owes no choice: `elige trauma` changes nothing"


def test_the_answer_settles_the_choice_of_its_ref_or_the_oldest() -> None:
    """NAMB-11: by id when given; else the oldest offering the option; the
    settled choice is `owed` (the one to take off the state)."""
    later = replace(LOSS, id="5-dreyer:moral", since=5)
    state = _state(later, LOSS, GAIN)
    assert owed(state, Choice("dreyer", K.TRAUMA)) == LOSS
    assert owed(state, Choice("dreyer", K.TRAUMA, ref="5-dreyer:moral")) == later
    assert owed(state, Choice("dreyer", K.TRAUMA, ref="3-dreyer:moral")) is None
    assert owed(state, Choice("kessler", K.TRAUMA)) is None


def test_a_demoralising_check_and_its_answer() -> None:
    """N-063, N-082, NAMB-11: no success and one 1 (−6): Moral 7 → 1, the
    choice owed; `elige trauma` reports the Trauma of Moral 1 (N-084)."""
    dice = ScriptedDice({"dreyer:moral": [1, 3]})
    call = CheckCall("dreyer", CheckKind.MORAL, trigger=MoralTrigger.BOMBARDMENT)
    checked = run_check(call, state_of(DREYER), dice, NarrativoOptions(), TURN)
    (choice,) = checked.changes.choices
    state = replace(state_of(*checked.changes.characters), choices=(choice,))
    _, words = apply_choice(state, Choice("dreyer", K.TRAUMA), TURN)
    assert trauma(1) in words
    assert trauma(1).startswith("Trauma of Moral 1–5 (N-084): a deep depression")
