"""Properties of `machiavelli` on random games (Hypothesis).

DESIGN.md's conformance test for the Machiavelli ruleset (003 §1-4): from the
`balance` start, a game is played with random orders for a random number of
phases, through movement, retreat and spring adjustment phases, and after
every phase:

- in a movement phase every unit gets exactly one result, and every unit ends
  where its result says (moved, converted, surrendered, dislodged, turned
  garrison or destroyed); in a retreat phase every dislodged unit gets one;
- an area holds at most one army or fleet and its city at most one garrison;
  garrisons stand only in fortified cities, no army at sea or in Venice, no
  fleet inland (003 §3.2);
- every siege names an area with another power's garrison in the city and the
  besieging power's army or fleet in the province (003 §4.4);
- the calendar runs spring -> summer -> fall -> next spring, with a retreat
  phase exactly when a unit waits to retreat and a spring adjustment when a
  power has more units than cities (003, "Secuencia de juego", §1);
- resolving the same phase twice gives the same results, events and state, and
  the state round-trips through YAML.

Orders come from `tests.generators.machiavelli_orders` (legal-looking orders,
many illegal ones among them) plus the noise every conformance test adds,
driven by a seed Hypothesis draws, so a failure shrinks to a seed and a phase
count that reproduce it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import EventKind, Reason, Resolution, ResultReason
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliReason, MachiavelliState
from maps import load_map
from maps.model import AreaKind
from orders.board.model import Besiege, Build, Convert, Move, Order, UnitKind, UnitRef
from tests.generators.machiavelli_orders import (
    random_machiavelli_movement_orders,
    random_machiavelli_orders,
)
from tests.property_checks import PRE_MATCH, noise, unit_results, yaml_round_trip

GAME_MAP = load_map("machiavelli")
BALANCE = MACHIAVELLI.initial_state(GAME_MAP, "balance")

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
DISORDER = st.sets(st.sampled_from(BALANCE.powers()), min_size=1, max_size=3)

IGNORED = PRE_MATCH | {Reason.CIVIL_DISORDER}
"""Orders set aside before matching, here also those of a power in civil disorder (003 §4.6)."""
NEXT_SEASON = {Season.SPRING: Season.SUMMER, Season.SUMMER: Season.FALL}


# --- playing ---------------------------------------------------------------------------


def _orders(state: MachiavelliState, rng: random.Random) -> list[Order]:
    """Random orders for the phase, with noise (an order of another phase included)."""
    orders = random_machiavelli_orders(state, GAME_MAP, rng)
    if state.phase.kind == PhaseKind.MOVEMENT:
        return noise(
            state, orders, rng, GAME_MAP, lambda p: Build(p, UnitRef(UnitKind.ARMY, "FLO"))
        )
    return noise(state, orders, rng, GAME_MAP, lambda p: Besiege(p, UnitRef(UnitKind.ARMY, "FLO")))


def _play(
    seed: int, phases: int, options: Any = None
) -> Iterator[tuple[MachiavelliState, list[Order], Resolution[MachiavelliState]]]:
    """`phases` phases of a random game from the `balance` start: (state, orders, resolution)."""
    rng = random.Random(seed)
    state = BALANCE
    for _ in range(phases):
        orders = _orders(state, rng)
        resolution = MACHIAVELLI.resolve(state, orders, GAME_MAP, options)
        yield state, orders, resolution
        state = resolution.state


# --- checks ----------------------------------------------------------------------------


def _assert_board(state: MachiavelliState) -> None:
    """One army or fleet per area, one garrison per city, each where its kind may stand."""
    provinces = Counter(u.location for u in state.units if u.kind is not UnitKind.GARRISON)
    cities = Counter(u.location for u in state.units if u.kind is UnitKind.GARRISON)
    assert all(n == 1 for n in provinces.values()), f"two armies or fleets in one area: {provinces}"
    assert all(n == 1 for n in cities.values()), f"two garrisons in one city: {cities}"
    for unit in state.units:
        area = GAME_MAP.areas[unit.location]
        match unit.kind:
            case UnitKind.GARRISON:
                assert area.city is not None and area.city.fortified, f"{unit}: no fortified city"
            case UnitKind.ARMY:
                assert area.kind is not AreaKind.SEA, f"{unit}: an army at sea"
            case UnitKind.FLEET:
                assert area.kind is not AreaKind.LAND, f"{unit}: a fleet inland"


def _assert_sieges(state: MachiavelliState) -> None:
    """Each siege: another power's garrison in the city, the besieger's unit in the province."""
    for area, power in state.sieges.items():
        garrison, besieger = state.garrison_at(area), state.unit_at(area)
        assert garrison is not None and garrison.power != power, f"siege of {area}: {garrison}"
        assert besieger is not None and besieger.power == power, f"siege of {area}: {besieger}"


def _expected_after_movement(resolution: Resolution[MachiavelliState]) -> Counter[Unit]:
    """Each unit of the previous board where its result and the board events say it
    ends: moved, converted, gone if its city surrendered or it was destroyed, a
    garrison if it withdrew into its city, in place otherwise (waiting to retreat
    included). A garrison whose city surrendered has the result `city_taken`,
    whatever it was ordered."""
    settled = {
        e.unit: e.kind
        for e in resolution.events
        if e.kind in (EventKind.BECAME_GARRISON, EventKind.DESTROYED)
    }
    expected: Counter[Unit] = Counter()
    for result in resolution.results:
        unit, order = result.unit, result.order
        if unit is None or result.reason in IGNORED:
            continue
        if result.reason is MachiavelliReason.CITY_TAKEN and unit.kind is UnitKind.GARRISON:
            continue
        if result.reason is Reason.MOVED:
            assert isinstance(order, Move)
            expected[Unit(unit.power, unit.kind, order.dest)] += 1
        elif result.reason is MachiavelliReason.CONVERTED:
            assert isinstance(order, Convert)
            expected[Unit(unit.power, order.to, unit.location)] += 1
        elif settled.get(unit) is EventKind.BECAME_GARRISON:
            expected[Unit(unit.power, UnitKind.GARRISON, unit.location)] += 1
        elif unit not in settled:
            expected[unit] += 1
    return expected


def _cities(state: MachiavelliState, power: str) -> int:
    return sum(1 for a in state.controlled_by(power) if GAME_MAP.areas[a].city is not None)


def _surplus(state: MachiavelliState) -> list[str]:
    """Powers with more units than cities controlled: they must remove (003 §1)."""
    return [p for p in state.powers() if len(state.units_of(p)) > _cities(state, p)]


def _assert_calendar(before: MachiavelliState, after: MachiavelliState) -> None:
    """Spring -> summer -> fall -> next spring; a retreat phase exactly when a unit
    waits to retreat; spring opens with an adjustment when some power must remove."""
    phase = before.phase
    waiting = bool(after.dislodged)
    assert (after.phase.kind == PhaseKind.RETREAT) == waiting, after.phase
    if phase.kind == PhaseKind.ADJUSTMENT:
        assert after.phase == Phase(phase.year, Season.SPRING, PhaseKind.MOVEMENT)
    elif phase.kind == PhaseKind.MOVEMENT and waiting:
        assert after.phase == Phase(phase.year, phase.season, PhaseKind.RETREAT)
    elif phase.season in NEXT_SEASON:
        assert after.phase == Phase(phase.year, NEXT_SEASON[phase.season], PhaseKind.MOVEMENT)
    else:
        assert phase.season == Season.FALL, phase
        assert (after.phase.year, after.phase.season) == (phase.year + 1, Season.SPRING)
        if after.phase.kind == PhaseKind.MOVEMENT:
            assert not _surplus(after), f"{_surplus(after)} must remove units first"


def _assert_adjusted(before: MachiavelliState, after: MachiavelliState) -> None:
    """A power with surplus ends with as many units as cities; one short of cities ends
    with no fewer units than it had and no more than its cities (003 §1)."""
    for power in before.powers():
        cities, had, has = (
            _cities(before, power),
            len(before.units_of(power)),
            len(after.units_of(power)),
        )
        if had > cities:
            assert has == cities, f"{power}: {had} units, {cities} cities, {has} after"
        else:
            assert had <= has <= max(cities, had), f"{power}: {had} -> {has} with {cities} cities"


def _assert_phase(
    before: MachiavelliState,
    orders: list[Order],
    resolution: Resolution[MachiavelliState],
    options: Any = None,
) -> None:
    after = resolution.state
    match before.phase.kind:
        case PhaseKind.MOVEMENT:
            assert unit_results(resolution, IGNORED) == Counter(before.units)
            moved_or_not = Counter(after.units) + Counter(d.unit for d in after.dislodged)
            assert moved_or_not == _expected_after_movement(resolution)
        case PhaseKind.RETREAT:
            assert unit_results(resolution, IGNORED) == Counter(d.unit for d in before.dislodged)
        case PhaseKind.ADJUSTMENT:
            _assert_adjusted(before, after)
    _assert_board(after)
    _assert_sieges(after)
    _assert_calendar(before, after)
    again = MACHIAVELLI.resolve(before, list(orders), GAME_MAP, options)
    assert (again.results, again.events, again.state) == (
        resolution.results,
        resolution.events,
        after,
    ), "the same inputs gave other outputs"
    assert yaml_round_trip(after) == after


# --- properties ------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS)
def test_the_balance_start_keeps_its_invariants(seed: int) -> None:
    assert yaml_round_trip(BALANCE) == BALANCE
    _assert_board(BALANCE)
    for before, orders, resolution in _play(seed, 1):
        _assert_phase(before, orders, resolution)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS, phases=st.integers(min_value=2, max_value=16))
def test_a_random_game_keeps_its_invariants_phase_after_phase(seed: int, phases: int) -> None:
    for before, orders, resolution in _play(seed, phases):
        _assert_phase(before, orders, resolution)


@settings(max_examples=15, deadline=None)
@given(seed=SEEDS, phases=st.integers(min_value=2, max_value=12), disorder=DISORDER)
def test_civil_disorder_keeps_the_invariants(seed: int, phases: int, disorder: set[str]) -> None:
    """Powers in civil disorder (003 §4.6): their units hold, give no support and are
    destroyed when dislodged; their orders are set aside."""
    options = MACHIAVELLI.options_type(civil_disorder=tuple(disorder))
    for before, orders, resolution in _play(seed, phases, options):
        _assert_phase(before, orders, resolution, options)


@settings(max_examples=30, deadline=None)
@given(seed=SEEDS)
def test_the_same_seed_gives_the_same_orders(seed: int) -> None:
    first = random_machiavelli_movement_orders(BALANCE, GAME_MAP, random.Random(seed))
    assert first == random_machiavelli_movement_orders(BALANCE, GAME_MAP, random.Random(seed))


def test_the_random_games_reach_every_phase_kind_and_order_outcome() -> None:
    """The generator's coverage, on fixed seeds: without it the properties above could
    pass on games where nothing happens."""
    kinds: set[PhaseKind] = set()
    outcomes: set[tuple[str, ResultReason]] = set()
    events: set[EventKind] = set()
    for seed in range(8):
        for before, _, resolution in _play(seed, 12):
            kinds.add(before.phase.kind)
            outcomes |= {(type(r.order).__name__, r.reason) for r in resolution.results}
            events |= {e.kind for e in resolution.events}
    assert kinds == set(MACHIAVELLI.calendar.kinds)
    wanted = {
        ("Move", Reason.MOVED),
        ("Move", Reason.BOUNCED),
        ("Move", MachiavelliReason.GARRISON_CANNOT_MOVE),
        ("SupportMove", Reason.SUPPORT_GIVEN),
        ("SupportHold", Reason.SUPPORT_GIVEN),
        ("SupportConvert", Reason.SUPPORT_GIVEN),
        ("Convoy", Reason.CONVOY_GIVEN),
        ("Besiege", MachiavelliReason.SIEGE_BEGUN),
        ("Besiege", MachiavelliReason.CITY_TAKEN),
        ("Besiege", MachiavelliReason.NO_ENEMY_GARRISON),
        ("Convert", MachiavelliReason.CONVERTED),
        ("Convert", MachiavelliReason.BAD_CONVERSION),
        ("Retreat", Reason.RETREATED),
        ("Build", Reason.BUILT),
        ("Disband", Reason.REMOVED),
    }
    assert wanted <= outcomes, sorted(wanted - outcomes)
    assert {EventKind.CITY_SURRENDERED, EventKind.CONTROL_GAINED} <= events
