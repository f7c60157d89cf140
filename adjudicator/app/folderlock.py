"""The game folder's lock and its path rules (issue 11, Trust #10 and #12).

**One command at a time.** Every command that opens a game folder holds an
exclusive `fcntl.flock` on `<folder>/.lock` until it ends (the kernel drops it
when the process dies, even by SIGKILL). A second command waits a moment
(`$MAPJUDGE_LOCK_WAIT` seconds, 5 by default) and then refuses with a clear
message, before it has written anything. The `.lock` file stays in the folder;
its content is the process id of the last holder, for the message.

**Nothing outside the folder.** A symbolic link where mapjudge reads or writes
(`turns/`, `reports/`, `orders/`, `orders/archive/` and anything inside them,
`game.yaml`, `secret.txt`, `.lock`, `.staging/`) would make it read, write or
delete outside the game folder: every command refuses such a folder, naming
the link, before doing anything.
"""

from __future__ import annotations

import errno
import fcntl
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from adjudicator.app import gamefolder as gf
from texts import T_

LOCK_FILE = ".lock"
STAGING_DIR = ".staging"
WAIT_ENV = "MAPJUDGE_LOCK_WAIT"
DEFAULT_WAIT = 5.0
_POLL = 0.05

# The entries of a game folder mapjudge reads or writes; none may be a link.
WATCHED = (
    gf.GAME_FILE,
    gf.SECRET_FILE,
    gf.TURNS_DIR,
    gf.REPORTS_DIR,
    "orders",
    str(gf.ARCHIVE_DIR),
    LOCK_FILE,
    STAGING_DIR,
)
# The folders mapjudge writes into: nothing inside them may be a link either.
WATCHED_TREES = (gf.TURNS_DIR, gf.REPORTS_DIR, str(gf.ARCHIVE_DIR), STAGING_DIR)


class FolderBusy(gf.GameFolderError):
    """Another mapjudge command holds the game folder's lock."""


def check_no_links(folder: Path) -> None:
    """`GameFolderError` naming the first symbolic link where mapjudge would
    read or write inside `folder` (Trust #10). The folder itself may be a link:
    it is the place the GM chose."""
    for name in WATCHED:
        _refuse_link(folder / name)
    for name in WATCHED_TREES:
        top = folder / name
        if not top.is_dir():
            continue
        for root, dirs, files in os.walk(top):  # never follows links
            for entry in (*dirs, *files):
                _refuse_link(Path(root) / entry)


def _refuse_link(path: Path) -> None:
    if path.is_symlink():
        raise gf.GameFolderError(
            T_(
                "{path}: is a symbolic link; mapjudge never reads or writes outside the "
                "game folder: replace the link with a real file or folder (nothing was done)",
                path=path,
            )
        )


def lock_wait() -> float:
    """How long a command waits for the lock: `$MAPJUDGE_LOCK_WAIT` or 5 seconds."""
    text = os.environ.get(WAIT_ENV, "").strip()
    try:
        return max(0.0, float(text)) if text else DEFAULT_WAIT
    except ValueError:
        raise gf.GameFolderError(
            T_("${env}: expected a number of seconds, not {text!r}", env=WAIT_ENV, text=text)
        ) from None


@contextmanager
def locked(folder: Path, *, write: bool = True) -> Iterator[bool]:
    """Hold `<folder>/.lock` for the block; yields whether the lock is held.

    Checks the path rules first. A command that only reads (`write=False`)
    goes on without the lock when the folder cannot be written (a read-only
    copy): it then yields False and must not change anything."""
    if not folder.is_dir():
        raise gf.GameFolderError(T_("{folder}: no such game folder", folder=folder))
    check_no_links(folder)
    path = folder / LOCK_FILE
    flags = os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if not write and exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            yield False
            return
        raise gf.GameFolderError(
            T_("{path}: cannot open the lock: {reason}", path=path, reason=exc.strerror or exc)
        ) from None
    try:
        _acquire(fd, path, lock_wait())
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        yield True
    finally:
        os.close(fd)  # releases the lock


def _acquire(fd: int, path: Path, wait: float) -> None:
    deadline = time.monotonic() + wait
    while True:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                break
            time.sleep(_POLL)
    holder = _holder(path)
    raise FolderBusy(
        T_(
            "{folder}: another mapjudge command{holder} is using this game folder "
            "(waited {wait} s); nothing was done: run this again when it has finished",
            folder=path.parent,
            holder=holder,
            wait=f"{wait:g}",
        )
    )


def _holder(path: Path) -> str:
    try:
        pid = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return ""
    return T_(" (process {pid})", pid=pid) if pid.isdigit() else ""
