"""The areas' borders drawn once each (renderers/board/map_board.border_path;
issue 20: maps no slower than before): every edge of every outline is in the
path, a border two areas share only once."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import numpy as np
import pytest

from maps.geometry import load_geometry
from renderers.board.map_board import border_path, unshared_runs

Point = tuple[float, float]


def edges(rings: list[tuple[Point, ...]]) -> Counter[frozenset[Point]]:
    return Counter(
        frozenset((a, b)) for ring in rings for a, b in zip(ring, [*ring[1:], ring[0]]) if a != b
    )


def test_two_squares_share_their_border_once() -> None:
    left = ((0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0))
    right = ((1.0, 0.0), (2.0, 0.0), (2.0, 1.0), (1.0, 1.0))
    runs = unshared_runs([left, right])
    drawn = Counter(frozenset(p) for run in runs for p in pairwise(run))
    assert sum(drawn.values()) == 7  # 8 edges, the shared one once
    assert drawn[frozenset(((1.0, 0.0), (1.0, 1.0)))] == 1
    assert set(drawn) == set(edges([left, right]))


@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_the_bundled_maps_borders_are_every_edge_once(name: str) -> None:
    geometry = load_geometry(name)
    rings = [a.polygon for a in geometry.areas.values()]
    rings += [land.polygon for land in geometry.impassable]
    path = border_path(geometry)
    points: list[Point] = [(float(x), float(y)) for x, y in np.asarray(path.vertices)]
    codes = np.asarray(path.codes)
    drawn: Counter[frozenset[Point]] = Counter()
    for k in range(1, len(points)):
        if codes[k] != path.MOVETO:
            drawn[frozenset((points[k - 1], points[k]))] += 1
    every = edges(rings)
    assert set(drawn) == set(every)
    assert max(drawn.values()) == 1
    assert sum(drawn.values()) < sum(every.values())  # shared borders are not drawn twice
