"""Alcance, the reach modifiers (rulebook 000 "Modificadores", Alcance)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.reach import (
    Feasibility,
    ReachEntry,
    ReachLevel,
    ReachTable,
    feasibility,
    feasibility_message,
    reach_value,
    suggest_level,
)

_L = ReachLevel


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("Extremadamente Lejano", 25),
        ("Muy Lejano", 20),
        ("Lejano", 15),
        ("Levemente Lejano", 10),
        ("Apenas Lejano", 5),
        ("Apenas Cercano", -5),
        ("Levemente Cercano", -10),
        ("Cercano", -15),
        ("Muy Cercano", -20),
        ("Extremadamente Cercano", -25),
    ],
)
def test_scale_values(name: str, value: int) -> None:
    """O-064, O-065, O-066, O-067, O-068, O-069, O-070, O-071, O-072, O-073:
    the book's ten levels and their values, parsed from the book's names."""
    level = ReachLevel.parse(name)
    assert reach_value(level) == value
    assert level.spanish == name
    assert ReachLevel.parse(f"{value:+d}") is level


def test_parse_is_accent_case_and_form_free() -> None:
    """O-064, O-069, O-073: parsing ignores accents, case, `_`, `-` and the
    feminine ending; the Unicode minus is read as a sign."""
    assert ReachLevel.parse("MUY_LEJANO") is _L.MUY_LEJANO
    assert ReachLevel.parse("  muy   lejana ") is _L.MUY_LEJANO
    assert ReachLevel.parse("apenas-cercana") is _L.APENAS_CERCANO
    assert ReachLevel.parse("\u221225") is _L.EXTREMADAMENTE_CERCANO
    assert ReachLevel.parse("Sumamente Difícil") is _L.IMPOSIBLE
    assert ReachLevel.parse("sumamente facil") is _L.TRIVIAL
    with pytest.raises(ValueError, match="not an Alcance level"):
        ReachLevel.parse("bastante lejano")
    with pytest.raises(ValueError):
        ReachLevel.parse("+7")


def test_impossible_is_refused_and_trivial_needs_no_roll() -> None:
    """O-063, O-074: impossible actions cannot be attempted; trivial ones
    need no medida; neither has a roll value."""
    assert feasibility(_L.IMPOSIBLE) is Feasibility.REFUSE
    assert feasibility(_L.TRIVIAL) is Feasibility.NO_ROLL
    assert feasibility(_L.LEJANO) is Feasibility.ROLL
    assert feasibility(None) is Feasibility.ROLL
    assert "O-063" in (feasibility_message(_L.IMPOSIBLE) or "")
    assert "O-074" in (feasibility_message(_L.TRIVIAL) or "")
    assert feasibility_message(_L.CERCANO) is None
    for special in (_L.IMPOSIBLE, _L.TRIVIAL):
        with pytest.raises(ValueError):
            reach_value(special)


def test_table_levels_per_attribute() -> None:
    """O-061, AMB-09: far geographically yet close culturally; the level is
    GM data per pair and optionally per attribute, the attribute's own entry
    beating the pair's general one, in either direction by default."""
    table = ReachTable.of(
        [
            ReachEntry("Roma", "Han", _L.MUY_LEJANO),
            ReachEntry("Han", "Roma", _L.CERCANO, Attribute.CLT),
        ]
    )
    assert table.level("Roma", "Han") is _L.MUY_LEJANO
    assert table.level("Roma", "Han", Attribute.MIL) is _L.MUY_LEJANO
    assert table.level("Roma", "Han", Attribute.CLT) is _L.CERCANO
    assert table.level("Han", "Roma") is _L.MUY_LEJANO
    assert table.level("Roma", "Persia") is None
    one_way = ReachTable.of([ReachEntry("Roma", "Han", _L.LEJANO)], symmetric=False)
    assert one_way.level("Roma", "Han") is _L.LEJANO
    assert one_way.level("Han", "Roma") is None


def test_table_for_statistic_dominio_leads() -> None:
    """O-061: trade and invasion (ECN, MIL) far, religion (CLT) close; a roll
    takes its Dominio attribute's entry, then its Autoridad one, then the
    pair's."""
    table = ReachTable.of(
        [
            ReachEntry("A", "B", _L.LEJANO),
            ReachEntry("A", "B", _L.APENAS_CERCANO, Attribute.CLT),
            ReachEntry("A", "B", _L.MUY_CERCANO, Attribute.PRS),
        ]
    )
    assert table.for_statistic("A", "B", Statistic.DOCTRINA) is _L.APENAS_CERCANO  # CLT + PRS
    assert table.for_statistic("A", "B", Statistic.DIPLOMACIA) is _L.MUY_CERCANO  # ADM + PRS
    assert table.for_statistic("B", "A", Statistic.OFENSIVA) is _L.LEJANO  # MIL + GES


def test_table_refuses_conflicting_entries() -> None:
    """O-061: one level per pair and attribute; a repeated equal entry is fine."""
    same = ReachTable.of([ReachEntry("A", "B", _L.LEJANO), ReachEntry("A", "B", _L.LEJANO)])
    assert same.level("A", "B") is _L.LEJANO
    with pytest.raises(ValueError, match="two Alcance levels"):
        ReachTable.of([ReachEntry("A", "B", _L.LEJANO), ReachEntry("A", "B", _L.CERCANO)])


def test_special_entries_in_table() -> None:
    """O-063, O-074: the GM may set `imposible` or `trivial` for a pair."""
    table = ReachTable.of(
        [ReachEntry("A", "B", _L.IMPOSIBLE), ReachEntry("A", "C", _L.TRIVIAL, Attribute.ECN)]
    )
    assert feasibility(table.level("A", "B")) is Feasibility.REFUSE
    assert feasibility(table.for_statistic("A", "C", Statistic.COMERCIO)) is Feasibility.NO_ROLL
    assert feasibility(table.for_statistic("A", "C", Statistic.OFENSIVA)) is Feasibility.ROLL


def test_graph_distance_only_suggests_far_levels() -> None:
    """AMB-09: the map's distance suggests a level, a step per hop beyond the
    neighbours, never a Cercano one; a negative distance is refused."""
    assert suggest_level(0) is None
    assert suggest_level(1) is None
    assert suggest_level(2) is _L.APENAS_LEJANO
    assert suggest_level(3) is _L.LEVEMENTE_LEJANO
    assert suggest_level(4) is _L.LEJANO
    assert suggest_level(5) is _L.MUY_LEJANO
    assert suggest_level(6) is _L.EXTREMADAMENTE_LEJANO
    assert suggest_level(40) is _L.EXTREMADAMENTE_LEJANO
    with pytest.raises(ValueError):
        suggest_level(-1)
