"""`render_map`: a turn map as PNG or SVG bytes (DESIGN.md, "Renderers are pure functions").

The picture is the board of `state` (areas by controller, cities, units,
ringed cities, dislodged units with their retreat options) with the orders
and results of the phase that led to it, a title with the season, year and
phase, and a legend of the powers with their centres (or what the ruleset's
`BoardRendering` counts: Machiavelli's cities) and units.

The frame is the geometry's pixels plus a title band of `TITLE_BAND` pixels
on top, at 100 dpi: map point (x, y) is image pixel (x, y + TITLE_BAND)
(`pixel`). The bytes depend on nothing but the inputs: no timestamps or
software names in the metadata, a fixed SVG hash salt, the DejaVu font that
matplotlib ships.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import TypeVar

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from adjudicator.kits.board.results import OrderResult
from adjudicator.kits.board.state import GameState
from maps.geometry import MapGeometry, Point
from maps.model import GameMap
from renderers import map_style as style
from renderers.board.map_board import (
    Board,
    Canvas,
    draw_areas,
    draw_cities,
    draw_dislodged,
    draw_labels,
    draw_rings,
    draw_units,
)
from renderers.board.map_orders import draw_orders, left_out
from renderers.board.rendering import BOARD_RENDERING, BoardRendering
from renderers.board.words import power_name
from renderers.figure import DPI, FORMATS, METADATA, RC, Format

TITLE_BAND = 56

StateT = TypeVar("StateT", bound=GameState)


def pixel(point: Point) -> tuple[int, int]:
    """The image pixel (column, row) of a map point."""
    return (int(point[0]), int(point[1] + TITLE_BAND))


def render_map(
    game_map: GameMap,
    geometry: MapGeometry,
    state: StateT,
    results: Sequence[OrderResult] = (),
    *,
    fmt: Format = "png",
    subtitle: str = "",
    rendering: BoardRendering[StateT] = BOARD_RENDERING,
) -> bytes:
    """The map of `state` with the orders and results that led to it, as PNG or SVG
    (`rendering`: the ruleset's, for what its state adds to the plain board)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown map format {fmt!r} (known: {', '.join(FORMATS)})")
    refused = left_out(results)
    if refused:
        note = f"{refused} refused order{'s' if refused > 1 else ''} not drawn: see the report"
        subtitle = f"{subtitle} ({note})" if subtitle else note
    with matplotlib.rc_context(RC):
        figure = draw_figure(game_map, geometry, Board(state, rendering), results, subtitle)
        buffer = io.BytesIO()
        figure.savefig(buffer, format=fmt, dpi=DPI, metadata=METADATA[fmt])
    return buffer.getvalue()


def draw_figure(
    game_map: GameMap,
    geometry: MapGeometry,
    board: Board[StateT],
    results: Sequence[OrderResult],
    subtitle: str,
) -> Figure:
    figure = Figure(figsize=(geometry.width / DPI, (geometry.height + TITLE_BAND) / DPI), dpi=DPI)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, geometry.width)
    ax.set_ylim(geometry.height, -TITLE_BAND)
    ax.set_axis_off()
    ax.add_patch(
        matplotlib.patches.Rectangle((0, 0), geometry.width, geometry.height, color=style.GAP)
    )
    canvas = Canvas(ax, game_map, geometry, style.palette(game_map, ()))
    state = board.state
    draw_areas(canvas, board)
    draw_labels(canvas)
    draw_cities(canvas, board)
    draw_rings(canvas, board)
    draw_units(canvas, state.units)
    draw_orders(canvas, results)
    draw_dislodged(canvas, state)
    draw_title(canvas, state, subtitle)
    draw_legend(canvas, board)
    return figure


def title_text(state: GameState) -> str:
    phase = state.phase
    title, kind = phase.title.rsplit(" ", 1)
    return f"{title} — {kind}"


def draw_title(canvas: Canvas, state: GameState, subtitle: str) -> None:
    width = canvas.geometry.width
    canvas.ax.text(
        10,
        -TITLE_BAND / 2 - 6,
        title_text(state),
        fontsize=17,
        fontweight="bold",
        va="center",
        ha="left",
        color=style.TEXT,
    )
    name = canvas.game_map.title or canvas.game_map.name
    canvas.ax.text(
        width - 10,
        -TITLE_BAND / 2 - 6,
        name,
        fontsize=11,
        va="center",
        ha="right",
        color=style.TEXT,
    )
    if subtitle:
        canvas.ax.text(10, -8, subtitle, fontsize=8.5, va="center", ha="left", color=style.TEXT)


def legend_line(canvas: Canvas, board: Board[StateT], power: str) -> str:
    """`England: 4 centres, 3 units`, or what the ruleset counts (`Venice: 6 cities, 5 units`)."""
    name = power_name(canvas.game_map, power)
    state = board.state
    units = len(state.units_of(power))
    return f"{name}: {board.rendering.legend_count(state, power, canvas.game_map)}, {units} units"


def draw_legend(canvas: Canvas, board: Board[StateT]) -> None:
    powers = [p for p in canvas.game_map.powers if p in board.state.powers()]
    handles = [
        Patch(
            facecolor=canvas.palette.fill(p),
            edgecolor=style.EDGE,
            label=legend_line(canvas, board, p),
        )
        for p in powers
    ]
    if handles:
        canvas.ax.legend(
            handles=handles,
            loc="lower left",
            fontsize=8,
            framealpha=0.92,
            title="Powers",
            title_fontsize=9,
        )
