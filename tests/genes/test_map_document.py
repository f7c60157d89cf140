"""A Genes SVG board is a document (issue 20: "SVG that is a document, not a
picture": text as text, one group per layer, a `<title>` per area and unit
that a browser shows on hover; renderers/genes/map.py, rulebook 002 §3
countries, §4.4 cities, §4.5 Exèrcit, §4.3 characters, §5.4.4 sieges)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from adjudicator.rulesets.genes.codec import state_from_dict
from adjudicator.rulesets.genes.model import CharacterStatus, GenesState
from maps.genes.region import Region, load_region
from maps.safe_yaml import read_yaml_file
from renderers.genes.map import drawn_characters, render_genes_map
from renderers.svg_document import SVG, shapes

EXAMPLE = Path(__file__).resolve().parents[2] / "examples/genes-3-players/played/3-actions.yaml"

G, TITLE, TEXT = f"{{{SVG}}}g", f"{{{SVG}}}title", f"{{{SVG}}}text"
LAYERS = ("sea", "land", "relief", "borders", "cities", "labels", "units", "characters")


@pytest.fixture(scope="module")
def region() -> Region:
    return load_region("peninsula")


@pytest.fixture(scope="module")
def state() -> GenesState:
    """The example game's turn 3: capitals, walls, a siege, raiders, a captive."""
    return state_from_dict(read_yaml_file(EXAMPLE))


@pytest.fixture(scope="module")
def svg(region: Region, state: GenesState) -> bytes:
    return render_genes_map(region, state, "svg", title="Turn 1")


def group(root: ET.Element, ident: str) -> ET.Element:
    found = [g for g in root.iter(G) if g.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def titles_of(root: ET.Element, prefix: str) -> dict[str, list[str]]:
    return {
        g.get("id", ""): [t.text or "" for t in g.iter(TITLE)]
        for g in root.iter(G)
        if g.get("id", "").startswith(prefix)
    }


def test_one_group_per_layer(svg: bytes) -> None:
    root = ET.fromstring(svg)
    for layer in (*LAYERS, "title", "legend"):
        layer_group = group(root, layer)
        assert len(layer_group) > 0, layer
        assert all(child.get("id", "").startswith(f"{layer}.") for child in layer_group)
    ids = [g.get("id") for g in root.iter(G) if g.get("id")]
    assert len(ids) == len(set(ids))


def test_one_title_per_country_with_its_cities(
    svg: bytes,
    region: Region,
    state: GenesState,
) -> None:
    """002 §3: every piece of a country's land carries its name, then its
    cities with their owners (a conquered one under its conqueror)."""
    root = ET.fromstring(svg)
    land = titles_of(root, "land.")
    assert len(land) == sum(len(a.polygons) for a in region.countries.values())
    heads = {texts[0].splitlines()[0] for texts in land.values()}
    assert heads == {a.local_name for a in region.countries.values()}
    for gid, texts in land.items():
        country = gid.split(".")[1]
        assert len(texts) == 1 and texts[0].startswith(region.countries[country].local_name)
        for city in (c for c in state.cities.values() if c.country == country):
            assert f"\n{city.name}: " in texts[0], (country, city.id)
    (gavina,) = (t[0] for g, t in land.items() if g == "land.llevant.1")
    assert "Gavina: Llevant; walled; besieged by Ponent" in gavina.splitlines()


def test_cities_units_and_characters_are_titled(
    svg: bytes,
    region: Region,
    state: GenesState,
) -> None:
    """§4.4: a city's owner, capital, walls, siege; §4.5: a force's owner and
    strength; §4.3: a character and its captor."""
    root = ET.fromstring(svg)
    cities = titles_of(root, "cities.")
    assert cities["cities.vilagrana"] == ["Vilagrana: Ponent; capital; walled"]
    assert cities["cities.gavina"] == ["Gavina: Llevant; walled; besieged by Ponent"]
    units = [t for texts in titles_of(root, "units.").values() for t in texts]
    assert len(units) == len(state.forces)
    assert sorted(units) == sorted(
        f"{region.countries[f.owner].local_name}: "
        + (
            f"raiders in {region.countries[f.place.split(':')[-1]].local_name} {f.strength}"
            if f.raiders
            else f"Exèrcit {f.strength}"
        )
        for f in state.forces
    )
    characters = titles_of(root, "characters.")
    assert len(characters) == len(drawn_characters(state))
    (captive,) = (c for c in state.characters.values() if c.status is CharacterStatus.CAPTURED)
    assert characters[f"characters.{captive.id}"][0].endswith("; captured by Ponent")
    assert all(len(shapes(group(root, g))) >= 1 for g in cities if not g.endswith("-name"))


def test_text_is_text(svg: bytes, region: Region, state: GenesState) -> None:
    """The names are `<text>`, with the halo as a stroke under the fill."""
    root = ET.fromstring(svg)
    names = ["".join(t.itertext()) for t in group(root, "cities").iter(TEXT)]
    assert sorted(names) == sorted(c.name for c in state.cities.values())
    labels = ["".join(t.itertext()) for t in group(root, "labels").iter(TEXT)]
    assert sorted(labels) == sorted(a.local_name for a in region.countries.values())
    assert "Turn 1" in ["".join(t.itertext()) for t in group(root, "title").iter(TEXT)]
    assert root.find(TITLE) is not None and root.find(TITLE).text == "Turn 1"  # type: ignore[union-attr]
    assert b"paint-order: stroke" in svg


def test_svg_is_deterministic(svg: bytes, region: Region, state: GenesState) -> None:
    assert render_genes_map(region, state, "svg", title="Turn 1") == svg
    png = render_genes_map(region, state, "png")
    render_genes_map(region, state, "svg")  # the SVG's settings do not leak into the PNG
    assert render_genes_map(region, state, "png") == png
    preview = render_genes_map(region, None, "svg")
    assert preview == render_genes_map(region, None, "svg")
    assert len(titles_of(ET.fromstring(preview), "land.")) >= len(region.countries)
