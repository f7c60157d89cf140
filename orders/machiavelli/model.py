"""What Machiavelli's advanced lines say, as typed records (003 §5, §6, §8.1, §11).

Checklist `machiavelli-advanced`: `CM-6.1-2` (an expense names its letter,
its target and its ducats), `AM-13` (payment and purchase lines), and the
lines of the Loan phase: loans (`CM-11.2-1`, `CM-11.2-2`, `AM-42`), gifts of
ducats (`CM-5.3-1`, `AM-44`) and of the assassination attempt (`CM-8.1-2`).
The lines are read by `orders.machiavelli.expenses`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orders.board.model import SideLine, UnitKind
from orders.issues import Source


class ExpenseKind(StrEnum):
    """The expenses of §6.2 by their letter (CM-6.2-A .. CM-6.2-K)."""

    FAMINE_RELIEF = "A"  # 3d: removes a famine marker
    QUELL_REBELLION = "B"  # 12d: removes a rebellion
    CONQUERED_REBELS = "C"  # 9d: rebellion in an enemy province outside its home
    HOME_REBELS = "D"  # 15d: rebellion in an enemy home province
    ASSASSINATION = "E"  # at least 12d (§8)
    COUNTER_BRIBE = "F"  # steps of 3d, no adjacency (AM-19)
    DISBAND_AUTONOMOUS = "G"  # bribe, at least 6d
    BUY_AUTONOMOUS = "H"  # bribe, at least 9d
    MAKE_AUTONOMOUS = "I"  # bribe, at least 9d
    DISBAND_ENEMY = "J"  # bribe, at least 12d
    BUY_ENEMY = "K"  # bribe, at least 18d

    @property
    def is_bribe(self) -> bool:
        """Expenses G to K are bribes (CM-6.2-GK, AM-02)."""
        return self.value in "GHIJK"


@dataclass(frozen=True)
class Expense(SideLine):
    """One expense line as a player wrote it (CM-6.1-2): its letter, what it aims
    at and the ducats. `unit_kind` and `area` name a unit (bribes, counter-bribes:
    `(G) G Trent 9d`) or an area (famine, rebellions: `in_city` when the line says
    `ciudad`, AM-27); `victim` names a power (assassination: `(E) Turco 12d`)."""

    power: str
    kind: ExpenseKind
    amount: int
    area: str | None = None
    unit_kind: UnitKind | None = None
    in_city: bool = False
    victim: str | None = None
    source: Source | None = None

    @property
    def target(self) -> str:
        """What the line aims at, as the reports name it: the unit of a bribe or
        counter-bribe (`G TRENT`), the power of an assassination, the area
        (and `city`) of the others."""
        if self.unit_kind is not None and self.area:
            return f"{self.unit_kind.value} {self.area}"
        if self.kind is ExpenseKind.ASSASSINATION and self.victim:
            return self.victim
        return f"{self.area or ''}{' city' if self.in_city else ''}"


class SpecialUnit(StrEnum):
    """The special unit a purchase asks for (CM-10.1-3): the values of
    `adjudicator.rulesets.machiavelli.records.SpecialKind`, which this
    layer may not import."""

    CITIZEN_MILITIA = "citizen_militia"
    ELITE_MERCENARIES = "elite_mercenaries"
    ELITE_PROFESSIONALS = "elite_professionals"


@dataclass(frozen=True)
class Payment(SideLine):
    """One upkeep line of a spring (AM-13, §5.4): `paga A MIL` pays for the army
    in Milan (`paid`); `no paga A TYR` or `D A TYR` does not, and the unit is
    dropped."""

    power: str
    unit_kind: UnitKind
    area: str
    paid: bool = True
    source: Source | None = None


@dataclass(frozen=True)
class Purchase(SideLine):
    """One purchase line of a spring (AM-13, §5.4): `compra A COMO`, or a special
    unit (`compra A FLO mercenarios`: `special`, CM-10.1-3)."""

    power: str
    unit_kind: UnitKind
    area: str
    special: SpecialUnit | None = None
    source: Source | None = None


@dataclass(frozen=True)
class LoanRequest(SideLine):
    """A loan asked of the moneylenders (003 §11; CM-11.2-1: in any Loan phase):
    `préstamo 10d 1 año` asks `amount` ducats for `years`, one or two
    (CM-11.2-2)."""

    power: str
    amount: int
    years: int
    source: Source | None = None


@dataclass(frozen=True)
class RefuseRepayment(SideLine):
    """`no devuelve el préstamo`: the power will not repay the loans due this
    Loan phase, and suffers a default instead (AM-42, CM-11.4-1)."""

    power: str
    source: Source | None = None


@dataclass(frozen=True)
class Transfer(SideLine):
    """`da 5d a Venecia`: ducats given to another power, applied in the Loan
    phase (003 §5.3, CM-5.3-1, AM-44)."""

    power: str
    receiver: str
    amount: int
    source: Source | None = None


@dataclass(frozen=True)
class AttemptTransfer(SideLine):
    """`cede asesinato a Venecia`: the power's assassination attempt sold or
    given to another power (003 §8.1, CM-8.1-2, AM-44)."""

    power: str
    receiver: str
    source: Source | None = None


LoanPhaseRecord = LoanRequest | RefuseRepayment | Transfer | AttemptTransfer
"""What a line of the Loan phase reads as (003 §5.3, §8.1, §11)."""

AdvancedRecord = Expense | Payment | Purchase | LoanPhaseRecord
"""What an advanced line reads as (`orders.machiavelli.expenses`)."""
