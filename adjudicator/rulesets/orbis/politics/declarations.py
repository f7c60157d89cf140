"""Declarations, and the breaking penalties they share with treaties
(rulebook 000 "Tratados y Declaraciones"; checklist O-248 .. O-255,
AMB-40).

A declaration is a nation's unilateral commitment to the other nations,
Neutrality the common one (O-248); whether it has real weight is the GM's
call (O-249, not checked here). It lasts until its declarant revokes it with
two years' notice: noticed in Y, it binds through Y+1 and lapses in Y+2
(O-250, AMB-40); broken without notice it costs the breaker a penalty; forced
by force majeure (a neutral fighting a defensive war) it costs the declarant
nothing, and the nations that forced it are penalised (O-248, O-250). A
revoked or broken declaration may be reassumed (O-251).

The penalty is the declaration's own; unstated or unreasonable (the GM's
flag), +5 for five years; never above +15 nor longer than 10 years (O-252).
Like every breaking penalty it runs from the turn after the breach (AMB-40)
and is a behaviour record (O-050): positive, it raises the rolls (O-045).

Nations adhere to another's declaration, and the same declaration made by
several nations in one turn is a joint declaration (O-253); broken by or for
one party it is broken for all, and those keeping it reassume it, while a
revocation is individual (O-254). Reservations need the others' acceptance,
else the adherent makes a similar but distinct declaration (O-255).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.rulesets.orbis.attributes import DOMINIO, Attribute
from adjudicator.rulesets.orbis.modifiers import behaviour_penalty
from adjudicator.rulesets.orbis.records import Modifier
from texts import T_

NOTICE_YEARS = 2
"""A revocation noticed in Y binds through Y+1 and lapses in Y+2 (O-250, AMB-40)."""
CAP_VALUE = 15
CAP_YEARS = 10
"""A declaration's breaking penalty: at most +15, at most 10 years (O-252)."""
EVERY_ROLL: tuple[Attribute, ...] = DOMINIO
"""Where a nation-wide penalty sits: every statistic holds exactly one
Dominio attribute (O-014), so the value counts once on every roll."""


@dataclass(frozen=True)
class Penalty:
    """A penalty for breaking a treaty or a declaration: +`value` on the
    breaker's rolls involving `attributes` for `years` turns from the turn
    after the breach (O-242, O-252, AMB-40); by default on every roll."""

    value: int
    years: int
    attributes: tuple[Attribute, ...] = EVERY_ROLL

    def __post_init__(self) -> None:
        if self.value <= 0:
            raise ValueError(T_("a breaking penalty is a penalty, above 0 (O-045, O-050)"))
        if self.years <= 0:
            raise ValueError(T_("a breaking penalty lasts at least one turn"))
        if not self.attributes or len(set(self.attributes)) != len(self.attributes):
            raise ValueError(T_("a breaking penalty names distinct attributes"))


DEFAULT_PENALTY = Penalty(5, 5)
"""The GM's generic penalty for a declaration stating none, or none
reasonable: +5 for five years (O-252)."""


@dataclass(frozen=True)
class Sanction:
    """The behaviour records (O-050) `nation` receives, and why."""

    nation: str
    records: tuple[Modifier, ...]
    reason: str


def sanction(nation: str, penalty: Penalty, year: int, source: str, reason: str) -> Sanction:
    """The records of `penalty` for a breach in `year`: active from the next
    turn through `year + penalty.years` (AMB-40); like every record obtained
    in a year, they are filed after that year's rolls (AMB-07)."""
    until = year + penalty.years
    records = tuple(
        behaviour_penalty(attribute, penalty.value, year, until, source)
        for attribute in penalty.attributes
    )
    return Sanction(nation, records, reason)


class DeclarationKind(StrEnum):
    NEUTRALITY = "neutrality"
    OTHER = "other"


@dataclass(frozen=True)
class Party:
    """A declarant: bound from `since`; `notice` is the year it noticed its
    revocation (AMB-40); its accepted `reservations` (O-255)."""

    nation: str
    since: int
    notice: int | None = None
    reservations: tuple[str, ...] = ()

    def binds(self, year: int) -> bool:
        """Bound in `year`: from `since`; after a notice in Y, through Y+1
        (O-250, AMB-40)."""
        return self.since <= year and (self.notice is None or year < self.notice + NOTICE_YEARS)


@dataclass(frozen=True)
class Declaration:
    """A declaration (O-248): its text, kind and declarants, its own penalty
    (None: none stated) and whether the GM finds it reasonable (O-252), when
    and by whom it was broken (O-250), the instrument it is a distinct copy
    of (O-255) and the one it reassumes (O-251)."""

    id: str
    text: str
    kind: DeclarationKind
    parties: tuple[Party, ...]
    penalty: Penalty | None = None
    reasonable: bool = True
    broken: int | None = None
    broken_by: str | None = None
    similar_to: str | None = None
    reassumes: str | None = None

    def __post_init__(self) -> None:
        nations = self.declarants
        if not nations or len(set(nations)) != len(nations):
            raise ValueError(f"declaration {self.id!r}: one or more distinct declarants")
        if (self.broken is None) != (self.broken_by is None):
            raise ValueError(f"declaration {self.id!r}: a breach has a year and a breaker")

    @property
    def declarants(self) -> tuple[str, ...]:
        return tuple(party.nation for party in self.parties)

    @property
    def since(self) -> int:
        return min(party.since for party in self.parties)

    @property
    def joint(self) -> bool:
        """Made or joined by several nations (O-253)."""
        return len(self.parties) > 1

    def party(self, nation: str) -> Party:
        for party in self.parties:
            if party.nation == nation:
                return party
        raise KeyError(nation)

    def revoked_notice(self, nation: str) -> int | None:
        return self.party(nation).notice

    def binds(self, nation: str, year: int) -> bool:
        """Whether `nation` is bound in `year` (O-250, O-254, AMB-40): a
        party, not lapsed, the declaration not broken by then."""
        if nation not in self.declarants or (self.broken is not None and year >= self.broken):
            return False
        return self.party(nation).binds(year)

    def in_force(self, year: int) -> bool:
        return any(self.binds(nation, year) for nation in self.declarants)


def declare(
    declaration_id: str,
    declarants: Sequence[str],
    text: str,
    kind: DeclarationKind,
    year: int,
    penalty: Penalty | None = None,
    *,
    reasonable: bool = True,
) -> Declaration:
    """A declaration made in `year` (O-248); several declarants make it
    joint (O-253)."""
    parties = tuple(Party(nation, year) for nation in declarants)
    return Declaration(declaration_id, text, kind, parties, penalty, reasonable)


def _content(declaration: Declaration) -> tuple[object, ...]:
    text = " ".join(declaration.text.split()).casefold()
    return (declaration.kind, text, declaration.penalty, declaration.reasonable)


def joint(declarations: Iterable[Declaration]) -> tuple[Declaration, ...]:
    """The same declaration (kind, text up to spacing and case, penalty)
    made by several nations in the same turn is one joint declaration under
    the first one's id (O-253); the others pass unchanged, in order.
    Decision: only fresh declarations (not broken, no notice) merge."""
    out: list[Declaration] = []
    for declaration in declarations:
        fresh = declaration.broken is None and all(p.notice is None for p in declaration.parties)
        target = next(
            (
                i
                for i, kept in enumerate(out)
                if fresh
                and kept.broken is None
                and kept.since == declaration.since
                and _content(kept) == _content(declaration)
                and all(p.since == kept.since and p.notice is None for p in kept.parties)
            ),
            None,
        )
        if target is None:
            out.append(declaration)
            continue
        kept = out[target]
        new = tuple(p for p in declaration.parties if p.nation not in kept.declarants)
        out[target] = replace(kept, parties=(*kept.parties, *new))
    return tuple(out)


@dataclass(frozen=True)
class Adhesion:
    """An adhesion's result (O-253, O-255): the declaration joined, or the
    similar but distinct one made when reservations were not accepted."""

    declaration: Declaration
    joined: bool


def adhere(
    declaration: Declaration,
    nation: str,
    year: int,
    reservations: tuple[str, ...] = (),
    accepted_by: Collection[str] = (),
    distinct_id: str | None = None,
) -> Adhesion:
    """`nation` adheres to a declaration in force (O-253): it joins; with
    reservations, only if every bound declarant accepts them, else it makes
    a similar but distinct declaration, `distinct_id` (default
    "<id>~<nation>"), holding its reservations (O-255). A former declarant
    whose revocation lapsed joins again."""
    if not declaration.in_force(year):
        raise ValueError(
            T_(
                "declaration {declaration!r} is not in force in {year}",
                declaration=declaration.id,
                year=year,
            )
        )
    if declaration.binds(nation, year):
        raise ValueError(
            T_(
                "{nation} is already bound by declaration {declaration!r}",
                nation=nation,
                declaration=declaration.id,
            )
        )
    party = Party(nation, year, reservations=reservations)
    others = [n for n in declaration.declarants if declaration.binds(n, year)]
    if reservations and any(n not in accepted_by for n in others):
        distinct = Declaration(
            distinct_id or f"{declaration.id}~{nation}",
            declaration.text,
            declaration.kind,
            (party,),
            declaration.penalty,
            declaration.reasonable,
            similar_to=declaration.id,
        )
        return Adhesion(distinct, False)
    kept = tuple(p for p in declaration.parties if p.nation != nation)
    return Adhesion(replace(declaration, parties=(*kept, party)), True)


def revoke(declaration: Declaration, nation: str, year: int) -> Declaration:
    """`nation` gives notice in `year`: it stays bound through `year + 1`
    and is free from `year + 2` (O-250, AMB-40); the other declarants of a
    joint declaration stay bound (O-254)."""
    if not declaration.binds(nation, year):
        raise ValueError(
            T_(
                "{nation} is not bound by declaration {declaration!r} in {year}",
                nation=nation,
                declaration=declaration.id,
                year=year,
            )
        )
    if declaration.revoked_notice(nation) is not None:
        raise ValueError(
            T_(
                "{nation} has already given notice on {declaration!r}",
                nation=nation,
                declaration=declaration.id,
            )
        )
    parties = tuple(
        replace(p, notice=year) if p.nation == nation else p for p in declaration.parties
    )
    return replace(declaration, parties=parties)


def breaking_penalty(declaration: Declaration) -> tuple[Penalty, tuple[str, ...]]:
    """The penalty for breaking `declaration` (O-252): its own, cut to +15
    and 10 years with a note; none stated or unreasonable: +5 for five
    years."""
    own = declaration.penalty
    if own is None or not declaration.reasonable:
        why = T_("states no penalty") if own is None else T_("has an unreasonable penalty")
        return DEFAULT_PENALTY, (
            T_(
                "declaration {declaration} {why}: +5 for 5 years (O-252)",
                declaration=declaration.id,
                why=why,
            ),
        )
    value, years = min(own.value, CAP_VALUE), min(own.years, CAP_YEARS)
    if (value, years) == (own.value, own.years):
        return own, ()
    note = T_(
        "declaration {declaration}: penalty +{own} for {years} years cut to +{value} for {years2} (O-252)",
        declaration=declaration.id,
        own=own.value,
        years=own.years,
        value=value,
        years2=years,
    )
    return replace(own, value=value, years=years), (note,)


@dataclass(frozen=True)
class Breach:
    """A broken declaration, the sanctions it brings and notes for the GM."""

    declaration: Declaration
    sanctions: tuple[Sanction, ...]
    notes: tuple[str, ...] = ()


def break_declaration(
    declaration: Declaration,
    year: int,
    by: str,
    *,
    force_majeure: bool = False,
    forced_by: Sequence[str] = (),
) -> Breach:
    """Declarant `by` breaks the declaration in `year` (O-250): without
    notice it is penalised; forced by force majeure it is not; the nations
    `forced_by` that forced it are (O-248, O-252). It is broken for every
    declarant (O-254); those keeping it reassume it (`reassume`)."""
    if not declaration.binds(by, year):
        raise ValueError(
            T_(
                "{by} is not bound by declaration {declaration!r} in {year}",
                by=by,
                declaration=declaration.id,
                year=year,
            )
        )
    if by in forced_by:
        raise ValueError(T_("a declarant does not force itself (O-250)"))
    penalty, notes = breaking_penalty(declaration)
    source = f"declaration:{declaration.id}"
    sanctions = [
        sanction(
            n,
            penalty,
            year,
            source,
            T_("forced {by} to break {declaration} (O-248)", by=by, declaration=declaration.id),
        )
        for n in dict.fromkeys(forced_by)
    ]
    if not force_majeure:
        reason = T_(
            "broke declaration {declaration} without notice in {year} (O-250)",
            declaration=declaration.id,
            year=year,
        )
        sanctions.insert(0, sanction(by, penalty, year, source, reason))
    broken = replace(declaration, broken=year, broken_by=by)
    return Breach(broken, tuple(sanctions), notes)


def violation(declaration: Declaration, violator: str, year: int) -> Sanction:
    """The penalty on a nation that acts against another's declaration in
    force (e.g. attacks a neutral, O-248) without it being broken."""
    if not declaration.in_force(year):
        raise ValueError(
            T_(
                "declaration {declaration!r} is not in force in {year}",
                declaration=declaration.id,
                year=year,
            )
        )
    if declaration.binds(violator, year):
        raise ValueError(
            T_(
                "{violator} is bound by {declaration!r}: that is a breach",
                violator=violator,
                declaration=declaration.id,
            )
        )
    penalty, _ = breaking_penalty(declaration)
    reason = T_(
        "acted against declaration {declaration} in {year} (O-248)",
        declaration=declaration.id,
        year=year,
    )
    return sanction(violator, penalty, year, f"declaration:{declaration.id}", reason)


def reassume(
    declaration: Declaration, nations: Sequence[str], year: int, new_id: str | None = None
) -> Declaration:
    """`nations` reassume a revoked or broken declaration in `year` (O-251).
    Broken: a new declaration, `new_id` (default "<id>/<year>"), of the
    reassuming nations only (O-254). Otherwise their notices are dropped or
    their lapsed parts renewed in the same declaration."""
    for nation in nations:
        if nation not in declaration.declarants:
            raise ValueError(
                T_(
                    "{nation} never made declaration {declaration!r} (O-251)",
                    nation=nation,
                    declaration=declaration.id,
                )
            )
        if declaration.broken is None and declaration.revoked_notice(nation) is None:
            raise ValueError(
                T_(
                    "{nation} neither revoked nor broke {declaration!r} (O-251)",
                    nation=nation,
                    declaration=declaration.id,
                )
            )
    if declaration.broken is not None:
        if year < declaration.broken:
            raise ValueError(T_("a declaration is reassumed after its breach"))
        return Declaration(
            new_id or f"{declaration.id}/{year}",
            declaration.text,
            declaration.kind,
            tuple(Party(n, year, reservations=declaration.party(n).reservations) for n in nations),
            declaration.penalty,
            declaration.reasonable,
            similar_to=declaration.similar_to,
            reassumes=declaration.id,
        )
    parties = tuple(
        Party(p.nation, year if not p.binds(year) else p.since, reservations=p.reservations)
        if p.nation in nations
        else p
        for p in declaration.parties
    )
    return replace(declaration, parties=parties)
