"""The moneylenders (003 §11): loans from the GM as banker, their interest, due
date and repayment, and the punishment of a defaulter.

Checklist `machiavelli-advanced`: CM-11.1-1 .. CM-11.4-3 and the readings
AM-42 (due date, automatic repayment, none partial, early repayment pays the
full interest), AM-43 (several loans while the principal owed stays within
25d; a request past it is refused whole), AM-45 (a default has the effects of
an assassination and flags the power `no_credit`) and AM-47 (a power in civil
disorder takes no loans).

Everything here is pure: the caller credits a granted loan to the treasury,
keeps the running loans and the `no_credit` flags in the game state, and
applies the assassination's effects (`assassination.py`) to each defaulter.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.phase import Phase
from adjudicator.rulesets.machiavelli.records import Loan
from texts import N_, T_

__all__ = [
    "INTEREST_PERCENT",
    "MAX_PRINCIPAL_OWED",
    "LoanRefusal",
    "LoanSettlement",
    "RefusalReason",
    "amount_due",
    "due_phase",
    "interest",
    "principal_owed",
    "repay_early",
    "request_loan",
    "settle_loans",
]

INTEREST_PERCENT: Mapping[int, int] = {1: 20, 2: 50}
"""Interest by the loan's length in years: 20 % for one year (CM-11.3-1), 50 %
for two (CM-11.3-2); loans run one or two years only (CM-11.2-2)."""

MAX_PRINCIPAL_OWED = 25
"""The most a player may owe the moneylenders, interest not counted (CM-11.2-3)."""


def _check_years(years: int) -> int:
    if years not in INTEREST_PERCENT:
        raise ValueError(f"a loan runs one or two years, not {years} (CM-11.2-2)")
    return years


def interest(principal: int, years: int) -> int:
    """The interest on `principal` lent for `years`: 20 % for one year, 50 % for
    two, a fraction of a ducat rounded up (CM-11.3-1, CM-11.3-2, CM-11.3-3).
    ValueError for another length or a negative principal."""
    percent = INTEREST_PERCENT[_check_years(years)]
    if principal < 0:
        raise ValueError(f"a loan cannot be negative ({principal}d)")
    return -(-principal * percent // 100)


def due_phase(phase: Phase, years: int) -> Phase:
    """The phase a loan taken in `phase` is due in: the same season and kind one
    or two years later (AM-42). ValueError for another length (CM-11.2-2)."""
    return Phase(phase.year + _check_years(years), phase.season, phase.kind)


def principal_owed(power: str, loans: Sequence[Loan]) -> int:
    """What `power` owes the moneylenders, interest not counted (CM-11.2-3)."""
    return sum(loan.principal for loan in loans if loan.power == power)


class RefusalReason(StrEnum):
    """Why the moneylenders refuse a loan."""

    NO_CREDIT = "no_credit"  # defaulted once: never again (CM-11.4-3, AM-45)
    CIVIL_DISORDER = "civil_disorder"  # takes no loans (AM-47)
    BAD_AMOUNT = "bad_amount"  # at least 1d
    BAD_TERM = "bad_term"  # one or two years (CM-11.2-2)
    OVER_LIMIT = "over_limit"  # principal owed would pass 25d (CM-11.2-3, AM-43)


@dataclass(frozen=True)
class LoanRefusal:
    """A loan request the moneylenders refuse, whole (AM-43), and why."""

    power: str
    amount: int
    years: int
    reason: RefusalReason

    @property
    def message(self) -> str:
        """The refusal in words for the power's report (`told` names the power)."""
        return self.told(self.power)

    def told(self, power: str) -> str:
        """The refusal in words, naming the power as `power` (its id, or a name
        told in the reader's language)."""
        what = T_("a loan of {amount}d for {years} year(s)", amount=self.amount, years=self.years)
        because = T_(_BECAUSE[self.reason], most=MAX_PRINCIPAL_OWED)
        return T_("{power} is refused {loan}: {reason}", power=power, loan=what, reason=because)


_BECAUSE: Mapping[RefusalReason, str] = {
    RefusalReason.NO_CREDIT: N_("it once failed to repay the moneylenders"),
    RefusalReason.CIVIL_DISORDER: N_("it is in civil disorder"),
    RefusalReason.BAD_AMOUNT: N_("a loan is at least 1d"),
    RefusalReason.BAD_TERM: N_("loans run one or two years"),
    RefusalReason.OVER_LIMIT: N_("it would owe more than {most}d"),
}
"""Why the moneylenders refuse a loan, in words (`LoanRefusal.told`)."""


def _refusal_reason(
    power: str,
    amount: int,
    years: int,
    loans: Sequence[Loan],
    no_credit: frozenset[str],
    in_disorder: frozenset[str],
) -> RefusalReason | None:
    if power in no_credit:
        return RefusalReason.NO_CREDIT
    if power in in_disorder:
        return RefusalReason.CIVIL_DISORDER
    if amount < 1:
        return RefusalReason.BAD_AMOUNT
    if years not in INTEREST_PERCENT:
        return RefusalReason.BAD_TERM
    if principal_owed(power, loans) + amount > MAX_PRINCIPAL_OWED:
        return RefusalReason.OVER_LIMIT
    return None


def request_loan(
    power: str,
    amount: int,
    years: int,
    phase: Phase,
    *,
    loans: Sequence[Loan],
    no_credit: frozenset[str],
    in_disorder: frozenset[str] = frozenset(),
) -> Loan | LoanRefusal:
    """The moneylenders' answer to `power` asking `amount` ducats for `years` in
    the Loan phase `phase` (every Loan phase: CM-11.2-1).

    Granted, the loan records its principal, interest and due phase
    (CM-11.1-1, CM-11.1-2); the caller credits the principal to the treasury
    and adds the loan to `loans` before the next request. Refused whole
    (AM-43) when the power is flagged `no_credit` (CM-11.4-3), in civil
    disorder (AM-47), asks less than 1d or another length than one or two
    years (CM-11.2-2), or would owe more than 25d, interest not counted, with
    `loans` still running (CM-11.2-3)."""
    reason = _refusal_reason(power, amount, years, loans, no_credit, in_disorder)
    if reason is not None:
        return LoanRefusal(power, amount, years, reason)
    return Loan(power, amount, interest(amount, years), due_phase(phase, years).id)


def amount_due(loan: Loan) -> int:
    """What repaying `loan` costs: principal plus interest (CM-11.4-1)."""
    return loan.principal + loan.interest


def repay_early(loan: Loan, treasury: int) -> int | None:
    """The treasury after a player repays `loan` before it is due: the full
    interest is paid, early repayment earns nothing (CM-11.3-4, AM-42); None
    when the treasury does not cover it (no partial repayment: AM-42)."""
    cost = amount_due(loan)
    return treasury - cost if treasury >= cost else None


@dataclass(frozen=True)
class LoanSettlement:
    """The Loan phase's reckoning (CM-11.4-2): the treasuries after repayments,
    the loans still running, those repaid and those defaulted (cancelled:
    CM-11.4-3). Each defaulter suffers the effects of an assassination
    (CM-11.4-1, AM-45): the caller applies them."""

    treasuries: Mapping[str, int]
    running: tuple[Loan, ...]
    repaid: tuple[Loan, ...]
    defaulted: tuple[Loan, ...]

    @property
    def defaulters(self) -> tuple[str, ...]:
        """The powers that defaulted, in name order: each suffers the effects of
        an assassination now (CM-11.4-1, AM-45)."""
        return tuple(sorted({loan.power for loan in self.defaulted}))

    @property
    def new_no_credit(self) -> frozenset[str]:
        """The powers the moneylenders never lend to again (CM-11.4-3, AM-45)."""
        return frozenset(self.defaulters)


def settle_loans(
    phase: Phase,
    loans: Sequence[Loan],
    treasuries: Mapping[str, int],
    *,
    refuse_to_pay: frozenset[str],
) -> LoanSettlement:
    """Settle every loan due in the Loan phase `phase` (CM-11.4-2, AM-42).

    A power's loans due now are repaid automatically, principal plus
    interest, if its treasury covers them all and it did not write that it
    will not pay; otherwise it defaults on all of them (no partial repayment:
    AM-42), the debt is cancelled and the power suffers the effects of an
    assassination and is flagged `no_credit` (CM-11.4-1, CM-11.4-3, AM-45).
    Loans due later keep running. A power missing from `treasuries` has 0d."""
    due = [loan for loan in loans if loan.due == phase.id]
    new_treasuries = dict(treasuries)
    repaid: list[Loan] = []
    defaulted: list[Loan] = []
    for power in sorted({loan.power for loan in due}):
        owed = [loan for loan in due if loan.power == power]
        cost = sum(amount_due(loan) for loan in owed)
        treasury = new_treasuries.get(power, 0)
        if power not in refuse_to_pay and treasury >= cost:
            new_treasuries[power] = treasury - cost
            repaid.extend(owed)
        else:
            defaulted.extend(owed)
    running = tuple(loan for loan in loans if loan.due != phase.id)
    return LoanSettlement(new_treasuries, running, tuple(repaid), tuple(defaulted))
