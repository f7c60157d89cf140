"""Order text -> the lines that may hold orders, with their numbers.

What players email holds more than orders: `order_lines` drops blank lines,
quoted mail (`> ...`, `On ... wrote:`), mail header lines (English, Spanish
and Catalan clients) and everything from the signature separator on.
Comments and power headers are left to the grammar (`orders.board.parser`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

_MAIL_HEADER = re.compile(
    r"\s*(from|to|subject|date|cc|bcc|sent|reply-to"  # English mail clients
    r"|de|para|asunto|enviado|fecha|per|assumpte|data|enviat)\s*:",  # Spanish, Catalan
    re.IGNORECASE,
)
_QUOTED = re.compile(r"\s*>|(on|el)\s.*\s(wrote|escribió|va escriure)\s*:\s*$", re.IGNORECASE)
_SIGNATURE = re.compile(
    r"--\s*$|-{3,}\s*(original message|mensaje original|missatge original)", re.IGNORECASE
)


def order_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines that may hold orders, with their 1-based numbers.

    Skipped: blank lines, quoted mail (`> ...`, `On ... wrote:`), mail header
    lines (a block of them at the top up to the first blank line, and any
    `From:`/`To:`/`Subject:`... line), and everything from the signature
    separator `-- ` on. Comments are left to the grammar.
    """
    lines = text.split("\n")
    header_end = _mail_header_end(lines)
    for number, raw in enumerate(lines[header_end:], start=header_end + 1):
        line = raw.rstrip("\r")
        if _SIGNATURE.match(line):
            return
        if line.strip() and not _QUOTED.match(line) and not _MAIL_HEADER.match(line):
            yield number, line


def _mail_header_end(lines: Sequence[str]) -> int:
    """Where the text starts after a mail header block at the top (0 if none):
    the block runs from a first line like `From:` to the next blank line."""
    first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    if first == len(lines) or not _MAIL_HEADER.match(lines[first]):
        return 0
    return next((i for i in range(first, len(lines)) if not lines[i].strip()), len(lines))


def first_column(line: str) -> int:
    """The 1-based column of the first character that is not blank."""
    return len(line) - len(line.lstrip()) + 1
