"""Genes Mactantes espionage (002 §5.4.4), personal actions on other
countries' characters (002 §5.4.3, §5.4.4 Personatge) and Alliberar."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest

import adjudicator.rulesets.genes.actions_spy  # noqa: F401  (registers the handlers)
from adjudicator.rulesets.genes.model import TRAIT_NAMES_CA, CharacterStatus, GenesState, Trait
from adjudicator.rulesets.genes.outcome import ActionOutcome, ActionResult, EffectKind, GenesReason
from adjudicator.rulesets.genes.work import HANDLERS, Board
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
STRONG = (
    character("joan", "ponent", principal=True, authority=3, diplomacy=3),
    character("maria", "ponent", authority=1, diplomacy=1, militarism=3),
)


run = run_handler
kinds = effect_kinds


def watch(country: str, mode: str, target: str | None = None) -> Callable[[Board], None]:
    """A free `vigilància` line of `country` (002 §5.4.1)."""

    def add(board: Board) -> None:
        board.free_lines.append(decl(country, ActionKind.WATCH, mode=mode, target=target))

    return add


def pere_is(**changes: Any) -> Callable[[Board], None]:
    """A `prepare` changing Pere's record."""

    def change(board: Board) -> None:
        board.characters["pere"] = board.characters["pere"].with_(**changes)

    return change


def investigated(board: Board) -> None:
    board.countries["ponent"] = board.countries["ponent"].with_(investigations={"llevant": 1})


# --- the test actions: one table -----------------------------------------------------------


@dataclass
class Case:
    kind: ActionKind
    fields: dict[str, Any]
    succeeded: Callable[[Board, ActionResult], bool]
    place: str = "llevant_a"
    external: bool = True
    setup: Callable[[GenesState], GenesState] = field(default=lambda s: s)

    @property
    def trait(self) -> Trait:
        assert self.kind.trait is not None
        return Trait(self.kind.trait)

    def state(self, value: int, characters: Sequence[Any] = ()) -> GenesState:
        base = make_state(traits={"ponent": {self.trait: value}})
        if characters:
            base = base.with_(characters={**base.characters, **{c.id: c for c in characters}})
        return self.setup(base)


def _pere_at(place: str) -> Callable[[GenesState], GenesState]:
    """Pere, llevant's principal without Autoritat (18 to convince), at `place`."""
    pere = character("pere", "llevant", place, principal=True, diplomacy=2)
    return lambda s: s.with_(characters={**s.characters, "pere": pere})


def _more_advanced(state: GenesState) -> GenesState:
    return make_state(
        traits={"llevant": {Trait.TECHNOLOGY: 8}, "ponent": dict(state.countries["ponent"].traits)},
        characters=state.characters,
    )


TESTS = [
    Case(
        ActionKind.COPY_TECHNOLOGY,
        {"target": "llevant"},
        lambda b, r: b.countries["ponent"].trait(Trait.TECHNOLOGY) == 7,
        setup=_more_advanced,
    ),
    Case(
        ActionKind.CREATE_COUNTERPOWER,
        {"target": "llevant"},
        lambda b, r: b.countries["llevant"].counterpower == 1,
    ),
    Case(
        ActionKind.INVESTIGATION,
        {"target": "llevant"},
        lambda b, r: EffectKind.INVESTIGATION_GAINED in kinds(r),
    ),
    Case(
        ActionKind.DISAFFECTION,
        {"target": "llevant"},
        lambda b, r: b.countries["llevant"].trait(Trait.AUTHORITY) == 4,
    ),
    Case(
        ActionKind.SABOTAGE,
        {"target": "llevant"},
        lambda b, r: b.countries["llevant"].lost_actions == 1,
    ),
    Case(
        ActionKind.CONVINCE,
        {"character": "pere"},
        lambda b, r: b.characters["pere"].owner == "ponent",
        place="ponent_b",
        external=False,
        setup=_pere_at("ponent_b"),
    ),
    Case(
        ActionKind.EXTERNAL_CONVINCE,
        {"character": "pere"},
        lambda b, r: b.characters["pere"].owner == "ponent",
        setup=_pere_at("llevant_a"),
    ),
]
IDS = [c.kind.id for c in TESTS]


def resolve(
    case: Case, state: GenesState, faces: Mapping[str, int], **more: Any
) -> tuple[ActionResult, Board]:
    return run(case.kind, state, faces, **{**case.fields, **more})


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_passed_test_applies_the_effect(case: Case) -> None:
    """002 §5.4.4: characteristic + 1d10 greater than the difficulty (Convèncer:
    18 + the character's Autoritat)."""
    result, board = resolve(case, case.state(10), {"test": 9})
    assert result.outcome is ActionOutcome.SUCCEEDED and result.reason is GenesReason.PASSED
    assert case.succeeded(board, result)
    (roll,) = result.rolls
    assert roll.terms == ((TRAIT_NAMES_CA[case.trait], 10),)
    assert roll.against == case.kind.difficulty


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_failed_test_changes_nothing(case: Case) -> None:
    """002 §5.4.5: a total not greater than the difficulty fails."""
    result, board = resolve(case, case.state(5), {"test": 2})
    assert result.outcome is ActionOutcome.FAILED and result.reason is GenesReason.FAILED
    assert not case.succeeded(board, result)


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_natural_zero_succeeds_with_a_low_total(case: Case) -> None:
    """002 §5.4.5: a 0 is a success whatever the total."""
    result, board = resolve(case, case.state(0), {"test": 0})
    (roll,) = result.rolls
    assert roll.face == 10 and roll.total <= (roll.against or 0)
    assert result.succeeded and case.succeeded(board, result)


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_natural_one_fails_with_a_high_total(case: Case) -> None:
    """002 §5.4.5: a 1 is a failure whatever the total (Convèncer cannot reach
    18 with a 1: only the reason is checked)."""
    faces = {"test": 1, "fate:joan": 9, "fate:maria": 9}
    result, board = run(
        case.kind,
        case.state(10, STRONG),
        faces,
        investigated,
        helpers=["joan", "maria"],
        **case.fields,
    )
    roll = next(r for r in result.rolls if r.against is not None)
    if case.kind.difficulty is not None and case.kind.difficulty < 18:
        assert roll.total > (roll.against or 0)
    assert result.outcome is ActionOutcome.FAILED and result.reason is GenesReason.NATURAL_ONE
    assert not case.succeeded(board, result)


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_helpers_add_their_value_become_active_and_move(case: Case) -> None:
    """002 §5.4.6: helpers add their value and stand where the action is done
    (the target's capital, or the character's place)."""
    faces = {"test": 9, "fate:joan": 9, "fate:maria": 9}
    result, board = run(
        case.kind, case.state(5, STRONG), faces, helpers=["joan", "maria"], **case.fields
    )
    roll = result.rolls[0]
    assert roll.terms[1:] == (("Joan", 3), ("Maria", 1))
    assert board.active >= {"joan", "maria"}
    assert board.characters["joan"].place == board.characters["maria"].place == case.place


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_failed_helpers_may_be_captured_by_the_opponent(case: Case) -> None:
    """002 §5.4.6: "pot ser descobert, capturat o mort"; 3-5 captured by the
    opposing country (the target, or the character's owner)."""
    faces = {"test": 2, "fate:joan": 4, "fate:maria": 2}
    result, board = run(case.kind, case.state(3), faces, helpers=["joan", "maria"], **case.fields)
    assert board.characters["joan"].held_by == "llevant"
    assert board.characters["maria"].status is CharacterStatus.DEAD
    assert board.countries["ponent"].principal_lost_to == "llevant"
    assert kinds(result)[-2:] == [EffectKind.CHARACTER_CAPTURED, EffectKind.CHARACTER_KILLED]


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_investigation_bonus_is_spent_on_external_tests(case: Case) -> None:
    """002 §5.4.4 Investigació: +2 to the next external test against that
    country, spent; an internal action does not use it."""
    result, board = run(case.kind, case.state(5), {"test": 5}, investigated, **case.fields)
    (roll,) = result.rolls
    if case.external:
        assert roll.terms[-1] == ("Investigació", 2)
        assert board.countries["ponent"].investigations.get("llevant", 0) == 0
        assert EffectKind.INVESTIGATION_USED in kinds(result)
    else:
        assert len(roll.terms) == 1 and board.countries["ponent"].investigations == {"llevant": 1}


@pytest.mark.parametrize("case", TESTS, ids=IDS)
def test_an_active_helper_is_refused(case: Case) -> None:
    """002 §5.4.6: an active character cannot act again this turn."""
    result, _ = run(
        case.kind,
        case.state(5),
        {},
        lambda b: b.active.add("maria"),
        helpers=["maria"],
        **case.fields,
    )
    assert result.reason is GenesReason.CHARACTER_UNAVAILABLE and "Maria" in result.detail
    assert not result.rolls


# --- the target of espionage ---------------------------------------------------------------

SPY_KINDS = [
    ActionKind.COPY_TECHNOLOGY,
    ActionKind.CREATE_COUNTERPOWER,
    ActionKind.STRENGTHEN_COUNTERPOWER,
    ActionKind.INVESTIGATION,
    ActionKind.DISAFFECTION,
    ActionKind.SABOTAGE,
]


@pytest.mark.parametrize("kind", SPY_KINDS, ids=[k.id for k in SPY_KINDS])
def test_espionage_needs_another_country_in_the_game(kind: ActionKind) -> None:
    """002 §5.4.4: external actions act on another country, still playing."""
    same, _ = run(kind, target="ponent")
    assert same.reason is GenesReason.SAME_COUNTRY
    gone = with_country(make_state(), "llevant", eliminated=True)
    out, _ = run(kind, gone, target="llevant")
    assert out.reason is GenesReason.TARGET_ELIMINATED and "Llevant" in out.detail


def test_copy_technology_stops_at_ten() -> None:
    """002 §5.4.4 Copiar tecnologia: +2, the characteristic at most 10."""
    state = make_state(traits={"ponent": {Trait.TECHNOLOGY: 9}, "llevant": {Trait.TECHNOLOGY: 10}})
    result, board = run(ActionKind.COPY_TECHNOLOGY, state, {"test": 9}, target="llevant")
    assert board.countries["ponent"].trait(Trait.TECHNOLOGY) == 10
    (effect,) = result.effects
    assert (effect.delta, effect.value) == (1, 10)


def test_create_counterpower_where_there_is_some_is_impossible() -> None:
    """002 §5.4.4 Crear contrapoder: creates it; Enfortir raises it."""
    state = with_country(make_state(), "llevant", counterpower=2)
    result, _ = run(ActionKind.CREATE_COUNTERPOWER, state, target="llevant")
    assert result.reason is GenesReason.COUNTERPOWER_EXISTS


def test_strengthen_counterpower_is_automatic() -> None:
    """002 §5.4.4 Enfortir contrapoder (automatic): +1; its helpers travel."""
    state = with_country(make_state(), "llevant", counterpower=2)
    result, board = run(
        ActionKind.STRENGTHEN_COUNTERPOWER, state, target="llevant", helpers=["maria"]
    )
    assert result.reason is GenesReason.DONE and board.countries["llevant"].counterpower == 3
    assert board.characters["maria"].place == "llevant_a" and not result.rolls
    assert board.countries["llevant"].authority == 2


def test_strengthen_counterpower_needs_some() -> None:
    """002 §5.4.4 Enfortir contrapoder: "un cop creada"."""
    result, _ = run(ActionKind.STRENGTHEN_COUNTERPOWER, target="llevant")
    assert result.reason is GenesReason.NO_COUNTERPOWER


def test_investigation_gains_a_bonus_against_the_target() -> None:
    """002 §5.4.4 Investigació: one more bonus against the target."""
    _, board = run(
        ActionKind.INVESTIGATION, make_state(), {"test": 9}, investigated, target="llevant"
    )
    assert board.countries["ponent"].investigations == {"llevant": 1}  # one spent, one won


def test_observation_cancels_the_next_investigation() -> None:
    """002 §5.4.3 Observació: the next Investigació against the country is lost
    (no roll, no journey); the one after it is played."""
    board = make_board(dice=FixedDice({"test": 9}))
    board.shields["llevant"] = 1
    first = HANDLERS[ActionKind.INVESTIGATION](
        board, decl("ponent", ActionKind.INVESTIGATION, target="llevant", helpers=("joan",)), PREFIX
    )
    assert first.outcome is ActionOutcome.NOT_RESOLVED
    assert first.reason is GenesReason.CANCELLED_BY_OBSERVATION
    assert first.detail == "Llevant had played Observació earlier this turn"
    assert kinds(first) == [EffectKind.INVESTIGATION_CANCELLED] and not first.rolls
    assert board.shields["llevant"] == 0 and board.characters["joan"].place == "ponent_a"
    second = HANDLERS[ActionKind.INVESTIGATION](
        board, decl("ponent", ActionKind.INVESTIGATION, target="llevant"), "ponent:2"
    )
    assert second.succeeded and board.countries["ponent"].investigations == {"llevant": 1}


def test_sabotage_costs_the_target_an_action() -> None:
    """002 §5.4.4 Sabotatge: one action less next turn."""
    result, _ = run(ActionKind.SABOTAGE, make_state(), {"test": 9}, target="llevant")
    (effect,) = result.effects
    assert (effect.kind, effect.country, effect.delta) == (
        EffectKind.ACTIONS_NEXT_TURN,
        "llevant",
        -1,
    )


# --- travel (002 §5.4.1) ---------------------------------------------------------------------


def test_a_watch_kills_a_traveller_on_the_way_and_the_action_goes_on() -> None:
    """002 §5.4.1: Joan, going to migjorn, crosses llevant; its watch wins the
    contest of Diplomàcia and kills him; the sabotage is rolled without him."""
    faces = {"watch:llevant:joan": 8, "travel:joan:llevant": 2, "test": 9}
    result, board = run(
        ActionKind.SABOTAGE,
        make_state(),
        faces,
        watch("llevant", "assassinate"),
        target="migjorn",
        helpers=["joan"],
    )
    assert board.characters["joan"].status is CharacterStatus.DEAD
    assert board.countries["ponent"].principal_lost_to == "llevant"
    watcher, traveller, test = result.rolls
    assert (watcher.country, watcher.total, traveller.total) == ("llevant", 13, 9)
    assert test.terms == (("Diplomàcia", 5),) and result.succeeded
    assert "joan" not in board.active


@pytest.mark.parametrize("travel_face", [3, 5], ids=["tie", "traveller-wins"])
def test_a_traveller_passes_a_watch_it_does_not_lose(travel_face: int) -> None:
    """002 §5.4.1, §5.4.5: a tie has no effect; every watching country on the
    way contests (llevant and the target, migjorn), one die each."""
    faces = {
        "watch:llevant:joan": 5,
        "travel:joan:llevant": travel_face,
        "watch:migjorn:joan": 1,
        "travel:joan:migjorn": 1,
        "test": 9,
    }

    def watches(board: Board) -> None:
        watch("llevant", "capture")(board)
        watch("migjorn", "capture")(board)

    result, board = run(
        ActionKind.SABOTAGE, make_state(), faces, watches, target="migjorn", helpers=["joan"]
    )
    assert board.characters["joan"].free and board.characters["joan"].place == "migjorn_a"
    assert len(result.rolls) == 5 and result.rolls[-1].terms[-1] == ("Joan", 2)
    assert [r.label for r in result.rolls] == [
        "watch by Llevant on Joan",
        "Joan travelling",
        "watch by Migjorn on Joan",
        "Joan travelling",
        "",
    ]


def test_a_watch_for_another_country_lets_the_traveller_pass() -> None:
    """002 §5.4.1: a watch naming a country only stops that country's characters."""
    result, board = run(
        ActionKind.SABOTAGE,
        make_state(),
        {"test": 9},
        watch("llevant", "capture", target="migjorn"),
        target="llevant",
        helpers=["joan"],
    )
    assert len(result.rolls) == 1 and board.characters["joan"].place == "llevant_a"


def test_only_foreign_countries_on_the_way_watch() -> None:
    """002 §5.4.1: the traveller's own country does not stop it, and a character
    already in the action's country does not travel."""

    def watches(board: Board) -> None:
        watch("ponent", "capture")(board)
        watch("llevant", "capture")(board)

    state = make_state(
        characters=[
            character("joan", "ponent", "ponent_b", principal=True, diplomacy=2),
            character("maria", "ponent", "llevant_c", diplomacy=1),
        ]
    )
    faces = {"watch:llevant:joan": 1, "travel:joan:llevant": 9, "test": 9}
    result, board = run(
        ActionKind.SABOTAGE, state, faces, watches, target="llevant", helpers=["joan", "maria"]
    )
    purposes = [r.purpose for r in board.dice.rolls] if board.dice else []
    assert purposes == [
        "ponent:1:watch:llevant:joan",
        "ponent:1:travel:joan:llevant",
        "ponent:1:test",
    ]
    assert board.characters["maria"].place == "llevant_a" and result.succeeded


# --- personal contests -----------------------------------------------------------------------

CONTESTS = [
    (ActionKind.ASSASSINATE, "ponent_b"),
    (ActionKind.EXTERNAL_ASSASSINATE, "migjorn_b"),
    (ActionKind.CAPTURE, "ponent_b"),
    (ActionKind.EXTERNAL_CAPTURE, "migjorn_b"),
]
CONTEST_IDS = [k.id for k, _ in CONTESTS]


def victim_at(place: str, **traits: int) -> GenesState:
    pere = character("pere", "llevant", place, principal=True, **(traits or {"diplomacy": 2}))
    return make_state(characters=[*make_state().characters.values(), pere])


def contest(
    kind: ActionKind, place: str, attack: int, defence: int, **more: Any
) -> tuple[ActionResult, Board]:
    """Ponent's `kind` on Pere (at `place`) with the two contest faces."""
    faces = {"attack": attack, "defence": defence, "fate:joan": 4}
    state = more.pop("state", None) or victim_at(place)
    prepare = more.pop("prepare", None)
    return run(kind, state, faces, prepare, **{"character": "pere", **more})


@pytest.mark.parametrize(("kind", "place"), CONTESTS, ids=CONTEST_IDS)
def test_won_contest_kills_or_captures_the_principal(kind: ActionKind, place: str) -> None:
    """002 §5.4.3/§5.4.4 Assassinar, Capturar: the higher total wins; the
    victim's country adds the victim's own value, which makes it active;
    a principal killed or captured counts for 002 §6."""
    result, board = contest(kind, place, 9, 5)
    assert result.outcome is ActionOutcome.SUCCEEDED and result.reason is GenesReason.WON
    attack, defence = result.rolls
    assert attack.terms == (("Diplomàcia", 5),) and attack.total == 14
    assert defence.terms == (("Diplomàcia", 5), ("Pere", 2)) and defence.total == 12
    pere = board.characters["pere"]
    if kind in (ActionKind.ASSASSINATE, ActionKind.EXTERNAL_ASSASSINATE):
        assert pere.status is CharacterStatus.DEAD and kinds(result) == [
            EffectKind.CHARACTER_KILLED
        ]
    else:
        assert (pere.status, pere.held_by) == (CharacterStatus.CAPTURED, "ponent")
    assert board.countries["llevant"].principal_lost_to == "ponent"
    assert "pere" in board.active


@pytest.mark.parametrize(("kind", "place"), CONTESTS, ids=CONTEST_IDS)
def test_contest_tie_has_no_effect(kind: ActionKind, place: str) -> None:
    """002 §5.4.5 Contesa: "en cas d'empat, no té efecte" (an assassination
    that does not kill leaves the victim where it is, for its owner to
    repatriate: issue 18 #11)."""
    result, board = contest(kind, place, 5, 5, helpers=["joan"])  # 5 + 2 + 5 each
    assert result.outcome is ActionOutcome.TIED and result.reason is GenesReason.TIE
    pere = board.characters["pere"]
    assert pere.free and board.characters["joan"].free
    missed = kind in (ActionKind.ASSASSINATE, ActionKind.EXTERNAL_ASSASSINATE)
    assert pere.place == place and EffectKind.CHARACTER_REPATRIATED not in kinds(result)
    assert ("pere" in board.repatriable) is missed


@pytest.mark.parametrize(("kind", "place"), CONTESTS, ids=CONTEST_IDS)
def test_lost_contest_sends_the_helpers_to_their_fate(kind: ActionKind, place: str) -> None:
    """002 §5.4.6: helpers of a lost contest may be captured by the victim's country."""
    result, board = contest(kind, place, 2, 9, helpers=["joan"])
    assert result.outcome is ActionOutcome.FAILED and result.reason is GenesReason.LOST
    assert result.rolls[0].terms[-1] == ("Joan", 2)
    assert board.characters["joan"].held_by == "llevant"
    assert board.characters["pere"].status is CharacterStatus.FREE


PERSONAL = [
    *CONTESTS,
    (ActionKind.CONVINCE, "ponent_b"),
    (ActionKind.EXTERNAL_CONVINCE, "migjorn_b"),
]


@pytest.mark.parametrize(("kind", "place"), PERSONAL, ids=[k.id for k, _ in PERSONAL])
def test_personal_actions_on_impossible_characters(kind: ActionKind, place: str) -> None:
    """002 §5.4.3/§5.4.4 Personatge: another player's living character, in the
    own country (internal) or elsewhere (external)."""
    own, _ = contest(kind, place, 5, 5, character="maria")
    assert own.reason is GenesReason.OWN_CHARACTER
    unknown, _ = contest(kind, place, 5, 5, character="nobody")
    assert unknown.reason is GenesReason.CHARACTER_UNAVAILABLE and "nobody" in unknown.detail
    dead, _ = contest(kind, place, 5, 5, prepare=pere_is(status=CharacterStatus.DEAD))
    assert dead.reason is GenesReason.CHARACTER_UNAVAILABLE
    other = "llevant_b" if place == "ponent_b" else "ponent_c"
    elsewhere, _ = contest(kind, place, 5, 5, state=victim_at(other))
    assert elsewhere.reason is GenesReason.CHARACTER_NOT_THERE
    assert ("internal" in elsewhere.detail) is (kind.id.startswith("external"))
    assert not elsewhere.rolls


@pytest.mark.parametrize(("kind", "place"), CONTESTS[2:], ids=CONTEST_IDS[2:])
def test_capture_of_a_captive_is_impossible(kind: ActionKind, place: str) -> None:
    """002 §5.4.3 Capturar: a held character is held already."""
    prepare = pere_is(status=CharacterStatus.CAPTURED, held_by="migjorn")
    result, _ = contest(kind, place, 5, 5, prepare=prepare)
    assert result.reason is GenesReason.CHARACTER_UNAVAILABLE
    assert result.detail == "Pere is already held by Migjorn"


def test_capture_by_militarism() -> None:
    """002 §5.4.3 Capturar: a contest of Diplomàcia or Militarisme; the victim
    adds only a value it has."""
    result, board = contest(
        ActionKind.CAPTURE, "ponent_b", 6, 6, trait="militarism", helpers=["maria"]
    )
    attack, defence = result.rolls
    assert attack.terms == (("Militarisme", 5), ("Maria", 3))
    assert defence.terms == (("Militarisme", 5),) and "pere" not in board.active
    assert result.succeeded and board.characters["pere"].held_by == "ponent"


def test_a_captive_victim_adds_nothing_and_stays_held() -> None:
    """002 §5.4.3 Capturar: a captive "no podrà ser actiu"; a failed
    assassination does not send a captive home."""
    prepare = pere_is(status=CharacterStatus.CAPTURED, held_by="migjorn")
    result, board = contest(ActionKind.EXTERNAL_ASSASSINATE, "migjorn_b", 1, 9, prepare=prepare)
    assert result.rolls[1].terms == (("Diplomàcia", 5),)
    assert (
        board.characters["pere"].place == "migjorn_b"
        and board.characters["pere"].held_by == "migjorn"
    )


def test_external_contest_uses_the_investigation_bonus() -> None:
    """002 §5.4.4 Investigació: +2 to the contest of an external action against
    the victim's country."""
    result, board = contest(
        ActionKind.EXTERNAL_ASSASSINATE, "migjorn_b", 6, 5, prepare=investigated
    )
    assert result.rolls[0].terms[-1] == ("Investigació", 2) and result.succeeded
    assert board.countries["ponent"].investigations == {}
    internal, board = contest(ActionKind.ASSASSINATE, "ponent_b", 7, 5, prepare=investigated)
    assert internal.outcome is ActionOutcome.TIED and board.countries["ponent"].investigations == {
        "llevant": 1
    }


# --- Convèncer, Alliberar ----------------------------------------------------------------------


def test_convince_adds_the_characters_authority_and_changes_its_side() -> None:
    """002 §5.4.3 Convèncer: Autoritat at 18 + the character's Autoritat; the
    principal changes side (not as principal) and counts for 002 §6."""
    state = victim_at("ponent_b", authority=1)
    result, board = run(
        ActionKind.CONVINCE,
        with_country(state, "ponent", traits={t: 10 for t in Trait}),
        {"test": 0},
        character="pere",
    )
    (roll,) = result.rolls
    assert roll.against == 19
    pere = board.characters["pere"]
    assert (pere.owner, pere.principal, pere.status) == ("ponent", False, CharacterStatus.FREE)
    assert board.countries["llevant"].principal_lost_to == "ponent"
    (effect,) = result.effects
    assert (effect.kind, effect.country, effect.other) == (
        EffectKind.CHARACTER_CONVINCED,
        "ponent",
        "llevant",
    )


@pytest.mark.parametrize(("holder", "held_after"), [("ponent", None), ("migjorn", "migjorn")])
def test_convinced_captive(holder: str, held_after: str | None) -> None:
    """002 §5.4.3 Convèncer (our reading): a captive convinced by its captor is
    free; held by a third country, it stays held."""
    prepare = pere_is(status=CharacterStatus.CAPTURED, held_by=holder)
    _, board = run(
        ActionKind.EXTERNAL_CONVINCE, victim_at("migjorn_b"), {"test": 0}, prepare, character="pere"
    )
    assert (
        board.characters["pere"].owner == "ponent"
        and board.characters["pere"].held_by == held_after
    )


def test_release_frees_a_captive_in_its_capital() -> None:
    """Alliberar (free line): the captor lets its captive go home."""
    prepare = pere_is(status=CharacterStatus.CAPTURED, held_by="ponent", place="ponent_b")
    result, board = run(ActionKind.RELEASE, prepare=prepare, character="pere")
    assert result.succeeded and kinds(result) == [EffectKind.CHARACTER_RELEASED]
    pere = board.characters["pere"]
    assert (pere.status, pere.held_by, pere.place) == (CharacterStatus.FREE, None, "llevant_a")


@pytest.mark.parametrize("holder", [None, "migjorn"], ids=["free", "held-by-another"])
def test_release_of_a_character_not_held_is_impossible(holder: str | None) -> None:
    """Alliberar: only the captor can."""
    status = CharacterStatus.CAPTURED if holder else CharacterStatus.FREE
    prepare = pere_is(status=status, held_by=holder)
    result, _ = run(ActionKind.RELEASE, prepare=prepare, character="pere")
    assert result.reason is GenesReason.NOT_CAPTIVE
