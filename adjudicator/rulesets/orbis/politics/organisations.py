"""Organisations (rulebook 000 "Organizaciones"; checklist O-279 .. O-294,
AMB-29, AMB-42, AMB-43, AMB-45).

An organisation is founded by a Statute of at least five members and ceases
after five consecutive turns below five (AMB-42; civil-war factions count as
full members, O-280). A Leader nation acts for it: one extra medida for the
organisation (AMB-43), a Cercanía bonus toward the members (AMB-45, default
−5), signing, convening (O-281 .. O-284). Leaders are elected by the
statute's method (egalitarian by default) for a fixed term of 3..10 years or
a variable one of 2d10 turns (AMB-29), re-electable unless the statute
forbids it (O-287 .. O-289).

When at least ⌈n/3⌉ members disown the Leader and name another, the
organisation is in schism (O-290, AMB-42): each Leader acts only for the
members recognising him, no organisation medidas, benefits suspended
(O-291). It ends when a Leader resigns, when one has the support of at least
0.8·n members, or when 0.8·n members convene a conference and elect a Leader
(O-292, O-293); after 15 turns it splits the organisation in two (O-294).

Turn counts are inclusive (AMB-38): a term of N turns granted in Y runs
Y+1..Y+N (AMB-40); a schism declared in S splits at the end of S+14.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from adjudicator.core.dice import Dice
from texts import T_

MIN_MEMBERS = 5
"""A Statute needs five members; fewer for a whole cycle dissolves (O-279, O-280)."""

BELOW_TURNS = 5
"""A whole cycle: five consecutive turns below five members (AMB-42)."""

SPLIT_TURNS = 15
"""A schism lasting 15 turns splits the organisation (O-294)."""

FIXED_TERM = range(3, 11)
"""A fixed term lasts 3..10 years (O-288)."""

LEADER_CERCANIA = -5
"""The Leader's Cercanía bonus toward members, GM-set, default −5 (AMB-45)."""


class Election(StrEnum):
    """How the Leader is chosen (O-287)."""

    EGALITARIAN = "egalitarian"  # every member votes (the default)
    ELECTORAL_FIXED = "electoral-fixed"  # a fixed group of electors (Príncipes Electores)
    ELECTORAL_RENEWING = "electoral-renewing"  # electors named for each election (Cardenales)
    ROTATION = "rotation"
    POINTS = "points"  # recorded: the GM names the winner
    OTHER = "other"  # recorded: the GM names the winner


class Term(StrEnum):
    FIXED = "fixed"  # 3..10 years
    VARIABLE = "variable"  # 2d10 turns (the default, AMB-29)


class Approval(StrEnum):
    """Who admits, excludes or suspends a member (O-286)."""

    LEADER = "leader"
    CONFERENCE = "conference"
    STATUTE = "statute"  # the statute's own procedure, met (GM judgement)


@dataclass(frozen=True)
class Statute:
    """The organisation's rules, with the book's defaults (O-279, O-284,
    O-286 .. O-289). `rotation` orders the Leaders under ROTATION (members'
    order if empty); `electors` are the fixed electors; `admission` lists who
    may approve members."""

    election: Election = Election.EGALITARIAN
    term: Term = Term.VARIABLE
    fixed_years: int | None = None
    reelection: bool = True
    electors: frozenset[str] = frozenset()
    rotation: tuple[str, ...] = ()
    admission: frozenset[Approval] = frozenset({Approval.LEADER, Approval.CONFERENCE})
    controls_territory: bool = False

    def __post_init__(self) -> None:
        if self.term is Term.FIXED and self.fixed_years not in FIXED_TERM:
            raise ValueError(
                T_(
                    "a fixed term lasts 3..10 years, not {fixed_years}",
                    fixed_years=self.fixed_years,
                )
            )
        object.__setattr__(self, "electors", frozenset(self.electors))
        object.__setattr__(self, "admission", frozenset(self.admission))


@dataclass(frozen=True)
class Schism:
    """A schism (O-290): declared in `started`; `rival` is the second Leader;
    `recognition` maps every member to the Leader it recognises."""

    started: int
    rival: str
    recognition: Mapping[str, str]

    def __post_init__(self) -> None:
        object.__setattr__(self, "recognition", MappingProxyType(dict(self.recognition)))


@dataclass(frozen=True)
class Organisation:
    """One organisation. `members` in order of joining; `term_end` is the
    last year of the Leader's term; `below_since` the first turn of the
    current run below five members (AMB-42)."""

    id: str
    name: str
    members: tuple[str, ...]
    founded: int
    statute: Statute = field(default_factory=Statute)
    leader: str | None = None
    term_end: int | None = None
    suspended: frozenset[str] = frozenset()
    below_since: int | None = None
    schism: Schism | None = None
    dissolved: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "members", tuple(self.members))
        object.__setattr__(self, "suspended", frozenset(self.suspended))
        if len(set(self.members)) != len(self.members):
            raise ValueError(T_("organisation {id}: a member is listed twice", id=self.id))

    @property
    def active(self) -> bool:
        return self.dissolved is None


def problems(org: Organisation) -> tuple[str, ...]:
    """What breaks the membership invariants (empty when sound)."""
    found: list[str] = []
    members = frozenset(org.members)
    if org.leader is not None and org.leader not in members:
        found.append(T_("the Leader {leader} is not a member", leader=org.leader))
    if not org.suspended <= members:
        found.append(T_("a suspended nation is not a member"))
    s = org.schism
    if s is not None:
        leaders = {org.leader, s.rival}
        if org.leader is None or s.rival == org.leader or s.rival not in members:
            found.append(T_("a schism needs two distinct member Leaders"))
        if frozenset(s.recognition) != members:
            found.append(T_("every member must recognise one Leader"))
        if any(v not in leaders for v in s.recognition.values()):
            found.append(T_("a member recognises a nation that is not a Leader"))
        if any(s.recognition.get(x) != x for x in leaders if x is not None):
            found.append(T_("a Leader must recognise itself"))
    return tuple(found)


def _check(org: Organisation) -> Organisation:
    if not org.active:
        raise ValueError(
            T_(
                "organisation {org} was dissolved in {dissolved}",
                org=org.id,
                dissolved=org.dissolved,
            )
        )
    return org


def found(
    id: str, name: str, members: Iterable[str], year: int, *, statute: Statute | None = None
) -> Organisation:
    """A new organisation by its Statute (O-279): at least five members."""
    names = tuple(members)
    if len(set(names)) < MIN_MEMBERS:
        raise ValueError(
            T_(
                "organisation {id}: a Statute needs {MIN_MEMBERS} members",
                id=id,
                MIN_MEMBERS=MIN_MEMBERS,
            )
        )
    return Organisation(id, name, names, year, statute or Statute())


def _approve(org: Organisation, by: Approval, what: str) -> None:
    _check(org)
    if by not in org.statute.admission:
        raise ValueError(
            T_("organisation {org}: {by} may not {what}", org=org.id, by=by, what=what)
        )
    if org.schism is not None and by is Approval.LEADER:
        raise ValueError(
            T_("organisation {org} is in schism: no Leader acts for it (O-291)", org=org.id)
        )


def admit(org: Organisation, nation: str, *, by: Approval) -> Organisation:
    """A requesting nation admitted (O-286: by default the Leader or the
    Conference approves; `by` must be one the statute allows)."""
    _approve(org, by, T_("admit"))
    if nation in org.members:
        raise ValueError(T_("{nation} is already a member of {org}", nation=nation, org=org.id))
    schism = org.schism
    if schism is not None:  # it recognises the standing Leader until it says otherwise
        assert org.leader is not None
        schism = replace(schism, recognition={**schism.recognition, nation: org.leader})
    return replace(org, members=(*org.members, nation), schism=schism)


def _remove(org: Organisation, nation: str) -> Organisation:
    if nation not in org.members:
        raise ValueError(T_("{nation} is not a member of {org}", nation=nation, org=org.id))
    if org.schism is not None and nation in (org.leader, org.schism.rival):
        org = resign(org, nation)
    schism = org.schism
    if schism is not None:
        rest = {n: v for n, v in schism.recognition.items() if n != nation}
        schism = replace(schism, recognition=rest)
    leader, term_end = (None, None) if org.leader == nation else (org.leader, org.term_end)
    return replace(
        org,
        members=tuple(n for n in org.members if n != nation),
        suspended=org.suspended - {nation},
        leader=leader,
        term_end=term_end,
        schism=schism,
    )


def exclude(org: Organisation, nation: str, *, by: Approval) -> Organisation:
    """A member excluded by the Leader or the Conference (O-286)."""
    _approve(org, by, T_("exclude"))
    return _remove(org, nation)


def leave(org: Organisation, nation: str) -> Organisation:
    """A member leaves (O-286: per the statute; the judge records it). A
    Leader leaving in a schism resigns first (O-292)."""
    return _remove(_check(org), nation)


def suspend(org: Organisation, nation: str, *, by: Approval) -> Organisation:
    """A member suspended by the Leader or the Conference (O-286)."""
    _approve(org, by, T_("suspend"))
    if nation not in org.members:
        raise ValueError(T_("{nation} is not a member of {org}", nation=nation, org=org.id))
    return replace(org, suspended=org.suspended | {nation})


def reinstate(org: Organisation, nation: str) -> Organisation:
    """A suspended member reinstated (O-286)."""
    if nation not in org.suspended:
        raise ValueError(T_("{nation} is not suspended in {org}", nation=nation, org=org.id))
    return replace(_check(org), suspended=org.suspended - {nation})


def counted_members(org: Organisation, factions: Mapping[str, int] | None = None) -> int:
    """Members for O-280: each faction of a member in civil war counts as a
    full member (`factions`: member → number of factions)."""
    sides = factions or {}
    return sum(max(1, sides.get(n, 1)) for n in org.members)


def close_turn(
    org: Organisation, year: int, *, factions: Mapping[str, int] | None = None
) -> Organisation:
    """End-of-turn membership check (O-280, AMB-42): below five members for
    five consecutive turns, the organisation is dissolved in that turn."""
    if not org.active:
        return org
    if counted_members(org, factions) >= MIN_MEMBERS:
        return replace(org, below_since=None)
    since = year if org.below_since is None else org.below_since
    if year - since + 1 >= BELOW_TURNS:
        return replace(org, below_since=since, dissolved=year)
    return replace(org, below_since=since)


def dissolve(org: Organisation, year: int) -> Organisation:
    """Dissolution by its conference (O-285)."""
    return replace(_check(org), dissolved=year)


def reform_statute(org: Organisation, statute: Statute) -> Organisation:
    """The statute reformed by its conference (O-285)."""
    return replace(_check(org), statute=statute)


def candidates(org: Organisation) -> frozenset[str]:
    """Who may be elected (O-289): members not suspended; the outgoing
    Leader only if the statute allows re-election."""
    pool = frozenset(org.members) - org.suspended
    if not org.statute.reelection and org.leader is not None:
        pool -= {org.leader}
    return pool


def electors(org: Organisation, *, named: Iterable[str] = ()) -> frozenset[str]:
    """Who votes (O-287): every member not suspended (egalitarian); the
    fixed electors still members (electoral-fixed); the electors `named` for
    this election (electoral-renewing). Rotation, points and other methods
    have no vote."""
    voting = frozenset(org.members) - org.suspended
    method = org.statute.election
    if method is Election.EGALITARIAN:
        return voting
    if method is Election.ELECTORAL_FIXED:
        return voting & org.statute.electors
    if method is Election.ELECTORAL_RENEWING:
        return voting & frozenset(named)
    return frozenset()


@dataclass(frozen=True)
class ElectionResult:
    """Plurality of the valid votes; a tie goes to the candidate the outgoing
    Leader voted for, else nobody (`winner` None, vote again)."""

    counts: Mapping[str, int]
    winner: str | None
    tie: bool
    invalid: tuple[str, ...]


def elect(
    org: Organisation, votes: Mapping[str, str], *, named: Iterable[str] = ()
) -> ElectionResult:
    """Count a Leader election (O-287, O-289); `votes` maps voter → candidate.
    Votes by non-electors or for ineligible nations are listed as invalid."""
    method = _check(org).statute.election
    if method not in (Election.EGALITARIAN, Election.ELECTORAL_FIXED, Election.ELECTORAL_RENEWING):
        raise ValueError(
            T_("organisation {org} chooses by {method}: no vote", org=org.id, method=method)
        )
    allowed, eligible = electors(org, named=named), candidates(org)
    counts: dict[str, int] = {}
    invalid: list[str] = []
    for voter, choice in sorted(votes.items()):
        if voter in allowed and choice in eligible:
            counts[choice] = counts.get(choice, 0) + 1
        else:
            invalid.append(voter)
    best = max(counts.values(), default=0)
    top = sorted(c for c, k in counts.items() if k == best and best > 0)
    if len(top) == 1:
        winner: str | None = top[0]
    else:
        own = votes.get(org.leader) if org.leader in allowed else None
        winner = own if own in top else None
    return ElectionResult(MappingProxyType(counts), winner, len(top) > 1, tuple(invalid))


def rotation_next(org: Organisation) -> str | None:
    """The next Leader by rotation (O-287): the statute's order (members'
    order if none), after the current Leader, skipping non-candidates."""
    order = [n for n in (org.statute.rotation or org.members) if n in org.members]
    if not order:
        return None
    start = order.index(org.leader) + 1 if org.leader in order else 0
    eligible = candidates(org) - ({org.leader} if org.leader is not None else set())
    for step in range(len(order)):
        nation = order[(start + step) % len(order)]
        if nation in eligible:
            return nation
    return None


def term_length(org: Organisation, dice: Dice) -> int:
    """Turns of a new term (O-288, AMB-29): the fixed years, or 2d10 rolled
    for `organisation-term:<id>`."""
    statute = org.statute
    if statute.term is Term.FIXED:
        assert statute.fixed_years is not None
        return statute.fixed_years
    return sum(dice.pool(f"organisation-term:{org.id}", 2, 10))


def install(
    org: Organisation, leader: str, year: int, dice: Dice, *, reconciling: bool = False
) -> Organisation:
    """`leader` takes office after an election in `year` (O-287 .. O-289):
    its term runs through `year` + `term_length`. `reconciling` (O-293)
    lets either disputed Leader be chosen whatever the re-election rule; it
    ends the schism."""
    _check(org)
    eligible = frozenset(org.members) - org.suspended if reconciling else candidates(org)
    if leader not in eligible:
        raise ValueError(T_("{leader} may not lead {org}", leader=leader, org=org.id))
    if org.schism is not None and not reconciling:
        raise ValueError(T_("organisation {org} is in schism: reconcile first", org=org.id))
    return replace(org, leader=leader, term_end=year + term_length(org, dice), schism=None)


def term_over(org: Organisation, year: int) -> bool:
    """Whether the Leader's term has run out by the end of `year` (O-288)."""
    return org.active and (
        org.leader is None or (org.term_end is not None and year >= org.term_end)
    )


def acts_for(org: Organisation, nation: str) -> frozenset[str]:
    """The members `nation` acts for as Leader (O-281, O-284, O-291): all of
    them, or in a schism only those recognising it."""
    if not org.active:
        return frozenset()
    if org.schism is not None:
        return frozenset(m for m, v in org.schism.recognition.items() if v == nation)
    return frozenset(org.members) if nation == org.leader else frozenset()


def may_convene(org: Organisation, nation: str) -> bool:
    """The Leader convenes the organisation's conferences (O-284); in a
    schism each Leader for its side, and 80 % of members by O-293."""
    return bool(acts_for(org, nation))


def extra_medidas(orgs: Iterable[Organisation], nation: str) -> int:
    """The Leader's extra medida, one per organisation it leads outside a
    schism (O-282, O-291, AMB-43)."""
    return sum(1 for o in orgs if o.active and o.schism is None and o.leader == nation)


def leader_cercania(
    org: Organisation, nation: str, target: str, *, leader_cercania: int = LEADER_CERCANIA
) -> int:
    """The Leader's Cercanía bonus on its own and the organisation's medidas
    toward a member (O-283, AMB-45: GM-set, default −5); none in a schism
    (benefits suspended, O-291)."""
    if not org.active or org.schism is not None or org.leader != nation:
        return 0
    return leader_cercania if target in org.members and target != nation else 0


def benefits_active(org: Organisation) -> bool:
    """Organisation medidas, benefits and obligations run outside a schism (O-291)."""
    return org.active and org.schism is None


def declare_schism(
    org: Organisation, year: int, disowners: Iterable[str], rival: str
) -> Organisation:
    """At least ⌈n/3⌉ members disown the Leader and name `rival` (O-290,
    AMB-42); they and the rival recognise the rival, the rest the Leader."""
    _check(org)
    against = frozenset(disowners)
    n = len(org.members)
    if org.leader is None or org.schism is not None:
        raise ValueError(T_("organisation {org}: no single Leader to disown", org=org.id))
    if not against <= frozenset(org.members) or org.leader in against:
        raise ValueError(T_("the disowners must be members other than the Leader"))
    if rival not in org.members or rival == org.leader:
        raise ValueError(T_("{rival} may not be named Leader of {org}", rival=rival, org=org.id))
    if 3 * len(against) < n:  # fewer than ⌈n/3⌉
        raise ValueError(
            T_(
                "a schism needs {value} members, not {against}",
                value=-(-n // 3),
                against=len(against),
            )
        )
    side = against | {rival}
    recognition = {m: (rival if m in side else org.leader) for m in org.members}
    return replace(org, schism=Schism(year, rival, recognition))


def recognise(org: Organisation, nation: str, leader: str) -> Organisation:
    """In a schism, `nation` now recognises `leader` (O-291)."""
    s = _check(org).schism
    if s is None or leader not in (org.leader, s.rival) or nation not in org.members:
        raise ValueError(
            T_(
                "{nation} cannot recognise {leader} in {org}",
                nation=nation,
                leader=leader,
                org=org.id,
            )
        )
    if nation in (org.leader, s.rival) and nation != leader:
        raise ValueError(T_("a Leader recognises itself; {nation} must resign", nation=nation))
    return replace(org, schism=replace(s, recognition={**s.recognition, nation: leader}))


def support(org: Organisation, leader: str) -> int:
    """Members recognising `leader` (all of them outside a schism)."""
    if org.schism is None:
        return len(org.members) if leader == org.leader else 0
    return sum(1 for v in org.schism.recognition.values() if v == leader)


def resign(org: Organisation, leader: str) -> Organisation:
    """A Leader resigns (O-292): in a schism the other Leader is sole Leader
    and the schism ends (the term on record continues); else the post is vacant."""
    s = _check(org).schism
    if s is None:
        if leader != org.leader:
            raise ValueError(T_("{leader} does not lead {org}", leader=leader, org=org.id))
        return replace(org, leader=None, term_end=None)
    if leader == org.leader:
        return replace(org, leader=s.rival, schism=None)
    if leader == s.rival:
        return replace(org, schism=None)
    raise ValueError(T_("{leader} does not lead {org}", leader=leader, org=org.id))


def reconcile_by_support(org: Organisation) -> Organisation:
    """A Leader with the support of at least 0.8·n members becomes sole
    Leader (O-292, AMB-42); otherwise nothing changes."""
    s = _check(org).schism
    if s is None:
        return org
    n = len(org.members)
    for leader in (org.leader, s.rival):
        if leader is not None and 5 * support(org, leader) >= 4 * n:
            return replace(org, leader=leader, schism=None)
    return org


def reconciliation_conference(
    org: Organisation, conveners: Iterable[str], elected: str, year: int, dice: Dice
) -> Organisation:
    """At least 0.8·n members convene a conference, even against both
    Leaders, and elect a Leader, one of the two or another (O-293, AMB-42);
    only during a schism. The elected Leader starts a new term."""
    if _check(org).schism is None:
        raise ValueError(T_("organisation {org} is not in schism (O-293)", org=org.id))
    gathered = frozenset(conveners) & frozenset(org.members)
    if 5 * len(gathered) < 4 * len(org.members):
        raise ValueError(T_("a reconciliation conference needs 80 % of {org}", org=org.id))
    return install(org, elected, year, dice, reconciling=True)


def schism_due(org: Organisation, year: int) -> bool:
    """Whether the schism has lasted 15 turns by the end of `year` (O-294)."""
    s = org.schism
    return org.active and s is not None and year - s.started + 1 >= SPLIT_TURNS


def split(org: Organisation, year: int, new_id: str, new_name: str) -> tuple[Organisation, ...]:
    """O-294: the organisation splits in two: the Leader keeps `id` with the
    members recognising it; the rival leads `new_id` with its side. Both keep
    the statute and the term on record; each faces the five-member check."""
    if not schism_due(org, year):
        raise ValueError(
            T_("organisation {org}: no 15-turn schism in {year}", org=org.id, year=year)
        )
    s = org.schism
    assert s is not None
    own = tuple(m for m in org.members if s.recognition[m] == org.leader)
    other = tuple(m for m in org.members if s.recognition[m] == s.rival)
    first = replace(
        org, members=own, suspended=org.suspended & frozenset(own), schism=None, below_since=None
    )
    second = Organisation(
        new_id,
        new_name,
        other,
        year,
        org.statute,
        s.rival,
        org.term_end,
        org.suspended & frozenset(other),
    )
    return first, second
