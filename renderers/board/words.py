"""Words every board report uses: the kit's reasons, power names, count lines.

A ruleset with reasons of its own gives their words in its rendering
(`renderers.board.rendering.BoardRendering.phrases`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from adjudicator.core.phase import KIND_WORDS, SEASON_WORDS, Phase
from adjudicator.kits.board.results import Reason, ResultReason
from maps.model import GameMap
from texts import N_, _

REASON_PHRASES: Mapping[ResultReason, str] = {
    Reason.MOVED: N_("moved"),
    Reason.HELD: N_("held"),
    Reason.SUPPORT_GIVEN: N_("support given"),
    Reason.CONVOY_GIVEN: N_("convoyed"),
    Reason.RETREATED: N_("retreated"),
    Reason.DISBANDED: N_("disbanded"),
    Reason.BUILT: N_("built"),
    Reason.REMOVED: N_("removed"),
    Reason.WAIVED: N_("build waived"),
    Reason.BOUNCED: N_("bounced"),
    Reason.DISLODGED: N_("dislodged"),
    Reason.CUT: N_("support cut"),
    Reason.NO_PATH: N_("no convoy route was left; the army stays"),
    Reason.NOT_MATCHED: N_("the other unit did not order that; no effect"),
    Reason.OWN_UNIT: N_("would have dislodged its own power's unit; it stays"),
    Reason.RETREAT_CLASH: N_("another unit retreated there too; both disbanded"),
    Reason.DESTROYED: N_("no legal retreat or no retreat order; disbanded"),
    Reason.CIVIL_DISORDER: N_("removed by the civil disorder rule"),
    Reason.DEFAULT_HOLD: N_("no order; it holds"),
    Reason.NO_UNIT: N_("there is no such unit there"),
    Reason.NOT_YOUR_UNIT: N_("the unit is not yours"),
    Reason.WRONG_UNIT_KIND: N_("that kind of unit cannot go there"),
    Reason.UNREACHABLE: N_("the destination is not next to the unit"),
    Reason.BAD_COAST: N_("wrong or missing coast"),
    Reason.SAME_AREA: N_("a unit cannot move to where it is"),
    Reason.SUPPORT_UNREACHABLE: N_("the supporting unit could not move there itself"),
    Reason.SUPPORT_SELF: N_("a unit cannot support itself"),
    Reason.CONVOY_NOT_AT_SEA: N_("only a fleet at sea can convoy"),
    Reason.ONLY_ARMIES_CONVOYED: N_("only armies can be convoyed"),
    Reason.DUPLICATE: N_("the unit was given another order"),
    Reason.WRONG_PHASE: N_("that order does not belong in this phase"),
    Reason.NOT_DISLODGED: N_("the unit was not dislodged"),
    Reason.RETREAT_TO_ATTACKER: N_("a unit cannot retreat to where the attack came from"),
    Reason.RETREAT_TO_STANDOFF: N_("a unit cannot retreat to an area left empty by a standoff"),
    Reason.RETREAT_OCCUPIED: N_("a unit cannot retreat to an occupied area"),
    Reason.NOT_HOME_CENTER: N_("builds go only in home supply centres"),
    Reason.CENTER_NOT_OWNED: N_("the centre is not yours"),
    Reason.CENTER_OCCUPIED: N_("the centre is occupied"),
    Reason.NO_BUILDS: N_("no builds are due"),
    Reason.NO_REMOVALS: N_("no removals are due"),
}
"""Words for every reason of the board kit (`Reason`): English message ids,
translated where the report prints them (`renderers.board.report.reason_text`)."""


def power_name(game_map: GameMap, power: str) -> str:
    """A power's name in the language being written (its id if the map has
    no such power)."""
    info = game_map.powers.get(power)
    return info.local_name if info else power


def count_line(label: str, counted: Sequence[str], units: int) -> str:
    """`  Supply centres: 4 (BER, KIE, MUN, DEN); units: 3; builds 1`: what a power
    holds against its units, and the builds or removals that follow. `label`
    is an English message id (or words already translated)."""
    balance = len(counted) - units
    if balance > 0:
        due = _("builds {n}").format(n=balance)
    elif balance:
        due = _("removals {n}").format(n=-balance)
    else:
        due = _("no change")
    listed = f" ({', '.join(counted)})" if counted else ""
    line = _("{label}: {count}{listed}; units: {units}; {due}")
    return "  " + line.format(
        label=_(label), count=len(counted), listed=listed, units=units, due=due
    )


def season_year(phase: Phase) -> str:
    """`Spring 1901`, in the language being written."""
    if phase.season is None or phase.season not in SEASON_WORDS:
        return phase.title.rsplit(" ", 1)[0]
    season = _(SEASON_WORDS[phase.season])
    return _("{season} {year}").format(season=season, year=phase.year)


def kind_word(phase: Phase) -> str:
    """`movement`, in the language being written."""
    known = KIND_WORDS.get(phase.kind)
    return _(known) if known is not None else phase.title.rsplit(" ", 1)[-1]
