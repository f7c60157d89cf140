"""Rest and sleep (rulebook 001 "Peso y Fatiga"; checklist ids in each
test)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Rested
from adjudicator.rulesets.narrativo.rest import doubled_target, fraction_difficulty, rest
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect
from orders.narrativo.model import RestCall
from tests.narrativo.test_actions_dice import ScriptedDice, character, state_of

DREYER = character("dreyer", fatiga=5)
TURN = 40


def _rest(
    faces: dict[str, list[int]],
    minutes: int,
    *,
    asleep: bool = False,
    who: Character = DREYER,
    effects: tuple[Effect, ...] = (),
    **options: object,
) -> tuple[Rested, ScriptedDice]:
    dice = ScriptedDice(faces)
    state = state_of(who, effects=effects)
    done = rest(RestCall(who.id, minutes, asleep), state, dice, NarrativoOptions(**options), TURN)  # type: ignore[arg-type]
    assert dice.left() == {}, "every queued face is rolled"
    return done, dice


def _fatiga(done: Rested) -> int:
    (who,) = done.changes.characters
    assert who.fatiga == done.result.after
    return who.fatiga


def test_the_fraction_difficulty_is_twelve_less_two_per_ten_minutes() -> None:
    """N-144, NAMB-17: 10 min at 10, 20 at 8, 30 at 6 (the text's own
    check), 40 at 4, 50 at 2."""
    assert [fraction_difficulty(b) for b in (1, 2, 3, 4, 5)] == [10, 8, 6, 4, 2]


def test_the_doubled_chance_target() -> None:
    """NAMB-18 `double`: p = (11 − d) / 10 doubled is a die ≥ 2d − 11; at
    6 or below always."""
    assert [doubled_target(d) for d in (10, 8, 6, 4, 2)] == [9, 5, 1, 1, 1]


def test_each_full_hour_awake_removes_a_point_and_the_fraction_rolls() -> None:
    """N-143, N-144, NAMB-17: 1 h 30 min awake: −1 for the hour; the half
    hour 1d10 at 6 shows 6: −1 more. Fatiga 5 → 3."""
    done, _ = _rest({"dreyer:descanso:fraccion": [6]}, 90)
    assert (done.result.before, done.result.after, _fatiga(done)) == (5, 3, 3)
    (rolled,) = done.result.rolls
    assert (rolled.label, rolled.pool, rolled.difficulty, rolled.successes) == (
        "dreyer:descanso:fraccion",
        1,
        6,
        1,
    )
    assert rolled.difficulty_terms == (("base", 12), ("bloques de 10 min", -6))
    assert done.result.words == (
        "Dreyer rests 1 h 30 min awake: 1 full hour: −1 (N-143); the 30 min fraction "
        "1 die at 6: 6 → 1 success: one more point (N-144, NAMB-17). Fatiga 5 → 3"
    )


def test_a_failed_fraction_removes_nothing() -> None:
    """N-144, NAMB-17: 45 minutes count 4 blocks, at 4; a 3 fails."""
    done, _ = _rest({"dreyer:descanso:fraccion": [3]}, 45)
    assert done.result.rolls[0].difficulty == 4
    assert _fatiga(done) == 5


def test_a_ten_rolled_for_rest_does_not_explode() -> None:
    """N-144: a plain d10, not a pool: a 10 earns no die."""
    done, dice = _rest({"dreyer:descanso:fraccion": [10]}, 10)
    assert len(dice.rolls) == 1 and done.result.rolls[0].successes == 1
    assert _fatiga(done) == 4


def test_under_ten_minutes_nothing_counts() -> None:
    """NAMB-17: blocks under 10 minutes do not count."""
    done, dice = _rest({}, 9)
    assert dice.rolls == [] and done.result.after == 5
    assert done.result.words == "Dreyer rests 9 min awake: too short to count (N-144)"


def test_asleep_each_hour_also_rolls_six_or_more_for_another_point() -> None:
    """N-146, N-147, NAMB-18: 2 h 20 min asleep: −2 for the hours; hour 1
    shows 6 (−1), hour 2 shows 5; the fraction (2 blocks, at 8) on 2d10
    succeeds on either die (3, 8): −1. Fatiga 6 → 2."""
    faces = {
        "dreyer:descanso:hora1": [6],
        "dreyer:descanso:hora2": [5],
        "dreyer:descanso:fraccion": [3, 8],
    }
    done, dice = _rest(faces, 140, asleep=True, who=replace(DREYER, fatiga=6))
    assert _fatiga(done) == 2
    assert [(r.purpose, r.index) for r in dice.rolls] == [
        ("dreyer:descanso:hora1", 0),
        ("dreyer:descanso:hora2", 0),
        ("dreyer:descanso:fraccion", 0),
        ("dreyer:descanso:fraccion", 1),
    ]
    fraction = done.result.rolls[-1]
    assert (fraction.pool, fraction.difficulty, fraction.successes) == (2, 8, 1)
    assert fraction.pool_terms == (("descanso (dormido)", 2),)


def test_asleep_the_fraction_fails_when_neither_die_reaches_it() -> None:
    """NAMB-18: 20 min asleep, at 8: 7 and 2 fail; two dice reaching it
    still remove one point."""
    done, _ = _rest({"dreyer:descanso:fraccion": [7, 2]}, 20, asleep=True)
    assert _fatiga(done) == 5
    done, _ = _rest({"dreyer:descanso:fraccion": [9, 8]}, 20, asleep=True)
    assert _fatiga(done) == 4


def test_the_double_option_rolls_one_die_at_the_doubled_chance() -> None:
    """NAMB-18, option sleep_fraction double: 20 min at 8 is one d10 ≥ 5."""
    done, dice = _rest({"dreyer:descanso:fraccion": [5]}, 20, asleep=True, sleep_fraction="double")
    (rolled,) = done.result.rolls
    assert (rolled.pool, rolled.difficulty, rolled.successes) == (1, 5, 1)
    assert len(dice.rolls) == 1 and _fatiga(done) == 4
    done, _ = _rest({"dreyer:descanso:fraccion": [4]}, 20, asleep=True, sleep_fraction="double")
    assert _fatiga(done) == 5


def test_ten_points_can_go_in_five_hours_of_sleep_and_no_more() -> None:
    """N-148, N-147, N-143: Fatiga 10, 5 hours asleep, every hour's die 6+:
    0, the most 5 hours can take."""
    faces = {f"dreyer:descanso:hora{k}": [6 + k - 1] for k in range(1, 6)}
    done, _ = _rest(faces, 300, asleep=True, who=replace(DREYER, fatiga=10))
    assert _fatiga(done) == 0
    assert [r.label for r in done.result.rolls] == [f"dreyer:descanso:hora{k}" for k in range(1, 6)]


def test_fatiga_never_falls_below_zero() -> None:
    """N-143: Fatiga 2 and 3 hours awake: 0."""
    done, _ = _rest({}, 180, who=replace(DREYER, fatiga=2))
    assert _fatiga(done) == 0


def test_nothing_to_recover_at_fatiga_zero() -> None:
    """N-142: rested already: nothing rolled."""
    done, dice = _rest({}, 60, who=replace(DREYER, fatiga=0))
    assert dice.rolls == [] and done.result.words.endswith("Fatiga 0, nothing to recover (N-144)")


def test_the_compulsory_rest_after_fainting_recovers_too() -> None:
    """N-145, NAMB-20: a rest during the fainting spell's compulsory rest
    recovers by the same procedure, and says so."""
    spell = Effect("dreyer", "descanso_forzoso", 0, TURN - 5, TURN + 114, "x", "desfallecimiento")
    done, _ = _rest({"dreyer:descanso:fraccion": [9]}, 10, effects=(spell,))
    assert _fatiga(done) == 5
    assert done.result.words.endswith(
        "Fatiga 5 → 5; the compulsory rest after fainting recovers too (N-145)"
    )


def test_the_callers_label_names_the_rolls() -> None:
    """N-143: `rest(..., label=...)` rolls under `<label>:fraccion`."""
    dice = ScriptedDice({"dreyer:descanso:2:fraccion": [2]})
    state = state_of(DREYER)
    done = rest(
        RestCall("dreyer", 10), state, dice, NarrativoOptions(), TURN, label="dreyer:descanso:2"
    )
    assert done.result.rolls[0].label == "dreyer:descanso:2:fraccion"


def test_a_rest_for_no_character_is_named() -> None:
    """N-142: an unknown character rests not, with the nearest name."""
    done = rest(RestCall("dreyr", 60), state_of(DREYER), ScriptedDice(), NarrativoOptions(), TURN)
    assert done.result.words == "a rest for 'dreyr': no such character; did you mean dreyer?"
