"""Time the turn maps: the Machiavelli balance start and a busy mid-game turn,
classic's start and a busy turn, and the genes example's turn 3 board, as PNG and
SVG (aims, issue 12: a Machiavelli PNG in 120 ms, a classic SVG in about 40 ms).

Usage: .venv/bin/python benchmarks/render.py [REPEATS]

The mid-game turn is the fourth phase of a balance game played with the
deterministic random orders of `tests.generators.board_orders` (seed 7), drawn with
its orders and results. Prints the import time once, then the best and mean
time per image (wall clock, after one warm-up drawing).
"""

from __future__ import annotations

import functools
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the test generators
started = time.perf_counter()
from adjudicator.kits.board.results import Resolution
from adjudicator.kits.board.state import PhaseKind
from adjudicator.rulesets.genes.codec import state_from_dict
from maps import load_map
from maps.genes.region import load_region
from maps.geometry import load_geometry
from maps.safe_yaml import read_yaml_file
from renderers.board.map_image import render_map
from renderers.figure import Format
from renderers.genes.map import render_genes_map
from tests.generators.board_orders import (
    random_adjustment_orders,
    random_movement_orders,
    random_retreat_orders,
)
from tests.rulesets import board_rendering, board_rules

IMPORT_SECONDS = time.perf_counter() - started
PHASES = 4
GENES_TURN = (
    Path(__file__).resolve().parent.parent / "examples/genes-3-players/played/3-actions.yaml"
)


def busy_turn(ruleset_name: str, seed: int = 7) -> Resolution[Any]:
    """A few phases of random orders from the ruleset's default scenario."""
    ruleset = board_rules(ruleset_name)
    game_map = load_map(ruleset.map_name)
    state = ruleset.initial_state(game_map)
    rng = random.Random(seed)
    resolution = None
    for _ in range(PHASES):
        kind = state.phase.kind
        if kind == PhaseKind.MOVEMENT:
            orders = random_movement_orders(state, game_map, rng)
        elif kind == PhaseKind.RETREAT:
            orders = random_retreat_orders(state, game_map, rng)
        else:
            orders = random_adjustment_orders(state, game_map, rng)
        resolution = ruleset.resolve(state, orders, game_map)
        state = resolution.state
    assert resolution is not None
    return resolution


def timed(make: Callable[[], bytes], repeats: int) -> tuple[float, float, int]:
    make()  # warm: the font and label caches
    times, size = [], 0
    for _ in range(repeats):
        start = time.perf_counter()
        size = len(make())
        times.append(time.perf_counter() - start)
    return min(times), statistics.mean(times), size


def main(repeats: int) -> None:
    print(f"import (engine + matplotlib + shapely): {IMPORT_SECONDS:.2f} s")
    cases = []
    for name in ("machiavelli", "classic"):
        ruleset = board_rules(name)
        game_map, geometry = load_map(ruleset.map_name), load_geometry(ruleset.map_name)
        start_state = ruleset.initial_state(game_map)
        busy = busy_turn(name)
        rendering = board_rendering(name)
        cases.append((f"{name} start", game_map, geometry, start_state, (), rendering))
        busy_case = (game_map, geometry, busy.state, busy.results, rendering)
        cases.append((f"{name} busy turn", *busy_case))
    for label, game_map, geometry, state, results, rendering in cases:
        for fmt in ("png", "svg"):
            image_format: Format = "png" if fmt == "png" else "svg"

            make = functools.partial(
                render_map,
                game_map,
                geometry,
                state,
                results,
                fmt=image_format,
                rendering=rendering,
            )
            best, mean, size = timed(make, repeats)
            print(
                f"{label:<26} {fmt}: best {best * 1000:4.0f} ms, mean {mean * 1000:4.0f} ms, "
                f"{size // 1024} KiB, {len(results)} orders drawn"
            )
    region = load_region("peninsula")
    genes_state = state_from_dict(read_yaml_file(GENES_TURN))
    for fmt in ("png", "svg"):
        make = functools.partial(render_genes_map, region, genes_state, fmt)
        best, mean, size = timed(make, repeats)
        print(
            f"{'genes example turn 3':<26} {fmt}: best {best * 1000:4.0f} ms, "
            f"mean {mean * 1000:4.0f} ms, {size // 1024} KiB"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5)
