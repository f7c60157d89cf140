"""Load a map file (YAML, format `mapjudge-map` version 1) into a `GameMap`.

The format, by example (see `maps/classic.yaml` for a whole map)::

    format: mapjudge-map        # required, exactly this
    version: 1                  # required
    map: classic                # required: the map's id
    title: Standard Diplomacy   # optional display title
    powers:                     # power id (lowercase ASCII) -> display data
      england: {name: England, aliases: [Inglaterra, Anglaterra], colour: "#1f4e9c"}
    areas:                      # area code (uppercase letters/digits) -> area
      ADR: {name: Adriatic Sea, kind: sea, aliases: [Adriatic, Mar Adriático]}
      SPA: {name: Spain, kind: coast, coasts: [nc, sc], supply_center: true}
      LON: {name: London, kind: coast, supply_center: true, home_of: england}
      MIL: {name: Milan, kind: land, city: {name: Milano, fortified: true, port: false, income: 3}}
    borders:                    # location -> {army: [...], fleet: [...]}
      SPA: {army: [GAS, MAR, POR]}
      SPA/nc: {fleet: [GAS, MAO, POR]}
    straits:                    # optional: fleet passages a third area may close
      - {between: [GON, IS], controlled_from: MES}
    scenarios:                  # optional: starting positions
      standard:
        year: 1901
        season: spring
        victory_centers: 18     # optional
        powers: [england, ...]
        units: {england: [F LON, F EDI, A LVP], ...}       # "A LOC", "F LOC" or "G LOC"
        supply_centers: {england: [EDI, LON, LVP], ...}    # optional: owned at start

Area fields: `name` and `kind` (`land`, `coast` or `sea`) are required;
`aliases`, `coasts` (lowercase suffixes, split-coast `coast` areas only),
`supply_center`, `home_of` (a power id), `city`, `terrain` and `axial`
(`[q, r]`) are optional.

Borders: army borders are keyed by area code and join land/coast areas; fleet
borders are keyed by fleet location (a sea, a coast area without split coasts,
or one coast such as `SPA/nc`, never a bare split-coast area) and join fleet
locations. Every border is listed from both ends. A strait adds no border: the
two locations must already share one.

Hex maps give a `grid` (see `maps.hexgrid`) instead of `areas` and `borders`,
and may add names, aliases, centres and cities to hexes under `hexes`, keyed
by quoted hex code (`"0412": {name: Roma, city: {...}}`).

Names: lookups fold case, accents, dots and hyphens (`maps.model.normalize_name`);
two areas (or two powers) may not share a folded name, code or alias.

Validation runs in three stages, each collecting every error before raising
one `MapError` (each error names the file and the key): *structure* (required
keys, types, unknown keys and kinds, malformed codes and coast names, the
grid), *references* (unknown areas, locations, coasts and powers; coasts only
on coast areas) and *consistency* (asymmetric or duplicate borders, army
borders touching the sea, fleet borders touching land or a bare split-coast
area, duplicate names, duplicate list entries, starting units where they
cannot stand or sharing an area, centres owned twice, straits off any border).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import yaml

from maps import hexgrid
from maps.model import (
    Area,
    AreaKind,
    City,
    Crossing,
    GameMap,
    PowerInfo,
    Scenario,
    StartingUnit,
    Strait,
    build_graph,
    normalize_name,
    split_location,
)

FORMAT = "mapjudge-map"
VERSION = 1
MAPS_DIR = Path(__file__).parent

_AREA_CODE = re.compile(r"[A-Z0-9]+\Z")
_COAST = re.compile(r"[a-z]{1,4}\Z")
_POWER_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")
_UNIT = re.compile(r"([AFG]) +(\S+)\Z")
_BARE_NAME = re.compile(r"[a-z0-9_-]+\Z")

Borders = dict[str, dict[Crossing, tuple[str, ...]]]
T = TypeVar("T")


class MapError(ValueError):
    """A map file that cannot be used; `errors` lists every problem of one stage."""

    def __init__(self, errors: Sequence[str], stage: str = "file") -> None:
        self.errors = tuple(errors)
        self.stage = stage
        if len(self.errors) == 1:
            message = self.errors[0]
        else:
            lines = "\n".join(f"  - {e}" for e in self.errors)
            message = f"{len(self.errors)} errors found by the {stage} check:\n{lines}"
        super().__init__(message)


@dataclass
class _Errors:
    """Collects the errors of one stage, each as `<file>: <key> <message>`."""

    source: str
    items: list[str] = field(default_factory=list)

    def add(self, key: str, message: str) -> None:
        self.items.append(f"{self.source}: {key} {message}")

    def raise_if_any(self, stage: str) -> None:
        if self.items:
            raise MapError(self.items, stage)


# --- public API ----------------------------------------------------------------


def packaged_maps() -> tuple[str, ...]:
    """Names of the maps shipped in this package (`load_map` accepts them)."""
    return tuple(sorted(p.stem for p in MAPS_DIR.glob("*.yaml")))


def load_map(name_or_path: str | Path) -> GameMap:
    """Load a packaged map by bare name (`"classic"`) or a map file by path.

    Parsed maps are cached per file; treat the returned map as immutable."""
    path, source = _locate(name_or_path)
    return _load_file(path.resolve(), source)


def load_map_data(data: Mapping[str, Any], source: str = "<data>") -> GameMap:
    """Validate already-parsed map data and build the map; `source` names it in errors."""
    spec = _run_stage(source, "structure", lambda errors: _parse(data, errors))
    _run_stage(source, "references", lambda errors: _check_references(spec, errors))
    _run_stage(source, "consistency", lambda errors: _check_consistency(spec, errors))
    return _build(spec)


def _run_stage(source: str, stage: str, check: Callable[[_Errors], T]) -> T:
    errors = _Errors(source)
    result = check(errors)
    errors.raise_if_any(stage)
    return result


def _locate(name_or_path: str | Path) -> tuple[Path, str]:
    if isinstance(name_or_path, str) and _BARE_NAME.match(name_or_path):
        path = MAPS_DIR / f"{name_or_path}.yaml"
        if not path.is_file():
            known = ", ".join(packaged_maps())
            raise MapError([f"{name_or_path}: no such packaged map (known: {known})"])
        return path, path.name
    path = Path(name_or_path)
    return path, str(path)


@functools.cache
def _load_file(path: Path, source: str) -> GameMap:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise MapError([f"{source}: cannot read the map file ({exc.strerror})"]) from exc
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise MapError([f"{source}: not valid YAML: {_yaml_problem(exc)}"]) from exc
    if not isinstance(data, Mapping):
        raise MapError([f"{source}: the file must hold a mapping of map keys"], "structure")
    return load_map_data(data, source)


def _yaml_problem(exc: yaml.YAMLError) -> str:
    mark = getattr(exc, "problem_mark", None)
    problem = getattr(exc, "problem", None) or str(exc)
    return f"line {mark.line + 1}, column {mark.column + 1}: {problem}" if mark else problem


# --- typed records between the stages -------------------------------------------


@dataclass(frozen=True)
class _ScenarioSpec:
    name: str
    year: int
    season: str
    victory_centers: int | None
    powers: tuple[str, ...]
    units: dict[str, tuple[StartingUnit, ...]]
    supply_centers: dict[str, tuple[str, ...]]

    @property
    def path(self) -> str:
        return f"scenarios.{self.name}"


@dataclass(frozen=True)
class _MapSpec:
    name: str
    title: str
    powers: dict[str, PowerInfo]
    areas: dict[str, Area]
    borders: Borders
    straits: tuple[Strait, ...]
    scenarios: dict[str, _ScenarioSpec]
    area_section: str = "areas"  # "hexes" for grid maps

    def area_path(self, code: str) -> str:
        return f"{self.area_section}.{code}"


# --- stage 1: structure ----------------------------------------------------------

_MISSING: Any = object()


class _Reader:
    """Typed access to one raw mapping, reporting problems under its key path."""

    def __init__(
        self,
        raw: object,
        path: str,
        errors: _Errors,
        required: Iterable[str] = (),
        optional: Iterable[str] = (),
    ) -> None:
        self.path = path
        self.errors = errors
        self.raw: Mapping[str, object] = raw if isinstance(raw, Mapping) else {}
        if not isinstance(raw, Mapping):
            errors.add(path or "the file", "must be a mapping")
            return
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in raw:
            if key not in allowed:
                errors.add(
                    self.key(str(key)), f"is not a known key (known: {', '.join(sorted(allowed))})"
                )
        for key in required:
            if key not in raw:
                errors.add(self.key(key), "is missing")

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def has(self, name: str) -> bool:
        return name in self.raw

    def typed(self, name: str, check: Callable[[object], bool], what: str, default: T) -> T:
        value = self.raw.get(name, _MISSING)
        if value is _MISSING:
            return default
        if not check(value):
            self.errors.add(self.key(name), f"must be {what}, not {_show(value)}")
            return default
        return value  # type: ignore[return-value]

    def text(self, name: str, default: str = "") -> str:
        return self.typed(
            name, lambda v: isinstance(v, str) and v != "", "a non-empty string", default
        )

    def integer(self, name: str, default: int | None = None) -> int | None:
        return self.typed(name, _is_int, "a whole number", default)

    def flag(self, name: str) -> bool:
        return self.typed(name, lambda v: isinstance(v, bool), "true or false", False)

    def strings(self, name: str) -> tuple[str, ...]:
        value: list[str] = self.typed(name, _is_str_list, "a list of strings", [])
        return tuple(value)

    def items(self, name: str) -> Iterator[tuple[str, object]]:
        """The entries of a nested mapping, skipping (and reporting) non-string keys."""
        value: Mapping[object, object] = self.typed(
            name, lambda v: isinstance(v, Mapping), "a mapping", {}
        )
        for key, item in value.items():
            if isinstance(key, str):
                yield key, item
            else:
                self.errors.add(
                    self.key(name),
                    f"key {key!r} is not a string; quote keys that look like numbers",
                )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _parse(data: Mapping[str, Any], errors: _Errors) -> _MapSpec:
    top = _Reader(
        data,
        "",
        errors,
        required=("format", "version", "map"),
        optional=("title", "powers", "areas", "borders", "grid", "hexes", "straits", "scenarios"),
    )
    if top.has("format") and data.get("format") != FORMAT:
        errors.add("format", f"must be {FORMAT!r}, not {_show(data.get('format'))}")
    if top.has("version") and data.get("version") != VERSION:
        errors.add("version", f"must be {VERSION}, not {_show(data.get('version'))}")
    areas, borders = _parse_geography(top, errors)
    return _MapSpec(
        name=top.text("map"),
        title=top.text("title"),
        powers=dict(_parse_power(pid, raw, errors) for pid, raw in top.items("powers")),
        areas=areas,
        borders=borders,
        straits=_parse_straits(top.raw.get("straits", []), errors),
        scenarios={
            name: _parse_scenario(name, raw, errors) for name, raw in top.items("scenarios")
        },
        area_section="hexes" if top.has("grid") else "areas",
    )


def _parse_power(pid: str, raw: object, errors: _Errors) -> tuple[str, PowerInfo]:
    reader = _Reader(
        raw, f"powers.{pid}", errors, required=("name",), optional=("aliases", "colour")
    )
    if not _POWER_ID.match(pid):
        errors.add(f"powers.{pid}", "is not a power id (lowercase ASCII letters, digits, _)")
    colour = reader.text("colour", PowerInfo.colour)
    if not _COLOUR.match(colour):
        errors.add(f"powers.{pid}.colour", f"must look like '#1f4e9c', not {_show(colour)}")
    return pid, PowerInfo(pid, reader.text("name", pid), reader.strings("aliases"), colour)


def _parse_geography(top: _Reader, errors: _Errors) -> tuple[dict[str, Area], Borders]:
    """`areas` + `borders`, or a `grid` (+ `hexes`) expanded to them."""
    if top.has("grid"):
        for key in ("areas", "borders"):
            if top.has(key):
                errors.add(key, "is not allowed with a grid (the grid gives areas and borders)")
        return _parse_grid(top, errors)
    for key in ("areas", "borders"):
        if not top.has(key):
            errors.add(key, "is missing (give areas and borders, or a grid)")
    if top.has("hexes"):
        errors.add("hexes", "is only allowed with a grid")
    areas = dict(_parse_area(code, raw, errors) for code, raw in top.items("areas"))
    borders = {loc: _parse_border(loc, raw, errors) for loc, raw in top.items("borders")}
    return areas, borders


_COMMON_AREA_KEYS = ("name", "aliases", "supply_center", "home_of", "city")
_AREA_KEYS = (*_COMMON_AREA_KEYS, "kind", "coasts", "terrain", "axial")


def _parse_area(code: str, raw: object, errors: _Errors) -> tuple[str, Area]:
    path = f"areas.{code}"
    reader = _Reader(raw, path, errors, required=("name", "kind"), optional=_AREA_KEYS)
    if not _AREA_CODE.match(code):
        errors.add(path, "is not an area code (uppercase letters and digits)")
    kind_text = reader.text("kind", AreaKind.LAND.value)
    try:
        kind = AreaKind(kind_text)
    except ValueError:
        errors.add(f"{path}.kind", f"is {kind_text!r}, expected one of land, coast, sea")
        kind = AreaKind.LAND
    coasts = reader.strings("coasts")
    for i, coast in enumerate(coasts):
        if not _COAST.match(coast):
            errors.add(
                f"{path}.coasts[{i}]",
                f"{coast!r} is not a coast name (1-4 lowercase letters, like nc)",
            )
    base = Area(
        code=code,
        name=code,
        kind=kind,
        coasts=coasts,
        terrain=reader.text("terrain") or None,
        axial=_parse_axial(reader),
    )
    return code, dataclasses.replace(base, **_common_area_fields(reader))


def _parse_axial(reader: _Reader) -> tuple[int, int] | None:
    value = reader.typed(
        "axial",
        lambda v: isinstance(v, list) and len(v) == 2 and all(map(_is_int, v)),
        "a list of two whole numbers [q, r]",
        None,
    )
    return None if value is None else (value[0], value[1])


def _common_area_fields(reader: _Reader) -> dict[str, Any]:
    """The fields both `areas` and `hexes` entries may set, only those present."""
    parsers: dict[str, Callable[[], object]] = {
        "name": lambda: reader.text("name", reader.path.rpartition(".")[2]),
        "aliases": lambda: reader.strings("aliases"),
        "supply_center": lambda: reader.flag("supply_center"),
        "home_of": lambda: reader.text("home_of") or None,
        "city": lambda: _parse_city(reader.raw["city"], reader.key("city"), reader.errors),
    }
    return {key: parse() for key, parse in parsers.items() if reader.has(key)}


def _parse_city(raw: object, path: str, errors: _Errors) -> City:
    reader = _Reader(
        raw, path, errors, required=("name",), optional=("fortified", "port", "income")
    )
    income = reader.integer("income", 0) or 0
    return City(reader.text("name", "?"), reader.flag("fortified"), reader.flag("port"), income)


def _parse_border(loc: str, raw: object, errors: _Errors) -> dict[Crossing, tuple[str, ...]]:
    reader = _Reader(raw, f"borders.{loc}", errors, optional=tuple(c.value for c in Crossing))
    return {c: reader.strings(c.value) for c in Crossing if reader.has(c.value)}


def _parse_grid(top: _Reader, errors: _Errors) -> tuple[dict[str, Area], Borders]:
    grid = hexgrid.parse_grid(top.raw["grid"], errors.add)
    if grid is None:
        return {}, {}
    expansion = hexgrid.expand_grid(grid)
    areas = dict(expansion.areas)
    for code, raw in top.items("hexes"):
        path = f"hexes.{code}"
        reader = _Reader(raw, path, errors, optional=_COMMON_AREA_KEYS)
        if code not in areas:
            errors.add(path, "is not a hex of the grid (impassable or off the grid)")
            continue
        areas[code] = dataclasses.replace(areas[code], **_common_area_fields(reader))
    return areas, expansion.borders


def _parse_straits(raw: object, errors: _Errors) -> tuple[Strait, ...]:
    if not isinstance(raw, list):
        errors.add("straits", f"must be a list, not {_show(raw)}")
        return ()
    straits = []
    for i, item in enumerate(raw):
        reader = _Reader(item, f"straits[{i}]", errors, required=("between", "controlled_from"))
        between = reader.strings("between")
        if reader.has("between") and len(between) != 2:
            errors.add(reader.key("between"), "must name exactly two locations")
            continue
        if len(between) == 2:
            straits.append(Strait((between[0], between[1]), reader.text("controlled_from")))
    return tuple(straits)


def _parse_scenario(name: str, raw: object, errors: _Errors) -> _ScenarioSpec:
    path = f"scenarios.{name}"
    reader = _Reader(
        raw,
        path,
        errors,
        required=("year", "season", "powers", "units"),
        optional=("victory_centers", "supply_centers"),
    )
    victory = reader.integer("victory_centers")
    if victory is not None and victory <= 0:
        errors.add(reader.key("victory_centers"), "must be positive")
    units = {
        power: _parse_units(f"{path}.units.{power}", power, value, errors)
        for power, value in reader.items("units")
    }
    centers = {
        power: _string_list(value, f"{path}.supply_centers.{power}", errors)
        for power, value in reader.items("supply_centers")
    }
    return _ScenarioSpec(
        name,
        reader.integer("year", 0) or 0,
        reader.text("season", "?"),
        victory,
        reader.strings("powers"),
        units,
        centers,
    )


def _string_list(value: object, path: str, errors: _Errors) -> tuple[str, ...]:
    if not _is_str_list(value):
        errors.add(path, f"must be a list of strings, not {_show(value)}")
        return ()
    return tuple(value)  # type: ignore[arg-type]


def _parse_units(path: str, power: str, value: object, errors: _Errors) -> tuple[StartingUnit, ...]:
    units = []
    for i, text in enumerate(_string_list(value, path, errors)):
        match = _UNIT.match(text.strip())
        if match is None:
            errors.add(
                f"{path}[{i}]", f"{text!r} is not a unit (write 'A LOC', 'F LOC' or 'G LOC')"
            )
            continue
        units.append(StartingUnit(power, match[1], match[2]))
    return tuple(units)


# --- stage 2: references -----------------------------------------------------------


def _check_references(spec: _MapSpec, errors: _Errors) -> None:
    for area in spec.areas.values():
        _check_area_references(area, spec, errors)
    for loc, crossings in spec.borders.items():
        if not _is_location(spec.areas, loc):
            errors.add(f"borders.{loc}", f"is keyed by unknown location {loc}")
        for crossing, targets in crossings.items():
            for target in targets:
                if not _is_location(spec.areas, target):
                    errors.add(f"borders.{loc}.{crossing}", f"lists unknown location {target}")
    for i, strait in enumerate(spec.straits):
        for loc in strait.between:
            if not _is_location(spec.areas, loc):
                errors.add(f"straits[{i}].between", f"names unknown location {loc}")
        if strait.controlled_from not in spec.areas:
            errors.add(
                f"straits[{i}].controlled_from", f"names unknown area {strait.controlled_from}"
            )
    for scenario in spec.scenarios.values():
        _check_scenario_references(scenario, spec, errors)


def _check_area_references(area: Area, spec: _MapSpec, errors: _Errors) -> None:
    path = spec.area_path(area.code)
    if area.home_of is not None and area.home_of not in spec.powers:
        errors.add(f"{path}.home_of", f"names unknown power {area.home_of}")
    if area.coasts and area.kind is not AreaKind.COAST:
        errors.add(f"{path}.coasts", f"are only allowed on coast areas, not on a {area.kind} area")


def _is_location(areas: Mapping[str, Area], loc: str) -> bool:
    code, coast = split_location(loc)
    area = areas.get(code)
    return area is not None and (coast is None or coast in area.coasts)


def _check_scenario_references(scenario: _ScenarioSpec, spec: _MapSpec, errors: _Errors) -> None:
    path = scenario.path
    for power in scenario.powers:
        if power not in spec.powers:
            errors.add(f"{path}.powers", f"names unknown power {power}")
    for section, keys in (("units", scenario.units), ("supply_centers", scenario.supply_centers)):
        for power in keys:
            if power not in scenario.powers:
                errors.add(f"{path}.{section}.{power}", "is not one of the scenario's powers")
    for power, units in scenario.units.items():
        for i, unit in enumerate(units):
            if not _is_location(spec.areas, unit.location):
                errors.add(
                    f"{path}.units.{power}[{i}]", f"stands on unknown location {unit.location}"
                )
    for power, codes in scenario.supply_centers.items():
        for code in codes:
            if code not in spec.areas:
                errors.add(f"{path}.supply_centers.{power}", f"names unknown area {code}")


# --- stage 3: consistency ----------------------------------------------------------


def _check_consistency(spec: _MapSpec, errors: _Errors) -> None:
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
        return f"is one coast of {code}; armies stand on the whole area {code}"
    if areas[code].kind is AreaKind.SEA:
        return "is a sea area"
    return None


def _fleet_problem(areas: Mapping[str, Area], loc: str) -> str | None:
    """Why a fleet cannot stand on `loc` (None if it can)."""
    area = areas[split_location(loc)[0]]
    if area.kind is AreaKind.LAND:
        return "is a land area"
    if loc not in area.fleet_locations:
        return f"has split coasts; name one of {', '.join(area.fleet_locations)}"
    return None


def _garrison_problem(areas: Mapping[str, Area], loc: str) -> str | None:
    """Why a garrison cannot stand on `loc` (None if it can)."""
    code, coast = split_location(loc)
    if coast is not None or areas[code].city is None:
        return "has no city for a garrison"
    return None


_PROBLEMS: dict[Crossing, Callable[[Mapping[str, Area], str], str | None]] = {
    Crossing.ARMY: _army_problem,
    Crossing.FLEET: _fleet_problem,
}
_UNIT_PROBLEMS = {"A": _army_problem, "F": _fleet_problem, "G": _garrison_problem}


def _check_border_ends(spec: _MapSpec, errors: _Errors) -> None:
    for loc, crossings in spec.borders.items():
        for crossing, targets in crossings.items():
            problem = _PROBLEMS[crossing]
            path = f"borders.{loc}.{crossing}"
            if (why := problem(spec.areas, loc)) is not None:
                errors.add(path, f"is keyed by {loc}, which {why}")
            for target in targets:
                if (why := problem(spec.areas, target)) is not None:
                    errors.add(path, f"lists {target}, which {why}")
                if target == loc:
                    errors.add(path, "lists its own location")


def _check_symmetry(borders: Borders, errors: _Errors) -> None:
    for loc, crossings in borders.items():
        for crossing, targets in crossings.items():
            for target in targets:
                if loc not in borders.get(target, {}).get(crossing, ()):
                    errors.add(
                        f"borders.{loc}.{crossing}",
                        f"lists {target} but borders.{target}.{crossing} does not list {loc}",
                    )


def _duplicates(items: Iterable[T]) -> list[T]:
    seen: list[T] = []
    repeated: list[T] = []
    for item in items:
        if item in seen and item not in repeated:
            repeated.append(item)
        seen.append(item)
    return repeated


def _all_lists(spec: _MapSpec) -> Iterator[tuple[str, Sequence[object]]]:
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
        for power, codes in scenario.supply_centers.items():
            yield f"{scenario.path}.supply_centers.{power}", codes


def _check_duplicate_entries(spec: _MapSpec, errors: _Errors) -> None:
    for path, items in _all_lists(spec):
        for item in _duplicates(items):
            errors.add(path, f"lists {item} more than once")


def _check_area_names(spec: _MapSpec, errors: _Errors) -> None:
    areas = spec.areas.values()
    _check_names(
        ((a.code, spec.area_path(a.code), a.code, a.name, a.aliases) for a in areas), errors
    )


def _check_power_names(powers: Mapping[str, PowerInfo], errors: _Errors) -> None:
    _check_names(
        ((p.id, f"powers.{p.id}", p.id, p.name, p.aliases) for p in powers.values()), errors
    )


def _check_names(
    entries: Iterable[tuple[str, str, str, str, Sequence[str]]], errors: _Errors
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
                errors.add(where, f"{text!r} is also a name of {other_owner} ({other_where})")


def _check_straits(spec: _MapSpec, errors: _Errors) -> None:
    for i, strait in enumerate(spec.straits):
        a, b = strait.between
        crossings = spec.borders.get(a, {})
        if not any(b in targets for targets in crossings.values()):
            errors.add(f"straits[{i}].between", f"{a}-{b} is not a border")


def _check_scenario(scenario: _ScenarioSpec, areas: Mapping[str, Area], errors: _Errors) -> None:
    occupied: dict[tuple[str, bool], tuple[str, str]] = {}  # (area, garrison?) -> (path, label)
    for power, units in scenario.units.items():
        for i, unit in enumerate(units):
            path = f"{scenario.path}.units.{power}[{i}]"
            label = f"'{unit.kind} {unit.location}'"
            if (why := _UNIT_PROBLEMS[unit.kind](areas, unit.location)) is not None:
                errors.add(path, f"{label} cannot stand there: {unit.location} {why}")
            slot = (split_location(unit.location)[0], unit.kind == "G")
            first_path, first_label = occupied.setdefault(slot, (path, label))
            if first_path != path:
                errors.add(path, f"{label} shares {slot[0]} with {first_label} ({first_path})")
    owners: dict[str, str] = {}
    for power, codes in scenario.supply_centers.items():
        for code in codes:
            owner = owners.setdefault(code, power)
            if owner != power:
                errors.add(
                    f"{scenario.path}.supply_centers.{power}",
                    f"lists {code}, already owned by {owner}",
                )


# --- building the map ---------------------------------------------------------------


def _edges(borders: Borders) -> Iterator[tuple[str, str, Crossing]]:
    for loc, crossings in borders.items():
        for crossing, targets in crossings.items():
            for target in targets:
                yield loc, target, crossing


def _scenario(spec: _ScenarioSpec) -> Scenario:
    units = tuple(unit for units in spec.units.values() for unit in units)
    centers = {code: power for power, codes in spec.supply_centers.items() for code in codes}
    return Scenario(
        spec.name, spec.year, spec.season, spec.powers, units, centers, spec.victory_centers
    )


def _build(spec: _MapSpec) -> GameMap:
    return GameMap(
        name=spec.name,
        areas=spec.areas,
        graph=build_graph(spec.areas.values(), _edges(spec.borders)),
        straits=spec.straits,
        powers=spec.powers,
        scenarios={name: _scenario(s) for name, s in spec.scenarios.items()},
        title=spec.title,
    )
