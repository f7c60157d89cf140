"""Each action, check and rest of an exchange as one report entry: its
text block, its plain-data twin, the characters it concerns, the labels of
its rolls and whether the Narrator hid it (rulebook 001; the reports choose
which entries each reader sees, `renderers.narrativo.report`).

An action's block: who, the kind and the intent, each roll on a line
(`words.rolled_line`: N-001, NAMB-01, NAMB-02, NAMB-30, NAMB-24), an
opposed rival's roll and the net successes (N-023, NAMB-07), the outcome
in words (NAMB-03), the warnings (NAMB-09, NAMB-26) and the effects it
began. A check's and a rest's likewise, with the Fatiga before and after a
rest (N-143 .. N-148).

A hidden roll (`ActionResult.hidden`, `CheckResult.hidden`) is revealed
when one of its labels (the declaration's id, a roll's label or its dice
purpose) is in the state's `revealed` set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from adjudicator.rulesets.narrativo.outcome import (
    ActionResult,
    CheckResult,
    NarrativoResolution,
    RestResult,
    Rolled,
    made_under,
)
from adjudicator.rulesets.narrativo.state import Effect
from adjudicator.rulesets.narrativo.vocabulary import word
from orders.narrativo.model import CheckCall
from renderers.narrativo.words import (
    character_name,
    effect_dict,
    effect_text,
    number,
    rolled_dict,
    rolled_line,
)
from texts import N_, _, tr

HIDDEN_MARK = N_(" [hidden]")
REVEALED_MARK = N_(" [hidden, revealed]")


@dataclass(frozen=True)
class Entry:
    """One action, check or rest as the reports show it."""

    kind: str
    labels: frozenset[str]
    characters: frozenset[str]
    hidden: bool
    revealed: bool
    lines: tuple[str, ...]
    data: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    actors: frozenset[str] = frozenset()
    """Those who rolled (not an opponent): a secret entry keeps their sheet
    changes out of the others' reports."""

    @property
    def secret(self) -> bool:
        """Hidden by the Narrator and not revealed: only in his report."""
        return self.hidden and not self.revealed

    def text(self, *, narrator: bool = False) -> tuple[str, ...]:
        """The block; the Narrator's marks a hidden entry on its first line."""
        if not (narrator and self.hidden):
            return self.lines
        mark = _(REVEALED_MARK) if self.revealed else _(HIDDEN_MARK)
        return (self.lines[0] + mark, *self.lines[1:])

    def owns_purpose(self, purpose: str) -> bool:
        """Whether a logged die's purpose belongs to one of this entry's rolls."""
        return any(made_under(purpose, label) for label in self.labels)


def begun(resolution: NarrativoResolution) -> tuple[Effect, ...]:
    """The effects the exchange began (in the state after, not before)."""
    before = set(resolution.previous.effects)
    return tuple(e for e in resolution.state.effects if e not in before)


def roll_labels(rolls: tuple[Rolled, ...]) -> set[str]:
    labels: set[str] = set()
    for rolled in rolls:
        labels.add(rolled.label)
        if rolled.dice is not None:
            labels.add(rolled.dice.purpose)
    return labels


def _effects(resolution: NarrativoResolution, labels: frozenset[str]) -> list[Effect]:
    return [e for e in begun(resolution) if e.source in labels]


def _tail(
    resolution: NarrativoResolution, labels: frozenset[str], words: str, warnings: tuple[str, ...]
) -> tuple[list[str], list[Effect]]:
    """The result, warnings and effects begun: the lines closing a block."""
    effects = _effects(resolution, labels)
    lines = ["  " + _("Result: {words}").format(words=tr(words))] if words else []
    lines += ["  " + _("Warning: {warning}").format(warning=tr(w)) for w in warnings]
    state = resolution.state
    lines += [
        "  "
        + _("Effect begun on {name}: {effect}").format(
            name=character_name(state, e.character), effect=effect_text(e)
        )
        for e in effects
    ]
    return lines, effects


def action_header(resolution: NarrativoResolution, result: ActionResult) -> str:
    """`Dreyer-1 — Hans Dreyer, opuesta: golpea a Kessler, against Kessler`."""
    declaration = result.declaration
    state = resolution.state
    intent = declaration.intent or "; ".join(str(p) for p in declaration.pools)
    head = f"{declaration.id} — {character_name(state, declaration.character)}"
    head += f", {tr(word(declaration.kind))}: {intent}"
    if declaration.opponent:
        head += _(", against {name}").format(name=character_name(state, declaration.opponent))
    if declaration.partners:
        names = ", ".join(character_name(state, p) for p in declaration.partners)
        head += _(", with {names}").format(names=names)
    return head


def net_line(result: ActionResult) -> str:
    """An active opposed action's net successes (N-023, NAMB-07)."""
    active = sum(r.successes for r in result.rolls)
    opposing = sum(r.successes for r in result.opposing)
    if result.net > 0:
        text = _("Net: {active} − {opposing} = {net} (NAMB-07)")
    else:
        text = _("Net: {active} − {opposing} = {net}, no effect (NAMB-07)")
    return "  " + text.format(active=active, opposing=opposing, net=number(result.net))


def action_entry(resolution: NarrativoResolution, result: ActionResult) -> Entry:
    """An action's entry (see the module docstring)."""
    declaration = result.declaration
    labels = frozenset({declaration.id, *roll_labels(result.rolls), *roll_labels(result.opposing)})
    lines = [action_header(resolution, result)]
    lines += [f"  {rolled_line(r)}" for r in result.rolls]
    lines += ["  " + _("Rival: {roll}").format(roll=rolled_line(r)) for r in result.opposing]
    if result.opposing:
        lines.append(net_line(result))
    if result.refused is not None:
        lines.append("  " + _("Refused: {reason}").format(reason=tr(result.refused)))
    tail, effects = _tail(resolution, labels, result.words, result.warnings)
    characters = {declaration.character, *declaration.partners}
    characters |= {r.character for r in (*result.rolls, *result.opposing)}
    if declaration.opponent:
        characters.add(declaration.opponent)
    revealed = bool(labels & resolution.state.revealed)
    data = {
        "id": declaration.id,
        "character": declaration.character,
        "kind": declaration.kind.value,
        "intent": declaration.intent,
        "pools": [str(p) for p in declaration.pools],
        "opponent": declaration.opponent,
        "partners": list(declaration.partners),
        "rolls": [rolled_dict(r) for r in result.rolls],
        "opposing": [rolled_dict(r) for r in result.opposing],
        "net": result.net if result.opposing else None,
        "level": result.level.value,
        "words": result.words,
        "warnings": list(result.warnings),
        "refused": result.refused,
        "effects": [effect_dict(e) for e in effects],
        "hidden": result.hidden,
        "revealed": result.hidden and revealed,
    }
    return Entry(
        "action",
        labels,
        frozenset(characters),
        result.hidden,
        result.hidden and revealed,
        (*lines, *tail),
        data,
        frozenset({declaration.character, *declaration.partners}),
    )


def check_label(result: CheckResult) -> str:
    """The check's label: its roll's, or `<character>:<kind>` when nothing
    was rolled."""
    if result.roll is not None:
        return result.roll.label
    return f"{result.call.character}:{result.call.kind.value}"


def check_detail(call: CheckCall) -> str:
    """Why the check: its trigger's direction (N-061), the emotion, the
    effort and minutes, the situations and the Narrator's reason."""
    parts: list[str] = []
    if call.trigger is not None:
        way = _("moralising") if call.trigger.moralising else _("demoralising")
        parts.append(f"{way}: {call.trigger.value}")
    if call.emotion is not None:
        parts.append(call.emotion.value)
    if call.effort is not None:
        minutes = f" {call.minutes} min" if call.minutes else ""
        parts.append(f"{call.effort.value}{minutes}")
    if call.situations:
        parts.append(", ".join(s.value for s in call.situations))
    if call.reason:
        parts.append(tr(call.reason))
    return f" ({'; '.join(parts)})" if parts else ""


def check_entry(resolution: NarrativoResolution, result: CheckResult) -> Entry:
    """A check's entry: its roll, what changed in words, the effect begun."""
    call = result.call
    label = check_label(result)
    rolls = (result.roll,) if result.roll is not None else ()
    labels = frozenset({label, *roll_labels(rolls)})
    name = character_name(resolution.state, call.character)
    check = _("{kind} check").format(kind=tr(word(call.kind)))
    lines = [f"{label} — {name}, {check}{check_detail(call)}"]
    lines += [f"  {rolled_line(r)}" for r in rolls]
    tail, effects = _tail(resolution, labels, result.words, ())
    revealed = result.hidden and bool(labels & resolution.state.revealed)
    data = {
        "label": label,
        "character": call.character,
        "kind": call.kind.value,
        "trigger": call.trigger.value if call.trigger is not None else None,
        "emotion": call.emotion.value if call.emotion is not None else None,
        "effort": call.effort.value if call.effort is not None else None,
        "minutes": call.minutes,
        "situations": [s.value for s in call.situations],
        "reason": call.reason,
        "roll": rolled_dict(result.roll) if result.roll is not None else None,
        "words": result.words,
        "effects": [effect_dict(e) for e in effects],
        "hidden": result.hidden,
        "revealed": revealed,
    }
    return Entry(
        "check",
        labels,
        frozenset({call.character}),
        result.hidden,
        revealed,
        (*lines, *tail),
        data,
        frozenset({call.character}),
    )


def rest_entry(resolution: NarrativoResolution, result: RestResult) -> Entry:
    """A rest's entry: minutes, asleep or awake, Fatiga before → after
    (N-143 .. N-148, NAMB-17, NAMB-18) and the rolls of its fractions."""
    call = result.call
    name = character_name(resolution.state, call.character)
    how = (
        _("Rest — {name}, {minutes} min asleep: Fatiga {before} → {after}")
        if call.asleep
        else _("Rest — {name}, {minutes} min awake: Fatiga {before} → {after}")
    )
    labels = frozenset(roll_labels(result.rolls))
    lines = [
        how.format(name=name, minutes=call.minutes, before=result.before, after=result.after),
        *(f"  {rolled_line(r)}" for r in result.rolls),
    ]
    tail, effects = _tail(resolution, labels, result.words, ())
    data = {
        "character": call.character,
        "minutes": call.minutes,
        "asleep": call.asleep,
        "before": result.before,
        "after": result.after,
        "rolls": [rolled_dict(r) for r in result.rolls],
        "words": result.words,
        "effects": [effect_dict(e) for e in effects],
    }
    return Entry("rest", labels, frozenset({call.character}), False, False, (*lines, *tail), data)


def entries(resolution: NarrativoResolution) -> tuple[Entry, ...]:
    """Every action, check and rest, in the order resolved within each."""
    return (
        *(action_entry(resolution, r) for r in resolution.actions),
        *(check_entry(resolution, r) for r in resolution.checks),
        *(rest_entry(resolution, r) for r in resolution.rests),
    )
