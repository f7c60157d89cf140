"""Liderazgo checks of Moral (rulebook 001 "Liderazgo y Moral", N-050 ..
N-090; readings NAMB-10, NAMB-11, NAMB-12).

Moral is the sheet's `moral`, a value the Narrator sets (NAMB-12); the
historical modifier (N-089) is the sheet's `historical`, shown beside it and
never added to the pool. A check rolls Liderazgo (N-052) with the standing
terms (the health penalty N-059, tiredness, effects) at 6, moved by the
situations (N-053 .. N-058; rested, N-057, counted by itself at Fatiga 0)
and the Narrator's modifiers, held within 2..10. It never botches nor crits
(N-064). Its direction is the trigger's (N-061): moralising adds one point
per success (N-062, NAMB-10), demoralising takes 5 − successes, or 5 + one
per 1 when nothing succeeded (N-063, NAMB-10), Moral never below 0. A gain
of 5 or more leaves a choice (N-081); a loss of 5 or more leaves the choice
of −1 Voluntad or the Trauma of the Moral after the loss (N-082 .. N-088,
NAMB-11), forced when Voluntad is 0.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.outcome import Changes, Checked, CheckResult
from adjudicator.rulesets.narrativo.sheet import Character, Condition
from adjudicator.rulesets.narrativo.sheet_files import MORAL_MOST
from adjudicator.rulesets.narrativo.situations import CheckContext, check_roll, dice_words
from adjudicator.rulesets.narrativo.state import NarrativoState, PendingChoice
from adjudicator.rulesets.narrativo.vocabulary import word
from orders.narrativo.lazy_words import cat, lazy
from orders.narrativo.model import ChoiceKind, MoralTrigger, Situation
from texts import N_, T_

BASE_DIFFICULTY = 6
"""N-052."""
CHOICE_AT = 5
"""N-081, N-082: a gain or a loss of 5 or more leaves a choice."""
CANNOT_CHECK = frozenset(
    {
        Condition.STUNNED,
        Condition.DYING,
        Condition.KNOCKED_OUT,
        Condition.ASLEEP,
        Condition.DEAD,
    }
)
"""N-060: Conmocionados, Moribundos and Noqueados cannot check; nor the
asleep or the dead."""

TRAUMAS: tuple[tuple[int, str], ...] = (
    (0, N_("Trauma of Moral 0 (N-083): suicide, to escape a grim reality")),
    (
        5,
        N_(
            "Trauma of Moral 1–5 (N-084): a deep depression; sinks into apathy, cut off "
            "from reality, refusing to move or to obey orders"
        ),
    ),
    (10, N_("Trauma of Moral 6–10 (N-085): tries to desert, or surrenders if the enemy threatens")),
    (
        15,
        N_(
            "Trauma of Moral 11–15 (N-086): hysteria; fires frantically at anything felt "
            "as a threat, flees when out of ammunition, surrenders if cornered"
        ),
    ),
    (
        20,
        N_(
            "Trauma of Moral 16–20 (N-087): combat psychosis; a murderous fury, charges "
            "any enemy in sight heedless of danger, strikes any friend who tries to stop him"
        ),
    ),
    (
        25,
        N_(
            "Trauma of Moral 21–25 (N-088): homicidal paranoia; cannot tell friend from "
            "foe when threatened and attacks anyone he believes armed nearby"
        ),
    ),
)
"""The Trauma bands by Moral, each by its upper bound (N-083 .. N-088)."""


def trauma(moral: int) -> str:
    """The Trauma of the band of `moral`; above 25 the 21–25 band's
    (NAMB-11), below 0 the band of 0."""
    for upper, words in TRAUMAS:
        if moral <= upper:
            return lazy(words)
    return lazy(TRAUMAS[-1][1])


def demoralising_loss(successes: int, ones: int) -> int:
    """N-063, NAMB-10: max(0, 5 − successes) when the roll has successes,
    5 + its 1s when it has none."""
    if successes > 0:
        return max(0, CHOICE_AT - successes)
    return CHOICE_AT + ones


def choice_id(state: NarrativoState, label: str) -> str:
    """A pending choice's id: the exchange and the check's label (`3-Dreyer:moral`)."""
    return f"{state.phase.turn}-{label}"


def moral_check(ctx: CheckContext) -> Checked:
    """A Liderazgo check of Moral (N-052 .. N-064, NAMB-10, NAMB-11)."""
    who = ctx.character
    trigger = ctx.call.trigger
    if trigger is None:
        words: str = T_(
            "{name}'s Moral check has no trigger: the Narrator must say what calls it, "
            "moralising or demoralising (N-061); nothing rolled",
            name=who.name,
        )
        return Checked(CheckResult(ctx.call, None, words, ctx.call.hidden))
    if who.condition in CANNOT_CHECK:
        words = T_(
            "{name} is {condition} and cannot make a Moral check (N-060)",
            name=who.name,
            condition=word(who.condition),
        )
        return Checked(CheckResult(ctx.call, None, words, ctx.call.hidden))
    rested = (Situation.RESTED,) if who.fatiga == 0 else ()
    roll = check_roll(
        ctx,
        ctx.label,
        (("Liderazgo", who.liderazgo),),
        ("base", BASE_DIFFICULTY),
        automatic=rested,
        can_botch=False,
    )
    head: str = T_(
        "Moral check ({trigger}, {direction}): {dice}",
        trigger=trigger.value,
        direction=_direction(trigger),
        dice=dice_words(roll.rolled),
    )
    if trigger.moralising:
        after, tail, choices = _moralising(ctx, roll.successes)
    else:
        after, tail, choices = _demoralising(ctx, roll.successes, roll.raw.ones)
    after = min(after, MORAL_MOST)  # no ceiling in the rules: held at the state's 99
    changed = replace(who, moral=after)
    words = cat(
        T_("{head}: Moral {before} → {after}", head=head, before=who.moral, after=after),
        tail,
        _historical(changed),
    )
    result = CheckResult(ctx.call, roll.rolled, words, ctx.call.hidden)
    return Checked(result, Changes(characters=(changed,), choices=choices, notes=roll.notes))


def _direction(trigger: MoralTrigger) -> str:
    return T_("moralising") if trigger.moralising else T_("demoralising")


def _moralising(ctx: CheckContext, gain: int) -> tuple[int, str, tuple[PendingChoice, ...]]:
    """N-062: +1 Moral per success; N-081: a gain of 5 or more, a choice."""
    who = ctx.character
    tail: str = T_(" (+{gain}, N-062)", gain=gain)
    if gain < CHOICE_AT:
        return who.moral + gain, tail, ()
    choice = PendingChoice(
        choice_id(ctx.state, ctx.label),
        who.id,
        (ChoiceKind.RECOVER_WILLPOWER, ChoiceKind.BONUS_DICE),
        T_("a moralising gain of {gain} Moral (N-081)", gain=gain),
        ctx.state.phase.turn,
    )
    tail = cat(
        tail,
        T_(
            ". A gain of {gain}: {name} recovers a spent Voluntad point or takes +2 dice "
            "to one of the next actions (N-081): `{id}: elige recupera` or "
            "`{id}: elige dados`",
            gain=gain,
            name=who.name,
            id=who.id,
        ),
    )
    return who.moral + gain, tail, (choice,)


def _demoralising(
    ctx: CheckContext, successes: int, ones: int
) -> tuple[int, str, tuple[PendingChoice, ...]]:
    """N-063, NAMB-10: the loss; N-082 .. N-088, NAMB-11: a loss of 5 or
    more, −1 Voluntad or the Trauma of the Moral after it."""
    who = ctx.character
    loss = demoralising_loss(successes, ones)
    after = max(0, who.moral - loss)
    tail: str = T_(" (−{loss}, N-063, NAMB-10)", loss=loss)
    if loss < CHOICE_AT:
        return after, tail, ()
    band = trauma(after)
    if who.voluntad <= 0:
        forced = T_(
            ". A loss of {loss} with Voluntad 0: the Trauma is forced (NAMB-11): {band}",
            loss=loss,
            band=band,
        )
        return after, cat(tail, forced), ()
    choice = PendingChoice(
        choice_id(ctx.state, ctx.label),
        who.id,
        (ChoiceKind.TRAUMA, ChoiceKind.LOSE_WILLPOWER),
        band,
        ctx.state.phase.turn,
    )
    tail = cat(
        tail,
        T_(
            ". A loss of {loss}: {name} loses 1 Voluntad or suffers the Trauma "
            "(N-082, NAMB-11): `{id}: elige voluntad` or `{id}: elige trauma`; {band}",
            loss=loss,
            name=who.name,
            id=who.id,
            band=band,
        ),
    )
    return after, tail, (choice,)


def _historical(character: Character) -> str:
    """N-089, NAMB-12: the historical modifier shown, never added to the pool."""
    if character.historical is None:
        return ""
    mod = character.historical
    return T_(
        " (historical modifier {value} for {when}, shown and not rolled: "
        "Moral with it {total}, N-089)",
        value=f"{mod.value:+d}",
        when=mod.when,
        total=character.moral_total,
    )
