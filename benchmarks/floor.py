"""The floor of a movement phase in CPython: building mapjudge's answer alone.

`CLASSIC.resolve` returns a `Resolution`: one `OrderResult` per order (and per
unit without one), the units of the next state in order, and that state. Any
engine that gives this answer must at least build it. `output_floor` builds it
from answers known beforehand (worked out untimed by `CLASSIC.resolve`): the
units indexed by area, each result's order matched to its unit, one
`OrderResult` each, a new `Unit` for each unit that moved, the units sorted,
the next `GameState` and the `Resolution`. No order is checked and nothing is
adjudicated, so no engine with this output can be faster than this; the peer's
time over it is the best ratio such an engine could show on the row.

`side_by_side.py` times it beside the engine rows (`make bench`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from adjudicator.kits.board.results import OrderResult, Outcome, Resolution, ResultReason
from adjudicator.kits.board.state import GameState, Unit
from adjudicator.rulesets.classic import CLASSIC
from maps.model import GameMap
from orders.board.model import Move, Order, UnitOrder


@dataclass(frozen=True)
class Answer:
    """One result as the engine found it: the order, its outcome and reason, and
    where its unit stands after the phase (None: where it stood)."""

    order: Order
    location: str  # where the order says its unit stands
    outcome: Outcome
    reason: ResultReason
    moved_to: str | None


def answers(state: GameState, orders: tuple[Order, ...], game_map: GameMap) -> list[Answer]:
    """The engine's answers for one phase, found untimed (a move that succeeded
    ends at its order's destination: the floor does not care for coasts)."""
    resolution = CLASSIC.resolve(state, orders, game_map)
    return [
        Answer(r.order, _location(r.order), r.outcome, r.reason, _moved_to(r))
        for r in resolution.results
    ]


def _location(order: Order) -> str:
    return order.unit.location if isinstance(order, UnitOrder) else ""


def _moved_to(result: OrderResult) -> str | None:
    return result.order.dest if isinstance(result.order, Move) and result.succeeded else None


def output_floor(state: GameState, found: list[Answer]) -> Callable[[], Resolution[GameState]]:
    """The timed part: build the answer's objects, as an engine must."""

    def build() -> Resolution[GameState]:
        board = {u.location.partition("/")[0]: u for u in state.units}
        results = []
        units = []
        for answer in found:
            unit = board.get(answer.location.partition("/")[0])
            results.append(OrderResult(answer.order, answer.outcome, answer.reason, unit))
            if unit is not None:
                moved_to = answer.moved_to
                units.append(Unit(unit.power, unit.kind, moved_to) if moved_to else unit)
        units.sort(key=lambda u: u.sort_key)
        nxt = replace(state, units=tuple(units), dislodged=(), standoffs=frozenset())
        return Resolution(previous=state, state=nxt, results=tuple(results))

    return build
