"""The orders layer of a turn map: one drawing function per order kind, from the
results of the phase just resolved (DESIGN.md, "Renderers are pure functions").

Moves and retreats are arrows in the ordering power's ink (a convoyed move
follows its fleets), supports are dashed lines to the supported move's middle
or around the supported unit, holds and sieges are rings, conversions a note.
A move that failed is drawn dashed with a red cross near its head
(`bounce_mark`); a support that was cut gets a small red cross.

Only what happened is drawn (`drawn`): an order refused as illegal (no unit
there, another power's unit, an unreachable place...) did nothing and is
left to the report, and a build or a disband is drawn only when it was
carried out; the title says how many refused orders the map leaves out.

The drawing functions gather their lines, markers and notes in `Marks`, which
draws each kind as one collection once every order is in.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from matplotlib.collections import LineCollection
from matplotlib.patches import FancyArrowPatch

from adjudicator.kits.board.results import OrderResult
from maps.geometry import Point
from orders.board.model import (
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from renderers import map_style as style
from renderers.board.map_board import Canvas, draw_markers
from renderers.map_text import draw_labels as put_labels

LineStyle = str | tuple[float, tuple[float, ...]]

MARK_BACK = 16.0
"""How far back from an arrow's head its failure cross sits, in pixels."""


def midpoint(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def bounce_mark(source: Point, dest: Point) -> Point:
    """Where the cross of a failed move from `source` to `dest` is drawn."""
    length = math.dist(source, dest) or 1.0
    back = min(MARK_BACK, length / 2) / length
    return (dest[0] + (source[0] - dest[0]) * back, dest[1] + (source[1] - dest[1]) * back)


def unit_point(canvas: Canvas, ref: UnitRef, result: OrderResult | None = None) -> Point:
    kind = result.unit.kind if result is not None and result.unit is not None else ref.kind
    return canvas.anchor(ref.location, kind)


def drawn(result: OrderResult) -> bool:
    """Whether an order is drawn: it was carried out, or it failed by the rules
    (a bounce, a cut support); an illegal order did nothing, and a build or a
    disband that failed did not happen (Trust #14)."""
    if result.reason.illegal:
        return False
    if isinstance(result.order, Build | Disband):
        return result.succeeded
    return True


def left_out(results: Sequence[OrderResult]) -> int:
    """How many orders written by players the map does not draw."""
    return sum(1 for r in results if r.order.source is not None and not drawn(r))


@dataclass
class Marks:
    """What the orders draw, gathered so each kind goes into one collection:
    lines (points, ink, width, dashes), markers by (shape, size, edge width,
    zorder) with each one's point, face and edge, arrows, notes."""

    lines: list[tuple[list[Point], str, float, LineStyle]] = field(default_factory=list)
    markers: dict[tuple[str, float, float, float], list[tuple[Point, str, str]]] = field(
        default_factory=dict
    )
    arrows: list[FancyArrowPatch] = field(default_factory=list)
    notes: list[tuple[Point, str, str]] = field(default_factory=list)

    def line(self, points: list[Point], ink: str, width: float, dashes: LineStyle) -> None:
        self.lines.append((points, ink, width, dashes))

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
        self.markers.setdefault((shape, size, width, zorder), []).append((at, face, edge))

    def draw(self, canvas: Canvas) -> None:
        if self.lines:
            canvas.ax.add_collection(
                LineCollection(
                    [points for points, *_ in self.lines],
                    colors=[ink for _, ink, _, _ in self.lines],
                    linewidths=[width for _, _, width, _ in self.lines],
                    linestyles=[dashes for *_, dashes in self.lines],
                    zorder=2,
                ),
                autolim=False,
            )
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
        for arrow in self.arrows:
            canvas.ax.add_artist(arrow)
        for ink in sorted({ink for _, _, ink in self.notes}):
            notes = [(at, text) for at, text, colour in self.notes if colour == ink]
            put_labels(canvas.ax, notes, ink, size=8, weight="bold")


def draw_orders(canvas: Canvas, results: Sequence[OrderResult]) -> None:
    """Every order of the phase just resolved that is drawn, sorted so the
    drawing is stable."""
    ordered = sorted(filter(drawn, results), key=lambda r: (r.order.power, repr(r.order)))
    marks = Marks()
    for result in ordered:
        draw_order(canvas, marks, result, ordered)
    marks.draw(canvas)


def draw_order(
    canvas: Canvas, marks: Marks, result: OrderResult, results: Sequence[OrderResult]
) -> None:
    ink = canvas.palette.ink(result.order.power)
    match result.order:
        case Move(unit=ref, dest=dest):
            route = [unit_point(canvas, ref, result), *convoy_route(canvas, ref, dest, results)]
            draw_arrow(marks, [*route, canvas.anchor(dest)], ink, result.succeeded)
        case Retreat(unit=ref, dest=dest):
            route = [unit_point(canvas, ref, result), canvas.anchor(dest)]
            draw_arrow(marks, route, ink, result.succeeded)
        case SupportMove(unit=ref, supported=other, dest=dest):
            target = midpoint(unit_point(canvas, other), canvas.anchor(dest))
            draw_support(marks, unit_point(canvas, ref, result), target, ink, result.succeeded)
        case SupportHold(unit=ref, supported=other) | SupportConvert(unit=ref, supported=other):
            target = unit_point(canvas, other)
            draw_support(marks, unit_point(canvas, ref, result), target, ink, result.succeeded)
            draw_ring(marks, target, ink, "o", 24.0)
        case Convoy(unit=ref, convoyed=other, dest=dest):
            target = midpoint(unit_point(canvas, other), canvas.anchor(dest))
            source = unit_point(canvas, ref, result)
            marks.line([source, target], ink, 1.2, ":")
        case Hold(unit=ref):
            draw_ring(marks, unit_point(canvas, ref, result), ink, "h", 27.0)
        case Besiege(unit=ref):
            city = canvas.area(ref.location).city or canvas.anchor(ref.location)
            draw_ring(marks, city, ink, "o", 22.0)
        case Convert(unit=ref, to=to):
            draw_note(marks, unit_point(canvas, ref, result), f"={to.value}", ink)
        case Disband(unit=ref):
            marks.marker(unit_point(canvas, ref, result), "X", 16, face=ink, edge=ink)
        case Build(unit=ref):
            draw_ring(marks, unit_point(canvas, ref, result), ink, "o", 28.0)
            draw_note(marks, unit_point(canvas, ref, result), "+", ink)
        case Waive():
            pass


def convoy_route(
    canvas: Canvas, ref: UnitRef, dest: str, results: Sequence[OrderResult]
) -> list[Point]:
    """The convoying fleets' spots for an army's move, nearest first from its start."""
    area = canvas.game_map.province(ref.location)
    fleets = [
        canvas.anchor(r.order.unit.location, UnitKind.FLEET)
        for r in results
        if isinstance(r.order, Convoy)
        and canvas.game_map.province(r.order.convoyed.location) == area
        and canvas.game_map.province(r.order.dest) == canvas.game_map.province(dest)
    ]
    route: list[Point] = []
    here = canvas.anchor(ref.location)
    while fleets:
        nearest = min(fleets, key=lambda p: (math.dist(here, p), p))
        fleets.remove(nearest)
        route.append(nearest)
        here = nearest
    return route


def draw_arrow(marks: Marks, route: Sequence[Point], ink: str, succeeded: bool) -> None:
    """An arrow along `route`; dashed with a red cross near the head when it failed."""
    dashes: LineStyle = "-" if succeeded else (0, (4, 2))
    if len(route) > 2:
        marks.line(list(route[:-1]), ink, 2.2, dashes)
    source, dest = route[-2], route[-1]
    marks.arrows.append(
        FancyArrowPatch(
            source,
            dest,
            arrowstyle="-|>",
            color=ink,
            linewidth=2.2,
            linestyle=dashes,
            shrinkA=10 if len(route) == 2 else 0,
            shrinkB=10,
            mutation_scale=16,
            zorder=3,
        )
    )
    if not succeeded:
        at = bounce_mark(source, dest)
        marks.marker(at, "X", 11, face=style.FAILED, edge="#ffffff", width=0.8, zorder=4)


def draw_support(marks: Marks, source: Point, target: Point, ink: str, given: bool) -> None:
    marks.line([source, target], ink, 1.5, (0, (5, 3)))
    marks.marker(target, "o", 4, face=ink, edge=ink)
    if not given:
        marks.marker(midpoint(source, target), "x", 8, face="none", edge=style.FAILED, width=2.0)


def draw_ring(marks: Marks, at: Point, ink: str, marker: str, size: float) -> None:
    marks.marker(at, marker, size, face="none", edge=ink, width=2.0)


def draw_note(marks: Marks, at: Point, text: str, ink: str) -> None:
    marks.notes.append(((at[0] + 13, at[1] - 11), text, ink))
