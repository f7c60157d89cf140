"""Sheets on disk: the game's sheet file `juego.yaml` and one file per
character, `<id>.yaml`, in one folder (rulebook 001; part I, with the sheet,
is not in the project, so the lists of attributes and skills are data).

The game's sheet file: each attribute and skill by its canonical (Spanish)
name with the other spellings accepted::

    atributos: {Fuerza: [Strength], Destreza: [Dexterity], Resistencia: [Stamina]}
    habilidades: {Atletismo: [Athletics]}     # attributes, skills

A character's file (the id is the file's name, lower-case; `jugador` absent:
the Narrator's character)::

    nombre: Hans Dreyer               # name
    jugador: ana                      # player
    alias: [Dreyer]                   # aliases
    escuadra: Comando 4               # squad
    rango: {nombre: Cabo, nivel: 2}   # rank: the higher the level, the higher (N-036)
    atributos: {Fuerza: 3, ...}       # attributes, every one of the book, 0..10
    habilidades: {Atletismo: 2}       # skills 0..10; one not listed counts 0
    voluntad: 5                       # willpower 0..10, the permanent rating (NAMB-29)
    voluntad_gastada: 0               # willpower_spent 0..voluntad (N-092, NAMB-28)
    liderazgo: 2                      # leadership 0..10 (N-034, N-052)
    moral: 14                         # morale 0..30, set by the Narrator (NAMB-12)
    moral_historico: {valor: 3, momento: "1943, Túnez"}   # historical_morale ±5 (N-089)
    fatiga: 0                         # fatigue 0..10 (N-141)
    aplomo: 2                         # composure 0..10 (N-122, N-126)
    resistencia: 3                    # stamina 0..10, only without the attribute (N-131)
    penalizacion_salud: 0             # health_penalty 0..10 dice (NAMB-32)
    carga: 25                         # load in kg 0..500 (N-133)
    estado: bien                      # condition: bien, conmocionado, moribundo, noqueado,
                                      #   dormido, muerto (N-060, N-141)
    notas: ["..."]                    # notes

Keys in Spanish or English, case, accents, `_` and `-` ignored; attributes
and skills by any spelling of the book, kept canonical. Every problem is a
`SheetIssue` naming the file and the key as written, with the nearest names.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from adjudicator.kits.sheets.reader import (
    Entry,
    SheetIssue,
    SheetReader,
    Words,
    lookup,
    near,
    shown,
)
from adjudicator.rulesets.narrativo.sheet import Character, Condition, HistoricalMoral, SheetBook
from maps.model import normalize_name
from maps.safe_yaml import YamlProblem, load_yaml
from orders.narrativo.lazy_words import lazy
from orders.narrativo.model import TRAITS
from texts import N_, T_

__all__ = [
    "BOOK_FILE", "MAX_SHEET_BYTES", "SheetProblems", "read_book", "read_character", "read_sheets",
]  # fmt: skip

BOOK_FILE = "juego.yaml"
MAX_SHEET_BYTES = 1_000_000
"""A sheet file larger than 1 MB is refused before it is parsed."""
ID = re.compile(r"[a-z0-9_-]+")
STAMINA = "Resistencia"
"""The attribute that is Character.resistencia when the book has it (N-131, N-138)."""
WHOLE_FILE = T_("(file)")
MOST = 10
MORAL_MOST = 99
"""Moral has no ceiling in the rules; a sheet or a gain holds it at 99."""
HISTORICAL_MOST = 5
LOAD_MOST = 500
RANK_MOST = 20

BOOK_KEYS: Words = {"atributos": ("attributes",), "habilidades": ("skills",)}
CHARACTER_KEYS: Words = {
    "nombre": ("name",), "jugador": ("player",), "alias": ("aliases",), "escuadra": ("squad",),
    "rango": ("rank",), "atributos": ("attributes",), "habilidades": ("skills",),
    "voluntad": ("willpower",), "voluntad_gastada": ("willpower_spent", "voluntad_spent"),
    "liderazgo": ("leadership",), "moral": ("morale",),
    "moral_historico": ("historical_morale", "historical"), "fatiga": ("fatigue",),
    "aplomo": ("composure",), "resistencia": ("stamina",),
    "penalizacion_salud": ("health_penalty",), "carga": ("load", "load_kg"),
    "estado": ("condition",), "notas": ("notes",),
}  # fmt: skip
RANK_KEYS: Words = {"nombre": ("name",), "nivel": ("level",)}
HISTORICAL_KEYS: Words = {"valor": ("value",), "momento": ("when", "moment")}
CONDITION_WORDS: Words = {
    Condition.FINE.value: ("fine", "ok"), Condition.STUNNED.value: ("stunned",),
    Condition.DYING.value: ("dying",), Condition.KNOCKED_OUT.value: ("knocked out", "unconscious"),
    Condition.ASLEEP.value: ("asleep",), Condition.DEAD.value: ("dead",),
}  # fmt: skip
NUMBERS: Mapping[str, tuple[int, bool, str]] = {
    "voluntad": (MOST, True, N_("Voluntad, the permanent rating (N-093, NAMB-29)")),
    "liderazgo": (MOST, True, N_("Liderazgo, the pool of Moral checks (N-052, N-034)")),
    "moral": (MORAL_MOST, True, N_("Moral, set by the Narrator (NAMB-12)")),
    "aplomo": (MOST, True, N_("Aplomo (N-122, N-126)")),
    "fatiga": (MOST, False, N_("Fatiga (N-141)")),
    "penalizacion_salud": (MOST, False, N_("the health penalty in dice (NAMB-32)")),
    "carga": (LOAD_MOST, False, N_("the load carried, in kg (N-133)")),
}
"""Sheet numbers: key -> (most, required, what it is); each at least 0."""


class SheetProblems(ValueError):
    """Sheets that cannot be read: every problem, one per line."""

    def __init__(self, issues: Sequence[SheetIssue]) -> None:
        self.issues = tuple(issues)
        super().__init__("\n".join(str(i) for i in self.issues))


# --- the game's sheet file --------------------------------------------------------------


def read_book(data: Any, file: str) -> tuple[SheetBook | None, tuple[SheetIssue, ...]]:
    """The game's lists of attributes and skills (None when it has errors)."""
    reader = SheetReader(file)
    if not _is_mapping(reader, data):
        return None, tuple(reader.issues)
    found = reader.section(data, "", BOOK_KEYS)
    seen: dict[str, str] = {}
    attributes = _names(reader, found, "atributos", seen)
    skills = _names(reader, found, "habilidades", seen)
    if reader.issues:
        return None, tuple(reader.issues)
    return SheetBook(attributes, skills), ()


def _names(
    reader: SheetReader, found: dict[str, Entry], key: str, seen: dict[str, str]
) -> dict[str, tuple[str, ...]]:
    """One list of the book: name -> other spellings; a spelling names one thing."""
    entry = found.get(key)
    what = "attribute" if key == "atributos" else "skill"
    if entry is None or not entry[1]:
        missing = (
            T_("missing: the game's attributes and their spellings")
            if what == "attribute"
            else T_("missing: the game's skills and their spellings")
        )
        reader.error(entry[0] if entry else key, missing)
        return {}
    names: dict[str, tuple[str, ...]] = {}
    for path, written, value in reader.entries(entry[1], entry[0]):
        why = T_("the attribute's name") if what == "attribute" else T_("the skill's name")
        name = reader.text((path, written), path, why)
        items = reader.items((path, value))
        aliases = [reader.text(e, e[0], T_("another spelling of {name}", name=name)) for e in items]
        if name is None or None in aliases:
            continue
        spellings = (name, *(a for a in aliases if a is not None))
        for spelling in spellings:
            _claim(reader, path, spelling, name, what, seen)
        names[name] = spellings[1:]
    return names


def _claim(
    reader: SheetReader, path: str, spelling: str, name: str, what: str, seen: dict[str, str]
) -> None:
    """A spelling names one attribute or skill, and none of the sheet's own values."""
    folded = normalize_name(spelling)
    traits = {normalize_name(t): t for t in TRAITS if t != STAMINA or what == "skill"}
    if folded in seen:
        reader.error(
            path,
            T_(
                "{spelling} is also {other}'s spelling: one name, one thing",
                spelling=repr(spelling),
                other=seen[folded],
            ),
        )
    elif folded in traits:
        trait = traits[folded]
        message = (
            T_(
                "{spelling} is the sheet's own {trait}, not an attribute",
                spelling=repr(spelling),
                trait=trait,
            )
            if what == "attribute"
            else T_(
                "{spelling} is the sheet's own {trait}, not a skill",
                spelling=repr(spelling),
                trait=trait,
            )
        )
        reader.error(path, message)
    seen.setdefault(folded, name)


# --- a character's file -----------------------------------------------------------------


def read_character(
    data: Any, file: str, book: SheetBook
) -> tuple[Character | None, tuple[SheetIssue, ...]]:
    """One character's sheet (None when it has errors); its id is the file's name."""
    reader = SheetReader(file)
    ident = _character_id(reader, file)
    if not _is_mapping(reader, data):
        return None, tuple(reader.issues)
    found = reader.section(data, "", CHARACTER_KEYS)
    name = reader.text(found.get("nombre"), "nombre", T_("the character's name"))
    attributes = _attributes(reader, found.get("atributos"), book)
    why = T_("a skill is 0..{most}; one not listed counts 0", most=MOST)
    skills = reader.numbers(found.get("habilidades"), book.skills, 0, MOST, why)
    stamina = _stamina(reader, found, book, attributes)
    numbers = {
        k: _number(reader, found.get(k), k, (0, m, r), lazy(w)) for k, (m, r, w) in NUMBERS.items()
    }
    spent = _spent(reader, found.get("voluntad_gastada"), numbers["voluntad"])
    rank, rank_name = _rank(reader, found.get("rango"))
    historical = _historical(reader, found.get("moral_historico"))
    condition = _condition(reader, found.get("estado"))
    player = reader.text(found.get("jugador"), "jugador", T_("the player"), required=False)
    squad = reader.text(found.get("escuadra"), "escuadra", T_("the squad"), required=False)
    aliases = _texts(reader, found.get("alias"), T_("another name of the character"))
    notes = _texts(reader, found.get("notas"), T_("a note"))
    if reader.issues or name is None or stamina is None:
        return None, tuple(reader.issues)
    character = Character(
        id=ident, name=name, player=player, attributes=attributes,
        skills={k: skills[k] for k in book.skills if k in skills},
        voluntad=numbers["voluntad"] or 0, liderazgo=numbers["liderazgo"] or 0,
        moral=numbers["moral"] or 0, resistencia=stamina, aplomo=numbers["aplomo"] or 0,
        voluntad_spent=spent, fatiga=numbers["fatiga"] or 0,
        health_penalty=numbers["penalizacion_salud"] or 0, load_kg=numbers["carga"] or 0,
        historical=historical, squad=squad, rank=rank, rank_name=rank_name,
        condition=condition, aliases=aliases, notes=notes,
    )  # fmt: skip
    return character, ()


def _character_id(reader: SheetReader, file: str) -> str:
    """The file's name, lower-case; one not of a-z, 0-9, _ and - is an issue."""
    path = Path(file)
    ident = path.stem.lower()
    if not ID.fullmatch(ident):
        slug = re.sub(r"[^a-z0-9_-]", "", normalize_name(path.stem).replace(" ", "-"))
        message = T_(
            "the file's name {stem} is the character's id: use a-z, 0-9, _ and -",
            stem=repr(path.stem),
        )
        reader.error(WHOLE_FILE, message, (f"{slug}{path.suffix}",) if slug else ())
    return ident


def _is_mapping(reader: SheetReader, data: Any) -> bool:
    if isinstance(data, Mapping):
        return True
    what = T_("empty") if data is None else shown(data)
    reader.error(WHOLE_FILE, T_("must be a mapping of key: value, not {value}", value=what))
    return False


def _attributes(reader: SheetReader, entry: Entry | None, book: SheetBook) -> dict[str, int]:
    """Every attribute of the book, 0..10, in the book's order."""
    given = reader.section(entry[1], entry[0], book.attributes) if entry else {}
    why = T_("an attribute is 0..{most}", most=MOST)
    values = {a: reader.number(e, 0, MOST, why) for a, e in given.items()}
    missing = [a for a in book.attributes if a not in given]
    if missing and (entry is None or isinstance(entry[1], Mapping | None)):
        where = entry[0] if entry else "atributos"
        reader.error(
            where,
            T_(
                "missing: {names} (every attribute of {file})",
                names=", ".join(missing),
                file=BOOK_FILE,
            ),
        )
    return {a: v for a in book.attributes if (v := values.get(a)) is not None}


def _stamina(
    reader: SheetReader, found: dict[str, Entry], book: SheetBook, attributes: dict[str, int]
) -> int | None:
    """Resistencia: the book's attribute when it has one, else the sheet's own value."""
    attribute = lookup(book.attributes, STAMINA)
    entry = found.get("resistencia")
    if attribute is not None:
        if entry is not None:
            message = T_(
                "{file} has the attribute {name}: give it under atributos",
                file=BOOK_FILE,
                name=attribute,
            )
            reader.error(entry[0], message)
        return attributes.get(attribute, 0)
    if entry is None or entry[1] is None:
        message = T_(
            "missing: Resistencia 0..{most} ({file} has no such attribute)",
            most=MOST,
            file=BOOK_FILE,
        )
        reader.error("resistencia", message)
        return None
    return reader.number(entry, 0, MOST, T_("Resistencia (N-131, N-138)"))


def _number(
    reader: SheetReader, entry: Entry | None, path: str, span: tuple[int, int, bool], why: str
) -> int | None:
    """A number within span's low..high; when span says so it must be given."""
    low, high, required = span
    if required and (entry is None or entry[1] is None):
        reader.error(path, T_("missing: {why}, {low}..{high}", why=why, low=low, high=high))
        return None
    return reader.number(entry, low, high, why)


def _spent(reader: SheetReader, entry: Entry | None, voluntad: int | None) -> int:
    """Spent Voluntad: 0..the permanent rating (N-092, NAMB-28)."""
    most = MOST if voluntad is None else voluntad
    why = T_("Voluntad spent of the rating {most} (N-092)", most=most)
    return reader.number(entry, 0, most, why) or 0


def _rank(reader: SheetReader, entry: Entry | None) -> tuple[int, str | None]:
    """`rango: {nombre: Cabo, nivel: 2}`: the level orders ranks (N-036)."""
    if entry is None or entry[1] is None:
        return 0, None
    found = reader.section(entry[1], entry[0], RANK_KEYS)
    if not isinstance(entry[1], Mapping):
        return 0, None
    name = reader.text(found.get("nombre"), f"{entry[0]}.nombre", T_("the rank's name"))
    why = T_("the rank's level: the higher commands (N-036)")
    level = _number(reader, found.get("nivel"), f"{entry[0]}.nivel", (0, RANK_MOST, True), why)
    return level or 0, name


def _historical(reader: SheetReader, entry: Entry | None) -> HistoricalMoral | None:
    """`moral_historico: {valor: 3, momento: "1943, Túnez"}` (N-089, N-090)."""
    if entry is None or entry[1] is None:
        return None
    found = reader.section(entry[1], entry[0], HISTORICAL_KEYS)
    if not isinstance(entry[1], Mapping):
        return None
    span, why = (-HISTORICAL_MOST, HISTORICAL_MOST, True), T_("the historical modifier (N-089)")
    value = _number(reader, found.get("valor"), f"{entry[0]}.valor", span, why)
    when = reader.text(found.get("momento"), f"{entry[0]}.momento", T_("the moment and theatre"))
    if value is None or when is None or not -HISTORICAL_MOST <= value <= HISTORICAL_MOST:
        return None
    return HistoricalMoral(value, when)


def _condition(reader: SheetReader, entry: Entry | None) -> Condition:
    text = reader.text(entry, "estado", T_("the condition"), required=False)
    if text is None or entry is None:
        return Condition.FINE
    canonical = lookup(CONDITION_WORDS, text)
    if canonical is None:
        expected = ", ".join(CONDITION_WORDS)
        message = T_("{text} is not a condition ({expected})", text=repr(text), expected=expected)
        reader.error(entry[0], message, near(text, CONDITION_WORDS))
        return Condition.FINE
    return Condition(canonical)


def _texts(reader: SheetReader, entry: Entry | None, why: str) -> tuple[str, ...]:
    found = [reader.text(e, e[0], why) for e in reader.items(entry)]
    return tuple(t for t in found if t is not None)


# --- the folder -------------------------------------------------------------------------


def read_sheets(folder: Path) -> tuple[SheetBook, tuple[Character, ...]]:
    """`juego.yaml` and every other `*.yaml` of `folder` as characters, by id;
    SheetProblems (a ValueError) listing every issue, one per line."""
    if not folder.is_dir():
        raise SheetProblems([SheetIssue(str(folder), T_("(folder)"), T_("not a folder of sheets"))])
    issues: list[SheetIssue] = []
    files = sorted(p for p in folder.iterdir() if p.suffix.lower() in (".yaml", ".yml"))
    books = [p for p in files if p.stem.lower() == Path(BOOK_FILE).stem]
    if len(books) != 1:
        message = (
            T_("missing: the game's sheet file")
            if not books
            else T_(
                "given twice ({files}): the game's sheet file",
                files=", ".join(p.name for p in books),
            )
        )
        issue = SheetIssue(BOOK_FILE, WHOLE_FILE, message)
        raise SheetProblems([issue])
    book, found = read_book(_load(books[0], issues), books[0].name)
    if book is None:
        raise SheetProblems([*issues, *found])
    characters: list[tuple[str, Character]] = []
    others = [p for p in files if p not in books and p.is_file()]
    for path in others:
        before = len(issues)
        data = _load(path, issues)
        if len(issues) == before:
            character, found = read_character(data, path.name, book)
            issues.extend(found)
            if character is not None:
                characters.append((path.name, character))
    if not others:
        issues.append(
            SheetIssue(
                str(folder), T_("(folder)"), T_("no character files beside {file}", file=BOOK_FILE)
            )
        )
    issues.extend(_cross_issues(characters))
    if issues:
        raise SheetProblems(issues)
    return book, tuple(sorted((c for _, c in characters), key=lambda c: c.id))


def _load(path: Path, issues: list[SheetIssue]) -> Any:
    """A file's YAML data; a problem is added to `issues` (and None returned)."""
    try:
        size = path.stat().st_size
        if size > MAX_SHEET_BYTES:
            message = T_(
                "too large: {size} bytes, a sheet file may have {most}",
                size=size,
                most=MAX_SHEET_BYTES,
            )
            issues.append(SheetIssue(path.name, WHOLE_FILE, message))
            return None
        with path.open("rb") as handle:
            raw = handle.read(MAX_SHEET_BYTES + 1)
        return load_yaml(raw.decode("utf-8-sig"), path.name, MAX_SHEET_BYTES)
    except YamlProblem as exc:
        where = T_("line {n}", n=exc.line) if exc.line is not None else WHOLE_FILE
        issues.append(SheetIssue(path.name, where, exc.problem))
    except UnicodeDecodeError as exc:
        issues.append(
            SheetIssue(path.name, WHOLE_FILE, T_("not UTF-8 text: {reason}", reason=exc.reason))
        )
    except OSError as exc:
        issues.append(
            SheetIssue(path.name, WHOLE_FILE, T_("cannot be read: {reason}", reason=exc.strerror))
        )
    return None


def _cross_issues(characters: Sequence[tuple[str, Character]]) -> list[SheetIssue]:
    """Ids are unique, and so is every name and alias (folded) among the characters."""
    issues: list[SheetIssue] = []
    ids: dict[str, str] = {}
    names: dict[str, str] = {}
    for file, character in characters:
        if character.id in ids:
            message = T_(
                "the id {id} is also {file}'s", id=repr(character.id), file=ids[character.id]
            )
            issues.append(SheetIssue(file, WHOLE_FILE, message))
        ids.setdefault(character.id, file)
        words = [("nombre", character.name), *(("alias", a) for a in character.aliases)]
        for key, word in words:
            folded = normalize_name(word)
            if names.get(folded, character.id) != character.id:
                message = T_(
                    "{word} also names {other}: one name, one character",
                    word=repr(word),
                    other=names[folded],
                )
                issues.append(SheetIssue(file, key, message))
            names.setdefault(folded, character.id)
    return issues
