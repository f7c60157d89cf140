"""Liderazgo checks of Moral, the situations of a check, the Trauma bands,
the Moral checks a roll calls by itself and the check registry (rulebook
001 "Liderazgo y Moral"; checklist ids in each test)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.checks import CHECKS, run_check, triggered_checks
from adjudicator.rulesets.narrativo.moral import demoralising_loss, trauma
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Checked, Level, Rolled
from adjudicator.rulesets.narrativo.pools import PoolRoll
from adjudicator.rulesets.narrativo.sheet import Character, Condition, HistoricalMoral
from adjudicator.rulesets.narrativo.situations import Family, situation_terms
from adjudicator.rulesets.narrativo.state import NarrativoState, PendingChoice
from orders.narrativo.model import CheckCall, CheckKind, ChoiceKind, MoralTrigger, Ruling
from orders.narrativo.model import Situation as S
from tests.narrativo.checking import after_of, roll_of
from tests.narrativo.test_actions_dice import ScriptedDice, character, state_of

# Liderazgo 4, Moral 14, Fatiga 1 (so not rested unless told), Voluntad 3.
WARD = character("ward", liderazgo=4, moral=14, fatiga=1, voluntad=3)


def _moral(
    faces: list[int],
    *,
    who: Character = WARD,
    trigger: MoralTrigger | None = MoralTrigger.WOUNDED,
    state: NarrativoState | None = None,
    options: NarrativoOptions | None = None,
    **call: object,
) -> tuple[Checked, ScriptedDice]:
    dice = ScriptedDice({"ward:moral": faces} if faces else {})
    checking = CheckCall(who.id, CheckKind.MORAL, trigger=trigger, **call)  # type: ignore[arg-type]
    done = run_check(checking, state or state_of(who), dice, options or NarrativoOptions(), 10)
    assert dice.left() == {}, "every queued face is rolled"
    return done, dice


_roll = roll_of


_after = after_of


# --- situations --------------------------------------------------------------------------------


def test_the_moral_situations_and_their_values() -> None:
    """N-053 cornered +1; N-054 hungry, thirsty, drowsy, dazed and
    exhausted +1 each; N-055 under fire +1; N-056 a safe position −1;
    N-057 rested −1; N-058 heartened −1."""
    given = (S.CORNERED, S.HUNGRY, S.THIRSTY, S.DROWSY, S.DAZED, S.EXHAUSTED, S.UNDER_FIRE)
    terms, notes = situation_terms(Family.MORAL, given + (S.SAFE, S.RESTED, S.HEARTENED))
    assert terms == (
        ("acorralado", 1),
        ("hambriento", 1),
        ("sediento", 1),
        ("somnoliento", 1),
        ("aturdido", 1),
        ("exhausto", 1),
        ("bajo_fuego", 1),
        ("posicion_segura", -1),
        ("descansado", -1),
        ("animado", -1),
    )
    assert notes == ()


def test_unseen_fire_is_plus_two_and_replaces_under_fire() -> None:
    """N-055: under fire +1, +2 when the enemy cannot be located; both given
    count as the +2 alone."""
    assert situation_terms(Family.MORAL, (S.UNSEEN_FIRE,)) == ((("fuego_invisible", 2),), ())
    terms, notes = situation_terms(Family.MORAL, (S.UNDER_FIRE, S.UNSEEN_FIRE))
    assert terms == (("fuego_invisible", 2),)
    assert notes == ("under fire and unseen fire: only the +2 of unseen fire counts (N-055)",)


def test_a_situation_of_another_check_is_a_warning_and_ignored() -> None:
    """N-052, N-096: a fear situation given to a Moral check moves nothing;
    a situation given twice counts once."""
    terms, notes = situation_terms(Family.MORAL, (S.SUPERIOR_ENEMY, S.SAFE, S.SAFE))
    assert terms == (("posicion_segura", -1),)
    assert notes == (
        "a situation given twice counts once",
        "situation enemigo_superior belongs to a miedo check, not to a moral check: ignored",
    )


# --- the Moral check ---------------------------------------------------------------------------


def test_a_moral_check_rolls_liderazgo_at_six_moved_by_the_situations() -> None:
    """N-052, N-053, N-054: Liderazgo 4 at 6 + cornered + hungry + thirsty
    = 9; rolled under `<character>:moral`; Fatiga 1 is not rested."""
    done, dice = _moral([9, 9, 3, 2], situations=(S.CORNERED, S.HUNGRY, S.THIRSTY))
    rolled = _roll(done)
    assert rolled.label == "ward:moral"
    assert rolled.pool_terms == (("Liderazgo", 4),)
    assert rolled.difficulty_terms == (
        ("base", 6),
        ("acorralado", 1),
        ("hambriento", 1),
        ("sediento", 1),
    )
    assert (rolled.pool, rolled.difficulty, rolled.successes) == (4, 9, 2)
    assert [(r.purpose, r.index) for r in dice.rolls] == [("ward:moral", i) for i in range(4)]


def test_fatiga_zero_counts_as_rested_by_itself_once() -> None:
    """N-057: Fatiga 0 is −1 though the Narrator did not say so, and once
    when he did."""
    rested = replace(WARD, fatiga=0)
    done, _ = _moral([2, 2, 2, 2], who=rested, situations=(S.UNDER_FIRE,))
    assert _roll(done).difficulty_terms == (("base", 6), ("bajo_fuego", 1), ("descansado", -1))
    assert _roll(done).difficulty == 6
    done, _ = _moral([2, 2, 2, 2], who=rested, situations=(S.RESTED,))
    assert _roll(done).difficulty_terms == (("base", 6), ("descansado", -1))


def test_the_difficulty_is_held_within_two_and_ten() -> None:
    """N-174, N-052: 6 + cornered 1 + hungry 1 + unseen fire 2 + a
    modifier of +4 = 14, held at 10 with a note."""
    done, _ = _moral(
        [10, 9, 9, 9, 8],
        situations=(S.CORNERED, S.HUNGRY, S.UNSEEN_FIRE),
        difficulty_mod=4,
    )
    assert _roll(done).difficulty_terms[-1] == ("modificador", 4)
    assert _roll(done).difficulty == 10
    assert "difficulty 14 held at 10 (N-174)" in done.changes.notes


def test_the_health_penalty_and_tiredness_take_dice_from_liderazgo() -> None:
    """N-059, NAMB-32, N-138: Liderazgo 4 − salud 1 − cansado 2 = 1 die."""
    hurt = replace(WARD, health_penalty=1, fatiga=4)
    done, _ = _moral([7], who=hurt)
    assert _roll(done).pool_terms == (("Liderazgo", 4), ("salud", -1), ("cansado", -2))
    assert _roll(done).pool == 1


def test_the_stunned_dying_and_knocked_out_cannot_check() -> None:
    """N-060: a Conmocionado, Moribundo or Noqueado makes no Moral check:
    nothing rolled, nothing changed."""
    for condition in (Condition.STUNNED, Condition.DYING, Condition.KNOCKED_OUT):
        done, dice = _moral([], who=replace(WARD, condition=condition))
        assert done.result.roll is None
        assert done.result.words == (
            f"Ward is {condition.value} and cannot make a Moral check (N-060)"
        )
        assert done.changes.characters == () and dice.rolls == []


def test_a_moral_check_without_a_trigger_asks_the_narrator() -> None:
    """N-061: the direction comes from the trigger; none given, nothing is
    rolled and the words ask for it."""
    done, dice = _moral([], trigger=None)
    assert done.result.roll is None and dice.rolls == []
    assert done.result.words.startswith("Ward's Moral check has no trigger: the Narrator must")


def test_moralising_adds_one_point_per_success() -> None:
    """N-062, NAMB-10, N-065; N-050, N-051, NAMB-12: Moral is the sheet's
    value (14, not Liderazgo 4): 3 successes at 6: Moral 14 → 17, no
    choice."""
    done, _ = _moral([6, 8, 9, 2], trigger=MoralTrigger.SOLUTION)
    assert _after(done).moral == 17
    assert done.changes.choices == ()
    assert done.result.words == (
        "Moral check (solucion, moralising): 4 dice at 6: 6 8 9 2 → 3 successes: "
        "Moral 14 → 17 (+3, N-062)"
    )


def test_a_gain_is_held_at_the_states_ceiling() -> None:
    """N-062 (decision): Moral has no ceiling in the rules; a gain holds it
    at 99 so the state file reads back."""
    high = replace(WARD, moral=97)
    done, _ = _moral([6, 8, 9, 2], who=high, trigger=MoralTrigger.SOLUTION)
    assert _after(done).moral == 99


def test_a_gain_of_five_leaves_the_choice_of_a_point_or_two_dice() -> None:
    """N-081: 5 successes (a 10 exploding): +5 Moral and a choice owed,
    recover a Voluntad point or +2 dice."""
    done, _ = _moral([10, 7, 8, 9, 6], trigger=MoralTrigger.OBJECTIVE)
    assert _roll(done).successes == 5
    assert _after(done).moral == 19
    assert done.changes.choices == (
        PendingChoice(
            "1-ward:moral",
            "ward",
            (ChoiceKind.RECOVER_WILLPOWER, ChoiceKind.BONUS_DICE),
            "a moralising gain of 5 Moral (N-081)",
            1,
        ),
    )
    assert "`ward: elige recupera` or `ward: elige dados`" in done.result.words


def test_the_demoralising_loss_by_successes_and_ones() -> None:
    """N-063, NAMB-10: max(0, 5 − successes) with successes; 5 + the 1s
    without."""
    assert [demoralising_loss(s, 0) for s in (1, 2, 4, 5, 7)] == [4, 3, 1, 0, 0]
    assert [demoralising_loss(0, ones) for ones in (0, 1, 3)] == [5, 6, 8]


def test_a_demoralising_check_takes_five_less_the_successes() -> None:
    """N-063, N-071, NAMB-10: 2 successes: Moral 14 → 11, no choice; the
    1 among them cancels nothing."""
    done, _ = _moral([7, 6, 1, 3])
    assert _after(done).moral == 11
    assert done.changes.choices == ()
    assert done.result.words == (
        "Moral check (herido, demoralising): 4 dice at 6: 7 6 1 3 → 2 successes: "
        "Moral 14 → 11 (−3, N-063, NAMB-10)"
    )


def test_a_failed_demoralising_check_takes_five_and_one_per_one() -> None:
    """N-063, NAMB-10, N-082, NAMB-11: no success and two 1s: −7, Moral
    14 → 7, and the choice of −1 Voluntad or the Trauma of Moral 7 (the
    band after the loss, N-085)."""
    done, _ = _moral([1, 1, 3, 5], trigger=MoralTrigger.COMRADE_DIES)
    assert _after(done).moral == 7
    (choice,) = done.changes.choices
    assert choice.options == (ChoiceKind.TRAUMA, ChoiceKind.LOSE_WILLPOWER)
    assert choice.about == trauma(7)
    assert choice.about.startswith("Trauma of Moral 6–10 (N-085): tries to desert")
    assert "`ward: elige voluntad` or `ward: elige trauma`" in done.result.words


def test_moral_checks_never_botch_nor_crit() -> None:
    """N-064: all 1s are a failure, not a botch; three 10s flag no critical."""
    done, _ = _moral([1, 1, 1, 1])
    rolled = _roll(done)
    assert rolled.level is Level.FAILURE
    assert isinstance(rolled.dice, PoolRoll)
    assert (rolled.dice.botch, rolled.dice.disastrous) == (False, False)
    done, _ = _moral([10, 10, 10, 2, 3, 4, 5], trigger=MoralTrigger.FEAT)
    rolled = _roll(done)
    assert isinstance(rolled.dice, PoolRoll)
    assert rolled.dice.critical is False and rolled.successes == 3


def test_moral_never_falls_below_zero_and_zero_is_suicide() -> None:
    """N-063, NAMB-11, N-083: Moral 3 losing 6 ends at 0, the band of 0."""
    done, _ = _moral([1, 2, 3, 4], who=replace(WARD, moral=3))
    assert _after(done).moral == 0
    assert done.changes.choices[0].about == trauma(0)
    assert trauma(0).startswith("Trauma of Moral 0 (N-083): suicide")


def test_with_voluntad_zero_the_trauma_is_forced() -> None:
    """NAMB-11, N-082: no Voluntad to lose: no choice, the words give the
    Trauma of Moral 9."""
    done, _ = _moral([2, 3, 4, 5], who=replace(WARD, voluntad=0))
    assert _after(done).moral == 9
    assert done.changes.choices == ()
    assert done.result.words.endswith(
        "(−5, N-063, NAMB-10). A loss of 5 with Voluntad 0: the Trauma is forced (NAMB-11): "
        + trauma(9)
    )


def test_the_trauma_bands() -> None:
    """N-083 .. N-088, NAMB-11: the band of each Moral; above 25 the
    21–25 band."""
    heads = {
        0: "Trauma of Moral 0 (N-083)",
        1: "Trauma of Moral 1–5 (N-084)",
        5: "Trauma of Moral 1–5 (N-084)",
        6: "Trauma of Moral 6–10 (N-085)",
        10: "Trauma of Moral 6–10 (N-085)",
        11: "Trauma of Moral 11–15 (N-086)",
        15: "Trauma of Moral 11–15 (N-086)",
        16: "Trauma of Moral 16–20 (N-087)",
        20: "Trauma of Moral 16–20 (N-087)",
        21: "Trauma of Moral 21–25 (N-088)",
        25: "Trauma of Moral 21–25 (N-088)",
        31: "Trauma of Moral 21–25 (N-088)",
    }
    assert {m: trauma(m).split(":")[0] for m in heads} == heads


def test_the_historical_modifier_is_shown_not_rolled() -> None:
    """N-089, N-090, NAMB-12: +3 for Tunisia 1943 adds no die; the words
    give Moral with it."""
    briton = replace(WARD, historical=HistoricalMoral(3, "Túnez 1943"))
    done, _ = _moral([8, 2, 2, 2], who=briton, trigger=MoralTrigger.REINFORCEMENTS)
    assert _roll(done).pool == 4
    assert _after(done).moral == 15
    assert done.result.words.endswith(
        "(historical modifier +3 for Túnez 1943, shown and not rolled: Moral with it 18, N-089)"
    )


def test_a_hidden_call_is_a_hidden_result() -> None:
    """N-052: the Narrator may keep a check to himself."""
    done, _ = _moral([8, 2, 2, 2], hidden=True)
    assert done.result.hidden is True


TRIGGERS = {
    MoralTrigger.SOLUTION: 16,  # N-065
    MoralTrigger.FEAT: 16,  # N-066
    MoralTrigger.BEARINGS: 16,  # N-067
    MoralTrigger.CRITICAL: 16,  # N-068
    MoralTrigger.OBJECTIVE: 16,  # N-069
    MoralTrigger.REINFORCEMENTS: 16,  # N-070
    MoralTrigger.WOUNDED: 11,  # N-071
    MoralTrigger.FEAT_FAILED: 11,  # N-072
    MoralTrigger.DECISIVE_FAILED: 11,  # N-073
    MoralTrigger.LOST: 11,  # N-074
    MoralTrigger.DISASTROUS_BOTCH: 11,  # N-075
    MoralTrigger.COLD_OR_HEAT: 11,  # N-076
    MoralTrigger.BOMBARDMENT: 11,  # N-077
    MoralTrigger.ARMOUR_NO_AT: 11,  # N-078
    MoralTrigger.COMRADE_DIES: 11,  # N-079
    MoralTrigger.KEY_ELEMENT_LOST: 11,  # N-080
}


def test_each_trigger_moralises_or_demoralises() -> None:
    """N-061; moralising N-065, N-066, N-067, N-068, N-069, N-070 (+2 of 2
    successes); demoralising N-071, N-072, N-073, N-074, N-075, N-076,
    N-077, N-078, N-079, N-080 (−3): Moral 14 → 16 or 11."""
    moral = {t: _after(_moral([7, 8, 2, 3], trigger=t)[0]).moral for t in TRIGGERS}
    assert moral == TRIGGERS


# --- checks a roll calls ----------------------------------------------------------------------


def _rolled(faces: tuple[int, ...], *, successes: int, botch: bool = False) -> Rolled:
    roll = PoolRoll(
        "dreyer-1",
        len(faces),
        6,
        faces,
        (),
        successes,
        botch,
        critical=faces.count(10) >= 3,
        disastrous=botch and faces.count(1) >= 3,
    )
    level = Level.BOTCH if botch else Level.COMPLETE if successes else Level.FAILURE
    return Rolled("dreyer-1", "dreyer", (), len(faces), (), 6, roll, successes, level)


def test_a_critical_calls_a_moralising_check() -> None:
    """N-068, NAMB-30: three 10s call a Moral check, trigger critico."""
    calls = triggered_checks("dreyer", _rolled((10, 10, 10), successes=3), None)
    assert calls == (
        CheckCall(
            "dreyer",
            CheckKind.MORAL,
            trigger=MoralTrigger.CRITICAL,
            reason="a critical in dreyer-1 (N-068)",
        ),
    )
    assert calls[0].trigger is not None and calls[0].trigger.moralising


def test_a_disastrous_botch_calls_a_demoralising_check() -> None:
    """N-075, NAMB-30: a botch with three 1s."""
    calls = triggered_checks("dreyer", _rolled((1, 1, 1, 3), successes=0, botch=True), None)
    assert [c.trigger for c in calls] == [MoralTrigger.DISASTROUS_BOTCH]
    assert triggered_checks("dreyer", _rolled((1, 1, 3), successes=0, botch=True), None) == ()


def test_a_failed_feat_or_decisive_action_demoralises() -> None:
    """N-072, N-073: a ruling's feat or decisive action failed (no success
    or a botch) calls a check each; succeeded, none; a hidden ruling hides
    them."""
    ruling = Ruling("dreyer-1", difficulty=6, feat=True, decisive=True, hidden=True)
    calls = triggered_checks("dreyer", _rolled((2, 3), successes=0), ruling)
    assert [c.trigger for c in calls] == [MoralTrigger.FEAT_FAILED, MoralTrigger.DECISIVE_FAILED]
    assert [c.reason for c in calls] == [
        "a feat failed in dreyer-1 (N-072)",
        "a decisive action failed in dreyer-1 (N-073)",
    ]
    assert all(c.hidden for c in calls)
    assert triggered_checks("dreyer", _rolled((7, 3), successes=1), ruling) == ()


# --- the registry and the entry point ---------------------------------------------------------


def test_every_kind_of_check_has_its_handler() -> None:
    """N-052, N-120, N-126, N-131, N-137, N-151, N-163: one handler a kind."""
    assert set(CHECKS) == set(CheckKind)


def test_the_callers_label_names_the_roll() -> None:
    """N-052: `run_check(..., label=...)` rolls under the caller's label."""
    dice = ScriptedDice({"ward:moral:2": [2, 2, 2, 2]})
    call = CheckCall("ward", CheckKind.MORAL, trigger=MoralTrigger.LOST)
    done = run_check(call, state_of(WARD), dice, NarrativoOptions(), 10, label="ward:moral:2")
    assert _roll(done).label == "ward:moral:2"


def test_an_unknown_character_is_named_with_the_nearest() -> None:
    """N-052: a call for no character rolls nothing and suggests a name."""
    call = CheckCall("wardd", CheckKind.MORAL, trigger=MoralTrigger.LOST)
    done = run_check(call, state_of(WARD), ScriptedDice(), NarrativoOptions(), 10)
    assert done.result.roll is None
    assert done.result.words == "a moral check for 'wardd': no such character; did you mean ward?"
