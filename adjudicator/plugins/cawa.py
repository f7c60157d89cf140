"""`cawa` as a plugin: the CaWa Warhammer hex campaign (004, basic rules 1.40).

`mapjudge new cawa DIR --players N [--seed S]` generates a map with a
starting realm per player (or `--map FILE` takes the GM's); each turn has five
phases, each with its own files (`adjudicator.rulesets.cawa.state`): the
players' economy and movement declarations, the referee's skirmish results,
the players' reactions, the referee's battle results. Players' files are
named after their kingdom (`red.txt`); the referee's `referee.txt` (or
`arbitro.txt`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

from adjudicator.core.dice import Dice
from adjudicator.core.messages import message_of
from adjudicator.core.ownership import read_files
from adjudicator.core.phase import Calendar
from adjudicator.core.plugin import (
    InputKind,
    OrderFile,
    Parsed,
    Report,
    SetupError,
    Standings,
    Started,
    StartInput,
    StartRequest,
    Turn,
)
from adjudicator.core.session import AnyRuleset, bind
from adjudicator.rulesets.cawa.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.setup import start_state
from adjudicator.rulesets.cawa.state import CALENDAR, CawaPhaseKind, CawaState
from adjudicator.rulesets.cawa.turn import check_phase, resolve_phase
from adjudicator.rulesets.cawa.validate import cawa_problems
from maps.cawa.files import cawa_map_to_dict, load_cawa_map
from maps.cawa.generate import generate_map
from maps.cawa.model import CawaMap
from orders.cawa.model import REFEREE, CawaOrder
from orders.cawa.parser import CawaNames, parse_cawa
from orders.issues import OrderIssue
from renderers.cawa.report import (
    CawaTurnReport,
    player_name,
    render_cawa_json,
    render_cawa_report,
)
from renderers.cawa.words import phase_title
from texts import N_, T_, _

if TYPE_CHECKING:
    import click

CawaTurn = Turn[CawaState, CawaOrder, CawaMap, CawaResolution]
MAP_FILE = "map.yaml"
"""Where a game keeps its map (generated or the GM's)."""
REFEREE_FILES = frozenset({"referee", "arbitro", "árbitro", "arbitre", "àrbitre"})
"""The names of the referee's files (skirmish and battle results)."""
REFEREE_PHASES = frozenset({CawaPhaseKind.SKIRMISHES, CawaPhaseKind.BATTLES})


def names_for(game_map: CawaMap, state: CawaState) -> CawaNames:
    """What a line may name: the map's hexes and the players."""
    players = {p: _written_names(game_map, p) for p in state.players}
    water = frozenset(c for c, cell in game_map.hexes.items() if not cell.terrain.is_land)
    return CawaNames(frozenset(game_map.hexes), players, game_map.step, water)


def _written_names(game_map: CawaMap, player: str) -> tuple[str, ...]:
    """The names a line may give `player` by: its name, aliases and its name
    in the other languages."""
    known = game_map.players.get(player)
    if known is None:
        return ()
    return tuple(dict.fromkeys((known.name, *known.aliases, *dict(known.names).values())))


def file_owner(game_map: CawaMap, state: CawaState, name: str) -> str | None:
    """The player (or the referee) a declaration file is named after."""
    stem = Path(name).stem.strip()
    if stem.casefold() in REFEREE_FILES:
        return REFEREE
    player = game_map.lookup_player(stem)
    return player if player in state.players else None


def parse_files(
    files: Sequence[OrderFile], game_map: CawaMap, state: CawaState
) -> Parsed[CawaOrder]:
    """Every declaration file of the phase read (Trust #1, #2, #6)."""
    names = names_for(game_map, state)
    kind = state.phase.kind

    def read(f: OrderFile, hint: str | None) -> tuple[Sequence[CawaOrder], Sequence[OrderIssue]]:
        parsed = parse_cawa(f.text, kind=kind, names=names, file=f.name, power=hint or "")
        return parsed.lines, parsed.issues

    def name(player: str) -> str:
        return T_("the referee") if player == REFEREE else player_name(game_map, player)

    lines, issues, owners = read_files(files, lambda n: file_owner(game_map, state, n), read, name)
    sent = {line.power for line in lines}
    if CawaPhaseKind(kind) in REFEREE_PHASES:
        silent: tuple[str, ...] = () if REFEREE in sent else (REFEREE,)
    else:
        silent = tuple(p for p in state.players if p not in sent)
    return Parsed(lines, issues, owners, silent)


class CawaPlugin:
    """`RulesetPlugin[CawaState, CawaOrder, CawaMap, CawaResolution, CawaOptions]`."""

    name = "cawa"
    title = N_("CaWa, a Warhammer campaign (basic rules 1.40)")
    options_type = CawaOptions
    default_map = "example"
    rolls_dice = True

    @property
    def calendar(self) -> Calendar:
        return CALENDAR

    @property
    def presets(self) -> Mapping[str, Mapping[str, object]]:
        return {}

    @property
    def start_inputs(self) -> tuple[StartInput, ...]:
        return (
            StartInput("players", InputKind.NUMBER, "generate a map for this many players"),
            StartInput("seed", InputKind.NUMBER, "the map generator's seed (default 1)"),
            StartInput("map", InputKind.NAME_OR_FILE, "a CaWa map file (instead of --players)"),
        )

    @property
    def commands(self) -> tuple[click.Command, ...]:
        from adjudicator.plugins.cawa_commands import seal

        return (seal,)

    def load_map(self, reference: str) -> CawaMap:
        return load_cawa_map(reference)

    def read_state(self, data: Mapping[str, object]) -> CawaState:
        return state_from_dict(data)

    def validate_state(self, state: CawaState, game_map: CawaMap) -> tuple[str, ...]:
        return cawa_problems(state, game_map)

    def write_state(self, state: CawaState) -> dict[str, object]:
        return state_to_dict(state)

    def start(self, request: StartRequest, options: CawaOptions) -> Started:
        """The map (generated for `--players`, or the GM's `--map`) and turn 1's economy."""
        given, players = request.inputs.get("map"), request.inputs.get("players")
        if given and players:
            raise SetupError(
                T_("give either --players N (a generated map) or --map FILE, not both")
            )
        if given:
            try:
                game_map = load_cawa_map(given)
            except ValueError as exc:
                raise SetupError(message_of(exc)) from None
        else:
            count = int(players or 0)
            if not 2 <= count <= 40:
                raise SetupError(T_("--players: a CaWa map is generated for 2 to 40 players"))
            seed = int(request.inputs.get("seed") or 1)
            game_map = generate_map(count, seed, options.start_hexes, name=request.name)
        if not game_map.players:
            raise SetupError(T_("{map}: the map has no players", map=game_map.name))
        state = start_state(game_map, options)
        text = yaml.safe_dump(cawa_map_to_dict(game_map), sort_keys=False, allow_unicode=True)
        files = {MAP_FILE: text.encode("utf-8")}
        return Started(state.phase, state_to_dict(state), MAP_FILE, None, state.players, files)

    def parse(
        self, files: Sequence[OrderFile], game_map: CawaMap, state: CawaState
    ) -> Parsed[CawaOrder]:
        return parse_files(files, game_map, state)

    def check(
        self,
        state: CawaState,
        orders: Sequence[CawaOrder],
        game_map: CawaMap,
        options: CawaOptions,
    ) -> tuple[OrderIssue, ...]:
        return check_phase(state, orders, game_map, options)

    def resolve(
        self,
        state: CawaState,
        orders: Sequence[CawaOrder],
        game_map: CawaMap,
        options: CawaOptions,
        dice: Dice | None,
    ) -> CawaResolution:
        return resolve_phase(state, orders, game_map, options, dice)

    def with_civil_disorder(self, options: CawaOptions, powers: frozenset[str]) -> CawaOptions:
        """CaWa (rulebook 004) has no rule for a player who stops sending
        orders: his hexes and armies simply get none (no economy, movement or
        invasion of his), as for any missing order; the report names him."""
        return options

    def next_state(self, resolution: CawaResolution) -> CawaState:
        return resolution.state

    def report(self, turn: CawaTurn) -> Report:
        facts = CawaTurnReport(
            resolution=turn.resolution,
            game_map=turn.game_map,
            game_name=turn.game_name,
            ruleset_title=turn.ruleset_title,
            changed_options=turn.changed_options,
            issues=turn.parsed.issues,
            receipts=turn.receipts,
            file_powers=turn.parsed.file_powers,
            silent=turn.parsed.silent,
        )
        return Report(render_cawa_report(facts), render_cawa_json(facts), turn.parsed.issues)

    def draw(
        self,
        game_map: CawaMap,
        state: CawaState,
        previous: Callable[[], CawaResolution | None],
        fmt: str,
    ) -> bytes | None:
        """The map of `state`: terrain, owners, buildings, fleets, and the
        conflicts and battles numbered as in the report; after a movement
        phase, its declared moves as arrows."""
        from renderers.cawa.map import render_cawa_map
        from renderers.cawa.moves import arrows_of

        before = previous()
        arrows = arrows_of(before) if before is not None else ()
        title = f"{game_map.name}: {phase_title(state.phase)}"
        return render_cawa_map(game_map, state, fmt, title=title, arrows=arrows)  # type: ignore[arg-type]

    def game_over(self, game_map: CawaMap, state: CawaState) -> str | None:
        """The winner the option `victory` found (AC-49), if any."""
        if not state.winner:
            return None
        return T_("{player} won", player=player_name(game_map, state.winner))

    def standings(self, game_map: CawaMap, state: CawaState) -> Standings:
        """Each kingdom's NT, the number of its hexes (CC-C-2), as the ranking counts."""
        return Standings("NT", {p: float(state.territories(p)) for p in state.players})

    def describe(self, game_map: CawaMap, state: CawaState) -> str:
        """The kingdoms ranked by NT, with their treasuries (AC-49)."""
        lines = [
            _("Phase: {title} ({id})").format(title=phase_title(state.phase), id=state.phase.id)
        ]
        for player in sorted(state.players, key=lambda p: (-state.territories(p), p)):
            lines.append(
                _("{player}: NT {nt}, CO {co}").format(
                    player=player_name(game_map, player),
                    nt=state.territories(player),
                    co=state.treasury.get(player, 0),
                )
            )
        return "\n".join(lines) + "\n"

    def power_name(self, game_map: CawaMap, power: str) -> str:
        return T_("the referee") if power == REFEREE else player_name(game_map, power)


def ruleset() -> AnyRuleset:
    return bind(CawaPlugin())
