"""Drawing geometry beside a map: `maps/<name>.geometry.yaml` (DESIGN.md, "Maps are data").

A geometry file gives each area of a map a polygon, a label point and anchor
points for units (its army or fleet, its city's garrison, and a fleet on each
split coast), in pixels on a `width` x `height` frame, origin top-left, y down.
`impassable` lists land that is drawn but not in play (Switzerland). The
files are written by `maps/tools/make_geometry.py` and are data, not code:

```yaml
format: mapjudge-geometry
version: 1
map: classic
width: 1173
height: 1032
areas:
  SPA:
    polygon: [[x, y], ...]          # exterior ring, not closed
    holes: [[[x, y], ...]]          # optional
    label: [x, y]
    unit: [x, y]
    city: [x, y]                    # optional: the city or supply-centre marker
    coasts: {nc: [x, y], sc: [x, y]}  # optional: fleets on a split coast
impassable:
  - {name: Switzerland, polygon: [[x, y], ...]}
crossings:                          # adjacent across a strait, drawn as a line
  - {between: [COR, SAR], line: [[x, y], [x, y]]}
```

`drawn_borders` says which areas share a drawn border (a segment, not a
point); tests check that these and the `crossings` are the map graph's
borders. Crossings exist because a map's graph need not be planar:
Machiavelli's armies cross the Strait of Messina while its fleets sail through
it, so one of the two pairs is drawn as a line over the water.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from maps.loader import MAPS_DIR, MapError
from maps.safe_yaml import YamlProblem, read_yaml_file
from texts import T_

FORMAT = "mapjudge-geometry"
VERSION = 1

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class AreaGeometry:
    """Where an area is drawn: its outline, label and unit anchors."""

    code: str
    polygon: Ring
    label: Point
    unit: Point
    holes: tuple[Ring, ...] = ()
    city: Point | None = None
    coasts: Mapping[str, Point] = field(default_factory=dict)

    def anchor(self, location: str) -> Point:
        """Where a unit at `location` (`SPA/nc`, `TYR`) is drawn."""
        _, _, coast = location.partition("/")
        return self.coasts.get(coast, self.unit) if coast else self.unit


@dataclass(frozen=True)
class Impassable:
    """Land drawn on the map but not in play."""

    name: str
    polygon: Ring


@dataclass(frozen=True)
class Link:
    """Two areas adjacent across a strait: drawn as a line, not a border."""

    between: tuple[str, str]
    line: tuple[Point, Point]


@dataclass(frozen=True)
class MapGeometry:
    """The geometry of one map: frame size, areas and impassable land."""

    map: str
    width: float
    height: float
    areas: Mapping[str, AreaGeometry]
    impassable: tuple[Impassable, ...] = ()
    crossings: tuple[Link, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Plain data for the YAML file, in a stable order."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "map": self.map,
            "width": self.width,
            "height": self.height,
            "areas": {code: _area_dict(self.areas[code]) for code in sorted(self.areas)},
            "impassable": [
                {"name": i.name, "polygon": _ring_data(i.polygon)} for i in self.impassable
            ],
            "crossings": [
                {"between": list(c.between), "line": _ring_data(c.line)} for c in self.crossings
            ],
        }


def geometry_path(map_name: str) -> Path:
    """`maps/<name>.geometry.yaml` of a packaged map."""
    return MAPS_DIR / f"{map_name}.geometry.yaml"


@functools.cache
def load_geometry(map_name: str) -> MapGeometry:
    """The geometry of a packaged map; `MapError` naming the file if missing or bad."""
    path = geometry_path(map_name)
    try:
        data = read_yaml_file(path, path.name, cached=True)
    except OSError as exc:
        raise MapError(
            [
                T_(
                    "{file}: no drawing geometry for map {name!r} ({reason})",
                    file=path.name,
                    name=map_name,
                    reason=exc.strerror,
                )
            ]
        )
    except YamlProblem as exc:
        raise MapError([exc.args[0]]) from None
    try:
        return geometry_from_dict(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise MapError(
            [T_("{file}: malformed geometry: {problem}", file=path.name, problem=repr(exc))]
        ) from None


def geometry_from_dict(data: Mapping[str, Any]) -> MapGeometry:
    """Inverse of `MapGeometry.to_dict`."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"expected format {FORMAT} version {VERSION}")
    areas = {str(code): _area(str(code), entry) for code, entry in data["areas"].items()}
    impassable = tuple(
        Impassable(str(i["name"]), _ring(i["polygon"])) for i in data.get("impassable") or ()
    )
    crossings = tuple(
        Link(
            (str(c["between"][0]), str(c["between"][1])),
            (_point(c["line"][0]), _point(c["line"][1])),
        )
        for c in data.get("crossings") or ()
    )
    return MapGeometry(
        str(data["map"]), float(data["width"]), float(data["height"]), areas, impassable, crossings
    )


def _point(value: Sequence[Any]) -> Point:
    x, y = value
    return (float(x), float(y))


def _ring(value: Sequence[Sequence[Any]]) -> Ring:
    return tuple(_point(p) for p in value)


def _area(code: str, entry: Mapping[str, Any]) -> AreaGeometry:
    city = entry.get("city")
    return AreaGeometry(
        code=code,
        polygon=_ring(entry["polygon"]),
        label=_point(entry["label"]),
        unit=_point(entry["unit"]),
        holes=tuple(_ring(h) for h in entry.get("holes") or ()),
        city=_point(city) if city is not None else None,
        coasts={str(c): _point(p) for c, p in (entry.get("coasts") or {}).items()},
    )


def _num(value: float) -> float | int:
    return int(value) if float(value).is_integer() else round(value, 1)


def _point_data(point: Point) -> list[float | int]:
    return [_num(point[0]), _num(point[1])]


def _ring_data(ring: Ring) -> list[list[float | int]]:
    return [_point_data(p) for p in ring]


def _area_dict(area: AreaGeometry) -> dict[str, Any]:
    data: dict[str, Any] = {"polygon": _ring_data(area.polygon)}
    if area.holes:
        data["holes"] = [_ring_data(h) for h in area.holes]
    data["label"] = _point_data(area.label)
    data["unit"] = _point_data(area.unit)
    if area.city is not None:
        data["city"] = _point_data(area.city)
    if area.coasts:
        data["coasts"] = {c: _point_data(area.coasts[c]) for c in sorted(area.coasts)}
    return data


def drawn_borders(geometry: MapGeometry) -> frozenset[frozenset[str]]:
    """Pairs of areas whose outlines share a stretch of border (a point is not enough)."""
    from shapely import Polygon

    codes = sorted(geometry.areas)
    shapes = [Polygon(geometry.areas[c].polygon, geometry.areas[c].holes) for c in codes]
    found: set[frozenset[str]] = set()
    for i, j in itertools.combinations(range(len(codes)), 2):
        if not shapes[i].envelope.intersects(shapes[j].envelope):
            continue
        if shapes[i].boundary.intersection(shapes[j].boundary).length > 0:
            found.add(frozenset((codes[i], codes[j])))
    return frozenset(found)


def graph_borders(neighbours: Mapping[str, frozenset[str]]) -> frozenset[frozenset[str]]:
    """The same pairs from a map's graph (`{area: GameMap.area_neighbours(area)}`)."""
    return frozenset(frozenset((a, b)) for a, near in neighbours.items() for b in near)
