"""The advanced rules in a game folder, through the command line: the public
report shows every roll and disaster, and each power's treasury goes only into
its own private report (AM-46); with finances, units are not counted against
cities (AM-14)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_runner import current_phase, run


def _advanced_game(tmp_path: Path) -> Path:
    folder = tmp_path / "adv"
    options = ["--option", "finances=true", "--option", "famine=true", "--option", "plague=true"]
    assert run("new", "machiavelli", str(folder), *options).exit_code == 0
    for _ in range(3):  # spring, summer and fall of 1454, no orders
        assert run("adjudicate", str(folder)).exit_code == 0
    assert current_phase(folder) == "1455-spring-adjustment"
    return folder


def test_the_treasury_is_private_and_the_rolls_public(tmp_path: Path) -> None:
    folder = _advanced_game(tmp_path)
    public = (folder / "reports" / "1454-fall-movement.txt").read_text(encoding="utf-8")
    florence = (folder / "reports" / "1454-fall-movement" / "florence.txt").read_text(
        encoding="utf-8"
    )
    venice = (folder / "reports" / "1454-fall-movement" / "venice.txt").read_text(encoding="utf-8")
    assert "Note: Famine:" in public and "variable-income #0" in public
    assert "Treasury" not in public and "Income this spring" not in public
    assert "Income this spring" in florence and "Treasury now" in florence
    assert "Treasury at the end of last year: 9d" in venice  # Venice's own 9d (balance)
    assert "Treasury at the end of last year: 9d" not in florence
    private = json.loads(
        (folder / "reports" / "1454-fall-movement" / "florence.json").read_text(encoding="utf-8")
    )
    assert any(line.startswith("Income this spring") for line in private["private"])
    public_json = json.loads(
        (folder / "reports" / "1454-fall-movement.json").read_text(encoding="utf-8")
    )
    assert "private" not in public_json


def test_with_finances_units_are_not_counted_against_cities(tmp_path: Path) -> None:
    """AM-14: the report does not announce builds or removals by city count."""
    folder = _advanced_game(tmp_path)
    public = (folder / "reports" / "1454-fall-movement.txt").read_text(encoding="utf-8")
    assert "(kept by paying for them)" in public
    assert "builds 1" not in public
