"""Random CaWa movement declarations for property tests and the benchmark.

`random_movement(state, game_map, rng)` gives each player's lines as a
player would write them: from some of his hexes one move each into a
neighbouring land hex (a free hex: an expansion; another player's: an
invasion of 1000, 1500 or 2000 points), never two of his moves into one
hex; about one line in twenty breaks a rule on purpose (a second move from
one hex, a move without points into an enemy hex or with points into a
free one) so that refusals are
exercised too. Lines carry no source; order within a player is random.
"""

from __future__ import annotations

import random

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap, Terrain
from orders.cawa.model import LandMove, MovementLine

POINTS = (1000, 1500, 2000)


def random_movement(
    state: CawaState, game_map: CawaMap, rng: random.Random, share: float = 0.6
) -> list[MovementLine]:
    """Random movement lines for every player (see the module docstring)."""
    lines: list[MovementLine] = []
    for player in state.players:
        entered: set[str] = set()
        for source in state.hexes_of(player):
            if rng.random() > share:
                continue
            targets = [
                n
                for n in game_map.neighbours(source)
                if state.owners.get(n) != player
                and n not in entered
                and game_map.terrain(n) is not Terrain.WATER
            ]
            if not targets:
                continue
            target = rng.choice(sorted(targets))
            if rng.random() < 0.05:  # a line that breaks a rule
                lines.append(LandMove(player, source, target, None))
                lines.append(LandMove(player, source, target, rng.choice(POINTS)))
                continue
            owner = state.owners.get(target)
            points = rng.choice(POINTS) if owner is not None else None
            lines.append(LandMove(player, source, target, points))
            entered.add(target)
    rng.shuffle(lines)
    return lines
