"""Rolling one medida and its counter-measure (rulebook 000 "Medidas",
"Modificadores"; O-012 .. O-044, AMB-01 .. AMB-09, AMB-16, AMB-20, AMB-32,
AMB-36).

A medida rolls 1d100 from the game's dice (purpose `medida:<nation>`, index
the medida's place among the nation's medidas) against its statistic's value
(O-014), with the nation's modifiers on the roll (`modifiers.roll_modifier`:
the two attribute pools within ±25 each, the conditions outside them: the
stability penalty (AMB-16), the nation's kind (AMB-20), the precedent
(AMB-05), and the GM's reach level, which excludes the pools (AMB-09)). An
exterior medida that succeeds is answered by the target's automatic
counter-measure (O-022, O-043, O-044: none after a failure, none when the
target says it does not defend), rolled the same way (purpose
`counter:<target>:<nation>`), and the two are opposed (`opposed.opposed`);
an exterior r = u is settled by the counter-measure (AMB-36).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.margins import Roll, level_of, margin, settle_tie
from adjudicator.rulesets.orbis.modifiers import (
    RollModifier,
    condition_for,
    is_modifier_seeking,
    roll_modifier,
)
from adjudicator.rulesets.orbis.opposed import OpposedResult, Side, opposed
from adjudicator.rulesets.orbis.politics.vassals import Vassalage, vassal_condition
from adjudicator.rulesets.orbis.precedent import History, precedent_modifier
from adjudicator.rulesets.orbis.sheet import Nation, kind_conditions
from adjudicator.rulesets.orbis.stability import stability_penalty
from texts import T_


def vassalages_of(nations: Mapping[str, Nation]) -> tuple[Vassalage, ...]:
    """The vassalages the sheets name (`vassal_of`), for the roll conditions."""
    return tuple(
        Vassalage(n.id, n.vassal_of, since=0)
        for n in nations.values()
        if n.vassal_of is not None and n.vassal_of in nations
    )


@dataclass(frozen=True)
class Rolled:
    """One roll: the statistic, its threshold, the die, the modifier (with its
    breakdown by source), the margin and the level (None: an exterior r = u
    before its counter-measure)."""

    nation: str
    statistic: Statistic
    threshold: int
    face: int
    modifier: RollModifier
    margin: Fraction
    level: Level | None

    @property
    def total(self) -> int:
        return self.face + self.modifier.total


@dataclass(frozen=True)
class RollSettings:
    """The options a roll reads (`OrbisOptions`)."""

    margin: str = "readme"
    opposed: str = "ordinal"
    alcance_exclusive: bool = True


def conditions_of(
    nation: Nation,
    statistic: Statistic,
    history: History,
    target: str,
    year: int,
    nations: Mapping[str, Nation] | None = None,
) -> dict[str, int]:
    """The conditions on a nation's roll, outside the pools: its stability
    (AMB-16), its kind (AMB-20), the precedent (AMB-05), and, given every
    nation, its vassalage (O-186, O-187, AMB-34: the patron named on its
    sheet); zeros left out."""
    found = {
        T_("estabilidad"): stability_penalty(nation),
        T_("tipo de nación"): condition_for(statistic, kind_conditions(nation.kind)),
        T_("precedente"): precedent_modifier(history, nation.id, statistic, target, year),
        T_("vasallo"): vassal_condition(nation, vassalages_of(nations), nations) if nations else 0,
    }
    return {name: value for name, value in found.items() if value}


def roll_for(
    nation: Nation,
    statistic: Statistic,
    *,
    dice: Dice,
    purpose: str,
    index: int,
    year: int,
    conditions: dict[str, int],
    use_bonuses: bool,
    reach: int | None,
    exterior: bool,
    counter: bool,
    settings: RollSettings,
) -> Rolled:
    """One 1d100 roll of `statistic` by `nation` (O-012 .. O-019, O-045 .. O-048)."""
    seeks = not counter and is_modifier_seeking(statistic)
    modifier = roll_modifier(
        nation.modifiers,
        statistic,
        year,
        seeks_modifier=seeks,
        declined=not use_bonuses,
        conditions=conditions,
        reach=reach,
        alcance_exclusive=settings.alcance_exclusive,
    )
    face = dice.roll(purpose, 100, index)
    threshold = nation.statistic(statistic)
    roll = Roll(face, modifier.total, threshold)
    level = level_of(roll, margin_rule=settings.margin, exterior=exterior)
    return Rolled(
        nation.id,
        statistic,
        threshold,
        face,
        modifier,
        margin(threshold, roll.total, margin=settings.margin),
        level,
    )


@dataclass(frozen=True)
class Outcome:
    """A medida's roll, its counter-measure's (if any), and what prevails:
    `level` is the level the medida's effects use (None: no effect)."""

    roll: Rolled
    counter: Rolled | None
    result: OpposedResult | None
    level: Level | None

    @property
    def prevails(self) -> bool:
        return self.level is not None and self.level.success


def settle(
    roll: Rolled, counter: Rolled | None, settings: RollSettings, *, exterior: bool
) -> Outcome:
    """The medida's outcome against its counter-measure (O-022 .. O-026,
    O-037, O-038, O-044, AMB-02, AMB-36)."""
    own = roll.level
    if own is None:  # an exterior r = u: the counter-measure decides (AMB-36)
        own = settle_tie(counter.level if counter is not None else None)
        counter = None if own.success else counter
        if not own.success:
            return Outcome(roll, counter, None, own)
    if counter is None or counter.level is None or not exterior:
        return Outcome(roll, counter, None, own)
    result = opposed(
        own,
        counter.level,
        rule=settings.opposed,
        attack_margin=roll.margin if own.success else None,
        defence_margin=counter.margin if counter.level.success else None,
    )
    level = result.level if result.prevails is Side.ATTACKER else None
    if not own.success:
        level = own
    return Outcome(roll, counter, result, level)
