"""CaWa declaration files -> the line types of `orders.cawa.model` (004;
CC-MV-8, AC-27; reactions CC-B-33, AC-29, AC-45; penalties AC-50).

One line, one declaration. Blank lines, quoted mail, mail headers and the
signature are dropped (`orders.lines`); a comment (`# ...`), a list number or
bullet (`1.`, `- `) and a final `.` are ignored. Words are compared folded
(case and accents ignored: `invasión` = `invasion`), Spanish or English
(`orders.cawa.words`). Amounts and points are written `1500`, `1.500` or
`1,500`, optionally followed by `co`, `coronas`, `crowns`, `puntos` or
`points`. Hexes are codes (`0403`), optionally led by `mi`, `la casilla`...;
players are named by id, name or alias.

Economy (CC-E-13 .. CC-E-18):
    dona 500 a rojo | give 500 to red                   GiveCrowns
    dona 0403 a rojo | give 0403 to red                 GiveHex: a 4-digit number
        that is a hex of the map or starts with 0 is a hex (`dona 1210 co a
        rojo` forces crowns); the player may come first (`dona a rojo 500`)
    abandona 0403 | abandon 0403                        Abandon
    terreno 0403 bosque | terrain 0403 forest           ChangeTerrain
        (llanura/tierra/plain, bosque/forest, montaña/mountain; `cambia`,
        `a`/`to` optional)
    pueblo 0403 | construye pueblo 0403 | village 0403  BuildVillage
    castillo 0403 | castle 0403                         UpgradeCastle
Movement (CC-MV-8, AC-27; `->` may be `a`, `al`, `to`, `=>`, `-` or nothing):
    0303 -> 0403 [invasión 1500]                        LandMove
    desde 0303 al sureste [invasión 1500]               LandMove to the hex in
        that direction (norte/north/N, noreste/northeast/NE, sureste/SE,
        sur/S, suroeste/southwest/SO/SW, noroeste/northwest/NO/NW)
    barco 0203 [por 0303 0403] -> 0503 [invasión 1000]  SeaMove (`ship`; the
        water path, optional, after `por`/`via`/`by`)
    flota 0202 -> 0502                                  MoveFleet when 0202 is
        water (`CawaNames.water`), else LaunchFleet
    flota 0702 [-> 0602] desembarca 0803 [invasión 1000] LandFleet (`fleet 0702
        lands 0803`; `-> 0602` moves the fleet first: `via`)
Skirmishes, the referee (CC-CF-3, CC-CF-7, CC-CF-9):
    escaramuza 0403: gana rojo | skirmish 0403: red wins        SkirmishResult
    escaramuza 0403: batalla única | skirmish 0403: single battle
Reactions (CC-B-33, AC-29, AC-39):
    defiendo 0403 con 1500 | defend 0403 with 1500      Defend
    me retiro de 0403 | retirada 0403 | withdraw 0403   Withdraw
    invasión 0403 con 1500 | invade 0403 with 1500      Redeploy
Battles, the referee (CC-B-15, CC-B-20, AC-32, AC-34, AC-50):
    batalla 0403: gana rojo, decisiva | battle 0403: red wins, decisive
        (marginal, decisiva/decisive, masacre/massacre)          BattleResult
    batalla 0403: empate | battle 0403: draw                     BattleResult
    batalla 0403: rojo sobre azul, masacre | red over blue, massacre (a pair of
        a three-sided battle: `rojo y azul, empate` for a drawn pair)
    puntos 0403 rojo 1503 | points 0403 red 1503                 Fielded
    descalifica 0403 rojo | disqualify 0403 red                  Disqualify
    castigo rojo derrota 0403: motivo | penalty red loss 0403: reason
    castigo rojo multa 500: motivo | penalty red fine 500: reason
    castigo rojo expulsión: motivo | penalty red removal: reason   Penalty

A line that cannot be read is an `OrderIssue` quoting file, line and text:
SYNTAX for a shape that cannot be read (with the nearest keywords of a
misspelt word), ILLEGAL for an unknown hex or player (with the nearest
ones), a hex off the map in a direction, or a line of another phase's file
(naming that phase); a line of plain prose (a greeting) is IGNORED. Who may
write a kind of file (the referee's skirmishes and battles) is the
ruleset's to check.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from functools import cached_property

from maps.cawa.model import Direction
from orders.cawa import model as m
from orders.cawa import words as w
from orders.cawa.messages import cannot_read, expected, unknown_start, wrong_file
from orders.cawa.words import Act, NameBook, Tok, TokKind
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.lines import first_column, order_lines
from texts import T_

__all__ = ["CawaNames", "ParsedLines", "parse_cawa"]


@dataclass(frozen=True)
class CawaNames:
    """What a line may name: the map's hex codes, the players (id -> names
    and aliases; the id is a name too), `CawaMap.step` for directions, and
    the water hexes (a fleet there moves; from land it is launched)."""

    hexes: frozenset[str]
    players: Mapping[str, tuple[str, ...]]
    step: Callable[[str, Direction], str | None]
    water: frozenset[str] = frozenset()

    @cached_property
    def player_book(self) -> NameBook:
        """The players' names, folded for lookup (built once)."""
        return NameBook.of(self.players)


@dataclass(frozen=True)
class ParsedLines:
    """What a file held: its declarations in order, and the issues."""

    lines: tuple[m.CawaOrder, ...]
    issues: tuple[OrderIssue, ...]


def parse_cawa(text: str, *, kind: str, names: CawaNames, file: str, power: str) -> ParsedLines:
    """Read the declarations of one `kind` of file ('economy', 'movement',
    'skirmishes', 'reactions', 'battles') written by `power` (AC-27)."""
    lines: list[m.CawaOrder] = []
    issues: list[OrderIssue] = []
    for number, raw in _lines(text):
        line = unicodedata.normalize("NFC", raw)  # read composed; quoted as written
        source = Source(file, number, raw, first_column(raw))
        try:
            order = _read_line(_Reader(line, names, power, source), kind)
        except Problem as problem:
            issues.append(problem.issue(source))
            continue
        if isinstance(order, OrderIssue):
            issues.append(order)
        elif order is not None:
            lines.append(order)
    return ParsedLines(tuple(lines), tuple(issues))


_FROM_HEX = re.compile(r"\s*from\s+\d", re.IGNORECASE)


def _lines(text: str) -> list[tuple[int, str]]:
    """`order_lines` (no mail headers, quoted mail or signature), but a first
    line `from 0303 north` is a move, not an mbox `From ` header."""
    kept = list(order_lines(text))
    first = kept[0][0] if kept else len(text.split("\n")) + 1
    top = [
        (number, raw.rstrip("\r"))
        for number, raw in enumerate(text.split("\n")[: first - 1], start=1)
        if _FROM_HEX.match(raw)
    ]
    return top + kept


# --- one line ----------------------------------------------------------------------


class _Reader:
    """The tokens of one line and a position; each method reads one part
    and raises a `Problem` when it is not there."""

    def __init__(self, line: str, names: CawaNames, power: str, source: Source) -> None:
        self.text = w.clean(line)
        self.toks = w.tokens(self.text)
        self.at = 0
        self.names, self.power, self.source = names, power, source

    def peek(self, ahead: int = 0) -> Tok | None:
        at = self.at + ahead
        return self.toks[at] if at < len(self.toks) else None

    def is_word(self, words: Collection[str], ahead: int = 0) -> bool:
        tok = self.peek(ahead)
        return tok is not None and tok.kind is TokKind.WORD and tok.text in words

    def is_kind(self, kind: TokKind, ahead: int = 0) -> bool:
        tok = self.peek(ahead)
        return tok is not None and tok.kind is kind

    def skip(self, words: Collection[str] = (), *kinds: TokKind) -> bool:
        """Step over one token that is one of `words` or `kinds`."""
        tok = self.peek()
        if tok is not None and (
            tok.kind in kinds or (tok.kind is TokKind.WORD and tok.text in words)
        ):
            self.at += 1
            return True
        return False

    def column(self) -> int:
        tok = self.peek()
        return tok.column if tok else len(self.text.rstrip()) + 1

    def problem(
        self, message: str, kind: IssueKind = IssueKind.SYNTAX, near: tuple[str, ...] = ()
    ) -> Problem:
        return Problem(kind, message, self.column(), near)

    def word(self, table: Mapping[str, object], what: str) -> str:
        """The next word, one of `table`'s keys (a misspelt one: the nearest)."""
        tok = self.peek()
        if tok is not None and tok.kind is TokKind.WORD and tok.text in table:
            self.at += 1
            return tok.text
        near = w.near_words(tok.text, list(table)) if tok and tok.kind is TokKind.WORD else ()
        raise self.problem(expected(what, tok), near=near)

    def hex(self) -> str:
        """A hex code of the map, optionally led by `mi`, `la casilla`..."""
        self.at += self.fillers(0)
        tok = self.peek()
        if tok is None or tok.kind is not TokKind.NUMBER:
            raise self.problem(expected(T_("a hex code (e.g. 0403)"), tok))
        if tok.text not in self.names.hexes:
            near = w.near_hexes(tok.text, self.names.hexes)
            if w.HEX_LIKE.fullmatch(tok.text):
                message = T_("unknown hex '{hex}': not on the map", hex=tok.text)
            else:
                message = T_("unknown hex '{hex}': write its code (e.g. 0403)", hex=tok.text)
            raise self.problem(message, IssueKind.ILLEGAL, near)
        self.at += 1
        return tok.text

    def fillers(self, ahead: int) -> int:
        """How many words before a hex code lead it (`la casilla 0403`: 2)."""
        end = ahead
        while self.is_word(w.HEX_FILLERS, end):
            end += 1
        return end - ahead if self.is_kind(TokKind.NUMBER, end) else 0

    def at_hex(self) -> bool:
        """Whether a hex comes next (rather than an amount)."""
        ahead = self.fillers(0)
        tok = self.peek(ahead)
        if tok is None or tok.kind is not TokKind.NUMBER or self.is_word(w.UNITS, ahead + 1):
            return False
        named = ahead > 0 and self.toks[self.at].text not in ("a", "al")
        return named or (w.HEX_LIKE.fullmatch(tok.text) is not None
                         and (tok.text in self.names.hexes or tok.text.startswith("0")))  # fmt: skip

    def number(self, what: str) -> int:
        """An amount or points (`1.500`, `1,500 co`)."""
        tok = self.peek()
        if tok is None or tok.kind is not TokKind.NUMBER:
            raise self.problem(expected(what, tok))
        if tok.value is None:
            raise self.problem(
                T_("bad number '{number}': write e.g. 1500 or 1.500", number=tok.text)
            )
        self.at += 1
        self.skip(w.UNITS)
        return tok.value

    def points(self) -> int:
        """The points after `invasión`, `con`... (`invasión 1500`)."""
        last = self.toks[self.at - 1]
        keyword = self.text[last.start : last.end]
        while self.skip(w.WITH, TokKind.COLON):
            pass
        if not self.is_kind(TokKind.NUMBER):
            example = f"{keyword} con 1500" if last.kind is TokKind.NUMBER else f"{keyword} 1500"
            raise self.problem(
                T_(
                    "missing points after '{keyword}' (e.g. '{example}')",
                    keyword=keyword,
                    example=example,
                )
            )
        return self.number(T_("points"))

    def invasion(self) -> int | None:
        """`invasión 1500`, when the line names one."""
        return self.points() if self.skip(w.INVASION) else None

    def to(self) -> bool:
        return self.skip(w.TO, TokKind.ARROW)

    def player(self, stops: Collection[str] = (), tail: Collection[str] = ()) -> str:
        """A player named by the words up to a stop word or mark (a word of
        `tail` at the run's end is left out: `rojo gana`). A name may hold
        numbers (`Reino 7`): the longest run of words and numbers that names a
        player is taken, so `dona a Reino 7 500` still leaves the amount."""
        first = self.at
        run: list[Tok] = []
        while (self.is_kind(TokKind.WORD) or self.is_kind(TokKind.NUMBER)) and not self.is_word(
            stops
        ):
            run.append(self.toks[self.at])
            self.at += 1
        book = self.names.player_book
        for end in range(min(len(run), MOST_NAME_WORDS), 0, -1):
            for start in range(min(end, 3)):  # up to two articles dropped
                found = book.lookup(self.text[run[start].start : run[end - 1].end])
                if found or run[start].text not in w.ARTICLES:
                    break
            if len(found) == 1:
                self.at = first + end
                return found[0]
            if found:
                written = self.text[run[0].start : run[end - 1].end]
                shown = tuple(book.display[id_] for id_ in found)
                message = T_("'{name}' names more than one player", name=written)
                raise Problem(IssueKind.AMBIGUOUS, message, run[0].column, shown)
        words = [tok for tok in run if tok.kind is TokKind.WORD]
        if words and words[-1].text in tail:
            words.pop()
        if not words:
            raise self.problem(T_("expected a player's name"))
        written = self.text[run[0].start : words[-1].end]
        near = book.nearest(written)
        message = T_("unknown player '{name}'", name=written)
        raise Problem(IssueKind.ILLEGAL, message, run[0].column, near)

    def end(self, *expected: str) -> None:
        """Nothing more on the line (a misspelt `expected` word: the nearest)."""
        tok = self.peek()
        if tok is None:
            return
        near = w.near_words(tok.text, expected) if tok.kind is TokKind.WORD and expected else ()
        raise self.problem(
            T_("unexpected '{word}' at the end of the line", word=tok.text), near=near
        )

    def rest(self) -> str:
        """The text as written after the current position (a penalty's reason)."""
        tok = self.peek()
        return self.text[tok.start :].strip() if tok else ""


MOST_NAME_WORDS = 8
"""The most words (and numbers) a player's name is looked up with, articles
included: a hostile run of words costs a bounded number of look-ups."""


def _read_line(r: _Reader, kind: str) -> m.CawaOrder | OrderIssue | None:
    if not r.toks:
        return None
    while r.is_word(w.LEADING) and r.is_word(w.LINE_WORDS, 1):
        r.at += 1
    first = r.toks[r.at]
    act = w.LINE_WORDS.get(first.text) if first.kind is TokKind.WORD else None
    if act is None and first.kind is not TokKind.NUMBER:
        if w.plain_prose(r.toks, r.names.player_book):
            return OrderIssue(IssueKind.IGNORED, T_("not a declaration"), r.source)
        near = w.near_keywords(first.text, kind) if first.kind is TokKind.WORD else ()
        message = unknown_start(first.text, kind) if near else cannot_read(kind)
        raise r.problem(message, near=near)
    phase = w.PHASE_OF[act] if act else "movement"
    if phase != kind:
        message = wrong_file(r.text[first.start : first.end] if act else None, phase, kind)
        raise r.problem(message, IssueKind.ILLEGAL)
    if act is None:
        return _land_move(r)
    r.at += 1
    return _READERS[act](r)


# --- economy (CC-E-13 .. CC-E-18) -----------------------------------------------------


def _give(r: _Reader) -> m.GiveCrowns | m.GiveHex:
    """`dona 500 a rojo` (CC-E-13) or `dona 0403 a rojo` (CC-E-14); the
    player may come first (`dona a rojo 500`)."""
    to = None
    if not r.is_kind(TokKind.NUMBER) and not r.fillers(0):
        r.skip(w.TO)
        to = r.player()
    hex_ = r.hex() if r.at_hex() else None
    amount = 0 if hex_ else r.number(T_("an amount of crowns or a hex code"))
    if to is None:
        r.skip(w.TO, TokKind.ARROW)
        to = r.player()
    r.end()
    if hex_ is not None:
        return m.GiveHex(r.power, hex_, to, source=r.source)
    return m.GiveCrowns(r.power, to, amount, source=r.source)


_OneHex = type[m.Abandon] | type[m.BuildVillage] | type[m.UpgradeCastle] | type[m.Withdraw]


def _one_hex(line: _OneHex) -> Callable[[_Reader], m.CawaOrder]:
    """A line that names one hex: `abandona 0403` (CC-E-16), `pueblo 0403`
    and `castillo 0403` (CC-E-18), `me retiro de 0403` (CC-CF-2, AC-29)."""

    def read(r: _Reader) -> m.CawaOrder:
        r.skip(w.FROM_WORDS)
        hex_ = r.hex()
        r.end()
        return line(r.power, hex_, source=r.source)

    return read


def _terrain(r: _Reader) -> m.ChangeTerrain:
    """`terreno 0403 bosque` (CC-E-17)."""
    hex_ = r.hex()
    r.skip(w.TO)
    terrain = w.TERRAINS[r.word(w.TERRAINS, T_("a terrain (llanura, bosque, montaña)"))]
    r.end()
    return m.ChangeTerrain(r.power, hex_, terrain, source=r.source)


# --- movement (CC-MV-8, AC-27) ----------------------------------------------------------


def _land_move(r: _Reader) -> m.LandMove:
    """`0303 -> 0403 invasión 1500`."""
    source_hex = r.hex()
    r.to()
    target = r.hex()
    points = r.invasion()
    r.end("invasion")
    return m.LandMove(r.power, source_hex, target, points, source=r.source)


def _from(r: _Reader) -> m.LandMove:
    """`desde 0303 al sureste invasión 1500`: the hex next to 0303 that way."""
    source_hex = r.hex()
    while r.skip(w.TO | {"el", "the", "hacia"}):
        pass
    direction = w.DIRECTIONS[r.word(w.DIRECTIONS, T_("a direction (norte, noreste, sureste...)"))]
    target = r.names.step(source_hex, direction)
    if target is None:
        message = T_(
            "no hex {direction} of {hex}: off the map", direction=direction.word, hex=source_hex
        )
        raise Problem(IssueKind.ILLEGAL, message, r.toks[r.at - 1].column)
    points = r.invasion()
    r.end("invasion")
    return m.LandMove(r.power, source_hex, target, points, source=r.source)


def _ship(r: _Reader) -> m.SeaMove:
    """`barco 0203 por 0303 0403 -> 0503 invasión 1000` (CC-MV-13, AC-23)."""
    r.skip(w.FROM_WORDS)
    source_hex = r.hex()
    path: list[str] = []
    if r.skip(w.PATH_WORDS):
        while r.is_kind(TokKind.NUMBER) or r.is_kind(TokKind.COMMA):
            if not r.skip((), TokKind.COMMA):
                path.append(r.hex())
        if not path:
            raise r.problem(
                T_("expected the water hexes of the path after 'por' (e.g. por 0303 0403)")
            )
    if r.to() or not path or r.is_kind(TokKind.NUMBER):
        target = r.hex()
    else:
        target = path.pop()
    points = r.invasion()
    r.end("invasion")
    return m.SeaMove(r.power, source_hex, target, points, tuple(path), source=r.source)


def _fleet(r: _Reader) -> m.LaunchFleet | m.MoveFleet | m.LandFleet:
    """`flota 0202 -> 0502` (CC-MV-16, CC-MV-18) or `flota 0702 [-> 0602]
    desembarca 0803 invasión 1000` (CC-MV-19, CC-MV-20)."""
    fleet_hex = r.hex()
    via = None
    if not r.is_word(w.LAND):
        r.to()
        via = r.hex()
        if not r.is_word(w.LAND):
            r.end("desembarca", "lands")
            if fleet_hex in r.names.water:
                return m.MoveFleet(r.power, fleet_hex, via, source=r.source)
            return m.LaunchFleet(r.power, fleet_hex, via, source=r.source)
    r.at += 1
    r.skip(w.TO)
    target = r.hex()
    points = r.invasion()
    r.end("invasion")
    return m.LandFleet(r.power, fleet_hex, target, points, via, source=r.source)


# --- skirmishes and reactions (CC-CF-3, CC-CF-9, CC-B-33, AC-29) -------------------------


def _skirmish(r: _Reader) -> m.SkirmishResult:
    """`escaramuza 0403: gana rojo` or `escaramuza 0403: batalla única`."""
    hex_ = r.hex()
    r.skip((), TokKind.COLON)
    if r.is_word(w.SINGLE) and (r.is_word(w.SINGLE, 1) or r.peek(1) is None):
        while r.skip(w.SINGLE):
            pass
        r.end()
        return m.SkirmishResult(r.power, hex_, None, True, source=r.source)
    r.skip(w.WINS)
    winner = r.player(w.WINS, tail=w.WINS)
    r.skip(w.WINS)
    r.end()
    return m.SkirmishResult(r.power, hex_, winner, source=r.source)


def _hex_points(line: type[m.Defend | m.Redeploy]) -> Callable[[_Reader], m.CawaOrder]:
    """`defiendo 0403 con 1500` (CC-CF-5, AC-40) or `invasión 0403 con 1500`,
    an invader's deployment change (CC-B-31, AC-39)."""

    def read(r: _Reader) -> m.CawaOrder:
        r.skip(w.FROM_WORDS)
        hex_ = r.hex()
        points = r.points()
        r.end()
        return line(r.power, hex_, points, source=r.source)

    return read


# --- battles (CC-B-15, CC-B-20, CC-B-24, AC-32, AC-34, AC-50) ------------------------------

_RESULT_WHAT = T_("the result (marginal, decisiva or masacre)")
_ENDS = frozenset(w.RESULTS) | w.DRAW


def _battle(r: _Reader) -> m.BattleResult:
    """`batalla 0403: gana rojo, decisiva`, `batalla 0403: empate`, or a
    pair of a three-sided battle: `batalla 0403: rojo sobre azul, masacre`."""
    hex_ = r.hex()
    r.skip((), TokKind.COLON)
    if r.skip(w.DRAW):
        r.end()
        return m.BattleResult(r.power, hex_, None, m.ResultClass.DRAW, source=r.source)
    stops = w.WINS | w.OVER | set(w.RESULTS)
    r.skip(w.WINS)
    winner = r.player(stops, tail=w.WINS)
    loser = None
    if r.is_word(w.OVER) and r.is_kind(TokKind.WORD, 1) and not r.is_word(_ENDS, 1):
        r.at += 1
        loser = r.player(stops)
    r.skip(w.WINS)
    r.skip((), TokKind.COMMA)
    if loser is not None and r.skip(w.DRAW):  # a pair of a three-sided battle drew
        r.end()
        return m.BattleResult(r.power, hex_, winner, m.ResultClass.DRAW, loser, source=r.source)
    result = w.RESULTS[r.word(w.RESULTS, _RESULT_WHAT)]
    r.end()
    return m.BattleResult(r.power, hex_, winner, result, loser, source=r.source)


def _fielded(r: _Reader) -> m.Fielded:
    """`puntos 0403 rojo 1503` (CC-B-11, AC-41, AC-46)."""
    hex_ = r.hex()
    r.skip((), TokKind.COLON)
    player = r.player()
    r.skip((), TokKind.COLON)
    points = r.number(T_("the points fielded"))
    r.end()
    return m.Fielded(r.power, hex_, player, points, source=r.source)


def _disqualify(r: _Reader) -> m.Disqualify:
    """`descalifica 0403 rojo` (CC-B-24, CC-B-25)."""
    hex_ = r.hex()
    r.skip((), TokKind.COLON)
    player = r.player()
    r.end()
    return m.Disqualify(r.power, hex_, player, source=r.source)


def _penalty(r: _Reader) -> m.Penalty:
    """`castigo rojo multa 500: insultos` (AC-50): the reason is required."""
    player = r.player(w.PENALTIES)
    kind = w.PENALTIES[r.word(w.PENALTIES, T_("a penalty (derrota, multa or expulsión)"))]
    amount, hex_ = 0, None
    if kind is m.PenaltyKind.FORCED_LOSS:
        hex_ = r.hex()
    elif kind is m.PenaltyKind.FINE:
        amount = r.number(T_("the fine in crowns"))
    if not r.skip((), TokKind.COLON):
        raise r.problem(T_("expected ': ' and the reason of the penalty"))
    reason = r.rest()
    if not reason:
        raise r.problem(T_("a penalty needs its reason after the colon"))
    return m.Penalty(r.power, player, kind, reason, amount, hex_, source=r.source)


_READERS: Mapping[Act, Callable[[_Reader], m.CawaOrder]] = {
    Act.GIVE: _give,
    Act.ABANDON: _one_hex(m.Abandon),
    Act.TERRAIN: _terrain,
    Act.VILLAGE: _one_hex(m.BuildVillage),
    Act.CASTLE: _one_hex(m.UpgradeCastle),
    Act.FROM: _from,
    Act.SHIP: _ship,
    Act.FLEET: _fleet,
    Act.SKIRMISH: _skirmish,
    Act.DEFEND: _hex_points(m.Defend),
    Act.WITHDRAW: _one_hex(m.Withdraw),
    Act.REDEPLOY: _hex_points(m.Redeploy),
    Act.BATTLE: _battle,
    Act.FIELDED: _fielded,
    Act.DISQUALIFY: _disqualify,
    Act.PENALTY: _penalty,
}
