"""The board layer of a turn map: areas by controller, labels, cities, units, ringed
cities (Machiavelli's sieges), dislodged units. Pure drawing onto a matplotlib
`Axes` in the geometry's pixels (origin top-left, y down); nothing here knows the
engine's internals beyond the `GameState` record, and what a ruleset's own state
adds comes through the canvas's `BoardRendering`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from matplotlib.axes import Axes
from matplotlib.collections import PatchCollection
from matplotlib.patches import Circle, Polygon
from matplotlib.path import Path

from adjudicator.kits.board.state import GameState, Unit
from maps.geometry import AreaGeometry, MapGeometry, Point
from maps.model import AreaKind, GameMap
from orders.board.model import UnitKind
from renderers import map_style as style
from renderers.board.rendering import BoardRendering

UNIT_SIZE = {UnitKind.ARMY: 17.0, UnitKind.FLEET: 19.0, UnitKind.GARRISON: 12.0}
"""Marker sizes in points (1 point = 1.39 px at 100 dpi)."""
BOAT = Path([(-1.0, 0.25), (1.0, 0.25), (0.6, -0.55), (-0.6, -0.55), (-1.0, 0.25)], closed=True)
"""The fleet symbol: a hull (marker space, y up)."""
MARKERS: Mapping[UnitKind, str | Path] = {
    UnitKind.ARMY: "o",
    UnitKind.FLEET: BOAT,
    UnitKind.GARRISON: "s",
}
DISLODGED_OFFSET = (22.0, -18.0)

StateT = TypeVar("StateT", bound=GameState)


@dataclass(frozen=True)
class Canvas:
    """What every drawing function needs: the axes, the map, its geometry, the fills."""

    ax: Axes
    game_map: GameMap
    geometry: MapGeometry
    palette: style.Palette

    def area(self, location: str) -> AreaGeometry:
        return self.geometry.areas[self.game_map.province(location)]

    def anchor(self, location: str, kind: UnitKind | None = None) -> Point:
        """Where a unit of `kind` at `location` is drawn (a garrison: in the city)."""
        area = self.area(location)
        if kind is UnitKind.GARRISON and area.city is not None:
            return area.city
        return area.anchor(location)


@dataclass(frozen=True)
class Board(Generic[StateT]):
    """The state drawn, with the ruleset's rendering of what it adds."""

    state: StateT
    rendering: BoardRendering[StateT]

    def owners(self) -> Mapping[str, str]:
        """Area -> the power it is coloured for (supply-centre owners, or what
        the ruleset's rendering says: Machiavelli's control markers)."""
        return self.rendering.area_owners(self.state)


def area_fill(
    canvas: Canvas, code: str, out_of_play: frozenset[str], owned: Mapping[str, str]
) -> str:
    if code in out_of_play:
        return style.OUT_OF_PLAY
    if code in owned:
        return canvas.palette.fill(owned[code])
    kind = canvas.game_map.areas[code].kind
    return style.SEA if kind is AreaKind.SEA else style.LAND


def draw_areas(canvas: Canvas, board: Board[StateT]) -> None:
    """Every area filled by its controller, impassable land, crossings, home hatches."""
    owned = board.owners()
    out_of_play = board.rendering.out_of_play(board.state)
    geometry = canvas.geometry
    codes = sorted(geometry.areas)
    patches = [_polygon(geometry.areas[c]) for c in codes]
    fills = [area_fill(canvas, c, out_of_play, owned) for c in codes]
    canvas.ax.add_collection(
        PatchCollection(patches, facecolors=fills, edgecolors=style.EDGE, linewidths=0.7)
    )
    canvas.ax.add_collection(
        PatchCollection(
            [Polygon(i.polygon) for i in geometry.impassable],
            facecolors=style.IMPASSABLE,
            edgecolors=style.EDGE,
            linewidths=0.7,
        )
    )
    homes = board.rendering.home_areas(board.state, canvas.game_map)
    for code in sorted(homes):
        if code in geometry.areas:
            canvas.ax.add_patch(
                Polygon(
                    geometry.areas[code].polygon,
                    fill=False,
                    hatch="///",
                    edgecolor=canvas.palette.ink(homes[code]),
                    linewidth=0.0,
                )
            )
    for link in geometry.crossings:
        (x0, y0), (x1, y1) = link.line
        canvas.ax.plot([x0, x1], [y0, y1], color=style.EDGE, linewidth=2.2, linestyle=(0, (2, 1.5)))


def _polygon(area: AreaGeometry) -> Polygon:
    return Polygon(area.polygon, closed=True)


def draw_labels(canvas: Canvas) -> None:
    for code in sorted(canvas.geometry.areas):
        x, y = canvas.geometry.areas[code].label
        canvas.ax.text(x, y, code, ha="center", va="center", fontsize=6.5, color=style.TEXT)


def draw_cities(canvas: Canvas, board: Board[StateT]) -> None:
    """Cities (Machiavelli: ring if fortified, blue dot for a port, income) and supply
    centres (classic: a dot in the owner's fill)."""
    owned = board.owners()
    for code in sorted(canvas.geometry.areas):
        area, where = canvas.game_map.areas[code], canvas.geometry.areas[code].city
        if where is None or (area.city is None and not area.supply_center):
            continue
        x, y = where
        fill = canvas.palette.fill(owned[code]) if code in owned else "#ffffff"
        city = area.city
        size = 9.0 if city is not None and city.fortified else 6.0
        canvas.ax.plot(
            [x],
            [y],
            marker="o",
            markersize=size,
            markerfacecolor=fill,
            markeredgecolor=style.TEXT,
            markeredgewidth=1.6 if size > 6 else 1.0,
        )
        if city is None:
            continue
        if city.port:
            canvas.ax.plot([x + 8], [y + 7], marker="v", markersize=4.5, color="#1f5fa8")
        if city.income:
            canvas.ax.text(
                x - 9,
                y + 8,
                str(city.income),
                ha="center",
                va="center",
                fontsize=6,
                color=style.TEXT,
                fontweight="bold",
            )


def draw_units(canvas: Canvas, units: Sequence[Unit]) -> None:
    """Army (disc), fleet (hull) and garrison (square) symbols with their letter."""
    for unit in sorted(units):
        draw_unit(canvas, unit, canvas.anchor(unit.location, unit.kind))


def draw_unit(canvas: Canvas, unit: Unit, at: Point, edge: str = "#000000") -> None:
    """A unit in its power's fill (an owner that is no power, such as
    Machiavelli's autonomous garrisons, in `NO_POWER_FILL`)."""
    fill = canvas.palette.fill(unit.power)
    x, y = at
    canvas.ax.plot(
        [x],
        [y],
        marker=MARKERS[unit.kind],
        markersize=UNIT_SIZE[unit.kind],
        markerfacecolor=fill,
        markeredgecolor=edge,
        markeredgewidth=1.2,
        linestyle="none",
    )
    canvas.ax.text(
        x,
        y,
        unit.kind.value,
        ha="center",
        va="center",
        fontweight="bold",
        fontsize=7 if unit.kind is UnitKind.GARRISON else 8,
        color=style.text_on(fill),
    )


def draw_rings(canvas: Canvas, board: Board[StateT]) -> None:
    """A dashed ring in a power's ink around each city the ruleset's rendering
    rings (Machiavelli: a besieged city, in its besieger's ink)."""
    ringed = board.rendering.ringed_cities(board.state)
    for code in sorted(ringed):
        where = canvas.geometry.areas[code].city or canvas.geometry.areas[code].unit
        canvas.ax.add_patch(
            Circle(
                where,
                14.0,
                fill=False,
                edgecolor=canvas.palette.ink(ringed[code]),
                linewidth=2.2,
                linestyle=(0, (3, 2)),
            )
        )


def dislodged_spot(canvas: Canvas, location: str) -> Point:
    """Where a dislodged unit is drawn: beside its area's unit anchor."""
    x, y = canvas.area(location).unit
    return (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])


def draw_dislodged(canvas: Canvas, state: GameState) -> None:
    """Each dislodged unit beside its area, ringed in red, with dotted lines to
    where it may retreat and their names."""
    for d in sorted(state.dislodged, key=lambda d: d.unit):
        spot = dislodged_spot(canvas, d.unit.location)
        for option in d.retreats:
            tx, ty = canvas.anchor(option)
            canvas.ax.plot(
                [spot[0], tx], [spot[1], ty], color=style.FAILED, linewidth=1.0, linestyle=":"
            )
        draw_unit(canvas, d.unit, spot, edge=style.FAILED)
        where = ", ".join(d.retreats) or "none"
        canvas.ax.text(
            spot[0],
            spot[1] - 14,
            f"retreat: {where}",
            ha="center",
            va="bottom",
            fontsize=6,
            color=style.FAILED,
            fontweight="bold",
        )
