"""The state file's treaties and offers (`politics.codec`): each record to
plain data and back.

Treaty and Offer (O-237 .. O-241) with their modifiers between signatories
(O-244), their breaking penalty (O-242 .. O-246; shared with declarations,
O-252), term (O-245, AMB-39: a treaty's term is 1..20), reservations
(O-255) and the breaches of parties who left. Enums by their value, ordered
tuples in their order, fields at their default left out.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.politics.codec_read import Fields, lean, wrap
from adjudicator.rulesets.orbis.politics.declarations import EVERY_ROLL, Penalty
from adjudicator.rulesets.orbis.politics.treaties import (
    TERM_DEFAULT,
    TERM_MAX,
    AdhesionRule,
    Offer,
    OfferState,
    Treaty,
    TreatyEnd,
    TreatyKind,
    TreatyModifier,
)
from texts import T_

__all__ = [
    "offer_from_dict",
    "offer_to_dict",
    "penalty_from_dict",
    "penalty_to_dict",
    "treaty_from_dict",
    "treaty_to_dict",
]


# --- treaties (O-237 .. O-247, O-255) ----------------------------------------------------


def penalty_to_dict(p: Penalty | None) -> dict[str, Any] | None:
    if p is None:
        return None
    data = {"value": p.value, "years": p.years, "attributes": [a.value for a in p.attributes]}
    return lean(data, attributes=[a.value for a in EVERY_ROLL])


def penalty_from_dict(data: Any, path: str) -> Penalty | None:
    if data is None:
        return None
    f = Fields(data, path, ("value", "years"), ("attributes",))
    attributes = f.choices("attributes", Attribute) if "attributes" in f.data else EVERY_ROLL
    return wrap(path, lambda: Penalty(f.integer("value"), f.integer("years"), attributes))


def _modifier_to_dict(m: TreatyModifier) -> dict[str, Any]:
    data = {
        "holder": m.holder,
        "attribute": m.attribute.value,
        "value": m.value,
        "toward": m.toward,
    }
    return lean(data, toward=None)


def _modifiers_from(f: Fields) -> tuple[TreatyModifier, ...]:
    found: list[TreatyModifier] = []
    for at, item in f.items("modifiers"):
        m = Fields(item, at, ("holder", "attribute", "value"), ("toward",))
        found.append(
            TreatyModifier(
                m.name("holder"),
                m.choice("attribute", Attribute),
                m.integer("value"),
                m.opt_name("toward"),
            )
        )
    return tuple(found)


def _terms_common(kind: TreatyKind, t: Treaty | Offer) -> dict[str, Any]:
    return {
        "terms": t.terms,
        "kind": kind.value,
        "modifiers": [_modifier_to_dict(m) for m in t.modifiers],
        "penalty": penalty_to_dict(t.penalty),
        "adhesion_rule": t.adhesion_rule.value,
        "patron": t.patron,
        "similar": t.similar,
    }


_COMMON_DEFAULTS: dict[str, Any] = {
    "modifiers": [],
    "penalty": None,
    "adhesion_rule": AdhesionRule.ALL.value,
    "patron": None,
    "similar": False,
}
_COMMON_KEYS = ("modifiers", "penalty", "adhesion_rule", "patron", "similar")


def treaty_to_dict(t: Treaty) -> dict[str, Any]:
    data = {
        **_terms_common(t.kind, t),
        "id": t.id,
        "parties": list(t.parties),
        "signed": t.signed,
        "term_years": t.term_years,
        "reservations": [{"nation": n, "text": r} for n, r in t.reservations],
        "renewed": t.renewed,
        "breaches": [{"nation": n, "year": y} for n, y in t.breaches],
        "ended": t.ended,
        "end": None if t.end is None else t.end.value,
    }
    return lean(
        data,
        **_COMMON_DEFAULTS,
        term_years=TERM_DEFAULT,
        reservations=[],
        renewed=None,
        breaches=[],
        ended=None,
        end=None,
    )


def _term(f: Fields, default: int | None, most: int | None) -> int | None:
    if not f.has("term_years"):
        return default
    term = f.integer("term_years")
    if term < 1 or (most is not None and term > most):
        top = f"1..{most}" if most is not None else T_("1 or more")
        raise ValueError(
            T_(
                "{path}: expected a term of {top} years (O-245), got {term}",
                path=f.at("term_years"),
                top=top,
                term=term,
            )
        )
    return term


def treaty_from_dict(data: Any, path: str) -> Treaty:
    f = Fields(
        data,
        path,
        ("id", "parties", "terms", "kind", "signed"),
        (*_COMMON_KEYS, "term_years", "reservations", "renewed", "breaches", "ended", "end"),
    )
    reservations = []
    for at, item in f.items("reservations"):
        r = Fields(item, at, ("nation", "text"))
        reservations.append((r.name("nation"), r.text("text")))
    breaches = []
    for at, item in f.items("breaches"):
        b = Fields(item, at, ("nation", "year"))
        breaches.append((b.name("nation"), b.integer("year")))
    term = _term(f, TERM_DEFAULT, TERM_MAX)
    assert term is not None
    return wrap(
        path,
        lambda: Treaty(
            f.name("id"),
            f.names("parties"),
            f.text("terms"),
            f.choice("kind", TreatyKind),
            f.integer("signed"),
            term,
            _modifiers_from(f),
            penalty_from_dict(f.raw("penalty"), f.at("penalty")),
            f.choice_or("adhesion_rule", AdhesionRule, AdhesionRule.ALL),
            f.opt_name("patron"),
            f.flag("similar", False),
            tuple(reservations),
            f.opt_int("renewed"),
            tuple(breaches),
            f.opt_int("ended"),
            f.opt_choice("end", TreatyEnd),
        ),
    )


def offer_to_dict(o: Offer) -> dict[str, Any]:
    data = {
        **_terms_common(o.kind, o),
        "id": o.id,
        "sender": o.sender,
        "to": o.to,
        "year": o.year,
        "term_years": o.term_years,
        "answers": o.answers,
        "state": o.state.value,
    }
    return lean(
        data, **_COMMON_DEFAULTS, term_years=None, answers=None, state=OfferState.OPEN.value
    )


def offer_from_dict(data: Any, path: str) -> Offer:
    f = Fields(
        data,
        path,
        ("id", "sender", "to", "terms", "kind", "year"),
        (*_COMMON_KEYS, "term_years", "answers", "state"),
    )
    return wrap(
        path,
        lambda: Offer(
            f.name("id"),
            f.name("sender"),
            f.name("to"),
            f.text("terms"),
            f.choice("kind", TreatyKind),
            f.integer("year"),
            _term(f, None, None),
            _modifiers_from(f),
            penalty_from_dict(f.raw("penalty"), f.at("penalty")),
            f.choice_or("adhesion_rule", AdhesionRule, AdhesionRule.ALL),
            f.opt_name("patron"),
            f.flag("similar", False),
            f.opt_name("answers"),
            f.choice_or("state", OfferState, OfferState.OPEN),
        ),
    )
