"""The game's timeline (issue 21): what the rulebook counts per power (supply
centres, cities, NT, VIA, victory points), phase after phase, as an SVG line
chart for the website. Each power is a line in its own colour *and* its own
marker, named in the legend beside the chart, so colour is never the only cue;
the same inputs give the same bytes (`renderers.figure.RC`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from renderers.figure import DPI, RC
from renderers.png import figure_bytes

COLOURS = (
    "#0072b2",
    "#d55e00",
    "#009e73",
    "#cc79a7",
    "#e69f00",
    "#56b4e9",
    "#000000",
    "#f0e442",
    "#7f3c8d",
    "#11a579",
    "#3969ac",
    "#f2b701",
)
"""Okabe and Ito's colour-blind-safe set, then more; with markers besides."""
MARKERS = ("o", "s", "^", "D", "v", "P", "X", "<", ">", "*", "h", "p")


def timeline_svg(
    phases: Sequence[str], measure: str, series: Mapping[str, Sequence[float]]
) -> bytes:
    """`series` (a power's name -> its value at each of `phases`) as an SVG chart."""
    width = max(6.0, min(14.0, 1.0 + 0.55 * len(phases)))
    with matplotlib.rc_context(RC):
        figure = Figure(figsize=(width, 4.2), dpi=DPI)
        axes = figure.add_axes((0.12, 0.3, 0.66, 0.62))
        steps = range(len(phases))
        for k, (name, values) in enumerate(sorted(series.items())):
            colour, marker = COLOURS[k % len(COLOURS)], MARKERS[k % len(MARKERS)]
            axes.plot(
                steps, values, color=colour, marker=marker, markersize=5, linewidth=1.8, label=name
            )
        if series:
            axes.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
        axes.set_xticks(list(steps), list(phases), rotation=45, ha="right", fontsize=7)
        axes.set_ylabel(measure)
        axes.yaxis.set_major_locator(MaxNLocator(integer=True))
        axes.grid(True, color="#dddddd", linewidth=0.6)
        axes.spines[["top", "right"]].set_visible(False)
        return figure_bytes(figure, "svg")
