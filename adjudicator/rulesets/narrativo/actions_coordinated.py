"""Coordinated actions (rulebook 001, "Acciones Coordinadas", N-033 ..
N-037, NAMB-08): the coordinator rolls Liderazgo at 6 unless the ruling
says otherwise (N-034); each success is +1 die to the pools of everyone he
leads (N-035) for as many turns as his permanent Voluntad, from the next
turn (NAMB-08); a military coordinator needs a higher rank than those he
leads (N-036); nothing with 0 successes; it stacks with a Willpower spend.
"""

from __future__ import annotations

from adjudicator.rulesets.narrativo.actions_base import ActionContext
from adjudicator.rulesets.narrativo.actions_single import (
    base_terms,
    finished,
    gathered_changes,
    roll_one,
)
from adjudicator.rulesets.narrativo.levels import count_words
from adjudicator.rulesets.narrativo.outcome import Acted, Changes, Level
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect
from orders.narrativo.model import Declaration, Pool, Ruling
from texts import T_

COORDINATED_DIFFICULTY = 6
"""N-034: Liderazgo at 6, modifiable."""
LEADERSHIP = Pool(("Liderazgo",))
KIND = "coordina"
"""The key of the coordinated bonus's effect (`penalties.standing_terms` adds its dice)."""


def outranks(leader: Character, led: Character) -> bool:
    """N-036: between military characters (both in a squad) the coordinator
    must hold a higher rank; others need no rank."""
    if leader.squad is None or led.squad is None:
        return True
    return leader.rank > led.rank


def led_by(
    ctx: ActionContext, leader: Character, declaration: Declaration
) -> tuple[tuple[Character, ...], tuple[str, ...]]:
    """Those the coordinator leads (N-035): the partners named, else every
    character of his squad with a lower rank; a named one he does not
    outrank is left out with a warning (N-036), an unknown one too."""
    if not declaration.partners:
        squad = tuple(
            c
            for c in ctx.state.characters
            if leader.squad is not None
            and c.id != leader.id
            and c.squad == leader.squad
            and c.rank < leader.rank
        )
        if squad:
            return squad, ()
        return (), (
            T_(
                "{name} leads no one: name those coordinated or set his squad and rank (N-035)",
                name=leader.name,
            ),
        )
    led: list[Character] = []
    warnings: list[str] = []
    for name in declaration.partners:
        other = ctx.state.find(name)
        if other is None:
            warnings.append(
                T_(
                    "{name} is no character: left out of {leader}'s coordination",
                    name=repr(name),
                    leader=leader.name,
                )
            )
        elif other.id == leader.id:
            continue
        elif not outranks(leader, other):
            warnings.append(
                T_(
                    "{name} (rank {rank}) is not under {leader} (rank {leader_rank}):"
                    " left out (N-036)",
                    name=other.name,
                    rank=other.rank,
                    leader=leader.name,
                    leader_rank=leader.rank,
                )
            )
        else:
            led.append(other)
    return tuple(led), tuple(warnings)


def coordinate(
    ctx: ActionContext, character: Character, declaration: Declaration, ruling: Ruling
) -> Acted:
    """N-033 .. N-037, NAMB-08: Liderazgo at the ruling's difficulty (6 when
    it gives none); each success an Effect of +1 die on the led for turns
    turn + 1 .. turn + Voluntad (the permanent rating)."""
    pool = declaration.pools[0] if declaration.pools else LEADERSHIP
    base = base_terms(ruling) or (("dificultad", COORDINATED_DIFFICULTY),)
    one = roll_one(ctx, character, declaration, ruling, declaration.id, pool, base)
    led, warned = led_by(ctx, character, declaration)
    successes = one.rolled.successes
    first, until = ctx.turn + 1, ctx.turn + character.voluntad
    effects: tuple[Effect, ...] = ()
    if successes > 0 and until >= first:
        effects = tuple(
            Effect(
                c.id,
                KIND,
                successes,
                first,
                until,
                source=declaration.id,
                state=f"coordinado por {character.name}",
            )
            for c in led
        )
    words = _words(one.rolled.level, successes, led, first, until, character.voluntad)
    changed = gathered_changes(one.gathered)
    changes = Changes(characters=changed.characters, effects=effects, spent=changed.spent)
    return finished(
        declaration,
        ruling,
        (one.rolled,),
        words,
        one.rolled.level,
        one.warnings + warned,
        changes,
        net=successes,
    )


def _words(
    level: Level, successes: int, led: tuple[Character, ...], first: int, until: int, voluntad: int
) -> str:
    """`2 successes: +2 dice to Dreyer, Müller on turns 6..9 (Voluntad 4)`."""
    if level is Level.BOTCH:
        return T_("a botch (pifia): no bonus")
    if successes <= 0:
        return T_("no success: no bonus (NAMB-08)")
    if not led:
        return T_("{count}: no one to lead", count=count_words(successes))
    if until < first:
        return T_(
            "{count}: Voluntad 0, the bonus lasts no turn (NAMB-08)", count=count_words(successes)
        )
    names = ", ".join(c.name for c in led)
    return T_(
        "{count}: +{n} dice to {names} on turns {first}..{until}"
        " (Voluntad {voluntad}; N-035, NAMB-08)",
        count=count_words(successes),
        n=successes,
        names=names,
        first=first,
        until=until,
        voluntad=voluntad,
    )
