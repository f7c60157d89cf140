"""`Conferencia:` and `Voto:` lines (rulebook 000 "Conferencias",
"Organizaciones"; O-256 .. O-278, O-287 .. O-289; AMB-27, AMB-28, AMB-29),
each answered, never raising; then the ballots counted.

Decisions: a nation convenes with the GM's grounds presumed (O-258: he may
dissolve a conference he finds groundless); invitees attend by `asiste`,
nations without a player by the GM's answer naming the conference; a
nation's ballot on a proposal is its last `Voto:` line on it; a conference
votes when its presiding convener writes `cierra`, when every attending
nation has voted on every proposal, or in its tenth year (O-265, O-267),
its proposals voted yes/no one by one (AMB-27); a conference closed with
nothing tabled ends without resolutions. A protest frees the protester of
that resolution at once (O-273). An organisation's election (`Voto:` naming
a candidate) is counted when its post is vacant or the term ends this year
(O-287, O-288), the winner's term 2d10 turns from the dice (AMB-29).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.core.messages import message_of
from adjudicator.rulesets.orbis.politics import conferences as conf
from adjudicator.rulesets.orbis.politics import organisations as orgs
from adjudicator.rulesets.orbis.politics.blocs import may_protest
from adjudicator.rulesets.orbis.politics.conferences import Conference, Proposal, Vote
from adjudicator.rulesets.orbis.politics.ids import next_id, proposal_id
from adjudicator.rulesets.orbis.politics.ledger import Ledger
from orders.orbis.politics_model import (
    Ballot,
    ConferenceAct,
    ConferenceLine,
    GmAnswer,
    PoliticalLine,
    VoteLine,
)
from texts import T_

_VOTES = {
    Ballot.YES: Vote.YES,
    Ballot.NO: Vote.NO,
    Ballot.ABSTAIN: Vote.ABSTAIN,
    Ballot.WITHDRAW: Vote.WITHDRAWN,
}


def _find(ledger: Ledger, ref: str | None) -> Conference:
    found = next((c for c in ledger.politics.conferences if c.id == ref), None)
    if found is None:
        raise ValueError(T_("no conference {ref!r}", ref=ref))
    return found


def _put(ledger: Ledger, new: Conference) -> Ledger:
    kept = tuple(new if c.id == new.id else c for c in ledger.politics.conferences)
    return ledger.record(conferences=kept)


def _act(ledger: Ledger, line: ConferenceLine, year: int) -> tuple[Ledger, str]:
    act = line.act
    if act is ConferenceAct.CONVENE:
        stray = [p for p in line.parties if p not in ledger.nations]
        if stray:
            raise ValueError(T_("unknown invitees {items}", items=", ".join(stray)))
        used = {c.id for c in ledger.politics.conferences}
        new = conf.convene(
            next_id("C", year, used),
            (line.power,),
            line.text,
            year,
            gm_grounds=True,
            invitees=frozenset(p for p in line.parties if p != line.power),
        )
        ledger = ledger.record(conferences=(*ledger.politics.conferences, new))
        return ledger, T_("conference {new} convened (O-257, O-261)", new=new.id)
    if act is ConferenceAct.PROTEST:
        found = next(
            (r for r in ledger.politics.resolutions if line.ref in (r.id, r.proposal)), None
        )
        if found is None or not may_protest(found, line.power, year):
            raise ValueError(T_("no protest open against {ref!r} (O-273)", ref=line.ref))
        freed = replace(found, binds=found.binds - {line.power})
        kept = tuple(freed if r.id == found.id else r for r in ledger.politics.resolutions)
        return ledger.record(resolutions=kept), T_(
            "protest lodged: free of {found} (O-273)", found=found.id
        )
    found_conf = _find(ledger, line.ref)
    if act is ConferenceAct.ATTEND:
        if not found_conf.open or line.power not in conf.bloc_members(found_conf):
            raise ValueError(
                T_("not invited to {found_conf}, or it is closed (O-259)", found_conf=found_conf.id)
            )
        attended = replace(found_conf, participants=found_conf.participants | {line.power})
        return _put(ledger, attended), T_("attends {found_conf} (O-259)", found_conf=found_conf.id)
    if act is ConferenceAct.PROPOSE:
        number = proposal_id(found_conf.id, len(found_conf.proposals))
        tabled = conf.table(found_conf, Proposal(number, line.power, year, line.text))
        return _put(ledger, tabled), T_("proposal {number} tabled (O-261, O-264)", number=number)
    if act is ConferenceAct.CLOSE:
        if found_conf.presiding != line.power or not found_conf.open:
            raise ValueError(
                T_(
                    "only the presiding convener closes {found_conf} (O-265)",
                    found_conf=found_conf.id,
                )
            )
        return ledger, T_(
            "debate of {found_conf} closed: the vote is counted (O-265)", found_conf=found_conf.id
        )
    if act is ConferenceAct.LEAVE:
        return _put(ledger, conf.withdraw(found_conf, line.power)), T_(
            "left {found_conf} (O-266)", found_conf=found_conf.id
        )
    return (
        _put(ledger, conf.dissolve(found_conf, line.power, year)),
        T_("{found_conf} dissolved (O-262)", found_conf=found_conf.id),
    )


_RULES = {
    ConferenceAct.CONVENE: "O-257",
    ConferenceAct.ATTEND: "O-259",
    ConferenceAct.PROPOSE: "O-261",
    ConferenceAct.CLOSE: "O-265",
    ConferenceAct.LEAVE: "O-266",
    ConferenceAct.DISSOLVE: "O-262",
    ConferenceAct.PROTEST: "O-273",
}


def conference_line(ledger: Ledger, line: ConferenceLine, year: int) -> Ledger:
    """One `Conferencia:` line answered (O-256 .. O-278)."""
    try:
        after, words = _act(ledger, line, year)
    except (KeyError, ValueError) as error:
        return ledger.refuse(line, error, _RULES[line.act])
    return after.answer(line, True, words)


def vote_line(ledger: Ledger, line: VoteLine, year: int) -> Ledger:
    """One `Voto:` line answered: recorded now, counted when the vote is due."""
    org = next((o for o in ledger.politics.organisations if o.id == line.ref), None)
    if org is not None:
        if line.candidate is None or not org.active:
            return ledger.refuse(line, T_("a vote in {org} names a candidate", org=org.id), "O-287")
        if not orgs.term_over(org, year):
            return ledger.answer(
                line, False, T_("refused: no election due in {org} (O-288)", org=org.id)
            )
        return ledger.answer(
            line, True, T_("vote for {candidate} recorded (O-287)", candidate=line.candidate)
        )
    try:
        found = _find(ledger, line.ref)
        proposal = _proposal(found, line)
    except ValueError as error:
        return ledger.refuse(line, error, "O-266")
    if line.ballot is None or not found.open:
        return ledger.refuse(line, T_("no ballot, or {found} is closed", found=found.id), "O-266")
    return ledger.answer(
        line,
        True,
        T_(
            "vote {ballot} on {proposal} recorded (O-266)",
            ballot=line.ballot.value,
            proposal=proposal,
        ),
    )


def _proposal(found: Conference, line: VoteLine) -> str:
    if line.proposal is not None:
        if line.proposal not in {p.id for p in found.proposals}:
            raise ValueError(
                T_("no proposal {proposal!r} in {found}", proposal=line.proposal, found=found.id)
            )
        return line.proposal
    if len(found.proposals) != 1:
        raise ValueError(
            T_(
                "{found} has {proposals} proposals: name one",
                found=found.id,
                proposals=len(found.proposals),
            )
        )
    return found.proposals[0].id


def _ballots(
    ledger: Ledger, found: Conference, lines: Sequence[PoliticalLine]
) -> dict[str, dict[str, Vote]]:
    ballots: dict[str, dict[str, Vote]] = {}
    for line in lines:
        if not isinstance(line, VoteLine) or line.ref != found.id or line.ballot is None:
            continue
        try:
            proposal = _proposal(found, line)
        except ValueError:
            continue
        ballots.setdefault(line.power, {})[proposal] = _VOTES[line.ballot]
    return ballots


def count_votes(
    ledger: Ledger, lines: Sequence[PoliticalLine], year: int, answered: Sequence[GmAnswer]
) -> Ledger:
    """The GM's answers to invitations (O-234), then each open conference
    whose debate is closed votes (O-265, O-267, AMB-27) and adopts its
    resolutions (O-271)."""
    for answer in answered:
        found = next((c for c in ledger.politics.conferences if c.id == answer.ref), None)
        if found is not None and answer.accept and answer.nation in found.invitees:
            ledger = _put(ledger, replace(found, participants=found.participants | {answer.nation}))
    for found in sorted(ledger.politics.conferences, key=lambda c: c.id):
        if not found.open or year < found.start:
            continue
        ballots = _ballots(ledger, found, lines)
        closing = any(
            isinstance(line, ConferenceLine)
            and line.act is ConferenceAct.CLOSE
            and line.ref == found.id
            and line.power == found.presiding
            for line in lines
        )
        proposals = {p.id for p in conf.ballot(found, year)}
        settled = [n for n, b in ballots.items() if proposals and proposals <= set(b)]
        if not conf.debate_closed(found, year, convener_called=closing, settled=settled):
            continue
        if not proposals:
            ledger = _put(ledger, replace(found, voted=year)).note(
                T_(
                    "Conference {found} closed with nothing tabled: no resolution (O-265)",
                    found=found.id,
                )
            )
            continue
        patrons = {n: s.vassal_of for n, s in ledger.nations.items()}
        voted, outcome = conf.vote_proposals(found, year, ballots, vassal_of=patrons)
        adopted = conf.adopt(voted, outcome)
        ledger = _put(ledger, voted).record(resolutions=(*ledger.politics.resolutions, *adopted))
        passed = ", ".join(outcome.passed) or T_("nothing")
        ledger = ledger.note(
            T_(
                "Conference {found} voted (O-266, AMB-27): passed {passed}",
                found=found.id,
                passed=passed,
            )
        )
    return ledger


def elections(ledger: Ledger, lines: Sequence[PoliticalLine], year: int, dice: Dice) -> Ledger:
    """Each organisation with votes and an election due elects its Leader
    (O-287 .. O-289, AMB-29: a variable term of 2d10 turns)."""
    for org in sorted(ledger.politics.organisations, key=lambda o: o.id):
        votes = {
            line.power: line.candidate
            for line in lines
            if isinstance(line, VoteLine) and line.ref == org.id and line.candidate
        }
        if not votes or not orgs.term_over(org, year):
            continue
        try:
            result = orgs.elect(org, votes)
            if result.winner is None:
                ledger = ledger.note(
                    T_("Organisation {org}: no Leader elected (tie), vote again", org=org.id)
                )
                continue
            elected = orgs.install(org, result.winner, year, dice)
        except ValueError as error:
            ledger = ledger.note(
                T_("Organisation {org}: no election ({error})", org=org.id, error=message_of(error))
            )
            continue
        kept = tuple(elected if o.id == org.id else o for o in ledger.politics.organisations)
        ledger = ledger.record(organisations=kept).note(
            T_(
                "Organisation {org}: {winner} elected Leader through {term_end} (O-287, O-288, AMB-29)",
                org=org.id,
                winner=ledger.name(result.winner),
                term_end=elected.term_end,
            )
        )
    return ledger
