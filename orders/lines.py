"""Order text -> the lines that may hold orders, with their numbers.

What players email holds more than orders: `order_lines` drops blank lines,
quoted mail (`> ...`, `On ... wrote:`), mail header lines (English, Spanish
and Catalan clients) and everything from the signature separator on.
Comments and power headers are left to the grammar (`orders.board.parser`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from orders.issues import IssueKind, OrderIssue, Source
from texts import T_

_HEADER_NAMES = (
    r"(from|to|subject|date|cc|bcc|sent|reply-to"  # English mail clients
    r"|de|para|asunto|enviado|fecha|per|assumpte|data|enviat)"  # Spanish, Catalan
)
_MAIL_HEADER = re.compile(rf"\s*{_HEADER_NAMES}\s*:", re.IGNORECASE)
# In the block at the top of a mail, also the headers a raw message carries
# (`Message-ID:`, `X-Mailer:`...) and the mbox separator `From user@host ...`.
_TOP_HEADER = re.compile(
    rf"({_HEADER_NAMES}|message-id|in-reply-to|references|return-path|received"
    r"|mime-version|content-[\w-]+|x-[\w-]+)\s*:\s*\S|From \S",
    re.IGNORECASE,
)
_CONTINUED = re.compile(r"[ \t]+\S")  # a header folded onto the next line
_QUOTED = re.compile(r"\s*>|(on|el)\s.*\s(wrote|escribió|va escriure)\s*:\s*$", re.IGNORECASE)
_SIGNATURE = re.compile(
    r"--\s*$|-{3,}\s*(original message|mensaje original|missatge original)", re.IGNORECASE
)


def order_lines(text: str) -> Iterator[tuple[int, str]]:
    """The lines that may hold orders, with their 1-based numbers.

    Skipped: blank lines, quoted mail (`> ...`, `On ... wrote:`), mail header
    lines (a block of them at the top, as long as its lines look like
    headers, and any `From:`/`To:`/`Subject:`... line), and everything from the signature
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
    """Where the text starts after a mail header block at the top (0 if none).

    The block starts at the first line that is not blank, if it looks like a
    header (`Subject: ...`, a known header name and a value, or the mbox line
    `From user@host ...`), and runs over header lines (and their folded
    continuations) up to the first blank line or the first line that is no
    header: `Subject: x` then `MILAN` ends the block at `MILAN` (Trust #1).
    """
    first = next((i for i, line in enumerate(lines) if line.strip()), len(lines))
    end = first
    while end < len(lines):
        line = lines[end].rstrip("\r")
        if _TOP_HEADER.match(line) or (end > first and _CONTINUED.match(line)):
            end += 1
            continue
        break
    if end == first:
        return 0
    return end + 1 if end < len(lines) and not lines[end].strip() else end


def nothing_read(file: str, text: str) -> OrderIssue:
    """The problem of a file from which no order was read (Trust #1, #6): it
    is empty, or every line was skipped (mail header, quoted mail, signature)
    or ignored as text that is no order."""
    if not text.strip():
        message = T_("the file is empty: no orders")
    elif next(order_lines(text), None) is None:
        message = T_("no orders: every line was skipped as mail header, quoted mail or signature")
    else:
        message = T_("no orders were read from this file")
    return OrderIssue(IssueKind.SYNTAX, message, Source.whole(file))


_LIST_MARK = re.compile(r"\s*(?:\(?\d{1,3}[.)]|[-*•–—](?=\s))\s*")


def blank_list_mark(line: str) -> str:
    """The line with a leading list number or bullet blanked (`1. A ARE - SIE`,
    `2) ...`, `- `, `* `, `• `), so that columns stay put (Trust #3)."""
    mark = _LIST_MARK.match(line)
    if mark is None or mark.end() == len(line):
        return line
    return " " * mark.end() + line[mark.end() :]


def first_column(line: str) -> int:
    """The 1-based column of the first character that is not blank."""
    return len(line) - len(line.lstrip()) + 1
