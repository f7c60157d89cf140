"""Movement (rulebook 001 "Movimiento", N-149 .. N-167; readings NAMB-21,
NAMB-23): distances in metres per turn, the actions a way of moving counts
for, and the two checks of moving, by Atletismo beyond walking and on a
dangerous surface.

Basic movement is Destreza × 2 m a turn, walking briskly (N-150), less one
metre per weight block (N-135, NAMB-21), never below 0. Each way of moving
is a multiple of it (N-155): ×1 swimming or walking, ×½ crawling,
creeping, diving, climbing or descending, ×2 trotting, ×4 running;
difficult terrain halves it (N-162). To go beyond, a Destreza + Atletismo
roll (N-151, NAMB-23: at the Narrator's difficulty, 6 by default) adds 1 m
horizontally or 0.5 m vertically per success (N-152), ×2 trotting and ×4
running (N-153). Trotting counts as one action, running as two (N-160);
standing up from prone as two, with half the walking or trotting distance
(N-159), from crouched one (N-157); prone one may only crawl or creep
(N-158); swimming, diving, climbing and descending take the whole turn
(N-161). Esquivar gains +2 dice trotting, +4 running (N-165). A fall costs
one level of damage per half metre (N-164). A dangerous surface asks
Destreza + Atletismo at the Narrator's difficulty; failing it is a fall
(N-163).
"""

from __future__ import annotations

from enum import StrEnum
from fractions import Fraction
from math import floor

from adjudicator.rulesets.narrativo.fatigue import character_blocks
from adjudicator.rulesets.narrativo.outcome import Changes, Checked, CheckResult, Term
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.situations import CheckContext, check_roll, dice_words
from orders.narrativo.model import Effort
from texts import T_

HALF = Fraction(1, 2)
MULTIPLIER: dict[Effort, Fraction] = {
    Effort.SWIM: Fraction(1),
    Effort.WALK: Fraction(1),
    Effort.CRAWL: HALF,
    Effort.CREEP: HALF,
    Effort.DIVE: HALF,
    Effort.CLIMB: HALF,
    Effort.DESCEND: HALF,
    Effort.TROT: Fraction(2),
    Effort.RUN: Fraction(4),
}
"""N-155: each way of moving as a multiple of basic movement."""
EXTRA_FACTOR: dict[Effort, int] = {Effort.TROT: 2, Effort.RUN: 4}
"""N-153: the roll's extra distance ×2 trotting, ×4 running."""
VERTICAL = frozenset({Effort.CLIMB, Effort.DESCEND})
"""N-152: these gain half a metre per success."""
ACTIONS: dict[Effort, int] = {Effort.TROT: 1, Effort.RUN: 2}
"""N-160: trotting counts as one action, running as two."""
WHOLE_TURN = frozenset({Effort.SWIM, Effort.DIVE, Effort.CLIMB, Effort.DESCEND})
"""N-161: these take the whole turn."""
FROM_PRONE = frozenset({Effort.CRAWL, Effort.CREEP})
"""N-158: prone, one may only crawl or creep."""
DODGE_BONUS: dict[Effort, int] = {Effort.TROT: 2, Effort.RUN: 4}
"""N-165: Esquivar +2 dice trotting, +4 running."""
MOVEMENT_DIFFICULTY = 6
"""NAMB-23: the Atletismo movement roll at 6 unless the Narrator says."""


class Stance(StrEnum):
    """How a character stands (N-156 .. N-159)."""

    STANDING = "de pie"
    CROUCHED = "agachado"
    PRONE = "echado"


STAND_UP_ACTIONS = {Stance.STANDING: 0, Stance.CROUCHED: 1, Stance.PRONE: 2}
"""N-157, N-159: actions to stand up."""


def basic_movement(destreza: int, blocks: int = 0) -> int:
    """N-150, N-135, NAMB-21: Destreza × 2 m a turn less one per weight
    block, never below 0."""
    return max(0, 2 * destreza - blocks)


def character_movement(character: Character) -> int:
    """A character's basic movement with its load (N-150, NAMB-21)."""
    return basic_movement(character.attribute("Destreza"), character_blocks(character))


def distance(
    basic: int,
    effort: Effort,
    *,
    difficult: bool = False,
    standing_up: bool = False,
) -> Fraction:
    """Metres a turn moving by `effort` (N-155): halved on difficult terrain
    (N-162), and halved walking or trotting the turn one stands up from
    prone (N-159)."""
    if effort not in MULTIPLIER:
        raise ValueError(f"{effort.value} is not a way of moving (N-155)")
    metres = basic * MULTIPLIER[effort]
    if difficult:
        metres *= HALF
    if standing_up and effort in (Effort.WALK, Effort.TROT):
        metres *= HALF
    return metres


def extra_distance(successes: int, effort: Effort) -> Fraction:
    """N-152, N-153: +1 m horizontal or +0.5 m vertical per success, ×2
    trotting, ×4 running."""
    per = HALF if effort in VERTICAL else Fraction(1)
    return successes * per * EXTRA_FACTOR.get(effort, 1)


def actions_counted(effort: Effort | None, stance: Stance = Stance.STANDING) -> int:
    """The actions a turn's movement counts for (N-157, N-159, N-160):
    standing up first, then trotting 1 or running 2."""
    return STAND_UP_ACTIONS[stance] + (ACTIONS.get(effort, 0) if effort else 0)


def can_move(effort: Effort, stance: Stance) -> bool:
    """N-158: prone (and not standing up), one may only crawl or creep."""
    return stance is not Stance.PRONE or effort in FROM_PRONE


def takes_whole_turn(effort: Effort) -> bool:
    """N-161: swimming, diving, climbing or descending take the whole turn."""
    return effort in WHOLE_TURN


def dodge_bonus(effort: Effort | None) -> int:
    """N-165: Esquivar +2 dice trotting, +4 running."""
    return DODGE_BONUS.get(effort, 0) if effort else 0


def fall_levels(metres: Fraction | float) -> int:
    """N-164: one level of bludgeoning damage per half metre fallen."""
    return max(0, floor(Fraction(metres) * 2))


def metres(value: Fraction) -> str:
    """`7.5 m`, `12 m`."""
    return f"{float(value):g} m"


def _pool(character: Character) -> tuple[Term, ...]:
    return (
        ("Destreza", character.attribute("Destreza")),
        ("Atletismo", character.skill("Atletismo")),
    )


def movement_check(ctx: CheckContext) -> Checked:
    """The Atletismo roll to move beyond walking (N-151 .. N-153, NAMB-23):
    Destreza + Atletismo at the call's difficulty or 6; the words give the
    metres of the turn: the way of moving's distance plus the extra."""
    who = ctx.character
    effort = ctx.call.effort or Effort.WALK
    if effort not in MULTIPLIER:
        words = T_("{effort} is not a way of moving (N-155): nothing rolled", effort=effort.value)
        return Checked(CheckResult(ctx.call, None, words, ctx.call.hidden))
    roll = check_roll(ctx, ctx.label, _pool(who), ("base", MOVEMENT_DIFFICULTY))
    basic = character_movement(who)
    base = distance(basic, effort)
    extra = extra_distance(roll.successes, effort)
    words = T_(
        "Movement ({effort}): {dice}: {name} moves "
        "{base} ({basic} m basic × {times}, N-155) + {extra} "
        "(N-152, N-153) = {total} this turn",
        effort=effort.value,
        dice=dice_words(roll.rolled),
        name=who.name,
        base=metres(base),
        basic=basic,
        times=MULTIPLIER[effort],
        extra=metres(extra),
        total=metres(base + extra),
    )
    result = CheckResult(ctx.call, roll.rolled, words, ctx.call.hidden)
    return Checked(result, Changes(notes=roll.notes))


def footing_check(ctx: CheckContext) -> Checked:
    """A dangerous surface (N-163): Destreza + Atletismo at the Narrator's
    difficulty; failing (no success, or a botch) is a fall."""
    who = ctx.character
    if ctx.call.difficulty is None:
        words = T_(
            "{name}'s footing check has no difficulty: the Narrator sets it (N-163); "
            "nothing rolled",
            name=who.name,
        )
        return Checked(CheckResult(ctx.call, None, words, ctx.call.hidden))
    roll = check_roll(ctx, ctx.label, _pool(who), ("Narrador", ctx.call.difficulty))
    if roll.failed:
        what = T_(
            "{name} falls (N-163); a fall costs one level per half metre (N-164)", name=who.name
        )
    else:
        what = T_("{name} keeps his footing", name=who.name)
    words = T_("Footing: {dice}: {what}", dice=dice_words(roll.rolled), what=what)
    result = CheckResult(ctx.call, roll.rolled, words, ctx.call.hidden)
    return Checked(result, Changes(notes=roll.notes))
