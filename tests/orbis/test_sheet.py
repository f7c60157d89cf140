"""The nation sheet: attributes, capacities, creation, NsJ points, kinds."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Attribute, Statistic
from adjudicator.rulesets.orbis.sheet import (
    Nation,
    NationKind,
    creation_problems,
    kind_conditions,
    nsj_points,
)

A = Attribute


def make(values: dict[Attribute, int] | None = None, **fields: object) -> Nation:
    attributes = dict.fromkeys(Attribute, 16)
    attributes.update(values or {})
    return Nation("n", "Nation", attributes, via=10, leg=10, **fields)  # type: ignore[arg-type]


def test_statistic_is_the_sum_of_its_two_attributes() -> None:
    """O-014, O-016: Ofensiva with MIL 20 and GES 30 is 50."""
    nation = make({A.MIL: 20, A.GES: 30})
    assert nation.statistic(Statistic.OFENSIVA) == 50
    assert nation.statistic(Statistic.MORAL) == 36  # MIL 20 + LEA 16


def test_capacities() -> None:
    """O-124: VIA capacity = MIL + ADM + ECN; O-125: LEG capacity = CLT + AUX + ECN."""
    nation = make({A.MIL: 20, A.ADM: 7, A.ECN: 11, A.CLT: 3, A.AUX: 5})
    assert nation.via_capacity == 38
    assert nation.leg_capacity == 19


def test_a_missing_attribute_is_refused() -> None:
    """O-079: a sheet holds all ten ámbitos."""
    values: dict[Attribute, int] = {a: 16 for a in Attribute if a is not A.PRS}
    with pytest.raises(ValueError, match="PRS"):
        Nation("n", "N", values, 0, 0)


def test_nation_without_player() -> None:
    """O-201: a NsJ has no player."""
    assert not make().has_player
    assert make(player="alicia").has_player


def test_valid_creation() -> None:
    """O-080, O-081: 80 points per group, 5..30 each."""
    nation = make({A.MIL: 30, A.AUX: 5, A.ECN: 15, A.CLT: 15, A.ADM: 15})
    assert creation_problems(nation) == ()


def test_creation_group_total() -> None:
    """O-080: each group spends exactly 80."""
    problems = creation_problems(make({A.MIL: 17}))
    assert len(problems) == 1
    assert "Dominio spends 81" in problems[0]
    assert "Autoridad" in creation_problems(make({A.PRS: 15}))[0]


def test_creation_bounds() -> None:
    """O-081: below 5 or above 30 is refused at creation."""
    problems = creation_problems(make({A.MIL: 31, A.AUX: 1}))
    assert any("MIL is 31" in p for p in problems)
    assert any("AUX is 1" in p for p in problems)
    assert not any("Dominio spends" in p for p in problems)  # 31 + 1 + 16 * 3 = 80


def test_attributes_grow_past_thirty_in_play() -> None:
    """O-092: an attribute of 100 is a valid sheet, only not a valid creation."""
    nation = make({A.ECN: 100})
    assert nation.value(A.ECN) == 100
    assert creation_problems(nation)


def test_nsj_points_literal() -> None:
    """O-201, AMB-22: preponderant MIL → MIL 30, ADM 25, CLT 20, ECN 15, AUX 10, with a warning."""
    points = nsj_points(A.MIL, A.GES)
    assert {a: points.attributes[a] for a in DOMINIO} == {
        A.MIL: 30,
        A.ADM: 25,
        A.CLT: 20,
        A.ECN: 15,
        A.AUX: 10,
    }
    assert {a: points.attributes[a] for a in AUTORIDAD} == {
        A.GES: 30,
        A.PRS: 25,
        A.INT: 20,
        A.TCN: 15,
        A.LEA: 10,
    }
    assert len(points.warnings) == 1
    assert "100" in points.warnings[0]


def test_nsj_points_wrap_from_the_middle() -> None:
    """O-201, AMB-22: preponderant ECN → ECN 30, AUX 25, MIL 20, ADM 15, CLT 10."""
    points = nsj_points(A.ECN, A.TCN)
    assert [points.attributes[a] for a in (A.ECN, A.AUX, A.MIL, A.ADM, A.CLT)] == [
        30,
        25,
        20,
        15,
        10,
    ]
    assert [points.attributes[a] for a in (A.TCN, A.LEA, A.GES, A.PRS, A.INT)] == [
        30,
        25,
        20,
        15,
        10,
    ]


def test_nsj_points_scaled() -> None:
    """AMB-22: option nsj_points: scaled gives 24/20/16/12/8, a valid creation (O-080)."""
    points = nsj_points(A.MIL, A.GES, rule="scaled")
    assert points.attributes[A.MIL] == 24
    assert points.attributes[A.AUX] == 8
    assert points.warnings == ()
    nation = Nation("n", "N", points.attributes, 0, 0)
    assert creation_problems(nation) == ()


def test_nsj_points_group_checked() -> None:
    """O-201: one preponderant attribute per group."""
    with pytest.raises(ValueError, match="Dominio"):
        nsj_points(A.GES, A.GES)
    with pytest.raises(ValueError, match="Autoridad"):
        nsj_points(A.MIL, A.MIL)


def test_horde_conditions() -> None:
    """O-177, AMB-20: hordes +10 (penalty) on ADM and ECN, −10 (bonus) on MIL and CLT."""
    assert dict(kind_conditions(NationKind.HORDE)) == {A.ADM: 10, A.ECN: 10, A.MIL: -10, A.CLT: -10}


def test_host_conditions() -> None:
    """O-180, AMB-20: hosts +10 on PRS and INT, −10 on GES and LEA."""
    assert dict(kind_conditions(NationKind.HOST)) == {A.PRS: 10, A.INT: 10, A.GES: -10, A.LEA: -10}


def test_states_and_colonies_have_no_conditions() -> None:
    """O-175: sedentary states follow the generic rules; colonies too."""
    assert dict(kind_conditions(NationKind.STATE)) == {}
    assert dict(kind_conditions(NationKind.COLONY)) == {}


def test_with_attributes_is_a_copy() -> None:
    """O-142, O-163: a bought point changes one attribute of a new sheet."""
    nation = make()
    after = nation.with_attributes({A.GES: 17})
    assert after.value(A.GES) == 17
    assert nation.value(A.GES) == 16
    assert after != nation
    assert hash(make()) == hash(nation)
