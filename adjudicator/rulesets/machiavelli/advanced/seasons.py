"""Where the advanced rules enter Machiavelli's year (003 "posible secuencia de
juego", AM-04): what happens when a season opens or closes.

- **The spring opens** (CM-S-1, CM-S-2, CM-S-11, AM-06): control is settled
  (basic §1.1, before this), then the famine roll places its markers (§9.3),
  then each power collects its income on that control and those markers
  (§5.2). With finances on, the spring always has its adjustment phase
  (CM-S-2), where units are paid for and bought (`upkeep`).
- **The spring closes** (CM-S-10, AM-39): after its movement and retreats,
  every unit in a famine area is eliminated and the markers go.
- **The summer opens** (CM-S-3, CM-9.1-1): the plague roll, and every unit in a
  struck area dies at once (§9.2).

Rolls come from the phase being resolved when the season turns (the fall's
last phase rolls the spring's famine and income die; the spring's last phase
rolls the summer's plague), so anyone can verify them. Without dice (a
`check`, which only looks for refused orders) nothing is rolled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from adjudicator.core.dice import Dice
from adjudicator.kits.board.results import Event, EventKind
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps.model import GameMap
from orders.machiavelli.local_names import area_name
from texts import N_, T_, joined

if TYPE_CHECKING:
    from adjudicator.rulesets.machiavelli.advanced.disasters import Stricken
    from adjudicator.rulesets.machiavelli.advanced.income import IncomeStatement

# The disaster and income modules are imported by the functions that use them,
# when a game plays those modules: a basic game's start-up stays as it was.


@dataclass(frozen=True)
class Turned:
    """A season's turn: the state, what everybody reads (notes and events) and
    what only one power reads (`secrets`, AM-46)."""

    state: MachiavelliState
    notes: tuple[str, ...] = ()
    events: tuple[Event, ...] = ()
    secrets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def open_spring(
    spring: MachiavelliState,
    game_map: GameMap,
    dice: Dice | None,
    *,
    famine: bool,
    finances: bool,
    perugia_twice: bool,
    double_variable_income: bool,
) -> Turned:
    """The famine roll, then income (AM-06), on a spring whose control is settled."""
    if dice is None or not (famine or finances):
        return Turned(spring)
    from adjudicator.rulesets.machiavelli.advanced.disaster_tables import DisasterTable
    from adjudicator.rulesets.machiavelli.advanced.disasters import stricken_areas
    from adjudicator.rulesets.machiavelli.advanced.income import income, roll_variable_income

    notes: list[str] = []
    state = spring
    if famine:
        struck = stricken_areas(DisasterTable.FAMINE, dice, perugia_twice=perugia_twice)
        state = replace(state, famine=struck.areas)
        notes.append(disaster_note(N_("Famine"), struck, game_map))
    if not finances:
        return Turned(state, tuple(notes))
    die = roll_variable_income(dice)
    statements = income(
        state,
        game_map,
        die,
        famine=state.famine,
        rebellions=state.rebellions,
        variable_cities=state.variable_income_cities,
        doubled=state.doubled_income if double_variable_income else frozenset(),
    )
    treasury = dict(state.treasury)
    secrets: dict[str, tuple[str, ...]] = {}
    for power, statement in statements.items():
        opening = treasury.get(power, 0)
        treasury[power] = opening + statement.total
        secrets[power] = income_lines(statement, opening, game_map)
    notes.append(T_("Variable income die: {die} (003 §5.2, one die for every player)", die=die))
    return Turned(replace(state, treasury=treasury), tuple(notes), (), secrets)


def close_spring(state: MachiavelliState) -> Turned:
    """AM-39, CM-9.4-3: the famine's eliminations after the spring's movement
    and retreats; the markers go."""
    if not state.famine:
        return Turned(state)
    from adjudicator.rulesets.machiavelli.advanced.disasters import end_spring_famine

    outcome = end_spring_famine(state)
    events = tuple(_killed(EventKind.STARVED, unit) for unit in outcome.eliminated)
    return Turned(outcome.state, (), events)


def open_summer(
    summer: MachiavelliState, game_map: GameMap, dice: Dice | None, *, plague: bool
) -> Turned:
    """CM-9.1-1, CM-9.2-1: the plague roll, and its victims at once."""
    if not plague or dice is None:
        return Turned(summer)
    from adjudicator.rulesets.machiavelli.advanced.disaster_tables import DisasterTable
    from adjudicator.rulesets.machiavelli.advanced.disasters import apply_plague, stricken_areas

    struck = stricken_areas(DisasterTable.PLAGUE, dice)
    outcome = apply_plague(replace(summer, plague=struck.areas), struck.areas)
    events = tuple(_killed(EventKind.PLAGUE_STRUCK, unit) for unit in outcome.eliminated)
    return Turned(outcome.state, (disaster_note(N_("Plague"), struck, game_map),), events)


def _killed(kind: EventKind, unit: Unit) -> Event:
    return Event(kind, unit.power, unit.location.partition("/")[0], unit)


def disaster_note(name: str, struck: Stricken, game_map: GameMap) -> str:
    """The public line of a disaster roll: the year, the row or column, the
    areas. `name` is `Famine` or `Plague` (marked for translation)."""
    read = [T_("row {row}", row=struck.row) if struck.row is not None else ""]
    if struck.column is not None:
        read.append(T_("column {column}", column=struck.column))
    where = joined((r for r in read if r), T_(" and "))
    from adjudicator.rulesets.machiavelli.advanced.disaster_tables import YEAR_WORDS

    year = T_(YEAR_WORDS[struck.year])
    if not struck.areas:
        return T_("{name}: {year}, no disaster", name=T_(name), year=year)
    shown = sorted((game_map.display(a), area_name(game_map, a)) for a in struck.areas)
    areas = joined(local for _, local in shown)
    return T_(
        "{name}: {year}, {where}: {areas}", name=T_(name), year=year, where=where, areas=areas
    )


def income_lines(statement: IncomeStatement, opening: int, game_map: GameMap) -> tuple[str, ...]:
    """A power's private treasury statement for the spring's income (AM-46)."""
    by_source: dict[str, int] = {}
    for line in statement.lines:
        by_source[line.source.value] = by_source.get(line.source.value, 0) + line.ducats
    parts = joined(
        T_("{source} {ducats}d", source=T_(SOURCE_WORDS[source]), ducats=ducats)
        for source, ducats in by_source.items()
    )
    return (
        T_("Treasury at the end of last year: {ducats}d", ducats=opening),
        T_(
            "Income this spring: {total}d ({parts})",
            total=statement.total,
            parts=parts or T_("nothing"),
        ),
        T_("Treasury now: {ducats}d", ducats=opening + statement.total),
    )


SOURCE_WORDS = {
    "province": N_("province"),
    "sea": N_("sea"),
    "city": N_("city"),
    "variable": N_("variable"),
}
"""The sources of income (`income.IncomeSource`, CM-5.2-1) in the treasury statement."""
