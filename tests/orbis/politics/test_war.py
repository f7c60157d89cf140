"""War between nations: hostilities, war, suspension, fronts and fatigue."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.politics.war import (
    WAR_MEDIDAS,
    Conflict,
    Front,
    front_halves,
    is_war_medida,
    nation_fatigue,
    pair,
    supporting_allies,
    update_wars,
    war_durations,
    war_fatigue,
    wars_of,
)
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import cycle_end

AB = pair("a", "b")
AC = pair("a", "c")


def run(turns: list[set[frozenset[str]]], start: int = 500) -> dict[frozenset[str], Conflict]:
    wars: dict[frozenset[str], Conflict] = {}
    for offset, clashes in enumerate(turns):
        wars = update_wars(wars, clashes, start + offset)
    return wars


def test_three_turns_of_clashes_make_a_war() -> None:
    """O-204: two nations that clash three turns in a row are at war; two are not."""
    two = run([{AB}, {AB}])
    assert not two[AB].at_war
    assert two[AB].hostile == 2
    three = run([{AB}, {AB}, {AB}])
    assert three[AB].at_war
    assert three[AB].started == 502
    assert wars_of(three, "a") == (three[AB],)


def test_broken_streak_starts_again() -> None:
    """O-202, O-204: sporadic clashes (a quiet turn between) are hostilities, not war."""
    wars = run([{AB}, {AB}, set(), {AB}, {AB}])
    assert not wars[AB].at_war
    assert wars[AB].hostile == 2
    wars = update_wars(wars, {AB}, 505)
    assert wars[AB].at_war
    assert wars[AB].started == 505
    assert wars[AB].first_clash == 503


def test_declaration_alone_is_symbolic() -> None:
    """O-205: a declaration of war without hostile actions is recorded, no war."""
    wars = update_wars({}, set(), 500, declarations={AB})
    assert wars[AB].declared
    assert not wars[AB].at_war
    assert wars_of(wars, "a") == ()
    wars = update_wars(wars, set(), 501)  # two quiet turns: the declaration lapses (O-206)
    assert AB not in wars


def test_declaration_with_clashes_still_three_turns() -> None:
    """O-204, O-205: a declaration does not shorten the three turns of clashes."""
    wars = update_wars({}, {AB}, 500, declarations={AB})
    wars = update_wars(wars, {AB}, 501)
    assert wars[AB].declared
    assert not wars[AB].at_war
    wars = update_wars(wars, {AB}, 502)
    assert wars[AB].at_war


def test_two_quiet_turns_end_the_war() -> None:
    """O-206: two turns in a row without either attacking: suspended or over; one is not."""
    wars = run([{AB}, {AB}, {AB}, set()])
    assert wars[AB].at_war
    assert wars[AB].quiet == 1
    wars = update_wars(wars, set(), 504)
    assert AB not in wars  # nothing left to count
    assert war_durations(wars, "a", 504).international_war == 0


def test_quiet_turn_then_clash_keeps_the_war() -> None:
    """O-206: one quiet turn then a clash: the war goes on, its start kept."""
    wars = run([{AB}, {AB}, {AB}, set(), {AB}])
    assert wars[AB].at_war
    assert wars[AB].started == 502
    assert wars[AB].quiet == 0
    assert wars[AB].first_clash == 500
    assert war_durations(wars, "a", 504, count_from="hostilities").international_war == 5


def test_suspended_war_needs_three_new_turns() -> None:
    """O-204, O-206: after a suspension the war counts again only after three clashes."""
    wars = run([{AB}, {AB}, {AB}, set(), set(), {AB}, {AB}])
    assert not wars[AB].at_war
    wars = update_wars(wars, {AB}, 507)
    assert wars[AB].at_war
    assert wars[AB].started == 507


def test_wars_are_per_pair() -> None:
    """O-204, O-207: each pair of nations counts its own clashes."""
    wars = run([{AB, AC}, {AB}, {AB, AC}])
    assert wars[AB].at_war
    assert not wars[AC].at_war
    assert wars_of(wars, "c") == ()


def test_pair_rejects_one_nation() -> None:
    """O-204: a war is between two nations."""
    with pytest.raises(ValueError):
        pair("a", "a")
    with pytest.raises(ValueError):
        update_wars({}, {frozenset({"a"})}, 500)


def test_war_durations_for_the_cycle() -> None:
    """AMB-15, O-131, O-204: an international war of 4 turns (counting the current turn,
    from the turn it became war) blocks the cycle's +5; of 3 it does not."""
    wars = run([{AB}] * 6)  # war from 502
    assert war_durations(wars, "a", 504).international_war == 3
    assert war_durations(wars, "b", 505).international_war == 4
    assert war_durations(wars, "c", 505).international_war == 0
    counted = war_durations(wars, "a", 504, count_from="hostilities")
    assert counted.international_war == 5
    nation = Nation("a", "A", dict.fromkeys(Attribute, 20), 30, 30)
    assert cycle_end(nation, war_durations(wars, "a", 504)).via == 35
    assert cycle_end(nation, war_durations(wars, "a", 505)).via == 30


def test_war_durations_civil_war_and_rebellion() -> None:
    """AMB-15, AMB-37: civil war and rebellion durations count the current turn."""
    durations = war_durations({}, "a", 510, civil_war_started=509, rebellion_started=508)
    assert durations.civil_war == 2
    assert durations.rebellion == 3
    assert war_durations({}, "a", 510).civil_war == 0


def test_war_medidas() -> None:
    """AMB-32, O-208, O-214: war = Ofensiva, Incisión/Supresión, Sabotaje, Intriga, or GM-tagged."""
    assert WAR_MEDIDAS == {
        Statistic.OFENSIVA,
        Statistic.INCISION,
        Statistic.SABOTAJE,
        Statistic.INTRIGA,
    }
    assert is_war_medida(Statistic.OFENSIVA)
    assert not is_war_medida(Statistic.COMERCIO)
    assert is_war_medida(Statistic.ESPIONAJE, gm_war=True)


def test_front_halves() -> None:
    """O-207, O-209, O-210, AMB-35: a nation is a full front (2 halves), a vassal or a
    distant nation half, the GM may make a large nation several fronts."""
    assert front_halves("x") == 2
    assert front_halves("x", vassal=True) == 1
    assert front_halves("x", distant=True) == 1
    assert front_halves("x", vassal=True, overrides={"x": 4}) == 4
    assert front_halves("y", overrides={"x": 4}) == 2
    with pytest.raises(ValueError):
        front_halves("x", overrides={"x": 0})


@pytest.mark.parametrize(
    ("halves", "fatigue"),
    [(2, 0), (4, 0), (5, 0), (6, 5), (7, 5), (8, 10), (11, 15)],
)
def test_two_fronts_free_then_five_each(halves: int, fatigue: int) -> None:
    """O-208, O-209, AMB-35: two fronts free, +5 × floor(fronts − 2) beyond (2.5 → 0, 3 → +5)."""
    assert war_fatigue(halves) == fatigue


def test_fatigue_only_on_war_actions() -> None:
    """O-208: the fatigue applies only to war actions."""
    assert war_fatigue(8, war_action=False) == 0
    assert war_fatigue(8, war_action=True) == 10


def test_capacity_and_allies() -> None:
    """O-211, O-212: technology (capacity) and each ally raise the free fronts."""
    assert war_fatigue(8, capacity=3) == 5
    assert war_fatigue(8, allies=1) == 5
    assert war_fatigue(8, capacity=3, allies=1) == 0


def test_two_allies_each_hold_three_enemies() -> None:
    """O-212 (the book's example): two allies each hold three enemies without fatigue,
    only if they fight the same enemies in the same zone."""
    fronts = [Front("north", frozenset({e})) for e in ("x", "y", "z")]
    assert nation_fatigue(fronts) == 5
    assert nation_fatigue(fronts, allies={"b": fronts}) == 0
    elsewhere = [Front("south", frozenset({e})) for e in ("x", "y", "z")]
    assert nation_fatigue(fronts, allies={"b": elsewhere}) == 5
    other = [Front("north", frozenset({e})) for e in ("u", "v", "w")]
    assert nation_fatigue(fronts, allies={"b": other}) == 5
    four = [*fronts, Front("north", frozenset({"w"}))]
    assert nation_fatigue(four, allies={"b": fronts}) == 5


def test_supporting_allies_same_zone_same_enemies() -> None:
    """O-212: an ally supports a front only with the same enemies in the same zone."""
    front = Front("north", frozenset({"x"}))
    allies = {
        "b": [Front("north", frozenset({"x"}))],
        "c": [Front("north", frozenset({"x", "y"}))],
        "d": [Front("east", frozenset({"x"}))],
    }
    assert supporting_allies(front, allies) == {"b"}


def test_half_fronts_in_fatigue() -> None:
    """O-209, AMB-35: two full fronts and a vassal: 2.5 fronts, no fatigue; two vassals more: 3."""
    fronts = [
        Front("a", frozenset({"x"})),
        Front("b", frozenset({"y"})),
        Front("c", frozenset({"v"}), halves=front_halves("v", vassal=True)),
    ]
    assert nation_fatigue(fronts) == 0
    fronts.append(Front("d", frozenset({"w"}), halves=front_halves("w", distant=True)))
    assert nation_fatigue(fronts) == 5
    assert nation_fatigue(fronts, war_action=False) == 0


def test_gm_large_nation_several_fronts() -> None:
    """O-210, AMB-35: a GM override of a large nation as two fronts, with one more: fatigue."""
    big = Front(
        "east", frozenset({"empire"}), halves=front_halves("empire", overrides={"empire": 4})
    )
    assert nation_fatigue([big]) == 0
    assert nation_fatigue([big, Front("west", frozenset({"x"}))]) == 5


def test_front_validation() -> None:
    """O-207: a front has an enemy and a positive weight."""
    with pytest.raises(ValueError):
        Front("z", frozenset())
    with pytest.raises(ValueError):
        Front("z", frozenset({"x"}), halves=0)
