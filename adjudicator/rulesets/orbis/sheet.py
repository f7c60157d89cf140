"""The nation sheet (rulebook 000 "Atributos y Estadísticas", "Índices de
Estabilidad", "Prosperidad", "Mapa y Estados"; O-079 .. O-092, O-124, O-125,
O-177, O-180, O-201; AMB-14, AMB-20, AMB-22).

A `Nation` carries its ten attribute values (five Dominio, five Autoridad,
O-079), its two stability indices (VIA and LEG, the only two: AMB-14), its
prosperity points (RQU, PRO, O-136), its pool modifiers (records.Modifier)
and what the map needs (its kind, patron and colour). A nation without a
player (NsJ) has `player` None.

Creation rules (O-080, O-081) are a check, not an invariant: attributes grow
beyond 30 in play (O-092, O-295).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

from adjudicator.rulesets.orbis.attributes import (
    AUTORIDAD,
    DOMINIO,
    Attribute,
    Statistic,
    statistic_value,
)
from adjudicator.rulesets.orbis.records import Modifier
from texts import T_

__all__ = [
    "CREATION_MAX",
    "CREATION_MIN",
    "GROUP_POINTS",
    "Nation",
    "NationKind",
    "NsjPoints",
    "NsjRule",
    "creation_problems",
    "kind_conditions",
    "nsj_points",
]

GROUP_POINTS = 80
"""Points each group distributes at creation (O-080)."""
CREATION_MIN, CREATION_MAX = 5, 30
"""Bounds of one attribute at creation only (O-081)."""

NsjRule = Literal["literal", "scaled"]
_NSJ_VALUES: Mapping[str, tuple[int, ...]] = MappingProxyType(
    {"literal": (30, 25, 20, 15, 10), "scaled": (24, 20, 16, 12, 8)}
)


class NationKind(StrEnum):
    """The kinds of nation on the map (O-175, O-176, O-179, "Colonias")."""

    STATE = "state"  # Estado Sedentario, the generic rules
    HORDE = "horde"  # Horda Migratoria
    HOST = "host"  # Hueste
    COLONY = "colony"  # Colonia


def _frozen(values: Mapping[Attribute, int]) -> Mapping[Attribute, int]:
    return MappingProxyType({a: values[a] for a in (*DOMINIO, *AUTORIDAD)})


@dataclass(frozen=True)
class Nation:
    """One nation's sheet. `attributes` holds all ten attributes (a missing
    one is a ValueError); `via` and `leg` are the indices' current values,
    `rqu` and `pro` the prosperity points."""

    id: str
    name: str
    attributes: Mapping[Attribute, int]
    via: int
    leg: int
    rqu: int = 0
    pro: int = 0
    kind: NationKind = NationKind.STATE
    player: str | None = None
    aliases: tuple[str, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    vassal_of: str | None = None
    colour: str | None = None

    def __post_init__(self) -> None:
        missing = [a.value for a in (*DOMINIO, *AUTORIDAD) if a not in self.attributes]
        if missing:
            raise ValueError(
                T_("nation {id}: attributes missing: {items}", id=self.id, items=", ".join(missing))
            )
        extra = [str(k) for k in self.attributes if not isinstance(k, Attribute)]
        if extra:
            raise ValueError(
                T_("nation {id}: unknown attributes: {items}", id=self.id, items=", ".join(extra))
            )
        object.__setattr__(self, "attributes", _frozen(self.attributes))
        object.__setattr__(self, "aliases", tuple(self.aliases))
        object.__setattr__(self, "modifiers", tuple(self.modifiers))

    def __hash__(self) -> int:
        return hash((self.id, tuple(self.attributes.items()), self.via, self.leg, self.rqu))

    def value(self, attribute: Attribute) -> int:
        return self.attributes[attribute]

    def statistic(self, statistic: Statistic) -> int:
        """The statistic's threshold u: its two attributes added (O-014)."""
        return statistic_value(statistic, self.attributes)

    @property
    def via_capacity(self) -> int:
        """VIA capacity = MIL + ADM + ECN (O-124)."""
        a = self.attributes
        return a[Attribute.MIL] + a[Attribute.ADM] + a[Attribute.ECN]

    @property
    def leg_capacity(self) -> int:
        """LEG capacity = CLT + AUX + ECN (O-125)."""
        a = self.attributes
        return a[Attribute.CLT] + a[Attribute.AUX] + a[Attribute.ECN]

    @property
    def has_player(self) -> bool:
        """False for a nation without a player (NsJ)."""
        return self.player is not None

    def with_attributes(self, changes: Mapping[Attribute, int]) -> Nation:
        """A copy with some attributes set (the indices are not touched)."""
        values = dict(self.attributes)
        values.update(changes)
        return replace(self, attributes=values)


def creation_problems(nation: Nation) -> tuple[str, ...]:
    """Why a sheet is not a valid initial distribution: each group spends
    exactly 80 points (O-080), each attribute 5..30 (O-081)."""
    problems: list[str] = []
    for group, members in (("Dominio", DOMINIO), ("Autoridad", AUTORIDAD)):
        total = sum(nation.attributes[a] for a in members)
        if total != GROUP_POINTS:
            problems.append(
                T_(
                    "{nation}: {group} spends {total} points, not {GROUP_POINTS} (O-080)",
                    nation=nation.id,
                    group=group,
                    total=total,
                    GROUP_POINTS=GROUP_POINTS,
                )
            )
        for attribute in members:
            value = nation.attributes[attribute]
            if not CREATION_MIN <= value <= CREATION_MAX:
                problems.append(
                    T_(
                        "{nation}: {attribute} is {value}, outside {CREATION_MIN}..{CREATION_MAX} at creation (O-081)",
                        nation=nation.id,
                        attribute=attribute.value,
                        value=value,
                        CREATION_MIN=CREATION_MIN,
                        CREATION_MAX=CREATION_MAX,
                    )
                )
    return tuple(problems)


@dataclass(frozen=True)
class NsjPoints:
    """Default attributes of a NsJ (O-201) and the warnings they carry (AMB-22)."""

    attributes: Mapping[Attribute, int]
    warnings: tuple[str, ...]


def _walk_back(
    members: tuple[Attribute, ...], first: Attribute, values: tuple[int, ...]
) -> dict[Attribute, int]:
    start = members.index(first)
    return {members[(start - step) % len(members)]: values[step] for step in range(len(members))}


def nsj_points(
    preponderant_dominio: Attribute,
    preponderant_autoridad: Attribute,
    *,
    rule: NsjRule = "literal",
) -> NsjPoints:
    """The attributes of a NsJ without distributed points (O-201, AMB-22): 30
    to the preponderant attribute of each group, 25 to the one before it in
    the list, wrapping (MIL → ADM → CLT → ECN → AUX), 20, 15, 10. That sums to
    100, not 80: a warning says so. `rule="scaled"` gives 24/20/16/12/8 (80)."""
    if preponderant_dominio not in DOMINIO:
        raise ValueError(
            T_(
                "{preponderant_dominio} is not a Dominio attribute",
                preponderant_dominio=preponderant_dominio,
            )
        )
    if preponderant_autoridad not in AUTORIDAD:
        raise ValueError(
            T_(
                "{preponderant_autoridad} is not an Autoridad attribute",
                preponderant_autoridad=preponderant_autoridad,
            )
        )
    values = _NSJ_VALUES[rule]
    points = {
        **_walk_back(DOMINIO, preponderant_dominio, values),
        **_walk_back(AUTORIDAD, preponderant_autoridad, values),
    }
    warnings: tuple[str, ...] = ()
    if sum(values) != GROUP_POINTS:
        shown = "/".join(map(str, values))
        warning = T_(
            "NsJ default points {shown} sum to {value} per group, not {GROUP_POINTS}",
            shown=shown,
            value=sum(values),
            GROUP_POINTS=GROUP_POINTS,
        )
        warnings = (T_("{warning} (AMB-22; option nsj_points: scaled gives 80)", warning=warning),)
    return NsjPoints(_frozen(points), warnings)


_CONDITIONS: Mapping[NationKind, Mapping[Attribute, int]] = MappingProxyType(
    {
        NationKind.STATE: MappingProxyType({}),
        NationKind.COLONY: MappingProxyType({}),
        NationKind.HORDE: MappingProxyType(
            {Attribute.ADM: 10, Attribute.ECN: 10, Attribute.MIL: -10, Attribute.CLT: -10}
        ),
        NationKind.HOST: MappingProxyType(
            {Attribute.PRS: 10, Attribute.INT: 10, Attribute.GES: -10, Attribute.LEA: -10}
        ),
    }
)


def kind_conditions(kind: NationKind) -> Mapping[Attribute, int]:
    """The roll deltas a nation's kind carries, in the roll's sign (O-045:
    +10 is a penalty, −10 a bonus), on every statistic involving the
    attribute; conditions, not pool modifiers (AMB-20). Hordes: +10 ADM and
    ECN, −10 MIL and CLT (O-177); hosts: +10 PRS and INT, −10 GES and LEA
    (O-180); states and colonies: none."""
    return _CONDITIONS[kind]
