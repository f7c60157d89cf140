"""One exchange of mail resolved (`turn.resolve_exchange`; the issue's "Two
steps a turn" bullet: players declare, the Narrator's file rules, the judge
rolls and reports; a declaration without a ruling waits, not guessed),
with scripted dice."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Level, NarrativoResolution
from adjudicator.rulesets.narrativo.state import (
    Clock,
    Effect,
    ExtendedAction,
    NarrativoState,
    PendingChoice,
)
from adjudicator.rulesets.narrativo.turn import NarrativoOrder, NarratorInput, resolve_exchange
from orders.narrativo.model import (
    ActionKind,
    CheckCall,
    CheckKind,
    Choice,
    ChoiceKind,
    Declaration,
    MoralTrigger,
    NarratorFile,
    Pool,
    SheetChange,
    WillpowerSpend,
)
from renderers.narrativo.narrator import render_narrator
from renderers.narrativo.private import render_private
from renderers.narrativo.report import NarrativoTurnReport, render_public
from tests.narrativo.test_actions_dice import ScriptedDice, character, declare, rule, state_of

SIMPLE, COMPLEX = ActionKind.SIMPLE, ActionKind.COMPLEX
JUMP = ("Destreza", "Atletismo")
REPAIR = ("Inteligencia", "Mecánica")
DREYER = character("dreyer", Destreza=3, Atletismo=2, Fuerza=3, liderazgo=2, moral=10)
MULLER = character("muller", Destreza=2, Atletismo=1, Inteligencia=3, Mecánica=2)
KESSLER = character("kessler", Astucia=3, Destreza=2, Atletismo=2, player=None)


def _exchange(
    state: NarrativoState,
    orders: Sequence[NarrativoOrder],
    faces: Mapping[str, Iterable[int]] | None = None,
    **narrator: object,
) -> NarrativoResolution:
    """The exchange resolved with `faces` queued; every face must be rolled."""
    dice = ScriptedDice(faces)
    parsed = NarratorFile(**narrator)  # type: ignore[arg-type]
    done = resolve_exchange(state, [*orders, NarratorInput(parsed)], NarrativoOptions(), dice)
    assert dice.left() == {}, "every queued face is rolled"
    return done


def _jump(who: str = "dreyer", **rest: object) -> Declaration:
    return declare(who, SIMPLE, JUMP, **rest)  # type: ignore[arg-type]


def test_a_declaration_without_a_ruling_waits_and_is_ruled_later_by_its_id() -> None:
    """The issue's "Two steps a turn": dreyer-1 has no ruling in exchange 1:
    nothing rolled, listed as waiting; in exchange 2 the Narrator rules
    `dreyer-1` and it rolls, while Dreyer's new line is dreyer-2 and waits."""
    first = _exchange(state_of(DREYER), [_jump()])
    assert first.actions == ()
    assert [d.id for d in first.waiting] == ["dreyer-1"]
    assert first.state.waiting == first.waiting
    assert first.dice_rolls == ()
    second = _exchange(
        first.state,
        [_jump(intent="again")],
        {"dreyer-1": [6, 2, 3, 4, 5]},
        rulings=(rule("dreyer-1", difficulty=6),),
    )
    (acted,) = second.actions
    assert acted.declaration.id == "dreyer-1"
    assert [r.label for r in acted.rolls] == ["dreyer-1"]
    assert (acted.rolls[0].successes, acted.level) == (1, Level.SCANT)
    assert [(d.id, d.intent) for d in second.waiting] == [("dreyer-2", "again")]
    assert second.state.waiting == second.waiting


def test_a_cooperation_joins_its_leads_roll() -> None:
    """N-030 (NAMB-05), the issue's "Two steps a turn": Müller cooperates
    with Dreyer: one ruling for the lead; each rolls his own pool (Müller's
    under `dreyer-1+muller`) and the successes are summed."""
    coop = declare("muller", ActionKind.COOPERATIVE, REPAIR, partners=("dreyer",))
    done = _exchange(
        state_of(DREYER, MULLER),
        [declare("dreyer", COMPLEX, ("Fuerza", "Atletismo")), coop],
        {"dreyer-1": [7, 8, 1, 2, 3], "dreyer-1+muller": [9, 2, 3, 4, 5]},
        rulings=(rule("dreyer", difficulty=7),),
    )
    (acted,) = done.actions
    assert [(r.label, r.character, r.pool, r.successes) for r in acted.rolls] == [
        ("dreyer-1", "dreyer", 5, 2),
        ("dreyer-1+muller", "muller", 5, 1),
    ]
    assert (acted.net, acted.level) == (3, Level.COMPLETE)
    assert done.waiting == ()
    assert done.notes == ()


def test_a_cooperation_whose_lead_declared_nothing_gets_the_note() -> None:
    """N-030: a cooperation with a character who declared no action is not
    rolled; it is told, and does not wait. One whose lead waits, waits too."""
    state = state_of(DREYER, MULLER, character("ward"))
    lonely = declare("muller", ActionKind.COOPERATIVE, REPAIR, partners=("ward",))
    done = _exchange(state, [lonely])
    assert done.actions == () and done.waiting == ()
    assert done.notes == (
        "muller-1: cooperates with ward, who declared no action to share (N-030)",
    )
    follower = declare("muller", ActionKind.COOPERATIVE, REPAIR, partners=("dreyer",))
    waits = _exchange(state, [_jump(), follower])
    assert [d.id for d in waits.waiting] == ["dreyer-1", "muller-1"]
    assert waits.notes == ()


def test_a_critical_calls_a_moral_check_at_once() -> None:
    """N-068 (NAMB-30): a roll with three 10s calls a moralising Moral check
    of its roller, rolled right after it under `<label>:moral:1` (Liderazgo
    2 at 6 − 1 rested), before the next action; NAMB-10 / N-062: +1 Moral a
    success."""
    done = _exchange(
        state_of(DREYER, MULLER),
        [_jump(), _jump("muller")],
        {
            "dreyer-1": [10, 10, 10, 2, 3, 4, 5, 6],
            "dreyer-1:moral:1": [5, 9],
            "muller-1": [2, 2, 2],
        },
        rulings=(rule("dreyer", difficulty=6), rule("muller", difficulty=6)),
        initiative=("dreyer", "muller"),
    )
    assert [r.purpose for r in done.dice_rolls].index("dreyer-1:moral:1") < [
        r.purpose for r in done.dice_rolls
    ].index("muller-1")
    (check,) = done.checks
    assert check.call.kind is CheckKind.MORAL
    assert check.call.trigger is MoralTrigger.CRITICAL
    assert check.roll is not None
    assert (check.roll.label, check.roll.difficulty, check.roll.successes) == (
        "dreyer-1:moral:1",
        5,
        2,
    )
    assert done.state.character("dreyer").moral == 12
    assert done.state.character("muller").moral == 10


def test_a_hidden_roll_is_recorded_and_revealed_later() -> None:
    """The issue's "Reports" bullet: a roll the Narrator hides (Kessler's
    Astucia) goes into `hidden_rolls` (with the exchange) and
    `hidden_lines` (the roll in words); a later `reveal` moves it to
    `revealed` and the public report of that exchange shows its line."""
    listen = declare("kessler", SIMPLE, ("Astucia", "Atletismo"))
    first = _exchange(
        state_of(DREYER, KESSLER),
        [],
        {"kessler-1": [7, 3, 2, 1, 4]},
        npc=(listen,),
        rulings=(rule("kessler-1", difficulty=7, hidden=True),),
    )
    line = "Astucia +3 Atletismo +2 = 5 dice at 7: 7 3 2 1 4 → 1 success: escaso"
    assert first.actions[0].hidden
    assert dict(first.state.hidden_rolls) == {"kessler-1": 1}
    assert dict(first.state.hidden_lines) == {"kessler-1": line}
    assert first.state.revealed == frozenset()
    second = _exchange(first.state, [], reveal=("kessler-1", "kessler-9"))
    assert dict(second.state.hidden_rolls) == {}
    assert dict(second.state.hidden_lines) == {}
    assert second.state.revealed == frozenset({"kessler-1"})
    assert second.narrator_notes == ("reveal kessler-9: no hidden roll by that label",)
    assert second.notes == ()
    public = render_public(NarrativoTurnReport(second, "raid", "narrativo"))
    assert f"kessler-1 (rolled in secret in exchange 1): {line}" in public


def test_the_clock_advances_and_a_named_scene_starts_a_new_one() -> None:
    """N-043, N-048 (turns, 12 a minute), N-044: the clock advances by the
    Narrator's turns; the first scene named only titles scene 1; a later
    name starts scene 2 where the exchange began."""
    first = _exchange(state_of(DREYER), [], advance_turns=3, scene="El salto")
    assert first.state.clock == Clock(3, 1, "El salto", 0)
    second = _exchange(first.state, [], advance_turns=24)
    assert second.state.clock == Clock(27, 1, "El salto", 0)
    assert second.state.clock.minute == 2
    third = _exchange(second.state, [], advance_turns=2, scene="El muro")
    assert third.state.clock == Clock(29, 2, "El muro", 27)
    assert third.state.phase.turn == 4


def test_effects_past_their_last_turn_expire() -> None:
    """N-043 (durations on the scene clock): at turn 3 an effect whose last
    turn is 2 is gone, one lasting to 3 stays; a finished extended action
    is dropped too."""
    short = Effect("dreyer", "voluntad", -1, 0, 2, "dreyer:voluntad")
    lasting = Effect("dreyer", "coordina", 1, 0, 3, "ward-1")
    wall = ExtendedAction(
        "dreyer-1", ("dreyer",), 5, None, {"dreyer": Pool(JUMP)}, 6, 2, 5, done=True
    )
    state = replace(state_of(DREYER, effects=(short, lasting)), extended=(wall,))
    done = _exchange(state, [], advance_turns=3)
    assert done.state.effects == (lasting,)
    assert done.state.extended == ()


def test_an_open_extended_action_is_ruled_on_by_its_id() -> None:
    """N-017, N-018, NAMB-04: an extended action under way rolls again when
    the Narrator rules on its id, at the difficulty stored."""
    wall = ExtendedAction("dreyer-1", ("dreyer",), 20, 20, {"dreyer": Pool(JUMP)}, 8, 6, 12)
    state = replace(state_of(DREYER), extended=(wall,))
    done = _exchange(
        state, [], {"dreyer-1@7": [8, 9, 1, 2, 3]}, rulings=(rule("dreyer-1", rolls=1),)
    )
    (acted,) = done.actions
    assert [r.label for r in acted.rolls] == ["dreyer-1@7"]
    (after,) = done.state.extended
    assert (after.rolls_made, after.total, after.open) == (7, 14, True)


def test_a_players_choice_settles_the_pending_choice() -> None:
    """NAMB-11, N-082: the choice owed after a loss of 5: `voluntad` takes a
    permanent Voluntad point and the choice is no longer owed."""
    owed = PendingChoice(
        "1-dreyer:moral", "dreyer", (ChoiceKind.TRAUMA, ChoiceKind.LOSE_WILLPOWER), "Histeria", 1
    )
    state = replace(state_of(DREYER, MULLER), choices=(owed,))
    done = _exchange(state, [Choice("dreyer", ChoiceKind.LOSE_WILLPOWER)])
    assert done.state.choices == ()
    assert done.state.character("dreyer").voluntad == 2
    assert done.notes == ("Dreyer chooses to lose 1 Voluntad: Voluntad 3 → 2 (NAMB-11)",)
    unowed = _exchange(state, [Choice("muller", ChoiceKind.TRAUMA)])
    assert unowed.state.choices == (owed,)
    assert unowed.notes == ("Muller owes no choice: `elige trauma` changes nothing",)


def test_the_narrators_sheet_changes_come_before_the_rolls() -> None:
    """NAMB-32: a health penalty the Narrator sets in this exchange's file
    already takes its dice from this exchange's pools: 3 + 2 − 2 = 3 dice."""
    done = _exchange(
        state_of(DREYER),
        [_jump()],
        {"dreyer-1": [6, 2, 3]},
        rulings=(rule("dreyer-1", difficulty=6),),
        changes=(SheetChange("dreyer", health_penalty=2),),
    )
    (rolled,) = done.actions[0].rolls
    assert rolled.pool_terms == (("Destreza", 3), ("Atletismo", 2), ("salud", -2))
    assert rolled.pool == 3
    assert done.notes[0] == "The Narrator sets Dreyer's health penalty −2 dice (NAMB-32)"
    assert done.state.character("dreyer").health_penalty == 2


def test_a_willpower_point_for_dice_goes_to_the_posts_numbered_line() -> None:
    """N-092, NAMB-28: with dreyer-1 waiting, Dreyer's post's second line
    (dreyer-3) gets the +2 dice its spend names, not his first (dreyer-2)."""
    first = _exchange(state_of(DREYER), [_jump()])
    lines = [_jump(number=1), _jump(number=2, spend_willpower=True)]
    done = _exchange(
        first.state,
        [*lines, WillpowerSpend("dreyer", action=2)],
        {"dreyer-3": [6, 2, 3, 4, 5, 6, 7]},
        rulings=(rule("dreyer-3", difficulty=6),),
    )
    (acted,) = done.actions
    assert acted.rolls[0].pool_terms[-1] == ("Voluntad gastada", 2)
    assert acted.rolls[0].pool == 7
    assert done.state.character("dreyer").voluntad_spent == 1
    assert [d.id for d in done.waiting] == ["dreyer-1", "dreyer-2"]
    assert not any(d.spend_willpower for d in done.waiting)
    assert done.notes == ()


def test_a_choice_left_by_a_hidden_check_is_told_to_its_player_alone() -> None:
    """NAMB-11 and the issue's Reports bullet: the Narrator hides Dreyer's
    demoralising Moral check; its loss of 5 leaves Dreyer's player a choice,
    told in his report and the Narrator's, not in the public one."""
    call = CheckCall("dreyer", CheckKind.MORAL, trigger=MoralTrigger.WOUNDED, hidden=True)
    done = _exchange(state_of(DREYER), [], {"dreyer:moral:1": [3, 4]}, checks=(call,))
    assert [c.id for c in done.state.choices] == ["1-dreyer:moral:1"]
    facts = NarrativoTurnReport(done, "raid", "narrativo")
    assert "elige trauma" not in render_public(facts)
    assert "elige trauma" in render_private(facts, "p")
    assert "elige trauma" in render_narrator(facts)
