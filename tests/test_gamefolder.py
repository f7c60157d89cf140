"""Game folder I/O: game.yaml, turns, atomic writes, undo, secrets."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from adjudicator.app.commit import TurnFiles, commit_turn
from adjudicator.core.dice import commitment, file_digest
from adjudicator.core.files import atomic_write, dump_yaml
from adjudicator.core.phase import Phase
from adjudicator.core.receipts import receipts
from adjudicator.kits.board.state import GameState, PhaseKind, Season, Unit
from adjudicator.rulesets.classic import CLASSIC
from orders.board.model import UnitKind

SPRING = Phase(1901, Season.SPRING, PhaseKind.MOVEMENT)
FALL = Phase(1901, Season.FALL, PhaseKind.MOVEMENT)
WINTER = Phase(1901, Season.WINTER, PhaseKind.ADJUSTMENT)


def state(phase: Phase) -> GameState:
    return GameState(
        phase=phase,
        units=(Unit("england", UnitKind.FLEET, "LON"), Unit("france", UnitKind.ARMY, "PAR")),
        supply_centers={"LON": "england", "PAR": "france"},
    )


def config(**changes: object) -> gf.GameConfig:
    base = gf.GameConfig(
        ruleset="classic",
        name="test game",
        map="classic",
        scenario="standard",
        powers={"england": gf.Player("Ann", "ann@example.org"), "france": gf.Player()},
        options={"victory_centers": 12},
        commitment=commitment("s3cret"),
    )
    return replace(base, **changes)  # type: ignore[arg-type]


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    folder.mkdir()
    gf.save_config(folder, config())
    gf.write_state(folder, SPRING, state(SPRING).to_dict())
    return folder


def test_config_round_trips(game: Path) -> None:
    assert gf.load_config(game) == config()


def test_state_round_trips_and_current_is_latest(game: Path) -> None:
    gf.write_state(game, WINTER, state(WINTER).to_dict())
    gf.write_state(game, FALL, state(FALL).to_dict())
    assert gf.list_phases(game, CLASSIC.calendar) == [SPRING, FALL, WINTER]
    assert gf.current_state(game, CLASSIC.calendar, GameState.from_dict) == state(WINTER)
    assert gf.read_state(game, SPRING, GameState.from_dict) == state(SPRING)


def test_turns_are_never_rewritten(game: Path) -> None:
    with pytest.raises(gf.GameFolderError, match="never rewritten"):
        gf.write_state(game, SPRING, state(SPRING).to_dict())


def test_atomic_write_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "file.txt"
    atomic_write(target, "one")
    atomic_write(target, "two")
    assert target.read_text() == "two"
    assert [p.name for p in target.parent.iterdir()] == ["file.txt"]


def test_atomic_write_failure_keeps_old_file_and_no_temp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "file.txt"
    atomic_write(target, "old")

    def broken(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(gf.os, "replace", broken)
    with pytest.raises(OSError):
        atomic_write(target, "new")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["file.txt"]


def commit(game: Path, files: dict[str, bytes]) -> None:
    """Adjudicating SPRING as the app writes it: `files` (archive, reports),
    then the FALL state, in one commit."""
    state_yaml = dump_yaml(state(FALL).to_dict()).encode("utf-8")
    commit_turn(game, TurnFiles(str(SPRING), str(FALL), files, state_yaml))


def test_undo_removes_latest_turn_report_and_archive(game: Path) -> None:
    order = b"F LON - NTH\n"
    receipt = {"receipts": [{"file": "england.txt", "sha256": file_digest(order)}]}
    commit(
        game,
        {
            f"orders/archive/{SPRING}/england.txt": order,
            f"reports/{SPRING}.json": json.dumps(receipt).encode(),
            f"reports/{SPRING}.txt": b"report",
        },
    )
    assert gf.undo(game, CLASSIC.calendar) == (FALL, SPRING)
    assert gf.list_phases(game, CLASSIC.calendar) == [SPRING]
    assert not any((game / gf.REPORTS_DIR).iterdir())
    assert not gf.archive_dir(game, SPRING).exists()


def test_undo_never_removes_the_first_turn(game: Path) -> None:
    with pytest.raises(gf.GameFolderError, match="nothing to undo"):
        gf.undo(game, CLASSIC.calendar)
    assert gf.list_phases(game, CLASSIC.calendar) == [SPRING]


def test_receipts_are_sha256_sorted(game: Path) -> None:
    files = [("b.txt", b"x"), ("a.txt", b"")]
    commit(game, {f"orders/archive/{SPRING}/{name}": data for name, data in files})
    got = receipts(files)
    assert [r.file for r in got] == ["a.txt", "b.txt"]
    assert got[0].sha256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    assert (gf.archive_dir(game, SPRING) / "b.txt").read_bytes() == b"x"


def test_inbox_inside_the_archive_is_refused(game: Path) -> None:
    inside = gf.archive_dir(game, SPRING) / "england.txt"
    gf.check_not_archived(game, [game / "orders" / "england.txt"])
    with pytest.raises(gf.GameFolderError, match="must not be inside"):
        gf.check_not_archived(game, [inside])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ruleset: [classic\n", "bad YAML"),
        ("- just\n- a list\n", "expected a mapping"),
        ("name: x\n", "missing key 'ruleset'"),
        ("ruleset: classic\npowers: [england]\n", "key 'powers' must be a mapping"),
        ("ruleset: classic\npowers: {england: Ann}\n", "'powers.england'"),
        ("ruleset: classic\ndice: {commitment: abc}\n", "'dice.commitment'"),
        ("ruleset: classic\noptions: 3\n", "key 'options'"),
    ],
)
def test_bad_game_yaml_names_file_and_key(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "game.yaml").write_text(text)
    with pytest.raises(gf.GameFolderError) as info:
        gf.load_config(tmp_path)
    assert "game.yaml" in str(info.value)
    assert message in str(info.value)


def test_yaml_is_read_safely(tmp_path: Path) -> None:
    (tmp_path / "game.yaml").write_text("ruleset: !!python/object/apply:os.system [echo hi]\n")
    with pytest.raises(gf.GameFolderError, match="bad YAML"):
        gf.load_config(tmp_path)


def test_missing_folder_and_game_yaml(tmp_path: Path) -> None:
    with pytest.raises(gf.GameFolderError, match="no such game folder"):
        gf.load_config(tmp_path / "nope")
    with pytest.raises(gf.GameFolderError, match="no game.yaml"):
        gf.load_config(tmp_path)


def test_bad_state_file_names_the_file(game: Path) -> None:
    (game / "turns" / "1901-fall-movement.yaml").write_text("phase: 1901-fall-movement\nunits: 3\n")
    with pytest.raises(gf.GameFolderError, match="1901-fall-movement.yaml"):
        gf.current_state(game, CLASSIC.calendar, GameState.from_dict)


def test_secret_sources_and_commitment(game: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    assert gf.find_secret(game) is None
    gf.write_secret(game, "s3cret")
    assert (game / "secret.txt").stat().st_mode & 0o077 == 0
    assert gf.checked_secret(game, config()) == "s3cret"
    monkeypatch.setenv(gf.SECRET_ENV, "wrong")
    with pytest.raises(gf.GameFolderError, match="does not match"):
        gf.checked_secret(game, config())
    other = game / "other.txt"
    other.write_text("s3cret\n")
    assert gf.checked_secret(game, config(), other) == "s3cret"
