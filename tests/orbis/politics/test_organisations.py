"""Organisations: statute, membership, the five-member rule (AMB-42), Leader
elections and terms (AMB-29), the Leader's extra medida (AMB-43) and
Cercanía (AMB-45), schism, reconciliation and split (rulebook 000
"Organizaciones", O-279 .. O-294)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.politics.organisations import (
    Approval,
    Election,
    Organisation,
    Statute,
    Term,
    acts_for,
    admit,
    benefits_active,
    candidates,
    close_turn,
    counted_members,
    declare_schism,
    dissolve,
    elect,
    electors,
    exclude,
    extra_medidas,
    found,
    install,
    leader_cercania,
    leave,
    may_convene,
    problems,
    recognise,
    reconcile_by_support,
    reconciliation_conference,
    reform_statute,
    reinstate,
    resign,
    rotation_next,
    schism_due,
    split,
    support,
    suspend,
    term_length,
    term_over,
)

SIX = ("a", "b", "c", "d", "e", "f")


def dice(phase: str = "600") -> Dice:
    return Dice("secret", "orbis-test", phase)


def org(members: tuple[str, ...] = SIX, **fields: object) -> Organisation:
    """Six members led by `a`, term through 610."""
    base = Organisation("league", "League", members, 600, leader="a", term_end=610)
    return replace(base, **fields)  # type: ignore[arg-type]


def test_founding_needs_five() -> None:
    """O-279: a Statute of at least five members founds an organisation."""
    o = found("u", "Union", "abcde", 600)
    assert o.members == tuple("abcde") and o.founded == 600 and o.active
    assert o.statute == Statute()
    with pytest.raises(ValueError, match="needs 5 members"):
        found("u", "Union", "abcda", 600)


def test_whole_cycle_below_five_dissolves() -> None:
    """O-280, AMB-42: five consecutive turns below five members dissolve it;
    a turn back at five resets the run."""
    o = org(("a", "b", "c", "d"))
    for year in range(601, 605):
        o = close_turn(o, year)
        assert o.active, year
    assert o.below_since == 601
    assert close_turn(o, 605).dissolved == 605
    reset = close_turn(admit(o, "e", by=Approval.LEADER), 605)
    assert reset.active and reset.below_since is None
    again = close_turn(leave(reset, "e"), 606)
    assert again.below_since == 606


def test_civil_war_factions_count_as_members() -> None:
    """O-280: each faction of a member in civil war counts as a full member."""
    o = org(("a", "b", "c", "d"))
    assert counted_members(o) == 4
    assert counted_members(o, {"b": 2}) == 5
    assert close_turn(o, 601, factions={"b": 2}).below_since is None


def test_leader_acts_and_convenes() -> None:
    """O-281, O-284: the Leader acts and convenes for all members; others do not."""
    o = org()
    assert acts_for(o, "a") == frozenset(SIX)
    assert acts_for(o, "b") == frozenset()
    assert may_convene(o, "a") and not may_convene(o, "b")


def test_leader_extra_medida() -> None:
    """O-282, AMB-43: one extra medida per organisation led, none in schism
    or once dissolved."""
    o = org()
    other = replace(org(), id="pact", leader="a")
    assert extra_medidas([o, other], "a") == 2
    assert extra_medidas([o], "b") == 0
    assert extra_medidas([declare_schism(o, 605, "bc", "b")], "a") == 0
    assert extra_medidas([dissolve(o, 605)], "a") == 0


def test_leader_cercania() -> None:
    """O-283, AMB-45: the Leader's Cercanía bonus toward members, GM-set,
    default −5; nothing toward outsiders, for others, or in schism."""
    o = org()
    assert leader_cercania(o, "a", "b") == -5
    assert leader_cercania(o, "a", "b", leader_cercania=-10) == -10
    assert leader_cercania(o, "a", "z") == 0
    assert leader_cercania(o, "b", "c") == 0
    assert leader_cercania(declare_schism(o, 605, "bc", "b"), "a", "d") == 0


def test_conference_reforms_and_dissolves() -> None:
    """O-285: its conference reforms the statute or dissolves it."""
    o = reform_statute(org(), Statute(reelection=False))
    assert not o.statute.reelection
    gone = dissolve(o, 606)
    assert gone.dissolved == 606 and not gone.active
    with pytest.raises(ValueError, match="dissolved"):
        admit(gone, "z", by=Approval.CONFERENCE)


def test_membership_by_request_and_approval() -> None:
    """O-286: by default the Leader or the Conference approves a request and
    may exclude or suspend; a statute may require its own procedure."""
    o = admit(org(), "g", by=Approval.CONFERENCE)
    assert o.members[-1] == "g"
    with pytest.raises(ValueError, match="already a member"):
        admit(o, "g", by=Approval.LEADER)
    with pytest.raises(ValueError, match="statute may not"):
        admit(o, "h", by=Approval.STATUTE)
    strict = org(statute=Statute(admission=frozenset({Approval.STATUTE})))
    with pytest.raises(ValueError, match="leader may not"):
        admit(strict, "h", by=Approval.LEADER)
    assert "h" in admit(strict, "h", by=Approval.STATUTE).members
    s = suspend(o, "c", by=Approval.LEADER)
    assert s.suspended == frozenset({"c"})
    assert "c" not in reinstate(s, "c").suspended
    x = exclude(s, "c", by=Approval.CONFERENCE)
    assert "c" not in x.members and not x.suspended
    no_leader = exclude(o, "a", by=Approval.CONFERENCE)
    assert no_leader.leader is None and no_leader.term_end is None


def test_egalitarian_election() -> None:
    """O-287: by default every (unsuspended) member votes; plurality wins;
    a tie goes to the outgoing Leader's choice, else nobody."""
    o = suspend(org(), "f", by=Approval.LEADER)
    assert electors(o) == frozenset("abcde")
    r = elect(o, {"a": "b", "b": "b", "c": "c", "f": "c", "z": "b"})
    assert r.winner == "b" and r.invalid == ("f", "z")
    tie = elect(o, {"a": "c", "b": "b", "c": "c", "d": "b"})
    assert tie.tie and tie.winner == "c"
    nobody = elect(o, {"a": "e", "b": "b", "c": "c", "d": "b", "e": "c"})
    assert nobody.tie and nobody.winner is None


def test_electoral_methods() -> None:
    """O-287: fixed electors, or electors named for each election."""
    fixed = org(statute=Statute(election=Election.ELECTORAL_FIXED, electors=frozenset("bcz")))
    assert electors(fixed) == frozenset("bc")
    assert elect(fixed, {"a": "a", "b": "d", "c": "d"}).winner == "d"
    renewing = org(statute=Statute(election=Election.ELECTORAL_RENEWING))
    assert electors(renewing, named="de") == frozenset("de")
    assert elect(renewing, {"d": "e", "a": "a"}, named="de").invalid == ("a",)
    points = org(statute=Statute(election=Election.POINTS))
    assert electors(points) == frozenset()
    with pytest.raises(ValueError, match="no vote"):
        elect(points, {"a": "a"})


def test_rotation() -> None:
    """O-287: rotation through the statute's order, skipping non-members and
    suspended members."""
    o = org(statute=Statute(election=Election.ROTATION, rotation=("z", "c", "a", "b")))
    assert rotation_next(o) == "b"
    assert rotation_next(replace(o, leader="b")) == "c"
    assert rotation_next(suspend(replace(o, leader="b"), "c", by=Approval.LEADER)) == "a"
    plain = org(statute=Statute(election=Election.ROTATION))
    assert rotation_next(plain) == "b"
    assert rotation_next(replace(plain, leader="f")) == "a"
    assert rotation_next(replace(plain, leader=None)) == "a"


def test_terms() -> None:
    """O-288, AMB-29: a fixed term of 3..10 years, or by default a variable
    term of 2d10 turns rolled for `organisation-term:<id>`."""
    with pytest.raises(ValueError, match="3..10"):
        Statute(term=Term.FIXED, fixed_years=11)
    with pytest.raises(ValueError, match="3..10"):
        Statute(term=Term.FIXED, fixed_years=2)
    fixed = org(statute=Statute(term=Term.FIXED, fixed_years=4))
    assert term_length(fixed, dice()) == 4
    assert install(fixed, "b", 612, dice()).term_end == 616
    d = dice()
    turns = term_length(org(), d)
    assert [r.purpose for r in d.rolls] == ["organisation-term:league"] * 2
    assert [r.sides for r in d.rolls] == [10, 10]
    assert turns == sum(r.result for r in d.rolls)
    lengths = {term_length(org(), dice(str(y))) for y in range(300)}
    assert min(lengths) >= 2 and max(lengths) <= 20 and len(lengths) > 10
    elected = install(org(), "c", 611, dice())
    assert elected.leader == "c" and elected.term_end == 611 + turns
    assert not term_over(elected, 611)
    assert term_over(elected, 611 + turns)
    assert term_over(replace(org(), leader=None), 600)


def test_reelection() -> None:
    """O-289: the Leader may be re-elected unless the statute forbids it."""
    assert "a" in candidates(org())
    closed = org(statute=Statute(reelection=False))
    assert "a" not in candidates(closed)
    with pytest.raises(ValueError, match="may not lead"):
        install(closed, "a", 610, dice())
    assert elect(closed, {"b": "a", "c": "b"}).winner == "b"
    assert rotation_next(replace(closed, statute=Statute(election=Election.ROTATION))) == "b"


def test_schism_at_one_third() -> None:
    """O-290, AMB-42: at least ⌈n/3⌉ members disowning the Leader and naming
    another start a schism (6 members: 2)."""
    o = org()
    with pytest.raises(ValueError, match="needs 2 members"):
        declare_schism(o, 605, "b", "b")
    s = declare_schism(o, 605, "bc", "d")
    assert s.schism is not None and s.schism.rival == "d"
    assert support(s, "d") == 3 and support(s, "a") == 3
    assert problems(s) == ()
    seven = org((*SIX, "g"))
    with pytest.raises(ValueError, match="needs 3 members"):
        declare_schism(seven, 605, "bc", "b")
    with pytest.raises(ValueError, match="other than the Leader"):
        declare_schism(o, 605, "ab", "b")
    with pytest.raises(ValueError, match="no single Leader"):
        declare_schism(s, 606, "ef", "e")


def test_schism_limits_leaders() -> None:
    """O-291: each Leader acts only for those recognising it; no organisation
    medidas; benefits and obligations suspended; admission only by conference."""
    s = declare_schism(org(), 605, "bc", "b")
    assert acts_for(s, "a") == frozenset("adef")
    assert acts_for(s, "b") == frozenset("bc")
    assert not benefits_active(s) and benefits_active(org())
    with pytest.raises(ValueError, match="in schism"):
        admit(s, "g", by=Approval.LEADER)
    g = admit(s, "g", by=Approval.CONFERENCE)
    assert g.schism is not None and g.schism.recognition["g"] == "a"
    moved = recognise(s, "d", "b")
    assert acts_for(moved, "b") == frozenset("bcd")
    with pytest.raises(ValueError, match="must resign"):
        recognise(s, "b", "a")
    with pytest.raises(ValueError, match="cannot recognise"):
        recognise(s, "d", "e")


def test_reconciliation_by_resignation_or_support() -> None:
    """O-292, AMB-42: a Leader resigns, or one reaches 0.8·n support."""
    s = declare_schism(org(), 605, "bc", "b")
    r = resign(s, "a")
    assert r.leader == "b" and r.schism is None and r.term_end == 610
    r = resign(s, "b")
    assert r.leader == "a" and r.schism is None
    assert reconcile_by_support(s) == s  # 4 of 6 < 4.8
    five = recognise(s, "c", "a")
    assert support(five, "a") == 5
    done = reconcile_by_support(five)
    assert done.leader == "a" and done.schism is None
    # exactly 0.8·n: 4 of 5 suffices
    o5 = declare_schism(org(tuple("abcde")), 605, "bc", "b")
    o5 = recognise(o5, "c", "a")
    assert support(o5, "a") == 4
    assert reconcile_by_support(o5).schism is None
    assert resign(org(), "a").leader is None
    with pytest.raises(ValueError, match="does not lead"):
        resign(s, "c")


def test_reconciliation_conference() -> None:
    """O-293, AMB-42: 80 % of the members convene a conference, even against
    the Leaders, and elect a Leader (one of the two or another), only in schism."""
    s = declare_schism(org(), 605, "bc", "b")
    with pytest.raises(ValueError, match="80 %"):
        reconciliation_conference(s, "cdef", "e", 606, dice())
    new = reconciliation_conference(s, "bcdef", "e", 606, dice())
    assert new.leader == "e" and new.schism is None and new.term_end is not None
    closed = declare_schism(org(statute=Statute(reelection=False)), 605, "bc", "b")
    assert reconciliation_conference(closed, "abcde", "a", 606, dice()).leader == "a"
    with pytest.raises(ValueError, match="not in schism"):
        reconciliation_conference(org(), SIX, "e", 606, dice())
    with pytest.raises(ValueError, match="reconcile first"):
        install(s, "e", 606, dice())


def test_split_after_fifteen_turns() -> None:
    """O-294: a schism lasting 15 turns (declared in S, at the end of S+14)
    splits the organisation in two, each Leader with its side."""
    s = declare_schism(suspend(org(), "c", by=Approval.LEADER), 605, "bc", "b")
    assert not schism_due(s, 618)
    assert schism_due(s, 619)
    with pytest.raises(ValueError, match="no 15-turn schism"):
        split(s, 618, "league2", "Second League")
    first, second = split(s, 619, "league2", "Second League")
    assert (first.id, first.leader, first.members) == ("league", "a", tuple("adef"))
    assert (second.id, second.leader, second.members) == ("league2", "b", ("b", "c"))
    assert second.suspended == frozenset({"c"}) and not first.suspended
    assert first.schism is None and second.founded == 619
    assert problems(first) == () and problems(second) == ()
    assert close_turn(second, 619).below_since == 619


def test_leaving_leader_in_schism_resigns() -> None:
    """O-286, O-292: a disputed Leader leaving ends the schism by resignation."""
    s = declare_schism(org(), 605, "bc", "b")
    gone = leave(s, "a")
    assert gone.leader == "b" and gone.schism is None and "a" not in gone.members
    assert problems(leave(s, "d")) == ()


OPS = st.lists(
    st.tuples(
        st.sampled_from(
            [
                "admit",
                "exclude",
                "leave",
                "suspend",
                "reinstate",
                "schism",
                "recognise",
                "resign",
                "reconcile",
                "install",
                "close",
            ]
        ),
        st.sampled_from("abcdefghij"),
        st.sampled_from("abcdefghij"),
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(ops=OPS)
def test_property_membership_invariants(ops: list[tuple[str, str, str]]) -> None:
    """O-279 .. O-294, AMB-42: whatever sequence of membership, election and
    schism acts is tried (refused ones raising ValueError), the Leader is a
    member, suspended nations are members, a schism has two member Leaders
    recognised by every member, and an organisation under five members for
    five turns is dissolved."""
    o = replace(found("p", "P", SIX, 600), leader="a", term_end=605)
    year = 600
    run = 0
    for op, x, y in ops:
        try:
            if op == "admit":
                o = admit(o, x, by=Approval.CONFERENCE)
            elif op == "exclude":
                o = exclude(o, x, by=Approval.CONFERENCE)
            elif op == "leave":
                o = leave(o, x)
            elif op == "suspend":
                o = suspend(o, x, by=Approval.CONFERENCE)
            elif op == "reinstate":
                o = reinstate(o, x)
            elif op == "schism":
                o = declare_schism(o, year, [m for m in o.members if m >= x and m != o.leader], y)
            elif op == "recognise":
                o = recognise(o, x, y)
            elif op == "resign":
                o = resign(o, x)
            elif op == "reconcile":
                o = reconcile_by_support(o)
            elif op == "install":
                o = install(o, x, year, dice(str(year)))
            else:
                year += 1
                was_active = o.active
                o = close_turn(o, year)
                run = run + 1 if len(o.members) < 5 else 0
                if was_active:
                    assert o.active == (run < 5)
        except ValueError:
            pass
        assert problems(o) == (), (op, x, y)
        assert len(set(o.members)) == len(o.members)
        if o.schism is not None:
            assert o.leader is not None and o.leader in o.members
