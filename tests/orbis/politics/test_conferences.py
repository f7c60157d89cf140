"""Conferences: convening, proposals, voting (AMB-27), resolutions, recusal
(AMB-28), exclusion, suspension (rulebook 000 "Conferencias", O-256 .. O-278)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.politics.blocs import (
    Bloc,
    Recusal,
    bloc_from,
    bound,
    dissolution_consequences,
    enjoys_privileges,
    exclude,
    may_protest,
    recusal_consequence,
    recuse,
    reinstate,
    suspend,
)
from adjudicator.rulesets.orbis.politics.conferences import (
    Conference,
    Proposal,
    Resolution,
    Vote,
    VotingMode,
    absentees,
    adopt,
    ballot,
    bloc_members,
    convene,
    count_options,
    count_proposal,
    count_single,
    debate_closed,
    dissolve,
    forced_vote_due,
    may_convene,
    may_dissolve,
    may_propose,
    mode_for,
    needs_conference,
    table,
    vote_options,
    vote_proposals,
    voters,
    withdraw,
)

Y, N, A, W = Vote.YES, Vote.NO, Vote.ABSTAIN, Vote.WITHDRAWN


def conf(**fields: object) -> Conference:
    """Convened by `a` (presiding) and `b` in 600; `c`, `d`, `e` attend; `f`
    invited; `g` accepts its authority."""
    base = Conference(
        "vienna",
        ("a", "b"),
        "borders",
        600,
        participants=frozenset({"c", "d", "e"}),
        invitees=frozenset({"f"}),
        accepting=frozenset({"g"}),
    )
    return replace(base, **fields)  # type: ignore[arg-type]


def with_proposals(*ids: str, **fields: object) -> Conference:
    c = conf(**fields)
    for pid in ids:
        c = table(c, Proposal(pid, "a", 600))
    return c


def test_needs_conference() -> None:
    """O-256: modifying a multilateral instrument, or creating one without a
    prior bilateral/unilateral one, needs a conference; bilateral never."""
    assert needs_conference(multilateral=True, modifying=True, prior_instrument=True)
    assert needs_conference(multilateral=True, modifying=False, prior_instrument=False)
    assert not needs_conference(multilateral=True, modifying=False, prior_instrument=True)
    assert not needs_conference(multilateral=False, modifying=True)


def test_who_may_convene() -> None:
    """O-257, O-258: parties have an equal right unless the instrument names
    who may; outsiders need GM-accepted grounds; several conveners allowed."""
    assert may_convene("x", parties={"x", "y"})
    assert not may_convene("z", parties={"x", "y"})
    assert may_convene("z", parties={"x", "y"}, gm_grounds=True)
    assert not may_convene("x", parties={"x", "y"}, restricted_to={"y"})
    c = convene("c1", ["x", "y"], "trade", 610, parties={"x", "y", "w"})
    assert c.conveners == ("x", "y")
    assert c.presiding == "x"
    with pytest.raises(ValueError, match="z may not convene"):
        convene("c2", ["x", "z"], "trade", 610, parties={"x", "y"})


def test_bloc_and_absentees() -> None:
    """O-259, O-260: the bloc is conveners, participants, invitees and those
    accepting; the non-attending ones are absentees, still in the bloc."""
    c = conf()
    assert bloc_members(c) == frozenset("abcdefg")
    assert absentees(c) == frozenset({"f", "g"})


def test_proposals_by_convener_or_leave() -> None:
    """O-261: the convener sets topic and start and tables proposals; others
    only with the convener's or the participants' leave."""
    c = conf()
    assert (c.start, c.topic) == (600, "borders")
    assert may_propose(c, "b")
    assert not may_propose(c, "c")
    with pytest.raises(ValueError, match="may not table"):
        table(c, Proposal("p", "c", 600))
    opened = conf(others_may_propose=True)
    assert may_propose(opened, "c")
    assert not may_propose(opened, "f")  # invited, not attending
    assert table(opened, Proposal("p", "c", 600)).proposals[0].author == "c"


def test_dissolution_from_the_year_after_start() -> None:
    """O-262: a convener may dissolve the conference from the year after it starts."""
    c = conf()
    assert not may_dissolve(c, "a", 600)
    assert may_dissolve(c, "b", 601)
    assert not may_dissolve(c, "c", 601)
    assert dissolve(c, "a", 601).dissolved == 601
    with pytest.raises(ValueError, match="may not dissolve"):
        dissolve(c, "a", 600)
    with pytest.raises(ValueError, match="closed"):
        table(dissolve(c, "a", 601), Proposal("p", "a", 601))


def test_voters_and_vassals() -> None:
    """O-263, O-266: one vote per attending nation; vassals excluded when the
    convener says; withdrawn nations do not vote."""
    vassals = {"c": "a"}
    assert voters(conf(), vassals) == frozenset("abcde")
    assert voters(conf(include_vassals=False), vassals) == frozenset("abde")
    assert voters(withdraw(conf(), "d"), vassals) == frozenset("abce")
    with pytest.raises(ValueError, match="does not take part"):
        withdraw(conf(), "f")


def test_when_the_vote_is_due() -> None:
    """O-265, O-267: the convener or the rules call the vote, or everyone
    says it will not move; in its tenth year (start + 9) it votes anyway."""
    c = conf()
    assert not debate_closed(c, 601)
    assert debate_closed(c, 601, convener_called=True)
    assert debate_closed(c, 601, rules_called=True)
    assert not debate_closed(c, 601, settled="abcd")
    assert debate_closed(c, 601, settled="abcde")
    assert debate_closed(withdraw(c, "e"), 601, settled="abcd")
    assert not forced_vote_due(c, 608)
    assert forced_vote_due(c, 609)
    assert debate_closed(c, 609)


def test_ten_year_vote_takes_what_was_tabled() -> None:
    """O-267: the forced vote is between the proposals tabled so far."""
    c = table(table(conf(), Proposal("p1", "a", 603)), Proposal("p2", "a", 612))
    assert [p.id for p in ballot(c, 609)] == ["p1"]
    after, outcome = vote_proposals(c, 609, {"a": {"p1": Y}})
    assert outcome.mode is VotingMode.SINGLE
    assert outcome.passed == ("p1",)
    assert after.voted == 609


def test_modes() -> None:
    """AMB-27, O-269, O-270: one proposal is SINGLE; several are PROPOSALS,
    or OPTIONS when the convener makes them exclusive."""
    assert mode_for(1, alternatives=True) is VotingMode.SINGLE
    assert mode_for(2, alternatives=False) is VotingMode.PROPOSALS
    assert mode_for(3, alternatives=True) is VotingMode.OPTIONS
    with pytest.raises(ValueError):
        mode_for(0, alternatives=False)


def test_single_proposal_one_yes_suffices() -> None:
    """O-270, AMB-27: a lone proposal passes with one vote in favour, even
    against many; none in favour fails."""
    assert count_single({"a": Y, "b": N, "c": N, "d": N}).passed
    assert not count_single({"a": N, "b": A, "c": W}).passed
    _, outcome = vote_proposals(with_proposals("p"), 601, {"c": {"p": Y}, "d": {"p": N}})
    assert outcome.passed == ("p",)


def test_several_proposals_need_more_than_half_of_counted() -> None:
    """O-266, O-268, AMB-27: yes must exceed half of yes + no + abstentions;
    withdrawn votes are not counted."""
    t = count_proposal({"a": N, "b": Y, "c": Y, "d": A}, convener="a")
    assert (t.yes, t.no, t.abstain, t.counted) == (2, 1, 1, 4)
    assert not t.passed and t.tie  # 2 of 4: a tie, the convener voted no
    t = count_proposal({"a": N, "b": Y, "c": Y, "d": W}, convener="a")
    assert t.counted == 3 and t.withdrawn == 1
    assert t.passed  # 2 of 3
    t = count_proposal({"a": N, "b": Y, "c": Y, "d": A, "e": A}, convener="a")
    assert not t.passed and not t.tie  # abstentions count against


def test_tie_goes_to_the_convener() -> None:
    """O-263, O-268, AMB-27: a yes/rest tie goes to the presiding convener's side."""
    assert count_proposal({"a": Y, "b": N}, convener="a").passed
    assert not count_proposal({"a": N, "b": Y}, convener="a").passed
    assert not count_proposal({"a": A, "b": Y}, convener="a").passed
    c = with_proposals("p1", "p2")
    ballots = {
        "a": {"p1": Y, "p2": N},
        "b": {"p1": N, "p2": Y},
        "c": {"p1": Y, "p2": Y},
        "d": {"p1": N, "p2": N},
    }
    _, outcome = vote_proposals(c, 601, ballots)
    assert outcome.mode is VotingMode.PROPOSALS
    assert outcome.passed == ("p1",)  # both 2-2; "a" presides, not "b"
    assert outcome.tallies["p2"].tie
    assert outcome.supporters["p2"] == frozenset({"b", "c"})


def test_weighted_method() -> None:
    """O-263: the convener may set another method, e.g. weighted votes."""
    t = count_proposal({"a": Y, "b": N, "c": N}, convener="a", weights={"a": 3})
    assert t.yes == 3 and t.passed
    with pytest.raises(ValueError, match="negative"):
        count_proposal({"a": Y}, convener="a", weights={"a": -1})


def test_votes_of_outsiders_ignored() -> None:
    """O-263, O-266: invitees not attending, withdrawn nations and excluded
    vassals do not vote."""
    c = withdraw(with_proposals("p1", "p2", include_vassals=False), "e")
    ballots = {n: {"p1": Y, "p2": N} for n in "cef"} | {
        "a": {"p1": N, "p2": N},
        "b": {"p1": N, "p2": N},
    }
    _, outcome = vote_proposals(c, 601, ballots, vassal_of={"c": "a"})
    assert outcome.ignored == ("c", "e", "f")
    assert outcome.tallies["p1"].yes == 0
    assert outcome.passed == ()


def test_options_plurality_and_tie() -> None:
    """O-266, O-269, AMB-27: several options, one vote each, plurality wins;
    a tie goes to the presiding convener's option, if it is among the tied."""
    r = count_options(["x", "y", "z"], {"a": "x", "b": "y", "c": "y", "d": A}, convener="a")
    assert r.winner == "y" and not r.tie
    assert r.counts["y"] == 2
    r = count_options(["x", "y"], {"a": "x", "b": "y", "c": "x", "d": "y"}, convener="a")
    assert r.winner == "x" and r.tie
    r = count_options(["x", "y", "z"], {"a": "z", "b": "y", "c": "x"}, convener="a")
    assert r.winner == "z"
    r = count_options(
        ["x", "y", "z"], {"a": "z", "b": "y", "c": "x", "d": "x", "e": "y"}, convener="a"
    )
    assert r.winner is None and r.tie  # the convener's option is not among the tied
    assert count_options(["x"], {"a": A}, convener="a").winner is None
    with pytest.raises(ValueError, match="not an option"):
        count_options(["x"], {"a": "q"}, convener="a")
    with pytest.raises(ValueError, match="vote for an option"):
        count_options(["x"], {"a": Y}, convener="a")


def test_convener_may_reject_options_result() -> None:
    """O-269, AMB-27: with several options the presiding convener may reject."""
    r = count_options(["x", "y"], {"b": "y", "c": "y", "a": "x"}, convener="a", rejected=True)
    assert r.rejected and r.winner is None
    c = with_proposals("x", "y", alternatives=True)
    after, outcome = vote_options(c, 601, {"a": "x", "b": "y", "c": "y", "f": "x"})
    assert outcome.passed == ("y",) and outcome.ignored == ("f",)
    assert outcome.supporters["y"] == frozenset({"b", "c"})
    _, rejected = vote_options(c, 601, {"a": "x", "b": "y", "c": "y"}, rejected=True)
    assert rejected.passed == ()
    with pytest.raises(ValueError, match="use vote_proposals"):
        vote_options(with_proposals("x", "y"), 601, {"a": "x"})
    with pytest.raises(ValueError, match="use vote_options"):
        vote_proposals(c, 601, {"a": {"x": Y}})
    with pytest.raises(ValueError, match="closed"):
        vote_options(after, 602, {"a": "x"})


def test_resolutions_bind_the_whole_bloc() -> None:
    """O-271, O-272: each passed proposal is a resolution binding every bloc
    nation, non-attendees too; a vote may adopt several or none."""
    c = with_proposals("p1", "p2")
    voted, outcome = vote_proposals(c, 602, {n: {"p1": Y, "p2": Y} for n in "abc"})
    resolutions = adopt(voted, outcome, consequences={"p2": "pay 10 RQU"})
    assert [r.proposal for r in resolutions] == ["p1", "p2"]
    assert all(r.binds == frozenset("abcdefg") and r.adopted == 602 for r in resolutions)
    assert resolutions[1].consequences == "pay 10 RQU"
    voted, outcome = vote_proposals(c, 602, {n: {"p1": N, "p2": N} for n in "abc"})
    assert adopt(voted, outcome) == ()
    with pytest.raises(ValueError, match="has not voted"):
        adopt(c, outcome)


def resolution(**fields: object) -> Resolution:
    base = Resolution("vienna:p", "vienna", "p", 602, frozenset("abcdefg"), frozenset("abc"))
    return replace(base, **fields)  # type: ignore[arg-type]


def test_protest_window_and_eligibility() -> None:
    """O-273: only a nation that did not support the resolution may protest,
    at withdrawal or within three years of adoption."""
    r = resolution()
    assert not may_protest(r, "a", 603)  # voted for it
    assert may_protest(r, "d", 605)
    assert not may_protest(r, "d", 606)
    assert may_protest(r, "f", 602)  # did not attend
    assert not may_protest(r, "z", 602)  # not in the bloc


def test_recusal_notice_and_protest() -> None:
    """O-273, O-274, AMB-40: a withdrawal declared in Y binds through Y+1; a
    protest and non-attendance of a first conference free at once."""
    bloc = bloc_from(conf())
    withdrawing = recuse(bloc, "e", Recusal.WITHDRAWAL, 605)
    assert bound(withdrawing, "e", 606)
    assert not bound(withdrawing, "e", 607)
    protesting = recuse(bloc, "d", Recusal.PROTEST, 603, resolution=resolution())
    assert not bound(protesting, "d", 603)
    with pytest.raises(ValueError, match="may not protest"):
        recuse(bloc, "a", Recusal.PROTEST, 603, resolution=resolution())
    with pytest.raises(ValueError, match="may not protest"):
        recuse(bloc, "d", Recusal.PROTEST, 603)
    absent = recuse(bloc, "f", Recusal.NON_ATTENDANCE, 600, never_belonged=True)
    assert not bound(absent, "f", 600)
    with pytest.raises(ValueError, match="withdraw with notice"):
        recuse(bloc, "f", Recusal.NON_ATTENDANCE, 600)
    with pytest.raises(ValueError, match="not in bloc"):
        recuse(bloc, "z", Recusal.WITHDRAWAL, 600)
    # a protest after a pending withdrawal frees earlier
    both = recuse(withdrawing, "e", Recusal.PROTEST, 605, resolution=resolution())
    assert both.leaving["e"] == 605


def test_recusal_consequences() -> None:
    """O-275, AMB-28: the resolution's own procedure frees; otherwise its
    stated consequences; if none, a Lejanía penalty the GM sets."""
    assert recusal_consequence(resolution(), by_procedure=True).free
    stated = recusal_consequence(resolution(consequences="+10 ECN"), by_procedure=False)
    assert not stated.free and stated.stated == "+10 ECN" and not stated.needs_gm
    default = recusal_consequence(resolution(), by_procedure=False)
    assert default.needs_gm and default.lejania is None
    set_by_gm = recusal_consequence(resolution(), by_procedure=False, lejania=10)
    assert set_by_gm.lejania == 10 and not set_by_gm.needs_gm


def test_dissolved_bloc_releases_like_recusal() -> None:
    """O-276, AMB-28: when the bloc dissolves every bound member gets the
    recusal consequences of each resolution binding it."""
    bloc = recuse(bloc_from(conf()), "g", Recusal.PROTEST, 602, resolution=resolution())
    rs = [resolution(), resolution(id="vienna:q", consequences="tribute", binds=frozenset("ab"))]
    found = dissolution_consequences(bloc, rs, 603, lejania=5)
    assert "g" not in found
    assert [c.stated for c in found["a"]] == [None, "tribute"]
    assert found["a"][0].lejania == 5
    assert len(found["c"]) == 1
    free = dissolution_consequences(bloc, rs, 603, by_procedure=True)
    assert all(c.free for cs in free.values() for c in cs)


def test_exclusion_lejania_five_turns() -> None:
    """O-277, AMB-40: an excluded member leaves the bloc with a Lejanía
    penalty toward the rest for five turns, from the turn after."""
    bloc = suspend(bloc_from(conf()), "e", "compensate d")
    after, penalty = exclude(bloc, "e", 604, lejania=10)
    assert "e" not in after.members and "e" not in after.suspended
    assert (penalty.first, penalty.until, penalty.value) == (605, 609, 10)
    assert penalty.toward == frozenset("abcdfg")
    assert exclude(bloc, "d", 604)[1].value is None  # the GM sets it
    with pytest.raises(ValueError, match="not in bloc"):
        exclude(after, "e", 605)


def test_suspension_keeps_obligations() -> None:
    """O-278: a suspended member stays bound but loses privileges and
    bonuses until it complies or compensates."""
    bloc = suspend(bloc_from(conf()), "d", "withdraw from g's territory")
    assert bound(bloc, "d", 610)
    assert not enjoys_privileges(bloc, "d", 610)
    assert enjoys_privileges(bloc, "c", 610)
    assert bloc.suspended["d"] == "withdraw from g's territory"
    back = reinstate(bloc, "d")
    assert enjoys_privileges(back, "d", 610)
    with pytest.raises(ValueError, match="not suspended"):
        reinstate(back, "d")
    with pytest.raises(ValueError, match="not in bloc"):
        suspend(Bloc("x", frozenset()), "d", "")


@settings(max_examples=300, deadline=None)
@given(
    votes=st.dictionaries(st.sampled_from("abcdefghij"), st.sampled_from(list(Vote))),
    weights=st.dictionaries(st.sampled_from("abcdefghij"), st.integers(0, 4)),
)
def test_property_majority(votes: dict[str, Vote], weights: dict[str, int]) -> None:
    """AMB-27, O-268: in the several-proposals mode a proposal never passes
    with yes below half of the counted votes (yes + no + abstentions), and at
    exactly half only when the presiding convener "a" voted yes; above half
    it always passes."""
    t = count_proposal(votes, convener="a", weights=weights)
    yes = sum(weights.get(n, 1) for n, v in votes.items() if v is Vote.YES)
    counted = sum(weights.get(n, 1) for n, v in votes.items() if v is not Vote.WITHDRAWN)
    assert t.counted == counted
    if t.passed:
        assert 2 * yes > counted or (2 * yes == counted > 0 and votes.get("a") is Vote.YES)
    else:
        assert 2 * yes <= counted


@settings(max_examples=200, deadline=None)
@given(
    ballots=st.dictionaries(
        st.sampled_from("abcdefg"),
        st.fixed_dictionaries(
            {"p1": st.sampled_from(list(Vote)), "p2": st.sampled_from(list(Vote))}
        ),
    ),
    withdrawn=st.frozensets(st.sampled_from("cde")),
)
def test_property_vote_proposals(
    ballots: dict[str, dict[str, Vote]], withdrawn: frozenset[str]
) -> None:
    """AMB-27, O-266, O-268: through a whole conference vote with two
    proposals, a proposal never passes with yes at most half of the counted
    votes unless it is the tie the presiding convener "a" voted yes on;
    withdrawn and non-voting nations are never counted."""
    c = with_proposals("p1", "p2", withdrawn=withdrawn)
    _, outcome = vote_proposals(c, 601, ballots)
    allowed = frozenset("abcde") - withdrawn
    assert set(outcome.ignored) == set(ballots) - allowed
    for pid in ("p1", "p2"):
        cast = [b[pid] for n, b in ballots.items() if n in allowed]
        yes = cast.count(Vote.YES)
        counted = sum(1 for v in cast if v is not Vote.WITHDRAWN)
        convener_yes = "a" in ballots and ballots["a"][pid] is Vote.YES
        if 2 * yes <= counted and not (2 * yes == counted and convener_yes):
            assert pid not in outcome.passed
        if 2 * yes > counted:
            assert pid in outcome.passed
