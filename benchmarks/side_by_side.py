"""Every row of issue 12's speed table side by side, in one run: mapjudge, its peer
(the `diplomacy` package, 1.1.2) where there is one, the ratio and the goal.

    python benchmarks/side_by_side.py [--rounds 15] [--engine-rounds 200] [--json PATH]

Each row is measured over many rounds, and the rounds are interleaved: every
round runs every row once, in a rotating order, and within a row mapjudge and
the peer take turns going first; the figure is the median over the rounds.

- Whole processes (`mapjudge resolve`, `mapjudge adjudicate`, the peer script,
  the imports) are timed in CPU seconds (user + system) of the child process:
  `resource.getrusage(RUSAGE_CHILDREN)` read before and after `subprocess.run`.
- In-process timings (engines, parsing, rendering) are `time.perf_counter`
  with the garbage collector paused, as `timeit` does.

The table is printed and written as JSON (`benchmarks/results.json` unless
`--json`) with the machine (`platform`, CPU count, Python) and the versions of
mapjudge, diplomacy, lark and matplotlib, so runs can be compared. The goal
column is printed for reading; nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import datetime
import importlib.metadata
import itertools
import json
import os
import platform
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(BENCH))
sys.path.insert(0, str(REPO))

from classic_vs_diplomacy import Diplomacy, no_gc, orders_by_power
from floor import answers, output_floor

from adjudicator.kits.board.state import GameState, PhaseKind
from adjudicator.rulesets.classic import CLASSIC
from maps import load_map
from maps.model import GameMap
from orders.board.model import Order
from orders.board.parser import parse_orders
from tests.generators.board_orders import random_movement_orders, random_position

PYTHON = sys.executable
MAPJUDGE = str(Path(PYTHON).parent / "mapjudge")
CLASSIC_POSITION = REPO / "examples" / "classic-1901" / "turns" / "1901-spring-movement.yaml"
MACHIAVELLI_GAME = REPO / "examples" / "machiavelli-1454"
MACHIAVELLI_PHASE = "1454-spring-movement"
DEFAULT_JSON = BENCH / "results.json"


# --- clocks ---------------------------------------------------------------------------


def timed(action: Callable[[], Any]) -> float:
    """Seconds of `action()` by `time.perf_counter`, the garbage collector paused."""
    with no_gc():
        start = time.perf_counter()
        action()
        return time.perf_counter() - start


def child_cpu(command: Sequence[str], ok: Sequence[int] = (0,), cwd: Path | None = None) -> float:
    """CPU seconds (user + system) of one child process running `command`."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        command, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=cwd
    )
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode not in ok:
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}\n{done.stderr.decode()}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


# --- rows -----------------------------------------------------------------------------


@dataclass
class Row:
    """One line of the table: how to measure mapjudge (and the peer) once."""

    what: str
    unit: str  # "ms" or "s"
    goal: str
    ours: Callable[[int], float] | None
    peer: Callable[[int], float] | None = None
    peer_name: str = "n/a"
    rounds: int = 15
    kind: str = "speed-up"  # "speed-up": peer / ours >= target; "limit": ours <= target;
    # "resolves": met when it ran to the end
    target: float | None = None
    note: str = ""
    mine: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)

    def step(self, i: int) -> None:
        sides = [(self.ours, self.mine), (self.peer, self.theirs)]
        if i % 2:
            sides.reverse()
        for measure, into in sides:
            if measure is not None:
                into.append(measure(i))

    def result(self) -> dict[str, Any]:
        scale = 1000.0 if self.unit == "ms" else 1.0
        ours = statistics.median(self.mine) * scale if self.mine else None
        peer = statistics.median(self.theirs) * scale if self.theirs else None
        ratio = peer / ours if ours and peer else None
        met: bool | None = None
        if self.kind == "resolves":
            met = True if ours is not None else None
        elif self.target is not None and ours is not None:
            if self.kind == "limit":
                met = ours <= self.target
            elif ratio is not None:
                met = ratio >= self.target
        return {
            "what": self.what,
            "unit": self.unit,
            "mapjudge": ours,
            "peer": self.peer_name,
            "peer_value": peer,
            "ratio": ratio,
            "goal": self.goal,
            "met": met,
            "rounds": len(self.mine),
            "note": self.note,
        }


# --- cases ----------------------------------------------------------------------------


def order_file(orders: Sequence[Order]) -> str:
    """The orders as one file both commands read: `France:` headers, `A PAR - BUR` lines."""
    return "".join(
        f"{power.capitalize()}:\n" + "".join(f"{line}\n" for line in lines)
        for power, lines in orders_by_power(orders).items()
    )


@dataclass
class Engines:
    """The classic map, the opening, and random order sets on it and on busy positions."""

    game_map: GameMap
    opening: GameState
    diplomacy: Diplomacy
    opening_orders: list[tuple[Order, ...]]
    busy: list[tuple[GameState, tuple[Order, ...]]]
    floors: list[Callable[[], Any]] = field(default_factory=list)
    busy_floors: list[Callable[[], Any]] = field(default_factory=list)

    @classmethod
    def make(cls, count: int) -> Engines:
        game_map = load_map("classic")
        opening = CLASSIC.initial_state(game_map)
        opening_orders = [
            tuple(random_movement_orders(opening, game_map, random.Random(seed)))
            for seed in range(count)
        ]
        busy = []
        for seed in range(count):
            rng = random.Random(10_000 + seed)
            state = random_position(game_map, rng, 30)
            busy.append((state, tuple(random_movement_orders(state, game_map, rng))))
        floors = [output_floor(opening, answers(opening, o, game_map)) for o in opening_orders]
        busy_floors = [output_floor(s, answers(s, o, game_map)) for s, o in busy]
        return cls(game_map, opening, Diplomacy(opening), opening_orders, busy, floors, busy_floors)

    def resolve(self, state: GameState, orders: tuple[Order, ...]) -> float:
        return timed(lambda: CLASSIC.resolve(state, orders, self.game_map))

    def process(self, state: GameState, orders: tuple[Order, ...]) -> float:
        game = self.diplomacy.new_game(state)
        for power, lines in orders_by_power(orders).items():
            game.set_orders(power, lines)
        return timed(game.process)

    def parse_check(self, orders: tuple[Order, ...]) -> float:
        texts = orders_by_power(orders)

        def run() -> None:
            read: list[Order] = []
            for power, lines in texts.items():
                parsed = parse_orders(
                    "\n".join(lines),
                    game_map=self.game_map,
                    phase_kind=PhaseKind.MOVEMENT,
                    power=power.lower(),
                )
                read.extend(parsed.orders)
            CLASSIC.check(self.opening, read, self.game_map)

        return timed(run)

    def set_orders(self, orders: tuple[Order, ...]) -> float:
        game = self.diplomacy.new_game(self.opening)
        texts = orders_by_power(orders)

        def run() -> None:
            for power, lines in texts.items():
                game.set_orders(power, lines)

        return timed(run)


def process_rows(work: Path, rounds: int, engines: Engines) -> list[Row]:
    """Whole processes: `mapjudge resolve` and its peer, Machiavelli's adjudicate, imports."""
    orders = work / "orders.txt"
    orders.write_text(order_file(engines.opening_orders[0]), encoding="utf-8")
    resolve = [MAPJUDGE, "resolve", "--ruleset", "classic", "--position", str(CLASSIC_POSITION)]
    resolve += ["--orders", str(orders), "--format", "json"]
    peer = [PYTHON, str(BENCH / "peer_resolve.py"), str(CLASSIC_POSITION), str(orders)]

    def adjudicate(i: int) -> float:
        game = work / f"machiavelli-{i}"
        shutil.copytree(MACHIAVELLI_GAME, game)
        mail = sorted(str(p) for p in (game / "orders" / MACHIAVELLI_PHASE).glob("*.txt"))
        seconds = child_cpu([MAPJUDGE, "adjudicate", str(game), *mail], ok=(0, 1))
        if not list((game / "turns").glob("*.png")):
            raise SystemExit("mapjudge adjudicate drew no PNG map")
        shutil.rmtree(game)
        return seconds

    bare: list[float] = []

    def imported(module: str) -> Callable[[int], float]:
        def measure(i: int) -> float:
            if len(bare) <= i:
                bare.append(child_cpu([PYTHON, "-c", "pass"]))
            return max(0.0, child_cpu([PYTHON, "-c", f"import {module}"]) - bare[i])

        return measure

    return [
        Row(
            "whole process: `mapjudge resolve --ruleset classic ... --format json` (CPU)",
            "s",
            "at most the peer's time",
            lambda i: child_cpu(resolve, ok=(0, 1), cwd=work),
            lambda i: child_cpu(peer, cwd=work),
            "peer script (benchmarks/peer_resolve.py)",
            rounds,
            target=1.0,
        ),
        Row(
            "Machiavelli `adjudicate` with state, reports and PNG, whole process (CPU)",
            "s",
            "<= 0.6 s",
            adjudicate,
            rounds=rounds,
            kind="limit",
            target=0.6,
        ),
        Row(
            "`import` of the CLI (process CPU minus bare Python)",
            "s",
            "<= the peer's",
            imported("adjudicator.app.cli"),
            imported("diplomacy"),
            "`import diplomacy` (minus bare Python)",
            rounds,
            target=1.0,
        ),
    ]


def engine_rows(engines: Engines, rounds: int) -> list[Row]:
    opening = engines.opening
    count = len(engines.opening_orders)
    return [
        Row(
            "engine only: S1901 resolve (`CLASSIC.resolve` vs `Game.process()`)",
            "ms",
            ">= 8x faster",
            lambda i: engines.resolve(opening, engines.opening_orders[i % count]),
            lambda i: engines.process(opening, engines.opening_orders[i % count]),
            "diplomacy process()",
            rounds,
            target=8.0,
        ),
        Row(
            "floor of that row: building S1901's answer alone (`benchmarks/floor.py`)",
            "ms",
            "the best ratio an engine with this output could show",
            lambda i: timed(engines.floors[i % count]),
            lambda i: engines.process(opening, engines.opening_orders[i % count]),
            "diplomacy process()",
            rounds,
        ),
        Row(
            "engine only: busy mid-game phase, 30 units",
            "ms",
            ">= 8x faster",
            lambda i: engines.resolve(*engines.busy[i % count]),
            lambda i: engines.process(*engines.busy[i % count]),
            "diplomacy process()",
            rounds,
            target=8.0,
        ),
        Row(
            "floor of that row: building the busy phase's answer alone",
            "ms",
            "the best ratio an engine with this output could show",
            lambda i: timed(engines.busy_floors[i % count]),
            lambda i: engines.process(*engines.busy[i % count]),
            "diplomacy process()",
            rounds,
        ),
        Row(
            "parse + validate 22 orders (`parse_orders` + `CLASSIC.check` vs `set_orders`)",
            "ms",
            ">= 2x faster",
            lambda i: engines.parse_check(engines.opening_orders[i % count]),
            lambda i: engines.set_orders(engines.opening_orders[i % count]),
            "diplomacy set_orders",
            rounds,
            target=2.0,
        ),
    ]


def render_rows(engines: Engines, rounds: int) -> list[Row]:
    """Warm renders: Machiavelli's busy turn as PNG; classic S1901 with orders as SVG."""
    from diplomacy.engine.renderer import Renderer
    from render import busy_turn

    from maps.geometry import load_geometry
    from renderers.board.map_image import render_map
    from tests.rulesets import board_rendering, board_rules

    machiavelli = board_rules("machiavelli")
    m_map = load_map(machiavelli.map_name)
    m_geometry = load_geometry(machiavelli.map_name)
    busy = busy_turn("machiavelli")
    m_rendering = board_rendering("machiavelli")

    c_geometry = load_geometry("classic")
    c_rendering = board_rendering("classic")
    orders = engines.opening_orders[0]
    resolution = CLASSIC.resolve(engines.opening, orders, engines.game_map)
    peer_game = engines.diplomacy.new_game(engines.opening)
    for power, lines in orders_by_power(orders).items():
        peer_game.set_orders(power, lines)

    def png(i: int) -> float:
        return timed(
            lambda: render_map(
                m_map, m_geometry, busy.state, busy.results, fmt="png", rendering=m_rendering
            )
        )

    def svg(i: int) -> float:
        return timed(
            lambda: render_map(
                engines.game_map,
                c_geometry,
                resolution.state,
                resolution.results,
                fmt="svg",
                rendering=c_rendering,
            )
        )

    def peer_svg(i: int) -> float:
        return timed(lambda: Renderer(peer_game).render(incl_orders=True))

    for warm in (png, svg, peer_svg):
        warm(0)
    return [
        Row(
            "warm render: Machiavelli PNG (busy turn, orders drawn)",
            "ms",
            "PNG <= 120 ms",
            png,
            rounds=rounds,
            kind="limit",
            target=120.0,
        ),
        Row(
            "warm render: classic SVG (S1901, 22 orders drawn)",
            "ms",
            "within 3x of the peer",
            svg,
            peer_svg,
            "diplomacy Renderer SVG",
            rounds,
            target=1 / 3,
        ),
    ]


def scaling_rows(rounds: int) -> list[Row]:
    """The synthetic grid map's rows, from `benchmarks/scaling.py` when it is there:
    `grid_map`, `random_position` and `random_orders` for the big board, and
    `chain_of_moves(n) -> (game_map, state, orders)` for the chain."""
    what_big = "10,000 units on a 10,000-area map, random orders"
    what_chain = "a chain of 10,000 moves"
    missing = "skipped: see benchmarks/scaling.py ({} not there yet)"
    try:
        import scaling
    except ImportError:
        note = missing.format("the file is")
        return [
            Row(what_big, "s", "<= 0.15 s", None, note=note, kind="limit", target=0.15),
            Row(what_chain, "s", "resolves", None, note=note, kind="resolves"),
        ]
    rows = []
    if all(hasattr(scaling, f) for f in ("grid_map", "random_position", "random_orders")):
        game_map = scaling.grid_map(10_000)
        state = scaling.random_position(game_map, 10_000, 0)
        orders = tuple(scaling.random_orders(state, game_map, 0))
        CLASSIC.resolve(state, orders, game_map)  # warm: the map's lazy caches
        big = Row(
            what_big,
            "s",
            "<= 0.15 s",
            lambda i: timed(lambda: CLASSIC.resolve(state, orders, game_map)),
            rounds=rounds,
            kind="limit",
            target=0.15,
            note=f"{len(game_map.areas)} areas, {len(state.units)} units",
        )
    else:
        big = Row(what_big, "s", "<= 0.15 s", None, note=missing.format("grid_map"))
    rows.append(big)
    chain_of_moves = getattr(scaling, "chain_of_moves", line_chain)
    c_map, c_state, c_orders = chain_of_moves(10_000)
    resolution = CLASSIC.resolve(c_state, tuple(c_orders), c_map)
    moved = sum(1 for r in resolution.results if r.outcome.value == "succeeds")
    source = "scaling.chain_of_moves" if chain_of_moves is not line_chain else "a line map here"
    rows.append(
        Row(
            what_chain,
            "s",
            "resolves",
            lambda i: timed(lambda: CLASSIC.resolve(c_state, tuple(c_orders), c_map)),
            rounds=max(3, rounds // 3),
            kind="resolves",
            note=f"{moved} of {len(c_orders)} moves succeed; chain from {source}",
        )
    )
    return rows


def line_chain(links: int) -> tuple[GameMap, GameState, list[Order]]:
    """A chain of `links` armies on a line map L0 - L1 - ... - L{links}, each moving
    into the next one's area, the head into an empty area (as in
    `tests/test_long_chains.py`), for when `benchmarks/scaling.py` has none."""
    from adjudicator.core.phase import Phase
    from adjudicator.kits.board.state import Unit
    from maps.model import Area, AreaKind, Crossing, PowerInfo, build_graph
    from orders.board.model import Move, UnitKind, UnitRef

    names = [f"L{i}" for i in range(links + 1)]
    areas = {name: Area(name, name, AreaKind.LAND) for name in names}
    edges = [(a, b, Crossing.ARMY) for a, b in itertools.pairwise(names)]
    powers = {p: PowerInfo(p, p) for p in ("AUS", "FRA")}
    game_map = GameMap("line", areas, build_graph(areas.values(), edges), powers=powers)
    units = [Unit(("AUS", "FRA")[i % 2], UnitKind.ARMY, names[i]) for i in range(links)]
    orders: list[Order] = [
        Move(u.power, UnitRef(u.kind, u.location), names[i + 1]) for i, u in enumerate(units)
    ]
    state = GameState(Phase.parse("1901-spring-movement"), tuple(sorted(units)))
    return game_map, state, orders


# --- the run --------------------------------------------------------------------------


def run(rows: Sequence[Row]) -> None:
    """Every row once a round, rotating which row goes first, until each has its rounds."""
    most = max((row.rounds for row in rows if row.ours), default=0)
    for i in range(most):
        start = i % len(rows)
        for row in [*rows[start:], *rows[:start]]:
            if row.ours is not None and i < row.rounds:
                row.step(i)


def versions() -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for name in ("mapjudge", "diplomacy", "lark", "matplotlib"):
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            found[name] = None
    return found


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "processor": platform.processor(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def _figure(value: float | None, unit: str) -> str:
    if value is None:
        return "-"
    if unit == "ms":
        return f"{value:.3f} ms" if value < 10 else f"{value:.1f} ms"
    return f"{value:.3f} s"


def table(results: Sequence[dict[str, Any]]) -> str:
    lines = [
        "| what | mapjudge | peer | peer's figure | ratio (peer / mapjudge) | goal | met |",
        "| --- | ---: | --- | ---: | ---: | --- | --- |",
    ]
    for r in results:
        ratio = f"{r['ratio']:.2f}x" if r["ratio"] else "-"
        met = {True: "yes", False: "no", None: "-"}[r["met"]]
        ours = _figure(r["mapjudge"], r["unit"]) if r["mapjudge"] is not None else r["note"]
        what = (
            f"{r['what']} ({r['note']})" if r["note"] and r["mapjudge"] is not None else r["what"]
        )
        lines.append(
            f"| {what} | {ours} | {r['peer']} | {_figure(r['peer_value'], r['unit'])} "
            f"| {ratio} | {r['goal']} | {met} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)
    engines = Engines.make(args.engine_rounds)
    with tempfile.TemporaryDirectory(prefix="mapjudge-bench-") as scratch:
        work = Path(scratch)
        rows = [
            *process_rows(work, args.rounds, engines),
            *engine_rows(engines, args.engine_rounds),
            *render_rows(engines, args.rounds),
            *scaling_rows(args.rounds),
        ]
        # warm-up: one untimed step of each in-process row (lazy caches, imports)
        for row in rows:
            if row.ours is not None and row.unit == "ms":
                row.step(0)
                row.mine.clear()
                row.theirs.clear()
        run(rows)
    results = [row.result() for row in rows]
    report = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "versions": versions(),
        "rounds": {"process": args.rounds, "engine": args.engine_rounds},
        "rows": results,
    }
    m = report["machine"]
    print(
        f"{m['platform']}, {m['cpu_count']} CPUs, Python {m['python']}; "
        + ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    )
    print(f"medians over {args.rounds} rounds (processes, renders), {args.engine_rounds} (engines)")
    print()
    print(table(results))
    Path(args.json).write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(f"\nwritten: {args.json}")
    return 0


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=15, help="rounds of the process rows")
    parser.add_argument("--engine-rounds", type=int, default=200, help="rounds of engine rows")
    parser.add_argument("--json", default=str(DEFAULT_JSON), help="where the JSON goes")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
