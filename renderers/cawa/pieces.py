"""What stands on a CaWa board: villages and castles (CC-M-15, CC-M-17) and
fleets at sea (CC-MV-16), each kind one collection of markers.

A village is a white house, a castle a black tower, on the hex's centre
(inside an owned hex's terrain hexagon); a fleet is a boat in its player's
colour on its water hex (a little above the centre, its player's tag under
it), outlined white when launched this turn (AC-21), side by side when
several share a hex.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

from adjudicator.rulesets.cawa.records import Fleet
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap
from renderers.cawa.hexes import PT, XY, HexFrame, owner_colour

FLEETS_GID = "pieces.fleets"
FLEET_RISE = 0.1
"""How far above its hex's centre a boat floats, in hex radii: room under it
for its player's tag (`renderers.cawa.realms`)."""

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
    gid: str | None = None,
) -> None:
    """`shape` (marker units) `size` points across at each point, in one
    collection (of id `gid` in the SVG, if given)."""
    if not points:
        return
    collection = ax.add_collection(
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
    collection.set_gid(gid)


def building_gid(kind: Building) -> str:
    """The SVG id of the markers of a kind of building: `pieces.village`."""
    return f"pieces.{kind.value}"


def building_size(frame: HexFrame) -> float:
    """A building's marker size in points: within the inner hexagon."""
    return frame.radius * PT * 0.8


def building_spots(frame: HexFrame, state: CawaState, kind: Building) -> list[tuple[str, XY]]:
    """Each hex with a building of `kind` and where it stands, by code."""
    return [
        (code, frame.centre(code))
        for code, building in sorted(state.buildings.items())
        if building is kind and code in frame.index
    ]


BUILDING_LOOKS = (
    (Building.VILLAGE, HOUSE, "#ffffff", "#000000"),
    (Building.CASTLE, TOWER, "#1a1a1a", "#ffffff"),
)
"""Each building's marker, fill and outline."""


def draw_buildings(ax: Axes, frame: HexFrame, state: CawaState) -> None:
    """Villages as white houses, castles as black towers (CC-M-15, CC-M-17):
    one artist each, `pieces.village` and `pieces.castle` in the SVG."""
    size = building_size(frame)
    for kind, shape, face, edge in BUILDING_LOOKS:
        spots = [at for _, at in building_spots(frame, state, kind)]
        draw_markers(
            ax,
            spots,
            shape,
            size,
            face=face,
            edge=edge,
            width=0.9,
            zorder=2.0,
            gid=building_gid(kind),
        )


def fleet_marks(state: CawaState) -> list[tuple[Fleet, bool]]:
    """Every fleet to draw with whether it was launched this turn (AC-21): a
    fleet listed both at sea and as launched is one fleet."""
    at_sea, launched = Counter(state.fleets), Counter(state.launched)
    marks: list[tuple[Fleet, bool]] = []
    for fleet in sorted(set(at_sea) | set(launched)):
        new = launched[fleet]
        marks += [(fleet, k < new) for k in range(max(at_sea[fleet], new))]
    return marks


@dataclass(frozen=True)
class FleetSpot:
    """A fleet as drawn: where, its fill and outline (white when launched this turn)."""

    fleet: Fleet
    launched: bool
    at: XY
    face: str
    edge: str


def fleet_spots(frame: HexFrame, game_map: CawaMap, state: CawaState) -> list[FleetSpot]:
    """Every fleet on the map, by hex, side by side when several share one."""
    by_hex: dict[str, list[tuple[Fleet, bool]]] = {}
    for fleet, new in fleet_marks(state):
        if fleet.hex in frame.index:
            by_hex.setdefault(fleet.hex, []).append((fleet, new))
    spots: list[FleetSpot] = []
    for code in sorted(by_hex):
        here = by_hex[code]
        x, y = frame.centre(code)
        y -= frame.radius * FLEET_RISE
        step = frame.radius * min(0.6, 1.5 / len(here))
        for k, (fleet, new) in enumerate(here):
            dx = (k - (len(here) - 1) / 2) * step
            edge = "#ffffff" if new else "#000000"
            face = owner_colour(game_map, fleet.player)
            spots.append(FleetSpot(fleet, new, (x + dx, y), face, edge))
    return spots


def fleet_size(frame: HexFrame, spots: Sequence[FleetSpot]) -> float:
    """A boat's marker size in points: smaller when three or more share a hex."""
    crowd = Counter(s.fleet.hex for s in spots)
    return building_size(frame) * (1.0 if max(crowd.values(), default=1) < 3 else 0.8)


def draw_fleets(ax: Axes, frame: HexFrame, game_map: CawaMap, state: CawaState) -> None:
    """Boats in their player's colour on their water hex, side by side when
    several share one (CC-MV-16); launched this turn: white outline."""
    spots = fleet_spots(frame, game_map, state)
    draw_markers(
        ax,
        [s.at for s in spots],
        BOAT,
        fleet_size(frame, spots),
        face=[s.face for s in spots],
        edge=[s.edge for s in spots],
        width=1.0,
        zorder=2.1,
        gid=FLEETS_GID,
    )
