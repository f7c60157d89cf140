"""Reading the lines of Machiavelli's Loan phase: loans from the moneylenders,
refusals to repay, gifts of ducats and of the assassination attempt (003 §5.3,
§8.1, §11; checklist machiavelli-advanced: CM-11.2-1, CM-11.2-2, CM-5.3-1,
CM-8.1-2, AM-42, AM-44, AM-17)."""

from __future__ import annotations

import pytest

from maps import load_map
from orders.board.model import UnitKind
from orders.issues import IssueKind, OrderIssue, Source
from orders.machiavelli.expenses import board_text, read_advanced_line, read_advanced_lines
from orders.machiavelli.model import (
    AdvancedRecord,
    AttemptTransfer,
    Expense,
    ExpenseKind,
    LoanRequest,
    Payment,
    RefuseRepayment,
    Transfer,
)

MAP = load_map("machiavelli")
FILE = "turks.txt"
TURKS = "turks"


def read(text: str, power: str = TURKS) -> AdvancedRecord | OrderIssue | None:
    return read_advanced_line(text, power=power, game_map=MAP, source=Source(FILE, 3, text))


def issue(text: str, power: str = TURKS) -> OrderIssue:
    found = read(text, power)
    assert isinstance(found, OrderIssue), found
    assert found.kind is IssueKind.SYNTAX
    assert (found.source.file, found.source.line, found.source.text) == (FILE, 3, text)
    return found


def at(line: str) -> Source:
    return Source(FILE, 3, line)


# --- loans from the moneylenders (§11) ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "amount", "years"),
    [
        ("préstamo 10d 1 año", 10, 1),
        ("prestamo 10 ducados a 2 años", 10, 2),
        ("préstamo 12d a un año", 12, 1),
        ("préstamo 12d a dos años", 12, 2),
        ("pido préstamo 10d 2 años", 10, 2),
        ("préstamo 7 1 año", 7, 1),
        ("préstamo de 10d a uno año", 10, 1),
        ("pido un préstamo de 10 d a 2 años", 10, 2),
        ("préstec 10d 1 any", 10, 1),
        ("préstec 10d a dos anys", 10, 2),
        ("1. préstamo 10d 1 año", 10, 1),
    ],
)
def test_a_loan_line_asks_ducats_for_one_or_two_years(line: str, amount: int, years: int) -> None:
    """CM-11.2-1, CM-11.2-2: `préstamo 10d 1 año` asks the moneylenders 10 ducats
    for a year; the amount with `d`, `ducados` or bare, the years as a digit or
    `un`/`uno`/`dos`, `año(s)` or Catalan `any(s)`."""
    assert read(line) == LoanRequest(TURKS, amount, years, source=at(line))


@pytest.mark.parametrize(
    "line",
    [
        "PRÉSTAMO 10D 1 AÑO",
        "prestamo 10d 1 ano",
        "Préstamo 10 Ducados A Un Año",
        "PIDO PRESTAMO 10d 1 ANO",
    ],
)
def test_loan_lines_are_read_in_any_case_with_or_without_accents(line: str) -> None:
    """CM-11.2-1: case and accents are free."""
    assert read(line) == LoanRequest(TURKS, 10, 1, source=at(line))


@pytest.mark.parametrize(
    ("line", "written", "column"),
    [
        ("préstamo 10d 3 años", "3 años", 14),
        ("préstamo 10d a 0 años", "0 años", 16),
        ("préstamo 10d tres años", "tres años", 14),
        ("préstamo 10d -1 año", "-1 año", 14),
        ("préstamo 10d 1.5 años", "1.5 años", 14),
    ],
)
def test_a_loan_for_other_than_one_or_two_years_is_a_syntax_issue(
    line: str, written: str, column: int
) -> None:
    """CM-11.2-2: loans run one or two years; any other length is refused whole."""
    found = issue(line)
    assert found.message == f"loans run one or two years (003 §11.2), not '{written}'"
    assert found.source.column == column


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("préstamo 0d 1 año", "the amount '0d' is not a whole number of ducats above 0"),
        ("préstamo -5d 1 año", "the amount '-5d' is not a whole number of ducats above 0"),
        ("préstamo 2.5d 1 año", "the amount '2.5d' is not a whole number of ducats above 0"),
        ("préstamo diez 1 año", "name the ducats (`préstamo 10d 1 año`)"),
        ("préstamo", "name the ducats (`préstamo 10d 1 año`)"),
        ("préstamo 10d", "say for how many years: one or two (`préstamo 10d 1 año`)"),
        ("préstamo 10d 1", "say for how many years: one or two (`préstamo 10d 1 año`)"),
        ("pido préstamo 10d 1 año y medio", "say for how many years: one or two"),
    ],
)
def test_an_unreadable_loan_line_is_a_syntax_issue(line: str, message: str) -> None:
    """CM-11.2-1, AM-17: a line that plainly asks a loan but cannot be read is an
    issue naming the file and the line, and no loan."""
    assert issue(line).message.startswith(message)


def test_pido_alone_is_no_loan_line() -> None:
    """CM-11.2-1: only `pido préstamo` asks a loan; other lines with `pido` are
    left to the board parser."""
    assert read("pido perdón") is None


# --- refusing to repay (AM-42) ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "no devuelve",
        "no devuelvo",
        "no devuelve el préstamo",
        "no pago el préstamo",
        "No Devuelvo Los Préstamos",
        "no pago la deuda",
        "NO DEVUELVE EL PRESTAMO",
    ],
)
def test_a_refusal_to_repay_the_loans_due(line: str) -> None:
    """AM-42: loans due are repaid automatically unless the player writes that he
    will not pay."""
    assert read(line) == RefuseRepayment(TURKS, source=at(line))


def test_no_pago_a_unit_is_still_an_upkeep_line() -> None:
    """AM-42, AM-13: `no pago` followed by a unit is the upkeep line, not a refusal."""
    line = "no pago A TYR"
    assert read(line) == Payment(TURKS, UnitKind.ARMY, "TYR", paid=False, source=at(line))


def test_a_refusal_with_anything_else_after_it_is_a_syntax_issue() -> None:
    """AM-42, AM-17: `no devuelve` followed by something other than the loan."""
    found = issue("no devuelve A TYR")
    assert found.message == "write `no devuelve` or `no devuelve el préstamo` to refuse to repay"
    assert found.source.column == 13


# --- gifts of ducats (§5.3) ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "receiver", "amount"),
    [
        ("da 5d a Venecia", "venice", 5),
        ("transfiere 5 ducados a Venecia", "venice", 5),
        ("dona 5d a los venecianos", "venice", 5),
        ("regala 7d al Papa", "papacy", 7),
        ("da 12 a Florencia", "florence", 12),
        ("transfiere 3d a Nápoles", "naples", 3),
        ("da 5d Venecia", "venice", 5),
        ("doy 5d a Venecia", "venice", 5),
        ("DA 5D A VENECIA", "venice", 5),
        ("Regala 5 Ducados A Los Napolitanos", "naples", 5),
        ("transfiere 5 ducados a Génova", "genoa", 5),
        ("transfiere 5 ducados a Genova", "genoa", 5),
    ],
)
def test_a_gift_of_ducats_names_the_amount_and_the_receiver(
    line: str, receiver: str, amount: int
) -> None:
    """CM-5.3-1, AM-44: `da`, `transfiere`, `dona` or `regala`, the amount, `a`
    and the power by its name or demonym; case and accents free."""
    assert read(line) == Transfer(TURKS, receiver, amount, source=at(line))


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("da 0d a Venecia", "the amount '0d' is not a whole number of ducats above 0"),
        ("da -5d a Venecia", "the amount '-5d' is not a whole number of ducats above 0"),
        ("transfiere 2,5 ducados a Venecia", "the amount '2,5 ducados' is not a whole number"),
        ("transfiere cinco ducados a Venecia", "name the ducats (`da 5d a Venecia`)"),
        ("regala a Venecia", "name the ducats (`da 5d a Venecia`)"),
        ("da 5d", "name the power it goes to (`da 5d a Venecia`)"),
        ("dona 5d a", "name the power it goes to (`da 5d a Venecia`)"),
    ],
)
def test_an_unreadable_gift_is_a_syntax_issue(line: str, message: str) -> None:
    """CM-5.3-1, AM-17: a gift that cannot be read moves no ducats."""
    assert issue(line).message.startswith(message)


@pytest.mark.parametrize(
    ("line", "column"), [("da 5d a Venecai", 9), ("cede asesinato a Venecai", 18)]
)
def test_a_misspelt_receiver_suggests_the_nearest_power(line: str, column: int) -> None:
    """CM-5.3-1, CM-8.1-2, AM-17: an unknown power is an issue offering the
    nearest names."""
    found = issue(line)
    assert (found.message, found.suggestions) == ("unknown power 'Venecai'", ("Venice",))
    assert found.source.column == column
    assert "turks.txt, line 3" in found.render()


@pytest.mark.parametrize(
    ("line", "named"),
    [
        ("da 5d a Turquía", "Turquía"),
        ("transfiere 5 ducados a los turcos", "turcos"),
        ("cede asesinato al Turco", "Turco"),
    ],
)
def test_a_gift_to_oneself_is_a_syntax_issue(line: str, named: str) -> None:
    """CM-5.3-1, CM-8.1-2: ducats and the attempt pass to another player."""
    found = issue(line)
    assert found.message == f"'{named}' is the power writing: a gift goes to another power"


def test_a_gift_to_a_bare_imperio_is_ambiguous() -> None:
    """CM-5.3-1: `Imperio` names two powers of this map: an issue offering both."""
    found = read("da 5d al Imperio")
    assert isinstance(found, OrderIssue)
    assert found.kind is IssueKind.AMBIGUOUS
    assert found.suggestions == ("H. Roman Empire", "Spanish Empire")


# --- the assassination attempt (§8.1) -------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "receiver"),
    [
        ("cede asesinato a Venecia", "venice"),
        ("cede el intento de asesinato a Venecia", "venice"),
        ("vende asesinato a Venecia", "venice"),
        ("vende su intento de asesinato al Papa", "papacy"),
        ("CEDE ASESINATO A LOS FLORENTINOS", "florence"),
        ("cedo mi asesinato a Milán", "milan"),
    ],
)
def test_the_assassination_attempt_may_be_given_or_sold(line: str, receiver: str) -> None:
    """CM-8.1-2, AM-44: `cede` or `vende` the attempt (`asesinato`, `el intento
    de asesinato`) to another power."""
    assert read(line) == AttemptTransfer(TURKS, receiver, source=at(line))


@pytest.mark.parametrize(
    ("line", "message", "column"),
    [
        ("cede Venecia", "name the assassination attempt given (`cede asesinato a Venecia`)", 6),
        ("vende", "name the assassination attempt given (`cede asesinato a Venecia`)", 6),
        ("vende A PAD", "name the assassination attempt given (`cede asesinato a Venecia`)", 7),
        ("cede asesinato", "name the power it goes to (`cede asesinato a Venecia`)", 15),
    ],
)
def test_an_unreadable_attempt_line_is_a_syntax_issue(line: str, message: str, column: int) -> None:
    """CM-8.1-2, AM-17: `cede` or `vende` without the attempt or the receiver."""
    found = issue(line)
    assert (found.message, found.source.column) == (message, column)


# --- board orders are left alone ---------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        "A PAD H",
        "F NAP - IS",
        "A PAD S A VEN",
        "G VEN = F",
        "A PAD B",
        "A PAD dona suport A VEN",
        "da igual",
        "Da las gracias al Papa",
        "DA TYR",
        "No orders",
        "no build",
    ],
)
def test_other_lines_are_left_to_the_board_parser(line: str) -> None:
    """AM-44: no word of these lines starts a board order; `da` is read as a gift
    only before an amount, so Spanish prose and the board's `D A TYR` stay apart."""
    assert read(line) is None


def test_d_a_tyr_is_still_the_unpaid_upkeep() -> None:
    """AM-44, AM-13: `D A TYR` (two words) is not the gift verb `da`."""
    line = "D A TYR"
    assert read(line) == Payment(TURKS, UnitKind.ARMY, "TYR", paid=False, source=at(line))


# --- a whole mail --------------------------------------------------------------------------

ORDERS = """\
Subject: orders spring 1456

Turks:
A HER - CRO
préstamo 10d 1 año
(E) Veneciano 12d
no devuelve el préstamo
da 5d a Venecia
paga A DUR
cede asesinato a Florencia
préstamo 10d 3 años
> da 7d a Milán
F IS H
transfiere 5d a Turquía
--
préstamo 25d 2 años
"""


def test_a_mail_mixes_board_orders_expenses_and_loan_phase_lines() -> None:
    """CM-11.2-1: the loan is read with any turn's orders, beside the expenses;
    AM-42, AM-44, CM-5.3-1, CM-8.1-2: each line is one record, in order; quoted
    mail and the signature are skipped; bad lines are issues (CM-11.2-2)."""
    records, issues = read_advanced_lines(ORDERS, power=TURKS, game_map=MAP, file=FILE)
    assert records == (
        LoanRequest(TURKS, 10, 1, source=Source(FILE, 5, "préstamo 10d 1 año")),
        Expense(
            TURKS,
            ExpenseKind.ASSASSINATION,
            12,
            victim="venice",
            source=Source(FILE, 6, "(E) Veneciano 12d"),
        ),
        RefuseRepayment(TURKS, source=Source(FILE, 7, "no devuelve el préstamo")),
        Transfer(TURKS, "venice", 5, source=Source(FILE, 8, "da 5d a Venecia")),
        Payment(TURKS, UnitKind.ARMY, "DUR", source=Source(FILE, 9, "paga A DUR")),
        AttemptTransfer(TURKS, "florence", source=Source(FILE, 10, "cede asesinato a Florencia")),
    )
    assert [(i.source.line, i.kind) for i in issues] == [
        (11, IssueKind.SYNTAX),
        (14, IssueKind.SYNTAX),
    ]


def test_the_board_text_blanks_the_loan_phase_lines() -> None:
    """CM-11.2-1, AM-44: the board parser gets only the board orders, with their
    line numbers; read and unreadable loan lines alike are blanked."""
    rest = board_text(ORDERS, power=TURKS, game_map=MAP).split("\n")
    assert len(rest) == len(ORDERS.split("\n"))
    assert rest[2:4] == ["Turks:", "A HER - CRO"]
    assert rest[4:11] == [""] * 7
    assert rest[11:13] == ["> da 7d a Milán", "F IS H"]
    assert rest[13] == ""
    assert rest[15] == "préstamo 25d 2 años"
