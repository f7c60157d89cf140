"""The three sums of "Pensar las Batallas" (004), per player, against his PM.

1. the points DECLARED in all his invasions (CC-B-26);
2. the declared invasions plus his defence declarations (CC-B-27), on the
   figures after the deployment changes announced with the reactions
   (AC-39): the book's own example cuts a 2000 invasion to 1500 to defend
   three fronts with 1000 each within PM 6000;
3. the points USED in all his battles, invasions and defences (CC-B-28):
   the points each side fielded, as the referee enters them, plus the
   declared points of an invasion taken unopposed (AC-11).

Every declared invasion counts from the moment it is declared, whatever
became of it (AC-42): a withdrawn one still counts with its declared points
in sums 1 and 2. Sea moves and fleet landings are invasions and count
(AC-22); a fleet at sea is no invasion and never counts (CC-B-30), nor do
skirmishes (AC-44). The sums are computed and reported; a breach is never
punished automatically: the campaign referee decides (CC-B-29, AC-39).

Call it with the state as the reactions left it (its conflicts and
battles); `fielded` maps (hex, player) to the points that side put on the
table (the `Fielded` lines), for sum 3.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from adjudicator.rulesets.cawa.records import Battle, Conflict, ConflictKind
from adjudicator.rulesets.cawa.skirmishes import battle_hexes
from adjudicator.rulesets.cawa.state import CawaState


@dataclass(frozen=True)
class PmSums:
    """A player's three sums and his PM (see the module docstring); `used`
    is None until every battle of his has its fielded points."""

    player: str
    pm: int
    declared: int
    declared_with_defences: int
    used: int | None = None

    @property
    def declared_over(self) -> bool:
        """CC-B-26: the declared invasions exceed PM."""
        return self.declared > self.pm

    @property
    def with_defences_over(self) -> bool:
        """CC-B-27: declared invasions plus defences exceed PM."""
        return self.declared_with_defences > self.pm

    @property
    def used_over(self) -> bool:
        """CC-B-28: the points used exceed PM (False while unknown)."""
        return self.used is not None and self.used > self.pm

    @property
    def breaches(self) -> tuple[int, ...]:
        """The numbers (1, 2, 3) of the sums over PM, for the referee (CC-B-29)."""
        flags = (self.declared_over, self.with_defences_over, self.used_over)
        return tuple(i for i, over in enumerate(flags, start=1) if over)


def pm_sums(
    state: CawaState,
    pm: Mapping[str, int],
    fielded: Mapping[tuple[str, str], int] | None = None,
) -> tuple[PmSums, ...]:
    """Every player's sums, in the state's order of players (a player
    missing from `pm` has PM 0). See the module docstring (CC-B-26 ..
    CC-B-30, AC-11, AC-22, AC-39, AC-42)."""
    fought = {(n, s.player) for b in state.battles for n in b.conflicts for s in b.sides}
    sums: list[PmSums] = []
    for player in state.players:
        invasions = list(_invasions(state, player))
        declared = sum(points for _, _, points in invasions)
        alone = [
            (c, target, points) for c, target, points in invasions if (c, player) not in fought
        ]
        in_battle = sum(s.points or 0 for b in state.battles for s in b.sides if s.player == player)
        with_defences = in_battle + sum(points for _, _, points in alone)
        used = _used(state, player, fielded, alone)
        sums.append(PmSums(player, pm.get(player, 0), declared, with_defences, used))
    return tuple(sums)


def _invasions(state: CawaState, player: str) -> Iterator[tuple[int, str, int]]:
    """(conflict number, target hex, declared points) of each of the
    player's declared invasions (AC-42): land, sea or fleet landing (AC-22)."""
    for conflict in state.conflicts:
        if conflict.kind is ConflictKind.SKIRMISH:
            continue
        for index, entry in enumerate(conflict.entries):
            if entry.player == player and entry.points is not None:
                yield conflict.number, _target(conflict, index), entry.points


def _target(conflict: Conflict, index: int) -> str:
    """The hex an entry moved into: a double's second entry went into `other_hex`."""
    if conflict.kind is ConflictKind.DOUBLE and index == 1 and conflict.other_hex is not None:
        return conflict.other_hex
    return conflict.hex


def _used(
    state: CawaState,
    player: str,
    fielded: Mapping[tuple[str, str], int] | None,
    alone: list[tuple[int, str, int]],
) -> int | None:
    """Sum 3 (CC-B-28): the fielded points of each of the player's battles,
    plus each invasion taken unopposed at its declared points (AC-11); None
    while a battle of his has no figure."""
    if fielded is None:
        return None
    total = 0
    for battle in state.battles:
        if any(s.player == player for s in battle.sides):
            points = _fielded_in(state, battle, player, fielded)
            if points is None:
                return None
            total += points
    taken = (points for _, target, points in alone if state.owners.get(target) == player)
    return total + sum(taken)


def _fielded_in(
    state: CawaState, battle: Battle, player: str, fielded: Mapping[tuple[str, str], int]
) -> int | None:
    for code in battle_hexes(state, battle):
        if (code, player) in fielded:
            return fielded[(code, player)]
    return None
