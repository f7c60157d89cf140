"""The lines of the Loan phase (003 §5.3, §8.1, §11): loans asked of the
moneylenders, refusals to repay, gifts of ducats and of the assassination
attempt, read beside the expenses (`expenses.read_advanced_line`).

    préstamo 10d 1 año             a loan for one or two years (CM-11.2-2)
    no devuelve el préstamo        the loans due are not repaid (AM-42)
    da 5d a Venecia                ducats given (`transfiere`, `dona`, `regala`)
    cede asesinato a Venecia       the assassination attempt given or sold (`vende`)

`da` is Spanish for "gives" and no word of the board grammar; it is still read
as a gift only when an amount follows it (`da 5d`), so that prose such as "da
igual" stays with the board parser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from orders.machiavelli.line_words import (
    AMOUNT_LIKE,
    ARTICLES,
    NOT_WORDS,
    PAY_WORDS,
    LineContext,
    Word,
    amount_at,
    power_named,
    quote,
    without_fillers,
    words_in,
)
from orders.machiavelli.model import (
    AttemptTransfer,
    LoanPhaseRecord,
    LoanRequest,
    RefuseRepayment,
    Transfer,
)
from texts import T_

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
_DEBT_FILLERS = ARTICLES | {"mi", "mis", "su", "sus", "meu", "meus", "seu", "seus", "my"}

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

# --- the Loan phase: loans, refusals, gifts (003 §5.3, §8.1, §11) ---------------------------


def loan_phase_line(ctx: LineContext, words: Sequence[Word]) -> LoanPhaseRecord | None:
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
        first in SHORT_GIVE_WORDS and AMOUNT_LIKE.match(ctx.text, words[0].end)
    ):
        return _transfer(ctx, words[0])
    if first in CEDE_WORDS:
        return _attempt_transfer(ctx, rest, at=words[0])
    return None


def _loan(ctx: LineContext, lead: Word) -> LoanRequest:
    """`préstamo 10d 1 año`, `pido préstamo 10 ducados a dos años`: a loan from
    the moneylenders, asked in any Loan phase (CM-11.2-1), for one or two years
    (CM-11.2-2)."""
    example = "préstamo 10d 1 año"
    after = words_in(ctx.text, lead.end, len(ctx.text))
    start = after[0].end if after and after[0].folded == "de" else lead.end
    amount, end = amount_at(ctx, start, example)
    years = _years(ctx, words_in(ctx.text, end, len(ctx.text)), example)
    return LoanRequest(ctx.power, amount, years, ctx.source)


def _years(ctx: LineContext, words: Sequence[Word], example: str) -> int:
    """`1 año`, `a dos años`: one or two years (CM-11.2-2)."""
    if words and words[0].folded in _YEARS_LINKS:
        words = words[1:]
    if len(words) != 2 or words[1].folded not in YEAR_WORDS:
        where = words[0].start if words else len(ctx.text.rstrip())
        message = T_("say for how many years: one or two (`{example}`)", example=example)
        raise ctx.problem(message, where)
    count = words[0]
    negative = ctx.text[count.start - 1] == "-"
    years = None if negative else YEAR_COUNTS.get(count.folded)
    if years is None:
        start = count.start - 1 if negative else count.start
        written = ctx.text[start : words[1].end]
        message = T_("loans run one or two years (003 §11.2), not '{written}'", written=written)
        raise ctx.problem(message, start)
    return years


def _debt(words: Sequence[Word]) -> bool:
    """`el préstamo`, `los préstamos`, `mi deuda`: the loans owed."""
    return bool(words) and words[-1].folded in DEBT_WORDS and _fillers(words[:-1], _DEBT_FILLERS)


def _fillers(words: Sequence[Word], fillers: frozenset[str]) -> bool:
    return all(word.folded in fillers for word in words)


def _refusal(ctx: LineContext, words: Sequence[Word]) -> RefuseRepayment:
    """`no devuelve`, `no devuelve el préstamo`, `no pago el préstamo`: the loans
    due are not repaid (AM-42)."""
    if words and not _debt(words):
        message = T_("write `no devuelve` or `no devuelve el préstamo` to refuse to repay")
        raise ctx.problem(message, words[0].start)
    return RefuseRepayment(ctx.power, ctx.source)


def _transfer(ctx: LineContext, verb: Word) -> Transfer:
    """`da 5d a Venecia`, `transfiere 5 ducados a los venecianos`: ducats given
    to another power (CM-5.3-1, AM-44)."""
    example = "da 5d a Venecia"
    amount, end = amount_at(ctx, verb.end, example)
    receiver = _receiver(ctx, words_in(ctx.text, end, len(ctx.text)), end, example)
    return Transfer(ctx.power, receiver, amount, ctx.source)


def _attempt_transfer(ctx: LineContext, words: Sequence[Word], *, at: Word) -> AttemptTransfer:
    """`cede asesinato a Venecia`, `vende el intento de asesinato a Venecia`: the
    power's assassination attempt given or sold (CM-8.1-2, AM-44)."""
    example = "cede asesinato a Venecia"
    cut = next((i for i, word in enumerate(words) if word.folded in ATTEMPT_WORDS), None)
    if cut is None or not _fillers(words[:cut], _ATTEMPT_FILLERS):
        message = T_("name the assassination attempt given (`{example}`)", example=example)
        raise ctx.problem(message, words[0].start if words else at.end)
    receiver = _receiver(ctx, words[cut + 1 :], words[cut].end, example)
    return AttemptTransfer(ctx.power, receiver, ctx.source)


def _receiver(ctx: LineContext, words: Sequence[Word], at: int, example: str) -> str:
    """The other power a gift goes to (`a Venecia`, `al Papa`, `a los venecianos`)."""
    if words and words[0].folded in _TO:
        words = words[1:]
    named = without_fillers(words)
    if not named:
        raise ctx.problem(T_("name the power it goes to (`{example}`)", example=example), at)
    receiver = power_named(ctx, named)
    if receiver == ctx.power:
        message = T_(
            "'{text}' is the power writing: a gift goes to another power", text=quote(named)
        )
        raise ctx.problem(message, named[0].start)
    return receiver
