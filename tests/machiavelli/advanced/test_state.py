"""The advanced rules' facts in Machiavelli's state file (003 §5 to §11):
treasuries, loans, assassination attempts, the no-credit flag, rebellions,
famine markers and special units, read back exactly and refused clearly when
malformed."""

from __future__ import annotations

import re

import pytest
import yaml

from adjudicator.kits.board.state import StateDataError, Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliState
from adjudicator.rulesets.machiavelli.records import Loan, Rebellion, SpecialKind
from maps import load_map
from orders.board.model import UnitKind

ADVANCED_STATE = """\
phase: 1455-spring-movement
units:
  florence:
  - A PISA
  - G FLO
  venice:
  - F UA
supply_centers: {}
control:
  florence:
  - FLO
  - PISA
treasury:
  florence: 14
  venice: 0
loans:
- power: venice
  principal: 10
  interest: 2
  due: 1456-spring-movement
attempts:
  florence: 1
  venice: 2
no_credit:
- milan
rebellions:
- area: PISA
  against: florence
  in_city: false
- area: VEN
  against: venice
  in_city: true
famine:
- PISA
special_units:
  florence:
    G FLO: citizen_militia
"""


def _state() -> MachiavelliState:
    return MACHIAVELLI.read_state(yaml.safe_load(ADVANCED_STATE))


def test_the_advanced_keys_are_read_as_typed_facts() -> None:
    """§5.1 treasury, §11 loans (CM-11.1-2: amount, interest, due date), CM-8.1-1/CM-8.1-2
    attempts held, CM-11.4-3 no credit, §7 rebellions (CM-7.1-3: city or province),
    §9.3 famine markers, §10 special units."""
    state = _state()
    assert state.treasury == {"florence": 14, "venice": 0}
    assert state.loans == (Loan("venice", 10, 2, "1456-spring-movement"),)
    assert state.attempts == {"florence": 1, "venice": 2}
    assert state.no_credit == {"milan"}
    assert set(state.rebellions) == {
        Rebellion("PISA", "florence"),
        Rebellion("VEN", "venice", in_city=True),
    }
    assert state.famine == {"PISA"}
    militia = Unit("florence", UnitKind.GARRISON, "FLO")
    assert state.specials == {militia: SpecialKind.CITIZEN_MILITIA}


def test_the_state_file_is_written_back_byte_for_byte() -> None:
    state = _state()
    text = yaml.safe_dump(state.to_dict(), sort_keys=False, allow_unicode=True)
    assert text == ADVANCED_STATE
    assert MACHIAVELLI.read_state(yaml.safe_load(text)) == state


def test_a_game_without_the_advanced_rules_writes_none_of_their_keys() -> None:
    """Games without the modules keep their state files as they were."""
    start = MACHIAVELLI.initial_state(load_map("machiavelli"))
    written = start.to_dict()
    for key in ("treasury", "loans", "attempts", "no_credit", "rebellions", "famine"):
        assert key not in written
    assert "special_units" not in written


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("treasury", {"florence": -3}, "treasury.florence: expected a whole number"),
        ("treasury", {"florence": True}, "treasury.florence"),
        ("treasury", ["florence"], "treasury: expected a mapping"),
        ("loans", [{"power": "venice", "principal": 10, "due": "x"}], "loans[0].interest"),
        ("loans", {"venice": 10}, "loans: expected a list of records"),
        ("rebellions", [{"area": "PISA"}], "rebellions[0].against: expected text"),
        ("rebellions", [{"area": "PISA", "against": "x", "in_city": "no"}], "in_city"),
        ("special_units", {"milan": {"A PISA": "knights"}}, "'knights' is no special unit"),
        ("special_units", {"A PISA": "elite_mercenaries"}, "special_units.A PISA: expected a"),
        ("special_units", {"milan": {"X PISA": "elite_mercenaries"}}, "'X PISA' is not a unit"),
        ("famine", "PISA", "famine: expected a list"),
    ],
)
def test_a_malformed_advanced_key_is_refused_naming_it(
    key: str, value: object, message: str
) -> None:
    data = yaml.safe_load(ADVANCED_STATE)
    data[key] = value
    with pytest.raises(StateDataError, match=re.escape(message)):
        MACHIAVELLI.read_state(data)


def test_the_first_spring_starts_with_the_scenarios_ducats() -> None:
    """CM-5.0-3: the scenario's initial ducats stand in for the first spring's
    adjustment: no income is collected, the treasury is the scenario's (balance:
    Florence 6, Venice 9, Austria 1...)."""
    game_map = load_map("machiavelli")
    start = MACHIAVELLI.initial_state(game_map, "balance", MACHIAVELLI.options({"finances": True}))
    assert start.treasury == {
        "austria": 1,
        "florence": 6,
        "france": 2,
        "milan": 6,
        "naples": 4,
        "papacy": 4,
        "turks": 4,
        "venice": 9,
    }
    assert start.phase.id == "1454-spring-movement"  # no adjustment, so no income, first


def test_each_power_starts_with_one_assassination_attempt() -> None:
    """CM-8.1-1: one attempt for the whole game, held from the start."""
    game_map = load_map("machiavelli")
    options = MACHIAVELLI.options(preset="advanced")
    start = MACHIAVELLI.initial_state(game_map, "dukeofmilan", options)
    assert start.attempts == dict.fromkeys(game_map.scenario("dukeofmilan").powers, 1)
    assert start.treasury["milan"] == 7


def test_the_scenarios_variable_income_facts() -> None:
    """AM-11 and AM-12: the balance scenario gives Genoa's city a variable income
    of its own and doubles Florence's and Venice's."""
    balance = load_map("machiavelli").scenario("balance")
    assert balance.variable_income_cities == ("GEN",)
    assert balance.double_variable_income == ("florence", "venice")
