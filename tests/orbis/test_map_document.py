"""An Orbis SVG map is a document (issue 20: "SVG that is a document, not a
picture": text as text, one group per layer, a `<title>` per area and mark
that a browser shows on hover; renderers/orbis/map.py, rulebook 000 "Mapa y
Estados", O-184 for regions nobody holds)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from maps.orbis.files import load_orbis_map
from renderers.orbis.map import render_orbis_map
from renderers.svg_document import SVG, shapes
from tests.orbis.test_politics_map import COLOURS, OWNERS, politics

G, TITLE, TEXT = f"{{{SVG}}}g", f"{{{SVG}}}title", f"{{{SVG}}}text"
EUROPA = load_orbis_map("europa-500")
NAMES = {"francos": "Reino de los Francos", "romanos": "Imperio Romano de Oriente"}
LAYERS = ("land", "regions", "borders", "crossings", "labels", "politics", "title", "legend")


def draw() -> bytes:
    return render_orbis_map(
        EUROPA,
        OWNERS,
        COLOURS,
        NAMES,
        "svg",
        title="Europa, año 502",
        politics=politics(),
        politics_year=502,
    )


@pytest.fixture(scope="module")
def svg() -> bytes:
    return draw()


def group(root: ET.Element, ident: str) -> ET.Element:
    found = [g for g in root.iter(G) if g.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def texts(element: ET.Element) -> list[str]:
    return ["".join(t.itertext()) for t in element.iter(TEXT)]


def test_one_group_per_layer(svg: bytes) -> None:
    root = ET.fromstring(svg)
    for layer in LAYERS:
        assert len(group(root, layer)) > 0, layer
    ids = [g.get("id") for g in root.iter(G) if g.get("id")]
    assert len(ids) == len(set(ids))
    assert all(
        child.get("id", "").partition(":")[0]
        in {"vassal", "war", "war-marker", "hostility", "alliance", "treaty"}
        | {"organisation", "civil-war", "rebellion"}
        for child in group(root, "politics")
    )
    assert all(c.get("id", "").startswith("legend_") for c in group(root, "legend"))


def test_one_title_per_region_with_its_holder(svg: bytes) -> None:
    """Each region's land carries its name and who holds it (O-184: "sin
    nación" for no one)."""
    root = ET.fromstring(svg)
    fills = shapes(group(root, "regions.fill"))
    assert len(fills) == len(EUROPA.regions)
    titles = [shape.find(TITLE) for shape in fills]
    found = [t.text or "" for t in titles if t is not None]
    assert len(found) == len(EUROPA.regions)
    for code, text in zip(sorted(EUROPA.regions), found, strict=True):
        name, _, holder = text.partition(": ")
        assert name == EUROPA.regions[code].name
        owner = OWNERS.get(code)
        assert holder == (NAMES.get(owner, owner) if owner else "sin nación"), code
    assert "Neustria: Reino de los Francos" in found


def test_political_marks_and_crossings_are_titled(svg: bytes) -> None:
    """O-185, O-204: a mark's title names what it stands for and the nations."""
    root = ET.fromstring(svg)
    war = group(root, "war:francos:visigodos")
    titled = [t.text or "" for t in war.iter(TITLE)]
    assert titled and "Reino de los Francos" in titled[0] and "visigodos" in titled[0]
    vassal = [t.text or "" for t in group(root, "vassal:bretones:francos").iter(TITLE)]
    assert vassal and vassal[0].endswith("bretones → Reino de los Francos")
    liga = [t.text or "" for t in group(root, "organisation:liga:vandalos").iter(TITLE)]
    assert liga == ["Liga Goda: vandalos"]
    channel = [t.text or "" for t in group(root, "crossings.britannia-neustria").iter(TITLE)]
    assert channel == ["Britania – Neustria"]


def test_text_is_text(svg: bytes) -> None:
    """Names, the title and the legends are `<text>`: selectable, searchable."""
    root = ET.fromstring(svg)
    labels = texts(group(root, "labels"))
    assert sorted(labels) == sorted(r.name for r in EUROPA.regions.values())
    assert "Europa, año 502" in texts(group(root, "title"))
    assert "Reino de los Francos" in texts(group(root, "legend"))
    assert root.find(TITLE) is not None and root.find(TITLE).text == "Europa, año 502"  # type: ignore[union-attr]


def test_svg_is_deterministic(svg: bytes) -> None:
    assert draw() == svg


def test_the_svg_leaves_the_png_alone() -> None:
    """The SVG's settings (text as `<text>`) do not leak into the next PNG."""
    png = render_orbis_map(EUROPA, OWNERS, COLOURS, NAMES, "png", title="502")
    draw()
    assert render_orbis_map(EUROPA, OWNERS, COLOURS, NAMES, "png", title="502") == png


def test_region_names_do_not_collide(svg: bytes) -> None:
    """Issue 20 (labels placed without collisions): the region names, read
    back from the SVG where they are drawn, overlap none of each other."""
    from renderers.map_text import count_collisions, label_box
    from renderers.orbis.map import LABEL_SIZE

    root = ET.fromstring(svg)
    px_per_svg_point = 100 / 72
    boxes = [
        label_box(
            (float(t.get("x", 0)) * px_per_svg_point, float(t.get("y", 0)) * px_per_svg_point),
            "".join(t.itertext()),
            LABEL_SIZE,
        )
        for t in group(root, "labels").iter(TEXT)
    ]
    assert len(boxes) == len(EUROPA.regions)
    assert count_collisions(boxes) == 0
    shifted = [(x0 + 3.0, y0, x1 + 3.0, y1) for x0, y0, x1, y1 in boxes[:2]]
    assert count_collisions([*boxes[:2], *shifted]) > 0  # the count sees overlaps
