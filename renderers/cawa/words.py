"""The words of CaWa's reports: each reason a line is accepted or refused, each
phase's name and what the next phase needs from whom (004; AC-01)."""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import MoveKind
from adjudicator.rulesets.cawa.state import CawaPhaseKind
from maps.cawa.model import Terrain
from texts import DEFAULT_LANGUAGE, N_, Text, _, current_language, tr

REASONS: Mapping[CawaReason, str] = {
    CawaReason.DONE: N_("done"),
    CawaReason.UNKNOWN_HEX: N_("no such hex on the map"),
    CawaReason.NOT_YOUR_HEX: N_("not your hex"),
    CawaReason.UNKNOWN_PLAYER: N_("no such player"),
    CawaReason.WRONG_PHASE: N_("not a line of this phase"),
    CawaReason.NOT_ENOUGH_CROWNS: N_("refused, nothing charged: the treasury cannot pay for it"),
    CawaReason.TO_ONESELF: N_("refused: one cannot give to oneself"),
    CawaReason.NOT_REACHABLE_BY_RECEIVER: N_(
        "refused: the receiver could not reach that hex (next to one of his hexes, "
        "or by sea from his village or castle: CC-E-14)"
    ),
    CawaReason.WATER_HEX: N_("refused: a water hex (nobody lives at sea)"),
    CawaReason.SAME_TERRAIN: N_("refused: the hex already has that terrain"),
    CawaReason.ALREADY_BUILT: N_("refused: the hex already has a building"),
    CawaReason.NO_VILLAGE: N_("refused: a castle needs a village that stood there at the start"),
    CawaReason.TOUCHES_ENEMY: N_("refused: the hex touches another player's hex (CC-M-10)"),
    CawaReason.TOUCHES_BUILDING: N_("refused: the hex touches a building (CC-M-10)"),
    CawaReason.CASTLE_RATIO: N_("refused: villages must be three times the castles (CC-M-18)"),
    CawaReason.BUILT_THIS_PHASE: N_("refused: built this phase already"),
    CawaReason.HEX_ALREADY_USED: N_("refused: the hex was given or abandoned earlier this phase"),
    CawaReason.NOT_ADJACENT: N_("refused: the hexes do not touch"),
    CawaReason.SOURCE_ALREADY_MOVED: N_("refused: one move per hex (CC-MV-5)"),
    CawaReason.TARGET_ALREADY_ENTERED: N_("refused: you already move into that hex (CC-MV-5)"),
    CawaReason.OWN_HEX: N_("refused: the hex is already yours"),
    CawaReason.POINTS_NEEDED: N_("refused: an invasion needs its points (1000, 1500 or 2000)"),
    CawaReason.BAD_POINTS: N_("refused: invasions are of 1000, 1500 or 2000 points (CC-MV-10)"),
    CawaReason.POINTS_NOT_NEEDED: N_("refused: a move into a free hex takes no points"),
    CawaReason.NO_PO_LEFT: N_("refused: no invasion left this turn (PO, CC-MV-11)"),
    CawaReason.OVER_PM: N_("refused: the invasions would pass your PM (CC-MV-12)"),
    CawaReason.THREE_AGAINST_ONE: N_("refused: at most 3 invasions against one player (CC-CF-14)"),
    CawaReason.NO_PORT: N_("refused: ships leave from a village or castle by the sea (CC-MV-13)"),
    CawaReason.TOO_FAR_BY_SEA: N_("refused: more than 3 water hexes away (CC-MV-13)"),
    CawaReason.NOT_WATER: N_("refused: fleets stay on water hexes"),
    CawaReason.NO_FLEET: N_("refused: you have no fleet there"),
    CawaReason.FLEET_ALREADY_MOVED: N_("refused: the fleet has moved already"),
    CawaReason.NO_SUCH_CONFLICT: N_("refused: no conflict there"),
    CawaReason.NOT_A_SIDE: N_("refused: not a side of that conflict"),
    CawaReason.NOT_DEFENDER: N_("refused: only the hex's owner defends it"),
    CawaReason.BAD_DEFENCE: N_("refused: a defence is 500 to 2000 per invader, in steps of 500"),
    CawaReason.BAD_REDEPLOY: N_("refused: an army changes by 500 at most, never to 0 (CC-B-7)"),
    CawaReason.ALREADY_REACTED: N_("refused: the reactions were given already (CC-B-33)"),
    CawaReason.NO_SUCH_BATTLE: N_("refused: no battle there"),
    CawaReason.BAD_RESULT: N_("refused: that result does not fit the battle"),
    CawaReason.DUPLICATE: N_("refused: given twice"),
}

NEXT_STEP: Mapping[CawaPhaseKind, str] = {
    CawaPhaseKind.ECONOMY: N_(
        "Every player: send your economy declarations (gifts, buildings...)."
    ),
    CawaPhaseKind.MOVEMENT: N_(
        "Every player: send your movement declarations (expansions, invasions, ships, fleets)."
    ),
    CawaPhaseKind.SKIRMISHES: N_("Referee: send the skirmish results (who won each skirmish)."),
    CawaPhaseKind.REACTIONS: N_(
        "Every player: send all your reactions at once, before the first battle "
        "(defend with how many points, or withdraw: CC-B-33)."
    ),
    CawaPhaseKind.BATTLES: N_(
        "Referee: send the battle results (result, points fielded, penalties)."
    ),
}


def reason_text(reason: CawaReason) -> str:
    return _(REASONS[reason])


def next_step(kind: CawaPhaseKind) -> str:
    """What the phase of `kind` needs from whom, in the current language."""
    return _(NEXT_STEP[kind])


PHASE_TITLES: Mapping[CawaPhaseKind, str] = {
    CawaPhaseKind.ECONOMY: N_("Turn {turn} economy"),
    CawaPhaseKind.MOVEMENT: N_("Turn {turn} movement"),
    CawaPhaseKind.SKIRMISHES: N_("Turn {turn} skirmishes"),
    CawaPhaseKind.REACTIONS: N_("Turn {turn} reactions"),
    CawaPhaseKind.BATTLES: N_("Turn {turn} battles"),
}


def phase_title(phase: Phase) -> str:
    """`Turn 3 movement` (the phase's English title) in the current language."""
    return _(PHASE_TITLES[CawaPhaseKind(phase.kind)]).format(turn=phase.turn)


def terrain_word(terrain: Terrain) -> str:
    """A terrain's name (its value in English) in the current language."""
    return tr(terrain.word)


MOVE_WORDS: Mapping[MoveKind, str] = {
    MoveKind.LAND: N_("land"),
    MoveKind.SEA: N_("sea"),
    MoveKind.FLEET: N_("fleet"),
}


def move_word(kind: MoveKind) -> str:
    """How a move came (`land`, `sea`, `fleet`) in the current language."""
    return _(MOVE_WORDS[kind])


def told(value: object, names: Mapping[str, str]) -> str:
    """A message the ruleset kept (a `Text`, or plain figures) in the current
    language; outside English the players' ids among its values read as the
    names in `names` (English keeps the ids, as before translations)."""
    if current_language() == DEFAULT_LANGUAGE:
        return tr(value)
    if isinstance(value, Text):
        return tr(_named(value, names))
    return str(_named_value(value, names)) if isinstance(value, str) else tr(value)


def _named(text: Text, names: Mapping[str, str]) -> Text:
    values = {key: _named_value(value, names) for key, value in text.values}
    return Text(text.msgid, values, text.plural, text.amount)


def _named_value(value: object, names: Mapping[str, str]) -> object:
    if isinstance(value, Text):
        return _named(value, names)
    if not isinstance(value, str):
        return value
    if value in names:
        return names[value]
    parts = value.split(", ")
    if len(parts) > 1 and all(part in names for part in parts):
        return ", ".join(names[part] for part in parts)
    return value
