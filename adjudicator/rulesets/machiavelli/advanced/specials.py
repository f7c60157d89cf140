"""Special units (003 §10): citizen militia, elite mercenaries and elite
professionals, who may raise each, what each costs a year, how hard it fights
and how dear it is to bribe, and the one-at-a-time limit.

Checklist `machiavelli-advanced`: CM-10.1-1 .. CM-10.4-2 and CM-10-data, with
the readings AM-15 (the special's yearly cost replaces the regular 3d), AM-25
(a bought unit keeps its kind; a second special unit is refused), AM-40
(strength counts in attack, defence and support) and AM-41 (bought only in
spring, within the limit).

A special unit is an army, a fleet or a garrison (CM-10.1-2): the state keeps
its kind apart from the unit, as `specials` (the unit's text, `A FLO`, to its
kind), so the unit itself stays a plain `Unit`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.kits.board.results import Event, EventKind, OrderResult
from adjudicator.kits.board.state import Season, Unit
from adjudicator.rulesets.machiavelli.records import SpecialKind
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from orders.board.model import Convert, Move, Order, Retreat, UnitKind
from texts import N_, T_

__all__ = [
    "REGULAR_STRENGTH",
    "REGULAR_UPKEEP",
    "SPECIAL_FACTS",
    "SpecialFacts",
    "bribe_factor",
    "count_specials",
    "may_raise",
    "purchase_problem",
    "second_special_problem",
    "special_of",
    "strength",
    "upkeep",
]

REGULAR_UPKEEP = 3
"""What a regular army, fleet or garrison costs each spring (CM-5.4-1)."""

REGULAR_STRENGTH = 1
"""A regular unit's strength (003 §3)."""

MAX_SPECIALS_IN_PLAY = 1
"""Each player may have one special unit in play at a time (CM-10.1-1)."""


@dataclass(frozen=True)
class SpecialFacts:
    """One special unit's facts: its yearly cost (replacing the regular 3d:
    AM-15), its strength (AM-40), the factor on a bribe's minimum against it
    (AM-22) and the powers that may raise it."""

    yearly_cost: int
    strength: int
    bribe_factor: int
    raised_by: frozenset[str]


SPECIAL_FACTS: Mapping[SpecialKind, SpecialFacts] = MappingProxyType(
    {
        # CM-10.2-1, CM-10.2-2: Florence, Milan, Papacy, Venice; 6d, strength 1,
        # double to bribe.
        SpecialKind.CITIZEN_MILITIA: SpecialFacts(
            yearly_cost=6,
            strength=1,
            bribe_factor=2,
            raised_by=frozenset({"florence", "milan", "papacy", "venice"}),
        ),
        # CM-10.3-1, CM-10.3-2: every power but the Turks; 6d, strength 2,
        # bribed at the normal price. The powers the rulebook does not name
        # (genoa, hre, savoy, spain) follow the data (CM-10-data): all may.
        SpecialKind.ELITE_MERCENARIES: SpecialFacts(
            yearly_cost=6,
            strength=2,
            bribe_factor=1,
            raised_by=frozenset(
                {
                    "austria",
                    "florence",
                    "france",
                    "genoa",
                    "hre",
                    "milan",
                    "naples",
                    "papacy",
                    "savoy",
                    "spain",
                    "venice",
                }
            ),
        ),
        # CM-10.4-1, CM-10.4-2: Austria, Turkey, Venice; 9d, strength 2, double
        # to bribe. The data adds hre and spain (CM-10-data).
        SpecialKind.ELITE_PROFESSIONALS: SpecialFacts(
            yearly_cost=9,
            strength=2,
            bribe_factor=2,
            raised_by=frozenset({"austria", "hre", "spain", "turks", "venice"}),
        ),
    }
)
"""The three special units (CM-10.1-3) and their facts."""


def may_raise(power: str, kind: SpecialKind) -> bool:
    """Whether `power` may raise a special unit of `kind` (CM-10.2-1,
    CM-10.3-1, CM-10.4-1; powers the rulebook does not name: CM-10-data)."""
    return power in SPECIAL_FACTS[kind].raised_by


def upkeep(kind: SpecialKind | None) -> int:
    """What a unit costs each spring, bought or kept: 3d for a regular unit
    (`None`, CM-5.4-1); a special unit's 6d or 9d replaces the 3d (AM-15,
    CM-10.2-2, CM-10.3-2, CM-10.4-2)."""
    return REGULAR_UPKEEP if kind is None else SPECIAL_FACTS[kind].yearly_cost


def strength(kind: SpecialKind | None) -> int:
    """A unit's strength in attack, defence and support (AM-40): 1 for a
    regular unit (`None`) and for militia, 2 for elite mercenaries and elite
    professionals (CM-10.2-2, CM-10.3-2, CM-10.4-2)."""
    return REGULAR_STRENGTH if kind is None else SPECIAL_FACTS[kind].strength


def bribe_factor(kind: SpecialKind | None) -> int:
    """The factor on a bribe's minimum against a unit: 2 for militia and
    professionals ("cuestan el doble sobornar"), 1 for mercenaries ("precio
    normal") and regular units (CM-10.2-2, CM-10.3-2, CM-10.4-2, AM-22)."""
    return 1 if kind is None else SPECIAL_FACTS[kind].bribe_factor


def special_of(unit: Unit, state: MachiavelliState) -> SpecialKind | None:
    """The special kind of a unit on the board, or None for a regular unit."""
    return state.specials.get(unit)


def count_specials(power: str, state: MachiavelliState) -> int:
    """How many special units `power` has on the board (CM-10.1-1)."""
    return sum(1 for unit in state.units if unit.power == power and unit in state.specials)


def second_special_problem(specials_in_play: int) -> str | None:
    """Why a player holding `specials_in_play` special units may not gain another,
    by purchase or by bribe (CM-10.1-1, AM-25), or None when he may."""
    if specials_in_play >= MAX_SPECIALS_IN_PLAY:
        return T_("a player may have only one special unit in play at a time")
    return None


def purchase_problem(
    power: str, kind: SpecialKind, specials_in_play: int, *, season: Season, name: str = ""
) -> str | None:
    """Why `power` may not buy a special unit of `kind` now, or None when it
    may: special units are bought only in the spring adjustment (AM-41), only
    by the powers named for their kind (CM-10.2-1, CM-10.3-1, CM-10.4-1,
    CM-10-data), and one at a time (CM-10.1-1). `name` is how the refusal
    names the power (its id by default)."""
    if season != Season.SPRING:
        return T_("special units are bought only in spring")
    if not may_raise(power, kind):
        return T_(_MAY_NOT_RAISE[kind], power=name or power)
    return second_special_problem(specials_in_play)


_MAY_NOT_RAISE: Mapping[SpecialKind, str] = {
    SpecialKind.CITIZEN_MILITIA: N_("{power} may not raise citizen militia"),
    SpecialKind.ELITE_MERCENARIES: N_("{power} may not raise elite mercenaries"),
    SpecialKind.ELITE_PROFESSIONALS: N_("{power} may not raise elite professionals"),
}
"""Why a power may not buy a special unit it is not named for (CM-10.2-1 ..
CM-10.4-1); `power` is the power's id."""


def follow_specials(
    specials: Mapping[Unit, SpecialKind],
    results: Iterable[OrderResult],
    events: Iterable[Event],
    after: MachiavelliState,
) -> dict[Unit, SpecialKind]:
    """The special units after a phase, keyed by where they now stand: a special
    unit keeps its kind when it advances, retreats, converts (AM-41) or becomes a
    garrison on being dislodged; one that left the board is gone."""
    if not specials:
        return {}  # (most games: nothing to follow)
    moved: dict[Unit, Unit] = {}
    for result in results:
        if result.unit is None or not result.succeeded or result.unit not in specials:
            continue
        landed = _landed(result.order, result.unit)
        if landed is not None:
            moved[result.unit] = landed
    for event in events:
        if event.kind is EventKind.BECAME_GARRISON and event.unit is not None:
            moved[event.unit] = Unit(event.unit.power, UnitKind.GARRISON, event.area)
    standing = {*after.units, *(d.unit for d in after.dislodged)}
    found: dict[Unit, SpecialKind] = {}
    for unit, kind in specials.items():
        now = moved.get(unit, unit)
        if now in standing:
            found[now] = kind
    return found


def _landed(order: Order, unit: Unit) -> Unit | None:
    """Where a unit stands after its successful order, if it moved or changed kind."""
    match order:
        case Move() | Retreat():
            return Unit(unit.power, unit.kind, order.dest.partition("/")[0])
        case Convert():
            return Unit(unit.power, order.to, unit.location)
    return None
