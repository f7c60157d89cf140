"""`render_map`: a turn map as PNG or SVG bytes (DESIGN.md, "Renderers are pure functions").

The picture is the board of `state` (areas by controller, cities, units,
ringed cities, dislodged units with their retreat options) with the orders
and results of the phase that led to it, a title with the season, year and
phase, and a legend of the powers with their centres (or what the ruleset's
`BoardRendering` counts: Machiavelli's cities) and units.

The frame is the geometry's pixels plus a header band of `TITLE_BAND` pixels
on top, at 100 dpi: map point (x, y) is image pixel (x, y + TITLE_BAND)
(`pixel`). The band holds the title and the legend, laid out in columns, so
nothing covers the board. The area labels are placed without collisions
(`map_labels.place_labels`). The bytes depend on nothing but the inputs: no
timestamps or software names in the metadata, a fixed SVG hash salt, the
DejaVu font that matplotlib ships.

An SVG map is a document (`renderers.svg_document`): its text is `<text>`
(`renderers.map_text.as_text`),
each layer (areas, borders, labels, cities, units, orders, dislodged, title,
legend) is one `<g>` of that id, and each area and unit has a `<title>`
(name and owner; kind, owner and order) that a browser shows on hover.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import ExitStack
from typing import TypeVar

import matplotlib
from matplotlib.artist import Artist
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import PatchCollection
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from adjudicator.kits.board.results import OrderResult
from adjudicator.kits.board.state import GameState, Unit
from maps.geometry import MapGeometry, Point
from maps.model import GameMap
from renderers import map_style as style
from renderers.board.map_board import (
    Board,
    Canvas,
    draw_areas,
    draw_cities,
    draw_dislodged,
    draw_marks,
    draw_rings,
    draw_units,
)
from renderers.board.map_labels import Placed, draw_labels, mark_boxes, place_labels
from renderers.board.map_orders import draw_order_marks, left_out, order_marks
from renderers.board.rendering import BOARD_RENDERING, BoardRendering
from renderers.board.report import format_order
from renderers.board.words import kind_word, power_name, season_year
from renderers.figure import DPI, FORMATS, RC, Format
from renderers.map_text import Box, as_text, count_collisions, label_width, texts_by_gid
from renderers.map_text import draw_labels as put_labels
from renderers.png import figure_bytes
from renderers.svg_document import document, layer
from texts import T_, _, ngettext

TITLE_BAND = 104
"""The header band's height in pixels: the title row, a subtitle row and up
to `LEGEND_ROWS` rows of the legend."""
LEGEND_TOP = 50
"""The first legend row's centre, in pixels from the top of the figure."""
LEGEND_ROWS = 3
LEGEND_PITCH = 17.0
"""Pixels between legend rows."""

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
    with ExitStack() as stack:
        stack.enter_context(matplotlib.rc_context(RC))
        titles: dict[str, list[str]] | None = {} if fmt == "svg" else None
        sink = stack.enter_context(as_text()) if fmt == "svg" else []
        board = Board(state, rendering)
        figure = draw_figure(game_map, geometry, board, results, subtitle, titles)
        texts = texts_by_gid(sink)
        data = figure_bytes(figure, fmt)
    if fmt == "svg":
        name = game_map.title or game_map.name
        return document(data, titles or {}, f"{name}: {title_text(state)}", texts)
    return data


def unit_titles(
    game_map: GameMap, units: Sequence[Unit], results: Sequence[OrderResult]
) -> dict[Unit, str]:
    """Each unit's hover title: `A lvp: England; A lvp - yor` (kind, place,
    owner and the order that brought it there or kept it, if any)."""
    orders: dict[tuple[str, str], str] = {}
    for result in results:
        order = result.order
        ref, dest = getattr(order, "unit", None), getattr(order, "dest", None)
        if ref is None:
            continue
        text = format_order(order, result.unit)
        text = text if result.succeeded else f"{text} ✗"
        where = dest if isinstance(dest, str) and result.succeeded else ref.location
        orders.setdefault((order.power, game_map.province(where)), text)
    titles = {}
    for unit in units:
        title = f"{unit}: {power_name(game_map, unit.power)}"
        order_text = orders.get((unit.power, game_map.province(unit.location)))
        titles[unit] = f"{title}; {order_text}" if order_text else title
    return titles


def draw_figure(
    game_map: GameMap,
    geometry: MapGeometry,
    board: Board[StateT],
    results: Sequence[OrderResult],
    subtitle: str,
    titles: dict[str, list[str]] | None = None,
) -> Figure:
    figure = Figure(figsize=(geometry.width / DPI, (geometry.height + TITLE_BAND) / DPI), dpi=DPI)
    FigureCanvasAgg(figure)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, geometry.width)
    ax.set_ylim(geometry.height, -TITLE_BAND)
    ax.set_axis_off()
    ax.add_patch(Rectangle((0, 0), geometry.width, geometry.height, color=style.GAP)).set_gid(
        "areas.ground"
    )
    canvas = Canvas(ax, game_map, geometry, style.palette(game_map, ()), {})
    state = board.state
    orders = order_marks(canvas, results)
    avoid = [box for marks in orders for box in marks.boxes()]
    steps: list[tuple[str, Callable[[], object]]] = [
        ("areas", lambda: draw_areas(canvas, board)),
        ("labels", lambda: draw_labels(canvas, board, avoid)),
        ("cities", lambda: draw_cities(canvas, board)),
        ("cities", lambda: draw_rings(canvas, board)),
        (
            "units",
            lambda: draw_units(
                canvas,
                state.units,
                None if titles is None else unit_titles(game_map, state.units, results),
            ),
        ),
        ("units", lambda: draw_marks(canvas, board)),
        ("orders", lambda: draw_order_marks(canvas, orders)),
        ("dislodged", lambda: draw_dislodged(canvas, state)),
        ("title", lambda: draw_title(canvas, state, subtitle)),
        ("legend", lambda: draw_legend(canvas, board)),
    ]
    for name, step in steps:
        with layer(ax, name):
            step()
    if titles is not None:
        titles.update(canvas.titles)
    return figure


def title_text(state: GameState) -> str:
    phase = state.phase
    if phase.season is None:
        title, kind = phase.title.rsplit(" ", 1)
        return f"{title} — {kind}"
    return f"{season_year(phase)} — {kind_word(phase)}"


def draw_title(canvas: Canvas, state: GameState, subtitle: str) -> None:
    """The title and the map's name on the band's first row, the subtitle under it."""
    width = canvas.geometry.width
    top = -TITLE_BAND
    ax = canvas.ax
    put_labels(
        ax, [((10, top + 17), title_text(state))], style.TEXT, size=15, weight="bold", ha="left"
    )
    name = canvas.game_map.title or canvas.game_map.name
    put_labels(ax, [((width - 10, top + 17), name)], style.TEXT, size=11, ha="right")
    if subtitle:
        put_labels(ax, [((width - 10, top + 34), subtitle)], style.TEXT, size=8.5, ha="right")


def legend_line(canvas: Canvas, board: Board[StateT], power: str) -> str:
    """`England: 4 centres, 3 units`, or what the ruleset counts (`Venice: 6 cities, 5 units`)."""
    name = power_name(canvas.game_map, power)
    state = board.state
    units = len(state.units_of(power))
    counted = board.rendering.legend_count(state, power, canvas.game_map)
    line = ngettext("{power}: {counted}, {n} units", "{power}: {counted}, {n} units", units)
    return line.format(power=name, counted=counted, n=units)


LEGEND_FONT = 8.5
"""The legend's text size in points (its title: bold, the same size)."""
PT = DPI / 72
"""Pixels per point."""
SWATCH = (22.0, 10.0)
"""A legend row's colour swatch, in pixels."""


def legend_rows(canvas: Canvas, board: Board[StateT]) -> list[tuple[str, str]]:
    """(fill, text) of each legend entry: the powers in play, then the ruleset's badges."""
    powers = [p for p in canvas.game_map.powers if p in board.state.powers()]
    marks = dict.fromkeys(
        (m.colour, f"{m.letter}: {m.legend}") for m in board.rendering.marks(board.state)
    )
    rows = [(canvas.palette.fill(p), legend_line(canvas, board, p)) for p in powers]
    return rows + list(marks) if powers else []


def draw_legend(canvas: Canvas, board: Board[StateT]) -> None:
    """The legend in the header band, above the board: "Powers", then each
    entry's swatch and text, in as many columns as `LEGEND_ROWS` rows need."""
    rows = legend_rows(canvas, board)
    if not rows:
        return
    heading = _("Powers")
    left = 10 + label_width(heading, LEGEND_FONT, "bold") * PT + 12
    columns = -(-len(rows) // LEGEND_ROWS)
    column = max(label_width(text, LEGEND_FONT) * PT for _, text in rows) + SWATCH[0] + 22
    column = min(column, (canvas.geometry.width - left - 10) / columns)
    spots = [
        (
            left + (k // LEGEND_ROWS) * column,
            LEGEND_TOP - TITLE_BAND + (k % LEGEND_ROWS) * LEGEND_PITCH,
        )
        for k in range(len(rows))
    ]
    put_labels(
        canvas.ax,
        [((10, spots[0][1]), heading)],
        style.TEXT,
        size=LEGEND_FONT,
        weight="bold",
        ha="left",
    )
    swatches: list[Artist] = [Rectangle((x, y - SWATCH[1] / 2), *SWATCH) for x, y in spots]
    canvas.ax.add_collection(
        PatchCollection(
            swatches,  # type: ignore[arg-type]
            facecolors=[fill for fill, _ in rows],
            edgecolors=style.EDGE,
            linewidths=1.0,
            zorder=5,
        ),
        autolim=False,
    )
    texts = [((x + SWATCH[0] + 6, y), text) for (x, y), (_, text) in zip(spots, rows, strict=True)]
    put_labels(canvas.ax, texts, style.TEXT, size=LEGEND_FONT, ha="left", zorder=5)


def label_collisions(
    game_map: GameMap,
    geometry: MapGeometry,
    state: StateT,
    rendering: BoardRendering[StateT] = BOARD_RENDERING,
    results: Sequence[OrderResult] = (),
) -> int:
    """How many pairs of the map's drawn boxes overlap: label with label, label
    with a unit, city, badge or retreat note, label with an order's arrow,
    line or ring (`results`), and label with the header band (title and
    legend); 0 on a legible map."""
    labels, avoid = map_labels(game_map, geometry, state, rendering, results)
    board = Board(state, rendering)
    header = (0.0, float(-TITLE_BAND), geometry.width, 0.0)
    return count_collisions(
        [p.box for p in labels], [*mark_boxes(game_map, geometry, board), *avoid, header]
    )


def map_labels(
    game_map: GameMap,
    geometry: MapGeometry,
    state: StateT,
    rendering: BoardRendering[StateT] = BOARD_RENDERING,
    results: Sequence[OrderResult] = (),
) -> tuple[list[Placed], list[Box]]:
    """The area labels `render_map` draws for `state` and `results`, and the
    boxes of the orders' marks they were kept clear of."""
    board = Board(state, rendering)
    palette = style.palette(game_map, ())
    canvas = Canvas(Figure().add_axes((0.0, 0.0, 1.0, 1.0)), game_map, geometry, palette, {})
    avoid = [box for marks in order_marks(canvas, results) for box in marks.boxes()]
    return place_labels(game_map, geometry, board, palette, avoid), avoid
