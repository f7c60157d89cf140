"""The `mapjudge` commands on a Genes Mactantes game (002): sheets checked at
`new` (002 §4), declarations read, checked and resolved, the region drawn
(002 §3), and every user mistake answered in one line, never a traceback."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from adjudicator.app import gamefolder as gf
from adjudicator.rulesets.genes.codec import state_from_dict
from adjudicator.rulesets.genes.model import CALENDAR
from tests.cli_runner import new_game, run, write_mail

SHEETS = Path(__file__).resolve().parents[2] / "maps" / "genes" / "sheets" / "peninsula"

DECLARATIONS = {
    "ponent.txt": "Ponent:\ndesenvolupament diplomàcia\ntaxes\nfortificar Torremar\n",
    "serra.txt": "La Serra\n1. Observació amb Guillem\n2. Reclutar 1 soldats a Albarà\n",
    "llevant.txt": "Llevant:\nfundar Cala Morisca\nascendir Pere militarisme\n",
}


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A genes game with a fixed dice secret: the turn's event and every roll
    are the same on every run."""
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    folder = tmp_path / "game"
    made = new_game(folder, "genes", "--option", "events=true")
    assert made.exit_code == 0, made.output
    return folder


def test_new_builds_turn_one_from_the_example_sheets(game: Path) -> None:
    """002 §4: `new genes` checks the sheets and writes turn 1 and game.yaml
    (the option given on the command line is kept)."""
    config = yaml.safe_load((game / "game.yaml").read_text())
    assert config["ruleset"] == "genes" and config["options"] == {"events": True}
    assert sorted(config["powers"]) == ["llevant", "ponent", "serra"]
    state = gf.current_state(game, CALENDAR, state_from_dict)
    assert state.phase.id == "1-actions"
    assert state.seats == ("ponent", "serra", "llevant")


def test_new_refuses_wrong_sheets_naming_file_and_key(tmp_path: Path) -> None:
    """002 §4.2: a characteristic above 10 is named with its file and key,
    and nothing is written."""
    sheets = tmp_path / "sheets"
    shutil.copytree(SHEETS, sheets)
    ponent = sheets / "ponent.yaml"
    data = yaml.safe_load(ponent.read_text(encoding="utf-8"))
    data["característiques"]["militarisme"] = 11
    ponent.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    folder = tmp_path / "game"
    result = run("new", "genes", folder, "--sheets", sheets)
    assert result.exit_code == 1
    assert "ponent.yaml: característiques.militarisme: 11 is above 10" in result.output
    assert not folder.exists()


def test_new_refuses_an_unknown_option(tmp_path: Path) -> None:
    result = run("new", "genes", tmp_path / "g", "--option", "event=true")
    assert result.exit_code == 1
    assert "unknown option 'event' for genes (known: " in result.output
    assert "events, turns, victory_conditions)" in result.output
    assert not (tmp_path / "g").exists()


def test_check_then_adjudicate_a_turn(game: Path) -> None:
    """002 §5.4.5: the declarations are read and resolved; the report, the
    map and turn 2 are written, and every roll verifies."""
    files = write_mail(game, DECLARATIONS)
    checked = run("check", game, *files)
    assert checked.exit_code == 0, checked.output
    assert "Ponent (ponent.txt): 3 order(s), no problems" in checked.output
    result = run("adjudicate", game, *files)
    assert result.exit_code == 0, result.output
    assert "== Resolution ==" in result.output and "Dice rolls:" in result.output
    for path in ("turns/2-actions.yaml", "turns/2-actions.png", "reports/1-actions.json"):
        assert (game / path).is_file(), path
    assert run("verify", game).exit_code == 0
    assert run("show", game).output.startswith("Game: game\nRuleset: Genes Mactantes")
    assert run("undo", game).exit_code == 0
    assert not (game / "turns" / "2-actions.yaml").exists()


def test_a_misspelt_city_is_answered_and_the_rest_resolves(game: Path) -> None:
    """Bad input: the file, line and text, with the nearest names; the turn
    still resolves (exit code 1)."""
    files = write_mail(game, {"ponent.txt": "Ponent:\nfortificar Torremarr\ntaxes\n"})
    result = run("adjudicate", game, *files)
    assert result.exit_code == 1
    assert "ponent.txt, line 2" in result.output and "torremar" in result.output.lower()
    assert (game / "turns" / "2-actions.yaml").is_file()


def test_adjudicate_needs_the_secret(game: Path) -> None:
    (game / gf.SECRET_FILE).unlink()
    result = run("adjudicate", game, *write_mail(game, DECLARATIONS))
    assert result.exit_code == 1
    assert "the secret is needed" in result.output


def test_resolve_a_position_without_a_game_folder(game: Path, tmp_path: Path) -> None:
    """The entry point for other programs works for genes too."""
    files = write_mail(game, {"ponent.txt": "Ponent:\ntaxes\n"})
    position = game / "turns" / "1-actions.yaml"
    args = ["resolve", "--ruleset", "genes", "--position", position, "--orders", files[0]]
    result = run(*args, "--secret-file", game / gf.SECRET_FILE, "--format", "json")
    assert result.exit_code == 0, result.output
    assert '"taxes"' in result.output
    assert run(*args).exit_code == 1  # no secret: genes rolls dice


def test_render_draws_a_turn(game: Path, tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    result = run("render", game, "--format", "svg", "--out", out)
    assert result.exit_code == 0, result.output
    assert out.read_text().lstrip().startswith("<?xml")


def test_region_draws_a_region_for_n_players(tmp_path: Path) -> None:
    """002 §3: players draw in turns; the one after the cities' drawer chooses first."""
    out = tmp_path / "r.yaml"
    result = run("region", out, "--players", "arnau,berenguer,cugat", "--seed", "4")
    assert result.exit_code == 0, result.output
    assert "cities by arnau" in result.output
    assert "chosen in this order: berenguer, cugat, arnau" in result.output
    assert out.with_suffix(".png").is_file()
    folder = tmp_path / "drawn"
    # a generated region has no example sheets: new asks for them
    refused = run("new", "genes", folder, "--region", out)
    assert refused.exit_code == 1 and "--sheets" in refused.output


def test_region_refuses_one_player(tmp_path: Path) -> None:
    result = run("region", tmp_path / "r.yaml", "--players", "1")
    assert result.exit_code == 1
    assert "2 to 9 players" in result.output


def test_a_finished_game_refuses_another_turn(tmp_path: Path) -> None:
    """002 §6: with `turns: 1` the game ends after turn 1 on victory points;
    adjudicating again says the game is over."""
    folder = tmp_path / "short"
    assert run("new", "genes", folder, "--option", "turns=1").exit_code == 0
    files = write_mail(folder, DECLARATIONS)
    first = run("adjudicate", folder, *files)
    assert first.exit_code == 0, first.output
    again = run("adjudicate", folder, *files)
    assert again.exit_code == 1
    assert "the game is over:" in again.output
    assert "won" in again.output or "no single winner" in again.output
