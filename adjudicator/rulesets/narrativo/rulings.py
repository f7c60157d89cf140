"""Which ruling is for which declaration (rulebook 001; the issue's "two
steps a turn": players declare, the Narrator rules, the judge rolls).

A ruling's `ref` names a declaration by its id (`dreyer-2`), a character
with exactly one declaration waiting (`Dreyer`), or an extended action under
way by its id. Declarations are numbered per character after those still
waiting from earlier exchanges, so an id is never given twice. A
declaration without a ruling waits, listed for the Narrator, never guessed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.rulesets.narrativo.outcome import declaration_label
from adjudicator.rulesets.narrativo.state import NarrativoState
from orders.narrativo.model import ActionKind, Declaration, Ruling
from texts import T_


@dataclass(frozen=True)
class Matched:
    """Rulings paired: by declaration id, by extended action id, and the
    notes for the rulings that name nothing waiting."""

    actions: dict[str, Ruling] = field(default_factory=dict)
    extended: dict[str, Ruling] = field(default_factory=dict)
    notes: tuple[str, ...] = ()


def numbered(state: NarrativoState, new: Sequence[Declaration]) -> tuple[Declaration, ...]:
    """The new declarations numbered per character after every id still in
    use: declarations waiting, extended actions under way and hidden rolls
    not yet revealed (their labels start with the id), so a ruling or a
    reveal never names two things."""
    last: dict[str, int] = {}
    in_use = [d.id for d in state.waiting]
    in_use += [e.id for e in state.extended if e.open]
    in_use += [declaration_label(label) for label in state.hidden_rolls]
    for used in in_use:
        character, _, digits = used.rpartition("-")
        if character and digits.isdigit():
            last[character] = max(last.get(character, 0), int(digits))
    out = []
    for declaration in new:
        number = last.get(declaration.character, 0) + 1
        last[declaration.character] = number
        out.append(replace(declaration, number=number))
    return tuple(out)


def _fold(text: str) -> str:
    return text.strip().casefold()


def match(
    state: NarrativoState, pending: Sequence[Declaration], rulings: Sequence[Ruling]
) -> Matched:
    """Each ruling paired with what it names (see the module's docstring)."""
    by_id = {_fold(d.id): d for d in pending}
    open_extended = {_fold(e.id): e.id for e in state.extended if e.open}
    actions: dict[str, Ruling] = {}
    extended: dict[str, Ruling] = {}
    notes: list[str] = []
    for ruling in rulings:
        key = _fold(ruling.ref)
        if key in by_id:
            actions[by_id[key].id] = ruling
            continue
        if key in open_extended:
            extended[open_extended[key]] = ruling
            continue
        mine = _of_character(state, pending, key)
        if len(mine) == 1:
            actions[mine[0].id] = ruling
        elif mine:
            ids = ", ".join(d.id for d in mine)
            notes.append(
                T_(
                    "ruling {ref}: {n} declarations wait, name one: {ids}",
                    ref=ruling.ref,
                    n=len(mine),
                    ids=ids,
                )
            )
        else:
            waiting = ", ".join(d.id for d in pending) or T_("none")
            notes.append(
                T_(
                    "ruling {ref}: nothing waits under that name (waiting: {waiting})",
                    ref=ruling.ref,
                    waiting=waiting,
                )
            )
    return Matched(actions, extended, tuple(notes))


def _of_character(
    state: NarrativoState, pending: Sequence[Declaration], key: str
) -> list[Declaration]:
    """The declarations (not cooperations: they follow their lead) of the
    character whose id, name or alias is `key`."""
    found = next(
        (
            c
            for c in state.characters
            if key in {_fold(c.id), _fold(c.name), *(_fold(a) for a in c.aliases)}
        ),
        None,
    )
    if found is None:
        return []
    return [d for d in pending if d.character == found.id and d.kind is not ActionKind.COOPERATIVE]


def in_initiative_order(
    pending: Sequence[Declaration], initiative: Sequence[str]
) -> list[Declaration]:
    """The Narrator's initiative first (NAMB-31: characters in his order),
    the others after them in the order declared."""
    rank = {character: i for i, character in enumerate(initiative)}
    indexed = list(enumerate(pending))
    indexed.sort(key=lambda pair: (rank.get(pair[1].character, len(rank)), pair[0]))
    return [d for _, d in indexed]
