"""The side panel of a CaWa map, right of the board: the legend (terrains,
owners, buildings, fleets, arrows, badges) and the ranking of the players by
NT, the number of hexes each owns (CC-C-2), most first, with their villages
and castles: the public part of each kingdom (CC-V-1).

Each player's swatch holds their tag (`renderers.cawa.realms`), the number
the board writes on their kingdom and fleets, so that a reader matches them
without telling 40 colours apart (issue 20).

Laid out in pixels from the panel's top-left corner; `panel_size` and
`draw_panel` share `legend_rows` and `ranking` so the figure can be sized
before anything is drawn, and `panel_labels` gives every word's place for the
collision count (`tests/cawa/test_map_readability.py`). Text is outlines
(`renderers.map_text`), `<text>` in an SVG.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from matplotlib.axes import Axes
from matplotlib.collections import LineCollection, PolyCollection

from adjudicator.rulesets.cawa.records import MoveKind
from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap, Terrain
from renderers import map_style as style
from renderers.cawa.hexes import BORDER, INNER, PT, TERRAIN_FILL, XY, ink, owner_colour
from renderers.cawa.marks import CIRCLE, CONFLICT, DASHES, DOTTED, REFUSED
from renderers.cawa.pieces import BOAT, HOUSE, TOWER, draw_markers
from renderers.cawa.realms import PLATE, player_tags
from renderers.cawa.words import terrain_word
from renderers.map_text import Box, HAlign, Weight, draw_labels, label_box, label_width
from texts import N_, _

FONT = 8.0
HEADER = 10.0
ROW = 17.0
"""Pixels between two legend rows."""
RANK_ROW = 14.0
PAD = 12.0
SAMPLE = 30.0
"""Width in pixels of a legend row's sample (swatch, marker or line)."""
COLUMN = 36.0
"""Width in pixels of each number column of the ranking."""
NAME = 48.0
"""Where a ranking line's name starts, in pixels from the panel's text edge."""
SWATCH = (20.0, 42.0, 12.0)
"""A ranking line's swatch: its left and right edges from the panel's text
edge and its height, in pixels; wide enough for a tag of two digits."""
TAG_FONT = 7.0
HEADINGS = ("NT", N_("vill."), N_("cast."))
EXAMPLE = "#b48ead"
"""The colour of the example owner in the legend."""


@dataclass(frozen=True)
class Row:
    """One legend line: its sample (`kind` and what draws it) and its text."""

    kind: str  # "terrain", "owned", "border", "marker", "tag", "arrow", "badge"
    text: str
    fill: str = ""
    edge: str = ""
    shape: str = ""
    dashes: tuple[float, tuple[float, ...] | None] = (0.0, None)
    width: float = 1.5


@dataclass(frozen=True)
class Rank:
    """One ranking line: a player, their NT, villages and castles."""

    player: str
    name: str
    colour: str
    hexes: int
    villages: int
    castles: int
    tag: str = ""
    """The player's number on the board (`renderers.cawa.realms.player_tags`)."""


def legend_rows() -> list[Row]:
    move = ink(EXAMPLE)
    return [
        *(Row("terrain", terrain_word(t), fill=TERRAIN_FILL[t]) for t in Terrain),
        Row("owned", _("a player's hex (its terrain inside)"), fill=EXAMPLE),
        Row("border", _("border between owners")),
        Row("marker", _("village"), fill="#ffffff", edge="#000000", shape="house"),
        Row("marker", _("castle"), fill="#1a1a1a", edge="#ffffff", shape="tower"),
        Row("marker", _("fleet at sea"), fill=EXAMPLE, edge="#000000", shape="boat"),
        Row("marker", _("fleet launched this turn"), fill=EXAMPLE, edge="#ffffff", shape="boat"),
        Row("tag", _("a kingdom's number, as in the ranking"), edge=move, shape="n"),
        Row("arrow", _("move by land"), fill=move, dashes=DASHES[MoveKind.LAND]),
        Row("arrow", _("move by sea"), fill=move, dashes=DASHES[MoveKind.SEA]),
        Row("arrow", _("landing from a fleet"), fill=move, dashes=DASHES[MoveKind.FLEET]),
        Row("arrow", _("invasion, with its points"), fill=move, width=2.7),
        Row("arrow", _("refused"), fill=REFUSED, dashes=DOTTED),
        Row("badge", _("conflict n (report)"), fill="#ffffff", edge=CONFLICT, shape="Cn"),
        Row("badge", _("battle n (report)"), fill=CONFLICT, edge="#ffffff", shape="Bn"),
    ]


def ranking(game_map: CawaMap, state: CawaState) -> list[Rank]:
    """Every player of the state (or of the map) and any other owner, by NT
    descending, then by name."""
    players = dict.fromkeys(state.players or tuple(game_map.players))
    players |= dict.fromkeys(sorted(set(state.owners.values())))
    tags = player_tags(game_map)
    ranks = [
        Rank(
            p,
            game_map.players[p].local_name if p in game_map.players else p,
            owner_colour(game_map, p),
            state.territories(p),
            state.buildings_of(p, Building.VILLAGE),
            state.buildings_of(p, Building.CASTLE),
            tags.get(p, ""),
        )
        for p in players
    ]
    return sorted(ranks, key=lambda r: (-r.hexes, r.name.casefold(), r.player))


def _px(points: float) -> float:
    return points / PT


def name_column(ranks: Sequence[Rank]) -> float:
    """Width in pixels of the ranking's name column."""
    return max((_px(label_width(r.name, FONT)) for r in ranks), default=40.0) + 10.0


def panel_size(game_map: CawaMap, state: CawaState) -> XY:
    """The panel's width and height in pixels."""
    rows = legend_rows()
    ranks = ranking(game_map, state)
    legend = SAMPLE + 8.0 + max(_px(label_width(r.text, FONT)) for r in rows)
    table = NAME + name_column(ranks) + 3 * COLUMN
    width = 2 * PAD + max(legend, table, 200.0)
    height = PAD + 22.0 + ROW * len(rows) + 18.0 + 22.0 + RANK_ROW * (len(ranks) + 1) + PAD
    return (math.ceil(width), math.ceil(height))


def _hexagon(x: float, y: float, radius: float) -> list[XY]:
    return [
        (x + radius * math.cos(k * math.pi / 3), y + radius * math.sin(k * math.pi / 3))
        for k in range(6)
    ]


def draw_panel(ax: Axes, left: float, top: float, game_map: CawaMap, state: CawaState) -> None:
    """The legend, then the ranking, from (`left`, `top`) in pixels."""
    x = left + PAD
    y = top + PAD + 8.0
    rows = legend_rows()
    _draw_samples(ax, x, y + 22.0, rows)
    legend = [Label((x, y), _("Legend"), HEADER, "bold")]
    legend += [
        Label((x + SAMPLE + 8.0, y + 22.0 + k * ROW), row.text) for k, row in enumerate(rows)
    ]
    draw_panel_labels(ax, legend)
    draw_ranking(ax, x, ranking_top(y, rows), ranking(game_map, state))


def _draw_samples(ax: Axes, x: float, y: float, rows: Sequence[Row]) -> None:
    hexes: list[list[XY]] = []
    fills: list[str] = []
    lines: list[tuple[XY, XY]] = []
    inks: list[str] = []
    widths: list[float] = []
    dashes: list[tuple[float, tuple[float, ...] | None]] = []
    heads: list[list[XY]] = []
    middle = x + SAMPLE / 2
    for k, row in enumerate(rows):
        at = y + k * ROW
        if row.kind in ("terrain", "owned"):
            hexes.append(_hexagon(middle, at, 8.0))
            fills.append(row.fill)
        if row.kind == "owned":
            hexes.append(_hexagon(middle, at, 8.0 * INNER))
            fills.append(TERRAIN_FILL[Terrain.PLAIN])
        if row.kind == "border":
            lines.append(((x + 2, at), (x + SAMPLE - 2, at)))
            inks.append(BORDER)
            widths.append(2.2)
            dashes.append((0.0, None))
        if row.kind == "arrow":
            lines.append(((x, at), (x + SAMPLE - 8, at)))
            inks.append(row.fill)
            widths.append(row.width)
            dashes.append(row.dashes)
            heads.append([(x + SAMPLE, at), (x + SAMPLE - 9, at - 4), (x + SAMPLE - 9, at + 4)])
        if row.kind == "marker":  # on a hex of the terrain it stands on
            shape = {"house": HOUSE, "tower": TOWER, "boat": BOAT}[row.shape]
            ground = Terrain.WATER if row.shape == "boat" else Terrain.PLAIN
            hexes.append(_hexagon(middle, at, 8.0))
            fills.append(TERRAIN_FILL[ground])
            draw_markers(ax, [(middle, at)], shape, 9.0, face=row.fill, edge=row.edge, zorder=5.5)
        if row.kind == "tag":
            draw_markers(ax, [(middle, at)], PLATE, 7.5, face="#ffffff", edge=row.edge, zorder=5)
            draw_labels(ax, [((middle, at), row.shape)], row.edge, size=7, weight="bold", zorder=6)
        if row.kind == "badge":
            draw_markers(ax, [(middle, at)], CIRCLE, 7.5, face=row.fill, edge=row.edge, zorder=5)
            colour = CONFLICT if row.fill == "#ffffff" else "#ffffff"
            draw_labels(ax, [((middle, at), row.shape)], colour, size=7, weight="bold", zorder=6)
    ax.add_collection(
        PolyCollection(hexes, facecolors=fills, edgecolors="#7d7d7d", linewidths=0.5, zorder=5),
        autolim=False,
    )
    ax.add_collection(
        LineCollection(lines, colors=inks, linewidths=widths, linestyles=dashes, zorder=5),
        autolim=False,
    )
    arrow_inks = [r.fill for r in rows if r.kind == "arrow"]
    ax.add_collection(
        PolyCollection(heads, facecolors=arrow_inks, edgecolors="none", zorder=5), autolim=False
    )


@dataclass(frozen=True)
class Label:
    """A word of the panel: anchor (pixels), text, size (points), weight, alignment, colour."""

    at: XY
    text: str
    size: float = FONT
    weight: Weight = "normal"
    ha: HAlign = "left"
    colour: str = style.TEXT

    @property
    def box(self) -> Box:
        return label_box(self.at, self.text, self.size, self.weight, self.ha)


def swatch_box(x: float, at: float) -> Box:
    """A ranking line's colour swatch (left, top, right, bottom) in pixels: it
    holds the player's tag (`renderers.cawa.realms`)."""
    return (x + SWATCH[0], at - SWATCH[2] / 2, x + SWATCH[1], at + SWATCH[2] / 2)


def ranking_labels(x: float, y: float, ranks: Sequence[Rank]) -> list[Label]:
    """`Ranking`, a header line, then one line per player: place, name, NT,
    villages, castles (the tag is drawn in the swatch: `tag_labels`)."""
    first = x + NAME + name_column(ranks)
    columns = [first + COLUMN * (k + 1) for k in range(3)]
    labels = [Label((x, y), _("Ranking"), HEADER, "bold")]
    y += 22.0
    labels.append(Label((x + NAME, y), _("player"), weight="bold"))
    labels += [
        Label((c, y), _(t), weight="bold", ha="right")
        for c, t in zip(columns, HEADINGS, strict=True)
    ]
    for k, rank in enumerate(ranks):
        at = y + (k + 1) * RANK_ROW
        labels.append(Label((x + SWATCH[0] - 2.0, at), f"{k + 1}.", ha="right"))
        labels.append(Label((x + NAME, at), rank.name))
        values = (rank.hexes, rank.villages, rank.castles)
        labels += [Label((c, at), str(v), ha="right") for c, v in zip(columns, values, strict=True)]
    return labels


def tag_labels(x: float, y: float, ranks: Sequence[Rank]) -> list[Label]:
    """Each player's tag, centred in their swatch, black or white on its colour."""
    top = y + 22.0
    middle = x + (SWATCH[0] + SWATCH[1]) / 2
    return [
        Label(
            (middle, top + (k + 1) * RANK_ROW),
            r.tag,
            TAG_FONT,
            "bold",
            "center",
            tag_ink(r.colour),
        )
        for k, r in enumerate(ranks)
        if r.tag
    ]


def tag_ink(colour: str) -> str:
    """Black or white, whichever contrasts more with `colour` (WCAG 2's
    relative luminance: black from about 0.18 up)."""
    r, g, b = style.linear_rgb(colour)
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if (luminance + 0.05) ** 2 > 0.05 * 1.05 else "#ffffff"


def draw_ranking(ax: Axes, x: float, y: float, ranks: Sequence[Rank]) -> None:
    """The ranking (`ranking_labels`), each player's swatch with their tag."""
    draw_panel_labels(ax, ranking_labels(x, y, ranks))
    top = y + 22.0
    swatches = []
    for k in range(len(ranks)):
        left, upper, right, lower = swatch_box(x, top + (k + 1) * RANK_ROW)
        swatches.append([(left, upper), (right, upper), (right, lower), (left, lower)])
    ax.add_collection(
        PolyCollection(
            swatches,
            facecolors=[r.colour for r in ranks],
            edgecolors=style.EDGE,
            linewidths=0.6,
            zorder=5,
        ),
        autolim=False,
    )
    draw_panel_labels(ax, tag_labels(x, y, ranks), zorder=5.5)


def draw_panel_labels(ax: Axes, labels: Sequence[Label], zorder: float = 5.0) -> None:
    """`labels`, one collection per size, weight and alignment (in order of first use)."""
    groups: dict[tuple[float, Weight, HAlign], list[Label]] = {}
    for label in labels:
        groups.setdefault((label.size, label.weight, label.ha), []).append(label)
    for (size, weight, ha), group in groups.items():
        spots = [(g.at, g.text) for g in group]
        inks = [g.colour for g in group]
        draw_labels(ax, spots, inks, size=size, weight=weight, ha=ha, zorder=zorder)


def panel_labels(left: float, top: float, game_map: CawaMap, state: CawaState) -> list[Label]:
    """Every word of the panel drawn from (`left`, `top`), as `draw_panel` places them."""
    x = left + PAD
    y = top + PAD + 8.0
    rows = legend_rows()
    labels = [Label((x, y), _("Legend"), HEADER, "bold")]
    labels += [
        Label((x + SAMPLE + 8.0, y + 22.0 + k * ROW), row.text) for k, row in enumerate(rows)
    ]
    return labels + ranking_labels(x, ranking_top(y, rows), ranking(game_map, state))


def ranking_top(legend_top: float, rows: Sequence[Row]) -> float:
    """Where the ranking's heading goes, under the legend."""
    return legend_top + 22.0 + ROW * len(rows) + 18.0
