"""Where an order line came from, and the problems players see with it.

Shared by every ruleset's parser: an issue names the file, the line and the
text, says what kind of problem it is, and offers the nearest valid names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum


@dataclass(frozen=True, slots=True)
class Source:
    """Where an order or issue came from: file name, 1-based line, the text."""

    file: str
    line: int
    text: str
    column: int = 1

    def __str__(self) -> str:
        return f"{self.file}, line {self.line}"


class IssueKind(StrEnum):
    """How an order line went wrong."""

    SYNTAX = "syntax"  # cannot be read at all
    ILLEGAL = "illegal"  # read, but breaks a rule (foreign unit, unreachable, wrong phase)
    AMBIGUOUS = "ambiguous"  # read, but could mean more than one thing


@dataclass(frozen=True, slots=True)
class OrderIssue:
    """A problem with one order line, phrased for the player."""

    kind: IssueKind
    message: str
    source: Source
    suggestions: tuple[str, ...] = ()

    def render(self) -> str:
        """`orders.txt, line 4: unknown province 'TYRR': did you mean TYR (Tyrolia)?`"""
        hint = f": did you mean {' or '.join(self.suggestions)}?" if self.suggestions else ""
        return (
            f"{self.source.file}, line {self.source.line}: {self.kind.value}: "
            f"{self.message}{hint}\n    > {self.source.text.strip()}"
        )


class Problem(Exception):
    """Why a line cannot become an order; turned into an `OrderIssue`."""

    def __init__(
        self,
        kind: IssueKind,
        message: str,
        column: int,
        suggestions: Sequence[str] = (),
        *,
        unreadable: bool = False,
    ) -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.column = column
        self.suggestions = tuple(suggestions)
        self.unreadable = unreadable  # the grammar rejected the line

    def issue(self, source: Source) -> OrderIssue:
        return OrderIssue(
            self.kind, self.message, replace(source, column=self.column), self.suggestions
        )
