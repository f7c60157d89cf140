"""The referee's arithmetic at the table and at his desk (004 "El Árbitro",
"Cantidad de puntos", "Descalificación", "Pagos por derrota").

- `seal(text)`: a playing referee hands in his own turn first, sealed
  (CC-A-3); the tool prints the SHA-256 of his order file before the others
  are in, the same commitment scheme as the dice (AC-48);
- `round_points(points)`: the points an army counts as (CC-B-11, AC-41):
  within ±2 of a multiple of 500 it is that multiple, otherwise the next
  multiple of 500 above (1498..1502 -> 1500, 1503 -> 2000, 1497 -> 1500);
- `table_limit(battle, player)`: the most points a player may put on the
  table, his lawful maximum + 2 (AC-38, CC-B-24): 2502 for an invader or for
  a defender facing one invader; a defender facing n invaders may declare
  2000 per invader and raise it by 500 (CC-B-10, CC-CF-11), so 2000 n + 502
  (4502 against two);
- `casualty_totals(inflicted)`: a truly three-sided battle's totals, each
  side's points inflicted on the others, and its winner (CC-B-20, CC-B-22,
  AC-32); `pair_winner` the winner of one pair: whoever inflicted more
  (AC-33, which reads the book's example 2 the right way round).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from adjudicator.core.dice import commitment, verify_secret
from adjudicator.rulesets.cawa.records import Battle

ARMY_STEP = 500
"""Armies are multiples of 500 (CC-B-11)."""
TOLERANCE = 2
"""A multiple of 500 may be off by 2 points (CC-B-11)."""
ARMY_MAXIMUM = 2500
"""The largest army in a battle against one enemy: 2000 declared + 500 (CC-B-7, CC-B-24)."""
DEFENCE_PER_INVADER = 2000
"""A defender may declare up to 2000 per invader of the hex (CC-B-10, CC-CF-11)."""
DEPLOYMENT_CHANGE = 500
"""The change allowed at deployment (CC-B-7, CC-B-9)."""


def seal(text: str) -> str:
    """The SHA-256 (hex) of a playing referee's own declarations, printed
    before any other player's file is in (CC-A-3, AC-48)."""
    return commitment(text)


def check_seal(text: str, published: str) -> bool:
    """Whether the referee's revealed file matches the seal he published (AC-48)."""
    return verify_secret(text, published)


def round_points(points: int) -> int:
    """The points an army counts as (CC-B-11, AC-41): the multiple of 500
    within ±2 points, else the next multiple of 500 above."""
    nearest = (points + ARMY_STEP // 2) // ARMY_STEP * ARMY_STEP
    if abs(points - nearest) <= TOLERANCE:
        return nearest
    return -(-points // ARMY_STEP) * ARMY_STEP


def table_limit(battle: Battle, player: str) -> int:
    """The most points `player` may put on the table in `battle`: his lawful
    maximum + 2 (AC-38). The defender's maximum grows with the invaders of
    the hex (2000 each, + 500 at deployment: CC-B-10); everyone else's is 2500."""
    invaders = sum(1 for s in battle.sides if s.attacking)
    if player == battle.defender and invaders > 1:
        return DEFENCE_PER_INVADER * invaders + DEPLOYMENT_CHANGE + TOLERANCE
    return ARMY_MAXIMUM + TOLERANCE


@dataclass(frozen=True)
class CasualtyTotals:
    """Each side's points inflicted on all the others, and the winner: the one
    with the most (CC-B-20, AC-32); None on a tie for first (the defender
    keeps the hex if he is tied, otherwise the referee decides: AC-32)."""

    totals: Mapping[str, int]
    winner: str | None


def casualty_totals(inflicted: Mapping[tuple[str, str], int]) -> CasualtyTotals:
    """Totals from `inflicted[(by, on)]`, the points `by` inflicted on `on`
    (CC-B-22: A 300 on B and 250 on C ... -> A 550, B 1600, C 1800, C wins)."""
    totals: dict[str, int] = {}
    for (by, on), points in inflicted.items():
        totals[by] = totals.get(by, 0) + points
        totals.setdefault(on, 0)
    if not totals:
        return CasualtyTotals({}, None)
    best = max(totals.values())
    leaders = [p for p, t in totals.items() if t == best]
    return CasualtyTotals(totals, leaders[0] if len(leaders) == 1 else None)


def pair_winner(inflicted: Mapping[tuple[str, str], int], a: str, b: str) -> str | None:
    """The winner of the pair a-b in a three-sided battle: whoever inflicted
    more on the other (AC-33); None when equal (a draw)."""
    by_a, by_b = inflicted.get((a, b), 0), inflicted.get((b, a), 0)
    if by_a == by_b:
        return None
    return a if by_a > by_b else b
