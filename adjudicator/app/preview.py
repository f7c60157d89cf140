"""`mapjudge preview DIR [ORDERS...]` (issue 19, "Preview"): the current phase
resolved with the inbox as it is, the results printed for the GM only, and
nothing written: no state, no report, no map, no archive.

Also the small helpers `adjudicate-all` shares: the inbox's order files
(`DIR/orders/*.txt`) and a phase's deadline from game.yaml (`deadlines`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from gettext import NullTranslations
from pathlib import Path

import click

from adjudicator.app import gamefolder as gf
from adjudicator.app.disorder import in_civil_disorder, with_disorder_named
from adjudicator.app.errors import ReportedFailure, fail
from adjudicator.app.game import LoadedGame, open_game, read_order_files
from adjudicator.app.guard import using_folder
from adjudicator.app.languages import gm_language, lang_option
from adjudicator.core.i18n import ENGLISH
from adjudicator.core.phase import Phase
from adjudicator.core.session import JudgedTurn, Readers
from orders.issues import OrderIssue
from texts import T_, using

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


def deadline_text(
    config: gf.GameConfig, phase: Phase | str, now: datetime, tr: NullTranslations = ENGLISH
) -> str:
    """`Deadline: 2026-12-01T20:00:00+01:00 (passed)`, or that there is none."""
    due = deadline_of(config, phase)
    if due is None:
        return tr.gettext("Deadline: none set in game.yaml")
    if now >= due:
        return tr.gettext("Deadline: {due} (passed)").format(due=due.isoformat())
    return tr.gettext("Deadline: {due} (not yet)").format(due=due.isoformat())


def secret_for(game: LoadedGame) -> str | None:
    """The GM's secret (checked against the commitment); a ruleset that rolls
    dice cannot do without it."""
    secret = gf.checked_secret(game.folder, game.config)
    if secret is None and game.ruleset.rolls_dice:
        fail(
            T_(
                "{folder}: {ruleset} rolls dice: the secret is needed ({file} or ${env})",
                folder=game.folder,
                ruleset=game.ruleset.name,
                file=gf.SECRET_FILE,
                env=gf.SECRET_ENV,
            )
        )
    return secret


def issues_text(issues: Sequence[OrderIssue], tr: NullTranslations = ENGLISH) -> str:
    """The problems, one rendered issue each (file, line, text), or nothing."""
    if not issues:
        return ""
    lines = [tr.gettext("Problems ({n}):").format(n=len(issues))]
    for issue in issues:
        lines += ["  " + line for line in issue.render().splitlines()]
    return "\n".join(lines) + "\n"


FOLDER = click.Path(path_type=Path, file_okay=False)
FILE = click.Path(path_type=Path, dir_okay=False)


@click.command()
@click.argument("folder", metavar="DIR", type=FOLDER)
@click.argument("order_paths", metavar="[ORDERS...]", nargs=-1, type=FILE)
@lang_option
def preview(folder: Path, order_paths: tuple[Path, ...], lang: str | None) -> None:
    """Resolve the current phase with the inbox as it is (default DIR/orders/*.txt)
    and print the report and the problems, for the GM only; write nothing."""
    with using_folder(folder, write=False):
        game = open_game(folder)
        over = game.session.game_over()
        if over:
            fail(T_("the game is over: {reason}", reason=over))
        paths = list(order_paths) or inbox_paths(folder)
        files = read_order_files(paths)
        gm = gm_language(game.config, lang)
        disorder = in_civil_disorder(game, files)
        turn = game.session.judge_without_map(files, secret_for(game), Readers(gm), disorder)
        turn = with_disorder_named(turn, game, disorder, gm)
    with using(gm, game.config.ruleset) as tr:
        _print_preview(game, turn, paths, tr)


def _print_preview(
    game: LoadedGame, turn: JudgedTurn, paths: list[Path], tr: NullTranslations
) -> None:
    """What `preview` prints, in `tr`'s language."""
    now = datetime.now().astimezone()
    names = ", ".join(p.name for p in paths) or tr.gettext("none")
    heading = tr.gettext("PREVIEW of {phase} for the GM: nothing was written")
    click.echo(heading.format(phase=turn.phase))
    click.echo(deadline_text(game.config, turn.phase, now, tr))
    click.echo(tr.gettext("Order files ({n}): {names}").format(n=len(paths), names=names) + "\n")
    click.echo(turn.text, nl=False)
    problems = issues_text(turn.issues, tr)
    if problems:
        click.echo("\n" + problems, nl=False)
        n = len(turn.issues)
        had = tr.ngettext(
            "{n} order line(s) had problems (see above)",
            "{n} order line(s) had problems (see above)",
            n,
        )
        raise ReportedFailure(had.format(n=n))
