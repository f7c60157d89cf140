"""Order text -> `OrderSet`: what players emailed, read line by line.

`parse_orders` drops what is not an order (blank lines, comments, quoted
mail, mail headers, the signature), then reads each remaining line on its
own with the Lark grammar `grammar/diplomacy.lark`: a line is a power header
(`England:`), or one order, optionally led by the power that gives it. A bad
line becomes one `OrderIssue` quoting it; the other lines still count.

The grammar reads an order's shape and leaves names as runs of words: its
inline transformer `_Shapes` turns each rule into a light tuple while the
LALR parser runs (no parse tree is built). `_Builder` then resolves the names
against the map through `orders.names.NameIndex` and builds the order
dataclasses, choosing by phase what a shape means (`A MUN - BOH` moves in a
movement phase and retreats in a retreat phase). The parser never looks at
the board: whose unit stands where, and which moves are possible, is the
ruleset's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any, NamedTuple

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

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
        return _Builder(ctx, offset).line(grammar_parser().parse(text))
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
    """The LALR parser of `grammar/<name>.lark`, built once per process.

    `_Shapes` is its inline transformer: the parser calls it as it reduces each
    rule, so no parse tree is built and `parse` returns a line's shape.
    """
    return Lark.open_from_package(
        "grammar",
        f"{name}.lark",
        ("",),
        parser="lalr",
        maybe_placeholders=True,
        transformer=_Shapes(),
    )


# --- shapes: what the grammar read, names not yet resolved -------------------------

_Words = tuple[Token, ...]
"""The WORD tokens of a name, as written."""

_Place = tuple[_Words, _Words | None]
"""A place as written: the words of its name and, if written apart, its coast."""


class _Unit(NamedTuple):
    """A unit as written: the owner named before its kind (`turks A HER`), its
    kind, its place."""

    owner: _Words | None
    kind: UnitKind | None
    place: _Place


class _Shapes:
    """The grammar's inline callbacks: each rule becomes a light tuple.

    They run inside the parser, which is shared, so they keep no state and
    look nothing up: `_Builder` resolves names and builds the orders after the
    line parsed. A line's shape is None (blank or a comment), `("header",
    words)` or `("order_line", words | None, order)`, where an order is `(rule,
    *children)` (`("move", unit, place, via)`), or a `Tree` for a rule this
    module does not know (a ruleset's extension). Not a `lark.Transformer`:
    without its `__default__`, Lark builds a rule with no callback here (the
    keyword rules `_move`, `_hold`...) as a plain `Tree`, the cheapest way.
    """

    def start(self, children: list[Any]) -> Any:
        return children[0]

    def header(self, children: list[Any]) -> tuple[str, _Words]:
        return ("header", children[0])

    def order_line(self, children: list[Any]) -> tuple[Any, ...]:
        return ("order_line", children[0], children[1])

    def name(self, children: list[Token]) -> _Words:
        return tuple(children)

    coast = name

    def place(self, children: list[Any]) -> _Place:
        return (children[0], children[1])

    def army(self, children: list[Any]) -> UnitKind:
        return UnitKind.ARMY

    def fleet(self, children: list[Any]) -> UnitKind:
        return UnitKind.FLEET

    def garrison(self, children: list[Any]) -> UnitKind:
        return UnitKind.GARRISON

    def via(self, children: list[Any]) -> bool:
        return True

    def unit(self, children: list[Any]) -> _Unit:
        return _Unit(None, children[0], children[1])

    def owned_unit(self, children: list[Any]) -> _Unit:
        return _Unit(children[0], children[1], children[2])

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


# --- shapes -> orders ------------------------------------------------------------

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

_Resolved = tuple[UnitKind | None, str, str | None]
"""A unit with its place resolved: kind, location, owner named (if any)."""


class _Builder:
    """Builds one line's order from its shape, resolving names as it goes.

    Names resolve in the order the words were written, each order's own checks
    (phase, giver) after its units and before its destination, so a line with
    several faults reports the first.
    """

    __slots__ = ("ctx", "giver", "index", "offset", "source")

    def __init__(self, ctx: _Line, offset: int, giver: _Giver | None = None) -> None:
        self.ctx = ctx
        self.index = ctx.index
        self.offset = offset
        self.giver = ctx.giver if giver is None else giver
        self.source = ctx.source

    # --- the line ------------------------------------------------------------------

    def line(self, shape: Any) -> _Outcome:
        """A line's shape -> None (nothing), a `_Header`, or an order."""
        if shape is None:
            return None
        if shape[0] == "header":
            return self._header(shape[1])
        _, prefix, order = shape
        if prefix is not None:
            giver = _Giver(self._power_named(prefix))
            return _Builder(self.ctx, self.offset, giver).order(order)
        return self.order(order)

    def order(self, shape: Any) -> Order:
        if isinstance(shape, Tree):  # a grammar rule this builder does not know
            self._resolve_units(shape)
            message = f"{shape.data} orders are not read by this ruleset"
            raise _Problem(IssueKind.SYNTAX, message, self.source.column)
        build: Callable[..., Order] = _ORDERS[shape[0]]
        return build(self, *shape[1:])

    def _resolve_units(self, tree: Tree[Any]) -> None:
        """Resolve the units inside an unknown rule, for their problems."""
        for child in tree.children:
            if isinstance(child, Tree):
                self._resolve_units(child)
            elif isinstance(child, _Unit):
                self._unit(child)

    def _header(self, words: _Words) -> _Header:
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
        return _Header(None, problem.issue(self.source))

    # --- units -------------------------------------------------------------------------

    def _unit(self, unit: _Unit) -> _Resolved:
        """`A LON`, `LON`, (no kind) `turks HER`, or `turks A HER`."""
        if unit.owner is not None:
            power = self._power_named(unit.owner)
            return unit.kind, self._reading(unit.place, owner=False).location, power
        reading = self._reading(unit.place, owner=unit.kind is None)
        return unit.kind, reading.location, reading.owner

    def _own(self, unit: _Unit, orders: str) -> tuple[str, UnitRef]:
        """The power giving an order for `unit` (named before it, or the line's),
        and the unit without its owner; `orders` must belong to the phase."""
        kind, location, owner = self._unit(unit)
        self._check_phase(orders)
        return owner or self._power(), UnitRef(kind, location)

    def _other(self, unit: _Unit) -> UnitRef:
        """A unit an order supports or convoys, with its owner if named."""
        kind, location, owner = self._unit(unit)
        return UnitRef(kind, location, owner)

    # --- orders ------------------------------------------------------------------------

    def hold(self, unit: _Unit) -> Hold:
        power, own = self._own(unit, "holds")
        return Hold(power, own, source=self.source)

    def move(self, unit: _Unit, dest: _Place, via: bool | None) -> Move | Retreat:
        """A move; in a retreat phase `A MUN - BOH` is the retreat `A MUN R BOH`."""
        power, own = self._own(unit, "moves")
        where = self._dest(dest)
        if self.ctx.phase == "retreat":
            if via:
                raise self._problem(IssueKind.ILLEGAL, "a retreat cannot go by convoy", dest[0])
            return Retreat(power, own, where, source=self.source)
        return Move(power, own, where, bool(via), source=self.source)

    def support_hold(self, unit: _Unit, supported: _Unit) -> SupportHold:
        kind, location, owner = self._unit(unit)
        other = self._other(supported)
        self._check_phase("supports")
        power = owner or self._power()
        return SupportHold(power, UnitRef(kind, location), other, source=self.source)

    def support_move(self, unit: _Unit, supported: _Unit, dest: _Place) -> SupportMove:
        kind, location, owner = self._unit(unit)
        other = self._other(supported)
        self._check_phase("supports")
        power = owner or self._power()
        own = UnitRef(kind, location)
        return SupportMove(power, own, other, self._dest(dest), source=self.source)

    def convoy(self, unit: _Unit, convoyed: _Unit, dest: _Place) -> Convoy:
        kind, location, owner = self._unit(unit)
        other = self._other(convoyed)
        self._check_phase("convoys")
        power = owner or self._power()
        own = UnitRef(kind, location)
        return Convoy(power, own, other, self._dest(dest), source=self.source)

    def retreat(self, unit: _Unit, dest: _Place) -> Retreat:
        power, own = self._own(unit, "retreats")
        return Retreat(power, own, self._dest(dest), source=self.source)

    def disband(self, unit: _Unit) -> Disband:
        """Disband (retreat phase) or remove (adjustment phase)."""
        power, own = self._own(unit, "disbands")
        return Disband(power, own, source=self.source)

    def build(self, unit: _Unit) -> Build:
        power, own = self._own(unit, "builds")
        return Build(power, own, source=self.source)

    def waive(self) -> Waive:
        self._check_phase("waived builds")
        return Waive(self._power(), source=self.source)

    # --- helpers -----------------------------------------------------------------------

    def _power(self) -> str:
        giver = self.giver
        if giver.power is not None:
            return giver.power
        note = f" (line {giver.unread_header} names no known power)" if giver.unread_header else ""
        raise _Problem(IssueKind.SYNTAX, f"no power given for this order{note}", self.source.column)

    def _check_phase(self, orders: str) -> None:
        """`supports are not orders of a retreat phase`."""
        phase = self.ctx.phase
        if phase not in _ALLOWED_IN[orders]:
            article = "an" if phase[:1] in "aeiou" else "a"
            message = f"{orders} are not orders of {article} {phase} phase"
            raise _Problem(IssueKind.ILLEGAL, message, self.source.column)

    def _dest(self, place: _Place) -> str:
        return self._reading(place, owner=False).location

    def _reading(self, place: _Place, *, owner: bool) -> Reading:
        """The one way to read a place (coast checked), or a problem."""
        words, coast = place
        readings = self.index.readings(words, owner=owner, coast_words=coast is None)
        if len(readings) != 1:
            if not readings:
                raise self._unknown_place(words, owner=owner)
            choices = [self.index.describe(reading) for reading in readings]
            message = f"'{self._quote(words)}' could mean more than one place"
            raise self._problem(IssueKind.AMBIGUOUS, message, words, choices)
        reading = readings[0]
        if coast is not None:
            reading = Reading(reading.owner, reading.area, self._written_coast(coast, reading.area))
        if reading.coast is not None:
            self._check_coast(reading, place)
        return reading

    def _written_coast(self, words: _Words, area: str) -> str:
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
            words = place[0] + (place[1] or ())
            raise self._problem(IssueKind.ILLEGAL, message, words, self.index.coasts_of(area.code))

    def _power_named(self, words: _Words) -> str:
        power = self.index.power(words)
        if power is None:
            raise self._unknown_power(words)
        return power

    def _unknown_power(self, words: _Words) -> _Problem:
        text = self._quote(words)
        suggestions = self.index.power_suggestions(text)
        return self._problem(IssueKind.SYNTAX, f"unknown power '{text}'", words, suggestions)

    def _unknown_place(self, words: _Words, *, owner: bool) -> _Problem:
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
        return self.source.text[start + self.offset : end + self.offset]


_ORDERS: dict[str, Callable[..., Order]] = {
    "hold": _Builder.hold,
    "move": _Builder.move,
    "support_hold": _Builder.support_hold,
    "support_move": _Builder.support_move,
    "convoy": _Builder.convoy,
    "retreat": _Builder.retreat,
    "disband": _Builder.disband,
    "build": _Builder.build,
    "waive": _Builder.waive,
}
"""The builder of each order rule's shape."""
