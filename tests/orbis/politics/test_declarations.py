"""Declarations (rulebook 000 "Tratados y Declaraciones")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.modifiers import active
from adjudicator.rulesets.orbis.politics.declarations import (
    DEFAULT_PENALTY,
    Declaration,
    DeclarationKind,
    Penalty,
    adhere,
    break_declaration,
    breaking_penalty,
    declare,
    joint,
    reassume,
    revoke,
    violation,
)
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind

_N = DeclarationKind.NEUTRALITY


def _neutral(*nations: str, year: int = 600, penalty: Penalty | None = None) -> Declaration:
    return declare("d1", nations or ("A",), "Neutrality", _N, year, penalty)


def _on_roll(records: tuple[Modifier, ...], year: int) -> int:
    attrs = Statistic.DIPLOMACIA.attributes
    return sum(r.value for r in active(records, year) if r.attribute in attrs)


def test_neutrality_binds_and_breach_costs_the_declarant() -> None:
    """O-248, O-250, O-252, AMB-40: a Neutrality declaration binds its
    declarant; broken without notice in 603 it costs the default +5 on every
    roll for five years, 604..608."""
    d = _neutral()
    assert d.binds("A", 600) and d.in_force(650) and not d.binds("B", 600)
    breach = break_declaration(d, 603, "A")
    (s,) = breach.sanctions
    assert s.nation == "A" and all(r.kind is ModifierKind.BEHAVIOUR for r in s.records)
    assert _on_roll(s.records, 608) == 5 and _on_roll(s.records, 609) == 0
    assert breach.declaration.broken == 603 and not breach.declaration.in_force(603)
    assert "O-252" in breach.notes[0]


def test_force_majeure_spares_the_declarant_and_penalises_the_attacker() -> None:
    """O-248, O-250: a neutral forced into a defensive war breaks its
    declaration without penalty; the nation that forced it is penalised."""
    d = _neutral(penalty=Penalty(10, 4))
    breach = break_declaration(d, 605, "A", force_majeure=True, forced_by=("B",))
    (s,) = breach.sanctions
    assert s.nation == "B" and {r.value for r in s.records} == {10}
    assert {r.until for r in s.records} == {609}
    assert breach.declaration.broken == 605
    both = break_declaration(d, 605, "A", forced_by=("B", "B"))
    assert [x.nation for x in both.sanctions] == ["A", "B"]
    with pytest.raises(ValueError):
        break_declaration(d, 605, "A", forced_by=("A",))


def test_violation_without_breach() -> None:
    """O-248: the nations that act against a declaration (attack a neutral)
    are penalised even if it stands."""
    d = _neutral()
    s = violation(d, "B", 601)
    assert s.nation == "B" and _on_roll(s.records, 606) == 5
    with pytest.raises(ValueError, match="breach"):
        violation(d, "A", 601)


def test_revocation_two_years_notice() -> None:
    """O-250, AMB-40: a revocation noticed in Y binds through Y+1 and lapses
    in Y+2; breaking in Y+1 is still a breach with a penalty."""
    d = revoke(_neutral(), "A", 610)
    assert d.revoked_notice("A") == 610
    assert d.binds("A", 610) and d.binds("A", 611) and not d.binds("A", 612)
    assert break_declaration(d, 611, "A").sanctions[0].nation == "A"
    with pytest.raises(ValueError, match="not bound"):
        break_declaration(d, 612, "A")
    with pytest.raises(ValueError, match="already given notice"):
        revoke(d, "A", 611)


def test_reassume_after_revocation_or_breach() -> None:
    """O-251: a revoked or broken declaration may be reassumed."""
    lapsed = revoke(_neutral(), "A", 610)
    again = reassume(lapsed, ["A"], 615)
    assert again.id == "d1" and again.binds("A", 615) and again.revoked_notice("A") is None
    broken = break_declaration(_neutral(), 603, "A").declaration
    fresh = reassume(broken, ["A"], 604)
    assert fresh.id == "d1/604" and fresh.reassumes == "d1" and fresh.binds("A", 604)
    with pytest.raises(ValueError, match="neither revoked nor broke"):
        reassume(_neutral(), ["A"], 604)
    with pytest.raises(ValueError, match="never made"):
        reassume(broken, ["B"], 604)


def test_penalty_default_own_and_caps() -> None:
    """O-252: the declaration's own penalty; unstated or unreasonable → +5
    for five years; never above +15 nor 10 years."""
    assert breaking_penalty(_neutral())[0] == DEFAULT_PENALTY == Penalty(5, 5)
    own = Penalty(7, 3, (Attribute.MIL,))
    assert breaking_penalty(_neutral(penalty=own)) == (own, ())
    unreasonable = declare("d", ["A"], "t", _N, 600, Penalty(40, 40), reasonable=False)
    assert breaking_penalty(unreasonable)[0] == DEFAULT_PENALTY
    capped, notes = breaking_penalty(_neutral(penalty=Penalty(20, 12)))
    assert (capped.value, capped.years) == (15, 10) and "O-252" in notes[0]
    (s,) = break_declaration(_neutral(penalty=Penalty(20, 12)), 600, "A").sanctions
    assert _on_roll(s.records, 610) == 15 and _on_roll(s.records, 611) == 0


def test_joint_declaration_same_turn() -> None:
    """O-253: the same declaration by several nations in the same turn is a
    joint declaration; another turn or another text stays apart."""
    a = declare("dA", ["A"], "Neutrality", _N, 600)
    b = declare("dB", ["B"], " neutrality ", _N, 600)
    c = declare("dC", ["C"], "Neutrality", _N, 601)
    e = declare("dE", ["E"], "Armed neutrality", _N, 600)
    merged = joint([a, b, c, e])
    assert [d.id for d in merged] == ["dA", "dC", "dE"]
    assert merged[0].declarants == ("A", "B") and merged[0].joint
    assert not merged[1].joint


def test_adhesion_to_a_declaration() -> None:
    """O-253: a nation may adhere to another's existing declaration."""
    res = adhere(_neutral(), "B", 605)
    assert res.joined and res.declaration.declarants == ("A", "B")
    assert res.declaration.binds("B", 605) and not res.declaration.binds("B", 604)
    with pytest.raises(ValueError, match="already bound"):
        adhere(res.declaration, "B", 606)


def test_joint_broken_for_all_revocation_individual() -> None:
    """O-254: a joint declaration broken by one party is broken for all, the
    others reassume to keep it; a revocation is individual."""
    d = _neutral("A", "B", "C")
    broken = break_declaration(d, 603, "B").declaration
    assert not any(broken.binds(n, 603) for n in "ABC")
    assert [s.nation for s in break_declaration(d, 603, "B").sanctions] == ["B"]
    kept = reassume(broken, ["A", "C"], 603)
    assert kept.declarants == ("A", "C") and kept.in_force(603)
    revoked = revoke(d, "B", 603)
    assert not revoked.binds("B", 605) and revoked.binds("A", 605) and revoked.binds("C", 605)


def test_broken_for_one_party_by_force() -> None:
    """O-254: broken *for* one party (forced, force majeure) it is broken for
    all, without penalty to the forced party."""
    d = _neutral("A", "B")
    breach = break_declaration(d, 603, "A", force_majeure=True, forced_by=("X",))
    assert [s.nation for s in breach.sanctions] == ["X"]
    assert not breach.declaration.binds("B", 603)


def test_reservations() -> None:
    """O-255: reservations in a joint declaration if the others accept;
    otherwise a similar but distinct declaration."""
    d = _neutral("A", "B")
    ok = adhere(d, "C", 601, ("may arm",), accepted_by={"A", "B"})
    assert ok.joined and ok.declaration.party("C").reservations == ("may arm",)
    no = adhere(d, "C", 601, ("may arm",), accepted_by={"A"})
    assert not no.joined
    assert no.declaration.id == "d1~C" and no.declaration.similar_to == "d1"
    assert no.declaration.declarants == ("C",)
    assert no.declaration.party("C").reservations == ("may arm",)


@settings(max_examples=200, deadline=None)
@given(
    st.one_of(st.none(), st.builds(Penalty, st.integers(1, 60), st.integers(1, 40))),
    st.booleans(),
    st.integers(500, 900),
    st.booleans(),
    st.lists(st.sampled_from(["X", "Y", "Z"]), max_size=3),
)
def test_property_penalties_within_caps(
    penalty: Penalty | None, reasonable: bool, year: int, majeure: bool, forcers: list[str]
) -> None:
    """O-252, AMB-40: whatever the declaration states, a breaking penalty is
    never above +15 per record nor active past 10 years after the breach,
    and it outlasts the breach year (it runs from the next turn)."""
    d = declare("d", ["A", "B"], "t", _N, year, penalty, reasonable=reasonable)
    breach = break_declaration(d, year, "A", force_majeure=majeure, forced_by=forcers)
    assert len(breach.sanctions) == len(set(forcers)) + (0 if majeure else 1)
    for s in breach.sanctions:
        for r in s.records:
            assert 0 < r.value <= 15 and year < r.until <= year + 10
