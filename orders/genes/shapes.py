"""The shapes of a Genes declaration line, as the grammar's inline callbacks
build them (`orders.genes.parser` reads a line with them; 002 §5.4.2).

`Shapes` turns each rule of `grammar/genes.lark` into a slot
(`("city", words)`) or a `Shape` (an action and its slots); names stay
runs of words, resolved later by the parser's `_Line`. `WholeWords` is the
post-lexer that lexes every word whole. `RULES` maps each action rule to its
kind and fixed fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from lark import Token

from orders.genes.model import ActionKind, GoodKind, Side
from orders.genes.words import Words


@dataclass(frozen=True)
class Shape:
    """One action as written: its grammar rule and its slots (names unresolved)."""

    rule: str
    slots: dict[str, Any]


class WholeWords:
    """Lark post-lexer that keeps WORD in every lexer state, so a word is always
    lexed whole: `a` is a keyword where one is expected, never the start of
    `Alacant`."""

    always_accept = ("WORD",)

    def process(self, stream: Iterable[Token]) -> Iterable[Token]:
        return stream


RULES: Mapping[str, tuple[ActionKind, Mapping[str, Any]]] = {
    "fortify": (ActionKind.FORTIFY, {}),
    "found": (ActionKind.FOUND, {}),
    "repress": (ActionKind.REPRESS, {}),
    "restore_order": (ActionKind.RESTORE_ORDER, {}),
    "taxes": (ActionKind.TAXES, {}),
    "development": (ActionKind.DEVELOPMENT, {}),
    "observation": (ActionKind.OBSERVATION, {}),
    "battle": (ActionKind.BATTLE, {}),
    "civil_war": (ActionKind.CIVIL_WAR, {}),
    "recruit": (ActionKind.RECRUIT, {}),
    "soldiers_home": (ActionKind.SOLDIERS_HOME, {}),
    "move_troops": (ActionKind.MOVE_TROOPS, {}),
    "promote": (ActionKind.PROMOTE, {}),
    "assassinate": (ActionKind.ASSASSINATE, {}),
    "capture": (ActionKind.CAPTURE, {"trait": "diplomacy"}),
    "convince": (ActionKind.CONVINCE, {}),
    "copy_technology": (ActionKind.COPY_TECHNOLOGY, {}),
    "create_counterpower": (ActionKind.CREATE_COUNTERPOWER, {}),
    "strengthen_counterpower": (ActionKind.STRENGTHEN_COUNTERPOWER, {}),
    "investigation": (ActionKind.INVESTIGATION, {}),
    "disaffection": (ActionKind.DISAFFECTION, {}),
    "sabotage": (ActionKind.SABOTAGE, {}),
    "raid": (ActionKind.RAID, {}),
    "siege": (ActionKind.SIEGE, {}),
    "ally": (ActionKind.ALLY, {}),
    "ally_rebels": (ActionKind.ALLY, {"mode": "rebels"}),
    "watch_capture": (ActionKind.WATCH, {"mode": "capture"}),
    "watch_assassinate": (ActionKind.WATCH, {"mode": "assassinate"}),
    "release": (ActionKind.RELEASE, {}),
    "disaster_kind": (ActionKind.DISASTER_KIND, {}),
    "disaster_city": (ActionKind.DISASTER_CITY, {}),
    "exchange": (ActionKind.EXCHANGE, {}),
    "crisis_helper": (ActionKind.CRISIS_HELPER, {}),
    "repatriate": (ActionKind.REPATRIATE, {}),
}
"""Each action rule (or alias) of the grammar: its kind and fixed fields."""

_SLOTS = (
    "city",
    "place",
    "origin",
    "target",
    "character",
    "new_name",
    "new_city",
    "words",
    "rebel_principal",
)
_NUMBERS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_TRAITS = ("authority", "diplomacy", "militarism", "technology")


class Shapes:
    """The grammar's inline callbacks. A slot rule becomes `(slot, value)`, an
    action rule a `Shape`, a run of words a flat tuple of tokens; a line is
    None (blank), `("header", words, colon)` or `("action", prefix, shape)`.
    They keep no state and look nothing up: `_Line` resolves the names."""

    def __init__(self) -> None:
        for rule in RULES:
            setattr(self, rule, _action_callback(rule))
        for slot in _SLOTS:
            setattr(self, slot, _slot_callback(slot))
        for value, number in enumerate(_NUMBERS, start=1):
            setattr(self, number, _constant_callback("amount", value))
        for trait in _TRAITS:
            setattr(self, trait, _constant_callback("trait", trait))

    def start(self, children: list[Any]) -> Any:
        return children[0] if children else None

    def header_colon(self, children: list[Any]) -> tuple[str, Words, bool]:
        return ("header", children[0], True)

    def header_bare(self, children: list[Any]) -> tuple[str, Words, bool]:
        return ("header", children[0], False)

    def action_line(self, children: list[Any]) -> tuple[str, Words | None, Shape]:
        pairs: dict[str, Any] = dict(child for child in children if isinstance(child, tuple))
        shape = next(child for child in children if isinstance(child, Shape))
        if "helpers" in pairs:
            shape.slots["helpers"] = pairs["helpers"]
        return ("action", pairs.get("prefix"), shape)

    def prefix(self, children: list[Any]) -> tuple[str, Words]:
        return ("prefix", children[0])

    def helpers(self, children: list[Any]) -> tuple[str, Words]:
        return ("helpers", children[0])

    def principal(self, children: list[Any]) -> tuple[str, bool]:
        return ("principal", True)

    def number(self, children: list[Token]) -> tuple[str, int]:
        return ("amount", int(children[0]))

    def name(self, children: list[Any]) -> Words:
        return (children[0], *children[1]) if len(children) > 1 else (children[0],)

    lead = person = text = helper_run = party_run = good_run = name

    # --- bescanvi (002 §5.4; issue 18 #5) ---

    def deal(self, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        """The marks and goods of a `bescanvi`, in the order written."""
        return ("deal", tuple(children))

    def give(self, children: list[Any]) -> tuple[str, Side]:
        return ("mark", Side.GIVE)

    def get(self, children: list[Any]) -> tuple[str, Side]:
        return ("mark", Side.GET)

    def good_troops(self, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        amount = next(value for slot, value in children[:-1] if slot == "amount")
        return ("good", (GoodKind.TROOPS, children[-1], amount))

    def good_city(self, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("good", (GoodKind.CITY, children[-1], None))

    def good_character(self, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("good", (GoodKind.CHARACTER, children[-1], None))

    def good_terrain(self, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("good", (GoodKind.TERRAIN, children[-1], None))

    def good_named(self, children: list[Any]) -> tuple[str, tuple[Any, ...]]:
        return ("good", (None, children[-1], None))


def _action_callback(rule: str) -> Callable[[list[Any]], Shape]:
    def build(children: list[Any]) -> Shape:
        return Shape(rule, dict(children))

    return build


def _slot_callback(slot: str) -> Callable[[list[Any]], tuple[str, Words]]:
    def build(children: list[Any]) -> tuple[str, Words]:
        return (slot, children[0])

    return build


def _constant_callback(slot: str, value: object) -> Callable[[list[Any]], tuple[str, object]]:
    def build(children: list[Any]) -> tuple[str, object]:
        return (slot, value)

    return build
