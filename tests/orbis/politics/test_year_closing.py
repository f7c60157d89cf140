"""Steps 7-9 of the political year: organisations, expiries, epochs; and a
whole year with several steps together."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.organisations import Organisation, Schism, found
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics, politics_problems
from adjudicator.rulesets.orbis.politics.treaties import Treaties, Treaty, TreatyEnd, TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import Vassalage
from orders.orbis.politics_model import (
    DeclarationAct,
    DeclarationLine,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VassalAct,
    VassalLine,
)
from tests.orbis.politics.test_year_support import YEAR, act, run, world

S = Statistic
NATIONS = world("a", "b", "c", "d", "e", "f")


def test_organisation_below_five_for_five_turns_dissolves() -> None:
    """O-280, AMB-42: five consecutive turns below five members dissolve it."""
    org = Organisation("O1", "Few", ("a", "b", "c", "d"), 490, below_since=YEAR - 4)
    done = run(Politics(organisations=(org,)), NATIONS)
    assert done.politics.organisations[0].dissolved == YEAR
    young = replace(org, below_since=YEAR - 3)
    kept = run(Politics(organisations=(young,)), NATIONS)
    assert kept.politics.organisations[0].active


def test_election_due_note_and_schism_split() -> None:
    """O-288, O-294: an ended term asks for an election; 15 turns of schism split."""
    org = replace(
        found("O1", "League", ("a", "b", "c", "d", "e", "f"), 490), leader="a", term_end=YEAR
    )
    due = run(Politics(organisations=(org,)), NATIONS)
    assert "Organisation O1: election due (O-287, O-288)" in due.notes
    recognition = {m: ("b" if m in "bcd" else "a") for m in org.members}
    split = replace(org, term_end=YEAR + 5, schism=Schism(YEAR - 14, "b", recognition))
    done = run(Politics(organisations=(split,)), NATIONS)
    first, second = done.politics.organisations
    assert first.members == ("a", "e", "f") and second.members == ("b", "c", "d")
    assert second.id == f"O1-{YEAR}" and second.leader == "b"


def test_treaty_expires_at_its_term() -> None:
    """O-245: a treaty signed in Y for T years ends after Y+T-1."""
    short = Treaty("T1", ("a", "b"), "", TreatyKind.TRADE, YEAR - 1, 2)
    longer = Treaty("T2", ("a", "b"), "", TreatyKind.TRADE, YEAR - 1, 3)
    done = run(Politics(treaties=Treaties((short, longer))), NATIONS)
    assert done.politics.treaties.treaty("T1").end is TreatyEnd.EXPIRED
    assert done.politics.treaties.treaty("T2").ended is None
    assert "Treaty T1 expires at its term (O-245)" in done.notes


def test_epoch_trigger_note_for_players_only() -> None:
    """O-296, O-300, AMB-31: a player's statistic of 95 triggers an epoch note."""
    big = NATIONS["a"].with_attributes({Attribute.MIL: 50, Attribute.GES: 45})
    done = run(Politics(), {**NATIONS, "a": big})
    assert any(n.startswith("An epoch is triggered (O-296)") for n in done.notes)
    nsj = replace(big, player=None)
    quiet = run(Politics(), {**NATIONS, "a": nsj})
    assert not any("epoch" in n for n in quiet.notes)


def test_whole_year_several_steps() -> None:
    """O-204, O-243, O-225, O-238, O-248, O-190, O-192: clashes, a breach,
    rebellion upkeep, lines and the cycle's tribute in one year."""
    peace = Treaty("T500-1", ("a", "b"), "", TreatyKind.PEACE, 500)
    politics = Politics(
        treaties=Treaties((peace,)),
        rebellions=(Rebellion("c", 502),),
        vassalages=(Vassalage("d", "e", 500),),
    )
    nations = {**NATIONS, "d": replace(NATIONS["d"], vassal_of="e")}
    lines: list[PoliticalLine] = [
        VassalLine("d", VassalAct.STAY),
        TreatyLine("b", TreatyAct.OFFER, kind="peace", parties=("a",)),
        DeclarationLine("f", DeclarationAct.DECLARE, kind="neutrality", text="n"),
    ]
    acted = [act("a", S.OFENSIVA, "b", Level.E), act("c", S.COMERCIO, None, Level.F)]
    done = run(politics, nations, acted, lines, year=504, cycle_end=True)
    assert done.politics.treaties.treaty("T500-1").ended == 504
    assert len(done.nations["a"].modifiers) == 5
    assert done.politics.conflict("a", "b") is not None
    assert done.nations["c"].via == 46 and done.nations["c"].leg == 47
    assert done.nations["d"].rqu == 10 and done.nations["e"].rqu == 30
    assert [a.line.power for a in done.answers] == ["b", "d", "f"]
    assert all(a.accepted for a in done.answers)
    assert politics_problems(done.politics, done.nations.values()) == ()
    again = run(politics, nations, acted, lines, year=504, cycle_end=True)
    assert again == done
