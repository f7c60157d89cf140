"""Reading Machiavelli's advanced lines: expenses, payments and purchases (003
§6.1; checklist machiavelli-advanced: CM-6.1-1 .. CM-6.1-4, AM-13, AM-17, AM-27)."""

from __future__ import annotations

import pytest

from maps import load_map
from orders.board.model import UnitKind
from orders.issues import IssueKind, OrderIssue, Source
from orders.machiavelli.expenses import board_text, read_advanced_line, read_advanced_lines
from orders.machiavelli.model import (
    AdvancedRecord,
    Expense,
    ExpenseKind,
    Payment,
    Purchase,
    SpecialUnit,
)

MAP = load_map("machiavelli")
FILE = "venice.txt"


def read(text: str, power: str = "venice") -> AdvancedRecord | OrderIssue | None:
    return read_advanced_line(text, power=power, game_map=MAP, source=Source(FILE, 3, text))


def expense(text: str) -> Expense:
    found = read(text)
    assert isinstance(found, Expense), found
    return found


def issue(text: str) -> OrderIssue:
    found = read(text)
    assert isinstance(found, OrderIssue), found
    return found


# --- the rulebook's examples ---------------------------------------------------------


def test_the_rulebook_assassination_line_reads_as_an_attempt_on_the_turk() -> None:
    """CM-6.1-3: `(E) Turco 12d` is an assassination of the Turk for 12 ducats."""
    line = "(E) Turco 12d"
    assert read(line) == Expense(
        "venice", ExpenseKind.ASSASSINATION, 12, victim="turks", source=Source(FILE, 3, line)
    )


def test_the_rulebook_bribe_line_reads_as_disbanding_trents_autonomous_garrison() -> None:
    """CM-6.1-4: `(G) G Trent 9d` aims 9 ducats at the garrison of Trent."""
    line = "(G) G Trent 9d"
    assert read(line) == Expense(
        "venice",
        ExpenseKind.DISBAND_AUTONOMOUS,
        9,
        area="TRENT",
        unit_kind=UnitKind.GARRISON,
        source=Source(FILE, 3, line),
    )


def test_a_rebellion_in_the_city_of_capua_is_aimed_at_naples() -> None:
    """AM-27, CM-6.1-2: `ciudad` aims the rebellion at the city; the power named
    before it is the one it is aimed at."""
    found = expense("(C) Nápoles ciudad Capua 6d")
    assert (found.kind, found.area, found.in_city, found.victim, found.amount) == (
        ExpenseKind.CONQUERED_REBELS,
        "CAP",
        True,
        "naples",
        6,
    )


@pytest.mark.parametrize(
    ("line", "area", "victim"),
    [
        ("(D) ciudad de Capua 15d", "CAP", None),
        ("(D) Capua ciudad 15d", "CAP", None),
        ("(D) Napolitano ciutat Capua 15d", "CAP", "naples"),
    ],
)
def test_ciudad_may_stand_before_or_after_the_area(
    line: str, area: str, victim: str | None
) -> None:
    """AM-27: the city is named with `ciudad` (or Catalan `ciutat`) wherever it stands."""
    found = expense(line)
    assert (found.area, found.in_city, found.victim) == (area, True, victim)


def test_without_ciudad_a_rebellion_aims_at_the_province() -> None:
    """AM-27: no `ciudad`, the province rebels; a leading power still names the victim."""
    found = expense("(C) Nápoles Capua 9d")
    assert (found.area, found.in_city, found.victim) == ("CAP", False, "naples")
    assert expense("(C) Capua 9d").in_city is False


# --- each expense form ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "kind", "area", "unit_kind", "amount"),
    [
        ("(A) Pisa 3d", ExpenseKind.FAMINE_RELIEF, "PISA", None, 3),
        ("(B) Pisa 12d", ExpenseKind.QUELL_REBELLION, "PISA", None, 12),
        ("(F) A Milán 6d", ExpenseKind.COUNTER_BRIBE, "MIL", UnitKind.ARMY, 6),
        ("(H) G Siena 9d", ExpenseKind.BUY_AUTONOMOUS, "SIE", UnitKind.GARRISON, 9),
        ("(I) G Florencia 18d", ExpenseKind.MAKE_AUTONOMOUS, "FLO", UnitKind.GARRISON, 18),
        ("(J) F Nápoles 12d", ExpenseKind.DISBAND_ENEMY, "NAP", UnitKind.FLEET, 12),
        ("(K) ejército Tirol 18d", ExpenseKind.BUY_ENEMY, "TYR", UnitKind.ARMY, 18),
    ],
)
def test_each_expense_names_its_letter_target_and_ducats(
    line: str, kind: ExpenseKind, area: str, unit_kind: UnitKind | None, amount: int
) -> None:
    """CM-6.1-2: famine relief and quelling name an area; counter-bribes and bribes a
    unit (A, F, G) and its area."""
    found = expense(line)
    assert (found.kind, found.area, found.unit_kind, found.amount) == (
        kind,
        area,
        unit_kind,
        amount,
    )
    assert found.power == "venice" and found.victim is None and not found.in_city


@pytest.mark.parametrize("line", ["(J) A Turco HER 12d", "(J) Turco A HER 12d"])
def test_a_bribe_may_name_the_units_owner(line: str) -> None:
    """CM-6.1-2: the owner of the unit may be written before or after its kind."""
    found = expense(line)
    assert (found.unit_kind, found.area, found.victim) == (UnitKind.ARMY, "HER", "turks")


@pytest.mark.parametrize(
    "line",
    ["(E) Turco 12d", "E Turco 12d", "(E) Turco 12 d", "(E) Turco 12 ducados", "(E) Turco 12"],
)
def test_the_letter_may_go_without_parentheses_and_the_amount_without_d(line: str) -> None:
    """CM-6.1-2: `(E)` or `E`; `12d`, `12 d`, `12 ducados` or `12`."""
    found = expense(line)
    assert (found.kind, found.victim, found.amount) == (ExpenseKind.ASSASSINATION, "turks", 12)


@pytest.mark.parametrize(
    ("name", "power"),
    [
        ("Turco", "turks"),
        ("Turquía", "turks"),
        ("Veneciano", "venice"),
        ("Venecia", "venice"),
        ("Florentino", "florence"),
        ("Florencia", "florence"),
        ("Milanés", "milan"),
        ("Milán", "milan"),
        ("Napolitano", "naples"),
        ("Nápoles", "naples"),
        ("Papa", "papacy"),
        ("Papado", "papacy"),
        ("Papal", "papacy"),
        ("Francés", "france"),
        ("Francia", "france"),
        ("Austriaco", "austria"),
        ("Austria", "austria"),
        ("Genovés", "genoa"),
        ("Génova", "genoa"),
        ("Saboyano", "savoy"),
        ("Saboya", "savoy"),
        ("Español", "spain"),
        ("España", "spain"),
        ("Imperio Español", "spain"),
        ("Sacro Imperio", "hre"),
        ("Turks", "turks"),
        ("el Turco", "turks"),
    ],
)
def test_an_assassination_names_its_victim_by_name_or_demonym(name: str, power: str) -> None:
    """CM-6.1-3: the victim by the power's Spanish name or demonym (`Turco`)."""
    assert expense(f"(E) {name} 12d").victim == power


@pytest.mark.parametrize(
    "line", ["(e) TURQUÍA 12d", "(E) turquia 12D", "e napoles 12 DUCADOS", "(G) g TRENTO 9d"]
)
def test_case_and_accents_are_free(line: str) -> None:
    """CM-6.1-2: names are read in any case, with or without accents."""
    found = expense(line)
    assert found.victim in {"turks", "naples"} or found.area == "TRENT"


def test_a_bare_imperio_is_ambiguous_on_a_map_with_both_empires() -> None:
    """CM-6.1-3: `Imperio` may be the Holy Roman or the Spanish Empire: an issue
    offering both, and no expense."""
    found = issue("(E) Imperio 12d")
    assert found.kind is IssueKind.AMBIGUOUS
    assert found.suggestions == ("H. Roman Empire", "Spanish Empire")


# --- payments and purchases ------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "paid", "area"),
    [
        ("paga A MIL", True, "MIL"),
        ("Paga A Milán", True, "MIL"),
        ("no paga A TYR", False, "TYR"),
        ("No Paga a Tirol", False, "TYR"),
        ("D A TYR", False, "TYR"),
    ],
)
def test_payment_lines(line: str, paid: bool, area: str) -> None:
    """AM-13: `paga A MIL` pays the army's upkeep; `no paga A TYR` and `D A TYR`
    do not (the unit is dropped)."""
    assert read(line) == Payment(
        "venice", UnitKind.ARMY, area, paid=paid, source=Source(FILE, 3, line)
    )


@pytest.mark.parametrize(
    ("line", "kind", "area", "special"),
    [
        ("compra A COMO", UnitKind.ARMY, "COMO", None),
        ("compra F NAP", UnitKind.FLEET, "NAP", None),
        ("compra G FLO", UnitKind.GARRISON, "FLO", None),
        ("compra A FLO mercenarios", UnitKind.ARMY, "FLO", SpecialUnit.ELITE_MERCENARIES),
        (
            "compra A FLO mercenarios de élite",
            UnitKind.ARMY,
            "FLO",
            SpecialUnit.ELITE_MERCENARIES,
        ),
        ("compra A FLO profesionales", UnitKind.ARMY, "FLO", SpecialUnit.ELITE_PROFESSIONALS),
        (
            "Compra A Florencia Profesionales de Elite",
            UnitKind.ARMY,
            "FLO",
            SpecialUnit.ELITE_PROFESSIONALS,
        ),
        ("compra G FLO milicia", UnitKind.GARRISON, "FLO", SpecialUnit.CITIZEN_MILITIA),
        ("compra A FLO milicia ciudadana", UnitKind.ARMY, "FLO", SpecialUnit.CITIZEN_MILITIA),
    ],
)
def test_purchase_lines(line: str, kind: UnitKind, area: str, special: SpecialUnit | None) -> None:
    """AM-13: `compra A COMO` buys a unit; a trailing `mercenarios` (de élite),
    `profesionales` or `milicia` buys a special unit (CM-10.1-3)."""
    assert read(line) == Purchase("venice", kind, area, special, Source(FILE, 3, line))


def test_the_special_units_have_the_advanced_rules_values() -> None:
    """CM-10.1-3: the same values as the rules' `SpecialKind`, which this layer may not import."""
    assert {special.value for special in SpecialUnit} == {
        "citizen_militia",
        "elite_mercenaries",
        "elite_professionals",
    }


# --- lines that are not ours -------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["A MIL - PAV", "F NAP H", "G VEN = F", "A FLO S A ARE B", "Venice:", "D A", "No orders"],
)
def test_board_orders_are_left_to_the_board_parser(line: str) -> None:
    """AM-13: a line that is none of these reads as None (not an issue)."""
    assert read(line) is None


# --- unreadable lines (AM-17) ---------------------------------------------------------------


def test_an_unknown_letter_is_a_syntax_issue_listing_the_letters() -> None:
    """AM-17: `(Z)` is no expense: an issue naming the file, the line and the letters A-K."""
    found = issue("(Z) Turco 12d")
    assert found.kind is IssueKind.SYNTAX
    assert found.message == (
        "unknown expense letter 'Z': the letters are A, B, C, D, E, F, G, H, I, J, K"
    )
    assert (found.source.file, found.source.line, found.source.text) == (
        FILE,
        3,
        "(Z) Turco 12d",
    )
    assert found.source.column == 2
    assert "venice.txt, line 3" in found.render()


def test_a_misspelt_power_suggests_the_nearest() -> None:
    """AM-17: `Turcco` is read as no power; the issue offers the Turks."""
    found = issue("(E) Turcco 12d")
    assert (found.kind, found.message, found.suggestions) == (
        IssueKind.SYNTAX,
        "unknown power 'Turcco'",
        ("Turks",),
    )
    assert found.source.column == 5


@pytest.mark.parametrize(
    ("line", "suggestion"),
    [
        ("(G) G Trentt 9d", "TRENT (Trent)"),
        ("(A) Pissa 3d", "PISA (Pisa)"),
        ("compra A CONO", "COMO (Como)"),
        ("paga A Milann", "MIL (Milan)"),
        ("(C) Nápoles ciudad Capuaa 9d", "CAP (Capua)"),
    ],
)
def test_a_misspelt_area_suggests_the_nearest(line: str, suggestion: str) -> None:
    """AM-17: an unknown area is a syntax issue offering the nearest names."""
    found = issue(line)
    assert found.kind is IssueKind.SYNTAX
    assert found.message.startswith("unknown area")
    assert found.suggestions[0] == suggestion


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("(E) Turco", "the expense has no amount"),
        ("(E) Turco -3d", "the amount '-3d' is not a whole number of ducats above 0"),
        ("(E) Turco 0d", "the amount '0d' is not a whole number of ducats above 0"),
        ("(E) Turco 12.5d", "the amount '12.5d' is not a whole number of ducats above 0"),
        ("(E) 12d", "name the power the expense aims at"),
        ("(G) Trent 9d", "name the unit: A, F or G and its area"),
        ("(A) 3d", "name the area the expense aims at"),
        ("paga", "name the unit: A, F or G and its area"),
        ("compra Como", "name the unit: A, F or G and its area"),
        ("no paga A", "name the unit: A, F or G and its area"),
    ],
)
def test_an_unreadable_line_is_a_syntax_issue_and_no_record(line: str, message: str) -> None:
    """AM-17: a line that cannot be read is a syntax error: an issue, no expense to charge."""
    found = issue(line)
    assert found.kind is IssueKind.SYNTAX
    assert found.message.startswith(message)


# --- a whole order text ------------------------------------------------------------------

ORDERS = """\
Subject: orders spring 1455

Venice:
A PAD - FER
1. (E) Turco 12d
(G) G Trent 9d
(C) Nápoles ciudad Capua 6d
(Q) Pisa 3d
paga A MIL
compra A FLO mercenarios
> (E) Papa 12d
--
(E) Francés 12d
"""


def test_an_order_text_holds_any_number_of_expenses() -> None:
    """CM-6.1-1: every expense of a text is read, in order; board orders, headers,
    quoted mail and the signature are left alone; a bad line is one issue (AM-17)."""
    records, issues = read_advanced_lines(ORDERS, power="venice", game_map=MAP, file=FILE)
    assert [(type(r).__name__, r.source.line if r.source else 0) for r in records] == [
        ("Expense", 5),
        ("Expense", 6),
        ("Expense", 7),
        ("Payment", 9),
        ("Purchase", 10),
    ]
    expenses = [r for r in records if isinstance(r, Expense)]
    assert [(e.kind, e.amount) for e in expenses] == [
        (ExpenseKind.ASSASSINATION, 12),
        (ExpenseKind.DISBAND_AUTONOMOUS, 9),
        (ExpenseKind.CONQUERED_REBELS, 6),
    ]
    assert [(i.source.file, i.source.line, i.kind) for i in issues] == [(FILE, 8, IssueKind.SYNTAX)]


def test_the_board_text_keeps_only_the_board_lines_in_place() -> None:
    """CM-6.1-1: the board parser gets the rest, with its line numbers."""
    rest = board_text(ORDERS, power="venice", game_map=MAP).split("\n")
    assert rest[3] == "A PAD - FER" and rest[2] == "Venice:"
    assert rest[4:10] == [""] * 6
    assert rest[10] == "> (E) Papa 12d"
    assert len(rest) == len(ORDERS.split("\n"))
