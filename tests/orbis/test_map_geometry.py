"""The Orbis map's real geography agrees with its graph (issue 20: "the CaWa
and Orbis maps get the same test"; maps/orbis/outlines/europa-500.yaml, made
by maps/tools/orbis_geometry.py from Natural Earth's land; rulebook 000
"Mapa y Estados": regions and their borders)."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from shapely import Point, Polygon, unary_union
from shapely.geometry.base import BaseGeometry

from maps.orbis.files import load_orbis_map, orbis_map_from_dict, orbis_map_to_dict
from maps.orbis.geometry import (
    geometry_for,
    geometry_from_dict,
    geometry_path,
    load_orbis_geometry,
    shared_borders,
)
from renderers.orbis.map import render_orbis_map
from renderers.svg_document import SVG, shapes

EUROPA = load_orbis_map("europa-500")
GEOMETRY = load_orbis_geometry("europa-500")
NATURAL_EARTH = Path("/tmp/ne/node_modules/world-atlas/land-50m.json")


def land() -> BaseGeometry:
    return unary_union([Polygon(ring) for ring in GEOMETRY.land])


def test_borders_are_the_graph_plus_the_crossings() -> None:
    """Two regions share a border exactly when the map makes them neighbours,
    but for the listed crossings (neighbours across the sea), which share none."""
    crossings = {frozenset(c.between) for c in GEOMETRY.crossings}
    drawn = shared_borders(GEOMETRY)
    assert not drawn & crossings
    assert {tuple(sorted(p)) for p in (drawn | crossings) ^ EUROPA.borders} == set()


def test_the_crossings_are_the_sea_crossings() -> None:
    """The Channel, the straits of Gibraltar, Messina, Sicily and Bonifacio's
    neighbours, the Bosporus and the Aegean: each drawn as a line over the water
    from one region's coast to the other's."""
    crossings = {frozenset(c.between) for c in GEOMETRY.crossings}
    assert crossings == {
        frozenset(pair)
        for pair in (
            ("africa", "cerdena"),
            ("africa", "sicilia"),
            ("anatolia", "grecia"),
            ("anatolia", "tracia"),
            ("britannia", "neustria"),
            ("cerdena", "italia"),
            ("hispania", "mauretania"),
            ("italia", "sicilia"),
        )
    }
    ground = land()
    for crossing in GEOMETRY.crossings:
        a, b = crossing.between
        for end, code in zip(crossing.line, (a, b), strict=True):
            assert GEOMETRY.regions[code].shape.distance(Point(end)) < 0.02, (code, end)
        assert Point(crossing.line[0]).distance(Point(crossing.line[1])) < 4.0  # degrees
        assert (
            ground.contains(Point(crossing.line[0]))
            or ground.distance(Point(crossing.line[0])) < 0.02
        )


def test_every_region_is_drawn_once_without_overlaps() -> None:
    assert set(GEOMETRY.regions) == set(EUROPA.regions)
    shapes_ = {code: region.shape for code, region in GEOMETRY.regions.items()}
    assert all(s.is_valid and s.area > 0.1 for s in shapes_.values())
    for a, b in itertools.combinations(sorted(shapes_), 2):
        assert shapes_[a].intersection(shapes_[b]).area < 1e-6, (a, b)


def test_each_point_and_label_lies_in_its_region() -> None:
    """The region's point (where its name and the overlays' centres go) and
    its label are inside its land."""
    for code, region in GEOMETRY.regions.items():
        assert region.shape.contains(Point(EUROPA.regions[code].at)), code
        assert region.shape.contains(Point(region.label)), code


def test_regions_lie_on_natural_earth_land() -> None:
    """Measured: 99.9% of the regions' area on Natural Earth's land (they are
    cut along its coast; the rest is the rounding), and the regions hold 60% of
    the land in the frame (the rest: Ireland, Scandinavia, the steppe, the
    Levant, the Sahara, the small islands)."""
    ground = land()
    regions = unary_union([r.shape for r in GEOMETRY.regions.values()])
    on_land = regions.intersection(ground).area / regions.area
    assert on_land > 0.99
    assert 0.5 < regions.area / ground.area < 0.7
    # Islands are their own regions' or no one's: Sicily is Sicily, Corsica joins Sardinia.
    assert GEOMETRY.regions["sicilia"].shape.contains(Point(14.0, 37.5))
    assert GEOMETRY.regions["cerdena"].shape.contains(Point(9.1, 42.1))
    assert len(GEOMETRY.regions["cerdena"].shape.geoms) >= 2


def test_a_gms_own_map_falls_back_to_schematic_cells() -> None:
    """A map whose regions differ from the packaged geometry's is drawn as
    Voronoi cells (`renderers.orbis.map.region_cells`), not with wrong outlines."""
    data = orbis_map_to_dict(EUROPA)
    data["regions"]["frisia"] = {"name": "Frisia", "at": [5.5, 53.0]}
    data["borders"].append(["frisia", "saxonia"])
    own = orbis_map_from_dict(data, "map.yaml")
    assert geometry_for(EUROPA) is GEOMETRY
    assert geometry_for(own) is None
    moved = orbis_map_from_dict(
        {**orbis_map_to_dict(EUROPA), "regions": _moved_point(orbis_map_to_dict(EUROPA))}
    )
    assert geometry_for(moved) is None
    svg = render_orbis_map(own, own.start_owners, {}, {}, "svg", title="500")
    root = ET.fromstring(svg)
    fill = next(g for g in root.iter(f"{{{SVG}}}g") if g.get("id") == "regions.fill")
    assert len(shapes(fill)) == len(own.regions)
    assert not [g for g in root.iter(f"{{{SVG}}}g") if g.get("id") == "land"]


def _moved_point(data: dict[str, Any]) -> dict[str, Any]:
    regions = dict(data["regions"])
    regions["italia"] = {**regions["italia"], "at": [5.0, 60.0]}  # in the North Sea
    return regions


def test_the_packaged_map_is_drawn_with_its_geography() -> None:
    """The land, the coast and one path per region, in the geometry's frame."""
    svg = render_orbis_map(EUROPA, EUROPA.start_owners, {}, {}, "svg", title="500")
    root = ET.fromstring(svg)
    ids = {g.get("id") for g in root.iter(f"{{{SVG}}}g")}
    assert {"land.sea", "land.ground", "land.coast", "regions.fill"} <= ids
    assert {f"crossings.{a}-{b}" for a, b in (c.between for c in GEOMETRY.crossings)} <= ids


def test_a_bad_geometry_file_is_refused() -> None:
    good: dict[str, Any] = {
        "format": "mapjudge-orbis-geometry",
        "version": 1,
        "map": "m",
        "source": "test",
        "frame": [0, 0, 10, 10],
        "parallel": 5,
        "land": [[[0, 0], [10, 0], [10, 10]]],
        "regions": {"a": {"label": [1, 1], "polygons": [[[[0, 0], [4, 0], [4, 4], [0, 4]]]]}},
        "crossings": [],
    }
    assert set(geometry_from_dict(good).regions) == {"a"}
    bad_cases = [
        {**good, "format": "other"},
        {**good, "frame": [10, 0, 0, 10]},
        {**good, "regions": {"a": {"label": [1], "polygons": [[[[0, 0], [4, 0], [4, 4]]]]}}},
        {**good, "regions": {"a": {"label": [1, 1], "polygons": []}}},
        {**good, "crossings": [{"between": ["a", "zz"], "line": [[0, 0], [1, 1]]}]},
    ]
    for bad in bad_cases:
        with pytest.raises((ValueError, KeyError, TypeError)):
            geometry_from_dict(bad)


def test_the_file_names_its_source_and_is_rounded() -> None:
    """A header naming Natural Earth; coordinates to two decimals of a degree."""
    text = geometry_path("europa-500").read_text(encoding="utf-8")
    assert "Natural Earth" in text.splitlines()[1]
    assert not re.search(r"\d\.\d{3,}", text)
    assert GEOMETRY.source.startswith("npm world-atlas 2.0.2")


@pytest.mark.skipif(not NATURAL_EARTH.exists(), reason="Natural Earth (npm world-atlas) not here")
def test_a_rerun_gives_the_same_bytes() -> None:
    """The tool, run again on the same land, writes the committed file exactly."""
    import json

    from maps.tools.orbis_geometry import SETTINGS, make_geometry

    topology = json.loads(NATURAL_EARTH.read_text(encoding="utf-8"))
    again = make_geometry(EUROPA, topology, SETTINGS["europa-500"])
    assert again.to_yaml() == geometry_path("europa-500").read_text(encoding="utf-8")


def test_a_bad_geometry_file_is_named_in_the_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A packaged geometry that cannot be read is an `OrbisMapError` naming its file."""
    from maps.orbis import geometry
    from maps.orbis.files import OrbisMapError

    monkeypatch.setattr(geometry, "OUTLINES_DIR", tmp_path)
    (tmp_path / "broken-map.yaml").write_text("format: other\nversion: 1\n", encoding="utf-8")
    with pytest.raises(OrbisMapError, match="broken-map.yaml"):
        geometry.load_orbis_geometry("broken-map")
    with pytest.raises(OrbisMapError, match="missing-map.yaml"):
        geometry.load_orbis_geometry("missing-map")
