"""The facts of the natural disasters (003 §9): the Year Chart and the plague
and famine tables (Tables 3 and 4), as printed in rulebook 003.

A table gives each land area one cell, addressed by two 2d6 totals, a row and
a column, each from 2 to 12 and read directly (AM-37). Venice (`VEN`) is in
both tables: the map draws it as a sea area, but it is the one sea area with a
city (003 §1: "Venecia ... no tiene provincia"); the nine open seas are in
neither (AM-38). The famine table prints Perugia twice: row 4 column 2 and row
11 column 12 (AM-31); the second cell stands behind the game option
`famine_perugia_11_12` (`FAMINE_PERUGIA_OPTION`), on by default.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import NamedTuple

from texts import N_

__all__ = [
    "DICE_TOTALS",
    "FAMINE_CELLS",
    "FAMINE_PERUGIA_OPTION",
    "FAMINE_PERUGIA_SECOND_CELL",
    "PERUGIA",
    "PLAGUE_CELLS",
    "YEAR_CHART",
    "Cell",
    "DisasterTable",
    "YearKind",
    "table_cells",
]


class YearKind(StrEnum):
    """A result of the Year Chart (CM-9.1-T, "Carta del Año")."""

    GOOD = "good"  # "Buen Año - No hay desastres naturales"
    POOR_ROWS = "poor-rows"  # "Año Pobre - Sólo Filas"
    POOR_COLUMNS = "poor-columns"  # "Año Pobre - Sólo Columnas"
    BAD = "bad"  # "Mal Año - Filas y Columnas"

    @property
    def reads_row(self) -> bool:
        """Whether the GM rolls for a row (CM-9.1-3)."""
        return self in (YearKind.POOR_ROWS, YearKind.BAD)

    @property
    def reads_column(self) -> bool:
        """Whether the GM rolls for a column (CM-9.1-3)."""
        return self in (YearKind.POOR_COLUMNS, YearKind.BAD)


YEAR_CHART: Mapping[int, YearKind] = MappingProxyType(
    {
        1: YearKind.GOOD,
        2: YearKind.POOR_ROWS,
        3: YearKind.POOR_ROWS,
        4: YearKind.POOR_COLUMNS,
        5: YearKind.POOR_COLUMNS,
        6: YearKind.BAD,
    }
)
"""CM-9.1-T: one die -> the kind of year; the same chart for plague and famine."""


class DisasterTable(StrEnum):
    """The two tables read with the Year Chart; the value names the dice's purposes
    (`plague-row`, `famine-column`)."""

    PLAGUE = "plague"  # Table 3, §9.1
    FAMINE = "famine"  # Table 4, §9.3


class Cell(NamedTuple):
    """A table's cell: the row and column totals (2d6, 2 to 12: AM-37)."""

    row: int
    column: int


DICE_TOTALS = range(2, 13)
"""The totals of two dice, which label the rows and the columns (AM-37)."""

PLAGUE_CELLS: Mapping[str, Cell] = MappingProxyType(
    {
        # row 2
        "SWI": Cell(2, 3),
        "CAR": Cell(2, 6),
        "MON": Cell(2, 11),
        "CAP": Cell(2, 12),
        # row 3
        "RAG": Cell(3, 2),
        "BOS": Cell(3, 3),
        "SLA": Cell(3, 4),
        "CRO": Cell(3, 8),
        "BARI": Cell(3, 11),
        "TYR": Cell(3, 12),
        # row 4
        "SAV": Cell(4, 2),
        "FRI": Cell(4, 5),
        "ROME": Cell(4, 7),
        "MAR": Cell(4, 9),
        "PAV": Cell(4, 10),
        # row 5
        "SAL": Cell(5, 3),
        "VER": Cell(5, 4),
        "DAL": Cell(5, 6),
        "LUC": Cell(5, 7),
        "BOL": Cell(5, 8),
        "CARIN": Cell(5, 9),
        "PRO": Cell(5, 10),
        # row 6
        "TUR": Cell(6, 4),
        "SIE": Cell(6, 5),
        "MES": Cell(6, 6),
        "PAD": Cell(6, 7),
        "AUS": Cell(6, 8),
        "FER": Cell(6, 9),
        # row 7
        "PAL": Cell(7, 2),
        "GEN": Cell(7, 4),
        "ALB": Cell(7, 5),
        "PISA": Cell(7, 6),
        "TUN": Cell(7, 7),
        "AVI": Cell(7, 8),
        "MIL": Cell(7, 9),
        "SAR": Cell(7, 12),
        # row 8
        "DUR": Cell(8, 2),
        "NAP": Cell(8, 4),
        "MOD": Cell(8, 5),
        "PER": Cell(8, 6),
        "CRE": Cell(8, 7),
        "VEN": Cell(8, 8),
        "FLO": Cell(8, 9),
        # row 9
        "BER": Cell(9, 3),
        "ANC": Cell(9, 4),
        "PAR": Cell(9, 5),
        "MAN": Cell(9, 10),
        "IST": Cell(9, 11),
        # row 10
        "PIO": Cell(10, 2),
        "HUN": Cell(10, 3),
        "URB": Cell(10, 5),
        "TRE": Cell(10, 10),
        "COMO": Cell(10, 12),
        # row 11
        "ARE": Cell(11, 2),
        "FOR": Cell(11, 3),
        "OTR": Cell(11, 9),
        "AQU": Cell(11, 11),
        "SPO": Cell(11, 12),
        # row 12
        "TRENT": Cell(12, 2),
        "HER": Cell(12, 3),
        "PIS": Cell(12, 5),
        "COR": Cell(12, 9),
        "PAT": Cell(12, 11),
        "SALZ": Cell(12, 12),
    }
)
"""CM-9.2-T, Table 3 ("Tabla de Plaga"): area -> its cell; 64 cells, one per area."""

FAMINE_CELLS: Mapping[str, Cell] = MappingProxyType(
    {
        # row 2
        "PRO": Cell(2, 4),
        "PAT": Cell(2, 5),
        "MOD": Cell(2, 6),
        "COR": Cell(2, 8),
        "ANC": Cell(2, 9),
        # row 3
        "PIO": Cell(3, 3),
        "TUN": Cell(3, 9),
        "PAL": Cell(3, 12),
        # row 4
        "PER": Cell(4, 2),
        "OTR": Cell(4, 4),
        "PAD": Cell(4, 5),
        "SWI": Cell(4, 6),
        "CRE": Cell(4, 7),
        "HER": Cell(4, 10),
        # row 5
        "FRI": Cell(5, 2),
        "BOL": Cell(5, 4),
        "SAL": Cell(5, 5),
        "VER": Cell(5, 6),
        "AUS": Cell(5, 7),
        "MIL": Cell(5, 8),
        "SIE": Cell(5, 9),
        "DUR": Cell(5, 12),
        # row 6
        "MAR": Cell(6, 2),
        "RAG": Cell(6, 3),
        "CARIN": Cell(6, 5),
        "BER": Cell(6, 6),
        "PIS": Cell(6, 7),
        "SPO": Cell(6, 8),
        "HUN": Cell(6, 11),
        # row 7
        "BARI": Cell(7, 3),
        "SLA": Cell(7, 4),
        "MON": Cell(7, 5),
        "URB": Cell(7, 6),
        "FOR": Cell(7, 7),
        "COMO": Cell(7, 9),
        "TRENT": Cell(7, 10),
        # row 8
        "FER": Cell(8, 2),
        "ROME": Cell(8, 4),
        "PAV": Cell(8, 5),
        "ARE": Cell(8, 8),
        "SALZ": Cell(8, 10),
        "ALB": Cell(8, 11),
        "GEN": Cell(8, 12),
        # row 9
        "CRO": Cell(9, 4),
        "FLO": Cell(9, 6),
        "TUR": Cell(9, 7),
        "MAN": Cell(9, 8),
        "CAP": Cell(9, 9),
        "TRE": Cell(9, 10),
        # row 10
        "SAV": Cell(10, 2),
        "SAR": Cell(10, 4),
        "PAR": Cell(10, 6),
        "BOS": Cell(10, 7),
        "TYR": Cell(10, 8),
        "NAP": Cell(10, 10),
        "DAL": Cell(10, 12),
        # row 11
        "VEN": Cell(11, 4),
        "CAR": Cell(11, 9),
        "MES": Cell(11, 11),
        # row 12
        "PISA": Cell(12, 5),
        "AQU": Cell(12, 6),
        "AVI": Cell(12, 7),
        "LUC": Cell(12, 8),
        "IST": Cell(12, 10),
    }
)
"""CM-9.4-T, Table 4 ("Tabla de Hambruna"): area -> its first cell; 64 areas.
Perugia's second printed cell is `FAMINE_PERUGIA_SECOND_CELL` (AM-31)."""

PERUGIA = "PER"
FAMINE_PERUGIA_SECOND_CELL = Cell(11, 12)
"""AM-31: "Perugia" printed a second time in Table 4, row 11 column 12."""

FAMINE_PERUGIA_OPTION = "famine_perugia_11_12"
"""AM-31: the game option that keeps Perugia's second famine cell (default on)."""


def table_cells(
    table: DisasterTable, *, perugia_twice: bool = True
) -> tuple[tuple[str, Cell], ...]:
    """Every printed cell of `table` as (area, cell), in row then column order;
    the famine table adds Perugia's second cell when `perugia_twice` (AM-31)."""
    if table is DisasterTable.PLAGUE:
        cells = tuple(PLAGUE_CELLS.items())
    else:
        cells = tuple(FAMINE_CELLS.items())
        if perugia_twice:
            cells += ((PERUGIA, FAMINE_PERUGIA_SECOND_CELL),)
    return tuple(sorted(cells, key=lambda item: item[1]))


YEAR_WORDS: Mapping[YearKind, str] = {
    YearKind.GOOD: N_("a good year"),
    YearKind.POOR_ROWS: N_("a poor year (a row)"),
    YearKind.POOR_COLUMNS: N_("a poor year (a column)"),
    YearKind.BAD: N_("a bad year (a row and a column)"),
}
"""The Year Chart's results in words (CM-9.1-T)."""
