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

An SVG map is a document (issue 20, `renderers.svg_document`): its text is
`<text>` (`svg.fonttype: none`; the white halo of the names, a path effect
that would turn them into outlines, is a CSS stroke there: `HALO_CSS`), each
layer (sea, land, relief, borders, cities, labels, units, characters, title,
legend) is one `<g>` of that id, and each country's land, city, force and
character has a `<title>` a browser shows on hover: the country's name and
holder with its cities and forces; the city, its owner, walls and siege; the
force's owner and strength; the character and whose it is. The PNG is drawn
as before, byte for byte.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

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
from renderers.svg_document import document, layer
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
SVG_RC: dict[Any, Any] = {"svg.fonttype": "none"}
"""In an SVG, text is `<text>`."""
HALO_CSS = (
    "#labels text, #cities text {stroke: #ffffff; stroke-width: 2px; "
    "stroke-linejoin: round; paint-order: stroke} text {white-space: pre}"
)
"""`HALO` in an SVG: a white stroke under the names' fill (and the legend's
runs of spaces kept, as the PNG draws them)."""


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
    if fmt != "svg":
        with matplotlib.rc_context(RC):
            return figure_bytes(_draw(region, state, title, svg=False), "png")
    with matplotlib.rc_context({**RC, **SVG_RC}):
        data = figure_bytes(_draw(region, state, title, svg=True), "svg")
    styled = data.replace(b"</style>", HALO_CSS.encode() + b"</style>", 1)
    return document(styled, map_titles(region, state), _title_text(region, state, title))


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


def _draw(region: Region, state: GenesState | None, title: str, *, svg: bool) -> Figure:
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
    ax.add_patch(Rectangle((0, 0), width, height, facecolor=style.SEA, edgecolor="none")).set_gid(
        "sea.water"
    )
    spots = _spots(region, state)
    anchors = _anchors(region, spots)
    _draw_land(ax, region, state)
    _draw_relief(ax, region)
    _draw_borders(ax, region)
    _draw_cities(ax, region, spots, state, halo=not svg)
    for country, point in anchors.items():
        name = region.countries[country].local_name
        _label(ax, point, name, 9.5, (0, 0), f"labels.{country}", weight="bold", halo=not svg)
    if state is not None:
        places = {s.id: s.position for s in spots.values()}
        places |= {f"{FIELD_PREFIX}{c}": p for c, p in anchors.items()}
        _draw_forces(ax, region, state, places)
        _draw_characters(ax, region, state, places)
    with layer(ax, "title"):
        _draw_title(ax, region, state, title)
    with layer(ax, "legend"):
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
        for k, ring in enumerate(area.polygons):
            patch = PolygonPatch(ring, closed=True, facecolor=fill, edgecolor="none")
            ax.add_patch(patch).set_gid(f"land.{country}.{k}")


def _draw_relief(ax: Axes, region: Region) -> None:
    for k, feature in enumerate(region.relief):
        xs = [p[0] for p in feature.points]
        ys = [p[1] for p in feature.points]
        gid = f"relief.{k}"
        if feature.kind == "lake":
            lake = PolygonPatch(feature.points, facecolor=LAKE, edgecolor=WATER, lw=0.8)
            ax.add_patch(lake).set_gid(gid)
        elif feature.kind == "river":
            ax.plot(xs, ys, color=WATER, lw=1.8, solid_capstyle="round", gid=gid)
        elif feature.kind == "cliff":
            ax.plot(xs, ys, color=MOUNTAIN, lw=2.2, linestyle=(0, (1, 1)), gid=gid)
        elif feature.kind == "forest":
            ax.plot(xs, ys, "o", ms=4.5, color=FOREST, mec="#1d451d", mew=0.5, gid=gid)
        else:
            line = shapely.LineString(feature.points)
            steps = max(int(line.length / 2.5), 1)
            peaks = [line.interpolate(k / steps, normalized=True) for k in range(steps + 1)]
            ax.plot(
                [p.x for p in peaks], [p.y for p in peaks], "^", ms=6.5, color=MOUNTAIN, gid=gid
            )


def _draw_borders(ax: Axes, region: Region) -> None:
    for country, area in region.countries.items():
        for k, ring in enumerate(area.polygons):
            edge = PolygonPatch(ring, fill=False, edgecolor=style.EDGE, lw=0.8, linestyle="--")
            ax.add_patch(edge).set_gid(f"borders.{country}.{k}")
    for k, ring in enumerate(region.coast):
        coast = PolygonPatch(ring, fill=False, edgecolor=style.EDGE, lw=1.4)
        ax.add_patch(coast).set_gid(f"borders.coast-{k}")
    for a, b in region.straits:  # the sea crossing, as the shortest line over the water
        line = shapely.shortest_line(region.polygon(a), region.polygon(b))
        xs, ys = line.xy
        gid = f"borders.strait-{a}-{b}"
        ax.plot(list(xs), list(ys), color=style.EDGE, lw=1.2, linestyle=(0, (2, 2)), gid=gid)


def _draw_cities(
    ax: Axes, region: Region, spots: dict[str, _Spot], state: GenesState | None, *, halo: bool
) -> None:
    sieges = state.sieges if state is not None else {}
    for spot in spots.values():
        x, y = spot.position
        conquered = spot.owner != spot.country
        owner = colour_of(region, spot.owner)
        fill = owner if conquered else style.with_lightness(owner, 0.22)
        marker, size = ("*", 14.0) if spot.capital else ("o", 6.5)
        edge = "white" if conquered else "black"
        mew = 1.3 if conquered else 0.6
        ax.plot([x], [y], marker, ms=size, mfc=fill, mec=edge, mew=mew, gid=f"cities.{spot.id}")
        if spot.walled:
            walls = f"cities.{spot.id}-walls"
            ax.plot([x], [y], "o", ms=13, mfc="none", mec="black", mew=1.1, gid=walls)
        if spot.id in sieges:
            siege = f"cities.{spot.id}-siege"
            ax.plot([x], [y], "o", ms=19, mfc="none", mec=style.FAILED, mew=2.2, gid=siege)
        gid = f"cities.{spot.id}-name"
        _label(ax, spot.position, spot.name, 8, (7, 3), gid, ha="left", halo=halo)


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
                gid=f"units.{place}.{k}",
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
        gid = f"characters.{character.id}"
        _label(ax, places[character.place], text, 7, offset, gid, colour=colour, boxed=True)


def _label(
    ax: Axes,
    point: XY,
    text: str,
    size: float,
    offset: tuple[float, float],
    gid: str,
    *,
    ha: str = "center",
    weight: str = "normal",
    colour: str = style.TEXT,
    boxed: bool = False,
    halo: bool = True,
) -> None:
    """A name at `offset` points from `point`: on a white box, or with a white
    halo (none in an SVG, where `HALO_CSS` draws it)."""
    backing = {"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.85, "lw": 0}
    ax.annotate(
        text,
        point,
        gid=gid,
        xytext=offset,
        textcoords="offset points",
        ha=ha,
        va="center",
        fontsize=size,
        fontweight=weight,
        color=colour,
        path_effects=HALO if halo and not boxed else [],
        bbox=backing if boxed else None,
    )


def _title_text(region: Region, state: GenesState | None, title: str) -> str:
    if title:
        return title
    if state is not None:
        return _("Turn {turn} — actions").format(turn=state.turn)
    return _("The region (002 §3)")


def _draw_title(ax: Axes, region: Region, state: GenesState | None, title: str) -> None:
    title = _title_text(region, state, title)
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


def map_titles(region: Region, state: GenesState | None) -> dict[str, list[str]]:
    """The hover `<title>` of each country's land, city, force and character
    (issue 20; the ids are those `_draw` gives them)."""
    spots = _spots(region, state)
    titles: dict[str, list[str]] = {}
    for country, area in region.countries.items():
        text = _country_title(region, state, country, spots)
        titles |= {f"land.{country}.{k}": [text] for k in range(len(area.polygons))}
    for spot in spots.values():
        titles[f"cities.{spot.id}"] = [_city_title(region, state, spot)]
    if state is None:
        return titles
    for place, forces in _stacks(state).items():
        for k, force in enumerate(forces):
            titles[f"units.{place}.{k}"] = [_force_title(region, force)]
    for character in drawn_characters(state):
        text = f"{character.name}: {country_name(region, character.owner)}"
        if character.status is CharacterStatus.CAPTURED:
            captor = country_name(region, character.held_by or "")
            text += "; " + _("captured by {country}").format(country=captor)
        titles[f"characters.{character.id}"] = [text]
    return titles


def _stacks(state: GenesState) -> dict[str, list[Force]]:
    stacks: dict[str, list[Force]] = {}
    for force in state.forces:
        stacks.setdefault(force.place, []).append(force)
    return stacks


def _country_title(
    region: Region, state: GenesState | None, country: str, spots: dict[str, _Spot]
) -> str:
    """`Ponent (La Serra)`: the country and, if not itself, who holds its land;
    then a line per city in it and per force in its field."""
    holder = land_holder(region, state, country)
    head = country_name(region, country)
    if holder != country:
        head += f" ({country_name(region, holder) if holder else _('eliminated')})"
    lines = [head]
    lines += [_city_title(region, state, s) for s in spots.values() if s.country == country]
    if state is not None:
        field_forces = _stacks(state).get(f"{FIELD_PREFIX}{country}", [])
        lines += [_force_title(region, f) for f in field_forces]
    return "\n".join(lines)


def _city_title(region: Region, state: GenesState | None, spot: _Spot) -> str:
    """`Albara: Ponent; walled; besieged by La Serra` (002 §4.4, §5.4.4)."""
    parts = [f"{spot.name}: {country_name(region, spot.owner)}"]
    if spot.capital:
        parts.append(_("capital"))
    if spot.walled:
        parts.append(_("walled"))
    besieger = state.sieges.get(spot.id) if state is not None else None
    if besieger:
        parts.append(_("besieged by {country}").format(country=country_name(region, besieger)))
    return "; ".join(parts)


def _force_title(region: Region, force: Force) -> str:
    """`Ponent: Exèrcit 5`, or a raiding party (002 §4.5)."""
    owner = country_name(region, force.owner)
    if force.raiders:
        where = force.place.removeprefix(FIELD_PREFIX)
        raid = _("raiders in {country} {n}").format(
            country=country_name(region, where), n=force.strength
        )
        return f"{owner}: {raid}"
    return f"{owner}: " + _("Exèrcit {n}").format(n=force.strength)
