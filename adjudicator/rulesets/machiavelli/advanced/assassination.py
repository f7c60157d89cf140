"""Assassination (003 §8): the attempts each player holds, the dice an attempt
buys, and the effects on a victim (also those of a loan default, §11.4).

Checklist `machiavelli-advanced`: CM-8.0-1 .. CM-8.3-T, CM-6.1-3, CM-6.2-E and
the readings AM-32 (one die per 12d, no cap), AM-33 (the current turn is
paralysed), AM-34 (the sieges under way at the start of the turn), AM-35 (the
rebellion rolls) and AM-36 (attempts: a transferable count, several attempts
on one victim each roll, none on oneself).

Written as expense E in the Order phase, an attempt is resolved in the
Assassination phase (CM-8.0-1), after the orders and before movement: every
effect here reads the state of the turn's start (AM-33, AM-34). The functions
are pure; the caller applies what they return.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from adjudicator.core.dice import Dice
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.records import Rebellion
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps.model import AreaKind, GameMap
from texts import T_

__all__ = [
    "DUCATS_PER_DIE",
    "REBELLION_UP_TO",
    "SUCCESS_FACE",
    "AttemptResult",
    "Holding",
    "Paralysis",
    "attempt_assassination",
    "attempt_problem",
    "dice_for",
    "holding_of",
    "paralysis",
    "rebellion_rolls",
    "rebellion_site",
    "rebels",
    "resolve_attempts",
    "transfer_attempt",
    "use_attempt",
]

DUCATS_PER_DIE = 12
"""Each 12d spent buys one die (CM-8.2-1); 12d is also expense E's minimum
(CM-6.2-E)."""

SUCCESS_FACE = 6
"""Any die showing 6 kills the victim; 1 to 5 fail (CM-8.2-1)."""


# --- attempts -------------------------------------------------------------------


def dice_for(amount: int) -> int:
    """The dice `amount` ducats buy: one per whole 12d, no cap (AM-32, CM-8.2-1);
    under 12d none (the caller marks the expense erroneous: CM-6.2-E)."""
    return max(amount, 0) // DUCATS_PER_DIE


@dataclass(frozen=True)
class AttemptResult:
    """One assassination attempt as resolved: the victim, the ducats spent, the
    dice the GM rolled (shown in the report) and the index of the first one."""

    victim: str
    amount: int
    dice: tuple[int, ...]
    first_index: int = 0

    @property
    def success(self) -> bool:
        """Whether any die shows a 6 (CM-8.2-1)."""
        return SUCCESS_FACE in self.dice


def attempt_assassination(victim: str, amount: int, dice: Dice, offset: int = 0) -> AttemptResult:
    """Resolve one attempt on `victim` paid `amount` ducats: one die per 12d
    (AM-32), purpose `assassination:<victim>`, indices `offset`, `offset + 1`,
    ...; success on any 6 (CM-8.2-1). `offset` is 0 for the first attempt on
    `victim` this turn and, for a later one, the dice the earlier ones rolled
    (AM-36: each attempt rolls; `resolve_attempts` counts them)."""
    count = dice_for(amount)
    shown = tuple(dice.roll(f"assassination:{victim}", 6, offset + i) for i in range(count))
    return AttemptResult(victim, amount, shown, offset)


def resolve_attempts(victim: str, amounts: Sequence[int], dice: Dice) -> tuple[AttemptResult, ...]:
    """Every attempt on `victim` this turn, in the order given, each rolling its
    own dice (AM-36); the effects apply once if any succeeds."""
    results: list[AttemptResult] = []
    offset = 0
    for amount in amounts:
        result = attempt_assassination(victim, amount, dice, offset)
        offset += len(result.dice)
        results.append(result)
    return tuple(results)


def attempt_problem(
    power: str, victim: str, amount: int, attempts_left: Mapping[str, int]
) -> str | None:
    """Why `power` may not attempt to assassinate `victim` with `amount` ducats,
    or None: an attempt on oneself (AM-36), no attempt left (one per player
    per game, CM-8.1-1, unless bought or given: CM-8.1-2), or under 12d
    (CM-6.2-E). An erroneous expense is still charged (the caller's part)."""
    if power == victim:
        return T_("{power} cannot attempt to assassinate itself", power=power)
    if attempts_left.get(power, 0) < 1:
        return T_("{power} has no assassination attempt left", power=power)
    if dice_for(amount) < 1:
        return T_(
            "an assassination costs at least {least}d, not {amount}d",
            least=DUCATS_PER_DIE,
            amount=amount,
        )
    return None


def transfer_attempt(
    attempts: Mapping[str, int], giver: str, receiver: str
) -> dict[str, int] | None:
    """The attempts after `giver` sells or gives one to `receiver` (CM-8.1-2,
    AM-36: a count per player); None if `giver` has none or gives to itself."""
    if giver == receiver or attempts.get(giver, 0) < 1:
        return None
    after = dict(attempts)
    after[giver] -= 1
    after[receiver] = after.get(receiver, 0) + 1
    return after


def use_attempt(attempts: Mapping[str, int], power: str) -> dict[str, int]:
    """The attempts after `power`'s attempt is resolved, successful or not
    (AM-36). ValueError if it had none (check `attempt_problem` first)."""
    if attempts.get(power, 0) < 1:
        raise ValueError(f"{power} has no assassination attempt left")
    after = dict(attempts)
    after[power] -= 1
    return after


# --- Table 2: rebellion after an assassination -----------------------------------


class Holding(StrEnum):
    """The column of Table 2 an area of the victim falls in (CM-8.3-T, AM-35)."""

    HOME_WITH_UNITS = "home_with_units"
    HOME_WITHOUT_UNITS = "home_without_units"
    CONQUERED_WITH_UNITS = "conquered_with_units"
    CONQUERED_WITHOUT_UNITS = "conquered_without_units"


REBELLION_UP_TO: Mapping[Holding, int] = {
    Holding.HOME_WITH_UNITS: 1,
    Holding.HOME_WITHOUT_UNITS: 2,
    Holding.CONQUERED_WITH_UNITS: 3,
    Holding.CONQUERED_WITHOUT_UNITS: 5,
}
"""Table 2 (CM-8.3-T): the highest face that raises a rebellion in each column
("Sí" from 1 up to it); a 6 never does."""


def rebels(holding: Holding, face: int) -> bool:
    """Whether a die showing `face` raises a rebellion in an area of `holding`
    (Table 2, CM-8.3-T)."""
    return 1 <= face <= REBELLION_UP_TO[holding]


def holding_of(state: MachiavelliState, victim: str, area: str) -> Holding:
    """The column of Table 2 for `area` (AM-35): home if it is one of the
    victim's home areas (`state.homes`), conquered otherwise; with units if at
    least one of the victim's own units (army, fleet or garrison) is there."""
    home = area in state.homes.get(victim, ())
    with_units = any(unit.location.partition("/")[0] == area for unit in state.units_of(victim))
    if home:
        return Holding.HOME_WITH_UNITS if with_units else Holding.HOME_WITHOUT_UNITS
    return Holding.CONQUERED_WITH_UNITS if with_units else Holding.CONQUERED_WITHOUT_UNITS


def rebellion_site(
    state: MachiavelliState, game_map: GameMap, victim: str, area: str
) -> Rebellion | None:
    """The rebellion an assassination may raise in `area` against `victim`, or
    None where none can stand (CM-7.1-4): never at sea; in a sea area with a
    city (Venice) only in the city, and only when it is empty (AM-35);
    elsewhere in the province."""
    place = game_map.areas[area]
    if place.kind is not AreaKind.SEA:
        return Rebellion(area, victim)
    if place.city is None or state.garrison_at(area) is not None:
        return None
    return Rebellion(area, victim, in_city=True)


def rebellion_rolls(
    state: MachiavelliState,
    victim: str,
    dice: Dice,
    *,
    existing: Sequence[Rebellion],
    game_map: GameMap,
    index: int = 0,
) -> tuple[Rebellion, ...]:
    """The rebellions raised against `victim` by its assassination (CM-8.3-5,
    Table 2: CM-8.3-T, AM-35): one die per area it controls (`state.control`),
    in area-code order, purpose `rebellion:<area>` at `index`; no roll where
    a rebellion already stands (`existing`, CM-7.1-2) or none can stand
    (`rebellion_site`). `index` lets a second set of effects in one phase
    roll fresh dice."""
    taken = {rebellion.area for rebellion in existing}
    raised: list[Rebellion] = []
    for area in state.controlled_by(victim):
        site = rebellion_site(state, game_map, victim, area)
        if site is None or area in taken:
            continue
        face = dice.roll(f"rebellion:{area}", 6, index)
        if rebels(holding_of(state, victim, area), face):
            raised.append(site)
    return tuple(raised)


# --- paralysis ---------------------------------------------------------------------


@dataclass(frozen=True)
class Paralysis:
    """What an assassination (or a loan default: CM-11.4-1, AM-45) does to the
    victim's units this turn (AM-33), read from the state of the turn's start.

    `holds`: every unit of the victim that stays, each with an automatic Hold
    replacing its written order (CM-8.3-1); `surrendered`: the victim's
    garrisons under a siege already under way, which surrender (CM-8.3-4,
    AM-34); `delayed_sieges`: the sieges (area -> victim) its units were
    making, kept as they are, neither advanced nor ended (CM-8.3-3);
    `holds_quell_rebellions`: whether those holds remove a rebellion (never:
    CM-8.3-2, AM-30). Nothing else of the victim is removed (CM-8.3-6)."""

    victim: str
    holds: tuple[Unit, ...]
    surrendered: tuple[Unit, ...]
    delayed_sieges: Mapping[str, str]
    holds_quell_rebellions: bool = False

    def is_paralysed(self, unit: Unit) -> bool:
        """Whether `unit` holds automatically this turn (CM-8.3-1)."""
        return unit in self.holds


def paralysis(state: MachiavelliState, victim: str) -> Paralysis:
    """The paralysis of `victim`'s units this turn (CM-8.3-1 .. CM-8.3-4), from
    `state`, the board at the turn's start (AM-33, AM-34)."""
    surrendered = tuple(
        garrison
        for area in sorted(state.sieges)
        if (garrison := state.garrison_at(area)) is not None and garrison.power == victim
    )
    holds = tuple(unit for unit in state.units_of(victim) if unit not in surrendered)
    delayed = {area: power for area, power in sorted(state.sieges.items()) if power == victim}
    return Paralysis(victim, holds, surrendered, delayed)
