"""What a battle's loser owes (004 "Pagos por derrota"), the referee's fines,
and how the next economy phase collects them.

- A marginal victory (and a draw) costs nothing; a decisive victory makes the
  loser pay 500 crowns to the winner, a massacre 1000 (CC-B-18). These are the
  battle income and battle costs of the next economy (CC-E-7, CC-E-11, AC-10).
- Allies who fought together as one army pay and are paid as one army
  (CC-B-19): the sum is split in equal shares among the allied winners, and
  allied losers pay equal shares; a remainder that does not divide is not
  paid (AC-35; CC-B-21: C pays 500, 250 to A and 250 to B).
- A loser with less pays all he can (CC-B-18): the battle phase only records
  `Payment`s in the state; the cap is applied when the next economy phase
  collects them (AC-07), by `settle`.
- A fine (CC-A-4, AC-50) is a `Payment` to nobody: its payee is `FINE_PAYEE`
  (the empty string) and its battle 0; it is collected like any payment (never
  below 0) and credited to nobody.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from adjudicator.rulesets.cawa.records import Payment
from orders.cawa.model import ResultClass

FINE_PAYEE = ""
"""The payee of a referee's fine: nobody (AC-50)."""

AMOUNTS: Mapping[ResultClass, int] = {
    ResultClass.DRAW: 0,
    ResultClass.MARGINAL: 0,
    ResultClass.DECISIVE: 500,
    ResultClass.MASSACRE: 1000,
}
"""What the loser owes by result class (CC-B-18)."""


def amount_for(result: ResultClass) -> int:
    """The crowns a loser owes for `result` (CC-B-18: 0, 0, 500, 1000)."""
    return AMOUNTS[result]


def shares(
    amount: int, payers: Sequence[str], payees: Sequence[str], battle: int
) -> tuple[Payment, ...]:
    """`amount` owed by the camp `payers` to the camp `payees`, in equal
    shares (CC-B-19, AC-35): each payer pays each payee
    `amount // (payers x payees)`; the remainder is not paid. No payment of 0."""
    if amount <= 0 or not payers or not payees:
        return ()
    share = amount // (len(payers) * len(payees))
    if share <= 0:
        return ()
    return tuple(Payment(payer, payee, share, battle) for payer in payers for payee in payees)


def fine(player: str, amount: int) -> Payment:
    """A referee's fine of `amount` crowns (CC-A-4, AC-50): paid to nobody."""
    return Payment(player, FINE_PAYEE, amount, 0)


def is_fine(payment: Payment) -> bool:
    """Whether a payment is a fine (paid to nobody, AC-50)."""
    return payment.payee == FINE_PAYEE


@dataclass(frozen=True)
class Settlement:
    """The treasuries after the payments, and each payment as actually paid
    (its amount capped by what the payer had left: CC-B-18, AC-07)."""

    treasury: Mapping[str, int]
    paid: tuple[Payment, ...]


def settle(treasury: Mapping[str, int], payments: Iterable[Payment]) -> Settlement:
    """Collect `payments` in order from `treasury` (after the economy's income,
    upkeep and fleets, AC-07): each payer pays all he can of each payment,
    never going below 0 (CC-B-18); the crowns are credited to the payees once
    every payment is taken, so money won cannot pay one's own debts in the
    same phase; a fine is credited to nobody (AC-50)."""
    left = dict(treasury)
    paid: list[Payment] = []
    for payment in payments:
        amount = max(0, min(payment.amount, left.get(payment.payer, 0)))
        left[payment.payer] = left.get(payment.payer, 0) - amount
        paid.append(Payment(payment.payer, payment.payee, amount, payment.battle))
    for payment in paid:
        if not is_fine(payment):
            left[payment.payee] = left.get(payment.payee, 0) + payment.amount
    return Settlement(left, tuple(paid))
