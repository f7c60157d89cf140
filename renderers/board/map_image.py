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

from collections.abc import Sequence
from typing import TypeVar

import matplotlib
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Rectangle

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
    draw_marks,
    draw_rings,
    draw_units,
)
from renderers.board.map_orders import draw_orders, left_out
from renderers.board.rendering import BOARD_RENDERING, BoardRendering
from renderers.board.words import kind_word, power_name, season_year
from renderers.figure import DPI, FORMATS, RC, Format
from renderers.map_text import draw_labels as put_labels
from renderers.map_text import label_width
from renderers.png import figure_bytes
from texts import T_, _, ngettext

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
        known = ", ".join(FORMATS)
        raise ValueError(
            T_("unknown map format {fmt} (known: {known})", fmt=repr(fmt), known=known)
        )
    refused = left_out(results)
    if refused:
        note = ngettext(
            "{n} refused order not drawn: see the report",
            "{n} refused orders not drawn: see the report",
            refused,
        ).format(n=refused)
        subtitle = f"{subtitle} ({note})" if subtitle else note
    with matplotlib.rc_context(RC):
        figure = draw_figure(game_map, geometry, Board(state, rendering), results, subtitle)
        return figure_bytes(figure, fmt)


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
    draw_marks(canvas, board)
    draw_orders(canvas, results)
    draw_dislodged(canvas, state)
    draw_title(canvas, state, subtitle)
    draw_legend(canvas, board)
    return figure


def title_text(state: GameState) -> str:
    phase = state.phase
    if phase.season is None:
        title, kind = phase.title.rsplit(" ", 1)
        return f"{title} — {kind}"
    return f"{season_year(phase)} — {kind_word(phase)}"


def draw_title(canvas: Canvas, state: GameState, subtitle: str) -> None:
    width = canvas.geometry.width
    middle = -TITLE_BAND / 2 - 6
    ax = canvas.ax
    put_labels(
        ax, [((10, middle), title_text(state))], style.TEXT, size=17, weight="bold", ha="left"
    )
    name = canvas.game_map.title or canvas.game_map.name
    put_labels(ax, [((width - 10, middle), name)], style.TEXT, size=11, ha="right")
    if subtitle:
        put_labels(ax, [((10, -8), subtitle)], style.TEXT, size=8.5, ha="left")


def legend_line(canvas: Canvas, board: Board[StateT], power: str) -> str:
    """`England: 4 centres, 3 units`, or what the ruleset counts (`Venice: 6 cities, 5 units`)."""
    name = power_name(canvas.game_map, power)
    state = board.state
    units = len(state.units_of(power))
    counted = board.rendering.legend_count(state, power, canvas.game_map)
    line = ngettext("{power}: {counted}, {n} units", "{power}: {counted}, {n} units", units)
    return line.format(power=name, counted=counted, n=units)


LEGEND_FONT = 8.0
"""The legend's text size in points (its title: one more)."""
PT = DPI / 72
"""Pixels per point."""


def draw_legend(canvas: Canvas, board: Board[StateT]) -> None:
    """A box in the lower left corner: "Powers", then each power's fill and
    `legend_line`, laid out as matplotlib's `legend` (its default paddings, in
    points), drawn as a few collections instead of a `Legend` of ~40 artists."""
    powers = [p for p in canvas.game_map.powers if p in board.state.powers()]
    if not powers:
        return
    marks = list(
        dict.fromkeys(
            (m.colour, f"{m.letter}: {m.legend}") for m in board.rendering.marks(board.state)
        )
    )
    fills = [canvas.palette.fill(p) for p in powers] + [colour for colour, _ in marks]
    lines = [legend_line(canvas, board, p) for p in powers] + [text for _, text in marks]
    bottom = canvas.geometry.height  # the axes' bottom edge, in map pixels (y down)
    pitch = 12.4 * PT  # handle rows: text height plus `labelspacing`
    rows = [bottom - (9.12 + 2.8) * PT - k * pitch for k in reversed(range(len(lines)))]
    left, frame_pad, handle = 7.2 * PT, 3.2 * PT, (16.0 * PT, 5.6 * PT)
    text_x = left + handle[0] + 6.4 * PT
    widths = [label_width(t, LEGEND_FONT) for t in lines]
    right = text_x + (max(widths) + 3.0) * PT + frame_pad
    title_y = rows[0] - 12.18 * PT
    frame_x, frame_y = 4.0 * PT, title_y - 8.78 * PT
    canvas.ax.add_artist(
        FancyBboxPatch(
            (frame_x, frame_y),
            right - frame_x,
            bottom - 4.0 * PT - frame_y,
            boxstyle=f"round,pad=0,rounding_size={0.2 * LEGEND_FONT * PT}",
            facecolor="white",
            edgecolor="0.8",
            alpha=0.92,
            linewidth=1.0,
            zorder=5,
        )
    )
    canvas.ax.add_collection(
        PatchCollection(
            [Rectangle((left, y - handle[1] / 2), *handle) for y in rows],
            facecolors=fills,
            edgecolors=style.EDGE,
            linewidths=1.0,
            zorder=5,
        ),
        autolim=False,
    )
    title = ((frame_x + right) / 2, title_y)
    put_labels(canvas.ax, [(title, _("Powers"))], style.TEXT, size=LEGEND_FONT + 1, zorder=5)
    texts = [((text_x + 0.8, y + 1.0), t) for y, t in zip(rows, lines, strict=True)]
    put_labels(canvas.ax, texts, style.TEXT, size=LEGEND_FONT, ha="left", zorder=5)
