"""Words for Machiavelli's own reasons (`MachiavelliReason`), beside the board kit's."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.kits.board.results import ResultReason
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from renderers.board.words import REASON_PHRASES
from texts import N_

MACHIAVELLI_PHRASES: Mapping[ResultReason, str] = {
    MachiavelliReason.SIEGE_BEGUN: N_("siege begun; the city falls if the siege goes on next turn"),
    MachiavelliReason.CITY_TAKEN: N_("siege completed; the garrison surrendered"),
    MachiavelliReason.CONVERTED: N_("converted"),
    MachiavelliReason.SIEGE_SUPPORTED: N_("support given"),
    MachiavelliReason.GARRISON_CANNOT_MOVE: N_("a garrison cannot move (it may convert with =)"),
    MachiavelliReason.GARRISON_SUPPORT_OUTSIDE: N_("a garrison supports only into its own area"),
    MachiavelliReason.NO_FORTIFIED_CITY: N_("the area has no fortified city"),
    MachiavelliReason.NO_ENEMY_GARRISON: N_("there is no enemy garrison to besiege"),
    MachiavelliReason.NEEDS_PORT: N_("that needs a city with a port"),
    MachiavelliReason.CITY_OCCUPIED: N_("the city already holds a garrison"),
    MachiavelliReason.BAD_CONVERSION: N_("that conversion is not allowed"),
    MachiavelliReason.STRAIT_CLOSED: N_("the Messina strait is closed by another power's fleet"),
    MachiavelliReason.OUT_OF_PLAY: N_("that area is out of play in this scenario"),
    MachiavelliReason.NOT_HOME_AREA: N_("new units go only in home areas"),
    MachiavelliReason.AREA_NOT_CONTROLLED: N_("the area is not under your control"),
    MachiavelliReason.AREA_OCCUPIED: N_("there is already a unit there"),
    MachiavelliReason.PURCHASE_REFUSED: N_("the purchase is refused and costs nothing"),
    MachiavelliReason.UNPAID: N_("not paid for: the unit leaves the board"),
}
"""Words for every `MachiavelliReason` (003 §1, §3.2, §3.3, §4.4), marked for
translation (English ids)."""

PHRASES: Mapping[ResultReason, str] = {**REASON_PHRASES, **MACHIAVELLI_PHRASES}
"""Words for every reason a Machiavelli result carries: the kit's and its own
(English ids: the board's report translates them)."""
