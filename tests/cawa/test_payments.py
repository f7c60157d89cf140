"""Battle payments and fines (004 "Pagos por derrota"; CC-A-4, AC-50)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.cawa.payments import (
    FINE_PAYEE,
    amount_for,
    fine,
    is_fine,
    settle,
    shares,
)
from adjudicator.rulesets.cawa.records import Payment
from orders.cawa.model import ResultClass


@pytest.mark.parametrize(
    ("cls", "amount"),
    [
        (ResultClass.DRAW, 0),
        (ResultClass.MARGINAL, 0),
        (ResultClass.DECISIVE, 500),
        (ResultClass.MASSACRE, 1000),
    ],
)
def test_amounts(cls: ResultClass, amount: int) -> None:
    """CC-B-18, CC-E-7, CC-E-11, AC-10: marginal nothing, decisive 500, massacre 1000."""
    assert amount_for(cls) == amount


def test_worked_example_1_shares() -> None:
    """CC-B-21, CC-B-19, AC-35: C pays 500: 250 to A and 250 to B."""
    assert shares(500, ["c"], ["a", "b"], 7) == (
        Payment("c", "a", 250, 7),
        Payment("c", "b", 250, 7),
    )


def test_losers_share_and_remainder() -> None:
    """AC-35: allied losers pay equal shares; a remainder is not paid; nothing owed, nothing made."""
    assert shares(1000, ["a", "b"], ["c"], 1) == (
        Payment("a", "c", 500, 1),
        Payment("b", "c", 500, 1),
    )
    assert [p.amount for p in shares(1000, ["x"], ["a", "b", "c"], 1)] == [333, 333, 333]
    assert shares(0, ["a"], ["b"], 1) == ()


def test_loser_pays_all_he_can() -> None:
    """CC-B-18, AC-07: a loser with less pays all he has, never below 0; the
    winner gets what was paid."""
    paid = settle({"red": 300, "blue": 0}, [Payment("red", "blue", 1000, 1)])
    assert paid.treasury == {"red": 0, "blue": 300}
    assert paid.paid == (Payment("red", "blue", 300, 1),)


def test_payments_taken_in_order_credited_last() -> None:
    """AC-07: each payment is taken from what remains, in order; crowns won
    are credited after every payment is taken (not spendable for one's own debts)."""
    payments = [
        Payment("blue", "red", 500, 1),
        Payment("red", "green", 1000, 2),
        Payment("red", "blue", 500, 3),
    ]
    result = settle({"red": 800, "blue": 500, "green": 0}, payments)
    assert [p.amount for p in result.paid] == [500, 800, 0]
    assert result.treasury == {"red": 500, "blue": 0, "green": 800}


def test_fine_goes_to_nobody() -> None:
    """CC-A-4, AC-50: a fine is a payment to nobody (payee ''), capped like any."""
    penalty = fine("red", 700)
    assert penalty == Payment("red", FINE_PAYEE, 700, 0)
    assert is_fine(penalty)
    assert not is_fine(Payment("red", "blue", 700, 1))
    result = settle({"red": 500}, [penalty])
    assert result.treasury == {"red": 0}


@given(
    st.dictionaries(st.sampled_from("abc"), st.integers(0, 3000)),
    st.lists(
        st.tuples(st.sampled_from("abc"), st.sampled_from("abc"), st.integers(0, 2000)), max_size=8
    ),
)
def test_settle_conserves_crowns(treasury: dict[str, int], raw: list[tuple[str, str, int]]) -> None:
    """CC-B-18, AC-07: nobody goes below 0 and no crown is made or lost."""
    payments = [Payment(a, b, n, 1) for a, b, n in raw if a != b]
    result = settle(treasury, payments)
    assert all(v >= 0 for v in result.treasury.values())
    assert sum(result.treasury.values()) == sum(treasury.values())
    assert all(p.amount <= q.amount for p, q in zip(result.paid, payments, strict=True))
