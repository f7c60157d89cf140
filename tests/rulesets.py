"""The board rulesets' records and renderings by name, and every reason their
results may carry, for tests and benchmarks that drive the engine directly (the
app finds plugins through its registry)."""

from __future__ import annotations

from typing import Any

from adjudicator.kits.board.results import Reason
from adjudicator.kits.board.rules import BoardRules
from adjudicator.rulesets.classic import CLASSIC
from adjudicator.rulesets.machiavelli import MACHIAVELLI, MachiavelliReason
from renderers.board.rendering import BOARD_RENDERING, BoardRendering
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING

BOARD_RULES: dict[str, BoardRules[Any, Any]] = {"classic": CLASSIC, "machiavelli": MACHIAVELLI}
BOARD_RENDERINGS: dict[str, BoardRendering[Any]] = {
    "classic": BOARD_RENDERING,
    "machiavelli": MACHIAVELLI_RENDERING,
}
REASON_VALUES: frozenset[str] = frozenset(
    reason.value for enum in (Reason, MachiavelliReason) for reason in enum
)
"""The value of every reason a board ruleset's result may carry (the kit's and
Machiavelli's own), as test cases write them."""


def board_rules(name: str) -> BoardRules[Any, Any]:
    """The board ruleset called `name` (`classic`, `machiavelli`)."""
    return BOARD_RULES[name]


def board_rendering(name: str) -> BoardRendering[Any]:
    """The rendering of the board ruleset called `name`, as its plugin uses it."""
    return BOARD_RENDERINGS[name]
