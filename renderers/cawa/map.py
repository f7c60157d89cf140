"""`render_cawa_map`: a CaWa campaign map as PNG or SVG bytes, one per phase.

The map must be visible to all at any time (CC-M-1) and is public, owners
included (CC-V-1); the referee should draw a map of every declaration
(CC-MV-8). So the picture is: every hex in its terrain (as the state has it,
CC-E-17), a player's hexes in the player's colour around their terrain, thick
borders between owners, hex codes, villages and castles, fleets, the declared
moves as arrows (`MoveArrow`), the conflicts (`C3`) and battles (`B2`, whose
hex's terrain sets the scenery: CC-M-7) numbered as the report numbers them;
a title band on top, and right of the board a legend and the players ranked
by NT (`renderers.cawa.hexes`, `.pieces`, `.marks`, `.panel`).

Size: the hex radius is chosen so the board's larger side is about `BOARD`
pixels (between `MIN_RADIUS` and `MAX_RADIUS`), so a 6 x 5 test map and a
40-player campaign of ~1750 hexes both read; data units are pixels (y down).
The bytes depend only on the inputs (`renderers.figure.RC`, sorted drawing
order, `renderers.png.figure_bytes`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import matplotlib
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap
from renderers import map_style as style
from renderers.cawa.hexes import board_extent, draw_borders, draw_codes, draw_hexes, hex_frame
from renderers.cawa.marks import MoveArrow, draw_arrows, draw_badges
from renderers.cawa.panel import draw_panel, panel_size
from renderers.cawa.pieces import draw_buildings, draw_fleets
from renderers.figure import DPI, FORMATS, RC, Format
from renderers.png import figure_bytes

__all__ = ["MoveArrow", "radius_for", "render_cawa_map"]

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
        return figure_bytes(_draw(game_map, state, title, subtitle, arrows), fmt)


def _draw(
    game_map: CawaMap,
    state: CawaState,
    title: str,
    subtitle: str,
    arrows: Sequence[MoveArrow],
) -> Figure:
    frame = hex_frame(game_map, radius_for(game_map), (MARGIN, TITLE_BAND + MARGIN))
    board_w = math.ceil(frame.width + 2 * MARGIN)
    board_h = math.ceil(frame.height + 2 * MARGIN)
    panel_w, panel_h = panel_size(game_map, state)
    width, height = board_w + panel_w, TITLE_BAND + max(board_h, panel_h)
    figure = Figure(figsize=(width / DPI, height / DPI), dpi=DPI)
    FigureCanvasAgg(figure)
    figure.patch.set_facecolor(PAPER)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width)
    ax.set_ylim(height, 0)
    ax.set_axis_off()
    ax.add_patch(
        Rectangle((board_w, TITLE_BAND), panel_w, height - TITLE_BAND, facecolor="#ffffff", lw=0)
    )
    draw_hexes(ax, frame, game_map, state)
    draw_borders(ax, frame, game_map, state)
    draw_codes(ax, frame, game_map, state)
    draw_buildings(ax, frame, state)
    draw_fleets(ax, frame, game_map, state)
    draw_arrows(ax, frame, game_map, arrows)
    draw_badges(ax, frame, state)
    draw_panel(ax, board_w, TITLE_BAND, game_map, state)
    _draw_title(ax, title, subtitle)
    return figure


def _draw_title(ax: Axes, title: str, subtitle: str) -> None:
    """The title (and subtitle under it) in the band on top."""
    top = TITLE_BAND / 2 - (8.0 if subtitle else 0.0)
    ax.text(MARGIN, top, title, fontsize=15, fontweight="bold", va="center", color=style.TEXT)
    if subtitle:
        ax.text(MARGIN, top + 20.0, subtitle, fontsize=9.5, va="center", color=style.TEXT)
