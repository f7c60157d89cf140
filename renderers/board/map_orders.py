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

A convoyed army's arrow follows the seas of its route: from the army through
each convoying fleet's sea area, in the order of a chain of those fleets that
joins its start to its end (`convoy_route`), as one smooth curve. An area left
empty because two or more moves bounced there gets a standoff mark, a ⊗ in a
neutral ink (`standoffs`). The map after a retreat or adjustment phase also
draws the last movement phase's orders (`PhaseOrders.earlier`), in lighter
inks, under the later phase's.

A dislodged unit and its options' note cover no area label because the
labels are placed around them (`map_labels.place_labels`).

The drawing functions gather their lines, arrows, markers and notes in
`map_marks.Marks`, which draws each kind as one collection once every order
is in, after the labels were placed around them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Self

import numpy as np
from matplotlib.path import Path

from adjudicator.kits.board.results import OrderResult, Reason
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
from renderers.board.map_board import Canvas
from renderers.board.map_marks import LineStyle, Marks

MARK_BACK = 16.0
"""How far back from an arrow's head its failure cross sits, in pixels."""
STANDOFF_INK = "#4d4d4d"
"""The standoff mark's neutral ink."""
ARROW_TRIM = 10.0
"""Pixels an arrow stops short of the unit it starts from and of its head's spot."""


class PhaseOrders(tuple[OrderResult, ...]):
    """The results of the phase drawn, with `earlier`: the last movement
    phase's, drawn lighter under them (after a retreat or adjustment phase)."""

    earlier: tuple[OrderResult, ...]

    def __new__(cls, results: Sequence[OrderResult], earlier: Sequence[OrderResult] = ()) -> Self:
        made = super().__new__(cls, results)
        made.earlier = tuple(earlier)
        return made


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


def draw_orders(canvas: Canvas, results: Sequence[OrderResult]) -> None:
    """Every order of the phase just resolved that is drawn (`order_marks`)."""
    draw_order_marks(canvas, order_marks(canvas, results))


def draw_order_marks(canvas: Canvas, phases: Sequence[Marks]) -> None:
    for marks in phases:
        marks.draw(canvas)


def order_marks(canvas: Canvas, results: Sequence[OrderResult]) -> list[Marks]:
    """The marks of every order drawn, sorted so the drawing is stable: the last
    movement phase's, in lighter inks, when `results` carries them
    (`PhaseOrders`), then the phase's own. Nothing is drawn yet: the labels
    are placed around them first (`map_labels.place_labels`)."""
    phases = []
    if isinstance(results, PhaseOrders) and results.earlier:
        phases.append(phase_marks(canvas, results.earlier, Marks(faded=True)))
    phases.append(phase_marks(canvas, results, Marks()))
    return phases


def phase_marks(canvas: Canvas, results: Sequence[OrderResult], marks: Marks) -> Marks:
    """One phase's orders and standoffs gathered into `marks`."""
    ordered = sorted(filter(drawn, results), key=lambda r: (r.order.power, repr(r.order)))
    for result in ordered:
        draw_order(canvas, marks, result, ordered)
    for area in sorted(standoffs(canvas, results)):
        draw_standoff(marks, canvas.geometry.areas[area].unit)
    return marks


def standoffs(canvas: Canvas, results: Sequence[OrderResult]) -> frozenset[str]:
    """The areas (with geometry) that two or more moves bounced in and that no
    unit holds after the phase: no move into them succeeded and no army or
    fleet there stayed (a garrison in its city does not hold the province)."""
    province = canvas.game_map.province
    bounced: dict[str, int] = {}
    held: set[str] = set()
    for result in results:
        order = result.order
        if isinstance(order, Move) and result.succeeded:
            held.add(province(order.dest))
        elif isinstance(order, Move) and result.reason.value == Reason.BOUNCED.value:
            bounced[province(order.dest)] = bounced.get(province(order.dest), 0) + 1
        stays = result.unit is not None and not (isinstance(order, Move) and result.succeeded)
        if stays and result.unit is not None and result.unit.kind is not UnitKind.GARRISON:
            held.add(province(result.unit.location))
    return frozenset(
        area
        for area, n in bounced.items()
        if n >= 2 and area not in held and area in canvas.geometry.areas
    )


def draw_standoff(marks: Marks, at: Point) -> None:
    """A ⊗ at the empty area's unit spot, in a neutral ink."""
    marks.marker(at, "o", 13.0, face="#ffffff", edge=STANDOFF_INK, width=1.6, zorder=4.0)
    marks.marker(at, "x", 8.0, face="none", edge=STANDOFF_INK, width=1.6, zorder=4.1)


def draw_order(
    canvas: Canvas, marks: Marks, result: OrderResult, results: Sequence[OrderResult]
) -> None:
    ink = canvas.palette.ink(result.order.power)
    match result.order:
        case Move(unit=ref, dest=dest):
            route = [unit_point(canvas, ref, result), *convoy_route(canvas, ref, dest, results)]
            if len(route) > 1:
                draw_curve(marks, [*route, canvas.anchor(dest)], ink, result.succeeded)
            else:
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
    """The sea areas' centres an army's convoyed move goes through, in route
    order: the shortest chain of the fleets convoying this move (by area,
    each step along the map's fleet borders) from the army's area to `dest`;
    an army convoyed by no such chain goes straight."""
    game_map = canvas.game_map
    start, end = game_map.province(ref.location), game_map.province(dest)
    fleets = {
        game_map.province(r.order.unit.location)
        for r in results
        if isinstance(r.order, Convoy)
        and game_map.province(r.order.convoyed.location) == start
        and game_map.province(r.order.dest) == end
    }
    chain = fleet_chain(game_map.fleet_area_neighbours, start, end, fleets)
    return [canvas.geometry.areas[sea].unit for sea in chain if sea in canvas.geometry.areas]


def fleet_chain(
    steps: Callable[[str], frozenset[str]], start: str, end: str, fleets: set[str]
) -> list[str]:
    """The shortest chain of `fleets` joining `start` to `end` (breadth first,
    neighbours in code order so the chain is always the same), or []."""
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        following: list[str] = []
        for here in frontier:
            if here != start and end in steps(here):
                chain = [here]
                while came[chain[-1]] != start:
                    chain.append(came[chain[-1]])
                return chain[::-1]
            for step in sorted(steps(here)):
                if step in fleets and step not in came:
                    came[step] = here
                    following.append(step)
        frontier = following
    return []


def smooth_path(points: Sequence[Point], trim: float = 10.0) -> Path:
    """A smooth curve through `points` (Catmull-Rom as cubic Béziers), its ends
    pulled in by `trim` pixels from the first and last points."""
    pts = [
        trimmed(points[0], points[1], trim),
        *points[1:-1],
        trimmed(points[-1], points[-2], trim),
    ]
    verts: list[Point] = [pts[0]]
    codes = [Path.MOVETO]
    for k in range(len(pts) - 1):
        p0, p1, p2 = pts[max(k - 1, 0)], pts[k], pts[k + 1]
        p3 = pts[min(k + 2, len(pts) - 1)]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        verts += [c1, c2, p2]
        codes += [Path.CURVE4] * 3
    return Path(verts, codes)


def trimmed(end: Point, toward: Point, by: float) -> Point:
    """`end` moved `by` pixels toward `toward` (at most half way)."""
    length = math.dist(end, toward) or 1.0
    k = min(by, length / 2) / length
    return (end[0] + (toward[0] - end[0]) * k, end[1] + (toward[1] - end[1]) * k)


def draw_curve(marks: Marks, route: Sequence[Point], ink: str, succeeded: bool) -> None:
    """A convoyed move: one smooth arrow through the route's seas; dashed with
    a red cross near the head when it failed."""
    dashes: LineStyle = "-" if succeeded else (0, (4, 2))
    (curve,) = smooth_path(route).to_polygons(closed_only=False)
    marks.arrow([(float(x), float(y)) for x, y in np.asarray(curve, dtype=float)], ink, dashes)
    if not succeeded:
        at = bounce_mark(route[-2], route[-1])
        marks.marker(at, "X", 11, face=style.FAILED, edge="#ffffff", width=0.8, zorder=4)


def draw_arrow(marks: Marks, route: Sequence[Point], ink: str, succeeded: bool) -> None:
    """An arrow along `route`, `ARROW_TRIM` short of its ends (of its start only
    when it is a single step); dashed with a red cross near the head when it failed."""
    dashes: LineStyle = "-" if succeeded else (0, (4, 2))
    source, dest = route[-2], route[-1]
    start = trimmed(route[0], route[1], ARROW_TRIM) if len(route) == 2 else route[0]
    marks.arrow([start, *route[1:-1], trimmed(dest, source, ARROW_TRIM)], ink, dashes)
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
    marks.note((at[0] + 13, at[1] - 11), text, ink)
