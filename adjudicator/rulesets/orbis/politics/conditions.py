"""The political conditions on one roll (rulebook 000 "Guerra", "Guerra
civil", "Tratados"; O-207 .. O-214, O-244; AMB-05, AMB-32, AMB-35).

Conditions sit outside the attribute pools (AMB-05), beside the stability,
kind, precedent and vassal conditions of `rolling.conditions_of`:

- "guerra civil": +10 on the divided nation's domestic peaceful and exterior
  war medidas, not on its exterior peaceful nor domestic war ones (O-214);
- "fatiga de guerra": +5 per whole front beyond capacity on war actions
  (O-207 .. O-212, AMB-35). The fronts are the actor's wars in
  `politics.conflicts`, one enemy one front: the GM's weight
  (`politics.fronts`) if given, else a vassal enemy half a front (O-209);
  capacity is `politics.capacity` (default two, O-211) plus one per ally: a
  nation in force in an alliance treaty with the actor at war with one of
  the actor's enemies (O-212; decision: the zone is not checked, the GM's
  front weights say more);
- "tratado <id>": the modifiers of a treaty in force binding actor and
  target on the roll's attributes (O-244); a modifier "on every roll" is
  recorded on the five Dominio attributes and so counts once;
- "agravio": the wronged vassal's bonus (−10, −15 if its sub-vassals were
  also freed) on its offensive medidas while in force (O-196, AMB-46:
  against a nation); the strongest one, not cumulative;
- "lejanía": the Lejanía penalty of a nation excluded from a bloc, on its
  rolls toward the bloc's members and theirs toward it, for five turns
  (O-277, AMB-28); decision: the largest if several, none while the GM has
  not set its value.

Neither of the last two is a counter-measure's (`counter=True`): a defence
harms nobody (AMB-46) and carries no Alcance (O-063).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.politics.civil_war import civil_war_condition
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import grievance_bonus
from adjudicator.rulesets.orbis.politics.war import (
    FREE_FRONTS,
    front_halves,
    is_war_medida,
    war_fatigue,
)
from adjudicator.rulesets.orbis.sheet import Nation
from texts import T_


def enemies(politics: Politics, nation: str) -> tuple[str, ...]:
    """The nations `nation` is at war with (O-204, O-206), by id."""
    found = (
        other
        for conflict in politics.conflicts
        if conflict.at_war and nation in conflict.nations
        for other in conflict.nations
        if other != nation
    )
    return tuple(sorted(found))


def allies(politics: Politics, nation: str, year: int) -> tuple[str, ...]:
    """The nations bound to `nation` by an alliance in force in `year` that
    are at war with one of its enemies: each adds a front of capacity
    (O-212)."""
    foes = set(enemies(politics, nation))
    bound = {
        party
        for treaty in politics.treaties.in_force(year)
        if treaty.kind is TreatyKind.ALLIANCE and nation in treaty.parties
        for party in treaty.parties
        if party != nation
    }
    return tuple(sorted(a for a in bound if foes & set(enemies(politics, a))))


def fatigue(
    politics: Politics, nations: Mapping[str, Nation], actor: str, statistic: Statistic, year: int
) -> int:
    """The war fatigue on a roll of `actor` (O-207 .. O-212, AMB-35)."""
    if not is_war_medida(statistic):
        return 0
    halves = 0
    for enemy in enemies(politics, actor):
        weight = politics.fronts.get((actor, enemy))
        sheet = nations.get(enemy)
        vassal = politics.patron(enemy) is not None or (
            sheet is not None and sheet.vassal_of is not None
        )
        halves += (
            weight if weight is not None and weight > 0 else front_halves(enemy, vassal=vassal)
        )
    capacity = politics.capacity.get(actor, FREE_FRONTS)
    return war_fatigue(halves, capacity, len(allies(politics, actor, year)))


def treaty_conditions(
    politics: Politics, actor: str, statistic: Statistic, target: str | None, year: int
) -> dict[str, int]:
    """Each treaty in force binding actor and target: the sum of its
    modifiers held by the actor toward the target on the roll's attributes
    (O-244), zeros left out."""
    if target is None or target == actor:
        return {}
    found: dict[str, int] = {}
    for treaty in sorted(politics.treaties.in_force(year), key=lambda t: t.id):
        if actor not in treaty.parties or target not in treaty.parties:
            continue
        value = sum(
            m.value
            for m in treaty.modifiers
            if m.holder == actor
            and m.toward in (None, target)
            and m.attribute in statistic.attributes
        )
        if value:
            found[T_("tratado {treaty}", treaty=treaty.id)] = value
    return found


def grievance(
    politics: Politics, actor: str, statistic: Statistic, target: str | None, year: int
) -> int:
    """The wronged vassal's bonus on an offensive medida of `actor` against
    another nation in `year` (O-196, AMB-46), 0 if none."""
    against = target is not None and target != actor
    return grievance_bonus(actor, statistic, year, politics.grievances, against_nation=against)


def lejania(politics: Politics, actor: str, target: str | None, year: int) -> int:
    """The exclusion's Lejanía penalty on a roll of `actor` toward `target`
    in `year` (O-277, AMB-28): the excluded nation toward the bloc's members
    and each of them toward it; the largest set value, 0 if none."""
    if target is None or target == actor:
        return 0
    values = [
        p.value
        for p in politics.lejania
        if p.value is not None
        and p.first <= year <= p.until
        and (
            (p.nation == actor and target in p.toward) or (p.nation == target and actor in p.toward)
        )
    ]
    return max(values, default=0)


def political_conditions(
    politics: Politics,
    nations: Mapping[str, Nation],
    actor: str,
    statistic: Statistic,
    target: str | None,
    year: int,
    *,
    counter: bool = False,
) -> dict[str, int]:
    """Conditions outside the pools on one roll, by name, zeros left out:
    "guerra civil" (O-214), "fatiga de guerra" (O-207 .. O-212, AMB-35),
    "tratado <id>" (O-244), "agravio" (O-196, AMB-46), "lejanía" (O-277).
    Counter-measures call it too (actor the defender, target the attacker;
    `counter` leaves out "agravio" and "lejanía")."""
    domestic = target is None or target == actor
    found: dict[str, int] = {}
    if politics.civil_war(actor) is not None:
        found[T_("guerra civil")] = civil_war_condition(
            domestic=domestic, war=is_war_medida(statistic)
        )
    found[T_("fatiga de guerra")] = fatigue(politics, nations, actor, statistic, year)
    found.update(treaty_conditions(politics, actor, statistic, target, year))
    if not counter:
        found[T_("agravio")] = grievance(politics, actor, statistic, target, year)
        found[T_("lejanía")] = lejania(politics, actor, target, year)
    return {name: value for name, value in found.items() if value}
