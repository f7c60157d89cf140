"""`examples/machiavelli-1454-advanced` (`make demo-advanced`): the balance
scenario with every advanced module on, spring 1454 to spring 1455. It plays
to the end through the command line, tells its story in the reports, and a
second play writes the very same files."""

from __future__ import annotations

import hashlib
from pathlib import Path

from tests.cli_runner import current_phase, play_example

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "machiavelli-1454-advanced"


def _played(folder: Path) -> Path:
    results = play_example(EXAMPLE, folder)
    assert list(results) == [
        "1454-spring-movement",
        "1454-summer-movement",
        "1454-fall-movement",
        "1455-spring-adjustment",
        "1455-spring-movement",
    ]
    assert all(r.exit_code in (0, 1) for r in results.values())  # 1: order problems reported
    assert current_phase(folder) == "1455-summer-movement"
    return folder


def _text(folder: Path, name: str) -> str:
    return (folder / "reports" / name).read_text(encoding="utf-8")


def test_the_example_tells_its_story(tmp_path: Path) -> None:
    folder = _played(tmp_path / "game")
    spring = _text(folder, "1454-spring-movement.txt")
    assert "Expense (H) TRENT: bribe countered" in spring  # the bribe war (AM-19, AM-20)
    assert "Expense (F) TRENT: counter-bribe placed" in spring
    assert "Assassination attempt against turks: failed" in spring
    assert "turks gave 2d to venice" in spring  # a public gift (AM-44)
    assert "Note: Plague:" in spring  # the summer opens with the plague
    milan = _text(folder, "1454-spring-movement/milan.txt")
    assert "Loan granted: 10d, 2d interest, due 1455-spring-movement" in milan
    assert "Loan granted" not in spring  # loans are private (AM-46)
    fall = _text(folder, "1454-fall-movement.txt")
    assert "Note: Famine:" in fall and "Variable income die:" in fall
    adjustment = _text(folder, "1455-spring-adjustment/milan.txt")
    assert "purchase A COMO: -6d" in adjustment
    refused = _text(folder, "1455-spring-adjustment/venice.txt")
    assert "Purchase refused, not charged: G VEN" in refused
    last = _text(folder, "1455-spring-movement.txt")
    assert "florence defaulted on its loan" in last
    assert "Loan repaid: 12d" in _text(folder, "1455-spring-movement/milan.txt")
    state = (folder / "turns" / "1455-summer-movement.yaml").read_text(encoding="utf-8")
    assert "no_credit:\n- florence\n" in state
    assert "special_units:\n  milan:\n    A COMO: elite_mercenaries\n" in state


def _sums(folder: Path) -> dict[str, str]:
    return {
        str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(folder.rglob("*"))
        if p.is_file() and p.name != ".lock"
    }


def test_a_second_play_writes_the_same_bytes(tmp_path: Path) -> None:
    assert _sums(_played(tmp_path / "one")) == _sums(_played(tmp_path / "two"))
