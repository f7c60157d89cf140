"""Generate a Genes Mactantes region for N players (002 §3, "Creació del tauler").

The rulebook has the players draw the board in turns, one step each: (1)
the silhouette, islands included; (2) the relief: mountains, forests,
rivers, lakes; (3) the borders of as many countries as players, islands
assigned to a country; (4) three cities in each country. `generate_region`
plays those four steps with one seeded `random.Random`, so a seed always
gives the same region:

1. a smooth coastline (an ellipse bent by a few random harmonics) and,
   often, one island off the coast;
2. one to three mountain ranges, one to three forests, a river from the
   inland to the coast and a lake;
3. a Voronoi split of the mainland around well-spread seed points (moved
   twice to their cell's centre), each country one connected polygon; the
   island goes to the nearest country, and to the next nearest a strait;
4. three cities per country, inside it and away from each other.

The steps are credited in rotation from `players[0]` (player *i* draws step
*i* mod N) and the choice of countries goes round the table from the player
after the one who placed the cities, as in the rulebook's example.
"""

from __future__ import annotations

import math
import random
import unicodedata
from collections.abc import Sequence

import shapely
import yaml
from shapely.geometry.base import BaseGeometry

from maps.genes.region import (
    STEPS,
    XY,
    CitySite,
    CountryArea,
    Feature,
    Region,
    Ring,
    place_in,
    region_to_dict,
    shared_borders,
)

MIN_PLAYERS = 2
MAX_PLAYERS = 9
SIZE = (100.0, 70.0)
CENTRE = (50.0, 35.0)
CITIES_PER_COUNTRY = 3
"""Three cities per country (002 §3 step 4, §4.4)."""
_PALETTE = "#a94832 #e5b443 #8e6cb0 #2a9d8f #d66d97 #73851c #4c5fb0 #e7853a #9d6d51"
COLOURS = tuple(_PALETTE.split())
"""One fill per country, in the order the countries are made (west to east)."""
ATTEMPTS = 50

_FIRST_ONSETS = ("b", "c", "d", "f", "g", "m", "n", "p", "s", "t", "v", "ll", "br", "tr", "gr")
_ONSETS = ("b", "c", "d", "g", "l", "m", "n", "r", "s", "t", "v", "ny")
_VOWELS = ("a", "e", "i", "o", "u", "a", "e", "o")
_FINAL_VOWELS = ("a", "e", "o", "à", "è", "ó", "í")
_CODAS = ("", "", "", "", "l", "n", "r", "s")


class _Retry(Exception):
    """This attempt drew something unusable (a country too small, no room for a
    city); the next attempt goes on with the same random stream."""


def default_players(count: int) -> tuple[str, ...]:
    """Placeholder player names `player1`..`playerN` for a region drawn for N seats."""
    return tuple(f"player{i}" for i in range(1, count + 1))


def generate_region(players: Sequence[str], seed: int, name: str = "generated") -> Region:
    """A region for `players` (2..9, in the order they draw; 002 §3), the same for
    the same players and seed. ValueError for a wrong number of players."""
    seats = _check_players(players)
    rng = random.Random(seed)
    names = _Namer(rng)
    for _ in range(ATTEMPTS):
        try:
            return _draw(rng, names, seats, name)
        except _Retry:
            continue
    raise RuntimeError(f"no usable region for seed {seed} after {ATTEMPTS} attempts")


def region_yaml(region: Region) -> str:
    """`region` as the text of a region YAML file (`load_region` reads it)."""
    data = region_to_dict(region)
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, default_flow_style=False)


def drawing_turns(players: Sequence[str]) -> tuple[dict[str, str], tuple[str, ...]]:
    """Who draws each step (in rotation from the first player) and the order in
    which the players choose a country: from the player after the one who drew
    the cities, round the table (002 §3, the example)."""
    drawn_by = {step: players[i % len(players)] for i, step in enumerate(STEPS)}
    first = len(STEPS) % len(players)  # the seat after the cities' drawer
    return drawn_by, tuple(players[first:]) + tuple(players[:first])


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    seats = tuple(players)
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(
            f"a Genes Mactantes region is drawn for {MIN_PLAYERS} to {MAX_PLAYERS} players "
            f"(002 §2, §3), not {len(seats)}"
        )
    if len(set(seats)) != len(seats) or not all(isinstance(p, str) and p for p in seats):
        raise ValueError(f"players must be distinct non-empty names, not {list(seats)}")
    return seats


def _draw(rng: random.Random, names: _Namer, seats: tuple[str, ...], name: str) -> Region:
    mainland, islands = _silhouette(rng)
    land = shapely.unary_union([mainland, *islands])
    relief = _relief(rng, mainland, land, names)
    lake = next((shapely.Polygon(f.points) for f in relief if f.kind == "lake"), None)
    parts = _borders(rng, mainland, len(seats))
    ids = [names.fresh() for _ in parts]
    polygons = {i: [p] for i, p in zip(ids, parts, strict=True)}
    straits = _assign_islands(islands, dict(zip(ids, parts, strict=True)), polygons)
    rings = {c: tuple(_ring(p) for p in polygons[c]) for c in ids}
    shapes = {c: shapely.unary_union([shapely.Polygon(r) for r in rings[c]]) for c in ids}
    pairs = set(shared_borders(shapes)) | {frozenset(s) for s in straits}
    cities = _cities(rng, names, dict(zip(ids, parts, strict=True)), lake)
    drawn_by, choice_order = drawing_turns(seats)
    countries = {
        c: CountryArea(
            id=c,
            name=names.display[c],
            colour=COLOURS[k],
            polygons=rings[c],
            neighbours=tuple(o for o in ids if frozenset((c, o)) in pairs),
        )
        for k, c in enumerate(ids)
    }
    return Region(
        name=name,
        title=f"Terres de {names.display[names.fresh()]}",
        countries=countries,
        cities={c.id: c for c in cities},
        coast=tuple(_ring(p) for p in (mainland, *islands)),
        relief=relief,
        drawn_by=drawn_by,
        choice_order=choice_order,
        straits=tuple(straits),
        size=SIZE,
    )


# --- step 1: the silhouette --------------------------------------------------------


def _outline(rng: random.Random, centre: XY, radii: XY, count: int, wobble: float) -> BaseGeometry:
    """A star-shaped (so simple) smooth outline: an ellipse bent by harmonics 2..6."""
    waves = [(k, rng.uniform(0.0, wobble / k), rng.uniform(0.0, 2 * math.pi)) for k in range(2, 7)]
    ring = []
    for i in range(count):
        t = 2 * math.pi * i / count
        r = 1 + sum(a * math.sin(k * t + phase) for k, a, phase in waves)
        ring.append(
            (centre[0] + radii[0] * r * math.cos(t), centre[1] + radii[1] * r * math.sin(t))
        )
    return _snap(shapely.Polygon(ring))


def _silhouette(rng: random.Random) -> tuple[BaseGeometry, list[BaseGeometry]]:
    """Step 1 (002 §3): the mainland and maybe one island, inside the sheet."""
    mainland = _outline(rng, CENTRE, (rng.uniform(36, 40), rng.uniform(23, 26)), 72, 0.2)
    sheet = shapely.box(2, 2, SIZE[0] - 2, SIZE[1] - 2)
    if not sheet.contains(mainland):
        raise _Retry
    if rng.random() < 0.3:
        return mainland, []
    for _ in range(12):
        t = rng.uniform(0.0, 2 * math.pi)
        radius = rng.uniform(3.0, 4.5)
        shore = _shore(mainland, t)
        reach = rng.uniform(3.0, 6.0) + radius
        centre = (shore[0] + reach * math.cos(t), shore[1] + reach * math.sin(t))
        island = _outline(rng, centre, (radius, radius * 0.7), 16, 0.15)
        if sheet.contains(island) and island.distance(mainland) >= 2.5:
            return mainland, [island]
    return mainland, []


def _shore(mainland: BaseGeometry, heading: float) -> XY:
    """The outermost point of the coast seen from the centre towards `heading`."""
    far = (CENTRE[0] + 200 * math.cos(heading), CENTRE[1] + 200 * math.sin(heading))
    hits = shapely.LineString([CENTRE, far]).intersection(mainland.exterior)
    point = max(_points(hits), key=lambda p: math.dist(p, CENTRE))
    return point


def _points(shape: BaseGeometry) -> list[XY]:
    return [(g.x, g.y) for g in getattr(shape, "geoms", [shape]) if g.geom_type == "Point"]


# --- step 2: the relief ------------------------------------------------------------


def _inside(rng: random.Random, shape: BaseGeometry, tries: int = 200) -> XY:
    """A random point inside `shape` (rejection sampling); `_Retry` if none."""
    min_x, min_y, max_x, max_y = shape.bounds
    for _ in range(tries):
        point = (round(rng.uniform(min_x, max_x), 2), round(rng.uniform(min_y, max_y), 2))
        if shape.contains(shapely.Point(point)):
            return point
    raise _Retry


def _relief(
    rng: random.Random, mainland: BaseGeometry, land: BaseGeometry, names: _Namer
) -> tuple[Feature, ...]:
    """Step 2 (002 §3): mountains, forests, a river to the coast and a lake."""
    inland = mainland.buffer(-4)
    features: list[Feature] = []
    for _ in range(rng.randint(1, 3)):
        walk = _walk(rng, _inside(rng, inland), mainland.buffer(-2))
        if len(walk) >= 2:
            features.append(Feature("mountains", f"Serra de {names.word()}", walk))
    for _ in range(rng.randint(1, 3)):
        x, y = _inside(rng, inland)
        spread = [(rng.uniform(-4, 4), rng.uniform(-3, 3)) for _ in range(9)]
        dots = [(round(x + dx, 2), round(y + dy, 2)) for dx, dy in spread]
        dots = [d for d in dots if land.contains(shapely.Point(d))] or [(x, y)]
        features.append(Feature("forest", f"Bosc de {names.word()}", tuple(dots)))
    features.append(Feature("river", f"Riu {names.word()}", _river(rng, mainland, inland)))
    centre = _inside(rng, mainland.buffer(-7))
    lake = _outline(rng, centre, (rng.uniform(1.5, 2.5), rng.uniform(1.2, 2.0)), 8, 0.1)
    features.append(Feature("lake", f"Estany de {names.word()}", _ring(lake)))
    return tuple(features)


def _walk(rng: random.Random, start: XY, within: BaseGeometry) -> Ring:
    """A mountain range: a few steps in a slowly turning direction, kept inland."""
    heading = rng.uniform(0.0, 2 * math.pi)
    points = [start]
    for _ in range(rng.randint(2, 4)):
        heading += rng.uniform(-0.5, 0.5)
        step = rng.uniform(4.0, 6.0)
        x, y = points[-1]
        nxt = (round(x + step * math.cos(heading), 2), round(y + step * math.sin(heading), 2))
        if not within.contains(shapely.Point(nxt)):
            break
        points.append(nxt)
    return tuple(points)


def _river(rng: random.Random, mainland: BaseGeometry, inland: BaseGeometry) -> Ring:
    """A river from an inland spring to the nearest coast, meandering a little."""
    spring = max((_inside(rng, inland) for _ in range(8)), key=lambda p: _depth(mainland, p))
    mouth = mainland.exterior.interpolate(mainland.exterior.project(shapely.Point(spring)))
    mouth_xy = (mouth.x, mouth.y)
    points = [spring]
    for k in (1, 2, 3):
        x = spring[0] + (mouth_xy[0] - spring[0]) * k / 4 + rng.uniform(-1.5, 1.5)
        y = spring[1] + (mouth_xy[1] - spring[1]) * k / 4 + rng.uniform(-1.5, 1.5)
        if mainland.contains(shapely.Point(x, y)):
            points.append((round(x, 2), round(y, 2)))
    return (*points, (round(mouth_xy[0], 2), round(mouth_xy[1], 2)))


def _depth(shape: BaseGeometry, point: XY) -> float:
    return float(shape.exterior.distance(shapely.Point(point)))


# --- step 3: the borders -----------------------------------------------------------


def _borders(rng: random.Random, mainland: BaseGeometry, count: int) -> list[BaseGeometry]:
    """Step 3 (002 §3): the mainland split into `count` connected countries of
    comparable size, west to east."""
    seeds = _spread(rng, mainland, count)
    for _ in range(2):
        cells = _cells(mainland, seeds)
        seeds = [_centre(cell) for cell in cells]
    parts = _merge_orphans(mainland, seeds)
    least = 0.3 * mainland.area / count
    if any(p.geom_type != "Polygon" or p.interiors or p.area < least for p in parts):
        raise _Retry
    return sorted(parts, key=lambda p: (round(p.centroid.x, 6), round(p.centroid.y, 6)))


def _spread(rng: random.Random, shape: BaseGeometry, count: int) -> list[XY]:
    """Farthest-point sampling over a grid of inland points, from a random start."""
    sheet = [(float(x), float(y)) for x in range(0, 101, 2) for y in range(0, 71, 2)]
    inside = shapely.contains_xy(shape.buffer(-3), [p[0] for p in sheet], [p[1] for p in sheet])
    grid = [p for p, ok in zip(sheet, inside, strict=True) if ok]
    chosen = [rng.choice(grid)]
    nearest = [math.dist(p, chosen[0]) for p in grid]
    while len(chosen) < count:
        best = max(range(len(grid)), key=lambda i: (nearest[i], grid[i]))
        chosen.append(grid[best])
        nearest = [min(d, math.dist(p, grid[best])) for d, p in zip(nearest, grid, strict=True)]
    return chosen


def _voronoi(seeds: list[XY]) -> list[BaseGeometry]:
    frame = shapely.box(-50, -50, SIZE[0] + 50, SIZE[1] + 50)
    return list(shapely.voronoi_polygons(shapely.MultiPoint(seeds), extend_to=frame).geoms)


def _cells(mainland: BaseGeometry, seeds: list[XY]) -> list[BaseGeometry]:
    """The Voronoi cell of each seed, clipped to the mainland, in seed order."""
    cells = _voronoi(seeds)
    return [
        next(c for c in cells if c.covers(shapely.Point(s))).intersection(mainland) for s in seeds
    ]


def _centre(cell: BaseGeometry) -> XY:
    point = cell.centroid if cell.contains(cell.centroid) else cell.representative_point()
    return (point.x, point.y)


def _merge_orphans(mainland: BaseGeometry, seeds: list[XY]) -> list[BaseGeometry]:
    """The mainland's faces cut by the Voronoi edges (noded together, so neighbours
    share exact vertices), joined per seed; a piece of a cell cut off by a bay
    joins the country it shares the longest border with."""
    edges = shapely.unary_union([mainland.boundary, *(c.boundary for c in _voronoi(seeds))])
    faces = [
        f for f in shapely.polygonize([edges]).geoms if mainland.contains(f.representative_point())
    ]
    pieces: list[list[BaseGeometry]] = [[] for _ in seeds]
    for face in faces:
        spot = face.representative_point()
        pieces[min(range(len(seeds)), key=lambda i: spot.distance(shapely.Point(seeds[i])))].append(
            face
        )
    mains: list[BaseGeometry] = []
    orphans: list[BaseGeometry] = []
    for piece in pieces:
        parts = sorted(_polygons(shapely.unary_union(piece)), key=lambda g: -g.area)
        if not parts:
            raise _Retry
        mains.append(parts[0])
        orphans.extend(parts[1:])
    for orphan in orphans:
        j = max(range(len(mains)), key=lambda k: (orphan.intersection(mains[k]).length, -k))
        mains[j] = shapely.unary_union([mains[j], orphan])
    return [_snap(m) for m in mains]


def _polygons(shape: BaseGeometry) -> list[BaseGeometry]:
    return [
        g for g in getattr(shape, "geoms", [shape]) if g.geom_type == "Polygon" and not g.is_empty
    ]


def _assign_islands(
    islands: list[BaseGeometry],
    parts: dict[str, BaseGeometry],
    polygons: dict[str, list[BaseGeometry]],
) -> list[tuple[str, str]]:
    """Each island to the nearest country (002 §3 step 3: islands must be assigned);
    a strait to the next nearest country, if it lies within 12 units."""
    straits: list[tuple[str, str]] = []
    for island in islands:
        ranked = sorted(parts, key=lambda c: (round(island.distance(parts[c]), 6), c))
        polygons[ranked[0]].append(island)
        if len(ranked) > 1 and island.distance(parts[ranked[1]]) <= 12:
            straits.append((ranked[0], ranked[1]))
    return straits


# --- step 4: the cities ------------------------------------------------------------


def _cities(
    rng: random.Random, names: _Namer, parts: dict[str, BaseGeometry], lake: BaseGeometry | None
) -> list[CitySite]:
    """Step 4 (002 §3): three cities per country, inland and apart."""
    cities: list[CitySite] = []
    for country, part in parts.items():
        room = part.buffer(-1.5)
        if lake is not None:
            room = room.difference(lake.buffer(1.5))
        gap = max(3.0, min(9.0, 0.55 * math.sqrt(part.area / CITIES_PER_COUNTRY)))
        for _ in range(CITIES_PER_COUNTRY):
            position = _city_spot(rng, room, [c.position for c in cities], gap)
            ident = names.fresh()
            cities.append(CitySite(ident, names.display[ident], country, position))
    return cities


def _city_spot(rng: random.Random, room: BaseGeometry, taken: list[XY], gap: float) -> XY:
    if room.is_empty:
        raise _Retry
    for _ in range(60):
        point = _inside(rng, room)
        if all(math.dist(point, t) >= gap for t in taken):
            return point
    point = place_in(room, taken)
    if not room.contains(shapely.Point(point)) or any(math.dist(point, t) < 2 for t in taken):
        raise _Retry
    return point


# --- names and coordinates ---------------------------------------------------------


class _Namer:
    """Pronounceable names from syllables; ids are their lowercase ASCII form, unique."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.display: dict[str, str] = {}

    def word(self) -> str:
        """Two or three syllables: onset, vowel, maybe a coda; the last may be stressed."""
        pick = self.rng.choice
        count = pick((2, 2, 3))
        onsets = [pick(_FIRST_ONSETS)] + [pick(_ONSETS) for _ in range(count - 1)]
        body = [o + pick(_VOWELS) + pick(_CODAS) for o in onsets[:-1]]
        return ("".join(body) + onsets[-1] + pick(_FINAL_VOWELS)).capitalize()

    def fresh(self) -> str:
        """A new name; returns its id (its display form is `display[id]`)."""
        while True:
            word = self.word()
            ident = _ascii(word)
            if ident not in self.display:
                self.display[ident] = word
                return ident


def _ascii(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in folded if "a" <= ch <= "z")


def _snap(shape: BaseGeometry) -> BaseGeometry:
    """The shape on a 0.01 grid, kept valid (so the YAML holds it exactly)."""
    return shapely.set_precision(shape, 0.01)


def _ring(shape: BaseGeometry) -> Ring:
    coords = list(shape.exterior.coords)[:-1]
    return tuple((round(x, 2), round(y, 2)) for x, y in coords)
