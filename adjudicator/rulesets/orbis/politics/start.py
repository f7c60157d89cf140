"""The GM's politics applied at the start of a year, before the rolls
(rulebook 000 "Mapa y Estados" .. "Épocas"; the GM file's `politics:`).

Every GM item that cannot apply (an unknown nation, a vassal already held,
a second civil war ...) becomes a public note starting "GM file: " and is
otherwise ignored: the GM's file never stops the year.

A bloc's decisions (O-277, O-278) come last: the bloc of a conference is
the one kept in `Politics.blocs`, else the conference's (`blocs.bloc_from`,
O-259), kept from then on. An exclusion adds a Lejanía penalty toward the
rest of the bloc for the next five turns (O-277, AMB-40), its value the
GM's (None until set, AMB-28: the condition counts nothing then); a
suspension keeps the member bound without privileges until it meets its
condition (O-278); a reinstatement ends it.
"""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from adjudicator.core.messages import message_of
from adjudicator.rulesets.orbis.politics import blocs, civil_war, rebellions
from adjudicator.rulesets.orbis.politics.declarations import break_declaration
from adjudicator.rulesets.orbis.politics.epochs import partial_reset
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from adjudicator.rulesets.orbis.politics.organisations import Election, Statute, Term, found
from adjudicator.rulesets.orbis.politics.rebellions import Escalation, Rebellion
from adjudicator.rulesets.orbis.politics.vassals import Vassalage, VassalageOrigin, add_vassalage
from orders.orbis.politics_model import (
    GmBlocAct,
    GmCivilWar,
    GmOrganisation,
    GmPolitics,
    GmVassalage,
)
from texts import T_, Text

GOVERNMENT, REBELS = "gobierno", "rebeldes"
"""The factions of a civil war a rebellion escalates into (O-232)."""


def _bad(ledger: Ledger, text: str) -> Ledger:
    return ledger.note(T_("GM file: {text}", text=text))


def _about(subject: str, error: ValueError) -> str:
    """The error's text under `subject`, once: the records' own errors
    already name it."""
    said = message_of(error)
    if said.startswith(subject):
        return said
    return Text("{subject}: {said}", {"subject": subject, "said": said})  # punctuation only


def _unknown(ledger: Ledger, *names: str) -> str | None:
    missing = [n for n in names if n not in ledger.nations]
    return T_("unknown nation {items}", items=", ".join(missing)) if missing else None


def add_vassal(ledger: Ledger, item: GmVassalage, year: int) -> Ledger:
    """A vassalage the GM records (O-200, O-235, AMB-41)."""
    problem = _unknown(ledger, item.vassal, item.patron)
    if problem:
        return _bad(
            ledger,
            T_(
                "vassalage {vassal} → {patron}: {problem}",
                vassal=item.vassal,
                patron=item.patron,
                problem=problem,
            ),
        )
    try:
        origin = VassalageOrigin(item.origin)
        record = Vassalage(item.vassal, item.patron, year, item.tributary, origin=origin)
        records = add_vassalage(ledger.politics.vassalages, record)
    except ValueError as error:
        return _bad(
            ledger,
            T_(
                "vassalage {vassal} → {patron}: {error}",
                vassal=item.vassal,
                patron=item.patron,
                error=message_of(error),
            ),
        )
    ledger = ledger.record(vassalages=records)
    return ledger.note(
        T_(
            "{vassal} is now a vassal of {patron} (O-185, O-200)",
            vassal=ledger.name(item.vassal),
            patron=ledger.name(item.patron),
        )
    )


def free(ledger: Ledger, vassal: str) -> Ledger:
    """The GM frees a vassal (O-194, O-198)."""
    records = ledger.politics.vassalages
    kept = tuple(r for r in records if r.vassal != vassal)
    if len(kept) == len(records):
        return _bad(ledger, T_("freed {vassal}: not a vassal", vassal=vassal))
    return ledger.record(vassalages=kept).note(
        T_("{vassal} is freed (O-194)", vassal=ledger.name(vassal))
    )


def begin_civil_war(ledger: Ledger, item: GmCivilWar, year: int) -> Ledger:
    """A civil war the GM starts (O-213, O-216, O-219, O-222)."""
    problem = _unknown(ledger, item.nation, *item.controllers.values(), *item.backers)
    if problem:
        return _bad(
            ledger, T_("civil war in {nation}: {problem}", nation=item.nation, problem=problem)
        )
    if ledger.politics.civil_war(item.nation) is not None:
        return _bad(
            ledger, T_("civil war in {nation}: one is already being fought", nation=item.nation)
        )
    try:
        started = civil_war.start_civil_war(item.nation, item.factions, item.incumbent, year)
        started = replace(started, backers=dict(item.backers))
        if any(f not in item.factions for f in item.controllers):
            raise ValueError(T_("a controller of no faction"))
    except ValueError as error:
        return _bad(ledger, _about(T_("civil war in {nation}", nation=item.nation), error))
    controllers = dict(ledger.politics.controllers)
    controllers.update({(item.nation, f): c for f, c in sorted(item.controllers.items())})
    ledger = ledger.record(
        civil_wars=(*ledger.politics.civil_wars, started),
        controllers=MappingProxyType(controllers),
    )
    split = ", ".join(f"{f} {v}" for f, v in started.supremacy.items())
    return ledger.note(
        T_(
            "Civil war in {nation}: Supremacy {split} (O-219)",
            nation=ledger.name(item.nation),
            split=split,
        )
    )


def drop_civil_war(ledger: Ledger, nation: str) -> Ledger:
    """The civil war and its controllers removed from the record."""
    return ledger.record(
        civil_wars=tuple(c for c in ledger.politics.civil_wars if c.nation != nation),
        controllers=MappingProxyType(
            {k: v for k, v in ledger.politics.controllers.items() if k[0] != nation}
        ),
    )


def end_civil_war(ledger: Ledger, nation: str, faction: str) -> Ledger:
    """The GM ends a civil war with `faction` the winner (O-217)."""
    found_war = ledger.politics.civil_war(nation)
    if found_war is None:
        return _bad(ledger, T_("end of civil war in {nation}: there is none", nation=nation))
    try:
        civil_war.settle(found_war, faction)
    except ValueError as error:
        return _bad(
            ledger,
            T_("end of civil war in {nation}: {error}", nation=nation, error=message_of(error)),
        )
    return drop_civil_war(ledger, nation).note(
        T_(
            "The civil war in {nation} is over: {faction} won; the nation stays with its player (O-217)",
            nation=ledger.name(nation),
            faction=faction,
        )
    )


def raise_rebellion(ledger: Ledger, nation: str, backers: tuple[str, ...], year: int) -> Ledger:
    """A rebellion the GM raises, its backers secret (O-225, O-231): each
    backer is told privately."""
    problem = _unknown(ledger, nation)
    if problem:
        return _bad(ledger, T_("rebellion in {nation}: {problem}", nation=nation, problem=problem))
    if _unknown(ledger, *backers):  # the note is public: it names no backer (O-231)
        return _bad(
            ledger, T_("rebellion in {nation}: a backer is not a nation of the game", nation=nation)
        )
    try:
        rising = Rebellion(nation, year, backers)
    except ValueError as error:
        return _bad(ledger, _about(T_("rebellion in {nation}", nation=nation), error))
    ledger = ledger.record(rebellions=(*ledger.politics.rebellions, rising))
    ledger = ledger.note(T_("A rebellion rises in {nation} (O-225)", nation=ledger.name(nation)))
    for backer in backers:
        ledger = ledger.secret(
            backer,
            T_("You secretly back the rebellion in {nation} (O-231)", nation=ledger.name(nation)),
        )
    return ledger


def escalate(ledger: Ledger, nation: str, year: int) -> Ledger:
    """A rebellion the GM finds not suppressed in prudent time escalates by
    its last failure (O-232, O-233): an armed movement is a note for the GM
    (fought as another nation, O-215); a civil war replaces the rebellion
    with factions gobierno / rebeldes (its secret backers stay secret)."""
    rising = next((r for r in ledger.politics.rebellions if r.nation == nation), None)
    if rising is None:
        return _bad(ledger, T_("escalation in {nation}: no rebellion", nation=nation))
    kind = rebellions.escalate(rising)
    name = ledger.name(nation)
    if kind is Escalation.GM_DECIDES:
        return ledger.note(
            T_("The rebellion in {name} was never fought: the GM decides (O-233)", name=name)
        )
    if kind is Escalation.ARMED_MOVEMENT:
        return ledger.note(
            T_(
                "The rebellion in {name} becomes an armed movement, fought as another nation (O-232, O-215): the GM creates it",
                name=name,
            )
        )
    if ledger.politics.civil_war(nation) is not None:
        return _bad(
            ledger, T_("escalation in {nation}: a civil war is already being fought", nation=nation)
        )
    ledger = ledger.record(rebellions=tuple(r for r in ledger.politics.rebellions if r != rising))
    started = civil_war.start_civil_war(nation, (GOVERNMENT, REBELS), GOVERNMENT, year)
    ledger = ledger.record(civil_wars=(*ledger.politics.civil_wars, started))
    return ledger.note(
        T_("The rebellion in {name} becomes a civil war, Supremacy 50/50 (O-232)", name=name)
    )


def organise(ledger: Ledger, item: GmOrganisation, year: int) -> Ledger:
    """An organisation founded by its Statute (O-279, AMB-42); its Leader is
    chosen at its first election (leader None until then)."""
    problem = _unknown(ledger, *item.members)
    if problem or any(o.id == item.id for o in ledger.politics.organisations):
        return _bad(
            ledger,
            T_(
                "organisation {item}: {value}", item=item.id, value=problem or T_("id already used")
            ),
        )
    try:
        election, term = Election(item.election), Term(item.term)  # the reader's values
        statute = Statute(election, term, item.fixed_years)
        made = found(item.id, item.name, item.members, year, statute=statute)
    except ValueError as error:
        return _bad(
            ledger, T_("organisation {item}: {error}", item=item.id, error=message_of(error))
        )
    ledger = ledger.record(organisations=(*ledger.politics.organisations, made))
    return ledger.note(
        T_(
            "Organisation {item} ({item2}) founded (O-279): election due",
            item=item.name,
            item2=item.id,
        )
    )


def force_majeure(ledger: Ledger, ref: str, year: int) -> Ledger:
    """A declaration or treaty ended by force majeure, without penalty (O-250)."""
    for declaration in ledger.politics.declarations:
        if declaration.id == ref and declaration.in_force(year):
            by = next(n for n in declaration.declarants if declaration.binds(n, year))
            broken = break_declaration(declaration, year, by, force_majeure=True).declaration
            kept = tuple(broken if d.id == ref else d for d in ledger.politics.declarations)
            return ledger.record(declarations=kept).note(
                T_("Declaration {ref} ends by force majeure, without penalty (O-250)", ref=ref)
            )
    registry = ledger.politics.treaties
    treaty = next((t for t in registry.treaties if t.id == ref and t.in_force(year)), None)
    if treaty is None:
        return _bad(ledger, T_("force majeure: no declaration or treaty {ref} in force", ref=ref))
    step = registry.break_treaty(ref, treaty.parties[0], year)  # its sanctions dropped
    return ledger.record(treaties=step.registry).note(
        T_("Treaty {ref} ends by force majeure, without penalty (O-250)", ref=ref)
    )


def epoch(ledger: Ledger, kind: str, year: int) -> Ledger:
    """The GM's epoch (O-297 .. O-300): partial → every sheet scaled back
    (O-299, AMB-30); total → recorded, the sheets to be redistributed by the
    players (O-298)."""
    if kind in ("partial", "parcial"):
        sheets = partial_reset(ledger.nations[k] for k in sorted(ledger.nations))
        ledger = replace(ledger, nations=MappingProxyType({n.id: n for n in sheets}))
        ledger = ledger.note(
            T_("Epoch ({year}): partial reset, every group back to 80 (O-299)", year=year)
        )
    elif kind == "total":
        ledger = ledger.note(
            T_(
                "Epoch ({year}): total reset; every player redistributes its sheet under the initial rules, 80 per group, 5..30 each (O-298)",
                year=year,
            )
        )
    else:
        return _bad(ledger, T_("epoch {kind!r}: total or partial (O-300)", kind=kind))
    return ledger.record(epochs=(*ledger.politics.epochs, year))


def _bloc(ledger: Ledger, conference: str) -> blocs.Bloc | None:
    kept = next((b for b in ledger.politics.blocs if b.id == conference), None)
    if kept is not None:
        return kept
    held = next((c for c in ledger.politics.conferences if c.id == conference), None)
    return blocs.bloc_from(held) if held is not None else None


def _put_bloc(ledger: Ledger, bloc: blocs.Bloc) -> Ledger:
    others = tuple(b for b in ledger.politics.blocs if b.id != bloc.id)
    return ledger.record(blocs=tuple(sorted((*others, bloc), key=lambda b: b.id)))


_BLOC_ACTS = {
    "exclusion": T_("exclusion"),
    "suspension": T_("suspension"),
    "reinstatement": T_("reinstatement"),
}
"""A bloc decision's code in words."""


def bloc_act(ledger: Ledger, item: GmBlocAct, act: str, year: int) -> Ledger:
    """One bloc decision of the GM: `act` "exclusion" (O-277),
    "suspension" or "reinstatement" (O-278)."""
    name = ledger.name(item.nation)
    where = T_(
        "{act} of {name} in bloc {conference}",
        act=_BLOC_ACTS.get(act, act),
        name=name,
        conference=item.conference,
    )
    bloc = _bloc(ledger, item.conference)
    if bloc is None:
        return _bad(ledger, T_("{where}: no such conference (O-259)", where=where))
    if act == "exclusion" and item.nation not in bloc.members:
        return set_lejania(ledger, item, where, name)
    if act == "suspension" and item.nation not in bloc.members:
        return _bad(
            ledger, T_("{where}: {name} is not a member of the bloc", where=where, name=name)
        )
    if act == "reinstatement" and item.nation not in bloc.suspended:
        return _bad(
            ledger, T_("{where}: {name} is not suspended in the bloc", where=where, name=name)
        )
    try:
        if act == "exclusion":
            after, penalty = blocs.exclude(bloc, item.nation, year, lejania=item.lejania)
            value = (
                f"+{penalty.value}" if penalty.value is not None else T_("of a value the GM sets")
            )
            ledger = ledger.record(lejania=(*ledger.politics.lejania, penalty)).note(
                T_(
                    "{name} is excluded from bloc {bloc}: a Lejanía penalty {value} toward its members {first}..{until} (O-277, AMB-28)",
                    name=name,
                    bloc=bloc.id,
                    value=value,
                    first=penalty.first,
                    until=penalty.until,
                )
            )
        elif act == "suspension":
            after = blocs.suspend(bloc, item.nation, item.condition)
            ledger = ledger.note(
                T_(
                    "{name} is suspended in bloc {bloc}: bound, without privileges until {condition} (O-278)",
                    name=name,
                    bloc=bloc.id,
                    condition=item.condition,
                )
            )
        else:
            after = blocs.reinstate(bloc, item.nation)
            ledger = ledger.note(
                T_("{name} is reinstated in bloc {bloc} (O-278)", name=name, bloc=bloc.id)
            )
    except ValueError as error:
        return _bad(ledger, T_("{where}: {error}", where=where, error=message_of(error)))
    return _put_bloc(ledger, after)


def set_lejania(ledger: Ledger, item: GmBlocAct, where: str, name: str) -> Ledger:
    """A later `exclusions` entry for a nation already excluded, with its
    `lejania`, sets the value its exclusion left to the GM (AMB-28)."""
    source = f"exclusion:{item.conference}"
    unset = [p for p in ledger.politics.lejania if p.source == source and p.nation == item.nation]
    if item.lejania is None or not unset or unset[-1].value is not None:
        return _bad(
            ledger, T_("{where}: {name} is not a member of the bloc", where=where, name=name)
        )
    found = unset[-1]
    kept = tuple(p for p in ledger.politics.lejania if p is not found)
    ledger = ledger.record(lejania=(*kept, replace(found, value=item.lejania)))
    return ledger.note(
        T_(
            "The Lejanía penalty of {nation}'s exclusion from bloc {conference} is set at +{lejania}, {first}..{until} (O-277, AMB-28)",
            nation=ledger.name(item.nation),
            conference=item.conference,
            lejania=item.lejania,
            first=found.first,
            until=found.until,
        )
    )


def apply_gm(ledger: Ledger, gm: GmPolitics, year: int) -> Ledger:
    """Every item of the GM's politics, in the order of the record."""
    for item in gm.vassalages:
        ledger = add_vassal(ledger, item, year)
    for vassal in gm.freed:
        ledger = free(ledger, vassal)
    fronts = dict(ledger.politics.fronts)
    for front in gm.fronts:
        if front.halves < 1 or _unknown(ledger, front.nation, front.enemy):
            ledger = _bad(
                ledger,
                T_(
                    "front {nation} / {enemy}: not a front (O-209)",
                    nation=front.nation,
                    enemy=front.enemy,
                ),
            )
        else:
            fronts[(front.nation, front.enemy)] = front.halves
    capacity = dict(ledger.politics.capacity)
    for nation, value in sorted(gm.capacity.items()):
        if value < 0 or nation not in ledger.nations:
            ledger = _bad(
                ledger, T_("capacity of {nation}: {value} (O-211)", nation=nation, value=value)
            )
        else:
            capacity[nation] = value
    ledger = ledger.record(fronts=MappingProxyType(fronts), capacity=MappingProxyType(capacity))
    for nation, faction in sorted(gm.civil_war_ends.items()):
        ledger = end_civil_war(ledger, nation, faction)
    for item_war in gm.civil_wars:
        ledger = begin_civil_war(ledger, item_war, year)
    for rising in gm.rebellions:
        ledger = raise_rebellion(ledger, rising.nation, rising.backers, year)
    for nation in gm.escalations:
        ledger = escalate(ledger, nation, year)
    for org in gm.organisations:
        ledger = organise(ledger, org, year)
    for ref in gm.force_majeure:
        ledger = force_majeure(ledger, ref, year)
    if gm.epoch is not None:
        ledger = epoch(ledger, gm.epoch, year)
    for act, items in (
        ("exclusion", gm.exclusions),
        ("suspension", gm.suspensions),
        ("reinstatement", gm.reinstatements),
    ):
        for decision in items:
            ledger = bloc_act(ledger, decision, act, year)
    return ledger
