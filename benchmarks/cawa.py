"""Time one turn's movement of a 40-player CaWa campaign and its map (goals of
the CaWa issue: the judging under 0.5 s, the map under 1.5 s).

    python benchmarks/cawa.py [--seed 0] [--rounds 3] [--start-hexes 5]
                              [--repeats 7] [--json PATH]

**The campaign.** `maps.cawa.generate.generate_map(40, seed, start_hexes)`:
1,000 land hexes and 755 of water, 40 starting realms of `start_hexes` hexes
with a village each. The realms are then grown as a mid-game would find them
(`grow_realms`: `--rounds` rounds in which every realm takes the free land
hexes next to it that no other realm reaches in the same round), so that
kingdoms touch and invasions are possible while some land stays free; each
realm gets a village for about every 8 hexes (`add_villages`), and every
treasury about 10,000 crowns (`treasuries`). The phase is turn 5's movement.
The movement lines are `tests.generators.cawa_orders.random_movement(state,
game_map, random.Random(seed))`: moves from about 60 % of the hexes into a
neighbour (expansions, invasions of 1000 to 2000 points), one line in twenty
breaking a rule.

**What is timed** (`time.perf_counter`, the garbage collector paused as
`timeit` does; building the campaign and the lines is not timed):

1. `adjudicator.rulesets.cawa.movement.resolve_movement`: every line judged,
   the expansions taken and the conflicts listed; best (and mean) of
   `--repeats` runs after one untimed run;
2. the whole phase, `adjudicator.rulesets.cawa.turn.resolve_phase` with
   `Dice("secret", "bench", phase id)` and the default options; the same way;
3. the map PNG of the state after the movement with the phase's arrows
   (`renderers.cawa.map.render_cawa_map`, `renderers.cawa.moves.arrows_of`):
   cold (the first map the process draws, once, after importing the renderer,
   whose import is timed apart) and warm (best and mean of `--repeats` after
   that);
4. the same map as SVG, warm (after one untimed SVG).

Prints the counts (hexes, lines, conflicts, arrows) and a table of the times
with the goals, and writes everything as JSON (sorted keys) to
`benchmarks/cawa_results.json` unless `--json`. No assertion is made on time.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib.metadata
import json
import os
import platform
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))  # the test generators

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.movement import MovementOutcome, resolve_movement
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.resolution import CawaResolution
from adjudicator.rulesets.cawa.setup import start_state
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from adjudicator.rulesets.cawa.turn import resolve_phase
from maps.cawa.generate import generate_map
from maps.cawa.model import Building, CawaMap, Terrain
from orders.cawa.model import MovementLine
from tests.generators.cawa_orders import random_movement

PLAYERS = 40
TURN = 5
HEXES_PER_VILLAGE = 8
TREASURY = 10_000
DEFAULT_JSON = BENCH / "cawa_results.json"
JUDGING_GOAL = 0.5
MAP_GOAL = 1.5

T = TypeVar("T")


# --- the campaign -------------------------------------------------------------------


def grow_realms(game_map: CawaMap, owners: Mapping[str, str], rounds: int) -> dict[str, str]:
    """`owners` after `rounds` rounds of growth: in each round every free land
    hex next to exactly one realm joins it (all at once, so no realm goes
    first); a hex two realms reach stays free, and realms grown into hexes
    next to one another touch."""
    grown = dict(owners)
    for _ in range(rounds):
        claims: dict[str, set[str]] = {}
        for code, player in grown.items():
            for near in game_map.neighbours(code):
                if near not in grown and game_map.terrain(near) is not Terrain.WATER:
                    claims.setdefault(near, set()).add(player)
        for code in sorted(claims):
            if len(claims[code]) == 1:
                grown[code] = next(iter(claims[code]))
    return grown


def add_villages(
    owners: Mapping[str, str], buildings: Mapping[str, Building], rng: random.Random
) -> dict[str, Building]:
    """`buildings` with villages added on hexes without one, so that each realm
    has a village for about every `HEXES_PER_VILLAGE` of its hexes."""
    placed = dict(buildings)
    realms: dict[str, list[str]] = {}
    for code in sorted(owners):
        realms.setdefault(owners[code], []).append(code)
    for player in sorted(realms):
        hexes = realms[player]
        have = sum(1 for h in hexes if h in placed)
        free = [h for h in hexes if h not in placed]
        wanted = max(0, len(hexes) // HEXES_PER_VILLAGE - have)
        for code in rng.sample(free, min(wanted, len(free))):
            placed[code] = Building.VILLAGE
    return dict(sorted(placed.items()))


def treasuries(players: Sequence[str], rng: random.Random) -> dict[str, int]:
    """About `TREASURY` crowns each (9,500 to 10,500, in steps of 50)."""
    return {p: TREASURY + 50 * rng.randint(-10, 10) for p in players}


@dataclass(frozen=True)
class Campaign:
    """The benchmark's position: the map, turn `TURN`'s movement phase, its lines."""

    game_map: CawaMap
    state: CawaState
    lines: tuple[MovementLine, ...]


def campaign(seed: int = 0, rounds: int = 3, start_hexes: int = 5) -> Campaign:
    """The mid-game movement phase of a 40-player campaign (see the module docstring)."""
    game_map = generate_map(PLAYERS, seed, start_hexes=start_hexes, name=f"bench-{seed}")
    rng = random.Random(seed)
    begun = start_state(game_map, CawaOptions(start_hexes=start_hexes))
    owners = grow_realms(game_map, begun.owners, rounds)
    state = replace(
        begun,
        phase=Phase(TURN, None, CawaPhaseKind.MOVEMENT),
        owners=owners,
        buildings=add_villages(owners, begun.buildings, rng),
        treasury=treasuries(begun.players, rng),
    )
    lines = random_movement(state, game_map, random.Random(seed))
    return Campaign(game_map, state, tuple(lines))


def touching_pairs(game_map: CawaMap, owners: Mapping[str, str]) -> int:
    """How many pairs of kingdoms share a border."""
    pairs = {
        tuple(sorted((player, owners[near])))
        for code, player in owners.items()
        for near in game_map.neighbours(code)
        if near in owners and owners[near] != player
    }
    return len(pairs)


# --- timing -------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """Seconds of the runs of one step."""

    best: float
    mean: float
    runs: int


def once(step: Callable[[], T]) -> tuple[float, T]:
    """One run of `step`, the garbage collector paused: (seconds, its result)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        result = step()
        return time.perf_counter() - start, result
    finally:
        if enabled:
            gc.enable()


def best_of(step: Callable[[], object], repeats: int, warm_up: bool = True) -> Timing:
    """`repeats` runs of `step` (after one untimed run unless `warm_up` is false)."""
    if warm_up:
        step()
    times = [once(step)[0] for _ in range(repeats)]
    return Timing(min(times), statistics.mean(times), len(times))


# --- the run ------------------------------------------------------------------------


def versions() -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for name in ("mapjudge", "matplotlib"):
        try:
            found[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            found[name] = None
    return found


def machine() -> dict[str, Any]:
    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "cpu_count": os.cpu_count(),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


def counts(game: Campaign, moved: MovementOutcome, arrows: int) -> dict[str, Any]:
    """What the position and the phase hold."""
    game_map, state = game.game_map, game.state
    land = sum(1 for cell in game_map.hexes.values() if cell.terrain is not Terrain.WATER)
    kinds = Counter(c.kind.value for c in moved.conflicts)
    return {
        "players": len(state.players),
        "land_hexes": land,
        "water_hexes": len(game_map.hexes) - land,
        "owned_hexes": len(state.owners),
        "free_land_hexes": land - len(state.owners),
        "kingdoms_touching": touching_pairs(game_map, state.owners),
        "villages": sum(1 for b in state.buildings.values() if b is Building.VILLAGE),
        "lines": len(game.lines),
        "accepted": sum(1 for v in moved.verdicts if v.accepted),
        "refused": sum(1 for v in moved.verdicts if not v.accepted),
        "conflicts": len(moved.conflicts),
        "conflicts_by_kind": dict(sorted(kinds.items())),
        "expansions": sum(1 for h, p in moved.state.owners.items() if state.owners.get(h) != p),
        "arrows": arrows,
    }


def _ms(seconds: float) -> str:
    return f"{seconds * 1e3:.1f} ms"


def table(seconds: Mapping[str, Any]) -> str:
    judge, phase = seconds["resolve_movement"], seconds["resolve_phase"]
    png, svg = seconds["png_warm"], seconds["svg_warm"]
    rows = [
        ("resolve_movement (judging + conflicts)", judge, f"< {JUDGING_GOAL} s"),
        ("resolve_phase (whole movement phase)", phase, f"< {JUDGING_GOAL} s"),
        ("map PNG, warm", png, f"< {MAP_GOAL} s"),
        ("map SVG, warm", svg, ""),
    ]
    lines = ["| what | best | mean | goal | met |", "| --- | ---: | ---: | --- | --- |"]
    for what, timing, goal in rows:
        limit = JUDGING_GOAL if "resolve" in what else MAP_GOAL
        met = ("yes" if timing["best"] < limit else "**no**") if goal else ""
        lines.append(f"| {what} | {_ms(timing['best'])} | {_ms(timing['mean'])} | {goal} | {met} |")
    cold = seconds["png_cold"]
    met = "yes" if cold < MAP_GOAL else "**no**"
    lines.append(
        f"| map PNG, cold (first map of the process) | {_ms(cold)} | - | < {MAP_GOAL} s | {met} |"
    )
    lines.append(
        f"| import of the renderer (matplotlib) | {_ms(seconds['import_renderer'])} | - | | |"
    )
    return "\n".join(lines)


def measure(seed: int, rounds: int, start_hexes: int, repeats: int) -> dict[str, Any]:
    """Build the campaign, time the four steps; the results as a dict."""
    built_in, game = once(lambda: campaign(seed, rounds, start_hexes))
    game_map, state, lines = game.game_map, game.state, list(game.lines)
    options = CawaOptions(start_hexes=start_hexes)

    def judge() -> MovementOutcome:
        return resolve_movement(state, game_map, lines)

    def phase() -> CawaResolution:
        dice = Dice("secret", "bench", state.phase.id)
        return resolve_phase(state, lines, game_map, options, dice)

    moved = judge()  # the untimed runs: the warm-up
    resolution = phase()
    timings: dict[str, Any] = {
        "resolve_movement": best_of(judge, repeats, warm_up=False).__dict__,
        "resolve_phase": best_of(phase, repeats, warm_up=False).__dict__,
    }

    def import_renderer() -> tuple[Callable[..., bytes], Callable[[CawaResolution], Any]]:
        from renderers.cawa.map import render_cawa_map
        from renderers.cawa.moves import arrows_of

        return render_cawa_map, arrows_of

    import_in, (render_cawa_map, arrows_of) = once(import_renderer)
    arrows = arrows_of(resolution)
    title = f"CaWa benchmark, {len(state.players)} kingdoms: turn {TURN} movement"
    after = moved.state

    def png() -> bytes:
        return render_cawa_map(game_map, after, "png", title=title, arrows=arrows)

    def svg() -> bytes:
        return render_cawa_map(game_map, after, "svg", title=title, arrows=arrows)

    cold_in, png_bytes = once(png)
    timings["png_cold"] = cold_in
    timings["png_warm"] = best_of(png, repeats, warm_up=False).__dict__
    svg_bytes = svg()
    timings["svg_warm"] = best_of(svg, repeats, warm_up=False).__dict__
    timings["import_renderer"] = import_in
    timings["campaign_built_untimed"] = built_in
    return {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "versions": versions(),
        "arguments": {
            "seed": seed,
            "rounds": rounds,
            "start_hexes": start_hexes,
            "repeats": repeats,
        },
        "counts": counts(game, moved, len(arrows)),
        "bytes": {"png": len(png_bytes), "svg": len(svg_bytes)},
        "seconds": timings,
        "goals": {
            "judging_seconds": JUDGING_GOAL,
            "map_seconds": MAP_GOAL,
            "judging_met": timings["resolve_phase"]["best"] < JUDGING_GOAL,
            "map_met": max(cold_in, timings["png_warm"]["best"]) < MAP_GOAL,
        },
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=3, help="rounds of realm growth")
    parser.add_argument("--start-hexes", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--json", type=Path, default=DEFAULT_JSON)
    args = parser.parse_args(argv)
    report = measure(args.seed, args.rounds, args.start_hexes, args.repeats)
    m, c = report["machine"], report["counts"]
    print(
        f"{m['platform']}, {m['cpu_count']} CPUs, Python {m['python']}; "
        + ", ".join(f"{k} {v}" for k, v in report["versions"].items())
    )
    print(
        f"{c['players']} kingdoms; {c['land_hexes']} land hexes ({c['owned_hexes']} owned,"
        f" {c['free_land_hexes']} free), {c['water_hexes']} water; {c['villages']} villages;"
        f" {c['kingdoms_touching']} pairs of kingdoms touching"
    )
    by_kind = ", ".join(f"{k} {v}" for k, v in c["conflicts_by_kind"].items())
    print(
        f"{c['lines']} lines ({c['accepted']} accepted, {c['refused']} refused);"
        f" {c['conflicts']} conflicts ({by_kind}); {c['expansions']} expansions;"
        f" {c['arrows']} arrows"
    )
    b = report["bytes"]
    print(f"map: PNG {b['png'] // 1024} KiB, SVG {b['svg'] // 1024} KiB")
    print(f"best and mean of {args.repeats} runs, garbage collector paused\n")
    print(table(report["seconds"]))
    args.json.write_text(json.dumps(report, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    print(f"\nwritten: {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
