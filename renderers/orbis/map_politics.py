"""The political overlays of the Orbis map (rulebook 000 "Mapa y Estados" ..
"Organizaciones"; O-185, O-204, O-205, O-213, O-225, O-244, O-279).

Over the region cells each nation has a centre, the mean of its regions'
points; a nation without regions is skipped. Drawn, in a fixed order so the
same politics gives the same bytes:

- a vassalage (O-185): a dashed arrow from the vassal to its patron, in the
  patron's colour;
- a war (O-204): a thick red line between the two centres with an "X" at its
  middle; hostilities not yet war (O-202) or a war only declared (O-205): a
  thin dotted red line;
- a treaty in force (O-244): a solid green line between every two parties of
  an alliance (`ALLIANCE_KINDS`), a thin grey line for any other kind;
- an organisation (O-279): a ring in its own colour around each member's
  centre, larger for each further organisation;
- a civil war (O-213): a hatch over the nation's regions; a rebellion
  (O-225): a "!" beside its centre (never its backers, O-231).

Every artist has a `gid` naming what it stands for (`vassal:<vassal>:<patron>`,
`war:<a>:<b>`, `war-marker:<a>:<b>`, `hostility:<a>:<b>`,
`alliance:<treaty>:<a>:<b>`, `treaty:<treaty>:<a>:<b>`,
`organisation:<id>:<member>`, `civil-war:<nation>`, `rebellion:<nation>`;
nations in id order), so an SVG can be checked. `political_handles` gives the
"Política" legend: one entry per style drawn and one per organisation;
`political_titles` the hover `<title>` of each mark in an SVG (issue 20: what
it stands for, with the nations' names).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import combinations

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import PolyCollection
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, Patch
from shapely.geometry import Polygon

from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import Treaty
from maps.orbis.model import OrbisMap
from renderers.orbis.politics_data import ALLIANCE_KINDS, natural, pair_of
from texts import _

WAR = "#c62828"
ALLIANCE = "#2e7d32"
TREATY = "#757575"
VASSAL = "#444444"
"""A vassal arrow's colour when the patron has none."""
ORGANISATIONS = ("#6a1b9a", "#ef6c00", "#00838f", "#ad1457", "#5d4037", "#1565c0")
"""The organisations' ring colours, in id order (repeating)."""
REBELLION_LIFT = 0.9
"""How far above its centre a rebellion's "!" stands, in degrees."""

Point = tuple[float, float]
POLITICAL_KINDS = frozenset(
    {
        "vassal",
        "war",
        "war-marker",
        "hostility",
        "alliance",
        "treaty",
        "organisation",
        "civil-war",
        "rebellion",
    }
)
"""The first word of a political mark's `gid`."""


def nation_centres(game_map: OrbisMap, owners: Mapping[str, str]) -> dict[str, Point]:
    """Each nation's centre: the mean of its regions' points."""
    held: dict[str, list[Point]] = {}
    for region in sorted(owners):
        if region in game_map.regions:
            held.setdefault(owners[region], []).append(game_map.regions[region].at)
    return {
        nation: (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))
        for nation, points in sorted(held.items())
    }


def treaties_shown(politics: Politics, year: int | None) -> tuple[Treaty, ...]:
    """The treaties in force in `year`; None: every treaty not ended."""
    registry = politics.treaties
    found = registry.in_force(year) if year is not None else registry.treaties
    return tuple(sorted((t for t in found if t.ended is None), key=lambda t: natural(t.id)))


def _line(axes: Axes, a: Point, b: Point, gid: str, **style: object) -> Artist:
    (line,) = axes.plot([a[0], b[0]], [a[1], b[1]], gid=gid, **style)  # type: ignore[arg-type]
    return line


def draw_politics(
    axes: Axes,
    game_map: OrbisMap,
    cells: Mapping[str, Polygon],
    owners: Mapping[str, str],
    colours: Mapping[str, str],
    politics: Politics,
    *,
    year: int | None = None,
) -> set[str]:
    """Draw the overlays (see the module docstring) and return the styles
    drawn, for the legend; draws nothing and returns an empty set when no
    overlay concerns a nation with regions."""
    centres = nation_centres(game_map, owners)
    drawn: set[str] = set()

    def start() -> None:
        if not drawn:
            axes.set_autoscale_on(False)  # the overlays never move the frame

    for civil in sorted(politics.civil_wars, key=lambda c: c.nation):
        regions = sorted(r for r, n in owners.items() if n == civil.nation and r in cells)
        if not regions:
            continue
        start()
        hatch = PolyCollection(
            [list(cells[r].exterior.coords) for r in regions],
            facecolors="none",
            edgecolors="#212121",
            linewidths=0.0,
            hatch="///",
            zorder=1.5,
        )
        hatch.set_gid(f"civil-war:{civil.nation}")
        axes.add_collection(hatch, autolim=False)
        drawn.add("civil-war")
    for treaty in treaties_shown(politics, year):
        alliance = treaty.kind in ALLIANCE_KINDS
        for a, b in combinations(sorted(treaty.parties), 2):
            if a not in centres or b not in centres:
                continue
            start()
            if alliance:
                _line(
                    axes,
                    centres[a],
                    centres[b],
                    f"alliance:{treaty.id}:{a}:{b}",
                    color=ALLIANCE,
                    linewidth=2.4,
                    zorder=2.2,
                )
            else:
                _line(
                    axes,
                    centres[a],
                    centres[b],
                    f"treaty:{treaty.id}:{a}:{b}",
                    color=TREATY,
                    linewidth=1.0,
                    zorder=2.1,
                )
            drawn.add("alliance" if alliance else "treaty")
    for conflict in sorted(politics.conflicts, key=pair_of):
        a, b = pair_of(conflict)
        if a not in centres or b not in centres:
            continue
        if conflict.at_war:
            start()
            _line(
                axes, centres[a], centres[b], f"war:{a}:{b}", color=WAR, linewidth=3.4, zorder=2.4
            )
            middle = ((centres[a][0] + centres[b][0]) / 2, (centres[a][1] + centres[b][1]) / 2)
            axes.plot(
                [middle[0]],
                [middle[1]],
                gid=f"war-marker:{a}:{b}",
                marker="X",
                markersize=13,
                color=WAR,
                markeredgecolor="#ffffff",
                zorder=4,
            )
            drawn.add("war")
        elif conflict.hostile or conflict.declared:
            start()
            _line(
                axes,
                centres[a],
                centres[b],
                f"hostility:{a}:{b}",
                color=WAR,
                linewidth=1.4,
                linestyle=":",
                zorder=2.3,
            )
            drawn.add("hostility")
    for vassalage in sorted(politics.vassalages, key=lambda v: (v.vassal, v.patron)):
        vassal, patron = vassalage.vassal, vassalage.patron
        if vassal not in centres or patron not in centres:
            continue
        start()
        arrow = FancyArrowPatch(
            centres[vassal],
            centres[patron],
            arrowstyle="-|>",
            mutation_scale=22,
            linestyle="--",
            linewidth=2.0,
            color=colours.get(patron, VASSAL),
            shrinkA=6,
            shrinkB=10,
            zorder=2.5,
        )
        arrow.set_gid(f"vassal:{vassal}:{patron}")
        axes.add_patch(arrow)
        drawn.add("vassal")
    _organisations(axes, politics, centres, drawn, start)
    for rebellion in sorted(politics.rebellions, key=lambda r: (r.nation, r.since)):
        centre = centres.get(rebellion.nation)
        if centre is None or f"rebellion:{rebellion.nation}" in drawn:
            continue
        start()
        axes.text(
            centre[0],
            centre[1] + REBELLION_LIFT,
            "!",
            gid=f"rebellion:{rebellion.nation}",
            ha="center",
            va="center",
            fontsize=15,
            fontweight="bold",
            color=WAR,
            zorder=5,
            bbox={"boxstyle": "circle,pad=0.2", "fc": "#ffffff", "ec": WAR},
        )
        drawn |= {"rebellion", f"rebellion:{rebellion.nation}"}
    return drawn


def _organisations(
    axes: Axes,
    politics: Politics,
    centres: Mapping[str, Point],
    drawn: set[str],
    start: Callable[[], None],
) -> None:
    """A ring per organisation around each member's centre (O-279, O-281)."""
    active = sorted((o for o in politics.organisations if o.active), key=lambda o: natural(o.id))
    for index, org in enumerate(active):
        colour = ORGANISATIONS[index % len(ORGANISATIONS)]
        for member in sorted(org.members):
            if member not in centres:
                continue
            start()
            x, y = centres[member]
            axes.plot(
                [x],
                [y],
                gid=f"organisation:{org.id}:{member}",
                marker="o",
                markersize=18 + 7 * index,
                markerfacecolor="none",
                markeredgecolor=colour,
                markeredgewidth=2.0,
                linestyle="none",
                zorder=3.5,
            )
            drawn.add(f"organisation:{org.id}")


def political_handles(politics: Politics, drawn: set[str]) -> list[Artist]:
    """The "Política" legend's entries for the styles drawn, in a fixed order."""
    styles: list[tuple[str, Artist]] = [
        ("vassal", Line2D([], [], color=VASSAL, linestyle="--", label=_("vasallo → patrón"))),
        ("war", Line2D([], [], color=WAR, linewidth=3.4, marker="X", label=_("guerra"))),
        ("hostility", Line2D([], [], color=WAR, linestyle=":", label=_("hostilidades"))),
        ("alliance", Line2D([], [], color=ALLIANCE, linewidth=2.4, label=_("alianza"))),
        ("treaty", Line2D([], [], color=TREATY, linewidth=1.0, label=_("otro tratado"))),
        (
            "civil-war",
            Patch(facecolor="none", edgecolor="#212121", hatch="///", label=_("guerra civil")),
        ),
        (
            "rebellion",
            Line2D(
                [],
                [],
                color=WAR,
                marker="$!$",
                linestyle="none",
                markersize=10,
                label=_("rebelión"),
            ),
        ),
    ]
    handles = [artist for key, artist in styles if key in drawn]
    active = sorted((o for o in politics.organisations if o.active), key=lambda o: natural(o.id))
    for index, org in enumerate(active):
        if f"organisation:{org.id}" in drawn:
            colour = ORGANISATIONS[index % len(ORGANISATIONS)]
            handles.append(
                Line2D(
                    [],
                    [],
                    marker="o",
                    markerfacecolor="none",
                    markeredgecolor=colour,
                    markeredgewidth=2.0,
                    linestyle="none",
                    label=org.name,
                )
            )
    return handles


def political_titles(
    gids: Sequence[str], politics: Politics, names: Mapping[str, str]
) -> dict[str, list[str]]:
    """The hover title of each political mark among `gids` (issue 20): what it
    stands for, in the legend's words, and the nations' names."""
    organisations = {o.id: o.name for o in politics.organisations}

    def nation(code: str) -> str:
        return names.get(code, code)

    titles: dict[str, list[str]] = {}
    for gid in gids:
        kind, _sep, rest = gid.partition(":")
        parts = rest.split(":")
        if kind not in POLITICAL_KINDS or not rest:
            continue
        pair = " – ".join(nation(p) for p in parts[-2:])
        text = {
            "vassal": f"{_('vasallo → patrón')}: {' → '.join(nation(p) for p in parts)}",
            "war": f"{_('guerra')}: {pair}",
            "war-marker": f"{_('guerra')}: {pair}",
            "hostility": f"{_('hostilidades')}: {pair}",
            "alliance": f"{_('alianza')} {parts[0]}: {pair}",
            "treaty": f"{_('otro tratado')} {parts[0]}: {pair}",
            "organisation": f"{organisations.get(parts[0], parts[0])}: {nation(parts[-1])}",
            "civil-war": f"{_('guerra civil')}: {nation(parts[0])}",
            "rebellion": f"{_('rebelión')}: {nation(parts[0])}",
        }[kind]
        titles[gid] = [text]
    return titles
