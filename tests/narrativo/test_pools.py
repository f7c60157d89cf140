"""Pools of d10 and the desperate roll (adjudicator/rulesets/narrativo/pools.py;
rulebook 001, part I's dice read by NAMB-01): explosions, successes,
pifias, the 1s, criticals and the desperate roll's every path, each die
from the game's dice under a stable label."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from adjudicator.core.dice import Dice, Roll, verify_roll
from adjudicator.rulesets.narrativo.pools import (
    DesperateEnd,
    DesperateRoll,
    PoolRoll,
    desperate_roll,
    roll_pool,
)


@dataclass
class Scripted(Dice):
    """Dice whose die `index` shows `faces[index]` (every die of these
    tests is a d10 of one purpose); each roll is logged like the real ones."""

    faces: Sequence[int] = ()
    secret: str = "scripted"
    game: str = "test"
    phase: str = "scene-1"
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        assert sides == 10
        face = self.faces[index]
        self.rolls.append(Roll(self.game, self.phase, purpose, index, sides, face))
        return face


def pool(
    faces: Sequence[int], size: int, difficulty: int, *, ones_cancel: bool = False
) -> PoolRoll:
    dice = Scripted(faces=faces)
    rolled = roll_pool(dice, "Dreyer-1", size, difficulty, ones_cancel=ones_cancel)
    assert [r.index for r in dice.rolls] == list(range(len(faces))), "every face used, in order"
    return rolled


def desperate(faces: Sequence[int]) -> DesperateRoll:
    dice = Scripted(faces=faces)
    rolled = desperate_roll(dice, "Dreyer-1")
    assert [r.index for r in dice.rolls] == list(range(len(faces))), "every face used, in order"
    return rolled


def test_each_ten_adds_a_die_after_the_pool_in_order() -> None:
    """N-001, NAMB-01: each 10 earns one more die, itself able to explode;
    the extra dice are indices 3, 4, 5 after the pool's 0..2."""
    rolled = pool([10, 3, 10, 10, 5, 2], size=3, difficulty=6)
    assert rolled.dice == (10, 3, 10)
    assert rolled.exploded == (10, 5, 2)
    assert rolled.all_dice == (10, 3, 10, 10, 5, 2)
    assert rolled.successes == 3
    assert (rolled.botch, rolled.critical, rolled.disastrous) == (False, True, False)


def test_the_exploded_dice_are_the_games_dice_under_their_labels() -> None:
    """N-001, NAMB-01: with the real dice (a secret searched for a pool with
    a 10) every die, exploded ones too, is logged with index 0, 1, 2 ... in
    the order rolled and verifies against the secret."""
    for attempt in range(500):
        dice = Dice(f"s{attempt}", "test", "scene-1")
        rolled = roll_pool(dice, "Dreyer-1", 3, 6)
        if rolled.exploded:
            break
    else:
        pytest.fail("no secret among 500 gave a 10 in three dice")
    assert [r.index for r in dice.rolls] == list(range(3 + len(rolled.exploded)))
    assert tuple(r.result for r in dice.rolls) == rolled.all_dice
    assert all(r.purpose == "Dreyer-1" and verify_roll(dice.secret, r) for r in dice.rolls)
    assert len(rolled.exploded) == rolled.all_dice.count(10)


@pytest.mark.parametrize(
    ("faces", "difficulty", "successes"),
    [
        ([6, 5, 9], 6, 2),
        ([6, 5, 9], 5, 3),
        ([9, 9, 2], 10, 0),
        ([2, 2, 2], 2, 3),
        ([10, 9, 2], 10, 1),
    ],
)
def test_a_success_is_a_die_at_or_above_the_difficulty(
    faces: list[int], difficulty: int, successes: int
) -> None:
    """N-002, N-003: a pool of Attribute + Skill d10, a success per die >=
    the difficulty (a 10's extra die is the 2)."""
    rolled = pool(faces, size=len(faces) - (faces[0] == 10), difficulty=difficulty)
    assert rolled.successes == successes


@pytest.mark.parametrize(
    ("faces", "botch", "successes"),
    [([1, 3, 4], True, 0), ([1, 6, 2], False, 1), ([2, 3, 4], False, 0), ([1, 1, 5], True, 0)],
)
def test_a_botch_is_no_success_and_a_one(faces: list[int], botch: bool, successes: int) -> None:
    """NAMB-01: a pifia is no success and at least one 1."""
    rolled = pool(faces, size=3, difficulty=6)
    assert (rolled.botch, rolled.successes) == (botch, successes)


def test_ones_cancel_nothing_unless_the_option() -> None:
    """NAMB-01: 1s cancel nothing; with `ones_cancel` each takes a success
    away (floor 0), and a pifia stays "no die >= difficulty"."""
    assert pool([1, 1, 7, 8, 9], 5, 7).successes == 3
    assert pool([1, 1, 7, 8, 9], 5, 7, ones_cancel=True).successes == 1
    cancelled = pool([1, 1, 7], 3, 7, ones_cancel=True)
    assert (cancelled.successes, cancelled.botch) == (0, False)
    assert pool([10, 1, 1], 2, 7, ones_cancel=True).successes == 0  # the extra die's 1 counts


def test_three_tens_are_critical_and_three_ones_a_disastrous_botch() -> None:
    """NAMB-30, N-068, N-075: 3+ 10s flag a critical, 3+ 1s in a pifia a
    disastrous one."""
    assert pool([10, 10, 4, 10, 3, 5], 3, 6).critical
    assert not pool([10, 10, 4, 3, 5], 3, 6).critical
    worst = pool([1, 1, 1, 2], 4, 6)
    assert (worst.botch, worst.disastrous) == (True, True)
    no_botch = pool([1, 1, 1, 7], 4, 6)
    assert (no_botch.botch, no_botch.disastrous) == (False, False)
    assert not pool([1, 1, 2], 3, 6).disastrous


@pytest.mark.parametrize("difficulty", [1, 11, 0, -3])
def test_a_difficulty_outside_2_to_10_is_refused(difficulty: int) -> None:
    """N-174: a difficulty is never below 2 nor above 10."""
    with pytest.raises(ValueError, match=rf"difficulty {difficulty} is outside 2\.\.10"):
        roll_pool(Scripted(faces=[5]), "Dreyer-1", 1, difficulty)


def test_the_difficulty_bounds_themselves_are_allowed() -> None:
    """N-174: 2 and 10 are difficulties."""
    assert pool([2], 1, 2).successes == 1
    assert pool([9], 1, 10).successes == 0


def test_a_pool_of_zero_rolls_nothing_and_never_below_zero() -> None:
    """N-175: a pool of 0 rolls no die (the desperate roll is separate); a
    pool below 0 is refused."""
    dice = Scripted(faces=[])
    rolled = roll_pool(dice, "Dreyer-1", 0, 6)
    assert (rolled.all_dice, rolled.successes, rolled.botch) == ((), 0, False)
    assert dice.rolls == []
    with pytest.raises(ValueError, match="a pool of -1 dice"):
        roll_pool(dice, "Dreyer-1", -1, 6)


@pytest.mark.parametrize(
    ("faces", "end", "successes"),
    [
        ([5], DesperateEnd.FAILURE, 0),  # N-178: not a 10
        ([9], DesperateEnd.FAILURE, 0),
        ([1], DesperateEnd.DISASTER, 0),  # N-180: a 1 before any 10
        ([10, 4], DesperateEnd.SUCCESS, 1),  # N-177
        ([10, 10, 3], DesperateEnd.SUCCESS, 2),
        ([10, 1, 10, 7], DesperateEnd.SUCCESS, 1),  # N-179: the 10 re-rolled comes back
        ([10, 1, 5], DesperateEnd.DISASTER, 0),  # N-180: the re-roll leaves no 10
        ([10, 1, 1], DesperateEnd.DISASTER, 0),  # a 1 with no 10 held
        ([10, 10, 1, 6], DesperateEnd.SUCCESS, 1),  # a 1 takes one of two 10s
        ([10, 10, 1, 1, 10, 2], DesperateEnd.SUCCESS, 1),
        ([10, 10, 1, 1, 3], DesperateEnd.DISASTER, 0),
    ],
)
def test_every_path_of_the_desperate_roll(
    faces: list[int], end: DesperateEnd, successes: int
) -> None:
    """N-176 .. N-180, NAMB-24: 1d10 at 10; each 10 kept earns a die; a 1
    after a 10 takes it away and the die is rolled again; a 1 with none
    held, or a re-roll that leaves none, is a disaster."""
    rolled = desperate(faces)
    assert (rolled.end, rolled.successes, rolled.dice) == (end, successes, tuple(faces))
    assert rolled.botch is (end is DesperateEnd.DISASTER)


def test_a_desperate_success_with_the_real_dice() -> None:
    """N-177, NAMB-24: a secret searched for a first 10: its dice are the
    logged rolls 0, 1, ... of the game's dice."""
    for attempt in range(1000):
        dice = Dice(f"s{attempt}", "test", "scene-1")
        rolled = desperate_roll(dice, "Müller-2")
        if rolled.end is DesperateEnd.SUCCESS:
            break
    else:
        pytest.fail("no secret among 1000 gave a desperate success")
    assert rolled.dice[0] == 10 and rolled.successes >= 1
    assert tuple(r.result for r in dice.rolls) == rolled.dice
    assert [r.index for r in dice.rolls] == list(range(len(rolled.dice)))
    assert all(verify_roll(dice.secret, r) for r in dice.rolls)
