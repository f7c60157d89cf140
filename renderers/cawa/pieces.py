"""What stands on a CaWa board: villages and castles (CC-M-15, CC-M-17) and
fleets at sea (CC-MV-16), each kind one collection of markers.

A village is a white house, a castle a black tower, on the hex's centre
(inside an owned hex's terrain hexagon); a fleet is a boat in its player's
colour on its water hex, outlined white when launched this turn (AC-21),
side by side when several share a hex.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

from adjudicator.rulesets.cawa.records import Fleet
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap
from renderers.cawa.hexes import PT, XY, HexFrame, owner_colour

# Marker outlines in marker units (y up, about one unit across).
HOUSE = Path(
    [(-0.45, -0.45), (0.45, -0.45), (0.45, 0.1), (0.0, 0.5), (-0.45, 0.1), (-0.45, -0.45)],
    [Path.MOVETO, *[Path.LINETO] * 4, Path.CLOSEPOLY],
)
TOWER = Path(
    [
        (-0.45, -0.5),
        (0.45, -0.5),
        (0.45, 0.5),
        (0.27, 0.5),
        (0.27, 0.3),
        (0.09, 0.3),
        (0.09, 0.5),
        (-0.09, 0.5),
        (-0.09, 0.3),
        (-0.27, 0.3),
        (-0.27, 0.5),
        (-0.45, 0.5),
        (-0.45, -0.5),
    ],
    [Path.MOVETO, *[Path.LINETO] * 11, Path.CLOSEPOLY],
)
BOAT = Path(
    [
        (-0.55, -0.1),
        (-0.05, -0.1),
        (-0.05, 0.55),
        (0.4, -0.1),
        (0.55, -0.1),
        (0.35, -0.45),
        (-0.35, -0.45),
        (-0.55, -0.1),
    ],
    [Path.MOVETO, *[Path.LINETO] * 6, Path.CLOSEPOLY],
)


def draw_markers(
    ax: Axes,
    points: Sequence[XY],
    shape: Path,
    size: float,
    *,
    face: str | Sequence[str],
    edge: str | Sequence[str],
    width: float = 0.8,
    zorder: float = 2.0,
) -> None:
    """`shape` (marker units) `size` points across at each point, in one collection."""
    if not points:
        return
    ax.add_collection(
        PathCollection(
            [shape],
            sizes=[size**2],
            offsets=list(points),
            offset_transform=ax.transData,
            transform=IdentityTransform(),
            facecolors=face,
            edgecolors=edge,
            linewidths=width,
            zorder=zorder,
        ),
        autolim=False,
    )


def building_size(frame: HexFrame) -> float:
    """A building's marker size in points: within the inner hexagon."""
    return frame.radius * PT * 0.8


def draw_buildings(ax: Axes, frame: HexFrame, state: CawaState) -> None:
    """Villages as white houses, castles as black towers (CC-M-15, CC-M-17)."""
    size = building_size(frame)
    for kind, shape, face, edge in (
        (Building.VILLAGE, HOUSE, "#ffffff", "#000000"),
        (Building.CASTLE, TOWER, "#1a1a1a", "#ffffff"),
    ):
        spots = [
            frame.centre(code)
            for code, building in sorted(state.buildings.items())
            if building is kind and code in frame.index
        ]
        draw_markers(ax, spots, shape, size, face=face, edge=edge, width=0.9, zorder=2.0)


def fleet_marks(state: CawaState) -> list[tuple[Fleet, bool]]:
    """Every fleet to draw with whether it was launched this turn (AC-21): a
    fleet listed both at sea and as launched is one fleet."""
    at_sea, launched = Counter(state.fleets), Counter(state.launched)
    marks: list[tuple[Fleet, bool]] = []
    for fleet in sorted(set(at_sea) | set(launched)):
        new = launched[fleet]
        marks += [(fleet, k < new) for k in range(max(at_sea[fleet], new))]
    return marks


def draw_fleets(ax: Axes, frame: HexFrame, game_map: CawaMap, state: CawaState) -> None:
    """Boats in their player's colour on their water hex, side by side when
    several share one (CC-MV-16); launched this turn: white outline."""
    by_hex: dict[str, list[tuple[Fleet, bool]]] = {}
    for fleet, new in fleet_marks(state):
        if fleet.hex in frame.index:
            by_hex.setdefault(fleet.hex, []).append((fleet, new))
    spots: list[tuple[XY, str, str]] = []
    for code in sorted(by_hex):
        here = by_hex[code]
        x, y = frame.centre(code)
        step = frame.radius * min(0.6, 1.5 / len(here))
        for k, (fleet, new) in enumerate(here):
            dx = (k - (len(here) - 1) / 2) * step
            edge = "#ffffff" if new else "#000000"
            spots.append(((x + dx, y), owner_colour(game_map, fleet.player), edge))
    size = building_size(frame) * (1.0 if max(map(len, by_hex.values()), default=1) < 3 else 0.8)
    draw_markers(
        ax,
        [at for at, _, _ in spots],
        BOAT,
        size,
        face=[face for _, face, _ in spots],
        edge=[edge for _, _, edge in spots],
        width=1.0,
        zorder=2.1,
    )
