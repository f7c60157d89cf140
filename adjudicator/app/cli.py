"""The `mapjudge` command line: the one place that wires files, parser, engine
and renderers together (DESIGN.md, "The layout shows the architecture").

Exit codes: 0 ok; 1 the orders had problems (the turn may still have been
resolved) or the user's data is wrong (missing file, bad YAML...); 2 usage
(unknown command, option or ruleset). Every user mistake gives a one-line
message on stderr, never a traceback (set MAPJUDGE_DEBUG=1 to see one for an
internal error). See docs/cli.md.
"""

from __future__ import annotations

import atexit
import gc
import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
import yaml

from adjudicator.app import gamefolder as gf
from adjudicator.app.commit import commit_turn, turn_files
from adjudicator.app.errors import ReportedFailure, UsageProblem, UserError, fail
from adjudicator.app.game import (
    OrderFileError,
    current_phase_id,
    earlier_turn,
    folder_ruleset,
    open_game,
    read_order_files,
)
from adjudicator.app.guard import state_files, using_folder
from adjudicator.app.inbox import inbox
from adjudicator.app.languages import gm_language, gm_translator, lang_option, readers
from adjudicator.app.mail_used import with_mail_used
from adjudicator.app.many import adjudicate_all
from adjudicator.app.new_game import NewGroup
from adjudicator.app.preview import preview
from adjudicator.app.registry import UnknownRuleset, command_entry, find_ruleset
from adjudicator.app.replies import replies_after_check, replies_after_turn
from adjudicator.app.send import send_command
from adjudicator.core.dice import file_digest, verify_roll, verify_secret
from adjudicator.core.files import atomic_write
from adjudicator.core.options import OptionError
from adjudicator.core.phase import Phase
from adjudicator.core.plugin import OrderFile
from adjudicator.core.receipts import receipts_from_dict, rolls_from_dict
from adjudicator.core.session import BadState, JudgedTurn
from orders.issues import OrderIssue

DEBUG_ENV = "MAPJUDGE_DEBUG"

# A command's process ends when its work is done, and on the way out Python's
# last garbage collections walk every object left (after a map: all of
# matplotlib's and numpy's, about 50 ms of CPU) to free memory the system takes
# back anyway. `gc.freeze()` as the process exits (`atexit` runs before the
# modules are torn down) takes them out of those walks. Nothing a command
# writes depends on it: files are closed, and the folder's lock released,
# before it returns.
atexit.register(gc.freeze)


class JudgeGroup(click.Group):
    """Turns known user errors raised anywhere below into one-line messages, and
    finds the commands a ruleset adds (`region`) in the registry, loading that
    ruleset's plugin only when one of them is asked for."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        from adjudicator.app.registry import ENTRIES

        added = [name for entry in ENTRIES for name in entry.commands]
        return sorted([*super().list_commands(ctx), *added])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        entry = command_entry(cmd_name) if command is None else None
        if entry is not None:
            added = find_ruleset(entry.name).commands
            command = next((c for c in added if c.name == cmd_name), None)
        return command

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except UnknownRuleset as exc:
            raise UsageProblem(str(exc)) from exc
        except OrderFileError as exc:
            raise UserError(str(exc)) from exc
        except (gf.GameFolderError, OptionError, OSError, ValueError, yaml.YAMLError) as exc:
            raise UserError(str(exc)) from exc
        except Exception as exc:
            if os.environ.get(DEBUG_ENV):
                raise
            raise UserError(
                f"internal error: {type(exc).__name__}: {exc} (set {DEBUG_ENV}=1 for details)"
            ) from exc


# --- the commands ------------------------------------------------------------------

FOLDER = click.Path(path_type=Path, file_okay=False)
FILE = click.Path(path_type=Path, dir_okay=False)


@click.group(cls=JudgeGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="mapjudge")
def main() -> None:
    """mapjudge: a game master's judge for play-by-email map games."""


main.add_command(NewGroup("new"))
main.add_command(inbox)
main.add_command(send_command)
REPLIES_HELP = "Also write each player's reply, ready to send, into DIR/outbox/<phase>/."
main.add_command(preview)
main.add_command(adjudicate_all)


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("order_paths", metavar="ORDERS...", nargs=-1, required=True, type=FILE)
@click.option("--replies", is_flag=True, help=REPLIES_HELP)
@lang_option
def check(folder: Path, order_paths: tuple[Path, ...], replies: bool, lang: str | None) -> None:
    """Parse and check order files against the current phase; change nothing
    (but the replies in outbox/<phase>/ with --replies)."""
    with using_folder(folder, write=replies):
        game = open_game(folder)
        tr = gm_translator(game.config, lang)
        checked = game.session.check(read_order_files(order_paths), gm_language(game.config, lang))
        if replies:
            replies_after_check(game, checked)
    click.echo(checked.text, nl=False)
    if checked.issues:
        n = len(checked.issues)
        found = tr.ngettext("{n} problem(s) in the orders", "{n} problem(s) in the orders", n)
        raise ReportedFailure(found.format(n=n))


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("order_paths", metavar="ORDERS...", nargs=-1, type=FILE)
@click.option(
    "--force",
    is_flag=True,
    help="Adjudicate even order files already adjudicated in an earlier phase.",
)
@click.option("--replies", is_flag=True, help=REPLIES_HELP)
@lang_option
def adjudicate(
    folder: Path, order_paths: tuple[Path, ...], force: bool, replies: bool, lang: str | None
) -> None:
    """Resolve the current phase with all order files; write the next turn and report.

    Lines with problems are reported and skipped; the turn still resolves
    (exit code 1 tells the GM there were problems). Mail already adjudicated
    in an earlier phase is refused, and nothing written, unless --force."""
    before = state_files(folder)
    with using_folder(folder):
        if state_files(folder) != before:
            fail(
                f"{folder}: another command moved the game on while this one waited "
                f"(now at {current_phase_id(folder)}); nothing written: check the phase "
                "and the mail, and run again"
            )
        game = open_game(folder)
        over = game.session.game_over()
        if over:
            fail(f"the game is over: {over}")
        gf.check_not_archived(folder, order_paths)
        files = read_order_files(order_paths)
        if not force:
            refuse_stale_mail(folder, game.session.phase, files)
        secret = gf.checked_secret(folder, game.config)
        if secret is None and game.ruleset.rolls_dice:
            fail(
                f"{folder}: {game.ruleset.name} rolls dice: the secret is needed "
                f"({gf.SECRET_FILE} or ${gf.SECRET_ENV})"
            )
        judged = game.session.judge(files, secret, readers(game.config, lang))
        turn = with_mail_used(judged, game.folder, files)
        _write_turn(game.folder, turn, files)
        if replies:
            replies_after_turn(game, files)
    click.echo(turn.text, nl=False)
    raise_for_issues(turn.issues)


def refuse_stale_mail(folder: Path, phase: Phase, files: Sequence[OrderFile]) -> None:
    """Trust #5: an order file byte for byte like one archived for an earlier
    phase is last phase's mail (an inbox not emptied): warn for each, and stop
    with exit code 1 before writing anything."""
    stale = gf.stale_order_files(folder, [(f.name, f.data) for f in files])
    for name, copy in stale:
        same = "" if copy.name == name else f" (as {copy.name})"
        click.echo(
            f"mapjudge: warning: {name} was already adjudicated in {copy.parent.name}{same}: "
            f"it is the same, byte for byte, as {copy.relative_to(folder)}",
            err=True,
        )
    if stale:
        fail(
            f"{len(stale)} order file(s) were already adjudicated in an earlier phase; "
            f"nothing written. If they really are the mail for {phase}, run again with --force"
        )


def _write_turn(folder: Path, turn: JudgedTurn, files: Sequence[OrderFile]) -> None:
    """Archive the orders, write the reports and the map, then (last) the next
    state, as one step (`commit.commit_turn`: staged, then moved into place)."""
    next_path = gf.state_path(folder, turn.next_phase)
    if next_path.exists():
        fail(f"{next_path}: already exists; older turns are never rewritten")
    commit_turn(folder, turn_files(turn, files))


def raise_for_issues(issues: Sequence[OrderIssue]) -> None:
    """Exit code 1 (after the output) when any order line had a problem."""
    if issues:
        raise ReportedFailure(f"{len(issues)} order line(s) had problems (see the report)")


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
def show(folder: Path) -> None:
    """Print the current phase and each power's position."""
    with using_folder(folder, write=False):
        game = open_game(folder)
        described = game.session.describe()
    click.echo(f"Game: {game.config.name}\nRuleset: {game.ruleset.title}")
    click.echo(described, nl=False)


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.option("--phase", "phase_id", help="Phase to draw (default: the current one).")
@click.option("--format", "fmt", type=click.Choice(["png", "svg"]), default="png")
@click.option("--out", type=FILE, help="Output file (default: DIR/turns/<phase>.<format>).")
def render(folder: Path, phase_id: str | None, fmt: str, out: Path | None) -> None:
    """Draw a phase's map: the board and the orders that led to it."""
    into_folder = out is None or out.resolve().is_relative_to(folder.resolve())
    with using_folder(folder, write=into_folder):
        game = open_game(folder)
        phase = game.ruleset.calendar.parse(phase_id) if phase_id else game.session.phase
        state_data = gf.read_state_data(folder, phase)
        data = game.session.draw(state_data, lambda: earlier_turn(game, phase), fmt)
        if data is None:
            fail(f"map {game.config.map or game.ruleset.default_map!r} has no drawing geometry")
        path = out or gf.map_path(folder, phase, fmt)
        atomic_write(path, data)
    click.echo(f"wrote {path}")


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
def undo(folder: Path) -> None:
    """Remove the latest turn (and the report that made it); never the first."""
    with using_folder(folder):
        _, ruleset = folder_ruleset(folder)
        removed, current = gf.undo(folder, ruleset.calendar)
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
    try:
        turn = ruleset.resolve_position(
            read_position(position),
            read_order_files([orders_path]),
            gf.read_secret_file(secret_file) if secret_file else None,
            game_name,
        )
    except BadState as exc:  # the state does not fit the map: name the file (Trust #7)
        fail(f"{position}: {exc}")
    click.echo(turn.json_text if fmt == "json" else turn.text, nl=False)
    raise_for_issues(turn.issues)


def read_position(path: Path) -> dict[str, object]:
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
    with using_folder(folder, write=False):
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
    archive = gf.archive_dir(folder, phase)
    named = set()
    for receipt in receipts_from_dict(data):
        what = f"{phase} receipt {receipt.file}"
        if not gf.is_plain_name(receipt.file):  # Trust #10: never a file outside the archive
            checks.append(Check(what, False, "not a plain file name: nothing read"))
            continue
        named.add(receipt.file)
        copy = archive / receipt.file
        if copy.is_file() and not copy.is_symlink():
            checks.append(Check(what, file_digest(copy.read_bytes()) == receipt.sha256))
        else:
            checks.append(Check(what, False, f"missing copy {copy}"))
    extra = sorted(p.name for p in archive.iterdir() if p.name not in named) if archive.is_dir() else []
    checks += [Check(f"{phase} archive {name}", False, "not in the report's receipts") for name in extra]
    return checks


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise gf.GameFolderError(f"{path}: cannot read report JSON: {exc}") from None
    if not isinstance(data, dict):
        raise gf.GameFolderError(f"{path}: expected a JSON object")
    return data
