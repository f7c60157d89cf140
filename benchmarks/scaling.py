"""How `classic`'s movement phase scales with the number of units (issue 12).

    python benchmarks/scaling.py [--sizes 100 1000 10000 100000] [--repeats 3]
                                 [--seed 0] [--plot docs/images/scaling.png]

For each size N: a synthetic grid map of at least N areas (`grid_map`), a random
movement phase with N units on distinct areas (`random_position`: the map's seven
powers, armies on land, fleets at sea, either on a coast) and one random order
per unit (`tests.generators.board_orders.random_movement_orders`: holds, moves,
supports, convoys across the lakes). What is timed is `CLASSIC.resolve(state,
orders, game_map)`, the whole phase (orders matched and checked, the resolver,
results, the next state and, when a unit is dislodged, its retreats), best of
`--repeats` runs with the garbage collector paused (as `timeit` does). It prints
the time and the cost per unit, and draws the curve (log-log) to `--plot`.

The functions `grid_map`, `random_position` and `time_resolve` are meant to be
imported by another harness. No assertion is made on time.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test generators

from adjudicator.kits.board.state import GameState
from adjudicator.rulesets.classic import CLASSIC
from maps.model import Area, AreaKind, Crossing, GameMap, PowerInfo, build_graph
from orders.board.model import Order
from tests.generators import board_orders

SIZES = (100, 1_000, 10_000, 100_000)
POWERS = ("AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR")
DEFAULT_PLOT = Path(__file__).resolve().parent.parent / "docs" / "images" / "scaling.png"
BEFORE = {100: 0.00078, 1_000: 0.01525, 10_000: 1.0589, 100_000: 270.77}
"""Seconds per phase before issue 12 (units were looked up by scanning every unit,
the resolver recursed once per link of a chain), measured with this script on
2026-11-24 (100,000: one run); drawn beside the curve for comparison."""


def _is_sea(row: int, col: int) -> bool:
    """Lakes of two sea areas side by side, every fourth row and column."""
    return row % 4 == 1 and col % 4 in (1, 2)


@lru_cache(maxsize=8)
def grid_map(n_areas: int) -> GameMap:
    """A square grid of at least `n_areas` areas (side = ceil(sqrt(n))), `R<row>C<col>`.

    Areas border their four neighbours. One area in eight is sea, in lakes of two
    (`_is_sea`); a land area next to a sea is a coast. Armies cross between land
    and coasts; fleets between seas, from a sea to a coast, and between two
    neighbouring coasts. One area in three is a supply centre; seven powers, no
    home centres, no scenario. Built in memory (cached per size)."""
    side = max(2, math.isqrt(n_areas - 1) + 1)
    code = [[f"R{r}C{c}" for c in range(side)] for r in range(side)]
    kinds: dict[tuple[int, int], AreaKind] = {}
    for r in range(side):
        for c in range(side):
            if _is_sea(r, c):
                kinds[r, c] = AreaKind.SEA
            elif any(_is_sea(r + dr, c + dc) for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))):
                kinds[r, c] = AreaKind.COAST
            else:
                kinds[r, c] = AreaKind.LAND
    areas = {
        code[r][c]: Area(code[r][c], code[r][c], kind, supply_center=(r * side + c) % 3 == 0)
        for (r, c), kind in kinds.items()
    }
    edges: list[tuple[str, str, Crossing]] = []
    for r in range(side):
        for c in range(side):
            for r2, c2 in ((r + 1, c), (r, c + 1)):
                if r2 >= side or c2 >= side:
                    continue
                a, b = kinds[r, c], kinds[r2, c2]
                if AreaKind.SEA not in (a, b):
                    edges.append((code[r][c], code[r2][c2], Crossing.ARMY))
                if AreaKind.LAND not in (a, b):
                    edges.append((code[r][c], code[r2][c2], Crossing.FLEET))
    powers = {p: PowerInfo(p, p) for p in POWERS}
    return GameMap(f"grid-{side}x{side}", areas, build_graph(areas.values(), edges), powers=powers)


def random_position(game_map: GameMap, n_units: int, seed: int = 0) -> GameState:
    """A random movement phase with `n_units` units on `game_map` (`seed` decides)."""
    return board_orders.random_position(game_map, random.Random(seed), n_units)


def random_orders(state: GameState, game_map: GameMap, seed: int = 0) -> list[Order]:
    """One random order per unit of `state` (`seed` decides)."""
    return board_orders.random_movement_orders(state, game_map, random.Random(seed))


def time_resolve(
    state: GameState, orders: Sequence[Order], game_map: GameMap, repeats: int = 3
) -> float:
    """The best time (seconds) of `repeats` runs of `CLASSIC.resolve`, the garbage
    collector paused during each run."""
    best = math.inf
    for _ in range(repeats):
        enabled = gc.isenabled()
        gc.disable()
        try:
            start = time.perf_counter()
            CLASSIC.resolve(state, orders, game_map)
            best = min(best, time.perf_counter() - start)
        finally:
            if enabled:
                gc.enable()
    return best


@dataclass(frozen=True)
class Point:
    """One size measured."""

    units: int
    areas: int
    seconds: float

    @property
    def per_unit_us(self) -> float:
        return self.seconds / self.units * 1e6


def measure(size: int, repeats: int = 3, seed: int = 0) -> Point:
    """Time one size: a grid of at least `size` areas, `size` units, random orders."""
    game_map = grid_map(size)
    state = random_position(game_map, size, seed)
    orders = random_orders(state, game_map, seed)
    return Point(
        len(state.units), len(game_map.areas), time_resolve(state, orders, game_map, repeats)
    )


def _duration(seconds: float) -> str:
    return f"{seconds:.3g} s" if seconds >= 1 else f"{seconds * 1e3:.3g} ms"


def plot(points: Sequence[Point], path: Path, before: dict[int, float] | None = None) -> None:
    """The curve, log-log, with the linear slope through the smallest size for
    reference and the `before` figures (size -> seconds) if given; deterministic
    bytes (`renderers.figure`)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from renderers.figure import DPI, METADATA, RC

    with plt.rc_context(RC):
        fig, ax = plt.subplots(figsize=(6, 4), dpi=DPI)
        xs = [p.units for p in points]
        ys = [p.seconds for p in points]
        if before:
            sizes = sorted(before)
            ax.loglog(
                sizes, [before[n] for n in sizes], "s:", color="tab:red", label="before issue 12"
            )
        ax.loglog(xs, ys, "o-", color="tab:blue", label="CLASSIC.resolve (best of runs)")
        base = points[0]
        ax.loglog(
            xs, [base.seconds * x / base.units for x in xs], "--", color="grey", label="linear"
        )
        for p in points:
            ax.annotate(
                f"{_duration(p.seconds)}\n{p.per_unit_us:.3g} us/unit",
                (p.units, p.seconds),
                textcoords="offset points",
                xytext=(6, -18),
                fontsize=7,
            )
        ax.set_xlabel("units (one per area of a grid map, random orders)")
        ax.set_ylabel("seconds per movement phase")
        ax.set_title("classic: movement phase time against units")
        ax.grid(True, which="both", linewidth=0.3)
        ax.legend(loc="upper left", fontsize=8)
        fig.tight_layout()
        path.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(path, format="png", metadata=METADATA["png"])
        plt.close(fig)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--plot", type=Path, default=DEFAULT_PLOT)
    parser.add_argument("--no-plot", action="store_true")
    args = parser.parse_args(argv)
    points = []
    print(f"{'units':>8} {'areas':>8} {'ms':>10} {'us/unit':>8}")
    for size in args.sizes:
        point = measure(size, args.repeats, args.seed)
        points.append(point)
        print(
            f"{point.units:>8} {point.areas:>8} {point.seconds * 1e3:>10.2f}"
            f" {point.per_unit_us:>8.2f}",
            flush=True,
        )
    if not args.no_plot:
        plot(points, args.plot, BEFORE)
        print(f"curve: {args.plot}")


if __name__ == "__main__":
    main()
