"""Time the turn maps side by side with an earlier commit of mapjudge itself, as
a ratio (issue 20: "render times re-measured: no slower than today").

Usage:
    .venv/bin/python benchmarks/render.py [--repeats N] [--rounds R] [--against REV]
    make bench-render

The peer is the same project at `REV` (default `BEFORE`, the last commit before
issue 20's map work), unpacked with `git archive` into a temporary folder and run
by the same Python. Each round runs one worker process per tree, the order
alternating between rounds; a worker imports the renderer of its tree, draws
every case once (its first drawing, the process's caches of label outlines,
label spots, border and hatch paths still empty for that map), then `N` more
times, and reports the first time and the best time per case. The table gives, per case, the best over the
rounds for both trees and the ratio now / before (below 1.00: faster now).

The cases: the Machiavelli balance start and a busy mid-game turn, classic's
start and a busy turn (the fourth phase of a game played with the deterministic
random orders of `tests.generators.board_orders`, seed 7, drawn with its orders
and results), the genes example's turn 3 board, the Orbis example's last year
(its game's own `Session.draw`) and `benchmarks/cawa.py`'s 40-player CaWa
campaign after its movement with its arrows, each as PNG and SVG.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BEFORE = "754aed4"
"""The last commit before issue 20's map work: the maps as they were "today"."""
PHASES = 4


def cases(root: Path) -> dict[str, Callable[[], bytes | None]]:
    """Every case's drawing, from the modules of the tree at `root`."""
    import functools
    import random

    from adjudicator.kits.board.state import PhaseKind
    from adjudicator.rulesets.genes.codec import state_from_dict
    from maps import load_map
    from maps.genes.region import load_region
    from maps.geometry import load_geometry
    from maps.safe_yaml import read_yaml_file
    from renderers.board.map_image import render_map
    from renderers.genes.map import render_genes_map
    from tests.generators.board_orders import (
        random_adjustment_orders,
        random_movement_orders,
        random_retreat_orders,
    )
    from tests.rulesets import board_rendering, board_rules

    def busy_turn(ruleset: Any, game_map: Any) -> Any:
        state = ruleset.initial_state(game_map)
        rng = random.Random(7)
        make_orders = {
            PhaseKind.MOVEMENT: random_movement_orders,
            PhaseKind.RETREAT: random_retreat_orders,
        }
        resolution = None
        for _ in range(PHASES):
            orders = make_orders.get(state.phase.kind, random_adjustment_orders)
            resolution = ruleset.resolve(state, orders(state, game_map, rng), game_map)
            state = resolution.state
        return resolution

    made: dict[str, Callable[[], bytes | None]] = {}
    for name in ("machiavelli", "classic"):
        ruleset = board_rules(name)
        game_map, geometry = load_map(ruleset.map_name), load_geometry(ruleset.map_name)
        busy = busy_turn(ruleset, game_map)
        positions = {
            "start": (ruleset.initial_state(game_map), ()),
            "busy turn": (busy.state, busy.results),
        }
        for label, (state, results) in positions.items():
            for fmt in ("png", "svg"):
                made[f"{name} {label} {fmt}"] = functools.partial(
                    render_map,
                    game_map,
                    geometry,
                    state,
                    results,
                    fmt=fmt,
                    rendering=board_rendering(name),
                )
    region = load_region("peninsula")
    genes_turn = root / "examples/genes-3-players/played/3-actions.yaml"
    genes_state = state_from_dict(read_yaml_file(genes_turn))
    for fmt in ("png", "svg"):
        made[f"genes turn 3 {fmt}"] = functools.partial(render_genes_map, region, genes_state, fmt)
    made |= orbis_cases(root) | cawa_cases(root)
    return made


def orbis_cases(root: Path) -> dict[str, Callable[[], bytes | None]]:
    """The Orbis example's last year (508), drawn by its game's session."""
    import functools
    import shutil
    import tempfile

    from adjudicator.app.game import open_game
    from maps.safe_yaml import read_yaml_file

    example = root / "examples/orbis-europa-500"
    folder = Path(tempfile.mkdtemp(prefix="bench-orbis-")) / "game"
    shutil.copytree(example, folder)
    session = open_game(folder).session
    state_data = read_yaml_file(example / "played/508-medidas.yaml")
    return {
        f"orbis 508 {fmt}": functools.partial(session.draw, state_data, lambda: None, fmt)
        for fmt in ("png", "svg")
    }


def cawa_cases(root: Path) -> dict[str, Callable[[], bytes | None]]:
    """`benchmarks/cawa.py`'s 40-player campaign after its movement, with its arrows."""
    import functools
    import importlib.util

    from adjudicator.core.dice import Dice
    from adjudicator.rulesets.cawa.options import CawaOptions
    from adjudicator.rulesets.cawa.turn import resolve_phase
    from renderers.cawa.map import render_cawa_map
    from renderers.cawa.moves import arrows_of

    spec = importlib.util.spec_from_file_location("cawa_bench", root / "benchmarks/cawa.py")
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = bench  # its dataclasses look their module up
    spec.loader.exec_module(bench)
    game = bench.campaign()
    dice = Dice("secret", "bench", game.state.phase.id)
    options = CawaOptions(start_hexes=5)
    resolution = resolve_phase(game.state, list(game.lines), game.game_map, options, dice)
    arrows = arrows_of(resolution)
    return {
        f"cawa 40 players {fmt}": functools.partial(
            render_cawa_map,
            game.game_map,
            resolution.state,
            fmt,
            title="CaWa benchmark, 40 kingdoms",
            arrows=arrows,
        )
        for fmt in ("png", "svg")
    }


def work(root: Path, repeats: int) -> None:
    """The worker: per case, the first drawing's seconds (`first <case>`: the
    process's caches still empty, as for one `mapjudge adjudicate`) and the
    best of the next `repeats` (as in `adjudicate-all`), as JSON on stdout."""
    sys.path.insert(0, str(root))
    best: dict[str, float] = {}
    made = cases(root)
    drawn_from = Path(sys.modules["renderers"].__file__ or "").resolve()
    if not drawn_from.is_relative_to(root.resolve()):
        sys.exit(f"the worker for {root} imported its renderers from {drawn_from}")
    for label, make in made.items():
        start = time.perf_counter()
        make()
        best[f"first {label}"] = time.perf_counter() - start
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            make()
            times.append(time.perf_counter() - start)
        best[label] = min(times)
    json.dump(best, sys.stdout)


def unpack(rev: str, into: Path) -> Path:
    """The tree of commit `rev`, unpacked into `into`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", rev],
        capture_output=True,
        check=False,
    )
    if archive.returncode:
        message = archive.stderr.decode(errors="replace").strip()
        sys.exit(f"benchmarks/render.py: cannot unpack {rev} ({message}); a full clone is needed")
    tar_path = into / "tree.tar"
    tar_path.write_bytes(archive.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into / "tree", filter="data")
    return into / "tree"


def run_worker(root: Path, repeats: int) -> dict[str, float]:
    env = {**os.environ, "PYTHONHASHSEED": "0", "MAPJUDGE_LANG": "en"}
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", str(root)]
    done = subprocess.run(
        [*command, "--repeats", str(repeats)],
        capture_output=True,
        text=True,
        check=True,
        env=env,
        cwd=root,
    )
    times: dict[str, float] = json.loads(done.stdout)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeats", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--against", default=BEFORE)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        work(args.worker, args.repeats)
        return
    with tempfile.TemporaryDirectory(prefix="bench-render-") as folder:
        before_root = unpack(args.against, Path(folder))
        trees = {"now": ROOT, "before": before_root}
        rounds: dict[str, list[dict[str, float]]] = {"now": [], "before": []}
        for k in range(args.rounds):
            for name in ("now", "before") if k % 2 == 0 else ("before", "now"):
                rounds[name].append(run_worker(trees[name], args.repeats))
    report(args.against, rounds)


def report(rev: str, rounds: dict[str, list[dict[str, float]]]) -> None:
    """Per case: the first drawing and the best drawing, before and now (the
    best over the rounds), and the ratios now / before."""
    labels = [
        k for k in rounds["now"][0] if not k.startswith("first ") and k in rounds["before"][0]
    ]
    print(f"best of {len(rounds['now'])} rounds; before = {rev}; times in ms")
    print(
        f"{'case':<26} {'first: before':>13} {'now':>6} {'ratio':>6}   {'warm: before':>12} {'now':>6} {'ratio':>6}"
    )
    warm_ratios: list[float] = []
    first_ratios: list[float] = []
    for label in labels:
        cells = []
        for key, ratios in ((f"first {label}", first_ratios), (label, warm_ratios)):
            now = min(r[key] for r in rounds["now"])
            before = min(r[key] for r in rounds["before"])
            ratios.append(now / before)
            cells.append(f"{before * 1000:13.1f} {now * 1000:6.1f} {now / before:5.2f}x")
        print(f"{label:<26} {cells[0]}   {cells[1]}")
    first_mean = statistics.geometric_mean(first_ratios)
    warm_mean = statistics.geometric_mean(warm_ratios)
    print(
        f"{'geometric mean':<26} {'':>13} {'':>6} {first_mean:5.2f}x   {'':>12} {'':>6} {warm_mean:5.2f}x"
    )


if __name__ == "__main__":
    main()
