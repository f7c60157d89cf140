"""Where each country stands: the figures a report shows besides the actions,
computed here by the rules so that the report only words them.

Victory points so far (002 §6, as the end of the game counts them), each
surviving country's actions in the turn a state starts (002 §5.2), and the
final victory points when the game has ended without a single winner.
"""

from __future__ import annotations

from adjudicator.rulesets.genes import ending
from adjudicator.rulesets.genes.budget import Budget, actions_per_turn
from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.outcome import GenesResolution
from adjudicator.rulesets.genes.work import Board
from maps.genes.region import Region


def victory_points(state: GenesState, region: Region, country: str) -> int:
    """Victory points so far (002 §6), as `ending.victory_points` counts them."""
    return ending.victory_points(Board(state, region, None, None), country)


def next_budgets(state: GenesState) -> dict[str, Budget]:
    """Each surviving country's actions in the turn `state` starts (002 §5.2)."""
    return {
        country: actions_per_turn(state.countries[country], state) for country in state.powers()
    }


def final_scores(resolution: GenesResolution) -> dict[str, int]:
    """The victory points at the end of the game (the state's, else the frame's)."""
    return dict(resolution.state.final_scores) or dict(resolution.frame.scores)


def game_ended(resolution: GenesResolution) -> bool:
    return resolution.state.winner is not None or bool(final_scores(resolution))
