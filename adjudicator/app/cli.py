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
from adjudicator.app.disorder import in_civil_disorder, with_disorder_named
from adjudicator.app.errors import (
    ReportedFailure,
    UsageProblem,
    UserError,
    fail,
    forget_language,
    speak,
    spoken,
    told,
    warn,
)
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
from adjudicator.app.languages import (
    gm_language,
    gm_translator,
    lang_option,
    readers,
    ruleset_title,
)
from adjudicator.app.mail_used import with_mail_used
from adjudicator.app.many import adjudicate_all
from adjudicator.app.new_game import NewGroup
from adjudicator.app.preview import preview
from adjudicator.app.registry import UnknownRuleset, command_entry, find_ruleset
from adjudicator.app.replies import replies_after_check, replies_after_turn
from adjudicator.app.send import send_command
from adjudicator.app.site.command import site_command
from adjudicator.app.stale_mail import stale_order_files
from adjudicator.core.dice import file_digest, verify_roll, verify_secret
from adjudicator.core.files import atomic_write
from adjudicator.core.messages import message_of
from adjudicator.core.options import OptionError
from adjudicator.core.phase import Phase
from adjudicator.core.plugin import OrderFile
from adjudicator.core.receipts import receipts_from_dict, rolls_from_dict
from adjudicator.core.session import BadState, JudgedTurn, Readers
from orders.issues import OrderIssue
from texts import T_, Tn_, _, ngettext
from texts import tr as tell

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
        forget_language()
        try:
            return super().invoke(ctx)
        except click.ClickException as exc:
            if type(exc) is click.ClickException:  # a ruleset command's: told as ours
                raise UserError(exc.message) from exc
            raise
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except UnknownRuleset as exc:
            raise UsageProblem(message_of(exc)) from exc
        except OrderFileError as exc:
            raise UserError(message_of(exc)) from exc
        except (gf.GameFolderError, OptionError, OSError, ValueError, yaml.YAMLError) as exc:
            raise UserError(message_of(exc)) from exc
        except Exception as exc:
            if os.environ.get(DEBUG_ENV):
                raise
            raise UserError(
                T_(
                    "internal error: {kind}: {problem} (set {env}=1 for details)",
                    kind=type(exc).__name__,
                    problem=message_of(exc),
                    env=DEBUG_ENV,
                )
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
main.add_command(site_command)
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
                T_(
                    "{folder}: another command moved the game on while this one waited "
                    "(now at {phase}); nothing written: check the phase "
                    "and the mail, and run again",
                    folder=folder,
                    phase=current_phase_id(folder),
                )
            )
        game = open_game(folder)
        over = game.session.game_over()
        if over:
            fail(T_("the game is over: {reason}", reason=over))
        gf.check_not_archived(folder, order_paths)
        files = read_order_files(order_paths)
        if not force:
            refuse_stale_mail(folder, game.session.phase, files)
        secret = gf.checked_secret(folder, game.config)
        if secret is None and game.ruleset.rolls_dice:
            fail(
                T_(
                    "{folder}: {ruleset} rolls dice: the secret is needed ({file} or ${env})",
                    folder=folder,
                    ruleset=game.ruleset.name,
                    file=gf.SECRET_FILE,
                    env=gf.SECRET_ENV,
                )
            )
        disorder = in_civil_disorder(game, files)
        judged = game.session.judge(
            files,
            secret,
            readers(game.config, lang),
            disorder,
            earlier=lambda: earlier_turn(game, game.session.phase),
        )
        judged = with_disorder_named(judged, game, disorder, gm_language(game.config, lang))
        public = gm_language(game.config, lang)
        turn = with_mail_used(judged, game.folder, files, public, game.config.ruleset)
        _write_turn(game.folder, turn, files)
        if replies:
            replies_after_turn(game, files)
    click.echo(turn.text, nl=False)
    raise_for_issues(turn.issues)


def refuse_stale_mail(folder: Path, phase: Phase, files: Sequence[OrderFile]) -> None:
    """Trust #5: an order file byte for byte like one archived for an earlier
    phase is last phase's mail (an inbox not emptied): warn for each, and stop
    with exit code 1 before writing anything."""
    stale = stale_order_files(folder, [(f.name, f.data) for f in files])
    for name, copy in stale:
        same = "" if copy.name == name else T_(" (as {name})", name=copy.name)
        warn(
            T_(
                "{name} was already adjudicated in {phase}{same}: "
                "it is the same, byte for byte, as {copy}",
                name=name,
                phase=copy.parent.name,
                same=same,
                copy=copy.relative_to(folder),
            )
        )
    if stale:
        fail(
            Tn_(
                "{n} order file(s) were already adjudicated in an earlier phase; "
                "nothing written. If they really are the mail for {phase}, run again with --force",
                "{n} order file(s) were already adjudicated in an earlier phase; "
                "nothing written. If they really are the mail for {phase}, run again with --force",
                len(stale),
                phase=phase,
            )
        )


def _write_turn(folder: Path, turn: JudgedTurn, files: Sequence[OrderFile]) -> None:
    """Archive the orders, write the reports and the map, then (last) the next
    state, as one step (`commit.commit_turn`: staged, then moved into place)."""
    next_path = gf.state_path(folder, turn.next_phase)
    if next_path.exists():
        fail(T_("{path}: already exists; older turns are never rewritten", path=next_path))
    commit_turn(folder, turn_files(turn, files))


def raise_for_issues(issues: Sequence[OrderIssue]) -> None:
    """Exit code 1 (after the output) when any order line had a problem."""
    if issues:
        raise ReportedFailure(
            Tn_(
                "{n} order line(s) had problems (see the report)",
                "{n} order line(s) had problems (see the report)",
                len(issues),
            )
        )


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@lang_option
def show(folder: Path, lang: str | None) -> None:
    """Print the current phase and each power's position."""
    with using_folder(folder, write=False):
        game = open_game(folder)
        gm_language(game.config, lang)
        with spoken():
            described = game.session.describe()
            heading = _("Game: {name}\nRuleset: {ruleset}").format(
                name=game.config.name, ruleset=told(ruleset_title(game.ruleset.title))
            )
    click.echo(heading)
    click.echo(described, nl=False)


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.option("--phase", "phase_id", help="Phase to draw (default: the current one).")
@click.option("--format", "fmt", type=click.Choice(["png", "svg"]), default="png")
@click.option("--out", type=FILE, help="Output file (default: DIR/turns/<phase>.<format>).")
@lang_option
def render(
    folder: Path, phase_id: str | None, fmt: str, out: Path | None, lang: str | None
) -> None:
    """Draw a phase's map: the board and the orders that led to it."""
    into_folder = out is None or out.resolve().is_relative_to(folder.resolve())
    with using_folder(folder, write=into_folder):
        game = open_game(folder)
        phase = game.ruleset.calendar.parse(phase_id) if phase_id else game.session.phase
        state_data = gf.read_state_data(folder, phase)
        data = game.session.draw(state_data, lambda: earlier_turn(game, phase), fmt)
        if data is None:
            fail(
                T_(
                    "map {name!r} has no drawing geometry",
                    name=game.config.map or game.ruleset.default_map,
                )
            )
        path = out or gf.map_path(folder, phase, fmt)
        atomic_write(path, data)
        gm_language(game.config, lang)
    click.echo(told(T_("wrote {path}", path=path)))


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@lang_option
def undo(folder: Path, lang: str | None) -> None:
    """Remove the latest turn (and the report that made it); never the first."""
    with using_folder(folder):
        config, ruleset = folder_ruleset(folder)
        removed, current = gf.undo(folder, ruleset.calendar)
    gm_language(config, lang)
    message = T_(
        "removed {removed}; the current phase is {current} again", removed=removed, current=current
    )
    click.echo(told(message))


@main.command()
@click.option("--ruleset", "ruleset_name", required=True, help="Ruleset name, e.g. classic.")
@click.option("--position", required=True, type=FILE, help="A state as YAML or JSON.")
@click.option("--orders", "orders_path", required=True, type=FILE, help="Order text file.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
@click.option("--secret-file", type=FILE, help="Dice secret, for rulesets that roll.")
@click.option("--game", "game_name", default="", help="Game name used in dice labels.")
@lang_option
def resolve(
    ruleset_name: str,
    position: Path,
    orders_path: Path,
    fmt: str,
    secret_file: Path | None,
    game_name: str,
    lang: str | None,
) -> None:
    """Resolve one phase without a game folder (the entry point for other programs)."""
    ruleset = find_ruleset(ruleset_name)
    gm = gm_language(None, lang)
    speak(gm, ruleset.name)
    try:
        turn = ruleset.resolve_position(
            read_position(position),
            read_order_files([orders_path]),
            gf.read_secret_file(secret_file) if secret_file else None,
            game_name,
            Readers(gm),
        )
    except BadState as exc:  # the state does not fit the map: name the file (Trust #7)
        fail(T_("{path}: {problem}", path=position, problem=message_of(exc)))
    click.echo(turn.json_text if fmt == "json" else turn.text, nl=False)
    raise_for_issues(turn.issues)


def read_position(path: Path) -> dict[str, object]:
    """A state's plain data from YAML or JSON (the state's `to_dict` form)."""
    data = gf.read_yaml(path)
    if not isinstance(data, dict):
        fail(T_("{path}: expected a game state mapping (phase, units, supply_centers)", path=path))
    return data


@main.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.option(
    "--secret-file",
    type=FILE,
    help="The revealed secret (default: $MAPJUDGE_SECRET or DIR/secret.txt).",
)
@lang_option
def verify(folder: Path, secret_file: Path | None, lang: str | None) -> None:
    """Check the revealed secret against the commitment, every logged roll and receipt."""
    config = gf.load_config(folder)
    gm_language(config, lang)
    if not config.commitment:
        fail(T_("{path}: no dice.commitment to verify", path=gf.game_file(folder)))
    secret = gf.find_secret(folder, secret_file)
    if secret is None:
        fail(T_("no secret given: use --secret-file, $MAPJUDGE_SECRET or DIR/secret.txt"))
    checks = [Check(T_("commitment"), verify_secret(secret, config.commitment))]
    with using_folder(folder, write=False):
        for path in sorted((folder / gf.REPORTS_DIR).glob("*.json")):
            checks += verify_report(folder, path, secret, config.name)
    with spoken():
        click.echo("".join(f"{c}\n" for c in checks), nl=False)
    failed = sum(1 for c in checks if not c.ok)
    if failed:
        raise ReportedFailure(
            Tn_(
                "verification failed: {n} problem(s)", "verification failed: {n} problem(s)", failed
            )
        )
    with spoken():
        n = len(checks)
        click.echo(ngettext("all {n} check(s) passed", "all {n} check(s) passed", n).format(n=n))


@dataclass(frozen=True)
class Check:
    """One verified item: what, whether it holds, and why not (in the
    language being written when printed)."""

    what: str
    ok: bool
    why: str = T_("MISMATCH")

    def __str__(self) -> str:
        verdict = _("ok") if self.ok else tell(self.why)
        return f"{tell(self.what)}: {verdict}"


def verify_report(folder: Path, path: Path, secret: str, game: str) -> list[Check]:
    """A check per logged roll and per order-file receipt of one report."""
    data = _read_json(path)
    phase = path.stem
    checks = [
        Check(
            T_(
                "{phase} roll {purpose} #{index}",
                phase=phase,
                purpose=roll.purpose,
                index=roll.index,
            ),
            verify_roll(secret, roll) and roll.game == game and roll.phase == phase,
        )
        for roll in rolls_from_dict(data)
    ]
    archive = gf.archive_dir(folder, phase)
    named = set()
    for receipt in receipts_from_dict(data):
        what = T_("{phase} receipt {file}", phase=phase, file=receipt.file)
        if not gf.is_plain_name(receipt.file):  # Trust #10: never a file outside the archive
            checks.append(Check(what, False, T_("not a plain file name: nothing read")))
            continue
        named.add(receipt.file)
        copy = archive / receipt.file
        if copy.is_file() and not copy.is_symlink():
            checks.append(Check(what, file_digest(copy.read_bytes()) == receipt.sha256))
        else:
            checks.append(Check(what, False, T_("missing copy {copy}", copy=copy)))
    extra = sorted(p.name for p in archive.iterdir() if p.name not in named) if archive.is_dir() else []
    checks += [
        Check(
            T_("{phase} archive {name}", phase=phase, name=name),
            False,
            T_("not in the report's receipts"),
        )
        for name in extra
    ]
    return checks


def _read_json(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise gf.GameFolderError(
            T_("{path}: cannot read report JSON: {problem}", path=path, problem=exc)
        ) from None
    if not isinstance(data, dict):
        raise gf.GameFolderError(T_("{path}: expected a JSON object", path=path))
    return data
