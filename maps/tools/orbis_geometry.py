"""Make an Orbis map's geometry, `maps/orbis/outlines/NAME.yaml` (run by hand; output committed).

Usage (nothing is downloaded at run time; see `natural_earth.py` for the source):

    python maps/tools/orbis_geometry.py europa-500 /tmp/ne/node_modules/world-atlas/land-50m.json

Issue 20 ("real geography ... the CaWa and Orbis maps get the same test"). How
(deterministic: the same map and land give the same bytes):

1. Natural Earth's land (`natural_earth.projected_land`) is projected
   equirectangularly around the mean latitude of the map's region points onto
   a frame of `Settings.scale` pixels per degree of latitude, and cut into a
   grid of `Settings.cell` pixels, each cell land or sea by its centre
   (`make_geometry.land_mask`).
2. Every region grows on land from its point (`region_grid.grow`, nearest
   first, at most `radius` pixels from where it started), never touching a
   region the map does not make its neighbour; `Settings.crossings` (neighbours
   across the sea: the Channel, the straits) must not touch either. Neighbours
   that do not touch get a corridor (`region_grid.with_corridor`) and all grow
   again, until every border but the crossings is there. `Settings.extra`
   joins an island to its region (Corsica to Sardinia), or a region to a shore
   it must hold (Constantinople), by a seed line; `Settings.limits` cut a
   region where nothing else ends it (the Sahara, the steppe).
3. The cells of each region become a polygon (`make_geometry.region_polygons`),
   simplified together (`shapely.coverage_simplify`: shared borders stay
   shared), cut along the real coast (intersected with the land) and taken
   back to longitude and latitude, rounded to `DIGITS` decimals. The land
   itself is written too, for the coast of what no region holds.
4. A crossing is drawn as a line across the narrowest water between the two
   regions. The result is checked (borders = the map's borders minus the
   crossings, no overlaps, each point inside its region) before it is written.
"""

from __future__ import annotations

import itertools
import json
import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Point, Polygon
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from maps.orbis.files import load_orbis_map
from maps.orbis.geometry import (
    Crossing,
    OrbisGeometry,
    RegionShape,
    geometry_path,
    shared_borders,
)
from maps.orbis.model import OrbisMap
from maps.tools.make_geometry import land_mask, region_polygons
from maps.tools.natural_earth import Projection, projected_land
from maps.tools.region_grid import LAND, XY, Grid, Region, grow, touching, with_corridor

SOURCE = "npm world-atlas 2.0.2, land-50m.json (Natural Earth 1:50m land, public domain)"
DIGITS = 2
"""Decimals of a degree kept (about a kilometre)."""
MAX_ROUNDS = 40
LAND_SIMPLIFY = 0.03
"""Degrees: the land outline is simplified by this much (Natural Earth 1:50m is finer)."""


@dataclass(frozen=True)
class Settings:
    """How one Orbis map is drawn: its frame in degrees, the grid, the crossings."""

    west: float
    east: float
    south: float
    north: float
    crossings: tuple[tuple[str, str], ...]
    scale: float = 30.0
    cell: int = 3
    radius: float = 400.0
    """Pixels a region grows at most from where it started."""
    limits: Mapping[str, tuple[XY, ...]] = field(default_factory=dict)
    """Per region, a ring (lon, lat) it is cut to once grown: where the region
    ends inland (the Sahara, the steppe), with no neighbour to end it."""
    extra: Mapping[str, tuple[XY, ...]] = field(default_factory=dict)
    """Per region, a seed line (lon, lat) from its point that it holds from the
    start: an island joined to it, a shore it must reach first."""
    simplify: tuple[float, ...] = (1.0, 0.6, 0.3, 0.0)
    """Tolerances tried, in cells, until the borders still match."""


SETTINGS: Mapping[str, Settings] = {
    "europa-500": Settings(
        west=-11.0,
        east=42.0,
        south=29.5,
        north=59.0,
        crossings=(
            ("africa", "cerdena"),
            ("africa", "sicilia"),
            ("anatolia", "grecia"),
            ("anatolia", "tracia"),
            ("britannia", "neustria"),
            ("cerdena", "italia"),
            ("hispania", "mauretania"),
            ("italia", "sicilia"),
        ),
        limits={
            "africa": ((0.0, 29.0), (19.5, 29.0), (19.5, 38.0), (0.0, 38.0)),
            "anatolia": (
                (25.0, 35.5),
                (36.0, 35.9),
                (36.6, 36.6),
                (42.5, 37.1),
                (42.5, 43.0),
                (25.0, 43.0),
            ),
            "dacia": ((19.0, 43.0), (30.5, 43.0), (30.5, 48.6), (19.0, 48.6)),
            "pannonia": ((12.0, 40.0), (23.5, 40.0), (23.5, 49.6), (12.0, 49.6)),
            "saxonia": ((3.0, 50.0), (14.6, 50.0), (14.6, 57.9), (3.0, 57.9)),
            "turingia": ((8.0, 48.0), (16.5, 48.0), (16.5, 54.5), (8.0, 54.5)),
        },
        extra={
            "anatolia": ((30.5, 40.4), (29.45, 40.8)),  # the Asian shore of the Bosporus
            "tracia": ((28.0, 41.3), (28.95, 41.05)),  # Constantinople
            "cerdena": ((9.3, 41.1), (9.25, 41.5), (9.1, 42.1)),  # Corsica
        },
    ),
}


def projection(game_map: OrbisMap, settings: Settings) -> Projection:
    """Equirectangular around the mean latitude of the map's points."""
    parallel = round(sum(r.at[1] for r in game_map.regions.values()) / len(game_map.regions), 1)
    return Projection(
        settings.west, settings.east, settings.south, settings.north, parallel, settings.scale
    )


def to_degrees(proj: Projection, shape: BaseGeometry) -> BaseGeometry:
    """A shape in the frame's pixels back in (longitude, latitude)."""
    stretch = math.cos(math.radians(proj.parallel)) * proj.scale

    def back(coords: np.ndarray) -> np.ndarray:
        return np.column_stack(
            (coords[:, 0] / stretch + proj.west, proj.north - coords[:, 1] / proj.scale)
        )

    return shapely.transform(shape, back)


def build_regions(game_map: OrbisMap, settings: Settings, proj: Projection) -> list[Region]:
    """One region to grow per map region, in id order: its point, then its island line."""
    codes = sorted(game_map.regions)
    index = {code: k for k, code in enumerate(codes)}
    apart = {frozenset(pair) for pair in settings.crossings}
    regions = []
    for code in codes:
        point = proj(*game_map.regions[code].at)
        lines: tuple[tuple[XY, ...], ...] = ((point,),)
        if code in settings.extra:
            lines += ((point, *(proj(*p) for p in settings.extra[code])),)
        allowed = frozenset(
            index[n] for n in game_map.neighbours(code) if frozenset((code, n)) not in apart
        )
        regions.append(Region(code, lines, allowed, settings.radius, LAND))
    return regions


def settle(grid: Grid, regions: list[Region]) -> None:
    """Grow, add corridors for missing borders, grow again, until all are there."""
    wanted = {frozenset((a, b)) for a, r in enumerate(regions) for b in r.allowed}
    for round_no in range(MAX_ROUNDS):
        grow(grid, regions)
        missing = sorted(tuple(sorted(p)) for p in wanted - touching(grid))
        print(f"round {round_no}: {len(missing)} missing borders", file=sys.stderr)
        if not missing:
            return
        a, b = missing[0]
        print(f"  corridor {regions[a].name}-{regions[b].name}", file=sys.stderr)
        with_corridor(grid, regions, a, b)
    raise SystemExit(f"borders still missing after {MAX_ROUNDS} rounds")


def limited(
    raw: Sequence[Polygon], regions: Sequence[Region], settings: Settings, proj: Projection
) -> list[BaseGeometry]:
    """Each region's cells cut to its limit (`Settings.limits`), if it has one."""
    cut: list[BaseGeometry] = []
    for region, shape in zip(regions, raw, strict=True):
        ring = settings.limits.get(region.name)
        if ring:
            parts = pieces(shape.intersection(Polygon([proj(*p) for p in ring])))
            shape = parts[0] if len(parts) == 1 else MultiPolygon(parts)
        cut.append(shape)
    return cut


def pieces(shape: BaseGeometry) -> list[Polygon]:
    """The polygons of a shape, largest first (lines and points dropped)."""
    found = [g for g in getattr(shape, "geoms", [shape]) if isinstance(g, Polygon) and g.area > 0]
    return sorted(found, key=lambda p: (-p.area, p.bounds))


def rounded(shape: Polygon) -> Polygon:
    def ring(coords: Any) -> list[XY]:
        return [(round(x, DIGITS), round(y, DIGITS)) for x, y in coords]

    return Polygon(ring(shape.exterior.coords), [ring(h.coords) for h in shape.interiors])


def region_shapes(
    raw: Sequence[BaseGeometry], land: BaseGeometry, proj: Projection, tolerance: float
) -> list[MultiPolygon]:
    """Each region simplified, cut along the coast and rounded, in degrees."""
    simple = shapely.coverage_simplify(list(raw), tolerance) if tolerance else list(raw)
    shapes = []
    for shape in simple:
        on_land = to_degrees(proj, shapely.make_valid(shape).intersection(land))
        valid = [shapely.make_valid(rounded(p)) for p in pieces(on_land)]
        shapes.append(MultiPolygon([q for v in valid for q in pieces(v) if q.area > 1e-4]))
    return shapes


def crossing_line(a: BaseGeometry, b: BaseGeometry) -> tuple[XY, XY]:
    """The narrowest water between two regions, from coast to coast."""
    start, end = nearest_points(a, b)
    return (
        (round(start.x, DIGITS), round(start.y, DIGITS)),
        (round(end.x, DIGITS), round(end.y, DIGITS)),
    )


def make_geometry(
    game_map: OrbisMap, topology: dict[str, Any], settings: Settings
) -> OrbisGeometry:
    proj = projection(game_map, settings)
    w, h = proj.size()
    width = math.ceil(w / settings.cell) * settings.cell
    height = math.ceil(h / settings.cell) * settings.cell
    land_pixels = projected_land(topology, proj, width, height)
    land = shapely.unary_union(land_pixels)
    grid = Grid(width // settings.cell, height // settings.cell, settings.cell)
    grid.terrain = land_mask(grid, land_pixels)
    regions = build_regions(game_map, settings, proj)
    settle(grid, regions)
    raw = limited(region_polygons(grid, len(regions)), regions, settings, proj)
    land_degrees = to_degrees(proj, land).simplify(LAND_SIMPLIFY)
    coast = tuple(
        tuple(tuple(p) for p in rounded(p).exterior.coords[:-1])
        for p in pieces(land_degrees)
        if p.area > 0.01
    )
    apart = {frozenset(p) for p in settings.crossings}
    wanted = frozenset(p for p in game_map.borders if p not in apart)
    for tolerance in settings.simplify:
        shapes = region_shapes(raw, land, proj, tolerance * settings.cell)
        geometry = OrbisGeometry(
            map=game_map.name,
            source=SOURCE,
            frame=(settings.west, settings.south, settings.east, settings.north),
            parallel=proj.parallel,
            land=coast,
            regions={
                r.name: RegionShape.of(shape, game_map.regions[r.name].at)
                for r, shape in zip(regions, shapes, strict=True)
            },
            crossings=tuple(
                Crossing(
                    (a, b),
                    crossing_line(shapes_of(regions, shapes, a), shapes_of(regions, shapes, b)),
                )
                for a, b in sorted(tuple(sorted(p)) for p in settings.crossings)
            ),
        )
        if shared_borders(geometry) == wanted:
            print(f"simplified at {tolerance} cells", file=sys.stderr)
            return checked(geometry, game_map)
        print(
            f"at {tolerance} cells: {sorted(map(sorted, shared_borders(geometry) ^ wanted))}",
            file=sys.stderr,
        )
    raise SystemExit("no simplification keeps the borders")


def checked(geometry: OrbisGeometry, game_map: OrbisMap) -> OrbisGeometry:
    """The geometry, if no two regions overlap and each point is in its region."""
    shapes = {code: region.shape for code, region in geometry.regions.items()}
    for a, b in itertools.combinations(sorted(shapes), 2):
        if shapes[a].intersection(shapes[b]).area > 1e-6:
            raise SystemExit(f"{a} and {b} overlap")
    outside = [c for c, s in shapes.items() if not s.contains(Point(game_map.regions[c].at))]
    if outside:
        raise SystemExit(f"points outside their regions: {outside}")
    return geometry


def shapes_of(regions: Sequence[Region], shapes: Sequence[MultiPolygon], code: str) -> MultiPolygon:
    return next(s for r, s in zip(regions, shapes, strict=True) if r.name == code)


def main(argv: Sequence[str]) -> None:
    if len(argv) != 2 or argv[0] not in SETTINGS:
        raise SystemExit(__doc__)
    name, source = argv
    topology = json.loads(Path(source).read_text(encoding="utf-8"))
    geometry = make_geometry(load_orbis_map(name), topology, SETTINGS[name])
    path = geometry_path(name)
    path.parent.mkdir(exist_ok=True)
    path.write_text(geometry.to_yaml(), encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size} bytes)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
