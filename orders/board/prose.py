"""Mail text that is plainly no order: a greeting, thanks, a signature.

Players write to a person: "Dear GM", "Hola GM,", "Thanks!", their name. Such
a line is listed as ignored text (`IssueKind.IGNORED`), not as a problem
(Trust #3). Only a line that is plainly prose is: one with no order mark
(`-`, `=`, `/`, brackets...), no order word of the grammar (`hold`, `apoya`,
a unit kind first...), no area code written in capitals, and no word that is
or is near a place's or a power's name. A line that looks like an order with a
typo (`A Mlan - Cremona`, `Milna holds`) stays a problem with its "did you
mean".
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from difflib import get_close_matches

from orders.names import NameIndex, fold

_WORD = re.compile(r"[^\W_][\w'’.·]*")
_ORDER_MARK = re.compile(r"[-=>/()\[\]→–—]")

FUNCTION_WORDS = frozenset(
    {"to", "by", "via", "of", "for", "de", "del", "para", "per", "al", "a", "en", "se", "es"}
    | {"cap", "hacia", "no", "orders", "órdenes", "ordenes", "ordres"}
)
"""Keywords of the grammar that are everyday words too: they do not make a
line look like an order."""

_NEAR = 0.8
_FUZZY_LENGTH = 4
_LONGEST_NAME = 4
MOST_WORDS = 40
"""A longer line is not called plain prose (the look-ups stay bounded on any input)."""
MOST_LINES = 100
"""How many unreadable lines of one file are weighed as prose; the rest stay
problems (a mail holds a few lines of prose; a hostile file stays fast)."""


def plainly_prose(line: str, index: NameIndex, verbs: Collection[str]) -> bool:
    """Whether `line` is plainly no order (see the module docstring); `verbs`
    are the grammar's order words, folded (`FUNCTION_WORDS` left out)."""
    if _ORDER_MARK.search(line):
        return False
    written = _WORD.findall(line)
    if len(written) > MOST_WORDS:
        return False
    folded = [fold(word).rstrip(".") for word in written]
    if folded and folded[0] in verbs:  # `A Milan`, `B A MIL`, `H`...
        return False
    if any(len(word) > 1 and word in verbs for word in folded):
        return False
    codes = index.game_map.areas
    if any(word.isupper() and word.rstrip(".") in codes for word in written):
        return False
    return not _names_a_place(folded, index)


def _names_a_place(folded: Sequence[str], index: NameIndex) -> bool:
    """Whether some run of the words is a place's or power's name (an area
    code only counts in capitals), or some word is near a word of one."""
    names = index.names
    for start in range(len(folded)):
        for end in range(start + 1, min(start + _LONGEST_NAME, len(folded)) + 1):
            if " ".join(folded[start:end]) in names:
                return True
    vocabulary = index.name_words
    return any(
        get_close_matches(word, vocabulary, n=1, cutoff=_NEAR)
        for word in folded
        if len(word) >= _FUZZY_LENGTH
    )
