"""One CaWa phase resolved, and the phase that follows (004 "Los Turnos";
AC-01: the turn summary rebuilt from the text).

economy -> movement -> skirmishes -> reactions -> battles -> next turn's
economy, each phase reading its own lines and skipping what has nothing to
do: no skirmish or double invasion to settle goes straight to the reactions,
no invasion at all straight to the next turn, no battle left after the
reactions as well. The conflicts stay in the state until the turn ends (the
PM sums read their declared points, AC-42).

Readings of this project where the book is silent: a skirmish or double
invasion the referee gives no result for is void this turn (the free hex
stays free, both hexes stay as they were); a battle with no result at the
end of the battles phase stays on the list into the next turn (nothing is
lost) unless the option `auto_battles` settles it with the dice model
(AC-01); only the referee's file gives skirmish and battle results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.economy import resolve_economy
from adjudicator.rulesets.cawa.movement import resolve_movement
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.pm_sums import pm_sums
from adjudicator.rulesets.cawa.powers import military_might
from adjudicator.rulesets.cawa.reactions import resolve_reactions
from adjudicator.rulesets.cawa.reasons import REASON_CODES, CawaReason, Verdict
from adjudicator.rulesets.cawa.records import Conflict, ConflictKind
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.results import resolve_battles
from adjudicator.rulesets.cawa.skirmishes import battles_without_skirmishes, resolve_skirmishes
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from adjudicator.rulesets.cawa.victory import winner
from maps.cawa.model import CawaMap
from orders.cawa.model import (
    REFEREE,
    BattleLine,
    CawaOrder,
    EconomyLine,
    MovementLine,
    ReactionLine,
    SkirmishResult,
)
from orders.issues import IssueKind, OrderIssue
from texts import N_, T_, Text

LINES_OF: dict[CawaPhaseKind, object] = {
    CawaPhaseKind.ECONOMY: EconomyLine,
    CawaPhaseKind.MOVEMENT: MovementLine,
    CawaPhaseKind.SKIRMISHES: SkirmishResult,
    CawaPhaseKind.REACTIONS: ReactionLine,
    CawaPhaseKind.BATTLES: BattleLine,
}
"""The lines each phase reads (`orders.cawa.model`)."""


def _at(state: CawaState, kind: CawaPhaseKind, turn: int | None = None) -> CawaState:
    return replace(state, phase=Phase(state.phase.turn if turn is None else turn, None, kind))


def _next_turn(state: CawaState) -> CawaState:
    """The next turn's economy: the turn's conflicts and launches are done."""
    nxt = replace(state, conflicts=(), launched=())
    return _at(nxt, CawaPhaseKind.ECONOMY, state.phase.turn + 1)


def _after_movement(state: CawaState) -> CawaState:
    """The skirmishes if a skirmish or double invasion is to be settled; else
    the reactions if there are battles; else the next turn."""
    if any(c.kind is not ConflictKind.INVASION for c in state.conflicts):
        return _at(state, CawaPhaseKind.SKIRMISHES)
    if state.conflicts:
        battles = battles_without_skirmishes(state)
        return _at(replace(state, battles=(*state.battles, *battles)), CawaPhaseKind.REACTIONS)
    return _at(state, CawaPhaseKind.BATTLES) if state.battles else _next_turn(state)


def _then_battles(state: CawaState, kind: CawaPhaseKind) -> CawaState:
    return _at(state, kind) if state.battles else _next_turn(state)


def resolve_phase(
    state: CawaState,
    orders: Sequence[CawaOrder],
    game_map: CawaMap,
    options: CawaOptions,
    dice: Dice | None,
) -> CawaResolution:
    """Resolve `state.phase` with its lines; the resolution's state is the next phase's."""
    kind = CawaPhaseKind(state.phase.kind)
    wrong = tuple(
        Verdict(o, CawaReason.WRONG_PHASE, T_(_THIS_PHASE[kind]))
        for o in orders
        if not isinstance(o, LINES_OF[kind])  # type: ignore[arg-type]
    )
    match kind:
        case CawaPhaseKind.ECONOMY:
            die = dice.roll("random-income", 6) if dice is not None else 1
            done = resolve_economy(
                state, game_map, [o for o in orders if isinstance(o, EconomyLine)], die
            )
            return CawaResolution(
                state,
                _at(done.state, CawaPhaseKind.MOVEMENT),
                done.verdicts + wrong,
                done.notes,
                tuple(dice.rolls) if dice is not None else (),
                statements=done.statements,
                random_income=done.random_income,
            )
        case CawaPhaseKind.MOVEMENT:
            lines = [o for o in orders if isinstance(o, MovementLine)]
            moved = resolve_movement(state, game_map, lines)
            after = replace(moved.state, conflicts=moved.conflicts)
            taken = {h: p for h, p in after.owners.items() if state.owners.get(h) != p}
            return CawaResolution(
                state, _after_movement(after), moved.verdicts + wrong, expansions=taken
            )
        case CawaPhaseKind.SKIRMISHES:
            skirmishes = [o for o in orders if isinstance(o, SkirmishResult) and o.power == REFEREE]
            settled = resolve_skirmishes(state, skirmishes)
            kept = tuple(c for c in settled.state.conflicts if c not in settled.pending)
            after = replace(settled.state, conflicts=kept)
            verdicts = settled.verdicts + _not_referee(orders) + wrong
            return CawaResolution(
                state,
                _then_battles(after, CawaPhaseKind.REACTIONS),
                verdicts,
                _void(settled.pending),
            )
        case CawaPhaseKind.REACTIONS:
            reacted = resolve_reactions(state, [o for o in orders if isinstance(o, ReactionLine)])
            might = {p: military_might(state.treasury.get(p, 0)) for p in state.players}
            return CawaResolution(
                state,
                _then_battles(reacted.state, CawaPhaseKind.BATTLES),
                reacted.verdicts + wrong,
                pm_sums=pm_sums(reacted.state, might),
                reaction_notes=reacted.notes,
            )
        case CawaPhaseKind.BATTLES:
            results = [o for o in orders if isinstance(o, BattleLine) and o.power == REFEREE]
            fought = resolve_battles(state, results, dice=dice if options.auto_battles else None)
            after = _next_turn(fought.state)
            after = replace(after, winner=after.winner or winner(after, options.victory))
            return CawaResolution(
                state,
                after,
                fought.verdicts + _not_referee(orders) + wrong,
                fought.notes,
                tuple(dice.rolls) if dice is not None else (),
            )
    raise ValueError(f"unknown CaWa phase {state.phase.id}")


def _not_referee(orders: Sequence[CawaOrder]) -> tuple[Verdict, ...]:
    """Results from a player's file: only the referee enters them (CC-B-5)."""
    return tuple(
        Verdict(o, CawaReason.NOT_A_SIDE, T_("only the referee's file gives results"))
        for o in orders
        if isinstance(o, SkirmishResult | BattleLine) and o.power != REFEREE
    )


def _void(pending: Sequence[Conflict]) -> tuple[str, ...]:
    """The notes of the conflicts left without a result (see the module docstring)."""
    return tuple(T_(_VOID[c.kind], number=c.number, hex=c.hex) for c in pending)


def check_phase(
    state: CawaState, orders: Sequence[CawaOrder], game_map: CawaMap, options: CawaOptions
) -> tuple[OrderIssue, ...]:
    """The lines a phase would refuse, without dice (`mapjudge check`)."""
    resolution = resolve_phase(state, orders, game_map, options, None)
    return tuple(
        OrderIssue(IssueKind.ILLEGAL, _refusal(v), v.line.source)
        for v in resolution.verdicts
        if not v.accepted and v.line.source is not None
    )


def _refusal(verdict: Verdict) -> str:
    if verdict.detail:
        return T_(
            "refused ({reason}): {detail}", reason=_code(verdict.reason), detail=verdict.detail
        )
    return T_("refused ({reason})", reason=_code(verdict.reason))


def _code(reason: CawaReason) -> Text:
    return T_(REASON_CODES[reason])


_THIS_PHASE: Mapping[CawaPhaseKind, str] = {
    CawaPhaseKind.ECONOMY: N_("this is the economy phase"),
    CawaPhaseKind.MOVEMENT: N_("this is the movement phase"),
    CawaPhaseKind.SKIRMISHES: N_("this is the skirmishes phase"),
    CawaPhaseKind.REACTIONS: N_("this is the reactions phase"),
    CawaPhaseKind.BATTLES: N_("this is the battles phase"),
}
_VOID: Mapping[ConflictKind, str] = {
    ConflictKind.SKIRMISH: N_(
        "C{number} (skirmish at {hex}): no result from the referee; void this turn"
    ),
    ConflictKind.INVASION: N_(
        "C{number} (invasion at {hex}): no result from the referee; void this turn"
    ),
    ConflictKind.DOUBLE: N_(
        "C{number} (double at {hex}): no result from the referee; void this turn"
    ),
}
