"""The spring adjustment with finances (003 §5.4; CM-5.0-1, CM-5.4-1..5,
AM-13, AM-14, AM-15, AM-47)."""

from __future__ import annotations

from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import MachiavelliState
from adjudicator.rulesets.machiavelli.advanced.treasury import Entry, Line, open_statements
from adjudicator.rulesets.machiavelli.advanced.upkeep import Dropped, buy_units, pay_upkeep
from adjudicator.rulesets.machiavelli.records import SpecialKind
from maps import load_map
from orders.board.model import UnitKind
from orders.machiavelli.model import Payment, Purchase, SpecialUnit

MAP = load_map("machiavelli")
SPRING = Phase(1455, Season.SPRING, PhaseKind.ADJUSTMENT)
HOME = ("ARE", "FLO", "PIS", "PISA")
A_FLO = Unit("florence", UnitKind.ARMY, "FLO")
F_PISA = Unit("florence", UnitKind.FLEET, "PISA")
G_FLO = Unit("florence", UnitKind.GARRISON, "FLO")
A_ROME = Unit("florence", UnitKind.ARMY, "ROME")  # far from Florence's cities


def _state(*units: Unit, specials: dict[Unit, SpecialKind] | None = None) -> MachiavelliState:
    return MachiavelliState(
        phase=SPRING,
        units=tuple(sorted(units)),
        control=dict.fromkeys(HOME, "florence"),
        homes={"florence": HOME},
        specials=specials or {},
    )


def test_each_unit_costs_three_ducats_whatever_the_cities() -> None:
    """CM-5.4-1: 3d per army, fleet and garrison; CM-5.0-1 and AM-14: not "units =
    cities": three units are kept on one city if paid for."""
    state = _state(A_FLO, F_PISA, G_FLO)
    done = pay_upkeep(state, open_statements({"florence": 10}, []), [], MAP)
    assert set(done.kept) == {A_FLO, F_PISA, G_FLO}
    assert done.statements["florence"].closing == 1
    assert [line.entry for line in done.statements["florence"].lines] == [Entry.UPKEEP] * 3


def test_a_unit_the_player_does_not_pay_for_is_removed() -> None:
    """CM-5.4-3 and AM-13: `no paga A FLO` drops the army at once, free."""
    state = _state(A_FLO, F_PISA)
    payments = [Payment("florence", UnitKind.ARMY, "FLO", paid=False)]
    done = pay_upkeep(state, open_statements({"florence": 10}, []), payments, MAP)
    assert done.kept == (F_PISA,)
    assert done.dropped == ((A_FLO, Dropped.NOT_PAID),)
    assert done.statements["florence"].closing == 7


def test_without_money_the_farthest_unit_is_dropped_first() -> None:
    """CM-5.4-3 and AM-13: with no payment lines every unit is paid while money
    lasts, nearest to the power's cities first; the report names the one dropped."""
    state = _state(A_FLO, A_ROME)
    done = pay_upkeep(state, open_statements({"florence": 4}, []), [], MAP)
    assert done.kept == (A_FLO,)
    assert done.dropped == ((A_ROME, Dropped.NO_MONEY),)


def test_units_named_paga_are_paid_first() -> None:
    """AM-13: `paga A ROME` keeps the far army when only one can be paid for."""
    state = _state(A_FLO, A_ROME)
    payments = [Payment("florence", UnitKind.ARMY, "ROME")]
    done = pay_upkeep(state, open_statements({"florence": 4}, []), payments, MAP)
    assert done.kept == (A_ROME,)
    assert done.dropped == ((A_FLO, Dropped.NO_MONEY),)


def test_a_special_unit_costs_its_own_upkeep_instead_of_three() -> None:
    """AM-15: professionals cost 9d a year (CM-10.4-2), instead of the 3d."""
    state = _state(A_FLO, specials={A_FLO: SpecialKind.ELITE_PROFESSIONALS})
    done = pay_upkeep(state, open_statements({"florence": 10}, []), [], MAP)
    assert done.statements["florence"].lines == (Line(Entry.UPKEEP, -9, "A FLO"),)


def test_a_payment_line_naming_no_unit_is_set_apart() -> None:
    """AM-13: a line for a unit the power does not have pays for nothing."""
    payments = [Payment("florence", UnitKind.FLEET, "FLO")]
    done = pay_upkeep(_state(A_FLO), open_statements({"florence": 3}, []), payments, MAP)
    assert done.unmatched == tuple(payments)
    assert done.kept == (A_FLO,)


def test_a_purchase_is_placed_as_in_the_basic_rules_and_paid() -> None:
    """CM-5.4-1 (3d to build), CM-5.4-4 (placed as the basic rules say: a home
    area the power controls, a port for a fleet)."""
    buys = [
        Purchase("florence", UnitKind.ARMY, "ARE"),
        Purchase("florence", UnitKind.FLEET, "ARE"),  # ARE has no port
        Purchase("florence", UnitKind.ARMY, "SIE"),  # not a home area
    ]
    done = buy_units(_state(), open_statements({"florence": 9}, []), buys, MAP)
    assert done.bought == (Unit("florence", UnitKind.ARMY, "ARE"),)
    assert [r.purchase for r in done.refused] == buys[1:]
    assert done.statements["florence"].closing == 6  # refused purchases cost nothing


def test_a_purchase_the_treasury_cannot_cover_is_refused_free() -> None:
    """AM-13: refused and not charged."""
    buys = [Purchase("florence", UnitKind.ARMY, "ARE"), Purchase("florence", UnitKind.ARMY, "PIS")]
    done = buy_units(_state(), open_statements({"florence": 5}, []), buys, MAP)
    assert done.bought == (Unit("florence", UnitKind.ARMY, "ARE"),)
    assert [(r.purchase, r.reason) for r in done.refused] == [
        (buys[1], "the treasury cannot pay for it")
    ]
    assert done.statements["florence"].closing == 2


def test_no_unit_is_placed_in_a_famine_area() -> None:
    """CM-9.4-2: no new unit in a famine province or fortified city."""
    buys = [Purchase("florence", UnitKind.ARMY, "ARE")]
    done = buy_units(
        _state(), open_statements({"florence": 9}, []), buys, MAP, famine=frozenset({"ARE"})
    )
    assert done.bought == ()
    assert "famine" in done.refused[0].reason


def test_a_special_unit_is_bought_for_its_cost_one_at_a_time() -> None:
    """AM-15 and AM-41: mercenaries cost 6d; CM-10.1-1: a second special unit is
    refused; a game without special units refuses them."""
    buys = [
        Purchase("florence", UnitKind.ARMY, "ARE", SpecialUnit.ELITE_MERCENARIES),
        Purchase("florence", UnitKind.ARMY, "PIS", SpecialUnit.CITIZEN_MILITIA),
    ]
    books = open_statements({"florence": 20}, [])
    done = buy_units(_state(), books, buys, MAP, special_units=True)
    assert done.bought == (Unit("florence", UnitKind.ARMY, "ARE"),)
    assert done.specials == {Unit("florence", UnitKind.ARMY, "ARE"): SpecialKind.ELITE_MERCENARIES}
    assert "one special unit" in done.refused[0].reason
    assert done.statements["florence"].closing == 14
    plain = buy_units(_state(), books, buys[:1], MAP, special_units=False)
    assert plain.bought == () and "no special units" in plain.refused[0].reason


def test_payment_is_secret_until_the_report() -> None:
    """CM-5.4-5: payment is secret and revealed together: each power's upkeep is
    a line of its own statement only (the private report), never of another's."""
    state = MachiavelliState(
        phase=SPRING,
        units=(A_FLO, Unit("venice", UnitKind.ARMY, "PAD")),
        control={"FLO": "florence", "PAD": "venice"},
        homes={"florence": ("FLO",), "venice": ("PAD",)},
    )
    done = pay_upkeep(state, open_statements({"florence": 3, "venice": 3}, []), [], MAP)
    assert done.statements["florence"].lines == (Line(Entry.UPKEEP, -3, "A FLO"),)
    assert done.statements["venice"].lines == (Line(Entry.UPKEEP, -3, "A PAD"),)
