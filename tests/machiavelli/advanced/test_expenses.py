"""The Expense phase (003 §6.1, §6.2; CM-6.1-5..7, CM-6.2-A, CM-6.2-B, CM-7.3-1,
AM-16, AM-17): expenses charged in the order written and carried out at once."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import AUTONOMOUS, MACHIAVELLI, MachiavelliState
from adjudicator.rulesets.machiavelli.advanced.expenses import carry_out_expenses
from adjudicator.rulesets.machiavelli.advanced.treasury import closing_treasury, open_statements
from adjudicator.rulesets.machiavelli.records import Rebellion
from maps import load_map
from orders.board.model import Convert, Move, UnitKind, UnitRef
from orders.machiavelli.model import Expense, ExpenseKind

MAP = load_map("machiavelli")
SUMMER = Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT)
TRENT_GARRISON = Unit(AUTONOMOUS, UnitKind.GARRISON, "TRENT")


def _state(**changes: object) -> MachiavelliState:
    base = MachiavelliState(
        phase=SUMMER,
        units=(Unit("venice", UnitKind.ARMY, "VER"), TRENT_GARRISON),
        control={"PISA": "florence", "VER": "venice", "FLO": "florence"},
        homes={"florence": ("FLO", "PISA")},
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def _run(state: MachiavelliState, ducats: int, *expenses: Expense):  # type: ignore[no-untyped-def]
    books = open_statements({"venice": ducats}, ["venice"])
    return carry_out_expenses(state, books, expenses, MAP, Dice("s", "g", state.phase.id))


def test_famine_relief_removes_the_marker_for_three_ducats() -> None:
    """CM-6.2-A: 3d, the famine marker of the named province goes."""
    state = _state(famine=frozenset({"PISA", "FLO"}))
    done = _run(state, 10, Expense("venice", ExpenseKind.FAMINE_RELIEF, 3, area="PISA"))
    assert done.state.famine == {"FLO"}
    assert closing_treasury(done.statements) == {"venice": 7}


def test_quelling_removes_the_rebellion_for_twelve_ducats() -> None:
    """CM-6.2-B and CM-7.3-1: expense B pacifies the province."""
    state = _state(rebellions=(Rebellion("PISA", "florence"),))
    done = _run(state, 12, Expense("venice", ExpenseKind.QUELL_REBELLION, 12, area="PISA"))
    assert done.state.rebellions == ()
    assert closing_treasury(done.statements) == {"venice": 0}


def test_an_impossible_expense_is_charged_all_the_same() -> None:
    """CM-6.1-6, AM-17: famine relief where there is no famine costs its 3d."""
    done = _run(_state(), 10, Expense("venice", ExpenseKind.FAMINE_RELIEF, 3, area="PISA"))
    assert done.spent[0].charged and done.spent[0].effect == "no famine there"
    assert closing_treasury(done.statements) == {"venice": 7}


def test_an_expense_the_treasury_cannot_cover_is_void() -> None:
    """AM-16: charged in the order written; the one that cannot be covered is free."""
    state = _state(famine=frozenset({"PISA"}))
    quell = Expense("venice", ExpenseKind.QUELL_REBELLION, 12, area="PISA")
    relief = Expense("venice", ExpenseKind.FAMINE_RELIEF, 3, area="PISA")
    done = _run(state, 10, quell, relief)
    assert [s.charged for s in done.spent] == [False, True]
    assert done.state.famine == frozenset()
    assert closing_treasury(done.statements) == {"venice": 7}


def test_an_assassination_is_charged_now_and_tried_later() -> None:
    """CM-6.1-5: every expense is carried out in the Expense phase except the
    assassination, which waits for the Assassination phase."""
    attempt = Expense("venice", ExpenseKind.ASSASSINATION, 12, victim="turks")
    done = _run(_state(), 20, attempt)
    assert done.assassinations == (attempt,)
    assert closing_treasury(done.statements) == {"venice": 8}


def test_a_bribe_buys_the_autonomous_garrison_of_trent() -> None:
    """CM-6.1-4 and CM-6.2-H in the phase: `(H) G Trent 9d` from Venice's army
    next door makes the garrison Venice's."""
    bribe = Expense(
        "venice", ExpenseKind.BUY_AUTONOMOUS, 9, area="TRENT", unit_kind=UnitKind.GARRISON
    )
    done = _run(_state(), 9, bribe)
    assert Unit("venice", UnitKind.GARRISON, "TRENT") in done.state.units
    assert TRENT_GARRISON not in done.state.units
    assert done.spent[0].effect == "bribe succeeded (9d)"


def test_a_bribe_war_names_each_bribe_s_fate_by_its_place_in_the_mail() -> None:
    """CM-6.3-2, CM-6.3-3, CM-6.2-F, AM-19..AM-21 in the phase: two equal bribes
    of 12d on Trent's garrison and two identical counter-bribes of 3d. One die per
    tied briber chooses the bribe that counts; the counter-bribes add up (6d),
    leaving 6d, below the 9d that H needs. Every line, identical ones included,
    gets its own fate."""
    trent = {"area": "TRENT", "unit_kind": UnitKind.GARRISON}
    lines = (
        Expense("venice", ExpenseKind.BUY_AUTONOMOUS, 12, **trent),  # type: ignore[arg-type]
        Expense("milan", ExpenseKind.BUY_AUTONOMOUS, 12, **trent),  # type: ignore[arg-type]
        Expense("austria", ExpenseKind.COUNTER_BRIBE, 3, **trent),  # type: ignore[arg-type]
        Expense("austria", ExpenseKind.COUNTER_BRIBE, 3, **trent),  # type: ignore[arg-type]
    )
    state = _state(units=(*_state().units, Unit("milan", UnitKind.ARMY, "MIL")))
    books = open_statements({"venice": 12, "milan": 12, "austria": 6}, ["venice", "milan"])
    dice = Dice("s", "g", state.phase.id)
    done = carry_out_expenses(state, books, lines, MAP, dice)
    effects = [s.effect for s in done.spent]
    assert effects[2:] == ["counter-bribe placed", "counter-bribe placed"]
    assert sorted(effects[:2]) == [
        "bribe countered (12d less 6d of counter-bribes: below its minimum)",
        "bribe tied for the largest and lost on the dice",
    ]
    assert TRENT_GARRISON in done.state.units
    assert [r.purpose for r in dice.rolls] == ["bribe-tie:G TRENT"] * 2
    assert closing_treasury(done.statements) == {"venice": 0, "milan": 0, "austria": 0}


def test_effects_are_simultaneous() -> None:
    """CM-6.1-7: each expense reads the board as the phase found it: a rebellion
    quelled in this phase does not free its province for a new one this phase."""
    state = _state(rebellions=(Rebellion("PISA", "florence"),))
    quell = Expense("venice", ExpenseKind.QUELL_REBELLION, 12, area="PISA")
    rebel = Expense("venice", ExpenseKind.HOME_REBELS, 15, area="PISA")
    done = _run(state, 30, quell, rebel)
    assert done.state.rebellions == ()
    assert done.spent[1].charged and "already has a rebellion" in done.spent[1].effect


def test_a_bribe_away_from_the_briber_is_charged_and_fails() -> None:
    """CM-6.3-5 and AM-17: only next to one's units or areas; charged all the same."""
    far = _state(units=(Unit("venice", UnitKind.ARMY, "TRE"), TRENT_GARRISON), control={})
    bribe = Expense(
        "venice", ExpenseKind.BUY_AUTONOMOUS, 9, area="TRENT", unit_kind=UnitKind.GARRISON
    )
    done = _run(far, 9, bribe)
    assert TRENT_GARRISON in done.state.units
    assert "CM-6.3-5" in done.spent[0].effect
    assert closing_treasury(done.statements) == {"venice": 0}


def test_a_garrison_bought_with_h_holds_the_turn_it_is_bought() -> None:
    """AM-24, literal for K only: Venice buys Trent's autonomous garrison with H
    and orders it to become an army; the garrison holds this turn
    (the order is set aside, and the public report says so)."""
    state = _state(treasury={"venice": 9})
    orders = [
        Expense("venice", ExpenseKind.BUY_AUTONOMOUS, 9, area="TRENT", unit_kind=UnitKind.GARRISON),
        Convert("venice", UnitRef(UnitKind.GARRISON, "TRENT"), UnitKind.ARMY),
    ]
    options = MACHIAVELLI.options({"finances": True, "expenses": True})
    done = MACHIAVELLI.resolve(state, orders, MAP, options, Dice("s", "g", state.phase.id))
    assert Unit("venice", UnitKind.GARRISON, "TRENT") in done.state.units  # not converted
    assert "G TRENT, bought with H this turn, holds (AM-24)" in done.notes


def test_the_buyer_of_a_unit_orders_it_the_same_turn() -> None:
    """CM-6.3-6, AM-24: a unit bought with K obeys the buyer's order written that
    turn; the former owner's order for it is void (not its unit any more)."""
    army = Unit("florence", UnitKind.ARMY, "MAN")
    state = _state(
        units=(Unit("venice", UnitKind.ARMY, "VER"), army),
        control={"VER": "venice", "MAN": "florence"},
        treasury={"venice": 18, "florence": 0},
    )
    orders = [
        Expense("venice", ExpenseKind.BUY_ENEMY, 18, area="MAN", unit_kind=UnitKind.ARMY),
        Move("venice", UnitRef(UnitKind.ARMY, "MAN"), "PAR"),
        Move("florence", UnitRef(UnitKind.ARMY, "MAN"), "BOL"),
    ]
    options = MACHIAVELLI.options({"finances": True, "expenses": True})
    done = MACHIAVELLI.resolve(state, orders, MAP, options, Dice("s", "g", state.phase.id))
    assert Unit("venice", UnitKind.ARMY, "PAR") in done.state.units
    assert army not in done.state.units
    refused = [r for r in done.results if r.order.power == "florence"]
    assert [r.reason.value for r in refused] == ["illegal:not_your_unit"]
