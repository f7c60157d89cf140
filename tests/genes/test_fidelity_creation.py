"""Issue 18 #12, relevance at creation (002 §4.1): creation has two steps.

`mapjudge new genes DIR --players ...` rolls each country's *Rellevància*
with the game's dice (logged, so `mapjudge verify` checks them) and opens the
creation phase `0-creation`; its report tells each player what they may
spend. The country sheets are then that phase's orders (`mapjudge check` /
`adjudicate DIR sheets/*.yaml`), checked against the rolled relevance, and
turn 1 is written only when every country has a valid sheet. The one-step
`new --sheets` refuses a random relevance, which would be rolled after the
sheet was written and could make it wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.app import gamefolder as gf
from adjudicator.rulesets.genes.model import Relevance
from maps.genes.region import load_region
from tests.cli_runner import current_phase, new_game, run

PLAYERS = "ponent,llevant,serra"
REGION = load_region("peninsula")
SHEETS = Path(__file__).resolve().parents[2] / "maps" / "genes" / "sheets" / "peninsula"


@pytest.fixture(autouse=True)
def _no_secret_env(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)


def created(tmp_path: Path, *extra: str) -> Path:
    """A game in its creation phase (`new genes --players`), with the test secret."""
    folder = tmp_path / "game"
    result = new_game(folder, "genes", "--players", PLAYERS, *extra)
    assert result.exit_code == 0, result.output
    return folder


def rolled(folder: Path) -> dict[str, Relevance]:
    """country -> the relevance the creation report gives it."""
    data = json.loads((folder / "reports" / "0-relevance.json").read_text(encoding="utf-8"))
    return {c: Relevance(v["relevance"]) for c, v in data["relevance"].items()}


def sheet_for(country: str, relevance: Relevance, **changes: Any) -> dict[str, Any]:
    """A sheet spending exactly the relevance's points: characteristics 4 each (16),
    the rest on Exèrcit, all of it in the first city; no `relevance:` key."""
    cities = sorted(s.name for s in REGION.cities.values() if s.country == country)
    points = relevance.points - 16
    army = relevance.army_base + 3 * 2 + 4 + 4 // 2 + points
    sheet: dict[str, Any] = {
        "country": country,
        "characteristics": {"autoritat": 4, "diplomacia": 4, "militarisme": 4, "tecnologia": 4},
        "cities": {"capital": cities[0]},
        "army": {"points": points, "forces": {cities[0]: army}},
    }
    sheet.update(changes)
    return sheet


def write_sheets(folder: Path, sheets: dict[str, dict[str, Any]]) -> list[Path]:
    inbox = folder.parent / "mail"
    inbox.mkdir(exist_ok=True)
    paths = []
    for country, data in sheets.items():
        path = inbox / f"{country}.yaml"
        path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
        paths.append(path)
    return paths


def test_new_without_sheets_rolls_relevance_first(tmp_path: Path) -> None:
    """002 §4.1 Rellevància aleatòria, issue 18 #12: `new genes --players` rolls
    each country's relevance with the game's dice before any sheet exists, and
    its report says what each player may spend; `verify` checks the rolls."""
    folder = created(tmp_path)
    assert current_phase(folder) == "0-creation"
    relevance = rolled(folder)
    assert sorted(relevance) == ["llevant", "ponent", "serra"]
    text = (folder / "reports" / "0-relevance.txt").read_text(encoding="utf-8")
    for country, value in relevance.items():
        name = REGION.countries[country].name
        assert f"{name}: relevance {value.value}" in text
        assert f"{value.points} creation points" in text
    data = json.loads((folder / "reports" / "0-relevance.json").read_text(encoding="utf-8"))
    purposes = sorted(r["purpose"] for r in data["rolls"])
    assert purposes == ["relevance:llevant", "relevance:ponent", "relevance:serra"]
    for roll in data["rolls"]:
        country = roll["purpose"].split(":")[1]
        assert Relevance.from_roll(roll["result"]) is relevance[country]
    verified = run("verify", folder)
    assert verified.exit_code == 0, verified.output
    assert "0-relevance roll relevance:ponent #0: ok" in verified.output
    shown = run("show", folder)
    assert shown.exit_code == 0 and "creation" in shown.output.lower()


def test_the_sheets_are_the_orders_of_the_creation_phase(tmp_path: Path) -> None:
    """002 §4, issue 18 #12: sheets written for the rolled relevance (no
    `relevance:` key needed) are adjudicated as the orders of `0-creation`,
    and turn 1 is written with each country's rolled relevance."""
    folder = created(tmp_path)
    relevance = rolled(folder)
    paths = write_sheets(folder, {c: sheet_for(c, r) for c, r in relevance.items()})
    checked = run("check", folder, *paths)
    assert checked.exit_code == 0, checked.output
    result = run("adjudicate", folder, *paths)
    assert result.exit_code == 0, result.output
    assert current_phase(folder) == "1-actions"
    state = yaml.safe_load((folder / "turns" / "1-actions.yaml").read_text(encoding="utf-8"))
    assert {c: d["relevance"] for c, d in state["countries"].items()} == {
        c: r.value for c, r in relevance.items()
    }
    assert (folder / "reports" / "0-creation.txt").is_file()
    assert sorted(p.name for p in (folder / "orders" / "archive" / "0-creation").iterdir()) == [
        "llevant.yaml", "ponent.yaml", "serra.yaml",
    ]  # fmt: skip
    verified = run("verify", folder)
    assert verified.exit_code == 0, verified.output
    assert "0-creation receipt ponent.yaml: ok" in verified.output


def test_a_missing_or_invalid_sheet_keeps_the_game_in_creation(tmp_path: Path) -> None:
    """002 §4.1, §4.5, issue 18 #12: a sheet spending more than its rolled
    points is named with its file and key, a country without a sheet is named,
    and nothing is written: the game stays in `0-creation`."""
    folder = created(tmp_path)
    relevance = rolled(folder)
    over = sheet_for("ponent", relevance["ponent"])
    over["army"]["points"] += 1
    over["army"]["forces"] = {k: v + 1 for k, v in over["army"]["forces"].items()}
    paths = write_sheets(
        folder, {"ponent": over, "llevant": sheet_for("llevant", relevance["llevant"])}
    )
    checked = run("check", folder, *paths)
    assert checked.exit_code == 1
    assert "ponent.yaml: illegal: points: " in checked.output
    assert "1 too many (002 §4.1)" in checked.output
    assert "No orders from: La Serra" in checked.output
    result = run("adjudicate", folder, *paths)
    assert result.exit_code == 1
    assert "ponent.yaml: points:" in result.output and "no sheet for La Serra" in result.output
    assert current_phase(folder) == "0-creation"
    assert not (folder / "turns" / "1-actions.yaml").exists()
    assert not (folder / "reports" / "0-creation.txt").exists()


def test_a_sheet_naming_another_relevance_is_refused(tmp_path: Path) -> None:
    """002 §4.1, issue 18 #12: the relevance is the one rolled; a sheet that
    writes another is told which one was rolled."""
    folder = created(tmp_path)
    relevance = rolled(folder)
    other = next(r for r in Relevance if r is not relevance["serra"])
    sheets = {c: sheet_for(c, r) for c, r in relevance.items()}
    sheets["serra"]["relevance"] = other.value
    checked = run("check", folder, *write_sheets(folder, sheets))
    assert checked.exit_code == 1
    assert f"serra.yaml: illegal: relevance: {other.value} is not the relevance rolled" in (
        checked.output
    )
    assert f"rolled for La Serra at creation: {relevance['serra'].value}" in checked.output


def test_a_fixed_relevance_for_everyone_rolls_nothing(tmp_path: Path) -> None:
    """002 §4.1: "Els jugadors poden haver establert una mateixa Rellevància":
    `--relevance medium` gives every country 30 points, with no roll."""
    folder = created(tmp_path, "--relevance", "mitjana")
    assert set(rolled(folder).values()) == {Relevance.MEDIUM}
    data = json.loads((folder / "reports" / "0-relevance.json").read_text(encoding="utf-8"))
    assert data["rolls"] == []


def test_players_are_the_regions_countries(tmp_path: Path) -> None:
    """002 §3 (one country per player), issue 18 #12: an unknown or missing
    country in `--players` is named, with the nearest names; `--sheets` and
    `--players` together are refused."""
    wrong = new_game(tmp_path / "a", "genes", "--players", "ponent,levant,serra")
    assert wrong.exit_code == 1 and "'levant' is not a country" in wrong.output
    assert "did you mean llevant" in wrong.output.lower()
    short = new_game(tmp_path / "b", "genes", "--players", "ponent,serra")
    assert short.exit_code == 1 and "Llevant" in short.output
    both = new_game(tmp_path / "c", "genes", "--players", PLAYERS, "--sheets", SHEETS)
    assert both.exit_code == 1 and "--players" in both.output and "--sheets" in both.output
    assert not (tmp_path / "c" / "game.yaml").exists()


def test_one_step_creation_refuses_a_random_relevance(tmp_path: Path) -> None:
    """002 §4.1, issue 18 #12: with `--sheets` (the one-step creation) a
    random relevance would be rolled after the sheet was written and could
    make it wrong; it is refused, pointing to the two-step creation."""
    sheets = tmp_path / "sheets"
    sheets.mkdir()
    for path in SHEETS.glob("*.yaml"):
        (sheets / path.name).write_bytes(path.read_bytes())
    serra = yaml.safe_load((sheets / "serra.yaml").read_text(encoding="utf-8"))
    serra["relevance"] = "random"
    (sheets / "serra.yaml").write_text(yaml.safe_dump(serra, allow_unicode=True), encoding="utf-8")
    result = new_game(tmp_path / "game", "genes", "--sheets", sheets)
    assert result.exit_code == 1
    assert "serra.yaml: relevance:" in result.output and "--players" in result.output
    assert not (tmp_path / "game" / "game.yaml").exists()
