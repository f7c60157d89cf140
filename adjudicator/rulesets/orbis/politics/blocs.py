"""A conference's bloc between its conferences (rulebook 000 "Conferencias";
checklist O-259, O-271 .. O-278, AMB-28, AMB-40): who is bound by its
resolutions, how a nation leaves it (a declared withdrawal with two years'
notice, not attending its first conference, or a protest), what leaving
costs (AMB-28), and the bloc's exclusion (a Lejanía penalty for five turns)
and suspension of a member."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from adjudicator.rulesets.orbis.politics.conferences import (
    EXCLUSION_TURNS,
    NOTICE_YEARS,
    PROTEST_YEARS,
    Conference,
    Resolution,
    bloc_members,
)
from texts import T_


class Recusal(StrEnum):
    """The ways to leave a bloc (O-273, O-274)."""

    WITHDRAWAL = "withdrawal"  # declared; two years' notice
    NON_ATTENDANCE = "non-attendance"  # not attending its first conference; immediate
    PROTEST = "protest"  # formal protest against a resolution; immediate


@dataclass(frozen=True)
class Bloc:
    """A conference's bloc between conferences (O-259, O-273 .. O-278):
    `leaving` maps a recusing nation to its first year free of the bloc;
    `suspended` maps a suspended member to the condition for reinstatement."""

    id: str
    members: frozenset[str]
    suspended: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    leaving: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", frozenset(self.members))
        object.__setattr__(self, "suspended", MappingProxyType(dict(self.suspended)))
        object.__setattr__(self, "leaving", MappingProxyType(dict(self.leaving)))


def bloc_from(conference: Conference) -> Bloc:
    """The bloc of a conference (O-259)."""
    return Bloc(conference.id, bloc_members(conference))


def bound(bloc: Bloc, nation: str, year: int) -> bool:
    """Whether `nation` is held by the bloc's resolutions in `year` (O-271,
    O-274, O-278: suspended members stay bound)."""
    free_from = bloc.leaving.get(nation)
    return nation in bloc.members and (free_from is None or year < free_from)


def enjoys_privileges(bloc: Bloc, nation: str, year: int) -> bool:
    """Bound and not suspended (O-278)."""
    return bound(bloc, nation, year) and nation not in bloc.suspended


def may_protest(resolution: Resolution, nation: str, year: int) -> bool:
    """O-273: a bound nation that did not support the resolution (abstained,
    withdrew, voted against or for another option, or did not attend) may
    protest at withdrawal or until three years after adoption."""
    return (
        nation in resolution.binds
        and nation not in resolution.supporters
        and year <= resolution.adopted + PROTEST_YEARS
    )


def recuse(
    bloc: Bloc,
    nation: str,
    way: Recusal,
    year: int,
    *,
    resolution: Resolution | None = None,
    never_belonged: bool = False,
) -> Bloc:
    """`nation` recuses itself (O-273, O-274): a withdrawal declared in Y
    frees it from Y+2 (AMB-40); a protest (needs `resolution`, `may_protest`)
    and non-attendance of a first conference (`never_belonged`) free it at once."""
    if nation not in bloc.members:
        raise ValueError(T_("{nation} is not in bloc {bloc}", nation=nation, bloc=bloc.id))
    if way is Recusal.PROTEST:
        if resolution is None or not may_protest(resolution, nation, year):
            raise ValueError(T_("{nation} may not protest in {year}", nation=nation, year=year))
        free_from = year
    elif way is Recusal.NON_ATTENDANCE:
        if not never_belonged:
            raise ValueError(
                T_(
                    "{nation} belonged to bloc {bloc}: withdraw with notice",
                    nation=nation,
                    bloc=bloc.id,
                )
            )
        free_from = year
    else:
        free_from = year + NOTICE_YEARS
    earlier = bloc.leaving.get(nation)
    if earlier is not None:
        free_from = min(earlier, free_from)
    return replace(bloc, leaving={**bloc.leaving, nation: free_from})


@dataclass(frozen=True)
class Consequence:
    """What leaving a resolution costs (O-275, O-276, AMB-28): free, the
    resolution's stated consequences, or a GM-set Lejanía penalty."""

    free: bool
    stated: str | None = None
    lejania: int | None = None

    @property
    def needs_gm(self) -> bool:
        """A default Lejanía penalty whose value the GM has not set yet."""
        return not self.free and self.stated is None and self.lejania is None


def recusal_consequence(
    resolution: Resolution, *, by_procedure: bool, lejania: int | None = None
) -> Consequence:
    """AMB-28: leaving by the resolution's own procedure is free; otherwise
    its stated consequences, or, if none, the GM's Lejanía penalty `lejania`."""
    if by_procedure:
        return Consequence(free=True)
    if resolution.consequences is not None:
        return Consequence(free=False, stated=resolution.consequences)
    return Consequence(free=False, lejania=lejania)


def dissolution_consequences(
    bloc: Bloc,
    resolutions: Iterable[Resolution],
    year: int,
    *,
    by_procedure: bool = False,
    lejania: int | None = None,
) -> Mapping[str, tuple[Consequence, ...]]:
    """O-276: a dissolved bloc releases each bound member as a recusal would,
    one consequence per resolution binding it."""
    held = list(resolutions)
    return MappingProxyType(
        {
            n: tuple(
                recusal_consequence(r, by_procedure=by_procedure, lejania=lejania)
                for r in held
                if n in r.binds
            )
            for n in sorted(bloc.members)
            if bound(bloc, n, year)
        }
    )


@dataclass(frozen=True)
class LejaniaPenalty:
    """A Lejanía penalty of `nation` toward `toward`, active `first`..`until`
    (O-277); `value` None until the GM sets it (AMB-28)."""

    nation: str
    toward: frozenset[str]
    value: int | None
    first: int
    until: int
    source: str


def exclude(
    bloc: Bloc, nation: str, year: int, *, lejania: int | None = None
) -> tuple[Bloc, LejaniaPenalty]:
    """Exclusion by resolution in Y (O-277): out of the bloc, with a Lejanía
    penalty toward the rest for five turns, Y+1..Y+5 (AMB-40)."""
    if nation not in bloc.members:
        raise ValueError(T_("{nation} is not in bloc {bloc}", nation=nation, bloc=bloc.id))
    rest = bloc.members - {nation}
    after = replace(
        bloc,
        members=rest,
        suspended={n: c for n, c in bloc.suspended.items() if n != nation},
        leaving={n: y for n, y in bloc.leaving.items() if n != nation},
    )
    penalty = LejaniaPenalty(
        nation, rest, lejania, year + 1, year + EXCLUSION_TURNS, f"exclusion:{bloc.id}"
    )
    return after, penalty


def suspend(bloc: Bloc, nation: str, condition: str) -> Bloc:
    """Suspension (O-278): still bound, no privileges or bonuses until it
    meets `condition` (complies or compensates)."""
    if nation not in bloc.members:
        raise ValueError(T_("{nation} is not in bloc {bloc}", nation=nation, bloc=bloc.id))
    return replace(bloc, suspended={**bloc.suspended, nation: condition})


def reinstate(bloc: Bloc, nation: str) -> Bloc:
    """The suspended member complied or compensated (O-278)."""
    if nation not in bloc.suspended:
        raise ValueError(
            T_("{nation} is not suspended in bloc {bloc}", nation=nation, bloc=bloc.id)
        )
    return replace(bloc, suspended={n: c for n, c in bloc.suspended.items() if n != nation})
