"""Table 1 of rulebook 003 (§5.2, "Ingresos Variables"): the variable income,
one shared die (1..6) -> ducats, for each power and for the independent major
cities that have a row of their own (CM-5.2-11, CM-5.2-13, AM-11).

The rulebook's nine rows ("Ciudad o País") win over the Condottieri data where
the two differ (AM-03): "Papado" is the papacy's row and Rome's, "Génova" is
the genoa power's row and the city GEN's. Powers the rulebook does not name
take the data's row: hre and spain read Austria's ("Austria (=España)",
CM-5.2-14), savoy its own; so does the city of Tunis. Every place where the
rulebook overrides the data is named in `DEPARTURES_FROM_DATA`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "CITY_ROWS",
    "DEPARTURES_FROM_DATA",
    "DIE_FACES",
    "POWER_ROWS",
    "VariableIncomeRow",
    "city_variable_income",
    "power_variable_income",
]

VariableIncomeRow = tuple[int, int, int, int, int, int]
"""Ducats when the die shows 1, 2, 3, 4, 5, 6 (in that order)."""

DIE_FACES = 6
"""Table 1 is read with one six-sided die (CM-5.2-12)."""

# --- the rulebook's nine rows (CM-5.2-13) ---------------------------------------

AUSTRIA: VariableIncomeRow = (1, 2, 3, 3, 4, 4)
FLORENCIA: VariableIncomeRow = (1, 2, 3, 3, 4, 5)
"""Printed "Florenia" (a typo) in Table 1."""
FRANCIA: VariableIncomeRow = (1, 2, 3, 4, 5, 6)
GENOVA: VariableIncomeRow = (1, 2, 2, 3, 3, 4)
MILAN: VariableIncomeRow = (2, 3, 3, 4, 4, 5)
NAPOLES: VariableIncomeRow = (1, 2, 2, 3, 3, 4)
PAPADO: VariableIncomeRow = (2, 3, 3, 4, 5, 6)
TURQUIA: VariableIncomeRow = (1, 2, 3, 4, 5, 6)
VENECIA: VariableIncomeRow = (2, 3, 3, 4, 4, 5)

# --- rows only the data gives (countries.yaml, areas.yaml) -----------------------

SAVOY_DATA: VariableIncomeRow = (1, 2, 3, 4, 5, 6)
"""countries.yaml `savoy`: the rulebook has no Savoy."""
TUNIS_DATA: VariableIncomeRow = (1, 2, 3, 4, 5, 6)
"""areas.yaml `TUN` `city_variable_income`: the rulebook has no Tunis."""

POWER_ROWS: Mapping[str, VariableIncomeRow] = MappingProxyType(
    {
        "austria": AUSTRIA,
        "florence": FLORENCIA,
        "france": FRANCIA,
        "genoa": GENOVA,
        "hre": AUSTRIA,
        "milan": MILAN,
        "naples": NAPOLES,
        "papacy": PAPADO,
        "savoy": SAVOY_DATA,
        "spain": AUSTRIA,
        "turks": TURQUIA,
        "venice": VENECIA,
    }
)
"""Each power's row, by the map's power ids (AM-03, CM-5.2-14)."""

CITY_ROWS: Mapping[str, VariableIncomeRow] = MappingProxyType(
    {
        "FLO": FLORENCIA,
        "GEN": GENOVA,
        "MIL": MILAN,
        "NAP": NAPOLES,
        "ROME": PAPADO,
        "TUN": TUNIS_DATA,
        "VEN": VENECIA,
    }
)
"""The major cities with a row of their own (areas.yaml `city_variable_income`),
by area code; a scenario gives one only to the cities it lists (AM-11)."""

DEPARTURES_FROM_DATA: tuple[str, ...] = (
    "papacy: Table 1 'Papado' 2 3 3 4 5 6, not the data's 1 2 2 3 4 5 (AM-03).",
    "genoa: Table 1 'Génova' 1 2 2 3 3 4 (the city GEN's row), not the data's 2 2 3 3 4 5 (AM-03).",
)
"""Every place where Table 1 is followed instead of the Condottieri data, for
the GM's documents (AM-03). The city rows (ROME = 'Papado', GEN = 'Génova',
FLO, MIL, NAP, VEN) and the other power rows agree with the data."""


def _read(row: VariableIncomeRow, die: int) -> int:
    """The ducats of `row` when the die shows `die` (1..6)."""
    if not 1 <= die <= DIE_FACES:
        raise ValueError(f"the variable-income die shows 1 to {DIE_FACES}, not {die}")
    return row[die - 1]


def power_variable_income(power: str, die: int) -> int:
    """A power's variable income at the shared die (CM-5.2-13); ValueError for
    a power Table 1 and the data both lack."""
    row = POWER_ROWS.get(power)
    if row is None:
        raise ValueError(f"no variable-income row for the power {power!r}")
    return _read(row, die)


def city_variable_income(city: str, die: int) -> int:
    """An independent major city's variable income at the shared die (AM-11);
    ValueError for a city with no row."""
    row = CITY_ROWS.get(city)
    if row is None:
        raise ValueError(f"the city {city!r} has no variable-income row")
    return _read(row, die)
