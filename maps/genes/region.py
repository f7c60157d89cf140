"""Genes Mactantes regions (002 §3): countries, their borders, cities, relief.

A region is drawn by the players (002 §3): the silhouette (coast and
islands), the relief, the borders of one country per player, and three
cities per country. As data it is a YAML file (`maps/genes/<name>.yaml`, or
one written by `maps.genes.generate`) read into these frozen records:

```yaml
format: mapjudge-genes-region
version: 1
name: peninsula
title: La Península
size: [100, 70]                 # the sheet: x right, y down (south)
drawn_by: {silhouette: arnau, relief: berenguer, borders: cugat, cities: arnau}
choice_order: [berenguer, cugat, arnau]
coast: [[[x, y], ...], ...]     # land outlines (step 1)
countries:                      # step 3
  - {id: ponent, name: Ponent, aliases: [Poniente], colour: '#c8553d',
     neighbours: [serra], polygons: [[[x, y], ...], ...]}
straits: [[ponent, llevant]]    # sea crossings: neighbours without a land border
cities:                         # step 4
  - {id: vilagrana, name: Vilagrana, country: ponent, position: [x, y], aliases: []}
relief:                         # step 2
  - {kind: mountains, name: Serra Major, points: [[x, y], ...]}
```

Every problem raises `maps.loader.MapError`, each message naming the file
and the key. A country's neighbours must be exactly the countries whose
polygons share a border (a segment, not a point) plus its straits.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import networkx as nx
import shapely
from shapely.geometry.base import BaseGeometry

from maps.genes.local_names import local_names
from maps.loader import MapError
from maps.model import SUGGESTED_CHARS, normalize_name
from maps.safe_yaml import YamlProblem, read_yaml_file
from texts import T_, LocalName, current_language

FORMAT = "mapjudge-genes-region"
VERSION = 1
REGIONS_DIR = Path(__file__).parent
STEPS = ("silhouette", "relief", "borders", "cities")
"""The four drawing steps of the board (002 §3), in the order they are drawn."""
FEATURE_KINDS = ("mountains", "forest", "river", "lake", "cliff")
PLACE_GRID = 24
"""Candidate points per side of a country's bounding box (`place_in`)."""

_ID = re.compile(r"[a-z][a-z0-9_]*\Z")
_BARE_NAME = re.compile(r"[a-z0-9_-]+\Z")
_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\Z")

XY = tuple[float, float]
Ring = tuple[XY, ...]


@dataclass(frozen=True)
class CountryArea:
    """One country's land: id, display names, colour, outline(s), neighbours."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    colour: str = "#888888"
    polygons: tuple[tuple[tuple[float, float], ...], ...] = ()  # mainland and islands
    neighbours: tuple[str, ...] = ()  # countries sharing a land border (or a strait)
    names: Mapping[str, str] = field(default_factory=dict, hash=False)
    """Its name in other languages (`names: {es: Poniente}`), for the reports."""

    @property
    def local_name(self) -> str:
        """Its name in the language being written (`texts.using`), else `name`."""
        return self.names.get(current_language(), self.name)

    @property
    def lazy_name(self) -> LocalName:
        """Its name, told in the language of whoever prints it (`texts.tr`)."""
        return LocalName(self.name, self.names)


@dataclass(frozen=True)
class CitySite:
    """One of the three cities each country starts with (002 §3 step 4)."""

    id: str
    name: str
    country: str
    position: tuple[float, float]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feature:
    """A relief feature (002 §3 step 2): mountains, forest, river, lake, cliff."""

    kind: str
    name: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Region:
    """A whole region: the board of one game."""

    name: str
    title: str
    countries: Mapping[str, CountryArea]
    cities: Mapping[str, CitySite]
    coast: tuple[tuple[tuple[float, float], ...], ...] = ()  # land outlines (step 1)
    relief: tuple[Feature, ...] = ()
    drawn_by: Mapping[str, str] = field(default_factory=dict)  # step -> player (002 §3)
    choice_order: tuple[str, ...] = ()  # players in the order they chose a country
    straits: tuple[tuple[str, str], ...] = ()  # sea crossings (island <-> mainland)
    size: tuple[float, float] = (100.0, 70.0)  # the sheet, x right and y down

    def neighbours(self, country: str) -> tuple[str, ...]:
        return self.countries[country].neighbours

    def lookup_country(self, text: str) -> str | None:
        """The country named `text` (id, name or alias; case and accents ignored)."""
        return _lookup(text, ((c.id, c.name, c.aliases) for c in self.countries.values()))

    def lookup_city(self, text: str) -> str | None:
        """The city named `text` (id, name or alias; case and accents ignored)."""
        return _lookup(text, ((c.id, c.name, c.aliases) for c in self.cities.values()))

    def suggest_country(self, text: str) -> tuple[str, ...]:
        """Ids of the countries whose names are nearest to `text` (for error messages)."""
        return _suggest(text, ((c.id, c.name, c.aliases) for c in self.countries.values()))

    def suggest_city(self, text: str) -> tuple[str, ...]:
        """Ids of the cities whose names are nearest to `text` (for error messages)."""
        return _suggest(text, ((c.id, c.name, c.aliases) for c in self.cities.values()))

    def country_path(self, start: str, end: str) -> tuple[str, ...]:
        """The shortest chain of neighbouring countries from `start` to `end`, both
        included (002 §5.4.1, travelling characters); () when none joins them."""
        for country in (start, end):
            if country not in self.countries:
                raise KeyError(f"unknown country {country!r}")
        graph = nx.Graph()
        graph.add_nodes_from(self.countries)
        graph.add_edges_from((a, b) for a, area in self.countries.items() for b in area.neighbours)
        try:
            return tuple(nx.shortest_path(graph, start, end))
        except nx.NetworkXNoPath:
            return ()

    def polygon(self, country: str) -> BaseGeometry:
        """The country's land as one shapely geometry (Polygon or MultiPolygon)."""
        return shapely.unary_union([shapely.Polygon(p) for p in self.countries[country].polygons])

    def place_for_new_city(self, country: str, existing_positions: Iterable[XY] = ()) -> XY:
        """Where the judge draws a founded city (002 §5.4.3 *Fundar*): a point inside
        `country`, as far as possible from `existing_positions`; deterministic."""
        return place_in(self.polygon(country), existing_positions)

    def border_pairs(self) -> frozenset[frozenset[str]]:
        """The pairs of countries whose polygons share a border (002 §3 step 3)."""
        return shared_borders({c: self.polygon(c) for c in self.countries})


def place_in(shape: BaseGeometry, existing: Iterable[XY] = (), inland: float = 3.0) -> XY:
    """The best of a fixed grid of points inside `shape`: the farthest from the
    `existing` points, kept off the edge (its distance counts `inland` times); ties
    go to the smallest x, then y. Coordinates are rounded to 0.01."""
    others = list(existing)
    min_x, min_y, max_x, max_y = shape.bounds
    grid = [
        (round(min_x + (max_x - min_x) * (i + 0.5) / PLACE_GRID, 2),
         round(min_y + (max_y - min_y) * (j + 0.5) / PLACE_GRID, 2))
        for i in range(PLACE_GRID)
        for j in range(PLACE_GRID)
    ]  # fmt: skip
    xs, ys = [p[0] for p in grid], [p[1] for p in grid]
    inside = shapely.contains_xy(shape, xs, ys)
    edges = shapely.distance(shape.boundary, shapely.points(xs, ys))
    best: tuple[float, float, float] | None = None
    for (x, y), ok, edge in zip(grid, inside, edges, strict=True):
        if not ok:
            continue
        score = min([inland * float(edge), *(math.dist((x, y), o) for o in others)])
        key = (-round(score, 6), x, y)
        if best is None or key < best:
            best = key
    if best is None:
        point = shape.representative_point()
        return (round(point.x, 2), round(point.y, 2))
    return (best[1], best[2])


def shared_borders(shapes: Mapping[str, BaseGeometry]) -> frozenset[frozenset[str]]:
    """Pairs of keys whose shapes share a border (intersection of length > 0)."""
    keys = list(shapes)
    return frozenset(
        frozenset((a, b))
        for i, a in enumerate(keys)
        for b in keys[i + 1 :]
        if shapes[a].intersection(shapes[b]).length > 1e-9
    )


def _names(ident: str, name: str, aliases: Sequence[str]) -> list[str]:
    return [normalize_name(n) for n in (ident, name, *aliases)]


def _lookup(text: str, entries: Iterable[tuple[str, str, tuple[str, ...]]]) -> str | None:
    key = normalize_name(text)
    for ident, name, aliases in entries:
        if key in _names(ident, name, aliases):
            return ident
    return None


def _suggest(text: str, entries: Iterable[tuple[str, str, tuple[str, ...]]]) -> tuple[str, ...]:
    index: dict[str, str] = {}
    for ident, name, aliases in entries:
        for key in _names(ident, name, aliases):
            index.setdefault(key, ident)
    key = normalize_name(text[:SUGGESTED_CHARS])
    close = difflib.get_close_matches(key, list(index), n=8, cutoff=0.5)
    return tuple(dict.fromkeys(index[c] for c in close))[:3]


# --- files -----------------------------------------------------------------------


def packaged_regions() -> tuple[str, ...]:
    """Names of the regions shipped in `maps/genes/` (`load_region` accepts them)."""
    return tuple(sorted(p.stem for p in REGIONS_DIR.glob("*.yaml")))


def load_region(name_or_path: str | Path) -> Region:
    """A packaged region by bare name (`"peninsula"`) or a region file by path."""
    if isinstance(name_or_path, str) and _BARE_NAME.match(name_or_path):
        path = REGIONS_DIR / f"{name_or_path}.yaml"
        if not path.is_file():
            known = ", ".join(packaged_regions())
            raise MapError(
                [T_("{name}: no such region (packaged: {known})", name=name_or_path, known=known)]
            )
    else:
        path = Path(name_or_path)
    try:
        data = read_yaml_file(path)
    except OSError as exc:
        raise MapError(
            [T_("{path}: cannot read: {error}", path=path, error=exc.strerror or exc)]
        ) from None
    except YamlProblem as exc:
        raise MapError([str(exc)]) from None
    return region_from_dict(data, str(path))


def region_to_dict(region: Region) -> dict[str, Any]:
    """Plain data for YAML; `region_from_dict` reads it back to an equal region."""
    return {
        "format": FORMAT,
        "version": VERSION,
        **{key: _plain(getattr(region, key)) for key in _REGION_FIELDS},
        "countries": [_country_fields(c) for c in region.countries.values()],
        "straits": _plain(region.straits),
        "cities": [_fields(c, _CITY_KEYS) for c in region.cities.values()],
        "relief": [_fields(f, ("kind", "name", "points")) for f in region.relief],
    }


def _country_fields(country: CountryArea) -> dict[str, Any]:
    """A country's keys; `names` only when it has some."""
    data = _fields(country, _COUNTRY_KEYS)
    return {**data, "names": dict(country.names)} if country.names else data


def _fields(record: Any, keys: Sequence[str]) -> dict[str, Any]:
    return {key: _plain(getattr(record, key)) for key in keys}


def _plain(value: Any) -> Any:
    """Tuples become lists and mappings dicts, all the way down (YAML's plain data)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    return value


# --- reading and checking ----------------------------------------------------------

_REGION_FIELDS = ("name", "title", "size", "drawn_by", "choice_order", "coast")
_TOP_KEYS = {"format", "version", *_REGION_FIELDS, "countries", "straits", "cities", "relief"}
_COUNTRY_KEYS = ("id", "name", "aliases", "colour", "neighbours", "polygons")
_CITY_KEYS = ("id", "name", "country", "position", "aliases")
_MIN_POINTS = {"mountains": 2, "forest": 1, "river": 2, "lake": 3, "cliff": 2}


class _Reader:
    """Reads plain data into records, collecting every problem with its file and key."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.errors: list[str] = []

    def fail(self, key: str, message: str) -> None:
        self.errors.append(
            T_("{source}: {key}: {message}", source=self.source, key=key, message=message)
        )

    def keys(self, data: Mapping[str, Any], allowed: set[str], where: str) -> None:
        for key in sorted(set(map(str, data)) - allowed):
            self.fail(f"{where}{key}", T_("unknown key"))

    def text(self, value: Any, key: str) -> str:
        if isinstance(value, str) and value.strip():
            return value
        self.fail(key, T_("expected a non-empty text, not {value}", value=repr(value)))
        return ""

    def texts(self, value: Any, key: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if isinstance(value, list) and all(isinstance(v, str) for v in value):
            return tuple(value)
        self.fail(key, T_("expected a list of texts, not {value}", value=repr(value)))
        return ()

    def ident(self, value: Any, key: str) -> str:
        if isinstance(value, str) and _ID.match(value):
            return value
        self.fail(
            key,
            T_(
                "id {value} must be lowercase ASCII (a-z, 0-9, _) starting with a letter",
                value=repr(value),
            ),
        )
        return str(value)

    def point(self, value: Any, key: str) -> XY:
        numbers = isinstance(value, list) and len(value) == 2
        if numbers and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
            return (float(value[0]), float(value[1]))
        self.fail(key, T_("expected a point [x, y], not {value}", value=repr(value)))
        return (0.0, 0.0)

    def points(self, value: Any, key: str, minimum: int) -> Ring:
        if not isinstance(value, list):
            self.fail(key, T_("expected a list of points [x, y]"))
            return ()
        if len(value) < minimum:
            self.fail(
                key,
                T_(
                    "needs at least {minimum} points, has {value}",
                    minimum=minimum,
                    value=len(value),
                ),
            )
        return tuple(self.point(v, f"{key}[{i}]") for i, v in enumerate(value))

    def rings(self, value: Any, key: str) -> tuple[Ring, ...]:
        if not isinstance(value, list) or not value:
            self.fail(key, T_("expected a list of one or more polygons"))
            return ()
        return tuple(self.points(v, f"{key}[{i}]", 3) for i, v in enumerate(value))

    def entries(self, data: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
        value = data.get(key) or []
        if isinstance(value, list) and all(isinstance(v, dict) for v in value):
            return value
        self.fail(key, T_("expected a list of mappings"))
        return []

    def unique(self, idents: Sequence[str], key: str) -> None:
        for ident in sorted({i for i in idents if idents.count(i) > 1}):
            self.fail(f"{key}.{ident}", T_("duplicate id"))


def region_from_dict(data: Any, source: str = "<data>") -> Region:
    """Read and check a region's plain data (002 §3); `MapError` lists every problem."""
    r = _Reader(source)
    if not isinstance(data, dict):
        raise MapError(
            [
                T_(
                    "{source}: a region file must be a mapping, not {kind}",
                    source=source,
                    kind=type(data).__name__,
                )
            ]
        )
    r.keys(data, _TOP_KEYS, "")
    if data.get("format", FORMAT) != FORMAT or data.get("version", VERSION) != VERSION:
        r.fail(
            "format",
            T_("expected format {format} version {version}", format=FORMAT, version=VERSION),
        )
    countries = [_country(r, c, i) for i, c in enumerate(r.entries(data, "countries"))]
    cities = [_city(r, c, i) for i, c in enumerate(r.entries(data, "cities"))]
    r.unique([c.id for c in countries], "countries")
    r.unique([c.id for c in cities], "cities")
    region = Region(
        name=r.text(data.get("name"), "name"),
        title=str(data.get("title") or data.get("name") or ""),
        countries={c.id: c for c in countries},
        cities={c.id: c for c in cities},
        coast=r.rings(data["coast"], "coast") if data.get("coast") else (),
        relief=tuple(_feature(r, f, i) for i, f in enumerate(r.entries(data, "relief"))),
        drawn_by=_drawn_by(r, data.get("drawn_by")),
        choice_order=r.texts(data.get("choice_order"), "choice_order"),
        straits=tuple(_strait(r, s, i) for i, s in enumerate(data.get("straits") or [])),
        size=r.point(data.get("size", [100.0, 70.0]), "size"),
    )
    if r.errors:
        raise MapError(r.errors, "structure")
    _check_references(r, region)
    if not r.errors:
        _check_geometry(r, region)
    if r.errors:
        raise MapError(r.errors, "consistency")
    return region


def _country(r: _Reader, data: Mapping[str, Any], i: int) -> CountryArea:
    ident = r.ident(data.get("id"), f"countries[{i}].id")
    key = f"countries.{ident}"
    r.keys(data, {*_COUNTRY_KEYS, "names"}, f"{key}.")
    colour = data.get("colour", "#888888")
    if not isinstance(colour, str) or not _COLOUR.match(colour):
        r.fail(f"{key}.colour", T_("expected a colour #rrggbb, not {colour}", colour=repr(colour)))
    return CountryArea(
        id=ident,
        name=r.text(data.get("name"), f"{key}.name"),
        aliases=r.texts(data.get("aliases"), f"{key}.aliases"),
        colour=str(colour),
        polygons=r.rings(data.get("polygons"), f"{key}.polygons"),
        neighbours=r.texts(data.get("neighbours"), f"{key}.neighbours"),
        names=local_names(data.get("names"), f"{key}.names", r.fail),
    )


def _city(r: _Reader, data: Mapping[str, Any], i: int) -> CitySite:
    ident = r.ident(data.get("id"), f"cities[{i}].id")
    key = f"cities.{ident}"
    r.keys(data, set(_CITY_KEYS), f"{key}.")
    return CitySite(
        id=ident,
        name=r.text(data.get("name"), f"{key}.name"),
        country=r.text(data.get("country"), f"{key}.country"),
        position=r.point(data.get("position"), f"{key}.position"),
        aliases=r.texts(data.get("aliases"), f"{key}.aliases"),
    )


def _feature(r: _Reader, data: Mapping[str, Any], i: int) -> Feature:
    key = f"relief[{i}]"
    kind = data.get("kind")
    if kind not in FEATURE_KINDS:
        r.fail(
            f"{key}.kind",
            T_(
                "unknown kind {kind} (known: {names})",
                kind=repr(kind),
                names=", ".join(FEATURE_KINDS),
            ),
        )
    minimum = _MIN_POINTS.get(str(kind), 1)
    points = r.points(data.get("points"), f"{key}.points", minimum)
    return Feature(str(kind), r.text(data.get("name"), f"{key}.name"), points)


def _drawn_by(r: _Reader, value: Any) -> dict[str, str]:
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        r.fail("drawn_by", T_("expected a mapping step -> player"))
        return {}
    for step in value:
        if step not in STEPS:
            r.fail(f"drawn_by.{step}", T_("unknown step (002 §3: {names})", names=", ".join(STEPS)))
    return {str(k): v for k, v in value.items()}


def _strait(r: _Reader, value: Any, i: int) -> tuple[str, str]:
    pair = r.texts(value, f"straits[{i}]")
    if len(pair) != 2 or pair[0] == pair[1]:
        r.fail(
            f"straits[{i}]", T_("expected two different countries, not {value}", value=repr(value))
        )
        return ("", "")
    return (pair[0], pair[1])


def _check_references(r: _Reader, region: Region) -> None:
    countries = region.countries
    for city in region.cities.values():
        if city.country not in countries:
            hint = ", ".join(region.suggest_country(city.country)) or "none"
            r.fail(
                f"cities.{city.id}.country",
                T_(
                    "unknown country {country} (near: {hint})",
                    country=repr(city.country),
                    hint=hint,
                ),
            )
        if city.id in countries:
            r.fail(f"cities.{city.id}.id", T_("a city may not share its id with a country"))
    for area in countries.values():
        key = f"countries.{area.id}"
        if not any(c.country == area.id for c in region.cities.values()):
            r.fail(key, T_("a country needs at least one city (002 §4.4)"))
        for other in area.neighbours:
            if other not in countries or other == area.id:
                r.fail(
                    f"{key}.neighbours",
                    T_("not a neighbouring country: {other}", other=repr(other)),
                )
            elif area.id not in countries[other].neighbours:
                r.fail(
                    f"{key}.neighbours",
                    T_("{other} does not list {id} back", other=other, id=area.id),
                )
    for i, pair in enumerate(region.straits):
        for country in pair:
            if country not in countries:
                r.fail(f"straits[{i}]", T_("unknown country {country}", country=repr(country)))
    _check_names(r, "countries", [(c.id, c.name, c.aliases) for c in countries.values()])
    _check_names(r, "cities", [(c.id, c.name, c.aliases) for c in region.cities.values()])


def _check_names(r: _Reader, key: str, entries: list[tuple[str, str, tuple[str, ...]]]) -> None:
    owner: dict[str, str] = {}
    for ident, name, aliases in entries:
        for text in set(_names(ident, name, aliases)):
            if owner.setdefault(text, ident) != ident:
                r.fail(
                    f"{key}.{ident}",
                    T_("name {text} is also {owner}'s", text=repr(text), owner=owner[text]),
                )


def _check_geometry(r: _Reader, region: Region) -> None:
    for area in region.countries.values():
        for i, ring in enumerate(area.polygons):
            shape = shapely.Polygon(ring)
            if not shape.is_valid:
                why = shapely.is_valid_reason(shape)
                r.fail(
                    f"countries.{area.id}.polygons[{i}]", T_("not a simple polygon: {why}", why=why)
                )
    if r.errors:
        return
    shapes = {c: region.polygon(c) for c in region.countries}
    for city in region.cities.values():
        if not shapes[city.country].contains(shapely.Point(city.position)):
            r.fail(
                f"cities.{city.id}.position",
                T_("{position} is outside {country}", position=city.position, country=city.country),
            )
    keys = list(shapes)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            if shapes[a].intersection(shapes[b]).area > 1e-3:
                r.fail(f"countries.{a}.polygons", T_("overlaps {b}", b=b))
    expected = set(shared_borders(shapes)) | {frozenset(p) for p in region.straits}
    for area in region.countries.values():
        listed = set(area.neighbours)
        drawn = {next(iter(p - {area.id})) for p in expected if area.id in p}
        for missing in sorted(drawn - listed):
            r.fail(
                f"countries.{area.id}.neighbours",
                T_("misses {missing} (a shared border)", missing=missing),
            )
        for extra in sorted(listed - drawn):
            r.fail(
                f"countries.{area.id}.neighbours",
                T_("{extra} shares no border nor strait", extra=extra),
            )
