"""Levels of success and their words (rulebook 001, "Acciones Complejas").

A complex action's outcome depends on its successes (N-009): none is a
failure (a botch when a 1 showed, NAMB-01), 1 escaso (N-010), 2 moderado
(N-011), 3 completo (N-012), 4 notable (N-013), 5 or more excelente
(N-014). The Narrator's ruling may give the words of an example's outcomes
by successes (`Ruling.levels`: the parachute N-016, the sentry N-028); a
level the ruling does not describe takes the words of the largest count it
does describe below it, and 4 successes with no words of their own read as
the 3-success outcome plus the notable slight bonus (NAMB-03).
"""

from __future__ import annotations

from collections.abc import Mapping

from adjudicator.rulesets.narrativo.outcome import Level

COMPLETE_AT = 3
"""N-015: three successes suffice for a complex action."""
NOTABLE_AT = 4
EXCELLENT_AT = 5

_BY_COUNT = {1: Level.SCANT, 2: Level.MODERATE, 3: Level.COMPLETE, 4: Level.NOTABLE}

RULE_WORDS: Mapping[Level, str] = {
    Level.BOTCH: "a botch: the action fails badly",
    Level.FAILURE: "no success: the action fails",
    Level.SCANT: "a grave penalty if accepted",
    Level.MODERATE: "a slight penalty",
    Level.COMPLETE: "satisfactory",
    Level.NOTABLE: "a slight bonus",
    Level.EXCELLENT: "a strong bonus that may ease later rolls",
}
"""The rule's words for each level (N-010 .. N-014)."""

_ORDER = (
    Level.BOTCH,
    Level.FAILURE,
    Level.SCANT,
    Level.MODERATE,
    Level.COMPLETE,
    Level.NOTABLE,
    Level.EXCELLENT,
)


def level_of(successes: int, *, botch: bool = False) -> Level:
    """The level of `successes` (N-010 .. N-014); a botch is `pifia`."""
    if botch:
        return Level.BOTCH
    if successes <= 0:
        return Level.FAILURE
    if successes >= EXCELLENT_AT:
        return Level.EXCELLENT
    return _BY_COUNT[successes]


def worst(levels: tuple[Level, ...]) -> Level:
    """The lowest of `levels` (a botch below a failure below escaso ...);
    a failure when there is none."""
    return min(levels, key=_ORDER.index, default=Level.FAILURE)


def count_words(successes: int) -> str:
    """`no success`, `1 success`, `3 successes`."""
    if successes <= 0:
        return "no success"
    return f"{successes} success" + ("" if successes == 1 else "es")


def level_words(level: Level, successes: int, own: Mapping[int, str]) -> str:
    """The outcome's words: the ruling's words for the largest count
    ≤ `successes` (NAMB-03; a botch looks up 0), else the rule's words for
    the level (N-010 .. N-014); 4 successes the ruling does not describe,
    when it describes 3, read as its 3-success words plus the notable slight
    bonus (NAMB-03)."""
    count = 0 if level is Level.BOTCH else max(0, successes)
    keys = [k for k in own if k <= count]
    if not keys:
        return RULE_WORDS[level]
    key = max(keys)
    words = own[key]
    if count == NOTABLE_AT and key == COMPLETE_AT:
        return f"{words}; notable: {RULE_WORDS[Level.NOTABLE]}"
    if level is Level.BOTCH:
        return f"{RULE_WORDS[Level.BOTCH]}; {words}"
    return words


def outcome_sentence(successes: int, level: Level, own: Mapping[int, str]) -> str:
    """`3 successes: completo — toma tierra más o menos bien` (N-009,
    NAMB-03); a botch `a botch (pifia) — ...`."""
    head = "a botch (pifia)" if level is Level.BOTCH else f"{count_words(successes)}: {level}"
    return f"{head} — {level_words(level, successes, own)}"
