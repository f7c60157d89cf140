"""Stage 1 of loading a map (*structure*): raw YAML data -> a typed `MapSpec`.

Checks required keys, types, unknown keys and kinds, malformed codes and coast
names, and the hex grid (expanded by `maps.hexgrid`); reads powers, areas,
borders, cities, straits and scenarios. References between them are checked
later, by `maps.validate`.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, TypeVar

from maps import hexgrid
from maps.model import Area, AreaKind, City, Crossing, PowerInfo, StartingUnit, Strait
from maps.spec import Borders, Errors, MapSpec, ScenarioSpec
from texts import T_

FORMAT = "mapjudge-map"
VERSION = 1

_AREA_CODE = re.compile(r"[A-Z0-9]+\Z")
_COAST = re.compile(r"[a-z]{1,4}\Z")
_POWER_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")
_UNIT = re.compile(r"([AFG]) +(\S+)\Z")

T = TypeVar("T")

_MISSING: Any = object()


class _Reader:
    """Typed access to one raw mapping, reporting problems under its key path."""

    def __init__(
        self,
        raw: object,
        path: str,
        errors: Errors,
        required: Iterable[str] = (),
        optional: Iterable[str] = (),
    ) -> None:
        self.path = path
        self.errors = errors
        self.raw: Mapping[str, object] = raw if isinstance(raw, Mapping) else {}
        if not isinstance(raw, Mapping):
            errors.add(path or T_("the file"), T_("must be a mapping"))
            return
        required = tuple(required)
        allowed = set(required) | set(optional)
        for key in raw:
            if key not in allowed:
                errors.add(
                    self.key(str(key)),
                    T_("is not a known key (known: {values})", values=", ".join(sorted(allowed))),
                )
        for key in required:
            if key not in raw:
                errors.add(self.key(key), T_("is missing"))

    def key(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def has(self, name: str) -> bool:
        return name in self.raw

    def typed(self, name: str, check: Callable[[object], bool], what: str, default: T) -> T:
        value = self.raw.get(name, _MISSING)
        if value is _MISSING:
            return default
        if not check(value):
            self.errors.add(
                self.key(name), T_("must be {what}, not {value}", what=what, value=_show(value))
            )
            return default
        return value  # type: ignore[return-value]

    def text(self, name: str, default: str = "") -> str:
        return self.typed(
            name, lambda v: isinstance(v, str) and v != "", T_("a non-empty string"), default
        )

    def integer(self, name: str, default: int | None = None) -> int | None:
        return self.typed(name, _is_int, T_("a whole number"), default)

    def flag(self, name: str) -> bool:
        return self.typed(name, lambda v: isinstance(v, bool), "true or false", False)

    def strings(self, name: str) -> tuple[str, ...]:
        value: list[str] = self.typed(name, _is_str_list, T_("a list of strings"), [])
        return tuple(value)

    def items(self, name: str) -> Iterator[tuple[str, object]]:
        """The entries of a nested mapping, skipping (and reporting) non-string keys."""
        value: Mapping[object, object] = self.typed(
            name, lambda v: isinstance(v, Mapping), T_("a mapping"), {}
        )
        for key, item in value.items():
            if isinstance(key, str):
                yield key, item
            else:
                self.errors.add(
                    self.key(name),
                    T_("key {key!r} is not a string; quote keys that look like numbers", key=key),
                )


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_str_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _show(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_map(data: Mapping[str, Any], errors: Errors) -> MapSpec:
    top = _Reader(
        data,
        "",
        errors,
        required=("format", "version", "map"),
        optional=("title", "powers", "areas", "borders", "grid", "hexes", "straits", "scenarios"),
    )
    if top.has("format") and data.get("format") != FORMAT:
        errors.add(
            "format",
            T_("must be {format!r}, not {value}", format=FORMAT, value=_show(data.get("format"))),
        )
    if top.has("version") and data.get("version") != VERSION:
        errors.add(
            "version",
            T_("must be {version}, not {value}", version=VERSION, value=_show(data.get("version"))),
        )
    areas, borders = _parse_geography(top, errors)
    return MapSpec(
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


def _parse_power(pid: str, raw: object, errors: Errors) -> tuple[str, PowerInfo]:
    reader = _Reader(
        raw, f"powers.{pid}", errors, required=("name",), optional=("aliases", "colour", "names")
    )
    if not _POWER_ID.match(pid):
        errors.add(f"powers.{pid}", T_("is not a power id (lowercase ASCII letters, digits, _)"))
    colour = reader.text("colour", PowerInfo.colour)
    if not _COLOUR.match(colour):
        errors.add(
            f"powers.{pid}.colour", T_("must look like '#1f4e9c', not {value}", value=_show(colour))
        )
    name = reader.text("name", pid)
    names = _parse_names(reader)
    return pid, PowerInfo(pid, name, reader.strings("aliases"), colour, names)


NAME_LANGUAGES = ("es", "ca")
"""The languages a map's `names` may give (English is `name`)."""


def _parse_names(reader: _Reader) -> tuple[tuple[str, str], ...]:
    """`names: {es: Borgoña, ca: Borgonya}`: the name in other languages."""
    raw: dict[object, object] = reader.typed(
        "names", lambda v: isinstance(v, dict), T_("a mapping of language to name"), {}
    )
    names: list[tuple[str, str]] = []
    for lang, value in raw.items():
        where = f"{reader.key('names')}.{lang}"
        if lang not in NAME_LANGUAGES:
            reader.errors.add(
                where, T_("is not a language: use {values}", values=", ".join(NAME_LANGUAGES))
            )
        elif not isinstance(value, str) or not value.strip():
            reader.errors.add(where, T_("must be a non-empty string"))
        else:
            names.append((lang, value))
    return tuple(sorted(names))


def _parse_geography(top: _Reader, errors: Errors) -> tuple[dict[str, Area], Borders]:
    """`areas` + `borders`, or a `grid` (+ `hexes`) expanded to them."""
    if top.has("grid"):
        for key in ("areas", "borders"):
            if top.has(key):
                errors.add(key, T_("is not allowed with a grid (the grid gives areas and borders)"))
        return _parse_grid(top, errors)
    for key in ("areas", "borders"):
        if not top.has(key):
            errors.add(key, T_("is missing (give areas and borders, or a grid)"))
    if top.has("hexes"):
        errors.add("hexes", T_("is only allowed with a grid"))
    areas = dict(_parse_area(code, raw, errors) for code, raw in top.items("areas"))
    borders = {loc: _parse_border(loc, raw, errors) for loc, raw in top.items("borders")}
    return areas, borders


_COMMON_AREA_KEYS = ("name", "aliases", "supply_center", "home_of", "city", "names")
_AREA_KEYS = (*_COMMON_AREA_KEYS, "kind", "coasts", "terrain", "axial")


def _parse_area(code: str, raw: object, errors: Errors) -> tuple[str, Area]:
    path = f"areas.{code}"
    reader = _Reader(raw, path, errors, required=("name", "kind"), optional=_AREA_KEYS)
    if not _AREA_CODE.match(code):
        errors.add(path, T_("is not an area code (uppercase letters and digits)"))
    kind_text = reader.text("kind", AreaKind.LAND.value)
    try:
        kind = AreaKind(kind_text)
    except ValueError:
        errors.add(
            f"{path}.kind",
            T_("is {kind_text!r}, expected one of land, coast, sea", kind_text=kind_text),
        )
        kind = AreaKind.LAND
    coasts = reader.strings("coasts")
    for i, coast in enumerate(coasts):
        if not _COAST.match(coast):
            errors.add(
                f"{path}.coasts[{i}]",
                T_("{coast!r} is not a coast name (1-4 lowercase letters, like nc)", coast=coast),
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
        T_("a list of two whole numbers [q, r]"),
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
        "names": lambda: _parse_names(reader),
    }
    return {key: parse() for key, parse in parsers.items() if reader.has(key)}


def _parse_city(raw: object, path: str, errors: Errors) -> City:
    reader = _Reader(
        raw,
        path,
        errors,
        required=("name",),
        optional=("fortified", "port", "income", "garrison_income"),
    )
    return City(
        reader.text("name", "?"),
        reader.flag("fortified"),
        reader.flag("port"),
        reader.integer("income", 0) or 0,
        reader.integer("garrison_income", 0) or 0,
    )


def _parse_border(loc: str, raw: object, errors: Errors) -> dict[Crossing, tuple[str, ...]]:
    reader = _Reader(raw, f"borders.{loc}", errors, optional=tuple(c.value for c in Crossing))
    return {c: reader.strings(c.value) for c in Crossing if reader.has(c.value)}


def _parse_grid(top: _Reader, errors: Errors) -> tuple[dict[str, Area], Borders]:
    grid = hexgrid.parse_grid(top.raw["grid"], errors.add)
    if grid is None:
        return {}, {}
    expansion = hexgrid.expand_grid(grid)
    areas = dict(expansion.areas)
    for code, raw in top.items("hexes"):
        path = f"hexes.{code}"
        reader = _Reader(raw, path, errors, optional=_COMMON_AREA_KEYS)
        if code not in areas:
            errors.add(path, T_("is not a hex of the grid (impassable or off the grid)"))
            continue
        areas[code] = dataclasses.replace(areas[code], **_common_area_fields(reader))
    return areas, expansion.borders


def _parse_straits(raw: object, errors: Errors) -> tuple[Strait, ...]:
    if not isinstance(raw, list):
        errors.add("straits", T_("must be a list, not {value}", value=_show(raw)))
        return ()
    straits = []
    for i, item in enumerate(raw):
        reader = _Reader(item, f"straits[{i}]", errors, required=("between", "controlled_from"))
        between = reader.strings("between")
        if reader.has("between") and len(between) != 2:
            errors.add(reader.key("between"), T_("must name exactly two locations"))
            continue
        if len(between) == 2:
            straits.append(Strait((between[0], between[1]), reader.text("controlled_from")))
    return tuple(straits)


def _parse_scenario(name: str, raw: object, errors: Errors) -> ScenarioSpec:
    path = f"scenarios.{name}"
    reader = _Reader(
        raw,
        path,
        errors,
        required=("year", "season", "powers", "units"),
        optional=(
            "victory_centers",
            "supply_centers",
            "home",
            "control",
            "autonomous_garrisons",
            "disabled_areas",
            "sieges",
            "treasury",
            "double_variable_income",
            "variable_income_cities",
        ),
    )
    victory = reader.integer("victory_centers")
    if victory is not None and victory <= 0:
        errors.add(reader.key("victory_centers"), T_("must be positive"))
    units = {
        power: _parse_units(f"{path}.units.{power}", power, value, errors)
        for power, value in reader.items("units")
    }
    return ScenarioSpec(
        name,
        reader.integer("year", 0) or 0,
        reader.text("season", "?"),
        victory,
        reader.strings("powers"),
        units,
        _areas_by_power(reader, "supply_centers"),
        home=_areas_by_power(reader, "home"),
        control=_areas_by_power(reader, "control"),
        autonomous_garrisons=reader.strings("autonomous_garrisons"),
        disabled_areas=reader.strings("disabled_areas"),
        sieges=reader.strings("sieges"),
        treasury=_ducats_by_power(reader, "treasury"),
        double_variable_income=reader.strings("double_variable_income"),
        variable_income_cities=reader.strings("variable_income_cities"),
    )


def _ducats_by_power(reader: _Reader, name: str) -> dict[str, int]:
    """A `{power: ducats}` mapping of a scenario (Machiavelli's `treasury`)."""
    found: dict[str, int] = {}
    for power, value in reader.items(name):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            reader.errors.add(
                f"{reader.key(name)}.{power}",
                T_("must be 0 or more ducats, not {value}", value=_show(value)),
            )
            continue
        found[power] = value
    return found


def _areas_by_power(reader: _Reader, name: str) -> dict[str, tuple[str, ...]]:
    """A `{power: [AREA, ...]}` mapping of a scenario (`supply_centers`, `home`, ...)."""
    return {
        power: _string_list(value, f"{reader.key(name)}.{power}", reader.errors)
        for power, value in reader.items(name)
    }


def _string_list(value: object, path: str, errors: Errors) -> tuple[str, ...]:
    if not _is_str_list(value):
        errors.add(path, T_("must be a list of strings, not {value}", value=_show(value)))
        return ()
    return tuple(value)  # type: ignore[arg-type]


def _parse_units(path: str, power: str, value: object, errors: Errors) -> tuple[StartingUnit, ...]:
    units = []
    for i, text in enumerate(_string_list(value, path, errors)):
        match = _UNIT.match(text.strip())
        if match is None:
            errors.add(
                f"{path}[{i}]",
                T_("{text!r} is not a unit (write 'A LOC', 'F LOC' or 'G LOC')", text=text),
            )
            continue
        units.append(StartingUnit(power, match[1], match[2]))
    return tuple(units)
