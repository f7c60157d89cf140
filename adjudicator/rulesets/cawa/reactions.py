"""The reactions phase of a CaWa turn (004 "Conflictos", "Cantidad de
puntos", "Pensar las Batallas", "Nota: sobre la declaración de reacciones").

Every player sends one file with all his reactions, before the first battle
(CC-B-33, AC-45); lines of a second file of the same player are refused
(`ALREADY_REACTED`). A reaction names a hex of one of the battles listed:

- `Defend` (CC-CF-5, CC-B-9, AC-40): only the battle's defender; 500 to
  2000 per invader, in steps of 500, so from 500 x invaders up to 2000 x
  invaders of that hex (CC-CF-11, CC-B-10). No defence in a double invasion
  (CC-CF-8); in the atypical battle (CC-CF-16, AC-37) the defender already
  fields his declared invasion points and may add a defence against each
  other invader. Defences are judged against the battle as listed: the
  declarations are simultaneous, so another side's withdrawal does not
  change what the defender could declare.
- `Withdraw` (CC-CF-2, AC-29): any side. A defender's withdrawal: a single
  invader takes the hex without a battle, with his declared points (no
  change, CC-B-8, CC-B-31), which are his upkeep (AC-11); several invaders
  fight among themselves with their declared points (AC-36). An invader's
  withdrawal cancels his move at no cost; with no invader left the hex stays
  its owner's. Either side's withdrawal from an agreed single battle for a
  double (CC-CF-9) leaves the other the winner of both hexes.
- `Redeploy` (CC-B-7, CC-B-31, AC-39): a side whose points were declared
  in the movement (an invader, or either side of a double) announces its
  change: within 500 of the declared points, in steps of 500, never 0; only
  when a battle will be fought (refused when the defender withdrew: no
  deployment, or the invaders' battle of AC-36, on declared points).

A second reaction of the same kind for one battle is a `DUPLICATE`; a
defence or redeployment together with a withdrawal from the same battle is
refused (`ALREADY_REACTED`), the first line written stands.

A defender who sends nothing (the book is silent): the battle stays on the
list with his points undeclared (None) and a note tells the referee, who
decides (CC-CF-15). Nothing is lost: it is neither a withdrawal nor a
defence of 0. The same note is given when the defender of the atypical
battle adds no defence to his declared points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.rulesets.cawa.powers import POINTS_STEP
from adjudicator.rulesets.cawa.reasons import CawaReason, Verdict
from adjudicator.rulesets.cawa.records import Battle, Side
from adjudicator.rulesets.cawa.skirmishes import battle_hexes
from adjudicator.rulesets.cawa.state import CawaState
from orders.cawa.model import Defend, ReactionLine, Redeploy, Withdraw
from texts import T_

MAX_DEFENCE_PER_INVADER = 2000
"""CC-CF-5, CC-CF-11: up to 2000 defence points per invader of the hex."""


class NoteKind(StrEnum):
    """What the referee is told about a battle after the reactions."""

    DEFENCE_NOT_DECLARED = "defence_not_declared"  # the battle stays, points for the referee
    UNOPPOSED = "unopposed"  # the invader took the hex(es) without a battle (CC-B-8)
    NO_BATTLE = "no_battle"  # every invader withdrew: the hex stays (AC-29)
    AMONG_INVADERS = "among_invaders"  # the defender withdrew; the invaders fight (AC-36)


@dataclass(frozen=True)
class ReactionNote:
    """A note on one battle: its number, hex and the players concerned."""

    kind: NoteKind
    battle: int
    hex: str
    players: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReactionsOutcome:
    """The state after the reactions, a verdict per line (in the order
    written) and the notes for the referee."""

    state: CawaState
    verdicts: tuple[Verdict, ...]
    notes: tuple[ReactionNote, ...]


@dataclass
class _Reactions:
    """What the accepted lines ask for, by battle number."""

    withdrawn: dict[int, set[str]]
    defences: dict[int, int]
    redeploys: dict[tuple[int, str], int]


def resolve_reactions(state: CawaState, lines: Sequence[ReactionLine]) -> ReactionsOutcome:
    """Judge every reaction and settle what they settle (see the module
    docstring: CC-CF-2, CC-CF-5, CC-CF-11, CC-B-7 .. CC-B-10, CC-B-31,
    CC-B-33, AC-11, AC-29, AC-36, AC-39, AC-40, AC-45)."""
    judged = _judge_all(state, lines)
    wanted = _Reactions({}, {}, {})
    for line, reason, _, battle in judged:
        if reason is CawaReason.DONE and isinstance(line, Withdraw):
            for number in battle:
                wanted.withdrawn.setdefault(number, set()).add(line.power)
    verdicts: list[Verdict] = []
    for line, reason, detail, battle in judged:
        if reason is CawaReason.DONE and isinstance(line, Redeploy):
            reason, detail = _check_fought(state, battle[0], line.power, wanted) or (reason, detail)
            if reason is CawaReason.DONE:
                wanted.redeploys[(battle[0], line.power)] = line.points
        if reason is CawaReason.DONE and isinstance(line, Defend):
            wanted.defences[battle[0]] = line.points
        verdicts.append(Verdict(line, reason, detail))
    return _settle(state, wanted, tuple(verdicts))


_Judged = tuple[ReactionLine, CawaReason, str, tuple[int, ...]]
_WITHDRAW = Withdraw.__name__


def _judge_all(state: CawaState, lines: Sequence[ReactionLine]) -> list[_Judged]:
    """Every line on its own (AC-45 files, duplicates, the battle it names,
    the figures); the redeployments wait for the withdrawals."""
    files: dict[str, str] = {}
    seen: dict[tuple[int, str], set[str]] = {}
    judged: list[_Judged] = []
    for line in lines:
        if line.source is not None:
            first = files.setdefault(line.power, line.source.file)
            if first != line.source.file:
                again = T_(
                    "one reactions file per player per turn; {file} came first (AC-45)",
                    file=first,
                )
                judged.append((line, CawaReason.ALREADY_REACTED, again, ()))
                continue
        reason, detail, battle = _judge(state, line)
        kind = type(line).__name__
        if reason is CawaReason.DONE:
            reason, detail = _repeat(seen, battle, line.power, kind) or (reason, detail)
        if reason is CawaReason.DONE:
            for number in battle:
                seen.setdefault((number, line.power), set()).add(kind)
        judged.append((line, reason, detail, battle))
    return judged


def _repeat(
    seen: dict[tuple[int, str], set[str]], battle: tuple[int, ...], player: str, kind: str
) -> tuple[CawaReason, str] | None:
    """A second reaction of the same kind (DUPLICATE), or a withdrawal mixed
    with a defence or redeployment for the same battle (ALREADY_REACTED)."""
    for number in battle:
        before = seen.get((number, player), set())
        if kind in before:
            return CawaReason.DUPLICATE, T_("already reacted so in battle {number}", number=number)
        if before and (kind == _WITHDRAW or _WITHDRAW in before):
            return (
                CawaReason.ALREADY_REACTED,
                T_("a withdrawal and another reaction in battle {number}", number=number),
            )
    return None


def _judge(state: CawaState, line: ReactionLine) -> tuple[CawaReason, str, tuple[int, ...]]:
    at = tuple(b for b in state.battles if line.hex in battle_hexes(state, b))
    if not at:
        return CawaReason.NO_SUCH_BATTLE, T_("no battle for {hex}", hex=line.hex), ()
    mine = tuple(b for b in at if _side(b, line.power) is not None)
    if not mine:
        names = ", ".join(s.player for b in at for s in b.sides)
        return (
            CawaReason.NOT_A_SIDE,
            T_("the battle for {hex} is between {players}", hex=line.hex, players=names),
            (),
        )
    if isinstance(line, Withdraw):
        numbers = tuple(b.number for b in mine)
        return (
            CawaReason.DONE,
            T_("withdraws from battle {numbers}", numbers=", ".join(map(str, numbers))),
            numbers,
        )
    if isinstance(line, Defend):
        return _judge_defence(line, mine)
    return _judge_redeploy(line, mine)


def _side(battle: Battle, player: str) -> Side | None:
    return next((s for s in battle.sides if s.player == player), None)


def defendable_invaders(battle: Battle) -> int:
    """The invaders a defence may be declared against: every attacker, less
    the double's partner when the defender already fields his declared
    invasion points (CC-CF-8, CC-CF-16, AC-37); none without a defender."""
    defender = next((s for s in battle.sides if not s.attacking), None)
    if defender is None:
        return 0
    attackers = sum(1 for s in battle.sides if s.attacking)
    return attackers if defender.points is None else attackers - 1


def _judge_defence(
    line: Defend, mine: tuple[Battle, ...]
) -> tuple[CawaReason, str, tuple[int, ...]]:
    """CC-CF-5, CC-CF-11, CC-B-10, AC-40: the defender, 500..2000 per invader."""
    battle = next((b for b in mine if b.defender == line.power), None)
    if battle is None:
        return (
            CawaReason.NOT_DEFENDER,
            T_("{player} does not defend {hex}", player=line.power, hex=line.hex),
            (),
        )
    invaders = defendable_invaders(battle)
    if invaders == 0:
        detail = T_("a double invasion is fought with the declared points (CC-CF-8)")
        return CawaReason.BAD_DEFENCE, detail, ()
    low, high = POINTS_STEP * invaders, MAX_DEFENCE_PER_INVADER * invaders
    if line.points % POINTS_STEP or not low <= line.points <= high:
        detail = T_(
            "{low} to {high} in steps of {step} against {invaders} invader(s)",
            low=low,
            high=high,
            step=POINTS_STEP,
            invaders=invaders,
        )
        return CawaReason.BAD_DEFENCE, detail, ()
    return CawaReason.DONE, T_("defends with {points}", points=line.points), (battle.number,)


def _judge_redeploy(
    line: Redeploy, mine: tuple[Battle, ...]
) -> tuple[CawaReason, str, tuple[int, ...]]:
    """CC-B-7, CC-B-31, AC-39: declared points +-500, in steps of 500, never 0."""
    for battle in mine:
        side = _side(battle, line.power)
        if side is None or side.points is None:
            continue
        declared = side.points
        if (
            line.points % POINTS_STEP
            or line.points < POINTS_STEP
            or abs(line.points - declared) > POINTS_STEP
        ):
            detail = T_(
                "declared {declared}: {low} to {high} in steps of {step}, never 0",
                declared=declared,
                low=max(POINTS_STEP, declared - POINTS_STEP),
                high=declared + POINTS_STEP,
                step=POINTS_STEP,
            )
            return CawaReason.BAD_REDEPLOY, detail, ()
        return CawaReason.DONE, f"{declared} -> {line.points}", (battle.number,)
    detail = T_("a defender declares his defence; he changes it only at deployment (CC-B-9)")
    return CawaReason.BAD_REDEPLOY, detail, ()


def _check_fought(
    state: CawaState, number: int, player: str, wanted: _Reactions
) -> tuple[CawaReason, str] | None:
    """A redeployment stands only if its battle is fought (CC-B-8, CC-B-31),
    and not in the invaders' battle of a withdrawn defender (AC-36)."""
    battle = next(b for b in state.battles if b.number == number)
    gone = wanted.withdrawn.get(number, set())
    if battle.defender is not None and battle.defender in gone:
        detail = T_("the defender withdrew: the declared points stand (CC-B-8, CC-B-31, AC-36)")
        return CawaReason.BAD_REDEPLOY, detail
    if not any(s.player not in gone and s.player != player for s in battle.sides):
        return CawaReason.BAD_REDEPLOY, T_("no battle is left to deploy for (CC-B-31)")
    return None


def _settle(
    state: CawaState, wanted: _Reactions, verdicts: tuple[Verdict, ...]
) -> ReactionsOutcome:
    """Apply the accepted reactions battle by battle (see the module docstring)."""
    owners = dict(state.owners)
    upkeep = dict(state.upkeep)
    battles: list[Battle] = []
    notes: list[ReactionNote] = []
    for battle in state.battles:
        gone = wanted.withdrawn.get(battle.number, set())
        sides = [s for s in battle.sides if s.player not in gone]
        attackers = [s for s in sides if s.attacking]
        held = next((s for s in sides if not s.attacking), None)
        note = _note(battle)
        if not attackers:
            notes.append(note(NoteKind.NO_BATTLE, tuple(sorted(gone))))
        elif held is None and len(attackers) == 1:
            winner = attackers[0]
            for code in battle_hexes(state, battle):
                owners[code] = winner.player
            upkeep[winner.player] = upkeep.get(winner.player, 0) + (winner.points or 0)
            notes.append(note(NoteKind.UNOPPOSED, (winner.player,)))
        else:
            kept, missing = _points(battle, sides, wanted)
            defender = battle.defender if held is not None else None
            battles.append(replace(battle, sides=kept, defender=defender))
            if missing:
                notes.append(note(NoteKind.DEFENCE_NOT_DECLARED, (str(battle.defender),)))
            if battle.defender is not None and battle.defender in gone:
                notes.append(note(NoteKind.AMONG_INVADERS, tuple(s.player for s in attackers)))
    after = replace(state, owners=owners, upkeep=upkeep, battles=tuple(battles))
    return ReactionsOutcome(after, verdicts, tuple(notes))


def _note(battle: Battle) -> Callable[[NoteKind, tuple[str, ...]], ReactionNote]:
    def make(kind: NoteKind, players: tuple[str, ...]) -> ReactionNote:
        return ReactionNote(kind, battle.number, battle.hex, players)

    return make


def _points(
    battle: Battle, sides: Sequence[Side], wanted: _Reactions
) -> tuple[tuple[Side, ...], bool]:
    """The sides left with their points: an invader's redeployment; the
    defender's declared base (a double) plus his defence. True when the
    defender could declare a defence and did not."""
    defence = wanted.defences.get(battle.number)
    missing = False
    kept: list[Side] = []
    for side in sides:
        points = wanted.redeploys.get((battle.number, side.player), side.points)
        if not side.attacking:
            missing = defence is None and defendable_invaders(battle) > 0
            if defence is not None:
                points = (points or 0) + defence
        kept.append(replace(side, points=points))
    return tuple(kept), missing
