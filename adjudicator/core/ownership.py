"""Whose order file is whose, and what a power's file may order (Trust #2).

A file named for a power (`venice.txt`; genes: `ponent.txt`) belongs to that
power: its lines give that power's orders, and an order it gives for another
power (`Milan: A Cremona - Mantua` in `venice.txt`) is refused with an
ILLEGAL issue naming both. Supporting or convoying another power's unit is
an order of one's own unit, so it is not touched. A file named for no power
(the GM's `orders.txt`) keeps its power headers. Two files for one power are
both read, in the order given; the GM is told, and told which one counts
where they order the same unit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Protocol, TypeVar

from orders.issues import IssueKind, OrderIssue, Source


class Given(Protocol):
    """An order as ownership sees it: the power that gives it, where it was written."""

    @property
    def power(self) -> str: ...

    @property
    def source(self) -> Source | None: ...


GivenT = TypeVar("GivenT", bound=Given)


def own_orders(
    file: str, owner: str | None, orders: Sequence[GivenT], name: Callable[[str], str]
) -> tuple[tuple[GivenT, ...], tuple[OrderIssue, ...]]:
    """The orders `file` may give (all of them when it belongs to no power),
    and an ILLEGAL issue for each order it gives for another power."""
    if owner is None:
        return tuple(orders), ()
    kept: list[GivenT] = []
    refused: list[OrderIssue] = []
    for order in orders:
        if order.power == owner:
            kept.append(order)
            continue
        message = (
            f"{file} holds {name(owner)}'s orders: {name(owner)} cannot give "
            f"orders for {name(order.power)}'s units (refused)"
        )
        refused.append(OrderIssue(IssueKind.ILLEGAL, message, order.source or Source.whole(file)))
    return tuple(kept), tuple(refused)


def shared_files(
    files: Iterable[str], file_powers: Mapping[str, str], name: Callable[[str], str]
) -> tuple[OrderIssue, ...]:
    """An issue on each later file of a power that has several: both are read,
    in this order, so where two order the same unit the later one counts."""
    by_power: dict[str, list[str]] = {}
    for file in files:
        power = file_powers.get(file)
        if power is not None:
            by_power.setdefault(power, []).append(file)
    issues: list[OrderIssue] = []
    for power, names in by_power.items():
        for index in range(1, len(names)):
            earlier = ", ".join(names[:index])
            message = (
                f"{earlier} and {names[index]} both hold {name(power)}'s orders: both are "
                f"read, in that order; where they order the same unit, the order in "
                f"{names[index]} counts"
            )
            issues.append(OrderIssue(IssueKind.AMBIGUOUS, message, Source.whole(names[index])))
    return tuple(issues)
