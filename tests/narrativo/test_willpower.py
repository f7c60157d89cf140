"""Voluntad checks of fear, fury and other emotions, and of pain (rulebook
001 "Voluntad"; checklist ids in each test)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.checks import run_check
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Checked, Level
from adjudicator.rulesets.narrativo.sheet import Character, Condition
from adjudicator.rulesets.narrativo.situations import Family, situation_terms
from adjudicator.rulesets.narrativo.state import Effect
from adjudicator.rulesets.narrativo.willpower import effect_turns, ladder_dice
from orders.narrativo.model import CheckCall, CheckKind, Emotion
from orders.narrativo.model import Situation as S
from tests.narrativo.checking import checked, effect_of, roll_of
from tests.narrativo.test_actions_dice import ScriptedDice, character, state_of

# Voluntad 4 (2 of it spent), Aplomo 3: effects last 3 minutes = 36 turns.
KESSLER = character("kessler", voluntad=4, voluntad_spent=2, aplomo=3, fatiga=0)
TURN = 20
FEAR = (
    S.SUPERIOR_ENEMY,
    S.ENEMY_FLAMETHROWERS,
    S.ATTACKING_FORTIFIED,
    S.WIRE_OR_MINES,
    S.COVERING_FIRE_AGAINST,
    S.ARMOUR_AGAINST,
    S.BOMBARDED_ZONE,
    S.BURNING_ZONE,
    S.INFERIOR_ENEMY,
    S.OWN_FLAMETHROWERS,
    S.DEFENDING_FORTIFIED,
    S.AFTER_BOMBARDMENT,
    S.COVERING_FIRE_FOR,
    S.ARMOUR_FOR,
)
FURY = (
    S.HUMILIATED,
    S.FRUSTRATED,
    S.UNJUST_REPRIMAND,
    S.BETRAYED,
    S.COMRADE_IN_DANGER,
    S.ANGRY_WITH_SUPERIOR,
    S.APOLOGISED,
    S.JUST_REPRIMAND,
    S.EXPECTED_DISAPPOINTMENT,
    S.VERY_TIRED,
)


def _check(
    faces: list[int],
    *,
    who: Character = KESSLER,
    kind: CheckKind = CheckKind.WILLPOWER,
    **call: object,
) -> Checked:
    return checked(who, kind, {f"kessler:{kind.value}": faces} if faces else {}, TURN, **call)


_roll = roll_of


_effect = effect_of


# --- situations --------------------------------------------------------------------------------


def test_the_fear_situations_and_their_values() -> None:
    """+1: N-096 superior enemy, N-097 enemy flamethrowers, N-098 attacking
    a fortified position, N-099 wire or mines, N-100 covering fire against,
    N-101 armour against, N-102 bombarded zone, N-103 burning zone; −1:
    N-104 inferior enemy, N-105 one's own flamethrowers (NAMB-14), N-106
    defending a fortified position, N-107 after a bombardment, N-108
    covering fire for, N-109 armour for."""
    terms, notes = situation_terms(Family.FEAR, FEAR)
    assert terms == (
        ("enemigo_superior", 1),
        ("lanzallamas_enemigo", 1),
        ("ataca_fortificada", 1),
        ("alambradas_minas", 1),
        ("fuego_cobertura_enemigo", 1),
        ("blindados_enemigos", 1),
        ("zona_bombardeada", 1),
        ("zona_en_llamas", 1),
        ("enemigo_inferior", -1),
        ("lanzallamas_propio", -1),
        ("defiende_fortificada", -1),
        ("tras_bombardeo", -1),
        ("fuego_cobertura_propio", -1),
        ("blindados_propios", -1),
    )
    assert notes == ()


def test_the_fury_situations_and_their_values() -> None:
    """+1: N-110 humiliated, N-111 frustrated, N-112 an unjust reprimand,
    N-113 betrayed, N-114 a comrade in danger; −1: N-115 angry with a
    superior, N-116 apologised to, N-117 a just reprimand, N-118 expecting
    disappointment, N-119 very tired."""
    terms, notes = situation_terms(Family.FURY, FURY)
    assert terms == (
        ("humillado", 1),
        ("frustrado", 1),
        ("reprimenda_injusta", 1),
        ("traicionado", 1),
        ("companero_en_peligro", 1),
        ("enfadado_con_superior", -1),
        ("disculpas", -1),
        ("reprimenda_justa", -1),
        ("espera_decepcion", -1),
        ("muy_cansado", -1),
    )
    assert notes == ()


# --- the ladder --------------------------------------------------------------------------------


def test_the_success_ladder() -> None:
    """N-121, N-122, N-123, NAMB-13 (N-091, N-128: self-control, under 3
    penalises and over 3 rewards): 1 → −2, 2 → −1, 3 → 0, 4 → +1, 5 → +2,
    6 and more read as 5."""
    assert [ladder_dice(s) for s in (1, 2, 3, 4, 5, 6, 9)] == [-2, -1, 0, 1, 2, 2, 2]


def test_effects_last_six_minus_aplomo_minutes() -> None:
    """NAMB-13, N-122: (6 − Aplomo) minutes of 12 turns; none at Aplomo 6+."""
    assert [effect_turns(a) for a in (0, 3, 5, 6, 8)] == [72, 36, 12, 0, 0]


def test_a_fear_check_rolls_permanent_voluntad_at_six_and_its_situations() -> None:
    """N-093, NAMB-29, N-094, N-096, N-101: Voluntad 4 (2 spent) rolls 4
    dice at 6 + superior enemy + armour = 8."""
    done = _check(
        [8, 2, 3, 4], emotion=Emotion.FEAR, situations=(S.SUPERIOR_ENEMY, S.ARMOUR_AGAINST)
    )
    rolled = _roll(done)
    assert rolled.label == "kessler:voluntad"
    assert rolled.pool_terms == (("Voluntad", 4),)
    assert rolled.difficulty_terms == (
        ("base", 6),
        ("enemigo_superior", 1),
        ("blindados_enemigos", 1),
    )
    assert (rolled.pool, rolled.difficulty, rolled.successes) == (4, 8, 1)


def test_one_success_leaves_minus_two_dice_for_the_minutes() -> None:
    """N-122, NAMB-13: 1 success: −2 dice from turn 20 to 55 (36 turns)."""
    done = _check([6, 2, 3, 4], emotion=Emotion.FEAR)
    assert _effect(done) == Effect(
        "kessler", "voluntad", -2, TURN, 55, "kessler:voluntad", "secuela de miedo"
    )
    assert done.result.words == (
        "Voluntad check (miedo): 4 dice at 6: 6 2 3 4 → 1 success: Kessler represses the "
        "emotion only partly: -2 dice to every roll (N-122) for 3 min, turns 20–55"
    )


def test_two_successes_leave_minus_one_die() -> None:
    """N-122: 2 successes: −1 die."""
    assert _effect(_check([6, 7, 3, 4], emotion=Emotion.FURY)).dice == -1


def test_three_successes_repress_the_emotion_and_nothing_else() -> None:
    """N-121: 3 successes: no effect."""
    done = _check([6, 7, 8, 4], emotion=Emotion.FEAR)
    assert done.changes.effects == ()
    assert done.result.words.endswith("Kessler represses the emotion, nothing more (N-121)")


def test_four_and_five_successes_exalt() -> None:
    """N-123, NAMB-13: 4 successes +1, 5 (a 10 exploding) +2 exaltación."""
    four = _effect(_check([6, 7, 8, 9], emotion=Emotion.FEAR))
    assert (four.dice, four.state) == (1, "exaltación")
    five = _effect(_check([10, 7, 8, 9, 6], emotion=Emotion.FEAR))
    assert five.dice == 2


def test_a_failed_fear_check_is_panic_and_a_fury_check_rage() -> None:
    """N-124: no success: panic (flees the cause) or rage (charges the
    source) for (6 − Aplomo) minutes, no dice."""
    panic = _check([2, 3, 4, 5], emotion=Emotion.FEAR)
    assert _effect(panic) == Effect(
        "kessler", "voluntad", 0, TURN, 55, "kessler:voluntad", "pánico"
    )
    assert "panics (pánico) and flees the cause of the fear (N-124)" in panic.result.words
    rage = _check([2, 3, 4, 5], emotion=Emotion.FURY)
    assert _effect(rage).state == "rabia"
    assert "charges the source of the anger" in rage.result.words
    other = _check([2, 3, 4, 5], emotion=Emotion.OTHER)
    assert _effect(other).state == "arrebato"


def test_a_botch_reads_as_a_failure() -> None:
    """NAMB-13: a botch is a failure (panic), and says so."""
    done = _check([1, 3, 4, 5], emotion=Emotion.FEAR)
    assert _roll(done).level is Level.BOTCH
    assert _effect(done).state == "pánico"
    assert "(pifia, read as a failure: NAMB-13)" in done.result.words


def test_aplomo_six_leaves_no_lingering_effect() -> None:
    """NAMB-13: (6 − 6) minutes: no effect at all."""
    done = _check([6, 2, 3, 4], who=replace(KESSLER, aplomo=6), emotion=Emotion.FEAR)
    assert done.changes.effects == ()
    assert done.result.words.endswith("but with Aplomo 6 it lingers no time (NAMB-13)")


def test_a_very_tired_character_counts_it_in_a_fury_check_by_itself() -> None:
    """N-119, N-138: Fatiga 4 > Resistencia 3: fury at 6 − 1 = 5, and the
    pool 4 − 2 (cansado) = 2; a fear check does not take it."""
    weary = replace(KESSLER, fatiga=4)
    fury = _roll(_check([5, 2], who=weary, emotion=Emotion.FURY))
    assert fury.difficulty_terms == (("base", 6), ("muy_cansado", -1))
    assert fury.pool_terms == (("Voluntad", 4), ("cansado", -2))
    assert (fury.difficulty, fury.successes) == (5, 1)
    fear = _roll(_check([5, 2], who=weary, emotion=Emotion.FEAR))
    assert fear.difficulty_terms == (("base", 6),)


def test_the_situations_of_another_emotion_are_ignored() -> None:
    """N-110, N-096: a fury situation in a fear check moves nothing."""
    done = _check([6, 7, 8, 4], emotion=Emotion.FEAR, situations=(S.HUMILIATED,))
    assert _roll(done).difficulty == 6
    assert done.changes.notes == (
        "situation humillado belongs to a furia check, not to a miedo check: ignored",
    )


def test_a_check_without_an_emotion_is_read_as_another() -> None:
    """N-120: fear, fury, pain or another feeling; none said: otra."""
    done = _check([6, 7, 8, 4])
    assert done.result.words.startswith("Voluntad check (otra)")
    assert done.changes.notes == ("a Voluntad check with no emotion: read as otra",)


def test_the_asleep_cannot_check() -> None:
    """N-141, N-060: a sleeping character makes no Voluntad check."""
    done = _check([], who=replace(KESSLER, condition=Condition.ASLEEP), emotion=Emotion.FEAR)
    assert done.result.roll is None
    assert done.result.words == "Kessler is dormido and cannot make a voluntad check"


def test_the_health_penalty_takes_dice_from_voluntad() -> None:
    """N-095, NAMB-32: Voluntad 4 − salud 2 = 2 dice."""
    rolled = _roll(_check([6, 2], who=replace(KESSLER, health_penalty=2), emotion=Emotion.FEAR))
    assert rolled.pool_terms == (("Voluntad", 4), ("salud", -2))
    assert rolled.pool == 2


def test_a_point_spent_cancels_the_negative_effect_on_later_rolls() -> None:
    """N-125, NAMB-28: the −2 a check left (kind voluntad) weighs on the
    next roll, unless a cancelling effect runs."""
    first = _check([6, 2, 3, 4], emotion=Emotion.FEAR)
    (effect,) = first.changes.effects
    cancel = Effect("kessler", "cancelado", 0, TURN, TURN + 1, "spend")
    burdened = state_of(KESSLER, effects=(effect,))
    freed = state_of(KESSLER, effects=(effect, cancel))
    call = CheckCall("kessler", CheckKind.PAIN)
    terms = []
    for state in (burdened, freed):
        dice = ScriptedDice({"kessler:dolor": [2, 2, 2, 2]})
        terms.append(_roll(run_check(call, state, dice, NarrativoOptions(), TURN + 1)).pool_terms)
    assert terms == [(("Voluntad", 4), ("secuela de miedo", -2)), (("Voluntad", 4),)]


# --- pain --------------------------------------------------------------------------------------


def test_pain_is_checked_at_nine_minus_aplomo() -> None:
    """N-126, NAMB-15: Aplomo 3: difficulty 6; pool the permanent Voluntad."""
    rolled = _roll(_check([6, 2, 3, 4], kind=CheckKind.PAIN))
    assert rolled.label == "kessler:dolor"
    assert rolled.difficulty_terms == (("9 − Aplomo", 6),)
    assert (rolled.pool, rolled.difficulty) == (4, 6)


def test_pain_difficulty_is_held_within_two_and_ten() -> None:
    """NAMB-15, N-174: Aplomo 8 gives 1, held at 2."""
    done = _check([2, 1, 1, 1], who=replace(KESSLER, aplomo=8), kind=CheckKind.PAIN)
    assert _roll(done).difficulty == 2
    assert "difficulty 1 held at 2 (N-174)" in done.changes.notes


def test_each_success_hides_the_pain_one_minute() -> None:
    """N-127, N-126: 2 successes hide it for 24 turns; no dice (the
    penalties stay)."""
    done = _check([6, 9, 3, 4], kind=CheckKind.PAIN)
    assert _effect(done) == Effect("kessler", "dolor", 0, TURN, 43, "kessler:dolor", "dolor oculto")
    assert done.result.words == (
        "Pain check: 4 dice at 6: 6 9 3 4 → 2 successes: Kessler hides the pain for 2 min, "
        "turns 20–43; its penalties stay (N-126, N-127)"
    )


def test_no_success_cannot_hide_the_pain() -> None:
    """N-126: no success, no effect."""
    done = _check([2, 3, 4, 5], kind=CheckKind.PAIN)
    assert done.changes.effects == ()
    assert done.result.words.endswith("Kessler cannot hide the pain (N-126)")
