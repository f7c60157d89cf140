"""Machiavelli's own reasons: why an order ended as it did, beyond the board kit's.

A Machiavelli result carries either one of the kit's `Reason`s (moved,
bounced, illegal:unreachable...) or one of these. Values are stable: the
JSON output uses them, and they never clash with the kit's.
"""

from __future__ import annotations

from enum import StrEnum


class MachiavelliReason(StrEnum):
    """Reasons only Machiavelli gives (003 §1, §3.2, §3.3, §4.4)."""

    # carried out (003 §3.3, §4.4)
    SIEGE_BEGUN = "siege_begun"  # first turn of a siege done
    CITY_TAKEN = "city_taken"  # second turn: the besieged garrison surrenders
    CONVERTED = "converted"  # the unit changed kind
    SIEGE_SUPPORTED = "siege_supported"  # hold support given to a besieging unit
    # illegal (003 §3.2, §3.3, §1): the order becomes a hold, or is ignored
    GARRISON_CANNOT_MOVE = "illegal:garrison_cannot_move"
    GARRISON_SUPPORT_OUTSIDE = "illegal:garrison_support_outside"
    NO_FORTIFIED_CITY = "illegal:no_fortified_city"
    NO_ENEMY_GARRISON = "illegal:no_enemy_garrison"
    NEEDS_PORT = "illegal:needs_port"
    CITY_OCCUPIED = "illegal:city_occupied"
    BAD_CONVERSION = "illegal:bad_conversion"
    STRAIT_CLOSED = "illegal:strait_closed"
    OUT_OF_PLAY = "illegal:out_of_play"
    NOT_HOME_AREA = "illegal:not_home_area"
    AREA_NOT_CONTROLLED = "illegal:area_not_controlled"
    AREA_OCCUPIED = "illegal:area_occupied"
    # finances (003 §5.4): a purchase the treasury or the rules refuse, a unit not paid for
    PURCHASE_REFUSED = "illegal:purchase_refused"
    UNPAID = "unpaid"

    @property
    def illegal(self) -> bool:
        return self.value.startswith("illegal:")
