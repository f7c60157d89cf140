"""`classic`: standard Diplomacy on the standard map (2023 rulebook, DATC 3.0).

The calendar: spring movement, spring retreats (only when a unit was
dislodged), fall movement, fall retreats, then centre ownership is updated
and, when any power has to adjust, a winter adjustment phase. A power that
owns `victory_centers` centres after the fall wins.

Civil disorder defaults: a unit without an order holds; a dislodged unit
without a retreat order is disbanded; removals not ordered are chosen by
`CivilDisorderRule`; builds not ordered are waived.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Calendar, Phase
from adjudicator.kits.board.adjustment import (
    CivilDisorderRule,
    needs_adjustment,
    resolve_adjustments,
)
from adjudicator.kits.board.results import OrderResult, Resolution
from adjudicator.kits.board.retreat import resolve_retreats, with_retreat_options
from adjudicator.kits.board.rules import BoardRules
from adjudicator.kits.board.state import GameState, PhaseKind, Season, Unit
from adjudicator.rulesets.classic.movement import plan_orders, resolve_movement
from maps.model import GameMap
from orders.board.model import Order, UnitKind
from texts import N_


@dataclass(frozen=True)
class ClassicOptions:
    """Options of `classic`; the defaults follow the 2023 rulebook."""

    victory_centers: int = 18
    civil_disorder: CivilDisorderRule = CivilDisorderRule.DISTANCE_TO_OWNED

    def __post_init__(self) -> None:
        if not isinstance(self.civil_disorder, CivilDisorderRule):
            object.__setattr__(self, "civil_disorder", CivilDisorderRule(self.civil_disorder))


def update_centers(
    units: Sequence[Unit], owners: Mapping[str, str], game_map: GameMap
) -> dict[str, str]:
    """After the fall: each occupied centre belongs to its occupier; empty ones keep their owner."""
    updated = dict(owners)
    for unit in units:
        area = game_map.province(unit.location)
        if game_map.areas[area].supply_center:
            updated[area] = unit.power
    return updated


def winner(state: GameState, victory_centers: int) -> str | None:
    """The power owning at least `victory_centers` centres, if exactly one does."""
    leaders = [p for p in state.powers() if len(state.centers_of(p)) >= victory_centers]
    return leaders[0] if len(leaders) == 1 else None


def after_season(
    state: GameState, units: tuple[Unit, ...], game_map: GameMap, options: ClassicOptions
) -> GameState:
    """The state at the start of the next season, once movement and retreats are
    done and `units` stand on the board (one new state: this runs every phase)."""
    phase = state.phase
    if phase.season == Season.SPRING:
        nxt = Phase(phase.year, Season.FALL, PhaseKind.MOVEMENT)
        return replace(state, phase=nxt, units=units, dislodged=(), standoffs=frozenset())
    if phase.season != Season.FALL:
        nxt = Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT)
        return replace(state, phase=nxt, units=units, dislodged=(), standoffs=frozenset())
    centers = update_centers(units, state.supply_centers, game_map)
    owned = replace(state, units=units, supply_centers=centers, dislodged=(), standoffs=frozenset())
    owned = replace(owned, winner=winner(owned, options.victory_centers))
    if needs_adjustment(owned, game_map):
        return replace(owned, phase=Phase(phase.year, Season.WINTER, PhaseKind.ADJUSTMENT))
    return replace(owned, phase=Phase(phase.year + 1, Season.SPRING, PhaseKind.MOVEMENT))


class ClassicHooks:
    """The phase hooks of `classic`."""

    def resolve(
        self,
        state: GameState,
        orders: Sequence[Order],
        game_map: GameMap,
        options: ClassicOptions,
        dice: Dice | None,
    ) -> Resolution[GameState]:
        results: tuple[OrderResult, ...]
        match state.phase.kind:
            case PhaseKind.MOVEMENT:
                moved = resolve_movement(state, orders, game_map)
                results = moved.results
                if moved.dislodged:
                    after = replace(
                        state,
                        units=moved.units,
                        dislodged=moved.dislodged,
                        standoffs=moved.standoffs,
                    )
                    nxt = replace(
                        after,
                        phase=replace(state.phase, kind=PhaseKind.RETREAT),
                        dislodged=with_retreat_options(after, game_map),
                    )
                else:
                    nxt = after_season(state, moved.units, game_map, options)
            case PhaseKind.RETREAT:
                retreated = resolve_retreats(state, orders, game_map)
                results = retreated.results
                nxt = after_season(state, retreated.units, game_map, options)
            case PhaseKind.ADJUSTMENT:
                adjusted = resolve_adjustments(state, orders, game_map, options.civil_disorder)
                results = adjusted.results
                nxt = after_season(state, adjusted.units, game_map, options)
        return Resolution(
            previous=state, state=nxt, results=results, rolls=tuple(dice.rolls) if dice else ()
        )

    def refusals(
        self, state: GameState, orders: Sequence[Order], game_map: GameMap, options: ClassicOptions
    ) -> Sequence[OrderResult]:
        """In a movement phase the illegal orders are all known once the orders are
        checked against the board (`plan_orders`), before the resolver runs: the
        check stops there. Retreats and adjustments are resolved (they are short)."""
        if state.phase.kind == PhaseKind.MOVEMENT:  # (a phase's kind is its plain value)
            plans, others = plan_orders(state, orders, game_map)
            return [p.rejected for p in plans.values() if p.rejected is not None] + others
        return self.resolve(state, orders, game_map, options, None).results

    def initial_state(self, game_map: GameMap, scenario: str, options: ClassicOptions) -> GameState:
        start = game_map.scenario(scenario)
        units = tuple(sorted(Unit(u.power, UnitKind(u.kind), u.location) for u in start.units))
        phase = Phase(start.year, Season(start.season), PhaseKind.MOVEMENT)
        return GameState(phase=phase, units=units, supply_centers=dict(start.supply_centers))


CLASSIC_CALENDAR = Calendar(
    seasons=(Season.SPRING, Season.FALL, Season.WINTER),
    kinds=(PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT),
)
"""Spring and fall: movement, then retreats if a unit was dislodged; winter: adjustments."""

CLASSIC: BoardRules[ClassicOptions, GameState] = BoardRules(
    name="classic",
    title=N_("Diplomacy (standard map, 2023 rules)"),
    map_name="classic",
    grammar="diplomacy",
    options_type=ClassicOptions,
    state_type=GameState,
    calendar=CLASSIC_CALENDAR,
    hooks=ClassicHooks(),
    default_scenario="standard",
    presets={"pre2023": {"civil_disorder": CivilDisorderRule.DISTANCE_TO_HOME}},
)
