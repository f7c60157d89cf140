"""A Machiavelli state checked against its map (Trust #7): the board kit's
checks (`adjudicator.kits.board.validate`) with garrisons only in a
fortified city (003 §3.2) and the autonomous garrisons' owner (003 §4.5),
then Machiavelli's own keys: control markers, homes, sieges and the areas
out of play name areas of the map and known powers.
"""

from __future__ import annotations

from collections.abc import Iterable

from adjudicator.kits.board.validate import (
    Problems,
    board_problems,
    known_powers,
    power_problem,
    unknown_area,
)
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import GameMap
from orders.machiavelli.local_names import area_name
from texts import T_


def garrison_rule(game_map: GameMap, area: str) -> str | None:
    """A garrison stands only in a fortified city (003 §3.2)."""
    city = game_map.areas[area].city
    if city is None:
        return T_("{area} has no city for a garrison", area=area)
    if not city.fortified:
        name = area_name(game_map, area) if city.name == game_map.areas[area].name else city.name
        return T_("{area}'s city {city} is not fortified: no garrison there", area=area, city=name)
    return None


def machiavelli_problems(state: MachiavelliState, game_map: GameMap) -> tuple[str, ...]:
    """Every way a Machiavelli state does not fit its map."""
    found = list(
        board_problems(state, game_map, garrisons=garrison_rule, extra_powers=(AUTONOMOUS,))
    )
    problems = Problems()
    powers = known_powers(game_map)
    _areas(problems, game_map, powers, "control", state.control.items())
    for power, areas in sorted(state.homes.items()):
        _areas(problems, game_map, powers, "home", ((a, power) for a in areas))
    _areas(problems, game_map, powers, "sieges", state.sieges.items())
    for code in sorted(state.out_of_play):
        if code not in game_map.areas:
            problems.add(unknown_area(game_map, "out_of_play", code))
    _advanced(problems, state, game_map, powers)
    return (*found, *problems.result())


def _advanced(
    problems: Problems, state: MachiavelliState, game_map: GameMap, powers: frozenset[str]
) -> None:
    """The advanced rules' records: their powers and areas are the map's, and a
    special unit is a unit on the board (§5 to §11)."""
    for key, holders in (("treasury", state.treasury), ("attempts", state.attempts)):
        for power in sorted(holders):
            wrong = power_problem(f"{key}.{power}", power, powers)
            if wrong:
                problems.add(wrong)
    for rebellion in state.rebellions:
        _areas(problems, game_map, powers, "rebellions", [(rebellion.area, rebellion.against)])
    for key, areas in (("famine", state.famine), ("plague", state.plague)):
        for code in sorted(areas):
            if code not in game_map.areas:
                problems.add(unknown_area(game_map, key, code))
    on_board = {*state.units, *(d.unit for d in state.dislodged)}
    for unit in sorted(state.specials):
        if unit not in on_board:
            problems.add(
                T_(
                    "special_units.{power}: {unit} is not one of its units on the board",
                    power=unit.power,
                    unit=str(unit),
                )
            )


def _areas(
    problems: Problems,
    game_map: GameMap,
    powers: frozenset[str],
    key: str,
    pairs: Iterable[tuple[str, str]],
) -> None:
    for code, power in sorted(pairs):
        wrong_power = power_problem(f"{key}.{code}", power, powers)
        if wrong_power:
            problems.add(wrong_power)
        if code not in game_map.areas:
            problems.add(unknown_area(game_map, f"{key}.{power}", code))
