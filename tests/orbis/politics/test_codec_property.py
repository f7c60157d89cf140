"""The political state in the state file (`politics.codec`): a Hypothesis
property, any valid `register.Politics` (vassal chains without cycles,
conflicts, civil wars with Supremacy summing to 100, treaties, offers,
declarations, conferences, resolutions, organisations, epochs) written as
YAML text and read back equal, the same text every time."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.files import dump_yaml
from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar, split_supremacy
from adjudicator.rulesets.orbis.politics.codec import politics_from_dict, politics_to_dict
from adjudicator.rulesets.orbis.politics.conferences import Conference, Proposal, Resolution
from adjudicator.rulesets.orbis.politics.declarations import (
    Declaration,
    DeclarationKind,
    Party,
    Penalty,
)
from adjudicator.rulesets.orbis.politics.organisations import (
    Approval,
    Election,
    Organisation,
    Schism,
    Statute,
    Term,
)
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.treaties import (
    AdhesionRule,
    Offer,
    OfferState,
    Treaties,
    Treaty,
    TreatyEnd,
    TreatyKind,
    TreatyModifier,
)
from adjudicator.rulesets.orbis.politics.vassals import Vassalage, VassalageOrigin
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.sheet import Nation
from tests.orbis.politics.test_codec import make

# --- strategies ----------------------------------------------------------------------------

IDS = ("n0", "n1", "n2", "n3", "n4", "n5")
WORDS = st.text(st.characters(whitelist_categories=("L", "N", "Zs", "P")), max_size=12)


@st.composite
def penalties(draw: st.DrawFn) -> Penalty | None:
    if draw(st.booleans()):
        return None
    attributes = tuple(draw(st.lists(st.sampled_from(Attribute), min_size=1, unique=True)))
    return Penalty(draw(st.integers(1, 20)), draw(st.integers(1, 15)), attributes)


@st.composite
def treaty_modifiers(draw: st.DrawFn, parties: tuple[str, ...]) -> TreatyModifier:
    holder = draw(st.sampled_from(parties))
    toward = draw(st.sampled_from((None, *parties)))
    return TreatyModifier(
        holder, draw(st.sampled_from(Attribute)), draw(st.integers(-15, 15)), toward
    )


@st.composite
def treaties(draw: st.DrawFn, treaty_id: str) -> Treaty:
    parties = tuple(draw(st.lists(st.sampled_from(IDS), min_size=2, max_size=4, unique=True)))
    kind = draw(st.sampled_from(TreatyKind))
    rule = draw(st.sampled_from(AdhesionRule))
    patron = (
        draw(st.sampled_from(parties))
        if kind is TreatyKind.VASSALAGE or rule is AdhesionRule.PATRON or draw(st.booleans())
        else None
    )
    ended = draw(st.none() | st.integers(500, 520))
    return Treaty(
        treaty_id,
        parties,
        draw(WORDS),
        kind,
        draw(st.integers(490, 520)),
        draw(st.integers(1, 20)),
        tuple(draw(st.lists(treaty_modifiers(parties), max_size=2))),
        draw(penalties()),
        rule,
        patron,
        draw(st.booleans()),
        tuple(
            (draw(st.sampled_from(parties)), draw(WORDS)) for _ in range(draw(st.integers(0, 2)))
        ),
        draw(st.none() | st.integers(500, 520)),
        tuple(
            (draw(st.sampled_from(IDS)), draw(st.integers(500, 520)))
            for _ in range(draw(st.integers(0, 2)))
        ),
        ended,
        None if ended is None else draw(st.sampled_from(TreatyEnd)),
    )


@st.composite
def offers(draw: st.DrawFn, offer_id: str) -> Offer:
    sender, to = draw(st.lists(st.sampled_from(IDS), min_size=2, max_size=2, unique=True))
    return Offer(
        offer_id,
        sender,
        to,
        draw(WORDS),
        draw(st.sampled_from(TreatyKind)),
        draw(st.integers(490, 520)),
        draw(st.none() | st.integers(1, 30)),
        tuple(draw(st.lists(treaty_modifiers((sender, to)), max_size=2))),
        draw(penalties()),
        draw(st.sampled_from(AdhesionRule)),
        draw(st.sampled_from((None, sender))),
        draw(st.booleans()),
        draw(st.none() | st.just("T0")),
        draw(st.sampled_from(OfferState)),
    )


@st.composite
def civil_wars(draw: st.DrawFn, nation: str) -> tuple[CivilWar, dict[tuple[str, str], str]]:
    factions = tuple(f"{nation}-f{k}" for k in range(draw(st.integers(2, 4))))
    incumbent = draw(st.sampled_from(factions))
    if draw(st.booleans()):
        meter = split_supremacy(factions, incumbent)
    else:
        cuts = sorted(
            draw(
                st.lists(
                    st.integers(0, 100), min_size=len(factions) - 1, max_size=len(factions) - 1
                )
            )
        )
        bounds = [0, *cuts, 100]
        meter = {f: bounds[i + 1] - bounds[i] for i, f in enumerate(factions)}
    others = [n for n in IDS if n != nation]
    backers = {
        b: draw(st.sampled_from(factions))
        for b in draw(st.lists(st.sampled_from(others), max_size=2, unique=True))
    }
    controllers = {(nation, f): draw(st.sampled_from(IDS)) for f in factions if draw(st.booleans())}
    return CivilWar(
        nation, factions, incumbent, meter, draw(st.integers(490, 520)), backers
    ), controllers


@st.composite
def rebellions(draw: st.DrawFn) -> Rebellion:
    nation = draw(st.sampled_from(IDS))
    backers = tuple(
        draw(st.lists(st.sampled_from([n for n in IDS if n != nation]), max_size=3, unique=True))
    )
    discovered = frozenset(b for b in backers if draw(st.booleans()))
    failure = draw(st.sampled_from([None, *(lv for lv in Level if not lv.success)]))
    return Rebellion(nation, draw(st.integers(490, 520)), backers, discovered, failure)


@st.composite
def declarations(draw: st.DrawFn, declaration_id: str) -> Declaration:
    nations = draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=3, unique=True))
    parties = tuple(
        Party(
            n,
            draw(st.integers(490, 520)),
            draw(st.none() | st.integers(490, 520)),
            tuple(draw(st.lists(WORDS, max_size=2))),
        )
        for n in nations
    )
    broken = draw(st.none() | st.integers(500, 520))
    return Declaration(
        declaration_id,
        draw(WORDS),
        draw(st.sampled_from(DeclarationKind)),
        parties,
        draw(penalties()),
        draw(st.booleans()),
        broken,
        None if broken is None else draw(st.sampled_from(nations)),
        draw(st.none() | st.just("D0")),
        draw(st.none() | st.just("D1")),
    )


NAME_SETS = st.frozensets(st.sampled_from(IDS))


@st.composite
def conferences(draw: st.DrawFn, conference_id: str) -> Conference:
    proposals = tuple(
        Proposal(
            f"{conference_id}/P{k}",
            draw(st.sampled_from(IDS)),
            draw(st.integers(500, 520)),
            draw(WORDS),
        )
        for k in range(draw(st.integers(0, 3)))
    )
    return Conference(
        conference_id,
        tuple(draw(st.lists(st.sampled_from(IDS), min_size=1, max_size=3, unique=True))),
        draw(WORDS),
        draw(st.integers(490, 520)),
        draw(NAME_SETS),
        draw(NAME_SETS),
        draw(NAME_SETS),
        draw(NAME_SETS),
        proposals,
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.booleans()),
        draw(st.none() | st.integers(500, 520)),
        draw(st.none() | st.integers(500, 520)),
    )


@st.composite
def organisations(draw: st.DrawFn, organisation_id: str) -> Organisation:
    members = tuple(draw(st.permutations(IDS)))[: draw(st.integers(5, 6))]
    term = draw(st.sampled_from(Term))
    statute = Statute(
        draw(st.sampled_from(Election)),
        term,
        draw(st.integers(3, 10)) if term is Term.FIXED else draw(st.none() | st.integers(3, 10)),
        draw(st.booleans()),
        draw(NAME_SETS),
        tuple(draw(st.permutations(members)))[: draw(st.integers(0, 3))],
        draw(st.frozensets(st.sampled_from(Approval))),
        draw(st.booleans()),
    )
    leader = draw(st.sampled_from((None, *members)))
    schism = None
    if leader is not None and draw(st.booleans()):
        rival = draw(st.sampled_from([m for m in members if m != leader]))
        recognition = {m: draw(st.sampled_from((leader, rival))) for m in members}
        recognition[leader], recognition[rival] = leader, rival
        schism = Schism(draw(st.integers(500, 520)), rival, recognition)
    return Organisation(
        organisation_id,
        draw(WORDS),
        members,
        draw(st.integers(490, 520)),
        statute,
        leader,
        draw(st.none() | st.integers(500, 530)),
        frozenset(m for m in members if draw(st.booleans())),
        draw(st.none() | st.integers(500, 520)),
        schism,
        draw(st.none() | st.integers(500, 520)),
    )


@st.composite
def games(draw: st.DrawFn) -> tuple[Politics, tuple[Nation, ...]]:
    """A vassal forest (each nation's patron drawn among the earlier ones:
    no cycle, O-185), and every other record valid by its own rules."""
    patrons = {n: draw(st.sampled_from((None, *IDS[:i]))) for i, n in enumerate(IDS)}
    nations = tuple(make(n, vassal_of=p) for n, p in patrons.items())
    vassalages = tuple(
        Vassalage(
            n,
            p,
            draw(st.integers(490, 520)),
            draw(st.booleans()),
            draw(st.frozensets(st.integers(490, 520), max_size=3)),
            draw(st.none() | st.integers(500, 520)),
            draw(st.sampled_from(VassalageOrigin)),
            draw(st.integers(0, 30)),
            draw(st.integers(0, 30)),
        )
        for n, p in patrons.items()
        if p is not None
    )
    pairs = draw(
        st.lists(
            st.lists(st.sampled_from(IDS), min_size=2, max_size=2, unique=True),
            max_size=4,
            unique_by=lambda p: frozenset(p),
        )
    )
    conflicts = tuple(
        Conflict(
            frozenset(p),
            draw(st.integers(0, 5)),
            draw(st.integers(0, 2)),
            at_war,
            503 if at_war else draw(st.none() | st.integers(500, 520)),
            draw(st.none() | st.integers(500, 520)),
            draw(st.booleans()),
        )
        for p in pairs
        for at_war in [draw(st.booleans())]
    )
    wars, controllers = [], {}
    for nation in draw(st.lists(st.sampled_from(IDS), max_size=2, unique=True)):
        war, controlled = draw(civil_wars(nation))
        wars.append(war)
        controllers.update(controlled)
    fronts = draw(
        st.dictionaries(
            st.tuples(st.sampled_from(IDS), st.sampled_from(IDS)), st.integers(1, 4), max_size=4
        )
    )
    politics = Politics(
        vassalages=tuple(draw(st.permutations(vassalages))),
        conflicts=conflicts,
        fronts=fronts,
        capacity=draw(st.dictionaries(st.sampled_from(IDS), st.integers(0, 5), max_size=3)),
        civil_wars=tuple(wars),
        controllers=controllers,
        rebellions=tuple(draw(st.lists(rebellions(), max_size=3))),
        treaties=Treaties(
            tuple(draw(treaties(f"T{k}")) for k in range(draw(st.integers(0, 3)))),
            tuple(draw(offers(f"O{k}")) for k in range(draw(st.integers(0, 3)))),
        ),
        declarations=tuple(draw(declarations(f"D{k}")) for k in range(draw(st.integers(0, 2)))),
        conferences=tuple(draw(conferences(f"C{k}")) for k in range(draw(st.integers(0, 2)))),
        resolutions=tuple(
            Resolution(
                f"R{k}",
                "C0",
                "C0/P0",
                draw(st.integers(500, 520)),
                draw(NAME_SETS),
                draw(NAME_SETS),
                draw(st.none() | WORDS),
            )
            for k in range(draw(st.integers(0, 2)))
        ),
        organisations=tuple(draw(organisations(f"G{k}")) for k in range(draw(st.integers(0, 2)))),
        epochs=tuple(sorted(draw(st.sets(st.integers(500, 600), max_size=3)))),
    )
    return politics, nations


@settings(max_examples=150, deadline=None)
@given(games())
def test_any_politics_round_trips(game: tuple[Politics, tuple[Nation, ...]]) -> None:
    """O-185 (vassal chains without cycles), O-204 conflicts, O-219 Supremacy
    summing to 100, O-225 rebellions, O-245 treaty terms, O-238 offers,
    O-250 declarations, O-259 conferences, O-279 organisations, O-296
    epochs: any valid Politics is written, dumped as YAML text and read back
    equal, and the same Politics always gives the same text."""
    politics, nations = game
    data = politics_to_dict(politics)
    text = dump_yaml(data)
    back = politics_from_dict(yaml.safe_load(text), nations)
    assert back == politics
    assert dump_yaml(politics_to_dict(back)) == text
    assert yaml.safe_dump(politics_to_dict(politics)) == yaml.safe_dump(data)
