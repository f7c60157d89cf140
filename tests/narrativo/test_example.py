"""`examples/narrativo-commando-raid` (`make demo-narrativo`): a commando
squad's declarations and the Narrator's rulings over five exchanges of
mail, played through the command line; every report and the final state are
byte-identical to `played/` (`make example-narrativo`), every die verifies
with the secret, and the story's points are in the reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli_runner import current_phase, play_example, report_json, run

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "narrativo-commando-raid"
PLAYED = EXAMPLE / "played"
EXCHANGES = [f"{n}-turno" for n in range(1, 6)]
LAST = "6-turno.yaml"
READERS = ("ana", "bruno", "carla", "narrador")


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = tmp_path_factory.mktemp("narrativo") / "game"
    results = play_example(EXAMPLE, game)
    assert list(results) == EXCHANGES
    assert all(r.exit_code == 0 for r in results.values()), {
        k: r.output for k, r in results.items() if r.exit_code
    }
    assert current_phase(game) == "6-turno"
    return game


def _public(folder: Path, exchange: int) -> str:
    return (folder / "reports" / f"{exchange}-turno.txt").read_text(encoding="utf-8")


def _private(folder: Path, exchange: int, reader: str) -> str:
    path = folder / "reports" / f"{exchange}-turno" / f"{reader}.txt"
    return path.read_text(encoding="utf-8")


def test_the_played_files_are_reproduced_byte_for_byte(folder: Path) -> None:
    """Deterministic: the same folder and mail give the same bytes."""
    kept = [p for p in sorted((PLAYED / "reports").rglob("*")) if p.is_file()]
    assert len(kept) == len(EXCHANGES) * (2 + len(READERS) * 2)
    for path in kept:
        assert (folder / path.relative_to(PLAYED)).read_bytes() == path.read_bytes(), path
    assert (folder / "turns" / LAST).read_bytes() == (PLAYED / LAST).read_bytes()


def test_every_die_verifies(folder: Path) -> None:
    """N-001, the issue's Dice bullet: every die, each exploded die and each
    re-roll, from the game's verifiable dice; `mapjudge verify` recomputes
    the public ones."""
    checked = run("verify", str(folder))
    assert checked.exit_code == 0, checked.output
    rolls = report_json(folder, "2-turno")["rolls"]
    climb = [r["result"] for r in rolls if r["purpose"] == "dreyer-1@1"]
    assert climb[:9].count(10) == 2  # the pool's nine dice, two 10s ...
    assert climb[9:] == [10, 10, 7, 6]  # ... earn two dice, both 10, which earn two more


def test_the_landing_the_plan_and_the_waiting_checkpoint(folder: Path) -> None:
    """N-016 (the parachute's words by level), N-037 / NAMB-08 (the plan's
    bonus for Voluntad turns), NAMB-31 (initiative), the issue's "a
    declaration without a ruling is listed as waiting"."""
    first = _public(folder, 1)
    assert "→ 1 success: escaso" in first and "colgado de un árbol" in first
    assert "+2 dice to Hans Dreyer, Otto Müller on turns 1..6" in first
    assert first.index("ward-1 —") < first.index("dreyer-1 —") < first.index("muller-1 —")
    waiting = first[first.index("Waiting for the Narrator's ruling:") :]
    assert "muller-2 (Otto Müller)" in waiting
    assert "coordinado por Sargento Ward 2" in _public(folder, 2)


def test_the_wall_a_botch_and_a_critical(folder: Path) -> None:
    """N-019, N-021 (the wall: 20 successes in 20 rolls at 8; a botch loses
    what was gathered), N-068 / NAMB-30 (a roll with three 10s calls a
    moralising Moral check, NAMB-10: +successes)."""
    second = _public(folder, 2)
    assert "critical (3+ 10s)" in second
    assert "7 successes lost (N-019)" in second
    assert "12 of 20 successes after 6 of 20 rolls" in second
    assert "Moral 14 → 16 (+2, N-062)" in second


def test_the_hidden_roll_stays_secret_until_revealed(folder: Path) -> None:
    """The issue's Reports bullet: Kessler's hidden roll is only in the
    Narrator's report of exchange 2, then shown to all in exchange 3."""
    assert "A roll made in secret by the Narrator." in _public(folder, 2)
    for reader in ("ana", "bruno", "carla"):
        assert "kessler-1" not in _private(folder, 2, reader)
    assert "kessler-1" not in (folder / "reports" / "2-turno.json").read_text(encoding="utf-8")
    assert "kessler-1" in _private(folder, 2, "narrador")
    assert "kessler-1 (rolled in secret in exchange 2)" in _public(folder, 3)


def test_the_fight_the_grenade_and_a_loss_of_moral(folder: Path) -> None:
    """N-027 / NAMB-07 (the fist fight: net successes, a tie or less no
    effect), N-092 (a Willpower point: +2 dice), N-018 (the Narrator
    abandons the climb under way: the new line is dreyer-2), N-042 / NAMB-09 (the
    grenade: −1 die each, difficulties 4 and 8), N-138 (tired −2),
    NAMB-10 / NAMB-11 (a loss of 5: the player chooses Trauma or −1
    Voluntad), N-135 / NAMB-21 (the load on the Fatigue check)."""
    third = _public(folder, 3)
    assert "Voluntad gastada 2 = 9 dice" in third
    assert "Net: 4 − 4 = 0, no effect (NAMB-07)" in third
    assert "Refused: abandoned: Dreyer salta del muro sobre Kessler" in third  # the climb left
    assert "− cansado 2 − múltiple 1 = 2 dice at 4" in third
    assert "− cansado 2 − múltiple 1 = 2 dice at 8" in third
    assert "Moral 16 → 11 (−5, N-063, NAMB-10)" in third
    assert "write `Sargento Ward: elige trauma` or `Sargento Ward: elige voluntad`" in third
    assert "(base 2 + peso 3)" in third


def test_the_car_the_desperate_push_and_the_choice(folder: Path) -> None:
    """N-032 / NAMB-05 (the car: cooperative and extended, 10 successes at
    6), N-176 .. N-178 / NAMB-24 (a pool brought to 0, the desperate roll),
    NAMB-11 (the choice made), N-143 / N-144 / NAMB-17 (rest awake)."""
    fourth = _public(folder, 4)
    assert "dreyer-1@1+muller" in fourth
    assert "complete: 13 of 10 successes after 2 rolls (N-017)" in fourth
    assert "= 0 dice at 10 (desesperada 10): desperate roll at 10 (N-177)" in fourth
    assert "Sargento Ward chooses to lose 1 Voluntad: Voluntad 6 → 5 (NAMB-11)" in fourth
    assert "Fatiga 4 → 3" in fourth
    assert "owes a choice" not in fourth


def test_the_river_jump_and_sleep(folder: Path) -> None:
    """N-008 / N-007 / NAMB-02 (the river jump: pool 6 against 6, automatic
    success), N-146 / N-147 / NAMB-18 (sleep: 2d10 for the fraction)."""
    fifth = _public(folder, 5)
    assert "automatic success: pool 6 ≥ difficulty 6 (N-007, NAMB-02)" in fifth
    assert "2 h 30 min asleep" in fifth and "Fatiga 3 → 0" in fifth


def test_each_player_reads_his_own_sheets(folder: Path) -> None:
    """The issue's Reports bullet: each character's sheet after the scene in
    its player's private report, never another player's."""
    ana = _private(folder, 5, "ana")
    assert "Hans Dreyer" in ana and "Otto Müller" not in ana.split("Sheets")[-1]
    narrator = _private(folder, 5, "narrador")
    assert "Feldwebel Kessler" in narrator and "Centinela" in narrator
