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
(whose terrain sets the scenery, CC-M-7). Their text is `Text`, so an SVG
keeps the labels as text comments.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

from adjudicator.rulesets.cawa.records import ConflictKind, MoveKind
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap
from renderers.cawa.hexes import PT, XY, HexFrame, ink, owner_colour
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


def arrow_key(arrow: MoveArrow) -> tuple[bool, str, str, str, str, int]:
    """Refused ones first (drawn under the others), then by player and hexes."""
    points = -1 if arrow.points is None else arrow.points
    return (not arrow.refused, arrow.player, arrow.from_hex, arrow.to_hex, arrow.kind, points)


def arrow_width(arrow: MoveArrow, frame: HexFrame) -> float:
    """Line width in points: invasions thicker."""
    base = min(max(1.2, frame.radius * PT / 14), 2.2)
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


def draw_arrows(ax: Axes, frame: HexFrame, game_map: CawaMap, arrows: Sequence[MoveArrow]) -> None:
    """Every drawable arrow (both hexes on the map), sorted (see the module docstring)."""
    shown = sorted(
        (a for a in arrows if a.from_hex in frame.index and a.to_hex in frame.index),
        key=arrow_key,
    )
    if not shown:
        return
    shafts: list[tuple[XY, XY]] = []
    heads: list[list[XY]] = []
    inks: list[str] = []
    widths: list[float] = []
    styles: list[tuple[float, tuple[float, ...] | None]] = []
    notes: list[tuple[XY, str, str]] = []
    px = 1 / PT  # pixels per point
    for arrow in shown:
        start, tip, (ux, uy) = _ends(frame, arrow)
        width = arrow_width(arrow, frame)
        colour = REFUSED if arrow.refused else ink(owner_colour(game_map, arrow.player))
        head = min((width + 1.5) * px * 2.2, math.dist(start, tip) * 0.45)
        half = head / 2
        base = (tip[0] - ux * head, tip[1] - uy * head)
        shafts.append((start, base))
        heads.append(
            [
                tip,
                (base[0] - uy * half, base[1] + ux * half),
                (base[0] + uy * half, base[1] - ux * half),
            ]
        )
        inks.append(colour)
        widths.append(width)
        styles.append(DOTTED if arrow.refused else DASHES[arrow.kind])
        if arrow.points is not None:
            side = width * px / 2 + frame.radius * 0.2  # beside the shaft, on its right
            at = ((start[0] + base[0]) / 2 - uy * side, (start[1] + base[1]) / 2 + ux * side)
            notes.append((at, str(arrow.points), colour))
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
    ax.add_collection(
        LineCollection(shafts, colors=inks, linewidths=widths, linestyles=styles, zorder=3.1),
        autolim=False,
    )
    ax.add_collection(
        PolyCollection(heads, facecolors=inks, edgecolors=HALO, linewidths=0.6, zorder=3.2),
        autolim=False,
    )
    draw_points(ax, frame, notes)


def draw_points(ax: Axes, frame: HexFrame, notes: Sequence[tuple[XY, str, str]]) -> None:
    """An invasion's points along its arrow, bold with a white halo."""
    size = min(max(frame.radius * PT * 0.32, 6.0), 9.0)
    halo = [patheffects.withStroke(linewidth=2.2, foreground=HALO)]
    for (x, y), text, colour in notes:
        ax.text(
            x,
            y,
            text,
            fontsize=size,
            fontweight="bold",
            color=colour,
            ha="center",
            va="center",
            path_effects=halo,
            zorder=3.3,
        )


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
    for (x, y), (_, text, is_battle) in zip(spots, marks, strict=True):
        colour = "#ffffff" if is_battle else CONFLICT
        ax.text(
            x,
            y,
            text,
            fontsize=size,
            fontweight="bold",
            color=colour,
            ha="center",
            va="center",
            zorder=4.1,
        )
