"""The CaWa map's SVG is a document (issue 20: "SVG that is a document, not a
picture: text as text, selectable and searchable; one group per layer; a
`<title>` per area and unit so that a browser shows its name, owner and order
on hover"), in the reader's language; and the PNG is drawn as before (the
layers and titles draw nothing). CC-M-1 (the map shows the whole position),
CC-V-1 (owners are public), CC-MV-8 (a map of every declaration)."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import replace
from functools import cache

import pytest
from matplotlib.figure import Figure

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.records import Conflict, ConflictKind, Entry, Fleet, MoveKind
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.setup import start_state
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from adjudicator.rulesets.cawa.turn import resolve_phase
from maps.cawa.files import load_cawa_map
from orders.cawa.model import LandMove
from orders.issues import Source
from renderers.cawa import map as map_module
from renderers.cawa.hexes import FILL_GID
from renderers.cawa.map import render_cawa_map
from renderers.cawa.marks import SHAFTS_GID, MoveArrow
from renderers.cawa.moves import arrows_of
from renderers.cawa.pieces import FLEETS_GID
from renderers.cawa.titles import arrow_title
from renderers.figure import Format
from renderers.png import figure_bytes
from renderers.svg_document import SVG, shapes
from texts import using

G, TITLE, TEXT = f"{{{SVG}}}g", f"{{{SVG}}}title", f"{{{SVG}}}text"
LAYERS = ("hexes", "borders", "codes", "pieces", "realms", "moves", "marks", "panel", "title")
MAP = load_cawa_map("example")
LINES = (
    ("red", "0203", "0303", "desde 0203 a 0303"),  # a free hex: taken
    ("green", "0505", "0504", "desde 0505 a 0504"),  # a free hex: taken
    ("blue", "0702", "0802", "desde 0702 a 0802"),  # water: refused
)


@cache
def movement() -> CawaResolution:
    """Turn 1's movement on the example map: two expansions and a refused invasion."""
    begun = start_state(MAP, CawaOptions())
    state = replace(begun, phase=Phase(1, None, CawaPhaseKind.MOVEMENT))
    lines = [LandMove(p, a, b, source=Source(f"{p}.txt", 1, text)) for p, a, b, text in LINES]
    return resolve_phase(state, lines, MAP, CawaOptions(), Dice("secret", "test", "1-movement"))


def after() -> CawaState:
    """The state after the movement, with a fleet of red's at sea and a
    skirmish between red and green."""
    entries = (Entry("red", "0303", MoveKind.LAND), Entry("green", "0504", MoveKind.LAND))
    skirmish = Conflict(1, ConflictKind.SKIRMISH, "0404", entries)
    return replace(movement().state, fleets=(Fleet("red", "0101"),), conflicts=(skirmish,))


def svg(lang: str = "en") -> bytes:
    with using(lang, "cawa"):
        arrows = arrows_of(movement())
        return render_cawa_map(MAP, after(), "svg", title="example: Turn 1", arrows=arrows)


def group(root: ET.Element, ident: str) -> ET.Element:
    found = [g for g in root.iter(G) if g.get("id") == ident]
    assert len(found) == 1, ident
    return found[0]


def titles(root: ET.Element, gid: str) -> list[str]:
    """The `<title>` of each shape of the artist `gid`."""
    found = [shape.find(TITLE) for shape in shapes(group(root, gid))]
    assert all(t is not None for t in found), gid
    return [t.text or "" for t in found if t is not None]


@pytest.fixture(scope="module")
def root() -> ET.Element:
    return ET.fromstring(svg())


def test_one_group_per_layer(root: ET.Element) -> None:
    """Issue 20: each layer of the map is one `<g>` holding only its artists."""
    for name in LAYERS:
        layer = group(root, name)
        assert len(layer) > 0, name
        assert all(child.get("id", "").startswith(f"{name}.") for child in layer), name
    ids = [g.get("id") for g in root.iter(G) if g.get("id")]
    assert len(ids) == len(set(ids))
    tops = [child.get("id") for child in root.iter(G) if child.get("id") in LAYERS]
    assert tops == list(LAYERS)  # painted in that order


def test_one_title_per_hex(root: ET.Element) -> None:
    """Issue 20, CC-V-1, CC-E-17: one `<title>` per hex, in code order: its
    code, terrain (as the state has it), owner and building."""
    texts = titles(root, FILL_GID)
    assert len(texts) == len(MAP.hexes)
    assert [t.split(" — ")[0] for t in texts] == sorted(MAP.hexes)
    by_code = dict(zip(sorted(MAP.hexes), texts, strict=True))
    assert by_code["0202"] == "0202 — plain — Reino Rojo — village"
    assert by_code["0303"] == f"0303 — {MAP.terrain('0303').value} — Reino Rojo"  # taken
    assert by_code["0101"] == "0101 — water"


def test_pieces_and_moves_are_titled(root: ET.Element) -> None:
    """Issue 20, CC-MV-8: each village, castle and fleet says what and whose it
    is; each arrow gives the player, the line as written and the verdict, as
    the report words them."""
    assert titles(root, "pieces.village") == [
        "village — 0202 — Reino Rojo",
        "village — 0605 — Reino Verde",
        "village — 0702 — Reino Azul",
    ]
    assert titles(root, FLEETS_GID) == ["fleet at sea — Reino Rojo — 0101"]
    moves = titles(root, SHAFTS_GID)
    assert len(moves) == len(LINES)
    assert moves == [  # refused first (drawn under), then by player id
        "Reino Azul: desde 0702 a 0802  refused: a water hex (nobody lives at sea) (0802 is water)",
        "Reino Verde: desde 0505 a 0504  done",
        "Reino Rojo: desde 0203 a 0303  done",
    ]


def test_words_are_text(root: ET.Element) -> None:
    """Issue 20: text is `<text>`, selectable and searchable: hex codes, the
    title, the conflict numbers, the legend and every kingdom's name and tag."""
    words = {t.text for t in root.iter(TEXT)}
    assert set(MAP.hexes) <= words
    assert {"example: Turn 1", "Legend", "Ranking", "Reino Rojo", "Reino Azul", "C1"} <= words
    assert {"1", "2", "3"} <= words  # the kingdoms' tags
    document_title = root.find(TITLE)
    assert document_title is not None and document_title.text == "example: Turn 1"
    assert not root.findall(
        f".//{{{SVG}}}use[@{{http://www.w3.org/1999/xlink}}href='#DejaVuSans-30']"
    )


def test_titles_in_the_readers_language() -> None:
    """Issue 19, 20: the titles speak the reader's language, names included."""
    root = ET.fromstring(svg("ca"))
    by_code = dict(zip(sorted(MAP.hexes), titles(root, FILL_GID), strict=True))
    assert by_code["0202"] == "0202 — plana — Regne Vermell — poble"
    assert by_code["0101"] == "0101 — aigua"


def test_the_same_svg_twice() -> None:
    """The same inputs give the same bytes (CC-V-1: one public map for all)."""
    assert svg() == svg()


def test_arrows_carry_their_verdicts() -> None:
    """CC-MV-8: `arrows_of` keeps each line's verdict for its title; the
    refused line is dotted (refused), the others not."""
    arrows = arrows_of(movement())
    assert [(a.player, a.from_hex, a.to_hex, a.refused) for a in arrows] == [
        ("red", "0203", "0303", False),
        ("green", "0505", "0504", False),
        ("blue", "0702", "0802", True),
    ]
    assert all(a.verdict is not None and a.verdict.line.source for a in arrows)
    assert MoveArrow("red", "0203", "0303", arrows[0].kind, None) == arrows[0]


def test_an_arrow_without_its_line_shows_the_move() -> None:
    """CC-MV-8: an arrow drawn from no mail (a test, a benchmark) is titled
    with the move drawn: from, to, how and the points."""
    arrow = MoveArrow("red", "0202", "0302", MoveKind.LAND, 1200)
    assert arrow_title(MAP, arrow) == "Reino Rojo: 0202 → 0302 (land, 1200)"
    with using("es", "cawa"):
        assert (
            arrow_title(MAP, replace(arrow, points=None)) == "Reino Rojo: 0202 → 0302 (por tierra)"
        )


def test_the_layers_and_titles_draw_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 20: the ids that make the SVG's layers and titles leave the PNG as
    it is: the same bytes when every artist's id is cleared before drawing."""
    with using("en", "cawa"):
        arrows = arrows_of(movement())
        png = render_cawa_map(MAP, after(), "png", title="t", arrows=arrows)

        def without_ids(figure: Figure, fmt: Format) -> bytes:
            for artist in figure.findobj():
                artist.set_gid(None)
            return figure_bytes(figure, fmt)

        monkeypatch.setattr(map_module, "figure_bytes", without_ids)
        assert render_cawa_map(MAP, after(), "png", title="t", arrows=arrows) == png
