"""A post's items put together: declarations numbered per character, the
desperate marks and the Voluntad spends applied to them (N-092, N-181,
NAMB-25, NAMB-28)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.narrativo.model import Choice, Declaration, WillpowerSpend, WillpowerUse
from orders.narrativo.names import NarrativoNames
from texts import T_


@dataclass(frozen=True)
class ParsedPost:
    """Everything read from one post, in the order written, and its issues."""

    declarations: tuple[Declaration, ...]
    choices: tuple[Choice, ...]
    spends: tuple[WillpowerSpend, ...]
    issues: tuple[OrderIssue, ...]


@dataclass(frozen=True)
class Desperate:
    """`Dreyer: tirada desesperada` (NAMB-25)."""

    character: str


Item = Declaration | Choice | WillpowerSpend | Desperate


def assemble(
    found: list[tuple[Item, Source]], issues: list[OrderIssue], names: NarrativoNames
) -> ParsedPost:
    """Number the declarations per character; apply the desperate marks and
    the dice spends to them (NAMB-25, NAMB-28)."""
    counts: Counter[str] = Counter()
    declarations: list[Declaration] = []
    for item, source in found:
        if isinstance(item, Declaration):
            counts[item.character] += 1
            declarations.append(replace(item, number=counts[item.character], source=source))
    for item, source in found:
        if isinstance(item, Desperate):
            declarations = _mark_desperate(item.character, declarations, source, issues, names)
    spends: list[WillpowerSpend] = []
    spent: set[str] = set()
    for item, source in found:
        if isinstance(item, WillpowerSpend):
            try:
                declarations = _apply_spend(item, declarations, spent, names)
                spends.append(replace(item, source=source))
            except Problem as problem:
                issues.append(problem.issue(source))
    choices = [replace(item, source=source) for item, source in found if isinstance(item, Choice)]
    return ParsedPost(tuple(declarations), tuple(choices), tuple(spends), tuple(issues))


def _mark_desperate(
    character: str,
    declarations: list[Declaration],
    source: Source,
    issues: list[OrderIssue],
    names: NarrativoNames,
) -> list[Declaration]:
    """Every declaration of the character in the post asks for the
    desperate roll (NAMB-25); with none, an issue."""
    if not any(d.character == character for d in declarations):
        issues.append(
            OrderIssue(
                IssueKind.ILLEGAL,
                T_(
                    "{name} asks for the desperate roll but declares no"
                    " action in this post (N-181, NAMB-25)",
                    name=names.display(character),
                ),
                source,
            )
        )
        return declarations
    return [replace(d, desperate=True) if d.character == character else d for d in declarations]


def _apply_spend(
    spend: WillpowerSpend, declarations: list[Declaration], spent: set[str], names: NarrativoNames
) -> list[Declaration]:
    """A dice spend marks its action (the one numbered, else the first);
    one a character per post (N-092, NAMB-28). Other uses mark nothing."""
    if spend.use is not WillpowerUse.DICE:
        return declarations
    shown = names.display(spend.character)
    own = [d for d in declarations if d.character == spend.character]
    number = spend.action or 1
    if spend.character in spent:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{name} already spends a Voluntad point for dice: one action a turn gets"
                " +2 dice (N-092, NAMB-28)",
                name=shown,
            ),
            1,
        )
    if not own or number > len(own) or number < 1:
        has = T_("he declares {n}", n=len(own)) if own else T_("he declares none")
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{name} spends Voluntad for dice on action {number}, but {has} in this post"
                " (N-092)",
                name=shown,
                number=number,
                has=has,
            ),
            1,
        )
    spent.add(spend.character)
    target = own[number - 1]
    return [replace(d, spend_willpower=True) if d is target else d for d in declarations]
