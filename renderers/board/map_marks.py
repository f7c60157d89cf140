"""The marks the orders layer draws (`renderers.board.map_orders`), gathered so
each kind goes into one collection once every order is in: lines, arrows,
markers and notes.

An arrow is a shaft (a polyline; a curve is flattened) ending at the base of a
triangular head (`Arrow`, `arrow_along`): all the shafts of a phase are one
`LineCollection` and all the heads one `PolyCollection`, instead of one
`FancyArrowPatch` artist per arrow (each recomputed and stroked on its own:
about a third of a busy turn's drawing). Under the phase's arrows and lines
lies a white casing (`HALO`), so an ink reads over any fill under it,
whatever the reader's colour vision (`tests/test_palette.py`); the earlier
movement phase's marks, drawn lighter (`Marks.faded`), have none.

`Marks.boxes` gives what area labels must keep clear of (issue 20: orders,
retreats and their options never cover a label; `map_labels.place_labels`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise

from matplotlib.collections import LineCollection, PolyCollection
from matplotlib.colors import to_hex, to_rgb

from maps.geometry import Point
from renderers.board.map_board import Canvas, draw_markers
from renderers.map_text import PX_PER_POINT, Box, label_box
from renderers.map_text import draw_labels as put_labels

LineStyle = str | tuple[float, tuple[float, ...]]

FADE = 0.6
"""How far the earlier movement phase's inks are mixed with white."""
HALO = "#ffffff"
HALO_WIDTH = 1.8
"""Pixels of white casing either side of the current phase's arrows."""
LINE_HALO_WIDTH = 0.9
"""The thinner casing of support and convoy lines (they stay lighter than moves)."""
ARROW_WIDTH = 2.2
HEAD_LENGTH = 9.0
HEAD_WIDTH = 9.0
"""An arrow's shaft width and its head's length and full width, in pixels."""
TRACE_STEP = 4.0
TRACE_HALF = 2.5
"""Labels keep off lines and arrows: boxes `TRACE_HALF` pixels around points
`TRACE_STEP` pixels apart along them (`Marks.boxes`)."""
ROUND_EXTENT = {"o": 0.75, "h": 0.8}
"""A ring's box for labels: the square of this share of its size (a circle or
hexagon leaves its box's corners empty)."""
NOTE_SIZE = 8.0


def lighter(colour: str) -> str:
    """`colour` mixed with white by `FADE` ("none" stays none)."""
    if colour == "none":
        return colour
    red, green, blue = (c + (1.0 - c) * FADE for c in to_rgb(colour))
    return to_hex((red, green, blue))


@dataclass(frozen=True)
class Arrow:
    """An arrow as drawn: its shaft up to the head's base, its head (tip, then
    the base's two corners), its ink and its dashes."""

    shaft: tuple[Point, ...]
    head: tuple[Point, Point, Point]
    ink: str
    dashes: LineStyle


def arrow_along(points: Sequence[Point], ink: str, dashes: LineStyle) -> Arrow:
    """The arrow following the polyline `points`, its tip at the last point."""
    tip = points[-1]
    back = next((p for p in reversed(points[:-1]) if math.dist(p, tip) > 1e-6), points[0])
    length = math.dist(back, tip) or 1.0
    ux, uy = (tip[0] - back[0]) / length, (tip[1] - back[1]) / length
    base = (tip[0] - ux * HEAD_LENGTH, tip[1] - uy * HEAD_LENGTH)
    half = HEAD_WIDTH / 2
    left = (base[0] - uy * half, base[1] + ux * half)
    right = (base[0] + uy * half, base[1] - ux * half)
    shaft = cut_short(points, HEAD_LENGTH * 0.8)
    return Arrow(shaft, (tip, left, right), ink, dashes)


def cut_short(points: Sequence[Point], by: float) -> tuple[Point, ...]:
    """The polyline `points` without its last `by` pixels (at least its first point)."""
    kept = list(points)
    while len(kept) > 1 and by > 0:
        a, b = kept[-2], kept[-1]
        step = math.dist(a, b)
        if step > by:
            k = (step - by) / step
            kept[-1] = (a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k)
            break
        by -= step
        kept.pop()
    return tuple(kept)


def traced(route: Sequence[Point]) -> list[Point]:
    """Points along the polyline `route`, at most `TRACE_STEP` pixels apart, ends included."""
    points = [route[0]]
    for a, b in pairwise(route):
        steps = max(1, math.ceil(math.dist(a, b) / TRACE_STEP))
        points += [
            (a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
            for k in range(1, steps + 1)
        ]
    return points


@dataclass
class Marks:
    """What one phase's orders draw: lines (points, ink, width, dashes),
    arrows, markers by (shape, size, edge width, zorder) with each one's
    point, face and edge, and notes; `faded` for the earlier phase's."""

    lines: list[tuple[list[Point], str, float, LineStyle]] = field(default_factory=list)
    markers: dict[tuple[str, float, float, float], list[tuple[Point, str, str]]] = field(
        default_factory=dict
    )
    arrows: list[Arrow] = field(default_factory=list)
    notes: list[tuple[Point, str, str]] = field(default_factory=list)
    faded: bool = False

    def tint(self, colour: str) -> str:
        """`colour`, lighter when these are the earlier movement phase's marks."""
        return lighter(colour) if self.faded else colour

    def line(self, points: list[Point], ink: str, width: float, dashes: LineStyle) -> None:
        self.lines.append((points, self.tint(ink), width, dashes))

    def arrow(self, points: Sequence[Point], ink: str, dashes: LineStyle) -> None:
        self.arrows.append(arrow_along(points, self.tint(ink), dashes))

    def marker(
        self,
        at: Point,
        shape: str,
        size: float,
        *,
        face: str,
        edge: str,
        width: float = 1.0,
        zorder: float = 2.0,
    ) -> None:
        marks = self.markers.setdefault((shape, size, width, zorder), [])
        marks.append((at, self.tint(face), self.tint(edge)))

    def note(self, at: Point, text: str, ink: str) -> None:
        self.notes.append((at, text, self.tint(ink)))

    def boxes(self) -> list[Box]:
        """What labels must not cover: small boxes every `TRACE_STEP` pixels
        along each line and arrow, each arrow head's box, each marker's
        square, each note's box."""
        routes = [points for points, *_ in self.lines]
        routes += [[*arrow.shaft, arrow.head[0]] for arrow in self.arrows]
        found = [
            (x - TRACE_HALF, y - TRACE_HALF, x + TRACE_HALF, y + TRACE_HALF)
            for route in routes
            for x, y in traced(route)
        ]
        for arrow in self.arrows:
            xs, ys = [x for x, _ in arrow.head], [y for _, y in arrow.head]
            found.append((min(xs), min(ys), max(xs), max(ys)))
        for (shape, size, _, _), marks in sorted(self.markers.items()):
            half = size * PX_PER_POINT / 2 * ROUND_EXTENT.get(shape, 1.0)
            found += [(x - half, y - half, x + half, y + half) for (x, y), _, _ in marks]
        found += [label_box(at, text, NOTE_SIZE, "bold") for at, text, _ in self.notes]
        return found

    def draw(self, canvas: Canvas) -> None:
        """Lines, then arrows (each over its white casing unless `faded`), markers, notes."""
        widths = [width for _, _, width, _ in self.lines]
        self._lines(canvas, [p for p, *_ in self.lines], widths, LINE_HALO_WIDTH, 2.0)
        if self.lines:
            add(
                canvas,
                LineCollection(
                    [points for points, *_ in self.lines],
                    colors=[ink for _, ink, _, _ in self.lines],
                    linewidths=widths,
                    linestyles=[dashes for *_, dashes in self.lines],
                    zorder=2,
                ),
            )
        self._arrows(canvas)
        for (shape, size, width, zorder), marks in self.markers.items():
            draw_markers(
                canvas,
                [at for at, _, _ in marks],
                shape,
                size,
                face=[face for _, face, _ in marks],
                edge=[edge for _, _, edge in marks],
                width=width,
                zorder=zorder,
            )
        for ink in sorted({ink for _, _, ink in self.notes}):
            notes = [(at, text) for at, text, colour in self.notes if colour == ink]
            put_labels(canvas.ax, notes, ink, size=NOTE_SIZE, weight="bold")

    def _lines(
        self,
        canvas: Canvas,
        lines: Sequence[Sequence[Point]],
        widths: list[float],
        casing: float,
        zorder: float,
    ) -> None:
        """The white casing under `lines` (not for faded marks)."""
        if lines and not self.faded:
            add(
                canvas,
                LineCollection(
                    lines,
                    colors=HALO,
                    linewidths=[w + 2 * casing for w in widths],
                    capstyle="round",
                    zorder=zorder - 0.01,
                ),
            )

    def _arrows(self, canvas: Canvas) -> None:
        """The shafts and heads: their casing, then their inks."""
        if not self.arrows:
            return
        shafts = [list(arrow.shaft) for arrow in self.arrows]
        heads = [list(arrow.head) for arrow in self.arrows]
        inks = [arrow.ink for arrow in self.arrows]
        self._lines(canvas, shafts, [ARROW_WIDTH] * len(shafts), HALO_WIDTH, 3.0)
        if not self.faded:
            add(
                canvas,
                PolyCollection(
                    heads, facecolors=HALO, edgecolors=HALO, linewidths=2 * HALO_WIDTH, zorder=2.99
                ),
            )
        add(
            canvas,
            LineCollection(
                shafts,
                colors=inks,
                linewidths=ARROW_WIDTH,
                linestyles=[arrow.dashes for arrow in self.arrows],
                zorder=3,
            ),
        )
        add(
            canvas,
            PolyCollection(heads, facecolors=inks, edgecolors=inks, linewidths=0.6, zorder=3.01),
        )


def add(canvas: Canvas, collection: LineCollection | PolyCollection) -> None:
    canvas.ax.add_collection(collection, autolim=False)
