"""The state of a CaWa campaign between two phases (004), and its calendar.

A turn has five phases, each with its own files (AC-01, AC-06, AC-29, AC-45):

1. `economy`: income and costs, then the players' economy declarations;
2. `movement`: the movement declarations; uncontested expansions are taken,
   every conflict is listed;
3. `skirmishes`: the referee's skirmish results (who wins each free hex;
   where each double invasion is fought);
4. `reactions`: every player's reactions (defence points or withdrawal), all
   at once, before the first battle (CC-B-33);
5. `battles`: the referee's battle results; then the next turn's economy.

A phase with nothing to do is skipped (no skirmish: straight to the
reactions; no invasion either: straight to the next turn).

State (`turns/<phase>.yaml`): `players` (ids, in order), `owners` (hex ->
player), `buildings` (hex -> village or castle), `terrain` (hexes whose
terrain a player changed: CC-E-17), `treasury` (player -> crowns, CC-C-3),
`fleets` (CC-MV-16), `upkeep` (points each player used in last turn's
battles, paid at the next economy: CC-E-8), `payments` (battle payments due
at the next economy: CC-B-18, AC-07), and within a turn `conflicts`,
`battles` and `launched` (fleets launched this turn, AC-21).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.core.phase import Calendar, Phase
from adjudicator.rulesets.cawa.records import Battle, Conflict, Fleet, Payment
from maps.cawa.model import Building, CawaMap, Terrain


class CawaPhaseKind(StrEnum):
    """The five phases of a CaWa turn, in order (see the module docstring)."""

    ECONOMY = "economy"
    MOVEMENT = "movement"
    SKIRMISHES = "skirmishes"
    REACTIONS = "reactions"
    BATTLES = "battles"


CALENDAR = Calendar(seasons=(), kinds=tuple(k.value for k in CawaPhaseKind))


@dataclass(frozen=True)
class CawaState:
    """The campaign as one phase finds it (see the module docstring)."""

    phase: Phase
    players: tuple[str, ...] = ()
    owners: Mapping[str, str] = field(default_factory=dict)
    buildings: Mapping[str, Building] = field(default_factory=dict)
    terrain: Mapping[str, Terrain] = field(default_factory=dict)
    treasury: Mapping[str, int] = field(default_factory=dict)
    fleets: tuple[Fleet, ...] = ()
    upkeep: Mapping[str, int] = field(default_factory=dict)
    payments: tuple[Payment, ...] = ()
    conflicts: tuple[Conflict, ...] = ()
    battles: tuple[Battle, ...] = ()
    launched: tuple[Fleet, ...] = ()
    winner: str | None = None  # the campaign's winner by the option `victory` (AC-49)

    def powers(self) -> tuple[str, ...]:
        return self.players

    def terrain_of(self, game_map: CawaMap, code: str) -> Terrain:
        """A hex's terrain now: as changed by its owner (CC-E-17), else the map's."""
        return self.terrain.get(code) or game_map.terrain(code)

    def hexes_of(self, player: str) -> tuple[str, ...]:
        """The player's hexes, sorted (their count is NT, CC-C-2)."""
        return tuple(sorted(h for h, p in self.owners.items() if p == player))

    def territories(self, player: str) -> int:
        """NT: the number of the player's hexes (CC-C-2)."""
        return sum(1 for p in self.owners.values() if p == player)

    def buildings_of(self, player: str, kind: Building) -> int:
        return sum(
            1 for h, b in self.buildings.items() if b is kind and self.owners.get(h) == player
        )

    def fleets_of(self, player: str) -> tuple[Fleet, ...]:
        return tuple(f for f in self.fleets if f.player == player)
