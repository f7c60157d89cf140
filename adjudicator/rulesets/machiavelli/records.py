"""Records of Machiavelli's advanced rules (003 §5 to §11) that the state
keeps, shared by the rules in `advanced/`. (They sit beside `state.py`, not in
`advanced/`, because the state imports them and the rules import the state.)
The lines players write (expenses, payments, purchases) are
`orders.machiavelli.model`.

The checklist is `machiavelli-advanced` (`CM-...` rules, `AM-...` readings);
each record cites what it stands for.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SpecialKind(StrEnum):
    """The three special units (CM-10.1-3); a special unit may be an army, a
    fleet or a garrison (CM-10.1-2)."""

    CITIZEN_MILITIA = "citizen_militia"
    ELITE_MERCENARIES = "elite_mercenaries"
    ELITE_PROFESSIONALS = "elite_professionals"


@dataclass(frozen=True)
class Rebellion:
    """A rebellion unit (§7): where, in the city or the province (CM-7.1-3), and
    the power it is aimed at (the controller when it arose: AM-29)."""

    area: str
    against: str
    in_city: bool = False


@dataclass(frozen=True)
class Loan:
    """A moneylenders' loan (§11): what was lent, the interest owed on it
    (CM-11.3-x, rounded up) and the phase id of the Loan phase it is due in
    (AM-42)."""

    power: str
    principal: int
    interest: int
    due: str
