"""Run one engine over the benchmark's order sets, untimed, for an instruction count.

Wall-clock time on a shared 2-core machine drifts; callgrind counts executed
instructions, which repeat exactly for the same inputs. Count a run with the
phases and one with none (imports, map and order sets alone) and divide the
difference by the number of phases:

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python benchmarks/instructions.py --engine mapjudge --phases 50
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        .venv/bin/python benchmarks/instructions.py --engine mapjudge --phases 50 --dry-run

(`--dry-run` builds the same order sets and games but adjudicates nothing.)

Engines: `mapjudge` (ruleset.resolve on typed orders), `mapjudge-text`
(parse_orders, then resolve) and `diplomacy` (set_orders + process on a Game
built beforehand, as in `classic_vs_diplomacy.py`).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from classic_vs_diplomacy import (
    Diplomacy,
    MapjudgeParseResolve,
    MapjudgeResolve,
    make_cases,
)

from adjudicator.rulesets.classic import CLASSIC
from maps import load_map
from orders.board.parser import parse_orders


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--engine", choices=("mapjudge", "mapjudge-text", "diplomacy"))
    parser.add_argument("--phases", type=int, default=50)
    parser.add_argument("--dry-run", action="store_true", help="set up only, adjudicate nothing")
    args = parser.parse_args(argv)
    game_map = load_map("classic")
    opening = CLASSIC.initial_state(game_map)
    cases = make_cases(game_map, opening, range(args.phases))
    if args.engine == "diplomacy":
        diplomacy = Diplomacy(opening)
        games = [diplomacy.new_game(case.state) for case in cases]
        diplomacy.new_game(opening).process()  # load its lazy parts before counting
        if args.dry_run:
            return 0
        for game, case in zip(games, cases, strict=True):
            for power, lines in case.texts.items():
                game.set_orders(power, lines)
            game.process()
        return 0
    engine = (
        MapjudgeResolve(game_map)
        if args.engine == "mapjudge"
        else MapjudgeParseResolve(game_map, parse_orders)
    )
    engine.ruleset.resolve(opening, (), game_map)  # build lazy caches before counting
    parse_orders("", game_map=game_map, phase_kind=opening.phase.kind)
    if args.dry_run:
        return 0
    for case in cases:
        engine.run(case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
