"""`examples/orbis-europa-500` (`make demo-orbis`): nine nations, three years
of medidas written as wiki prose and the GM's files, played through the
command line; the reports, maps and final state are byte-identical to
`played/` (`make example-orbis`) and the rolls verify with the secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runner import current_phase, play_example, run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orbis-europa-500"
PLAYED = EXAMPLE / "played"
YEARS = ["500-medidas", "501-medidas", "502-medidas"]


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = tmp_path_factory.mktemp("orbis") / "game"
    results = play_example(EXAMPLE, game)
    assert list(results) == YEARS
    assert results["501-medidas"].exit_code == 1  # the Vandals' second medida (AMB-43)
    assert current_phase(game) == "503-medidas"
    return game


def test_the_played_files_are_reproduced_byte_for_byte(folder: Path) -> None:
    """Deterministic: the same folder and posts give the same bytes."""
    kept = [p for p in sorted((PLAYED / "reports").rglob("*")) if p.is_file()]
    assert len(kept) == len(YEARS) * (2 + 9 * 2 + 2)  # public, private, wiki and chart
    for path in kept:
        assert (folder / path.relative_to(PLAYED)).read_bytes() == path.read_bytes(), path
    for image in sorted((PLAYED / "maps").glob("*.png")):
        assert (folder / "turns" / image.name).read_bytes() == image.read_bytes()
    assert (folder / "turns" / "503-medidas.yaml").read_bytes() == (
        PLAYED / "503-medidas.yaml"
    ).read_bytes()


def test_every_roll_verifies(folder: Path) -> None:
    """O-012: every d100 from the game's verifiable dice."""
    checked = run("verify", str(folder))
    assert checked.exit_code == 0, checked.output


def test_the_story_of_the_three_years(folder: Path) -> None:
    """O-002 (veto), O-009 (event), O-020 / AMB-43 (one medida), O-043 (the
    automatic Defensa of a nation without a player), O-118 (re-classified),
    AMB-09 (reach), secrecy (a secret medida only in its nation's report)."""
    reports = folder / "reports"
    first = (reports / "500-medidas.txt").read_text(encoding="utf-8")
    assert "Event: Peste en Constantinopla" in first
    assert "+5 ECN (event: Peste en Constantinopla)" in first
    assert "an Alcance level applies (O-062, AMB-09)" in first
    second = (reports / "501-medidas.txt").read_text(encoding="utf-8")
    assert "Counter-measure of Reino Burgundio (Defensa)" in second
    assert "one medida per nation per turn (O-020)" in second
    assert "Espionaje" not in second  # secret, not revealed
    assert "Espionaje" in (reports / "501-medidas" / "vandalos.txt").read_text(encoding="utf-8")
    third = (reports / "502-medidas.txt").read_text(encoding="utf-8")
    assert "Re-classified by the GM as Construcción (O-118)" in third
    assert "Refused: vetoed by the GM (ASB, O-002)" in third
    wiki = (reports / "502-medidas" / "turno.wiki").read_text(encoding="utf-8")
    assert wiki.startswith('{| class="wikitable"')
    assert (reports / "502-medidas" / "historia.png").read_bytes().startswith(b"\x89PNG")
