"""Which advanced lines a phase takes (CM-6.1-1, CM-S-5, AM-13): expenses,
loans and gifts with a movement phase's orders, payments and purchases in the
spring adjustment, none in a game without finances."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import PhaseKind, Season
from adjudicator.rulesets.machiavelli import MACHIAVELLI
from adjudicator.rulesets.machiavelli.advanced.lines import machiavelli_side_lines
from maps import load_map
from orders.issues import IssueKind
from orders.machiavelli.model import Expense, Purchase

MAP = load_map("machiavelli")
START = MACHIAVELLI.initial_state(MAP, "balance", MACHIAVELLI.options({"finances": True}))
MAIL = "A PAD H\n(G) G Trent 9d\ncompra A TRE\n"


def test_a_movement_phase_takes_the_expenses_and_refuses_a_purchase() -> None:
    lines, issues, rest = machiavelli_side_lines(MAIL, "venice", MAP, "venice.txt", START)
    assert [type(line) for line in lines] == [Expense]
    assert [(i.kind, i.source.line) for i in issues] == [(IssueKind.ILLEGAL, 3)]
    assert "spring adjustment" in issues[0].message
    assert rest.split("\n")[:3] == ["A PAD H", "", ""]


def test_the_spring_adjustment_takes_the_purchases_and_refuses_an_expense() -> None:
    spring = replace(START, phase=Phase(1455, Season.SPRING, PhaseKind.ADJUSTMENT))
    lines, issues, _ = machiavelli_side_lines(MAIL, "venice", MAP, "venice.txt", spring)
    assert [type(line) for line in lines] == [Purchase]
    assert [i.source.line for i in issues] == [2]


def test_a_game_without_finances_reads_no_side_lines() -> None:
    basic = MACHIAVELLI.initial_state(MAP, "balance")
    assert machiavelli_side_lines(MAIL, "venice", MAP, "venice.txt", basic) == ((), (), MAIL)
