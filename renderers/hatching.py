"""Diagonal hatching as plain lines: a home area's `///`.

matplotlib's `hatch=` fills a polygon with a pattern that Agg rasterises per
area on every drawing (the largest single cost of a classic map, about 4 ms of
35); the same stripes as one compound path of segments, cut to the area once
per outline (`KeptValues`), draw in a third of that. The lines
rise to the right on the page (the page's y grows downwards), `SPACING`
pixels apart along a row, anchored to the page (x + y a multiple of
`SPACING`), so the stripes of neighbouring areas line up as a hatch does.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.path import Path

from renderers.kept import KeptValues

Point = tuple[float, float]
SPACING = 8.0
"""Pixels between stripes along a row (about 5.7 px apart across them)."""
_HATCHES: KeptValues[Path] = KeptValues(limit=4096)


def hatch_path(outline: Sequence[Point], spacing: float = SPACING) -> Path:
    """The stripes inside `outline` (a closed ring), as one compound path."""
    return _HATCHES.get(outline, spacing, lambda: _stripes(outline, spacing))


def _stripes(outline: Sequence[Point], spacing: float) -> Path:
    """Scan lines x + y = c across the ring's edges, the crossings of each line
    paired in order along it (even-odd: inside between the 1st and 2nd, ...).
    An edge counts the end where its x + y is lower and not the other, so a
    line through a vertex is crossed once, or twice where both edges rise or fall."""
    start = np.asarray(outline, dtype=float).reshape(-1, 2)
    end = np.roll(start, -1, axis=0)
    s0, s1 = start.sum(axis=1), end.sum(axis=1)
    low, high = np.minimum(s0, s1), np.maximum(s0, s1)
    if not len(start) or high.max() <= low.min():
        return Path(np.zeros((0, 2)))
    offsets = np.arange(np.ceil(low.min() / spacing) * spacing, high.max(), spacing)
    crosses = (low[None, :] <= offsets[:, None]) & (offsets[:, None] < high[None, :])
    line, edge = np.nonzero(crosses)
    c = offsets[line]
    t = (c - s0[edge]) / (s1[edge] - s0[edge])
    x = start[edge, 0] + t * (end[edge, 0] - start[edge, 0])
    order = np.lexsort((x, line))
    x, c = x[order], c[order]
    points = np.column_stack([x, c - x])
    codes = np.tile([Path.MOVETO, Path.LINETO], len(points) // 2).astype(Path.code_type)
    return Path(points[: len(codes)], codes)
