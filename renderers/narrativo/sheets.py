"""The phrasing of a character's sheet after an exchange, for the player's
private report and the Narrator's (rulebook 001; `words` phrases the rolls).

The sheet shows the attributes and skills (the game's lists, in the order
of its sheet file), Voluntad left of the permanent rating (N-092, NAMB-28,
NAMB-29), Liderazgo, Moral with its dated historical modifier (N-089,
NAMB-12), Fatiga with tired or exhausted (N-138, N-139, NAMB-27),
Resistencia, Aplomo, the health penalty (NAMB-32), the load (N-135),
the condition (N-060, N-141), the effects still running with their last
turn, the extended actions' progress (N-017, N-018, NAMB-04) and the
choices the player still owes (NAMB-11, N-081, N-181).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from adjudicator.rulesets.narrativo.penalties import EXHAUSTED, TIRED, tiredness
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect, ExtendedAction, NarrativoState
from adjudicator.rulesets.narrativo.vocabulary import word
from renderers.narrativo.words import (
    choice_dict,
    choice_line,
    dice_text,
    effect_dict,
    effect_text,
    signed,
)
from texts import N_, _, tr

TIREDNESS_WORDS = {
    0: "",
    TIRED: N_("cansado, −2 dice (N-138)"),
    EXHAUSTED: N_("agotado, −4 dice (N-139, NAMB-27)"),
}


def ordered(values: Mapping[str, int], names: Mapping[str, tuple[str, ...]]) -> list[str]:
    """The values' names in the game's order (its sheet file), then any
    other in alphabetical order."""
    known = [n for n in names if n in values]
    return known + sorted(n for n in values if n not in names)


def values_text(values: Mapping[str, int], names: Mapping[str, tuple[str, ...]]) -> str:
    shown = ", ".join(f"{n} {values[n]}" for n in ordered(values, names))
    return shown or _("none")


def running_effects(
    state: NarrativoState, character: str, hidden: frozenset[str] = frozenset()
) -> tuple[Effect, ...]:
    """The character's effects not yet over at the clock's turn, but those
    begun by a roll in `hidden` (a secret roll's effect is the Narrator's)."""
    turn = state.clock.turn
    return tuple(
        e
        for e in state.effects
        if e.character == character and e.until >= turn and e.source not in hidden
    )


def extended_status(action: ExtendedAction) -> str:
    if action.done:
        return _("complete")
    if action.failed:
        return _("failed for good (N-020)")
    if action.out_of_time:
        return _("failed for lack of time (NAMB-04)")
    return _("under way")


def extended_text(action: ExtendedAction) -> str:
    """`dreyer-1: 7/20 successes, 5/20 rolls, under way`."""
    if action.limit is not None:
        rolls = _("{made}/{limit} rolls").format(made=action.rolls_made, limit=action.limit)
    else:
        rolls = _("{made} rolls, no limit").format(made=action.rolls_made)
    return _("{id}: {total}/{need} successes, {rolls}, {status}").format(
        id=action.id,
        total=action.total,
        need=action.need,
        rolls=rolls,
        status=extended_status(action),
    )


def extended_dict(action: ExtendedAction) -> dict[str, Any]:
    return {
        "id": action.id,
        "characters": list(action.characters),
        "total": action.total,
        "need": action.need,
        "rolls_made": action.rolls_made,
        "limit": action.limit,
        "difficulty": action.difficulty,
        "status": extended_status(action),
        "text": extended_text(action),
    }


def extended_of(state: NarrativoState, character: str) -> tuple[ExtendedAction, ...]:
    return tuple(a for a in state.extended if character in a.characters)


def rank_text(character: Character) -> str:
    squad = _("squad {squad}").format(squad=character.squad) if character.squad else _("no squad")
    rank = _("rank {rank}").format(rank=character.rank)
    if character.rank_name:
        rank = f"{character.rank_name} ({rank})"
    return f"{squad}, {rank}"


def moral_text(character: Character) -> str:
    """`Moral 14, historical modifier +3 (Túnez 1943): 17 (N-089)`."""
    if character.historical is None:
        return _("Moral {moral}").format(moral=character.moral)
    return _("Moral {moral}, historical modifier {value} ({when}): {total} (N-089)").format(
        moral=character.moral,
        value=signed(character.historical.value),
        when=character.historical.when,
        total=character.moral_total,
    )


def fatigue_text(character: Character) -> str:
    words = TIREDNESS_WORDS[tiredness(character)]
    fatiga = _("Fatiga {fatiga}").format(fatiga=character.fatiga)
    return fatiga + (f": {_(words)}" if words else "")


def sheet_lines(
    state: NarrativoState, character: Character, hidden: frozenset[str] = frozenset()
) -> list[str]:
    """A character's sheet as it stands after the exchange (without the
    effects of the secret rolls in `hidden`)."""
    book = state.book
    owner = (
        _("player {player}").format(player=character.player)
        if character.player
        else _("the Narrator's")
    )
    health = dice_text(character.health_penalty) if character.health_penalty else _("none")
    lines = [
        (
            f"{character.name} ({character.id}), {owner}; {rank_text(character)};"
            f" {tr(word(character.condition))}"
        ),
        "  "
        + _("Attributes: {values}").format(
            values=values_text(character.attributes, book.attributes)
        ),
        "  " + _("Skills: {values}").format(values=values_text(character.skills, book.skills)),
        "  "
        + _(
            "Voluntad {left} left of {voluntad}; Liderazgo {liderazgo};"
            " Resistencia {resistencia}; Aplomo {aplomo}"
        ).format(
            left=character.voluntad_left,
            voluntad=character.voluntad,
            liderazgo=character.liderazgo,
            resistencia=character.resistencia,
            aplomo=character.aplomo,
        ),
        f"  {moral_text(character)}; {fatigue_text(character)}",
        "  "
        + _("Health penalty {health} (NAMB-32); load {load} kg").format(
            health=health, load=character.load_kg
        ),
    ]
    effects = running_effects(state, character.id, hidden)
    if effects:
        lines += ["  " + _("Effects running:")] + [f"    {effect_text(e)}" for e in effects]
    else:
        lines.append("  " + _("Effects running: none"))
    extended = extended_of(state, character.id)
    if extended:
        lines += ["  " + _("Extended actions:")] + [f"    {extended_text(a)}" for a in extended]
    choices = [c for c in state.choices if c.character == character.id]
    if choices:
        lines += ["  " + _("Choices owed:")] + [f"    {choice_line(state, c)}" for c in choices]
    return lines


def sheet_dict(
    state: NarrativoState, character: Character, hidden: frozenset[str] = frozenset()
) -> dict[str, Any]:
    """The sheet as plain data (as `sheet_lines`)."""
    book = state.book
    historical = character.historical
    return {
        "id": character.id,
        "name": character.name,
        "player": character.player,
        "squad": character.squad,
        "rank": character.rank,
        "rank_name": character.rank_name,
        "condition": character.condition.value,
        "attributes": {
            n: character.attributes[n] for n in ordered(character.attributes, book.attributes)
        },
        "skills": {n: character.skills[n] for n in ordered(character.skills, book.skills)},
        "voluntad": character.voluntad,
        "voluntad_spent": character.voluntad_spent,
        "voluntad_left": character.voluntad_left,
        "liderazgo": character.liderazgo,
        "moral": character.moral,
        "historical": (
            {"value": historical.value, "when": historical.when} if historical is not None else None
        ),
        "moral_total": character.moral_total,
        "fatiga": character.fatiga,
        "tiredness": tiredness(character),
        "resistencia": character.resistencia,
        "aplomo": character.aplomo,
        "health_penalty": character.health_penalty,
        "load_kg": character.load_kg,
        "effects": [effect_dict(e) for e in running_effects(state, character.id, hidden)],
        "extended": [extended_dict(a) for a in extended_of(state, character.id)],
        "choices": [choice_dict(state, c) for c in state.choices if c.character == character.id],
    }


def sheet_changes(before: Character | None, after: Character) -> tuple[str, ...]:
    """`Moral 14 → 11`, `Fatiga 2 → 3`...: each sheet value the exchange moved."""
    if before is None:
        return (_("new on the sheets"),)
    pairs = (
        (_("Moral"), before.moral, after.moral),
        (_("historical Moral"), _historical(before), _historical(after)),
        (_("Fatiga"), before.fatiga, after.fatiga),
        (_("Voluntad"), before.voluntad, after.voluntad),
        (_("Voluntad left"), before.voluntad_left, after.voluntad_left),
        (_("health penalty"), before.health_penalty, after.health_penalty),
        (_("load"), f"{before.load_kg} kg", f"{after.load_kg} kg"),
        (_("condition"), tr(word(before.condition)), tr(word(after.condition))),
    )
    return tuple(f"{name} {old} → {new}" for name, old, new in pairs if old != new)


def _historical(character: Character) -> str:
    found = character.historical
    return f"{signed(found.value)} ({found.when})" if found is not None else _("none")
