"""`examples/cawa-10-players` (`make demo-cawa`): a generated ten-player map
and one full CaWa turn, its five phases and all their mail, played through the
command line as a GM would. The reports, maps and final state are
byte-identical to `played/` (`make example-cawa`); every roll verifies with the
committed secret; the story of the example's README is what the reports say."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from tests.cli_runner import current_phase, play_example, run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cawa-10-players"
PLAYED = EXAMPLE / "played"
PHASES = ["1-economy", "1-movement", "1-skirmishes", "1-reactions", "1-battles"]
FINAL = "2-economy"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = tmp_path_factory.mktemp("cawa") / "game"
    results = play_example(EXAMPLE, game)
    assert list(results) == PHASES
    assert results["1-economy"].exit_code == 1  # Reino 10's misspelt line
    assert all(results[p].exit_code == 0 for p in PHASES[1:])
    assert current_phase(game) == FINAL
    return game


def _text(folder: Path, phase: str) -> str:
    return (folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")


def test_the_played_files_are_reproduced_byte_for_byte(folder: Path) -> None:
    """Deterministic: the same folder and mail give the same bytes."""
    kept = [p for p in sorted((PLAYED / "reports").rglob("*")) if p.is_file()]
    assert len(kept) == 2 * len(PHASES)
    for path in kept:
        assert (folder / path.relative_to(PLAYED)).read_bytes() == path.read_bytes(), path
    for image in sorted((PLAYED / "maps").glob("*.png")):
        assert (folder / "turns" / image.name).read_bytes() == image.read_bytes(), image.name
    final = (folder / "turns" / f"{FINAL}.yaml").read_bytes()
    assert final == (PLAYED / f"{FINAL}.yaml").read_bytes()


def test_the_random_income_verifies(folder: Path) -> None:
    """CC-E-6, AC-19: one roll for everybody, from the game's dice."""
    checked = run("verify", str(folder))
    assert checked.exit_code == 0, checked.output
    assert "random-income #0: d6 -> 3" in _text(folder, "1-economy")


def test_the_economy_of_turn_one(folder: Path) -> None:
    """CC-E-3 .. CC-E-6, CC-M-15, CC-M-18, CC-E-13, CC-E-16, CC-E-17, AC-06."""
    economy = _text(folder, "1-economy")
    assert "Random income this turn: 3500 crowns for everybody" in economy
    assert "castillo 1902  refused: villages must be three times the castles" in economy
    assert "terreno 2216 llanura  done" in economy
    assert "dona 1000 a Reino 7  done" in economy
    assert "abandona 0810  done" in economy
    assert "did you mean 'pueblo'?" in economy


def test_the_movement_skirmish_and_invasion(folder: Path) -> None:
    """CC-MV-9, CC-MV-13, CC-MV-14, CC-CF-1, CC-CF-3, CC-MV-5."""
    movement = _text(folder, "1-movement")
    assert (
        "C1 invasion of Reino 1's hex 2002 (plain): Reino 6 from 1602 (sea) with 1500" in movement
    )
    assert (
        "C2 skirmish for the free hex 2205 (plain): Reino 1 from 2104 (land); Reino 9" in movement
    )
    assert "1709 -> 1710 invasión 1000  refused: a move into a free hex takes no points" in movement
    assert "0814 -> 0913  refused: you already move into that hex" in movement
    skirmishes = _text(folder, "1-skirmishes")
    assert "escaramuza 2205: gana Reino 9  done" in skirmishes
    assert "B1 for 2002 (plain): Reino 1 defends (points not declared yet)" in skirmishes


def test_the_battle_and_what_is_due(folder: Path) -> None:
    """CC-CF-5, CC-B-6, CC-B-11, CC-B-18, CC-E-8, AC-07, AC-11, AC-41."""
    assert "B1 for 2002 (plain): Reino 1 defends with 2000" in _text(folder, "1-reactions")
    battles = _text(folder, "1-battles")
    assert "Reino 6 pays 500 to Reino 1 (battle B1)" in battles
    assert "Reino 6: troops used, 2000 points" in battles  # 1503 counts as 2000
    final = yaml.safe_load((folder / "turns" / f"{FINAL}.yaml").read_text(encoding="utf-8"))
    assert final["payments"] == [
        {"payer": "player6", "payee": "player1", "amount": 500, "battle": 1}
    ]
    assert final["upkeep"] == {"player1": 2000, "player6": 2000}
    assert "2002" in final["owners"]["player1"]  # the defender kept it (CC-B-6)
