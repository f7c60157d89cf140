"""Genes Mactantes battles, conquest and elimination (adjudicator/rulesets/genes/battle.py).

002 §5.4.3 / §5.4.4 Batalla, §4.4 Ciutats, docs/genes.md "Battles".
"""

from __future__ import annotations

from adjudicator.rulesets.genes.battle import (
    Side,
    check_elimination,
    fight,
    lift_abandoned_sieges,
    nearest_own_city,
    take_city,
    withdraw,
)
from adjudicator.rulesets.genes.model import CharacterStatus, CivilWar, Force, field_place
from adjudicator.rulesets.genes.outcome import EffectKind
from adjudicator.rulesets.genes.work import Board
from tests.genes.fixtures import FixedDice, character, make_board, make_state

P_FIELD = field_place("ponent")
L_FIELD = field_place("llevant")


def board_with(forces: list[Force], dice: FixedDice | None = None, **changes: object) -> Board:
    return make_board(make_state(forces=forces, **changes), dice=dice)  # type: ignore[arg-type]


def kinds(effects: object) -> list[EffectKind]:
    return [e.kind for e in effects]  # type: ignore[attr-defined]


# --- the contest -----------------------------------------------------------------


def test_totals_are_army_characters_allies_and_d10() -> None:
    """002 §5.4.3 Batalla: Exèrcit + active characters + allies + 1d10; every term labelled."""
    board = board_with(
        [Force("ponent", L_FIELD, 6), Force("migjorn", L_FIELD, 2), Force("llevant", L_FIELD, 4)],
        FixedDice({"attack": 3, "defence": 5}),
    )
    attacker = Side("ponent", L_FIELD, 6, (("Maria", 3),), (("migjorn", 2),))
    defender = Side("llevant", L_FIELD, 4)
    outcome = fight(board, attacker, defender, "ponent:1")
    assert outcome.attacker.terms == (("Exèrcit", 6), ("Maria", 3), ("aliat Migjorn", 2))
    assert outcome.attacker.total == 14
    assert outcome.defender.total == 9
    assert outcome.winner == "ponent" and outcome.loser == "llevant"
    assert outcome.difference == 5
    assert board.strength_at(L_FIELD, "llevant") == 0
    assert board.strength_at(L_FIELD, "ponent") == 6


def test_walled_defender_adds_two() -> None:
    """002 §5.4.3 Batalla: a side behind walls adds 2 to its roll."""
    board = board_with(
        [Force("ponent", L_FIELD, 5), Force("llevant", "llevant_a", 5)],
        FixedDice({"attack": 6, "defence": 4}),
    )
    outcome = fight(
        board, Side("ponent", L_FIELD, 5), Side("llevant", "llevant_a", 5, walls=2), "p:1"
    )
    assert ("Muralla", 2) in outcome.defender.terms
    assert outcome.winner is None and outcome.difference == 0


def test_tie_has_no_effect() -> None:
    """002 §5.4.5 Contesa: a tie has no effect: nobody loses anything."""
    board = board_with(
        [Force("ponent", L_FIELD, 5), Force("llevant", L_FIELD, 5)],
        FixedDice({"attack": 4, "defence": 4}),
    )
    outcome = fight(board, Side("ponent", L_FIELD, 5), Side("llevant", L_FIELD, 5), "p:1")
    assert outcome.winner is None and outcome.effects == ()
    assert board.strength_at(L_FIELD, "ponent") == 5 and board.strength_at(L_FIELD, "llevant") == 5


def test_loser_loses_the_difference_largest_force_first() -> None:
    """002 §5.4.3 Batalla: the loser loses the difference; our reading: largest force first."""
    board = board_with(
        [
            Force("llevant", L_FIELD, 4),
            Force("llevant", L_FIELD, 2, raiders=True),
            Force("ponent", L_FIELD, 9),
        ],
        FixedDice({"attack": 10, "defence": 4}),
    )
    outcome = fight(board, Side("ponent", L_FIELD, 9), Side("llevant", L_FIELD, 6), "p:1")
    assert outcome.difference == 9  # 19 - 10
    assert board.strength_at(L_FIELD, "llevant") == 0
    force = [e for e in outcome.effects if e.kind is EffectKind.FORCE]
    assert force[0].country == "llevant" and force[0].delta == -6 and force[0].value == 0


def test_partial_losses_take_the_largest_first() -> None:
    """docs/genes.md Battles: largest force first (a raiding party of 2 survives a loss of 4)."""
    board = board_with([Force("llevant", L_FIELD, 5), Force("llevant", L_FIELD, 2, raiders=True)])
    taken = withdraw(board, lambda f: f.owner == "llevant", 4)
    assert [(f.strength, f.raiders) for f in taken] == [(4, False)]
    left = sorted((f.strength, f.raiders) for f in board.forces_at(L_FIELD, "llevant"))
    assert left == [(1, False), (2, True)]


def test_allies_share_the_loss_after_the_main_side() -> None:
    """Our reading: the loser's own forces go first, then its allies' forces there."""
    board = board_with(
        [Force("ponent", L_FIELD, 2), Force("migjorn", L_FIELD, 3), Force("llevant", L_FIELD, 8)],
        FixedDice({"attack": 2, "defence": 5}),
    )
    outcome = fight(
        board,
        Side("ponent", L_FIELD, 2, allies=(("migjorn", 3),)),
        Side("llevant", L_FIELD, 8),
        "p:1",
    )
    assert outcome.difference == 6  # 13 - 7
    assert board.strength_at(L_FIELD, "ponent") == 0
    assert board.strength_at(L_FIELD, "migjorn") == 0
    assert board.strength_at(L_FIELD, "llevant") == 8


def test_losses_never_exceed_what_stands_there() -> None:
    board = board_with(
        [Force("ponent", L_FIELD, 1), Force("llevant", L_FIELD, 9)],
        FixedDice({"attack": 1, "defence": 10}),
    )
    outcome = fight(board, Side("ponent", L_FIELD, 1), Side("llevant", L_FIELD, 9), "p:1")
    assert outcome.difference == 17
    assert board.strength_at(L_FIELD, "ponent") == 0
    assert [e.delta for e in outcome.effects if e.kind is EffectKind.FORCE] == [-1]


def test_a_siege_ends_when_the_besieger_leaves_no_force_in_the_field() -> None:
    """002 §5.4.4 Setge, docs/genes.md: a besieger wiped from the field breaks the siege."""
    board = board_with(
        [Force("ponent", L_FIELD, 2), Force("llevant", L_FIELD, 6)],
        FixedDice({"attack": 2, "defence": 5}),
        sieges={"llevant_b": "ponent"},
    )
    outcome = fight(board, Side("ponent", L_FIELD, 2), Side("llevant", L_FIELD, 6), "p:1")
    assert "llevant_b" not in board.sieges
    broken = [e for e in outcome.effects if e.kind is EffectKind.SIEGE_BROKEN]
    assert broken[0].country == "ponent" and broken[0].subject == "llevant_b"
    assert broken[0].other == "llevant"


def test_lift_abandoned_sieges_keeps_manned_sieges() -> None:
    board = board_with(
        [Force("ponent", L_FIELD, 2)], sieges={"llevant_b": "ponent", "llevant_c": "migjorn"}
    )
    effects = lift_abandoned_sieges(board)
    assert board.sieges == {"llevant_b": "ponent"}
    assert [e.subject for e in effects] == ["llevant_c"]


# --- conquest ---------------------------------------------------------------------


def test_take_city_moves_the_army_in_and_retreats_survivors() -> None:
    """002 §5.4.4 Setge (a battle conquers the city); our reading: others' forces retreat
    to their owner's nearest own city, by borders crossed then id."""
    board = board_with(
        [
            Force("ponent", L_FIELD, 4),
            Force("ponent", L_FIELD, 2, raiders=True),
            Force("llevant", "llevant_b", 1),
            Force("llevant", "llevant_a", 5),
        ],
    )
    effects = take_city(board, "llevant_b", "ponent", L_FIELD)
    assert board.cities["llevant_b"].owner == "ponent"
    assert board.forces_at("llevant_b") == [Force("ponent", "llevant_b", 6)]
    assert board.strength_at(L_FIELD, "ponent") == 0
    assert board.strength_at("llevant_a", "llevant") == 6
    moved = [e for e in effects if e.kind is EffectKind.TROOPS_MOVED]
    assert (moved[0].country, moved[0].subject, moved[0].other) == (
        "llevant",
        "llevant_b",
        "llevant_a",
    )
    assert effects[0].kind is EffectKind.CITY_TAKEN and effects[0].other == "llevant"


def test_retreating_forces_with_no_city_to_go_to_are_lost() -> None:
    cities = make_state().cities
    cities = {
        **cities,
        "llevant_a": cities["llevant_a"].with_(owner="ponent"),
        "llevant_c": cities["llevant_c"].with_(owner="ponent"),
    }
    board = board_with(
        [Force("llevant", "llevant_b", 2), Force("llevant", L_FIELD, 3)], cities=cities
    )
    effects = take_city(board, "llevant_b", "ponent", None)
    assert board.strength_at("llevant_b", "llevant") == 0
    assert any(e.kind is EffectKind.FORCE and e.delta == -2 for e in effects)
    assert board.countries["llevant"].eliminated


def test_nearest_own_city_skips_besieged_cities() -> None:
    board = board_with([], sieges={"llevant_a": "ponent"})
    assert nearest_own_city(board, "llevant", "llevant") == "llevant_b"
    cities = {**board.cities}
    for cid in ("llevant_a", "llevant_b", "llevant_c"):
        cities[cid] = cities[cid].with_(owner="ponent")
    cities["migjorn_c"] = cities["migjorn_c"].with_(owner="llevant")
    board.cities = cities
    assert nearest_own_city(board, "llevant", "ponent") == "migjorn_c"


def test_take_city_captures_the_owners_characters_and_ends_the_siege() -> None:
    """Our reading: the old owner's characters in a fallen city are captured by the
    conqueror (a principal counts for 002 §6); its captives pass to the conqueror,
    whose own captives go free; a siege of the city ends."""
    chars = [
        character("pere", "llevant", "llevant_b", principal=True, authority=2),
        character("lluc", "llevant", "llevant_c", militarism=1),
        character("maria", "ponent", "llevant_b", militarism=3).with_(
            status=CharacterStatus.CAPTURED, held_by="llevant"
        ),
        character("anna", "migjorn", "llevant_b", diplomacy=1).with_(
            status=CharacterStatus.CAPTURED, held_by="llevant"
        ),
        character("rita", "migjorn", "llevant_b", diplomacy=1),
    ]
    board = board_with(
        [Force("ponent", L_FIELD, 3)], characters=chars, sieges={"llevant_b": "ponent"}
    )
    effects = take_city(board, "llevant_b", "ponent", L_FIELD)
    assert board.characters["pere"].held_by == "ponent"
    assert board.countries["llevant"].principal_lost_to == "ponent"
    assert board.characters["lluc"].free
    assert board.characters["maria"].free and board.characters["maria"].held_by is None
    assert board.characters["anna"].held_by == "ponent"
    assert board.characters["rita"].free
    assert "llevant_b" not in board.sieges
    assert EffectKind.SIEGE_BROKEN in kinds(effects)
    assert EffectKind.CHARACTER_RELEASED in kinds(effects)


def test_a_conquered_capital_stays_its_founders_capital() -> None:
    """002 §6: conquering a capital changes its owner only."""
    board = board_with([Force("ponent", L_FIELD, 3)])
    take_city(board, "llevant_a", "ponent", L_FIELD)
    assert board.cities["llevant_a"].owner == "ponent"
    assert board.cities["llevant_a"].capital_of == "llevant"


# --- elimination ------------------------------------------------------------------


def test_losing_the_last_city_eliminates_the_country() -> None:
    """002 §4.4: a country that loses all its cities is eliminated; docs/genes.md: its
    forces are gone and its characters leave play (free ones die; captives stay held;
    its own captives go free)."""
    cities = make_state().cities
    cities = {
        **cities,
        "llevant_a": cities["llevant_a"].with_(owner="ponent"),
        "llevant_c": cities["llevant_c"].with_(owner="migjorn"),
    }
    chars = [
        character("pere", "llevant", "llevant_b", principal=True, authority=2),
        character("lluc", "llevant", "ponent_a", militarism=1).with_(
            status=CharacterStatus.CAPTURED, held_by="ponent"
        ),
        character("joan", "ponent", "llevant_c", principal=True).with_(
            status=CharacterStatus.CAPTURED, held_by="llevant"
        ),
        character("nil", "llevant", "migjorn_a", diplomacy=1),
    ]
    board = board_with(
        [
            Force("ponent", L_FIELD, 4),
            Force("llevant", field_place("migjorn"), 3, raiders=True),
            Force("llevant", "llevant_b", 1),
        ],
        characters=chars,
        cities=cities,
        sieges={"ponent_b": "llevant"},
    )
    board.civil_wars["llevant"] = CivilWar("llevant", 5)
    effects = take_city(board, "llevant_b", "ponent", L_FIELD)
    assert board.countries["llevant"].eliminated
    assert board.army("llevant") == 0
    assert board.characters["nil"].status is CharacterStatus.DEAD
    assert board.characters["lluc"].held_by == "ponent"  # stays captive
    assert board.characters["joan"].free  # its captor is gone
    assert "ponent_b" not in board.sieges
    assert "llevant" not in board.civil_wars
    eliminated = [e for e in effects if e.kind is EffectKind.ELIMINATED]
    assert eliminated[0].country == "llevant" and eliminated[0].delta == -3


def test_a_country_with_a_city_left_is_not_eliminated() -> None:
    board = board_with([])
    assert check_elimination(board, "llevant") == []
    assert not board.countries["llevant"].eliminated
