"""Rebellions (rulebook 000 "Guerra", last part "rebeliones o insurgencias";
O-131, O-225 .. O-233; AMB-15, AMB-25, AMB-26, AMB-37).

A rebellion is an armed rising inside one nation, from an event or another
nation's influence (Intriga, Subversión). The government stays; the rebels
hold no territory (O-225). While it lives it costs its nation −2 VIA and
−1 LEG a year, at the end of each turn, from its first year (O-225, AMB-37);
the indices floor at 0 (AMB-16).

The nation suppresses it with a war medida in its own territory, Ofensiva or
Supresión (the counter name of Incisión) (O-226). A success suppresses it,
and a secret backer is discovered on a very or critical success (O-231). A
failure lets the rebels hurt the nation: a failed Ofensiva costs VIA, a
failed Supresión LEG (AMB-25), by the level: slight −4, plain −8, very −12,
critical −16 (AMB-26; option `rebellion_damage: literal` gives the printed
slight −12, very −4: O-227 .. O-230).

Not suppressed in a time the GM finds prudent, a rebellion escalates by its
last failure: plain or slight → an armed movement (Movimiento Armado), very
or critical → a civil war (O-232); never attempted → the GM decides (O-233).
Its duration (the current turn counted) feeds the cycle's restoration
exception of three years (O-131, AMB-15).

Decisions where the text is silent: the upkeep is charged to the
rebellions alive at the end of the turn, so one suppressed during the turn
costs nothing that turn; several rebellions in one nation each cost their
upkeep; a rebellion keeps its last failure, so "never attempted" is a living
rebellion without one (a success would have ended it).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

from adjudicator.rulesets.orbis.attributes import Statistic, Variant
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import Index, change_index
from texts import T_

__all__ = [
    "DAMAGE_TABLES",
    "RESTORATION_BLOCKING_YEARS",
    "UPKEEP",
    "Escalation",
    "Rebellion",
    "RebellionDamage",
    "Suppression",
    "SuppressionResult",
    "discovery",
    "escalate",
    "escalation",
    "failure_damage",
    "past_prudent_time",
    "rebellion_duration",
    "suppress",
    "suppression_of",
    "upkeep",
]

UPKEEP: Mapping[Index, int] = MappingProxyType({Index.VIA: 2, Index.LEG: 1})
"""What a living rebellion costs its nation each turn (O-225)."""

RESTORATION_BLOCKING_YEARS = 3
"""A rebellion of this many turns or more stops the cycle's +5 (O-131, AMB-15);
the check itself is `stability.restoration_blocked`."""

RebellionDamage = Literal["fixed", "literal"]

DAMAGE_TABLES: Mapping[str, Mapping[Level, int]] = MappingProxyType(
    {
        # AMB-26: the printed order read as a slip, as every other table.
        "fixed": MappingProxyType({Level.LF: 4, Level.F: 8, Level.MF: 12, Level.FC: 16}),
        # O-227 .. O-230 as printed.
        "literal": MappingProxyType({Level.LF: 12, Level.F: 8, Level.MF: 4, Level.FC: 16}),
    }
)
"""Index points a failed suppression costs, by the failure's level."""

DISCOVERING = frozenset({Level.ME, Level.EC})
"""Successes that discover a secret backer (O-231)."""


class Suppression(StrEnum):
    """The two medidas that suppress a rebellion (O-226)."""

    OFENSIVA = "ofensiva"
    SUPRESION = "supresion"

    @property
    def damaged_index(self) -> Index:
        """The index a failure costs: Ofensiva VIA, Supresión LEG (AMB-25)."""
        return Index.VIA if self is Suppression.OFENSIVA else Index.LEG

    @property
    def statistic(self) -> Statistic:
        """The statistic rolled: Ofensiva, or Incisión for Supresión (O-094)."""
        return Statistic.OFENSIVA if self is Suppression.OFENSIVA else Statistic.INCISION


def suppression_of(statistic: Statistic, variant: Variant | None = None) -> Suppression | None:
    """Which suppression a medida is (O-226): Ofensiva itself; Supresión, or
    Incisión written under its own name, as Supresión (both roll Incisión).
    Defensa (a counter-measure), other variants and other statistics: None."""
    if statistic is Statistic.OFENSIVA and variant is None:
        return Suppression.OFENSIVA
    if statistic is Statistic.INCISION and variant in (None, Variant.SUPRESION):
        return Suppression.SUPRESION
    return None


@dataclass(frozen=True)
class Rebellion:
    """A living rebellion in `nation`, existing since year `since` (its first
    year, O-225). `backers` are the nations that incited or fund it, secret
    until `discovered` (O-231); `last_failure` is the level of the last failed
    suppression, None if never attempted (O-232, O-233)."""

    nation: str
    since: int
    backers: tuple[str, ...] = ()
    discovered: frozenset[str] = frozenset()
    last_failure: Level | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "backers", tuple(self.backers))
        object.__setattr__(self, "discovered", frozenset(self.discovered))
        if len(set(self.backers)) != len(self.backers):
            raise ValueError(T_("rebellion in {nation}: a backer named twice", nation=self.nation))
        if self.nation in self.backers:
            raise ValueError(
                T_(
                    "rebellion in {nation}: the nation cannot back its own rebels",
                    nation=self.nation,
                )
            )
        unknown = sorted(self.discovered - set(self.backers))
        if unknown:
            raise ValueError(
                T_(
                    "rebellion in {nation}: discovered nations are not backers: {nations}",
                    nation=self.nation,
                    nations=", ".join(unknown),
                )
            )
        if self.last_failure is not None and self.last_failure.success:
            raise ValueError(
                T_(
                    "rebellion in {nation}: last_failure is a success ({last_failure}); a success suppresses it (O-231)",
                    nation=self.nation,
                    last_failure=self.last_failure.value,
                )
            )

    @property
    def secret_backers(self) -> tuple[str, ...]:
        """The backers not yet discovered, in their order (O-231)."""
        return tuple(b for b in self.backers if b not in self.discovered)

    @property
    def attempted(self) -> bool:
        """Whether its nation ever tried to suppress it (O-233)."""
        return self.last_failure is not None

    def duration(self, year: int) -> int:
        """Turns it has lasted in `year`, the current one counted (AMB-15): 1
        in its first year, 0 before it began."""
        return max(0, year - self.since + 1)


def rebellion_duration(rebellions: Iterable[Rebellion], nation: str, year: int) -> int:
    """The duration in `year` of the nation's longest living rebellion, 0 if
    none: `WarDurations.rebellion` for the cycle's exception (O-131, AMB-15)."""
    return max((r.duration(year) for r in rebellions if r.nation == nation), default=0)


def upkeep(nation: Nation, rebellions: Iterable[Rebellion], year: int) -> Nation:
    """The nation after the end-of-turn upkeep of its rebellions alive in
    `year`: −2 VIA and −1 LEG each, from its first year (O-225, AMB-37),
    indices floored at 0 (AMB-16). Other nations' rebellions, and ones
    starting after `year`, cost nothing."""
    for rebellion in rebellions:
        if rebellion.nation != nation.id or rebellion.duration(year) < 1:
            continue
        for index, amount in UPKEEP.items():
            nation = change_index(nation, index, -amount)
    return nation


def failure_damage(level: Level, *, rebellion_damage: RebellionDamage = "fixed") -> int:
    """Index points a failed suppression at `level` costs (O-227 .. O-230):
    by default LF 4, F 8, MF 12, FC 16 (AMB-26); `literal` LF 12, F 8, MF 4,
    FC 16 as printed. A success costs nothing: ValueError."""
    if level.success:
        raise ValueError(
            T_("{level} is a success: it suppresses the rebellion (O-231)", level=level.value)
        )
    if rebellion_damage not in DAMAGE_TABLES:
        raise ValueError(
            T_(
                "option rebellion_damage must be one of {items}, not {rebellion_damage!r}",
                items=", ".join(DAMAGE_TABLES),
                rebellion_damage=rebellion_damage,
            )
        )
    return DAMAGE_TABLES[rebellion_damage][level]


def discovery(rebellion: Rebellion, level: Level) -> tuple[str, ...]:
    """The secret backers a suppression at `level` discovers: all of them on
    a very or critical success, none otherwise (O-231)."""
    return rebellion.secret_backers if level in DISCOVERING else ()


@dataclass(frozen=True)
class SuppressionResult:
    """One suppression medida resolved (O-226 .. O-231): the nation after it,
    the rebellion's record after it (the caller drops it when `suppressed`),
    the index hurt and the table's damage on a failure (None and 0 on a
    success), and the backers it revealed."""

    nation: Nation
    rebellion: Rebellion
    suppressed: bool
    index: Index | None
    damage: int
    revealed: tuple[str, ...]


def suppress(
    nation: Nation,
    rebellion: Rebellion,
    medida: Suppression,
    level: Level,
    *,
    rebellion_damage: RebellionDamage = "fixed",
) -> SuppressionResult:
    """A suppression medida of `nation` against its `rebellion`, resolved at
    `level` (a domestic roll, no counter-measure). Success: suppressed, and
    on ME or EC its secret backers discovered (O-231). Failure: the rebels
    hurt the index of the medida (Ofensiva VIA, Supresión LEG: AMB-25) by the
    damage table (O-227 .. O-230, AMB-26), floored at 0 (AMB-16), and the
    failure is remembered for the escalation (O-232)."""
    if rebellion.nation != nation.id:
        raise ValueError(
            T_(
                "{nation} cannot suppress a rebellion in {nation2}: only in its own territory (O-226)",
                nation=nation.id,
                nation2=rebellion.nation,
            )
        )
    if level.success:
        revealed = discovery(rebellion, level)
        after = replace(rebellion, discovered=rebellion.discovered | set(revealed))
        return SuppressionResult(nation, after, True, None, 0, revealed)
    amount = failure_damage(level, rebellion_damage=rebellion_damage)
    hurt = change_index(nation, medida.damaged_index, -amount)
    return SuppressionResult(
        hurt, replace(rebellion, last_failure=level), False, medida.damaged_index, amount, ()
    )


class Escalation(StrEnum):
    """What an unsuppressed rebellion becomes (O-232, O-233)."""

    ARMED_MOVEMENT = "armed_movement"  # Movimiento Armado, fought as another nation (O-215)
    CIVIL_WAR = "civil_war"
    GM_DECIDES = "gm_decides"


def escalation(last_failure: Level | None) -> Escalation:
    """What a rebellion not suppressed in a prudent time becomes, by its last
    failure: slight or plain → armed movement, very or critical → civil war
    (O-232); never attempted (None) → the GM decides (O-233)."""
    if last_failure is None:
        return Escalation.GM_DECIDES
    if last_failure.success:
        raise ValueError(
            T_(
                "{last_failure} is a success: a suppressed rebellion does not escalate",
                last_failure=last_failure.value,
            )
        )
    if last_failure in (Level.LF, Level.F):
        return Escalation.ARMED_MOVEMENT
    return Escalation.CIVIL_WAR


def escalate(rebellion: Rebellion) -> Escalation:
    """`escalation` of the rebellion's last failure (O-232, O-233)."""
    return escalation(rebellion.last_failure)


def past_prudent_time(rebellion: Rebellion, year: int, prudent_turns: int) -> bool:
    """Whether the rebellion has outlasted the GM's prudent time: it has
    lasted `prudent_turns` turns or more in `year`, the current one counted
    (O-232: the time is the GM's, the judge only counts)."""
    if prudent_turns < 1:
        raise ValueError(f"a prudent time is at least one turn, not {prudent_turns}")
    return rebellion.duration(year) >= prudent_turns
