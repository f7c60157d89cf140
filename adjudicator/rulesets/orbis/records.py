"""The records an Orbis nation carries between turns (rulebook 000
"Modificadores"; O-045 .. O-078).

A modifier is one signed roll delta on one attribute (AMB-13: a bonus is
negative, it lowers the roll; a penalty is positive): where it came from,
until when it lasts (the last year it is active: a medida-granted modifier
obtained in year Y lasts through Y+4, AMB-07), and its kind, which decides
how it is capped, used and cancelled:

- `medida`: granted by a medida's result (O-053 .. O-059); in the ±25 pool
  of its attribute (O-078, AMB-10); gone at its first use (O-055);
- `event`: granted by the GM's events (O-009, O-049); in the pool; lasts to
  its end year (at most 20 years, O-049);
- `behaviour`: a penalty for bad conduct (O-050); in the pool; never
  cancelled by a bonus (O-054, AMB-06);
- `purchase`: bought with RQU or PRO (O-138, O-157, AMB-17); as `medida`.

State conditions (stability, horde or host, vassal, war fatigue, civil war,
precedent, reach) are not records: they are computed each turn and applied
outside the pools (AMB-05, AMB-09, AMB-16, AMB-20).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from adjudicator.rulesets.orbis.attributes import Attribute


class ModifierKind(StrEnum):
    MEDIDA = "medida"
    EVENT = "event"
    BEHAVIOUR = "behaviour"
    PURCHASE = "purchase"


@dataclass(frozen=True)
class Modifier:
    """A signed roll delta on `attribute` (negative: a bonus), from `source`
    (a medida's id, an event's name...), active through year `until`."""

    attribute: Attribute
    value: int
    until: int
    kind: ModifierKind
    source: str

    @property
    def bonus(self) -> bool:
        return self.value < 0
