"""`render_map`: a turn map as PNG or SVG bytes (DESIGN.md, "Renderers are pure functions").

The picture is the board of `state` (areas by controller, cities, units,
sieges, dislodged units with their retreat options) with the orders and
results of the phase that led to it, a title with the season, year and phase,
and a legend of the powers with their cities (or centres) and units.

The frame is the geometry's pixels plus a title band of `TITLE_BAND` pixels
on top, at 100 dpi: map point (x, y) is image pixel (x, y + TITLE_BAND)
(`pixel`). The bytes depend on nothing but the inputs: no timestamps or
software names in the metadata, a fixed SVG hash salt, the DejaVu font that
matplotlib ships.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any, Literal

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
    Canvas,
    draw_areas,
    draw_cities,
    draw_dislodged,
    draw_labels,
    draw_sieges,
    draw_units,
)
from renderers.board.map_orders import draw_orders
from renderers.board.report import cities_of, power_name

Format = Literal["png", "svg"]
FORMATS: tuple[Format, ...] = ("png", "svg")
TITLE_BAND = 56
DPI = 100
RC: dict[Any, Any] = {
    "svg.hashsalt": "mapjudge",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "hatch.linewidth": 0.6,
    "path.simplify": False,
}
METADATA = {
    "png": {"Software": None},
    "svg": {"Date": None, "Creator": None},
}


def pixel(point: Point) -> tuple[int, int]:
    """The image pixel (column, row) of a map point."""
    return (int(point[0]), int(point[1] + TITLE_BAND))


def render_map(
    game_map: GameMap,
    geometry: MapGeometry,
    state: GameState,
    results: Sequence[OrderResult] = (),
    *,
    fmt: Format = "png",
    subtitle: str = "",
) -> bytes:
    """The map of `state` with the orders and results that led to it, as PNG or SVG."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown map format {fmt!r} (known: {', '.join(FORMATS)})")
    with matplotlib.rc_context(RC):
        figure = draw_figure(game_map, geometry, state, results, subtitle)
        buffer = io.BytesIO()
        figure.savefig(buffer, format=fmt, dpi=DPI, metadata=METADATA[fmt])
    return buffer.getvalue()


def draw_figure(
    game_map: GameMap,
    geometry: MapGeometry,
    state: GameState,
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
    draw_areas(canvas, state)
    draw_labels(canvas)
    draw_cities(canvas, state)
    draw_sieges(canvas, state)
    draw_units(canvas, state.units)
    draw_orders(canvas, results)
    draw_dislodged(canvas, state)
    draw_title(canvas, state, subtitle)
    draw_legend(canvas, state)
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


def legend_line(canvas: Canvas, state: GameState, power: str) -> str:
    """`Venice: 6 cities, 5 units` (Machiavelli) or `England: 4 centres, 3 units`."""
    name = power_name(canvas.game_map, power)
    units = len(state.units_of(power))
    if state.control:
        cities = len(cities_of(state, power, canvas.game_map))
        return f"{name}: {cities} cities, {units} units"
    return f"{name}: {len(state.centers_of(power))} centres, {units} units"


def draw_legend(canvas: Canvas, state: GameState) -> None:
    powers = [p for p in canvas.game_map.powers if p in state.powers()]
    handles = [
        Patch(
            facecolor=canvas.palette.fill(p),
            edgecolor=style.EDGE,
            label=legend_line(canvas, state, p),
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
