"""A CaWa map drawn by the program (004 "¿Cómo es el mapa?").

The book has no map ("No hay un mapa de CaWa") and gives advice, which the
generator follows:

- about 25 land hexes per player (CC-M-2): exactly 25 per player here (more
  when `start_hexes` is large: 3 x `start_hexes` per player, so that the
  realms keep room between them);
- a third each of forest, mountain and plain (CC-M-3), drawn in patches;
- water between half and as many hexes as land (CC-M-4, AC-04): the grid
  holds about 1.75 x the land, the rest water, with a rim of sea around it;
- one landmass: every land hex reaches every other by land.

Each player gets a starting realm (issue 14, AC-01: the option
`start_hexes`, default 5): that many connected land hexes, the realms spread
apart and never touching, each with one village, on the coast when the
realm has a coastal hex.

Everything comes from one `random.Random(seed)`: the same arguments give
the same map. Hex codes are `CCRR`, so a grid may have 99 columns and rows;
40 players (1000 land hexes) fit in about 45 x 39.
"""

from __future__ import annotations

import functools
import heapq
import math
import random
from collections import deque
from collections.abc import Mapping, Sequence

from maps.cawa.model import Building, CawaMap, CawaPlayer, HexCell, Terrain
from maps.hexgrid import MAX_NUMBER, HexLayout, hex_code, offset_to_axial
from texts import T_

__all__ = [
    "LAND_PER_PLAYER",
    "MAX_PLAYERS",
    "colour_distance",
    "default_players",
    "generate_map",
    "grid_size",
    "luminance",
    "player_colours",
]

LAND_PER_PLAYER = 25
"""The book's advice (CC-M-2)."""
MAX_PLAYERS = 40
GRID_PER_LAND = 1.75
"""Hexes in the grid per land hex: water is 0.75 x land (CC-M-4 asks 0.5 to 1)."""
PATCH_SIZE = 7
"""Land hexes per terrain patch, on average (CC-M-3)."""
ATTEMPTS = 50
"""Tries at placing the realms before the map is given up."""
_LAND_TERRAINS = (Terrain.FOREST, Terrain.MOUNTAIN, Terrain.PLAIN)

Neighbours = Mapping[str, Sequence[str]]


def default_players(count: int) -> tuple[CawaPlayer, ...]:
    """`count` (1..40) kingdoms `player1`.. named `Reino 1`.., each with its own
    colour (`player_colours`)."""
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from 1 to {MAX_PLAYERS}, not {count!r}")
    colours = player_colours()
    return tuple(
        CawaPlayer(f"player{i}", f"Reino {i}", colours[i - 1]) for i in range(1, count + 1)
    )


_PALETTE = (
    "#0000cc #b38019 #1999b3 #99001a #267359 #ff0080 #732659 #4c66e6 #b34d19 #134c86 "
    "#6a40bf #cc66aa #138686 #cc0044 #007fff #5500ff #00994d #cc7766 #bf40bf #732626 "
    "#4d7326 #1933b3 #861386 #669933 #bf406a #7733ff #df209f #6699cc #e64ce6 #df2020 "
    "#d400ff #8866cc #2020df #138613 #6600cc #df20df #b31966 #866013 #aa00cc #0066cc"
)


@functools.cache
def player_colours() -> tuple[str, ...]:
    """40 colours (`#rrggbb`), each readable under white text (luminance
    0.04..0.30), every two at least 80 apart (`colour_distance`), chosen one by
    one as the farthest under normal vision and simulated protanopia,
    deuteranopia and tritanopia (issue 20): the first 14 keep
    `renderers.map_style.THRESHOLDS` apart, all 40 a third of them
    (tests/test_palette.py checks it)."""
    return tuple(_PALETTE.split())


def luminance(colour: str) -> float:
    """The WCAG relative luminance of `#rrggbb` (0 black .. 1 white)."""

    def linear(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(v) for v in _rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def colour_distance(a: str, b: str) -> float:
    """How unlike two colours look (the "redmean" weighted RGB distance, 0..~765)."""
    (r1, g1, b1), (r2, g2, b2) = _rgb(a), _rgb(b)
    mean = (r1 + r2) / 2
    return math.sqrt(
        (2 + mean / 256) * (r1 - r2) ** 2
        + 4 * (g1 - g2) ** 2
        + (2 + (255 - mean) / 256) * (b1 - b2) ** 2
    )


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def grid_size(land: int) -> tuple[int, int]:
    """(columns, rows) of a grid for `land` land hexes: about `GRID_PER_LAND`
    times the land (CC-M-4), a little wider than high (flat-topped hexes sit
    closer side by side), the land fitting inside the rim of sea."""
    target = land * GRID_PER_LAND
    best: tuple[float, int, int] | None = None
    for columns in range(4, MAX_NUMBER + 1):
        rows = math.ceil(target / columns)
        water = columns * rows - land
        if not 4 <= rows <= MAX_NUMBER or not land / 2 <= water <= land:
            continue
        if (columns - 2) * (rows - 2) < land * 1.1:
            continue
        score = abs(columns / rows - 1.15) + abs(columns * rows - target) / target
        if best is None or score < best[0]:
            best = (score, columns, rows)
    if best is None:
        raise ValueError(
            T_(
                "no grid of at most {most} x {most} hexes holds {land} land",
                most=MAX_NUMBER,
                land=land,
            )
        )
    return best[1], best[2]


def generate_map(players: int, seed: int, start_hexes: int = 5, name: str = "generated") -> CawaMap:
    """A map for `players` (2..40) kingdoms (`default_players`), each with a
    starting realm of `start_hexes` land hexes and a village; the same for
    the same arguments. ValueError for arguments out of range."""
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from 2 to {MAX_PLAYERS}, not {players!r}")
    if isinstance(start_hexes, bool) or not isinstance(start_hexes, int) or start_hexes < 1:
        raise ValueError(f"start_hexes must be a whole number, 1 or more, not {start_hexes!r}")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"name must be a non-empty text, not {name!r}")
    rng = random.Random(seed)
    land_count = players * max(LAND_PER_PLAYER, 3 * start_hexes)
    columns, rows = grid_size(land_count)
    codes = [hex_code(c, r) for r in range(1, rows + 1) for c in range(1, columns + 1)]
    grid = CawaMap(name, {code: _cell(code, Terrain.WATER) for code in codes})
    near = {code: grid.neighbours(code) for code in codes}
    land = _landmass(rng, grid, near, land_count)
    terrain = _terrains(rng, land, near)
    hexes = {code: _cell(code, terrain.get(code, Terrain.WATER)) for code in codes}
    kingdoms = default_players(players)
    realms = _realms(rng, land, near, players, start_hexes)
    owners = {code: kingdoms[i].id for i, realm in enumerate(realms) for code in sorted(realm)}
    villages = {_village(rng, realm, near, terrain): Building.VILLAGE for realm in realms}
    return CawaMap(
        name,
        hexes,
        HexLayout.ODD_Q,
        {p.id: p for p in kingdoms},
        owners,
        dict(sorted(villages.items())),
    )


def _cell(code: str, terrain: Terrain) -> HexCell:
    column, row = int(code[:2]), int(code[2:])
    return HexCell(code, column, row, offset_to_axial(column, row, HexLayout.ODD_Q), terrain)


# --- the landmass ----------------------------------------------------------------


def _landmass(rng: random.Random, grid: CawaMap, near: Neighbours, count: int) -> list[str]:
    """`count` connected hexes inside the rim: a best-first flood from the
    middle over a smooth random relief, so the coast has bays and capes."""
    columns = max(cell.column for cell in grid.hexes.values())
    rows = max(cell.row for cell in grid.hexes.values())
    spots = {code: _position(cell) for code, cell in grid.hexes.items()}
    width, height = 1.5 * columns, math.sqrt(3) * rows
    bumps = [
        (
            rng.uniform(0, width),
            rng.uniform(0, height),
            rng.uniform(1.5, 4.5),
            rng.uniform(-1.5, 1.5),
        )
        for _ in range(max(6, count // 20))
    ]
    relief: dict[str, float] = {}
    for code, (x, y) in spots.items():
        dx, dy = (x - width / 2) / width, (y - height / 2) / height
        value = -2.0 * math.hypot(dx, dy)
        for bx, by, radius, height_of in bumps:
            value += height_of * math.exp(-((x - bx) ** 2 + (y - by) ** 2) / (2 * radius**2))
        relief[code] = value + rng.uniform(0.0, 0.15)
    inside = {
        c for c, cell in grid.hexes.items() if 1 < cell.column < columns and 1 < cell.row < rows
    }
    start = hex_code((columns + 1) // 2, (rows + 1) // 2)
    chosen: list[str] = []
    taken = {start}
    queue = [(-relief[start], start)]
    while queue and len(chosen) < count:
        _, code = heapq.heappop(queue)
        chosen.append(code)
        for other in near[code]:
            if other in inside and other not in taken:
                taken.add(other)
                heapq.heappush(queue, (-relief[other], other))
    return sorted(chosen)


def _position(cell: HexCell) -> tuple[float, float]:
    """Centre of a flat-topped odd-q hex, one hex side = 1."""
    return 1.5 * cell.column, math.sqrt(3) * (cell.row + 0.5 * (cell.column & 1))


def _terrains(rng: random.Random, land: Sequence[str], near: Neighbours) -> dict[str, Terrain]:
    """A third each of forest, mountain and plain (CC-M-3), grown as patches
    from seeds, each terrain in turn, so that none passes its third."""
    land_set = set(land)
    quota = {
        t: len(land) // 3 + (1 if i < len(land) % 3 else 0) for i, t in enumerate(_LAND_TERRAINS)
    }
    patches = max(1, len(land) // (3 * PATCH_SIZE))
    assigned: dict[str, Terrain] = {}
    frontier: dict[Terrain, list[str]] = {t: [] for t in _LAND_TERRAINS}

    def put(code: str, terrain: Terrain) -> None:
        assigned[code] = terrain
        quota[terrain] -= 1
        frontier[terrain].extend(n for n in near[code] if n in land_set and n not in assigned)

    for i, seed in enumerate(rng.sample(list(land), min(len(land), 3 * patches))):
        terrain = _LAND_TERRAINS[i % 3]
        if quota[terrain] > 0:
            put(seed, terrain)
    while len(assigned) < len(land):
        terrain = max(_LAND_TERRAINS, key=lambda t: quota[t])
        spots = frontier[terrain]
        while spots:
            code = spots.pop(rng.randrange(len(spots)))
            if code not in assigned:
                put(code, terrain)
                break
        else:
            free = [code for code in land if code not in assigned]
            put(rng.choice(free), terrain)
    return assigned


# --- the starting realms -----------------------------------------------------------


def _realms(
    rng: random.Random, land: Sequence[str], near: Neighbours, count: int, size: int
) -> list[set[str]]:
    """`count` realms of `size` connected land hexes, spread over the land and
    never touching one another."""
    land_set = set(land)
    for _ in range(ATTEMPTS):
        reach = _spread(rng, land, land_set, near, count)
        realms = _grow(rng, reach, land_set, near, size)
        if realms is not None:
            return realms
    raise ValueError(
        T_(
            "cannot place {count} separate realms of {size} hexes on {land} land",
            count=count,
            size=size,
            land=len(land),
        )
    )


def _distances(start: str, land: set[str], near: Neighbours) -> dict[str, int]:
    """Steps by land from `start` to every land hex."""
    found = {start: 0}
    queue = deque([start])
    while queue:
        code = queue.popleft()
        for other in near[code]:
            if other in land and other not in found:
                found[other] = found[code] + 1
                queue.append(other)
    return found


def _spread(
    rng: random.Random, land: Sequence[str], land_set: set[str], near: Neighbours, count: int
) -> dict[str, dict[str, int]]:
    """Centres far apart by land, each with its distances: each centre is the
    hex farthest from those chosen; the first (drawn at random) is then moved
    to the hex farthest from the others."""
    reach: dict[str, dict[str, int]] = {}
    centre = rng.choice(land)
    for round_ in range(count + 1):
        reach[centre] = _distances(centre, land_set, near)
        if round_ == count or count == 1:
            break
        if round_ == count - 1:
            del reach[next(iter(reach))]
        nearest = {code: min(steps[code] for steps in reach.values()) for code in land}
        far = max(nearest.values())
        centre = rng.choice([code for code in land if nearest[code] == far])
    return reach


def _grow(
    rng: random.Random,
    reach: Mapping[str, Mapping[str, int]],
    land: set[str],
    near: Neighbours,
    size: int,
) -> list[set[str]] | None:
    """Grow the realms from their centres one hex at a time in turn, each
    compact, away from the other centres and off the hexes next to another
    realm; None when one is boxed in."""
    owner: dict[str, int] = {}
    centres = list(reach)
    realms: list[set[str]] = [set() for _ in centres]

    def free_for(code: str, i: int) -> bool:
        if code not in land or code in owner:
            return False
        return all(owner.get(n, i) == i for n in near[code])

    def score(code: str, i: int) -> tuple[int, int]:
        others = [reach[c][code] for j, c in enumerate(centres) if j != i]
        return sum(n in realms[i] for n in near[code]), min(others, default=0)

    for i, centre in enumerate(centres):
        if not free_for(centre, i):
            return None
        owner[centre] = i
        realms[i].add(centre)
    for _ in range(size - 1):
        for i, realm in enumerate(realms):
            options = sorted({n for code in realm for n in near[code] if free_for(n, i)})
            if not options:
                return None
            best = max(score(code, i) for code in options)
            pick = rng.choice([code for code in options if score(code, i) == best])
            owner[pick] = i
            realm.add(pick)
    return realms


def _village(
    rng: random.Random, realm: set[str], near: Neighbours, terrain: Mapping[str, Terrain]
) -> str:
    """The realm's village: on a coastal hex when it has one."""
    hexes = sorted(realm)
    coastal = [c for c in hexes if any(n not in terrain for n in near[c])]
    return rng.choice(coastal or hexes)
