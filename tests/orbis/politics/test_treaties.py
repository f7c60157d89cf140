"""Treaties (rulebook 000 "Tratados y Declaraciones")."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import DOMINIO, Attribute, Statistic
from adjudicator.rulesets.orbis.modifiers import active
from adjudicator.rulesets.orbis.politics.declarations import Penalty
from adjudicator.rulesets.orbis.politics.treaties import (
    AdhesionRule,
    Offer,
    OfferState,
    Treaties,
    Treaty,
    TreatyEnd,
    TreatyKind,
    TreatyModifier,
    breaking_penalty,
    treaty_term,
)
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind

_K = TreatyKind


def _offer(
    oid: str = "o1",
    sender: str = "A",
    to: str = "B",
    kind: TreatyKind = _K.TRADE,
    year: int = 600,
    **kw: Any,
) -> Offer:
    return Offer(oid, sender, to, f"terms of {oid}", kind, year, **kw)


def _signed(kind: TreatyKind = _K.TRADE, year: int = 600, **kw: Any) -> tuple[Treaties, Treaty]:
    step = Treaties().offer(_offer(kind=kind, year=year, **kw)).accept("o1", "B", year)
    assert step.treaty is not None
    return step.registry, step.treaty


def _roll_penalty(records: tuple[Modifier, ...], statistic: Statistic, year: int) -> int:
    mods = active(records, year)
    return sum(m.value for m in mods if m.attribute in statistic.attributes)


# -- the offer protocol --


def test_accept_concludes_on_the_published_terms() -> None:
    """O-237, O-238, O-239: an offer states terms and mechanical effects; its
    acceptance makes a treaty on exactly those terms, between the two."""
    mod = TreatyModifier("A", Attribute.ECN, -4, "B")
    pen = Penalty(6, 4)
    offer = _offer(term_years=7, modifiers=(mod,), penalty=pen)
    step = Treaties().offer(offer).accept("o1", "B", 601, treaty_id="T1")
    t = step.treaty
    assert t is not None and step.done and step.notes == ()
    assert (t.id, t.parties, t.terms, t.kind, t.signed) == (
        "T1",
        ("A", "B"),
        "terms of o1",
        _K.TRADE,
        601,
    )
    assert (t.term_years, t.modifiers, t.penalty) == (7, (mod,), pen)
    assert step.registry.find_offer("o1").state is OfferState.ACCEPTED
    assert step.registry.open_offers() == ()


def test_only_the_recipient_concludes() -> None:
    """O-239: the other player accepts or rejects; the sender cannot accept
    its own offer, and a rejected offer cannot be accepted afterwards."""
    reg = Treaties().offer(_offer())
    with pytest.raises(ValueError, match="recipient"):
        reg.accept("o1", "A", 600)
    rejected = reg.reject("o1", "B")
    assert rejected.find_offer("o1").state is OfferState.REJECTED
    with pytest.raises(ValueError, match="rejected"):
        rejected.accept("o1", "B", 600)
    assert rejected.treaties == ()


def test_counter_offer_replaces_the_answered_offer() -> None:
    """O-240: the other may answer with its own offer; the exchange goes on
    (O-241) and the first sender may accept the counter-offer's terms."""
    reg = Treaties().offer(_offer())
    countered = reg.counter("o1", _offer("o2", "B", "A", term_years=5))
    assert countered.find_offer("o1").state is OfferState.COUNTERED
    assert countered.find_offer("o2").answers == "o1"
    with pytest.raises(ValueError, match="countered"):
        countered.accept("o1", "B", 600)
    with pytest.raises(ValueError, match="back to"):
        reg.counter("o1", _offer("o2", "B", "C"))
    with pytest.raises(ValueError, match="recipient"):
        reg.counter("o1", _offer("o2", "A", "B"))
    third = countered.counter("o2", _offer("o3", "A", "B", term_years=6))
    step = third.accept("o3", "B", 601)
    assert step.treaty is not None and step.treaty.term_years == 6
    assert step.treaty.terms == "terms of o3"


def test_withdrawal_ends_the_negotiation() -> None:
    """O-241: the process ends when one withdraws its offer before the other
    concludes; only the sender withdraws, and not after a conclusion."""
    reg = Treaties().offer(_offer())
    with pytest.raises(ValueError, match="sender"):
        reg.withdraw("o1", "B")
    gone = reg.withdraw("o1", "A")
    assert gone.find_offer("o1").state is OfferState.WITHDRAWN
    with pytest.raises(ValueError, match="withdrawn"):
        gone.accept("o1", "B", 600)
    done = reg.accept("o1", "B", 600).registry
    with pytest.raises(ValueError, match="accepted"):
        done.withdraw("o1", "A")


def test_one_open_negotiation_per_pair() -> None:
    """O-241: while an offer is open between two nations the next move is a
    counter-offer or a withdrawal, not a second parallel offer."""
    reg = Treaties().offer(_offer())
    with pytest.raises(ValueError, match="already open"):
        reg.offer(_offer("o2", "B", "A"))
    with pytest.raises(ValueError, match="another nation"):
        Treaties().offer(_offer(to="A"))
    assert len(reg.offer(_offer("o2", "A", "C")).open_offers()) == 2


# -- term --


def test_default_term_is_ten_years() -> None:
    """O-245: no term agreed → 10 years: signed in 600, in force 600..609."""
    reg, t = _signed()
    assert t.term_years == 10 and t.last_year == 609
    assert t.in_force(600) and t.in_force(609) and not t.in_force(610)
    assert not t.in_force(599)
    assert reg.expire(609).treaty(t.id).ended is None
    ended = reg.expire(610).treaty(t.id)
    assert (ended.ended, ended.end) == (610, TreatyEnd.EXPIRED)
    assert reg.expire(610).in_force(610) == ()
    assert reg.expire(610).in_force(609) == (reg.expire(610).treaty(t.id),)


def test_term_above_twenty_recorded_as_twenty() -> None:
    """O-245, AMB-39: a term above 20 years is recorded as 20, with a
    warning; 20 itself passes silently; a Treaty record refuses 21."""
    step = Treaties().offer(_offer(term_years=35)).accept("o1", "B", 600)
    assert step.treaty is not None and step.treaty.term_years == 20
    assert step.treaty.last_year == 619
    assert len(step.notes) == 1 and "AMB-39" in step.notes[0] and "35" in step.notes[0]
    assert treaty_term(20) == (20, ())
    assert treaty_term(None) == (10, ())
    with pytest.raises(ValueError):
        treaty_term(0)
    with pytest.raises(ValueError, match="term"):
        Treaty("x", ("A", "B"), "t", _K.TRADE, 600, 21)


def test_renewal() -> None:
    """O-245: treaties may be renewed: a new term from the renewal year, with
    every party's approval, again at most 20 (AMB-39)."""
    reg, t = _signed()
    refused = reg.renew(t.id, 608, {"A"})
    assert not refused.done and refused.registry is reg
    step = reg.renew(t.id, 608, {"A", "B"}, term_years=30)
    assert step.treaty is not None and step.treaty.last_year == 627
    assert "AMB-39" in step.notes[0]
    assert step.registry.treaty(t.id).in_force(620)
    with pytest.raises(ValueError, match="not in force"):
        reg.renew(t.id, 611, {"A", "B"})


# -- breaking --


def test_own_penalty_applies() -> None:
    """O-242, AMB-40: breaking a treaty brings its own penalty, from the turn
    after the breach; by default on every roll, once (the Dominio side)."""
    reg, t = _signed(penalty=Penalty(6, 4))
    step = reg.break_treaty(t.id, "B", 603)
    (sanction,) = step.sanctions
    assert sanction.nation == "B"
    assert {r.attribute for r in sanction.records} == set(DOMINIO)
    assert all(r.kind is ModifierKind.BEHAVIOUR and r.until == 607 for r in sanction.records)
    for statistic in Statistic:
        assert _roll_penalty(sanction.records, statistic, 607) == 6
        assert _roll_penalty(sanction.records, statistic, 608) == 0
    assert step.treaty is not None and step.treaty.end is TreatyEnd.BROKEN
    assert not step.registry.treaty(t.id).in_force(604)


def test_no_penalty_free_to_break() -> None:
    """O-243: a treaty stating no penalty is broken freely (a trade treaty)."""
    reg, t = _signed(kind=_K.TRADE)
    step = reg.break_treaty(t.id, "A", 602)
    assert step.sanctions == () and "O-243" in step.notes[0]
    assert step.registry.treaty(t.id).ended == 602


@pytest.mark.parametrize(
    "kind", [_K.PEACE, _K.NON_AGGRESSION, _K.CEASEFIRE, _K.NEUTRALITY_GUARANTEE]
)
def test_peace_like_default_penalty(kind: TreatyKind) -> None:
    """O-243, AMB-40: peace, non-aggression, ceasefire and neutrality
    guarantees with no stated penalty: +10 to the breaker for three turns,
    starting the turn after the breach (breach 603 → 604..606)."""
    reg, t = _signed(kind=kind)
    (sanction,) = reg.break_treaty(t.id, "A", 603).sanctions
    assert sanction.nation == "A"
    assert all(r.value == 10 and r.until == 606 for r in sanction.records)
    assert _roll_penalty(sanction.records, Statistic.OFENSIVA, 606) == 10
    assert _roll_penalty(sanction.records, Statistic.OFENSIVA, 607) == 0


def test_similar_treaty_flag() -> None:
    """O-243: "o similar": a treaty the GM flags as peace-like gets the +10."""
    reg, t = _signed(kind=_K.OTHER, similar=True)
    (sanction,) = reg.break_treaty(t.id, "B", 600).sanctions
    assert sanction.records[0].value == 10
    assert _signed(kind=_K.OTHER)[1].protective is False


def test_own_penalty_lasts_at_most_ten_years() -> None:
    """O-246: penalties for breaking a treaty last at most 10 years."""
    reg, t = _signed(penalty=Penalty(8, 15, (Attribute.MIL,)))
    step = reg.break_treaty(t.id, "A", 603)
    (record,) = step.sanctions[0].records
    assert (record.attribute, record.value, record.until) == (Attribute.MIL, 8, 613)
    assert "O-246" in step.notes[0]
    assert breaking_penalty(t)[0] == Penalty(8, 10, (Attribute.MIL,))


def test_break_needs_a_party_and_a_treaty_in_force() -> None:
    """O-242, O-245: only a party breaks a treaty, and only while in force."""
    reg, t = _signed()
    with pytest.raises(ValueError, match="not a party"):
        reg.break_treaty(t.id, "C", 601)
    with pytest.raises(ValueError, match="not in force"):
        reg.break_treaty(t.id, "A", 610)


def test_multilateral_breaker_leaves() -> None:
    """O-242, O-247: in a multilateral treaty the breaker is penalised and
    leaves; the others stay bound (decision)."""
    reg, t = _signed(kind=_K.NON_AGGRESSION)
    reg = reg.adhere("C", t.id, {"A", "B"}, 601).registry
    step = reg.break_treaty(t.id, "C", 602)
    assert step.sanctions[0].nation == "C"
    kept = step.registry.treaty(t.id)
    assert kept.parties == ("A", "B") and kept.in_force(603) and kept.breaches == (("C", 602),)


# -- modifiers between signatories --


def test_modifiers_between_signatories() -> None:
    """O-244: treaty modifiers apply between signatories while in force."""
    mods = (
        TreatyModifier("A", Attribute.ECN, -4, "B"),
        TreatyModifier("B", Attribute.LEA, -2),
    )
    reg, _ = _signed(modifiers=mods)
    assert reg.modifiers_for("A", "B", 601) == (mods[0],)
    assert reg.modifiers_for("B", "A", 601) == (mods[1],)
    assert reg.modifiers_for("A", "C", 601) == ()
    assert reg.modifiers_for("A", "B", 610) == ()
    with pytest.raises(ValueError, match="between signatories"):
        Treaty(
            "x", ("A", "B"), "t", _K.TRADE, 600, modifiers=(TreatyModifier("C", Attribute.MIL, -1),)
        )


# -- adhesion --


def test_adhesion_all_or_majority() -> None:
    """O-247: another nation adheres with the permission of all the
    signatories, or of a majority when the treaty says so."""
    reg, t = _signed()
    assert not reg.adhere("C", t.id, {"A"}, 601).done
    step = reg.adhere("C", t.id, {"A", "B"}, 601)
    assert step.done and step.registry.treaty(t.id).parties == ("A", "B", "C")
    assert step.registry.treaty(t.id).multilateral
    reg2, t2 = _signed(adhesion_rule=AdhesionRule.MAJORITY)
    three = reg2.adhere("C", t2.id, {"A", "B"}, 601).registry
    assert not three.adhere("D", t2.id, {"A"}, 601).done  # 1 of 3
    assert three.adhere("D", t2.id, {"A", "C", "Z"}, 601).done  # 2 of 3
    with pytest.raises(ValueError, match="already a party"):
        three.adhere("C", t2.id, {"A", "B", "C"}, 601)


def test_adhesion_patron_only() -> None:
    """O-247: for a patron–vassal treaty only the patron's permission counts,
    whatever the treaty's stated rule."""
    reg, t = _signed(kind=_K.VASSALAGE, patron="A", adhesion_rule=AdhesionRule.ALL)
    assert t.rule is AdhesionRule.PATRON
    assert not reg.adhere("C", t.id, {"B"}, 601).done
    assert reg.adhere("C", t.id, {"A"}, 601).done
    with pytest.raises(ValueError, match="patron"):
        Treaty("x", ("A", "B"), "t", _K.VASSALAGE, 600)


def test_adhesion_with_reservations() -> None:
    """O-255: reservations are allowed if every other party accepts them;
    otherwise the nation does not join (a distinct treaty is its option)."""
    reg, t = _signed()
    refused = reg.adhere("C", t.id, {"A", "B"}, 601, ("no troops",), {"A"})
    assert not refused.done and "O-255" in refused.notes[0]
    ok = reg.adhere("C", t.id, {"A", "B"}, 601, ("no troops",), {"A", "B"})
    assert ok.done and ok.registry.treaty(t.id).reservations == (("C", "no troops"),)


# -- properties --

_OPS = st.lists(
    st.tuples(
        st.sampled_from(["offer", "accept", "break", "renew", "adhere", "expire"]),
        st.integers(0, 30),
        st.integers(0, 40),
        st.sampled_from(list(TreatyKind)),
        st.sampled_from(["A", "B", "C", "D"]),
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(_OPS, st.one_of(st.none(), st.integers(1, 20)))
def test_property_no_treaty_in_force_past_its_term(
    ops: list[tuple[str, int, int, TreatyKind, str]], pen_years: int | None
) -> None:
    """O-245, O-246, AMB-39: over random protocols no treaty is ever in force
    past its term (at most 20 years from signature or renewal), and no
    breaking penalty lasts more than 10 years."""
    reg = Treaties()
    year = 600
    for n, (op, dy, term, kind, nation) in enumerate(ops):
        year += dy % 3
        try:
            if op == "offer":
                penalty = None if pen_years is None else Penalty(5, pen_years)
                to = "B" if nation == "A" else nation
                kw = {"term_years": term or None, "penalty": penalty}
                reg = reg.offer(_offer(f"o{n}", "A", to, kind, year, **kw))
            elif op == "accept" and reg.open_offers():
                o = reg.open_offers()[0]
                reg = reg.accept(o.id, o.to, year).registry
            elif op == "break" and reg.in_force(year):
                t = reg.in_force(year)[0]
                step = reg.break_treaty(t.id, t.parties[0], year)
                reg = step.registry
                for s in step.sanctions:
                    assert all(year < r.until <= year + 10 for r in s.records)
            elif op == "renew" and reg.in_force(year):
                t = reg.in_force(year)[0]
                reg = reg.renew(t.id, year, set(t.parties), term or None).registry
            elif op == "adhere" and reg.in_force(year):
                t = reg.in_force(year)[-1]
                joiner = next((x for x in "ABCDE" if x not in t.parties), "A")
                reg = reg.adhere(joiner, t.id, set(t.parties), year).registry
            elif op == "expire":
                reg = reg.expire(year)
        except ValueError:
            pass
        for t in reg.treaties:
            assert t.term_years <= 20
            start = t.renewed if t.renewed is not None else t.signed
            assert t.signed <= start <= t.last_year <= start + 19
            for y in range(year - 5, year + 45):
                if t.in_force(y):
                    assert t.signed <= y <= t.last_year
        for t in reg.expire(year).treaties:
            assert t.ended is not None or t.last_year >= year
