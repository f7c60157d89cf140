"""CLI helpers for the tests: `run`, one `mapjudge` command through click's
CliRunner, checking that a user mistake never shows a traceback (exit codes
0/1/2 only); `new_game`, a game folder with a fixed dice secret;
`play_example`, what `make demo` does with an example game; `report_json`,
a phase's JSON report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from adjudicator.app import cli
from adjudicator.app.game import current_phase_id


def run(*args: str | Path) -> Result:
    """`mapjudge ARGS...`; fails the test on a traceback or an uncaught exception."""
    result = CliRunner().invoke(cli.main, [str(a) for a in args])
    assert "Traceback" not in result.output
    if result.exception is not None:
        assert isinstance(result.exception, SystemExit), result.exception
    return result


TEST_SECRET = "mapjudge-test-secret"
"""The dice secret of the games the tests create: the same rolls every run."""


def new_game(folder: Path, *args: str | Path) -> Result:
    """`mapjudge new ARGS... DIR` with the fixed secret, kept in `DIR/secret.txt`
    as the GM keeps it, so a test's dice are the same on every run."""
    secret = folder.parent / f"{folder.name}.secret"
    secret.write_text(TEST_SECRET, encoding="utf-8")
    result = run("new", *args[:1], folder, *args[1:], "--secret-file", secret)
    if result.exit_code == 0:
        (folder / "secret.txt").write_text(TEST_SECRET, encoding="utf-8")
    return result


def current_phase(folder: Path) -> str:
    """The id of the game's current phase (the latest state file)."""
    return current_phase_id(folder)


def play_example(example: Path, folder: Path) -> dict[str, Result]:
    """Copy the example to `folder` and adjudicate each phase with its mail in
    `orders/<phase>/` until a phase has none (what `make demo` does)."""
    shutil.copytree(example, folder)
    played: dict[str, Result] = {}
    while (mail := folder / "orders" / (phase := current_phase(folder))).is_dir():
        assert phase not in played, f"{phase} did not advance"
        played[phase] = run("adjudicate", folder, *sorted(mail.glob("*.txt")))
    return played


def report_json(folder: Path, phase: str) -> dict[str, Any]:
    """`reports/<phase>.json` of a game folder."""
    data: dict[str, Any] = json.loads((folder / "reports" / f"{phase}.json").read_text())
    return data


def write_mail(folder: Path, files: dict[str, str]) -> list[Path]:
    """Write order files (name -> text) into `folder/inbox/`; their paths."""
    inbox = folder / "inbox"
    inbox.mkdir(exist_ok=True)
    for name, text in files.items():
        (inbox / name).write_text(text, encoding="utf-8")
    return [inbox / name for name in files]
