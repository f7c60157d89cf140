"""Order dataclasses, grouped by phase, and the parse issues players see.

Every order names the power that gave it (`power`) and the unit it is for.
A unit reference names its kind when the player wrote it (`A`, `F`, `G`) and,
for an order to another power's unit, that power (`F UA C turks A HER-BARI`).
`source` keeps where the order came from; it is left out of equality so that
an order written twice compares equal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from orders.issues import OrderIssue, Source


class PhaseKind(StrEnum):
    """The kinds of phase; each accepts its own group of orders."""

    MOVEMENT = "movement"
    RETREAT = "retreat"
    ADJUSTMENT = "adjustment"


class UnitKind(StrEnum):
    """Unit kinds. `G` (garrison) is Machiavelli's unit in a city."""

    ARMY = "A"
    FLEET = "F"
    GARRISON = "G"


@dataclass(frozen=True, slots=True)
class UnitRef:
    """A unit as an order names it: kind (if written), location, owner (if named)."""

    kind: UnitKind | None
    location: str
    power: str | None = None

    def __str__(self) -> str:
        kind = f"{self.kind.value} " if self.kind else ""
        owner = f"{self.power} " if self.power else ""
        return f"{owner}{kind}{self.location}"


@dataclass(frozen=True, slots=True)
class Hold:
    power: str
    unit: UnitRef
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Move:
    power: str
    unit: UnitRef
    dest: str
    via_convoy: bool = False
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class SupportHold:
    """Support of a unit staying put; `siege` when the order names its siege
    (Machiavelli `A FLO S A ARE B`, 003 §3.3 D)."""

    power: str
    unit: UnitRef
    supported: UnitRef
    siege: bool = False
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class SupportMove:
    power: str
    unit: UnitRef
    supported: UnitRef
    dest: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Convoy:
    power: str
    unit: UnitRef
    convoyed: UnitRef
    dest: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Besiege:
    """Machiavelli's siege order `F PISA B` (003 §3.3 B, §4.4)."""

    power: str
    unit: UnitRef
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Convert:
    """Machiavelli's conversion `G VEN = F` (003 §3.3 F): the unit becomes `to`."""

    power: str
    unit: UnitRef
    to: UnitKind
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class SupportConvert:
    """Support of a garrison's conversion out into its province (`A FLO S G PISA = A`),
    which attacks there (003 §3.3 F)."""

    power: str
    unit: UnitRef
    supported: UnitRef
    to: UnitKind
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Retreat:
    power: str
    unit: UnitRef
    dest: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Disband:
    """Disband in a retreat phase, or remove a unit in an adjustment phase."""

    power: str
    unit: UnitRef
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Build:
    power: str
    unit: UnitRef
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True, slots=True)
class Waive:
    """Decline one build."""

    power: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


class SideLine:
    """A line a ruleset reads beside the board orders and that only it knows
    (Machiavelli's expenses, payments and purchases: `orders.machiavelli`). It
    travels with the orders to the ruleset's phase; the board rules ignore it.
    Subclasses are frozen dataclasses with a `power` and a `source`."""

    __slots__ = ()
    power: str
    source: Source | None


MovementOrder = (
    Hold | Move | SupportHold | SupportMove | Convoy | Besiege | Convert | SupportConvert
)
RetreatOrder = Retreat | Disband
AdjustmentOrder = Build | Disband | Waive
UnitOrder = MovementOrder | Retreat | Disband | Build
Order = UnitOrder | Waive | SideLine


@dataclass(frozen=True, slots=True)
class OrderSet:
    """What a parse produced: the orders read and the issues found."""

    orders: tuple[Order, ...] = ()
    issues: tuple[OrderIssue, ...] = ()

    def __add__(self, other: OrderSet) -> OrderSet:
        return OrderSet(self.orders + other.orders, self.issues + other.issues)

    @property
    def ok(self) -> bool:
        return not self.issues
