"""CaWa map files (004 "El Mapa"): reading, writing and every check of
`maps.cawa.files`."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from maps.cawa.files import (
    CAWA_MAPS_DIR,
    CawaMapError,
    cawa_map_from_dict,
    cawa_map_to_dict,
    load_cawa_map,
    packaged_cawa_maps,
    render_rows,
)
from maps.cawa.model import Building, Terrain
from maps.hexgrid import HexLayout
from maps.loader import MapError
from maps.safe_yaml import read_yaml_file
from tests.cawa.fixtures import SMALL, grid_map

GOOD: dict[str, Any] = {
    "name": "tiny",
    "layout": "odd-q",
    "terrain": {"~": "water", ".": "plain", "f": "forest", "^": "mountain"},
    "rows": ["~..~", ".^.f", "f..."],
    "players": {
        "red": {"name": "Reino Rojo", "colour": "#c0392b", "aliases": ["rojo"]},
        "blue": {"name": "Reino Azul", "colour": "#2e86c1"},
    },
    "owners": {"red": ["0201", "0202"], "blue": ["0403"]},
    "villages": ["0201"],
    "castles": ["0403"],
}


def errors_of(data: Any, source: str = "tiny.yaml") -> tuple[str, ...]:
    with pytest.raises(CawaMapError) as caught:
        cawa_map_from_dict(data, source)
    return caught.value.errors


def changed(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(GOOD)
    data.update(changes)
    return data


def test_example_map_is_packaged_and_reads() -> None:
    """CC-M-1, CC-M-6, CC-V-1: the packaged example holds the book's four
    terrains on hexes named CCRR, three kingdoms and their realms."""
    assert "example" in packaged_cawa_maps()
    m = load_cawa_map("example")
    assert m.name == "example"
    assert len(m.hexes) == 40
    assert {cell.terrain for cell in m.hexes.values()} == set(Terrain)
    assert m.terrain("0101") is Terrain.WATER
    assert m.terrain("0302") is Terrain.MOUNTAIN
    assert list(m.players) == ["red", "blue", "green"]
    assert m.players["red"].name == "Reino Rojo"
    assert m.lookup_player("ROJO") == "red"
    assert m.start_owners == {
        "0202": "red",
        "0203": "red",
        "0702": "blue",
        "0703": "blue",
        "0505": "green",
        "0605": "green",
    }
    assert m.start_buildings == dict.fromkeys(("0202", "0605", "0702"), Building.VILLAGE)


def test_example_realms_are_land_and_apart() -> None:
    """CC-M-8, CC-V-2: the example's owned hexes are land, and no two
    kingdoms' starting hexes touch."""
    m = load_cawa_map("example")
    assert all(m.terrain(code).is_land for code in m.start_owners)
    for a, owner_a in m.start_owners.items():
        for b, owner_b in m.start_owners.items():
            if owner_a != owner_b:
                assert not m.adjacent(a, b), (a, b)


def test_example_file_is_written_back_exactly() -> None:
    """CC-V-1: writing the example map gives back the file's data, key for key."""
    data = read_yaml_file(CAWA_MAPS_DIR / "example.yaml")
    assert cawa_map_to_dict(load_cawa_map("example")) == data


def test_round_trip_map_dict_map() -> None:
    """CC-V-1, CC-V-2: a map written and read again is equal, owners,
    buildings and players included; hex codes are written as texts."""
    m = cawa_map_from_dict(GOOD, "tiny.yaml")
    data = cawa_map_to_dict(m)
    assert data == GOOD
    assert all(isinstance(code, str) for codes in data["owners"].values() for code in codes)
    assert cawa_map_from_dict(data, "again") == m
    assert m.start_buildings == {"0201": Building.VILLAGE, "0403": Building.CASTLE}
    assert m.start_owners == {"0201": "red", "0202": "red", "0403": "blue"}


def test_defaults_terrain_layout_and_empty_lists() -> None:
    """CC-M-6: a file may leave out the terrain symbols, the layout, the
    players and the starting position."""
    m = cawa_map_from_dict({"name": "bare", "rows": ["~.", "f^"]}, "bare.yaml")
    assert m.layout is HexLayout.ODD_Q
    assert [m.terrain(c) for c in ("0101", "0201", "0102", "0202")] == [
        Terrain.WATER,
        Terrain.PLAIN,
        Terrain.FOREST,
        Terrain.MOUNTAIN,
    ]
    assert m.players == {} and m.start_owners == {} and m.start_buildings == {}


def test_custom_symbols_and_layout() -> None:
    """CC-M-6: a file may pick its own symbols; the layout decides the
    neighbours (even-q: even columns sit lower)."""
    data = {
        "name": "other",
        "layout": "even-q",
        "terrain": {"w": "water", "p": "plain"},
        "rows": ["ppp", "pwp"],
    }
    m = cawa_map_from_dict(data, "other.yaml")
    assert m.terrain("0202") is Terrain.WATER
    odd = cawa_map_from_dict({"name": "o", "rows": ["...", "..."]})
    # odd-q: column 1 sits lower, so 0101 touches 0202; even-q: column 2 sits lower.
    assert odd.adjacent("0101", "0202")
    assert not odd.adjacent("0201", "0102")
    assert m.adjacent("0201", "0102")
    assert not m.adjacent("0101", "0202")
    assert render_rows(m) == ["...", ".~."]


def test_render_rows_of_fixture_map() -> None:
    """CC-M-1: rows rendered from a map are the rows it was drawn from."""
    rows = [".f^..~", "..f.~~", "^...~~", "f.^.~.", "...f~."]
    assert render_rows(SMALL) == rows
    assert render_rows(grid_map(["~^", "f."])) == ["~^", "f."]


def test_render_rows_refuses_a_map_with_holes() -> None:
    """CC-M-1: a map that is not a full rectangle from 0101 has no rows."""
    m = grid_map(["..", ".."])
    holed = type(m)(m.name, {c: cell for c, cell in m.hexes.items() if c != "0202"})
    with pytest.raises(CawaMapError, match="0202"):
        render_rows(holed)


def test_four_digit_numbers_are_hex_codes() -> None:
    """CC-V-2: `1203` unquoted cannot be misread and names hex 1203."""
    rows = ["." * 12] * 3
    m = cawa_map_from_dict({"name": "n", "rows": rows, "villages": [1203]})
    assert m.start_buildings == {"1203": Building.VILLAGE}


def test_octal_looking_numbers_are_refused_with_a_hint() -> None:
    """CC-V-2: YAML reads `0203` as 131; the file is told to quote hex codes."""
    (error,) = errors_of(changed(villages=[131]))
    assert error == (
        "tiny.yaml: villages[0]: 131 is not a hex code CCRR "
        "(write hex codes in quotes: YAML reads 0203 as a number)"
    )


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        (
            {"rows": ["~..~", ".^xf", "f..."]},
            "tiny.yaml: rows[1][2]: hex 0302: unknown terrain symbol 'x' ('~', '.', 'f', '^')",
        ),
        (
            {"rows": ["~..~", ".^.", "f..."]},
            "tiny.yaml: rows[1]: '.^.' has 3 hexes; rows[0] has 4",
        ),
        (
            {"owners": {"red": ["0201"], "rde": ["0202"]}},
            "tiny.yaml: owners.rde: unknown player 'rde' (did you mean: red?)",
        ),
        (
            {"owners": {"red": ["0905"]}},
            "tiny.yaml: owners.red[0]: hex 0905 is not on the map (columns 01..04, rows 01..03)",
        ),
        (
            {"owners": {"red": ["0101"]}},
            "tiny.yaml: owners.red[0]: hex 0101 is water, which nobody may own (CC-M-8)",
        ),
        (
            {"owners": {"red": ["0201"], "blue": ["0201"]}},
            "tiny.yaml: owners.blue[0]: hex 0201 is already owned by red",
        ),
        (
            {"villages": ["0401"]},
            "tiny.yaml: villages[0]: hex 0401 is water, where nothing is built (CC-M-9)",
        ),
        (
            {"castles": ["0001"]},
            "tiny.yaml: castles[0]: hex 0001 is not on the map (columns 01..04, rows 01..03)",
        ),
        (
            {"villages": ["0201"], "castles": ["0201"]},
            "tiny.yaml: castles[0]: hex 0201 is both a village and a castle",
        ),
        (
            {"villages": ["0201", "0201"], "castles": []},
            "tiny.yaml: villages[1]: hex 0201 is listed twice",
        ),
        (
            {"players": {"red": {"name": "Rojo", "colour": "red"}}, "owners": {}},
            "tiny.yaml: players.red.colour: expected a colour #rrggbb, not 'red'",
        ),
        (
            {
                "players": {
                    "red": {"name": "Rojo", "colour": "#C0392B"},
                    "blue": {"name": "Azul", "colour": "#c0392b"},
                }
            },
            "tiny.yaml: players.blue.colour: #c0392b is red's too",
        ),
        (
            {
                "players": {"Red": {"name": "Rojo", "colour": "#c0392b"}},
                "owners": {"Red": ["0201"]},
            },
            "tiny.yaml: players.Red: player id 'Red' must be a lower-case word (a-z, 0-9, _)",
        ),
        (
            {
                "players": {
                    "red": {"name": "Rojo", "colour": "#c0392b"},
                    "blue": {"name": "Azul", "colour": "#2e86c1", "aliases": ["rojo"]},
                },
            },
            "tiny.yaml: players.blue: name or alias 'rojo' is red's too",
        ),
        (
            {"players": {"red": {"name": "Rojo", "colour": "#c0392b", "colur": "x"}}},
            "tiny.yaml: players.red.colur: unknown key (did you mean: colour?)",
        ),
        (
            {"terrain": {"~": "water", ".": "plane", "f": "forest", "^": "mountain"}},
            (
                "tiny.yaml: terrain['.']: 'plane' is not a CaWa terrain (did you mean: plain?) "
                "(known: water, plain, forest, mountain)"
            ),
        ),
        (
            {"layout": "odd_q"},
            (
                "tiny.yaml: layout: 'odd_q' is not a hex layout (did you mean: odd-q, odd-r?) "
                "(known: odd-q, even-q, odd-r, even-r)"
            ),
        ),
        ({"name": ""}, "tiny.yaml: name: expected a non-empty text, not ''"),
        ({"rows": []}, "tiny.yaml: rows: expected a non-empty list of non-empty texts, not []"),
        ({"villages": "0201"}, "tiny.yaml: villages: expected a list of hex codes, not '0201'"),
        (
            {"owners": ["0201"]},
            "tiny.yaml: owners: expected a mapping of player -> hexes, not ['0201']",
        ),
        ({"rows": ["." * 100]}, "tiny.yaml: rows: 100 columns and 1 rows; hex codes allow 99 each"),
    ],
)
def test_each_problem_is_named(changes: dict[str, Any], expected: str) -> None:
    """CC-M-6, CC-M-8, CC-V-2: each broken part of a map file is one error
    naming the file, the key and the value (and the nearest valid name)."""
    data = changed(**changes)
    if "rows" in changes and changes["rows"] and len(changes["rows"][0]) == 100:
        data.update(owners={}, villages=[], castles=[])
    assert expected in errors_of(data)


def test_unknown_top_key_is_named_with_a_suggestion() -> None:
    """CC-V-1: a misspelt key is refused, the right one suggested."""
    (error,) = errors_of(changed(vilages=[]))
    assert error.startswith("tiny.yaml: vilages: unknown key (did you mean: villages")


def test_all_problems_are_listed_at_once() -> None:
    """CC-M-8, CC-V-2: every problem of a file is reported in one error."""
    data = changed(
        owners={"red": ["0101", "0905"], "gren": ["0202"]},
        villages=["0401"],
        castles=["0201", "0201"],
    )
    data["players"]["blue"]["colour"] = "blue"
    errors = errors_of(data)
    assert len(errors) == 6
    assert all(e.startswith("tiny.yaml: ") for e in errors)
    assert sum("(CC-M-8)" in e for e in errors) == 1
    assert sum("listed twice" in e for e in errors) == 1


def test_not_a_mapping() -> None:
    """CC-V-1: a map file holds a mapping."""
    assert errors_of(["rows"]) == ("tiny.yaml: a CaWa map must be a mapping, not list",)


def test_error_is_a_map_error() -> None:
    """CC-V-1: a bad CaWa map is a ValueError the app already reports (MapError)."""
    assert issubclass(CawaMapError, MapError)
    assert issubclass(CawaMapError, ValueError)


def test_load_by_path_and_bad_files(tmp_path: Path) -> None:
    """CC-V-1: a map file by path; unreadable, bad YAML and unknown names are
    CawaMapErrors naming the file."""
    path = tmp_path / "mine.yaml"
    path.write_text('name: mine\nrows: ["~.", ".f"]\nowners: {}\n', encoding="utf-8")
    assert load_cawa_map(path).terrain("0202") is Terrain.FOREST
    assert load_cawa_map(str(path)).name == "mine"
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: [unclosed\n", encoding="utf-8")
    with pytest.raises(CawaMapError, match="bad.yaml"):
        load_cawa_map(bad)
    with pytest.raises(CawaMapError, match="cannot read"):
        load_cawa_map(tmp_path / "absent.yaml")
    with pytest.raises(CawaMapError, match=r"no such CaWa map \(did you mean: example\?\)"):
        load_cawa_map("exampel")
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text('name: w\nrows: ["~."]\nowners: {red: ["0101"]}\n', encoding="utf-8")
    with pytest.raises(CawaMapError) as caught:
        load_cawa_map(wrong)
    assert caught.value.errors == (
        f"{wrong}: owners.red: unknown player 'red'",
        f"{wrong}: owners.red[0]: hex 0101 is water, which nobody may own (CC-M-8)",
    )
