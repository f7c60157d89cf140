"""Politics in the Orbis reports, as text (rulebook 000 "Mapa y Estados" ..
"Épocas"; checklist O-185 .. O-300).

After the medidas and purchases, the public report answers every political
line (file, line, the text, done or refused and why, with the rule), gives
the year's public political notes and the public registry (O-237: player
negotiations are public): treaties in force with their parties, terms,
modifiers (O-244) and term (O-245), open offers (O-238), declarations in
force with any notice given (O-248, O-250), conferences and their proposals
(O-259, O-261), resolutions (O-271), vassalages (O-185), wars with each
side's fronts and fatigue (O-204, O-207 .. O-212), hostilities not yet war,
civil wars with their Supremacy (O-219), rebellions WITHOUT their backers
(O-231: secret), organisations with their Leader and term (O-281, O-288),
the epochs declared (O-296), the wronged vassals' grievances (O-196,
AMB-46), the blocs the GM acted on with their suspended members and
conditions (O-278) and the exclusions' Lejanía penalties (O-277, AMB-28).

Each nation's private report adds its own answers, its private notes under
"Secret (only you):" and the rebellions it backs (O-231); a nation whose
rebellion's backers were discovered sees them there too.

A resolution without politics (`OrbisResolution.politics` None: made before
politics existed) shows nothing new; nor does a year with an empty registry,
no answers and no notes, so such reports stay byte-identical.

What the registry selects and the fronts' arithmetic are in
`renderers.orbis.politics_data` (`shown`, `fronts_of`), shared with the JSON
and the wiki. Decision: the civil-war backers that joined a faction (O-222)
and the faction controllers (O-216) are not listed publicly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from adjudicator.rulesets.orbis.politics.blocs import Bloc, LejaniaPenalty
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
from adjudicator.rulesets.orbis.politics.conferences import Conference, Resolution
from adjudicator.rulesets.orbis.politics.declarations import Declaration, DeclarationKind
from adjudicator.rulesets.orbis.politics.organisations import Organisation
from adjudicator.rulesets.orbis.politics.outcome import LineAnswer
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import Offer, Treaty, TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import OffensiveBonus, Vassalage
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.sheet import Nation
from renderers.orbis.politics_data import (
    Namer,
    answer_dict,
    backed,
    discovered_at_home,
    fronts_of,
    has_politics,
    line_text,
    own_answers,
    pair_of,
    sheets_of,
    shown,
)
from texts import N_, _, ngettext, tr

if TYPE_CHECKING:
    from renderers.orbis.report import OrbisTurnReport

TREATY_KINDS: dict[TreatyKind, str] = {
    TreatyKind.PEACE: N_("paz"),
    TreatyKind.NON_AGGRESSION: N_("no agresión"),
    TreatyKind.CEASEFIRE: N_("alto el fuego"),
    TreatyKind.NEUTRALITY_GUARANTEE: N_("garantía de neutralidad"),
    TreatyKind.ALLIANCE: N_("alianza"),
    TreatyKind.TRADE: N_("comercio"),
    TreatyKind.VASSALAGE: N_("vasallaje"),
    TreatyKind.OTHER: N_("otro"),
}
"""The treaty kinds by their Spanish names, as the players write them
(message ids: `treaty_kind` gives them in the language being written)."""
DECLARATION_KINDS: dict[DeclarationKind, str] = {
    DeclarationKind.NEUTRALITY: N_("neutralidad"),
    DeclarationKind.OTHER: N_("otra"),
}


def treaty_kind(kind: TreatyKind) -> str:
    """A treaty's kind in the language being written (`paz`, `pau`)."""
    return _(TREATY_KINDS[kind])


def declaration_kind(kind: DeclarationKind) -> str:
    """A declaration's kind in the language being written."""
    return _(DECLARATION_KINDS[kind])


def fronts_text(halves: int) -> str:
    """Halves of fronts as fronts: 3 → "1.5"."""
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2:.1f}"


def names(name: Namer, nations: tuple[str, ...] | list[str]) -> str:
    return ", ".join(name(n) for n in nations)


def modifier_text(treaty: Treaty, name: Namer) -> str:
    parts = []
    for m in treaty.modifiers:
        toward = name(m.toward) if m.toward is not None else _("the other parties")
        parts.append(
            _("{nation} {value} {attribute} toward {toward}").format(
                nation=name(m.holder),
                value=f"{m.value:+d}",
                attribute=m.attribute.value,
                toward=toward,
            )
        )
    return "; ".join(parts)


def answer_line(answer: LineAnswer, name: Namer) -> str:
    """`  <file>, line <n>: <the text> → done: <words>` (or refused)."""
    source = answer.line.source
    where = str(source) if source is not None else name(answer.line.power)
    verdict = _("done") if answer.accepted else _("refused")
    return f"  {where}: {line_text(answer.line)} → {verdict}: {tr(answer.words)}"


def treaty_line(treaty: Treaty, year: int, name: Namer) -> str:
    left = treaty.last_year - year
    text = f"    {treaty.id} {treaty_kind(treaty.kind)} — {names(name, list(treaty.parties))}; "
    text += ngettext(
        "signed {signed}, in force through {last} ({n} more years)",
        "signed {signed}, in force through {last} ({n} more years)",
        left,
    ).format(signed=treaty.signed, last=treaty.last_year, n=left)
    if treaty.terms.strip():
        text += "; " + _("terms: {terms}").format(terms=treaty.terms.strip())
    if treaty.modifiers:
        text += "; " + _("modifiers: {modifiers}").format(modifiers=modifier_text(treaty, name))
    if treaty.penalty is not None:
        text += "; " + ngettext(
            "if broken +{value} for {n} years",
            "if broken +{value} for {n} years",
            treaty.penalty.years,
        ).format(value=treaty.penalty.value, n=treaty.penalty.years)
    return text


def offer_line(offer: Offer, name: Namer) -> str:
    text = "    " + _("{id} from {sender} to {to}: {kind}").format(
        id=offer.id, sender=name(offer.sender), to=name(offer.to), kind=treaty_kind(offer.kind)
    )
    if offer.term_years is not None:
        text += " " + ngettext("for {n} years", "for {n} years", offer.term_years).format(
            n=offer.term_years
        )
    if offer.terms.strip():
        text += "; " + _("terms: {terms}").format(terms=offer.terms.strip())
    return text


def declaration_line(declaration: Declaration, name: Namer) -> str:
    parties = []
    for party in declaration.parties:
        shown_party = _("{nation} since {year}").format(nation=name(party.nation), year=party.since)
        if party.notice is not None:
            shown_party += ", " + _("notice given in {year} (free from {free})").format(
                year=party.notice, free=party.notice + 2
            )
        parties.append(shown_party)
    kind = declaration_kind(declaration.kind)
    return f'    {declaration.id} {kind} — {"; ".join(parties)}: "{declaration.text.strip()}"'


def conference_lines(conference: Conference, name: Namer) -> list[str]:
    if conference.voted is not None:
        status = _("voted in {year}").format(year=conference.voted)
    elif conference.dissolved is not None:
        status = _("dissolved in {year}").format(year=conference.dissolved)
    else:
        status = _("open")
    participants = names(name, sorted(conference.participants)) or _("none yet")
    conveners = names(name, list(conference.conveners))
    first = "    " + _(
        '{id} on "{topic}", convened by {conveners} from {year} ({status});'
        " participants: {participants}"
    ).format(
        id=conference.id,
        topic=conference.topic.strip(),
        conveners=conveners,
        year=conference.start,
        status=status,
        participants=participants,
    )
    return [first] + [
        "      "
        + _("{id} by {nation}: {text}").format(id=p.id, nation=name(p.author), text=p.text.strip())
        for p in conference.proposals
    ]


def resolution_line(resolution: Resolution, name: Namer) -> str:
    text = "    " + _("{id} (conference {conference}), adopted {year}; binds {nations}").format(
        id=resolution.id,
        conference=resolution.conference,
        year=resolution.adopted,
        nations=names(name, sorted(resolution.binds)),
    )
    if resolution.consequences:
        text += "; " + _("leaving: {consequences}").format(consequences=resolution.consequences)
    return text


def vassal_line(vassalage: Vassalage, name: Namer) -> str:
    tribute = _("tributary") if vassalage.tributary else _("no tribute")
    text = "    " + _("{vassal} → {patron} since {year}, {tribute}").format(
        vassal=name(vassalage.vassal),
        patron=name(vassalage.patron),
        year=vassalage.since,
        tribute=tribute,
    )
    if vassalage.forgiven_cycles:
        cycles = ", ".join(str(c) for c in sorted(vassalage.forgiven_cycles))
        text += ", " + _("forgiven cycles: {cycles}").format(cycles=cycles)
    if vassalage.declared_independence is not None:
        text += ", " + _("independence declared in {year}").format(
            year=vassalage.declared_independence
        )
    return text


def war_lines(
    politics: Politics, war: Conflict, year: int, name: Namer, sheets: Mapping[str, Nation]
) -> list[str]:
    first, second = pair_of(war)
    out = [
        "    "
        + _("{first} – {second}: at war since {year} (O-204)").format(
            first=name(first), second=name(second), year=war.started
        )
    ]
    for nation in (first, second):
        fronts = fronts_of(politics, nation, year, sheets)
        text = "      " + _("{nation}: fronts {fronts}, capacity {capacity}").format(
            nation=name(nation), fronts=fronts_text(fronts.total), capacity=fronts.capacity
        )
        if fronts.allies:
            text += " + " + _("{n} allied ({nations})").format(
                n=len(fronts.allies), nations=names(name, list(fronts.allies))
            )
        if fronts.fatigue:
            text += "; " + _("war fatigue +{value} on war medidas (O-208)").format(
                value=fronts.fatigue
            )
        out.append(text)
    return out


def hostility_line(conflict: Conflict, name: Namer) -> str:
    first, second = pair_of(conflict)
    text = "    " + ngettext(
        "{first} – {second}: {n} turn of clashes in a row (war at 3, O-204)",
        "{first} – {second}: {n} turns of clashes in a row (war at 3, O-204)",
        conflict.hostile,
    ).format(first=name(first), second=name(second), n=conflict.hostile)
    if conflict.declared:
        text += "; " + _("war declared (symbolic without hostilities, O-205)")
    return text


def civil_war_line(civil: CivilWar, name: Namer) -> str:
    meter = ", ".join(f"{f} {civil.supremacy[f]}" for f in civil.factions)
    return "    " + _("{nation} since {year}: Supremacy {meter} (O-219)").format(
        nation=name(civil.nation), year=civil.started, meter=meter
    )


def organisation_line(org: Organisation, name: Namer) -> str:
    text = "    " + _("{name} ({id}): members {members}").format(
        name=org.name, id=org.id, members=names(name, list(org.members))
    )
    if org.leader is not None:
        text += "; " + _("Leader {nation}").format(nation=name(org.leader))
        if org.term_end is not None:
            text += " " + _("until {year}").format(year=org.term_end)
    else:
        text += "; " + _("no Leader yet")
    if org.schism is not None:
        text += "; " + _("in schism since {year}, rival Leader {nation}").format(
            year=org.schism.started, nation=name(org.schism.rival)
        )
    return text


def grievance_line(grievance: OffensiveBonus, name: Namer) -> str:
    return "    " + _(
        "{nation}: {value} on its offensive medidas {first}..{until} (O-196, AMB-46)"
    ).format(
        nation=name(grievance.nation),
        value=grievance.value,
        first=grievance.first,
        until=grievance.until,
    )


def bloc_line(bloc: Bloc, name: Namer) -> str:
    text = "    " + _("{id}: members {members}").format(
        id=bloc.id, members=names(name, sorted(bloc.members))
    )
    for nation in sorted(bloc.suspended):
        text += "; " + _("{nation} suspended until {year} (O-278)").format(
            nation=name(nation), year=bloc.suspended[nation]
        )
    return text


def lejania_line(penalty: LejaniaPenalty, name: Namer) -> str:
    value = f"+{penalty.value}" if penalty.value is not None else _("value to be set by the GM")
    return "    " + _(
        "{nation} ⇄ {toward}: Lejanía {value} {first}..{until} ({source}, O-277)"
    ).format(
        nation=name(penalty.nation),
        toward=names(name, sorted(penalty.toward)),
        value=value,
        first=penalty.first,
        until=penalty.until,
        source=tr(penalty.source),
    )


def registry_lines(
    politics: Politics, year: int, name: Namer, sheets: Mapping[str, Nation] | None = None
) -> list[str]:
    """The public registry (O-237, O-248), or nothing when it is empty."""
    s = shown(politics, year)
    if s.empty:
        return []
    out = ["", _("Registry (O-237, O-248):")]
    rebellions = [
        "    " + _("in {nation} since {year}").format(nation=name(r.nation), year=r.since)
        for r in s.rebellions
    ]
    parts: list[tuple[str, list[str]]] = [
        (N_("Treaties in force (O-244, O-245)"), [treaty_line(t, year, name) for t in s.treaties]),
        (N_("Open offers (O-238)"), [offer_line(o, name) for o in s.offers]),
        (N_("Declarations (O-248, O-250)"), [declaration_line(d, name) for d in s.declarations]),
        (N_("Conferences (O-259)"), [x for c in s.conferences for x in conference_lines(c, name)]),
        (N_("Resolutions (O-271)"), [resolution_line(r, name) for r in s.resolutions]),
        (N_("Vassals (O-185)"), [vassal_line(v, name) for v in s.vassalages]),
        (N_("Wars"), [x for w in s.wars for x in war_lines(politics, w, year, name, sheets or {})]),
        (N_("Hostilities, not yet war (O-202)"), [hostility_line(c, name) for c in s.hostilities]),
        (N_("Civil wars"), [civil_war_line(c, name) for c in s.civil_wars]),
        (N_("Rebellions (O-225)"), rebellions),
        (N_("Organisations (O-281)"), [organisation_line(o, name) for o in s.organisations]),
        (
            N_("Epochs declared (O-296)"),
            ["    " + ", ".join(str(y) for y in s.epochs)] if s.epochs else [],
        ),
        (N_("Grievances (O-196)"), [grievance_line(g, name) for g in s.grievances]),
        (N_("Blocs (O-259, O-278)"), [bloc_line(b, name) for b in s.blocs]),
        (N_("Lejanía penalties (O-277)"), [lejania_line(p, name) for p in s.lejania]),
    ]
    for title, lines in parts:
        if lines:
            out += [f"  {_(title)}:", *lines]
    return out


def public_politics_lines(turn: OrbisTurnReport) -> list[str]:
    """The political block of the public text report (empty when none)."""
    year_politics = turn.resolution.politics
    if year_politics is None or not has_politics(turn):
        return []
    out: list[str] = []
    if year_politics.answers:
        out += ["", _("Political lines:")]
        out += [answer_line(a, turn.name) for a in year_politics.answers]
    if year_politics.notes:
        out += ["", _("Politics this year:")] + [f"  {tr(note)}" for note in year_politics.notes]
    politics = turn.resolution.state.politics
    return out + registry_lines(politics, turn.year, turn.name, sheets_of(turn))


# --- the private part (text and JSON) ---------------------------------------------------------------


def secret_lines(turn: OrbisTurnReport, nation_id: str) -> list[str]:
    """What only `nation_id` may read: its private notes, the rebellions it
    backs and the backers it discovered (O-231)."""
    year_politics = turn.resolution.politics
    if year_politics is None:
        return []
    politics = turn.resolution.state.politics
    out = [f"  {tr(note)}" for note in year_politics.private_notes.get(nation_id, ())]
    for rebellion in backed(politics, nation_id):
        if nation_id in rebellion.discovered:
            said = _("You back the rebellion in {nation} since {year} (discovered by it) (O-231)")
        else:
            said = _("You back the rebellion in {nation} since {year} (O-231)")
        out.append("  " + said.format(nation=turn.name(rebellion.nation), year=rebellion.since))
    for rebellion in discovered_at_home(politics, nation_id):
        who = names(turn.name, sorted(rebellion.discovered))
        out.append(
            "  "
            + _("The rebellion in your land since {year} is backed by {nations} (O-231)").format(
                year=rebellion.since, nations=who
            )
        )
    return out


def private_politics_lines(turn: OrbisTurnReport, nation_id: str) -> list[str]:
    """The political block of `nation_id`'s private report (empty when none)."""
    year_politics = turn.resolution.politics
    if year_politics is None:
        return []
    out: list[str] = []
    answers = own_answers(year_politics, nation_id)
    if answers:
        out += ["", _("Your political lines:")] + [answer_line(a, turn.name) for a in answers]
    secrets = secret_lines(turn, nation_id)
    if secrets:
        out += ["", _("Secret (only you):"), *secrets]
    return out


def private_politics_dict(turn: OrbisTurnReport, nation_id: str) -> dict[str, Any]:
    """The keys a private JSON gains: the nation's own answers, its secret
    notes, the rebellions it backs and the backers it discovered (O-231);
    none when the year has no politics for it."""
    year_politics = turn.resolution.politics
    if year_politics is None:
        return {}
    politics = turn.resolution.state.politics
    answers = own_answers(year_politics, nation_id)
    notes = year_politics.private_notes.get(nation_id, ())
    backs = backed(politics, nation_id)
    found = discovered_at_home(politics, nation_id)
    if not (answers or notes or backs or found):
        return {}
    return {
        "political_lines": [answer_dict(a) for a in answers],
        "secret": {
            "notes": list(notes),
            "backs": [
                {"nation": r.nation, "since": r.since, "discovered": nation_id in r.discovered}
                for r in backs
            ],
            "discovered_backers": [
                {"since": r.since, "backers": sorted(r.discovered)} for r in found
            ],
        },
    }
