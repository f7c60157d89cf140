"""narrativo's state <-> plain data: the state file `turns/<phase>.yaml`
that carries a game from one exchange of mail to the next (rulebook 001).

**Spelling.** The state file uses ONE spelling: each record's own field
names (`voluntad_spent`, `fatiga`, `health_penalty`, `load_kg`, `historical`,
`rank_name`...: English snake keys, with the rules' Spanish words where the
records use them), never the sheet file's Spanish keys (`voluntad_gastada`,
`penalizacion_salud`, `carga`), which only `sheet_files` reads. Enums are
written as their values, ids instead of objects, a pool as the list of its
parts, the phase as its id (`CALENDAR`: `3-turno`).

`state_to_dict` writes the fields in the records' order, each field at its
default left out (a character's `player` is always written, null for the
Narrator's), and every mapping with its keys sorted, but for the book's lists
of attributes and skills, which keep `juego.yaml`'s order (the order a sheet
is shown in). `state_from_dict` is its exact inverse and validates every
field: a bad value raises `StateDataError` (a ValueError) naming the key path,
`characters[2].fatiga: expected 0..10, got 12`. What the data says about
itself (a character named but not there, a pool naming no attribute or skill
of the book, Voluntad spent above the rating) is `state_problems`' to tell.

```yaml
phase: 3-turno
book:
  attributes: {Fuerza: [Strength], Destreza: [Dexterity], Resistencia: [Stamina]}
  skills: {Atletismo: [Athletics]}
characters:
- id: dreyer
  name: Hans Dreyer
  player: ana
  attributes: {Destreza: 3, Fuerza: 3, Resistencia: 3}
  skills: {Atletismo: 2}
  voluntad: 5
  liderazgo: 2
  moral: 14
  resistencia: 3
  aplomo: 2
  historical: {value: 3, when: '1943, Túnez'}
  rank: 2
  rank_name: Cabo
clock: {turn: 40, scene: 2, scene_title: El muro, scene_began: 36}
effects:
- {character: dreyer, kind: coordina, dice: 1, first: 36, until: 40, source: ward-1}
extended:
- {id: dreyer-1, characters: [dreyer], need: 20, limit: 20,
   pools: {dreyer: [Fuerza, Atletismo]}, difficulty: 8, rolls_made: 4, total: 6}
choices:
- {id: c1, character: dreyer, options: [trauma, voluntad], about: Histeria, since: 3}
waiting:
- {character: dreyer, kind: simple, pools: [[Destreza, Atletismo]],
   source: {file: ana.txt, line: 2, text: 'Dreyer: Destreza + Atletismo'}}
revealed: [kessler-1]
hidden_rolls: {centinela-1: 3}
```
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, is_dataclass, replace
from enum import StrEnum
from typing import Any

from adjudicator.core.fields import at_default
from adjudicator.core.phase import Phase
from adjudicator.rulesets.narrativo.codec_fields import (
    Read,
    StateDataError,
    enum,
    fail,
    flag,
    maybe,
    number,
    read_record,
    records,
    table,
    text,
    texts,
)
from adjudicator.rulesets.narrativo.codec_problems import state_problems
from adjudicator.rulesets.narrativo.sheet import Character, Condition, HistoricalMoral, SheetBook
from adjudicator.rulesets.narrativo.sheet_files import (
    HISTORICAL_MOST,
    ID,
    LOAD_MOST,
    MORAL_MOST,
    MOST,
    RANK_MOST,
)
from adjudicator.rulesets.narrativo.state import (
    CALENDAR,
    Clock,
    Effect,
    ExtendedAction,
    NarrativoState,
    PendingChoice,
)
from orders.issues import Source
from orders.narrativo.model import ActionKind, ChoiceKind, Declaration, Pool
from texts import T_

__all__ = ["StateDataError", "state_from_dict", "state_problems", "state_to_dict"]

DICE_MOST = 99
"""A bound on an effect's dice either way (N-169: ±5 outside combat; combat more, N-183)."""


# --- writing ----------------------------------------------------------------------------


def state_to_dict(state: NarrativoState) -> dict[str, Any]:
    """The state as plain data (see the module docstring); `state_from_dict` reads it back."""
    book = {
        "attributes": {k: list(v) for k, v in state.book.attributes.items()},
        "skills": {k: list(v) for k, v in state.book.skills.items()},
    }
    return {"phase": state.phase.id, "book": book, **_record(state, ("phase", "book"))}


def _record(record: Any, written: tuple[str, ...] = ()) -> dict[str, Any]:
    """A record's fields in order as plain data, those at their default left out."""
    return {
        item.name: _plain(getattr(record, item.name))
        for item in fields(record)
        if item.name not in written and not at_default(item, getattr(record, item.name))
    }


def _plain(value: Any) -> Any:
    """Enums as values, pools as their parts, sets sorted, mappings by sorted key."""
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, str) and type(value) is not str:
        return str(value)  # a message kept to be translated (`texts.Text`): its English
    if isinstance(value, Pool):
        return list(value.parts)
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, Mapping):
        return {k: _plain(value[k]) for k in sorted(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return _record(value) if is_dataclass(value) else value


# --- reading ----------------------------------------------------------------------------


READERS: dict[type, Mapping[str, Read[Any]]] = {}
"""Each record's field readers (a test checks that they cover every field)."""


def _of(kind: type[Any], readers: Mapping[str, Read[Any]]) -> Read[Any]:
    READERS[kind] = readers
    return lambda value, path: read_record(kind, value, path, readers)


def _ident(value: Any, path: str) -> str:
    if not isinstance(value, str) or not ID.fullmatch(value):
        raise fail(path, T_("an id of a-z, 0-9, _ and -"), value)
    return value


def _phase(value: Any, path: str) -> Phase:
    try:
        return CALENDAR.parse(value if isinstance(value, str) else "")
    except ValueError:
        raise fail(path, T_("a phase id like 3-turno"), value) from None


def _pool(value: Any, path: str) -> Pool:
    return Pool(texts()(value, path))


def _revealed(value: Any, path: str) -> frozenset[str]:
    return frozenset(texts()(value, path))


TRAIT = number(0, MOST)
BOOK = _of(SheetBook, {"attributes": table(text(), texts()), "skills": table(text(), texts())})
HISTORICAL = _of(
    HistoricalMoral, {"value": number(-HISTORICAL_MOST, HISTORICAL_MOST), "when": text()}
)
CHARACTER = _of(
    Character,
    {
        "id": _ident, "name": text(), "player": maybe(text()),
        "attributes": table(text(), TRAIT), "skills": table(text(), TRAIT),
        "voluntad": TRAIT, "liderazgo": TRAIT, "moral": number(0, MORAL_MOST),
        "resistencia": TRAIT, "aplomo": TRAIT, "voluntad_spent": TRAIT, "fatiga": TRAIT,
        "health_penalty": TRAIT, "load_kg": number(0, LOAD_MOST),
        "historical": maybe(HISTORICAL), "squad": maybe(text()), "rank": number(0, RANK_MOST),
        "rank_name": maybe(text()), "condition": enum(Condition), "aliases": texts(),
        "notes": texts(empty=True),
    },
)  # fmt: skip
CLOCK = _of(
    Clock,
    {"turn": number(), "scene": number(1), "scene_title": text(True), "scene_began": number()},
)
EFFECT = _of(
    Effect,
    {
        "character": text(), "kind": text(), "dice": number(-DICE_MOST, DICE_MOST),
        "first": number(), "until": number(), "source": text(True), "state": text(True),
        "next_action": flag,
    },
)  # fmt: skip
EXTENDED = _of(
    ExtendedAction,
    {
        "id": text(), "characters": texts(), "need": number(1), "limit": maybe(number(1)),
        "pools": table(text(), _pool), "difficulty": number(2, 10), "rolls_made": number(),
        "total": number(), "failed": flag, "done": flag,
    },
)  # fmt: skip
CHOICE = _of(
    PendingChoice,
    {
        "id": text(), "character": text(), "options": records(enum(ChoiceKind)),
        "about": text(True), "since": number(),
    },
)  # fmt: skip
SOURCE = _of(Source, {"file": text(True), "line": number(), "text": text(True), "column": number()})
DECLARATION = _of(
    Declaration,
    {
        "character": text(), "kind": enum(ActionKind), "pools": records(_pool),
        "number": number(1), "opponent": maybe(text()), "opponent_pool": maybe(_pool),
        "partners": texts(), "need": maybe(number(1)), "limit": maybe(number(1)),
        "desperate": flag, "spend_willpower": flag, "intent": text(True),
        "source": maybe(SOURCE), "player": maybe(text()),
    },
)  # fmt: skip
STATE: Mapping[str, Read[Any]] = {
    "phase": _phase, "book": BOOK, "characters": records(CHARACTER), "clock": CLOCK,
    "effects": records(EFFECT), "extended": records(EXTENDED), "choices": records(CHOICE),
    "waiting": records(DECLARATION), "revealed": _revealed,
    "hidden_rolls": table(text(), number()), "hidden_lines": table(text(), text()),
}  # fmt: skip
READERS[NarrativoState] = STATE


def state_from_dict(data: Any) -> NarrativoState:
    """The state `state_to_dict` wrote; StateDataError naming the key path otherwise."""
    state: NarrativoState = read_record(NarrativoState, data, "", STATE)
    seen: dict[str, int] = {}
    for number_, character in enumerate(state.characters):
        if character.id in seen:
            other = f"characters[{seen[character.id]}]"
            expected = T_("an id not used by {other}", other=other)
            raise fail(f"characters[{number_}].id", expected, character.id)
        seen[character.id] = number_
    return replace(state, characters=tuple(_in_book_order(c, state.book) for c in state.characters))


def _in_book_order(character: Character, book: SheetBook) -> Character:
    """A character's attributes and skills in the book's order (as `sheet_files` reads
    them), any the book does not name after them, sorted."""

    def ordered(values: Mapping[str, int], names: Mapping[str, Any]) -> dict[str, int]:
        keys = [*(k for k in names if k in values), *sorted(k for k in values if k not in names)]
        return {k: values[k] for k in keys}

    return replace(
        character,
        attributes=ordered(character.attributes, book.attributes),
        skills=ordered(character.skills, book.skills),
    )
