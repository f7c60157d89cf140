"""Start-up is paid for (DESIGN.md, "Habits"): the commands that draw no map
never import matplotlib, and a ruleset's code is imported only when a game
of that ruleset is used. Each command runs in a fresh interpreter, which then
lists the heavy modules it loaded (`--help` of the whole program is left out:
listing the commands a ruleset adds asks its plugin for their help)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_runner import run

REPO = Path(__file__).resolve().parents[1]
CLASSIC_ORDERS = REPO / "examples" / "classic-1901" / "orders" / "england.txt"
WATCHED = ("matplotlib", "shapely", "adjudicator.plugins.genes", "adjudicator.rulesets.genes")

PROBE = """
import json, sys
from adjudicator.app.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
print(json.dumps(sorted(m for m in {watched!r} if m in sys.modules)))
"""


def loaded_by(*args: str) -> list[str]:
    """The watched modules a `mapjudge` command imported."""
    probe = PROBE.format(watched=WATCHED)
    done = subprocess.run(
        [sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True, cwd=REPO
    )
    loaded: list[str] = json.loads(done.stdout.strip().splitlines()[-1])
    return loaded


@pytest.fixture(scope="module")
def classic_game(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A classic game one turn in, so that `undo` has a turn to take back."""
    folder = tmp_path_factory.mktemp("lazy") / "game"
    assert run("new", "classic", str(folder)).exit_code == 0
    assert run("adjudicate", str(folder), str(CLASSIC_ORDERS)).exit_code in (0, 1)
    return folder


@pytest.mark.parametrize(
    "command",
    [
        ["check", "{game}", str(CLASSIC_ORDERS)],
        ["show", "{game}"],
        ["undo", "{game}"],
        ["check", "--help"],
    ],
)
def test_commands_that_draw_nothing_load_no_plotting_and_no_other_ruleset(
    classic_game: Path, command: list[str]
) -> None:
    args = [part.format(game=classic_game) for part in command]
    assert loaded_by(*args) == []


def test_resolve_loads_only_the_ruleset_asked_for(tmp_path: Path) -> None:
    position = tmp_path / "position.yaml"
    position.write_text(
        "phase: 1901-spring-movement\nunits: {england: [F LON]}\nsupply_centers: {}\n"
    )
    orders = tmp_path / "england.txt"
    orders.write_text("F LON - NTH\n")
    args = ["resolve", "--ruleset", "classic", "--position", str(position)]
    assert loaded_by(*args, "--orders", str(orders)) == []


def test_a_map_is_drawn_with_matplotlib(classic_game: Path, tmp_path: Path) -> None:
    """The check above can fail: `render` does load matplotlib."""
    out = tmp_path / "map.svg"
    loaded = loaded_by("render", str(classic_game), "--format", "svg", "--out", str(out))
    assert "matplotlib" in loaded and out.is_file()
