"""The CaWa state file (`turns/<phase>.yaml`): every record written and read
back exactly, and a malformed file refused naming its key (Trust #7)."""

from __future__ import annotations

import re

import pytest
import yaml

from adjudicator.rulesets.cawa.codec import CawaStateError, state_from_dict, state_to_dict
from adjudicator.rulesets.cawa.records import (
    Battle,
    Conflict,
    ConflictKind,
    Entry,
    Fleet,
    MoveKind,
    Payment,
    Side,
)
from adjudicator.rulesets.cawa.state import CawaPhaseKind
from adjudicator.rulesets.cawa.validate import cawa_problems
from maps.cawa.model import Building, Terrain
from tests.cawa.fixtures import SMALL, state_on

FULL = state_on(
    SMALL,
    owners={"0101": "red", "0201": "red", "0303": "blue"},
    buildings={"0101": Building.CASTLE, "0303": Building.VILLAGE},
    kind=CawaPhaseKind.REACTIONS,
    turn=3,
    terrain={"0201": Terrain.MOUNTAIN},
    fleets=(Fleet("blue", "0505"),),
    launched=(Fleet("blue", "0505"),),
    upkeep={"red": 1500},
    payments=(Payment("blue", "red", 500, 1),),
    conflicts=(
        Conflict(
            1,
            ConflictKind.INVASION,
            "0303",
            (Entry("red", "0202", MoveKind.LAND, 1500),),
            defender="blue",
        ),
    ),
    battles=(Battle(1, "0303", (Side("red", True, 1500), Side("blue", False)), "blue", (1,)),),
    winner=None,
)


def test_every_record_round_trips_through_yaml() -> None:
    """CC-C-1: the referee's control sheet is the state file: owners (NT),
    treasury (CO), buildings, terrain changes, fleets, upkeep, payments,
    conflicts and battles, written and read back exactly."""
    text = yaml.safe_dump(state_to_dict(FULL), sort_keys=False)
    assert state_from_dict(yaml.safe_load(text)) == FULL
    assert cawa_problems(FULL, SMALL) == ()


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"phase": "1-winter"}, "phase: bad phase id"),
        ({"owners": {"red": [203]}}, "write codes in quotes, like '0203'"),
        ({"owners": {"red": ["0101"], "blue": ["0101"]}}, "0101 is also red's"),
        ({"treasury": {"red": -5}}, "treasury.red: expected a whole number"),
        ({"terrain": {"0101": "water"}}, "never becomes water"),
        ({"castles": ["0101"], "villages": ["0101"]}, "also listed under villages"),
        ({"colour": "red"}, "unknown key(s) colour"),
        ({"battles": [{"number": 1, "hex": "0101", "sides": []}]}, "battles[0].sides"),
    ],
)
def test_a_malformed_state_is_refused_naming_the_key(
    patch: dict[str, object], message: str
) -> None:
    data = {**state_to_dict(FULL), **patch}
    with pytest.raises(CawaStateError, match=re.escape(message)):
        state_from_dict(data)


def test_a_state_that_does_not_fit_the_map_is_named() -> None:
    """CC-M-8: nobody owns water; unknown hexes and players are named."""
    state = state_on(SMALL, owners={"0601": "red", "9999": "red"}, treasury={"mauve": 5})
    problems = "\n".join(cawa_problems(state, SMALL))
    assert "0601 is a water hex" in problems
    assert "9999 is not a hex of the map" in problems
    assert "treasury.mauve: 'mauve' is not one of the players" in problems
