"""Issue 11, "Trust": the game folder can be trusted. Mail already adjudicated
is not adjudicated again unnoticed (Trust #5); mapjudge never reads, writes or
deletes outside the game folder (Trust #10); a turn commits as one step, an
interrupted one is finished or rolled back, and undo removes exactly what the
turn wrote (Trust #11); one command at a time holds the folder (Trust #12).

The kills at random moments and the races of two processes are in
tests/test_kill.py."""

from __future__ import annotations

import fcntl
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from adjudicator.app.folderlock import LOCK_FILE, STAGING_DIR, WAIT_ENV
from adjudicator.core.dice import file_digest
from tests.cli_runner import run
from tests.folder_snapshot import copy_example, differences, first_mail, snapshot

SPRING = "1901-spring-movement"
FALL = "1901-fall-movement"


@pytest.fixture
def classic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A scratch copy of examples/classic-1901 (its mail in orders/*.txt)."""
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    return copy_example("classic-1901", tmp_path / "game")


def adjudicated(folder: Path) -> Path:
    """The classic example with its first phase adjudicated."""
    result = run("adjudicate", folder, *first_mail("classic-1901", folder))
    assert result.exit_code == 1, result.output  # the example's mail has two typos
    assert (folder / "turns" / f"{FALL}.yaml").is_file()
    return folder


# --- Trust #5: a stale inbox -----------------------------------------------------------


def test_last_phases_mail_is_refused_and_nothing_written(classic: Path) -> None:
    """Trust #5: adjudicating again with last phase's inbox resolved the next
    phase with it, silently. Now: a warning per file, exit 1, nothing written."""
    adjudicated(classic)
    before = snapshot(classic)
    result = run("adjudicate", classic, *first_mail("classic-1901", classic))
    assert result.exit_code == 1
    assert f"england.txt was already adjudicated in {SPRING}" in result.stderr
    assert "nothing written" in result.stderr and "--force" in result.stderr
    assert result.stdout == ""
    assert snapshot(classic) == before


def test_mail_identical_to_an_archived_file_under_another_name_is_refused(
    classic: Path,
) -> None:
    """Trust #5: the same bytes under a new name (a mail client's `england (1).txt`)."""
    adjudicated(classic)
    renamed = classic / "inbox" / "england-again.txt"
    renamed.parent.mkdir()
    renamed.write_bytes((classic / "orders" / "england.txt").read_bytes())
    before = snapshot(classic)
    result = run("adjudicate", classic, renamed)
    assert result.exit_code == 1
    assert "england-again.txt was already adjudicated" in result.stderr
    assert "(as england.txt)" in result.stderr
    assert snapshot(classic) == before


def test_force_adjudicates_stale_mail_all_the_same(classic: Path) -> None:
    """Trust #5: `--force` is the GM saying "this really is this phase's mail"."""
    adjudicated(classic)
    result = run("adjudicate", classic, "--force", classic / "orders" / "england.txt")
    assert result.exit_code in (0, 1) and "Next phase" in result.stdout
    assert "already adjudicated" not in result.stderr
    assert len(list((classic / "turns").glob("*.yaml"))) == 3


def test_fresh_mail_is_not_taken_for_stale(classic: Path) -> None:
    """Trust #5: new mail for the next phase goes through as before."""
    adjudicated(classic)
    mail = classic / "fall" / "england.txt"
    mail.parent.mkdir()
    mail.write_text("England\nF NTH - NWY\n")
    result = run("adjudicate", classic, mail)
    assert result.exit_code == 0, result.output
    assert "already adjudicated" not in result.stderr


# --- Trust #10: never outside the game folder ------------------------------------------


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside the game folder, where links inside it point."""
    place = tmp_path / "outside"
    place.mkdir()
    return place


@pytest.mark.parametrize("linked", ["reports", "orders/archive", "turns"])
def test_a_linked_folder_inside_the_game_is_refused(
    classic: Path, outside: Path, linked: str
) -> None:
    """Trust #10: `reports/`, `orders/archive/` or `turns/` as a symbolic link was
    followed and the turn written outside the game folder."""
    target = classic / linked
    if target.is_dir():  # turns/ holds the first state: move it out
        target.rename(outside / "moved")
        (outside / "moved").rename(outside / linked.replace("/", "-"))
    outside_dir = outside / linked.replace("/", "-")
    outside_dir.mkdir(exist_ok=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.symlink_to(outside_dir, target_is_directory=True)
    before_outside = snapshot(outside)
    result = run("adjudicate", classic, *first_mail("classic-1901", classic))
    assert result.exit_code == 1
    assert f"{target}: is a symbolic link" in result.stderr
    assert "never reads or writes outside the game folder" in result.stderr
    assert snapshot(outside) == before_outside
    assert run("show", classic).exit_code == 1


def test_undo_never_deletes_through_a_linked_archive(classic: Path, outside: Path) -> None:
    """Trust #10: with `orders/archive` a link, `undo` deleted the files it points to."""
    adjudicated(classic)
    archive = classic / "orders" / "archive"
    archive.rename(outside / "archive")
    archive.symlink_to(outside / "archive", target_is_directory=True)
    before_outside = snapshot(outside)
    result = run("undo", classic)
    assert result.exit_code == 1 and "is a symbolic link" in result.stderr
    assert snapshot(outside) == before_outside
    assert (classic / "turns" / f"{FALL}.yaml").is_file()


def test_a_linked_report_file_is_refused(classic: Path, outside: Path) -> None:
    """Trust #10: a report that is a link to a file elsewhere is not read."""
    adjudicated(classic)
    report = classic / "reports" / f"{SPRING}.json"
    report.rename(outside / "report.json")
    report.symlink_to(outside / "report.json")
    result = run("verify", classic)
    assert result.exit_code == 1 and f"{report}: is a symbolic link" in result.stderr


def test_verify_never_hashes_a_receipt_path_outside_the_archive(
    classic: Path, outside: Path
) -> None:
    """Trust #10: a receipt's `file` edited to `../../x` made `verify` read (and
    pass) a file outside the game folder."""
    adjudicated(classic)
    secret = outside / "passwd"
    secret.write_text("root:x:0:0\n")
    report = classic / "reports" / f"{SPRING}.json"
    data = json.loads(report.read_text())
    escape = os.path.relpath(secret, gf.archive_dir(classic, SPRING))
    data["receipts"] = [{"file": escape, "sha256": file_digest(secret.read_bytes())}]
    report.write_text(json.dumps(data))
    result = run("verify", classic)
    assert result.exit_code == 1
    assert f"receipt {escape}: not a plain file name" in result.stdout


@pytest.mark.parametrize("name", ["../x.txt", "a/b.txt", "..", ".", "", "a\\b.txt"])
def test_plain_file_names(name: str) -> None:
    """Trust #10: the only receipt names are plain file names."""
    assert not gf.is_plain_name(name)
    assert gf.is_plain_name("england.txt") and gf.is_plain_name("mail (1).txt")


# --- Trust #11: half-written turns -----------------------------------------------------


def test_a_turn_left_half_written_by_an_older_mapjudge_is_rolled_back(classic: Path) -> None:
    """Trust #11: a kill between the archive/reports and the state file left them
    for a turn that never happened; the next command rolls them back, with a message."""
    original = snapshot(classic)
    adjudicated(classic)
    done = snapshot(classic)
    (classic / "turns" / f"{FALL}.yaml").unlink()  # what a kill before the state left
    shown = run("show", classic)
    assert shown.exit_code == 0 and "Spring 1901" in shown.stdout
    assert f"left by an interrupted turn of {SPRING}" in shown.stderr
    result = run("adjudicate", classic, *first_mail("classic-1901", classic))
    assert f"rolled back an interrupted turn of {SPRING}" in result.stderr
    assert "already adjudicated" not in result.stderr
    assert differences(snapshot(classic), done) == []
    assert run("undo", classic).exit_code == 0
    assert set(snapshot(classic)) - set(original) == {"reports", "orders/archive"}


def test_a_stale_temp_file_is_cleaned_and_render_draws_the_orders(classic: Path) -> None:
    """Trust #11: a `.tmp` left in the archive by a kill was read as an order
    file: `render` then drew no orders while `verify` passed. The next command
    removes it, with a message."""
    adjudicated(classic)
    stale = gf.archive_dir(classic, SPRING) / ".england.txt.x1y2z3.tmp"
    stale.write_text("England\nF LON H\n")
    result = run("verify", classic)
    assert result.exit_code == 0, result.output
    assert ".england.txt.x1y2z3.tmp" in result.stderr and "interrupted write" in result.stderr
    assert not stale.exists()


def test_verify_fails_on_a_file_the_receipts_do_not_name(classic: Path) -> None:
    """Trust #11: an archived file no receipt names is not passed over."""
    adjudicated(classic)
    (gf.archive_dir(classic, SPRING) / "extra.txt").write_text("England\n")
    result = run("verify", classic)
    assert result.exit_code == 1
    assert f"{SPRING} archive extra.txt: not in the report's receipts" in result.stdout


def test_undo_removes_exactly_what_the_turn_wrote(classic: Path) -> None:
    """Trust #11: undo deleted every `turns/<phase>.*` and the whole archive
    folder, files the GM put there too; it removes the turn's files only."""
    original = snapshot(classic)
    adjudicated(classic)
    notes = classic / "turns" / f"{FALL}.notes.txt"
    notes.write_text("the GM's own notes\n")
    kept = gf.archive_dir(classic, SPRING) / "README"
    kept.write_text("not mail\n")
    assert run("undo", classic).exit_code == 0
    assert notes.is_file() and kept.is_file()
    notes.unlink()
    kept.unlink()
    gf.archive_dir(classic, SPRING).rmdir()
    assert set(snapshot(classic)) - set(original) == {"reports", "orders/archive"}
    assert differences(
        {k: v for k, v in snapshot(classic).items() if k in original}, original
    ) == []


def test_undo_after_a_rendered_svg_removes_the_phase_maps(classic: Path) -> None:
    """Trust #11: the maps of the phase undone go with it (they show a state
    that no longer is)."""
    adjudicated(classic)
    assert run("render", classic, "--format", "svg").exit_code == 0
    assert run("undo", classic).exit_code == 0
    assert sorted(p.name for p in (classic / "turns").iterdir()) == [f"{SPRING}.yaml"]


def test_an_unfinished_staging_folder_is_removed(classic: Path) -> None:
    """Trust #11: a staging folder without its manifest (killed while staging)
    never touched the game: the next command removes it."""
    original = snapshot(classic)
    staging = classic / STAGING_DIR / "files" / "reports"
    staging.mkdir(parents=True)
    (staging / f"{SPRING}.txt").write_text("half")
    result = run("show", classic)
    assert result.exit_code == 0 and "before its files were ready" in result.stderr
    assert snapshot(classic) == original


# --- Trust #12: the folder's lock ------------------------------------------------------


@pytest.fixture
def held(classic: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The classic game with its lock held by someone else; commands wait 0.2 s."""
    monkeypatch.setenv(WAIT_ENV, "0.2")
    with open(classic / LOCK_FILE, "w") as handle:
        handle.write("4242\n")
        handle.flush()
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield classic


@pytest.mark.parametrize(
    "command",
    [
        ["adjudicate", "{game}", "{game}/orders/england.txt"],
        ["undo", "{game}"],
        ["render", "{game}"],
        ["show", "{game}"],
        ["verify", "{game}"],
    ],
)
def test_a_locked_folder_is_refused_before_anything_is_written(
    held: Path, command: list[str]
) -> None:
    """Trust #12: two commands at once wrote over each other. The second one
    waits a moment, then refuses with a clear message, having written nothing."""
    before = snapshot(held)
    result = run(*(part.format(game=held) for part in command))
    assert result.exit_code == 1
    assert "another mapjudge command (process 4242) is using this game folder" in result.stderr
    assert "waited 0.2 s" in result.stderr
    assert snapshot(held) == before


def test_new_waits_for_the_lock_of_its_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trust #12: `new` holds the folder's lock too."""
    monkeypatch.setenv(WAIT_ENV, "0.1")
    folder = tmp_path / "fresh"
    folder.mkdir()
    with open(folder / LOCK_FILE, "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        result = run("new", "classic", folder)
    assert result.exit_code == 1 and "is using this game folder" in result.stderr
    assert [p.name for p in folder.iterdir()] == [LOCK_FILE]
    assert run("new", "classic", folder).exit_code == 0  # the lock file is no obstacle


def test_the_lock_is_free_again_after_each_command(classic: Path) -> None:
    """Trust #12: the lock goes with the command (and with its process)."""
    adjudicated(classic)
    with open(classic / LOCK_FILE, "r+") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)


def test_an_error_in_the_middle_of_the_commit_rolls_it_back_at_once(
    classic: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Trust #11: a write error (disk full) or Ctrl-C while the files move into
    place rolls the turn back before the command ends: nothing half written."""
    from adjudicator.app import commit

    original = snapshot(classic)
    steps = 0

    def failing_step(self: object) -> None:
        nonlocal steps
        steps += 1
        if steps == 30:  # after the manifest, among the moves
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(commit._Hook, "step", failing_step)
    result = run("adjudicate", classic, *first_mail("classic-1901", classic))
    assert result.exit_code == 1 and "No space left on device" in result.stderr
    assert steps == 30
    assert differences(snapshot(classic), original) == []


@pytest.mark.parametrize("where", ["/etc/passwd", "../outside.yaml", "maps/classic.yaml"])
def test_a_map_outside_the_game_folder_is_refused(tmp_path: Path, where: str) -> None:
    """Trust #10: game.yaml's `map:` names a packaged map or a file in the
    folder; a path that leaves it is refused, and nothing outside is read."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    config = game / "game.yaml"
    config.write_text(config.read_text().replace("map: classic", f"map: {where}"))
    result = run("show", game)
    assert result.exit_code == 1 and "key 'map'" in result.output and "not a path" in result.output
