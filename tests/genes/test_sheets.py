"""Country sheets (002 §4): every formula and limit of the creation of a country,
with a passing and a failing case, the messages (file and key named), the
bundled example sheets, and the first state built from sheets."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.rulesets.genes.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.genes.model import (
    CharacterStatus,
    Force,
    Relevance,
    Trait,
    field_place,
    first_phase,
)
from adjudicator.rulesets.genes.sheets import (
    CheckedSheets,
    Sheet,
    check_sheets,
    initial_state,
    read_sheet,
    sheet_summary,
    sheets_folder,
)
from maps.genes.region import CitySite, CountryArea, Region

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "maps" / "genes" / "sheets" / "peninsula"
CITIES = {
    "ponent": ("Vilagrana", "Torremar", "Castellnou"),
    "serra": ("Montalt", "Pedrafita", "Albarà"),
    "llevant": ("Portdaurat", "Rocafosca", "Gavina"),
}
NAMES = {"ponent": "Ponent", "serra": "La Serra", "llevant": "Llevant"}


def make_region() -> Region:
    """Three 10 x 10 countries in a row, three cities each (as the peninsula)."""
    countries, cities = {}, {}
    for index, (country, names) in enumerate(CITIES.items()):
        x0 = 10.0 * index
        square = ((x0, 0.0), (x0 + 10, 0.0), (x0 + 10, 10.0), (x0, 10.0))
        countries[country] = CountryArea(country, NAMES[country], polygons=(square,))
        for k, name in enumerate(names):
            city_id = name.lower().replace("à", "a")
            cities[city_id] = CitySite(city_id, name, country, (x0 + 2 + 3 * k, 2.0 + 3 * k))
    return Region("test", "Test peninsula", countries, cities)


REGION = make_region()


def base_sheet() -> dict[str, Any]:
    """A valid medium sheet for ponent: 30 points, Exèrcit 30.

    Points: characteristics 5+4+6+4 = 19, characters 3+2 = 5, Portnou 1,
    walls 1, army 4. Exèrcit = 10 + 4×2 + 6 + 4/2 + 4 = 30.
    """
    return {
        "country": "ponent",
        "name": "Regne de Ponent",
        "relevance": "medium",
        "characteristics": {"autoritat": 5, "diplomacia": 4, "militarisme": 6, "tecnologia": 4},
        "characters": [
            {"name": "Jaume", "role": "Rei", "principal": True, "city": "Vilagrana",
             "characteristics": {"autoritat": 2, "militarisme": 1}},
            {"name": "Maria", "role": "Comtessa", "city": "Torremar",
             "characteristics": {"diplomacia": 2}},
        ],
        "cities": {"capital": "Vilagrana", "walled": ["Vilagrana"], "founded": [{"name": "Portnou"}]},
        "army": {"points": 4, "forces": {"Vilagrana": 10, "Torremar": 5, "Castellnou": 5,
                                          "Portnou": 2, "field": 5, "raiders": 3}},
    }  # fmt: skip


def simple_sheet(country: str, name: str | None = None) -> dict[str, Any]:
    """A valid medium sheet with one character and no new city: 30 points =
    characteristics 5+5+5+5 = 20, character 1, army 9; Exèrcit = 10+6+5+5/2+9 = 32."""
    first, second, third = CITIES[country]
    return {
        "country": country,
        "relevance": "medium",
        "characteristics": {t.value: 5 for t in Trait},
        "characters": [{"name": name or f"Cap de {first}", "role": "Rei", "principal": True,
                        "city": first, "characteristics": {"autoritat": 1}}],
        "cities": {"capital": first},
        "army": {"points": 9, "forces": {first: 20, second: 5, third: 2, "field": 5}},
    }  # fmt: skip


def write(tmp_path: Path, data: Any, name: str = "ponent.yaml") -> Path:
    path = tmp_path / name
    text = (
        data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    )
    path.write_text(text, encoding="utf-8")
    return path


def issues(tmp_path: Path, data: Any, name: str = "ponent.yaml") -> list[str]:
    return [str(i) for i in read_sheet(write(tmp_path, data, name), REGION).issues]


def sheet_of(tmp_path: Path, data: Any) -> Sheet:
    result = read_sheet(write(tmp_path, data), REGION)
    assert result.sheet is not None, result.issues
    return result.sheet


def changed(change: Callable[[dict[str, Any]], object]) -> dict[str, Any]:
    data = copy.deepcopy(base_sheet())
    change(data)
    return data


def all_sheets(tmp_path: Path, ponent: dict[str, Any] | None = None) -> list[Path]:
    return [
        write(tmp_path, ponent or base_sheet(), "ponent.yaml"),
        write(tmp_path, simple_sheet("serra"), "serra.yaml"),
        write(tmp_path, simple_sheet("llevant"), "llevant.yaml"),
    ]


def test_the_base_sheets_are_valid(tmp_path: Path) -> None:
    assert issues(tmp_path, base_sheet()) == []
    assert issues(tmp_path, simple_sheet("serra"), "serra.yaml") == []


# --- 002 §4.1 relevance and creation points ---------------------------------------------


@pytest.mark.parametrize(
    ("written", "relevance"),
    [("small", Relevance.SMALL), ("Petita", Relevance.SMALL), (20, Relevance.SMALL),
     ("pequeña", Relevance.SMALL), ("medium", Relevance.MEDIUM), ("mitjana", Relevance.MEDIUM),
     (30, Relevance.MEDIUM), ("GRAN", Relevance.LARGE), ("large", Relevance.LARGE),
     (40, Relevance.LARGE)],
)  # fmt: skip
def test_relevance_points(tmp_path: Path, written: Any, relevance: Relevance) -> None:
    """002 §4.1: small 20, medium 30, large 40 creation points."""
    sheet = sheet_of(tmp_path, changed(lambda d: d.update(relevance=written)))
    assert sheet.relevance is relevance
    assert sheet_summary(sheet).points == {"small": 20, "medium": 30, "large": 40}[relevance]


def test_relevance_unknown_or_missing(tmp_path: Path) -> None:
    """002 §4.1: only the three relevances or random."""
    assert issues(tmp_path, changed(lambda d: d.update(relevance="mitja"))) == [
        (
            "ponent.yaml: relevance: 'mitja' is not a relevance: small (20 points), medium (30),"
            " large (40) or random (1d10), 002 §4.1 (did you mean mitjana?)"
        )
    ]
    assert issues(tmp_path, changed(lambda d: d.pop("relevance")))[0].startswith(
        "ponent.yaml: relevance: missing: small (20 points)"
    )


@pytest.mark.parametrize(
    ("face", "relevance"),
    [(1, Relevance.SMALL), (5, Relevance.SMALL), (6, Relevance.MEDIUM), (8, Relevance.MEDIUM),
     (9, Relevance.LARGE), (10, Relevance.LARGE)],
)  # fmt: skip
def test_random_relevance_table(tmp_path: Path, face: int, relevance: Relevance) -> None:
    """002 §4.1 random relevance, 1d10: 1-5 small, 6-8 medium, 9-0 large (0 is 10)."""
    asked: list[str] = []

    def roll(country: str) -> int:
        asked.append(country)
        return face

    paths = all_sheets(tmp_path, changed(lambda d: d.update(relevance="random")))
    checked = check_sheets(paths, REGION, roll)
    assert asked == ["ponent"]
    ponent = checked.sheets[0]
    assert (ponent.relevance, ponent.roll, checked.rolls) == (relevance, face, {"ponent": face})
    points = [str(i) for i in checked.issues if i.key == "points"]
    if relevance is Relevance.MEDIUM:
        assert points == []
    else:  # the sheet spent 30 of 20 or 40
        assert points and points[0].startswith(
            f"ponent.yaml: points: 30 spent of {relevance.points}"
        )


def test_random_relevance_without_dice(tmp_path: Path) -> None:
    """Without dice the roll is left for `mapjudge new` (a warning); no game yet."""
    paths = all_sheets(tmp_path, changed(lambda d: d.update(relevance="aleatòria")))
    checked = check_sheets(paths, REGION)
    assert checked.ok and [i.key for i in checked.warnings] == ["relevance"]
    with pytest.raises(ValueError, match="ponent.yaml: relevance: random, not rolled yet"):
        initial_state(REGION, checked, ("ponent", "serra", "llevant"))


def test_points_spent_above_the_relevance(tmp_path: Path) -> None:
    """002 §4.1: the points spent may not exceed the relevance's."""
    data = changed(lambda d: d["army"].update(points=5))
    data["army"]["forces"]["field"] = 6
    assert issues(tmp_path, data) == [
        (
            "ponent.yaml: points: 31 spent of 30 (characteristics 19 + characters 5 + cities 1"
            " + walls 1 + army 5): 1 too many (002 §4.1)"
        )
    ]


def test_points_left_unspent_is_a_warning(tmp_path: Path) -> None:
    data = changed(lambda d: d["army"].update(points=1))
    data["army"]["forces"]["field"] = 2
    result = read_sheet(write(tmp_path, data), REGION)
    assert [(str(i), i.warning) for i in result.issues] == [
        (("ponent.yaml: points: 27 spent of 30 (characteristics 19 + characters 5 + cities 1"
         " + walls 1 + army 1): 3 left unspent (002 §4.1)"), True)
    ]  # fmt: skip
    assert result.ok


# --- 002 §4.2 characteristics -------------------------------------------------------------


def test_characteristics_cost_one_point_each(tmp_path: Path) -> None:
    """002 §4.2: each characteristic 0..10, 1 point per value; all start at 0."""
    summary = sheet_summary(sheet_of(tmp_path, base_sheet()))
    assert summary.characteristics == 19
    sheet = sheet_of(tmp_path, changed(lambda d: d["characteristics"].pop("tecnologia")))
    assert sheet.traits[Trait.TECHNOLOGY] == 0
    assert sheet_summary(sheet).characteristics == 15


@pytest.mark.parametrize(
    ("value", "message"),
    [(11, "11 is above 10"), (-1, "-1 is below 0"), ("sis", "must be a whole number 0..10, not 'sis'"),
     (6.5, "must be a whole number 0..10, not 6.5"), (True, "must be a whole number 0..10, not True")],
)  # fmt: skip
def test_characteristic_out_of_range(tmp_path: Path, value: Any, message: str) -> None:
    found = issues(tmp_path, changed(lambda d: d["characteristics"].update(militarisme=value)))
    assert (
        f"ponent.yaml: characteristics.militarisme: {message} (each characteristic is 0..10, 002 §4.2)"
        in found
    )


@pytest.mark.parametrize("value", [0, 10])
def test_characteristic_limits_pass(tmp_path: Path, value: int) -> None:
    found = issues(tmp_path, changed(lambda d: d["characteristics"].update(diplomacia=value)))
    assert not [i for i in found if "characteristics." in i]


def test_characteristic_names_in_three_languages(tmp_path: Path) -> None:
    """Catalan, Spanish or English keys, case- and accent-insensitive."""
    spellings = {"AUTORIDAD": 5, "Diplomàcia": 4, "militarism": 6, "Tecnología": 4}
    sheet = sheet_of(tmp_path, changed(lambda d: d.update(characteristics=spellings)))
    assert sheet.traits == {
        Trait.AUTHORITY: 5,
        Trait.DIPLOMACY: 4,
        Trait.MILITARISM: 6,
        Trait.TECHNOLOGY: 4,
    }


def test_characteristic_unknown_or_twice(tmp_path: Path) -> None:
    data = changed(lambda d: d["characteristics"].update(militarsme=1, authority=5))
    found = issues(tmp_path, data)
    assert (
        "ponent.yaml: characteristics.militarsme: unknown key (expected authority, diplomacy,"
        " militarism, technology) (did you mean militarisme?)"
    ) in found
    assert (
        "ponent.yaml: characteristics.authority: repeats characteristics.autoritat: give authority once"
        in found
    )


# --- 002 §4.3 characters ---------------------------------------------------------------


def test_characters_cost_one_point_per_value(tmp_path: Path) -> None:
    assert sheet_summary(sheet_of(tmp_path, base_sheet())).characters == 5


@pytest.mark.parametrize(("value", "message"), [(4, "4 is above 3"), (-1, "-1 is below 0")])
def test_character_characteristic_range(tmp_path: Path, value: int, message: str) -> None:
    """002 §4.3: a character's characteristics go from 1 to 3."""
    data = changed(lambda d: d["characters"][0]["characteristics"].update(autoritat=value))
    assert (
        f"ponent.yaml: characters.Jaume.characteristics.autoritat: {message}"
        " (a character's characteristic is 1..3, 002 §4.3)"
    ) in issues(tmp_path, data)


def test_character_at_three_passes(tmp_path: Path) -> None:
    data = changed(lambda d: d["characters"][1]["characteristics"].update(diplomacia=3))
    data["army"]["points"] = 3
    data["army"]["forces"]["field"] = 4
    assert issues(tmp_path, data) == []


@pytest.mark.parametrize("traits", [{}, {"diplomacia": 0}, None])
def test_character_needs_one_characteristic(tmp_path: Path, traits: Any) -> None:
    data = changed(lambda d: d["characters"][1].update(characteristics=traits))
    assert (
        "ponent.yaml: characters.Maria.characteristics: none given: a character needs one at 1"
        " or more, e.g. {autoritat: 1} (002 §4.3)"
    ) in issues(tmp_path, data)


def test_character_needs_a_name_and_a_role(tmp_path: Path) -> None:
    data = changed(lambda d: d["characters"][1].pop("name"))
    data["characters"][0].pop("role")
    found = issues(tmp_path, data)
    assert (
        "ponent.yaml: characters[2].name: missing: every character has a name (002 §4.3)" in found
    )
    assert (
        "ponent.yaml: characters.Jaume.role: missing: its role in society, e.g. Rei (002 §4.3)"
        in found
    )


@pytest.mark.parametrize(
    ("principals", "message"),
    [((True, True), "2 principals (Jaume, Maria)"), ((False, False), "no principal")],
)
def test_exactly_one_principal(tmp_path: Path, principals: tuple[bool, bool], message: str) -> None:
    """002 §4.3: one of the characters is named the principal."""
    data = copy.deepcopy(base_sheet())
    for character, principal in zip(data["characters"], principals, strict=True):
        character["principal"] = principal
    assert (
        f"ponent.yaml: characters: {message}: exactly one character is the principal"
        " (principal: true, 002 §4.3)"
    ) in issues(tmp_path, data)


def test_no_characters_is_allowed(tmp_path: Path) -> None:
    """002 §4.3: characters are not compulsory."""
    data = changed(lambda d: d.pop("characters"))
    data["army"]["points"] = 9
    data["army"]["forces"]["field"] = 10
    assert issues(tmp_path, data) == []


def test_principal_city_is_public(tmp_path: Path) -> None:
    """002 §4.4: the principal's city is made public; others default to the capital."""
    data = changed(lambda d: d["characters"][0].pop("city"))
    assert issues(tmp_path, data) == [
        (
            "ponent.yaml: characters.Jaume.city: missing: the principal's city is made public at"
            " the start (002 §4.4)"
        )
    ]
    data = changed(lambda d: d["characters"][1].pop("city"))
    assert issues(tmp_path, data) == []


def test_character_city_must_be_its_countrys(tmp_path: Path) -> None:
    data = changed(lambda d: d["characters"][1].update(city="Montalt"))
    assert issues(tmp_path, data) == [
        (
            "ponent.yaml: characters.Maria.city: Montalt is a city of La Serra (Ponent's cities:"
            " Castellnou, Torremar, Vilagrana, Portnou; a character starts in one of its country's cities)"
        )
    ]
    data = changed(lambda d: d["characters"][1].update(city="Toremar"))
    assert issues(tmp_path, data)[0].endswith("(did you mean Torremar?)")


def test_character_names_are_unique(tmp_path: Path) -> None:
    data = changed(lambda d: d["characters"][1].update(name="jaume"))
    assert (
        "ponent.yaml: characters.jaume.name: a second jaume: each character needs its own name"
        " (declarations name them)"
    ) in issues(tmp_path, data)
    paths = all_sheets(tmp_path)
    write(tmp_path, simple_sheet("serra", name="Jaume"), "serra.yaml")
    checked = check_sheets(paths, REGION)
    assert [str(i) for i in checked.warnings] == [
        (
            "serra.yaml: characters.Jaume.name: Jaume is also a character of ponent.yaml:"
            " declarations tell them apart by who writes (its own helpers, the other's victim)"
        )
    ]
    state = initial_state(REGION, checked, ("ponent", "serra", "llevant"))
    assert {"jaume", "jaume_2"} <= set(state.characters)


# --- 002 §4.4 cities ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cities", "count", "walls"),
    [({"capital": "Vilagrana"}, 0, 0),
     ({"capital": "Vilagrana", "walled": ["Torremar", "castellnou"]}, 0, 2),
     ({"capital": "Vilagrana", "founded": ["Portnou"]}, 1, 0),
     ({"capital": "Vilagrana", "founded": [{"name": "Portnou", "walled": True}]}, 1, 1),
     ({"capital": "Portnou", "walled": ["Portnou"], "founded": ["Portnou"]}, 1, 1)],
)  # fmt: skip
def test_city_costs(tmp_path: Path, cities: dict[str, Any], count: int, walls: int) -> None:
    """002 §4.4: a new city costs 1, 2 if walled; walling one of the three costs 1 (reading)."""
    summary = sheet_summary(sheet_of(tmp_path, changed(lambda d: d.update(cities=cities))))
    assert (summary.cities, summary.walls, summary.sheet.city_count) == (count, walls, 3 + count)


def test_capital_required_and_own(tmp_path: Path) -> None:
    found = issues(tmp_path, changed(lambda d: d["cities"].pop("capital")))
    assert (
        "ponent.yaml: cities.capital: missing: the capital is one of the country's cities, 002 §4.4"
        in found
    )
    found = issues(tmp_path, changed(lambda d: d["cities"].update(capital="Vilagrna")))
    assert found == [
        (
            "ponent.yaml: cities.capital: 'Vilagrna' is not a city of Ponent (Ponent's cities:"
            " Castellnou, Torremar, Vilagrana, Portnou; the capital is one of the country's cities,"
            " 002 §4.4) (did you mean Vilagrana?)"
        )
    ]


def test_founded_city_needs_a_new_name(tmp_path: Path) -> None:
    data = changed(lambda d: d["cities"].update(founded=[{"name": "Montalt"}]))
    assert (
        "ponent.yaml: cities.founded[1].name: Montalt is already a city: a new city needs a new name"
        in issues(tmp_path, data)
    )


def test_walled_city_must_be_own(tmp_path: Path) -> None:
    found = issues(tmp_path, changed(lambda d: d["cities"].update(walled=["Gavina"])))
    assert found[0].startswith("ponent.yaml: cities.walled[1]: Gavina is a city of Llevant")


# --- 002 §4.5 Exèrcit -----------------------------------------------------------------


def test_army_formula(tmp_path: Path) -> None:
    """002 §4.5: relevance 5/10/15 + cities × 2 + Militarisme + Tecnologia / 2 + points."""
    summary = sheet_summary(sheet_of(tmp_path, base_sheet()))
    assert summary.army == 10 + 4 * 2 + 6 + 4 // 2 + 4 == 30
    data = changed(lambda d: d["characteristics"].update(tecnologia=5, militarisme=5))
    summary = sheet_summary(sheet_of(tmp_path, data))  # Tecnologia 5 / 2 rounds down
    assert summary.army == 10 + 8 + 5 + 2 + 4 == 29
    small = sheet_of(tmp_path, changed(lambda d: d.update(relevance="small")))
    large = sheet_of(tmp_path, changed(lambda d: d.update(relevance="large")))
    assert (sheet_summary(small).army, sheet_summary(large).army) == (25, 35)


def test_actions_per_turn(tmp_path: Path) -> None:
    """002 §5.2 on the sheet: relevance 1/2/3 + Autoritat / 3 + Tecnologia / 3."""
    summary = sheet_summary(sheet_of(tmp_path, base_sheet()))
    assert summary.actions == 2 + 5 // 3 + 4 // 3 == 4
    assert summary.actions_text() == "relevance 2 + Autoritat 5/3 + Tecnologia 4/3"


@pytest.mark.parametrize(("field", "wrong"), [(6, "1 too many"), (4, "1 missing")])
def test_forces_add_up_to_the_army(tmp_path: Path, field: int, wrong: str) -> None:
    data = changed(lambda d: d["army"]["forces"].update(field=field))
    assert issues(tmp_path, data) == [
        (
            f"ponent.yaml: army.forces: {30 + field - 5} placed but Exèrcit is 30 = relevance 10"
            f" + cities 4×2 + Militarisme 6 + Tecnologia 4/2 + points 4: {wrong}; cities, field and"
            " raiders add up to Exèrcit exactly (002 §4.5)"
        )
    ]


def test_forces_places(tmp_path: Path) -> None:
    """Forces stand in own cities, the own field or a raiding party, never negative."""
    forces = {"Vilagrana": 10, "Montalt": 5, "Castelnou": 5, "Portnou": 2, "camp": 5, "incursió": 3}
    found = issues(tmp_path, changed(lambda d: d["army"].update(forces=forces)))
    assert found[0].startswith("ponent.yaml: army.forces.Montalt: Montalt is a city of La Serra")
    assert found[1].startswith(
        "ponent.yaml: army.forces.Castelnou: 'Castelnou' is not a city of Ponent"
    )
    assert found[1].endswith("(did you mean Castellnou?)")
    negative = changed(lambda d: d["army"]["forces"].update(raiders=-3))
    assert (
        "ponent.yaml: army.forces.raiders: -3 is below 0 (Exèrcit points placed there, 002 §4.5)"
        in issues(tmp_path, negative)
    )
    twice = changed(lambda d: d["army"]["forces"].update(camp=0))
    assert (
        "ponent.yaml: army.forces.camp: names the field a second time: give each place once"
        in issues(tmp_path, twice)
    )


# --- files, keys and messages ---------------------------------------------------------


def test_yaml_syntax_error_names_the_line(tmp_path: Path) -> None:
    text = "country: ponent\nrelevance: medium\ncharacteristics: {autoritat: 5\n"
    [issue] = read_sheet(write(tmp_path, text), REGION).issues
    assert issue.file == "ponent.yaml" and issue.key == "line 4"
    assert str(issue).startswith("ponent.yaml: line 4: not valid YAML: ")


@pytest.mark.parametrize("text", ["", "- a list\n", "just text\n"])
def test_not_a_mapping(tmp_path: Path, text: str) -> None:
    [issue] = read_sheet(write(tmp_path, text), REGION).issues
    assert str(issue).startswith("ponent.yaml: (file): a sheet is a mapping of country, name")


def test_unknown_keys_get_suggestions(tmp_path: Path) -> None:
    found = issues(tmp_path, changed(lambda d: d.update(charactristics={})))
    assert found[0].startswith("ponent.yaml: charactristics: unknown key (expected country, name,")
    assert found[0].endswith("(did you mean characteristics?)")


def test_country_from_key_or_file_name(tmp_path: Path) -> None:
    data = changed(lambda d: d.pop("country"))
    assert sheet_of(tmp_path, data).country == "ponent"
    assert issues(tmp_path, data, "mine.yaml") == [
        (
            "mine.yaml: country: missing, and the file name 'mine' is no country (write one of"
            " ponent (Ponent), serra (La Serra), llevant (Llevant))"
        )
    ]
    found = issues(tmp_path, changed(lambda d: d.update(country="Ponnet")))
    assert found[0].endswith("(did you mean ponent?)")
    assert sheet_of(tmp_path, changed(lambda d: d.update(country="La Serra"))).country == "serra"


def test_keys_as_the_player_wrote_them(tmp_path: Path) -> None:
    """Catalan keys stay Catalan in the messages."""
    data = {"país": "ponent", "rellevància": "mitjana", "personatges": [
        {"nom": "Jaume", "càrrec": "Rei", "principal": True, "ciutat": "Vilagrana",
         "característiques": {"autoritat": 4}}]}  # fmt: skip
    assert (
        "ponent.yaml: personatges.Jaume.característiques.autoritat: 4 is above 3"
        " (a character's characteristic is 1..3, 002 §4.3)"
    ) in issues(tmp_path, data)


def test_an_unreadable_sheet_is_not_also_missing(tmp_path: Path) -> None:
    paths = all_sheets(tmp_path)
    paths[1].write_text("country: serra\nrelevance: [medium\n", encoding="utf-8")
    checked = check_sheets(paths, REGION)
    assert [(i.file, i.key) for i in checked.issues] == [("serra.yaml", "line 3")]


def test_every_country_once(tmp_path: Path) -> None:
    """A missing country of the region is an error, and so are two sheets for one."""
    paths = all_sheets(tmp_path)[:2]
    paths.append(write(tmp_path, base_sheet(), "ponent2.yaml"))
    checked = check_sheets(paths, REGION)
    assert [str(i) for i in checked.errors] == [
        "ponent2.yaml: country: ponent already has a sheet, ponent.yaml: one sheet per country",
        "llevant.yaml: country: no sheet for Llevant: every country of the region needs one (002 §4)",
    ]


MISTAKES: list[Callable[[dict[str, Any]], object]] = [
    lambda d: d["characteristics"].update(militarisme=12),
    lambda d: d["characters"][0]["characteristics"].update(autoritat=5),
    lambda d: d["characters"][1].update(city="Gavina"),
    lambda d: d["cities"].update(capital="Roma"),
    lambda d: d["cities"].update(founded=[{"name": ""}]),
    lambda d: d["army"].update(points="two"),
    lambda d: d["army"].update(forces=[1, 2]),
    lambda d: d.update(characters="Jaume"),
    lambda d: d.update(relevance=None),
    lambda d: d["characters"][0].update(principal="yes"),
]


@pytest.mark.parametrize("mistake", MISTAKES)
def test_every_message_names_file_and_key(
    tmp_path: Path, mistake: Callable[[dict[str, Any]], object]
) -> None:
    found = read_sheet(write(tmp_path, changed(mistake)), REGION).issues
    assert found
    for issue in found:
        assert issue.file == "ponent.yaml" and issue.key and issue.message
        assert str(issue).startswith(f"ponent.yaml: {issue.key}: ")
        assert "Traceback" not in str(issue)


# --- the first state ------------------------------------------------------------------


def test_initial_state(tmp_path: Path) -> None:
    checked = check_sheets(all_sheets(tmp_path), REGION)
    assert checked.issues == ()
    state = initial_state(REGION, checked, ("serra", "ponent", "llevant"))
    assert state.phase == first_phase() and state.seats == ("serra", "ponent", "llevant")
    ponent = state.countries["ponent"]
    assert (ponent.name, ponent.relevance, ponent.traits[Trait.MILITARISM]) == (
        "Regne de Ponent",
        Relevance.MEDIUM,
        6,
    )
    assert state.capital_of("ponent") == state.cities["vilagrana"]
    assert state.cities["vilagrana"].walled and not state.cities["torremar"].walled
    portnou = state.cities["portnou"]
    assert (portnou.owner, portnou.country, portnou.walled) == ("ponent", "ponent", False)
    assert 0 <= portnou.position[0] <= 10 and portnou.position not in [
        c.position for c in REGION.cities.values()
    ]
    jaume, maria = state.characters["jaume"], state.characters["maria"]
    assert (jaume.place, jaume.principal, jaume.status) == ("vilagrana", True, CharacterStatus.FREE)
    assert (maria.place, maria.principal, dict(maria.traits)) == (
        "torremar",
        False,
        {Trait.DIPLOMACY: 2},
    )
    assert state.forces_of("ponent") == (
        Force("ponent", "castellnou", 5),
        Force("ponent", field_place("ponent"), 5),
        Force("ponent", field_place("ponent"), 3, raiders=True),
        Force("ponent", "portnou", 2),
        Force("ponent", "torremar", 5),
        Force("ponent", "vilagrana", 10),
    )
    assert {c: state.army(c) for c in state.seats} == {"ponent": 30, "serra": 32, "llevant": 32}
    assert state_from_dict(state_to_dict(state)) == state


def test_founded_capital_and_ids(tmp_path: Path) -> None:
    data = changed(
        lambda d: d["cities"].update(capital="Sant Joan d'Arc", founded=["Sant Joan d'Arc"])
    )
    data["army"]["forces"] = {
        "Sant Joan d'Arc": 2,
        "Vilagrana": 10,
        "Torremar": 5,
        "Castellnou": 5,
        "field": 8,
    }
    checked = check_sheets(all_sheets(tmp_path, data), REGION)
    assert checked.issues == ()
    state = initial_state(REGION, checked, ("ponent", "serra", "llevant"))
    assert state.capital_of("ponent") == state.cities["sant_joan_d_arc"]
    assert state.cities["sant_joan_d_arc"].name == "Sant Joan d'Arc"


def test_initial_state_refuses_bad_input(tmp_path: Path) -> None:
    bad = check_sheets(
        all_sheets(tmp_path, changed(lambda d: d["characteristics"].update(autoritat=11))), REGION
    )
    with pytest.raises(ValueError, match=r"characteristics.autoritat: 11 is above 10"):
        initial_state(REGION, bad, ("ponent", "serra", "llevant"))
    good = check_sheets(all_sheets(tmp_path), REGION)
    with pytest.raises(ValueError, match="seats"):
        initial_state(REGION, good, ("ponent", "serra"))
    with pytest.raises(ValueError, match="one per country"):
        initial_state(REGION, good.sheets[:2], ("ponent", "serra", "llevant"))


# --- the bundled example sheets -------------------------------------------------------

PENINSULA = ROOT / "maps" / "genes" / "peninsula.yaml"
EXAMPLE_FIGURES = {  # by hand, 002 §4.5: relevance + cities×2 + Militarisme + Tecnologia/2 + points
    "ponent": (10 + 4 * 2 + 6 + 5 // 2 + 2, 2 + 6 // 3 + 5 // 3),  # founded Portnou
    "serra": (10 + 3 * 2 + 5 + 4 // 2 + 1, 2 + 5 // 3 + 4 // 3),
    "llevant": (10 + 3 * 2 + 4 + 7 // 2 + 2, 2 + 4 // 3 + 7 // 3),
}


@pytest.mark.skipif(not PENINSULA.exists(), reason="the bundled peninsula region is not there")
def test_example_sheets_pass() -> None:
    """The sheets of the rulebook's example (002 §3): medium for all, every point spent."""
    from maps.genes.region import load_region

    region = load_region("peninsula")
    assert sheets_folder("peninsula") == EXAMPLES and sheets_folder("atlantis") is None
    paths = sorted(EXAMPLES.glob("*.yaml"))
    assert {p.stem for p in paths} == set(region.countries)
    checked = check_sheets(paths, region)
    assert checked.issues == (), [str(i) for i in checked.issues]
    assert checked.countries == tuple(region.countries)
    assert isinstance(checked, CheckedSheets)
    for sheet in checked.sheets:
        summary = sheet_summary(sheet)
        assert (summary.spent, summary.points) == (30, 30)
        assert (summary.army, summary.actions) == EXAMPLE_FIGURES[sheet.country]
        assert 2 <= len(sheet.characters) <= 3
        assert sheet.raiders > 0 and sheet.field_force > 0 and sheet.walled
    assert sum(len(s.founded) for s in checked.sheets) == 1
    state = initial_state(region, checked, tuple(region.countries))
    assert {c: state.army(c) for c in state.seats} == {c: f[0] for c, f in EXAMPLE_FIGURES.items()}
    assert state_from_dict(state_to_dict(state)) == state


@pytest.mark.skipif(not PENINSULA.exists(), reason="the bundled peninsula region is not there")
def test_the_documented_example_is_a_valid_sheet(tmp_path: Path) -> None:
    """The format example of `sheets.py`'s docstring passes, with the figures it states."""
    from adjudicator.rulesets.genes import sheets
    from maps.genes.region import load_region

    doc = sheets.__doc__ or ""
    block = doc.split("::\n\n", 1)[1].split("\n\n", 1)[0]
    example = "\n".join(line[4:] for line in block.splitlines())
    result = read_sheet(write(tmp_path, example), load_region("peninsula"))
    assert result.issues == ()
    assert result.sheet is not None
    summary = sheet_summary(result.sheet)
    assert (summary.spent, summary.army) == (30, 31)


def test_summary_lines(tmp_path: Path) -> None:
    """The figures for reports: points, Exèrcit and actions with their terms."""
    lines = sheet_summary(sheet_of(tmp_path, base_sheet())).lines()
    assert lines == (
        "Regne de Ponent: relevance medium, 30 points",
        "points spent: 30 = characteristics 19 + characters 5 + cities 1 + walls 1 + army 4",
        "Exèrcit: 30 = relevance 10 + cities 4×2 + Militarisme 6 + Tecnologia 4/2 + points 4",
        "actions per turn: 4 = relevance 2 + Autoritat 5/3 + Tecnologia 4/3",
        "principal: Jaume (Rei), in vilagrana",
    )
