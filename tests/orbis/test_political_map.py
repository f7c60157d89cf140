"""The political map (rulebook 000 "Mapa y Estados"): regions on a graph,
held by nations, drawn in their colours; the graph distance between two
nations only suggests a reach level (AMB-09)."""

from __future__ import annotations

import pytest
from shapely.geometry import Point

from maps.orbis.files import OrbisMapError, load_orbis_map, orbis_map_from_dict, orbis_map_to_dict
from renderers.orbis.map import region_cells, render_orbis_map

EUROPA = load_orbis_map("europa-500")


def test_the_packaged_map_round_trips_and_names_regions() -> None:
    """O-175, O-184: regions held by nations; Mauritania and Dacia unheld."""
    assert orbis_map_from_dict(orbis_map_to_dict(EUROPA)) == EUROPA
    assert EUROPA.lookup_region("Borgoña") == EUROPA.lookup_region("burgundy") == "burgundia"
    assert EUROPA.start_owners["italia"] == "ostrogodos"
    assert "mauretania" not in EUROPA.start_owners and "dacia" not in EUROPA.start_owners
    assert EUROPA.neighbours("burgundia") == (
        "austrasia",
        "italia",
        "neustria",
        "raetia",
        "septimania",
    )


def test_the_graph_distance_between_nations_is_a_suggestion() -> None:
    """AMB-09: a number of borders for the GM, never a reach level."""
    owners = EUROPA.start_owners
    assert EUROPA.nation_distance(owners, "francos", "burgundios") == 1
    assert EUROPA.nation_distance(owners, "francos", "romanos") == 3
    assert EUROPA.nation_distance(owners, "francos", "francos") == 0
    assert EUROPA.nation_distance(owners, "francos", "nadie") is None


@pytest.mark.parametrize(
    ("patch", "message"),
    [
        ({"borders": [["gallia", "italia"]]}, "no region 'gallia'"),
        (
            {"owners": {"francos": ["italia"], "ostrogodos": ["italia"]}},
            "italia is already francos's",
        ),
        (
            {"regions": {"Italia": {"name": "Italia", "at": [1, 2]}}},
            "a region id is a lower-case word",
        ),
        ({"regions": {"italia": {"name": "Italia", "at": [1]}}}, "expected [longitude, latitude]"),
    ],
)
def test_a_bad_map_is_refused_naming_the_key(patch: dict[str, object], message: str) -> None:
    data = {**orbis_map_to_dict(EUROPA), **patch}
    with pytest.raises(OrbisMapError) as caught:
        orbis_map_from_dict(data, "bad.yaml")
    assert message in str(caught.value)


def test_the_map_draws_every_region_the_same_bytes_twice() -> None:
    """O-175: the nations in colour; a deterministic drawing."""
    cells = region_cells(EUROPA)
    assert set(cells) == set(EUROPA.regions)
    assert all(cells[r].contains(Point(*EUROPA.regions[r].at)) for r in cells)
    colours = {"francos": "#1f77b4", "romanos": "#e377c2"}
    first = render_orbis_map(EUROPA, EUROPA.start_owners, colours, {}, "png", title="500")
    assert first.startswith(b"\x89PNG") and first == render_orbis_map(
        EUROPA, EUROPA.start_owners, colours, {}, "png", title="500"
    )
    svg = render_orbis_map(EUROPA, EUROPA.start_owners, colours, {}, "svg", title="500")
    assert svg.startswith(b"<?xml")
