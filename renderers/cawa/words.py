"""The words of CaWa's reports: each reason a line is accepted or refused, each
phase's name and what the next phase needs from whom (004; AC-01)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.state import CawaPhaseKind

REASONS: Mapping[CawaReason, str] = {
    CawaReason.DONE: "done",
    CawaReason.UNKNOWN_HEX: "no such hex on the map",
    CawaReason.NOT_YOUR_HEX: "not your hex",
    CawaReason.UNKNOWN_PLAYER: "no such player",
    CawaReason.WRONG_PHASE: "not a line of this phase",
    CawaReason.NOT_ENOUGH_CROWNS: "refused, nothing charged: the treasury cannot pay for it",
    CawaReason.TO_ONESELF: "refused: one cannot give to oneself",
    CawaReason.NOT_REACHABLE_BY_RECEIVER: (
        "refused: the receiver could not reach that hex (next to one of his hexes, "
        "or by sea from his village or castle: CC-E-14)"
    ),
    CawaReason.WATER_HEX: "refused: a water hex (nobody lives at sea)",
    CawaReason.SAME_TERRAIN: "refused: the hex already has that terrain",
    CawaReason.ALREADY_BUILT: "refused: the hex already has a building",
    CawaReason.NO_VILLAGE: "refused: a castle needs a village that stood there at the start",
    CawaReason.TOUCHES_ENEMY: "refused: the hex touches another player's hex (CC-M-10)",
    CawaReason.TOUCHES_BUILDING: "refused: the hex touches a building (CC-M-10)",
    CawaReason.CASTLE_RATIO: "refused: villages must be three times the castles (CC-M-18)",
    CawaReason.BUILT_THIS_PHASE: "refused: built this phase already",
    CawaReason.HEX_ALREADY_USED: "refused: the hex was given or abandoned earlier this phase",
    CawaReason.NOT_ADJACENT: "refused: the hexes do not touch",
    CawaReason.SOURCE_ALREADY_MOVED: "refused: one move per hex (CC-MV-5)",
    CawaReason.TARGET_ALREADY_ENTERED: "refused: you already move into that hex (CC-MV-5)",
    CawaReason.OWN_HEX: "refused: the hex is already yours",
    CawaReason.POINTS_NEEDED: "refused: an invasion needs its points (1000, 1500 or 2000)",
    CawaReason.BAD_POINTS: "refused: invasions are of 1000, 1500 or 2000 points (CC-MV-10)",
    CawaReason.POINTS_NOT_NEEDED: "refused: a move into a free hex takes no points",
    CawaReason.NO_PO_LEFT: "refused: no invasion left this turn (PO, CC-MV-11)",
    CawaReason.OVER_PM: "refused: the invasions would pass your PM (CC-MV-12)",
    CawaReason.THREE_AGAINST_ONE: "refused: at most 3 invasions against one player (CC-CF-14)",
    CawaReason.NO_PORT: "refused: ships leave from a village or castle by the sea (CC-MV-13)",
    CawaReason.TOO_FAR_BY_SEA: "refused: more than 3 water hexes away (CC-MV-13)",
    CawaReason.NOT_WATER: "refused: fleets stay on water hexes",
    CawaReason.NO_FLEET: "refused: you have no fleet there",
    CawaReason.FLEET_ALREADY_MOVED: "refused: the fleet has moved already",
    CawaReason.NO_SUCH_CONFLICT: "refused: no conflict there",
    CawaReason.NOT_A_SIDE: "refused: not a side of that conflict",
    CawaReason.NOT_DEFENDER: "refused: only the hex's owner defends it",
    CawaReason.BAD_DEFENCE: "refused: a defence is 500 to 2000 per invader, in steps of 500",
    CawaReason.BAD_REDEPLOY: "refused: an army changes by 500 at most, never to 0 (CC-B-7)",
    CawaReason.ALREADY_REACTED: "refused: the reactions were given already (CC-B-33)",
    CawaReason.NO_SUCH_BATTLE: "refused: no battle there",
    CawaReason.BAD_RESULT: "refused: that result does not fit the battle",
    CawaReason.DUPLICATE: "refused: given twice",
}

NEXT_STEP: Mapping[CawaPhaseKind, str] = {
    CawaPhaseKind.ECONOMY: "Every player: send your economy declarations (gifts, buildings...).",
    CawaPhaseKind.MOVEMENT: "Every player: send your movement declarations (expansions, invasions, ships, fleets).",
    CawaPhaseKind.SKIRMISHES: "Referee: send the skirmish results (who won each skirmish).",
    CawaPhaseKind.REACTIONS: (
        "Every player: send all your reactions at once, before the first battle "
        "(defend with how many points, or withdraw: CC-B-33)."
    ),
    CawaPhaseKind.BATTLES: "Referee: send the battle results (result, points fielded, penalties).",
}


def reason_text(reason: CawaReason) -> str:
    return REASONS[reason]
