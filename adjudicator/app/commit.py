"""A turn commits as one step, and an interrupted one is finished or rolled
back by the next command (DESIGN.md, "State on disk"; issue 11, Trust #11).

`commit_turn` runs under the game folder's lock (`folderlock.locked`):

1. every file of the turn (the order archive, the reports, the map and, last,
   the next state) is written into `<folder>/.staging/files/`, each fsynced;
2. `.staging/MANIFEST.json` is written: the staged set is complete;
3. each file is moved into place with `os.replace` (same file system, so each
   move is atomic), the state file `turns/<next>.yaml` last: it is what makes
   the turn count;
4. the manifest is removed, then the staging folder.

`recover`, which every command runs under the lock before anything else, looks
at what an interrupted run left:

- a staging folder without a manifest: nothing had been moved; it is removed;
- a manifest and the state file in place: the turn counts; the staging folder
  is removed (any file still in it is moved into place first);
- a manifest without the state file: the turn is rolled back; the files it had
  moved into place (and the folders it had created) are removed;
- temporary files of an interrupted atomic write (`.<name>.<random>.tmp`);
- a report, a private report folder or an order archive of the current phase
  (or a map of a phase with no state file), written by a turn whose state file
  never was (an older mapjudge, or an interrupted `undo`): removed.

Each finding is a message for the GM. Recovery itself is safe to interrupt: the
next command carries on where it stopped.
"""

from __future__ import annotations

import json
import os
import shutil
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from adjudicator.app import gamefolder as gf
from adjudicator.app.folderlock import STAGING_DIR
from adjudicator.core.files import dump_yaml, fsync_dir
from adjudicator.core.i18n import T_
from adjudicator.core.messages import message_of
from adjudicator.core.phase import Calendar
from adjudicator.core.plugin import OrderFile
from adjudicator.core.session import JudgedTurn
from texts import Tn_

MANIFEST = "MANIFEST.json"
STAGED = "files"
HOOK_ENV = "MAPJUDGE_TEST_COMMIT"
HOOK_EXIT_CODE = 86
_ROOTS = (gf.TURNS_DIR, gf.REPORTS_DIR, str(gf.ARCHIVE_DIR))


@dataclass(frozen=True)
class TurnFiles:
    """Everything adjudicating `phase` writes: `files` (paths relative to the
    game folder, POSIX form, moved in this order) and then the next state."""

    phase: str
    next_phase: str
    files: Mapping[str, bytes]
    state: bytes

    @property
    def state_file(self) -> str:
        return gf.state_path(Path(), self.next_phase).as_posix()

    def order(self) -> list[str]:
        """The files in the order they are moved into place: the state last."""
        return [*self.files, self.state_file]


def turn_files(turn: JudgedTurn, files: Sequence[OrderFile]) -> TurnFiles:
    """What a judged turn writes: the order archive, the public report, each
    power's private report, the next phase's map, then the next state."""
    phase, after, here = turn.phase, turn.next_phase, Path()
    archive = gf.archive_dir(here, phase)
    written: dict[str, bytes] = {(archive / f.name).as_posix(): f.data for f in files}
    text_path, json_path = gf.report_paths(here, phase)
    written[json_path.as_posix()] = turn.json_text.encode("utf-8")
    written[text_path.as_posix()] = turn.text.encode("utf-8")
    private_dir = gf.private_reports_dir(here, phase)
    for power, private in sorted(turn.private.items()):
        written[(private_dir / f"{power}.json").as_posix()] = private.json_text.encode("utf-8")
        written[(private_dir / f"{power}.txt").as_posix()] = private.text.encode("utf-8")
    for name, data in sorted(turn.extras.items()):
        written[(private_dir / name).as_posix()] = data
    if turn.map_image is not None:
        written[gf.map_path(here, after).as_posix()] = turn.map_image
    state = dump_yaml(dict(turn.next_state)).encode("utf-8")
    return TurnFiles(str(phase), str(after), written, state)


# --- the commit -------------------------------------------------------------------


def commit_turn(folder: Path, turn: TurnFiles) -> None:
    """Write a turn as one step (see the module's docstring). Call it holding
    the folder's lock, after `recover`. Refuses, before writing anything, when
    any of the turn's files already exists."""
    staging = folder / STAGING_DIR
    if staging.exists() or staging.is_symlink():
        raise gf.GameFolderError(
            T_("{path}: left by an interrupted turn; run the command again", path=staging)
        )
    order = turn.order()
    for rel in order:
        target = folder / _checked(rel)
        if target.exists() or target.is_symlink():
            raise gf.GameFolderError(
                T_(
                    "{path}: already exists; older turns are never rewritten (nothing written)",
                    path=target,
                )
            )
    try:
        _stage_and_move(folder, staging, turn, order)
    except BaseException:  # an error or Ctrl-C, not a kill: put things right now
        try:
            _recover_staging(folder)
        except (OSError, gf.GameFolderError):
            pass  # the next command will
        raise


def _stage_and_move(folder: Path, staging: Path, turn: TurnFiles, order: list[str]) -> None:
    data = {**turn.files, turn.state_file: turn.state}
    hook = _Hook()
    for rel in order:
        _write_synced(staging / STAGED / rel, data[rel])
        hook.step()
    _sync_dirs(staging / STAGED)
    manifest = {
        "phase": turn.phase,
        "next_phase": turn.next_phase,
        "files": order,
        "new_dirs": _new_dirs(folder, order),
    }
    _write_synced(staging / f"{MANIFEST}.part", json.dumps(manifest, indent=1).encode())
    os.replace(staging / f"{MANIFEST}.part", staging / MANIFEST)
    fsync_dir(staging)
    hook.step()
    _move_into_place(folder, staging, order, hook)
    _discard(staging)
    hook.step()


def _move_into_place(folder: Path, staging: Path, order: Sequence[str], hook: _Hook) -> None:
    for rel in order:
        source = staging / STAGED / rel
        if not source.exists():
            continue  # moved before an interruption
        target = folder / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(source, target)
        fsync_dir(target.parent)
        hook.step()


def _new_dirs(folder: Path, order: Sequence[str]) -> list[str]:
    """The folders the moves will create, deepest first (a rollback removes them)."""
    new: set[str] = set()
    for rel in order:
        for parent in PurePosixPath(rel).parents:
            if str(parent) != "." and not (folder / parent).exists():
                new.add(str(parent))
    return sorted(new, key=lambda p: (-len(PurePosixPath(p).parts), p))


def _checked(rel: str) -> str:
    """A path the manifest may name: relative, inside turns/, reports/ or
    orders/archive/, with no `..` (so recovery never touches anything else)."""
    path = PurePosixPath(rel)
    inside = any(path.is_relative_to(root) and path != PurePosixPath(root) for root in _ROOTS)
    if path.is_absolute() or not inside or any(p in ("", ".", "..") for p in path.parts):
        raise gf.GameFolderError(
            T_("{path!r}: not a path inside the game folder's turn files", path=rel)
        )
    return rel


# --- recovery ---------------------------------------------------------------------


def recover(folder: Path, calendar: Calendar | None, *, write: bool = True) -> list[str]:
    """Finish or roll back what an interrupted command left (see the module's
    docstring); one message per finding. Call it holding the folder's lock.

    A command that only reads (`write=False`) finishes or rolls back a staged
    turn and removes temporary files (mapjudge's own, beyond doubt) but only
    reports the files of the current phase that have no next state: the next
    command that writes (adjudicate, undo) removes them. Without the ruleset's
    `calendar` (a broken game.yaml) those are not looked at."""
    notes = _recover_staging(folder)
    notes += _remove_stale_temps(folder)
    if calendar is not None:
        notes += _roll_back_orphans(folder, calendar, remove=write)
    return notes


def leftovers(folder: Path) -> list[str]:
    """What `recover` would find, described without changing anything (for a
    read-only folder, where the lock cannot be taken)."""
    staging = folder / STAGING_DIR
    if staging.is_dir():
        return [
            T_(
                "{path}: an interrupted turn was left here; run a mapjudge command "
                "with write access to the folder to finish or roll it back",
                path=staging,
            )
        ]
    return []


def _recover_staging(folder: Path) -> list[str]:
    staging = folder / STAGING_DIR
    if staging.is_file():
        staging.unlink()
        return [T_("removed {path}: a file where mapjudge stages a turn", path=staging)]
    if not staging.is_dir():
        return []
    manifest = _read_manifest(staging)
    if manifest is None:
        _discard(staging)
        return [
            T_(
                "removed {path}: a turn interrupted before its files were ready "
                "(none of them had been moved into place)",
                path=staging,
            )
        ]
    phase, order = manifest
    state_file = order[-1]
    if (folder / state_file).exists():
        _move_into_place(folder, staging, order, _Hook(enabled=False))
        _discard(staging)
        return [
            T_(
                "finished the turn of {phase} that was interrupted after its state file "
                "({file}) was written",
                phase=phase,
                file=state_file,
            )
        ]
    removed = []
    for rel in order[:-1]:
        target = folder / rel
        if not (staging / STAGED / rel).exists() and target.is_file():
            target.unlink()
            removed.append(rel)
    for rel in _manifest_dirs(staging):
        _rmdir_if_empty(folder / rel)
    _discard(staging)
    return [
        Tn_(
            "rolled back the turn of {phase} that was interrupted before its state file "
            "({file}) was written: {n} file moved into place removed; "
            "the current phase is still {phase}",
            "rolled back the turn of {phase} that was interrupted before its state file "
            "({file}) was written: {n} files moved into place removed; "
            "the current phase is still {phase}",
            len(removed),
            phase=phase,
            file=state_file,
        )
    ]


def _read_manifest(staging: Path) -> tuple[str, list[str]] | None:
    """(phase, files with the state last), or None when the manifest was not written."""
    path = staging / MANIFEST
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        phase, order = str(data["phase"]), [_checked(str(rel)) for rel in data["files"]]
    except (OSError, ValueError, KeyError, TypeError, gf.GameFolderError) as exc:
        raise gf.GameFolderError(
            T_(
                "{path}: cannot recover the interrupted turn ({problem}); look at {staging} "
                "and remove it by hand",
                path=path,
                problem=message_of(exc),
                staging=staging,
            )
        ) from None
    if not order:
        raise gf.GameFolderError(
            T_("{path}: names no files; remove {staging} by hand", path=path, staging=staging)
        )
    return phase, order


def _manifest_dirs(staging: Path) -> list[str]:
    try:
        data = json.loads((staging / MANIFEST).read_text(encoding="utf-8"))
        return [str(d) for d in data.get("new_dirs", []) if _checked_dir(str(d))]
    except (OSError, ValueError, AttributeError):
        return []


def _checked_dir(rel: str) -> bool:
    path = PurePosixPath(rel)
    roots = {PurePosixPath(r) for r in _ROOTS} | {PurePosixPath("orders")}
    return (
        not path.is_absolute()
        and not any(p in ("", ".", "..") for p in path.parts)
        and (path in roots or any(path.is_relative_to(r) for r in roots))
    )


def _remove_stale_temps(folder: Path) -> list[str]:
    """Temporary files of an atomic write that never finished (`.<name>.<random>.tmp`)."""
    places = [folder, folder / gf.TURNS_DIR, folder / gf.REPORTS_DIR]
    places += [p for p in (folder / gf.REPORTS_DIR).glob("*") if p.is_dir()]
    places += [p for p in (folder / gf.ARCHIVE_DIR).glob("*") if p.is_dir()]
    stale = [p for place in places if place.is_dir() for p in place.glob(".*.tmp") if p.is_file()]
    for path in stale:
        path.unlink()
    if not stale:
        return []
    names = ", ".join(str(p.relative_to(folder)) for p in sorted(stale))
    return [
        Tn_(
            "removed {n} file left by an interrupted write: {names}",
            "removed {n} files left by an interrupted write: {names}",
            len(stale),
            names=names,
        )
    ]


def _roll_back_orphans(folder: Path, calendar: Calendar, *, remove: bool) -> list[str]:
    """Files of a turn of the current phase whose state file was never written."""
    try:
        phases = gf.list_phases(folder, calendar)
    except gf.GameFolderError:
        return []  # the command itself reports the bad file name
    if not phases:
        return []
    current = phases[-1]
    maps = []
    known = {p.id for p in phases}
    for path in sorted((folder / gf.TURNS_DIR).glob("*")):
        if path.suffix not in (".png", ".svg") or path.stem in known or not path.is_file():
            continue
        try:
            later = calendar.sort_key(calendar.parse(path.stem)) > calendar.sort_key(current)
        except ValueError:
            continue
        if later:
            maps.append(path)
    orphans = [*gf.turn_outputs(folder, current), *maps]
    if not orphans:
        return []
    names = ", ".join(str(p.relative_to(folder)) for p in orphans)
    if not remove:
        return [
            T_(
                "{names}: left by an interrupted turn of {phase} (its next state file "
                "was never written, or an undo was interrupted); the next adjudicate or undo "
                "removes them",
                names=names,
                phase=current,
            )
        ]
    for path in maps:
        path.unlink()
    gf.remove_turn_outputs(folder, current)
    return [
        T_(
            "rolled back an interrupted turn of {phase} (its next state file was never "
            "written, or an undo was interrupted): removed {names}",
            phase=current,
            names=names,
        )
    ]


def _write_synced(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def _sync_dirs(top: Path) -> None:
    for root, _, _ in os.walk(top):
        fsync_dir(Path(root))


def _rmdir_if_empty(path: Path) -> None:
    try:
        path.rmdir()
    except OSError:
        pass  # not empty, or already gone


def _discard(staging: Path) -> None:
    """Remove the staging folder: the manifest first, so that a half-removed
    staging folder is never taken for a turn to finish or roll back."""
    (staging / MANIFEST).unlink(missing_ok=True)
    fsync_dir(staging)
    shutil.rmtree(staging)
    fsync_dir(staging.parent)


class _Hook:
    """A test hook (tests/test_kill.py), read from ${HOOK_ENV} only:
    `exit:N` ends the process with `os._exit(86)` right after step N of the
    commit, as a kill would; `pause:S` sleeps S seconds after every step."""

    def __init__(self, enabled: bool = True) -> None:
        self.count = 0
        self.exit_at: int | None = None
        self.pause = 0.0
        spec = os.environ.get(HOOK_ENV, "") if enabled else ""
        kind, _, value = spec.partition(":")
        if kind == "exit" and value.isdigit():
            self.exit_at = int(value)
        elif kind == "pause":
            try:
                self.pause = float(value)
            except ValueError:
                self.pause = 0.0

    def step(self) -> None:
        self.count += 1
        if self.count == self.exit_at:
            os._exit(HOOK_EXIT_CODE)
        if self.pause:
            time.sleep(self.pause)
