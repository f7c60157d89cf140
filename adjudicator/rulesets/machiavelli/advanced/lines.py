"""Machiavelli's side lines in a power's mail: the expenses, loans and gifts
written with a movement phase's orders (CM-6.1-1, CM-S-5) and the payments and
purchases of the spring adjustment (AM-13), read by
`orders.machiavelli.expenses`.

Every module that gives such lines needs finances (AM-48), so they are read in
games that keep treasuries; in any other game, or in a retreat phase, the
lines go to the board order parser as before. A line of the wrong phase is
refused, naming what it is for.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.kits.board.state import GameState, PhaseKind
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps.model import GameMap
from orders.board.model import SideLine
from orders.issues import IssueKind, OrderIssue
from texts import T_


def machiavelli_side_lines(
    text: str, power: str, game_map: GameMap, file: str, state: GameState
) -> tuple[Sequence[SideLine], Sequence[OrderIssue], str]:
    """The side lines of one power's order text (`BoardRules.side_lines`)."""
    kind = state.phase.kind
    playing = isinstance(state, MachiavelliState) and bool(state.treasury)
    if not playing or kind not in (PhaseKind.MOVEMENT, PhaseKind.ADJUSTMENT):
        return (), (), text
    # the reader is imported for games with finances only (a basic game's start-up)
    from orders.machiavelli.expenses import board_text, read_advanced_lines
    from orders.machiavelli.model import Payment, Purchase

    records, issues = read_advanced_lines(text, power=power, game_map=game_map, file=file)
    kept: list[SideLine] = []
    refused: list[OrderIssue] = []
    for record in records:
        spring_only = isinstance(record, Payment | Purchase)
        wanted = PhaseKind.ADJUSTMENT if spring_only else PhaseKind.MOVEMENT
        if kind == wanted:
            kept.append(record)
        elif record.source is not None:
            why = (
                T_("payments and purchases are written in the spring adjustment (003 §5.4)")
                if spring_only
                else T_(
                    "expenses, loans and gifts are written with a movement phase's orders"
                    " (003 §6.1, §11)"
                )
            )
            refused.append(OrderIssue(IssueKind.ILLEGAL, why, record.source))
    return kept, (*issues, *refused), board_text(text, power=power, game_map=game_map)
