"""Machiavelli's advanced lines -> records: expenses, payments, purchases, and
the lines of the Loan phase (loans, refusals to repay, gifts).

Rulebook 003 §6.1 (CM-6.1-1 .. CM-6.1-4) and the readings AM-13, AM-17, AM-27
of the checklist `machiavelli-advanced`. A player writes these lines among his
board orders; `read_advanced_line` reads one of them and gives None for any
other line, which the caller hands to the board order parser
(`orders.board.parser`):

    (E) Turco 12d                  an expense: its letter, its target, its ducats
    E Turco 12 ducados             the same (a bare letter needs the amount at the end)
    (G) G Trent 9d                 a bribe names the unit: A, F or G and its area
    (C) Nápoles ciudad Capua 9d    a rebellion aimed at Naples, in the city (AM-27)
    paga A MIL / no paga A TYR     upkeep paid, or not (the unit is dropped: AM-13)
    D A TYR                        the same as `no paga A TYR`
    compra A COMO                  a purchase; `compra A FLO mercenarios` a special unit

and the lines of the Loan phase (003 §5.3, §8.1, §11; CM-11.2-1, CM-11.2-2,
CM-5.3-1, CM-8.1-2, AM-42, AM-44), read in any phase:

    préstamo 10d 1 año             a loan from the moneylenders: ducats, one or two years
    pido préstamo 10 ducados a dos años
    no devuelve el préstamo        the loans due are not repaid (AM-42)
    da 5d a Venecia                ducats given (`transfiere`, `dona`, `regala`)
    cede asesinato a Venecia       the assassination attempt given or sold (`vende`)

Names are read in any case and with or without accents: areas by the map's
names and aliases (`orders.names.NameIndex`), powers also by their Spanish and
Catalan names and demonyms (`Turco`, `Veneciano`, `Papa`...). A line that is
plainly one of these (a letter in parentheses, an expense letter with an amount,
`paga`, `no paga`, `compra`, `préstamo`, `no devuelve`, `transfiere`, `cede`...)
but cannot be read is a SYNTAX issue quoting it, with the nearest names, and
costs nothing (AM-17). `da` is Spanish for "gives" and no word of the board
grammar; it is still read as a gift only when an amount follows it (`da 5d`),
so that prose such as "da igual" stays with the board parser.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from difflib import get_close_matches
from functools import lru_cache

from maps.model import SUGGESTED_CHARS, GameMap, normalize_name
from orders.board.model import UnitKind
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.lines import blank_list_mark, first_column, order_lines
from orders.machiavelli.model import (
    AdvancedRecord,
    AttemptTransfer,
    Expense,
    ExpenseKind,
    LoanPhaseRecord,
    LoanRequest,
    Payment,
    Purchase,
    RefuseRepayment,
    SpecialUnit,
    Transfer,
)
from orders.names import NameIndex, fold

# --- vocabulary ----------------------------------------------------------------------

POWER_WORDS: Mapping[str, tuple[str, ...]] = {
    "austria": ("austria", "austriaco", "austriacos", "austriac", "austriacs", "austrian"),
    "florence": ("florencia", "florentino", "florentinos", "florenti", "florentins"),
    "france": ("francia", "franca", "frances", "franceses", "francesos", "french"),
    "genoa": ("genova", "genoves", "genoveses", "genovesos", "genoese"),
    "hre": (
        "sacro imperio",
        "sacro imperio romano",
        "sacro imperio romano germanico",
        "imperio romano",
        "sacre imperi",
        "sacre imperi roma",
        "imperial",
        "imperiales",
        "holy roman empire",
    ),
    "milan": ("milan", "mila", "milanes", "milaneses", "milanesos", "milanese"),
    "naples": ("napoles", "napols", "napolitano", "napolitanos", "napolita", "napolitans"),
    "papacy": (
        "papa",
        "papado",
        "papal",
        "papales",
        "papat",
        "estados papales",
        "estados pontificios",
        "pontificio",
        "pope",
        "papal states",
    ),
    "savoy": ("saboya", "saboia", "saboyano", "saboyanos", "saboia", "saboians", "savoyard"),
    "spain": (
        "espana",
        "espanol",
        "espanoles",
        "imperio espanol",
        "espanya",
        "espanyol",
        "espanyols",
        "imperi espanyol",
        "spanish",
        "spain",
    ),
    "turks": (
        "turco",
        "turcos",
        "turquia",
        "turc",
        "turcs",
        "otomano",
        "otomanos",
        "turco otomano",
        "imperio otomano",
        "ottoman",
        "turk",
        "turkey",
    ),
    "venice": ("venecia", "veneciano", "venecianos", "veneciana", "venecians", "venetian"),
}
"""Power id -> the folded names players call it by besides the map's own names
(Spanish and Catalan names and demonyms: `(E) Turco 12d`, CM-6.1-3)."""

EMPIRES = ("imperio", "imperi", "empire", "el imperio")
"""Names that could mean the Holy Roman Empire or the Spanish Empire: read as the
one of them the map has, and as ambiguous when it has both."""

_EMPIRE_POWERS = ("hre", "spain")

_ARTICLES = frozenset({"el", "la", "los", "las", "al", "del", "l", "els", "les", "the"})
_AGAINST = frozenset({"contra", "against"})

UNIT_WORDS: Mapping[str, UnitKind] = {
    **dict.fromkeys(("a", "army", "ejercito", "exercit"), UnitKind.ARMY),
    **dict.fromkeys(("f", "fleet", "flota"), UnitKind.FLEET),
    **dict.fromkeys(("g", "garrison", "guarnicion", "guarnicio"), UnitKind.GARRISON),
}
"""Folded unit words -> unit kind (`G` or `guarnición` for a garrison)."""

CITY_WORDS = frozenset({"ciudad", "ciutat", "city"})
"""The word that aims a rebellion at the city, not the province (AM-27)."""
_CITY_LINKS = frozenset({"de", "d", "of"})


def _special_phrases() -> dict[str, SpecialUnit]:
    """Folded phrases -> special unit: `mercenarios`, `mercenarios de elite`..."""
    stems = {
        SpecialUnit.CITIZEN_MILITIA: ("milicia", "milicias", "militia", "citizen militia"),
        SpecialUnit.ELITE_MERCENARIES: ("mercenarios", "mercenario", "mercenaris", "mercenaries"),
        SpecialUnit.ELITE_PROFESSIONALS: (
            "profesionales",
            "profesional",
            "professionals",
            "professional",
        ),
    }
    tails = ("", " de elite", " d elit", " ciudadana", " ciudadanas", " ciutadana")
    phrases = {special.value.replace("_", " "): special for special in SpecialUnit}
    for special, words in stems.items():
        for word in words:
            phrases.update({f"{word}{tail}": special for tail in tails})
            phrases[f"elite {word}"] = special
    return phrases


SPECIAL_PHRASES: Mapping[str, SpecialUnit] = _special_phrases()
"""Folded phrases after a purchase -> the special unit bought (CM-10.1-3)."""

PAY_WORDS = frozenset({"paga", "pago", "pagar", "pay", "pays"})
NOT_WORDS = frozenset({"no", "not"})
BUY_WORDS = frozenset({"compra", "compro", "comprar", "buy", "buys"})
DROP_LETTER = "d"
"""`D A TYR`: the unit is not paid for (AM-13)."""

LOAN_WORDS = frozenset({"prestamo", "prestamos", "prestec", "prestecs", "loan"})
"""`préstamo 10d 1 año`: a loan from the moneylenders (CM-11.2-1)."""
ASK_WORDS = frozenset({"pido", "pide", "pedir", "demano", "demana", "demanar", "ask", "asks"})
"""`pido préstamo 10d 2 años`: the same, with a verb before it."""
_A_LOAN = frozenset({"un", "una", "el"})
YEAR_COUNTS: Mapping[str, int] = {
    **dict.fromkeys(("1", "un", "uno", "una", "one"), 1),
    **dict.fromkeys(("2", "dos", "dues", "two"), 2),
}
"""How long a loan runs: one or two years (CM-11.2-2)."""
YEAR_WORDS = frozenset({"ano", "anos", "any", "anys", "year", "years"})
_YEARS_LINKS = frozenset({"a", "de", "por", "para", "per", "en", "for"})

RETURN_WORDS = frozenset({"devuelve", "devuelvo", "devolver", "retorna", "retorno", "repay"})
"""`no devuelve`: the loans due are not repaid (AM-42)."""
DEBT_WORDS = LOAN_WORDS | {"deuda", "deudas", "deute", "deutes", "loans", "debt"}
_DEBT_FILLERS = _ARTICLES | {"mi", "mis", "su", "sus", "meu", "meus", "seu", "seus", "my"}

GIVE_WORDS = frozenset(
    {"transfiere", "transfiero", "transferir", "dona", "dono", "donar", "regala", "regalo"}
    | {"regalar", "gives", "give"}
)
"""`transfiere 5 ducados a Venecia`: ducats given (CM-5.3-1, AM-44)."""
SHORT_GIVE_WORDS = frozenset({"da", "doy"})
"""`da 5d a Venecia`: a gift only when an amount follows (see the module docstring)."""
_TO = frozenset({"a", "para", "per", "to", "hacia"})

CEDE_WORDS = frozenset({"cede", "cedo", "ceder", "vende", "vendo", "vender", "sells", "sell"})
"""`cede asesinato a Venecia`: the assassination attempt given or sold (CM-8.1-2)."""
ATTEMPT_WORDS = frozenset({"asesinato", "assassinat", "assassination", "atentado"})
_ATTEMPT_FILLERS = _DEBT_FILLERS | {"intento", "intent", "attempt", "de", "d", "of"}

LETTERS = ", ".join(ExpenseKind)
"""The expense letters, as an issue lists them: `A, B, C, ... K`."""

# --- the shape of a line ---------------------------------------------------------------

_COMMENT = re.compile(r"\s*(#|//).*$")
_PAREN_LETTER = re.compile(r"\s*\(\s*([^\W\d_])\s*\)")
_BARE_LETTER = re.compile(r"\s*([^\W\d_])(?=\s)")
_DUCATS = r"(?<![\w.,])([-+]?)(\d+)(?:[.,](\d+))?\s*(?:d|ds|ducados?|ducats?)?\.?"
_AMOUNT = re.compile(_DUCATS + r"\s*$", re.IGNORECASE)
"""The ducats ending an expense line (`12d`)."""
_AMOUNT_AT = re.compile(r"\s*" + _DUCATS + r"(?!\w)", re.IGNORECASE)
"""The ducats inside a loan or a gift line (`préstamo 10d 1 año`, `da 5d a Venecia`)."""
_AMOUNT_LIKE = re.compile(r"\s*[-+]?\d")
_WORD = re.compile(r"[^\W_][\w'’.·]*")


@dataclass(frozen=True)
class Word:
    """A word of a line and its 0-based position in the line."""

    text: str
    start: int

    @property
    def folded(self) -> str:
        return fold(self.text.rstrip("."))

    @property
    def end(self) -> int:
        return self.start + len(self.text)


def _words(text: str, start: int, end: int) -> tuple[Word, ...]:
    return tuple(Word(m.group(), m.start()) for m in _WORD.finditer(text, start, end))


def _quote(words: Sequence[Word]) -> str:
    return " ".join(word.text for word in words)


def _folded(words: Sequence[Word]) -> str:
    return normalize_name(" ".join(word.folded for word in words))


@dataclass(frozen=True)
class _Ctx:
    """What reading one line needs: the power writing, the map's names, the line."""

    power: str
    index: NameIndex
    source: Source
    text: str

    def problem(
        self,
        message: str,
        at: int,
        suggestions: Iterable[str] = (),
        kind: IssueKind = IssueKind.SYNTAX,
    ) -> Problem:
        """A problem at the 0-based position `at` of the line."""
        return Problem(kind, message, at + 1, tuple(suggestions))


# --- reading -------------------------------------------------------------------------


def read_advanced_line(
    text: str, *, power: str, game_map: GameMap, source: Source
) -> AdvancedRecord | OrderIssue | None:
    """One line -> an expense, a payment, a purchase, a line of the Loan phase
    (a loan, a refusal to repay, a gift of ducats or of the assassination
    attempt), an issue, or None when the line is none of these (the board order
    parser reads it).

    `power` writes the line; `source` names the file and line in records and
    issues. An issue costs nothing (AM-17).
    """
    line = blank_list_mark(_COMMENT.sub("", text))
    ctx = _Ctx(power, NameIndex.of(game_map), source, line)
    try:
        return _read(ctx)
    except Problem as problem:
        return problem.issue(source)


def read_advanced_lines(
    text: str, *, power: str, game_map: GameMap, file: str = "<orders>"
) -> tuple[tuple[AdvancedRecord, ...], tuple[OrderIssue, ...]]:
    """Every advanced line of an order text (CM-6.1-1: any number of expenses),
    as records and issues; mail headers, quoted mail and the signature are
    skipped as the board parser skips them (`orders.lines.order_lines`)."""
    records: list[AdvancedRecord] = []
    issues: list[OrderIssue] = []
    for read in _read_all(text, power, game_map, file):
        if isinstance(read, OrderIssue):
            issues.append(read)
        else:
            records.append(read)
    return tuple(records), tuple(issues)


def board_text(text: str, *, power: str, game_map: GameMap) -> str:
    """`text` with its advanced lines blanked (line numbers kept), for the board
    order parser."""
    lines = text.split("\n")
    for number, line in order_lines(text):
        if _read_one(line, number, power, game_map, "<orders>") is not None:
            lines[number - 1] = ""
    return "\n".join(lines)


def _read_all(
    text: str, power: str, game_map: GameMap, file: str
) -> Iterable[AdvancedRecord | OrderIssue]:
    for number, line in order_lines(text):
        read = _read_one(line, number, power, game_map, file)
        if read is not None:
            yield read


def _read_one(
    line: str, number: int, power: str, game_map: GameMap, file: str
) -> AdvancedRecord | OrderIssue | None:
    source = Source(file, number, line, first_column(line))
    return read_advanced_line(line, power=power, game_map=game_map, source=source)


def _read(ctx: _Ctx) -> AdvancedRecord | None:
    """Which kind of line this is, by its first words."""
    text = ctx.text
    lead = _PAREN_LETTER.match(text)
    if lead is not None:
        return _expense(ctx, lead.group(1), lead.start(1), lead.end())
    words = _words(text, 0, len(text))
    if not words:
        return None
    loan_phase = _loan_phase_line(ctx, words)
    if loan_phase is not None:
        return loan_phase
    first = words[0].folded
    if first in PAY_WORDS:
        return _payment(ctx, words[1:], paid=True, at=words[0])
    if first in NOT_WORDS and len(words) > 1 and words[1].folded in PAY_WORDS:
        return _payment(ctx, words[2:], paid=False, at=words[0])
    if first in BUY_WORDS:
        return _purchase(ctx, words[1:], at=words[0])
    return _bare_letter(ctx, words)


def _bare_letter(ctx: _Ctx, words: Sequence[Word]) -> AdvancedRecord | None:
    """`E Turco 12d` (an expense letter, without parentheses, and an amount at
    the end) or `D A TYR` (no payment); any other line is no advanced line."""
    first = words[0]
    if len(first.text) != 1 or not _BARE_LETTER.match(ctx.text):
        return None
    letter = first.text
    if _AMOUNT.search(ctx.text, first.start + 1) is not None and _kind(letter) is not None:
        return _expense(ctx, letter, first.start, first.start + 1)
    if first.folded == DROP_LETTER and len(words) > 2 and words[1].folded in UNIT_WORDS:
        return _payment(ctx, words[1:], paid=False, at=first)
    return None


def _kind(letter: str) -> ExpenseKind | None:
    try:
        return ExpenseKind(letter.upper())
    except ValueError:
        return None


# --- expenses ------------------------------------------------------------------------


def _expense(ctx: _Ctx, letter: str, letter_at: int, body_start: int) -> Expense:
    """`(E) Turco 12d`: the letter, the target, the amount (CM-6.1-2)."""
    kind = _kind(letter)
    if kind is None:
        message = f"unknown expense letter '{letter}': the letters are {LETTERS}"
        raise ctx.problem(message, letter_at)
    amount, body_end = _amount(ctx, body_start)
    words = _words(ctx.text, body_start, body_end)
    expense = Expense(ctx.power, kind, amount, source=ctx.source)
    target = _TARGETS[kind]
    return target(ctx, expense, words, body_start)


def _amount(ctx: _Ctx, start: int) -> tuple[int, int]:
    """The ducats at the end of the line (`12d`, `12 d`, `12 ducados`, `12`), and
    where the target before them ends."""
    found = _AMOUNT.search(ctx.text, start)
    if found is None:
        end = len(ctx.text.rstrip())
        raise ctx.problem("the expense has no amount: end it with the ducats (`12d`)", end)
    return _ducats(ctx, found), found.start()


def _ducats(ctx: _Ctx, found: re.Match[str]) -> int:
    """The whole number of ducats above 0 an amount match says, or a problem."""
    sign, whole, fraction = found.groups()
    if sign == "-" or fraction is not None or int(whole) <= 0:
        written = found.group().strip()
        message = f"the amount '{written}' is not a whole number of ducats above 0"
        raise ctx.problem(message, found.start(1))
    return int(whole)


def _victim(ctx: _Ctx, expense: Expense, words: Sequence[Word], at: int) -> Expense:
    """`(E) Turco 12d`: the power an assassination aims at (CM-6.1-3)."""
    named = _without_fillers(words)
    if not named:
        raise ctx.problem("name the power the expense aims at (`(E) Turco 12d`)", at)
    return replace(expense, victim=_power(ctx, named))


def _area_target(ctx: _Ctx, expense: Expense, words: Sequence[Word], at: int) -> Expense:
    """`(A) Pisa 3d`, `(B) Pisa 12d`, `(C) Nápoles ciudad Capua 9d`: an area,
    optionally led by the power aimed at, and `ciudad` to aim at the city (AM-27)."""
    city = next((i for i, word in enumerate(words) if word.folded in CITY_WORDS), None)
    if city is None:
        victim, area = _owned_area(ctx, words, at)
        return replace(expense, area=area, victim=victim)
    before, after = words[:city], list(words[city + 1 :])
    if after and after[0].folded in _CITY_LINKS and len(after) > 1:
        after = after[1:]
    if not after:  # `(C) Capua ciudad 9d`
        victim, area = _owned_area(ctx, before, at)
    else:
        victim = _power(ctx, before) if before else None
        area = _area(ctx, after)
    return replace(expense, area=area, victim=victim, in_city=True)


def _unit_target(ctx: _Ctx, expense: Expense, words: Sequence[Word], at: int) -> Expense:
    """`(G) G Trent 9d`, `(F) A Milán 6d`: a unit by its kind and area (CM-6.1-4),
    optionally with its owner (`(J) A Turco HER 12d`, `(J) Turco A HER 12d`)."""
    for start, word in enumerate(words):
        kind = UNIT_WORDS.get(word.folded)
        if kind is not None and start + 1 < len(words):
            owner = _power(ctx, words[:start]) if start else None
            victim, area = _owned_area(ctx, words[start + 1 :], words[start + 1].start)
            if owner is not None and victim is not None and owner != victim:
                raise ctx.problem("the unit is named with two owners", words[0].start)
            return replace(expense, unit_kind=kind, area=area, victim=owner or victim)
    message = "name the unit: A, F or G and its area (`(G) G Trent 9d`)"
    raise ctx.problem(message, words[0].start if words else at)


_TARGETS: Mapping[ExpenseKind, Callable[[_Ctx, Expense, Sequence[Word], int], Expense]] = {
    ExpenseKind.ASSASSINATION: _victim,
    **{kind: _area_target for kind in ExpenseKind if kind.value in "ABCD"},
    **{kind: _unit_target for kind in ExpenseKind if kind.value in "FGHIJK"},
}
"""What each letter aims at (CM-6.1-2): a power (E), an area (A-D), a unit (F-K)."""


def _without_fillers(words: Sequence[Word]) -> Sequence[Word]:
    """`contra el Turco` -> `Turco`."""
    start = 0
    while start < len(words) - 1 and words[start].folded in _AGAINST | _ARTICLES:
        start += 1
    return words[start:]


# --- payments and purchases --------------------------------------------------------------


def _payment(ctx: _Ctx, words: Sequence[Word], *, paid: bool, at: Word) -> Payment:
    """`paga A MIL`, `no paga A TYR`, `D A TYR` (AM-13)."""
    kind, area = _unit(ctx, words, at, "paga A MIL")
    return Payment(ctx.power, kind, area, paid, ctx.source)


def _purchase(ctx: _Ctx, words: Sequence[Word], *, at: Word) -> Purchase:
    """`compra A COMO`, `compra A FLO mercenarios de élite` (AM-13, CM-10.1-3)."""
    special = None
    for cut in range(2, len(words)):
        special = SPECIAL_PHRASES.get(_folded(words[cut:]))
        if special is not None:
            words = words[:cut]
            break
    kind, area = _unit(ctx, words, at, "compra A COMO")
    return Purchase(ctx.power, kind, area, special, ctx.source)


def _unit(ctx: _Ctx, words: Sequence[Word], at: Word, example: str) -> tuple[UnitKind, str]:
    """A unit kind (A, F, G) and an area."""
    kind = UNIT_WORDS.get(words[0].folded) if words else None
    if kind is None or len(words) < 2:
        where = words[0].start if words else at.start
        raise ctx.problem(f"name the unit: A, F or G and its area (`{example}`)", where)
    return kind, _area(ctx, words[1:])


# --- the Loan phase: loans, refusals, gifts (003 §5.3, §8.1, §11) ---------------------------


def _loan_phase_line(ctx: _Ctx, words: Sequence[Word]) -> LoanPhaseRecord | None:
    """A line of the Loan phase, by its first words, or None when it is none."""
    first = words[0].folded
    rest = words[1:]
    second = rest[0].folded if rest else ""
    if first in LOAN_WORDS:
        return _loan(ctx, words[0])
    if first in ASK_WORDS and rest:
        lead = rest[1] if second in _A_LOAN and len(rest) > 1 else rest[0]
        return _loan(ctx, lead) if lead.folded in LOAN_WORDS else None
    if first in NOT_WORDS and (second in RETURN_WORDS or (second in PAY_WORDS and _debt(rest[1:]))):
        return _refusal(ctx, rest[1:])
    if first in GIVE_WORDS or (
        first in SHORT_GIVE_WORDS and _AMOUNT_LIKE.match(ctx.text, words[0].end)
    ):
        return _transfer(ctx, words[0])
    if first in CEDE_WORDS:
        return _attempt_transfer(ctx, rest, at=words[0])
    return None


def _loan(ctx: _Ctx, lead: Word) -> LoanRequest:
    """`préstamo 10d 1 año`, `pido préstamo 10 ducados a dos años`: a loan from
    the moneylenders, asked in any Loan phase (CM-11.2-1), for one or two years
    (CM-11.2-2)."""
    example = "préstamo 10d 1 año"
    after = _words(ctx.text, lead.end, len(ctx.text))
    start = after[0].end if after and after[0].folded == "de" else lead.end
    amount, end = _amount_at(ctx, start, example)
    years = _years(ctx, _words(ctx.text, end, len(ctx.text)), example)
    return LoanRequest(ctx.power, amount, years, ctx.source)


def _amount_at(ctx: _Ctx, start: int, example: str) -> tuple[int, int]:
    """The ducats written from `start` on (`10d`, `10 ducados`, `10`) and where
    they end."""
    found = _AMOUNT_AT.match(ctx.text, start)
    if found is None:
        words = _words(ctx.text, start, len(ctx.text))
        at = words[0].start if words else len(ctx.text.rstrip())
        raise ctx.problem(f"name the ducats (`{example}`)", at)
    return _ducats(ctx, found), found.end()


def _years(ctx: _Ctx, words: Sequence[Word], example: str) -> int:
    """`1 año`, `a dos años`: one or two years (CM-11.2-2)."""
    if words and words[0].folded in _YEARS_LINKS:
        words = words[1:]
    if len(words) != 2 or words[1].folded not in YEAR_WORDS:
        where = words[0].start if words else len(ctx.text.rstrip())
        raise ctx.problem(f"say for how many years: one or two (`{example}`)", where)
    count = words[0]
    negative = ctx.text[count.start - 1] == "-"
    years = None if negative else YEAR_COUNTS.get(count.folded)
    if years is None:
        start = count.start - 1 if negative else count.start
        written = ctx.text[start : words[1].end]
        message = f"loans run one or two years (003 §11.2), not '{written}'"
        raise ctx.problem(message, start)
    return years


def _debt(words: Sequence[Word]) -> bool:
    """`el préstamo`, `los préstamos`, `mi deuda`: the loans owed."""
    return bool(words) and words[-1].folded in DEBT_WORDS and _fillers(words[:-1], _DEBT_FILLERS)


def _fillers(words: Sequence[Word], fillers: frozenset[str]) -> bool:
    return all(word.folded in fillers for word in words)


def _refusal(ctx: _Ctx, words: Sequence[Word]) -> RefuseRepayment:
    """`no devuelve`, `no devuelve el préstamo`, `no pago el préstamo`: the loans
    due are not repaid (AM-42)."""
    if words and not _debt(words):
        message = "write `no devuelve` or `no devuelve el préstamo` to refuse to repay"
        raise ctx.problem(message, words[0].start)
    return RefuseRepayment(ctx.power, ctx.source)


def _transfer(ctx: _Ctx, verb: Word) -> Transfer:
    """`da 5d a Venecia`, `transfiere 5 ducados a los venecianos`: ducats given
    to another power (CM-5.3-1, AM-44)."""
    example = "da 5d a Venecia"
    amount, end = _amount_at(ctx, verb.end, example)
    receiver = _receiver(ctx, _words(ctx.text, end, len(ctx.text)), end, example)
    return Transfer(ctx.power, receiver, amount, ctx.source)


def _attempt_transfer(ctx: _Ctx, words: Sequence[Word], *, at: Word) -> AttemptTransfer:
    """`cede asesinato a Venecia`, `vende el intento de asesinato a Venecia`: the
    power's assassination attempt given or sold (CM-8.1-2, AM-44)."""
    example = "cede asesinato a Venecia"
    cut = next((i for i, word in enumerate(words) if word.folded in ATTEMPT_WORDS), None)
    if cut is None or not _fillers(words[:cut], _ATTEMPT_FILLERS):
        message = f"name the assassination attempt given (`{example}`)"
        raise ctx.problem(message, words[0].start if words else at.end)
    receiver = _receiver(ctx, words[cut + 1 :], words[cut].end, example)
    return AttemptTransfer(ctx.power, receiver, ctx.source)


def _receiver(ctx: _Ctx, words: Sequence[Word], at: int, example: str) -> str:
    """The other power a gift goes to (`a Venecia`, `al Papa`, `a los venecianos`)."""
    if words and words[0].folded in _TO:
        words = words[1:]
    named = _without_fillers(words)
    if not named:
        raise ctx.problem(f"name the power it goes to (`{example}`)", at)
    receiver = _power(ctx, named)
    if receiver == ctx.power:
        message = f"'{_quote(named)}' is the power writing: a gift goes to another power"
        raise ctx.problem(message, named[0].start)
    return receiver


# --- names ---------------------------------------------------------------------------


def _area(ctx: _Ctx, words: Sequence[Word]) -> str:
    """The one area a run of words names (any case, accents free), or a problem
    with the nearest names."""
    areas = _areas(ctx, words)
    if len(areas) == 1:
        return areas[0]
    text = _quote(words)
    if not areas:
        suggestions = ctx.index.place_suggestions(text)
        raise ctx.problem(f"unknown area '{text}'", words[0].start, suggestions)
    names = [f"{code} ({ctx.index.game_map.areas[code].name})" for code in areas]
    message = f"'{text}' could mean more than one area"
    raise ctx.problem(message, words[0].start, names, IssueKind.AMBIGUOUS)


def _areas(ctx: _Ctx, words: Sequence[Word]) -> tuple[str, ...]:
    texts = [word.text.rstrip(".") for word in words]
    readings = ctx.index.readings(texts, owner=False, coast_words=True) if texts else ()
    return tuple(dict.fromkeys(reading.area for reading in readings))


def _owned_area(ctx: _Ctx, words: Sequence[Word], at: int) -> tuple[str | None, str]:
    """An area, optionally led by a power (`Nápoles Capua`): (power, area)."""
    if not words:
        raise ctx.problem("name the area the expense aims at", at)
    if _areas(ctx, words):
        return None, _area(ctx, words)
    for cut in range(len(words) - 1, 0, -1):
        power = _power_or_none(ctx, words[:cut])
        if power is not None and _areas(ctx, words[cut:]):
            return power, _area(ctx, words[cut:])
    return None, _area(ctx, words)


def _power(ctx: _Ctx, words: Sequence[Word]) -> str:
    """The one power a run of words names, or a problem with the nearest names."""
    power = _power_or_none(ctx, words)
    if power is not None:
        return power
    text = _quote(words)
    if _folded(words) in EMPIRES:
        choices = [ctx.index.game_map.powers[p].name for p in _EMPIRE_POWERS]
        message = f"'{text}' could mean more than one power"
        raise ctx.problem(message, words[0].start, choices, IssueKind.AMBIGUOUS)
    suggestions = _power_suggestions(ctx.index, text)
    raise ctx.problem(f"unknown power '{text}'", words[0].start, suggestions)


def _power_or_none(ctx: _Ctx, words: Sequence[Word]) -> str | None:
    folded = _folded(_without_fillers(words))
    powers = ctx.index.game_map.powers
    found = _power_names(ctx.index).get(folded)
    if found is not None:
        return found
    if folded in EMPIRES:
        empires = [power for power in _EMPIRE_POWERS if power in powers]
        return empires[0] if len(empires) == 1 else None
    return None


@lru_cache(maxsize=16)
def _power_names(index: NameIndex) -> Mapping[str, str]:
    """Folded power names -> power id: the map's names and `POWER_WORDS`."""
    names = dict(index.powers)
    for power, words in POWER_WORDS.items():
        if power in index.game_map.powers:
            names.update(dict.fromkeys(words, power))
    return names


def _power_suggestions(index: NameIndex, text: str, limit: int = 3) -> tuple[str, ...]:
    """Display names of the powers nearest a misspelt name (`Turcco` -> Turks)."""
    names = _power_names(index)
    key = normalize_name(text[:SUGGESTED_CHARS])
    close = get_close_matches(key, list(names), n=limit * 4, cutoff=0.6)
    found = dict.fromkeys(index.game_map.powers[names[name]].name for name in close)
    return tuple(found)[:limit]
