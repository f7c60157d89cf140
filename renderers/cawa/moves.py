"""The arrows of a movement phase's declarations, for its map (CC-MV-8: the
referee should draw a map of every declaration)."""

from __future__ import annotations

from adjudicator.rulesets.cawa.records import MoveKind
from adjudicator.rulesets.cawa.resolution import CawaResolution
from orders.cawa.model import LandFleet, LandMove, LaunchFleet, MoveFleet, SeaMove
from renderers.cawa.marks import MoveArrow


def arrows_of(resolution: CawaResolution) -> tuple[MoveArrow, ...]:
    """An arrow per movement line of the phase resolved (refused ones dotted);
    nothing for the other phases."""
    arrows = []
    for verdict in resolution.verdicts:
        line, refused = verdict.line, not verdict.accepted
        match line:
            case LandMove():
                arrows.append(
                    MoveArrow(
                        line.power,
                        line.source_hex,
                        line.target,
                        MoveKind.LAND,
                        line.points,
                        refused,
                    )
                )
            case SeaMove():
                arrows.append(
                    MoveArrow(
                        line.power, line.source_hex, line.target, MoveKind.SEA, line.points, refused
                    )
                )
            case LaunchFleet():
                arrows.append(
                    MoveArrow(line.power, line.source_hex, line.to, MoveKind.SEA, None, refused)
                )
            case MoveFleet():
                arrows.append(
                    MoveArrow(line.power, line.fleet_hex, line.to, MoveKind.SEA, None, refused)
                )
            case LandFleet():
                start = line.via or line.fleet_hex
                arrows.append(
                    MoveArrow(line.power, start, line.target, MoveKind.FLEET, line.points, refused)
                )
    return tuple(arrows)
