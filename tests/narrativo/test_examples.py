"""The rulebook's worked examples of "Tipos de acciones" (rulebook 001),
each in its own test citing its id: the river jump N-008, the parachute
N-016, the wall N-021, the fist fight N-027, the sentry N-028, the car
N-032, the assault plan N-037, the grenade N-042."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.rulesets.narrativo.actions import act, continue_extended, cooperate
from adjudicator.rulesets.narrativo.outcome import Acted, Level
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState
from orders.narrativo.model import ActionKind, Declaration, Pool, Ruling
from tests.narrativo.test_actions_dice import (
    ScriptedDice,
    character,
    context,
    declare,
    rule,
    state_of,
)


def _run(
    state: NarrativoState,
    faces: dict[str, list[int]],
    decl: Declaration,
    ruling: Ruling,
    turn: int = 10,
) -> Acted:
    ctx = context(state, faces, turn=turn)
    done = act(ctx, decl, ruling)
    assert isinstance(ctx.dice, ScriptedDice) and ctx.dice.left() == {}, (
        "every queued face is rolled"
    )
    return done


# --- N-008: the river jump ---------------------------------------------------------------------


def test_river_jump_succeeds_automatically_with_a_pool_of_six() -> None:
    """N-008, N-007, NAMB-02: Destreza + Atletismo at 6; with the pool 6 ≥ 6
    and the Narrator allowing it, one success and no die rolled; with a
    pool of 5 the jump is rolled."""
    jump = declare("dreyer", ActionKind.SIMPLE, ("Destreza", "Atletismo"))
    ruling = rule("dreyer-1", difficulty=6, automatic=True)
    agile = character("dreyer", Destreza=3, Atletismo=3)
    done = _run(state_of(agile), {}, jump, ruling)
    rolled = done.result.rolls[0]
    assert (rolled.automatic, rolled.successes, rolled.dice) == (True, 1, None)
    assert done.result.words == "automatic success: pool 6 ≥ difficulty 6 (N-007, NAMB-02)"
    slower = character("dreyer", Destreza=3, Atletismo=2)
    done = _run(state_of(slower), {"dreyer-1": [6, 3, 2, 2, 2]}, jump, ruling)
    assert done.result.rolls[0].automatic is False
    assert done.result.words == "1 success: success"


# --- N-016: the parachute ----------------------------------------------------------------------

PARACHUTE = {
    0: "queda colgado de un árbol",
    3: "toma tierra más o menos bien",
    5: "aterriza sin apenas ruido y se libera del paracaídas con presteza",
}


@pytest.mark.parametrize(
    ("faces", "words"),
    [
        ([8, 9, 2, 2, 2], "2 successes: moderado — queda colgado de un árbol"),
        ([8, 9, 8, 2, 2], "3 successes: completo — toma tierra más o menos bien"),
        (
            [8, 9, 8, 9, 2],
            "4 successes: notable — toma tierra más o menos bien; notable: a slight bonus",
        ),
        (
            [8, 9, 8, 9, 8],
            "5 successes: excelente — aterriza sin apenas ruido y se libera del paracaídas con presteza",
        ),
    ],
)
def test_parachute_reads_the_rulings_words_by_level(faces: list[int], words: str) -> None:
    """N-016, N-009, NAMB-03: Fuerza + Paracaidismo at 8 (dark, gusty);
    under 3 hanging in a tree, 3 lands more or less well, 4 the same with
    notable's slight bonus, 5 silently and quickly free."""
    jumper = character("dreyer", Fuerza=3, Paracaidismo=2)
    decl = declare("dreyer", ActionKind.COMPLEX, ("Fuerza", "Paracaidismo"))
    done = _run(
        state_of(jumper),
        {"dreyer-1": faces},
        decl,
        rule("dreyer-1", difficulty=8, levels=PARACHUTE),
    )
    assert done.result.rolls[0].difficulty == 8
    assert done.result.words == words


# --- N-021: the wall ---------------------------------------------------------------------------

CLIMBER = character("dreyer", Fuerza=3, Atletismo=2)
WALL = declare("dreyer", ActionKind.EXTENDED, ("Fuerza", "Atletismo"))
ONE, NONE, BOTCH = [8, 2, 2, 2, 2], [2, 2, 2, 2, 2], [1, 2, 2, 2, 2]


def _wall(results: list[list[int]]) -> Acted:
    faces = {f"dreyer-1@{n}": f for n, f in enumerate(results, 1)}
    ruling = rule("dreyer-1", difficulty=8, need=20, limit=20, rolls=20)
    return _run(state_of(CLIMBER), faces, WALL, ruling)


def test_wall_twenty_successes_in_twenty_rolls_climb_it() -> None:
    """N-021, N-017, NAMB-04: Fuerza + Atletismo at 8, 20 successes within
    20 rolls: one success a roll reaches 20 on the 20th."""
    done = _wall([ONE] * 20)
    ext = done.changes.extended
    assert ext is not None and (ext.done, ext.total, ext.rolls_made) == (True, 20, 20)
    assert [r.difficulty for r in done.result.rolls] == [8] * 20
    assert done.result.words == "complete: 20 of 20 successes after 20 rolls (N-017)"


def test_wall_a_botch_drops_him_to_the_ground_to_start_again() -> None:
    """N-021, N-019: 3 successes, then a botch: all lost, he starts again."""
    done = _wall([ONE, ONE, ONE, BOTCH] + [ONE] * 16)
    ext = done.changes.extended
    assert ext is not None and (ext.total, ext.rolls_made, ext.failed) == (16, 20, False)
    assert ext.out_of_time
    assert done.result.words.startswith(
        "roll 4: Dreyer botches, 3 successes lost (N-019); fails for lack of time"
    )


def test_wall_a_botch_at_zero_fails_for_good() -> None:
    """N-021, N-020: a botch on the first roll, nothing accumulated: the
    climb fails for good, no more rolls."""
    done = _wall([BOTCH])
    ext = done.changes.extended
    assert ext is not None and (ext.failed, ext.rolls_made) == (True, 1)
    assert done.result.level is Level.BOTCH


def test_wall_the_sentry_sees_him_when_the_twenty_rolls_run_out() -> None:
    """N-021, N-018, NAMB-04: 19 successes after the 20 rolls: out of time;
    the action rolls no more."""
    done = _wall([ONE] * 19 + [NONE])
    ext = done.changes.extended
    assert ext is not None and (ext.out_of_time, ext.total) == (True, 19)
    assert (
        done.result.words
        == "fails for lack of time: 19 of 20 successes after the 20 rolls allowed (N-018, NAMB-04)"
    )
    again = continue_extended(context(state_of(CLIMBER)), ext, Ruling("dreyer-1"))
    assert again.result.refused == "dreyer-1 is no longer under way"


# --- N-027: the fist fight ---------------------------------------------------------------------


def test_fist_fight_net_successes_are_levels_of_damage() -> None:
    """N-027, N-023, NAMB-07: Fuerza + Pelea against Destreza + Esquivar,
    both at 6: 3 against 1 is 2 levels of bludgeoning damage, before any
    resistance roll (the Combat rules are missing)."""
    you = character("dreyer", Fuerza=3, Pelea=2)
    rival = character("kessler", Destreza=3, Esquivar=1)
    decl = declare(
        "dreyer",
        ActionKind.OPPOSED_ACTIVE,
        ("Fuerza", "Pelea"),
        opponent="kessler",
        opponent_pool=Pool(("Destreza", "Esquivar")),
    )
    faces = {"dreyer-1": [6, 7, 10, 2, 2, 3], "dreyer-1:rival": [6, 2, 3, 4]}
    done = _run(state_of(you, rival), faces, decl, rule("dreyer-1", difficulty=6, combat=True))
    assert [r.difficulty for r in (*done.result.rolls, *done.result.opposing)] == [6, 6]
    assert done.result.net == 2
    assert done.result.words == (
        "net 2 (3 against 1): moderado — a slight penalty;"
        " 2 level(s) of damage before any resistance roll (N-027; the Combat rules are missing)"
    )


# --- N-028: the sentry -------------------------------------------------------------------------

SENTRY = {
    0: "no le deja pasar",
    1: "le deja pasar pero sospecha",
    3: "convencido, le deja pasar pero da parte a su superior",
    5: "le deja pasar y lo considera rutinario: no informa",
}


@pytest.mark.parametrize(
    ("faces", "words"),
    [
        ([2, 2, 2, 2, 2], "no success: fracaso — no le deja pasar"),
        ([5, 2, 2, 2, 2], "1 success: escaso — le deja pasar pero sospecha"),
        ([5, 6, 2, 2, 2], "2 successes: moderado — le deja pasar pero sospecha"),
        (
            [5, 6, 7, 2, 2],
            "3 successes: completo — convencido, le deja pasar pero da parte a su superior",
        ),
        (
            [5, 6, 7, 8, 2],
            (
                "4 successes: notable — convencido, le deja pasar pero da parte a su superior;"
                " notable: a slight bonus"
            ),
        ),
        (
            [5, 6, 7, 8, 9],
            "5 successes: excelente — le deja pasar y lo considera rutinario: no informa",
        ),
    ],
)
def test_sentry_difficulty_is_his_astucia_plus_three(faces: list[int], words: str) -> None:
    """N-028, N-025, NAMB-03: Manipulación + Subterfugio at the sentry's
    Astucia 2 + 3 = 5; the words by level from the ruling."""
    muller = character("muller", Manipulación=3, Subterfugio=2)
    sentry = character("centinela", Astucia=2, player=None)
    decl = declare(
        "muller",
        ActionKind.OPPOSED_PASSIVE,
        ("Manipulación", "Subterfugio"),
        opponent="centinela",
        opponent_pool=Pool(("Astucia",)),
    )
    done = _run(
        state_of(muller, sentry), {"muller-1": faces}, decl, rule("muller-1", levels=SENTRY)
    )
    assert done.result.rolls[0].difficulty == 5
    assert done.result.words == words


# --- N-032: the car ----------------------------------------------------------------------------

MECHANICS = (
    character("dreyer", Inteligencia=2, Mecánica=2),
    character("muller", Inteligencia=3, Mecánica=1),
)
REPAIR = declare("dreyer", ActionKind.EXTENDED, ("Inteligencia", "Mecánica"))
HELP = declare("muller", ActionKind.COOPERATIVE, ("Inteligencia", "Mecánica"), partners=("dreyer",))


def _car(faces: dict[str, list[int]], rolls: int) -> Acted:
    ctx = context(state_of(*MECHANICS), faces)
    done = cooperate(ctx, REPAIR, rule("dreyer-1", difficulty=6, need=10, rolls=rolls), (HELP,))
    assert isinstance(ctx.dice, ScriptedDice) and ctx.dice.left() == {}
    return done


def test_car_two_mechanics_sum_their_successes_to_ten() -> None:
    """N-032, N-030, N-031: Inteligencia + Mecánica at 6 each, one roll each
    per half hour, 10 successes in all: 2+2, 2+1, 3 reach 10 after three
    intervals; the partner's third roll is not needed."""
    faces = {
        "dreyer-1@1": [6, 7, 2, 2],
        "dreyer-1@1+muller": [6, 7, 2, 2],
        "dreyer-1@2": [6, 7, 2, 2],
        "dreyer-1@2+muller": [6, 2, 2, 2],
        "dreyer-1@3": [6, 7, 8, 2],
    }
    done = _car(faces, rolls=4)
    ext = done.changes.extended
    assert ext is not None and (ext.done, ext.total, ext.rolls_made) == (True, 10, 3)
    assert done.result.words == "complete: 10 of 10 successes after 3 rolls (N-017)"


def test_car_a_botch_with_nothing_accumulated_abandons_the_car() -> None:
    """N-032, NAMB-05: Dreyer's roll fails without a 1 (0), Müller botches
    with the shared total 0: the repair is impossible."""
    done = _car({"dreyer-1@1": [2, 3, 4, 5], "dreyer-1@1+muller": [1, 2, 3, 4]}, rolls=3)
    ext = done.changes.extended
    assert ext is not None and (ext.failed, ext.rolls_made, ext.open) == (True, 1, False)
    assert done.result.words.startswith("roll 1: Muller botches with nothing accumulated (N-020)")


# --- N-037: the assault plan -------------------------------------------------------------------


def test_assault_plan_gives_the_subordinates_dice_for_voluntad_turns() -> None:
    """N-037, N-034, N-035, NAMB-08: Liderazgo at 6 (nothing for or
    against), 2 successes: +2 dice on the subordinates' later pools for as
    many turns as the sergeant's Voluntad (5): turns 11 .. 15."""
    ward = character("ward", liderazgo=4, voluntad=5, squad="1", rank=3)
    dreyer = character("dreyer", Destreza=2, Atletismo=1, squad="1", rank=1)
    state = state_of(ward, dreyer)
    plan = declare("ward", ActionKind.COORDINATED, ("Liderazgo",))
    done = _run(state, {"ward-1": [6, 9, 2, 3]}, plan, rule("ward-1"))
    assert done.result.rolls[0].difficulty == 6
    assert done.changes.effects == (
        Effect("dreyer", "coordina", 2, 11, 15, "ward-1", "coordinado por Ward"),
    )
    later = replace(state, effects=done.changes.effects)
    flank = declare("dreyer", ActionKind.SIMPLE, ("Destreza", "Atletismo"))
    ruling = rule("dreyer-1", difficulty=6)
    during = _run(later, {"dreyer-1": [2, 2, 2, 2, 6]}, flank, ruling, turn=15)
    assert during.result.rolls[0].pool_terms[-1] == ("coordinado por Ward", 2)
    assert during.result.rolls[0].pool == 5
    after = _run(later, {"dreyer-1": [2, 2, 2]}, flank, ruling, turn=16)
    assert after.result.rolls[0].pool == 3


# --- N-042: the grenade ------------------------------------------------------------------------


def test_grenade_dodges_then_throws_one_die_less_each() -> None:
    """N-042, N-039, N-040: Destreza + Esquivar at 4 (well covered), then
    Fuerza + Atletismo at 8, −1 die each for the multiple action."""
    thrower = character("dreyer", Destreza=3, Esquivar=2, Fuerza=3, Atletismo=2)
    decl = declare("dreyer", ActionKind.MULTIPLE, ("Destreza", "Esquivar"), ("Fuerza", "Atletismo"))
    faces = {"dreyer-1/1": [4, 5, 2, 3], "dreyer-1/2": [8, 7, 2, 3]}
    done = _run(state_of(thrower), faces, decl, rule("dreyer-1", difficulties=(4, 8)))
    dodge, throw = done.result.rolls
    assert (dodge.pool, dodge.difficulty, dodge.successes) == (4, 4, 2)
    assert (throw.pool, throw.difficulty, throw.successes) == (4, 8, 1)
    assert dodge.pool_terms == (("Destreza", 3), ("Esquivar", 2), ("múltiple", -1))
    assert throw.pool_terms == (("Fuerza", 3), ("Atletismo", 2), ("múltiple", -1))
