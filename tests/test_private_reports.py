"""Trust #13: every report has a public part and a private part per power,
`reports/<phase>/<power>.txt` and `.json` beside the public one. The basic
board rules keep nothing hidden once a phase is resolved, so a board power's
private part is its own share of the report (its results and the problems of
its files), and nothing of another power's; `undo` takes it back with the turn."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.cli_runner import run

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "classic-1901"
PHASE = "1901-spring-movement"
POWERS = ("austria", "england", "france", "germany", "italy", "russia", "turkey")
TITLES = {p: p.capitalize() for p in POWERS}


@pytest.fixture
def game(tmp_path: Path) -> Path:
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    result = run("adjudicate", folder, *sorted((folder / "orders").glob("*.txt")))
    assert result.exit_code in (0, 1), result.output
    return folder


def test_each_power_gets_its_own_part_and_nothing_of_the_others(game: Path) -> None:
    folder = game / "reports" / PHASE
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        f"{p}.{ext}" for p in POWERS for ext in ("json", "txt")
    )
    for power in POWERS:
        text = (folder / f"{power}.txt").read_text(encoding="utf-8")
        assert f"== {TITLES[power]} ==" in text
        others = [p for p in POWERS if p != power]
        assert not any(f"== {TITLES[p]} ==" in text for p in others)
        data = json.loads((folder / f"{power}.json").read_text(encoding="utf-8"))
        assert data["power"] == power and data["phase"] == PHASE
        assert {r["power"] for r in data["results"]} <= {power}
        assert {i["power"] for i in data["issues"]} <= {power}


def test_a_power_is_told_the_problems_of_its_own_file(game: Path) -> None:
    """france.txt holds a typo (`mid-atlantc`): France's part quotes it, England's does not."""
    england = (game / "reports" / PHASE / "england.txt").read_text(encoding="utf-8")
    france = (game / "reports" / PHASE / "france.txt").read_text(encoding="utf-8")
    public = (game / "reports" / f"{PHASE}.txt").read_text(encoding="utf-8")
    typo = next(line for line in public.splitlines() if "france.txt, line" in line)
    assert typo in france and typo not in england


def test_undo_takes_the_private_parts_back(game: Path) -> None:
    assert run("undo", game).exit_code == 0
    assert not (game / "reports" / PHASE).exists()
