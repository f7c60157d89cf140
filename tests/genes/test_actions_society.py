"""Genes Mactantes internal society actions (002 §5.4.3) and the character
machinery they share (002 §5.4.1, §5.4.6; docs/genes.md)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

import adjudicator.rulesets.genes.actions_society  # noqa: F401  (registers the handlers)
from adjudicator.rulesets.genes.characters import failure_consequences, use_investigation
from adjudicator.rulesets.genes.model import TRAIT_NAMES_CA, CharacterStatus, GenesState, Trait
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    EffectKind,
    GenesReason,
)
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import ActionKind
from tests.genes.fixtures import (
    HANDLER_PREFIX,
    FixedDice,
    character,
    decl,
    effect_kinds,
    make_board,
    make_state,
    run_handler,
    with_country,
)

PREFIX = HANDLER_PREFIX


run = run_handler
kinds = effect_kinds


# --- the test actions: one table, the d10's rules for each ------------------------------


@dataclass
class Case:
    kind: ActionKind
    trait: Trait
    succeeded: Callable[[Board], bool]
    country: dict[str, Any] = field(default_factory=dict)

    def state(self, value: int) -> GenesState:
        base = make_state(traits={"ponent": {self.trait: value}})
        return with_country(base, "ponent", **self.country)


TESTS = [
    Case(
        ActionKind.REPRESS,
        Trait.AUTHORITY,
        lambda b: b.countries["ponent"].counterpower < 2,
        country={"counterpower": 2},
    ),
    Case(
        ActionKind.RESTORE_ORDER,
        Trait.AUTHORITY,
        lambda b: not b.countries["ponent"].disorder,
        country={"disorder": True},
    ),
    Case(ActionKind.OBSERVATION, Trait.DIPLOMACY, lambda b: b.shields.get("ponent", 0) == 1),
]
IDS = [c.kind.id for c in TESTS]


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_passed_test_applies_the_effect(case: Case) -> None:
    """002 §5.4.5 Acció de prova: characteristic + 1d10 greater than the difficulty."""
    # Autoritat 8 less counter-power 2 = 6 for Reprimir: 6 + 9 = 15 > 11.
    state = case.state(8)
    result, board = run(case.kind, state, {"test": 9})
    assert result.outcome is ActionOutcome.SUCCEEDED and result.reason is GenesReason.PASSED
    assert case.succeeded(board)
    (roll,) = result.rolls
    assert roll.face == 9 and roll.against == case.kind.difficulty
    before = state.countries["ponent"]
    expected = before.authority if case.trait is Trait.AUTHORITY else before.trait(case.trait)
    assert roll.terms == ((TRAIT_NAMES_CA[case.trait], expected),)


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_failed_test_changes_nothing(case: Case) -> None:
    """002 §5.4.5: a total not greater than the difficulty fails."""
    result, board = run(case.kind, case.state(5), {"test": 2})
    assert result.outcome is ActionOutcome.FAILED and result.reason is GenesReason.FAILED
    assert not case.succeeded(board)


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_natural_zero_succeeds_with_a_low_total(case: Case) -> None:
    """002 §5.4.5: a 0 on the d10 is a success (counts as 10) whatever the total."""
    result, board = run(case.kind, case.state(0), {"test": 0})
    (roll,) = result.rolls
    assert roll.face == 10 and roll.total <= (roll.against or 0)
    assert result.succeeded and case.succeeded(board)


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_natural_one_fails_with_a_high_total(case: Case) -> None:
    """002 §5.4.5: a 1 on the d10 is a failure whatever the total; the
    helpers then meet their fate (here 9 and 0: they escape)."""
    faces = {"test": 1, "fate:joan": 9, "fate:maria": 0}
    strong = [
        character("joan", "ponent", principal=True, authority=3, diplomacy=3),
        character("maria", "ponent", authority=1, diplomacy=1),
    ]
    state = case.state(10).with_(characters={c.id: c for c in strong})
    result, board = run(case.kind, state, faces, helpers=["joan", "maria"])
    roll = next(r for r in result.rolls if r.against is not None)
    assert roll.face == 1 and roll.total > (roll.against or 0)
    assert result.outcome is ActionOutcome.FAILED and result.reason is GenesReason.NATURAL_ONE
    assert not case.succeeded(board)
    assert kinds(result).count(EffectKind.CHARACTER_ESCAPED) == 2


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_helpers_add_their_value_become_active_and_move(case: Case) -> None:
    """002 §5.4.6: each active character adds its value in the characteristic
    (a zero one adds no term but is active too) and stands where the action is."""
    state = case.state(5).with_(
        characters={
            "joan": character(
                "joan", "ponent", "ponent_b", principal=True, authority=2, diplomacy=3
            ),
            "maria": character("maria", "ponent", "ponent_c", militarism=3),
        }
    )
    faces = {"test": 5, "fate:joan": 9, "fate:maria": 9}
    result, board = run(case.kind, state, faces, helpers=["joan", "maria"])
    roll = result.rolls[0]
    assert roll.terms[1] == ("Joan", 2 if case.trait is Trait.AUTHORITY else 3)
    assert len(roll.terms) == 2  # Maria has no value in the characteristic
    assert board.active == {"joan", "maria"}
    assert board.characters["joan"].place == board.characters["maria"].place == "ponent_a"
    assert kinds(result).count(EffectKind.CHARACTER_MOVED) == 2


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_an_active_helper_is_refused(case: Case) -> None:
    """002 §5.4.6: an active character cannot act again this turn; the action
    is impossible and nothing is rolled."""
    result, _ = run(case.kind, case.state(5), {}, lambda b: b.active.add("joan"), helpers=["joan"])
    assert result.reason is GenesReason.CHARACTER_UNAVAILABLE and "Joan" in result.detail
    assert result.outcome is ActionOutcome.NOT_RESOLVED and not result.rolls


# --- Reprimir contrapoder, Restaurar ordre, Taxes, Observació ---------------------------


def test_repress_lowers_counterpower_by_the_excess_over_11() -> None:
    """002 §5.4.3 Reprimir contrapoder: falls by the total's excess over 11, not below 0."""
    state = make_state(traits={"ponent": {Trait.AUTHORITY: 8}})
    state = with_country(state, "ponent", counterpower=2)
    result, board = run(ActionKind.REPRESS, state, {"test": 8})  # 6 + 8 = 14: excess 3
    assert board.countries["ponent"].counterpower == 0
    (effect,) = [e for e in result.effects if e.kind is EffectKind.COUNTERPOWER]
    assert (effect.delta, effect.value) == (-2, 0)


def test_repress_natural_zero_lowers_at_least_one() -> None:
    """002 §5.4.3 Reprimir (our reading): a success always lowers it by 1 or more."""
    state = make_state(traits={"ponent": {Trait.AUTHORITY: 0}})
    state = with_country(state, "ponent", counterpower=3)
    _, board = run(ActionKind.REPRESS, state, {"test": 0})
    assert board.countries["ponent"].counterpower == 2


def test_repress_without_counterpower_is_impossible() -> None:
    """002 §5.4.3 Reprimir contrapoder needs a counter-power."""
    result, _ = run(ActionKind.REPRESS)
    assert result.reason is GenesReason.NO_COUNTERPOWER


def test_restore_order_without_disorder_is_impossible() -> None:
    """002 §5.3, §5.4.3 Restaurar ordre: only after a natural disaster."""
    result, _ = run(ActionKind.RESTORE_ORDER)
    assert result.reason is GenesReason.NO_DISORDER


def test_restore_order_failed_leaves_it_owed() -> None:
    """002 §5.4.3 Restaurar ordre failed: still owed (the turn loop charges −1)."""
    state = make_state()
    state = with_country(state, "ponent", disorder=True)
    result, board = run(ActionKind.RESTORE_ORDER, state, {"test": 3})
    assert not result.succeeded and board.countries["ponent"].disorder
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 5


@pytest.mark.parametrize(
    ("face", "authority"), [(6, 5), (0, 5), (5, 5), (1, 5)], ids=["passed", "zero", "failed", "one"]
)
def test_taxes_add_an_action_and_test_authority(face: int, authority: int) -> None:
    """002 §5.4.3 Taxes: automatic +1 action next turn; a failed test of
    Autoritat at 10 costs 1 Autoritat; the action succeeds either way."""
    result, board = run(ActionKind.TAXES, make_state(), {"test": face})
    assert result.outcome is ActionOutcome.SUCCEEDED and result.reason is GenesReason.DONE
    assert board.countries["ponent"].extra_actions == 1
    passed = face in (6, 0)
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == (5 if passed else 4)
    assert (EffectKind.TRAIT in kinds(result)) is not passed
    (roll,) = result.rolls
    assert roll.against == 10 and roll.label == "Autoritat test after the taxes"


def test_taxes_failed_test_sends_no_helper_to_its_fate() -> None:
    """002 §5.4.3 Taxes: the action succeeded, so its helpers are safe."""
    result, board = run(ActionKind.TAXES, make_state(), {"test": 1}, helpers=["joan"])
    assert board.characters["joan"].free and "joan" in board.active
    assert EffectKind.CHARACTER_ESCAPED not in kinds(result)


def test_observation_is_one_shield_per_success() -> None:
    """002 §5.4.3 Observació: each success cancels one Investigació."""
    _, board = run(
        ActionKind.OBSERVATION, make_state(), {"test": 9}, lambda b: b.shields.update(ponent=1)
    )
    assert board.shields["ponent"] == 2


# --- Fortificar, Fundar, Desenvolupament -------------------------------------------------


def test_fortify_walls_an_own_city_and_moves_helpers_there() -> None:
    """002 §5.4.3 Fortificar (automatic); 002 §5.4.6 helpers stand in that city."""
    result, board = run(ActionKind.FORTIFY, city="ponent_b", helpers=["maria"])
    assert result.reason is GenesReason.DONE and board.cities["ponent_b"].walled
    assert board.characters["maria"].place == "ponent_b" and "maria" in board.active
    assert not result.rolls


@pytest.mark.parametrize(
    ("city", "reason", "detail"),
    [
        ("llevant_a", GenesReason.NOT_OWN_CITY, "Llevant A belongs to Llevant"),
        ("nowhere", GenesReason.NOT_OWN_CITY, "no city nowhere"),
    ],
)
def test_fortify_needs_an_own_city(city: str, reason: GenesReason, detail: str) -> None:
    """002 §5.4.3 Fortificar: "una ciutat ja existent" of the country; the
    detail names the city and its owner as players know them."""
    result, _ = run(ActionKind.FORTIFY, city=city)
    assert result.reason is reason and result.detail == detail


def test_fortify_a_walled_city_is_impossible() -> None:
    """002 §5.4.3 Fortificar: a city is walled once."""
    result, _ = run(
        ActionKind.FORTIFY,
        prepare=lambda b: b.cities.update(ponent_b=b.cities["ponent_b"].with_(walled=True)),
        city="ponent_b",
    )
    assert result.reason is GenesReason.ALREADY_WALLED


def test_found_places_a_new_city_in_the_own_country() -> None:
    """002 §5.4.3 Fundar: a new city of the country, inside it, with a unique id."""
    result, board = run(ActionKind.FOUND, name="Vila Nova", helpers=["joan"])
    city = board.cities["vila_nova"]
    assert (city.owner, city.country, city.walled, city.capital_of) == (
        "ponent",
        "ponent",
        False,
        None,
    )
    assert 0 <= city.position[0] <= 10 and 0 <= city.position[1] <= 10
    assert EffectKind.CITY_FOUNDED in kinds(result)
    assert board.characters["joan"].place == "vila_nova"


def test_found_ids_are_ascii_slugs_kept_unique() -> None:
    """002 §5.4.3 Fundar: the judge gives the city a lowercase ASCII id."""
    prepare = lambda b: b.cities.update(sant_joan_d_aneu=b.cities["migjorn_c"])
    _, board = run(ActionKind.FOUND, name="Sant Joan d'Àneu", prepare=prepare)
    assert board.cities["sant_joan_d_aneu_2"].name == "Sant Joan d'Àneu"


def test_found_a_taken_name_is_impossible() -> None:
    """002 §5.4.3 Fundar: names tell cities apart (accents and case aside)."""
    result, board = run(ActionKind.FOUND, name="llevant a")
    assert result.reason is GenesReason.NAME_TAKEN
    assert len(board.cities) == 9


def test_found_with_an_unusable_helper_founds_nothing() -> None:
    """002 §5.4.6: an impossible action changes nothing."""
    result, board = run(ActionKind.FOUND, name="Vila Nova", helpers=["pere"])
    assert result.reason is GenesReason.NOT_YOUR_CHARACTER and "vila_nova" not in board.cities


def test_development_raises_a_characteristic() -> None:
    """002 §5.4.3 Desenvolupament (automatic): +1."""
    result, board = run(ActionKind.DEVELOPMENT, trait="technology")
    assert board.countries["ponent"].trait(Trait.TECHNOLOGY) == 6
    (effect,) = result.effects
    assert (effect.kind, effect.subject, effect.delta, effect.value) == (
        EffectKind.TRAIT,
        "technology",
        1,
        6,
    )


def test_development_at_ten_is_impossible() -> None:
    """002 §4.2: characteristics go up to 10."""
    result, _ = run(
        ActionKind.DEVELOPMENT,
        make_state(traits={"ponent": {Trait.MILITARISM: 10}}),
        trait="militarism",
    )
    assert result.reason is GenesReason.TRAIT_AT_MAX
    bare, _ = run(ActionKind.DEVELOPMENT)
    assert bare.reason is GenesReason.NO_CHARACTERISTIC


# --- Ascendir -----------------------------------------------------------------------------


def test_promote_raises_a_characters_trait_anywhere() -> None:
    """002 §5.4.3 Ascendir: +1 to a characteristic, had or not, wherever it is."""
    state = make_state(characters=[character("maria", "ponent", "llevant_b", diplomacy=1)])
    result, board = run(ActionKind.PROMOTE, state, character="maria", trait="technology")
    assert board.characters["maria"].value(Trait.TECHNOLOGY) == 1
    (effect,) = result.effects
    assert (effect.kind, effect.subject, effect.value, effect.other) == (
        EffectKind.CHARACTER_PROMOTED,
        "maria",
        1,
        "technology",
    )


def test_promote_at_three_is_impossible() -> None:
    """002 §4.3: a character's characteristics go up to 3."""
    result, _ = run(ActionKind.PROMOTE, character="maria", trait="militarism")
    assert result.reason is GenesReason.TRAIT_AT_MAX


@pytest.mark.parametrize(
    ("who", "status", "reason"),
    [
        ("pere", CharacterStatus.FREE, GenesReason.NOT_YOUR_CHARACTER),
        ("maria", CharacterStatus.DEAD, GenesReason.CHARACTER_UNAVAILABLE),
        ("maria", CharacterStatus.CAPTURED, GenesReason.CHARACTER_UNAVAILABLE),
    ],
)
def test_promote_needs_an_own_living_free_character(
    who: str, status: CharacterStatus, reason: GenesReason
) -> None:
    """002 §5.4.3 Ascendir: "un personatge sota control del jugador"."""

    def prepare(b: Board) -> None:
        b.characters[who] = b.characters[who].with_(
            status=status, held_by="llevant" if status is CharacterStatus.CAPTURED else None
        )

    result, _ = run(ActionKind.PROMOTE, prepare=prepare, character=who, trait="diplomacy")
    assert result.reason is reason


def test_promote_names_a_new_principal() -> None:
    """002 §4.3, §5.4.3 Ascendir: the principal's office changes hands."""
    result, board = run(ActionKind.PROMOTE, character="maria", principal=True)
    assert board.characters["maria"].principal and not board.characters["joan"].principal
    assert kinds(result) == [EffectKind.PRINCIPAL_NAMED]
    again, _ = run(ActionKind.PROMOTE, character="joan", principal=True)
    assert again.reason is GenesReason.ALREADY_PRINCIPAL


def test_promote_a_new_character_in_the_capital() -> None:
    """002 §4.3, §5.4.3 Ascendir: a new character, 1 in the characteristic."""
    result, board = run(ActionKind.PROMOTE, name="Núria", trait="diplomacy")
    new = board.characters["nuria"]
    assert (new.owner, new.place, new.value(Trait.DIPLOMACY), new.principal) == (
        "ponent",
        "ponent_a",
        1,
        False,
    )
    assert kinds(result) == [EffectKind.CHARACTER_CREATED]
    taken, _ = run(ActionKind.PROMOTE, name="JOAN", trait="diplomacy")
    assert taken.reason is GenesReason.NAME_TAKEN
    bare, _ = run(ActionKind.PROMOTE, name="Pau")
    assert bare.reason is GenesReason.NO_CHARACTERISTIC


# --- helpers: refusals, travel, fate, Investigació -----------------------------------------


@pytest.mark.parametrize(
    ("prepare", "reason"),
    [
        (lambda b: b.characters.pop("joan"), GenesReason.CHARACTER_UNAVAILABLE),
        (
            lambda b: b.characters.update(joan=b.characters["joan"].with_(owner="llevant")),
            GenesReason.NOT_YOUR_CHARACTER,
        ),
        (
            lambda b: b.characters.update(
                joan=b.characters["joan"].with_(status=CharacterStatus.DEAD)
            ),
            GenesReason.CHARACTER_UNAVAILABLE,
        ),
        (
            lambda b: b.characters.update(
                joan=b.characters["joan"].with_(status=CharacterStatus.CAPTURED, held_by="llevant")
            ),
            GenesReason.CHARACTER_UNAVAILABLE,
        ),
        (lambda b: b.disabled.add("joan"), GenesReason.CHARACTER_UNAVAILABLE),
        (lambda b: b.sieges.update(ponent_a="llevant"), GenesReason.BESIEGED),
    ],
    ids=["unknown", "foreign", "dead", "captured", "disaster", "besieged"],
)
def test_unusable_helpers_make_the_action_impossible(
    prepare: Callable[[Board], object], reason: GenesReason
) -> None:
    """002 §5.4.6, §5.3, §5.4.4 Setge: only free, unused, own characters help;
    none leaves a besieged city. Nothing changes."""
    result, board = run(
        ActionKind.FORTIFY,
        prepare=prepare,
        city="ponent_b",
        helpers=["joan"],
    )
    assert result.reason is reason and not board.cities["ponent_b"].walled
    assert "joan" not in board.active
    assert "llevant" not in result.detail and "ponent_a" not in result.detail  # names, not ids


def test_a_helper_in_a_besieged_city_may_act_there() -> None:
    """002 §5.4.4 Setge: characters cannot leave; acting in the city is fine."""
    result, _ = run(
        ActionKind.FORTIFY,
        prepare=lambda b: b.sieges.update(ponent_a="llevant"),
        city="ponent_a",
        helpers=["joan"],
    )
    assert result.succeeded


def test_a_helper_coming_home_meets_the_watches_on_the_way() -> None:
    """002 §5.4.1: a character travelling from migjorn to ponent crosses
    llevant; llevant's watch wins and captures it; the action goes on."""
    state = make_state(
        characters=[character("joan", "ponent", "migjorn_b", principal=True, diplomacy=2)]
    )

    def watch(b: Board) -> None:
        b.free_lines.append(decl("llevant", ActionKind.WATCH, mode="capture"))

    faces = {"watch:llevant:joan": 9, "travel:joan:llevant": 3}
    result, board = run(ActionKind.FORTIFY, state, faces, watch, city="ponent_b", helpers=["joan"])
    assert result.succeeded and board.cities["ponent_b"].walled
    joan = board.characters["joan"]
    assert (joan.status, joan.held_by) == (CharacterStatus.CAPTURED, "llevant")
    assert board.countries["ponent"].principal_lost_to == "llevant"
    assert "joan" not in board.active
    watcher, traveller = result.rolls
    assert watcher.terms == (("Diplomàcia", 5),)
    assert traveller.terms == (("Diplomàcia", 5), ("Joan", 2))


@pytest.mark.parametrize(
    ("face", "fate", "holder"),
    [
        (1, CharacterStatus.DEAD, None),
        (2, CharacterStatus.DEAD, None),
        (3, CharacterStatus.CAPTURED, "llevant"),
        (5, CharacterStatus.CAPTURED, "llevant"),
        (6, CharacterStatus.FREE, None),
        (0, CharacterStatus.FREE, None),
    ],
)
def test_failure_consequences_by_face(face: int, fate: CharacterStatus, holder: str | None) -> None:
    """docs/genes.md "Active characters": 1-2 killed, 3-5 captured, 6-0 escapes;
    a principal killed or captured counts for 002 §6."""
    board = make_board(dice=FixedDice({"fate:joan": face}))
    rolls, effects = failure_consequences(board, ["joan"], "llevant", PREFIX)
    assert board.characters["joan"].status is fate and board.characters["joan"].held_by == holder
    assert board.countries["ponent"].principal_lost_to == (
        None if fate is CharacterStatus.FREE else "llevant"
    )
    assert rolls[0].face == (10 if face == 0 else face) and rolls[0].label == "fate of Joan"
    expected = {
        CharacterStatus.DEAD: EffectKind.CHARACTER_KILLED,
        CharacterStatus.CAPTURED: EffectKind.CHARACTER_CAPTURED,
        CharacterStatus.FREE: EffectKind.CHARACTER_ESCAPED,
    }
    assert [e.kind for e in effects] == [expected[fate]]


def test_failure_without_an_opponent_escapes_on_three_to_five() -> None:
    """docs/genes.md: captured by the opposing country; an internal action has none."""
    state = make_state(traits={"ponent": {Trait.AUTHORITY: 5}})
    state = with_country(state, "ponent", counterpower=1)
    result, board = run(ActionKind.REPRESS, state, {"test": 2, "fate:joan": 4}, helpers=["joan"])
    assert not result.succeeded and board.characters["joan"].free
    assert kinds(result)[-1] is EffectKind.CHARACTER_ESCAPED


def test_use_investigation_spends_one_bonus() -> None:
    """002 §5.4.4 Investigació: +2 once per success won."""
    board = make_board()
    board.countries["ponent"] = board.countries["ponent"].with_(investigations={"llevant": 1})
    assert use_investigation(board, "ponent", "llevant") == 2
    assert use_investigation(board, "ponent", "llevant") == 0
    assert board.countries["ponent"].investigations == {}
