"""Opposed results: medida against counter-measure, opposed medidas, several
nations (adjudicator/rulesets/orbis/opposed.py).

Rulebook 000 "Medidas"; checklist O-021 .. O-026, O-035, O-037 .. O-039,
O-041 .. O-044; AMB-02, AMB-03.
"""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.levels import FAILURES, SUCCESSES, Level
from adjudicator.rulesets.orbis.margins import rank
from adjudicator.rulesets.orbis.opposed import (
    OPPOSED_RULES,
    OpposedResult,
    Rolled,
    Side,
    damage_total,
    exclusive_contest,
    needs_counter,
    opposed,
    proportional_shares,
    several_against_one,
)

NON_CRITICAL_SUCCESSES = (Level.LE, Level.E, Level.ME)

# --- the book's worked example and the split of AMB-02 --------------------------------------


def test_book_example_very_against_slight_wins_as_plain_ordinal() -> None:
    """O-037, O-026, AMB-02 (ordinal, default): A attacks with ME, B defends
    with LE: A wins with a plain E."""
    assert opposed(Level.ME, Level.LE) == OpposedResult(Side.ATTACKER, Level.E)


def test_book_example_very_against_slight_wins_as_plain_numeric() -> None:
    """O-037, AMB-02 (numeric): ME with M 70 against LE with M 20: 50 is
    plain, so A wins with E."""
    result = opposed(
        Level.ME,
        Level.LE,
        rule="numeric",
        attack_margin=Fraction(70),
        defence_margin=Fraction(20),
    )
    assert result == OpposedResult(Side.ATTACKER, Level.E)


def test_the_two_rules_disagree_on_close_plain_successes() -> None:
    """AMB-02, O-024: E with M 41.7 against E with M 40: ordinal tie to the
    defender; numeric 1.7 to the attacker as LE."""
    m_att, m_def = Fraction(417, 10), Fraction(40)
    ordinal = opposed(Level.E, Level.E, attack_margin=m_att, defence_margin=m_def)
    numeric = opposed(Level.E, Level.E, rule="numeric", attack_margin=m_att, defence_margin=m_def)
    assert ordinal == OpposedResult(Side.DEFENDER, None)
    assert numeric == OpposedResult(Side.ATTACKER, Level.LE)


def test_the_two_rules_disagree_on_a_wide_very_tie() -> None:
    """AMB-02: ME with M 95 against ME with M 20: ordinal tie to the
    defender; numeric 75 to the attacker as ME."""
    assert opposed(Level.ME, Level.ME).prevails is Side.DEFENDER
    numeric = opposed(
        Level.ME, Level.ME, rule="numeric", attack_margin=Fraction(95), defence_margin=Fraction(20)
    )
    assert numeric == OpposedResult(Side.ATTACKER, Level.ME)


def test_numeric_defender_win_and_zero() -> None:
    """AMB-02 (numeric), O-024: M_att − M_def of zero or less goes to the
    defender, which keeps the classified difference when there is one."""
    win = opposed(
        Level.LE, Level.ME, rule="numeric", attack_margin=Fraction(10), defence_margin=Fraction(60)
    )
    assert win == OpposedResult(Side.DEFENDER, None, Level.E)
    tie = opposed(
        Level.E, Level.E, rule="numeric", attack_margin=Fraction(50), defence_margin=Fraction(50)
    )
    assert tie == OpposedResult(Side.DEFENDER, None)


def test_numeric_needs_both_margins() -> None:
    """AMB-02: the numeric rule takes the difference of the two margins."""
    with pytest.raises(ValueError):
        opposed(Level.E, Level.LE, rule="numeric", attack_margin=Fraction(50))
    with pytest.raises(ValueError):
        opposed(Level.E, Level.LE, rule="numeric", defence_margin=Fraction(10))


def test_unknown_rule_is_refused() -> None:
    """AMB-02: the opposed option has two values."""
    assert OPPOSED_RULES == ("ordinal", "numeric")
    with pytest.raises(ValueError):
        opposed(Level.E, Level.LE, rule="average")


# --- one side, neither, both -----------------------------------------------------------------


@pytest.mark.parametrize("attack", FAILURES)
def test_failed_attack_needs_no_counter_and_keeps_its_level(attack: Level) -> None:
    """O-044, O-025: only successful medidas get a counter; a failed one
    keeps its own failure level and nothing happens."""
    assert needs_counter(attack) is False
    assert opposed(attack, None) == OpposedResult(Side.NOBODY, attack)


@pytest.mark.parametrize("attack", SUCCESSES)
def test_successful_attack_needs_a_counter(attack: Level) -> None:
    """O-044, O-043: a successful medida gets a counter-measure."""
    assert needs_counter(attack) is True


@pytest.mark.parametrize("attack", SUCCESSES)
def test_undefended_attack_stands(attack: Level) -> None:
    """O-043: the target says it does not defend: the attack stands."""
    assert opposed(attack, None) == OpposedResult(Side.ATTACKER, attack)


@pytest.mark.parametrize("attack", SUCCESSES)
@pytest.mark.parametrize("defence", FAILURES)
def test_success_against_a_failed_counter_stands(attack: Level, defence: Level) -> None:
    """O-023, O-035: one succeeds and the other not: that side prevails,
    with its own level."""
    assert opposed(attack, defence) == OpposedResult(Side.ATTACKER, attack)


@pytest.mark.parametrize("attack", FAILURES)
@pytest.mark.parametrize("defence", FAILURES)
def test_both_fail_nothing_happens(attack: Level, defence: Level) -> None:
    """O-025: both fail: nothing happens; the attack keeps its failure."""
    assert opposed(attack, defence) == OpposedResult(Side.NOBODY, attack)


@pytest.mark.parametrize("defence", SUCCESSES)
def test_opposed_medida_succeeds_against_a_failed_one(defence: Level) -> None:
    """O-023, O-041: two opposed medidas, the first fails and the other
    succeeds: the other prevails and keeps its level (it may do harm)."""
    assert opposed(Level.F, defence) == OpposedResult(Side.DEFENDER, Level.F, defence)


# --- both succeed: ordinal -------------------------------------------------------------------


@pytest.mark.parametrize("level", NON_CRITICAL_SUCCESSES)
def test_tie_goes_to_the_defender(level: Level) -> None:
    """O-024, O-026, AMB-02: equal levels: the defender prevails, nothing
    kept, the attack has no effect."""
    assert opposed(level, level) == OpposedResult(Side.DEFENDER, None)


@pytest.mark.parametrize(
    ("attack", "defence", "expected"),
    [
        (Level.ME, Level.LE, OpposedResult(Side.ATTACKER, Level.E)),
        (Level.ME, Level.E, OpposedResult(Side.ATTACKER, Level.LE)),
        (Level.E, Level.LE, OpposedResult(Side.ATTACKER, Level.LE)),
        (Level.LE, Level.ME, OpposedResult(Side.DEFENDER, None, Level.E)),
        (Level.LE, Level.E, OpposedResult(Side.DEFENDER, None, Level.LE)),
        (Level.E, Level.ME, OpposedResult(Side.DEFENDER, None, Level.LE)),
    ],
)
def test_ordinal_difference(attack: Level, defence: Level, expected: OpposedResult) -> None:
    """O-026, O-037, AMB-02: the winner keeps the difference of ordinals
    (slight 1, plain 2, very 3)."""
    assert opposed(attack, defence) == expected


# --- criticals -------------------------------------------------------------------------------


@pytest.mark.parametrize("rule", OPPOSED_RULES)
@pytest.mark.parametrize("other", NON_CRITICAL_SUCCESSES)
def test_critical_is_not_averaged(rule: str, other: Level) -> None:
    """O-038, O-035: criticals are not averaged unless they tie: EC against
    any other success stands as EC for its side, under both rules."""
    high, low = Fraction(98), Fraction(90)
    attack = opposed(Level.EC, other, rule=rule, attack_margin=low, defence_margin=high)
    assert attack == OpposedResult(Side.ATTACKER, Level.EC)
    defence = opposed(other, Level.EC, rule=rule, attack_margin=high, defence_margin=low)
    assert defence == OpposedResult(Side.DEFENDER, None, Level.EC)


@pytest.mark.parametrize("rule", OPPOSED_RULES)
def test_critical_against_critical_is_a_tie(rule: str) -> None:
    """O-038, O-024: two criticals tie and are averaged to nothing: the
    defender prevails."""
    assert opposed(Level.EC, Level.EC, rule=rule) == OpposedResult(Side.DEFENDER, None)


def test_critical_attack_against_failed_counter_stands() -> None:
    """O-023, O-033: EC against a failure (even FC) stands as EC."""
    assert opposed(Level.EC, Level.FC) == OpposedResult(Side.ATTACKER, Level.EC)


# --- several nations -------------------------------------------------------------------------


def test_three_invaders_each_resolved_alone_damages_add() -> None:
    """O-042, O-021, AMB-03, O-044: A, B and C invade D; D rolls one
    counter per incoming medida and each pair is resolved alone: A ME
    against LE wins as E, B E undefended stands, C F gets no counter; the
    damages (here the level sizes) add: 8 + 8."""
    results = several_against_one(
        [Rolled(Level.ME), Rolled(Level.E), Rolled(Level.F)],
        [Rolled(Level.LE), None, None],
    )
    assert results == (
        OpposedResult(Side.ATTACKER, Level.E),
        OpposedResult(Side.ATTACKER, Level.E),
        OpposedResult(Side.NOBODY, Level.F),
    )
    assert damage_total(results, lambda level: level.size) == 16


def test_a_stopped_invader_adds_no_damage() -> None:
    """O-042, O-024, AMB-03: an attack stopped by its counter adds nothing;
    the others still add."""
    results = several_against_one(
        [Rolled(Level.E), Rolled(Level.ME)],
        [Rolled(Level.E), Rolled(Level.F)],
    )
    assert [r.prevails for r in results] == [Side.DEFENDER, Side.ATTACKER]
    assert damage_total(results, lambda level: level.size) == 12


def test_several_against_one_numeric_uses_each_pairs_margins() -> None:
    """O-042, AMB-03, AMB-02 (numeric): each pair uses its own margins."""
    results = several_against_one(
        [Rolled(Level.E, Fraction(417, 10)), Rolled(Level.E, Fraction(40))],
        [Rolled(Level.E, Fraction(40)), Rolled(Level.E, Fraction(417, 10))],
        rule="numeric",
    )
    assert results == (
        OpposedResult(Side.ATTACKER, Level.LE),
        OpposedResult(Side.DEFENDER, None, Level.LE),
    )


def test_several_against_one_needs_one_counter_slot_per_medida() -> None:
    """O-021, AMB-03: one counter (or None) per incoming medida."""
    with pytest.raises(ValueError):
        several_against_one([Rolled(Level.E), Rolled(Level.E)], [None])


@pytest.mark.parametrize(
    ("levels", "winner"),
    [
        ({"A": Level.ME, "B": Level.E}, "A"),
        ({"A": Level.LE, "B": Level.E}, "B"),
        ({"A": Level.E, "B": Level.E}, None),
        ({"A": Level.ME, "B": Level.ME, "C": Level.E}, None),
        ({"A": Level.EC, "B": Level.ME}, "A"),
        ({"A": Level.EC, "B": Level.EC}, None),
        ({"A": Level.LE, "B": Level.MF}, "A"),
        ({"A": Level.LF, "B": Level.F}, None),
        ({}, None),
    ],
)
def test_exclusive_contest(levels: dict[str, Level], winner: str | None) -> None:
    """O-039, O-041, AMB-03, O-035: competing medidas for one exclusive
    object: the highest success wins; a tie or no success leaves nobody."""
    assert exclusive_contest(levels) == winner


def test_proportional_shares() -> None:
    """O-042, AMB-03 (GM option): one damage total split in proportion to
    the successful levels; failures get nothing."""
    shares = proportional_shares(12, {"A": Level.ME, "B": Level.LE, "C": Level.F})
    assert shares == {"A": Fraction(9), "B": Fraction(3)}
    assert proportional_shares(10, {"A": Level.E, "B": Level.LE}) == {
        "A": Fraction(20, 3),
        "B": Fraction(10, 3),
    }
    assert proportional_shares(10, {"A": Level.F}) == {}


# --- properties ------------------------------------------------------------------------------

levels = st.sampled_from(list(Level))
margins = st.fractions(min_value=0, max_value=200)
BANDS = {
    1: (Fraction(0), Fraction(3299, 100)),
    2: (Fraction(33), Fraction(66)),
    3: (Fraction(6601, 100), Fraction(200)),
}


@st.composite
def rolled(draw: st.DrawFn) -> tuple[Level, Fraction]:
    """A level and a margin that gives it (AMB-01: below 33 slight, 33..66
    plain, above 66 very; a critical any margin)."""
    level = draw(levels)
    low, high = BANDS.get(level.ordinal, (Fraction(0), Fraction(200)))
    return level, draw(st.fractions(min_value=low, max_value=high))


@given(rolled(), st.none() | rolled(), st.sampled_from(OPPOSED_RULES))
def test_opposition_never_improves_the_attack(
    attacked: tuple[Level, Fraction], defended: tuple[Level, Fraction] | None, rule: str
) -> None:
    """O-023 .. O-026, O-038, O-044, AMB-02: the attacker prevails only
    with a success, no better than its own roll; a failed attack always
    keeps its own level; the defender prevails only with a success."""
    attack, m_att = attacked
    defence, m_def = defended if defended is not None else (None, None)
    result = opposed(attack, defence, rule=rule, attack_margin=m_att, defence_margin=m_def)
    if not attack.success:
        assert result.level is attack
        assert result.prevails is not Side.ATTACKER
    if result.prevails is Side.ATTACKER:
        assert result.level is not None and result.level.success
        assert rank(result.level) <= rank(attack)
        assert result.defender_level is None
    if result.prevails is Side.DEFENDER:
        assert defence is not None and defence.success
        assert result.level is None or not result.level.success
        if result.defender_level is not None:
            assert rank(result.defender_level) <= rank(defence)
    if result.prevails is Side.NOBODY:
        assert not attack.success and (defence is None or not defence.success)
