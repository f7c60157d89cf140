"""Rebellions (003 §7): where they may be raised (§7.1), the automatic support
of strength 1 for advances into a rebel province (§7.2) and how they are put
down (§7.3)."""

from __future__ import annotations

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import EventKind, Reason
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliState
from adjudicator.rulesets.machiavelli.advanced.rebellions import (
    RebellionKind,
    placement_problem,
    put_down,
    raise_rebellions,
)
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from adjudicator.rulesets.machiavelli.records import Rebellion
from maps import load_map
from orders.board.model import Besiege, Convert, Hold, Move, Order, UnitKind, UnitRef

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


# --- placing a rebellion (§7.1) -------------------------------------------------------

HOMES = {"florence": ("FLO", "PISA"), "venice": ("VEN", "PAD")}
CONTROL = {"FLO": "florence", "PISA": "florence", "LUC": "florence", "VEN": "venice"}


def _board(*units: Unit, rebellions: tuple[Rebellion, ...] = ()) -> MachiavelliState:
    return MachiavelliState(
        phase=SPRING,
        units=tuple(sorted(units)),
        control=CONTROL,
        homes=HOMES,
        rebellions=rebellions,
    )


def _problem(
    kind: RebellionKind, area: str, in_city: bool = False, *units: Unit, payer: str = "milan"
) -> str | None:
    return placement_problem(kind, payer, area, in_city, _board(*units), MAP)


def test_a_home_province_rebels_with_expense_d_and_a_conquered_one_with_c() -> None:
    """CM-6.2-C, CM-6.2-D, AM-27: PISA is Florence's home (D), LUC a conquest (C)."""
    assert _problem(RebellionKind.HOME, "PISA") is None
    assert _problem(RebellionKind.CONQUERED, "LUC") is None


def test_the_wrong_letter_is_erroneous() -> None:
    """AM-27: the wrong letter cannot work (it is charged all the same: AM-17)."""
    assert "expense D" in (_problem(RebellionKind.CONQUERED, "PISA") or "")
    assert "expense C" in (_problem(RebellionKind.HOME, "LUC") or "")


def test_a_rebellion_may_rise_where_an_enemy_unit_stands() -> None:
    """CM-7.1-1: "incluso una que contenga una unidad"."""
    assert (
        _problem(RebellionKind.HOME, "PISA", False, Unit("florence", UnitKind.ARMY, "PISA")) is None
    )


def test_only_an_area_another_player_controls_can_rebel() -> None:
    """AM-27: an uncontrolled area cannot rebel, nor one's own."""
    assert "nobody controls" in (_problem(RebellionKind.CONQUERED, "SIE") or "")
    assert "your own" in (_problem(RebellionKind.HOME, "PISA", payer="florence") or "")


def test_an_ungarrisoned_fortified_city_may_rebel_but_not_a_garrisoned_one() -> None:
    """CM-7.1-1: "en una ciudad fortificada no guarnecida"."""
    assert _problem(RebellionKind.HOME, "PISA", True) is None
    garrison = Unit("florence", UnitKind.GARRISON, "PISA")
    assert "has a garrison" in (_problem(RebellionKind.HOME, "PISA", True, garrison) or "")


def test_never_at_sea_and_venice_only_in_its_empty_city() -> None:
    """CM-7.1-4: never in a sea area; in Venice only in the city, only when empty."""
    assert "never stands at sea" in (_problem(RebellionKind.HOME, "VEN") or "")
    assert _problem(RebellionKind.HOME, "VEN", True) is None
    garrison = Unit("venice", UnitKind.GARRISON, "VEN")
    assert "has a garrison" in (_problem(RebellionKind.HOME, "VEN", True, garrison) or "")


def test_one_rebellion_per_province() -> None:
    """CM-7.1-2: a province with a rebellion takes no second one; of several raised
    in one turn one counts (AM-28: each is charged), aimed at the controller (AM-29)."""
    standing = _board(rebellions=(Rebellion("PISA", "florence"),))
    assert "already has a rebellion" in (
        placement_problem(RebellionKind.HOME, "milan", "PISA", False, standing, MAP) or ""
    )
    raised = raise_rebellions([("milan", "PISA", False), ("venice", "PISA", False)], _board())
    assert raised == (Rebellion("PISA", "florence"),)


# --- putting a rebellion down (§7.3) ----------------------------------------------------

HOLDER = Unit("florence", UnitKind.ARMY, "PISA")


def test_an_explicit_hold_of_the_owner_puts_the_rebellion_down() -> None:
    """CM-7.3-2: the player whose province it was holds there (H) and is not
    forced to retreat: the rebellion disappears at the end of the turn."""
    rebellion = Rebellion("PISA", "florence")
    assert put_down(rebellion, {"PISA": HOLDER}, {}, frozenset())
    assert not put_down(rebellion, {"PISA": HOLDER}, {}, frozenset({HOLDER}))
    assert not put_down(rebellion, {}, {}, frozenset())  # no written H (AM-30, CM-8.3-2)


def test_another_players_hold_does_not_put_it_down() -> None:
    """CM-7.3-2: only a unit of the player it is aimed at."""
    milan = Unit("milan", UnitKind.ARMY, "PISA")
    assert not put_down(Rebellion("PISA", "florence"), {"PISA": milan}, {}, frozenset())


def test_a_city_rebellion_falls_to_a_siege_not_a_hold() -> None:
    """CM-7.3-3: a rebellion in a fortified city that was the player's is removed
    only by a siege."""
    garrison = Unit("florence", UnitKind.GARRISON, "PISA")
    assert not put_down(Rebellion("PISA", "florence", True), {"PISA": garrison}, {}, frozenset())


def test_a_successful_advance_of_another_player_frees_the_area() -> None:
    """CM-7.3-4, AM-30: a successful advance into the province by anyone but the
    player it is aimed at removes it, in the province or the city."""
    advanced = {"PISA": frozenset({"milan"})}
    assert put_down(Rebellion("PISA", "florence"), {}, advanced, frozenset())
    assert put_down(Rebellion("PISA", "florence", True), {}, advanced, frozenset())
    own = {"PISA": frozenset({"florence"})}
    assert not put_down(Rebellion("PISA", "florence"), {}, own, frozenset())


# --- through the movement phase ---------------------------------------------------------


def test_the_owners_written_hold_puts_a_rebellion_down_at_the_turns_end() -> None:
    """CM-7.3-2 in the phase: Florence's army in Pisa holds (H) and is not
    dislodged: the rebellion is gone at the end of the turn; without the written
    hold it stays (AM-30)."""
    state = _state(HOLDER, rebellions=(Rebellion("PISA", "florence"),))
    held = MACHIAVELLI.resolve(state, [Hold("florence", UnitRef(UnitKind.ARMY, "PISA"))], MAP)
    assert held.state.rebellions == ()
    ended = "Rebellion against florence in PISA: put down at the end of the movement (003 §7.3)"
    assert ended in held.notes  # the public report says so
    idle = MACHIAVELLI.resolve(state, [], MAP)
    assert idle.state.rebellions == (Rebellion("PISA", "florence"),)
    assert not any(note.startswith("Rebellion against") for note in idle.notes)


def test_another_players_advance_frees_the_province_in_the_phase() -> None:
    """CM-7.3-4 in the phase: Milan's advance into Pisa (with the rebellion's
    support) succeeds and the rebellion is removed at the end of the turn."""
    state = _state(*UNITS, rebellions=(Rebellion("PISA", "florence"),))
    done = MACHIAVELLI.resolve(state, [ATTACK, DEFENCE], MAP)
    assert Unit("milan", UnitKind.ARMY, "PISA") in done.state.units
    assert done.state.rebellions == ()


def test_a_rebel_city_falls_to_two_consecutive_sieges_of_its_player() -> None:
    """CM-7.3-3, AM-30 (3): Florence's army in the province of Pisa besieges its
    own city risen in rebellion: the first `B` begins the siege, the second
    ends the rebellion at the turn's end. A hold does nothing to it, and another
    player's army may not besiege a city with no garrison."""
    army = Unit("florence", UnitKind.ARMY, "PISA")
    state = _state(army, rebellions=(Rebellion("PISA", "florence", in_city=True),))
    siege = Besiege("florence", UnitRef(UnitKind.ARMY, "PISA"))
    first = MACHIAVELLI.resolve(state, [siege], MAP)
    assert first.state.sieges == {"PISA": "florence"}
    assert first.state.rebellions == state.rebellions
    assert first.events[0].kind is EventKind.SIEGE_BEGUN
    second = MACHIAVELLI.resolve(first.state, [siege], MAP)
    assert second.state.rebellions == ()
    assert army in second.state.units and second.state.sieges == {}
    assert any("PISA (city): put down" in note for note in second.notes)
    held = MACHIAVELLI.resolve(first.state, [Hold("florence", UnitRef(UnitKind.ARMY, "PISA"))], MAP)
    assert held.state.rebellions == state.rebellions  # the siege lifted, the city still rebel
    milan = Unit("milan", UnitKind.ARMY, "PISA")
    other = _state(milan, rebellions=(Rebellion("PISA", "florence", in_city=True),))
    refused = MACHIAVELLI.resolve(other, [Besiege("milan", UnitRef(UnitKind.ARMY, "PISA"))], MAP)
    assert refused.results[0].reason is MachiavelliReason.NO_ENEMY_GARRISON
