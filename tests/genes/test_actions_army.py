"""Genes Mactantes army actions (adjudicator/rulesets/genes/actions_army.py).

002 §5.4.3 and §5.4.4 Exèrcit (Batalla, Guerra civil, Reclutar soldats, Soldats a
casa, Trasllat de tropes, Incursió, Setge), docs/genes.md "Battles", "Civil war"
and the actions table.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from adjudicator.rulesets.genes import actions_army as army
from adjudicator.rulesets.genes import civil_war
from adjudicator.rulesets.genes.model import (
    CharacterStatus,
    CivilWar,
    Force,
    Trait,
    field_place,
)
from adjudicator.rulesets.genes.outcome import ActionOutcome, ActionResult, EffectKind, GenesReason
from adjudicator.rulesets.genes.work import HANDLERS, Board
from orders.genes.model import ActionKind, Declaration
from tests.genes.fixtures import FixedDice, character, decl, make_board, make_state

P_FIELD, L_FIELD, M_FIELD = (field_place(c) for c in ("ponent", "llevant", "migjorn"))
PREFIX = "ponent:1"


def board_with(forces: list[Force] | None = None, faces: Any = None, **changes: Any) -> Board:
    state = make_state(forces=forces, **changes) if forces is not None else make_state(**changes)
    return make_board(state, dice=FixedDice(faces) if faces is not None else None)


def run(board: Board, d: Declaration) -> ActionResult:
    return HANDLERS[d.kind](board, d, f"{d.power}:1")


def kinds(result: ActionResult) -> list[EffectKind]:
    return [e.kind for e in result.effects]


IDS = re.compile(r"field:|\b(ponent|llevant|migjorn)(_[abc])?\b")
"""Ids a detail must not show: players know the names (Ponent, Llevant A)."""


def ally(power: str, target: str, place: str, **fields: Any) -> Declaration:
    return decl(power, ActionKind.ALLY, target=target, place=place, **fields)


def test_every_army_kind_has_a_handler() -> None:
    for kind in (
        ActionKind.BATTLE,
        ActionKind.EXTERNAL_BATTLE,
        ActionKind.CIVIL_WAR,
        ActionKind.RECRUIT,
        ActionKind.SOLDIERS_HOME,
        ActionKind.MOVE_TROOPS,
        ActionKind.RAID,
        ActionKind.SIEGE,
    ):
        assert HANDLERS[kind].__module__ in (army.__name__, civil_war.__name__)


# --- Batalla at a city -----------------------------------------------------------------


def test_battle_at_a_defended_city_won_but_not_taken() -> None:
    """002 §5.4.4 Batalla: the loser loses the difference; the city holds while defenders remain."""
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("llevant", "llevant_b", 5)], {"attack": 5, "defence": 4}
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b"))
    assert result.outcome is ActionOutcome.SUCCEEDED and result.reason is GenesReason.WON
    assert [r.total for r in result.rolls] == [11, 9]
    assert board.strength_at("llevant_b", "llevant") == 3
    assert board.cities["llevant_b"].owner == "llevant"


def test_battle_conquers_a_city_left_without_defenders() -> None:
    """002 §5.4.4 Setge: a battle conquers the city; docs/genes.md: the winners move in."""
    board = board_with(
        [Force("ponent", L_FIELD, 8), Force("llevant", "llevant_b", 2)], {"attack": 6, "defence": 2}
    )
    result = run(
        board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b", helpers=["maria"])
    )
    assert result.reason is GenesReason.WON
    assert board.cities["llevant_b"].owner == "ponent"
    assert board.strength_at("llevant_b", "ponent") == 8
    assert board.strength_at(L_FIELD, "ponent") == 0
    assert board.characters["maria"].place == "llevant_b"
    assert ("Maria", 3) in result.rolls[-2].terms
    assert EffectKind.CITY_TAKEN in kinds(result)


def test_an_undefended_city_falls_without_a_roll_and_its_characters_are_captured() -> None:
    """Our reading: no forces in the city, no battle roll; the owner's characters inside
    are captured by the conqueror."""
    board = board_with([Force("ponent", L_FIELD, 2), Force("llevant", "llevant_b", 4)], faces=())
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_a"))
    assert result.reason is GenesReason.WON and result.rolls == ()
    assert board.cities["llevant_a"].owner == "ponent"
    assert board.characters["pere"].status is CharacterStatus.CAPTURED
    assert board.characters["pere"].held_by == "ponent"
    assert board.countries["llevant"].principal_lost_to == "ponent"


def test_walled_defender_and_its_characters_present_add_to_the_defence() -> None:
    """002 §5.4.3 Batalla: walls +2; our reading: the owner's characters in the city defend."""
    cities = make_state().cities
    cities = {**cities, "llevant_a": cities["llevant_a"].with_(walled=True)}
    chars = [character("pere", "llevant", principal=True, authority=2, militarism=2)]
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("llevant", "llevant_a", 3)],
        {"attack": 2, "defence": 3},
        cities=cities,
        characters=chars,
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_a"))
    assert result.rolls[1].terms == (("Exèrcit", 3), ("Pere", 2), ("Muralla", 2))
    assert result.outcome is ActionOutcome.FAILED and result.reason is GenesReason.LOST
    assert board.strength_at(L_FIELD, "ponent") == 4  # 8 against 10
    assert "pere" not in board.active


def test_lost_battle_sends_the_helpers_to_their_fate() -> None:
    """002 §5.4.6: a failed action's active characters may be killed or captured
    (docs/genes.md: 1-2 killed, 3-5 captured by the opponent)."""
    board = board_with(
        [Force("ponent", L_FIELD, 3), Force("llevant", "llevant_b", 6)],
        {"attack": 2, "defence": 5, "fate:maria": 4},
    )
    result = run(
        board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b", helpers=["maria"])
    )
    assert result.reason is GenesReason.LOST
    assert board.strength_at(L_FIELD, "ponent") == 0  # 11 - 8 = 3 lost
    assert board.characters["maria"].held_by == "llevant"
    assert result.detail == "Ponent loses 3 Exèrcit"


def test_battle_detail_says_when_the_loser_had_less_to_lose() -> None:
    board = board_with(
        [Force("ponent", L_FIELD, 1), Force("llevant", "llevant_b", 6)],
        {"attack": 2, "defence": 5},
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b"))
    assert result.detail == "Ponent loses 8 Exèrcit; only 1 stood there"


def test_tied_battle_has_no_effect() -> None:
    """002 §5.4.5: a contest tie has no effect (no losses, no fate rolls)."""
    board = board_with(
        [Force("ponent", L_FIELD, 5), Force("llevant", "llevant_b", 5)], {"attack": 3, "defence": 6}
    )
    result = run(
        board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b", helpers=["maria"])
    )
    assert [r.total for r in result.rolls] == [11, 11]
    assert result.outcome is ActionOutcome.TIED and result.reason is GenesReason.TIE
    assert result.detail == "both sides 11"
    assert board.strength_at(L_FIELD, "ponent") == 5 and board.characters["maria"].free


def test_allies_join_the_side_they_name_at_the_battle_place() -> None:
    """002 §5.4.3 Batalla: allies add their Exèrcit there (`aliança <country> a <place>`)."""
    board = board_with(
        [
            Force("ponent", L_FIELD, 3),
            Force("migjorn", L_FIELD, 4),
            Force("llevant", "llevant_b", 6),
        ],
        {"attack": 5, "defence": 5},
    )
    board.free_lines.append(ally("migjorn", "ponent", "llevant_b"))
    board.free_lines.append(ally("migjorn", "ponent", "llevant_c"))  # another place: ignored
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b"))
    assert result.rolls[0].terms == (("Exèrcit", 3), ("aliat Migjorn", 4))
    assert result.reason is GenesReason.WON
    assert board.strength_at("llevant_b", "llevant") == 5


def test_external_battle_spends_an_investigation_internal_does_not() -> None:
    """002 §5.4.4 Investigació: +2 to the contest of the next external action."""
    countries = make_state().countries
    countries = {**countries, "ponent": countries["ponent"].with_(investigations={"llevant": 1})}
    board = board_with(
        [Force("ponent", L_FIELD, 5), Force("llevant", "llevant_b", 5)],
        {"attack": 5, "defence": 5},
        countries=countries,
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b"))
    assert ("Investigació", 2) in result.rolls[0].terms
    assert board.countries["ponent"].investigations == {}
    assert EffectKind.INVESTIGATION_USED in kinds(result)


def test_internal_battle_against_an_enemy_holding_an_own_country_city() -> None:
    cities = make_state().cities
    cities = {**cities, "ponent_b": cities["ponent_b"].with_(owner="llevant")}
    countries = make_state().countries
    countries = {**countries, "ponent": countries["ponent"].with_(investigations={"llevant": 1})}
    board = board_with(
        [Force("ponent", P_FIELD, 5), Force("llevant", "ponent_b", 1)],
        {"attack": 5, "defence": 1},
        cities=cities,
        countries=countries,
    )
    result = run(board, decl("ponent", ActionKind.BATTLE, place="ponent_b"))
    assert board.cities["ponent_b"].owner == "ponent"
    assert board.countries["ponent"].investigations == {"llevant": 1}
    assert result.reason is GenesReason.WON


@pytest.mark.parametrize(
    ("forces", "fields", "reason"),
    [
        ([Force("ponent", L_FIELD, 3)], {"place": "ponent_a"}, GenesReason.SAME_COUNTRY),
        ([Force("ponent", P_FIELD, 3)], {"place": "llevant_a"}, GenesReason.NO_FORCES_THERE),
        ([Force("ponent", L_FIELD, 3)], {"place": "nowhere"}, GenesReason.NO_PLACE),
        ([Force("ponent", L_FIELD, 3)], {}, GenesReason.NO_PLACE),
        ([Force("ponent", L_FIELD, 3)], {"place": L_FIELD}, GenesReason.NO_ENEMY_THERE),
        (
            [Force("ponent", L_FIELD, 3)],
            {"place": L_FIELD, "target": "ponent"},
            GenesReason.SAME_COUNTRY,
        ),
        (
            [Force("llevant", L_FIELD, 3)],
            {"place": L_FIELD, "target": "llevant"},
            GenesReason.NO_FORCES_THERE,
        ),
        (
            [Force("ponent", L_FIELD, 3), Force("migjorn", L_FIELD, 1)],
            {"place": L_FIELD, "target": "llevant"},
            GenesReason.NO_ENEMY_THERE,
        ),
    ],
)
def test_impossible_battles(
    forces: list[Force], fields: dict[str, Any], reason: GenesReason
) -> None:
    board = board_with(forces, faces=())
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, **fields))
    assert result.outcome is ActionOutcome.NOT_RESOLVED and result.reason is reason
    assert result.detail and not IDS.search(result.detail), result.detail


def test_battle_won_in_the_field_by_the_owner_breaks_the_siege() -> None:
    """002 §5.4.4 Setge: a battle breaks the siege; docs/genes.md: the owner winning
    in the field against the besieger."""
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("llevant", L_FIELD, 4)],
        {"attack": 8, "defence": 5},
        sieges={"llevant_b": "ponent"},
    )
    result = run(board, decl("llevant", ActionKind.BATTLE, place=L_FIELD, target="ponent"))
    assert result.reason is GenesReason.WON
    assert board.strength_at(L_FIELD, "ponent") == 5  # 12 - 11 = 1 lost
    assert "llevant_b" not in board.sieges
    assert EffectKind.SIEGE_BROKEN in kinds(result)


def test_field_battle_without_a_named_enemy_fights_the_only_one_there() -> None:
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("llevant", L_FIELD, 4)], {"attack": 8, "defence": 5}
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place=L_FIELD))
    assert result.reason is GenesReason.WON
    assert board.strength_at(L_FIELD, "llevant") == 0


def test_a_besiegers_win_keeps_the_siege() -> None:
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("llevant", L_FIELD, 4)],
        {"attack": 8, "defence": 5},
        sieges={"llevant_b": "ponent"},
    )
    run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place=L_FIELD, target="llevant"))
    assert board.sieges == {"llevant_b": "ponent"}


def test_taking_the_last_city_eliminates_the_country() -> None:
    """002 §4.4: a country that loses all its cities is eliminated."""
    cities = make_state().cities
    cities = {
        **cities,
        "llevant_a": cities["llevant_a"].with_(owner="ponent"),
        "llevant_c": cities["llevant_c"].with_(owner="migjorn"),
    }
    board = board_with(
        [
            Force("ponent", L_FIELD, 9),
            Force("llevant", "llevant_b", 2),
            Force("llevant", M_FIELD, 3),
        ],
        {"attack": 5, "defence": 1},
        cities=cities,
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b"))
    assert board.countries["llevant"].eliminated
    assert board.army("llevant") == 0
    assert EffectKind.ELIMINATED in kinds(result)


# --- Guerra civil ------------------------------------------------------------------------


def civil_board(
    faces: Any, rebels: int = 5, forces: list[Force] | None = None, **changes: Any
) -> Board:
    forces = (
        forces
        if forces is not None
        else [Force("ponent", "ponent_a", 5), Force("ponent", P_FIELD, 3)]
    )
    return board_with(forces, faces, civil_wars={"ponent": CivilWar("ponent", rebels)}, **changes)


def test_no_civil_war_is_impossible() -> None:
    board = board_with(None, ())
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert result.reason is GenesReason.NO_CIVIL_WAR


def test_civil_war_loyal_win_and_authority_test_ends_it() -> None:
    """002 §5.4.3 Guerra civil: loyal Exèrcit + the principal's max(Militarisme,
    Autoritat) + 1d10 against rebels + 1d10; ending (c): Autoritat 14."""
    chars = [
        character("joan", "ponent", principal=True, authority=3, militarism=1),
        character("maria", "ponent", militarism=3),
    ]
    board = civil_board({"loyal": 4, "rebels": 6, "peace": 10}, rebels=9, characters=chars)
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR, helpers=["maria", "joan"]))
    assert result.rolls[0].terms == (("Exèrcit", 8), ("Joan", 3), ("Maria", 3))
    assert result.rolls[1].terms == (("Rebels", 9),)
    assert result.reason is GenesReason.WON
    assert "joan" in board.active and "maria" in board.active
    assert [
        (e.delta, e.value) for e in result.effects if e.kind is EffectKind.CIVIL_WAR_REBELS
    ] == [(-3, 6)]
    assert result.rolls[-1].against == 14
    assert [r.label for r in result.rolls] == ["loyal army", "rebels", "peace (Autoritat 14)"]
    assert result.detail == "the rebels lose 3; the war ends"
    assert "ponent" not in board.civil_wars
    assert [e.other for e in result.effects if e.kind is EffectKind.CIVIL_WAR_ENDED] == ["c"]


def test_civil_war_goes_on_when_the_authority_test_fails() -> None:
    board = civil_board({"loyal": 4, "rebels": 6, "peace": 5})
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert board.civil_wars["ponent"].rebels == 5 - (13 - 11)
    assert EffectKind.CIVIL_WAR_ENDED not in kinds(result)


def test_civil_war_ends_when_the_rebels_reach_zero() -> None:
    """002 §5.4.3 Guerra civil (b): the rebel army at 0 ends the war."""
    board = civil_board({"loyal": 10, "rebels": 1}, rebels=4)
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert "ponent" not in board.civil_wars
    assert [e.other for e in result.effects if e.kind is EffectKind.CIVIL_WAR_ENDED] == ["b"]
    assert board.dice is not None and not any("peace" in r.purpose for r in board.dice.rolls)


def test_rebels_backed_by_a_neighbour_win_and_the_country_falls() -> None:
    """002 §5.4.3 Guerra civil (a): loyal Exèrcit 0, the country is eliminated; other
    players may back the rebels with forces and characters in the country. Our reading:
    its cities pass to the strongest backer."""
    chars = [
        character("joan", "ponent", "llevant_a", principal=True, authority=1),
        character("pere", "llevant", P_FIELD, principal=True, militarism=2),
    ]
    board = civil_board(
        {"loyal": 1, "rebels": 5},
        rebels=5,
        forces=[Force("ponent", "ponent_a", 2), Force("llevant", P_FIELD, 3)],
        characters=chars,
    )
    board.free_lines.append(ally("llevant", "ponent", P_FIELD, mode="rebels", helpers=["pere"]))
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert result.rolls[0].terms == (("Exèrcit", 2),)  # joan is abroad
    assert result.rolls[1].terms == (("Rebels", 5), ("aliat Llevant", 3), ("Pere", 2))
    assert result.reason is GenesReason.LOST
    assert board.countries["ponent"].eliminated
    assert all(c.owner == "llevant" for c in board.cities.values() if c.country == "ponent")
    assert board.characters["joan"].status is CharacterStatus.DEAD
    assert [e.other for e in result.effects if e.kind is EffectKind.CIVIL_WAR_ENDED] == ["a"]


def test_civil_war_lost_without_backers_leaves_ruins() -> None:
    """Our reading: with nobody backing the rebels the fallen country's cities stay its own."""
    board = civil_board(
        {"loyal": 1, "rebels": 10, "fate:joan": 8},
        rebels=9,
        forces=[Force("ponent", "ponent_a", 2)],
    )
    run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert board.countries["ponent"].eliminated
    assert board.cities["ponent_a"].owner == "ponent"
    assert "ponent" not in board.civil_wars


def test_civil_war_with_a_dead_principal_eliminates_the_country() -> None:
    """002 §5.4.3 Guerra civil (a): the principal dead."""
    chars = [character("joan", "ponent", principal=True).with_(status=CharacterStatus.DEAD)]
    board = civil_board({"loyal": 10, "rebels": 1}, characters=chars)
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert result.reason is GenesReason.WON
    assert board.countries["ponent"].eliminated


def test_backers_lose_after_the_rebels() -> None:
    """Our reading: a lost battle falls on the rebels first, then on the backers' forces."""
    board = civil_board(
        {"loyal": 10, "rebels": 1},
        rebels=2,
        forces=[Force("ponent", P_FIELD, 10), Force("llevant", P_FIELD, 4)],
    )
    board.free_lines.append(ally("llevant", "ponent", P_FIELD, mode="rebels"))
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert result.rolls[1].total == 7
    assert board.strength_at(P_FIELD, "llevant") == 0  # 21 - 7 = 14: 2 rebels, then 4
    assert [e.other for e in result.effects if e.kind is EffectKind.CIVIL_WAR_ENDED] == ["b"]


# --- Reclutar soldats --------------------------------------------------------------------


def test_recruit_one_is_automatic() -> None:
    """002 §5.4.3 Reclutar soldats: one soldier is automatic (no roll, no Autoritat)."""
    board = board_with(None, ())
    result = run(board, decl("ponent", ActionKind.RECRUIT, amount=1))
    assert result.reason is GenesReason.DONE and result.rolls == ()
    assert board.strength_at("ponent_a", "ponent") == 6
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 5


def test_recruit_many_tests_militarism_and_costs_authority() -> None:
    """002 §5.4.3 Reclutar soldats: Militarisme 10, each point over is +1 Exèrcit and
    −1 Autoritat, up to the number asked."""
    board = board_with(None, {"test": 8})
    result = run(board, decl("ponent", ActionKind.RECRUIT, amount=2, city="ponent_c"))
    assert result.reason is GenesReason.PASSED
    assert board.strength_at("ponent_c", "ponent") == 2  # min(2, 13 - 10)
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 3
    board = board_with(None, {"test": 7})
    run(board, decl("ponent", ActionKind.RECRUIT, amount=5))
    assert board.strength_at("ponent_a", "ponent") == 7
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 3


def test_recruit_natural_zero_gains_at_least_one() -> None:
    """002 §5.4.5: a 0 always succeeds; with a low total it still gives one."""
    board = board_with(None, {"test": 0}, traits={"ponent": {Trait.MILITARISM: 0}})
    result = run(board, decl("ponent", ActionKind.RECRUIT, amount=4))
    assert result.reason is GenesReason.PASSED
    assert board.strength_at("ponent_a", "ponent") == 6


def test_recruit_natural_one_fails() -> None:
    board = board_with(None, {"test": 1}, traits={"ponent": {Trait.MILITARISM: 10}})
    result = run(board, decl("ponent", ActionKind.RECRUIT, amount=3))
    assert result.reason is GenesReason.NATURAL_ONE
    assert board.army("ponent") == 8


def test_recruit_into_a_besieged_own_city_is_allowed() -> None:
    board = board_with(None, (), sieges={"ponent_b": "llevant"})
    run(board, decl("ponent", ActionKind.RECRUIT, amount=1, city="ponent_b"))
    assert board.strength_at("ponent_b", "ponent") == 1


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"amount": 0}, GenesReason.BAD_AMOUNT),
        ({"amount": 2, "city": "llevant_a"}, GenesReason.NOT_OWN_CITY),
    ],
)
def test_impossible_recruits(fields: dict[str, Any], reason: GenesReason) -> None:
    result = run(board_with(None, ()), decl("ponent", ActionKind.RECRUIT, **fields))
    assert result.reason is reason


# --- Soldats a casa ----------------------------------------------------------------------


def test_soldiers_home_from_a_place() -> None:
    """002 §5.4.3 Soldats a casa: − n Exèrcit, + n Autoritat (max 10)."""
    board = board_with(None, (), traits={"ponent": {Trait.AUTHORITY: 8}})
    result = run(board, decl("ponent", ActionKind.SOLDIERS_HOME, amount=3, origin=P_FIELD))
    assert result.reason is GenesReason.DONE
    assert board.strength_at(P_FIELD, "ponent") == 0
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 10


def test_soldiers_home_without_origin_takes_the_largest_force_first() -> None:
    board = board_with(None, ())
    run(board, decl("ponent", ActionKind.SOLDIERS_HOME, amount=6))
    assert board.strength_at("ponent_a", "ponent") == 0
    assert board.strength_at(P_FIELD, "ponent") == 2
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 10


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"amount": 0}, GenesReason.BAD_AMOUNT),
        ({"amount": 9}, GenesReason.NOT_ENOUGH_TROOPS),
        ({"amount": 4, "origin": P_FIELD}, GenesReason.NOT_ENOUGH_TROOPS),
    ],
)
def test_impossible_soldiers_home(fields: dict[str, Any], reason: GenesReason) -> None:
    result = run(board_with(None, ()), decl("ponent", ActionKind.SOLDIERS_HOME, **fields))
    assert result.reason is reason


# --- Trasllat de tropes ------------------------------------------------------------------


def test_move_troops_to_a_neighbouring_field() -> None:
    """002 §5.4.3 Trasllat de tropes: to a neighbouring field (anywhere the
    troops can reach: tests/genes/test_fidelity_actions.py, issue 18 #9)."""
    board = board_with(None, ())
    result = run(
        board, decl("ponent", ActionKind.MOVE_TROOPS, amount=4, origin="ponent_a", place=L_FIELD)
    )
    assert result.reason is GenesReason.DONE
    assert board.strength_at("ponent_a", "ponent") == 1
    assert board.strength_at(L_FIELD, "ponent") == 4
    moved = next(e for e in result.effects if e.kind is EffectKind.TROOPS_MOVED)
    assert (moved.subject, moved.other, moved.delta) == ("ponent_a", L_FIELD, 4)


def test_moving_abroad_takes_raiders_first_and_a_city_makes_them_garrison() -> None:
    board = board_with([Force("ponent", P_FIELD, 3), Force("ponent", P_FIELD, 2, raiders=True)], ())
    run(board, decl("ponent", ActionKind.MOVE_TROOPS, amount=2, origin=P_FIELD, place=L_FIELD))
    assert board.forces_at(L_FIELD) == [Force("ponent", L_FIELD, 2, raiders=True)]
    run(board, decl("ponent", ActionKind.MOVE_TROOPS, amount=2, origin=L_FIELD, place="ponent_b"))
    assert board.forces_at("ponent_b") == [Force("ponent", "ponent_b", 2)]


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"amount": 2, "origin": P_FIELD, "place": "llevant_b"}, GenesReason.NOT_OWN_CITY),
        ({"amount": 4, "origin": P_FIELD, "place": L_FIELD}, GenesReason.NOT_ENOUGH_TROOPS),
        ({"amount": 1, "origin": L_FIELD, "place": P_FIELD}, GenesReason.NO_FORCES_THERE),
        ({"amount": 1, "origin": P_FIELD, "place": P_FIELD}, GenesReason.SAME_PLACE),
        ({"amount": 0, "origin": P_FIELD, "place": L_FIELD}, GenesReason.BAD_AMOUNT),
        ({"amount": 1, "origin": "atlantis", "place": L_FIELD}, GenesReason.NO_PLACE),
        ({"amount": 1, "origin": "ponent_a", "place": P_FIELD}, GenesReason.BESIEGED),
        ({"amount": 1, "origin": P_FIELD, "place": "ponent_a"}, GenesReason.BESIEGED),
    ],
)
def test_impossible_moves(fields: dict[str, Any], reason: GenesReason) -> None:
    board = board_with(None, (), sieges={"ponent_a": "llevant"})
    result = run(board, decl("ponent", ActionKind.MOVE_TROOPS, **fields))
    assert result.reason is reason and result.detail and not IDS.search(result.detail)


# --- Incursió ----------------------------------------------------------------------------


def test_raid_passed_costs_the_target_an_action() -> None:
    """002 §5.4.4 Incursió: Militarisme 12; the target loses one action next turn."""
    board = board_with(None, {"test": 8})
    result = run(board, decl("ponent", ActionKind.RAID, target="llevant"))
    assert result.reason is GenesReason.PASSED and result.rolls[0].against == 12
    assert board.countries["llevant"].lost_actions == 1
    assert EffectKind.ACTIONS_NEXT_TURN in kinds(result)


def test_raid_failed_sends_helpers_to_their_fate() -> None:
    board = board_with(None, {"test": 4, "fate:maria": 1})
    result = run(board, decl("ponent", ActionKind.RAID, target="llevant", helpers=["maria"]))
    assert result.reason is GenesReason.FAILED
    assert board.countries["llevant"].lost_actions == 0
    assert board.characters["maria"].status is CharacterStatus.DEAD


def test_raid_natural_rolls_and_investigation() -> None:
    """002 §5.4.5: 0 always succeeds, 1 always fails; Investigació gives +2."""
    countries = make_state().countries
    countries = {**countries, "ponent": countries["ponent"].with_(investigations={"llevant": 1})}
    board = board_with(None, {"test": 6}, countries=countries)
    result = run(board, decl("ponent", ActionKind.RAID, target="llevant"))
    assert ("Investigació", 2) in result.rolls[0].terms and result.reason is GenesReason.PASSED
    board = board_with(None, {"test": 0}, traits={"ponent": {Trait.MILITARISM: 0}})
    assert run(board, decl("ponent", ActionKind.RAID, target="llevant")).succeeded
    board = board_with(None, {"test": 1}, traits={"ponent": {Trait.MILITARISM: 10}})
    assert (
        run(board, decl("ponent", ActionKind.RAID, target="llevant")).reason
        is GenesReason.NATURAL_ONE
    )


@pytest.mark.parametrize(
    ("forces", "target", "reason"),
    [
        (None, "migjorn", GenesReason.NO_FORCES_THERE),  # ponent does not border migjorn
        ([Force("ponent", "ponent_b", 3)], "llevant", GenesReason.NO_FORCES_THERE),  # besieged
        (None, "ponent", GenesReason.SAME_COUNTRY),
        (None, None, GenesReason.NO_ENEMY_THERE),
    ],
)
def test_impossible_raids(
    forces: list[Force] | None, target: str | None, reason: GenesReason
) -> None:
    board = board_with(forces, (), sieges={"ponent_b": "llevant"})
    result = run(board, decl("ponent", ActionKind.RAID, target=target))
    assert result.reason is reason


def test_raid_from_beside_the_target() -> None:
    """docs/genes.md Incursió: forces in a field bordering the target will do."""
    board = board_with([Force("ponent", L_FIELD, 1)], {"test": 9})
    assert run(board, decl("ponent", ActionKind.RAID, target="migjorn")).succeeded


# --- Setge ------------------------------------------------------------------------------


def test_siege_laid_costs_the_owner_an_action_and_shuts_the_city() -> None:
    """002 §5.4.4 Setge: Militarisme 10; the owner loses an action; nothing leaves."""
    board = board_with([Force("ponent", L_FIELD, 3), Force("llevant", "llevant_b", 4)], {"test": 6})
    result = run(board, decl("ponent", ActionKind.SIEGE, city="llevant_b"))
    assert result.reason is GenesReason.PASSED and result.rolls[0].against == 10
    assert board.sieges == {"llevant_b": "ponent"}
    assert board.countries["llevant"].lost_actions == 1
    besieged = next(e for e in result.effects if e.kind is EffectKind.CITY_BESIEGED)
    assert (besieged.country, besieged.subject, besieged.other) == (
        "ponent",
        "llevant_b",
        "llevant",
    )
    moved = run(
        board, decl("llevant", ActionKind.MOVE_TROOPS, amount=1, origin="llevant_b", place=L_FIELD)
    )
    assert moved.reason is GenesReason.BESIEGED


def test_siege_of_a_walled_city_is_at_twelve() -> None:
    cities = make_state().cities
    cities = {**cities, "llevant_b": cities["llevant_b"].with_(walled=True)}
    board = board_with([Force("ponent", L_FIELD, 3)], {"test": 7}, cities=cities)
    result = run(board, decl("ponent", ActionKind.SIEGE, city="llevant_b"))
    assert result.rolls[0].against == 12 and result.reason is GenesReason.FAILED
    assert board.sieges == {}


@pytest.mark.parametrize(
    ("city", "forces", "reason"),
    [
        ("llevant_a", [Force("ponent", L_FIELD, 3)], GenesReason.ALREADY_BESIEGED),
        ("llevant_b", [Force("ponent", P_FIELD, 3)], GenesReason.NO_FORCES_THERE),
        ("ponent_b", [Force("ponent", P_FIELD, 3)], GenesReason.SAME_COUNTRY),
        ("atlantis", [Force("ponent", L_FIELD, 3)], GenesReason.NO_PLACE),
    ],
)
def test_impossible_sieges(city: str, forces: list[Force], reason: GenesReason) -> None:
    board = board_with(forces, (), sieges={"llevant_a": "migjorn"})
    result = run(board, decl("ponent", ActionKind.SIEGE, city=city))
    assert result.reason is reason and result.detail and not IDS.search(result.detail)


def test_a_besieger_marching_off_lifts_its_siege() -> None:
    """docs/genes.md Battles, our reading: a siege lasts while the besieger keeps
    forces in the field of the city's country."""
    board = board_with([Force("ponent", L_FIELD, 3)], (), sieges={"llevant_b": "ponent"})
    result = run(
        board, decl("ponent", ActionKind.MOVE_TROOPS, amount=3, origin=L_FIELD, place=P_FIELD)
    )
    assert board.sieges == {}
    assert EffectKind.SIEGE_BROKEN in kinds(result)


def test_a_repelled_assault_does_not_break_the_siege() -> None:
    """Our reading: the besieger beaten at the city walls keeps its siege while it
    still has forces in the field."""
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("llevant", "llevant_b", 6)],
        {"attack": 2, "defence": 4},
        sieges={"llevant_b": "ponent"},
    )
    result = run(board, decl("ponent", ActionKind.EXTERNAL_BATTLE, place="llevant_b"))
    assert result.reason is GenesReason.LOST
    assert board.strength_at(L_FIELD, "ponent") == 4
    assert board.sieges == {"llevant_b": "ponent"}


def test_civil_war_tie_changes_nothing_but_the_peace_test_is_rolled() -> None:
    """002 §5.4.5: a tie has no effect; 002 §5.4.3 (c): the Autoritat test ends the action."""
    board = civil_board({"loyal": 2, "rebels": 6, "peace": 2})  # no natural die (issue 18 #7)
    result = run(board, decl("ponent", ActionKind.CIVIL_WAR))
    assert result.outcome is ActionOutcome.TIED
    assert board.civil_wars["ponent"].rebels == 5 and board.army("ponent") == 8
    assert result.rolls[-1].against == 14
