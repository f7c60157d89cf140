"""Shared phrasing of narrativo's reports: a roll, an effect, a choice, a
waiting declaration (rulebook 001). Every text is made from the records of
the resolution only (`adjudicator.rulesets.narrativo.outcome`), and each
has its plain-data twin for the JSON reports.

A roll reads (N-001, N-002, N-003, NAMB-01)

    Dreyer-1 Destreza 3 + Atletismo 2 − múltiple 1 = 4 dice at 6 (base 6): 8 3 10 2 | 7 → 3 successes: completo

the pool's terms with their names and signs, the difficulty and its terms,
the pool's own dice, then "|" and the dice the 10s earned in the order
rolled (NAMB-01), the successes and the level (N-009 .. N-014, NAMB-03) or
pifia, and the flags critical (3+ 10s) and disastrous (3+ 1s) (NAMB-30).
An automatic success rolls nothing (NAMB-02); a desperate roll shows each
die and what it did (N-177 .. N-180, NAMB-24).
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.narrativo.outcome import Level, Rolled, Term
from adjudicator.rulesets.narrativo.pools import DesperateEnd, DesperateRoll, PoolRoll
from adjudicator.rulesets.narrativo.state import Clock, Effect, NarrativoState, PendingChoice
from orders.narrativo.model import ChoiceKind, Declaration

MINUS = "\u2212"
"""The minus sign of the reports (`− múltiple 1`)."""
AUTOMATIC = "automatic success, nothing rolled (NAMB-02)"
NOTHING = "nothing rolled"
CRITICAL = "critical (3+ 10s)"
DISASTROUS = "disastrous (3+ 1s)"
DESPERATE_AT = "desperate roll at 10 (N-177)"
DESPERATE_ENDS = {
    DesperateEnd.SUCCESS: "success",
    DesperateEnd.FAILURE: "failure (N-178)",
    DesperateEnd.DISASTER: "disastrous botch (N-180)",
}
CHOICE_RULES = {
    ChoiceKind.TRAUMA: "NAMB-11",
    ChoiceKind.LOSE_WILLPOWER: "NAMB-11",
    ChoiceKind.RECOVER_WILLPOWER: "N-081",
    ChoiceKind.BONUS_DICE: "N-081",
    ChoiceKind.DESPERATE: "N-181",
    ChoiceKind.ACCEPT_FAILURE: "N-181",
}
"""The rule behind each kind of choice left to the player."""


# --- numbers ------------------------------------------------------------------------------


def number(value: int) -> str:
    """An integer with the report's minus sign (`−2`)."""
    return f"{MINUS}{-value}" if value < 0 else str(value)


def signed(value: int) -> str:
    """An integer with its sign always shown (`+2`, `−2`, `0`)."""
    return f"+{value}" if value > 0 else number(value)


def counted(count: int, one: str, many: str) -> str:
    return f"{number(count)} {one if count == 1 else many}"


def successes_text(count: int) -> str:
    """`1 success`, `3 successes`."""
    return counted(count, "success", "successes")


def dice_text(count: int) -> str:
    """`1 die`, `4 dice`."""
    return counted(count, "die", "dice")


def terms_text(terms: tuple[Term, ...]) -> str:
    """`Destreza 3 + Atletismo 2 − múltiple 1`: each term with its name and
    sign (the first with its own sign only when negative)."""
    out: list[str] = []
    for index, (name, value) in enumerate(terms):
        if index == 0:
            out.append(f"{name} {number(value)}")
        else:
            out.append(f"{'+' if value >= 0 else MINUS} {name} {abs(value)}")
    return " ".join(out)


def faces(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


# --- a roll ---------------------------------------------------------------------------------


def pool_dice_text(roll: PoolRoll) -> str:
    """`8 3 10 2 | 7`: the pool's dice, then the exploded dice in the order
    rolled (N-001, NAMB-01); `no dice` for an empty pool."""
    if not roll.dice:
        return "no dice"
    if not roll.exploded:
        return faces(roll.dice)
    return f"{faces(roll.dice)} | {faces(roll.exploded)}"


def desperate_steps(roll: DesperateRoll) -> tuple[str, ...]:
    """What each die of a desperate roll did, replayed from the dice in the
    order rolled (N-177 .. N-180, NAMB-24): a 10 is kept and earns a die; a
    1 with a 10 held takes it back and the die is rolled again; a 1 with
    none held, or a re-roll leaving none, is the disastrous botch; another
    face stops the roll."""
    steps: list[str] = []
    held, rerolling = 0, False
    for die in roll.dice:
        if die == 10:
            held, rerolling = held + 1, False
            steps.append("10 kept")
        elif die == 1 and held:
            held, rerolling = held - 1, True
            steps.append("1 cancels a 10 (rolled again)")
        elif die == 1:
            steps.append("1 with no 10 held")
        elif rerolling and not held:
            steps.append(f"{die}: no 10 left")
        else:
            steps.append(f"{die} stops")
    return tuple(steps)


def outcome_text(rolled: Rolled) -> str:
    """`3 successes: completo`, with the flags (NAMB-30) and a desperate
    roll's end (N-178, N-180)."""
    parts = [f"{successes_text(rolled.successes)}: {rolled.level.value}"]
    dice = rolled.dice
    if isinstance(dice, PoolRoll):
        if dice.critical:
            parts.append(CRITICAL)
        if dice.disastrous:
            parts.append(DISASTROUS)
    elif isinstance(dice, DesperateRoll):
        parts.append(DESPERATE_ENDS[dice.end])
    return ", ".join(parts)


def dice_part(rolled: Rolled) -> str:
    """What was rolled: the dice, the desperate roll's steps, or nothing."""
    dice = rolled.dice
    if isinstance(dice, PoolRoll):
        return pool_dice_text(dice)
    if isinstance(dice, DesperateRoll):
        return f"{DESPERATE_AT}: {', '.join(desperate_steps(dice))}"
    return AUTOMATIC if rolled.automatic else NOTHING


def rolled_line(rolled: Rolled) -> str:
    """One roll on one line (see the module docstring)."""
    pool = terms_text(rolled.pool_terms)
    head = f"{rolled.label} {pool} = " if pool else f"{rolled.label} "
    difficulty = f"at {rolled.difficulty}"
    if rolled.difficulty_terms:
        difficulty += f" ({terms_text(rolled.difficulty_terms)})"
    return (
        f"{head}{dice_text(rolled.pool)} {difficulty}: {dice_part(rolled)} → {outcome_text(rolled)}"
    )


def terms_list(terms: tuple[Term, ...]) -> list[dict[str, Any]]:
    return [{"name": name, "value": value} for name, value in terms]


def rolled_dict(rolled: Rolled) -> dict[str, Any]:
    """A roll as plain data, with its line as the text shows it."""
    dice = rolled.dice
    data: dict[str, Any] = {
        "label": rolled.label,
        "character": rolled.character,
        "pool_terms": terms_list(rolled.pool_terms),
        "pool": rolled.pool,
        "difficulty_terms": terms_list(rolled.difficulty_terms),
        "difficulty": rolled.difficulty,
        "automatic": rolled.automatic,
        "successes": rolled.successes,
        "level": rolled.level.value,
        "botch": rolled.level is Level.BOTCH,
        "dice": [],
        "exploded": [],
        "critical": False,
        "disastrous": False,
        "desperate": None,
        "line": rolled_line(rolled),
    }
    if isinstance(dice, PoolRoll):
        data.update(
            dice=list(dice.dice),
            exploded=list(dice.exploded),
            critical=dice.critical,
            disastrous=dice.disastrous,
            purpose=dice.purpose,
        )
    elif isinstance(dice, DesperateRoll):
        data.update(
            dice=list(dice.dice),
            desperate={"end": dice.end.value, "steps": list(desperate_steps(dice))},
            purpose=dice.purpose,
        )
    return data


# --- effects, choices, declarations, the clock ----------------------------------------------


def effect_text(effect: Effect) -> str:
    """`pánico: −2 dice until turn 72 (from dreyer:voluntad)`."""
    what = effect.state or effect.kind
    dice = (
        f" {signed(effect.dice)} {'die' if abs(effect.dice) == 1 else 'dice'}"
        if effect.dice
        else ""
    )
    once = " on the next action" if effect.next_action else ""
    return (
        f"{what}:{dice}{once} from turn {effect.first} until turn {effect.until}"
        f" (from {effect.source})"
    )


def effect_dict(effect: Effect) -> dict[str, Any]:
    return {
        "character": effect.character,
        "kind": effect.kind,
        "state": effect.state,
        "dice": effect.dice,
        "first": effect.first,
        "until": effect.until,
        "source": effect.source,
        "next_action": effect.next_action,
        "text": effect_text(effect),
    }


def character_name(state: NarrativoState, character: str) -> str:
    found = state.find(character)
    return found.name if found is not None else character


def choice_commands(state: NarrativoState, choice: PendingChoice) -> tuple[str, ...]:
    """The lines the player writes for each option (`Dreyer: elige trauma`),
    with the choice's id when the character owes more than one."""
    name = character_name(state, choice.character)
    owed = sum(1 for c in state.choices if c.character == choice.character)
    ref = f" {choice.id}" if owed > 1 else ""
    return tuple(f"{name}: elige {option.value}{ref}" for option in choice.options)


def choice_line(state: NarrativoState, choice: PendingChoice) -> str:
    """Who owes which choice and how to answer it (NAMB-11, N-081, N-181)."""
    name = character_name(state, choice.character)
    rules = ", ".join(dict.fromkeys(CHOICE_RULES[o] for o in choice.options))
    written = " or ".join(f"`{c}`" for c in choice_commands(state, choice))
    about = f" — {choice.about}" if choice.about else ""
    return (
        f"{choice.id}: {name} owes a choice since exchange {choice.since}{about};"
        f" write {written} ({rules})"
    )


def choice_dict(state: NarrativoState, choice: PendingChoice) -> dict[str, Any]:
    return {
        "id": choice.id,
        "character": choice.character,
        "options": [o.value for o in choice.options],
        "about": choice.about,
        "since": choice.since,
        "write": list(choice_commands(state, choice)),
        "text": choice_line(state, choice),
    }


def declaration_text(declaration: Declaration) -> str:
    """The declaration as written, or rebuilt from the record."""
    source = declaration.source
    if source is not None and source.text.strip():
        return source.text.strip()
    pools = "; ".join(str(p) for p in declaration.pools)
    return f"{declaration.character}: {declaration.kind.value} {pools}"


def waiting_line(state: NarrativoState, declaration: Declaration) -> str:
    """A declaration waiting for the Narrator's ruling: id, character, line."""
    name = character_name(state, declaration.character)
    return f"{declaration.id} ({name}): {declaration_text(declaration)}"


def waiting_dict(state: NarrativoState, declaration: Declaration) -> dict[str, Any]:
    return {
        "id": declaration.id,
        "character": declaration.character,
        "kind": declaration.kind.value,
        "line": declaration_text(declaration),
        "text": waiting_line(state, declaration),
    }


def clock_dict(clock: Clock) -> dict[str, Any]:
    return {
        "turn": clock.turn,
        "label": clock.label(),
        "scene": clock.scene,
        "scene_title": clock.scene_title,
        "scene_began": clock.scene_began,
    }


def scene_text(clock: Clock) -> str:
    """`Scene 2: El puente`."""
    title = f": {clock.scene_title}" if clock.scene_title else ""
    return f"Scene {clock.scene}{title}"
