"""An SVG turn map is a document (issue 20): its text is `<text>`, each layer
is one `<g>`, and each area and unit has a `<title>` a browser shows on hover
(renderers/svg_document.py, renderers/board/map_image.py)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from adjudicator.kits.board.results import Resolution
from adjudicator.kits.board.state import GameState
from maps import load_map
from maps.geometry import load_geometry
from renderers.board.map_image import map_labels, render_map
from renderers.board.report import format_order
from renderers.svg_document import SVG, document, shapes
from tests.rulesets import board_rendering, board_rules
from tests.test_map_legibility import first_turn

G, TITLE, TEXT = f"{{{SVG}}}g", f"{{{SVG}}}title", f"{{{SVG}}}text"
LAYERS = ("areas", "borders", "labels", "cities", "units", "orders", "title", "legend")


@pytest.fixture(scope="module")
def classic() -> tuple[GameState, Resolution[GameState], bytes]:
    """The classic example after its first turn, drawn as SVG with that turn's orders."""
    _, resolution = first_turn("classic")
    game_map, geometry = load_map("classic"), load_geometry("classic")
    svg = render_map(game_map, geometry, resolution.state, resolution.results, fmt="svg")
    return resolution.state, resolution, svg


def group(root: ET.Element, ident: str) -> ET.Element:
    found = [g for g in root.iter(G) if g.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def test_one_group_per_layer(classic: tuple[GameState, Resolution[GameState], bytes]) -> None:
    root = ET.fromstring(classic[2])
    for layer in LAYERS:
        layer_group = group(root, layer)
        assert len(layer_group) > 0, layer
        assert all(child.get("id", "").startswith(f"{layer}.") for child in layer_group)
    ids = [g.get("id") for g in root.iter(G) if g.get("id")]
    assert len(ids) == len(set(ids))
    assert not [i for i in ids if i and "." in i and i.partition(".")[0] not in ids]


def test_one_title_per_area(classic: tuple[GameState, Resolution[GameState], bytes]) -> None:
    root = ET.fromstring(classic[2])
    game_map, geometry = load_map("classic"), load_geometry("classic")
    fills = shapes(group(root, "areas.fill"))
    assert len(fills) == len(geometry.areas)
    titles = [shape.find(TITLE) for shape in fills]
    texts = [t.text for t in titles if t is not None]
    assert len(texts) == len(geometry.areas)
    expected = [f"{game_map.areas[c].name} ({c})" for c in sorted(geometry.areas)]
    assert [t.split(":")[0] for t in texts if t] == expected
    owners = board_rendering("classic").area_owners(classic[0])
    assert owners
    for code, text in zip(sorted(geometry.areas), texts, strict=True):
        owner = owners.get(code)
        assert (text or "").endswith(f": {game_map.powers[owner].name}" if owner else ")")


def test_one_title_per_unit_with_its_order(
    classic: tuple[GameState, Resolution[GameState], bytes],
) -> None:
    state, resolution, svg = classic
    root = ET.fromstring(svg)
    units = group(root, "units")
    titled = [s.find(TITLE) for s in shapes(units)]
    texts = [t.text or "" for t in titled if t is not None]
    assert len(texts) == len(state.units)
    assert sorted(t.split(":")[0] for t in texts) == sorted(str(u) for u in state.units)
    moved = [
        format_order(r.order, r.unit)
        for r in resolution.results
        if r.succeeded and type(r.order).__name__ == "Move"
    ]
    assert moved and all(any(m in t for t in texts) for m in moved)


def test_text_is_text(classic: tuple[GameState, Resolution[GameState], bytes]) -> None:
    state, resolution, svg = classic
    root = ET.fromstring(svg)
    game_map, geometry = load_map("classic"), load_geometry("classic")
    rendering = board_rendering("classic")
    placed, _ = map_labels(game_map, geometry, state, rendering, resolution.results)
    labels = ["".join(t.itertext()) for t in group(root, "labels").iter(TEXT)]
    assert sorted(labels) == sorted(p.text for p in placed)
    assert "Spring 1901" not in labels and any(
        "1901" in "".join(t.itertext()) for t in group(root, "title").iter(TEXT)
    )
    assert any("England" in "".join(t.itertext()) for t in group(root, "legend").iter(TEXT))


def test_svg_is_deterministic(classic: tuple[GameState, Resolution[GameState], bytes]) -> None:
    state, resolution, svg = classic
    again = render_map(
        load_map("classic"), load_geometry("classic"), state, resolution.results, fmt="svg"
    )
    assert again == svg


def test_machiavelli_svg_titles_every_area() -> None:
    rules = board_rules("machiavelli")
    game_map, geometry = load_map(rules.map_name), load_geometry("machiavelli")
    state = rules.initial_state(game_map)
    svg = render_map(game_map, geometry, state, fmt="svg", rendering=board_rendering("machiavelli"))
    root = ET.fromstring(svg)
    fills = shapes(group(root, "areas.fill"))
    assert len(fills) == len(geometry.areas)
    assert all(shape.find(TITLE) is not None for shape in fills)


def test_document_groups_layers_and_attaches_titles() -> None:
    svg = (
        f'<svg xmlns="{SVG}"><g id="axes_1">'
        '<g id="areas.fill"><path d="M0 0"/><path d="M1 1"/></g>'
        '<g id="labels.0"><text>A</text></g>'
        '<g id="areas.homes"><path d="M2 2"/></g>'
        '<g id="labels.1"><text>B</text></g>'
        "</g></svg>"
    ).encode()
    out = ET.fromstring(document(svg, {"areas.fill": ["one", "two"]}, "Map"))
    axes = group(out, "axes_1")
    assert [c.get("id") for c in axes] == ["areas", "labels"]
    assert [c.get("id") for c in group(out, "areas")] == ["areas.fill", "areas.homes"]
    assert [p.find(TITLE).text for p in shapes(group(out, "areas.fill"))] == ["one", "two"]  # type: ignore[union-attr]
    assert out.find(TITLE) is not None and out.find(TITLE).text == "Map"  # type: ignore[union-attr]
    assert document(svg, {"areas.fill": ["one", "two"]}, "Map") == document(
        svg, {"areas.fill": ["one", "two"]}, "Map"
    )
