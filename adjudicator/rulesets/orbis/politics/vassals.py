"""Vassals (rulebook 000 "Mapa y Estados", vassals and "Diplomacia"; O-183,
O-185 .. O-200, O-235; AMB-21, AMB-33, AMB-34, AMB-41, AMB-46).

A vassal (satellite, tributary) is partly subordinate to its patron though
technically independent (O-185): one `Vassalage` record per pair; a nation
has at most one patron, is never its own, and the vassal graph has no cycle
(`vassal_chain_problems`). A NsJ vassal carries +10 on every roll, +15 if its
patron is itself a vassal (O-186, AMB-34: counter-measures and tribute
included); a player's nation none (O-187), unless the player is its patron's
(a vassal the patron's player controls keeps the NsJ penalty, O-197).

Tribute (O-188 .. O-191, AMB-21): once per cycle the vassal rolls the
statistic yielding the good it chose, the patron the beneficiary; assessed at
the cycle's end. Failed: 5 RQU of the vassal go to its patron; not attempted:
10; a vassal short of RQU pays what it has ("pierde −5 RQU en favor de su
Patrono": a transfer, the patron gains what the vassal pays). A forgiven
cycle owes nothing and the forgiveness does not carry over.

Freedom, the five ways (O-192 .. O-196, AMB-33): the patron's VIA at or
below 10 % or its LEG at or below 20 % of capacity at the end of a turn (its
vassals are freed unless they say otherwise); a treaty; a declared
independence whose own later damage brings a patron's index to 60 %; raising
and freeing sub-vassals. Becoming a vassal: Reforma or a pact (O-200),
Diplomacia toward a NsJ (O-235, AMB-41).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Literal

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.modifiers import granted
from adjudicator.rulesets.orbis.prosperity import desarrollo_gain, intervencion_gain
from adjudicator.rulesets.orbis.records import Modifier
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from adjudicator.rulesets.orbis.stability import Index, capacity, current
from adjudicator.rulesets.orbis.words import joined
from texts import T_

VASSAL_CONDITION, SUB_VASSAL_CONDITION = 10, 15
"""Penalties on every roll of a NsJ vassal, of a vassal of a vassal (O-186)."""
FAILED_TRIBUTE_RQU, MISSED_TRIBUTE_RQU = 5, 10
"""RQU a vassal pays its patron for a failed (O-189), an unattempted (O-190) tribute."""
WEAK_VIA_PERCENT, WEAK_LEG_PERCENT, INDEPENDENCE_PERCENT = 10, 20, 60
"""Liberation thresholds, at or below, of capacity (O-192, O-193, O-195, AMB-33)."""
GRIEVANCE_TURNS = 3
"""Turns the wronged vassal's bonus lasts (O-196)."""
GRIEVANCE_RAISED, GRIEVANCE_FREED = -10, -15
"""The wronged vassal's bonus: sub-vassals raised, raised and freed (O-196)."""


class TributeGood(StrEnum):
    """What a tribute yields the patron (O-188)."""

    MIL = "MIL"
    AUX = "AUX"
    ECN = "ECN"
    CLT = "CLT"
    ADM = "ADM"
    RQU = "RQU"
    PRO = "PRO"


_S = Statistic
_ROLLED = (_S.LOGISTICA, _S.DISCIPLINA, _S.COMERCIO, _S.RETORICA, _S.BUROCRACIA)
_TRIBUTE: Mapping[TributeGood, Statistic] = MappingProxyType(
    dict(zip(TributeGood, (*_ROLLED, _S.INTERVENCION, _S.DESARROLLO), strict=True))
)

OFFENSIVE_MEDIDAS: frozenset[Statistic] = frozenset(
    {_S.OFENSIVA, _S.INCISION, _S.SABOTAJE, _S.ESPIONAJE}
    | {_S.INTRIGA, _S.INTIMIDACION, _S.HEGEMONIA, _S.RETORICA}
)
"""Medidas aimed at harming another nation (AMB-46; Retórica when against one)."""


class VassalageOrigin(StrEnum):
    """How a vassalage began (O-194, O-200, O-235)."""

    DIPLOMACIA = "diplomacia"  # O-235: a NsJ persuaded, or a peace after a lost conflict
    REFORMA = "reforma"  # O-200: territory detached as a NsJ vassal
    PACT = "pact"  # O-200: agreed with another player, no roll
    REBELLION = "rebellion"  # O-194: born of a rebellion
    GM = "gm"  # the scenario or the GM


@dataclass(frozen=True)
class Vassalage:
    """`vassal` is subordinate to `patron` since year `since`. `tributary`
    False: no tribute owed (the GM's terms). `forgiven_cycles`: first years
    of the cycles whose tribute the patron forgave (O-191).
    `declared_independence`: the year the vassal declared it (O-195);
    `independence_via`, `independence_leg`: the damage its own medidas did
    to the patron's indices since (AMB-33)."""

    vassal: str
    patron: str
    since: int
    tributary: bool = True
    forgiven_cycles: frozenset[int] = frozenset()
    declared_independence: int | None = None
    origin: VassalageOrigin = VassalageOrigin.GM
    independence_via: int = 0
    independence_leg: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "forgiven_cycles", frozenset(self.forgiven_cycles))


# --- the graph ---------------------------------------------------------------


def _patrons(vassalages: Iterable[Vassalage]) -> dict[str, str]:
    found: dict[str, str] = {}
    for record in vassalages:
        found.setdefault(record.vassal, record.patron)
    return found


def patron_of(nation: str, vassalages: Iterable[Vassalage]) -> str | None:
    """The nation's patron, or None (O-185)."""
    return _patrons(vassalages).get(nation)


def patrons_chain(nation: str, vassalages: Iterable[Vassalage]) -> tuple[str, ...]:
    """The nation's patron, its patron's patron ..., stopping before a repeat."""
    patrons = _patrons(vassalages)
    chain: list[str] = []
    seen = {nation}
    step = patrons.get(nation)
    while step is not None and step not in seen:
        chain.append(step)
        seen.add(step)
        step = patrons.get(step)
    return tuple(chain)


def vassal_chain_problems(vassalages: Iterable[Vassalage]) -> tuple[str, ...]:
    """What breaks the vassal graph: a nation its own vassal, a vassal of two
    patrons, a cycle (a nation its own indirect patron)."""
    records = tuple(vassalages)
    problems: list[str] = []
    counted: dict[str, int] = {}
    for record in records:
        counted[record.vassal] = counted.get(record.vassal, 0) + 1
        if record.vassal == record.patron:
            problems.append(T_("{vassal} is its own vassal", vassal=record.vassal))
    problems += [
        T_("{v} is the vassal of {n} patrons, not one", v=v, n=n)
        for v, n in counted.items()
        if n > 1
    ]
    patrons = _patrons(records)
    for start in sorted(patrons):
        chain = patrons_chain(start, records)
        cyclic = start != patrons[start] and chain and patrons.get(chain[-1]) == start
        if cyclic and start == min((start, *chain)):
            problems.append(
                T_(
                    "{start} is its own indirect patron ({items})",
                    start=start,
                    items=" → ".join((start, *chain)),
                )
            )
    return tuple(problems)


def add_vassalage(vassalages: Iterable[Vassalage], new: Vassalage) -> tuple[Vassalage, ...]:
    """The vassalages with `new` added; ValueError if that breaks the graph
    (a vassal already held: its patron frees it first)."""
    result = (*vassalages, new)
    problems = vassal_chain_problems(result)
    if problems:
        raise ValueError(
            T_(
                "{vassal} cannot become vassal of {patron}: {items}",
                vassal=new.vassal,
                patron=new.patron,
                items=joined(problems),
            )
        )
    return result


def vassal_condition(
    nation: Nation, vassalages: Iterable[Vassalage], nations: Mapping[str, Nation]
) -> int:
    """The vassal condition on every roll of `nation`, counter-measures and
    tribute included (AMB-34): +10 for a NsJ vassal, +15 if its patron is a
    vassal too (O-186; deeper chains also +15); 0 for a player's nation even
    as a vassal (O-187); a vassal whose player is its patron's player is one
    the patron controls and keeps the penalty (O-197). A condition outside
    the pools (AMB-05)."""
    records = tuple(vassalages)
    patron = patron_of(nation.id, records)
    if patron is None:
        return 0
    patron_nation = nations.get(patron)
    if nation.player is not None and (
        patron_nation is None or patron_nation.player != nation.player
    ):
        return 0
    return SUB_VASSAL_CONDITION if patron_of(patron, records) is not None else VASSAL_CONDITION


def host_medidas(owner: str, nations: Iterable[Nation]) -> tuple[str, ...]:
    """The hosts and colonies `owner` holds (their sheet's patron field), one
    extra medida each, rolled on the owner's attributes (O-183)."""
    kinds = (NationKind.HOST, NationKind.COLONY)
    return tuple(n.id for n in nations if n.kind in kinds and n.vassal_of == owner)


# --- tribute -----------------------------------------------------------------


def tribute_statistic(good: TributeGood) -> Statistic:
    """The statistic a tribute of `good` rolls (AMB-21): Logística +MIL,
    Disciplina +AUX, Comercio +ECN, Retórica +CLT, Burocracia +ADM,
    Intervención +RQU, Desarrollo +PRO."""
    return _TRIBUTE[good]


def forgive_tribute(vassalage: Vassalage, cycle: int) -> Vassalage:
    """The patron forgives the tribute of the cycle starting in `cycle`,
    explicitly; other cycles stay owed (O-191)."""
    return replace(vassalage, forgiven_cycles=vassalage.forgiven_cycles | {cycle})


def tribute_due(vassalage: Vassalage, cycle: int, last_year: int) -> bool:
    """Whether tribute is owed for the cycle `cycle` .. `last_year` (O-188):
    a tributary vassalage begun before the cycle's last turn, not forgiven
    for that cycle (O-191). Decision: one begun in the last turn owes from
    the next cycle."""
    return (
        vassalage.tributary
        and vassalage.since < last_year
        and cycle not in vassalage.forgiven_cycles
    )


@dataclass(frozen=True)
class TributeAttempt:
    """The vassal's tribute roll this cycle: the good chosen, its level."""

    good: TributeGood
    level: Level


class TributeOutcome(StrEnum):
    PAID = "paid"  # O-188: the good for the patron
    FAILED = "failed"  # O-189
    NOT_ATTEMPTED = "not attempted"  # O-190
    FORGIVEN = "forgiven"  # O-191
    NOT_DUE = "not due"  # not tributary, or begun in the cycle's last turn


@dataclass(frozen=True)
class TributeSettlement:
    """What the cycle's tribute did: both sheets after it, the modifier or
    the resource the patron gained, the RQU the vassal paid."""

    outcome: TributeOutcome
    vassal: Nation
    patron: Nation
    modifier: Modifier | None = None
    rqu: int = 0
    pro: int = 0
    paid_rqu: int = 0


def _penalty(
    outcome: TributeOutcome, owed: int, vassal: Nation, patron: Nation
) -> TributeSettlement:
    paid = max(0, min(owed, vassal.rqu))
    return TributeSettlement(
        outcome,
        replace(vassal, rqu=vassal.rqu - paid),
        replace(patron, rqu=patron.rqu + paid),
        paid_rqu=paid,
    )


def settle_tribute(
    vassalage: Vassalage,
    vassal: Nation,
    patron: Nation,
    cycle: int,
    last_year: int,
    attempt: TributeAttempt | None,
    *,
    tribute_resource: Literal["table", "size"] = "table",
) -> TributeSettlement:
    """The tribute of the cycle `cycle` .. `last_year`, at its end (AMB-21).

    Not due or forgiven (O-191): nothing. Success: the good for the patron
    (O-188): a bonus of the level's size on the attribute, a medida's record
    from `last_year` (O-056 .. O-059); RQU or PRO as Intervención or
    Desarrollo of that level would gain (`tribute_resource="size"`: the
    level's size). Failure: 5 RQU to the patron (O-189); no attempt: 10
    (O-190); a vassal short of RQU pays what it has (AMB-21)."""
    if (vassal.id, patron.id) != (vassalage.vassal, vassalage.patron):
        raise ValueError(
            T_(
                "{vassal} → {patron} is not {vassal2} → {patron2}",
                vassal=vassal.id,
                patron=patron.id,
                vassal2=vassalage.vassal,
                patron2=vassalage.patron,
            )
        )
    if vassalage.tributary and cycle in vassalage.forgiven_cycles:
        return TributeSettlement(TributeOutcome.FORGIVEN, vassal, patron)
    if not tribute_due(vassalage, cycle, last_year):
        return TributeSettlement(TributeOutcome.NOT_DUE, vassal, patron)
    if attempt is None:
        return _penalty(TributeOutcome.NOT_ATTEMPTED, MISSED_TRIBUTE_RQU, vassal, patron)
    if not attempt.level.success:
        return _penalty(TributeOutcome.FAILED, FAILED_TRIBUTE_RQU, vassal, patron)
    level, good = attempt.level, attempt.good
    if good in (TributeGood.RQU, TributeGood.PRO):
        table = intervencion_gain if good is TributeGood.RQU else desarrollo_gain
        amount = level.size if tribute_resource == "size" else table(level)
        rqu, pro = (amount, 0) if good is TributeGood.RQU else (0, amount)
        gained = replace(patron, rqu=patron.rqu + rqu, pro=patron.pro + pro)
        return TributeSettlement(TributeOutcome.PAID, vassal, gained, rqu=rqu, pro=pro)
    record = granted(Attribute(good.value), level, last_year, f"tributo:{vassal.id}")
    gained = replace(patron, modifiers=(*patron.modifiers, record))
    return TributeSettlement(TributeOutcome.PAID, vassal, gained, modifier=record)


# --- freedom -----------------------------------------------------------------


class Route(StrEnum):
    """The five ways to freedom (O-192 .. O-196, AMB-33)."""

    WEAK_VIA = "O-192"
    WEAK_LEG = "O-193"
    TREATY = "O-194"
    INDEPENDENCE = "O-195"
    RAISED_AND_FREED = "O-196"


@dataclass(frozen=True)
class Liberation:
    vassal: str
    patron: str
    year: int
    route: Route
    detail: str = ""


@dataclass(frozen=True)
class OffensiveBonus:
    """The wronged vassal's bonus (negative) on its offensive medidas in
    years `first` .. `until` (O-196, AMB-46): a condition of the nation,
    outside the attribute pools, never consumed; not cumulative."""

    nation: str
    value: int
    first: int
    until: int
    source: str


@dataclass(frozen=True)
class Freed:
    """The vassalages left, the liberations made, the wronged vassals'
    bonuses (O-196)."""

    vassalages: tuple[Vassalage, ...]
    liberations: tuple[Liberation, ...] = ()
    bonuses: tuple[OffensiveBonus, ...] = ()


def _at_or_below(value: int, most: int, percent: int) -> bool:
    return value * 100 <= percent * most


def free_by_treaty(
    vassalages: Iterable[Vassalage], vassal: str, patron: str, year: int, treaty: str
) -> Freed:
    """The patron frees its vassal as part of a treaty, whatever the
    vassalage was born of (O-194); ValueError if there is no such vassalage."""
    records = tuple(vassalages)
    kept = tuple(r for r in records if (r.vassal, r.patron) != (vassal, patron))
    if len(kept) == len(records):
        raise ValueError(T_("{vassal} is not a vassal of {patron}", vassal=vassal, patron=patron))
    return Freed(kept, (Liberation(vassal, patron, year, Route.TREATY, treaty),))


def declare_independence(vassalage: Vassalage, year: int) -> Vassalage:
    """The vassal declares its independence in `year` (O-195); its damage to
    the patron counts from then (AMB-33). A second declaration changes nothing."""
    if vassalage.declared_independence is not None:
        return vassalage
    return replace(vassalage, declared_independence=year, independence_via=0, independence_leg=0)


def record_independence_damage(
    vassalage: Vassalage, index: Index, amount: int, year: int
) -> Vassalage:
    """Damage the vassal's own medida of `year` did to the patron's `index`;
    it counts only after a declaration (AMB-33; decision: medidas of the
    declaration's own turn count, the declaration comes with the orders)."""
    declared = vassalage.declared_independence
    if declared is None or year < declared or amount <= 0:
        return vassalage
    if index is Index.VIA:
        return replace(vassalage, independence_via=vassalage.independence_via + amount)
    return replace(vassalage, independence_leg=vassalage.independence_leg + amount)


def _independence_index(record: Vassalage, patron: Nation) -> Index | None:
    if record.declared_independence is None:
        return None
    for index, own in ((Index.VIA, record.independence_via), (Index.LEG, record.independence_leg)):
        most = capacity(patron, index)
        now_low = _at_or_below(current(patron, index), most, INDEPENDENCE_PERCENT)
        if now_low and _at_or_below(most - own, most, INDEPENDENCE_PERCENT):
            return index
    return None


def _route(record: Vassalage, patron: Nation, staying: frozenset[str]) -> tuple[Route, str] | None:
    if record.vassal not in staying:
        if _at_or_below(patron.via, patron.via_capacity, WEAK_VIA_PERCENT):
            return Route.WEAK_VIA, ""
        if _at_or_below(patron.leg, patron.leg_capacity, WEAK_LEG_PERCENT):
            return Route.WEAK_LEG, ""
    index = _independence_index(record, patron)
    return None if index is None else (Route.INDEPENDENCE, index.value)


def turn_end_liberations(
    vassalages: Iterable[Vassalage],
    nations: Mapping[str, Nation],
    year: int,
    *,
    staying: frozenset[str] = frozenset(),
) -> Freed:
    """The vassals freed at the end of turn `year` (AMB-33: "reducida a X %"
    is at or below X % of capacity then). A patron with VIA at or below 10 %
    (O-192) or LEG at or below 20 % (O-193) loses its vassals, but for those
    in `staying`, that say otherwise. A vassal that declared independence is
    freed when one of its patron's indices is at or below 60 % and its own
    damage since the declaration alone would bring it there, at least 40 %
    of capacity (O-195; decision); no tribute, no penalty after. The freed
    vassals' own vassals stay theirs."""
    kept: list[Vassalage] = []
    freed: list[Liberation] = []
    for record in vassalages:
        patron = nations.get(record.patron)
        route = None if patron is None else _route(record, patron, staying)
        if route is None:
            kept.append(record)
        else:
            freed.append(Liberation(record.vassal, record.patron, year, *route))
    return Freed(tuple(kept), tuple(freed))


# --- sub-vassals and grievances ------------------------------------------------


def raise_sub_vassals(
    vassalages: Iterable[Vassalage],
    patron: str,
    sub_vassals: Iterable[str],
    year: int,
    *,
    free: bool = False,
) -> Freed:
    """The patron raises vassals of its vassals to direct vassals, or frees
    them (`free`); each wronged vassal gets −10, −15 if freed, on its
    offensive medidas in the next three turns (O-196). ValueError if one is
    not a vassal of a vassal of `patron`."""
    records = list(vassalages)
    wronged: dict[str, list[str]] = {}
    freed: list[Liberation] = []
    for sub in dict.fromkeys(sub_vassals):
        vassal = patron_of(sub, records)
        if vassal is None or patron_of(vassal, records) != patron or sub == patron:
            raise ValueError(
                T_("{sub} is not a vassal of a vassal of {patron} (O-196)", sub=sub, patron=patron)
            )
        old = next(r for r in records if r.vassal == sub)
        records.remove(old)
        if free:
            freed.append(Liberation(sub, vassal, year, Route.RAISED_AND_FREED, patron))
        else:
            records.append(Vassalage(sub, patron, year, old.tributary, origin=old.origin))
        wronged.setdefault(vassal, []).append(sub)
    value = GRIEVANCE_FREED if free else GRIEVANCE_RAISED
    bonuses = tuple(
        OffensiveBonus(v, value, year + 1, year + GRIEVANCE_TURNS, f"{patron}:{','.join(subs)}")
        for v, subs in wronged.items()
    )
    return Freed(tuple(records), tuple(freed), bonuses)


def is_offensive(statistic: Statistic, *, against_nation: bool) -> bool:
    """A medida aimed at harming another nation (AMB-46): Ofensiva, Incisión,
    Sabotaje, Espionaje, Intriga, Intimidación, Hegemonía, Retórica, when
    aimed against a nation."""
    return against_nation and statistic in OFFENSIVE_MEDIDAS


def grievance_bonus(
    nation: str,
    statistic: Statistic,
    year: int,
    bonuses: Iterable[OffensiveBonus],
    *,
    against_nation: bool,
) -> int:
    """The strongest active bonus of `nation` on an offensive medida in
    `year`, 0 if none (O-196, AMB-46; decision: not cumulative)."""
    if not is_offensive(statistic, against_nation=against_nation):
        return 0
    values = [b.value for b in bonuses if b.nation == nation and b.first <= year <= b.until]
    return min(values, default=0)


# --- becoming a vassal -----------------------------------------------------------


def me_on_average(levels: Sequence[Level]) -> bool:
    """Whether several Diplomacia results are "Muy Exitosa en promedio"
    (O-235): the mean of the ordinals, successes positive and failures
    negative, is at least 3 (decision)."""
    if not levels:
        return False
    signed = [lv.ordinal if lv.success else -lv.ordinal for lv in levels]
    return Fraction(sum(signed), len(signed)) >= Level.ME.ordinal


def accepts_vassalage(
    level: Level, lost_conflict: bool, precedents: int, *, precedents_needed: int = 2
) -> bool:
    """Whether a NsJ accepts vassalage on this Diplomacia (O-235, AMB-41: the
    judge reports the threshold, no automatic counter): after losing a
    conflict, any success; else ME or EC, or a success with at least
    `precedents_needed` earlier successes as precedent (decision: "varios"
    is two, and the current roll must still succeed)."""
    if not level.success:
        return False
    if lost_conflict or level in (Level.ME, Level.EC):
        return True
    return precedents >= precedents_needed


def origin_problem(
    origin: VassalageOrigin,
    vassal: Nation,
    patron: Nation,
    *,
    level: Level | None = None,
    lost_conflict: bool = False,
    precedents: int = 0,
) -> str | None:
    """Why a new vassalage of this origin cannot be, or None: Reforma
    detaches a NsJ vassal from a player's nation on a success; a pact binds
    two players' nations with no roll (O-200); Diplomacia makes a NsJ a
    vassal on `accepts_vassalage` (O-235, AMB-41). Other origins: GM data."""
    succeeded = level is not None and level.success
    if origin is VassalageOrigin.REFORMA and (
        patron.player is None or vassal.player is not None or not succeeded
    ):
        return T_("Reforma detaches a NsJ vassal from a player's nation, on a success (O-200)")
    if origin is VassalageOrigin.PACT and (
        patron.player is None or vassal.player is None or level is not None
    ):
        return T_("a pact binds two players' nations, with no roll (O-200)")
    if origin is VassalageOrigin.DIPLOMACIA and (
        vassal.player is not None
        or level is None
        or not accepts_vassalage(level, lost_conflict, precedents)
    ):
        return T_("a NsJ does not accept vassalage on this Diplomacia (O-200, O-235, AMB-41)")
    return None
