"""The powers' fills stay apart for readers with colour-vision deficiencies
(issue 20): every two fills of a bundled map, and every fill and the board's
own fills, differ by `map_style.THRESHOLDS` (CIEDE2000) in normal vision and
under simulated protanopia, deuteranopia and tritanopia (Machado et al. 2009,
severity 1.0). The palettes checked are the ones the renderers draw with."""

from __future__ import annotations

import itertools

import pytest

from maps import load_map
from maps.cawa.generate import MAX_PLAYERS, player_colours
from maps.genes.generate import COLOURS as GENES_COLOURS
from renderers import map_style as style
from renderers.board.map_marks import HALO
from renderers.map_style import THRESHOLDS, VISIONS, Vision

SHARMA_2005 = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, -1.3802, -84.2814), (50.0, 0.0, -82.7485), 1.0000),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.49, -0.001), (50.0, -2.49, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
    ((90.8027, -2.0831, 1.441), (91.1528, -1.6435, 0.0447), 1.4441),
    ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082),
]
"""Pairs and their ΔE00 from Sharma, Wu and Dalal (2005), table 1."""


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA_2005)
def test_ciede2000_matches_the_published_test_data(
    first: style.Lab, second: style.Lab, expected: float
) -> None:
    assert style.delta_e2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert style.delta_e2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_cielab_of_the_srgb_primaries() -> None:
    """sRGB white is L* 100 and neutral; pure red is the textbook (53.24, 80.09, 67.20)."""
    white = style.cielab(style.linear_rgb("#ffffff"))
    assert white == pytest.approx((100.0, 0.0, 0.0), abs=0.01)
    assert style.cielab(style.linear_rgb("#ff0000")) == pytest.approx(
        (53.24, 80.09, 67.20), abs=0.02
    )


@pytest.mark.parametrize("vision", ["protanopia", "deuteranopia", "tritanopia"])
def test_simulation_keeps_greys_and_merges_the_confusion_colours(vision: Vision) -> None:
    """Machado's matrices map white to white and greys to greys; each takes
    away the contrast of its own confusion line, and only that one."""
    for grey in ("#ffffff", "#808080", "#000000"):
        assert style.difference(grey, grey, vision) == 0.0
        assert style.simulate(grey, vision) == pytest.approx(style.linear_rgb(grey), abs=2e-3)
    merged = {
        "protanopia": ("#1f4e9c", "#7d4fa8"),
        "deuteranopia": ("#cc0000", "#996600"),
        "tritanopia": ("#66ccff", "#00cccc"),
    }[vision]
    assert style.difference(*merged) >= 15
    assert style.difference(*merged, vision) < THRESHOLDS[vision]


def test_closest_names_the_nearest_pair() -> None:
    colours = {"a": "#cc0000", "b": "#996600", "c": "#0000ff"}
    normal = style.closest(colours, "normal")
    assert (normal.first, normal.second) == ("a", "b") and normal.enough
    deutan = style.closest(colours, "deuteranopia")
    assert (deutan.first, deutan.second) == ("a", "b") and not deutan.enough
    assert deutan.difference == pytest.approx(
        style.difference("#cc0000", "#996600", "deuteranopia")
    )


@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_the_palette_is_the_maps_own_colours(name: str) -> None:
    game_map = load_map(name)
    fills = style.palette(game_map, ()).fills
    assert dict(fills) == {p: info.colour for p, info in game_map.powers.items()}


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_every_two_powers_stay_apart(name: str, vision: Vision) -> None:
    fills = style.palette(load_map(name), ()).fills
    nearest = style.closest(fills, vision)
    assert nearest.enough, nearest


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_no_power_looks_like_the_board(name: str, vision: Vision) -> None:
    """A power's area is not taken for empty land, sea, impassable land or an
    owner that is no power (Machiavelli's autonomous garrisons, in white)."""
    fills = style.palette(load_map(name), ()).fills
    for (power, fill), board in itertools.product(sorted(fills.items()), style.BACKGROUNDS):
        assert style.difference(fill, board, vision) >= THRESHOLDS[vision], (power, board)


INK_ON_CASING = 30.0
"""ΔE00 every order ink keeps from its white casing, in every vision (the
least measured: 36.6, Machiavelli's Holy Roman Empire under tritanopia)."""
INK_ON_BOARD = 15.0
"""ΔE00 every ink keeps from the board's own fills (the least: 16.9)."""


@pytest.mark.parametrize("vision", VISIONS)
@pytest.mark.parametrize("name", ["classic", "machiavelli"])
def test_order_inks_read_on_their_casing_and_the_board(name: str, vision: Vision) -> None:
    """The inks of arrows, rings and hatches (a power's colour darkened) stand
    out from the white casing drawn under the phase's arrows and lines
    (`map_orders.HALO`) and from empty land, sea and impassable land, for
    every colour vision: an order reads whatever the fill under it. (Whose
    order it is, the unit it starts from says, in the power's fill.)"""
    palette = style.palette(load_map(name), ())
    for power in sorted(palette.fills):
        ink = palette.ink(power)
        assert style.difference(ink, HALO, vision) >= INK_ON_CASING, power
        for board in style.BACKGROUNDS:
            assert style.difference(ink, board, vision) >= INK_ON_BOARD, (power, board)


CAWA_ALL_APART = 14
"""CaWa's first players whose colours all keep `THRESHOLDS` apart."""
CAWA_FLOOR = 0.33
"""With 40 players, every two colours keep this share of `THRESHOLDS`."""


def _cawa_margin(colours: tuple[str, ...]) -> float:
    return min(
        style.difference(a, b, v) / THRESHOLDS[v]
        for a, b in itertools.combinations(colours, 2)
        for v in VISIONS
    )


def test_cawa_player_colours_stay_apart() -> None:
    """A dichromat's colours lie on a surface: 40 of them cannot keep 6 ΔE00
    apart. What holds: the first `CAWA_ALL_APART` players (every game up to
    that size) meet the thresholds in full, and every two of the 40 keep
    `CAWA_FLOOR` of them (normal ≥ 3.3, simulated ≥ 2), beside the redmean
    distance of 80 that tests/cawa/test_generate.py asks of every pair."""
    colours = player_colours()
    assert len(colours) == MAX_PLAYERS
    assert _cawa_margin(colours[:CAWA_ALL_APART]) >= 1.0
    assert _cawa_margin(colours) >= CAWA_FLOOR


def test_genes_country_colours_stay_apart() -> None:
    """A generated Genes region's nine country fills, and land and sea, meet `THRESHOLDS`."""
    colours = {str(k): c for k, c in enumerate(GENES_COLOURS)}
    for vision in VISIONS:
        assert style.closest(colours, vision).enough, vision
        for colour, board in itertools.product(GENES_COLOURS, (style.LAND, style.SEA)):
            assert style.difference(colour, board, vision) >= THRESHOLDS[vision], (colour, vision)
