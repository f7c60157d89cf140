"""The political part of the GM's file: the optional `politics:` mapping ->
`GmPolitics` (rulebook 000 "Mapa y Estados" .. "Épocas").

```yaml
politics:
  vassalages: [{vassal: asturias, patron: castilla, tributary: true, origin: war}]  # O-200, O-235
  freed: [galicia]                               # O-194, O-198
  hostilities: [[francos, burgundios]]           # O-202: clashes beyond the medidas
  fronts: [{nation: francos, enemy: visigodos, halves: 4}]  # O-209, O-210
  capacity: {francos: 3}                         # O-211: fronts held free
  civil_wars: [{nation: francos, factions: [rey, nobles], incumbent: rey,
                controllers: {nobles: burgundios}, backers: {ostrogodos: nobles}}]  # O-213, O-216, O-222
  civil_war_ends: {francos: rey}                 # the faction that won
  rebellions: [{nation: visigodos, backers: [francos]}]  # O-225, O-231
  escalations: [visigodos]                       # O-232
  organisations: [{id: liga, name: Liga Lombarda, members: [a, b, c, d, e],
                   election: igualitaria, term: variable}]  # O-279, O-287, O-288
  answers: [{ref: T501-1, nation: suevos, accept: true}]   # O-234
  force_majeure: [D501-1]                        # O-250
  epoch: partial                                 # O-298, O-299
  exclusions: [{conference: C503-1, nation: suevos, lejania: 10}]  # O-277 (lejania: AMB-28)
  suspensions: [{conference: C503-1, nation: vandalos, condition: "pay the fine"}]  # O-278
  reinstatements: [{conference: C503-1, nation: vandalos}]          # O-278
```

Nations by any name or alias; enum words in Spanish or English (stored as
the rule modules' enum values, `orders.orbis.politics_words`). Every problem
is an issue of the file naming the key path (`politics.fronts[0].halves`)
and the text, with the nearest valid names; a faulty entry is left out, the
rest is read. Organisation ids are one word, stored folded (a `Voto:` line
names the organisation by it).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial
from types import MappingProxyType
from typing import Any, TypeVar

from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.orbis.model import NameBook
from orders.orbis.politics_model import (
    GmAnswer,
    GmBlocAct,
    GmCivilWar,
    GmFront,
    GmOrganisation,
    GmPolitics,
    GmRebellion,
    GmVassalage,
)
from orders.orbis.politics_words import (
    ELECTIONS,
    EPOCHS,
    FIXED_TERM_YEARS,
    MIN_MEMBERS,
    REF,
    TERMS,
    VASSALAGE_ORIGINS,
    instrument,
)
from orders.orbis.words import fold, nearest
from texts import T_

FIELDS = (
    "vassalages",
    "freed",
    "hostilities",
    "fronts",
    "capacity",
    "civil_wars",
    "civil_war_ends",
    "rebellions",
    "escalations",
    "organisations",
    "answers",
    "force_majeure",
    "epoch",
    "exclusions",
    "suspensions",
    "reinstatements",
)
"""The keys of the `politics:` mapping."""

_T = TypeVar("_T")
_YES = frozenset({"si", "yes", "true", "acepta", "accept", "accepts"})
_NO = frozenset({"no", "false", "rechaza", "reject", "rejects"})


def _problem(message: str, kind: IssueKind = IssueKind.SYNTAX, guesses: Any = ()) -> Problem:
    return Problem(kind, message, 1, tuple(guesses))


def _in(path: str, read: Callable[[], _T]) -> _T:
    """`read()`, its `Problem` placed at `path` inside the entry (`.halves`)."""
    try:
        return read()
    except Problem as problem:
        dot = "" if path.startswith("[") else "."
        message = _placed(f"{dot}{path}", problem.message)
        raise Problem(problem.kind, message, 1, problem.suggestions) from None


def _placed(where: str, message: str) -> str:
    """`message` at `where`: `where.halves: ...` when it is placed already
    (starts with `.` or `[`), else `where: message`; kept translatable."""
    if message.startswith((".", "[")):
        return T_("{where}{problem}", where=where, problem=message)
    return T_("{where}: {problem}", where=where, problem=message)


def _fields(entry: Any, allowed: tuple[str, ...], required: tuple[str, ...]) -> Mapping[str, Any]:
    """An entry's mapping, its keys checked (the nearest valid key on a slip)."""
    if not isinstance(entry, dict):
        raise _problem(
            T_(
                "must be a mapping with {keys}, not {value}",
                keys=", ".join(required),
                value=repr(entry),
            )
        )
    for key in entry:
        if key not in allowed:
            raise _problem(
                T_("unknown key {name}", name=repr(key)), guesses=nearest(str(key), allowed)
            )
    for key in required:
        if entry.get(key) is None:
            raise _problem(T_("missing {name}", name=repr(key)))
    return entry


def _word(value: Any, table: Mapping[str, str], what: str) -> str:
    """The enum value a word names (Spanish or English), or a `Problem`."""
    found = table.get(fold(str(value)))
    if found is None or isinstance(value, bool):
        choices = sorted(set(table.values()))
        raise _problem(
            T_(
                "unknown {what} {value} ({choices})",
                what=what,
                value=repr(value),
                choices=", ".join(choices),
            ),
            guesses=nearest(str(value), tuple(table)),
        )
    return found


def _integer(value: Any, what: str, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _problem(
            T_("{what} must be a whole number, not {value}", what=what, value=repr(value))
        )
    if value < low:
        raise _problem(
            T_("{what} must be at least {low}, not {value}", what=what, low=low, value=value),
            IssueKind.ILLEGAL,
        )
    return value


def _boolean(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    word = fold(str(value))
    if word in _YES or word in _NO:
        return word in _YES
    raise _problem(T_("{what} must be true or false, not {value}", what=what, value=repr(value)))


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise _problem(T_("{what} must be a list, not {value}", what=what, value=repr(value)))
    return value


def _instrument(value: Any, letters: str, what: str) -> str:
    """An instrument id (`T501-1`, `D501-1`, `C501-1`) of the given letters."""
    found = REF.fullmatch(fold(str(value)))
    if found is None or found.group("letter") not in letters or found.group("p"):
        raise _problem(T_("{value} is no {what}", value=repr(value), what=what))
    return instrument(found)


class _Reader:
    """Reads the sections, collecting one issue per faulty entry."""

    def __init__(self, file: str, book: NameBook) -> None:
        self.file = file
        self.book = book
        self.issues: list[OrderIssue] = []

    def fail(self, where: str, problem: Problem) -> None:
        self.issues.append(
            OrderIssue(
                problem.kind,
                _placed(f"politics{'.' if where else ''}{where}", problem.message),
                Source.whole(self.file),
                problem.suggestions,
            )
        )

    def entries(
        self, data: Mapping[str, Any], key: str, make: Callable[[Any], _T]
    ) -> tuple[_T, ...]:
        """`make(item)` for every item of a list section."""
        value = data.get(key)
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(key, _problem(T_("must be a list, not {value}", value=repr(value))))
            return ()
        made: list[_T] = []
        for index, item in enumerate(value):
            where = f"{key}[{index}]"
            try:
                made.append(make(item))
            except Problem as problem:
                self.fail(where, problem)
        return tuple(made)

    def pairs(
        self, data: Mapping[str, Any], key: str, make: Callable[[Any, Any], tuple[str, _T]]
    ) -> Mapping[str, _T]:
        """`make(key, value)` for every pair of a mapping section."""
        value = data.get(key)
        if value is None:
            return MappingProxyType({})
        if not isinstance(value, dict):
            self.fail(key, _problem(T_("must be a mapping, not {value}", value=repr(value))))
            return MappingProxyType({})
        made: dict[str, _T] = {}
        for name, item in value.items():
            where = f"{key}.{name}"
            try:
                nation, read = make(name, item)
                made[nation] = read
            except Problem as problem:
                self.fail(where, problem)
        return MappingProxyType(made)

    def nation(self, value: Any) -> str:
        if not isinstance(value, str) or not value.strip():
            raise _problem(T_("a nation's name is needed, not {value}", value=repr(value)))
        return self.book.nation(value)

    def nations(self, value: Any, what: str) -> tuple[str, ...]:
        return tuple(dict.fromkeys(self.nation(item) for item in _list(value, what)))

    def two(self, first: tuple[str, Any], second: tuple[str, Any], why: str) -> tuple[str, str]:
        """Two different nations, each at its path."""
        one = _in(first[0], lambda: self.nation(first[1]))
        other = _in(second[0], lambda: self.nation(second[1]))
        if one == other:
            raise _problem(T_("{nation} twice: {why}", nation=one, why=why), IssueKind.ILLEGAL)
        return one, other


def read_gm_politics(
    value: Any, *, file: str, book: NameBook
) -> tuple[GmPolitics, tuple[OrderIssue, ...]]:
    """The `politics:` mapping of the GM's file (None: nothing political this
    year) and its issues (O-194 .. O-299, see the module's docstring)."""
    reader = _Reader(file, book)
    if value is None:
        return GmPolitics(), ()
    if not isinstance(value, dict):
        reader.fail("", _problem(T_("must be a mapping, not {value}", value=repr(value))))
        return GmPolitics(), tuple(reader.issues)
    for key in value:
        if key not in FIELDS:
            reader.fail(
                str(key),
                _problem(
                    T_("unknown key {name}", name=repr(key)), guesses=nearest(str(key), FIELDS)
                ),
            )
    entries, pairs = reader.entries, reader.pairs
    vassalages = entries(value, "vassalages", lambda e: _vassalage(reader, e))
    freed = entries(value, "freed", reader.nation)
    hostilities = entries(value, "hostilities", lambda e: _hostility(reader, e))
    fronts = entries(value, "fronts", lambda e: _front(reader, e))
    capacity = pairs(value, "capacity", lambda k, v: (reader.nation(k), _integer(v, "capacity", 0)))
    civil_wars = entries(value, "civil_wars", lambda e: _civil_war(reader, e))
    factions = {war.nation: war.factions for war in civil_wars}
    ends = pairs(value, "civil_war_ends", lambda k, v: _end(reader, factions, k, v))
    rebellions = entries(value, "rebellions", lambda e: _rebellion(reader, e))
    escalations = entries(value, "escalations", reader.nation)
    organisations = entries(value, "organisations", lambda e: _organisation(reader, e))
    answers = entries(value, "answers", lambda e: _answer(reader, e))
    majeure = entries(
        value,
        "force_majeure",
        lambda e: _instrument(e, "dt", T_("declaration or treaty id (D501-1, T501-1)")),
    )
    epoch = None
    if value.get("epoch") is not None:
        try:
            epoch = _word(value["epoch"], EPOCHS, "epoch")
        except Problem as problem:
            reader.fail("epoch", problem)
    politics = GmPolitics(
        vassalages,
        freed,
        hostilities,
        fronts,
        capacity,
        civil_wars,
        ends,
        rebellions,
        escalations,
        _unique(reader, organisations),
        answers,
        majeure,
        epoch,
        exclusions=entries(value, "exclusions", lambda e: _bloc_act(reader, e, "lejania")),
        suspensions=entries(value, "suspensions", lambda e: _bloc_act(reader, e, "condition")),
        reinstatements=entries(value, "reinstatements", lambda e: _bloc_act(reader, e, "")),
    )
    return politics, tuple(reader.issues)


def _vassalage(reader: _Reader, entry: Any) -> GmVassalage:
    """A vassalage the GM records (O-200, O-235, AMB-41)."""
    fields = _fields(entry, ("vassal", "patron", "tributary", "origin"), ("vassal", "patron"))
    vassal, patron = reader.two(
        ("vassal", fields["vassal"]),
        ("patron", fields["patron"]),
        T_("no nation is its own vassal"),
    )
    tributary = (
        True
        if fields.get("tributary") is None
        else _in("tributary", lambda: _boolean(fields["tributary"], "tributary"))
    )
    origin = (
        "gm"
        if fields.get("origin") is None
        else _in("origin", lambda: _word(fields["origin"], VASSALAGE_ORIGINS, "origin"))
    )
    return GmVassalage(vassal, patron, tributary, origin)


def _hostility(reader: _Reader, entry: Any) -> tuple[str, str]:
    """A clash between two nations beyond the medidas (O-202, O-204)."""
    pair = _list(entry, T_("a hostility"))
    if len(pair) != 2:
        raise _problem(T_("a hostility names two nations, not {value}", value=repr(entry)))
    return reader.two(("[0]", pair[0]), ("[1]", pair[1]), T_("a nation clashes with another"))


def _front(reader: _Reader, entry: Any) -> GmFront:
    """An enemy's weight as a front, in halves (O-209, O-210, AMB-35)."""
    fields = _fields(entry, ("nation", "enemy", "halves"), ("nation", "enemy", "halves"))
    nation, enemy = reader.two(
        ("nation", fields["nation"]),
        ("enemy", fields["enemy"]),
        T_("a nation is no front of itself"),
    )
    return GmFront(nation, enemy, _in("halves", lambda: _integer(fields["halves"], "halves", 0)))


def _faction(factions: tuple[str, ...], value: Any) -> str:
    """The faction a name names (folded), or a `Problem` with the nearest."""
    named = {fold(faction): faction for faction in factions}
    found = named.get(fold(str(value)))
    if found is None:
        raise _problem(
            T_(
                "unknown faction {value} ({factions})",
                value=repr(value),
                factions=", ".join(factions),
            ),
            guesses=[named[g] for g in nearest(str(value), tuple(named))],
        )
    return found


def _civil_war(reader: _Reader, entry: Any) -> GmCivilWar:
    """A civil war the GM starts (O-213, O-216, O-219, O-222)."""
    allowed = ("nation", "factions", "incumbent", "controllers", "backers")
    fields = _fields(entry, allowed, ("nation", "factions"))
    nation = _in("nation", lambda: reader.nation(fields["nation"]))
    factions = tuple(
        str(f).strip() for f in _in("factions", lambda: _list(fields["factions"], "factions"))
    )
    if len({fold(f) for f in factions}) != len(factions) or len(factions) < 2 or "" in factions:
        raise _problem(
            T_(
                "a civil war needs two or more different factions, not {factions}",
                factions=factions,
            )
        )
    incumbent = factions[0]
    if fields.get("incumbent") is not None:
        incumbent = _in("incumbent", lambda: _faction(factions, fields["incumbent"]))
    controllers: dict[str, str] = {}
    for faction, controller in _mapping(fields.get("controllers"), "controllers").items():
        place = f"controllers.{faction}"
        controllers[_in(place, partial(_faction, factions, faction))] = _in(
            place, partial(reader.nation, controller)
        )
    backers: dict[str, str] = {}
    for backer, faction in _mapping(fields.get("backers"), "backers").items():
        place = f"backers.{backer}"
        name = _in(place, partial(reader.nation, backer))
        if name == nation:
            raise _problem(
                T_(
                    ".{place}: {nation} is no backer of its own civil war (O-222)",
                    place=place,
                    nation=nation,
                ),
                IssueKind.ILLEGAL,
            )
        backers[name] = _in(place, partial(_faction, factions, faction))
    ordered = (incumbent, *(f for f in factions if f != incumbent))
    return GmCivilWar(
        nation, ordered, incumbent, MappingProxyType(controllers), MappingProxyType(backers)
    )


def _mapping(value: Any, what: str) -> Mapping[Any, Any]:
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise _problem(T_("{what} must be a mapping, not {value}", what=what, value=repr(value)))
    return value


def _end(
    reader: _Reader, factions: Mapping[str, tuple[str, ...]], name: Any, winner: Any
) -> tuple[str, str]:
    """A civil war's end: the nation and the faction that won."""
    nation = reader.nation(name)
    if not isinstance(winner, str) or not winner.strip():
        raise _problem(T_("name the faction that won, not {value}", value=repr(winner)))
    if nation in factions:
        return nation, _faction(factions[nation], winner)
    return nation, winner.strip()


def _rebellion(reader: _Reader, entry: Any) -> GmRebellion:
    """A rebellion the GM raises, with its secret backers (O-225, O-231)."""
    fields = _fields(entry, ("nation", "backers"), ("nation",))
    nation = _in("nation", lambda: reader.nation(fields["nation"]))
    backers: tuple[str, ...] = ()
    if fields.get("backers") is not None:
        backers = _in("backers", lambda: reader.nations(fields["backers"], "backers"))
    if nation in backers:
        raise _problem(
            T_("{nation} does not back a rebellion against itself", nation=nation),
            IssueKind.ILLEGAL,
        )
    return GmRebellion(nation, backers)


def _organisation(reader: _Reader, entry: Any) -> GmOrganisation:
    """An organisation founded by its Statute (O-279, O-287, O-288)."""
    allowed = ("id", "name", "members", "election", "term", "fixed_years")
    fields = _fields(entry, allowed, ("id", "members"))
    ident = fold(str(fields["id"]))
    if not ident or len(ident.split()) != 1:
        raise _problem(
            T_(
                "an organisation's id is one word (players vote with it), not {value}",
                value=repr(fields["id"]),
            )
        )
    members = _in("members", lambda: reader.nations(fields["members"], "members"))
    if len(members) < MIN_MEMBERS:
        raise _problem(
            T_(
                "an organisation is founded by at least {least} members, not {n} (O-279)",
                least=MIN_MEMBERS,
                n=len(members),
            ),
            IssueKind.ILLEGAL,
        )
    election = _in(
        "election", lambda: _word(fields.get("election") or "egalitarian", ELECTIONS, "election")
    )
    term, years = _in("term", lambda: _term(fields.get("term"), fields.get("fixed_years")))
    name = str(fields.get("name") or fields["id"]).strip()
    return GmOrganisation(ident, name, members, election, term, years)


def _term(term: Any, fixed_years: Any) -> tuple[str, int | None]:
    """`variable` (2d10 turns, AMB-29), `fixed` with `fixed_years`, or a
    number of years (a fixed term) (O-288)."""
    years = None if fixed_years is None else _integer(fixed_years, "fixed_years", 1)
    if isinstance(term, int) and not isinstance(term, bool):
        years, kind = term, "fixed"
    else:
        kind = "variable" if term is None else _word(term, TERMS, "term")
    if kind == "fixed" and years is None:
        raise _problem(T_("a fixed term needs `fixed_years: 3..10` (O-288)"))
    if kind == "fixed" and years not in FIXED_TERM_YEARS:
        raise _problem(
            T_("a fixed term lasts 3..10 years, not {years} (O-288)", years=years),
            IssueKind.ILLEGAL,
        )
    if kind == "variable" and years is not None:
        raise _problem(T_("fixed_years needs `term: fixed` (O-288)"))
    return kind, years


def _answer(reader: _Reader, entry: Any) -> GmAnswer:
    """The GM's answer for a nation without a player (O-234, AMB-41)."""
    fields = _fields(entry, ("ref", "nation", "accept"), ("ref", "nation", "accept"))
    ref = _in(
        "ref",
        lambda: _instrument(fields["ref"], "tc", T_("offer or conference id (T501-1, C501-1)")),
    )
    nation = _in("nation", lambda: reader.nation(fields["nation"]))
    return GmAnswer(ref, nation, _in("accept", lambda: _boolean(fields["accept"], "accept")))


def _unique(
    reader: _Reader, organisations: tuple[GmOrganisation, ...]
) -> tuple[GmOrganisation, ...]:
    """Organisations with distinct ids (a repeated id is left out)."""
    seen: dict[str, GmOrganisation] = {}
    for organisation in organisations:
        if organisation.id in seen:
            reader.fail(
                "organisations",
                _problem(
                    T_("the id {id} is used twice", id=repr(organisation.id)), IssueKind.AMBIGUOUS
                ),
            )
        else:
            seen[organisation.id] = organisation
    return tuple(seen.values())


def _bloc_act(reader: _Reader, entry: Any, extra: str) -> GmBlocAct:
    """A bloc's decision (O-277, O-278): the conference's id and the nation;
    `extra` the further key allowed: an exclusion's `lejania` (a penalty, 1
    or more; AMB-28), a suspension's `condition` (required)."""
    required = ("conference", "nation", "condition") if extra == "condition" else ()
    allowed = ("conference", "nation", *((extra,) if extra else ()))
    fields = _fields(entry, allowed, required or ("conference", "nation"))
    conference = _in(
        "conference", lambda: _instrument(fields["conference"], "c", T_("conference id (C501-1)"))
    )
    nation = _in("nation", lambda: reader.nation(fields["nation"]))
    condition = str(fields.get("condition") or "").strip()
    if extra == "condition" and not condition:
        raise _problem(T_(".condition: name what the nation must do to be reinstated (O-278)"))
    lejania = None
    if fields.get("lejania") is not None:
        lejania = _in("lejania", lambda: _integer(fields["lejania"], "lejania", 1))
    return GmBlocAct(conference, nation, condition, lejania)
