"""`examples/orbis-europa-500` (`make demo-orbis`): nine nations, eight years
of medidas and political lines written as wiki prose and the GM's files,
played through the command line; the reports, maps and final state are byte-identical to
`played/` (`make example-orbis`) and the rolls verify with the secret."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runner import current_phase, play_example, run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "orbis-europa-500"
PLAYED = EXAMPLE / "played"
YEARS = [f"{year}-medidas" for year in range(500, 508)]
LAST = "508-medidas.yaml"


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = tmp_path_factory.mktemp("orbis") / "game"
    results = play_example(EXAMPLE, game)
    assert list(results) == YEARS
    assert results["501-medidas"].exit_code == 1  # the Vandals' second medida (AMB-43)
    assert current_phase(game) == "508-medidas"
    return game


def test_the_played_files_are_reproduced_byte_for_byte(folder: Path) -> None:
    """Deterministic: the same folder and posts give the same bytes."""
    kept = [p for p in sorted((PLAYED / "reports").rglob("*")) if p.is_file()]
    assert len(kept) == len(YEARS) * (2 + 9 * 2 + 2)  # public, private, wiki and chart
    for path in kept:
        assert (folder / path.relative_to(PLAYED)).read_bytes() == path.read_bytes(), path
    for image in sorted((PLAYED / "maps").glob("*.png")):
        assert (folder / "turns" / image.name).read_bytes() == image.read_bytes()
    assert (folder / "turns" / LAST).read_bytes() == (PLAYED / LAST).read_bytes()


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


def _year(folder: Path, year: int) -> str:
    return (folder / "reports" / f"{year}-medidas.txt").read_text(encoding="utf-8")


def test_a_vassal_pays_tribute_and_breaks_free(folder: Path) -> None:
    """O-185, O-188, O-189, O-195, AMB-21, AMB-33: the Vandals become the
    Empire's vassals (503), their tribute fails at the cycle's end and pays 5
    RQU (504), they declare independence (505) and their own Incisiones
    bring the Empire's LEG to 60 % (507): free."""
    assert "Reino Vándalo is now a vassal of Imperio Romano de Oriente" in _year(folder, 503)
    assert "5 RQU paid (O-188 .. O-191, AMB-21)" in _year(folder, 504)
    assert "Reino Vándalo declares its independence (O-195)" in _year(folder, 505)
    last = _year(folder, 507)
    assert "Reino Vándalo is free of Imperio Romano de Oriente (O-195)" in last
    assert "Vassals (O-185)" not in last


def test_a_war_on_three_fronts(folder: Path) -> None:
    """O-204, O-207, O-208: three turns of clashes (503-505) make the Franks'
    three wars; in 506 their Ofensiva carries war fatigue +5."""
    wars = _year(folder, 505)
    franks = "Reino de los Francos"
    for first, second in (("Britanos", franks), (franks, "Sajones"), (franks, "Reino Visigodo")):
        assert f"{first} and {second} are at war (third turn of clashes, O-204)" in wars
    assert "Reino de los Francos: fronts 3, capacity 2; war fatigue +5" in wars
    assert "modifiers: +5 fatiga de guerra, total +5" in _year(folder, 506)


def test_a_civil_war_fought_and_ended(folder: Path) -> None:
    """O-216, O-218, O-219, O-220, AMB-23: the Ostrogothic civil war starts
    50/50 (503); the Amals' E moves 16 points: 66/34 (504, the book's
    example); the GM ends it (505)."""
    assert "Supremacy amalos 50, nobleza 50 (O-219)" in _year(folder, 503)
    assert "Supremacy amalos 66, nobleza 34 (O-220, O-222)" in _year(folder, 504)
    assert "The civil war in Reino Ostrogodo is over: amalos won" in _year(folder, 505)


def test_a_treaty_broken_with_its_penalty(folder: Path) -> None:
    """O-238, O-239, O-242, O-243, AMB-40: a peace offered (503) and accepted
    (504) is broken by the Visigoths' Ofensiva (505): +10 for three turns,
    carried by their next rolls."""
    assert "offer T503-1 to Reino Ostrogodo published (O-238)" in _year(folder, 503)
    assert "treaty T503-1 concluded (O-239)" in _year(folder, 504)
    broken = _year(folder, 505)
    assert "Reino Visigodo broke treaty T503-1 by a war medida" in broken
    assert "Reino Visigodo: +10 through 508" in broken
    assert "+10 ADM (behaviour: treaty:T503-1)" in _year(folder, 507)


def test_a_conference_votes(folder: Path) -> None:
    """O-257, O-261, O-265, O-266, O-268, O-271, O-273, AMB-27: convened
    (503), attended and a proposal tabled (504), voted 2 yes, 1 no, 1
    abstention when the convener closes the debate (505), protested by the
    abstainer (506)."""
    assert "conference C503-1 convened" in _year(folder, 503)
    assert "proposal C503-1/P1 tabled" in _year(folder, 504)
    voted = _year(folder, 505)
    assert "Conference C503-1 voted (O-266, AMB-27): passed C503-1/P1" in voted
    assert "protest lodged: free of C503-1/P1 (O-273)" in _year(folder, 506)
