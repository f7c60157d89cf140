"""The CaWa map drawing: PNG and SVG per phase (CC-M-1, CC-V-1, CC-MV-8)."""

from __future__ import annotations

import math
import struct
import xml.etree.ElementTree as ET
import zlib
from dataclasses import replace

import pytest

from adjudicator.rulesets.cawa.records import (
    Battle,
    Conflict,
    ConflictKind,
    Entry,
    Fleet,
    MoveKind,
    Side,
)
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import Building, CawaMap, Direction, Terrain
from maps.hexgrid import HexLayout, hex_code, offset_to_axial
from renderers.cawa.hexes import TERRAIN_FILL, hex_frame
from renderers.cawa.map import MARGIN, TITLE_BAND, MoveArrow, radius_for, render_cawa_map
from renderers.cawa.marks import badges
from renderers.cawa.panel import ranking
from renderers.cawa.pieces import fleet_marks
from renderers.png import SIGNATURE
from renderers.svg_document import SVG
from tests.cawa.fixtures import SMALL, grid_map, state_on

OWNERS = {
    "0101": "red",
    "0201": "red",
    "0102": "red",
    "0202": "red",
    "0401": "blue",
    "0402": "blue",
    "0302": "blue",
    "0403": "blue",
    "0104": "green",
    "0204": "green",
    "0105": "green",
}
BUILDINGS = {"0101": Building.VILLAGE, "0402": Building.CASTLE, "0204": Building.VILLAGE}
ARROWS = (
    MoveArrow("red", "0202", "0302", MoveKind.LAND, 1200),
    MoveArrow("red", "0202", "0303", MoveKind.LAND, None),
    MoveArrow("green", "0204", "0303", MoveKind.LAND, None),
    MoveArrow("blue", "0402", "0604", MoveKind.SEA, None),
    MoveArrow("red", "0503", "0403", MoveKind.FLEET, 800),
    MoveArrow("green", "0205", "0305", MoveKind.LAND, None, refused=True),
)


def busy_state() -> CawaState:
    """SMALL in the battles phase: owners, buildings, fleets, conflicts, a battle."""
    return state_on(
        SMALL,
        owners=OWNERS,
        buildings=BUILDINGS,
        kind=CawaPhaseKind.BATTLES,
        fleets=(Fleet("blue", "0502"),),
        launched=(Fleet("red", "0503"),),
        conflicts=(
            Conflict(
                1,
                ConflictKind.INVASION,
                "0302",
                (Entry("red", "0202", MoveKind.LAND, 1200),),
                defender="blue",
            ),
            Conflict(
                2,
                ConflictKind.SKIRMISH,
                "0303",
                (Entry("red", "0202", MoveKind.LAND), Entry("green", "0204", MoveKind.LAND)),
            ),
            Conflict(
                3,
                ConflictKind.DOUBLE,
                "0203",
                (
                    Entry("red", "0202", MoveKind.LAND, 500),
                    Entry("green", "0204", MoveKind.LAND, 700),
                ),
                defender=None,
                other_hex="0204",
            ),
        ),
        battles=(Battle(1, "0302", (Side("red", True, 1200), Side("blue", False)), "blue", (1,)),),
    )


def draw(state: CawaState, fmt: str, game_map: CawaMap = SMALL, **kwargs: object) -> bytes:
    return render_cawa_map(game_map, state, fmt, title="Turn 1 — battles", **kwargs)  # type: ignore[arg-type]


def svg_words(svg: bytes) -> set[str]:
    """The words of an SVG map written as `<text>` (issue 20: text as text)."""
    return {t.text or "" for t in ET.fromstring(svg).iter(f"{{{SVG}}}text")}


def pixels(png: bytes) -> tuple[int, int, bytes]:
    """Width, height and RGB rows (filter byte first) of one of our PNGs."""
    assert png.startswith(SIGNATURE)
    at, width, height, data = len(SIGNATURE), 0, 0, b""
    while at < len(png):
        (length,) = struct.unpack(">I", png[at : at + 4])
        kind, body = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        if kind == b"IHDR":
            width, height = struct.unpack(">II", body[:8])
        if kind == b"IDAT":
            data += body
        at += 12 + length
    return width, height, zlib.decompress(data)


def colour_at(png: bytes, x: float, y: float) -> str:
    width, _, rows = pixels(png)
    start = int(y) * (1 + 3 * width) + 1 + 3 * int(x)
    return "#" + rows[start : start + 3].hex()


def centre_px(game_map: CawaMap, code: str) -> tuple[float, float, float]:
    """The image pixel of a hex's centre, and the hex radius in pixels."""
    radius = radius_for(game_map)
    frame = hex_frame(game_map, radius, (MARGIN, TITLE_BAND + MARGIN))
    x, y = frame.centre(code)
    return x, y, radius


def test_png_and_svg_of_a_busy_phase() -> None:
    """CC-M-1, CC-MV-8: a phase with owners, buildings, fleets, arrows, conflicts and
    a battle draws as a PNG and as an SVG that names every hex and the report's
    conflict and battle labels (C1..C3, B1)."""
    state = busy_state()
    png = draw(state, "png", arrows=ARROWS)
    svg = draw(state, "svg", arrows=ARROWS)
    assert png.startswith(SIGNATURE)
    assert svg.startswith(b"<?xml")
    words = svg_words(svg)
    assert set(SMALL.hexes) <= words
    assert {"C1", "C2", "C3", "B1", "Turn 1 — battles"} <= words


def test_same_inputs_same_bytes() -> None:
    """CC-V-1: the public map is the same file for everyone: same inputs, same bytes."""
    state = busy_state()
    for fmt in ("png", "svg"):
        assert draw(state, fmt, arrows=ARROWS) == draw(state, fmt, arrows=ARROWS)
    assert draw(state, "png", arrows=ARROWS) == draw(state, "png", arrows=ARROWS[::-1])


def test_arrows_are_drawn() -> None:
    """CC-MV-8: the declarations change the drawing; an arrow with a hex off the map
    is left out rather than failing."""
    state = busy_state()
    plain = draw(state, "png")
    assert draw(state, "png", arrows=ARROWS) != plain
    off_map = MoveArrow("red", "0202", "0909", MoveKind.LAND, None)
    assert draw(state, "png", arrows=(off_map,)) == plain


def test_owner_colour_around_the_terrain() -> None:
    """CC-V-1: a player's hex shows the player's colour around its terrain; a
    nobody's hex shows its terrain, as the state has it (CC-E-17)."""
    state = replace(busy_state(), terrain={"0305": Terrain.FOREST})
    png = draw(state, "png")
    x, y, radius = centre_px(SMALL, "0201")  # red, forest, no building
    assert colour_at(png, x + 0.8 * radius, y) == SMALL.players["red"].colour
    assert colour_at(png, x + 0.3 * radius, y) == TERRAIN_FILL[Terrain.FOREST]
    x, y, radius = centre_px(SMALL, "0404")  # nobody's plain
    assert colour_at(png, x + 0.8 * radius, y) == TERRAIN_FILL[Terrain.PLAIN]
    x, y, radius = centre_px(SMALL, "0305")  # plain on the map, forest now
    assert colour_at(png, x + 0.5 * radius, y) == TERRAIN_FILL[Terrain.FOREST]
    x, y, radius = centre_px(SMALL, "0601")
    assert colour_at(png, x + 0.5 * radius, y) == TERRAIN_FILL[Terrain.WATER]


def test_neighbours_are_one_hex_apart() -> None:
    """CC-M-1: the map is drawn in hexes: every two neighbours' centres are
    sqrt(3) radii apart, and the hex north of another is straight above it,
    in flat-topped (odd-q) and pointy-topped (odd-r) layouts."""
    rows = ["..~.", ".f^.", "~..."]
    for layout in (HexLayout.ODD_Q, HexLayout.ODD_R):
        cells = {}
        for code, cell in grid_map(rows).hexes.items():
            axial = offset_to_axial(cell.column, cell.row, layout)
            cells[code] = replace(cell, axial=axial)
        game_map = replace(grid_map(rows), hexes=cells, layout=layout)
        frame = hex_frame(game_map, 10.0, (0.0, 0.0))
        for code in game_map.hexes:
            for other in game_map.neighbours(code):
                assert math.dist(frame.centre(code), frame.centre(other)) == pytest.approx(
                    math.sqrt(3) * 10.0
                )
    frame = hex_frame(SMALL, 10.0, (0.0, 0.0))
    north = SMALL.step("0303", Direction.NORTH)
    assert north == "0302"
    assert frame.centre(north)[0] == pytest.approx(frame.centre("0303")[0])
    assert frame.centre(north)[1] < frame.centre("0303")[1]
    assert frame.centre("0101")[1] > frame.centre("0201")[1]  # odd columns sit lower


def test_badges_numbered_as_the_report() -> None:
    """CC-MV-8: conflicts and battles carry their report numbers; a double
    invasion's badge sits on the border of its two hexes."""
    state = busy_state()
    frame = hex_frame(SMALL, 10.0, (0.0, 0.0))
    found = badges(frame, state)
    assert [text for _, text, _ in found] == ["C1", "C2", "C3", "B1"]
    assert [battle for _, _, battle in found] == [False, False, False, True]
    (ax, ay), (bx, by) = frame.centre("0203"), frame.centre("0204")
    assert found[2][0] == pytest.approx(((ax + bx) / 2, (ay + by) / 2))


def test_ranking_by_territories() -> None:
    """CC-C-2: the ranking lists every player by NT (hexes owned), most first,
    with their villages and castles."""
    state = busy_state()
    ranks = ranking(SMALL, state)
    assert [(r.player, r.hexes, r.villages, r.castles) for r in ranks] == [
        ("blue", 4, 0, 1),
        ("red", 4, 1, 0),
        ("green", 3, 1, 0),
    ]
    assert ranks[0].colour == SMALL.players["blue"].colour


def test_fleets_at_sea_and_launched() -> None:
    """CC-MV-16, AC-21: fleets at sea and those launched this turn are drawn, a
    fleet listed in both once, as launched."""
    state = replace(
        busy_state(),
        fleets=(Fleet("blue", "0502"), Fleet("red", "0503")),
        launched=(Fleet("red", "0503"), Fleet("green", "0601")),
    )
    assert fleet_marks(state) == [
        (Fleet("blue", "0502"), False),
        (Fleet("green", "0601"), True),
        (Fleet("red", "0503"), True),
    ]
    assert draw(state, "png") != draw(replace(state, launched=()), "png")


def test_unknown_format() -> None:
    """CC-M-1: only PNG and SVG are drawn."""
    with pytest.raises(ValueError, match="unknown map format"):
        draw(busy_state(), "gif")


def big_rows(columns: int = 40, rows: int = 45) -> list[str]:
    """A generated 40 x 45 board: about a third water, the rest mixed terrain."""
    symbols = ".f^~"
    return [
        "".join(
            symbols[(c * 7 + r * 3 + (c * r) % 5) % 4] if (c + r) % 9 else "~"
            for c in range(columns)
        )
        for r in range(rows)
    ]


def test_forty_players_draw() -> None:
    """CC-M-1, CC-V-1, CC-MV-8: a 40-player campaign of 1800 hexes draws, owners,
    buildings, fleets, arrows, conflicts and battles included, with the board
    sized so a hex is still about 18 pixels across its radius."""
    players = tuple(f"p{k:02d}" for k in range(40))
    game_map = grid_map(big_rows(), players=players, name="big")
    land = sorted(c for c, h in game_map.hexes.items() if h.terrain.is_land)
    owners = {
        c: players[(game_map.hexes[c].column // 5 + 8 * (game_map.hexes[c].row // 8)) % 40]
        for c in land
        if (game_map.hexes[c].column + game_map.hexes[c].row) % 7
    }
    water = sorted(c for c, h in game_map.hexes.items() if not h.terrain.is_land)
    targets = sorted(owners)[::11]
    arrows = [
        MoveArrow(owners[c], c, game_map.neighbours(c)[0], MoveKind.LAND, 1000)
        for c in targets
        if game_map.neighbours(c)
    ]
    conflicts = tuple(
        Conflict(
            k + 1, ConflictKind.INVASION, a.to_hex, (Entry(a.player, a.from_hex, a.kind, 1000),)
        )
        for k, a in enumerate(arrows[::3])
    )
    state = state_on(
        game_map,
        owners=owners,
        buildings={c: Building.VILLAGE for c in sorted(owners)[::9]},
        kind=CawaPhaseKind.MOVEMENT,
        fleets=tuple(Fleet(players[k], water[k * 9]) for k in range(40)),
        conflicts=conflicts,
    )
    radius = radius_for(game_map)
    assert 12.0 <= radius <= 20.0
    png = draw(state, "png", game_map, arrows=arrows)
    width, height, _ = pixels(png)
    assert width > 40 * 1.5 * radius and height > 45 * math.sqrt(3) * radius
    assert "C1" in svg_words(draw(state, "svg", game_map, arrows=arrows))
    assert hex_code(40, 45) in game_map.hexes
