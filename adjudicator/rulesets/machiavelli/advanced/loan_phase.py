"""The Loan phase of every season (003 "posible secuencia de juego": CM-S-5;
§5.3, §8.1, §11), before the expenses.

In this order (the project's reading; the rulebook gives none within the
phase): the loans due are repaid from the treasury as the season found it,
unless the power wrote that it will not pay (AM-42: no partial repayment), and
a power that cannot or will not pay defaults (CM-11.4-1..3: the effects of an
assassination, never credit again); then the gifts of ducats and of
assassination attempts, in the order written, never more than the giver has
(§5.3, CM-8.1-2, AM-44); then the new loans, each refused whole when it would
pass 25d owed (CM-11.2-3, AM-43) or after a default (CM-11.4-3).

Public: the transfers and the defaults (AM-44, AM-45); private: each power's
loans, repayments and treasury (AM-46).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.rulesets.machiavelli.advanced.assassination import transfer_attempt
from adjudicator.rulesets.machiavelli.advanced.loans import (
    LoanRefusal,
    amount_due,
    request_loan,
    settle_loans,
)
from adjudicator.rulesets.machiavelli.advanced.treasury import (
    closing_treasury,
    open_statements,
    transfer,
)
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from orders.board.model import Order
from orders.machiavelli.model import AttemptTransfer, LoanRequest, RefuseRepayment, Transfer


@dataclass(frozen=True)
class LoanPhase:
    """The board after the Loan phase, the powers that defaulted (for the
    effects of an assassination), and the reports' lines."""

    state: MachiavelliState
    defaulters: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    secrets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def loan_phase(
    state: MachiavelliState, orders: Sequence[Order], *, loans: bool, disorder: frozenset[str]
) -> LoanPhase:
    """Repayments and defaults, gifts, then new loans."""
    phase = state.phase
    secrets: dict[str, list[str]] = {}
    notes: list[str] = []
    treasury = dict(state.treasury)
    running = state.loans
    no_credit = state.no_credit
    defaulters: tuple[str, ...] = ()
    if loans:
        refuse = frozenset(o.power for o in orders if isinstance(o, RefuseRepayment))
        settled = settle_loans(phase, running, treasury, refuse_to_pay=refuse)
        treasury, running = dict(settled.treasuries), settled.running
        no_credit = no_credit | settled.new_no_credit
        defaulters = settled.defaulters
        for loan in settled.repaid:
            secrets.setdefault(loan.power, []).append(f"Loan repaid: {amount_due(loan)}d")
        for power in defaulters:
            notes.append(f"{power} defaulted on its loan: the effects of an assassination")
            why = "you would not repay" if power in refuse else "the treasury could not repay"
            for loan in (n for n in state.loans if n.power == power and n.due == phase.id):
                secrets.setdefault(power, []).append(
                    f"Loan of {loan.principal}d (+{loan.interest}d interest) due now: not repaid"
                    f" ({why}); default: the effects of an assassination, and no more loans"
                    " (CM-11.4)"
                )
    attempts = dict(state.attempts)
    for order in orders:
        if isinstance(order, Transfer):
            gift = _gift(treasury, order)
            notes.append(gift.note)
            secrets.setdefault(order.power, []).append(gift.giver_line)
            if gift.done:
                secrets.setdefault(order.receiver, []).append(
                    f"Gift from {order.power}: +{order.amount}d"
                )
        elif isinstance(order, AttemptTransfer):
            given = transfer_attempt(attempts, order.power, order.receiver)
            attempts = given if given is not None else attempts
            done = "given" if given is not None else "not given: it has none"
            notes.append(f"{order.power}'s assassination attempt {done} to {order.receiver}")
    if loans:
        for order in orders:
            if isinstance(order, LoanRequest):
                granted = request_loan(
                    order.power,
                    order.amount,
                    order.years,
                    phase,
                    loans=running,
                    no_credit=no_credit,
                    in_disorder=disorder,
                )
                if isinstance(granted, LoanRefusal):
                    secrets.setdefault(order.power, []).append(f"Loan refused: {granted.message}")
                    continue
                running = (*running, granted)
                treasury[order.power] = treasury.get(order.power, 0) + granted.principal
                secrets.setdefault(order.power, []).append(
                    f"Loan granted: {granted.principal}d, {granted.interest}d interest,"
                    f" due {granted.due}"
                )
    after = replace(state, treasury=treasury, loans=running, no_credit=no_credit, attempts=attempts)
    for power, lines in secrets.items():
        lines.append(f"Treasury after the Loan phase: {treasury.get(power, 0)}d")
    return LoanPhase(after, defaulters, tuple(notes), {p: tuple(v) for p, v in secrets.items()})


@dataclass(frozen=True)
class _Gift:
    done: bool
    note: str  # public (AM-44)
    giver_line: str  # the giver's statement


def _gift(treasury: dict[str, int], order: Transfer) -> _Gift:
    """A gift of ducats (`treasury.transfer`: never more than the giver has,
    AM-44), applied to `treasury`; the public line and the giver's line."""
    books = open_statements(treasury, (order.power, order.receiver))
    given = transfer(books, order.power, order.receiver, order.amount)
    if given is None:
        held = treasury.get(order.power, 0)
        return _Gift(
            False,
            f"{order.power} could not give {order.amount}d to {order.receiver}",
            f"Gift of {order.amount}d to {order.receiver} refused: the treasury holds {held}d",
        )
    treasury.update(closing_treasury(given))
    return _Gift(
        True,
        f"{order.power} gave {order.amount}d to {order.receiver}",
        f"Gift to {order.receiver}: -{order.amount}d",
    )
