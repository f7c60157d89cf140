"""`classic` beyond single DATC phases: registry, options, the calendar,
centre ownership, victory and civil-disorder defaults (2023 rulebook)."""

from __future__ import annotations

import pytest

from adjudicator.app.registry import UnknownRuleset, find_ruleset
from adjudicator.core.options import OptionError
from adjudicator.core.phase import Phase
from adjudicator.kits.board.adjustment import CivilDisorderRule
from adjudicator.kits.board.results import Outcome, Reason
from adjudicator.kits.board.state import GameState, PhaseKind, Season, Unit
from adjudicator.rulesets.classic import CLASSIC
from maps import load_map
from orders.board.model import Disband, Hold, Move, SupportMove, UnitKind, UnitRef
from orders.issues import Source

MAP = load_map("classic")


def army(power: str, loc: str) -> Unit:
    return Unit(power, UnitKind.ARMY, loc)


def fleet(power: str, loc: str) -> Unit:
    return Unit(power, UnitKind.FLEET, loc)


def state(phase: str, units: list[Unit], centers: dict[str, str] | None = None) -> GameState:
    return GameState(Phase.parse(phase), tuple(sorted(units)), centers or {})


def test_find_ruleset_names_the_known_rulesets() -> None:
    assert CLASSIC.name == "classic"
    assert find_ruleset(" Classic ").name == "classic"
    with pytest.raises(UnknownRuleset, match="known rulesets are .*classic"):
        find_ruleset("diplomacia")


def test_options_follow_the_rulebook_and_report_changes() -> None:
    default = CLASSIC.options()
    assert default.victory_centers == 18
    assert CLASSIC.changed_options(default) == {}
    changed = CLASSIC.options({"victory_centers": 17})
    assert CLASSIC.changed_options(changed) == {"victory_centers": 17}
    preset = CLASSIC.options(preset="pre2023")
    assert preset.civil_disorder is CivilDisorderRule.DISTANCE_TO_HOME
    with pytest.raises(OptionError, match="unknown option 'victory'"):
        CLASSIC.options({"victory": 3})
    with pytest.raises(OptionError, match="unknown preset"):
        CLASSIC.options(preset="1971")


def test_initial_state_is_the_1901_position() -> None:
    start = CLASSIC.initial_state(MAP)
    assert start.phase == Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
    assert len(start.units) == 22
    assert fleet("russia", "STP/sc") in start.units
    assert start.centers_of("england") == ("EDI", "LON", "LVP")


def test_spring_without_dislodgement_goes_to_fall() -> None:
    start = CLASSIC.initial_state(MAP)
    result = CLASSIC.resolve(start, [], MAP)
    assert result.state.phase.id == "1901-fall-movement"
    assert all(r.reason is Reason.DEFAULT_HOLD for r in result.results)
    assert len(result.results) == 22


def test_dislodgement_opens_a_retreat_phase_then_missing_retreat_disbands() -> None:
    """Rules, "Retreats": a dislodged unit given no retreat order is disbanded."""
    before = state(
        "1901-spring-movement",
        [army("france", "BUR"), army("germany", "MUN"), army("germany", "RUH")],
    )
    orders = [
        Move("germany", UnitRef(None, "MUN"), "BUR"),
        Move("germany", UnitRef(None, "RUH"), "BUR"),
    ]
    # Two German moves into BUR bounce each other; the French army stays.
    moved = CLASSIC.resolve(before, orders, MAP)
    assert moved.state.phase.kind == PhaseKind.MOVEMENT  # nothing dislodged: own units bounce
    support = [
        Move("germany", UnitRef(None, "MUN"), "BUR"),
        Hold("germany", UnitRef(None, "RUH")),
    ]
    assert CLASSIC.resolve(before, support, MAP).state.phase.kind == PhaseKind.MOVEMENT
    attack = [
        Move("germany", UnitRef(None, "MUN"), "BUR"),
        SupportMove("germany", UnitRef(None, "RUH"), UnitRef(None, "MUN"), "BUR"),
    ]
    dislodging = CLASSIC.resolve(before, attack, MAP)
    assert dislodging.state.phase.id == "1901-spring-retreat"
    assert [d.unit for d in dislodging.state.dislodged] == [army("france", "BUR")]
    assert dislodging.state.dislodged[0].attacker_from == "MUN"
    # not MUN (the attacker came from there), not RUH (occupied)
    assert dislodging.state.dislodged[0].retreats == ("BEL", "GAS", "MAR", "PAR", "PIC")
    retreat = CLASSIC.resolve(dislodging.state, [], MAP)
    assert retreat.state.phase.id == "1901-fall-movement"
    assert army("france", "BUR") not in retreat.state.units
    [destroyed] = retreat.results
    assert destroyed.reason is Reason.DESTROYED and isinstance(destroyed.order, Disband)


def test_fall_updates_centre_ownership_and_goes_to_adjustments() -> None:
    """Rules, "Supply centers": ownership changes when a unit stands there after the Fall."""
    before = state(
        "1901-fall-movement",
        [army("germany", "KIE"), army("germany", "MUN")],
        {"KIE": "germany", "MUN": "germany", "BER": "germany"},
    )
    result = CLASSIC.resolve(before, [Move("germany", UnitRef(None, "KIE"), "HOL")], MAP)
    assert result.state.supply_centers["HOL"] == "germany"
    assert result.state.phase.id == "1901-winter-adjustment"  # 4 centres, 2 units: builds


def test_spring_does_not_change_centre_ownership() -> None:
    before = state("1901-spring-movement", [army("germany", "KIE")], {"KIE": "germany"})
    result = CLASSIC.resolve(before, [Move("germany", UnitRef(None, "KIE"), "HOL")], MAP)
    assert "HOL" not in result.state.supply_centers


def test_no_adjustment_phase_when_nobody_can_adjust() -> None:
    before = state("1901-fall-movement", [army("italy", "VEN")], {"VEN": "italy"})
    result = CLASSIC.resolve(before, [], MAP)
    assert result.state.phase.id == "1902-spring-movement"


def test_victory_at_eighteen_centres() -> None:
    """Rules, "Victory": a power owning 18 supply centres after the Fall wins."""
    centres = [c for c in MAP.supply_centers()][:17]
    owned = {c: "france" for c in centres}
    free = next(
        c for c in MAP.supply_centers() if c not in owned and MAP.areas[c].kind.value != "sea"
    )
    neighbour = next(
        a
        for a in sorted(MAP.army_neighbours(free))
        if a not in owned and MAP.areas[a].kind.value != "sea"
    )
    before = state("1905-fall-movement", [army("france", neighbour)], owned)
    result = CLASSIC.resolve(before, [Move("france", UnitRef(None, neighbour), free)], MAP)
    assert len(result.state.centers_of("france")) == 18
    assert result.state.winner == "france"
    smaller = CLASSIC.resolve(before, [], MAP)
    assert smaller.state.winner is None


def test_missing_builds_are_waived_and_missing_removals_follow_civil_disorder() -> None:
    """Rules, "Civil disorder" (2023): unordered removals by distance to an owned centre."""
    before = state(
        "1901-winter-adjustment",
        [army("russia", "MOS"), army("russia", "UKR"), fleet("russia", "NWG")],
        {"MOS": "russia", "SEV": "russia"},
    )
    result = CLASSIC.resolve(before, [], MAP)
    [removal] = result.results
    assert removal.reason is Reason.CIVIL_DISORDER and removal.outcome is Outcome.SUCCEEDS
    assert removal.unit == fleet("russia", "NWG")
    assert result.state.phase.id == "1902-spring-movement"


def test_civil_disorder_pre2023_measures_to_home_centres() -> None:
    """The `pre2023` preset measures distance to home centres (DATC 6.J.11 note)."""
    before = state(
        "1901-winter-adjustment",
        [army("italy", "WAR"), army("italy", "TUS")],
        {"WAR": "italy"},
    )
    current = CLASSIC.resolve(before, [], MAP)
    old = CLASSIC.resolve(before, [], MAP, CLASSIC.options(preset="pre2023"))
    assert [r.unit for r in current.results] == [army("italy", "TUS")]
    assert [r.unit for r in old.results] == [army("italy", "WAR")]


def test_an_order_for_a_missing_unit_is_reported_and_the_rest_resolves() -> None:
    before = state("1901-spring-movement", [army("france", "PAR")])
    orders = [
        Move("france", UnitRef(None, "MAR"), "SPA"),
        Move("france", UnitRef(None, "PAR"), "BUR"),
    ]
    result = CLASSIC.resolve(before, orders, MAP)
    reasons = {r.reason for r in result.results}
    assert Reason.NO_UNIT in reasons and Reason.MOVED in reasons
    assert result.state.units == (army("france", "BUR"),)


def test_a_later_order_for_the_same_unit_replaces_the_earlier() -> None:
    before = state("1901-spring-movement", [army("france", "PAR")])
    first = Move("france", UnitRef(None, "PAR"), "PIC")
    second = Move("france", UnitRef(None, "PAR"), "BUR")
    result = CLASSIC.resolve(before, [first, second], MAP)
    by_order = {r.order: r.reason for r in result.results}
    assert by_order[first] is Reason.DUPLICATE
    assert by_order[second] is Reason.MOVED


def test_check_reports_illegal_orders_with_their_source() -> None:
    before = state("1901-spring-movement", [army("france", "PAR"), army("germany", "MUN")])
    src = Source("france.txt", 3, "A MUN - BUR")
    issues = CLASSIC.check(before, [Move("france", UnitRef(None, "MUN"), "BUR", source=src)], MAP)
    assert len(issues) == 1
    assert issues[0].kind.value == "illegal"
    assert issues[0].source == src
    assert "germany" in issues[0].message


def test_check_of_a_movement_phase_stops_before_the_resolver(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`check` needs only the order checks (`refusals`): the resolver is not run."""

    def no_resolver(*args: object) -> None:
        raise AssertionError("check ran the resolver")

    monkeypatch.setattr("adjudicator.rulesets.classic.movement.adjudicate", no_resolver)
    before = state("1901-spring-movement", [army("france", "PAR"), army("germany", "MUN")])
    src = Source("france.txt", 3, "A MUN - BUR")
    issues = CLASSIC.check(before, [Move("france", UnitRef(None, "MUN"), "BUR", source=src)], MAP)
    assert [i.source for i in issues] == [src]


def test_a_bad_option_value_is_an_option_error() -> None:
    with pytest.raises(OptionError, match="bad option value for classic"):
        CLASSIC.options({"civil_disorder": "by_dice"})
    assert CLASSIC.options({"civil_disorder": "distance_to_home"}).civil_disorder is (
        CivilDisorderRule.DISTANCE_TO_HOME
    )
