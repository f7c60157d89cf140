"""Battles not played in person: the optional dice model (AC-01, CC-X-2)."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.rulesets.cawa.auto_battle import (
    auto_battle,
    classify,
    dice_count,
    roll_totals,
)
from adjudicator.rulesets.cawa.records import Battle, Payment, Side
from adjudicator.rulesets.cawa.results import resolve_battles
from adjudicator.rulesets.cawa.state import CawaPhaseKind
from orders.cawa.model import REFEREE, BattleResult, ResultClass
from tests.cawa.fixtures import SMALL, state_on


def fixed() -> Dice:
    return Dice("secret", "game", "phase")


DUEL = Battle(1, "0403", (Side("red", True, 1500), Side("blue", False, 1000)), "blue")
ALLIES = Battle(
    2,
    "0303",
    (Side("red", True, 1000), Side("green", True, 1500), Side("blue", False, 2000)),
    "blue",
)
THREE = Battle(
    3, "0202", (Side("red", True, 1000), Side("green", True, 1500), Side("blue", True, 2000)), None
)


@pytest.mark.parametrize(("points", "count"), [(None, 1), (0, 1), (500, 1), (999, 1), (1500, 3)])
def test_dice_count(points: int | None, count: int) -> None:
    """AC-01: one d6 per full 500 declared points, at least one."""
    assert dice_count(points) == count


@pytest.mark.parametrize(
    ("margin", "cls"),
    [
        (0, ResultClass.DRAW),
        (1, ResultClass.MARGINAL),
        (3, ResultClass.MARGINAL),
        (4, ResultClass.DECISIVE),
        (7, ResultClass.DECISIVE),
        (8, ResultClass.MASSACRE),
        (20, ResultClass.MASSACRE),
    ],
)
def test_classify_thresholds(margin: int, cls: ResultClass) -> None:
    """AC-01, AC-34: margin 0 draw, 1-3 marginal, 4-7 decisive, 8+ massacre."""
    assert classify(margin) is cls


def test_totals_follow_the_documented_dice() -> None:
    """AC-01: purpose battle:<hex>, dice numbered in side order, one per 500."""
    dice = fixed()
    totals = roll_totals(ALLIES, dice)
    check = fixed()
    red = sum(check.roll("battle:0303", 6, i) for i in range(2))
    green = sum(check.roll("battle:0303", 6, i) for i in range(2, 5))
    blue = sum(check.roll("battle:0303", 6, i) for i in range(5, 9))
    assert totals == (("red", red), ("green", green), ("blue", blue))
    assert len(dice.rolls) == 9
    assert {r.purpose for r in dice.rolls} == {"battle:0303"}


def test_duel_with_fixed_dice() -> None:
    """AC-01, CC-B-15: red rolls 3 dice (3, 6, 4 = 13), blue 2 (2, 1 = 3):
    red wins by 10, a massacre."""
    auto = auto_battle(DUEL, fixed())
    assert auto.totals == (("red", 13), ("blue", 3))
    assert auto.lines == (BattleResult(REFEREE, "0403", "red", ResultClass.MASSACRE),)
    assert "red 13, blue 3" in auto.note


def test_allies_with_fixed_dice() -> None:
    """AC-01, CC-B-19: invaders add their totals against the defender:
    8 + 6 = 14 against 16: the defender wins by 2, marginal."""
    auto = auto_battle(ALLIES, fixed())
    assert auto.totals == (("red", 8), ("green", 6), ("blue", 16))
    assert auto.lines == (BattleResult(REFEREE, "0303", "blue", ResultClass.MARGINAL),)


def test_three_sided_with_fixed_dice() -> None:
    """AC-01, CC-B-20, AC-36: red 7, green 16, blue 16: the tie for first goes
    to the first in side order (green); each pair by its totals, equal = draw."""
    auto = auto_battle(THREE, fixed())
    assert auto.totals == (("red", 7), ("green", 16), ("blue", 16))
    assert auto.lines == (
        BattleResult(REFEREE, "0202", "green", ResultClass.MARGINAL),
        BattleResult(REFEREE, "0202", "green", ResultClass.MASSACRE, "red"),
        BattleResult(REFEREE, "0202", "blue", ResultClass.MASSACRE, "red"),
        BattleResult(REFEREE, "0202", "green", ResultClass.DRAW, "blue"),
    )


def test_resolve_battles_uses_the_dice_only_when_asked() -> None:
    """AC-01, CC-X-2: off by default (the battle stays pending); with the
    dice, every battle no line names is settled, the others as written."""
    other = Battle(4, "0101", (Side("red", True, 1000), Side("blue", False, 1000)), "blue")
    state = state_on(
        SMALL,
        owners={"0403": "blue", "0101": "blue"},
        kind=CawaPhaseKind.BATTLES,
        battles=(DUEL, other),
    )
    line = BattleResult(REFEREE, "0101", "blue", ResultClass.MARGINAL)
    off = resolve_battles(state, [line])
    assert off.state.battles == (DUEL,)
    dice = fixed()
    on = resolve_battles(state, [line], dice=dice)
    assert on.state.battles == ()
    assert on.state.owners == {"0403": "red", "0101": "blue"}
    assert on.state.payments == (Payment("blue", "red", 1000, 1),)
    assert {r.purpose for r in dice.rolls} == {"battle:0403"}
    assert any("settled by the dice" in n for n in on.notes)
