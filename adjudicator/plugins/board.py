"""The board plugin: a `BoardRules` (classic, machiavelli) as a `RulesetPlugin`.

It reads Diplomacy-style order files with the ruleset's grammar, resolves a
phase with the ruleset's hooks, reports it (`renderers.board`) and draws the
map with the orders that led to it (`adjudicator.plugins.board_map`). It is
generic over the ruleset's state (`GameState` or its subclass, read by
`BoardRules.read_state`); the ruleset's `BoardRendering` shows what that
state adds to the plain board (Machiavelli's control and sieges).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from adjudicator.core.dice import Dice
from adjudicator.core.ownership import read_files
from adjudicator.core.phase import Calendar
from adjudicator.core.plugin import (
    OrderFile,
    Parsed,
    PrivateReport,
    Report,
    SetupError,
    Standings,
    Started,
    StartInput,
    StartRequest,
    Turn,
)
from adjudicator.kits.board.results import Resolution, illegal_issues
from adjudicator.kits.board.rules import BoardRules, SideLineReader
from adjudicator.kits.board.state import GameState
from adjudicator.plugins.board_map import map_bytes
from maps import GameMap, load_map
from orders.board.model import Order, PhaseKind
from orders.board.parser import parse_orders
from orders.issues import OrderIssue
from renderers.board.json_output import render_json, render_power_json
from renderers.board.rendering import BoardRendering
from renderers.board.report import (
    TurnReport,
    render_board,
    render_power_report,
    render_report,
    report_powers,
)
from renderers.board.words import power_name
from texts import T_, _

if TYPE_CHECKING:
    import click

OptionsT = TypeVar("OptionsT")
StateT = TypeVar("StateT", bound=GameState)

REQUIRED_KEYS = ("phase", "units", "supply_centers")
"""The keys every board state file has, even when empty (`GameState.to_dict`)."""

BoardTurn = Turn[StateT, Order, GameMap, Resolution[StateT]]


def file_power(game_map: GameMap, name: str) -> str | None:
    """The power an order file is named after (`england.txt`), if any."""
    return game_map.power_lookup(Path(name).stem)


def parse_files(
    files: Sequence[OrderFile],
    game_map: GameMap,
    phase_kind: PhaseKind,
    grammar: str,
    state: GameState | None = None,
    side_lines: SideLineReader | None = None,
) -> Parsed[Order]:
    """Parse every file with the ruleset's `grammar`; note which power each
    file's orders belong to.

    A file named for a power gives only that power's orders (Trust #2:
    `core.ownership`); a file from which nothing was read is a problem
    (Trust #1, #6); with the `state`, the powers that had orders to give and
    sent none are noted (`Parsed.silent`). A ruleset's `side_lines` reader takes
    its own lines out of a file named for a power first.
    """

    def read(f: OrderFile, hint: str | None) -> tuple[Sequence[Order], Sequence[OrderIssue]]:
        text = f.text
        side: Sequence[Order] = ()
        side_issues: Sequence[OrderIssue] = ()
        if side_lines is not None and hint is not None and state is not None:
            side, side_issues, text = side_lines(text, hint, game_map, f.name, state)
        parsed = parse_orders(
            text,
            game_map=game_map,
            phase_kind=phase_kind,
            file=f.name,
            power=hint,
            grammar=grammar,
        )
        return (*parsed.orders, *side), (*side_issues, *parsed.issues)

    def name(power: str) -> str:
        return power_name(game_map, power)

    owner_of = partial(file_power, game_map)
    orders, issues, file_powers = read_files(files, owner_of, read, name)
    silent = () if state is None else silent_powers(state, orders, game_map.powers)
    return Parsed(orders, issues, file_powers, silent)


def silent_powers(
    state: GameState, orders: Sequence[Order], powers: Collection[str]
) -> tuple[str, ...]:
    """The `powers` with units to order (a movement phase) or a unit to retreat
    (a retreat phase) that gave no order (Trust #6; not, say, Machiavelli's
    autonomous garrisons, which are no power)."""
    match state.phase.kind:
        case PhaseKind.MOVEMENT:
            due = {u.power for u in state.units}
        case PhaseKind.RETREAT:
            due = {d.unit.power for d in state.dislodged}
        case _:
            due = set()
    return tuple(sorted(p for p in due - {o.power for o in orders} if p in powers))


def turn_report(turn: BoardTurn[StateT], rendering: BoardRendering[StateT]) -> TurnReport[StateT]:
    """The facts of a turn as the board renderers take them."""
    resolution = turn.resolution
    return TurnReport(
        resolution=resolution,
        game_map=turn.game_map,
        ruleset=turn.ruleset_name,
        ruleset_title=turn.ruleset_title,
        game_name=turn.game_name,
        changed_options=turn.changed_options,
        issues=turn.parsed.issues + illegal_issues(resolution.results),
        receipts=turn.receipts,
        file_powers=turn.parsed.file_powers,
        rendering=rendering,
        silent=turn.parsed.silent,
    )


class BoardPlugin(Generic[OptionsT, StateT]):
    """`RulesetPlugin[State, Order, GameMap, Resolution[State], Options]` for a
    board ruleset, with the rendering of its state."""

    def __init__(
        self, rules: BoardRules[OptionsT, StateT], rendering: BoardRendering[StateT]
    ) -> None:
        self.rules = rules
        self.rendering = rendering

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title

    @property
    def calendar(self) -> Calendar:
        return self.rules.calendar

    @property
    def options_type(self) -> type[OptionsT]:
        return self.rules.options_type

    @property
    def presets(self) -> Mapping[str, Mapping[str, object]]:
        return self.rules.presets

    @property
    def default_map(self) -> str:
        return self.rules.map_name

    @property
    def start_inputs(self) -> tuple[StartInput, ...]:
        return ()

    @property
    def rolls_dice(self) -> bool:
        return False

    @property
    def commands(self) -> tuple[click.Command, ...]:
        return ()

    def load_map(self, reference: str) -> GameMap:
        return load_map(reference)

    def read_state(self, data: Mapping[str, object]) -> StateT:
        """A state file: no key it does not know, and the keys every state
        file has (`to_dict` always writes them: a file without one was cut
        short or hand-made wrongly, Trust #7)."""
        self.rules.state_type.check_keys(data)
        for key in REQUIRED_KEYS:
            if key not in data:
                raise ValueError(
                    T_("missing key {key} (every state file has it; cut short?)", key=repr(key))
                )
        return self.rules.read_state(data)

    def validate_state(self, state: StateT, game_map: GameMap) -> tuple[str, ...]:
        return self.rules.validate(state, game_map)

    def write_state(self, state: StateT) -> dict[str, object]:
        return state.to_dict()

    def start(self, request: StartRequest, options: OptionsT) -> Started:
        game_map = self.load_map(self.rules.map_name)
        scenario = request.scenario or self.rules.default_scenario
        if game_map.scenarios and scenario not in game_map.scenarios:
            known = ", ".join(sorted(game_map.scenarios))
            raise SetupError(
                T_(
                    "unknown scenario {scenario} (known: {known})",
                    scenario=repr(scenario),
                    known=known,
                )
            )
        state = self.rules.initial_state(game_map, scenario, options)
        powers = game_map.scenarios[scenario].powers if scenario in game_map.scenarios else ()
        powers = tuple(powers or state.powers())
        return Started(state.phase, state.to_dict(), self.rules.map_name, scenario, powers)

    def parse(self, files: Sequence[OrderFile], game_map: GameMap, state: StateT) -> Parsed[Order]:
        kind = PhaseKind(state.phase.kind)
        return parse_files(files, game_map, kind, self.rules.grammar, state, self.rules.side_lines)

    def check(
        self, state: StateT, orders: Sequence[Order], game_map: GameMap, options: OptionsT
    ) -> tuple[OrderIssue, ...]:
        return self.rules.check(state, orders, game_map, options)

    def resolve(
        self,
        state: StateT,
        orders: Sequence[Order],
        game_map: GameMap,
        options: OptionsT,
        dice: Dice | None,
    ) -> Resolution[StateT]:
        return self.rules.resolve(state, orders, game_map, options, dice)

    def with_civil_disorder(self, options: OptionsT, powers: frozenset[str]) -> OptionsT:
        """The ruleset's `civil_disorder` rule, else `options` as they are."""
        rule = self.rules.civil_disorder
        return options if rule is None else rule(options, powers)

    def next_state(self, resolution: Resolution[StateT]) -> StateT:
        return resolution.state

    def report(self, turn: BoardTurn[StateT]) -> Report:
        facts = turn_report(turn, self.rendering)
        private = {
            power: PrivateReport(render_power_report(facts, power), render_power_json(facts, power))
            for power in report_powers(facts)
        }
        return Report(render_report(facts), render_json(facts), facts.issues, private)

    def draw(
        self,
        game_map: GameMap,
        state: StateT,
        previous: Callable[[], Resolution[StateT] | None],
        fmt: str,
    ) -> bytes | None:
        return map_bytes(
            game_map, state, previous, self.rendering, "svg" if fmt == "svg" else "png"
        )

    def game_over(self, game_map: GameMap, state: StateT) -> str | None:
        if not state.winner:
            return None
        return _("{power} won").format(power=power_name(game_map, state.winner))

    def describe(self, game_map: GameMap, state: StateT) -> str:
        return render_board(state, game_map, self.rendering)

    def power_name(self, game_map: GameMap, power: str) -> str:
        return power_name(game_map, power)

    def standings(self, game_map: GameMap, state: StateT) -> Standings:
        """What the ruleset counts (`BoardRendering.score`): supply centres, or
        Machiavelli's cities controlled, for each of the map's powers."""
        rendering = self.rendering
        playing = [p for p in game_map.powers if p in state.powers()]
        values = {p: float(rendering.score(state, p, game_map)) for p in playing}
        return Standings(rendering.score_measure(state), values)
