"""Turn maps of the board rulesets: `renderers.board.map_image` with the orders drawn.

`adjudicate` draws the new board with the orders and results that led to it;
`render` draws any phase again (the app resolves the phase before it once more
from its archived order files, `core.session.Session.draw`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeVar

from adjudicator.kits.board.results import OrderResult, Resolution
from adjudicator.kits.board.state import GameState
from maps import GameMap, MapError
from maps.geometry import MapGeometry, load_geometry
from renderers.board.rendering import BoardRendering
from renderers.board.report import phase_title
from texts import _

if TYPE_CHECKING:
    from renderers.figure import Format

StateT = TypeVar("StateT", bound=GameState)


def geometry_for(game_map: GameMap) -> MapGeometry | None:
    """The map's drawing geometry, or None for a map that has none."""
    try:
        return load_geometry(game_map.name)
    except MapError:
        return None


def map_bytes(
    game_map: GameMap,
    state: StateT,
    resolution: Resolution[StateT] | None,
    rendering: BoardRendering[StateT],
    fmt: Format = "png",
) -> bytes | None:
    """The map of `state` with the orders of `resolution` (the phase before), or None
    when the map has no geometry; `rendering` draws what the ruleset's state adds.
    matplotlib is imported only here, when a map is drawn."""
    from renderers.board.map_image import render_map

    geometry = geometry_for(game_map)
    if geometry is None:
        return None
    results: Sequence[OrderResult] = resolution.results if resolution else ()
    subtitle = (
        _("Orders of {phase}").format(phase=phase_title(resolution.previous.phase))
        if resolution
        else ""
    )
    return render_map(
        game_map, geometry, state, results, fmt=fmt, subtitle=subtitle, rendering=rendering
    )
