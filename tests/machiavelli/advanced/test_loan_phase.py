"""The Loan phase of every season (003 "posible secuencia de juego": CM-S-5;
§5.3, §8.1, §11), played through the ruleset's movement phase."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import Resolution
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliState
from adjudicator.rulesets.machiavelli.records import Loan
from maps import load_map
from orders.board.model import Move, Order, UnitKind, UnitRef
from orders.issues import Source
from orders.machiavelli.model import AttemptTransfer, LoanRequest, RefuseRepayment, Transfer

MAP = load_map("machiavelli")
OPTIONS = MACHIAVELLI.options(preset="advanced")
SUMMER = Phase(1456, Season.SUMMER, PhaseKind.MOVEMENT)
FLO_ARMY = Unit("florence", UnitKind.ARMY, "FLO")


def _state(**changes: object) -> MachiavelliState:
    state = MachiavelliState(
        phase=SUMMER,
        units=(FLO_ARMY, Unit("venice", UnitKind.ARMY, "PAD")),
        control={"FLO": "florence", "PAD": "venice"},
        homes={"florence": ("FLO",), "venice": ("PAD",)},
        treasury={"florence": 10, "venice": 5},
        attempts={"florence": 1, "venice": 1},
    )
    return replace(state, **changes)  # type: ignore[arg-type]


def _resolve(state: MachiavelliState, orders: list[Order]) -> Resolution:
    return MACHIAVELLI.resolve(state, orders, MAP, OPTIONS, Dice("s", "g", state.phase.id))


def test_a_loan_may_be_asked_in_any_season_and_is_credited_at_once() -> None:
    """CM-S-5, CM-11.2-1, CM-11.3-1: a summer loan of 10d for a year: 2d interest,
    due next summer, the ducats in the treasury this turn."""
    done = _resolve(_state(), [LoanRequest("venice", 10, 1)])
    assert done.state.loans == (Loan("venice", 10, 2, "1457-summer-movement"),)
    assert done.state.treasury["venice"] == 15
    assert any("Loan granted: 10d, 2d interest" in line for line in done.secrets["venice"])


def test_a_loan_that_passes_25_owed_is_refused_whole() -> None:
    """CM-11.2-3, AM-43."""
    owed = (Loan("venice", 20, 4, "1457-summer-movement"),)
    done = _resolve(_state(loans=owed), [LoanRequest("venice", 6, 1)])
    assert done.state.loans == owed
    assert done.state.treasury["venice"] == 5
    assert any(line.startswith("Loan refused") for line in done.secrets["venice"])


def test_a_loan_due_is_repaid_from_the_treasury() -> None:
    """CM-11.1-2, AM-42: due this Loan phase, principal and interest repaid."""
    due = (Loan("florence", 5, 1, SUMMER.id),)
    done = _resolve(_state(loans=due), [])
    assert done.state.loans == ()
    assert done.state.treasury["florence"] == 4


def test_a_default_paralyses_the_debtor_this_turn_and_cuts_its_credit() -> None:
    """CM-11.4-1, CM-11.4-2, CM-11.4-3, AM-45: a power that will not repay suffers
    at once the effects of an assassination (its orders become holds) and may
    never borrow again; the debt is cancelled."""
    due = (Loan("florence", 5, 1, SUMMER.id),)
    written = Source("florence.txt", 2, "A FLO - PIS")
    orders: list[Order] = [
        RefuseRepayment("florence"),
        Move("florence", UnitRef(UnitKind.ARMY, "FLO"), "PIS", source=written),
    ]
    done = _resolve(_state(loans=due), orders)
    assert FLO_ARMY in done.state.units  # it held
    paralysed = "florence's units are paralysed this turn (003 §8.3): they hold"
    assert f"{paralysed}; not carried out: A FLO - PIS" in done.notes
    rose = [r.area for r in done.state.rebellions]  # CM-8.3-4: Table 2, one die per area
    assert (
        f"Rebellion against florence rose in {', '.join(rose)}"
        if rose
        else "No rebellion rose against florence"
    ) in done.notes
    assert done.state.loans == () and done.state.treasury["florence"] == 10
    assert "florence" in done.state.no_credit
    assert done.secrets["florence"][0] == (
        "Loan of 5d (+1d interest) due now: not repaid (you would not repay); default: the"
        " effects of an assassination, and no more loans (CM-11.4)"
    )
    assert any("defaulted" in note for note in done.notes)
    again = _resolve(done.state, [LoanRequest("florence", 5, 1)])
    assert again.state.loans == ()


def test_gifts_of_ducats_and_attempts_are_public_and_never_more_than_one_has() -> None:
    """CM-5.3-1, CM-8.1-2, AM-44: announced to the GM, applied in the Loan
    phase, public; a gift beyond the giver's treasury is refused."""
    orders: list[Order] = [
        Transfer("florence", "venice", 4),
        Transfer("venice", "florence", 50),
        AttemptTransfer("florence", "venice"),
    ]
    done = _resolve(_state(), orders)
    assert done.state.treasury == {"florence": 6, "venice": 9}
    assert done.state.attempts == {"florence": 0, "venice": 2}
    assert "florence gave 4d to venice" in done.notes
    assert "venice could not give 50d to florence" in done.notes
    assert "Gift to venice: -4d" in done.secrets["florence"]  # each statement says it (AM-46)
    assert "Gift from florence: +4d" in done.secrets["venice"]
    assert "Gift of 50d to florence refused: the treasury holds 9d" in done.secrets["venice"]


def test_a_loan_between_players_is_only_a_gift() -> None:
    """CM-5.3-2: repaying a player's loan is not enforced: the judge records
    the ducats given, no debt."""
    done = _resolve(_state(), [Transfer("florence", "venice", 4)])
    assert done.state.loans == ()
