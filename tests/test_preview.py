"""`mapjudge preview DIR [ORDERS...]` (issue 19, "Preview"): the current phase
resolved with the inbox as it is, printed for the GM, and the game folder
left byte for byte as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from tests.cli_runner import run
from tests.folder_snapshot import copy_example, differences, first_mail, snapshot


@pytest.fixture(autouse=True)
def _no_env_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)


def add_deadlines(folder: Path, text: str) -> None:
    """Append a `deadlines:` block to the folder's game.yaml."""
    path = gf.game_file(folder)
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def test_preview_reads_the_inbox_prints_report_and_problems_writes_nothing(
    tmp_path: Path,
) -> None:
    game = copy_example("classic-1901", tmp_path / "game")
    add_deadlines(game, "deadlines:\n  1901-spring-movement: '2001-03-02T18:00:00+00:00'\n")
    before = snapshot(game)
    result = run("preview", game)
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[:3] == [
        "PREVIEW of 1901-spring-movement for the GM: nothing was written",
        "Deadline: 2001-03-02T18:00:00+00:00 (passed)",
        (
            "Order files (7): austria.txt, england.txt, france.txt, germany.txt, italy.txt, "
            "russia.txt, turkey.txt"
        ),
    ]
    assert "Next phase: Fall 1901 movement (1901-fall-movement)" in lines
    tail = lines[lines.index("Problems (2):") :]
    assert tail == [
        "Problems (2):",
        "  austria.txt, line 4: syntax: unknown province 'Serbie': did you mean SER (Serbia)?",
        "      > A Budapest - Serbie",
        (
            "  france.txt, line 4: syntax: unknown province 'mid-atlantc': did you mean MAO "
            "(Mid-Atlantic Ocean)?"
        ),
        "      > f brest - mid-atlantc",
    ]
    assert "mapjudge: 2 order line(s) had problems (see above)" in result.stderr
    after = snapshot(game)
    assert after == before, differences(before, after)


def test_preview_of_given_files_lists_the_silent_powers(tmp_path: Path) -> None:
    game = copy_example("classic-1901", tmp_path / "game")
    add_deadlines(game, "deadlines:\n  1901-spring-movement: '2999-01-01T00:00:00+01:00'\n")
    before = snapshot(game)
    result = run("preview", game, game / "orders" / "england.txt", game / "orders" / "turkey.txt")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[1] == "Deadline: 2999-01-01T00:00:00+01:00 (not yet)"
    assert lines[2] == "Order files (2): england.txt, turkey.txt"
    assert "No orders from: Austria, France, Germany, Italy, Russia" in lines
    assert "Problems" not in result.stdout
    assert snapshot(game) == before


def test_preview_prints_the_report_adjudicate_writes(tmp_path: Path) -> None:
    game = copy_example("machiavelli-1454", tmp_path / "game")
    mail = first_mail("machiavelli-1454", game)
    before = snapshot(game)
    result = run("preview", game, *mail)
    assert result.stdout.startswith(
        "PREVIEW of 1454-spring-movement for the GM: nothing was written\n"
        "Deadline: none set in game.yaml\n"
    )
    assert "Next phase: " in result.stdout
    assert snapshot(game) == before
    # the same turn as adjudicate's, byte for byte, without the lines of the preview
    text = result.stdout.split("\n\n", 1)[1].split("\nProblems (", 1)[0]
    assert run("adjudicate", game, *mail).exit_code in (0, 1)
    written = (game / "reports" / "1454-spring-movement.txt").read_text(encoding="utf-8")
    assert text.rstrip("\n") == written.rstrip("\n")


def test_preview_of_a_dice_game_rolls_as_adjudicate_does(tmp_path: Path) -> None:
    game = copy_example("genes-3-players", tmp_path / "game")
    mail = first_mail("genes-3-players", game)
    before = snapshot(game)
    result = run("preview", game, *mail)
    assert result.stdout.startswith("PREVIEW of 1-actions for the GM: nothing was written\n")
    assert snapshot(game) == before
    text = result.stdout.split("\n\n", 1)[1].split("\nProblems (", 1)[0]
    assert run("adjudicate", game, *mail).exit_code in (0, 1)
    written = (game / "reports" / "1-actions.txt").read_text(encoding="utf-8")
    assert text.rstrip("\n") == written.rstrip("\n")


def test_preview_without_the_secret_of_a_dice_game_says_so(tmp_path: Path) -> None:
    game = copy_example("genes-3-players", tmp_path / "game")
    (game / "secret.txt").unlink()
    before = snapshot(game)
    result = run("preview", game, *first_mail("genes-3-players", game))
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {game}: genes rolls dice: the secret is needed (secret.txt or $MAPJUDGE_SECRET)\n"
    )
    assert snapshot(game) == before


def test_preview_with_an_empty_inbox_and_a_bad_deadline(tmp_path: Path) -> None:
    game = copy_example("classic-1901", tmp_path / "game")
    for path in (game / "orders").glob("*.txt"):
        path.unlink()
    result = run("preview", game)
    assert result.exit_code == 0
    assert "Order files (0): none" in result.stdout
    assert "No orders from: Austria, England, France, Germany, Italy, Russia, Turkey" in (
        result.stdout
    )
    add_deadlines(game, "deadlines:\n  1901-spring-movement: next friday\n")
    result = run("preview", game)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {gf.game_file(game)}: key 'deadlines.1901-spring-movement': 'next friday' "
        "is not an ISO-8601 date and time with its offset (e.g. 2026-12-01T20:00:00+01:00)\n"
    )


def test_deadlines_are_read_and_kept_by_game_yaml(tmp_path: Path) -> None:
    game = copy_example("classic-1901", tmp_path / "game")
    add_deadlines(game, "deadlines:\n  1901-spring-movement: 2026-12-04T18:00:00Z\n")
    config = gf.load_config(game)
    due = config.deadlines["1901-spring-movement"]
    assert due.isoformat() == "2026-12-04T18:00:00+00:00"
    assert config.to_dict()["deadlines"] == {"1901-spring-movement": "2026-12-04T18:00:00+00:00"}
    add_deadlines(game, "  1901-fall-movement: '2026-12-11T18:00:00'\n")
    result = run("show", game)
    assert result.exit_code == 1
    assert "key 'deadlines.1901-fall-movement': '2026-12-11T18:00:00' is not" in result.stderr
