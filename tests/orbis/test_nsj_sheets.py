"""Nations without a player and without distributed points (O-201, AMB-22):
a sheet may give only the preponderant attributes; the rest follow the
literal 30/25/20/15/10 (summing to 100, with a warning at `new`) or, with the
option `nsj_points: scaled`, 24/20/16/12/8."""

from __future__ import annotations

from pathlib import Path

from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Attribute
from adjudicator.rulesets.orbis.sheet_files import read_sheet_data
from tests.cli_runner import run

SHEET = {
    "name": "Turingios",
    "player": None,
    "preponderante": {"dominio": "AUX", "autoridad": "GES"},
}
SHEETS = Path(__file__).resolve().parents[2] / "examples" / "orbis-europa-500" / "sheets"


def test_the_preponderant_attributes_give_the_literal_points() -> None:
    """O-201, AMB-22: AUX 30, then backwards and wrapping: MIL 25, ADM 20..."""
    nation, issues = read_sheet_data(SHEET, "turingios.yaml", "turingios")
    assert not issues and nation is not None
    assert nation.value(Attribute.AUX) == 30 and nation.value(Attribute.MIL) == 25
    assert nation.value(Attribute.GES) == 30
    assert sum(nation.value(a) for a in DOMINIO) == 100
    scaled, _ = read_sheet_data(SHEET, "turingios.yaml", "turingios", nsj_rule="scaled")
    assert scaled is not None and scaled.value(Attribute.AUX) == 24
    assert sum(scaled.value(a) for a in AUTORIDAD) == 80


def test_new_warns_that_the_literal_points_sum_to_a_hundred(tmp_path: Path) -> None:
    """AMB-22: the GM is told, and `nsj_points: scaled` silences it."""
    literal = run("new", "orbis", str(tmp_path / "a"), "--sheets", str(SHEETS))
    assert literal.exit_code == 0
    assert "Turingios (no player): Dominio 100, Autoridad 100 points, not 80" in literal.output
    scaled = run(
        "new",
        "orbis",
        str(tmp_path / "b"),
        "--sheets",
        str(SHEETS),
        "--option",
        "nsj_points=scaled",
    )
    assert scaled.exit_code == 0 and "Turingios (no player)" not in scaled.output
