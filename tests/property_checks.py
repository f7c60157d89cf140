"""Checks shared by the Hypothesis conformance tests of every ruleset (DESIGN.md):
the results that name each unit, the YAML round trip, and the noise orders the
engine must set aside before it matches orders to units."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import TypeVar

import yaml

from adjudicator.kits.board.results import Reason, Resolution, ResultReason
from adjudicator.kits.board.state import GameState, Unit
from maps.model import GameMap
from orders.board.model import Hold, Order, UnitKind, UnitRef

PRE_MATCH: frozenset[ResultReason] = frozenset(
    {Reason.NO_UNIT, Reason.NOT_YOUR_UNIT, Reason.DUPLICATE, Reason.WRONG_PHASE}
)
"""Reasons of orders rejected before they command a unit; they do not count as the unit's result."""

StateT = TypeVar("StateT", bound=GameState)


def unit_results(
    resolution: Resolution[GameState], pre_match: AbstractSet[ResultReason] = PRE_MATCH
) -> Counter[Unit]:
    """How many results name each unit, leaving out orders rejected before matching
    (those with a reason in `pre_match`)."""
    named = [r.unit for r in resolution.results if r.reason not in pre_match]
    assert None not in named, "a result that commands no unit was not rejected before matching"
    return Counter(u for u in named if u is not None)


def yaml_round_trip(state: StateT) -> StateT:
    """The state through its YAML form and back, read by its own class (a
    ruleset's subclass reads its own keys)."""
    return type(state).from_dict(yaml.safe_load(yaml.safe_dump(state.to_dict())))


def noise(
    state: GameState,
    orders: list[Order],
    rng: random.Random,
    game_map: GameMap,
    wrong_phase: Callable[[str], Order],
) -> list[Order]:
    """`orders` plus, now and then, orders the engine must set aside before matching:
    a repeated order, an order for another power's unit, one for an empty area,
    `wrong_phase(power)` (an order of another phase, for a random power)."""
    noisy = list(orders)
    powers = sorted(game_map.power_ids())
    if orders and rng.random() < 0.3:
        noisy.append(rng.choice(orders))
    if state.units and rng.random() < 0.3:
        unit = rng.choice(state.units)
        other = rng.choice([p for p in powers if p != unit.power])
        noisy.insert(0, Hold(other, UnitRef(unit.kind, unit.location)))
    empty = sorted(a for a in game_map.areas if state.unit_at(a) is None)
    if empty and rng.random() < 0.3:
        noisy.append(Hold(rng.choice(powers), UnitRef(UnitKind.ARMY, rng.choice(empty))))
    if rng.random() < 0.2:
        noisy.append(wrong_phase(rng.choice(powers)))
    return noisy
