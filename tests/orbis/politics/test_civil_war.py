"""Civil war: the condition, the Supremacy meter, faction and foreign medidas, upkeep, the end."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.civil_war import (
    CivilWar,
    civil_war_condition,
    duration,
    extra_medidas,
    faction_medida,
    hit,
    is_over,
    move_supremacy,
    settle,
    split_supremacy,
    start_civil_war,
    upkeep,
    winner,
)
from adjudicator.rulesets.orbis.politics.war import is_war_medida, war_durations
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import Index, cycle_end, restoration_blocked


def nation(via: int = 60, leg: int = 60) -> Nation:
    """Capacities 60 (all attributes 20)."""
    return Nation("n", "N", dict.fromkeys(Attribute, 20), via, leg, player="ana")


def two() -> CivilWar:
    return start_civil_war("n", ("gov", "reb"), "gov", 510)


def test_split_two_and_three() -> None:
    """O-219, AMB-23: two factions 50/50; three 33/33/34 with 34 to the incumbent."""
    assert split_supremacy(("gov", "reb"), "gov") == {"gov": 50, "reb": 50}
    assert split_supremacy(("a", "b", "c"), "b") == {"a": 33, "b": 34, "c": 33}


def test_split_six() -> None:
    """AMB-23: six factions: 16 each, the incumbent 20."""
    split = split_supremacy(tuple("abcdef"), "f")
    assert split == {"a": 16, "b": 16, "c": 16, "d": 16, "e": 16, "f": 20}
    assert sum(split.values()) == 100


def test_split_rejects_bad_factions() -> None:
    """O-219: two or more different factions, the incumbent among them."""
    with pytest.raises(ValueError):
        split_supremacy(("a",), "a")
    with pytest.raises(ValueError):
        split_supremacy(("a", "a"), "a")
    with pytest.raises(ValueError):
        split_supremacy(("a", "b"), "c")


def test_meter_must_sum_to_100() -> None:
    """O-219: the meter is 100 points over the factions."""
    with pytest.raises(ValueError):
        CivilWar("n", ("a", "b"), "a", {"a": 50, "b": 40}, 510)
    with pytest.raises(ValueError):
        CivilWar("n", ("a", "b"), "a", {"a": 110, "b": -10}, 510)
    with pytest.raises(ValueError):
        CivilWar("n", ("a", "b"), "a", {"a": 100}, 510)
    with pytest.raises(ValueError):
        CivilWar("n", ("a", "b"), "a", {"a": 50, "b": 50}, 510, backers={"x": "c"})


@pytest.mark.parametrize(
    ("domestic", "statistic", "penalty"),
    [
        (True, Statistic.COMERCIO, 10),  # domestic peaceful
        (False, Statistic.OFENSIVA, 10),  # exterior war
        (False, Statistic.COMERCIO, 0),  # exterior peaceful
        (True, Statistic.OFENSIVA, 0),  # domestic war
        (True, Statistic.INCISION, 0),  # Supresión at home is war
        (False, Statistic.INTRIGA, 10),
        (False, Statistic.SABOTAJE, 10),
        (True, Statistic.DOCTRINA, 10),
    ],
)
def test_civil_war_condition(domestic: bool, statistic: Statistic, penalty: int) -> None:
    """O-214, AMB-32: +10 on domestic peaceful and exterior war medidas only."""
    war = is_war_medida(statistic)
    assert civil_war_condition(domestic=domestic, war=war) == penalty


def test_gm_tagged_war_medida_condition() -> None:
    """O-214, AMB-32: a medida the GM tags as war counts as war."""
    war = is_war_medida(Statistic.DIPLOMACIA, gm_war=True)
    assert civil_war_condition(domestic=False, war=war) == 10
    assert civil_war_condition(domestic=True, war=war) == 0


def test_ofensiva_moves_sixteen() -> None:
    """O-220, AMB-23 (the book's example read as 66/34): a successful Ofensiva (E) of a
    faction moves 16 points, 50/50 → 66/34."""
    after = faction_medida(two(), "reb", "gov", Level.E)
    assert dict(after.supremacy) == {"gov": 34, "reb": 66}


@pytest.mark.parametrize(
    ("level", "moved"), [(Level.LE, 8), (Level.E, 16), (Level.ME, 24), (Level.EC, 32)]
)
def test_faction_medida_moves_double(level: Level, moved: int) -> None:
    """O-220: a faction medida moves twice its level's size to itself."""
    after = faction_medida(two(), "gov", "reb", level)
    assert after.supremacy["gov"] == 50 + moved
    assert after.supremacy["reb"] == 50 - moved


def test_faction_failure_moves_nothing() -> None:
    """O-220: only a prevailing faction medida moves Supremacy."""
    assert faction_medida(two(), "gov", "reb", Level.F) == two()


def test_faction_medida_does_not_touch_indices() -> None:
    """O-220: faction medidas take nothing from VIA or LEG, only Supremacy."""
    war, after = hit(two(), nation(), "reb", "gov", Index.VIA, Level.E)
    assert (after.via, after.leg) == (60, 60)
    assert dict(war.supremacy) == {"gov": 34, "reb": 66}


def test_foreign_backer_halves() -> None:
    """O-222, AMB-24: a foreign nation that joined splits its level's value in half: an
    Ofensiva E (8) takes 4 VIA and moves 4 Supremacy from the faction it fights."""
    war = CivilWar("n", ("gov", "reb"), "gov", {"gov": 50, "reb": 50}, 510, backers={"x": "reb"})
    after_war, after = hit(war, nation(), "x", "gov", Index.VIA, Level.E)
    assert after.via == 56
    assert after.leg == 60
    assert dict(after_war.supremacy) == {"gov": 46, "reb": 54}


def test_foreign_backer_on_leg() -> None:
    """O-222, AMB-24: an Incisión ME (12) by a backer: 6 LEG and 6 Supremacy."""
    war = CivilWar("n", ("gov", "reb"), "gov", {"gov": 50, "reb": 50}, 510, backers={"x": "gov"})
    after_war, after = hit(war, nation(), "x", "reb", Index.LEG, Level.ME)
    assert (after.via, after.leg) == (60, 54)
    assert dict(after_war.supremacy) == {"gov": 56, "reb": 44}


def test_backer_does_not_fight_its_faction() -> None:
    """O-222: a backer's medida is against the faction it fights, not the one it backs."""
    war = CivilWar("n", ("gov", "reb"), "gov", {"gov": 50, "reb": 50}, 510, backers={"x": "reb"})
    with pytest.raises(ValueError):
        hit(war, nation(), "x", "reb", Index.VIA, Level.E)


def test_outsider_does_full_damage() -> None:
    """O-223: a nation fighting the divided nation without joining its civil war does its
    full damage and moves no Supremacy."""
    war, after = hit(two(), nation(), "y", "gov", Index.VIA, Level.E)
    assert after.via == 52
    assert war == two()


def test_failed_hit_changes_nothing() -> None:
    """O-220, O-222, O-223: a medida that did not prevail changes nothing."""
    war = CivilWar("n", ("gov", "reb"), "gov", {"gov": 50, "reb": 50}, 510, backers={"x": "reb"})
    assert hit(war, nation(), "x", "gov", Index.VIA, Level.MF) == (war, nation())
    with pytest.raises(ValueError):
        hit(
            war,
            Nation("m", "M", dict.fromkeys(Attribute, 20), 60, 60),
            "x",
            "gov",
            Index.VIA,
            Level.E,
        )


def test_upkeep_from_second_year() -> None:
    """O-221, AMB-37: each year beyond the first, at the end of the turn: −2 LEG −1 VIA."""
    war = two()
    assert upkeep(war, nation(), 510) == nation()
    after = upkeep(war, nation(), 511)
    assert (after.via, after.leg) == (59, 58)
    low = upkeep(war, nation(via=0, leg=1), 512)
    assert (low.via, low.leg) == (0, 0)


def test_duration_blocks_restoration() -> None:
    """AMB-15, O-131: a civil war of 2 turns (counting the current) blocks the cycle's +5."""
    war = two()
    assert duration(war, 510) == 1
    assert duration(war, 511) == 2
    durations = war_durations({}, "n", 511, civil_war_started=war.started)
    assert restoration_blocked(durations)
    assert cycle_end(nation(50, 50), durations).via == 50
    first = war_durations({}, "n", 510, civil_war_started=war.started)
    assert cycle_end(nation(50, 50), first).via == 55


def test_extra_medidas_only_with_different_controllers() -> None:
    """O-216, O-218, AMB-43: one player controlling both factions gets no extra medida;
    different controllers get one extra medida each per faction."""
    assert extra_medidas({"gov": "ana", "reb": "ana"}) == {}
    assert extra_medidas({"gov": "ana", "reb": "gm"}) == {"ana": 1, "gm": 1}
    assert extra_medidas({"gov": "ana", "reb": "gm", "third": "gm"}) == {"ana": 1, "gm": 2}


def test_the_end_a_faction_at_100() -> None:
    """O-219, O-220, O-217: a faction with all 100 points wins; the player keeps the nation."""
    war = two()
    for _ in range(2):
        war = faction_medida(war, "reb", "gov", Level.ME)  # 24 each: 26, then 2 left
        assert not is_over(war)
    assert dict(war.supremacy) == {"gov": 2, "reb": 98}
    war = faction_medida(war, "reb", "gov", Level.ME)  # only the 2 left move
    assert dict(war.supremacy) == {"gov": 0, "reb": 100}
    assert winner(war) == "reb"
    assert is_over(war)
    _, after = hit(war, nation(), "reb", "gov", Index.VIA, Level.E)
    assert after.player == "ana"


def test_three_factions_eliminated_one_by_one() -> None:
    """O-219, O-220: a faction at 0 is out; the war goes on until one holds 100."""
    war = start_civil_war("n", ("a", "b", "c"), "a", 510)
    war = move_supremacy(war, "b", "c", 40)
    assert dict(war.supremacy) == {"a": 34, "b": 66, "c": 0}
    assert war.active == ("a", "b")
    assert winner(war) is None
    war = faction_medida(war, "b", "a", Level.EC)  # 32 of 34
    assert winner(war) is None
    war = faction_medida(war, "b", "a", Level.LE)
    assert dict(war.supremacy) == {"a": 0, "b": 100, "c": 0}
    assert winner(war) == "b"


def test_settlement() -> None:
    """O-217: the GM may end the civil war; the winner takes the meter."""
    war = settle(two(), "gov")
    assert dict(war.supremacy) == {"gov": 100, "reb": 0}
    assert is_over(war)
    with pytest.raises(ValueError):
        settle(two(), "x")


def test_move_supremacy_validation() -> None:
    """O-219: points move between two factions of the war, a positive amount."""
    with pytest.raises(ValueError):
        move_supremacy(two(), "gov", "gov", 4)
    with pytest.raises(ValueError):
        move_supremacy(two(), "gov", "x", 4)
    with pytest.raises(ValueError):
        move_supremacy(two(), "gov", "reb", -4)


LEVELS = st.sampled_from(list(Level))
FACTIONS = ("a", "b", "c", "d")


@st.composite
def events(draw: st.DrawFn) -> tuple[str, str, str, Level]:
    kind = draw(st.sampled_from(["faction", "backer", "outsider"]))
    against = draw(st.sampled_from(FACTIONS))
    if kind == "faction":
        actor = draw(st.sampled_from([f for f in FACTIONS if f != against]))
    elif kind == "backer":
        actor = draw(st.sampled_from(["x", "y"]))
    else:
        actor = "z"
    return kind, actor, against, draw(LEVELS)


@given(
    st.integers(min_value=2, max_value=4),
    st.sampled_from(["a", "b"]),
    st.lists(events(), max_size=40),
)
def test_supremacy_always_sums_to_100(
    count: int, incumbent: str, steps: list[tuple[str, str, str, Level]]
) -> None:
    """O-219, O-220, O-222, O-223, AMB-23, AMB-24: over random faction medidas and foreign
    involvement, Supremacy stays within 0..100 and sums to 100; indices never go negative."""
    factions = FACTIONS[:count]
    war = start_civil_war("n", factions, incumbent, 510)
    backers = {"x": factions[0], "y": factions[-1]}
    war = CivilWar(war.nation, war.factions, war.incumbent, war.supremacy, 510, backers=backers)
    state = nation()
    for _kind, actor, against, level in steps:
        if against not in factions or actor == against:
            continue
        if actor in factions or actor == "z" or backers.get(actor) != against:
            war, state = hit(war, state, actor, against, Index.VIA, level)
        assert sum(war.supremacy.values()) == 100
        assert all(0 <= v <= 100 for v in war.supremacy.values())
        assert state.via >= 0
    assert (winner(war) is not None) == is_over(war)
