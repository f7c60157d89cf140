"""Fatigue checks, physical and mental, and the weight carried (rulebook 001
"Peso y Fatiga", N-129 .. N-141; readings NAMB-16, NAMB-19 .. NAMB-22,
NAMB-27).

A physical check (N-131) rolls Resistencia + Atletismo with the standing
terms at 2 + one per 5 kg or fraction above Fuerza × 5 (N-135, NAMB-21),
the Narrator's modifiers, held within 2..10. An effort owes one check per
interval or fraction of it (N-129): 2 minutes running, diving or climbing,
10 trotting, swimming or descending, 30 walking, crawling or creeping; a
heavy load owes one when it is at least Fuerza × 10 kg (N-130, NAMB-22). A
mental check (N-136, N-137) rolls Voluntad at 9 − Resistencia held within
2..10 (NAMB-16). Each check: successes not above the current Fatiga, +1
Fatiga (NAMB-19); never a critical nor a botch (N-132), but every die
failed with some 1 is a fainting spell (NAMB-20): the point still comes and
10 minutes of compulsory rest follow, the effort stops. A point gained at
Fatiga 10 knocks the character out asleep for 8 hours (N-141), Fatiga
staying 10. Each check is rolled with the Fatiga it meets, so the tired
penalty (N-138, N-139, NAMB-27) counts from the check after it begins.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from math import ceil

from adjudicator.rulesets.narrativo.outcome import Changes, Checked, CheckResult, Rolled, Term
from adjudicator.rulesets.narrativo.sheet import Character, Condition
from adjudicator.rulesets.narrativo.situations import CheckContext, check_roll, dice_words
from adjudicator.rulesets.narrativo.state import TURNS_PER_MINUTE, Effect
from orders.narrativo.lazy_words import cat
from orders.narrativo.model import Effort
from texts import N_, T_, joined

BASE_DIFFICULTY = 2
"""N-131."""
MENTAL_BASE = 9
"""N-137: Voluntad at 9 − Resistencia."""
FREE_KG_PER_FUERZA, KG_PER_BLOCK = 5, 5
"""N-135, NAMB-21."""
HEAVY_KG_PER_FUERZA = 10
"""N-130, NAMB-22."""
MAX_FATIGA = 10
"""N-141."""
FORCED_REST_KIND = "descanso_forzoso"
FORCED_REST_TURNS = 10 * TURNS_PER_MINUTE
"""N-132, NAMB-20: at least 10 minutes of compulsory rest."""
ASLEEP_KIND = "dormido"
ASLEEP_TURNS = 8 * 60 * TURNS_PER_MINUTE
"""N-141: he sleeps the next 8 hours."""

INTERVAL_MINUTES: dict[Effort, int] = {
    Effort.RUN: 2,
    Effort.DIVE: 2,
    Effort.CLIMB: 2,
    Effort.TROT: 10,
    Effort.SWIM: 10,
    Effort.DESCEND: 10,
    Effort.WALK: 30,
    Effort.CRAWL: 30,
    Effort.CREEP: 30,
}
"""N-129: a check every so many minutes or fraction, by effort."""


def weight_blocks(load_kg: int, fuerza: int) -> int:
    """NAMB-21: over = load − 5 × Fuerza; ⌈over / 5⌉ blocks when over > 0."""
    over = load_kg - FREE_KG_PER_FUERZA * fuerza
    return ceil(over / KG_PER_BLOCK) if over > 0 else 0


def character_blocks(character: Character) -> int:
    """The weight blocks of `character`'s load (N-135)."""
    return weight_blocks(character.load_kg, character.attribute("Fuerza"))


def checks_owed(effort: Effort | None, minutes: int) -> int:
    """N-129: ⌈minutes / interval⌉ checks, at least one; one for a heavy
    load or an effort the call does not name."""
    if effort is None or effort not in INTERVAL_MINUTES:
        return 1
    return max(1, ceil(minutes / INTERVAL_MINUTES[effort]))


def gains(successes: int, fatiga: int) -> bool:
    """NAMB-19: +1 Fatiga when the successes do not exceed it."""
    return successes <= fatiga


@dataclass(frozen=True)
class _Span:
    """The checks of one call: the character as it stands after each, the
    effects begun, the rolls, the words of each and the notes."""

    character: Character
    effects: tuple[Effect, ...] = ()
    rolls: tuple[Rolled, ...] = ()
    words: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    stopped: bool = False


def fatigue_check(ctx: CheckContext) -> Checked:
    """The physical Fatigue checks of an effort (N-129 .. N-135)."""
    who = ctx.character
    effort = ctx.call.effort
    if effort is Effort.HEAVY_LOAD:
        heavy = who.attribute("Fuerza") * HEAVY_KG_PER_FUERZA
        if who.load_kg < heavy:
            words = T_(
                "{name}'s load of {load} kg is under Fuerza × 10 = {heavy} kg: "
                "no Fatiga check (N-130, NAMB-22)",
                name=who.name,
                load=who.load_kg,
                heavy=heavy,
            )
            return Checked(CheckResult(ctx.call, None, words, ctx.call.hidden))
    blocks = character_blocks(who)
    count = checks_owed(effort, ctx.call.minutes)
    pool = (("Resistencia", who.resistencia), ("Atletismo", who.skill("Atletismo")))
    weight: tuple[Term, ...] = (("peso", blocks),) if blocks else ()
    span = _run(ctx, count, pool, ("base", BASE_DIFFICULTY), weight)
    what = effort.value if effort else T_("effort")
    head = T_(
        "Fatiga check ({effort}, {minutes} min: {count} owed)",
        effort=what,
        minutes=ctx.call.minutes,
        count=count,
    )
    return _checked(ctx, span, head)


def mental_fatigue_check(ctx: CheckContext) -> Checked:
    """A mental Fatigue check (N-136, N-137, NAMB-16): Voluntad at
    9 − Resistencia, the same gain and fainting as a physical one."""
    who = ctx.character
    base = ("9 − Resistencia", MENTAL_BASE - who.resistencia)
    span = _run(ctx, 1, (("Voluntad", who.voluntad),), base, ())
    return _checked(ctx, span, T_("Mental Fatiga check"))


def _run(
    ctx: CheckContext,
    count: int,
    pool: tuple[Term, ...],
    base: Term,
    weight: tuple[Term, ...],
) -> _Span:
    """Roll the checks one after the other (labels `<label>#1`, `#2` ...),
    each with the Fatiga left by the one before, until one stops them."""
    span = _Span(ctx.character)
    for k in range(1, count + 1):
        if span.stopped:
            break
        roll = check_roll(
            ctx,
            f"{ctx.label}#{k}",
            pool,
            base,
            extra_difficulty=weight,
            can_botch=False,
            character=span.character,
        )
        span = _after(ctx, span, roll.rolled, fainted=roll.raw.botch)
        span = replace(span, notes=span.notes + roll.notes)
    return span


def _after(ctx: CheckContext, span: _Span, rolled: Rolled, *, fainted: bool) -> _Span:
    """One check's effect on the span (NAMB-19, NAMB-20, N-141)."""
    who = span.character
    words: str = T_("{label} {dice}", label=rolled.label, dice=dice_words(rolled))
    effects: tuple[Effect, ...] = ()
    stopped = False
    if not gains(rolled.successes, who.fatiga):
        words = cat(words, T_(", more than Fatiga {fatiga}: no point (N-131)", fatiga=who.fatiga))
    elif who.fatiga >= MAX_FATIGA:
        until = ctx.turn + ASLEEP_TURNS - 1
        who = replace(who, condition=Condition.ASLEEP)
        state = N_("desmayado: duerme 8 horas")
        effects = (Effect(who.id, ASLEEP_KIND, 0, ctx.turn, until, rolled.label, state),)
        words = cat(
            words,
            T_(
                ", a point at Fatiga 10: {name} faints and sleeps 8 hours, "
                "turns {first}–{until}, waking only if shaken hard (N-141)",
                name=who.name,
                first=ctx.turn,
                until=until,
            ),
        )
        stopped, fainted = True, False
    else:
        words = cat(
            words,
            T_(
                ", not more than Fatiga {fatiga}: Fatiga {after} (N-131, NAMB-19)",
                fatiga=who.fatiga,
                after=who.fatiga + 1,
            ),
        )
        who = replace(who, fatiga=who.fatiga + 1)
    if fainted:
        until = ctx.turn + FORCED_REST_TURNS - 1
        state = N_("desfallecimiento: descanso obligatorio")
        effects = (Effect(who.id, FORCED_REST_KIND, 0, ctx.turn, until, rolled.label, state),)
        words = cat(
            words,
            T_(
                "; every die failed with a 1: a fainting spell (desfallecimiento), "
                "10 min of compulsory rest, turns {first}–{until} (N-132, NAMB-20)",
                first=ctx.turn,
                until=until,
            ),
        )
        stopped = True
    return _Span(
        who,
        span.effects + effects,
        span.rolls + (rolled,),
        span.words + (words,),
        span.notes,
        stopped,
    )


def _checked(ctx: CheckContext, span: _Span, head: str) -> Checked:
    before, after = ctx.character.fatiga, span.character.fatiga
    words = T_(
        "{head}: {checks}. Fatiga {before} → {after}",
        head=head,
        checks=joined(span.words, "; "),
        before=before,
        after=after,
    )
    notes = tuple(dict.fromkeys(span.notes))
    result = CheckResult(ctx.call, span.rolls[-1], words, ctx.call.hidden)
    changes = Changes(characters=(span.character,), effects=span.effects, notes=notes)
    return Checked(result, changes)
