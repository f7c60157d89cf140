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

and the lines of the Loan phase (`loan_lines`: loans, refusals to repay,
gifts), read in any phase.

Names are read as `line_words` reads them (any case, accents free, powers
also by their Spanish and Catalan demonyms: `Turco`, `Papa`...). A line that is
plainly one of these (a letter in parentheses, an expense letter with an amount,
`paga`, `no paga`, `compra`, `préstamo`, `no devuelve`, `transfiere`, `cede`...)
but cannot be read is a SYNTAX issue quoting it, with the nearest names, and
costs nothing (AM-17).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace

from maps.model import GameMap
from orders.board.model import UnitKind
from orders.issues import OrderIssue, Problem, Source
from orders.lines import blank_list_mark, first_column, order_lines
from orders.machiavelli.line_words import (
    AMOUNT,
    BARE_LETTER,
    COMMENT,
    NOT_WORDS,
    PAREN_LETTER,
    PAY_WORDS,
    LineContext,
    Word,
    area_named,
    ducats,
    folded_words,
    owned_area,
    power_named,
    without_fillers,
    words_in,
)
from orders.machiavelli.loan_lines import loan_phase_line
from orders.machiavelli.model import (
    AdvancedRecord,
    Expense,
    ExpenseKind,
    Payment,
    Purchase,
    SpecialUnit,
)
from orders.names import NameIndex
from texts import T_

# --- vocabulary ----------------------------------------------------------------------

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

BUY_WORDS = frozenset({"compra", "compro", "comprar", "buy", "buys"})
DROP_LETTER = "d"
"""`D A TYR`: the unit is not paid for (AM-13)."""

LETTERS = ", ".join(ExpenseKind)
"""The expense letters, as an issue lists them: `A, B, C, ... K`."""

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
    line = blank_list_mark(COMMENT.sub("", text))
    ctx = LineContext(power, NameIndex.of(game_map), source, line)
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


def _read(ctx: LineContext) -> AdvancedRecord | None:
    """Which kind of line this is, by its first words."""
    text = ctx.text
    lead = PAREN_LETTER.match(text)
    if lead is not None:
        return _expense(ctx, lead.group(1), lead.start(1), lead.end())
    words = words_in(text, 0, len(text))
    if not words:
        return None
    loan_phase = loan_phase_line(ctx, words)
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


def _bare_letter(ctx: LineContext, words: Sequence[Word]) -> AdvancedRecord | None:
    """`E Turco 12d` (an expense letter, without parentheses, and an amount at
    the end) or `D A TYR` (no payment); any other line is no advanced line."""
    first = words[0]
    if len(first.text) != 1 or not BARE_LETTER.match(ctx.text):
        return None
    letter = first.text
    if AMOUNT.search(ctx.text, first.start + 1) is not None and _kind(letter) is not None:
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


def _expense(ctx: LineContext, letter: str, letter_at: int, body_start: int) -> Expense:
    """`(E) Turco 12d`: the letter, the target, the amount (CM-6.1-2)."""
    kind = _kind(letter)
    if kind is None:
        message = T_(
            "unknown expense letter '{letter}': the letters are {letters}",
            letter=letter,
            letters=LETTERS,
        )
        raise ctx.problem(message, letter_at)
    amount, body_end = _amount(ctx, body_start)
    words = words_in(ctx.text, body_start, body_end)
    expense = Expense(ctx.power, kind, amount, source=ctx.source)
    target = _TARGETS[kind]
    return target(ctx, expense, words, body_start)


def _amount(ctx: LineContext, start: int) -> tuple[int, int]:
    """The ducats at the end of the line (`12d`, `12 d`, `12 ducados`, `12`), and
    where the target before them ends."""
    found = AMOUNT.search(ctx.text, start)
    if found is None:
        end = len(ctx.text.rstrip())
        raise ctx.problem(T_("the expense has no amount: end it with the ducats (`12d`)"), end)
    return ducats(ctx, found), found.start()


def _victim(ctx: LineContext, expense: Expense, words: Sequence[Word], at: int) -> Expense:
    """`(E) Turco 12d`: the power an assassination aims at (CM-6.1-3)."""
    named = without_fillers(words)
    if not named:
        raise ctx.problem(T_("name the power the expense aims at (`(E) Turco 12d`)"), at)
    return replace(expense, victim=power_named(ctx, named))


def _area_target(ctx: LineContext, expense: Expense, words: Sequence[Word], at: int) -> Expense:
    """`(A) Pisa 3d`, `(B) Pisa 12d`, `(C) Nápoles ciudad Capua 9d`: an area,
    optionally led by the power aimed at, and `ciudad` to aim at the city (AM-27)."""
    city = next((i for i, word in enumerate(words) if word.folded in CITY_WORDS), None)
    if city is None:
        victim, area = owned_area(ctx, words, at)
        return replace(expense, area=area, victim=victim)
    before, after = words[:city], list(words[city + 1 :])
    if after and after[0].folded in _CITY_LINKS and len(after) > 1:
        after = after[1:]
    if not after:  # `(C) Capua ciudad 9d`
        victim, area = owned_area(ctx, before, at)
    else:
        victim = power_named(ctx, before) if before else None
        area = area_named(ctx, after)
    return replace(expense, area=area, victim=victim, in_city=True)


def _unit_target(ctx: LineContext, expense: Expense, words: Sequence[Word], at: int) -> Expense:
    """`(G) G Trent 9d`, `(F) A Milán 6d`: a unit by its kind and area (CM-6.1-4),
    optionally with its owner (`(J) A Turco HER 12d`, `(J) Turco A HER 12d`)."""
    for start, word in enumerate(words):
        kind = UNIT_WORDS.get(word.folded)
        if kind is not None and start + 1 < len(words):
            owner = power_named(ctx, words[:start]) if start else None
            victim, area = owned_area(ctx, words[start + 1 :], words[start + 1].start)
            if owner is not None and victim is not None and owner != victim:
                raise ctx.problem(T_("the unit is named with two owners"), words[0].start)
            return replace(expense, unit_kind=kind, area=area, victim=owner or victim)
    message = T_("name the unit: A, F or G and its area (`{example}`)", example="(G) G Trent 9d")
    raise ctx.problem(message, words[0].start if words else at)


_TARGETS: Mapping[ExpenseKind, Callable[[LineContext, Expense, Sequence[Word], int], Expense]] = {
    ExpenseKind.ASSASSINATION: _victim,
    **{kind: _area_target for kind in ExpenseKind if kind.value in "ABCD"},
    **{kind: _unit_target for kind in ExpenseKind if kind.value in "FGHIJK"},
}
"""What each letter aims at (CM-6.1-2): a power (E), an area (A-D), a unit (F-K)."""


# --- payments and purchases --------------------------------------------------------------


def _payment(ctx: LineContext, words: Sequence[Word], *, paid: bool, at: Word) -> Payment:
    """`paga A MIL`, `no paga A TYR`, `D A TYR` (AM-13)."""
    kind, area = _unit(ctx, words, at, "paga A MIL")
    return Payment(ctx.power, kind, area, paid, ctx.source)


def _purchase(ctx: LineContext, words: Sequence[Word], *, at: Word) -> Purchase:
    """`compra A COMO`, `compra A FLO mercenarios de élite` (AM-13, CM-10.1-3)."""
    special = None
    for cut in range(2, len(words)):
        special = SPECIAL_PHRASES.get(folded_words(words[cut:]))
        if special is not None:
            words = words[:cut]
            break
    kind, area = _unit(ctx, words, at, "compra A COMO")
    return Purchase(ctx.power, kind, area, special, ctx.source)


def _unit(ctx: LineContext, words: Sequence[Word], at: Word, example: str) -> tuple[UnitKind, str]:
    """A unit kind (A, F, G) and an area."""
    kind = UNIT_WORDS.get(words[0].folded) if words else None
    if kind is None or len(words) < 2:
        where = words[0].start if words else at.start
        message = T_("name the unit: A, F or G and its area (`{example}`)", example=example)
        raise ctx.problem(message, where)
    return kind, area_named(ctx, words[1:])
