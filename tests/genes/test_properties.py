"""Properties of `genes` (Genes Mactantes, rulebook 002) on random games (Hypothesis).

From the peninsula example start (the bundled sheets, events on or off,
victory conditions on or off, a small turn limit) and from random starts on
generated N-player regions (`maps.genes.generate`, `random_state`), a game
is played with random declarations (`tests.generators.genes_declarations`),
resolved with the game's real seeded dice (`adjudicator.core.dice.Dice`, the
secret drawn by Hypothesis), and after every turn:

- results (002 §5.4.5): every declaration given gets exactly one
  `ActionResult`, at its place (country by country in seating order, the
  judge's added forced lines first, `forced=True`); each is resolved (its
  outcome agrees with its reason, a test has its roll against the
  difficulty, a contest its two sides) or NOT_RESOLVED with an unresolved
  reason, neither tested nor changing the board beyond what befell its
  helpers on their way (002 §5.4.1), and an impossible one says why (a
  detail, or a reason that explains itself);
- steps (002 §5.4.5): 1..k without repeats, in rounds by the turn's
  initiative, each country's lines in its declared order; free lines and
  lines not resolved have none;
- budgets (002 §5.2, §5.4.2): per country, the lines counted are
  min(budget, lines that cost an action, the added forced ones included);
- dice: every roll of the turn's log but the events' is shown in a result,
  the initiative or the next turn's crisis tests, and every shown roll adds
  up (face + terms = total, faces 1..10);
- the state after the turn (docs/genes.md and the engine's readings):
  characteristics 0..10, characters' 1..3, forces positive, merged and in
  known places, no raiders in a city, characters in known places, held_by
  exactly for captives (never by their owner), the dead neither held nor
  active, sieges of another country's city by a country with forces in its
  field, an eliminated country with no forces and no free characters (and
  no cities but the ruins a lost civil war leaves), a country without
  cities eliminated, civil wars only of surviving countries with rebels, a
  winner only when the game ended and the game ended at the turn limit;
  the dead stay dead, the eliminated out, no city or character vanishes,
  and a character killed at some step plays no part in later steps;
- determinism: the same state, declarations and secret give the same
  resolution (state, results, frame, rolls), and the state round-trips
  through YAML (`gamefolder.dump_yaml`);
- parsing (002 §5.4.2): on turns declared with `legal_only=True`, each
  country's lines written back as Catalan text (`declaration_line`) read
  back (`parse_declarations`, names as `adjudicator.plugins.genes.declaration_names`
  gives them) as the same declarations (`parser_form`: battles and
  personal actions come back with their internal kind).

`test_the_random_games_reach_every_outcome` checks, on fixed seeds, that the
games are not idle: every action kind resolved, battles won and lost, cities
taken, sieges, characters killed and captured, civil wars, eliminations, and
every impossible reason the generator aims at.

What the properties found is kept as regression tests with the smallest
reproduction (an ally named with an article; a captive of an eliminated
country set free; a character killed on its way to its own promotion still
promoted). The state check allows one documented reading: the ruins a civil
war lost with nobody backing the rebels leaves to an eliminated country
(docs/genes.md, pinned by its own test).

Soak run: `GENES_SOAK=20 .venv/bin/python -m pytest tests/test_genes_properties.py`
multiplies the number of Hypothesis examples by 20 (and allows longer
games); the default is sized for CI (well under 15 s).
"""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.files import dump_yaml
from adjudicator.plugins.genes import declaration_names
from adjudicator.rulesets.genes import work
from adjudicator.rulesets.genes.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.genes.ending import game_over
from adjudicator.rulesets.genes.model import (
    CHARACTER_TRAIT_MAX,
    FIELD_PREFIX,
    TRAIT_MAX,
    CharacterStatus,
    CivilWar,
    Force,
    GenesState,
    Trait,
    TurnStart,
    first_phase,
    merge_forces,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    RESOLVED_REASONS,
    ActionOutcome,
    ActionResult,
    EffectKind,
    GenesReason,
    GenesResolution,
)
from adjudicator.rulesets.genes.outcome import (
    TestRoll as Roll10,
)
from adjudicator.rulesets.genes.setup import example_sheets, start_game
from adjudicator.rulesets.genes.turn import resolve_turn
from adjudicator.rulesets.genes.turn_start import initial_turn_start
from maps.genes.generate import default_players, generate_region
from maps.genes.region import Region, load_region
from orders.genes.model import ActionKind, Declaration
from orders.genes.parser import parse_declarations
from tests.generators.genes_declarations import (
    declaration_line,
    parser_form,
    random_declarations,
    random_state,
)
from tests.genes import fixtures as fx

K = ActionKind
R = GenesReason

SOAK = max(1, int(os.environ.get("GENES_SOAK", "1") or "1"))
"""`GENES_SOAK=N`: N times the examples (a soak run); 1 in CI."""

PENINSULA = load_region("peninsula")
GAME = "genes-properties"

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
SECRETS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789", min_size=1, max_size=12)

SUCCEEDED = {R.DONE, R.PASSED, R.WON}
FAILED = {R.FAILED, R.NATURAL_ONE, R.LOST}
TEST_REASONS = {R.PASSED, R.FAILED, R.NATURAL_ONE}
CONTEST_REASONS = {R.WON, R.LOST, R.TIE}
FRAME_REASONS = {R.OVER_BUDGET, R.ELIMINATED, R.CANCELLED_BY_OBSERVATION, R.GAME_OVER}
JOURNEY = {
    EffectKind.CHARACTER_MOVED,
    EffectKind.CHARACTER_KILLED,
    EffectKind.CHARACTER_CAPTURED,
    EffectKind.PRINCIPAL_FOUND,
}
"""What may befall an unresolved line's helpers on their way (002 §5.4.1): the
watches' contests are rolled and their effects stand (the line is then
impossible: its character was caught on the way); a watch that contested a
principal knows where it went (002 §4.4, issue 18 #4)."""
UNPLAYED = {R.OVER_BUDGET, R.ELIMINATED, R.GAME_OVER}
"""Lines that never reached their turn in the rounds: no step (turn.py)."""
SELF_EXPLANATORY = {R.NOT_YOUR_CHOICE, R.NO_DISASTER, R.NOT_AFFECTED_CITY, R.ALREADY_CHOSEN}
"""Impossible reasons of the disaster's choices: the judge adds no detail, the
reason says it all (002 §5.3)."""


# --- playing ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    """One resolved turn and what it was played with."""

    before: GenesState
    declarations: tuple[Declaration, ...]
    legal_only: bool
    resolution: GenesResolution
    region: Region
    options: GenesOptions
    secret: str


@cache
def _peninsula_start(events: bool, secret: str) -> GenesState:
    options = GenesOptions(events=events)
    dice = Dice(secret, GAME, "0-creation")
    return start_game(PENINSULA, example_sheets(PENINSULA), options, dice).state


@cache
def _generated(players: int, seed: int) -> Region:
    return generate_region(default_players(players), seed)


def _play(
    start: GenesState,
    region: Region,
    options: GenesOptions,
    seed: int,
    secret: str,
    turns: int,
) -> Iterator[Turn]:
    """Up to `turns` turns of a random game from `start` (fewer if it ends)."""
    rng = random.Random(seed)
    state = start
    for _ in range(turns):
        if game_over(state):
            return
        legal_only = rng.random() < 0.5
        declarations = random_declarations(state, region, rng, legal_only=legal_only)
        dice = Dice(secret, GAME, state.phase.id)
        resolution = resolve_turn(state, declarations, region, options, dice)
        yield Turn(state, declarations, legal_only, resolution, region, options, secret)
        state = resolution.state


def _peninsula_game(
    seed: int, secret: str, turns: int, events: bool, victory: bool = True
) -> Iterator[Turn]:
    options = GenesOptions(events=events, turns=turns, victory_conditions=victory)
    return _play(_peninsula_start(events, secret), PENINSULA, options, seed, secret, turns)


def _generated_game(
    players: int, seed: int, secret: str, turns: int, events: bool, victory: bool = True
) -> Iterator[Turn]:
    region = _generated(players, seed % 1000)
    options = GenesOptions(events=events, turns=turns, victory_conditions=victory)
    state = random_state(region, random.Random(seed))
    state = initial_turn_start(state, region, options, Dice(secret, GAME, "0-creation"))
    return _play(state, region, options, seed, secret, turns)


# --- checks: results, steps, budgets ---------------------------------------------------------


def _expected_order(state: GenesState, declarations: Sequence[Declaration]) -> list[Declaration]:
    """The given declarations in the order of the results: country by country in
    seating order, then the unknown countries in order of first appearance."""
    groups: dict[str, list[Declaration]] = {}
    for decl in declarations:
        groups.setdefault(decl.power, []).append(decl)
    powers = [*state.seats, *(p for p in groups if p not in state.seats)]
    return [decl for power in powers for decl in groups.get(power, [])]


def _same_line(given: Declaration, result: Declaration) -> bool:
    """The result names the given declaration: the same object, or (a battle or
    personal action the engine classified, 002 §5.4.3 / §5.4.4) a copy with
    the internal or external kind."""
    if result is given:
        return True
    return parser_form(result) == parser_form(given) and result.source is given.source


def _assert_one_result_each(turn: Turn) -> None:
    results = turn.resolution.results
    given = [r.declaration for r in results if not r.forced]
    expected = _expected_order(turn.before, turn.declarations)
    assert len(given) == len(expected), (len(given), len(expected))
    for position, (result, decl) in enumerate(zip(given, expected, strict=True)):
        assert _same_line(decl, result), f"result {position} is for {result}, not {decl}"
    for result in results:
        if result.forced:
            assert result.declaration.power in turn.before.start.forced, result


def _assert_rolls_add_up(rolls: Sequence[Roll10]) -> None:
    for roll in rolls:
        assert 1 <= roll.face <= 10, roll
        assert roll.total == roll.face + sum(v for _, v in roll.terms), roll


def _assert_outcome(result: ActionResult) -> None:
    """The outcome agrees with the reason; tests and contests show their rolls."""
    reason, outcome, rolls = result.reason, result.outcome, result.rolls
    _assert_rolls_add_up(rolls)
    if not reason.resolved:
        assert outcome is ActionOutcome.NOT_RESOLVED, result
        assert all(r.against is None for r in rolls), f"an unresolved line tested: {result}"
        assert len(rolls) % 2 == 0, f"an unresolved line rolled alone: {result}"
        allowed = JOURNEY | (
            {EffectKind.INVESTIGATION_CANCELLED} if reason in FRAME_REASONS else set()
        )
        changed = {e.kind for e in result.effects} - allowed
        assert not changed, f"an unresolved line changed the board: {result}"
        if reason.value.startswith("impossible:"):
            assert result.detail or reason in SELF_EXPLANATORY, f"no detail: {result}"
        else:
            assert reason in FRAME_REASONS, result
        return
    expected = (
        ActionOutcome.SUCCEEDED
        if reason in SUCCEEDED
        else ActionOutcome.FAILED
        if reason in FAILED
        else ActionOutcome.TIED
    )
    assert outcome is expected, result
    tests = [r for r in rolls if r.against is not None]
    contest = [r for r in rolls if r.against is None]
    if reason in TEST_REASONS:
        assert tests, f"a test without its roll: {result}"
        main = tests[0]
        assert work.test_passed(main) == (reason is R.PASSED), result
        assert (main.face == 1) == (reason is R.NATURAL_ONE), result
    undefended = reason is R.WON and any(e.kind is EffectKind.CITY_TAKEN for e in result.effects)
    if reason in CONTEST_REASONS and not (undefended and not contest):
        assert len(contest) >= 2, f"a contest without its two sides: {result}"
    if reason is R.TIE:
        totals = [(a.total, b.total) for a, b in itertools.pairwise(contest)]
        assert any(a == b for a, b in totals), f"a tie of unequal totals: {result}"


def _assert_steps(turn: Turn) -> None:
    """002 §5.4.5: steps 1..k once each; each country in its declared order;
    the steps follow the rounds of the initiative order."""
    results = turn.resolution.results
    steps = [r.step for r in results if r.step]
    assert sorted(steps) == list(range(1, len(steps) + 1)), sorted(steps)
    stepped: dict[str, list[int]] = {}
    for result in results:
        costs = result.declaration.kind.costs_action
        if result.reason.resolved and costs:
            assert result.step > 0, f"resolved without a step: {result}"
        if not costs or result.reason in UNPLAYED:
            assert result.step == 0, f"a step for {result}"
        if result.step:
            stepped.setdefault(result.declaration.power, []).append(result.step)
    for power, own in stepped.items():
        assert own == sorted(own), f"{power}: steps {own} break the declared order"
    counts = {power: len(own) for power, own in stepped.items()}
    rounds = max(counts.values(), default=0)
    expected = [
        c for r in range(rounds) for c in turn.resolution.frame.initiative if counts.get(c, 0) > r
    ]
    by_step = sorted((r.step, r.declaration.power) for r in results if r.step)
    assert [p for _, p in by_step] == expected, "the steps do not follow the rounds"


def _assert_budgets(turn: Turn) -> None:
    """002 §5.2, §5.4.2: the lines counted are min(budget, lines costing an action)."""
    budgets = dict(turn.resolution.frame.budgets)
    assert set(budgets) == set(turn.before.powers())
    for country, budget in budgets.items():
        costing = [
            r
            for r in turn.resolution.results
            if r.declaration.power == country and r.declaration.kind.costs_action
        ]
        counted = [r for r in costing if r.reason is not R.OVER_BUDGET]
        assert len(counted) == min(budget, len(costing)), (country, budget, len(costing))
        assert sum(1 for r in counted if r.step) <= budget


def _assert_dice_shown(turn: Turn) -> None:
    """Every roll of the turn but the events' (told in `TurnStart`) is shown."""
    resolution = turn.resolution
    shown = [roll for result in resolution.results for roll in result.rolls]
    shown += [*resolution.frame.initiative_rolls, *resolution.frame.rolls]
    _assert_rolls_add_up(shown)
    logged = [roll for roll in resolution.rolls if not roll.purpose.startswith("events:")]
    assert sorted(r.face for r in shown) == sorted(r.result for r in logged), (
        f"{len(shown)} rolls shown, {len(logged)} rolled"
    )


# --- checks: the state ----------------------------------------------------------------------


def _place_exists(state: GenesState, place: str) -> bool:
    if place.startswith(FIELD_PREFIX):
        return place.removeprefix(FIELD_PREFIX) in state.countries
    return place in state.cities


def _assert_countries(state: GenesState) -> None:
    for country in state.countries.values():
        for trait, value in country.traits.items():
            assert isinstance(trait, Trait) and 0 <= value <= TRAIT_MAX, (country.id, trait, value)
        assert country.counterpower >= 0 and country.lost_actions >= 0, country
        assert country.extra_actions >= 0, country
        assert all(n >= 0 for n in country.crises.values()), country
        assert all(n > 0 for n in country.investigations.values()), country
    capitals = Counter(c.capital_of for c in state.cities.values() if c.capital_of)
    assert all(n == 1 for n in capitals.values()), capitals


def _assert_forces(state: GenesState) -> None:
    assert state.forces == merge_forces(state.forces), "forces not merged"
    for force in state.forces:
        assert force.strength > 0, force
        assert force.owner in state.countries, force
        assert _place_exists(state, force.place), force
        assert not (force.raiders and force.place in state.cities), f"raiders in a city: {force}"


def _assert_characters(state: GenesState) -> None:
    for char_id in state.start.active:  # a crisis test's helpers (002 §5.4.3.1, §5.4.6)
        assert state.characters[char_id].free, state.characters[char_id]
    active = {*state.start.disabled, *state.start.active}
    for char in state.characters.values():
        assert char.owner in state.countries, char
        assert _place_exists(state, char.place), char
        for trait, value in char.traits.items():
            assert isinstance(trait, Trait) and 1 <= value <= CHARACTER_TRAIT_MAX, char
        captured = char.status is CharacterStatus.CAPTURED
        assert (char.held_by is not None) == captured, f"held_by without capture: {char}"
        if captured:
            assert char.held_by in state.countries and char.held_by != char.owner, char
        if char.status is CharacterStatus.DEAD:
            assert char.id not in active, f"a dead character is active: {char}"


def _assert_sieges_and_wars(state: GenesState) -> None:
    for city_id, besieger in state.sieges.items():
        city = state.cities[city_id]
        assert besieger in state.countries and city.owner != besieger, (city_id, besieger)
        assert not state.countries[besieger].eliminated, (city_id, besieger)
        assert not state.countries[city.owner].eliminated, (city_id, city.owner)
        front = f"{FIELD_PREFIX}{city.country}"
        besiegers = [f for f in state.forces_at(front) if f.owner == besieger]
        assert besiegers, f"siege of {city_id} by {besieger} with no forces in {front}"
    for country, war in state.civil_wars.items():
        assert war.country == country and war.rebels >= 1, war
        assert not state.countries[country].eliminated, war


def _assert_eliminations(state: GenesState, ruins: set[str]) -> None:
    """An eliminated country has no forces and no free characters (docs/genes.md:
    "its characters leave play"); its cities are gone too, but for the ruins a
    lost civil war leaves (civil_war.py, ending (a) with no backer: see
    `test_an_eliminated_country_owns_no_city`); a country without cities is
    eliminated."""
    for country_id, country in state.countries.items():
        cities = state.cities_of(country_id)
        if not country.eliminated:
            assert cities, f"{country_id} has no city and is not eliminated"
            continue
        assert not state.forces_of(country_id), f"eliminated {country_id} has forces"
        free = [c.id for c in state.characters_of(country_id) if c.free]
        assert not free, f"eliminated {country_id} has free characters {free}"
        if country_id not in ruins:
            assert not cities, f"eliminated {country_id} owns {[c.id for c in cities]}"


def _assert_ending(turn: Turn) -> None:
    """A winner only when the game is over; the game is over at the turn limit."""
    state, options = turn.resolution.state, turn.options
    ended = game_over(state)
    assert state.phase == first_phase(turn.before.turn + 1), state.phase
    if state.winner is not None:
        assert ended and not state.countries[state.winner].eliminated, state.winner
    alive = set(state.powers())
    assert set(state.final_scores) <= alive, state.final_scores
    if options.turns and turn.before.turn >= options.turns:
        assert ended, f"turn {turn.before.turn} of {options.turns} did not end the game"
    victories = [e for e in turn.resolution.frame.effects if e.kind is EffectKind.VICTORY]
    assert ended == bool(victories), (ended, victories)
    if ended:
        assert state.start.forced == {}, state.start
    else:
        for country in state.civil_wars:
            assert "civil_war" in state.start.forced.get(country, ()), country
        assert set(state.start.forced) <= alive, state.start.forced


def _civil_war_ruins(turn: Turn) -> set[str]:
    """Countries eliminated by a lost civil war this turn (ending (a))."""
    return {
        effect.country
        for result in turn.resolution.results
        for effect in result.effects
        if effect.kind is EffectKind.CIVIL_WAR_ENDED and effect.other == "a"
    }


def _assert_nothing_comes_back(turn: Turn) -> None:
    """The dead stay dead, eliminated countries stay out, cities and characters
    never vanish (a city changes hands, a character dies)."""
    before, after = turn.before, turn.resolution.state
    assert set(before.cities) <= set(after.cities), set(before.cities) - set(after.cities)
    assert set(before.characters) <= set(after.characters)
    for char in before.characters.values():
        if char.status is CharacterStatus.DEAD:
            assert after.characters[char.id].status is CharacterStatus.DEAD, char.id
    for country in before.countries.values():
        if country.eliminated:
            assert after.countries[country.id].eliminated, country.id


def _assert_the_dead_act_no_more(turn: Turn) -> None:
    """A character killed at some step adds nothing to a later roll and is
    moved, captured, promoted or convinced no more in the turn."""
    names = {c.id: c.name for c in turn.resolution.state.characters.values()}
    killed: set[str] = set()
    for result in sorted((r for r in turn.resolution.results if r.step), key=lambda r: r.step):
        labels = {label for roll in result.rolls for label, _ in roll.terms}
        late = {names[c] for c in killed} & labels
        assert not late, f"step {result.step}: the dead {late} add to a roll: {result}"
        for effect in result.effects:
            if effect.subject in killed:
                raise AssertionError(f"step {result.step}: {effect} of a dead character")
            if effect.kind is EffectKind.CHARACTER_KILLED and effect.subject:
                killed.add(effect.subject)


def _assert_state(turn: Turn, ruins: set[str]) -> None:
    state = turn.resolution.state
    _assert_countries(state)
    _assert_forces(state)
    _assert_characters(state)
    _assert_sieges_and_wars(state)
    _assert_eliminations(state, ruins)
    _assert_nothing_comes_back(turn)
    _assert_the_dead_act_no_more(turn)
    _assert_ending(turn)


# --- checks: determinism, codec, parsing --------------------------------------------------


def _assert_deterministic(turn: Turn) -> None:
    dice = Dice(turn.secret, GAME, turn.before.phase.id)
    again = resolve_turn(turn.before, turn.declarations, turn.region, turn.options, dice)
    first = turn.resolution
    assert state_to_dict(again.state) == state_to_dict(first.state)
    assert again.state == first.state
    assert again.results == first.results
    assert again.frame == first.frame
    assert again.rolls == first.rolls


def _assert_round_trip(state: GenesState) -> None:
    text = dump_yaml(state_to_dict(state))
    assert state_from_dict(yaml.safe_load(text)) == state


def _assert_lines_read_back(turn: Turn) -> None:
    """002 §5.4.2: each country's lines, written out, read back the same."""
    state, region = turn.before, turn.region
    names = declaration_names(region, state)
    groups: dict[str, list[Declaration]] = {}
    for decl in turn.declarations:
        groups.setdefault(decl.power, []).append(decl)
    for power, decls in groups.items():
        text = "\n".join(
            f"{n}. {declaration_line(d, state, region)}" for n, d in enumerate(decls, 1)
        )
        parsed = parse_declarations(text, names=names, file=f"{power}.txt", power=power)
        assert parsed.issues == (), "\n".join(i.render() for i in parsed.issues)
        assert list(parsed.declarations) == [parser_form(d) for d in decls], text


def _assert_turn(turn: Turn, ruins: set[str]) -> None:
    _assert_one_result_each(turn)
    for result in turn.resolution.results:
        _assert_outcome(result)
    _assert_steps(turn)
    _assert_budgets(turn)
    _assert_dice_shown(turn)
    _assert_state(turn, ruins)
    _assert_deterministic(turn)
    _assert_round_trip(turn.resolution.state)
    if turn.legal_only:
        _assert_lines_read_back(turn)


def _check_game(turns: Iterator[Turn]) -> int:
    ruins: set[str] = set()
    played = 0
    for turn in turns:
        ruins |= _civil_war_ruins(turn)
        _assert_turn(turn, ruins)
        played += 1
    return played


# --- properties ----------------------------------------------------------------------------


@settings(max_examples=30 * SOAK, deadline=None)
@given(
    seed=SEEDS,
    secret=SECRETS,
    turns=st.integers(min_value=1, max_value=4 + 2 * (SOAK > 1)),
    events=st.booleans(),
    victory=st.booleans(),
)
def test_peninsula_games_keep_their_invariants(
    seed: int, secret: str, turns: int, events: bool, victory: bool
) -> None:
    """From the peninsula example (002 §3): every turn's results, steps,
    budgets, dice, state, determinism, YAML and declaration lines."""
    _assert_round_trip(_peninsula_start(events, secret))
    assert _check_game(_peninsula_game(seed, secret, turns, events, victory)) >= 1


@settings(max_examples=12 * SOAK, deadline=None)
@given(
    players=st.integers(min_value=2, max_value=6),
    seed=SEEDS,
    secret=SECRETS,
    turns=st.integers(min_value=1, max_value=3 + 2 * (SOAK > 1)),
    events=st.booleans(),
)
def test_generated_regions_keep_their_invariants(
    players: int, seed: int, secret: str, turns: int, events: bool
) -> None:
    """The same checks on an N-player region (002 §3) with a random start."""
    assert _check_game(_generated_game(players, seed, secret, turns, events)) >= 1


@settings(max_examples=20 * SOAK, deadline=None)
@given(seed=SEEDS, legal_only=st.booleans())
def test_the_same_seed_gives_the_same_declarations(seed: int, legal_only: bool) -> None:
    start = _peninsula_start(True, "same")
    first = random_declarations(start, PENINSULA, random.Random(seed), legal_only=legal_only)
    again = random_declarations(start, PENINSULA, random.Random(seed), legal_only=legal_only)
    assert first == again


@settings(max_examples=20 * SOAK, deadline=None)
@given(seed=SEEDS)
def test_legal_declarations_stay_within_the_budget_and_the_names(seed: int) -> None:
    """`legal_only=True`: no line over the budget (002 §5.2), none of an
    eliminated or unknown country, every name one of the state's. (A helper
    may still be NOT_YOUR_CHARACTER: convinced by another country earlier in
    the turn.)"""
    rng = random.Random(seed)
    state = _peninsula_start(rng.random() < 0.5, str(seed % 7))
    declarations = random_declarations(state, PENINSULA, rng, legal_only=True)
    dice = Dice("budget", GAME, state.phase.id)
    resolution = resolve_turn(state, declarations, PENINSULA, GenesOptions(events=True), dice)
    reasons = {r.reason for r in resolution.results}
    assert not reasons & {R.OVER_BUDGET, R.ELIMINATED, R.NO_PLACE, R.NO_CHARACTERISTIC}
    assert not reasons & {R.BAD_AMOUNT, R.NOT_YOUR_CHOICE, R.NO_DISASTER, R.SAME_PLACE}


# --- regressions: what the properties found (minimal reproductions) ----------------------


def test_an_ally_named_with_an_article_is_read() -> None:
    """Found by the parse property: 'aliança La Serra a Montalt' was a syntax
    error (the article read as the keyword of 'aliança [la] rebels')."""
    state = _peninsula_start(False, "x")
    names = declaration_names(PENINSULA, state)
    parsed = parse_declarations("aliança La Serra a Montalt", names=names, power="ponent")
    expected = Declaration("ponent", K.ALLY, target="serra", place="montalt")
    assert parsed.declarations == (expected,), [i.render() for i in parsed.issues]


def _orphan_board() -> GenesState:
    """Ponent is out of the game; its Maria is held by Llevant (standing in
    Llevant's field); Llevant keeps one city, empty; Migjorn has 3 Exèrcit in
    Llevant's field and owns every other city."""
    taken = {"ponent_a", "ponent_b", "ponent_c", "llevant_b", "llevant_c"}
    cities = {
        k: c.with_(owner="migjorn") if k in taken else c for k, c in fx.default_cities().items()
    }
    dead = CharacterStatus.DEAD
    captured = CharacterStatus.CAPTURED
    characters = [
        fx.character("joan", "ponent", principal=True, authority=1).with_(status=dead),
        fx.character("maria", "ponent", "field:llevant", diplomacy=1).with_(
            status=captured, held_by="llevant"
        ),
        fx.character("pere", "llevant", principal=True, authority=2),
        fx.character("anna", "migjorn", principal=True, diplomacy=1),
    ]
    forces = [Force("migjorn", "field:llevant", 3), Force("migjorn", "migjorn_a", 5)]
    state = fx.make_state(cities=cities, characters=characters, forces=forces)
    return fx.with_country(state, "ponent", eliminated=True)


@pytest.mark.parametrize("how", ["captor_eliminated", "released"])
def test_a_freed_captive_of_an_eliminated_country_leaves_play(how: str) -> None:
    """Found by the state property: Maria, of eliminated Ponent, was set free
    (a free character of a country out of the game) when her captor was
    eliminated or released her; docs/genes.md: its characters leave play."""
    state = _orphan_board()
    if how == "captor_eliminated":  # Migjorn takes Llevant's last city, undefended
        lines = [fx.decl("migjorn", K.BATTLE, place="llevant_a")]
    else:
        lines = [fx.decl("llevant", K.RELEASE, character="maria")]
    resolution = resolve_turn(
        state, lines, fx.make_region(), GenesOptions(), fx.FixedDice(default=5)
    )
    maria = resolution.state.characters["maria"]
    assert maria.status is CharacterStatus.DEAD, maria


def test_a_character_killed_on_the_way_is_not_promoted() -> None:
    """Found by the dead-act-no-more property: 'ascendir Maria principal amb
    Maria', Maria standing in Migjorn, travels to Ponent's capital through
    Llevant, whose watch (vigilància assassinar, 002 §5.4.1) wins: she dies,
    and was still named principal (Joan no longer was)."""
    characters = [
        fx.character("joan", "ponent", principal=True, authority=1, diplomacy=2, militarism=1),
        fx.character("maria", "ponent", "migjorn_a", diplomacy=1, militarism=3),
        fx.character("pere", "llevant", principal=True, authority=2, diplomacy=2),
        fx.character("anna", "migjorn", principal=True, diplomacy=1, technology=2),
    ]
    state = fx.make_state(characters=characters)
    lines = [
        fx.decl("ponent", K.PROMOTE, character="maria", principal=True, helpers=["maria"]),
        fx.decl("llevant", K.WATCH, mode="assassinate"),
    ]
    faces = {"ponent:1:watch:llevant:maria": 10, "ponent:1:travel:maria:llevant": 1}
    dice = fx.FixedDice(faces, default=5)
    resolution = resolve_turn(state, lines, fx.make_region(), GenesOptions(), dice)
    after = resolution.state
    assert after.characters["maria"].status is CharacterStatus.DEAD
    assert after.principal_of("ponent") == after.characters["joan"], after.principal_of("ponent")


def test_a_country_lost_to_unbacked_rebels_leaves_ruins() -> None:
    """002 §5.4.3 Guerra civil, ending (a), as docs/genes.md reads it: Ponent's
    whole army stands abroad when its civil war is fought, so its loyal
    Exèrcit is 0 and it is eliminated; nobody backs the rebels, so its cities
    stay as ruins of the eliminated country (no forces in them), for anyone
    to take without a roll."""
    state = fx.make_state(
        forces=[Force("ponent", "field:llevant", 8), *fx.default_forces()[2:]],
        civil_wars={"ponent": CivilWar("ponent", 5)},
        start=TurnStart(forced={"ponent": ("civil_war",)}),
    )
    resolution = resolve_turn(state, [], fx.make_region(), GenesOptions(), fx.FixedDice(default=5))
    after = resolution.state
    assert after.countries["ponent"].eliminated
    assert [c.id for c in after.cities_of("ponent")] == [c.id for c in state.cities_of("ponent")]
    assert after.forces_of("ponent") == ()


# --- coverage ---------------------------------------------------------------------------------

AIMED_IMPOSSIBLE = {
    R.NOT_OWN_CITY, R.ALREADY_WALLED, R.NAME_TAKEN, R.NO_COUNTERPOWER, R.COUNTERPOWER_EXISTS,
    R.NO_DISORDER, R.TRAIT_AT_MAX, R.SAME_COUNTRY, R.TARGET_ELIMINATED,
    R.NO_FORCES_THERE, R.NO_ENEMY_THERE, R.NOT_ENOUGH_TROOPS, R.BESIEGED,
    R.ALREADY_BESIEGED, R.NO_CIVIL_WAR, R.NOT_YOUR_CHARACTER, R.OWN_CHARACTER,
    R.CHARACTER_UNAVAILABLE, R.NOT_CAPTIVE, R.BAD_AMOUNT, R.DISABLED_BY_DISASTER,
    R.ALREADY_PRINCIPAL, R.NO_CHARACTERISTIC, R.NO_PLACE, R.SAME_PLACE, R.NOT_YOUR_CHOICE,
    R.NO_DISASTER, R.NOT_AFFECTED_CITY, R.ALREADY_CHOSEN,
}  # fmt: skip
"""The impossible reasons the generator aims at. Not aimed at:
NOT_MORE_ADVANCED (only with the option `copy_from_more_advanced`, issue 18
#10), NOT_REACHABLE (the random regions join every country, issue 18 #9),
CHARACTER_NOT_THERE (the turn classifies a personal
action by where its character stands before the handler looks, so the
handler's check never fails through `resolve_turn`)."""

WANTED_EFFECTS = {
    EffectKind.CITY_TAKEN, EffectKind.CITY_BESIEGED, EffectKind.SIEGE_BROKEN,
    EffectKind.CHARACTER_KILLED, EffectKind.CHARACTER_CAPTURED, EffectKind.CHARACTER_RELEASED,
    EffectKind.CHARACTER_CONVINCED, EffectKind.CITY_FOUNDED, EffectKind.CHARACTER_CREATED,
    EffectKind.INVESTIGATION_USED, EffectKind.INVESTIGATION_CANCELLED, EffectKind.ELIMINATED,
    EffectKind.CIVIL_WAR_ENDED, EffectKind.DISORDER_RESTORED, EffectKind.DISASTER_CHOSEN,
}  # fmt: skip
WANTED_FRAME = {EffectKind.CIVIL_WAR_BEGUN, EffectKind.CRISIS_BEGUN, EffectKind.VICTORY}


@dataclass
class Reached:
    kinds: set[ActionKind]
    outcomes: set[tuple[ActionKind, GenesReason]]
    reasons: set[GenesReason]
    effects: set[EffectKind]
    frame: set[EffectKind]
    turns: int = 0

    def add(self, turn: Turn) -> None:
        self.turns += 1
        for result in turn.resolution.results:
            kind = result.declaration.kind
            self.reasons.add(result.reason)
            self.outcomes.add((kind, result.reason))
            if result.reason in RESOLVED_REASONS:
                self.kinds.add(kind)
            self.effects |= {e.kind for e in result.effects}
        self.frame |= {e.kind for e in turn.resolution.frame.effects}


COVERAGE_SEEDS = range(16)


def _coverage(seeds: Iterable[int] = COVERAGE_SEEDS) -> Reached:
    reached = Reached(set(), set(), set(), set(), set())
    for seed in seeds:
        secret = f"s{seed}"
        games = [
            _peninsula_game(seed, secret, 8, events=True),
            _peninsula_game(seed, secret, 8, events=True, victory=False),
            _generated_game(4 + seed % 3, seed, secret, 6, events=True, victory=False),
        ]
        for game in games:
            for turn in game:
                reached.add(turn)
    return reached


def test_the_random_games_reach_every_outcome() -> None:
    """The generator's coverage, on fixed seeds: without it the properties above
    could pass on games where nothing happens."""
    reached = _coverage()
    costing = {k for k in ActionKind}
    assert costing <= reached.kinds, sorted(k.id for k in costing - reached.kinds)
    battles = {(K.BATTLE, R.WON), (K.BATTLE, R.LOST), (K.EXTERNAL_BATTLE, R.WON)}
    battles |= {(K.EXTERNAL_BATTLE, R.LOST), (K.SIEGE, R.PASSED), (K.CIVIL_WAR, R.WON)}
    assert battles <= reached.outcomes, sorted(
        (k.id, r.value) for k, r in battles - reached.outcomes
    )
    missing = AIMED_IMPOSSIBLE - reached.reasons
    assert not missing, sorted(r.value for r in missing)
    assert WANTED_EFFECTS <= reached.effects, sorted(
        e.value for e in WANTED_EFFECTS - reached.effects
    )
    assert WANTED_FRAME <= reached.frame, sorted(e.value for e in WANTED_FRAME - reached.frame)
