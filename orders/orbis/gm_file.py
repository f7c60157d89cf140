"""The GM's inputs of a turn, from a YAML file (`gm.yaml`).

Sections (all optional; nations, attributes, statistics and levels by any
name the reader knows, accents and case free):

```yaml
year: 1205
events:                        # O-009: the year's events
  - name: Peste negra
    year: 1205                 # default: the file's year
    modifiers:                 # O-049: signed, a bonus is negative (O-045)
      - {nation: Borgoña, attribute: MIL, value: 10, until: 1210}
    extra_medidas: {Génova: 1} # AMB-43
veto:                          # O-002: a medida refused as implausible (ASB)
  - {nation: Borgoña, reason: "ASB: dragones"}
reclassify:                    # O-118: the medida rolls another statistic
  - {nation: Génova, statistic: Intriga}
reach:                         # O-060 .. O-062, AMB-09: GM data per pair
  - {nations: [Génova, Borgoña], level: muy lejano, attribute: ECN}
secret: [Génova]               # whose medida this turn is secret
politics: {...}                # the year's politics: see orders.orbis.gm_politics
```

Every problem is named (section, entry, field) as an `OrderIssue` of the
file as a whole; a faulty entry is left out, the rest is read.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from maps.safe_yaml import YamlProblem, load_yaml
from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.orbis.gm_politics import read_gm_politics
from orders.orbis.model import (
    Event,
    EventModifier,
    NameBook,
    OrbisNames,
    ParsedGm,
    Reach,
    Reclassify,
    Veto,
)
from orders.orbis.words import (
    ATTRIBUTE_WORDS,
    REACH_LEVELS,
    STATISTIC_WORDS,
    VARIANT_OF,
    attribute_id,
    nearest,
    reach_level,
    statistic_id,
)
from texts import T_

_SECTIONS = ("year", "events", "veto", "reclassify", "reach", "secret", "politics")
MAX_EVENT_YEARS = 20
"""An event's modifier ends within 20 years of its origin (O-049)."""

_T = TypeVar("_T")


class _Reader:
    """Collects the issues while the sections are read."""

    def __init__(self, file: str, names: OrbisNames) -> None:
        self.file = file
        self.book = NameBook.build(names.nations, names.regions)
        self.issues: list[OrderIssue] = []

    def problem(self, where: str, message: str, kind: IssueKind = IssueKind.SYNTAX) -> None:
        said = T_("{where}: {problem}", where=where, problem=message)
        self.issues.append(OrderIssue(kind, said, Source.whole(self.file)))

    def entries(self, data: Mapping[str, Any], key: str) -> list[tuple[str, Mapping[str, Any]]]:
        """The mappings of a list section, each with its place (`veto[2]`)."""
        value = data.get(key)
        if value is None:
            return []
        if not isinstance(value, list):
            self.problem(key, T_("must be a list"))
            return []
        found: list[tuple[str, Mapping[str, Any]]] = []
        for index, entry in enumerate(value):
            where = f"{key}[{index}]"
            if isinstance(entry, dict):
                found.append((where, entry))
            else:
                self.problem(where, T_("must be a mapping"))
        return found

    def each(self, items: list[tuple[str, Mapping[str, Any]]], make: Callable[..., _T]) -> list[_T]:
        """`make(where, entry)` for every entry; a `Problem` becomes an issue."""
        made: list[_T] = []
        for where, entry in items:
            try:
                made.append(make(where, entry))
            except Problem as problem:
                self.issues.append(
                    OrderIssue(
                        problem.kind,
                        T_("{where}: {problem}", where=where, problem=problem.message),
                        Source.whole(self.file),
                        problem.suggestions,
                    )
                )
        return made

    def nation(self, where: str, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise Problem(
                IssueKind.SYNTAX, T_("{where}: a nation's name is needed", where=where), 1
            )
        return self.book.nation(value)


def _required(entry: Mapping[str, Any], key: str, allowed: tuple[str, ...]) -> Any:
    unknown = sorted(str(k) for k in entry if k not in allowed)
    if unknown:
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown field {name}", name=repr(unknown[0])),
            1,
            nearest(unknown[0], allowed),
        )
    if entry.get(key) is None:
        raise Problem(IssueKind.SYNTAX, T_("missing {name}", name=repr(key)), 1)
    return entry[key]


def _integer(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise Problem(
            IssueKind.SYNTAX,
            T_("{what} must be a whole number, not {value}", what=what, value=repr(value)),
            1,
        )
    return value


def _attribute(value: Any) -> str:
    found = attribute_id(str(value))
    if found is None:
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown attribute {name}", name=repr(value)),
            1,
            nearest(str(value), tuple(ATTRIBUTE_WORDS)),
        )
    return found


def read_gm_file(data: bytes | str, *, file: str, names: OrbisNames) -> ParsedGm:
    """The GM's inputs of a turn (O-002, O-009, O-049, O-060 .. O-062,
    O-118, AMB-43), with every problem named."""
    reader = _Reader(file, names)
    try:
        loaded = load_yaml(data, file)
    except YamlProblem as exc:
        where = Source(file, exc.line or 0, "", exc.column or 0)
        issue = OrderIssue(IssueKind.SYNTAX, T_("bad YAML: {problem}", problem=exc.problem), where)
        return ParsedGm(None, (), (), (), (), frozenset(), (issue,))
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        reader.problem(file, T_("the GM file must be a mapping of sections"))
        loaded = {}
    for key in loaded:
        if key not in _SECTIONS:
            reader.issues.append(
                OrderIssue(
                    IssueKind.SYNTAX,
                    T_("unknown section {name}", name=repr(key)),
                    Source.whole(file),
                    nearest(str(key), _SECTIONS),
                )
            )
    year: int | None = None
    if loaded.get("year") is not None:
        try:
            year = _integer(loaded["year"], "year")
        except Problem as problem:
            reader.problem("year", problem.message)

    def event(where: str, entry: Mapping[str, Any]) -> Event:
        fields = ("name", "year", "modifiers", "extra_medidas")
        name = str(_required(entry, "name", fields))
        when = year if entry.get("year") is None else _integer(entry["year"], "year")
        if when is None:
            raise Problem(IssueKind.SYNTAX, T_("the event needs a year (or the file's year)"), 1)
        return Event(name, when, _modifiers(reader, where, entry, when), _extras(reader, entry))

    def veto(where: str, entry: Mapping[str, Any]) -> Veto:
        nation = reader.nation("nation", _required(entry, "nation", ("nation", "reason")))
        reason = entry.get("reason")
        return Veto(nation, str(reason) if reason else T_("implausible (ASB, O-002)"))

    def reclassify(where: str, entry: Mapping[str, Any]) -> Reclassify:
        named = _required(entry, "statistic", ("nation", "statistic"))
        nation = reader.nation("nation", entry.get("nation"))
        found = statistic_id(str(named))
        if found is None:
            raise Problem(
                IssueKind.SYNTAX,
                T_("unknown statistic {name}", name=repr(named)),
                1,
                nearest(str(named), tuple(STATISTIC_WORDS)),
            )
        variant = found if found in VARIANT_OF else None
        return Reclassify(nation, VARIANT_OF.get(found, found), variant)

    def reach(where: str, entry: Mapping[str, Any]) -> Reach:
        pair = _required(entry, "nations", ("nations", "level", "attribute"))
        if not isinstance(pair, list) or len(pair) != 2:
            raise Problem(IssueKind.SYNTAX, T_("'nations' must list two nations"), 1)
        first, second = (reader.nation("nations", value) for value in pair)
        if first == second:
            raise Problem(IssueKind.ILLEGAL, T_("a reach level needs two different nations"), 1)
        level = reach_level(str(_required(entry, "level", ("nations", "level", "attribute"))))
        if level is None:
            raise Problem(
                IssueKind.SYNTAX,
                T_("unknown reach level {name}", name=repr(entry["level"])),
                1,
                nearest(str(entry["level"]), tuple(REACH_LEVELS)),
            )
        attribute = None if entry.get("attribute") is None else _attribute(entry["attribute"])
        return Reach((first, second), level, attribute)

    events = reader.each(reader.entries(loaded, "events"), event)
    vetoes = reader.each(reader.entries(loaded, "veto"), veto)
    _twice(reader, "veto", [item.nation for item in vetoes])
    classified = reader.each(reader.entries(loaded, "reclassify"), reclassify)
    _twice(reader, "reclassify", [item.nation for item in classified])
    reaches = reader.each(reader.entries(loaded, "reach"), reach)
    secret = _secret(reader, loaded.get("secret"))
    politics, problems = read_gm_politics(loaded.get("politics"), file=file, book=reader.book)
    reader.issues.extend(problems)
    return ParsedGm(
        year,
        tuple(events),
        tuple(vetoes),
        tuple(classified),
        tuple(reaches),
        secret,
        tuple(reader.issues),
        politics,
    )


def _modifiers(
    reader: _Reader, where: str, entry: Mapping[str, Any], year: int
) -> tuple[EventModifier, ...]:
    """An event's modifiers; one ending before the event or more than 20
    years after it is refused (O-049)."""
    items = reader.entries(entry, "modifiers")
    fields = ("nation", "attribute", "value", "until")

    def modifier(place: str, item: Mapping[str, Any]) -> EventModifier:
        until = _integer(_required(item, "until", fields), "until")
        value = _integer(_required(item, "value", fields), "value")
        attribute = _attribute(_required(item, "attribute", fields))
        nation = reader.nation("nation", item.get("nation"))
        if value == 0:
            raise Problem(IssueKind.ILLEGAL, T_("a modifier of 0 does nothing"), 1)
        if not year <= until <= year + MAX_EVENT_YEARS:
            raise Problem(
                IssueKind.ILLEGAL,
                T_(
                    "until {until}: an event's modifier ends between {year} and {last} (O-049)",
                    until=until,
                    year=year,
                    last=year + MAX_EVENT_YEARS,
                ),
                1,
            )
        return EventModifier(nation, attribute, value, until)

    placed = [(f"{where}.{place}", item) for place, item in items]
    return tuple(reader.each(placed, modifier))


def _extras(reader: _Reader, entry: Mapping[str, Any]) -> Mapping[str, int]:
    """The extra medidas an event grants, by nation (AMB-43)."""
    value = entry.get("extra_medidas")
    if value is None:
        return MappingProxyType({})
    if not isinstance(value, dict):
        raise Problem(IssueKind.SYNTAX, T_("'extra_medidas' must map nations to numbers"), 1)
    granted: dict[str, int] = {}
    for name, count in value.items():
        nation = reader.nation("extra_medidas", name)
        number = _integer(count, T_("extra_medidas of {name}", name=name))
        if number < 1:
            raise Problem(
                IssueKind.ILLEGAL, T_("extra_medidas of {name} must be at least 1", name=name), 1
            )
        granted[nation] = granted.get(nation, 0) + number
    return MappingProxyType(granted)


def _twice(reader: _Reader, section: str, nations: list[str]) -> None:
    """A nation named twice in a section is ambiguous (the GM decides)."""
    for nation in sorted({n for n in nations if nations.count(n) > 1}):
        said = T_("{nation} is named more than once", nation=nation)
        reader.problem(section, said, IssueKind.AMBIGUOUS)


def _secret(reader: _Reader, value: Any) -> frozenset[str]:
    """The nations whose medida this turn is secret."""
    if value is None:
        return frozenset()
    if not isinstance(value, list):
        reader.problem("secret", T_("must be a list of nations"))
        return frozenset()
    found: set[str] = set()
    for index, name in enumerate(value):
        try:
            found.add(reader.nation("secret", name))
        except Problem as problem:
            reader.issues.append(
                OrderIssue(
                    problem.kind,
                    T_("{where}: {problem}", where=f"secret[{index}]", problem=problem.message),
                    Source.whole(reader.file),
                    problem.suggestions,
                )
            )
    return frozenset(found)
