"""The skirmish results phase of a CaWa turn (004 "Conflictos", "Escaramuza",
"Invasión doble", "Otras situaciones diversas"): from the conflicts the
movement found to the battles to be played.

The referee's file names the winner of every skirmish (AC-44):

- a `SKIRMISH` for a free hex: the winner keeps the hex (CC-CF-3), also when
  three or more players met there (CC-CF-4: the last one standing). A
  skirmish never moves crowns and never counts for upkeep or PM (CC-B-3,
  AC-44). A player who withdrew from a skirmish before it was played
  (CC-CF-2) is simply not named: the referee names the one left.
- a `DOUBLE` invasion (CC-CF-7): if the side that moved into `hex`
  (`entries[0]`) wins the skirmish, the battle is for `hex`; otherwise for
  `other_hex`. Both sides use their declared points; no defence is declared
  (CC-CF-8). The move into the other hex comes to nothing.
- `agreed_single_battle` (CC-CF-9): no skirmish; one battle decides both
  hexes. Its battle has no `defender` and both sides attack with their
  declared points: the winner takes both hexes, a draw leaves both as they
  were (AC-30). `battle_hexes` tells the hexes a battle decides.

The atypical case (CC-CF-16, AC-37; the referee decides what the book does
not foresee, CC-CF-15): a double A<->C and an invasion of C's hex by B. If
A wins the skirmish, one battle in C's hex: A and B with their declared
points against C, who fields his declared invasion points (`Side.points`
already set) and may declare a defence of up to 2000 per other invader in
the reactions. If C wins, B's invasion stays a normal invasion of C's hex (C
declares a defence) and the double is fought in A's hex. In general, every
invasion of the hex a double is fought in joins that battle.

Output: owners updated for won skirmishes; settled skirmishes taken off
`conflicts` (invasions and doubles stay: the battles name them and the PM
sums read their declared points, AC-42); `battles` numbered after any the
state already holds, each with its hex, its sides (the defender first, his
points None until the reactions; invaders with their declared points) and
the conflicts it comes from. A skirmish or double with no result stays
pending, and so does every invasion of one of its hexes. The phase itself
is left as it was: advancing it is the caller's business.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudicator.rulesets.cawa.reasons import CawaReason, Verdict
from adjudicator.rulesets.cawa.records import Battle, Conflict, ConflictKind, Entry, Side
from adjudicator.rulesets.cawa.state import CawaState
from orders.cawa.model import SkirmishResult
from texts import T_

AGREED = "agreed"
"""The decision of a double whose sides agreed on a single battle (CC-CF-9)."""


@dataclass(frozen=True)
class SkirmishOutcome:
    """The state after the skirmish results, one verdict per line (in the
    order written), and the conflicts still waiting for a result (a skirmish
    or double with no line, and the invasions of a pending double's hexes)."""

    state: CawaState
    verdicts: tuple[Verdict, ...]
    pending: tuple[Conflict, ...]


def battle_hexes(state: CawaState, battle: Battle) -> tuple[str, ...]:
    """The hexes a battle decides: both hexes of a double invasion played as
    one agreed battle (no defender, its one conflict a double: CC-CF-9,
    AC-30), else its own hex. (A double fought after its skirmish has a
    defender; if he withdraws, the battle left has other conflicts too.)"""
    if battle.defender is None and len(battle.conflicts) == 1:
        for conflict in state.conflicts:
            if (
                conflict.number in battle.conflicts
                and conflict.kind is ConflictKind.DOUBLE
                and conflict.other_hex is not None
            ):
                return (conflict.hex, conflict.other_hex)
    return (battle.hex,)


def battled_conflicts(state: CawaState) -> frozenset[int]:
    """The numbers of the conflicts some battle already comes from."""
    return frozenset(n for b in state.battles for n in b.conflicts)


def battles_without_skirmishes(state: CawaState) -> tuple[Battle, ...]:
    """The battles of a turn with no skirmish to play (CC-CF-5, CC-CF-10):
    one per invaded hex, numbered after the state's battles; an invasion of a
    hex of a double still waiting for its skirmish is left out (CC-CF-15)."""
    return _new_battles(state, {})


def resolve_skirmishes(state: CawaState, lines: Sequence[SkirmishResult]) -> SkirmishOutcome:
    """Judge the referee's skirmish results and list the battles to play
    (see the module docstring: CC-CF-3, CC-CF-4, CC-CF-7 .. CC-CF-9,
    CC-CF-16, AC-30, AC-37, AC-44)."""
    done = battled_conflicts(state)
    verdicts: list[Verdict] = []
    decided: dict[int, str] = {}
    owners = dict(state.owners)
    won: set[int] = set()
    for line in lines:
        conflict = _conflict_for(state, line.hex)
        reason, detail = _judge(line, conflict, decided, won, done)
        verdicts.append(Verdict(line, reason, detail))
        if reason is not CawaReason.DONE or conflict is None:
            continue
        if conflict.kind is ConflictKind.SKIRMISH:
            owners[conflict.hex] = str(line.winner)
            won.add(conflict.number)
        elif line.agreed_single_battle:
            decided[conflict.number] = AGREED
        else:
            decided[conflict.number] = _fought_hex(conflict, str(line.winner))
    conflicts = tuple(c for c in state.conflicts if c.number not in won)
    settled = replace(state, owners=owners, conflicts=conflicts)
    battles = _new_battles(settled, decided)
    after = replace(settled, battles=(*state.battles, *battles))
    return SkirmishOutcome(after, tuple(verdicts), _pending(after))


def _conflict_for(state: CawaState, hex_code: str) -> Conflict | None:
    """The skirmish for a free hex, or the double invasion touching the hex."""
    for conflict in state.conflicts:
        if conflict.kind is ConflictKind.SKIRMISH and conflict.hex == hex_code:
            return conflict
        if conflict.kind is ConflictKind.DOUBLE and hex_code in (conflict.hex, conflict.other_hex):
            return conflict
    return None


def _judge(
    line: SkirmishResult,
    conflict: Conflict | None,
    decided: Mapping[int, str],
    won: set[int],
    done: frozenset[int],
) -> tuple[CawaReason, str]:
    """One result line: a conflict that exists, not settled yet, a winner who
    is one of its sides (or an agreed single battle for a double)."""
    if conflict is None:
        return CawaReason.NO_SUCH_CONFLICT, T_(
            "no skirmish or double invasion in {hex}", hex=line.hex
        )
    number = conflict.number
    if number in decided or number in won or number in done:
        return CawaReason.DUPLICATE, T_("conflict {number} already has its result", number=number)
    if line.agreed_single_battle:
        if conflict.kind is not ConflictKind.DOUBLE:
            return (
                CawaReason.BAD_RESULT,
                T_("a single agreed battle is for a double invasion (CC-CF-9)"),
            )
        if line.winner is not None:
            return CawaReason.BAD_RESULT, T_("an agreed single battle has no skirmish winner")
        return CawaReason.DONE, T_("conflict {number}: one battle for both hexes", number=number)
    if line.winner is None:
        return CawaReason.BAD_RESULT, T_("the result names no winner")
    sides = _movers(conflict)
    if line.winner not in sides:
        return CawaReason.NOT_A_SIDE, T_(
            "conflict {number} is between {players}", number=number, players=", ".join(sides)
        )
    return CawaReason.DONE, T_(
        "conflict {number}: {player} wins", number=number, player=line.winner
    )


def _movers(conflict: Conflict) -> tuple[str, ...]:
    return tuple(dict.fromkeys(e.player for e in conflict.entries))


def _fought_hex(conflict: Conflict, winner: str) -> str:
    """CC-CF-7: the winner's own move decides: the hex he moved into."""
    if conflict.entries[0].player == winner or conflict.other_hex is None:
        return conflict.hex
    return conflict.other_hex


def _double_hexes(conflict: Conflict) -> tuple[str, ...]:
    return (conflict.hex,) if conflict.other_hex is None else (conflict.hex, conflict.other_hex)


def _new_battles(state: CawaState, decided: Mapping[int, str]) -> tuple[Battle, ...]:
    """The battles of the conflicts no battle comes from yet: each decided
    double (with the invasions of the hex it is fought in, CC-CF-16), then
    one battle per other invaded hex (CC-CF-10). Numbered in the order of
    their first conflict, after the state's battles."""
    done = battled_conflicts(state)
    open_conflicts = [c for c in state.conflicts if c.number not in done]
    doubles = [c for c in open_conflicts if c.kind is ConflictKind.DOUBLE]
    waiting = {h for d in doubles if d.number not in decided for h in _double_hexes(d)}
    invasions: dict[str, list[Conflict]] = {}
    for conflict in open_conflicts:
        if conflict.kind is ConflictKind.INVASION and conflict.hex not in waiting:
            invasions.setdefault(conflict.hex, []).append(conflict)
    drawn: list[tuple[int, Battle]] = []
    for double in doubles:
        decision = decided.get(double.number)
        if decision is None:
            continue
        if decision == AGREED:
            drawn.append((double.number, _agreed_battle(double)))
        else:
            joined = invasions.pop(decision, [])
            drawn.append((double.number, _double_battle(double, decision, joined, state)))
    for hex_code, group in invasions.items():
        battle = _invasion_battle(hex_code, group, state)
        if battle is not None:
            drawn.append((min(battle.conflicts), battle))
    first = max((b.number for b in state.battles), default=0) + 1
    drawn.sort(key=lambda pair: pair[0])
    return tuple(replace(b, number=first + i) for i, (_, b) in enumerate(drawn))


def _attacker(entry: Entry) -> Side:
    return Side(entry.player, attacking=True, points=entry.points)


def _agreed_battle(double: Conflict) -> Battle:
    """CC-CF-9, AC-30: both sides attack with their declared points; no
    defender keeps a hex on a draw (both stay as they were)."""
    sides = tuple(_attacker(e) for e in double.entries)
    return Battle(0, double.hex, sides, defender=None, conflicts=(double.number,))


def _double_battle(
    double: Conflict, fought: str, joined: Sequence[Conflict], state: CawaState
) -> Battle:
    """CC-CF-7, CC-CF-8, CC-CF-16, AC-37: the skirmish winner's move into
    `fought` against the hex's owner, who fields his declared invasion
    points; any other invader of that hex joins with his declared points."""
    into = double.entries[0] if fought == double.hex else double.entries[1]
    out = double.entries[1] if fought == double.hex else double.entries[0]
    defender = Side(out.player, attacking=False, points=out.points)
    others = _attackers(fought, joined, state, exclude={into.player, out.player})
    numbers = (double.number, *(c.number for c in joined))
    return Battle(0, fought, (defender, _attacker(into), *others), out.player, numbers)


def _invasion_battle(hex_code: str, group: Sequence[Conflict], state: CawaState) -> Battle | None:
    """CC-CF-5, CC-CF-10: the invaders of a hex (their declared points)
    against its owner, whose points wait for the reactions. None when no
    invader is left (the hex's only mover was a double's void move)."""
    defender = next((c.defender for c in group if c.defender is not None), None)
    exclude = {defender} if defender is not None else set()
    attackers = _attackers(hex_code, group, state, exclude=exclude)
    if not attackers:
        return None
    sides = attackers if defender is None else (Side(defender, attacking=False), *attackers)
    numbers = tuple(c.number for c in group)
    return Battle(0, hex_code, sides, defender, numbers)


def _attackers(
    hex_code: str, group: Sequence[Conflict], state: CawaState, exclude: set[str]
) -> tuple[Side, ...]:
    """The invaders of `hex_code` in these conflicts, one side each, less the
    players of a double touching the hex (their move there was decided by
    the double's skirmish, CC-CF-16) and the excluded ones."""
    void = {
        e.player
        for c in state.conflicts
        if c.kind is ConflictKind.DOUBLE and hex_code in _double_hexes(c)
        for e in c.entries
    }
    sides: dict[str, Side] = {}
    for conflict in group:
        for entry in conflict.entries:
            if entry.player in exclude or entry.player in void or entry.player in sides:
                continue
            sides[entry.player] = _attacker(entry)
    return tuple(sides.values())


def _pending(state: CawaState) -> tuple[Conflict, ...]:
    """The conflicts no battle comes from and not settled: skirmishes and
    doubles with no result, and the invasions of a pending double's hexes."""
    done = battled_conflicts(state)
    left = [c for c in state.conflicts if c.number not in done]
    waiting = {h for c in left if c.kind is ConflictKind.DOUBLE for h in _double_hexes(c)}
    return tuple(c for c in left if c.kind is not ConflictKind.INVASION or c.hex in waiting)
