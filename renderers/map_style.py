"""Colours of a turn map: one fill per power, told apart by readers with and
without colour-vision deficiencies.

A power's fill is its colour in the map file (`powers: {venice: {colour: ...}}`),
as given: the bundled maps' colours are chosen so that every two powers, and
every power and the board's own fills (land, sea, impassable land, an owner
that is no power), stay apart in normal vision and under simulated
protanopia, deuteranopia and tritanopia (`THRESHOLDS`, checked by
`tests/test_palette.py`); home areas carry a hatch in addition.

Colour-vision deficiencies are simulated with the matrices of

    G. M. Machado, M. M. Oliveira and L. A. F. Fernandes, "A
    Physiologically-based Model for Simulation of Color Vision Deficiency",
    IEEE Transactions on Visualization and Computer Graphics 15(6),
    1291-1298, 2009 (doi:10.1109/TVCG.2009.113),

at severity 1.0 (dichromacy), applied to linear sRGB. Colour differences
are CIEDE2000 (G. Sharma, W. Wu and E. N. Dalal, "The CIEDE2000
color-difference formula: implementation notes, supplementary test data, and
mathematical observations", Color Research & Application 30(1), 21-30, 2005)
in CIELAB under D65.
"""

from __future__ import annotations

import colorsys
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from maps.model import GameMap

SEA = "#cfe2f3"
LAND = "#f4efe1"
GAP = "#d9d2c3"
IMPASSABLE = "#b7ad9b"
OUT_OF_PLAY = "#9e9e9e"
EDGE = "#4a4a4a"
TEXT = "#1a1a1a"
FAILED = "#d0021b"
NO_POWER_FILL = "#ffffff"
"""The fill of an owner that is no power of the map (Machiavelli's autonomous garrisons)."""
BACKGROUNDS = (LAND, SEA, IMPASSABLE, NO_POWER_FILL)
"""The board's own fills, which a power's fill must not be mistaken for."""

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]
Vision = Literal["normal", "protanopia", "deuteranopia", "tritanopia"]
Matrix = tuple[RGB, RGB, RGB]

VISIONS: tuple[Vision, ...] = ("normal", "protanopia", "deuteranopia", "tritanopia")
MACHADO_2009: Mapping[Vision, Matrix] = {
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "tritanopia": (
        (1.255528, -0.076749, -0.178779),
        (-0.078411, 0.930809, 0.147602),
        (0.004733, 0.691367, 0.303900),
    ),
}
"""Machado et al. (2009), severity 1.0: linear sRGB -> linear sRGB as the dichromat sees it."""

THRESHOLDS: Mapping[Vision, float] = {
    "normal": 10.0,
    "protanopia": 6.0,
    "deuteranopia": 6.0,
    "tritanopia": 6.0,
}
"""The least CIEDE2000 difference between two fills, by vision.

A ΔE00 of about 1 is just noticeable side by side and 2-3 is obvious side
by side; but two fills on a map are compared across the board and against
a small swatch in the legend, so normal vision asks for 10 ("different
colours", not "shades of one"). A dichromat's colours lie on a surface, not
in a volume, so twelve fills (Machiavelli) and the board's four cannot all
keep 10 apart; 6 is still twice what is obvious side by side.
"""


def hex_rgb(colour: str) -> RGB:
    value = colour.lstrip("#")
    r, g, b = (int(value[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return (r, g, b)


def rgb_hex(rgb: RGB) -> str:
    return "#" + "".join(f"{round(min(max(c, 0.0), 1.0) * 255):02x}" for c in rgb)


def lightness(colour: str) -> float:
    return colorsys.rgb_to_hls(*hex_rgb(colour))[1]


def with_lightness(colour: str, level: float) -> str:
    h, _, s = colorsys.rgb_to_hls(*hex_rgb(colour))
    return rgb_hex(colorsys.hls_to_rgb(h, level, max(s, 0.35)))


def text_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = hex_rgb(colour)
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 0.5 else "#ffffff"


@dataclass(frozen=True)
class Palette:
    """The fill of each power, and the darker ink for its arrows and hatches."""

    fills: Mapping[str, str]

    def fill(self, power: str) -> str:
        return self.fills.get(power, NO_POWER_FILL)

    def ink(self, power: str) -> str:
        colour = self.fill(power)
        return with_lightness(colour, min(lightness(colour), 0.5) * 0.6)


def palette(game_map: GameMap, powers: Sequence[str]) -> Palette:
    """Fills for `powers` (all the map's powers when empty): each power's own colour."""
    chosen = list(powers) or list(game_map.powers)
    return Palette(
        {p: game_map.powers[p].colour if p in game_map.powers else "#888888" for p in chosen}
    )


# Colour vision ---------------------------------------------------------------


def _to_linear(value: float) -> float:
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def linear_rgb(colour: str) -> RGB:
    """`#rrggbb` as linear-light sRGB (IEC 61966-2-1), each 0..1."""
    r, g, b = (_to_linear(c) for c in hex_rgb(colour))
    return (r, g, b)


def simulate(colour: str, vision: Vision) -> RGB:
    """The linear sRGB a reader with `vision` sees for `colour` (Machado et al. 2009),
    clipped to the display's gamut."""
    rgb = linear_rgb(colour)
    if vision == "normal":
        return rgb
    r, g, b = (
        min(max(sum(m * c for m, c in zip(row, rgb, strict=True)), 0.0), 1.0)
        for row in MACHADO_2009[vision]
    )
    return (r, g, b)


def cielab(rgb: RGB) -> Lab:
    """Linear sRGB -> CIELAB (D65 white)."""
    r, g, b = rgb
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e2000(first: Lab, second: Lab) -> float:
    """CIEDE2000 colour difference (kL = kC = kH = 1), after Sharma, Wu and Dalal (2005)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    chromatic = c1p * c2p != 0
    dh = h2p - h1p if chromatic else 0.0
    if dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_l, d_c = l2 - l1, c2p - c1p
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not chromatic:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean**7 / (cp_mean**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * cp_mean
    s_h = 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    return math.sqrt(
        (d_l / s_l) ** 2 + (d_c / s_c) ** 2 + (d_h / s_h) ** 2 + r_t * (d_c / s_c) * (d_h / s_h)
    )


def difference(first: str, second: str, vision: Vision = "normal") -> float:
    """CIEDE2000 between two `#rrggbb` colours as a reader with `vision` sees them."""
    return delta_e2000(cielab(simulate(first, vision)), cielab(simulate(second, vision)))


@dataclass(frozen=True)
class Closest:
    """The two named colours nearest each other under one vision."""

    vision: Vision
    difference: float
    first: str
    second: str

    @property
    def enough(self) -> bool:
        return self.difference >= THRESHOLDS[self.vision]


def closest(colours: Mapping[str, str], vision: Vision) -> Closest:
    """The nearest pair of `colours` (name -> `#rrggbb`, two or more) under `vision`."""
    seen = {name: cielab(simulate(colour, vision)) for name, colour in sorted(colours.items())}
    pairs = itertools.combinations(seen, 2)
    return min(
        (Closest(vision, delta_e2000(seen[a], seen[b]), a, b) for a, b in pairs),
        key=lambda c: (c.difference, c.first, c.second),
    )
