"""Voluntad checks of self-control and pain (rulebook 001 "Voluntad",
N-091 .. N-128; readings NAMB-13, NAMB-15, NAMB-29).

The pool is the permanent Voluntad rating (N-093, NAMB-29), not the points
left, with the standing terms (the health penalty N-095, tiredness,
effects). Fear, fury or another emotion (N-120) at 6 (N-094) moved by the
situations of fear (N-096 .. N-109, NAMB-14) or fury (N-110 .. N-119; very
tired counted by itself when Fatiga > Resistencia, N-119). The ladder
(N-121 .. N-124, NAMB-13): 3 successes repress the emotion; 2 and 1 leave
−1 and −2 dice; 4 and 5 (6+ read as 5) +1 and +2 dice; a failure (no
success, or a botch) panic, rage or an outburst. Every effect lasts
(6 − Aplomo) minutes, 12 turns each, from the check's turn; none when
Aplomo ≥ 6 (NAMB-13). Pain (N-126, N-127) at 9 − Aplomo held within 2..10
(NAMB-15): each success hides the pain one minute; its penalties stay.
"""

from __future__ import annotations

from adjudicator.rulesets.narrativo.outcome import Changes, Checked, CheckResult
from adjudicator.rulesets.narrativo.penalties import WILLPOWER_KIND, tiredness
from adjudicator.rulesets.narrativo.situations import (
    CheckContext,
    CheckRoll,
    check_roll,
    dice_words,
)
from adjudicator.rulesets.narrativo.state import TURNS_PER_MINUTE, Effect
from orders.narrativo.lazy_words import lazy
from orders.narrativo.model import Emotion, Situation
from texts import N_, T_, Tn_

BASE_DIFFICULTY = 6
"""N-094."""
REPRESSED = 3
"""N-121: three successes repress the emotion, nothing else."""
EFFECT_MINUTES = 6
"""N-122 .. N-124: effects last (6 − Aplomo) minutes."""
PAIN_BASE = 9
"""N-126: pain at 9 − Aplomo."""
PAIN_KIND = "dolor"
PAIN_STATE = N_("dolor oculto")

_FAILURE = {
    Emotion.FEAR: (N_("pánico"), N_("panics (pánico) and flees the cause of the fear")),
    Emotion.FURY: (
        N_("rabia"),
        N_("flies into a rage (rabia) and charges the source of the anger"),
    ),
    Emotion.OTHER: (N_("arrebato"), N_("is overwhelmed by the emotion (arrebato)")),
}
"""N-124: what a failure does, by emotion."""


def effect_turns(aplomo: int) -> int:
    """NAMB-13: (6 − Aplomo) minutes as turns, 12 a minute; 0 at Aplomo ≥ 6."""
    return max(0, EFFECT_MINUTES - aplomo) * TURNS_PER_MINUTE


def ladder_dice(successes: int) -> int:
    """The dice a check with `successes` (at least one) leaves on every roll
    (N-121 .. N-123, NAMB-13): 1 → −2, 2 → −1, 3 → 0, 4 → +1, 5+ → +2."""
    return min(successes, 5) - REPRESSED


def willpower_check(ctx: CheckContext) -> Checked:
    """A Voluntad check of fear, fury or another emotion (N-120 .. N-124)."""
    who = ctx.character
    emotion = ctx.call.emotion or Emotion.OTHER
    notes = () if ctx.call.emotion else (T_("a Voluntad check with no emotion: read as otra"),)
    very_tired = (Situation.VERY_TIRED,) if emotion is Emotion.FURY and tiredness(who) < 0 else ()
    roll = check_roll(
        ctx,
        ctx.label,
        (("Voluntad", who.voluntad),),
        ("base", BASE_DIFFICULTY),
        automatic=very_tired,
    )
    dice, state, what = _outcome(roll, emotion)
    head = T_(
        "Voluntad check ({emotion}): {dice}{botch}",
        emotion=emotion.value,
        dice=dice_words(roll.rolled),
        botch=_botch(roll),
    )
    turns = effect_turns(who.aplomo)
    effects: tuple[Effect, ...] = ()
    if state and turns:
        effect = Effect(
            who.id, WILLPOWER_KIND, dice, ctx.turn, ctx.turn + turns - 1, ctx.label, state
        )
        effects = (effect,)
        what = T_(
            "{what} for {minutes} min, turns {first}–{until}",
            what=what,
            minutes=turns // TURNS_PER_MINUTE,
            first=effect.first,
            until=effect.until,
        )
    elif state:
        what = T_(
            "{what}, but with Aplomo {aplomo} it lingers no time (NAMB-13)",
            what=what,
            aplomo=who.aplomo,
        )
    words = T_("{head}: {name} {what}", head=head, name=who.name, what=what)
    result = CheckResult(ctx.call, roll.rolled, words, ctx.call.hidden)
    return Checked(result, Changes(effects=effects, notes=notes + roll.notes))


def _outcome(roll: CheckRoll, emotion: Emotion) -> tuple[int, str, str]:
    """The effect's dice, its state (empty: no effect) and the words."""
    if roll.failed:
        state, words = _FAILURE[emotion]
        return 0, state, T_("{what} (N-124)", what=lazy(words))
    dice = ladder_dice(roll.successes)
    if dice == 0:
        return 0, "", T_("represses the emotion, nothing more (N-121)")
    if dice < 0:
        words = Tn_(
            "represses the emotion only partly: {dice} die to every roll (N-122)",
            "represses the emotion only partly: {dice} dice to every roll (N-122)",
            abs(dice),
            dice=dice,
        )
        return dice, f"secuela de {emotion.value}", words
    words = Tn_(
        "represses the emotion with exaltación: +{n} die to every roll (N-123)",
        "represses the emotion with exaltación: +{n} dice to every roll (N-123)",
        dice,
    )
    return dice, N_("exaltación"), words


def _botch(roll: CheckRoll) -> str:
    return T_(" (pifia, read as a failure: NAMB-13)") if roll.raw.botch else ""


def pain_check(ctx: CheckContext) -> Checked:
    """A Voluntad check against pain (N-126, N-127, NAMB-15): at 9 − Aplomo,
    each success hides the pain for a minute; the penalties stay."""
    who = ctx.character
    roll = check_roll(
        ctx, ctx.label, (("Voluntad", who.voluntad),), ("9 − Aplomo", PAIN_BASE - who.aplomo)
    )
    head = T_("Pain check: {dice}{botch}", dice=dice_words(roll.rolled), botch=_botch(roll))
    hidden_for = 0 if roll.failed else roll.successes
    if not hidden_for:
        words = T_("{head}: {name} cannot hide the pain (N-126)", head=head, name=who.name)
        return Checked(
            CheckResult(ctx.call, roll.rolled, words, ctx.call.hidden), Changes(notes=roll.notes)
        )
    until = ctx.turn + hidden_for * TURNS_PER_MINUTE - 1
    effect = Effect(who.id, PAIN_KIND, 0, ctx.turn, until, ctx.label, PAIN_STATE)
    words = T_(
        "{head}: {name} hides the pain for {minutes} min, turns {first}–{until}; "
        "its penalties stay (N-126, N-127)",
        head=head,
        name=who.name,
        minutes=hidden_for,
        first=ctx.turn,
        until=until,
    )
    result = CheckResult(ctx.call, roll.rolled, words, ctx.call.hidden)
    return Checked(result, Changes(effects=(effect,), notes=roll.notes))
