"""Issue 19, "Deadlines": civil disorder after N missed phases (game.yaml
`civil_disorder_after`), each ruleset's own rule for it (`app.disorder`)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from adjudicator.app.game import current_phase_id
from adjudicator.plugins.board import BoardPlugin
from adjudicator.rulesets.classic import CLASSIC
from adjudicator.rulesets.machiavelli import MACHIAVELLI
from renderers.board.rendering import BOARD_RENDERING
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING
from tests.cli_runner import run

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
TURKS_LINE = "In civil disorder (no orders for 2 phases in a row): Turks"


def machiavelli_without(tmp_path: Path, power: str, after: int | None) -> Path:
    """The Machiavelli example with no mail from `power` in any phase."""
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLES / "machiavelli-1454", folder, ignore=shutil.ignore_patterns("played"))
    for mail in (folder / "orders").glob(f"*/{power}.txt"):
        mail.unlink()
    if after is not None:
        with (folder / "game.yaml").open("a", encoding="utf-8") as handle:
            handle.write(f"civil_disorder_after: {after}\n")
    return folder


def play_until(folder: Path, last: str) -> None:
    """Adjudicate each phase with its mail in `orders/<phase>/` up to `last`."""
    while True:
        phase = current_phase_id(folder)
        mail = sorted((folder / "orders" / phase).glob("*.txt"))
        assert run("adjudicate", folder, *mail).exit_code in (0, 1)
        if phase == last:
            return


def report(folder: Path, phase: str) -> tuple[str, dict[str, object]]:
    text = (folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")
    data = json.loads((folder / "reports" / f"{phase}.json").read_text(encoding="utf-8"))
    return text, data


def test_machiavelli_power_silent_two_phases_is_in_civil_disorder_the_next(
    tmp_path: Path,
) -> None:
    """Turks send nothing in spring and summer (the summer retreat asks
    nothing of them: it neither counts nor breaks the run); in the fall they
    are in civil disorder by 003 §4.6: their units hold, named in the report."""
    folder = machiavelli_without(tmp_path, "turks", after=2)
    play_until(folder, "1454-fall-movement")
    summer, summer_data = report(folder, "1454-summer-movement")
    assert "civil disorder" not in summer and "civil_disorder" not in summer_data
    fall, fall_data = report(folder, "1454-fall-movement")
    assert fall.rstrip().endswith(TURKS_LINE)
    assert fall_data["civil_disorder"] == ["turks"]
    turkish = [line for line in fall.splitlines() if "(civil disorder: the unit holds)" in line]
    assert len(turkish) == 3 and all(" H " in line for line in turkish)
    assert "Options differing from the rulebook: none" in fall


def test_a_power_that_writes_again_is_not_in_civil_disorder(tmp_path: Path) -> None:
    folder = machiavelli_without(tmp_path, "turks", after=2)
    original = EXAMPLES / "machiavelli-1454" / "orders" / "1454-fall-movement" / "turks.txt"
    shutil.copy(original, folder / "orders" / "1454-fall-movement" / "turks.txt")
    play_until(folder, "1454-fall-movement")
    fall, data = report(folder, "1454-fall-movement")
    assert "civil disorder" not in fall and "civil_disorder" not in data


def test_without_the_key_no_power_is_ever_in_civil_disorder(tmp_path: Path) -> None:
    folder = machiavelli_without(tmp_path, "turks", after=None)
    play_until(folder, "1454-fall-movement")
    fall, data = report(folder, "1454-fall-movement")
    assert "civil disorder" not in fall and "civil_disorder" not in data


def test_classic_names_the_power_and_plays_it_as_without_orders(tmp_path: Path) -> None:
    """Classic's rule (2023 rules) is what a missing order does already:
    units hold; the report names the power."""
    folder = tmp_path / "classic"
    shutil.copytree(EXAMPLES / "classic-1901", folder)
    (folder / "game.yaml").write_text(
        (folder / "game.yaml").read_text(encoding="utf-8") + "civil_disorder_after: 1\n",
        encoding="utf-8",
    )
    spring = [p for p in sorted((folder / "orders").glob("*.txt")) if p.name != "austria.txt"]
    run("adjudicate", folder, *spring)
    assert current_phase_id(folder) == "1901-fall-movement"
    fall = tmp_path / "fall" / "england.txt"  # england writes again; austria does not
    fall.parent.mkdir()
    fall.write_text("F NWG H\nF NTH H\nA YOR H\n", encoding="utf-8")
    run("adjudicate", folder, fall)
    text, data = report(folder, "1901-fall-movement")
    assert text.rstrip().endswith("In civil disorder (no orders for 1 phase in a row): Austria")
    assert data["civil_disorder"] == ["austria"]
    assert "  A VIE H  no order; it holds" in text


def test_in_spanish_the_line_is_spanish(tmp_path: Path) -> None:
    folder = machiavelli_without(tmp_path, "turks", after=2)
    play_until(folder, "1454-summer-retreat")
    mail = sorted((folder / "orders" / "1454-fall-movement").glob("*.txt"))
    run("adjudicate", folder, *mail, "--lang", "es")
    text, _ = report(folder, "1454-fall-movement")
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("En desorden civil (sin órdenes durante 2 fases seguidas): ")


@pytest.mark.parametrize("value", ["0", "-1", "two", "true", "1.5"])
def test_a_bad_civil_disorder_after_names_the_file_and_key(tmp_path: Path, value: str) -> None:
    folder = machiavelli_without(tmp_path, "turks", after=None)
    with (folder / "game.yaml").open("a", encoding="utf-8") as handle:
        handle.write(f"civil_disorder_after: {value}\n")
    result = run("check", folder, *sorted((folder / "orders" / "1454-spring-movement").glob("*")))
    assert result.exit_code == 1
    assert "game.yaml: key 'civil_disorder_after' must be a whole number of phases" in result.output


def test_each_board_rulesets_own_rule() -> None:
    """Machiavelli adds the powers to its `civil_disorder` option (003 §4.6);
    classic leaves its options as they are."""
    machiavelli = BoardPlugin(MACHIAVELLI, MACHIAVELLI_RENDERING)
    options = MACHIAVELLI.options({"civil_disorder": ["milan"]})
    changed = machiavelli.with_civil_disorder(options, frozenset({"turks"}))
    assert changed.civil_disorder == ("milan", "turks")
    classic = BoardPlugin(CLASSIC, BOARD_RENDERING)
    same = CLASSIC.options()
    assert classic.with_civil_disorder(same, frozenset({"austria"})) is same
