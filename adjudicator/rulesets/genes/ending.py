"""The end of a turn: standing penalties, eliminations and the end of the game.

End-of-turn bookkeeping (`end_of_turn`):
- Disorder still owed (002 §5.4.3 Restaurar ordre, §5.3): a country whose
  disaster's Restaurar ordre was failed or not played loses 1 Autoritat
  (cumulative, turn after turn) and owes it again (DISORDER_OWED).
- Crises (002 §5.4.3.1): a blockade, anarchy or autarky ends, all its counts
  at once, when its characteristic is back at 4 or more (CRISIS_ENDED).
- Eliminations (002 §4.4): a country left without cities is eliminated
  (`battle.check_elimination`; a net for any handler that did not).

The end of the game (`game_end`, 002 §6, docs/genes.md "End of the game"):
- Victory conditions (option `victory_conditions`): a country that holds the
  capital (`City.capital_of`) of every other country, or whose every other
  country's principal was removed by it (`Country.principal_lost_to`), wins
  at once; an eliminated country satisfies both conditions.
- Turn limit (option `turns`, 0: none): after turn `turns`, victory points:
  2 per point of the four raw characteristics, 2 per living free character,
  2 per city, 1 per Exèrcit point; the most points wins.

Decisions beyond docs/genes.md (a game master's readings):
- The conditions are checked after every action (the rulebook's "wins at
  once"; `turn.resolve_turn` reports the actions left as `game_over`) and
  again at the end of the turn.
- A country that is the last one left wins, whatever the options (002 §6:
  "no queden jugadors oponents").
- Two or more countries meeting a condition at the same moment: victory
  points decide among them.
- A tie on points: `winner` stays None and `final_scores` holds the points of
  those in contention (every surviving country at the turn limit, the tied
  ones after a condition); the game is over all the same (`game_over`),
  and each tied country gets a VICTORY effect with subject "tie".
- Eliminated countries score nothing and are not in `final_scores`.
- VICTORY effects say why in `subject`: "capitals", "principals",
  "last_country", "points" or "tie"; `value` is the points when they decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from adjudicator.rulesets.genes.battle import check_elimination
from adjudicator.rulesets.genes.characters import change_trait
from adjudicator.rulesets.genes.model import (
    CRISIS_TRAIT,
    CharacterStatus,
    Crisis,
    GenesState,
    Trait,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import Effect, EffectKind
from adjudicator.rulesets.genes.work import Board

CRISIS_END = 4  # a characteristic back at 4 or more ends its crisis (002 §5.4.3.1)


# --- bookkeeping ---------------------------------------------------------------


def surviving(board: Board) -> tuple[str, ...]:
    """The countries still in the game on the board, in seating order."""
    return tuple(c for c in board.state.seats if not board.countries[c].eliminated)


def owed_disorder(board: Board) -> list[Effect]:
    """002 §5.4.3 Restaurar ordre: failed or not played, −1 Autoritat and owed again."""
    effects: list[Effect] = []
    for country in surviving(board):
        if board.countries[country].disorder:
            change = change_trait(board, country, Trait.AUTHORITY, -1)
            effects.append(
                Effect(
                    EffectKind.DISORDER_OWED,
                    country,
                    Trait.AUTHORITY.value,
                    change.delta,
                    change.value,
                )
            )
    return effects


def ended_crises(board: Board) -> list[Effect]:
    """002 §5.4.3.1: a crisis ends when its characteristic is 4 or more."""
    effects: list[Effect] = []
    for country in surviving(board):
        record = board.countries[country]
        kept: dict[Crisis, int] = {}
        for crisis, count in record.crises.items():
            if count <= 0:
                continue
            if record.trait(CRISIS_TRAIT[crisis]) >= CRISIS_END:
                effects.append(Effect(EffectKind.CRISIS_ENDED, country, crisis.value, -count, 0))
            else:
                kept[crisis] = count
        if kept != dict(record.crises):
            board.countries[country] = record.with_(crises=kept)
    return effects


def eliminations(board: Board) -> list[Effect]:
    """002 §4.4: every surviving country without cities is eliminated."""
    effects: list[Effect] = []
    for country in surviving(board):
        effects += check_elimination(board, country)
    return effects


def end_of_turn(board: Board) -> list[Effect]:
    """The bookkeeping of the end of a turn, on the board."""
    return owed_disorder(board) + ended_crises(board) + eliminations(board)


# --- victory (002 §6) -------------------------------------------------------------


def holds_every_capital(board: Board, country: str) -> bool:
    """Conquest of every other country's capital (eliminated ones count as held)."""
    for other in board.state.seats:
        if other == country or board.countries[other].eliminated:
            continue
        capital = next((c for c in board.cities.values() if c.capital_of == other), None)
        if capital is None or capital.owner != country:
            return False
    return True


def removed_every_principal(board: Board, country: str) -> bool:
    """Substitution of every other country's principal (eliminated ones count)."""
    return all(
        other == country
        or board.countries[other].eliminated
        or board.countries[other].principal_lost_to == country
        for other in board.state.seats
    )


def victory_points(board: Board, country: str) -> int:
    """002 §6: 2 per characteristic point, 2 per living free character, 2 per
    city, 1 per Exèrcit point."""
    record = board.countries[country]
    traits = sum(record.trait(t) for t in Trait)
    characters = sum(
        1
        for c in board.characters.values()
        if c.owner == country and c.status is CharacterStatus.FREE
    )
    return 2 * traits + 2 * characters + 2 * len(board.cities_of(country)) + board.army(country)


@dataclass(frozen=True, slots=True)
class GameEnd:
    """How the game ended: the winner (None on a tie), the points in contention."""

    winner: str | None
    scores: dict[str, int] = field(default_factory=dict)
    effects: tuple[Effect, ...] = ()


def _by_points(board: Board, contenders: tuple[str, ...], why: str) -> GameEnd:
    scores = {c: victory_points(board, c) for c in contenders}
    best = max(scores.values())
    top = tuple(c for c in contenders if scores[c] == best)
    if len(top) == 1:
        return GameEnd(top[0], scores, (Effect(EffectKind.VICTORY, top[0], why, value=best),))
    ties = tuple(Effect(EffectKind.VICTORY, c, "tie", value=best) for c in top)
    return GameEnd(None, scores, ties)


def _condition_winners(board: Board) -> tuple[tuple[str, str], ...]:
    winners: list[tuple[str, str]] = []
    for country in surviving(board):
        if holds_every_capital(board, country):
            winners.append((country, "capitals"))
        elif removed_every_principal(board, country):
            winners.append((country, "principals"))
    return tuple(winners)


def game_end(board: Board, options: GenesOptions, turn: int, *, final: bool) -> GameEnd | None:
    """Whether the game ends now (002 §6); `final` at the end of turn `turn`
    (the turn limit is looked at only then)."""
    alive = surviving(board)
    if len(alive) <= 1:
        if not alive:
            return None
        return GameEnd(alive[0], effects=(Effect(EffectKind.VICTORY, alive[0], "last_country"),))
    if options.victory_conditions:
        winners = _condition_winners(board)
        if len(winners) == 1:
            country, why = winners[0]
            return GameEnd(country, effects=(Effect(EffectKind.VICTORY, country, why),))
        if winners:
            return _by_points(board, tuple(c for c, _ in winners), "points")
    if final and options.turns and turn >= options.turns:
        return _by_points(board, alive, "points")
    return None


def game_over(state: GenesState) -> bool:
    """Whether the game has ended: a winner, or the final points of a tie."""
    return state.winner is not None or bool(state.final_scores)


__all__ = [
    "GameEnd",
    "eliminations",
    "end_of_turn",
    "ended_crises",
    "game_end",
    "game_over",
    "holds_every_capital",
    "owed_disorder",
    "removed_every_principal",
    "victory_points",
]
