"""The Genes Mactantes state file (`turns/<turn>-actions.yaml`): `state_to_dict`
and `state_from_dict` round-trip exactly, write plain data in a stable order,
and name the key of malformed data."""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.phase import Phase
from adjudicator.rulesets.genes.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.genes.model import (
    Character,
    CharacterStatus,
    City,
    CivilWar,
    Country,
    Crisis,
    Force,
    GenesState,
    Relevance,
    Trait,
    TurnStart,
    field_place,
    first_phase,
)

SEATS = ("ponent", "serra", "llevant")


def full_state() -> GenesState:
    """A state with every field away from its default somewhere."""
    countries = {
        "ponent": Country(
            "ponent", "Regne de Ponent", Relevance.MEDIUM,
            {Trait.AUTHORITY: 6, Trait.DIPLOMACY: 4, Trait.MILITARISM: 6, Trait.TECHNOLOGY: 5},
            description="Pagesos i mariners", counterpower=2, crises={Crisis.BLOCKADE: 1},
            lost_actions=1, extra_actions=2, disorder=True, investigations={"serra": 2},
            principal_lost_to="serra",
        ),
        "serra": Country("serra", "La Serra", Relevance.SMALL, {Trait.AUTHORITY: 0}),
        "llevant": Country(
            "llevant", "Llevant", Relevance.LARGE, {t: 10 for t in Trait}, eliminated=True
        ),
    }  # fmt: skip
    cities = {
        "vilagrana": City(
            "vilagrana", "Vilagrana", "ponent", "ponent", (15.0, 30.0), True, "ponent"
        ),
        "montalt": City("montalt", "Montalt", "serra", "serra", (41.0, 13.5), capital_of="serra"),
        "gavina": City("gavina", "Gavina", "ponent", "llevant", (21.25, 57.0)),
    }
    characters = {
        "jaume": Character(
            "jaume", "Jaume", "ponent", "Rei", {Trait.AUTHORITY: 2}, "vilagrana", True,
            hidden=True, seen_by=("serra",),
        ),
        "blanca": Character(
            "blanca", "Blanca", "serra", "Abadessa", {Trait.DIPLOMACY: 1, Trait.TECHNOLOGY: 3},
            "vilagrana", status=CharacterStatus.CAPTURED, held_by="ponent",
        ),
        "pere": Character(
            "pere", "Pere", "llevant", "", {Trait.MILITARISM: 1}, field_place("llevant"),
            status=CharacterStatus.DEAD,
        ),
    }  # fmt: skip
    forces = (
        Force("serra", field_place("ponent"), 4),
        Force("ponent", "vilagrana", 10),
        Force("ponent", field_place("serra"), 3, raiders=True),
        Force("serra", "montalt", 0),
    )
    start = TurnStart(
        event_roll=10, event="disaster", event_country="ponent", disaster_city="vilagrana",
        resources=("serra", "ponent"), forced={"ponent": ("restore_order", "development:authority")},
        disabled=("jaume", "vilagrana"),
        active=("jaume",), repatriable=("jaume",),
    )  # fmt: skip
    return GenesState(
        phase=Phase.parse("3-actions"),
        countries=countries,
        cities=cities,
        characters=characters,
        forces=forces,
        seats=SEATS,
        sieges={"montalt": "ponent"},
        civil_wars={"serra": CivilWar("serra", 6, "blanca"), "ponent": CivilWar("ponent", 0)},
        start=start,
        winner="ponent",
        final_scores={"ponent": 80, "serra": 0},
    )


def small_state() -> GenesState:
    """A turn-1 state with everything else at its default."""
    return GenesState(
        phase=first_phase(),
        countries={"ponent": Country("ponent", "Ponent", Relevance.MEDIUM, {t: 5 for t in Trait})},
        cities={"vila": City("vila", "Vila", "ponent", "ponent", (1.0, 2.0))},
        characters={},
        forces=(Force("ponent", "vila", 5),),
        seats=("ponent",),
    )


def yaml_trip(data: dict[str, Any]) -> Any:
    return yaml.safe_load(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def test_round_trip_of_every_field() -> None:
    state = full_state()
    data = state_to_dict(state)
    assert state_from_dict(data) == state
    assert state_from_dict(yaml_trip(data)) == state
    assert state_from_dict(state_to_dict(state)) == state


def test_plain_data_in_a_stable_order() -> None:
    """Ids sorted, enums as their values, phase as its id, forces in state order."""
    data = state_to_dict(full_state())
    assert list(data) == [
        "phase", "seats", "countries", "cities", "characters", "forces", "sieges",
        "civil_wars", "start", "winner", "final_scores",
    ]  # fmt: skip
    assert data["phase"] == "3-actions"
    assert data["seats"] == list(SEATS)
    assert list(data["countries"]) == sorted(SEATS)
    assert list(data["cities"]) == sorted(data["cities"])
    assert data["countries"]["ponent"]["traits"] == {
        "authority": 6, "diplomacy": 4, "militarism": 6, "technology": 5,
    }  # fmt: skip
    assert data["countries"]["ponent"]["crises"] == {"blockade": 1}
    assert data["characters"]["blanca"]["status"] == "captured"
    assert [f["owner"] for f in data["forces"]] == ["serra", "ponent", "ponent", "serra"]
    assert yaml_trip(data) == data  # nothing but plain YAML types
    assert state_to_dict(full_state()) == data


def test_defaults_are_left_out() -> None:
    data = state_to_dict(small_state())
    assert data == {
        "phase": "1-actions",
        "seats": ["ponent"],
        "countries": {
            "ponent": {
                "name": "Ponent",
                "relevance": "medium",
                "traits": {"authority": 5, "diplomacy": 5, "militarism": 5, "technology": 5},
            }
        },
        "cities": {
            "vila": {"name": "Vila", "owner": "ponent", "country": "ponent", "position": [1.0, 2.0]}
        },
        "characters": {},
        "forces": [{"owner": "ponent", "place": "vila", "strength": 5}],
    }
    assert state_from_dict(data) == small_state()


RECORDS: dict[type, Callable[[dict[str, Any]], list[dict[str, Any]]]] = {
    Country: lambda d: list(d["countries"].values()),
    City: lambda d: list(d["cities"].values()),
    Character: lambda d: list(d["characters"].values()),
    Force: lambda d: d["forces"],
    CivilWar: lambda d: list(d["civil_wars"].values()),
    TurnStart: lambda d: [d["start"]],
    GenesState: lambda d: [d],
}
IMPLIED = {"id", "country"}  # written as the mapping's key (a civil war's country)


@pytest.mark.parametrize("record", list(RECORDS), ids=lambda r: r.__name__)
def test_every_model_field_is_written(record: type) -> None:
    """A field added to the model without the codec learning it fails here."""
    written = {key for entry in RECORDS[record](state_to_dict(full_state())) for key in entry}
    names = {f.name for f in dataclasses.fields(record)}
    if record is City:
        names.discard("id")
    else:
        names -= IMPLIED
    assert names <= written, f"{record.__name__}: not written: {names - written}"


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if value is _DELETE:
            del target[last]
        elif isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value

    return change


_DELETE = object()
MALFORMED = [
    ("countries.ponent.traits.authority", 11, "countries.ponent.traits.authority: must be an integer 0..10"),
    ("countries.ponent.traits.authority", True, "countries.ponent.traits.authority: must be an integer"),
    ("countries.ponent.traits.charm", 3, "countries.ponent.traits.charm: must be one of authority"),
    ("countries.ponent.relevance", "huge", "countries.ponent.relevance: must be one of small, medium, large"),
    ("countries.ponent.name", _DELETE, "countries.ponent.name: is required"),
    ("countries.ponent.counterpower", -1, "countries.ponent.counterpower: must be an integer >= 0"),
    ("countries.ponent.crises.famine", 1, "countries.ponent.crises.famine: must be one of blockade"),
    ("countries.ponent.disorder", "yes", "countries.ponent.disorder: must be true or false"),
    ("countries.ponent.investigations", {"nowhere": 2}, "countries.ponent.investigations.nowhere: 'nowhere' is not a country"),
    ("countries.ponent.principal_lost_to", "nowhere", "countries.ponent.principal_lost_to: 'nowhere' is not a country"),
    ("countries.ponent.colour", "red", "countries.ponent.colour: unknown key"),
    ("phase", "1901-spring-movement", "phase: '1901-spring-movement' is not a turn phase"),
    ("phase", "three", "phase: bad phase id"),
    ("phase", _DELETE, "phase: is required"),
    ("seats", ["ponent", "serra"], "seats: must list every country once"),
    ("seats", ["ponent", "serra", "serra", "llevant"], "seats: must list every country once"),
    ("cities.vilagrana.owner", "nowhere", "cities.vilagrana.owner: 'nowhere' is not a country"),
    ("cities.vilagrana.position", [1, "x"], "cities.vilagrana.position: must be [x, y]"),
    ("cities.vilagrana.position", [1.0, float("inf")], "cities.vilagrana.position: must be [x, y]"),
    ("cities.vilagrana.capital_of", 3, "cities.vilagrana.capital_of: must be a non-empty string"),
    ("characters.blanca.traits.diplomacy", 4, "characters.blanca.traits.diplomacy: must be an integer 0..3"),
    ("characters.blanca.status", "zombie", "characters.blanca.status: must be one of free, captured, dead"),
    ("characters.blanca.place", "atlantis", "characters.blanca.place: 'atlantis' is not a city or field:<country>"),
    ("characters.blanca.place", "field:atlantis", "characters.blanca.place: 'field:atlantis' is not a city"),
    ("characters.blanca.held_by", "nowhere", "characters.blanca.held_by: 'nowhere' is not a country"),
    ("forces.1.strength", -2, "forces[1].strength: must be an integer >= 0"),
    ("forces.1.place", "nowhere", "forces[1].place: 'nowhere' is not a city"),
    ("forces.1", "10 vilagrana", "forces[1]: must be a mapping"),
    ("forces", {"ponent": 3}, "forces: must be a list"),
    ("sieges.nowhere", "ponent", "sieges.nowhere: 'nowhere' is not a city"),
    ("civil_wars.serra.rebels", "many", "civil_wars.serra.rebels: must be an integer >= 0"),
    ("civil_wars.serra.rebel_principal", "ghost", "civil_wars.serra.rebel_principal: 'ghost' is not a character"),
    ("start.event", "plague", "start.event: must be one of disaster, resources"),
    ("start.event_roll", 11, "start.event_roll: must be an integer 1..10"),
    ("start.disaster_city", "nowhere", "start.disaster_city: 'nowhere' is not a city"),
    ("start.resources", ["nowhere"], "start.resources[0]: 'nowhere' is not a country"),
    ("start.forced", {"ponent": "civil_war"}, "start.forced.ponent: must be a list"),
    ("final_scores.ponent", 1.5, "final_scores.ponent: must be an integer"),
    ("winner", 7, "winner: must be a non-empty string"),
    ("countries", {}, "countries: is required"),
]  # fmt: skip


@pytest.mark.parametrize(("path", "value", "message"), MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_data_names_the_key(path: str, value: Any, message: str) -> None:
    data = copy.deepcopy(state_to_dict(full_state()))
    _set(path, value)(data)
    with pytest.raises(ValueError) as caught:
        state_from_dict(data)
    assert str(caught.value).startswith(message), str(caught.value)


@pytest.mark.parametrize("data", [None, [], "phase: 1-actions"])
def test_not_a_mapping(data: Any) -> None:
    with pytest.raises(ValueError, match="state"):
        state_from_dict(data)


# --- generated states ---------------------------------------------------------------

IDS = st.text(alphabet="abcdefghij_", min_size=1, max_size=6)
TEXT = st.characters(blacklist_categories=("Cc", "Cs"))  # PyYAML folds control characters
NAMES = st.text(TEXT, min_size=1, max_size=12)
COUNTS = st.integers(min_value=0, max_value=20)


def _traits(high: int) -> st.SearchStrategy[dict[Trait, int]]:
    return st.dictionaries(st.sampled_from(list(Trait)), st.integers(0, high), max_size=4)


@st.composite
def states(draw: st.DrawFn) -> GenesState:
    """Consistent states: every reference names something that exists."""
    ids = draw(st.lists(IDS, min_size=1, max_size=3, unique=True))
    country_ids = [f"c_{i}" for i in ids]
    country = st.sampled_from(country_ids)
    countries = {
        c: Country(
            c, draw(NAMES), draw(st.sampled_from(list(Relevance))), draw(_traits(10)),
            description=draw(st.text(TEXT, max_size=20)), counterpower=draw(COUNTS),
            crises=draw(st.dictionaries(st.sampled_from(list(Crisis)), COUNTS, max_size=3)),
            lost_actions=draw(COUNTS), extra_actions=draw(COUNTS), disorder=draw(st.booleans()),
            investigations=draw(st.dictionaries(country, COUNTS, max_size=2)),
            eliminated=draw(st.booleans()), principal_lost_to=draw(st.none() | country),
        )
        for c in country_ids
    }  # fmt: skip
    coordinate = st.floats(-1e6, 1e6, allow_nan=False)
    city_ids = draw(st.lists(IDS, max_size=4, unique=True))
    cities = {
        c: City(c, draw(NAMES), draw(country), draw(country), (draw(coordinate), draw(coordinate)),
                draw(st.booleans()), draw(st.none() | country))
        for c in city_ids
    }  # fmt: skip
    place = st.sampled_from(city_ids + [field_place(c) for c in country_ids])
    character_ids = draw(st.lists(IDS, max_size=4, unique=True))
    characters = {
        c: Character(c, draw(NAMES), draw(country), draw(st.text(TEXT, max_size=8)), draw(_traits(3)),
                     draw(place), draw(st.booleans()), draw(st.sampled_from(list(CharacterStatus))),
                     draw(st.none() | country))
        for c in character_ids
    }  # fmt: skip
    forces = tuple(
        Force(draw(country), draw(place), draw(COUNTS), draw(st.booleans()))
        for _ in range(draw(st.integers(0, 4)))
    )
    city = st.sampled_from(city_ids) if city_ids else st.nothing()
    start = TurnStart(
        event_roll=draw(st.none() | st.integers(1, 10)),
        event=draw(st.none() | st.sampled_from(["disaster", "resources"])),
        event_country=draw(st.none() | country),
        disaster_city=draw(st.none() | city),
        resources=tuple(draw(st.lists(country, max_size=2))),
        forced={k: tuple(v) for k, v in draw(st.dictionaries(country, st.lists(IDS, max_size=2))).items()},
        disabled=tuple(draw(st.lists(place | st.sampled_from(character_ids or ["x"]), max_size=2))),
    )  # fmt: skip
    principal = st.sampled_from(character_ids) if character_ids else st.nothing()
    return GenesState(
        phase=first_phase(draw(st.integers(1, 99))),
        countries=countries,
        cities=cities,
        characters=characters,
        forces=forces,
        seats=tuple(draw(st.permutations(country_ids))),
        sieges=draw(st.dictionaries(city, country, max_size=2)) if city_ids else {},
        civil_wars={
            c: CivilWar(c, draw(COUNTS), draw(st.none() | principal))
            for c in draw(st.lists(country, max_size=2, unique=True))
        },
        start=start,
        winner=draw(st.none() | country),
        final_scores=draw(st.dictionaries(country, st.integers(0, 200), max_size=3)),
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(states())
def test_generated_states_round_trip(state: GenesState) -> None:
    data = state_to_dict(state)
    assert state_from_dict(data) == state
    assert state_from_dict(yaml_trip(data)) == state
    assert state_to_dict(state_from_dict(data)) == data
