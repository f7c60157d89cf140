"""Reach (Alcance) is the GM's data (AMB-09): with none set between two
nations, the report tells the GM the level the map's graph distance
suggests, and the roll does not use it (O-060 .. O-062)."""

from __future__ import annotations

from pathlib import Path

from tests.cli_runner import run

SHEETS = Path(__file__).resolve().parents[2] / "examples" / "orbis-europa-500" / "sheets"


def test_the_map_suggests_a_reach_level_but_never_sets_it(tmp_path: Path) -> None:
    """AMB-09: the Franks (Neustria, Austrasia) are three borders from the
    Eastern Romans on `europa-500`: the report suggests `levemente lejano`
    (+10) and the roll carries no Alcance modifier."""
    game = tmp_path / "game"
    secret = tmp_path / "secret.txt"
    secret.write_text("s\n", encoding="utf-8")
    assert (
        run(
            "new", "orbis", str(game), "--sheets", str(SHEETS), "--secret-file", str(secret)
        ).exit_code
        == 0
    )
    (game / "secret.txt").write_text("s\n", encoding="utf-8")
    post = tmp_path / "francos.txt"
    post.write_text("Medida: Ofensiva contra Romanos\n", encoding="utf-8")
    assert run("adjudicate", str(game), str(post)).exit_code == 0
    report = (game / "reports" / "500-medidas.txt").read_text(encoding="utf-8")
    assert "No reach level set between francos and romanos: the map (3 borders)" in report
    assert "suggests levemente lejano" in report
    assert "Alcance" not in report
