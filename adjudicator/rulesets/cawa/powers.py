"""A kingdom's variables (004 "Control de Jugadores"): NT, CO, PO and PM.

- NT, the number of territories: the player's hexes (CC-C-2);
- CO, the treasury in crowns (CC-C-3);
- PO = NT div 5, at least 1, the invasions one may declare (CC-C-4); each
  fleet at sea takes one off (CC-MV-17; AC-21 with the fleets launched this
  turn), never below 0;
- PM = CO rounded down to a multiple of 500, computed after the economy
  phase: the points one may use in a turn's battles (CC-C-5).
"""

from __future__ import annotations

from adjudicator.rulesets.cawa.state import CawaState

POINTS_STEP = 500
"""Armies, PM and defences go in steps of 500 (CC-C-5, CC-B-11)."""


def base_power(territories: int) -> int:
    """PO before fleets: NT div 5, minimum 1 (CC-C-4: 7 -> 1, 22 -> 4)."""
    return max(1, territories // 5)


def power(state: CawaState, player: str) -> int:
    """PO: base PO less every fleet at sea and every fleet launched this turn
    that is not among them (CC-MV-17, AC-21), never below 0."""
    at_sea = state.fleets_of(player)
    launched = sum(1 for f in state.launched if f.player == player and f not in at_sea)
    fleets = len(at_sea) + launched
    return max(0, base_power(state.territories(player)) - fleets)


def military_might(crowns: int) -> int:
    """PM: the treasury rounded down to a multiple of 500 (CC-C-5: 4607 -> 4500)."""
    return max(0, crowns) // POINTS_STEP * POINTS_STEP
