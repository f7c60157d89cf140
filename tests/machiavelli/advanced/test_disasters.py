"""Natural disasters (003 §9): the Year Chart, the plague (Table 3) and famine
(Table 4) tables, the rolls on them and what plague and famine do to the board.

The dice-driven tests use secrets found beforehand that give the rolls named
in each test; each test asserts those rolls from the dice's log, so a change
in how the dice are read fails there and not by chance."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import AUTONOMOUS, MachiavelliState
from adjudicator.rulesets.machiavelli.advanced.disaster_tables import (
    FAMINE_CELLS,
    FAMINE_PERUGIA_OPTION,
    PLAGUE_CELLS,
    YEAR_CHART,
    DisasterTable,
    YearKind,
    table_cells,
)
from adjudicator.rulesets.machiavelli.advanced.disasters import (
    apply_plague,
    areas_at,
    end_spring_famine,
    famine_eliminations,
    famine_rolls_this_spring,
    may_place_unit,
    plague_rolls_this_season,
    roll_year,
    stricken_areas,
)
from adjudicator.rulesets.machiavelli.records import Rebellion, SpecialKind
from adjudicator.rulesets.machiavelli.ruleset import MachiavelliOptions
from maps import load_map
from maps.model import AreaKind
from orders.board.model import UnitKind

MAP = load_map("machiavelli")
PLAGUE = DisasterTable.PLAGUE
FAMINE = DisasterTable.FAMINE
SUMMER = "1455-summer-movement"
SPRING = "1456-spring-movement"

# The checklist's Tables 3 and 4 (machiavelli-advanced.md), row: column code, as
# listed there; famine row 11 ends with Perugia's second cell (AM-31).
PLAGUE_AS_LISTED = """
2: 3 SWI, 6 CAR, 11 MON, 12 CAP
3: 2 RAG, 3 BOS, 4 SLA, 8 CRO, 11 BARI, 12 TYR
4: 2 SAV, 5 FRI, 7 ROME, 9 MAR, 10 PAV
5: 3 SAL, 4 VER, 6 DAL, 7 LUC, 8 BOL, 9 CARIN, 10 PRO
6: 4 TUR, 5 SIE, 6 MES, 7 PAD, 8 AUS, 9 FER
7: 2 PAL, 4 GEN, 5 ALB, 6 PISA, 7 TUN, 8 AVI, 9 MIL, 12 SAR
8: 2 DUR, 4 NAP, 5 MOD, 6 PER, 7 CRE, 8 VEN, 9 FLO
9: 3 BER, 4 ANC, 5 PAR, 10 MAN, 11 IST
10: 2 PIO, 3 HUN, 5 URB, 10 TRE, 12 COMO
11: 2 ARE, 3 FOR, 9 OTR, 11 AQU, 12 SPO
12: 2 TRENT, 3 HER, 5 PIS, 9 COR, 11 PAT, 12 SALZ
"""

FAMINE_AS_LISTED = """
2: 4 PRO, 5 PAT, 6 MOD, 8 COR, 9 ANC
3: 3 PIO, 9 TUN, 12 PAL
4: 2 PER, 4 OTR, 5 PAD, 6 SWI, 7 CRE, 10 HER
5: 2 FRI, 4 BOL, 5 SAL, 6 VER, 7 AUS, 8 MIL, 9 SIE, 12 DUR
6: 2 MAR, 3 RAG, 5 CARIN, 6 BER, 7 PIS, 8 SPO, 11 HUN
7: 3 BARI, 4 SLA, 5 MON, 6 URB, 7 FOR, 9 COMO, 10 TRENT
8: 2 FER, 4 ROME, 5 PAV, 8 ARE, 10 SALZ, 11 ALB, 12 GEN
9: 4 CRO, 6 FLO, 7 TUR, 8 MAN, 9 CAP, 10 TRE
10: 2 SAV, 4 SAR, 6 PAR, 7 BOS, 8 TYR, 10 NAP, 12 DAL
11: 4 VEN, 9 CAR, 11 MES, 12 PER
12: 5 PISA, 6 AQU, 7 AVI, 8 LUC, 10 IST
"""


def _listed(text: str) -> list[tuple[str, int, int]]:
    """`row: column code, ...` lines -> (code, row, column)."""
    cells = []
    for line in text.strip().splitlines():
        row, _, rest = line.partition(":")
        for item in rest.split(","):
            column, code = item.split()
            cells.append((code, int(row), int(column)))
    return cells


PLAGUE_LISTED = _listed(PLAGUE_AS_LISTED)
FAMINE_LISTED = _listed(FAMINE_AS_LISTED)


def _in_cell(table: DisasterTable, row: int, column: int) -> set[str]:
    return {area for area, cell in table_cells(table) if cell == (row, column)}


def _dice(secret: str, phase: str) -> Dice:
    return Dice(secret, "game", phase)


def _logged(dice: Dice) -> list[tuple[str, int, int]]:
    """The rolls made, as (purpose, index, result); all are six-sided."""
    assert all(r.sides == 6 for r in dice.rolls)
    return [(r.purpose, r.index, r.result) for r in dice.rolls]


def _state(*units: Unit, **changes: object) -> MachiavelliState:
    state = MachiavelliState(
        phase=Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT),
        units=tuple(sorted(units)),
        control={"PISA": "florence", "LUC": "florence", "FLO": "florence", "MIL": "milan"},
        homes={"florence": ("FLO", "PISA"), "milan": ("MIL",)},
    )
    return state.with_(**changes)


def army(power: str, area: str) -> Unit:
    return Unit(power, UnitKind.ARMY, area)


def fleet(power: str, area: str) -> Unit:
    return Unit(power, UnitKind.FLEET, area)


def garrison(power: str, area: str) -> Unit:
    return Unit(power, UnitKind.GARRISON, area)


# --- the Year Chart (CM-9.1-T, CM-9.1-2) ---------------------------------------------


def test_year_chart_reads_one_die_as_printed() -> None:
    """CM-9.1-T: 1 good year; 2-3 rows only; 4-5 columns only; 6 rows and columns."""
    assert dict(YEAR_CHART) == {
        1: YearKind.GOOD,
        2: YearKind.POOR_ROWS,
        3: YearKind.POOR_ROWS,
        4: YearKind.POOR_COLUMNS,
        5: YearKind.POOR_COLUMNS,
        6: YearKind.BAD,
    }
    reads = {kind: (kind.reads_row, kind.reads_column) for kind in YearKind}
    assert reads == {
        YearKind.GOOD: (False, False),
        YearKind.POOR_ROWS: (True, False),
        YearKind.POOR_COLUMNS: (False, True),
        YearKind.BAD: (True, True),
    }


@pytest.mark.parametrize("secret", ["secret-9", "secret-8", "secret-1", "secret-7"])
def test_roll_year_is_one_six_sided_die_on_the_chart(secret: str) -> None:
    """CM-9.1-2, CM-9.1-T: one die, purpose `year-chart`, read on the chart."""
    dice = _dice(secret, SUMMER)
    year = roll_year(dice)
    [(purpose, index, result)] = _logged(dice)
    assert (purpose, index) == ("year-chart", 0)
    assert year is YEAR_CHART[result]


def test_a_good_year_rolls_nothing_more_and_strikes_nothing() -> None:
    """CM-9.1-2: "No hay desastres naturales" -> no further roll, no area."""
    dice = _dice("secret-9", SUMMER)
    stricken = stricken_areas(PLAGUE, dice)
    assert _logged(dice) == [("year-chart", 0, 1)]
    assert (stricken.year, stricken.row, stricken.column) == (YearKind.GOOD, None, None)
    assert stricken.areas == frozenset()


# --- the 2d6 rolls (CM-9.1-3, CM-9.1-4, AM-37) ---------------------------------------


def test_rows_only_year_rolls_two_dice_for_a_row() -> None:
    """CM-9.1-3: a "rows only" year (die 3) rolls two dice (3 + 6 = 9) for the row."""
    dice = _dice("secret-8", SUMMER)
    stricken = stricken_areas(PLAGUE, dice)
    assert _logged(dice) == [("year-chart", 0, 3), ("plague-row", 0, 6), ("plague-row", 1, 3)]
    assert (stricken.year, stricken.row, stricken.column) == (YearKind.POOR_ROWS, 9, None)


def test_columns_only_year_rolls_two_dice_for_a_column() -> None:
    """CM-9.1-3: a "columns only" year (die 4), 5 + 2 = column 7."""
    dice = _dice("secret-1", SUMMER)
    stricken = stricken_areas(PLAGUE, dice)
    assert _logged(dice) == [
        ("year-chart", 0, 4),
        ("plague-column", 0, 5),
        ("plague-column", 1, 2),
    ]
    assert (stricken.year, stricken.row, stricken.column) == (YearKind.POOR_COLUMNS, None, 7)
    assert stricken.areas == {"ROME", "LUC", "PAD", "TUN", "CRE"}


def test_a_bad_year_rolls_a_row_and_a_column_and_strikes_both() -> None:
    """CM-9.1-3, AM-37: a bad year (die 6) rolls twice, row 3 + 5 = 8 and column
    3 + 4 = 7; the areas struck are the union of row 8 and column 7."""
    dice = _dice("secret-7", SUMMER)
    stricken = stricken_areas(PLAGUE, dice)
    assert _logged(dice) == [
        ("year-chart", 0, 6),
        ("plague-row", 0, 3),
        ("plague-row", 1, 5),
        ("plague-column", 0, 3),
        ("plague-column", 1, 4),
    ]
    assert (stricken.year, stricken.row, stricken.column) == (YearKind.BAD, 8, 7)
    row_8 = {"DUR", "NAP", "MOD", "PER", "CRE", "VEN", "FLO"}
    column_7 = {"ROME", "LUC", "PAD", "TUN", "CRE"}
    assert stricken.areas == row_8 | column_7


def test_worked_example_row_nine_is_bergamo_ancona_parma_mantua_istria() -> None:
    """CM-9.1-4: "Si el resultado es 'fila' y se consigue un '9' ... Bergamo,
    Ancona, Parma, Mantua e Istria"."""
    assert areas_at(PLAGUE, row=9) == {"BER", "ANC", "PAR", "MAN", "IST"}


def test_worked_example_rolled_row_and_nine_strikes_the_five_areas() -> None:
    """CM-9.1-4, AM-37: the Year Chart says "row" (die 3), the two dice make 9
    (6 + 3), read directly as row 9."""
    dice = _dice("secret-8", SUMMER)
    stricken = stricken_areas(PLAGUE, dice)
    assert [r.result for r in dice.rolls] == [3, 6, 3]
    assert stricken.areas == {"BER", "ANC", "PAR", "MAN", "IST"}


def test_two_dice_are_read_directly_from_2_to_12() -> None:
    """AM-37: a total of 2 (1 + 1) reads the row labelled 2 and a total of 12
    (6 + 6) the column labelled 12: not 2d6 - 2."""
    low = _dice("secret-32", SUMMER)
    assert stricken_areas(PLAGUE, low).areas == {"SWI", "CAR", "MON", "CAP"}
    assert [r.result for r in low.rolls] == [3, 1, 1]
    high = _dice("secret-66", SUMMER)
    assert stricken_areas(PLAGUE, high).areas == {"CAP", "TYR", "SAR", "COMO", "SPO", "SALZ"}
    assert [r.result for r in high.rolls] == [5, 6, 6]


def test_reading_a_row_and_a_column_is_their_union() -> None:
    """AM-37: a bad year is the union of the row and the column."""
    both = areas_at(PLAGUE, row=2, column=3)
    assert both == areas_at(PLAGUE, row=2) | areas_at(PLAGUE, column=3)
    assert both == {"SWI", "CAR", "MON", "CAP", "BOS", "SAL", "BER", "HUN", "FOR", "HER"}


# --- the tables (CM-9.2-T, CM-9.4-T, AM-31) ------------------------------------------


@pytest.mark.parametrize(("area", "row", "column"), PLAGUE_LISTED)
def test_plague_table_cell(area: str, row: int, column: int) -> None:
    """CM-9.2-T: each cell of Table 3 as the checklist lists it."""
    assert _in_cell(PLAGUE, row, column) == {area}
    assert area in areas_at(PLAGUE, row=row)
    assert area in areas_at(PLAGUE, column=column)


@pytest.mark.parametrize(("area", "row", "column"), FAMINE_LISTED)
def test_famine_table_cell(area: str, row: int, column: int) -> None:
    """CM-9.4-T: each printed cell of Table 4 as the checklist lists it
    (Perugia's second cell included: AM-31, on by default)."""
    assert _in_cell(FAMINE, row, column) == {area}
    assert area in areas_at(FAMINE, row=row)
    assert area in areas_at(FAMINE, column=column)


def test_plague_table_has_exactly_the_listed_64_cells() -> None:
    """CM-9.2-T: 64 cells, nothing more."""
    cells = sorted((area, cell.row, cell.column) for area, cell in table_cells(PLAGUE))
    assert len(cells) == 64
    assert cells == sorted(PLAGUE_LISTED)


def test_famine_table_has_exactly_the_listed_65_cells() -> None:
    """CM-9.4-T, AM-31: 65 printed cells, Perugia twice."""
    cells = sorted((area, cell.row, cell.column) for area, cell in table_cells(FAMINE))
    assert len(cells) == 65
    assert cells == sorted(FAMINE_LISTED)


def test_perugia_starves_on_its_second_cell_only_while_the_option_is_on() -> None:
    """AM-31: Perugia at famine row 4 column 2 and, as printed, row 11 column 12;
    the option `famine_perugia_11_12` (default on) keeps the second cell."""
    assert FAMINE_PERUGIA_OPTION == "famine_perugia_11_12"
    assert MachiavelliOptions().famine_perugia_11_12 is True
    assert "PER" in areas_at(FAMINE, row=11)
    assert "PER" in areas_at(FAMINE, column=12)
    assert "PER" not in areas_at(FAMINE, row=11, perugia_twice=False)
    assert "PER" not in areas_at(FAMINE, column=12, perugia_twice=False)
    assert "PER" in areas_at(FAMINE, row=4, perugia_twice=False)
    assert "PER" in areas_at(FAMINE, column=2, perugia_twice=False)
    assert len(table_cells(FAMINE, perugia_twice=False)) == 64


def test_rolled_famine_row_eleven_strikes_perugia_behind_the_flag() -> None:
    """AM-31, CM-9.3-2: rows only (die 2), 6 + 5 = row 11 of the famine table."""
    on = _dice("secret-76", SPRING)
    assert stricken_areas(FAMINE, on).areas == {"VEN", "CAR", "MES", "PER"}
    assert _logged(on) == [("year-chart", 0, 2), ("famine-row", 0, 6), ("famine-row", 1, 5)]
    off = _dice("secret-76", SPRING)
    assert stricken_areas(FAMINE, off, perugia_twice=False).areas == {"VEN", "CAR", "MES"}


def test_the_plague_table_has_no_perugia_flag() -> None:
    """AM-31 concerns the famine table only."""
    assert table_cells(PLAGUE, perugia_twice=False) == table_cells(PLAGUE)


def test_every_land_area_is_once_in_each_table_and_no_open_sea() -> None:
    """CM-9.2-T, CM-9.4-T, AM-38: every land area of the map has exactly one cell
    in each table (plus Perugia's second famine cell, AM-31), and so does Venice,
    the map's one sea area with a city; the open seas are in neither table."""
    land = {code for code, area in MAP.areas.items() if area.kind is not AreaKind.SEA}
    seas_with_city = {c for c, a in MAP.areas.items() if a.kind is AreaKind.SEA and a.city}
    assert seas_with_city == {"VEN"}
    for cells in (PLAGUE_CELLS, FAMINE_CELLS):
        assert set(cells) == land | {"VEN"}
        assert len(cells) == len(land) + 1
    plague = [area for area, _ in table_cells(PLAGUE)]
    famine = [area for area, _ in table_cells(FAMINE)]
    assert sorted(plague) == sorted(land | {"VEN"})
    assert sorted(famine) == sorted([*land, "VEN", "PER"])
    open_seas = {c for c, a in MAP.areas.items() if a.kind is AreaKind.SEA} - {"VEN"}
    assert open_seas.isdisjoint(plague + famine)


@pytest.mark.parametrize("table", list(DisasterTable))
def test_no_cell_holds_two_areas_and_every_total_is_2_to_12(table: DisasterTable) -> None:
    """AM-37, CM-9.2-T, CM-9.4-T: one area per cell, labels 2..12."""
    cells = [cell for _, cell in table_cells(table)]
    assert len(cells) == len(set(cells))
    assert all(2 <= c.row <= 12 and 2 <= c.column <= 12 for c in cells)
    assert {c.row for c in cells} == set(range(2, 13))
    assert {c.column for c in cells} == set(range(2, 13))


# --- when (CM-9.1-1, CM-9.3-1) --------------------------------------------------------


def test_plague_rolls_every_summer_and_only_then() -> None:
    """CM-9.1-1: "Esta fase ocurre durante cada turno de Verano"."""
    assert plague_rolls_this_season(Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT))
    assert plague_rolls_this_season(Phase(1460, Season.SUMMER, PhaseKind.MOVEMENT))
    assert not plague_rolls_this_season(Phase(1455, Season.SPRING, PhaseKind.MOVEMENT))
    assert not plague_rolls_this_season(Phase(1455, Season.FALL, PhaseKind.MOVEMENT))


def test_famine_rolls_every_spring_but_the_scenarios_first_turn() -> None:
    """CM-9.3-1: every spring except the first turn of the scenario, which is a
    famine-free year (its adjustment and its movement alike)."""
    first = Phase(1454, Season.SPRING, PhaseKind.ADJUSTMENT)
    assert not famine_rolls_this_spring(first, first)
    assert not famine_rolls_this_spring(Phase(1454, Season.SPRING, PhaseKind.MOVEMENT), first)
    assert famine_rolls_this_spring(Phase(1455, Season.SPRING, PhaseKind.ADJUSTMENT), first)
    assert famine_rolls_this_spring(Phase(1455, Season.SPRING, PhaseKind.MOVEMENT), first)
    assert not famine_rolls_this_spring(Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT), first)
    assert not famine_rolls_this_spring(Phase(1455, Season.FALL, PhaseKind.MOVEMENT), first)


# --- plague's effects (CM-9.2-1..4, AM-38) --------------------------------------------


def test_plague_kills_every_unit_in_a_struck_area_of_every_kind() -> None:
    """CM-9.2-1, AM-38: army, fleet and garrison, autonomous garrisons too; units
    elsewhere are untouched."""
    dead = [army("france", "PISA"), garrison(AUTONOMOUS, "PISA"), fleet("naples", "NAP")]
    dead += [garrison("naples", "NAP")]
    alive = [army("florence", "FLO"), garrison("florence", "LUC")]
    outcome = apply_plague(_state(*dead, *alive), {"PISA", "NAP"})
    assert sorted(outcome.eliminated) == sorted(dead)
    assert sorted(outcome.state.units) == sorted(alive)


def test_plague_in_venice_kills_its_fleet_and_its_garrison() -> None:
    """AM-38: every unit in the area, city included; Venice is in Table 3."""
    units = [fleet("venice", "VEN"), garrison("venice", "VEN"), fleet("venice", "UA")]
    outcome = apply_plague(_state(*units), areas_at(PLAGUE, row=8))
    assert sorted(outcome.eliminated) == sorted(units[:2])
    assert outcome.state.units == (fleet("venice", "UA"),)


def test_plague_only_removes_what_stands_there_when_it_strikes() -> None:
    """CM-9.2-2: the only effect is at once: an area struck while empty keeps no
    trace, and a unit that enters it the same turn (here: the state after the
    summer's movement) is unharmed."""
    before = _state(army("milan", "LUC"))
    outcome = apply_plague(before, {"PISA"})
    assert outcome.eliminated == ()
    assert outcome.state == before
    after_moving_in = outcome.state.with_(units=(army("milan", "PISA"),))
    assert after_moving_in.units == (army("milan", "PISA"),)
    assert after_moving_in.famine == frozenset()


def test_plague_never_changes_control() -> None:
    """CM-9.2-3: the control markers and homes stay as they were."""
    state = _state(army("milan", "FLO"), garrison("florence", "FLO"))
    outcome = apply_plague(state, {"FLO"})
    assert outcome.state.control == state.control
    assert outcome.state.homes == state.homes
    assert outcome.state.control["FLO"] == "florence"


def test_pisa_example_french_army_and_florentine_garrison_both_die() -> None:
    """CM-9.2-4: a French army and a Florentine garrison in Pisa: both are
    eliminated and control does not change."""
    french, florentine = army("france", "PISA"), garrison("florence", "PISA")
    state = _state(french, florentine, army("florence", "FLO"))
    outcome = apply_plague(state, {"PISA"})
    assert set(outcome.eliminated) == {french, florentine}
    assert outcome.state.units == (army("florence", "FLO"),)
    assert outcome.state.control["PISA"] == "florence"
    assert outcome.state.control == state.control


def test_plague_ends_a_siege_and_leaves_rebellions_and_other_sieges() -> None:
    """AM-38: a siege ends when its garrison or besieger dies; rebellions are not
    units and stay; a dead special unit's kind goes with it."""
    state = _state(
        army("france", "PISA"),
        garrison("florence", "PISA"),
        army("florence", "MIL"),
        garrison("milan", "MIL"),
        sieges={"PISA": "france", "MIL": "florence"},
        rebellions=(Rebellion("PISA", "florence"),),
        specials={
            army("france", "PISA"): SpecialKind.ELITE_MERCENARIES,
            army("florence", "MIL"): SpecialKind.CITIZEN_MILITIA,
        },
    )
    outcome = apply_plague(state, {"PISA"})
    assert outcome.state.sieges == {"MIL": "florence"}
    assert outcome.state.rebellions == (Rebellion("PISA", "florence"),)
    assert outcome.state.specials == {army("florence", "MIL"): SpecialKind.CITIZEN_MILITIA}


def test_plague_reading_a_rolled_row_on_the_board() -> None:
    """CM-9.1-4, CM-9.2-1: the worked example's row 9 on a board with units in
    Bergamo and Milan: Bergamo's dies, Milan's lives."""
    state = _state(army("milan", "BER"), army("milan", "MIL"))
    stricken = stricken_areas(PLAGUE, _dice("secret-8", SUMMER))
    outcome = apply_plague(state, stricken.areas)
    assert outcome.eliminated == (army("milan", "BER"),)
    assert outcome.state.units == (army("milan", "MIL"),)


# --- famine (CM-9.3-2, CM-9.4-2..4, AM-39) ---------------------------------------------


def test_a_famine_roll_reads_the_year_chart_and_table_4() -> None:
    """CM-9.3-2: the same procedure on the famine table; a bad year (die 6) with
    row 3 + 1 = 4 and column 4 + 2 = 6."""
    dice = _dice("secret-2", SPRING)
    stricken = stricken_areas(FAMINE, dice)
    assert _logged(dice) == [
        ("year-chart", 0, 6),
        ("famine-row", 0, 3),
        ("famine-row", 1, 1),
        ("famine-column", 0, 4),
        ("famine-column", 1, 2),
    ]
    assert (stricken.year, stricken.row, stricken.column) == (YearKind.BAD, 4, 6)
    row_4 = {"PER", "OTR", "PAD", "SWI", "CRE", "HER"}
    column_6 = {"MOD", "VER", "BER", "URB", "FLO", "PAR", "AQU", "SWI"}
    assert stricken.areas == row_4 | column_6


def test_famine_lasts_until_the_end_of_spring() -> None:
    """CM-9.3-2, AM-39: the markers stand until the end of the turn, then the
    units there die and the markers are removed."""
    state = _state(army("milan", "MIL"), army("florence", "FLO"), famine=frozenset({"MIL"}))
    outcome = end_spring_famine(state)
    assert outcome.eliminated == (army("milan", "MIL"),)
    assert outcome.state.units == (army("florence", "FLO"),)
    assert outcome.state.famine == frozenset()


def test_no_new_unit_is_placed_in_a_famine_area() -> None:
    """CM-9.4-2: neither in the province nor in the fortified city of a famine area."""
    famine = frozenset({"MIL", "FLO"})
    assert not may_place_unit("MIL", famine)
    assert not may_place_unit("FLO", famine)
    assert may_place_unit("PISA", famine)
    assert may_place_unit("MIL", frozenset())


def test_famine_kills_every_unit_in_a_famine_area_at_the_end_of_spring() -> None:
    """CM-9.4-3: armies, fleets and garrisons, autonomous ones too."""
    dead = [army("milan", "MIL"), garrison(AUTONOMOUS, "MIL")]
    dead += [fleet("naples", "NAP"), garrison("naples", "NAP")]
    alive = [army("florence", "FLO"), garrison(AUTONOMOUS, "SIE")]
    outcome = famine_eliminations(_state(*dead, *alive), {"MIL", "NAP"})
    assert sorted(outcome.eliminated) == sorted(dead)
    assert sorted(outcome.state.units) == sorted(alive)


def test_famine_does_not_change_control() -> None:
    """CM-9.4-4: "La Hambruna no afecta al control"."""
    state = _state(army("florence", "MIL"), garrison("milan", "MIL"))
    new_state, eliminated = famine_eliminations(state, {"MIL"})
    assert len(eliminated) == 2
    assert new_state.control == state.control
    assert new_state.control["MIL"] == "milan"


def test_famine_kills_units_that_moved_in_and_spares_those_that_left() -> None:
    """AM-39: the elimination runs after movement and retreats. In spring Milan's
    army leaves famine-struck Milan for Como and Florence's army enters Milan:
    at the end of spring the newcomer dies, the one that left lives."""
    famine = frozenset({"MIL"})
    before_moves = _state(army("milan", "MIL"), army("florence", "PAV"), famine=famine)
    after_moves = before_moves.with_(units=(army("florence", "MIL"), army("milan", "COMO")))
    new_state, eliminated = famine_eliminations(after_moves, famine)
    assert eliminated == (army("florence", "MIL"),)
    assert new_state.units == (army("milan", "COMO"),)


def test_famine_ends_a_siege_whose_garrison_starves() -> None:
    """AM-38, AM-39: as with plague, a siege ends with its garrison; rebellions stay."""
    state = _state(
        army("florence", "MIL"),
        garrison("milan", "MIL"),
        sieges={"MIL": "florence"},
        rebellions=(Rebellion("MIL", "milan"),),
    )
    new_state, _ = famine_eliminations(state, {"MIL"})
    assert new_state.sieges == {}
    assert new_state.rebellions == (Rebellion("MIL", "milan"),)
