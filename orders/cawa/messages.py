"""The words of the CaWa parser's messages that several lines share: what
was expected and found, the phase kinds by name, the examples of a phase's
lines, and a line sent in the wrong phase's file. Each is a `Text`, English
now, translated when printed."""

from __future__ import annotations

from collections.abc import Mapping

from orders.cawa import words as w
from orders.cawa.words import Tok
from texts import N_, T_, Text, either


def expected(what: str, tok: Tok | None) -> Text:
    """`expected a hex code (e.g. 0403), found 'x'` (or `found nothing`)."""
    if tok is None:
        return T_("expected {what}, found nothing", what=what)
    return T_("expected {what}, found '{found}'", what=what, found=tok.text)


_KINDS: Mapping[str, str] = {
    "economy": N_("economy"),
    "movement": N_("movement"),
    "skirmishes": N_("skirmishes"),
    "reactions": N_("reactions"),
    "battles": N_("battles"),
}
"""Each phase kind's name in messages (`a movement line`)."""


def kind_name(kind: str) -> Text | str:
    """A phase kind's name, translated when printed (an unknown one as it is)."""
    return T_(_KINDS[kind]) if kind in _KINDS else kind


def quoted_either(forms: tuple[str, ...]) -> str:
    """`'a' or 'b' or 'c'`, translated when printed."""
    return either(f"'{form}'" for form in forms)


def cannot_read(kind: str) -> Text:
    """A line of a `kind` file that starts with no keyword and no hex."""
    return T_(
        "cannot read this line in the {kind} phase: expected e.g. {examples}",
        kind=kind_name(kind),
        examples=quoted_either(w.EXAMPLES.get(kind, ())),
    )


def unknown_start(word: str, kind: str) -> Text:
    """A misspelt keyword opening a line of a `kind` file."""
    return T_(
        "unknown word '{word}' at the start of a {kind} line", word=word, kind=kind_name(kind)
    )


def wrong_file(word: str | None, phase: str, kind: str) -> Text:
    """A `phase` line (opened by `word`; None: a land move) in a `kind` file."""
    if word is None:
        return T_(
            "a land move is a {phase} line: it belongs in the {phase} file, not the {kind} one",
            phase=kind_name(phase),
            kind=kind_name(kind),
        )
    return T_(
        "'{word}' is a {phase} line: it belongs in the {phase} file, not the {kind} one",
        word=word,
        phase=kind_name(phase),
        kind=kind_name(kind),
    )
