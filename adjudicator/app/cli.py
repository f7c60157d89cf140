"""The `mapjudge` command line: the one place that wires files, parser, engine
and renderers together (DESIGN.md, "The layout shows the architecture").

Exit codes: 0 ok; 1 the orders had problems (the turn may still have been
resolved) or the user's data is wrong (missing file, bad YAML...); 2 usage
(unknown command, option or ruleset). Every user mistake gives a one-line
message on stderr, never a traceback (set MAPJUDGE_DEBUG=1 to see one for an
internal error). See docs/cli.md.
"""

from __future__ import annotations

import difflib
import json
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import click
import yaml

from adjudicator.app import gamefolder as gf
from adjudicator.core.dice import commitment, file_digest, verify_roll, verify_secret
from adjudicator.core.plugin import JudgedTurn, LoadedGame, NewGame, OrderFile, judge_for
from adjudicator.core.ruleset import OptionError, UnknownRuleset, find_ruleset
from adjudicator.kits.board.state import Phase
from adjudicator.plugins.board_map import map_path
from orders.issues import OrderIssue
from renderers.board.json_output import receipts_from_dict, rolls_from_dict
from renderers.map_image import Format

DEBUG_ENV = "MAPJUDGE_DEBUG"


class UserError(click.ClickException):
    """A mistake in the user's data: one line on stderr, exit code 1."""

    exit_code = 1


class UsageProblem(click.ClickException):
    """A wrong name on the command line (e.g. the ruleset): exit code 2."""

    exit_code = 2


class ReportedFailure(click.ClickException):
    """Exit code 1 after the output was printed (order problems, failed verification)."""

    exit_code = 1

    def show(self, file: Any = None) -> None:
        click.echo(f"mapjudge: {self.message}", err=True)


class JudgeGroup(click.Group):
    """Turns known user errors raised anywhere below into one-line messages."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except UnknownRuleset as exc:
            raise UsageProblem(str(exc)) from exc
        except (gf.GameFolderError, OptionError, OSError, ValueError, yaml.YAMLError) as exc:
            raise UserError(str(exc)) from exc
        except Exception as exc:
            if os.environ.get(DEBUG_ENV):
                raise
            raise UserError(
                f"internal error: {type(exc).__name__}: {exc} (set {DEBUG_ENV}=1 for details)"
            ) from exc


# --- wiring helpers ----------------------------------------------------------------


def open_game(folder: Path) -> LoadedGame:
    """Load a game folder; a bad ruleset or option names game.yaml and the key."""
    config = gf.load_config(folder)
    where = gf.game_file(folder)
    try:
        ruleset = find_ruleset(config.ruleset)
    except UnknownRuleset as exc:
        raise gf.GameFolderError(f"{where}: key 'ruleset': {exc}") from None
    try:
        options = ruleset.options(config.options, config.preset)
    except (OptionError, TypeError, ValueError) as exc:
        raise gf.GameFolderError(f"{where}: key 'options'/'preset': {exc}") from None
    game_map = ruleset.load_map(map_reference(folder, config.map or ruleset.map_name))
    state = gf.current_state(folder, ruleset.state_from_dict)
    return LoadedGame(folder, config, ruleset, game_map, options, state)


def map_reference(folder: Path, name: str) -> str:
    """A map named in game.yaml: a file in the game folder (a generated genes
    region), or the name of a packaged map."""
    local = folder / name
    return str(local) if local.suffix in (".yaml", ".yml") and local.is_file() else name


def read_order_files(paths: Sequence[Path]) -> tuple[OrderFile, ...]:
    """Read order files; a missing one gets the nearest existing names as hints."""
    files = tuple(OrderFile(path.name, _read_bytes(path)) for path in paths)
    twice = [name for name, n in Counter(f.name for f in files).items() if n > 1]
    if twice:
        raise UserError(f"two order files are called {twice[0]}: rename one")
    return files


def _read_bytes(path: Path) -> bytes:
    if not path.is_file():
        raise UserError(f"{path}: no such order file{_did_you_mean(path)}")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise UserError(f"{path}: cannot read: {exc.strerror or exc}") from None


def _did_you_mean(path: Path) -> str:
    folder = path.parent if path.parent.is_dir() else None
    if folder is None:
        return ""
    names = [p.name for p in folder.iterdir() if p.is_file()]
    close = difflib.get_close_matches(path.name, names, n=3, cutoff=0.6)
    return f": did you mean {' or '.join(close)}?" if close else ""


def parse_options(texts: Sequence[str]) -> dict[str, Any]:
    """`events=true` -> {"events": True}: each value read as a YAML scalar."""
    options: dict[str, Any] = {}
    for text in texts:
        key, sep, value = text.partition("=")
        if not sep or not key.strip():
            fail(f"--option {text!r}: expected KEY=VALUE, e.g. events=true")
        options[key.strip()] = yaml.safe_load(value) if value.strip() else ""
    return options


def fail(message: str) -> NoReturn:
    raise UserError(message)


# --- the commands ------------------------------------------------------------------

FOLDER = click.Path(path_type=Path, file_okay=False)
FILE = click.Path(path_type=Path, dir_okay=False)


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mapjudge")
def main() -> None:
    """mapjudge: a game master's judge for play-by-email map games."""


@main.command()
@click.argument("ruleset_name", metavar="RULESET")
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.option("--scenario", help="Starting position (default: the ruleset's).")
@click.option("--name", help="Game name (default: the folder's name).")
@click.option("--secret-file", type=FILE, help="GM dice secret (default: generate DIR/secret.txt).")
@click.option(
    "--sheets",
    type=click.Path(path_type=Path, file_okay=False),
    help="genes: the folder of country sheets (<country>.yaml; default: the region's example).",
)
@click.option(
    "--region", help="genes: a bundled region name or a region file (default: peninsula)."
)
@click.option(
    "--option",
    "option_texts",
    multiple=True,
    metavar="KEY=VALUE",
    help="A ruleset option for game.yaml, e.g. events=true (repeatable).",
)
def new(
    ruleset_name: str,
    folder: Path,
    scenario: str | None,
    name: str | None,
    secret_file: Path | None,
    sheets: Path | None,
    region: str | None,
    option_texts: tuple[str, ...],
) -> None:
    """Create a game folder with game.yaml and the first turn."""
    ruleset = find_ruleset(ruleset_name)
    options = parse_options(option_texts)
    ruleset.options(options)  # a wrong name or value stops here, before any file is written
    if folder.exists() and any(folder.iterdir()):
        fail(f"{folder}: already exists and is not empty")
    given_secret = gf.read_secret_file(secret_file) if secret_file else None
    secret = given_secret or gf.new_secret()
    game_name = name or folder.resolve().name
    request = NewGame(game_name, secret, scenario, sheets, region, options)
    started = judge_for(ruleset).start(ruleset, request)
    folder.mkdir(parents=True, exist_ok=True)
    if given_secret is None:
        click.echo(f"wrote {gf.write_secret(folder, secret)} (keep it private)")
    for file_name, data in started.files.items():
        gf.atomic_write(folder / file_name, data)
    config = gf.GameConfig(
        ruleset=ruleset.name,
        name=game_name,
        map=started.map,
        scenario=started.scenario,
        powers={p: gf.Player() for p in started.powers},
        options=options,
        commitment=commitment(secret),
    )
    gf.save_config(folder, config)
    gf.write_state(folder, started.state)
    if started.message:
        click.echo(started.message, nl=False)
    click.echo(f"created {folder}: {ruleset.title}, first phase {started.state.phase}")


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("order_paths", metavar="ORDERS...", nargs=-1, required=True, type=FILE)
def check(folder: Path, order_paths: tuple[Path, ...]) -> None:
    """Parse and check order files against the current phase; change nothing."""
    game = open_game(folder)
    checked = judge_for(game.ruleset).check(game, read_order_files(order_paths))
    click.echo(checked.text, nl=False)
    if checked.issues:
        raise ReportedFailure(f"{len(checked.issues)} problem(s) in the orders")


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("order_paths", metavar="ORDERS...", nargs=-1, type=FILE)
def adjudicate(folder: Path, order_paths: tuple[Path, ...]) -> None:
    """Resolve the current phase with all order files; write the next turn and report.

    Lines with problems are reported and skipped; the turn still resolves
    (exit code 1 tells the GM there were problems)."""
    game = open_game(folder)
    over = judge_for(game.ruleset).game_over(game)
    if over:
        fail(f"the game is over: {over}")
    gf.check_not_archived(folder, order_paths)
    files = read_order_files(order_paths)
    secret = gf.checked_secret(folder, game.config)
    turn = judge_for(game.ruleset).judge(game, files, secret)
    _write_turn(game.folder, turn, files)
    click.echo(turn.text, nl=False)
    raise_for_issues(turn.issues)


def _write_turn(folder: Path, turn: JudgedTurn, files: Sequence[OrderFile]) -> None:
    """Archive the orders, write the reports and the map, then (last) the next state."""
    next_path = gf.state_path(folder, turn.next_state.phase)
    if next_path.exists():
        fail(f"{next_path}: already exists; older turns are never rewritten")
    gf.archive_orders(folder, turn.phase, [(f.name, f.data) for f in files])
    gf.write_report(folder, turn.phase, turn.text, turn.json_text)
    if turn.map_image is not None:
        gf.atomic_write(map_path(folder, turn.next_state.phase), turn.map_image)
    gf.write_state(folder, turn.next_state)


def raise_for_issues(issues: Sequence[OrderIssue]) -> None:
    """Exit code 1 (after the output) when any order line had a problem."""
    if issues:
        raise ReportedFailure(f"{len(issues)} order line(s) had problems (see the report)")


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
def show(folder: Path) -> None:
    """Print the current phase and each power's position."""
    game = open_game(folder)
    click.echo(f"Game: {game.config.name}\nRuleset: {game.ruleset.title}")
    click.echo(judge_for(game.ruleset).board_text(game), nl=False)


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.option("--phase", "phase_id", help="Phase to draw (default: the current one).")
@click.option("--format", "fmt", type=click.Choice(["png", "svg"]), default="png")
@click.option("--out", type=FILE, help="Output file (default: DIR/turns/<phase>.<format>).")
def render(folder: Path, phase_id: str | None, fmt: str, out: Path | None) -> None:
    """Draw a phase's map: the board and the orders that led to it."""
    game = open_game(folder)
    phase = Phase.parse(phase_id) if phase_id else game.state.phase
    data = judge_for(game.ruleset).draw(game, phase, fmt)
    if data is None:
        fail(f"map {game.config.map or game.ruleset.map_name!r} has no drawing geometry")
    image_format: Format = "svg" if fmt == "svg" else "png"
    path = out or map_path(folder, phase, image_format)
    gf.atomic_write(path, data)
    click.echo(f"wrote {path}")


@main.command()
@click.argument("out", metavar="OUT.yaml", type=FILE)
@click.option(
    "--players",
    "players",
    required=True,
    help="Player names in drawing order, comma-separated, or a count (2-9).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="The drawing's seed.")
@click.option("--name", "region_name", default="generated", help="The region's name.")
def region(out: Path, players: str, seed: int, region_name: str) -> None:
    """genes: draw a region for N players (002 §3) into OUT.yaml, and its map beside it."""
    from maps.genes.generate import default_players, generate_region, write_region
    from renderers.genes.map import render_genes_map

    names = tuple(p.strip() for p in players.split(",") if p.strip())
    if len(names) == 1 and names[0].isdigit():
        names = default_players(int(names[0]))
    drawn = generate_region(names, seed, region_name)
    write_region(drawn, out)
    image = out.with_suffix(".png")
    gf.atomic_write(image, render_genes_map(drawn, None, title=drawn.title))
    steps = ", ".join(f"{step} by {who}" for step, who in drawn.drawn_by.items())
    click.echo(f"wrote {out} and {image}: {len(drawn.countries)} countries ({steps})")
    click.echo(f"countries are chosen in this order: {', '.join(drawn.choice_order)}")


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
def undo(folder: Path) -> None:
    """Remove the latest turn (and the report that made it); never the first."""
    gf.check_folder(folder)
    removed, current = gf.undo(folder)
    click.echo(f"removed {removed}; the current phase is {current} again")


@main.command()
@click.option("--ruleset", "ruleset_name", required=True, help="Ruleset name, e.g. classic.")
@click.option("--position", required=True, type=FILE, help="A state as YAML or JSON.")
@click.option("--orders", "orders_path", required=True, type=FILE, help="Order text file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--secret-file", type=FILE, help="Dice secret, for rulesets that roll.")
@click.option("--game", "game_name", default="", help="Game name used in dice labels.")
def resolve(
    ruleset_name: str,
    position: Path,
    orders_path: Path,
    fmt: str,
    secret_file: Path | None,
    game_name: str,
) -> None:
    """Resolve one phase without a game folder (the entry point for other programs)."""
    ruleset = find_ruleset(ruleset_name)
    turn = judge_for(ruleset).resolve_position(
        ruleset,
        read_position(position),
        read_order_files([orders_path]),
        gf.read_secret_file(secret_file) if secret_file else None,
        game_name,
    )
    click.echo(turn.json_text if fmt == "json" else turn.text, nl=False)
    raise_for_issues(turn.issues)


def read_position(path: Path) -> dict[str, Any]:
    """A state's plain data from YAML or JSON (the state's `to_dict` form)."""
    data = gf.read_yaml(path)
    if not isinstance(data, dict):
        fail(f"{path}: expected a game state mapping (phase, units, supply_centers)")
    return data


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.option(
    "--secret-file",
    type=FILE,
    help="The revealed secret (default: $MAPJUDGE_SECRET or DIR/secret.txt).",
)
def verify(folder: Path, secret_file: Path | None) -> None:
    """Check the revealed secret against the commitment, every logged roll and receipt."""
    config = gf.load_config(folder)
    if not config.commitment:
        fail(f"{gf.game_file(folder)}: no dice.commitment to verify")
    secret = gf.find_secret(folder, secret_file)
    if secret is None:
        fail("no secret given: use --secret-file, $MAPJUDGE_SECRET or DIR/secret.txt")
    checks = [Check("commitment", verify_secret(secret, config.commitment))]
    for path in sorted((folder / gf.REPORTS_DIR).glob("*.json")):
        checks += verify_report(folder, path, secret, config.name)
    click.echo("".join(f"{c}\n" for c in checks), nl=False)
    failed = sum(1 for c in checks if not c.ok)
    if failed:
        raise ReportedFailure(f"verification failed: {failed} problem(s)")
    click.echo(f"all {len(checks)} check(s) passed")


@dataclass(frozen=True)
class Check:
    """One verified item: what, whether it holds, and why not."""

    what: str
    ok: bool
    why: str = "MISMATCH"

    def __str__(self) -> str:
        return f"{self.what}: {'ok' if self.ok else self.why}"


def verify_report(folder: Path, path: Path, secret: str, game: str) -> list[Check]:
    """A check per logged roll and per order-file receipt of one report."""
    data = _read_json(path)
    phase = path.stem
    checks = [
        Check(
            f"{phase} roll {roll.purpose} #{roll.index}",
            verify_roll(secret, roll) and roll.game == game and roll.phase == phase,
        )
        for roll in rolls_from_dict(data)
    ]
    for receipt in receipts_from_dict(data):
        copy = gf.archive_dir(folder, phase) / receipt.file
        what = f"{phase} receipt {receipt.file}"
        if copy.is_file():
            checks.append(Check(what, file_digest(copy.read_bytes()) == receipt.sha256))
        else:
            checks.append(Check(what, False, f"missing copy {copy}"))
    return checks


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise gf.GameFolderError(f"{path}: cannot read report JSON: {exc}") from None
    if not isinstance(data, dict):
        raise gf.GameFolderError(f"{path}: expected a JSON object")
    return data
