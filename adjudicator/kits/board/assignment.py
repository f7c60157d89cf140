"""Matching orders to the units they command, before any rule is applied.

Shared by every ruleset whose orders name units by location. An order for an
area with no unit, or for another power's unit, is illegal and ignored; when
one unit gets two orders the later one counts (players resend corrected
orders) and the earlier one is reported as overridden.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import UnionType

from adjudicator.kits.board.results import OrderResult, Outcome, Reason, ResultReason
from adjudicator.kits.board.state import Unit
from maps.model import split_location
from orders.board.model import Order, SideLine, UnitOrder, Waive
from texts import N_, T_, Text

UNMATCHED = (Waive, SideLine)
"""Orders with no unit to match (a side line is its ruleset's business)."""


@dataclass(frozen=True)
class Assignment:
    """Orders matched to units (keyed by the unit's area) and the rejected ones."""

    orders: Mapping[str, UnitOrder]
    rejected: tuple[OrderResult, ...]


def illegal(
    order: Order, reason: ResultReason, unit: Unit | None = None, detail: str = ""
) -> OrderResult:
    """A failed result for an order broken by a rule (the kit's reason or a ruleset's)."""
    return OrderResult(order, Outcome.FAILS, reason, unit, detail)


def order_area(order: UnitOrder) -> str:
    """The area an order's unit stands in (`SPA/nc` -> `SPA`)."""
    return split_location(order.unit.location)[0]


def assign_orders(
    units: Mapping[str, Unit],
    orders: Iterable[Order],
    key: Callable[[UnitOrder], str] = order_area,
) -> Assignment:
    """Match each unit order to its unit: `units` is keyed as `key(order)` keys an
    order (by area; Machiavelli tells a city's garrison from the province's unit)."""
    chosen: dict[str, UnitOrder] = {}
    rejected: list[OrderResult] = []
    for order in orders:
        if isinstance(order, UNMATCHED):
            continue
        slot = key(order)
        unit = units.get(slot)
        if unit is not None and unit.power == order.power and slot not in chosen:
            chosen[slot] = order  # the common case: the first order for one's own unit
            continue
        where = order_area(order)  # only the messages below name the area
        if unit is None:
            detail = T_("there is no unit in {area}", area=where)
            rejected.append(illegal(order, Reason.NO_UNIT, None, detail))
            continue
        if unit.power != order.power:
            rejected.append(
                illegal(
                    order,
                    Reason.NOT_YOUR_UNIT,
                    unit,
                    T_("the unit in {area} belongs to {power}", area=where, power=unit.power),
                )
            )
            continue
        detail = T_("replaced by a later order for {area}", area=where)
        rejected.append(illegal(chosen[slot], Reason.DUPLICATE, unit, detail))
        chosen[slot] = order
    return Assignment(chosen, tuple(rejected))


def split_by_phase(
    orders: Iterable[Order], allowed: type | UnionType | tuple[type, ...], phase: str
) -> tuple[list[Order], list[OrderResult]]:
    """The orders of the kinds `allowed` in this phase, and an illegal result for
    each other order ("not an order of a retreat phase")."""
    kept: list[Order] = []
    rejected: list[OrderResult] = []
    for order in orders:
        if isinstance(order, allowed):
            kept.append(order)
        else:
            rejected.append(illegal(order, Reason.WRONG_PHASE, None, wrong_phase(phase)))
    return kept, rejected


_NOT_OF: dict[str, str] = {
    "movement phase": N_("not an order of a movement phase"),
    "retreat phase": N_("not an order of a retreat phase"),
    "adjustment phase": N_("not an order of a adjustment phase"),
}
"""The kit's phases' words for an order that does not belong there (the
English keeps its words from before translations, byte for byte)."""


def wrong_phase(phase: str) -> Text:
    """`not an order of a retreat phase`, kept to be translated."""
    known = _NOT_OF.get(phase)
    return Text(known) if known is not None else T_("not an order of a {phase}", phase=phase)


def units_by_area(units: Iterable[Unit]) -> dict[str, Unit]:
    """Index units by the area they stand in (`SPA/nc` -> `SPA`)."""
    return {split_location(u.location)[0]: u for u in units}
