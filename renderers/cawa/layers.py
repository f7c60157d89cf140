"""The CaWa map's SVG as a document (issue 20): its artists grouped by layer,
its words kept as text.

The map's artists are grouped by `renderers.svg_document.layer`, as the board
maps' are; for an SVG, `renderers.map_text.as_text` is entered, within which
`draw_labels` keeps its labels as `SvgText`, written as `<text>`. `put_texts` draws the map's other words (the hex codes
of a small map, the title, the badges' numbers, the invasions' points) with
`draw_labels` too, the points over a white halo in the PNG: glyph outlines
in one collection instead of a matplotlib `Text` each, which had taken
almost half of a 40-player map's time (228 `Text`s, about 0.2 s).
"""

from __future__ import annotations

from collections.abc import Sequence

from matplotlib.axes import Axes

from renderers.map_text import (
    HAlign,
    Weight,
    draw_labels,
)

XY = tuple[float, float]
HALO_WIDTH = 2.2
"""The white halo around an invasion's points, in points."""


def put_texts(
    ax: Axes,
    labels: Sequence[tuple[XY, str]],
    colours: str | Sequence[str],
    *,
    size: float,
    weight: Weight = "normal",
    ha: HAlign = "center",
    halo: str = "",
    zorder: float = 3.0,
) -> None:
    """Labels centred on their anchors (`draw_labels`: outlines in the PNG,
    `<text>` in a document's SVG), over a `halo` of that colour in the PNG
    if given (the outlines stroked `HALO_WIDTH` points wide)."""
    draw_labels(
        ax,
        labels,
        colours,
        size=size,
        weight=weight,
        ha=ha,
        zorder=zorder,
        halo=halo,
        halo_width=HALO_WIDTH,
    )
