"""Rebellions on the board (003 §7.2): the automatic support of strength 1 for
advances into a rebel province (CM-7.2-3, CM-7.2-4, AM-30)."""

from __future__ import annotations

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import Reason
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliState
from adjudicator.rulesets.machiavelli.records import Rebellion
from maps import load_map
from orders.board.model import Convert, Hold, Move, Order, UnitKind, UnitRef

MAP = load_map("machiavelli")
SPRING = Phase(1455, Season.SPRING, PhaseKind.MOVEMENT)


def _state(*units: Unit, rebellions: tuple[Rebellion, ...] = ()) -> MachiavelliState:
    return MachiavelliState(
        phase=SPRING,
        units=tuple(sorted(units)),
        control={"PISA": "florence", "LUC": "milan", "FLO": "florence"},
        rebellions=rebellions,
    )


def _reasons(state: MachiavelliState, orders: list[Order]) -> dict[str, object]:
    results = MACHIAVELLI.resolve(state, orders, MAP).results
    return {r.order.unit.location: r.reason for r in results}  # type: ignore[attr-defined]


ATTACK = Move("milan", UnitRef(UnitKind.ARMY, "LUC"), "PISA")
DEFENCE = Hold("florence", UnitRef(UnitKind.ARMY, "PISA"))
UNITS = (Unit("milan", UnitKind.ARMY, "LUC"), Unit("florence", UnitKind.ARMY, "PISA"))


def test_without_a_rebellion_one_against_one_bounces() -> None:
    assert _reasons(_state(*UNITS), [ATTACK, DEFENCE])["LUC"] is Reason.BOUNCED


def test_a_rebellion_supports_another_players_advance_into_its_province() -> None:
    """CM-7.2-3: Milan uses the rebellion in Pisa (aimed at Florence) as a
    support of strength 1, unwritten: 2 against 1 dislodges the defender."""
    state = _state(*UNITS, rebellions=(Rebellion("PISA", "florence"),))
    reasons = _reasons(state, [ATTACK, DEFENCE])
    assert reasons["LUC"] is Reason.MOVED
    assert reasons["PISA"] is Reason.DISLODGED


def test_the_player_a_rebellion_is_aimed_at_gets_no_support_from_it() -> None:
    """CM-7.2-3: "a excepción del que la rebelión es dirigida"."""
    state = _state(
        Unit("florence", UnitKind.ARMY, "FLO"),
        Unit("milan", UnitKind.ARMY, "PISA"),
        rebellions=(Rebellion("PISA", "florence"),),
    )
    orders: list[Order] = [
        Move("florence", UnitRef(UnitKind.ARMY, "FLO"), "PISA"),
        Hold("milan", UnitRef(UnitKind.ARMY, "PISA")),
    ]
    assert _reasons(state, orders)["FLO"] is Reason.BOUNCED


def test_several_players_may_use_the_same_rebellion() -> None:
    """CM-7.2-3: two players both get the support: 2 against 2 is a standoff."""
    state = _state(
        Unit("milan", UnitKind.ARMY, "LUC"),
        Unit("venice", UnitKind.ARMY, "SIE"),
        rebellions=(Rebellion("PISA", "florence"),),
    )
    orders: list[Order] = [
        ATTACK,
        Move("venice", UnitRef(UnitKind.ARMY, "SIE"), "PISA"),
    ]
    reasons = _reasons(state, orders)
    assert reasons["LUC"] is Reason.BOUNCED
    assert reasons["SIE"] is Reason.BOUNCED


def test_a_rebellion_does_not_help_the_units_already_there() -> None:
    """CM-7.2-4, AM-30: no other effect on movement; the holder is not helped."""
    state = _state(
        Unit("milan", UnitKind.ARMY, "LUC"),
        Unit("venice", UnitKind.ARMY, "PISA"),
        rebellions=(Rebellion("PISA", "florence"),),
    )
    orders: list[Order] = [ATTACK, Hold("venice", UnitRef(UnitKind.ARMY, "PISA"))]
    assert _reasons(state, orders)["PISA"] is Reason.DISLODGED


def test_an_advance_with_the_rebellion_beats_an_unsupported_conversion() -> None:
    """AM-30: the rebellion's help counts as a support, and a conversion out of the
    city is no advance into the province: Venice's garrison converting out (1)
    loses to Milan's advance with the rebellion (2); without it, a standoff."""
    units = (Unit("milan", UnitKind.ARMY, "LUC"), Unit("venice", UnitKind.GARRISON, "PISA"))
    orders: list[Order] = [
        ATTACK,
        Convert("venice", UnitRef(UnitKind.GARRISON, "PISA"), UnitKind.ARMY),
    ]
    plain = MACHIAVELLI.resolve(_state(*units), orders, MAP).state
    assert Unit("milan", UnitKind.ARMY, "PISA") not in plain.units
    rebel = _state(*units, rebellions=(Rebellion("PISA", "florence"),))
    after = MACHIAVELLI.resolve(rebel, orders, MAP).state
    assert Unit("milan", UnitKind.ARMY, "PISA") in after.units
    assert Unit("venice", UnitKind.ARMY, "PISA") not in after.units
