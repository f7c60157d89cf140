"""Step 5 of the political year: treaty, declaration, conference and vote lines."""

from __future__ import annotations

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.politics.conferences import Conference, Proposal
from adjudicator.rulesets.orbis.politics.organisations import found
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import OfferState, TreatyKind
from orders.orbis.politics_model import (
    Ballot,
    ConferenceAct,
    ConferenceLine,
    DeclarationAct,
    DeclarationLine,
    GmAnswer,
    GmPolitics,
    LineModifier,
    LinePenalty,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VoteLine,
)
from tests.orbis.politics.test_year_support import YEAR, run, world

NATIONS = world("a", "b", "c", "d", "e", nsj=("n",))


def offer(power: str, *parties: str, kind: str = "trade", **kw: object) -> TreatyLine:
    return TreatyLine(power, TreatyAct.OFFER, kind=kind, parties=parties, **kw)  # type: ignore[arg-type]


def test_offer_then_accept_concludes_with_ids_in_order() -> None:
    """O-237 .. O-239, O-244: ids T<year>-<n> by nation then line; the treaty
    carries its modifiers; answers in the order processed."""
    lines: list[PoliticalLine] = [
        offer("b", "c"),
        offer("a", "b", modifiers=(LineModifier(-5, "ecn", "a"),)),
    ]
    first = run(Politics(), NATIONS, lines=lines)
    assert [a.line.power for a in first.answers] == ["a", "b"]
    ids = [o.id for o in first.politics.treaties.offers]
    assert ids == [f"T{YEAR}-1", f"T{YEAR}-2"]
    assert first.politics.treaties.offers[0].sender == "a"
    accept = TreatyLine("b", TreatyAct.ACCEPT, ref=f"T{YEAR}-1")
    second = run(first.politics, first.nations, lines=[accept], year=YEAR + 1)
    treaty = second.politics.treaties.treaty(f"T{YEAR}-1")
    assert treaty.parties == ("a", "b") and treaty.signed == YEAR + 1
    assert [(m.holder, m.attribute, m.value) for m in treaty.modifiers] == [
        ("a", Attribute.ECN, -5)
    ]
    assert second.answers[0].accepted


def test_term_above_twenty_is_refused_and_default_is_ten() -> None:
    """O-245, AMB-39: a longer term is refused with the reason; none is 10."""
    done = run(Politics(), NATIONS, lines=[offer("a", "b", years=25), offer("c", "d")])
    refused, made = done.answers
    assert not refused.accepted and "AMB-39" in refused.words
    assert made.accepted
    accepted = run(
        done.politics, NATIONS, lines=[TreatyLine("d", TreatyAct.ACCEPT, ref=f"T{YEAR}-1")]
    )
    assert accepted.politics.treaties.treaty(f"T{YEAR}-1").term_years == 10


def test_refusals_never_raise() -> None:
    """O-239 .. O-241: accepting one's own offer, an unknown id, a wrong kind."""
    made = run(Politics(), NATIONS, lines=[offer("a", "b")])
    lines: list[PoliticalLine] = [
        TreatyLine("a", TreatyAct.ACCEPT, ref=f"T{YEAR}-1"),
        TreatyLine("a", TreatyAct.BREAK, ref="T1-1"),
        offer("c", "d", kind="empire"),
    ]
    done = run(made.politics, NATIONS, lines=lines)
    assert [a.accepted for a in done.answers] == [False, False, False]
    assert all(a.words.startswith("refused") for a in done.answers)


def test_counter_offer_and_withdraw() -> None:
    """O-240, O-241: a counter-offer answers; the sender withdraws its own."""
    made = run(Politics(), NATIONS, lines=[offer("a", "b")])
    counter = TreatyLine("b", TreatyAct.COUNTER, ref=f"T{YEAR}-1", kind="peace")
    done = run(made.politics, NATIONS, lines=[counter], year=YEAR + 1)
    states = {o.id: o.state for o in done.politics.treaties.offers}
    assert states == {f"T{YEAR}-1": OfferState.COUNTERED, f"T{YEAR + 1}-1": OfferState.OPEN}
    withdraw = TreatyLine("b", TreatyAct.WITHDRAW, ref=f"T{YEAR + 1}-1")
    last = run(done.politics, NATIONS, lines=[withdraw], year=YEAR + 2)
    assert last.politics.treaties.find_offer(f"T{YEAR + 1}-1").state is OfferState.WITHDRAWN


def test_vassalage_pact_and_nsj_answer() -> None:
    """O-200, O-234, AMB-41: a concluded vassalage adds the vassalage; an offer to
    a nation without a player waits for the GM's answer."""
    made = run(Politics(), NATIONS, lines=[offer("a", "b", kind="vassalage"), offer("c", "n")])
    accepted = run(
        made.politics, NATIONS, lines=[TreatyLine("b", TreatyAct.ACCEPT, ref=f"T{YEAR}-1")]
    )
    assert accepted.politics.patron("b") == "a"
    assert accepted.nations["b"].vassal_of == "a"
    waiting = run(made.politics, NATIONS)
    assert waiting.politics.treaties.find_offer(f"T{YEAR}-2").state is OfferState.OPEN
    gm = GmPolitics(answers=(GmAnswer(f"T{YEAR}-2", "n", True),))
    answered = run(made.politics, NATIONS, gm=gm)
    assert answered.politics.treaties.treaty(f"T{YEAR}-2").parties == ("c", "n")


def test_break_by_line_with_own_penalty() -> None:
    """O-242, O-246: the treaty's own penalty, from the next turn."""
    made = run(Politics(), NATIONS, lines=[offer("a", "b", penalty=LinePenalty(7, 2))])
    signed = run(
        made.politics, NATIONS, lines=[TreatyLine("b", TreatyAct.ACCEPT, ref=f"T{YEAR}-1")]
    )
    broken = run(
        signed.politics, NATIONS, lines=[TreatyLine("b", TreatyAct.BREAK, ref=f"T{YEAR}-1")]
    )
    assert {(m.value, m.until) for m in broken.nations["b"].modifiers} == {(7, YEAR + 2)}
    assert broken.politics.treaties.treaty(f"T{YEAR}-1").ended == YEAR


def test_renewal_needs_every_party() -> None:
    """O-245: renewed only when every party writes it the same year."""
    made = run(Politics(), NATIONS, lines=[offer("a", "b", years=2)])
    signed = run(
        made.politics, NATIONS, lines=[TreatyLine("b", TreatyAct.ACCEPT, ref=f"T{YEAR}-1")]
    )
    ref = f"T{YEAR}-1"
    alone = run(signed.politics, NATIONS, lines=[TreatyLine("a", TreatyAct.RENEW, ref=ref)])
    assert not alone.answers[0].accepted
    both = [TreatyLine("a", TreatyAct.RENEW, ref=ref), TreatyLine("b", TreatyAct.RENEW, ref=ref)]
    renewed = run(signed.politics, NATIONS, lines=both, year=YEAR + 1)
    assert all(a.accepted for a in renewed.answers)
    assert renewed.politics.treaties.treaty(ref).last_year == YEAR + 1 + 9


def test_joint_declaration_and_revocation() -> None:
    """O-248, O-253, O-250, AMB-40: the same declaration the same year is joint;
    a revocation binds through the next year."""
    lines: list[PoliticalLine] = [
        DeclarationLine("a", DeclarationAct.DECLARE, kind="neutrality", text="Neutral"),
        DeclarationLine("b", DeclarationAct.DECLARE, kind="neutrality", text="neutral "),
    ]
    done = run(Politics(), NATIONS, lines=lines)
    (joint,) = done.politics.declarations
    assert joint.id == f"D{YEAR}-1" and joint.declarants == ("a", "b")
    revoke = DeclarationLine("b", DeclarationAct.REVOKE, ref=f"D{YEAR}-1")
    later = run(done.politics, NATIONS, lines=[revoke], year=YEAR + 1)
    (after,) = later.politics.declarations
    assert after.binds("b", YEAR + 2) and not after.binds("b", YEAR + 3)


def test_conference_convene_propose_vote_adopt() -> None:
    """O-257, O-259, O-261, O-265, O-266, O-271, AMB-27: convened, attended,
    proposed, closed by the convener: one yes passes a lone proposal."""
    convene = ConferenceLine("a", ConferenceAct.CONVENE, text="peace", parties=("b", "c"))
    first = run(Politics(), NATIONS, lines=[convene])
    cid = f"C{YEAR}-1"
    assert first.politics.conferences[0].id == cid
    lines: list[PoliticalLine] = [
        ConferenceLine("a", ConferenceAct.PROPOSE, ref=cid, text="no war"),
        ConferenceLine("a", ConferenceAct.CLOSE, ref=cid),
        VoteLine("a", cid, ballot=Ballot.YES),
        ConferenceLine("b", ConferenceAct.ATTEND, ref=cid),
        VoteLine("b", cid, ballot=Ballot.NO),
        ConferenceLine("d", ConferenceAct.ATTEND, ref=cid),
    ]
    done = run(first.politics, NATIONS, lines=lines, year=YEAR + 1)
    assert [a.accepted for a in done.answers] == [True, True, True, True, True, False]
    (resolution,) = done.politics.resolutions
    assert resolution.proposal == f"{cid}/P1" and resolution.binds == {"a", "b", "c"}
    assert done.politics.conferences[0].voted == YEAR + 1


def test_forced_vote_in_the_tenth_year() -> None:
    """O-267: a conference in its tenth year votes what is tabled."""
    old = Conference(
        "C1-1", ("a", "b"), "x", YEAR - 9, proposals=(Proposal("C1-1/P1", "a", YEAR - 5),)
    )
    done = run(Politics(conferences=(old,)), NATIONS)
    assert done.politics.conferences[0].voted == YEAR
    assert done.politics.resolutions == ()


def test_organisation_election_with_2d10_term() -> None:
    """O-287, O-288, AMB-29: a vacant Leader post elected, term 2d10 from the dice."""
    org = found("O1", "League", ("a", "b", "c", "d", "e"), YEAR - 1)
    votes = [VoteLine(n, "O1", candidate="b") for n in ("a", "b", "c")] + [
        VoteLine("d", "O1", candidate="c")
    ]
    done = run(Politics(organisations=(org,)), NATIONS, lines=votes)
    (after,) = done.politics.organisations
    assert after.leader == "b"
    assert after.term_end is not None and YEAR + 2 <= after.term_end <= YEAR + 20
    again = run(Politics(organisations=(org,)), NATIONS, lines=votes)
    assert again.politics == done.politics
    refused = run(done.politics, NATIONS, lines=[VoteLine("a", "O1", candidate="c")], year=YEAR + 1)
    assert not refused.answers[0].accepted


def test_treaty_kind_values() -> None:
    """O-243: the line's kind is a TreatyKind value."""
    done = run(Politics(), NATIONS, lines=[offer("a", "b", kind="non_aggression")])
    assert done.politics.treaties.offers[0].kind is TreatyKind.NON_AGGRESSION
