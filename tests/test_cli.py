"""The `mapjudge` command line, through click's CliRunner: every command and its
error paths (one-line messages, exit codes 0/1/2, never a traceback)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from adjudicator.core.dice import Dice, commitment
from adjudicator.kits.board.state import GameState
from adjudicator.rulesets.classic import CLASSIC
from tests.cli_runner import run

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "classic-1901"

CLEAN_ORDERS = {
    "england.txt": "England\nF London - North Sea\nA Liverpool - Yorkshire\n",
    "france.txt": "France\nA Paris - Burgundy\n",
    "germany.txt": "Germany\nA Munich - Burgundy\n",
}
TYPO_ORDERS = {"england.txt": "England\nF Lodnon - North Sea\nA Liverpool - Yorkshire\n"}


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    folder = tmp_path / "game"
    assert run("new", "classic", folder, "--name", "test").exit_code == 0
    return folder


def resolve_args(position: Path, orders: Path, ruleset: str = "classic") -> list[str | Path]:
    """`mapjudge resolve` with a ruleset, a position file and an order file."""
    return ["resolve", "--ruleset", ruleset, "--position", position, "--orders", orders]


def write_orders(folder: Path, orders: dict[str, str]) -> list[Path]:
    inbox = folder / "orders"
    inbox.mkdir(exist_ok=True)
    paths = []
    for name, text in orders.items():
        (inbox / name).write_text(text)
        paths.append(inbox / name)
    return paths


# --- new / show -------------------------------------------------------------------


def test_new_creates_game_with_committed_secret(game: Path) -> None:
    config = gf.load_config(game)
    assert (config.ruleset, config.name, config.scenario) == ("classic", "test", "standard")
    assert set(config.powers) == {
        "austria",
        "england",
        "france",
        "germany",
        "italy",
        "russia",
        "turkey",
    }
    secret = (game / "secret.txt").read_text().strip()
    assert len(secret) == 64 and config.commitment == commitment(secret)
    assert [p.id for p in gf.list_phases(game, CLASSIC.calendar)] == ["1901-spring-movement"]


def test_new_with_secret_file_keeps_secret_out(tmp_path: Path) -> None:
    secret = tmp_path / "mine.txt"
    secret.write_text("my secret\n")
    result = run("new", "classic", tmp_path / "g", "--secret-file", secret)
    assert result.exit_code == 0
    assert not (tmp_path / "g" / "secret.txt").exists()
    assert gf.load_config(tmp_path / "g").commitment == commitment("my secret")


def test_new_errors(tmp_path: Path, game: Path) -> None:
    unknown = run("new", "nosuchrules", tmp_path / "x")
    assert unknown.exit_code == 2
    assert "unknown ruleset 'nosuchrules'" in unknown.stderr and "classic" in unknown.stderr
    assert run("new", "classic", game).exit_code == 1
    scenario = run("new", "classic", tmp_path / "y", "--scenario", "nope")
    assert scenario.exit_code == 1 and "unknown scenario 'nope'" in scenario.stderr
    assert run("new", "classic", tmp_path / "z", "--secret-file", tmp_path / "no").exit_code == 1


def test_show(game: Path) -> None:
    result = run("show", game)
    assert result.exit_code == 0
    assert "Phase: Spring 1901 movement (1901-spring-movement)" in result.stdout
    assert "Russia:\n  units (4): A MOS, A WAR, F SEV, F STP/sc\n  centres (4)" in result.stdout


def test_missing_folder_and_bad_game_yaml(tmp_path: Path, game: Path) -> None:
    missing = run("show", tmp_path / "nope")
    assert missing.exit_code == 1 and "no such game folder" in missing.stderr
    (game / "game.yaml").write_text("ruleset: classic\npowers: [a, b]\n")
    bad = run("show", game)
    assert bad.exit_code == 1
    assert "game.yaml" in bad.stderr and "'powers'" in bad.stderr
    assert len(bad.stderr.strip().splitlines()) == 1
    (game / "game.yaml").write_text("ruleset: nosuchrules\n")
    unknown = run("show", game)
    assert unknown.exit_code == 1 and "key 'ruleset'" in unknown.stderr
    (game / "game.yaml").write_text("ruleset: classic\noptions: {victory_centres: 3}\n")
    option = run("show", game)
    assert option.exit_code == 1 and "unknown option 'victory_centres'" in option.stderr


# --- check ------------------------------------------------------------------------


def test_check_clean_orders(game: Path) -> None:
    result = run("check", game, *write_orders(game, CLEAN_ORDERS))
    assert result.exit_code == 0, result.output
    assert "England (england.txt): 2 order(s), no problems" in result.stdout


def test_check_typo_says_did_you_mean(game: Path) -> None:
    result = run("check", game, *write_orders(game, TYPO_ORDERS))
    assert result.exit_code == 1
    assert "England (england.txt): 1 order(s), 1 problem(s)" in result.stdout
    assert "did you mean" in result.stdout and "LON" in result.stdout
    assert "england.txt, line 2" in result.stdout


def test_check_misspelt_file_name(game: Path) -> None:
    write_orders(game, CLEAN_ORDERS)
    result = run("check", game, game / "orders" / "englnd.txt")
    assert result.exit_code == 1
    assert "no such order file: did you mean england.txt?" in result.stderr


def test_check_illegal_order_is_reported(game: Path) -> None:
    result = run(
        "check", game, *write_orders(game, {"england.txt": "England\nA Paris - Picardy\n"})
    )
    assert result.exit_code == 1
    assert "illegal" in result.stdout


# --- adjudicate / undo ------------------------------------------------------------


def test_adjudicate_writes_turn_report_and_archive(game: Path) -> None:
    result = run("adjudicate", game, *write_orders(game, CLEAN_ORDERS))
    assert result.exit_code == 0, result.output
    assert "F LON - NTH  moved" in result.stdout
    assert "A PAR - BUR  bounced" in result.stdout
    assert "Next phase: Fall 1901 movement" in result.stdout
    assert [p.id for p in gf.list_phases(game, CLASSIC.calendar)] == ["1901-spring-movement", "1901-fall-movement"]
    report = (game / "reports" / "1901-spring-movement.txt").read_text()
    assert report == result.stdout
    data = json.loads((game / "reports" / "1901-spring-movement.json").read_text())
    assert [r["file"] for r in data["receipts"]] == sorted(CLEAN_ORDERS)
    assert (game / "orders" / "archive" / "1901-spring-movement" / "france.txt").is_file()
    assert "Phase: Fall 1901 movement" in run("show", game).stdout


def test_adjudicate_with_bad_lines_still_resolves_and_exits_1(game: Path) -> None:
    result = run("adjudicate", game, *write_orders(game, TYPO_ORDERS))
    assert result.exit_code == 1
    assert "did you mean" in result.stdout
    assert "A LVP - YOR  moved" in result.stdout
    assert "F LON H" in result.stdout  # the bad line was skipped: London held
    assert "1 order line(s) had problems (see the report)" in result.stderr
    assert len(gf.list_phases(game, CLASSIC.calendar)) == 2


def test_adjudicate_quotes_illegal_orders_as_check_does(game: Path) -> None:
    """The report's problems are the ones `check` gives: parse issues and illegal orders."""
    orders = write_orders(game, {"england.txt": "England\nA Paris - Picardy\nA LVP - YOR\n"})
    checked = run("check", game, *orders)
    result = run("adjudicate", game, *orders)
    assert result.exit_code == 1
    quoted = "england.txt, line 2: illegal: the unit in PAR belongs to france"
    assert quoted in checked.stdout and quoted in result.stdout
    assert "A LVP - YOR  moved" in result.stdout


def test_undo_and_readjudicate(game: Path) -> None:
    paths = write_orders(game, CLEAN_ORDERS)
    first = run("adjudicate", game, *paths).stdout
    result = run("undo", game)
    assert result.exit_code == 0
    assert "current phase is 1901-spring-movement" in result.stdout
    assert not (game / "reports" / "1901-spring-movement.txt").exists()
    assert run("adjudicate", game, *paths).stdout == first


def test_undo_never_removes_first_turn(game: Path) -> None:
    result = run("undo", game)
    assert result.exit_code == 1 and "nothing to undo" in result.stderr
    assert len(gf.list_phases(game, CLASSIC.calendar)) == 1


def test_adjudicate_refuses_archived_inbox(game: Path) -> None:
    archived = gf.archive_dir(game, "1901-spring-movement") / "england.txt"
    archived.parent.mkdir(parents=True)
    archived.write_text(CLEAN_ORDERS["england.txt"])
    result = run("adjudicate", game, archived)
    assert result.exit_code == 1 and "must not be inside" in result.stderr


def test_adjudicate_with_wrong_secret(game: Path) -> None:
    (game / "secret.txt").write_text("not the committed one\n")
    result = run("adjudicate", game, *write_orders(game, CLEAN_ORDERS))
    assert result.exit_code == 1 and "does not match dice.commitment" in result.stderr


# --- verify -----------------------------------------------------------------------


def test_verify_after_adjudication(game: Path, tmp_path: Path) -> None:
    run("adjudicate", game, *write_orders(game, CLEAN_ORDERS))
    good = run("verify", game, "--secret-file", game / "secret.txt")
    assert good.exit_code == 0, good.output
    assert "commitment: ok" in good.stdout
    assert "1901-spring-movement receipt france.txt: ok" in good.stdout
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("guess\n")
    bad = run("verify", game, "--secret-file", wrong)
    assert bad.exit_code == 1 and "commitment: MISMATCH" in bad.stdout
    (gf.archive_dir(game, "1901-spring-movement") / "france.txt").write_text("A PAR H\n")
    tampered = run("verify", game)
    assert tampered.exit_code == 1
    assert "receipt france.txt: MISMATCH" in tampered.stdout


# --- resolve ----------------------------------------------------------------------


@pytest.fixture
def position(game: Path) -> Path:
    return gf.state_path(game, "1901-spring-movement")


def test_resolve_json(position: Path, tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text(CLEAN_ORDERS["england.txt"] + "\n" + CLEAN_ORDERS["france.txt"])
    result = run(*resolve_args(position, orders), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("phase", "next_phase", "results", "units", "dislodged", "supply_centers", "issues"):
        assert key in data
    assert data["next_phase"] == "1901-fall-movement"
    moved = [r for r in data["results"] if r["order"] == "F LON - NTH"]
    assert moved == [
        {
            "power": "england",
            "unit": "F LON",
            "order": "F LON - NTH",
            "outcome": "succeeds",
            "reason": "moved",
            "detail": "",
        }
    ]
    again = run(*resolve_args(position, orders), "--format", "json")
    assert again.stdout == result.stdout


def test_resolve_text_and_json_position(position: Path, tmp_path: Path) -> None:
    state = gf.read_state(position.parent.parent, "1901-spring-movement", GameState.from_dict)
    as_json = tmp_path / "position.json"
    as_json.write_text(json.dumps(state.to_dict()))
    orders = tmp_path / "orders.txt"
    orders.write_text(TYPO_ORDERS["england.txt"])
    result = run(*resolve_args(as_json, orders))
    assert result.exit_code == 1
    assert "did you mean" in result.stdout and "Next phase" in result.stdout


def test_resolve_errors(position: Path, tmp_path: Path) -> None:
    orders = tmp_path / "orders.txt"
    orders.write_text("")
    unknown = run(*resolve_args(position, orders, "nope"))
    assert unknown.exit_code == 2 and "unknown ruleset" in unknown.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("phase: [1901\n")
    result = run(*resolve_args(bad, orders))
    assert result.exit_code == 1 and "bad.yaml" in result.stderr and "bad YAML" in result.stderr
    bad.write_text("units: {}\n")
    result = run(*resolve_args(bad, orders))
    assert result.exit_code == 1 and "phase" in result.stderr
    missing = run("resolve", "--ruleset", "classic", "--position", position)
    assert missing.exit_code == 2 and "--orders" in missing.stderr


# --- the bundled example ----------------------------------------------------------


def test_example_game_adjudicates_and_verifies(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    shutil.copytree(EXAMPLE, folder)
    inbox = sorted((folder / "orders").glob("*.txt"))
    assert len(inbox) == 7
    result = run("adjudicate", folder, *inbox)
    assert result.exit_code == 1  # the example has typos on purpose
    assert "did you mean" in result.stdout
    assert "Serbia" in result.stdout and "Mid-Atlantic" in result.stdout
    assert result.stdout.count(".txt  ") == 7  # seven receipts
    assert run("verify", folder).exit_code == 0


def test_report_header_lists_changed_options(game: Path) -> None:
    text = (game / "game.yaml").read_text().replace("options: {}", "options: {victory_centers: 12}")
    (game / "game.yaml").write_text(text)
    result = run("adjudicate", game, *write_orders(game, CLEAN_ORDERS))
    assert result.exit_code == 0, result.output
    assert "Options differing from the rulebook: victory_centers = 12" in result.stdout
    data = json.loads((game / "reports" / "1901-spring-movement.json").read_text())
    assert data["options"] == {"victory_centers": 12}


def test_verify_checks_logged_rolls(game: Path) -> None:
    secret = (game / "secret.txt").read_text().strip()
    dice = Dice(secret, "test", "1901-spring-movement")
    dice.roll("weather", sides=6)
    roll = dice.rolls[0]
    entry = {
        "game": roll.game,
        "phase": roll.phase,
        "purpose": roll.purpose,
        "index": roll.index,
        "sides": roll.sides,
        "result": roll.result,
    }
    report = game / "reports" / "1901-spring-movement.json"
    report.parent.mkdir()
    report.write_text(json.dumps({"rolls": [entry], "receipts": []}))
    good = run("verify", game)
    assert good.exit_code == 0 and "roll weather #0: ok" in good.stdout
    entry["result"] = roll.result % 6 + 1
    report.write_text(json.dumps({"rolls": [entry]}))
    bad = run("verify", game)
    assert bad.exit_code == 1 and "roll weather #0: MISMATCH" in bad.stdout
    report.write_text("{not json")
    broken = run("verify", game)
    assert broken.exit_code == 1 and "cannot read report JSON" in broken.stderr


def test_resolve_reports_dislodged_units_and_retreats(tmp_path: Path) -> None:
    position = tmp_path / "position.yaml"
    position.write_text(
        "phase: 1901-fall-movement\n"
        "units: {france: [A BUR], germany: [A MUN, A RUH]}\n"
        "supply_centers: {france: [PAR], germany: [MUN]}\n"
    )
    orders = tmp_path / "orders.txt"
    orders.write_text("Germany:\nA Ruhr - Burgundy\nA Munich S A Ruhr - Burgundy\n")
    result = run(*resolve_args(position, orders), "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["next_phase"] == "1901-fall-retreat"
    assert data["dislodged"] == [
        {
            "power": "france",
            "unit": "A BUR",
            "attacker_from": "RUH",
            "via_convoy": False,
            "retreats": ["BEL", "GAS", "MAR", "PAR", "PIC"],
        }
    ]
    text = run(*resolve_args(position, orders))
    assert "Dislodged: A BUR (may retreat to: BEL, GAS, MAR, PAR, PIC)" in text.stdout
    assert "A BUR H  dislodged" in text.stdout


def _folder_bytes(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_same_folder_and_orders_give_byte_identical_results(tmp_path: Path) -> None:
    """DESIGN.md, "Deterministic": the same game folder and order files give
    byte-identical state, reports and archive."""
    outputs = []
    for name in ("first", "second"):
        folder = tmp_path / name
        shutil.copytree(EXAMPLE, folder)
        inbox = sorted((folder / "orders").glob("*.txt"))
        result = run("adjudicate", folder, *inbox)
        outputs.append((result.stdout, _folder_bytes(folder)))
    assert outputs[0] == outputs[1]
    assert any(key.startswith("turns/1901-fall") for key in outputs[0][1])
