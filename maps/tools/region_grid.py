"""Growing regions on a grid: step 2 and 3 of `make_geometry` (see its docstring).

Regions grow at once from their seed lines, nearest seed first, and never
touch a region they are not allowed to touch; pairs that should touch but do
not get a corridor of seed lines across their gap.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

XY = tuple[float, float]

ANY, SEA, LAND = -1, 0, 1
"""A region's terrain (ANY: it may take any cell) and a cell's terrain on the mask."""


@dataclass
class Grid:
    """Cells of `cell` pixels; `labels[i]` is the region index of cell i or -1.

    `terrain[i]` (empty: no mask) is LAND or SEA: what cell i is on the real map."""

    columns: int
    rows: int
    cell: int
    labels: list[int] = field(default_factory=list)
    terrain: list[int] = field(default_factory=list)

    def index(self, x: float, y: float) -> int:
        col = min(max(int(x // self.cell), 0), self.columns - 1)
        row = min(max(int(y // self.cell), 0), self.rows - 1)
        return row * self.columns + col

    def centre(self, i: int) -> XY:
        row, col = divmod(i, self.columns)
        return ((col + 0.5) * self.cell, (row + 0.5) * self.cell)

    def sides(self, i: int) -> Iterable[int]:
        row, col = divmod(i, self.columns)
        if col > 0:
            yield i - 1
        if col < self.columns - 1:
            yield i + 1
        if row > 0:
            yield i - self.columns
        if row < self.rows - 1:
            yield i + self.columns

    def around(self, i: int) -> Iterable[int]:
        row, col = divmod(i, self.columns)
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if (dr or dc) and 0 <= r < self.rows and 0 <= c < self.columns:
                    yield r * self.columns + c

    def line(self, a: XY, b: XY) -> list[int]:
        """Cells along a segment, each sharing a side with the one before."""
        steps = max(1, int(math.dist(a, b) / (self.cell / 3)))
        cells: list[int] = []
        for k in range(steps + 1):
            t = k / steps
            i = self.index(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
            if cells and i == cells[-1]:
                continue
            if cells and i not in set(self.sides(cells[-1])):
                bridge = cells[-1] + (i % self.columns - cells[-1] % self.columns)
                cells.append(bridge)
            cells.append(i)
        return cells


@dataclass(frozen=True)
class Region:
    """One region to grow: its seed lines, who it may touch and how far it may grow."""

    name: str
    lines: tuple[tuple[XY, ...], ...]
    allowed: frozenset[int]
    radius: float = math.inf
    terrain: int = ANY
    """The only cells it may grow into, when the grid has a mask; the cells of its
    corridors (every seed line but the first) may lie on the other terrain."""

    def points(self) -> tuple[XY, ...]:
        return tuple(p for line in self.lines for p in line)


def grow(grid: Grid, regions: Sequence[Region]) -> None:
    """Fill `grid.labels` from the regions' seed lines (step 2 of the module doc)."""
    labels = [-1] * (grid.columns * grid.rows)
    grid.labels = labels
    heap: list[tuple[int, float, int, int, int, float, float]] = []
    seq = 0
    for r, region in enumerate(regions):
        for k, line in enumerate(region.lines):
            for i in seed_cells(grid, Region(region.name, (line,), region.allowed)):
                seq += 1
                heap.append((min(k, 1), 0.0, seq, i, r, *grid.centre(i)))
    heapq.heapify(heap)
    rooted: set[int] = set()

    def fits(i: int, r: int) -> bool:
        allowed = regions[r].allowed
        return all(labels[n] < 0 or labels[n] == r or labels[n] in allowed for n in grid.around(i))

    def on_terrain(i: int, r: int, phase: int) -> bool:
        terrain = regions[r].terrain
        return phase == 1 or terrain == ANY or not grid.terrain or grid.terrain[i] == terrain

    while heap:
        phase, dist, _, i, r, ox, oy = heapq.heappop(heap)
        if labels[i] >= 0 or dist > regions[r].radius or not fits(i, r):
            continue
        if not on_terrain(i, r, phase):
            continue
        if phase < 2 and r in rooted and all(labels[n] != r for n in grid.sides(i)):
            continue
        labels[i] = r
        rooted.add(r)
        for n in grid.sides(i):
            if labels[n] < 0:
                cx, cy = grid.centre(n)
                seq += 1
                heapq.heappush(heap, (2, math.hypot(cx - ox, cy - oy), seq, n, r, ox, oy))


def touching(grid: Grid) -> set[frozenset[int]]:
    """Pairs of regions with cells sharing a side."""
    cells = np.array(grid.labels).reshape(grid.rows, grid.columns)
    pairs: set[frozenset[int]] = set()
    for a, b in ((cells[:, 1:], cells[:, :-1]), (cells[1:, :], cells[:-1, :])):
        mask = (a != b) & (a >= 0) & (b >= 0)
        for x, y in zip(a[mask].tolist(), b[mask].tolist(), strict=True):
            pairs.add(frozenset((int(x), int(y))))
    return pairs


def seed_cells(grid: Grid, region: Region) -> list[int]:
    """The cells a region's seed lines cover, in order."""
    cells: list[int] = []
    for line in region.lines:
        for a, b in list(itertools.pairwise(line)) or [(line[0], line[0])]:
            cells += grid.line(a, b)
    return cells


CROSSING_COST = 6
"""How much more a corridor pays for a cell of a third region than for a free one."""
OFF_TERRAIN_COST = 3
"""What a corridor pays more for a cell on neither region's terrain (the narrowest water)."""


def corridor(grid: Grid, regions: Sequence[Region], a: int, b: int) -> list[int] | None:
    """The cheapest run of cells from a seed of `a` to a seed of `b` that keeps a
    cell away from every other region's seeds; cells of a third region cost more
    (Dijkstra on the grid as last grown)."""
    seeds = {r: set(seed_cells(grid, region)) for r, region in enumerate(regions)}
    blocked = {
        n
        for r, cells in seeds.items()
        if r not in (a, b)
        for c in cells
        for n in (c, *grid.around(c))
    }
    kinds = {regions[a].terrain, regions[b].terrain}
    previous: dict[int, int] = {}
    best = {c: 0 for c in seeds[a]}
    heap = [(0, c, -1) for c in sorted(seeds[a])]
    while heap:
        cost, cell, before = heapq.heappop(heap)
        if cell in previous:
            continue
        previous[cell] = before
        if cell in seeds[b]:
            path = [cell]
            while previous[path[-1]] >= 0:
                path.append(previous[path[-1]])
            return path[::-1]
        for n in grid.sides(cell):
            if n in previous or (n in blocked and n not in seeds[b]):
                continue
            step = 1 if grid.labels[n] in (a, b, -1) else CROSSING_COST
            if grid.terrain and grid.terrain[n] not in kinds:
                step += OFF_TERRAIN_COST
            if cost + step < best.get(n, 1 << 30):
                best[n] = cost + step
                heapq.heappush(heap, (cost + step, n, cell))
    return None


def with_corridor(grid: Grid, regions: list[Region], a: int, b: int) -> None:
    """Add seed lines joining regions `a` and `b` across their gap (step 3): the
    first half of a corridor for `a`, the second for `b`."""
    path = corridor(grid, regions, a, b)
    if path is None:
        raise SystemExit(f"no room for a border between {regions[a].name} and {regions[b].name}")
    half = len(path) // 2
    for r, cells in ((a, path[:half]), (b, path[half:][::-1])):
        if cells:
            old = regions[r]
            line = tuple(grid.centre(c) for c in cells)
            regions[r] = Region(old.name, (*old.lines, line), old.allowed, old.radius, old.terrain)
