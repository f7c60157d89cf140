"""A new CaWa campaign (004; the book gives no starting position: the issue's
reading makes the starting realms and crowns game options, `start_hexes` and
`start_crowns`, and the map generator or the GM's map places the realms)."""

from __future__ import annotations

from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import CawaMap

FIRST_PHASE = Phase(1, None, CawaPhaseKind.ECONOMY)
"""Every campaign opens with turn 1's economy phase (CC-T-2)."""


def start_state(game_map: CawaMap, options: CawaOptions) -> CawaState:
    """Turn 1's economy phase: the map's players and starting realms, each
    treasury at `start_crowns`."""
    players = tuple(game_map.players)
    return CawaState(
        phase=FIRST_PHASE,
        players=players,
        owners=dict(game_map.start_owners),
        buildings=dict(game_map.start_buildings),
        treasury=dict.fromkeys(players, options.start_crowns),
    )
