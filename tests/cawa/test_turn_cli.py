"""A whole CaWa campaign turn played through the command line, as a GM would
(004 "Los Turnos"; AC-01: the turn summary rebuilt).

`mapjudge new cawa DIR --map maps/cawa/example.yaml` (three kingdoms: red
0202 village + 0203, blue 0702 village + 0703, green 0605 village + 0505),
then `mapjudge adjudicate DIR FILES...` phase by phase with the mail below:

- 1-economy: each kingdom gives crowns, changes a terrain (blue makes his
  0703 a mountain), asks for a village that touches his own village (refused,
  CC-M-10: every starting realm is two touching hexes, one of them a
  village, so no village can stand in turn 1 on this map) and writes one
  more refused line; red writes a line of free prose;
- 1-movement: expansions (red 0203 -> 0303, blue 0703 -> 0704, green 0505 ->
  0405), a skirmish for the free 0602 (red by ship from 0202, blue by land
  from 0702), green's invasion of blue's 0703 with 1500 by ship (the
  realms do not touch, so no double invasion is possible in turn 1), one
  refused line each;
- 1-skirmishes: the referee gives 0602 to red; blue's own "result" is refused;
- 1-reactions: blue defends 0703 with 1500; red's withdrawal names no battle;
- 1-battles: green wins 0703 decisively, fielding 1503 points (counted 2000);
- 2-economy: red builds a village on 0303; the payment and the upkeep are
  collected;
- turn 2: the double invasion the map now allows (red 0602 <-> blue 0702),
  green invades blue's 0704 and blue withdraws from it; the referee gives
  the battle for 0702 to blue by massacre.

Each test reads the reports (`reports/<phase>.txt|json`) and the state files
(`turns/<phase>.yaml`) of that one campaign.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import Result

from adjudicator.app import gamefolder as gf
from tests.cli_runner import current_phase, run

EXAMPLE_MAP = Path(__file__).resolve().parents[2] / "maps" / "cawa" / "example.yaml"

PROSE = "Hola a todos, declaro la guerra"
"""A public announcement with no declaration in it (CC-V-6)."""

MAIL: tuple[tuple[str, Mapping[str, str]], ...] = (
    (
        "1-economy",
        {
            "rojo.txt": f"{PROSE}\ndona 500 a azul\nterreno 0203 llanura\npueblo 0203\n"
            "castillo 0202\n",
            "azul.txt": "dona 300 a verde\nterreno 0703 montaña\npueblo 0703\n"
            "terreno 0601 bosque\n",
            "verde.txt": "dona 200 a rojo\nterreno 0505 llanura\npueblo 0505\ndona 99999 a azul\n",
        },
    ),
    (
        "1-movement",
        {
            "rojo.txt": "barco 0202 -> 0602\n0203 -> 0303\n0203 -> 0204\n",
            "azul.txt": "0702 -> 0602\n0703 -> 0704\n0703 -> 0605 invasión 1000\n",
            "verde.txt": "barco 0605 -> 0703 invasión 1500\n0505 -> 0405\n0605 -> 0604\n",
        },
    ),
    (
        "1-skirmishes",
        {
            "referee.txt": "escaramuza 0602: gana rojo\n",
            "azul.txt": "escaramuza 0602: gana azul\n",
        },
    ),
    (
        "1-reactions",
        {"azul.txt": "defiendo 0703 con 1500\n", "rojo.txt": "me retiro de 0602\n"},
    ),
    (
        "1-battles",
        {
            "referee.txt": "batalla 0703: gana verde, decisiva\npuntos 0703 verde 1503\n",
            "azul.txt": "batalla 0703: gana azul, masacre\n",
        },
    ),
    ("2-economy", {"rojo.txt": "pueblo 0303\n"}),
    (
        "2-movement",
        {
            "rojo.txt": "0602 -> 0702 invasión 1000\n",
            "azul.txt": "0702 -> 0602 invasión 1000\n",
            "verde.txt": "0703 -> 0704 invasión 1000\n",
        },
    ),
    # the same text as turn 1's would be refused as mail already adjudicated
    ("2-skirmishes", {"referee.txt": "# turno 2\nescaramuza 0602: gana rojo\n"}),
    (
        "2-reactions",
        {"azul.txt": "me retiro de 0704\ndefiendo 0702 con 1000\n"},
    ),
    ("2-battles", {"referee.txt": "batalla 0702: gana azul, masacre\n"}),
)
"""Each phase's mail, in the order the phases come."""

PHASES = tuple(phase for phase, _ in MAIL)


@dataclass(frozen=True)
class Campaign:
    """The game folder after every phase of `MAIL`, each phase's CLI result,
    and the phase the game stood at before each `adjudicate`."""

    folder: Path
    results: Mapping[str, Result]
    before: Mapping[str, str]
    created: Result
    checked: Result

    def report(self, phase: str) -> dict[str, Any]:
        data: dict[str, Any] = json.loads((self.folder / "reports" / f"{phase}.json").read_text())
        return data

    def text(self, phase: str) -> str:
        return (self.folder / "reports" / f"{phase}.txt").read_text(encoding="utf-8")

    def state(self, phase: str) -> dict[str, Any]:
        data: dict[str, Any] = yaml.safe_load(gf.state_path(self.folder, phase).read_text())
        return data

    def text_line(self, phase: str, start: str) -> str:
        """The one line of the text report that starts (indent aside) with `start`."""
        found = [t.strip() for t in self.text(phase).splitlines() if t.strip().startswith(start)]
        assert len(found) == 1, (start, found)
        return found[0]

    def line(self, phase: str, text: str) -> dict[str, Any]:
        """The verdict on the one line written `text` in `phase`."""
        lines: list[dict[str, Any]] = self.report(phase)["lines"]
        found = [v for v in lines if v["line"] == text]
        assert len(found) == 1, (text, [v["line"] for v in lines])
        return found[0]


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    """Play every phase of `MAIL` once for the whole module."""
    with pytest.MonkeyPatch.context() as patch:
        patch.delenv(gf.SECRET_ENV, raising=False)
        root = tmp_path_factory.mktemp("cawa-turn")
        folder = root / "game"
        created = run("new", "cawa", folder, "--map", EXAMPLE_MAP)
        assert created.exit_code == 0, created.output
        results: dict[str, Result] = {}
        before: dict[str, str] = {}
        checked: Result | None = None
        for phase, files in MAIL:
            mail = root / "mail" / phase
            mail.mkdir(parents=True)
            for name, text in files.items():
                (mail / name).write_text(text, encoding="utf-8")
            paths = [mail / name for name in files]
            before[phase] = current_phase(folder)
            if checked is None:
                checked = run("check", folder, *paths)
                assert current_phase(folder) == phase
            results[phase] = run("adjudicate", folder, *paths)
            assert results[phase].exit_code in (0, 1), results[phase].output
        assert checked is not None
        yield Campaign(folder, results, before, created, checked)


# --- the turn as a whole ------------------------------------------------------------


def test_phases_come_in_the_books_order(campaign: Campaign) -> None:
    """CC-T-2, CC-V-5, CC-X-3 (AC-01): a turn is economy, then movement, then
    the battles (skirmishes, reactions, battle results), and the next turn
    starts with its economy; each phase is one `adjudicate` of every file
    at once, and each report names the phase that follows."""
    assert [campaign.before[p] for p in PHASES] == list(PHASES)
    for phase, following in zip(PHASES, (*PHASES[1:], "3-economy"), strict=True):
        report = campaign.report(phase)
        assert (report["phase"], report["next_phase"]) == (phase, following)
        assert gf.state_path(campaign.folder, following).is_file()
    assert current_phase(campaign.folder) == "3-economy"
    kinds = [p.split("-")[1] for p in PHASES[:5]]
    assert kinds == ["economy", "movement", "skirmishes", "reactions", "battles"]
    assert kinds.index("economy") < kinds.index("movement") < kinds.index("battles")


def test_ruleset_is_the_basic_rules(campaign: Campaign) -> None:
    """CC-I-1: only the basic rules are in scope: every report says it
    judges by the basic rules 1.40, and no option differs from the book."""
    assert "basic rules 1.40" in campaign.created.output
    for phase in PHASES:
        header = campaign.text(phase).splitlines()[:4]
        assert "Ruleset: CaWa, a Warhammer campaign (basic rules 1.40)" in header
        assert not any(h.startswith("Options differing") for h in header)


def test_the_judge_keeps_no_deadline(campaign: Campaign) -> None:
    """CC-T-1: the turn's length is the group's: the judge has no deadline of
    its own. A new game waits at 1-economy until the GM adjudicates it
    (`check` does not advance it), and no state file or game file holds a
    date or a deadline."""
    assert campaign.checked.exit_code in (0, 1)
    assert campaign.before["1-economy"] == "1-economy"
    config = yaml.safe_load((campaign.folder / "game.yaml").read_text())
    files = [config, *(campaign.state(p) for p in (*PHASES, "3-economy"))]
    for data in files:
        words = json.dumps(data).casefold()
        assert "deadline" not in words and "date" not in words


def test_every_report_says_what_comes_next_and_from_whom(campaign: Campaign) -> None:
    """CC-A-2, CC-X-3: the referee announces each phase: every report ends
    with the next phase and who must send what (players their economy,
    movement and reactions; the referee the skirmish and battle results),
    and names those who sent nothing."""
    wanted = {
        "economy": "Every player: send your economy declarations",
        "movement": "Every player: send your movement declarations",
        "skirmishes": "Referee: send the skirmish results",
        "reactions": "Every player: send all your reactions at once",
        "battles": "Referee: send the battle results",
    }
    for phase in PHASES:
        following = campaign.report(phase)["next_phase"]
        last = campaign.text(phase).rstrip().splitlines()[-1]
        assert last.startswith(f"Next phase: Turn {following.split('-')[0]} ")
        assert f"({following})" in last
        assert wanted[following.split("-")[1]] in last
    assert "No declarations from: Reino Verde" in campaign.text("1-reactions")
    assert "No declarations from: Reino Azul, Reino Verde" in campaign.text("2-economy")


def test_a_map_is_drawn_for_every_phase(campaign: Campaign) -> None:
    """CC-A-2 (he keeps the map), CC-T-2: every phase the GM adjudicates
    leaves the map of the phase that follows as `turns/<phase>.png`."""
    for phase in (*PHASES[1:], "3-economy"):
        drawn = gf.map_path(campaign.folder, phase)
        assert drawn.is_file(), drawn
        assert drawn.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_verify_passes_at_the_end(campaign: Campaign) -> None:
    """CC-A-2, CC-E-6 (AC-19): the random income rolls of both economies and
    every receipt check against the committed secret."""
    result = run("verify", campaign.folder)
    assert result.exit_code == 0, result.output
    assert "1-economy roll random-income #0: ok" in result.output
    assert "2-economy roll random-income #0: ok" in result.output


# --- 1-economy ----------------------------------------------------------------------


def test_economy_turns_territories_into_crowns(campaign: Campaign) -> None:
    """CC-V-3, CC-V-4, CC-V-5: each kingdom (territories and a treasury, no
    army on the board) draws its income from its territories, all on the
    same start: every statement reads the same random income, 100 a hex and
    300 a village; the gifts are credited after every player's lines were
    judged; the closing treasuries are those of the next state file and of
    the kingdoms' table (NT, CO, PO, PM, fleets)."""
    report = campaign.report("1-economy")
    extra = report["random_income"]
    assert extra in {2000 + 500 * d for d in range(1, 7)}
    spent = {"red": 500 + 2500, "blue": 300 + 2500, "green": 200 + 2500}
    given = {"red": 200, "blue": 500, "green": 300}
    treasury = campaign.state("1-movement")["treasury"]
    for player in ("red", "blue", "green"):
        lines = {line["kind"]: line["crowns"] for line in report["statements"][player]}
        assert (lines["hexes"], lines["villages"], lines["random"]) == (200, 300, extra)
        expected = 3000 + 200 + 300 + extra - spent[player] + given[player]
        assert lines["closing"] == expected == treasury[player]
    kingdoms = {k["player"]: k for k in report["kingdoms"]}
    assert set(kingdoms) == {"red", "blue", "green"}
    for player, kingdom in kingdoms.items():
        assert set(kingdom) == {"player", "nt", "co", "po", "base_po", "pm", "fleets"}
        assert (kingdom["nt"], kingdom["co"]) == (2, treasury[player])
    assert campaign.state("1-movement")["terrain"] == {
        "0203": "plain",
        "0505": "plain",
        "0703": "mountain",
    }


def test_economy_refusals_and_free_prose(campaign: Campaign) -> None:
    """CC-V-6: a public announcement is free: red's line of prose is ignored
    (reported as no declaration), never refused, and judged lines go on;
    the lines that break a rule are refused with their reason."""
    refused = {
        "pueblo 0203": "touches_building",
        "castillo 0202": "castle_ratio",
        "pueblo 0703": "touches_building",
        "terreno 0601 bosque": "not_your_hex",
        "pueblo 0505": "touches_building",
        "dona 99999 a azul": "not_enough_crowns",
    }
    for text, reason in refused.items():
        verdict = campaign.line("1-economy", text)
        assert (verdict["accepted"], verdict["reason"]) == (False, reason)
    for text in ("dona 500 a azul", "terreno 0203 llanura", "terreno 0703 montaña"):
        assert campaign.line("1-economy", text)["accepted"]
    report = campaign.report("1-economy")
    assert PROSE not in [v["line"] for v in report["lines"]]
    assert [i["kind"] for i in report["issues"]] == ["ignored"]
    assert campaign.results["1-economy"].exit_code == 0


def test_an_announcement_naming_a_player_is_free_prose(tmp_path: Path) -> None:
    """CC-V-6: 'Hola, declaro la guerra a Rojo' is a public announcement, not
    a declaration: it must be ignored, not reported as a syntax problem."""
    folder = tmp_path / "game"
    assert run("new", "cawa", folder, "--map", EXAMPLE_MAP).exit_code == 0
    mail = tmp_path / "rojo.txt"
    mail.write_text("Hola, declaro la guerra a Rojo\ndona 100 a azul\n", encoding="utf-8")
    result = run("adjudicate", folder, mail)
    issues = json.loads((folder / "reports" / "1-economy.json").read_text())["issues"]
    assert [i["kind"] for i in issues] == ["ignored"]
    assert result.exit_code == 0


# --- 1-movement ---------------------------------------------------------------------


def test_movement_expands_the_kingdoms(campaign: Campaign) -> None:
    """CC-T-4, CC-V-5: the players decide their expansion; every line is
    judged on the map of the start of the phase: blue's move out of 0703 is
    carried out although green invades 0703 in the same phase, and both
    moves into 0602 meet there (that the order of the files does not matter
    is `test_turn_property`'s)."""
    report = campaign.report("1-movement")
    assert report["expansions"] == {"0303": "red", "0405": "green", "0704": "blue"}
    for text in ("barco 0202 -> 0602", "0702 -> 0602", "0703 -> 0704"):
        assert campaign.line("1-movement", text)["accepted"]
    assert campaign.line("1-movement", "barco 0605 -> 0703 invasión 1500")["accepted"]
    refused = {
        "0203 -> 0204": "source_already_moved",
        "0703 -> 0605 invasión 1000": "not_adjacent",
        "0605 -> 0604": "source_already_moved",
    }
    for text, reason in refused.items():
        verdict = campaign.line("1-movement", text)
        assert (verdict["accepted"], verdict["reason"]) == (False, reason)
    owners = campaign.state("1-skirmishes")["owners"]
    assert owners["blue"] == ["0702", "0703", "0704"]
    assert "0602" not in {h for hexes in owners.values() for h in hexes}
    assert "Hexes taken unopposed: 0704" in campaign.text("1-movement")


def test_conflicts_are_listed_with_their_terrain(campaign: Campaign) -> None:
    """CC-M-7, CC-X-1, CC-B-12 (AC-01): the terrain sets the scenery and the
    scenery section is missing, so the tool lists every conflict's hex with
    its terrain as it stands (0703 is a mountain since blue's terrain change,
    not the map's forest), for both players to know before the battle."""
    conflicts = campaign.report("1-movement")["conflicts"]
    assert [(c["number"], c["kind"], c["hex"], c["terrain"]) for c in conflicts] == [
        (1, "skirmish", "0602", "mountain"),
        (2, "invasion", "0703", "mountain"),
    ]
    skirmish = campaign.text_line("1-movement", "C1 ")
    assert "skirmish for the free hex 0602 (mountain)" in skirmish
    invasion = campaign.text_line("1-movement", "C2 ")
    assert "invasion of" in invasion and "hex 0703 (mountain)" in invasion
    assert "from 0605 (sea) with 1500" in invasion
    battles = campaign.report("1-skirmishes")["battles"]
    assert [(b["hex"], b["terrain"]) for b in battles] == [("0703", "mountain")]
    assert campaign.text_line("1-reactions", "B1 ").startswith("B1 for 0703 (mountain): ")


def test_a_skirmish_carries_no_points_and_costs_nothing(campaign: Campaign) -> None:
    """CC-N-1, CC-B-2, CC-B-4 (mesa: the skirmish is played at the table with
    its own lists): the judge records only that it carries no points and
    costs nothing: red and blue entered 0602 with no points, red won it and
    pays no upkeep at the next economy; blue's upkeep is his battle's only."""
    skirmish = campaign.report("1-movement")["conflicts"][0]
    assert [(e["player"], e["points"]) for e in skirmish["entries"]] == [
        ("red", None),
        ("blue", None),
    ]
    assert "0602" in campaign.state("1-reactions")["owners"]["red"]
    upkeep = campaign.state("2-economy")["upkeep"]
    assert "red" not in upkeep and upkeep["blue"] == 1500
    red = {line["kind"] for line in campaign.report("2-economy")["statements"]["red"]}
    assert "upkeep" not in red


# --- 1-skirmishes, 1-reactions, 1-battles ------------------------------------------


def test_only_the_referee_gives_results(campaign: Campaign) -> None:
    """CC-A-1: there is always a referee, and only his file settles
    skirmishes and battles: blue's own result lines are refused, the
    referee's stand (0602 to red, 0703 to green)."""
    for phase, text in (
        ("1-skirmishes", "escaramuza 0602: gana azul"),
        ("1-battles", "batalla 0703: gana azul, masacre"),
    ):
        verdict = campaign.line(phase, text)
        assert (verdict["player"], verdict["accepted"]) == ("blue", False)
        assert verdict["detail"] == "only the referee's file gives results"
    for phase, text in (
        ("1-skirmishes", "escaramuza 0602: gana rojo"),
        ("1-battles", "batalla 0703: gana verde, decisiva"),
    ):
        verdict = campaign.line(phase, text)
        assert (verdict["player"], verdict["accepted"]) == ("referee", True)
    assert "0602" in campaign.state("1-reactions")["owners"]["red"]
    assert "0703" in campaign.state("2-economy")["owners"]["green"]


def test_an_opposed_invasion_is_a_battle_with_its_points_public(campaign: Campaign) -> None:
    """CC-T-5, CC-B-13, CC-B-14 (mesa: the lists are the players' to swap):
    the invasion blue resists becomes a battle to be played at the table;
    the report gives each side's declared points (green 1500 by its
    invasion, blue 1500 by his defence) so both can build and swap lists;
    the withdrawal that names no battle is refused."""
    battle = campaign.report("1-reactions")["battles"][0]
    assert battle["hex"] == "0703" and battle["defender"] == "blue"
    assert [(s["player"], s["attacking"], s["points"]) for s in battle["sides"]] == [
        ("blue", False, 1500),
        ("green", True, 1500),
    ]
    listed = campaign.text_line("1-reactions", "B1 ")
    assert listed.startswith("B1 for 0703 (mountain): ")
    assert "defends with 1500" in listed and "attacks with 1500" in listed
    verdict = campaign.line("1-reactions", "me retiro de 0602")
    assert (verdict["accepted"], verdict["reason"]) == (False, "no_such_battle")


def test_the_referee_enters_the_result_class(campaign: Campaign) -> None:
    """CC-B-16, CC-B-17: the victory table is the referee's (unequal points,
    annihilation): the judge records the class he gives, whatever the points
    on the table: green fielded 1503 (counted 2000, CC-B-11) against 1500
    and the decisive victory makes blue owe exactly 500; in turn 2 the
    referee's massacre makes red owe exactly 1000."""
    state = campaign.state("2-economy")
    assert state["payments"] == [{"payer": "blue", "payee": "green", "amount": 500, "battle": 1}]
    assert state["upkeep"] == {"blue": 1500, "green": 2000}
    later = campaign.state("3-economy")["payments"]
    assert [(p["payer"], p["payee"], p["amount"]) for p in later] == [("red", "blue", 1000)]


def test_next_economy_collects_the_payment_and_the_upkeep(campaign: Campaign) -> None:
    """CC-V-4, CC-T-2: money pays the troops: the next turn's economy takes
    1 crown per point used in the battle (blue 1500, green 2000) and moves
    the 500 of the decisive victory from blue to green; red, who only
    skirmished, pays nothing and builds a village on 0303."""
    report = campaign.report("2-economy")
    extra = report["random_income"]
    lines = {
        p: {line["kind"]: line["crowns"] for line in report["statements"][p]}
        for p in ("red", "blue", "green")
    }
    before = campaign.state("1-movement")["treasury"]
    assert lines["blue"]["upkeep"] == -1500 and lines["blue"]["payment_made"] == -500
    assert lines["green"]["upkeep"] == -2000 and lines["green"]["payment_received"] == 500
    assert lines["blue"]["closing"] == before["blue"] + 200 + 300 + extra - 1500 - 500
    assert lines["green"]["closing"] == before["green"] + 400 + 300 + extra - 2000 + 500
    assert lines["red"]["closing"] == before["red"] + 400 + 300 + extra - 1000
    assert campaign.line("2-economy", "pueblo 0303")["accepted"]
    state = campaign.state("2-movement")
    assert "0303" in state["villages"] and "payments" not in state and "upkeep" not in state
    text = campaign.text("2-economy")
    assert "Troops used last turn (1500 points used in last turn's battles): -1500" in text
    assert "Battle payment received (battle 1 won against blue): +500" in text


# --- turn 2: a double invasion and a withdrawal ------------------------------------


def test_turn_two_double_invasion_and_withdrawal(campaign: Campaign) -> None:
    """CC-T-4, CC-T-5, CC-M-7: once the kingdoms touch, red 0602 -> 0702 and
    blue 0702 -> 0602 are one double invasion; the referee's skirmish puts
    its battle in 0702 (a plain), where blue fields his declared 1000 and may
    declare no defence (CC-CF-8); green's invasion of 0704 meets no
    resistance (blue withdraws): no battle, green takes it and pays its
    declared 1000 at the next economy."""
    conflicts = campaign.report("2-movement")["conflicts"]
    assert [(c["kind"], c["hex"], c["other_hex"]) for c in conflicts] == [
        ("double", "0602", "0702"),
        ("invasion", "0704", None),
    ]
    battles = campaign.report("2-skirmishes")["battles"]
    assert [(b["hex"], b["terrain"], b["defender"]) for b in battles] == [
        ("0702", "plain", "blue"),
        ("0704", "plain", "blue"),
    ]
    assert campaign.line("2-reactions", "me retiro de 0704")["accepted"]
    defence = campaign.line("2-reactions", "defiendo 0702 con 1000")
    assert (defence["accepted"], defence["reason"]) == (False, "bad_defence")
    after = campaign.report("2-reactions")
    assert [b["hex"] for b in after["battles"]] == ["0702"]
    assert "0704" in campaign.state("2-battles")["owners"]["green"]
    assert any("taken unopposed" in note for note in after["referee_notes"])
    assert campaign.state("3-economy")["upkeep"] == {"blue": 1000, "green": 1000, "red": 1000}
    assert "0702" in campaign.state("3-economy")["owners"]["blue"]
