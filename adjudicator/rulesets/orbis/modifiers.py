"""Modifiers on a roll (rulebook 000 "Modificadores"; checklist O-045 ..
O-078, AMB-04 .. AMB-10, AMB-13, AMB-17, AMB-20).

A modifier changes the die: a penalty (positive) raises the roll, a bonus
(negative, written −ECN) lowers it (O-045, AMB-13). Every record on an
attribute applies to every roll whose statistic involves that attribute
(O-046); the records of one attribute sum into its pool, capped at ±25
(O-078, AMB-10), so a roll on two attributes may carry up to ±50. Bonuses
apply unless the player declines them (O-047) and never to medidas that seek
new modifiers (O-048, AMB-04). State conditions (stability, horde or host,
vassal, war fatigue, civil war, precedent) are added outside the pools,
uncapped, never consumed (AMB-05, AMB-16, AMB-20). An Alcance level, when
one applies, shuts the pools out (AMB-09, option `alcance_exclusive`).

Medida-granted and purchased records (O-053 .. O-059, AMB-17) go at their
first use (O-055, AMB-07) and last through `until`; event and behaviour
records carry their own end year, at most 20 years from their origin
(O-049, O-050).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Literal

from adjudicator.rulesets.orbis.attributes import Attribute, Group, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from texts import T_, tr

POOL_CAP = 25
"""An attribute's pool never passes −25 or +25 (O-078, AMB-10)."""

MEDIDA_YEARS = 4
"""A record obtained in Y lasts through Y+4, gone from Y+5 (O-055, AMB-07)."""

LONGEST = 20
"""Event and behaviour records end at most 20 years after their origin
(O-049, O-050, AMB-07)."""

PURCHASE_VALUE = -6
"""5 RQU or 1 PRO buy a −6 bonus (O-138, O-157, AMB-17)."""

CONSUMED = frozenset({ModifierKind.MEDIDA, ModifierKind.PURCHASE})
"""Kinds that go at their first use (O-055, AMB-07, AMB-17)."""

_S = Statistic
SEEKS_MODIFIER: frozenset[Statistic] = frozenset(
    {
        _S.COMERCIO,
        _S.COMPETENCIA,
        _S.PROTOCOLO,
        _S.SEGURIDAD,  # as penalty-giver; the caller says when it counters instead
        _S.MORAL,
        _S.DISCIPLINA,
        _S.TRADICION,
        _S.LOGISTICA,
        _S.INDUSTRIA,
        _S.REFORMA,
        _S.BUROCRACIA,
        _S.RETORICA,
        _S.INTRIGA,
        _S.INTIMIDACION,
        _S.HEGEMONIA,
    }
)
"""The medidas that seek modifiers (O-048, AMB-04)."""

RESTORING: frozenset[Statistic] = frozenset({_S.DOCTRINA, _S.CONSTRUCCION})
"""Index-restoring medidas, modifier-seeking only if the GM says so (AMB-04)."""


def is_modifier_seeking(statistic: Statistic, *, restoration_is_modifier: bool = False) -> bool:
    """Whether a medida on `statistic` seeks modifiers, so bonuses do not
    apply to it (O-048, AMB-04); Doctrina and Construcción count only with
    the option `restoration_is_modifier` (default no)."""
    return statistic in SEEKS_MODIFIER or (restoration_is_modifier and statistic in RESTORING)


def active(modifiers: Iterable[Modifier], year: int) -> tuple[Modifier, ...]:
    """The records active in `year`: while `year <= until` (AMB-07)."""
    return tuple(record for record in modifiers if year <= record.until)


def expire(modifiers: Iterable[Modifier], year: int) -> tuple[Modifier, ...]:
    """The records left at the start of `year`, the expired ones dropped
    (O-049, O-055, AMB-07)."""
    return active(modifiers, year)


def granted(
    attribute: Attribute, level: Level, year: int, source: str, *, penalty: bool = False
) -> Modifier:
    """The record a medida of `level` obtained in `year` grants: the level's
    size 4 / 8 / 12 / 16 (O-056 .. O-059), negative for a bonus (for the
    roller or for another nation), positive for a penalty given to another
    (AMB-13), lasting through `year + 4` (O-055, AMB-07)."""
    value = level.size if penalty else -level.size
    return Modifier(attribute, value, year + MEDIDA_YEARS, ModifierKind.MEDIDA, source)


def granted_for_result(
    attribute: Attribute,
    level: Level,
    year: int,
    source: str,
    *,
    penalty: bool = False,
    failed_modifier_backfires: bool = False,
) -> Modifier | None:
    """What a modifier-seeking medida's own result gives (O-053 .. O-059,
    AMB-08): on a success, the sought record (`granted`); on a failure,
    nothing; with the option `failed_modifier_backfires`, a penalty of the
    failure's size on the ROLLER (the caller files it under the roller's
    records), whether a bonus or a penalty was sought. Decision: the reverse
    of a penalty aimed at another is a penalty on oneself, never a bonus."""
    if level.success:
        return granted(attribute, level, year, source, penalty=penalty)
    if failed_modifier_backfires:
        return granted(attribute, level, year, source, penalty=True)
    return None


_PURCHASE_GROUP: Mapping[str, Group] = MappingProxyType(
    {"RQU": Group.AUTORIDAD, "PRO": Group.DOMINIO}
)


def purchased(
    attribute: Attribute, year: int, source: str, *, currency: Literal["RQU", "PRO"]
) -> Modifier:
    """A bought −6 (AMB-17): RQU buys one Autoridad attribute (O-138), PRO
    one Dominio attribute (O-157), named by the buyer; it lasts through
    `year + 4` or its first use, and, bought in `year`, already applies to
    that year's medida. The wrong group raises ValueError."""
    if attribute.group is not _PURCHASE_GROUP[currency]:
        raise ValueError(
            T_(
                "{currency} buys a bonus on {group} points, not on {attribute} (O-138, O-157, AMB-17)",
                currency=currency,
                group=_PURCHASE_GROUP[currency].value,
                attribute=attribute.value,
            )
        )
    return Modifier(attribute, PURCHASE_VALUE, year + MEDIDA_YEARS, ModifierKind.PURCHASE, source)


def duration_problem(kind: ModifierKind, value: int, origin: int, until: int) -> str | None:
    """Why a GM-made record is refused, or None: a zero value, an end before
    its origin, an event or behaviour record ending more than 20 years after
    its origin (O-049, O-050; the end year itself at most origin + 20,
    AMB-07), a behaviour record that is not a penalty (O-050)."""
    if value == 0:
        return T_("a modifier of 0 changes nothing")
    if until < origin:
        return T_("it ends ({until}) before its origin ({origin})", until=until, origin=origin)
    if kind in (ModifierKind.EVENT, ModifierKind.BEHAVIOUR) and until > origin + LONGEST:
        rule = "O-049" if kind is ModifierKind.EVENT else "O-050"
        return T_(
            "it ends in {until}, more than {longest} years after {origin} ({rule})",
            until=until,
            longest=LONGEST,
            origin=origin,
            rule=rule,
        )
    if kind is ModifierKind.BEHAVIOUR and value < 0:
        return T_("a behaviour modifier is a penalty, never a bonus (O-050)")
    return None


def event_modifier(
    attribute: Attribute, value: int, origin: int, until: int, source: str
) -> Modifier:
    """An event's record (O-009, O-049); refused (ValueError, with the
    reason) when it ends more than 20 years after `origin`."""
    return _checked(Modifier(attribute, value, until, ModifierKind.EVENT, source), origin)


def behaviour_penalty(
    attribute: Attribute, value: int, origin: int, until: int, source: str
) -> Modifier:
    """A penalty for bad conduct (O-050); refused (ValueError) when it is a
    bonus or ends more than 20 years after `origin`."""
    return _checked(Modifier(attribute, value, until, ModifierKind.BEHAVIOUR, source), origin)


def _checked(record: Modifier, origin: int) -> Modifier:
    problem = duration_problem(record.kind, record.value, origin, record.until)
    if problem is not None:
        raise ValueError(
            T_(
                "{kind} modifier {source!r} refused: {problem}",
                kind=KIND_WORDS[record.kind],
                source=record.source,
                problem=problem,
            )
        )
    return record


def capped(value: int) -> int:
    """A pool's sum held within ±25 (O-078, AMB-10)."""
    return max(-POOL_CAP, min(POOL_CAP, value))


def pool(modifiers: Iterable[Modifier], attribute: Attribute, year: int | None = None) -> int:
    """The pool of `attribute`: its records summed (only those active in
    `year` when given), capped at ±25 (O-078, AMB-10); the records stay
    individual, each with its own end (AMB-10)."""
    records = modifiers if year is None else active(modifiers, year)
    return capped(sum(record.value for record in records if record.attribute is attribute))


def condition_for(statistic: Statistic, by_attribute: Mapping[Attribute, int]) -> int:
    """A condition given per attribute (a horde's +10 ADM and ECN, −10 MIL
    and CLT, O-177; a host's, O-180), as it falls on a roll of `statistic`:
    its two attributes' entries added, uncapped (AMB-20)."""
    return sum(by_attribute.get(attribute, 0) for attribute in statistic.attributes)


class SkipReason(StrEnum):
    DECLINED = "declined by the player (O-047)"
    SEEKS_MODIFIER = "bonus on a modifier-seeking medida (O-048, AMB-04)"
    ALCANCE = "an Alcance level applies (O-062, AMB-09)"


SKIP_WORDS: Mapping[SkipReason, str] = MappingProxyType(
    {
        SkipReason.DECLINED: T_("declined by the player (O-047)"),
        SkipReason.SEEKS_MODIFIER: T_("bonus on a modifier-seeking medida (O-048, AMB-04)"),
        SkipReason.ALCANCE: T_("an Alcance level applies (O-062, AMB-09)"),
    }
)
"""Why a record was not applied, in words (the values stay English codes)."""

KIND_WORDS: Mapping[ModifierKind, str] = MappingProxyType(
    {
        ModifierKind.MEDIDA: T_("medida"),
        ModifierKind.EVENT: T_("event"),
        ModifierKind.BEHAVIOUR: T_("behaviour"),
        ModifierKind.PURCHASE: T_("purchase"),
    }
)
"""A modifier's kind in words."""


@dataclass(frozen=True)
class Skipped:
    """A record on the roll's attributes that does not apply to it, and is
    therefore not used (O-047, O-048, AMB-07, AMB-09)."""

    modifier: Modifier
    reason: SkipReason


@dataclass(frozen=True)
class PoolShare:
    """One attribute's part of a roll: the records applied, their sum and
    the capped value that counts (O-078, AMB-10)."""

    attribute: Attribute
    records: tuple[Modifier, ...]
    raw: int
    value: int

    @property
    def was_capped(self) -> bool:
        return self.raw != self.value


@dataclass(frozen=True)
class RollModifier:
    """The total to add to a roll (r′ = r + total, O-045, AMB-01) and where
    it comes from, for the report; `used` are the records to drop after this
    roll (O-055, AMB-07: `consume`)."""

    total: int
    pools: tuple[PoolShare, ...]
    conditions: tuple[tuple[str, int], ...]
    reach: int | None
    used: tuple[Modifier, ...]
    skipped: tuple[Skipped, ...]

    def lines(self) -> tuple[str, ...]:
        """One report line per source: each record, each pool cap, each
        condition by name, the reach, each skipped record and why."""
        out: list[str] = []
        for share in self.pools:
            out += [
                T_(
                    "{value} {attribute} ({kind}: {source})",
                    value=f"{r.value:+d}",
                    attribute=r.attribute.value,
                    kind=KIND_WORDS[r.kind],
                    source=r.source,
                )
                for r in share.records
            ]
            if share.was_capped:
                out.append(
                    T_(
                        "{attribute} pool {raw} capped at {value} (O-078)",
                        attribute=share.attribute.value,
                        raw=f"{share.raw:+d}",
                        value=f"{share.value:+d}",
                    )
                )
        out += [f"{value:+d} {tr(name)}" for name, value in self.conditions]
        if self.reach is not None:
            out.append(T_("{value} Alcance", value=f"{self.reach:+d}"))
        out += [
            T_(
                "not applied: {value} {attribute} ({source}): {reason}",
                value=f"{s.modifier.value:+d}",
                attribute=s.modifier.attribute.value,
                source=s.modifier.source,
                reason=SKIP_WORDS[s.reason],
            )
            for s in self.skipped
        ]
        out.append(T_("total {value}", value=f"{self.total:+d}"))
        return tuple(tr(line) for line in out)  # written when the report is


_NO_CONDITIONS: Mapping[str, int] = MappingProxyType({})


def roll_modifier(
    modifiers: Iterable[Modifier],
    statistic: Statistic,
    year: int,
    *,
    seeks_modifier: bool,
    declined: bool,
    conditions: Mapping[str, int] = _NO_CONDITIONS,
    reach: int | None = None,
    alcance_exclusive: bool = True,
) -> RollModifier:
    """The modifier on a roll of `statistic` in `year` by the nation holding
    `modifiers`.

    Each of the statistic's two attributes contributes its pool of active
    records (O-046), capped at ±25 (O-078, AMB-10). Bonuses apply unless
    `declined` (O-047) and never when the medida `seeks_modifier` (O-048,
    AMB-04: penalties and conditions still apply). `conditions` (stability,
    kind, vassal, war fatigue, precedent...) add outside the pools, uncapped
    (AMB-05, AMB-20). `reach` is the Alcance value when a level applies
    (O-064 .. O-073); with `alcance_exclusive` (AMB-09, default) it shuts
    every pool record out, which is then neither applied nor used; without
    it, both apply. Medida and purchase records applied are `used` (O-055,
    AMB-07): a penalty given to the nation goes on its first roll involving
    the attribute; a declined or excluded bonus stays. Decision: a record
    whose effect the cap cut is still used. A `reach` of 0 raises
    ValueError (no Alcance level is 0: pass None)."""
    if reach == 0:
        raise ValueError("no Alcance level is 0: pass reach=None (O-064 .. O-073)")
    attributes = statistic.attributes
    relevant = [r for r in active(modifiers, year) if r.attribute in attributes]
    skipped: list[Skipped] = []
    applied: list[Modifier] = []
    for record in relevant:
        reason = _skip_reason(record, seeks_modifier, declined, reach, alcance_exclusive)
        if reason is None:
            applied.append(record)
        else:
            skipped.append(Skipped(record, reason))
    pools = tuple(_share(attribute, applied) for attribute in attributes)
    named = tuple(conditions.items())
    total = sum(share.value for share in pools) + sum(v for _, v in named) + (reach or 0)
    used = tuple(record for record in applied if record.kind in CONSUMED)
    return RollModifier(total, pools, named, reach, used, tuple(skipped))


def _skip_reason(
    record: Modifier,
    seeks_modifier: bool,
    declined: bool,
    reach: int | None,
    alcance_exclusive: bool,
) -> SkipReason | None:
    if reach is not None and alcance_exclusive:
        return SkipReason.ALCANCE
    if record.bonus and seeks_modifier:
        return SkipReason.SEEKS_MODIFIER
    if record.bonus and declined:
        return SkipReason.DECLINED
    return None


def _share(attribute: Attribute, applied: Iterable[Modifier]) -> PoolShare:
    records = tuple(record for record in applied if record.attribute is attribute)
    raw = sum(record.value for record in records)
    return PoolShare(attribute, records, raw, capped(raw))


def consume(modifiers: Iterable[Modifier], used: Iterable[Modifier]) -> tuple[Modifier, ...]:
    """The records left after a roll: each used record dropped once (O-055,
    AMB-07), equal duplicates counted one by one."""
    pending = list(used)
    left: list[Modifier] = []
    for record in modifiers:
        if record in pending:
            pending.remove(record)
        else:
            left.append(record)
    return tuple(left)


@dataclass(frozen=True)
class Cancellation:
    """The records after a cancelling medida (AMB-06): those `removed`, those
    `reduced` (old, new), and the bonus `leftover` that found no penalty."""

    modifiers: tuple[Modifier, ...]
    removed: tuple[Modifier, ...]
    reduced: tuple[tuple[Modifier, Modifier], ...]
    leftover: int


def cancel(
    modifiers: Iterable[Modifier],
    attribute: Attribute,
    value: int,
    year: int,
    *,
    sources: Collection[str] | None = None,
) -> Cancellation:
    """A bonus medida of size `value` aimed at removing the nation's own
    penalties on `attribute` (O-053, O-054, AMB-06): it deletes up to
    `|value|` of the penalty records active in `year` (only those from
    `sources` when given), never a behaviour penalty (O-054).

    Decisions (the book is silent): the oldest first, that is the earliest
    `until` first (ties in the given order), as a GM clears a ledger; a
    record only partly covered is reduced by the rest, keeping its source
    and end; a leftover is lost (the medida sought removal, not a bonus)."""
    records = tuple(modifiers)
    budget = abs(value)
    targets = sorted(
        (
            index
            for index, record in enumerate(records)
            if record.attribute is attribute
            and record.value > 0
            and record.kind is not ModifierKind.BEHAVIOUR
            and year <= record.until
            and (sources is None or record.source in sources)
        ),
        key=lambda index: records[index].until,
    )
    replaced: dict[int, Modifier | None] = {}
    for index in targets:
        if budget == 0:
            break
        record = records[index]
        taken = min(budget, record.value)
        budget -= taken
        rest = record.value - taken
        replaced[index] = (
            None
            if rest == 0
            else Modifier(record.attribute, rest, record.until, record.kind, record.source)
        )
    kept: list[Modifier] = []
    for index, record in enumerate(records):
        new = replaced.get(index, record)
        if new is not None:
            kept.append(new)
    removed = tuple(records[i] for i, new in replaced.items() if new is None)
    reduced = tuple((records[i], new) for i, new in replaced.items() if new is not None)
    return Cancellation(tuple(kept), removed, reduced, budget)
