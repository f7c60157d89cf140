"""The peer of `mapjudge resolve --ruleset classic --position P --orders O --format json`,
written with the `diplomacy` package (1.1.2), for `benchmarks/side_by_side.py`.

    python benchmarks/peer_resolve.py POSITION.yaml ORDERS.txt

It does what mapjudge's command does, the `diplomacy` way: reads the position
(mapjudge's state YAML: `phase`, `units`, `supply_centers`, with libyaml when
there), sets up a `Game` to it, reads the order file (`Power:` headers, one
order a line, as `diplomacy` writes them: `A PAR - BUR`), sets every power's
orders (which parses and validates them), processes the phase and prints the
new position and the orders' results as JSON.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

import yaml
from diplomacy import Game

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
SEASONS = {"spring": "S", "fall": "F", "winter": "W"}
KINDS = {"movement": "M", "retreat": "R", "adjustment": "A"}


def phase_name(phase: str) -> str:
    """`1901-spring-movement` -> `S1901M`."""
    year, season, kind = phase.split("-")
    return f"{SEASONS[season]}{year}{KINDS[kind]}"


def read_orders(text: str) -> dict[str, list[str]]:
    """`{"FRANCE": ["A PAR - BUR", ...]}` from `France:` headers and order lines."""
    orders: dict[str, list[str]] = {}
    power = ""
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith(":"):
            power = line[:-1].strip().upper()
            continue
        orders.setdefault(power, []).append(line.upper())
    return orders


def main(argv: Sequence[str]) -> int:
    position_file, orders_file = argv
    with open(position_file, encoding="utf-8") as f:
        position = yaml.load(f, Loader=_Loader)
    with open(orders_file, encoding="utf-8") as f:
        orders = read_orders(f.read())
    game = Game()
    game.clear_units()
    game.clear_centers()
    for power, units in position.get("units", {}).items():
        game.set_units(power.upper(), [unit.upper() for unit in units])
    for power, centers in position.get("supply_centers", {}).items():
        game.set_centers(power.upper(), [center.upper() for center in centers])
    game.set_current_phase(phase_name(position["phase"]))
    for power, lines in orders.items():
        game.set_orders(power, lines)
    given = {power: game.get_orders(power) for power in game.powers}
    game.process()
    results = game.get_phase_history()[-1].results
    print(
        json.dumps(
            {
                "phase": game.get_current_phase(),
                "orders": given,
                "results": {unit: [str(r) for r in rs] for unit, rs in results.items()},
                "units": game.get_units(),
                "centers": game.get_centers(),
            },
            indent=2,
            sort_keys=True,
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
