"""Diplomacia toward a nation without a player (rulebook 000 "Tratados";
O-234, O-235, AMB-41).

The GM "negotiates" for the NsJ by the Diplomacia's success level and the
reasonableness of the terms (O-234): the judge cannot weigh terms, so it
tells the GM the level and whether the vassalage threshold of O-235 is met
(AMB-41: no automatic counter-measure, the NsJ is not harmed). Earlier
successes count as precedent from the precedent streak of the same
Diplomacia toward the same nation, before this year's roll is recorded;
"after losing a conflict" is read as: the two are at war now (a lost war is
the GM's judgement; he may say so in his answer).
"""

from __future__ import annotations

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.vassals import accepts_vassalage
from adjudicator.rulesets.orbis.precedent import History
from texts import T_


def earlier_successes(history: History, actor: str, target: str) -> int:
    """The actor's Diplomacia successes in a row toward `target` before this
    year (the precedent streak, AMB-05), 0 after a failure."""
    streak = history.get((actor, Statistic.DIPLOMACIA, target))
    return streak.count if streak is not None and streak.success else 0


def nsj_diplomacy_note(
    actor_name: str, nsj_name: str, level: Level, *, at_war: bool, precedents: int
) -> str:
    """The note for the GM on a Diplomacia toward a NsJ (O-234, O-235,
    AMB-41): the level he negotiates by, and whether a vassalage would be
    accepted."""
    accepts = accepts_vassalage(level, at_war, precedents)
    why = (
        T_("any success after a lost conflict")
        if at_war and level.success
        else T_(
            "ME or EC, or a success with 2 earlier successes (has {precedents})",
            precedents=precedents,
        )
    )
    values = {"actor": actor_name, "nsj": nsj_name, "level": level.value, "why": why}
    if accepts:
        return T_(
            "Diplomacia of {actor} toward {nsj} (no player) at {level}:"
            " the GM answers for {nsj} by this level and the terms' reasonableness"
            " (O-234); a vassalage would be accepted ({why}; O-235, AMB-41)",
            **values,
        )
    return T_(
        "Diplomacia of {actor} toward {nsj} (no player) at {level}:"
        " the GM answers for {nsj} by this level and the terms' reasonableness"
        " (O-234); a vassalage would not be accepted ({why}; O-235, AMB-41)",
        **values,
    )
