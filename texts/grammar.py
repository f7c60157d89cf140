"""Spanish and Catalan contractions of a preposition and the article `el`
(`a el camp` -> `al camp`, `de el` -> `del`, ca `per el` -> `pel`, `a els` ->
`als`): a name put into a sentence ("at {place}" with the place "el camp de
Ponent") must read as the language writes it. Lines quoting a player (`> ...`)
are left as written."""

from __future__ import annotations

import re

_CONTRACTIONS: dict[str, tuple[tuple[re.Pattern[str], str], ...]] = {
    "es": (
        (re.compile(r"\ba el\b"), "al"),
        (re.compile(r"\bde el\b"), "del"),
    ),
    "ca": (
        (re.compile(r"\ba el\b"), "al"),
        (re.compile(r"\bde el\b"), "del"),
        (re.compile(r"\bper el\b"), "pel"),
        (re.compile(r"\ba els\b"), "als"),
        (re.compile(r"\bde els\b"), "dels"),
        (re.compile(r"\bper els\b"), "pels"),
    ),
}


def contracted(text: str, lang: str) -> str:
    """`text` with the contractions of `lang` made (none for English), but in
    the lines that quote a player."""
    rules = _CONTRACTIONS.get(lang)
    if not rules:
        return text
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if line.lstrip().startswith(">"):
            continue
        for pattern, short in rules:
            line = pattern.sub(short, line)
        lines[number] = line
    return "\n".join(lines)
