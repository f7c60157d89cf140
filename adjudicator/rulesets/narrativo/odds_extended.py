"""The exact odds of an extended action (N-017 .. N-021, NAMB-04): `need`
successes within `rolls` rolls of one pool at one difficulty.

The successes accumulate from roll to roll; the action completes as soon
as the total reaches the need; a roll of 0 without a botch changes nothing;
a botch resets the total to 0 (N-019), and a botch with nothing accumulated
fails the action for good (N-020); when the rolls run out the action fails
for lack of time (N-018, NAMB-04). A Markov chain over the totals 0..need-1
with exact fractions; without a limit the absorbing chain is solved
exactly.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from adjudicator.rulesets.narrativo.odds import PoolOdds, pool_odds


@dataclass(frozen=True)
class ExtendedOdds:
    """P(`complete`), P(`failed`) for good and P(`out_of_time`) of an
    extended action; they add up to 1. Without a limit (`rolls` None)
    `out_of_time` is the chance it never ends (1 for a pool of 0 dice, else
    0)."""

    size: int
    difficulty: int
    ones_cancel: bool
    need: int
    rolls: int | None
    complete: Fraction
    failed: Fraction
    out_of_time: Fraction


def extended_odds(
    size: int, difficulty: int, need: int, rolls: int | None, *, ones_cancel: bool = False
) -> ExtendedOdds:
    """Complete `need` successes within `rolls` rolls of `size` d10 at
    `difficulty` (`rolls` None: no limit, N-017 .. N-021, NAMB-04)."""
    if need < 1:
        raise ValueError(f"need {need}: an extended action needs at least 1 success (N-017)")
    if rolls is not None and rolls < 1:
        raise ValueError(f"rolls {rolls}: the limit is at least 1 roll (N-018)")
    odds = pool_odds(size, difficulty, ones_cancel=ones_cancel, upto=need - 1)
    if rolls is None:
        complete, failed = _absorbed(odds, need, done=1, ruin=0), _absorbed(odds, need, 0, 1)
    else:
        complete, failed = _within(odds, need, rolls)
    return ExtendedOdds(
        size, difficulty, ones_cancel, need, rolls, complete, failed, 1 - complete - failed
    )


def _within(odds: PoolOdds, need: int, rolls: int) -> tuple[Fraction, Fraction]:
    """P(complete) and P(failed for good) within `rolls` rolls: the mass on
    each total 0..need-1, carried roll by roll. Every probability of a
    roll is an integer over one common denominator D (a power of 10), so
    the chain runs on integers over D^r after r rolls (exact, no gcds)."""
    per_roll = [odds.botch, odds.exact[0] - odds.botch, *odds.exact[1:]]
    per_roll += [odds.at_least(k) for k in range(1, need + 1)]
    scale = lcm(*(p.denominator for p in per_roll))
    botch, quiet = _scaled(odds.botch, scale), _scaled(odds.exact[0] - odds.botch, scale)
    exactly = [_scaled(p, scale) for p in odds.exact]
    at_least = [_scaled(odds.at_least(k), scale) for k in range(need + 1)]
    mass = [1] + [0] * (need - 1)
    complete = failed = 0
    for _ in range(rolls):
        carried = [0] * need
        complete, failed = complete * scale, failed * scale
        for total, here in enumerate(mass):
            if not here:
                continue
            if total == 0:
                failed += here * botch
            else:
                carried[0] += here * botch
            carried[total] += here * quiet
            for k in range(1, need - total):
                carried[total + k] += here * exactly[k]
            complete += here * at_least[need - total]
        mass = carried
    whole = scale**rolls
    return Fraction(complete, whole), Fraction(failed, whole)


def _scaled(p: Fraction, scale: int) -> int:
    """`p` times a common multiple of its denominator, as an integer."""
    return p.numerator * (scale // p.denominator)


def _absorbed(odds: PoolOdds, need: int, done: int, ruin: int) -> Fraction:
    """The chance, from a total of 0, to end in the state worth 1 when
    completing is worth `done` and failing for good `ruin` (each 0 or 1).

    The value x_t of a total t solves
    x_t (1 - q) = sum_k P(k) x_{t+k} + P(>= need - t) done + botch (x_0 if t else ruin)
    with q = P(0 without a botch): from need-1 down to 1 each x_t is
    a_t + b_t x_0, and the equation of t = 0 gives x_0."""
    quiet = odds.exact[0] - odds.botch
    moving = 1 - quiet
    if moving == 0:  # a pool of 0 dice: nothing ever happens
        return Fraction(0)
    known: dict[int, tuple[Fraction, Fraction]] = {}
    for total in range(need - 1, 0, -1):
        a = odds.at_least(need - total) * done
        b = odds.botch
        for k in range(1, need - total):
            a_k, b_k = known[total + k]
            a += odds.exact[k] * a_k
            b += odds.exact[k] * b_k
        known[total] = (a / moving, b / moving)
    a = odds.at_least(need) * done + odds.botch * ruin
    b = Fraction(0)
    for k in range(1, need):
        a += odds.exact[k] * known[k][0]
        b += odds.exact[k] * known[k][1]
    return a / (moving - b)
