"""Many short labels drawn as one collection of glyph outlines.

A matplotlib `Text` per label (area names, unit letters, incomes: about 150
on a Machiavelli map) was a third of a map's time: each is laid out and looked
up in the font manager twice per drawing, and clipped and measured when
added. Here each label is turned once into its outline (`TextPath`, the same
DejaVu glyphs; cached for the process, so a map's names cost nothing the
second time) and all the labels of one size and weight go into one
`PathCollection`, placed by their anchors in data units and sized in points
(like the markers of `scatter`), so the text keeps its size in PNG and SVG.

`ha` and `va` follow `Text`: `va="center"` centres the line box (the ink of
the label and of "lp", as matplotlib's layout does), `va="bottom"` puts the
box's bottom on the anchor.

In an SVG drawn as a document (`as_text`), the labels are kept as `SvgText`
instead, each batch marked by an empty artist whose `<g>` then receives them
as `<text>` elements (`renderers.svg_document`) that a reader can select and
search, with no glyph outlines and no matplotlib `Text` layout (slow); the
PNG keeps the outlines.

`label_box` gives the box a label covers, in pixels, and `count_collisions`
counts the overlapping boxes of a drawing (the labels are placed so that
it is 0: `tests/test_map_legibility.py`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import numpy as np
from matplotlib import cbook
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.collections import PathCollection
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.textpath import TextPath, text_to_path
from matplotlib.transforms import Affine2D, IdentityTransform

HAlign = Literal["left", "center", "right"]
VAlign = Literal["center", "bottom"]
Weight = Literal["normal", "bold"]
Box = tuple[float, float, float, float]
"""Left, top, right, bottom, in map pixels (y down)."""

PX_PER_POINT = 100 / 72
"""Pixels per point at the maps' 100 dpi."""


@dataclass(frozen=True)
class SvgText:
    """A label to write as an SVG `<text>`: its anchor in SVG user units
    (points, y down), text, size in points, weight, colour and alignment."""

    x: float
    y: float
    text: str
    size: float
    weight: Weight
    colour: str
    ha: HAlign
    va: VAlign


TextSink = list[tuple[Artist, list[SvgText]]]
"""The labels kept for the SVG, each batch with the (empty) artist that marks
its place and layer: `svg_document` writes them into that artist's `<g>`."""
_AS_TEXT: ContextVar[TextSink | None] = ContextVar("as_text", default=None)


@contextmanager
def as_text() -> Iterator[TextSink]:
    """Within it, `draw_labels` draws no outlines: it keeps the labels as
    `SvgText` in the sink it yields, each batch marked by an empty artist."""
    sink: TextSink = []
    token = _AS_TEXT.set(sink)
    try:
        yield sink
    finally:
        _AS_TEXT.reset(token)


@lru_cache(maxsize=8)
def _font(size: float, weight: Weight) -> FontProperties:
    return FontProperties(family="DejaVu Sans", size=size, weight=weight)


@lru_cache(maxsize=2)
def _face(weight: Weight) -> FontProperties:
    """The font of `_font(size, weight)` whatever the size: the glyphs are read
    at `text_to_path.FONT_SCALE` and the font manager's choice among scalable
    fonts does not depend on the size, so one lookup per weight does."""
    return FontProperties(family="DejaVu Sans", weight=weight)


def _outline(text: str, size: float, weight: Weight) -> Path:
    """`TextPath((0, 0), text, prop=_font(size, weight))`, the same vertices
    and codes, without the `Text` a `TextPath` makes to read its string (a
    third of its time): the glyphs' outline from `text_to_path`, scaled by
    the same transform. Mathtext (`$...$`, not in any map) goes to `TextPath`."""
    font = _font(size, weight)
    if cbook.is_math_text(text):
        return TextPath((0, 0), text, prop=font)
    vertices, codes = text_to_path.get_text_path(_face(weight), text.replace(r"\$", "$"))
    scale = Affine2D().scale(font.get_size_in_points() / text_to_path.FONT_SCALE).translate(0, 0)
    return Path(scale.transform(np.asarray(vertices, dtype=float)), codes)


@lru_cache(maxsize=16)
def _line_box(size: float, weight: Weight) -> tuple[float, float]:
    """The bottom and top of the ink of "lp": the line box of a label."""
    _, bottom, _, top = _ink(_outline("lp", size, weight))
    return bottom, top


def _ink(path: Path) -> tuple[float, float, float, float]:
    """Left, bottom, right, top of an outline's points (its curves' control
    points lie on or just outside the ink: close enough, and far quicker than
    `Path.get_extents`)."""
    vertices = np.asarray(path.vertices, dtype=float)
    points = vertices[np.asarray(path.codes) != Path.CLOSEPOLY]
    (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
    return (float(x0), float(y0), float(x1), float(y1))


@lru_cache(maxsize=4096)
def label_path(text: str, size: float, weight: Weight, ha: HAlign, va: VAlign) -> Path:
    """The outline of `text` in points (y up), its anchor at (0, 0)."""
    path = _outline(text, size, weight)
    x0, y0, x1, y1 = _ink(path)
    line_y0, line_y1 = _line_box(size, weight)
    bottom, top = min(y0, line_y0), max(y1, line_y1)
    dx = {"left": -x0, "center": -(x0 + x1) / 2, "right": -x1}[ha]
    dy = -(bottom + top) / 2 if va == "center" else -bottom
    moved = path.transformed(Affine2D().translate(dx, dy))
    return Path(
        np.round(np.asarray(moved.vertices, dtype=float), 2), moved.codes
    )  # 1/100 point: a shorter SVG


def label_width(text: str, size: float, weight: Weight = "normal") -> float:
    """The width of `text`'s ink, in points."""
    x0, _, x1, _ = _ink(label_path(text, size, weight, "left", "center"))
    return x1 - x0


def label_box(
    at: tuple[float, float],
    text: str,
    size: float,
    weight: Weight = "normal",
    ha: HAlign = "center",
    va: VAlign = "center",
) -> Box:
    """The box (ink width, line height) `text` covers when drawn at `at`, in pixels."""
    left, top, right, bottom = _extent(text, size, weight, ha, va)
    x, y = at
    return (x + left, y + top, x + right, y + bottom)


@lru_cache(maxsize=4096)
def _extent(text: str, size: float, weight: Weight, ha: HAlign, va: VAlign) -> Box:
    x0, y0, x1, y1 = _ink(label_path(text, size, weight, ha, va))
    k = PX_PER_POINT
    return (x0 * k, -y1 * k, x1 * k, -y0 * k)


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than an edge."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def count_collisions(labels: Sequence[Box], others: Sequence[Box] = ()) -> int:
    """The pairs of label boxes that overlap, plus the (label, other) pairs
    (`others`: units, city markers, the legend)."""
    pairs = sum(overlap(a, b) for i, a in enumerate(labels) for b in labels[i + 1 :])
    return pairs + sum(overlap(a, b) for a in labels for b in others)


def draw_labels(
    ax: Axes,
    labels: Sequence[tuple[tuple[float, float], str]],
    colours: str | Sequence[str],
    *,
    size: float,
    weight: Weight = "normal",
    ha: HAlign = "center",
    va: VAlign = "center",
    zorder: float = 3.0,
    halo: str = "",
    halo_width: float = 0.0,
) -> None:
    """`(anchor, text)` labels in data units, in one colour or one each; over a
    `halo` of that colour (the outlines stroked `halo_width` points wide) if
    given. Kept as text instead (`as_text`), they have no halo."""
    if not labels:
        return
    sink = _AS_TEXT.get()
    if sink is not None:
        _keep_texts(ax, sink, labels, colours, size, weight, ha, va, zorder)
        return
    paths = [label_path(text, size, weight, ha, va) for _, text in labels]
    offsets = [at for at, _ in labels]
    if halo:
        outlines = _outlines(ax, paths, offsets, halo, zorder)
        outlines.set(edgecolors=halo, linewidths=halo_width, joinstyle="round")
        ax.add_collection(outlines, autolim=False)
    outlines = _outlines(ax, paths, offsets, colours, zorder)
    outlines.set(edgecolors="none", linewidths=0.0, snap=False)
    # unsnapped: snapped to pixels, the thin bars of an E or a T would collapse
    ax.add_collection(outlines, autolim=False)


def _outlines(
    ax: Axes,
    paths: Sequence[Path],
    offsets: Sequence[tuple[float, float]],
    colours: str | Sequence[str],
    zorder: float,
) -> PathCollection:
    """Label outlines in points, one at each offset (data units)."""
    return PathCollection(
        paths,
        sizes=[1.0] * len(paths),  # 1 point per path unit, whatever the dpi
        offsets=offsets,
        offset_transform=ax.transData,
        transform=IdentityTransform(),
        facecolors=colours,
        zorder=zorder,
    )


def _keep_texts(
    ax: Axes,
    sink: TextSink,
    labels: Sequence[tuple[tuple[float, float], str]],
    colours: str | Sequence[str],
    size: float,
    weight: Weight,
    ha: HAlign,
    va: VAlign,
    zorder: float,
) -> None:
    """The labels as `SvgText` in SVG points, and an empty collection in their place."""
    inks = [colours] * len(labels) if isinstance(colours, str) else list(colours)
    figure = ax.get_figure()
    assert figure is not None
    height, scale = figure.bbox.height, 72 / figure.dpi
    spots = ax.transData.transform(np.asarray([at for at, _ in labels], dtype=float))
    texts = [
        SvgText(
            round(float(x) * scale, 2),
            round((height - float(y)) * scale, 2),
            text,
            size,
            weight,
            ink,
            ha,
            va,
        )
        for (x, y), (_, text), ink in zip(spots, labels, inks, strict=True)
    ]
    marker = PathCollection([], zorder=zorder)
    ax.add_collection(marker, autolim=False)
    sink.append((marker, texts))


def texts_by_gid(sink: TextSink) -> dict[str, list[SvgText]]:
    """The kept labels by the id of the artist that marks their place."""
    found: dict[str, list[SvgText]] = {}
    for k, (marker, items) in enumerate(sink):
        if marker.get_gid() is None:
            marker.set_gid(f"text.{k}")
        found.setdefault(str(marker.get_gid()), []).extend(items)
    return found
