"""What the Narrator sets on the sheets, and Willpower spent before the
rolls (rulebook 001).

`change_sheets`: the health penalty (NAMB-32), the load (N-135, NAMB-21),
Moral (NAMB-12), the dated historical modifier (N-089) and the condition,
as the Narrator's file says. `spend_willpower`: a point for +2 dice on one
action (N-092; NAMB-28: one a turn, the first such spend of a character),
and the separate uses: a Willpower check's negative effects held off for
two turns (N-125) and the tiredness penalty ignored for two turns (N-140).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.rulesets.narrativo.penalties import CANCEL_KIND, IGNORE_FATIGUE_KIND
from adjudicator.rulesets.narrativo.sheet import Character, Condition, HistoricalMoral
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState
from adjudicator.rulesets.narrativo.vocabulary import word
from orders.narrativo.model import Declaration, SheetChange, WillpowerSpend, WillpowerUse
from texts import T_

SPEND_TURNS = 2
"""N-125, N-140: one point holds an effect off for two turns."""


def change_sheets(
    state: NarrativoState, changes: Sequence[SheetChange]
) -> tuple[NarrativoState, list[str]]:
    """The Narrator's changes made, each told in a note."""
    notes: list[str] = []
    for change in changes:
        found = state.find(change.character)
        if found is None:
            notes.append(T_("change for {name}: no such character", name=change.character))
            continue
        updated, said = _changed(found, change)
        notes += said
        state = replace(
            state, characters=tuple(updated if c.id == found.id else c for c in state.characters)
        )
    return state, notes


def _changed(character: Character, change: SheetChange) -> tuple[Character, list[str]]:
    said: list[str] = []
    fields: dict[str, object] = {}
    if change.health_penalty is not None:
        fields["health_penalty"] = max(0, change.health_penalty)
        said.append(T_("health penalty −{n} dice (NAMB-32)", n=max(0, change.health_penalty)))
    if change.load_kg is not None:
        fields["load_kg"] = max(0, change.load_kg)
        said.append(T_("load {n} kg (N-135)", n=max(0, change.load_kg)))
    if change.moral is not None:
        fields["moral"] = max(0, change.moral)
        said.append(T_("Moral {n} (NAMB-12)", n=max(0, change.moral)))
    if change.historical is not None:
        value, when = change.historical
        held = max(-5, min(5, value))
        fields["historical"] = HistoricalMoral(held, when)
        said.append(
            T_("historical Moral modifier {value} ({when}, N-089)", value=f"{held:+d}", when=when)
        )
    if change.condition is not None:
        try:
            fields["condition"] = Condition(change.condition)
            said.append(T_("condition {condition}", condition=word(Condition(change.condition))))
        except ValueError:
            known = ", ".join(c.value for c in Condition)
            said.append(
                T_(
                    "condition {condition} unknown (one of {known}): unchanged",
                    condition=repr(change.condition),
                    known=known,
                )
            )
    told: list[str] = [
        T_("The Narrator sets {name}'s {what}", name=character.name, what=s) for s in said
    ]
    return replace(character, **fields), told  # type: ignore[arg-type]


def spend_willpower(
    state: NarrativoState,
    declared: Sequence[Declaration],
    spends: Sequence[WillpowerSpend],
    turn: int,
) -> tuple[NarrativoState, tuple[Declaration, ...], list[str]]:
    """Spends for dice marked on their declaration (the action numbered, or
    the character's first); the other uses made now, a point each."""
    marked = list(declared)
    notes: list[str] = []
    for_dice: set[str] = set()
    for spend in spends:
        if spend.use is WillpowerUse.DICE and spend.character in for_dice:
            notes.append(
                T_(
                    "{name}: a second Willpower point for dice this turn is not spent:"
                    " one a turn (NAMB-28)",
                    name=spend.character,
                )
            )
            continue
        if spend.use is WillpowerUse.DICE:
            for_dice.add(spend.character)
            marked = _mark(marked, spend, notes)
            continue
        character = state.find(spend.character)
        if character is None:
            continue
        if character.voluntad_left <= 0:
            notes.append(
                T_("{name} has no Willpower point left to spend (N-092)", name=character.name)
            )
            continue
        kind = CANCEL_KIND if spend.use is WillpowerUse.CANCEL_EFFECT else IGNORE_FATIGUE_KIND
        rule = "N-125" if spend.use is WillpowerUse.CANCEL_EFFECT else "N-140"
        effect = Effect(character.id, kind, 0, turn, turn + SPEND_TURNS - 1, "voluntad", kind)
        spent = replace(character, voluntad_spent=character.voluntad_spent + 1)
        state = replace(
            state,
            characters=tuple(spent if c.id == character.id else c for c in state.characters),
            effects=(*state.effects, effect),
        )
        notes.append(
            T_(
                "{name} spends a Willpower point: {kind} for two turns ({rule})",
                name=character.name,
                kind=kind,
                rule=rule,
            )
        )
    return state, _one_a_turn(marked, notes), notes


def _mark(
    declared: list[Declaration], spend: WillpowerSpend, notes: list[str]
) -> list[Declaration]:
    """The spend's action marked: `spend.action` counts the character's
    declarations of this exchange as his post lists them (1 the first),
    whatever ids they take after his waiting ones; else his first."""
    mine = [d for d in declared if d.character == spend.character]
    index = (spend.action or 1) - 1
    target = mine[index] if 0 <= index < len(mine) else (mine[0] if mine else None)
    if target is None:
        notes.append(
            T_("{name}: a Willpower point for dice, but no action declared", name=spend.character)
        )
        return declared
    return [replace(d, spend_willpower=True) if d is target else d for d in declared]


def _one_a_turn(declared: list[Declaration], notes: list[str]) -> tuple[Declaration, ...]:
    """NAMB-28: one point for dice a turn: a character's later ones dropped."""
    seen: set[str] = set()
    out = []
    for declaration in declared:
        if declaration.spend_willpower and declaration.character in seen:
            notes.append(
                T_("{id}: one Willpower point a turn for dice (NAMB-28)", id=declaration.id)
            )
            declaration = replace(declaration, spend_willpower=False)
        elif declaration.spend_willpower:
            seen.add(declaration.character)
        out.append(declaration)
    return tuple(out)
