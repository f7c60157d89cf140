"""The bundled example games, played end to end through the command line.

`examples/machiavelli-1454` holds the mail of each phase of the first year of
the `balance` scenario in `orders/<phase>/`; it is what `make demo` plays. The
game is copied to a temporary folder and every phase is adjudicated with
`mapjudge adjudicate` (click's CliRunner), as a GM would, then the outcomes the
example's README promises are checked: the typo reported with file, line and a
suggestion while the turn resolves, Austria's support of a Milanese unit
deciding a battle and the retreat it causes, the Papal convoy and the Neapolitan
convoy of a Papal army, Venice's conversion, and the siege of Siena (003 §4.4)
ending with the garrison gone and Florence in control. Playing the game twice
gives byte-identical files.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import Result

from adjudicator.app import gamefolder as gf
from tests.cli_runner import current_phase, play_example, run
from tests.cli_runner import report_json as report

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
MACHIAVELLI = EXAMPLES / "machiavelli-1454"

PHASES = [
    "1454-spring-movement",
    "1454-summer-movement",
    "1454-summer-retreat",
    "1454-fall-movement",
    "1455-spring-adjustment",
]


def result_of(data: dict[str, Any], power: str, order: str) -> dict[str, Any]:
    """The result of one order, by its canonical text."""
    found: list[dict[str, Any]] = [
        r for r in data["results"] if r["power"] == power and r["order"] == order
    ]
    assert len(found) == 1, (power, order, [r["order"] for r in data["results"]])
    return found[0]


def outcome(data: dict[str, Any], power: str, order: str) -> tuple[str, str]:
    found = result_of(data, power, order)
    return found["outcome"], found["reason"]


def state(folder: Path, phase: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(gf.state_path(folder, phase).read_text())
    return data


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Result]]:
    mp = pytest.MonkeyPatch()
    mp.delenv(gf.SECRET_ENV, raising=False)
    try:
        folder = tmp_path_factory.mktemp("machiavelli") / "game"
        return folder, play_example(MACHIAVELLI, folder)
    finally:
        mp.undo()


def test_every_phase_is_played_in_order(game: tuple[Path, dict[str, Result]]) -> None:
    folder, played = game
    assert list(played) == PHASES
    assert current_phase(folder) == "1455-spring-movement"
    # only spring 1454 has an order problem (the typo): exit 1 there, 0 elsewhere
    assert {p: r.exit_code for p, r in played.items()} == {
        p: 1 if p == "1454-spring-movement" else 0 for p in PHASES
    }
    for phase, result in played.items():
        assert (folder / "reports" / f"{phase}.txt").read_text() == result.stdout


def test_typo_is_reported_and_the_rest_resolves(game: tuple[Path, dict[str, Result]]) -> None:
    folder, played = game
    spring = report(folder, "1454-spring-movement")
    [issue] = spring["issues"]
    assert (issue["power"], issue["file"], issue["line"], issue["kind"]) == (
        "france",
        "france.txt",
        4,
        "syntax",
    )
    assert issue["text"] == "a avignon - provance"
    assert issue["suggestions"][0] == "PRO (Provence)"
    text = played["1454-spring-movement"].stdout
    assert "france.txt, line 4: syntax: unknown province 'provance': did you mean PRO" in text
    # the mistyped unit holds; France's other orders, and everybody's, are carried out
    assert result_of(spring, "france", "A AVI H")["reason"] == "default_hold"
    assert outcome(spring, "france", "A SWI - TUR") == ("succeeds", "moved")
    assert outcome(spring, "france", "F MAR - GOL") == ("succeeds", "moved")
    assert outcome(spring, "florence", "A ARE - SIE") == ("succeeds", "moved")
    reasons = {r["reason"] for r in spring["results"]}
    assert reasons == {"moved", "held", "default_hold"}, spring["results"]


def test_foreign_support_dislodges_and_the_loser_retreats(
    game: tuple[Path, dict[str, Result]],
) -> None:
    folder, _ = game
    summer = report(folder, "1454-summer-movement")
    assert outcome(summer, "austria", "A CARIN S milan A TRENT - VER") == (
        "succeeds",
        "support_given",
    )
    assert outcome(summer, "milan", "A TRENT - VER") == ("succeeds", "moved")
    assert outcome(summer, "venice", "A VER H") == ("fails", "dislodged")
    [dislodged] = summer["dislodged"]
    assert (dislodged["unit"], dislodged["attacker_from"]) == ("A VER", "TRENT")
    assert dislodged["retreats"] == ["BER", "FRI", "PAD", "TRE"]
    assert summer["next_phase"] == "1454-summer-retreat"
    retreat = report(folder, "1454-summer-retreat")
    assert outcome(retreat, "venice", "A VER R PAD") == ("succeeds", "retreated")
    assert "A PAD" in state(folder, "1454-fall-movement")["units"]["venice"]


def test_the_austrian_support_is_what_wins(
    game: tuple[Path, dict[str, Result]], tmp_path: Path
) -> None:
    """The same summer without Austria's support: Milan's attack bounces."""
    folder, _ = game
    mail = sorted((MACHIAVELLI / "orders" / "1454-summer-movement").glob("*.txt"))
    texts = [p.read_text() for p in mail if p.name != "austria.txt"]
    orders = tmp_path / "summer.txt"
    orders.write_text("\n".join(texts) + "\nAustria:\nA Carinthia holds\n")
    position = gf.state_path(folder, "1454-summer-movement")
    args: list[str | Path] = [
        "--ruleset",
        "machiavelli",
        "--position",
        position,
        "--orders",
        orders,
    ]
    result = run("resolve", *args, "--format", "json")
    assert result.exit_code == 0, result.output
    alone = json.loads(result.stdout)
    assert outcome(alone, "milan", "A TRENT - VER") == ("fails", "bounced")
    assert outcome(alone, "venice", "A VER H") == ("succeeds", "held")
    assert alone["dislodged"] == []


def test_convoys_land(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    summer = report(folder, "1454-summer-movement")
    assert outcome(summer, "papacy", "F UA C A BOL - IST") == ("succeeds", "convoy_given")
    assert outcome(summer, "papacy", "A BOL - IST") == ("succeeds", "moved")
    fall = report(folder, "1454-fall-movement")
    # a fleet of Naples carries an army of the Papacy, naming its power (003 §3.4)
    assert outcome(fall, "naples", "F TS C papacy A ROME - COR") == ("succeeds", "convoy_given")
    assert outcome(fall, "papacy", "A ROME - COR") == ("succeeds", "moved")
    after = state(folder, "1455-spring-adjustment")
    assert {"A COR", "A IST"} <= set(after["units"]["papacy"])
    assert "COR" in after["control"]["papacy"] and "IST" in after["control"]["papacy"]


def test_conversion(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    summer = report(folder, "1454-summer-movement")
    assert outcome(summer, "venice", "G VEN = F") == ("succeeds", "converted")
    venice = state(folder, "1454-summer-retreat")["units"]["venice"]
    assert "F VEN" in venice and "G VEN" not in venice


def test_siege_of_siena_completes(game: tuple[Path, dict[str, Result]]) -> None:
    folder, played = game
    assert "G SIE" in state(folder, "1454-spring-movement")["units"]["autonomous"]
    summer = report(folder, "1454-summer-movement")
    assert outcome(summer, "florence", "A SIE B") == ("succeeds", "siege_begun")
    assert outcome(summer, "florence", "A FLO S A SIE B") == ("succeeds", "support_given")
    assert state(folder, "1454-fall-movement")["sieges"]["SIE"] == "florence"
    fall = report(folder, "1454-fall-movement")
    assert outcome(fall, "florence", "A SIE B") == ("succeeds", "city_taken")
    assert "Siena" in played["1454-fall-movement"].stdout
    spring = state(folder, "1455-spring-adjustment")
    assert "G SIE" not in spring["units"]["autonomous"]
    assert "SIE" not in spring.get("sieges", {})
    assert "A SIE" in spring["units"]["florence"]
    assert "SIE" in spring["control"]["florence"]  # control settles in spring (003 §1.1)
    # and Florence, one city richer, buys a unit
    adjustment = report(folder, "1455-spring-adjustment")
    assert outcome(adjustment, "florence", "BUILD A ARE") == ("succeeds", "built")


def test_playing_twice_gives_identical_files(
    game: tuple[Path, dict[str, Result]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    first, first_played = game
    second = tmp_path / "again"
    second_played = play_example(MACHIAVELLI, second)
    assert [r.stdout for r in second_played.values()] == [r.stdout for r in first_played.values()]
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    assert any(f.parts[0] == "turns" for f in files) and any(f.parts[0] == "reports" for f in files)
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_example_receipts_and_rolls_verify(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    result = run("verify", folder)
    assert result.exit_code == 0, result.output
