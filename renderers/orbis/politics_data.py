"""Politics in the Orbis reports as data (rulebook 000 "Mapa y Estados" ..
"Épocas"; O-185 .. O-300): what the public registry shows and the JSON.

`shown` selects, in a fixed order, what the registry lists for the year just
resolved, from the politics after it (`resolution.state.politics`): treaties
and declarations in force in it (O-244, O-245, O-248, O-250), open offers
(O-238), conferences open or voted or dissolved in it (O-259), resolutions
(O-271), vassalages (O-185), wars and hostilities not yet war (O-202,
O-204), civil wars (O-219), rebellions WITHOUT their backers (O-231: secret),
active organisations (O-281), the epochs (O-296), the wronged vassals'
grievances (O-196, AMB-46), the blocs the GM acted on with their suspended
members (O-278) and the exclusions' Lejanía penalties (O-277), these last
two while in force or to come. `fronts_of` gives a
nation's fronts and war fatigue: the enemies it is at war with, each
weighted by the GM's `fronts` or `war.front_halves` (a vassal enemy a half,
O-209), capacity from the GM's `capacity` (O-211) plus one per ally, a nation
bound to it by an alliance in force and at war with one of its enemies
(O-212), as `politics.conditions` counts them; the fatigue shown is the one
its rolls carry.

The public JSON gains `political_lines`, `politics_notes` and `registry`
(nation ids, enum values; the private JSON's part is in
`renderers.orbis.politics`); the registry's `grievances`, `blocs` and
`lejania` only when not empty. Nothing is added when the year has no
politics (`has_politics`), so older reports stay byte-identical.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.politics.blocs import Bloc, LejaniaPenalty
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
from adjudicator.rulesets.orbis.politics.conditions import political_conditions
from adjudicator.rulesets.orbis.politics.conferences import Conference, Resolution
from adjudicator.rulesets.orbis.politics.declarations import Declaration
from adjudicator.rulesets.orbis.politics.organisations import Organisation
from adjudicator.rulesets.orbis.politics.outcome import LineAnswer, PoliticsYear
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import Offer, Treaty, TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import OffensiveBonus, Vassalage
from adjudicator.rulesets.orbis.politics.war import FREE_FRONTS, Conflict, front_halves
from adjudicator.rulesets.orbis.sheet import Nation
from orders.orbis.politics_model import (
    ConferenceLine,
    DeclarationLine,
    PoliticalLine,
    TreatyLine,
    VassalLine,
    VoteLine,
)

if TYPE_CHECKING:
    from renderers.orbis.report import OrbisTurnReport

Namer = Callable[[str | None], str]

ALLIANCE_KINDS = frozenset({TreatyKind.ALLIANCE})
"""Treaty kinds drawn and counted as alliances (O-212): the only one of
`TreatyKind` that binds parties to fight together."""


def natural(identifier: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key putting `T500-2` before `T500-10`."""
    parts = re.split(r"(\d+)", identifier)
    return tuple((1, int(p), "") if p.isdigit() else (0, 0, p) for p in parts if p)


# --- what the registry shows -------------------------------------------------


@dataclass(frozen=True)
class Fronts:
    """A nation's fronts in its wars (O-207 .. O-212, AMB-35): the weight of
    each enemy in halves, its capacity, its supporting allies, the fatigue."""

    nation: str
    halves: tuple[tuple[str, int], ...]
    capacity: int
    allies: tuple[str, ...]
    fatigue: int

    @property
    def total(self) -> int:
        return sum(h for _, h in self.halves)


@dataclass(frozen=True)
class Shown:
    """The public registry of one year, each part in a fixed order."""

    treaties: tuple[Treaty, ...] = ()
    offers: tuple[Offer, ...] = ()
    declarations: tuple[Declaration, ...] = ()
    conferences: tuple[Conference, ...] = ()
    resolutions: tuple[Resolution, ...] = ()
    vassalages: tuple[Vassalage, ...] = ()
    wars: tuple[Conflict, ...] = ()
    hostilities: tuple[Conflict, ...] = ()
    civil_wars: tuple[CivilWar, ...] = ()
    rebellions: tuple[Rebellion, ...] = ()
    organisations: tuple[Organisation, ...] = ()
    epochs: tuple[int, ...] = ()
    grievances: tuple[OffensiveBonus, ...] = ()
    blocs: tuple[Bloc, ...] = ()
    lejania: tuple[LejaniaPenalty, ...] = ()

    @property
    def empty(self) -> bool:
        return not any(getattr(self, f.name) for f in fields(self))


def pair_of(conflict: Conflict) -> tuple[str, str]:
    first, second = sorted(conflict.nations)
    return first, second


def _conference_shown(conference: Conference, year: int) -> bool:
    return conference.open or year in (conference.voted, conference.dissolved)


def shown(politics: Politics, year: int) -> Shown:
    """What the public registry lists for `year` (see the module docstring)."""
    conflicts = sorted(politics.conflicts, key=pair_of)
    return Shown(
        treaties=tuple(sorted(politics.treaties.in_force(year), key=lambda t: natural(t.id))),
        offers=tuple(sorted(politics.treaties.open_offers(), key=lambda o: natural(o.id))),
        declarations=tuple(
            sorted(
                (d for d in politics.declarations if d.in_force(year)), key=lambda d: natural(d.id)
            )
        ),
        conferences=tuple(
            sorted(
                (c for c in politics.conferences if _conference_shown(c, year)),
                key=lambda c: natural(c.id),
            )
        ),
        resolutions=tuple(sorted(politics.resolutions, key=lambda r: natural(r.id))),
        vassalages=tuple(sorted(politics.vassalages, key=lambda v: (v.vassal, v.patron))),
        wars=tuple(c for c in conflicts if c.at_war),
        hostilities=tuple(c for c in conflicts if not c.at_war and (c.hostile or c.declared)),
        civil_wars=tuple(sorted(politics.civil_wars, key=lambda c: c.nation)),
        rebellions=tuple(sorted(politics.rebellions, key=lambda r: (r.nation, r.since))),
        organisations=tuple(
            sorted((o for o in politics.organisations if o.active), key=lambda o: natural(o.id))
        ),
        epochs=tuple(sorted(politics.epochs)),
        grievances=tuple(
            sorted(
                (g for g in politics.grievances if g.until >= year),
                key=lambda g: (g.nation, g.first, g.source),
            )
        ),
        blocs=tuple(sorted(politics.blocs, key=lambda b: natural(b.id))),
        lejania=tuple(
            sorted(
                (p for p in politics.lejania if p.until >= year),
                key=lambda p: (p.nation, p.first, p.source),
            )
        ),
    )


def allies_of(politics: Politics, nation: str, year: int) -> tuple[str, ...]:
    """The nations bound to `nation` by an alliance in force in `year` that
    are at war with one of its enemies (O-212; see the module docstring)."""
    wars = [c for c in politics.conflicts if c.at_war]
    enemies = {n for c in wars if nation in c.nations for n in c.nations if n != nation}
    partners = {
        p
        for t in politics.treaties.in_force(year)
        if t.kind in ALLIANCE_KINDS and nation in t.parties
        for p in t.parties
        if p != nation
    }
    return tuple(
        sorted(
            p
            for p in partners
            if any(frozenset((p, e)) in {c.nations for c in wars} for e in enemies)
        )
    )


def _weight(politics: Politics, sheets: Mapping[str, Nation], nation: str, enemy: str) -> int:
    """An enemy's weight in halves (O-209, O-210): the GM's, else half a
    front for a vassal (its record or its sheet), else a full front."""
    given = politics.fronts.get((nation, enemy))
    if given is not None and given > 0:
        return given
    sheet = sheets.get(enemy)
    vassal = politics.patron(enemy) is not None or (
        sheet is not None and sheet.vassal_of is not None
    )
    return front_halves(enemy, vassal=vassal)


def fronts_of(
    politics: Politics, nation: str, year: int, sheets: Mapping[str, Nation] | None = None
) -> Fronts:
    """`nation`'s fronts and war fatigue (O-207 .. O-212, AMB-35); the
    fatigue is the "fatiga de guerra" the rolls carry
    (`politics.conditions.political_conditions`, on a war medida)."""
    known = sheets or {}
    enemies = sorted(
        n
        for c in politics.conflicts
        if c.at_war and nation in c.nations
        for n in c.nations
        if n != nation
    )
    halves = tuple((enemy, _weight(politics, known, nation, enemy)) for enemy in enemies)
    capacity = politics.capacity.get(nation, FREE_FRONTS)
    allies = allies_of(politics, nation, year)
    conditions = political_conditions(politics, known, nation, Statistic.OFENSIVA, None, year)
    return Fronts(nation, halves, capacity, allies, conditions.get("fatiga de guerra", 0))


def sheets_of(turn: OrbisTurnReport) -> dict[str, Nation]:
    """The nations after the year, by id."""
    return {n.id: n for n in turn.resolution.state.nations}


def has_politics(turn: OrbisTurnReport) -> bool:
    """Whether the public report has anything political to show."""
    year_politics = turn.resolution.politics
    if year_politics is None:
        return False
    if year_politics.answers or year_politics.notes:
        return True
    return not shown(turn.resolution.state.politics, turn.year).empty


# --- small pieces shared with the text ----------------------------------------


LINE_WORDS = {
    TreatyLine: "Tratado",
    DeclarationLine: "Declaración",
    ConferenceLine: "Conferencia",
    VoteLine: "Voto",
    VassalLine: "Vasallo",
}


def line_text(line: PoliticalLine) -> str:
    """The line as written; without its source, its keyword, act and reference."""
    if line.source is not None and line.source.text.strip():
        return line.source.text.strip()
    act = getattr(line, "act", None)
    words = [LINE_WORDS[type(line)] + ":", str(act) if act is not None else ""]
    ref = getattr(line, "ref", None)
    return " ".join(w for w in (*words, ref or "") if w)


def own_answers(year_politics: PoliticsYear, nation_id: str) -> tuple[LineAnswer, ...]:
    return tuple(a for a in year_politics.answers if a.line.power == nation_id)


def backed(politics: Politics, nation_id: str) -> tuple[Rebellion, ...]:
    """The rebellions `nation_id` backs (O-231), secret from everyone else."""
    found = (r for r in politics.rebellions if nation_id in r.backers)
    return tuple(sorted(found, key=lambda r: (r.nation, r.since)))


def discovered_at_home(politics: Politics, nation_id: str) -> tuple[Rebellion, ...]:
    """The nation's own rebellions whose backers it discovered (O-231)."""
    return tuple(r for r in politics.rebellions if r.nation == nation_id and r.discovered)


# --- JSON ---------------------------------------------------------------------


def answer_dict(answer: LineAnswer) -> dict[str, Any]:
    source = answer.line.source
    return {
        "nation": answer.line.power,
        "file": source.file if source is not None else None,
        "line": source.line if source is not None else None,
        "text": line_text(answer.line),
        "accepted": answer.accepted,
        "words": answer.words,
    }


def treaty_dict(treaty: Treaty, year: int) -> dict[str, Any]:
    penalty = treaty.penalty
    return {
        "id": treaty.id,
        "kind": treaty.kind.value,
        "parties": list(treaty.parties),
        "terms": treaty.terms,
        "modifiers": [
            {
                "holder": m.holder,
                "attribute": m.attribute.value,
                "value": m.value,
                "toward": m.toward,
            }
            for m in treaty.modifiers
        ],
        "penalty": (
            {"value": penalty.value, "years": penalty.years} if penalty is not None else None
        ),
        "signed": treaty.signed,
        "last_year": treaty.last_year,
        "years_left": treaty.last_year - year,
    }


def conference_dict(conference: Conference) -> dict[str, Any]:
    return {
        "id": conference.id,
        "conveners": list(conference.conveners),
        "topic": conference.topic,
        "start": conference.start,
        "participants": sorted(conference.participants),
        "invitees": sorted(conference.invitees),
        "proposals": [
            {"id": p.id, "author": p.author, "tabled": p.tabled, "text": p.text}
            for p in conference.proposals
        ],
        "open": conference.open,
        "voted": conference.voted,
        "dissolved": conference.dissolved,
    }


def war_dict(
    politics: Politics, war: Conflict, year: int, sheets: Mapping[str, Nation]
) -> dict[str, Any]:
    fronts = {}
    for nation in pair_of(war):
        held = fronts_of(politics, nation, year, sheets)
        fronts[nation] = {
            "halves": dict(held.halves),
            "capacity": held.capacity,
            "allies": list(held.allies),
            "fatigue": held.fatigue,
        }
    return {"nations": list(pair_of(war)), "since": war.started, "fronts": fronts}


def penalties_dict(s: Shown) -> dict[str, Any]:
    """The registry's grievances (O-196), blocs (O-278) and Lejanía
    penalties (O-277), each key only when not empty."""
    data: dict[str, Any] = {
        "grievances": [
            {"nation": g.nation, "value": g.value, "first": g.first, "until": g.until}
            for g in s.grievances
        ],
        "blocs": [
            {
                "id": b.id,
                "members": sorted(b.members),
                "suspended": {n: b.suspended[n] for n in sorted(b.suspended)},
            }
            for b in s.blocs
        ],
        "lejania": [
            {
                "nation": p.nation,
                "toward": sorted(p.toward),
                "value": p.value,
                "first": p.first,
                "until": p.until,
                "source": p.source,
            }
            for p in s.lejania
        ],
    }
    return {key: value for key, value in data.items() if value}


def registry_dict(
    politics: Politics, year: int, sheets: Mapping[str, Nation] | None = None
) -> dict[str, Any]:
    """The public registry as plain data (no rebellion backers, O-231)."""
    s = shown(politics, year)
    return {
        "treaties": [treaty_dict(t, year) for t in s.treaties],
        "offers": [
            {
                "id": o.id,
                "from": o.sender,
                "to": o.to,
                "kind": o.kind.value,
                "terms": o.terms,
                "years": o.term_years,
            }
            for o in s.offers
        ],
        "declarations": [
            {
                "id": d.id,
                "kind": d.kind.value,
                "text": d.text,
                "parties": [
                    {"nation": p.nation, "since": p.since, "notice": p.notice} for p in d.parties
                ],
            }
            for d in s.declarations
        ],
        "conferences": [conference_dict(c) for c in s.conferences],
        "resolutions": [
            {
                "id": r.id,
                "conference": r.conference,
                "proposal": r.proposal,
                "adopted": r.adopted,
                "binds": sorted(r.binds),
                "consequences": r.consequences,
            }
            for r in s.resolutions
        ],
        "vassalages": [
            {
                "vassal": v.vassal,
                "patron": v.patron,
                "since": v.since,
                "tributary": v.tributary,
                "forgiven_cycles": sorted(v.forgiven_cycles),
            }
            for v in s.vassalages
        ],
        "wars": [war_dict(politics, w, year, sheets or {}) for w in s.wars],
        "hostilities": [
            {"nations": list(pair_of(c)), "turns": c.hostile, "declared": c.declared}
            for c in s.hostilities
        ],
        "civil_wars": [
            {
                "nation": c.nation,
                "incumbent": c.incumbent,
                "supremacy": dict(c.supremacy),
                "since": c.started,
            }
            for c in s.civil_wars
        ],
        "rebellions": [{"nation": r.nation, "since": r.since} for r in s.rebellions],
        "organisations": [
            {
                "id": o.id,
                "name": o.name,
                "members": list(o.members),
                "leader": o.leader,
                "term_end": o.term_end,
                "schism": (
                    {"since": o.schism.started, "rival": o.schism.rival}
                    if o.schism is not None
                    else None
                ),
            }
            for o in s.organisations
        ],
        "epochs": list(s.epochs),
        **penalties_dict(s),
    }


def public_politics_dict(turn: OrbisTurnReport) -> dict[str, Any]:
    """The keys the public JSON gains (none when the year has no politics)."""
    year_politics = turn.resolution.politics
    if year_politics is None or not has_politics(turn):
        return {}
    return {
        "political_lines": [answer_dict(a) for a in year_politics.answers],
        "politics_notes": list(year_politics.notes),
        "registry": registry_dict(turn.resolution.state.politics, turn.year, sheets_of(turn)),
    }
