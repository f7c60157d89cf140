"""narrativo's sheets on disk (`sheet_files`): the game's sheet file
`juego.yaml` with the lists of attributes and skills, one file per character,
keys in Spanish or English, and every problem a SheetIssue naming the file,
the key as written and the nearest names."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from adjudicator.rulesets.narrativo.sheet import Character, Condition, HistoricalMoral, SheetBook
from adjudicator.rulesets.narrativo.sheet_files import (
    MAX_SHEET_BYTES,
    SheetProblems,
    read_book,
    read_character,
    read_sheets,
)

BOOK = """\
atributos:
  Fuerza: [Strength]
  Destreza: [Dexterity]
  Resistencia: [Stamina]
  Astucia: [Wits]
  Manipulación: [Manipulation]
habilidades:
  Atletismo: [Athletics]
  Pelea: Brawl
  Esquivar: [Dodge]
  Subterfugio:
"""
DREYER = """\
nombre: Hans Dreyer
jugador: ana
alias: [Dreyer]
escuadra: Comando 4
rango: {nombre: Cabo, nivel: 2}
atributos: {Fuerza: 3, Destreza: 3, Resistencia: 3, Astucia: 2, Manipulación: 1}
habilidades: {Atletismo: 2, Esquivar: 1}
voluntad: 5
voluntad_gastada: 1
liderazgo: 2
moral: 14
moral_historico: {valor: 3, momento: "1943, Túnez"}
fatiga: 4
aplomo: 2
penalizacion_salud: 1
carga: 25
estado: bien
notas: [Lleva la radio]
"""
CENTINELA = """\
nombre: Centinela
atributos: {Fuerza: 2, Destreza: 2, Resistencia: 2, Astucia: 3, Manipulación: 1}
voluntad: 3
liderazgo: 0
moral: 10
aplomo: 1
"""


def book() -> SheetBook:
    found, issues = read_book(yaml.safe_load(BOOK), "juego.yaml")
    assert issues == () and found is not None
    return found


def character(text: str, file: str = "dreyer.yaml", the_book: str = BOOK) -> Character:
    found_book, _ = read_book(yaml.safe_load(the_book), "juego.yaml")
    assert found_book is not None
    found, issues = read_character(yaml.safe_load(text), file, found_book)
    assert issues == () and found is not None
    return found


def problems(text: str, file: str = "dreyer.yaml", the_book: str = BOOK) -> list[str]:
    found_book, _ = read_book(yaml.safe_load(the_book), "juego.yaml")
    assert found_book is not None
    found, issues = read_character(yaml.safe_load(text), file, found_book)
    assert found is None
    return [str(i) for i in issues]


def with_lines(text: str, **lines: Any) -> str:
    """The sheet with each key's line replaced (None: removed)."""
    kept = [line for line in text.splitlines() if line.split(":")[0] not in lines]
    return "\n".join([*kept, *(f"{k}: {v}" for k, v in lines.items() if v is not None)]) + "\n"


def folder(tmp_path: Path, **files: str) -> Path:
    for name, text in files.items():
        (tmp_path / name.replace("__", ".")).write_text(text, encoding="utf-8")
    return tmp_path


# --- the game's sheet file ----------------------------------------------------------------


def test_the_book_lists_attributes_and_skills_with_their_spellings() -> None:
    """The lists come from juego.yaml (part I, with the sheet, is missing): each
    name with its other spellings, a single spelling or none accepted."""
    found = book()
    assert list(found.attributes) == [
        "Fuerza",
        "Destreza",
        "Resistencia",
        "Astucia",
        "Manipulación",
    ]
    assert found.attributes["Fuerza"] == ("Strength",)
    assert dict(found.skills) == {
        "Atletismo": ("Athletics",),
        "Pelea": ("Brawl",),
        "Esquivar": ("Dodge",),
        "Subterfugio": (),
    }


def test_the_book_reads_english_keys() -> None:
    """`attributes` and `skills` are the English spellings of the book's keys."""
    found, issues = read_book({"attributes": {"Fuerza": None}, "skills": {"Pelea": []}}, "j.yaml")
    assert issues == ()
    assert found == SheetBook({"Fuerza": ()}, {"Pelea": ()})


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (
            {"atributos": {"Fuerza": ["Strength"]}, "habilidades": {"Pelea": ["strength"]}},
            (
                "juego.yaml: habilidades.Pelea: 'strength' is also Fuerza's spelling:"
                " one name, one thing"
            ),
        ),
        (
            {"atributos": {"Fuerza": []}, "habilidades": {"Voluntad": []}},
            "juego.yaml: habilidades.Voluntad: 'Voluntad' is the sheet's own Voluntad, not a skill",
        ),
        (
            {"atributos": {"Fuerza": []}, "habilidades": {"Pelea": ["Resistencia"]}},
            (
                "juego.yaml: habilidades.Pelea: 'Resistencia' is the sheet's own Resistencia,"
                " not a skill"
            ),
        ),
        (
            {"atributos": {"Fuerza": []}},
            "juego.yaml: habilidades: missing: the game's skills and their spellings",
        ),
        (
            {"atributos": {"Fuerza": []}, "habilidades": {"Pelea": []}, "habilidad": 1},
            (
                "juego.yaml: habilidad: unknown key (expected atributos, habilidades)"
                " (did you mean habilidades?)"
            ),
        ),
        (
            {"atributos": {"Fuerza": [["x"]]}, "habilidades": {"Pelea": []}},
            (
                "juego.yaml: atributos.Fuerza[1]: must be a text, not a list"
                " (another spelling of Fuerza)"
            ),
        ),
        (["Fuerza"], "juego.yaml: (file): must be a mapping of key: value, not a list"),
    ],
)
def test_a_bad_book_is_refused_with_the_reason(data: Any, expected: str) -> None:
    """A spelling names one attribute or skill, and none of the sheet's own
    values (Voluntad, Liderazgo, Aplomo; Resistencia only as an attribute)."""
    found, issues = read_book(data, "juego.yaml")
    assert found is None
    assert [str(i) for i in issues] == [expected]


# --- a character's file -------------------------------------------------------------------


def test_a_character_sheet_reads_every_value() -> None:
    """N-036, N-089, NAMB-12, NAMB-29, NAMB-32, N-133, N-141: rank and level,
    the dated historical Moral modifier, Moral as the Narrator set it, the
    permanent Voluntad and the spent points, the health penalty, the load,
    the Fatiga; attributes in the book's order; a skill not listed counts 0."""
    dreyer = character(DREYER)
    assert dreyer == Character(
        id="dreyer",
        name="Hans Dreyer",
        player="ana",
        attributes={"Fuerza": 3, "Destreza": 3, "Resistencia": 3, "Astucia": 2, "Manipulación": 1},
        skills={"Atletismo": 2, "Esquivar": 1},
        voluntad=5,
        liderazgo=2,
        moral=14,
        resistencia=3,
        aplomo=2,
        voluntad_spent=1,
        fatiga=4,
        health_penalty=1,
        load_kg=25,
        historical=HistoricalMoral(3, "1943, Túnez"),
        squad="Comando 4",
        rank=2,
        rank_name="Cabo",
        condition=Condition.FINE,
        aliases=("Dreyer",),
        notes=("Lleva la radio",),
    )
    assert dreyer.skill("Pelea") == 0
    assert dreyer.moral_total == 17
    assert dreyer.voluntad_left == 4


def test_a_character_without_player_is_the_narrators() -> None:
    """The Narrator's characters have no `jugador`; the values not given
    take their defaults (Fatiga 0, condition bien, no rank)."""
    sentry = character(CENTINELA, "centinela.yaml")
    assert (sentry.id, sentry.player, sentry.fatiga, sentry.rank) == ("centinela", None, 0, 0)
    assert (sentry.condition, sentry.historical, sentry.skills) == (Condition.FINE, None, {})


def test_english_keys_and_spellings_read_the_same_sheet() -> None:
    """Keys in English, attributes and skills by the book's English spellings,
    case and accents ignored: stored under the canonical Spanish names."""
    english = """\
name: Hans Dreyer
player: ana
aliases: [Dreyer]
squad: Comando 4
rank: {name: Cabo, level: 2}
attributes: {strength: 3, DEXTERITY: 3, Stamina: 3, wits: 2, manipulacion: 1}
skills: {athletics: 2, dodge: 1}
willpower: 5
willpower_spent: 1
leadership: 2
morale: 14
historical_morale: {value: 3, when: "1943, Túnez"}
fatigue: 4
composure: 2
health_penalty: 1
load: 25
condition: fine
notes: [Lleva la radio]
"""
    assert character(english) == character(DREYER)


def test_condition_words() -> None:
    """N-060, N-141: the conditions by their Spanish or English word."""
    sheet = with_lines(CENTINELA, estado="knocked out")
    assert character(sheet, "centinela.yaml").condition is Condition.KNOCKED_OUT
    sheet = with_lines(CENTINELA, estado="Dormido")
    assert character(sheet, "centinela.yaml").condition is Condition.ASLEEP


NO_STAMINA_BOOK = """\
atributos: {Fuerza: [], Destreza: []}
habilidades: {Atletismo: []}
"""
NO_STAMINA = """\
nombre: Karl
atributos: {Fuerza: 2, Destreza: 3}
voluntad: 3
liderazgo: 1
moral: 10
aplomo: 1
"""


def test_resistencia_is_the_attribute_when_the_book_has_it() -> None:
    """N-131, N-138: with the attribute Resistencia in the book, the sheet's
    Resistencia is that attribute's value."""
    assert character(DREYER.replace("Resistencia: 3", "Resistencia: 5")).resistencia == 5


def test_resistencia_twice_is_an_issue() -> None:
    """N-131: with the attribute in the book, a separate `resistencia` is refused."""
    assert problems(with_lines(DREYER, resistencia=4)) == [
        "dreyer.yaml: resistencia: juego.yaml has the attribute Resistencia: give it under atributos"
    ]


def test_resistencia_is_its_own_value_when_the_book_lacks_it() -> None:
    """N-138: without the attribute, `resistencia` (or `stamina`) is required."""
    sheet = with_lines(NO_STAMINA, stamina=4)
    assert character(sheet, "karl.yaml", NO_STAMINA_BOOK).resistencia == 4
    assert problems(NO_STAMINA, "karl.yaml", NO_STAMINA_BOOK) == [
        "karl.yaml: resistencia: missing: Resistencia 0..10 (juego.yaml has no such attribute)"
    ]


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (
            {"fatgia": 2},
            ("fatgia: unknown key (expected nombre, jugador, alias, escuadra, rango, atributos,"
            " habilidades, voluntad, voluntad_gastada, liderazgo, moral, moral_historico, fatiga,"
            " aplomo, resistencia, penalizacion_salud, carga, estado, notas)"
            " (did you mean fatiga?)"),
        ),
        ({"fatiga": 11}, "fatiga: 11 is above 10 (Fatiga (N-141))"),
        ({"moral": 100}, "moral: 100 is above 99 (Moral, set by the Narrator (NAMB-12))"),
        ({"moral": None}, "moral: missing: Moral, set by the Narrator (NAMB-12), 0..99"),
        ({"voluntad": "cinco"}, ("voluntad: must be a whole number 0..10, not 'cinco'"
         " (Voluntad, the permanent rating (N-093, NAMB-29))")),
        ({"voluntad_gastada": 6}, ("voluntad_gastada: 6 is above 5 (Voluntad spent of the rating 5"
         " (N-092))")),
        ({"penalizacion_salud": -1}, ("penalizacion_salud: -1 is below 0"
         " (the health penalty in dice (NAMB-32))")),
        ({"carga": 501}, "carga: 501 is above 500 (the load carried, in kg (N-133))"),
        ({"moral_historico": "{valor: 6, momento: '1945'}"},
         "moral_historico.valor: 6 is above 5 (the historical modifier (N-089))"),
        ({"moral_historico": "{valor: 2}"},
         "moral_historico.momento: missing: the moment and theatre"),
        ({"rango": "{nombre: Cabo}"},
         "rango.nivel: missing: the rank's level: the higher commands (N-036), 0..20"),
        ({"estado": "stuned"}, ("estado: 'stuned' is not a condition (bien, conmocionado,"
         " moribundo, noqueado, dormido, muerto) (did you mean stunned?)")),
        ({"nombre": None}, "nombre: missing: the character's name"),
        ({"habilidades": "{Atletismo: 2, Pelae: 1}"},
         ("habilidades.Pelae: unknown key (expected Atletismo, Pelea, Esquivar, Subterfugio)"
         " (did you mean Pelea?)")),
        ({"habilidades": "{Atletismo: 11}"},
         "habilidades.Atletismo: 11 is above 10 (a skill is 0..10; one not listed counts 0)"),
    ],
)  # fmt: skip
def test_each_bad_value_is_an_issue_naming_the_key(lines: dict[str, Any], expected: str) -> None:
    """N-089, N-092, N-036, N-133, N-141, NAMB-12, NAMB-32: each value in its
    range, each key known (the nearest suggested)."""
    assert problems(with_lines(DREYER, **lines)) == [f"dreyer.yaml: {expected}"]


def test_attributes_misspelt_missing_and_out_of_range() -> None:
    """Every attribute of the book is required, 0..10, by any of its spellings."""
    sheet = with_lines(DREYER, atributos="{Strength: 3, Destrezza: 3, Resistencia: 11, Astucia: 2}")
    assert problems(sheet) == [
        (
            "dreyer.yaml: atributos.Destrezza: unknown key (expected Fuerza, Destreza, Resistencia,"
            " Astucia, Manipulación) (did you mean Destreza?)"
        ),
        "dreyer.yaml: atributos.Resistencia: 11 is above 10 (an attribute is 0..10)",
        "dreyer.yaml: atributos: missing: Destreza, Manipulación (every attribute of juego.yaml)",
    ]


def test_a_file_name_that_is_no_id_suggests_one() -> None:
    """The id is the file's name lower-case, of a-z, 0-9, _ and -."""
    assert character(CENTINELA, "Centinela.yaml").id == "centinela"
    assert problems(CENTINELA, "Müller Hans.yaml") == [
        (
            "Müller Hans.yaml: (file): the file's name 'Müller Hans' is the character's id:"
            " use a-z, 0-9, _ and - (did you mean muller-hans.yaml?)"
        )
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [("", "empty"), ("- a\n- b\n", "a list"), ("3\n", "3")],
)
def test_a_file_that_is_not_a_mapping_is_refused(text: str, expected: str) -> None:
    assert problems(text) == [
        f"dreyer.yaml: (file): must be a mapping of key: value, not {expected}"
    ]


# --- the folder ---------------------------------------------------------------------------


def test_read_sheets_reads_the_book_and_the_characters_by_id(tmp_path: Path) -> None:
    """The folder holds juego.yaml and one file per character; characters by id."""
    where = folder(tmp_path, juego__yaml=BOOK, dreyer__yaml=DREYER, centinela__yml=CENTINELA)
    (tmp_path / "notes.txt").write_text("not a sheet", encoding="utf-8")
    found_book, characters = read_sheets(where)
    assert found_book == book()
    assert [c.id for c in characters] == ["centinela", "dreyer"]
    assert characters[1] == character(DREYER)


def test_read_sheets_lists_every_issue_one_per_line(tmp_path: Path) -> None:
    """Every file's problems at once, in file order, each naming the file and key."""
    where = folder(
        tmp_path,
        juego__yaml=BOOK,
        dreyer__yaml=with_lines(DREYER, fatiga=12),
        kessler__yaml="nombre: [unclosed\n",
        muller__yaml="- 1\n",
    )
    with pytest.raises(ValueError) as raised:
        read_sheets(where)
    lines = str(raised.value).splitlines()
    assert lines[0] == "dreyer.yaml: fatiga: 12 is above 10 (Fatiga (N-141))"
    assert lines[1].startswith("kessler.yaml: line 2: ")  # the YAML parser's words
    assert "expected ',' or ']'" in lines[1]
    assert lines[2:] == ["muller.yaml: (file): must be a mapping of key: value, not a list"]
    assert isinstance(raised.value, SheetProblems)
    assert len(raised.value.issues) == 3


def test_names_and_ids_name_one_character(tmp_path: Path) -> None:
    """A name or alias names one character; an id is one file's."""
    where = folder(
        tmp_path,
        juego__yaml=BOOK,
        dreyer__yaml=DREYER,
        Dreyer__yml=with_lines(CENTINELA, nombre="Otro"),
        hans__yaml=with_lines(CENTINELA, nombre="Karl", alias="[dreyer]"),
    )
    with pytest.raises(SheetProblems) as raised:
        read_sheets(where)
    assert [str(i) for i in raised.value.issues] == [
        "dreyer.yaml: (file): the id 'dreyer' is also Dreyer.yml's",
        "hans.yaml: alias: 'dreyer' also names dreyer: one name, one character",
    ]


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        ({"dreyer__yaml": DREYER}, "juego.yaml: (file): missing: the game's sheet file"),
        (
            {"juego__yaml": BOOK, "juego__yml": BOOK},
            "juego.yaml: (file): given twice (juego.yaml, juego.yml): the game's sheet file",
        ),
        (
            {"juego__yaml": "atributos: {Fuerza: []}\n", "dreyer__yaml": DREYER},
            "juego.yaml: habilidades: missing: the game's skills and their spellings",
        ),
    ],
)
def test_the_book_must_be_there_once_and_right(
    tmp_path: Path, files: dict[str, str], expected: str
) -> None:
    """Without a right juego.yaml the characters cannot be read: its issues alone."""
    with pytest.raises(SheetProblems) as raised:
        read_sheets(folder(tmp_path, **files))
    assert str(raised.value) == expected


def test_a_folder_without_characters_or_no_folder(tmp_path: Path) -> None:
    where = folder(tmp_path, juego__yaml=BOOK)
    with pytest.raises(SheetProblems, match="no character files beside juego.yaml"):
        read_sheets(where)
    with pytest.raises(SheetProblems, match="not a folder of sheets"):
        read_sheets(tmp_path / "missing")


def test_files_over_one_megabyte_are_refused(tmp_path: Path) -> None:
    """A sheet over 1 MB is refused before it is parsed."""
    big = DREYER + "# " + "x" * MAX_SHEET_BYTES + "\n"
    where = folder(tmp_path, juego__yaml=BOOK, dreyer__yaml=big)
    with pytest.raises(SheetProblems) as raised:
        read_sheets(where)
    size = len(big.encode("utf-8"))
    assert str(raised.value) == (
        f"dreyer.yaml: (file): too large: {size} bytes, a sheet file may have 1000000"
    )
