"""The `genes` ruleset record (Genes Mactantes, rulebook 002).

Unlike the board rulesets, a turn is one phase (`<turn>-actions`) of
declared actions; the state is a `GenesState`, the map a `Region`, and the
CLI runs it through `adjudicator.plugins.genes.GenesJudge` (family "genes").
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.ruleset import Ruleset, register
from adjudicator.kits.board.state import PhaseKind
from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import GenesResolution
from adjudicator.rulesets.genes.setup import example_sheets, start_game
from adjudicator.rulesets.genes.turn import resolve_turn
from maps.genes.region import Region, load_region
from orders.genes.model import Declaration

DEFAULT_REGION = "peninsula"


class GenesHooks:
    """The hooks of `RulesetHooks` for genes: resolve a turn."""

    def resolve(
        self,
        state: GenesState,
        orders: Sequence[Declaration],
        game_map: Region,
        options: GenesOptions,
        dice: Dice | None,
    ) -> GenesResolution:
        """A whole turn (002 §5.1): `resolve_turn`."""
        return resolve_turn(state, orders, game_map, options, dice)

    def initial_state(self, game_map: Region, scenario: str) -> GenesState:
        """Turn 1 from the region's bundled example sheets, with the default
        options and no dice (`mapjudge new genes` uses `setup.start_game` with
        the GM's sheets, options and dice)."""
        return start_game(game_map, example_sheets(game_map), GenesOptions(), None).state


@register("genes")
def genes() -> Ruleset:
    return Ruleset(
        name="genes",
        title="Genes Mactantes (v0.2)",
        map_name=DEFAULT_REGION,
        grammar="genes",
        phase_kinds=(PhaseKind.ACTIONS,),
        options_type=GenesOptions,
        hooks=GenesHooks(),
        default_scenario=DEFAULT_REGION,
        family="genes",
        load_map=load_region,
        state_from_dict=GenesState.from_dict,
    )
