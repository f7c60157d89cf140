"""Per-order results and the phase `Resolution`.

Every order gets exactly one `OrderResult` with an `Outcome` and a reason:
one of the kit's `Reason`s below, or one of a ruleset's own enum
(Machiavelli's `MachiavelliReason`); any such enum is a `ResultReason`. Text
for players is made from the reason only in the report layer (`renderers`);
the JSON output uses the enum values.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol, TypeVar

from adjudicator.core.dice import Roll
from adjudicator.kits.board.state import GameState, Unit
from orders.board.model import Order
from orders.issues import IssueKind, OrderIssue


class Outcome(StrEnum):
    SUCCEEDS = "succeeds"
    FAILS = "fails"


class ResultReason(Protocol):
    """Why an order ended as it did: a member of the kit's `Reason` or of a
    ruleset's own reason enum. `value` is stable (the JSON output uses it);
    `illegal` tells an order broken by a rule (values `illegal:<why>`)."""

    @property
    def value(self) -> str: ...

    @property
    def illegal(self) -> bool: ...


class Reason(StrEnum):
    """Why an order ended as it did, on any board. Values are stable: the JSON
    output uses them."""

    # carried out
    MOVED = "moved"
    HELD = "held"
    SUPPORT_GIVEN = "support_given"
    CONVOY_GIVEN = "convoy_given"
    RETREATED = "retreated"
    DISBANDED = "disbanded"
    BUILT = "built"
    REMOVED = "removed"
    WAIVED = "waived"
    # failed in resolution
    BOUNCED = "bounced"
    DISLODGED = "dislodged"
    CUT = "cut"
    NO_PATH = "no_path"  # no convoy route was left
    NOT_MATCHED = "not_matched"  # supported/convoyed unit did not order that
    OWN_UNIT = "own_unit"  # would dislodge one's own unit
    RETREAT_CLASH = "retreat_clash"  # two units retreated to one area
    DESTROYED = "destroyed"  # dislodged with no legal retreat, or no order
    CIVIL_DISORDER = "civil_disorder"  # removed by the civil disorder rule
    DEFAULT_HOLD = "default_hold"  # no order given: the unit holds
    # illegal (the order becomes a hold, or is ignored)
    NO_UNIT = "illegal:no_unit"
    NOT_YOUR_UNIT = "illegal:not_your_unit"
    WRONG_UNIT_KIND = "illegal:wrong_unit_kind"
    UNREACHABLE = "illegal:unreachable"
    BAD_COAST = "illegal:bad_coast"
    SAME_AREA = "illegal:same_area"
    SUPPORT_UNREACHABLE = "illegal:support_unreachable"
    SUPPORT_SELF = "illegal:support_self"
    CONVOY_NOT_AT_SEA = "illegal:convoy_not_at_sea"
    ONLY_ARMIES_CONVOYED = "illegal:only_armies_convoyed"
    DUPLICATE = "illegal:duplicate"
    WRONG_PHASE = "illegal:wrong_phase"
    NOT_DISLODGED = "illegal:not_dislodged"
    RETREAT_TO_ATTACKER = "illegal:retreat_to_attacker"
    RETREAT_TO_STANDOFF = "illegal:retreat_to_standoff"
    RETREAT_OCCUPIED = "illegal:retreat_occupied"
    NOT_HOME_CENTER = "illegal:not_home_center"
    CENTER_NOT_OWNED = "illegal:center_not_owned"
    CENTER_OCCUPIED = "illegal:center_occupied"
    NO_BUILDS = "illegal:no_builds"
    NO_REMOVALS = "illegal:no_removals"

    @property
    def illegal(self) -> bool:
        return self.value.startswith("illegal:")


@dataclass(frozen=True, slots=True)
class OrderResult:
    """What became of one order (or of a unit that had none)."""

    order: Order
    outcome: Outcome
    reason: ResultReason
    unit: Unit | None = None
    detail: str = ""

    @property
    def succeeded(self) -> bool:
        return self.outcome is Outcome.SUCCEEDS


def illegal_issues(results: Iterable[OrderResult]) -> tuple[OrderIssue, ...]:
    """The illegal results of orders a player wrote, as issues quoting their line
    (sorted by file and line), for `mapjudge check` and the report."""
    issues = [
        OrderIssue(IssueKind.ILLEGAL, r.detail or r.reason.value, r.order.source)
        for r in results
        if r.reason.illegal and r.order.source is not None
    ]
    return tuple(sorted(issues, key=lambda i: (i.source.file, i.source.line)))


class EventKind(StrEnum):
    """What happened on the board besides the orders' own results (Machiavelli)."""

    SIEGE_BEGUN = "siege_begun"  # 003 §4.4: a siege's first turn is done
    SIEGE_LIFTED = "siege_lifted"  # the besieger did something else, or was dislodged
    CITY_SURRENDERED = "city_surrendered"  # the second turn: the garrison is removed
    BECAME_GARRISON = "became_garrison"  # 003 §4.3: a dislodged unit entered its free city
    DESTROYED = "destroyed"  # a dislodged unit with no retreat, or in civil disorder
    CONTROL_GAINED = "control_gained"  # 003 §1.1, at the start of spring
    CONTROL_LOST = "control_lost"
    STARVED = "starved"  # 003 §9.4: in a famine area at the end of spring
    PLAGUE_STRUCK = "plague_struck"  # 003 §9.2: in an area the plague struck
    UNPAID = "unpaid"  # 003 §5.4: not paid for at the spring's upkeep
    BOUGHT = "bought"  # 003 §5.4: a unit bought with a purchase line and placed


@dataclass(frozen=True, slots=True)
class Event:
    """One board event: its kind, the power it concerns, the area, and the unit."""

    kind: EventKind
    power: str
    area: str
    unit: Unit | None = None
    other: str | None = None  # the other power involved (the besieger, the new controller)


StateT_co = TypeVar("StateT_co", bound=GameState, covariant=True)


@dataclass(frozen=True, slots=True)
class Resolution(Generic[StateT_co]):
    """A resolved phase: the state of the next phase, every result, every roll.

    Generic over the ruleset's state (`GameState` or its subclass); read-only,
    so a `Resolution[MachiavelliState]` is a `Resolution[GameState]`."""

    previous: StateT_co
    state: StateT_co
    results: tuple[OrderResult, ...]
    rolls: tuple[Roll, ...] = ()
    notes: tuple[str, ...] = field(default=())
    events: tuple[Event, ...] = ()
    secrets: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """Lines for one power's private report only (Machiavelli's treasury: AM-46)."""
