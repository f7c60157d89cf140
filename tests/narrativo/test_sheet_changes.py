"""What the Narrator sets on the sheets before the rolls, and the Willpower
points spent before them (`sheet_changes`; the issue's "Two steps a turn"
bullet: the Narrator's file comes with the players' declarations)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.penalties import CANCEL_KIND, IGNORE_FATIGUE_KIND
from adjudicator.rulesets.narrativo.sheet import Condition, HistoricalMoral
from adjudicator.rulesets.narrativo.sheet_changes import change_sheets, spend_willpower
from adjudicator.rulesets.narrativo.state import Effect
from orders.narrativo.model import (
    ActionKind,
    Declaration,
    SheetChange,
    WillpowerSpend,
    WillpowerUse,
)
from tests.narrativo.test_actions_dice import character, declare, state_of

JUMP = ("Destreza", "Atletismo")
DREYER = character("dreyer", Destreza=3, Atletismo=2, voluntad=3, moral=12)
MULLER = character("muller", Destreza=2, voluntad=2)


def _d(who: str, number: int = 1, **rest: object) -> Declaration:
    return declare(who, ActionKind.SIMPLE, JUMP, number=number, **rest)


# --- the Narrator's sheet changes ------------------------------------------------------------


def test_the_narrator_sets_health_load_and_moral() -> None:
    """NAMB-32 (the health penalty as a sheet field the Narrator sets),
    N-135 (the load), NAMB-12 (Moral): each set and told; negatives held at 0."""
    state = state_of(DREYER, MULLER)
    changes = [
        SheetChange("dreyer", health_penalty=2, load_kg=35, moral=9),
        SheetChange("muller", health_penalty=-1, moral=-3),
    ]
    after, notes = change_sheets(state, changes)
    dreyer, muller = after.characters
    assert (dreyer.health_penalty, dreyer.load_kg, dreyer.moral) == (2, 35, 9)
    assert (muller.health_penalty, muller.load_kg, muller.moral) == (0, 0, 0)
    assert notes == [
        "The Narrator sets Dreyer's health penalty −2 dice (NAMB-32)",
        "The Narrator sets Dreyer's load 35 kg (N-135)",
        "The Narrator sets Dreyer's Moral 9 (NAMB-12)",
        "The Narrator sets Muller's health penalty −0 dice (NAMB-32)",
        "The Narrator sets Muller's Moral 0 (NAMB-12)",
    ]
    assert state.characters == (DREYER, MULLER), "the state given is not changed"


def test_the_historical_modifier_is_held_at_five_either_way() -> None:
    """N-089: the historical Moral modifier is at most ±5: +7 is held at +5,
    −9 at −5, +3 kept, each with its date or theatre."""
    state = state_of(DREYER, MULLER, character("ward"))
    changes = [
        SheetChange("dreyer", historical=(7, "1944, Normandía")),
        SheetChange("muller", historical=(-9, "1942, Dieppe")),
        SheetChange("ward", historical=(3, "1943, Túnez")),
    ]
    after, notes = change_sheets(state, changes)
    assert [c.historical for c in after.characters] == [
        HistoricalMoral(5, "1944, Normandía"),
        HistoricalMoral(-5, "1942, Dieppe"),
        HistoricalMoral(3, "1943, Túnez"),
    ]
    assert notes == [
        "The Narrator sets Dreyer's historical Moral modifier +5 (1944, Normandía, N-089)",
        "The Narrator sets Muller's historical Moral modifier -5 (1942, Dieppe, N-089)",
        "The Narrator sets Ward's historical Moral modifier +3 (1943, Túnez, N-089)",
    ]
    assert after.characters[0].moral_total == 12 + 5


def test_a_known_condition_is_set_and_an_unknown_one_kept_with_a_note() -> None:
    """N-060 (the conditions that bar a Liderazgo check): `noqueado` is set;
    `mareado` is no condition of the game: the sheet keeps its condition and
    the note lists the valid ones."""
    state = state_of(DREYER, MULLER)
    after, notes = change_sheets(
        state,
        [SheetChange("dreyer", condition="noqueado"), SheetChange("muller", condition="mareado")],
    )
    assert [c.condition for c in after.characters] == [Condition.KNOCKED_OUT, Condition.FINE]
    assert notes == [
        "The Narrator sets Dreyer's condition noqueado",
        (
            "The Narrator sets Muller's condition 'mareado' unknown (one of bien, conmocionado,"
            " moribundo, noqueado, dormido, muerto): unchanged"
        ),
    ]


def test_a_change_for_an_unknown_character_changes_nothing() -> None:
    """The issue's "Two steps a turn": bad input is told, never a traceback."""
    state = state_of(DREYER)
    after, notes = change_sheets(state, [SheetChange("kessler", moral=3)])
    assert after == state
    assert notes == ["change for kessler: no such character"]


# --- Willpower spends ------------------------------------------------------------------------


def test_a_dice_spend_marks_the_numbered_action_of_the_post() -> None:
    """N-092: a point for +2 dice on the action the player numbers; the
    number counts his lines of this exchange, even when they are numbered
    after a declaration still waiting (dreyer-2 and dreyer-3 here)."""
    state = state_of(DREYER, MULLER)
    declared = (_d("dreyer", 2), _d("dreyer", 3), _d("muller", 1))
    spend = WillpowerSpend("dreyer", WillpowerUse.DICE, action=2)
    after, marked, notes = spend_willpower(state, declared, [spend], 10)
    assert [(d.id, d.spend_willpower) for d in marked] == [
        ("dreyer-2", False),
        ("dreyer-3", True),
        ("muller-1", False),
    ]
    assert notes == []
    assert after == state, "a dice point is spent when the action is rolled"


def test_a_dice_spend_without_a_number_marks_the_first_action() -> None:
    """N-092: no number (or one past his lines): the character's first."""
    state = state_of(DREYER, MULLER)
    declared = (_d("muller", 1), _d("dreyer", 1), _d("dreyer", 2))
    _, marked, _ = spend_willpower(state, declared, [WillpowerSpend("dreyer")], 10)
    assert [d.spend_willpower for d in marked] == [False, True, False]
    _, marked, _ = spend_willpower(state, declared, [WillpowerSpend("dreyer", action=5)], 10)
    assert [d.spend_willpower for d in marked] == [False, True, False]


def test_a_dice_spend_with_no_action_declared_is_told() -> None:
    """N-092: a point for dice needs an action to go to."""
    state = state_of(DREYER, MULLER)
    _, marked, notes = spend_willpower(state, (_d("muller"),), [WillpowerSpend("dreyer")], 10)
    assert [d.spend_willpower for d in marked] == [False]
    assert notes == ["dreyer: a Willpower point for dice, but no action declared"]


def test_only_one_dice_point_a_turn() -> None:
    """NAMB-28: one point for dice a turn: a second spend is dropped with a
    note, and of two actions marked (the post's and another spend's) the
    first keeps it."""
    state = state_of(DREYER, MULLER)
    declared = (_d("dreyer", 1), _d("dreyer", 2))
    spends = [WillpowerSpend("dreyer", action=1), WillpowerSpend("dreyer", action=2)]
    _, marked, notes = spend_willpower(state, declared, spends, 10)
    assert [d.spend_willpower for d in marked] == [True, False]
    assert notes == [
        "dreyer: a second Willpower point for dice this turn is not spent: one a turn (NAMB-28)"
    ]
    premarked = (_d("dreyer", 1), _d("dreyer", 2, spend_willpower=True))
    _, marked, notes = spend_willpower(state, premarked, [WillpowerSpend("dreyer", action=1)], 10)
    assert [d.spend_willpower for d in marked] == [True, False]
    assert notes == ["dreyer-2: one Willpower point a turn for dice (NAMB-28)"]


def test_cancel_and_ignore_fatigue_spend_a_point_for_two_turns() -> None:
    """N-125 (a Willpower check's negative effects held off) and N-140 (the
    tiredness penalty ignored): each a point spent now and an effect on
    turns 10 and 11; NAMB-28: separate uses, both allowed in one turn."""
    state = state_of(DREYER, MULLER)
    spends = [
        WillpowerSpend("dreyer", WillpowerUse.CANCEL_EFFECT),
        WillpowerSpend("dreyer", WillpowerUse.IGNORE_FATIGUE),
    ]
    after, marked, notes = spend_willpower(state, (_d("dreyer"),), spends, 10)
    assert after.characters[0].voluntad_spent == 2
    assert after.characters[0].voluntad_left == 1
    assert after.effects == (
        Effect("dreyer", CANCEL_KIND, 0, 10, 11, "voluntad", CANCEL_KIND),
        Effect("dreyer", IGNORE_FATIGUE_KIND, 0, 10, 11, "voluntad", IGNORE_FATIGUE_KIND),
    )
    assert [d.spend_willpower for d in marked] == [False]
    assert notes == [
        "Dreyer spends a Willpower point: cancelado for two turns (N-125)",
        "Dreyer spends a Willpower point: fatiga_ignorada for two turns (N-140)",
    ]


def test_no_point_left_is_a_note_and_nothing_else() -> None:
    """N-092: with every Voluntad point spent, a spend changes nothing."""
    spent = replace(MULLER, voluntad_spent=2)
    state = state_of(DREYER, spent)
    spends = [WillpowerSpend("muller", WillpowerUse.IGNORE_FATIGUE)]
    after, _, notes = spend_willpower(state, (), spends, 10)
    assert after == state
    assert notes == ["Muller has no Willpower point left to spend (N-092)"]
