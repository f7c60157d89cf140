"""The moneylenders (003 §11): checklist `machiavelli-advanced`, CM-11.x and
AM-42, AM-43, AM-45, AM-47."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.assassination import paralysis, rebellion_rolls
from adjudicator.rulesets.machiavelli.advanced.loans import (
    LoanRefusal,
    RefusalReason,
    due_phase,
    interest,
    repay_early,
    request_loan,
    settle_loans,
)
from adjudicator.rulesets.machiavelli.records import Loan
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps import load_map
from orders.board.model import UnitKind

SPRING_1455 = Phase(1455, "spring", "movement")
FALL_1455 = Phase(1455, "fall", "movement")
SPRING_1456 = Phase(1456, "spring", "movement")
SPRING_1457 = Phase(1457, "spring", "movement")
NOBODY: frozenset[str] = frozenset()

MAP = load_map("machiavelli")


def granted(result: Loan | LoanRefusal) -> Loan:
    assert isinstance(result, Loan), result
    return result


def refused(result: Loan | LoanRefusal) -> RefusalReason:
    assert isinstance(result, LoanRefusal), result
    return result.reason


# --- interest (CM-11.3-x) ----------------------------------------------------------


@pytest.mark.parametrize(
    ("principal", "expected"), [(10, 2), (25, 5), (5, 1), (1, 1), (6, 2), (11, 3), (0, 0)]
)
def test_one_year_loans_cost_20_percent_rounded_up(principal: int, expected: int) -> None:
    """CM-11.3-1, CM-11.3-3: 20 % of the sum, a fraction of a ducat rounded up."""
    assert interest(principal, 1) == expected


@pytest.mark.parametrize(
    ("principal", "expected"), [(10, 5), (25, 13), (1, 1), (3, 2), (7, 4), (24, 12)]
)
def test_two_year_loans_cost_50_percent_rounded_up(principal: int, expected: int) -> None:
    """CM-11.3-2, CM-11.3-3: 50 %, fractions rounded up."""
    assert interest(principal, 2) == expected


@pytest.mark.parametrize("years", [0, 3, -1])
def test_interest_for_another_length_is_an_error(years: int) -> None:
    """CM-11.2-2: loans run one or two years only."""
    with pytest.raises(ValueError, match="one or two years"):
        interest(10, years)


def test_interest_never_uses_floats() -> None:
    """CM-11.3-3: exact integer rounding even for sums where 0.2 * n is inexact."""
    assert [interest(n, 1) for n in (15, 20, 21)] == [3, 4, 5]
    assert [interest(n, 2) for n in (2, 4, 5)] == [1, 2, 3]


# --- due date (AM-42) ----------------------------------------------------------------


def test_a_loan_is_due_in_the_same_season_one_or_two_years_later() -> None:
    """AM-42, CM-11.2-2: the Loan phase of the same season and kind."""
    assert due_phase(FALL_1455, 1) == Phase(1456, "fall", "movement")
    assert due_phase(SPRING_1455, 2) == SPRING_1457
    with pytest.raises(ValueError):
        due_phase(SPRING_1455, 3)


# --- requests (CM-11.1-x, CM-11.2-x, AM-43, AM-47) -----------------------------------


def test_the_banker_grants_and_records_amount_interest_and_due_date() -> None:
    """CM-11.1-1, CM-11.1-2: the GM lends and records the sum, the interest
    and the date it is due."""
    loan = granted(request_loan("florence", 12, 2, SPRING_1455, loans=(), no_credit=NOBODY))
    assert loan == Loan("florence", 12, 6, "1457-spring-movement")


def test_a_player_may_borrow_in_every_loan_phase() -> None:
    """CM-11.2-1: one loan in spring does not stop another in the fall."""
    first = granted(request_loan("milan", 5, 1, SPRING_1455, loans=(), no_credit=NOBODY))
    second = granted(request_loan("milan", 5, 2, FALL_1455, loans=(first,), no_credit=NOBODY))
    assert (first.due, second.due) == ("1456-spring-movement", "1457-fall-movement")


def test_loans_run_one_or_two_years_only() -> None:
    """CM-11.2-2: three years is refused."""
    result = request_loan("milan", 5, 3, SPRING_1455, loans=(), no_credit=NOBODY)
    assert refused(result) is RefusalReason.BAD_TERM


def test_the_principal_owed_never_passes_25_interest_not_counted() -> None:
    """CM-11.2-3, AM-43: several loans while the principal owed stays within
    25d (the 13d of interest on a 2-year 25d loan does not count); a request
    past it is refused whole, not cut down."""
    whole = granted(request_loan("venice", 25, 2, SPRING_1455, loans=(), no_credit=NOBODY))
    assert whole.interest == 13
    running = (granted(request_loan("venice", 15, 2, SPRING_1455, loans=(), no_credit=NOBODY)),)
    more = granted(request_loan("venice", 10, 1, FALL_1455, loans=running, no_credit=NOBODY))
    assert more.principal == 10
    over = request_loan("venice", 11, 1, FALL_1455, loans=running, no_credit=NOBODY)
    assert refused(over) is RefusalReason.OVER_LIMIT
    assert isinstance(over, LoanRefusal) and over.amount == 11


def test_other_powers_loans_do_not_count_against_the_limit() -> None:
    """CM-11.2-3: the limit is per player."""
    others = (Loan("milan", 25, 5, "1456-spring-movement"),)
    assert granted(request_loan("venice", 25, 1, SPRING_1455, loans=others, no_credit=NOBODY))


@pytest.mark.parametrize("amount", [0, -3])
def test_a_loan_is_at_least_one_ducat(amount: int) -> None:
    result = request_loan("milan", amount, 1, SPRING_1455, loans=(), no_credit=NOBODY)
    assert refused(result) is RefusalReason.BAD_AMOUNT


def test_a_defaulter_never_borrows_again() -> None:
    """CM-11.4-3, AM-45: the `no_credit` flag refuses every later loan."""
    result = request_loan("milan", 1, 1, SPRING_1455, loans=(), no_credit=frozenset({"milan"}))
    assert refused(result) is RefusalReason.NO_CREDIT
    assert isinstance(result, LoanRefusal)
    assert result.message == (
        "milan is refused a loan of 1d for 1 year(s): it once failed to repay the moneylenders"
    )


def test_a_power_in_civil_disorder_takes_no_loans() -> None:
    """AM-47."""
    result = request_loan(
        "naples", 5, 1, SPRING_1455, loans=(), no_credit=NOBODY, in_disorder=frozenset({"naples"})
    )
    assert refused(result) is RefusalReason.CIVIL_DISORDER


# --- settlement (CM-11.4-x, AM-42, AM-45) --------------------------------------------

DUE_1456 = Loan("florence", 10, 2, "1456-spring-movement")
DUE_LATER = Loan("florence", 5, 3, "1457-spring-movement")


def test_a_loan_due_is_repaid_automatically_with_its_interest() -> None:
    """AM-42, CM-11.1-1: the banker takes principal plus interest from the
    treasury; a loan due later keeps running."""
    result = settle_loans(
        SPRING_1456, (DUE_1456, DUE_LATER), {"florence": 20}, refuse_to_pay=NOBODY
    )
    assert result.treasuries == {"florence": 8}
    assert result.repaid == (DUE_1456,)
    assert result.running == (DUE_LATER,)
    assert result.defaulted == () and result.defaulters == ()
    assert result.new_no_credit == frozenset()


def test_settlement_happens_only_in_the_loan_phase_it_is_due() -> None:
    """CM-11.4-2: the reckoning is the Loan phase of the due date; earlier,
    nothing is taken."""
    result = settle_loans(FALL_1455, (DUE_1456,), {"florence": 0}, refuse_to_pay=NOBODY)
    assert result.running == (DUE_1456,)
    assert result.treasuries == {"florence": 0}
    assert result.defaulters == ()


def test_a_player_who_cannot_pay_defaults() -> None:
    """CM-11.4-1, CM-11.4-3, AM-42, AM-45: 11d cannot pay 12d; nothing is
    taken (no partial repayment), the debt is cancelled, the power suffers an
    assassination's effects and is flagged no_credit."""
    result = settle_loans(SPRING_1456, (DUE_1456,), {"florence": 11}, refuse_to_pay=NOBODY)
    assert result.treasuries == {"florence": 11}
    assert result.defaulted == (DUE_1456,)
    assert result.running == () and result.repaid == ()
    assert result.defaulters == ("florence",)
    assert result.new_no_credit == frozenset({"florence"})


def test_a_player_who_will_not_pay_defaults_even_with_the_money() -> None:
    """CM-11.4-1: "no puede o no quiere"."""
    result = settle_loans(
        SPRING_1456, (DUE_1456,), {"florence": 50}, refuse_to_pay=frozenset({"florence"})
    )
    assert result.treasuries == {"florence": 50}
    assert result.defaulters == ("florence",)


def test_exactly_enough_repays() -> None:
    """AM-42: the treasury covers principal + interest exactly."""
    result = settle_loans(SPRING_1456, (DUE_1456,), {"florence": 12}, refuse_to_pay=NOBODY)
    assert result.treasuries == {"florence": 0}
    assert result.repaid == (DUE_1456,)


def test_loans_due_together_are_repaid_together_or_not_at_all() -> None:
    """AM-42 (no partial repayment): two loans due the same phase, 12d + 6d,
    and 15d in the treasury: both default, nothing is taken; other powers
    settle on their own."""
    second = Loan("florence", 5, 1, "1456-spring-movement")
    milan = Loan("milan", 4, 1, "1456-spring-movement")
    result = settle_loans(
        SPRING_1456,
        (DUE_1456, second, milan),
        {"florence": 15, "milan": 5},
        refuse_to_pay=NOBODY,
    )
    assert result.treasuries == {"florence": 15, "milan": 0}
    assert result.defaulted == (DUE_1456, second)
    assert result.repaid == (milan,)
    assert result.defaulters == ("florence",)


def test_a_power_without_a_treasury_has_nothing() -> None:
    """AM-42: a missing treasury is 0d, so the loan defaults."""
    result = settle_loans(SPRING_1456, (DUE_1456,), {}, refuse_to_pay=NOBODY)
    assert result.defaulters == ("florence",)


def test_early_repayment_pays_the_full_interest() -> None:
    """CM-11.3-4, AM-42: repaying a two-year loan after one year still pays
    all the 50 %; a treasury that cannot cover it repays nothing."""
    loan = granted(request_loan("genoa", 10, 2, SPRING_1455, loans=(), no_credit=NOBODY))
    assert repay_early(loan, 20) == 5
    assert repay_early(loan, 15) == 0
    assert repay_early(loan, 14) is None


def test_a_default_brings_the_effects_of_an_assassination_without_an_attempt() -> None:
    """AM-45, CM-11.4-1: the defaulter's units hold this turn and its areas roll
    on Table 2, as for a victim (the effects take no assassination attempt)."""
    state = MachiavelliState(
        phase=SPRING_1456,
        units=(Unit("florence", UnitKind.ARMY, "PISA"),),
        control={"FLO": "florence", "PISA": "florence"},
        homes={"florence": ("FLO", "PISA")},
    )
    result = settle_loans(SPRING_1456, (DUE_1456,), {"florence": 0}, refuse_to_pay=NOBODY)
    dice = Dice("secret", "game", SPRING_1456.id)
    for power in result.defaulters:
        assert paralysis(state, power).holds == state.units
        rebellion_rolls(state, power, dice, game_map=MAP, existing=())
    assert [r.purpose for r in dice.rolls] == ["rebellion:FLO", "rebellion:PISA"]
