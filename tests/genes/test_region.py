"""Genes Mactantes regions (rulebook 002 §3 "Creació del tauler"): the bundled
peninsula, reading and checking region files, name lookup, founding places,
and the N-player generator."""

from __future__ import annotations

import copy
import math
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import shapely
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from maps.genes.generate import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    default_players,
    drawing_turns,
    generate_region,
    region_yaml,
)
from maps.genes.region import (
    REGIONS_DIR,
    Region,
    load_region,
    packaged_regions,
    region_from_dict,
    region_to_dict,
)
from maps.loader import MapError

EXAMPLE_PLAYERS = ("arnau", "berenguer", "cugat")
EXAMPLE_DRAWN_BY = {
    "silhouette": "arnau",
    "relief": "berenguer",
    "borders": "cugat",
    "cities": "arnau",
}
EXAMPLE_CHOICE = ("berenguer", "cugat", "arnau")


@pytest.fixture(scope="module")
def peninsula() -> Region:
    return load_region("peninsula")


def neighbour_pairs(region: Region) -> set[frozenset[str]]:
    return {frozenset((a, b)) for a, area in region.countries.items() for b in area.neighbours}


def assert_well_formed(region: Region) -> None:
    """What 002 §3 asks of a finished board, checked from the data itself."""
    assert neighbour_pairs(region) == set(region.border_pairs()) | {
        frozenset(s) for s in region.straits
    }
    for city in region.cities.values():
        assert region.polygon(city.country).contains(shapely.Point(city.position))
    for country, area in region.countries.items():
        assert shapely.Polygon(area.polygons[0]).is_valid
        assert sum(c.country == country for c in region.cities.values()) == 3
        for other in region.countries:
            assert region.country_path(country, other)[-1] == other
    assert region_from_dict(region_to_dict(region)) == region


# --- the bundled peninsula (002 §3, the example) -------------------------------------


def test_peninsula_is_packaged() -> None:
    """002 §3: the example's board ships as the region `peninsula`."""
    assert "peninsula" in packaged_regions()


def test_peninsula_has_three_countries_of_three_cities(peninsula: Region) -> None:
    """002 §3 steps 3-4: one country per player (three), three cities in each (§4.4)."""
    assert list(peninsula.countries) == ["ponent", "serra", "llevant"]
    assert len(peninsula.cities) == 9
    for country in peninsula.countries:
        assert sum(c.country == country for c in peninsula.cities.values()) == 3
    assert_well_formed(peninsula)


def test_peninsula_neighbours_are_its_shared_borders_and_strait(peninsula: Region) -> None:
    """002 §3 step 3: neighbours are the countries sharing a border, plus the strait
    between Llevant's island and Ponent's coast."""
    borders = set(peninsula.border_pairs())
    assert borders == {frozenset(("ponent", "serra")), frozenset(("serra", "llevant"))}
    assert peninsula.straits == (("llevant", "ponent"),)
    assert neighbour_pairs(peninsula) == borders | {frozenset(("llevant", "ponent"))}
    assert peninsula.neighbours("ponent") == ("serra", "llevant")


def test_peninsula_island_belongs_to_one_country(peninsula: Region) -> None:
    """002 §3 step 3: islands are assigned to a country (Llevant holds the island)."""
    assert len(peninsula.coast) == 2
    assert len(peninsula.countries["llevant"].polygons) == 2
    island = shapely.Polygon(peninsula.countries["llevant"].polygons[1])
    assert island.contains(shapely.Point(peninsula.cities["gavina"].position))


def test_peninsula_follows_the_rulebook_example(peninsula: Region) -> None:
    """002 §3 example: Arnau the silhouette, Berenguer the relief, Cugat the borders,
    Arnau the cities; Berenguer chooses first, then Cugat, Arnau takes the last."""
    assert dict(peninsula.drawn_by) == EXAMPLE_DRAWN_BY
    assert peninsula.choice_order == EXAMPLE_CHOICE


def test_peninsula_has_relief_to_draw(peninsula: Region) -> None:
    """002 §3 step 2: mountains, forests, rivers, lakes, cliffs."""
    kinds = {f.kind for f in peninsula.relief}
    assert {"mountains", "forest", "river", "lake", "cliff"} <= kinds
    land = shapely.unary_union([shapely.Polygon(r) for r in peninsula.coast])
    for feature in peninsula.relief:
        for point in feature.points:
            assert land.covers(shapely.Point(point)), feature.name


def test_peninsula_file_is_in_canonical_form(peninsula: Region) -> None:
    """002 §3: the file reads back exactly as written (`region_to_dict` round trip)."""
    data = yaml.safe_load((REGIONS_DIR / "peninsula.yaml").read_text(encoding="utf-8"))
    assert region_to_dict(peninsula) == data
    assert region_from_dict(region_to_dict(peninsula)) == peninsula


def test_load_by_path_and_unknown_name(peninsula: Region, tmp_path: Path) -> None:
    """002 §3: a region file given by path loads like a packaged one."""
    path = tmp_path / "copy.yaml"
    path.write_text(region_yaml(peninsula), encoding="utf-8")
    assert load_region(path) == peninsula
    assert load_region(str(path)) == peninsula
    with pytest.raises(MapError, match="peninsula"):
        load_region("atlantida")


# --- checking region files -----------------------------------------------------------


def _city(data: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(c for c in data["cities"] if c["id"] == ident)


def _country(data: dict[str, Any], ident: str) -> dict[str, Any]:
    return next(c for c in data["countries"] if c["id"] == ident)


def _unknown_country(d: dict[str, Any]) -> None:
    _city(d, "torremar")["country"] = "nord"


def _no_cities(d: dict[str, Any]) -> None:
    d["cities"] = [c for c in d["cities"] if c["country"] != "serra"]


def _duplicate_city(d: dict[str, Any]) -> None:
    d["cities"].append(copy.deepcopy(_city(d, "montalt")))


def _one_sided(d: dict[str, Any]) -> None:
    _country(d, "serra")["neighbours"] = ["llevant"]


def _two_points(d: dict[str, Any]) -> None:
    _country(d, "llevant")["polygons"][1] = [[15, 56], [19, 53]]


def _city_at_sea(d: dict[str, Any]) -> None:
    _city(d, "rocafosca")["position"] = [95, 65]


def _bad_id(d: dict[str, Any]) -> None:
    _city(d, "albara")["id"] = "Albarà"


def _missing_border(d: dict[str, Any]) -> None:
    _country(d, "serra")["neighbours"] = ["ponent"]
    _country(d, "llevant")["neighbours"] = ["ponent"]


BROKEN: list[tuple[Callable[[dict[str, Any]], None], str, str]] = [
    (_unknown_country, "cities.torremar.country", "unknown country 'nord'"),
    (_no_cities, "countries.serra", "at least one city"),
    (_duplicate_city, "cities.montalt", "duplicate id"),
    (_one_sided, "countries.ponent.neighbours", "serra does not list ponent back"),
    (_two_points, "countries.llevant.polygons[1]", "at least 3 points"),
    (_city_at_sea, "cities.rocafosca.position", "outside llevant"),
    (_bad_id, "cities[5].id", "lowercase ASCII"),
    (_missing_border, "countries.serra.neighbours", "misses llevant"),
]


@pytest.mark.parametrize(("change", "key", "words"), BROKEN, ids=[b[0].__name__ for b in BROKEN])
def test_broken_files_name_file_and_key(
    peninsula: Region,
    tmp_path: Path,
    change: Callable[[dict[str, Any]], None],
    key: str,
    words: str,
) -> None:
    """002 §3-§4.4: a region must hold together; each error names the file and the key."""
    data = region_to_dict(peninsula)
    change(data)
    path = tmp_path / "broken.yaml"
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(MapError) as caught:
        load_region(path)
    message = str(caught.value)
    assert f"{path}: {key}: " in message
    assert words in message


def test_unreadable_yaml_names_the_file(tmp_path: Path) -> None:
    """002 §3: a file that is not YAML is refused, naming it."""
    path = tmp_path / "bad.yaml"
    path.write_text("countries: [unclosed", encoding="utf-8")
    with pytest.raises(MapError, match=str(path)):
        load_region(path)


# --- lookup, paths, founding ---------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "city"),
    [("Albarà", "albara"), ("ALBARA", "albara"), ("albarán", "albara"), ("Port Daurat", None)],
)
def test_lookup_city_ignores_case_and_accents(peninsula: Region, text: str, city: str) -> None:
    """002 §4.4: players name cities as they please; case and accents do not matter."""
    assert peninsula.lookup_city(text) == city


def test_lookup_country_by_name_and_alias(peninsula: Region) -> None:
    """002 §3: a country by its id, Catalan name or an alias (es, en)."""
    assert peninsula.lookup_country("LA SERRA") == "serra"
    assert peninsula.lookup_country("la sierra") == "serra"
    assert peninsula.lookup_country("Levante") == "llevant"
    assert peninsula.lookup_country("Tramuntana") is None


def test_suggestions_for_misspelt_names(peninsula: Region) -> None:
    """002 §3: a misspelt name gets the nearest ids, for the error message."""
    assert peninsula.suggest_city("Albra")[0] == "albara"
    assert peninsula.suggest_city("Vilagran")[0] == "vilagrana"
    assert peninsula.suggest_country("Llevan")[0] == "llevant"
    assert peninsula.suggest_country("zzzz") == ()


def test_country_path_uses_borders_and_straits(peninsula: Region) -> None:
    """002 §5.4.1: travellers cross neighbouring countries; the strait counts."""
    assert peninsula.country_path("ponent", "ponent") == ("ponent",)
    assert peninsula.country_path("ponent", "llevant") == ("ponent", "llevant")
    no_strait = region_from_dict(_without_strait(peninsula))
    assert no_strait.country_path("ponent", "llevant") == ("ponent", "serra", "llevant")
    with pytest.raises(KeyError):
        peninsula.country_path("ponent", "nord")


def _without_strait(region: Region) -> dict[str, Any]:
    data = region_to_dict(region)
    data["straits"] = []
    _country(data, "ponent")["neighbours"] = ["serra"]
    _country(data, "llevant")["neighbours"] = ["serra"]
    return data


@pytest.mark.parametrize("country", ["ponent", "serra", "llevant"])
def test_place_for_new_city_is_inside_and_deterministic(peninsula: Region, country: str) -> None:
    """002 §5.4.3 Fundar: the judge places a founded city inside the country, away
    from the others, the same way every time."""
    taken = [c.position for c in peninsula.cities.values()]
    spot = peninsula.place_for_new_city(country, taken)
    assert spot == peninsula.place_for_new_city(country, list(taken))
    assert peninsula.polygon(country).contains(shapely.Point(spot))
    nearest = min(math.dist(spot, t) for t in taken)
    assert nearest >= 3
    again = peninsula.place_for_new_city(country, [*taken, spot])
    assert again != spot


# --- the generator (002 §3 for N players) --------------------------------------------


def test_generated_region_follows_the_rulebook_example() -> None:
    """002 §3 example: with Arnau, Berenguer and Cugat, Arnau draws the silhouette and
    the cities, Berenguer the relief, Cugat the borders; Berenguer chooses first."""
    region = generate_region(EXAMPLE_PLAYERS, seed=2008)
    assert dict(region.drawn_by) == EXAMPLE_DRAWN_BY
    assert region.choice_order == EXAMPLE_CHOICE
    assert len(region.countries) == 3
    assert_well_formed(region)


def test_drawing_turns_go_round_the_table() -> None:
    """002 §3: one step each in turn; choosing goes on from the cities' drawer's left."""
    drawn, order = drawing_turns(("a", "b"))
    assert drawn == {"silhouette": "a", "relief": "b", "borders": "a", "cities": "b"}
    assert order == ("a", "b")
    drawn, order = drawing_turns(("a", "b", "c", "d", "e"))
    assert drawn == {"silhouette": "a", "relief": "b", "borders": "c", "cities": "d"}
    assert order == ("e", "a", "b", "c", "d")


def test_generator_is_deterministic() -> None:
    """002 §3: the same players and seed draw the same region."""
    players = default_players(5)
    first = region_to_dict(generate_region(players, seed=11))
    assert region_to_dict(generate_region(players, seed=11)) == first
    assert region_to_dict(generate_region(players, seed=12)) != first


@settings(max_examples=16, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    count=st.integers(min_value=MIN_PLAYERS, max_value=MAX_PLAYERS),
)
def test_generated_regions_load_back_and_hold_together(seed: int, count: int) -> None:
    """002 §3: for 2-9 players, a country each with three cities inside it, neighbours
    by shared borders and straits, written and read back unchanged."""
    region = generate_region(default_players(count), seed)
    assert len(region.countries) == count
    assert len(region.cities) == 3 * count
    assert len(set(region.countries) | set(region.cities)) == 4 * count
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "region.yaml"
        path.write_text(region_yaml(region), encoding="utf-8")
        assert load_region(path) == region
    assert_well_formed(region)


@pytest.mark.parametrize("count", [0, 1, 10])
def test_generator_refuses_wrong_player_counts(count: int) -> None:
    """002 §2: at least two players; the generator draws for up to nine."""
    with pytest.raises(ValueError, match=f"2 to 9 players .*not {count}"):
        generate_region(default_players(count), seed=1)


def test_generator_refuses_repeated_players() -> None:
    """002 §3: each player draws and chooses once per turn round."""
    with pytest.raises(ValueError, match="distinct"):
        generate_region(["arnau", "arnau"], seed=1)
