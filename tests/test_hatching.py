"""The home areas' stripes drawn as lines (renderers/hatching.py; issue 20: the
turn maps no slower than before, with the home hatch kept as the palette's
second cue besides colour)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from matplotlib.path import Path
from shapely.geometry import LineString, Polygon

from maps.geometry import load_geometry
from renderers.hatching import SPACING, hatch_path

SQUARE = ((0.0, 0.0), (40.0, 0.0), (40.0, 40.0), (0.0, 40.0))
U_SHAPE = (
    (0.0, 0.0),
    (60.0, 0.0),
    (60.0, 50.0),
    (40.0, 50.0),
    (40.0, 16.0),
    (20.0, 16.0),
    (20.0, 50.0),
    (0.0, 50.0),
)
ON_A_LINE = ((0.0, 0.0), (16.0, 0.0), (24.0, 8.0), (16.0, 32.0), (0.0, 16.0))
"""Vertices with x + y a multiple of `SPACING`: the scan lines pass through them."""


def segments(path: Path) -> list[LineString]:
    points = np.asarray(path.vertices, dtype=float)
    codes = np.asarray(path.codes)
    assert list(codes[::2]) == [Path.MOVETO] * (len(points) // 2)
    return [LineString(points[k : k + 2]) for k in range(0, len(points), 2)]


@pytest.mark.parametrize("outline", [SQUARE, U_SHAPE, ON_A_LINE], ids=["square", "U", "vertices"])
def test_stripes_lie_inside_and_cover_the_area(outline: tuple[tuple[float, float], ...]) -> None:
    """Every stripe lies in the area (a concave one too, and where a scan line
    passes through a vertex), they rise to the right on the page, and their
    length times their spacing is the area's surface."""
    area = Polygon(outline)
    stripes = segments(hatch_path(outline))
    assert stripes
    for stripe in stripes:
        assert area.buffer(1e-6).contains(stripe)
        (x0, y0), (x1, y1) = stripe.coords
        assert math.isclose(x0 + y0, x1 + y1)  # one scan line, x + y = c
        assert (x0 + y0) % SPACING == pytest.approx(0.0, abs=1e-9)
    across = SPACING / math.sqrt(2)
    covered = sum(s.length for s in stripes) * across
    assert covered == pytest.approx(area.area, rel=0.15)


def test_the_u_shape_is_cut_where_its_gap_is() -> None:
    """A scan line across both arms of the U gives two stripes, not one over the gap."""
    gap = Polygon(((20.0, 16.0), (40.0, 16.0), (40.0, 50.0), (20.0, 50.0)))
    for stripe in segments(hatch_path(U_SHAPE)):
        assert stripe.intersection(gap).length < 1e-6


@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_every_area_of_the_bundled_maps_can_be_hatched(name: str) -> None:
    """Each area of the bundled maps gets stripes inside it, covering it."""
    geometry = load_geometry(name)
    for code, area in geometry.areas.items():
        shape = Polygon(area.polygon)
        stripes = segments(hatch_path(area.polygon))
        assert stripes, code
        inside = [shape.buffer(0.01).covers(s) for s in stripes]
        assert all(inside), code
        covered = sum(s.length for s in stripes) * SPACING / math.sqrt(2)
        assert covered == pytest.approx(shape.area, rel=0.35), code
