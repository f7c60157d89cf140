"""Verifiable dice (DESIGN.md, "Dice are inputs, and verifiable").

At game start the GM's secret is hashed and the hash (the *commitment*) is
published in `game.yaml`. Every roll is derived, not drawn from a stream:

    HMAC-SHA256(secret, "game|phase|purpose|index") -> uniform integer 1..sides

so re-running a phase with a corrected order cannot shift unrelated rolls,
and the GM cannot reroll. Every roll is recorded as a `Roll`; once the secret
is revealed anyone can recompute each one with `verify_roll`.

The integer is taken by rejection sampling on successive 8-byte blocks of an
HMAC counter stream, so every face is exactly equally likely.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field

_BLOCK = 8
_SPACE = 1 << (8 * _BLOCK)


def commitment(secret: str) -> str:
    """The public SHA-256 hash of the GM's secret, published at game start."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def file_digest(data: bytes) -> str:
    """SHA-256 of an order file: the player's receipt."""
    return hashlib.sha256(data).hexdigest()


@dataclass(frozen=True)
class Roll:
    """One logged roll: what it was for and what it showed."""

    game: str
    phase: str
    purpose: str
    index: int
    sides: int
    result: int

    @property
    def label(self) -> str:
        return f"{self.game}|{self.phase}|{self.purpose}|{self.index}"


def derive(secret: str, label: str, sides: int) -> int:
    """A uniform integer in 1..sides from the secret and the roll's label."""
    if sides < 1:
        raise ValueError(f"a die needs at least one side, not {sides}")
    key = secret.encode("utf-8")
    limit = _SPACE - (_SPACE % sides)
    counter = 0
    while True:
        message = f"{label}|{counter}".encode()
        digest = hmac.new(key, message, hashlib.sha256).digest()
        for start in range(0, len(digest), _BLOCK):
            value = int.from_bytes(digest[start : start + _BLOCK], "big")
            if value < limit:
                return value % sides + 1
        counter += 1


@dataclass
class Dice:
    """The dice of one phase of one game. Each call logs its roll in `rolls`.

    Rolls are addressed by (purpose, index): the same purpose and index give
    the same result whatever else was rolled before.
    """

    secret: str
    game: str
    phase: str
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        """Roll one die of `sides` faces for `purpose` (e.g. `income`, `plague:0`)."""
        label = f"{self.game}|{self.phase}|{purpose}|{index}"
        result = derive(self.secret, label, sides)
        self.rolls.append(Roll(self.game, self.phase, purpose, index, sides, result))
        return result

    def pool(self, purpose: str, count: int, sides: int = 10) -> tuple[int, ...]:
        """Roll `count` dice for one purpose (indices 0..count-1)."""
        return tuple(self.roll(purpose, sides, i) for i in range(count))


def verify_roll(secret: str, roll: Roll) -> bool:
    """Whether a logged roll is what the revealed secret gives."""
    return derive(secret, roll.label, roll.sides) == roll.result


def verify_secret(secret: str, published: str) -> bool:
    """Whether a revealed secret matches the commitment published at start."""
    return hmac.compare_digest(commitment(secret), published)
