"""Where villages and castles may stand (004 "Construcciones", "Pueblo",
"Castillo"): CC-M-9 .. CC-M-19, AC-02, AC-14, AC-16 .. AC-18."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.rulesets.cawa.buildings import (
    building_neighbours,
    castle_refusal,
    castles_after,
    enemy_neighbours,
    village_refusal,
)
from adjudicator.rulesets.cawa.economy import INCOME_KINDS, resolve_economy
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building
from orders.cawa.model import BuildVillage, EconomyLine, UpgradeCastle
from tests.cawa.fixtures import grid_map, state_on

V, C = Building.VILLAGE, Building.CASTLE

# --- the lost figure of CC-M-13, rebuilt (AC-02) ----------------------------------
#
# Five columns of plain. Blue ("las casillas lilas") holds column 1, green
# ("las rojas") column 5; red ("las verde claro", ours) holds the hexes below,
# with a village on P = 0303. Labels as the book's figure has them:
#
#   0202 e   0402 e      touch an enemy only
#   0302 a               touches the building only
#   0203 X   0204 X      touch an enemy and the building
#   0403 X   0404 X
#   0301 si              neither: the only hex we may build on
FIGURE = grid_map([".....", ".....", ".....", ".....", "....."])
FIGURE_LABELS = {
    "0202": "e",
    "0402": "e",
    "0302": "a",
    "0203": "X",
    "0204": "X",
    "0403": "X",
    "0404": "X",
    "0301": "si",
}
P = "0303"


def _figure_state() -> CawaState:
    owners = {f"01{r:02d}": "blue" for r in range(1, 6)}
    owners |= {f"05{r:02d}": "green" for r in range(1, 6)}
    owners |= dict.fromkeys([P, *FIGURE_LABELS], "red")
    return state_on(FIGURE, owners, {P: V})


def _label(state: CawaState, code: str) -> str:
    enemy = bool(enemy_neighbours(state, FIGURE, "red", code))
    built = bool(building_neighbours(FIGURE, code, state.buildings))
    return {(True, False): "e", (False, True): "a", (True, True): "X"}.get((enemy, built), "si")


def test_figure_labels_hold() -> None:
    """CC-M-13, AC-02: the rebuilt figure: every sentence of the book holds
    ("e" touch an enemy, "a" the village, "X" both, "si" neither)."""
    state = _figure_state()
    assert {code: _label(state, code) for code in FIGURE_LABELS} == FIGURE_LABELS
    assert all(FIGURE.adjacent(P, h) for h, lab in FIGURE_LABELS.items() if lab in "aX")
    assert [lab for lab in FIGURE_LABELS.values() if lab == "a"] == ["a"]


def test_figure_only_si_may_be_built_on() -> None:
    """CC-M-10, CC-M-13: of our hexes only "si" takes a village; "e" and "X"
    touch an enemy, "a" the building; P already has one."""
    state = _figure_state()
    reasons = {code: village_refusal(state, FIGURE, "red", code, {}) for code in FIGURE_LABELS}
    assert reasons["0301"] is None
    for code, label in FIGURE_LABELS.items():
        refusal = reasons[code]
        if label in ("e", "X"):
            assert refusal is not None and refusal.reason is CawaReason.TOUCHES_ENEMY
        elif label == "a":
            assert refusal is not None and refusal.reason is CawaReason.TOUCHES_BUILDING
    p_refusal = village_refusal(state, FIGURE, "red", P, {})
    assert p_refusal is not None and p_refusal.reason is CawaReason.ALREADY_BUILT


def test_figure_through_the_economy_phase() -> None:
    """CC-M-13, CC-E-18: building on every labelled hex at once: only "si" is
    built and paid for (1000, CC-M-15); the refused lines cost nothing (AC-06)."""
    state = _figure_state()
    lines = [BuildVillage("red", code) for code in FIGURE_LABELS]
    outcome = resolve_economy(state, FIGURE, lines, die=1)
    done = [v.line.hex for v in outcome.verdicts if v.accepted]  # type: ignore[union-attr]
    assert done == ["0301"]
    assert outcome.state.buildings == {P: V, "0301": V}
    statement = outcome.statements["red"]
    assert statement.closing == statement.opening + statement.total(*INCOME_KINDS) - 1000


# --- placement rules --------------------------------------------------------------

LINE = grid_map(["......", "......", "...~~~"])


def test_water_hex_takes_no_building() -> None:
    """CC-M-9: water hexes cannot have buildings (even one wrongly owned)."""
    state = state_on(LINE, {"0403": "red"})
    refusal = village_refusal(state, LINE, "red", "0403", {})
    assert refusal is not None and refusal.reason is CawaReason.WATER_HEX


def test_only_on_own_hexes() -> None:
    """CC-M-11: only on one's own hexes: not on a nobody hex, not on another's."""
    state = state_on(LINE, {"0101": "red", "0601": "blue"})
    for code in ("0301", "0601"):
        refusal = village_refusal(state, LINE, "red", code, {})
        assert refusal is not None and refusal.reason is CawaReason.NOT_YOUR_HEX
    assert village_refusal(state, LINE, "red", "0101", {}) is None
    unknown = village_refusal(state, LINE, "red", "0909", {})
    assert unknown is not None and unknown.reason is CawaReason.UNKNOWN_HEX


def test_any_players_hex_is_enemy() -> None:
    """CC-M-10, AC-16: a hex touching any other player's hex is refused."""
    state = state_on(LINE, {"0101": "red", "0201": "green"})
    refusal = village_refusal(state, LINE, "red", "0101", {})
    assert refusal is not None and refusal.reason is CawaReason.TOUCHES_ENEMY
    assert "0201" in refusal.detail


def test_any_building_blocks_even_on_a_nobody_hex() -> None:
    """CC-M-10, AC-14, AC-16: a building anyone's, even one left on an
    abandoned hex, blocks a village next to it."""
    state = state_on(LINE, {"0101": "red"}, {"0201": V})
    refusal = village_refusal(state, LINE, "red", "0101", {})
    assert refusal is not None and refusal.reason is CawaReason.TOUCHES_BUILDING


def test_buildings_accepted_earlier_this_phase_block() -> None:
    """AC-16: a village accepted earlier this phase blocks its neighbours; a
    later conflicting line is refused and costs nothing."""
    state = state_on(LINE, {"0101": "red", "0201": "red", "0401": "red"})
    refusal = village_refusal(state, LINE, "red", "0201", {"0101": V})
    assert refusal is not None and refusal.reason is CawaReason.TOUCHES_BUILDING
    lines = [BuildVillage("red", "0101"), BuildVillage("red", "0201"), BuildVillage("red", "0401")]
    outcome = resolve_economy(state, LINE, lines, die=2)
    assert [v.reason for v in outcome.verdicts] == [
        CawaReason.DONE,
        CawaReason.TOUCHES_BUILDING,
        CawaReason.DONE,
    ]
    statement = outcome.statements["red"]
    assert statement.closing == statement.opening + statement.total(*INCOME_KINDS) - 2000


def test_upgrade_checks_the_neighbours_too() -> None:
    """AC-16: the rule holds for upgrades: a village that now touches an enemy
    hex, or a building, cannot become a castle."""
    near_enemy = state_on(LINE, {"0101": "red", "0201": "blue"}, {"0101": V})
    refusal = castle_refusal(near_enemy, LINE, "red", "0101", {})
    assert refusal is not None and refusal.reason is CawaReason.TOUCHES_ENEMY
    near_building = state_on(LINE, {"0101": "red", "0201": "red"}, {"0101": V, "0201": V})
    refusal = castle_refusal(near_building, LINE, "red", "0101", {})
    assert refusal is not None and refusal.reason is CawaReason.TOUCHES_BUILDING


def test_castle_needs_a_village() -> None:
    """CC-M-16: a castle only on one's hex that already has a village."""
    state = state_on(LINE, {"0101": "red", "0401": "red"}, {"0401": C})
    refusal = castle_refusal(state, LINE, "red", "0101", {})
    assert refusal is not None and refusal.reason is CawaReason.NO_VILLAGE
    again = castle_refusal(state, LINE, "red", "0401", {})
    assert again is not None and again.reason is CawaReason.ALREADY_BUILT


def test_no_build_and_upgrade_in_one_phase() -> None:
    """AC-18, CC-M-16: a castle needs a village that stood at the start of the
    phase: building and upgrading one hex in one phase is refused."""
    state = state_on(LINE, {"0101": "red"})
    lines: list[EconomyLine] = [BuildVillage("red", "0101"), UpgradeCastle("red", "0101")]
    outcome = resolve_economy(state, LINE, lines, die=6)
    assert [v.reason for v in outcome.verdicts] == [CawaReason.DONE, CawaReason.BUILT_THIS_PHASE]
    assert outcome.state.buildings == {"0101": V}


# --- the castle ratio (CC-M-18, CC-M-19, AC-17) -------------------------------------

WIDE = grid_map(["." * 9] * 5)


def _spread(count: int) -> list[str]:
    """`count` hexes of WIDE none of which touches another."""
    spots = [f"{c:02d}{r:02d}" for c in range(1, 10, 2) for r in range(1, 6, 2)]
    chosen = spots[:count]
    assert len(chosen) == count
    assert not any(WIDE.adjacent(a, b) for a in chosen for b in chosen)
    return chosen


def _realm(villages: int, castles: int) -> tuple[CawaState, list[str]]:
    spots = _spread(villages + castles)
    buildings: Mapping[str, Building] = {h: (C if i < castles else V) for i, h in enumerate(spots)}
    state = state_on(WIDE, dict.fromkeys(WIDE.hexes, "red"), buildings, crowns=20000)
    return state, spots[castles:]


def _upgrades(state: CawaState, hexes: Sequence[str]) -> list[CawaReason]:
    outcome = resolve_economy(state, WIDE, [UpgradeCastle("red", h) for h in hexes], die=3)
    return [v.reason for v in outcome.verdicts]


def test_book_example_six_villages_one_castle() -> None:
    """CC-M-19, AC-17: 6 villages and 1 castle: one upgrade is allowed (5
    villages, 2 castles); the next is refused."""
    state, villages = _realm(6, 1)
    assert _upgrades(state, villages[:2]) == [CawaReason.DONE, CawaReason.CASTLE_RATIO]
    outcome = resolve_economy(state, WIDE, [UpgradeCastle("red", villages[0])], die=3)
    assert outcome.state.buildings_of("red", V) == 5
    assert outcome.state.buildings_of("red", C) == 2


def test_six_villages_allow_two_castles_in_one_phase() -> None:
    """CC-M-18, CC-M-19, AC-17: 6 villages at the start of the turn allow 2
    castles; several upgrades in one phase while the ratio holds."""
    state, villages = _realm(6, 0)
    assert _upgrades(state, villages[:3]) == [
        CawaReason.DONE,
        CawaReason.DONE,
        CawaReason.CASTLE_RATIO,
    ]


def test_third_castle_needs_nine_villages() -> None:
    """CC-M-19, AC-17: with 2 castles the third needs 9 villages at the start
    of the turn: 8 are not enough, 9 are."""
    state, villages = _realm(8, 2)
    assert _upgrades(state, villages[:1]) == [CawaReason.CASTLE_RATIO]
    state, villages = _realm(9, 2)
    assert _upgrades(state, villages[:1]) == [CawaReason.DONE]


def test_castles_after_counts_this_phases_upgrades() -> None:
    """AC-17: the castles counted include the upgrades accepted earlier this
    phase (only the player's own)."""
    state, villages = _realm(6, 1)
    placed = {villages[0]: C, villages[1]: V}
    assert castles_after(state, "red", placed) == 2
    assert castles_after(state, "blue", placed) == 0


def test_ratio_refusal_detail() -> None:
    """CC-M-18: the refusal says how many villages the castles need."""
    state, villages = _realm(2, 0)
    refusal = castle_refusal(state, WIDE, "red", villages[0], {})
    assert refusal is not None and refusal.reason is CawaReason.CASTLE_RATIO
    assert "3 villages" in refusal.detail and "had 2" in refusal.detail
