"""A goodness-of-fit test of the dice against the exact odds (issue 17:
"over many seeded pools the observed distribution of successes matches the
exact one").

For each case, M pools are rolled with the game's dice (`core.dice.Dice`,
a fixed secret, the i-th pool under the label `fit-i`), so the test is
deterministic. The outcomes are binned (pifia apart from the other 0s;
the top bins merged until every expected count is at least 5), and
Pearson's chi-square statistic against the EXACT probabilities must stay
below the critical value of the chi-square distribution at significance
0.001 for its degrees of freedom (bins - 1; nothing is estimated from the
sample). A true model fails it once in a thousand secrets; a wrong one
(a missed explosion, a mistaken pifia, the 1s cancelling when they
should not) fails it by far at these sample sizes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.narrativo.odds import pool_odds
from adjudicator.rulesets.narrativo.odds_desperate import desperate_odds
from adjudicator.rulesets.narrativo.pools import DesperateEnd, desperate_roll, roll_pool

SIGNIFICANCE = 0.001
CRITICAL = {
    1: 10.828,
    2: 13.816,
    3: 16.266,
    4: 18.467,
    5: 20.515,
    6: 22.458,
    7: 24.322,
    8: 26.124,
    9: 27.877,
    10: 29.588,
    11: 31.264,
    12: 32.909,
    13: 34.528,
    14: 36.123,
    15: 37.697,
}
"""The chi-square distribution's upper 0.001 points by degrees of freedom
(a standard table)."""
M = 20_000
"""Pools rolled per case."""
SECRET = "narrativo-fit"
LEAST_EXPECTED = 5.0


def chi_square(observed: Sequence[int], expected: Sequence[float]) -> float:
    """Pearson's statistic."""
    return sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))


def merged(observed: list[int], chances: list[float], total: int) -> tuple[list[int], list[float]]:
    """Merge the last bins into one until its expected count is at least 5;
    every other bin must already reach 5."""
    observed, expected = list(observed), [p * total for p in chances]
    while len(expected) > 1 and expected[-1] < LEAST_EXPECTED:
        last_expected, last_observed = expected.pop(), observed.pop()
        expected[-1] += last_expected
        observed[-1] += last_observed
    assert min(expected) >= LEAST_EXPECTED, expected
    return observed, expected


def fit(observed: list[int], chances: list[float]) -> tuple[float, int]:
    """Pearson's statistic of the merged bins and its degrees of freedom."""
    assert sum(chances) == pytest.approx(1.0, abs=1e-12)
    assert sum(observed) == M
    counts, expected = merged(observed, chances, M)
    return chi_square(counts, expected), len(counts) - 1


def assert_fits(observed: list[int], chances: list[float]) -> None:
    statistic, freedom = fit(observed, chances)
    assert statistic < CRITICAL[freedom], (statistic, freedom, observed, chances)


def pools_against(
    size: int, difficulty: int, ones_cancel: bool, *, model_cancels: bool
) -> tuple[list[int], list[float]]:
    """M seeded pools binned pifia / 0 / 1 / ... / 16+, and the exact
    chances of those bins by the model (1s cancelling or not)."""
    odds = pool_odds(size, difficulty, ones_cancel=model_cancels, upto=15)
    dice = Dice(SECRET, "fit", f"{size}d{difficulty}{'-cancel' if ones_cancel else ''}")
    tally: Counter[int] = Counter()
    for i in range(M):
        rolled = roll_pool(dice, f"fit-{i}", size, difficulty, ones_cancel=ones_cancel)
        tally[-1 if rolled.botch else min(rolled.successes, odds.upto + 1)] += 1
    chances = [odds.botch, odds.exact[0] - odds.botch, *odds.exact[1:], odds.tail]
    return [tally[b] for b in range(-1, odds.upto + 2)], [float(p) for p in chances]


@pytest.mark.parametrize(
    ("size", "difficulty", "ones_cancel"),
    [(1, 6, False), (1, 10, False), (3, 10, False), (5, 7, False), (4, 6, True), (2, 8, True)],
)
def test_pools_fit_the_exact_odds(size: int, difficulty: int, ones_cancel: bool) -> None:
    """N-001 .. N-004, NAMB-01: seeded pools of d10 with exploding 10s
    (and the 1s cancelling where asked) fit the exact distribution of
    pifia / 0 / 1 / 2 / ... successes at significance 0.001."""
    assert_fits(*pools_against(size, difficulty, ones_cancel, model_cancels=ones_cancel))


def test_the_test_refuses_a_wrong_model() -> None:
    """NAMB-01: pools whose 1s cancel are refused against the odds of 1s
    that cancel nothing: the statistic is far above the 0.001 point."""
    statistic, freedom = fit(*pools_against(4, 6, True, model_cancels=False))
    assert statistic > 10 * CRITICAL[freedom]


def test_the_desperate_roll_fits_its_exact_odds() -> None:
    """N-176 .. N-180, NAMB-24: seeded desperate rolls fit failure 4/5,
    disaster 221/5 − 18√6 and k successes kept (the k from 1 up) at
    significance 0.001."""
    odds = desperate_odds(shown=6)
    dice = Dice(SECRET, "fit", "desperate")
    tally: Counter[str] = Counter()
    for i in range(M):
        rolled = desperate_roll(dice, f"fit-{i}")
        if rolled.end is not DesperateEnd.SUCCESS:
            tally[str(rolled.end)] += 1
        else:
            tally[str(rolled.successes) if rolled.successes < 7 else "7+"] += 1
    kept = [float(p) for p in odds.kept]
    beyond = float(odds.success) - sum(kept)
    bins = ["failure", "disaster", *(str(k) for k in range(1, 7)), "7+"]
    chances = [float(odds.failure), float(odds.disaster), *kept, beyond]
    assert_fits([tally[b] for b in bins], chances)
