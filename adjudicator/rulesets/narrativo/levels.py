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
from adjudicator.rulesets.narrativo.vocabulary import word
from orders.narrativo.lazy_words import lazy
from texts import N_, T_, Tn_

COMPLETE_AT = 3
"""N-015: three successes suffice for a complex action."""
NOTABLE_AT = 4
EXCELLENT_AT = 5

_BY_COUNT = {1: Level.SCANT, 2: Level.MODERATE, 3: Level.COMPLETE, 4: Level.NOTABLE}

RULE_WORDS: Mapping[Level, str] = {
    Level.BOTCH: N_("a botch: the action fails badly"),
    Level.FAILURE: N_("no success: the action fails"),
    Level.SCANT: N_("a grave penalty if accepted"),
    Level.MODERATE: N_("a slight penalty"),
    Level.COMPLETE: N_("satisfactory"),
    Level.NOTABLE: N_("a slight bonus"),
    Level.EXCELLENT: N_("a strong bonus that may ease later rolls"),
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
        return T_("no success")
    return Tn_("{n} success", "{n} successes", successes)


def level_words(level: Level, successes: int, own: Mapping[int, str]) -> str:
    """The outcome's words: the ruling's words for the largest count
    ≤ `successes` (NAMB-03; a botch looks up 0), else the rule's words for
    the level (N-010 .. N-014); 4 successes the ruling does not describe,
    when it describes 3, read as its 3-success words plus the notable slight
    bonus (NAMB-03)."""
    count = 0 if level is Level.BOTCH else max(0, successes)
    keys = [k for k in own if k <= count]
    if not keys:
        return lazy(RULE_WORDS[level])
    key = max(keys)
    words = own[key]
    if count == NOTABLE_AT and key == COMPLETE_AT:
        return T_("{words}; notable: {bonus}", words=words, bonus=lazy(RULE_WORDS[Level.NOTABLE]))
    if level is Level.BOTCH:
        return T_("{botch}; {words}", botch=lazy(RULE_WORDS[Level.BOTCH]), words=words)
    return words


def outcome_sentence(successes: int, level: Level, own: Mapping[int, str]) -> str:
    """`3 successes: completo — toma tierra más o menos bien` (N-009,
    NAMB-03); a botch `a botch (pifia) — ...`."""
    head = (
        T_("a botch (pifia)")
        if level is Level.BOTCH
        else T_("{count}: {level}", count=count_words(successes), level=level_word(level))
    )
    return T_("{head} — {words}", head=head, words=level_words(level, successes, own))


def level_word(level: Level) -> str:
    """The level's word in the reader's language when printed."""
    return word(level)
