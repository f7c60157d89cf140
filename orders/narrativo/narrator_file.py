"""The Narrator's file of one exchange (`narrador.yaml`) -> a `NarratorFile`.

Keys in Spanish with English aliases (case, accents and `_`/space free):

```yaml
tiempo: 1 turno            # time: "3 turnos", "2 minutos", "1 hora", "90 min", a bare
                           #   whole number = turns; 12 turns a minute (N-048)
escena: Asalto al puente   # scene: a new scene's title
iniciativa: [Kessler, Dreyer, Müller]   # initiative: the order of action (NAMB-31)
reglas:                    # rulings, by declaration id (dreyer-1), character or
  Dreyer:                  #   extended action's id
    dificultad: 6          # difficulty 2..10 (N-174); a list [4, 8] for a multiple action (N-042)
    dados: -1              # dice: the direct modifier (N-169)
    mod_dificultad: 1      # difficulty_mod: the indirect one (N-168)
    automatico: true       # automatic: automatic success allowed (NAMB-02)
    combate: false         # combat: modifiers beyond ±5 (N-183)
    oculta: false          # hidden: the roll only in the Narrator's report
    exitos: 20             # need;  turnos|tiradas [turns|rolls|limit]: 20 -> limit;
                           #   tiradas_ahora [rolls_now]: 3 -> the rolls of this exchange (N-017, N-018)
    contra: {dificultad: 6, dados: 0}   # opponent: the active opponent's (N-023)
    hazana: false          # feat (N-072);  decisiva [decisive]: false (N-073)
    niveles: {0: "colgado de un árbol", 3: "toma tierra", 5: "sin ruido"}   # levels (NAMB-03)
    rechaza: "no hay tiempo"   # refused, with the reason
pnj:                       # npc: the Narrator's characters' lines, in the players' language
  - "Kessler: Destreza + Esquivar"
chequeos:                  # checks: personaje, tipo (moral|voluntad|dolor|fatiga|fatiga_mental|
  - {personaje: Dreyer, tipo: moral, desencadenante: herido}   # movimiento|equilibrio), desencadenante|
                           # motivo, emocion, situaciones, esfuerzo, minutos, dificultad, dados,
                           # mod_dificultad, oculta, razon
descanso:                  # rests
  - {personaje: Dreyer, minutos: 40, dormido: false}
cambios:                   # changes: salud, carga, moral, moral_historico {valor, momento}, estado
  - {personaje: Dreyer, salud: 1, carga: 32}
revela: [kessler-1]        # reveal: hidden rolls to show now (declaration ids, check labels)
```

Enum values are read by their Spanish value or English name (`bajo_fuego`,
`under fire`). Every problem is an `OrderIssue` naming the file and the key
path, with the nearest names; the faulty item is dropped and the rest read.
Whether a ruling's declaration exists is the judge's business, not this
reader's. The YAML is read by `maps.safe_yaml.load_yaml` (size, aliases,
duplicate keys, nesting).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from maps.safe_yaml import YamlProblem, load_yaml
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.narrativo.declarations import read_lines
from orders.narrativo.model import Declaration, NarratorFile, Ruling, WillpowerUse
from orders.narrativo.names import NarrativoNames, fold, nearest
from orders.narrativo.narrator_entries import change, check, rest, ruling
from orders.narrativo.narrator_values import character, strings, text
from orders.narrativo.narrator_words import TOP_KEYS, turns_of
from texts import T_

_T = TypeVar("_T")
_LABEL = re.compile(r"(?P<who>.+?)(?P<sep>\s*-\s*|:)(?P<tail>.+)")


class _Reader:
    """Collects the issues while the keys are read."""

    def __init__(self, file: str, names: NarrativoNames) -> None:
        self.file = file
        self.names = names
        self.issues: list[OrderIssue] = []

    def problem(self, message: str, kind: IssueKind = IssueKind.SYNTAX) -> None:
        self.issues.append(OrderIssue(kind, message, Source.whole(self.file)))

    def attempt(self, make: Callable[..., _T], *args: Any) -> _T | None:
        """`make(*args)`; a `Problem` becomes an issue and the item is dropped."""
        try:
            return make(*args)
        except Problem as problem:
            self.issues.append(
                OrderIssue(
                    problem.kind, problem.message, Source.whole(self.file), problem.suggestions
                )
            )
            return None

    def entries(self, value: Any, where: str) -> list[tuple[str, Any]]:
        """A list section's entries with their paths (`chequeos[2]`)."""
        if not isinstance(value, list):
            self.problem(T_("{path}: must be a list", path=where))
            return []
        return [(f"{where}[{index}]", entry) for index, entry in enumerate(value)]

    def each(
        self, value: Any, where: str, make: Callable[[Any, str, NarrativoNames], _T]
    ) -> tuple[_T, ...]:
        made = (
            self.attempt(make, entry, path, self.names)
            for path, entry in self.entries(value, where)
        )
        return tuple(item for item in made if item is not None)


def read_narrator_file(
    data: bytes | str, *, file: str, names: NarrativoNames
) -> tuple[NarratorFile, tuple[OrderIssue, ...]]:
    """The Narrator's file of one exchange and its issues (N-017, N-018,
    N-023, N-042, N-048, N-168 .. N-174, N-183, NAMB-02, NAMB-03, NAMB-31)."""
    try:
        loaded = load_yaml(data, file)
    except YamlProblem as exc:
        where = Source(file, exc.line or 0, "", exc.column or 0)
        return NarratorFile(source=Source.whole(file)), (
            OrderIssue(IssueKind.SYNTAX, T_("bad YAML: {problem}", problem=exc.problem), where),
        )
    reader = _Reader(file, names)
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        reader.problem(
            T_(
                "the Narrator's file must be a mapping of keys (tiempo, escena, iniciativa,"
                " reglas, pnj, chequeos, descanso, cambios, revela)"
            )
        )
        loaded = {}
    sections = _sections(reader, loaded)
    raw = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    made = NarratorFile(
        advance_turns=_time(reader, sections),
        scene=_scene(reader, sections),
        initiative=_initiative(reader, sections.get("initiative")),
        rulings=_rulings(reader, sections.get("rulings")),
        npc=_npc(reader, sections.get("npc"), raw),
        checks=reader.each(sections["checks"][1], sections["checks"][0], check)
        if "checks" in sections
        else (),
        rests=reader.each(sections["rests"][1], sections["rests"][0], rest)
        if "rests" in sections
        else (),
        changes=reader.each(sections["changes"][1], sections["changes"][0], change)
        if "changes" in sections
        else (),
        reveal=_reveal(reader, sections.get("reveal")),
        source=Source.whole(file),
    )
    return made, tuple(reader.issues)


def _sections(reader: _Reader, loaded: dict[Any, Any]) -> dict[str, tuple[str, Any]]:
    """The top keys by section: (the key as written, its value); an unknown
    key or one written twice (Spanish and English) is reported and skipped."""
    sections: dict[str, tuple[str, Any]] = {}
    for key, value in loaded.items():
        name = TOP_KEYS.get(fold(str(key)))
        if name is None:
            choices = {spelling: (spelling,) for spelling in TOP_KEYS}
            reader.issues.append(
                OrderIssue(
                    IssueKind.SYNTAX,
                    T_("{path}: unknown key", path=key),
                    Source.whole(reader.file),
                    nearest(str(key), choices),
                )
            )
        elif name in sections:
            reader.problem(
                T_("{path}: the same as {other}, given twice", path=key, other=sections[name][0]),
                IssueKind.AMBIGUOUS,
            )
        elif value is not None:
            sections[name] = (str(key), value)
    return sections


def _time(reader: _Reader, sections: dict[str, tuple[str, Any]]) -> int:
    """`tiempo`: the scene clock's advance in turns (N-048); 1 when not given."""
    if "time" not in sections:
        return 1
    key, value = sections["time"]
    found = reader.attempt(turns_of, value, key)
    return 1 if found is None else found


def _scene(reader: _Reader, sections: dict[str, tuple[str, Any]]) -> str | None:
    if "scene" not in sections:
        return None
    key, value = sections["scene"]
    return reader.attempt(text, value, key)


def _initiative(reader: _Reader, section: tuple[str, Any] | None) -> tuple[str, ...]:
    """`iniciativa`: characters in the order they act (NAMB-31, N-024)."""
    if section is None:
        return ()
    order: list[str] = []
    for path, value in strings(section[1], section[0]):
        found = reader.attempt(character, value, path, reader.names)
        if found in order:
            reader.problem(
                T_("{path}: {name} is named twice", path=path, name=reader.names.display(found)),
                IssueKind.AMBIGUOUS,
            )
        elif found is not None:
            order.append(found)
    return tuple(order)


def _rulings(reader: _Reader, section: tuple[str, Any] | None) -> tuple[Ruling, ...]:
    """`reglas`: one ruling per declaration; a second for the same one is
    reported and dropped."""
    if section is None:
        return ()
    key, value = section
    if not isinstance(value, dict):
        reader.problem(
            T_("{path}: must map declarations (dreyer-1) or characters to rulings", path=key)
        )
        return ()
    found: dict[str, Ruling] = {}
    for ref, entry in value.items():
        made = reader.attempt(ruling, ref, entry, f"{key}.{ref}", reader.names)
        if made is not None and made.ref in found:
            reader.problem(
                T_("{path}: a second ruling for {ref}", path=f"{key}.{ref}", ref=made.ref),
                IssueKind.AMBIGUOUS,
            )
        elif made is not None:
            found[made.ref] = made
    return tuple(found.values())


def _npc(reader: _Reader, section: tuple[str, Any] | None, raw: str) -> tuple[Declaration, ...]:
    """`pnj`: the Narrator's characters' lines, read as a post of the
    Narrator's (only declarations, a desperate mark, a dice spend)."""
    if section is None:
        return ()
    key, value = section
    lines: list[tuple[int, str]] = []
    for path, line in reader.entries(value, key):
        written = reader.attempt(text, line, path)
        if written is not None:
            lines.append((_line_number(raw, written, lines), written))
    parsed = read_lines(lines, file=reader.file, player=None, names=reader.names)
    reader.issues.extend(parsed.issues)
    others: Sequence[Any] = [
        *parsed.choices,
        *(s for s in parsed.spends if s.use is not WillpowerUse.DICE),
    ]
    for item in others:
        reader.issues.append(
            OrderIssue(
                IssueKind.ILLEGAL,
                T_(
                    "{path}: only declarations are read here (choices and other spends of"
                    " Voluntad are the players')",
                    path=key,
                ),
                item.source or Source.whole(reader.file),
            )
        )
    return parsed.declarations


def _line_number(raw: str, line: str, before: list[tuple[int, str]]) -> int:
    """The file line that holds an npc line (after the previous one), else 0."""
    start = before[-1][0] if before else 0
    lines = raw.split("\n")
    for index in range(start, len(lines)):
        if line in lines[index]:
            return index + 1
    return 0


def _reveal(reader: _Reader, section: tuple[str, Any] | None) -> tuple[str, ...]:
    """`revela`: declaration ids (`kessler-1`) and check labels
    (`kessler:moral`) whose hidden rolls are shown now; a character's name
    is read as his id, the rest kept as written."""
    if section is None:
        return ()
    found: list[str] = []
    for path, value in strings(section[1], section[0]):
        written = reader.attempt(text, value, path)
        if written is not None:
            found.append(_label(written, reader.names))
    return tuple(dict.fromkeys(found))


def _label(written: str, names: NarrativoNames) -> str:
    match = _LABEL.fullmatch(written)
    if match and len(names.characters_named(match.group("who"))) == 1:
        separator = ":" if ":" in match.group("sep") else "-"
        return f"{names.characters_named(match.group('who'))[0]}{separator}{match.group('tail').strip()}"
    return written
