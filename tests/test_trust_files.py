"""Issue 11 "Trust", the files part: every state, game.yaml and order file is
checked when read (Trust #7), option values are type-checked (Trust #8), and
every input is bounded (Trust #9). Each test failed on the code before."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from click.testing import Result

from adjudicator.app import gamefolder as gf
from adjudicator.core.options import OptionError, build_options
from adjudicator.core.plugin import OrderFile
from adjudicator.rulesets.classic.ruleset import CLASSIC, ClassicOptions
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.machiavelli.ruleset import MachiavelliOptions
from maps import load_map
from maps.safe_yaml import YamlProblem, load_yaml
from tests.cli_runner import run

ROOT = Path(__file__).resolve().parent.parent
CLASSIC_STATE = (ROOT / "examples/classic-1901/turns/1901-spring-movement.yaml").read_text()
MACHIAVELLI_STATE = (ROOT / "examples/machiavelli-1454/turns/1454-spring-movement.yaml").read_text()
GENES = ROOT / "examples/genes-3-players"
GENES_STATE = (GENES / "turns/1-actions.yaml").read_text()

ALIAS_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)
)


def resolve(
    tmp_path: Path, state: str | bytes, orders: str | bytes = "", ruleset: str = "classic"
) -> Result:
    position = tmp_path / "position.yaml"
    order_file = tmp_path / "orders.txt"
    for path, data in ((position, state), (order_file, orders)):
        path.write_bytes(data.encode() if isinstance(data, str) else data)
    extra = ["--secret-file", GENES / gf.SECRET_FILE] if ruleset == "genes" else []
    return run(
        "resolve", "--ruleset", ruleset, "--position", position, "--orders", order_file, *extra
    )


def refused(result: Result, *words: str) -> str:
    """The one-line error of a refused input: exit 1, no internal error, each word in it."""
    assert result.exit_code == 1, result.output
    assert "internal error" not in result.output
    for word in words:
        assert word in result.stderr, result.stderr
    return str(result.stderr)


# --- Trust #7: states are checked against the map and the ruleset ----------------------


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("A PAR", "A PRA", ["position.yaml", "units.france: unknown area 'PRA'", "PAR (Paris)"]),
        ("F BRE", "A NTH", ["an army cannot stand at sea"]),
        ("F BRE", "F BUR", ["a fleet cannot stand inland"]),
        ("F STP/sc", "F STP", ["a fleet there stands on one of STP/nc, STP/sc"]),
        ("A MAR", "A PAR", ["PAR already holds france's A PAR"]),
        ("  - PAR\n", "  - PAR\n  - BUR\n", ["supply_centers.france: BUR is not a supply centre"]),
        ("  - PAR\n", "  - PAR\n  - XYZ\n", ["supply_centers.france: unknown area 'XYZ'"]),
        ("france:\n  - A", "frnace:\n  - A", ["unknown power 'frnace'"]),
        ("A PAR", "G PAR", ["this ruleset has no garrisons"]),
        ("- A PAR", "- PAR", ["'PAR' is not a unit"]),
        ("phase:", "phaze:", ["unknown key 'phaze'"]),
    ],
)
def test_a_state_that_does_not_fit_the_map_is_refused(
    tmp_path: Path, old: str, new: str, words: list[str]
) -> None:
    """Trust #7: an unknown area was "internal error: KeyError", two units in one
    area lost one silently, an army at sea and an unknown centre were accepted."""
    assert old in CLASSIC_STATE
    refused(resolve(tmp_path, CLASSIC_STATE.replace(old, new, 1)), *words)


def test_a_truncated_state_is_refused(tmp_path: Path) -> None:
    """Trust #7: a state cut to 200 bytes was accepted (three powers' units gone)."""
    refused(resolve(tmp_path, CLASSIC_STATE[:200]), "missing key 'supply_centers'")
    no_phase = CLASSIC_STATE.replace("phase: 1901-spring-movement\n", "")
    refused(resolve(tmp_path, no_phase), "missing key 'phase'")
    refused(resolve(tmp_path, CLASSIC_STATE[:40]), "position.yaml")


@pytest.mark.parametrize(
    "text",
    [
        "phase: 1901-spring-movement\nunits: [A PAR]\nsupply_centers: {}\n",
        "phase: 1901-spring-movement\nunits: {france: A PAR}\nsupply_centers: {}\n",
        "phase: 1901-spring-movement\nunits: {france: [[A PAR]]}\nsupply_centers: {}\n",
        "phase: 1901-spring-movement\nunits: {}\nsupply_centers: {france: PAR}\n",
        "phase: 1901-spring-movement\nunits: {}\nsupply_centers: {}\ndislodged: [3]\n",
        "phase: 1901-spring-movement\nunits: {}\nsupply_centers: {}\nwinner: [x]\n",
        "phase: [1901]\nunits: {}\nsupply_centers: {}\n",
    ],
)
def test_a_malformed_state_is_refused(tmp_path: Path, text: str) -> None:
    """Trust #7: a malformed structure is a one-line error naming the file."""
    refused(resolve(tmp_path, text), "position.yaml")


def test_every_problem_is_listed(tmp_path: Path) -> None:
    """Trust #7: all the problems of a state at once, not the first only."""
    text = CLASSIC_STATE.replace("A PAR", "A PRA").replace("F BRE", "A NTH")
    message = refused(resolve(tmp_path, text), "2 problems with the state")
    assert "unknown area 'PRA'" in message and "an army cannot stand at sea" in message


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("  - G FER\n", "  - G FER\n  - G VEN\n", ["VEN already holds"]),
        ("  - G FER\n", "  - G FER\n  - G PAR\n", ["PAR has no city for a garrison"]),
        ("  - G FER\n", "  - G FER\n  - G HUN\n", ["is not fortified: no garrison there"]),
        ("  - G FER\n", "  - G FER\n  - G FERR\n", ["unknown area 'FERR'"]),
        ("autonomous:", "autonomus:", ["unknown power 'autonomus'"]),
    ],
)
def test_machiavelli_garrisons_and_control_are_checked(
    tmp_path: Path, old: str, new: str, words: list[str]
) -> None:
    """Trust #7: a garrison only in a fortified city (003 §3.2), of a known power."""
    assert old in MACHIAVELLI_STATE
    text = MACHIAVELLI_STATE.replace(old, new, 1)
    refused(resolve(tmp_path, text, ruleset="machiavelli"), *words)


def test_machiavelli_control_on_an_unknown_area_is_refused(tmp_path: Path) -> None:
    """Trust #7: Machiavelli's own keys name areas of the map."""
    text = MACHIAVELLI_STATE.replace("control:\n", "control:\n  zzz: [ATLANTIS]\n", 1)
    refused(resolve(tmp_path, text, ruleset="machiavelli"), "'ATLANTIS'", "unknown power 'zzz'")


def test_genes_countries_must_be_the_regions(tmp_path: Path) -> None:
    """Trust #7: a genes state's countries are the region's."""
    text = GENES_STATE.replace("serra", "sierra")
    refused(resolve(tmp_path, text, ruleset="genes"), "'sierra' is not a country of region")


def test_a_bad_state_in_a_game_folder_names_the_file(tmp_path: Path) -> None:
    """Trust #7: `check`, `show`... on a folder whose state has an army at sea."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    state = gf.state_path(game, "1901-spring-movement")
    state.write_text(state.read_text().replace("F BRE", "A NTH"))
    message = refused(run("show", game), "1901-spring-movement.yaml", "army cannot stand at sea")
    assert "internal error" not in message


def test_duplicate_keys_are_refused(tmp_path: Path) -> None:
    """Trust #7/#8: `ruleset:` twice in game.yaml picked the last silently."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    config = gf.game_file(game)
    config.write_text(config.read_text() + "ruleset: machiavelli\n")
    refused(run("show", game), "game.yaml", "duplicate key 'ruleset'", "line")
    refused(resolve(tmp_path, CLASSIC_STATE + "phase: 1902-spring-movement\n"), "duplicate key")


def test_unknown_game_yaml_keys_are_refused(tmp_path: Path) -> None:
    """Trust #7: a misspelt key of game.yaml was ignored."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    config = gf.game_file(game)
    config.write_text(config.read_text() + "optoins: {victory_centers: 3}\n")
    refused(run("show", game), "unknown key 'optoins'")


# --- Trust #8: option values have their declared types --------------------------------


@pytest.mark.parametrize(
    ("options_type", "values", "expected"),
    [
        (
            ClassicOptions,
            {"victory_centers": "abc"},
            "'victory_centers' is 'abc', expected a whole number",
        ),
        (ClassicOptions, {"victory_centers": True}, "expected a whole number"),
        (ClassicOptions, {"victory_centers": 1.5}, "expected a whole number"),
        (ClassicOptions, {"civil_disorder": "dice"}, "expected one of distance_to_owned"),
        (MachiavelliOptions, {"civil_disorder": "venice"}, "expected a list of text"),
        (MachiavelliOptions, {"civil_disorder": [3]}, "expected text"),
        (GenesOptions, {"events": 1}, "expected true or false"),
        (GenesOptions, {"turns": "ten"}, "expected a whole number"),
    ],
)
def test_option_values_are_type_checked(
    options_type: type, values: dict[str, object], expected: str
) -> None:
    """Trust #8: `victory_centers=abc` was accepted and failed at the first autumn."""
    with pytest.raises(OptionError, match="bad option value") as caught:
        build_options("r", options_type, {}, values)
    assert expected in str(caught.value)


def test_good_option_values_still_convert() -> None:
    """Trust #8: an enum from its value's text, a tuple from a list."""
    assert CLASSIC.options({"civil_disorder": "distance_to_home"}).civil_disorder.value == (
        "distance_to_home"
    )
    options = build_options("m", MachiavelliOptions, {}, {"civil_disorder": ["venice", "milan"]})
    assert options.civil_disorder == ("milan", "venice")


def test_new_refuses_a_bad_option_value(tmp_path: Path) -> None:
    """Trust #8: `new --option victory_centers=abc` made a game that broke later."""
    game = tmp_path / "game"
    result = run("new", "classic", game, "--option", "victory_centers=abc")
    refused(result, "victory_centers", "'abc'", "whole number")
    assert not game.exists()


def test_a_bad_option_in_game_yaml_is_refused_when_read(tmp_path: Path) -> None:
    """Trust #8: game.yaml edited by hand is checked whenever it is read."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    config = gf.game_file(game)
    config.write_text(config.read_text().replace("options: {}", "options: {victory_centers: x}"))
    refused(run("show", game), "game.yaml", "victory_centers")


# --- Trust #9: bounded inputs -----------------------------------------------------------


def test_an_alias_bomb_is_refused_at_once(tmp_path: Path) -> None:
    """Trust #9: a YAML alias bomb in game.yaml took 3 GB in one key."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    config = gf.game_file(game)
    config.write_text(config.read_text().replace("options: {}", "options: {}\n" + ALIAS_BOMB))
    start = time.monotonic()
    refused(run("show", game), "game.yaml", "aliases")
    assert time.monotonic() - start < 2
    with pytest.raises(YamlProblem, match="aliases"):
        load_yaml("a: &x 1\nb: *x\n", "t.yaml")


def test_yaml_size_is_limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Trust #9: YAML files have a size limit the GM can raise."""
    monkeypatch.setenv("MAPJUDGE_MAX_YAML_BYTES", "100")
    refused(resolve(tmp_path, CLASSIC_STATE), "MAPJUDGE_MAX_YAML_BYTES", "bytes")
    monkeypatch.setenv("MAPJUDGE_MAX_YAML_BYTES", "1000000")
    assert resolve(tmp_path, CLASSIC_STATE, "France:\nA PAR H\n").exit_code == 0


def test_order_file_size_is_limited(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Trust #9: a 50 MB order file took 4 minutes and 2.4 GB."""
    start = time.monotonic()
    refused(resolve(tmp_path, CLASSIC_STATE, "A PAR - BUR\n" * 200_000), "MAPJUDGE_MAX_ORDER_BYTES")
    assert time.monotonic() - start < 2
    monkeypatch.setenv("MAPJUDGE_MAX_ORDER_BYTES", "10")
    refused(resolve(tmp_path, CLASSIC_STATE, "France:\nA PAR H\n"), "orders.txt")


def test_a_long_line_is_an_issue_not_a_hang(tmp_path: Path) -> None:
    """Trust #9: one 1 MB line hung for minutes (the *did you mean* search)."""
    start = time.monotonic()
    result = resolve(tmp_path, CLASSIC_STATE, "France:\nA PAR - " + "Burgundy" * 7000 + "\n")
    assert time.monotonic() - start < 2
    assert result.exit_code == 1 and "internal error" not in result.output
    assert "line of 56008 characters not read (at most 500)" in result.stdout
    start = time.monotonic()
    assert load_map("classic").suggestions("x" * 1_000_000) == ()
    assert time.monotonic() - start < 1


def test_control_characters_are_shown_escaped(tmp_path: Path) -> None:
    """Trust #9: ANSI escapes and NULs from an order file reached the terminal raw."""
    result = resolve(tmp_path, CLASSIC_STATE, "France:\nA PAR - \x1b[2J\x1b[31mBUR\x00\n")
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\x00" not in result.output
    assert "\\x1b[31m" in result.stdout
    assert "control character(s) NUL (\\x00), ESC (\\x1b)" in result.stdout


def test_a_file_with_control_characters_keeps_the_silent_powers(tmp_path: Path) -> None:
    """Trust #9 with #6: naming a file's control characters must not lose the
    list of powers that sent no orders."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    mail = tmp_path / "england.txt"
    mail.write_text("F London - North Sea\n\x1b[31m\n", encoding="utf-8")
    result = run("check", game, mail)
    assert "control character" in result.stdout
    assert "No orders from: Austria, France, Germany, Italy, Russia, Turkey" in result.stdout


def test_undecodable_bytes_are_named(tmp_path: Path) -> None:
    """Trust #9: a file that is not UTF-8 was read as Latin-1 silently."""
    result = resolve(
        tmp_path, CLASSIC_STATE, "France:\nA PAR - BUR\nA MAR - Borgo\xf1a\n".encode("latin-1")
    )
    assert "line 3" in result.stdout
    assert "byte 0xf1 is not UTF-8: the file was read as Latin-1" in result.stdout
    assert OrderFile("x.txt", b"A PAR H\n").issues == ()


def test_a_map_that_never_ends_is_refused(tmp_path: Path) -> None:
    """Trust #9/#10: `map: /dev/zero` in game.yaml would be read without end: a
    map outside the game folder is refused before anything is read."""
    game = tmp_path / "game"
    assert run("new", "classic", game).exit_code == 0
    config = gf.game_file(game)
    config.write_text(config.read_text().replace("map: classic", "map: /dev/zero"))
    start = time.monotonic()
    refused(run("show", game), "/dev/zero", "not a path")
    assert time.monotonic() - start < 2


def test_sheets_and_regions_use_the_safe_loader(tmp_path: Path) -> None:
    """Trust #7/#9: a genes sheet with a key twice, a region file with an alias."""
    from adjudicator.rulesets.genes.sheets import read_sheet
    from maps.genes.region import load_region
    from maps.loader import MapError

    region = load_region("peninsula")
    sheet = tmp_path / "ponent.yaml"
    sheet.write_text("country: ponent\nrelevance: medium\ncountry: serra\n")
    [issue] = read_sheet(sheet, region).issues
    assert issue.key == "line 3" and "duplicate key 'country'" in str(issue)
    bomb = tmp_path / "bomb.yaml"
    bomb.write_text(ALIAS_BOMB)
    with pytest.raises(MapError, match="aliases"):
        load_region(bomb)
