"""The political state in the state file (`turns/<year>-medidas.yaml`, key
`politics:`): `politics_to_dict` and its exact inverse `politics_from_dict`
(rulebook 000 "Mapa y Estados" .. "Épocas"; register: `politics.register`).

The mapping holds, each left out when empty::

    vassalages:   [{vassal, patron, since, tributary, forgiven_cycles, ...}]  # O-185
    grievances:   [{nation, value, first, until, source}]                     # O-196, AMB-46
    conflicts:    [{nations: [a, b], hostile, quiet, at_war, started, ...}]   # O-204
    fronts:       {nation: {enemy: halves}}                                   # O-209, O-210
    capacity:     {nation: fronts}                                            # O-211
    civil_wars:   [{nation, factions, incumbent, supremacy, started, backers}]  # O-219
    controllers:  {nation: {faction: controlling nation}}                     # O-216
    rebellions:   [{nation, since, backers, discovered, last_failure}]        # O-225
    treaties:     [{id, parties, terms, kind, signed, term_years, ...}]       # O-244, O-245
    offers:       [{id, sender, to, terms, kind, year, state, ...}]           # O-238
    declarations: [{id, text, kind, parties: [{nation, since, notice}], ...}]  # O-248
    conferences:  [{id, conveners, topic, start, proposals, ...}]             # O-257
    resolutions:  [{id, conference, proposal, adopted, binds, ...}]           # O-271
    blocs:        [{id, members, suspended: {nation: condition}, leaving}]    # O-259, O-278
    lejania:      [{nation, toward, value, first, until, source}]             # O-277, AMB-28
    organisations: [{id, name, members, founded, statute, leader, ...}]       # O-279
    epochs:       [years]                                                     # O-296

Plain YAML-safe data only (text, whole numbers, booleans, lists, mappings):
keys sorted, records in the order the register holds them, sets as sorted
lists, enums by their value, fields at their default left out; so the same
`Politics` always gives byte-identical YAML.

Reading refuses anything malformed with a ValueError naming the key's path
(`politics.treaties[2].parties`) and what was expected; an unknown key is
refused with the nearest valid one; the records' own checks are re-raised
with their path; and the result must satisfy `register.politics_problems`
against the sheets (no vassal cycle, sheets and vassalages agreeing, no
treaty term above 20, Supremacy summing to 100, known nations).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, TypeVar

from adjudicator.rulesets.orbis.politics.codec_assemblies import (
    conference_from_dict,
    conference_to_dict,
    declaration_from_dict,
    declaration_to_dict,
    organisation_from_dict,
    organisation_to_dict,
    resolution_from_dict,
    resolution_to_dict,
)
from adjudicator.rulesets.orbis.politics.codec_blocs import (
    bloc_from_dict,
    bloc_to_dict,
    grievance_from_dict,
    grievance_to_dict,
    lejania_from_dict,
    lejania_to_dict,
)
from adjudicator.rulesets.orbis.politics.codec_read import Fields, integer, name, read_table
from adjudicator.rulesets.orbis.politics.codec_records import (
    civil_war_from_dict,
    civil_war_to_dict,
    conflict_from_dict,
    conflict_to_dict,
    rebellion_from_dict,
    rebellion_to_dict,
    vassalage_from_dict,
    vassalage_to_dict,
)
from adjudicator.rulesets.orbis.politics.codec_treaties import (
    offer_from_dict,
    offer_to_dict,
    treaty_from_dict,
    treaty_to_dict,
)
from adjudicator.rulesets.orbis.politics.register import Politics, politics_problems
from adjudicator.rulesets.orbis.politics.treaties import Treaties
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.words import joined
from texts import T_

__all__ = ["KEYS", "PATH", "politics_from_dict", "politics_to_dict"]

PATH = "politics"
"""The key of the political state in the state file, the root of every path."""

KEYS = (
    "blocs",
    "capacity",
    "civil_wars",
    "conferences",
    "conflicts",
    "controllers",
    "declarations",
    "epochs",
    "fronts",
    "grievances",
    "lejania",
    "offers",
    "organisations",
    "rebellions",
    "resolutions",
    "treaties",
    "vassalages",
)
"""The keys of the `politics:` mapping, in the order written (sorted)."""

T = TypeVar("T")


def _pairs_to_dict(pairs: Mapping[tuple[str, str], T]) -> dict[str, dict[str, T]]:
    nested: dict[str, dict[str, T]] = {}
    for (outer, inner), value in sorted(pairs.items()):
        nested.setdefault(outer, {})[inner] = value
    return nested


def politics_to_dict(p: Politics) -> dict[str, Any]:
    """The plain data of `p`, empty things left out (an empty `Politics`
    gives `{}`)."""
    data: dict[str, Any] = {
        "blocs": [bloc_to_dict(b) for b in p.blocs],
        "capacity": {n: p.capacity[n] for n in sorted(p.capacity)},
        "civil_wars": [civil_war_to_dict(c) for c in p.civil_wars],
        "conferences": [conference_to_dict(c) for c in p.conferences],
        "conflicts": [conflict_to_dict(c) for c in p.conflicts],
        "controllers": _pairs_to_dict(p.controllers),
        "declarations": [declaration_to_dict(d) for d in p.declarations],
        "epochs": list(p.epochs),
        "fronts": _pairs_to_dict(p.fronts),
        "grievances": [grievance_to_dict(g) for g in p.grievances],
        "lejania": [lejania_to_dict(x) for x in p.lejania],
        "offers": [offer_to_dict(o) for o in p.treaties.offers],
        "organisations": [organisation_to_dict(o) for o in p.organisations],
        "rebellions": [rebellion_to_dict(r) for r in p.rebellions],
        "resolutions": [resolution_to_dict(r) for r in p.resolutions],
        "treaties": [treaty_to_dict(t) for t in p.treaties.treaties],
        "vassalages": [vassalage_to_dict(v) for v in p.vassalages],
    }
    return {key: data[key] for key in KEYS if data[key]}


def _records(f: Fields, key: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
    return tuple(read(item, at) for at, item in f.items(key))


def _unique(records: Sequence[Any], f: Fields, key: str, what: Callable[[Any], object]) -> None:
    """Refuse two records of `key` sharing an identity (`what`)."""
    seen: dict[object, int] = {}
    for i, record in enumerate(records):
        ident = what(record)
        if ident in seen:
            raise ValueError(
                T_(
                    "{path}[{i}]: expected one record per {key}, {ident!r} already at [{seen}]",
                    path=f.at(key),
                    i=i,
                    key=key[:-1],
                    ident=ident,
                    seen=seen[ident],
                )
            )
        seen[ident] = i


def _pairs(f: Fields, key: str, read: Callable[[Any, str], T]) -> Mapping[tuple[str, str], T]:
    found: dict[tuple[str, str], T] = {}
    for outer, at, inner_table in f.table(key):
        for inner, inner_at, value in read_table(inner_table, at):
            found[(outer, inner)] = read(value, inner_at)
    return MappingProxyType(found)


def _halves(value: Any, path: str) -> int:
    halves = integer(value, path)
    if halves < 1:
        raise ValueError(
            T_(
                "{path}: expected a front's weight of 1 half or more (O-209), got {halves}",
                path=path,
                halves=halves,
            )
        )
    return halves


def politics_from_dict(data: Any, nations: Sequence[Nation]) -> Politics:
    """The `Politics` `politics_to_dict` wrote, checked against the sheets
    `nations` (`register.politics_problems`); ValueError naming the key."""
    f = Fields(data, PATH, (), KEYS)
    capacity: dict[str, int] = {}
    for nation, at, value in f.table("capacity"):
        capacity[nation] = integer(value, at)
        if capacity[nation] < 0:
            raise ValueError(T_("{at}: expected a front capacity of 0 or more (O-211)", at=at))
    politics = Politics(
        vassalages=_records(f, "vassalages", vassalage_from_dict),
        conflicts=_records(f, "conflicts", conflict_from_dict),
        fronts=_pairs(f, "fronts", _halves),
        capacity=MappingProxyType(capacity),
        civil_wars=_records(f, "civil_wars", civil_war_from_dict),
        controllers=_pairs(f, "controllers", name),
        rebellions=_records(f, "rebellions", rebellion_from_dict),
        treaties=Treaties(
            _records(f, "treaties", treaty_from_dict), _records(f, "offers", offer_from_dict)
        ),
        declarations=_records(f, "declarations", declaration_from_dict),
        conferences=_records(f, "conferences", conference_from_dict),
        resolutions=_records(f, "resolutions", resolution_from_dict),
        organisations=_records(f, "organisations", organisation_from_dict),
        epochs=f.integers("epochs"),
        grievances=_records(f, "grievances", grievance_from_dict),
        blocs=_records(f, "blocs", bloc_from_dict),
        lejania=_records(f, "lejania", lejania_from_dict),
    )
    _unique(politics.conflicts, f, "conflicts", lambda c: tuple(sorted(c.nations)))
    _unique(politics.civil_wars, f, "civil_wars", lambda c: c.nation)
    _unique(politics.treaties.treaties, f, "treaties", lambda t: t.id)
    _unique(politics.treaties.offers, f, "offers", lambda o: o.id)
    _unique(politics.declarations, f, "declarations", lambda d: d.id)
    _unique(politics.conferences, f, "conferences", lambda c: c.id)
    _unique(politics.resolutions, f, "resolutions", lambda r: r.id)
    _unique(politics.organisations, f, "organisations", lambda o: o.id)
    _unique(politics.blocs, f, "blocs", lambda b: b.id)
    problems = politics_problems(politics, nations)
    if problems:
        raise ValueError(
            T_(
                "{path}: an impossible political state: {problems}",
                path=PATH,
                problems=joined(problems),
            )
        )
    return politics
