"""The board layer of a turn map: areas by controller, labels, cities, units, ringed
cities (Machiavelli's sieges), dislodged units. Pure drawing onto a matplotlib
`Axes` in the geometry's pixels (origin top-left, y down); nothing here knows the
engine's internals beyond the `GameState` record, and what a ruleset's own state
adds comes through the canvas's `BoardRendering`.

Each kind of mark goes into one matplotlib collection (all the cities, all the
armies, all the hatches...) and the labels are outlines (`renderers.map_text`),
not one artist per mark: a map has a few dozen artists instead of ~800, which
made drawing three to four times faster (issue 12, `benchmarks/README.md`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.markers import MarkerStyle
from matplotlib.patches import Circle
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform

from adjudicator.kits.board.state import GameState, Unit
from maps.geometry import AreaGeometry, MapGeometry, Point
from maps.model import AreaKind, GameMap
from orders.board.model import UnitKind
from renderers import map_style as style
from renderers.board.rendering import BoardRendering, Mark
from renderers.board.words import power_name
from renderers.hatching import hatch_path
from renderers.kept import KeptValues
from renderers.map_text import draw_labels as put_labels
from texts import _

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
HATCH_WIDTH = 0.6
"""The home areas' stripes, in pixels (`renderers.hatching`)."""
LABEL_SIZE = 8.5
"""Area labels in points: a line box of 11.4 px at 100 dpi, above `MIN_LABEL_PX`."""
MIN_LABEL_PX = 11.0
"""The least height, in pixels of the PNG as mailed, of an area label's line box."""
NOTE_SIZE = 6.5
"""Retreat notes, in points."""

StateT = TypeVar("StateT", bound=GameState)


@dataclass(frozen=True)
class Canvas:
    """What every drawing function needs: the axes, the map, its geometry, the fills."""

    ax: Axes
    game_map: GameMap
    geometry: MapGeometry
    palette: style.Palette
    titles: dict[str, list[str]] = field(default_factory=dict)
    """SVG hover titles of the collections drawn, by their `gid`: one per item."""

    def area(self, location: str) -> AreaGeometry:
        return self.geometry.areas[self.game_map.province(location)]

    def anchor(self, location: str, kind: UnitKind | None = None) -> Point:
        """Where a unit of `kind` at `location` is drawn (a garrison: in the city)."""
        return unit_anchor(self.game_map, self.geometry, location, kind)


def unit_anchor(
    game_map: GameMap, geometry: MapGeometry, location: str, kind: UnitKind | None = None
) -> Point:
    """Where a unit of `kind` at `location` is drawn (a garrison: in the city)."""
    area = geometry.areas[game_map.province(location)]
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
    game_map: GameMap,
    palette: style.Palette,
    code: str,
    out_of_play: frozenset[str],
    owned: Mapping[str, str],
) -> str:
    """An area's fill: out of play, its controller's colour, or sea or land."""
    if code in out_of_play:
        return style.OUT_OF_PLAY
    if code in owned:
        return palette.fill(owned[code])
    return style.SEA if game_map.areas[code].kind is AreaKind.SEA else style.LAND


def draw_areas(canvas: Canvas, board: Board[StateT]) -> None:
    """Every area filled by its controller, impassable land, crossings, home hatches."""
    owned = board.owners()
    out_of_play = board.rendering.out_of_play(board.state)
    geometry = canvas.geometry
    codes = sorted(geometry.areas)
    outlines = [geometry.areas[c].polygon for c in codes]
    fills = [area_fill(canvas.game_map, canvas.palette, c, out_of_play, owned) for c in codes]
    canvas.ax.add_collection(
        PolyCollection(outlines, facecolors=fills, edgecolors="none", linewidths=0.0)
    ).set_gid("areas.fill")
    canvas.titles["areas.fill"] = [area_title(canvas, c, owned) for c in codes]
    lands = [i.polygon for i in geometry.impassable]
    canvas.ax.add_collection(
        PolyCollection(lands, facecolors=style.IMPASSABLE, edgecolors="none", linewidths=0.0)
    ).set_gid("areas.impassable")
    canvas.titles["areas.impassable"] = [i.name for i in geometry.impassable]
    canvas.ax.add_collection(
        PathCollection(
            [border_path(geometry)],
            facecolors="none",
            edgecolors=style.EDGE,
            linewidths=0.7,
            zorder=1.05,
        ),
        autolim=False,
    ).set_gid("borders.edges")
    homes = board.rendering.home_areas(board.state, canvas.game_map)
    hatched = [code for code in sorted(homes) if code in geometry.areas]
    if hatched:
        canvas.ax.add_collection(
            PathCollection(
                [hatch_path(geometry.areas[code].polygon) for code in hatched],
                facecolors="none",
                edgecolors=[canvas.palette.ink(homes[code]) for code in hatched],
                linewidths=HATCH_WIDTH,
            ),
            autolim=False,
        ).set_gid("areas.homes")
    if geometry.crossings:
        canvas.ax.add_collection(
            LineCollection(
                [link.line for link in geometry.crossings],
                colors=style.EDGE,
                linewidths=2.2,
                linestyles=[(0, (2, 1.5))],
                zorder=2,
            ),
            autolim=False,
        ).set_gid("borders.crossings")


_BORDERS: KeptValues[Path] = KeptValues(limit=64)


def border_path(geometry: MapGeometry) -> Path:
    """Every edge of the areas' and impassable lands' outlines drawn once, as one
    path: a border two areas share is one run of segments, not two outlines
    drawn over each other (half the ink to draw, one SVG element; the same lines)."""

    def path() -> Path:
        outlines = [geometry.areas[c].polygon for c in sorted(geometry.areas)]
        runs = unshared_runs([*outlines, *(land.polygon for land in geometry.impassable)])
        return Path.make_compound_path(*(Path(run) for run in runs))

    return _BORDERS.get(geometry, None, path)


def unshared_runs(rings: Sequence[Sequence[Point]]) -> list[list[Point]]:
    """The closed `rings`' segments, each once (the first ring to walk it draws
    it), as runs of consecutive segments."""
    seen: set[tuple[Point, Point]] = set()
    runs: list[list[Point]] = []
    for ring in rings:
        run: list[Point] = []
        for a, b in zip(ring, [*ring[1:], ring[0]], strict=True):
            segment = (a, b) if a <= b else (b, a)
            if segment in seen or a == b:
                run = _ended(run, runs)
                continue
            seen.add(segment)
            run = run or [a]
            run.append(b)
        _ended(run, runs)
    return runs


def _ended(run: list[Point], runs: list[list[Point]]) -> list[Point]:
    if len(run) > 1:
        runs.append(run)
    return []


def area_title(canvas: Canvas, code: str, owned: Mapping[str, str]) -> str:
    """`Liverpool (lvp): England`, the hover title of an area in an SVG map."""
    name = f"{canvas.game_map.areas[code].local_name} ({code})"
    if code not in owned:
        return name
    return f"{name}: {power_name(canvas.game_map, owned[code])}"


def draw_markers(
    canvas: Canvas,
    points: Sequence[Point],
    marker: str | Path,
    size: float,
    *,
    face: str | Sequence[str],
    edge: str | Sequence[str],
    width: float,
    zorder: float = 2.0,
    gid: str | None = None,
) -> None:
    """The same marker (as `plot`'s: `size` in points) at each point, in one collection."""
    if not points:
        return
    shape = MarkerStyle(marker)
    collection = canvas.ax.add_collection(
        PathCollection(
            [shape.get_path().transformed(shape.get_transform())],
            sizes=[size**2],
            offsets=list(points),
            offset_transform=canvas.ax.transData,
            transform=IdentityTransform(),
            facecolors=face,
            edgecolors=edge,
            linewidths=width,
            joinstyle=shape.get_joinstyle(),
            zorder=zorder,
        ),
        autolim=False,
    )
    if gid is not None:
        collection.set_gid(gid)


def retreat_note(retreats: Sequence[str]) -> str:
    if retreats:
        return _("retreat: {areas}").format(areas=", ".join(retreats))
    return _("retreat: none")


def draw_cities(canvas: Canvas, board: Board[StateT]) -> None:
    """Cities (Machiavelli: ring if fortified, blue dot for a port, income) and supply
    centres (classic: a dot in the owner's fill)."""
    owned = board.owners()
    dots: dict[bool, tuple[list[Point], list[str]]] = {False: ([], []), True: ([], [])}
    ports: list[Point] = []
    incomes: list[tuple[Point, str]] = []
    for code in sorted(canvas.geometry.areas):
        area, where = canvas.game_map.areas[code], canvas.geometry.areas[code].city
        if where is None or (area.city is None and not area.supply_center):
            continue
        x, y = where
        city = area.city
        points, fills = dots[city is not None and city.fortified]
        points.append(where)
        fills.append(canvas.palette.fill(owned[code]) if code in owned else "#ffffff")
        if city is None:
            continue
        if city.port:
            ports.append((x + 8, y + 7))
        if city.income:
            incomes.append(((x - 9, y + 8), str(city.income)))
    for fortified, (points, fills) in dots.items():
        size, width = (9.0, 1.6) if fortified else (6.0, 1.0)
        draw_markers(canvas, points, "o", size, face=fills, edge=style.TEXT, width=width)
    draw_markers(canvas, ports, "v", 4.5, face="#1f5fa8", edge="#1f5fa8", width=1.0)
    put_labels(canvas.ax, incomes, style.TEXT, size=6, weight="bold")


def draw_units(
    canvas: Canvas, units: Sequence[Unit], titles: Mapping[Unit, str] | None = None
) -> None:
    """Army (disc), fleet (hull) and garrison (square) symbols with their letter
    (`titles`: each unit's hover title in an SVG)."""
    placed = [(u, canvas.anchor(u.location, u.kind)) for u in sorted(units)]
    draw_unit_marks(canvas, placed, titles=titles)


def draw_unit_marks(
    canvas: Canvas,
    placed: Sequence[tuple[Unit, Point]],
    edge: str = "#000000",
    *,
    layer: str = "units",
    titles: Mapping[Unit, str] | None = None,
) -> None:
    """Units in their power's fill (an owner that is no power, such as
    Machiavelli's autonomous garrisons, in `NO_POWER_FILL`), each kind's symbols
    in one collection (`gid` `<layer>.<kind>`), then the letters."""
    for kind in MARKERS:
        of_kind = [(unit, at) for unit, at in placed if unit.kind is kind]
        fills = [canvas.palette.fill(unit.power) for unit, _ in of_kind]
        points = [at for _, at in of_kind]
        gid = f"{layer}.{kind.name.lower()}"
        if titles is not None and of_kind:
            canvas.titles[gid] = [titles.get(unit, str(unit)) for unit, _ in of_kind]
        draw_markers(
            canvas,
            points,
            MARKERS[kind],
            UNIT_SIZE[kind],
            face=fills,
            edge=edge,
            width=1.2,
            gid=gid,
        )
    for kind in MARKERS:
        of_kind = [(unit, at) for unit, at in placed if unit.kind is kind]
        put_labels(
            canvas.ax,
            [(at, kind.value) for _, at in of_kind],
            [style.text_on(canvas.palette.fill(unit.power)) for unit, _ in of_kind],
            size=7 if kind is UnitKind.GARRISON else 8,
            weight="bold",
        )


MARK_OFFSET = (11.0, -11.0)
"""Where a badge sits from its area's point (or its unit), in map pixels."""


def mark_spot(canvas: Canvas, mark: Mark) -> Point:
    """A badge's centre: up and right of the unit it is beside, of the city, or
    of the area's unit point."""
    return mark_spot_at(canvas.game_map, canvas.geometry, mark)


def mark_spot_at(game_map: GameMap, geometry: MapGeometry, mark: Mark) -> Point:
    area = geometry.areas[mark.area]
    if mark.beside is not None:
        kind = UnitKind(mark.beside.partition(" ")[0])
        base = unit_anchor(game_map, geometry, mark.beside.partition(" ")[2], kind)
    elif mark.in_city and area.city is not None:
        base = area.city
    else:
        base = area.unit
    return (base[0] + MARK_OFFSET[0], base[1] + MARK_OFFSET[1])


def draw_marks(canvas: Canvas, board: Board[StateT]) -> None:
    """The ruleset's badges (`BoardRendering.marks`): a small disc in the mark's
    colour with its letter, all in one collection and one set of labels."""
    marks = [m for m in board.rendering.marks(board.state) if m.area in canvas.geometry.areas]
    if not marks:
        return
    spots = [mark_spot(canvas, m) for m in marks]
    draw_markers(
        canvas, spots, "o", 11.0, face=[m.colour for m in marks], edge="#000000", width=0.8
    )
    put_labels(
        canvas.ax,
        [(spot, m.letter) for spot, m in zip(spots, marks, strict=True)],
        [style.text_on(m.colour) for m in marks],
        size=6,
        weight="bold",
    )


def draw_rings(canvas: Canvas, board: Board[StateT]) -> None:
    """A dashed ring in a power's ink around each city the ruleset's rendering
    rings (Machiavelli: a besieged city, in its besieger's ink)."""
    ringed = board.rendering.ringed_cities(board.state)
    for code in sorted(ringed):
        where = canvas.geometry.areas[code].city or canvas.geometry.areas[code].unit
        canvas.ax.add_artist(
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
    return dislodged_spot_at(canvas.geometry, canvas.game_map, location)


def dislodged_spot_at(geometry: MapGeometry, game_map: GameMap, location: str) -> Point:
    x, y = geometry.areas[game_map.province(location)].unit
    return (x + DISLODGED_OFFSET[0], y + DISLODGED_OFFSET[1])


def draw_dislodged(canvas: Canvas, state: GameState) -> None:
    """Each dislodged unit beside its area, ringed in red, with dotted lines to
    where it may retreat and their names."""
    dislodged = sorted(state.dislodged, key=lambda d: d.unit)
    if not dislodged:
        return
    spots = [dislodged_spot(canvas, d.unit.location) for d in dislodged]
    lines = [
        (spot, canvas.anchor(option))
        for d, spot in zip(dislodged, spots, strict=True)
        for option in d.retreats
    ]
    if lines:
        canvas.ax.add_collection(
            LineCollection(lines, colors=style.FAILED, linewidths=1.0, linestyles=":", zorder=2),
            autolim=False,
        )
    draw_unit_marks(
        canvas,
        [(d.unit, spot) for d, spot in zip(dislodged, spots, strict=True)],
        edge=style.FAILED,
        layer="dislodged",
    )
    notes = [
        ((spot[0], spot[1] - 14), retreat_note(d.retreats))
        for d, spot in zip(dislodged, spots, strict=True)
    ]
    put_labels(canvas.ax, notes, style.FAILED, size=NOTE_SIZE, weight="bold", va="bottom")
