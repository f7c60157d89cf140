"""The exact odds of a pool (rulebook 001; part I's dice read by NAMB-01),
for `mapjudge odds`: what a Narrator wants when setting a difficulty.

Every probability is an exact `Fraction`, never a sample. A die at
difficulty d shows a failure 2..d-1 (p_f = (d-2)/10), a 1 (p_1 = 1/10), a
plain success d..9 (p_s = (10-d)/10) or a 10, a success that adds a die
itself able to explode (N-001, N-003). Marking successes with z and 1s with
w, one die and its explosions have the generating function

    G(z, w) = (p_f + p_1 w + p_s z) / (1 - z/10)

and a pool of n dice G^n (N-002). The coefficient of z^m in (1 - z/10)^-n
is C(n+m-1, m) / 10^m, so each P(successes = k) is a finite sum. With
`ones_cancel` (NAMB-01) each 1 takes a success away: w = 1/z, and the net
is floored at 0, so P(0) collects the exponents -n..0 (finite too). A botch
is no die >= d and at least one 1, in both modes (NAMB-01):
P(botch) = ((d-1)/10)^n - ((d-2)/10)^n.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb, factorial
from types import MappingProxyType

from adjudicator.rulesets.narrativo.outcome import Level

MIN_DIFFICULTY, MAX_DIFFICULTY = 2, 10
"""N-174: a difficulty is never below 2 nor above 10."""
EXCELLENT_AT = 5
"""N-014: five successes or more are excelente."""
SHOWN_BELOW = Fraction(1, 20_000)
"""`pool_odds` without `upto` lists k until P(>= k+1) is under 0.005 %."""
SHOWN_AT_MOST = 80
"""... and never more than this many values of k."""


@dataclass(frozen=True)
class PoolOdds:
    """The exact distribution of one pool's successes: `exact[k]` is
    P(successes = k) for k = 0..upto (with `ones_cancel`, the net after the
    1s, floored at 0), `tail` is P(successes >= upto + 1) and `botch`
    P(botch), part of `exact[0]`."""

    size: int
    difficulty: int
    ones_cancel: bool
    exact: tuple[Fraction, ...]
    tail: Fraction
    botch: Fraction

    @property
    def upto(self) -> int:
        return len(self.exact) - 1

    def at_least(self, k: int) -> Fraction:
        """P(successes >= k), for 0 <= k <= upto + 1."""
        if not 0 <= k <= self.upto + 1:
            raise ValueError(f"P(>= {k}) is not known: k runs 0..{self.upto + 1}")
        return sum(self.exact[k:], self.tail)

    @property
    def simple_success(self) -> Fraction:
        """A simple action succeeds with one success (N-004, N-006)."""
        return self.at_least(1)

    @property
    def levels(self) -> Mapping[Level, Fraction]:
        """A complex action's levels (N-009 .. N-014): pifia, fracaso (0
        without a botch), escaso 1, moderado 2, completo 3, notable 4,
        excelente 5+; they add up to 1."""
        ranked = (Level.SCANT, Level.MODERATE, Level.COMPLETE, Level.NOTABLE)
        values = {Level.BOTCH: self.botch, Level.FAILURE: self.exact[0] - self.botch}
        for k, level in enumerate(ranked, start=1):
            values[level] = self.exact[k] if k <= self.upto else Fraction(0)
        values[Level.EXCELLENT] = 1 - sum(values.values(), Fraction(0))
        return MappingProxyType(values)


def check_pool(size: int, difficulty: int) -> None:
    """ValueError naming the value and its range (N-174, N-175)."""
    if not MIN_DIFFICULTY <= difficulty <= MAX_DIFFICULTY:
        raise ValueError(
            f"difficulty {difficulty} is outside {MIN_DIFFICULTY}..{MAX_DIFFICULTY} (N-174)"
        )
    if size < 0:
        raise ValueError(f"a pool of {size} dice: a pool is never below 0 (N-175)")


def pool_odds(
    size: int, difficulty: int, *, ones_cancel: bool = False, upto: int | None = None
) -> PoolOdds:
    """The exact odds of `size` d10 at `difficulty` (N-001 .. N-004,
    NAMB-01): P(k) for k = 0..upto (`upto` None: at least 5, then until the
    tail is under `SHOWN_BELOW`), the tail and the botch. A pool of 0 rolls
    nothing: 0 successes for certain (the desperate roll is separate,
    `odds_desperate`)."""
    check_pool(size, difficulty)
    if upto is not None and upto < 0:
        raise ValueError(f"upto {upto}: k runs from 0")
    series = _Series(size, difficulty, ones_cancel)
    exact = [series.nothing()]
    tail = 1 - exact[0]
    while _more(len(exact), tail, upto):
        exact.append(series.exactly(len(exact)))
        tail -= exact[-1]
    return PoolOdds(size, difficulty, ones_cancel, tuple(exact), tail, botch_odds(size, difficulty))


def _more(shown: int, tail: Fraction, upto: int | None) -> bool:
    if upto is not None:
        return shown <= upto
    return shown <= EXCELLENT_AT or (tail >= SHOWN_BELOW and shown < SHOWN_AT_MOST)


def botch_odds(size: int, difficulty: int) -> Fraction:
    """P(botch) = ((d-1)/10)^n - ((d-2)/10)^n: every die below d (so no 10
    and no explosion) and not all of them 2..d-1 (NAMB-01)."""
    check_pool(size, difficulty)
    return Fraction((difficulty - 1) ** size - (difficulty - 2) ** size, 10**size)


class _Series:
    """The coefficients of G^n: the faces' polynomial (F + W + S z)^n / 10^n
    (W = 1, or 1/z when 1s cancel) by exponent, times the negative binomial
    series of the explosions."""

    def __init__(self, size: int, difficulty: int, ones_cancel: bool) -> None:
        self.size = size
        self.ones_cancel = ones_cancel
        fail, plain = difficulty - 2, 10 - difficulty
        base: dict[int, int] = {}
        for ones in range(size + 1):
            for hits in range(size - ones + 1):
                fails = size - ones - hits
                ways = factorial(size) // (factorial(fails) * factorial(ones) * factorial(hits))
                weight = ways * fail**fails * plain**hits
                exponent = hits - ones if ones_cancel else hits
                base[exponent] = base.get(exponent, 0) + weight
        self.base = base

    def coefficient(self, exponent: int) -> Fraction:
        """The coefficient of z^exponent in G^n."""
        total = Fraction(0)
        for power, weight in self.base.items():
            extra = exponent - power
            if extra >= 0 and weight:
                total += Fraction(weight * _explosions(self.size, extra), 10 ** (self.size + extra))
        return total

    def exactly(self, k: int) -> Fraction:
        return self.coefficient(k)

    def nothing(self) -> Fraction:
        """P(0): the coefficient of z^0, or with 1s cancelling every net <= 0."""
        if not self.ones_cancel:
            return self.coefficient(0)
        return sum((self.coefficient(e) for e in range(-self.size, 1)), Fraction(0))


def _explosions(size: int, extra: int) -> int:
    """C(n + m - 1, m): the ways of m 10s among the chains of n dice."""
    if size == 0:
        return 1 if extra == 0 else 0
    return comb(size + extra - 1, extra)
