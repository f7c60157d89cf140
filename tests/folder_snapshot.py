"""Helpers for the tests of issue 11 ("Trust"): the bundled example games
copied to a scratch folder, the mail of their first phase, and a game
folder's exact contents (every folder, every file and its bytes) to compare
a folder with the untouched original and with a copy adjudicated fully."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from adjudicator.app.folderlock import LOCK_FILE
from adjudicator.app.gamefolder import SECRET_ENV

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
# each example's inbox for its first phase, inside the game folder
FIRST_MAIL = {
    "classic-1901": "orders",
    "machiavelli-1454": "orders/1454-spring-movement",
    "genes-3-players": "orders/1-actions",
}
MAPJUDGE = [sys.executable, "-c", "from adjudicator.app.cli import main; main()"]

Snapshot = dict[str, bytes | None]
"""Relative path -> bytes (a file) or None (a folder); the lock file left out."""


def copy_example(name: str, folder: Path) -> Path:
    """A scratch copy of `examples/<name>` at `folder`."""
    shutil.copytree(EXAMPLES / name, folder)
    return folder


def first_mail(name: str, folder: Path) -> list[Path]:
    """The order files of the example's first phase, in the copy at `folder`."""
    return sorted((folder / FIRST_MAIL[name]).glob("*.txt"))


def snapshot(folder: Path) -> Snapshot:
    """Every folder and file under `folder` (links as their target's text),
    except the lock file, which every command leaves."""
    found: Snapshot = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            found[str((Path(root) / name).relative_to(folder))] = None
        for name in files:
            path = Path(root) / name
            rel = str(path.relative_to(folder))
            if rel != LOCK_FILE:
                found[rel] = (
                    b"-> " + os.readlink(path).encode() if path.is_symlink() else path.read_bytes()
                )
    return found


def differences(one: Snapshot, other: Snapshot) -> list[str]:
    """The paths that differ between two snapshots (for assertion messages)."""
    return sorted(p for p in one.keys() | other.keys() if one.get(p, 0) != other.get(p, 0))


def mapjudge(*args: str | Path, env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    """`mapjudge ARGS...` started in a fresh interpreter (for kills and races)."""
    return subprocess.Popen(
        [*MAPJUDGE, *(str(a) for a in args)],
        cwd=REPO,
        env={k: v for k, v in {**os.environ, **(env or {})}.items() if k != SECRET_ENV},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
