"""What a well-formed narrativo state may still get wrong about itself
(`codec.state_problems`): every character that effects, extended actions,
pending choices and waiting declarations name must be one of the state's;
every pool part an attribute or skill of the book or one of the sheet's own
values (`TRAITS`: Voluntad N-093, Liderazgo N-034, N-052, Resistencia,
Aplomo); a character's attributes and skills the book's; Voluntad spent no
more than the permanent rating (N-092, NAMB-28, NAMB-29); ids of extended
actions and pending choices unique. Each problem names the key path, as the
state file spells it, with the nearest valid names.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from adjudicator.kits.sheets.reader import near
from adjudicator.rulesets.narrativo.state import NarrativoState
from orders.narrativo.model import TRAITS, Pool
from texts import T_, either

__all__ = ["state_problems"]


class _Problems:
    """The problems found so far, with the names they are checked against."""

    def __init__(self, state: NarrativoState) -> None:
        self.characters = [c.id for c in state.characters]
        book = state.book
        self.parts = [
            *book.attributes,
            *book.skills,
            *(t for t in TRAITS if t not in book.attributes),
        ]
        self.found: list[str] = []

    def add(self, path: str, message: str, written: str = "", names: Sequence[str] = ()) -> None:
        """`path: message`, with the names nearest to `written` among `names`."""
        nearest = near(written, names) if names else []
        if nearest:
            self.found.append(
                T_(
                    "{path}: {message} (did you mean {names}?)",
                    path=path,
                    message=message,
                    names=either(nearest),
                )
            )
        else:
            self.found.append(T_("{path}: {message}", path=path, message=message))

    def who(self, path: str, character: str | None) -> None:
        if character is not None and character not in self.characters:
            message = T_("{name} is not a character of the state", name=repr(character))
            self.add(path, message, character, self.characters)

    def pool(self, path: str, pool: Pool | None) -> None:
        for n, part in enumerate(pool.parts if pool else ()):
            if part not in self.parts:
                message = T_(
                    "{name} is not an attribute or skill of the book, nor a trait", name=repr(part)
                )
                self.add(f"{path}[{n}]", message, part, self.parts)

    def unique(self, path: str, ids: Iterable[str]) -> None:
        seen: set[str] = set()
        for n, ident in enumerate(ids):
            if ident in seen:
                self.found.append(
                    T_("{path}: {id} is given twice", path=f"{path}[{n}].id", id=repr(ident))
                )
            seen.add(ident)


def state_problems(state: NarrativoState) -> tuple[str, ...]:
    """The state's problems with itself, one sentence each (empty: none)."""
    found = _Problems(state)
    _characters(state, found)
    for n, effect in enumerate(state.effects):
        found.who(f"effects[{n}].character", effect.character)
    for n, action in enumerate(state.extended):
        for m, character in enumerate(action.characters):
            found.who(f"extended[{n}].characters[{m}]", character)
        for character, pool in sorted(action.pools.items()):
            found.who(f"extended[{n}].pools.{character}", character)
            found.pool(f"extended[{n}].pools.{character}", pool)
    found.unique("extended", (a.id for a in state.extended))
    for n, choice in enumerate(state.choices):
        found.who(f"choices[{n}].character", choice.character)
    found.unique("choices", (c.id for c in state.choices))
    for n, declaration in enumerate(state.waiting):
        at = f"waiting[{n}]"
        found.who(f"{at}.character", declaration.character)
        found.who(f"{at}.opponent", declaration.opponent)
        for m, partner in enumerate(declaration.partners):
            found.who(f"{at}.partners[{m}]", partner)
        for m, pool in enumerate(declaration.pools):
            found.pool(f"{at}.pools[{m}]", pool)
        found.pool(f"{at}.opponent_pool", declaration.opponent_pool)
    return tuple(found.found)


def _characters(state: NarrativoState, found: _Problems) -> None:
    book = state.book
    for n, character in enumerate(state.characters):
        at = f"characters[{n}]"
        if character.voluntad_spent > character.voluntad:
            message = T_(
                "{spent} is above voluntad {voluntad} (N-092)",
                spent=character.voluntad_spent,
                voluntad=character.voluntad,
            )
            found.add(f"{at}.voluntad_spent", message)
        for key, names, what in (
            ("attributes", book.attributes, "attribute"),
            ("skills", book.skills, "skill"),
        ):
            for name in sorted(getattr(character, key)):
                if name not in names:
                    message = (
                        T_("{name} is not an attribute of the book", name=repr(name))
                        if what == "attribute"
                        else T_("{name} is not a skill of the book", name=repr(name))
                    )
                    found.add(f"{at}.{key}.{name}", message, name, list(names))
