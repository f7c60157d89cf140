"""Tests and contests on dice, as the sheet rulesets play them.

A *test* adds terms (a characteristic, a helper's value...) to one die and
compares the total with a difficulty; some dice have faces that decide alone
(genes' d10: the 0 face always passes, the 1 always fails, 002 §5.4.5). A
*contest* sets two such totals against each other: the higher wins, a tie
has no effect. The dice themselves are the game's verifiable dice
(`adjudicator.core.dice`); this module only adds up and compares.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

Term = tuple[str, int]
"""A term of a roll's total: what it is and its value (`("Diplomàcia", 5)`)."""


@dataclass(frozen=True)
class PassRule:
    """How a test is decided: faces that pass or fail whatever the total, and
    otherwise whether the total must beat the difficulty or may equal it."""

    always_passes: int | None = None
    always_fails: int | None = None
    ties_pass: bool = False

    def passes(self, face: int, total: int, difficulty: int) -> bool:
        if face == self.always_passes:
            return True
        if face == self.always_fails:
            return False
        return total >= difficulty if self.ties_pass else total > difficulty


def add_up(face: int, terms: Iterable[Term]) -> tuple[tuple[Term, ...], int]:
    """The terms kept, and the total of the face and the terms."""
    kept = tuple(terms)
    return kept, face + sum(value for _, value in kept)


def contest_winner(first_total: int, second_total: int) -> int:
    """0 if the first side wins, 1 if the second does, -1 on a tie (no effect)."""
    if first_total == second_total:
        return -1
    return 0 if first_total > second_total else 1
