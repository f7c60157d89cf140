"""narrativo's state file (`codec`): the state as plain data and back,
exactly; every malformed value refused naming its key path; and the
problems a well-formed state may still have with itself (`state_problems`)."""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator
from dataclasses import fields
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.files import dump_yaml
from adjudicator.rulesets.narrativo import codec
from adjudicator.rulesets.narrativo.codec import (
    StateDataError,
    state_from_dict,
    state_problems,
    state_to_dict,
)
from adjudicator.rulesets.narrativo.sheet import Character, Condition, HistoricalMoral, SheetBook
from adjudicator.rulesets.narrativo.state import (
    CALENDAR,
    Clock,
    Effect,
    ExtendedAction,
    NarrativoState,
    PendingChoice,
)
from orders.issues import Source
from orders.narrativo.model import ActionKind, ChoiceKind, Declaration, Pool

BOOK = SheetBook(
    {"Fuerza": ("Strength",), "Destreza": ("Dexterity",), "Resistencia": ("Stamina",)},
    {"Atletismo": ("Athletics",), "Pelea": ()},
)
DREYER = Character(
    id="dreyer",
    name="Hans Dreyer",
    player="ana",
    attributes={"Fuerza": 3, "Destreza": 3, "Resistencia": 3},
    skills={"Atletismo": 2},
    voluntad=5,
    liderazgo=2,
    moral=14,
    resistencia=3,
    aplomo=2,
    voluntad_spent=1,
    fatiga=4,
    health_penalty=1,
    load_kg=25,
    historical=HistoricalMoral(3, "1943, Túnez"),
    squad="Comando 4",
    rank=2,
    rank_name="Cabo",
    condition=Condition.STUNNED,
    aliases=("Dreyer",),
    notes=("Lleva la radio",),
)
KESSLER = Character("kessler", "Kessler", None, {"Fuerza": 4}, {}, 3, 0, 10, 2, 1)
STATE = NarrativoState(
    phase=CALENDAR.parse("3-turno"),
    book=BOOK,
    characters=(DREYER, KESSLER),
    clock=Clock(turn=40, scene=2, scene_title="El muro", scene_began=36),
    effects=(Effect("dreyer", "coordina", 1, 36, 40, "ward-1", "coordinado", next_action=True),),
    extended=(
        ExtendedAction(
            "dreyer-1", ("dreyer",), 20, 20, {"dreyer": Pool(("Fuerza", "Atletismo"))}, 8, 4, 6
        ),
    ),
    choices=(
        PendingChoice(
            "c1", "dreyer", (ChoiceKind.TRAUMA, ChoiceKind.LOSE_WILLPOWER), "Histeria", 3
        ),
    ),
    waiting=(
        Declaration(
            "dreyer",
            ActionKind.OPPOSED_ACTIVE,
            (Pool(("Fuerza", "Pelea")),),
            number=2,
            opponent="kessler",
            opponent_pool=Pool(("Destreza", "Atletismo")),
            spend_willpower=True,
            intent="derribarle",
            source=Source("ana.txt", 3, "Dreyer: opuesta Fuerza + Pelea contra Kessler"),
            player="ana",
        ),
    ),
    revealed=frozenset({"kessler-2", "kessler-1"}),
    hidden_rolls={"kessler-3": 3, "centinela-1": 2},
)


def minimal() -> dict[str, Any]:
    return {
        "phase": "1-turno",
        "book": {"attributes": {"Fuerza": []}, "skills": {}},
        "characters": [
            {
                "id": "a",
                "name": "A",
                "player": None,
                "attributes": {"Fuerza": 1},
                "skills": {},
                "voluntad": 1,
                "liderazgo": 1,
                "moral": 1,
                "resistencia": 1,
                "aplomo": 1,
            }
        ],
    }


# --- the round trip -----------------------------------------------------------------------


def test_round_trip_is_exact_and_the_yaml_text_stable() -> None:
    """N-036, N-089, NAMB-12, NAMB-29, NAMB-32, N-133, N-141: every sheet value
    (rank, dated historical Moral, Moral, permanent and spent Voluntad, health
    penalty, load, Fatiga, condition) and the clock, effects, extended actions
    (N-017, N-018), pending choices (NAMB-11), waiting declarations with their
    source, revealed and hidden rolls come back equal."""
    data = state_to_dict(STATE)
    assert state_from_dict(data) == STATE
    text = dump_yaml(data)
    again = state_from_dict(yaml.safe_load(text))
    assert again == STATE
    assert dump_yaml(state_to_dict(again)) == text


def test_defaults_are_left_out_and_mappings_sorted() -> None:
    """Fields at their default are not written (a character's player always is,
    null for the Narrator's); data mappings by sorted key; the book keeps
    juego.yaml's order."""
    state = state_from_dict(minimal())
    assert state_to_dict(state) == minimal()
    data = state_to_dict(STATE)
    assert list(data["hidden_rolls"]) == ["centinela-1", "kessler-3"]
    assert data["revealed"] == ["kessler-1", "kessler-2"]
    assert list(data["book"]["attributes"]) == ["Fuerza", "Destreza", "Resistencia"]
    assert list(data["characters"][0]["attributes"]) == ["Destreza", "Fuerza", "Resistencia"]
    assert data["characters"][1] == {
        "id": "kessler", "name": "Kessler", "player": None, "attributes": {"Fuerza": 4},
        "skills": {}, "voluntad": 3, "liderazgo": 0, "moral": 10, "resistencia": 2, "aplomo": 1,
    }  # fmt: skip
    assert data["waiting"][0] == {
        "character": "dreyer",
        "kind": "opuesta",
        "pools": [["Fuerza", "Pelea"]],
        "number": 2,
        "opponent": "kessler",
        "opponent_pool": ["Destreza", "Atletismo"],
        "spend_willpower": True,
        "intent": "derribarle",
        "source": {
            "file": "ana.txt",
            "line": 3,
            "text": "Dreyer: opuesta Fuerza + Pelea contra Kessler",
        },
        "player": "ana",
    }


def test_reading_puts_attributes_in_the_books_order() -> None:
    """As `sheet_files` reads a sheet: the attributes in the book's order."""
    state = state_from_dict(state_to_dict(STATE))
    assert list(state.characters[0].attributes) == ["Fuerza", "Destreza", "Resistencia"]


def test_the_documented_example_reads() -> None:
    """The module docstring's example is a state file the codec reads, and a
    consistent one."""
    example = (codec.__doc__ or "").split("```yaml\n")[1].split("```")[0]
    state = state_from_dict(yaml.safe_load(example))
    assert state.phase.id == "3-turno"
    assert state.characters[0].historical == HistoricalMoral(3, "1943, Túnez")
    assert state.extended[0].pools == {"dreyer": Pool(("Fuerza", "Atletismo"))}
    assert state.waiting[0].source == Source("ana.txt", 2, "Dreyer: Destreza + Atletismo")
    assert state_problems(state) == ()


def test_every_field_of_every_record_has_a_reader() -> None:
    """A field added to a record must be added to the state file too."""
    for kind, readers in codec.READERS.items():
        assert set(readers) == {f.name for f in fields(kind)}, kind.__name__
    assert len(codec.READERS) == 10


# --- malformed data -----------------------------------------------------------------------


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        inner: Any = data
        for key in path[:-1]:
            inner = inner[key]
        inner[path[-1]] = value

    return change


def _drop(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        inner: Any = data
        for key in path[:-1]:
            inner = inner[key]
        del inner[path[-1]]

    return change


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_set(("characters", 1, "fatiga"), 12), "characters[1].fatiga: expected 0..10, got 12"),
        (_set(("characters", 0, "moral"), 100), "characters[0].moral: expected 0..99, got 100"),
        (
            _set(("characters", 0, "historical", "value"), -6),
            "characters[0].historical.value: expected -5..5, got -6",
        ),
        (_set(("characters", 0, "rank"), "Cabo"),
         "characters[0].rank: expected a whole number 0..20, got 'Cabo'"),
        (_set(("characters", 0, "fatigue"), 1),
         "characters[0].fatigue: unknown key (did you mean fatiga?)"),
        (_drop(("characters", 1, "voluntad")), "characters[1].voluntad: missing"),
        (_set(("characters", 1, "id"), "Kessler"),
         "characters[1].id: expected an id of a-z, 0-9, _ and -, got 'Kessler'"),
        (_set(("characters", 1, "id"), "dreyer"),
         "characters[1].id: expected an id not used by characters[0], got 'dreyer'"),
        (_set(("characters", 0, "condition"), "herido"),
         ("characters[0].condition: expected one of bien, conmocionado, moribundo, noqueado,"
         " dormido, muerto, got 'herido'")),
        (_set(("phase",), "3-movement"), "phase: expected a phase id like 3-turno, got '3-movement'"),
        (_set(("phase",), 3), "phase: expected a phase id like 3-turno, got 3"),
        (_drop(("book",)), "book: missing"),
        (_set(("book", "skills"), ["Pelea"]), "book.skills: expected a mapping, got a list"),
        (_set(("clock", "scene"), 0), "clock.scene: expected a whole number >= 1, got 0"),
        (_set(("effects", 0, "next_action"), "yes"),
         "effects[0].next_action: expected true or false, got 'yes'"),
        (_set(("extended", 0, "difficulty"), 11), "extended[0].difficulty: expected 2..10, got 11"),
        (_set(("extended", 0, "pools", "dreyer"), "Fuerza"),
         "extended[0].pools.dreyer: expected a list, got 'Fuerza'"),
        (_set(("choices", 0, "options", 1), "huir"),
         ("choices[0].options[1]: expected one of trauma, voluntad, recupera, dados, desesperada,"
         " acepta, got 'huir'")),
        (_set(("waiting", 0, "pools", 0, 1), ""),
         "waiting[0].pools[0][1]: expected a non-empty text, got ''"),
        (_set(("waiting", 0, "source", "line"), -1),
         "waiting[0].source.line: expected a whole number >= 0, got -1"),
        (_set(("waiting", 0, "number"), 0), "waiting[0].number: expected a whole number >= 1, got 0"),
        (_set(("revealed",), "kessler-1"), "revealed: expected a list, got 'kessler-1'"),
        (_set(("hidden_rolls",), {3: 1}), "hidden_rolls.3: expected a non-empty text, got 3"),
        (_set(("turno",), 3), "turno: unknown key"),
    ],
)  # fmt: skip
def test_a_bad_value_is_refused_naming_its_key(
    change: Callable[[dict[str, Any]], None], expected: str
) -> None:
    data = state_to_dict(STATE)
    change(data)
    with pytest.raises(StateDataError) as raised:
        state_from_dict(data)
    assert str(raised.value) == expected


def test_a_state_that_is_not_a_mapping() -> None:
    with pytest.raises(StateDataError, match=r"^state: expected a mapping, got a list$"):
        state_from_dict([1])
    with pytest.raises(StateDataError, match=r"^state: expected a mapping, got None$"):
        state_from_dict(None)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every key path of plain data, the containers' and the leaves'."""
    if path:
        yield path
    if isinstance(value, dict | list):
        items = value.items() if isinstance(value, dict) else enumerate(value)
        for key, inner in items:
            yield from _paths(inner, (*path, key))


GARBAGE: tuple[Any, ...] = (None, True, -3, 2.5, "x", "", [], ["x"], {}, {"x": 1})


def test_no_garbage_anywhere_gives_a_traceback() -> None:
    """Any value at any key of a state file is read or refused with a
    StateDataError (a ValueError), never a KeyError, TypeError or AttributeError."""
    base = state_to_dict(STATE)
    refused = 0
    for path in _paths(base):
        for junk in GARBAGE:
            data = copy.deepcopy(base)
            _set(path, junk)(data)
            try:
                state_from_dict(data)
            except StateDataError as error:
                assert str(error).split(":")[0], path
                refused += 1
    assert refused > 1000


# --- state_problems -----------------------------------------------------------------------


def test_a_consistent_state_has_no_problems() -> None:
    assert state_problems(STATE) == ()


def test_state_problems_names_each_reference_and_pool() -> None:
    """N-092, NAMB-28, NAMB-29: spent Voluntad above the rating; characters
    named but not there; pool parts outside the book (TRAITS allowed)."""
    spent = Character("ward", "Ward", "bob", {"Fuerza": 2, "Fuerzq": 1}, {}, 2, 3, 12, 2, 2, 3)
    state = NarrativoState(
        phase=CALENDAR.parse("1-turno"),
        book=BOOK,
        characters=(DREYER, spent),
        effects=(Effect("drayer", "voluntad", -1, 0, 12, "dreyer-1"),),
        extended=(
            ExtendedAction("x", ("dreyer", "muller"), 10, None, {"dreyer": Pool(("Mecánica",))}),
            ExtendedAction("x", ("dreyer",), 5, None),
        ),
        choices=(PendingChoice("c1", "kessler", (ChoiceKind.TRAUMA,), "Histeria", 1),),
        waiting=(
            Declaration(
                "ward",
                ActionKind.COORDINATED,
                (Pool(("Liderazgo",)), Pool(("Destreza", "Atletimso"))),
                opponent="schulz",
                opponent_pool=Pool(("Voluntad", "Aplomo", "Resistencia")),
                partners=("dreyer", "ward2"),
            ),
        ),
    )
    assert state_problems(state) == (
        "characters[1].voluntad_spent: 3 is above voluntad 2 (N-092)",
        (
            "characters[1].attributes.Fuerzq: 'Fuerzq' is not an attribute of the book"
            " (did you mean Fuerza?)"
        ),
        "effects[0].character: 'drayer' is not a character of the state (did you mean dreyer?)",
        "extended[0].characters[1]: 'muller' is not a character of the state",
        (
            "extended[0].pools.dreyer[0]: 'Mecánica' is not an attribute or skill of the book,"
            " nor a trait"
        ),
        "extended[1].id: 'x' is given twice",
        "choices[0].character: 'kessler' is not a character of the state",
        "waiting[0].opponent: 'schulz' is not a character of the state",
        "waiting[0].partners[1]: 'ward2' is not a character of the state (did you mean ward?)",
        (
            "waiting[0].pools[1][1]: 'Atletimso' is not an attribute or skill of the book,"
            " nor a trait (did you mean Atletismo?)"
        ),
    )


# --- the property -------------------------------------------------------------------------

ALPHABET = "abcdefghijklmnopqrstuvwxyzñáéüABCDKMZ0123456789 :-#,.'\"[]{}"
words = st.text(ALPHABET, min_size=1, max_size=10)
phrases = st.text(ALPHABET, max_size=12)
ids = st.from_regex(r"[a-z0-9_-]{1,8}", fullmatch=True)
small = st.integers(0, 60)
pools = st.lists(words, max_size=3).map(lambda parts: Pool(tuple(parts)))
tuples = st.lists(words, max_size=3).map(tuple)
traits = st.integers(0, 10)

characters = st.builds(
    Character, id=ids, name=words, player=st.none() | words,
    attributes=st.dictionaries(words, traits, max_size=3),
    skills=st.dictionaries(words, traits, max_size=3),
    voluntad=traits, liderazgo=traits, moral=st.integers(0, 30), resistencia=traits,
    aplomo=traits, voluntad_spent=traits, fatiga=traits, health_penalty=traits,
    load_kg=st.integers(0, 500),
    historical=st.none() | st.builds(HistoricalMoral, st.integers(-5, 5), words),
    squad=st.none() | words, rank=st.integers(0, 20), rank_name=st.none() | words,
    condition=st.sampled_from(Condition), aliases=tuples,
    notes=st.lists(phrases, max_size=2).map(tuple),
)  # fmt: skip
sources = st.builds(Source, phrases, st.integers(0, 500), phrases, st.integers(0, 80))
declarations = st.builds(
    Declaration, character=ids, kind=st.sampled_from(ActionKind),
    pools=st.lists(pools, max_size=3).map(tuple), number=st.integers(1, 9),
    opponent=st.none() | ids, opponent_pool=st.none() | pools,
    partners=st.lists(ids, max_size=2).map(tuple), need=st.none() | st.integers(1, 40),
    limit=st.none() | st.integers(1, 40), desperate=st.booleans(),
    spend_willpower=st.booleans(), intent=phrases, source=st.none() | sources,
    player=st.none() | words,
)  # fmt: skip
states = st.builds(
    NarrativoState,
    phase=st.integers(0, 500).map(lambda n: CALENDAR.parse(f"{n}-turno")),
    book=st.builds(
        SheetBook,
        st.dictionaries(words, tuples, max_size=4),
        st.dictionaries(words, tuples, max_size=4),
    ),
    characters=st.lists(characters, max_size=3, unique_by=lambda c: c.id).map(tuple),
    clock=st.builds(Clock, st.integers(0, 10**6), st.integers(1, 40), phrases, small),
    effects=st.lists(
        st.builds(
            Effect, ids, words, st.integers(-99, 99), small, small, phrases, phrases, st.booleans()
        ),
        max_size=2,
    ).map(tuple),
    extended=st.lists(
        st.builds(
            ExtendedAction, words, st.lists(ids, max_size=3).map(tuple), st.integers(1, 40),
            st.none() | st.integers(1, 40), st.dictionaries(ids, pools, max_size=2),
            st.integers(2, 10), small, small, st.booleans(), st.booleans(),
        ),
        max_size=2,
    ).map(tuple),
    choices=st.lists(
        st.builds(
            PendingChoice, words, ids, st.lists(st.sampled_from(ChoiceKind), max_size=3).map(tuple),
            phrases, small,
        ),
        max_size=2,
    ).map(tuple),
    waiting=st.lists(declarations, max_size=2).map(tuple),
    revealed=st.frozensets(words, max_size=3),
    hidden_rolls=st.dictionaries(words, small, max_size=3),
)  # fmt: skip


@settings(max_examples=50, derandomize=True, deadline=None)
@given(states)
def test_round_trip_property(state: NarrativoState) -> None:
    """Any state, through plain data and through YAML text, comes back equal,
    and its YAML text is stable."""
    assert state_from_dict(state_to_dict(state)) == state
    text = dump_yaml(state_to_dict(state))
    again = state_from_dict(yaml.safe_load(text))
    assert again == state
    assert dump_yaml(state_to_dict(again)) == text
