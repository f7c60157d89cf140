"""The battle results (004 "Fase de Batallas"): the referee's file settles
each battle of the turn (CC-B-1, CC-B-5).

Lines (AC-34: the referee enters each result class; AC-46, AC-50):

- `BattleResult` without `loser`, the battle's result: a draw, or a winner
  and a class (marginal, decisive, massacre). With `loser`, a pair's result
  in a truly three-sided battle (CC-B-20); in a two-sided battle it is the
  battle's result.
- `Fielded`: the points a side actually put on the table.
- `Disqualify`, `Penalty`: see below.

Each line gets a verdict: NO_SUCH_BATTLE (no battle in that hex), NOT_A_SIDE
(the player is not a side of it), UNKNOWN_PLAYER (a penalty for no player),
BAD_RESULT (a draw with a winner, a win without one, a pair of one player,
a draw in a three-sided battle without a defender: CC-CF-13, a fine of
nothing, a negative count), DUPLICATE (a second line for the same thing:
the first stands).

How a battle is settled:

- Two sides: a draw or the defender's victory leaves the hex with the
  defender; the attacker's victory gives him the hex (CC-B-6) with its
  building, a castle staying a castle (CC-M-12, AC-43). Two invaders with no
  defender (AC-36): the winner takes the hex, a draw leaves it nobody's.
- Several attackers against a defender and no pair line: the attackers
  fought together as one army (CC-B-19, AC-35): the result line names a
  winner; if it is an attacker, they won together, the named one takes the
  hex, and the defender's payment is split among them; if it is the
  defender, the attackers pay equal shares (CC-B-21).
- Pair lines, or several invaders without a defender: a truly three-sided
  battle (CC-B-20, AC-32, AC-33): the result line's winner keeps or takes
  the hex (the most victory points; the referee names him: a tie for first
  with the defender is entered as a draw, the defender keeping the hex);
  each pair line's loser pays its winner.
- Payments (CC-B-18): see `payments`. Only `Payment` records are made; the
  next economy caps them (AC-07).
- Disqualification (CC-B-24, CC-B-25, AC-46), and a forced loss (CC-A-4,
  AC-50): the side loses by massacre and its opponent wins by massacre: in
  a two-sided battle the other side; against allies, the other camp (as one
  army); in a three-sided battle each other side. A `Fielded` count above
  the table limit (the lawful maximum + 2: AC-38) disqualifies the side. A
  count off the declared points by more than 500 (CC-B-24) is only noted for
  the referee, who may disqualify.
- A battle without a result (and not decided by disqualifications) stays
  pending in `state.battles`, with a note; nothing of it is applied.
- Upkeep (CC-E-8, AC-11, AC-46): every side of a settled battle adds the
  points it used to `state.upkeep` (paid at the next economy): its `Fielded`
  count rounded (CC-B-11, AC-41), else its declared points.
- Fines are payments to nobody (`payments.fine`); a removal (CC-A-4, AC-50)
  takes the player out of `players`, his hexes become nobody's (their
  buildings stay, as AC-14), and his treasury, upkeep, fleets and every
  payment to or from him are dropped. Each penalty is noted with its reason.

With `dice` (the `auto_battles` option, AC-01), battles with no line at all
are settled by the dice model of `auto_battle`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.cawa.auto_battle import auto_battle
from adjudicator.rulesets.cawa.payments import amount_for, fine, shares
from adjudicator.rulesets.cawa.reasons import CawaReason, Verdict
from adjudicator.rulesets.cawa.records import Battle, Payment
from adjudicator.rulesets.cawa.referee import round_points, table_limit
from adjudicator.rulesets.cawa.skirmishes import battle_hexes
from adjudicator.rulesets.cawa.state import CawaState
from orders.cawa.model import (
    BattleLine,
    BattleResult,
    Fielded,
    Penalty,
    PenaltyKind,
    ResultClass,
)
from texts import T_, Text

MASSACRE = amount_for(ResultClass.MASSACRE)


@dataclass(frozen=True)
class BattlesOutcome:
    """The state after the results, a verdict per line, and notes for the
    reports (pending battles, penalties with their reasons, disqualifications)."""

    state: CawaState
    verdicts: tuple[Verdict, ...]
    notes: tuple[str, ...]


@dataclass
class _Lines:
    """The accepted lines of one battle."""

    result: BattleResult | None = None
    pairs: list[BattleResult] = field(default_factory=list)
    fielded: dict[str, int] = field(default_factory=dict)
    out: dict[str, str] = field(default_factory=dict)  # player -> why he lost by massacre


@dataclass
class _Judged:
    verdicts: list[Verdict] = field(default_factory=list)
    battles: dict[int, _Lines] = field(default_factory=dict)
    fines: list[Penalty] = field(default_factory=list)
    removals: list[Penalty] = field(default_factory=list)


def resolve_battles(
    state: CawaState, lines: Sequence[BattleLine], *, dice: Dice | None = None
) -> BattlesOutcome:
    """Judge the referee's `lines` and settle every battle of `state` (see the
    module docstring). With `dice`, battles no line names are settled by the
    dice (AC-01, CC-X-2)."""
    notes: list[str] = []
    all_lines = list(lines)
    if dice is not None:
        named = {line.hex for line in lines if not isinstance(line, Penalty)}
        named |= {line.hex for line in lines if isinstance(line, Penalty) and line.hex}
        for battle in state.battles:
            if battle.hex not in named:
                auto = auto_battle(battle, dice)
                all_lines.extend(auto.lines)
                notes.append(auto.note)
    judged = _judge(state, all_lines, notes)
    owners = dict(state.owners)
    upkeep = dict(state.upkeep)
    payments = list(state.payments)
    pending: list[Battle] = []
    for battle in state.battles:
        accepted = judged.battles.get(battle.number, _Lines())
        where = _where(battle)
        settled = _settle(battle, accepted, notes)
        if settled is None:
            pending.append(battle)
            notes.append(T_("{where}: no result yet, pending", where=where))
            continue
        taker, owed = settled
        for player, why in accepted.out.items():
            notes.append(
                T_(
                    "{where}: {player} loses by massacre, {why} (CC-B-25)",
                    where=where,
                    player=player,
                    why=why,
                )
            )
        if taker is not None:
            decided = battle_hexes(state, battle)  # both hexes of an agreed single battle (AC-30)
            owners.update(dict.fromkeys(decided, taker))
            notes.append(
                T_(
                    "{where}: {player} takes {hexes}",
                    where=where,
                    player=taker,
                    hexes=", ".join(decided),
                )
            )
        payments.extend(owed)
        for side in battle.sides:
            used = accepted.fielded.get(side.player, side.points or 0)
            upkeep[side.player] = upkeep.get(side.player, 0) + used
    for penalty in judged.fines:
        payments.append(fine(penalty.player, penalty.amount))
        notes.append(
            T_(
                "{player} fined {amount} crowns: {reason}",
                player=penalty.player,
                amount=penalty.amount,
                reason=penalty.reason,
            )
        )
    new = replace(state, owners=owners, upkeep=upkeep, payments=tuple(payments))
    new = replace(new, battles=tuple(pending))
    for penalty in judged.removals:
        new = _remove(new, penalty.player)
        notes.append(
            T_(
                "{player} removed from the campaign: {reason}",
                player=penalty.player,
                reason=penalty.reason,
            )
        )
        for battle in pending:
            if penalty.player in (s.player for s in battle.sides):
                notes.append(
                    T_(
                        "{where} is pending and {player} was a side of it: the referee settles it",
                        where=_where(battle),
                        player=penalty.player,
                    )
                )
    return BattlesOutcome(new, tuple(judged.verdicts), tuple(notes))


# --- judging the lines -----------------------------------------------------------


def _judge(state: CawaState, lines: Sequence[BattleLine], notes: list[str]) -> _Judged:
    """A verdict per line, in the order written; the accepted ones by battle."""
    by_hex: dict[str, Battle] = {}
    for battle in state.battles:
        by_hex.setdefault(battle.hex, battle)
    judged = _Judged()
    for line in lines:
        reason, detail = _check(state, by_hex, judged, line, notes)
        judged.verdicts.append(Verdict(line, reason, detail))
    return judged


def _check(
    state: CawaState,
    by_hex: dict[str, Battle],
    judged: _Judged,
    line: BattleLine,
    notes: list[str],
) -> tuple[CawaReason, str]:
    if isinstance(line, Penalty):
        return _check_penalty(state, by_hex, judged, line)
    battle = by_hex.get(line.hex)
    if battle is None:
        return CawaReason.NO_SUCH_BATTLE, line.hex
    sides = [s.player for s in battle.sides]
    accepted = judged.battles.setdefault(battle.number, _Lines())
    if isinstance(line, BattleResult):
        return _check_result(battle, sides, accepted, line)
    if line.player not in sides:
        return CawaReason.NOT_A_SIDE, line.player
    if isinstance(line, Fielded):
        if line.points < 0:
            return CawaReason.BAD_RESULT, str(line.points)
        if line.player in accepted.fielded:
            return CawaReason.DUPLICATE, line.player
        accepted.fielded[line.player] = round_points(line.points)
        _check_fielded(battle, accepted, line, notes)
        return CawaReason.DONE, ""
    if line.player in accepted.out:
        return CawaReason.DUPLICATE, line.player
    accepted.out[line.player] = T_("disqualified (CC-B-24)")
    return CawaReason.DONE, ""


def _check_fielded(battle: Battle, accepted: _Lines, line: Fielded, notes: list[str]) -> None:
    """AC-38: above the table limit the army is disqualified; CC-B-24: more
    than 500 off the declared points is noted for the referee."""
    limit = table_limit(battle, line.player)
    where = _where(battle)
    if line.points > limit:
        accepted.out.setdefault(
            line.player,
            T_("{points} points on the table, over {limit}", points=line.points, limit=limit),
        )
        notes.append(
            T_(
                "{where}: {player} disqualified, {points} points over the limit"
                " of {limit} (CC-B-24, AC-38)",
                where=where,
                player=line.player,
                points=line.points,
                limit=limit,
            )
        )
        return
    declared = next(s.points for s in battle.sides if s.player == line.player)
    used = accepted.fielded[line.player]
    if declared is not None and abs(used - declared) > 500:
        notes.append(
            T_(
                "{where}: {player} fielded {used} points against {declared} declared"
                " (more than 500 off: the referee may disqualify, CC-B-24)",
                where=where,
                player=line.player,
                used=used,
                declared=declared,
            )
        )


def _check_result(
    battle: Battle, sides: list[str], accepted: _Lines, line: BattleResult
) -> tuple[CawaReason, str]:
    for named in (line.winner, line.loser):
        if named is not None and named not in sides:
            return CawaReason.NOT_A_SIDE, named
    if line.loser is not None:
        if line.winner is None or line.winner == line.loser:
            return CawaReason.BAD_RESULT, T_("a pair names two sides")
        if len(sides) > 2:
            pair = {line.winner, line.loser}
            if any({p.winner, p.loser} == pair for p in accepted.pairs):
                return CawaReason.DUPLICATE, f"{line.winner}-{line.loser}"
            accepted.pairs.append(line)
            return CawaReason.DONE, ""
    elif (line.winner is None) != (line.result is ResultClass.DRAW):
        return CawaReason.BAD_RESULT, T_("a draw names no winner, a victory names one")
    if line.result is ResultClass.DRAW and battle.defender is None and len(sides) > 2:
        return CawaReason.BAD_RESULT, T_("a three-sided battle has no draw (CC-CF-13)")
    if accepted.result is not None:
        return CawaReason.DUPLICATE, battle.hex
    accepted.result = line
    return CawaReason.DONE, ""


def _check_penalty(
    state: CawaState, by_hex: dict[str, Battle], judged: _Judged, line: Penalty
) -> tuple[CawaReason, str]:
    if line.player not in state.players:
        return CawaReason.UNKNOWN_PLAYER, line.player
    if line.kind is PenaltyKind.FINE:
        if line.amount <= 0:
            return CawaReason.BAD_RESULT, str(line.amount)
        judged.fines.append(line)
        return CawaReason.DONE, ""
    if line.kind is PenaltyKind.REMOVAL:
        if any(p.player == line.player for p in judged.removals):
            return CawaReason.DUPLICATE, line.player
        judged.removals.append(line)
        return CawaReason.DONE, ""
    battle = by_hex.get(line.hex or "")
    if battle is None:
        return CawaReason.NO_SUCH_BATTLE, line.hex or ""
    if line.player not in (s.player for s in battle.sides):
        return CawaReason.NOT_A_SIDE, line.player
    accepted = judged.battles.setdefault(battle.number, _Lines())
    if line.player in accepted.out:
        return CawaReason.DUPLICATE, line.player
    accepted.out[line.player] = T_("forced loss (CC-A-4): {reason}", reason=line.reason)
    return CawaReason.DONE, ""


# --- settling a battle -------------------------------------------------------------


def _settle(
    battle: Battle, lines: _Lines, notes: list[str]
) -> tuple[str | None, tuple[Payment, ...]] | None:
    """Who takes the hex (None: it stays as it was) and the payments; None
    while the battle has no result."""
    players = [s.player for s in battle.sides]
    if len(players) <= 2:
        return _settle_two(battle, players, lines, notes)
    if battle.defender is not None and not lines.pairs:
        return _settle_allies(battle, lines)
    return _settle_three(battle, players, lines, notes)


def _where(battle: Battle) -> Text:
    """`battle 3 (0403)`, as the notes name a battle."""
    return T_("battle {number} ({hex})", number=battle.number, hex=battle.hex)


def _taker(battle: Battle, winner: str | None) -> str | None:
    """The new owner: the winner unless he is the defender (CC-B-6)."""
    return None if winner is None or winner == battle.defender else winner


def _settle_two(
    battle: Battle, players: list[str], lines: _Lines, notes: list[str]
) -> tuple[str | None, tuple[Payment, ...]] | None:
    live = [p for p in players if p not in lines.out]
    if lines.out:
        if not live:
            notes.append(T_("{where}: both sides lost: no payment", where=_where(battle)))
            return None, ()
        (winner,) = live
        losers = [p for p in players if p != winner]
        return _taker(battle, winner), shares(MASSACRE, losers, [winner], battle.number)
    result = lines.result
    if result is None:
        return None
    if result.winner is None or result.result is ResultClass.DRAW:
        if battle.defender is None:
            notes.append(T_("{where}: a draw, the hexes stay as they were", where=_where(battle)))
        return None, ()
    loser = next(p for p in players if p != result.winner)
    owed = shares(amount_for(result.result), [loser], [result.winner], battle.number)
    return _taker(battle, result.winner), owed


def _settle_allies(battle: Battle, lines: _Lines) -> tuple[str | None, tuple[Payment, ...]] | None:
    """Attackers as one army against the defender (CC-B-19, CC-B-21, AC-35)."""
    defender = battle.defender
    assert defender is not None
    attackers = [s.player for s in battle.sides if s.attacking and s.player != defender]
    live = [p for p in attackers if p not in lines.out]
    out = [p for p in attackers if p in lines.out]
    owed: list[Payment] = []
    if defender in lines.out:
        owed.extend(shares(MASSACRE, [defender], live, battle.number))
        named = lines.result.winner if lines.result else None
        return (named if named in live else (live[0] if live else None)), tuple(owed)
    for player in out:
        owed.extend(shares(MASSACRE, [player], [defender], battle.number))
    if not live:
        return None, tuple(owed)
    result = lines.result
    if result is None or result.winner in out:
        return None
    if result.winner is None:
        return None, tuple(owed)
    amount = amount_for(result.result)
    if result.winner == defender:
        owed.extend(shares(amount, live, [defender], battle.number))
        return None, tuple(owed)
    owed.extend(shares(amount, [defender], live, battle.number))
    return result.winner, tuple(owed)


def _settle_three(
    battle: Battle, players: list[str], lines: _Lines, notes: list[str]
) -> tuple[str | None, tuple[Payment, ...]] | None:
    """A truly three-sided battle (CC-B-20, CC-B-23, AC-32, AC-33)."""
    live = [p for p in players if p not in lines.out]
    result = lines.result
    if len(live) == 1:
        winner: str | None = live[0]
    elif result is not None and (result.winner is None or result.winner in live):
        winner = result.winner
    else:
        return None
    owed: list[Payment] = []
    for player in lines.out:
        owed.extend(shares(MASSACRE, [player], live, battle.number))
    for pair in lines.pairs:
        if pair.winner in live and pair.loser in live:
            assert pair.winner is not None and pair.loser is not None
            owed.extend(shares(amount_for(pair.result), [pair.loser], [pair.winner], battle.number))
    for i, a in enumerate(live):
        for b in live[i + 1 :]:
            if not any({p.winner, p.loser} == {a, b} for p in lines.pairs):
                notes.append(
                    T_(
                        "{where}: no result for {pair}, no payment",
                        where=_where(battle),
                        pair=f"{a}-{b}",
                    )
                )
    return _taker(battle, winner), tuple(owed)


# --- removal -----------------------------------------------------------------------


def _remove(state: CawaState, player: str) -> CawaState:
    """CC-A-4, AC-50: the player leaves the campaign; his hexes become nobody's."""
    return replace(
        state,
        players=tuple(p for p in state.players if p != player),
        owners={h: p for h, p in state.owners.items() if p != player},
        treasury={p: c for p, c in state.treasury.items() if p != player},
        upkeep={p: c for p, c in state.upkeep.items() if p != player},
        fleets=tuple(f for f in state.fleets if f.player != player),
        launched=tuple(f for f in state.launched if f.player != player),
        payments=tuple(p for p in state.payments if player not in (p.payer, p.payee)),
    )
