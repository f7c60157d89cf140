"""Movement: distances, actions, dodging, falls, and the checks of moving
beyond walking and of a dangerous surface (rulebook 001 "Movimiento";
checklist ids in each test)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest

from adjudicator.rulesets.narrativo.movement import (
    Stance,
    actions_counted,
    basic_movement,
    can_move,
    character_movement,
    distance,
    dodge_bonus,
    extra_distance,
    fall_levels,
    takes_whole_turn,
)
from adjudicator.rulesets.narrativo.outcome import Checked
from adjudicator.rulesets.narrativo.sheet import Character
from orders.narrativo.model import CheckKind, Effort
from tests.narrativo.checking import checked, roll_of
from tests.narrativo.test_actions_dice import character

E = Effort
# Destreza 3 (6 m a turn), Atletismo 2, Fuerza 2 (10 kg free).
DREYER = character("dreyer", Destreza=3, Atletismo=2, Fuerza=2)


def _check(
    faces: list[int], kind: CheckKind, *, who: Character = DREYER, **call: object
) -> Checked:
    return checked(who, kind, {f"dreyer:{kind.value}": faces} if faces else {}, 5, **call)


_roll = roll_of


def test_basic_movement_is_destreza_times_two_less_the_weight() -> None:
    """N-149, N-150, N-135, NAMB-21: movement rests on Destreza: 3 is 6 m
    a turn; 2 blocks 4 m; never below 0."""
    assert (basic_movement(3), basic_movement(3, 2), basic_movement(1, 5)) == (6, 4, 0)
    assert character_movement(replace(DREYER, load_kg=16)) == 4  # 6 kg over: 2 blocks


def test_each_way_of_moving_is_a_multiple_of_basic_movement() -> None:
    """N-154, N-155: ×1 swimming or walking, ×½ crawling, creeping,
    diving, climbing, descending, ×2 trotting, ×4 running."""
    expected = {
        E.SWIM: 6,
        E.WALK: 6,
        E.CRAWL: 3,
        E.CREEP: 3,
        E.DIVE: 3,
        E.CLIMB: 3,
        E.DESCEND: 3,
        E.TROT: 12,
        E.RUN: 24,
    }
    assert {e: distance(6, e) for e in expected} == expected
    assert distance(5, E.CRAWL) == Fraction(5, 2)


def test_heavy_load_is_no_way_of_moving() -> None:
    """N-155: only the listed ways have a multiple."""
    with pytest.raises(ValueError, match="carga is not a way of moving"):
        distance(6, E.HEAVY_LOAD)


def test_difficult_terrain_halves_the_distance() -> None:
    """N-162: running 24 m on difficult terrain is 12 m."""
    assert distance(6, E.RUN, difficult=True) == 12


def test_standing_up_from_prone_halves_walking_and_trotting() -> None:
    """N-159: the turn one stands up, half the walking or trotting distance."""
    walking = distance(6, E.WALK, standing_up=True)
    trotting = distance(6, E.TROT, standing_up=True)
    assert (walking, trotting) == (Fraction(3), Fraction(6))
    assert distance(6, E.RUN, standing_up=True) == Fraction(24)


def test_the_atletismo_rolls_extra_distance() -> None:
    """N-152, N-153: +1 m horizontal or +0.5 m vertical per success, ×2
    trotting, ×4 running."""
    assert [extra_distance(3, e) for e in (E.WALK, E.TROT, E.RUN)] == [3, 6, 12]
    assert extra_distance(3, E.CLIMB) == extra_distance(3, E.DESCEND) == Fraction(3, 2)


def test_the_actions_a_movement_counts_for() -> None:
    """N-157, N-159, N-160: trotting 1, running 2, standing up from
    crouched 1 and from prone 2, walking nothing."""
    assert [actions_counted(e) for e in (E.WALK, E.TROT, E.RUN)] == [0, 1, 2]
    assert actions_counted(None, Stance.CROUCHED) == 1
    assert actions_counted(E.TROT, Stance.PRONE) == 3


def test_prone_one_may_only_crawl_or_creep() -> None:
    """N-158, N-156: prone: crawling and creeping only; crouched, any."""
    assert [can_move(e, Stance.PRONE) for e in (E.CRAWL, E.CREEP, E.WALK, E.RUN)] == [
        True,
        True,
        False,
        False,
    ]
    assert can_move(E.RUN, Stance.CROUCHED)


def test_swimming_diving_climbing_descending_take_the_turn() -> None:
    """N-161."""
    assert [takes_whole_turn(e) for e in (E.SWIM, E.DIVE, E.CLIMB, E.DESCEND, E.WALK, E.RUN)] == [
        True,
        True,
        True,
        True,
        False,
        False,
    ]


def test_dodging_gains_by_speed() -> None:
    """N-165: Esquivar +2 dice trotting, +4 running, none walking."""
    assert [dodge_bonus(e) for e in (E.WALK, E.TROT, E.RUN, None)] == [0, 2, 4, 0]


def test_each_half_metre_of_fall_is_a_level() -> None:
    """N-164: 0.4 m nothing, 0.5 m one level, 2.7 m five, 3 m six."""
    assert [fall_levels(m) for m in (0.4, 0.5, 2.7, 3)] == [0, 1, 5, 6]
    assert fall_levels(Fraction(7, 4)) == 3


def test_the_movement_roll_is_destreza_and_atletismo_at_six() -> None:
    """N-151, NAMB-23, N-153, N-155: running, 5 dice at 6, 2 successes:
    24 m + 2 × 1 m × 4 = 32 m; N-166: no penalty for the movement it
    complements; N-167: the metres when the Narrator asks for them."""
    done = _check([6, 9, 2, 3, 4], CheckKind.MOVEMENT, effort=E.RUN)
    rolled = _roll(done)
    assert rolled.pool_terms == (("Destreza", 3), ("Atletismo", 2))
    assert rolled.difficulty_terms == (("base", 6),)
    assert done.result.words == (
        "Movement (correr): 5 dice at 6: 6 9 2 3 4 → 2 successes: Dreyer moves 24 m "
        "(6 m basic × 4, N-155) + 8 m (N-152, N-153) = 32 m this turn"
    )


def test_the_movement_roll_at_the_narrators_difficulty_climbing() -> None:
    """NAMB-23, N-152: at the Narrator's 8, climbing: 3 m + 0.5 m a success."""
    done = _check([8, 9, 2, 3, 4], CheckKind.MOVEMENT, effort=E.CLIMB, difficulty=8)
    assert _roll(done).difficulty_terms == (("Narrador", 8),)
    assert done.result.words.endswith(
        "Dreyer moves 3 m (6 m basic × 1/2, N-155) + 1 m (N-152, N-153) = 4 m this turn"
    )


def test_a_dangerous_surface_needs_the_narrators_difficulty() -> None:
    """N-163: without one nothing is rolled."""
    done = _check([], CheckKind.FOOTING)
    assert done.result.roll is None
    assert done.result.words.startswith("Dreyer's footing check has no difficulty")


def test_failing_on_a_dangerous_surface_is_a_fall() -> None:
    """N-163, N-164: Destreza + Atletismo at 7: no success, a fall; one
    success keeps the footing."""
    fall = _check([2, 3, 4, 5, 6], CheckKind.FOOTING, difficulty=7)
    assert fall.result.words == (
        "Footing: 5 dice at 7: 2 3 4 5 6 → 0 successes: Dreyer falls (N-163); a fall costs "
        "one level per half metre (N-164)"
    )
    kept = _check([7, 3, 4, 5, 6], CheckKind.FOOTING, difficulty=7)
    assert kept.result.words.endswith("Dreyer keeps his footing")
