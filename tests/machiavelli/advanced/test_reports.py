"""The advanced rules in a game folder, through the command line: the public
report shows every roll and disaster, and each power's treasury goes only into
its own private report (AM-46); with finances, units are not counted against
cities (AM-14)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.cli_runner import current_phase, new_game, run


def _advanced_game(tmp_path: Path) -> Path:
    folder = tmp_path / "adv"
    options = ["--option", "finances=true", "--option", "famine=true", "--option", "plague=true"]
    assert new_game(folder, "machiavelli", *options).exit_code == 0
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


def test_expenses_in_the_mail_are_charged_in_order_and_the_payer_kept_secret(
    tmp_path: Path,
) -> None:
    """CM-6.1-1, CM-6.1-4, CM-6.2-H, AM-16, AM-46 through the command line: Venice
    (9d, next to Trent from Bergamo) buys Trent's autonomous garrison with
    `(H) G Trent 9d`; its `(A) Pisa 3d` cannot be covered and is void. The public
    report shows the bribe's effect, not who paid; Venice's private report shows
    both lines and its treasury."""
    folder = tmp_path / "adv"
    options = ["--option", "finances=true", "--option", "expenses=true"]
    assert new_game(folder, "machiavelli", *options).exit_code == 0
    mail = tmp_path / "venice.txt"
    mail.write_text("A PAD H\n(H) G Trent 9d\n(A) Pisa 3d\n", encoding="utf-8")
    assert run("adjudicate", str(folder), str(mail)).exit_code == 0
    public = (folder / "reports" / "1454-spring-movement.txt").read_text(encoding="utf-8")
    private = (folder / "reports" / "1454-spring-movement" / "venice.txt").read_text(
        encoding="utf-8"
    )
    assert "Expense (H) G TRENT: bribe succeeded (9d)" in public
    assert "paid by" not in public and "Expense (A)" not in public
    assert "Expense (H) G TRENT 9d: charged" in private
    assert "Expense (A) PISA 3d: void, not charged" in private
    assert "Treasury after the expenses: 0d" in private
    state = (folder / "turns" / "1454-summer-movement.yaml").read_text(encoding="utf-8")
    assert "  venice:\n  - A PAD\n  - A TRE\n  - F DAL\n  - G TRENT\n" in state


def test_the_spring_adjustment_reads_payments_and_purchases(tmp_path: Path) -> None:
    """AM-13 and CM-5.4-3 through the command line: `no paga A TRE` drops the army
    at once; `compra A TRE mercenarios` buys elite mercenaries in the freed home
    area for 6d (AM-15, AM-41); every other unit is paid 3d. The units leaving and
    the unit bought are public; the payments are in Venice's private report only
    (CM-5.4-5, AM-46)."""
    folder = tmp_path / "adv"
    options = ["--option", "finances=true", "--option", "special_units=true"]
    assert new_game(folder, "machiavelli", *options).exit_code == 0
    for _ in range(3):
        assert run("adjudicate", str(folder)).exit_code == 0
    mail = tmp_path / "venice.txt"
    mail.write_text("no paga A TRE\ncompra A TRE mercenarios\n", encoding="utf-8")
    assert run("adjudicate", str(folder), str(mail)).exit_code == 0
    phase = "1455-spring-adjustment"
    public = (folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")
    private = (folder / "reports" / phase / "venice.txt").read_text(encoding="utf-8")
    assert "A TRE was not paid for and left the board" in public
    assert "A TRE was bought and placed" in public
    assert "purchase A TRE: -6d" in private and "purchase A TRE" not in public
    assert "6d" not in public
    assert private.count("upkeep ") == 3
    state = (folder / "turns" / "1455-spring-movement.yaml").read_text(encoding="utf-8")
    assert "special_units:\n  venice:\n    A TRE: elite_mercenaries\n" in state
