"""A nation's attributes and its 25 statistics
(adjudicator/rulesets/orbis/attributes.py).

Rulebook 000 "Atributos y Estadísticas"; checklist O-014, O-016, O-040,
O-079 .. O-121; AMB-11, AMB-12, AMB-19, AMB-48.
"""

from __future__ import annotations

import pytest

from adjudicator.rulesets.orbis.attributes import (
    ATTRIBUTE_NAMES,
    AUTORIDAD,
    COUNTERS,
    DOMINIO,
    FORMULAS,
    Attribute,
    Group,
    Statistic,
    Variant,
    statistic_value,
)
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.margins import Roll, level_of

A = Attribute
S = Statistic

# Written from the checklist, with PRE read as PRS (AMB-48) and Seguridad as
# ADM + LEA (AMB-11).
BOOK_FORMULAS = [
    ("O-093", S.OFENSIVA, A.MIL, A.GES),
    ("O-094", S.INCISION, A.AUX, A.GES),
    ("O-095", S.COMERCIO, A.ECN, A.GES),
    ("O-096", S.EXPANSION, A.CLT, A.GES),
    ("O-097", S.PROTOCOLO, A.ADM, A.GES),
    ("O-098", S.MORAL, A.MIL, A.LEA),
    ("O-099", S.DISCIPLINA, A.AUX, A.LEA),
    ("O-100", S.INTERVENCION, A.ECN, A.LEA),
    ("O-101", S.TRADICION, A.CLT, A.LEA),
    ("O-102", S.SEGURIDAD, A.ADM, A.LEA),
    ("O-103", S.LOGISTICA, A.MIL, A.TCN),
    ("O-104", S.INDUSTRIA, A.AUX, A.TCN),
    ("O-105", S.CONSTRUCCION, A.ECN, A.TCN),
    ("O-106", S.REFORMA, A.CLT, A.TCN),
    ("O-107", S.BUROCRACIA, A.ADM, A.TCN),
    ("O-108", S.ESPIONAJE, A.MIL, A.INT),
    ("O-109", S.SABOTAJE, A.AUX, A.INT),
    ("O-110", S.DESARROLLO, A.ECN, A.INT),
    ("O-111", S.RETORICA, A.CLT, A.INT),
    ("O-112", S.INTRIGA, A.ADM, A.INT),
    ("O-113", S.INTIMIDACION, A.MIL, A.PRS),
    ("O-114", S.HEGEMONIA, A.AUX, A.PRS),
    ("O-115", S.COMPETENCIA, A.ECN, A.PRS),
    ("O-116", S.DOCTRINA, A.CLT, A.PRS),
    ("O-117", S.DIPLOMACIA, A.ADM, A.PRS),
]

# Distinct values so that a wrong attribute always gives a wrong sum.
SHEET = {
    A.MIL: 1,
    A.AUX: 2,
    A.ECN: 4,
    A.CLT: 8,
    A.ADM: 16,
    A.GES: 32,
    A.LEA: 64,
    A.TCN: 128,
    A.INT: 256,
    A.PRS: 512,
}


def test_groups_of_five() -> None:
    """O-079, O-082 .. O-091: two groups, Dominio (MIL AUX ECN CLT ADM) and
    Autoridad (GES LEA TCN INT PRS), five ámbitos each."""
    assert DOMINIO == (A.MIL, A.AUX, A.ECN, A.CLT, A.ADM)
    assert AUTORIDAD == (A.GES, A.LEA, A.TCN, A.INT, A.PRS)
    assert all(a.group is Group.DOMINIO for a in DOMINIO)
    assert all(a.group is Group.AUTORIDAD for a in AUTORIDAD)
    assert set(ATTRIBUTE_NAMES) == set(Attribute)
    assert ATTRIBUTE_NAMES[A.PRS] == "Prestigio"


def test_prestigio_is_prs_not_pre() -> None:
    """O-091, AMB-48: the rulebook's "PRE" is PRS."""
    assert A("PRS") is A.PRS
    with pytest.raises(ValueError):
        A("PRE")


@pytest.mark.parametrize(("rule", "statistic", "dominio", "autoridad"), BOOK_FORMULAS)
def test_formula(rule: str, statistic: Statistic, dominio: Attribute, autoridad: Attribute) -> None:
    """O-093 .. O-117 (each row's id in `rule`), O-014, AMB-11, AMB-48: the
    statistic is its Dominio attribute plus its Autoridad attribute."""
    assert statistic.attributes == (dominio, autoridad), rule
    assert FORMULAS[statistic] == (dominio, autoridad), rule
    assert statistic_value(statistic, SHEET) == SHEET[dominio] + SHEET[autoridad], rule


def test_formulas_cover_every_pair_once() -> None:
    """O-014, O-093 .. O-117, AMB-11: 25 statistics, each one Dominio and
    one Autoridad attribute, every pair used exactly once (the printed
    Seguridad = ADM + INT would repeat Intriga and leave ADM + LEA out)."""
    assert len(Statistic) == 25
    assert len(BOOK_FORMULAS) == 25
    pairs = [FORMULAS[s] for s in Statistic]
    assert all(d in DOMINIO and a in AUTORIDAD for d, a in pairs)
    assert sorted(pairs) == sorted((d, a) for d in DOMINIO for a in AUTORIDAD)


def test_book_worked_example_ofensiva() -> None:
    """O-016, O-014, O-015, AMB-48: MIL 20, GES 30: Ofensiva ("Ejército") =
    20 + 30 = 50; a roll below 50 succeeds, above 50 fails."""
    sheet = dict.fromkeys(Attribute, 0) | {A.MIL: 20, A.GES: 30}
    u = statistic_value(S.OFENSIVA, sheet)
    assert u == 50
    below = level_of(Roll(49, 0, u))
    above = level_of(Roll(51, 0, u))
    assert below is not None and below.success
    assert above is not None and not above.success


def test_seguridad_is_adm_plus_lea_and_it_matters() -> None:
    """AMB-11, O-102: Seguridad = ADM + LEA, not the printed ADM + INT: with
    ADM 20, LEA 30, INT 10 it is 50 (the printed one would be 30), so a roll
    of 40 succeeds (it would fail against 30)."""
    sheet = dict.fromkeys(Attribute, 0) | {A.ADM: 20, A.LEA: 30, A.INT: 10}
    u = statistic_value(S.SEGURIDAD, sheet)
    printed = sheet[A.ADM] + sheet[A.INT]
    assert (u, printed) == (50, 30)
    assert level_of(Roll(40, 0, u)) is Level.LE
    assert level_of(Roll(40, 0, printed)) is Level.LF
    assert statistic_value(S.SEGURIDAD, sheet) != statistic_value(S.INTRIGA, sheet)


NAMED_PAIRS = [
    (S.COMPETENCIA, S.COMERCIO),
    (S.PROTOCOLO, S.INTRIGA),
    (S.MORAL, S.INTIMIDACION),
    (S.DISCIPLINA, S.HEGEMONIA),
    (S.TRADICION, S.RETORICA),
    (S.SEGURIDAD, S.ESPIONAJE),
]
SELF_COUNTERS = [
    S.OFENSIVA,
    S.INCISION,
    S.SABOTAJE,
    S.EXPANSION,
    S.INTERVENCION,
    S.LOGISTICA,
    S.INDUSTRIA,
    S.CONSTRUCCION,
    S.REFORMA,
    S.BUROCRACIA,
    S.DESARROLLO,
    S.DOCTRINA,
    S.DIPLOMACIA,
]


@pytest.mark.parametrize(("first", "second"), NAMED_PAIRS)
def test_named_counter_pairs_are_symmetric(first: Statistic, second: Statistic) -> None:
    """AMB-12, O-040, O-095, O-097 .. O-099, O-101, O-102, O-115: the named
    pairs counter each other both ways."""
    assert first.counter is second
    assert second.counter is first


@pytest.mark.parametrize("statistic", SELF_COUNTERS)
def test_self_counters(statistic: Statistic) -> None:
    """AMB-12, O-040, O-093, O-094, O-120: Ofensiva (Defensa), Incisión
    (Supresión) and every statistic outside the named pairs counter
    themselves."""
    assert statistic.counter is statistic
    assert statistic not in COUNTERS


def test_counters_cover_all_25() -> None:
    """AMB-12, O-040: 6 pairs (12 statistics) and 13 self-counters."""
    paired = {s for pair in NAMED_PAIRS for s in pair}
    assert len(paired) == 12
    assert paired | set(SELF_COUNTERS) == set(Statistic)
    assert set(COUNTERS) == paired
    assert all(s.counter.counter is s for s in Statistic)


@pytest.mark.parametrize(
    ("variant", "statistic", "special"),
    [
        (Variant.DEFENSA, S.OFENSIVA, False),
        (Variant.SUPRESION, S.INCISION, False),
        (Variant.ASENTAMIENTO, S.EXPANSION, True),
        (Variant.EXPEDICION, S.LOGISTICA, True),
        (Variant.BIENESTAR, S.INDUSTRIA, True),
        (Variant.MIGRACION, S.REFORMA, True),
        (Variant.SUBVERSION, S.RETORICA, True),
    ],
)
def test_variants(variant: Variant, statistic: Statistic, special: bool) -> None:
    """O-093, O-094, O-096, O-103, O-104, O-106, O-111, AMB-19: each variant
    rolls its statistic; Defensa and Supresión are counter names, the other
    five are special medidas."""
    assert variant.statistic is statistic
    assert variant.special is special
    assert statistic_value(statistic, SHEET) == sum(SHEET[a] for a in statistic.attributes)


def test_defensa_is_the_same_number_as_ofensiva() -> None:
    """O-022, O-093, O-040: an invasion by Ofensiva is answered by Defensa,
    its own counter, the same number."""
    assert Variant.DEFENSA.statistic is S.OFENSIVA
    assert S.OFENSIVA.counter is S.OFENSIVA


def test_spanish_names() -> None:
    """O-093 .. O-117, AMB-48: the statistics keep the book's Spanish names
    (Ofensiva, not "Ejército")."""
    assert S.INTERVENCION.spanish == "Intervención"
    assert S.OFENSIVA.spanish == "Ofensiva"
    assert len({s.spanish for s in Statistic}) == 25
    assert "Ejército" not in {s.spanish for s in Statistic}
