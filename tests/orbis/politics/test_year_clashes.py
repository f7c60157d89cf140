"""Steps 1-4 of the political year: wars, breaches, rebellions, civil wars."""

from __future__ import annotations

from dataclasses import replace
from types import MappingProxyType

import pytest

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar, start_civil_war
from adjudicator.rulesets.orbis.politics.declarations import DeclarationKind, declare
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import Treaties, Treaty, TreatyEnd, TreatyKind
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.records import ModifierKind
from orders.orbis.politics_model import DeclarationAct, DeclarationLine, GmPolitics
from tests.orbis.politics.test_year_support import YEAR, act, run, world

S = Statistic
NATIONS = world("a", "b", "c")


def test_third_turn_of_clashes_is_war() -> None:
    """O-204: three turns of clashes in a row make a war, with a note."""
    politics = Politics()
    for year in (YEAR, YEAR + 1):
        politics = run(politics, NATIONS, [act("a", S.OFENSIVA, "b")], year=year).politics
        conflict = politics.conflict("a", "b")
        assert conflict is not None and not conflict.at_war
    done = run(politics, NATIONS, [act("b", S.SABOTAJE, "a")], year=YEAR + 2)
    conflict = done.politics.conflict("a", "b")
    assert conflict is not None and conflict.at_war
    assert "A and B are at war (third turn of clashes, O-204)" in done.notes


def test_peaceful_and_domestic_medidas_are_no_clash() -> None:
    """O-202, O-203, AMB-32: Comercio abroad and a domestic Ofensiva are no clash."""
    done = run(Politics(), NATIONS, [act("a", S.COMERCIO, "b"), act("a", S.OFENSIVA)])
    assert done.politics.conflicts == ()


def test_gm_hostilities_count_and_two_quiet_turns_end_a_war() -> None:
    """O-202, O-206: the GM's hostilities clash; two quiet turns end the war."""
    gm = GmPolitics(hostilities=(("a", "c"),))
    assert run(Politics(), NATIONS, gm=gm).politics.conflict("a", "c") is not None
    war = Conflict(frozenset(("a", "b")), hostile=3, at_war=True, started=YEAR - 3)
    once = run(Politics(conflicts=(war,)), NATIONS)
    assert once.politics.conflict("a", "b") is not None
    twice = run(once.politics, NATIONS, year=YEAR + 1)
    assert twice.politics.conflict("a", "b") is None
    assert any("over or suspended (two quiet turns, O-206)" in n for n in twice.notes)


def test_declaration_of_war_alone_is_symbolic() -> None:
    """O-205: a declaration of war is recorded and makes no war."""
    line = DeclarationLine("a", DeclarationAct.WAR, against="b")
    done = run(Politics(), NATIONS, lines=[line])
    conflict = done.politics.conflict("a", "b")
    assert conflict is not None and conflict.declared and not conflict.at_war
    assert done.answers[0].accepted and "O-205" in done.answers[0].words


def test_war_medida_breaks_a_peace_treaty() -> None:
    """O-242, O-243, AMB-40: +10 for three turns from the next, the treaty ended."""
    peace = Treaty("T500-1", ("a", "b"), "peace", TreatyKind.PEACE, 500)
    trade = Treaty("T500-2", ("a", "b"), "trade", TreatyKind.TRADE, 500)
    politics = Politics(treaties=Treaties((peace, trade)))
    done = run(politics, NATIONS, [act("a", S.OFENSIVA, "b", Level.F)])
    treaty = done.politics.treaties.treaty("T500-1")
    assert treaty.end is TreatyEnd.BROKEN and treaty.ended == YEAR
    assert done.politics.treaties.treaty("T500-2").ended is None
    penalties = done.nations["a"].modifiers
    assert len(penalties) == 5
    assert {(m.value, m.until, m.kind) for m in penalties} == {
        (10, YEAR + 3, ModifierKind.BEHAVIOUR)
    }
    assert done.nations["b"].modifiers == ()


def test_war_medida_breaks_own_neutrality() -> None:
    """O-248, O-250, O-252: a neutral's war medida breaks its declaration: +5 for 5."""
    neutral = declare("D500-1", ("a",), "neutral", DeclarationKind.NEUTRALITY, 500)
    done = run(Politics(declarations=(neutral,)), NATIONS, [act("a", S.INCISION, "c")])
    assert done.politics.declarations[0].broken == YEAR
    assert {(m.value, m.until) for m in done.nations["a"].modifiers} == {(5, YEAR + 5)}


def test_suppression_success_reveals_backer_privately() -> None:
    """O-226, O-231: a very successful Ofensiva suppresses and reveals the backer,
    only to the suppressor and the backer."""
    rising = Rebellion("a", YEAR - 1, ("c",))
    done = run(Politics(rebellions=(rising,)), NATIONS, [act("a", S.OFENSIVA, None, Level.ME)])
    assert done.politics.rebellions == ()
    assert any("backed by C" in n for n in done.private_notes["a"])
    assert any("discovered" in n for n in done.private_notes["c"])
    assert not any("C" in n.split("backed by")[-1] for n in done.notes if "backed" in n)
    assert done.nations["a"].via == 48


def test_failed_suppression_damage_by_option_and_upkeep() -> None:
    """O-227 .. O-230, AMB-25, AMB-26, O-225, AMB-37: a slight failure of
    Supresión costs 4 LEG (fixed) or 12 (literal), then upkeep −2 VIA −1 LEG."""
    rising = Rebellion("a", YEAR, ("c",))
    politics = Politics(rebellions=(rising,))
    failed = [act("a", S.INCISION, None, Level.LF)]
    fixed = run(politics, NATIONS, failed)
    assert (fixed.nations["a"].via, fixed.nations["a"].leg) == (46, 48 - 4 - 1)
    assert fixed.politics.rebellions[0].last_failure is Level.LF
    literal = run(politics, NATIONS, failed, options=OrbisOptions(rebellion_damage="literal"))
    assert literal.nations["a"].leg == 48 - 12 - 1
    assert "a" not in fixed.private_notes


def test_faction_medida_moves_double_supremacy() -> None:
    """O-218, O-220, AMB-23: a faction's Ofensiva E moves 16: 50/50 → 66/34."""
    war = start_civil_war("a", ("gov", "reb"), "gov", YEAR)
    politics = Politics(civil_wars=(war,), controllers=MappingProxyType({("a", "reb"): "b"}))
    done = run(politics, NATIONS, [act("b", S.OFENSIVA, "a", Level.E, faction="gov")])
    after = done.politics.civil_war("a")
    assert after is not None and dict(after.supremacy) == {"gov": 34, "reb": 66}
    assert done.nations["a"].via == 48


def test_backer_hit_halves_and_civil_war_upkeep() -> None:
    """O-222, AMB-24, O-221, AMB-37: a backer's Ofensiva E moves 4 and costs 4
    VIA; from the second year −2 LEG −1 VIA."""
    war = replace(start_civil_war("a", ("gov", "reb"), "gov", YEAR - 1), backers={"c": "reb"})
    done = run(Politics(civil_wars=(war,)), NATIONS, [act("c", S.OFENSIVA, "a", faction="gov")])
    after = done.politics.civil_war("a")
    assert after is not None and dict(after.supremacy) == {"gov": 46, "reb": 54}
    assert (done.nations["a"].via, done.nations["a"].leg) == (48 - 4 - 1, 48 - 2)


def test_civil_war_ends_when_a_faction_holds_all() -> None:
    """O-217, O-219: a faction at 100 wins; the nation stays its player's."""
    war = CivilWar("a", ("gov", "reb"), "gov", {"gov": 90, "reb": 10}, YEAR)
    done = run(Politics(civil_wars=(war,)), NATIONS, [act("a", S.OFENSIVA, "a", faction="reb")])
    assert done.politics.civil_wars == ()
    assert done.nations["a"].player == "p-a"
    assert any("O-217" in n for n in done.notes)


def test_politics_options_are_validated() -> None:
    """AMB-26, AMB-21, AMB-15: the politics options accept only their readings."""
    for name in ("rebellion_damage", "tribute_resource", "war_count_from"):
        with pytest.raises(ValueError, match=name):
            OrbisOptions(**{name: "nonsense"})  # type: ignore[arg-type]
    chosen = OrbisOptions(
        rebellion_damage="literal", tribute_resource="size", war_count_from="hostilities"
    )
    assert (chosen.rebellion_damage, chosen.tribute_resource) == ("literal", "size")
