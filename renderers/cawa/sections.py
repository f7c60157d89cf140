"""Parts of the CaWa report that read a ruleset record: a player's economic
statement (CC-E-1, CC-E-2) and the referee's notes after the reactions."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.cawa.economy import EntryKind, Statement
from adjudicator.rulesets.cawa.reactions import NoteKind, ReactionNote
from renderers.cawa.words import told
from texts import N_, _

ENTRY_WORDS: Mapping[EntryKind, str] = {
    EntryKind.OPENING: N_("Treasury at the start"),
    EntryKind.HEXES: N_("Territories"),
    EntryKind.VILLAGES: N_("Villages"),
    EntryKind.CASTLES: N_("Castles"),
    EntryKind.RANDOM: N_("Random income"),
    EntryKind.UPKEEP: N_("Troops used last turn"),
    EntryKind.FLEETS: N_("Fleets at sea"),
    EntryKind.FINE: N_("Fine"),
    EntryKind.PAYMENT_MADE: N_("Battle payment made"),
    EntryKind.PAYMENT_RECEIVED: N_("Battle payment received"),
    EntryKind.ACTION: N_("Action"),
    EntryKind.GIFT_GIVEN: N_("Gift given"),
    EntryKind.GIFT_RECEIVED: N_("Gift received"),
    EntryKind.HEX_GIVEN: N_("Hex given"),
    EntryKind.HEX_RECEIVED: N_("Hex received"),
    EntryKind.CLOSING: N_("Treasury now (CO)"),
}


def statement_lines(statement: Statement, names: Mapping[str, str]) -> list[str]:
    """The statement as the report prints it, one line per entry (players
    named by `names` outside English, see `told`)."""
    lines = []
    for line in statement.lines:
        words = _(ENTRY_WORDS[line.kind])
        what = f" ({told(line.what, names)})" if line.what else ""
        if line.kind in (EntryKind.OPENING, EntryKind.CLOSING):
            lines.append(f"{words}: {line.crowns}")
            continue
        owed = _(", {due} was due").format(due=line.due) if line.due is not None else ""
        lines.append(f"  {words}{what}: {line.crowns:+d}{owed}")
    return lines


NOTE_WORDS: Mapping[NoteKind, str] = {
    NoteKind.DEFENCE_NOT_DECLARED: N_("the defence was not declared: the referee must ask for it"),
    NoteKind.UNOPPOSED: N_("taken unopposed (the defender withdrew, CC-B-8)"),
    NoteKind.NO_BATTLE: N_("every invader withdrew: no battle, the hex stays (AC-29)"),
    NoteKind.AMONG_INVADERS: N_(
        "the defender withdrew: the invaders fight among themselves (AC-36)"
    ),
}


def reaction_note(note: ReactionNote, names: Mapping[str, str]) -> str:
    """A referee's note after the reactions, in the current language."""
    shown = ", ".join(str(told(p, names)) for p in note.players)
    players = f" ({shown})" if note.players else ""
    return _("Battle B{battle} for {hex}{players}: {note}").format(
        battle=note.battle, hex=note.hex, players=players, note=_(NOTE_WORDS[note.kind])
    )
