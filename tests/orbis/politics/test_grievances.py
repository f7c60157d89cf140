"""The wronged vassal's grievance (O-196, AMB-46): a patron raising its
vassal's sub-vassal gives the vassal −10 on its offensive medidas of the
next three turns, kept in `Politics.grievances`, the condition "agravio"
on its rolls (never on a counter-measure), dropped after its last turn,
shown in the registry and kept by the state file."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.core.dice import Dice, derive
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.codec import politics_from_dict, politics_to_dict
from adjudicator.rulesets.orbis.politics.conditions import grievance, political_conditions
from adjudicator.rulesets.orbis.politics.register import Politics, seeded
from adjudicator.rulesets.orbis.politics.vassals import OffensiveBonus, Vassalage
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import MedidaResult, OrbisOrder, OrbisResolution, resolve_year
from orders.orbis.model import Medida
from orders.orbis.politics_model import VassalAct, VassalLine
from renderers.orbis.politics import registry_lines
from renderers.orbis.politics_data import registry_dict
from tests.orbis.politics.test_year_support import make, run, world

S = Statistic
NATIONS = world("p", "v", "s", "b")
WRONGED = OffensiveBonus("v", -10, 502, 504, "p:s")
"""The grievance of a sub-vassal `s` raised by `p` in 501."""


def upper(nation: str | None) -> str:
    return (nation or "").upper()


def chain() -> Politics:
    """`p` holds `v`, which holds `s`."""
    return Politics(vassalages=(Vassalage("v", "p", 500), Vassalage("s", "v", 500)))


def test_raising_a_sub_vassal_records_the_grievance() -> None:
    """O-196, AMB-46: `Vasallo: eleva s` in 501 makes `s` a direct vassal and
    gives `v` −10 on its offensive medidas 502..504, with a public note."""
    line = VassalLine("p", VassalAct.RAISE, other="s")
    done = run(chain(), NATIONS, lines=[line], year=501)
    assert done.answers[0].accepted
    assert done.politics.patron("s") == "p"
    assert done.politics.grievances == (WRONGED,)
    assert "V is wronged: -10 on its offensive medidas 502..504 (O-196, AMB-46)" in done.notes


def test_the_condition_holds_on_offensive_medidas_in_its_years_only() -> None:
    """O-196, AMB-46: "agravio" −10 on the vassal's Ofensiva or Intriga against
    a nation in 502, 503 and 504; nothing in 501 or 505, nothing on a domestic
    or peaceful medida, nothing for another nation."""
    politics = Politics(grievances=(WRONGED,))
    for year in (502, 503, 504):
        assert political_conditions(politics, NATIONS, "v", S.OFENSIVA, "b", year) == {
            "agravio": -10
        }
        assert political_conditions(politics, NATIONS, "v", S.INTRIGA, "p", year) == {
            "agravio": -10
        }
    for year in (501, 505):
        assert political_conditions(politics, NATIONS, "v", S.OFENSIVA, "b", year) == {}
    assert political_conditions(politics, NATIONS, "v", S.OFENSIVA, None, 503) == {}
    assert political_conditions(politics, NATIONS, "v", S.OFENSIVA, "v", 503) == {}
    assert political_conditions(politics, NATIONS, "v", S.COMERCIO, "b", 503) == {}
    assert political_conditions(politics, NATIONS, "b", S.OFENSIVA, "v", 503) == {}
    assert grievance(politics, "v", S.OFENSIVA, "b", 503) == -10


def test_a_counter_measure_carries_no_grievance() -> None:
    """O-196, AMB-46: a defence harms nobody: with `counter=True` the wronged
    vassal's roll has no "agravio"."""
    politics = Politics(grievances=(WRONGED,))
    assert political_conditions(politics, NATIONS, "v", S.OFENSIVA, "b", 503, counter=True) == {}


def test_the_strongest_grievance_counts_not_their_sum() -> None:
    """O-196, AMB-46: two grievances in force count once, the stronger."""
    freed = OffensiveBonus("v", -15, 503, 505, "p:t")
    politics = Politics(grievances=(WRONGED, freed))
    assert political_conditions(politics, NATIONS, "v", S.SABOTAJE, "b", 503) == {"agravio": -15}
    assert political_conditions(politics, NATIONS, "v", S.SABOTAJE, "b", 502) == {"agravio": -10}


def test_the_grievance_is_dropped_after_its_last_turn() -> None:
    """O-196, AMB-46: kept at the end of 503, dropped at the end of 504."""
    politics = Politics(grievances=(WRONGED,))
    assert run(politics, NATIONS, year=503).politics.grievances == (WRONGED,)
    assert run(politics, NATIONS, year=504).politics.grievances == ()


def test_the_registry_shows_the_grievance_while_in_force() -> None:
    """O-196, AMB-46: a registry line and the JSON key `grievances` while
    in force (also the year before its first turn); nothing once over."""
    politics = Politics(grievances=(WRONGED,))
    lines = registry_lines(politics, 502, upper)
    assert lines == [
        "",
        "Registry (O-237, O-248):",
        "  Grievances (O-196):",
        "    V: -10 on its offensive medidas 502..504 (O-196, AMB-46)",
    ]
    assert registry_dict(politics, 501)["grievances"] == [
        {"nation": "v", "value": -10, "first": 502, "until": 504}
    ]
    assert registry_lines(politics, 505, upper) == []
    assert "grievances" not in registry_dict(politics, 505)


def test_the_grievance_round_trips_through_the_state_file() -> None:
    """O-196, AMB-46: written as plain data and read back equal."""
    politics = Politics(grievances=(WRONGED,))
    data = politics_to_dict(politics)
    assert data == {
        "grievances": [{"first": 502, "nation": "v", "source": "p:s", "until": 504, "value": -10}]
    }
    assert politics_from_dict(data, tuple(NATIONS.values())) == politics


# --- end to end ---------------------------------------------------------------------------


def _sheets() -> tuple[Nation, ...]:
    return (make("b"), make("p"), make("s", vassal_of="v"), make("v", vassal_of="p"))


GAME = "grievances"


def _year(state: OrbisState, orders: Sequence[OrbisOrder], secret: str = "s0") -> OrbisResolution:
    return resolve_year(state, orders, OrbisOptions(), Dice(secret, GAME, state.phase.id))


def _succeeding(power: str, year: int) -> str:
    """The first secret `s<n>` whose face for `power`'s first medida in
    `year` succeeds against 32 (2 .. 30): its target then rolls a Defensa."""
    for number in range(3000):
        secret = f"s{number}"
        if 1 < derive(secret, f"{GAME}|{year}-medidas|medida:{power}|0", 100) <= 30:
            return secret
    raise AssertionError("no secret found")


def _only(resolution: OrbisResolution, power: str) -> MedidaResult:
    (found,) = [r for r in resolution.results if r.medida.power == power]
    return found


def test_end_to_end_the_raise_wrongs_the_vassal_next_year() -> None:
    """O-196, AMB-46 through `turn.resolve_year`: `p` raises `s` in 501; in
    502 `v`'s Ofensiva against `b` carries "agravio" −10 while `b`'s
    Ofensiva against `v` meets a Defensa without it; in 501 no grievance yet."""
    sheets = _sheets()
    state = OrbisState(Phase(501, None, TURN), 500, sheets, politics=seeded(sheets, 500))
    ofensiva = Medida("v", "ofensiva", target="b", mode="contra")
    first = _year(state, [VassalLine("p", VassalAct.RAISE, other="s"), ofensiva])
    outcome = _only(first, "v").outcome
    assert outcome is not None and "agravio" not in dict(outcome.roll.modifier.conditions)
    assert first.state.politics.grievances == (OffensiveBonus("v", -10, 502, 504, "p:s"),)
    assert first.state.nation("s").vassal_of == "p"

    attack = Medida("b", "ofensiva", target="v", mode="contra")
    second = _year(first.state, [ofensiva, attack], _succeeding("b", 502))
    outcome = _only(second, "v").outcome
    assert outcome is not None and dict(outcome.roll.modifier.conditions)["agravio"] == -10
    defended = _only(second, "b").outcome
    assert defended is not None and defended.counter is not None
    assert "agravio" not in dict(defended.counter.modifier.conditions)
    assert "agravio" not in dict(defended.roll.modifier.conditions)
