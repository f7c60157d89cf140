"""The board rulesets' records by name, for tests and benchmarks that drive
the engine directly (the app finds plugins through its registry)."""

from __future__ import annotations

from typing import Any

from adjudicator.kits.board.rules import BoardRules
from adjudicator.rulesets.classic import CLASSIC
from adjudicator.rulesets.machiavelli import MACHIAVELLI

BOARD_RULES: dict[str, BoardRules[Any]] = {"classic": CLASSIC, "machiavelli": MACHIAVELLI}


def board_rules(name: str) -> BoardRules[Any]:
    """The board ruleset called `name` (`classic`, `machiavelli`)."""
    return BOARD_RULES[name]
