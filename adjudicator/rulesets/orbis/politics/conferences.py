"""Conferences (rulebook 000 "Conferencias"; checklist O-256 .. O-278,
AMB-27, AMB-28, AMB-40).

A conference is convened by one or more nations (the first listed presides:
its vote breaks ties), sets a topic and a start year, collects proposals,
votes, and adopts resolutions that bind its whole bloc (conveners,
participants, invitees and nations accepting its authority), even the
nations that did not attend (O-259, O-271). A nation leaves a bloc by
recusal: a declared withdrawal with two years' notice, not attending its
first conference, or a protest (O-273, O-274). Leaving costs what AMB-28
says. The bloc may exclude (a Lejanía penalty for five turns) or suspend a
member (O-277, O-278).

Votes are counted by AMB-27: one proposal passes with one vote in favour;
several proposals voted yes/no one by one each need more than half of the
counted votes (yes, no and abstentions; withdrawn votes not counted), a tie
going to the presiding convener's side; several exclusive options take one
vote each, plurality wins, a tie goes to the presiding convener's option and
the presiding convener may reject the result.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from texts import T_

NOTICE_YEARS = 2
"""A declared withdrawal noticed in Y binds through Y+1 (O-274, AMB-40)."""

PROTEST_YEARS = 3
"""A protest is lodged at withdrawal or within three years of adoption (O-273)."""

FORCED_VOTE_YEARS = 10
"""A conference lasting ten years votes on what is tabled (O-267)."""

EXCLUSION_TURNS = 5
"""An exclusion's Lejanía penalty lasts five turns (O-277)."""


def needs_conference(
    *, multilateral: bool, modifying: bool, prior_instrument: bool = False
) -> bool:
    """Whether an instrument needs a conference (O-256): modifying a
    multilateral treaty or joint declaration does; creating one does unless it
    grows from a prior bilateral treaty or unilateral declaration (by
    adhesion, O-247, O-253). Bilateral and unilateral instruments never do."""
    if not multilateral:
        return False
    return modifying or not prior_instrument


def may_convene(
    nation: str,
    *,
    parties: Iterable[str] = (),
    restricted_to: Iterable[str] | None = None,
    gm_grounds: bool = False,
) -> bool:
    """Whether `nation` may convene (O-257, O-258): every signatory, declarant
    or member (`parties`) has an equal right unless the instrument names who
    may (`restricted_to`); any other nation only with narrative grounds the
    GM accepts (prestige, an institution: `gm_grounds`)."""
    if restricted_to is not None:
        return nation in frozenset(restricted_to)
    return nation in frozenset(parties) or gm_grounds


class Vote(StrEnum):
    """One nation's vote on one proposal (O-266)."""

    YES = "yes"
    NO = "no"
    ABSTAIN = "abstain"
    WITHDRAWN = "withdrawn"  # not counted


class VotingMode(StrEnum):
    """How the ballot is counted (O-263, O-268 .. O-270, AMB-27)."""

    SINGLE = "single"  # one proposal: one vote in favour suffices
    PROPOSALS = "proposals"  # several proposals, yes/no on each
    OPTIONS = "options"  # several exclusive options, one vote each


def mode_for(count: int, *, alternatives: bool) -> VotingMode:
    """The mode of a ballot of `count` proposals (AMB-27): one is SINGLE;
    several are OPTIONS when the convener made them exclusive alternatives,
    else PROPOSALS voted one by one."""
    if count < 1:
        raise ValueError(T_("a ballot needs at least one proposal"))
    if count == 1:
        return VotingMode.SINGLE
    return VotingMode.OPTIONS if alternatives else VotingMode.PROPOSALS


@dataclass(frozen=True)
class Proposal:
    """A proposal tabled by `author` in year `tabled` (O-261, O-264)."""

    id: str
    author: str
    tabled: int
    text: str = ""


@dataclass(frozen=True)
class Conference:
    """One conference (O-257 .. O-267). `conveners[0]` presides (its vote
    breaks ties, O-263); `alternatives` makes several proposals exclusive
    options (AMB-27); `include_vassals` lets vassals vote (O-263);
    `others_may_propose` is the convener's (or the participants') leave for
    non-conveners to table proposals (O-261)."""

    id: str
    conveners: tuple[str, ...]
    topic: str
    start: int
    participants: frozenset[str] = frozenset()
    invitees: frozenset[str] = frozenset()
    accepting: frozenset[str] = frozenset()
    withdrawn: frozenset[str] = frozenset()
    proposals: tuple[Proposal, ...] = ()
    alternatives: bool = False
    include_vassals: bool = True
    others_may_propose: bool = False
    dissolved: int | None = None
    voted: int | None = None

    def __post_init__(self) -> None:
        if not self.conveners:
            raise ValueError(f"conference {self.id}: no convener")
        if len(set(self.conveners)) != len(self.conveners):
            raise ValueError(f"conference {self.id}: a convener is listed twice")
        ids = [p.id for p in self.proposals]
        if len(set(ids)) != len(ids):
            raise ValueError(f"conference {self.id}: two proposals share an id")
        for name in ("participants", "invitees", "accepting", "withdrawn"):
            object.__setattr__(self, name, frozenset(getattr(self, name)))

    @property
    def presiding(self) -> str:
        """The convener whose vote breaks ties and who may reject (O-263, AMB-27)."""
        return self.conveners[0]

    @property
    def open(self) -> bool:
        return self.dissolved is None and self.voted is None


def convene(
    id: str,
    conveners: Iterable[str],
    topic: str,
    start: int,
    *,
    parties: Iterable[str] = (),
    restricted_to: Iterable[str] | None = None,
    gm_grounds: bool = False,
    **fields: object,
) -> Conference:
    """A new conference, if every convener may convene (O-257, O-258, O-261);
    raises ValueError naming the first that may not."""
    names = tuple(conveners)
    parties = frozenset(parties)
    limit = None if restricted_to is None else frozenset(restricted_to)
    for nation in names:
        if not may_convene(nation, parties=parties, restricted_to=limit, gm_grounds=gm_grounds):
            raise ValueError(T_("{nation} may not convene conference {id}", nation=nation, id=id))
    return Conference(id, names, topic, start, **fields)  # type: ignore[arg-type]


def bloc_members(conference: Conference) -> frozenset[str]:
    """The bloc (O-259): conveners, participants, invitees and nations
    accepting the conference's authority."""
    c = conference
    return frozenset(c.conveners) | c.participants | c.invitees | c.accepting


def absentees(conference: Conference) -> frozenset[str]:
    """Bloc nations that do not attend (O-260): they are bound all the same
    (O-271) and risk Lejanía among themselves (GM judgement)."""
    return bloc_members(conference) - frozenset(conference.conveners) - conference.participants


def may_propose(conference: Conference, nation: str) -> bool:
    """O-261: conveners table proposals; participants only with leave."""
    if nation in conference.conveners:
        return True
    return conference.others_may_propose and nation in conference.participants


def table(conference: Conference, proposal: Proposal) -> Conference:
    """The conference with `proposal` tabled (O-261, O-264)."""
    if not conference.open:
        raise ValueError(T_("conference {conference} is closed", conference=conference.id))
    if not may_propose(conference, proposal.author):
        raise ValueError(
            T_(
                "{author} may not table proposals at {conference}",
                author=proposal.author,
                conference=conference.id,
            )
        )
    return replace(conference, proposals=(*conference.proposals, proposal))


def withdraw(conference: Conference, nation: str) -> Conference:
    """`nation` leaves the conference: its votes are not counted (O-266)."""
    if nation not in conference.participants and nation not in conference.conveners:
        raise ValueError(
            T_(
                "{nation} does not take part in {conference}",
                nation=nation,
                conference=conference.id,
            )
        )
    return replace(conference, withdrawn=conference.withdrawn | {nation})


def may_dissolve(conference: Conference, nation: str, year: int) -> bool:
    """O-262: a convener may dissolve it from the year after its start."""
    return conference.open and nation in conference.conveners and year >= conference.start + 1


def dissolve(conference: Conference, nation: str, year: int) -> Conference:
    """The conference dissolved by a convener (O-262); no resolutions."""
    if not may_dissolve(conference, nation, year):
        raise ValueError(
            T_(
                "{nation} may not dissolve {conference} in {year}",
                nation=nation,
                conference=conference.id,
                year=year,
            )
        )
    return replace(conference, dissolved=year)


def forced_vote_due(conference: Conference, year: int) -> bool:
    """O-267: in its tenth year (start + 9, turns counted inclusively) an
    open conference votes on the proposals tabled so far."""
    return conference.open and year >= conference.start + FORCED_VOTE_YEARS - 1


def debate_closed(
    conference: Conference,
    year: int,
    *,
    convener_called: bool = False,
    rules_called: bool = False,
    settled: Iterable[str] = (),
) -> bool:
    """O-265, O-267: the vote is due when the convener or the rules call it,
    when every attending nation says it will not change position, or in the
    conference's tenth year."""
    attending = (frozenset(conference.conveners) | conference.participants) - conference.withdrawn
    return (
        convener_called
        or rules_called
        or attending <= frozenset(settled)
        or forced_vote_due(conference, year)
    )


def ballot(conference: Conference, year: int) -> tuple[Proposal, ...]:
    """The proposals put to the vote in `year`: those tabled by then (O-267)."""
    return tuple(p for p in conference.proposals if p.tabled <= year)


def voters(conference: Conference, vassal_of: Mapping[str, str | None]) -> frozenset[str]:
    """Who votes (O-263, O-266): attending nations not withdrawn; vassals
    only if the convener includes them."""
    attending = (frozenset(conference.conveners) | conference.participants) - conference.withdrawn
    if conference.include_vassals:
        return attending
    return frozenset(n for n in attending if vassal_of.get(n) is None)


@dataclass(frozen=True)
class Tally:
    """The count of one yes/no proposal (O-266, O-268, O-270, AMB-27)."""

    yes: int
    no: int
    abstain: int
    withdrawn: int
    passed: bool
    tie: bool = False  # yes equal to the rest, broken by the presiding convener

    @property
    def counted(self) -> int:
        """Yes, no and abstentions; withdrawn votes are not counted (O-268)."""
        return self.yes + self.no + self.abstain


def _sums(votes: Mapping[str, Vote], weights: Mapping[str, int] | None) -> dict[Vote, int]:
    sums = dict.fromkeys(Vote, 0)
    for nation, vote in votes.items():
        weight = 1 if weights is None else weights.get(nation, 1)
        if weight < 0:
            raise ValueError(f"{nation}: a negative voting weight")
        sums[Vote(vote)] += weight
    return sums


def count_single(votes: Mapping[str, Vote], *, weights: Mapping[str, int] | None = None) -> Tally:
    """A lone proposal passes with at least one vote in favour (O-270, AMB-27)."""
    s = _sums(votes, weights)
    y, n, a, w = s[Vote.YES], s[Vote.NO], s[Vote.ABSTAIN], s[Vote.WITHDRAWN]
    return Tally(y, n, a, w, passed=y >= 1)


def count_proposal(
    votes: Mapping[str, Vote], *, convener: str, weights: Mapping[str, int] | None = None
) -> Tally:
    """One of several proposals voted yes/no (O-268, AMB-27): it passes when
    yes is more than half of the counted votes; yes exactly half is a tie that
    goes to the presiding convener's side (passes only if it voted yes)."""
    s = _sums(votes, weights)
    y, n, a, w = s[Vote.YES], s[Vote.NO], s[Vote.ABSTAIN], s[Vote.WITHDRAWN]
    counted = y + n + a
    tie = counted > 0 and 2 * y == counted
    passed = 2 * y > counted or (tie and votes.get(convener) == Vote.YES)
    return Tally(y, n, a, w, passed=passed, tie=tie)


@dataclass(frozen=True)
class OptionsResult:
    """Several exclusive options, one vote each (O-266, O-269, AMB-27)."""

    counts: Mapping[str, int]
    winner: str | None
    tie: bool = False
    rejected: bool = False


def count_options(
    options: Iterable[str],
    choices: Mapping[str, str | Vote],
    *,
    convener: str,
    weights: Mapping[str, int] | None = None,
    rejected: bool = False,
) -> OptionsResult:
    """Plurality among `options` (AMB-27); a `Vote.ABSTAIN` or
    `Vote.WITHDRAWN` choice names no option. A tie goes to the presiding
    convener's option when it is among the tied, else nothing passes (status
    quo). `rejected`: the presiding convener rejects the result (O-269)."""
    counts = dict.fromkeys(options, 0)
    for nation, choice in choices.items():
        if isinstance(choice, Vote):
            if choice in (Vote.YES, Vote.NO):
                raise ValueError(
                    T_("{nation}: vote for an option, abstain or withdraw", nation=nation)
                )
            continue
        if choice not in counts:
            raise ValueError(
                T_("{nation}: {choice!r} is not an option", nation=nation, choice=choice)
            )
        weight = 1 if weights is None else weights.get(nation, 1)
        if weight < 0:
            raise ValueError(f"{nation}: a negative voting weight")
        counts[choice] += weight
    frozen = MappingProxyType(counts)
    best = max(counts.values(), default=0)
    top = [o for o, c in counts.items() if c == best] if best > 0 else []
    tie = len(top) > 1
    if len(top) == 1:
        winner: str | None = top[0]
    else:
        own = choices.get(convener)
        winner = own if isinstance(own, str) and not isinstance(own, Vote) and own in top else None
    if rejected:
        return OptionsResult(frozen, None, tie, rejected=True)
    return OptionsResult(frozen, winner, tie)


@dataclass(frozen=True)
class Outcome:
    """A conference's vote: the proposals passed, in tabling order, with who
    supported each (voted yes or for that option); the votes `ignored`
    (cast by nations not entitled to vote, O-263, O-266)."""

    mode: VotingMode
    passed: tuple[str, ...]
    supporters: Mapping[str, frozenset[str]]
    tallies: Mapping[str, Tally] = field(default_factory=lambda: MappingProxyType({}))
    options: OptionsResult | None = None
    ignored: tuple[str, ...] = ()


def _entitled(
    conference: Conference, year: int, cast: Iterable[str], vassal_of: Mapping[str, str | None]
) -> tuple[tuple[Proposal, ...], frozenset[str], tuple[str, ...]]:
    if not conference.open:
        raise ValueError(T_("conference {conference} is closed", conference=conference.id))
    if year < conference.start:
        raise ValueError(
            T_(
                "conference {conference} starts in {start}",
                conference=conference.id,
                start=conference.start,
            )
        )
    props = ballot(conference, year)
    if not props:
        raise ValueError(
            T_("conference {conference}: nothing to vote on", conference=conference.id)
        )
    allowed = voters(conference, vassal_of)
    return props, allowed, tuple(sorted(n for n in cast if n not in allowed))


def vote_proposals(
    conference: Conference,
    year: int,
    ballots: Mapping[str, Mapping[str, Vote]],
    *,
    vassal_of: Mapping[str, str | None] | None = None,
    weights: Mapping[str, int] | None = None,
) -> tuple[Conference, Outcome]:
    """Vote the ballot yes/no (SINGLE or PROPOSALS mode, O-266 .. O-270,
    AMB-27). `ballots` maps each nation to its vote per proposal id; a voter
    with no vote on a proposal is not counted on it (like a withdrawn vote)."""
    props, allowed, ignored = _entitled(conference, year, ballots, vassal_of or {})
    mode = mode_for(len(props), alternatives=conference.alternatives)
    if mode is VotingMode.OPTIONS:
        raise ValueError(
            T_(
                "conference {conference} votes on options: use vote_options",
                conference=conference.id,
            )
        )
    tallies: dict[str, Tally] = {}
    supporters: dict[str, frozenset[str]] = {}
    for p in props:
        votes = {n: Vote(b[p.id]) for n, b in ballots.items() if n in allowed and p.id in b}
        if mode is VotingMode.SINGLE:
            tallies[p.id] = count_single(votes, weights=weights)
        else:
            tallies[p.id] = count_proposal(votes, convener=conference.presiding, weights=weights)
        supporters[p.id] = frozenset(n for n, v in votes.items() if v == Vote.YES)
    passed = tuple(p.id for p in props if tallies[p.id].passed)
    outcome = Outcome(
        mode, passed, MappingProxyType(supporters), MappingProxyType(tallies), None, ignored
    )
    return replace(conference, voted=year), outcome


def vote_options(
    conference: Conference,
    year: int,
    choices: Mapping[str, str | Vote],
    *,
    vassal_of: Mapping[str, str | None] | None = None,
    weights: Mapping[str, int] | None = None,
    rejected: bool = False,
) -> tuple[Conference, Outcome]:
    """Vote exclusive options (OPTIONS mode, O-266, O-269, AMB-27)."""
    props, allowed, ignored = _entitled(conference, year, choices, vassal_of or {})
    if mode_for(len(props), alternatives=conference.alternatives) is not VotingMode.OPTIONS:
        raise ValueError(
            T_("conference {conference} votes yes/no: use vote_proposals", conference=conference.id)
        )
    valid = {n: c for n, c in choices.items() if n in allowed}
    result = count_options(
        [p.id for p in props],
        valid,
        convener=conference.presiding,
        weights=weights,
        rejected=rejected,
    )
    supporters = {
        p.id: frozenset(n for n, c in valid.items() if not isinstance(c, Vote) and c == p.id)
        for p in props
    }
    passed = () if result.winner is None else (result.winner,)
    outcome = Outcome(
        VotingMode.OPTIONS, passed, MappingProxyType(supporters), options=result, ignored=ignored
    )
    return replace(conference, voted=year), outcome


@dataclass(frozen=True)
class Resolution:
    """An adopted resolution (O-271, O-272): treaty rules for the whole bloc
    `binds`. `consequences`: what leaving costs, if the resolution says (AMB-28)."""

    id: str
    conference: str
    proposal: str
    adopted: int
    binds: frozenset[str]
    supporters: frozenset[str]
    consequences: str | None = None


def adopt(
    conference: Conference,
    outcome: Outcome,
    *,
    consequences: Mapping[str, str] | None = None,
) -> tuple[Resolution, ...]:
    """The resolutions of a vote, none or several (O-271, O-272); each binds
    the whole bloc, non-attendees too. A resolution's id is its proposal's
    when that already names the conference (`C503-1/P1`), else
    `<conference>:<proposal>`."""
    if conference.voted is None:
        raise ValueError(T_("conference {conference} has not voted", conference=conference.id))
    binds = bloc_members(conference)
    stated = consequences or {}
    return tuple(
        Resolution(
            pid if pid.startswith(f"{conference.id}/") else f"{conference.id}:{pid}",
            conference.id,
            pid,
            conference.voted,
            binds,
            outcome.supporters.get(pid, frozenset()),
            stated.get(pid),
        )
        for pid in outcome.passed
    )
