"""Parse shapes -> orders: one line's order dataclass, or the issue it raises.

The grammar (`orders.board.parser`) reads an order's shape and leaves names as runs
of words. `Builder` resolves them against the map through
`orders.names.NameIndex` and builds the order dataclasses of `orders.board.model`,
choosing by phase what a shape means (`A MUN - BOH` moves in a movement phase
and retreats in a retreat phase). A line that cannot become an order raises a
`Problem`, which becomes one `OrderIssue` quoting it. Nothing here looks at the
board: whose unit stands where, and which moves are possible, is the
ruleset's business.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from lark import Token, Tree

from orders.board.model import (
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportConvert,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.board.words import coast_words, place_name, suggestion
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.names import COAST_PHRASES, NameIndex, Reading, fold
from texts import N_, T_, Text

# --- one line --------------------------------------------------------------------


@dataclass(frozen=True)
class Giver:
    """The power that gives the orders of the lines to come; `unread_header` is
    the line of a header that named no known power (its orders have no power)."""

    power: str | None
    unread_header: int | None = None


@dataclass(frozen=True)
class Line:
    """What reading one line needs: names, phase kind, current power, its source."""

    index: NameIndex
    phase: str
    giver: Giver
    source: Source
    grammar: str = "diplomacy"


@dataclass(frozen=True)
class Header:
    """A power header line: the power it names (None if unknown) and its issue."""

    power: str | None
    issue: OrderIssue | None = None


Outcome = Order | OrderIssue | Header | None


# --- shapes: what the grammar read, names not yet resolved -------------------------

Words = tuple[Token, ...]
"""The WORD tokens of a name, as written."""

Place = tuple[Words, Words | None]
"""A place as written: the words of its name and, if written apart, its coast."""


class Unit(NamedTuple):
    """A unit as written: the owner named before its kind (`turks A HER`), its
    kind, its place."""

    owner: Words | None
    kind: UnitKind | None
    place: Place


# --- shapes -> orders ------------------------------------------------------------

_HEADER_WORDS = 3
"""A longer line that mentions a power is chatter, not a header (`Thanks France for...`)."""

_ORDERS_FOR = re.compile(
    r"(orders|órdenes|ordenes|ordres)\s+(for|of|de|del|para|per)\s+$", re.IGNORECASE
)
"""What comes before the power of a header `Orders for France` (`grammar/common.lark`)."""

_ALLOWED_IN: dict[str, frozenset[str]] = {
    "holds": frozenset({"movement"}),
    "moves": frozenset({"movement", "retreat"}),
    "supports": frozenset({"movement"}),
    "convoys": frozenset({"movement"}),
    "retreats": frozenset({"retreat"}),
    "disbands": frozenset({"retreat", "adjustment"}),
    "builds": frozenset({"adjustment"}),
    "waived builds": frozenset({"adjustment"}),
    "sieges": frozenset({"movement"}),
    "conversions": frozenset({"movement"}),
}
"""Which phase kinds each kind of order belongs to."""

_ORDER_WORDS: dict[str, str] = {
    "holds": N_("holds"),
    "moves": N_("moves"),
    "supports": N_("supports"),
    "convoys": N_("convoys"),
    "retreats": N_("retreats"),
    "disbands": N_("disbands"),
    "builds": N_("builds"),
    "waived builds": N_("waived builds"),
    "sieges": N_("sieges"),
    "conversions": N_("conversions"),
}
"""The kinds of order as a message names them (`supports are not orders of...`)."""

_WRONG_PHASE: dict[str, str] = {
    "movement": N_("{orders} are not orders of a movement phase"),
    "retreat": N_("{orders} are not orders of a retreat phase"),
    "adjustment": N_("{orders} are not orders of an adjustment phase"),
}
"""An order given in a phase it does not belong to, by the phase's kind."""

_Resolved = tuple[UnitKind | None, str, str | None]
"""A unit with its place resolved: kind, location, owner named (if any)."""


class Builder:
    """Builds one line's order from its shape, resolving names as it goes.

    Names resolve in the order the words were written, each order's own checks
    (phase, giver) after its units and before its destination, so a line with
    several faults reports the first.
    """

    __slots__ = ("ctx", "giver", "index", "offset", "source")

    def __init__(self, ctx: Line, offset: int, giver: Giver | None = None) -> None:
        self.ctx = ctx
        self.index = ctx.index
        self.offset = offset
        self.giver = ctx.giver if giver is None else giver
        self.source = ctx.source

    # --- the line ------------------------------------------------------------------

    def line(self, shape: Any) -> Outcome:
        """A line's shape -> None (nothing), a `Header`, or an order."""
        if shape is None:
            return None
        if shape[0] == "header":
            return self._header(shape[1])
        _, prefix, order = shape
        if prefix is not None:
            giver = Giver(self._power_named(prefix))
            return Builder(self.ctx, self.offset, giver).order(order)
        return self.order(order)

    def order(self, shape: Any) -> Order:
        if isinstance(shape, Tree):  # a grammar rule this builder does not know
            self._resolve_units(shape)
            message = T_("{rule} orders are not read by this ruleset", rule=str(shape.data))
            raise Problem(IssueKind.SYNTAX, message, self.source.column)
        build: Callable[..., Order] = _ORDERS[shape[0]]
        return build(self, *shape[1:])

    def _resolve_units(self, tree: Tree[Any]) -> None:
        """Resolve the units inside an unknown rule, for their problems."""
        for child in tree.children:
            if isinstance(child, Tree):
                self._resolve_units(child)
            elif isinstance(child, Unit):
                self._unit(child)

    def _header(self, words: Words) -> Header:
        """`England:` switches the power. A header that names no known power but
        looks like one (`Englnd:`, `Orders for Frnace`) gives an issue, and the
        orders after it get no power until the next header."""
        power = self.index.power(words)
        if power is not None:
            return Header(power)
        text = self._quote(words)
        if _ORDERS_FOR.search(self.source.text[: self._column(words) - 1]):  # `Orders for Frnace`
            meant = self.index.power_suggestions(text)
            message = T_("unknown power '{name}'", name=text)
            problem = self._problem(IssueKind.SYNTAX, message, words, meant)
            return Header(None, problem.issue(self.source))
        if self.index.readings(words, owner=False, coast_words=True):
            message = T_("no order given for '{name}'", name=text)
            raise self._problem(IssueKind.SYNTAX, message, words)
        if self.index.leading_power(words):  # `England waive`: read on without the power
            raise self._problem(IssueKind.SYNTAX, T_("'{name}' is not an order", name=text), words)
        meant = self.index.power_suggestions(text, cutoff=0.75)
        if not meant and len(words) <= _HEADER_WORDS:
            meant = self.index.powers_within(words)
        if not meant:
            message = T_("'{name}' is not an order or a power", name=text)
            raise self._problem(IssueKind.SYNTAX, message, words)
        message = T_("unknown power '{name}'", name=text)
        problem = self._problem(IssueKind.SYNTAX, message, words, meant)
        return Header(None, problem.issue(self.source))

    # --- units -------------------------------------------------------------------------

    def _unit(self, unit: Unit) -> _Resolved:
        """`A LON`, `LON`, (no kind) `turks HER`, or `turks A HER`."""
        if unit.owner is not None:
            power = self._power_named(unit.owner)
            return unit.kind, self._reading(unit.place, owner=False).location, power
        reading = self._reading(unit.place, owner=unit.kind is None)
        return unit.kind, reading.location, reading.owner

    def _own(self, unit: Unit, orders: str) -> tuple[str, UnitRef]:
        """The power giving an order for `unit` (named before it, or the line's),
        and the unit without its owner; `orders` must belong to the phase."""
        kind, location, owner = self._unit(unit)
        self._check_phase(orders)
        return owner or self._power(), UnitRef(kind, location)

    def _other(self, unit: Unit) -> UnitRef:
        """A unit an order supports or convoys, with its owner if named."""
        kind, location, owner = self._unit(unit)
        return UnitRef(kind, location, owner)

    # --- orders ------------------------------------------------------------------------

    def hold(self, unit: Unit) -> Hold:
        power, own = self._own(unit, "holds")
        return Hold(power, own, source=self.source)

    def move(self, unit: Unit, dest: Place, via: bool | None) -> Move | Retreat:
        """A move; in a retreat phase `A MUN - BOH` is the retreat `A MUN R BOH`."""
        power, own = self._own(unit, "moves")
        where = self._dest(dest)
        if self.ctx.phase == "retreat":
            if via:
                message = T_("a retreat cannot go by convoy")
                raise self._problem(IssueKind.ILLEGAL, message, dest[0])
            return Retreat(power, own, where, source=self.source)
        return Move(power, own, where, bool(via), source=self.source)

    def support_hold(self, unit: Unit, supported: Unit, *, siege: bool = False) -> SupportHold:
        kind, location, owner = self._unit(unit)
        other = self._other(supported)
        self._check_phase("supports")
        power = owner or self._power()
        return SupportHold(power, UnitRef(kind, location), other, siege, source=self.source)

    def support_siege(self, unit: Unit, supported: Unit) -> SupportHold:
        """`A FLO S A ARE B`: support of a unit besieging (003 §3.3 D)."""
        return self.support_hold(unit, supported, siege=True)

    def support_convert(self, unit: Unit, supported: Unit, to: UnitKind) -> SupportConvert:
        """`A FLO S G PISA = A`: support of a conversion that attacks (003 §3.3 F)."""
        kind, location, owner = self._unit(unit)
        other = self._other(supported)
        self._check_phase("supports")
        power = owner or self._power()
        own = UnitRef(kind, location)
        return SupportConvert(power, own, other, to, source=self.source)

    def besiege(self, unit: Unit) -> Besiege:
        """`F PISA B` (003 §3.3 B)."""
        power, own = self._own(unit, "sieges")
        return Besiege(power, own, source=self.source)

    def convert(self, unit: Unit, to: UnitKind) -> Convert:
        """`G VEN = F` (003 §3.3 F)."""
        power, own = self._own(unit, "conversions")
        return Convert(power, own, to, source=self.source)

    def support_move(self, unit: Unit, supported: Unit, dest: Place) -> SupportMove:
        kind, location, owner = self._unit(unit)
        other = self._other(supported)
        self._check_phase("supports")
        power = owner or self._power()
        own = UnitRef(kind, location)
        return SupportMove(power, own, other, self._dest(dest), source=self.source)

    def convoy(self, unit: Unit, convoyed: Unit, dest: Place) -> Convoy:
        kind, location, owner = self._unit(unit)
        other = self._other(convoyed)
        self._check_phase("convoys")
        power = owner or self._power()
        own = UnitRef(kind, location)
        return Convoy(power, own, other, self._dest(dest), source=self.source)

    def retreat(self, unit: Unit, dest: Place) -> Retreat:
        power, own = self._own(unit, "retreats")
        return Retreat(power, own, self._dest(dest), source=self.source)

    def disband(self, unit: Unit) -> Disband:
        """Disband (retreat phase) or remove (adjustment phase)."""
        power, own = self._own(unit, "disbands")
        return Disband(power, own, source=self.source)

    def build(self, unit: Unit) -> Build:
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
        if giver.unread_header:
            message = T_(
                "no power given for this order (line {line} names no known power)",
                line=giver.unread_header,
            )
        else:
            message = T_("no power given for this order")
        raise Problem(IssueKind.SYNTAX, message, self.source.column)

    def _check_phase(self, orders: str) -> None:
        """`supports are not orders of a retreat phase`."""
        phase = self.ctx.phase
        if phase not in _ALLOWED_IN[orders]:
            message = Text(_WRONG_PHASE[phase], {"orders": Text(_ORDER_WORDS[orders])})
            raise Problem(IssueKind.ILLEGAL, message, self.source.column)

    def _dest(self, place: Place) -> str:
        return self._reading(place, owner=False).location

    def _reading(self, place: Place, *, owner: bool) -> Reading:
        """The one way to read a place (coast checked), or a problem."""
        words, coast = place
        readings = self.index.readings(words, owner=owner, coast_words=coast is None)
        if len(readings) != 1:
            if not readings:
                raise self._unknown_place(words, owner=owner)
            choices = [self.index.describe(reading) for reading in readings]
            message = T_("'{name}' could mean more than one place", name=self._quote(words))
            raise self._problem(IssueKind.AMBIGUOUS, message, words, choices)
        reading = readings[0]
        if coast is not None:
            reading = Reading(reading.owner, reading.area, self._written_coast(coast, reading.area))
        if reading.coast is not None:
            self._check_coast(reading, place)
        return reading

    def _written_coast(self, words: Words, area: str) -> str:
        """The coast written after a slash or in brackets (`/nc`, `(north coast)`)."""
        coast = COAST_PHRASES.get(" ".join(fold(word) for word in words))
        if coast is None:
            message = T_("unknown coast '{name}'", name=self._quote(words))
            raise self._problem(IssueKind.SYNTAX, message, words, self.index.coasts_of(area))
        return coast

    def _check_coast(self, reading: Reading, place: Place) -> None:
        """`Spain has no east coast`: a coast named must be one of the area's."""
        area = self.index.game_map.areas[reading.area]
        if reading.coast is not None and reading.coast not in area.coasts:
            message = T_(
                "{area} has no {coast}", area=place_name(area), coast=coast_words(reading.coast)
            )
            words = place[0] + (place[1] or ())
            raise self._problem(IssueKind.ILLEGAL, message, words, self.index.coasts_of(area.code))

    def _power_named(self, words: Words) -> str:
        power = self.index.power(words)
        if power is None:
            raise self._unknown_power(words)
        return power

    def _unknown_power(self, words: Words) -> Problem:
        text = self._quote(words)
        suggestions = self.index.power_suggestions(text)
        message = T_("unknown power '{name}'", name=text)
        return self._problem(IssueKind.SYNTAX, message, words, suggestions)

    def _unknown_place(self, words: Words, *, owner: bool) -> Problem:
        """`unknown province 'TYRR'`, quoting the words that are no name (not a
        leading owner or trailing coast words), with the nearest names."""
        span = self.index.unknown_part(words, owner=owner)
        part = words[span.start : span.end]
        text = self._quote(part)
        suggestions = self._place_suggestions(text)
        message = T_("unknown province '{name}'", name=text)
        return self._problem(IssueKind.SYNTAX, message, part, suggestions)

    def _place_suggestions(self, text: str) -> tuple[str, ...]:
        """The nearest area names to a misspelt one, as `TYR (Tyrolia)`
        (`NameIndex.place_suggestions`), each name told in the reader's language."""
        game_map = self.index.game_map
        return tuple(suggestion(game_map, match) for match in game_map.suggestions(text))

    def _problem(
        self,
        kind: IssueKind,
        message: str,
        words: Sequence[Token],
        suggestions: Sequence[str] = (),
    ) -> Problem:
        return Problem(kind, message, self._column(words), suggestions)

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
    "hold": Builder.hold,
    "move": Builder.move,
    "support_hold": Builder.support_hold,
    "support_move": Builder.support_move,
    "convoy": Builder.convoy,
    "retreat": Builder.retreat,
    "disband": Builder.disband,
    "build": Builder.build,
    "waive": Builder.waive,
    "besiege": Builder.besiege,
    "convert": Builder.convert,
    "support_siege": Builder.support_siege,
    "support_convert": Builder.support_convert,
}
"""The builder of each order rule's shape."""
