"""Georeference a board drawn in its own pixels: fit (lon, lat) -> pixels (issue 20).

Usage (prints the fit and its residuals; run by hand):

    python maps/tools/georeference.py machiavelli

Machiavelli's seeds are the token positions of the original board picture, not
(lon, lat). The board is real Italy turned by some 45 degrees (the boot runs down
the page) and stylised: the Po valley, crowded with small areas, is drawn larger
than it is. `maps/tools/seeds/NAME.georef.yaml` gives the real position of the
cities whose area has a city token on the board (public facts: the cities'
coordinates); their board positions are the city tokens of `seeds/NAME.yaml`
(the garrison token: `city`). A least-squares affine map (six coefficients, so
the turn and the stretch come out of the fit) takes (lon, lat) to the board's
pixels; `natural_earth.py` projects Natural Earth's land with it so that the
land mask and the seeds share one frame. Nothing here runs at run time.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from maps.tools.region_grid import XY

SEEDS_DIR = Path(__file__).parent / "seeds"


@dataclass(frozen=True)
class ControlPoint:
    """A city: its area, its real (lon, lat) and where the board draws it."""

    code: str
    lonlat: XY
    pixel: XY


@dataclass(frozen=True)
class BoardProjection:
    """Affine (lon, lat) -> pixels, y down: x = a·lon + b·lat + c, y = d·lon + e·lat + f.

    `south` and `north` bound the latitudes the frame shows (natural_earth.py skips
    land outside them, as for the equirectangular `Projection`)."""

    a: float
    b: float
    c: float
    d: float
    e: float
    f: float
    south: float
    north: float

    def __call__(self, lon: float, lat: float) -> XY:
        return (
            self.a * lon + self.b * lat + self.c,
            self.d * lon + self.e * lat + self.f,
        )

    def inverse(self, x: float, y: float) -> XY:
        """The (lon, lat) drawn at pixel (x, y)."""
        det = self.a * self.e - self.b * self.d
        u, v = x - self.c, y - self.f
        return ((self.e * u - self.b * v) / det, (self.a * v - self.d * u) / det)


def georef_path(name: str) -> Path:
    return SEEDS_DIR / f"{name}.georef.yaml"


def control_points(name: str) -> list[ControlPoint]:
    """The cities of `seeds/NAME.georef.yaml` with their city tokens of `seeds/NAME.yaml`."""
    cities = yaml.safe_load(georef_path(name).read_text(encoding="utf-8"))["cities"]
    seeds = yaml.safe_load((SEEDS_DIR / f"{name}.yaml").read_text(encoding="utf-8"))
    return [
        ControlPoint(str(code), (float(lon), float(lat)), token(seeds["areas"][code]))
        for code, (lon, lat) in sorted(cities.items())
    ]


def token(entry: Mapping[str, Any]) -> XY:
    """The board position of an area's city: its city token, else its first point."""
    x, y = entry.get("city") or entry["points"][0]
    return (float(x), float(y))


def fit(points: Sequence[ControlPoint], width: float, height: float) -> BoardProjection:
    """The least-squares affine map through the control points, and the latitudes
    of the `width` x `height` frame (rounded outwards to a tenth of a degree)."""
    lonlat = np.array([[p.lonlat[0], p.lonlat[1], 1.0] for p in points])
    pixels = np.array([p.pixel for p in points])
    coefficients = np.linalg.lstsq(lonlat, pixels, rcond=None)[0]
    (a, d), (b, e), (c, f) = (tuple(float(v) for v in row) for row in coefficients)
    shape = BoardProjection(a, b, c, d, e, f, -90.0, 90.0)
    corners = [shape.inverse(x, y) for x in (0.0, width) for y in (0.0, height)]
    lats = [lat for _, lat in corners]
    south, north = math.floor(min(lats) * 10) / 10, math.ceil(max(lats) * 10) / 10
    return BoardProjection(a, b, c, d, e, f, south, north)


def residuals(shape: BoardProjection, points: Sequence[ControlPoint]) -> dict[str, float]:
    """How far, in pixels, each city's fitted position lies from its board token."""
    return {p.code: math.dist(shape(*p.lonlat), p.pixel) for p in points}


def board_projection(name: str, width: float, height: float) -> BoardProjection:
    """The fitted projection of map `name` (seeds in board pixels, frame `width` x `height`)."""
    return fit(control_points(name), width, height)


def main(argv: Sequence[str]) -> None:
    if len(argv) != 1:
        raise SystemExit(__doc__)
    seeds = yaml.safe_load((SEEDS_DIR / f"{argv[0]}.yaml").read_text(encoding="utf-8"))
    points = control_points(argv[0])
    shape = fit(points, seeds["width"], seeds["height"])
    print(shape)
    errors = residuals(shape, points)
    for code, error in sorted(errors.items(), key=lambda item: -item[1]):
        print(f"{code:6} {error:6.1f} px")
    values = sorted(errors.values())
    rms = math.sqrt(sum(v * v for v in values) / len(values))
    print(f"{len(values)} cities: rms {rms:.1f} px, median {values[len(values) // 2]:.1f} px")


if __name__ == "__main__":
    main(sys.argv[1:])
