"""The state file's records of declarations, conferences, resolutions and
organisations (`politics.codec`): each record to plain data and back.

Declaration with its parties, notices and penalty (O-248 .. O-255),
Conference with its proposals (O-257 .. O-270; its bloc, O-259),
Resolution (O-271, O-272), Organisation with its statute, Leader and schism
(O-279 .. O-294). Enums by their value, sets as sorted lists, ordered tuples
in their order, fields at their default left out.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.orbis.politics.codec_read import Fields, lean, name, text, wrap
from adjudicator.rulesets.orbis.politics.codec_treaties import penalty_from_dict, penalty_to_dict
from adjudicator.rulesets.orbis.politics.conferences import Conference, Proposal, Resolution
from adjudicator.rulesets.orbis.politics.declarations import (
    Declaration,
    DeclarationKind,
    Party,
)
from adjudicator.rulesets.orbis.politics.organisations import (
    Approval,
    Election,
    Organisation,
    Schism,
    Statute,
    Term,
    problems,
)
from adjudicator.rulesets.orbis.words import joined
from texts import T_

__all__ = [
    "conference_from_dict",
    "conference_to_dict",
    "declaration_from_dict",
    "declaration_to_dict",
    "organisation_from_dict",
    "organisation_to_dict",
    "resolution_from_dict",
    "resolution_to_dict",
]


# --- declarations (O-248 .. O-255) -------------------------------------------------------


def _party_to_dict(p: Party) -> dict[str, Any]:
    data = {
        "nation": p.nation,
        "since": p.since,
        "notice": p.notice,
        "reservations": list(p.reservations),
    }
    return lean(data, notice=None, reservations=[])


def _party_from_dict(data: Any, path: str) -> Party:
    f = Fields(data, path, ("nation", "since"), ("notice", "reservations"))
    reservations = tuple(text(item, at) for at, item in f.items("reservations"))
    return Party(f.name("nation"), f.integer("since"), f.opt_int("notice"), reservations)


def declaration_to_dict(d: Declaration) -> dict[str, Any]:
    data = {
        "id": d.id,
        "text": d.text,
        "kind": d.kind.value,
        "parties": [_party_to_dict(p) for p in d.parties],
        "penalty": penalty_to_dict(d.penalty),
        "reasonable": d.reasonable,
        "broken": d.broken,
        "broken_by": d.broken_by,
        "similar_to": d.similar_to,
        "reassumes": d.reassumes,
    }
    return lean(
        data,
        penalty=None,
        reasonable=True,
        broken=None,
        broken_by=None,
        similar_to=None,
        reassumes=None,
    )


def declaration_from_dict(data: Any, path: str) -> Declaration:
    f = Fields(
        data,
        path,
        ("id", "text", "kind", "parties"),
        ("penalty", "reasonable", "broken", "broken_by", "similar_to", "reassumes"),
    )
    parties = tuple(_party_from_dict(item, at) for at, item in f.items("parties"))
    return wrap(
        path,
        lambda: Declaration(
            f.name("id"),
            f.text("text"),
            f.choice("kind", DeclarationKind),
            parties,
            penalty_from_dict(f.raw("penalty"), f.at("penalty")),
            f.flag("reasonable", True),
            f.opt_int("broken"),
            f.opt_name("broken_by"),
            f.opt_name("similar_to"),
            f.opt_name("reassumes"),
        ),
    )


# --- conferences and resolutions (O-257 .. O-272) ----------------------------------------


def _proposal_to_dict(p: Proposal) -> dict[str, Any]:
    return lean({"id": p.id, "author": p.author, "tabled": p.tabled, "text": p.text}, text="")


def conference_to_dict(c: Conference) -> dict[str, Any]:
    data = {
        "id": c.id,
        "conveners": list(c.conveners),
        "topic": c.topic,
        "start": c.start,
        "participants": sorted(c.participants),
        "invitees": sorted(c.invitees),
        "accepting": sorted(c.accepting),
        "withdrawn": sorted(c.withdrawn),
        "proposals": [_proposal_to_dict(p) for p in c.proposals],
        "alternatives": c.alternatives,
        "include_vassals": c.include_vassals,
        "others_may_propose": c.others_may_propose,
        "dissolved": c.dissolved,
        "voted": c.voted,
    }
    return lean(
        data,
        participants=[],
        invitees=[],
        accepting=[],
        withdrawn=[],
        proposals=[],
        alternatives=False,
        include_vassals=True,
        others_may_propose=False,
        dissolved=None,
        voted=None,
    )


_SETS = ("participants", "invitees", "accepting", "withdrawn")


def conference_from_dict(data: Any, path: str) -> Conference:
    f = Fields(
        data,
        path,
        ("id", "conveners", "topic", "start"),
        (
            *_SETS,
            "proposals",
            "alternatives",
            "include_vassals",
            "others_may_propose",
            "dissolved",
            "voted",
        ),
    )
    proposals = []
    for at, item in f.items("proposals"):
        p = Fields(item, at, ("id", "author", "tabled"), ("text",))
        proposals.append(
            Proposal(p.name("id"), p.name("author"), p.integer("tabled"), p.text("text"))
        )
    participants, invitees, accepting, withdrawn = (f.name_set(key) for key in _SETS)
    return wrap(
        path,
        lambda: Conference(
            f.name("id"),
            f.names("conveners"),
            f.text("topic"),
            f.integer("start"),
            participants,
            invitees,
            accepting,
            withdrawn,
            tuple(proposals),
            f.flag("alternatives", False),
            f.flag("include_vassals", True),
            f.flag("others_may_propose", False),
            f.opt_int("dissolved"),
            f.opt_int("voted"),
        ),
    )


def resolution_to_dict(r: Resolution) -> dict[str, Any]:
    data = {
        "id": r.id,
        "conference": r.conference,
        "proposal": r.proposal,
        "adopted": r.adopted,
        "binds": sorted(r.binds),
        "supporters": sorted(r.supporters),
        "consequences": r.consequences,
    }
    return lean(data, binds=[], supporters=[], consequences=None)


def resolution_from_dict(data: Any, path: str) -> Resolution:
    f = Fields(
        data,
        path,
        ("id", "conference", "proposal", "adopted"),
        ("binds", "supporters", "consequences"),
    )
    return Resolution(
        f.name("id"),
        f.name("conference"),
        f.name("proposal"),
        f.integer("adopted"),
        f.name_set("binds"),
        f.name_set("supporters"),
        f.opt_text("consequences"),
    )


# --- organisations (O-279 .. O-294) ------------------------------------------------------

_DEFAULT_STATUTE = Statute()


def _statute_to_dict(s: Statute) -> dict[str, Any]:
    data = {
        "election": s.election.value,
        "term": s.term.value,
        "fixed_years": s.fixed_years,
        "reelection": s.reelection,
        "electors": sorted(s.electors),
        "rotation": list(s.rotation),
        "admission": sorted(a.value for a in s.admission),
        "controls_territory": s.controls_territory,
    }
    return lean(data, **_statute_defaults())


def _statute_defaults() -> dict[str, Any]:
    s = _DEFAULT_STATUTE
    return {
        "election": s.election.value,
        "term": s.term.value,
        "fixed_years": None,
        "reelection": True,
        "electors": [],
        "rotation": [],
        "admission": sorted(a.value for a in s.admission),
        "controls_territory": False,
    }


def _statute_from_dict(data: Any, path: str) -> Statute:
    f = Fields(data, path, (), tuple(_statute_defaults()))
    d = _DEFAULT_STATUTE
    admission = frozenset(f.choices("admission", Approval)) if "admission" in f.data else None
    return wrap(
        path,
        lambda: Statute(
            f.choice_or("election", Election, d.election),
            f.choice_or("term", Term, d.term),
            f.opt_int("fixed_years"),
            f.flag("reelection", True),
            f.name_set("electors"),
            f.names("rotation"),
            d.admission if admission is None else admission,
            f.flag("controls_territory", False),
        ),
    )


def _schism_to_dict(s: Schism | None) -> dict[str, Any] | None:
    if s is None:
        return None
    recognition = {k: s.recognition[k] for k in sorted(s.recognition)}
    return {"recognition": recognition, "rival": s.rival, "started": s.started}


def _schism_from_dict(data: Any, path: str) -> Schism | None:
    if data is None:
        return None
    f = Fields(data, path, ("started", "rival", "recognition"))
    recognition = {key: name(value, at) for key, at, value in f.table("recognition")}
    return Schism(f.integer("started"), f.name("rival"), recognition)


def organisation_to_dict(o: Organisation) -> dict[str, Any]:
    data = {
        "id": o.id,
        "name": o.name,
        "members": list(o.members),
        "founded": o.founded,
        "statute": _statute_to_dict(o.statute),
        "leader": o.leader,
        "term_end": o.term_end,
        "suspended": sorted(o.suspended),
        "below_since": o.below_since,
        "schism": _schism_to_dict(o.schism),
        "dissolved": o.dissolved,
    }
    return lean(
        data,
        statute={},
        leader=None,
        term_end=None,
        suspended=[],
        below_since=None,
        schism=None,
        dissolved=None,
    )


def organisation_from_dict(data: Any, path: str) -> Organisation:
    f = Fields(
        data,
        path,
        ("id", "name", "members", "founded"),
        ("statute", "leader", "term_end", "suspended", "below_since", "schism", "dissolved"),
    )
    statute = _statute_from_dict(f.raw("statute") or {}, f.at("statute"))
    schism = _schism_from_dict(f.raw("schism"), f.at("schism"))
    org = wrap(
        path,
        lambda: Organisation(
            f.name("id"),
            f.text("name"),
            f.names("members"),
            f.integer("founded"),
            statute,
            f.opt_name("leader"),
            f.opt_int("term_end"),
            f.name_set("suspended"),
            f.opt_int("below_since"),
            schism,
            f.opt_int("dissolved"),
        ),
    )
    found = problems(org)
    if found:
        raise ValueError(
            T_(
                "{path}: organisation {org}: {items} (O-279 .. O-294)",
                path=path,
                org=org.id,
                items=joined(found),
            )
        )
    return org
