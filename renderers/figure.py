"""What every map drawing shares: the formats, the resolution, and the
matplotlib settings that make the same board give the same bytes (no dates
in the files, a fixed SVG hash salt, text drawn as paths; the board maps
write their labels as SVG `<text>` themselves: `renderers.map_text.as_text`).

Only constants: importing this module loads no matplotlib.
"""

from __future__ import annotations

from typing import Any, Literal

Format = Literal["png", "svg"]
FORMATS: tuple[Format, ...] = ("png", "svg")
DPI = 100
RC: dict[Any, Any] = {
    "svg.hashsalt": "mapjudge",
    "svg.fonttype": "path",
    "font.family": "DejaVu Sans",
    "hatch.linewidth": 0.6,
    "path.simplify": False,
}
METADATA = {
    "png": {"Software": None},
    "svg": {"Date": None, "Creator": None},
}
