"""The Hypothesis property of whole Orbis years with politics (`turn.resolve_year`):
2 to 4 consecutive years of random sheets, medidas, political lines (built
directly as `orders.orbis.politics_model` records, naming ids of the registry
and bogus ones) and random GM politics. Every year the resolution never
raises, answers every line once, keeps the political record possible, reads
back from its YAML, replays identically (state and every report) and keeps
rebellions' backers secret."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from types import MappingProxyType

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic, Variant
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.register import Politics, politics_problems, seeded
from adjudicator.rulesets.orbis.politics.treaties import TERM_MAX, TreatyKind
from adjudicator.rulesets.orbis.politics.vassals import TributeGood, VassalageOrigin
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from adjudicator.rulesets.orbis.state import TURN, OrbisState, state_from_dict, state_to_dict
from adjudicator.rulesets.orbis.turn import GmInput, OrbisOrder, OrbisResolution, resolve_year
from orders.issues import Source
from orders.orbis.model import Medida, ParsedGm
from orders.orbis.politics_model import (
    Ballot,
    ConferenceAct,
    ConferenceLine,
    DeclarationAct,
    DeclarationLine,
    GmAnswer,
    GmCivilWar,
    GmFront,
    GmOrganisation,
    GmPolitics,
    GmRebellion,
    GmVassalage,
    LineModifier,
    LinePenalty,
    PoliticalLine,
    TreatyAct,
    TreatyLine,
    VassalAct,
    VassalLine,
    VoteLine,
)
from renderers.orbis.private import render_private_report
from renderers.orbis.report import OrbisTurnReport, render_orbis_json, render_orbis_report
from renderers.orbis.wiki import render_orbis_wiki

GAME = "orbis-politics-property"
IDS = ("n0", "n1", "n2", "n3", "n4", "n5")
FACTIONS = ("leales", "rebeldes", "clero")
BOGUS = ("T999-9", "D999-1", "C999-1", "C999-1/P1", "O-nada", "zz")
WAR = (Statistic.OFENSIVA, Statistic.INCISION, Statistic.SABOTAJE, Statistic.INTRIGA)

# --- sheets and state ---------------------------------------------------------------------


@st.composite
def nations(draw: st.DrawFn, nation_id: str, earlier: tuple[str, ...]) -> Nation:
    attributes = {a: draw(st.integers(1, 60)) for a in Attribute}
    probe = Nation(nation_id, nation_id, attributes, 0, 0)
    return Nation(
        nation_id,
        f"Nación {nation_id}",
        attributes,
        via=draw(st.integers(0, probe.via_capacity)),
        leg=draw(st.integers(0, probe.leg_capacity)),
        rqu=draw(st.integers(0, 40)),
        pro=draw(st.integers(0, 40)),
        kind=draw(st.sampled_from(NationKind)),
        player=draw(st.sampled_from([None, "ana", "bruno"])),
        vassal_of=draw(st.sampled_from([None, *earlier])),
    )


@st.composite
def states(draw: st.DrawFn) -> OrbisState:
    year = draw(st.integers(500, 510))
    first_year = draw(st.integers(495, year))
    ids = IDS[: draw(st.integers(2, len(IDS)))]
    # a patron among the earlier nations only: the vassal graph has no cycle (O-185)
    sheets = tuple(draw(nations(n, ids[:i])) for i, n in enumerate(ids))
    return OrbisState(
        Phase(year, None, TURN), first_year, sheets, politics=seeded(sheets, first_year)
    )


# --- what the registry holds: ids to name -------------------------------------------------


def registry_ids(politics: Politics, year: int) -> dict[str, tuple[str, ...]]:
    """The ids a line may name this year: those recorded, those this year's
    first lines will create (`T<year>-1` ...), and bogus ones."""
    made = {
        "treaty": tuple(t.id for t in politics.treaties.treaties),
        "offer": tuple(o.id for o in politics.treaties.offers),
        "declaration": tuple(d.id for d in politics.declarations),
        "conference": tuple(c.id for c in politics.conferences),
        "proposal": tuple(p.id for c in politics.conferences for p in c.proposals),
        "resolution": tuple(r.id for r in politics.resolutions),
        "organisation": tuple(o.id for o in politics.organisations),
    }
    fresh = {
        "treaty": (f"T{year}-1", f"T{year}-2"),
        "offer": (f"T{year}-1", f"T{year}-2"),
        "declaration": (f"D{year}-1",),
        "conference": (f"C{year}-1",),
        "proposal": (f"C{year}-1/P1", "P1"),
    }
    return {k: (*v, *fresh.get(k, ()), *BOGUS) for k, v in made.items()}


# --- the players' political lines ---------------------------------------------------------


def _others(power: str, ids: tuple[str, ...]) -> st.SearchStrategy[str]:
    return st.sampled_from([n for n in ids if n != power] or [power])


@st.composite
def treaty_lines(
    draw: st.DrawFn, power: str, ids: tuple[str, ...], refs: dict[str, tuple[str, ...]]
) -> TreatyLine:
    act = draw(st.sampled_from(TreatyAct))
    parties = tuple(draw(st.lists(_others(power, ids), min_size=1, max_size=2, unique=True)))
    if act in (TreatyAct.OFFER, TreatyAct.COUNTER):
        holders = st.sampled_from([None, power, *parties, "zz"])
        modifiers = draw(
            st.lists(
                st.builds(
                    LineModifier,
                    st.integers(-10, 10),
                    st.sampled_from([None, *(a.value.lower() for a in Attribute)]),
                    holders,
                ),
                max_size=2,
            )
        )
        penalty = draw(st.none() | st.builds(LinePenalty, st.integers(1, 15), st.integers(1, 12)))
        return TreatyLine(
            power,
            act,
            draw(st.sampled_from(refs["offer"])) if act is TreatyAct.COUNTER else None,
            draw(st.sampled_from([*(k.value for k in TreatyKind), "bogus"])),
            parties,
            draw(st.none() | st.integers(1, 25)),
            "términos",
            tuple(modifiers),
            penalty,
        )
    pool = refs["offer"] if act in (TreatyAct.ACCEPT, TreatyAct.REJECT, TreatyAct.WITHDRAW) else ()
    ref = draw(st.sampled_from((*pool, *refs["treaty"])))
    return TreatyLine(power, act, ref, parties=parties if act is TreatyAct.FREE else ())


@st.composite
def declaration_lines(
    draw: st.DrawFn, power: str, ids: tuple[str, ...], refs: dict[str, tuple[str, ...]]
) -> DeclarationLine:
    act = draw(st.sampled_from(DeclarationAct))
    if act is DeclarationAct.DECLARE:
        penalty = draw(st.none() | st.builds(LinePenalty, st.integers(1, 15), st.integers(1, 12)))
        kind = draw(st.sampled_from(["neutrality", "other", "bogus"]))
        reservations = tuple(draw(st.lists(st.sampled_from(["r1", "r2"]), max_size=1)))
        return DeclarationLine(
            power, act, None, kind, "texto", reservations=reservations, penalty=penalty
        )
    if act is DeclarationAct.WAR:
        return DeclarationLine(power, act, against=draw(st.sampled_from([*ids, "zz"])))
    return DeclarationLine(power, act, draw(st.sampled_from(refs["declaration"])))


@st.composite
def conference_lines(
    draw: st.DrawFn, power: str, ids: tuple[str, ...], refs: dict[str, tuple[str, ...]]
) -> ConferenceLine:
    act = draw(st.sampled_from(ConferenceAct))
    if act is ConferenceAct.CONVENE:
        invited = tuple(draw(st.lists(_others(power, ids), max_size=3, unique=True)))
        return ConferenceLine(power, act, None, "tema", invited)
    pool = refs["resolution"] if act is ConferenceAct.PROTEST else refs["conference"]
    text = "propuesta" if act is ConferenceAct.PROPOSE else ""
    return ConferenceLine(power, act, draw(st.sampled_from(pool)), text)


@st.composite
def vote_lines(
    draw: st.DrawFn, power: str, ids: tuple[str, ...], refs: dict[str, tuple[str, ...]]
) -> VoteLine:
    if draw(st.booleans()):
        proposal = draw(st.none() | st.sampled_from(refs["proposal"]))
        ballot = draw(st.sampled_from(Ballot))
        return VoteLine(power, draw(st.sampled_from(refs["conference"])), proposal, ballot)
    ref = draw(st.sampled_from(refs["organisation"]))
    return VoteLine(power, ref, candidate=draw(st.sampled_from([*ids, "zz"])))


@st.composite
def vassal_lines(draw: st.DrawFn, power: str, ids: tuple[str, ...]) -> VassalLine:
    act = draw(st.sampled_from(VassalAct))
    other = (
        draw(st.sampled_from([*ids, "zz"])) if act in (VassalAct.FORGIVE, VassalAct.RAISE) else None
    )
    good = draw(st.sampled_from([*TributeGood, "oro"])) if act is VassalAct.TRIBUTE else None
    return VassalLine(power, act, other, good)


def political_lines(
    power: str, ids: tuple[str, ...], refs: dict[str, tuple[str, ...]]
) -> st.SearchStrategy[PoliticalLine]:
    return st.one_of(
        treaty_lines(power, ids, refs),
        declaration_lines(power, ids, refs),
        conference_lines(power, ids, refs),
        vote_lines(power, ids, refs),
        vassal_lines(power, ids),
    )


def sourced(line: PoliticalLine, number: int) -> PoliticalLine:
    """The line with a Source naming its file and line, as the reader gives."""
    kind = type(line)
    fields = {k: getattr(line, k) for k in line.__dataclass_fields__ if k != "source"}
    return kind(**fields, source=Source(f"{line.power}.txt", number, f"línea {number}"))


# --- medidas ------------------------------------------------------------------------------


@st.composite
def medidas(draw: st.DrawFn, power: str, state: OrbisState) -> Medida:
    ids = state.powers()
    choice = draw(st.sampled_from(["war", "domestic", "diplomacia", "any"]))
    if choice == "war":
        statistic = draw(st.sampled_from(WAR))
        return Medida(power, statistic.value, None, draw(_others(power, ids)), None, "contra")
    if choice == "domestic":
        statistic = draw(st.sampled_from([Statistic.OFENSIVA, Statistic.INCISION]))
        variant = draw(st.sampled_from([None, Variant.SUPRESION]))
        if statistic is Statistic.OFENSIVA:
            variant = None
        return Medida(power, statistic.value, variant.value if variant else None)
    if choice == "diplomacia":
        nsj = [n.id for n in state.nations if not n.has_player and n.id != power] or [power]
        return Medida(power, Statistic.DIPLOMACIA.value, None, draw(st.sampled_from(nsj)))
    statistic = draw(st.sampled_from(Statistic))
    return Medida(power, statistic.value, None, draw(st.sampled_from([None, *ids])))


# --- the GM's politics --------------------------------------------------------------------


@st.composite
def gm_politics(draw: st.DrawFn, state: OrbisState, refs: dict[str, tuple[str, ...]]) -> GmPolitics:
    ids = state.powers()
    some = st.sampled_from([*ids, "zz"])
    pairs = st.tuples(st.sampled_from(ids), st.sampled_from(ids))
    vassalages = draw(
        st.lists(
            st.builds(
                GmVassalage, some, some, st.booleans(), st.sampled_from([*VassalageOrigin, "x"])
            ),
            max_size=2,
        )
    )
    civil_wars = []
    for _ in range(draw(st.integers(0, 1))):
        nation = draw(st.sampled_from(ids))
        factions = tuple(
            draw(st.lists(st.sampled_from(FACTIONS), min_size=2, max_size=3, unique=True))
        )
        controllers = draw(st.dictionaries(st.sampled_from(factions), some, max_size=2))
        backers = draw(st.dictionaries(st.sampled_from(ids), st.sampled_from(factions), max_size=2))
        civil_wars.append(
            GmCivilWar(
                nation,
                factions,
                draw(st.sampled_from(factions)),
                MappingProxyType(controllers),
                MappingProxyType(backers),
            )
        )
    ends = {c.nation: c.factions for c in state.politics.civil_wars}
    civil_war_ends = draw(
        st.dictionaries(
            st.sampled_from([*ends, "zz"]),
            st.sampled_from([f for fs in ends.values() for f in fs] or ["nadie"]),
            max_size=1,
        )
    )
    rebellions = [
        GmRebellion(n, tuple(draw(st.lists(st.sampled_from(ids), max_size=2, unique=True))))
        for n in draw(st.lists(st.sampled_from(ids), max_size=2))
    ]
    organisations = []
    if len(ids) >= 5 and draw(st.booleans()):
        members = draw(st.lists(st.sampled_from(ids), min_size=5, max_size=len(ids), unique=True))
        term = draw(st.sampled_from(["variable", "fixed"]))
        organisations.append(
            GmOrganisation(
                draw(st.sampled_from(["O1", "O2"])),
                "Liga",
                tuple(members),
                draw(st.sampled_from(["egalitarian", "rotation", "points"])),
                term,
                draw(st.integers(3, 10)) if term == "fixed" else None,
            )
        )
    answers = draw(
        st.lists(
            st.builds(
                GmAnswer, st.sampled_from(refs["offer"]), st.sampled_from(ids), st.booleans()
            ),
            max_size=2,
        )
    )
    return GmPolitics(
        vassalages=tuple(vassalages),
        freed=tuple(draw(st.lists(some, max_size=1))),
        hostilities=tuple(draw(st.lists(pairs, max_size=2))),
        fronts=tuple(draw(st.lists(st.builds(GmFront, some, some, st.integers(1, 4)), max_size=2))),
        capacity=MappingProxyType(draw(st.dictionaries(some, st.integers(1, 4), max_size=1))),
        civil_wars=tuple(civil_wars),
        civil_war_ends=MappingProxyType(civil_war_ends),
        rebellions=tuple(rebellions),
        escalations=tuple(draw(st.lists(some, max_size=1))),
        organisations=tuple(organisations),
        answers=tuple(answers),
        force_majeure=tuple(
            draw(st.lists(st.sampled_from((*refs["declaration"], *refs["treaty"])), max_size=1))
        ),
        epoch=draw(st.sampled_from([None, None, None, "total", "partial", "x"])),
    )


@st.composite
def year_orders(draw: st.DrawFn, state: OrbisState) -> list[OrbisOrder]:
    """A year's orders: medidas, each living nation's political lines (in
    order, with sources) and maybe the GM's file with its politics."""
    ids = state.powers()
    refs = registry_ids(state.politics, state.year)
    orders: list[OrbisOrder] = []
    for power in ids:
        orders += draw(st.lists(medidas(power, state), max_size=2))
        lines = draw(st.lists(political_lines(power, ids, refs), max_size=4))
        orders += [sourced(line, number) for number, line in enumerate(lines, 1)]
    if draw(st.booleans()):
        politics = draw(gm_politics(state, refs))
        parsed = ParsedGm(state.year, (), (), (), (), frozenset(), (), politics)
        orders.append(GmInput("gm", parsed))
    return list(draw(st.permutations(orders)))


# --- running and rendering ----------------------------------------------------------------


def run(state: OrbisState, orders: list[OrbisOrder], secret: str) -> OrbisResolution:
    return resolve_year(state, orders, OrbisOptions(), Dice(secret, GAME, state.phase.id))


def dump(state: OrbisState) -> str:
    return yaml.safe_dump(state_to_dict(state), sort_keys=True, allow_unicode=True)


def report(resolution: OrbisResolution) -> OrbisTurnReport:
    everyone = (*resolution.previous.nations, *resolution.state.nations)
    names = {n.id: n.name for n in everyone}
    return OrbisTurnReport(resolution, names, "Propiedad", "Orbis Terrarum")


def rendered(resolution: OrbisResolution) -> dict[str, str]:
    """Every report of the year: public text, JSON, wiki, each private one."""
    turn = report(resolution)
    out = {
        "text": render_orbis_report(turn),
        "json": render_orbis_json(turn),
        "wiki": render_orbis_wiki(turn),
    }
    for nation in resolution.state.nations:
        out[f"private:{nation.id}"] = render_private_report(turn, nation.id)
    return out


# --- the checks ---------------------------------------------------------------------------


def check_answers(orders: list[OrbisOrder], resolution: OrbisResolution) -> None:
    assert resolution.politics is not None
    answers = resolution.politics.answers
    given_lines = [o for o in orders if isinstance(o, PoliticalLine)]
    assert len(answers) == len(given_lines)
    for power in {line.power for line in given_lines}:
        mine = [(line, line.source) for line in given_lines if line.power == power]
        said = [(a.line, a.line.source) for a in answers if a.line.power == power]
        assert said == mine, power
    assert all(a.words for a in answers)


def check_record(resolution: OrbisResolution) -> None:
    after = resolution.state
    politics, year = after.politics, resolution.previous.year
    assert politics_problems(politics, after.nations) == ()
    patrons = {v.vassal: v.patron for v in politics.vassalages}
    assert len(patrons) == len(politics.vassalages)  # one patron each (O-185)
    for vassal, patron in patrons.items():
        seen, at = {vassal}, patron
        while at in patrons:
            assert at not in seen, f"{vassal} is its own indirect vassal"
            seen.add(at)
            at = patrons[at]
        assert at != vassal
    for sheet in after.nations:
        if sheet.kind not in (NationKind.HOST, NationKind.COLONY):
            assert sheet.vassal_of == patrons.get(sheet.id), sheet.id
    for treaty in politics.treaties.treaties:
        assert 1 <= treaty.term_years <= TERM_MAX, treaty.id
        for when in (year, year + 1, after.year):
            if treaty.in_force(when):
                assert when <= treaty.last_year, treaty.id
    for civil in politics.civil_wars:
        assert sum(civil.supremacy.values()) == 100, civil.nation
        assert all(v >= 0 for v in civil.supremacy.values()), civil.nation
    for nation in after.nations:
        assert 0 <= nation.via <= nation.via_capacity, nation.id
        assert 0 <= nation.leg <= nation.leg_capacity, nation.id
        assert nation.rqu >= 0 and nation.pro >= 0, nation.id


def check_file(after: OrbisState) -> None:
    text = dump(after)
    again = state_from_dict(yaml.safe_load(text))
    assert again == after
    assert dump(again) == text
    assert dump(after) == text


def _rebellions(
    resolution: OrbisResolution, orders: Iterable[OrbisOrder]
) -> list[tuple[str, tuple[str, ...]]]:
    """(nation, backers) of every rebellion the year knew: before, raised, after."""
    found = [(r.nation, r.backers) for r in resolution.previous.politics.rebellions]
    found += [(r.nation, r.backers) for r in resolution.state.politics.rebellions]
    for order in orders:
        if isinstance(order, GmInput):
            found += [(r.nation, r.backers) for r in order.parsed.politics.rebellions]
    return found


def _named(text: str, name: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text) is not None


def check_secrecy(
    resolution: OrbisResolution, orders: list[OrbisOrder], reports: dict[str, str]
) -> None:
    turn = report(resolution)
    known = _rebellions(resolution, orders)
    backers = {b for _, bs in known for b in bs}
    # public: no line about backing names a backer (O-231)
    for key in ("text", "wiki", "json"):
        for line in reports[key].splitlines():
            if "back" in line.lower():
                # the rebellion's own nation is named where it is: not a backer
                line = re.sub(r"(rebellion|civil war) in \S+?:", r"\1 in …:", line)
                for backer in backers:
                    assert not _named(line, turn.name(backer)), (key, line)
                    assert not _named(line, backer), (key, line)
    public = json.loads(reports["json"])
    _no_backer_keys(public, backers)
    # private: each nation reads only the backing it does, or found at home
    for nation in resolution.state.nations:
        mine = reports[f"private:{nation.id}"]
        for line in mine.splitlines():
            backs = re.search(
                r"[Yy]ou (?:secretly )?back(?:ing of)? the rebellion in (.+?)(?: since| was| \(O-231)",
                line,
            )
            if backs:
                where = backs.group(1)
                assert any(turn.name(r) == where and nation.id in bs for r, bs in known), (
                    nation.id,
                    line,
                )
            found = re.search(r"backed by (.+) \(O-231\)", line)
            if found:
                for backer in backers:
                    if _named(found.group(1), turn.name(backer)):
                        assert any(r == nation.id and backer in bs for r, bs in known), (
                            nation.id,
                            line,
                        )


def _no_backer_keys(data: object, backers: set[str]) -> None:
    """No key of the public JSON about backing holds a backer's id."""
    if isinstance(data, dict):
        for key, value in data.items():
            if "back" in str(key).lower():
                assert not any(b in json.dumps(value) for b in backers), (key, value)
            _no_backer_keys(value, backers)
    elif isinstance(data, list):
        for item in data:
            _no_backer_keys(item, backers)


# --- the property -------------------------------------------------------------------------


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_random_political_years(data: st.DataObject) -> None:
    """O-185, O-204, O-206, O-219, O-225, O-231, O-237, O-245, O-250, O-266,
    O-279, AMB-39, AMB-40; also O-005, O-135, O-200, O-234, O-247, O-271,
    O-296: 2 to 4 consecutive years of random sheets (patrons only among
    earlier nations), war, domestic and Diplomacia medidas, political lines
    of every kind naming registry and bogus ids, and random GM politics. Each
    year: the resolution never raises; every political line gets exactly one
    answer, each nation's in the order given; the political record is
    possible (no problems, no nation its own indirect vassal, one patron, the
    sheets agreeing with the vassalages, no treaty in force past its term of
    at most 20 years, Supremacy summing to 100); indices within bounds; the
    state reads back equal from its YAML and dumps identically; replaying the
    year gives the same state file and the same public text, JSON, wiki and
    private reports; and a rebellion's backers stay secret (O-231)."""
    state = data.draw(states(), label="state")
    secret = data.draw(st.sampled_from(["alpha", "beta", "gamma"]), label="secret")
    for _ in range(data.draw(st.integers(2, 4), label="years")):
        if not state.powers():
            break  # every nation gone: no year left to play
        orders = data.draw(year_orders(state), label=f"orders {state.year}")
        resolution = run(state, orders, secret)
        after = resolution.state
        assert after.phase == Phase(state.year + 1, None, TURN)
        check_answers(orders, resolution)
        check_record(resolution)
        check_file(after)
        reports = rendered(resolution)
        again = run(state, orders, secret)
        assert dump(again.state) == dump(after)
        assert rendered(again) == reports
        check_secrecy(resolution, orders, reports)
        state = after
