"""The dice of a Genes Mactantes report: a roll's terms and face, what a
labelled roll decided (002 §5.4.5: "un resultat de 1 és una errada, i 0 és
un èxit")."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.rulesets.genes.characters import FATE_CAPTURED, FATE_KILLED
from adjudicator.rulesets.genes.outcome import (
    FATE_PREFIX,
    TRAVEL_SUFFIX,
    WATCH_PREFIX,
    Effect,
    EffectKind,
    TestRoll,
)
from renderers.genes.json_output import Names
from texts import Text, _, tr


def face_words(face: int) -> str:
    """A d10 face: `7`, or `0 (10)` for the 0 face, which counts as 10."""
    return "0 (10)" if face == 10 else str(face)


def terms_text(terms: Iterable[tuple[str, int]]) -> str:
    """`Militarisme 6 + Joan 2 - Bloqueig 1` (empty for no terms)."""
    text = ""
    for label, value in terms:
        sign = "-" if value < 0 else "+"
        text += f" {sign} " if text else ("-" if value < 0 else "")
        text += f"{label_text(label)} {abs(value)}"
    return text


def label_text(label: str) -> str:
    """A roll's term or label in the reader's language: a lazy message
    (`aliat Llevant`) translated, a rulebook word (`Militarisme`) looked up,
    a name (`Joan`) as it is."""
    if isinstance(label, Text) or not label:
        return tr(label)
    return _(label)


def passed(roll: TestRoll) -> bool:
    """Whether a test roll passed: a 0 always does, a 1 never, else total > difficulty."""
    if roll.face in (1, 10):
        return roll.face == 10
    return roll.against is None or roll.total > roll.against


def roll_text(roll: TestRoll) -> str:
    """`Militarisme 6 + Joan 2 + d10 [0 (10)] = 18 > 12`; a contest side has no
    `> n`; a bare die (a fate roll, an initiative tie) is `d10 [7]`."""
    terms = terms_text(roll.terms)
    die = f"d10 [{face_words(roll.face)}]"
    if not terms and roll.against is None:
        return die
    text = f"{terms + ' + ' if terms else ''}{die} = {roll.total}"
    if roll.against is None:
        return text
    text += f" {'>' if roll.total > roll.against else '≤'} {roll.against}"
    if roll.face == 10 and roll.total <= roll.against:
        text += _(", but a 0 always succeeds")
    if roll.face == 1 and roll.total > roll.against:
        text += _(", but a 1 always fails")
    return text


def roll_verdict(
    rolls: Sequence[TestRoll], index: int, effects: Iterable[Effect], names: Names
) -> str:
    """What a labelled roll (not the action's own) decided: `passed` /
    `failed` for a test, `killed` / `captured by X` / `escapes` for a fate
    roll, `caught` / `gets through` for a traveller against a watch; empty
    for the action's own rolls (its outcome line says it)."""
    roll = rolls[index]
    if not roll.label:
        return ""
    if roll.against is not None:
        return _("passed") if passed(roll) else _("failed")
    if roll.label.startswith(FATE_PREFIX):
        return _fate_verdict(roll, effects, names)
    before = rolls[index - 1] if index else None
    if roll.label.endswith(TRAVEL_SUFFIX) and before and before.label.startswith(WATCH_PREFIX):
        return _("caught") if before.total > roll.total else _("gets through")
    return ""


def _fate_verdict(roll: TestRoll, effects: Iterable[Effect], names: Names) -> str:
    """1-2 killed, 3-5 captured by the opposing country (if any), else escapes."""
    if roll.face <= FATE_KILLED:
        return _("killed")
    if roll.face <= FATE_CAPTURED:
        name = roll.label.removeprefix(FATE_PREFIX)
        for effect in effects:
            captured = effect.kind is EffectKind.CHARACTER_CAPTURED
            if captured and names.character(effect.subject) == name:
                return _("captured by {country}").format(country=names.country(effect.country))
    return _("escapes")


def roll_lines(
    rolls: Sequence[TestRoll], effects: Iterable[Effect], names: Names, indent: str
) -> list[str]:
    """One line per roll: who rolled (or what the roll was for), its terms
    and, for a labelled roll, what it decided:
    `     fate of Joan: d10 [3]: captured by Llevant`."""
    kept = tuple(effects)
    heads = [(label_text(r.label) or names.country(r.country)) + ":" for r in rolls]
    width = max(len(head) for head in heads)
    lines = []
    for index, (roll, head) in enumerate(zip(rolls, heads, strict=True)):
        verdict = roll_verdict(rolls, index, kept, names)
        lines.append(
            f"{indent}{head:<{width}} {roll_text(roll)}{': ' + verdict if verdict else ''}"
        )
    return lines
