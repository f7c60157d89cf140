"""The start of the political year: the GM's politics applied before the rolls."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.declarations import DeclarationKind, declare
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics, politics_problems
from adjudicator.rulesets.orbis.politics.treaties import Treaties, Treaty, TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import Vassalage, VassalageOrigin
from adjudicator.rulesets.orbis.politics.year import start_of_year
from orders.orbis.politics_model import (
    GmCivilWar,
    GmFront,
    GmOrganisation,
    GmPolitics,
    GmRebellion,
    GmVassalage,
)
from tests.orbis.politics.test_year_support import YEAR, world

NATIONS = world("a", "b", "c", "d", "e", nsj=("n",))


def test_vassalages_added_and_freed_with_sheets_synced() -> None:
    """O-185, O-200, O-194: the GM's vassalage with its origin; a freed vassal."""
    politics = Politics(vassalages=(Vassalage("c", "a", 500),))
    nations = {**NATIONS, "c": replace(NATIONS["c"], vassal_of="a")}
    gm = GmPolitics(vassalages=(GmVassalage("n", "b", origin="diplomacia"),), freed=("c",))
    done = start_of_year(politics, nations, gm, YEAR)
    (record,) = done.politics.vassalages
    assert (record.vassal, record.patron, record.origin) == ("n", "b", VassalageOrigin.DIPLOMACIA)
    assert done.nations["n"].vassal_of == "b" and done.nations["c"].vassal_of is None
    assert politics_problems(done.politics, done.nations.values()) == ()


def test_invalid_gm_items_become_notes() -> None:
    """O-185: a cycle of vassals, unknown nations, a bad front: notes, no exception."""
    politics = Politics(vassalages=(Vassalage("b", "a", 500),))
    nations = {**NATIONS, "b": replace(NATIONS["b"], vassal_of="a")}
    gm = GmPolitics(
        vassalages=(GmVassalage("a", "b"), GmVassalage("x", "a")),
        fronts=(GmFront("a", "b", 0),),
        civil_wars=(GmCivilWar("a", ("only",), "only"),),
        organisations=(GmOrganisation("O1", "Few", ("a", "b")),),
        epoch="half",
    )
    done = start_of_year(politics, nations, gm, YEAR)
    bad = [n for n in done.notes if n.startswith("GM file: ")]
    assert len(bad) == 6
    assert done.politics.vassalages == politics.vassalages


def test_fronts_capacity_civil_war_and_end() -> None:
    """O-209 .. O-211, O-213, O-216, O-219, O-222, O-217."""
    gm = GmPolitics(
        fronts=(GmFront("a", "b", 4),),
        capacity=MappingProxyType({"a": 3}),
        civil_wars=(
            GmCivilWar(
                "c",
                ("gov", "x", "y"),
                "gov",
                controllers=MappingProxyType({"x": "d"}),
                backers=MappingProxyType({"e": "y"}),
            ),
        ),
    )
    done = start_of_year(Politics(), NATIONS, gm, YEAR)
    assert done.politics.fronts[("a", "b")] == 4 and done.politics.capacity["a"] == 3
    war = done.politics.civil_war("c")
    assert war is not None and dict(war.supremacy) == {"gov": 34, "x": 33, "y": 33}
    assert dict(war.backers) == {"e": "y"}
    assert done.politics.controllers[("c", "x")] == "d"
    ended = start_of_year(
        done.politics, NATIONS, GmPolitics(civil_war_ends=MappingProxyType({"c": "x"})), YEAR + 1
    )
    assert ended.politics.civil_wars == () and dict(ended.politics.controllers) == {}


def test_rebellion_backers_private_and_escalation() -> None:
    """O-225, O-231, O-232, O-233: backers told privately; a very failed
    rebellion escalates to a civil war, a slight one to an armed movement."""
    gm = GmPolitics(rebellions=(GmRebellion("a", ("b",)),))
    done = start_of_year(Politics(), NATIONS, gm, YEAR)
    assert done.politics.rebellions[0].backers == ("b",)
    assert "b" in done.private_notes and not any("B" in n for n in done.notes)
    hot = Rebellion("a", YEAR - 3, ("b",), last_failure=Level.MF)
    mild = Rebellion("c", YEAR - 3, last_failure=Level.F)
    never = Rebellion("d", YEAR - 3)
    gm = GmPolitics(escalations=("a", "c", "d"))
    escalated = start_of_year(Politics(rebellions=(hot, mild, never)), NATIONS, gm, YEAR)
    war = escalated.politics.civil_war("a")
    assert war is not None and war.factions == ("gobierno", "rebeldes")
    assert [r.nation for r in escalated.politics.rebellions] == ["c", "d"]
    assert any("armed movement" in n for n in escalated.notes)
    assert any("O-233" in n for n in escalated.notes)


def test_organisation_founded_without_leader() -> None:
    """O-279, AMB-42: five members found it; the Leader waits for an election."""
    gm = GmPolitics(organisations=(GmOrganisation("O1", "League", ("a", "b", "c", "d", "e")),))
    (org,) = start_of_year(Politics(), NATIONS, gm, YEAR).politics.organisations
    assert org.leader is None and org.founded == YEAR and len(org.members) == 5


def test_force_majeure_ends_without_penalty() -> None:
    """O-250: a declaration and a treaty ended by force majeure, no penalty."""
    neutral = declare("D500-1", ("a",), "n", DeclarationKind.NEUTRALITY, 500)
    peace = Treaty("T500-1", ("b", "c"), "", TreatyKind.PEACE, 500)
    politics = Politics(declarations=(neutral,), treaties=Treaties((peace,)))
    gm = GmPolitics(force_majeure=("D500-1", "T500-1"))
    done = start_of_year(politics, NATIONS, gm, YEAR)
    assert done.politics.declarations[0].broken == YEAR
    assert done.politics.treaties.treaty("T500-1").ended == YEAR
    assert all(n.modifiers == () for n in done.nations.values())


def test_partial_and_total_epochs() -> None:
    """O-297, O-298, O-299, AMB-30: a partial epoch scales groups back to 80;
    a total one is recorded with a note for the players."""
    grown = NATIONS["a"].with_attributes({Attribute.MIL: 36})
    nations = {**NATIONS, "a": grown}
    partial = start_of_year(Politics(), nations, GmPolitics(epoch="partial"), YEAR)
    dominio = sum(partial.nations["a"].attributes[x] for x in list(Attribute)[:5])
    assert dominio == 80 and partial.politics.epochs == (YEAR,)
    total = start_of_year(Politics(), nations, GmPolitics(epoch="total"), YEAR)
    assert total.nations["a"] == grown and total.politics.epochs == (YEAR,)
    assert any("O-298" in n for n in total.notes)
