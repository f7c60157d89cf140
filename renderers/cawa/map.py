"""`render_cawa_map`: a CaWa campaign map as PNG or SVG bytes, one per phase.

The map must be visible to all at any time (CC-M-1) and is public, owners
included (CC-V-1); the referee should draw a map of every declaration
(CC-MV-8). So the picture is: every hex in its terrain (as the state has it,
CC-E-17), a player's hexes in the player's colour around their terrain, thick
borders between owners, hex codes, villages and castles, fleets, the declared
moves as arrows (`MoveArrow`), the conflicts (`C3`) and battles (`B2`, whose
hex's terrain sets the scenery: CC-M-7) numbered as the report numbers them;
a title band on top, and right of the board a legend and the players ranked
by NT (`renderers.cawa.hexes`, `.pieces`, `.marks`, `.panel`). Each kingdom
and fleet carries its player's number, as the ranking does, so that colour is
not the only cue at 40 players (`renderers.cawa.realms`, issue 20).

An SVG map is a document (issue 20, `renderers.svg_document`): its words are
`<text>`, each layer (hexes, borders, codes, pieces, realms, moves, marks,
panel, title) is one `<g>` of that id (`renderers.cawa.layers`), and each
hex, building, fleet and arrow has a `<title>` a browser shows on hover
(`renderers.cawa.titles`). The layers and titles draw nothing: the PNG is the
same with or without them.

Size: the hex radius is chosen so the board's larger side is about `BOARD`
pixels (between `MIN_RADIUS` and `MAX_RADIUS`), so a 6 x 5 test map and a
40-player campaign of ~1750 hexes both read; data units are pixels (y down).
The bytes depend only on the inputs (`renderers.figure.RC`, sorted drawing
order, `renderers.png.figure_bytes`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap
from renderers import map_style as style
from renderers.cawa.hexes import (
    HexFrame,
    board_extent,
    draw_borders,
    draw_codes,
    draw_hexes,
    hex_frame,
)
from renderers.cawa.layers import put_texts
from renderers.cawa.marks import MoveArrow, draw_arrows, draw_badges
from renderers.cawa.panel import draw_panel, panel_size
from renderers.cawa.pieces import draw_buildings, draw_fleets
from renderers.cawa.realms import draw_tags
from renderers.cawa.titles import map_titles
from renderers.figure import DPI, FORMATS, RC, Format
from renderers.map_text import as_text, texts_by_gid
from renderers.png import figure_bytes
from renderers.svg_document import document, layer

__all__ = ["MoveArrow", "board_frame", "radius_for", "render_cawa_map"]

BOARD = 1400.0
"""The board's larger side in pixels, when the radius limits allow."""
MIN_RADIUS = 12.0
MAX_RADIUS = 40.0
MARGIN = 22.0
TITLE_BAND = 56.0
PAPER = "#fbf8f0"


def radius_for(game_map: CawaMap) -> float:
    """The hex radius in pixels (see the module docstring), to 1/100 pixel."""
    width, height = board_extent(game_map)
    return round(min(max(BOARD / max(width, height), MIN_RADIUS), MAX_RADIUS), 2)


def board_frame(game_map: CawaMap) -> HexFrame:
    """Where the hexes are drawn on the map's image (`draw_hexes` and the rest)."""
    return hex_frame(game_map, radius_for(game_map), (MARGIN, TITLE_BAND + MARGIN))


def layout(game_map: CawaMap, state: CawaState) -> tuple[int, int, int, int]:
    """The board's width, the panel's width (right of it), the image's width
    and height, in pixels: the panel, all its players listed, fits."""
    frame = board_frame(game_map)
    board_w = math.ceil(frame.width + 2 * MARGIN)
    board_h = math.ceil(frame.height + 2 * MARGIN)
    panel_w, panel_h = (math.ceil(v) for v in panel_size(game_map, state))
    return board_w, panel_w, board_w + panel_w, math.ceil(TITLE_BAND + max(board_h, panel_h))


def render_cawa_map(
    game_map: CawaMap,
    state: CawaState,
    fmt: Format,
    *,
    title: str,
    subtitle: str = "",
    arrows: Sequence[MoveArrow] = (),
) -> bytes:
    """The map of `state` with `arrows` (the phase's declared moves) as PNG or
    SVG bytes (CC-M-1, CC-V-1, CC-MV-8)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown map format {fmt!r} (known: {', '.join(FORMATS)})")
    with matplotlib.rc_context(RC):
        if fmt == "png":
            return figure_bytes(_draw(game_map, state, title, subtitle, arrows), fmt)
        with as_text() as sink:
            figure = _draw(game_map, state, title, subtitle, arrows)
        texts = texts_by_gid(sink)
        titles = map_titles(board_frame(game_map), game_map, state, arrows)
        heading = f"{title} — {subtitle}" if subtitle else title
        return document(figure_bytes(figure, fmt), titles, heading, texts)


def _draw(
    game_map: CawaMap,
    state: CawaState,
    title: str,
    subtitle: str,
    arrows: Sequence[MoveArrow],
) -> Figure:
    frame = board_frame(game_map)
    board_w, panel_w, width, height = layout(game_map, state)
    figure = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
    FigureCanvasAgg(figure)
    figure.patch.set_facecolor(PAPER)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_axis_off()
    steps: list[tuple[str, Callable[[], object]]] = [
        ("hexes", lambda: draw_hexes(ax, frame, game_map, state)),
        ("borders", lambda: draw_borders(ax, frame, game_map, state)),
        ("codes", lambda: draw_codes(ax, frame, game_map, state)),
        ("pieces", lambda: draw_buildings(ax, frame, state)),
        ("pieces", lambda: draw_fleets(ax, frame, game_map, state)),
        ("realms", lambda: draw_tags(ax, frame, game_map, state, arrows)),
        ("moves", lambda: draw_arrows(ax, frame, game_map, arrows)),
        ("marks", lambda: draw_badges(ax, frame, state)),
        ("panel", lambda: _draw_panel(ax, (board_w, panel_w, height), game_map, state)),
        ("title", lambda: _draw_title(ax, title, subtitle)),
    ]
    for name, step in steps:
        with layer(ax, name):
            step()
    return figure


def _draw_panel(
    ax: Axes, box: tuple[float, float, float], game_map: CawaMap, state: CawaState
) -> None:
    """The panel's white ground right of the board (over the board's conflict
    badges, zorder 4, should one reach so far), then the legend and ranking."""
    left, width, height = box
    ax.add_patch(
        Rectangle(
            (left, TITLE_BAND), width, height - TITLE_BAND, facecolor="#ffffff", lw=0, zorder=4.9
        )
    )
    draw_panel(ax, left, TITLE_BAND, game_map, state)


def _draw_title(ax: Axes, title: str, subtitle: str) -> None:
    """The title (and subtitle under it) in the band on top."""
    top = TITLE_BAND / 2 - (8.0 if subtitle else 0.0)
    put_texts(ax, [((MARGIN, top), title)], style.TEXT, size=15, weight="bold", ha="left", zorder=6)
    if subtitle:
        spot = (MARGIN, top + 20.0)
        put_texts(ax, [(spot, subtitle)], style.TEXT, size=9.5, ha="left", zorder=6)
