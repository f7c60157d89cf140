"""Order text -> `OrderSet`: what players emailed, read line by line.

`parse_orders` drops what is not an order (blank lines, comments, quoted
mail, mail headers, the signature), then reads each remaining line on its
own with the Lark grammar `grammar/diplomacy.lark`: a line is a power header
(`England:`), or one order, optionally led by the power that gives it. A bad
line becomes one `OrderIssue` quoting it; the other lines still count.

The grammar reads an order's shape and leaves names as runs of words;
`_Builder` (a Lark transformer) resolves them against the map through
`orders.names.NameIndex` and builds the order dataclasses, choosing by phase
what a shape means (`A MUN - BOH` moves in a movement phase and retreats in a
retreat phase). The parser never looks at the board: whose unit stands where,
and which moves are possible, is the ruleset's business.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from lark import Lark, Token, Transformer, Tree, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken, VisitError

from maps.model import GameMap
from orders.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    IssueKind,
    Move,
    Order,
    OrderIssue,
    OrderSet,
    PhaseKind,
    Retreat,
    Source,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.names import COAST_PHRASES, NameIndex, Reading, coast_name, fold

GRAMMAR = "diplomacy"
"""The grammar `parse_orders` reads with (`grammar/<name>.lark`)."""


def parse_orders(
    text: str,
    *,
    game_map: GameMap,
    phase_kind: PhaseKind,
    file: str = "<orders>",
    power: str | None = None,
) -> OrderSet:
    """Read the orders in `text` for a phase of kind `phase_kind`.

    `power` gives the orders before any power header (a player's own file);
    `file` names the text in issues (`orders.txt, line 4: ...`).
    """
    index = NameIndex.of(game_map)
    orders: list[Order] = []
    issues: list[OrderIssue] = []
    giver = _Giver(power)
    for number, line in _order_lines(text):
        source = Source(file, number, line, _first_column(line))
        outcome = _read_line(line, _Line(index, str(phase_kind), giver, source))
        if isinstance(outcome, _Header):
            giver = _Giver(outcome.power, None if outcome.power else number)
            outcome = outcome.issue
        if isinstance(outcome, OrderIssue):
            issues.append(outcome)
        elif outcome is not None:
            orders.append(outcome)
    return OrderSet(tuple(orders), tuple(issues))


# --- what is not an order --------------------------------------------------------

_MAIL_HEADER = re.compile(
    r"\s*(from|to|subject|date|cc|bcc|sent|reply-to"  # English mail clients
    r"|de|para|asunto|enviado|fecha|per|assumpte|data|enviat)\s*:",  # Spanish, Catalan
    re.IGNORECASE,
)
_QUOTED = re.compile(r"\s*>|(on|el)\s.*\s(wrote|escribió|va escriure)\s*:\s*$", re.IGNORECASE)
_SIGNATURE = re.compile(
    r"--\s*$|-{3,}\s*(original message|mensaje original|missatge original)", re.IGNORECASE
)


def _order_lines(text: str) -> Iterator[tuple[int, str]]:
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


def _first_column(line: str) -> int:
    return len(line) - len(line.lstrip()) + 1


# --- one line --------------------------------------------------------------------


@dataclass(frozen=True)
class _Giver:
    """The power that gives the orders of the lines to come; `unread_header` is
    the line of a header that named no known power (its orders have no power)."""

    power: str | None
    unread_header: int | None = None


@dataclass(frozen=True)
class _Line:
    """What reading one line needs: names, phase kind, current power, its source."""

    index: NameIndex
    phase: str
    giver: _Giver
    source: Source


@dataclass(frozen=True)
class _Header:
    """A power header line: the power it names (None if unknown) and its issue."""

    power: str | None
    issue: OrderIssue | None = None


_Outcome = Order | OrderIssue | _Header | None


class _Problem(Exception):
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


def _read_line(line: str, ctx: _Line) -> _Outcome:
    """One line -> an order, a header, an issue, or None (a comment)."""
    text = ctx.index.join_hyphenated(line)
    try:
        return _read(text, ctx, 0)
    except _Problem as problem:
        return _read_hyphens_as_spaces(line, text, ctx, problem)


def _read_hyphens_as_spaces(line: str, text: str, ctx: _Line, problem: _Problem) -> _Outcome:
    """A line the grammar rejects may hold a misspelt hyphenated name (`brest -
    mid-atlantc`): read it again with every hyphen inside a word as a space, and
    keep that reading unless the grammar rejects it too."""
    spaced = ctx.index.join_hyphenated(line, everywhere=True)
    if not problem.unreadable or spaced == text:
        return problem.issue(ctx.source)
    try:
        return _read(spaced, ctx, 0)
    except _Problem as second:
        return (problem if second.unreadable else second).issue(ctx.source)


def _read(text: str, ctx: _Line, offset: int) -> _Outcome:
    """Read `text`, the part of the line from column `offset + 1`.

    A line that does not read but starts with a power's name without a colon
    (`england build A LON`, `England waive`) is read again without that name.
    """
    try:
        return _Builder(ctx, offset).read_tree(grammar_parser().parse(text))
    except (UnexpectedInput, _Problem) as exc:
        lead = _leading_power(text, ctx.index)
        if lead is None:
            if isinstance(exc, _Problem):
                raise
            raise _syntax_problem(exc, text, offset) from None
    power, cut = lead
    return _read(text[cut:], replace(ctx, giver=_Giver(power)), offset + cut)


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


def _syntax_problem(exc: UnexpectedInput, text: str, offset: int) -> _Problem:
    """A Lark error, phrased for a player."""
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    if isinstance(exc, UnexpectedCharacters) and exc.pos_in_stream is not None:
        message = f"unexpected character '{text[exc.pos_in_stream]}'"
    elif isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        message = "the order is incomplete"
        column = len(text.rstrip()) + 1
    elif isinstance(exc, UnexpectedToken):
        message = f"cannot read '{exc.token}' here"
    else:
        message = "cannot read this order"
    return _Problem(IssueKind.SYNTAX, message, column + offset, unreadable=True)


@cache
def grammar_parser(name: str = GRAMMAR) -> Lark:
    """The LALR parser of `grammar/<name>.lark`, built once per process."""
    return Lark.open_from_package(
        "grammar", f"{name}.lark", ("",), parser="lalr", maybe_placeholders=True
    )


# --- trees -> orders -------------------------------------------------------------


@dataclass(frozen=True)
class _Place:
    """A place as written: the words of its name and, if written apart, its coast."""

    words: tuple[Token, ...]
    coast: tuple[Token, ...] | None


_HEADER_WORDS = 3
"""A longer line that mentions a power is chatter, not a header (`Thanks France for...`)."""

_ALLOWED_IN: dict[str, frozenset[str]] = {
    "holds": frozenset({"movement"}),
    "moves": frozenset({"movement", "retreat"}),
    "supports": frozenset({"movement"}),
    "convoys": frozenset({"movement"}),
    "retreats": frozenset({"retreat"}),
    "disbands": frozenset({"retreat", "adjustment"}),
    "builds": frozenset({"adjustment"}),
    "waived builds": frozenset({"adjustment"}),
}
"""Which phase kinds each kind of order belongs to."""


@v_args(inline=True)
class _Builder(Transformer[Token, Any]):
    """Builds one line's order from its parse tree, resolving names as it goes."""

    def __init__(self, ctx: _Line, offset: int) -> None:
        super().__init__()
        self.ctx = ctx
        self.index = ctx.index
        self.offset = offset

    # --- the line ------------------------------------------------------------------

    def read_tree(self, tree: Tree[Token]) -> _Outcome:
        """`start` -> None (nothing), a `_Header`, or an order."""
        content = tree.children[0]
        if not isinstance(content, Tree):
            return None
        if content.data == "header":
            return self._header(_words(content.children[0]))
        prefix, order = content.children
        if isinstance(prefix, Tree):
            giver = _Giver(self._power_named(_words(prefix)))
            return _Builder(replace(self.ctx, giver=giver), self.offset).order_of(order)
        return self.order_of(order)

    def order_of(self, tree: Any) -> Order:
        """Transform an order's tree, letting a `_Problem` through unwrapped."""
        try:
            order: Order = self.transform(tree)
        except VisitError as exc:
            if isinstance(exc.orig_exc, _Problem):
                raise exc.orig_exc from None
            raise
        if isinstance(order, Tree):  # a grammar rule this builder does not know
            message = f"{order.data} orders are not read by this ruleset"
            raise _Problem(IssueKind.SYNTAX, message, self.ctx.source.column)
        return order

    def _header(self, words: Sequence[Token]) -> _Header:
        """`England:` switches the power. A header that names no known power but
        looks like one (`Englnd:`, `Órdenes de Turquía`) gives an issue, and the
        orders after it get no power until the next header."""
        power = self.index.power(words)
        if power is not None:
            return _Header(power)
        text = self._quote(words)
        if self.index.readings(words, owner=False, coast_words=True):
            raise self._problem(IssueKind.SYNTAX, f"no order given for '{text}'", words)
        if self.index.leading_power(words):  # `England waive`: read on without the power
            raise self._problem(IssueKind.SYNTAX, f"'{text}' is not an order", words)
        meant = self.index.power_suggestions(text, cutoff=0.75)
        if not meant and len(words) <= _HEADER_WORDS:
            meant = self.index.powers_within(words)
        if not meant:
            raise self._problem(IssueKind.SYNTAX, f"'{text}' is not an order or a power", words)
        problem = self._problem(IssueKind.SYNTAX, f"unknown power '{text}'", words, meant)
        return _Header(None, problem.issue(self.ctx.source))

    # --- names and places ------------------------------------------------------------

    def name(self, *words: Token) -> tuple[Token, ...]:
        return words

    def coast(self, *words: Token) -> tuple[Token, ...]:
        return words

    def place(self, words: tuple[Token, ...], coast: tuple[Token, ...] | None) -> _Place:
        return _Place(words, coast)

    def army(self) -> UnitKind:
        return UnitKind.ARMY

    def fleet(self) -> UnitKind:
        return UnitKind.FLEET

    def garrison(self) -> UnitKind:
        return UnitKind.GARRISON

    def via(self) -> bool:
        return True

    def unit(self, kind: UnitKind | None, place: _Place) -> UnitRef:
        """`A LON`, `LON`, or (no kind) `turks HER`."""
        reading = self._reading(place, owner=kind is None)
        return UnitRef(kind, reading.location, reading.owner)

    def owned_unit(self, owner: tuple[Token, ...], kind: UnitKind, place: _Place) -> UnitRef:
        """`turks A HER`: another power's unit (or, leading a line, the giver's)."""
        power = self._power_named(owner)
        return UnitRef(kind, self._reading(place, owner=False).location, power)

    # --- orders ------------------------------------------------------------------------

    def hold(self, unit: UnitRef) -> Hold:
        power, unit = self._giver(unit, "holds")
        return Hold(power, unit, source=self.ctx.source)

    def move(self, unit: UnitRef, dest: _Place, via: bool | None) -> Move | Retreat:
        """A move; in a retreat phase `A MUN - BOH` is the retreat `A MUN R BOH`."""
        power, unit = self._giver(unit, "moves")
        where = self._dest(dest)
        if self.ctx.phase == "retreat":
            if via:
                raise self._problem(IssueKind.ILLEGAL, "a retreat cannot go by convoy", dest.words)
            return Retreat(power, unit, where, source=self.ctx.source)
        return Move(power, unit, where, bool(via), source=self.ctx.source)

    def support_hold(self, unit: UnitRef, supported: UnitRef) -> SupportHold:
        power, unit = self._giver(unit, "supports")
        return SupportHold(power, unit, supported, source=self.ctx.source)

    def support_move(self, unit: UnitRef, supported: UnitRef, dest: _Place) -> SupportMove:
        power, unit = self._giver(unit, "supports")
        return SupportMove(power, unit, supported, self._dest(dest), source=self.ctx.source)

    def convoy(self, unit: UnitRef, convoyed: UnitRef, dest: _Place) -> Convoy:
        power, unit = self._giver(unit, "convoys")
        return Convoy(power, unit, convoyed, self._dest(dest), source=self.ctx.source)

    def retreat(self, unit: UnitRef, dest: _Place) -> Retreat:
        power, unit = self._giver(unit, "retreats")
        return Retreat(power, unit, self._dest(dest), source=self.ctx.source)

    def disband(self, unit: UnitRef) -> Disband:
        """Disband (retreat phase) or remove (adjustment phase)."""
        power, unit = self._giver(unit, "disbands")
        return Disband(power, unit, source=self.ctx.source)

    def build(self, unit: UnitRef) -> Build:
        power, unit = self._giver(unit, "builds")
        return Build(power, unit, source=self.ctx.source)

    def waive(self) -> Waive:
        self._check_phase("waived builds")
        return Waive(self._power(), source=self.ctx.source)

    # --- helpers -----------------------------------------------------------------------

    def _giver(self, unit: UnitRef, orders: str) -> tuple[str, UnitRef]:
        """The power giving an order for `unit` (named before it, or the line's),
        and the unit without its owner."""
        self._check_phase(orders)
        return unit.power or self._power(), replace(unit, power=None)

    def _power(self) -> str:
        giver = self.ctx.giver
        if giver.power is not None:
            return giver.power
        note = f" (line {giver.unread_header} names no known power)" if giver.unread_header else ""
        raise _Problem(
            IssueKind.SYNTAX, f"no power given for this order{note}", self.ctx.source.column
        )

    def _check_phase(self, orders: str) -> None:
        """`supports are not orders of a retreat phase`."""
        phase = self.ctx.phase
        if phase not in _ALLOWED_IN[orders]:
            article = "an" if phase[:1] in "aeiou" else "a"
            message = f"{orders} are not orders of {article} {phase} phase"
            raise _Problem(IssueKind.ILLEGAL, message, self.ctx.source.column)

    def _dest(self, place: _Place) -> str:
        return self._reading(place, owner=False).location

    def _reading(self, place: _Place, *, owner: bool) -> Reading:
        """The one way to read a place (coast checked), or a problem."""
        readings = self.index.readings(place.words, owner=owner, coast_words=place.coast is None)
        if not readings:
            raise self._unknown_place(place.words, owner=owner)
        if len(readings) > 1:
            choices = [self.index.describe(reading) for reading in readings]
            message = f"'{self._quote(place.words)}' could mean more than one place"
            raise self._problem(IssueKind.AMBIGUOUS, message, place.words, choices)
        reading = readings[0]
        if place.coast is not None:
            reading = replace(reading, coast=self._written_coast(place.coast, reading.area))
        self._check_coast(reading, place)
        return reading

    def _written_coast(self, words: tuple[Token, ...], area: str) -> str:
        """The coast written after a slash or in brackets (`/nc`, `(north coast)`)."""
        coast = COAST_PHRASES.get(" ".join(fold(word) for word in words))
        if coast is None:
            message = f"unknown coast '{self._quote(words)}'"
            raise self._problem(IssueKind.SYNTAX, message, words, self.index.coasts_of(area))
        return coast

    def _check_coast(self, reading: Reading, place: _Place) -> None:
        """`Spain has no east coast`: a coast named must be one of the area's."""
        area = self.index.game_map.areas[reading.area]
        if reading.coast is not None and reading.coast not in area.coasts:
            message = f"{area.name} has no {coast_name(reading.coast)}"
            words = place.words + (place.coast or ())
            raise self._problem(IssueKind.ILLEGAL, message, words, self.index.coasts_of(area.code))

    def _power_named(self, words: Sequence[Token]) -> str:
        power = self.index.power(words)
        if power is None:
            raise self._unknown_power(words)
        return power

    def _unknown_power(self, words: Sequence[Token]) -> _Problem:
        text = self._quote(words)
        suggestions = self.index.power_suggestions(text)
        return self._problem(IssueKind.SYNTAX, f"unknown power '{text}'", words, suggestions)

    def _unknown_place(self, words: Sequence[Token], *, owner: bool) -> _Problem:
        """`unknown province 'TYRR'`, quoting the words that are no name (not a
        leading owner or trailing coast words), with the nearest names."""
        span = self.index.unknown_part(words, owner=owner)
        part = words[span.start : span.end]
        text = self._quote(part)
        suggestions = self.index.place_suggestions(text)
        return self._problem(IssueKind.SYNTAX, f"unknown province '{text}'", part, suggestions)

    def _problem(
        self,
        kind: IssueKind,
        message: str,
        words: Sequence[Token],
        suggestions: Sequence[str] = (),
    ) -> _Problem:
        return _Problem(kind, message, self._column(words), suggestions)

    def _column(self, words: Sequence[Token]) -> int:
        column = words[0].column if words else None
        return (column or 1) + self.offset

    def _quote(self, words: Sequence[Token]) -> str:
        """The words as the player wrote them (hyphens and all)."""
        start, end = words[0].start_pos, words[-1].end_pos
        if start is None or end is None:
            return " ".join(words)
        return self.ctx.source.text[start + self.offset : end + self.offset]


def _words(tree: Any) -> tuple[Token, ...]:
    """The WORD tokens of an untransformed `name` tree."""
    return tuple(child for child in tree.children if isinstance(child, Token))
