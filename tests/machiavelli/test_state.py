"""Machiavelli's own state and reasons, kept out of the board kit (DESIGN.md: "A
ruleset keeps what only it has ... in its own state extension"): the state file
keeps its keys and their order (003 §1, §1.1, §4.4, §4.5), each ruleset reads its
own state type, and every reason of its own has words for the report."""

from __future__ import annotations

import yaml

from adjudicator.kits.board.results import Reason
from adjudicator.kits.board.state import GameState
from adjudicator.rulesets.classic import CLASSIC
from adjudicator.rulesets.machiavelli import (
    AUTONOMOUS,
    MACHIAVELLI,
    MachiavelliReason,
    MachiavelliState,
)
from maps import load_map
from renderers.board.words import REASON_PHRASES
from renderers.machiavelli.reasons import MACHIAVELLI_PHRASES, PHRASES

STATE_FILE = """\
phase: 1455-spring-movement
units:
  autonomous:
  - G SIE
  florence:
  - A PISA
  milan:
  - G PISA
supply_centers: {}
dislodged:
- power: milan
  unit: A LUC
  attacker_from: PISA
  via_convoy: false
  retreats:
  - MOD
standoffs:
- ARE
control:
  florence:
  - FLO
  - PISA
  milan:
  - MIL
home:
  florence:
  - FLO
  milan:
  - MIL
sieges:
  PISA: florence
out_of_play:
- TUN
winner: florence
"""


def test_the_state_file_keeps_its_keys_in_their_order() -> None:
    """The board's keys, then control, home, sieges and out_of_play, then the winner:
    files written before the state moved out of the kit read back byte for byte."""
    state = MACHIAVELLI.read_state(yaml.safe_load(STATE_FILE))
    assert isinstance(state, MachiavelliState)
    assert yaml.safe_dump(state.to_dict(), sort_keys=False) == STATE_FILE
    assert state.sieges == {"PISA": "florence"}
    assert state.out_of_play == frozenset({"TUN"})
    assert state.controlled_by("florence") == ("FLO", "PISA")
    garrison = state.garrison_at("PISA")
    assert garrison is not None and garrison.power == "milan"


def test_the_autonomous_garrisons_are_no_power() -> None:
    """003 §4.5: their owner is not a power; a control marker keeps a power in play."""
    state = MACHIAVELLI.read_state(yaml.safe_load(STATE_FILE))
    assert AUTONOMOUS not in state.powers()
    assert state.powers() == ("florence", "milan")
    assert "milan" in state.with_(units=(), dislodged=()).powers()


def test_each_ruleset_reads_its_own_state_type() -> None:
    data = yaml.safe_load(STATE_FILE)
    assert type(CLASSIC.read_state(data)) is GameState
    assert type(MACHIAVELLI.read_state(data)) is MachiavelliState
    assert "control" not in CLASSIC.read_state(data).to_dict()
    assert MACHIAVELLI.initial_state(load_map("machiavelli")).to_dict()["control"]


def test_machiavelli_reasons_are_its_own_and_have_words() -> None:
    """Values never clash with the kit's (the JSON output uses them); each reason
    has words, and the report's table for Machiavelli holds the kit's too."""
    assert not {r.value for r in MachiavelliReason} & {r.value for r in Reason}
    assert set(MACHIAVELLI_PHRASES) == set(MachiavelliReason)
    assert set(PHRASES) == set(REASON_PHRASES) | set(MachiavelliReason)
    assert MachiavelliReason.OUT_OF_PLAY.illegal and not MachiavelliReason.SIEGE_BEGUN.illegal
