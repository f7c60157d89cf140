"""Colours of a turn map: one fill per power, spread in lightness for colour-blind readers.

A power's colour comes from the map file (`powers: {venice: {colour: ...}}`).
Its hue is kept, but the fills of all the powers are given distinct
lightness levels (sorted by the colours' own lightness, so the map's look
survives), so two powers differ even to a reader who cannot tell the hues
apart; home areas carry a hatch in addition.
"""

from __future__ import annotations

import colorsys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

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
LIGHTNESS = (0.30, 0.82)
"""Darkest and lightest fill lightness (HLS) handed out to the powers."""

RGB = tuple[float, float, float]


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
    """Fills for `powers` (all the map's powers when empty), lightness spread evenly."""
    chosen = list(powers) or list(game_map.powers)
    colours = {p: game_map.powers[p].colour if p in game_map.powers else "#888888" for p in chosen}
    ranked = sorted(chosen, key=lambda p: (lightness(colours[p]), p))
    low, high = LIGHTNESS
    step = (high - low) / max(len(ranked) - 1, 1)
    return Palette({p: with_lightness(colours[p], low + k * step) for k, p in enumerate(ranked)})
