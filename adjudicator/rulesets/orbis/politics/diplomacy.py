"""`Tratado:` lines (rulebook 000 "Tratados y Declaraciones"; O-194, O-200,
O-234, O-237 .. O-247, AMB-39, AMB-40, AMB-41), each answered, never raising.

Decisions where the book and the registry are silent:

- an offer to several nations is one offer to each, with its own id (the
  registry's offers are bilateral; a treaty grows by adhesion, O-247);
- a vassalage offer makes its sender the patron and the recipient the
  vassal (O-200: a pact, no roll); a recipient already held, or a pact that
  would make a nation its own indirect vassal, is refused at acceptance;
- a longer term than 20 years is refused with the reason (AMB-39);
- a modifier "on every roll" is recorded on the five Dominio attributes,
  one of which every roll holds (O-014); "every party" is one per party;
- a renewal needs a `renueva` line of every party the same year, with the
  term of the first; an adhesion needs the permission (O-247) given by the
  parties' `acepta <treaty>` lines the same year;
- an offer to a nation without a player is answered by the GM (O-234,
  AMB-41): an answer in the GM file naming the offer; without one it stays
  open.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from adjudicator.core.messages import message_of
from adjudicator.rulesets.orbis.attributes import DOMINIO, Attribute
from adjudicator.rulesets.orbis.politics.declarations import Penalty
from adjudicator.rulesets.orbis.politics.ids import next_id
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from adjudicator.rulesets.orbis.politics.treaties import (
    TERM_MAX,
    Offer,
    Treaties,
    Treaty,
    TreatyKind,
    TreatyModifier,
)
from adjudicator.rulesets.orbis.politics.vassals import (
    Vassalage,
    VassalageOrigin,
    add_vassalage,
    free_by_treaty,
)
from adjudicator.rulesets.orbis.words import joined
from orders.orbis.politics_model import (
    GmAnswer,
    LineModifier,
    LinePenalty,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
)
from texts import T_, Text


@dataclass(frozen=True)
class Context:
    """What a line needs beyond the ledger: the year, every line of the year
    (renewals and permissions are given by several nations' lines)."""

    year: int
    lines: tuple[PoliticalLine, ...]


def penalty_of(line: LinePenalty | None) -> Penalty | None:
    """A line's breaking penalty (O-242, O-252); ValueError if not one."""
    return None if line is None else Penalty(line.value, line.years)


def _modifiers(items: Sequence[LineModifier], parties: Sequence[str]) -> tuple[TreatyModifier, ...]:
    out: list[TreatyModifier] = []
    for item in items:
        holders = [item.holder] if item.holder is not None else list(parties)
        attributes = [Attribute(item.attribute.upper())] if item.attribute else list(DOMINIO)
        for holder in holders:
            if holder not in parties:
                raise ValueError(
                    T_("modifier holder {holder} is not a party (O-244)", holder=holder)
                )
            out.extend(TreatyModifier(holder, a, item.value) for a in attributes)
    return tuple(out)


def _offer(ledger: Ledger, line: TreatyLine, to: str, year: int) -> Offer:
    if line.kind is None:
        raise ValueError(T_("an offer names its kind of treaty (O-238)"))
    kind = TreatyKind(line.kind)
    if to not in ledger.nations or to == line.power:
        raise ValueError(T_("no other nation {to!r} to offer to (O-238)", to=to))
    if line.years is not None and not 1 <= line.years <= TERM_MAX:
        raise ValueError(
            T_(
                "a term of {years} years: 1 to {TERM_MAX} (O-245, AMB-39)",
                years=line.years,
                TERM_MAX=TERM_MAX,
            )
        )
    registry = ledger.politics.treaties
    used = {o.id for o in registry.offers} | {t.id for t in registry.treaties}
    return Offer(
        next_id("T", year, used),
        line.power,
        to,
        line.terms,
        kind,
        year,
        line.years,
        _modifiers(line.modifiers, (line.power, to)),
        penalty_of(line.penalty),
        patron=line.power if kind is TreatyKind.VASSALAGE else None,
    )


def _vassal_problem(ledger: Ledger, offer: Offer) -> str | None:
    if offer.kind is not TreatyKind.VASSALAGE:
        return None
    try:
        add_vassalage(ledger.politics.vassalages, Vassalage(offer.to, offer.sender, 0))
    except ValueError as error:
        return message_of(error)
    return None


def conclude(ledger: Ledger, offer_id: str, by: str, year: int) -> tuple[Ledger, str]:
    """`by` accepts the open offer: the treaty, and for a vassalage the
    Vassalage (origin pact, O-200). ValueError when it cannot."""
    registry = ledger.politics.treaties
    offer = registry.find_offer(offer_id)
    problem = _vassal_problem(ledger, offer)
    if problem:
        raise ValueError(Text("{problem} (O-185, O-200)", {"problem": problem}))
    step = registry.accept(offer_id, by, year)
    ledger = ledger.record(treaties=step.registry).note(*step.notes)
    words: str = T_("treaty {offer} concluded (O-239)", offer=offer_id)
    if offer.kind is TreatyKind.VASSALAGE:
        players = all(ledger.nations[n].has_player for n in (offer.to, offer.sender))
        origin = VassalageOrigin.PACT if players else VassalageOrigin.DIPLOMACIA
        record = Vassalage(offer.to, offer.sender, year, origin=origin)
        ledger = ledger.record(vassalages=add_vassalage(ledger.politics.vassalages, record))
        vassal = T_(
            "{vassal} is a vassal of {patron} (O-200)",
            vassal=ledger.name(offer.to),
            patron=ledger.name(offer.sender),
        )
        words = joined([words, vassal])
    return ledger.note(T_("Treaty {offer}: {words}", offer=offer_id, words=words)), words


def _approvals(context: Context, treaty: str, act: TreatyAct) -> frozenset[str]:
    return frozenset(
        line.power
        for line in context.lines
        if isinstance(line, TreatyLine) and line.act is act and line.ref == treaty
    )


def _treaty(registry: Treaties, ref: str | None) -> Treaty:
    found = next((t for t in registry.treaties if t.id == ref), None)
    if found is None:
        raise ValueError(T_("no treaty {ref!r}", ref=ref))
    return found


def _act(ledger: Ledger, line: TreatyLine, context: Context) -> tuple[Ledger, str]:
    year, registry, ref = context.year, ledger.politics.treaties, line.ref or ""
    act = line.act
    if act is TreatyAct.OFFER:
        if not line.parties:
            raise ValueError(T_("an offer names the nations it goes to (O-238)"))
        made: list[str] = []
        for to in line.parties:
            offer = _offer(ledger, line, to, year)
            ledger = ledger.record(treaties=ledger.politics.treaties.offer(offer))
            made.append(T_("{offer} to {to}", offer=offer.id, to=ledger.name(to)))
        return ledger, T_("offer {offers} published (O-238)", offers=joined(made, ", "))
    if act is TreatyAct.COUNTER:
        answered = registry.find_offer(ref) if ref in {o.id for o in registry.offers} else None
        if answered is None:
            raise ValueError(T_("no offer {ref!r} to counter", ref=ref))
        counter = _offer(ledger, line, answered.sender, year)
        return (
            ledger.record(treaties=registry.counter(ref, counter)),
            T_("counter-offer {counter} to {ref} published (O-240)", counter=counter.id, ref=ref),
        )
    if act is TreatyAct.ACCEPT:
        if ref in {o.id for o in registry.open_offers()}:
            return conclude(ledger, ref, line.power, year)
        treaty = _treaty(registry, ref)
        if line.power not in treaty.parties:
            raise ValueError(T_("{power} is not a party to {ref}", power=line.power, ref=ref))
        return ledger, T_("permission for adhesions to {ref} given (O-247)", ref=ref)
    if act is TreatyAct.REJECT:
        return ledger.record(treaties=registry.reject(ref, line.power)), T_(
            "offer {ref} rejected (O-239)", ref=ref
        )
    if act is TreatyAct.WITHDRAW:
        return ledger.record(treaties=registry.withdraw(ref, line.power)), T_(
            "offer {ref} withdrawn (O-241)", ref=ref
        )
    if act is TreatyAct.BREAK:
        step = registry.break_treaty(ref, line.power, year)
        ledger = ledger.record(treaties=step.registry).note(
            T_("{power} broke treaty {ref} (O-242)", power=ledger.name(line.power), ref=ref),
            *step.notes,
        )
        return ledger.punish(step.sanctions), T_(
            "treaty {ref} broken (O-242, O-243, AMB-40)", ref=ref
        )
    if act is TreatyAct.RENEW:
        treaty = _treaty(registry, ref)
        if treaty.renewed == year:
            return ledger, T_("treaty {ref} renewed (O-245)", ref=ref)
        if line.years is not None and not 1 <= line.years <= TERM_MAX:
            raise ValueError(
                T_(
                    "a term of {years} years: 1 to {TERM_MAX} (O-245, AMB-39)",
                    years=line.years,
                    TERM_MAX=TERM_MAX,
                )
            )
        step = registry.renew(ref, year, _approvals(context, ref, TreatyAct.RENEW), line.years)
        if not step.done:
            raise ValueError(Text("{notes} (O-245)", {"notes": joined(step.notes)}))
        return ledger.record(treaties=step.registry), T_("treaty {ref} renewed (O-245)", ref=ref)
    if act is TreatyAct.ADHERE:
        approvals = _approvals(context, ref, TreatyAct.ACCEPT)
        step = registry.adhere(line.power, ref, approvals, year)
        if not step.done:
            raise ValueError(joined(step.notes))
        return ledger.record(treaties=step.registry), T_("adhered to treaty {ref} (O-247)", ref=ref)
    vassal = line.parties[0] if line.parties else ref
    freed = free_by_treaty(ledger.politics.vassalages, vassal, line.power, year, ref)
    ledger = ledger.record(vassalages=freed.vassalages).note(
        T_(
            "{vassal} freed by {power} by treaty (O-194)",
            vassal=ledger.name(vassal),
            power=ledger.name(line.power),
        )
    )
    return ledger, T_("{vassal} freed (O-194)", vassal=ledger.name(vassal))


_RULES = {
    TreatyAct.OFFER: "O-238",
    TreatyAct.ACCEPT: "O-239",
    TreatyAct.REJECT: "O-239",
    TreatyAct.COUNTER: "O-240",
    TreatyAct.WITHDRAW: "O-241",
    TreatyAct.BREAK: "O-242",
    TreatyAct.RENEW: "O-245",
    TreatyAct.ADHERE: "O-247",
    TreatyAct.FREE: "O-194",
}


def treaty_line(ledger: Ledger, line: TreatyLine, context: Context) -> Ledger:
    """One `Tratado:` line answered (O-237 .. O-247); a refusal says why."""
    try:
        after, words = _act(ledger, line, context)
    except (KeyError, ValueError) as error:
        return ledger.refuse(line, error, _RULES[line.act])
    return after.answer(line, True, words)


def gm_answers(ledger: Ledger, answers: Sequence[GmAnswer], year: int) -> Ledger:
    """The GM's answers for nations without a player to open offers (O-234,
    AMB-41: a vassalage only when the GM accepts it)."""
    for answer in answers:
        registry = ledger.politics.treaties
        offer = next((o for o in registry.open_offers() if o.id == answer.ref), None)
        if offer is None or offer.to != answer.nation:
            continue
        if ledger.nations.get(answer.nation) is None or ledger.nations[answer.nation].has_player:
            ledger = ledger.note(
                T_(
                    "GM file: answer to {ref}: {nation} has a player",
                    ref=answer.ref,
                    nation=answer.nation,
                )
            )
            continue
        try:
            if answer.accept:
                ledger, _words = conclude(ledger, answer.ref, answer.nation, year)
            else:
                ledger = ledger.record(treaties=registry.reject(answer.ref, answer.nation))
                ledger = ledger.note(
                    T_(
                        "Offer {ref}: rejected by {nation}",
                        ref=answer.ref,
                        nation=ledger.name(answer.nation),
                    )
                )
        except (KeyError, ValueError) as error:
            ledger = ledger.note(
                T_("GM file: answer to {ref}: {error}", ref=answer.ref, error=message_of(error))
            )
    return ledger


def open_nsj_offers(ledger: Ledger) -> Mapping[str, str]:
    """Open offers to nations without a player, id → recipient (the GM's to answer)."""
    return {
        o.id: o.to
        for o in ledger.politics.treaties.open_offers()
        if o.to in ledger.nations and not ledger.nations[o.to].has_player
    }
