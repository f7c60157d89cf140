"""What a CaWa phase adds on the board: the declared moves as arrows (CC-MV-8:
"the referee should draw a map of every declaration") and the numbered
conflicts and battles, labelled as the report numbers them (CC-CF-1).

Arrows run from hex centre to hex centre in a dark shade of the mover's
colour, with a white halo: solid for a land move, dashed by sea, dash-dotted
for a landing from a fleet; an invasion (declared points) is thicker with its
points written along it; a refused move is grey and dotted. Each arrow is
shifted a little to its right, so the two arrows of a double invasion
(CC-CF-7) do not cover each other. Shafts, heads and halos are one collection
each.

Badges: `C3` (white, red ring) for conflict 3 on the hex fought for (a double
invasion's on the border of its two hexes); `B2` (red) for battle 2 on its hex
(whose terrain sets the scenery, CC-M-7). Their numbers, like the points,
are `<text>` in an SVG (`renderers.cawa.layers.put_texts`).

Sizes at 40 players (issue 20): a shaft is at least `MIN_SHAFT` points (2
pixels) wide, its head about 9 pixels long and wide; measured by
`tests/cawa/test_map_readability.py` on `arrow_shapes`, what `draw_arrows`
draws.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

from adjudicator.rulesets.cawa.reasons import Verdict
from adjudicator.rulesets.cawa.records import ConflictKind, MoveKind
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap
from renderers.cawa.hexes import PT, XY, HexFrame, ink, owner_colour
from renderers.cawa.layers import put_texts
from renderers.map_text import label_width

REFUSED = "#8a8a8a"
CONFLICT = "#c0392b"
HALO = "#ffffff"
DASHES: dict[MoveKind, tuple[float, tuple[float, ...] | None]] = {
    MoveKind.LAND: (0.0, None),
    MoveKind.SEA: (0.0, (4.0, 2.0)),
    MoveKind.FLEET: (0.0, (5.0, 1.5, 1.0, 1.5)),
}
DOTTED = (0.0, (1.0, 1.6))
CIRCLE = Path.unit_circle()
MIN_SHAFT = 1.5
"""The thinnest shaft, in points: about 2 pixels, so that a move still reads
on a 40-player map (issue 20; `tests/cawa/test_map_readability.py`)."""
SHAFTS_GID = "moves.shafts"
"""The id of the arrows' shafts in the SVG: one shape (and `<title>`) per arrow."""


@dataclass(frozen=True)
class MoveArrow:
    """One declared move to draw (CC-MV-8): who, from which hex to which, how,
    the invasion points (None for a move into a free hex), and whether the
    referee refused it."""

    player: str
    from_hex: str
    to_hex: str
    kind: MoveKind
    points: int | None
    refused: bool = False
    verdict: Verdict | None = field(default=None, compare=False)
    """The referee's verdict on the line, for the arrow's title in the SVG."""


def arrow_key(arrow: MoveArrow) -> tuple[bool, str, str, str, str, int]:
    """Refused ones first (drawn under the others), then by player and hexes."""
    points = -1 if arrow.points is None else arrow.points
    return (not arrow.refused, arrow.player, arrow.from_hex, arrow.to_hex, arrow.kind, points)


def arrow_width(arrow: MoveArrow, frame: HexFrame) -> float:
    """Line width in points: at least `MIN_SHAFT` (2 pixels), invasions thicker."""
    base = min(max(MIN_SHAFT, frame.radius * PT / 14), 2.2)
    return base * (1.7 if arrow.points is not None else 1.0)


def _ends(frame: HexFrame, arrow: MoveArrow) -> tuple[XY, XY, XY]:
    """Start, tip and unit direction of an arrow, shifted to its right."""
    (x0, y0), (x1, y1) = frame.centre(arrow.from_hex), frame.centre(arrow.to_hex)
    length = math.hypot(x1 - x0, y1 - y0) or 1.0
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    shift = frame.radius * 0.14
    sx, sy = -uy * shift, ux * shift  # to the right with y down
    start = frame.radius * 0.15
    stop = min(frame.radius * 0.25, length / 4)
    return (
        (x0 + ux * start + sx, y0 + uy * start + sy),
        (x1 - ux * stop + sx, y1 - uy * stop + sy),
        (ux, uy),
    )


@dataclass(frozen=True)
class ArrowShape:
    """An arrow as drawn, in pixels: its shaft from `start` to `base`, its
    head (tip and the two corners of its base), line `width` in points,
    colour, dashes, and where its invasion points go (if any)."""

    arrow: MoveArrow
    start: XY
    base: XY
    head: tuple[XY, XY, XY]
    width: float
    colour: str
    dashes: tuple[float, tuple[float, ...] | None]
    note: XY | None

    @property
    def head_length(self) -> float:
        """From the head's base to its tip, in pixels."""
        return math.dist(self.base, self.head[0])

    @property
    def head_width(self) -> float:
        """Across the head's base, in pixels."""
        return math.dist(self.head[1], self.head[2])


def arrow_shapes(
    frame: HexFrame, game_map: CawaMap, arrows: Sequence[MoveArrow]
) -> list[ArrowShape]:
    """Every drawable arrow (both hexes on the map), sorted (see the module
    docstring), as `draw_arrows` draws it."""
    shown = sorted(
        (a for a in arrows if a.from_hex in frame.index and a.to_hex in frame.index),
        key=arrow_key,
    )
    return [_shape(frame, game_map, arrow) for arrow in shown]


def _shape(frame: HexFrame, game_map: CawaMap, arrow: MoveArrow) -> ArrowShape:
    px = 1 / PT  # pixels per point
    start, tip, (ux, uy) = _ends(frame, arrow)
    width = arrow_width(arrow, frame)
    colour = REFUSED if arrow.refused else ink(owner_colour(game_map, arrow.player))
    head = min((width + 1.5) * px * 2.2, math.dist(start, tip) * 0.45)
    half = head / 2
    base = (tip[0] - ux * head, tip[1] - uy * head)
    corners = (
        tip,
        (base[0] - uy * half, base[1] + ux * half),
        (base[0] + uy * half, base[1] - ux * half),
    )
    note = None
    if arrow.points is not None:
        side = width * px / 2 + frame.radius * 0.2  # beside the shaft, on its right
        note = ((start[0] + base[0]) / 2 - uy * side, (start[1] + base[1]) / 2 + ux * side)
    dashes = DOTTED if arrow.refused else DASHES[arrow.kind]
    return ArrowShape(arrow, start, base, corners, width, colour, dashes, note)


def draw_arrows(ax: Axes, frame: HexFrame, game_map: CawaMap, arrows: Sequence[MoveArrow]) -> None:
    """Every drawable arrow: halos, shafts (`moves.shafts` in the SVG, one
    shape per arrow), heads, and the invasions' points."""
    shapes = arrow_shapes(frame, game_map, arrows)
    if not shapes:
        return
    shafts = [(s.start, s.base) for s in shapes]
    widths = [s.width for s in shapes]
    inks = [s.colour for s in shapes]
    ax.add_collection(
        LineCollection(
            shafts,
            colors=HALO,
            linewidths=[w + 2.0 for w in widths],
            alpha=0.85,
            capstyle="round",
            zorder=3.0,
        ),
        autolim=False,
    )
    lines = LineCollection(
        shafts, colors=inks, linewidths=widths, linestyles=[s.dashes for s in shapes], zorder=3.1
    )
    lines.set_gid(SHAFTS_GID)
    ax.add_collection(lines, autolim=False)
    ax.add_collection(
        PolyCollection(
            [list(s.head) for s in shapes],
            facecolors=inks,
            edgecolors=HALO,
            linewidths=0.6,
            zorder=3.2,
        ),
        autolim=False,
    )
    notes = [(s.note, str(s.arrow.points), s.colour) for s in shapes if s.note is not None]
    draw_points(ax, frame, notes)


def draw_points(ax: Axes, frame: HexFrame, notes: Sequence[tuple[XY, str, str]]) -> None:
    """An invasion's points along its arrow, bold with a white halo."""
    size = min(max(frame.radius * PT * 0.32, 6.0), 9.0)
    labels = [(at, text) for at, text, _ in notes]
    inks = [colour for _, _, colour in notes]
    put_texts(ax, labels, inks, size=size, weight="bold", halo=HALO, zorder=3.3)


def badges(frame: HexFrame, state: CawaState) -> list[tuple[XY, str, bool]]:
    """(anchor, label, is a battle) for each conflict and battle on the map,
    sorted by kind and number: low in its hex, a double invasion's on the
    border of its two hexes; several on one anchor sit side by side."""
    found: list[tuple[XY, str, bool]] = []
    low = frame.radius * 0.45  # under the hex's building
    for conflict in sorted(state.conflicts, key=lambda c: c.number):
        if conflict.hex not in frame.index:
            continue
        x, y = frame.centre(conflict.hex)
        other = conflict.other_hex
        if conflict.kind is ConflictKind.DOUBLE and other is not None and other in frame.index:
            there = frame.centre(other)
            at = ((x + there[0]) / 2, (y + there[1]) / 2)
        else:
            at = (x, y + low)
        found.append((at, f"C{conflict.number}", False))
    for battle in sorted(state.battles, key=lambda b: b.number):
        if battle.hex in frame.index:
            x, y = frame.centre(battle.hex)
            found.append(((x, y + low), f"B{battle.number}", True))
    return found


def badge_font(frame: HexFrame) -> float:
    return min(max(frame.radius * PT * 0.34, 6.0), 9.0)


def draw_badges(ax: Axes, frame: HexFrame, state: CawaState) -> None:
    """Numbered circles for the conflicts and battles (see the module docstring)."""
    marks = badges(frame, state)
    if not marks:
        return
    size = badge_font(frame)
    crowd: dict[XY, int] = {}
    for at, _, _ in marks:
        crowd[at] = crowd.get(at, 0) + 1
    seen: dict[XY, int] = {}
    spots: list[XY] = []
    diameters: list[float] = []
    for at, text, _ in marks:
        diameter = max(label_width(text, size, "bold") + 4.0, size * 1.9)
        k, n = seen.get(at, 0), crowd[at]
        seen[at] = k + 1
        step = diameter / PT + 1.0
        spot = (at[0] + (k - (n - 1) / 2) * step, at[1])
        spots.append(spot)
        diameters.append(diameter)
    battle = [b for _, _, b in marks]
    ax.add_collection(
        PathCollection(
            [CIRCLE],
            sizes=[(d / 2) ** 2 for d in diameters],
            offsets=spots,
            offset_transform=ax.transData,
            transform=IdentityTransform(),
            facecolors=[CONFLICT if b else "#ffffff" for b in battle],
            edgecolors=["#ffffff" if b else CONFLICT for b in battle],
            linewidths=1.2,
            zorder=4.0,
        ),
        autolim=False,
    )
    labels = [(at, text) for at, (_, text, _) in zip(spots, marks, strict=True)]
    inks = ["#ffffff" if is_battle else CONFLICT for _, _, is_battle in marks]
    put_texts(ax, labels, inks, size=size, weight="bold", zorder=4.1)
