"""How every command opens a game folder (issue 11, "Trust"): the path rules,
the folder's lock, then the recovery of what an interrupted command left, with
a message on stderr for each thing found (docs/cli.md, "Safety of the game
folder")."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from adjudicator.app import commit
from adjudicator.app import gamefolder as gf
from adjudicator.app.errors import told
from adjudicator.app.folderlock import locked
from adjudicator.app.game import folder_ruleset
from adjudicator.core.phase import Calendar


@contextmanager
def using_folder(folder: Path, *, write: bool = True) -> Iterator[None]:
    """Hold the game folder for the block: refuse symbolic links inside it,
    take its lock (waiting a moment for another command), then finish or roll
    back an interrupted turn. A command that only reads (`write=False`) also
    runs on a folder it cannot write, without the lock and without changing it."""
    gf.check_folder(folder)
    with locked(folder, write=write) as held:
        if held:
            notes = commit.recover(folder, _calendar(folder), write=write)
        else:
            notes = commit.leftovers(folder)
        for note in notes:
            click.echo(f"mapjudge: {told(note)}", err=True)
        yield


def _calendar(folder: Path) -> Calendar | None:
    """The ruleset's calendar, or None when game.yaml is broken (the command
    itself then says what is wrong with it)."""
    try:
        return folder_ruleset(folder)[1].calendar
    except gf.GameFolderError:
        return None


def state_files(folder: Path) -> list[str]:
    """The names of the state files in `turns/`, read without the lock: to tell
    whether another command moved the game on while this one waited for it."""
    turns = folder / gf.TURNS_DIR
    return sorted(p.name for p in turns.glob("*.yaml")) if turns.is_dir() else []
