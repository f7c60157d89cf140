"""Pools of d10 (rulebook 001; part I's dice rule read by NAMB-01).

A pool is Attribute + Skill d10s (N-002) against a difficulty 2..10
(N-174): each die at or above it is a success (N-003); each 10 adds a die,
itself able to explode, counted at the same difficulty (N-001); a botch is
no success and at least one 1; 1s cancel nothing unless the option
`ones_cancel` (NAMB-01). Three or more 10s flag a critical, three or more 1s
a disastrous botch (NAMB-30: flags for the morale triggers, N-068, N-075).

Every die is one of the game's verifiable dice (`core.dice`), addressed by
a stable label: `purpose` names the roll and `index` the die, the pool's
dice 0..n-1 first and each exploded die after them in the order rolled, so
`mapjudge verify` recomputes the scene die by die.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.dice import Dice


class DesperateEnd(StrEnum):
    """How a desperate roll ended (N-177 .. N-180, NAMB-24)."""

    SUCCESS = "success"  # at least one 10 kept
    FAILURE = "failure"  # the first die neither 10 nor 1: the action fails
    DISASTER = "disaster"  # a 1 with no 10 held, or a re-roll leaving none


@dataclass(frozen=True)
class PoolRoll:
    """One pool rolled: `dice` the pool's own dice, `exploded` the extra dice
    the 10s earned in the order rolled, `successes` after any cancelling,
    `botch`, `critical` (3+ 10s) and `disastrous` (3+ 1s)."""

    purpose: str
    size: int
    difficulty: int
    dice: tuple[int, ...]
    exploded: tuple[int, ...]
    successes: int
    botch: bool
    critical: bool
    disastrous: bool

    @property
    def all_dice(self) -> tuple[int, ...]:
        return self.dice + self.exploded

    @property
    def ones(self) -> int:
        return self.all_dice.count(1)


@dataclass(frozen=True)
class DesperateRoll:
    """The desperate roll of a pool brought to 0 (N-176 .. N-181, NAMB-24):
    1d10 at an unmodifiable 10; `dice` every die in the order rolled (each
    extra die a 10 earned, each re-roll of a 10 a 1 cancelled);
    `successes` the 10s kept."""

    purpose: str
    dice: tuple[int, ...]
    successes: int
    end: DesperateEnd

    @property
    def botch(self) -> bool:
        return self.end is DesperateEnd.DISASTER


CRITICAL_TENS = 3
"""NAMB-30: three or more 10s flag a critical (N-068)."""
DISASTROUS_ONES = 3
"""NAMB-30: three or more 1s in a botch flag it disastrous (N-075)."""
DESPERATE_DIFFICULTY = 10
"""N-177: the desperate roll is at an unmodifiable 10."""


def roll_pool(
    dice: Dice, purpose: str, size: int, difficulty: int, *, ones_cancel: bool = False
) -> PoolRoll:
    """Roll `size` d10 at `difficulty` (N-001 .. N-004, NAMB-01): the pool's
    dice are indices 0..size-1, each 10 earns the next index, itself able to
    explode. A pool of 0 rolls nothing (the desperate roll is separate)."""
    if not 2 <= difficulty <= 10:
        raise ValueError(f"difficulty {difficulty} is outside 2..10 (N-174)")
    if size < 0:
        raise ValueError(f"a pool of {size} dice (N-175: never below 0)")
    own = dice.pool(purpose, size, 10)
    extra: list[int] = []
    owed = own.count(10)
    while owed:
        die = dice.roll(purpose, 10, size + len(extra))
        extra.append(die)
        owed += (die == 10) - 1
    every = own + tuple(extra)
    hits = sum(1 for d in every if d >= difficulty)
    ones = every.count(1)
    successes = max(0, hits - ones) if ones_cancel else hits
    botch = hits == 0 and ones > 0
    return PoolRoll(
        purpose,
        size,
        difficulty,
        own,
        tuple(extra),
        successes,
        botch,
        critical=every.count(10) >= CRITICAL_TENS,
        disastrous=botch and ones >= DISASTROUS_ONES,
    )


def desperate_roll(dice: Dice, purpose: str) -> DesperateRoll:
    """The desperate roll (N-177 .. N-180, NAMB-24): one d10 at 10; every 10
    is kept and earns another die; a 1 with a 10 held takes that 10 away and
    the die is rolled again; a 1 with none held, or a re-roll that leaves no
    10, is a disastrous botch; a first die of 2..9 is a plain failure; the
    successes are the 10s kept. Dice are indices 0, 1, 2 ... in order."""
    rolled: list[int] = []
    held = 0
    rerolling = False
    while True:
        die = dice.roll(purpose, 10, len(rolled))
        rolled.append(die)
        if die == DESPERATE_DIFFICULTY:
            held, rerolling = held + 1, False
            continue
        if die == 1 and held:
            held, rerolling = held - 1, True
            continue
        if die == 1 or (rerolling and held == 0):
            return DesperateRoll(purpose, tuple(rolled), 0, DesperateEnd.DISASTER)
        end = DesperateEnd.SUCCESS if held else DesperateEnd.FAILURE
        return DesperateRoll(purpose, tuple(rolled), held, end)
