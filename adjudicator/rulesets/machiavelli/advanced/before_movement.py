"""What comes between the orders and the movement in an advanced game (003
"posible secuencia de juego": CM-S-5 .. CM-S-8): the Loan phase (`loan_phase`),
the Expense phase, then the Assassination phase, each on the board the turn
started with (AM-33, AM-34). A power that defaulted on a loan suffers the
effects of an assassination with the victims (CM-11.4-1, AM-45).

Public and private (AM-46): the public report shows every effect (a bribe
succeeded or failed, a rebellion raised, a famine relieved, an attempt and its
result) without the payer, unless the game option `public_expenses` is on;
each payer's private report lists its expenses, charged or void, and its
treasury.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.dice import Dice
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.assassination import (
    attempt_problem,
    paralysis,
    rebellion_rolls,
    resolve_attempts,
    use_attempt,
)
from adjudicator.rulesets.machiavelli.advanced.expenses import (
    Spent,
    carry_out_expenses,
    charge_of,
)
from adjudicator.rulesets.machiavelli.advanced.loan_phase import loan_phase
from adjudicator.rulesets.machiavelli.advanced.treasury import closing_treasury, open_statements
from adjudicator.rulesets.machiavelli.records import Rebellion
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps.model import GameMap
from orders.board.model import Hold, Order, SideLine, UnitRef
from orders.machiavelli.local_names import power_label
from orders.machiavelli.model import Expense, ExpenseKind
from texts import T_, joined


@dataclass(frozen=True)
class BeforeMovement:
    """The board the movement starts from, the board orders it takes (a
    victim's units hold: their orders are dropped, CM-8.3-1), the sieges an
    assassination delays (CM-8.3-3), and what the reports say."""

    state: MachiavelliState
    orders: tuple[Order, ...]
    delayed_sieges: Mapping[str, str] = field(default_factory=dict)
    notes: tuple[str, ...] = ()
    secrets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)


def before_movement(
    state: MachiavelliState,
    orders: Sequence[Order],
    game_map: GameMap,
    dice: Dice | None,
    *,
    loans: bool,
    expenses: bool,
    assassination: bool,
    rebellions: bool,
    public_expenses: bool,
    disorder: frozenset[str] = frozenset(),
) -> BeforeMovement:
    """The Loan, Expense and Assassination phases of a movement turn of a game
    with finances (every module that writes lines needs them: AM-48)."""
    board_orders: tuple[Order, ...] = tuple(o for o in orders if not isinstance(o, SideLine))
    if dice is None:  # `check`: no rolls, so none of these phases
        return BeforeMovement(state, board_orders)
    lent = loan_phase(state, orders, loans=loans, disorder=disorder, game_map=game_map)
    written = [o for o in orders if isinstance(o, Expense)] if expenses else []
    books = open_statements(lent.state.treasury, lent.state.powers())
    phase = carry_out_expenses(lent.state, books, written, game_map, dice)
    after = replace(phase.state, treasury=closing_treasury(phase.statements))
    notes = [
        *lent.notes,
        *(_public(s, public_expenses, game_map) for s in phase.spent if s.charged),
    ]
    secrets: dict[str, list[str]] = {p: list(v) for p, v in lent.secrets.items()}
    for spent in phase.spent:
        secrets.setdefault(spent.expense.power, []).append(_private(spent, game_map))
    board_orders = _hold_bought_garrisons(board_orders, phase.bought_garrisons)
    notes += [
        T_("{unit}, bought with H this turn, holds (AM-24)", unit=str(unit))
        for unit in phase.bought_garrisons
    ]
    victims: set[str] = set(lent.defaulters)
    if assassination:
        after, killed, tried = _assassinations(after, phase.assassinations, dice, game_map)
        victims |= killed
        notes += tried
    kept = board_orders
    delayed: dict[str, str] = {}
    for victim in sorted(victims):
        hit = paralysis(state, victim)  # the turn's start (AM-33, AM-34)
        units = tuple(u for u in after.units if u not in hit.surrendered)
        raised = (
            rebellion_rolls(state, victim, dice, existing=after.rebellions, game_map=game_map)
            if rebellions
            else ()
        )
        after = replace(after, units=units, rebellions=(*after.rebellions, *raised))
        dropped = [o for o in kept if o.power == victim]
        notes += _paralysis_notes(power_label(game_map, victim), dropped, raised)
        kept = tuple(o for o in kept if o.power != victim)
        delayed.update(hit.delayed_sieges)
    for power in {spent.expense.power for spent in phase.spent}:
        ducats = after.treasury.get(power, 0)
        secrets[power].append(T_("Treasury after the expenses: {ducats}d", ducats=ducats))
    return BeforeMovement(
        after, kept, delayed, tuple(notes), {p: tuple(v) for p, v in secrets.items()}
    )


def _assassinations(
    after: MachiavelliState,
    charged: Sequence[Expense],
    dice: Dice,
    game_map: GameMap,
) -> tuple[MachiavelliState, set[str], list[str]]:
    """§8: each charged attempt with an attempt left is made (and the attempt
    spent: AM-36); one die per 12d, any 6 kills (CM-8.2-1)."""
    attempts = dict(after.attempts)
    by_victim: dict[str, list[int]] = {}
    notes: list[str] = []
    for expense in charged:
        victim = expense.victim or ""
        if attempt_problem(expense.power, victim, expense.amount, attempts) is not None:
            continue  # charged, no effect (AM-17); the payer's report says so
        attempts = use_attempt(attempts, expense.power)
        by_victim.setdefault(victim, []).append(expense.amount)
    victims: set[str] = set()
    for victim, amounts in sorted(by_victim.items()):
        results = resolve_attempts(victim, amounts, dice)
        shown = ", ".join(str(face) for r in results for face in r.dice)
        if any(r.success for r in results):
            victims.add(victim)
        who = power_label(game_map, victim)
        if victim in victims:
            note = T_(
                "Assassination attempt against {victim}: succeeded (dice {dice})",
                victim=who,
                dice=shown,
            )
        else:
            note = T_(
                "Assassination attempt against {victim}: failed (dice {dice})",
                victim=who,
                dice=shown,
            )
        notes.append(note)
    return replace(after, attempts=attempts), victims, notes


def _hold_bought_garrisons(orders: tuple[Order, ...], bought: Sequence[Unit]) -> tuple[Order, ...]:
    """AM-24, literal: a garrison bought with H holds the turn it is bought (only
    a unit bought with K takes its buyer's orders at once): its buyer's orders
    for it are set aside."""
    if not bought:
        return orders
    places = {(u.power, u.location): u.kind for u in bought}

    def for_bought(order: Order) -> bool:
        ref = getattr(order, "unit", None)
        if not isinstance(ref, UnitRef) or (order.power, ref.location) not in places:
            return False
        return ref.kind in (None, places[order.power, ref.location])

    return tuple(o for o in orders if not for_bought(o))


def _paralysis_notes(
    victim: str, dropped: Sequence[Order], raised: Sequence[Rebellion]
) -> list[str]:
    """The public notes of a victim's paralysis (CM-8.3-1, CM-8.3-4): the orders
    it wrote that are not carried out, and where rebellions rose against it."""
    written = "; ".join(
        o.source.text.strip()
        for o in dropped
        if o.source is not None and not isinstance(o, Hold)  # a hold is what it does anyway
    )
    if written:
        paralysed = T_(
            "{victim}'s units are paralysed this turn (003 §8.3): they hold; not carried out:"
            " {orders}",
            victim=victim,
            orders=written,
        )
    else:
        paralysed = T_(
            "{victim}'s units are paralysed this turn (003 §8.3): they hold", victim=victim
        )
    where = joined(T_("{area} (city)", area=r.area) if r.in_city else r.area for r in raised)
    risen = (
        T_("Rebellion against {victim} rose in {areas}", victim=victim, areas=where)
        if raised
        else T_("No rebellion rose against {victim}", victim=victim)
    )
    return [paralysed, risen]


def expense_target(expense: Expense, game_map: GameMap) -> str:
    """`Expense.target` told in the reader's language when printed: the unit
    (`G TRENT`), the power aimed at (`milan`, `Milán`) or the area (and `city`)."""
    if expense.unit_kind is not None and expense.area:
        return expense.target
    if expense.kind is ExpenseKind.ASSASSINATION and expense.victim:
        return power_label(game_map, expense.victim)
    if expense.in_city:
        return T_("{area} city", area=expense.area or "")
    return expense.target


def _public(spent: Spent, public_expenses: bool, game_map: GameMap) -> str:
    expense = spent.expense
    letter, target = expense.kind.value, expense_target(expense, game_map)
    if public_expenses:
        return T_(
            "Expense ({letter}) {target}: {effect}, paid by {power}",
            letter=letter,
            target=target,
            effect=spent.effect,
            power=power_label(game_map, expense.power),
        )
    return T_(
        "Expense ({letter}) {target}: {effect}", letter=letter, target=target, effect=spent.effect
    )


def _private(spent: Spent, game_map: GameMap) -> str:
    expense = spent.expense
    values = {
        "letter": expense.kind.value,
        "target": expense_target(expense, game_map),
        "cost": charge_of(expense),
        "effect": spent.effect,
    }
    if spent.charged:
        return T_("Expense ({letter}) {target} {cost}d: charged; {effect}", **values)
    return T_("Expense ({letter}) {target} {cost}d: void, not charged; {effect}", **values)
