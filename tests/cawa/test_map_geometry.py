"""The geometry of the CaWa map as drawn (issue 20: "two areas share a border
exactly when the map makes them neighbours ... the CaWa and Orbis maps get the
same test"): the hexes the renderer draws (`renderers.cawa.hexes.hex_polygons`,
what `draw_hexes` fills) share a side exactly when `maps.hexgrid` makes them
neighbours (CC-M-1: the map is drawn in hexes), never overlap, and each holds
its code's anchor and label; on the bundled example map and on a generated
40-player campaign."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest
import shapely
from matplotlib.collections import PolyCollection
from matplotlib.figure import Figure

from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.setup import start_state
from maps.cawa.files import load_cawa_map
from maps.cawa.generate import generate_map
from maps.cawa.model import CawaMap
from renderers.cawa.hexes import (
    FILL_GID,
    SMALL_MAP,
    HexFrame,
    code_size,
    code_spots,
    draw_hexes,
    hex_polygons,
)
from renderers.cawa.map import board_frame
from renderers.map_text import label_box

MAPS = ("example", "forty")
TOUCH = 1e-6
"""Pixels: how close two drawn sides must be to count as one border."""


@cache
def cawa_map(name: str) -> CawaMap:
    """The bundled example map, or a generated campaign of 40 kingdoms (1755 hexes)."""
    return load_cawa_map("example") if name == "example" else generate_map(40, 0)


def drawn_hexes(frame: HexFrame) -> list[shapely.Polygon]:
    return [shapely.Polygon(corners) for corners in hex_polygons(frame)]


def shared_borders(frame: HexFrame) -> dict[frozenset[str], float]:
    """Every pair of drawn hexes that touch -> the length of the border they
    share (0 for a pair that only meets at a corner)."""
    polygons = drawn_hexes(frame)
    tree = shapely.STRtree(polygons)
    left, right = tree.query([p.buffer(TOUCH) for p in polygons], predicate="intersects")
    borders: dict[frozenset[str], float] = {}
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i < j:
            edge = polygons[i].boundary.intersection(polygons[j].buffer(TOUCH))
            borders[frozenset((frame.codes[i], frame.codes[j]))] = edge.length
    return borders


@pytest.mark.parametrize("name", MAPS)
def test_hexes_share_a_border_exactly_when_neighbours(name: str) -> None:
    """Issue 20, CC-M-1: two drawn hexes share a side (a whole one, of the hex's
    radius) exactly when the map makes them neighbours."""
    game_map = cawa_map(name)
    frame = board_frame(game_map)
    borders = shared_borders(frame)
    sharing = {pair for pair, length in borders.items() if length > 1e-3 * frame.radius}
    neighbours = {
        frozenset((code, near)) for code in game_map.hexes for near in game_map.neighbours(code)
    }
    assert sharing == neighbours
    for pair in neighbours:
        assert borders[pair] == pytest.approx(frame.radius, abs=1e-3)


@pytest.mark.parametrize("name", MAPS)
def test_no_two_hexes_overlap(name: str) -> None:
    """Issue 20: the drawn hexes tile the board: no two overlap, and together
    they cover exactly the sum of their areas."""
    polygons = drawn_hexes(board_frame(cawa_map(name)))
    area = sum(p.area for p in polygons)
    assert shapely.union_all(polygons).area == pytest.approx(area, rel=1e-9)
    tree = shapely.STRtree(polygons)
    left, right = tree.query(polygons, predicate="intersects")
    for i, j in zip(left.tolist(), right.tolist(), strict=True):
        if i != j:
            assert polygons[i].intersection(polygons[j]).area < 1e-6


@pytest.mark.parametrize("name", MAPS)
def test_each_code_sits_inside_its_hex(name: str) -> None:
    """Issue 20: each hex's code is anchored inside its hex, and the code's
    label (as big as the map draws it) fits inside too."""
    game_map = cawa_map(name)
    frame = board_frame(game_map)
    size = code_size(frame, len(frame.codes) < SMALL_MAP)
    polygons = drawn_hexes(frame)
    for code, spot, hexagon in zip(frame.codes, code_spots(frame), polygons, strict=True):
        assert hexagon.contains(shapely.Point(spot)), code
        left, top, right, bottom = label_box(spot, code, size)
        assert hexagon.contains(shapely.box(left, top, right, bottom)), code


def test_the_polygons_are_what_is_drawn() -> None:
    """Issue 20: the test checks the drawing, not a copy: `draw_hexes` fills
    exactly the polygons of `hex_polygons`, one per hex in code order."""
    game_map = cawa_map("example")
    frame = board_frame(game_map)
    ax = Figure().add_axes((0.0, 0.0, 1.0, 1.0))
    draw_hexes(ax, frame, game_map, start_state(game_map, CawaOptions()))
    (fills,) = [c for c in ax.collections if c.get_gid() == FILL_GID]
    assert isinstance(fills, PolyCollection)
    drawn = [np.asarray(path.vertices)[:6] for path in fills.get_paths()]
    assert len(drawn) == len(frame.codes)
    assert np.allclose(np.asarray(drawn), hex_polygons(frame))
