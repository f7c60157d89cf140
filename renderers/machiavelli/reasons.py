"""Words for Machiavelli's own reasons (`MachiavelliReason`), beside the board kit's."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.kits.board.results import ResultReason
from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from renderers.board.words import REASON_PHRASES

MACHIAVELLI_PHRASES: Mapping[ResultReason, str] = {
    MachiavelliReason.SIEGE_BEGUN: "siege begun; the city falls if the siege goes on next turn",
    MachiavelliReason.CITY_TAKEN: "siege completed; the garrison surrendered",
    MachiavelliReason.CONVERTED: "converted",
    MachiavelliReason.SIEGE_SUPPORTED: "support given",
    MachiavelliReason.GARRISON_CANNOT_MOVE: "a garrison cannot move (it may convert with =)",
    MachiavelliReason.GARRISON_SUPPORT_OUTSIDE: "a garrison supports only into its own area",
    MachiavelliReason.NO_FORTIFIED_CITY: "the area has no fortified city",
    MachiavelliReason.NO_ENEMY_GARRISON: "there is no enemy garrison to besiege",
    MachiavelliReason.NEEDS_PORT: "that needs a city with a port",
    MachiavelliReason.CITY_OCCUPIED: "the city already holds a garrison",
    MachiavelliReason.BAD_CONVERSION: "that conversion is not allowed",
    MachiavelliReason.STRAIT_CLOSED: "the Messina strait is closed by another power's fleet",
    MachiavelliReason.OUT_OF_PLAY: "that area is out of play in this scenario",
    MachiavelliReason.NOT_HOME_AREA: "new units go only in home areas",
    MachiavelliReason.AREA_NOT_CONTROLLED: "the area is not under your control",
    MachiavelliReason.AREA_OCCUPIED: "there is already a unit there",
    MachiavelliReason.PURCHASE_REFUSED: "the purchase is refused and costs nothing",
    MachiavelliReason.UNPAID: "not paid for: the unit leaves the board",
}
"""Words for every `MachiavelliReason` (003 §1, §3.2, §3.3, §4.4)."""

PHRASES: Mapping[ResultReason, str] = {**REASON_PHRASES, **MACHIAVELLI_PHRASES}
"""Words for every reason a Machiavelli result carries: the kit's and its own."""
