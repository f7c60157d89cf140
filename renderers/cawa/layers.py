"""The CaWa map's SVG as a document (issue 20): its artists grouped by layer,
its words kept as text.

The map's artists are grouped by `renderers.svg_document.layer`, as the board
maps' are. `as_document()` is entered for an SVG: within
it, `draw_labels` keeps its labels as `SvgText` (`renderers.map_text.as_text`),
written as `<text>`. `put_texts` draws the map's other words (the hex codes
of a small map, the title, the badges' numbers, the invasions' points) with
`draw_labels` too, the points over a white halo in the PNG: glyph outlines
in one collection instead of a matplotlib `Text` each, which had taken
almost half of a 40-player map's time (228 `Text`s, about 0.2 s).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar

from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.transforms import IdentityTransform

from renderers.map_text import (
    HAlign,
    TextSink,
    Weight,
    as_text,
    draw_labels,
    label_path,
)

XY = tuple[float, float]
HALO_WIDTH = 2.2
"""The white halo around an invasion's points, in points."""
_DOCUMENT: ContextVar[bool] = ContextVar("cawa_document", default=False)


@contextmanager
def as_document() -> Iterator[TextSink]:
    """Within it every label is kept as `SvgText` (see the module docstring)."""
    with as_text() as sink:
        token = _DOCUMENT.set(True)
        try:
            yield sink
        finally:
            _DOCUMENT.reset(token)


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
    if not labels:
        return
    if halo and not _DOCUMENT.get():
        paths = [label_path(text, size, weight, ha, "center") for _, text in labels]
        halos = PathCollection(
            paths,
            sizes=[1.0] * len(paths),  # 1 point per path unit, as `draw_labels`
            offsets=[at for at, _ in labels],
            offset_transform=ax.transData,
            transform=IdentityTransform(),
            facecolors=halo,
            edgecolors=halo,
            linewidths=HALO_WIDTH,
            joinstyle="round",
            zorder=zorder,
        )
        ax.add_collection(halos, autolim=False)
    draw_labels(ax, labels, colours, size=size, weight=weight, ha=ha, zorder=zorder)
