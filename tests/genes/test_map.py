"""The Genes Mactantes board picture (`renderers.genes.map`): the region drawn by
the players (rulebook 002 §3) and the state of a game on it (§4.4 cities, §4.5
Exèrcit, §4.3 characters, §5.4.4 sieges), byte-identical for the same inputs."""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import replace

import pytest
import shapely
from PIL import Image

from adjudicator.rulesets.genes import model
from adjudicator.rulesets.genes.model import (
    Character,
    CharacterStatus,
    City,
    Country,
    Force,
    GenesState,
    Relevance,
    Trait,
)
from maps.genes.generate import default_players, generate_region
from maps.genes.region import Region, load_region
from renderers import map_style as style
from renderers.genes.map import PANEL, SCALE, TITLE_BAND, land_holder, pixel, render_genes_map

RGB = tuple[int, int, int]


@pytest.fixture(scope="module")
def region() -> Region:
    return load_region("peninsula")


@pytest.fixture(scope="module")
def state(region: Region) -> GenesState:
    """Turn 1 on the peninsula: capitals, a conquered city, forces in cities and
    fields, raiders, a principal, a captive and a siege."""
    traits = {Trait.AUTHORITY: 5, Trait.DIPLOMACY: 4, Trait.MILITARISM: 6, Trait.TECHNOLOGY: 3}
    countries = {
        c: Country(c, area.name, Relevance.MEDIUM, traits) for c, area in region.countries.items()
    }
    capitals = {"vilagrana": "ponent", "montalt": "serra", "portdaurat": "llevant"}
    cities = {
        c.id: City(c.id, c.name, c.country, c.country, c.position, capital_of=capitals.get(c.id))
        for c in region.cities.values()
    }
    cities["vilagrana"] = cities["vilagrana"].with_(walled=True)
    cities["albara"] = cities["albara"].with_(owner="ponent")
    characters = {
        "joan": Character(
            "joan", "Joan", "ponent", "rei", {Trait.AUTHORITY: 2}, "vilagrana", principal=True
        ),
        "pere": Character(
            "pere",
            "Pere",
            "llevant",
            "general",
            {Trait.MILITARISM: 2},
            "vilagrana",
            status=CharacterStatus.CAPTURED,
            held_by="ponent",
        ),
    }
    forces = (
        Force("ponent", "vilagrana", 8),
        Force("ponent", "albara", 4),
        Force("ponent", model.field_place("serra"), 5),
        Force("serra", "montalt", 7),
        Force("llevant", "portdaurat", 9),
        Force("llevant", model.field_place("ponent"), 3, raiders=True),
    )
    return GenesState(
        phase=model.first_phase(),
        countries=countries,
        cities=cities,
        characters=characters,
        forces=forces,
        seats=("ponent", "serra", "llevant"),
        sieges={"montalt": "ponent"},
    )


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def rgb(image: Image.Image, xy: tuple[int, int]) -> RGB:
    value = image.getpixel(xy)
    assert isinstance(value, tuple)
    return (int(value[0]), int(value[1]), int(value[2]))


def near(colour: RGB, hex_colour: str, tolerance: int = 4) -> bool:
    expected = tuple(round(c * 255) for c in style.hex_rgb(hex_colour))
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected, strict=True))


def commonest_inside(image: Image.Image, region: Region, country: str) -> RGB:
    """The commonest pixel colour over a grid of points well inside the country."""
    inner = region.polygon(country).buffer(-1.5)
    min_x, min_y, max_x, max_y = inner.bounds
    seen: Counter[RGB] = Counter()
    for i in range(30):
        for j in range(30):
            x = min_x + (max_x - min_x) * i / 29
            y = min_y + (max_y - min_y) * j / 29
            if inner.contains(shapely.Point(x, y)):
                seen[rgb(image, pixel((x, y)))] += 1
    return seen.most_common(1)[0][0]


def colours_around(image: Image.Image, point: tuple[float, float], radius: int) -> list[RGB]:
    cx, cy = pixel(point)
    return [
        rgb(image, (x, y))
        for x in range(cx - radius, cx + radius + 1)
        for y in range(cy - radius, cy + radius + 1)
    ]


def test_region_picture_size_and_country_colours(region: Region) -> None:
    """002 §3: the board as drawn, each country's land in its own colour."""
    image = decode(render_genes_map(region, None))
    assert image.size == (100 * SCALE + PANEL, 70 * SCALE + TITLE_BAND)
    for country, area in region.countries.items():
        assert near(commonest_inside(image, region, country), area.colour), country


def test_sea_around_the_land(region: Region) -> None:
    """002 §3 step 1: the silhouette stands on the sea."""
    image = decode(render_genes_map(region, None))
    assert near(rgb(image, pixel((97.0, 67.0))), style.SEA)


def test_state_picture_keeps_each_country_in_its_colour(region: Region, state: GenesState) -> None:
    """002 §3, §4.4: countries in the game are drawn in their own colour."""
    image = decode(render_genes_map(region, state))
    for country, area in region.countries.items():
        assert near(commonest_inside(image, region, country), area.colour), country


def test_eliminated_country_land_goes_to_its_conqueror(region: Region, state: GenesState) -> None:
    """002 §4.4: a country that loses every city is out; its land is drawn in the
    colour of the country holding most of its cities (a reading)."""
    cities = {
        i: (c.with_(owner="serra") if c.country == "llevant" else c)
        for i, c in state.cities.items()
    }
    countries = dict(state.countries)
    countries["llevant"] = countries["llevant"].with_(eliminated=True)
    later = replace(state, cities=cities, countries=countries)
    assert land_holder(region, later, "llevant") == "serra"
    assert land_holder(region, later, "ponent") == "ponent"
    image = decode(render_genes_map(region, later))
    assert near(commonest_inside(image, region, "llevant"), region.countries["serra"].colour)


def test_siege_is_a_red_ring(region: Region, state: GenesState) -> None:
    """002 §5.4.4 Setge: the besieged city is ringed in red."""
    montalt = region.cities["montalt"].position
    besieged = decode(render_genes_map(region, state))
    lifted = decode(render_genes_map(region, replace(state, sieges={})))
    assert any(near(c, style.FAILED, 40) for c in colours_around(besieged, montalt, 16))
    assert not any(near(c, style.FAILED, 40) for c in colours_around(lifted, montalt, 16))


def test_forces_are_boxes_in_the_owners_colour(region: Region, state: GenesState) -> None:
    """002 §4.5: Ponent's troops in conquered Albarà show in Ponent's colour on
    La Serra's land."""
    albara = region.cities["albara"].position
    below = (albara[0], albara[1] + 1.8)
    ponent = region.countries["ponent"].colour
    with_force = decode(render_genes_map(region, state))
    forces = tuple(f for f in state.forces if f.place != "albara")
    without = decode(render_genes_map(region, replace(state, forces=forces)))
    count = sum(near(c, ponent, 6) for c in colours_around(with_force, below, 6))
    assert count > 20
    assert count > 2 * sum(near(c, ponent, 6) for c in colours_around(without, below, 6))


@pytest.mark.parametrize("fmt", ["png", "svg"])
def test_same_inputs_same_bytes(region: Region, state: GenesState, fmt: str) -> None:
    """002 §3: the map of a turn is archived; rerendering gives the same bytes."""
    first = render_genes_map(region, state, fmt, title="Turn 1")
    assert render_genes_map(region, state, fmt, title="Turn 1") == first
    assert render_genes_map(region, None, fmt) == render_genes_map(region, None, fmt)
    if fmt == "svg":
        assert b"<dc:date>" not in first


def test_state_and_title_change_the_picture(region: Region, state: GenesState) -> None:
    """002 §4, §5: the game's state is drawn on top of the bare region."""
    bare = render_genes_map(region, None)
    assert render_genes_map(region, state) != bare
    assert render_genes_map(region, None, title="Preview") != bare


def test_generated_region_preview(region: Region) -> None:
    """002 §3: the generator's region draws on its own (state None), nine countries."""
    generated = generate_region(default_players(9), seed=3)
    image = decode(render_genes_map(generated, None))
    assert image.size == (100 * SCALE + PANEL, 70 * SCALE + TITLE_BAND)
    for country, area in generated.countries.items():
        assert near(commonest_inside(image, generated, country), area.colour), country


def test_unknown_format_is_refused(region: Region) -> None:
    """The map is PNG or SVG."""
    with pytest.raises(ValueError, match="unknown map format 'gif'"):
        render_genes_map(region, None, "gif")
