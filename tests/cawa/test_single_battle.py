"""The single battle two sides of a double invasion agree on instead of the
skirmish (CC-CF-9, AC-30): its winner takes both hexes; a draw leaves both as
they were."""

from __future__ import annotations

from adjudicator.rulesets.cawa.records import Battle, Conflict, ConflictKind, Entry, MoveKind, Side
from adjudicator.rulesets.cawa.results import resolve_battles
from adjudicator.rulesets.cawa.state import CawaPhaseKind
from orders.cawa.model import REFEREE, BattleResult, ResultClass
from tests.cawa.fixtures import SMALL, state_on

DOUBLE = Conflict(
    1,
    ConflictKind.DOUBLE,
    "0202",
    (Entry("red", "0203", MoveKind.LAND, 1500), Entry("blue", "0202", MoveKind.LAND, 2000)),
    other_hex="0203",
)
SINGLE = Battle(1, "0202", (Side("red", True, 1500), Side("blue", True, 2000)), None, (1,))
STATE = state_on(
    SMALL,
    owners={"0202": "blue", "0203": "red"},
    kind=CawaPhaseKind.BATTLES,
    conflicts=(DOUBLE,),
    battles=(SINGLE,),
)


def test_the_winner_of_an_agreed_single_battle_takes_both_hexes() -> None:
    """CC-CF-9, AC-30: "una sola batalla que decidirá el futuro de las dos casillas"."""
    line = BattleResult(REFEREE, "0202", "red", ResultClass.DECISIVE)
    done = resolve_battles(STATE, [line])
    assert done.state.owners["0202"] == "red" and done.state.owners["0203"] == "red"
    assert done.state.battles == ()


def test_a_draw_in_the_single_battle_leaves_both_hexes_as_they_were() -> None:
    """AC-30: a draw leaves both as they were."""
    line = BattleResult(REFEREE, "0202", None, ResultClass.DRAW)
    done = resolve_battles(STATE, [line])
    assert done.verdicts[0].accepted
    assert done.state.owners["0202"] == "blue" and done.state.owners["0203"] == "red"
