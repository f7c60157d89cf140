"""Prosperity: purchases, gains by roll, thefts and their caps; invariants."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic, Variant
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.prosperity import (
    Purchase,
    PurchaseKind,
    Reach,
    Resource,
    Theft,
    TheftLedger,
    apply_purchase,
    apply_purchases,
    desarrollo_gain,
    intervencion_gain,
    steal,
    theft_cap,
    theft_table,
)
from adjudicator.rulesets.orbis.records import ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import Index, change_index, cycle_end, damage

A = Attribute
K = PurchaseKind


def make(rqu: int = 100, pro: int = 100, via: int = 30, leg: int = 30, **fields: object) -> Nation:
    """VIA and LEG capacities 60 (all attributes 20)."""
    return Nation(
        "n",
        "N",
        dict.fromkeys(Attribute, 20),
        via,
        leg,
        rqu,
        pro,
        **fields,  # type: ignore[arg-type]
    )


def buy(kind: PurchaseKind, nation: Nation | None = None, **fields: object) -> Nation:
    after, problem = apply_purchase(nation or make(), Purchase(kind, **fields), 500)  # type: ignore[arg-type]
    assert problem is None
    return after


# --- purchases, one test per row ---------------------------------------------------------


def test_rqu_buys_an_autoridad_bonus() -> None:
    """O-138, AMB-17: 5 RQU, a −6 on a named Autoridad attribute, as a medida's (AMB-07: 5 years)."""
    after = buy(K.RQU_AUTORIDAD_BONUS, attribute=A.GES)
    assert after.rqu == 95
    (bonus,) = after.modifiers
    assert (bonus.attribute, bonus.value, bonus.until) == (A.GES, -6, 504)
    assert bonus.kind is ModifierKind.PURCHASE


def test_rqu_buys_pro() -> None:
    """O-139: 10 RQU buy +1 PRO."""
    after = buy(K.RQU_PRO)
    assert (after.rqu, after.pro) == (90, 101)


def test_rqu_restores_leg() -> None:
    """O-140: 15 RQU restore +3 LEG."""
    after = buy(K.RQU_LEG)
    assert (after.rqu, after.leg, after.via) == (85, 33, 30)


def test_rqu_restores_via() -> None:
    """O-141: 20 RQU restore +6 VIA."""
    after = buy(K.RQU_VIA)
    assert (after.rqu, after.via, after.leg) == (80, 36, 30)


def test_rqu_buys_an_autoridad_point() -> None:
    """O-142: 40 RQU buy one Autoridad point."""
    after = buy(K.RQU_AUTORIDAD_POINT, attribute=A.INT)
    assert (after.rqu, after.value(A.INT)) == (60, 21)


def test_pro_buys_rqu() -> None:
    """O-156: 1 PRO buys +10 RQU."""
    after = buy(K.PRO_RQU)
    assert (after.pro, after.rqu) == (99, 110)


def test_pro_buys_a_dominio_bonus() -> None:
    """O-157, AMB-17: 1 PRO, a −6 on a named Dominio attribute."""
    after = buy(K.PRO_DOMINIO_BONUS, attribute=A.MIL)
    assert after.pro == 99
    assert [(m.attribute, m.value, m.until) for m in after.modifiers] == [(A.MIL, -6, 504)]


def test_pro_restores_via() -> None:
    """O-158: 5 PRO restore +3 VIA."""
    after = buy(K.PRO_VIA)
    assert (after.pro, after.via) == (95, 33)


def test_pro_restores_leg() -> None:
    """O-159: 10 PRO restore +6 LEG."""
    after = buy(K.PRO_LEG)
    assert (after.pro, after.leg) == (90, 36)


def test_pro_buys_a_reach_change() -> None:
    """O-160: 15 PRO, a Lejanía removed or a Cercanía made: the request only costs."""
    after = buy(K.PRO_REACH, target="bizancio", reach=Reach.REMOVE_LEJANIA)
    assert after.pro == 85
    _, problem = apply_purchase(make(), Purchase(K.PRO_REACH), 500)
    assert problem is not None and "other nation" in problem


def test_pro_buys_an_extra_medida() -> None:
    """O-161: 20 PRO buy an extra medida."""
    assert buy(K.PRO_MEDIDA).pro == 80


def test_pro_buys_a_special_medida() -> None:
    """O-162, AMB-19: 25 PRO, one of the five special medidas, named."""
    assert buy(K.PRO_SPECIAL, variant=Variant.ASENTAMIENTO).pro == 75
    for variant in (None, Variant.DEFENSA):
        _, problem = apply_purchase(make(), Purchase(K.PRO_SPECIAL, variant=variant), 500)
        assert problem is not None and "asentamiento" in problem


def test_pro_buys_a_dominio_point() -> None:
    """O-163: 30 PRO buy one Dominio point."""
    after = buy(K.PRO_DOMINIO_POINT, attribute=A.ECN)
    assert (after.pro, after.value(A.ECN), after.via_capacity) == (70, 21, 61)


@pytest.mark.parametrize(
    ("kind", "attribute"),
    [
        (K.RQU_AUTORIDAD_BONUS, A.MIL),
        (K.RQU_AUTORIDAD_POINT, None),
        (K.PRO_DOMINIO_BONUS, A.GES),
        (K.PRO_DOMINIO_POINT, A.PRS),
    ],
)
def test_attribute_of_the_right_group(kind: PurchaseKind, attribute: Attribute | None) -> None:
    """AMB-17: the buyer names an attribute of the group (Autoridad for RQU, Dominio for PRO)."""
    nation = make()
    after, problem = apply_purchase(nation, Purchase(kind, attribute=attribute), 500)
    assert after == nation
    assert problem is not None and "AMB-17" in problem


@pytest.mark.parametrize(
    ("kind", "rqu", "pro"),
    [(K.RQU_VIA, 19, 100), (K.RQU_AUTORIDAD_POINT, 39, 0), (K.PRO_DOMINIO_POINT, 0, 29)],
)
def test_refused_when_it_cannot_pay(kind: PurchaseKind, rqu: int, pro: int) -> None:
    """O-138 .. O-163, AMB-17: a purchase the nation cannot pay is refused, nothing changes."""
    nation = make(rqu=rqu, pro=pro)
    after, problem = apply_purchase(
        nation, Purchase(kind, attribute=A.ADM if "dominio" in kind else A.TCN), 500
    )
    assert after == nation
    assert problem is not None and "cannot pay" in problem


def test_restoration_of_a_full_index_refused() -> None:
    """AMB-16: a restoration of a full index would buy nothing: refused."""
    nation = make(via=60)
    after, problem = apply_purchase(nation, Purchase(K.PRO_VIA), 500)
    assert after == nation and problem is not None and "full" in problem


def test_restoration_capped() -> None:
    """O-141, AMB-16: +6 VIA at 58 of 60 stops at 60."""
    assert buy(K.RQU_VIA, make(via=58)).via == 60


def test_purchases_in_the_order_written() -> None:
    """AMB-17: paid in the order written; a refused one is skipped, the next still tried."""
    first = [Purchase(K.RQU_PRO), Purchase(K.RQU_AUTORIDAD_BONUS, attribute=A.LEA)]
    after, problems = apply_purchases(make(rqu=12, pro=0), first, 500)
    assert (after.rqu, after.pro, after.modifiers) == (2, 1, ())
    assert len(problems) == 1
    after, problems = apply_purchases(make(rqu=12, pro=0), list(reversed(first)), 500)
    assert (after.rqu, after.pro, len(after.modifiers)) == (7, 0, 1)
    assert len(problems) == 1
    chained = [Purchase(K.PRO_RQU), Purchase(K.RQU_VIA)]
    after, problems = apply_purchases(make(rqu=10, pro=1), chained, 500)
    assert (after.rqu, after.pro, after.via, problems) == (0, 0, 36, ())


# --- gains by roll -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "gain", "rule"),
    [(Level.LE, 1, "O-145"), (Level.E, 3, "O-146"), (Level.ME, 5, "O-147"), (Level.EC, 8, "O-148")],
)
def test_intervencion(level: Level, gain: int, rule: str) -> None:
    """O-145 .. O-148: Intervención gains RQU."""
    assert intervencion_gain(level) == gain, rule


@pytest.mark.parametrize(
    ("level", "gain", "rule"),
    [(Level.LE, 1, "O-166"), (Level.E, 2, "O-167"), (Level.ME, 3, "O-168"), (Level.EC, 4, "O-169")],
)
def test_desarrollo(level: Level, gain: int, rule: str) -> None:
    """O-166 .. O-169: Desarrollo gains PRO."""
    assert desarrollo_gain(level) == gain, rule


def test_failures_gain_nothing() -> None:
    """O-145, O-166, O-150, O-171: the tables list successes only."""
    for level in (Level.LF, Level.F, Level.MF, Level.FC):
        assert intervencion_gain(level) == desarrollo_gain(level) == 0
        assert theft_table(Statistic.SABOTAJE, level) == Theft(0, 0)


@pytest.mark.parametrize(
    ("statistic", "level", "loss", "gain", "rule"),
    [
        (Statistic.SABOTAJE, Level.LE, 1, 0, "O-150"),
        (Statistic.SABOTAJE, Level.E, 2, 2, "O-151"),
        (Statistic.SABOTAJE, Level.ME, 5, 4, "O-152"),
        (Statistic.SABOTAJE, Level.EC, 9, 7, "O-153"),
        (Statistic.ESPIONAJE, Level.LE, 1, 0, "O-171"),
        (Statistic.ESPIONAJE, Level.E, 2, 0, "O-172"),
        (Statistic.ESPIONAJE, Level.ME, 3, 2, "O-173"),
        (Statistic.ESPIONAJE, Level.EC, 4, 3, "O-174"),
    ],
)
def test_theft_tables_against_a_player(
    statistic: Statistic, level: Level, loss: int, gain: int, rule: str
) -> None:
    """O-150 .. O-153, O-171 .. O-174: a player's nation has no cap (O-149, O-170)."""
    thief = make(rqu=0, pro=0)
    target = Nation("t", "T", dict.fromkeys(Attribute, 20), 60, 60, 20, 20, player="bob")
    result = steal(thief, target, statistic, level, 500, TheftLedger())
    assert (result.loss, result.gain) == (loss, gain), rule
    attr = "rqu" if statistic is Statistic.SABOTAJE else "pro"
    assert getattr(result.target, attr) == 20 - loss
    assert getattr(result.thief, attr) == gain


def test_theft_table_only_for_thefts() -> None:
    """O-109, O-108: only Sabotaje and Espionaje steal."""
    with pytest.raises(ValueError):
        theft_table(Statistic.COMERCIO, Level.E)


def nsj(rqu: int = 50, pro: int = 50, **fields: object) -> Nation:
    return Nation("t", "T", dict.fromkeys(Attribute, 20), 60, 60, rqu, pro, **fields)  # type: ignore[arg-type]


def test_nsj_rqu_cap_over_ten_years() -> None:
    """O-149, AMB-18: a NsJ loses at most 7 RQU over the year and the nine before; the thief
    gains no more than the loss."""
    ledger = TheftLedger()
    first = steal(make(rqu=0), nsj(), Statistic.SABOTAJE, Level.EC, 500, ledger)
    assert (first.loss, first.gain, first.target.rqu, first.thief.rqu) == (7, 7, 43, 7)
    again = steal(make(rqu=0), first.target, Statistic.SABOTAJE, Level.EC, 509, first.ledger)
    assert (again.loss, again.gain) == (0, 0)
    later = steal(make(rqu=0), first.target, Statistic.SABOTAJE, Level.EC, 510, first.ledger)
    assert (later.loss, later.gain) == (7, 7)


def test_nsj_cap_counts_all_thieves() -> None:
    """AMB-18: all thieves together; the last one gets only what is left under the cap."""
    ledger = TheftLedger().record("t", 503, Resource.RQU, 6)
    result = steal(make(rqu=0), nsj(), Statistic.SABOTAJE, Level.ME, 505, ledger)
    assert (result.loss, result.gain) == (1, 1)
    assert result.ledger.lost("t", Resource.RQU, 505) == 7


def test_nsj_pro_cap() -> None:
    """O-170, AMB-18: a NsJ loses at most 2 PRO; EC (−4/+3) becomes −2/+2."""
    result = steal(make(pro=0), nsj(), Statistic.ESPIONAJE, Level.EC, 500, TheftLedger())
    assert (result.loss, result.gain, result.target.pro, result.thief.pro) == (2, 2, 48, 2)


def test_tributary_caps() -> None:
    """O-149, O-170, AMB-18: a NsJ tributary of a NsJ: 5 RQU, 1 PRO; of a player: no cap."""
    target = nsj(vassal_of="p")
    patron_nsj = Nation("p", "P", dict.fromkeys(Attribute, 20), 60, 60)
    patron_player = Nation("p", "P", dict.fromkeys(Attribute, 20), 60, 60, player="x")
    assert theft_cap(target, Resource.RQU, patron_nsj) == 5
    assert theft_cap(target, Resource.PRO, patron_nsj) == 1
    assert theft_cap(target, Resource.RQU, patron_player) is None
    assert theft_cap(nsj(), Resource.RQU) == 7
    assert theft_cap(nsj(), Resource.PRO) == 2
    result = steal(
        make(), target, Statistic.SABOTAJE, Level.EC, 500, TheftLedger(), patron=patron_nsj
    )
    assert (result.loss, result.gain) == (5, 5)
    with pytest.raises(ValueError, match="patron"):
        theft_cap(target, Resource.RQU)


def test_target_never_below_zero() -> None:
    """AMB-18: a target never goes below 0 and the thief gains no more than it lost."""
    target = Nation("t", "T", dict.fromkeys(Attribute, 20), 60, 60, 3, 0, player="bob")
    result = steal(make(rqu=0), target, Statistic.SABOTAJE, Level.EC, 500, TheftLedger())
    assert (result.loss, result.gain, result.target.rqu, result.thief.rqu) == (3, 3, 0, 3)
    spy = steal(make(pro=0), target, Statistic.ESPIONAJE, Level.EC, 500, TheftLedger())
    assert (spy.loss, spy.gain) == (0, 0)


# --- invariants ---------------------------------------------------------------------------

values = st.integers(0, 60)
levels = st.sampled_from(list(Level))
steps = st.one_of(
    st.tuples(st.just("damage"), st.sampled_from(list(Index)), levels),
    st.tuples(st.just("restore"), st.sampled_from(list(Index)), st.integers(-50, 50)),
    st.tuples(
        st.just("buy"), st.sampled_from(list(PurchaseKind)), st.sampled_from(list(Attribute))
    ),
    st.tuples(st.just("steal"), st.sampled_from([Statistic.SABOTAJE, Statistic.ESPIONAJE]), levels),
    st.tuples(st.just("cycle"), st.just(Index.VIA), st.integers(0, 5)),
)


@settings(max_examples=200, deadline=None)
@given(
    attributes=st.lists(st.integers(0, 60), min_size=10, max_size=10),
    rqu=st.integers(0, 60),
    pro=st.integers(0, 40),
    player=st.booleans(),
    plan=st.lists(steps, max_size=25),
)
def test_indices_and_points_stay_in_range(
    attributes: list[int], rqu: int, pro: int, player: bool, plan: list[tuple[object, ...]]
) -> None:
    """AMB-16, AMB-18, O-126 .. O-163: whatever happens, 0 <= index <= capacity, RQU and PRO >= 0."""
    values_ = dict(zip(Attribute, attributes, strict=True))
    probe = Nation("n", "N", values_, 0, 0)
    nation = Nation("n", "N", values_, probe.via_capacity, probe.leg_capacity, rqu, pro)
    other = Nation("t", "T", values_, 0, 0, rqu, pro, player="p" if player else None)
    ledger = TheftLedger()
    for year, (what, first, second) in enumerate(plan, start=500):
        if what == "damage":
            nation = damage(nation, first, second)  # type: ignore[arg-type]
        elif what == "restore":
            nation = change_index(nation, first, second)  # type: ignore[arg-type]
        elif what == "buy":
            nation, _ = apply_purchase(
                nation,
                Purchase(
                    first,  # type: ignore[arg-type]
                    attribute=second,  # type: ignore[arg-type]
                    variant=Variant.BIENESTAR,
                    target="t",
                    reach=Reach.CREATE_CERCANIA,
                ),
                year,
            )
        elif what == "steal":
            result = steal(other, nation, first, second, year, ledger)  # type: ignore[arg-type]
            nation, other, ledger = result.target, result.thief, result.ledger
            assert 0 <= result.gain <= result.loss
            assert ledger.lost("n", Resource.RQU, year) <= 7
            assert ledger.lost("n", Resource.PRO, year) <= 2
        else:
            nation = cycle_end(nation)
        for value, most in ((nation.via, nation.via_capacity), (nation.leg, nation.leg_capacity)):
            assert 0 <= value <= most
        assert nation.rqu >= 0 and nation.pro >= 0
        assert other.rqu >= 0 and other.pro >= 0
