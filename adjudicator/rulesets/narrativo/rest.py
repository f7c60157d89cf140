"""Rest and sleep (rulebook 001 "Peso y Fatiga", N-142 .. N-148; readings
NAMB-17, NAMB-18; option `sleep_fraction`).

Only rest takes Fatiga away (N-142). Each full hour removes a point
(N-143). The hour's fraction counts by its complete 10-minute blocks b
(NAMB-17; under 10 minutes nothing): b ≥ 1 rolls 1d10 at 12 − 2b (held at
least 2) and a success removes a point (N-144: 30 minutes at 6). Asleep
(N-146) the fraction rolls 2d10 and succeeds if either die reaches it
(NAMB-18, `sleep_fraction: either`), or with `double` one d10 succeeding
with probability min(1, 2p), that is a die ≥ 2 × difficulty − 11; and each
full hour asleep also rolls 1d10, 6 or more removing one more point
(N-147), so 5 hours can clear 10 points (N-148). Fatiga never below 0. The
compulsory rest after a fainting spell is a rest like any other (N-145).

Labels: the rest's own (`<character>:descanso` unless given), its fraction
`<label>:fraccion` (the two sleeping dice as indices 0 and 1) and each full
hour asleep `<label>:hora<k>` (k = 1 ..).
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.narrativo.fatigue import FORCED_REST_KIND
from adjudicator.rulesets.narrativo.levels import level_of
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Changes, Rested, RestResult, Rolled, Term
from adjudicator.rulesets.narrativo.penalties import DIFFICULTY_MIN, running
from adjudicator.rulesets.narrativo.pools import PoolRoll
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.situations import dice_words, unknown_character
from adjudicator.rulesets.narrativo.state import NarrativoState
from orders.narrativo.model import RestCall
from texts import N_, T_, Tn_, joined

FRACTION_BASE, PER_BLOCK, BLOCK_MINUTES = 12, 2, 10
"""N-144, NAMB-17: 12 − 2 per complete block of 10 minutes."""
SLEEP_HOUR_DIFFICULTY = 6
"""N-147."""


def fraction_difficulty(blocks: int) -> int:
    """NAMB-17: 12 − 2 × blocks, held at least 2 (30 minutes: 6)."""
    return max(DIFFICULTY_MIN, FRACTION_BASE - PER_BLOCK * blocks)


def doubled_target(difficulty: int) -> int:
    """NAMB-18 `double`: the face one d10 must reach to succeed with
    probability min(1, 2p), p = (11 − difficulty) / 10: 2 × difficulty − 11
    (1 or less: always)."""
    return max(1, 2 * difficulty - 11)


def rest(
    call: RestCall,
    state: NarrativoState,
    dice: Dice,
    options: NarrativoOptions,
    turn: int,
    *,
    label: str | None = None,
) -> Rested:
    """A rest of `call.minutes`, awake or asleep (N-142 .. N-148)."""
    label = label or f"{call.character}:descanso"
    who = state.find(call.character)
    if who is None:
        words = unknown_character(state, call.character, T_("a rest"))
        return Rested(RestResult(call, 0, 0, (), words))
    head = (
        T_("{name} rests {span} asleep", name=who.name, span=_span(call.minutes))
        if call.asleep
        else T_("{name} rests {span} awake", name=who.name, span=_span(call.minutes))
    )
    if call.minutes < BLOCK_MINUTES or who.fatiga == 0:
        why = T_("Fatiga 0, nothing to recover") if who.fatiga == 0 else T_("too short to count")
        words = T_("{head}: {why} (N-144)", head=head, why=why)
        return Rested(RestResult(call, who.fatiga, who.fatiga, (), words))
    hours, fraction = divmod(call.minutes, 60)
    rolls: list[Rolled] = []
    parts: list[str] = []
    removed = hours
    if hours:
        parts.append(Tn_("{n} full hour: −{n} (N-143)", "{n} full hours: −{n} (N-143)", hours))
    if call.asleep:
        for k in range(1, hours + 1):
            rolled = _one_die(dice, who, f"{label}:hora{k}", SLEEP_HOUR_DIFFICULTY)
            removed += rolled.successes
            rolls.append(rolled)
            parts.append(T_("hour {k} asleep {outcome} (N-147)", k=k, outcome=_outcome(rolled)))
    blocks = fraction // BLOCK_MINUTES
    if blocks:
        rolled = _fraction(dice, options, who, f"{label}:fraccion", blocks, call.asleep)
        removed += rolled.successes
        rolls.append(rolled)
        rule = "N-146, NAMB-18" if call.asleep else "N-144, NAMB-17"
        parts.append(
            T_(
                "the {minutes} min fraction {outcome} ({rule})",
                minutes=blocks * BLOCK_MINUTES,
                outcome=_outcome(rolled),
                rule=rule,
            )
        )
    after = max(0, who.fatiga - removed)
    forced = any(e.kind == FORCED_REST_KIND for e in running(state, who.id, turn))
    tail = T_("; the compulsory rest after fainting recovers too (N-145)") if forced else ""
    words = T_(
        "{head}: {parts}. Fatiga {before} → {after}{tail}",
        head=head,
        parts=joined(parts, "; "),
        before=who.fatiga,
        after=after,
        tail=tail,
    )
    result = RestResult(call, who.fatiga, after, tuple(rolls), words)
    return Rested(result, Changes(characters=(replace(who, fatiga=after),)))


def _span(minutes: int) -> str:
    hours, rest_minutes = divmod(minutes, 60)
    if hours and rest_minutes:
        return f"{hours} h {rest_minutes} min"
    return f"{hours} h" if hours else f"{rest_minutes} min"


def _outcome(rolled: Rolled) -> str:
    if rolled.successes:
        return T_("{dice}: one more point", dice=dice_words(rolled))
    return T_("{dice}: nothing", dice=dice_words(rolled))


def _fraction(
    dice: Dice,
    options: NarrativoOptions,
    who: Character,
    purpose: str,
    blocks: int,
    asleep: bool,
) -> Rolled:
    """The fraction of an hour: 1d10 awake (N-144, NAMB-17); asleep 2d10,
    either die (NAMB-18), or one d10 at the doubled chance (`double`)."""
    difficulty = fraction_difficulty(blocks)
    terms: tuple[Term, ...] = (
        ("base", FRACTION_BASE),
        (N_("bloques de 10 min"), -PER_BLOCK * blocks),
    )
    if not asleep:
        return _one_die(dice, who, purpose, difficulty, terms)
    if options.sleep_fraction == "double":
        target = doubled_target(difficulty)
        doubled = terms + (("doble", target - difficulty),)
        return _one_die(dice, who, purpose, target, doubled, pool_name="descanso (dormido, doble)")
    faces = dice.pool(purpose, 2, 10)
    hit = int(any(face >= difficulty for face in faces))
    roll = PoolRoll(purpose, 2, difficulty, faces, (), hit, False, False, False)
    return Rolled(
        purpose,
        who.id,
        (("descanso (dormido)", 2),),
        2,
        terms,
        difficulty,
        roll,
        hit,
        level_of(hit),
    )


def _one_die(
    dice: Dice,
    who: Character,
    purpose: str,
    difficulty: int,
    terms: tuple[Term, ...] = (),
    *,
    pool_name: str = "descanso",
) -> Rolled:
    """One plain d10 (no 10 explodes: it is not a pool) at `difficulty`."""
    face = dice.roll(purpose, 10, 0)
    hit = int(face >= difficulty)
    roll = PoolRoll(purpose, 1, difficulty, (face,), (), hit, False, False, False)
    shown = terms or (("base", difficulty),)
    return Rolled(
        purpose, who.id, ((pool_name, 1),), 1, shown, difficulty, roll, hit, level_of(hit)
    )
