"""Political conditions on a roll: civil war, war fatigue, treaty modifiers."""

from __future__ import annotations

from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.politics.civil_war import start_civil_war
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import (
    Treaties,
    Treaty,
    TreatyKind,
    TreatyModifier,
)
from adjudicator.rulesets.orbis.politics.vassals import Vassalage
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.politics.year import political_conditions
from tests.orbis.politics.test_year_support import YEAR, world

S = Statistic
NATIONS = world("a", "b", "c", "d", "e", "f")


def war(first: str, second: str) -> Conflict:
    return Conflict(frozenset((first, second)), hostile=3, at_war=True, started=YEAR - 1)


def test_civil_war_condition_by_kind_of_medida() -> None:
    """O-214: +10 on domestic peaceful and exterior war medidas only."""
    politics = Politics(civil_wars=(start_civil_war("a", ("x", "y"), "x", YEAR),))
    domestic_peace = political_conditions(politics, NATIONS, "a", S.COMERCIO, None, YEAR)
    exterior_war = political_conditions(politics, NATIONS, "a", S.OFENSIVA, "b", YEAR)
    exterior_peace = political_conditions(politics, NATIONS, "a", S.COMERCIO, "b", YEAR)
    domestic_war = political_conditions(politics, NATIONS, "a", S.OFENSIVA, None, YEAR)
    assert domestic_peace == {"guerra civil": 10}
    assert exterior_war == {"guerra civil": 10}
    assert exterior_peace == {}
    assert domestic_war == {}
    assert political_conditions(politics, NATIONS, "b", S.COMERCIO, None, YEAR) == {}


def test_war_fatigue_beyond_two_fronts() -> None:
    """O-207, O-208, AMB-35: three full fronts → +5 on war actions only."""
    politics = Politics(conflicts=(war("a", "b"), war("a", "c"), war("a", "d")))
    assert political_conditions(politics, NATIONS, "a", S.OFENSIVA, "b", YEAR) == {
        "fatiga de guerra": 5
    }
    assert political_conditions(politics, NATIONS, "a", S.COMERCIO, "b", YEAR) == {}
    two = Politics(conflicts=(war("a", "b"), war("a", "c")))
    assert political_conditions(two, NATIONS, "a", S.OFENSIVA, "b", YEAR) == {}


def test_vassal_enemy_is_half_a_front_and_gm_weights() -> None:
    """O-209, O-210, AMB-35: a vassal enemy weighs a half; the GM's weight wins."""
    vassal = Vassalage("d", "e", 500)
    base = Politics(conflicts=(war("a", "b"), war("a", "c"), war("a", "d")), vassalages=(vassal,))
    assert political_conditions(base, NATIONS, "a", S.OFENSIVA, "b", YEAR) == {}
    heavy = Politics(
        conflicts=(war("a", "b"), war("a", "c")),
        fronts=MappingProxyType({("a", "b"): 6}),
    )
    assert political_conditions(heavy, NATIONS, "a", S.INTRIGA, "b", YEAR) == {
        "fatiga de guerra": 10
    }


def test_capacity_and_allies_lift_fatigue() -> None:
    """O-211, O-212: technology's capacity and an ally fighting the same enemy."""
    conflicts = (war("a", "b"), war("a", "c"), war("a", "d"), war("e", "b"))
    capacity = Politics(conflicts=conflicts, capacity=MappingProxyType({"a": 3}))
    assert political_conditions(capacity, NATIONS, "a", S.OFENSIVA, "b", YEAR) == {}
    alliance = Treaty("T500-1", ("a", "e"), "", TreatyKind.ALLIANCE, 500)
    allied = Politics(conflicts=conflicts, treaties=Treaties((alliance,)))
    assert political_conditions(allied, NATIONS, "a", S.OFENSIVA, "b", YEAR) == {}
    idle_ally = Treaty("T500-1", ("a", "f"), "", TreatyKind.ALLIANCE, 500)
    lonely = Politics(conflicts=conflicts, treaties=Treaties((idle_ally,)))
    assert political_conditions(lonely, NATIONS, "a", S.OFENSIVA, "b", YEAR) == {
        "fatiga de guerra": 5
    }


def test_treaty_modifiers_on_the_rolls_attributes() -> None:
    """O-244: a treaty in force gives its modifiers on the statistic's attributes."""
    modifiers = (
        TreatyModifier("a", Attribute.ECN, -5),
        TreatyModifier("a", Attribute.MIL, -3),
        TreatyModifier("b", Attribute.ECN, -7),
    )
    trade = Treaty("T500-1", ("a", "b"), "", TreatyKind.TRADE, 500, 10, modifiers)
    politics = Politics(treaties=Treaties((trade,)))
    assert political_conditions(politics, NATIONS, "a", S.COMERCIO, "b", YEAR) == {
        "tratado T500-1": -5
    }
    assert political_conditions(politics, NATIONS, "b", S.COMERCIO, "a", YEAR) == {
        "tratado T500-1": -7
    }
    assert political_conditions(politics, NATIONS, "a", S.COMERCIO, "c", YEAR) == {}
    assert political_conditions(politics, NATIONS, "a", S.COMERCIO, "b", 510) == {}
