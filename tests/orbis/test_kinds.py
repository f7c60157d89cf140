"""Special medidas that change what a nation is: Asentamiento and Migración
(O-178), Expedición and Subversión creating hosts (O-182, O-183); alone and
through a whole year with real dice (faces found by searching secrets in
order, never stubbed)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Variant
from adjudicator.rulesets.orbis.kinds import changed_kind, new_host
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import OrbisResolution, resolve_year
from orders.orbis.model import Medida

SHEETS = {n.id: n for n in read_sheets(Path(__file__).parent / "sheets")}


def _state(castilla: Nation) -> OrbisState:
    nations = (SHEETS["asturias"], SHEETS["avaros"], castilla)
    return OrbisState(Phase(500, None, TURN), 500, nations)


def test_asentamiento_turns_a_horde_into_a_state() -> None:
    """O-178: a horde's Asentamiento that prevails makes it a Sedentary
    State; a failure or a State's Asentamiento changes nothing."""
    horde = SHEETS["avaros"]
    assert horde.kind is NationKind.HORDE
    settled = changed_kind(horde, Variant.ASENTAMIENTO, Level.LE)
    assert settled is not None and settled.kind is NationKind.STATE
    assert changed_kind(horde, Variant.ASENTAMIENTO, Level.LF) is None
    assert changed_kind(settled, Variant.ASENTAMIENTO, Level.EC) is None
    assert changed_kind(horde, Variant.BIENESTAR, Level.EC) is None


def test_migracion_turns_a_state_into_a_horde() -> None:
    """O-178: a State's Migración that prevails makes it a Migratory Horde;
    a horde's Migración changes nothing."""
    state = SHEETS["castilla"]
    moved = changed_kind(state, Variant.MIGRACION, Level.E)
    assert moved is not None and moved.kind is NationKind.HORDE
    assert changed_kind(moved, Variant.MIGRACION, Level.E) is None
    assert changed_kind(state, Variant.MIGRACION, Level.F) is None


def test_expedicion_and_subversion_create_hosts() -> None:
    """O-182, O-183: an Expedición or a Subversión that prevails creates a
    host of the State, owned by it, with its attributes and player; ids never
    collide; a failure, another variant or a horde creates none."""
    castilla = SHEETS["castilla"]
    host = new_host(castilla, Variant.EXPEDICION, Level.LE, 503, {"castilla"})
    assert host is not None
    assert host.id == "castilla-hueste-503" and host.kind is NationKind.HOST
    assert host.vassal_of == "castilla" and host.player == castilla.player
    assert host.attributes == castilla.attributes
    assert (host.via, host.leg) == (castilla.via_capacity, castilla.leg_capacity)
    rebels = new_host(castilla, Variant.SUBVERSION, Level.EC, 503, {"castilla", host.id})
    assert rebels is not None and rebels.id == "castilla-hueste-503-2"
    assert "rebeldes" in rebels.name
    assert new_host(castilla, Variant.EXPEDICION, Level.MF, 503, ()) is None
    assert new_host(castilla, Variant.ASENTAMIENTO, Level.EC, 503, ()) is None
    assert new_host(SHEETS["avaros"], Variant.SUBVERSION, Level.EC, 503, ()) is None


def _year(medida: Medida, castilla: Nation) -> OrbisResolution:
    """The first secret `s0`, `s1`... whose year makes the medida prevail."""
    for number in range(200):
        dice = Dice(f"s{number}", "kinds", "500-medidas")
        done = resolve_year(_state(castilla), [medida], OrbisOptions(), dice)
        outcome = done.results[0].outcome
        if outcome is not None and outcome.prevails:
            return done
    raise AssertionError("no secret makes it prevail")


def test_a_year_with_an_expedicion_adds_the_host_to_the_state() -> None:
    """O-182, O-183: through a whole year, the host joins the state's
    nations after the others, and the effect names it."""
    castilla = SHEETS["castilla"]
    done = _year(Medida("castilla", "logistica", variant="expedicion"), castilla)
    ids = [n.id for n in done.state.nations]
    assert ids == ["asturias", "avaros", "castilla", "castilla-hueste-500"]
    assert "castilla-hueste-500 (O-182)" in done.results[0].effect


def test_a_year_with_a_migracion_makes_a_horde() -> None:
    """O-178: through a whole year, the State's kind is now horde."""
    castilla = replace(SHEETS["castilla"], kind=NationKind.STATE)
    done = _year(Medida("castilla", "reforma", variant="migracion"), castilla)
    assert done.state.nation("castilla").kind is NationKind.HORDE
    assert "(O-178)" in done.results[0].effect
