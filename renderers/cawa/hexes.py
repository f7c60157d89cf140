"""The hexes of a CaWa map in pixels, and the board drawn on them: terrain,
owners, the borders between owners, hex codes, villages, castles and fleets
(CC-M-1: the map shows the whole situation; CC-V-1: who owns each hex).

Geometry: a hex of axial `(q, r)` has its centre at `(1.5 q, sqrt(3) (r + q/2))`
hex radii for flat-topped layouts (`odd-q`, `even-q`, CaWa's usual), at
`(sqrt(3) (q + r/2), 1.5 r)` for pointy-topped ones; y grows downwards, so the
north of the map is the top of the image. One data unit is one pixel.

**Reading** of a hex (decided here, the checklist is silent on drawing): a
nobody's land hex is filled with its terrain; a player's hex is filled with
the player's colour around an inner hexagon of its terrain (as the state has
it, CC-E-17), so owner and terrain read at once; water is blue and never
anyone's (CC-M-8). A thick line runs between hexes of different owners.

Everything is drawn as a few collections (one per kind of thing) so a
40-player map of ~1750 hexes costs little Python per hex.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PolyCollection

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap, Terrain
from maps.hexgrid import HexLayout
from renderers import map_style as style
from renderers.figure import DPI
from renderers.map_text import draw_labels

FILL_GID = "hexes.fill"
"""The id of the hexes' fills in the SVG: one shape (and `<title>`) per hex."""
SQRT3 = math.sqrt(3.0)
PT = 72.0 / DPI
"""Points per pixel."""
TERRAIN_FILL: Mapping[Terrain, str] = {
    Terrain.WATER: "#a9cfe8",
    Terrain.PLAIN: "#efe5c4",
    Terrain.FOREST: "#4f8a45",
    Terrain.MOUNTAIN: "#9a8774",
}
GRID = "#7d7d7d"
BORDER = "#1a1a1a"
NOBODY = "#8c8c8c"
"""The colour of an owner the map does not list."""
INNER = 0.55
"""The inner (terrain) hexagon of an owned hex, as a share of the hex radius."""
SMALL_MAP = 400
"""Under this many hexes the codes are a third of the hex radius high; from it
on they are smaller, or none when the hexes are small."""
MIN_CODE_FONT = 5.0
"""The smallest hex code on a big map, in points: digits about 5 pixels high (issue 20)."""
TINY_CODES_FROM = 20.0
"""The smallest hex radius (pixels) of a big map that still gets its codes drawn;
below it (a 40-player map) the codes would be unreadable in the PNG and would
triple the SVG, so the board gets column and row numbers along its edges instead."""

XY = tuple[float, float]


@dataclass(frozen=True)
class HexFrame:
    """Where each hex is drawn: `codes` sorted, `centres[i]` the pixel centre of
    `codes[i]`, `radius` the centre-to-corner distance in pixels, `flat` for
    flat-topped hexes; `width` and `height` the board's size in pixels from
    `origin` (its top-left corner)."""

    codes: tuple[str, ...]
    index: Mapping[str, int]
    centres: np.ndarray
    radius: float
    flat: bool
    origin: XY
    width: float
    height: float

    def centre(self, code: str) -> XY:
        i = self.index[code]
        return (float(self.centres[i, 0]), float(self.centres[i, 1]))

    def corners(self, scale: float = 1.0) -> np.ndarray:
        """Every hexagon's six corners (hexes, 6, 2), shrunk by `scale`."""
        start = 0.0 if self.flat else math.pi / 6
        angles = start + np.arange(6) * math.pi / 3
        ring = np.stack([np.cos(angles), np.sin(angles)], axis=1) * self.radius * scale
        return np.asarray(self.centres[:, None, :] + ring[None, :, :])

    def edge(self, a: XY, b: XY) -> tuple[XY, XY]:
        """The side shared by neighbours centred at `a` and `b`."""
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        px, py = -dy / length * self.radius / 2, dx / length * self.radius / 2
        return ((mx - px, my - py), (mx + px, my + py))


def axial_units(game_map: CawaMap, codes: Sequence[str], flat: bool) -> np.ndarray:
    """Hex centres in hex radii (x right, y down), before scaling."""
    axial = np.array([game_map.hexes[c].axial for c in codes], dtype=float).reshape(-1, 2)
    q, r = axial[:, 0], axial[:, 1]
    if flat:
        return np.stack([1.5 * q, SQRT3 * (r + q / 2)], axis=1)
    return np.stack([SQRT3 * (q + r / 2), 1.5 * r], axis=1)


def is_flat(layout: HexLayout) -> bool:
    return layout in (HexLayout.ODD_Q, HexLayout.EVEN_Q)


def board_extent(game_map: CawaMap) -> XY:
    """The board's width and height in hex radii."""
    codes = sorted(game_map.hexes)
    flat = is_flat(game_map.layout)
    units = axial_units(game_map, codes, flat)
    if not codes:
        return (2.0, 2.0)
    half_x, half_y = (1.0, SQRT3 / 2) if flat else (SQRT3 / 2, 1.0)
    span = units.max(axis=0) - units.min(axis=0)
    return (float(span[0]) + 2 * half_x, float(span[1]) + 2 * half_y)


def hex_frame(game_map: CawaMap, radius: float, origin: XY) -> HexFrame:
    """The hexes of `game_map` at `radius` pixels, the board's corner at `origin`."""
    codes = tuple(sorted(game_map.hexes))
    flat = is_flat(game_map.layout)
    units = axial_units(game_map, codes, flat)
    half = np.array([1.0, SQRT3 / 2] if flat else [SQRT3 / 2, 1.0])
    low = units.min(axis=0) - half if codes else np.zeros(2)
    centres = (units - low) * radius + np.array(origin)
    width, height = board_extent(game_map)
    index = {code: i for i, code in enumerate(codes)}
    return HexFrame(codes, index, centres, radius, flat, origin, width * radius, height * radius)


def hex_polygons(frame: HexFrame) -> np.ndarray:
    """Each hex as drawn (`draw_hexes`): its six corners in pixels, in
    `frame.codes` order, shape (hexes, 6, 2). Neighbours share a side exactly
    (`tests/cawa/test_map_geometry.py`, issue 20)."""
    return frame.corners()


def code_spots(frame: HexFrame) -> list[XY]:
    """Where each hex's code is centred (`draw_codes`), in `frame.codes` order:
    in the hex's rim above its centre, inside the hex."""
    rise = frame.radius * (0.7 if frame.flat else 0.62)
    return [(float(x), float(y) - rise) for x, y in frame.centres]


def owner_colour(game_map: CawaMap, player: str) -> str:
    found = game_map.players.get(player)
    return found.colour if found is not None else NOBODY


def ink(colour: str) -> str:
    """A darker shade of a player's colour, for lines and text on the board."""
    return style.with_lightness(colour, min(style.lightness(colour), 0.5) * 0.7)


def draw_hexes(ax: Axes, frame: HexFrame, game_map: CawaMap, state: CawaState) -> None:
    """Terrain fills, owner fills with their terrain inside, and the thin grid."""
    terrain = [state.terrain_of(game_map, code) for code in frame.codes]
    owners = [state.owners.get(code) for code in frame.codes]
    outer = [
        owner_colour(game_map, owner) if owner is not None and land.is_land else TERRAIN_FILL[land]
        for owner, land in zip(owners, terrain, strict=True)
    ]
    fills = PolyCollection(
        list(hex_polygons(frame)), facecolors=outer, edgecolors=GRID, linewidths=0.4, zorder=1
    )
    fills.set_gid(FILL_GID)
    ax.add_collection(fills, autolim=False)
    owned = [i for i, (o, t) in enumerate(zip(owners, terrain, strict=True)) if o and t.is_land]
    if owned:
        inner = frame.corners(INNER)[owned]
        ax.add_collection(
            PolyCollection(
                list(inner),
                facecolors=[TERRAIN_FILL[terrain[i]] for i in owned],
                edgecolors=GRID,
                linewidths=0.3,
                zorder=1.1,
            ),
            autolim=False,
        )


def draw_borders(ax: Axes, frame: HexFrame, game_map: CawaMap, state: CawaState) -> None:
    """A thick line between two hexes of different owners (one of them a player's)."""
    lines: list[tuple[XY, XY]] = []
    for code in frame.codes:
        mine = state.owners.get(code)
        for other in game_map.neighbours(code):
            theirs = state.owners.get(other)
            if other > code and other in frame.index and mine != theirs and (mine or theirs):
                lines.append(frame.edge(frame.centre(code), frame.centre(other)))
    if lines:
        width = max(1.6, frame.radius / 9)
        ax.add_collection(
            LineCollection(lines, colors=BORDER, linewidths=width, capstyle="round", zorder=1.5),
            autolim=False,
        )


def code_colour(game_map: CawaMap, state: CawaState, code: str) -> str:
    """Black or white, whichever reads on the rim of the hex where its code goes."""
    owner = state.owners.get(code)
    land = state.terrain_of(game_map, code)
    fill = owner_colour(game_map, owner) if owner and land.is_land else TERRAIN_FILL[land]
    return style.text_on(fill)


def draw_codes(ax: Axes, frame: HexFrame, game_map: CawaMap, state: CawaState) -> None:
    """Each hex's code near its top (`<text>` in an SVG), none when the hexes
    are too small to hold them (then rulers along the board's edges)."""
    few = len(frame.codes) < SMALL_MAP
    if not few and frame.radius < TINY_CODES_FROM:
        draw_rulers(ax, frame, game_map)
        return
    size = code_size(frame, few)
    colours = [code_colour(game_map, state, code) for code in frame.codes]
    labels = list(zip(code_spots(frame), frame.codes, strict=True))
    draw_labels(ax, labels, colours, size=size, zorder=1.6)


def code_size(frame: HexFrame, few: bool) -> float:
    """The hex codes' size in points: 0.3 of the radius on small maps; 0.26 on
    big ones, but not under `MIN_CODE_FONT` (it still fits in the hex's rim:
    `tests/cawa/test_map_geometry.py`)."""
    return frame.radius * PT * 0.3 if few else max(frame.radius * PT * 0.26, MIN_CODE_FONT)


def draw_rulers(ax: Axes, frame: HexFrame, game_map: CawaMap) -> None:
    """Column numbers over each column's top hex, row numbers left of each row's
    first hex (a hex's code is its column then its row, `CCRR`)."""
    tops: dict[int, XY] = {}
    firsts: dict[int, tuple[int, XY]] = {}
    for code in frame.codes:
        cell = game_map.hexes[code]
        x, y = frame.centre(code)
        if cell.column not in tops or y < tops[cell.column][1]:
            tops[cell.column] = (x, y)
        if cell.row not in firsts or cell.column < firsts[cell.row][0]:
            firsts[cell.row] = (cell.column, (x, y))
    above = frame.radius * (SQRT3 / 2 if frame.flat else 1.0) + 7.0
    left = frame.radius * (1.0 if frame.flat else SQRT3 / 2) + 3.0
    labels = [((x, y - above), f"{c:02d}") for c, (x, y) in sorted(tops.items())]
    draw_labels(ax, labels, style.TEXT, size=6.5, zorder=1.6)
    rows = [((x - left, y), f"{r:02d}") for r, (_, (x, y)) in sorted(firsts.items())]
    draw_labels(ax, rows, style.TEXT, size=6.5, ha="right", zorder=1.6)
