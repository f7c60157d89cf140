"""Trust #13, genes: the principal's city is made public at the start, "no
així si després aquest es mou i s'amaga" (002 §4.4). Once a principal has
moved, where it stands is told only in its owner's private report: never in
the public report (text or JSON) nor in another country's private part.

The bundled example shows it: in turn 1 Llevant's principal, the duchess
Sança, travels to Vilagrana to raise counter-power in Ponent; in turn 2
Ponent captures her there, and a captive is where its captor holds it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.cli_runner import play_example

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "genes-3-players"
COUNTRIES = ("llevant", "ponent", "serra")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("secrets") / "game"
    play_example(EXAMPLE, folder)
    return folder


def sanca_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip().startswith("Sança (")]


def private(game: Path, turn: str, country: str, ext: str) -> str:
    return (game / "reports" / turn / f"{country}.{ext}").read_text(encoding="utf-8")


def test_every_country_gets_a_private_part_of_each_turn(game: Path) -> None:
    for turn in ("1-actions", "2-actions"):
        for country in COUNTRIES:
            assert "Private report for" in private(game, turn, country, "txt")
            data: dict[str, Any] = json.loads(private(game, turn, country, "json"))
            assert data["country"] == country and data["phase"] == turn


def test_a_principal_that_moved_is_placed_only_for_its_owner(game: Path) -> None:
    public = (game / "reports" / "1-actions.txt").read_text(encoding="utf-8")
    assert sanca_lines(public) and all("Vilagrana" not in line for line in sanca_lines(public))
    assert "Sança moves to a place only Llevant knows" in public
    assert "Sança moves to Vilagrana" not in public
    for other in ("ponent", "serra"):
        assert "Sança" not in private(game, "1-actions", other, "txt")
    own = sanca_lines(private(game, "1-actions", "llevant", "txt"))
    assert own == [line for line in own if "at Vilagrana; principal" in line] and own


def test_the_public_json_holds_no_hidden_place(game: Path) -> None:
    data = json.loads((game / "reports" / "1-actions.json").read_text(encoding="utf-8"))
    assert "place" not in data["state"]["characters"]["sanca"]
    moved = [
        e for r in data["results"] for e in r["effects"]
        if e["kind"] == "character_moved" and e["subject"] == "sanca"
    ]  # fmt: skip
    assert moved and all(e["other"] is None for e in moved)
    for other in ("ponent", "serra"):
        assert "sanca" not in json.loads(private(game, "1-actions", other, "json"))["characters"]
    own = json.loads(private(game, "1-actions", "llevant", "json"))["characters"]["sanca"]
    assert own["place"] == "vilagrana" and own["hidden"] is True


def test_a_captured_principal_is_no_longer_hidden(game: Path) -> None:
    """Turn 2: Ponent captures Sança; its captive's place is public again."""
    public = (game / "reports" / "2-actions.txt").read_text(encoding="utf-8")
    lines = sanca_lines(public)
    assert lines and all("at Vilagrana; captured by Ponent" in line for line in lines)


def test_the_gm_keeps_the_hidden_place(game: Path) -> None:
    """The state file (the GM's) keeps where the hidden principal is."""
    state = yaml.safe_load((game / "turns" / "2-actions.yaml").read_text(encoding="utf-8"))
    sanca = state["characters"]["sanca"]
    assert sanca["hidden"] is True and sanca["place"] == "vilagrana"
