"""Where an order line came from, and the problems players see with it.

Shared by every ruleset's parser: an issue names the file, the line and the
text, says what kind of problem it is, and offers the nearest valid names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from texts import N_, _, tr


@dataclass(frozen=True, slots=True)
class Source:
    """Where an order or issue came from: file name, 1-based line, the text.

    Line 0 is the file as a whole (`Source.whole(file)`: an empty file, or
    two files for one power)."""

    file: str
    line: int
    text: str
    column: int = 1

    @classmethod
    def whole(cls, file: str) -> Source:
        """The file as a whole, not one of its lines."""
        return cls(file, 0, "", 0)

    def __str__(self) -> str:
        """`orders.txt, line 4` in the current language (`texts.using`)."""
        if not self.line:
            return self.file
        return _("{file}, line {line}").format(file=self.file, line=self.line)


class IssueKind(StrEnum):
    """How an order line went wrong."""

    SYNTAX = "syntax"  # cannot be read at all
    ILLEGAL = "illegal"  # read, but breaks a rule (foreign unit, unreachable, wrong phase)
    AMBIGUOUS = "ambiguous"  # read, but could mean more than one thing
    IGNORED = "ignored"  # plainly no order (a greeting, thanks, a signature): listed, no problem

    @property
    def label(self) -> str:
        """The kind's word in the current language (`syntax`, `sintaxis`...)."""
        return _(_KIND_WORDS[self])

    @property
    def problem(self) -> bool:
        """Whether the GM must look at it: every kind but IGNORED counts as a
        problem (exit code 1, "N problem(s)")."""
        return self is not IssueKind.IGNORED


_KIND_WORDS = {
    IssueKind.SYNTAX: N_("syntax"),
    IssueKind.ILLEGAL: N_("illegal"),
    IssueKind.AMBIGUOUS: N_("ambiguous"),
    IssueKind.IGNORED: N_("ignored"),
}


@dataclass(frozen=True, slots=True)
class OrderIssue:
    """A problem with one order line, phrased for the player. `message` is
    English; when it is a `texts.Text` (made with `T_`) it is told in each
    reader's language (`text`, `hint` and `render` follow `texts.using`)."""

    kind: IssueKind
    message: str
    source: Source
    suggestions: tuple[str, ...] = ()

    @property
    def problem(self) -> bool:
        """Whether it is a problem (not ignored text)."""
        return self.kind.problem

    @property
    def text(self) -> str:
        """The message in the current language."""
        return tr(self.message)

    @property
    def hint(self) -> str:
        """`: did you mean TYR (Tyrolia)?`, or nothing without suggestions."""
        if not self.suggestions:
            return ""
        names = _(" or ").join(tr(name) for name in self.suggestions)
        return _(": did you mean {names}?").format(names=names)

    def quote(self, indent: str = "    ") -> str:
        """The line as written, on a line of its own, or nothing for a file."""
        return f"\n{indent}> {self.source.text.strip()}" if self.source.line else ""

    def render(self) -> str:
        """`orders.txt, line 4: unknown province 'TYRR': did you mean TYR (Tyrolia)?`"""
        return f"{self.source}: {self.kind.label}: {self.text}{self.hint}{self.quote()}"


def problems(issues: Iterable[OrderIssue]) -> tuple[OrderIssue, ...]:
    """The issues that are problems (all but ignored text)."""
    return tuple(issue for issue in issues if issue.problem)


def ignored(issues: Iterable[OrderIssue]) -> tuple[OrderIssue, ...]:
    """The lines listed as ignored text."""
    return tuple(issue for issue in issues if not issue.problem)


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
