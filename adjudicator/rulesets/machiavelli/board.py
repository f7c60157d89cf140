"""Who stands where on the Machiavelli board, and where a unit may go.

An area holds at most one army or fleet (in its province) and, where it has a
fortified city, one garrison (in the city): 003 §3.2. The engine tells them
apart by a *slot*: the area code for the province (`PISA`) and the area code
with `:city` for the city (`PISA:city`). The resolver works on slots, so a
garrison is never attacked by an advance into its province; only a
conversion goes into or out of a city.

Reach (003 §3.2): armies go by land (never to a sea, Venice included),
fleets along fleet borders (never across a border closed to fleets); a fleet
standing in Messina at the start of the turn closes the strait between the
Gulf of Naples and the Ionian Sea to every other power (the map's `straits`);
areas a scenario leaves out are out of play.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from adjudicator.kits.board.reach import can_reach_area
from adjudicator.kits.board.results import Reason, ResultReason
from adjudicator.kits.board.state import GameState, Unit
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import Area, AreaKind, GameMap
from orders.board.model import UnitKind, UnitOrder, UnitRef
from orders.machiavelli.local_names import area_name
from texts import T_

CITY = ":city"


def city_slot(area: str) -> str:
    """The slot of an area's city: `PISA` -> `PISA:city`."""
    return area + CITY


def slot_area(slot: str) -> str:
    """The area of a slot: `PISA:city` -> `PISA`."""
    return slot.removesuffix(CITY)


def unit_slot(unit: Unit) -> str:
    return city_slot(unit.location) if unit.kind is UnitKind.GARRISON else unit.location


@dataclass(frozen=True)
class Board:
    """The units of a state by slot."""

    units: Mapping[str, Unit]

    @classmethod
    def of(cls, units: Iterable[Unit]) -> Board:
        return cls({unit_slot(u): u for u in units})

    def province(self, area: str) -> Unit | None:
        return self.units.get(area)

    def garrison(self, area: str) -> Unit | None:
        return self.units.get(city_slot(area))

    def slot_of(self, ref: UnitRef) -> str:
        """The slot a unit reference means: `G X` the city, `A X`/`F X` the
        province; with no kind, the province's unit if there is one, else the
        city's garrison."""
        if ref.kind is UnitKind.GARRISON:
            return city_slot(ref.location)
        alone_in_city = ref.location not in self.units and city_slot(ref.location) in self.units
        if ref.kind is None and alone_in_city:
            return city_slot(ref.location)
        return ref.location

    def order_slot(self, order: UnitOrder) -> str:
        return self.slot_of(order.unit)


def fortified(game_map: GameMap, area: str) -> bool:
    city = game_map.areas[area].city
    return city is not None and city.fortified


def port(game_map: GameMap, area: str) -> bool:
    city = game_map.areas[area].city
    return city is not None and city.port


def is_power(power: str) -> bool:
    return power != AUTONOMOUS


def strait_closed(game_map: GameMap, state: GameState, power: str, a: str, b: str) -> bool:
    """Whether a strait between `a` and `b` is closed to `power`: another
    power's fleet stands in the area that controls it (Messina, 003 §3.2)."""
    for strait in game_map.straits:
        if {a, b} == set(strait.between):
            holder = state.unit_at(strait.controlled_from)
            if holder is not None and holder.kind is UnitKind.FLEET and holder.power != power:
                return True
    return False


def reach_problem(
    game_map: GameMap, state: MachiavelliState, unit: Unit, dest: str
) -> tuple[ResultReason, str] | None:
    """Why the army or fleet `unit` could not move (or retreat, or support) into
    `dest` by itself, or None if it could (003 §3.2)."""
    area: Area | None = game_map.areas.get(dest)
    if area is None:
        return Reason.UNREACHABLE, T_("{area} is not on the map", area=dest)
    if dest in state.out_of_play:
        return MachiavelliReason.OUT_OF_PLAY, T_(
            "{area} is out of play", area=area_name(game_map, dest)
        )
    if unit.kind is UnitKind.ARMY and area.kind is AreaKind.SEA:
        name = area_name(game_map, dest)
        return Reason.UNREACHABLE, T_("an army cannot enter {area}, a sea area", area=name)
    if not can_reach_area(game_map, unit.kind, unit.location, dest):
        name = area_name(game_map, dest)
        if unit.kind is UnitKind.ARMY:
            detail = T_("{area} is not next to {start} for an army", area=name, start=unit.location)
        else:
            detail = T_("{area} is not next to {start} for a fleet", area=name, start=unit.location)
        return Reason.UNREACHABLE, detail
    if unit.kind is UnitKind.FLEET and strait_closed(
        game_map, state, unit.power, unit.location, dest
    ):
        name = area_name(game_map, dest)
        return MachiavelliReason.STRAIT_CLOSED, T_("the strait to {area} is closed", area=name)
    return None


def convoy_steps(
    game_map: GameMap, state: GameState
) -> Callable[[str], Callable[[str], frozenset[str]]]:
    """`steps(power)(area)`: the areas a convoy of `power`'s army may step to
    from `area` (closed straits left out: 003 §3.2)."""

    @cache
    def for_power(power: str) -> Callable[[str], frozenset[str]]:
        closed = {
            frozenset(s.between)
            for s in game_map.straits
            if strait_closed(game_map, state, power, *s.between)
        }
        if not closed:
            return game_map.fleet_area_neighbours

        def steps(area: str) -> frozenset[str]:
            return frozenset(
                n
                for n in game_map.fleet_area_neighbours(area)
                if frozenset((area, n)) not in closed
            )

        return steps

    return for_power
