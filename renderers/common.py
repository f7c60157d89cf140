"""Pieces every ruleset's report shares: issues and dice rolls as JSON, and
the order issues are listed in."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.core.dice import Roll
from orders.issues import OrderIssue


def issue_key(issue: OrderIssue) -> tuple[str, int, int, str]:
    return (issue.source.file, issue.source.line, issue.source.column, issue.message)


def issue_dict(issue: OrderIssue, file_powers: Mapping[str, str]) -> dict[str, Any]:
    return {
        "power": file_powers.get(issue.source.file),
        "kind": issue.kind.value,
        "file": issue.source.file,
        "line": issue.source.line,
        "column": issue.source.column,
        "text": issue.source.text.strip(),
        "message": issue.message,
        "suggestions": list(issue.suggestions),
    }


def issue_line(issue: OrderIssue, indent: str = "  ") -> str:
    """An issue for a report's text: `ana.txt, line 1: unknown attribute or
    skill 'Destresa': did you mean Destreza?`, and the line as written under
    it (the nearest valid names, Trust: bad input answered clearly)."""
    return f"{issue.source}: {issue.text}{issue.hint}{issue.quote(indent + '    ')}"


def roll_dict(roll: Roll) -> dict[str, Any]:
    return {
        "game": roll.game,
        "phase": roll.phase,
        "purpose": roll.purpose,
        "index": roll.index,
        "sides": roll.sides,
        "result": roll.result,
    }


def plain_value(value: Any) -> Any:
    """An option value as JSON can hold it (enums and tuples become str/list)."""
    if isinstance(value, bool | int | float | str) or value is None:
        return value
    if isinstance(value, tuple | list | frozenset | set):
        return [plain_value(v) for v in value]
    return str(value)
