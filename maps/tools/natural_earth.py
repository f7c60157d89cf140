"""Natural Earth land, projected into a map's pixel frame: `maps/tools/land/NAME.land.json`.

Usage (run once by hand; the output is committed, nothing is downloaded at run time):

    cd /tmp/ne && npm install world-atlas@2.0.2        # outside the repo
    python maps/tools/natural_earth.py NAME /tmp/ne/node_modules/world-atlas/land-50m.json

The npm package `world-atlas` (version 2.0.2, ISC licence) bundles Natural Earth's
1:50m land (public domain) as TopoJSON. This script decodes its arcs (delta-encoded
quantized coordinates with a transform), projects every polygon with the
projection of `maps/tools/seeds/NAME.yaml` (or, for a board drawn in its own
pixels such as Machiavelli's, with the affine map `georeference.py` fits from the
real positions of its cities), fills lakes (an area's land includes its lakes:
the Caspian is not a sea of the game), clips to the frame, simplifies by half a
pixel and writes the polygons rounded to a tenth of a pixel. A rerun gives the
same bytes. `make_geometry.py` reads the file as the land mask.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import shapely
from shapely.geometry import MultiPolygon, Polygon, box

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from maps.tools.georeference import board_projection
from maps.tools.region_grid import XY

LAND_DIR = Path(__file__).parent / "land"
SEEDS_DIR = Path(__file__).parent / "seeds"
SOURCE = "npm world-atlas 2.0.2, land-50m.json (Natural Earth 1:50m land, public domain)"
FORMAT = "mapjudge-land"
SIMPLIFY_PX = 0.5


@dataclass(frozen=True)
class Projection:
    """Equirectangular (lon, lat) -> pixels, y down."""

    west: float
    east: float
    south: float
    north: float
    parallel: float
    scale: float

    def __call__(self, lon: float, lat: float) -> XY:
        stretch = math.cos(math.radians(self.parallel)) * self.scale
        return ((lon - self.west) * stretch, (self.north - lat) * self.scale)

    def size(self) -> XY:
        return self(self.east, self.south)


class LonLatProjection(Protocol):
    """(lon, lat) -> pixels, with the latitudes the frame shows (`Projection`, or
    `georeference.BoardProjection` for a board in its own pixels)."""

    @property
    def south(self) -> float: ...

    @property
    def north(self) -> float: ...

    def __call__(self, lon: float, lat: float) -> XY: ...


def land_path(name: str) -> Path:
    return LAND_DIR / f"{name}.land.json"


def decode_arcs(topology: dict[str, Any]) -> list[list[XY]]:
    """Each arc's points in (lon, lat): undo the delta encoding and the quantization."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    arcs: list[list[XY]] = []
    for arc in topology["arcs"]:
        x = y = 0
        points: list[XY] = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring_points(indices: Sequence[int], arcs: Sequence[Sequence[XY]]) -> list[XY]:
    """A ring from arc indices; `~i` is arc i reversed; shared end points appear once."""
    points: list[XY] = []
    for index in indices:
        arc = list(arcs[index]) if index >= 0 else list(arcs[~index])[::-1]
        points += arc[1:] if points else arc
    return points


def land_polygons(topology: dict[str, Any]) -> list[list[list[XY]]]:
    """Every land polygon's rings (exterior first) in (lon, lat)."""
    arcs = decode_arcs(topology)
    polygons: list[list[list[XY]]] = []
    for geometry in topology["objects"]["land"]["geometries"]:
        shapes = geometry["arcs"] if geometry["type"] == "MultiPolygon" else [geometry["arcs"]]
        polygons += [[ring_points(r, arcs) for r in shape] for shape in shapes]
    return polygons


def unwrapped(ring: Sequence[XY]) -> list[XY]:
    """The ring with longitudes made continuous where it crosses the antimeridian."""
    points: list[XY] = []
    shift = 0.0
    for k, (lon, lat) in enumerate(ring):
        if k:
            jump = lon + shift - points[-1][0]
            shift -= 360.0 * round(jump / 360.0)
        points.append((lon + shift, lat))
    return points


def projected_land(
    topology: dict[str, Any], proj: LonLatProjection, width: int, height: int
) -> list[Polygon]:
    frame = box(0, 0, width, height)
    pieces: list[Polygon] = []
    for rings in land_polygons(topology):
        exterior = unwrapped(rings[0])
        if math.dist(exterior[0], exterior[-1]) > 1.0:
            continue  # round a pole (Antarctica): far from any frame here
        lats = [p[1] for p in exterior]
        if min(lats) > proj.north or max(lats) < proj.south:
            continue
        for turn in (-360.0, 0.0, 360.0):
            outline = Polygon([proj(lon + turn, lat) for lon, lat in exterior])  # lakes filled
            clipped = shapely.make_valid(outline).intersection(frame)
            pieces += [g for g in getattr(clipped, "geoms", [clipped]) if isinstance(g, Polygon)]
    land = shapely.unary_union(pieces).simplify(SIMPLIFY_PX)
    parts = land.geoms if isinstance(land, MultiPolygon) else [land]
    return sorted(
        (Polygon(p.exterior) for p in parts if p.area >= 1.0),
        key=lambda p: (-round(p.area, 1), p.bounds),
    )


def land_json(name: str, polygons: Sequence[Polygon], width: int, height: int) -> str:
    def ring(p: Polygon) -> str:
        coords = [[round(x, 1), round(y, 1)] for x, y in list(p.exterior.coords)[:-1]]
        return json.dumps(coords, separators=(",", ":"))

    head = {
        "format": FORMAT,
        "version": 1,
        "map": name,
        "source": SOURCE,
        "made_by": "maps/tools/natural_earth.py",
        "width": width,
        "height": height,
    }
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    body = ",\n".join(f"    {ring(p)}" for p in polygons)
    return "{\n" + "\n".join(lines) + '\n  "polygons": [\n' + body + "\n  ]\n}\n"


def load_land(name: str) -> list[Polygon]:
    """The committed land polygons of map `name`, in its pixels (empty if none)."""
    path = land_path(name)
    if not path.exists():
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [Polygon(r) for r in data["polygons"]]


def main(argv: Sequence[str]) -> None:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    name, source = argv
    import yaml

    seeds = yaml.safe_load((SEEDS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    cell = int(seeds["cell"])
    proj: LonLatProjection
    if "projection" in seeds:
        proj = Projection(**seeds["projection"])
        w, h = proj.size()
    else:
        w, h = float(seeds["width"]), float(seeds["height"])
        proj = board_projection(name, w, h)
    width, height = math.ceil(w / cell) * cell, math.ceil(h / cell) * cell
    topology = json.loads(Path(source).read_text(encoding="utf-8"))
    polygons = projected_land(topology, proj, width, height)
    LAND_DIR.mkdir(exist_ok=True)
    land_path(name).write_text(land_json(name, polygons, width, height), encoding="utf-8")
    print(f"wrote {land_path(name)}: {len(polygons)} polygons", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
