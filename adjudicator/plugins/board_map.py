"""Turn maps of the board rulesets: `renderers.board.map_image` with the orders drawn.

`adjudicate` draws the new board with the orders and results that led to it;
`render` draws any phase again (the app resolves the phase before it once more
from its archived order files, `core.session.Session.draw`). A map after a
retreat or adjustment phase also draws the last movement phase's orders,
lighter, under the later phase's (`last_movement`): the fall map shows the
summer's moves, not only the summer retreat.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from adjudicator.core.session import Previous
from adjudicator.kits.board.results import Resolution
from adjudicator.kits.board.state import GameState
from maps import GameMap, MapError
from maps.geometry import MapGeometry, load_geometry
from orders.board.model import PhaseKind
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


def is_movement(resolution: Resolution[GameState]) -> bool:
    return resolution.previous.phase.kind == PhaseKind.MOVEMENT.value


def last_movement(
    resolution: Resolution[StateT] | None,
    previous: Callable[[], Resolution[StateT] | None],
) -> Resolution[StateT] | None:
    """The last movement phase before `resolution` when that is a retreat or
    an adjustment phase (resolved again through `previous.before()`, the
    session's `Previous`), else None."""
    if resolution is None or is_movement(resolution) or not isinstance(previous, Previous):
        return None
    chain: Previous[Resolution[StateT]] | None = previous.before()
    while chain is not None:
        earlier = chain()
        if earlier is None:
            return None
        if is_movement(earlier):
            return earlier
        chain = chain.before()
    return None


def map_bytes(
    game_map: GameMap,
    state: StateT,
    previous: Callable[[], Resolution[StateT] | None],
    rendering: BoardRendering[StateT],
    fmt: Format = "png",
) -> bytes | None:
    """The map of `state` with the orders of `previous()` (the phase before), and
    those of the last movement phase lighter when the phase before was not one;
    None when the map has no geometry; `rendering` draws what the ruleset's state
    adds. matplotlib is imported only here, when a map is drawn."""
    from renderers.board.map_image import render_map
    from renderers.board.map_orders import PhaseOrders

    geometry = geometry_for(game_map)
    if geometry is None:
        return None
    resolution = previous()
    if resolution is None:
        return render_map(game_map, geometry, state, (), fmt=fmt, rendering=rendering)
    movement = last_movement(resolution, previous)
    subtitle = _("Orders of {phase}").format(phase=phase_title(resolution.previous.phase))
    if movement is not None:
        subtitle = _("Orders of {phase} (lighter: {movement})").format(
            phase=phase_title(resolution.previous.phase),
            movement=phase_title(movement.previous.phase),
        )
    results = PhaseOrders(resolution.results, movement.results if movement else ())
    return render_map(
        game_map, geometry, state, results, fmt=fmt, subtitle=subtitle, rendering=rendering
    )
