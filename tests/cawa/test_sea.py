"""Sailing (004 "Movimiento por mar", "Flotas"; `adjudicator.rulesets.cawa.sea`):
the water a ship reaches, where it lands, named paths, and the sea moves of
the movement phase."""

from __future__ import annotations

from adjudicator.rulesets.cawa.movement import resolve_movement
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import ConflictKind, Fleet
from adjudicator.rulesets.cawa.sea import (
    SHIP_RANGE,
    is_water,
    landings,
    path_is_valid,
    touches_water,
    water_within,
)
from adjudicator.rulesets.cawa.state import CawaPhaseKind
from maps.cawa.model import Building
from orders.cawa.model import LandMove, LaunchFleet, SeaMove
from tests.cawa.fixtures import SMALL, grid_map, state_on
from tests.cawa.test_movement import DONE, VILLAGE, movement_state, reasons, run

# A long channel: 0102 on the west shore, water 0202 .. 0602, 0702 east.
CHANNEL = grid_map([".......", ".~~~~~.", "......."])


def test_range_is_three() -> None:
    """CC-MV-13, CC-MV-18: a ship or a fleet crosses 3 water hexes."""
    assert SHIP_RANGE == 3


def test_water_within_counts_from_the_first_water_hex() -> None:
    """CC-MV-13, AC-23: from land the first water hex next to the source is 1;
    nothing beyond 3 is reached."""
    reached = water_within(CHANNEL, "0102")
    assert reached == {"0202": 1, "0302": 2, "0402": 3}
    assert "0502" not in reached


def test_water_within_from_a_fleet() -> None:
    """CC-MV-18: a fleet's own hex is 0; it reaches 3 water hexes in any direction."""
    reached = water_within(CHANNEL, "0402")
    assert reached == {"0402": 0, "0302": 1, "0502": 1, "0202": 2, "0602": 2}


def test_water_within_fewer_steps() -> None:
    """CC-MV-18: the range may be given (advanced rules: Dwarfs 2)."""
    assert set(water_within(CHANNEL, "0102", 2)) == {"0202", "0302"}


def test_landings_next_to_reached_water() -> None:
    """AC-23: a landing is a land hex next to a water hex reached; never the
    source; never water; a far shore beyond 3 is not reached."""
    found = landings(CHANNEL, "0102")
    assert "0102" not in found
    assert "0401" in found and "0403" in found
    assert "0702" not in found
    assert not any(is_water(CHANNEL, h) for h in found)
    assert "0702" in landings(CHANNEL, "0402")


def test_landing_from_a_hex_without_water_is_none() -> None:
    """CC-MV-13: a hex that touches no water launches no ship."""
    assert not touches_water(CHANNEL, "0103")
    assert landings(CHANNEL, "0103") == frozenset()
    assert touches_water(CHANNEL, "0102")


def test_touches_water_on_small() -> None:
    """CC-MV-13, CC-M-8: SMALL's 0501 borders the water at 0601; 0101 does not."""
    assert touches_water(SMALL, "0501")
    assert not touches_water(SMALL, "0101")
    assert is_water(SMALL, "0601") and not is_water(SMALL, "0501")


def test_path_is_valid() -> None:
    """AC-23: a named path is 1 to 3 water hexes, each next to the one before
    (the first next to the source), the landing next to the last."""
    assert path_is_valid(CHANNEL, "0102", ("0202", "0302", "0402"), "0403")
    assert path_is_valid(CHANNEL, "0102", ("0202",), "0203")
    assert not path_is_valid(CHANNEL, "0102", (), "0203")
    assert not path_is_valid(CHANNEL, "0102", ("0202", "0302", "0402", "0502"), "0503")
    assert not path_is_valid(CHANNEL, "0102", ("0302",), "0303")  # not next to the source
    assert not path_is_valid(CHANNEL, "0102", ("0202", "0402"), "0403")  # a gap
    assert not path_is_valid(CHANNEL, "0102", ("0202", "0203"), "0303")  # land in the path
    assert not path_is_valid(CHANNEL, "0102", ("0202",), "0503")  # landing far
    assert not path_is_valid(CHANNEL, "0102", ("0202",), "0302")  # landing on water


def test_path_without_landing_is_a_fleet_route() -> None:
    """CC-MV-16, AC-24: with no landing the path is a fleet's route."""
    assert path_is_valid(CHANNEL, "0102", ("0202", "0302"), "")


def test_several_fleets_do_not_block() -> None:
    """AC-25: nothing at sea blocks a ship: blue's fleets on red's path leave
    its sailing legal and stay where they are."""
    fleets = (Fleet("blue", "0202"), Fleet("blue", "0302"), Fleet("green", "0302"))
    state = state_on(
        CHANNEL,
        {"0102": "red"},
        {"0102": Building.VILLAGE},
        kind=CawaPhaseKind.MOVEMENT,
        fleets=fleets,
    )
    line = SeaMove("red", "0102", "0403", path=("0202", "0302", "0402"))
    outcome = resolve_movement(state, CHANNEL, [line])
    assert outcome.verdicts[0].reason is CawaReason.DONE
    assert outcome.state.owners["0403"] == "red"
    assert outcome.state.fleets == tuple(sorted(fleets))


# --- sea moves (CC-MV-13 .. CC-MV-15, AC-23) -----------------------------------------

# A bay: red's village 0102 on the west shore, water 0202 0302 0402, blue's
# 0502 on the east shore, free 0503 beyond it.
BAY = grid_map([".....", ".~~~.", ".....", "....."])
BAY_OWNERS = {"0102": "red", "0101": "red", "0502": "blue"}
BAY_STATE = movement_state(BAY, BAY_OWNERS, {"0102": VILLAGE})


def test_sea_move_lands_within_three_water_hexes() -> None:
    """CC-MV-13, AC-23: from a village touching the sea, a ship crosses up to 3
    water hexes and lands; the free landing hex becomes the mover's."""
    outcome = run(BAY_STATE, BAY, SeaMove("red", "0102", "0501"))
    assert reasons(outcome) == [DONE]
    assert outcome.state.owners["0501"] == "red"


def test_sea_move_needs_village_or_castle_touching_water() -> None:
    """CC-MV-13: no village or castle, or one not on the shore, is no port."""
    no_building = movement_state(BAY, BAY_OWNERS)
    assert reasons(run(no_building, BAY, SeaMove("red", "0102", "0501"))) == [CawaReason.NO_PORT]
    inland = movement_state(BAY, {"0104": "red"}, {"0104": Building.CASTLE})
    assert reasons(run(inland, BAY, SeaMove("red", "0104", "0501"))) == [CawaReason.NO_PORT]


def test_sea_move_from_castle() -> None:
    """CC-MV-13: a castle launches ships like a village (newly built counts: it is
    in the state at the start of the movement phase)."""
    state = movement_state(BAY, BAY_OWNERS, {"0102": Building.CASTLE})
    assert reasons(run(state, BAY, SeaMove("red", "0102", "0403"))) == [DONE]


def test_sea_move_too_far() -> None:
    """CC-MV-13, AC-23: a landing beyond 3 water hexes is refused."""
    long_bay = grid_map(["......", ".~~~~.", "......"])
    state = movement_state(long_bay, {"0102": "red"}, {"0102": VILLAGE})
    outcome = run(state, long_bay, SeaMove("red", "0102", "0602"))
    assert reasons(outcome) == [CawaReason.TOO_FAR_BY_SEA]
    outcome = run(state, long_bay, SeaMove("red", "0102", "0501"))
    assert reasons(outcome) == [DONE]


def test_sea_move_named_path() -> None:
    """AC-23: a named path must be a chain of up to 3 water hexes ending next to
    the landing; a land hex in it is refused."""
    good = SeaMove("red", "0102", "0501", path=("0202", "0302", "0402"))
    bad = SeaMove("red", "0102", "0501", path=("0202", "0402"))
    dry = SeaMove("red", "0102", "0501", path=("0203",))
    assert reasons(run(BAY_STATE, BAY, good)) == [DONE]
    assert reasons(run(BAY_STATE, BAY, bad)) == [CawaReason.TOO_FAR_BY_SEA]
    assert reasons(run(BAY_STATE, BAY, dry)) == [CawaReason.NOT_WATER]


def test_sea_landing_on_enemy_is_invasion() -> None:
    """CC-MV-14: a landing on another player's hex is an invasion in every
    respect: points needed, listed as an invasion by sea."""
    outcome = run(BAY_STATE, BAY, SeaMove("red", "0102", "0502"))
    assert reasons(outcome) == [CawaReason.POINTS_NEEDED]
    outcome = run(BAY_STATE, BAY, SeaMove("red", "0102", "0502", 1500))
    assert reasons(outcome) == [DONE]
    (conflict,) = outcome.conflicts
    assert conflict.kind is ConflictKind.INVASION
    assert conflict.defender == "blue"
    assert conflict.entries[0].kind.value == "sea"
    assert outcome.state.owners["0502"] == "blue"


def test_one_sea_move_per_village() -> None:
    """CC-MV-15: any number of sea moves, one per village; never a land move and
    a sea move from one hex."""
    state = movement_state(BAY, BAY_OWNERS, {"0102": VILLAGE, "0101": VILLAGE})
    outcome = run(
        state,
        BAY,
        SeaMove("red", "0102", "0501"),
        SeaMove("red", "0101", "0403"),
        SeaMove("red", "0102", "0301"),
        LandMove("red", "0102", "0202"),
    )
    assert reasons(outcome) == [
        DONE,
        DONE,
        CawaReason.SOURCE_ALREADY_MOVED,
        CawaReason.WATER_HEX,
    ]
    outcome = run(state, BAY, LandMove("red", "0101", "0201"), SeaMove("red", "0101", "0403"))
    assert reasons(outcome) == [DONE, CawaReason.SOURCE_ALREADY_MOVED]


def test_sea_and_land_into_one_target() -> None:
    """CC-MV-5, AC-05: a land move and a ship of one player into one hex: the
    second is refused."""
    owners = {**BAY_OWNERS, "0404": "red"}
    state = movement_state(BAY, owners, {"0102": VILLAGE})
    outcome = run(state, BAY, LandMove("red", "0404", "0403"), SeaMove("red", "0102", "0403"))
    assert reasons(outcome) == [DONE, CawaReason.TARGET_ALREADY_ENTERED]


def test_launch_is_the_hexs_move() -> None:
    """AC-24, CC-MV-15: launching a fleet is the village's move for the phase."""
    outcome = run(
        BAY_STATE,
        BAY,
        LaunchFleet("red", "0102", "0302"),
        SeaMove("red", "0102", "0501"),
    )
    assert reasons(outcome) == [DONE, CawaReason.SOURCE_ALREADY_MOVED]
