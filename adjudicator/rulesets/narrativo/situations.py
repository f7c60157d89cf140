"""What a check is made of (rulebook 001 "Liderazgo y Moral", "Voluntad",
"Peso y Fatiga", "Movimiento"): the situations that move its difficulty,
each with its value and the check it belongs to, and the roll of a check at
its pool's and difficulty's terms, shared by every kind of check.

The situations (`orders.narrativo.model.Situation`):

- Moral (N-053 .. N-058): cornered +1; hungry, thirsty, drowsy, dazed,
  exhausted +1 each; under fire +1, or +2 when the enemy cannot be located
  (the +2 replaces the +1); a safe position −1; rested (Fatiga 0) −1;
  heartened by an objective fulfilled −1.
- fear (N-096 .. N-109, NAMB-14): the eight +1 and the six −1 of the list,
  the flamethrowers +1 when the enemy's, −1 when one's own (NAMB-14).
- fury (N-110 .. N-119): the five +1 and the five −1 of the list, very
  tired (Fatiga > Resistencia) among the −1 (N-119).

A situation given to a check it does not belong to (a fear situation for a
Moral check, any situation for a pain or Fatigue check) is a warning and is
ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from difflib import get_close_matches
from enum import StrEnum

from adjudicator.core.dice import Dice
from adjudicator.rulesets.narrativo.levels import level_of
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Level, Rolled, Term
from adjudicator.rulesets.narrativo.penalties import (
    held_difficulty,
    held_modifier,
    pool_size,
    standing_terms,
)
from adjudicator.rulesets.narrativo.pools import PoolRoll, roll_pool
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import NarrativoState
from orders.narrativo.model import CheckCall, CheckKind, Emotion, Situation
from texts import T_, Tn_


class Family(StrEnum):
    """The check a situation belongs to."""

    MORAL = "moral"
    FEAR = "miedo"
    FURY = "furia"


S = Situation
SITUATIONS: dict[Situation, tuple[Family, int]] = {
    # Moral, N-053 .. N-058
    S.CORNERED: (Family.MORAL, +1),  # N-053
    S.HUNGRY: (Family.MORAL, +1),  # N-054, one per concept
    S.THIRSTY: (Family.MORAL, +1),
    S.DROWSY: (Family.MORAL, +1),
    S.DAZED: (Family.MORAL, +1),
    S.EXHAUSTED: (Family.MORAL, +1),
    S.UNDER_FIRE: (Family.MORAL, +1),  # N-055
    S.UNSEEN_FIRE: (Family.MORAL, +2),  # N-055: the enemy cannot be located
    S.SAFE: (Family.MORAL, -1),  # N-056
    S.RESTED: (Family.MORAL, -1),  # N-057
    S.HEARTENED: (Family.MORAL, -1),  # N-058
    # fear, N-096 .. N-109
    S.SUPERIOR_ENEMY: (Family.FEAR, +1),  # N-096
    S.ENEMY_FLAMETHROWERS: (Family.FEAR, +1),  # N-097, NAMB-14
    S.ATTACKING_FORTIFIED: (Family.FEAR, +1),  # N-098
    S.WIRE_OR_MINES: (Family.FEAR, +1),  # N-099
    S.COVERING_FIRE_AGAINST: (Family.FEAR, +1),  # N-100
    S.ARMOUR_AGAINST: (Family.FEAR, +1),  # N-101
    S.BOMBARDED_ZONE: (Family.FEAR, +1),  # N-102
    S.BURNING_ZONE: (Family.FEAR, +1),  # N-103
    S.INFERIOR_ENEMY: (Family.FEAR, -1),  # N-104
    S.OWN_FLAMETHROWERS: (Family.FEAR, -1),  # N-105 read by NAMB-14
    S.DEFENDING_FORTIFIED: (Family.FEAR, -1),  # N-106
    S.AFTER_BOMBARDMENT: (Family.FEAR, -1),  # N-107
    S.COVERING_FIRE_FOR: (Family.FEAR, -1),  # N-108
    S.ARMOUR_FOR: (Family.FEAR, -1),  # N-109
    # fury, N-110 .. N-119
    S.HUMILIATED: (Family.FURY, +1),  # N-110
    S.FRUSTRATED: (Family.FURY, +1),  # N-111
    S.UNJUST_REPRIMAND: (Family.FURY, +1),  # N-112
    S.BETRAYED: (Family.FURY, +1),  # N-113
    S.COMRADE_IN_DANGER: (Family.FURY, +1),  # N-114
    S.ANGRY_WITH_SUPERIOR: (Family.FURY, -1),  # N-115
    S.APOLOGISED: (Family.FURY, -1),  # N-116
    S.JUST_REPRIMAND: (Family.FURY, -1),  # N-117
    S.EXPECTED_DISAPPOINTMENT: (Family.FURY, -1),  # N-118
    S.VERY_TIRED: (Family.FURY, -1),  # N-119
}
"""Each situation's check and its value to the difficulty."""


def family_of(call: CheckCall) -> Family | None:
    """The situations a call may take: Moral's, fear's or fury's; none for
    pain, Fatigue, movement, or a Willpower check of another emotion."""
    if call.kind is CheckKind.MORAL:
        return Family.MORAL
    if call.kind is CheckKind.WILLPOWER and call.emotion is Emotion.FEAR:
        return Family.FEAR
    if call.kind is CheckKind.WILLPOWER and call.emotion is Emotion.FURY:
        return Family.FURY
    return None


def situation_terms(
    family: Family | None, given: Iterable[Situation]
) -> tuple[tuple[Term, ...], tuple[str, ...]]:
    """The difficulty terms of the situations `given` for a check of
    `family`, with warnings: a situation of another check is ignored; one
    given twice counts once; under fire and unseen fire together count as
    unseen fire's +2 only (N-055)."""
    terms: list[Term] = []
    notes: list[str] = []
    listed = tuple(given)
    chosen = tuple(dict.fromkeys(listed))
    if len(chosen) < len(listed):
        notes.append(T_("a situation given twice counts once"))
    for situation in chosen:
        owner, value = SITUATIONS[situation]
        if owner is not family:
            notes.append(
                T_(
                    "situation {situation} belongs to a {owner} check, "
                    "not to a {family} check: ignored",
                    situation=situation.value,
                    owner=owner.value,
                    family=family.value,
                )
                if family
                else T_(
                    "situation {situation} belongs to a {owner} check, not to this check: ignored",
                    situation=situation.value,
                    owner=owner.value,
                )
            )
            continue
        if situation is S.UNDER_FIRE and S.UNSEEN_FIRE in chosen:
            notes.append(
                T_("under fire and unseen fire: only the +2 of unseen fire counts (N-055)")
            )
            continue
        terms.append((situation.value, value))
    return tuple(terms), tuple(notes)


@dataclass(frozen=True)
class CheckContext:
    """One check being resolved: the call, the state it starts from, the
    character (as it stands now), the dice, the options, the clock turn and
    the check's label (the dice purpose of its roll)."""

    call: CheckCall
    state: NarrativoState
    character: Character
    dice: Dice
    options: NarrativoOptions
    turn: int
    label: str


@dataclass(frozen=True)
class CheckRoll:
    """A check's roll: the record for the report (`rolled`, whose dice carry
    no botch nor critical when the check cannot have them), the dice as
    rolled (`raw`, its `botch` the shape of a fainting spell, NAMB-20) and
    the warnings met on the way."""

    rolled: Rolled
    raw: PoolRoll
    notes: tuple[str, ...]

    @property
    def successes(self) -> int:
        return self.rolled.successes

    @property
    def failed(self) -> bool:
        """No success, or a botch (NAMB-13)."""
        return self.rolled.successes == 0 or self.rolled.level is Level.BOTCH


def check_roll(
    ctx: CheckContext,
    purpose: str,
    pool_base: tuple[Term, ...],
    difficulty_base: Term,
    *,
    extra_difficulty: tuple[Term, ...] = (),
    automatic: tuple[Situation, ...] = (),
    can_botch: bool = True,
    character: Character | None = None,
) -> CheckRoll:
    """Roll a check under `purpose`: the pool is `pool_base`, the standing
    terms of `character` (default the context's: health N-059, N-095,
    tiredness N-138, N-139, effects) and the Narrator's dice (held, N-173,
    NAMB-26); the difficulty is the rule's base (the Narrator's own when
    the call gives one), `extra_difficulty`, the situations of the call and
    the `automatic` ones the call does not already give, the Narrator's
    modifier (held), all held within 2..10 (N-174). A check that cannot
    botch nor crit (N-064, N-132) reports neither."""
    who = character or ctx.character
    call = ctx.call
    dice_mod, dice_note = held_modifier(call.dice, ctx.options.modifier_cap, combat=False)
    diff_mod, diff_note = held_modifier(call.difficulty_mod, ctx.options.modifier_cap, combat=False)
    pool_terms = (
        pool_base + standing_terms(ctx.state, who, ctx.turn) + _nonzero(("Narrador", dice_mod))
    )
    base = ("Narrador", call.difficulty) if call.difficulty is not None else difficulty_base
    given = call.situations + tuple(s for s in automatic if s not in call.situations)
    situations, situation_notes = situation_terms(family_of(call), given)
    difficulty_terms = (base,) + extra_difficulty + situations + _nonzero(("modificador", diff_mod))
    difficulty, held_note = held_difficulty(sum(v for _, v in difficulty_terms))
    size = pool_size(pool_terms)
    raw = roll_pool(ctx.dice, purpose, size, difficulty, ones_cancel=ctx.options.ones_cancel)
    shown = raw if can_botch else replace(raw, botch=False, critical=False, disastrous=False)
    rolled = Rolled(
        label=purpose,
        character=who.id,
        pool_terms=pool_terms,
        pool=size,
        difficulty_terms=difficulty_terms,
        difficulty=difficulty,
        dice=shown,
        successes=shown.successes,
        level=level_of(shown.successes, botch=shown.botch),
    )
    notes = (dice_note, diff_note, *situation_notes, held_note)
    return CheckRoll(rolled, raw, tuple(n for n in notes if n))


def _nonzero(term: Term) -> tuple[Term, ...]:
    return (term,) if term[1] else ()


def dice_words(rolled: Rolled) -> str:
    """`4 dice at 6: 8 3 10 2 | 7 → 3 successes` (exploded dice after `|`)."""
    roll = rolled.dice
    faces: str = ""
    if isinstance(roll, PoolRoll):
        faces = " ".join(str(d) for d in roll.dice)
        if roll.exploded:
            faces += " | " + " ".join(str(d) for d in roll.exploded)
    return T_(
        "{dice} at {difficulty}: {faces} → {count}",
        dice=Tn_("{n} die", "{n} dice", rolled.pool),
        difficulty=rolled.difficulty,
        faces=faces or T_("none"),
        count=Tn_("{n} success", "{n} successes", rolled.successes),
    )


def unknown_character(state: NarrativoState, name: str, what: str) -> str:
    """Words for a call naming no character of the game, with the nearest ids."""
    ids = [c.id for c in state.characters]
    near = get_close_matches(name, ids, n=3, cutoff=0.5)
    hint = (
        T_("; did you mean {names}?", names=", ".join(near))
        if near
        else T_("; the characters: {names}", names=", ".join(ids))
    )
    return T_("{what} for {name}: no such character{hint}", what=what, name=repr(name), hint=hint)
