"""`Vasallo:` lines, the cycle's tribute and the turn's liberations
(rulebook 000 "Mapa y Estados"; O-185 .. O-196; AMB-21, AMB-33, AMB-34).

Decisions: `tributo` counts in the cycle's last year (tribute is assessed
then, AMB-21; written earlier it is refused and must be written again); a
vassal without a player has the judge attempt a MIL tribute for it
(Logística): the GM may forgive it instead; the tribute roll carries the
vassal's conditions (stability, kind, the vassal condition AMB-34, and the
political ones as a domestic roll: civil war O-214, treaties O-244), no
precedent (it is not a medida, AMB-21) and the vassal's pool modifiers, those
used spent (O-055);
`permanece` keeps the vassal with a weak patron this turn only (O-192,
O-193); a sub-vassal raised gives the wronged vassal its grievance (O-196,
AMB-46): an `OffensiveBonus` kept in `Politics.grievances`, the condition
"agravio" on its offensive medidas of the next three turns
(`politics.conditions`), dropped at the end of its last turn
(`liberations`). Decision: a line raises only (−10); the −15 of a patron
that also frees the sub-vassals needs a line the reader does not offer yet.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.margins import Roll, level_of
from adjudicator.rulesets.orbis.modifiers import (
    condition_for,
    consume,
    is_modifier_seeking,
    roll_modifier,
)
from adjudicator.rulesets.orbis.politics import vassals as vs
from adjudicator.rulesets.orbis.politics.conditions import political_conditions
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from adjudicator.rulesets.orbis.politics.outcome import Acted
from adjudicator.rulesets.orbis.politics.vassals import TributeAttempt, TributeGood, Vassalage
from adjudicator.rulesets.orbis.sheet import kind_conditions
from adjudicator.rulesets.orbis.stability import Index, cycle_start, is_cycle_end, stability_penalty
from orders.orbis.politics_model import PoliticalLine, VassalAct, VassalLine
from texts import T_


def _record(ledger: Ledger, vassal: str | None) -> Vassalage:
    found = next((r for r in ledger.politics.vassalages if r.vassal == vassal), None)
    if found is None:
        raise ValueError(T_("{vassal} is not a vassal", vassal=vassal))
    return found


def _put(ledger: Ledger, old: Vassalage, new: Vassalage) -> Ledger:
    return ledger.record(
        vassalages=tuple(new if r is old else r for r in ledger.politics.vassalages)
    )


def _act(
    ledger: Ledger, line: VassalLine, year: int, first_year: int, cycle: int
) -> tuple[Ledger, str]:
    act = line.act
    if act is VassalAct.TRIBUTE:
        _record(ledger, line.power)
        TributeGood((line.good or "").upper())
        if not is_cycle_end(first_year, year, cycle):
            raise ValueError(T_("tribute is rolled in the cycle's last year (O-188, AMB-21)"))
        return ledger, T_(
            "tribute of {value} attempted (O-188, AMB-21)", value=(line.good or "").upper()
        )
    if act is VassalAct.FORGIVE:
        record = _record(ledger, line.other)
        if record.patron != line.power:
            raise ValueError(
                T_("{power} is not the patron of {other}", power=line.power, other=line.other)
            )
        first = cycle_start(first_year, year, cycle)
        ledger = _put(ledger, record, vs.forgive_tribute(record, first))
        return ledger, T_(
            "tribute of {vassal} forgiven this cycle (O-191)", vassal=ledger.name(record.vassal)
        )
    if act is VassalAct.INDEPENDENCE:
        record = _record(ledger, line.power)
        ledger = _put(ledger, record, vs.declare_independence(record, year))
        return ledger.note(
            T_("{power} declares its independence (O-195)", power=ledger.name(line.power))
        ), T_("independence declared (O-195, AMB-33)")
    if act is VassalAct.STAY:
        _record(ledger, line.power)
        return ledger, T_("stays a vassal this turn (O-192, O-193)")
    other = line.other or ""
    freed = vs.raise_sub_vassals(ledger.politics.vassalages, line.power, (other,), year)
    ledger = ledger.record(
        vassalages=freed.vassalages, grievances=(*ledger.politics.grievances, *freed.bonuses)
    )
    for bonus in freed.bonuses:
        ledger = ledger.note(
            T_(
                "{nation} is wronged: {bonus} on its offensive medidas {first}..{until} (O-196, AMB-46)",
                nation=ledger.name(bonus.nation),
                bonus=bonus.value,
                first=bonus.first,
                until=bonus.until,
            )
        )
    return ledger, T_("{other} raised to a direct vassal (O-196)", other=ledger.name(other))


_RULES = {
    VassalAct.TRIBUTE: "O-188",
    VassalAct.FORGIVE: "O-191",
    VassalAct.INDEPENDENCE: "O-195",
    VassalAct.STAY: "O-192",
    VassalAct.RAISE: "O-196",
}


def vassal_line(ledger: Ledger, line: VassalLine, year: int, first_year: int, cycle: int) -> Ledger:
    """One `Vasallo:` line answered (O-188 .. O-196)."""
    try:
        after, words = _act(ledger, line, year, first_year, cycle)
    except (KeyError, ValueError) as error:
        return ledger.refuse(line, error, _RULES[line.act])
    return after.answer(line, True, words)


@dataclass(frozen=True)
class RollRules:
    """The options a tribute roll reads (`OrbisOptions`: AMB-01, AMB-09)."""

    margin: str = "readme"
    alcance_exclusive: bool = True


def _goods(lines: Sequence[PoliticalLine]) -> Mapping[str, TributeGood]:
    goods: dict[str, TributeGood] = {}
    for line in lines:
        if isinstance(line, VassalLine) and line.act is VassalAct.TRIBUTE and line.good:
            try:
                goods.setdefault(line.power, TributeGood(line.good.upper()))
            except ValueError:
                continue
    return goods


def _attempt(
    ledger: Ledger, record: Vassalage, good: TributeGood, year: int, dice: Dice, rules: RollRules
) -> tuple[Ledger, TributeAttempt | None]:
    """The vassal's tribute roll (O-012 .. O-019, AMB-21, AMB-34): 1d100 for
    `tribute:<vassal>` against the statistic, its pool modifiers (those used
    are spent, O-055) and its conditions; the composition of
    `rolling.roll_for`, which politics may not import (`rolling` imports
    politics)."""
    vassal = ledger.nations[record.vassal]
    statistic = vs.tribute_statistic(good)
    conditions = {
        T_("estabilidad"): stability_penalty(vassal),
        T_("tipo de nación"): condition_for(statistic, kind_conditions(vassal.kind)),
        T_("vasallo"): vs.vassal_condition(vassal, ledger.politics.vassalages, ledger.nations),
        **political_conditions(ledger.politics, ledger.nations, vassal.id, statistic, None, year),
    }
    modifier = roll_modifier(
        vassal.modifiers,
        statistic,
        year,
        seeks_modifier=is_modifier_seeking(statistic),
        declined=False,
        conditions={k: v for k, v in conditions.items() if v},
        alcance_exclusive=rules.alcance_exclusive,
    )
    face = dice.roll(f"tribute:{record.vassal}", 100, 0)
    roll = Roll(face, modifier.total, vassal.statistic(statistic))
    level = level_of(roll, margin_rule=rules.margin, exterior=False)
    spent = replace(vassal, modifiers=consume(vassal.modifiers, modifier.used))
    return ledger.sheet(spent), None if level is None else TributeAttempt(good, level)


def tributes(
    ledger: Ledger,
    lines: Sequence[PoliticalLine],
    year: int,
    first_year: int,
    cycle: int,
    dice: Dice,
    rules: RollRules,
    *,
    tribute_resource: str,
) -> Ledger:
    """The cycle's tribute of every vassalage, at its end (O-188 .. O-191, AMB-21)."""
    goods = _goods(lines)
    first = cycle_start(first_year, year, cycle)
    resource: Literal["table", "size"] = "size" if tribute_resource == "size" else "table"
    for record in sorted(ledger.politics.vassalages, key=lambda r: r.vassal):
        vassal = ledger.nations.get(record.vassal)
        patron = ledger.nations.get(record.patron)
        if vassal is None or patron is None:
            continue
        good = goods.get(record.vassal)
        if good is None and not vassal.has_player:
            good = TributeGood.MIL
        attempt = None
        owed = vs.tribute_due(record, first, year)
        if good is not None and owed:
            ledger, attempt = _attempt(ledger, record, good, year, dice, rules)
            vassal = ledger.nations[record.vassal]
        done = vs.settle_tribute(
            record, vassal, patron, first, year, attempt, tribute_resource=resource
        )
        ledger = ledger.sheet(done.vassal).sheet(done.patron)
        if done.outcome is not vs.TributeOutcome.NOT_DUE:
            outcome: str = _OUTCOME_WORDS[done.outcome]
            if attempt is not None:
                outcome = T_("{outcome} at {level}", outcome=outcome, level=attempt.level.value)
            if done.paid_rqu:
                outcome = T_("{outcome}, {rqu} RQU paid", outcome=outcome, rqu=done.paid_rqu)
            ledger = ledger.note(
                T_(
                    "Tribute of {vassal} to {patron}: {outcome} (O-188 .. O-191, AMB-21)",
                    vassal=ledger.name(record.vassal),
                    patron=ledger.name(record.patron),
                    outcome=outcome,
                )
            )
    return ledger


_OUTCOME_WORDS = {
    vs.TributeOutcome.PAID: T_("paid"),
    vs.TributeOutcome.FAILED: T_("failed"),
    vs.TributeOutcome.NOT_ATTEMPTED: T_("not attempted"),
    vs.TributeOutcome.FORGIVEN: T_("forgiven"),
    vs.TributeOutcome.NOT_DUE: T_("not due"),
}
"""A tribute's outcome in words."""

_DAMAGE = {Statistic.OFENSIVA: Index.VIA, Statistic.INCISION: Index.LEG}
"""The index a prevailing medida damages by its level's size (O-093, O-094)."""


def independence_damage(ledger: Ledger, acted: Sequence[Acted], year: int) -> Ledger:
    """The damage a vassal that declared independence did this year to its
    patron's indices with its own Ofensiva or Incisión that prevailed (O-195,
    AMB-33): the level's size, as the core applied it (O-126 .. O-129)."""
    for act in acted:
        index = _DAMAGE.get(act.statistic)
        record = next((r for r in ledger.politics.vassalages if r.vassal == act.actor), None)
        level = act.final
        if index is None or record is None or level is None or not act.prevails:
            continue
        if act.target != record.patron or act.faction is not None:
            continue
        after = vs.record_independence_damage(record, index, level.size, year)
        ledger = _put(ledger, record, after)
    return ledger


def liberations(ledger: Ledger, lines: Sequence[PoliticalLine], year: int) -> Ledger:
    """The turn's end: vassals of a weak patron freed unless they stay, and
    independences won (O-192, O-193, O-195, AMB-33); grievances whose last
    turn is this one dropped (O-196)."""
    staying = frozenset(
        line.power for line in lines if isinstance(line, VassalLine) and line.act is VassalAct.STAY
    )
    freed = vs.turn_end_liberations(
        ledger.politics.vassalages, ledger.nations, year, staying=staying
    )
    ledger = ledger.record(
        vassalages=freed.vassalages,
        grievances=tuple(g for g in ledger.politics.grievances if g.until > year),
    )
    for gone in freed.liberations:
        ledger = ledger.note(
            T_(
                "{vassal} is free of {patron} ({rule})",
                vassal=ledger.name(gone.vassal),
                patron=ledger.name(gone.patron),
                rule=gone.route.value,
            )
        )
    return ledger
