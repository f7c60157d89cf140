"""The Expense phase (003 §6, "Fase de Gastos": CM-S-7).

Expenses are charged in the order written; one the treasury cannot cover is
void and free (AM-16); one that can be read but cannot work is charged all
the same (CM-6.1-6, AM-17). Their effects are simultaneous (CM-6.1-7): every
check reads the board as the phase found it. Assassinations are charged here
but carried out in the Assassination phase that follows (CM-6.1-5): they are
handed back to the caller.

- A (3d): removes the named province's famine marker (CM-6.2-A).
- B (12d): removes the named province's rebellion (CM-6.2-B, CM-7.3-1).
- C (9d) and D (15d): raise a rebellion (`rebellions`, §7.1).
- F: counter-bribes; G to K: bribes (`bribes`, §6.3), all resolved together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudicator.core.dice import Dice
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.bribes import (
    BribeAttempt,
    CounterBribe,
    counted,
    may_bribe_at,
    minimum_against,
    resolve_bribes,
    special_bribe_problem,
    specials_after_bribe,
    target_problem,
)
from adjudicator.rulesets.machiavelli.advanced.rebellions import (
    RebellionKind,
    placement_problem,
    raise_rebellions,
)
from adjudicator.rulesets.machiavelli.advanced.specials import count_specials, special_of
from adjudicator.rulesets.machiavelli.advanced.treasury import Statement, charge_in_order
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import GameMap
from orders.machiavelli.model import Expense, ExpenseKind
from texts import T_

COST: Mapping[ExpenseKind, int] = {
    ExpenseKind.FAMINE_RELIEF: 3,
    ExpenseKind.QUELL_REBELLION: 12,
    ExpenseKind.CONQUERED_REBELS: 9,
    ExpenseKind.HOME_REBELS: 15,
}
"""The fixed costs of §6.2 (A, B, C, D); the others are what the player bids."""


@dataclass(frozen=True)
class Spent:
    """What became of one expense: charged or void, and what it did."""

    expense: Expense
    charged: bool
    effect: str


@dataclass(frozen=True)
class ExpensePhase:
    """The board and statements after the Expense phase, each expense's fate,
    and the assassinations charged, for the Assassination phase."""

    state: MachiavelliState
    statements: Mapping[str, Statement]
    spent: tuple[Spent, ...]
    assassinations: tuple[Expense, ...]
    bought_garrisons: tuple[Unit, ...] = ()  # bought with H this turn: they hold (AM-24)


def carry_out_expenses(
    state: MachiavelliState,
    statements: Mapping[str, Statement],
    expenses: Sequence[Expense],
    game_map: GameMap,
    dice: Dice,
) -> ExpensePhase:
    """Charge the expenses in order (AM-16), then carry out the charged ones at
    once, each checked against `state` as the phase found it (CM-6.1-7)."""
    charges = [(e.power, charge_of(e), _label(e)) for e in expenses]
    done = charge_in_order(statements, charges)
    paid = [expenses[i] for i in done.paid]
    effects: dict[int, str] = {i: T_("void: the treasury could not cover it") for i in done.void}
    after = state
    famine_relieved = {e.area for e in paid if e.kind is ExpenseKind.FAMINE_RELIEF}
    quelled = {e.area for e in paid if e.kind is ExpenseKind.QUELL_REBELLION}
    after = replace(
        after,
        famine=after.famine - famine_relieved,
        rebellions=tuple(r for r in after.rebellions if r.area not in quelled),
    )
    raised = []
    for e in paid:
        if e.kind in (ExpenseKind.CONQUERED_REBELS, ExpenseKind.HOME_REBELS) and e.area:
            kind = RebellionKind(e.kind.value)
            if placement_problem(kind, e.power, e.area, e.in_city, state, game_map) is None:
                raised.append((e.power, e.area, e.in_city))
    after = replace(after, rebellions=(*after.rebellions, *raise_rebellions(raised, state)))
    charged = {position: expenses[position] for position in done.paid}
    after, bribe_effects = _bribes(state, after, charged, game_map, dice)
    for position, expense in charged.items():
        effects[position] = bribe_effects.get(position) or _effect(expense, state, game_map)
    spent = tuple(Spent(e, i in done.paid, effects[i]) for i, e in enumerate(expenses))
    assassinations = tuple(e for e in paid if e.kind is ExpenseKind.ASSASSINATION)
    bought = tuple(
        unit
        for unit in after.units
        if unit not in state.units
        and any(
            e.kind is ExpenseKind.BUY_AUTONOMOUS
            and e.power == unit.power
            and e.area == unit.location
            for e in paid
        )
    )
    return ExpensePhase(after, done.statements, spent, assassinations, bought)


def charge_of(expense: Expense) -> int:
    """What an expense costs: the fixed price of A to D (CM-6.2-A..D) whatever
    the line names, else the ducats the line names (AM-18)."""
    return COST.get(expense.kind, expense.amount)


def _label(expense: Expense) -> str:
    return f"({expense.kind.value}) {expense.target}".strip()


def _effect(expense: Expense, state: MachiavelliState, game_map: GameMap) -> str:
    """What a charged expense other than a bribe did (or why it could not work:
    it is charged all the same, CM-6.1-6)."""
    match expense.kind:
        case ExpenseKind.FAMINE_RELIEF:
            return T_("famine relieved") if expense.area in state.famine else T_("no famine there")
        case ExpenseKind.QUELL_REBELLION:
            standing = any(r.area == expense.area for r in state.rebellions)
            return T_("rebellion put down") if standing else T_("no rebellion there")
        case ExpenseKind.CONQUERED_REBELS | ExpenseKind.HOME_REBELS:
            problem = placement_problem(
                RebellionKind(expense.kind.value),
                expense.power,
                expense.area or "",
                expense.in_city,
                state,
                game_map,
            )
            return problem or T_("rebellion raised")
        case ExpenseKind.ASSASSINATION:
            return T_("attempted in the Assassination phase")
    return T_("no effect")


def _bribes(
    start: MachiavelliState,
    state: MachiavelliState,
    charged: Mapping[int, Expense],
    game_map: GameMap,
    dice: Dice,
) -> tuple[MachiavelliState, dict[int, str]]:
    """The charged bribes and counter-bribes (by their place among the expenses
    written), resolved together on the board the phase found (CM-6.3-2..5); the
    winners' effects applied. The effects are keyed by the same places."""
    attempts: list[BribeAttempt] = []
    positions: list[int] = []
    effects: dict[int, str] = {}
    counters: list[CounterBribe] = []
    for position, expense in charged.items():
        if not (expense.kind.is_bribe or expense.kind is ExpenseKind.COUNTER_BRIBE):
            continue
        target = _target(start, expense)
        if target is None:
            effects[position] = T_("no such unit")
            continue
        if expense.kind is ExpenseKind.COUNTER_BRIBE:
            counters.append(CounterBribe(expense.power, target, counted(expense.amount)))
            effects[position] = T_("counter-bribe placed")
            continue
        problem = _bribe_problem(start, expense, target, game_map)
        if problem is not None:
            effects[position] = problem
            continue
        minimum = minimum_against(expense.kind, target, start, game_map)
        attempt = BribeAttempt(expense.power, expense.kind, expense.amount, target, minimum)
        positions.append(position)
        attempts.append(attempt)
    outcomes = resolve_bribes(attempts, counters, dice)
    for position, outcome in zip(positions, outcomes, strict=True):
        effects[position] = outcome.result.describe(outcome.counted, outcome.countered)
        if outcome.succeeded:
            state = _bribed(state, outcome.attempt)
    return state, effects


def _target(state: MachiavelliState, expense: Expense) -> Unit | None:
    return next(
        (u for u in state.units if u.location == expense.area and u.kind is expense.unit_kind),
        None,
    )


def _bribe_problem(
    state: MachiavelliState, expense: Expense, target: Unit, game_map: GameMap
) -> str | None:
    problem = target_problem(expense.kind, expense.power, target.power, target.kind)
    if problem is None and not may_bribe_at(expense.power, target.location, state, game_map):
        problem = T_("not next to any of your units or areas (CM-6.3-5)")
    if problem is None:
        held = count_specials(expense.power, state)
        problem = special_bribe_problem(expense.kind, special_of(target, state), held)
    return problem


def _bribed(state: MachiavelliState, attempt: BribeAttempt) -> MachiavelliState:
    """G, J: the unit is disbanded; H, K: it becomes the briber's; I: autonomous."""
    target = attempt.target
    units = [u for u in state.units if u != target]
    owner = target.power
    match attempt.kind:
        case ExpenseKind.BUY_AUTONOMOUS | ExpenseKind.BUY_ENEMY:
            owner = attempt.briber
            units.append(Unit(owner, target.kind, target.location))
        case ExpenseKind.MAKE_AUTONOMOUS:
            owner = AUTONOMOUS
            units.append(Unit(owner, target.kind, target.location))
    specials = specials_after_bribe(state.specials, attempt.kind, target, owner)
    return replace(state, units=tuple(sorted(units)), specials=specials)
