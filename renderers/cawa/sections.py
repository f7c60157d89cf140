"""Parts of the CaWa report that read a ruleset record: a player's economic
statement (CC-E-1, CC-E-2) and the referee's notes after the reactions."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.cawa.economy import EntryKind, Statement
from adjudicator.rulesets.cawa.reactions import NoteKind, ReactionNote

ENTRY_WORDS: Mapping[EntryKind, str] = {
    EntryKind.OPENING: "Treasury at the start",
    EntryKind.HEXES: "Territories",
    EntryKind.VILLAGES: "Villages",
    EntryKind.CASTLES: "Castles",
    EntryKind.RANDOM: "Random income",
    EntryKind.UPKEEP: "Troops used last turn",
    EntryKind.FLEETS: "Fleets at sea",
    EntryKind.FINE: "Fine",
    EntryKind.PAYMENT_MADE: "Battle payment made",
    EntryKind.PAYMENT_RECEIVED: "Battle payment received",
    EntryKind.ACTION: "Action",
    EntryKind.GIFT_GIVEN: "Gift given",
    EntryKind.GIFT_RECEIVED: "Gift received",
    EntryKind.HEX_GIVEN: "Hex given",
    EntryKind.HEX_RECEIVED: "Hex received",
    EntryKind.CLOSING: "Treasury now (CO)",
}


def statement_lines(statement: Statement) -> list[str]:
    """The statement as the report prints it, one line per entry."""
    lines = []
    for line in statement.lines:
        words = ENTRY_WORDS[line.kind]
        what = f" ({line.what})" if line.what else ""
        if line.kind in (EntryKind.OPENING, EntryKind.CLOSING):
            lines.append(f"{words}: {line.crowns}")
            continue
        owed = f", {line.due} was due" if line.due is not None else ""
        lines.append(f"  {words}{what}: {line.crowns:+d}{owed}")
    return lines


NOTE_WORDS: Mapping[NoteKind, str] = {
    NoteKind.DEFENCE_NOT_DECLARED: "the defence was not declared: the referee must ask for it",
    NoteKind.UNOPPOSED: "taken unopposed (the defender withdrew, CC-B-8)",
    NoteKind.NO_BATTLE: "every invader withdrew: no battle, the hex stays (AC-29)",
    NoteKind.AMONG_INVADERS: "the defender withdrew: the invaders fight among themselves (AC-36)",
}


def reaction_note(note: ReactionNote) -> str:
    players = f" ({', '.join(note.players)})" if note.players else ""
    return f"Battle B{note.battle} for {note.hex}{players}: {NOTE_WORDS[note.kind]}"
