"""A state's units indexed by area and power (issue 12): the lookups answer as a
scan of the units would, and the index changes neither equality nor the YAML form."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import GameState, Unit
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from orders.board.model import UnitKind

UNITS = (
    Unit("AUS", UnitKind.ARMY, "VIE"),
    Unit("ENG", UnitKind.FLEET, "NTH"),
    Unit("ENG", UnitKind.FLEET, "SPA/nc"),
    Unit("FRA", UnitKind.GARRISON, "PAR"),
)


def _state() -> GameState:
    return GameState(Phase.parse("1901-spring-movement"), UNITS, {"VIE": "AUS"})


def test_lookups_match_a_scan() -> None:
    state = _state()
    assert state.unit_at("VIE") == UNITS[0]
    assert state.unit_at("SPA") == UNITS[2]  # any coast
    assert state.unit_at("PAR") is None  # a garrison is not the area's army or fleet
    assert state.unit_at("MUN") is None
    assert state.units_of("ENG") == (UNITS[1], UNITS[2])
    assert state.units_of("RUS") == ()


def test_index_changes_neither_equality_nor_yaml() -> None:
    indexed, plain = _state(), _state()
    indexed.unit_at("VIE")
    assert indexed == plain
    assert indexed.to_dict() == plain.to_dict()
    assert repr(indexed) == repr(plain)
    assert GameState.from_dict(indexed.to_dict()) == indexed


def test_a_replaced_state_has_its_own_index() -> None:
    state = _state()
    assert state.unit_at("VIE") == UNITS[0]
    moved = replace(state, units=(Unit("AUS", UnitKind.ARMY, "BOH"),))
    assert moved.unit_at("VIE") is None
    assert moved.unit_at("BOH") == Unit("AUS", UnitKind.ARMY, "BOH")
    assert state.with_(units=()).units_of("AUS") == ()


def test_machiavelli_garrisons() -> None:
    state = MachiavelliState(Phase.parse("1454-spring-movement"), UNITS)
    assert state.garrison_at("PAR") == UNITS[3]
    assert state.garrison_at("VIE") is None
    assert state.unit_at("PAR") is None
