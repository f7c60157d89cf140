"""Conflict detection (004 "Conflictos"): from the accepted moves of a
movement phase, which free hexes change owner at once and which conflicts
the referee must list.

- a free hex entered by exactly one player becomes his at the end of the
  movement phase (CC-MV-9, CC-CF-1, AC-43);
- a free hex entered by several players is one `SKIRMISH`, however many
  they are (CC-CF-3, CC-CF-4);
- player X moving from his hex `a` into Y's hex `e` while Y moves from `e`
  into `a` is one `DOUBLE` conflict (CC-CF-7), whatever the way each went
  (by land or by ship: the rule names only the two hexes);
- every other move into a player's hex is an invasion (CC-M-5, CC-MV-10):
  all the invasions of one hex make one `INVASION` conflict, its defender
  the hex's owner at the start of the phase (CC-CF-10). An invasion of a
  hex that is also one side of a double stays a separate `INVASION`
  conflict (the atypical example, CC-CF-16: A invades C, B invades C, C
  invades A gives a DOUBLE A<->C and an INVASION of C's hex by B);
- conflicts are numbered from 1 in the order of the contested hex code (a
  double by the lower of its two hexes); on one hex a double comes before
  an invasion (CC-CF-15: the doubles are settled first).

Owners are always those at the start of the movement phase (AC-28).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.rulesets.cawa.records import Conflict, ConflictKind, Entry, MoveKind


@dataclass(frozen=True)
class Move:
    """An accepted move: its mover, the hex it came from (the fleet's water
    hex for a landing), the hex it entered, how, and its declared invasion
    points (None into a free hex)."""

    player: str
    from_hex: str
    target: str
    kind: MoveKind
    points: int | None = None

    @property
    def entry(self) -> Entry:
        return Entry(self.player, self.from_hex, self.kind, self.points)


_RANK = {ConflictKind.DOUBLE: 0, ConflictKind.INVASION: 1, ConflictKind.SKIRMISH: 2}


def expansions(moves: Sequence[Move], owners: Mapping[str, str]) -> dict[str, str]:
    """The free hexes entered by exactly one player, with that player: they
    become his at the end of the movement phase (CC-MV-9, CC-CF-1, AC-43)."""
    movers: dict[str, list[str]] = {}
    for move in moves:
        if move.target not in owners:
            movers.setdefault(move.target, []).append(move.player)
    return {target: players[0] for target, players in movers.items() if len(players) == 1}


def _is_invasion(move: Move, owners: Mapping[str, str]) -> bool:
    owner = owners.get(move.target)
    return owner is not None and owner != move.player


def double_pairs(moves: Sequence[Move], owners: Mapping[str, str]) -> list[tuple[Move, Move]]:
    """The double invasions (CC-CF-7): pairs of invasions `a -> e` by the
    owner of `a` and `e -> a` by the owner of `e`, each pair once, in the
    order of the first move of each pair."""
    invasions = [m for m in moves if _is_invasion(m, owners)]
    by_route = {(m.player, m.from_hex, m.target): m for m in invasions}
    pairs: list[tuple[Move, Move]] = []
    paired: set[int] = set()
    for move in invasions:
        if id(move) in paired or owners.get(move.from_hex) != move.player:
            continue
        other = by_route.get((owners[move.target], move.target, move.from_hex))
        if other is None or id(other) in paired:
            continue
        paired.update((id(move), id(other)))
        pairs.append((move, other))
    return pairs


def _double(first: Move, second: Move, owners: Mapping[str, str]) -> Conflict:
    """One DOUBLE conflict: `hex` is the lower code, `entries[0]` the move into it."""
    into, other = (first, second) if first.target < second.target else (second, first)
    return Conflict(
        number=0,
        kind=ConflictKind.DOUBLE,
        hex=into.target,
        entries=(into.entry, other.entry),
        defender=owners[into.target],
        other_hex=other.target,
    )


def detect_conflicts(moves: Sequence[Move], owners: Mapping[str, str]) -> tuple[Conflict, ...]:
    """Every conflict the accepted `moves` make on the map of the start of the
    phase (`owners`), numbered (see the module docstring)."""
    pairs = double_pairs(moves, owners)
    in_double = {id(m) for pair in pairs for m in pair}
    found = [_double(a, b, owners) for a, b in pairs]
    by_target: dict[str, list[Move]] = {}
    for move in moves:
        if id(move) not in in_double:
            by_target.setdefault(move.target, []).append(move)
    for target, entered in by_target.items():
        entries = tuple(m.entry for m in entered)
        defender = owners.get(target)
        if defender is not None:
            invasion = ConflictKind.INVASION
            found.append(Conflict(0, invasion, target, entries, defender=defender))
        elif len({m.player for m in entered}) > 1:
            found.append(Conflict(0, ConflictKind.SKIRMISH, target, entries))
    found.sort(key=lambda c: (c.hex, _RANK[c.kind]))
    return tuple(
        Conflict(n, c.kind, c.hex, c.entries, c.defender, c.other_hex)
        for n, c in enumerate(found, start=1)
    )
