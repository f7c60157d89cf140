"""Step 6 of the political year and the `Vasallo:` lines: tribute,
forgiveness, liberations, independence, sub-vassals."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.vassals import Vassalage
from orders.orbis.politics_model import VassalAct, VassalLine
from tests.orbis.politics.test_year_support import act, run, world

END = 504  # the first cycle's last year, the game starting in 500 (AMB-38)


def setup() -> tuple[Politics, dict[str, object]]:
    nations = dict(world("p", "v", nsj=("n",)))
    politics = Politics(vassalages=(Vassalage("v", "p", 500), Vassalage("n", "p", 500)))
    return politics, nations  # type: ignore[return-value]


def test_unattempted_tribute_pays_ten_and_nsj_is_attempted() -> None:
    """O-190, AMB-21: a player's vassal that writes nothing pays 10 RQU; the
    judge attempts MIL for a vassal without a player (dice tribute:<vassal>)."""
    politics, nations = setup()
    done = run(politics, nations, year=END, cycle_end=True)  # type: ignore[arg-type]
    assert done.nations["v"].rqu == 10
    notes = [n for n in done.notes if n.startswith("Tribute")]
    assert len(notes) == 2
    assert any("Tribute of N" in n and " at " in n for n in notes)
    assert any("Tribute of V" in n and "not attempted" in n for n in notes)


def test_tribute_line_rolls_and_settles() -> None:
    """O-188, O-189, AMB-21: the vassal's tribute line rolls at the cycle's end
    (dice `tribute:<vassal>`): a sure success gives the patron RQU; a sure
    failure costs the vassal 5 RQU, paid to the patron."""
    politics = Politics(vassalages=(Vassalage("v", "p", 500),))
    base = world("p", "v")
    line = VassalLine("v", VassalAct.TRIBUTE, good="rqu")
    strong = {**base, "v": base["v"].with_attributes(dict.fromkeys(Attribute, 70))}
    dice = Dice("secret", "test", "tribute")
    done = run(politics, strong, lines=[line], year=END, cycle_end=True, dice=dice)
    assert done.answers[0].accepted
    assert done.nations["p"].rqu > 20 and done.nations["v"].rqu == 20
    assert [r.purpose for r in dice.rolls] == ["tribute:v"]
    weak = {**base, "v": base["v"].with_attributes(dict.fromkeys(Attribute, 0))}
    failed = run(politics, weak, lines=[line], year=END, cycle_end=True)
    assert (failed.nations["v"].rqu, failed.nations["p"].rqu) == (15, 25)
    early = run(politics, base, lines=[line], year=END - 1)
    assert not early.answers[0].accepted


def test_forgiven_tribute_costs_nothing() -> None:
    """O-191: the patron forgives this cycle's tribute."""
    politics, nations = setup()
    line = VassalLine("p", VassalAct.FORGIVE, other="v")
    done = run(politics, nations, lines=[line], year=END, cycle_end=True)  # type: ignore[arg-type]
    assert done.nations["v"].rqu == 20
    assert any("Tribute of V" in n and "forgiven" in n for n in done.notes)


def test_weak_patron_loses_vassals_unless_they_stay() -> None:
    """O-192, O-193, AMB-33: a patron at or below 10 % VIA frees its vassals,
    save one that says it stays."""
    politics, nations = setup()
    nations["p"] = replace(nations["p"], via=4)  # type: ignore[type-var]
    stay = VassalLine("v", VassalAct.STAY)
    done = run(politics, nations, lines=[stay])  # type: ignore[arg-type]
    assert done.politics.patron("v") == "p"
    assert done.politics.patron("n") is None
    assert done.nations["n"].vassal_of is None and done.nations["v"].vassal_of == "p"


def test_independence_declared_and_sub_vassal_raised() -> None:
    """O-195, O-196: a declared independence is recorded; a sub-vassal raised
    becomes a direct vassal and the wronged vassal's grievance is told."""
    nations = dict(world("p", "v", "s"))
    politics = Politics(vassalages=(Vassalage("v", "p", 500), Vassalage("s", "v", 500)))
    lines = [VassalLine("v", VassalAct.INDEPENDENCE), VassalLine("p", VassalAct.RAISE, other="s")]
    done = run(politics, nations, lines=lines, year=502)
    assert [a.accepted for a in done.answers] == [True, True]
    assert done.politics.patron("s") == "p"
    record = next(r for r in done.politics.vassalages if r.vassal == "v")
    assert record.declared_independence == 502
    assert any("O-196" in n and "-10" in n for n in done.notes)


def test_independence_won_by_own_damage() -> None:
    """O-195, AMB-33: after its declaration the vassal's own prevailing
    Ofensiva against its patron counts; the patron at or below 60 % VIA by that
    damage frees it."""
    nations = dict(world("p", "v"))
    nations["p"] = replace(nations["p"], via=28)  # capacity 48: 60 % is 28.8
    declared = Vassalage("v", "p", 500, declared_independence=502, independence_via=8)
    politics = Politics(vassalages=(declared,))
    hit = act("v", Statistic.OFENSIVA, "p", Level.EC)
    done = run(politics, nations, [hit], year=503)
    assert done.politics.patron("v") is None
    assert any("O-195" in n for n in done.notes)
    without = run(politics, nations, year=503)
    assert without.politics.patron("v") == "p"
