"""Diplomacia toward a nation without a player: the GM negotiates by the
level (O-234), the vassalage threshold is reported (O-235, AMB-41)."""

from __future__ import annotations

from pathlib import Path

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.nsj_diplomacy import earlier_successes, nsj_diplomacy_note
from adjudicator.rulesets.orbis.precedent import Streak
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import resolve_year
from orders.orbis.model import Medida


def test_the_note_gives_the_level_and_the_vassalage_threshold() -> None:
    """O-234, O-235, AMB-41: an E without precedent is not enough for a
    vassalage; an ME is; after a lost conflict (at war) any success is."""
    plain = nsj_diplomacy_note("Francos", "Sajones", Level.E, at_war=False, precedents=0)
    assert plain.startswith("Diplomacia of Francos toward Sajones (no player) at E:")
    assert "(O-234)" in plain and "would not be accepted" in plain and "has 0" in plain
    strong = nsj_diplomacy_note("Francos", "Sajones", Level.ME, at_war=False, precedents=0)
    assert "would be accepted" in strong
    beaten = nsj_diplomacy_note("Francos", "Sajones", Level.LE, at_war=True, precedents=0)
    assert "would be accepted (any success after a lost conflict" in beaten
    failed = nsj_diplomacy_note("Francos", "Sajones", Level.LF, at_war=True, precedents=5)
    assert "would not be accepted" in failed


def test_earlier_successes_come_from_the_precedent_streak() -> None:
    """O-235, AMB-05: two Diplomacia successes in a row toward the NsJ are
    the precedent that makes an E enough; a failed streak counts none."""
    key = ("francos", Statistic.DIPLOMACIA, "sajones")
    assert earlier_successes({}, "francos", "sajones") == 0
    assert earlier_successes({key: Streak(True, 2, 502)}, "francos", "sajones") == 2
    assert earlier_successes({key: Streak(False, 3, 502)}, "francos", "sajones") == 0
    note = nsj_diplomacy_note("Francos", "Sajones", Level.E, at_war=False, precedents=2)
    assert "would be accepted" in note


def test_a_year_with_diplomacia_toward_a_nsj_notes_it_for_the_gm() -> None:
    """O-234, O-235, AMB-41: through a whole year, a Diplomacia toward the
    NsJ Asturias gives the GM its level and the vassalage threshold."""
    nations = read_sheets(Path(__file__).parent.parent / "sheets")
    state = OrbisState(Phase(500, None, TURN), 500, nations)
    medida = Medida("castilla", "diplomacia", target="asturias", mode="a favor")
    done = resolve_year(state, [medida], OrbisOptions(), Dice("s0", "g", "500-medidas"))
    outcome = done.results[0].outcome
    assert outcome is not None and outcome.roll.level is not None
    level = outcome.roll.level.value
    expected = f"Diplomacia of Reino de Castilla toward Reino de Asturias (no player) at {level}:"
    assert any(note.startswith(expected) for note in done.notes)


def test_no_counter_measure_for_a_nsj_unless_the_option() -> None:
    """AMB-41: a Diplomacia against a NsJ meets no automatic counter-measure
    (the NsJ is not harmed); `nsj_diplomacy_opposed: true` gives it one."""
    nations = read_sheets(Path(__file__).parent.parent / "sheets")
    state = OrbisState(Phase(500, None, TURN), 500, nations)
    medida = Medida("castilla", "diplomacia", target="asturias", mode="contra")
    for number in range(100):
        dice = Dice(f"s{number}", "g", "500-medidas")
        plain = resolve_year(state, [medida], OrbisOptions(), dice).results[0].outcome
        if plain is not None and plain.roll.level is not None and plain.roll.level.success:
            break
    else:
        raise AssertionError("no secret makes the Diplomacia succeed")
    assert plain.counter is None
    dice = Dice(f"s{number}", "g", "500-medidas")
    opposed = OrbisOptions(nsj_diplomacy_opposed=True)
    outcome = resolve_year(state, [medida], opposed, dice).results[0].outcome
    assert outcome is not None and outcome.counter is not None
    assert outcome.counter.nation == "asturias"
