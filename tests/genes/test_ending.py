"""The end of a turn and of the game (002 §5.4.3 Restaurar ordre, §5.4.3.1, §6).

Bookkeeping on the board (`end_of_turn`), then the victory conditions and the
turn limit (`game_end`), and the same seen through `resolve_turn`.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adjudicator.rulesets.genes import work
from adjudicator.rulesets.genes.ending import (
    end_of_turn,
    game_end,
    game_over,
    victory_points,
)
from adjudicator.rulesets.genes.model import CharacterStatus, Crisis, Force, Trait, TurnStart
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    EffectKind,
    GenesReason,
)
from adjudicator.rulesets.genes.turn import resolve_turn
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import ActionKind, Declaration
from tests.genes.fixtures import FixedDice, default_countries, make_board, make_region, make_state

OPTIONS = GenesOptions()


@pytest.fixture
def quiet_handlers(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every action succeeds and changes nothing: the turn's frame alone."""

    def done(board: Board, decl: Declaration, prefix: str) -> ActionResult:
        return ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE)

    monkeypatch.setattr(work, "HANDLERS", {kind: done for kind in ActionKind})
    yield


# --- disorder (002 §5.4.3 Restaurar ordre) ---------------------------------------------


def test_disorder_owed_costs_one_autoritat() -> None:
    """Restaurar ordre failed or not played: −1 Autoritat, owed again."""
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(disorder=True)
    board = make_board(make_state(countries=countries))
    effects = end_of_turn(board)
    assert [(e.kind, e.country, e.delta, e.value) for e in effects] == [
        (EffectKind.DISORDER_OWED, "ponent", -1, 4)
    ]
    assert board.countries["ponent"].disorder
    assert board.countries["ponent"].trait(Trait.AUTHORITY) == 4


def test_disorder_is_cumulative_turn_after_turn(quiet_handlers: None) -> None:
    """002 §5.4.3 "acumulable": two turns without restoring order cost 2, and the judge
    forces Restaurar ordre each turn."""
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(disorder=True)
    start = TurnStart(forced={"ponent": ("restore_order",)})
    state = make_state(countries=countries, start=start, traits={"ponent": {Trait.AUTHORITY: 8}})
    for _ in range(2):
        resolution = resolve_turn(state, [], make_region(), OPTIONS, FixedDice(default=5))
        state = resolution.state
        assert state.start.forced["ponent"] == ("restore_order",)
    assert state.countries["ponent"].trait(Trait.AUTHORITY) == 6
    assert resolution.results[0].forced


def test_restored_order_owes_nothing() -> None:
    board = make_board()
    assert end_of_turn(board) == []


# --- crises (002 §5.4.3.1) ----------------------------------------------------------------


def test_crisis_ends_when_back_at_four() -> None:
    """002 §5.4.3.1 "fins redreçar la característica a 4 o més": all counts end."""
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(
        traits={**countries["ponent"].traits, Trait.DIPLOMACY: 4, Trait.MILITARISM: 3},
        crises={Crisis.BLOCKADE: 2, Crisis.ANARCHY: 1},
    )
    board = make_board(make_state(countries=countries))
    effects = end_of_turn(board)
    assert board.countries["ponent"].crises == {Crisis.ANARCHY: 1}
    assert [(e.kind, e.subject, e.delta) for e in effects] == [
        (EffectKind.CRISIS_ENDED, "blockade", -2)
    ]


def test_country_without_cities_is_eliminated() -> None:
    """002 §4.4: a country left without cities is out."""
    state = make_state()
    cities = {
        cid: c.with_(owner="llevant") if c.owner == "migjorn" else c
        for cid, c in state.cities.items()
    }
    board = make_board(state.with_(cities=cities))
    effects = end_of_turn(board)
    assert board.countries["migjorn"].eliminated
    assert EffectKind.ELIMINATED in {e.kind for e in effects}


# --- victory points (002 §6) ------------------------------------------------------------------


def test_victory_points_formula() -> None:
    """2 per characteristic point, 2 per living free character, 2 per city, 1
    per Exèrcit point."""
    state = make_state()
    chars = dict(state.characters)
    chars["maria"] = chars["maria"].with_(status=CharacterStatus.CAPTURED, held_by="llevant")
    board = make_board(state.with_(characters=chars))
    # ponent: traits 20 -> 40, joan -> 2, three cities -> 6, Exèrcit 8 -> 8
    assert victory_points(board, "ponent") == 56
    # llevant: 40 + pere 2 + 6 + 8
    assert victory_points(board, "llevant") == 56
    board.forces.append(Force("llevant", "llevant_b", 4))
    assert victory_points(board, "llevant") == 60


def test_turn_limit_best_points_win() -> None:
    """002 §6 "Partida de durada determinada": after the last turn, points."""
    board = make_board(make_state(turn=10, traits={"llevant": {Trait.TECHNOLOGY: 7}}))
    assert game_end(board, OPTIONS, 9, final=True) is None
    assert game_end(board, OPTIONS, 10, final=False) is None
    end = game_end(board, OPTIONS, 10, final=True)
    assert end is not None and end.winner == "llevant"
    assert end.scores == {"ponent": 58, "llevant": 60, "migjorn": 56}
    assert [(e.kind, e.country, e.subject) for e in end.effects] == [
        (EffectKind.VICTORY, "llevant", "points")
    ]


def test_turn_limit_tie_has_no_single_winner() -> None:
    """docs/genes.md: a tie, no single winner, all tied named."""
    board = make_board(make_state(traits={"ponent": {Trait.TECHNOLOGY: 3}}))
    end = game_end(board, OPTIONS, 10, final=True)
    assert end is not None and end.winner is None
    assert [e.country for e in end.effects] == ["llevant", "migjorn"]
    assert {e.subject for e in end.effects} == {"tie"}


def test_no_turn_limit() -> None:
    board = make_board()
    assert game_end(board, GenesOptions(turns=0), 50, final=True) is None


# --- victory conditions (002 §6) ------------------------------------------------------------------


def test_every_capital_wins() -> None:
    """002 §6: "Conquesta de la ciutat capital de tot altre jugador"."""
    state = make_state()
    cities = dict(state.cities)
    cities["llevant_a"] = cities["llevant_a"].with_(owner="ponent")
    board = make_board(state.with_(cities=cities))
    assert game_end(board, OPTIONS, 3, final=True) is None
    board.cities["migjorn_a"] = board.cities["migjorn_a"].with_(owner="ponent")
    end = game_end(board, OPTIONS, 3, final=False)
    assert end is not None and end.winner == "ponent"
    assert end.effects[0].subject == "capitals"
    assert game_end(board, GenesOptions(victory_conditions=False), 3, final=True) is None


def test_eliminated_country_counts_as_held() -> None:
    state = make_state()
    countries = dict(state.countries)
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True)
    cities = dict(state.cities)
    cities["llevant_a"] = cities["llevant_a"].with_(owner="ponent")
    board = make_board(state.with_(countries=countries, cities=cities))
    end = game_end(board, OPTIONS, 3, final=False)
    assert end is not None and end.winner == "ponent"


def test_every_principal_removed_wins() -> None:
    """002 §6: "Substitució del personatge principal de tot altre jugador"."""
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(principal_lost_to="llevant")
    board = make_board(make_state(countries=countries))
    assert game_end(board, OPTIONS, 3, final=False) is None
    board.countries["migjorn"] = board.countries["migjorn"].with_(principal_lost_to="llevant")
    end = game_end(board, OPTIONS, 3, final=False)
    assert end is not None and end.winner == "llevant"
    assert end.effects[0].subject == "principals"


def test_principal_removed_by_another_does_not_count() -> None:
    countries = default_countries()
    countries["ponent"] = countries["ponent"].with_(principal_lost_to="migjorn")
    countries["migjorn"] = countries["migjorn"].with_(principal_lost_to="llevant")
    board = make_board(make_state(countries=countries))
    assert game_end(board, OPTIONS, 3, final=False) is None


def test_two_countries_meeting_conditions_at_once_are_split_by_points() -> None:
    countries = default_countries()
    countries["migjorn"] = countries["migjorn"].with_(eliminated=True)
    countries["ponent"] = countries["ponent"].with_(principal_lost_to="llevant")
    countries["llevant"] = countries["llevant"].with_(
        principal_lost_to="ponent", traits={t: 6 for t in Trait}
    )
    board = make_board(make_state(countries=countries))
    end = game_end(board, OPTIONS, 3, final=False)
    assert end is not None and end.winner == "llevant"
    assert set(end.scores) == {"ponent", "llevant"}


def test_last_country_wins_whatever_the_options() -> None:
    countries = default_countries()
    for cid in ("ponent", "migjorn"):
        countries[cid] = countries[cid].with_(eliminated=True)
    board = make_board(make_state(countries=countries))
    end = game_end(board, GenesOptions(victory_conditions=False, turns=5), 1, final=False)
    assert end is not None and end.winner == "llevant"


# --- through the turn ------------------------------------------------------------------------------


def test_resolve_turn_at_the_limit_sets_winner_and_scores(quiet_handlers: None) -> None:
    state = make_state(turn=3, traits={"migjorn": {Trait.MILITARISM: 9}})
    dice = FixedDice(default=5)
    resolution = resolve_turn(state, [], make_region(), GenesOptions(turns=3), dice)
    assert resolution.state.winner == "migjorn"
    assert resolution.state.final_scores == {"ponent": 58, "llevant": 56, "migjorn": 64}
    assert resolution.frame.scores == (("ponent", 58), ("llevant", 56), ("migjorn", 64))
    assert resolution.state.turn == 4  # the next phase all the same
    assert resolution.state.start == TurnStart()  # no next turn is started
    assert game_over(resolution.state)
    with pytest.raises(ValueError, match="over"):
        resolve_turn(resolution.state, [], make_region(), OPTIONS, FixedDice(()))


def test_resolve_turn_tie_is_game_over_without_winner(quiet_handlers: None) -> None:
    state = make_state(turn=10, traits={"ponent": {Trait.DIPLOMACY: 4}})
    resolution = resolve_turn(state, [], make_region(), OPTIONS, FixedDice(default=5))
    assert resolution.state.winner is None
    assert resolution.state.final_scores == {"ponent": 56, "llevant": 56, "migjorn": 56}
    assert resolution.state.winner is None and game_over(resolution.state)


def test_before_the_limit_the_game_goes_on(quiet_handlers: None) -> None:
    resolution = resolve_turn(make_state(turn=2), [], make_region(), OPTIONS, FixedDice(default=5))
    assert not game_over(resolution.state)
    assert resolution.frame.scores == ()
