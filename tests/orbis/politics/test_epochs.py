"""Epochs: the trigger, the total and the partial reset (rulebook 000 "Épocas";
O-295 .. O-300; AMB-30, AMB-31)."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Attribute, Group, Statistic
from adjudicator.rulesets.orbis.politics.epochs import (
    EPOCH_THRESHOLD,
    EpochKind,
    EpochTrigger,
    Redistribution,
    epoch_triggered,
    epoch_triggers,
    group_points,
    partial_reset,
    partial_reset_nation,
    redistribute,
    redistribution_problems,
    rescale_index,
    scale_group,
    total_reset,
)
from adjudicator.rulesets.orbis.prosperity import Purchase, PurchaseKind, apply_purchase
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation, NationKind

A = Attribute
START = {a: 16 for a in Attribute}


def make(
    attributes: dict[Attribute, int] | None = None,
    *,
    nation_id: str = "gal",
    player: str | None = "ana",
    via: int | None = None,
    leg: int | None = None,
) -> Nation:
    """A nation with full indices unless told (START: every attribute 16)."""
    probe = Nation(nation_id, nation_id.title(), attributes or START, 0, 0)
    return Nation(
        nation_id,
        nation_id.title(),
        attributes or START,
        probe.via_capacity if via is None else via,
        probe.leg_capacity if leg is None else leg,
        player=player,
    )


# --- the base grows (O-295) --------------------------------------------------------------


def test_base_grows_by_spending_and_milestones() -> None:
    """O-295 (O-142, O-163): PRO and RQU buy points and the GM grants more, so
    the base passes 80; a partial reset brings it back."""
    nation = Nation("gal", "Galia", START, 48, 48, rqu=40, pro=30, player="ana")
    assert group_points(nation) == {Group.DOMINIO: 80, Group.AUTORIDAD: 80}
    nation, problem = apply_purchase(nation, Purchase(PurchaseKind.PRO_DOMINIO_POINT, A.MIL), 700)
    assert problem is None
    nation, problem = apply_purchase(nation, Purchase(PurchaseKind.RQU_AUTORIDAD_POINT, A.GES), 700)
    assert problem is None
    nation = nation.with_attributes({A.PRS: nation.value(A.PRS) + 3})  # a milestone
    assert group_points(nation) == {Group.DOMINIO: 81, Group.AUTORIDAD: 84}
    assert group_points(partial_reset_nation(nation)) == {Group.DOMINIO: 80, Group.AUTORIDAD: 80}


# --- the trigger (O-296, AMB-31) -----------------------------------------------------------


def test_95_in_a_player_statistic_triggers() -> None:
    """O-296, AMB-31: a player nation's statistic at 95 triggers an epoch; 94 does not."""
    at_94 = make({**START, A.MIL: 50, A.GES: 44})
    assert not epoch_triggered([at_94])
    at_95 = make({**START, A.MIL: 50, A.GES: 45})
    assert epoch_triggered([at_95])
    assert epoch_triggers([at_95]) == (EpochTrigger("gal", Statistic.OFENSIVA, 95),)
    assert EPOCH_THRESHOLD == 95


def test_above_95_triggers_and_lists_every_statistic() -> None:
    """O-296, AMB-31: ≥ 95 (not only exactly 95); every such statistic is listed."""
    nation = make({**START, A.MIL: 60, A.GES: 40, A.LEA: 36})
    assert epoch_triggers([nation]) == (
        EpochTrigger("gal", Statistic.OFENSIVA, 100),
        EpochTrigger("gal", Statistic.MORAL, 96),
    )


def test_nation_without_player_does_not_trigger() -> None:
    """O-296, AMB-31: only a player's nation triggers an epoch."""
    nsj = make({**START, A.MIL: 80, A.GES: 80}, player=None)
    assert not epoch_triggered([nsj])
    assert epoch_triggered([nsj, make({**START, A.ECN: 50, A.PRS: 45}, nation_id="ibe")])


def test_trigger_counts_points_not_modifiers() -> None:
    """O-296: the statistic's points trigger it; a bonus on the roll does not."""
    nation = make({**START, A.MIL: 50, A.GES: 40})
    bonus = Modifier(A.MIL, -25, 705, ModifierKind.EVENT, "event")
    assert not epoch_triggered([replace(nation, modifiers=(bonus,))])


# --- what stays (O-297) -------------------------------------------------------------------


def rich() -> Nation:
    return Nation(
        "gal",
        "Galia",
        {**START, A.MIL: 40, A.ECN: 30, A.GES: 35},
        50,
        20,
        rqu=17,
        pro=9,
        kind=NationKind.HORDE,
        player="ana",
        aliases=("galos",),
        modifiers=(Modifier(A.CLT, -8, 704, ModifierKind.MEDIDA, "m1"),),
        vassal_of="rom",
        colour="#123456",
    )


@pytest.mark.parametrize("kind", list(EpochKind))
def test_reset_is_mechanical_not_narrative(kind: EpochKind) -> None:
    """O-297, AMB-30: nations stay, with their name, player, patron, kind,
    colour, RQU, PRO and modifiers; only the points (and the indices' values) change."""
    before = rich()
    if kind is EpochKind.PARTIAL:
        after = partial_reset_nation(before)
    else:
        after = redistribute(before, {a: 16 for a in Attribute})
    assert after.attributes != before.attributes
    for field in ("id", "name", "player", "vassal_of", "kind", "colour", "aliases"):
        assert getattr(after, field) == getattr(before, field), field
    assert (after.rqu, after.pro, after.modifiers) == (17, 9, before.modifiers)


def test_total_or_partial_is_the_gms_choice() -> None:
    """O-300: the GM chooses, with the players, one of the two resets."""
    assert {k.value for k in EpochKind} == {"total", "partial"}


# --- the total reset (O-298) ----------------------------------------------------------------


def test_total_reset_lists_who_redistributes() -> None:
    """O-298: every nation is to be redistributed, by its player (or the GM for a NsJ)."""
    nations = [make(nation_id="ibe", player="bea"), rich(), make(nation_id="ara", player=None)]
    pending = total_reset(nations)
    assert [(p.nation, p.redistributor) for p in pending] == [
        ("ara", None),
        ("gal", "ana"),
        ("ibe", "bea"),
    ]
    assert pending[1].previous == rich().attributes
    assert [p.nation for p in total_reset(nations, players_only=True)] == ["gal", "ibe"]
    assert isinstance(pending[0], Redistribution)


def test_total_reset_under_the_initial_rules() -> None:
    """O-298 (O-080, O-081): the new distribution spends 80 per group, 5..30 each."""
    nation = rich()
    fine = {A.MIL: 30, A.AUX: 5, A.ECN: 20, A.CLT: 20, A.ADM: 5, **{a: 16 for a in AUTORIDAD}}
    assert redistribution_problems(nation, fine) == ()
    after = redistribute(nation, fine)
    assert dict(after.attributes) == fine
    too_much = {**fine, A.MIL: 31, A.AUX: 4}
    problems = redistribution_problems(nation, too_much)
    assert any("O-081" in p and "MIL" in p for p in problems)
    assert any("O-081" in p and "AUX" in p for p in problems)
    with pytest.raises(ValueError, match="O-080"):
        redistribute(nation, {**fine, A.PRS: 17})
    with pytest.raises(ValueError, match="missing"):
        redistribute(nation, {a: v for a, v in fine.items() if a is not A.PRS})


def test_total_reset_indices_keep_their_share() -> None:
    """O-298, AMB-30: after the redistribution VIA and LEG keep their share of capacity."""
    nation = rich()  # VIA 50 of 40+16+30 = 86, LEG 20 of 16+16+30 = 62
    after = redistribute(nation, {a: 16 for a in Attribute})  # capacities 48 and 48
    assert after.via == 28  # 50·48/86 = 27.9
    assert after.leg == 15  # 20·48/62 = 15.48


# --- the partial reset (O-299, AMB-30) --------------------------------------------------------


def test_partial_reset_worked_example() -> None:
    """O-299, AMB-30: Dominio 50/25/25/1/1 (102) becomes 39/20/19/1/1: whole
    shares 39/19/19/0/0, the three points left to the largest remainders
    (0.78, 0.78, then AUX before ECN at 0.61); no 5..30 bounds."""
    attributes = {A.MIL: 50, A.AUX: 25, A.ECN: 25, A.CLT: 1, A.ADM: 1, **{a: 16 for a in AUTORIDAD}}
    nation = make(attributes, via=38, leg=51)  # VIA 38 of 76 (half), LEG 51 of 51 (full)
    after = partial_reset_nation(nation)
    assert [after.value(a) for a in DOMINIO] == [39, 20, 19, 1, 1]
    assert [after.value(a) for a in AUTORIDAD] == [16] * 5
    assert after.via_capacity == 59
    assert after.via == 30  # 29.5, halves up
    assert after.leg_capacity == 40
    assert after.leg == 40  # full stays full


def test_partial_reset_scales_up_too() -> None:
    """O-299, AMB-30: a group below 80 (points lost) is scaled up in proportion."""
    scaled = scale_group({A.GES: 10, A.LEA: 10, A.TCN: 10, A.INT: 5, A.PRS: 5})
    assert scaled == {A.GES: 20, A.LEA: 20, A.TCN: 20, A.INT: 10, A.PRS: 10}


def test_scale_group_ties_and_zeros() -> None:
    """AMB-30: remainder ties go to the larger value, then the first listed; a zero
    stays zero; a group of zeros is split equally."""
    assert scale_group({A.MIL: 1, A.AUX: 1, A.ECN: 1, A.CLT: 0, A.ADM: 0}) == {
        A.MIL: 27,
        A.AUX: 27,
        A.ECN: 26,
        A.CLT: 0,
        A.ADM: 0,
    }
    assert scale_group({A.MIL: 1, A.AUX: 3, A.ECN: 0, A.CLT: 0, A.ADM: 0}, 2) == {
        A.MIL: 0,  # 0.5 and 1.5: the same remainder, the larger value wins it
        A.AUX: 2,
        A.ECN: 0,
        A.CLT: 0,
        A.ADM: 0,
    }
    assert scale_group(dict.fromkeys(DOMINIO, 0)) == dict.fromkeys(DOMINIO, 16)
    with pytest.raises(ValueError, match="negative"):
        scale_group({A.MIL: -1, A.AUX: 5})


def test_rescale_index_never_empties_nor_fills() -> None:
    """AMB-30, O-130, O-135: the share rounds to the nearest point, but a
    living index stays ≥ 1 and a damaged one stays below capacity."""
    assert rescale_index(1, 200, 50) == 1  # 0.25 would round to 0
    assert rescale_index(199, 200, 50) == 49  # 49.75 would round to 50
    assert rescale_index(0, 200, 50) == 0
    assert rescale_index(200, 200, 50) == 50
    assert rescale_index(30, 60, 30) == 15
    assert rescale_index(5, 60, 1) == 1
    assert rescale_index(5, 0, 30) == 0
    assert rescale_index(5, 60, 0) == 0


def test_partial_reset_of_all_or_players_only() -> None:
    """O-299, AMB-30: every nation by default, only the players' on request; order kept."""
    big = {**START, A.MIL: 40}
    nations = [make(big, nation_id="ibe"), make(big, nation_id="ara", player=None)]
    everyone = partial_reset(nations)
    assert [n.id for n in everyone] == ["ibe", "ara"]
    assert all(group_points(n)[Group.DOMINIO] == 80 for n in everyone)
    players = partial_reset(nations, players_only=True)
    assert group_points(players[0])[Group.DOMINIO] == 80
    assert players[1] == nations[1]
    assert group_points(players[1])[Group.DOMINIO] == 104


# --- property (AMB-30) ------------------------------------------------------------------------


@st.composite
def sheets(draw: st.DrawFn) -> Nation:
    attributes = {a: draw(st.integers(0, 150)) for a in Attribute}
    probe = Nation("n", "N", attributes, 0, 0)
    return Nation(
        "n",
        "N",
        attributes,
        draw(st.integers(0, probe.via_capacity)),
        draw(st.integers(0, probe.leg_capacity)),
        rqu=draw(st.integers(0, 99)),
        pro=draw(st.integers(0, 99)),
        player=draw(st.sampled_from([None, "p"])),
    )


@given(sheets())
def test_partial_reset_property(nation: Nation) -> None:
    """O-299, AMB-30: groups of exactly 80; each attribute within one point of
    its exact share and in the same order; indices within capacity, empty,
    damaged or full as before when the capacity allows; RQU and PRO kept."""
    after = partial_reset_nation(nation)
    for group, members in ((Group.DOMINIO, DOMINIO), (Group.AUTORIDAD, AUTORIDAD)):
        assert group_points(after)[group] == 80
        whole = sum(nation.value(a) for a in members)
        for a in members:
            if whole:
                assert abs(after.value(a) - Fraction(80 * nation.value(a), whole)) < 1
            for b in members:
                if nation.value(a) > nation.value(b):
                    assert after.value(a) >= after.value(b)
    for value, cap, new, new_cap in (
        (nation.via, nation.via_capacity, after.via, after.via_capacity),
        (nation.leg, nation.leg_capacity, after.leg, after.leg_capacity),
    ):
        assert 0 <= new <= new_cap
        if cap and new_cap:
            assert (new == 0) == (value == 0)
            if new_cap > 1 and value < cap:
                assert new < new_cap
            if value == cap:
                assert new == new_cap
    assert (after.rqu, after.pro) == (nation.rqu, nation.pro)
