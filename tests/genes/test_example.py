"""The Genes Mactantes example game, played end to end through the command line.

`examples/genes-3-players` is the rulebook's three-player example (002 §3:
Berenguer's Ponent, Cugat's Llevant, Arnau's La Serra on the bundled
peninsula, with the example sheets) with the players' mail of two turns in
`orders/<turn>/`; it is what `make demo-genes` plays, and `make
example-genes` keeps what it gives in `played/`. The game is copied to a
temporary folder and every turn is adjudicated with `mapjudge adjudicate`
(click's CliRunner), as a GM would. Then:

- each turn advances (1 -> 2 -> 3); turn 1 exits 1 for Arnau's typo, answered
  with a did-you-mean, and still resolves;
- the reports, the maps and the final state are byte-identical to `played/`:
  the same game folder and declaration files give the same results, and a
  second play in another folder gives the same bytes;
- `mapjudge verify` rechecks every roll and receipt with the committed secret;
- the story the example's README tells is what the reports and the final
  state say: the cancelled Investigació, the line over the budget, Castellnou
  walled and Vallclara founded, the counter-power created in Ponent, the
  Investigació bonus spent on a sabotage, the duchess captured, Gavina
  besieged and the relief battle (with La Serra's alliance) lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import Result

from adjudicator.app import gamefolder as gf
from tests.cli_runner import current_phase, play_example, run
from tests.cli_runner import report_json as report

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "genes-3-players"
PLAYED = EXAMPLE / "played"
TURNS = ["1-actions", "2-actions"]
FINAL = "3-actions"

# what `make example-genes` copies: the game folder's path -> played/'s path
PLAYED_FILES = {
    **{f"reports/{t}.{ext}": f"reports/{t}.{ext}" for t in TURNS for ext in ("txt", "json")},
    **{
        f"reports/{t}/{c}.{ext}": f"reports/{t}/{c}.{ext}"
        for t in TURNS
        for c in ("llevant", "ponent", "serra")
        for ext in ("txt", "json")
    },
    "turns/2-actions.png": "maps/2-actions.png",
    "turns/3-actions.png": "maps/3-actions.png",
    f"turns/{FINAL}.yaml": f"{FINAL}.yaml",
}


def result_of(data: dict[str, Any], country: str, kind: str) -> dict[str, Any]:
    """The one result of `country`'s line of this kind."""
    found = [
        r for r in data["results"] if r["country"] == country and r["declaration"]["kind"] == kind
    ]
    assert len(found) == 1, (country, kind, [r["declaration"] for r in data["results"]])
    one: dict[str, Any] = found[0]
    return one


def outcome(data: dict[str, Any], country: str, kind: str) -> tuple[str, str]:
    found = result_of(data, country, kind)
    return found["outcome"], found["reason"]


def terms(roll: dict[str, Any]) -> dict[str, int]:
    return {t["label"]: t["value"] for t in roll["terms"]}


def state(folder: Path, phase: str) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(gf.state_path(folder, phase).read_text())
    return data


def forces(data: dict[str, Any], owner: str, place: str) -> int:
    return sum(f["strength"] for f in data["forces"] if f["owner"] == owner and f["place"] == place)


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Result]]:
    mp = pytest.MonkeyPatch()
    mp.delenv(gf.SECRET_ENV, raising=False)
    try:
        folder = tmp_path_factory.mktemp("genes") / "game"
        return folder, play_example(EXAMPLE, folder)
    finally:
        mp.undo()


# --- the turns ---------------------------------------------------------------------


def test_each_turn_advances(game: tuple[Path, dict[str, Result]]) -> None:
    folder, played = game
    assert list(played) == TURNS
    assert current_phase(folder) == FINAL
    for turn, data in ((t, report(folder, t)) for t in TURNS):
        assert data["phase"] == turn
        assert data["next_phase"] == f"{int(turn.split('-')[0]) + 1}-actions"
        assert data["winner"] is None
    # only turn 1 has a problem line (the typo): exit 1 there, 0 in turn 2
    assert {t: r.exit_code for t, r in played.items()} == {"1-actions": 1, "2-actions": 0}
    for turn, result in played.items():
        assert (folder / "reports" / f"{turn}.txt").read_text() == result.stdout


def test_typo_is_answered_and_the_turn_resolves(game: tuple[Path, dict[str, Result]]) -> None:
    folder, played = game
    text = played["1-actions"].stdout
    assert "serra.txt, line 9: illegal: unknown city 'Pedrafitta': did you mean" in text
    first = report(folder, "1-actions")
    [issue] = first["issues"]
    assert (issue["power"], issue["file"], issue["line"], issue["kind"]) == (
        "serra",
        "serra.txt",
        9,
        "illegal",
    )
    assert issue["text"] == "3) Recruit 2 soldiers at Pedrafitta with Ramon"
    assert issue["suggestions"][0].lower().startswith("pedrafita")
    # the mistyped line is not read; La Serra's four other lines are its four actions
    serra = [r for r in first["results"] if r["country"] == "serra"]
    assert [r["declaration"]["kind"] for r in serra] == [
        "found",
        "investigation",
        "development",
        "promote",
    ]
    assert all(r["outcome"] == "succeeded" for r in serra)
    assert not any(r["declaration"]["kind"] == "recruit" for r in serra)


def test_mail_noise_is_dropped(game: tuple[Path, dict[str, Result]]) -> None:
    """Headers, `#` greetings, quoted lines and signatures give no issue and no
    declaration: turn 2 has no problem at all, turn 1 only the typo."""
    folder, _ = game
    assert report(folder, "2-actions")["issues"] == []
    lines = {
        (r["source"]["file"], r["source"]["text"])
        for t in TURNS
        for r in report(folder, t)["results"]
    }
    assert not any(text.lstrip().startswith((">", "#", "--")) for _, text in lines)


# --- the files: played/ and determinism ------------------------------------------------


def test_outputs_are_the_played_files(game: tuple[Path, dict[str, Result]]) -> None:
    """What `make example-genes` keeps in played/ is what the game gives, byte
    for byte (run `make example-genes` after changing the example or the engine)."""
    folder, _ = game
    kept = sorted(p.relative_to(PLAYED).as_posix() for p in PLAYED.rglob("*") if p.is_file())
    assert kept == sorted(PLAYED_FILES.values())
    for made, copy in PLAYED_FILES.items():
        assert (folder / made).read_bytes() == (PLAYED / copy).read_bytes(), made


def test_playing_twice_gives_identical_files(
    game: tuple[Path, dict[str, Result]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    first, first_played = game
    second = tmp_path / "again"
    second_played = play_example(EXAMPLE, second)
    assert [r.stdout for r in second_played.values()] == [r.stdout for r in first_played.values()]
    files = sorted(p.relative_to(first) for p in first.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(second) for p in second.rglob("*") if p.is_file())
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_example_is_what_new_writes(tmp_path: Path) -> None:
    """turns/1-actions.yaml is `mapjudge new` on the example's sheets and secret."""
    fresh = tmp_path / "fresh"
    result = run(
        "new",
        "genes",
        fresh,
        "--sheets",
        EXAMPLE / "sheets",
        "--option",
        "events=true",
        "--name",
        "genes-3-players",
        "--secret-file",
        EXAMPLE / "secret.txt",
    )
    assert result.exit_code == 0, result.output
    start = "turns/1-actions.yaml"
    assert (fresh / start).read_bytes() == (EXAMPLE / start).read_bytes()
    made, kept = (yaml.safe_load((f / "game.yaml").read_text()) for f in (fresh, EXAMPLE))
    assert {k: v for k, v in made.items() if k != "powers"} == {
        k: v for k, v in kept.items() if k != "powers"
    }
    assert {p: (v["player"], v["email"]) for p, v in kept["powers"].items()} == {
        "ponent": ("Berenguer", "berenguer@example.org"),
        "llevant": ("Cugat", "cugat@example.org"),
        "serra": ("Arnau", "arnau@example.org"),
    }


def test_example_receipts_and_rolls_verify(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    result = run("verify", folder)
    assert result.exit_code == 0, result.output
    assert "all" in result.stdout and "passed" in result.stdout


# --- the story -----------------------------------------------------------------------


def test_turn_1_budgets_are_spent(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    first = report(folder, "1-actions")
    assert first["frame"]["budgets"] == {"ponent": 5, "serra": 4, "llevant": 5}
    spent = {
        c: sum(
            1
            for r in first["results"]
            if r["country"] == c and r["reason"] not in ("over_budget",) and r["step"]
        )
        for c in ("ponent", "serra", "llevant")
    }
    assert spent == {"ponent": 5, "serra": 4, "llevant": 5}
    # Berenguer's sixth line is over the budget: Portblanc is not founded
    assert outcome(first, "ponent", "found") == ("not_resolved", "over_budget")
    assert "portblanc" not in state(folder, FINAL)["cities"]
    # turn 2's budgets are the ones turn 1's report announced
    second = report(folder, "2-actions")
    announced = {c: b["total"] for c, b in first["next_turn"]["budgets"].items()}
    assert announced == second["frame"]["budgets"] == {"ponent": 4, "serra": 5, "llevant": 5}


def test_observation_cancels_the_investigation(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    first = report(folder, "1-actions")
    assert outcome(first, "llevant", "observation") == ("succeeded", "passed")
    cancelled = result_of(first, "ponent", "investigation")
    assert (cancelled["outcome"], cancelled["reason"]) == (
        "not_resolved",
        "cancelled_by_observation",
    )
    assert cancelled["rolls"] == []
    # Elisenda, who was to go, never left Torremar
    assert state(folder, "2-actions")["characters"]["elisenda"]["place"] == "torremar"


def test_city_actions(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    assert not state(folder, "1-actions")["cities"]["castellnou"].get("walled", False)
    cities = state(folder, FINAL)["cities"]
    assert cities["castellnou"]["walled"] is True  # Ponent, turn 1
    assert cities["rocafosca"]["walled"] is True  # Llevant, turn 2
    assert "vallclara" not in state(folder, "1-actions")["cities"]
    assert (cities["vallclara"]["owner"], cities["vallclara"]["country"]) == ("serra", "serra")
    # founding gives 2 Exèrcit there (002 §5.4.3 Fundar, issue 18 #1), 1 more recruited in turn 2
    assert forces(state(folder, "2-actions"), "serra", "vallclara") == 2
    assert forces(state(folder, FINAL), "serra", "vallclara") == 3


def test_an_exchange_of_goods(game: tuple[Path, dict[str, Result]]) -> None:
    """002 §5.4 (issue 18 #5): in turn 2 La Serra and Ponent declare the
    mirror terms of one bescanvi: the abbess Blanca goes over to Ponent, and
    two of Ponent's companies at Torremar to La Serra, stepping out into
    Ponent's field; it costs no action."""
    folder, _ = game
    before, after = state(folder, "2-actions"), state(folder, FINAL)
    assert before["characters"]["blanca"]["owner"] == "serra"
    assert after["characters"]["blanca"]["owner"] == "ponent"
    assert forces(after, "serra", "field:ponent") == 2
    text = (folder / "reports" / "2-actions.txt").read_text(encoding="utf-8")
    assert "Blanca passes from La Serra to Ponent." in text
    assert "Ponent hands 2 Exèrcit at Torremar to La Serra" in text


def test_the_hidden_principal(game: tuple[Path, dict[str, Result]]) -> None:
    """002 §4.4 (issue 18 #4): Sança, Llevant's principal, moves to
    Vilagrana in turn 1 and hides: the public map of turn 2 says only that
    she is hidden; Llevant's own report says where she is."""
    folder, _ = game
    public = (folder / "reports" / "1-actions.txt").read_text(encoding="utf-8")
    assert "Sança moves to a place only Llevant knows" in public
    assert "Sança (Duquessa de Llevant): Autoritat 2, Diplomàcia 1; at a place only" in public
    mine = (folder / "reports" / "1-actions" / "llevant.txt").read_text(encoding="utf-8")
    assert "Sança (Duquessa de Llevant): Autoritat 2, Diplomàcia 1; at Vilagrana; principal" in mine


def test_counterpower_and_the_duchess_in_vilagrana(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    first = report(folder, "1-actions")
    created = result_of(first, "llevant", "create_counterpower")
    assert created["outcome"] == "succeeded"
    assert terms(created["rolls"][0]) == {"Diplomàcia": 5, "Sança": 1}
    after = state(folder, "2-actions")
    assert after["countries"]["ponent"]["counterpower"] == 1
    assert after["characters"]["sanca"]["place"] == "vilagrana"
    # Berenguer's try to repress it fails in turn 2: it is still there
    assert outcome(report(folder, "2-actions"), "ponent", "repress") == ("failed", "failed")
    assert state(folder, FINAL)["countries"]["ponent"]["counterpower"] == 1


def test_investigation_bonus_wins_the_sabotage(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    first = report(folder, "1-actions")
    assert outcome(first, "serra", "investigation") == ("succeeded", "passed")
    assert state(folder, "2-actions")["countries"]["serra"]["investigations"] == {"ponent": 1}
    sabotage = result_of(report(folder, "2-actions"), "serra", "sabotage")
    assert sabotage["outcome"] == "succeeded"
    [roll] = sabotage["rolls"]
    assert terms(roll) == {"Diplomàcia": 6, "Investigació": 2}
    assert roll["total"] > 12 >= roll["total"] - 2  # without the bonus it would have failed
    assert "investigations" not in state(folder, FINAL)["countries"]["serra"]


def test_actions_lost_to_sabotage_and_siege(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    assert outcome(report(folder, "1-actions"), "llevant", "sabotage") == ("succeeded", "passed")
    assert outcome(report(folder, "2-actions"), "llevant", "raid") == ("failed", "natural_one")
    final = state(folder, FINAL)["countries"]
    assert final["ponent"]["lost_actions"] == 1  # La Serra's sabotage
    assert final["llevant"]["lost_actions"] == 1  # the siege of Gavina
    budgets = report(folder, "2-actions")["next_turn"]["budgets"]
    assert {c: b["total"] for c, b in budgets.items()} == {"ponent": 3, "serra": 5, "llevant": 4}


def test_the_duchess_is_captured(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    capture = result_of(report(folder, "2-actions"), "ponent", "capture")
    assert (capture["outcome"], capture["reason"]) == ("succeeded", "won")
    assert terms(capture["rolls"][0]) == {"Militarisme": 6, "Jaume": 1}
    characters = state(folder, FINAL)["characters"]
    sanca = characters["sanca"]
    assert (sanca["status"], sanca["held_by"], sanca["place"]) == (
        "captured",
        "ponent",
        "vilagrana",
    )
    assert not sanca.get("principal", False)
    # Cugat names the admiral principal; Ponent counts the duchess for 002 §6
    assert characters["pere"]["principal"] is True
    assert state(folder, FINAL)["countries"]["llevant"]["principal_lost_to"] == "ponent"


def test_gavina_besieged_and_the_relief_battle_lost(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    before = state(folder, "2-actions")
    assert forces(before, "ponent", "field:llevant") == 5  # turn 1's move over the strait
    second = report(folder, "2-actions")
    assert outcome(second, "ponent", "siege") == ("succeeded", "passed")
    assert outcome(second, "serra", "ally") == ("succeeded", "done")
    battle = result_of(second, "llevant", "battle")
    assert (battle["outcome"], battle["reason"]) == ("failed", "lost")
    attack, defence = battle["rolls"]
    # Llevant's 7 in its field and La Serra's 4 there, joined by the alliance line
    assert sorted(terms(attack).values()) == [4, 7] and terms(attack)["Exèrcit"] == 7
    assert any("Serra" in label for label in terms(attack))
    assert terms(defence) == {"Exèrcit": 9}
    assert defence["total"] - attack["total"] == 6
    final = state(folder, FINAL)
    assert final["sieges"] == {"gavina": "ponent"}
    assert final["cities"]["gavina"]["owner"] == "llevant"
    assert forces(final, "llevant", "field:llevant") == 1  # 7 less the 6 lost
    assert forces(final, "serra", "field:llevant") == 4  # the ally lost nothing
    assert forces(final, "ponent", "field:llevant") == 9
    assert forces(final, "ponent", "castellnou") == 0  # its garrison went over the strait


def test_promotions(game: tuple[Path, dict[str, Result]]) -> None:
    folder, _ = game
    characters = state(folder, FINAL)["characters"]
    assert characters["pere"]["traits"]["militarism"] == 3
    assert characters["blanca"]["traits"]["diplomacy"] == 2
    ermessenda = characters["ermessenda"]
    assert (ermessenda["owner"], ermessenda["traits"], ermessenda["place"]) == (
        "serra",
        {"diplomacy": 1},
        "montalt",
    )
