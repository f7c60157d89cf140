"""The players' answers to the choices a Moral check leaves them (rulebook
001 "Liderazgo y Moral"; N-081, N-082, NAMB-11).

After a moralising gain of 5 or more (N-081): `recupera`, a spent Voluntad
point back (never below 0 spent), or `dados`, +2 dice to one of the next
actions (an effect spent on the next action). After a demoralising loss of
5 or more (N-082, NAMB-11): `voluntad`, the permanent Voluntad −1, or
`trauma`, the Trauma of the band reported for the Narrator to play.

`owed` finds the pending choice an answer settles (by its id, or the
oldest of the character's choices offering that option); an answer nothing
is owed for changes nothing and says so.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from adjudicator.rulesets.narrativo.outcome import Changes
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState, PendingChoice
from orders.narrativo.lazy_words import lazy
from orders.narrativo.model import Choice, ChoiceKind
from texts import N_, T_, either

BONUS_KIND = "bonus"
BONUS_DICE = 2
"""N-081: +2 dice to one of the next actions."""
UNTIL_USED = 10**9
"""The bonus has no end but its use (N-081): its last turn is far away."""

Answer = Callable[[Character, PendingChoice, int], tuple[Changes, str]]


def owed(state: NarrativoState, choice: Choice) -> PendingChoice | None:
    """The pending choice `choice` answers: the one of its `ref`, or the
    oldest of the character's offering that option; None when none."""
    mine = [p for p in state.choices if p.character == choice.character]
    if choice.ref is not None:
        mine = [p for p in mine if p.id == choice.ref]
    fitting = [p for p in mine if choice.choice in p.options]
    return min(fitting, key=lambda p: p.since) if fitting else None


def apply_choice(state: NarrativoState, choice: Choice, turn: int) -> tuple[Changes, str]:
    """What `choice` changes at clock `turn`, and the words for the report.
    The pending choice it settles is `owed(state, choice)`, to be taken off
    the state's choices."""
    pending = owed(state, choice)
    who = state.find(choice.character)
    if pending is None or who is None:
        return Changes(), _not_owed(state, choice)
    answer = _ANSWERS.get(choice.choice)
    if answer is None:
        return Changes(), T_(
            "{name}'s choice {choice} is settled with the actions",
            name=who.name,
            choice=choice.choice.value,
        )
    return answer(who, pending, turn)


def _not_owed(state: NarrativoState, choice: Choice) -> str:
    name = state.find(choice.character)
    who = name.name if name else repr(choice.character)
    which = f" {choice.ref}" if choice.ref else ""  # an id, not words
    offered = [
        p
        for p in state.choices
        if p.character == choice.character and (choice.ref is None or p.id == choice.ref)
    ]
    if not offered:
        return T_(
            "{name} owes no choice{which}: `elige {choice}` changes nothing",
            name=who,
            which=which,
            choice=choice.choice.value,
        )
    options = [o.value for p in offered for o in p.options]
    return T_(
        "{name} owes no choice{which} offering {choice} (owed: {options}): nothing changes",
        name=who,
        which=which,
        choice=choice.choice.value,
        options=either(options),
    )


def _trauma(who: Character, pending: PendingChoice, turn: int) -> tuple[Changes, str]:
    """NAMB-11: the Trauma of the band, for the Narrator to play."""
    words = T_(
        "{name} chooses the Trauma: {about}; the Narrator plays it (NAMB-11)",
        name=who.name,
        about=lazy(pending.about) if type(pending.about) is str else pending.about,
    )
    return Changes(notes=(words,)), words


def _lose_willpower(who: Character, pending: PendingChoice, turn: int) -> tuple[Changes, str]:
    """N-082, NAMB-11: the permanent Voluntad −1 (never below 0)."""
    after = max(0, who.voluntad - 1)
    changed = replace(who, voluntad=after, voluntad_spent=min(who.voluntad_spent, after))
    words = T_(
        "{name} chooses to lose 1 Voluntad: Voluntad {before} → {after} (NAMB-11)",
        name=who.name,
        before=who.voluntad,
        after=after,
    )
    return Changes(characters=(changed,)), words


def _recover_willpower(who: Character, pending: PendingChoice, turn: int) -> tuple[Changes, str]:
    """N-081: a spent Voluntad point back (spent never below 0)."""
    if who.voluntad_spent <= 0:
        words = T_(
            "{name} chooses to recover a Voluntad point, but has none spent (N-081)",
            name=who.name,
        )
        return Changes(), words
    changed = replace(who, voluntad_spent=who.voluntad_spent - 1)
    words = T_(
        "{name} recovers a spent Voluntad point: Voluntad left {before} → {after} (N-081)",
        name=who.name,
        before=who.voluntad_left,
        after=changed.voluntad_left,
    )
    return Changes(characters=(changed,)), words


def _bonus_dice(who: Character, pending: PendingChoice, turn: int) -> tuple[Changes, str]:
    """N-081: +2 dice to one of the next actions (used up by it)."""
    effect = Effect(
        who.id,
        BONUS_KIND,
        BONUS_DICE,
        turn,
        UNTIL_USED,
        pending.id,
        N_("+2 dados a la siguiente acción"),
        next_action=True,
    )
    words = T_("{name} takes +2 dice to the next action (N-081)", name=who.name)
    return Changes(effects=(effect,)), words


_ANSWERS: dict[ChoiceKind, Answer] = {
    ChoiceKind.TRAUMA: _trauma,
    ChoiceKind.LOSE_WILLPOWER: _lose_willpower,
    ChoiceKind.RECOVER_WILLPOWER: _recover_willpower,
    ChoiceKind.BONUS_DICE: _bonus_dice,
}
