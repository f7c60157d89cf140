"""Charts of an Orbis game's history (rulebook 000 "Índices",
"Prosperidad"; O-122 .. O-136): four panels, VIA, LEG, RQU and PRO, each a
line per nation over the game's years. The same series give the same bytes
(`renderers.png.figure_bytes` under `renderers.figure.RC`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib as mpl
from matplotlib.figure import Figure

from renderers.figure import DPI, RC, Format
from renderers.png import figure_bytes
from texts import N_, _

PANELS = ("VIA", "LEG", "RQU", "PRO")
"""The four measures, in the order of each series' tuples."""
TITLES = {
    "VIA": N_("Viabilidad (VIA)"),
    "LEG": N_("Legitimidad (LEG)"),
    "RQU": N_("Riqueza (RQU)"),
    "PRO": N_("Progreso (PRO)"),
}
"""The panels' titles (message ids: the rulebook's Spanish names)."""
PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)
"""Line colours, in the order of the nations' names; styles vary after ten."""
STYLES = ("-", "--", ":", "-.")


def check_series(
    years: Sequence[int], series: Mapping[str, Sequence[tuple[int, int, int, int]]]
) -> None:
    """ValueError when a nation's series does not have one entry per year."""
    for nation, values in series.items():
        if len(values) != len(years):
            raise ValueError(
                f"{nation}: {len(values)} entries for {len(years)} years (one per year)"
            )


def render_history_chart(
    years: Sequence[int],
    series: Mapping[str, Sequence[tuple[int, int, int, int]]],
    names: Mapping[str, str],
    fmt: Format,
    *,
    title: str = "",
    colours: Mapping[str, str] | None = None,
) -> bytes:
    """The four panels (VIA, LEG, RQU, PRO) of `series` (nation -> per year
    (VIA, LEG, RQU, PRO)) as PNG or SVG; a nation's line takes its colour
    from `colours` (the sheet's `colour`) when given, else `PALETTE`."""
    if fmt not in ("png", "svg"):
        raise ValueError(f"unknown chart format {fmt!r}: png or svg")
    check_series(years, series)
    nations = sorted(series, key=lambda n: (names.get(n, n), n))
    with mpl.rc_context(RC):
        figure = Figure(figsize=(12, 8), dpi=DPI)
        axes_grid = figure.subplots(2, 2, sharex=True)
        for panel, axes in enumerate(axes_grid.flat):
            measure = PANELS[panel]
            for place, nation in enumerate(nations):
                values = [entry[panel] for entry in series[nation]]
                axes.plot(
                    list(years),
                    values,
                    color=(colours or {}).get(nation, PALETTE[place % len(PALETTE)]),
                    linestyle=STYLES[(place // len(PALETTE)) % len(STYLES)],
                    marker="o",
                    markersize=3,
                    linewidth=1.6,
                    label=names.get(nation, nation),
                )
            axes.set_title(_(TITLES[measure]), fontsize=11)
            axes.grid(True, color="#dddddd", linewidth=0.6)
            axes.set_ylim(bottom=0)
            if years:
                axes.set_xlim(min(years) - 0.5, max(years) + 0.5)
            axes.xaxis.get_major_locator().set_params(integer=True)
            axes.yaxis.get_major_locator().set_params(integer=True)
        for axes in axes_grid[1]:
            axes.set_xlabel(_("Año"))
        if nations:
            handles, labels = axes_grid[0][0].get_legend_handles_labels()
            figure.legend(
                handles,
                labels,
                loc="lower center",
                ncol=min(len(nations), 6),
                frameon=False,
                fontsize=9,
            )
        if title:
            figure.suptitle(title, fontsize=14, fontweight="bold")
        figure.subplots_adjust(left=0.07, right=0.98, top=0.9, bottom=0.16, hspace=0.25)
        return figure_bytes(figure, fmt)
