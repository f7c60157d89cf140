"""A board state checked against its map (Trust #7; DESIGN.md, "State on disk":
everything read is validated against the map and the ruleset).

`board_problems(state, game_map)` lists every way a state read from a file
cannot stand on the map, each naming the key and the value (and, for a
misspelt area, the nearest valid names):

- a unit of a power the map does not know, on an area it does not have, or
  where its kind cannot stand (an army at sea, a fleet inland or on a split
  coast without its coast);
- two armies or fleets in one area (the file's second one would otherwise
  vanish silently), two garrisons in one city;
- a garrison where the ruleset has none (`garrisons` tells where one may
  stand: classic has none at all);
- an owned centre that is no supply centre of the map, or owned by an
  unknown power; a dislodged unit, a standoff or the winner that does not fit.

A ruleset with more on its board (Machiavelli) adds its own checks after
these (`adjudicator.rulesets.machiavelli.validate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from adjudicator.kits.board.state import GameState, Unit
from maps.model import SUGGESTED_CHARS, AreaKind, GameMap
from orders.board.model import UnitKind
from orders.board.words import suggestion
from texts import T_, Tn_, joined

MAX_PROBLEMS = 20
"""At most this many problems are listed (the rest are counted)."""


@dataclass
class Problems:
    """The problems found so far, at most `MAX_PROBLEMS` of them spelt out."""

    items: list[str] = field(default_factory=list)
    more: int = 0

    def add(self, text: str) -> None:
        if text in self.items:
            return
        if len(self.items) < MAX_PROBLEMS:
            self.items.append(text)
        else:
            self.more += 1

    def result(self) -> tuple[str, ...]:
        more = self.more
        extra = (
            (Tn_("... and {n} more problem(s)", "... and {n} more problem(s)", more),)
            if more
            else ()
        )
        return (*self.items, *extra)


def unknown_area(game_map: GameMap, key: str, code: str) -> str:
    """`units.france: unknown area 'PRA' (nearest: PAR (Paris))`."""
    near = game_map.suggestions(code) if code.strip() else ()
    shown = code if len(code) <= SUGGESTED_CHARS else code[:SUGGESTED_CHARS] + "..."
    if not near:
        return T_("{key}: unknown area {area}", key=key, area=repr(shown))
    names = joined(suggestion(game_map, n) for n in near)
    return T_(
        "{key}: unknown area {area} (nearest: {names})", key=key, area=repr(shown), names=names
    )


def known_powers(game_map: GameMap, extra: Iterable[str] = ()) -> frozenset[str]:
    """The powers a state on this map may name: the map's and its scenarios'."""
    found = set(game_map.powers) | set(extra)
    for scenario in game_map.scenarios.values():
        found.update(scenario.powers)
    return frozenset(found)


GarrisonRule = Callable[[GameMap, str], str | None]
"""Why a garrison may not stand in an area (None when it may)."""


def no_garrisons(game_map: GameMap, area: str) -> str | None:
    """The classic board has no garrisons at all."""
    return T_("this ruleset has no garrisons")


def board_problems(
    state: GameState,
    game_map: GameMap,
    *,
    garrisons: GarrisonRule = no_garrisons,
    extra_powers: Iterable[str] = (),
) -> tuple[str, ...]:
    """Every way `state` does not fit `game_map` (see the module docstring)."""
    problems = Problems()
    powers = known_powers(game_map, extra_powers)
    _check_units(state.units, game_map, powers, garrisons, problems, "units")
    _check_centres(state, game_map, powers, problems)
    dislodged = tuple(d.unit for d in state.dislodged)
    _check_units(dislodged, game_map, powers, garrisons, problems, "dislodged")
    for d in state.dislodged:
        for code in (d.attacker_from, *d.retreats):
            if game_map.province(code) not in game_map.areas:
                problems.add(unknown_area(game_map, f"dislodged.{d.unit}", code))
    for code in sorted(state.standoffs):
        if code not in game_map.areas:
            problems.add(unknown_area(game_map, "standoffs", code))
    if state.winner is not None and state.winner not in powers:
        problems.add(T_("winner: unknown power {power}", power=repr(state.winner)))
    return problems.result()


def power_problem(key: str, power: str, powers: frozenset[str]) -> str | None:
    if power in powers:
        return None
    known = ", ".join(sorted(powers))
    return T_(
        "{key}: unknown power {power} (known: {known})", key=key, power=repr(power), known=known
    )


def _check_units(
    units: Iterable[Unit],
    game_map: GameMap,
    powers: frozenset[str],
    garrisons: GarrisonRule,
    problems: Problems,
    key: str,
) -> None:
    held: dict[tuple[bool, str], Unit] = {}
    for unit in units:
        where = f"{key}.{unit.power}"
        wrong_power = power_problem(where, unit.power, powers)
        if wrong_power:
            problems.add(wrong_power)
        code = game_map.province(unit.location)
        if code not in game_map.areas:
            problems.add(unknown_area(game_map, where, unit.location))
            continue
        why = _placement(unit, game_map, garrisons)
        if why:
            problems.add(T_("{key}: {unit}: {problem}", key=where, unit=str(unit), problem=why))
            continue
        slot = (unit.kind is UnitKind.GARRISON, code)
        other = held.get(slot)
        if other is not None:
            problems.add(
                T_(
                    "{key}: {unit}: {area} already holds {power}'s {other} (one unit per area)",
                    key=where,
                    unit=str(unit),
                    area=code,
                    power=other.power,
                    other=str(other),
                )
            )
        held[slot] = unit


def _placement(unit: Unit, game_map: GameMap, garrisons: GarrisonRule) -> str | None:
    """Why `unit` cannot stand where the file puts it, or None."""
    area = game_map.area(unit.location)
    match unit.kind:
        case UnitKind.ARMY:
            if area.kind is AreaKind.SEA:
                return T_("an army cannot stand at sea")
            if unit.location != area.code:
                return T_("an army stands on {area}, not on a coast", area=area.code)
        case UnitKind.FLEET:
            if area.kind is AreaKind.LAND:
                return T_("a fleet cannot stand inland")
            if unit.location not in area.fleet_locations:
                coasts = ", ".join(area.fleet_locations)
                return T_("a fleet there stands on one of {coasts}", coasts=coasts)
        case UnitKind.GARRISON:
            if unit.location != area.code:
                return T_("a garrison stands in {area}'s city, not on a coast", area=area.code)
            return garrisons(game_map, area.code)
    return None


def _check_centres(
    state: GameState, game_map: GameMap, powers: frozenset[str], problems: Problems
) -> None:
    for code, owner in sorted(state.supply_centers.items()):
        key = f"supply_centers.{owner}"
        wrong_power = power_problem(key, owner, powers)
        if wrong_power:
            problems.add(wrong_power)
        if code not in game_map.areas:
            problems.add(unknown_area(game_map, key, code))
        elif not game_map.areas[code].supply_center:
            problems.add(T_("{key}: {area} is not a supply centre", key=key, area=code))
