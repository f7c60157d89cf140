"""The political map of an Orbis game (rulebook 000 "Mapa y Estados"): each
region a cell around its point, in its nation's colour; unheld regions
(black territory, O-184) in grey; borders between nations drawn thick; the
region names; a legend of the nations; with the game's politics, its
vassals, wars, treaties, organisations, civil wars and rebellions
(`renderers.orbis.map_politics`) and a second legend, "Política". The cells are the Voronoi cells of
the region points (shapely), clipped to the map's extent with a margin: a
schematic map, the same bytes for the same position."""

from __future__ import annotations

from collections.abc import Mapping

import matplotlib as mpl
import shapely
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from shapely.geometry import MultiPoint, Polygon, box
from shapely.ops import voronoi_diagram

from adjudicator.rulesets.orbis.politics.register import Politics
from maps.orbis.model import OrbisMap
from renderers.figure import DPI, RC, Format
from renderers.orbis.map_politics import draw_politics, political_handles
from renderers.png import figure_bytes
from texts import _

UNHELD = "#9e9e9e"
"""Black territory and regions nobody holds (O-184)."""
MARGIN = 3.0
"""Degrees of longitude and latitude around the outermost points."""


def region_cells(game_map: OrbisMap) -> dict[str, Polygon]:
    """Each region's cell: the Voronoi cell of its point within the extent."""
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
    cells = region_cells(game_map)
    with mpl.rc_context(RC):
        figure = Figure(figsize=(12, 8), dpi=DPI)
        axes = figure.add_axes((0.02, 0.04, 0.74, 0.88))
        axes.set_axis_off()
        ordered = sorted(cells)
        fills = [colours.get(owners.get(r, ""), UNHELD) for r in ordered]
        polygons = [list(cells[r].exterior.coords) for r in ordered]
        axes.add_collection(
            PolyCollection(polygons, facecolors=fills, edgecolors="#ffffff", linewidths=0.8)
        )
        _borders(axes, game_map, cells, owners)
        for rid in ordered:
            x, y = game_map.regions[rid].at
            axes.text(
                x,
                y,
                game_map.regions[rid].name,
                ha="center",
                va="center",
                fontsize=8,
                color="#111111",
                bbox={"boxstyle": "round,pad=0.15", "fc": "#ffffffaa", "ec": "none"},
            )
        axes.autoscale_view()
        axes.set_aspect("equal")
        drawn = (
            draw_politics(axes, game_map, cells, owners, colours, politics, year=politics_year)
            if politics is not None
            else set()
        )
        figure.text(0.02, 0.96, title, fontsize=15, fontweight="bold", va="center")
        held = sorted({n for n in owners.values()}, key=lambda n: names.get(n, n))
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
        return figure_bytes(figure, fmt)


def _borders(
    axes: object, game_map: OrbisMap, cells: Mapping[str, Polygon], owners: Mapping[str, str]
) -> None:
    """Thick lines where neighbouring regions belong to different nations."""
    for pair in sorted(tuple(sorted(p)) for p in game_map.borders):
        first, second = pair
        if owners.get(first) == owners.get(second):
            continue
        shared = cells[first].intersection(cells[second])
        for line in getattr(shared, "geoms", [shared]):
            if line.is_empty or line.geom_type not in ("LineString", "LinearRing"):
                continue
            xs, ys = line.xy
            axes.plot(list(xs), list(ys), color="#222222", linewidth=2.2)  # type: ignore[attr-defined]
