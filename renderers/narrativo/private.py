"""A player's private report of a narrativo exchange, as text and JSON
(rulebook 001; issue "narrativo", the "Reports" bullet).

It gives the part of the public report that concerns the player's
characters (their actions and those against or with them, their checks and
rests, what changed, the choices they owe and their declarations still
waiting) and each of his characters' sheet after the exchange
(`renderers.narrativo.sheets`: attributes, skills, Voluntad left of the
permanent rating, Liderazgo, Moral with its historical modifier, Fatiga
with tired or exhausted, Resistencia, Aplomo, the health penalty, the load,
the condition, the effects running with their last turn, the extended
actions' progress and the choices owed), and the issues of his own files.

Never a roll the Narrator hid and has not revealed, even one of his own
characters' (it is the Narrator's to tell), and never another player's
sheet.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.narrativo.sheet import Character
from renderers.narrativo.report import (
    NarrativoTurnReport,
    body_dict,
    body_lines,
    clock_lines,
    dumps,
    header_lines,
    hidden_sources,
    player_scope,
    section,
    tail_lines,
)
from renderers.narrativo.sheets import sheet_dict, sheet_lines
from texts import _


def characters_of(facts: NarrativoTurnReport, player: str) -> tuple[Character, ...]:
    """The player's characters after the exchange; KeyError naming the
    players when he has none."""
    state = facts.resolution.state
    mine = state.of_player(player)
    if not mine:
        players = ", ".join(state.powers()) or "none"
        raise KeyError(f"no character of player {player!r} in the game (players: {players})")
    return mine


def sheets_section(
    facts: NarrativoTurnReport, characters: tuple[Character, ...], hidden: frozenset[str]
) -> list[str]:
    """The sheets, without the effects of the secret rolls in `hidden`."""
    state = facts.resolution.state
    lines = [line for c in characters for line in sheet_lines(state, c, hidden)]
    return section(_("Sheets after the exchange:"), lines)


def render_private(facts: NarrativoTurnReport, player: str) -> str:
    """The private text report of `player` (see the module docstring)."""
    mine = characters_of(facts, player)
    scope = player_scope(facts, player)
    title = _("Private report for {player}, exchange {n}").format(player=player, n=facts.exchange)
    out = header_lines(facts, title)
    out.append(_("Your characters: {names}").format(names=", ".join(c.name for c in mine)))
    out += clock_lines(facts)
    out += body_lines(facts, scope)
    out += sheets_section(facts, mine, hidden_sources(facts))
    out += tail_lines(facts, scope)
    return "\n".join(out) + "\n"


def private_dict(facts: NarrativoTurnReport, player: str) -> dict[str, Any]:
    """The private report of `player` as plain data."""
    mine = characters_of(facts, player)
    state = facts.resolution.state
    return {
        **body_dict(facts, player_scope(facts, player)),
        "player": player,
        "sheets": [sheet_dict(state, c, hidden_sources(facts)) for c in mine],
    }


def render_private_json(facts: NarrativoTurnReport, player: str) -> str:
    """The private report as JSON (sorted keys, UTF-8 kept)."""
    return dumps(private_dict(facts, player))
