"""mapjudge's `classic` against the `diplomacy` package (1.1.2) on random Spring 1901 phases.

    python benchmarks/classic_vs_diplomacy.py [--phases 200] [--seed 0] [--warmup 20]

N random order sets for the standard opening (`tests.generators.board_orders.random_movement_orders`
on the initial state, seeds `seed .. seed+N-1`) are adjudicated by both engines in
one process, alternating which engine goes first, after a warm-up. What is timed
(`time.perf_counter`, garbage collector paused, as `timeit` does):

- mapjudge resolve: `ruleset.resolve(state, orders, game_map)`, the whole phase:
  matching orders to units, checking them, the resolver, results and next state.
- mapjudge parse+resolve: the same, after `orders.board.parser.parse_orders` reads each
  power's orders from the text handed to `diplomacy` (only if the parser exists).
- diplomacy: `game.set_orders(POWER, [...])` for every power, then `game.process()`.
  `Game()` is built before the clock starts (its cost is printed apart).

Both engines' boards after the phase (units, and dislodged units that have a
retreat) are compared and the disagreements counted; `--positions random` runs
the same on random positions of 10 to 34 units (convoys, dislodgements), a wider
cross-check. No assertion is made on time anywhere.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from adjudicator.kits.board.state import GameState, PhaseKind
from adjudicator.rulesets.classic import CLASSIC
from maps import load_map
from maps.model import GameMap
from orders.board.model import Order
from renderers.board.report import format_order
from tests.generators.board_orders import random_movement_orders, random_position

Board = frozenset[str]
"""A board after the phase: `POWER A LOC` per unit, `POWER *A LOC` per dislodged unit."""


# --- order text -----------------------------------------------------------------------


def order_text(order: Order) -> str:
    """An order as `diplomacy` writes it: mapjudge's canonical text
    (`renderers.board.report.format_order`) in capitals, with `VIA` for a convoy.
    The random orders always name the unit's kind and never another owner."""
    return format_order(order).upper().replace(" VIA CONVOY", " VIA")


def orders_by_power(orders: Sequence[Order]) -> dict[str, list[str]]:
    """`{"FRANCE": ["A PAR - BUR", ...], ...}` in the order given."""
    texts: dict[str, list[str]] = {}
    for order in orders:
        texts.setdefault(order.power.upper(), []).append(order_text(order))
    return texts


# --- the two engines ------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """One phase to adjudicate: the board, the typed orders and the same orders as text."""

    seed: int
    state: GameState
    orders: tuple[Order, ...]
    texts: dict[str, list[str]]


@dataclass(frozen=True)
class Run:
    seconds: float
    board: Board


class Engine(Protocol):
    name: str

    def run(self, case: Case) -> Run: ...


@contextmanager
def no_gc() -> Iterator[None]:
    """The garbage collector paused while timing (shared with side_by_side.py)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _timed(action: Callable[[], Any]) -> tuple[float, Any]:
    with no_gc():
        start = time.perf_counter()
        value = action()
        return time.perf_counter() - start, value


def mapjudge_board(state: GameState, game_map: GameMap) -> Board:
    """The board after a movement phase. A dislodged unit with no retreat is left out:
    `diplomacy` disbands it at once, mapjudge in the retreat phase."""
    units = {f"{u.power.upper()} {u.kind.value} {u.location.upper()}" for u in state.units}
    dislodged = {
        f"{d.unit.power.upper()} *{d.unit.kind.value} {d.unit.location.upper()}"
        for d in state.dislodged
        if d.retreats
    }
    return frozenset(units | dislodged)


class MapjudgeResolve:
    """`ruleset.resolve` on the typed orders."""

    name = "mapjudge resolve"

    def __init__(self, game_map: GameMap) -> None:
        self.map = game_map
        self.ruleset = CLASSIC

    def run(self, case: Case) -> Run:
        seconds, resolution = _timed(
            lambda: self.ruleset.resolve(case.state, case.orders, self.map)
        )
        return Run(seconds, mapjudge_board(resolution.state, self.map))


class MapjudgeParseResolve(MapjudgeResolve):
    """`orders.board.parser.parse_orders` on each power's text, then `ruleset.resolve`."""

    name = "mapjudge parse+resolve"

    def __init__(self, game_map: GameMap, parse: Callable[..., Any]) -> None:
        super().__init__(game_map)
        self.parse = parse

    def parsed(self, case: Case) -> list[Order]:
        orders: list[Order] = []
        for power, lines in case.texts.items():
            read = self.parse(
                "\n".join(lines),
                game_map=self.map,
                phase_kind=PhaseKind.MOVEMENT,
                power=power.lower(),
            )
            orders.extend(read.orders)
        return orders

    def run(self, case: Case) -> Run:
        seconds, resolution = _timed(
            lambda: self.ruleset.resolve(case.state, self.parsed(case), self.map)
        )
        return Run(seconds, mapjudge_board(resolution.state, self.map))


def diplomacy_board(game: Any) -> Board:
    """The board after a movement phase. `diplomacy` marks a dislodged unit with a
    leading `*` in `get_units`; one with no retreat is left out (`diplomacy` disbands
    most of them at once, but lists some, with only a disband order possible)."""
    board = set()
    possible: dict[str, list[str]] | None = None
    for power, units in game.get_units().items():
        for unit in units:
            if not unit.startswith("*"):
                board.add(f"{power} {unit}")
                continue
            possible = possible or game.get_all_possible_orders()
            if any(" R " in order for order in possible.get(unit[3:], ())):
                board.add(f"{power} {unit}")
    return frozenset(board)


class Diplomacy:
    """`diplomacy.Game`: `set_orders` for every power, then `process`; `Game()` untimed."""

    name = "diplomacy"

    def __init__(self, opening: GameState) -> None:
        try:
            from diplomacy import Game
        except ImportError:
            raise SystemExit("diplomacy is not installed: pip install -e '.[bench]'") from None

        self.game_type = Game
        self.opening = opening
        self.construction: list[float] = []

    def new_game(self, state: GameState) -> Any:
        """A `Game` at the standard opening, or set up to `state` (for `--positions random`)."""
        game = self.game_type()
        if state == self.opening:
            return game
        game.clear_units()
        game.clear_centers()
        for power in sorted(game.powers):
            game.set_units(
                power,
                [f"{u.kind.value} {u.location.upper()}" for u in state.units_of(power.lower())],
            )
            game.set_centers(power, list(state.centers_of(power.lower())))
        season = str(state.phase.season)  # a plain str since seasons left the core
        game.set_current_phase(f"{season[0].upper()}{state.phase.year}M")
        return game

    def run(self, case: Case) -> Run:
        built, game = _timed(lambda: self.new_game(case.state))
        self.construction.append(built)

        def phase() -> None:
            for power, lines in case.texts.items():
                game.set_orders(power, lines)
            game.process()

        seconds, _ = _timed(phase)
        return Run(seconds, diplomacy_board(game))

    def rejected(self, case: Case) -> list[str]:
        """Orders `diplomacy` drops as invalid (checked apart, untimed)."""
        game = self.new_game(case.state)
        dropped: list[str] = []
        for power, lines in case.texts.items():
            game.set_orders(power, lines)
            kept = set(game.get_orders(power))
            dropped.extend(f"{power} {line}" for line in lines if line not in kept)
        return dropped


# --- the run --------------------------------------------------------------------------


def make_cases(game_map: GameMap, opening: GameState | None, seeds: range) -> list[Case]:
    """A case per seed: random orders on `opening`, or on a random position of
    10 to 34 units when `opening` is None."""
    cases = []
    for seed in seeds:
        rng = random.Random(seed)
        state = opening or random_position(game_map, rng, rng.randint(10, 34))
        orders = tuple(random_movement_orders(state, game_map, rng))
        cases.append(Case(seed, state, orders, orders_by_power(orders)))
    return cases


def run_all(engines: Sequence[Engine], cases: Sequence[Case]) -> dict[str, list[Run]]:
    """Every case on every engine, rotating which engine goes first."""
    runs: dict[str, list[Run]] = {e.name: [] for e in engines}
    for i, case in enumerate(cases):
        for k in range(len(engines)):
            engine = engines[(i + k) % len(engines)]
            runs[engine.name].append(engine.run(case))
    return runs


def _parser() -> Callable[..., Any] | None:
    try:
        from orders.board.parser import parse_orders
    except ImportError:
        return None
    return parse_orders


def _ms(values: Sequence[float]) -> str:
    return f"{1000 * statistics.mean(values):8.3f} {1000 * statistics.median(values):8.3f}"


def report_times(runs: dict[str, list[Run]], diplomacy: Diplomacy) -> None:
    print(f"\n{'engine':<24} {'mean ms':>8} {'median':>8}  (per phase)")
    for name, results in runs.items():
        print(f"{name:<24} {_ms([r.seconds for r in results])}")
    print(f"{'(diplomacy Game() set-up)':<24} {_ms(diplomacy.construction)}  untimed above")
    theirs = [r.seconds for r in runs[diplomacy.name]]
    for name, results in runs.items():
        if name == diplomacy.name:
            continue
        ours = [r.seconds for r in results]
        mean = statistics.mean(theirs) / statistics.mean(ours)
        median = statistics.median(theirs) / statistics.median(ours)
        print(f"ratio diplomacy / {name}: mean {mean:.2f}x, median {median:.2f}x")


def report_disagreements(
    cases: Sequence[Case], ours: Sequence[Run], theirs: Sequence[Run], show: int
) -> int:
    differing = [(c, a, b) for c, a, b in zip(cases, ours, theirs) if a.board != b.board]
    print(f"\nboard disagreements (mapjudge vs diplomacy): {len(differing)} of {len(cases)}")
    for case, a, b in differing[:show]:
        print(f"  seed {case.seed}: orders {[t for ts in case.texts.values() for t in ts]}")
        print(f"    only mapjudge:  {sorted(a.board - b.board)}")
        print(f"    only diplomacy: {sorted(b.board - a.board)}")
    return len(differing)


def main(argv: Sequence[str] | None = None) -> int:
    args = _arguments(argv)
    game_map = load_map("classic")
    opening = CLASSIC.initial_state(game_map)
    on = opening if args.positions == "opening" else None
    first, last = args.seed, args.seed + args.phases
    warmup = make_cases(game_map, on, range(last, last + args.warmup))
    cases = make_cases(game_map, on, range(first, last))
    diplomacy = Diplomacy(opening)
    engines: list[Engine] = [MapjudgeResolve(game_map), diplomacy]
    parse = _parser()
    if parse is not None:
        engines.insert(1, MapjudgeParseResolve(game_map, parse))
    what = "Spring 1901" if on else "random-position"
    print(
        f"Python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores; "
        f"N = {len(cases)} {what} phases (seeds {first}..{last - 1}), warm-up {len(warmup)}"
    )
    run_all(engines, warmup)
    diplomacy.construction.clear()
    runs = run_all(engines, cases)
    report_times(runs, diplomacy)
    dropped = [line for case in cases for line in diplomacy.rejected(case)]
    print(f"\norders diplomacy rejected as invalid: {len(dropped)} {dropped[: args.show]}")
    report_disagreements(cases, runs[engines[0].name], runs[diplomacy.name], args.show)
    return 0


def _arguments(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--phases", type=int, default=200, help="phases to time (N)")
    parser.add_argument("--seed", type=int, default=0, help="first seed of the order sets")
    parser.add_argument("--warmup", type=int, default=20, help="untimed phases run first")
    parser.add_argument("--show", type=int, default=5, help="disagreements to print")
    parser.add_argument(
        "--positions",
        choices=("opening", "random"),
        default="opening",
        help="the standard opening (timed figures), or random positions (a wider cross-check)",
    )
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
