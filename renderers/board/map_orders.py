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
"""

from __future__ import annotations

import math
from collections.abc import Sequence

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
from renderers.board.map_board import Canvas

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


def draw_orders(canvas: Canvas, results: Sequence[OrderResult]) -> None:
    """Every order of the phase just resolved that is drawn, sorted so the
    drawing is stable."""
    ordered = sorted(filter(drawn, results), key=lambda r: (r.order.power, repr(r.order)))
    for result in ordered:
        draw_order(canvas, result, ordered)


def draw_order(canvas: Canvas, result: OrderResult, results: Sequence[OrderResult]) -> None:
    ink = canvas.palette.ink(result.order.power)
    match result.order:
        case Move(unit=ref, dest=dest):
            route = [unit_point(canvas, ref, result), *convoy_route(canvas, ref, dest, results)]
            draw_arrow(canvas, [*route, canvas.anchor(dest)], ink, result.succeeded)
        case Retreat(unit=ref, dest=dest):
            route = [unit_point(canvas, ref, result), canvas.anchor(dest)]
            draw_arrow(canvas, route, ink, result.succeeded)
        case SupportMove(unit=ref, supported=other, dest=dest):
            target = midpoint(unit_point(canvas, other), canvas.anchor(dest))
            draw_support(canvas, unit_point(canvas, ref, result), target, ink, result.succeeded)
        case SupportHold(unit=ref, supported=other) | SupportConvert(unit=ref, supported=other):
            target = unit_point(canvas, other)
            draw_support(canvas, unit_point(canvas, ref, result), target, ink, result.succeeded)
            draw_ring(canvas, target, ink, "o", 24.0)
        case Convoy(unit=ref, convoyed=other, dest=dest):
            target = midpoint(unit_point(canvas, other), canvas.anchor(dest))
            source = unit_point(canvas, ref, result)
            canvas.ax.plot(*_xy([source, target]), color=ink, linewidth=1.2, linestyle=":")
        case Hold(unit=ref):
            draw_ring(canvas, unit_point(canvas, ref, result), ink, "h", 27.0)
        case Besiege(unit=ref):
            city = canvas.area(ref.location).city or canvas.anchor(ref.location)
            draw_ring(canvas, city, ink, "o", 22.0)
        case Convert(unit=ref, to=to):
            draw_note(canvas, unit_point(canvas, ref, result), f"={to.value}", ink)
        case Disband(unit=ref):
            x, y = unit_point(canvas, ref, result)
            canvas.ax.plot([x], [y], marker="X", markersize=16, color=ink, linestyle="none")
        case Build(unit=ref):
            draw_ring(canvas, unit_point(canvas, ref, result), ink, "o", 28.0)
            draw_note(canvas, unit_point(canvas, ref, result), "+", ink)
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


def _xy(points: Sequence[Point]) -> tuple[list[float], list[float]]:
    return [p[0] for p in points], [p[1] for p in points]


def draw_arrow(canvas: Canvas, route: Sequence[Point], ink: str, succeeded: bool) -> None:
    """An arrow along `route`; dashed with a red cross near the head when it failed."""
    style_ = "-" if succeeded else (0, (4, 2))
    if len(route) > 2:
        canvas.ax.plot(*_xy(route[:-1]), color=ink, linewidth=2.2, linestyle=style_)
    source, dest = route[-2], route[-1]
    canvas.ax.annotate(
        "",
        xy=dest,
        xytext=source,
        arrowprops={
            "arrowstyle": "-|>",
            "color": ink,
            "linewidth": 2.2,
            "linestyle": style_,
            "shrinkA": 10 if len(route) == 2 else 0,
            "shrinkB": 10,
            "mutation_scale": 16,
        },
    )
    if not succeeded:
        x, y = bounce_mark(source, dest)
        canvas.ax.plot(
            [x],
            [y],
            marker="X",
            markersize=11,
            markerfacecolor=style.FAILED,
            markeredgecolor="#ffffff",
            markeredgewidth=0.8,
            linestyle="none",
            zorder=4,
        )


def draw_support(canvas: Canvas, source: Point, target: Point, ink: str, given: bool) -> None:
    canvas.ax.plot(*_xy([source, target]), color=ink, linewidth=1.5, linestyle=(0, (5, 3)))
    canvas.ax.plot([target[0]], [target[1]], marker="o", markersize=4, color=ink)
    if not given:
        x, y = midpoint(source, target)
        canvas.ax.plot(
            [x],
            [y],
            marker="x",
            markersize=8,
            color=style.FAILED,
            markeredgewidth=2.0,
            linestyle="none",
        )


def draw_ring(canvas: Canvas, at: Point, ink: str, marker: str, size: float) -> None:
    canvas.ax.plot(
        [at[0]],
        [at[1]],
        marker=marker,
        markersize=size,
        markerfacecolor="none",
        markeredgecolor=ink,
        markeredgewidth=2.0,
        linestyle="none",
    )


def draw_note(canvas: Canvas, at: Point, text: str, ink: str) -> None:
    canvas.ax.text(
        at[0] + 13,
        at[1] - 11,
        text,
        fontsize=8,
        fontweight="bold",
        color=ink,
        ha="center",
        va="center",
    )
