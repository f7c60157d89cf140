"""The start of a turn: events (002 §5.3) and critical situations (002 §5.4.3.1).

Played when the previous turn is adjudicated (docs/genes.md "The turn"), on
the board, with scripted d10 faces (0 is written 10 or 0).
"""

from __future__ import annotations

from typing import Any

import pytest

from adjudicator.rulesets.genes.model import (
    TRAIT_NAMES_CA,
    CivilWar,
    Country,
    Crisis,
    GenesState,
    Relevance,
    Trait,
    TurnStart,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import ActionOutcome, EffectKind, GenesReason
from adjudicator.rulesets.genes.turn_start import (
    affected_country,
    crisis_helpers,
    disaster_choices,
    disaster_choosers,
    initial_turn_start,
    right_of,
    start_next_turn,
)
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import ActionKind
from tests.genes.fixtures import (
    FixedDice,
    character,
    decl,
    default_countries,
    make_board,
    make_region,
    make_state,
)

EVENTS = GenesOptions(events=True)
QUIET = GenesOptions()


def four_country_state() -> GenesState:
    countries = default_countries()
    countries["tramuntana"] = Country(
        "tramuntana", "Tramuntana", Relevance.MEDIUM, {t: 5 for t in Trait}
    )
    return make_state(countries=countries, seats=("ponent", "llevant", "migjorn", "tramuntana"))


def two_country_state() -> GenesState:
    countries = default_countries()
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True)
    return make_state(countries=countries)


# --- the events table (002 §5.3) ------------------------------------------------------


@pytest.mark.parametrize("face", range(2, 10))
def test_two_to_nine_nothing(face: int) -> None:
    """002 §5.3: 2-9, nothing happens."""
    board = make_board(dice=FixedDice({"events:2": face}))
    start, effects, rolls = start_next_turn(board, EVENTS, 2)
    assert start == TurnStart(event_roll=face)
    assert effects == () and rolls == ()
    assert isinstance(board.dice, FixedDice) and board.dice.purposes == ["events:2"]


def test_zero_is_a_disaster() -> None:
    """002 §5.3, 0 Desastre natural: the affected country must Restaurar ordre,
    and everything in the city is annulled for the turn."""
    board = make_board(dice=FixedDice({"events:2": 0, "who:0": 2}))
    start, _, _ = start_next_turn(board, EVENTS, 2)
    assert start.event == "disaster" and start.event_roll == 10
    assert start.event_country == "ponent"
    assert start.disaster_city == "ponent_a"  # the capital by default
    assert start.disabled == ("ponent_a", "joan", "maria")
    assert start.forced == {"ponent": ("restore_order",)}
    assert board.countries["ponent"].disorder


def test_one_is_resources() -> None:
    """002 §5.3, 1 Descobriment de recursos: one more action this turn."""
    board = make_board(dice=FixedDice({"events:2": 1, "who:0": 9}))
    start, _, _ = start_next_turn(board, EVENTS, 2)
    assert start.event == "resources" and start.resources == ("migjorn",)
    assert start.forced == {}


def test_events_off_roll_nothing() -> None:
    """docs/genes.md: events are an option, off by default."""
    board = make_board(dice=FixedDice(()))
    start, _, _ = start_next_turn(board, QUIET, 2)
    assert start == TurnStart()


# --- the affected country --------------------------------------------------------------


@pytest.mark.parametrize(
    ("face", "country"),
    [
        (1, "ponent"),
        (2, "ponent"),
        (3, "ponent"),
        (4, "llevant"),
        (5, "llevant"),
        (6, "llevant"),
        (7, "migjorn"),
        (8, "migjorn"),
        (9, "migjorn"),
    ],
)
def test_three_players_table(face: int, country: str) -> None:
    """002 §5.3's example: 3 players, 1-3 A, 4-6 B, 7-9 C."""
    board = make_board(dice=FixedDice({"who:0": face}))
    assert affected_country(board, 2) == country


def test_three_players_zero_is_rerolled() -> None:
    """002 §5.3: "amb 0 es repeteix la tirada"."""
    dice = FixedDice({"who:0": 0, "who:1": 0, "who:2": 5})
    board = make_board(dice=dice)
    assert affected_country(board, 4) == "llevant"
    assert dice.purposes == ["events:4:who:0", "events:4:who:1", "events:4:who:2"]


@pytest.mark.parametrize(
    ("face", "country"),
    [(1, "ponent"), (4, "ponent"), (5, "llevant"), (8, "llevant")],
)
def test_two_players_table(face: int, country: str) -> None:
    """docs/genes.md: 9 // N faces per country: 2 players, 1-4 and 5-8."""
    board = make_board(two_country_state(), dice=FixedDice({"who:0": face}))
    assert affected_country(board, 2) == country


@pytest.mark.parametrize("face", [9, 10])
def test_two_players_nine_and_zero_rerolled(face: int) -> None:
    dice = FixedDice({"who:0": face, "who:1": 6})
    board = make_board(two_country_state(), dice=dice)
    assert affected_country(board, 2) == "llevant"
    assert len(dice.rolls) == 2


@pytest.mark.parametrize(
    ("face", "country"),
    [
        (1, "ponent"),
        (2, "ponent"),
        (3, "llevant"),
        (4, "llevant"),
        (5, "migjorn"),
        (6, "migjorn"),
        (7, "tramuntana"),
        (8, "tramuntana"),
    ],
)
def test_four_players_table(face: int, country: str) -> None:
    """4 players: 1-2, 3-4, 5-6, 7-8; 9 and 0 rerolled."""
    board = make_board(four_country_state(), dice=FixedDice({"who:0": face}))
    assert affected_country(board, 2) == country


def test_four_players_nine_rerolled() -> None:
    dice = FixedDice({"who:0": 9, "who:1": 7})
    board = make_board(four_country_state(), dice=dice)
    assert affected_country(board, 2) == "tramuntana"


def test_twenty_rerolls_then_the_lowest_faces_country() -> None:
    """docs/genes.md: up to 20 rerolls, then the lowest face's country."""
    dice = FixedDice(default=10)
    board = make_board(dice=dice)
    assert affected_country(board, 3) == "ponent"
    assert len(dice.rolls) == 21


# --- the disaster's choices (002 §5.3) ---------------------------------------------------


def disaster_state() -> GenesState:
    start = TurnStart(
        event_roll=10,
        event="disaster",
        event_country="llevant",
        disaster_city="llevant_a",
        forced={"llevant": ("restore_order",)},
        disabled=("llevant_a", "pere"),
    )
    return make_state(start=start)


def test_choosers_are_to_the_right() -> None:
    """002 §5.3: the player to the right names the kind, the next one the city."""
    state = disaster_state()
    assert disaster_choosers(state) == ("migjorn", "ponent")
    assert right_of(state, "migjorn") == "ponent"


def test_choosers_skip_eliminated() -> None:
    state = disaster_state()
    countries = dict(state.countries)
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True)
    state = state.with_(countries=countries)
    assert disaster_choosers(state) == ("ponent", "llevant")


def test_choices_checked() -> None:
    state = disaster_state()
    lines = [
        decl("ponent", ActionKind.DISASTER_KIND, mode="epidèmia"),  # not ponent's choice
        decl("migjorn", ActionKind.DISASTER_KIND, mode="terratrèmol"),
        decl("migjorn", ActionKind.DISASTER_KIND, mode="fam"),  # already chosen
        decl("ponent", ActionKind.DISASTER_CITY, city="ponent_b"),  # not llevant's city
        decl("ponent", ActionKind.DISASTER_CITY, city="llevant_c"),
    ]
    results, city = disaster_choices(state, lines)
    assert [r.reason for r in results] == [
        GenesReason.NOT_YOUR_CHOICE,
        GenesReason.DONE,
        GenesReason.ALREADY_CHOSEN,
        GenesReason.NOT_AFFECTED_CITY,
        GenesReason.DONE,
    ]
    assert results[1].effects[0].kind is EffectKind.DISASTER_CHOSEN
    assert results[1].effects[0].other == "terratrèmol"
    assert city == "llevant_c"


def test_choice_without_a_disaster() -> None:
    results, city = disaster_choices(make_state(), [decl("ponent", ActionKind.DISASTER_KIND)])
    assert results[0].outcome is ActionOutcome.NOT_RESOLVED
    assert results[0].reason is GenesReason.NO_DISASTER
    assert city is None


# --- critical situations (002 §5.4.3.1) ----------------------------------------------------


def crisis_board(trait: Trait, value: int, face: int, **state: Any) -> Board:
    base = make_state(characters=[], traits={"ponent": {trait: value}}, **state)
    return make_board(base, dice=FixedDice({f"crisis:2:ponent:{trait.value}": face}))


@pytest.mark.parametrize(
    ("trait", "crisis"),
    [
        (Trait.DIPLOMACY, Crisis.BLOCKADE),
        (Trait.MILITARISM, Crisis.ANARCHY),
        (Trait.TECHNOLOGY, Crisis.AUTARKY),
    ],
)
def test_failed_crisis_test(trait: Trait, crisis: Crisis) -> None:
    """002 §5.4.3.1: at 3 or less, Desenvolupament; still 3 or less, a test at
    11; failed: Bloqueig, Anarquia, Autarquia."""
    board = crisis_board(trait, 2, 7)  # 2 + 1 (development) + 7 = 10, not > 11
    start, effects, rolls = start_next_turn(board, QUIET, 2)
    assert start.forced == {"ponent": (f"development:{trait.value}",)}
    assert rolls[0].against == 11 and rolls[0].total == 10
    assert rolls[0].terms == ((TRAIT_NAMES_CA[trait], 2), ("Desenvolupament", 1))
    assert rolls[0].label == f"crisis test of {TRAIT_NAMES_CA[trait]}"
    assert board.countries["ponent"].crises == {crisis: 1}
    assert [(e.kind, e.subject, e.value) for e in effects] == [
        (EffectKind.CRISIS_BEGUN, crisis.value, 1)
    ]


def test_passed_crisis_test() -> None:
    board = crisis_board(Trait.DIPLOMACY, 2, 9)  # 2 + 1 + 9 = 12 > 11
    start, effects, rolls = start_next_turn(board, QUIET, 2)
    assert effects == () and len(rolls) == 1
    assert start.forced == {"ponent": ("development:diplomacy",)}


def test_zero_always_passes() -> None:
    """002 §5.4.5: a 0 is a success (0 + 1 + 10 = 11 is not above 11)."""
    board = crisis_board(Trait.TECHNOLOGY, 0, 0)
    _, effects, rolls = start_next_turn(board, QUIET, 2)
    assert rolls[0].total == 11
    assert effects == ()


def test_development_that_lifts_to_four_avoids_the_test() -> None:
    """002 §5.4.3.1: "Si així té 4 o més ... no hi ha cap més efecte"."""
    board = crisis_board(Trait.MILITARISM, 3, 1)
    start, effects, rolls = start_next_turn(board, QUIET, 2)
    assert start.forced == {"ponent": ("development:militarism",)}
    assert effects == () and rolls == ()


def test_authority_failure_begins_a_civil_war() -> None:
    """002 §5.4.3: rebels at 5 plus the counter-power; Guerra civil is forced."""
    board = crisis_board(Trait.AUTHORITY, 4, 2)  # 4 - 2 counter-power = 2
    board.countries["ponent"] = board.countries["ponent"].with_(counterpower=2)
    start, effects, rolls = start_next_turn(board, QUIET, 2)
    assert rolls[0].terms == (("Autoritat", 2), ("Desenvolupament", 1))
    assert board.civil_wars == {"ponent": CivilWar("ponent", 7)}
    assert start.forced == {"ponent": ("development:authority", "civil_war")}
    assert [(e.kind, e.value) for e in effects] == [(EffectKind.CIVIL_WAR_BEGUN, 7)]


def test_civil_war_under_way_forces_guerra_civil_and_does_not_begin_again() -> None:
    board = crisis_board(Trait.AUTHORITY, 1, 2, civil_wars={"ponent": CivilWar("ponent", 3)})
    start, effects, _ = start_next_turn(board, QUIET, 2)
    assert board.civil_wars == {"ponent": CivilWar("ponent", 3)}
    assert effects == ()
    assert start.forced["ponent"][-1] == "civil_war"
    calm = make_board(make_state(civil_wars={"llevant": CivilWar("llevant", 4)}), FixedDice(()))
    assert start_next_turn(calm, QUIET, 2)[0].forced == {"llevant": ("civil_war",)}


def test_crises_are_cumulative() -> None:
    """002 §5.4.3.1: "acumulativa"."""
    board = crisis_board(Trait.DIPLOMACY, 1, 2)
    board.countries["ponent"] = board.countries["ponent"].with_(crises={Crisis.BLOCKADE: 1})
    _, effects, _ = start_next_turn(board, QUIET, 2)
    assert board.countries["ponent"].crises == {Crisis.BLOCKADE: 2}
    assert effects[0].value == 2


def test_every_characteristic_is_looked_at() -> None:
    low = {t: 1 for t in Trait}
    state = make_state(characters=[], traits={"llevant": low})
    board = make_board(state, dice=FixedDice(default=2))
    start, effects, rolls = start_next_turn(board, QUIET, 2)
    assert start.forced == {
        "llevant": (
            "development:authority",
            "development:diplomacy",
            "development:militarism",
            "development:technology",
            "civil_war",
        )
    }
    assert [r.country for r in rolls] == ["llevant"] * 4
    assert {e.kind for e in effects} == {EffectKind.CIVIL_WAR_BEGUN, EffectKind.CRISIS_BEGUN}


def test_the_named_character_in_the_country_helps() -> None:
    """002 §5.4.3.1 (issue 18 #8): a character the player named in a crisis
    line helps when it is its own, free, in the country and has the
    characteristic; it is active for the turn."""
    chars = [
        character("a", "ponent", diplomacy=1),
        character("b", "ponent", "ponent_c", diplomacy=3),
        character("c", "ponent", "llevant_a", diplomacy=3),  # abroad
        character("d", "llevant", "ponent_b", diplomacy=3),  # another country's
    ]
    state = make_state(characters=chars, traits={"ponent": {Trait.DIPLOMACY: 2}})
    board = make_board(state, dice=FixedDice({"crisis:2:ponent:diplomacy": 6}))
    board.free_lines.append(decl("ponent", ActionKind.CRISIS_HELPER, helpers=["b", "c", "d"]))
    start, effects, rolls = start_next_turn(board, QUIET, 2)
    assert rolls[0].terms == (("Diplomàcia", 2), ("Desenvolupament", 1), ("B", 3))
    assert rolls[0].total == 12  # > 11: passed
    assert effects == ()
    assert start.active == ("b",) and start.disabled == ()
    assert crisis_helpers(board.snapshot().with_(start=start)) == {"b"}


def test_a_character_helps_one_test_only() -> None:
    chars = [character("a", "ponent", diplomacy=2, technology=1)]
    traits = {"ponent": {Trait.DIPLOMACY: 1, Trait.TECHNOLOGY: 1}}
    board = make_board(make_state(characters=chars, traits=traits), FixedDice(default=5))
    board.free_lines.append(decl("ponent", ActionKind.CRISIS_HELPER, helpers=["a"]))
    _, _, rolls = start_next_turn(board, QUIET, 2)
    assert [len(r.terms) for r in rolls] == [3, 2]


def test_a_character_in_the_disaster_city_cannot_help() -> None:
    chars = [character("a", "ponent", diplomacy=2)]
    state = make_state(characters=chars, traits={"ponent": {Trait.DIPLOMACY: 1}})
    dice = FixedDice({"events:2": 0, "who:0": 1}, default=5)
    board = make_board(state, dice=dice)
    board.free_lines.append(decl("ponent", ActionKind.CRISIS_HELPER, helpers=["a"]))
    start, _, rolls = start_next_turn(board, EVENTS, 2)
    assert start.disabled == ("ponent_a", "a")
    assert len(rolls[0].terms) == 2
    assert start.forced["ponent"] == ("restore_order", "development:diplomacy")


def test_eliminated_countries_have_no_crisis() -> None:
    countries = default_countries()
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True, traits={t: 0 for t in Trait})
    board = make_board(make_state(countries=countries), FixedDice(()))
    assert start_next_turn(board, QUIET, 2) == (TurnStart(), (), ())


# --- turn 1 (mapjudge new) -----------------------------------------------------------------


def test_initial_turn_start_plays_events_but_no_crises() -> None:
    """docs/genes.md: turn 1 has events but no critical situations."""
    state = make_state(traits={"ponent": {Trait.DIPLOMACY: 1}})
    dice = FixedDice({"events:1": 0, "who:0": 5})
    first = initial_turn_start(state, make_region(), EVENTS, dice)
    assert first.phase == state.phase
    assert first.start.event == "disaster" and first.start.event_country == "llevant"
    assert first.start.forced == {"llevant": ("restore_order",)}
    assert first.countries["llevant"].disorder
    assert dice.purposes == ["events:1", "events:1:who:0"]


def test_initial_turn_start_without_events() -> None:
    state = make_state()
    assert initial_turn_start(state, make_region(), QUIET, None) == state
    with pytest.raises(ValueError, match="dice"):
        initial_turn_start(state, make_region(), EVENTS, None)
