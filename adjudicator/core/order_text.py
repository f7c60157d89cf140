"""An order file's bytes made safe to parse and to show (Trust #9).

Players' mail is hostile input. Before any parser sees an order file:

- bytes that are not UTF-8 are read as Latin-1 (as before), but named in an
  issue (`byte 0xe9 is not UTF-8`), never silently;
- NUL bytes, other control characters and ANSI escapes are shown escaped
  (`\\x1b`), so they never reach the GM's terminal or a report raw, and are
  named in an issue (tabs and line ends are kept);
- a line longer than `MAX_LINE_CHARS` is not read at all (the parsers' *did
  you mean* search would grow with it) but named in an issue.

Order files larger than `order_limit()` bytes are refused before they are
read (`MAPJUDGE_MAX_ORDER_BYTES`, docs/cli.md).
"""

from __future__ import annotations

import re

from maps.safe_yaml import env_limit
from orders.issues import IssueKind, OrderIssue, Source
from texts import T_, Tn_

MAX_ORDER_ENV = "MAPJUDGE_MAX_ORDER_BYTES"
DEFAULT_MAX_ORDER_BYTES = 64 * 1024
"""A season's orders for one power are a few hundred bytes; a mail with its
quoted history a few dozen kilobytes."""

MAX_LINE_CHARS = 500
"""The longest order line read; a longer one is an issue, not an order."""

QUOTED_CHARS = 60
"""How much of a refused line an issue quotes."""

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_LINE_END = re.compile(r"(\r\n|[\r\n\u2028\u2029])")
"""What still ends a line once the controls are escaped (as `str.splitlines`)."""


def order_limit() -> int:
    """The largest order file read, in bytes (`$MAPJUDGE_MAX_ORDER_BYTES`)."""
    return env_limit(MAX_ORDER_ENV, DEFAULT_MAX_ORDER_BYTES)


def decode(data: bytes) -> tuple[str, int | None]:
    """The text of an order file and the offset of its first byte that is not
    UTF-8 (None when it all is: then the text is UTF-8, else Latin-1)."""
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        return data.decode("latin-1"), exc.start


def escape_controls(text: str) -> str:
    """Control characters (NUL, ESC, DEL, C1) as `\\x1b`; tabs and line ends kept."""
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def safe_text(data: bytes) -> str:
    """The text parsers read: decoded, controls escaped, over-long lines blanked
    (so every line keeps its number)."""
    text = escape_controls(decode(data)[0])
    if len(text) <= MAX_LINE_CHARS:
        return text
    parts = _LINE_END.split(text)  # line, end, line, end, ..., line
    return "".join("" if i % 2 == 0 and len(p) > MAX_LINE_CHARS else p for i, p in enumerate(parts))


def file_issues(name: str, data: bytes) -> tuple[OrderIssue, ...]:
    """The issues of an order file as bytes: not UTF-8, control characters,
    over-long lines (one issue per kind and line)."""
    text, bad = decode(data)
    issues: list[OrderIssue] = []
    if bad is not None:
        line = data[:bad].count(b"\n") + 1
        message = T_(
            "byte {byte} is not UTF-8: the file was read as Latin-1", byte=f"0x{data[bad]:02x}"
        )
        issues.append(_issue(name, line, text.splitlines()[line - 1 : line], message))
    for number, line_text in enumerate(_LINE_END.split(text)[::2], start=1):
        if _too_long(line_text):
            message = T_(
                "line of {n} characters not read (at most {most})",
                n=len(line_text),
                most=MAX_LINE_CHARS,
            )
            issues.append(_issue(name, number, [line_text], message))
            continue
        found = sorted(set(_CONTROL.findall(line_text)))
        if found:
            named = ", ".join(_name(c) for c in found)
            control = Tn_(
                "control character(s) {names}",
                "control character(s) {names}",
                len(found),
                names=named,
            )
            issues.append(_issue(name, number, [line_text], control))
    return tuple(issues)


def _too_long(line: str) -> bool:
    return len(line) > MAX_LINE_CHARS


def _name(char: str) -> str:
    code = ord(char)
    if code == 0:
        return "NUL (\\x00)"
    if code == 0x1B:
        return "ESC (\\x1b)"
    return f"\\x{code:02x}"


def _issue(name: str, line: int, text: list[str], message: str) -> OrderIssue:
    shown = escape_controls(text[0] if text else "")
    if len(shown) > QUOTED_CHARS:
        shown = shown[:QUOTED_CHARS] + "..."
    return OrderIssue(IssueKind.SYNTAX, message, Source(name, line, shown))
