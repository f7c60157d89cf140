"""A board ruleset's record: units on a graph map, resolved phase by phase.

`classic` and `machiavelli` are each one `BoardRules`: their names, map,
grammar, calendar and options, their state type (the kit's `GameState`, or
a subclass with the ruleset's own board facts: Machiavelli's control and
sieges), and a `BoardHooks` object that resolves a phase and sets up a
scenario. The board plugin (`adjudicator.plugins.board`) adds the order
files, reports and maps around it; tests and benchmarks use the record
directly, with the rulebook's default options.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from adjudicator.core.dice import Dice
from adjudicator.core.options import build_options, changed_options
from adjudicator.core.phase import Calendar
from adjudicator.kits.board.results import OrderResult, Resolution, illegal_issues
from adjudicator.kits.board.state import GameState
from adjudicator.kits.board.validate import board_problems
from maps.model import GameMap
from orders.board.model import Order, SideLine
from orders.issues import OrderIssue


class SideLineReader(Protocol):
    """Reads a ruleset's side lines out of one power's order text: the lines read
    (each a `SideLine`), their problems, and the text left for the board order
    parser (the lines read blanked, line numbers kept). `state` is the phase's."""

    def __call__(
        self, text: str, power: str, game_map: GameMap, file: str, state: GameState
    ) -> tuple[Sequence[SideLine], Sequence[OrderIssue], str]: ...


OptionsT = TypeVar("OptionsT")
OptionsT_contra = TypeVar("OptionsT_contra", contravariant=True)
StateT = TypeVar("StateT", bound=GameState)


class BoardHooks(Protocol[OptionsT_contra, StateT]):
    """What a board ruleset does itself: resolve one phase, set up a scenario."""

    def resolve(
        self,
        state: StateT,
        orders: Sequence[Order],
        game_map: GameMap,
        options: OptionsT_contra,
        dice: Dice | None,
    ) -> Resolution[StateT]:
        """Resolve `state.phase` with `orders`; the result's state is the next phase's."""
        ...

    def refusals(
        self,
        state: StateT,
        orders: Sequence[Order],
        game_map: GameMap,
        options: OptionsT_contra,
    ) -> Sequence[OrderResult]:
        """Results that include every illegal one `resolve` would report for
        `orders` (the others are ignored), found without resolving the phase
        where the ruleset can: `mapjudge check` and the order checker call it."""
        ...

    def initial_state(self, game_map: GameMap, scenario: str, options: OptionsT_contra) -> StateT:
        """The board at the start of a scenario, with what the game's options
        add to it (Machiavelli's treasuries when it plays finances)."""
        ...


@dataclass(frozen=True)
class BoardRules(Generic[OptionsT, StateT]):
    """A board ruleset: names and data, its state type, with its hooks.

    `state_type` is `GameState` or the ruleset's subclass of it; its
    `from_dict` reads the ruleset's `turns/<phase>.yaml` (`read_state`)."""

    name: str
    title: str
    map_name: str
    grammar: str
    calendar: Calendar
    options_type: type[OptionsT]
    state_type: type[StateT]
    hooks: BoardHooks[OptionsT, StateT]
    default_scenario: str
    presets: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    state_checks: Callable[[StateT, GameMap], tuple[str, ...]] | None = None
    side_lines: SideLineReader | None = None
    civil_disorder: Callable[[OptionsT, frozenset[str]], OptionsT] | None = None
    """How powers in civil disorder are played (Machiavelli 003 §4.6: its
    `civil_disorder` option), or None when the rulebook's rule is what a
    missing order does already (classic: units hold, builds waived, disbands
    by distance)."""
    """The ruleset's reader of the lines it takes beside the board orders
    (Machiavelli's expenses, payments and purchases), or None."""
    """The ruleset's checks of a state against the map (Machiavelli's garrisons
    and control); the board kit's `board_problems` when None."""

    def options(
        self, overrides: Mapping[str, object] | None = None, preset: str | None = None
    ) -> OptionsT:
        """The options dataclass with a preset and then game.yaml overrides applied."""
        return build_options(self.name, self.options_type, self.presets, overrides, preset)

    def changed_options(self, options: OptionsT) -> dict[str, object]:
        """Options that differ from the rulebook default (for the report header)."""
        return changed_options(options)

    def read_state(self, data: Mapping[str, object]) -> StateT:
        """A state's plain data (`turns/<phase>.yaml`, a test case) as this
        ruleset's state; ValueError naming the key on malformed data."""
        return self.state_type.from_dict(data)

    def validate(self, state: StateT, game_map: GameMap) -> tuple[str, ...]:
        """Every way `state` does not fit `game_map` (Trust #7): unknown
        areas and powers, impossible placements, two units in one area..."""
        if self.state_checks is not None:
            return self.state_checks(state, game_map)
        return board_problems(state, game_map)

    def resolve(
        self,
        state: StateT,
        orders: Sequence[Order],
        game_map: GameMap,
        options: OptionsT | None = None,
        dice: Dice | None = None,
    ) -> Resolution[StateT]:
        """Resolve `state.phase` (with the default options unless given)."""
        chosen = options if options is not None else self.options()
        return self.hooks.resolve(state, orders, game_map, chosen, dice)

    def initial_state(
        self, game_map: GameMap, scenario: str | None = None, options: OptionsT | None = None
    ) -> StateT:
        """The board at the start of `scenario` (the default one unless given),
        for the options given (the rulebook's defaults unless given)."""
        chosen = options if options is not None else self.options()
        return self.hooks.initial_state(game_map, scenario or self.default_scenario, chosen)

    def check(
        self,
        state: StateT,
        orders: Sequence[Order],
        game_map: GameMap,
        options: OptionsT | None = None,
    ) -> tuple[OrderIssue, ...]:
        """ILLEGAL issues for orders that break a rule against this board (foreign
        unit, no unit there, unreachable destination...): the same ones
        `adjudicate` reports, from the ruleset's `refusals`."""
        chosen = options if options is not None else self.options()
        return illegal_issues(self.hooks.refusals(state, orders, game_map, chosen))
