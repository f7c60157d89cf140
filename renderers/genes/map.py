"""`render_genes_map`: the board of a Genes Mactantes game as PNG or SVG bytes.

What is drawn (002 §3, §4.4, §5.4): the sea; each country's land in the
colour of the country that holds it; the relief (mountains, forests, rivers,
lakes, cliffs); the borders and the coast; the cities (a dot, circled when
walled (§4.4), a star for a capital, in the colour of the owner when
conquered); the forces (Exèrcit points) as small boxes in their owner's
colour under their city, or under the country's name for the field, raiding
parties dashed and marked ⚔; the characters by name under their place (♛
the principal; captured ones in grey with their captor; a hidden principal
only as `♛ <name> (<country>): hidden` in the notes, 002 §4.4); sieges as a red
ring; a legend with each country's Exèrcit and cities; and the title.

**Reading** (who holds a country's land): a country in the game holds its
own land; an eliminated country's land is drawn in the colour of the country
holding most of its cities (ties: the first id), or plain land if none.

With `state=None` only the region is drawn, with who drew it (002 §3): the
generator's preview. The frame is `region.size` at `SCALE` pixels per unit
plus a title band on top and a legend panel on the right: region point
(x, y) is image pixel `pixel((x, y))`. The bytes depend only on the inputs
(`renderers.figure.RC` and `METADATA`: no dates, a fixed SVG salt).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import matplotlib
import shapely
from matplotlib import patheffects
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.patches import Polygon as PolygonPatch
from matplotlib.patches import Rectangle

from adjudicator.rulesets.genes.model import (
    FIELD_PREFIX,
    Character,
    CharacterStatus,
    Force,
    GenesState,
)
from maps.genes.region import XY, Region, place_in
from renderers import map_style as style
from renderers.figure import DPI, FORMATS, RC
from renderers.png import figure_bytes
from texts import _

SCALE = 10
"""Pixels per region unit."""
TITLE_BAND = 50
PANEL = 300
"""Width in pixels of the legend panel right of the sheet."""
PAPER = "#fbf8f0"
MOUNTAIN = "#6d4c2f"
FOREST = "#2e6b2e"
WATER = "#3a7bd5"
LAKE = "#9cc3e6"
CAPTIVE = "#8a8a8a"
HALO = [patheffects.withStroke(linewidth=2.0, foreground="white")]


@dataclass(frozen=True)
class _Spot:
    """A city as drawn: from the state when there is one, else from the region."""

    id: str
    name: str
    country: str
    owner: str
    position: XY
    walled: bool = False
    capital: bool = False


def pixel(point: XY) -> tuple[int, int]:
    """The image pixel (column, row) of region point `point`."""
    return (int(point[0] * SCALE), int(point[1] * SCALE + TITLE_BAND))


def render_genes_map(
    region: Region, state: GenesState | None, fmt: str = "png", title: str = ""
) -> bytes:
    """The board of `state` on `region` (or the bare region) as PNG or SVG bytes."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown map format {fmt!r} (known: {', '.join(FORMATS)})")
    with matplotlib.rc_context(RC):
        return figure_bytes(_draw(region, state, title), "svg" if fmt == "svg" else "png")


def land_holder(region: Region, state: GenesState | None, country: str) -> str | None:
    """Whose colour a country's land is drawn in (see the module's **Reading**)."""
    if state is None:
        return country
    sheet = state.countries.get(country)
    if sheet is not None and not sheet.eliminated:
        return country
    holders = Counter(c.owner for c in state.cities.values() if c.country == country)
    ranked = sorted(holders.items(), key=lambda item: (-item[1], item[0]))
    return ranked[0][0] if ranked else None


def colour_of(region: Region, country: str | None) -> str:
    area = region.countries.get(country or "")
    return area.colour if area is not None else style.LAND


def _draw(region: Region, state: GenesState | None, title: str) -> Figure:
    width, height = region.size
    figure = Figure(
        figsize=((width * SCALE + PANEL) / DPI, (height * SCALE + TITLE_BAND) / DPI), dpi=DPI
    )
    FigureCanvasAgg(figure)
    figure.patch.set_facecolor(PAPER)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, width + PANEL / SCALE)
    ax.set_ylim(height, -TITLE_BAND / SCALE)
    ax.set_axis_off()
    ax.add_patch(Rectangle((0, 0), width, height, facecolor=style.SEA, edgecolor="none"))
    spots = _spots(region, state)
    anchors = _anchors(region, spots)
    _draw_land(ax, region, state)
    _draw_relief(ax, region)
    _draw_borders(ax, region)
    _draw_cities(ax, region, spots, state)
    for country, point in anchors.items():
        _label(ax, point, region.countries[country].local_name, 9.5, (0, 0), weight="bold")
    if state is not None:
        places = {s.id: s.position for s in spots.values()}
        places |= {f"{FIELD_PREFIX}{c}": p for c, p in anchors.items()}
        _draw_forces(ax, region, state, places)
        _draw_characters(ax, region, state, places)
    _draw_title(ax, region, state, title)
    _draw_legend(ax, region, state, spots)
    return figure


def _spots(region: Region, state: GenesState | None) -> dict[str, _Spot]:
    if state is None:
        return {
            c.id: _Spot(c.id, c.name, c.country, c.country, c.position)
            for c in region.cities.values()
        }
    return {
        c.id: _Spot(
            c.id, c.name, c.country, c.owner, c.position, c.walled, c.capital_of is not None
        )
        for _id, c in sorted(state.cities.items())
    }


def _anchors(region: Region, spots: dict[str, _Spot]) -> dict[str, XY]:
    """Where a country's name (and its field forces) go: inside its largest
    polygon, away from the cities."""
    anchors: dict[str, XY] = {}
    for country, area in region.countries.items():
        mainland = max((shapely.Polygon(p) for p in area.polygons), key=lambda p: p.area)
        anchors[country] = place_in(mainland, [s.position for s in spots.values()], 1.5)
    return anchors


def _draw_land(ax: Axes, region: Region, state: GenesState | None) -> None:
    for country, area in region.countries.items():
        fill = colour_of(region, land_holder(region, state, country))
        for ring in area.polygons:
            ax.add_patch(PolygonPatch(ring, closed=True, facecolor=fill, edgecolor="none"))


def _draw_relief(ax: Axes, region: Region) -> None:
    for feature in region.relief:
        xs = [p[0] for p in feature.points]
        ys = [p[1] for p in feature.points]
        if feature.kind == "lake":
            ax.add_patch(PolygonPatch(feature.points, facecolor=LAKE, edgecolor=WATER, lw=0.8))
        elif feature.kind == "river":
            ax.plot(xs, ys, color=WATER, lw=1.8, solid_capstyle="round")
        elif feature.kind == "cliff":
            ax.plot(xs, ys, color=MOUNTAIN, lw=2.2, linestyle=(0, (1, 1)))
        elif feature.kind == "forest":
            ax.plot(xs, ys, "o", ms=4.5, color=FOREST, mec="#1d451d", mew=0.5)
        else:
            line = shapely.LineString(feature.points)
            steps = max(int(line.length / 2.5), 1)
            peaks = [line.interpolate(k / steps, normalized=True) for k in range(steps + 1)]
            ax.plot([p.x for p in peaks], [p.y for p in peaks], "^", ms=6.5, color=MOUNTAIN)


def _draw_borders(ax: Axes, region: Region) -> None:
    for area in region.countries.values():
        for ring in area.polygons:
            ax.add_patch(
                PolygonPatch(ring, fill=False, edgecolor=style.EDGE, lw=0.8, linestyle="--")
            )
    for ring in region.coast:
        ax.add_patch(PolygonPatch(ring, fill=False, edgecolor=style.EDGE, lw=1.4))
    for a, b in region.straits:  # the sea crossing, as the shortest line over the water
        line = shapely.shortest_line(region.polygon(a), region.polygon(b))
        xs, ys = line.xy
        ax.plot(list(xs), list(ys), color=style.EDGE, lw=1.2, linestyle=(0, (2, 2)))


def _draw_cities(
    ax: Axes, region: Region, spots: dict[str, _Spot], state: GenesState | None
) -> None:
    sieges = state.sieges if state is not None else {}
    for spot in spots.values():
        x, y = spot.position
        conquered = spot.owner != spot.country
        owner = colour_of(region, spot.owner)
        fill = owner if conquered else style.with_lightness(owner, 0.22)
        marker, size = ("*", 14.0) if spot.capital else ("o", 6.5)
        edge = "white" if conquered else "black"
        ax.plot([x], [y], marker, ms=size, mfc=fill, mec=edge, mew=1.3 if conquered else 0.6)
        if spot.walled:
            ax.plot([x], [y], "o", ms=13, mfc="none", mec="black", mew=1.1)
        if spot.id in sieges:
            ax.plot([x], [y], "o", ms=19, mfc="none", mec=style.FAILED, mew=2.2)
        _label(ax, spot.position, spot.name, 8, (7, 3), ha="left")


def _draw_forces(ax: Axes, region: Region, state: GenesState, places: dict[str, XY]) -> None:
    """Boxes of Exèrcit points under each place, in the owner's colour (002 §4.5)."""
    stacks: dict[str, list[Force]] = {}
    for force in state.forces:
        stacks.setdefault(force.place, []).append(force)
    for place, forces in stacks.items():
        if place not in places:
            continue
        for k, force in enumerate(forces):
            fill = colour_of(region, force.owner)
            text = f"⚔{force.strength}" if force.raiders else str(force.strength)
            box = {
                "boxstyle": "round,pad=0.25",
                "facecolor": fill,
                "edgecolor": "black",
                "linestyle": "--" if force.raiders else "-",
                "lw": 0.7,
            }
            ax.annotate(
                text,
                places[place],
                xytext=(k * 20, -13),
                textcoords="offset points",
                ha="center",
                va="center",
                fontsize=7,
                color=style.text_on(fill),
                bbox=box,
            )


def drawn_characters(state: GenesState) -> list[Character]:
    """The characters the public map places: the living ones, except a hidden
    principal (002 §4.4, issue 18 #4: the map says only that it is hidden)."""
    return [
        c
        for _id, c in sorted(state.characters.items())
        if c.status is not CharacterStatus.DEAD and not (c.hidden and c.free)
    ]


def hidden_notes(region: Region, state: GenesState) -> list[str]:
    """`♛ Sança (Llevant): hidden`, one per hidden principal (002 §4.4)."""
    return [
        _("♛ {character} ({country}): hidden").format(
            character=c.name, country=country_name(region, c.owner)
        )
        for _id, c in sorted(state.characters.items())
        if c.hidden and c.free
    ]


def _draw_characters(ax: Axes, region: Region, state: GenesState, places: dict[str, XY]) -> None:
    """Character names under their place (002 §4.3): ♛ the principal, grey if held."""
    lines: dict[str, int] = {}
    for character in drawn_characters(state):
        if character.place not in places:
            continue
        text = f"♛ {character.name}" if character.principal else character.name
        colour = style.with_lightness(colour_of(region, character.owner), 0.3)
        if character.status is CharacterStatus.CAPTURED:
            captor = region.countries.get(character.held_by or "")
            held_by = captor.local_name if captor else character.held_by
            text += _(" (held by {country})").format(country=held_by)
            colour = CAPTIVE
        row = lines.get(character.place, 0)
        lines[character.place] = row + 1
        offset = (0, -25 - 10 * row)
        _label(ax, places[character.place], text, 7, offset, colour=colour, boxed=True)


def _label(
    ax: Axes,
    point: XY,
    text: str,
    size: float,
    offset: tuple[float, float],
    *,
    ha: str = "center",
    weight: str = "normal",
    colour: str = style.TEXT,
    boxed: bool = False,
) -> None:
    backing = {"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.85, "lw": 0}
    ax.annotate(
        text,
        point,
        xytext=offset,
        textcoords="offset points",
        ha=ha,
        va="center",
        fontsize=size,
        fontweight=weight,
        color=colour,
        path_effects=[] if boxed else HALO,
        bbox=backing if boxed else None,
    )


def _draw_title(ax: Axes, region: Region, state: GenesState | None, title: str) -> None:
    if not title:
        if state is not None:
            title = _("Turn {turn} — actions").format(turn=state.turn)
        else:
            title = _("The region (002 §3)")
    band = -TITLE_BAND / SCALE / 2
    ax.text(1, band, title, fontsize=15, fontweight="bold", va="center", color=style.TEXT)
    right = region.size[0] + PANEL / SCALE - 1
    ax.text(right, band, region.title, fontsize=11, va="center", ha="right", color=style.TEXT)


def _legend_lines(region: Region, state: GenesState | None, spots: dict[str, _Spot]) -> list[str]:
    """One line under each country's name: its Exèrcit and cities (002 §4.4, §4.5)."""
    lines = []
    for country in region.countries:
        cities = sum(1 for s in spots.values() if s.owner == country)
        counted = _("{n} cities").format(n=cities)
        if state is None:
            lines.append(counted)
        elif country not in state.countries or state.countries[country].eliminated:
            lines.append(_("eliminated"))
        else:
            army = _("Exèrcit {n}").format(n=state.army(country))
            lines.append(f"{army} · {counted}")
    return lines


def _draw_legend(
    ax: Axes, region: Region, state: GenesState | None, spots: dict[str, _Spot]
) -> None:
    x = region.size[0] + 2
    y = 2.0
    ax.text(x, y, _("Countries"), fontsize=10, fontweight="bold", va="center", color=style.TEXT)
    for area, line in zip(
        region.countries.values(), _legend_lines(region, state, spots), strict=True
    ):
        y += 3.2
        ax.add_patch(Rectangle((x, y - 1), 2, 2, facecolor=area.colour, edgecolor=style.EDGE))
        ax.text(x + 3, y, area.name, fontsize=9, fontweight="bold", va="center", color=style.TEXT)
        ax.text(x + 3, y + 1.8, line, fontsize=7.5, va="center", color=style.TEXT)
    y += 5
    for line in _notes(region, state):
        ax.text(x, y, line, fontsize=7.5, va="center", color=style.TEXT)
        y += 2.2


def _notes(region: Region, state: GenesState | None) -> list[str]:
    key = [
        _("● city   ★ capital   ◯ walled (002 §4.4)"),
        _("red ring: besieged   ⚔ raiders   dashes: strait"),
        _("♛ principal   grey: captured"),
    ]
    if state is None:
        drawn = [f"  {step}: {player}" for step, player in region.drawn_by.items()]
        order = list(region.choice_order)
        rows = [", ".join(order[k : k + 4]) for k in range(0, len(order), 4)]
        choice = [_("Choice order:"), *(f"  {row}" for row in rows)] if rows else []
        return [_("Drawn by (002 §3):"), *drawn, *choice, "", *key]
    key += hidden_notes(region, state)
    if state.winner:
        key.append(_("Winner: {country}").format(country=country_name(region, state.winner)))
    return key


def country_name(region: Region, country: str) -> str:
    area = region.countries.get(country)
    return area.local_name if area is not None else country
