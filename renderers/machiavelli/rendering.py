"""Machiavelli's rendering: what its state adds to the board's report and map.

Cities controlled instead of supply centres (003 §1, §1.1), sieges under way
(003 §4.4), the autonomous garrisons (003 §4.5), areas out of play, and the
words for its own reasons. A game with no control markers and no home areas
(a scenario that sets none) is shown as a plain board.
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.kits.board.results import ResultReason
from adjudicator.rulesets.machiavelli.records import SpecialKind
from adjudicator.rulesets.machiavelli.spring import cities_controlled
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import GameMap
from renderers.board.rendering import BoardRendering, Mark
from renderers.board.words import count_line
from renderers.machiavelli.reasons import PHRASES
from texts import N_, _, ngettext


def local_power(game_map: GameMap, power: str) -> str:
    """A power's name in the language being written (its id when the map lacks it)."""
    info = game_map.powers.get(power)
    return info.local_name if info else power


def local_area(game_map: GameMap, area: str) -> str:
    """An area's name in the language being written (its code when the map lacks it)."""
    found = game_map.areas.get(area)
    return found.local_name if found else area


def sieges_section(state: MachiavelliState, game_map: GameMap) -> str:
    """Sieges under way after the phase (003 §4.4)."""
    lines = [_("Sieges under way (the city falls if the besieger orders B again):")]
    for area, besieger in sorted(state.sieges.items()):
        garrison = state.garrison_at(area)
        values = {"area": local_area(game_map, area), "besieger": local_power(game_map, besieger)}
        if garrison is None:
            line = _("{area}: {besieger} besieges the nobody garrison").format(**values)
        elif garrison.power == AUTONOMOUS:
            line = _("{area}: {besieger} besieges the autonomous garrison").format(**values)
        else:
            owner = local_power(game_map, garrison.power)
            line = _("{area}: {besieger} besieges the {owner} garrison").format(
                owner=owner, **values
            )
        lines.append(f"  {line}")
    return "\n".join(lines)


def _uses_control(state: MachiavelliState) -> bool:
    return bool(state.control or state.homes)


class MachiavelliRendering(BoardRendering[MachiavelliState]):
    """The board's report and map for a `MachiavelliState`."""

    @property
    def phrases(self) -> Mapping[ResultReason, str]:
        """The reasons' words (English message ids: the report translates them)."""
        return PHRASES

    def is_power(self, owner: str) -> bool:
        """Autonomous garrisons only hold (003 §4.5): the report has no section for them."""
        return owner != AUTONOMOUS

    def settled_line(self, state: MachiavelliState, power: str, game_map: GameMap) -> str:
        """Cities in the areas a power controls against its units (003 §1)."""
        if not _uses_control(state):
            return super().settled_line(state, power, game_map)
        cities = cities_controlled(state, game_map, power)
        if state.treasury:  # finances: units are paid for, not counted against cities (AM-14)
            listed = f" ({', '.join(cities)})" if cities else ""
            units = len(state.units_of(power))
            line = _("Cities controlled: {count}{listed}; units: {units} (kept by paying for them)")
            return "  " + line.format(count=len(cities), listed=listed, units=units)
        return count_line(_("Cities controlled"), cities, len(state.units_of(power)))

    def holdings_lines(self, state: MachiavelliState, power: str, game_map: GameMap) -> list[str]:
        """The cities and areas a power controls (003 §1.1)."""
        if not _uses_control(state):
            return super().holdings_lines(state, power, game_map)
        cities = cities_controlled(state, game_map, power)
        areas = state.controlled_by(power)
        return [
            "  "
            + _("cities controlled ({count}): {cities}").format(
                count=len(cities), cities=", ".join(cities) or "-"
            ),
            "  " + _("areas controlled: {areas}").format(areas=", ".join(areas) or "-"),
        ]

    def board_notes(self, state: MachiavelliState, game_map: GameMap) -> list[str]:
        """The autonomous garrisons (003 §4.5), then the sieges under way (003 §4.4)."""
        lines = []
        autonomous = sorted(u.location for u in state.units if u.power == AUTONOMOUS)
        if autonomous:
            lines.append(_("Autonomous garrisons: {areas}").format(areas=", ".join(autonomous)))
        return lines + self.report_sections(state, game_map)

    def report_sections(self, state: MachiavelliState, game_map: GameMap) -> list[str]:
        return [sieges_section(state, game_map)] if state.sieges else []

    def json_fields(self, state: MachiavelliState) -> Mapping[str, object]:
        """`control` (power -> areas) and `sieges` (area -> besieger), as in the state file."""
        data = state.extension_dict()
        return {"control": data.get("control", {}), "sieges": data.get("sieges", {})}

    def area_owners(self, state: MachiavelliState) -> Mapping[str, str]:
        """Control markers (003 §1.1) colour the areas."""
        return {**state.supply_centers, **state.control}

    def home_areas(self, state: MachiavelliState, game_map: GameMap) -> Mapping[str, str]:
        """The scenario's home areas (003 §1), else the map's."""
        if state.homes:
            return {a: p for p, areas in state.homes.items() for a in areas}
        return super().home_areas(state, game_map)

    def out_of_play(self, state: MachiavelliState) -> frozenset[str]:
        return state.out_of_play

    def ringed_cities(self, state: MachiavelliState) -> Mapping[str, str]:
        """Each besieged city, ringed in its besieger's ink (003 §4.4)."""
        return state.sieges

    def marks(self, state: MachiavelliState) -> tuple[Mark, ...]:
        """The advanced rules' badges: famine markers (§9.3), the plague of the
        season (§9.2), rebellions (§7, in the province or its city) and special
        units (§10, beside the unit)."""
        famine, plague, rebellion = _("famine"), _("plague"), _("rebellion")
        found = [Mark(a, "H", FAMINE_COLOUR, famine) for a in sorted(state.famine)]
        found += [Mark(a, "X", PLAGUE_COLOUR, plague) for a in sorted(state.plague)]
        found += [
            Mark(r.area, "R", REBELLION_COLOUR, rebellion, in_city=r.in_city)
            for r in sorted(state.rebellions, key=lambda r: (r.area, r.in_city))
        ]
        for unit, kind in sorted(state.specials.items()):
            letter, legend = SPECIAL_MARKS[kind]
            found.append(Mark(unit.location, letter, SPECIAL_COLOUR, _(legend), beside=str(unit)))
        return tuple(found)

    def score(self, state: MachiavelliState, power: str, game_map: GameMap) -> int:
        """The cities a power controls (what Machiavelli counts), or its
        supply centres before control is tracked."""
        if not state.control:
            return super().score(state, power, game_map)
        return len(cities_controlled(state, game_map, power))

    def score_measure(self, state: MachiavelliState) -> str:
        return _("Cities") if state.control else super().score_measure(state)

    def legend_count(self, state: MachiavelliState, power: str, game_map: GameMap) -> str:
        if not state.control:
            return super().legend_count(state, power, game_map)
        count = self.score(state, power, game_map)
        # the English text says "1 cities" as it always did; the languages
        # with a singular give it
        return ngettext("{n} cities", "{n} cities", count).format(n=count)


FAMINE_COLOUR = "#d99a00"
PLAGUE_COLOUR = "#6a3d9a"
REBELLION_COLOUR = "#c8102e"
SPECIAL_COLOUR = "#ffffff"
SPECIAL_MARKS: Mapping[SpecialKind, tuple[str, str]] = {
    SpecialKind.CITIZEN_MILITIA: ("M", N_("citizen militia")),
    SpecialKind.ELITE_MERCENARIES: ("E", N_("elite mercenaries")),
    SpecialKind.ELITE_PROFESSIONALS: ("P", N_("elite professionals")),
}
"""The letter and legend of each special unit's badge (003 §10)."""

MACHIAVELLI_RENDERING = MachiavelliRendering()
