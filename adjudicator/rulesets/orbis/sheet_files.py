"""Nation sheets on disk and on the GMs' wiki (O-079 .. O-092, O-122 ..
O-136; AMB-14, AMB-16).

One YAML file per nation, `<id>.yaml`; keys in Spanish or English (case,
accents, `_` and `-` ignored)::

    id: castilla              # default: the file's name
    name: Reino de Castilla   # nombre
    aliases: [Castilla]       # alias
    player: alicia            # jugador; absent or null: a nation without a player
    kind: estado              # tipo: estado/horda/hueste/colonia (state/horde/host/colony)
    vassal_of: null           # vasallo_de, patrono: the patron's id
    colour: '#b03a2e'         # color
    dominio: {MIL: 20, AUX: 10, ECN: 15, CLT: 20, ADM: 15}
    autoridad: {GES: 30, LEA: 10, TCN: 15, INT: 10, PRS: 15}
    VIA: 45                   # Viabilidad, 0..MIL+ADM+ECN; default full
    LEG: 40                   # Legitimidad, 0..CLT+AUX+ECN; default full
    RQU: 10                   # Riqueza, default 0
    PRO: 2                    # Progreso, default 0
    modifiers:                # modificadores
      - {attribute: ECN, value: -6, until: 504, kind: purchase, source: compra}

An attribute may also sit at the top level (`MIL: 20`, `Fuerza Militar: 20`,
`military: 20`). Every problem is a `SheetIssue` naming the file, the key as
written and the value, with the nearest valid names.

The wiki table (`wiki_table`, `read_wiki_table`) has one row per nation:
name, the ten attributes, VIA and LEG as `current/capacity`, RQU, PRO.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from adjudicator.core.files import dump_yaml
from adjudicator.kits.sheets.reader import Entry, SheetIssue, SheetReader, Words, lookup, near
from adjudicator.rulesets.orbis.attributes import ATTRIBUTE_NAMES, AUTORIDAD, DOMINIO, Attribute
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation, NationKind, NsjRule, nsj_points
from adjudicator.rulesets.orbis.words import joined
from maps.model import normalize_name
from maps.safe_yaml import YamlProblem, read_yaml_file
from texts import T_, either

__all__ = [
    "SheetProblems",
    "WikiTableProblem",
    "nation_slug",
    "read_sheet_data",
    "read_sheets",
    "read_wiki_table",
    "sheet_from_dict",
    "sheet_to_dict",
    "sheet_yaml",
    "wiki_table",
]

_ENGLISH = {
    Attribute.MIL: ("military", "mil force"),
    Attribute.AUX: ("auxiliary", "auxiliary force"),
    Attribute.ECN: ("economy", "economic power"),
    Attribute.CLT: ("culture", "cultural control"),
    Attribute.ADM: ("administration", "administrative control"),
    Attribute.GES: ("management",),
    Attribute.LEA: ("loyalty",),
    Attribute.TCN: ("technique", "technics"),
    Attribute.INT: ("intelligence",),
    Attribute.PRS: ("prestige", "PRE"),
}
ATTRIBUTE_WORDS: Words = {a.value: (ATTRIBUTE_NAMES[a], *_ENGLISH[a]) for a in Attribute}
INDEX_WORDS: Words = {
    "VIA": ("viabilidad", "viability"),
    "LEG": ("legitimidad", "legitimacy"),
    "RQU": ("riqueza", "wealth", "RQZ"),
    "PRO": ("progreso", "progress"),
}
TOP_KEYS: Words = {
    "id": ("identificador",),
    "name": ("nombre", "nacion", "nation"),
    "aliases": ("alias",),
    "player": ("jugador",),
    "kind": ("tipo", "clase"),
    "vassal_of": ("vasallo de", "patrono", "patron", "tributario de", "suzerano"),
    "colour": ("color",),
    "dominio": ("domain", "puntos de dominio"),
    "autoridad": ("authority", "puntos de autoridad"),
    "modifiers": ("modificadores",),
    "preponderant": ("preponderante", "preponderantes", "preponderants"),
    **INDEX_WORDS,
    **ATTRIBUTE_WORDS,
}
KIND_WORDS: Words = {
    NationKind.STATE.value: ("estado", "estado sedentario", "sedentario"),
    NationKind.HORDE.value: ("horda", "horda migratoria"),
    NationKind.HOST.value: ("hueste",),
    NationKind.COLONY.value: ("colonia",),
}
MODIFIER_KEYS: Words = {
    "attribute": ("atributo",),
    "value": ("valor",),
    "until": ("hasta",),
    "kind": ("tipo",),
    "source": ("origen", "fuente"),
}
MODIFIER_KIND_WORDS: Words = {
    **{k.value: () for k in ModifierKind},
    ModifierKind.EVENT.value: ("evento",),
    ModifierKind.BEHAVIOUR.value: ("conducta", "comportamiento", "behavior"),
    ModifierKind.PURCHASE.value: ("compra",),
}
MOST = 9999
"""A generous bound on an attribute or a point count (O-092: they grow beyond 30)."""


class SheetProblems(ValueError):
    """Sheets that cannot be read: every problem, each naming its file and key."""

    def __init__(self, issues: Sequence[SheetIssue]) -> None:
        self.issues = tuple(issues)
        super().__init__(joined([i.text for i in self.issues], "\n"))


def nation_slug(name: str) -> str:
    """An id made from a name (`Reino de Castilla` → `reino-de-castilla`)."""
    return normalize_name(name).replace(" ", "-")


def _word(reader: SheetReader, entry: Entry | None, words: Words, why: str) -> str | None:
    text = reader.text(entry, "", why, required=False)
    if text is None or entry is None:
        return None
    canonical = lookup(words, text)
    if canonical is None:
        reader.error(entry[0], T_("{text!r} is not {why}", text=text, why=why), near(text, words))
    return canonical


def _nsj_attributes(reader: SheetReader, entry: Entry, rule: NsjRule) -> dict[Attribute, int]:
    """A nation without a player and without distributed points: its two
    preponderant attributes (`preponderante: {dominio: MIL, autoridad: PRS}`)
    give the rest by O-201 and the reading AMB-22 (`rule`)."""
    found = reader.section(
        entry[1], entry[0], {"dominio": ("domain",), "autoridad": ("authority",)}
    )
    chosen = {}
    for group, members in (("dominio", DOMINIO), ("autoridad", AUTORIDAD)):
        code = _word(
            reader, found.get(group), ATTRIBUTE_WORDS, T_("a {group} attribute", group=group)
        )
        if code is None or Attribute(code) not in members:
            reader.error(
                f"{entry[0]}.{group}",
                T_("name the preponderant {group} attribute (O-201)", group=group),
            )
            return {}
        chosen[group] = Attribute(code)
    return dict(nsj_points(chosen["dominio"], chosen["autoridad"], rule=rule).attributes)


def _attributes(reader: SheetReader, found: dict[str, Entry]) -> dict[Attribute, int]:
    values: dict[Attribute, int] = {}
    why = T_("an attribute is a whole number 0..{MOST} (O-081, O-092)", MOST=MOST)
    for section, members in (("dominio", DOMINIO), ("autoridad", AUTORIDAD)):
        inner = found.get(section)
        nested = reader.section(inner[1], inner[0], ATTRIBUTE_WORDS) if inner else {}
        for code, entry in nested.items():
            attribute = Attribute(code)
            if attribute not in members:
                reader.error(
                    entry[0],
                    T_(
                        "{code} is not a {section} attribute",
                        code=code,
                        section=section.capitalize(),
                    ),
                )
            elif code in found:
                reader.error(
                    entry[0],
                    T_("repeats {found}: give {code} once", found=found[code][0], code=code),
                )
            found[code] = entry
    for attribute in Attribute:
        given = found.get(attribute.value)
        if given is None:
            reader.error(
                attribute.value,
                T_("missing: {attribute} (O-079)", attribute=ATTRIBUTE_NAMES[attribute]),
            )
            continue
        value = reader.number(given, 0, MOST, why)
        if value is not None:
            values[attribute] = value
    return values


def _modifiers(reader: SheetReader, entry: Entry | None) -> list[Modifier]:
    modifiers: list[Modifier] = []
    for key, item in reader.items(entry):
        found = reader.section(item, key, MODIFIER_KEYS)
        attribute = _word(reader, found.get("attribute"), ATTRIBUTE_WORDS, T_("an attribute"))
        value = reader.number(found.get("value"), -MOST, MOST, T_("a signed roll delta, O-045"))
        until = reader.number(found.get("until"), -MOST, MOST, T_("the last year it is active"))
        kind = _word(reader, found.get("kind"), MODIFIER_KIND_WORDS, T_("a modifier kind"))
        source = reader.text(found.get("source"), f"{key}.source", T_("where it came from"))
        for name in ("attribute", "value", "until", "kind"):
            if name not in found:
                reader.error(f"{key}.{name}", "missing")
        if attribute and value is not None and until is not None and kind and source:
            modifiers.append(
                Modifier(Attribute(attribute), value, until, ModifierKind(kind), source)
            )
    return modifiers


def read_sheet_data(
    data: Any, file: str, default_id: str, *, nsj_rule: NsjRule = "literal"
) -> tuple[Nation | None, list[SheetIssue]]:
    """One sheet's YAML data as a Nation (None when it has errors) and its issues.
    A nation without a player may give only its preponderant attributes
    (O-201, AMB-22: `nsj_rule`)."""
    reader = SheetReader(file)
    found = reader.section(data, "", TOP_KEYS)
    ident = reader.text(found.get("id"), "id", T_("the nation's id"), required=False) or default_id
    name = reader.text(found.get("name"), "name", T_("the nation's name"))
    alias_entries = reader.items(found.get("aliases"))
    aliases = [reader.text(e, "aliases", T_("an alias")) for e in alias_entries]
    player = reader.text(found.get("player"), "player", T_("the player"), required=False)
    kind = _word(reader, found.get("kind"), KIND_WORDS, T_("a kind of nation")) or "state"
    patron = reader.text(found.get("vassal_of"), "vassal_of", T_("the patron"), required=False)
    colour = reader.text(found.get("colour"), "colour", T_("the map colour"), required=False)
    given = (
        [a for a in Attribute if a.value in found] or found.get("dominio") or found.get("autoridad")
    )
    if "preponderant" in found and player is None and not given:
        attributes = _nsj_attributes(reader, found["preponderant"], nsj_rule)
    else:
        attributes = _attributes(reader, found)
    modifiers = _modifiers(reader, found.get("modifiers"))
    points = {
        k: reader.number(found.get(k), 0, MOST, T_("{k} is 0 or more", k=k)) for k in ("RQU", "PRO")
    }
    indices: dict[str, int | None] = {}
    if len(attributes) == len(Attribute):
        probe = Nation(ident, name or ident, attributes, 0, 0)
        capacities = {"VIA": probe.via_capacity, "LEG": probe.leg_capacity}
        for index, most in capacities.items():
            why = T_("0..its capacity {most} (O-124, O-125, AMB-16)", most=most)
            entry = found.get(index)
            indices[index] = most if entry is None else reader.number(entry, 0, most, why)
    if reader.issues or name is None or None in indices.values():
        return None, reader.issues
    return (
        Nation(
            id=ident,
            name=name,
            attributes=attributes,
            via=indices["VIA"] or 0,
            leg=indices["LEG"] or 0,
            rqu=points["RQU"] or 0,
            pro=points["PRO"] or 0,
            kind=NationKind(kind),
            player=player,
            aliases=tuple(a for a in aliases if a),
            modifiers=tuple(modifiers),
            vassal_of=patron,
            colour=colour,
        ),
        reader.issues,
    )


def sheet_from_dict(data: Mapping[str, Any], file: str = "<sheet>") -> Nation:
    """A Nation from a sheet's data; SheetProblems when it has errors."""
    default = str(data.get("id", Path(file).stem))
    nation, issues = read_sheet_data(data, file, default)
    if nation is None:
        raise SheetProblems(issues)
    return nation


def sheet_to_dict(nation: Nation) -> dict[str, Any]:
    """The sheet's data, with every key: `sheet_from_dict` reads it back equal."""
    return {
        "id": nation.id,
        "name": nation.name,
        "aliases": list(nation.aliases),
        "player": nation.player,
        "kind": nation.kind.value,
        "vassal_of": nation.vassal_of,
        "colour": nation.colour,
        "dominio": {a.value: nation.attributes[a] for a in DOMINIO},
        "autoridad": {a.value: nation.attributes[a] for a in AUTORIDAD},
        "VIA": nation.via,
        "LEG": nation.leg,
        "RQU": nation.rqu,
        "PRO": nation.pro,
        "modifiers": [_modifier_dict(m) for m in nation.modifiers],
    }


def _modifier_dict(m: Modifier) -> dict[str, Any]:
    keys = ("attribute", "value", "until", "kind", "source")
    return dict(
        zip(keys, (m.attribute.value, m.value, m.until, m.kind.value, m.source), strict=True)
    )


def sheet_yaml(nation: Nation) -> str:
    """The sheet as YAML text, for `<id>.yaml`."""
    return dump_yaml(sheet_to_dict(nation))


def _cross_issues(nations: Sequence[tuple[str, Nation]]) -> list[SheetIssue]:
    issues: list[SheetIssue] = []
    seen: dict[str, str] = {}
    ids = [n.id for _, n in nations]
    for file, nation in nations:
        for word in (nation.id, nation.name, *nation.aliases):
            folded = normalize_name(word)
            if folded in seen and seen[folded] != nation.id:
                issues.append(
                    SheetIssue(
                        file, "name", T_("{word!r} is also {seen}'s", word=word, seen=seen[folded])
                    )
                )
            seen.setdefault(folded, nation.id)
        if nation.vassal_of is not None and nation.vassal_of not in ids:
            message = T_(
                "{vassal_of!r} is not a nation of these sheets", vassal_of=nation.vassal_of
            )
            issues.append(SheetIssue(file, "vassal_of", message, near(nation.vassal_of, ids)))
    return issues


def read_sheets(folder: Path, *, nsj_rule: NsjRule = "literal") -> tuple[Nation, ...]:
    """Every `*.yaml` sheet of `folder`, by file name; SheetProblems with all
    the problems of all the files when any has one."""
    read: list[tuple[str, Nation]] = []
    issues: list[SheetIssue] = []
    for path in sorted([*folder.glob("*.yaml"), *folder.glob("*.yml")]):
        try:
            data = read_yaml_file(path, path.name)
        except YamlProblem as exc:
            issues.append(SheetIssue(path.name, "(file)", exc.problem))
            continue
        nation, found = read_sheet_data(data, path.name, path.stem, nsj_rule=nsj_rule)
        issues.extend(found)
        if nation is not None:
            read.append((path.name, nation))
    issues.extend(_cross_issues(read))
    if issues:
        raise SheetProblems(issues)
    return tuple(n for _, n in read)


# --- MediaWiki tables ---------------------------------------------------------------------

WIKI_COLUMNS: Words = {
    "name": ("nacion", "nation", "nombre", "pais"),
    **ATTRIBUTE_WORDS,
    **INDEX_WORDS,
}


class WikiTableProblem(ValueError):
    """A wiki table that cannot be read: every problem, by row and column."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__(joined(self.problems, "\n"))


def wiki_table(nations: Iterable[Nation]) -> str:
    """A `{| class="wikitable" ... |}` table, one row per nation: name, the ten
    attributes, VIA and LEG as current/capacity, RQU, PRO."""
    header = ["Nación", *(a.value for a in Attribute), "VIA", "LEG", "RQU", "PRO"]
    lines = ['{| class="wikitable sortable"', "! " + " !! ".join(header)]
    for n in nations:
        cells = [
            n.name,
            *(str(n.attributes[a]) for a in Attribute),
            f"{n.via}/{n.via_capacity}",
            f"{n.leg}/{n.leg_capacity}",
            str(n.rqu),
            str(n.pro),
        ]
        lines += ["|-", "| " + " || ".join(cells)]
    return "\n".join([*lines, "|}"]) + "\n"


_LINK = re.compile(r"\[\[(?:[^|\]]*\|)?([^\]]*)\]\]")
_TAG = re.compile(r"<[^>]*>")


def _clean(cell: str) -> str:
    """A cell's text: its attributes (`style=".." |`), links, tags and quotes removed."""
    text = _LINK.sub(r"\1", cell)
    if "|" in text:
        text = text.split("|", 1)[1]
    text = _TAG.sub("", text).replace("'''", "").replace("''", "")
    return text.strip()


def _rows(text: str) -> tuple[list[str], list[list[str]]]:
    header: list[str] = []
    rows: list[list[str]] = []
    inside = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("{|"):
            inside = True
        elif not inside or line.startswith("|+") or not line:
            continue
        elif line.startswith("|}"):
            break
        elif line.startswith("|-"):
            rows.append([])
        elif line.startswith("!") and not rows:
            header += [_clean(c) for c in line[1:].split("!!")]
        elif line.startswith("!"):  # a row header cell: the nation's name
            rows[-1] += [_clean(c) for c in line[1:].split("!!")]
        elif line.startswith("|"):
            if not rows:
                rows.append([])
            rows[-1] += [_clean(c) for c in line[1:].split("||")]
    return header, [r for r in rows if r]


def _number(text: str, where: str, problems: list[str]) -> int | None:
    try:
        value = int(text)
    except ValueError:
        problems.append(T_("{where}: {text!r} is not a whole number", where=where, text=text))
        return None
    if value < 0:
        problems.append(T_("{where}: {value} is below 0", where=where, value=value))
        return None
    return value


def _wiki_nation(cells: Mapping[str, str], where: str, problems: list[str]) -> Nation | None:
    before = len(problems)
    name = cells.get("name", "")
    if not name:
        problems.append(T_("{where}: no nation name", where=where))
    attributes = {
        a: _number(
            cells.get(a.value, ""), T_("{where}, column {a}", where=where, a=a.value), problems
        )
        for a in Attribute
    }
    if len(problems) > before:
        return None
    probe = Nation(nation_slug(name), name, {a: v or 0 for a, v in attributes.items()}, 0, 0)
    values: dict[str, int] = {"RQU": 0, "PRO": 0}
    for column, most in (("VIA", probe.via_capacity), ("LEG", probe.leg_capacity)):
        written = cells.get(column, "")
        current, _, shown_capacity = written.partition("/")
        value = most if not written else _number(current.strip(), f"{where}, {column}", problems)
        if shown_capacity and shown_capacity.strip() != str(most):
            problems.append(
                T_(
                    "{where}, {column}: capacity {value} is not {most}",
                    where=where,
                    column=column,
                    value=shown_capacity.strip(),
                    most=most,
                )
            )
        elif value is not None and value > most:
            problems.append(
                T_(
                    "{where}, {column}: {value} is above its capacity {most} (AMB-16)",
                    where=where,
                    column=column,
                    value=value,
                    most=most,
                )
            )
        values[column] = value or 0
    for column in ("RQU", "PRO"):
        if cells.get(column):
            values[column] = _number(cells[column], f"{where}, {column}", problems) or 0
    if len(problems) > before:
        return None
    return Nation(
        probe.id, name, probe.attributes, values["VIA"], values["LEG"], values["RQU"], values["PRO"]
    )


def read_wiki_table(text: str) -> tuple[Nation, ...]:
    """The nations of a wiki table like `wiki_table`'s (the GMs' pages): columns
    named by code, Spanish or English name, in any order; VIA and LEG as
    `current` or `current/capacity` (absent: full); ids made from the names.
    WikiTableProblem with every problem otherwise."""
    header, rows = _rows(text)
    problems: list[str] = []
    columns: list[str | None] = []
    for written in header:
        canonical = lookup(WIKI_COLUMNS, written)
        if canonical is None:
            hint = either(near(written, WIKI_COLUMNS))
            problems.append(
                T_("column {column!r} unknown (did you mean {hint}?)", column=written, hint=hint)
                if hint
                else T_("column {column!r} unknown", column=written)
            )
        columns.append(canonical)
    missing = [c for c in ("name", *(a.value for a in Attribute)) if c not in columns]
    if not header:
        problems.append(T_("no table header (a line starting with !)"))
    elif missing:
        problems.append(T_("columns missing: {items}", items=", ".join(missing)))
    if problems:
        raise WikiTableProblem(problems)
    nations: list[Nation] = []
    for number, row in enumerate(rows, start=1):
        where = T_("row {number}", number=number)
        if len(row) != len(columns):
            problems.append(
                T_(
                    "{where}: {row} cells, the header has {columns}",
                    where=where,
                    row=len(row),
                    columns=len(columns),
                )
            )
            continue
        cells = {c: v for c, v in zip(columns, row, strict=True) if c is not None}
        nation = _wiki_nation(cells, f"{where} ({cells.get('name', '?')})", problems)
        if nation is not None:
            nations.append(nation)
    ids = [n.id for n in nations]
    problems += [
        T_("two rows are named {i!r}", i=i) for i in sorted({i for i in ids if ids.count(i) > 1})
    ]
    if problems:
        raise WikiTableProblem(problems)
    return tuple(nations)
