"""Turn maps for game folders: the CLI's wiring of `renderers.map_image`.

`adjudicate` writes `turns/<next phase>.png` beside the new state: the new
board with the orders and results that led to it. `render` draws any phase
again (the CLI finds the orders shown by resolving the phase before it once
more from its archived order files: `cli.replayed`).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from adjudicator.app import gamefolder as gf
from adjudicator.kits.board.results import OrderResult, Resolution
from adjudicator.kits.board.state import GameState, Phase
from maps import GameMap, MapError
from maps.geometry import MapGeometry, load_geometry
from renderers.board.report import phase_title
from renderers.map_image import Format, render_map


def geometry_for(game_map: GameMap) -> MapGeometry | None:
    """The map's drawing geometry, or None for a map that has none."""
    try:
        return load_geometry(game_map.name)
    except MapError:
        return None


def map_bytes(
    game_map: GameMap, state: GameState, resolution: Resolution | None, fmt: Format = "png"
) -> bytes | None:
    """The map of `state` with the orders of `resolution` (the phase before), or None
    when the map has no geometry."""
    geometry = geometry_for(game_map)
    if geometry is None:
        return None
    results: Sequence[OrderResult] = resolution.results if resolution else ()
    subtitle = f"Orders of {phase_title(resolution.previous.phase)}" if resolution else ""
    return render_map(game_map, geometry, state, results, fmt=fmt, subtitle=subtitle)


def map_path(folder: Path, phase: Phase | str, fmt: Format = "png") -> Path:
    """`turns/<phase>.png` (or `.svg`)."""
    return folder / gf.TURNS_DIR / f"{phase}.{fmt}"


def write_turn_map(folder: Path, game_map: GameMap, resolution: Resolution) -> Path | None:
    """Write `turns/<next phase>.png` for a resolved phase; None if the map has no geometry."""
    data = map_bytes(game_map, resolution.state, resolution)
    if data is None:
        return None
    path = map_path(folder, resolution.state.phase)
    gf.atomic_write(path, data)
    return path
