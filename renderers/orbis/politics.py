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

if TYPE_CHECKING:
    from renderers.orbis.report import OrbisTurnReport

TREATY_KINDS: dict[TreatyKind, str] = {
    TreatyKind.PEACE: "paz",
    TreatyKind.NON_AGGRESSION: "no agresión",
    TreatyKind.CEASEFIRE: "alto el fuego",
    TreatyKind.NEUTRALITY_GUARANTEE: "garantía de neutralidad",
    TreatyKind.ALLIANCE: "alianza",
    TreatyKind.TRADE: "comercio",
    TreatyKind.VASSALAGE: "vasallaje",
    TreatyKind.OTHER: "otro",
}
"""The treaty kinds by their Spanish names, as the players write them."""
DECLARATION_KINDS: dict[DeclarationKind, str] = {
    DeclarationKind.NEUTRALITY: "neutralidad",
    DeclarationKind.OTHER: "otra",
}


def fronts_text(halves: int) -> str:
    """Halves of fronts as fronts: 3 → "1.5"."""
    return str(halves // 2) if halves % 2 == 0 else f"{halves / 2:.1f}"


def names(name: Namer, nations: tuple[str, ...] | list[str]) -> str:
    return ", ".join(name(n) for n in nations)


def modifier_text(treaty: Treaty, name: Namer) -> str:
    parts = []
    for m in treaty.modifiers:
        toward = name(m.toward) if m.toward is not None else "the other parties"
        parts.append(f"{name(m.holder)} {m.value:+d} {m.attribute.value} toward {toward}")
    return "; ".join(parts)


def answer_line(answer: LineAnswer, name: Namer) -> str:
    """`  <file>, line <n>: <the text> → done: <words>` (or refused)."""
    source = answer.line.source
    where = str(source) if source is not None else name(answer.line.power)
    verdict = "done" if answer.accepted else "refused"
    return f"  {where}: {line_text(answer.line)} → {verdict}: {answer.words}"


def treaty_line(treaty: Treaty, year: int, name: Namer) -> str:
    left = treaty.last_year - year
    text = (
        f"    {treaty.id} {TREATY_KINDS[treaty.kind]} — {names(name, list(treaty.parties))};"
        f" signed {treaty.signed}, in force through {treaty.last_year} ({left} more years)"
    )
    if treaty.terms.strip():
        text += f"; terms: {treaty.terms.strip()}"
    if treaty.modifiers:
        text += f"; modifiers: {modifier_text(treaty, name)}"
    if treaty.penalty is not None:
        text += f"; if broken +{treaty.penalty.value} for {treaty.penalty.years} years"
    return text


def offer_line(offer: Offer, name: Namer) -> str:
    text = (
        f"    {offer.id} from {name(offer.sender)} to {name(offer.to)}: {TREATY_KINDS[offer.kind]}"
    )
    if offer.term_years is not None:
        text += f" for {offer.term_years} years"
    if offer.terms.strip():
        text += f"; terms: {offer.terms.strip()}"
    return text


def declaration_line(declaration: Declaration, name: Namer) -> str:
    parties = []
    for party in declaration.parties:
        shown_party = f"{name(party.nation)} since {party.since}"
        if party.notice is not None:
            shown_party += f", notice given in {party.notice} (free from {party.notice + 2})"
        parties.append(shown_party)
    kind = DECLARATION_KINDS[declaration.kind]
    return f'    {declaration.id} {kind} — {"; ".join(parties)}: "{declaration.text.strip()}"'


def conference_lines(conference: Conference, name: Namer) -> list[str]:
    if conference.voted is not None:
        status = f"voted in {conference.voted}"
    elif conference.dissolved is not None:
        status = f"dissolved in {conference.dissolved}"
    else:
        status = "open"
    participants = names(name, sorted(conference.participants)) or "none yet"
    conveners = names(name, list(conference.conveners))
    first = (
        f'    {conference.id} on "{conference.topic.strip()}", convened by {conveners}'
        f" from {conference.start} ({status}); participants: {participants}"
    )
    return [first] + [
        f"      {p.id} by {name(p.author)}: {p.text.strip()}" for p in conference.proposals
    ]


def resolution_line(resolution: Resolution, name: Namer) -> str:
    text = (
        f"    {resolution.id} (conference {resolution.conference}), adopted {resolution.adopted};"
        f" binds {names(name, sorted(resolution.binds))}"
    )
    if resolution.consequences:
        text += f"; leaving: {resolution.consequences}"
    return text


def vassal_line(vassalage: Vassalage, name: Namer) -> str:
    tribute = "tributary" if vassalage.tributary else "no tribute"
    text = f"    {name(vassalage.vassal)} → {name(vassalage.patron)} since {vassalage.since}, {tribute}"
    if vassalage.forgiven_cycles:
        text += ", forgiven cycles: " + ", ".join(str(c) for c in sorted(vassalage.forgiven_cycles))
    if vassalage.declared_independence is not None:
        text += f", independence declared in {vassalage.declared_independence}"
    return text


def war_lines(
    politics: Politics, war: Conflict, year: int, name: Namer, sheets: Mapping[str, Nation]
) -> list[str]:
    first, second = pair_of(war)
    out = [f"    {name(first)} – {name(second)}: at war since {war.started} (O-204)"]
    for nation in (first, second):
        fronts = fronts_of(politics, nation, year, sheets)
        text = (
            f"      {name(nation)}: fronts {fronts_text(fronts.total)}, capacity {fronts.capacity}"
        )
        if fronts.allies:
            text += f" + {len(fronts.allies)} allied ({names(name, list(fronts.allies))})"
        if fronts.fatigue:
            text += f"; war fatigue +{fronts.fatigue} on war medidas (O-208)"
        out.append(text)
    return out


def hostility_line(conflict: Conflict, name: Namer) -> str:
    first, second = pair_of(conflict)
    turns = "1 turn" if conflict.hostile == 1 else f"{conflict.hostile} turns"
    text = f"    {name(first)} – {name(second)}: {turns} of clashes in a row (war at 3, O-204)"
    if conflict.declared:
        text += "; war declared (symbolic without hostilities, O-205)"
    return text


def civil_war_line(civil: CivilWar, name: Namer) -> str:
    meter = ", ".join(f"{f} {civil.supremacy[f]}" for f in civil.factions)
    return f"    {name(civil.nation)} since {civil.started}: Supremacy {meter} (O-219)"


def organisation_line(org: Organisation, name: Namer) -> str:
    text = f"    {org.name} ({org.id}): members {names(name, list(org.members))}"
    if org.leader is not None:
        text += f"; Leader {name(org.leader)}"
        if org.term_end is not None:
            text += f" until {org.term_end}"
    else:
        text += "; no Leader yet"
    if org.schism is not None:
        text += f"; in schism since {org.schism.started}, rival Leader {name(org.schism.rival)}"
    return text


def grievance_line(grievance: OffensiveBonus, name: Namer) -> str:
    return (
        f"    {name(grievance.nation)}: {grievance.value} on its offensive medidas"
        f" {grievance.first}..{grievance.until} (O-196, AMB-46)"
    )


def bloc_line(bloc: Bloc, name: Namer) -> str:
    text = f"    {bloc.id}: members {names(name, sorted(bloc.members))}"
    for nation in sorted(bloc.suspended):
        text += f"; {name(nation)} suspended until {bloc.suspended[nation]} (O-278)"
    return text


def lejania_line(penalty: LejaniaPenalty, name: Namer) -> str:
    value = f"+{penalty.value}" if penalty.value is not None else "value to be set by the GM"
    return (
        f"    {name(penalty.nation)} ⇄ {names(name, sorted(penalty.toward))}: Lejanía {value}"
        f" {penalty.first}..{penalty.until} ({penalty.source}, O-277)"
    )


def registry_lines(
    politics: Politics, year: int, name: Namer, sheets: Mapping[str, Nation] | None = None
) -> list[str]:
    """The public registry (O-237, O-248), or nothing when it is empty."""
    s = shown(politics, year)
    if s.empty:
        return []
    out = ["", "Registry (O-237, O-248):"]
    parts: list[tuple[str, list[str]]] = [
        ("Treaties in force (O-244, O-245)", [treaty_line(t, year, name) for t in s.treaties]),
        ("Open offers (O-238)", [offer_line(o, name) for o in s.offers]),
        ("Declarations (O-248, O-250)", [declaration_line(d, name) for d in s.declarations]),
        ("Conferences (O-259)", [x for c in s.conferences for x in conference_lines(c, name)]),
        ("Resolutions (O-271)", [resolution_line(r, name) for r in s.resolutions]),
        ("Vassals (O-185)", [vassal_line(v, name) for v in s.vassalages]),
        ("Wars", [x for w in s.wars for x in war_lines(politics, w, year, name, sheets or {})]),
        ("Hostilities, not yet war (O-202)", [hostility_line(c, name) for c in s.hostilities]),
        ("Civil wars", [civil_war_line(c, name) for c in s.civil_wars]),
        ("Rebellions (O-225)", [f"    in {name(r.nation)} since {r.since}" for r in s.rebellions]),
        ("Organisations (O-281)", [organisation_line(o, name) for o in s.organisations]),
        (
            "Epochs declared (O-296)",
            ["    " + ", ".join(str(y) for y in s.epochs)] if s.epochs else [],
        ),
        ("Grievances (O-196)", [grievance_line(g, name) for g in s.grievances]),
        ("Blocs (O-259, O-278)", [bloc_line(b, name) for b in s.blocs]),
        ("Lejanía penalties (O-277)", [lejania_line(p, name) for p in s.lejania]),
    ]
    for title, lines in parts:
        if lines:
            out += [f"  {title}:", *lines]
    return out


def public_politics_lines(turn: OrbisTurnReport) -> list[str]:
    """The political block of the public text report (empty when none)."""
    year_politics = turn.resolution.politics
    if year_politics is None or not has_politics(turn):
        return []
    out: list[str] = []
    if year_politics.answers:
        out += ["", "Political lines:"] + [answer_line(a, turn.name) for a in year_politics.answers]
    if year_politics.notes:
        out += ["", "Politics this year:"] + [f"  {note}" for note in year_politics.notes]
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
    out = [f"  {note}" for note in year_politics.private_notes.get(nation_id, ())]
    for rebellion in backed(politics, nation_id):
        known = " (discovered by it)" if nation_id in rebellion.discovered else ""
        out.append(
            f"  You back the rebellion in {turn.name(rebellion.nation)}"
            f" since {rebellion.since}{known} (O-231)"
        )
    for rebellion in discovered_at_home(politics, nation_id):
        who = names(turn.name, sorted(rebellion.discovered))
        out.append(
            f"  The rebellion in your land since {rebellion.since} is backed by {who} (O-231)"
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
        out += ["", "Your political lines:"] + [answer_line(a, turn.name) for a in answers]
    secrets = secret_lines(turn, nation_id)
    if secrets:
        out += ["", "Secret (only you):", *secrets]
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
