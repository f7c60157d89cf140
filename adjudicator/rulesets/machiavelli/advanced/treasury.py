"""Treasuries and the statement of each power's ducats (003 §5.1, §5.3, §6.1).

Every ducat a treasury gains or loses is one `Line` of its power's
`Statement`: an income line, an upkeep, a purchase, an expense (a bribe lost
is an expense charged), a transfer, a loan or its repayment. The statement
goes only into its power's private report (AM-46); its closing balance is the
opening one plus its lines, and never below zero.

Expenses are charged in the order written (AM-16): one the treasury cannot
cover when its turn comes is void and costs nothing; the treasury counts the
loans taken and transfers received earlier in the same turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum


class Entry(StrEnum):
    """What a line of a statement is (the private report names it)."""

    INCOME = "income"  # §5.2
    UPKEEP = "upkeep"  # §5.4
    PURCHASE = "purchase"  # §5.4
    EXPENSE = "expense"  # §6 (bribes, rebellions, assassinations, famine relief...)
    TRANSFER_IN = "transfer_in"  # §5.3
    TRANSFER_OUT = "transfer_out"  # §5.3
    LOAN = "loan"  # §11: the principal lent
    REPAYMENT = "repayment"  # §11: principal and interest repaid


@dataclass(frozen=True)
class Line:
    """One movement of ducats: positive in, negative out, and what it was."""

    entry: Entry
    ducats: int
    what: str


@dataclass(frozen=True)
class Statement:
    """A power's ducats over a phase: the opening balance and every line."""

    power: str
    opening: int
    lines: tuple[Line, ...] = field(default=())

    @property
    def closing(self) -> int:
        return self.opening + sum(line.ducats for line in self.lines)

    def with_line(self, line: Line) -> Statement:
        return Statement(self.power, self.opening, (*self.lines, line))

    def can_pay(self, ducats: int) -> bool:
        return 0 <= ducats <= self.closing


def open_statements(treasury: Mapping[str, int], powers: Iterable[str]) -> dict[str, Statement]:
    """A statement for each power, opening with its treasury (0 if it has none)."""
    return {p: Statement(p, treasury.get(p, 0)) for p in sorted({*treasury, *powers})}


def credit(
    statements: Mapping[str, Statement], power: str, entry: Entry, ducats: int, what: str
) -> dict[str, Statement]:
    """`ducats` (0 or more) into `power`'s treasury."""
    if ducats < 0:
        raise ValueError(f"a credit of {ducats} ducats")
    return _with(statements, power, Line(entry, ducats, what))


def charge(
    statements: Mapping[str, Statement], power: str, entry: Entry, ducats: int, what: str
) -> dict[str, Statement] | None:
    """`ducats` out of `power`'s treasury, or None when it cannot cover them
    (AM-16: the charge is void and costs nothing)."""
    if not statements[power].can_pay(ducats):
        return None
    return _with(statements, power, Line(entry, -ducats, what))


def transfer(
    statements: Mapping[str, Statement], giver: str, receiver: str, ducats: int
) -> dict[str, Statement] | None:
    """§5.3, AM-44: ducats given to another player; never more than the giver has."""
    if giver == receiver or ducats <= 0:
        return None
    paid = charge(statements, giver, Entry.TRANSFER_OUT, ducats, f"to {receiver}")
    if paid is None:
        return None
    return credit(paid, receiver, Entry.TRANSFER_IN, ducats, f"from {giver}")


@dataclass(frozen=True)
class Charged:
    """Charges made in order: which went through, which were void (AM-16)."""

    statements: Mapping[str, Statement]
    paid: tuple[int, ...]  # the positions of the charges made
    void: tuple[int, ...]  # the positions of the ones the treasury could not cover


def charge_in_order(
    statements: Mapping[str, Statement], charges: Sequence[tuple[str, int, str]]
) -> Charged:
    """Expenses `(power, ducats, what)` charged in the order written (AM-16)."""
    current = dict(statements)
    paid: list[int] = []
    void: list[int] = []
    for position, (power, ducats, what) in enumerate(charges):
        after = charge(current, power, Entry.EXPENSE, ducats, what)
        if after is None:
            void.append(position)
        else:
            current = after
            paid.append(position)
    return Charged(current, tuple(paid), tuple(void))


def closing_treasury(statements: Mapping[str, Statement]) -> dict[str, int]:
    """The treasuries after the phase (what the state keeps)."""
    return {p: s.closing for p, s in sorted(statements.items())}


def _with(statements: Mapping[str, Statement], power: str, line: Line) -> dict[str, Statement]:
    updated = dict(statements)
    updated[power] = statements.get(power, Statement(power, 0)).with_line(line)
    return updated
