"""The state as an exchange changes it, one action, check or rest at a time:
`apply` folds a `Changes` into a `NarrativoState` (characters replaced,
effects begun and used up, the extended action updated, choices owed)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.narrativo.outcome import Changes
from adjudicator.rulesets.narrativo.state import ExtendedAction, NarrativoState


def apply(state: NarrativoState, changes: Changes) -> NarrativoState:
    """`state` with `changes` made."""
    if changes == Changes():
        return state
    changed = {c.id: c for c in changes.characters}
    characters = tuple(changed.get(c.id, c) for c in state.characters)
    effects = tuple(e for e in state.effects if e not in changes.spent) + changes.effects
    return replace(
        state,
        characters=characters,
        effects=effects,
        extended=_extended(state.extended, changes.extended),
        choices=state.choices + changes.choices,
    )


def _extended(
    current: tuple[ExtendedAction, ...], updated: ExtendedAction | None
) -> tuple[ExtendedAction, ...]:
    if updated is None:
        return current
    kept = tuple(e for e in current if e.id != updated.id)
    return (*kept, updated)


def expire(state: NarrativoState, turn: int) -> NarrativoState:
    """Effects past their last turn, and extended actions done, failed or out
    of time, dropped when the clock reaches `turn`."""
    return replace(
        state,
        effects=tuple(e for e in state.effects if e.until >= turn),
        extended=tuple(e for e in state.extended if e.open),
    )
