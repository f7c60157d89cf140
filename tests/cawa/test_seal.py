"""A playing referee seals his own declarations before the others arrive
(CC-A-3: "lo que conoce el árbitro lo debe conocer el resto"; AC-48): `mapjudge
seal FILE` prints the SHA-256 he publishes, and the phase's report later lists
the same digest among its receipts, so every player can check it."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from tests.cli_runner import run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "cawa-10-players"


def test_the_seal_is_the_receipt_of_the_file_the_judge_reads(tmp_path: Path) -> None:
    game = tmp_path / "game"
    shutil.copytree(EXAMPLE, game, ignore=shutil.ignore_patterns("played", "reports"))
    mine = tmp_path / "player1.txt"  # the referee plays Reino 1
    mine.write_text("pueblo 2104\n", encoding="utf-8")
    sealed = run("seal", str(mine))
    digest = hashlib.sha256(mine.read_bytes()).hexdigest()
    assert sealed.exit_code == 0 and sealed.output == f"{digest}  player1.txt\n"
    assert run("adjudicate", str(game), str(mine)).exit_code == 0
    report = (game / "reports" / "1-economy.txt").read_text(encoding="utf-8")
    assert f"player1.txt  {digest}" in report
