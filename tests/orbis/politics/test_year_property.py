"""A property of the political year over random politics: several years of
random GM files, clashes and lines through start_of_year and end_of_year."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.outcome import Acted
from adjudicator.rulesets.orbis.politics.register import Politics, politics_problems
from adjudicator.rulesets.orbis.politics.vassals import vassal_chain_problems
from adjudicator.rulesets.orbis.politics.year import start_of_year
from adjudicator.rulesets.orbis.sheet import Nation
from orders.orbis.politics_model import (
    Ballot,
    ConferenceAct,
    ConferenceLine,
    DeclarationAct,
    DeclarationLine,
    GmCivilWar,
    GmOrganisation,
    GmPolitics,
    GmRebellion,
    GmVassalage,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VassalAct,
    VassalLine,
    VoteLine,
)
from tests.orbis.politics.test_year_support import act, run, world

IDS = ("a", "b", "c", "d", "e")
NATIONS = world(*IDS, nsj=("n",))
ALL = (*IDS, "n")
KINDS = ("peace", "alliance", "trade", "vassalage", "non_aggression")


def _refs(politics: Politics) -> list[str]:
    registry = politics.treaties
    return sorted({o.id for o in registry.offers} | {t.id for t in registry.treaties}) or ["T0-1"]


def _lines(data: st.DataObject, politics: Politics) -> list[PoliticalLine]:
    nation = st.sampled_from(IDS)
    treaty_ref = st.sampled_from(_refs(politics))
    decl_ref = st.sampled_from(sorted(d.id for d in politics.declarations) or ["D0-1"])
    conf_ref = st.sampled_from(sorted(c.id for c in politics.conferences) or ["C0-1"])
    line = st.one_of(
        st.builds(
            TreatyLine,
            nation,
            st.just(TreatyAct.OFFER),
            kind=st.sampled_from(KINDS),
            parties=st.lists(st.sampled_from(ALL), min_size=1, max_size=2).map(tuple),
            years=st.none() | st.integers(1, 25),
        ),
        st.builds(TreatyLine, nation, st.sampled_from(list(TreatyAct)), ref=treaty_ref),
        st.builds(
            DeclarationLine,
            nation,
            st.just(DeclarationAct.DECLARE),
            kind=st.sampled_from(("neutrality", "other")),
            text=st.sampled_from(("n", "m")),
        ),
        st.builds(DeclarationLine, nation, st.sampled_from(list(DeclarationAct)), ref=decl_ref),
        st.builds(
            ConferenceLine,
            nation,
            st.sampled_from(list(ConferenceAct)),
            ref=conf_ref,
            parties=st.lists(st.sampled_from(ALL), max_size=3).map(tuple),
        ),
        st.builds(VoteLine, nation, conf_ref, ballot=st.sampled_from(list(Ballot))),
        st.builds(VoteLine, nation, st.just("O0"), candidate=st.sampled_from(ALL)),
        st.builds(
            VassalLine,
            nation,
            st.sampled_from(list(VassalAct)),
            other=st.sampled_from(ALL),
            good=st.just("mil"),
        ),
    )
    drawn: list[PoliticalLine] = data.draw(st.lists(line, max_size=8))
    drawn += data.draw(st.lists(st.sampled_from(_sensible(politics)), max_size=6))
    open_ones = sorted(c.id for c in politics.conferences if c.open)
    session: bool = data.draw(st.booleans())
    if open_ones and session:
        chosen: str = data.draw(st.sampled_from(open_ones))
        conference = next(c for c in politics.conferences if c.id == chosen)
        head = conference.presiding
        drawn += [
            ConferenceLine(head, ConferenceAct.PROPOSE, ref=conference.id, text="s"),
            VoteLine(head, conference.id, ballot=Ballot.YES),
            ConferenceLine(head, ConferenceAct.CLOSE, ref=conference.id),
        ]
    return drawn


def _sensible(politics: Politics) -> list[PoliticalLine]:
    """Lines that fit the record: answers by recipients, breaks by parties,
    proposals, votes and closings by those attending."""
    found: list[PoliticalLine] = [VassalLine("a", VassalAct.STAY)]
    for offer in politics.treaties.open_offers():
        found += [
            TreatyLine(offer.to, a, ref=offer.id) for a in (TreatyAct.ACCEPT, TreatyAct.REJECT)
        ]
    for treaty in politics.treaties.treaties:
        found += [TreatyLine(p, TreatyAct.BREAK, ref=treaty.id) for p in treaty.parties]
        found += [TreatyLine(p, TreatyAct.RENEW, ref=treaty.id) for p in treaty.parties]
    for record in politics.vassalages:
        found.append(TreatyLine(record.patron, TreatyAct.FREE, parties=(record.vassal,)))
    for conference in politics.conferences:
        head = conference.presiding
        found += [
            ConferenceLine(head, ConferenceAct.PROPOSE, ref=conference.id, text="p"),
            ConferenceLine(head, ConferenceAct.CLOSE, ref=conference.id),
            VoteLine(head, conference.id, ballot=Ballot.YES),
        ]
        found += [
            ConferenceLine(n, ConferenceAct.ATTEND, ref=conference.id)
            for n in sorted(conference.invitees)
        ]
        found += [
            VoteLine(n, conference.id, proposal=p.id, ballot=Ballot.NO)
            for n in sorted(conference.participants)
            for p in conference.proposals
        ]
    return found


def _acted(data: st.DataObject, politics: Politics) -> list[Acted]:
    factions = sorted({f for w in politics.civil_wars for f in w.factions}) or ["x"]
    one = st.builds(
        act,
        st.sampled_from(IDS),
        st.sampled_from([Statistic.OFENSIVA, Statistic.INCISION, Statistic.COMERCIO]),
        st.none() | st.sampled_from(ALL),
        st.sampled_from(list(Level)),
        faction=st.none() | st.sampled_from(factions),
    )
    return data.draw(st.lists(one, max_size=6))


def _gm(data: st.DataObject) -> GmPolitics:
    pair = st.tuples(st.sampled_from(ALL), st.sampled_from(ALL))
    return GmPolitics(
        vassalages=tuple(GmVassalage(v, p) for v, p in data.draw(st.lists(pair, max_size=2))),
        hostilities=tuple(data.draw(st.lists(pair, max_size=2))),
        civil_wars=tuple(
            GmCivilWar(n, ("gov", "reb"), "gov")
            for n in data.draw(st.lists(st.sampled_from(IDS), max_size=1))
        ),
        rebellions=tuple(GmRebellion(n, (b,)) for n, b in data.draw(st.lists(pair, max_size=1))),
        organisations=tuple(
            GmOrganisation(f"O{k}", "League", tuple(members))
            for k, members in enumerate(
                data.draw(st.lists(st.lists(st.sampled_from(ALL), max_size=6), max_size=1))
            )
        ),
        force_majeure=tuple(data.draw(st.lists(st.sampled_from(("T500-1", "D500-1")), max_size=1))),
        epoch=data.draw(st.none() | st.sampled_from(("partial", "total", "half"))),
        escalations=tuple(data.draw(st.lists(st.sampled_from(IDS), max_size=1))),
        freed=tuple(data.draw(st.lists(st.sampled_from(ALL), max_size=1))),
    )


def _year(
    politics: Politics,
    nations: Mapping[str, Nation],
    gm: GmPolitics,
    acted: list[Acted],
    lines: list[PoliticalLine],
    year: int,
) -> tuple[Politics, Mapping[str, Nation]]:
    started = start_of_year(politics, nations, gm, year)
    done = run(
        started.politics, started.nations, acted, lines, gm, year=year, cycle_end=year % 5 == 4
    )
    assert len(done.answers) == len(lines)
    assert all("O-" in a.words or "AMB-" in a.words for a in done.answers)
    return done.politics, done.nations


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_random_years_keep_politics_sound_and_replay(data: st.DataObject) -> None:
    """O-185, O-245, O-219, O-204, O-237 .. O-278: over random years no nation
    is its own (indirect) vassal, no treaty in force past its term, every
    Supremacy sums to 100, `politics_problems` is empty, every line gets one
    answer citing a rule, and replaying the same inputs gives the same result."""
    politics: Politics = Politics()
    nations: Mapping[str, Nation] = MappingProxyType(dict(NATIONS))
    for year in range(500, 505):
        gm, acted, lines = _gm(data), _acted(data, politics), _lines(data, politics)
        after = _year(politics, nations, gm, acted, lines, year)
        assert _year(politics, nations, gm, acted, lines, year) == after
        politics, nations = after
        assert vassal_chain_problems(politics.vassalages) == ()
        for treaty in politics.treaties.treaties:
            assert not treaty.in_force(year + 1) or treaty.last_year >= year + 1
            assert treaty.ended is not None or treaty.last_year > year
        for war in politics.civil_wars:
            assert sum(war.supremacy.values()) == 100
        assert politics_problems(politics, nations.values()) == ()
