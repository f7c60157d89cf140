"""One Orbis year resolved (rulebook 000 "Turnos", "Medidas", "Modificadores",
"Índices", "Prosperidad"; O-005 .. O-174).

In this order:

1. the GM's inputs: the year's events give their modifiers (O-009, O-049)
   and extra medidas (AMB-43); the reach table is updated (AMB-09);
2. each nation's purchases, in the order written, before any roll (AMB-17);
3. every medida rolled on the position the year started with (the turn is
   simultaneous): a vetoed one (ASB, O-002) is refused, a re-classified one
   rolls the GM's statistic (O-118); an exterior one that succeeds meets the
   target's counter-measure unless the target said it does not defend
   (O-043); domestic or exterior by where it acts (AMB-32: against or for
   another nation, or in a region another nation holds, is exterior);
4. the effects of the medidas that prevailed, then the modifiers used up
   (O-055), the precedent streaks (AMB-05);
5. at a cycle's last year, the cycle (O-007, O-130, O-137, O-155, AMB-38);
   expired modifiers dropped; nations with both indices empty extinct
   (O-135).

A nation's one medida is its first; more come only from the sources of
AMB-43 (the reader refuses the rest with a message). A secret medida (the
GM's `secret`) goes only in its nation's private report unless the target's
counter-measure succeeds and so reveals it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.dice import Dice, Roll
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.apply import Won, apply_won
from adjudicator.rulesets.orbis.attributes import Statistic, Variant
from adjudicator.rulesets.orbis.gm_inputs import apply_gm_inputs, attribute_leaders
from adjudicator.rulesets.orbis.kinds import changed_kind, new_host
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.modifiers import consume, expire
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.nsj_diplomacy import earlier_successes, nsj_diplomacy_note
from adjudicator.rulesets.orbis.politics.outcome import Acted, PoliticsYear
from adjudicator.rulesets.orbis.precedent import History, update
from adjudicator.rulesets.orbis.prosperity import TheftLedger
from adjudicator.rulesets.orbis.purchases import purchases_of
from adjudicator.rulesets.orbis.reach import (
    Feasibility,
    ReachLevel,
    feasibility,
    reach_value,
)
from adjudicator.rulesets.orbis.rolling import (
    Outcome,
    RollSettings,
    conditions_of,
    roll_for,
    settle,
)
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import cycle_end, is_cycle_end, is_extinct
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.words import KIND_WORDS
from adjudicator.rulesets.orbis.year_politics import (
    acted,
    close_politics,
    merged,
    open_politics,
    political_conditions,
    war_durations_of,
)
from orders.issues import Source
from orders.orbis.model import Medida, NoDefence, ParsedGm, Spend, Transfer
from orders.orbis.politics_model import (
    ConferenceLine,
    DeclarationLine,
    PoliticalLine,
    TreatyLine,
    VassalLine,
    VoteLine,
)
from texts import T_


@dataclass(frozen=True)
class GmInput:
    """The GM's file of the year, as one order (`orders.orbis.gm_file`)."""

    power: str
    parsed: ParsedGm
    source: Source | None = None


OrbisOrder = Medida | NoDefence | Spend | Transfer | GmInput | PoliticalLine
POLITICAL_LINES = (TreatyLine, DeclarationLine, ConferenceLine, VoteLine, VassalLine)


@dataclass(frozen=True)
class MedidaResult:
    """What became of one medida: refused (with why), or rolled (its outcome,
    its target and beneficiary, what its effect did)."""

    medida: Medida
    statistic: Statistic | None
    refused: str | None = None
    outcome: Outcome | None = None
    target: str | None = None
    exterior: bool = False
    effect: str = ""
    secret: bool = False

    @property
    def public(self) -> bool:
        """Secret medidas stay private until a counter-measure reveals them."""
        if not self.secret:
            return True
        counter = self.outcome.counter if self.outcome is not None else None
        return counter is not None and counter.level is not None and counter.level.success


@dataclass(frozen=True)
class OrbisResolution:
    previous: OrbisState
    state: OrbisState
    results: tuple[MedidaResult, ...]
    purchases: tuple[tuple[str, str], ...] = ()  # (nation, what happened)
    notes: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = ()
    gm: ParsedGm | None = None
    issues: tuple[str, ...] = field(default=())
    politics: PoliticsYear | None = None
    """The year's politics: answers to the political lines, notes, the new
    record (also in `state.politics`)."""


def _settings(options: OrbisOptions) -> RollSettings:
    return RollSettings(options.margin, options.opposed, options.alcance_exclusive)


def _statistic(medida: Medida, gm: ParsedGm | None) -> tuple[Statistic, Variant | None]:
    change = next((r for r in gm.reclassify if r.nation == medida.power), None) if gm else None
    name, variant = (
        (change.statistic, change.variant) if change else (medida.statistic, medida.variant)
    )
    chosen = Variant(variant) if variant else None
    return (chosen.statistic if chosen else Statistic(name)), chosen


def _target(medida: Medida, state: OrbisState) -> str | None:
    """The nation a medida acts on: named, or the holder of the named region."""
    for name in (medida.target, medida.backing):
        if name and state.find(name) is not None:
            return name
    if medida.region:
        return state.owners.get(medida.region)
    return None


def _reach(
    state: OrbisState, actor: str, target: str | None, statistic: Statistic
) -> ReachLevel | None:
    if target is None or target == actor:
        return None
    return state.reach.for_statistic(actor, target, statistic)


def _roll_medida(
    medida: Medida,
    index: int,
    state: OrbisState,
    gm: ParsedGm | None,
    defends: set[tuple[str, str]],
    dice: Dice,
    options: OrbisOptions,
) -> MedidaResult:
    statistic, _variant = _statistic(medida, gm)
    veto = next((v for v in gm.vetoes if v.nation == medida.power), None) if gm else None
    secret = bool(gm and medida.power in gm.secret)
    if veto is not None:
        return MedidaResult(
            medida,
            statistic,
            refused=T_("vetoed by the GM (ASB, O-002): {reason}", reason=veto.reason),
        )
    actor = state.nation(medida.power)
    target = _target(medida, state)
    exterior = target is not None and target != actor.id
    level = _reach(state, actor.id, target, statistic)
    if feasibility(level) is Feasibility.REFUSE:
        return MedidaResult(medida, statistic, refused=T_("impossible at this distance (O-063)"))
    if feasibility(level) is Feasibility.NO_ROLL:
        return MedidaResult(medida, statistic, refused=T_("trivial: it needs no medida (O-074)"))
    everyone = {n.id: n for n in state.nations}
    year = state.year
    key = target or actor.id
    settings = _settings(options)
    roll = roll_for(
        actor,
        statistic,
        dice=dice,
        purpose=f"medida:{actor.id}",
        index=index,
        year=year,
        conditions={
            **conditions_of(actor, statistic, state.history, key, year, everyone),
            **political_conditions(state.politics, everyone, actor.id, statistic, target, year),
        },
        use_bonuses=medida.use_bonuses,
        reach=reach_value(level) if level else None,
        exterior=exterior,
        counter=False,
        settings=settings,
    )
    counter = None
    against = exterior and medida.mode != "a favor"  # in another's land: against it (AMB-32)
    wants_counter = against and (roll.level is None or roll.level.success)
    if statistic is Statistic.DIPLOMACIA and target is not None:
        nsj = not state.nation(target).has_player  # no counter unless the option (AMB-41)
        wants_counter = wants_counter and not (nsj and not options.nsj_diplomacy_opposed)
    if wants_counter and target is not None and (target, actor.id) not in defends:
        defender = state.nation(target)
        counter_stat = statistic.counter
        counter = roll_for(
            defender,
            counter_stat,
            dice=dice,
            purpose=f"counter:{target}:{actor.id}",
            index=index,
            year=year,
            conditions={
                **conditions_of(defender, counter_stat, state.history, actor.id, year, everyone),
                **political_conditions(
                    state.politics,
                    everyone,
                    defender.id,
                    counter_stat,
                    actor.id,
                    year,
                    counter=True,
                ),
            },
            use_bonuses=True,
            reach=None,
            exterior=False,
            counter=True,
            settings=settings,
        )
    outcome = settle(roll, counter, settings, exterior=exterior)
    return MedidaResult(medida, statistic, None, outcome, target, exterior, secret=secret)


def resolve_year(
    state: OrbisState, orders: Sequence[OrbisOrder], options: OrbisOptions, dice: Dice
) -> OrbisResolution:
    """The year of `state` resolved (see the module docstring)."""
    gm = next((o.parsed for o in orders if isinstance(o, GmInput)), None)
    start, notes = apply_gm_inputs(state, gm)
    start, opened = open_politics(start, gm)
    spends = [o for o in orders if isinstance(o, Spend | Transfer)]
    after_purchases, bought = purchases_of(start, spends)
    no_defence = {
        (o.power, other)
        for o in orders
        if isinstance(o, NoDefence)
        for other in ([o.against] if o.against else state.powers())
    }
    living = set(start.powers())  # an extinct nation acts no more (O-135)
    medidas = [o for o in orders if isinstance(o, Medida) and o.power in living]
    counts: dict[str, int] = {}
    results: list[MedidaResult] = []
    for medida in sorted(medidas, key=lambda m: m.power):
        index = counts.get(medida.power, 0)
        counts[medida.power] = index + 1
        results.append(_roll_medida(medida, index, after_purchases, gm, no_defence, dice, options))
    nations = {n.id: n for n in after_purchases.nations}
    history, thefts = after_purchases.history, after_purchases.thefts
    applied: list[MedidaResult] = []
    acts: list[Acted] = []
    for result in results:
        outcome = result.outcome
        if outcome is None or result.statistic is None:
            applied.append(result)
            continue
        actor = result.medida.power
        nations[actor] = replace(
            nations[actor], modifiers=consume(nations[actor].modifiers, outcome.roll.modifier.used)
        )
        if outcome.counter is not None and result.target:
            nations[result.target] = replace(
                nations[result.target],
                modifiers=consume(nations[result.target].modifiers, outcome.counter.modifier.used),
            )
        own = outcome.roll.level or outcome.level
        if own is not None:
            history = update(
                history, actor, result.statistic, result.target or actor, state.year, own.success
            )
        done_act = acted(
            after_purchases.politics,
            actor,
            result.statistic,
            result.target,
            outcome.roll.level,
            outcome.level,
            outcome.prevails,
        )
        acts.append(done_act)
        effect: str = T_("no effect")
        if done_act.faction is not None:
            moved = T_("it moves Supremacy") if outcome.prevails else T_("Supremacy unchanged")
            effect = T_(
                "a faction medida against {faction}: {moved} (O-220)",
                faction=done_act.faction,
                moved=moved,
            )
        elif outcome.prevails and outcome.level is not None:
            won = Won(
                actor,
                result.statistic,
                outcome.level,
                result.target,
                result.medida.backing if result.medida.backing in nations else actor,
                result.medida.mode == "contra",
                f"{result.statistic.spanish} de {actor} ({state.year})",
            )
            done = apply_won(won, nations, thefts, state.year)
            nations, thefts, effect = dict(done.nations), done.thefts, done.words
            effect = _special_kind(result, gm, nations, outcome.level, state.year, effect)
        applied.append(replace(result, effect=effect))
    notes.extend(_nsj_diplomacy(after_purchases, applied))
    lines = [o for o in orders if isinstance(o, POLITICAL_LINES)]
    ending = is_cycle_end(state.first_year, state.year, options.cycle)
    closed = close_politics(
        after_purchases, nations, acts, lines, gm, dice, options, cycle_end=ending
    )
    politics_year = merged(opened, closed)
    after = replace(after_purchases, politics=closed.politics)
    nations = {**nations, **closed.nations}
    return _close_year(
        state,
        after,
        nations,
        history,
        thefts,
        applied,
        bought,
        notes,
        dice,
        gm,
        options,
        politics_year,
    )


def _nsj_diplomacy(state: OrbisState, results: Sequence[MedidaResult]) -> list[str]:
    """A note for the GM on each Diplomacia toward a nation without a player
    (O-234, O-235, AMB-41), on the position the year started with."""
    notes = []
    for result in results:
        target = state.find(result.target)
        outcome = result.outcome
        if result.statistic is not Statistic.DIPLOMACIA or outcome is None or target is None:
            continue
        level = outcome.roll.level
        if target.has_player or level is None or not result.public:
            continue
        actor = state.nation(result.medida.power)
        conflict = state.politics.conflict(actor.id, target.id)
        notes.append(
            nsj_diplomacy_note(
                actor.name,
                target.name,
                level,
                at_war=conflict is not None and conflict.at_war,
                precedents=earlier_successes(state.history, actor.id, target.id),
            )
        )
    return notes


def _special_kind(
    result: MedidaResult,
    gm: ParsedGm | None,
    nations: dict[str, Nation],
    level: Level,
    year: int,
    effect: str,
) -> str:
    """Asentamiento and Migración change the actor's kind (O-178); Expedición
    and Subversión create a host of it (O-182): `nations` is updated, the
    effect's words extended."""
    _stat, variant = _statistic(result.medida, gm)
    actor = nations[result.medida.power]
    changed = changed_kind(actor, variant, level)
    if changed is not None:
        nations[actor.id] = changed
        return T_(
            "{effect}; {nation} is now a {kind} (O-178)",
            effect=effect,
            nation=actor.name,
            kind=KIND_WORDS[changed.kind.value],
        )
    host = new_host(actor, variant, level, year, nations)
    if host is not None:
        nations[host.id] = host
        return T_(
            "{effect}; {host} created, id {id} (O-182)", effect=effect, host=host.name, id=host.id
        )
    return effect


def _close_year(
    state: OrbisState,
    start: OrbisState,
    nations: dict[str, Nation],
    history: History,
    thefts: TheftLedger,
    results: list[MedidaResult],
    bought: list[tuple[str, str]],
    notes: list[str],
    dice: Dice,
    gm: ParsedGm | None,
    options: OrbisOptions,
    politics_year: PoliticsYear,
) -> OrbisResolution:
    year = state.year
    extinct = list(state.extinct)
    for nation in nations.values():  # before the cycle: the cycle does not save it
        if is_extinct(nation) and nation.id not in extinct:
            extinct.append(nation.id)
            notes.append(
                T_("{nation} is extinct: both indices are empty (O-135)", nation=nation.name)
            )
    if is_cycle_end(state.first_year, year, options.cycle):
        notes.append(
            T_(
                "End of a cycle ({year}): +5 RQU, +1 PRO, +5 VIA and LEG to damaged nations",
                year=year,
            )
        )
        nations = {
            k: n
            if k in extinct
            else cycle_end(n, war_durations_of(start.politics, k, year, options.war_count_from))
            for k, n in nations.items()
        }
        notes.append(attribute_leaders([n for n in nations.values() if n.id not in extinct]))
    nations = {k: replace(n, modifiers=expire(n.modifiers, year + 1)) for k, n in nations.items()}
    after = replace(
        start,
        phase=Phase(year + 1, None, TURN),
        nations=tuple(nations.values()),
        history=history,
        thefts=thefts,
        extinct=tuple(extinct),
        series={
            **state.series,
            year: {n.id: (n.via, n.leg, n.rqu, n.pro) for n in nations.values()},
        },
    )
    return OrbisResolution(
        state,
        after,
        tuple(results),
        tuple(bought),
        tuple(notes),
        tuple(dice.rolls),
        gm,
        politics=politics_year,
    )
