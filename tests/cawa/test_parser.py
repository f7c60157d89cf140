"""Reading CaWa declaration files (orders.cawa.parser): every line form in
Spanish and English, accents optional, and every issue (CC-MV-8, AC-27,
CC-E-13 .. CC-E-18, CC-B-33, AC-29, AC-45, AC-50)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maps.cawa.model import Direction, Terrain
from orders.cawa import model as m
from orders.cawa.parser import CawaNames, ParsedLines, parse_cawa
from orders.issues import IssueKind, OrderIssue, Source
from tests.cawa.fixtures import grid_map

# 0101..0805; water all round, land inside (0203 plain, 0403 forest, 0503 mountain).
MAP = grid_map(["~~~~~~~~", "~......~", "~..f^..~", "~......~", "~~~~~~~~"])
PLAYERS = {"red": ("Red", "Rojo"), "blue": ("Blue", "Azul"), "green": ("Green", "Verde")}
NAMES = CawaNames(
    hexes=frozenset(MAP.hexes),
    players=PLAYERS,
    step=MAP.step,
    water=frozenset(code for code, cell in MAP.hexes.items() if cell.terrain is Terrain.WATER),
)


def parse(text: str, kind: str, power: str = "red", names: CawaNames = NAMES) -> ParsedLines:
    return parse_cawa(text, kind=kind, names=names, file="red.txt", power=power)


def one(text: str, kind: str, power: str = "red") -> m.CawaOrder:
    """The one declaration `text` holds (no issue)."""
    parsed = parse(text, kind, power)
    assert parsed.issues == (), [issue.render() for issue in parsed.issues]
    assert len(parsed.lines) == 1
    return parsed.lines[0]


def issue(text: str, kind: str) -> OrderIssue:
    """The one issue `text` gives (no declaration)."""
    parsed = parse(text, kind)
    assert parsed.lines == ()
    assert len(parsed.issues) == 1
    return parsed.issues[0]


# --- economy ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["dona 500 a rojo", "give 500 to red", "Dona 500 co a Rojo", "give 500 crowns to RED",
     "regala 500 coronas al rojo"],
)  # fmt: skip
def test_give_crowns(text: str) -> None:
    """CC-E-13, AC-27: `dona 500 a rojo` / `give 500 to red` gives crowns."""
    assert one(text, "economy") == m.GiveCrowns("red", "red", 500)


@pytest.mark.parametrize("text", ["dona 1500 a azul", "dona 1.500 a azul", "give 1,500 to Blue"])
def test_amounts_with_separators(text: str) -> None:
    """CC-E-13, AC-27: `1500`, `1.500` and `1,500` are the same amount."""
    assert one(text, "economy") == m.GiveCrowns("red", "blue", 1500)


@pytest.mark.parametrize("text", ["dona a azul 500", "give blue 500 crowns"])
def test_give_crowns_player_first(text: str) -> None:
    """CC-E-13, AC-27: the player may come before the amount."""
    assert one(text, "economy") == m.GiveCrowns("red", "blue", 500)


@pytest.mark.parametrize(
    "text", ["dona 0403 a azul", "give 0403 to blue", "dona la casilla 0403 a Azul"]
)
def test_give_hex(text: str) -> None:
    """CC-E-14, AC-27: a hex code where the amount would be gives the hex."""
    assert one(text, "economy") == m.GiveHex("red", "0403", "blue")


def test_a_unit_word_makes_a_hex_like_number_crowns() -> None:
    """CC-E-13: `dona 0403 co a azul` is 403 crowns, not the hex."""
    assert one("dona 0403 co a azul", "economy") == m.GiveCrowns("red", "blue", 403)


@pytest.mark.parametrize("text", ["abandona 0403", "abandon 0403", "Abandonar la casilla 0403"])
def test_abandon(text: str) -> None:
    """CC-E-16, AC-27: `abandona 0403` / `abandon 0403`."""
    assert one(text, "economy") == m.Abandon("red", "0403")


@pytest.mark.parametrize(
    ("text", "terrain"),
    [("terreno 0403 bosque", Terrain.FOREST), ("terrain 0403 forest", Terrain.FOREST),
     ("terreno 0403 montaña", Terrain.MOUNTAIN), ("terreno 0403 montana", Terrain.MOUNTAIN),
     ("change terrain 0403 to mountain", Terrain.MOUNTAIN), ("terreno 0403 llanura", Terrain.PLAIN),
     ("cambia terreno 0403 a tierra", Terrain.PLAIN), ("terrain 0403 plain", Terrain.PLAIN)],
)  # fmt: skip
def test_change_terrain(text: str, terrain: Terrain) -> None:
    """CC-E-17, AC-03, AC-27: `terreno 0403 bosque`; `tierra` is plain; accents optional."""
    assert one(text, "economy") == m.ChangeTerrain("red", "0403", terrain)


@pytest.mark.parametrize(
    "text", ["pueblo 0403", "construye pueblo 0403", "village 0403", "build village 0403"]
)
def test_build_village(text: str) -> None:
    """CC-E-18, AC-27: `pueblo 0403` / `construye pueblo 0403` / `village 0403`."""
    assert one(text, "economy") == m.BuildVillage("red", "0403")


@pytest.mark.parametrize("text", ["castillo 0403", "castle 0403", "Construye castillo en 0403"])
def test_upgrade_castle(text: str) -> None:
    """CC-E-18, AC-27: `castillo 0403` / `castle 0403`."""
    assert one(text, "economy") == m.UpgradeCastle("red", "0403")


# --- movement ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["0303 -> 0403", "0303 a 0403", "0303 0403", "0303 to 0403", "0303 → 0403"]
)
def test_land_move(text: str) -> None:
    """CC-MV-8, AC-27: `0303 -> 0403` (also `a`, `to` or nothing between)."""
    assert one(text, "movement") == m.LandMove("red", "0303", "0403")


@pytest.mark.parametrize(
    "text",
    ["0303 -> 0403 invasión 1500", "0303 -> 0403 invasion 1.500", "0303 a 0403 INVASIÓN 1,500 puntos",
     "0303 -> 0403 invade 1500 points", "0303 -> 0403 (invasión 1500)"],
)  # fmt: skip
def test_invasion_points(text: str) -> None:
    """CC-MV-10, AC-27: `0303 -> 0403 invasión 1500`, accents optional."""
    assert one(text, "movement") == m.LandMove("red", "0303", "0403", 1500)


@pytest.mark.parametrize(
    ("words", "direction"),
    [("al norte", Direction.NORTH), ("north", Direction.NORTH), ("N", Direction.NORTH),
     ("al noreste", Direction.NORTHEAST), ("northeast", Direction.NORTHEAST), ("NE", Direction.NORTHEAST),
     ("al sureste", Direction.SOUTHEAST), ("south-east", Direction.SOUTHEAST), ("se", Direction.SOUTHEAST),
     ("al sur", Direction.SOUTH), ("south", Direction.SOUTH), ("S", Direction.SOUTH),
     ("al suroeste", Direction.SOUTHWEST), ("southwest", Direction.SOUTHWEST), ("SO", Direction.SOUTHWEST),
     ("SW", Direction.SOUTHWEST), ("hacia el noroeste", Direction.NORTHWEST),
     ("to the northwest", Direction.NORTHWEST), ("NO", Direction.NORTHWEST), ("nw", Direction.NORTHWEST)],
)  # fmt: skip
def test_direction_moves(words: str, direction: Direction) -> None:
    """CC-MV-8, AC-27: `desde 0303 al sureste` / `from 0303 southeast` move to
    the hex in that direction on the map's layout."""
    target = MAP.step("0303", direction)
    assert target is not None
    for text in (f"desde 0303 {words}", f"from 0303 {words}"):
        assert one(text, "movement") == m.LandMove("red", "0303", target)


def test_direction_worked_example() -> None:
    """CC-MV-8, AC-27: 0303 (an odd column) has 0404 to the south-east and
    0203 to the north-west (fixtures docstring)."""
    assert one("desde mi 0303 al sureste", "movement") == m.LandMove("red", "0303", "0404")
    assert one("from 0303 northwest invasión 2000", "movement") == m.LandMove(
        "red", "0303", "0203", 2000
    )


@pytest.mark.parametrize(
    ("text", "path"),
    [("barco 0203 -> 0503 invasión 1000", ()), ("ship 0203 to 0503 invasion 1000", ()),
     ("barco 0203 por 0202 0302 -> 0503 invasión 1000", ("0202", "0302")),
     ("ship 0203 via 0202, 0302 -> 0503 invasion 1.000", ("0202", "0302")),
     ("barco 0203 por 0202 0302 0503 invasión 1000", ("0202", "0302"))],
)  # fmt: skip
def test_sea_move(text: str, path: tuple[str, ...]) -> None:
    """CC-MV-13, AC-23, AC-27: `barco 0203 [por 0202 0302] -> 0503 invasión 1000`."""
    assert one(text, "movement") == m.SeaMove("red", "0203", "0503", 1000, path)


def test_sea_move_without_points() -> None:
    """CC-MV-13, AC-27: a ship to a free hex names no points."""
    assert one("barco 0203 -> 0503", "movement") == m.SeaMove("red", "0203", "0503")


def test_fleet_from_land_is_launched_from_water_moves() -> None:
    """CC-MV-16, CC-MV-18, AC-24, AC-27: `flota A -> B` launches a fleet from a
    land hex and moves a fleet already at sea (A a water hex)."""
    assert one("flota 0202 -> 0201", "movement") == m.LaunchFleet("red", "0202", "0201")
    assert one("fleet 0101 -> 0501", "movement") == m.MoveFleet("red", "0101", "0501")


@pytest.mark.parametrize(
    ("text", "via", "points"),
    [("flota 0101 desembarca 0202 invasión 1000", None, 1000), ("fleet 0101 lands 0202", None, None),
     ("flota 0701 -> 0601 desembarca 0202 invasion 1000", "0601", 1000),
     ("fleet 0701 to 0601 lands on 0202 invasion 1000", "0601", 1000)],
)  # fmt: skip
def test_land_fleet(text: str, via: str | None, points: int | None) -> None:
    """CC-MV-19, CC-MV-20, AC-22, AC-27: `flota 0702 [-> 0602] desembarca 0803 invasión 1000`."""
    fleet = "0101" if via is None else "0701"
    assert one(text, "movement") == m.LandFleet("red", fleet, "0202", points, via)


# --- skirmishes and reactions -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    ["escaramuza 0403: gana rojo", "skirmish 0403: red wins", "Escaramuza 0403: Rojo gana",
     "skirmish 0403: winner Red", "escaramuza 0403 rojo"],
)  # fmt: skip
def test_skirmish_winner(text: str) -> None:
    """CC-CF-3, CC-CF-7, AC-44: the referee names each skirmish's winner."""
    assert one(text, "skirmishes", "referee") == m.SkirmishResult("referee", "0403", "red")


@pytest.mark.parametrize("text", ["escaramuza 0403: batalla única", "escaramuza 0403: batalla unica",
                                  "skirmish 0403: single battle"])  # fmt: skip
def test_skirmish_agreed_single_battle(text: str) -> None:
    """CC-CF-9, AC-30: the sides of a double invasion agree on one battle."""
    expected = m.SkirmishResult(m.REFEREE, "0403", None, agreed_single_battle=True)
    assert one(text, "skirmishes", m.REFEREE) == expected


@pytest.mark.parametrize("text", ["defiendo 0403 con 1500", "defend 0403 with 1500",
                                  "defensa 0403 con 1.500 puntos", "defend 0403 with 1,500 points"])  # fmt: skip
def test_defend(text: str) -> None:
    """CC-B-33, CC-CF-5, AC-40: defence points in the reactions file."""
    assert one(text, "reactions") == m.Defend("red", "0403", 1500)


@pytest.mark.parametrize("text", ["me retiro de 0403", "retirada 0403", "withdraw 0403",
                                  "I withdraw from 0403", "retiro 0403"])  # fmt: skip
def test_withdraw(text: str) -> None:
    """CC-B-33, AC-29: any side may tell the referee it does not turn up."""
    assert one(text, "reactions") == m.Withdraw("red", "0403")


@pytest.mark.parametrize("text", ["invasión 0403 con 1500", "invasion 0403 con 1500",
                                  "invade 0403 with 1500"])  # fmt: skip
def test_redeploy(text: str) -> None:
    """CC-B-31, AC-39: an invader announces its deployment change with its reactions."""
    assert one(text, "reactions") == m.Redeploy("red", "0403", 1500)


def test_one_reactions_file_holds_every_reaction() -> None:
    """CC-B-33, AC-45: one document with every reaction, read in order."""
    text = "defiendo 0403 con 1500\nme retiro de 0303\ninvasión 0503 con 1000\n"
    assert parse(text, "reactions").lines == (
        m.Defend("red", "0403", 1500),
        m.Withdraw("red", "0303"),
        m.Redeploy("red", "0503", 1000),
    )


# --- battles ------------------------------------------------------------------------

_ES_EN_RESULTS = [
    ("batalla 0403: gana rojo, marginal", m.ResultClass.MARGINAL),
    ("battle 0403: red wins, marginal", m.ResultClass.MARGINAL),
    ("batalla 0403: gana rojo, decisiva", m.ResultClass.DECISIVE),
    ("battle 0403: red wins, decisive", m.ResultClass.DECISIVE),
    ("batalla 0403: gana rojo, masacre", m.ResultClass.MASSACRE),
    ("battle 0403: Red wins, massacre", m.ResultClass.MASSACRE),
]


@pytest.mark.parametrize(("text", "result"), _ES_EN_RESULTS)
def test_battle_result(text: str, result: m.ResultClass) -> None:
    """CC-B-15, AC-34: the referee enters each battle's result class."""
    assert one(text, "battles", m.REFEREE) == m.BattleResult(m.REFEREE, "0403", "red", result)


@pytest.mark.parametrize("text", ["batalla 0403: empate", "battle 0403: draw"])
def test_battle_draw(text: str) -> None:
    """CC-B-15, AC-34: a draw has no winner."""
    expected = m.BattleResult(m.REFEREE, "0403", None, m.ResultClass.DRAW)
    assert one(text, "battles", m.REFEREE) == expected


@pytest.mark.parametrize("text", ["batalla 0403: rojo sobre azul, masacre",
                                  "battle 0403: red over blue, massacre",
                                  "batalla 0403: rojo vence a azul, masacre"])  # fmt: skip
def test_three_sided_pair(text: str) -> None:
    """CC-B-20, AC-32, AC-34: one line per pair of a three-sided battle."""
    expected = m.BattleResult(m.REFEREE, "0403", "red", m.ResultClass.MASSACRE, "blue")
    assert one(text, "battles", m.REFEREE) == expected


@pytest.mark.parametrize(
    "text", ["batalla 0403: rojo y azul, empate", "battle 0403: red and blue, draw"]
)
def test_three_sided_pair_drawn(text: str) -> None:
    """CC-B-20, AC-33, AC-34: a pair of a three-sided battle may draw."""
    expected = m.BattleResult(m.REFEREE, "0403", "red", m.ResultClass.DRAW, "blue")
    assert one(text, "battles", m.REFEREE) == expected


@pytest.mark.parametrize(
    "text", ["puntos 0403 rojo 1503", "points 0403 red 1503", "puntos 0403: Rojo 1.503"]
)
def test_fielded(text: str) -> None:
    """CC-B-11, AC-41, AC-46: the points a side actually fielded."""
    assert one(text, "battles", m.REFEREE) == m.Fielded(m.REFEREE, "0403", "red", 1503)


@pytest.mark.parametrize("text", ["descalifica 0403 rojo", "disqualify 0403 red"])
def test_disqualify(text: str) -> None:
    """CC-B-24, CC-B-25: a disqualified side loses by massacre."""
    assert one(text, "battles", m.REFEREE) == m.Disqualify(m.REFEREE, "0403", "red")


@pytest.mark.parametrize(
    ("text", "kind", "amount", "hex_", "reason"),
    [("castigo rojo derrota 0403: insultos", m.PenaltyKind.FORCED_LOSS, 0, "0403", "insultos"),
     ("penalty red loss 0403: rude mail", m.PenaltyKind.FORCED_LOSS, 0, "0403", "rude mail"),
     ("castigo rojo multa 500: Llegó tarde", m.PenaltyKind.FINE, 500, None, "Llegó tarde"),
     ("penalty red fine 1.000: late", m.PenaltyKind.FINE, 1000, None, "late"),
     ("castigo rojo expulsión: abandono", m.PenaltyKind.REMOVAL, 0, None, "abandono"),
     ("castigo rojo expulsion: abandono", m.PenaltyKind.REMOVAL, 0, None, "abandono"),
     ("penalty red removal: gone for good", m.PenaltyKind.REMOVAL, 0, None, "gone for good")],
)  # fmt: skip
def test_penalty(
    text: str, kind: m.PenaltyKind, amount: int, hex_: str | None, reason: str
) -> None:
    """AC-50, CC-A-4: a forced loss, a fine or a removal, with its reason as written."""
    expected = m.Penalty(m.REFEREE, "red", kind, reason, amount, hex_)
    assert one(text, "battles", m.REFEREE) == expected


# --- sources, comments, blank lines -------------------------------------------------


def test_every_line_keeps_its_source() -> None:
    """AC-27: each declaration carries file, line number and text; blank lines
    and comments are skipped but keep the numbering."""
    text = "# my moves\n\n0303 -> 0403   # east\n  desde 0303 al sur\n"
    parsed = parse(text, "movement")
    assert parsed.issues == ()
    assert [line.source for line in parsed.lines] == [
        Source("red.txt", 3, "0303 -> 0403   # east", 1),
        Source("red.txt", 4, "  desde 0303 al sur", 3),
    ]


def test_a_first_line_from_a_hex_is_no_mail_header() -> None:
    """CC-MV-8, AC-27: `from 0303 south` opening a file is a move, not an
    mbox `From ` line dropped with the mail headers."""
    parsed = parse("From 0303 south\n0303 -> 0403\n", "movement")
    assert parsed.lines == (m.LandMove("red", "0303", "0304"), m.LandMove("red", "0303", "0403"))


def test_lines_and_issues_in_one_file() -> None:
    """AC-26, AC-27: an unreadable line is an issue; the other lines still count."""
    parsed = parse("0303 -> 0403\n0303 -> 0430\n1. desde 0303 al sur.\n", "movement")
    assert [line.source.line for line in parsed.lines if line.source] == [1, 3]
    assert [found.source.line for found in parsed.issues] == [2]


def test_greetings_are_ignored_text() -> None:
    """AC-27: a line of plain prose is listed as ignored, not a problem."""
    found = issue("Hola árbitro", "economy")
    assert found.kind is IssueKind.IGNORED and not found.problem


# --- issues -------------------------------------------------------------------------


def test_unknown_hex_suggests_the_nearest_codes() -> None:
    """AC-27: `0430` is not on the map: the swapped digits `0403` come first."""
    found = issue("0303 -> 0430 invasión 1500", "movement")
    assert found.kind is IssueKind.ILLEGAL
    assert "0430" in found.message
    assert found.suggestions[0] == "0403"
    assert found.source == Source("red.txt", 1, "0303 -> 0430 invasión 1500", 9)


def test_the_books_hex_numbers_ask_for_a_code() -> None:
    """CC-MV-8, AC-27: the book's "desde mi 2 al sureste" numbers the
    player's hexes; the tool reads hex codes and says so."""
    found = issue("desde mi 2 al sureste", "movement")
    assert found.kind is IssueKind.ILLEGAL
    assert "unknown hex '2': write its code" in found.message


def test_the_books_crowns() -> None:
    """CC-E-17, AC-27: amounts as the book writes them, `2.500 Co’s`."""
    assert one("dona 2.500 Co’s a rojo", "economy") == m.GiveCrowns("red", "red", 2500)
    assert one("dona 2.500 CO's a rojo", "economy") == m.GiveCrowns("red", "red", 2500)


def test_far_hex_suggests_the_hexes_nearest_its_column_and_row() -> None:
    """AC-27: `0499` (row 99) suggests the hexes of column 04 nearest row 99."""
    assert issue("abandona 0499", "economy").suggestions[0] == "0405"


@pytest.mark.parametrize(
    ("text", "near"), [("dona 500 a rijo", "Red"), ("give 500 to bleu", "Blue")]
)
def test_unknown_player_suggests_the_nearest_names(text: str, near: str) -> None:
    """CC-E-13, AC-27: a misspelt player's name gives the nearest players."""
    found = issue(text, "economy")
    assert found.kind is IssueKind.ILLEGAL
    assert "unknown player" in found.message
    assert near in found.suggestions


def test_a_name_of_two_players_is_ambiguous() -> None:
    """AC-27: a name two players share reads neither."""
    names = CawaNames(NAMES.hexes, {"red": ("Red", "Rey"), "blue": ("Blue", "Rey")}, MAP.step)
    found = parse("dona 500 a rey", "economy", names=names).issues[0]
    assert found.kind is IssueKind.AMBIGUOUS
    assert set(found.suggestions) == {"Red", "Blue"}


@pytest.mark.parametrize(
    ("text", "kind", "phase"),
    [("0303 -> 0403", "economy", "movement"), ("dona 500 a rojo", "movement", "economy"),
     ("defiendo 0403 con 1500", "battles", "reactions"), ("batalla 0403: empate", "reactions", "battles"),
     ("escaramuza 0403: gana rojo", "movement", "skirmishes")],
)  # fmt: skip
def test_a_line_of_another_phase_names_its_phase(text: str, kind: str, phase: str) -> None:
    """CC-B-33, AC-27: a line written in another phase's file names its phase."""
    found = issue(text, kind)
    assert found.kind is IssueKind.ILLEGAL
    assert f"belongs in the {phase} file" in found.message
    assert f"not the {kind} one" in found.message


@pytest.mark.parametrize("text", ["0303 -> 0403 invasión", "desde 0303 al sur invasion",
                                  "barco 0203 -> 0503 invasión puntos"])  # fmt: skip
def test_missing_points_after_invasion(text: str) -> None:
    """CC-MV-10, AC-27: `invasión` must be followed by its points."""
    found = issue(text, "movement")
    assert found.kind is IssueKind.SYNTAX
    assert "missing points after 'invasi" in found.message


def test_missing_defence_points() -> None:
    """CC-CF-5, AC-40: a defence names its points."""
    assert "missing points" in issue("defiendo 0403", "reactions").message


@pytest.mark.parametrize(("text", "kind"), [("0303 -> 0403 invasión 1.50", "movement"),
                                            ("dona 1,5000 a rojo", "economy"),
                                            ("puntos 0403 rojo 15.03", "battles")])  # fmt: skip
def test_bad_number(text: str, kind: str) -> None:
    """AC-27: a malformed number is an issue, not a guess."""
    found = issue(text, kind)
    assert found.kind is IssueKind.SYNTAX
    assert "number" in found.message


def test_direction_off_the_map() -> None:
    """CC-MV-8, AC-27: a direction that leads off the map is an issue."""
    found = issue("desde 0101 al norte", "movement")
    assert found.kind is IssueKind.ILLEGAL
    assert "off the map" in found.message


@pytest.mark.parametrize(("text", "kind", "near"), [("donna 500 a rojo", "economy", "'dona'"),
                                                    ("defiendd 0403 con 1500", "reactions", "'defiendo'"),
                                                    ("terreno 0403 bosqe", "economy", "'bosque'"),
                                                    ("desde 0303 al surest", "movement", "'sureste'"),
                                                    ("0303 -> 0403 invasoin 1500", "movement", "'invasion'"),
                                                    ("batalla 0403: gana rojo, decisva", "battles", "'decisiva'")])  # fmt: skip
def test_misspelt_keyword_suggests_the_nearest(text: str, kind: str, near: str) -> None:
    """AC-27: a misspelt keyword gives the nearest keywords."""
    found = issue(text, kind)
    assert found.kind is IssueKind.SYNTAX
    assert near in found.suggestions


@pytest.mark.parametrize("text", ["castigo rojo multa 500", "castigo rojo multa 500:   ",
                                  "penalty red removal"])  # fmt: skip
def test_penalty_needs_its_reason(text: str) -> None:
    """AC-50: every penalty is recorded with its reason."""
    assert "reason" in issue(text, "battles").message


def test_battle_needs_its_result_class() -> None:
    """CC-B-15, AC-34: a battle with a winner names its result class."""
    assert "result" in issue("batalla 0403: gana rojo", "battles").message


def test_issue_quotes_file_line_and_text() -> None:
    """AC-27: every issue quotes the file, the line number and the text."""
    found = parse("0303 -> 0403\n\n  0303 -> 0999\n", "movement").issues[0]
    assert (found.source.file, found.source.line, found.source.text) == (
        "red.txt",
        3,
        "  0303 -> 0999",
    )
    assert "red.txt, line 3" in found.render()


# --- robustness ---------------------------------------------------------------------

_KINDS = st.sampled_from(["economy", "movement", "skirmishes", "reactions", "battles"])
_PIECES = st.sampled_from(
    ["0303", "0403", "0430", "->", "a", "invasión", "1.500", "1,5", ":", ",", "rojo", "gana",
     "desde", "al", "sureste", "barco", "por", "flota", "desembarca", "castigo", "multa",
     "batalla", "sobre", "y", "empate", "masacre", "gana", "puntos", "derrota", "#", "\n", "dona", "terreno", "bosque", "escaramuza", "única"]
)  # fmt: skip


@settings(max_examples=300)
@given(text=st.text(), kind=_KINDS)
def test_never_raises_on_any_text(text: str, kind: str) -> None:
    """AC-27: any text reads as declarations and issues, never an exception;
    every issue quotes a line of the text."""
    parsed = parse(text, kind)
    lines = text.split("\n")
    for found in parsed.issues:
        assert found.source.text == lines[found.source.line - 1].rstrip("\r")


_LINES = [
    "dona 500 a rojo", "dona a rojo 0403", "terreno 0403 bosque", "castillo 0403",
    "0303 -> 0403 invasión 1500", "desde 0303 al sureste invasión 1000",
    "barco 0203 por 0202 0302 -> 0503 invasión 1000", "flota 0701 -> 0601 desembarca 0202",
    "escaramuza 0403: gana rojo", "escaramuza 0403: batalla única", "defiendo 0403 con 1500",
    "me retiro de 0403", "batalla 0403: rojo sobre azul, masacre", "batalla 0403: empate",
    "puntos 0403 rojo 1503", "castigo rojo multa 500: motivo", "castigo rojo derrota 0403: x",
]  # fmt: skip


@st.composite
def _near_lines(draw: st.DrawFn) -> str:
    """A declaration with words dropped, repeated or replaced."""
    words = draw(st.sampled_from(_LINES)).split()
    for _ in range(draw(st.integers(0, 3))):
        at = draw(st.integers(0, len(words)))
        edit = draw(st.sampled_from(["drop", "insert", "replace"]))
        piece = draw(_PIECES)
        if edit == "insert" or not words:
            words.insert(at, piece)
        elif edit == "drop":
            del words[min(at, len(words) - 1)]
        else:
            words[min(at, len(words) - 1)] = piece
    return " ".join(words)


@settings(max_examples=1000)
@given(lines=st.lists(_near_lines(), min_size=1, max_size=4), kind=_KINDS)
def test_never_raises_on_near_declarations(lines: list[str], kind: str) -> None:
    """AC-27: declarations with words dropped, repeated or replaced never
    raise either; each line gives at most one declaration or issue."""
    text = "\n".join(lines)
    parsed = parse(text, kind)
    assert len(parsed.lines) + len(parsed.issues) <= text.count("\n") + 1


def test_a_hostile_line_is_read_in_bounded_time() -> None:
    """AC-27 (Trust #9): a line of 30,000 words gives one issue (the player
    lookup drops at most two leading articles and tries at most
    `MOST_NAME_WORDS` words: a bounded number of look-ups, whatever the line)."""
    parsed = parse("dona 500 a " + "la " * 30000 + "x", "economy")
    assert len(parsed.issues) == 1 and parsed.issues[0].kind is IssueKind.ILLEGAL


def test_a_player_name_may_hold_a_number() -> None:
    """CC-E-13, AC-27: generated kingdoms are called `Reino 7`; the name is the
    longest run of words and numbers that names a player, so the amount after
    it is still read."""
    kingdoms = replace(NAMES, players={"player7": ("Reino 7",), "player1": ("Reino 1",)})
    given = parse("dona 1000 a Reino 7", "economy", power="player1", names=kingdoms)
    assert given.lines == (m.GiveCrowns("player1", "player7", 1000),)
    first = parse("dona a Reino 7 500", "economy", power="player1", names=kingdoms)
    assert first.lines == (m.GiveCrowns("player1", "player7", 500),)
    wrong = parse("dona 1000 a Reino 9", "economy", power="player1", names=kingdoms)
    assert wrong.lines == () and "Reino 7" in wrong.issues[0].render()
