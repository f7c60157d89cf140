"""Order text -> `OrderSet`: what players emailed, read line by line.

`parse_orders` drops what is not an order (`orders.lines`: blank lines, quoted
mail, mail headers, the signature) and a leading list number or bullet (`1.`,
`2)`, `-`, `*`, `•`), then reads each remaining line on its own
with the Lark grammar `grammar/diplomacy.lark`: a line is a power header
(`England:`), a comment, or one order, optionally led by the power that gives
it. A bad line becomes one `OrderIssue` quoting it; the other lines still
count. A line that is plainly prose ("Dear GM", "Thanks!", a signature:
`orders.board.prose`) is listed as ignored text, not as a problem.

The grammar reads an order's shape and leaves names as runs of words: its
inline transformer `_Shapes` turns each rule into a light tuple while the
LALR parser runs (no parse tree is built). `orders.board.build.Builder` then
resolves the names against the map and builds the order dataclasses.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import cache
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from maps.model import GameMap
from orders.board.build import Builder, Giver, Header, Line, Outcome, Place, Unit, Words
from orders.board.model import Order, OrderSet, PhaseKind, UnitKind
from orders.board.prose import FUNCTION_WORDS, plainly_prose
from orders.board.prose import MOST_LINES as PROSE_LINES
from orders.grammars import open_grammar
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.lines import blank_list_mark, first_column, order_lines
from orders.names import NameIndex, fold
from texts import T_

GRAMMAR = "diplomacy"
"""The grammar `parse_orders` reads with (`grammar/<name>.lark`)."""


def parse_orders(
    text: str,
    *,
    game_map: GameMap,
    phase_kind: PhaseKind,
    file: str = "<orders>",
    power: str | None = None,
    grammar: str = GRAMMAR,
) -> OrderSet:
    """Read the orders in `text` for a phase of kind `phase_kind`.

    `power` gives the orders before any power header (a player's own file);
    `file` names the text in issues (`orders.txt, line 4: ...`); `grammar` is
    the ruleset's grammar (`grammar/<name>.lark`).
    """
    index = NameIndex.of(game_map)
    orders: list[Order] = []
    issues: list[OrderIssue] = []
    giver = Giver(power)
    weighed = 0  # unreadable lines weighed as prose
    for number, line in order_lines(text):
        source = Source(file, number, line, first_column(line))
        read = blank_list_mark(line)
        outcome = _read_line(read, Line(index, str(phase_kind), giver, source, grammar))
        if isinstance(outcome, Header):
            giver = Giver(outcome.power, None if outcome.power else number)
            outcome = outcome.issue
        elif _unreadable(outcome) and weighed < PROSE_LINES:
            weighed += 1
            if plainly_prose(read, index, order_words(grammar)):
                outcome = OrderIssue(IssueKind.IGNORED, IGNORED_TEXT, source)
        if isinstance(outcome, OrderIssue):
            issues.append(outcome)
        elif outcome is not None:
            orders.append(outcome)
    return OrderSet(tuple(orders), tuple(issues))


IGNORED_TEXT = T_("not an order")
"""The message of a line listed as ignored text (Trust #3)."""


def _unreadable(outcome: Outcome) -> bool:
    """Whether a line could not be read (it may be prose: `orders.board.prose`)."""
    return isinstance(outcome, OrderIssue) and outcome.kind is IssueKind.SYNTAX


@cache
def order_words(grammar: str = GRAMMAR) -> frozenset[str]:
    """The grammar's order words (`hold`, `apoya`, `a`...), folded, without
    the everyday words among its keywords (`to`, `de`...)."""
    terminals = grammar_parser(grammar).terminals
    words = {fold(t.pattern.value) for t in terminals if t.pattern.type == "str"}
    return frozenset(w for w in words if w.isalpha() and w not in FUNCTION_WORDS)


# --- one line --------------------------------------------------------------------


def _read_line(line: str, ctx: Line) -> Outcome:
    """One line -> an order, a header, an issue, or None (a comment)."""
    text = ctx.index.join_hyphenated(line)
    try:
        return _read(text, ctx, 0)
    except Problem as problem:
        return _read_hyphens_as_spaces(line, text, ctx, problem)


def _read_hyphens_as_spaces(line: str, text: str, ctx: Line, problem: Problem) -> Outcome:
    """A line the grammar rejects may hold a misspelt hyphenated name (`brest -
    mid-atlantc`): read it again with every hyphen inside a word as a space, and
    keep that reading unless the grammar rejects it too."""
    spaced = ctx.index.join_hyphenated(line, everywhere=True)
    if not problem.unreadable or spaced == text:
        return problem.issue(ctx.source)
    try:
        return _read(spaced, ctx, 0)
    except Problem as second:
        return (problem if second.unreadable else second).issue(ctx.source)


def _read(text: str, ctx: Line, offset: int) -> Outcome:
    """Read `text`, the part of the line from column `offset + 1`.

    A line that does not read but starts with a power's name without a colon
    (`england build A LON`, `England waive`) is read again without that name.
    """
    try:
        return Builder(ctx, offset).line(line_shape(text, ctx.grammar))
    except (UnexpectedInput, Problem) as exc:
        lead = _leading_power(text, ctx.index)
        if lead is None:
            if isinstance(exc, Problem):
                raise
            raise _syntax_problem(exc, text, offset) from None
    power, cut = lead
    return _read(text[cut:], replace(ctx, giver=Giver(power)), offset + cut)


_WORD_AT = re.compile(r"\s*([^\W_][\w'’.·]*)")
_MAX_LEAD = 6  # words looked at for a leading power name


def _leading_power(text: str, index: NameIndex) -> tuple[str, int] | None:
    """The power named by the first words of `text`, and where the rest starts."""
    words: list[re.Match[str]] = []
    position = 0
    while len(words) < _MAX_LEAD and (match := _WORD_AT.match(text, position)):
        words.append(match)
        position = match.end()
    lead = index.leading_power([match.group(1) for match in words])
    if lead is None:
        return None
    power, count = lead
    return power, words[count].start(1)


def _syntax_problem(exc: UnexpectedInput, text: str, offset: int) -> Problem:
    """A Lark error, phrased for a player."""
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    if isinstance(exc, UnexpectedCharacters) and exc.pos_in_stream is not None:
        message = T_("unexpected character '{char}'", char=text[exc.pos_in_stream])
    elif isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        message = T_("the order is incomplete")
        column = len(text.rstrip()) + 1
    elif isinstance(exc, UnexpectedToken):
        message = T_("cannot read '{word}' here", word=str(exc.token))
    else:
        message = T_("cannot read this order")
    return Problem(IssueKind.SYNTAX, message, column + offset, unreadable=True)


def line_shape(text: str, grammar: str = GRAMMAR) -> Any:
    """A line's shape (what `grammar_parser(grammar).parse(text)` gives), read
    by `_plain_shape` when the line is one of the plain forms most mail is
    made of, by the Lark grammar otherwise (and for every error)."""
    shape = _plain_shape(text, grammar)
    return shape if shape is not None else grammar_parser(grammar).parse(text)


# --- plain lines, without Lark ------------------------------------------------------
#
# Most order lines are one of five forms, with one-word places: `A PAR H`,
# `A PAR - BUR`, `F BRE S A PAR`, `F BRE S A PAR - BUR`, `F NTH C A LON -
# NWY` (a place may have a coast after a slash: `F STP/SC`). Lark reads such a
# line in about 50 us (10 us a token); `_plain_shape` reads it in a few, and
# gives the very shape, tokens and positions Lark's would. It reads only
# ASCII lines whose words are none of the grammar's keywords (so the Lark
# lexer would read each as a WORD, and each verb as its keyword) and leaves
# anything else to Lark: headers, a power before the order, longer names,
# other verbs, comments, errors. `tests/test_plain_lines.py` holds it to Lark.

PLAIN_GRAMMARS = frozenset({"diplomacy", "machiavelli"})
"""The grammars whose plain forms read as in `diplomacy.lark` (tested)."""

_PLAIN_CHARS = re.compile(r"[A-Za-z0-9_'. \t\f\r\n/-]*\Z")
_PLAIN_PART = re.compile(r"([A-Za-z0-9][A-Za-z0-9_'.]*)|([-/])|([^ \t\f\r\n])")
"""A word, a `-` or `/`, or any other character but a space (spaces are skipped)."""
_KINDS = {"a": UnitKind.ARMY, "f": UnitKind.FLEET}
_HOLD = frozenset({"h", "hold", "holds"})
_SUPPORT = frozenset({"s", "support", "supports"})
_CONVOY = frozenset({"c", "convoy", "convoys"})


@cache
def _keywords(grammar: str) -> frozenset[str]:
    """Every keyword of the grammar, in lower case."""
    terminals = grammar_parser(grammar).terminals
    return frozenset(t.pattern.value.lower() for t in terminals if t.pattern.type == "str")


def _plain_tokens(text: str) -> list[Token | str] | None:
    """The line's words (WORD tokens, as Lark makes them) and its `-` and `/`,
    or None if it holds anything else."""
    if not _PLAIN_CHARS.match(text):
        return None
    found: list[Token | str] = []
    for part in _PLAIN_PART.finditer(text):
        word, mark, other = part.groups()
        if word is not None:
            start, end = part.span()
            found.append(Token("WORD", word, start, 1, start + 1, 1, end + 1, end))
        elif mark is not None:
            found.append(mark)
        elif other is not None:
            return None
    return found


def _plain_shape(text: str, grammar: str) -> Any:
    """The shape of a plain line (see above), or None to leave it to Lark."""
    if grammar not in PLAIN_GRAMMARS:
        return None
    tokens = _plain_tokens(text)
    if not tokens or len(tokens) > 12:
        return None
    keywords = _keywords(grammar)
    reader = _PlainReader(tokens, keywords)
    try:
        unit = reader.unit()
        verb = reader.word().lower()
        if verb == "-":
            order: tuple[Any, ...] = ("move", unit, reader.place(), None)
        elif verb in _HOLD:
            order = ("hold", unit)
        elif verb in _SUPPORT or verb in _CONVOY:
            other = reader.unit()
            if reader.done():
                if verb in _CONVOY:
                    return None
                order = ("support_hold", unit, other)
            elif reader.word() != "-":
                return None
            else:
                kind = "support_move" if verb in _SUPPORT else "convoy"
                order = (kind, unit, other, reader.place())
        else:
            return None
    except _NotPlain:
        return None
    return ("order_line", None, order) if reader.done() else None


class _NotPlain(Exception):
    """The line is not one of the plain forms."""


class _PlainReader:
    """Reads the plain forms' parts off a line's tokens."""

    def __init__(self, tokens: list[Token | str], keywords: frozenset[str]) -> None:
        self.tokens = tokens
        self.keywords = keywords
        self.at = 0

    def done(self) -> bool:
        return self.at == len(self.tokens)

    def word(self) -> Token | str:
        if self.done():
            raise _NotPlain
        self.at += 1
        return self.tokens[self.at - 1]

    def name(self) -> Token:
        """A one-word name that no keyword spells."""
        word = self.word()
        if not isinstance(word, Token) or word.lower() in self.keywords:
            raise _NotPlain
        return word

    def place(self) -> Place:
        name = self.name()
        if self.at < len(self.tokens) and self.tokens[self.at] == "/":
            self.at += 1
            return ((name,), (self.name(),))
        return ((name,), None)

    def unit(self) -> Unit:
        kind = _KINDS.get(str(self.word()).lower())
        if kind is None:
            raise _NotPlain
        return Unit(None, kind, self.place())


@cache
def grammar_parser(name: str = GRAMMAR) -> Lark:
    """The LALR parser of `grammar/<name>.lark`, built once per process (or
    loaded from Lark's cache: `orders.grammars`).

    `_Shapes` is its inline transformer: the parser calls it as it reduces each
    rule, so no parse tree is built and `parse` returns a line's shape.
    """
    return open_grammar(name, parser="lalr", maybe_placeholders=True, transformer=_Shapes())


# --- the grammar's callbacks -----------------------------------------------------


class _Shapes:
    """The grammar's inline callbacks: each rule becomes a light tuple.

    They run inside the parser, which is shared, so they keep no state and
    look nothing up: `Builder` resolves names and builds the orders after the
    line parsed. A line's shape is None (blank or a comment), `("header",
    words)` or `("order_line", words | None, order)`, where an order is `(rule,
    *children)` (`("move", unit, place, via)`), or a `Tree` for a rule the
    builder does not know (a ruleset's extension). Not a `lark.Transformer`:
    without its `__default__`, Lark builds a rule with no callback here (the
    keyword rules `_move`, `_hold`...) as a plain `Tree`, the cheapest way.
    """

    def start(self, children: list[Any]) -> Any:
        return children[0]

    def header(self, children: list[Any]) -> tuple[str, Words]:
        return ("header", children[0])

    def order_line(self, children: list[Any]) -> tuple[Any, ...]:
        return ("order_line", children[0], children[1])

    def name(self, children: list[Token]) -> Words:
        return tuple(children)

    coast = name

    def place(self, children: list[Any]) -> Place:
        return (children[0], children[1])

    def army(self, children: list[Any]) -> UnitKind:
        return UnitKind.ARMY

    def fleet(self, children: list[Any]) -> UnitKind:
        return UnitKind.FLEET

    def garrison(self, children: list[Any]) -> UnitKind:
        return UnitKind.GARRISON

    def via(self, children: list[Any]) -> bool:
        return True

    def unit(self, children: list[Any]) -> Unit:
        return Unit(None, children[0], children[1])

    def owned_unit(self, children: list[Any]) -> Unit:
        return Unit(children[0], children[1], children[2])

    def hold(self, children: list[Any]) -> tuple[Any, ...]:
        return ("hold", *children)

    def move(self, children: list[Any]) -> tuple[Any, ...]:
        return ("move", *children)

    def support_hold(self, children: list[Any]) -> tuple[Any, ...]:
        return ("support_hold", *children)

    def support_move(self, children: list[Any]) -> tuple[Any, ...]:
        return ("support_move", *children)

    def convoy(self, children: list[Any]) -> tuple[Any, ...]:
        return ("convoy", *children)

    def retreat(self, children: list[Any]) -> tuple[Any, ...]:
        return ("retreat", *children)

    def disband(self, children: list[Any]) -> tuple[Any, ...]:
        return ("disband", *children)

    def build(self, children: list[Any]) -> tuple[Any, ...]:
        return ("build", *children)

    def waive(self, children: list[Any]) -> tuple[Any, ...]:
        return ("waive",)

    def besiege(self, children: list[Any]) -> tuple[Any, ...]:
        return ("besiege", *children)

    def convert(self, children: list[Any]) -> tuple[Any, ...]:
        return ("convert", *children)

    def support_siege(self, children: list[Any]) -> tuple[Any, ...]:
        return ("support_siege", *children)

    def support_convert(self, children: list[Any]) -> tuple[Any, ...]:
        return ("support_convert", *children)
