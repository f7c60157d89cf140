"""`mapjudge adjudicate-all GAMES_DIR [--workers N]` (issue 19, "Many games"):
the games whose orders are all in, or whose deadline has passed, adjudicated
in a process pool; the others wait; a summary table sorted by game name and
exit code 1 when any game needs the GM."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from adjudicator.app.progress import progress
from tests.cli_runner import run
from tests.folder_snapshot import EXAMPLES, copy_example, first_mail, snapshot

PAST = "deadlines:\n  1901-spring-movement: '2001-03-02T18:00:00+00:00'\n"
FUTURE = "deadlines:\n  1901-spring-movement: '2999-03-02T18:00:00+01:00'\n"


@pytest.fixture(autouse=True)
def _no_env_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)


def classic_game(
    games: Path, name: str, powers: list[str], *, fix: bool, deadline: str = ""
) -> Path:
    """A copy of the classic example in `games/name`, with only `powers`' mail in
    orders/ (the example's two typos corrected when `fix`) and `deadline`
    appended to game.yaml."""
    game = copy_example("classic-1901", games / name)
    for path in (game / "orders").glob("*.txt"):
        if path.stem not in powers:
            path.unlink()
        elif fix:
            text = path.read_text(encoding="utf-8")
            text = text.replace("Serbie", "Serbia").replace("mid-atlantc", "mid-atlantic")
            path.write_text(text, encoding="utf-8")
    config = gf.game_file(game)
    config.write_text(config.read_text(encoding="utf-8") + deadline, encoding="utf-8")
    return game


ALL = ["austria", "england", "france", "germany", "italy", "russia", "turkey"]


@pytest.fixture
def games(tmp_path: Path) -> Path:
    """Six folders: all in and clean; all in with typos; waiting (deadline to
    come); late but clean (deadline passed); a broken game.yaml; a folder that
    is no game."""
    games = tmp_path / "games"
    classic_game(games, "alpha", ALL, fix=True)
    classic_game(games, "bravo", ALL, fix=False)
    classic_game(games, "charlie", ["england", "turkey"], fix=True, deadline=FUTURE)
    classic_game(games, "delta", ["england", "turkey"], fix=True, deadline=PAST)
    broken = classic_game(games, "echo", ALL, fix=True)
    gf.game_file(broken).write_text("ruleset: chess\n", encoding="utf-8")
    (games / "notes").mkdir()
    (games / "notes" / "todo.txt").write_text("mail Cosimo\n", encoding="utf-8")
    return games


def test_adjudicate_all_settles_each_game_and_needs_the_gm(games: Path) -> None:
    waiting_before = snapshot(games / "charlie")
    result = run("adjudicate-all", games, "--workers", "2")
    assert result.exit_code == 1
    assert result.stdout == (
        "game     phase                 result        problems\n"
        "alpha    1901-spring-movement  adjudicated   0\n"
        "bravo    1901-spring-movement  needs the GM  2\n"
        "charlie  1901-spring-movement  waiting       0\n"
        "delta    1901-spring-movement  adjudicated   0\n"
        "echo     -                     needs the GM  1\n"
        "\n"
        "bravo: adjudicated, now at 1901-fall-movement; 2 order line(s) had problems: "
        "see reports/1901-spring-movement.txt\n"
        "charlie: no orders yet from austria, france, germany, italy, russia "
        "(deadline 2999-03-02T18:00:00+01:00)\n"
        f"echo: {gf.game_file(games / 'echo')}: key 'ruleset': unknown ruleset 'chess'"
        ": known rulesets are cawa, classic, genes, machiavelli, narrativo, orbis\n"
        "\n"
        "5 game(s): 2 adjudicated, 1 waiting, 2 needs the GM, 0 game over\n"
    )
    progress = sorted(line for line in result.stderr.splitlines() if line.startswith("["))
    assert sorted(line.split("] ")[1] for line in progress) == sorted(
        [
            "alpha: adjudicated",
            "bravo: needs the GM",
            "charlie: waiting",
            "delta: adjudicated",
            "echo: needs the GM",
        ]
    )
    assert {line.split("]")[0] for line in progress} == {f"[{n}/5" for n in range(1, 6)}
    assert result.stderr.endswith("mapjudge: 2 game(s) need the GM (see the notes above)\n")
    for name in ("alpha", "bravo", "delta"):
        turns = sorted(p.name for p in (games / name / "turns").glob("*.yaml"))
        assert turns == ["1901-fall-movement.yaml", "1901-spring-movement.yaml"]
        assert (games / name / "reports" / "1901-spring-movement.txt").is_file()
    assert sorted(
        p.name for p in (games / "delta" / "orders" / "archive" / "1901-spring-movement").iterdir()
    ) == [
        "england.txt",
        "turkey.txt",
    ]
    assert snapshot(games / "charlie") == waiting_before


def test_the_same_adjudication_as_adjudicate(games: Path, tmp_path: Path) -> None:
    """A game adjudicated by adjudicate-all holds the same files as one
    adjudicated with `mapjudge adjudicate DIR DIR/orders/*.txt`."""
    single = classic_game(tmp_path / "single", "alpha", ALL, fix=True)
    assert run("adjudicate", single, *sorted((single / "orders").glob("*.txt"))).exit_code == 0
    assert run("adjudicate-all", games, "--workers", "1").exit_code == 1
    assert snapshot(games / "alpha") == snapshot(single)


def test_a_second_run_refuses_the_inbox_already_adjudicated(games: Path) -> None:
    shutil.rmtree(games / "echo")
    shutil.rmtree(games / "bravo")
    assert run("adjudicate-all", games).exit_code == 0
    result = run("adjudicate-all", games)
    assert result.exit_code == 1
    assert result.stdout.splitlines()[1:4] == [
        "alpha    1901-fall-movement    needs the GM  7",
        "charlie  1901-spring-movement  waiting       0",
        "delta    1901-fall-movement    waiting       6",
    ]
    assert (
        "alpha: already adjudicated in an earlier phase (empty the inbox): austria.txt, "
        "england.txt, france.txt, germany.txt, italy.txt, russia.txt, turkey.txt"
    ) in result.stdout
    # alpha's inbox is all in but last phase's mail: refused, nothing written;
    # delta's two files leave five powers silent in the fall, which has no deadline
    for name in ("alpha", "delta"):
        assert len(list((games / name / "turns").glob("*.yaml"))) == 2


def test_a_machiavelli_game_and_a_genes_game_with_their_mail_in(tmp_path: Path) -> None:
    games = tmp_path / "games"
    for name in ("machiavelli-1454", "genes-3-players"):
        game = copy_example(name, games / name)
        for path in first_mail(name, game):
            shutil.copy(path, game / "orders" / path.name)
    result = run("adjudicate-all", games, "--workers", "2")
    assert result.stdout.splitlines()[1:3] == [
        "genes-3-players   1-actions             needs the GM  2",
        "machiavelli-1454  1454-spring-movement  needs the GM  1",
    ]
    assert result.exit_code == 1
    assert (games / "genes-3-players" / "turns" / "2-actions.yaml").is_file()
    assert (games / "machiavelli-1454" / "turns" / "1454-summer-movement.yaml").is_file()


def test_user_mistakes(tmp_path: Path) -> None:
    result = run("adjudicate-all", tmp_path / "nowhere")
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {tmp_path / 'nowhere'}: no such folder of games\n",
    )
    result = run("adjudicate-all", tmp_path)
    assert (result.exit_code, result.stderr) == (
        1,
        f"Error: {tmp_path}: no game folders (folders with game.yaml) in it\n",
    )
    result = run("adjudicate-all", tmp_path, "--workers", "0")
    assert result.exit_code == 2
    assert "'--workers': 0 is not in the range x>=1" in result.stderr
    assert EXAMPLES.is_dir()


class _Terminal(io.StringIO):
    """A stream that says it is a terminal (as stderr is for a GM at a shell)."""

    def isatty(self) -> bool:
        return True


def test_the_progress_is_a_bar_on_a_terminal_and_lines_elsewhere() -> None:
    """Issue 19, "Many games": a progress bar with the count and the game
    just finished on a terminal; one line per game in a log."""
    terminal, log = _Terminal(), io.StringIO()
    for stream in (terminal, log):
        with progress(3, stream) as shown:
            for game in ("a", "b", "c"):
                shown.finished(game, "adjudicated")
    bar = terminal.getvalue()
    assert "games" in bar and "3/3" in bar and "100%" in bar and "c: adjudicated" in bar
    assert "#" in bar
    assert log.getvalue() == "[1/3] a: adjudicated\n[2/3] b: adjudicated\n[3/3] c: adjudicated\n"
