"""Stages 2 and 3 of loading a map: checks on a parsed `MapSpec`.

*references* (`check_references`): unknown areas, locations, coasts and powers;
coasts only on coast areas. *consistency* (`check_consistency`): asymmetric or
duplicate borders, army borders touching the sea, fleet borders touching land or
a bare split-coast area, duplicate names, duplicate list entries, starting units
where they cannot stand or sharing an area, centres owned twice, straits off any
border.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TypeVar

from maps.model import (
    Area,
    AreaKind,
    Crossing,
    PowerInfo,
    StartingUnit,
    normalize_name,
    split_location,
)
from maps.spec import Borders, Errors, MapSpec, ScenarioSpec
from texts import T_

T = TypeVar("T")

# --- stage 2: references -----------------------------------------------------------


def check_references(spec: MapSpec, errors: Errors) -> None:
    for area in spec.areas.values():
        _check_area_references(area, spec, errors)
    for loc, crossings in spec.borders.items():
        if not _is_location(spec.areas, loc):
            errors.add(f"borders.{loc}", T_("is keyed by unknown location {loc}", loc=loc))
        for crossing, targets in crossings.items():
            for target in targets:
                if not _is_location(spec.areas, target):
                    errors.add(
                        f"borders.{loc}.{crossing}",
                        T_("lists unknown location {target}", target=target),
                    )
    for i, strait in enumerate(spec.straits):
        for loc in strait.between:
            if not _is_location(spec.areas, loc):
                errors.add(f"straits[{i}].between", T_("names unknown location {loc}", loc=loc))
        if strait.controlled_from not in spec.areas:
            errors.add(
                f"straits[{i}].controlled_from",
                T_("names unknown area {controlled_from}", controlled_from=strait.controlled_from),
            )
    for scenario in spec.scenarios.values():
        _check_scenario_references(scenario, spec, errors)


def _check_area_references(area: Area, spec: MapSpec, errors: Errors) -> None:
    path = spec.area_path(area.code)
    if area.home_of is not None and area.home_of not in spec.powers:
        errors.add(f"{path}.home_of", T_("names unknown power {home_of}", home_of=area.home_of))
    if area.coasts and area.kind is not AreaKind.COAST:
        errors.add(
            f"{path}.coasts",
            T_("are only allowed on coast areas, not on a {kind} area", kind=area.kind),
        )


def _is_location(areas: Mapping[str, Area], loc: str) -> bool:
    code, coast = split_location(loc)
    area = areas.get(code)
    return area is not None and (coast is None or coast in area.coasts)


def _check_scenario_references(scenario: ScenarioSpec, spec: MapSpec, errors: Errors) -> None:
    path = scenario.path
    for power in scenario.powers:
        if power not in spec.powers:
            errors.add(f"{path}.powers", T_("names unknown power {power}", power=power))
    keyed: tuple[tuple[str, Mapping[str, object]], ...] = (
        ("units", scenario.units),
        ("treasury", scenario.treasury),
        *_areas_by_power(scenario),
    )
    for section, keys in keyed:
        for power in keys:
            if power not in scenario.powers:
                errors.add(f"{path}.{section}.{power}", T_("is not one of the scenario's powers"))
    for power in scenario.double_variable_income:
        if power not in scenario.powers:
            errors.add(
                f"{path}.double_variable_income",
                T_("names {power}, not a scenario power", power=power),
            )
    for code in scenario.variable_income_cities:
        if code in spec.areas and spec.areas[code].city is None:
            errors.add(
                f"{path}.variable_income_cities", T_("names {code}, which has no city", code=code)
            )
    for power, units in scenario.units.items():
        for i, unit in enumerate(units):
            if not _is_location(spec.areas, unit.location):
                errors.add(
                    f"{path}.units.{power}[{i}]",
                    T_("stands on unknown location {location}", location=unit.location),
                )
    for section, by_power in _areas_by_power(scenario):
        for power, codes in by_power.items():
            for code in codes:
                if code not in spec.areas:
                    errors.add(
                        f"{path}.{section}.{power}", T_("names unknown area {code}", code=code)
                    )
    for section, codes in _area_lists(scenario):
        for code in codes:
            if code not in spec.areas:
                errors.add(f"{path}.{section}", T_("names unknown area {code}", code=code))


def _areas_by_power(
    scenario: ScenarioSpec,
) -> tuple[tuple[str, Mapping[str, Sequence[str]]], ...]:
    """The scenario's `{power: [AREA, ...]}` sections, by key."""
    return (
        ("supply_centers", scenario.supply_centers),
        ("home", scenario.home),
        ("control", scenario.control),
    )


def _area_lists(scenario: ScenarioSpec) -> tuple[tuple[str, Sequence[str]], ...]:
    """The scenario's plain `[AREA, ...]` sections, by key."""
    return (
        ("autonomous_garrisons", scenario.autonomous_garrisons),
        ("disabled_areas", scenario.disabled_areas),
        ("sieges", scenario.sieges),
        ("variable_income_cities", scenario.variable_income_cities),
    )


# --- stage 3: consistency ----------------------------------------------------------


def check_consistency(spec: MapSpec, errors: Errors) -> None:
    _check_border_ends(spec, errors)
    _check_symmetry(spec.borders, errors)
    _check_duplicate_entries(spec, errors)
    _check_area_names(spec, errors)
    _check_power_names(spec.powers, errors)
    _check_straits(spec, errors)
    for scenario in spec.scenarios.values():
        _check_scenario(scenario, spec.areas, errors)


def _army_problem(areas: Mapping[str, Area], loc: str) -> str | None:
    """Why an army cannot stand on `loc` (None if it can)."""
    code, coast = split_location(loc)
    if coast is not None:
        return T_("is one coast of {code}; armies stand on the whole area {code}", code=code)
    if areas[code].kind is AreaKind.SEA:
        return T_("is a sea area")
    return None


def _fleet_problem(areas: Mapping[str, Area], loc: str) -> str | None:
    """Why a fleet cannot stand on `loc` (None if it can)."""
    area = areas[split_location(loc)[0]]
    if area.kind is AreaKind.LAND:
        return T_("is a land area")
    if loc not in area.fleet_locations:
        return T_("has split coasts; name one of {values}", values=", ".join(area.fleet_locations))
    return None


def _garrison_problem(areas: Mapping[str, Area], loc: str) -> str | None:
    """Why a garrison cannot stand on `loc` (None if it can)."""
    code, coast = split_location(loc)
    city = areas[code].city
    if coast is not None or city is None:
        return T_("has no city for a garrison")
    if not city.fortified:
        return T_("has a city without walls (a garrison needs a fortified city)")
    return None


_PROBLEMS: dict[Crossing, Callable[[Mapping[str, Area], str], str | None]] = {
    Crossing.ARMY: _army_problem,
    Crossing.FLEET: _fleet_problem,
}
_UNIT_PROBLEMS = {"A": _army_problem, "F": _fleet_problem, "G": _garrison_problem}


def _check_border_ends(spec: MapSpec, errors: Errors) -> None:
    for loc, crossings in spec.borders.items():
        for crossing, targets in crossings.items():
            problem = _PROBLEMS[crossing]
            path = f"borders.{loc}.{crossing}"
            if (why := problem(spec.areas, loc)) is not None:
                errors.add(path, T_("is keyed by {loc}, which {why}", loc=loc, why=why))
            for target in targets:
                if (why := problem(spec.areas, target)) is not None:
                    errors.add(path, T_("lists {target}, which {why}", target=target, why=why))
                if target == loc:
                    errors.add(path, T_("lists its own location"))


def _check_symmetry(borders: Borders, errors: Errors) -> None:
    for loc, crossings in borders.items():
        for crossing, targets in crossings.items():
            for target in targets:
                if loc not in borders.get(target, {}).get(crossing, ()):
                    errors.add(
                        f"borders.{loc}.{crossing}",
                        T_(
                            "lists {target} but borders.{target}.{crossing} does not list {loc}",
                            target=target,
                            crossing=crossing,
                            loc=loc,
                        ),
                    )


def _duplicates(items: Iterable[T]) -> list[T]:
    seen: list[T] = []
    repeated: list[T] = []
    for item in items:
        if item in seen and item not in repeated:
            repeated.append(item)
        seen.append(item)
    return repeated


def _all_lists(spec: MapSpec) -> Iterator[tuple[str, Sequence[object]]]:
    """Every list in the map data, with its key path."""
    for area in spec.areas.values():
        yield f"{spec.area_path(area.code)}.aliases", area.aliases
        yield f"{spec.area_path(area.code)}.coasts", area.coasts
    for info in spec.powers.values():
        yield f"powers.{info.id}.aliases", info.aliases
    for loc, crossings in spec.borders.items():
        for crossing, targets in crossings.items():
            yield f"borders.{loc}.{crossing}", targets
    for scenario in spec.scenarios.values():
        yield f"{scenario.path}.powers", scenario.powers
        for power, units in scenario.units.items():
            yield f"{scenario.path}.units.{power}", [f"{u.kind} {u.location}" for u in units]
        for section, by_power in _areas_by_power(scenario):
            for power, codes in by_power.items():
                yield f"{scenario.path}.{section}.{power}", codes
        for section, codes in _area_lists(scenario):
            yield f"{scenario.path}.{section}", codes


def _check_duplicate_entries(spec: MapSpec, errors: Errors) -> None:
    for path, items in _all_lists(spec):
        for item in _duplicates(items):
            errors.add(path, T_("lists {item} more than once", item=item))


def _check_area_names(spec: MapSpec, errors: Errors) -> None:
    areas = spec.areas.values()
    _check_names(
        ((a.code, spec.area_path(a.code), a.code, a.name, a.aliases) for a in areas), errors
    )


def _check_power_names(powers: Mapping[str, PowerInfo], errors: Errors) -> None:
    _check_names(
        ((p.id, f"powers.{p.id}", p.id, p.name, p.aliases) for p in powers.values()), errors
    )


def _check_names(
    entries: Iterable[tuple[str, str, str, str, Sequence[str]]], errors: Errors
) -> None:
    """No folded code/name/alias may belong to two owners. Entries are
    (owner, path, code, name, aliases)."""
    index: dict[str, tuple[str, str]] = {}
    for owner, path, code, name, aliases in entries:
        labelled = [(path, code), (f"{path}.name", name)]
        labelled += [(f"{path}.aliases[{i}]", alias) for i, alias in enumerate(aliases)]
        for where, text in labelled:
            other_owner, other_where = index.setdefault(normalize_name(text), (owner, where))
            if other_owner != owner:
                errors.add(
                    where,
                    T_(
                        "{text!r} is also a name of {other_owner} ({other_where})",
                        text=text,
                        other_owner=other_owner,
                        other_where=other_where,
                    ),
                )


def _check_straits(spec: MapSpec, errors: Errors) -> None:
    for i, strait in enumerate(spec.straits):
        a, b = strait.between
        crossings = spec.borders.get(a, {})
        if not any(b in targets for targets in crossings.values()):
            errors.add(f"straits[{i}].between", T_("{a}-{b} is not a border", a=a, b=b))


def _check_scenario(scenario: ScenarioSpec, areas: Mapping[str, Area], errors: Errors) -> None:
    garrisons = _check_units(scenario, areas, errors)
    owners: dict[str, str] = {}
    for power, codes in scenario.supply_centers.items():
        for code in codes:
            owner = owners.setdefault(code, power)
            if owner != power:
                errors.add(
                    f"{scenario.path}.supply_centers.{power}",
                    T_("lists {code}, already owned by {owner}", code=code, owner=owner),
                )
    _check_control(scenario, areas, errors)
    _check_autonomous_garrisons(scenario, areas, garrisons, errors)
    _check_disabled_areas(scenario, errors)
    _check_sieges(scenario, areas, garrisons, errors)


def _check_units(
    scenario: ScenarioSpec, areas: Mapping[str, Area], errors: Errors
) -> dict[str, str]:
    """Units stand where they can, one army/fleet and one garrison per area at
    most. Returns the area of each garrison -> the path of its unit."""
    occupied: dict[tuple[str, bool], tuple[str, str]] = {}  # (area, garrison?) -> (path, label)
    for power, units in scenario.units.items():
        for i, unit in enumerate(units):
            path = f"{scenario.path}.units.{power}[{i}]"
            label = f"'{unit.kind} {unit.location}'"
            if (why := _UNIT_PROBLEMS[unit.kind](areas, unit.location)) is not None:
                errors.add(
                    path,
                    T_(
                        "{label} cannot stand there: {location} {why}",
                        label=label,
                        location=unit.location,
                        why=why,
                    ),
                )
            slot = (split_location(unit.location)[0], unit.kind == "G")
            first_path, first_label = occupied.setdefault(slot, (path, label))
            if first_path != path:
                errors.add(
                    path,
                    T_(
                        "{label} shares {slot} with {first_label} ({first_path})",
                        label=label,
                        slot=slot[0],
                        first_label=first_label,
                        first_path=first_path,
                    ),
                )
    return {code: path for (code, garrison), (path, _) in occupied.items() if garrison}


def _check_control(scenario: ScenarioSpec, areas: Mapping[str, Area], errors: Errors) -> None:
    """An area is controlled by one power at most, listed once (home or control),
    and can be controlled at all (land, or a sea with a city such as Venice)."""
    listed: dict[str, str] = {}  # area -> the key that lists it first
    for section, by_power in (("home", scenario.home), ("control", scenario.control)):
        for power, codes in by_power.items():
            path = f"{scenario.path}.{section}.{power}"
            for code in codes:
                area = areas[code]
                if area.kind is AreaKind.SEA and area.city is None:
                    errors.add(
                        path,
                        T_("lists {code}, a sea area without a city (not controllable)", code=code),
                    )
                first = listed.setdefault(code, path)
                if first != path:
                    errors.add(
                        path, T_("lists {code}, already listed by {first}", code=code, first=first)
                    )


def _check_autonomous_garrisons(
    scenario: ScenarioSpec, areas: Mapping[str, Area], garrisons: Mapping[str, str], errors: Errors
) -> None:
    path = f"{scenario.path}.autonomous_garrisons"
    for code in scenario.autonomous_garrisons:
        if (why := _garrison_problem(areas, code)) is not None:
            errors.add(path, T_("lists {code}, which {why}", code=code, why=why))
        if code in garrisons:
            errors.add(
                path,
                T_(
                    "lists {code}, whose city already holds a garrison ({garrisons})",
                    code=code,
                    garrisons=garrisons[code],
                ),
            )


def _check_disabled_areas(scenario: ScenarioSpec, errors: Errors) -> None:
    """Nothing starts in, or controls, an area that is out of play."""
    disabled = set(scenario.disabled_areas)
    if not disabled:
        return
    for power, units in scenario.units.items():
        for i, unit in enumerate(units):
            if (code := split_location(unit.location)[0]) in disabled:
                errors.add(
                    f"{scenario.path}.units.{power}[{i}]",
                    f"'{unit.kind} {unit.location}' stands in {code}, a disabled area",
                )
    for section, by_power in _areas_by_power(scenario):
        for power, codes in by_power.items():
            for code in codes:
                if code in disabled:
                    errors.add(
                        f"{scenario.path}.{section}.{power}",
                        T_("lists {code}, a disabled area", code=code),
                    )
    for section, codes in _area_lists(scenario):
        for code in codes:
            if code in disabled and section != "disabled_areas":
                errors.add(
                    f"{scenario.path}.{section}", T_("lists {code}, a disabled area", code=code)
                )


def _check_sieges(
    scenario: ScenarioSpec, areas: Mapping[str, Area], garrisons: Mapping[str, str], errors: Errors
) -> None:
    """A siege under way: an army or fleet of one power in the province, and in
    its city a garrison of another power or an autonomous one. A fleet besieges
    only a port."""
    path = f"{scenario.path}.sieges"
    besiegers: dict[str, StartingUnit] = {}
    garrison_owner: dict[str, str | None] = dict.fromkeys(scenario.autonomous_garrisons)
    for units in scenario.units.values():
        for unit in units:
            code = split_location(unit.location)[0]
            if unit.kind == "G":
                garrison_owner[code] = unit.power
            else:
                besiegers[code] = unit
    for code in scenario.sieges:
        besieger = besiegers.get(code)
        if besieger is None:
            errors.add(
                path, T_("lists {code}, but no army or fleet stands there to besiege it", code=code)
            )
        if code not in garrison_owner:
            errors.add(
                path, T_("lists {code}, but its city holds no garrison to besiege", code=code)
            )
            continue
        if besieger is None:
            continue
        if garrison_owner[code] == besieger.power:
            errors.add(
                path,
                T_(
                    "lists {code}, but its garrison and '{kind} {location}' both belong to {power}",
                    code=code,
                    kind=besieger.kind,
                    location=besieger.location,
                    power=besieger.power,
                ),
            )
        city = areas[code].city
        if besieger.kind == "F" and not (city is not None and city.port):
            errors.add(
                path,
                T_(
                    "lists {code}, but a fleet besieges only a port, and {code} has none", code=code
                ),
            )
