"""Genes Mactantes declarations: a country's mailed text -> `DeclarationSet`.

A declaration file (002 §5.4.2) holds one action per line, in the order the
player wants them resolved, plus free lines (an alliance, a watch, a release,
a disaster's choices). `parse_declarations` drops what is not a line of
declarations (`orders.lines`: quoted mail, mail headers, the signature),
then reads each line on its own with the LALR grammar `grammar/genes.lark`:

1. the line is cleaned, keeping every column: a leading number or bullet
   (`1.`, `2)`, `- `) and a comment (`# ...`) are blanked, and so is a colon
   written after an action word (`Fortificar: Vilanova`);
2. a folded copy (lower case, no accents, apostrophes blanked, one character
   for one) is parsed: the grammar recognises the keyword phrases and leaves
   names as runs of words; its inline callbacks (`Shapes`) turn each rule
   into a slot (`("city", words)`) or a `Shape` (an action and its slots);
3. `_Line` resolves the runs against `DeclarationNames` (case and accents
   ignored, as `maps.model.normalize_name` folds them; leading articles and
   "la ciutat de" dropped when needed) and builds the `Declaration`.

A line that cannot be read gives one SYNTAX issue quoting it, with the forms
its action word expects; a name that is no country, city or character gives
an ILLEGAL issue with the nearest names. The other lines still count.

The parser produces the internal kinds (BATTLE, ASSASSINATE, CAPTURE,
CONVINCE): whether an action is external depends on where its place or
character lies, which the engine knows.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cache, cached_property
from typing import Any

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken

from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Side
from orders.genes.shapes import RULES, Shape, Shapes, WholeWords
from orders.genes.words import (
    ACTION_WORDS,
    EXAMPLES,
    FIELD_PREFIX,
    FILLERS,
    STOPS,
    Books,
    NameBook,
    NameReader,
    Words,
    fold,
    nearest,
)
from orders.grammars import open_grammar
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.lines import first_column, order_lines
from texts import N_, T_

__all__ = [
    "FIELD_PREFIX",
    "GRAMMAR",
    "DeclarationNames",
    "DeclarationSet",
    "grammar_parser",
    "parse_declarations",
]

GRAMMAR = "genes"
"""The grammar `parse_declarations` reads with (`grammar/genes.lark`)."""

# --- public API ------------------------------------------------------------------


@dataclass(frozen=True)
class DeclarationNames:
    """What players may name, by id: countries, cities and characters, each
    with its names and aliases. Built by the CLI from the region and the
    state, so this layer never imports the engine."""

    countries: Mapping[str, tuple[str, ...]]
    cities: Mapping[str, tuple[str, ...]]
    characters: Mapping[str, tuple[str, ...]]
    character_owners: Mapping[str, str] = field(default_factory=dict)
    """character id -> its country: two countries' characters with one name
    are told apart by who writes the line (`NameReader.character`)."""

    @cached_property
    def books(self) -> Books:
        """The folded indexes of the three kinds of name (built once)."""
        return Books(
            NameBook.of(N_("country"), self.countries),
            NameBook.of(N_("city"), self.cities),
            NameBook.of(N_("character"), self.characters),
        )


@dataclass(frozen=True, slots=True)
class DeclarationSet:
    """What a parse produced: the declarations read, in order, and the issues."""

    declarations: tuple[Declaration, ...] = ()
    issues: tuple[OrderIssue, ...] = ()

    @property
    def ok(self) -> bool:
        return not self.issues


def parse_declarations(
    text: str,
    *,
    names: DeclarationNames,
    file: str = "<declarations>",
    power: str | None = None,
) -> DeclarationSet:
    """Read the declarations in `text`.

    `power` is the country of the lines before any header (the file's owner);
    a header line (`Ponent:`) switches it for the lines that follow, and a
    line may name its own country (`Ponent: taxes`). `file` names the text in
    issues (`ponent.txt, line 4: ...`).
    """
    declarations: list[Declaration] = []
    issues: list[OrderIssue] = []
    giver = _Giver(power)
    weighed = 0  # unreadable lines weighed as prose (at most MOST_PROSE_LINES)
    for number, raw in order_lines(text):
        line = unicodedata.normalize("NFC", raw)
        source = Source(file, number, line, first_column(line))
        reader = _Line(names.books, source, giver, names.character_owners)
        outcome = reader.read(prose=weighed < MOST_PROSE_LINES)
        if isinstance(outcome, OrderIssue) and outcome.kind in _UNREAD:
            weighed += 1
        if isinstance(outcome, _Giver):
            giver = outcome
            outcome = outcome.issue
        if isinstance(outcome, OrderIssue):
            issues.append(outcome)
        elif outcome is not None:
            declarations.append(outcome)
    return DeclarationSet(tuple(declarations), tuple(issues))


@cache
def grammar_parser() -> Lark:
    """The LALR parser of `grammar/genes.lark`, built once per process (or
    loaded from Lark's cache: `orders.grammars`).

    Every word is lexed whole (`WholeWords`) and becomes a keyword only where
    the grammar expects that keyword next; `Shapes` is its inline
    transformer, so `parse` returns a line's shape without building a tree.
    """
    return open_grammar(
        GRAMMAR,
        parser="lalr",
        maybe_placeholders=False,
        postlex=WholeWords(),
        transformer=Shapes(),
    )


# --- preparing a line ------------------------------------------------------------

_NUMBERING = re.compile(r"\s*(?:\(?\d{1,3}(?:\s*[.):]|\s)|[-–—*•](?!>))")
_COMMENT = re.compile(r"#|//")
_ACTION_COLON = re.compile(r"\s*([^\W\d_][\w'’·-]*)[^:]*?:")


def _clean(line: str) -> str:
    """The line with its numbering, comment, trailing stop and a colon after
    its action word blanked (same length, so columns stay put)."""
    numbering = _NUMBERING.match(line)
    if numbering:
        line = " " * numbering.end() + line[numbering.end() :]
    comment = _COMMENT.search(line)
    if comment:
        line = line[: comment.start()] + " " * (len(line) - comment.start())
    code = line.rstrip()
    stripped = code.rstrip(STOPS)
    line = stripped + " " * (len(line) - len(stripped))
    colon = _ACTION_COLON.match(line)
    if colon and _action_colon(fold(colon.group(1))):
        line = line[: colon.end() - 1] + " " + line[colon.end() :]
    return line


def _action_colon(word: str) -> bool:
    """A colon after this first word only ends an action's name (`Batalla:`);
    a disaster's colon is its own (`desastre: epidèmia`)."""
    return word in ACTION_WORDS and word not in {"desastre", "disaster"}


def _fold_char(char: str) -> str:
    if char in "'’`":
        return " "
    plain = "".join(c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c))
    plain = plain.casefold()
    return plain if len(plain) == 1 else char


def _grammar_text(line: str) -> str:
    """The line as the grammar reads it: one folded character for each."""
    return "".join(_fold_char(char) for char in line)


# --- one line --------------------------------------------------------------------


@dataclass(frozen=True)
class _Giver:
    """The country of the lines to come; `unread_header` is the line of a header
    that named no known country (the lines after it have none), and `issue`
    the header's own issue."""

    power: str | None
    unread_header: int | None = None
    issue: OrderIssue | None = None


_Outcome = Declaration | OrderIssue | _Giver | None

_HEADER_CUTOFF = 0.75
"""How near a country's name a header must be to be taken for a misspelt one."""


class _Line:
    """Reads one line: parses it, resolves its names, builds its declaration."""

    def __init__(
        self, books: Books, source: Source, giver: _Giver, owners: Mapping[str, str]
    ) -> None:
        self.books = books
        self.source = source
        self.giver = giver
        self.names = NameReader(books, source.text, owners)

    def read(self, *, prose: bool = True) -> _Outcome:
        """The line's declaration, header, issue, or None (nothing to read);
        with `prose`, a line that cannot be read may be ignored text."""
        try:
            return self._read()
        except Problem as problem:
            if prose and problem.unreadable and _plainly_prose(self.source.text, self.books):
                return OrderIssue(IssueKind.IGNORED, IGNORED_TEXT, self.source)
            return problem.issue(self.source)

    def _read(self) -> Declaration | _Giver | None:
        folded = _grammar_text(_clean(self.source.text))
        try:
            shape: Any = grammar_parser().parse(folded)
        except UnexpectedInput as exc:
            raise self._unreadable(folded, exc) from None
        if shape is None:
            return None
        if shape[0] == "header":
            return self._header(shape[1], colon=shape[2])
        _, prefix, action = shape
        power = self.names.country(prefix) if prefix is not None else self._power()
        return self._declaration(power, action)

    # --- headers and powers ---------------------------------------------------

    def _header(self, words: Words, *, colon: bool) -> _Giver:
        """`Ponent:` switches the country. A header that names no country but is
        near one (`Ponnet:`) is an issue, and the lines after it get no
        country; any other such line is not a declaration."""
        countries = self.books.countries
        _, found = self.names.lookup(words, countries)
        if len(found) == 1:
            return _Giver(found[0])
        text = self.names.quote(words)
        near = nearest(text, [countries])
        close = get_close_matches(fold(text), list(countries.ids), cutoff=_HEADER_CUTOFF)
        if close or (colon and near):
            message = T_("unknown country '{name}'", name=text)
            problem = self.names.problem(IssueKind.ILLEGAL, message, words, near)
            return _Giver(None, self.source.line, problem.issue(self.source))
        if colon:
            message = T_("'{name}' is not an action or a country", name=text)
            raise self.names.problem(IssueKind.SYNTAX, message, words)
        raise self._unknown_action(words[0])

    def _power(self) -> str:
        if self.giver.power is not None:
            return self.giver.power
        line = self.giver.unread_header
        if line:
            message = T_(
                "no country given for this line (line {line} names no known country)", line=line
            )
        else:
            message = T_("no country given for this line")
        raise Problem(IssueKind.SYNTAX, message, self.source.column)

    # --- the declaration ------------------------------------------------------

    def _declaration(self, power: str, shape: Shape) -> Declaration:
        kind, fixed = RULES[shape.rule]
        self.names.power = power
        self.own_subject = kind in (ActionKind.PROMOTE, ActionKind.REPATRIATE)
        fields: dict[str, Any] = dict(fixed)
        for slot, value in shape.slots.items():
            field, resolved = self._slot(slot, value)
            fields[field] = resolved
        return Declaration(power, kind, **fields, source=self.source)

    def _slot(self, slot: str, value: Any) -> tuple[str, Any]:
        """A slot as written -> the Declaration field it fills and its value."""
        names = self.names
        resolve: dict[str, tuple[str, Callable[[Words], Any]]] = {
            "city": ("city", names.city),
            "place": ("place", names.place),
            "origin": ("origin", names.place),
            "target": ("target", names.country),
            "character": ("character", lambda w: names.character(w, own=self.own_subject)),
            "helpers": ("helpers", names.helpers),
            "new_city": ("name", names.new_city),
            "new_name": ("name", names.free),
            "words": ("mode", names.free),
            "rebel_principal": ("character", lambda w: names.character(w, own=True)),
            "deal": ("goods", self._goods),
        }
        if slot in resolve:
            field, read = resolve[slot]
            return field, read(value)
        if slot == "amount" and value < 1:
            raise Problem(IssueKind.ILLEGAL, T_("an amount must be 1 or more"), self.source.column)
        return slot, value

    def _goods(self, deal: Any) -> tuple[Good, ...]:
        """A `bescanvi`'s marks and goods -> its `Good`s (002 §5.4): a good
        given is the writer's own (a character), one received the other's; a
        bare name is a city, else a character."""
        side = Side.GIVE
        goods: list[Good] = []
        for what, value in deal:
            if what == "mark":
                side = value
                continue
            kind, words, amount = value
            if kind is GoodKind.TROOPS and amount < 1:
                raise Problem(
                    IssueKind.ILLEGAL, T_("an amount must be 1 or more"), self.source.column
                )
            kind, subject = self._good(side, kind, words)
            goods.append(Good(side, kind, subject, amount))
        return tuple(goods)

    def _good(self, side: Side, kind: GoodKind | None, words: Words) -> tuple[GoodKind, str]:
        names, own = self.names, side is Side.GIVE
        if kind is GoodKind.TROOPS:
            return kind, names.place(words)
        if kind is GoodKind.CITY:
            return kind, names.city(words)
        if kind is GoodKind.TERRAIN:
            return kind, names.country(words)
        if kind is GoodKind.CHARACTER:
            return kind, names.character(words, own=own)
        if names.lookup(words, self.books.cities)[1]:
            return GoodKind.CITY, names.city(words)
        if names.lookup(words, self.books.characters)[1]:
            return GoodKind.CHARACTER, names.character(words, own=own)
        text = names.quote(words)
        near = nearest(text, [self.books.cities, self.books.characters])
        message = T_("unknown city or character '{name}'", name=text)
        raise names.problem(IssueKind.ILLEGAL, message, words, near)

    # --- unreadable lines -----------------------------------------------------

    def _unreadable(self, folded: str, exc: UnexpectedInput) -> Problem:
        """A line the grammar rejects: the forms its action word expects, or the
        action words nearest an unknown one."""
        word = _action_word(folded)
        if word is None:
            message = T_(
                "cannot read this line as an action: expected e.g. {forms}", forms=_or(EXAMPLES)
            )
            return Problem(IssueKind.SYNTAX, message, self.source.column, unreadable=True)
        if word.value in ACTION_WORDS:
            column = _error_column(folded, exc)
            forms = _or(ACTION_WORDS[word.value])
            message = T_("cannot read this line as an action: expected e.g. {forms}", forms=forms)
            return Problem(IssueKind.SYNTAX, message, column, unreadable=True)
        return self._unknown_action(word)

    def _unknown_action(self, word: Token) -> Problem:
        text = self.names.quote((word,))
        near = get_close_matches(word.value, list(ACTION_WORDS), n=2, cutoff=0.6)
        forms = tuple(dict.fromkeys(f"'{ACTION_WORDS[close][0]}'" for close in near))
        if not forms:
            forms = tuple(f"'{form}'" for form in EXAMPLES)
        message = T_("cannot read this line as an action: unknown action '{name}'", name=text)
        column = word.column or self.source.column
        return Problem(IssueKind.SYNTAX, message, column, forms, unreadable=True)


IGNORED_TEXT = T_("not a declaration")
"""The message of a line listed as ignored text (Trust #3)."""

_PROSE_WORD = re.compile(r"[^\W\d_][\w'’·]*")
_DECLARATION_MARK = re.compile(r"[\d:=>/()\[\]+&-]")
_NEAR = 0.8
_FUZZY_LENGTH = 4
MOST_WORDS = 40
"""A longer line is not called plain prose."""
MOST_PROSE_LINES = 100
"""How many unreadable lines of one file are weighed as prose; the rest stay
problems (a mail holds a few lines of prose; a hostile file stays fast)."""
_UNREAD = frozenset({IssueKind.SYNTAX, IssueKind.IGNORED})


def _plainly_prose(line: str, books: Books) -> bool:
    """Whether a line that cannot be read is plainly no declaration: a
    greeting, thanks, a signature ("Dear GM", "Gràcies!", "Arnau"), listed as
    ignored text rather than a problem (Trust #3). It is when it has no number
    or mark (`:`, `-`, `/`...), no word that is or is near an action word, and
    no word that is or is near a word of a country's, city's or character's
    name; a misspelt action (`fortificr Castellnou`) stays a problem."""
    if _DECLARATION_MARK.search(_clean(line)):
        return False
    words = [fold(word) for word in _PROSE_WORD.findall(line)]
    if len(words) > MOST_WORDS:  # bounded look-ups on any input
        return False
    names = _name_words(books)
    vocabulary = [*ACTION_WORDS, *names]
    for word in words:
        if word in ACTION_WORDS or word in names:
            return False
        if len(word) >= _FUZZY_LENGTH and get_close_matches(word, vocabulary, n=1, cutoff=_NEAR):
            return False
    return True


def _name_words(books: Books) -> set[str]:
    """The words of every name in `books` (articles and the like left out)."""
    return {
        part
        for book in books
        for key in book.ids
        for part in key.split()
        if part not in FILLERS and len(part) > 1
    }


_FIRST_WORD = re.compile(r"[^\W\d_][\w.·-]*")
_PREFIX = re.compile(r"\s*[^:]*:")


def _action_word(folded: str) -> Token | None:
    """The line's action word: its first word, or the first after a `Country:`
    prefix when the first is no action word."""
    first = _word_at(folded, 0)
    if first is None or first.value in ACTION_WORDS:
        return first
    prefix = _PREFIX.match(folded)
    after = _word_at(folded, prefix.end()) if prefix else None
    return after if after is not None else first


def _word_at(folded: str, position: int) -> Token | None:
    match = _FIRST_WORD.search(folded, position)
    if match is None:
        return None
    return Token(
        "WORD",
        match.group(),
        start_pos=match.start(),
        end_pos=match.end(),
        line=1,
        column=match.start() + 1,
    )


def _error_column(folded: str, exc: UnexpectedInput) -> int:
    """Where the grammar gave up (the end of the line when it wanted more)."""
    if isinstance(exc, UnexpectedToken) and exc.token.type == "$END":
        return len(folded.rstrip()) + 1
    column = exc.column
    return column if isinstance(column, int) and column > 0 else 1


def _or(forms: Sequence[str]) -> str:
    quoted = [f"'{form}'" for form in forms]
    if len(quoted) == 1:
        return quoted[0]
    return T_("{forms} or {last}", forms=", ".join(quoted[:-1]), last=quoted[-1])
