"""The political map of an Orbis game (rulebook 000 "Mapa y Estados"): each
region's land in its nation's colour; unheld regions (black territory, O-184)
in grey; borders between nations drawn thick; crossings (neighbours across
the sea) dashed; the region names; a legend of the nations; with the game's
politics, its vassals, wars, treaties, organisations, civil wars and
rebellions (`renderers.orbis.map_politics`) and a second legend, "Política".

Issue 20, real geography: a packaged map has a geometry file
(`maps.orbis.geometry`, Natural Earth's land divided among the regions, made
by `maps/tools/orbis_geometry.py`), drawn equirectangular around its
parallel, the sea and the land no region holds behind it. A GM's own map,
with no geometry that fits it, is drawn as before: each region the Voronoi
cell of its point (shapely), clipped to the map's extent with a margin, a
schematic map (`region_cells`).

An SVG map is a document (issue 20, `renderers.svg_document`): its text is
`<text>` (`svg.fonttype: none`), each layer (land, regions, borders,
crossings, labels, politics, title, legend) is one `<g>` of that id, and each
region, crossing and political mark has a `<title>` (the region's name and
holder; what a mark stands for) that a browser shows on hover. The same
position gives the same bytes; drawing the SVG changes nothing in the PNG.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import matplotlib as mpl
import numpy as np
import shapely
from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import BoxStyle, Patch, Rectangle
from matplotlib.path import Path
from matplotlib.transforms import IdentityTransform
from shapely.geometry import MultiPoint, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient
from shapely.ops import voronoi_diagram

from adjudicator.rulesets.orbis.politics.register import Politics
from maps.orbis.geometry import Crossing, OrbisGeometry, Point, geometry_for
from maps.orbis.model import OrbisMap
from renderers import map_style as style
from renderers.figure import DPI, RC, Format
from renderers.map_text import PX_PER_POINT, as_text, label_box, texts_by_gid
from renderers.map_text import draw_labels as put_labels
from renderers.orbis.map_politics import (
    POLITICAL_KINDS,
    draw_politics,
    political_handles,
    political_titles,
)
from renderers.png import figure_bytes
from renderers.svg_document import document, dotted_layer, layer
from texts import _

UNHELD = "#9e9e9e"
"""Black territory and regions nobody holds (O-184)."""
MARGIN = 3.0
"""Degrees of longitude and latitude around the outermost points (schematic cells)."""
COAST = "#5b7f9e"
"""The coastline over the land."""
SVG_RC: dict[Any, Any] = {"svg.fonttype": "none"}
"""In an SVG, text is `<text>` (the PNG draws the same glyphs)."""


def region_cells(game_map: OrbisMap) -> dict[str, Polygon]:
    """Each region's schematic cell: the Voronoi cell of its point within the extent."""
    points = {rid: r.at for rid, r in sorted(game_map.regions.items())}
    xs = [p[0] for p in points.values()]
    ys = [p[1] for p in points.values()]
    extent = box(min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN)
    diagram = voronoi_diagram(MultiPoint(list(points.values())), envelope=extent)
    cells: dict[str, Polygon] = {}
    for rid, (x, y) in points.items():
        here = shapely.Point(x, y)
        cell = next(c for c in diagram.geoms if c.contains(here))
        clipped = cell.intersection(extent)
        cells[rid] = clipped if isinstance(clipped, Polygon) else extent
    return cells


@dataclass(frozen=True)
class Drawing:
    """The regions as drawn: the cells the overlays use (a region's largest
    piece of land), a path per region, the label points, the lines of each
    shared border, and the land behind (none for schematic cells)."""

    cells: Mapping[str, Polygon]
    paths: Mapping[str, Path]
    labels: Mapping[str, Point]
    borders: Mapping[frozenset[str], tuple[np.ndarray, ...]]
    land: tuple[np.ndarray, ...] = ()
    geometry: OrbisGeometry | None = None


def drawing(game_map: OrbisMap) -> Drawing:
    """The map's geography (made once per geometry file), or schematic cells."""
    geometry = geometry_for(game_map)
    if geometry is not None:
        return _geography(geometry)
    cells = region_cells(game_map)
    labels = {code: region.at for code, region in game_map.regions.items()}
    return Drawing(cells, _paths(cells), labels, border_lines(cells))


@functools.lru_cache(maxsize=4)
def _geography(geometry: OrbisGeometry) -> Drawing:
    shapes = {code: region.shape for code, region in sorted(geometry.regions.items())}
    return Drawing(
        cells={code: max(shape.geoms, key=lambda p: p.area) for code, shape in shapes.items()},
        paths=_paths(shapes),
        labels={code: region.label for code, region in geometry.regions.items()},
        borders=border_lines(shapes),
        land=tuple(np.asarray(ring) for ring in geometry.land),
        geometry=geometry,
    )


def _paths(shapes: Mapping[str, BaseGeometry]) -> dict[str, Path]:
    return {code: shape_path(shape) for code, shape in shapes.items()}


def border_lines(
    shapes: Mapping[str, BaseGeometry],
) -> dict[frozenset[str], tuple[np.ndarray, ...]]:
    """The lines two regions share, for every two that share some."""
    codes = sorted(shapes)
    found: dict[frozenset[str], tuple[np.ndarray, ...]] = {}
    for a, b in itertools.combinations(codes, 2):
        if not shapes[a].envelope.intersects(shapes[b].envelope):
            continue
        shared = shapely.line_merge(shapely.intersection(shapes[a].boundary, shapes[b].boundary))
        lines = tuple(
            np.asarray(line.coords)
            for line in getattr(shared, "geoms", [shared])
            if not line.is_empty and line.geom_type in ("LineString", "LinearRing")
        )
        if lines:
            found[frozenset((a, b))] = lines
    return found


def shape_path(shape: BaseGeometry) -> Path:
    """One path for a polygon or several (outer rings counter-clockwise, holes clockwise)."""
    rings: list[Path] = []
    for part in getattr(shape, "geoms", [shape]):
        oriented = orient(part, 1.0)
        for ring in (oriented.exterior, *oriented.interiors):
            rings.append(Path(np.asarray(ring.coords), closed=True))
    return Path.make_compound_path(*rings)


def render_orbis_map(
    game_map: OrbisMap,
    owners: Mapping[str, str],
    colours: Mapping[str, str],
    names: Mapping[str, str],
    fmt: Format,
    *,
    title: str,
    politics: Politics | None = None,
    politics_year: int | None = None,
) -> bytes:
    """The map of `owners` (region -> nation) as PNG or SVG; with `politics`,
    its overlays and a "Política" legend (`renderers.orbis.map_politics`:
    treaties in force in `politics_year`, or every treaty not ended)."""
    if fmt not in ("png", "svg"):
        raise ValueError(f"unknown map format {fmt!r}: png or svg")
    drawn_map = drawing(game_map)
    geometry = drawn_map.geometry
    with ExitStack() as stack:
        stack.enter_context(mpl.rc_context({**RC, **(SVG_RC if fmt == "svg" else {})}))
        sink = stack.enter_context(as_text()) if fmt == "svg" else []
        figure = Figure(figsize=(12, 8), dpi=DPI)
        axes = figure.add_axes((0.02, 0.04, 0.74, 0.88))
        axes.set_axis_off()
        if geometry is not None:
            _draw_land(axes, geometry, drawn_map.land)
        ordered = sorted(drawn_map.paths)
        fills = [colours.get(owners.get(r, ""), UNHELD) for r in ordered]
        regions = PathCollection(
            [drawn_map.paths[r] for r in ordered],
            facecolors=fills,
            edgecolors="#ffffff",
            linewidths=0.8,
        )
        regions.set_gid("regions.fill")
        axes.add_collection(regions)
        if geometry is not None:
            _draw_coast(axes, drawn_map.land)
        crossings = _crossings(game_map, geometry)
        _borders(axes, game_map, drawn_map, owners, crossings)
        with layer(axes, "labels"):
            _draw_labels(axes, [(drawn_map.labels[r], game_map.regions[r].name) for r in ordered])
        _frame(axes, geometry)
        drawn = (
            draw_politics(
                axes, game_map, drawn_map.cells, owners, colours, politics, year=politics_year
            )
            if politics is not None
            else set()
        )
        figure.text(
            0.02, 0.96, title, gid="title.text", fontsize=15, fontweight="bold", va="center"
        )
        _legends(figure, owners, colours, names, politics, drawn)
        data = figure_bytes(figure, fmt)
    if fmt == "png":
        return data
    region_titles = [_region_title(game_map, r, owners, names) for r in ordered]
    titles: dict[str, list[str]] = {"regions.fill": region_titles}
    titles |= {
        f"crossings.{a}-{b}": [f"{game_map.regions[a].name} – {game_map.regions[b].name}"]
        for a, b in (c.between for c in crossings)
    }
    if politics is not None:
        titles |= political_titles(figure_gids(figure), politics, names)
    texts = texts_by_gid(sink)
    return document(data, titles, title, texts, layer_named=_layer_named)


def _draw_land(axes: Axes, geometry: OrbisGeometry, rings: Sequence[np.ndarray]) -> None:
    """The sea over the whole frame, and all the land (what no region holds shows)."""
    west, south, east, north = geometry.frame
    sea = Rectangle((west, south), east - west, north - south, facecolor=style.SEA, lw=0)
    sea.set_gid("land.sea")
    axes.add_patch(sea)
    land = PolyCollection(rings, facecolors=style.LAND, edgecolors="none")
    land.set_gid("land.ground")
    axes.add_collection(land)


def _draw_coast(axes: Axes, rings: Sequence[np.ndarray]) -> None:
    coast = PolyCollection(
        rings,
        facecolors="none",
        edgecolors=COAST,
        linewidths=0.5,
    )
    coast.set_gid("land.coast")
    axes.add_collection(coast, autolim=False)


def _frame(axes: Axes, geometry: OrbisGeometry | None) -> None:
    """The geometry's frame, drawn to scale around its parallel; or the cells' extent."""
    if geometry is None:
        axes.autoscale_view()
        axes.set_aspect("equal")
        return
    west, south, east, north = geometry.frame
    axes.set_xlim(west, east)
    axes.set_ylim(south, north)
    axes.set_aspect(1 / math.cos(math.radians(geometry.parallel)))


def _crossings(game_map: OrbisMap, geometry: OrbisGeometry | None) -> list[Crossing]:
    """The crossings drawn: those of the geometry (none on schematic cells)."""
    if geometry is None:
        return []
    return [c for c in geometry.crossings if frozenset(c.between) in game_map.borders]


def _borders(
    axes: Axes,
    game_map: OrbisMap,
    drawn_map: Drawing,
    owners: Mapping[str, str],
    crossings: Sequence[Crossing],
) -> None:
    """Thick lines where neighbouring regions belong to different nations;
    the crossings dashed over the water."""
    segments: list[np.ndarray] = []
    for first, second in sorted(tuple(sorted(p)) for p in game_map.borders):
        if owners.get(first) != owners.get(second):
            segments += drawn_map.borders.get(frozenset((first, second)), ())
    if segments:
        lines = LineCollection(segments, colors="#222222", linewidths=2.2, capstyle="round")
        lines.set_gid("borders.nations")
        axes.add_collection(lines, autolim=False)
    for crossing in crossings:
        (a, b), ((x0, y0), (x1, y1)) = crossing.between, crossing.line
        axes.plot(
            [x0, x1],
            [y0, y1],
            gid=f"crossings.{a}-{b}",
            color=style.EDGE,
            linewidth=1.4,
            linestyle=(0, (3, 2)),
            solid_capstyle="round",
        )


def _legends(
    figure: Figure,
    owners: Mapping[str, str],
    colours: Mapping[str, str],
    names: Mapping[str, str],
    politics: Politics | None,
    drawn: set[str],
) -> None:
    """The nations' legend, and the "Política" legend when overlays were drawn."""
    held = sorted(set(owners.values()), key=lambda n: names.get(n, n))
    handles = [
        Patch(facecolor=colours.get(n, UNHELD), edgecolor="#333333", label=names.get(n, n))
        for n in held
    ]
    handles.append(Patch(facecolor=UNHELD, edgecolor="#333333", label=_("sin nación")))
    figure.legend(
        handles=handles,
        loc="upper left",
        bbox_to_anchor=(0.78, 0.9),
        frameon=False,
        fontsize=10,
        title=_("Naciones"),
    )
    if drawn and politics is not None:
        figure.legend(
            handles=political_handles(politics, drawn),
            loc="lower left",
            bbox_to_anchor=(0.78, 0.05),
            frameon=True,
            fontsize=9,
            title=_("Política"),
        )


def _region_title(
    game_map: OrbisMap, region: str, owners: Mapping[str, str], names: Mapping[str, str]
) -> str:
    """`Galia: Francos`, or the region and "sin nación" (O-184)."""
    owner = owners.get(region)
    holder = names.get(owner, owner) if owner else _("sin nación")
    return f"{game_map.regions[region].name}: {holder}"


def figure_gids(figure: Figure) -> list[str]:
    """Every artist id in the figure, in drawing order."""
    found: list[str] = []
    for axes in figure.axes:
        found += [str(a.get_gid()) for a in axes.get_children() if a.get_gid() is not None]
    return found


LABEL_SIZE = 8.0
LABEL_PAD = 1.2
"""The region names' size and their backing's padding, in points."""


def _draw_labels(axes: Axes, labels: Sequence[tuple[Point, str]]) -> None:
    """The region names on rounded, half-clear white backings: glyph outlines
    in one collection and the backings in another (`renderers.map_text`; in
    an SVG the names are `<text>`), not a matplotlib `Text` with a box each,
    which took a fifth of the map's drawing."""
    rounded = BoxStyle.Round(pad=LABEL_PAD)
    backings = []
    for _at, text in labels:
        left, top, right, bottom = (
            v / PX_PER_POINT for v in label_box((0.0, 0.0), text, LABEL_SIZE)
        )
        backings.append(rounded(left, -bottom, right - left, bottom - top, 1.0))
    axes.add_collection(
        PathCollection(
            backings,
            sizes=[1.0] * len(backings),
            offsets=[at for at, _ in labels],
            offset_transform=axes.transData,
            transform=IdentityTransform(),
            facecolors="#ffffffaa",
            edgecolors="none",
            zorder=3.9,
        ),
        autolim=False,
    )
    put_labels(axes, labels, "#111111", size=LABEL_SIZE, zorder=4.0)


def _layer_named(ident: str) -> str | None:
    """The political marks (ids `kind:...`, kept for their readers) go into one
    `<g id="politics">`, the legends (`legend_1`...) into `<g id="legend">`;
    the other artists by their `<layer>.<name>` ids."""
    if ident.startswith("legend_"):
        return "legend"
    if ident.partition(":")[0] in POLITICAL_KINDS and ":" in ident:
        return "politics"
    return dotted_layer(ident)
