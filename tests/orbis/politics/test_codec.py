"""The political state in the state file (`politics.codec`, `state.py`):
every record of `register.Politics` written as plain YAML data and read back
equal, byte-identical twice, hostile files refused naming the key, and old
state files (no `politics:`) seeded from the sheets' patrons."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
import yaml

from adjudicator.core.files import dump_yaml
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.blocs import Bloc, LejaniaPenalty
from adjudicator.rulesets.orbis.politics.civil_war import CivilWar
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
from adjudicator.rulesets.orbis.politics.vassals import OffensiveBonus, Vassalage, VassalageOrigin
from adjudicator.rulesets.orbis.politics.war import Conflict
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from adjudicator.rulesets.orbis.state import (
    TURN,
    OrbisState,
    OrbisStateError,
    state_from_dict,
    state_to_dict,
)


def make(nation_id: str, vassal_of: str | None = None, **fields: Any) -> Nation:
    """All attributes 20: VIA and LEG capacities 60, full."""
    return Nation(
        nation_id,
        nation_id.upper(),
        dict.fromkeys(Attribute, 20),
        60,
        60,
        vassal_of=vassal_of,
        **fields,
    )


NATIONS = (
    make("cas"),
    make("ara", vassal_of="cas"),
    make("nav", vassal_of="ara"),
    make("por"),
    make("fra"),
    make("ing"),
    make("gra", vassal_of="cas", kind=NationKind.HOST),
)


def rich() -> Politics:
    """One of every record, most fields away from their defaults."""
    members = ("cas", "ara", "por", "fra", "ing")
    return Politics(
        vassalages=(
            Vassalage("ara", "cas", 500),
            Vassalage(
                "nav",
                "ara",
                501,
                tributary=False,
                forgiven_cycles=frozenset({505, 500}),
                declared_independence=503,
                origin=VassalageOrigin.PACT,
                independence_via=4,
                independence_leg=2,
            ),
        ),
        conflicts=(
            Conflict(frozenset({"fra", "cas"}), 3, 0, True, 502, 500, True),
            Conflict(frozenset({"ing", "por"}), quiet=1),
        ),
        fronts={("cas", "fra"): 2, ("fra", "cas"): 1, ("cas", "ing"): 4},
        capacity={"cas": 3, "ara": 0},
        civil_wars=(
            CivilWar("fra", ("rey", "liga"), "rey", {"rey": 66, "liga": 34}, 503, {"ing": "liga"}),
        ),
        controllers={("fra", "liga"): "ing", ("fra", "rey"): "fra"},
        rebellions=(
            Rebellion("por", 502, ("ing", "cas"), frozenset({"cas"}), Level.MF),
            Rebellion("ing", 504),
        ),
        treaties=Treaties(
            treaties=(
                Treaty(
                    "T503-1",
                    ("cas", "por", "ing"),
                    "paz perpetua",
                    TreatyKind.PEACE,
                    503,
                    15,
                    (TreatyModifier("cas", Attribute.ECN, -5, "por"),),
                    Penalty(10, 4, (Attribute.MIL, Attribute.AUX)),
                    AdhesionRule.MAJORITY,
                    reservations=(("ing", "sin puertos"),),
                    renewed=504,
                    breaches=(("fra", 504),),
                ),
                Treaty(
                    "T500-1", ("cas", "ara"), "vasallaje", TreatyKind.VASSALAGE, 500, patron="cas"
                ),
                Treaty(
                    "T501-1",
                    ("ara", "fra"),
                    "comercio",
                    TreatyKind.TRADE,
                    501,
                    similar=True,
                    ended=504,
                    end=TreatyEnd.BROKEN,
                ),
            ),
            offers=(
                Offer(
                    "T504-1",
                    "fra",
                    "cas",
                    "tregua",
                    TreatyKind.CEASEFIRE,
                    504,
                    25,
                    state=OfferState.COUNTERED,
                ),
                Offer(
                    "T504-2",
                    "cas",
                    "fra",
                    "tregua corta",
                    TreatyKind.CEASEFIRE,
                    504,
                    modifiers=(TreatyModifier("fra", Attribute.MIL, 5),),
                    penalty=Penalty(5, 5),
                    answers="T504-1",
                ),
            ),
        ),
        declarations=(
            Declaration(
                "D502-1",
                "Neutralidad armada",
                DeclarationKind.NEUTRALITY,
                (Party("por", 502, 504, ("salvo el mar",)), Party("ing", 502)),
                Penalty(15, 10),
                reasonable=False,
                broken=505,
                broken_by="ing",
                similar_to="D501-1",
                reassumes="D500-1",
            ),
            Declaration("D501-1", "Otra", DeclarationKind.OTHER, (Party("cas", 501),)),
        ),
        conferences=(
            Conference(
                "C503-1",
                ("cas", "ara"),
                "la paz",
                503,
                frozenset({"fra", "por"}),
                frozenset({"ing"}),
                frozenset({"nav"}),
                frozenset({"fra"}),
                (Proposal("C503-1/P1", "cas", 503, "texto"), Proposal("C503-1/P2", "ara", 504)),
                alternatives=True,
                include_vassals=False,
                others_may_propose=True,
                voted=505,
            ),
            Conference("C504-1", ("por",), "comercio", 504, dissolved=505),
        ),
        resolutions=(
            Resolution(
                "C503-1:C503-1/P1",
                "C503-1",
                "C503-1/P1",
                505,
                frozenset({"cas", "ara", "fra", "por", "ing", "nav"}),
                frozenset({"cas"}),
                "pagar 10 RQU",
            ),
        ),
        organisations=(
            Organisation(
                "O1",
                "Liga Hanseática",
                members,
                500,
                Statute(
                    Election.ELECTORAL_FIXED,
                    Term.FIXED,
                    5,
                    False,
                    frozenset({"cas", "ara"}),
                    ("ara", "cas"),
                    frozenset({Approval.STATUTE, Approval.LEADER}),
                    True,
                ),
                leader="cas",
                term_end=506,
                suspended=frozenset({"por"}),
                below_since=505,
                schism=Schism(
                    504,
                    "ara",
                    {"cas": "cas", "ara": "ara", "por": "cas", "fra": "ara", "ing": "cas"},
                ),
            ),
            Organisation("O2", "Concordia", members, 501, dissolved=506),
        ),
        epochs=(510,),
    )


def through_yaml(data: Any) -> Any:
    return yaml.safe_load(yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def test_a_rich_politics_round_trips_through_yaml_text() -> None:
    """O-185 vassalage, O-204 conflict and war, O-209/O-211 fronts and
    capacity, O-219 Supremacy, O-222 backers, O-231 secret backers, O-245
    treaty term, O-244 modifiers, O-238 offers, O-250 declaration, O-259
    bloc/conference, O-271 resolution, O-279/O-290 organisation and schism,
    O-296 epochs: written and read back equal, byte-identical twice."""
    politics = rich()
    data = politics_to_dict(politics)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    assert politics_from_dict(yaml.safe_load(text), NATIONS) == politics
    assert yaml.safe_dump(politics_to_dict(rich()), sort_keys=False, allow_unicode=True) == text
    assert dump_yaml(politics_to_dict(politics)) == dump_yaml(data)
    again = politics_from_dict(yaml.safe_load(text), NATIONS)
    assert yaml.safe_dump(politics_to_dict(again), sort_keys=False, allow_unicode=True) == text


def test_the_data_is_plain_sorted_and_lean() -> None:
    """O-185, O-219, O-245, O-279: keys sorted, enums by value, sets as
    sorted lists, defaults left out (a default vassalage is three keys)."""
    data = politics_to_dict(rich())
    assert list(data) == sorted(data)
    assert data["vassalages"][0] == {"patron": "cas", "since": 500, "vassal": "ara"}
    assert data["vassalages"][1]["forgiven_cycles"] == [500, 505]
    assert data["vassalages"][1]["origin"] == "pact"
    assert data["conflicts"][0]["nations"] == ["cas", "fra"]
    assert data["fronts"] == {"cas": {"fra": 2, "ing": 4}, "fra": {"cas": 1}}
    assert data["controllers"] == {"fra": {"liga": "ing", "rey": "fra"}}
    assert data["civil_wars"][0]["supremacy"] == {"liga": 34, "rey": 66}
    assert data["treaties"][0]["term_years"] == 15 and data["treaties"][0]["kind"] == "peace"
    assert "term_years" not in data["treaties"][1]  # the default 10 (O-245)
    assert data["treaties"][0]["penalty"] == {"attributes": ["MIL", "AUX"], "value": 10, "years": 4}
    assert data["offers"][1]["penalty"] == {"value": 5, "years": 5}
    assert data["rebellions"][0]["last_failure"] == "MF"
    assert data["organisations"][0]["statute"]["admission"] == ["leader", "statute"]
    assert "statute" not in data["organisations"][1]
    assert data["epochs"] == [510]

    def plain(value: Any) -> bool:
        if isinstance(value, dict):
            return list(value) == sorted(value) and all(
                isinstance(k, str) and plain(v) for k, v in value.items()
            )
        if isinstance(value, list):
            return all(plain(v) for v in value)
        return isinstance(value, str | int | bool)

    assert plain(data)


def test_an_empty_politics_is_an_empty_mapping() -> None:
    """O-185: nothing political, nothing written; read back empty."""
    assert politics_to_dict(Politics()) == {}
    assert politics_from_dict({}, (make("cas"),)) == Politics()


# --- hostile files ------------------------------------------------------------------------

Edit = Callable[[dict[str, Any]], None]


def _set(path: tuple[Any, ...], value: Any) -> Edit:
    def edit(data: dict[str, Any]) -> None:
        target: Any = data
        for step in path[:-1]:
            target = target[step]
        target[path[-1]] = value

    return edit


HOSTILE: list[tuple[str, Edit, str]] = [
    (
        "not a list",
        _set(("vassalages",), "cas"),
        "politics.vassalages: expected a list, got text ('cas')",
    ),
    (
        "wrong type",
        _set(("treaties", 0, "parties"), "cas"),
        "politics.treaties[0].parties: expected a list, got text",
    ),
    (
        "a number as a name",
        _set(("treaties", 1, "parties"), ["cas", 5]),
        "politics.treaties[1].parties[1]: expected a name",
    ),
    (
        "a boolean as a year",
        _set(("vassalages", 0, "since"), True),
        "politics.vassalages[0].since: expected a whole number, got a boolean",
    ),
    (
        "unknown top key",
        _set(("treatys",), []),
        "politics.treatys: unknown key, did you mean 'treaties'?",
    ),
    (
        "unknown record key",
        _set(("vassalages", 1, "patrn"), "cas"),
        "politics.vassalages[1].patrn: unknown key, did you mean 'patron'?",
    ),
    (
        "missing key",
        lambda d: d["conflicts"][0].pop("nations"),
        "politics.conflicts[0].nations: missing",
    ),
    (
        "bad enum",
        _set(("treaties", 0, "kind"), "truce"),
        "politics.treaties[0].kind: expected one of peace, non_aggression",
    ),
    (
        "bad level",
        _set(("rebellions", 0, "last_failure"), "E"),
        "politics.rebellions[0]: rebellion in por: last_failure is a success",
    ),
    (
        "term 25",
        _set(("treaties", 0, "term_years"), 25),
        "politics.treaties[0].term_years: expected a term of 1..20 years (O-245), got 25",
    ),
    (
        "Supremacy not 100",
        _set(("civil_wars", 0, "supremacy"), {"rey": 60, "liga": 34}),
        "politics.civil_wars[0].supremacy: expected values of 0 or more summing to 100 (O-219), got 94",
    ),
    (
        "Supremacy of a stranger",
        _set(("civil_wars", 0, "supremacy"), {"rey": 66, "otro": 34}),
        "politics.civil_wars[0].supremacy: expected one value per faction",
    ),
    (
        "a vassal cycle",
        lambda d: d["vassalages"].append({"vassal": "cas", "patron": "nav", "since": 500}),
        "politics: an impossible political state: ara is its own indirect patron (ara → cas → nav)",
    ),
    (
        "a sheet disagrees",
        _set(("vassalages", 1, "patron"), "cas"),
        "nav: its sheet names patron 'ara', its vassalage 'cas'",
    ),
    (
        "a record's own check",
        _set(("conflicts", 1, "at_war"), True),
        "politics.conflicts[1]: a war has a start year",
    ),
    (
        "one conflict twice",
        lambda d: d["conflicts"].append(dict(d["conflicts"][0])),
        "politics.conflicts[2]: expected one record per conflict",
    ),
    (
        "a nested unknown key",
        _set(("organisations", 0, "statute", "elecion"), "rotation"),
        "politics.organisations[0].statute.elecion: unknown key, did you mean 'election'?",
    ),
    (
        "a penalty of 0",
        _set(("offers", 1, "penalty", "value"), 0),
        "politics.offers[1].penalty: a breaking penalty is a penalty",
    ),
    (
        "a front of 0 halves",
        _set(("fronts", "cas", "fra"), 0),
        "politics.fronts.cas.fra: expected a front's weight of 1 half or more",
    ),
    (
        "a name listed twice",
        _set(("conferences", 0, "participants"), ["fra", "fra"]),
        "politics.conferences[0].participants: expected distinct names, fra listed twice",
    ),
    (
        "a schism without the leader",
        _set(("organisations", 0, "schism", "rival"), "cas"),
        "politics.organisations[0]: organisation O1: a schism needs two distinct",
    ),
    ("an unknown nation", _set(("conflicts", 1, "nations"), ["ing", "xyz"]), "unknown xyz"),
]


@pytest.mark.parametrize(
    ("edit", "message"), [(e, m) for _, e, m in HOSTILE], ids=[h[0] for h in HOSTILE]
)
def test_hostile_files_are_refused_naming_the_key(edit: Edit, message: str) -> None:
    """O-185 (no cycle, sheets agree), O-204 (a war has a start), O-209
    (fronts), O-219 (Supremacy sums to 100), O-231 (a failure is no
    success), O-245 and AMB-39 (a treaty term of 25 is refused in the file:
    the judge records it as 20), O-252 (a penalty above 0), O-259, O-290
    (a schism's two Leaders): every malformed value is a ValueError naming
    its key and what was expected."""
    data = copy.deepcopy(politics_to_dict(rich()))
    politics_from_dict(copy.deepcopy(data), NATIONS)  # the untouched data is fine
    edit(data)
    with pytest.raises(ValueError, match="^") as caught:
        politics_from_dict(data, NATIONS)
    assert message in str(caught.value)


def test_a_politics_that_is_not_a_mapping_is_refused() -> None:
    """O-185: the `politics:` key holds a mapping."""
    with pytest.raises(ValueError, match=r"^politics: expected a mapping, got a list$"):
        politics_from_dict([], NATIONS)


# --- the state file -----------------------------------------------------------------------


def state(nations: tuple[Nation, ...], politics: Politics) -> OrbisState:
    return OrbisState(Phase(505, None, TURN), 500, nations, politics=politics)


def test_the_state_file_carries_the_politics() -> None:
    """O-185, O-204, O-245, O-279: `state_to_dict` writes `politics:` and
    `state_from_dict` reads it back equal, through YAML text."""
    full = state(NATIONS, rich())
    data = state_to_dict(full)
    assert data["politics"] == politics_to_dict(rich())
    assert state_from_dict(through_yaml(data)) == full


def test_an_old_state_file_seeds_vassalages_from_the_sheets() -> None:
    """O-185, O-183: without `politics:` (an old file or a new game) each
    sheet naming a patron becomes a tributary vassalage since the first
    year; a host keeps its owner and gets none; an empty Politics is left
    out of the file."""
    old = state(NATIONS, Politics())
    data = state_to_dict(old)
    assert "politics" not in data
    read = state_from_dict(through_yaml(data))
    assert read.politics.vassalages == (Vassalage("ara", "cas", 500), Vassalage("nav", "ara", 500))
    assert read.politics.patron("gra") is None
    assert read.nations == NATIONS
    assert state_from_dict(state_to_dict(read)) == read


def test_an_old_state_file_with_a_vassal_cycle_is_refused() -> None:
    """O-185: sheets naming each other as patrons cannot be seeded."""
    data = state_to_dict(state((make("a", vassal_of="b"), make("b", vassal_of="a")), Politics()))
    with pytest.raises(OrbisStateError, match=r"^a malformed state file: politics .*own indirect"):
        state_from_dict(data)


def test_a_malformed_politics_is_a_state_error_naming_the_key() -> None:
    """O-245, AMB-39: the state file's error names `politics.…`."""
    data = state_to_dict(state(NATIONS, rich()))
    data["politics"]["treaties"][0]["term_years"] = 25
    with pytest.raises(
        OrbisStateError,
        match=r"^a malformed state file: politics\.treaties\[0\]\.term_years: expected a term",
    ):
        state_from_dict(data)


# --- grievances, blocs and Lejanía penalties ----------------------------------------------


def wronged_and_excluded() -> Politics:
    """A grievance (O-196), a bloc with a suspended and a leaving member
    (O-273, O-278) and a Lejanía penalty (O-277) beside the sheets' vassals."""
    return Politics(
        vassalages=(Vassalage("ara", "cas", 500), Vassalage("nav", "ara", 500)),
        grievances=(OffensiveBonus("ara", -10, 502, 504, "cas:nav"),),
        blocs=(Bloc("C503-1", frozenset({"cas", "por", "fra"}), {"por": "pagar"}, {"fra": 506}),),
        lejania=(
            LejaniaPenalty("ing", frozenset({"cas", "por"}), 10, 504, 508, "exclusion:C503-1"),
        ),
    )


def test_grievances_blocs_and_lejania_round_trip() -> None:
    """O-196, AMB-46, O-259, O-273, O-277, O-278, AMB-28: plain sorted data,
    read back equal through YAML text, byte-identical twice."""
    data = politics_to_dict(wronged_and_excluded())
    assert data["grievances"] == [
        {"first": 502, "nation": "ara", "source": "cas:nav", "until": 504, "value": -10}
    ]
    assert data["blocs"] == [
        {
            "id": "C503-1",
            "leaving": {"fra": 506},
            "members": ["cas", "fra", "por"],
            "suspended": {"por": "pagar"},
        }
    ]
    assert data["lejania"][0]["toward"] == ["cas", "por"]
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True)
    again = politics_from_dict(yaml.safe_load(text), NATIONS)
    assert again == wronged_and_excluded()
    assert yaml.safe_dump(politics_to_dict(again), sort_keys=False, allow_unicode=True) == text


HOSTILE_NEW: list[tuple[str, Edit, str]] = [
    (
        "a grievance of 0",
        _set(("grievances", 0, "value"), 0),
        "politics.grievances[0].value: expected a bonus, below 0 (O-196), got 0",
    ),
    (
        "a grievance ending before it starts",
        _set(("grievances", 0, "until"), 501),
        "politics.grievances[0].until: expected a year not before first (502), got 501",
    ),
    (
        "a suspended stranger",
        _set(("blocs", 0, "suspended"), {"ing": "x"}),
        "politics.blocs[0].suspended: expected members of the bloc, got ing",
    ),
    (
        "one bloc twice",
        lambda d: d["blocs"].append(dict(d["blocs"][0])),
        "politics.blocs[1]: expected one record per bloc, 'C503-1' already at [0]",
    ),
    (
        "a Lejanía of 0",
        _set(("lejania", 0, "value"), 0),
        "politics.lejania[0].value: expected a penalty, above 0 (O-277), got 0",
    ),
    (
        "a Lejanía toward itself",
        _set(("lejania", 0, "toward"), ["ing", "cas"]),
        "politics.lejania[0].toward: expected other nations than ing",
    ),
]


@pytest.mark.parametrize(
    ("edit", "message"), [(e, m) for _, e, m in HOSTILE_NEW], ids=[h[0] for h in HOSTILE_NEW]
)
def test_hostile_grievances_blocs_and_lejania_are_refused(edit: Edit, message: str) -> None:
    """O-196 (a bonus below 0), O-278 (the suspended are members), O-259 (one
    record per bloc), O-277, AMB-28 (a penalty above 0, toward others): a
    ValueError naming the key."""
    data = copy.deepcopy(politics_to_dict(wronged_and_excluded()))
    edit(data)
    with pytest.raises(ValueError, match="^") as caught:
        politics_from_dict(data, NATIONS)
    assert message in str(caught.value)
