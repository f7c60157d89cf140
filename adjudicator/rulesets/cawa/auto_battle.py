"""Battles not played in person (AC-01; the book's section "Batallas No
Presenciales" is missing, CC-X-2): an optional dice model, off by default
(game option `auto_battles`).

The model, with the game's verifiable dice (purpose `battle:<hex>`):

1. each side rolls one d6 per full 500 of its declared points (at least one
   die; a side with no declared points rolls one); the dice are numbered in
   the battle's side order, so index 0.. are the first side's dice, then
   the next side's, and so on;
2. a side's total is the sum of its dice;
3. two sides: the higher total wins; the margin (winner's total − loser's
   total) sets the class: 0 a draw, 1 to 3 a marginal victory, 4 to 7 a
   decisive victory, 8 or more a massacre (CC-B-15, AC-34);
4. several invaders against a defender fight as allies (CC-B-19): the
   invaders' totals are added against the defender's, as in 3; if they win,
   the invader with the highest own total takes the hex (the first in side
   order on a tie);
5. several invaders without a defender (AC-36) fight a truly three-sided
   battle (CC-B-20): the highest total keeps the hex (the first in side order
   on a tie; its line's class says nothing, at least marginal), and each
   pair's result follows 3 on the two totals (an equal pair is a draw).

The lines made are ordinary `BattleResult` lines of the referee, judged like
his own.
"""

from __future__ import annotations

from dataclasses import dataclass

from adjudicator.core.dice import Dice
from adjudicator.rulesets.cawa.records import Battle
from orders.cawa.model import REFEREE, BattleResult, ResultClass
from texts import T_

DIE_POINTS = 500
"""One d6 per full 500 declared points."""
MARGINAL_FROM = 1
DECISIVE_FROM = 4
MASSACRE_FROM = 8


def dice_count(points: int | None) -> int:
    """Dice a side rolls: one per full 500 points, at least one (1500 -> 3)."""
    return max(1, (points or 0) // DIE_POINTS)


def classify(margin: int) -> ResultClass:
    """The class of a margin: 0 draw, 1-3 marginal, 4-7 decisive, 8+ massacre."""
    if margin >= MASSACRE_FROM:
        return ResultClass.MASSACRE
    if margin >= DECISIVE_FROM:
        return ResultClass.DECISIVE
    if margin >= MARGINAL_FROM:
        return ResultClass.MARGINAL
    return ResultClass.DRAW


@dataclass(frozen=True)
class AutoBattle:
    """The referee's lines the dice give for one battle, each side's total,
    and a note for the report."""

    lines: tuple[BattleResult, ...]
    totals: tuple[tuple[str, int], ...]
    note: str


def roll_totals(battle: Battle, dice: Dice) -> tuple[tuple[str, int], ...]:
    """Each side's total, in side order (steps 1 and 2)."""
    purpose = f"battle:{battle.hex}"
    index = 0
    totals: list[tuple[str, int]] = []
    for side in battle.sides:
        total = 0
        for _ in range(dice_count(side.points)):
            total += dice.roll(purpose, 6, index)
            index += 1
        totals.append((side.player, total))
    return tuple(totals)


def _line(battle: Battle, winner: str, loser: str, margin: int) -> BattleResult:
    result = classify(margin)
    if result is ResultClass.DRAW:
        return BattleResult(REFEREE, battle.hex, None, result)
    return BattleResult(REFEREE, battle.hex, winner, result)


def auto_battle(battle: Battle, dice: Dice) -> AutoBattle:
    """Settle `battle` by the dice model (see the module docstring)."""
    totals = roll_totals(battle, dice)
    by_player = dict(totals)
    shown = ", ".join(f"{p} {t}" for p, t in totals)
    note = T_(
        "battle {number} ({hex}) settled by the dice (AC-01): {totals}",
        number=battle.number,
        hex=battle.hex,
        totals=shown,
    )
    attackers = [s.player for s in battle.sides if s.attacking and s.player != battle.defender]
    if len(totals) < 2 or (battle.defender is not None and not attackers):
        nobody = T_(
            "battle {number} ({hex}): nobody to fight", number=battle.number, hex=battle.hex
        )
        return AutoBattle((), totals, nobody)
    if len(totals) == 2:
        (a, ta), (b, tb) = totals
        winner, loser = (a, b) if ta >= tb else (b, a)
        return AutoBattle((_line(battle, winner, loser, abs(ta - tb)),), totals, note)
    if battle.defender is not None:
        defence = by_player.get(battle.defender, 0)
        attack = sum(by_player[p] for p in attackers)
        if attack > defence:
            best = max(attackers, key=lambda p: (by_player[p], -attackers.index(p)))
            line = _line(battle, best, battle.defender, attack - defence)
        else:
            line = _line(battle, battle.defender, attackers[0], defence - attack)
        return AutoBattle((line,), totals, note)
    order = [p for p, _ in totals]
    first = max(order, key=lambda p: (by_player[p], -order.index(p)))
    second = max(t for p, t in totals if p != first)
    margin = max(MARGINAL_FROM, by_player[first] - second)
    lines = [BattleResult(REFEREE, battle.hex, first, classify(margin))]
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            ta, tb = by_player[a], by_player[b]
            winner, loser = (a, b) if ta >= tb else (b, a)
            lines.append(BattleResult(REFEREE, battle.hex, winner, classify(abs(ta - tb)), loser))
    return AutoBattle(tuple(lines), totals, note)
