"""The drawn maps agree with the rules graph (maps/<name>.geometry.yaml)."""

from __future__ import annotations

import pytest
from shapely import Point, Polygon

from maps import load_map
from maps.geometry import drawn_borders, graph_borders, load_geometry

MAPS = ["classic", "machiavelli"]


def polygons(name: str) -> dict[str, Polygon]:
    geometry = load_geometry(name)
    return {c: Polygon(a.polygon, a.holes) for c, a in geometry.areas.items()}


@pytest.mark.parametrize("name", MAPS)
def test_drawn_borders_are_the_graph_borders(name: str) -> None:
    game_map, geometry = load_map(name), load_geometry(name)
    wanted = graph_borders({c: game_map.area_neighbours(c) for c in game_map.areas})
    drawn = drawn_borders(geometry)
    crossings = {frozenset(c.between) for c in geometry.crossings}
    assert not drawn & crossings
    assert {tuple(sorted(p)) for p in (drawn | crossings) ^ wanted} == set()
    assert drawn | crossings == wanted


def test_classic_draws_every_border_and_no_crossing() -> None:
    assert load_geometry("classic").crossings == ()


def test_machiavelli_crossings_are_its_straits() -> None:
    crossings = {frozenset(c.between) for c in load_geometry("machiavelli").crossings}
    assert crossings == {frozenset({"COR", "SAR"}), frozenset({"MES", "OTR"})}


@pytest.mark.parametrize("name", MAPS)
def test_every_area_is_drawn_once_without_overlaps(name: str) -> None:
    shapes = polygons(name)
    assert set(shapes) == set(load_map(name).areas)
    assert all(s.is_valid and s.area > 0 for s in shapes.values())
    codes = sorted(shapes)
    for i, a in enumerate(codes):
        for b in codes[i + 1 :]:
            assert shapes[a].intersection(shapes[b]).area < 1e-6, (a, b)


@pytest.mark.parametrize("name", MAPS)
def test_anchors_lie_inside_their_area(name: str) -> None:
    geometry, shapes = load_geometry(name), polygons(name)
    game_map = load_map(name)
    for code, area in geometry.areas.items():
        points = [area.unit, area.label, *area.coasts.values()]
        points += [area.city] if area.city else []
        for point in points:
            assert shapes[code].contains(Point(point)), (code, point)
        assert set(area.coasts) == set(game_map.areas[code].coasts)
        if game_map.areas[code].supply_center or game_map.areas[code].city:
            assert area.city is not None, code
