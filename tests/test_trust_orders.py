"""Trust, the orders part: what players mail is read as they meant it.

Each test cites its finding: Trust #1 (a mail header block swallowing the
orders), #2 (one player ordering another's units), #3 (mail prose counted as
errors; numbered lists; "Orders for X"), #4 (the Machiavelli rulebook's
Spanish and Catalan order words), #6 (`check`'s counts, empty files, the
powers that sent no orders).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from maps import GameMap, load_map
from orders.board.model import (
    Besiege,
    Build,
    Convert,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderSet,
    PhaseKind,
    Retreat,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.board.parser import parse_orders
from orders.issues import IssueKind
from orders.lines import order_lines
from tests.cli_runner import new_game, run, write_mail

A, F, G = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON
U = UnitRef
MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT


@pytest.fixture(scope="module")
def machiavelli() -> GameMap:
    return load_map("machiavelli")


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    folder = tmp_path / "game"
    assert new_game(folder, "machiavelli", "--name", "trust").exit_code == 0
    return folder


def parse(text: str, game_map: GameMap, kind: PhaseKind = MOVEMENT) -> OrderSet:
    return parse_orders(
        text, game_map=game_map, phase_kind=kind, power="milan", grammar="machiavelli"
    )


# --- Trust #1: a header line, then the orders ---------------------------------------


def test_a_header_line_without_a_blank_line_keeps_the_orders() -> None:
    """Trust #1: `Subject: x` then the orders: only the header line is skipped."""
    lines = list(order_lines("Subject: x\nMILAN\na cremona-mantua\n"))
    assert lines == [(2, "MILAN"), (3, "a cremona-mantua")]


def test_a_real_header_block_is_still_skipped() -> None:
    """Trust #1: a block of real headers (folded lines, X- headers, mbox From)."""
    text = "From judge@example.org Mon Mar 3\nSubject: x\n  more\nX-Mailer: y\n\nA MIL H\n"
    assert list(order_lines(text)) == [(6, "A MIL H")]


def test_check_reads_a_mail_with_no_blank_line_after_its_header(game: Path) -> None:
    """Trust #1: the repro of the finding now reads Milan's order."""
    files = write_mail(game, {"milan.txt": "Subject: x\nMILAN\na cremona-mantua\n"})
    result = run("check", game, *files)
    assert "Milan (milan.txt): 1 order(s), no problems" in result.stdout, result.output


def test_a_file_of_only_mail_header_is_a_problem(game: Path) -> None:
    """Trust #1: every line skipped is a problem naming the file."""
    files = write_mail(game, {"milan.txt": "From: Sforza <s@example.org>\nSubject: orders\n"})
    result = run("check", game, *files)
    assert result.exit_code == 1
    assert "milan.txt: syntax: no orders: every line was skipped" in result.stdout


# --- Trust #2: whose file is whose ----------------------------------------------------


def test_a_power_file_cannot_order_another_powers_units(game: Path) -> None:
    """Trust #2: `Milan: A Cremona - Mantua` in venice.txt is refused, naming both."""
    files = write_mail(
        game,
        {
            "milan.txt": "A Cremona - Mantua\n",
            "venice.txt": "Milan: A Cremona - Pavia\nA Padua - Ferrara\n",
        },
    )
    result = run("check", game, *files)
    assert result.exit_code == 1
    assert (
        "venice.txt, line 1: illegal: venice.txt holds Venice's orders: "
        "Venice cannot give orders for Milan's units (refused)"
    ) in result.stdout
    assert "Venice (venice.txt): 1 order(s), 1 problem(s)" in result.stdout
    # Milan's own order is not replaced by the one in venice.txt.
    assert "Milan (milan.txt): 1 order(s), no problems" in result.stdout


def test_supporting_another_powers_unit_stays_legal(game: Path) -> None:
    """Trust #2: a support of Milan's unit is an order of Venice's own unit."""
    files = write_mail(
        game, {"venice.txt": "A Padua S milan A Cremona - Mantua\nF UA C milan A Pavia - Istria\n"}
    )
    result = run("check", game, *files)
    assert "Venice (venice.txt):" in result.stdout
    assert "cannot give orders" not in result.stdout


def test_the_gms_combined_file_keeps_its_power_headers(game: Path) -> None:
    """Trust #2: `orders.txt` belongs to no power: its headers switch the power."""
    files = write_mail(
        game, {"orders.txt": "Milan:\nA Cremona - Mantua\nVenice:\nA Padua - Ferrara\n"}
    )
    result = run("check", game, *files)
    assert result.exit_code == 0, result.output
    assert "orders.txt: 2 order(s), no problems" in result.stdout


def test_two_files_for_one_power_are_reported(game: Path) -> None:
    """Trust #2: two files for Milan: the GM is told, and which order counts."""
    files = write_mail(
        game, {"milan.txt": "A Cremona - Mantua\n", "Milán.txt": "A Cremona holds\n"}
    )
    result = run("check", game, *files)
    assert result.exit_code == 1
    assert (
        "milan.txt and Milán.txt both hold Milan's orders: both are read, in that order; "
        "where they order the same unit, the order in Milán.txt counts"
    ) in result.stdout
    assert "milan.txt, line 1: illegal: replaced by a later order for CRE" in result.stdout


# --- Trust #3: prose, lists, "Orders for X" -----------------------------------------


@pytest.mark.parametrize(
    "line", ["Dear GM", "Hola GM,", "Thanks!", "Gracias!", "Pietro", "Best regards,", "Bon dia!"]
)
def test_mail_prose_is_ignored_text(machiavelli: GameMap, line: str) -> None:
    """Trust #3: a greeting, thanks or a signature is ignored, not a problem."""
    (issue,) = parse(line, machiavelli).issues
    assert (issue.kind, issue.message, issue.problem) == (IssueKind.IGNORED, "not an order", False)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("A Mlan holds", "unknown province 'Mlan'"),
        ("Mlan holds", "unknown province 'Mlan'"),
        ("Milna - Pavia", "unknown province 'Milna'"),
        ("A Milan hodl", None),
    ],
)
def test_a_typo_in_an_order_is_still_a_problem(
    machiavelli: GameMap, line: str, message: str | None
) -> None:
    """Trust #3: what looks like an order with a typo stays a problem."""
    (issue,) = parse(line, machiavelli).issues
    assert issue.problem
    if message is not None:
        assert issue.message == message and issue.suggestions


@pytest.mark.parametrize("mark", ["1.", "1)", "(1)", "-", "*", "•"])
def test_numbered_and_bulleted_lists_are_read(machiavelli: GameMap, mark: str) -> None:
    """Trust #3: `1. A Arezzo - Siena` (and bullets) is an order."""
    result = parse(f"{mark} A Cremona - Mantua", machiavelli)
    assert result.issues == ()
    assert result.orders == (Move("milan", U(A, "CRE"), "MAN"),)


@pytest.mark.parametrize(
    "header", ["Orders for France", "Órdenes de Francia", "Ordres de França", "Ordenes para France"]
)
def test_orders_for_a_power_is_a_header(machiavelli: GameMap, header: str) -> None:
    """Trust #3: "Orders for France" switches to France."""
    result = parse(f"{header}\nA Avignon - Provence", machiavelli)
    assert result.issues == ()
    assert [o.power for o in result.orders] == ["france"]


def test_a_friendly_mail_checks_clean(game: Path) -> None:
    """Trust #3: greeting, header, a numbered list, thanks, signature: exit 0,
    the prose listed as ignored."""
    text = (
        "Dear GM,\n\nOrders for France\n1. A Swiss - Turin\n2. A Avignon - Provence\n"
        "3. F Marseille - Gulf of Lions\n\nThanks!\nCharles\n"
    )
    result = run("check", game, *write_mail(game, {"france.txt": text}))
    assert result.exit_code == 0, result.output
    assert "France (france.txt): 3 order(s), no problems, 3 line(s) ignored" in result.stdout
    assert "france.txt, line 1: ignored: not an order" in result.stdout


# --- Trust #4: the rulebook's words in Spanish and Catalan ----------------------------

MOVE = Move("milan", U(A, "MIL"), "PAV")
HOLD = Hold("milan", U(A, "MIL"))
SUPPORT_MOVE = SupportMove("milan", U(A, "PAV"), U(A, "MIL"), "CRE")
SUPPORT_HOLD = SupportHold("milan", U(A, "PAV"), U(A, "MIL"))
CONVOY = Convoy("milan", U(F, "UA"), U(A, "BOL"), "IST")
SIEGE = Besiege("milan", U(F, "PISA"))
CONVERT = Convert("milan", U(G, "VEN"), F)


@pytest.mark.parametrize(
    ("line", "order"),
    [
        # Spanish (003 §3.3: avanzar, sitiar, mantener, apoyar, convoy, conversión)
        ("A Milán mantiene", HOLD),
        ("A Milán mantener", HOLD),
        ("A Milán se mantiene", HOLD),
        ("A Milán avanza a Pavía", MOVE),
        ("A Milán avanzar Pavía", MOVE),
        ("A Milán mueve a Pavía", MOVE),
        ("A Milán mover a Pavía", MOVE),
        ("A Pavía apoya A Milán - Cremona", SUPPORT_MOVE),
        ("A Pavía apoyar A Milán avanza a Cremona", SUPPORT_MOVE),
        ("A Pavía apoya A Milán", SUPPORT_HOLD),
        ("F UA convoya A Bologna - Istria", CONVOY),
        ("F UA convoyar A Bologna - Istria", CONVOY),
        ("F UA transporta A Bologna - Istria", CONVOY),
        ("F UA transportar A Bologna - Istria", CONVOY),
        ("F Pisa asediar", SIEGE),
        ("F Pisa asedia", SIEGE),
        ("F Pisa sitiar", SIEGE),
        ("G Venecia convertir en F", CONVERT),
        ("G Venecia se convierte en F", CONVERT),
        # Catalan
        ("A Milà mantenir", HOLD),
        ("A Milà manté", HOLD),
        ("A Milà avança a Pavia", MOVE),
        ("A Milà avançar Pavia", MOVE),
        ("A Milà moure a Pavia", MOVE),
        ("A Milà es mou cap a Pavia", MOVE),
        ("A Pavia donar suport A Milà - Cremona", SUPPORT_MOVE),
        ("A Pavia dona suport A Milà", SUPPORT_HOLD),
        ("A Pavia suport A Milà - Cremona", SUPPORT_MOVE),
        ("A Pavia recolzar A Milà - Cremona", SUPPORT_MOVE),
        ("F UA transportar A Bolonya - Istria", CONVOY),
        ("F UA comboiar A Bolonya - Istria", CONVOY),
        ("F UA comboia A Bolonya - Istria", CONVOY),
        ("F Pisa assetjar", SIEGE),
        ("F Pisa assetja", SIEGE),
        ("G Venècia convertir en F", CONVERT),
        ("G Venècia converteix en F", CONVERT),
    ],
)
def test_movement_words_in_spanish_and_catalan(
    machiavelli: GameMap, line: str, order: Order
) -> None:
    """Trust #4: every movement order kind in the rulebook's words."""
    result = parse(line, machiavelli)
    assert result.issues == (), [i.render() for i in result.issues]
    assert result.orders == (order,)


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("A Milán se retira a Pavía", Retreat("milan", U(A, "MIL"), "PAV")),
        ("A Milán retirarse a Pavía", Retreat("milan", U(A, "MIL"), "PAV")),
        ("A Milán disolver", Disband("milan", U(A, "MIL"))),
        ("disolver A Milán", Disband("milan", U(A, "MIL"))),
        ("A Milà es retira a Pavia", Retreat("milan", U(A, "MIL"), "PAV")),
        ("A Milà retirar-se a Pavia", Retreat("milan", U(A, "MIL"), "PAV")),
        ("A Milà dissoldre", Disband("milan", U(A, "MIL"))),
    ],
)
def test_retreat_words_in_spanish_and_catalan(
    machiavelli: GameMap, line: str, order: Order
) -> None:
    """Trust #4: retreats and disbands in the rulebook's words."""
    result = parse(line, machiavelli, RETREAT)
    assert result.issues == (), [i.render() for i in result.issues]
    assert result.orders == (order,)


@pytest.mark.parametrize(
    ("line", "order"),
    [
        ("construir A Milán", Build("milan", U(A, "MIL"))),
        ("A Milán construir", Build("milan", U(A, "MIL"))),
        ("disolver A Milán", Disband("milan", U(A, "MIL"))),
        ("dissoldre A Milà", Disband("milan", U(A, "MIL"))),
        ("no construir", Waive("milan")),
    ],
)
def test_adjustment_words_in_spanish_and_catalan(
    machiavelli: GameMap, line: str, order: Order
) -> None:
    """Trust #4: builds and disbands in the rulebook's words."""
    result = parse(line, machiavelli, ADJUSTMENT)
    assert result.issues == (), [i.render() for i in result.issues]
    assert result.orders == (order,)


def test_classic_reads_the_spanish_words_too() -> None:
    """Trust #4: the classic grammar shares the verbs."""
    classic = load_map("classic")
    result = parse_orders(
        "A Paris mantiene\nA Marseilles avanza a Spain\nF Brest apoya A Paris - Picardy",
        game_map=classic,
        phase_kind=MOVEMENT,
        power="france",
    )
    assert result.issues == ()
    assert [type(o) for o in result.orders] == [Hold, Move, SupportMove]


# --- Trust #6: counts, empty files, powers with no orders ----------------------------


def test_check_counts_a_replaced_order_once(game: Path) -> None:
    """Trust #6: three units, four orders (one replaced): 3 order(s)."""
    text = "A Cremona - Mantua\nA Milan - Trent\nA Pavia holds\nA Cremona holds\n"
    result = run("check", game, *write_mail(game, {"milan.txt": text}))
    assert "Milan (milan.txt): 3 order(s), 1 problem(s)" in result.stdout, result.output


def test_an_empty_file_is_a_problem(game: Path) -> None:
    """Trust #6: an empty file does not read "0 order(s), no problems"."""
    result = run("check", game, *write_mail(game, {"milan.txt": ""}))
    assert result.exit_code == 1
    assert "Milan (milan.txt): 0 order(s), 1 problem(s)" in result.stdout
    assert "milan.txt: syntax: the file is empty: no orders" in result.stdout


def test_check_and_adjudicate_list_the_powers_with_no_orders(game: Path) -> None:
    """Trust #6: the powers with units that sent nothing are named."""
    files = write_mail(game, {"milan.txt": "A Cremona - Mantua\n"})
    checked = run("check", game, *files)
    assert "No orders from: Austria, Florence, France, Naples, Papacy, Turks, Venice" in (
        checked.stdout
    )
    judged = run("adjudicate", game, *files)
    assert "No orders from: Austria, Florence, France, Naples, Papacy, Turks, Venice" in (
        judged.stdout
    )


def test_the_report_lists_ignored_text_apart_from_problems(game: Path) -> None:
    """Trust #3: `adjudicate` exits 0 on prose; the report lists it as ignored."""
    files = write_mail(game, {"france.txt": "Dear GM,\nA Avignon - Provence\nThanks!\n"})
    result = run("adjudicate", game, *files)
    assert result.exit_code == 0, result.output
    assert "  Ignored (not orders):\n    france.txt, line 1: ignored: not an order" in result.stdout
    assert "Problems with your orders" not in result.stdout
    data = json.loads((game / "reports" / "1454-spring-movement.json").read_text())
    assert [(i["kind"], i["line"]) for i in data["issues"]] == [("ignored", 1), ("ignored", 3)]


def test_prose_is_weighed_on_a_bounded_number_of_lines(machiavelli: GameMap) -> None:
    """Trust #3: past `MOST_LINES` unreadable lines a file's prose stays a
    problem, so a hostile file cannot make the reading slow."""
    from orders.board.prose import MOST_LINES

    result = parse("Thanks!\n" * (MOST_LINES + 5), machiavelli)
    kinds = [issue.kind for issue in result.issues]
    assert kinds.count(IssueKind.IGNORED) == MOST_LINES
    assert kinds.count(IssueKind.SYNTAX) == 5
