"""Words every board report uses: the kit's reasons, power names, count lines.

A ruleset with reasons of its own gives their words in its rendering
(`renderers.board.rendering.BoardRendering.phrases`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.kits.board.results import Reason, ResultReason
from maps.model import GameMap

REASON_PHRASES: Mapping[ResultReason, str] = {
    Reason.MOVED: "moved",
    Reason.HELD: "held",
    Reason.SUPPORT_GIVEN: "support given",
    Reason.CONVOY_GIVEN: "convoyed",
    Reason.RETREATED: "retreated",
    Reason.DISBANDED: "disbanded",
    Reason.BUILT: "built",
    Reason.REMOVED: "removed",
    Reason.WAIVED: "build waived",
    Reason.BOUNCED: "bounced",
    Reason.DISLODGED: "dislodged",
    Reason.CUT: "support cut",
    Reason.NO_PATH: "no convoy route was left; the army stays",
    Reason.NOT_MATCHED: "the other unit did not order that; no effect",
    Reason.OWN_UNIT: "would have dislodged its own power's unit; it stays",
    Reason.RETREAT_CLASH: "another unit retreated there too; both disbanded",
    Reason.DESTROYED: "no legal retreat or no retreat order; disbanded",
    Reason.CIVIL_DISORDER: "removed by the civil disorder rule",
    Reason.DEFAULT_HOLD: "no order; it holds",
    Reason.NO_UNIT: "there is no such unit there",
    Reason.NOT_YOUR_UNIT: "the unit is not yours",
    Reason.WRONG_UNIT_KIND: "that kind of unit cannot go there",
    Reason.UNREACHABLE: "the destination is not next to the unit",
    Reason.BAD_COAST: "wrong or missing coast",
    Reason.SAME_AREA: "a unit cannot move to where it is",
    Reason.SUPPORT_UNREACHABLE: "the supporting unit could not move there itself",
    Reason.SUPPORT_SELF: "a unit cannot support itself",
    Reason.CONVOY_NOT_AT_SEA: "only a fleet at sea can convoy",
    Reason.ONLY_ARMIES_CONVOYED: "only armies can be convoyed",
    Reason.DUPLICATE: "the unit was given another order",
    Reason.WRONG_PHASE: "that order does not belong in this phase",
    Reason.NOT_DISLODGED: "the unit was not dislodged",
    Reason.RETREAT_TO_ATTACKER: "a unit cannot retreat to where the attack came from",
    Reason.RETREAT_TO_STANDOFF: "a unit cannot retreat to an area left empty by a standoff",
    Reason.RETREAT_OCCUPIED: "a unit cannot retreat to an occupied area",
    Reason.NOT_HOME_CENTER: "builds go only in home supply centres",
    Reason.CENTER_NOT_OWNED: "the centre is not yours",
    Reason.CENTER_OCCUPIED: "the centre is occupied",
    Reason.NO_BUILDS: "no builds are due",
    Reason.NO_REMOVALS: "no removals are due",
}
"""Words for every reason of the board kit (`Reason`)."""


def power_name(game_map: GameMap, power: str) -> str:
    info = game_map.powers.get(power)
    return info.name if info else power


def count_line(label: str, counted: Sequence[str], units: int) -> str:
    """`  Supply centres: 4 (BER, KIE, MUN, DEN); units: 3; builds 1`: what a power
    holds against its units, and the builds or removals that follow."""
    balance = len(counted) - units
    due = f"builds {balance}" if balance > 0 else f"removals {-balance}" if balance else "no change"
    listed = f" ({', '.join(counted)})" if counted else ""
    return f"  {label}: {len(counted)}{listed}; units: {units}; {due}"
