"""Properties of `classic` on random positions and random orders (Hypothesis).

DESIGN.md's conformance test: every unit gets exactly one result, no two
units share a place, the same inputs give the same outputs, the state
round-trips through YAML; plus retreat and adjustment phases. Positions and
orders come from `tests.generators.board_orders`, driven by a seed Hypothesis draws, so a
failure shrinks to a seed and a unit count that reproduce it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import Reason, Resolution
from adjudicator.kits.board.state import GameState, PhaseKind, Season, Unit
from adjudicator.rulesets.classic import CLASSIC
from maps import load_map, split_location
from orders.board.model import Build, Move, Order, UnitKind, UnitRef
from tests.generators.board_orders import (
    random_adjustment_orders,
    random_movement_orders,
    random_position,
    random_retreat_orders,
)
from tests.property_checks import PRE_MATCH, noise, unit_results, yaml_round_trip

GAME_MAP = load_map("classic")
PROPERTY_SETTINGS = settings(max_examples=150, deadline=None)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
UNIT_COUNTS = st.integers(min_value=1, max_value=40)

# --- helpers ------------------------------------------------------------------------


def _position(seed: int, n_units: int) -> tuple[GameState, random.Random]:
    rng = random.Random(seed)
    return random_position(GAME_MAP, rng, n_units), rng


def _noise(state: GameState, orders: list[Order], rng: random.Random) -> list[Order]:
    return noise(
        state, orders, rng, GAME_MAP, lambda power: Build(power, UnitRef(UnitKind.ARMY, "PAR"))
    )


def _areas(units: Sequence[Unit]) -> list[str]:
    return [split_location(u.location)[0] for u in units]


def _assert_no_shared_area(units: Sequence[Unit]) -> None:
    shared = [a for a, n in Counter(_areas(units)).items() if n > 1]
    assert not shared, f"two units in {shared}: {sorted(units)}"


def _expected_after_movement(resolution: Resolution) -> Counter[Unit]:
    """Each unit of the previous board where its result says it ends: at the move's
    destination if it moved, in place otherwise (dislodged units included)."""
    expected: Counter[Unit] = Counter()
    for result in resolution.results:
        unit = result.unit
        if unit is None or result.reason in PRE_MATCH:
            continue
        if result.reason is Reason.MOVED:
            assert isinstance(result.order, Move)
            expected[Unit(unit.power, unit.kind, result.order.dest)] += 1
        else:
            expected[unit] += 1
    return expected


def _movement(seed: int, n_units: int) -> tuple[GameState, list[Order], Resolution]:
    state, rng = _position(seed, n_units)
    orders = _noise(state, random_movement_orders(state, GAME_MAP, rng), rng)
    return state, orders, CLASSIC.resolve(state, orders, GAME_MAP)


# --- movement -----------------------------------------------------------------------


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_every_unit_gets_exactly_one_result(seed: int, n_units: int) -> None:
    state, _, resolution = _movement(seed, n_units)
    assert unit_results(resolution) == Counter(state.units)


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_units_are_kept_and_never_share_an_area(seed: int, n_units: int) -> None:
    state, _, resolution = _movement(seed, n_units)
    after = resolution.state
    _assert_no_shared_area(after.units)
    moved_or_not = Counter(after.units) + Counter(d.unit for d in after.dislodged)
    assert moved_or_not == _expected_after_movement(resolution)
    assert sum(moved_or_not.values()) == len(state.units)


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_dislodged_units_stand_where_a_unit_moved_in(seed: int, n_units: int) -> None:
    _, _, resolution = _movement(seed, n_units)
    occupied = set(_areas(resolution.state.units))
    for dislodged in resolution.state.dislodged:
        assert split_location(dislodged.unit.location)[0] in occupied
    assert not resolution.state.standoffs & occupied


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_same_inputs_give_same_outputs(seed: int, n_units: int) -> None:
    state, orders, first = _movement(seed, n_units)
    second = CLASSIC.resolve(state, list(orders), GAME_MAP)
    assert second.results == first.results
    assert second.state == first.state
    assert random_movement_orders(state, GAME_MAP, random.Random(seed)) == random_movement_orders(
        state, GAME_MAP, random.Random(seed)
    )


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_state_round_trips_through_yaml(seed: int, n_units: int) -> None:
    state, _, resolution = _movement(seed, n_units)
    assert yaml_round_trip(state) == state
    assert yaml_round_trip(resolution.state) == resolution.state


# --- retreats and adjustments ----------------------------------------------------------


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=st.integers(min_value=10, max_value=40))
def test_retreat_phase_leaves_no_two_units_in_one_area(seed: int, n_units: int) -> None:
    state, rng = _position(seed, n_units)
    for _ in range(5):  # a few order sets on the position, until one dislodges a unit
        retreat = CLASSIC.resolve(
            state, random_movement_orders(state, GAME_MAP, rng), GAME_MAP
        ).state
        if retreat.phase.kind == PhaseKind.RETREAT:
            break
    else:
        return
    orders = _noise(retreat, random_retreat_orders(retreat, GAME_MAP, rng), rng)
    resolution = CLASSIC.resolve(retreat, orders, GAME_MAP)
    _assert_no_shared_area(resolution.state.units)
    assert unit_results(resolution) == Counter(d.unit for d in retreat.dislodged)
    assert not resolution.state.dislodged
    stayed = Counter(resolution.state.units) - Counter(retreat.units)
    assert sum(stayed.values()) <= len(retreat.dislodged)
    assert yaml_round_trip(retreat) == retreat


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_adjustment_keeps_each_power_within_its_allowance(seed: int, n_units: int) -> None:
    position, rng = _position(seed, n_units)
    state = position.with_(phase=Phase(position.phase.year, Season.WINTER, PhaseKind.ADJUSTMENT))
    orders = _noise(state, random_adjustment_orders(state, GAME_MAP, rng), rng)
    after = CLASSIC.resolve(state, orders, GAME_MAP).state
    _assert_no_shared_area(after.units)
    for power in state.powers():
        centres, before = len(state.centers_of(power)), len(state.units_of(power))
        count = len(after.units_of(power))
        assert count <= max(centres, before), power
        if before > centres:
            assert count == centres, f"{power} must remove down to its centres"


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, n_units=st.integers(min_value=10, max_value=34))
def test_a_random_game_keeps_its_invariants_phase_after_phase(seed: int, n_units: int) -> None:
    state, rng = _position(seed, n_units)
    for _ in range(8):
        orders = _random_orders(state, rng)
        resolution = CLASSIC.resolve(state, orders, GAME_MAP)
        if state.phase.kind == PhaseKind.MOVEMENT:
            assert unit_results(resolution) == Counter(state.units)
        _assert_no_shared_area(resolution.state.units)
        assert yaml_round_trip(resolution.state) == resolution.state
        assert CLASSIC.calendar.sort_key(resolution.state.phase) > CLASSIC.calendar.sort_key(state.phase)
        state = resolution.state


def _random_orders(state: GameState, rng: random.Random) -> list[Order]:
    match state.phase.kind:
        case PhaseKind.MOVEMENT:
            return random_movement_orders(state, GAME_MAP, rng)
        case PhaseKind.RETREAT:
            return random_retreat_orders(state, GAME_MAP, rng)
        case PhaseKind.ADJUSTMENT:
            return random_adjustment_orders(state, GAME_MAP, rng)


@PROPERTY_SETTINGS
@given(seed=SEEDS, n_units=UNIT_COUNTS)
def test_check_refuses_exactly_what_resolve_reports_illegal(seed: int, n_units: int) -> None:
    """`check` stops at the order checks of a movement phase (`refusals`); it
    must find the same illegal orders, in the same order, as resolving does."""
    state, orders, resolution = _movement(seed, n_units)
    refused = CLASSIC.hooks.refusals(state, orders, GAME_MAP, CLASSIC.options())
    assert [r for r in refused if r.reason.illegal] == [
        r for r in resolution.results if r.reason.illegal
    ]
