"""The Narrator's full report of a narrativo exchange, as text and JSON
(rulebook 001; issue "narrativo", the "Reports" bullet).

Everything: every action, check and rest, the rolls he hid included and
marked "[hidden]" ("[hidden, revealed]" once revealed), every character's
sheet after the exchange (his own characters too), every declaration
waiting for his ruling, every choice owed, the hidden rolls of this and
earlier exchanges not yet revealed, the notes, the issues, the count of
the dice log (and how many of those dice the players did not see), every
logged die in the JSON (for `mapjudge verify`) and the receipts.
"""

from __future__ import annotations

from typing import Any

from renderers.narrativo.private import sheets_section
from renderers.narrativo.report import (
    NARRATOR,
    NarrativoTurnReport,
    body_dict,
    body_lines,
    clock_lines,
    dumps,
    header_lines,
    public_rolls,
    section,
    tail_lines,
)
from renderers.narrativo.sheets import sheet_dict
from texts import _, tr


def still_hidden(facts: NarrativoTurnReport) -> tuple[tuple[str, int], ...]:
    """The hidden rolls not yet revealed: label and the exchange rolled in."""
    hidden = facts.resolution.state.hidden_rolls
    return tuple((label, hidden[label]) for label in sorted(hidden))


def render_narrator(facts: NarrativoTurnReport) -> str:
    """The Narrator's text report (see the module docstring)."""
    state = facts.resolution.state
    out = header_lines(facts, _("The Narrator's report, exchange {n}").format(n=facts.exchange))
    out += clock_lines(facts)
    if facts.silent:
        out.append(
            _("No declarations from: {players}").format(players=", ".join(sorted(facts.silent)))
        )
    out += body_lines(facts, NARRATOR)
    out += section(_("For the Narrator alone:"), [tr(n) for n in facts.resolution.narrator_notes])
    out += section(
        _("Hidden rolls not yet revealed:"),
        [
            _("{label} (rolled in exchange {n})").format(label=label, n=n)
            for label, n in still_hidden(facts)
        ],
    )
    out += sheets_section(facts, state.characters, frozenset())
    out += tail_lines(facts, NARRATOR)
    return "\n".join(out) + "\n"


def narrator_dict(facts: NarrativoTurnReport) -> dict[str, Any]:
    """The Narrator's report as plain data."""
    state = facts.resolution.state
    log = facts.resolution.dice_rolls
    return {
        **body_dict(facts, NARRATOR),
        "still_hidden": [{"label": lb, "exchange": n} for lb, n in still_hidden(facts)],
        "narrator_notes": list(facts.resolution.narrator_notes),
        "sheets": [sheet_dict(state, c) for c in state.characters],
        "dice_log": {"count": len(log), "secret": len(log) - len(public_rolls(facts))},
    }


def render_narrator_json(facts: NarrativoTurnReport) -> str:
    """The Narrator's report as JSON (sorted keys, UTF-8 kept)."""
    return dumps(narrator_dict(facts))
