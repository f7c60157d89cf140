"""Precedent streaks (rulebook 000 "Modificadores")."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.precedent import (
    EMPTY_HISTORY,
    History,
    outcome_of,
    precedent_modifier,
    tie_outcome,
    update,
)

_OF = Statistic.OFENSIVA


def _run(outcomes: list[bool], start: int = 500, target: str = "Galia") -> History:
    history = EMPTY_HISTORY
    for offset, success in enumerate(outcomes):
        history = update(history, "Roma", _OF, target, start + offset, success)
    return history


def _value(history: History, year: int, target: str = "Galia") -> int:
    return precedent_modifier(history, "Roma", _OF, target, year)


def test_four_failures_give_a_penalty_on_the_fifth() -> None:
    """O-051, AMB-05: four failed turns in a row → +10 on the fifth attempt."""
    assert _value(_run([False] * 3), 503) == 0
    assert _value(_run([False] * 4), 504) == 10


def test_four_successes_give_a_bonus_on_the_fifth() -> None:
    """O-051, AMB-05: four successful turns in a row → −10 on the fifth."""
    assert _value(_run([True] * 3), 503) == 0
    assert _value(_run([True] * 4), 504) == -10


def test_streak_lasts_and_any_break_resets() -> None:
    """AMB-05: the fifth and following attempts keep the ±10 while the
    streak lasts; the other outcome or a skipped turn resets it."""
    assert _value(_run([True] * 6), 506) == -10
    assert _value(_run([True] * 4 + [False]), 505) == 0
    assert _value(_run([True] * 4 + [False] * 3), 507) == 0
    assert _value(_run([True] * 4 + [False] * 4), 508) == 10
    gap = _run([False] * 4)
    assert _value(gap, 505) == 0
    restarted = update(gap, "Roma", _OF, "Galia", 505, False)
    assert _value(restarted, 506) == 0


def test_streak_is_per_statistic_and_target() -> None:
    """AMB-05: same statistic, same target; other keys neither count nor
    break, and another nation's streak is its own."""
    history = _run([False] * 4)
    assert _value(history, 504, target="Hispania") == 0
    assert precedent_modifier(history, "Roma", Statistic.INCISION, "Galia", 504) == 0
    assert precedent_modifier(history, "Cartago", _OF, "Galia", 504) == 0
    other = update(history, "Roma", Statistic.COMERCIO, "Galia", 503, True)
    assert _value(other, 504) == 10


def test_query_before_or_after_recording_the_year() -> None:
    """O-051, AMB-05: the fifth attempt carries the ±10 whether it is asked
    before or after its own result is recorded."""
    history = _run([False] * 4)
    assert _value(history, 504) == 10
    assert _value(update(history, "Roma", _OF, "Galia", 504, True), 504) == 10
    assert _value(update(history, "Roma", _OF, "Galia", 504, False), 504) == 10


def test_same_year_twice_is_one_turn_and_past_years_are_refused() -> None:
    """AMB-05, AMB-43: a second attempt in the same turn is not a turn more;
    recording a year before the streak's last is refused."""
    history = _run([False] * 3)
    again = update(history, "Roma", _OF, "Galia", 502, False)
    assert again == history
    assert _value(again, 503) == 0
    with pytest.raises(ValueError):
        update(history, "Roma", _OF, "Galia", 501, False)


def test_only_own_roll_counts() -> None:
    """O-052: precedent counts the nation's own roll level, not the opposed
    result: an attack rolled ME that the defence beat still counts as a
    success."""
    assert outcome_of(Level.ME) is True
    assert outcome_of(Level.LE) is True
    assert outcome_of(Level.LF) is False
    history = EMPTY_HISTORY
    for year in range(500, 504):
        history = update(history, "Roma", _OF, "Galia", year, outcome_of(Level.ME))
    assert _value(history, 504) == -10


def test_exterior_tie_counts_as_settled() -> None:
    """AMB-36, O-052: r = u on an exterior medida is a slight success when
    the counter fails or the target does not defend, a slight failure when
    the counter succeeds."""
    assert tie_outcome(False) is True
    assert tie_outcome(None) is True
    assert tie_outcome(True) is False
