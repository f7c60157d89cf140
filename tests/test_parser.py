"""The order parser: every accepted form, headers, ignored mail, errors, phases.

Most tests run on the real classic map (`maps.load_map("classic")`); a small
hand-built map covers what the classic map cannot show (Machiavelli-style
names, an alias shared by two areas, a power named like part of an area).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark.load_grammar import FromPackageLoader

from adjudicator.kits.board.state import PhaseKind
from maps import load_map
from maps.model import Area, AreaKind, Crossing, GameMap, PowerInfo, build_graph
from orders import names
from orders.board.model import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    OrderSet,
    Retreat,
    SupportHold,
    SupportMove,
    UnitKind,
    UnitRef,
    Waive,
)
from orders.board.parser import grammar_parser, parse_orders
from orders.issues import IssueKind, OrderIssue

A, F, G = UnitKind.ARMY, UnitKind.FLEET, UnitKind.GARRISON
MOVEMENT, RETREAT, ADJUSTMENT = PhaseKind.MOVEMENT, PhaseKind.RETREAT, PhaseKind.ADJUSTMENT
CASES = Path(__file__).parent / "cases" / "classic"


@pytest.fixture(scope="module")
def classic() -> GameMap:
    return load_map("classic")


def _area(
    code: str, name: str, kind: AreaKind, *aliases: str, coasts: tuple[str, ...] = ()
) -> Area:
    return Area(code, name, kind, aliases=aliases, coasts=coasts)


@pytest.fixture(scope="module")
def tiny() -> GameMap:
    """A few Machiavelli-like areas, an alias shared by two gulfs, and a power
    `north` whose name starts the sea `North Sea` next to an area `Sea`."""
    land, coast, sea = AreaKind.LAND, AreaKind.COAST, AreaKind.SEA
    areas = [
        _area("FLO", "Florence", coast, "Firenze"),
        _area("ARE", "Arezzo", land),
        _area("VEN", "Venice", coast, "Venezia"),
        _area("HER", "Herzegovina", coast),
        _area("BARI", "Bari", coast),
        _area("UA", "Upper Adriatic", sea),
        _area("GOL", "Gulf of Lyon", sea, "Gulf"),
        _area("BOT", "Gulf of Bothnia", sea, "Gulf"),
        _area("NTH", "North Sea", sea),
        _area("SEA", "Sea", sea),
        _area("SPA", "Spain", coast, "España", coasts=("nc", "sc")),
    ]
    edges = [
        ("FLO", "ARE", Crossing.ARMY),
        ("HER", "BARI", Crossing.ARMY),
        ("UA", "VEN", Crossing.FLEET),
        ("NTH", "SEA", Crossing.FLEET),
        ("GOL", "SPA/sc", Crossing.FLEET),
    ]
    powers = {
        "venice": PowerInfo("venice", "Venice", ("Venecia",)),
        "turks": PowerInfo("turks", "Turks", ("Turkey",)),
        "florence": PowerInfo("florence", "Florence"),
        "north": PowerInfo("north", "North"),
    }
    return GameMap("tiny", {a.code: a for a in areas}, build_graph(areas, edges), powers=powers)


def parse(
    text: str,
    game_map: GameMap,
    phase: PhaseKind = MOVEMENT,
    power: str | None = "england",
) -> OrderSet:
    return parse_orders(text, game_map=game_map, phase_kind=phase, file="orders.txt", power=power)


def one_order(
    text: str, game_map: GameMap, phase: PhaseKind = MOVEMENT, power: str = "england"
) -> Order:
    result = parse(text, game_map, phase, power)
    assert result.issues == (), [issue.render() for issue in result.issues]
    assert len(result.orders) == 1
    return result.orders[0]


def one_issue(text: str, game_map: GameMap, phase: PhaseKind = MOVEMENT) -> OrderIssue:
    result = parse(text, game_map, phase)
    assert result.orders == ()
    assert len(result.issues) == 1
    return result.issues[0]


def U(kind: UnitKind | None, location: str, power: str | None = None) -> UnitRef:
    return UnitRef(kind, location, power)


# --- canonical DATC forms ----------------------------------------------------------

CANONICAL = [
    ("F NTH C A YOR - YOR", MOVEMENT, Convoy("england", U(F, "NTH"), U(A, "YOR"), "YOR")),
    ("A LVP S A YOR - YOR", MOVEMENT, SupportMove("england", U(A, "LVP"), U(A, "YOR"), "YOR")),
    ("A GAS - MAR VIA", MOVEMENT, Move("england", U(A, "GAS"), "MAR", via_convoy=True)),
    ("F SPA/nc - LYO", MOVEMENT, Move("england", U(F, "SPA/nc"), "LYO")),
    ("F MAO S A GAS", MOVEMENT, SupportHold("england", U(F, "MAO"), U(A, "GAS"))),
    ("A LON H", MOVEMENT, Hold("england", U(A, "LON"))),
    ("A LON - NTH", MOVEMENT, Move("england", U(A, "LON"), "NTH")),
    ("A MAR R GAS", RETREAT, Retreat("england", U(A, "MAR"), "GAS")),
    ("A MAR D", RETREAT, Disband("england", U(A, "MAR"))),
    ("A MAR D", ADJUSTMENT, Disband("england", U(A, "MAR"))),
    ("A STP/nc B", ADJUSTMENT, Build("england", U(A, "STP/nc"))),
    ("F STP/sc B", ADJUSTMENT, Build("england", U(F, "STP/sc"))),
    ("WAIVE", ADJUSTMENT, Waive("england")),
]


@pytest.mark.parametrize(("text", "phase", "expected"), CANONICAL)
def test_canonical_forms(classic: GameMap, text: str, phase: PhaseKind, expected: Order) -> None:
    assert one_order(text, classic, phase) == expected


# --- what players write ------------------------------------------------------------

MOVES = [
    "A LON - NTH",
    "A LON-NTH",
    "A LON -> NTH",
    "A LON=>NTH",
    "A LON – NTH",
    "A LON to NTH",
    "A LON M NTH",
    "A LON moves to NTH",
    "A LON move NTH",
    "a lon moves nth",
    "Army London - North Sea",
    "ARMY LONDON TO NORTH SEA",
    "A Londres - Mar del Norte",
    "A LON - NTH.",
    "A  LON\t-\tNTH  ",
]


@pytest.mark.parametrize("text", MOVES)
def test_move_forms(classic: GameMap, text: str) -> None:
    assert one_order(text, classic) == Move("england", U(A, "LON"), "NTH")


def test_unit_kind_is_optional(classic: GameMap) -> None:
    assert one_order("LON - NTH", classic) == Move("england", U(None, "LON"), "NTH")
    assert one_order("Fleet LON H", classic) == Hold("england", U(F, "LON"))
    assert one_order("G LON H", classic) == Hold("england", U(G, "LON"))
    assert one_order("Garrison LON H", classic) == Hold("england", U(G, "LON"))


@pytest.mark.parametrize(
    "text", ["A LON H", "A LON holds", "A LON hold", "A LON stands", "a lon h"]
)
def test_hold_forms(classic: GameMap, text: str) -> None:
    assert one_order(text, classic) == Hold("england", U(A, "LON"))


@pytest.mark.parametrize(
    "text",
    [
        "A WAL S A LON - YOR",
        "A WAL supports A LON - YOR",
        "A WAL support A LON to YOR",
        "Army Wales Supports Army London moves to Yorkshire",
        "A WAL S LON - YOR",
    ],
)
def test_support_move_forms(classic: GameMap, text: str) -> None:
    supported = U(None if "S LON" in text else A, "LON")
    assert one_order(text, classic) == SupportMove("england", U(A, "WAL"), supported, "YOR")


@pytest.mark.parametrize(
    "text", ["F NTH S A YOR", "F NTH supports A YOR H", "F NTH support A YOR holds"]
)
def test_support_hold_forms(classic: GameMap, text: str) -> None:
    assert one_order(text, classic) == SupportHold("england", U(F, "NTH"), U(A, "YOR"))


@pytest.mark.parametrize(
    "text",
    ["F NTH C A YOR - NWY", "F NTH convoys A YOR - NWY", "F North Sea convoy Army York to Norway"],
)
def test_convoy_forms(classic: GameMap, text: str) -> None:
    assert one_order(text, classic) == Convoy("england", U(F, "NTH"), U(A, "YOR"), "NWY")


@pytest.mark.parametrize(
    "text",
    ["A YOR - NWY via convoy", "A YOR - NWY by convoy", "A YOR - NWY VIA", "A YOR to NWY via C"],
)
def test_via_convoy(classic: GameMap, text: str) -> None:
    assert one_order(text, classic) == Move("england", U(A, "YOR"), "NWY", via_convoy=True)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("F North Atlantic Ocean - Mid-Atlantic Ocean", Move("england", U(F, "NAO"), "MAO")),
        ("F Mid-Atlantic Ocean - North Atlantic", Move("england", U(F, "MAO"), "NAO")),
        (
            "F Gulf of Lyon S F Western Mediterranean - Tyrrhenian Sea",
            SupportMove("england", U(F, "LYO"), U(F, "WES"), "TYS"),
        ),
        ("A St. Petersburg H", Hold("england", U(A, "STP"))),
        ("A St Petersburg - Moscow", Move("england", U(A, "STP"), "MOS")),
        ("A münchen - bohemia", Move("england", U(A, "MUN"), "BOH")),
        ("F Canal de la Mancha - Mar del Norte", Move("england", U(F, "ENG"), "NTH")),
        ("A Gal·les - Londres", Move("england", U(A, "WAL"), "LON")),
        ("F España - Golfo de León", Move("england", U(F, "SPA"), "LYO")),
    ],
)
def test_names_and_aliases(classic: GameMap, text: str, expected: Order) -> None:
    assert one_order(text, classic) == expected


# --- coasts ------------------------------------------------------------------------

COASTS = [
    "F SPA/nc - MAO",
    "F SPA(nc) - MAO",
    "F SPA (nc) - MAO",
    "F spa nc - MAO",
    "F SPA NC - MAO",
    "F Spain north coast - MAO",
    "F spa/north coast - MAO",
    "F Spain (north coast) - MAO",
    "F España n.c. - MAO",
]


@pytest.mark.parametrize("text", COASTS)
def test_coast_forms(classic: GameMap, text: str) -> None:
    assert one_order(text, classic) == Move("england", U(F, "SPA/nc"), "MAO")


@pytest.mark.parametrize(
    ("text", "dest"),
    [
        ("F MAO - SPA/sc", "SPA/sc"),
        ("F MAO - Spain south coast", "SPA/sc"),
        ("F MAO - spa(sc)", "SPA/sc"),
        ("F MAO - SPA", "SPA"),
        ("F CON - BUL/ec", "BUL/ec"),
        ("F CON - Bulgaria east coast", "BUL/ec"),
        ("F CON - bul (ec)", "BUL/ec"),
        ("F BAR - StP/nc", "STP/nc"),
        ("F BAR - St. Petersburg north coast", "STP/nc"),
    ],
)
def test_coast_destinations(classic: GameMap, text: str, dest: str) -> None:
    order = one_order(text, classic)
    assert isinstance(order, Move) and order.dest == dest


def test_missing_coast_is_illegal_with_the_valid_coasts(classic: GameMap) -> None:
    issue = one_issue("F MAO - Spain east coast", classic)
    assert issue.kind is IssueKind.ILLEGAL
    assert issue.message == "Spain has no east coast"
    assert issue.suggestions == ("SPA/nc (north coast)", "SPA/sc (south coast)")
    assert one_issue("F MAO - SPA/ec", classic).message == "Spain has no east coast"
    assert one_issue("F LON/nc - NTH", classic).message == "London has no north coast"


def test_unknown_coast_word(classic: GameMap) -> None:
    issue = one_issue("F MAO - SPA/xyz", classic)
    assert issue.kind is IssueKind.SYNTAX
    assert issue.message == "unknown coast 'xyz'"
    assert issue.suggestions == ("SPA/nc (north coast)", "SPA/sc (south coast)")


# --- phases ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["A MUN R BOH", "A MUN - BOH", "A MUN retreats to BOH", "A MUN retreat BOH", "A MUN to BOH"],
)
def test_retreat_forms(classic: GameMap, text: str) -> None:
    assert one_order(text, classic, RETREAT) == Retreat("england", U(A, "MUN"), "BOH")


@pytest.mark.parametrize("text", ["A MUN D", "disband A MUN", "A MUN disband", "DISBAND A MUN"])
def test_disband_in_retreat(classic: GameMap, text: str) -> None:
    assert one_order(text, classic, RETREAT) == Disband("england", U(A, "MUN"))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("BUILD A LON", Build("england", U(A, "LON"))),
        ("Build F StP/nc", Build("england", U(F, "STP/nc"))),
        ("build fleet St. Petersburg north coast", Build("england", U(F, "STP/nc"))),
        ("A LON B", Build("england", U(A, "LON"))),
        ("A LON build", Build("england", U(A, "LON"))),
        ("WAIVE", Waive("england")),
        ("waive", Waive("england")),
        ("build waived", Waive("england")),
        ("no build", Waive("england")),
        ("REMOVE A MUN", Disband("england", U(A, "MUN"))),
        ("DISBAND A MUN", Disband("england", U(A, "MUN"))),
        ("A MUN D", Disband("england", U(A, "MUN"))),
        ("remove F NTH", Disband("england", U(F, "NTH"))),
    ],
)
def test_adjustment_forms(classic: GameMap, text: str, expected: Order) -> None:
    assert one_order(text, classic, ADJUSTMENT) == expected


@pytest.mark.parametrize(
    ("text", "phase", "message"),
    [
        ("BUILD A LON", MOVEMENT, "builds are not orders of a movement phase"),
        ("A WAL S A LON - YOR", RETREAT, "supports are not orders of a retreat phase"),
        ("F NTH C A YOR - NWY", ADJUSTMENT, "convoys are not orders of an adjustment phase"),
        ("A LON H", RETREAT, "holds are not orders of a retreat phase"),
        ("A LON - NTH", ADJUSTMENT, "moves are not orders of an adjustment phase"),
        ("A MAR R GAS", MOVEMENT, "retreats are not orders of a movement phase"),
        ("A MUN D", MOVEMENT, "disbands are not orders of a movement phase"),
        ("WAIVE", RETREAT, "waived builds are not orders of a retreat phase"),
        ("A MUN - BOH via convoy", RETREAT, "a retreat cannot go by convoy"),
    ],
)
def test_orders_of_another_phase_are_illegal(
    classic: GameMap, text: str, phase: PhaseKind, message: str
) -> None:
    issue = one_issue(text, classic, phase)
    assert (issue.kind, issue.message) == (IssueKind.ILLEGAL, message)


# --- powers ------------------------------------------------------------------------


def test_headers_switch_the_power(classic: GameMap) -> None:
    text = (
        "England:\nA LON H\nFRANCE\nA PAR H\nInglaterra:\nF EDI H\n  alemania :  \nA BER H\n"
        "Russia orders:\nA MOS H\nÓrdenes de Turquía\nA CON H\nAustria-Hungary:\nA VIE H"
    )
    result = parse(text, classic, power=None)
    assert [(o.power, o.source and o.source.line) for o in result.orders] == [
        ("england", 2),
        ("france", 4),
        ("england", 6),
        ("germany", 8),
        ("russia", 10),
        ("turkey", 12),
        ("austria", 14),
    ]
    # "Órdenes de X" is a header too (Trust #3).
    assert result.issues == ()


def test_orders_for_an_unknown_power_suggests_powers(classic: GameMap) -> None:
    """Trust #3: `Orders for Frnace` is a header naming no known power."""
    result = parse("Orders for Frnace\nA PAR H", classic, power=None)
    header, order = result.issues
    assert (header.message, header.suggestions) == ("unknown power 'Frnace'", ("France",))
    assert order.message == "no power given for this order (line 1 names no known power)"


def test_power_leading_a_line_applies_to_that_line_only(classic: GameMap) -> None:
    text = "France:\nEngland: A LON - NTH\nengland A LVP H\nA PAR H\nGermany: BUILD A BER\nEngland waive"
    result = parse(text, classic, power=None)
    assert [o.power for o in result.orders] == ["england", "england", "france"]
    assert result.orders[0] == Move("england", U(A, "LON"), "NTH")
    assert result.orders[1] == Hold("england", U(A, "LVP"))
    assert [i.message for i in result.issues] == [
        "builds are not orders of a movement phase",
        "waived builds are not orders of a movement phase",
    ]


def test_power_prefix_before_keyword_orders(classic: GameMap) -> None:
    text = "Germany: BUILD A BER\nengland build F LON\nEngland waive\nrussia remove A MOS\nItalia: no build"
    result = parse(text, classic, ADJUSTMENT, power=None)
    assert result.issues == ()
    assert result.orders == (
        Build("germany", U(A, "BER")),
        Build("england", U(F, "LON")),
        Waive("england"),
        Disband("russia", U(A, "MOS")),
        Waive("italy"),
    )


def test_default_power_is_used_before_any_header(classic: GameMap) -> None:
    result = parse("A LON H\nFrance:\nA PAR H", classic, power="england")
    assert [o.power for o in result.orders] == ["england", "france"]


def test_no_power_is_a_syntax_issue(classic: GameMap) -> None:
    result = parse("A LON H\nFrance:\nA PAR H", classic, power=None)
    assert [o.power for o in result.orders] == ["france"]
    (issue,) = result.issues
    assert (issue.kind, issue.message, issue.source.line) == (
        IssueKind.SYNTAX,
        "no power given for this order",
        1,
    )


def test_unknown_power_header_suggests_powers_and_orders_wait_for_a_known_one(
    classic: GameMap,
) -> None:
    result = parse("Englnd:\nA LON H\nFrance:\nA PAR H", classic, power="england")
    assert result.orders == (Hold("france", U(A, "PAR")),)
    header, order = result.issues
    assert (header.kind, header.message, header.suggestions) == (
        IssueKind.SYNTAX,
        "unknown power 'Englnd'",
        ("England",),
    )
    assert order.message == "no power given for this order (line 1 names no known power)"


def test_unknown_power_leading_an_order(classic: GameMap) -> None:
    issue = one_issue("Frnace: A PAR H", classic)
    assert (issue.message, issue.suggestions) == ("unknown power 'Frnace'", ("France",))
    issue = one_issue("Frnace A PAR H", classic)
    assert (issue.message, issue.suggestions) == ("unknown power 'Frnace'", ("France",))


def test_chatter_is_an_issue_but_keeps_the_power(classic: GameMap) -> None:
    text = "England:\nThanks\nA LON H\nLON\nThanks France for the help\nF NTH H"
    result = parse(text, classic, power=None)
    assert result.orders == (Hold("england", U(A, "LON")), Hold("england", U(F, "NTH")))
    # Trust #3: plain "Thanks" is ignored text, not a problem.
    assert [(i.kind, i.message) for i in result.issues] == [
        (IssueKind.IGNORED, "not an order"),
        (IssueKind.SYNTAX, "no order given for 'LON'"),
        (IssueKind.SYNTAX, "'Thanks France for the help' is not an order or a power"),
    ]


def test_support_and_convoy_may_name_the_other_units_power(classic: GameMap, tiny: GameMap) -> None:
    order = one_order("A MUN S russia A WAR - SIL", classic, power="germany")
    assert order == SupportMove("germany", U(A, "MUN"), U(A, "WAR", "russia"), "SIL")
    order = one_order("F UA C turks A HER-BARI", tiny, power="venice")
    assert order == Convoy("venice", U(F, "UA"), U(A, "HER", "turks"), "BARI")
    order = one_order("A FLO S venice A ARE", tiny, power="florence")
    assert order == SupportHold("florence", U(A, "FLO"), U(A, "ARE", "venice"))
    order = one_order("A FLO S Venecia ARE", tiny, power="florence")
    assert order == SupportHold("florence", U(A, "FLO"), U(None, "ARE", "venice"))


def test_a_power_named_like_an_area(tiny: GameMap) -> None:
    assert one_order("A Venice H", tiny, power="venice") == Hold("venice", U(A, "VEN"))
    assert one_order("Venice A VEN H", tiny, power="turks") == Hold("venice", U(A, "VEN"))
    assert one_order("F UA S Venice", tiny, power="venice") == SupportHold(
        "venice", U(F, "UA"), U(None, "VEN")
    )


# --- ignored text ------------------------------------------------------------------


def test_comments_quotes_mail_headers_and_signature_are_ignored(classic: GameMap) -> None:
    text = """From: player@example.com
To: gm@example.com
Subject: Re: Spring 1901
X-Mailer: SomeClient 1.0

# my orders
// more comment
A LON H   # stay home
> F NTH - NWY (quoted from the GM's mail)
  >> A PAR - BUR
On Mon, 1 Jan 1901, GM wrote:
Date: Mon, 1 Jan 1901
F EDI - NTH // trailing

-- 
A LVP - YOR
Player One
"""
    result = parse(text, classic)
    assert result.issues == ()
    assert result.orders == (Hold("england", U(A, "LON")), Move("england", U(F, "EDI"), "NTH"))
    assert [o.source and o.source.line for o in result.orders] == [8, 13]


def test_mail_header_block_after_blank_lines(classic: GameMap) -> None:
    text = "\n\nFrom: a@b.c\nX-Mailer: Foo\n  continued: header\n\nA LON H\nSubject: x\n"
    assert parse(text, classic).orders == (Hold("england", U(A, "LON")),)
    assert parse(text, classic).issues == ()


def test_blank_and_comment_only_text_gives_nothing(classic: GameMap) -> None:
    assert parse("\n\n   \n# nothing\r\n// here\n", classic) == OrderSet()


# --- errors ------------------------------------------------------------------------


def test_unknown_province_quotes_file_line_text_and_suggestions(classic: GameMap) -> None:
    text = "England:\nA LON H\nF NTH - NWY\nA TYRR - MUN\nA LVP - YOR"
    result = parse(text, classic)
    assert len(result.orders) == 3  # the bad line does not stop the others
    (issue,) = result.issues
    assert issue.kind is IssueKind.SYNTAX
    assert issue.message == "unknown province 'TYRR'"
    assert issue.suggestions[0] == "TYR (Tyrolia)"
    assert (issue.source.file, issue.source.line, issue.source.text, issue.source.column) == (
        "orders.txt",
        4,
        "A TYRR - MUN",
        3,
    )
    assert issue.render().startswith(
        "orders.txt, line 4: syntax: unknown province 'TYRR': did you mean TYR (Tyrolia)"
    )
    assert issue.render().endswith("\n    > A TYRR - MUN")


def test_unknown_province_leaves_out_owner_and_coast_words(classic: GameMap) -> None:
    assert one_issue("F MAO - Spian north coast", classic).message == "unknown province 'Spian'"
    assert one_issue("A MUN S russia WARR - SIL", classic).message == "unknown province 'WARR'"
    assert one_issue("A LON - Mid Atlantc Ocean", classic).message == (
        "unknown province 'Mid Atlantc Ocean'"
    )


def test_misspelt_hyphenated_name_is_an_unknown_province(classic: GameMap) -> None:
    issue = one_issue("f brest - mid-atlantc", classic)
    assert issue.message == "unknown province 'mid-atlantc'"
    assert issue.suggestions[0] == "MAO (Mid-Atlantic Ocean)"
    assert one_issue("A LON-NTH H", classic).kind is IssueKind.SYNTAX


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("A LON", "the order is incomplete", 6),
        ("A LON -", "the order is incomplete", 8),
        ("A LON ? NTH", "unexpected character '?'", 7),
        ("A LON - NTH S", "cannot read 'S' here", 13),
        ("A LON H H", "cannot read 'H' here", 9),
    ],
)
def test_unreadable_lines(classic: GameMap, text: str, message: str, column: int) -> None:
    issue = one_issue(text, classic)
    assert (issue.kind, issue.message, issue.source.column) == (IssueKind.SYNTAX, message, column)


def test_every_bad_line_gives_one_issue(classic: GameMap) -> None:
    text = "A LON H\nxyzzy plugh\nA PAR ->\nF NTH C\n§§§\nF EDI - NTH"
    result = parse(text, classic)
    assert len(result.orders) == 2
    assert [i.source.line for i in result.issues] == [2, 3, 4, 5]


def test_name_of_two_areas_is_ambiguous(tiny: GameMap) -> None:
    issue = one_issue("F Gulf - SPA/sc", tiny)
    assert issue.kind is IssueKind.AMBIGUOUS
    assert issue.message == "'Gulf' could mean more than one place"
    assert set(issue.suggestions) == {"GOL (Gulf of Lyon)", "BOT (Gulf of Bothnia)"}
    assert one_order("F Gulf of Lyon - SPA/sc", tiny) == Move("england", U(F, "GOL"), "SPA/sc")


def test_words_read_two_ways_are_ambiguous(tiny: GameMap) -> None:
    # "north sea": the area North Sea, or the power North's unit in Sea.
    issue = one_issue("F SEA S north sea", tiny)
    assert issue.kind is IssueKind.AMBIGUOUS
    assert set(issue.suggestions) == {"NTH (North Sea)", "North's SEA (Sea)"}
    # As a destination no owner may be named: only the North Sea.
    assert one_order("F SEA - north sea", tiny) == Move("england", U(F, "SEA"), "NTH")
    assert one_order("F SEA S F north sea", tiny) == SupportHold(
        "england", U(F, "SEA"), U(F, "NTH")
    )


# --- robustness and the grammar ----------------------------------------------------


def test_the_parser_is_built_once() -> None:
    assert grammar_parser() is grammar_parser()


def test_the_shared_parser_keeps_no_state_between_calls(classic: GameMap, tiny: GameMap) -> None:
    """One parser serves every map, phase and thread: what a line means comes
    from the call, never from an earlier one."""
    texts = [
        ("England:\nF LON - NTH\nA LVP S F LON - NTH\nfrance: A PAR H", classic, MOVEMENT),
        ("F Gulf - SPA/sc\nF SEA S north sea\nG VEN H", tiny, MOVEMENT),
        ("A MUN - BOH\nA LON D", classic, RETREAT),
        ("Russia:\nbuild F STP/nc\nwaive\nF LON S A PAR", classic, ADJUSTMENT),
    ]
    expected = [parse(text, game_map, phase) for text, game_map, phase in texts]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda case: parse(*case), texts * 25))
    assert [repr(result) for result in results] == [repr(result) for result in expected] * 25


def test_names_read_the_same_once_the_memo_is_full(
    classic: GameMap, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(names, "_REMEMBERED", 2)
    index = names.NameIndex.of(classic)
    for _ in range(3):
        for words in (["spa", "nc"], ["St.", "Petersburg"], ["North", "Sea"], ["nowhere"]):
            assert index.readings(words, owner=True, coast_words=True) == index._readings(
                words, owner=True, coast_words=True
            )
        assert index.power(["England"]) == "england"
        assert index.power(["Englnd"]) is None
    assert len(index._reading_memo) <= 2


def test_every_datc_case_order_parses(classic: GameMap) -> None:
    """Every canonical order of the classic cases reads with no syntax issue."""
    checked = 0
    for path in sorted(CASES.glob("*.yaml")):
        case = yaml.safe_load(path.read_text(encoding="utf-8"))
        for phase in case["phases"]:
            kind = PhaseKind(phase["phase"].split("-")[2])
            for power, orders in (phase.get("orders") or {}).items():
                text = f"{power}:\n" + "\n".join(order["order"] for order in orders)
                result = parse(text, classic, kind, power=None)
                syntax = [i.render() for i in result.issues if i.kind is not IssueKind.ILLEGAL]
                assert syntax == [], path.name
                checked += len(orders)
    assert checked > 0 or not CASES.exists()


SALAD = (
    "A F G S C H D R B - -> to via by convoy build waive no LON NTH SPA nc / ( ) : England"
    " russia north coast Mid-Atlantic St. Petersburg # // > -- From: é · '"
)
WORDS = st.sampled_from(SALAD.split())


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(WORDS, max_size=8).map(" ".join), max_size=6).map("\n".join))
def test_word_salad_never_raises(text: str) -> None:
    game_map = load_map("classic")
    for phase in PhaseKind:
        result = parse_orders(text, game_map=game_map, phase_kind=phase)
        assert len(result.orders) + len(result.issues) <= len(text.split("\n"))
        for issue in result.issues:
            assert issue.render()


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_random_text_never_raises(text: str) -> None:
    result = parse_orders(text, game_map=load_map("classic"), phase_kind=MOVEMENT, power="england")
    assert all(isinstance(issue, OrderIssue) for issue in result.issues)


RULES = (
    "start, order, order_line, hold, move, support_hold, support_move, convoy, retreat, disband,"
    " build, waive, unit_ref, unit, owned_unit, via, header, name, place, coast, unit_kind,"
    " army, fleet, garrison, WORD, WS, COMMENT"
)
EXTENDED = """
%import diplomacy ({RULES})
%ignore WS
%ignore COMMENT
%extend order: convert
convert: unit "=" unit_kind
""".replace("{RULES}", RULES)


def test_the_grammar_extends_as_its_header_says() -> None:
    """A ruleset grammar can add an order kind and keep the rule names the
    transformer dispatches on (Machiavelli's `G VEN = F`)."""
    loader = FromPackageLoader("grammar", ("",))
    lark = Lark(EXTENDED, parser="lalr", maybe_placeholders=True, import_paths=[loader])
    assert "convert" in {t.data for t in lark.parse("G VEN = F").iter_subtrees()}
    tree = lark.parse("F UA C turks A HER-BARI")
    assert {t.data for t in tree.iter_subtrees()} >= {"order_line", "convoy", "owned_unit", "fleet"}
