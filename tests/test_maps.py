"""Tests for the map loader (`maps.loader`), hex grids (`maps.hexgrid`) and the
packaged standard map (`maps/classic.yaml`)."""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml

from maps import AreaKind, Crossing, GameMap, MapError, load_map, load_map_data, packaged_maps
from maps.hexgrid import HexLayout, axial_neighbours, axial_to_offset, offset_to_axial

FIXTURES = Path(__file__).parent / "fixtures" / "maps"


def fixture_data(name: str) -> dict[str, Any]:
    data = yaml.safe_load((FIXTURES / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def patched(base: Mapping[Any, Any], patch: Mapping[Any, Any]) -> dict[Any, Any]:
    """`base` deep-merged with `patch`: mappings merge, a null value deletes the key,
    anything else replaces."""
    result = copy.deepcopy(dict(base))
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = patched(result[key], value)
        else:
            result[key] = value
    return result


def edge_count(game_map: GameMap, crossing: Crossing) -> int:
    return sum(1 for _, _, data in game_map.graph.edges(data=True) if crossing in data["crossings"])


@pytest.fixture(scope="module")
def classic() -> GameMap:
    return load_map("classic")


# --- the standard map -----------------------------------------------------------------


def test_classic_counts_match_the_source(classic: GameMap) -> None:
    kinds = Counter(area.kind for area in classic.areas.values())
    assert len(classic.areas) == 75
    assert kinds == {AreaKind.LAND: 14, AreaKind.COAST: 42, AreaKind.SEA: 19}
    assert len(classic.supply_centers()) == 34
    assert edge_count(classic, Crossing.ARMY) == 111
    assert edge_count(classic, Crossing.FLEET) == 141


def test_classic_identity_and_powers(classic: GameMap) -> None:
    assert classic.name == "classic"
    assert classic.title == "Standard Diplomacy"
    assert classic.power_ids() == ("austria", "england", "france", "germany", "italy", "russia", "turkey")
    colours = [p.colour for p in classic.powers.values()]
    assert len(set(colours)) == 7
    assert classic.powers["england"].colour == "#1f4e9c"


def test_classic_standard_scenario(classic: GameMap) -> None:
    scenario = classic.scenarios["standard"]
    assert (scenario.year, scenario.season, scenario.victory_centers) == (1901, "spring", 18)
    assert len(scenario.units) == 22
    assert Counter(u.power for u in scenario.units) == {
        "austria": 3, "england": 3, "france": 3, "germany": 3, "italy": 3, "russia": 4, "turkey": 3,
    }
    russia = {(u.kind, u.location) for u in scenario.units if u.power == "russia"}
    assert russia == {("A", "MOS"), ("A", "WAR"), ("F", "SEV"), ("F", "STP/sc")}
    assert len(scenario.supply_centers) == 22


def test_classic_home_centres_are_owned_at_start(classic: GameMap) -> None:
    owned = classic.scenarios["standard"].supply_centers
    for power in classic.power_ids():
        homes = classic.home_centers(power)
        assert len(homes) == (4 if power == "russia" else 3)
        assert {code for code, owner in owned.items() if owner == power} == set(homes)
    assert classic.home_centers("england") == ("EDI", "LON", "LVP")


def test_classic_starting_units_stand_where_they_can(classic: GameMap) -> None:
    for unit in classic.scenarios["standard"].units:
        area = classic.area(unit.location)
        if unit.kind == "A":
            assert unit.location == area.army_location
        else:
            assert unit.location in area.fleet_locations


@pytest.mark.parametrize(
    ("location", "expected"),
    [
        ("SPA/nc", {"GAS", "MAO", "POR"}),
        ("SPA/sc", {"LYO", "MAO", "MAR", "POR", "WES"}),
        ("STP/sc", {"BOT", "FIN", "LVN"}),
        ("STP/nc", {"BAR", "NWY"}),
        ("BUL/ec", {"BLA", "CON", "RUM"}),
        ("MAO", {"BRE", "ENG", "GAS", "IRI", "NAF", "NAO", "POR", "SPA/nc", "SPA/sc", "WES"}),
        ("SPA", set()),  # a bare split-coast area is no fleet location
        ("PAR", set()),
    ],
)
def test_classic_fleet_neighbours(classic: GameMap, location: str, expected: set[str]) -> None:
    assert classic.fleet_neighbours(location) == expected


@pytest.mark.parametrize(
    ("location", "expected"),
    [
        ("SPA", {"GAS", "MAR", "POR"}),
        ("STP", {"FIN", "LVN", "MOS", "NWY"}),
        ("NAF", {"TUN"}),
        ("NTH", set()),
    ],
)
def test_classic_army_neighbours(classic: GameMap, location: str, expected: set[str]) -> None:
    assert classic.army_neighbours(location) == expected


def test_classic_specific_borders(classic: GameMap) -> None:
    assert classic.army_adjacent("ROM", "VEN") and not classic.fleet_adjacent("ROM", "VEN")
    assert classic.fleet_adjacent("KIE", "BER") and classic.army_adjacent("KIE", "BER")
    assert classic.fleet_adjacent("ROM", "TUS")
    assert not classic.army_adjacent("LON", "ENG")
    assert classic.area_neighbours("SPA") == {"GAS", "MAR", "POR", "MAO", "LYO", "WES"}


def test_classic_switzerland_is_absent(classic: GameMap) -> None:
    assert "SWI" not in classic.areas
    assert classic.lookup("Switzerland") is None
    assert not classic.is_location("SWI")


def test_classic_codes_follow_the_conventions(classic: GameMap) -> None:
    for code, area in classic.areas.items():
        assert code == area.code and code.isupper() and len(code) == 3
        assert all(coast.islower() for coast in area.coasts)
    assert all(pid.islower() and pid.isascii() for pid in classic.power_ids())
    assert {a.code for a in classic.areas.values() if a.coasts} == {"BUL", "SPA", "STP"}


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("north sea", "NTH"),
        ("Mar del Norte", "NTH"),
        ("mar del nord", "NTH"),
        ("st. petersburg", "STP"),
        ("Saint Petersburg", "STP"),
        ("StP", "STP"),
        ("San Petersburgo", "STP"),
        ("ESPAÑA", "SPA"),
        ("espanya", "SPA"),
        ("Mid-Atlantic", "MAO"),
        ("mid atlantic ocean", "MAO"),
        ("Gulf of Lyons", "LYO"),
        ("golf de lleo", "LYO"),
        ("North Atlantic", "NAO"),
        ("Norwegian Sea", "NWG"),
        ("Heligoland Bight", "HEL"),
        ("Helgoland Bight", "HEL"),
        ("Londres", "LON"),
        ("Gal·les", "WAL"),
        ("Roma", "ROM"),
        ("Romania", "RUM"),
    ],
)
def test_classic_lookup_ignores_case_accents_and_punctuation(
    classic: GameMap, text: str, code: str
) -> None:
    assert classic.lookup(text) == code


def test_classic_power_lookup(classic: GameMap) -> None:
    assert classic.power_lookup("Inglaterra") == "england"
    assert classic.power_lookup("ÀUSTRIA-HONGRIA") == "austria"
    assert classic.power_lookup("turquia") == "turkey"
    assert classic.power_lookup("Prussia") is None


def test_classic_suggestions_for_a_misspelling(classic: GameMap) -> None:
    suggestions = classic.suggestions("TYRR")
    assert suggestions[0].location == "TYR"
    assert str(suggestions[0]) == "TYR (Tyrolia)"


def test_classic_display(classic: GameMap) -> None:
    assert classic.display("SPA/nc") == "Spain (nc)"
    assert classic.display("MAO") == "Mid-Atlantic Ocean"


# --- loading -----------------------------------------------------------------------------


def test_load_map_caches_per_file(classic: GameMap) -> None:
    assert load_map("classic") is classic
    by_path = load_map(Path(__file__).parents[1] / "maps" / "classic.yaml")
    assert set(by_path.areas) == set(classic.areas)


def test_packaged_maps_lists_classic() -> None:
    assert "classic" in packaged_maps()


def test_unknown_packaged_map() -> None:
    with pytest.raises(MapError, match=r"nosuchmap: no such packaged map \(known: .*classic"):
        load_map("nosuchmap")


def test_missing_file_names_the_file(tmp_path: Path) -> None:
    missing = tmp_path / "gone.yaml"
    with pytest.raises(MapError, match="gone.yaml: cannot read the map file"):
        load_map(missing)


def test_invalid_yaml_names_file_and_line() -> None:
    with pytest.raises(MapError, match=r"bad_syntax\.yaml: not valid YAML: line 4"):
        load_map(FIXTURES / "bad_syntax.yaml")


def test_file_that_is_not_a_mapping(tmp_path: Path) -> None:
    path = tmp_path / "list.yaml"
    path.write_text("- just\n- a list\n", encoding="utf-8")
    with pytest.raises(MapError, match="list.yaml: the file must hold a mapping"):
        load_map(path)


def test_tiny_map_loads_with_city_strait_and_garrison() -> None:
    tiny = load_map(FIXTURES / "tiny.yaml")
    capital = tiny.areas["CAP"]
    assert capital.city is not None
    assert (capital.city.name, capital.city.fortified, capital.city.port, capital.city.income) == (
        "Capitalia", True, True, 3,
    )
    assert [(s.between, s.controlled_from) for s in tiny.straits] == [(("BAY", "GUL"), "TWO")]
    assert ("G", "CAP") in {(u.kind, u.location) for u in tiny.scenarios["start"].units}
    assert tiny.fleet_neighbours("TWO/sc") == {"FAR", "GUL"}
    assert tiny.lookup("bahia norte") == "BAY"


def test_all_errors_of_a_stage_are_reported_together() -> None:
    path = FIXTURES / "bad_many.yaml"
    with pytest.raises(MapError) as caught:
        load_map(path)
    error = caught.value
    assert isinstance(error, ValueError)
    assert error.stage == "consistency"
    assert all(e.startswith(f"{path}: ") for e in error.errors)
    assert [e.removeprefix(f"{path}: ") for e in error.errors] == [
        "borders.LND.army lists SEA, which is a sea area",
        "borders.LND.army lists HIL but borders.HIL.army does not list LND",
        "borders.LND.army lists SEA but borders.SEA.army does not list LND",
        "areas.HIL.aliases[0] 'Land' is also a name of LND (areas.LND.name)",
    ]
    assert str(error).startswith("4 errors found by the consistency check:")


def test_a_failing_stage_stops_the_later_ones() -> None:
    data = patched(fixture_data("tiny.yaml"), {"title": 5, "areas": {"FAR": {"home_of": "green"}}})
    with pytest.raises(MapError) as caught:
        load_map_data(data, "bad.yaml")
    assert caught.value.stage == "structure"
    assert caught.value.errors == ("bad.yaml: title must be a non-empty string, not 5",)


# --- one test per validation error --------------------------------------------------------


@dataclass(frozen=True)
class Bad:
    """A fixture map made bad by a YAML patch, and what the error must say."""

    id: str
    patch: str
    stage: str
    expected: tuple[str, ...]
    base: str = "tiny.yaml"


BAD_MAPS = [
    # stage 1: structure
    Bad("missing key", "map: null", "structure", ("map is missing",)),
    Bad("wrong format", "format: other", "structure", ("format must be 'mapjudge-map', not 'other'",)),
    Bad("wrong version", "version: 2", "structure", ("version must be 1, not 2",)),
    Bad("unknown top key", "colours: {}", "structure", ("colours is not a known key",)),
    Bad("no areas", "areas: null", "structure", ("areas is missing (give areas and borders, or a grid)",)),
    Bad("wrong type", "areas: {CAP: {supply_center: 'yes'}}", "structure",
        ("areas.CAP.supply_center must be true or false, not 'yes'",)),
    Bad("unknown kind", "areas: {ALP: {kind: mountain}}", "structure",
        ("areas.ALP.kind is 'mountain', expected one of land, coast, sea",)),
    Bad("bad coast name", "areas: {TWO: {coasts: [North, sc]}}", "structure",
        ("areas.TWO.coasts[0] 'North' is not a coast name",)),
    Bad("unknown area key", "areas: {ALP: {colour: red}}", "structure",
        ("areas.ALP.colour is not a known key",)),
    Bad("area without name", "areas: {ALP: {name: null}}", "structure", ("areas.ALP.name is missing",)),
    Bad("bad area code", "areas: {alp2: {name: Alp two, kind: land}}", "structure",
        ("areas.alp2 is not an area code",)),
    Bad("bad city", "areas: {CAP: {city: {name: C, income: lots}}}", "structure",
        ("areas.CAP.city.income must be a whole number, not 'lots'",)),
    Bad("bad power id", "powers: {Green: {name: Green}}", "structure", ("powers.Green is not a power id",)),
    Bad("bad colour", "powers: {red: {colour: red}}", "structure",
        ("powers.red.colour must look like '#1f4e9c', not 'red'",)),
    Bad("bad border crossing", "borders: {ALP: {boat: [CAP]}}", "structure",
        ("borders.ALP.boat is not a known key",)),
    Bad("border list not strings", "borders: {ALP: {army: CAP}}", "structure",
        ("borders.ALP.army must be a list of strings, not 'CAP'",)),
    Bad("bad unit", "scenarios: {start: {units: {blue: [X FAR]}}}", "structure",
        ("scenarios.start.units.blue[0] 'X FAR' is not a unit",)),
    Bad("scenario without year", "scenarios: {start: {year: null}}", "structure",
        ("scenarios.start.year is missing",)),
    Bad("victory not positive", "scenarios: {start: {victory_centers: 0}}", "structure",
        ("scenarios.start.victory_centers must be positive",)),
    Bad("negative treasury", "scenarios: {start: {treasury: {red: -1}}}", "structure",
        ("scenarios.start.treasury.red must be 0 or more ducats, not -1",)),
    Bad("treasury of a stranger", "scenarios: {start: {treasury: {green: 4}}}", "references",
        ("scenarios.start.treasury.green is not one of the scenario's powers",)),
    Bad("doubled income of a stranger", "scenarios: {start: {double_variable_income: [green]}}",
        "references", ("scenarios.start.double_variable_income names green, not a scenario power",)),
    Bad("variable income without a city", "scenarios: {start: {variable_income_cities: [ALP]}}",
        "references", ("scenarios.start.variable_income_cities names ALP, which has no city",)),
    Bad("strait with one end", "straits: [{between: [BAY], controlled_from: TWO}]", "structure",
        ("straits[0].between must name exactly two locations",)),
    Bad("grid and areas", "grid: {rows: ['.'], terrain: {'.': plain}}", "structure",
        ("areas is not allowed with a grid", "borders is not allowed with a grid")),
    Bad("hexes without grid", "hexes: {}", "structure", ("hexes is only allowed with a grid",)),
    # stage 2: references
    Bad("border to unknown area", "borders: {ALP: {army: [CAP, FAR, TWO, XXX]}}", "references",
        ("borders.ALP.army lists unknown location XXX",)),
    Bad("border keyed by unknown coast", "borders: {TWO/wc: {fleet: [GUL]}}", "references",
        ("borders.TWO/wc is keyed by unknown location TWO/wc",)),
    Bad("border to unknown coast", "borders: {GUL: {fleet: [BAY, FAR, TWO/ec]}}", "references",
        ("borders.GUL.fleet lists unknown location TWO/ec",)),
    Bad("home of unknown power", "areas: {FAR: {home_of: green}}", "references",
        ("areas.FAR.home_of names unknown power green",)),
    Bad("coasts on a land area", "areas: {ALP: {coasts: [nc]}}", "references",
        ("areas.ALP.coasts are only allowed on coast areas, not on a land area",)),
    Bad("strait to unknown places", "straits: [{between: [BAY, XXX], controlled_from: YYY}]",
        "references", ("straits[0].between names unknown location XXX",
                       "straits[0].controlled_from names unknown area YYY")),
    Bad("scenario with unknown power", "scenarios: {start: {powers: [red, blue, green]}}",
        "references", ("scenarios.start.powers names unknown power green",)),
    Bad("units of a power outside the scenario", "scenarios: {start: {powers: [red]}}", "references",
        ("scenarios.start.units.blue is not one of the scenario's powers",
         "scenarios.start.supply_centers.blue is not one of the scenario's powers")),
    Bad("unit on unknown location", "scenarios: {start: {units: {blue: [F XXX]}}}", "references",
        ("scenarios.start.units.blue[0] stands on unknown location XXX",)),
    Bad("centre in unknown area", "scenarios: {start: {supply_centers: {blue: [FAR, XXX]}}}",
        "references", ("scenarios.start.supply_centers.blue names unknown area XXX",)),
    # stage 3: consistency
    Bad("asymmetric border", "borders: {ALP: {army: [CAP, TWO]}}", "consistency",
        ("borders.FAR.army lists ALP but borders.ALP.army does not list FAR",)),
    Bad("duplicate border entry", "borders: {ALP: {army: [CAP, FAR, TWO, CAP]}}", "consistency",
        ("borders.ALP.army lists CAP more than once",)),
    Bad("border to itself", "borders: {ALP: {army: [ALP, CAP, FAR, TWO]}}", "consistency",
        ("borders.ALP.army lists its own location",)),
    Bad("duplicate alias", "areas: {ALP: {aliases: [Alpes, Alpes]}}", "consistency",
        ("areas.ALP.aliases lists Alpes more than once",)),
    Bad("duplicate coast", "areas: {TWO: {coasts: [nc, sc, nc]}}", "consistency",
        ("areas.TWO.coasts lists nc more than once",)),
    Bad("army border at sea", "borders: {CAP: {army: [ALP, TWO, BAY]}, BAY: {army: [CAP]}}",
        "consistency", ("borders.CAP.army lists BAY, which is a sea area",
                        "borders.BAY.army is keyed by BAY, which is a sea area")),
    Bad("army border on a coast", "borders: {TWO/nc: {army: [CAP]}, CAP: {army: [ALP, TWO, TWO/nc]}}",
        "consistency", ("borders.TWO/nc.army is keyed by TWO/nc, which is one coast of TWO",)),
    Bad("fleet border on land", "borders: {ALP: {fleet: [BAY]}, BAY: {fleet: [ALP, CAP, GUL, TWO/nc]}}",
        "consistency", ("borders.BAY.fleet lists ALP, which is a land area",
                        "borders.ALP.fleet is keyed by ALP, which is a land area")),
    Bad("fleet border to a bare split coast", "borders: {GUL: {fleet: [BAY, FAR, TWO]}, TWO: {fleet: [GUL]}}",
        "consistency", ("borders.GUL.fleet lists TWO, which has split coasts; name one of TWO/nc, TWO/sc",)),
    Bad("name used by two areas", "areas: {GUL: {aliases: [north-bay]}}", "consistency",
        ("areas.GUL.aliases[0] 'north-bay' is also a name of BAY (areas.BAY.name)",)),
    Bad("accented alias used by two areas", "areas: {ALP: {aliases: [BAHIA NORTE]}}", "consistency",
        ("areas.BAY.aliases[0] 'Bahía Norte' is also a name of ALP (areas.ALP.aliases[0])",)),
    Bad("alias equal to another code", "areas: {ALP: {aliases: [far]}}", "consistency",
        ("areas.FAR 'FAR' is also a name of ALP (areas.ALP.aliases[0])",)),
    Bad("power name used twice", "powers: {blue: {aliases: [rojo]}}", "consistency",
        ("powers.blue.aliases[0] 'rojo' is also a name of red (powers.red.aliases[0])",)),
    Bad("army at sea", "scenarios: {start: {units: {blue: [A GUL]}}}", "consistency",
        ("scenarios.start.units.blue[0] 'A GUL' cannot stand there: GUL is a sea area",)),
    Bad("army on a coast", "scenarios: {start: {units: {blue: [A TWO/nc]}}}", "consistency",
        ("scenarios.start.units.blue[0] 'A TWO/nc' cannot stand there: TWO/nc is one coast of TWO",)),
    Bad("fleet on land", "scenarios: {start: {units: {red: [F CAP, G CAP, F ALP]}}}", "consistency",
        ("scenarios.start.units.red[2] 'F ALP' cannot stand there: ALP is a land area",)),
    Bad("fleet on a bare split coast", "scenarios: {start: {units: {blue: [F TWO]}}}", "consistency",
        ("'F TWO' cannot stand there: TWO has split coasts; name one of TWO/nc, TWO/sc",)),
    Bad("garrison without a city", "scenarios: {start: {units: {blue: [G FAR]}}}", "consistency",
        ("scenarios.start.units.blue[0] 'G FAR' cannot stand there: FAR has no city for a garrison",)),
    Bad("two units in one area", "scenarios: {start: {units: {blue: [F FAR, A CAP]}}}", "consistency",
        ("scenarios.start.units.blue[1] 'A CAP' shares CAP with 'F CAP' (scenarios.start.units.red[0])",)),
    Bad("centre owned twice", "scenarios: {start: {supply_centers: {blue: [FAR, CAP]}}}", "consistency",
        ("scenarios.start.supply_centers.blue lists CAP, already owned by red",)),
    Bad("strait off any border", "straits: [{between: [CAP, GUL], controlled_from: TWO}]", "consistency",
        ("straits[0].between CAP-GUL is not a border",)),
    # hex grids
    Bad("unknown grid symbol", "grid: {rows: ['.^~~', '..x~', '#...']}", "structure",
        ("grid.rows[1][2] symbol 'x' is not in grid.terrain",), "hex_small.yaml"),
    Bad("ragged grid row", "grid: {rows: ['.^~~', '..f', '#...']}", "structure",
        ("grid.rows[1] has 3 hexes, expected 4",), "hex_small.yaml"),
    Bad("grid columns mismatch", "grid: {columns: 5}", "structure",
        ("grid.rows[0] has 4 hexes, expected 5",), "hex_small.yaml"),
    Bad("bad grid layout", "grid: {layout: hexy}", "structure",
        ("grid.layout is 'hexy', expected one of odd-q, even-q, odd-r, even-r",), "hex_small.yaml"),
    Bad("unknown grid key", "grid: {colums: 4}", "structure",
        ("grid.colums is not a known grid key",), "hex_small.yaml"),
    Bad("unknown sea terrain", "grid: {sea_terrains: [ocean]}", "structure",
        ("grid.sea_terrains names 'ocean', which no symbol in grid.terrain has",), "hex_small.yaml"),
    Bad("grid too large", "grid: {first_row: 98}", "structure",
        ("grid.rows reach column 4, row 100; hex names allow 99",), "hex_small.yaml"),
    Bad("hex not in the grid", "hexes: {'0103': {name: Void}}", "structure",
        ("hexes.0103 is not a hex of the grid",), "hex_small.yaml"),
    Bad("hex kind cannot be set", "hexes: {'0202': {kind: sea}}", "structure",
        ("hexes.0202.kind is not a known key",), "hex_small.yaml"),
    Bad("unquoted hex code", "hexes: {0202: {name: Roma}}", "structure",
        ("hexes key 130 is not a string; quote keys that look like numbers",), "hex_small.yaml"),
    Bad("hex home of unknown power", "hexes: {'0202': {home_of: greeks}}", "references",
        ("hexes.0202.home_of names unknown power greeks",), "hex_small.yaml"),
    Bad("fleet on an inland hex", "scenarios: {start: {units: {romans: [A 0202, F 0303]}}}",
        "consistency", ("'F 0303' cannot stand there: 0303 is a land area",), "hex_small.yaml"),
]


@pytest.mark.parametrize("bad", BAD_MAPS, ids=[b.id for b in BAD_MAPS])
def test_validation_error_names_file_and_key(bad: Bad) -> None:
    data = patched(fixture_data(bad.base), yaml.safe_load(bad.patch))
    with pytest.raises(MapError) as caught:
        load_map_data(data, "bad.yaml")
    error = caught.value
    assert error.stage == bad.stage, error.errors
    for expected in bad.expected:
        assert any(e.startswith("bad.yaml: ") and expected in e for e in error.errors), (
            expected,
            error.errors,
        )


@pytest.mark.parametrize("name", ["tiny.yaml", "hex_small.yaml"])
def test_good_fixtures_survive_an_empty_patch(name: str) -> None:
    """The bad-map cases start from valid maps, so each error above is the patch's."""
    game_map = load_map_data(patched(fixture_data(name), {}), name)
    assert game_map.areas


# --- hex grids -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def hexmap() -> GameMap:
    return load_map(FIXTURES / "hex_small.yaml")


def test_hex_map_areas_kinds_and_coordinates(hexmap: GameMap) -> None:
    assert "0103" not in hexmap.areas  # impassable
    assert len(hexmap.areas) == 11
    kinds = {code: area.kind.value for code, area in hexmap.areas.items()}
    assert kinds == {
        "0101": "land", "0201": "coast", "0301": "sea", "0401": "sea",
        "0102": "land", "0202": "coast", "0302": "coast", "0402": "sea",
        "0203": "land", "0303": "land", "0403": "coast",
    }
    assert hexmap.areas["0302"].axial == (3, 1)
    assert hexmap.areas["0302"].terrain == "forest"
    assert hexmap.areas["0201"].terrain == "mountain"


def test_hex_neighbours_checked_by_hand(hexmap: GameMap) -> None:
    # 0302 is in an odd (shoved-down) column: its neighbours are 0301 and 0303 in
    # its column and rows 2-3 of columns 2 and 4.
    assert hexmap.army_neighbours("0302") == {"0202", "0203", "0303", "0403"}
    assert hexmap.fleet_neighbours("0302") == {"0202", "0301", "0402", "0403"}
    # 0202 is in an even column: rows 1-2 of columns 1 and 3.
    assert hexmap.area_neighbours("0202") == {"0101", "0102", "0201", "0203", "0301", "0302"}
    assert hexmap.fleet_neighbours("0202") == {"0201", "0301", "0302"}
    # 0102 touches the impassable 0103, which is no neighbour.
    assert hexmap.army_neighbours("0102") == {"0101", "0202", "0203"}
    assert hexmap.fleet_neighbours("0301") == {"0201", "0202", "0302", "0401", "0402"}


def test_hex_details_and_scenario(hexmap: GameMap) -> None:
    roma = hexmap.areas["0202"]
    assert (roma.name, roma.supply_center, roma.home_of) == ("Roma", True, "romans")
    assert roma.city is not None and roma.city.income == 5
    assert hexmap.lookup("rome") == "0202"
    assert hexmap.lookup("0302") == "0302"
    units = {(u.kind, u.location) for u in hexmap.scenarios["start"].units}
    assert units == {("A", "0202"), ("G", "0202"), ("F", "0301")}


def test_coasts_without_a_shared_coastline_have_no_fleet_border() -> None:
    data = {
        "format": "mapjudge-map", "version": 1, "map": "strip",
        "grid": {"terrain": {"~": "sea", ".": "plain"}, "rows": ["~..~"]},
    }
    strip = load_map_data(data, "strip.yaml")
    assert strip.areas["0201"].kind is AreaKind.COAST and strip.areas["0301"].kind is AreaKind.COAST
    assert strip.army_adjacent("0201", "0301")
    assert not strip.fleet_adjacent("0201", "0301")
    assert strip.fleet_adjacent("0101", "0201")


@pytest.mark.parametrize(
    ("layout", "hex_", "expected"),
    [
        (HexLayout.ODD_Q, (2, 2), {(2, 1), (2, 3), (1, 1), (1, 2), (3, 1), (3, 2)}),
        (HexLayout.ODD_Q, (3, 2), {(3, 1), (3, 3), (2, 2), (2, 3), (4, 2), (4, 3)}),
        (HexLayout.EVEN_Q, (3, 2), {(3, 1), (3, 3), (2, 1), (2, 2), (4, 1), (4, 2)}),
        (HexLayout.ODD_R, (2, 3), {(1, 3), (3, 3), (2, 2), (3, 2), (2, 4), (3, 4)}),
        (HexLayout.EVEN_R, (2, 3), {(1, 3), (3, 3), (1, 2), (2, 2), (1, 4), (2, 4)}),
    ],
)
def test_offset_layouts_give_the_hand_drawn_neighbours(
    layout: HexLayout, hex_: tuple[int, int], expected: set[tuple[int, int]]
) -> None:
    axial = offset_to_axial(*hex_, layout)
    assert axial_to_offset(axial, layout) == hex_
    assert {axial_to_offset(n, layout) for n in axial_neighbours(axial)} == expected
