"""The judge of board games with units (`classic`, `machiavelli`): parse the
Diplomacy-style order files, resolve the phase, write the report and the map.
See `judging.py` for the seam it fills."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from adjudicator.app import gamefolder as gf
from adjudicator.core.dice import Dice
from adjudicator.core.plugin import (
    Checked,
    JudgedTurn,
    LoadedGame,
    NewGame,
    OrderFile,
    Started,
    file_owner,
    file_summary,
)
from adjudicator.core.ruleset import Ruleset
from adjudicator.kits.board.results import Resolution, illegal_issues
from adjudicator.kits.board.state import GameState, Phase, PhaseKind
from adjudicator.plugins.board_map import map_bytes
from maps import GameMap
from orders.board.model import Order
from orders.board.parser import parse_orders
from orders.issues import OrderIssue
from renderers.board.json_output import render_json
from renderers.board.report import TurnReport, power_name, render_board, render_report
from renderers.map_image import Format


@dataclass(frozen=True)
class ParsedOrders:
    """All order files parsed: the orders, the issues, and which power wrote each file."""

    files: tuple[OrderFile, ...]
    orders: tuple[Order, ...]
    issues: tuple[OrderIssue, ...]
    file_powers: dict[str, str]


def file_power(game_map: GameMap, name: str) -> str | None:
    """The power an order file is named after (`england.txt`), if any."""
    return game_map.power_lookup(Path(name).stem)


def parse_files(
    files: Sequence[OrderFile], game_map: GameMap, phase_kind: PhaseKind, grammar: str
) -> ParsedOrders:
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
    return ParsedOrders(tuple(files), tuple(orders), tuple(issues), file_powers)


def judge_turn(
    ruleset: Ruleset,
    game_map: GameMap,
    options: Any,
    state: GameState,
    files: Sequence[OrderFile],
    *,
    game_name: str = "",
    secret: str | None = None,
) -> TurnReport:
    """Parse, check and resolve one phase: everything its report shows."""
    parsed = parse_files(files, game_map, state.phase.kind, ruleset.grammar)
    dice = Dice(secret, game_name, state.phase.id) if secret is not None else None
    resolution = ruleset.resolve(state, parsed.orders, game_map, options, dice)
    return TurnReport(
        resolution=resolution,
        game_map=game_map,
        ruleset=ruleset.name,
        ruleset_title=ruleset.title,
        game_name=game_name,
        changed_options=ruleset.changed_options(options),
        issues=parsed.issues + illegal_issues(resolution.results),
        receipts=gf.receipts([(f.name, f.data) for f in files]),
        file_powers=parsed.file_powers,
    )


def judged(turn: TurnReport, with_map: bool) -> JudgedTurn:
    """A TurnReport as the commands write it."""
    image = map_bytes(turn.game_map, turn.next_state, turn.resolution) if with_map else None
    return JudgedTurn(
        turn.phase, turn.next_state, render_report(turn), render_json(turn), turn.issues, image
    )


class BoardJudge:
    """`judging.Judge` for classic and machiavelli."""

    def start(self, ruleset: Ruleset, request: NewGame) -> Started:
        game_map = ruleset.load_map(ruleset.map_name)
        scenario = request.scenario or ruleset.default_scenario
        if game_map.scenarios and scenario not in game_map.scenarios:
            known = ", ".join(sorted(game_map.scenarios))
            raise gf.GameFolderError(f"unknown scenario {scenario!r} (known: {known})")
        state = ruleset.initial_state(game_map, scenario)
        powers = game_map.scenarios[scenario].powers if scenario in game_map.scenarios else ()
        return Started(state, ruleset.map_name, scenario, tuple(powers or state.powers()))

    def judge(self, game: LoadedGame, files: Sequence[OrderFile], secret: str | None) -> JudgedTurn:
        turn = judge_turn(
            game.ruleset,
            game.game_map,
            game.options,
            game.state,
            files,
            game_name=game.config.name,
            secret=secret,
        )
        return judged(turn, with_map=True)

    def check(self, game: LoadedGame, files: Sequence[OrderFile]) -> Checked:
        parsed = parse_files(files, game.game_map, game.state.phase.kind, game.ruleset.grammar)
        issues = parsed.issues + tuple(
            game.ruleset.check(game.state, parsed.orders, game.game_map, game.options)
        )
        text = file_summary(
            files, parsed.file_powers, parsed.orders, issues, lambda p: power_name(game.game_map, p)
        )
        return Checked(f"Phase: {game.state.phase}\n{text}", issues)

    def game_over(self, game: LoadedGame) -> str | None:
        winner = game.state.winner
        return f"{power_name(game.game_map, winner)} won" if winner else None

    def board_text(self, game: LoadedGame) -> str:
        return render_board(game.state, game.game_map)

    def draw(self, game: LoadedGame, phase: Phase, fmt: str) -> bytes | None:
        state = gf.read_state(game.folder, phase)
        image_format: Format = "svg" if fmt == "svg" else "png"
        return map_bytes(game.game_map, state, replayed(game, phase), image_format)

    def resolve_position(
        self,
        ruleset: Ruleset,
        position: Any,
        files: Sequence[OrderFile],
        secret: str | None,
        game_name: str,
    ) -> JudgedTurn:
        turn = judge_turn(
            ruleset,
            ruleset.load_map(ruleset.map_name),
            ruleset.options(),
            GameState.from_dict(position),
            files,
            game_name=game_name,
            secret=secret,
        )
        return judged(turn, with_map=False)


def replayed(game: LoadedGame, phase: Phase) -> Resolution | None:
    """The resolution of the phase before `phase`, resolved again from its archived
    orders (the same inputs give the same results), if it leads to the state on
    disk; `render` draws its orders."""
    phases = gf.list_phases(game.folder)
    earlier = [p for p in phases if p.sort_key < phase.sort_key]
    if not earlier:
        return None
    previous = earlier[-1]
    archive = gf.archive_dir(game.folder, previous)
    files = sorted(archive.iterdir()) if archive.is_dir() else []
    turn = judge_turn(
        game.ruleset,
        game.game_map,
        game.options,
        gf.read_state(game.folder, previous),
        [OrderFile(p.name, p.read_bytes()) for p in files],
        game_name=game.config.name,
        secret=gf.checked_secret(game.folder, game.config),
    )
    target = gf.read_state(game.folder, phase)
    return turn.resolution if turn.next_state.to_dict() == target.to_dict() else None
