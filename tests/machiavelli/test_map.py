"""Tests for the packaged Machiavelli map (`maps/machiavelli.yaml`) and the
scenario keys it brought to the map format (`home`, `control`,
`autonomous_garrisons`, `disabled_areas`, `sieges`).

The expected figures were read from the source facts once, when the map was
converted; the tests read only project files."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import networkx as nx
import pytest
import yaml

from maps import AreaKind, Crossing, GameMap, MapError, load_map, load_map_data

SCENARIOS = (
    "balance",
    "dukeofmilan",
    "eight-saints",
    "spanish",
    "struggle-i",
    "struggle-ii",
    "suleiman",
)
POWERS = (
    "austria",
    "florence",
    "france",
    "genoa",
    "hre",
    "milan",
    "naples",
    "papacy",
    "savoy",
    "spain",
    "turks",
    "venice",
)
PORTS = {
    "ANC",
    "BARI",
    "DUR",
    "GEN",
    "MAR",
    "MES",
    "NAP",
    "PAL",
    "PIO",
    "PISA",
    "RAG",
    "SAR",
    "SAV",
    "TUN",
    "VEN",
}
UNFORTIFIED = {"ALB", "CAR", "COR", "CRO", "DAL", "HUN", "SAR", "SWI"}
SEAS = {"GOL", "LS", "WM", "TS", "CM", "GON", "IS", "LA", "UA"}
FLEET_CLOSED = {
    frozenset(pair.split("-"))
    for pair in (
        "AQU-SAL",
        "AVI-PRO",
        "AQU-CAP",
        "CAR-CRO",
        "ALB-HER",
        "BOL-LUC",
        "BOL-MOD",
        "AQU-NAP",
        "PISA-SIE",
        "BARI-SAL",
    )
}


@pytest.fixture(scope="module")
def machiavelli() -> GameMap:
    return load_map("machiavelli")


def crossings(game_map: GameMap) -> dict[frozenset[str], frozenset[Crossing]]:
    return {frozenset((a, b)): data["crossings"] for a, b, data in game_map.graph.edges(data=True)}


# --- the board -------------------------------------------------------------------------------


def test_area_counts(machiavelli: GameMap) -> None:
    areas = machiavelli.areas.values()
    assert len(machiavelli.areas) == 73
    # The source's 64 land areas are the 63 land/coast areas plus Venice, a sea with a city.
    assert Counter(a.kind for a in areas) == {
        AreaKind.COAST: 38,
        AreaKind.LAND: 25,
        AreaKind.SEA: 10,
    }
    controllable = {a.code for a in areas if a.kind is not AreaKind.SEA or a.city is not None}
    assert len(controllable) == 64
    assert {a.code for a in areas if a.kind is AreaKind.SEA and a.city is None} == SEAS


def test_cities_ports_and_incomes(machiavelli: GameMap) -> None:
    cities = {code: a.city for code, a in machiavelli.areas.items() if a.city is not None}
    assert len(cities) == 44
    assert sum(c.fortified for c in cities.values()) == 36
    assert {code for code, c in cities.items() if not c.fortified} == UNFORTIFIED
    assert {code for code, c in cities.items() if c.port} == PORTS
    # The source's total control income, 119, less 1 for each of the 20 provinces
    # without a city (a rule of the game, not map data).
    assert sum(c.income for c in cities.values()) == 99
    assert {code for code, c in cities.items() if c.income == 4} == {"FLO", "GEN", "MIL", "VEN"}
    for code, city in cities.items():
        assert city.garrison_income == (city.income - 1 if city.fortified else 0), code


def test_venice_is_a_sea_with_a_fortified_port_city(machiavelli: GameMap) -> None:
    venice = machiavelli.areas["VEN"]
    assert venice.kind is AreaKind.SEA
    assert venice.city is not None and venice.city.fortified and venice.city.port
    assert venice.army_location is None
    assert machiavelli.army_neighbours("VEN") == frozenset()
    assert machiavelli.fleet_neighbours("VEN") == {"FRI", "PAD", "TRE", "UA"}


def test_treviso_and_sardinia_quirks(machiavelli: GameMap) -> None:
    assert machiavelli.areas["TRE"].kind is AreaKind.COAST
    assert machiavelli.fleet_neighbours("TRE") == {"FRI", "PAD", "VEN"}
    sardinia = machiavelli.areas["SAR"].city
    assert sardinia is not None and sardinia.port and not sardinia.fortified


def test_border_counts(machiavelli: GameMap) -> None:
    edges = crossings(machiavelli)
    assert len(edges) == 202
    assert sum(Crossing.ARMY in c for c in edges.values()) == 132
    assert sum(Crossing.FLEET in c for c in edges.values()) == 105
    kinds = {code: a.kind for code, a in machiavelli.areas.items()}
    closed = {
        pair
        for pair, c in edges.items()
        if c == {Crossing.ARMY} and all(kinds[x] is AreaKind.COAST for x in pair)
    }
    assert closed == FLEET_CLOSED


def test_no_army_border_touches_a_sea(machiavelli: GameMap) -> None:
    for pair, c in crossings(machiavelli).items():
        if Crossing.ARMY in c:
            assert all(machiavelli.areas[x].kind is not AreaKind.SEA for x in pair), pair


@pytest.mark.parametrize(
    ("location", "army", "fleet"),
    [
        ("MES", {"OTR", "PAL"}, {"GON", "IS", "OTR", "PAL"}),
        ("AQU", {"ANC", "BARI", "CAP", "NAP", "SAL", "SPO"}, {"ANC", "BARI", "LA"}),
        ("TUN", set(), {"CM", "WM"}),
        ("LA", set(), {"ALB", "ANC", "AQU", "BARI", "DAL", "DUR", "HER", "IS", "OTR", "RAG", "UA"}),
    ],
)
def test_neighbours(machiavelli: GameMap, location: str, army: set[str], fleet: set[str]) -> None:
    assert machiavelli.army_neighbours(location) == army
    assert machiavelli.fleet_neighbours(location) == fleet


def test_messina_strait(machiavelli: GameMap) -> None:
    assert [(s.between, s.controlled_from) for s in machiavelli.straits] == [(("GON", "IS"), "MES")]
    assert machiavelli.fleet_adjacent("GON", "IS")


def test_graph_is_connected(machiavelli: GameMap) -> None:
    assert nx.is_connected(machiavelli.graph.to_networkx())


# --- names and powers --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("Venice", "VEN"),
        ("Venecia", "VEN"),
        ("venècia", "VEN"),
        ("Florence", "FLO"),
        ("Florencia", "FLO"),
        ("Florència", "FLO"),
        ("Naples", "NAP"),
        ("Nápoles", "NAP"),
        ("Nàpols", "NAP"),
        ("napoles", "NAP"),
        ("Tyrrhenian Sea", "TS"),
        ("Mar Tirreno", "TS"),
        ("Mar Tirrè", "TS"),
        ("Gulf of Lions", "GOL"),
        ("golf de lleo", "GOL"),
        ("Aquil·la", "AQU"),
        ("Cerdeña", "SAR"),
        ("Sardenya", "SAR"),
        ("pisa", "PISA"),
        ("PIS", "PIS"),
    ],
)
def test_english_spanish_and_catalan_names(machiavelli: GameMap, text: str, code: str) -> None:
    assert machiavelli.lookup(text) == code


def test_german_names_are_left_out(machiavelli: GameMap) -> None:
    assert machiavelli.lookup("Venedig") is None


def test_misspelt_names_get_suggestions(machiavelli: GameMap) -> None:
    assert machiavelli.lookup("Tyrrenian") is None
    assert [m.location for m in machiavelli.suggestions("Tyrrenian")] == ["TS"]
    assert "FLO" in [m.location for m in machiavelli.suggestions("Florense")]


def test_powers(machiavelli: GameMap) -> None:
    assert machiavelli.power_ids() == POWERS
    assert "autonomous" not in machiavelli.powers
    assert machiavelli.powers["venice"].colour == "#996600"
    assert len({p.colour for p in machiavelli.powers.values()}) == 12
    for text, power in [
        ("Venecia", "venice"),
        ("Florència", "florence"),
        ("Sacre Imperi Romà", "hre"),
        ("holy roman empire", "hre"),
        ("Imperio Español", "spain"),
        ("Papat", "papacy"),
        ("Turcos", "turks"),
    ]:
        assert machiavelli.power_lookup(text) == power, text


# --- scenarios -----------------------------------------------------------------------------------


def test_every_scenario_loads(machiavelli: GameMap) -> None:
    assert set(machiavelli.scenarios) == set(SCENARIOS)
    for scenario in machiavelli.scenarios.values():
        assert scenario.season == "spring"
        assert scenario.victory_centers is None
        assert scenario.supply_centers == {}
        assert scenario.sieges == ()
        assert set(scenario.home) == set(scenario.powers)
        homes = {code for codes in scenario.home.values() for code in codes}
        assert homes <= set(scenario.control)
        assert not homes & set(scenario.disabled_areas)


def test_balance(machiavelli: GameMap) -> None:
    balance = machiavelli.scenarios["balance"]
    assert balance.year == 1454
    assert balance.powers == (
        "austria",
        "florence",
        "france",
        "milan",
        "naples",
        "papacy",
        "turks",
        "venice",
    )
    assert balance.home["austria"] == ("AUS", "CARIN", "HUN", "TYR")
    assert balance.home["naples"] == ("AQU", "BARI", "CAP", "MES", "NAP", "OTR", "PAL", "SAL")
    assert balance.control["VEN"] == "venice"
    assert len(balance.control) == 46
    assert Counter(u.power for u in balance.units) == {
        "austria": 3,
        "florence": 3,
        "france": 3,
        "milan": 3,
        "naples": 4,
        "papacy": 4,
        "turks": 3,
        "venice": 4,
    }
    venice = {(u.kind, u.location) for u in balance.units if u.power == "venice"}
    assert venice == {("A", "PAD"), ("A", "TRE"), ("F", "DAL"), ("G", "VEN")}
    assert balance.autonomous_garrisons == (
        "FER",
        "GEN",
        "LUC",
        "MAN",
        "MOD",
        "MON",
        "PIO",
        "RAG",
        "SALZ",
        "SAV",
        "SIE",
        "TRENT",
        "TUR",
    )
    assert balance.disabled_areas == ()


def test_other_scenarios_spot_checks(machiavelli: GameMap) -> None:
    scenarios = machiavelli.scenarios
    assert {name: s.year for name, s in scenarios.items()} == {
        "eight-saints": 1375,
        "dukeofmilan": 1402,
        "balance": 1454,
        "struggle-i": 1499,
        "struggle-ii": 1513,
        "spanish": 1521,
        "suleiman": 1566,
    }
    assert scenarios["dukeofmilan"].disabled_areas == ("AVI", "HUN", "SLA", "TUN")
    assert scenarios["eight-saints"].disabled_areas == ("ALB", "DUR", "HUN", "SLA", "TUN")
    struggle = scenarios["struggle-i"]
    assert {
        c: p
        for c, p in struggle.control.items()
        if c not in struggle.home["france"] and p == "france"
    } == dict.fromkeys(("BARI", "GEN", "MIL", "NAP", "SALZ"), "france")
    assert ("F", "VEN") in {(u.kind, u.location) for u in scenarios["spanish"].units}
    assert len(scenarios["suleiman"].powers) == 7


def test_units_side_by_side_without_a_siege(machiavelli: GameMap) -> None:
    """The source's quirk 7: an army or fleet beside another side's garrison, no siege."""
    pairs = {
        "dukeofmilan": ("BOL", {("florence", "A"), ("milan", "G")}),
        "struggle-ii": ("MIL", {("austria", "A"), ("france", "G")}),
        "suleiman": ("TUN", {("spain", "G"), ("turks", "F")}),
        "eight-saints": ("NAP", {("naples", "F"), ("naples", "G")}),
    }
    for name, (area, units) in pairs.items():
        scenario = machiavelli.scenarios[name]
        assert {(u.power, u.kind) for u in scenario.units if u.location == area} == units
        assert area not in scenario.sieges


def test_classic_scenario_has_empty_control_keys() -> None:
    standard = load_map("classic").scenarios["standard"]
    assert (standard.home, standard.control) == ({}, {})
    assert (standard.autonomous_garrisons, standard.disabled_areas, standard.sieges) == ((), (), ())


# --- the new scenario keys on a tiny inline map ------------------------------------------------

TINY = """
format: mapjudge-map
version: 1
map: castles
powers:
  red: {name: Red}
  blue: {name: Blue}
areas:
  KEEP: {name: Keep, kind: land, city: {name: Keep, fortified: true, income: 2, garrison_income: 1}}
  PORT: {name: Port, kind: coast, city: {name: Port, fortified: true, port: true, income: 2}}
  WALL: {name: Wall, kind: coast, city: {name: Wall, fortified: true, income: 2}}
  OPEN: {name: Open, kind: coast, city: {name: Open, port: true, income: 2}}
  LAGO: {name: Lagoon, kind: sea, city: {name: Lagoon, fortified: true, port: true, income: 4}}
  BAY: {name: Bay, kind: sea}
borders:
  KEEP: {army: [OPEN, PORT, WALL]}
  PORT: {army: [KEEP, WALL], fleet: [BAY, LAGO, WALL]}
  WALL: {army: [KEEP, OPEN, PORT], fleet: [BAY, PORT]}
  OPEN: {army: [KEEP, WALL], fleet: [BAY]}
  LAGO: {fleet: [BAY, PORT]}
  BAY: {fleet: [LAGO, OPEN, PORT, WALL]}
scenarios:
  start:
    year: 1450
    season: spring
    powers: [red, blue]
    home: {red: [KEEP, LAGO], blue: [PORT]}
    control: {blue: [OPEN]}
    units:
      red: [A KEEP, G LAGO, F PORT]
      blue: [G PORT, A WALL]
    autonomous_garrisons: [WALL]
    sieges: [PORT, WALL]
"""


def tiny(patch: dict[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(TINY)
    start = data["scenarios"]["start"]
    for key, value in (patch or {}).items():
        if value is None:
            start.pop(key, None)
        else:
            start[key] = copy.deepcopy(value)
    return data


def test_tiny_map_with_control_garrisons_and_sieges_loads() -> None:
    start = load_map_data(tiny(), "castles.yaml").scenarios["start"]
    assert start.home == {"red": ("KEEP", "LAGO"), "blue": ("PORT",)}
    assert start.control == {"KEEP": "red", "LAGO": "red", "PORT": "blue", "OPEN": "blue"}
    assert start.autonomous_garrisons == ("WALL",)
    assert start.disabled_areas == ()
    assert start.sieges == ("PORT", "WALL")
    keep = load_map_data(tiny(), "castles.yaml").areas["KEEP"].city
    assert keep is not None and (keep.income, keep.garrison_income) == (2, 1)


BAD_SCENARIOS = [
    # structure
    (
        "home not a mapping",
        {"home": ["KEEP"]},
        "structure",
        "scenarios.start.home must be a mapping, not ['KEEP']",
    ),
    (
        "home list not strings",
        {"home": {"red": "KEEP"}},
        "structure",
        "scenarios.start.home.red must be a list of strings, not 'KEEP'",
    ),
    (
        "sieges not a list",
        {"sieges": "PORT"},
        "structure",
        "scenarios.start.sieges must be a list of strings, not 'PORT'",
    ),
    # references
    (
        "unknown home area",
        {"home": {"red": ["KEEP", "XXX"], "blue": ["PORT"]}},
        "references",
        "scenarios.start.home.red names unknown area XXX",
    ),
    (
        "home of a power outside the scenario",
        {"home": {"green": ["KEEP"]}},
        "references",
        "scenarios.start.home.green is not one of the scenario's powers",
    ),
    (
        "control of an unknown area",
        {"control": {"blue": ["YYY"]}},
        "references",
        "scenarios.start.control.blue names unknown area YYY",
    ),
    (
        "unknown autonomous garrison",
        {"autonomous_garrisons": ["ZZZ"]},
        "references",
        "scenarios.start.autonomous_garrisons names unknown area ZZZ",
    ),
    (
        "unknown disabled area",
        {"disabled_areas": ["ZZZ"]},
        "references",
        "scenarios.start.disabled_areas names unknown area ZZZ",
    ),
    # consistency
    (
        "garrison in an unfortified city",
        {"units": {"red": ["A KEEP", "G OPEN"]}, "sieges": None},
        "consistency",
        "scenarios.start.units.red[1] 'G OPEN' cannot stand there: OPEN has a city without walls",
    ),
    (
        "autonomous garrison beside a power's garrison",
        {"autonomous_garrisons": ["WALL", "PORT"]},
        "consistency",
        (
            "scenarios.start.autonomous_garrisons lists PORT, whose city already holds a garrison "
            "(scenarios.start.units.blue[0])"
        ),
    ),
    (
        "autonomous garrison in an unfortified city",
        {"autonomous_garrisons": ["WALL", "OPEN"]},
        "consistency",
        "scenarios.start.autonomous_garrisons lists OPEN, which has a city without",
    ),
    (
        "autonomous garrison without a city",
        {"autonomous_garrisons": ["WALL", "BAY"]},
        "consistency",
        "scenarios.start.autonomous_garrisons lists BAY, which has no city",
    ),
    (
        "duplicate autonomous garrison",
        {"autonomous_garrisons": ["WALL", "WALL"]},
        "consistency",
        "scenarios.start.autonomous_garrisons lists WALL more than once",
    ),
    (
        "area controlled twice",
        {"control": {"blue": ["OPEN", "KEEP"]}},
        "consistency",
        "scenarios.start.control.blue lists KEEP, already listed by scenarios.start.home.red",
    ),
    (
        "sea without a city controlled",
        {"control": {"blue": ["OPEN", "BAY"]}},
        "consistency",
        "scenarios.start.control.blue lists BAY, a sea area without a city (not controllable)",
    ),
    (
        "unit in a disabled area",
        {"disabled_areas": ["KEEP"]},
        "consistency",
        "scenarios.start.units.red[0] 'A KEEP' stands in KEEP, a disabled area",
    ),
    (
        "home in a disabled area",
        {"disabled_areas": ["KEEP"]},
        "consistency",
        "scenarios.start.home.red lists KEEP, a disabled area",
    ),
    (
        "siege in a disabled area",
        {"disabled_areas": ["WALL"]},
        "consistency",
        "scenarios.start.sieges lists WALL, a disabled area",
    ),
    (
        "siege without a besieger",
        {"sieges": ["LAGO"]},
        "consistency",
        "scenarios.start.sieges lists LAGO, but no army or fleet stands there to besiege it",
    ),
    (
        "siege without a garrison",
        {"sieges": ["KEEP"]},
        "consistency",
        "scenarios.start.sieges lists KEEP, but its city holds no garrison to besiege",
    ),
    (
        "siege of one's own garrison",
        {"units": {"red": ["A KEEP", "G LAGO"], "blue": ["G PORT", "F PORT"]}, "sieges": ["PORT"]},
        "consistency",
        "scenarios.start.sieges lists PORT, but its garrison and 'F PORT' both belong to blue",
    ),
    (
        "fleet besieging a city without a port",
        {"units": {"red": ["A KEEP", "F WALL"]}, "sieges": ["WALL"]},
        "consistency",
        "scenarios.start.sieges lists WALL, but a fleet besieges only a port, and WALL has none",
    ),
]


@pytest.mark.parametrize(
    ("patch", "stage", "expected"),
    [b[1:] for b in BAD_SCENARIOS],
    ids=[b[0] for b in BAD_SCENARIOS],
)
def test_scenario_key_errors_name_file_and_key(
    patch: dict[str, Any], stage: str, expected: str
) -> None:
    with pytest.raises(MapError) as caught:
        load_map_data(tiny(patch), "bad.yaml")
    assert caught.value.stage == stage, caught.value.errors
    assert any(e.startswith(f"bad.yaml: {expected}") for e in caught.value.errors), (
        expected,
        caught.value.errors,
    )
