"""What each ruleset counts per power (`RulesetPlugin.standings`), the
game's timeline on its website (issue 21: "supply centres, cities, hexes,
VIA/LEG or victory points per power over time")."""

from __future__ import annotations

from pathlib import Path

import pytest

from adjudicator.app import gamefolder as gf
from adjudicator.app.game import open_game

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"


def first_standings(example: str) -> tuple[str, dict[str, float]]:
    game = open_game(EXAMPLES / example)
    (phase,) = gf.list_phases(game.folder, game.ruleset.calendar)[:1]
    found = game.session.standings(gf.read_state_data(game.folder, phase))
    return found.measure, dict(found.values)


def test_classic_counts_supply_centres() -> None:
    measure, values = first_standings("classic-1901")
    assert measure == "Supply centres"
    assert values == {p: 3.0 for p in values} | {"russia": 4.0} and len(values) == 7


def test_machiavelli_counts_the_cities_of_the_powers_in_play() -> None:
    measure, values = first_standings("machiavelli-1454")
    assert measure == "Cities"
    assert set(values) == {
        "austria", "florence", "france", "milan", "naples", "papacy", "turks", "venice",
    }  # fmt: skip
    assert values["venice"] == 4.0 and values["milan"] == 3.0


def test_cawa_counts_each_kingdoms_hexes() -> None:
    measure, values = first_standings("cawa-10-players")
    assert measure == "NT" and len(values) == 10 and set(values.values()) == {10.0}


def test_orbis_counts_each_living_nations_via() -> None:
    measure, values = first_standings("orbis-europa-500")
    assert measure == "VIA" and values and all(v > 0 for v in values.values())


def test_genes_counts_victory_points() -> None:
    measure, values = first_standings("genes-3-players")
    assert measure == "Victory points" and set(values) == {"ponent", "serra", "llevant"}


def test_narrativo_counts_nothing() -> None:
    assert first_standings("narrativo-commando-raid") == ("", {})


@pytest.mark.parametrize("example", ["machiavelli-1454-advanced", "cawa-10-players"])
def test_the_standings_read_the_state_given(example: str) -> None:
    """A later state gives its own values (the timeline is not one value repeated)."""
    game = open_game(EXAMPLES / example)
    played = sorted((EXAMPLES / example / "played").glob("*.yaml"))
    assert played
    later = game.session.standings(gf.read_yaml(played[-1]))
    assert later.values != first_standings(example)[1]
