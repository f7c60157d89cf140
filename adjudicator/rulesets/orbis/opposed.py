"""Opposed results: a medida against its counter-measure, opposed medidas, and
several nations at once (rulebook 000 "Medidas"; checklist O-021 .. O-026,
O-035, O-037 .. O-039, O-041 .. O-044; AMB-02, AMB-03).

A counter-measure is rolled only against a successful medida (O-044), as
often as needed (O-021), automatically unless the target says it does not
defend (O-043). The pair is read as (O-023 .. O-026):

- the attack fails: it keeps its own failure level; if the other side
  succeeded anyway (two opposed medidas, O-041) that side prevails (O-023),
  otherwise nothing happens (O-025);
- the attack succeeds against no defence or a failed one: it stands (O-023);
- both succeed: by the difference (O-026, O-037), a tie to the defender
  (O-024). Option `opposed` (AMB-02): "ordinal" (default, rules README):
  slight 1, plain 2, very 3, the winner keeps the difference of ordinals
  (ME against LE wins as E); "numeric": M_att − M_def, classified by the
  margin thresholds (O-030 .. O-032), zero or less to the defender.

Criticals are not averaged unless they tie (O-038): an EC against any other
success stands as EC for its side; EC against EC is a tie, so the defender
prevails with nothing kept.

Several nations against one (O-042, AMB-03): the target rolls one counter per
incoming medida and each pair is resolved alone; the damages add. Medidas
competing for one exclusive object (O-039): the highest success wins, a tie
leaves nobody (status quo). The GM option of a proportional split of one
damage total is `proportional_shares`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from adjudicator.rulesets.orbis.levels import Level, success_of
from adjudicator.rulesets.orbis.margins import grade

OPPOSED_RULES = ("ordinal", "numeric")
"""The readings of "diferencia" when both succeed (AMB-02); "ordinal" is the default."""


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"
    NOBODY = "nobody"


@dataclass(frozen=True)
class OpposedResult:
    """Who prevails, and the levels the effects use.

    `level` is the attacker's resulting level: its own level when it failed
    or stood unopposed or against a failed counter, the kept difference when
    it beat a successful counter; None when a successful counter stopped it
    (a tie or the defender's win): its medida has no effect.
    `defender_level` is the level the defender keeps when it prevails with
    something to keep (its own success against a failed attack, or the
    difference; for two opposed medidas it may harm the attacker, O-041);
    None otherwise (a pure counter-measure is only defensive).
    """

    prevails: Side
    level: Level | None
    defender_level: Level | None = None


@dataclass(frozen=True)
class Rolled:
    """One side's rolled level and, for the numeric rule, its margin."""

    level: Level
    margin: Fraction | None = None


def needs_counter(attack: Level) -> bool:
    """Whether a counter-measure is rolled against this medida: only a
    successful medida requires one (O-044)."""
    return attack.success


def opposed(
    attack: Level,
    defence: Level | None,
    *,
    rule: str = "ordinal",
    attack_margin: Fraction | None = None,
    defence_margin: Fraction | None = None,
) -> OpposedResult:
    """Resolve a medida against its counter-measure or an opposed medida
    (O-022 .. O-026, O-037, O-038, O-043, O-044, AMB-02). `defence` is None
    when the target does not defend (O-043) or no counter was rolled (O-044).
    The margins are needed only by `rule="numeric"` when both succeed and
    neither is a critical."""
    if rule not in OPPOSED_RULES:
        raise ValueError(f"unknown opposed rule {rule!r}; expected one of {OPPOSED_RULES}")
    defended = defence is not None and defence.success
    if not attack.success:
        if defended:
            return OpposedResult(Side.DEFENDER, attack, defence)
        return OpposedResult(Side.NOBODY, attack)
    if defence is None or not defence.success:
        return OpposedResult(Side.ATTACKER, attack)
    difference = _critical_difference(attack, defence)
    if difference is None:
        if rule == "ordinal":
            difference = _ordinal_difference(attack, defence)
        else:
            difference = _numeric_difference(attack_margin, defence_margin)
    kept, winner = difference
    if winner is Side.ATTACKER:
        return OpposedResult(Side.ATTACKER, kept)
    return OpposedResult(Side.DEFENDER, None, kept)


_Difference = tuple[Level | None, Side]


def _critical_difference(attack: Level, defence: Level) -> _Difference | None:
    """Criticals are not averaged unless they tie (O-038): a lone EC stands
    for its side; EC against EC is a tie, to the defender (O-024)."""
    if attack is Level.EC and defence is Level.EC:
        return None, Side.DEFENDER
    if attack is Level.EC:
        return Level.EC, Side.ATTACKER
    if defence is Level.EC:
        return Level.EC, Side.DEFENDER
    return None


def _ordinal_difference(attack: Level, defence: Level) -> _Difference:
    """The winner keeps the difference of ordinals; a tie goes to the
    defender with nothing kept (O-024, O-037, AMB-02)."""
    difference = attack.ordinal - defence.ordinal
    if difference > 0:
        return success_of(difference), Side.ATTACKER
    if difference < 0:
        return success_of(-difference), Side.DEFENDER
    return None, Side.DEFENDER


def _numeric_difference(attack: Fraction | None, defence: Fraction | None) -> _Difference:
    """M_att − M_def classified by the margin thresholds; zero or less goes
    to the defender (AMB-02, option `opposed: numeric`)."""
    if attack is None or defence is None:
        raise ValueError("the numeric opposed rule needs both margins (AMB-02)")
    difference = attack - defence
    if difference > 0:
        return success_of(grade(difference)), Side.ATTACKER
    if difference < 0:
        return success_of(grade(-difference)), Side.DEFENDER
    return None, Side.DEFENDER


def several_against_one(
    attacks: Sequence[Rolled],
    counters: Sequence[Rolled | None],
    *,
    rule: str = "ordinal",
) -> tuple[OpposedResult, ...]:
    """Several medidas against one nation (O-021, O-042, AMB-03): one counter
    per incoming medida (None where it does not defend or no counter is
    rolled), each pair resolved alone, in order."""
    if len(attacks) != len(counters):
        raise ValueError("one counter (or None) per incoming medida (O-021, AMB-03)")
    return tuple(
        opposed(
            attack.level,
            None if counter is None else counter.level,
            rule=rule,
            attack_margin=attack.margin,
            defence_margin=None if counter is None else counter.margin,
        )
        for attack, counter in zip(attacks, counters, strict=True)
    )


def damage_total(results: Sequence[OpposedResult], damage: Callable[[Level], int]) -> int:
    """The damages of several medidas against one nation add (O-042,
    AMB-03): `damage` of each attacker's resulting level, for the attacks
    that prevailed."""
    return sum(
        damage(result.level)
        for result in results
        if result.prevails is Side.ATTACKER and result.level is not None
    )


def exclusive_contest(levels: Mapping[str, Level]) -> str | None:
    """Medidas competing for one exclusive object (a treaty, a region; O-039,
    O-041, AMB-03): the highest success by ordinal wins (EC above all,
    O-035); a tie at the top, or no success at all, leaves nobody (None)."""
    successes = {name: level.ordinal for name, level in levels.items() if level.success}
    if not successes:
        return None
    best = max(successes.values())
    winners = [name for name, ordinal in successes.items() if ordinal == best]
    return winners[0] if len(winners) == 1 else None


def proportional_shares(total: int, levels: Mapping[str, Level]) -> dict[str, Fraction]:
    """GM option (O-042, AMB-03, off by default): split one damage `total`
    among the successful nations in proportion to their level ordinals
    (equivalently their sizes, 4 per ordinal); failures get no share."""
    weights = {name: level.ordinal for name, level in levels.items() if level.success}
    whole = sum(weights.values())
    return {name: Fraction(total * weight, whole) for name, weight in weights.items()}
