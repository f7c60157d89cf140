"""The exact odds of the desperate roll (N-176 .. N-180, NAMB-24), the roll
of a pool brought to 0: one d10 at an unmodifiable 10 (`pools.desperate_roll`).

The first die: 2..9 is a plain failure (4/5), a 1 a disaster (1/10), a 10
holds one success. Then, with h >= 1 10s held, each die is a 10 (h + 1,
1/10), a 1 (h - 1 and the die is rolled again, 1/10) or 2..9 (the roll
stops with h successes, 8/10); a re-roll at h = 0 needs a 10 (back to
h = 1), anything else is a disaster. The walk from h = 1 comes down to 0
with probability r, the root of r = 1/10 + r^2/10: r = 5 - 2*sqrt(6).
Its Green's function killed at 0 is G(1, k) = (r^|1-k| - r^(1+k)) /
sqrt(0.96) (sqrt(0.96) = 2 sqrt(6)/5), and every pass through 0 comes back
with 1/10, so the returns multiply by 1/(1 - r/10):

    P(k successes) = (1/10) (8/10) G(1, k) / (1 - r/10)
    P(success) = (1 - r) / (10 - r) = 18 sqrt(6) - 44

These live in Q(sqrt 6): `Surd(a, b)` is a + b sqrt(6), exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import isqrt

ROOT = 6
"""The surds are a + b·√6."""


@dataclass(frozen=True)
class Surd:
    """a + b·√6 with rational a and b: the exact odds of the desperate roll."""

    a: Fraction
    b: Fraction = Fraction(0)

    def __add__(self, other: Surd) -> Surd:
        return Surd(self.a + other.a, self.b + other.b)

    def __sub__(self, other: Surd) -> Surd:
        return Surd(self.a - other.a, self.b - other.b)

    def __mul__(self, other: Surd) -> Surd:
        return Surd(self.a * other.a + ROOT * self.b * other.b, self.a * other.b + self.b * other.a)

    def __truediv__(self, other: Surd) -> Surd:
        norm = other.a**2 - ROOT * other.b**2
        if norm == 0:
            raise ZeroDivisionError("division by a zero surd")
        return self * Surd(other.a / norm, -other.b / norm)

    def __pow__(self, power: int) -> Surd:
        if power < 0:
            return ONE / self**-power
        result = ONE
        for _ in range(power):
            result = result * self
        return result

    def __float__(self) -> float:
        return float(self.approx(40))

    def approx(self, digits: int) -> Fraction:
        """A rational within 10^-digits · (|b| + 1) of the value (√6 cut
        to `digits` decimals), to print percentages from the exact value."""
        unit = 10**digits
        return self.a + self.b * Fraction(isqrt(ROOT * unit * unit), unit)

    def __str__(self) -> str:
        """`18√6 − 44`, `221/5 − 18√6`, `(2/5)√6`, `4/5`."""
        if not self.b:
            return _signed(self.a)
        if not self.a:
            return ("−" if self.b < 0 else "") + _root(abs(self.b))
        if self.b > 0:
            return f"{_root(self.b)} {'+' if self.a > 0 else '−'} {abs(self.a)}"
        return f"{_signed(self.a)} − {_root(-self.b)}"


def _signed(value: Fraction) -> str:
    return f"−{-value}" if value < 0 else str(value)


def _root(b: Fraction) -> str:
    """b√6 for b > 0: `√6`, `18√6`, `(2/5)√6`."""
    if b == 1:
        return "√6"
    return f"({b})√6" if b.denominator != 1 else f"{b}√6"


ONE = Surd(Fraction(1))
R = Surd(Fraction(5), Fraction(-2))
"""r = 5 − 2√6: the chance that the walk of held 10s comes down one step."""
SQRT_096 = Surd(Fraction(0), Fraction(2, 5))
"""√0.96 = 2√6/5."""
STOP = Fraction(8, 10)
"""A die of 2..9 stops the roll."""
TEN = Fraction(1, 10)
"""A die shows 10 (or 1) with 1/10."""


@dataclass(frozen=True)
class DesperateOdds:
    """The three ends of a desperate roll (N-177 .. N-180, NAMB-24), which
    add up to 1, and `kept[k - 1]`: P(exactly k successes kept) for the
    first few k (they add up to `success` as k runs on)."""

    failure: Surd
    success: Surd
    disaster: Surd
    kept: tuple[Surd, ...] = ()


def desperate_odds(shown: int = 4) -> DesperateOdds:
    """P(failure) = 4/5 (a first die of 2..9, N-178), P(success) =
    (1 - r)/(10 - r) = 18√6 − 44 (N-177, N-179) and P(disaster) the rest
    (N-180): a 1 first, or a re-roll that leaves no 10; with P(k) for
    k = 1..`shown`."""
    failure = Surd(STOP)
    success = (ONE - R) / (Surd(Fraction(10)) - R)
    kept = tuple(desperate_successes(k) for k in range(1, shown + 1))
    return DesperateOdds(failure, success, ONE - failure - success, kept)


def desperate_successes(k: int) -> Surd:
    """P(the desperate roll ends with exactly k >= 1 successes kept): the
    first 10, then the walk stopping at k, (1/10)(8/10) G(1, k) / (1 − r/10)
    (NAMB-24)."""
    if k < 1:
        raise ValueError(f"{k} successes: a desperate roll that succeeds keeps at least one 10")
    green = (R ** abs(1 - k) - R ** (1 + k)) / SQRT_096
    returns = ONE - R * Surd(TEN)
    return Surd(TEN * STOP) * green / returns
