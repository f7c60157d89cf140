"""Fatigue checks, physical and mental, and the weight carried (rulebook
001 "Peso y Fatiga"; checklist ids in each test)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.checks import run_check
from adjudicator.rulesets.narrativo.fatigue import checks_owed, gains, weight_blocks
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Checked
from adjudicator.rulesets.narrativo.pools import PoolRoll
from adjudicator.rulesets.narrativo.sheet import Character, Condition
from adjudicator.rulesets.narrativo.state import Effect
from orders.narrativo.model import CheckCall, CheckKind, Effort
from tests.narrativo.checking import after_of, checked, roll_of
from tests.narrativo.test_actions_dice import ScriptedDice, character, state_of

# Resistencia 3 + Atletismo 2 = 5 dice; Fuerza 3: 15 kg carried free, 30 kg heavy.
MULLER = character("muller", Fuerza=3, Atletismo=2, resistencia=3, voluntad=3, fatiga=0)
TURN = 30


def _check(
    faces: dict[str, list[int]],
    *,
    who: Character = MULLER,
    kind: CheckKind = CheckKind.FATIGUE,
    **call: object,
) -> Checked:
    return checked(who, kind, faces, TURN, **call)


_roll = roll_of


_after = after_of


def test_weight_blocks_of_five_kilos_above_fuerza_times_five() -> None:
    """N-135, NAMB-21 (N-133, N-134: all the equipment counts, and is
    tracked): Fuerza 3 carries 15 kg free; each 5 kg or fraction above is
    a block."""
    assert [weight_blocks(kg, 3) for kg in (0, 15, 16, 20, 21, 26, 30)] == [0, 0, 1, 1, 2, 3, 3]


def test_the_checks_owed_by_effort_and_minutes() -> None:
    """N-129: every 2 minutes or fraction running, diving or climbing; 10
    trotting, swimming or descending; 30 walking, crawling or creeping; at
    least one; one for a heavy load (N-130)."""
    owed = {
        (Effort.RUN, 4): 2,
        (Effort.RUN, 5): 3,
        (Effort.DIVE, 1): 1,
        (Effort.CLIMB, 6): 3,
        (Effort.TROT, 25): 3,
        (Effort.SWIM, 10): 1,
        (Effort.DESCEND, 11): 2,
        (Effort.WALK, 30): 1,
        (Effort.CRAWL, 31): 2,
        (Effort.CREEP, 90): 3,
        (Effort.WALK, 0): 1,
        (Effort.HEAVY_LOAD, 60): 1,
    }
    assert {k: checks_owed(*k) for k in owed} == owed
    assert checks_owed(None, 45) == 1


def test_a_point_when_the_successes_do_not_exceed_fatiga() -> None:
    """NAMB-19, N-131: successes ≤ Fatiga gains; at Fatiga 0 any success
    avoids it."""
    assert [gains(s, f) for s, f in ((0, 0), (1, 0), (2, 2), (3, 2))] == [True, False, True, False]


def test_a_physical_check_rolls_resistencia_and_atletismo_at_two() -> None:
    """N-131, NAMB-19: 5 dice at 2; 1 success at Fatiga 0: no point."""
    done = _check({"muller:fatiga#1": [2, 1, 1, 1, 1]}, effort=Effort.WALK, minutes=20)
    rolled = _roll(done)
    assert rolled.pool_terms == (("Resistencia", 3), ("Atletismo", 2))
    assert rolled.difficulty_terms == (("base", 2),)
    assert (rolled.pool, rolled.difficulty, rolled.successes) == (5, 2, 1)
    assert _after(done).fatiga == 0
    assert done.result.words == (
        "Fatiga check (caminar, 20 min: 1 owed): muller:fatiga#1 5 dice at 2: 2 1 1 1 1 → "
        "1 success, more than Fatiga 0: no point (N-131). Fatiga 0 → 0"
    )


def test_successes_equal_to_fatiga_gain_a_point() -> None:
    """NAMB-19: 2 successes at Fatiga 2: Fatiga 3 (a 1 among successes is
    no fainting spell)."""
    done = _check({"muller:fatiga#1": [2, 3, 1, 1, 1]}, who=replace(MULLER, fatiga=2))
    assert _after(done).fatiga == 3
    assert done.changes.effects == ()


def test_the_weight_raises_the_difficulty() -> None:
    """N-135, NAMB-21: 26 kg with Fuerza 3: 3 blocks, difficulty 5."""
    loaded = replace(MULLER, load_kg=26, fatiga=1)
    done = _check({"muller:fatiga#1": [5, 4, 4, 4, 4]}, who=loaded, effort=Effort.TROT, minutes=5)
    rolled = _roll(done)
    assert rolled.difficulty_terms == (("base", 2), ("peso", 3))
    assert (rolled.difficulty, rolled.successes) == (5, 1)
    assert _after(done).fatiga == 2


def test_each_check_of_a_span_meets_the_fatiga_the_last_left() -> None:
    """N-129, N-138, NAMB-27: running 4 minutes owes 2 checks; the first
    gains (Fatiga 2 > Resistencia 1: cansado), so the second rolls 2 dice
    fewer; both gain."""
    frail = replace(MULLER, resistencia=1, fatiga=1)
    done = _check(
        {"muller:fatiga#1": [2, 1, 1], "muller:fatiga#2": [4]},
        who=frail,
        effort=Effort.RUN,
        minutes=4,
    )
    last = _roll(done)
    assert last.label == "muller:fatiga#2"
    assert last.pool_terms == (("Resistencia", 1), ("Atletismo", 2), ("cansado", -2))
    assert last.pool == 1
    assert _after(done).fatiga == 3
    assert done.result.words.endswith(
        "muller:fatiga#2 1 die at 2: 4 → 1 success, not more than Fatiga 2: Fatiga 3 "
        "(N-131, NAMB-19). Fatiga 1 → 3"
    )


def test_a_willpower_point_holds_off_the_tired_penalty() -> None:
    """N-140, N-138: Fatiga 4 > Resistencia 3 takes 2 dice, unless a
    fatiga_ignorada effect runs."""
    weary = replace(MULLER, fatiga=4)
    ignoring = Effect("muller", "fatiga_ignorada", 0, TURN, TURN + 1, "spend")
    terms = []
    for effects in ((), (ignoring,)):
        dice = ScriptedDice({"muller:fatiga#1": [9] * 5})
        call = CheckCall("muller", CheckKind.FATIGUE)
        done = run_check(call, state_of(weary, effects=effects), dice, NarrativoOptions(), TURN)
        terms.append(_roll(done).pool_terms)
    assert terms == [
        (("Resistencia", 3), ("Atletismo", 2), ("cansado", -2)),
        (("Resistencia", 3), ("Atletismo", 2)),
    ]


def test_every_die_failed_with_a_one_is_a_fainting_spell() -> None:
    """N-132, NAMB-20: no die reaches 2 and a 1 shows: the point still
    comes, 10 minutes (120 turns) of compulsory rest, the span stops; no
    botch is reported."""
    done = _check({"muller:fatiga#1": [1, 1, 1, 1, 1]}, effort=Effort.RUN, minutes=6)
    assert _after(done).fatiga == 1
    assert done.changes.effects == (
        Effect(
            "muller",
            "descanso_forzoso",
            0,
            TURN,
            TURN + 119,
            "muller:fatiga#1",
            "desfallecimiento: descanso obligatorio",
        ),
    )
    rolled = _roll(done)
    assert isinstance(rolled.dice, PoolRoll) and rolled.dice.botch is False
    assert "a fainting spell (desfallecimiento), 10 min of compulsory rest" in done.result.words


def test_fatigue_checks_never_crit() -> None:
    """N-132: three 10s flag no critical."""
    done = _check({"muller:fatiga#1": [10, 10, 10, 2, 2, 3, 3, 3]})
    rolled = _roll(done)
    assert isinstance(rolled.dice, PoolRoll) and rolled.dice.critical is False
    assert rolled.successes == 8


def test_a_point_gained_at_fatiga_ten_knocks_out_for_eight_hours() -> None:
    """N-141, N-139: at Fatiga 10 (agotado, 5 − 4 = 1 die) a point gained:
    asleep 8 hours (5760 turns), Fatiga stays 10, the span stops."""
    spent = replace(MULLER, fatiga=10)
    done = _check({"muller:fatiga#1": [2]}, who=spent, effort=Effort.RUN, minutes=6)
    assert _roll(done).pool_terms[-1] == ("agotado", -4)
    after = _after(done)
    assert (after.fatiga, after.condition) == (10, Condition.ASLEEP)
    assert done.changes.effects == (
        Effect(
            "muller",
            "dormido",
            0,
            TURN,
            TURN + 5759,
            "muller:fatiga#1",
            "desmayado: duerme 8 horas",
        ),
    )
    assert "Muller faints and sleeps 8 hours" in done.result.words


def test_a_heavy_load_below_fuerza_times_ten_asks_no_check() -> None:
    """N-130, NAMB-22: 25 kg with Fuerza 3 (30 kg): a note, nothing rolled."""
    done = _check({}, who=replace(MULLER, load_kg=25), effort=Effort.HEAVY_LOAD)
    assert done.result.roll is None
    assert done.result.words == (
        "Muller's load of 25 kg is under Fuerza × 10 = 30 kg: no Fatiga check (N-130, NAMB-22)"
    )


def test_a_heavy_load_of_fuerza_times_ten_asks_one_check() -> None:
    """N-130, NAMB-22, NAMB-21: 30 kg: one check at 2 + 3 blocks."""
    done = _check(
        {"muller:fatiga#1": [5, 2, 2, 2, 2]},
        who=replace(MULLER, load_kg=30),
        effort=Effort.HEAVY_LOAD,
        minutes=60,
    )
    assert _roll(done).difficulty == 5
    assert _after(done).fatiga == 0


def test_a_mental_check_rolls_voluntad_at_nine_minus_resistencia() -> None:
    """N-136, N-137, NAMB-16: Voluntad 3 at 9 − 3 = 6; no success at Fatiga
    0: a point."""
    done = _check({"muller:fatiga_mental#1": [5, 4, 3]}, kind=CheckKind.MENTAL_FATIGUE)
    rolled = _roll(done)
    assert rolled.pool_terms == (("Voluntad", 3),)
    assert rolled.difficulty_terms == (("9 − Resistencia", 6),)
    assert _after(done).fatiga == 1
    assert done.changes.effects == ()


def test_mental_difficulty_is_held_within_two_and_ten() -> None:
    """NAMB-16, N-174: Resistencia 8 gives 1, held at 2; the same fainting
    rule (N-137)."""
    tough = replace(MULLER, resistencia=8)
    done = _check({"muller:fatiga_mental#1": [1, 1, 1]}, who=tough, kind=CheckKind.MENTAL_FATIGUE)
    assert _roll(done).difficulty == 2
    assert "difficulty 1 held at 2 (N-174)" in done.changes.notes
    assert [e.kind for e in done.changes.effects] == ["descanso_forzoso"]
