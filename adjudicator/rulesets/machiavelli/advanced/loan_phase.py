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
from maps.model import GameMap
from orders.board.model import Order
from orders.machiavelli.local_names import power_label
from orders.machiavelli.model import AttemptTransfer, LoanRequest, RefuseRepayment, Transfer
from texts import T_


@dataclass(frozen=True)
class LoanPhase:
    """The board after the Loan phase, the powers that defaulted (for the
    effects of an assassination), and the reports' lines."""

    state: MachiavelliState
    defaulters: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    secrets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def loan_phase(
    state: MachiavelliState,
    orders: Sequence[Order],
    *,
    loans: bool,
    disorder: frozenset[str],
    game_map: GameMap | None = None,
) -> LoanPhase:
    """Repayments and defaults, gifts, then new loans. `game_map` lets the
    reports name the powers in the reader's language (their ids without it)."""

    def who(power: str) -> str:
        return power_label(game_map, power) if game_map is not None else power

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
            secrets.setdefault(loan.power, []).append(
                T_("Loan repaid: {ducats}d", ducats=amount_due(loan))
            )
        for power in defaulters:
            notes.append(
                T_(
                    "{power} defaulted on its loan: the effects of an assassination",
                    power=who(power),
                )
            )
            why = (
                T_("you would not repay") if power in refuse else T_("the treasury could not repay")
            )
            for loan in (n for n in state.loans if n.power == power and n.due == phase.id):
                secrets.setdefault(power, []).append(
                    T_(
                        "Loan of {principal}d (+{interest}d interest) due now: not repaid"
                        " ({why}); default: the effects of an assassination, and no more loans"
                        " (CM-11.4)",
                        principal=loan.principal,
                        interest=loan.interest,
                        why=why,
                    )
                )
    attempts = dict(state.attempts)
    for order in orders:
        if isinstance(order, Transfer):
            gift = _gift(treasury, order, who(order.power), who(order.receiver))
            notes.append(gift.note)
            secrets.setdefault(order.power, []).append(gift.giver_line)
            if gift.done:
                secrets.setdefault(order.receiver, []).append(
                    T_("Gift from {power}: +{ducats}d", power=who(order.power), ducats=order.amount)
                )
        elif isinstance(order, AttemptTransfer):
            given = transfer_attempt(attempts, order.power, order.receiver)
            attempts = given if given is not None else attempts
            values = {"giver": who(order.power), "receiver": who(order.receiver)}
            if given is not None:
                notes.append(T_("{giver}'s assassination attempt given to {receiver}", **values))
            else:
                notes.append(
                    T_(
                        "{giver}'s assassination attempt not given: it has none to {receiver}",
                        **values,
                    )
                )
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
                    refusal = granted.told(who(order.power))
                    secrets.setdefault(order.power, []).append(
                        T_("Loan refused: {refusal}", refusal=refusal)
                    )
                    continue
                running = (*running, granted)
                treasury[order.power] = treasury.get(order.power, 0) + granted.principal
                secrets.setdefault(order.power, []).append(
                    T_(
                        "Loan granted: {principal}d, {interest}d interest, due {due}",
                        principal=granted.principal,
                        interest=granted.interest,
                        due=granted.due,
                    )
                )
    after = replace(state, treasury=treasury, loans=running, no_credit=no_credit, attempts=attempts)
    for power, lines in secrets.items():
        ducats = treasury.get(power, 0)
        lines.append(T_("Treasury after the Loan phase: {ducats}d", ducats=ducats))
    return LoanPhase(after, defaulters, tuple(notes), {p: tuple(v) for p, v in secrets.items()})


@dataclass(frozen=True)
class _Gift:
    done: bool
    note: str  # public (AM-44)
    giver_line: str  # the giver's statement


def _gift(treasury: dict[str, int], order: Transfer, giver: str, receiver: str) -> _Gift:
    """A gift of ducats (`treasury.transfer`: never more than the giver has,
    AM-44), applied to `treasury`; the public line and the giver's line
    (`giver` and `receiver` name the powers as the reports do)."""
    books = open_statements(treasury, (order.power, order.receiver))
    given = transfer(books, order.power, order.receiver, order.amount)
    if given is None:
        held = treasury.get(order.power, 0)
        return _Gift(
            False,
            T_(
                "{giver} could not give {ducats}d to {receiver}",
                giver=giver,
                ducats=order.amount,
                receiver=receiver,
            ),
            T_(
                "Gift of {ducats}d to {receiver} refused: the treasury holds {held}d",
                ducats=order.amount,
                receiver=receiver,
                held=held,
            ),
        )
    treasury.update(closing_treasury(given))
    return _Gift(
        True,
        T_(
            "{giver} gave {ducats}d to {receiver}",
            giver=giver,
            ducats=order.amount,
            receiver=receiver,
        ),
        T_("Gift to {receiver}: -{ducats}d", receiver=receiver, ducats=order.amount),
    )
