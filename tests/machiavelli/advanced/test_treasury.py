"""Treasuries and statements (003 §5.1, §5.3, §6.1; AM-16, AM-44, AM-46)."""

from __future__ import annotations

from adjudicator.rulesets.machiavelli.advanced.treasury import (
    Entry,
    Line,
    charge,
    charge_in_order,
    closing_treasury,
    credit,
    open_statements,
    transfer,
)


def test_the_treasury_pays_and_is_paid() -> None:
    """CM-5.1-2, CM-5.1-3: income comes into the player's own treasury, which pays
    upkeep and expenses; the statement lists each line and closes on the sum."""
    books = open_statements({"florence": 6}, ["florence"])
    books = credit(books, "florence", Entry.INCOME, 9, "provinces and cities")
    paid = charge(books, "florence", Entry.UPKEEP, 6, "A FLO, F PISA")
    assert paid is not None
    statement = paid["florence"]
    assert statement.opening == 6
    assert statement.lines == (
        Line(Entry.INCOME, 9, "provinces and cities"),
        Line(Entry.UPKEEP, -6, "A FLO, F PISA"),
    )
    assert statement.closing == 9


def test_an_expense_the_treasury_cannot_cover_is_void_and_free() -> None:
    """AM-16: charged in the order written; one the treasury cannot cover when its
    turn comes is void and not charged, and a later smaller one still goes through."""
    books = open_statements({"venice": 20}, ["venice"])
    done = charge_in_order(
        books,
        [("venice", 12, "(E) Turco 12d"), ("venice", 15, "(D) ..."), ("venice", 6, "(G) ...")],
    )
    assert done.paid == (0, 2)
    assert done.void == (1,)
    assert closing_treasury(done.statements) == {"venice": 2}


def test_money_received_earlier_in_the_turn_counts() -> None:
    """AM-16: the treasury counts the transfers received earlier in the same turn."""
    books = open_statements({"milan": 10, "venice": 0}, [])
    given = transfer(books, "milan", "venice", 9)
    assert given is not None
    done = charge_in_order(given, [("venice", 9, "(G) G Trent 9d")])
    assert done.paid == (0,)
    assert closing_treasury(done.statements) == {"milan": 1, "venice": 0}


def test_a_transfer_never_gives_more_than_the_giver_has() -> None:
    """CM-5.3-1, AM-44: ducats may be given by announcing it, never more than one has."""
    books = open_statements({"milan": 5}, ["venice"])
    assert transfer(books, "milan", "venice", 6) is None
    assert transfer(books, "milan", "milan", 1) is None
    done = transfer(books, "milan", "venice", 5)
    assert done is not None and closing_treasury(done) == {"milan": 0, "venice": 5}


def test_every_ducat_moved_is_a_line_of_a_statement() -> None:
    """Ducats are conserved: the closing treasuries are the openings plus every line."""
    books = open_statements({"milan": 10, "venice": 3}, [])
    books = credit(books, "venice", Entry.LOAN, 10, "one year at 20 %")
    moved = transfer(books, "venice", "milan", 4)
    assert moved is not None
    total_lines = sum(line.ducats for s in moved.values() for line in s.lines)
    assert sum(closing_treasury(moved).values()) == 13 + total_lines == 23
