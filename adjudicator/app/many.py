"""`mapjudge adjudicate-all GAMES_DIR [--workers N]` (issue 19, "Many games").

Every game folder directly under GAMES_DIR (a folder with game.yaml) is looked
at in a process pool (`concurrent.futures.ProcessPoolExecutor`, one game per
task, every core by default). A game whose orders are all in (no power that
must order is missing from `DIR/orders/*.txt`: the ruleset's `silent` list) or
whose deadline has passed (game.yaml `deadlines`) is adjudicated with its
inbox, exactly as `mapjudge adjudicate DIR DIR/orders/*.txt` would (stale mail
refused, the turn committed as one step under the folder's lock); the others
wait. The progress goes to stderr (a bar on a terminal, a line per finished
game elsewhere), then a summary table
sorted by game name to stdout; the exit code is 1 when any game needs the GM
(order problems, or an error such as a broken game.yaml).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from datetime import datetime
from gettext import NullTranslations
from pathlib import Path

import click
import yaml

from adjudicator.app import gamefolder as gf
from adjudicator.app.commit import commit_turn, turn_files
from adjudicator.app.disorder import in_civil_disorder, with_disorder_named
from adjudicator.app.errors import ReportedFailure, UserError, fail, spoken
from adjudicator.app.game import (
    LoadedGame,
    OrderFileError,
    earlier_turn,
    open_game,
    read_order_files,
)
from adjudicator.app.guard import using_folder
from adjudicator.app.languages import gm_translator, lang_option, readers
from adjudicator.app.preview import deadline_of, inbox_paths, secret_for
from adjudicator.app.progress import progress
from adjudicator.app.registry import UnknownRuleset
from adjudicator.app.stale_mail import stale_order_files
from adjudicator.core.i18n import ENGLISH
from adjudicator.core.messages import message_of
from adjudicator.core.options import OptionError
from adjudicator.core.plugin import OrderFile
from texts import T_, Text, Tn_, current_translations

ADJUDICATED = "adjudicated"
WAITING = "waiting"
NEEDS_GM = "needs the GM"
OVER = "game over"


@dataclass(frozen=True)
class GameResult:
    """What happened to one game: its name, the phase looked at, the result
    (`ADJUDICATED`, `WAITING`, `NEEDS_GM`, `OVER`), how many problems, and a
    note for the GM (why it waits, what went wrong)."""

    game: str
    phase: str
    result: str
    problems: int = 0
    note: str = ""


def game_folders(games_dir: Path) -> list[Path]:
    """The game folders directly under `games_dir`, sorted by name."""
    if not games_dir.is_dir():
        fail(T_("{path}: no such folder of games", path=games_dir))
    return sorted(p for p in games_dir.iterdir() if p.is_dir() and gf.game_file(p).is_file())


def settle_game(folder: str, now_iso: str) -> GameResult:
    """One game, in a worker process: adjudicated, waiting, or why the GM is
    needed. Never raises: every failure is a `NEEDS_GM` result with its message."""
    path = Path(folder)
    try:
        return _settle(path, datetime.fromisoformat(now_iso))
    except (
        click.ClickException,
        gf.GameFolderError,
        OrderFileError,
        OptionError,
        UnknownRuleset,
        OSError,
        ValueError,
        yaml.YAMLError,
    ) as exc:
        message = exc.message if isinstance(exc, click.ClickException) else message_of(exc)
        return GameResult(path.name, "-", NEEDS_GM, 1, message)
    except Exception as exc:  # noqa: BLE001 (an internal error: reported, the others go on)
        internal = T_(
            "internal error: {kind}: {problem}", kind=type(exc).__name__, problem=message_of(exc)
        )
        return GameResult(path.name, "-", NEEDS_GM, 1, internal)


def _settle(folder: Path, now: datetime) -> GameResult:
    with using_folder(folder):
        game = open_game(folder)
        phase = str(game.session.phase)
        over = game.session.game_over()
        if over:
            return GameResult(folder.name, phase, OVER, 0, over)
        files = read_order_files(inbox_paths(folder))
        checked = game.session.check(files)
        due = deadline_of(game.config, phase)
        passed = due is not None and now >= due
        if checked.silent and not passed:
            return _waiting(folder.name, phase, checked.silent, due, len(checked.issues))
        stale = stale_order_files(folder, [(f.name, f.data) for f in files])
        if stale:
            names = ", ".join(name for name, _ in stale)
            note = T_(
                "already adjudicated in an earlier phase (empty the inbox): {names}", names=names
            )
            return GameResult(folder.name, phase, NEEDS_GM, len(stale), note)
        return _adjudicate(game, files, phase)


def _waiting(
    name: str, phase: str, silent: Sequence[str], due: datetime | None, problems: int
) -> GameResult:
    until = T_("deadline {due}", due=due.isoformat()) if due else T_("no deadline set")
    note = T_("no orders yet from {powers} ({until})", powers=", ".join(silent), until=until)
    return GameResult(name, phase, WAITING, problems, note)


def _adjudicate(game: LoadedGame, files: Sequence[OrderFile], phase: str) -> GameResult:
    disorder = in_civil_disorder(game, files)
    turn = game.session.judge(
        files,
        secret_for(game),
        readers(game.config),
        disorder,
        earlier=lambda: earlier_turn(game, game.session.phase),
    )
    turn = with_disorder_named(turn, game, disorder, readers(game.config).public)
    next_path = gf.state_path(game.folder, turn.next_phase)
    if next_path.exists():
        fail(T_("{path}: already exists; older turns are never rewritten", path=next_path))
    commit_turn(game.folder, turn_files(turn, files))
    if turn.issues:
        note = Tn_(
            "adjudicated, now at {phase}; {n} order line(s) had problems: see {report}",
            "adjudicated, now at {phase}; {n} order line(s) had problems: see {report}",
            len(turn.issues),
            phase=turn.next_phase,
            report=gf.report_paths(Path(), phase)[0],
        )
        return GameResult(game.folder.name, phase, NEEDS_GM, len(turn.issues), note)
    now_at = T_("now at {phase}", phase=turn.next_phase)
    return GameResult(game.folder.name, phase, ADJUDICATED, 0, now_at)


def settle_all(folders: Sequence[Path], workers: int, now: datetime) -> list[GameResult]:
    """Every game settled in a pool of `workers` processes; the progress on
    stderr (`app.progress`: a bar on a terminal, else a line per finished
    game); the results sorted by game name."""
    results: list[GameResult] = []
    if not folders:
        return results
    pool = ProcessPoolExecutor(max_workers=min(workers, len(folders)))
    with pool, progress(len(folders), sys.stderr) as shown:
        futures = {pool.submit(settle_game, str(f), now.isoformat()): f for f in folders}
        for future in as_completed(futures):
            result = _result_of(future, futures[future])
            results.append(result)
            shown.finished(result.game, result_words(result.result, current_translations()))
    return sorted(results, key=lambda r: r.game)


def _result_of(future: Future[GameResult], folder: Path) -> GameResult:
    try:
        return future.result()
    except BrokenProcessPool as exc:  # a worker died (killed, out of memory)
        died = T_("the worker process died: {problem}", problem=exc)
        return GameResult(folder.name, "-", NEEDS_GM, 1, died)


def result_words(result: str, tr: NullTranslations = ENGLISH) -> str:
    """A result (`ADJUDICATED`...) in `tr`'s language."""
    words = {
        ADJUDICATED: tr.gettext("adjudicated"),
        WAITING: tr.gettext("waiting"),
        NEEDS_GM: tr.gettext("needs the GM"),
        OVER: tr.gettext("game over"),
    }
    return words.get(result, result)


RESULTS = (ADJUDICATED, WAITING, NEEDS_GM, OVER)


def _count(kind: str, n: int, tr: NullTranslations) -> str:
    """`2 adjudicated` (the English ids are the output from before translations)."""
    texts = {
        ADJUDICATED: tr.ngettext("{n} adjudicated", "{n} adjudicated", n),
        WAITING: tr.ngettext("{n} waiting", "{n} waiting", n),
        NEEDS_GM: tr.ngettext("{n} needs the GM", "{n} needs the GM", n),
        OVER: tr.ngettext("{n} game over", "{n} game over", n),
    }
    return texts[kind].format(n=n)


def summary_table(results: Sequence[GameResult], tr: NullTranslations = ENGLISH) -> str:
    """The table (game, phase, result, problems), the notes, and the totals;
    headings, results and totals in `tr`'s language (the notes stay as written)."""
    heads = (tr.gettext("game"), tr.gettext("phase"), tr.gettext("result"), tr.gettext("problems"))
    rows = [heads]
    rows += [(r.game, r.phase, result_words(r.result, tr), str(r.problems)) for r in results]
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    lines = [
        "  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths, strict=True)) + "  " + row[3]
        for row in rows
    ]
    notes = [
        f"{r.game}: {r.note.translated(tr) if isinstance(r.note, Text) else r.note}"
        for r in results
        if r.result in (WAITING, NEEDS_GM, OVER)
    ]
    if notes:
        lines += ["", *notes]
    lines += ["", totals(results, tr)]
    return "\n".join(lines) + "\n"


def totals(results: Iterable[GameResult], tr: NullTranslations = ENGLISH) -> str:
    """`3 game(s): 1 adjudicated, 1 waiting, 1 needs the GM`."""
    results = list(results)
    counts = [_count(kind, sum(1 for r in results if r.result == kind), tr) for kind in RESULTS]
    n = len(results)
    games = tr.ngettext("{n} game(s): {counts}", "{n} game(s): {counts}", n)
    return games.format(n=n, counts=", ".join(counts))


@click.command("adjudicate-all")
@click.argument("games_dir", metavar="GAMES_DIR", type=click.Path(path_type=Path, file_okay=False))
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Processes to use (default: every core, os.cpu_count()).",
)
@lang_option
def adjudicate_all(games_dir: Path, workers: int | None, lang: str | None) -> None:
    """Adjudicate every game under GAMES_DIR whose orders are all in (DIR/orders/*.txt)
    or whose deadline has passed; print a summary; exit 1 if any game needs the GM."""
    folders = game_folders(games_dir)
    if not folders:
        raise UserError(
            T_(
                "{path}: no game folders (folders with {file}) in it",
                path=games_dir,
                file=gf.GAME_FILE,
            )
        )
    now = datetime.now().astimezone()
    sys.stderr.flush()
    tr = gm_translator(None, lang)
    with spoken():
        results = settle_all(folders, workers or os.cpu_count() or 1, now)
    click.echo(summary_table(results, tr), nl=False)
    needing = sum(1 for r in results if r.result == NEEDS_GM)
    if needing:
        need = tr.ngettext(
            "{n} game(s) need the GM (see the notes above)",
            "{n} game(s) need the GM (see the notes above)",
            needing,
        )
        raise ReportedFailure(need.format(n=needing))
