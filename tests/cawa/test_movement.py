"""The movement phase (004 "Fase de Movimientos", "Movimiento por mar"):
land and sea moves, the one-to-one rule, points, PO, PM, the written order."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.cawa.movement import MovementOutcome, resolve_movement
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import ConflictKind, Fleet
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import Building, CawaMap, Direction
from maps.hexgrid import hex_code
from orders.cawa.model import LandMove, MovementLine, SeaMove
from tests.cawa.fixtures import SMALL, grid_map, state_on

VILLAGE = Building.VILLAGE


def movement_state(
    game_map: CawaMap,
    owners: Mapping[str, str],
    buildings: Mapping[str, Building] | None = None,
    crowns: int = 10000,
    fleets: tuple[Fleet, ...] = (),
) -> CawaState:
    return state_on(game_map, owners, buildings, crowns, kind=CawaPhaseKind.MOVEMENT, fleets=fleets)


def reasons(outcome: MovementOutcome) -> list[CawaReason]:
    return [v.reason for v in outcome.verdicts]


def run(state: CawaState, game_map: CawaMap, *lines: MovementLine) -> MovementOutcome:
    return resolve_movement(state, game_map, lines)


DONE = CawaReason.DONE


# --- the lost movement figure (CC-MV-6, AC-02) -------------------------------------
#
# Rebuilt on a 7 x 5 board. The High Elf (red) holds 1 = 0303, 2 = 0204,
# 3 = 0305, 4 = 0503 (a village on the coast: 0604 is water) and 5 = 0203.
# Free hexes: a = 0302, b = 0403, c = 0404, d = 0304 (the four free
# neighbours of 1), e = 0603 (next to 4), f = 0605 (only by sea from 4,
# through 0604), g = 0102 (next to 5).
FIGURE = grid_map([".......", ".......", ".......", ".....~.", "......."])
ONE, TWO, THREE, FOUR, FIVE = "0303", "0204", "0305", "0503", "0203"
A, B, C, D, E, F, G = "0302", "0403", "0404", "0304", "0603", "0605", "0102"
ELF = "red"
FIGURE_STATE = movement_state(
    FIGURE, dict.fromkeys((ONE, TWO, THREE, FOUR, FIVE), ELF), {FOUR: VILLAGE}
)


def test_figure_hex_one_reaches_exactly_a_b_c_d() -> None:
    """CC-MV-6, AC-02: from hex 1 the High Elf may go to a, b, c or d: those
    are its only free neighbours on the rebuilt figure, and each is accepted
    alone."""
    free = {n for n in FIGURE.neighbours(ONE) if n not in FIGURE_STATE.owners}
    assert free == {A, B, C, D}
    for target in (A, B, C, D):
        outcome = run(FIGURE_STATE, FIGURE, LandMove(ELF, ONE, target))
        assert reasons(outcome) == [DONE]
        assert outcome.state.owners[target] == ELF


def test_figure_hex_one_goes_to_only_one() -> None:
    """CC-MV-6, CC-MV-5: "pero sólo a una de ellas": a second move from 1 is refused."""
    outcome = run(FIGURE_STATE, FIGURE, LandMove(ELF, ONE, A), LandMove(ELF, ONE, B))
    assert reasons(outcome) == [DONE, CawaReason.SOURCE_ALREADY_MOVED]
    assert B not in outcome.state.owners


def test_figure_legal_move_1c_2d_4e_5g() -> None:
    """CC-MV-6, CC-MV-7, CC-MV-9: the legal example 1c, 2d, 4e, 5g: no points,
    every target becomes the Elf's, no conflict."""
    outcome = run(
        FIGURE_STATE,
        FIGURE,
        LandMove(ELF, ONE, C),
        LandMove(ELF, TWO, D),
        LandMove(ELF, FOUR, E),
        LandMove(ELF, FIVE, G),
    )
    assert reasons(outcome) == [DONE] * 4
    assert all(outcome.state.owners[h] == ELF for h in (C, D, E, G))
    assert outcome.conflicts == ()


def test_figure_illegal_1d_3d() -> None:
    """CC-MV-6, CC-MV-5, AC-05, AC-26: 1d + 3d is illegal although d is free:
    the first stands, the second is refused."""
    outcome = run(FIGURE_STATE, FIGURE, LandMove(ELF, ONE, D), LandMove(ELF, THREE, D))
    assert reasons(outcome) == [DONE, CawaReason.TARGET_ALREADY_ENTERED]
    assert outcome.state.owners[D] == ELF
    assert outcome.conflicts == ()


def test_figure_illegal_4e_4f_even_by_sea() -> None:
    """CC-MV-6, CC-MV-15: 4e + 4f is illegal "aunque uno de ellos sea por mar",
    in either order."""
    land, sea = LandMove(ELF, FOUR, E), SeaMove(ELF, FOUR, F)
    outcome = run(FIGURE_STATE, FIGURE, land, sea)
    assert reasons(outcome) == [DONE, CawaReason.SOURCE_ALREADY_MOVED]
    assert F not in outcome.state.owners
    outcome = run(FIGURE_STATE, FIGURE, sea, land)
    assert reasons(outcome) == [DONE, CawaReason.SOURCE_ALREADY_MOVED]
    assert outcome.state.owners[F] == ELF
    assert E not in outcome.state.owners


# --- land moves ----------------------------------------------------------------------

# SMALL: red holds 0101 0201 0102 0202, blue 0302 0401; 0301, 0103 and
# 0203 are free and next to red; 0601 is water.
SMALL_OWNERS = {
    "0101": "red",
    "0201": "red",
    "0102": "red",
    "0202": "red",
    "0302": "blue",
    "0401": "blue",
}
SMALL_STATE = movement_state(SMALL, SMALL_OWNERS)


def test_many_moves_all_accepted() -> None:
    """CC-MV-2: a player may declare as many moves as he wants (one per hex)."""
    outcome = run(
        SMALL_STATE,
        SMALL,
        LandMove("red", "0201", "0301"),
        LandMove("red", "0102", "0103"),
        LandMove("red", "0202", "0203"),
    )
    assert reasons(outcome) == [DONE] * 3
    assert [outcome.state.owners[h] for h in ("0301", "0103", "0203")] == ["red"] * 3


def test_move_must_be_adjacent_and_not_water() -> None:
    """CC-MV-3, CC-M-8, CC-V-2: a move goes to an adjacent hex that can be
    occupied; water is never anyone's."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0101", "0303"))
    assert reasons(outcome) == [CawaReason.NOT_ADJACENT]
    assert "0303" not in outcome.state.owners
    state = movement_state(SMALL, {"0501": "red"})
    water = run(state, SMALL, LandMove("red", "0501", "0601"))
    assert reasons(water) == [CawaReason.WATER_HEX]
    assert "0601" not in water.state.owners


def test_move_from_a_hex_not_yours() -> None:
    """CC-MV-3, AC-28: a move leaves from the player's own hex at the start of the phase."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0302", "0303"))
    assert reasons(outcome) == [CawaReason.NOT_YOUR_HEX]
    assert "0303" not in outcome.state.owners


def test_unknown_hex_and_player() -> None:
    """CC-MV-3: a hex off the map, or a player not in the game, is refused."""
    outcome = run(
        SMALL_STATE,
        SMALL,
        LandMove("red", "0101", "0909"),
        LandMove("pink", "0201", "0301"),
    )
    assert reasons(outcome) == [CawaReason.UNKNOWN_HEX, CawaReason.UNKNOWN_PLAYER]


def test_into_own_hex_refused() -> None:
    """CC-MV-3, CC-M-5: a move into one's own hex is no move."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0101", "0201"))
    assert reasons(outcome) == [CawaReason.OWN_HEX]


def test_free_hex_takes_no_points() -> None:
    """CC-MV-7: into a free hex no points are named; a line that names some is
    refused (POINTS_NOT_NEEDED) and has no effect."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0201", "0301", 1000))
    assert reasons(outcome) == [CawaReason.POINTS_NOT_NEEDED]
    assert "0301" not in outcome.state.owners


def test_invasion_needs_points() -> None:
    """CC-MV-4, CC-M-5: a move into another player's hex must say its points."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0202", "0302"))
    assert reasons(outcome) == [CawaReason.POINTS_NEEDED]
    assert outcome.conflicts == ()


def test_invasion_points_1000_1500_2000() -> None:
    """CC-MV-10: an invasion is 1000, 1500 or 2000 points, nothing else."""
    for points in (0, 500, 1200, 2500):
        outcome = run(SMALL_STATE, SMALL, LandMove("red", "0202", "0302", points))
        assert reasons(outcome) == [CawaReason.BAD_POINTS], points
        assert outcome.conflicts == ()
    for points in (1000, 1500, 2000):
        outcome = run(SMALL_STATE, SMALL, LandMove("red", "0202", "0302", points))
        assert reasons(outcome) == [DONE]
        (conflict,) = outcome.conflicts
        assert conflict.kind is ConflictKind.INVASION
        assert conflict.entries[0].points == points


def test_invasion_leaves_owner_until_battle() -> None:
    """CC-M-5, AC-43: an invaded hex stays its owner's at the end of the
    movement; only the listed conflict records the invasion."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0202", "0302", 1000))
    assert outcome.state.owners["0302"] == "blue"
    assert outcome.state.conflicts == outcome.conflicts
    assert outcome.conflicts[0].defender == "blue"


def test_direction_line_same_as_code_line() -> None:
    """CC-MV-8, AC-27: "desde mi 2 al sureste": a move named by direction is the
    move to the hex the map puts there; all lines are judged and published
    together, one verdict per line in the order given."""
    target = SMALL.step("0202", Direction.SOUTHEAST)
    assert target == "0302"
    lines = (LandMove("red", "0202", target, 1500), LandMove("blue", "0302", "0303"))
    outcome = resolve_movement(SMALL_STATE, SMALL, lines)
    assert [v.line for v in outcome.verdicts] == list(lines)
    assert reasons(outcome) == [DONE, DONE]


def test_source_hex_keeps_its_owner() -> None:
    """CC-V-7, CC-MV-9: no army walks the board: the source hex stays the
    mover's after it expands."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0201", "0301"))
    assert outcome.state.owners["0201"] == "red"
    assert outcome.state.owners["0301"] == "red"


def test_phase_unchanged() -> None:
    """AC-43: the outcome's state keeps the phase; the caller advances it."""
    outcome = run(SMALL_STATE, SMALL, LandMove("red", "0201", "0301"))
    assert outcome.state.phase == SMALL_STATE.phase


# --- simultaneity and written order (AC-26, AC-28) ------------------------------------


def test_lost_source_still_moves_and_expanding_hex_can_be_invaded() -> None:
    """AC-28, CC-V-7: blue invades red's 0202 while red expands from 0202 into
    0203: the expansion stands and the invasion is listed."""
    outcome = run(
        SMALL_STATE,
        SMALL,
        LandMove("blue", "0302", "0202", 1000),
        LandMove("red", "0202", "0203"),
    )
    assert reasons(outcome) == [DONE, DONE]
    assert outcome.state.owners["0203"] == "red"
    (conflict,) = outcome.conflicts
    assert (conflict.kind, conflict.hex, conflict.defender) == (
        ConflictKind.INVASION,
        "0202",
        "red",
    )


def test_judged_on_the_start_map() -> None:
    """AC-28: a hex red takes this phase is not red's for a later line: a move
    from it is refused."""
    outcome = run(
        SMALL_STATE, SMALL, LandMove("red", "0201", "0301"), LandMove("red", "0301", "0402")
    )
    assert reasons(outcome) == [DONE, CawaReason.NOT_YOUR_HEX]


def test_refused_line_has_no_effect() -> None:
    """AC-26: a refused line uses nothing: its source may still move, its
    target still be entered."""
    outcome = run(
        SMALL_STATE,
        SMALL,
        LandMove("red", "0201", "0301", 1000),
        LandMove("red", "0201", "0301"),
    )
    assert reasons(outcome) == [CawaReason.POINTS_NOT_NEEDED, DONE]


# --- PO, PM and the 3-per-player cap (CC-MV-11, CC-MV-12, CC-CF-14) ------------------


def front(red_rows: int, width: int = 10) -> tuple[CawaMap, dict[str, str]]:
    """Red holds the first `red_rows` rows (NT = red_rows x width); the next row
    is blue in columns 1-5 and green in 6-10; water below."""
    game_map = grid_map(["." * width] * (red_rows + 1) + ["~" * width])
    owners = {hex_code(c, r): "red" for r in range(1, red_rows + 1) for c in range(1, width + 1)}
    for c in range(1, width + 1):
        owners[hex_code(c, red_rows + 1)] = "blue" if c <= 5 else "green"
    return game_map, owners


def invade(red_rows: int, column: int, points: int) -> LandMove:
    return LandMove("red", hex_code(column, red_rows), hex_code(column, red_rows + 1), points)


def test_po_limits_invasions() -> None:
    """CC-MV-11, CC-C-4: 20 hexes give PO 4: the fifth invasion is refused."""
    game_map, owners = front(2)
    state = movement_state(game_map, owners, crowns=20000)
    lines = [invade(2, c, 1000) for c in (1, 2, 6, 7, 8)]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 4 + [CawaReason.NO_PO_LEFT]


def test_expansions_use_no_po() -> None:
    """CC-MV-11, CC-MV-7: expansions into free hexes are not invasions: a PO 1
    kingdom (4 hexes) may expand from every hex and still invade once."""
    outcome = run(
        SMALL_STATE,
        SMALL,
        LandMove("red", "0201", "0301"),
        LandMove("red", "0102", "0103"),
        LandMove("red", "0202", "0302", 1000),
        LandMove("red", "0101", "0202"),
    )
    assert reasons(outcome) == [DONE, DONE, DONE, CawaReason.OWN_HEX]
    state = movement_state(SMALL, {**SMALL_OWNERS, "0303": "blue"})
    outcome = run(
        state,
        SMALL,
        LandMove("red", "0202", "0302", 1000),
        LandMove("red", "0102", "0203"),
    )
    assert reasons(outcome) == [DONE, DONE]


def test_pm_6000_three_of_2000() -> None:
    """CC-MV-12: PM 6000 allows three invasions of 2000, and not one point more."""
    game_map, owners = front(3)
    state = movement_state(game_map, owners, crowns=6000)
    lines = [invade(3, c, p) for c, p in ((1, 2000), (2, 2000), (6, 2000), (7, 1000))]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 3 + [CawaReason.OVER_PM]


def test_pm_6000_four_of_1500() -> None:
    """CC-MV-12: PM 6000 allows four invasions of 1500."""
    game_map, owners = front(3)
    state = movement_state(game_map, owners, crowns=6000)
    lines = [invade(3, c, 1500) for c in (1, 2, 6, 7, 8)]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 4 + [CawaReason.OVER_PM]


def test_pm_6000_2000_and_three_of_1000_with_reserve() -> None:
    """CC-MV-12: PM 6000 allows 2000 + 3 x 1000 "dejando 1.000 puntos de
    reserva": a further 1500 is refused, a further 1000 would fit."""
    game_map, owners = front(3)
    state = movement_state(game_map, owners, crowns=6000)
    lines = [invade(3, c, p) for c, p in ((1, 2000), (2, 1000), (6, 1000), (7, 1000), (8, 1500))]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 4 + [CawaReason.OVER_PM]
    outcome = resolve_movement(state, game_map, [*lines[:4], invade(3, 8, 1000)])
    assert reasons(outcome) == [DONE] * 5


def test_pm_is_the_treasury_after_economy_rounded() -> None:
    """CC-MV-1, CC-C-5: the treasury after the economy phase sets PM: 4607 ->
    4500, so three of 1500 fit and a fourth 1000 does not."""
    game_map, owners = front(3)
    state = movement_state(game_map, owners, crowns=4607)
    lines = [invade(3, c, p) for c, p in ((1, 1500), (2, 1500), (6, 1500), (7, 1000))]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 3 + [CawaReason.OVER_PM]


def test_three_against_one_player() -> None:
    """CC-CF-14, AC-42: at most 3 invasions against one player in a turn; a
    fourth against another player is fine."""
    game_map, owners = front(3)
    state = movement_state(game_map, owners, crowns=20000)
    lines = [invade(3, c, 1000) for c in (1, 2, 3, 4, 6)]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE] * 3 + [CawaReason.THREE_AGAINST_ONE, DONE]


def test_sea_invasions_count_in_the_cap() -> None:
    """AC-47, CC-CF-14: a landing by ship counts among the 3 against one player."""
    game_map, owners = front(3)
    owners[hex_code(5, 4)] = "red"  # a red hex on the shore, next to blue's row
    buildings = {hex_code(5, 4): VILLAGE}
    state = movement_state(game_map, owners, buildings, crowns=20000)
    sea = SeaMove("red", hex_code(5, 4), hex_code(1, 4), 1000)
    lines: list[MovementLine] = [sea, invade(3, 2, 1000), invade(3, 3, 1000), invade(3, 4, 1000)]
    outcome = resolve_movement(state, game_map, lines)
    assert reasons(outcome) == [DONE, DONE, DONE, CawaReason.THREE_AGAINST_ONE]
