"""The political state of an Orbis game between two years (rulebook 000
"Mapa y Estados" .. "Épocas"): one record holding every vassalage, conflict,
civil war, rebellion, treaty, offer, declaration, conference, resolution and
organisation, with the GM's front data and the epochs declared.

`Politics` is part of `OrbisState` (`state.politics`) and is written in the
state file by `politics.codec`. A nation's patron is held twice on purpose:
in its sheet (`Nation.vassal_of`, what the sheets and the core rules read)
and in its `Vassalage` (since when, tributary, forgiven cycles, a declared
independence); `with_patrons` keeps the sheets in step with the records and
`politics_problems` refuses a state where they differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from adjudicator.rulesets.orbis.politics.blocs import Bloc, LejaniaPenalty
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
from adjudicator.rulesets.orbis.politics.conferences import Conference, Resolution
from adjudicator.rulesets.orbis.politics.declarations import Declaration
from adjudicator.rulesets.orbis.politics.organisations import Organisation
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.treaties import Treaties
from adjudicator.rulesets.orbis.politics.vassals import (
    OffensiveBonus,
    Vassalage,
    vassal_chain_problems,
)
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from texts import T_


def _empty() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True)
class Politics:
    """Everything political that outlives a year.

    `fronts` is the GM's weight of an enemy as a front of a nation, in halves
    (O-209, O-210), keyed `(nation, enemy)`; `capacity` the GM's front
    capacity of a nation when technology raised it (O-211); `controllers`
    maps `(nation, faction)` to the nation whose player controls a faction of
    its civil war (O-216, O-218); `epochs` the years an epoch was declared
    (O-296)."""

    vassalages: tuple[Vassalage, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    fronts: Mapping[tuple[str, str], int] = field(default_factory=lambda: MappingProxyType({}))
    capacity: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    civil_wars: tuple[CivilWar, ...] = ()
    controllers: Mapping[tuple[str, str], str] = field(default_factory=lambda: MappingProxyType({}))
    rebellions: tuple[Rebellion, ...] = ()
    treaties: Treaties = field(default_factory=Treaties)
    declarations: tuple[Declaration, ...] = ()
    conferences: tuple[Conference, ...] = ()
    resolutions: tuple[Resolution, ...] = ()
    organisations: tuple[Organisation, ...] = ()
    epochs: tuple[int, ...] = ()
    grievances: tuple[OffensiveBonus, ...] = ()  # O-196, AMB-46: wronged vassals' bonuses
    blocs: tuple[Bloc, ...] = ()  # O-259, O-277, O-278: blocs with an exclusion or suspension
    lejania: tuple[LejaniaPenalty, ...] = ()  # O-277: exclusions' Lejanía penalties

    def patron(self, nation: str) -> str | None:
        return next((v.patron for v in self.vassalages if v.vassal == nation), None)

    def civil_war(self, nation: str) -> CivilWar | None:
        return next((c for c in self.civil_wars if c.nation == nation), None)

    def conflict(self, first: str, second: str) -> Conflict | None:
        key = frozenset((first, second))
        return next((c for c in self.conflicts if c.nations == key), None)

    def conflicts_by_pair(self) -> dict[frozenset[str], Conflict]:
        return {c.nations: c for c in self.conflicts}


EMPTY_POLITICS = Politics()


def seeded(nations: Iterable[Nation], first_year: int) -> Politics:
    """The politics of a new game: one tributary vassalage per sheet naming a
    patron (`vassal_of`), since the game's first year."""
    return Politics(
        vassalages=tuple(
            Vassalage(n.id, n.vassal_of, since=first_year)
            for n in nations
            if n.vassal_of is not None and not _owned(n)
        )
    )


def with_patrons(nations: Iterable[Nation], politics: Politics) -> tuple[Nation, ...]:
    """The sheets with `vassal_of` set from the vassalage records (the
    records decide; hosts and colonies keep their owner, O-183)."""
    patrons = {v.vassal: v.patron for v in politics.vassalages}
    return tuple(
        n if n.id not in patrons and _owned(n) else replace(n, vassal_of=patrons.get(n.id))
        for n in nations
    )


def _owned(nation: Nation) -> bool:
    """A host or colony: its `vassal_of` names its owner, not a patron (O-183)."""
    return nation.kind in (NationKind.HOST, NationKind.COLONY)


def politics_problems(politics: Politics, nations: Iterable[Nation]) -> tuple[str, ...]:
    """What makes the political state impossible, in words: an unknown
    nation, a nation its own (indirect) vassal, two patrons, a sheet's patron
    differing from its vassalage, a treaty in force past its term, a
    Supremacy meter not summing to 100."""
    sheets = {n.id: n for n in nations}
    problems = list(vassal_chain_problems(politics.vassalages))
    recorded = {v.vassal for v in politics.vassalages}
    for sheet in sheets.values():
        if sheet.vassal_of is not None and sheet.id not in recorded and not _owned(sheet):
            problems.append(
                T_(
                    "{sheet}: its sheet names patron {vassal_of!r}, no vassalage",
                    sheet=sheet.id,
                    vassal_of=sheet.vassal_of,
                )
            )
    for record in politics.vassalages:
        for name in (record.vassal, record.patron):
            if name not in sheets:
                problems.append(
                    T_(
                        "vassalage {vassal} → {patron}: unknown {name!r}",
                        vassal=record.vassal,
                        patron=record.patron,
                        name=name,
                    )
                )
        found = sheets.get(record.vassal)
        if found is not None and found.vassal_of != record.patron:
            problems.append(
                T_(
                    "{vassal}: its sheet names patron {vassal_of!r}, its vassalage {patron!r}",
                    vassal=record.vassal,
                    vassal_of=found.vassal_of,
                    patron=record.patron,
                )
            )
    for treaty in politics.treaties.treaties:
        if treaty.ended is None and treaty.term_years > 20:
            problems.append(
                T_(
                    "treaty {treaty}: a term of {term_years} years (at most 20)",
                    treaty=treaty.id,
                    term_years=treaty.term_years,
                )
            )
    for civil in politics.civil_wars:
        if sum(civil.supremacy.values()) != 100:
            problems.append(
                T_("civil war in {nation}: Supremacy does not sum to 100", nation=civil.nation)
            )
    for conflict in politics.conflicts:
        stray = sorted(n for n in conflict.nations if n not in sheets)
        if stray:
            problems.append(
                T_(
                    "conflict {nations}: unknown {items}",
                    nations=sorted(conflict.nations),
                    items=", ".join(stray),
                )
            )
    problems += _penalty_problems(politics, sheets)
    return tuple(problems)


def _penalty_problems(politics: Politics, sheets: Mapping[str, Nation]) -> list[str]:
    """Grievances (O-196), blocs (O-278) and Lejanía penalties (O-277)
    naming a nation not in the game."""
    named = [
        (T_("grievance of {nation}", nation=g.nation), {g.nation}) for g in politics.grievances
    ]
    named += [(T_("bloc {b}", b=b.id), set(b.members)) for b in politics.blocs]
    named += [
        (T_("Lejanía of {nation}", nation=p.nation), {p.nation, *p.toward})
        for p in politics.lejania
    ]
    return [
        T_("{what}: unknown {items}", what=what, items=", ".join(sorted(nations - set(sheets))))
        for what, nations in named
        if nations - set(sheets)
    ]
