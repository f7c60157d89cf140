"""Victory and ranking (CC-O-1, AC-49)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.cawa.state import CawaState
from adjudicator.rulesets.cawa.victory import leader, ranking, winner
from tests.cawa.fixtures import SMALL, state_on


def held(red: int, blue: int, green: int) -> CawaState:
    hexes = sorted(c for c in SMALL.hexes if not c.startswith(("05", "06")))
    owners: dict[str, str] = {}
    for player, count in (("red", red), ("blue", blue), ("green", green)):
        for _ in range(count):
            owners[hexes.pop()] = player
    return state_on(SMALL, owners=owners)


def test_ranking_by_nt_then_id() -> None:
    """AC-49, CC-C-2: every report ranks the kingdoms by NT, most first, then id."""
    assert ranking(held(2, 5, 2)) == (("blue", 5), ("green", 2), ("red", 2))


def test_no_victory_condition() -> None:
    """CC-O-1, AC-49: `none` (the default) names no winner."""
    assert winner(held(1, 9, 2), "none", ended=True) is None


def test_most_hexes_only_when_ended() -> None:
    """CC-O-1, AC-49: most_hexes decides when the game master ends the game;
    a tie for first names nobody (the referee decides)."""
    state = held(3, 6, 2)
    assert winner(state, "most_hexes") is None
    assert winner(state, "most_hexes", ended=True) == "blue"
    assert leader(held(4, 4, 2)) is None
    assert winner(held(4, 4, 2), "most_hexes", ended=True) is None


def test_hexes_n() -> None:
    """CC-O-1, AC-49: hexes:N: the first kingdom with N hexes or more wins;
    several at once: the one with the most; a tie there names nobody."""
    assert winner(held(3, 4, 2), "hexes:5") is None
    assert winner(held(3, 5, 2), "hexes:5") == "blue"
    assert winner(held(6, 5, 2), "hexes:5") == "red"
    assert winner(held(5, 5, 2), "hexes:5") is None


def test_bad_option() -> None:
    """AC-49: only none, most_hexes and hexes:N exist."""
    with pytest.raises(ValueError, match="victory"):
        winner(held(1, 1, 1), "annihilation")
