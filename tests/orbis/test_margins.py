"""The roll of a medida, its margin and its level
(adjudicator/rulesets/orbis/margins.py).

Rulebook 000 "Medidas" and "márgenes"; checklist O-012 .. O-019,
O-027 .. O-035, O-045; AMB-01, AMB-36, AMB-47, AMB-48.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.margins import (
    MARGIN_RULES,
    Roll,
    grade,
    level_of,
    margin,
    rank,
    settle_tie,
)


def lvl(
    face: int,
    threshold: int,
    modifier: int = 0,
    *,
    margin_rule: str = "readme",
    exterior: bool = False,
) -> Level | None:
    """The level of a face, a threshold and a modifier."""
    return level_of(Roll(face, modifier, threshold), margin_rule=margin_rule, exterior=exterior)


# --- the roll --------------------------------------------------------------------------------


def test_total_adds_the_signed_modifier() -> None:
    """O-045: the modifier changes the die result; a bonus (negative) lowers
    it, a penalty (positive) raises it."""
    assert Roll(40, -10, 50).total == 30
    assert Roll(40, 10, 50).total == 50
    assert Roll(40, 0, 50).total == 40


def test_bonus_turns_a_failure_into_a_success_and_a_penalty_the_reverse() -> None:
    """O-045, O-015: with u = 50 a face of 55 fails; a bonus -10 (total 45)
    succeeds. A face of 45 succeeds; a penalty +10 (total 55) fails."""
    assert lvl(55, 50) is Level.LF
    assert lvl(55, 50, -10) is Level.LE
    assert lvl(45, 50) is Level.LE
    assert lvl(45, 50, 10) is Level.LF


def test_total_may_fall_outside_1_to_100() -> None:
    """AMB-47: modified rolls outside 1..100 are allowed."""
    assert Roll(5, -25, 50).total == -20
    assert Roll(95, 25, 50).total == 120


@pytest.mark.parametrize("face", [0, 101, -3])
def test_face_outside_the_die_is_refused(face: int) -> None:
    """O-012: a medida is rolled on 1d100; the natural face is 1..100."""
    with pytest.raises(ValueError):
        Roll(face, 0, 50)


# --- the margin ------------------------------------------------------------------------------


def test_readme_success_margin() -> None:
    """AMB-01, O-027, O-028: on a success M = 100·(u − r')/u, exact."""
    assert margin(50, 17) == Fraction(66)
    assert margin(60, 20) == Fraction(200, 3)
    assert margin(70, 47) == Fraction(230, 7)
    assert margin(100, 67) == Fraction(33)


def test_readme_failure_margin() -> None:
    """AMB-01, O-027: on a failure M = 100·(r' − u)/(100 − u), exact."""
    assert margin(50, 83) == Fraction(66)
    assert margin(70, 80) == Fraction(100, 3)
    assert margin(70, 90) == Fraction(200, 3)
    assert margin(0, 33) == Fraction(33)


def test_margin_is_zero_on_the_threshold() -> None:
    """AMB-01, O-034: r' = u has no margin, under both rules."""
    assert margin(50, 50) == 0
    assert margin(50, 50, margin="absolute") == 0


def test_absolute_margin() -> None:
    """AMB-01 option `margin: absolute`: M = |u − r'|."""
    assert margin(50, 17, margin="absolute") == 33
    assert margin(50, 84, margin="absolute") == 34
    assert margin(80, 14, margin="absolute") == 66


def test_unknown_margin_rule_is_refused() -> None:
    """AMB-01: the margin option has two values."""
    assert MARGIN_RULES == ("readme", "absolute")
    with pytest.raises(ValueError):
        margin(50, 20, margin="average")


def test_threshold_edges_do_not_divide_by_zero() -> None:
    """AMB-01, AMB-47 (edge decided here): with u = 0 a total below it, or
    with u = 100 a total above it, gets 100 per point: very."""
    assert margin(0, -5) == 500
    assert margin(100, 101) == 100
    assert margin(0, 100) == 100
    assert margin(100, 1) == 99
    assert lvl(30, 0, -40) is Level.ME
    assert lvl(99, 100, 2) is Level.MF


def test_margins_past_100_are_still_very() -> None:
    """AMB-47, AMB-01: a total below 1 or above 100 gives M > 100, still very."""
    assert margin(50, -20) == 140
    assert margin(50, 120) == 140
    assert lvl(5, 50, -25) is Level.ME
    assert lvl(95, 50, 25) is Level.MF


# --- the grades ------------------------------------------------------------------------------


def test_grade_boundaries_exact() -> None:
    """O-030 .. O-032, AMB-01: M < 33 slight, 33 <= M <= 66 plain, M > 66 very;
    exact fractions (66 plain, 66.67 very, 32.9 slight)."""
    assert grade(Fraction(0)) == 1
    assert grade(Fraction(329, 10)) == 1
    assert grade(Fraction(33) - Fraction(1, 10**9)) == 1
    assert grade(Fraction(33)) == 2
    assert grade(Fraction(66)) == 2
    assert grade(Fraction(66) + Fraction(1, 10**9)) == 3
    assert grade(Fraction(6667, 100)) == 3


@pytest.mark.parametrize(
    ("face", "threshold", "expected", "ids"),
    [
        (67, 100, Level.E, "M exactly 33 -> plain (O-031)"),
        (68, 100, Level.LE, "M 32 -> slight (O-030)"),
        (47, 70, Level.LE, "M 32.86 -> slight (O-030)"),
        (20, 30, Level.E, "M 33.33 -> plain (O-031)"),
        (17, 50, Level.E, "M exactly 66 -> plain (O-031)"),
        (34, 100, Level.E, "M exactly 66 -> plain (O-031)"),
        (33, 100, Level.ME, "M 67 -> very (O-032)"),
        (20, 60, Level.ME, "M 66.67 -> very (O-032)"),
        (79, 70, Level.LF, "failure M 30 -> slight (O-030)"),
        (80, 70, Level.F, "failure M 33.33 -> plain (O-031)"),
        (83, 50, Level.F, "failure M exactly 66 -> plain (O-031)"),
        (84, 50, Level.MF, "failure M 68 -> very (O-032)"),
        (90, 70, Level.MF, "failure M 66.67 -> very (O-032)"),
        (33, 0, Level.F, "failure M exactly 33 -> plain (O-031)"),
        (32, 0, Level.LF, "failure M 32 -> slight (O-030)"),
    ],
)
def test_level_boundaries_readme(face: int, threshold: int, expected: Level, ids: str) -> None:
    """O-015, O-030 .. O-032, O-035, AMB-01 (readme rule): boundaries at
    exactly 33, exactly 66, 66.67 and 32.9, on both sides of u."""
    assert lvl(face, threshold) is expected, ids


@pytest.mark.parametrize(
    ("face", "threshold", "expected"),
    [
        (18, 50, Level.LE),  # M 32
        (17, 50, Level.E),  # M 33
        (14, 80, Level.E),  # M 66
        (13, 80, Level.ME),  # M 67
        (82, 50, Level.LF),  # M 32
        (83, 50, Level.F),  # M 33
        (96, 30, Level.F),  # M 66
        (97, 30, Level.MF),  # M 67
    ],
)
def test_level_boundaries_absolute(face: int, threshold: int, expected: Level) -> None:
    """AMB-01 option `margin: absolute`, O-030 .. O-032: the same thresholds
    on M = |u − r'|."""
    assert lvl(face, threshold, margin_rule="absolute") is expected


def test_the_two_margin_rules_disagree() -> None:
    """AMB-01: u = 70, r' = 40 is M 42.9 (plain) by the readme rule and
    M 30 (slight) by the absolute rule."""
    assert lvl(40, 70) is Level.E
    assert lvl(40, 70, margin_rule="absolute") is Level.LE


def test_book_worked_example_ofensiva_50() -> None:
    """O-016, AMB-48: Ofensiva ("Ejército") 20 + 30 = 50: below 50 succeeds,
    above 50 fails (O-015)."""
    assert lvl(49, 50) is Level.LE
    assert lvl(51, 50) is Level.LF
    assert lvl(2, 50) is Level.ME
    assert lvl(99, 50) is Level.MF


# --- criticals -------------------------------------------------------------------------------


def test_natural_1_is_a_critical_success_whatever_the_threshold() -> None:
    """O-017, O-033, AMB-47: a natural 1 is EC, even with a penalty that
    takes the total above u, even with u = 0 or u = 1."""
    assert lvl(1, 50) is Level.EC
    assert lvl(1, 50, 60) is Level.EC
    assert lvl(1, 0) is Level.EC
    assert lvl(1, 1) is Level.EC
    assert lvl(1, 1, exterior=True) is Level.EC


def test_natural_100_is_a_critical_failure_whatever_the_threshold() -> None:
    """O-018, O-029, AMB-47: a natural 100 is FC, even with a bonus that
    takes the total below u, even with u = 100."""
    assert lvl(100, 50) is Level.FC
    assert lvl(100, 50, -60) is Level.FC
    assert lvl(100, 100) is Level.FC
    assert lvl(100, 120) is Level.FC


def test_modified_totals_of_1_and_100_are_not_criticals() -> None:
    """AMB-47: the natural 1/100 rule applies to the die face only."""
    assert lvl(11, 50, -10) is Level.ME  # total 1: M 98
    assert lvl(90, 50, 10) is Level.MF  # total 100: M 100
    assert lvl(90, 99, 10) is Level.MF  # total 100 against u 99: M 100
    assert lvl(2, 1, -1) is Level.LE  # total 1 = u: domestic tie


# --- r' = u ----------------------------------------------------------------------------------


def test_tie_is_a_slight_success_when_domestic() -> None:
    """O-019, O-034: r' = u on a domestic medida is a slight success."""
    assert lvl(50, 50) is Level.LE
    assert lvl(40, 50, 10) is Level.LE
    assert lvl(60, 50, -10) is Level.LE


def test_tie_is_open_when_exterior() -> None:
    """O-019, AMB-36: r' = u on an exterior medida is decided by the
    counter-measure: no level yet."""
    assert lvl(50, 50, exterior=True) is None
    assert lvl(40, 50, 10, exterior=True) is None
    assert lvl(49, 50, exterior=True) is Level.LE
    assert lvl(51, 50, exterior=True) is Level.LF


@pytest.mark.parametrize(
    ("counter", "expected"),
    [
        (None, Level.LE),
        (Level.LF, Level.LE),
        (Level.F, Level.LE),
        (Level.MF, Level.LE),
        (Level.FC, Level.LE),
        (Level.LE, Level.LF),
        (Level.E, Level.LF),
        (Level.ME, Level.LF),
        (Level.EC, Level.LF),
    ],
)
def test_settle_tie(counter: Level | None, expected: Level) -> None:
    """AMB-36, O-019, O-034, O-043: an exterior tie is LE when the counter
    fails or the target does not defend, LF when the counter succeeds."""
    assert settle_tie(counter) is expected


# --- order -----------------------------------------------------------------------------------


def test_rank_orders_the_levels() -> None:
    """O-035: any success beats any failure; E > LE; ME > E, LE; EC > all."""
    order = [Level.FC, Level.MF, Level.F, Level.LF, Level.LE, Level.E, Level.ME, Level.EC]
    assert [rank(level) for level in order] == list(range(1, 9))


# --- properties ------------------------------------------------------------------------------

faces = st.integers(min_value=1, max_value=100)
modifiers = st.integers(min_value=-150, max_value=150)
thresholds = st.integers(min_value=-10, max_value=130)
rules = st.sampled_from(MARGIN_RULES)


@given(faces, modifiers, modifiers, thresholds, rules)
def test_level_is_monotonic_in_the_modifier(
    face: int, first: int, second: int, threshold: int, rule: str
) -> None:
    """O-045, O-015, O-030 .. O-035, AMB-01, AMB-47: for a fixed face and
    threshold, a lower total is never a worse level."""
    low, high = sorted((first, second))
    better = level_of(Roll(face, low, threshold), margin_rule=rule)
    worse = level_of(Roll(face, high, threshold), margin_rule=rule)
    assert better is not None and worse is not None
    assert rank(better) >= rank(worse)


@given(faces, faces, modifiers, thresholds, rules)
def test_level_is_monotonic_in_the_face(
    first: int, second: int, modifier: int, threshold: int, rule: str
) -> None:
    """O-017, O-018, O-015, O-030 .. O-035, AMB-01, AMB-47: for a fixed
    modifier and threshold, a lower face is never a worse level."""
    low, high = sorted((first, second))
    better = level_of(Roll(low, modifier, threshold), margin_rule=rule)
    worse = level_of(Roll(high, modifier, threshold), margin_rule=rule)
    assert better is not None and worse is not None
    assert rank(better) >= rank(worse)


@given(faces, modifiers, thresholds, rules, st.booleans())
def test_every_roll_gets_one_level_or_an_exterior_tie(
    face: int, modifier: int, threshold: int, rule: str, exterior: bool
) -> None:
    """O-015, O-017 .. O-019, O-029 .. O-034, AMB-36: every roll gets exactly
    one level; None only for a non-critical exterior tie; the success side
    matches r' < u unless the face is critical."""
    roll = Roll(face, modifier, threshold)
    level = level_of(roll, margin_rule=rule, exterior=exterior)
    critical = face in (1, 100)
    if level is None:
        assert exterior and not critical and roll.total == threshold
        return
    assert isinstance(level, Level)
    if not critical:
        assert level.success == (roll.total <= threshold)
        assert level not in (Level.EC, Level.FC)
    else:
        assert level is (Level.EC if face == 1 else Level.FC)
