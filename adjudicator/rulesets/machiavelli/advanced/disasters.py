"""Natural disasters (003 §9): the plague of each summer and the famine of each
spring, read on the Year Chart and Tables 3 and 4 (`disaster_tables`).

Rolling (CM-9.1-2, CM-9.1-3, CM-9.3-2): one die on the Year Chart (purpose
`year-chart`); then, as the year says, two dice for a row (`<table>-row`,
indices 0 and 1) and/or two for a column (`<table>-column`). Each total, 2 to
12, is read directly (AM-37); a bad year strikes the union of the row and the
column.

Effects: plague kills every unit standing in a struck area when it strikes
(CM-9.2-1, AM-38); famine kills every unit standing in a famine area at the
end of spring, after movement and retreats (CM-9.4-3, AM-39). Neither moves a
control marker (CM-9.2-3, CM-9.4-4) nor touches a rebellion (AM-38: not a
unit); a siege ends when its garrison or its besieger dies (AM-38). Famine's
income effects (CM-9.4-1, CM-9.4-5) are the income rules' business.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import NamedTuple

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import Season, Unit
from adjudicator.rulesets.machiavelli.advanced.disaster_tables import (
    YEAR_CHART,
    DisasterTable,
    YearKind,
    table_cells,
)
from adjudicator.rulesets.machiavelli.state import MachiavelliState

__all__ = [
    "YEAR_CHART_PURPOSE",
    "DisasterOutcome",
    "PlagueOutcome",
    "Stricken",
    "apply_plague",
    "areas_at",
    "end_spring_famine",
    "famine_eliminations",
    "famine_rolls_this_spring",
    "may_place_unit",
    "plague_rolls_this_season",
    "roll_year",
    "stricken_areas",
]

YEAR_CHART_PURPOSE = "year-chart"
DIE_SIDES = 6


# --- when the GM rolls (CM-9.1-1, CM-9.3-1) -----------------------------------------


def plague_rolls_this_season(phase: Phase) -> bool:
    """CM-9.1-1: the plague phase comes every summer, and only then."""
    return phase.season == Season.SUMMER


def famine_rolls_this_spring(phase: Phase, first_phase_of_scenario: Phase) -> bool:
    """CM-9.3-1: the famine phase comes every spring except the scenario's first
    turn, "tratado como año sin hambruna" (a turn is a season: the spring's
    adjustment and movement phases are one turn)."""
    first_turn = (first_phase_of_scenario.year, first_phase_of_scenario.season)
    return phase.season == Season.SPRING and (phase.year, phase.season) != first_turn


# --- the rolls (CM-9.1-2, CM-9.1-3, CM-9.1-T, AM-37) --------------------------------


@dataclass(frozen=True, slots=True)
class Stricken:
    """What one disaster roll gave: the year, the row and column totals rolled
    (None when the year reads none) and the areas struck."""

    year: YearKind
    row: int | None
    column: int | None
    areas: frozenset[str]


def roll_year(dice: Dice) -> YearKind:
    """CM-9.1-2, CM-9.1-T: one die on the Year Chart."""
    return YEAR_CHART[dice.roll(YEAR_CHART_PURPOSE, DIE_SIDES)]


def _two_dice(dice: Dice, purpose: str) -> int:
    """AM-37: two dice summed, 2 to 12 (indices 0 and 1 of `purpose`)."""
    return dice.roll(purpose, DIE_SIDES, 0) + dice.roll(purpose, DIE_SIDES, 1)


def areas_at(
    table: DisasterTable,
    *,
    row: int | None = None,
    column: int | None = None,
    perugia_twice: bool = True,
) -> frozenset[str]:
    """The areas of `table` in `row` and in `column` (either may be None): the
    union, as a bad year strikes both (AM-37); `perugia_twice` keeps Perugia's
    second famine cell (AM-31)."""
    return frozenset(
        area
        for area, cell in table_cells(table, perugia_twice=perugia_twice)
        if cell.row == row or cell.column == column
    )


def stricken_areas(table: DisasterTable, dice: Dice, *, perugia_twice: bool = True) -> Stricken:
    """One disaster roll on `table` (CM-9.1-2, CM-9.1-3; famine: CM-9.3-2): the
    Year Chart, then two dice for the row and/or the column the year reads,
    each total read directly (AM-37)."""
    year = roll_year(dice)
    row = _two_dice(dice, f"{table.value}-row") if year.reads_row else None
    column = _two_dice(dice, f"{table.value}-column") if year.reads_column else None
    areas = areas_at(table, row=row, column=column, perugia_twice=perugia_twice)
    return Stricken(year, row, column, areas)


# --- the effects (CM-9.2-1..4, CM-9.4-2..4, AM-38, AM-39) ---------------------------


class DisasterOutcome(NamedTuple):
    """The board after a disaster's eliminations, and the units eliminated (in
    the state's order)."""

    state: MachiavelliState
    eliminated: tuple[Unit, ...]


PlagueOutcome = DisasterOutcome
"""What `apply_plague` gives (CM-9.2-1)."""


def _eliminate_everyone_in(state: MachiavelliState, areas: Iterable[str]) -> DisasterOutcome:
    """Every unit standing in `areas` is eliminated, army, fleet and garrison,
    autonomous garrisons too (CM-9.2-1, CM-9.4-3, AM-38). Control and
    rebellions stay (CM-9.2-3, CM-9.4-4, AM-38); a siege in an area where a unit
    died ends, as its garrison or its besieger was that unit (AM-38); a dead
    special unit's kind goes with it (§10)."""
    struck = frozenset(areas)
    eliminated = tuple(u for u in state.units if u.location in struck)
    if not eliminated:
        return DisasterOutcome(state, ())
    gone = frozenset(eliminated)
    emptied = frozenset(u.location for u in eliminated)
    after = replace(
        state,
        units=tuple(u for u in state.units if u not in gone),
        sieges={a: p for a, p in state.sieges.items() if a not in emptied},
        specials={u: k for u, k in state.specials.items() if u not in gone},
    )
    return DisasterOutcome(after, eliminated)


def apply_plague(state: MachiavelliState, areas: Iterable[str]) -> PlagueOutcome:
    """CM-9.2-1, AM-38: the plague kills every unit standing in a struck area
    now; units that enter it later are unharmed (CM-9.2-2: the caller runs this
    before the summer's movement). Control never changes (CM-9.2-3)."""
    return _eliminate_everyone_in(state, areas)


def famine_eliminations(state: MachiavelliState, famine_areas: Iterable[str]) -> DisasterOutcome:
    """CM-9.4-3, AM-39: at the end of spring, after movement and retreats, every
    unit in a famine area is eliminated, garrisons included, autonomous ones
    too: units that moved in die, units that left survive. Control stays
    (CM-9.4-4). The markers stay: `end_spring_famine` removes them."""
    return _eliminate_everyone_in(state, famine_areas)


def end_spring_famine(state: MachiavelliState) -> DisasterOutcome:
    """AM-39, CM-9.3-2: the famine effects at the end of spring (step 9 of the
    sequence) on the state's markers, then the markers are removed ("hasta
    final de turno"). A marker removed by expense A is already gone."""
    after, eliminated = famine_eliminations(state, state.famine)
    return DisasterOutcome(replace(after, famine=frozenset()), eliminated)


def may_place_unit(area: str, famine_areas: Iterable[str]) -> bool:
    """CM-9.4-2: no new unit is placed in a famine area, neither in its province
    nor in its fortified city."""
    return area not in frozenset(famine_areas)
