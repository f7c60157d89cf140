"""What every action shares (rulebook 001, "Tipos de acciones" and
"Penalizadores y Bonificadores"): the context an action is resolved in,
a pool's terms and a difficulty's terms, and one pool rolled into a
`Rolled` (an automatic success, a desperate roll, or the dice).

A pool (N-002) adds each part's value (an attribute, a skill, 0 when the
sheet lacks it, or a trait: Voluntad is the permanent rating, NAMB-29), the
dice the character's state adds or takes (`penalties.standing_terms`:
health NAMB-32, Fatiga N-138/N-139, running effects N-122/N-123/N-035), the
Narrator's dice held at ±cap outside combat (N-169, N-173, NAMB-26, N-183),
the multiple-action penalty (N-040, NAMB-09), a Willpower point's +2 (N-092,
NAMB-28) and a next-action bonus (N-081); never below 0 (N-175). A
difficulty is the ruling's base (or a passive character's attribute + 3,
N-025) plus the Narrator's modifier, held like the dice (N-168), then held
within 2..10 (N-174, NAMB-06).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.narrativo.levels import level_of
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Level, Rolled, Term
from adjudicator.rulesets.narrativo.penalties import (
    held_difficulty,
    held_modifier,
    pool_size,
    running,
    standing_terms,
)
from adjudicator.rulesets.narrativo.pools import (
    DesperateEnd,
    PoolRoll,
    desperate_roll,
    roll_pool,
)
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState
from orders.narrativo.model import Pool
from texts import N_, T_

WILLPOWER_DICE = 2
"""N-092: a Willpower point spent adds two dice to one action."""
NEXT_ACTION_DICE = 2
"""N-081: a moralising gain of 5+ may give +2 dice to one of the next actions."""
NARRATOR = "Narrador"
DESPERATE = "desesperada"


@dataclass(frozen=True)
class ActionContext:
    """Where an action is resolved: the state, the game's options, the
    exchange's dice and the clock turn the action happens in."""

    state: NarrativoState
    options: NarrativoOptions
    dice: Dice
    turn: int


@dataclass(frozen=True)
class Gathered:
    """A pool's terms, the warnings met gathering them, the character as it
    is after (a Willpower point spent) and the next-action effects used up."""

    character: Character
    terms: tuple[Term, ...]
    warnings: tuple[str, ...] = ()
    spent: tuple[Effect, ...] = ()
    willpower: bool = False

    @property
    def size(self) -> int:
        return pool_size(self.terms)


@dataclass(frozen=True)
class Difficulty:
    """A difficulty's terms, its held value and the warnings."""

    terms: tuple[Term, ...]
    value: int
    warnings: tuple[str, ...] = ()


TRAIT_VALUES = {
    "Voluntad": lambda c: c.voluntad,  # NAMB-29: the permanent rating
    "Liderazgo": lambda c: c.liderazgo,
    "Resistencia": lambda c: c.resistencia,
    "Aplomo": lambda c: c.aplomo,
}


def part_value(state: NarrativoState, character: Character, part: str) -> int:
    """One part of a pool (N-002): an attribute, a trait (Voluntad the
    permanent rating, NAMB-29) or a skill, 0 when the sheet lacks it."""
    if part in character.attributes or part in state.book.attributes:
        return character.attribute(part)
    trait = TRAIT_VALUES.get(part)
    if trait is not None:
        return int(trait(character))
    return character.skill(part)


def part_terms(state: NarrativoState, character: Character, pool: Pool) -> tuple[Term, ...]:
    """Each part of `pool` with its value, in the order written."""
    return tuple((part, part_value(state, character, part)) for part in pool.parts)


def gather_pool(
    ctx: ActionContext,
    character: Character,
    pool: Pool,
    narrator_dice: int,
    *,
    combat: bool,
    extra: tuple[Term, ...] = (),
    spend_willpower: bool = False,
    use_bonus: bool = False,
) -> Gathered:
    """Every term of `character`'s `pool` now (see the module's docstring):
    `extra` the action's own terms (the multiple-action penalty);
    `spend_willpower` a point for +2 dice (N-092), refused with a warning
    when none is left; `use_bonus` takes the first next-action bonus
    running (N-081), used up."""
    terms = list(part_terms(ctx.state, character, pool))
    terms += standing_terms(ctx.state, character, ctx.turn)
    warnings: list[str] = []
    held, warning = held_modifier(narrator_dice, ctx.options.modifier_cap, combat=combat)
    if held:
        terms.append((NARRATOR, held))
    if warning:
        warnings.append(warning)
    terms += [t for t in extra if t[1]]
    after, willpower = character, False
    if spend_willpower:
        if character.voluntad_left > 0:
            terms.append((N_("Voluntad gastada"), WILLPOWER_DICE))
            after = replace(character, voluntad_spent=character.voluntad_spent + 1)
            willpower = True
        else:
            warnings.append(
                T_(
                    "{name} has no Voluntad point left to spend: no extra dice (N-092)",
                    name=character.name,
                )
            )
    spent: tuple[Effect, ...] = ()
    if use_bonus:
        bonus = next((e for e in running(ctx.state, character.id, ctx.turn) if e.next_action), None)
        if bonus is not None:
            terms.append((bonus.state or "bonificación", bonus.dice or NEXT_ACTION_DICE))
            spent = (bonus,)
    return Gathered(after, tuple(terms), tuple(warnings), spent, willpower)


def gather_difficulty(
    ctx: ActionContext, base: tuple[Term, ...], modifier: int, *, combat: bool
) -> Difficulty:
    """`base` plus the Narrator's modifier held at ±cap outside combat
    (N-168, N-173, NAMB-26), the sum held within 2..10 (N-174, NAMB-06)."""
    terms = list(base)
    warnings: list[str] = []
    held, warning = held_modifier(modifier, ctx.options.modifier_cap, combat=combat)
    if held:
        terms.append((NARRATOR, held))
    if warning:
        warnings.append(warning)
    value, note = held_difficulty(sum(v for _, v in terms))
    if note:
        warnings.append(note)
    return Difficulty(tuple(terms), value, tuple(warnings))


def roll_gathered(
    ctx: ActionContext,
    label: str,
    gathered: Gathered,
    difficulty: Difficulty,
    *,
    desperate: bool = False,
    automatic: bool = False,
) -> tuple[Rolled, tuple[str, ...]]:
    """One pool rolled under `label` (N-001 .. N-004): an automatic success
    when `automatic` and the pool reaches the difficulty (N-007, NAMB-02:
    one success, nothing rolled); a pool of 0 makes the desperate roll when
    asked and allowed (N-176 .. N-181, NAMB-24, NAMB-25), else fails
    automatically; otherwise the dice. The warnings say why a desperate
    roll asked for was not made."""
    size = gathered.size
    who = gathered.character.id
    if automatic and size >= difficulty.value:
        return _rolled(label, who, gathered, difficulty, None, 1, level_of(1), automatic=True), ()
    if size == 0:
        return _zero(ctx, label, gathered, difficulty, desperate)
    dice = roll_pool(ctx.dice, label, size, difficulty.value, ones_cancel=ctx.options.ones_cancel)
    level = level_of(dice.successes, botch=dice.botch)
    return _rolled(label, who, gathered, difficulty, dice, dice.successes, level), ()


def _zero(
    ctx: ActionContext, label: str, gathered: Gathered, difficulty: Difficulty, desperate: bool
) -> tuple[Rolled, tuple[str, ...]]:
    """A pool of 0: the desperate roll (N-177 .. N-180; its 10s kept are the
    successes, a disaster is a botch, N-182) or an automatic failure."""
    who = gathered.character.id
    if desperate and ctx.options.desperate_rolls:
        rolled = desperate_roll(ctx.dice, f"{label}:{DESPERATE}")
        botch = rolled.end is DesperateEnd.DISASTER
        level = level_of(rolled.successes, botch=botch)
        terms = ((DESPERATE, 10),)
        return (
            Rolled(
                f"{label}:{DESPERATE}",
                who,
                gathered.terms,
                0,
                terms,
                10,
                rolled,
                rolled.successes,
                level,
            ),
            (),
        )
    warnings: tuple[str, ...] = ()
    if desperate:
        warnings = (T_("desperate rolls are off in this game: the pool of 0 fails (NAMB-25)"),)
    return _rolled(label, who, gathered, difficulty, None, 0, Level.FAILURE), warnings


def _rolled(
    label: str,
    who: str,
    gathered: Gathered,
    difficulty: Difficulty,
    dice: PoolRoll | None,
    successes: int,
    level: Level,
    *,
    automatic: bool = False,
) -> Rolled:
    return Rolled(
        label,
        who,
        gathered.terms,
        gathered.size,
        difficulty.terms,
        difficulty.value,
        dice,
        successes,
        level,
        automatic=automatic,
    )


def is_botch(rolled: Rolled) -> bool:
    """A botch: no success and a 1 (NAMB-01), or a disastrous desperate roll (N-180)."""
    return rolled.level is Level.BOTCH


def zero_words(rolled: Rolled) -> str:
    """The words of a pool of 0 not rolled, or of a desperate roll."""
    if rolled.label.endswith(f":{DESPERATE}"):
        if rolled.level is Level.BOTCH:
            return T_(
                "the desperate roll is a disastrous botch: always catastrophic (N-180, N-182)"
            )
        if rolled.successes:
            return T_("the desperate roll keeps {n} × 10 (N-177)", n=rolled.successes)
        return T_("the desperate roll fails: no 10 (N-178)")
    return T_(
        "a pool of 0 fails automatically; the player may ask for the desperate roll (N-176, N-181)"
    )
