"""Victory and ranking (004 "Objetivos de la campaña"): each referee sets the
victory conditions at the start (CC-O-1); the game option `victory` (AC-49):

- `none` (the default): nobody wins by rule; the reports rank the kingdoms;
- `most_hexes`: when the game master ends the game, the kingdom with the
  most hexes wins (`leader`; a tie for first names nobody, the referee
  decides: CC-O-1);
- `hexes:N`: the first kingdom with N hexes or more wins; when several reach
  N in the same turn, the one with the most hexes; a tie there names nobody
  (the referee decides, CC-O-1).

Every report ranks the kingdoms by NT, the number of hexes (CC-C-2), most
first, then by player id (AC-49).
"""

from __future__ import annotations

from adjudicator.rulesets.cawa.state import CawaState

NONE = "none"
MOST_HEXES = "most_hexes"
HEXES_PREFIX = "hexes:"


def ranking(state: CawaState) -> tuple[tuple[str, int], ...]:
    """Every player with his NT, sorted by NT (most first) then id (AC-49)."""
    return tuple(sorted(((p, state.territories(p)) for p in state.players), key=_order))


def _order(entry: tuple[str, int]) -> tuple[int, str]:
    return -entry[1], entry[0]


def leader(state: CawaState) -> str | None:
    """The player with the most hexes; None on a tie for first or with no player."""
    ranked = ranking(state)
    if not ranked or (len(ranked) > 1 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


def winner(state: CawaState, victory: str, *, ended: bool = False) -> str | None:
    """The winner under the `victory` option (AC-49), or None. `most_hexes`
    decides only when the game master ends the game (`ended`); `hexes:N` as
    soon as a kingdom holds N hexes (see the module docstring for ties)."""
    if victory == MOST_HEXES:
        return leader(state) if ended else None
    if victory.startswith(HEXES_PREFIX):
        needed = int(victory.removeprefix(HEXES_PREFIX))
        if not any(nt >= needed for _, nt in ranking(state)):
            return None
        return leader(state)
    if victory == NONE:
        return None
    raise ValueError(f"victory must be none, most_hexes or hexes:N, not {victory!r}")
