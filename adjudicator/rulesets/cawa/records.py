"""The records of a CaWa turn that outlive a phase (004): fleets at sea, the
conflicts the movement found, the battles to be fought, and what the next
economy phase must collect.

Conflicts (004 "Conflictos"): the movement phase lists every conflict with a
number (CC-CF-1); each is one of

- `SKIRMISH`: several players entered one free hex (CC-MV-9, CC-CF-3, CC-CF-4);
- `INVASION`: one or more players invaded a player's hex (CC-MV-10,
  CC-CF-5, several invaders: CC-CF-10, CC-CF-11);
- `DOUBLE`: two players invaded each other's hexes across one border
  (CC-CF-7); a skirmish decides which of the two hexes the battle is for.

A conflict's `entries` are the moves that made it, each with its mover, the
hex it came from, how (land, sea, fleet) and its declared points (None for a
move into a free hex). The skirmish results turn `SKIRMISH` and `DOUBLE`
conflicts into owners or battles; the reactions add defence points and
withdrawals; the referee's results settle each `Battle`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class MoveKind(StrEnum):
    """How a move reached its hex (CC-MV-3, CC-MV-13, CC-MV-19)."""

    LAND = "land"
    SEA = "sea"
    FLEET = "fleet"


@dataclass(frozen=True, order=True)
class Fleet:
    """A player's fleet at sea on a water hex (CC-MV-16): it costs 500 at each
    economy phase and takes one from the player's PO (CC-MV-17, AC-21)."""

    player: str
    hex: str


@dataclass(frozen=True)
class Entry:
    """One move into a conflict's hex: its mover, the hex it came from (a
    fleet's water hex for a landing), how, and the declared invasion points
    (None for a move into a free hex)."""

    player: str
    from_hex: str
    kind: MoveKind
    points: int | None = None


class ConflictKind(StrEnum):
    SKIRMISH = "skirmish"
    INVASION = "invasion"
    DOUBLE = "double"


@dataclass(frozen=True)
class Conflict:
    """A numbered conflict (see the module docstring). `hex` is the hex fought
    for; a `DOUBLE` conflict is about `hex` and `other_hex` (the two hexes of
    its two entries' targets: `entries[0]` went into `hex`, `entries[1]` into
    `other_hex`); `defender` is the owner of `hex` at the start of the
    movement (None for a skirmish)."""

    number: int
    kind: ConflictKind
    hex: str
    entries: tuple[Entry, ...]
    defender: str | None = None
    other_hex: str | None = None

    @property
    def players(self) -> tuple[str, ...]:
        """Every side: the defender first, then the movers in order."""
        movers = tuple(dict.fromkeys(e.player for e in self.entries))
        if self.defender is None or self.defender in movers:
            return movers
        return (self.defender, *movers)


@dataclass(frozen=True)
class Side:
    """One side of a battle: its player, whether it attacks (an invader) or
    defends the hex, and its declared points (for a defender, set by the
    reactions; None while not declared)."""

    player: str
    attacking: bool
    points: int | None = None


@dataclass(frozen=True)
class Battle:
    """A battle to be played at the table (004 "Fase de Batallas"): the hex it
    is for, its terrain decides the scenery (CC-M-7); its sides with their
    declared points; the conflict(s) it comes from. `defender` keeps the hex on
    a draw or his own victory (CC-B-6); None when nobody owned it (the
    invaders of a hex whose defender withdrew, AC-36)."""

    number: int
    hex: str
    sides: tuple[Side, ...]
    defender: str | None
    conflicts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Payment:
    """Crowns a battle's loser owes its winner, collected at the next economy
    phase, capped by what the loser has (CC-B-18, AC-07)."""

    payer: str
    payee: str
    amount: int
    battle: int
