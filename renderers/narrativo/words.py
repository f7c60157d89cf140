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

import re
from typing import Any

from adjudicator.rulesets.narrativo.outcome import Level, Rolled, Term
from adjudicator.rulesets.narrativo.pools import DesperateEnd, DesperateRoll, PoolRoll
from adjudicator.rulesets.narrativo.state import Clock, Effect, NarrativoState, PendingChoice
from adjudicator.rulesets.narrativo.vocabulary import term_word, word
from orders.narrativo.model import ChoiceKind, Declaration
from texts import N_, Text, _, current_language, ngettext, tr

MINUS = "\u2212"
"""The minus sign of the reports (`− múltiple 1`)."""
AUTOMATIC = N_("automatic success, nothing rolled (NAMB-02)")
NOTHING = N_("nothing rolled")
CRITICAL = N_("critical (3+ 10s)")
DISASTROUS = N_("disastrous (3+ 1s)")
DESPERATE_AT = N_("desperate roll at 10 (N-177)")
DESPERATE_ENDS = {
    DesperateEnd.SUCCESS: N_("success"),
    DesperateEnd.FAILURE: N_("failure (N-178)"),
    DesperateEnd.DISASTER: N_("disastrous botch (N-180)"),
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


def successes_text(count: int) -> str:
    """`1 success`, `3 successes`."""
    return ngettext("{n} success", "{n} successes", count).format(n=number(count))


def dice_text(count: int) -> str:
    """`1 die`, `4 dice`."""
    return ngettext("{n} die", "{n} dice", count).format(n=number(count))


def terms_text(terms: tuple[Term, ...]) -> str:
    """`Destreza 3 + Atletismo 2 − múltiple 1`: each term with its name and
    sign (the first with its own sign only when negative)."""
    out: list[str] = []
    for index, (name, value) in enumerate(terms):
        shown = term_word(name)
        if index == 0:
            out.append(f"{shown} {number(value)}")
        else:
            out.append(f"{'+' if value >= 0 else MINUS} {shown} {abs(value)}")
    return " ".join(out)


def faces(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


# --- a roll ---------------------------------------------------------------------------------


def pool_dice_text(roll: PoolRoll) -> str:
    """`8 3 10 2 | 7`: the pool's dice, then the exploded dice in the order
    rolled (N-001, NAMB-01); `no dice` for an empty pool."""
    if not roll.dice:
        return _("no dice")
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
            steps.append(_("10 kept"))
        elif die == 1 and held:
            held, rerolling = held - 1, True
            steps.append(_("1 cancels a 10 (rolled again)"))
        elif die == 1:
            steps.append(_("1 with no 10 held"))
        elif rerolling and not held:
            steps.append(_("{die}: no 10 left").format(die=die))
        else:
            steps.append(_("{die} stops").format(die=die))
    return tuple(steps)


def outcome_text(rolled: Rolled) -> str:
    """`3 successes: completo`, with the flags (NAMB-30) and a desperate
    roll's end (N-178, N-180)."""
    parts = [f"{successes_text(rolled.successes)}: {tr(word(rolled.level))}"]
    dice = rolled.dice
    if isinstance(dice, PoolRoll):
        if dice.critical:
            parts.append(_(CRITICAL))
        if dice.disastrous:
            parts.append(_(DISASTROUS))
    elif isinstance(dice, DesperateRoll):
        parts.append(_(DESPERATE_ENDS[dice.end]))
    return ", ".join(parts)


def dice_part(rolled: Rolled) -> str:
    """What was rolled: the dice, the desperate roll's steps, or nothing."""
    dice = rolled.dice
    if isinstance(dice, PoolRoll):
        return pool_dice_text(dice)
    if isinstance(dice, DesperateRoll):
        return f"{_(DESPERATE_AT)}: {', '.join(desperate_steps(dice))}"
    return _(AUTOMATIC) if rolled.automatic else _(NOTHING)


def rolled_line(rolled: Rolled) -> str:
    """One roll on one line (see the module docstring)."""
    pool = terms_text(rolled.pool_terms)
    head = f"{rolled.label} {pool} = " if pool else f"{rolled.label} "
    difficulty = _("at {difficulty}").format(difficulty=rolled.difficulty)
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
    what = term_word(effect.state or effect.kind)
    dice = (
        " " + ngettext("{n} die", "{n} dice", abs(effect.dice)).format(n=signed(effect.dice))
        if effect.dice
        else ""
    )
    once = _(" on the next action") if effect.next_action else ""
    return _("{what}:{dice}{once} from turn {first} until turn {until} (from {source})").format(
        what=what,
        dice=dice,
        once=once,
        first=effect.first,
        until=effect.until,
        source=effect.source,
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
    written = _(" or ").join(f"`{c}`" for c in choice_commands(state, choice))
    about = f" — {stored_words(choice.about)}" if choice.about else ""
    return _(
        "{id}: {name} owes a choice since exchange {since}{about}; write {written} ({rules})"
    ).format(id=choice.id, name=name, since=choice.since, about=about, written=written, rules=rules)


_GAIN = re.compile(r"a moralising gain of (\d+) Moral \(N-081\)")


def stored_words(text: str) -> str:
    """Words the resolution wrote, in the language being written: a `Text`
    (this exchange's) translated; one read back from the state file (plain
    English) translated when it is one of the rules' fixed messages."""
    if isinstance(text, Text):
        return tr(text)
    if not text:
        return text
    gain = _GAIN.fullmatch(text)
    if gain:
        return _("a moralising gain of {gain} Moral (N-081)").format(gain=gain.group(1))
    return _(text)


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
    return _("Scene {scene}").format(scene=clock.scene) + title


_SUMMARY = re.compile(
    r"(?P<terms>.*) = (?P<pool>\d+) dice at (?P<difficulty>\d+): (?P<faces>.*)"
    r" → (?P<count>\d+) success(?:es)?: (?P<level>\S+)"
)
_SUMMARY_FACES = {"automatic success, nothing rolled": N_("automatic success, nothing rolled")}


def localized_summary(line: str) -> str:
    """A hidden roll's record (`outcome.summary`, kept in English in the
    state file) in the language being written; as stored in English."""
    found = _SUMMARY.fullmatch(line)
    if current_language() == "en" or found is None:
        return line
    faces = found["faces"]
    if faces in _SUMMARY_FACES:
        faces = _(_SUMMARY_FACES[faces])
    elif faces.startswith("desperate: "):
        faces = _("desperate: {dice}").format(dice=faces.removeprefix("desperate: "))
    try:
        level = tr(word(Level(found["level"])))
    except ValueError:
        level = found["level"]
    return (
        f"{found['terms']} = {dice_text(int(found['pool']))} "
        f"{_('at {difficulty}').format(difficulty=found['difficulty'])}: {faces}"
        f" → {successes_text(int(found['count']))}: {level}"
    )
