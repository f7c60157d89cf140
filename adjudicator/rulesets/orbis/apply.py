"""Applying what a medida won (rulebook 000, the statistics' uses O-093 ..
O-117 through `effects.EFFECTS`; the scales O-056 .. O-059, O-126 .. O-129;
the tables O-145 .. O-174). Every effect of the year is applied after every
roll of the year: the turn is simultaneous, so no roll sees this year's
effects."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.effects import Direction, EffectKind, effect_of
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.modifiers import granted
from adjudicator.rulesets.orbis.prosperity import (
    Resource,
    TheftLedger,
    desarrollo_gain,
    intervencion_gain,
    steal,
)
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import current, damage, restore
from texts import N_, T_


@dataclass(frozen=True)
class Won:
    """A medida that prevailed: who, which statistic, at what level, against
    or for whom (`target`: the nation acted against; `beneficiary`: the nation
    helped, the actor unless it backs another)."""

    actor: str
    statistic: Statistic
    level: Level
    target: str | None
    beneficiary: str
    against: bool
    source: str


@dataclass(frozen=True)
class Applied:
    nations: Mapping[str, Nation]
    thefts: TheftLedger
    words: str  # what happened, for the report


def _gain(nation: Nation, resource: Resource, amount: int) -> Nation:
    if resource is Resource.RQU:
        return replace(nation, rqu=nation.rqu + amount)
    return replace(nation, pro=nation.pro + amount)


def apply_won(won: Won, nations: dict[str, Nation], thefts: TheftLedger, year: int) -> Applied:
    """`nations` (id -> sheet) after `won`'s effect."""
    effect = effect_of(won.statistic)
    target = nations.get(won.target) if won.target else None
    helped = nations[won.beneficiary]
    level = won.level
    match effect.kind:
        case EffectKind.INDEX_DAMAGE if target is not None and effect.index is not None:
            nations[target.id] = damage(target, effect.index, level)
            lost = current(target, effect.index) - current(nations[target.id], effect.index)
            said = (
                N_("{nation} -{amount} {index} (already empty)")
                if lost < level.size
                else N_("{nation} -{amount} {index}")
            )
            words = T_(said, nation=target.id, amount=lost, index=effect.index.value)
            return Applied(nations, thefts, words)
        case EffectKind.INDEX_RESTORE if effect.index is not None:
            nations[helped.id] = restore(helped, effect.index, level)
            gained = current(nations[helped.id], effect.index) - current(helped, effect.index)
            said = (
                N_("{nation} +{amount} {index} (at capacity)")
                if gained < level.size
                else N_("{nation} +{amount} {index}")
            )
            words = T_(said, nation=helped.id, amount=gained, index=effect.index.value)
            return Applied(nations, thefts, words)
        case EffectKind.MODIFIER if effect.attribute is not None:
            harm = effect.direction is Direction.HARMS or (
                effect.direction is Direction.AIMED and won.against
            )
            receiver = target if harm else helped
            if receiver is None:
                return Applied(nations, thefts, T_("no target to harm: no effect"))
            record = granted(effect.attribute, level, year, won.source, penalty=harm)
            nations[receiver.id] = replace(receiver, modifiers=(*receiver.modifiers, record))
            sign = f"+{record.value}" if record.value > 0 else str(record.value)
            values = {"nation": receiver.id, "sign": sign, "attribute": effect.attribute.value}
            words = (
                T_(
                    "{nation}: penalty {sign} on {attribute} until {until}",
                    **values,
                    until=record.until,
                )
                if harm
                else T_(
                    "{nation}: bonus {sign} on {attribute} until {until}",
                    **values,
                    until=record.until,
                )
            )
            return Applied(nations, thefts, words)
        case EffectKind.RESOURCE_GAIN if effect.resource is not None:
            gain = (
                intervencion_gain(level)
                if effect.resource is Resource.RQU
                else desarrollo_gain(level)
            )
            nations[helped.id] = _gain(helped, effect.resource, gain)
            gained_words = T_(
                "{nation} +{amount} {resource}",
                nation=helped.id,
                amount=gain,
                resource=effect.resource.value,
            )
            return Applied(nations, thefts, gained_words)
        case EffectKind.THEFT if target is not None and effect.resource is not None:
            patron = nations.get(target.vassal_of) if target.vassal_of else None
            actor = nations[won.actor]
            done = steal(actor, target, won.statistic, level, year, thefts, patron=patron)
            nations[actor.id], nations[target.id] = done.thief, done.target
            what = effect.resource.value
            return Applied(
                nations,
                done.ledger,
                T_(
                    "{target} -{loss} {resource}, {actor} +{gain} {resource}",
                    target=target.id,
                    loss=done.loss,
                    actor=actor.id,
                    gain=done.gain,
                    resource=what,
                ),
            )
    return Applied(nations, thefts, T_("for the GM to narrate (no mechanical effect)"))
