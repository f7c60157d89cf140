"""The board plugin: a `BoardRules` (classic, machiavelli) as a `RulesetPlugin`.

It reads Diplomacy-style order files with the ruleset's grammar, resolves a
phase with the ruleset's hooks, reports it (`renderers.board`) and draws the
map with the orders that led to it (`adjudicator.plugins.board_map`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Generic, TypeVar

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Calendar
from adjudicator.core.plugin import (
    OrderFile,
    Parsed,
    Report,
    SetupError,
    Started,
    StartInput,
    StartRequest,
    Turn,
)
from adjudicator.core.session import file_owner
from adjudicator.kits.board.results import Resolution, illegal_issues
from adjudicator.kits.board.rules import BoardRules
from adjudicator.kits.board.state import GameState
from adjudicator.plugins.board_map import map_bytes
from maps import GameMap, load_map
from orders.board.model import Order, PhaseKind
from orders.board.parser import parse_orders
from orders.issues import OrderIssue
from renderers.board.json_output import render_json
from renderers.board.report import TurnReport, power_name, render_board, render_report

if TYPE_CHECKING:
    import click

OptionsT = TypeVar("OptionsT")

BoardTurn = Turn[GameState, Order, GameMap, Resolution]


def file_power(game_map: GameMap, name: str) -> str | None:
    """The power an order file is named after (`england.txt`), if any."""
    return game_map.power_lookup(Path(name).stem)


def parse_files(
    files: Sequence[OrderFile], game_map: GameMap, phase_kind: PhaseKind, grammar: str
) -> Parsed[Order]:
    """Parse every file with the ruleset's `grammar`; note which power each
    file's orders belong to."""
    orders: list[Order] = []
    issues: list[OrderIssue] = []
    file_powers: dict[str, str] = {}
    for f in files:
        hint = file_power(game_map, f.name)
        parsed = parse_orders(
            f.text,
            game_map=game_map,
            phase_kind=phase_kind,
            file=f.name,
            power=hint,
            grammar=grammar,
        )
        orders += parsed.orders
        issues += parsed.issues
        power = file_owner(hint, (o.power for o in parsed.orders))
        if power:
            file_powers[f.name] = power
    return Parsed(tuple(orders), tuple(issues), file_powers)


def turn_report(turn: BoardTurn) -> TurnReport:
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
    )


class BoardPlugin(Generic[OptionsT]):
    """`RulesetPlugin[GameState, Order, GameMap, Resolution, Options]` for a
    board ruleset."""

    def __init__(self, rules: BoardRules[OptionsT]) -> None:
        self.rules = rules

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

    def read_state(self, data: Mapping[str, object]) -> GameState:
        return GameState.from_dict(data)

    def write_state(self, state: GameState) -> dict[str, object]:
        return state.to_dict()

    def start(self, request: StartRequest, options: OptionsT) -> Started:
        game_map = self.load_map(self.rules.map_name)
        scenario = request.scenario or self.rules.default_scenario
        if game_map.scenarios and scenario not in game_map.scenarios:
            known = ", ".join(sorted(game_map.scenarios))
            raise SetupError(f"unknown scenario {scenario!r} (known: {known})")
        state = self.rules.initial_state(game_map, scenario)
        powers = game_map.scenarios[scenario].powers if scenario in game_map.scenarios else ()
        powers = tuple(powers or state.powers())
        return Started(state.phase, state.to_dict(), self.rules.map_name, scenario, powers)

    def parse(
        self, files: Sequence[OrderFile], game_map: GameMap, state: GameState
    ) -> Parsed[Order]:
        return parse_files(files, game_map, PhaseKind(state.phase.kind), self.rules.grammar)

    def check(
        self, state: GameState, orders: Sequence[Order], game_map: GameMap, options: OptionsT
    ) -> tuple[OrderIssue, ...]:
        return self.rules.check(state, orders, game_map, options)

    def resolve(
        self,
        state: GameState,
        orders: Sequence[Order],
        game_map: GameMap,
        options: OptionsT,
        dice: Dice | None,
    ) -> Resolution:
        return self.rules.resolve(state, orders, game_map, options, dice)

    def next_state(self, resolution: Resolution) -> GameState:
        return resolution.state

    def report(self, turn: BoardTurn) -> Report:
        facts = turn_report(turn)
        return Report(render_report(facts), render_json(facts), facts.issues)

    def draw(
        self,
        game_map: GameMap,
        state: GameState,
        previous: Callable[[], Resolution | None],
        fmt: str,
    ) -> bytes | None:
        return map_bytes(game_map, state, previous(), "svg" if fmt == "svg" else "png")

    def game_over(self, game_map: GameMap, state: GameState) -> str | None:
        return f"{power_name(game_map, state.winner)} won" if state.winner else None

    def describe(self, game_map: GameMap, state: GameState) -> str:
        return render_board(state, game_map)

    def power_name(self, game_map: GameMap, power: str) -> str:
        return power_name(game_map, power)
