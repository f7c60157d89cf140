"""Why a CaWa line was accepted or refused (004), and the verdict on one line.

The renderer turns a reason into words; `detail` carries the figures of the
case (what the treasury held, the PO left...). Lines are judged in the order
written; a refused line costs nothing (AC-06, AC-26).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from orders.cawa.model import CawaOrder


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
