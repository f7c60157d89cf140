"""The scripted dice and the small game the action tests share, and tests
of the fake itself (a fake that gives wrong faces would make every action
test meaningless)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import pytest

from adjudicator.core.dice import Dice, Roll
from adjudicator.core.phase import Phase
from adjudicator.rulesets.narrativo.actions import ActionContext
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.sheet import Character, SheetBook
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState
from orders.narrativo.model import ActionKind, Declaration, Pool, Ruling


class ScriptedDice(Dice):
    """Dice that show the faces queued for each purpose, in order, logged
    in `rolls` like `Dice`; a roll nothing was queued for fails the test."""

    def __init__(self, faces: Mapping[str, Iterable[int]] | None = None) -> None:
        super().__init__(secret="scripted", game="test", phase="1-turno")
        self.queued = {k: list(v) for k, v in (faces or {}).items()}

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        queue = self.queued.get(purpose)
        if not queue:
            raise AssertionError(f"no face queued for {purpose!r} die {index}")
        face = queue.pop(0)
        self.rolls.append(Roll(self.game, self.phase, purpose, index, sides, face))
        return face

    def left(self) -> dict[str, list[int]]:
        """The faces queued and not rolled."""
        return {k: v for k, v in self.queued.items() if v}


BOOK = SheetBook(
    attributes={
        n: () for n in ("Fuerza", "Destreza", "Inteligencia", "Manipulación", "Astucia", "Carisma")
    },
    skills={
        n: () for n in ("Atletismo", "Paracaidismo", "Esquivar", "Pelea", "Mecánica", "Subterfugio")
    },
)


def character(cid: str, **values: object) -> Character:
    """A character with plain values: attributes and skills by name (the
    book says which is which), the rest as `Character` fields."""
    attributes = {k: v for k, v in values.items() if k in BOOK.attributes}
    skills = {k: v for k, v in values.items() if k in BOOK.skills}
    rest = {k: v for k, v in values.items() if k not in attributes and k not in skills}
    fields: dict[str, object] = {
        "voluntad": 3,
        "liderazgo": 2,
        "moral": 10,
        "resistencia": 3,
        "aplomo": 2,
        "player": "p",
    }
    fields.update(rest)
    return Character(cid, cid.capitalize(), attributes=attributes, skills=skills, **fields)  # type: ignore[arg-type]


def state_of(*characters: Character, effects: tuple[Effect, ...] = ()) -> NarrativoState:
    return NarrativoState(Phase(1, None, "turno"), BOOK, characters, effects=effects)


def context(
    state: NarrativoState,
    faces: Mapping[str, Iterable[int]] | None = None,
    *,
    turn: int = 10,
    **options: Any,
) -> ActionContext:
    return ActionContext(state, NarrativoOptions(**options), ScriptedDice(faces), turn)


def declare(
    who: str, kind: ActionKind, *pools: tuple[str, ...], number: int = 1, **rest: object
) -> Declaration:
    return Declaration(who, kind, tuple(Pool(p) for p in pools), number=number, **rest)  # type: ignore[arg-type]


def rule(ref: str, **rest: object) -> Ruling:
    return Ruling(ref, **rest)  # type: ignore[arg-type]


def test_scripted_dice_give_the_queued_faces_in_order_and_log_them() -> None:
    dice = ScriptedDice({"a": [10, 3], "b": [1]})
    assert dice.pool("a", 2) == (10, 3)
    assert dice.roll("b", 10, 5) == 1
    assert [(r.purpose, r.index, r.result) for r in dice.rolls] == [
        ("a", 0, 10),
        ("a", 1, 3),
        ("b", 5, 1),
    ]
    assert dice.left() == {}


def test_scripted_dice_refuse_a_roll_nothing_was_queued_for() -> None:
    dice = ScriptedDice({"a": [4]})
    dice.roll("a", 10)
    with pytest.raises(AssertionError, match="'a' die 1"):
        dice.roll("a", 10, 1)


def test_the_character_builder_sorts_attributes_skills_and_fields() -> None:
    dreyer = replace(character("dreyer", Destreza=3, Atletismo=2, voluntad=5), rank=1)
    assert dict(dreyer.attributes) == {"Destreza": 3}
    assert dict(dreyer.skills) == {"Atletismo": 2}
    assert (dreyer.voluntad, dreyer.rank, dreyer.name) == (5, 1, "Dreyer")
