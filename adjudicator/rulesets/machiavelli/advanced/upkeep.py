"""The spring adjustment with finances (003 §5.4; AM-13, AM-14, AM-15, AM-47).

With finances on, a power keeps and buys units by paying for them, not by
counting cities (CM-5.0-1, AM-14). After control and income, each unit on the
board costs its upkeep: 3d, or a special unit's 6d or 9d (CM-5.4-1, AM-15);
a unit paid for costs nothing more until the next spring (CM-5.4-2); one not
paid, by choice or for lack of money, is removed at once (CM-5.4-3).

AM-13: a player writes `paga A MIL` / `no paga A TYR` and `compra A COMO`.
Units named `paga` are paid first, in the order written; every other unit not
refused is then paid while money lasts, nearest to the power's controlled
cities first (so that the farthest are dropped first, as the basic rules'
removals go); the report names each unit dropped. A purchase is placed as in
the basic rules (CM-5.4-4: a home area the power controls, a free slot, a
port for a fleet, a fortified city for a garrison), never in a famine area
(CM-9.4-2); one that breaks a placement rule, or that the treasury cannot
cover, is refused and not charged (AM-13).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.kits.board.adjustment import farthest_first
from adjudicator.kits.board.results import Event, EventKind, OrderResult, Outcome, Reason
from adjudicator.kits.board.state import Season, Unit
from adjudicator.rulesets.machiavelli.advanced.specials import (
    count_specials,
    purchase_problem,
    special_of,
    upkeep,
)
from adjudicator.rulesets.machiavelli.advanced.treasury import (
    Entry,
    Statement,
    charge,
    closing_treasury,
    open_statements,
)
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from adjudicator.rulesets.machiavelli.records import SpecialKind
from adjudicator.rulesets.machiavelli.spring import build_problem, cities_controlled
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import GameMap
from orders.board.model import Build, Disband, Order, UnitKind, UnitRef
from orders.machiavelli.local_names import area_name, power_label
from orders.machiavelli.model import Payment, Purchase
from texts import N_, T_


class Dropped(StrEnum):
    """Why a unit left the board at the spring's upkeep (CM-5.4-3)."""

    NOT_PAID = "not_paid"  # the player wrote `no paga`
    NO_MONEY = "no_money"  # the treasury could not pay for it


@dataclass(frozen=True)
class Upkeep:
    """The units kept and dropped, and the statements after paying."""

    statements: Mapping[str, Statement]
    kept: tuple[Unit, ...]
    dropped: tuple[tuple[Unit, Dropped], ...]
    unmatched: tuple[Payment, ...]  # lines naming no unit of the power


def pay_upkeep(
    state: MachiavelliState,
    statements: Mapping[str, Statement],
    payments: Sequence[Payment],
    game_map: GameMap,
) -> Upkeep:
    """Every power pays for its units (autonomous garrisons cost nobody anything)."""
    books = dict(statements)
    kept: list[Unit] = [u for u in state.units if u.power == AUTONOMOUS]
    dropped: list[tuple[Unit, Dropped]] = []
    unmatched: list[Payment] = []
    for power in state.powers():
        units = state.units_of(power)
        lines = [p for p in payments if p.power == power]
        named = {_named_unit(p, units): p for p in lines}
        unmatched += [p for unit, p in named.items() if unit is None]
        refused = [u for u, p in named.items() if u is not None and not p.paid]
        dropped += [(u, Dropped.NOT_PAID) for u in refused]
        for unit in _payment_order(state, game_map, power, units, lines, refused):
            paid = charge(books, power, Entry.UPKEEP, upkeep(special_of(unit, state)), str(unit))
            if paid is None:
                dropped.append((unit, Dropped.NO_MONEY))
            else:
                books = paid
                kept.append(unit)
    return Upkeep(books, tuple(sorted(kept)), tuple(dropped), tuple(unmatched))


def _named_unit(payment: Payment, units: Sequence[Unit]) -> Unit | None:
    return next(
        (u for u in units if u.kind is payment.unit_kind and u.location == payment.area), None
    )


def _payment_order(
    state: MachiavelliState,
    game_map: GameMap,
    power: str,
    units: Sequence[Unit],
    lines: Sequence[Payment],
    refused: Sequence[Unit],
) -> list[Unit]:
    """Named `paga` units in the order written, then the rest nearest first."""
    first = [u for p in lines if p.paid and (u := _named_unit(p, units)) is not None]
    rest = [u for u in units if u not in first and u not in refused]
    targets = set(cities_controlled(state, game_map, power))
    nearest_first = list(reversed(farthest_first(rest, targets, game_map)))
    return list(dict.fromkeys(first)) + nearest_first


@dataclass(frozen=True)
class RefusedPurchase:
    """A purchase refused, not charged: its place among the purchases written,
    the purchase, and why."""

    position: int
    purchase: Purchase
    reason: str


@dataclass(frozen=True)
class Purchased:
    """The units bought, their special kinds, and the purchases refused (not charged)."""

    statements: Mapping[str, Statement]
    bought: tuple[Unit, ...]
    specials: Mapping[Unit, SpecialKind]  # the bought special units
    refused: tuple[RefusedPurchase, ...]


def buy_units(
    state: MachiavelliState,
    statements: Mapping[str, Statement],
    purchases: Sequence[Purchase],
    game_map: GameMap,
    *,
    famine: frozenset[str] = frozenset(),
    special_units: bool = False,
) -> Purchased:
    """The spring's purchases, in the order written (`state` is the board after
    the upkeep: a dropped unit's place is free)."""
    books = dict(statements)
    used: set[str] = set()
    bought: list[Unit] = []
    specials: dict[Unit, SpecialKind] = {}
    refused: list[RefusedPurchase] = []
    for position, purchase in enumerate(purchases):
        new_specials = sum(1 for unit in specials if unit.power == purchase.power)
        problem = _purchase_problem(
            state, purchase, game_map, used, famine, special_units, new_specials
        )
        unit = Unit(purchase.power, purchase.unit_kind, purchase.area)
        kind = SpecialKind(purchase.special.value) if purchase.special else None
        paid = (
            None
            if problem
            else charge(books, purchase.power, Entry.PURCHASE, upkeep(kind), str(unit))
        )
        if problem or paid is None:
            why = problem or T_("the treasury cannot pay for it")
            refused.append(RefusedPurchase(position, purchase, why))
            continue
        books = paid
        used.add(str(unit))
        bought.append(unit)
        if kind is not None:
            specials[unit] = kind
    return Purchased(books, tuple(bought), specials, tuple(refused))


def _purchase_problem(
    state: MachiavelliState,
    purchase: Purchase,
    game_map: GameMap,
    used: set[str],
    famine: frozenset[str],
    special_units: bool,
    new_specials: int,
) -> str | None:
    if purchase.area not in game_map.areas:
        return T_("there is no area {area}", area=purchase.area)
    if purchase.area in famine:
        name = area_name(game_map, purchase.area)
        return T_("no unit may be placed in {area}: famine (CM-9.4-2)", area=name)
    placement = build_problem(
        state, game_map, purchase.power, UnitRef(purchase.unit_kind, purchase.area), used
    )
    if placement is not None:
        return placement[1]
    if purchase.special is None:
        return None
    if not special_units:
        return T_("this game plays no special units")
    held = count_specials(purchase.power, state) + new_specials
    return purchase_problem(
        purchase.power,
        SpecialKind(purchase.special.value),
        held,
        season=Season.SPRING,
        name=power_label(game_map, purchase.power),
    )


# --- the spring adjustment with finances, from the adjustment orders ------------------


@dataclass(frozen=True)
class FinanceAdjustment:
    """The spring adjustment's outcome: the board, the results of the orders,
    the units that left unpaid, and each power's private statement lines."""

    state: MachiavelliState
    results: tuple[OrderResult, ...]
    events: tuple[Event, ...]
    secrets: Mapping[str, tuple[str, ...]]


def finance_adjustment(
    state: MachiavelliState,
    orders: Sequence[Order],
    game_map: GameMap,
    *,
    special_units: bool,
    payments: Sequence[Payment] = (),
    purchases: Sequence[Purchase] = (),
) -> FinanceAdjustment:
    """Upkeep, then purchases (CM-S-2, §5.4). A removal order (`D A TYR`) is
    `no paga` (AM-13) and a build order (`B A COMO`) a purchase, beside the
    payment and purchase lines given apart."""
    removals = [o for o in orders if isinstance(o, Disband)]
    builds = [o for o in orders if isinstance(o, Build)]
    unpaid = [Payment(o.power, _kind(o.unit), o.unit.location, paid=False) for o in removals]
    bought = [Purchase(o.power, _kind(o.unit), o.unit.location) for o in builds]
    books = open_statements(state.treasury, state.powers())
    kept = pay_upkeep(state, books, [*payments, *unpaid], game_map)
    after_upkeep = replace(
        state,
        units=kept.kept,
        specials={u: k for u, k in state.specials.items() if u in kept.kept},
    )
    done = buy_units(
        after_upkeep,
        kept.statements,
        [*purchases, *bought],
        game_map,
        famine=state.famine,
        special_units=special_units,
    )
    results = _removal_results(removals, kept) + _build_results(builds, done, len(purchases))
    ordered = {r.unit for r in results if r.unit is not None and r.order in removals}
    events = tuple(
        Event(EventKind.UNPAID, unit.power, unit.location, unit)
        for unit, _why in kept.dropped
        if unit not in ordered  # a removal order has its own result
    ) + _bought_events(done, len(purchases))
    final = replace(
        after_upkeep,
        units=tuple(sorted((*after_upkeep.units, *done.bought))),
        specials={**after_upkeep.specials, **done.specials},
        treasury=closing_treasury(done.statements),
    )
    secrets = {p: list(statement_lines(s)) for p, s in done.statements.items() if s.lines}
    for refusal in done.refused:
        if refusal.position >= len(purchases):  # a build order has its own result
            continue
        purchase = refusal.purchase
        line = T_(
            "Purchase refused, not charged: {unit}: {reason}",
            unit=f"{purchase.unit_kind.value} {purchase.area}",
            reason=refusal.reason,
        )
        secrets.setdefault(purchase.power, []).append(line)
    for payment in kept.unmatched:
        line = T_(
            "Payment line for {unit}: no such unit of yours",
            unit=f"{payment.unit_kind.value} {payment.area}",
        )
        secrets.setdefault(payment.power, []).append(line)
    return FinanceAdjustment(final, results, events, {p: tuple(v) for p, v in secrets.items()})


def _kind(ref: UnitRef) -> UnitKind:
    return ref.kind or UnitKind.ARMY


def _removal_results(removals: Sequence[Disband], kept: Upkeep) -> tuple[OrderResult, ...]:
    dropped = {str(u): u for u, _ in kept.dropped}
    results = []
    for order in removals:
        unit = dropped.get(f"{_kind(order.unit).value} {order.unit.location}")
        if unit is None:
            results.append(
                OrderResult(order, Outcome.FAILS, Reason.NO_UNIT, None, T_("no such unit of yours"))
            )
        else:
            results.append(OrderResult(order, Outcome.SUCCEEDS, MachiavelliReason.UNPAID, unit))
    return tuple(results)


def _bought_events(done: Purchased, lines: int) -> tuple[Event, ...]:
    """The units bought with the first `lines` purchases (the purchase lines; a
    build order has its own result), for the public report: a new unit is on
    the board for all to see, what it cost is not (AM-46)."""
    placed = lines - sum(1 for r in done.refused if r.position < lines)
    return tuple(
        Event(EventKind.BOUGHT, unit.power, unit.location, unit) for unit in done.bought[:placed]
    )


def _build_results(builds: Sequence[Build], done: Purchased, first: int) -> tuple[OrderResult, ...]:
    """The results of the build orders, bought as the purchases from position
    `first` on."""
    refused = {r.position - first: r.reason for r in done.refused}
    results = []
    for position, order in enumerate(builds):
        why = refused.get(position)
        unit = Unit(order.power, _kind(order.unit), order.unit.location)
        if why is None:
            results.append(OrderResult(order, Outcome.SUCCEEDS, Reason.BUILT, unit))
        else:
            results.append(
                OrderResult(order, Outcome.FAILS, MachiavelliReason.PURCHASE_REFUSED, None, why)
            )
    return tuple(results)


def statement_lines(statement: Statement) -> tuple[str, ...]:
    """A power's treasury statement for its private report (AM-46)."""
    lines = [T_("Treasury before the adjustment: {ducats}d", ducats=statement.opening)]
    lines += [
        T_(
            "  {entry} {what}: {ducats}d",
            entry=T_(ENTRY_WORDS.get(line.entry, line.entry.value)),
            what=line.what,
            ducats=f"{line.ducats:+d}",
        )
        for line in statement.lines
    ]
    lines.append(T_("Treasury now: {ducats}d", ducats=statement.closing))
    return tuple(lines)


ENTRY_WORDS: Mapping[Entry, str] = {
    Entry.INCOME: N_("income"),
    Entry.UPKEEP: N_("upkeep"),
    Entry.PURCHASE: N_("purchase"),
    Entry.EXPENSE: N_("expense"),
    Entry.TRANSFER_IN: N_("transfer_in"),
    Entry.TRANSFER_OUT: N_("transfer_out"),
    Entry.LOAN: N_("loan"),
    Entry.REPAYMENT: N_("repayment"),
}
"""The kinds of a statement's lines (`treasury.Entry`) as the private report names them."""
