"""The arrows of a movement phase's declarations, for its map (CC-MV-8: the
referee should draw a map of every declaration)."""

from __future__ import annotations

from adjudicator.rulesets.cawa.reasons import Verdict
from adjudicator.rulesets.cawa.records import MoveKind
from adjudicator.rulesets.cawa.resolution import CawaResolution
from orders.cawa.model import LandFleet, LandMove, LaunchFleet, MoveFleet, SeaMove
from renderers.cawa.marks import MoveArrow

Route = tuple[str, str, MoveKind, int | None]
"""From which hex, to which, how, and with how many invasion points."""


def arrows_of(resolution: CawaResolution) -> tuple[MoveArrow, ...]:
    """An arrow per movement line of the phase resolved (refused ones dotted),
    with its verdict (for the SVG's titles); nothing for the other phases."""
    arrows = []
    for verdict in resolution.verdicts:
        route = route_of(verdict)
        if route is not None:
            source, target, kind, points = route
            refused = not verdict.accepted
            arrows.append(
                MoveArrow(verdict.line.power, source, target, kind, points, refused, verdict)
            )
    return tuple(arrows)


def route_of(verdict: Verdict) -> Route | None:
    """Where a movement line goes, or None for a line of another kind."""
    line = verdict.line
    match line:
        case LandMove():
            return (line.source_hex, line.target, MoveKind.LAND, line.points)
        case SeaMove():
            return (line.source_hex, line.target, MoveKind.SEA, line.points)
        case LaunchFleet():
            return (line.source_hex, line.to, MoveKind.SEA, None)
        case MoveFleet():
            return (line.fleet_hex, line.to, MoveKind.SEA, None)
        case LandFleet():
            return (line.via or line.fleet_hex, line.target, MoveKind.FLEET, line.points)
    return None
