"""Fleets in the movement phase (004 "Flotas"): which fleets a player may
still move, where a fleet may go, and the fleets at sea after the phase.

A fleet is a ship that stays at sea (CC-MV-16); it moves up to 3 water
hexes (CC-MV-18) or lands on a hex next to where it is, after moving or
not (CC-MV-19); each fleet moves or lands once per phase. Fleets are known
by their player and water hex; several may share a hex (AC-25), so the
fleets still free to act are counted per (player, hex).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import Fleet
from adjudicator.rulesets.cawa.sea import SHIP_RANGE, is_water, water_within
from maps.cawa.model import CawaMap
from texts import T_

Refusal = tuple[CawaReason, str]
"""Why a line is refused, with the figures of the case."""


def sailing_refusal(game_map: CawaMap, start: str, to: str) -> Refusal | None:
    """Why a ship or fleet from `start` may not end its sailing on `to`: `to`
    is not water (CC-M-8), or more than 3 water hexes away (CC-MV-18,
    AC-23, AC-24); None when it may."""
    if not is_water(game_map, to):
        return CawaReason.NOT_WATER, T_("{hex} is not water", hex=to)
    if to not in water_within(game_map, start):
        detail = T_(
            "{hex} is more than {most} water hexes from {start}",
            hex=to,
            most=SHIP_RANGE,
            start=start,
        )
        return CawaReason.TOO_FAR_BY_SEA, detail
    return None


@dataclass(frozen=True)
class FleetBook:
    """The fleets of the start of the phase and what became of them: `free`
    counts those not yet moved or landed, `placed` the fleets at sea after
    the lines judged so far (moved ones at their new hex, launched ones
    added, landed ones gone)."""

    start: tuple[Fleet, ...]
    free: Counter[Fleet] = field(default_factory=Counter)
    placed: Counter[Fleet] = field(default_factory=Counter)
    launched: list[Fleet] = field(default_factory=list)

    @classmethod
    def of(cls, fleets: Iterable[Fleet]) -> FleetBook:
        start = tuple(fleets)
        return cls(start, Counter(start), Counter(start))

    def refusal(self, player: str, fleet_hex: str) -> Refusal | None:
        """Why `player` has no fleet at `fleet_hex` free to act: none was there
        at the start (NO_FLEET), or each already moved or landed this phase
        (FLEET_ALREADY_MOVED, CC-MV-18); None when one is free."""
        fleet = Fleet(player, fleet_hex)
        if self.free[fleet] > 0:
            return None
        if fleet in self.start:
            return CawaReason.FLEET_ALREADY_MOVED, T_(
                "each fleet at {hex} already acted", hex=fleet_hex
            )
        return CawaReason.NO_FLEET, T_(
            "no fleet of {player} at {hex}", player=player, hex=fleet_hex
        )

    def move(self, player: str, fleet_hex: str, to: str) -> None:
        """A free fleet sails from `fleet_hex` to `to` (CC-MV-18)."""
        self._take(Fleet(player, fleet_hex))
        self.placed[Fleet(player, to)] += 1

    def land(self, player: str, fleet_hex: str) -> None:
        """A free fleet lands: it leaves the sea and becomes the landing move (CC-MV-19)."""
        self._take(Fleet(player, fleet_hex))

    def launch(self, player: str, to: str) -> None:
        """A new fleet at `to` (CC-MV-16, AC-24); it may not act again this phase."""
        fleet = Fleet(player, to)
        self.placed[fleet] += 1
        self.launched.append(fleet)

    def launched_by(self, player: str) -> int:
        return sum(1 for f in self.launched if f.player == player)

    def at_sea(self) -> tuple[Fleet, ...]:
        """The fleets at sea after the phase, sorted."""
        return tuple(sorted(self.placed.elements()))

    def _take(self, fleet: Fleet) -> None:
        self.free[fleet] -= 1
        self.placed[fleet] -= 1
