"""The `genes` ruleset record (Genes Mactantes, rulebook 002).

Unlike the board rulesets, a turn is one phase (`<turn>-actions`) of
declared actions; the state is a `GenesState`, the map a `Region`, and the
CLI runs it through `adjudicator.genes_judge.GenesJudge` (family "genes").
"""

from __future__ import annotations

from collections.abc import Sequence

from maps.genes_region import Region, load_region
from orders.genes import Declaration

from ...dice import Dice
from ...state import PhaseKind
from ..base import Ruleset, register
from .model import GenesState
from .options import GenesOptions
from .outcome import GenesResolution
from .setup import example_sheets, start_game
from .turn import resolve_turn

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
