"""`mapjudge preview DIR [ORDERS...]` (issue 19, "Preview"): the current phase
resolved with the inbox as it is, the results printed for the GM only, and
nothing written: no state, no report, no map, no archive.

Also the small helpers `adjudicate-all` shares: the inbox's order files
(`DIR/orders/*.txt`) and a phase's deadline from game.yaml (`deadlines`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from pathlib import Path

import click

from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import ReportedFailure, fail
from adjudicator.app.game import LoadedGame, open_game, read_order_files
from adjudicator.app.guard import using_folder
from adjudicator.core.phase import Phase
from orders.issues import OrderIssue

INBOX_DIR = "orders"
INBOX_GLOB = "*.txt"


def inbox_paths(folder: Path) -> list[Path]:
    """The current phase's mail: `DIR/orders/*.txt`, sorted by name (the
    archive, `orders/archive/`, is a folder and never matches)."""
    inbox = folder / INBOX_DIR
    if not inbox.is_dir():
        return []
    return sorted(p for p in inbox.glob(INBOX_GLOB) if p.is_file())


def deadline_of(config: gf.GameConfig, phase: Phase | str) -> datetime | None:
    """The phase's deadline (game.yaml `deadlines: {<phase id>: ISO-8601}`), if any."""
    return config.deadlines.get(str(phase))


def deadline_text(config: gf.GameConfig, phase: Phase | str, now: datetime) -> str:
    """`Deadline: 2026-12-01T20:00:00+01:00 (passed)`, or that there is none."""
    due = deadline_of(config, phase)
    if due is None:
        return "Deadline: none set in game.yaml"
    return f"Deadline: {due.isoformat()} ({'passed' if now >= due else 'not yet'})"


def secret_for(game: LoadedGame) -> str | None:
    """The GM's secret (checked against the commitment); a ruleset that rolls
    dice cannot do without it."""
    secret = gf.checked_secret(game.folder, game.config)
    if secret is None and game.ruleset.rolls_dice:
        fail(
            f"{game.folder}: {game.ruleset.name} rolls dice: the secret is needed "
            f"({gf.SECRET_FILE} or ${gf.SECRET_ENV})"
        )
    return secret


def issues_text(issues: Sequence[OrderIssue]) -> str:
    """The problems, one rendered issue each (file, line, text), or nothing."""
    if not issues:
        return ""
    lines = [f"Problems ({len(issues)}):"]
    for issue in issues:
        lines += ["  " + line for line in issue.render().splitlines()]
    return "\n".join(lines) + "\n"


FOLDER = click.Path(path_type=Path, file_okay=False)
FILE = click.Path(path_type=Path, dir_okay=False)


@click.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("order_paths", metavar="[ORDERS...]", nargs=-1, type=FILE)
def preview(folder: Path, order_paths: tuple[Path, ...]) -> None:
    """Resolve the current phase with the inbox as it is (default DIR/orders/*.txt)
    and print the report and the problems, for the GM only; write nothing."""
    with using_folder(folder, write=False):
        game = open_game(folder)
        over = game.session.game_over()
        if over:
            fail(f"the game is over: {over}")
        paths = list(order_paths) or inbox_paths(folder)
        files = read_order_files(paths)
        turn = game.session.judge_without_map(files, secret_for(game))
    now = datetime.now().astimezone()
    names = ", ".join(p.name for p in paths) or "none"
    click.echo(f"PREVIEW of {turn.phase} for the GM: nothing was written")
    click.echo(deadline_text(game.config, turn.phase, now))
    click.echo(f"Order files ({len(paths)}): {names}\n")
    click.echo(turn.text, nl=False)
    problems = issues_text(turn.issues)
    if problems:
        click.echo("\n" + problems, nl=False)
        raise ReportedFailure(f"{len(turn.issues)} order line(s) had problems (see above)")
