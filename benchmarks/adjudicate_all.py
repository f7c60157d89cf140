"""Time `mapjudge adjudicate-all` over 100 Machiavelli games with 1 and with 2
worker processes, side by side in one run (issue 19, "Many games").

Usage: .venv/bin/python benchmarks/adjudicate_all.py [--games 100] [--rounds 3]

**What runs.** N games made once with `mapjudge new machiavelli GAME
--secret-file <fixed secret>` (the balance scenario; the same secret in each
`secret.txt`), with the example's Spring 1454 mail
(`examples/machiavelli-1454/orders/1454-spring-movement/*.txt`, eight files,
one of them with a deliberate typo) copied into each `orders/`. Each round
copies that pristine set twice and runs `mapjudge adjudicate-all` as a
subprocess on each copy, once with `--workers 1` and once with `--workers 2`,
the order alternating from round to round.

**What is timed.** The wall clock of the whole command (start-up, the pool,
every game opened, checked, resolved, its map drawn and its turn committed,
the summary), and its CPU time with its workers' (`getrusage(RUSAGE_CHILDREN)`
deltas); making and copying the games is not timed. Every run is checked:
every game must be at 1454-summer-movement after it. Prints each round, the
median of each and the ratio (1 worker / 2 workers).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
MAIL = REPO / "examples" / "machiavelli-1454" / "orders" / "1454-spring-movement"
SECRET = "mapjudge-benchmark-secret"
NEXT_STATE = Path("turns") / "1454-summer-movement.yaml"


def mapjudge(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """`mapjudge ARGS...` in a fresh interpreter (output captured)."""
    command = [sys.executable, "-c", "from adjudicator.app.cli import main; main()"]
    return subprocess.run(
        [*command, *(str(a) for a in args)], capture_output=True, text=True, check=False
    )


def make_games(root: Path, count: int) -> Path:
    """`count` new Machiavelli games under `root/pristine`, their mail in orders/."""
    secret_file = root / "secret"
    secret_file.write_text(SECRET, encoding="utf-8")
    pristine = root / "pristine"
    for index in range(count):
        game = pristine / f"game-{index:03d}"
        done = mapjudge("new", "machiavelli", game, "--secret-file", secret_file)
        if done.returncode != 0:
            raise SystemExit(f"mapjudge new failed: {done.stderr}")
        (game / "secret.txt").write_text(SECRET, encoding="utf-8")
        (game / "orders").mkdir()
        for mail in sorted(MAIL.glob("*.txt")):
            shutil.copy(mail, game / "orders" / mail.name)
    return pristine


def children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes and theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(pristine: Path, scratch: Path, workers: int) -> tuple[float, float]:
    """Seconds of `adjudicate-all --workers N` on a fresh copy: wall clock, and
    CPU (the command and its worker processes)."""
    shutil.rmtree(scratch, ignore_errors=True)
    shutil.copytree(pristine, scratch)
    cpu = children_cpu()
    started = time.perf_counter()
    done = mapjudge("adjudicate-all", scratch, "--workers", str(workers))
    seconds = time.perf_counter() - started
    cpu = children_cpu() - cpu
    games = sorted(p for p in scratch.iterdir() if p.is_dir())
    behind = [g.name for g in games if not (g / NEXT_STATE).is_file()]
    if done.returncode not in (0, 1) or behind:
        raise SystemExit(
            f"adjudicate-all failed (exit {done.returncode}): {behind[:3]} {done.stderr}"
        )
    return seconds, cpu


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="How many games (default 100).")
    parser.add_argument("--rounds", type=int, default=3, help="Runs of each (default 3).")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mapjudge-bench-") as tmp:
        root = Path(tmp)
        started = time.perf_counter()
        pristine = make_games(root, args.games)
        print(f"{args.games} games made in {time.perf_counter() - started:.1f} s (not timed)")
        times: dict[int, list[float]] = {1: [], 2: []}
        cpus: dict[int, list[float]] = {1: [], 2: []}
        print(f"load average before: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
        for round_ in range(args.rounds):
            order = (1, 2) if round_ % 2 == 0 else (2, 1)
            for workers in order:
                seconds, cpu = timed_run(pristine, root / f"run-{workers}", workers)
                times[workers].append(seconds)
                cpus[workers].append(cpu)
            print(
                f"round {round_ + 1}: 1 worker {times[1][-1]:.2f} s, 2 workers {times[2][-1]:.2f} s"
            )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    one, two = statistics.median(times[1]), statistics.median(times[2])
    print(f"median over {args.rounds} round(s), {args.games} games:")
    print(f"  1 worker   {one:.2f} s ({one / args.games * 1000:.0f} ms a game)")
    print(f"  2 workers  {two:.2f} s ({two / args.games * 1000:.0f} ms a game)")
    print(f"  ratio (1 worker / 2 workers): {one / two:.2f}x")
    cpu_one, cpu_two = statistics.median(cpus[1]), statistics.median(cpus[2])
    print(f"  CPU (command and workers): 1 worker {cpu_one:.2f} s, 2 workers {cpu_two:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
