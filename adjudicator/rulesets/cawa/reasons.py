"""Why a CaWa line was accepted or refused (004), and the verdict on one line.

The renderer turns a reason into words; `detail` carries the figures of the
case (what the treasury held, the PO left...). Lines are judged in the order
written; a refused line costs nothing (AC-06, AC-26).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from orders.cawa.model import CawaOrder
from texts import N_


class CawaReason(StrEnum):
    # accepted
    DONE = "done"  # carried out (economy), or accepted (movement, reactions, results)
    # any line
    UNKNOWN_HEX = "unknown_hex"
    NOT_YOUR_HEX = "not_your_hex"
    UNKNOWN_PLAYER = "unknown_player"
    WRONG_PHASE = "wrong_phase"
    # economy (CC-E-13 .. CC-E-18, CC-M-9 .. CC-M-19, AC-12 .. AC-18)
    NOT_ENOUGH_CROWNS = "not_enough_crowns"
    TO_ONESELF = "to_oneself"
    NOT_REACHABLE_BY_RECEIVER = "not_reachable_by_receiver"
    WATER_HEX = "water_hex"
    SAME_TERRAIN = "same_terrain"
    ALREADY_BUILT = "already_built"
    NO_VILLAGE = "no_village"
    TOUCHES_ENEMY = "touches_enemy"
    TOUCHES_BUILDING = "touches_building"
    CASTLE_RATIO = "castle_ratio"
    BUILT_THIS_PHASE = "built_this_phase"
    HEX_ALREADY_USED = "hex_already_used"  # given, abandoned or changed earlier this phase
    # movement (CC-MV-1 .. CC-MV-21, CC-CF-14, AC-21 .. AC-28, AC-47)
    NOT_ADJACENT = "not_adjacent"
    SOURCE_ALREADY_MOVED = "source_already_moved"
    TARGET_ALREADY_ENTERED = "target_already_entered"
    OWN_HEX = "own_hex"
    POINTS_NEEDED = "points_needed"
    BAD_POINTS = "bad_points"
    POINTS_NOT_NEEDED = "points_not_needed"
    NO_PO_LEFT = "no_po_left"
    OVER_PM = "over_pm"
    THREE_AGAINST_ONE = "three_against_one"
    NO_PORT = "no_port"  # no village or castle touching water
    TOO_FAR_BY_SEA = "too_far_by_sea"
    NOT_WATER = "not_water"
    NO_FLEET = "no_fleet"
    FLEET_ALREADY_MOVED = "fleet_already_moved"
    # skirmishes, reactions, battles (CC-CF-*, CC-B-*, AC-29 .. AC-46)
    NO_SUCH_CONFLICT = "no_such_conflict"
    NOT_A_SIDE = "not_a_side"
    NOT_DEFENDER = "not_defender"
    BAD_DEFENCE = "bad_defence"
    BAD_REDEPLOY = "bad_redeploy"
    ALREADY_REACTED = "already_reacted"
    NO_SUCH_BATTLE = "no_such_battle"
    BAD_RESULT = "bad_result"
    DUPLICATE = "duplicate"

    @property
    def accepted(self) -> bool:
        return self is CawaReason.DONE


@dataclass(frozen=True)
class Verdict:
    """What became of one line: its reason (DONE when accepted) and the
    figures behind it."""

    line: CawaOrder
    reason: CawaReason
    detail: str = ""

    @property
    def accepted(self) -> bool:
        return self.reason.accepted


REASON_CODES: Mapping[CawaReason, str] = {
    CawaReason.DONE: N_("done"),
    CawaReason.UNKNOWN_HEX: N_("unknown_hex"),
    CawaReason.NOT_YOUR_HEX: N_("not_your_hex"),
    CawaReason.UNKNOWN_PLAYER: N_("unknown_player"),
    CawaReason.WRONG_PHASE: N_("wrong_phase"),
    CawaReason.NOT_ENOUGH_CROWNS: N_("not_enough_crowns"),
    CawaReason.TO_ONESELF: N_("to_oneself"),
    CawaReason.NOT_REACHABLE_BY_RECEIVER: N_("not_reachable_by_receiver"),
    CawaReason.WATER_HEX: N_("water_hex"),
    CawaReason.SAME_TERRAIN: N_("same_terrain"),
    CawaReason.ALREADY_BUILT: N_("already_built"),
    CawaReason.NO_VILLAGE: N_("no_village"),
    CawaReason.TOUCHES_ENEMY: N_("touches_enemy"),
    CawaReason.TOUCHES_BUILDING: N_("touches_building"),
    CawaReason.CASTLE_RATIO: N_("castle_ratio"),
    CawaReason.BUILT_THIS_PHASE: N_("built_this_phase"),
    CawaReason.HEX_ALREADY_USED: N_("hex_already_used"),
    CawaReason.NOT_ADJACENT: N_("not_adjacent"),
    CawaReason.SOURCE_ALREADY_MOVED: N_("source_already_moved"),
    CawaReason.TARGET_ALREADY_ENTERED: N_("target_already_entered"),
    CawaReason.OWN_HEX: N_("own_hex"),
    CawaReason.POINTS_NEEDED: N_("points_needed"),
    CawaReason.BAD_POINTS: N_("bad_points"),
    CawaReason.POINTS_NOT_NEEDED: N_("points_not_needed"),
    CawaReason.NO_PO_LEFT: N_("no_po_left"),
    CawaReason.OVER_PM: N_("over_pm"),
    CawaReason.THREE_AGAINST_ONE: N_("three_against_one"),
    CawaReason.NO_PORT: N_("no_port"),
    CawaReason.TOO_FAR_BY_SEA: N_("too_far_by_sea"),
    CawaReason.NOT_WATER: N_("not_water"),
    CawaReason.NO_FLEET: N_("no_fleet"),
    CawaReason.FLEET_ALREADY_MOVED: N_("fleet_already_moved"),
    CawaReason.NO_SUCH_CONFLICT: N_("no_such_conflict"),
    CawaReason.NOT_A_SIDE: N_("not_a_side"),
    CawaReason.NOT_DEFENDER: N_("not_defender"),
    CawaReason.BAD_DEFENCE: N_("bad_defence"),
    CawaReason.BAD_REDEPLOY: N_("bad_redeploy"),
    CawaReason.ALREADY_REACTED: N_("already_reacted"),
    CawaReason.NO_SUCH_BATTLE: N_("no_such_battle"),
    CawaReason.BAD_RESULT: N_("bad_result"),
    CawaReason.DUPLICATE: N_("duplicate"),
}
"""Each reason's code as `mapjudge check` names it (`refused (not_adjacent)`):
English keeps the code, the other languages read it in words."""
