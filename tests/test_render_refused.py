"""Trust #14: a turn map draws what happened, not what was written. An order
refused as illegal did nothing, so it is not drawn; a build or disband that
failed did not happen, so it is not drawn either; the title says how many
refused orders are left to the report."""

from __future__ import annotations

import pytest

from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import OrderResult, Resolution
from adjudicator.kits.board.state import GameState, Unit
from adjudicator.rulesets.classic import CLASSIC
from maps import load_map
from maps.geometry import load_geometry
from orders.board.model import Build, Move, PhaseKind, UnitKind
from orders.board.parser import parse_orders
from renderers.board.map_image import render_map
from renderers.board.map_orders import drawn, left_out

MAP = load_map("classic")
GEOMETRY = load_geometry("classic")


def resolved(state: GameState, text: str) -> Resolution[GameState]:
    parsed = parse_orders(
        text, game_map=MAP, phase_kind=PhaseKind(state.phase.kind), file="o.txt", grammar="diplomacy"
    )
    assert not parsed.issues, parsed.issues
    return CLASSIC.resolve(state, parsed.orders, MAP)


def svg(state: GameState, results: tuple[OrderResult, ...], subtitle: str) -> bytes:
    return render_map(MAP, GEOMETRY, state, results, fmt="svg", subtitle=subtitle)


SPRING = GameState(
    Phase(1901, "spring", "movement"),
    (
        Unit("germany", UnitKind.ARMY, "MUN"),
        Unit("france", UnitKind.ARMY, "PAR"),
        Unit("france", UnitKind.ARMY, "MAR"),
    ),
)


def test_an_order_for_an_empty_area_and_a_support_from_one_are_not_drawn() -> None:
    """`A BER - MUN` with no unit in Berlin is no German attack that bounced, and
    `A KIE S A PAR - BUR` from an empty Kiel puts no red cross on a move that
    succeeded: the map with them equals the map without them, but for the note."""
    with_refused = resolved(
        SPRING, "germany: A BER - MUN\ngermany: A KIE S A PAR - BUR\nfrance: A PAR - BUR\n"
    )
    only_legal = resolved(SPRING, "france: A PAR - BUR\n")
    refused = [r for r in with_refused.results if r.reason.illegal]
    assert len(refused) == 2 and not any(drawn(r) for r in refused)
    assert left_out(with_refused.results) == 2
    note = "Orders (2 refused orders not drawn: see the report)"
    assert svg(with_refused.state, with_refused.results, "Orders") == svg(
        only_legal.state, only_legal.results, note
    )


def test_a_failed_build_is_not_drawn_and_a_carried_out_one_is() -> None:
    """A build on an occupied or foreign centre did not happen: no ring; a
    build that was carried out is drawn."""
    winter = GameState(
        Phase(1901, "winter", "adjustment"),
        (Unit("germany", UnitKind.ARMY, "MUN"),),
        {"MUN": "germany", "BER": "germany", "KIE": "germany", "HOL": "germany"},
    )
    turn = resolved(winter, "germany: build A MUN\ngermany: build A BER\n")
    by_place = {r.order.unit.location: r for r in turn.results if isinstance(r.order, Build)}
    assert not by_place["MUN"].succeeded and not drawn(by_place["MUN"])
    assert by_place["BER"].succeeded and drawn(by_place["BER"])


@pytest.mark.parametrize("text", ["france: A PAR - BUR\n", "france: A PAR - BUR\nfrance: A MAR - BUR\n"])
def test_orders_carried_out_or_failed_by_the_rules_are_drawn(text: str) -> None:
    """A move that succeeded, and two that bounced, are drawn: no note."""
    turn = resolved(SPRING, text)
    moves = [r for r in turn.results if isinstance(r.order, Move)]
    assert moves and all(drawn(r) for r in moves) and left_out(turn.results) == 0
    assert any(not r.succeeded for r in moves) == ("MAR" in text)
