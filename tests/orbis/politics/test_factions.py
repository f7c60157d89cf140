"""Which faction a medida is aimed at in a civil war (O-216, O-218, O-220,
O-222)."""

from __future__ import annotations

from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
from adjudicator.rulesets.orbis.politics.factions import aimed_faction
from adjudicator.rulesets.orbis.politics.register import Politics

WAR = CivilWar(
    "ostrogodos",
    ("amalos", "nobles", "clero"),
    "amalos",
    MappingProxyType({"amalos": 34, "nobles": 40, "clero": 26}),
    503,
    MappingProxyType({"romanos": "clero"}),
)
POLITICS = Politics(
    civil_wars=(WAR,), controllers=MappingProxyType({("ostrogodos", "nobles"): "vandalos"})
)


def test_the_divided_nation_fights_the_strongest_rival() -> None:
    """O-216, O-218, O-220: the nation's own domestic war medida is its
    incumbent faction's, aimed at the faction with most Supremacy."""
    assert aimed_faction(POLITICS, "ostrogodos", Statistic.OFENSIVA, None) == "nobles"


def test_a_controller_and_a_backer_aim_at_their_strongest_rival() -> None:
    """O-216, O-222: the controller of the nobles and the backer of the
    clergy, acting against the divided nation, aim at their strongest rival."""
    assert aimed_faction(POLITICS, "vandalos", Statistic.INCISION, "ostrogodos") == "amalos"
    assert aimed_faction(POLITICS, "romanos", Statistic.OFENSIVA, "ostrogodos") == "nobles"


def test_no_faction_medida_without_another_hand_or_a_war_medida() -> None:
    """O-218: a civil war only its player controls has no faction medidas; a
    peaceful medida, a nation outside the war, or no civil war: none."""
    alone = Politics(civil_wars=(CivilWar("ostrogodos", ("a", "b"), "a", {"a": 50, "b": 50}, 503),))
    assert aimed_faction(alone, "ostrogodos", Statistic.OFENSIVA, None) is None
    assert aimed_faction(POLITICS, "ostrogodos", Statistic.COMERCIO, None) is None
    assert aimed_faction(POLITICS, "francos", Statistic.OFENSIVA, "ostrogodos") is None
    assert aimed_faction(Politics(), "ostrogodos", Statistic.OFENSIVA, None) is None
