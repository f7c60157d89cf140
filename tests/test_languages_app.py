"""Issue 19, languages: what the app itself prints for the GM (its commands'
output and errors: game.yaml, phases, order file bytes, options, map files)
in Spanish and Catalan without an English word, `--lang` first, then
game.yaml's `language`, then `$MAPJUDGE_LANG`; English byte for byte as before."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import Result

from adjudicator.app.gamefolder import GameFolderError, load_config
from adjudicator.app.registry import find_ruleset
from adjudicator.core.messages import message_of
from adjudicator.core.options import OptionError, build_options
from adjudicator.core.order_text import file_issues
from adjudicator.core.phase import Phase
from adjudicator.kits.sheets.reader import SheetReader
from maps.loader import MapError, load_map_data
from tests.cli_runner import new_game, run
from tests.languages import english_words
from texts import tr, using

LANGS = ("es", "ca")

CODES = re.compile(
    r"\((?:known|conocidas|conegudes|seasons|estaciones|estacions): [^)]*\)"
    r"|\b\d+-[a-z]+(?:-[a-z]+)?\b"
    r"|(?<=\.yaml: )[\w.\[\]]+ "
)
"""What an error or a report line gives as codes, never translated: the lists
of game.yaml keys, option names and season ids; phase ids (the state files'
names, `1901-spring-movement`); the key of a map file an error names."""


def readable(text: str, folder: Path | None = None) -> str:
    """`text` without what is never translated: the test's `folder` in paths,
    the file name `game.yaml` and the codes (`CODES`)."""
    if folder is not None:
        text = text.replace(str(folder), "")
    return CODES.sub("", text.replace("game.yaml", ""))


def bad_order_file(folder: Path) -> Path:
    path = folder / "bad.txt"
    path.write_bytes(b"A Vie - Bud\x00\n\xff\n" + b"x" * 600 + b"\n")
    return path


def session(tmp_path: Path, lang: str) -> list[Result]:
    """Several commands on a new game, most of them failing, all with `--lang`."""
    game = tmp_path / "g"
    results = [new_game(game, "classic", "--lang", lang)]
    results.append(run("new", "classic", tmp_path / "h", "--option", "bogus=1", "--lang", lang))
    results.append(run("show", game, "--lang", lang))
    results.append(run("render", game, "--phase", "19o1", "--lang", lang))
    results.append(run("render", game, "--phase", "1901-sommer-movement", "--lang", lang))
    results.append(run("check", game, bad_order_file(tmp_path), "--lang", lang))
    results.append(run("check", game, tmp_path / "missing.txt", "--lang", lang))
    yaml_text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(yaml_text + "bogus: 1\n", encoding="utf-8")
    results.append(run("show", game, "--lang", lang))
    (game / "game.yaml").write_text(
        yaml_text.replace("map: classic", "map: broken.yaml"), encoding="utf-8"
    )
    (game / "broken.yaml").write_text("format: mapjudge-map\nversion: 1\n", encoding="utf-8")
    results.append(run("show", game, "--lang", lang))
    (game / "broken.yaml").write_text("format: [\n", encoding="utf-8")
    results.append(run("show", game, "--lang", lang))
    (game / "game.yaml").write_text(
        yaml_text.replace("options: {}", "options:\n  bogus: 1"), encoding="utf-8"
    )
    results.append(run("show", game, "--lang", lang))
    (game / "game.yaml").write_text(yaml_text, encoding="utf-8")
    results.append(run("verify", game, "--lang", lang))
    results.append(run("undo", game, "--lang", lang))
    results.append(run("adjudicate", game, "--lang", lang))
    results.append(run("undo", game, "--lang", lang))
    results.append(run("send", game, "--lang", lang))
    return results


@pytest.mark.parametrize("lang", LANGS)
def test_a_session_of_commands_reads_without_english(tmp_path: Path, lang: str) -> None:
    results = session(tmp_path, lang)
    assert [r.exit_code for r in results] == [0, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 0, 0, 1]
    text = "\n".join(r.output for r in results)
    # `Itàlia`: the ASCII word pattern of tests.languages reads its first letters as "It".
    assert english_words(readable(text, tmp_path)) == []


EXPECTED = {
    "es": [
        "Error: opción desconocida 'bogus' para classic (conocidas: ",
        (
            "Error: identificador de fase incorrecto '19o1': se esperaba "
            "<año>-<estación>-<tipo> o <turno>-<tipo>\n"
        ),
        "  bad.txt, línea 1: sintaxis: carácter de control NUL (\\x00)\n",
        (
            "  bad.txt, línea 2: sintaxis: el byte 0xff no es UTF-8: el fichero se ha leído "
            "como Latin-1\n"
        ),
        "  bad.txt, línea 3: sintaxis: línea de 600 caracteres no leída (como máximo 500)\n",
        "/missing.txt: no existe ese fichero de órdenes\n",
        "/g/game.yaml: clave desconocida 'bogus' (conocidas: ",
        (
            "/g/broken.yaml: YAML no válido: línea 2, columna 1: no se ha encontrado el contenido "
            "esperado del nodo\n"
        ),
        "errores encontrados en la comprobación (estructura):\n  - ",
        "compromiso: correcto\n",
        "Error: {g}: no hay nada que deshacer (solo está el primer turno)\n",
        "eliminada 1901-fall-movement; la fase actual vuelve a ser 1901-spring-movement\n",
        (
            "Error: {g}/game.yaml: no hay ajustes de correo: añada "
            "'mail: {{smtp_host: ..., from: ...}}'\n"
        ),
    ],
    "ca": [
        "Error: opció desconeguda 'bogus' per a classic (conegudes: ",
        (
            "Error: identificador de fase incorrecte '19o1': s'esperava "
            "<any>-<estació>-<tipus> o <torn>-<tipus>\n"
        ),
        "  bad.txt, línia 1: sintaxi: caràcter de control NUL (\\x00)\n",
        (
            "  bad.txt, línia 2: sintaxi: el byte 0xff no és UTF-8: el fitxer s'ha llegit "
            "com a Latin-1\n"
        ),
        "  bad.txt, línia 3: sintaxi: línia de 600 caràcters no llegida (com a màxim 500)\n",
        "/missing.txt: no existeix aquest fitxer d'ordres\n",
        "/g/game.yaml: clau desconeguda 'bogus' (conegudes: ",
        (
            "/g/broken.yaml: YAML no vàlid: línia 2, columna 1: no s'ha trobat el contingut "
            "esperat del node\n"
        ),
        "compromís: correcte\n",
        "Error: {g}: no hi ha res a desfer (només hi ha el primer torn)\n",
        "eliminada 1901-fall-movement; la fase actual torna a ser 1901-spring-movement\n",
        (
            "Error: {g}/game.yaml: no hi ha ajustos de correu: afegiu "
            "'mail: {{smtp_host: ..., from: ...}}'\n"
        ),
    ],
}


@pytest.mark.parametrize("lang", LANGS)
def test_the_session_says_exactly(tmp_path: Path, lang: str) -> None:
    text = "\n".join(r.output for r in session(tmp_path, lang))
    for expected in EXPECTED[lang]:
        assert expected.format(g=tmp_path / "g") in text


def test_a_broken_map_file_is_told_in_the_gms_language(tmp_path: Path) -> None:
    game = tmp_path / "g"
    new_game(game, "classic")
    yaml_text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(
        yaml_text.replace("map: classic", "map: broken.yaml") + "language: ca\n", encoding="utf-8"
    )
    (game / "broken.yaml").write_text("format: mapjudge-map\nversion: 1\n", encoding="utf-8")
    result = run("show", game)
    assert result.exit_code == 1
    assert result.output.startswith("Error: 3 errors trobats en la comprovació (estructura):\n  - ")
    assert (
        f"\n  - {game}/broken.yaml: borders falta (indiqueu zones i fronteres, o una quadrícula)\n"
        in (result.output)
    )
    assert english_words(readable(result.output, tmp_path)) == []


def test_the_same_session_in_english_is_as_before(tmp_path: Path) -> None:
    text = "\n".join(r.output for r in session(tmp_path, "en"))
    g = tmp_path / "g"
    for expected in (
        "Error: unknown option 'bogus' for classic (known: ",
        "Error: bad phase id '19o1': expected <year>-<season>-<kind> or <turn>-<kind>\n",
        (
            "Error: bad phase id '1901-sommer-movement': unknown season (seasons: spring, fall, "
            "winter)\n"
        ),
        "  bad.txt, line 1: syntax: control character(s) NUL (\\x00)\n",
        "  bad.txt, line 2: syntax: byte 0xff is not UTF-8: the file was read as Latin-1\n",
        "  bad.txt, line 3: syntax: line of 600 characters not read (at most 500)\n",
        f"Error: {tmp_path}/missing.txt: no such order file\n",
        f"Error: {g}/game.yaml: unknown key 'bogus' (known: name, ruleset, map, ",
        "commitment: ok\n",
        "all 1 check(s) passed\n",
        f"Error: {g}: nothing to undo (only the first turn is there)\n",
        "removed 1901-fall-movement; the current phase is 1901-spring-movement again\n",
        "Game: g\nRuleset: ",
        "Phase: 1901-spring-movement\n",
    ):
        assert expected in text


def test_the_games_language_then_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = tmp_path / "g"
    new_game(game, "classic")
    with (game / "game.yaml").open("a", encoding="utf-8") as handle:
        handle.write("language: ca\n")
    missing = run("check", game, tmp_path / "missing.txt")
    assert missing.output == f"Error: {tmp_path}/missing.txt: no existeix aquest fitxer d'ordres\n"
    chosen = run("check", game, tmp_path / "missing.txt", "--lang", "es")
    assert chosen.output == f"Error: {tmp_path}/missing.txt: no existe ese fichero de órdenes\n"
    assert run("show", tmp_path / "nope").output == f"Error: {tmp_path}/nope: no such game folder\n"
    monkeypatch.setenv("MAPJUDGE_LANG", "es")
    nowhere = run("show", tmp_path / "nope")
    assert nowhere.output == f"Error: {tmp_path}/nope: no existe esa carpeta de partida\n"
    english = run("show", tmp_path / "nope", "--lang", "en")
    assert english.output == f"Error: {tmp_path}/nope: no such game folder\n"


# --- the messages themselves, told when printed ---------------------------------------


def test_order_file_issues_in_each_language() -> None:
    issues = file_issues("f.txt", b"A Vie\x1b - Bud\n\xe9\n")
    assert [i.text for i in issues] == [
        "byte 0xe9 is not UTF-8: the file was read as Latin-1",
        "control character(s) ESC (\\x1b)",
    ]
    with using("es", "classic"):
        assert [i.text for i in issues] == [
            "el byte 0xe9 no es UTF-8: el fichero se ha leído como Latin-1",
            "carácter de control ESC (\\x1b)",
        ]
    with using("ca", "classic"):
        first = issues[1].render().splitlines()[0]
        assert first == "f.txt, línia 1: sintaxi: caràcter de control ESC (\\x1b)"


def test_option_errors_in_each_language() -> None:
    classic = find_ruleset("classic")
    with pytest.raises(OptionError) as caught:
        classic.check_options({"civil_disorder": "sometimes"})
    message = message_of(caught.value)
    with using("es"):
        assert tr(message).startswith(
            "valor de opción incorrecto para classic: la opción 'civil_disorder' vale "
            "'sometimes', se esperaba "
        )
    with pytest.raises(OptionError) as unknown:
        build_options("classic", type(classic.options({})), {}, None, "nope")
    with using("ca"):
        assert tr(message_of(unknown.value)) == (
            "preajust desconegut 'nope' per a classic (coneguts: cap)"
        )


def test_game_yaml_errors_in_each_language(tmp_path: Path) -> None:
    game = tmp_path / "g"
    new_game(game, "classic")
    path = game / "game.yaml"
    path.write_text(
        path.read_text(encoding="utf-8") + "deadlines:\n  1901-spring-movement: soon\n",
        encoding="utf-8",
    )
    with pytest.raises(GameFolderError) as caught:
        load_config(game)
    with using("es"):
        assert tr(message_of(caught.value)) == (
            f"{path}: clave 'deadlines.1901-spring-movement': 'soon' no es una fecha y hora "
            "ISO-8601 con su desfase horario (p. ej. 2026-12-01T20:00:00+01:00)"
        )


def test_phase_titles_and_errors_in_each_language() -> None:
    phase = Phase(1901, "fall", "retreat")
    assert phase.local_title == phase.title == "Fall 1901 retreat"
    with using("es"):
        assert phase.local_title == "Otoño de 1901, retirada"
    with using("ca"):
        assert Phase(3, None, "actions").local_title == "Torn 3, accions"
    with pytest.raises(ValueError) as caught:
        Phase.parse("1901")
    with using("ca"):
        assert tr(message_of(caught.value)) == (
            "identificador de fase incorrecte '1901': s'esperava <any>-<estació>-<tipus> "
            "o <torn>-<tipus>"
        )


def test_map_and_sheet_errors_in_each_language() -> None:
    with pytest.raises(MapError) as caught:
        load_map_data({"format": "mapjudge-map", "version": 1}, "m.yaml")
    with using("es"):
        told = tr(message_of(caught.value))
    assert told.startswith("m.yaml: ") or "errores encontrados en la comprobación" in told
    assert english_words(readable(told)) == []
    reader = SheetReader("spain.yaml")
    reader.number(("characteristics.force", 12), 1, 10, "a characteristic")
    reader.section({"forse": 3}, "characteristics", {"force": ()})
    with using("ca"):
        assert [str(issue) for issue in reader.issues] == [
            "spain.yaml: characteristics.force: 12 és més gran que 10 (a characteristic)",
            (
                "spain.yaml: characteristics.forse: clau desconeguda (s'esperava force) "
                "(volíeu dir force?)"
            ),
        ]
