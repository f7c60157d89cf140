"""A kingdom's variables (004 "Control de Jugadores"): NT, PO and PM
(CC-C-2, CC-C-4, CC-C-5, CC-MV-17, AC-21)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.cawa.powers import base_power, military_might, power
from adjudicator.rulesets.cawa.records import Fleet
from tests.cawa.fixtures import grid_map, state_on

BOARD = grid_map(["....."] * 5, players=("red", "blue"))


def test_po_book_examples() -> None:
    """CC-C-4: PO = NT div 5: 7 territories give PO 1, 22 give PO 4."""
    assert base_power(7) == 1
    assert base_power(22) == 4


def test_po_minimum_one() -> None:
    """CC-C-4: PO is at least 1, even with fewer than 5 territories (or none)."""
    assert [base_power(n) for n in (0, 1, 4, 5, 9, 10)] == [1, 1, 1, 1, 1, 2]


def test_pm_book_example() -> None:
    """CC-C-5: PM is CO rounded down to a multiple of 500: 4607 -> 4500."""
    assert military_might(4607) == 4500
    assert [military_might(c) for c in (0, 499, 500, 999, 1000)] == [0, 0, 500, 500, 1000]


@given(st.integers(0, 10**7))
def test_pm_is_the_largest_step_within_co(crowns: int) -> None:
    """CC-C-5: PM is a multiple of 500, never above CO, less than 500 below it."""
    might = military_might(crowns)
    assert might % 500 == 0 and 0 <= crowns - might < 500


def test_nt_counts_the_hexes() -> None:
    """CC-C-2: NT is the number of the kingdom's hexes."""
    hexes = sorted(BOARD.hexes)
    state = state_on(BOARD, dict.fromkeys(hexes[:22], "red") | dict.fromkeys(hexes[22:], "blue"))
    assert state.territories("red") == 22
    assert state.territories("blue") == 3
    assert power(state, "red") == 4
    assert power(state, "blue") == 1


def test_two_fleets_take_two_invasions() -> None:
    """CC-MV-17, AC-21: PO 4 with two fleets at sea may declare 2 invasions;
    a fleet launched this turn counts too; PO never below 0."""
    hexes = sorted(BOARD.hexes)
    owners = dict.fromkeys(hexes[:20], "red") | dict.fromkeys(hexes[20:], "blue")
    two = (Fleet("red", "0101"), Fleet("red", "0102"))
    state = state_on(BOARD, owners, fleets=two)
    assert base_power(state.territories("red")) == 4
    assert power(state, "red") == 2
    launched = state_on(BOARD, owners, fleets=two, launched=(Fleet("red", "0103"),))
    assert power(launched, "red") == 1
    blue = state_on(BOARD, owners, fleets=(Fleet("blue", "0101"), Fleet("blue", "0102")))
    assert power(blue, "blue") == 0
