"""Make `maps/<name>.geometry.yaml` from seed points (run by hand; output committed).

Usage:
    python maps/tools/make_geometry.py build NAME      # seeds/NAME.yaml -> maps/NAME.geometry.yaml
        # (seeds/NAME.extra.yaml, if there, adds hand-placed points after an area's seeds;
        # its `moved` gives the points used instead of an area's own, its `crossings`
        # the pairs drawn as a crossing line)
    python maps/tools/make_geometry.py machiavelli-seeds TOKENS.yaml
        # ../shared/data/machiavelli/tokens.yaml -> seeds/machiavelli.yaml (facts: coordinates)

How an outline is made (deterministic: same seeds, same bytes):

1. Each area's seed points (`maps/tools/seeds/NAME.yaml`: real positions for
   classic, the board's token positions for Machiavelli) are joined into a
   polyline and rasterised onto a grid of `cell`-pixel squares.
2. All areas grow at once from their seeds, nearest seed first (a Voronoi
   diagram of the seed lines), under one constraint: a cell may be taken by an
   area only if no cell around it (8 neighbours) belongs to an area the map
   does not make its neighbour. Two areas the map keeps apart thus never
   touch; the cells no one may take stay empty and are drawn as background.
   Every area grows from one root cell by side-sharing steps, so it is one
   piece. Impassable land (Switzerland) grows only to its `radius`.
   Where the map has a land file (`maps/tools/land/NAME.land.json`, Natural
   Earth's land made by `natural_earth.py`: classic, and Machiavelli through the
   affine map `georeference.py` fits to the board), each cell is land or sea
   by its centre and an area grows only on its own terrain: land and coast
   areas and impassable land on land, seas at sea (water no sea's seeds reach,
   such as lakes and the Sea of Azov, counts as land). The first seed point
   must lie on its area's terrain; a seed line stops where it leaves it.
3. Pairs the map makes neighbours but that do not touch get a corridor: seed
   lines from each area's nearest seed point to the middle of the pair's gap;
   then everything is grown again, until every pair touches. A corridor prefers
   the narrowest crossing of the other terrain and may cross it (straits).
4. The cells of each area become a polygon (shapely), the polygons are
   simplified together (`shapely.coverage_simplify`, so shared borders stay
   shared) and the borders are checked once more against the map.
5. Anchors: the first seed point holds the area's army or fleet; the label and
   the city marker come from the seeds where given and inside the area, else
   from the polygon;
   a split coast's fleet stands inside the area near the border with what only
   that coast touches.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import shapely
import yaml
from shapely.geometry import Point as ShapelyPoint
from shapely.geometry import Polygon, box
from shapely.ops import nearest_points, polylabel

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from maps.geometry import (
    AreaGeometry,
    Impassable,
    Link,
    MapGeometry,
    drawn_borders,
    geometry_path,
    graph_borders,
)
from maps.loader import load_map
from maps.model import AreaKind, GameMap
from maps.tools.natural_earth import Projection, load_land
from maps.tools.region_grid import (
    ANY,
    LAND,
    SEA,
    XY,
    Grid,
    Region,
    grow,
    touching,
    with_corridor,
)

SEEDS_DIR = Path(__file__).parent / "seeds"
MAX_ROUNDS = 60
SIMPLIFY_CELLS = (1.2, 0.8, 0.5, 0.0)
"""Simplification tolerances tried, in cells, until the borders still match
(a seeds file may give its own as `simplify`)."""


# --- seeds ------------------------------------------------------------------------


@dataclass(frozen=True)
class AreaSeeds:
    """An area's seed points in pixels (the first holds its unit) and optional anchors."""

    points: tuple[XY, ...]
    label: XY | None = None
    city: XY | None = None


@dataclass(frozen=True)
class ImpassableSeeds:
    name: str
    points: tuple[XY, ...]
    radius: float


@dataclass(frozen=True)
class Seeds:
    map: str
    width: int
    height: int
    cell: int
    areas: Mapping[str, AreaSeeds]
    impassable: tuple[ImpassableSeeds, ...] = ()
    crossings: tuple[tuple[str, str], ...] = ()
    simplify: tuple[float, ...] = SIMPLIFY_CELLS


def load_seeds(path: Path) -> Seeds:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cell = int(data["cell"])
    proj = Projection(**data["projection"]) if "projection" in data else None

    def xy(value: Sequence[float]) -> XY:
        return proj(value[0], value[1]) if proj else (float(value[0]), float(value[1]))

    def area(entry: Any) -> AreaSeeds:
        if isinstance(entry, list):
            return AreaSeeds(tuple(xy(p) for p in entry))
        label, city = entry.get("label"), entry.get("city")
        return AreaSeeds(
            tuple(xy(p) for p in entry["points"]),
            xy(label) if label else None,
            xy(city) if city else None,
        )

    extra_path = path.with_suffix(".extra.yaml")
    extra = yaml.safe_load(extra_path.read_text(encoding="utf-8")) if extra_path.exists() else {}
    for code, points in (extra.get("moved") or {}).items():
        seed_points(data["areas"][code])[:] = points
    for code, points in (extra.get("points") or {}).items():
        seed_points(data["areas"][code]).extend(points)
    width, height = proj.size() if proj else (data["width"], data["height"])
    return Seeds(
        map=str(data["map"]),
        width=math.ceil(width / cell) * cell,
        height=math.ceil(height / cell) * cell,
        cell=cell,
        areas={str(code): area(entry) for code, entry in data["areas"].items()},
        impassable=tuple(
            ImpassableSeeds(str(i["name"]), tuple(xy(p) for p in i["points"]), float(i["radius"]))
            for i in data.get("impassable") or ()
        ),
        crossings=tuple(
            (str(a), str(b)) for a, b in extra.get("crossings") or data.get("crossings") or ()
        ),
        simplify=tuple(float(t) for t in data.get("simplify") or SIMPLIFY_CELLS),
    )


def seed_points(entry: Any) -> list[Any]:
    """The list of seed points of an area's entry in a seeds file (a list, or `points`)."""
    points: list[Any] = entry if isinstance(entry, list) else entry["points"]
    return points


def build_regions(seeds: Seeds, game_map: GameMap) -> list[Region]:
    codes = sorted(seeds.areas)
    if set(codes) != set(game_map.areas):
        missing = sorted(set(game_map.areas) ^ set(codes))
        raise SystemExit(f"seeds and map {game_map.name} disagree on areas: {missing}")
    index = {code: k for k, code in enumerate(codes)}
    extra = range(len(codes), len(codes) + len(seeds.impassable))
    apart = {frozenset(pair) for pair in seeds.crossings}
    regions = [
        Region(
            code,
            (seeds.areas[code].points,),
            frozenset(index[n] for n in game_map.area_neighbours(code) if {code, n} not in apart)
            | frozenset(extra),
            terrain=SEA if game_map.areas[code].kind is AreaKind.SEA else LAND,
        )
        for code in codes
    ]
    everyone = frozenset(range(len(codes) + len(seeds.impassable)))
    regions += [Region(i.name, (i.points,), everyone, i.radius, LAND) for i in seeds.impassable]
    return regions


def land_mask(grid: Grid, land: Sequence[Polygon]) -> list[int]:
    """LAND or SEA for each cell, by its centre (step 2's mask); empty without land."""
    if not land:
        return []
    shape = shapely.unary_union(list(land))
    centres = [grid.centre(i) for i in range(grid.columns * grid.rows)]
    inside = shapely.contains_xy(shape, [c[0] for c in centres], [c[1] for c in centres])
    return [LAND if flag else SEA for flag in inside.tolist()]


def inland_water(grid: Grid, regions: Sequence[Region]) -> list[int]:
    """The mask with water no sea area's seeds reach (lakes, the Sea of Azov, the
    Sea of Marmara behind a strait narrower than a cell) counted as land."""
    if not grid.terrain:
        return []
    reached = {grid.index(*r.lines[0][0]) for r in regions if r.terrain == SEA}
    todo = sorted(i for i in reached if grid.terrain[i] == SEA)
    while todo:
        i = todo.pop()
        for n in grid.sides(i):
            if grid.terrain[n] == SEA and n not in reached:
                reached.add(n)
                todo.append(n)
    return [t if t == LAND or i in reached else LAND for i, t in enumerate(grid.terrain)]


def misplaced_seeds(grid: Grid, regions: Sequence[Region]) -> list[str]:
    """Regions whose first seed point lies on the other terrain of the mask."""
    return [
        r.name
        for r in regions
        if grid.terrain
        and r.terrain != ANY
        and grid.terrain[grid.index(*r.lines[0][0])] != r.terrain
    ]


def settle(seeds: Seeds, game_map: GameMap) -> tuple[Grid, list[Region]]:
    """Grow, add corridors for missing borders, grow again, until all borders are there."""
    regions = build_regions(seeds, game_map)
    wanted = {
        frozenset((a, b))
        for a, region in enumerate(regions[: len(seeds.areas)])
        for b in region.allowed
        if b < len(seeds.areas)
    }
    grid = Grid(seeds.width // seeds.cell, seeds.height // seeds.cell, seeds.cell)
    grid.terrain = land_mask(grid, load_land(seeds.map))
    if wrong := misplaced_seeds(grid, regions):
        raise SystemExit(f"first seed point on the wrong side of the coast: {wrong}")
    grid.terrain = inland_water(grid, regions)
    for round_no in range(MAX_ROUNDS):
        grow(grid, regions)
        missing = sorted(tuple(sorted(p)) for p in wanted - touching(grid))
        print(f"round {round_no}: {len(missing)} missing borders", file=sys.stderr)
        if not missing:
            return grid, regions
        a, b = missing[0]
        print(f"  corridor {regions[a].name}-{regions[b].name}", file=sys.stderr)
        with_corridor(grid, regions, a, b)
    names = [(regions[a].name, regions[b].name) for a, b in missing]
    raise SystemExit(f"borders still missing after {MAX_ROUNDS} rounds: {names}")


# --- polygons and anchors ---------------------------------------------------------


def region_polygons(grid: Grid, count: int) -> list[Polygon]:
    """Each region's cells as one polygon (runs of cells per row, unioned)."""
    boxes: list[list[Polygon]] = [[] for _ in range(count)]
    c = grid.cell
    for row in range(grid.rows):
        base = row * grid.columns
        col = 0
        while col < grid.columns:
            r = grid.labels[base + col]
            end = col
            while end + 1 < grid.columns and grid.labels[base + end + 1] == r:
                end += 1
            if r >= 0:
                boxes[r].append(box(col * c, row * c, (end + 1) * c, (row + 1) * c))
            col = end + 1
    shapes = []
    for r, parts in enumerate(boxes):
        shape = shapely.unary_union(parts)
        if not isinstance(shape, Polygon):
            raise SystemExit(f"region {r} is not one piece: {shape.geom_type}")
        shapes.append(shapely.segmentize(shape, c))
    return shapes


def rounded(shape: Polygon) -> Polygon:
    return Polygon(
        [(round(x, 1), round(y, 1)) for x, y in shape.exterior.coords],
        [[(round(x, 1), round(y, 1)) for x, y in ring.coords] for ring in shape.interiors],
    )


def ring(coords: Iterable[tuple[float, float]]) -> tuple[XY, ...]:
    points = [(float(x), float(y)) for x, y in coords]
    return tuple(points[:-1])


def inside(shape: Polygon, point: XY, margin: float) -> bool:
    p = ShapelyPoint(point)
    return bool(shape.contains(p)) and shape.exterior.distance(p) >= margin


def free_spot(shape: Polygon, near: XY, avoid: Sequence[XY], gap: float) -> XY:
    """A point inside `shape`, close to `near`, at least `gap` from each of `avoid`."""
    found = polylabel(shape, 1.0)
    centre: XY = (float(found.x), float(found.y))
    candidates = [near] + [
        (near[0] + gap * math.cos(a), near[1] + gap * math.sin(a))
        for a in (math.pi / 2, -math.pi / 2, 0.0, math.pi, math.pi / 4, 3 * math.pi / 4)
    ]
    for margin in (8.0, 4.0, 0.5):
        for spot in [*candidates, centre]:
            far = all(math.dist(spot, other) >= gap * 0.9 for other in avoid)
            if far and inside(shape, spot, margin):
                return spot
    return centre


def own_spot(shape: Polygon, given: XY, avoid: Sequence[XY], gap: float) -> XY:
    """A seeds file's anchor if it lies inside `shape`, else a free spot near it (a
    token of a board in its own pixels may fall off the real coast; issue 20)."""
    return given if shape.contains(ShapelyPoint(given)) else free_spot(shape, given, avoid, gap)


def coast_anchors(
    code: str, shapes: Mapping[str, Polygon], game_map: GameMap, unit: XY
) -> dict[str, XY]:
    """A fleet spot per split coast: inside the area, by what only that coast touches."""
    area = game_map.areas[code]
    if not area.coasts:
        return {}
    touches = {
        loc: {game_map.province(n) for n in game_map.fleet_neighbours(loc)}
        for loc in area.fleet_locations
    }
    anchors: dict[str, XY] = {}
    for loc, near in touches.items():
        others = set().union(*(t for other, t in touches.items() if other != loc))
        own = sorted(near - others) or sorted(near)
        border = shapely.unary_union(
            [shapes[code].boundary.intersection(shapes[n].boundary) for n in own]
        )
        edge = border.interpolate(0.5, normalized=True)
        centre = polylabel(shapes[code], 1.0)
        dx, dy = centre.x - edge.x, centre.y - edge.y
        step = 18.0 / max(math.hypot(dx, dy), 1.0)
        anchors[loc.partition("/")[2]] = (
            edge.x + dx * step,
            edge.y + dy * step,
        )
    return anchors


def area_geometry(
    code: str, shapes: Mapping[str, Polygon], seeds: AreaSeeds, game_map: GameMap
) -> AreaGeometry:
    shape = shapes[code]
    first = seeds.points[0]
    unit = first if inside(shape, first, 2.0) else free_spot(shape, first, (), 20.0)
    area = game_map.areas[code]
    city: XY | None = None
    if seeds.city is not None:
        city = own_spot(shape, seeds.city, (unit,), 22.0)
    elif area.city is not None or area.supply_center:
        city = free_spot(shape, (unit[0] + 16, unit[1] + 16), (unit,), 22.0)
    avoid = tuple(p for p in (unit, city) if p is not None)
    if seeds.label is not None:
        label = own_spot(shape, seeds.label, avoid, 24.0)
    else:
        label = free_spot(shape, (unit[0], unit[1] + 26), avoid, 24.0)
    return AreaGeometry(
        code=code,
        polygon=ring(shape.exterior.coords),
        label=label,
        unit=unit,
        holes=tuple(ring(h.coords) for h in shape.interiors),
        city=city,
        coasts=coast_anchors(code, shapes, game_map, unit),
    )


def crossing_line(a: Polygon, b: Polygon) -> tuple[XY, XY]:
    """A line from inside `a` to inside `b` across the narrowest water between them."""
    ends = []
    for near, shape in zip(nearest_points(a, b), (a, b), strict=True):
        centre = polylabel(shape, 1.0)
        dx, dy = centre.x - near.x, centre.y - near.y
        step = 10.0 / max(math.hypot(dx, dy), 1.0)
        ends.append((round(near.x + dx * step, 1), round(near.y + dy * step, 1)))
    return ends[0], ends[1]


def make_geometry(seeds: Seeds, game_map: GameMap) -> MapGeometry:
    grid, regions = settle(seeds, game_map)
    raw = region_polygons(grid, len(regions))
    wanted = graph_borders({c: game_map.area_neighbours(c) for c in game_map.areas})
    for tolerance in seeds.simplify:
        simple = shapely.coverage_simplify(raw, tolerance * seeds.cell) if tolerance else raw
        shapes = {r.name: rounded(s) for r, s in zip(regions, simple, strict=True)}
        geometry = MapGeometry(
            map=seeds.map,
            width=seeds.width,
            height=seeds.height,
            areas={
                code: area_geometry(code, shapes, seeds.areas[code], game_map)
                for code in sorted(seeds.areas)
            },
            impassable=tuple(
                Impassable(i.name, ring(shapes[i.name].exterior.coords)) for i in seeds.impassable
            ),
            crossings=tuple(
                Link((a, b), crossing_line(shapes[a], shapes[b])) for a, b in seeds.crossings
            ),
        )
        valid = all(s.is_valid for s in shapes.values())
        links = {frozenset(c.between) for c in geometry.crossings}
        if valid and drawn_borders(geometry) | links == wanted:
            print(f"simplified at {tolerance} cells", file=sys.stderr)
            return geometry
    raise SystemExit("no simplification keeps the borders: see the grid")


def write_geometry(geometry: MapGeometry, path: Path) -> None:
    header = (
        f"# Drawing geometry of map {geometry.map}, made by maps/tools/make_geometry.py\n"
        f"# from maps/tools/seeds/{geometry.map}.yaml: do not edit by hand (maps/README.md).\n"
    )
    text = yaml.safe_dump(geometry.to_dict(), sort_keys=False, default_flow_style=None, width=100)
    path.write_text(header + text, encoding="utf-8")


# --- Machiavelli's seeds from the board's token positions ---------------------------

MACHIAVELLI_CELL = 2
MACHIAVELLI_SIMPLIFY = (2.0, 1.2, 0.8, 0.5, 0.0)
"""The grid and the simplification tolerances (in cells) of the Machiavelli map: as
fine as classic's, so that Natural Earth's coast is not drawn as steps (issue 20)."""

TOKEN_HALF = {"control": 12, "unit": 25, "garrison": 16}
"""Half the size of the token bitmaps: `tokens.yaml` gives their top-left corners."""


def machiavelli_seeds(tokens_path: Path) -> dict[str, Any]:
    """Seeds from the token positions: unit, control and garrison token centres."""
    data = yaml.safe_load(tokens_path.read_text(encoding="utf-8"))

    def centre(entry: Mapping[str, Sequence[int]], kind: str) -> list[int] | None:
        if kind not in entry:
            return None
        x, y = entry[kind]
        return [x + TOKEN_HALF[kind], y + TOKEN_HALF[kind]]

    areas: dict[str, Any] = {}
    for code in sorted(data["areas"]):
        entry = data["areas"][code]
        found = {k: centre(entry, k) for k in ("unit", "control", "garrison")}
        item: dict[str, Any] = {"points": [p for p in found.values() if p is not None]}
        if found["control"]:
            item["label"] = list(found["control"])
        if found["garrison"]:
            item["city"] = list(found["garrison"])
        areas[code] = item
    return {
        "map": "machiavelli",
        "width": data["image"]["width"],
        "height": data["image"]["height"],
        "cell": MACHIAVELLI_CELL,
        "simplify": list(MACHIAVELLI_SIMPLIFY),
        "areas": areas,
    }


def main(argv: Sequence[str]) -> None:
    if len(argv) == 2 and argv[0] == "build":
        seeds = load_seeds(SEEDS_DIR / f"{argv[1]}.yaml")
        geometry = make_geometry(seeds, load_map(seeds.map))
        write_geometry(geometry, geometry_path(seeds.map))
        print(f"wrote {geometry_path(seeds.map)}", file=sys.stderr)
    elif len(argv) == 2 and argv[0] == "machiavelli-seeds":
        header = (
            "# Seed points for drawing the Machiavelli map (input of make_geometry.py), made by\n"
            "# `make_geometry.py machiavelli-seeds` from the token positions on the board\n"
            "# (facts: coordinates; ../shared/data/machiavelli/tokens.yaml, token centres).\n"
            "# points: unit, control and garrison token centres; label: the control token;\n"
            "# city: the garrison token.\n"
        )
        text = yaml.safe_dump(
            machiavelli_seeds(Path(argv[1])), sort_keys=False, default_flow_style=None
        )
        (SEEDS_DIR / "machiavelli.yaml").write_text(header + text, encoding="utf-8")
    else:
        raise SystemExit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
