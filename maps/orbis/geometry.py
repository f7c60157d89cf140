"""The real geography of an Orbis map: `maps/orbis/outlines/<name>.yaml` (issue 20).

A geometry file gives each region of a packaged Orbis map its land (one or
more polygons, in longitude and latitude, cut along Natural Earth's coast),
the point its name is drawn at, the land of the whole frame (the coast of
what no region holds) and the crossings: neighbours across the sea (the
Channel, the straits), drawn as a line over the water. It is written once by
`maps/tools/orbis_geometry.py` and is data, not code:

```yaml
format: mapjudge-orbis-geometry
version: 1
map: europa-500
source: npm world-atlas 2.0.2, land-50m.json (...)
made_by: maps/tools/orbis_geometry.py
frame: [west, south, east, north]      # degrees
parallel: 44.6                         # drawn equirectangular around this latitude
land:                                  # exterior rings, not closed
- [[lon, lat], ...]
regions:
  britannia:
    label: [lon, lat]
    polygons:                          # each: exterior ring, then holes
    - [[[lon, lat], ...]]
crossings:
- {between: [britannia, neustria], line: [[lon, lat], [lon, lat]]}
```

`shared_borders` says which regions share a stretch of border: with the
crossings, exactly the map's borders (`tests/orbis/test_map_geometry.py`).
`geometry_for(game_map)` gives the geometry of a map, or None when there is
none that fits it (a GM's own map): the renderer then draws schematic cells.
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.ops import polylabel

from maps.orbis.files import ORBIS_MAPS_DIR, OrbisMapError
from maps.orbis.model import OrbisMap
from maps.safe_yaml import YamlProblem, read_yaml_file
from texts import T_

FORMAT = "mapjudge-orbis-geometry"
VERSION = 1
OUTLINES_DIR = ORBIS_MAPS_DIR / "outlines"

Point = tuple[float, float]
Ring = tuple[Point, ...]
Rings = tuple[Ring, ...]
"""A polygon: its exterior ring, then its holes."""


@dataclass(frozen=True)
class RegionShape:
    """Where a region is drawn: its polygons and its label point."""

    polygons: tuple[Rings, ...]
    label: Point

    @classmethod
    def of(cls, shape: MultiPolygon, at: Point) -> RegionShape:
        """From a shape: the label at `at` when it lies inside, else inside the largest part."""
        polygons = tuple(
            (_ring(p.exterior.coords), *(_ring(h.coords) for h in p.interiors)) for p in shape.geoms
        )
        label = at
        if not shape.contains(shapely.Point(at)):
            spot = polylabel(max(shape.geoms, key=lambda p: p.area), 0.01)
            label = (round(spot.x, 2), round(spot.y, 2))
        return cls(polygons, label)

    @cached_property
    def shape(self) -> MultiPolygon:
        return MultiPolygon([Polygon(rings[0], rings[1:]) for rings in self.polygons])


@dataclass(frozen=True)
class Crossing:
    """Two neighbours across the sea, drawn as a line over the water."""

    between: tuple[str, str]
    line: tuple[Point, Point]


@dataclass(frozen=True, eq=False)
class OrbisGeometry:
    """The geography of one Orbis map (see the module docstring); compared and
    hashed by identity (a loaded file is one object: `load_orbis_geometry`)."""

    map: str
    source: str
    frame: tuple[float, float, float, float]
    parallel: float
    land: tuple[Ring, ...]
    regions: Mapping[str, RegionShape]
    crossings: tuple[Crossing, ...] = ()

    def to_yaml(self) -> str:
        """The file's text: one ring per line, in a stable order."""
        head = {
            "format": FORMAT,
            "version": VERSION,
            "map": self.map,
            "source": self.source,
            "made_by": "maps/tools/orbis_geometry.py",
            "frame": list(self.frame),
            "parallel": self.parallel,
        }
        lines = [
            f"# Geography of the Orbis map {self.map}, made by maps/tools/orbis_geometry.py",
            f"# from {self.source}: do not edit by hand.",
        ]
        lines += [f"{key}: {_flow(value)}" for key, value in head.items()]
        lines.append("land:")
        lines += [f"- {_flow(ring)}" for ring in self.land]
        lines.append("regions:")
        for code in sorted(self.regions):
            region = self.regions[code]
            lines += [f"  {code}:", f"    label: {_flow(region.label)}", "    polygons:"]
            lines += [f"    - {_flow(rings)}" for rings in region.polygons]
        lines.append("crossings:" if self.crossings else "crossings: []")
        lines += [
            f"- {{between: {_flow(c.between)}, line: {_flow(c.line)}}}" for c in self.crossings
        ]
        return "\n".join(lines) + "\n"


def _flow(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def _ring(coords: Any) -> Ring:
    points = [(float(x), float(y)) for x, y in coords]
    return tuple(points[:-1] if points and points[0] == points[-1] else points)


def geometry_path(map_name: str) -> Path:
    """`maps/orbis/outlines/<name>.yaml` of a packaged map."""
    return OUTLINES_DIR / f"{map_name}.yaml"


def geometry_for(game_map: OrbisMap) -> OrbisGeometry | None:
    """The packaged geometry of `game_map` when it fits it (the same regions,
    each region's point inside its land), else None: a GM's own map."""
    if not geometry_path(game_map.name).is_file():
        return None
    geometry = load_orbis_geometry(game_map.name)
    if set(geometry.regions) != set(game_map.regions):
        return None
    points = {code: shapely.Point(region.at) for code, region in game_map.regions.items()}
    if not all(geometry.regions[c].shape.contains(p) for c, p in points.items()):
        return None
    return geometry


@functools.cache
def load_orbis_geometry(map_name: str) -> OrbisGeometry:
    """The geometry file of a packaged map; `OrbisMapError` naming the file if bad."""
    path = geometry_path(map_name)
    try:
        data = read_yaml_file(path, path.name, cached=True)
    except OSError as exc:
        raise OrbisMapError(
            [T_("{path}: cannot read: {problem}", path=path.name, problem=exc.strerror)]
        ) from None
    except YamlProblem as exc:
        raise OrbisMapError([exc.args[0]]) from None
    try:
        return geometry_from_dict(data)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise OrbisMapError(
            [T_("{path}: cannot read: {problem}", path=path.name, problem=repr(exc))]
        ) from None


def geometry_from_dict(data: Mapping[str, Any]) -> OrbisGeometry:
    """The records of a geometry file's data; ValueError (or KeyError,
    TypeError) naming what is wrong."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise ValueError(f"expected format {FORMAT} version {VERSION}")
    west, south, east, north = (float(v) for v in data["frame"])
    if not (west < east and south < north):
        raise ValueError(f"frame: west < east and south < north, not {data['frame']}")
    regions = {str(code): _region(str(code), entry) for code, entry in data["regions"].items()}
    crossings = tuple(_crossing(c, regions) for c in data.get("crossings") or ())
    return OrbisGeometry(
        map=str(data["map"]),
        source=str(data["source"]),
        frame=(west, south, east, north),
        parallel=float(data["parallel"]),
        land=tuple(_points(ring, "land") for ring in data["land"]),
        regions=regions,
        crossings=crossings,
    )


def _point(value: Any, where: str) -> Point:
    if not isinstance(value, Sequence) or len(value) != 2:
        raise ValueError(f"{where}: expected [lon, lat], not {value!r}")
    x, y = value
    if isinstance(x, bool) or isinstance(y, bool):
        raise TypeError(f"{where}: expected numbers, not {value!r}")
    return (float(x), float(y))


def _points(value: Any, where: str) -> Ring:
    ring = tuple(_point(p, where) for p in value)
    if len(ring) < 3:
        raise ValueError(f"{where}: a ring has at least 3 points")
    return ring


def _region(code: str, entry: Mapping[str, Any]) -> RegionShape:
    where = f"regions.{code}"
    polygons = tuple(tuple(_points(ring, where) for ring in rings) for rings in entry["polygons"])
    if not polygons or not all(polygons):
        raise ValueError(f"{where}: no polygons")
    region = RegionShape(polygons, _point(entry["label"], f"{where}.label"))
    if not region.shape.is_valid:
        raise ValueError(f"{where}: invalid polygons")
    return region


def _crossing(entry: Mapping[str, Any], regions: Mapping[str, RegionShape]) -> Crossing:
    a, b = (str(code) for code in entry["between"])
    if a not in regions or b not in regions or a == b:
        raise ValueError(f"crossings: unknown regions {a!r}, {b!r}")
    start, end = (_point(p, f"crossings.{a}.{b}") for p in entry["line"])
    return Crossing((a, b), (start, end))


def shared_borders(geometry: OrbisGeometry) -> frozenset[frozenset[str]]:
    """Pairs of regions whose land shares a stretch of border (a point is not enough)."""
    codes = sorted(geometry.regions)
    shapes = [geometry.regions[c].shape for c in codes]
    found: set[frozenset[str]] = set()
    for i, j in itertools.combinations(range(len(codes)), 2):
        if not shapes[i].envelope.intersects(shapes[j].envelope):
            continue
        if shapes[i].boundary.intersection(shapes[j].boundary).length > 0:
            found.add(frozenset((codes[i], codes[j])))
    return frozenset(found)
