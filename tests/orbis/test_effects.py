"""What each of the 25 statistics does when its medida prevails (O-093 .. O-117),
through `apply.apply_won` with a won level chosen by the test."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

import pytest

from adjudicator.rulesets.orbis.apply import Applied, Won, apply_won
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.prosperity import Resource, TheftLedger
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation

YEAR = 500
SOURCE = "medida de prueba"


def make_nation(nation_id: str, *, player: str | None = "someone") -> Nation:
    """Every attribute 20 (VIA and LEG capacities 60), indices at 40, 10 RQU, 5 PRO."""
    return Nation(
        nation_id,
        nation_id.upper(),
        {a: 20 for a in Attribute},
        via=40,
        leg=40,
        rqu=10,
        pro=5,
        player=player,
    )


def nations() -> dict[str, Nation]:
    """The actor `a`, the target `b`, the ally `c`."""
    return {n: make_nation(n) for n in ("a", "b", "c")}


def apply(
    statistic: Statistic,
    level: Level,
    *,
    target: str | None = None,
    beneficiary: str = "a",
    against: bool = False,
    start: dict[str, Nation] | None = None,
    thefts: TheftLedger | None = None,
) -> Applied:
    won = Won("a", statistic, level, target, beneficiary, against, SOURCE)
    return apply_won(won, start or nations(), thefts or TheftLedger(), YEAR)


Change = Mapping[tuple[str, str], object]


@dataclass(frozen=True)
class Case:
    """One statistic's medida, won at `level`: `changes` are the only fields that
    move, as (nation, field) -> new value; `modifiers` as (attribute, value)."""

    rule: str
    statistic: Statistic
    level: Level
    target: str | None
    beneficiary: str
    against: bool
    changes: Change


_S, _L, _A = Statistic, Level, Attribute
CASES = (
    Case("O-093", _S.OFENSIVA, _L.ME, "b", "a", True, {("b", "via"): 28}),
    Case("O-094", _S.INCISION, _L.E, "b", "a", True, {("b", "leg"): 32}),
    Case("O-095", _S.COMERCIO, _L.LE, "b", "a", True, {("b", "mods"): ((_A.ECN, 4),)}),
    Case("O-095", _S.COMERCIO, _L.E, "c", "c", False, {("c", "mods"): ((_A.ECN, -8),)}),
    Case("O-096", _S.EXPANSION, _L.E, None, "a", False, {}),
    Case("O-097", _S.PROTOCOLO, _L.ME, None, "a", False, {("a", "mods"): ((_A.INT, -12),)}),
    Case("O-098", _S.MORAL, _L.E, None, "a", False, {("a", "mods"): ((_A.LEA, -8),)}),
    Case("O-099", _S.DISCIPLINA, _L.LE, "c", "c", False, {("c", "mods"): ((_A.AUX, -4),)}),
    Case("O-100", _S.INTERVENCION, _L.EC, None, "a", False, {("a", "rqu"): 18}),
    Case("O-101", _S.TRADICION, _L.E, "b", "a", True, {("b", "mods"): ((_A.PRS, 8),)}),
    Case("O-101", _S.TRADICION, _L.LE, None, "a", False, {("a", "mods"): ((_A.PRS, -4),)}),
    Case("O-102", _S.SEGURIDAD, _L.ME, "b", "a", True, {("b", "mods"): ((_A.INT, 12),)}),
    Case("O-103", _S.LOGISTICA, _L.EC, None, "a", False, {("a", "mods"): ((_A.MIL, -16),)}),
    Case("O-104", _S.INDUSTRIA, _L.LE, None, "a", False, {("a", "mods"): ((_A.TCN, -4),)}),
    Case("O-104", _S.INDUSTRIA, _L.E, "b", "a", True, {("b", "mods"): ((_A.TCN, 8),)}),
    Case("O-105", _S.CONSTRUCCION, _L.E, None, "a", False, {("a", "via"): 48}),
    Case("O-106", _S.REFORMA, _L.ME, None, "a", False, {}),
    Case("O-107", _S.BUROCRACIA, _L.E, None, "a", False, {("a", "mods"): ((_A.ADM, -8),)}),
    Case("O-108", _S.ESPIONAJE, _L.ME, "b", "a", True, {("b", "pro"): 2, ("a", "pro"): 7}),
    Case("O-109", _S.SABOTAJE, _L.EC, "b", "a", True, {("b", "rqu"): 1, ("a", "rqu"): 17}),
    Case("O-110", _S.DESARROLLO, _L.E, None, "a", False, {("a", "pro"): 7}),
    Case("O-111", _S.RETORICA, _L.ME, "b", "a", True, {("b", "mods"): ((_A.CLT, 12),)}),
    Case("O-111", _S.RETORICA, _L.ME, None, "a", False, {("a", "mods"): ((_A.CLT, -12),)}),
    Case("O-112", _S.INTRIGA, _L.E, "b", "a", True, {("b", "mods"): ((_A.ADM, 8),)}),
    Case("O-113", _S.INTIMIDACION, _L.LE, "b", "a", True, {("b", "mods"): ((_A.AUX, 4),)}),
    Case("O-114", _S.HEGEMONIA, _L.EC, "b", "a", True, {("b", "mods"): ((_A.MIL, 16),)}),
    Case("O-115", _S.COMPETENCIA, _L.E, "b", "a", True, {("b", "mods"): ((_A.GES, 8),)}),
    Case("O-115", _S.COMPETENCIA, _L.E, None, "a", False, {("a", "mods"): ((_A.GES, -8),)}),
    Case("O-116", _S.DOCTRINA, _L.ME, None, "a", False, {("a", "leg"): 52}),
    Case("O-117", _S.DIPLOMACIA, _L.E, "b", "a", False, {}),
)


def _fields(nation: Nation) -> dict[str, object]:
    return {
        "via": nation.via,
        "leg": nation.leg,
        "rqu": nation.rqu,
        "pro": nation.pro,
        "mods": tuple((m.attribute, m.value) for m in nation.modifiers),
    }


def test_every_statistic_has_a_case() -> None:
    """O-093 .. O-117: the cases below cover all 25 statistics, one rule id each."""
    assert {case.statistic for case in CASES} == set(Statistic)
    rules = {case.statistic: case.rule for case in CASES}
    assert sorted(rules.values()) == [f"O-{n:03d}" for n in range(93, 118)]


@pytest.mark.parametrize(
    "case",
    CASES,
    ids=[f"{c.rule}-{c.statistic.value}-{'contra' if c.against else 'favor'}" for c in CASES],
)
def test_effect_of_each_statistic(case: Case) -> None:
    """O-093 .. O-117 (each case cites its id), O-056 .. O-059, O-126 .. O-129,
    O-145 .. O-153, O-166 .. O-174, AMB-13: the prevailing medida changes exactly
    the fields of its case, nothing else, on no other nation."""
    start = nations()
    applied = apply(
        case.statistic,
        case.level,
        target=case.target,
        beneficiary=case.beneficiary,
        against=case.against,
        start=dict(start),
    )
    for nation_id, before in start.items():
        expected = _fields(before)
        for (who, name), value in case.changes.items():
            if who == nation_id:
                expected[name] = value
        assert _fields(applied.nations[nation_id]) == expected, (case.rule, nation_id)
    for who, _ in case.changes:
        assert who in applied.words, applied.words


@pytest.mark.parametrize(
    ("statistic", "attribute", "penalty"),
    [
        (Statistic.PROTOCOLO, Attribute.INT, False),
        (Statistic.INTRIGA, Attribute.ADM, True),
        (Statistic.COMERCIO, Attribute.ECN, True),
    ],
)
def test_granted_record_lasts_four_more_years(
    statistic: Statistic, attribute: Attribute, penalty: bool
) -> None:
    """O-055, AMB-07, O-097, O-112, O-095: a medida's record is of kind `medida`,
    named after its source, active through the year won plus four."""
    receiver = "b" if penalty else "a"
    applied = apply(statistic, Level.E, target="b", against=penalty)
    [record] = applied.nations[receiver].modifiers
    assert record == Modifier(
        attribute, 8 if penalty else -8, YEAR + 4, ModifierKind.MEDIDA, SOURCE
    )


@pytest.mark.parametrize(
    ("level", "size"), [(Level.LE, 4), (Level.E, 8), (Level.ME, 12), (Level.EC, 16)]
)
def test_index_damage_by_the_level(level: Level, size: int) -> None:
    """O-093, O-126 .. O-129: an Ofensiva of LE, E, ME, EC takes 4, 8, 12, 16 VIA."""
    assert apply(Statistic.OFENSIVA, level, target="b", against=True).nations["b"].via == 40 - size


def test_indices_stay_within_zero_and_capacity() -> None:
    """AMB-16, O-093, O-105, O-116: damage stops at 0, restoration at capacity (60)."""
    start = nations()
    start["b"] = replace(start["b"], via=5)
    start["a"] = replace(start["a"], via=55, leg=58)
    assert (
        apply(Statistic.OFENSIVA, Level.EC, target="b", against=True, start=dict(start))
        .nations["b"]
        .via
        == 0
    )
    assert apply(Statistic.CONSTRUCCION, Level.ME, start=dict(start)).nations["a"].via == 60
    assert apply(Statistic.DOCTRINA, Level.EC, start=dict(start)).nations["a"].leg == 60


def test_restoration_for_the_backed_nation() -> None:
    """O-105, O-053: a Construcción in favour of another nation restores that nation's VIA."""
    applied = apply(Statistic.CONSTRUCCION, Level.LE, target="c", beneficiary="c")
    assert (applied.nations["c"].via, applied.nations["a"].via) == (44, 40)


def test_harm_without_a_target_does_nothing() -> None:
    """O-112, AMB-13: an Intriga with no nation to harm grants no record to anyone."""
    applied = apply(Statistic.INTRIGA, Level.ME)
    assert all(not n.modifiers for n in applied.nations.values())


@pytest.mark.parametrize(
    ("level", "rqu"), [(Level.LE, 1), (Level.E, 3), (Level.ME, 5), (Level.EC, 8)]
)
def test_intervencion_table(level: Level, rqu: int) -> None:
    """O-100, O-145 .. O-148: Intervención gains 1 / 3 / 5 / 8 RQU."""
    assert apply(Statistic.INTERVENCION, level).nations["a"].rqu == 10 + rqu


@pytest.mark.parametrize(
    ("level", "pro"), [(Level.LE, 1), (Level.E, 2), (Level.ME, 3), (Level.EC, 4)]
)
def test_desarrollo_table(level: Level, pro: int) -> None:
    """O-110, O-166 .. O-169: Desarrollo gains 1 / 2 / 3 / 4 PRO."""
    assert apply(Statistic.DESARROLLO, level).nations["a"].pro == 5 + pro


@pytest.mark.parametrize(
    ("level", "loss", "gain"),
    [(Level.LE, 1, 0), (Level.E, 2, 2), (Level.ME, 5, 4), (Level.EC, 9, 7)],
)
def test_sabotaje_table(level: Level, loss: int, gain: int) -> None:
    """O-109, O-150 .. O-153: Sabotaje on a player's nation (no cap): the table's
    loss and gain, and the ledger records the loss."""
    applied = apply(Statistic.SABOTAJE, level, target="b", against=True)
    assert (applied.nations["b"].rqu, applied.nations["a"].rqu) == (10 - loss, 10 + gain)
    assert applied.thefts.lost("b", Resource.RQU, YEAR) == loss


def test_sabotaje_capped_for_a_nation_without_player() -> None:
    """O-149, AMB-18: a NsJ loses at most 7 RQU over ten years; with 5 already lost
    in 492, an EC Sabotaje takes 2 and the thief gains 2 (never more than the loss);
    a loss of 490, outside the window 491 .. 500, does not count."""
    start = nations()
    start["b"] = replace(start["b"], player=None, rqu=30)
    inside = TheftLedger({("b", 492, Resource.RQU): 5})
    applied = apply(
        Statistic.SABOTAJE, Level.EC, target="b", against=True, start=dict(start), thefts=inside
    )
    assert (applied.nations["b"].rqu, applied.nations["a"].rqu) == (28, 12)
    outside = TheftLedger({("b", 490, Resource.RQU): 5})
    applied = apply(
        Statistic.SABOTAJE, Level.EC, target="b", against=True, start=dict(start), thefts=outside
    )
    assert (applied.nations["b"].rqu, applied.nations["a"].rqu) == (23, 17)


def test_espionaje_never_below_zero() -> None:
    """O-108, O-174, AMB-18: an EC Espionaje (−4 / +3) on a nation with 1 PRO takes 1, gains 1."""
    start = nations()
    start["b"] = replace(start["b"], pro=1)
    applied = apply(Statistic.ESPIONAJE, Level.EC, target="b", against=True, start=dict(start))
    assert (applied.nations["b"].pro, applied.nations["a"].pro) == (0, 6)
