"""Income (rulebook 003 §5.0 to §5.2): what each power collects at the start
of the spring adjustment, in ducats (CM-5.0-2, CM-5.1-1).

Four sources (CM-5.2-1), each a line of a power's `IncomeStatement`:

- PROVINCE / SEA: one ducat per area at most (AM-07). A land area's ducat, and
  Venice's (a sea with a city whose control marker stays when the fleet leaves:
  CM-5.2-5, AM-08), goes to its controller, or, when nobody controls it, to the
  owner of the army or fleet standing there, never to a garrison (CM-5.2-2,
  CM-5.2-3, CM-5.2-10). An ordinary sea's ducat goes only to the fleet in it
  (CM-5.2-4, CM-5.2-5). A fleet in a coastal province earns that province's
  ducat, never a sea one (AM-09). Income reads control as §1.1 settled it at
  the start of spring (AM-06): after that a lone unit controls its area, and a
  garrison of X beside a unit of Y leaves nobody in control, so Y collects as
  occupier (AM-07).
- CITY: the city's value (the area's control income less the province's
  ducat: AM-01; Rome 2, CM-5.2-7) to the owner of its unbesieged garrison, or
  to the controller of an ungarrisoned city (CM-5.2-6). A besieged city earns
  nothing, while the besieger still earns the province (CM-5.2-8, AM-10).
- VARIABLE: each power's row of Table 1 at the one shared die (CM-5.2-11 to
  CM-5.2-14), doubled for the powers the scenario marks (AM-12); an independent
  major city the scenario lists gives its own row to whoever collects that
  city's income, an autonomous one to nobody (AM-11).

Rebellions (§7): a province holding one gives no area ducat, and its
ungarrisoned city nothing; a garrisoned city there still earns (CM-7.2-1,
CM-7.2-2); an ungarrisoned city holding one earns nothing (CM-5.2-9). Famine
(§9.4, AM-39): a famine area gives no area ducat and its ungarrisoned city
nothing, while a garrisoned fortified city keeps its income (CM-9.4-1); famine
never touches variable income (CM-9.4-5). Autonomous garrisons earn nothing for
anyone.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.machiavelli.advanced.income_tables import (
    DIE_FACES,
    city_variable_income,
    power_variable_income,
)
from adjudicator.rulesets.machiavelli.records import Rebellion
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import Area, AreaKind, GameMap
from orders.board.model import PhaseKind

__all__ = [
    "VARIABLE_INCOME_PURPOSE",
    "IncomeLine",
    "IncomeSource",
    "IncomeStatement",
    "city_value",
    "collects_income",
    "income",
    "roll_variable_income",
]

VARIABLE_INCOME_PURPOSE = "variable-income"
"""The purpose of the one variable-income die of a spring (CM-5.2-12)."""

PROVINCE_DUCATS = 1
"""CM-5.2-2, CM-5.2-4: one ducat per province or sea area."""

INCOME_SEASON = "spring"
"""CM-5.0-2: income is counted at the start of the spring adjustment only."""


class IncomeSource(StrEnum):
    """The four sources of income (CM-5.2-1)."""

    PROVINCE = "province"
    SEA = "sea"
    CITY = "city"
    VARIABLE = "variable"


SOURCE_ORDER = tuple(IncomeSource)
"""A statement lists its lines by source in this order, then by area."""


@dataclass(frozen=True)
class IncomeLine:
    """Ducats from one source: the area it comes from (None for a power's own
    variable income; the city's code for a city's variable income)."""

    source: IncomeSource
    area: str | None
    ducats: int

    @property
    def sort_key(self) -> tuple[int, bool, str]:
        return (SOURCE_ORDER.index(self.source), self.area is not None, self.area or "")


@dataclass(frozen=True)
class IncomeStatement:
    """What one power collects this spring (CM-5.1-1), line by line."""

    power: str
    lines: tuple[IncomeLine, ...]

    @property
    def total(self) -> int:
        return sum(line.ducats for line in self.lines)


def collects_income(phase: Phase) -> bool:
    """Whether income is counted in `phase`: only the spring adjustment
    (CM-5.0-2). The first spring of a scenario is the caller's to skip
    (CM-5.0-3)."""
    return phase.season == INCOME_SEASON and phase.kind == PhaseKind.ADJUSTMENT


def roll_variable_income(dice: Dice) -> int:
    """The one die every player reads his variable income at (CM-5.2-12)."""
    return dice.roll(VARIABLE_INCOME_PURPOSE, DIE_FACES)


def city_value(area: Area) -> int:
    """What a city earns: 1 for a minor city, the printed 2 or 3 for a major one
    (CM-5.2-6, CM-5.2-7): the area's control income less the province's ducat
    (AM-01); Venice's 3 beside its sea ducat (AM-08). 0 with no city."""
    if area.city is None:
        return 0
    return area.city.income - PROVINCE_DUCATS


def income(
    state: MachiavelliState,
    game_map: GameMap,
    die: int,
    *,
    famine: frozenset[str] = frozenset(),
    rebellions: Sequence[Rebellion] = (),
    variable_cities: frozenset[str] = frozenset(),
    doubled: frozenset[str] = frozenset(),
) -> dict[str, IncomeStatement]:
    """Each power's income this spring (§5.2), by power id in sorted order.

    `state` holds control as settled at the start of spring (AM-06); `die` is
    the shared variable-income die; `famine` the areas with a famine marker;
    `rebellions` the rebellion units on the board; `variable_cities` the
    independent major cities the scenario gives a variable income (AM-11);
    `doubled` the powers whose variable income the scenario doubles (AM-12).
    """
    blights = _Blights.of(famine, rebellions)
    found: dict[str, list[IncomeLine]] = {}
    for power, line in _board_lines(state, game_map, blights):
        found.setdefault(power, []).append(line)
    for power, line in _variable_lines(state, game_map, die, blights, variable_cities, doubled):
        found.setdefault(power, []).append(line)
    return {
        power: IncomeStatement(power, tuple(sorted(found[power], key=lambda n: n.sort_key)))
        for power in sorted(found)
    }


# --- who collects what -------------------------------------------------------------


@dataclass(frozen=True)
class _Blights:
    """What stops an area's income: famine markers (CM-9.4-1) and rebellions in
    the province or in the city (CM-7.2-1, CM-5.2-9)."""

    famine: frozenset[str]
    rebel_provinces: frozenset[str]
    rebel_cities: frozenset[str]

    @classmethod
    def of(cls, famine: frozenset[str], rebellions: Sequence[Rebellion]) -> _Blights:
        return cls(
            famine=famine,
            rebel_provinces=frozenset(r.area for r in rebellions if not r.in_city),
            rebel_cities=frozenset(r.area for r in rebellions if r.in_city),
        )


def _power(owner: str | None) -> str | None:
    """The owner, unless it is nobody's or the autonomous garrisons'."""
    return None if owner is None or owner == AUTONOMOUS else owner


def _keeps_marker(area: Area) -> bool:
    """Land areas, and Venice, keep their ducat with the control marker; an
    ordinary sea only while a fleet is in it (CM-5.2-5, AM-08)."""
    return area.kind is not AreaKind.SEA or area.city is not None


def _area_collector(area: Area, state: MachiavelliState, blights: _Blights) -> str | None:
    """Who collects the area's own ducat: the controller, else the owner of the
    army or fleet there, never a garrison (CM-5.2-2, CM-5.2-4, AM-07, AM-09);
    nobody in a famine or rebel province (CM-9.4-1, CM-7.2-1)."""
    if area.code in blights.famine or area.code in blights.rebel_provinces:
        return None
    if _keeps_marker(area):
        controller = _power(state.control.get(area.code))
        if controller is not None:
            return controller
    unit = state.unit_at(area.code)
    return None if unit is None else _power(unit.power)


def _city_holder(area: Area, state: MachiavelliState, blights: _Blights) -> str | None:
    """Who holds the city for its income, famine aside: the owner of its
    garrison unless besieged (CM-5.2-6, CM-5.2-8, CM-5.2-10) or autonomous; with
    no garrison, the controller unless the city or its province is in rebellion
    (CM-5.2-9, CM-7.2-1, CM-7.2-2)."""
    if area.city is None:
        return None
    garrison = state.garrison_at(area.code)
    if garrison is not None:
        return None if area.code in state.sieges else _power(garrison.power)
    if area.code in blights.rebel_cities or area.code in blights.rebel_provinces:
        return None
    return _power(state.control.get(area.code))


def _city_collector(area: Area, state: MachiavelliState, blights: _Blights) -> str | None:
    """Who collects the city's value: its holder, except an ungarrisoned city
    in a famine area (CM-9.4-1, AM-39)."""
    if area.code in blights.famine and state.garrison_at(area.code) is None:
        return None
    return _city_holder(area, state, blights)


def _board_lines(
    state: MachiavelliState, game_map: GameMap, blights: _Blights
) -> Iterator[tuple[str, IncomeLine]]:
    """The province, sea and city lines of every area in play."""
    for code in sorted(game_map.areas):
        if code in state.out_of_play:
            continue
        area = game_map.areas[code]
        source = IncomeSource.SEA if area.kind is AreaKind.SEA else IncomeSource.PROVINCE
        collector = _area_collector(area, state, blights)
        if collector is not None:
            yield collector, IncomeLine(source, code, PROVINCE_DUCATS)
        collector = _city_collector(area, state, blights)
        if collector is not None and city_value(area) > 0:
            yield collector, IncomeLine(IncomeSource.CITY, code, city_value(area))


def _variable_lines(
    state: MachiavelliState,
    game_map: GameMap,
    die: int,
    blights: _Blights,
    variable_cities: frozenset[str],
    doubled: frozenset[str],
) -> Iterator[tuple[str, IncomeLine]]:
    """Each power's variable income (CM-5.2-12, CM-5.2-13, AM-12), then the
    listed cities' to whoever holds them (AM-11); famine plays no part
    (CM-9.4-5)."""
    for power in state.powers():
        factor = 2 if power in doubled else 1
        ducats = power_variable_income(power, die) * factor
        yield power, IncomeLine(IncomeSource.VARIABLE, None, ducats)
    for city in sorted(variable_cities):
        if city in state.out_of_play:
            continue
        holder = _city_holder(game_map.areas[city], state, blights)
        if holder is not None:
            yield holder, IncomeLine(IncomeSource.VARIABLE, city, city_variable_income(city, die))
