"""Long chains of moves resolve without deep recursion (issue 12).

A chain A0 -> A1 -> ... -> An, each unit moving into the area of the next one,
makes each move depend on the next. The resolver evaluates its decisions on an
explicit stack, so the chain's length is bounded by memory, not by Python's
recursion limit (about 1,000 frames; the recursive resolver died past ~250 links).
"""

from __future__ import annotations

import sys

import pytest

from adjudicator.core.phase import Phase
from adjudicator.kits.board.resolver import Contest, HoldSpec, MoveSpec, adjudicate, combatant
from adjudicator.kits.board.results import Outcome, Reason
from adjudicator.kits.board.state import GameState, Unit
from adjudicator.rulesets.classic import CLASSIC
from maps.model import Area, AreaKind, Crossing, GameMap, PowerInfo, build_graph
from orders.board.model import Hold, Move, Order, UnitKind, UnitRef

LINKS = 5_000
POWERS = ("AUS", "FRA")


def _area(i: int) -> str:
    return f"L{i}"


def _contest(links: int, head_bounces: bool) -> Contest:
    """Units in L0..L{links-1}, each moving to the next area; the head's target
    L{links} is empty, or holds a unit when `head_bounces`."""
    units = {_area(i): combatant(POWERS[i % 2]) for i in range(links)}
    orders: dict[str, MoveSpec | HoldSpec] = {
        _area(i): MoveSpec(_area(i), _area(i + 1)) for i in range(links)
    }
    if head_bounces:
        units[_area(links)] = combatant(POWERS[links % 2])
        orders[_area(links)] = HoldSpec(_area(links))
    return Contest(units=units, orders=orders, convoy_graph=lambda area: frozenset())


def test_chain_is_longer_than_the_recursion_limit() -> None:
    assert LINKS > 2 * sys.getrecursionlimit()


@pytest.mark.parametrize("first", ["tail", "head"])
def test_resolver_chain_into_an_empty_area_all_succeed(first: str) -> None:
    contest = _contest(LINKS, head_bounces=False)
    if first == "head":  # resolve the head first: every decision is then one step
        orders = dict(reversed(list(contest.orders.items())))
        contest = Contest(contest.units, orders, contest.convoy_graph)
    verdict = adjudicate(contest)
    assert all(verdict.success[_area(i)] for i in range(LINKS))
    assert not verdict.dislodged_by


def test_resolver_chain_into_a_holding_unit_all_fail() -> None:
    verdict = adjudicate(_contest(LINKS, head_bounces=True))
    assert not any(verdict.success[_area(i)] for i in range(LINKS))
    assert verdict.success[_area(LINKS)]  # the holding unit holds
    assert not verdict.dislodged_by


def test_resolver_long_ring_is_circular_movement() -> None:
    """A ring of moves (the last into the first area) all succeed (DATC 6.C.1),
    however long the ring."""
    units = {_area(i): combatant(POWERS[i % 2]) for i in range(LINKS)}
    orders = {_area(i): MoveSpec(_area(i), _area((i + 1) % LINKS)) for i in range(LINKS)}
    verdict = adjudicate(Contest(units, orders, lambda area: frozenset()))
    assert all(verdict.success.values())


def _line_map(length: int) -> GameMap:
    """L0 - L1 - ... - L{length-1}, all land, armies only."""
    areas = {_area(i): Area(_area(i), f"Land {i}", AreaKind.LAND) for i in range(length)}
    edges = [(_area(i), _area(i + 1), Crossing.ARMY) for i in range(length - 1)]
    powers = {p: PowerInfo(p, p) for p in POWERS}
    return GameMap("line", areas, build_graph(areas.values(), edges), powers=powers)


@pytest.mark.parametrize("head_bounces", [False, True])
def test_classic_chain_of_moves(head_bounces: bool) -> None:
    """The whole movement phase of `classic` on a line map: a chain of LINKS armies,
    each moving into the next one's area; the head moves into an empty area (every
    move succeeds) or into a holding army (every move fails, nobody is dislodged)."""
    game_map = _line_map(LINKS + 1)
    army = [Unit(POWERS[i % 2], UnitKind.ARMY, _area(i)) for i in range(LINKS + 1)]
    units = army if head_bounces else army[:LINKS]
    orders: list[Order] = [
        Move(u.power, UnitRef(u.kind, u.location), _area(i + 1)) for i, u in enumerate(army[:LINKS])
    ]
    if head_bounces:
        head = army[LINKS]
        orders.append(Hold(head.power, UnitRef(head.kind, head.location)))
    state = GameState(Phase.parse("1901-spring-movement"), tuple(sorted(units)))
    resolution = CLASSIC.resolve(state, orders, game_map)
    moves = [r for r in resolution.results if isinstance(r.order, Move)]
    assert len(moves) == LINKS
    if head_bounces:
        assert all(r.outcome is Outcome.FAILS and r.reason is Reason.BOUNCED for r in moves)
        assert resolution.state.units == state.units
    else:
        assert all(r.outcome is Outcome.SUCCEEDS for r in moves)
        after = {u.location for u in resolution.state.units}
        assert after == {_area(i + 1) for i in range(LINKS)}
    assert not resolution.state.dislodged
