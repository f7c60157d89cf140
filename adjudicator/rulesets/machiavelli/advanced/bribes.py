"""Bribes and counter-bribes (003 §6.2 F to K, §6.3): what each bribe needs,
whom it may aim at, where a player may bribe, and which bribe on a unit
works.

Checklist `machiavelli-advanced`: CM-6.1-4, CM-6.2-F .. CM-6.2-K, CM-6.2-GK,
CM-6.3-1 .. CM-6.3-5, with the readings AM-02 (bribes are G to K), AM-18
(amounts count in 3d steps, rounded down), AM-19 (counter-bribes from anyone,
anywhere, added up), AM-20 (choose the largest bribe, then subtract; no
smaller bribe is tried), AM-21 (a tie is settled by one die per tied briber),
AM-22 (a major city's garrison ×2 and militia or professionals ×2 multiply),
AM-23 (adjacency to a unit or a controlled area, any border), AM-25 (a bought
unit keeps its kind; a second special unit is refused) and AM-26 (who may be
targeted).

Everything here is pure. The caller charges every expense in full (CM-6.1-6,
AM-18), passes `resolve_bribes` only the bribes that may work (a bribe with a
`target_problem`, a `special_bribe_problem` or not `may_bribe_at` its target
is erroneous: charged, no effect, AM-17) and applies the outcomes.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from adjudicator.core.dice import Dice
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.specials import (
    bribe_factor,
    second_special_problem,
    special_of,
)
from adjudicator.rulesets.machiavelli.records import SpecialKind
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps.model import Area, GameMap
from orders.board.model import UnitKind
from orders.machiavelli.model import ExpenseKind
from texts import T_

__all__ = [
    "BRIBE_MINIMUM",
    "MAJOR_CITY_VALUE",
    "BribeAttempt",
    "BribeOutcome",
    "BribeResult",
    "CounterBribe",
    "bribe_minimum",
    "counted",
    "is_major_city",
    "may_bribe_at",
    "minimum_against",
    "resolve_bribes",
    "special_bribe_problem",
    "specials_after_bribe",
    "target_problem",
]

BRIBE_MINIMUM: Mapping[ExpenseKind, int] = MappingProxyType(
    {
        ExpenseKind.DISBAND_AUTONOMOUS: 6,  # CM-6.2-G
        ExpenseKind.BUY_AUTONOMOUS: 9,  # CM-6.2-H
        ExpenseKind.MAKE_AUTONOMOUS: 9,  # CM-6.2-I
        ExpenseKind.DISBAND_ENEMY: 12,  # CM-6.2-J
        ExpenseKind.BUY_ENEMY: 18,  # CM-6.2-K
    }
)
"""The least each bribe (G to K: CM-6.2-GK, AM-02) needs against a regular
unit outside a major city."""

STEP = 3
"""Bribes and counter-bribes go in steps of 3d (CM-6.2-F, CM-6.3-1)."""

MAJOR_CITY_VALUE = 2
"""A city printed with a number (2 or 3) is a major city (CM-5.2-6, AM-01,
AM-22): on the map, `City.garrison_income` of 2 or more (FLO, GEN, MIL, VEN,
NAP, ROME, TUN)."""

MAJOR_CITY_FACTOR = 2
"""A bribe against a garrison in a major city needs twice the minimum (CM-6.3-4)."""

DISBANDING = frozenset({ExpenseKind.DISBAND_AUTONOMOUS, ExpenseKind.DISBAND_ENEMY})
"""Bribes that remove their target (G, J); the others change its owner."""

BUYING = frozenset({ExpenseKind.BUY_AUTONOMOUS, ExpenseKind.BUY_ENEMY})
"""Bribes that give the target to the briber (H, K)."""


def _bribe(kind: ExpenseKind) -> ExpenseKind:
    if not kind.is_bribe:
        raise ValueError(f"expense {kind.value} is no bribe (bribes are G to K)")
    return kind


def counted(amount: int) -> int:
    """What a bribe or counter-bribe of `amount` ducats counts for: the largest
    multiple of 3 not above it, never below 0 (AM-18). The whole amount is
    still charged (the caller's business)."""
    return max(amount, 0) // STEP * STEP


def is_major_city(area: Area) -> bool:
    """Whether `area` holds a major city, one printed with its value (AM-22)."""
    return area.city is not None and area.city.garrison_income >= MAJOR_CITY_VALUE


def bribe_minimum(
    kind: ExpenseKind, *, major_city_garrison: bool, special: SpecialKind | None
) -> int:
    """The least a bribe of `kind` needs: its minimum (CM-6.2-G .. CM-6.2-K),
    doubled against a garrison in a major city (CM-6.3-4), doubled again
    against militia or professionals (CM-10.2-2, CM-10.4-2; the two multiply:
    AM-22). ValueError when `kind` is no bribe (CM-6.2-GK)."""
    minimum = BRIBE_MINIMUM[_bribe(kind)] * bribe_factor(special)
    return minimum * MAJOR_CITY_FACTOR if major_city_garrison else minimum


def minimum_against(
    kind: ExpenseKind, target: Unit, state: MachiavelliState, game_map: GameMap
) -> int:
    """`bribe_minimum` of a bribe of `kind` against `target` on the board."""
    return bribe_minimum(
        kind,
        major_city_garrison=target.kind is UnitKind.GARRISON
        and is_major_city(game_map.area(target.location)),
        special=special_of(target, state),
    )


def target_problem(
    kind: ExpenseKind, briber: str, target_owner: str, target_kind: UnitKind
) -> str | None:
    """Why a bribe of `kind` by `briber` cannot aim at a unit of `target_kind`
    owned by `target_owner`, or None when it can (AM-26): G and H aim at an
    autonomous garrison (CM-6.2-G, CM-6.2-H); I at another player's garrison
    (CM-6.2-I); J and K at another player's army, fleet or garrison, never
    one's own nor an autonomous one (CM-6.2-J, CM-6.2-K). ValueError when
    `kind` is no bribe."""
    letter = _bribe(kind).value
    if kind in (ExpenseKind.DISBAND_AUTONOMOUS, ExpenseKind.BUY_AUTONOMOUS):
        if target_kind is not UnitKind.GARRISON or target_owner != AUTONOMOUS:
            return T_("bribe {letter} aims only at an autonomous garrison", letter=letter)
        return None
    if target_owner == AUTONOMOUS:
        return T_("bribe {letter} cannot aim at an autonomous unit", letter=letter)
    if target_owner == briber:
        return T_("bribe {letter} cannot aim at one's own unit", letter=letter)
    if kind is ExpenseKind.MAKE_AUTONOMOUS and target_kind is not UnitKind.GARRISON:
        return T_("bribe {letter} aims only at a garrison", letter=letter)
    return None


def special_bribe_problem(
    kind: ExpenseKind, target_special: SpecialKind | None, briber_specials_in_play: int
) -> str | None:
    """Why a bribe of `kind` may not take a special unit, or None: buying (H,
    K) a special unit when the briber already has one in play would give him
    a second one (CM-10.1-1, AM-25)."""
    if _bribe(kind) not in BUYING or target_special is None:
        return None
    return second_special_problem(briber_specials_in_play)


def specials_after_bribe(
    specials: Mapping[Unit, SpecialKind], kind: ExpenseKind, target: Unit, new_owner: str
) -> dict[Unit, SpecialKind]:
    """The state's `specials` after a successful bribe of `kind` on `target`:
    a unit bought or converted (H, I, K) keeps its kind under its new owner
    (AM-25); a disbanded one (G, J) leaves the board and the record."""
    after = dict(specials)
    special = after.pop(target, None)
    if special is not None and _bribe(kind) not in DISBANDING:
        after[Unit(new_owner, target.kind, target.location)] = special
    return after


def may_bribe_at(briber: str, target_area: str, state: MachiavelliState, game_map: GameMap) -> bool:
    """Whether `briber` may aim a bribe at a unit in `target_area` (CM-6.3-5,
    AM-23): the area is, or borders across any border (land or sea), an area
    holding one of his units or where his control marker stands."""
    target = game_map.province(target_area)
    bases = {game_map.province(u.location) for u in state.units if u.power == briber}
    bases.update(state.controlled_by(briber))
    return target in bases or not bases.isdisjoint(game_map.area_neighbours(target))


class BribeResult(StrEnum):
    """What became of a bribe (CM-6.2-F, CM-6.3-2, CM-6.3-3)."""

    SUCCEEDED = "succeeded"
    OUTBID = "outbid"  # a larger bribe on the same unit counted (CM-6.3-2)
    LOST_TIE = "lost_tie"  # tied for the largest, lost the die (CM-6.3-3, AM-21)
    COUNTERED = "countered"  # the counter-bribes left it short (CM-6.2-F, AM-19)
    BELOW_MINIMUM = "below_minimum"  # short of its minimum before any counter-bribe

    def describe(self, counted: int, countered: int) -> str:
        """The bribe's fate as the reports say it: what it counted for (AM-18)
        and what the counter-bribes took off it (AM-19)."""
        less = (
            T_(
                "{counted}d less {countered}d of counter-bribes",
                counted=counted,
                countered=countered,
            )
            if countered
            else f"{counted}d"
        )
        match self:
            case BribeResult.SUCCEEDED:
                return T_("bribe succeeded ({amount})", amount=less)
            case BribeResult.OUTBID:
                return T_("bribe outbid: a larger bribe on the same unit counted")
            case BribeResult.LOST_TIE:
                return T_("bribe tied for the largest and lost on the dice")
            case BribeResult.COUNTERED:
                return T_("bribe countered ({amount}: below its minimum)", amount=less)
        return T_("bribe below its minimum ({counted}d)", counted=counted)


@dataclass(frozen=True)
class BribeAttempt:
    """A bribe (G to K) by `briber` of `amount` ducats on `target`; `minimum`
    is what it needs there (`bribe_minimum`, `minimum_against`)."""

    briber: str
    kind: ExpenseKind
    amount: int
    target: Unit
    minimum: int


@dataclass(frozen=True)
class CounterBribe:
    """A counter-bribe (F) by `power` of `amount` ducats protecting `target`
    (CM-6.2-F); anyone may counter-bribe any unit (AM-19)."""

    power: str
    target: Unit
    amount: int


@dataclass(frozen=True)
class BribeOutcome:
    """What became of one attempt: its `result`, what it counted for
    (`counted`, AM-18) and the counted counter-bribes on its target
    (`countered`, all of them added up: AM-19)."""

    attempt: BribeAttempt
    result: BribeResult
    counted: int
    countered: int

    @property
    def succeeded(self) -> bool:
        return self.result is BribeResult.SUCCEEDED


def _tie_order(item: tuple[int, BribeAttempt]) -> tuple[str, str, int, int]:
    index, attempt = item
    return (attempt.briber, attempt.kind.value, attempt.amount, index)


def _tie_winner(tied: Sequence[tuple[int, BribeAttempt]], target: Unit, dice: Dice) -> int:
    """The index of the tied bribe that counts (CM-6.3-3, AM-21): each tied
    briber, in the order of their names, rolls one die (purpose
    `bribe-tie:<unit>`, indices 0, 1, ...); the highest wins; those tied
    again roll again with the next indices."""
    contenders = [index for index, _ in sorted(tied, key=_tie_order)]
    purpose = f"bribe-tie:{target}"
    next_index = 0
    while len(contenders) > 1:
        rolls = [dice.roll(purpose, 6, next_index + i) for i in range(len(contenders))]
        next_index += len(contenders)
        top = max(rolls)
        contenders = [index for index, roll in zip(contenders, rolls, strict=True) if roll == top]
    return contenders[0]


def _winner_result(attempt: BribeAttempt, countered: int) -> BribeResult:
    """The chosen bribe works if, less all the counter-bribes, it still has its
    minimum (CM-6.2-F, CM-6.3-1, AM-20)."""
    amount = counted(attempt.amount)
    if amount < attempt.minimum:
        return BribeResult.BELOW_MINIMUM
    if amount - countered < attempt.minimum:
        return BribeResult.COUNTERED
    return BribeResult.SUCCEEDED


def _resolve_target(
    target: Unit, attempts: Sequence[tuple[int, BribeAttempt]], countered: int, dice: Dice
) -> dict[int, BribeResult]:
    """The result of every attempt on one unit: only the largest counts, the
    others are ignored and their ducats lost (CM-6.3-2, AM-20)."""
    top = max(counted(attempt.amount) for _, attempt in attempts)
    tied = [(i, a) for i, a in attempts if counted(a.amount) == top]
    winner = _tie_winner(tied, target, dice)
    results = {i: BribeResult.OUTBID for i, _ in attempts}
    results.update({i: BribeResult.LOST_TIE for i, _ in tied})
    results[winner] = _winner_result(dict(attempts)[winner], countered)
    return results


def resolve_bribes(
    attempts: Sequence[BribeAttempt], counters: Sequence[CounterBribe], dice: Dice
) -> tuple[BribeOutcome, ...]:
    """Resolve all the bribes of one Expense phase, unit by unit (CM-6.1-7):
    the largest counted bribe on a unit is chosen, a tie settled by dice
    (CM-6.3-2, CM-6.3-3, AM-21); then every counter-bribe on that unit is
    subtracted (CM-6.2-F, AM-19); if what remains is below the chosen bribe's
    minimum it fails and no smaller bribe is tried (AM-20). One outcome per
    attempt, in the order given."""
    by_target: dict[Unit, list[tuple[int, BribeAttempt]]] = defaultdict(list)
    for index, attempt in enumerate(attempts):
        by_target[attempt.target].append((index, attempt))
    countered: dict[Unit, int] = defaultdict(int)
    for counter in counters:
        countered[counter.target] += counted(counter.amount)
    results: dict[int, BribeResult] = {}
    for target in sorted(by_target):
        results.update(_resolve_target(target, by_target[target], countered[target], dice))
    return tuple(
        BribeOutcome(
            attempt,
            results[index],
            counted(attempt.amount),
            countered[attempt.target],
        )
        for index, attempt in enumerate(attempts)
    )
