"""Fleets in the movement phase (004 "Flotas"): launching, sailing, landing,
and what fleets do to PO, PM and the 3-per-player cap."""

from __future__ import annotations

from adjudicator.rulesets.cawa.movement import resolve_movement
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import ConflictKind, Fleet, MoveKind
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building
from maps.hexgrid import hex_code
from orders.cawa.model import LandFleet, LandMove, LaunchFleet, MoveFleet, MovementLine
from tests.cawa.test_movement import front, invade, movement_state, reasons

DONE = CawaReason.DONE

# front(2): red holds rows 1-2 (20 hexes), row 3 is blue (columns 1-5) and
# green (6-10), row 4 is water. Red also holds 1003 on the shore, with a
# village: 21 hexes, PO 4.
MAP, _OWNERS = front(2)
OWNERS = {**_OWNERS, "1003": "red"}
PORT = "1003"
BUILDINGS = {PORT: Building.VILLAGE}


def fleet_state(*fleets: Fleet, crowns: int = 20000) -> CawaState:
    return movement_state(MAP, OWNERS, BUILDINGS, crowns, fleets=fleets)


def land(column: int, points: int | None = None, via: str | None = None) -> LandFleet:
    """Red's fleet at row 4 of `column` lands on the hex above it (row 3)."""
    return LandFleet("red", hex_code(column, 4), hex_code(column, 3), points, via)


def test_launch_stays_at_sea() -> None:
    """CC-MV-16, AC-24: a ship from a village touching water that stays at sea,
    up to 3 water hexes away; recorded as launched this turn."""
    outcome = resolve_movement(fleet_state(), MAP, [LaunchFleet("red", PORT, "0804")])
    assert reasons(outcome) == [DONE]
    assert outcome.state.fleets == (Fleet("red", "0804"),)
    assert outcome.state.launched == (Fleet("red", "0804"),)
    assert outcome.conflicts == ()


def test_launch_limits() -> None:
    """AC-24, CC-M-8: a launch needs a port, ends on water, at most 3 water hexes away."""
    too_far = LaunchFleet("red", PORT, "0704")
    on_land = LaunchFleet("red", PORT, "0903")
    no_port = LaunchFleet("red", "0102", "0104")
    outcome = resolve_movement(fleet_state(), MAP, [too_far, on_land, no_port])
    assert reasons(outcome) == [
        CawaReason.TOO_FAR_BY_SEA,
        CawaReason.NOT_WATER,
        CawaReason.NO_PORT,
    ]
    assert outcome.state.fleets == ()


def test_many_fleets_share_a_hex() -> None:
    """CC-MV-16, AC-25: fleets are unlimited and may share a water hex, the
    player's own and others' alike; nothing at sea blocks them."""
    state = fleet_state(Fleet("red", "0904"), Fleet("blue", "0904"))
    outcome = resolve_movement(
        state, MAP, [LaunchFleet("red", PORT, "0904"), MoveFleet("red", "0904", "0804")]
    )
    assert reasons(outcome) == [DONE, DONE]
    assert outcome.state.fleets == (
        Fleet("blue", "0904"),
        Fleet("red", "0804"),
        Fleet("red", "0904"),
    )


def test_fleet_moves_up_to_three() -> None:
    """CC-MV-18: a fleet moves up to 3 water hexes, once per phase; not onto land."""
    state = fleet_state(Fleet("red", "0104"))
    outcome = resolve_movement(state, MAP, [MoveFleet("red", "0104", "0504")])
    assert reasons(outcome) == [CawaReason.TOO_FAR_BY_SEA]
    outcome = resolve_movement(state, MAP, [MoveFleet("red", "0104", "0103")])
    assert reasons(outcome) == [CawaReason.NOT_WATER]
    outcome = resolve_movement(
        state, MAP, [MoveFleet("red", "0104", "0404"), MoveFleet("red", "0404", "0504")]
    )
    assert reasons(outcome) == [DONE, CawaReason.NO_FLEET]
    assert outcome.state.fleets == (Fleet("red", "0404"),)
    outcome = resolve_movement(
        state, MAP, [MoveFleet("red", "0104", "0204"), MoveFleet("red", "0104", "0304")]
    )
    assert reasons(outcome) == [DONE, CawaReason.FLEET_ALREADY_MOVED]


def test_no_such_fleet() -> None:
    """CC-MV-18: only the player's own fleets at the start of the phase move;
    one launched this phase does not sail again."""
    state = fleet_state(Fleet("blue", "0104"))
    outcome = resolve_movement(
        state,
        MAP,
        [
            MoveFleet("red", "0104", "0204"),
            LaunchFleet("red", PORT, "0904"),
            MoveFleet("red", "0904", "0804"),
        ],
    )
    assert reasons(outcome) == [CawaReason.NO_FLEET, DONE, CawaReason.NO_FLEET]


def test_fleet_lands_without_moving_invasion() -> None:
    """CC-MV-19, CC-M-5: a fleet lands on an adjacent hex without moving; on
    another player's hex it is an invasion with points; the fleet leaves the sea."""
    state = fleet_state(Fleet("red", "0104"))
    outcome = resolve_movement(state, MAP, [land(1)])
    assert reasons(outcome) == [CawaReason.POINTS_NEEDED]
    outcome = resolve_movement(state, MAP, [land(1, 1500)])
    assert reasons(outcome) == [DONE]
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.INVASION
    assert conflict.defender == "blue"
    assert conflict.entries[0].kind is MoveKind.FLEET
    assert conflict.entries[0].from_hex == "0104"
    assert outcome.state.fleets == ()


def test_fleet_lands_after_moving() -> None:
    """CC-MV-19: a fleet may sail (up to 3) and then land next to where it ends,
    not next to where it started."""
    state = fleet_state(Fleet("red", "0104"))
    outcome = resolve_movement(state, MAP, [LandFleet("red", "0104", "0403", 1000, via="0404")])
    assert reasons(outcome) == [DONE]
    assert outcome.conflicts[0].hex == "0403"
    assert outcome.conflicts[0].entries[0].from_hex == "0404"
    outcome = resolve_movement(state, MAP, [LandFleet("red", "0104", "0403", 1000)])
    assert reasons(outcome) == [CawaReason.NOT_ADJACENT]
    assert outcome.state.fleets == (Fleet("red", "0104"),)
    outcome = resolve_movement(state, MAP, [LandFleet("red", "0104", "0503", 1000, via="0504")])
    assert reasons(outcome) == [CawaReason.TOO_FAR_BY_SEA]


def test_fleet_landing_skirmish() -> None:
    """CC-MV-19, CC-MV-9: a landing on a free hex another player also enters is a
    skirmish; a fleet lands once per phase."""
    owners = {**OWNERS}
    del owners["0103"]  # a free hex, next to blue's 0203 and red's fleet at 0104
    state = movement_state(MAP, owners, BUILDINGS, fleets=(Fleet("red", "0104"),))
    outcome = resolve_movement(
        state,
        MAP,
        [land(1), LandMove("blue", "0203", "0103"), MoveFleet("red", "0104", "0204")],
    )
    assert reasons(outcome) == [DONE, DONE, CawaReason.FLEET_ALREADY_MOVED]
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.SKIRMISH
    assert {e.player for e in conflict.entries} == {"red", "blue"}
    assert "0103" not in outcome.state.owners


def test_po_four_with_two_fleets_two_invasions() -> None:
    """CC-MV-17, AC-21: PO 4 with two fleets at sea declares 2 invasions."""
    state = fleet_state(Fleet("red", "0104"), Fleet("red", "0904"))
    lines = [invade(2, c, 1000) for c in (1, 2, 6)]
    outcome = resolve_movement(state, MAP, lines)
    assert reasons(outcome) == [DONE, DONE, CawaReason.NO_PO_LEFT]


def test_landing_uses_no_po() -> None:
    """CC-MV-20, AC-21, AC-22: PO 4, two fleets, one lands: still two land
    invasions (the landing fleet still counts against PO, its landing uses none)."""
    state = fleet_state(Fleet("red", "0104"), Fleet("red", "0904"))
    lines: list[MovementLine] = [
        land(1, 1000),
        invade(2, 2, 1000),
        invade(2, 6, 1000),
        invade(2, 7, 1000),
    ]
    outcome = resolve_movement(state, MAP, lines)
    assert reasons(outcome) == [DONE, DONE, DONE, CawaReason.NO_PO_LEFT]
    assert outcome.state.fleets == (Fleet("red", "0904"),)


def test_launch_this_turn_counts_against_po() -> None:
    """AC-21, AC-26: a fleet launched this phase lowers PO at once; a launch that
    would leave fewer PO than the invasions already declared is refused."""
    lines = [LaunchFleet("red", PORT, "0904")] + [invade(2, c, 1000) for c in (1, 2, 6, 7)]
    outcome = resolve_movement(fleet_state(), MAP, lines)
    assert reasons(outcome) == [DONE, DONE, DONE, DONE, CawaReason.NO_PO_LEFT]
    lines = [invade(2, c, 1000) for c in (1, 2, 6, 7)] + [LaunchFleet("red", PORT, "0904")]
    outcome = resolve_movement(fleet_state(), MAP, lines)
    assert reasons(outcome) == [DONE, DONE, DONE, DONE, CawaReason.NO_PO_LEFT]
    assert outcome.state.fleets == ()
    lines = [invade(2, c, 1000) for c in (1, 2, 6)] + [LaunchFleet("red", PORT, "0904")]
    outcome = resolve_movement(fleet_state(), MAP, lines)
    assert reasons(outcome) == [DONE] * 4


def test_fleet_is_no_pm() -> None:
    """CC-MV-21: a fleet is not people fighting: launching and sailing use no
    PM (PM 1000 still pays an invasion of 1000)."""
    state = fleet_state(Fleet("red", "0104"), crowns=1000)
    lines: list[MovementLine] = [
        LaunchFleet("red", PORT, "0904"),
        MoveFleet("red", "0104", "0204"),
        invade(2, 1, 1000),
    ]
    outcome = resolve_movement(state, MAP, lines)
    assert reasons(outcome) == [DONE] * 3


def test_landing_points_count_in_pm() -> None:
    """AC-22, CC-MV-12: a landing invasion's points count in the PM sum."""
    state = fleet_state(Fleet("red", "0104"), crowns=2500)
    outcome = resolve_movement(state, MAP, [land(1, 2000), invade(2, 6, 1000)])
    assert reasons(outcome) == [DONE, CawaReason.OVER_PM]


def test_landing_counts_in_three_against_one() -> None:
    """AC-22, AC-47, CC-CF-14: a landing counts among the 3 invasions against one player."""
    state = fleet_state(Fleet("red", "0104"))
    lines = [invade(2, c, 1000) for c in (2, 3, 4)] + [land(1, 1000)]
    outcome = resolve_movement(state, MAP, lines)
    assert reasons(outcome) == [DONE, DONE, DONE, CawaReason.THREE_AGAINST_ONE]
    assert outcome.state.fleets == (Fleet("red", "0104"),)
