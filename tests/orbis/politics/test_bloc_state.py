"""A bloc's exclusions, suspensions and reinstatements (O-277, O-278,
AMB-28): read from the GM's file, applied at the start of the year to
`Politics.blocs` and `Politics.lejania`, the condition "lejanía" on rolls
between the excluded nation and the bloc's members for five turns, dropped
after, shown in the registry and kept by the state file."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.blocs import Bloc, LejaniaPenalty
from adjudicator.rulesets.orbis.politics.codec import politics_from_dict, politics_to_dict
from adjudicator.rulesets.orbis.politics.conditions import lejania, political_conditions
from adjudicator.rulesets.orbis.politics.conferences import Conference
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.year import start_of_year
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import (
    GmInput,
    MedidaResult,
    OrbisOrder,
    OrbisResolution,
    resolve_year,
)
from orders.orbis.gm_file import read_gm_file
from orders.orbis.model import Medida, OrbisNames
from orders.orbis.politics_model import GmBlocAct, GmPolitics
from renderers.orbis.politics import registry_lines
from renderers.orbis.politics_data import registry_dict
from tests.orbis.politics.test_year_support import make, run, world
from tests.orbis.test_gm_politics import politics as gm_politics

S = Statistic
NATIONS = world("a", "b", "c", "d")
CONFERENCE = Conference("C500-1", ("a",), "paz", 500, participants=frozenset({"b", "c"}))
PENALTY = LejaniaPenalty("c", frozenset({"a", "b"}), 10, 502, 506, "exclusion:C500-1")
"""`c` excluded from the bloc of C500-1 in 501 with a Lejanía of 10."""


def upper(nation: str | None) -> str:
    return (nation or "").upper()


# --- the GM's file ------------------------------------------------------------------------


def test_the_reader_reads_exclusions_suspensions_and_reinstatements() -> None:
    """O-277, O-278, AMB-28: conference ids in any case, nations by name, the
    condition trimmed, the Lejanía optional (None: the GM sets it later)."""
    read_back, messages = gm_politics(
        "  exclusions: [{conference: c503-1, nation: Suevos, lejania: 10},"
        " {conference: C503-1, nation: alanos}]\n"
        "  suspensions: [{conference: C503-1, nation: vandalos, condition: ' pay the fine '}]\n"
        "  reinstatements: [{conference: C503-1, nation: vandalos}]\n"
    )
    assert messages == []
    assert read_back.exclusions == (
        GmBlocAct("C503-1", "suevos", "", 10),
        GmBlocAct("C503-1", "alanos", "", None),
    )
    assert read_back.suspensions == (GmBlocAct("C503-1", "vandalos", "pay the fine"),)
    assert read_back.reinstatements == (GmBlocAct("C503-1", "vandalos"),)


def test_the_reader_names_each_bad_entry_by_its_key() -> None:
    """O-277, O-278, AMB-28: a treaty id for a conference, an unknown nation,
    a Lejanía of 0, a key of another act, a suspension without its condition
    or without a conference: each an issue of gm.yaml naming the entry, none read."""
    read_back, messages = gm_politics(
        "  exclusions: [{conference: T501-1, nation: suevos}, {conference: C503-1, nation: suevoz},"
        " {conference: C503-1, nation: suevos, lejania: 0},"
        " {conference: C503-1, nation: suevos, condition: x}]\n"
        "  suspensions: [{conference: C503-1, nation: vandalos},"
        " {conference: C503-1, nation: vandalos, condition: ''}, {nation: vandalos, condition: x}]\n"
        "  reinstatements: [{conference: C503-1, nation: vandalos, lejania: 5}]\n"
    )
    assert read_back == GmPolitics()
    assert messages == [
        "politics.exclusions[0].conference: 'T501-1' is no conference id (C501-1)",
        "politics.exclusions[1].nation: unknown nation 'suevoz'",
        "politics.exclusions[2].lejania: lejania must be at least 1, not 0",
        "politics.exclusions[3]: unknown key 'condition'",
        "politics.suspensions[0]: missing 'condition'",
        "politics.suspensions[1].condition: name what the nation must do to be reinstated (O-278)",
        "politics.suspensions[2]: missing 'conference'",
        "politics.reinstatements[0]: unknown key 'lejania'",
    ]


# --- the start of the year ----------------------------------------------------------------


def test_an_exclusion_leaves_the_bloc_with_a_lejania_penalty() -> None:
    """O-277, AMB-28, AMB-40: `c` excluded in 501: the bloc keeps `a` and `b`;
    a Lejanía +10 toward them 502..506, with a public note."""
    gm = GmPolitics(exclusions=(GmBlocAct("C500-1", "c", lejania=10),))
    done = start_of_year(Politics(conferences=(CONFERENCE,)), NATIONS, gm, 501)
    assert done.politics.blocs == (Bloc("C500-1", frozenset({"a", "b"})),)
    assert done.politics.lejania == (PENALTY,)
    note = (
        "C is excluded from bloc C500-1: a Lejanía penalty +10 toward its members"
        " 502..506 (O-277, AMB-28)"
    )
    assert done.notes == (note,)


def test_an_exclusion_without_a_value_waits_for_the_gm() -> None:
    """O-277, AMB-28: no `lejania` given: the penalty is recorded with value
    None, told as set by the GM, and counts nothing on a roll."""
    gm = GmPolitics(exclusions=(GmBlocAct("C500-1", "c"),))
    done = start_of_year(Politics(conferences=(CONFERENCE,)), NATIONS, gm, 501)
    (penalty,) = done.politics.lejania
    assert (penalty.value, penalty.first, penalty.until) == (None, 502, 506)
    assert "a Lejanía penalty of a value the GM sets toward its members" in done.notes[0]
    assert political_conditions(done.politics, NATIONS, "c", S.OFENSIVA, "a", 503) == {}
    assert lejania(done.politics, "a", "c", 503) == 0


def test_a_suspension_and_its_reinstatement() -> None:
    """O-278: a suspended member stays in the bloc with its condition; the
    next year's reinstatement ends the suspension."""
    gm = GmPolitics(suspensions=(GmBlocAct("C500-1", "b", "pay 10 RQU"),))
    done = start_of_year(Politics(conferences=(CONFERENCE,)), NATIONS, gm, 501)
    (bloc,) = done.politics.blocs
    assert bloc.members == frozenset({"a", "b", "c"}) and dict(bloc.suspended) == {
        "b": "pay 10 RQU"
    }
    assert done.notes == (
        "B is suspended in bloc C500-1: bound, without privileges until pay 10 RQU (O-278)",
    )
    back = GmPolitics(reinstatements=(GmBlocAct("C500-1", "b"),))
    again = start_of_year(done.politics, NATIONS, back, 502)
    assert again.politics.blocs == (Bloc("C500-1", frozenset({"a", "b", "c"})),)
    assert again.notes == ("B is reinstated in bloc C500-1 (O-278)",)


def test_bad_bloc_decisions_are_gm_notes_not_exceptions() -> None:
    """O-259, O-277, O-278: an unknown conference, a nation not a member,
    reinstating one not suspended: a "GM file: " note each, nothing changed."""
    gm = GmPolitics(
        exclusions=(GmBlocAct("C999-1", "a"), GmBlocAct("C500-1", "d")),
        suspensions=(GmBlocAct("C500-1", "d", "x"),),
        reinstatements=(GmBlocAct("C500-1", "a"),),
    )
    done = start_of_year(Politics(conferences=(CONFERENCE,)), NATIONS, gm, 501)
    assert done.politics == Politics(conferences=(CONFERENCE,))
    assert done.notes == (
        "GM file: exclusion of A in bloc C999-1: no such conference (O-259)",
        "GM file: exclusion of D in bloc C500-1: D is not a member of the bloc",
        "GM file: suspension of D in bloc C500-1: D is not a member of the bloc",
        "GM file: reinstatement of A in bloc C500-1: A is not suspended in the bloc",
    )


def test_a_kept_bloc_is_used_for_the_next_decision() -> None:
    """O-259, O-277: once acted on, the bloc kept in `Politics.blocs` (not the
    conference's) is the one decided on: the excluded `c` cannot be
    excluded again."""
    first = GmPolitics(exclusions=(GmBlocAct("C500-1", "c", lejania=10),))
    done = start_of_year(Politics(conferences=(CONFERENCE,)), NATIONS, first, 501)
    again = start_of_year(done.politics, NATIONS, first, 502)
    assert again.politics.lejania == (PENALTY,)
    assert again.notes == ("GM file: exclusion of C in bloc C500-1: C is not a member of the bloc",)


# --- the condition ------------------------------------------------------------------------


def test_lejania_on_rolls_both_ways_for_five_turns() -> None:
    """O-277, AMB-28: +10 on `c`'s rolls toward `a` or `b` and on theirs toward
    `c`, 502..506; nothing in 501 or 507, nothing toward others or at home."""
    politics = Politics(lejania=(PENALTY,))
    for year in range(502, 507):
        for actor, target in (("c", "a"), ("c", "b"), ("a", "c"), ("b", "c")):
            assert political_conditions(politics, NATIONS, actor, S.COMERCIO, target, year) == {
                "lejanía": 10
            }, (actor, target, year)
    for year in (501, 507):
        assert political_conditions(politics, NATIONS, "c", S.OFENSIVA, "a", year) == {}
    assert political_conditions(politics, NATIONS, "c", S.OFENSIVA, "d", 503) == {}
    assert political_conditions(politics, NATIONS, "a", S.OFENSIVA, "b", 503) == {}
    assert political_conditions(politics, NATIONS, "c", S.OFENSIVA, None, 503) == {}
    assert political_conditions(politics, NATIONS, "c", S.OFENSIVA, "c", 503) == {}


def test_a_counter_measure_carries_no_lejania() -> None:
    """O-277, O-063: a counter-measure (`counter=True`) carries no Lejanía."""
    politics = Politics(lejania=(PENALTY,))
    defence = S.OFENSIVA.counter
    assert political_conditions(politics, NATIONS, "a", defence, "c", 503) == {"lejanía": 10}
    assert political_conditions(politics, NATIONS, "a", defence, "c", 503, counter=True) == {}


def test_the_largest_of_two_lejania_penalties_counts() -> None:
    """O-277, AMB-28: two exclusions toward the same nation count once, the
    largest; one whose value is unset adds nothing."""
    other = LejaniaPenalty("c", frozenset({"a"}), 15, 503, 507, "exclusion:C501-1")
    unset = LejaniaPenalty("c", frozenset({"a"}), None, 502, 506, "exclusion:C501-2")
    politics = Politics(lejania=(PENALTY, other, unset))
    assert lejania(politics, "c", "a", 503) == 15
    assert lejania(politics, "a", "c", 502) == 10
    assert lejania(politics, "b", "c", 507) == 0


def test_the_penalty_is_dropped_after_its_fifth_turn() -> None:
    """O-277: kept at the end of 505, dropped at the end of 506 (`breaches`)."""
    politics = Politics(lejania=(PENALTY,))
    assert run(politics, NATIONS, year=505).politics.lejania == (PENALTY,)
    assert run(politics, NATIONS, year=506).politics.lejania == ()


# --- registry and state file --------------------------------------------------------------


def test_the_registry_shows_blocs_and_lejania() -> None:
    """O-259, O-277, O-278, AMB-28: registry lines and the JSON keys `blocs`
    and `lejania`; a penalty no longer in force is not shown."""
    bloc = Bloc("C500-1", frozenset({"a", "b"}), {"b": "pay 10 RQU"})
    politics = Politics(blocs=(bloc,), lejania=(PENALTY,))
    lines = registry_lines(politics, 502, upper)
    assert lines == [
        "",
        "Registry (O-237, O-248):",
        "  Blocs (O-259, O-278):",
        "    C500-1: members A, B; B suspended until pay 10 RQU (O-278)",
        "  Lejanía penalties (O-277):",
        "    C ⇄ A, B: Lejanía +10 502..506 (exclusion:C500-1, O-277)",
    ]
    data = registry_dict(politics, 502)
    assert data["blocs"] == [
        {"id": "C500-1", "members": ["a", "b"], "suspended": {"b": "pay 10 RQU"}}
    ]
    assert data["lejania"] == [
        {
            "nation": "c",
            "toward": ["a", "b"],
            "value": 10,
            "first": 502,
            "until": 506,
            "source": "exclusion:C500-1",
        }
    ]
    unset = Politics(lejania=(LejaniaPenalty("c", frozenset({"a"}), None, 502, 506, "x"),))
    assert registry_lines(unset, 502, upper)[-1] == (
        "    C ⇄ A: Lejanía value to be set by the GM 502..506 (x, O-277)"
    )
    assert "lejania" not in registry_dict(politics, 507)


def test_blocs_and_lejania_round_trip_through_the_state_file() -> None:
    """O-259, O-277, O-278, AMB-28: blocs with suspended and leaving members
    and penalties with and without a value: plain data, read back equal."""
    bloc = Bloc("C500-1", frozenset({"a", "b"}), {"b": "pay 10 RQU"}, {"a": 503})
    unset = LejaniaPenalty("d", frozenset({"a"}), None, 503, 507, "exclusion:C501-1")
    politics = Politics(blocs=(bloc,), lejania=(PENALTY, unset))
    data = politics_to_dict(politics)
    assert data["blocs"] == [
        {
            "id": "C500-1",
            "leaving": {"a": 503},
            "members": ["a", "b"],
            "suspended": {"b": "pay 10 RQU"},
        }
    ]
    assert "value" not in data["lejania"][1] and data["lejania"][0]["value"] == 10
    assert politics_from_dict(data, tuple(NATIONS.values())) == politics


# --- end to end ---------------------------------------------------------------------------

NAMES = OrbisNames({n: (n.upper(),) for n in ("a", "b", "c", "d")})


def _year(state: OrbisState, orders: Sequence[OrbisOrder]) -> OrbisResolution:
    return resolve_year(state, orders, OrbisOptions(), Dice("s0", "blocs", state.phase.id))


def _only(resolution: OrbisResolution, power: str) -> MedidaResult:
    (found,) = [r for r in resolution.results if r.medida.power == power]
    return found


def test_end_to_end_an_exclusion_puts_lejania_on_next_years_rolls() -> None:
    """O-277, O-278, AMB-28 through `turn.resolve_year`: the GM's file of 501
    excludes `c` with a Lejanía of 10: no Lejanía on the rolls of 501; in
    502 `c`'s Comercio with `a` and `a`'s with `c` carry "lejanía" +10,
    `b`'s with `d` none."""
    sheets = tuple(make(n) for n in ("a", "b", "c", "d"))
    state = OrbisState(
        Phase(501, None, TURN), 500, sheets, politics=Politics(conferences=(CONFERENCE,))
    )
    parsed = read_gm_file(
        "politics:\n  exclusions: [{conference: C500-1, nation: c, lejania: 10}]\n",
        file="gm.yaml",
        names=NAMES,
    )
    assert parsed.issues == ()
    trade = [
        Medida("c", "comercio", target="a"),
        Medida("a", "comercio", target="c"),
        Medida("b", "comercio", target="d"),
    ]
    first = _year(state, [GmInput("gm", parsed), *trade])
    assert first.state.politics.lejania == (PENALTY,)
    for power in ("a", "c"):
        outcome = _only(first, power).outcome
        assert outcome is not None and "lejanía" not in dict(outcome.roll.modifier.conditions)
    second = _year(first.state, trade)
    for power in ("a", "c"):
        outcome = _only(second, power).outcome
        assert outcome is not None and dict(outcome.roll.modifier.conditions)["lejanía"] == 10
    outcome = _only(second, "b").outcome
    assert outcome is not None and "lejanía" not in dict(outcome.roll.modifier.conditions)


def test_a_later_exclusion_entry_sets_the_value_left_to_the_gm() -> None:
    """O-277, AMB-28: an exclusion without a value counts nothing; the GM's
    later `exclusions` entry with `lejania` sets it for the same five turns;
    a second value, or one for a nation never excluded, is a GM note."""
    first = GmPolitics(exclusions=(GmBlocAct("C500-1", "a"),))
    done = start_of_year(Politics(conferences=(CONFERENCE,)), NATIONS, first, 501)
    assert lejania(done.politics, "a", "b", 502) == 0
    later = GmPolitics(exclusions=(GmBlocAct("C500-1", "a", lejania=7),))
    again = start_of_year(done.politics, NATIONS, later, 502)
    (penalty,) = again.politics.lejania
    assert (penalty.value, penalty.first, penalty.until) == (7, 502, 506)
    assert lejania(again.politics, "b", "a", 503) == 7
    said = "The Lejanía penalty of A's exclusion from bloc C500-1 is set at +7, 502..506"
    assert again.notes == (f"{said} (O-277, AMB-28)",)
    twice = start_of_year(again.politics, NATIONS, later, 503)
    assert twice.politics == again.politics
    assert twice.notes == ("GM file: exclusion of A in bloc C500-1: A is not a member of the bloc",)
