"""Turn maps (renderers/map_image.py): decoded PNGs show controllers' colours, units at
their anchors and bounced moves; the bytes are deterministic; the CLI writes them."""

from __future__ import annotations

import io
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image
from shapely import Point, Polygon

from adjudicator.app import cli
from adjudicator.app import gamefolder as gf
from adjudicator.kits.board.state import GameState, Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI
from maps import load_map
from maps.geometry import MapGeometry, load_geometry
from orders.board.model import Move, UnitKind, UnitRef
from renderers import map_style
from renderers.board.map_image import TITLE_BAND, pixel, render_map
from renderers.board.map_orders import bounce_mark
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING
from tests.rulesets import board_rendering, board_rules

RGB = tuple[int, int, int]


def start(name: str) -> GameState:
    ruleset = board_rules(name)
    return ruleset.initial_state(load_map(ruleset.map_name))


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data)).convert("RGB")


def colour_at(image: Image.Image, point: tuple[float, float]) -> RGB:
    r, g, b = image.getpixel(pixel(point))  # type: ignore[misc]
    return (r, g, b)


def rgb(colour: str) -> RGB:
    r, g, b = map_style.hex_rgb(colour)
    return (round(r * 255), round(g * 255), round(b * 255))


def close(a: RGB, b: RGB, tolerance: int = 4) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=True))


def quiet_point(geometry: MapGeometry, code: str) -> tuple[float, float]:
    """A point well inside an area and away from its label, unit and city marks."""
    area = geometry.areas[code]
    shape = Polygon(area.polygon, area.holes).buffer(-8)
    for mark in (area.label, area.unit, area.city, *area.coasts.values()):
        if mark is not None:
            shape = shape.difference(Point(mark).buffer(26))
    spot = shape.representative_point()
    return (spot.x, spot.y)


def fill_of(name: str, power: str) -> RGB:
    return rgb(map_style.palette(load_map(name), ()).fill(power))


@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_png_size_and_same_bytes_twice(name: str) -> None:
    game_map, geometry, state = load_map(name), load_geometry(name), start(name)
    rendering = board_rendering(name)
    png = render_map(game_map, geometry, state, rendering=rendering)
    assert decode(png).size == (int(geometry.width), int(geometry.height) + TITLE_BAND)
    assert render_map(game_map, geometry, state, rendering=rendering) == png
    svg = render_map(game_map, geometry, state, fmt="svg", rendering=rendering)
    assert render_map(game_map, geometry, state, fmt="svg", rendering=rendering) == svg
    assert b"<dc:date>" not in svg and b"Matplotlib" not in png


def test_machiavelli_areas_have_their_controllers_colour() -> None:
    name = "machiavelli"
    begin = MACHIAVELLI.initial_state(load_map(name))
    state = begin.with_(control={**begin.control, "COR": "venice", "SAR": "turks"})
    image = decode(
        render_map(load_map(name), load_geometry(name), state, rendering=MACHIAVELLI_RENDERING)
    )
    geometry = load_geometry(name)
    homes = {a for areas in state.homes.values() for a in areas}
    checked = 0
    for code, power in sorted(state.control.items()):
        if code in homes:
            continue
        assert close(colour_at(image, quiet_point(geometry, code)), fill_of(name, power)), code
        checked += 1
    assert checked >= 2
    sea = quiet_point(geometry, "TS")
    assert close(colour_at(image, sea), rgb(map_style.SEA))


def test_classic_centres_have_their_owners_colour() -> None:
    name = "classic"
    state = start(name).with_(supply_centers={"BEL": "france", "NWY": "russia"})
    geometry = load_geometry(name)
    image = decode(render_map(load_map(name), geometry, state))
    for code, power in state.supply_centers.items():
        assert close(colour_at(image, quiet_point(geometry, code)), fill_of(name, power)), code
    assert close(colour_at(image, quiet_point(geometry, "PIC")), rgb(map_style.LAND))


@pytest.mark.parametrize(
    ("name", "unit"),
    [
        ("classic", Unit("france", UnitKind.ARMY, "PAR")),
        ("classic", Unit("russia", UnitKind.FLEET, "STP/sc")),
        ("machiavelli", Unit("venice", UnitKind.GARRISON, "VEN")),
    ],
)
def test_unit_symbol_is_drawn_at_its_anchor(name: str, unit: Unit) -> None:
    game_map, geometry = load_map(name), load_geometry(name)
    begin = start(name)
    state = type(begin)(begin.phase, (unit,))  # nothing else on the board: no owner colours
    area = geometry.areas[game_map.province(unit.location)]
    at = area.city if unit.kind is UnitKind.GARRISON and area.city else area.anchor(unit.location)
    assert at is not None
    beside = (at[0] - 6, at[1] + 2)  # inside the symbol, clear of its letter
    rendering = board_rendering(name)
    image = decode(render_map(game_map, geometry, state, rendering=rendering))
    assert close(colour_at(image, beside), fill_of(name, unit.power), 8)
    empty = decode(render_map(game_map, geometry, state.with_(units=()), rendering=rendering))
    assert not close(colour_at(empty, beside), fill_of(name, unit.power), 8)


def test_bounced_move_is_marked() -> None:
    name = "classic"
    ruleset, game_map, geometry = board_rules(name), load_map(name), load_geometry(name)
    orders = [
        Move("france", UnitRef(UnitKind.ARMY, "PAR"), "BUR"),
        Move("germany", UnitRef(UnitKind.ARMY, "MUN"), "BUR"),
    ]
    resolution = ruleset.resolve(start(name), orders, game_map)
    image = decode(render_map(game_map, geometry, resolution.state, resolution.results))
    for source in ("PAR", "MUN"):
        mark = bounce_mark(geometry.areas[source].unit, geometry.areas["BUR"].unit)
        r, g, b = colour_at(image, mark)
        assert r > 180 and g < 90 and b < 90, (source, (r, g, b))
    quiet = decode(render_map(game_map, geometry, resolution.state))
    assert colour_at(quiet, mark) != colour_at(image, mark)


def test_bounce_mark_sits_on_the_arrow_near_its_head() -> None:
    mark = bounce_mark((0.0, 0.0), (100.0, 0.0))
    assert mark == (84.0, 0.0)
    assert math.isclose(bounce_mark((0.0, 0.0), (10.0, 0.0))[0], 5.0)


def test_adjudicate_writes_the_map_render_redraws_it_undo_removes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    folder = tmp_path / "game"
    runner = CliRunner()
    assert runner.invoke(cli.main, ["new", "classic", str(folder)]).exit_code == 0
    orders = tmp_path / "france.txt"
    orders.write_text("France\nA Paris - Burgundy\n")
    assert runner.invoke(cli.main, ["adjudicate", str(folder), str(orders)]).exit_code == 0
    written = folder / "turns" / "1901-fall-movement.png"
    assert written.is_file()
    out = tmp_path / "again.png"
    result = runner.invoke(cli.main, ["render", str(folder), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes() == written.read_bytes()
    svg = tmp_path / "first.svg"
    args = ["render", str(folder), "--phase", "1901-spring-movement", "--format", "svg"]
    assert runner.invoke(cli.main, [*args, "--out", str(svg)]).exit_code == 0
    assert svg.read_bytes().startswith(b"<?xml")
    assert runner.invoke(cli.main, ["undo", str(folder)]).exit_code == 0
    assert not written.exists()
