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

from adjudicator.core.plugin import OrderFile
from orders.issues import IssueKind, OrderIssue, Source, problems
from orders.lines import nothing_read
from texts import T_


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
        message = T_(
            "{file} holds {owner}'s orders: {owner} cannot give "
            "orders for {other}'s units (refused)",
            file=file,
            owner=name(owner),
            other=name(order.power),
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
            message = T_(
                "{earlier} and {later} both hold {power}'s orders: both are "
                "read, in that order; where they order the same unit, the order in "
                "{later} counts",
                earlier=earlier,
                later=names[index],
                power=name(power),
            )
            issues.append(OrderIssue(IssueKind.AMBIGUOUS, message, Source.whole(names[index])))
    return tuple(issues)


def file_owner(hint: str | None, writers: Iterable[str]) -> str | None:
    """The power an order file belongs to: the one its name gives (`hint`), else
    the only power its orders were given by."""
    if hint:
        return hint
    powers = set(writers)
    return powers.pop() if len(powers) == 1 else None


def read_files(
    files: Sequence[OrderFile],
    owner_of: Callable[[str], str | None],
    read: Callable[[OrderFile, str | None], tuple[Sequence[GivenT], Sequence[OrderIssue]]],
    name: Callable[[str], str],
) -> tuple[tuple[GivenT, ...], tuple[OrderIssue, ...], dict[str, str]]:
    """Every order file read with `read(file, owner)`: the orders each file may
    give (`own_orders`), every issue (a file from which nothing was read is a
    problem, Trust #1, #6; several files of one power are reported), and whose
    file is whose. `owner_of(file name)` is the power a file is named after."""
    orders: list[GivenT] = []
    issues: list[OrderIssue] = []
    owners: dict[str, str] = {}
    for f in files:
        hint = owner_of(f.name)
        given, found = read(f, hint)
        mine, refused = own_orders(f.name, hint, given, name)
        orders += mine
        issues += [*found, *refused]
        if not given and not problems(found):
            issues.append(nothing_read(f.name, f.text))
        owner = file_owner(hint, (o.power for o in mine))
        if owner:
            owners[f.name] = owner
    issues += shared_files((f.name for f in files), owners, name)
    return tuple(orders), tuple(issues), owners
