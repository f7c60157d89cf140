"""The entries of the Narrator's file: a ruling (`reglas`), a check
(`chequeos`), a rest (`descanso`) and a sheet change (`cambios`). Each
reader takes the entry's path as written and raises a `Problem` naming the
key path; the caller drops the entry and reads the rest."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from orders.issues import IssueKind, Problem
from orders.narrativo.model import (
    CheckCall,
    CheckKind,
    Effort,
    Emotion,
    MoralTrigger,
    RestCall,
    Ruling,
    SheetChange,
    Situation,
)
from orders.narrativo.names import NarrativoNames, fold, nearest
from orders.narrativo.narrator_values import (
    boolean,
    character,
    difficulty,
    fields,
    integer,
    required,
    strings,
    text,
)
from orders.narrativo.narrator_words import (
    CHANGE_KEYS,
    CHECK_KEYS,
    CONDITIONS,
    HISTORICAL_KEYS,
    MAX_MINUTES,
    MAX_MODIFIER,
    OPPONENT_KEYS,
    REST_KEYS,
    RULING_KEYS,
    enum_value,
)
from texts import T_

MAX_NEED = 1000
MAX_LIMIT = 10_000
MAX_ROLLS = 1000
MAX_LEVEL = 99
MAX_MORAL = 99
MAX_HEALTH_PENALTY = 10
MAX_LOAD_KG = 500
MAX_MULTIPLE = 10
"""The reader's bounds on what the rules leave open (no game needs more)."""

_ID = re.compile(r"(?P<who>.+?)\s*-\s*(?P<n>\d{1,3})")


def ruling_ref(key: Any, where: str, names: NarrativoNames) -> str:
    """A ruling's key -> `dreyer-1` (a declaration or an extended action's
    id) or `dreyer` (the character, when he has one declaration)."""
    written = text(key, where)
    numbered = _ID.fullmatch(written)
    if numbered and names.characters_named(numbered.group("who")):
        return f"{character(numbered.group('who'), where, names)}-{int(numbered.group('n'))}"
    if names.characters_named(written) or not numbered:
        return character(written, where, names)
    suggestions = names.character_suggestions(numbered.group("who"))
    raise Problem(
        IssueKind.SYNTAX,
        T_(
            "{where}: no declaration id (`dreyer-1`) nor character: unknown character '{name}'",
            where=where,
            name=numbered.group("who"),
        ),
        1,
        suggestions,
    )


def ruling(key: Any, entry: Any, where: str, names: NarrativoNames) -> Ruling:
    """`reglas.<ref>`: the Narrator's ruling on one declaration (N-168 ..
    N-174, N-183, NAMB-02, N-017, N-018, N-023, N-042, N-072, N-073, NAMB-03)."""
    ref = ruling_ref(key, where, names)
    found = fields(entry, where, RULING_KEYS)
    values: dict[str, Any] = {}
    for name, (path, value) in found.items():
        values[name] = _ruling_value(name, value, path)
    if isinstance(values.get("difficulty"), tuple):
        values["difficulties"] = values.pop("difficulty")
    opponent = values.pop("opponent", None)
    if opponent is not None:
        values["opponent_difficulty"], values["opponent_dice"] = opponent
    return replace(Ruling(ref), **values)


def _ruling_value(name: str, value: Any, path: str) -> Any:
    """One key of a ruling -> its field's value."""
    if name == "difficulty":
        return _difficulties(value, path) if isinstance(value, list) else difficulty(value, path)
    if name in ("dice", "difficulty_mod"):
        return integer(value, path, -MAX_MODIFIER, MAX_MODIFIER)
    if name in ("automatic", "combat", "hidden", "feat", "decisive"):
        return boolean(value, path)
    if name == "need":
        return integer(value, path, 1, MAX_NEED)
    if name == "limit":
        return integer(value, path, 1, MAX_LIMIT)
    if name == "rolls":
        return integer(value, path, 0, MAX_ROLLS)
    if name == "opponent":
        return _opponent(value, path)
    if name == "levels":
        return _levels(value, path)
    return text(value, path)  # refused


def _difficulties(value: list[Any], path: str) -> tuple[int, ...]:
    """A multiple action's difficulties, one per pool in order (N-042)."""
    if not 1 <= len(value) <= MAX_MULTIPLE:
        raise Problem(
            IssueKind.SYNTAX, T_("{path}: list 1 to {n} difficulties", path=path, n=MAX_MULTIPLE), 1
        )
    return tuple(difficulty(item, f"{path}[{i}]") for i, item in enumerate(value))


def _opponent(value: Any, path: str) -> tuple[int | None, int]:
    """`contra: {dificultad: 6, dados: 0}`: the active opponent's (N-023)."""
    found = fields(value, path, OPPONENT_KEYS)
    level = found.get("difficulty")
    dice = found.get("dice")
    return (
        difficulty(level[1], level[0]) if level else None,
        integer(dice[1], dice[0], -MAX_MODIFIER, MAX_MODIFIER) if dice else 0,
    )


def _levels(value: Any, path: str) -> Mapping[int, str]:
    """`niveles: {0: "...", 3: "...", 5: "..."}`: the words of each level by
    successes (NAMB-03)."""
    if not isinstance(value, dict) or not value:
        raise Problem(IssueKind.SYNTAX, T_("{path}: must map successes to words", path=path), 1)
    levels = {
        integer(key, f"{path}.{key}", 0, MAX_LEVEL): text(words, f"{path}.{key}")
        for key, words in value.items()
    }
    return MappingProxyType(levels)


def check(entry: Any, where: str, names: NarrativoNames) -> CheckCall:
    """`chequeos[i]`: a check the Narrator calls (N-052, N-120, N-126,
    N-129, N-136, N-151, N-163). A Situation written as the trigger
    (`motivo: bajo_fuego`) is taken as a situation."""
    found = fields(entry, where, CHECK_KEYS)
    who = character(required(found, "character", where, "personaje"), f"{where}.personaje", names)
    kind = enum_value(CheckKind, required(found, "kind", where, "tipo"), found["kind"][0])
    situations = list(_situations(found["situations"]) if "situations" in found else ())
    values: dict[str, Any] = {}
    for name, (path, value) in found.items():
        if name == "trigger":
            trigger, situation = _trigger(value, path)
            values["trigger"] = trigger
            situations += [situation] if situation else []
        elif name in ("emotion", "effort"):
            values[name] = enum_value(Emotion if name == "emotion" else Effort, value, path)
        elif name == "minutes":
            values[name] = integer(value, path, 0, MAX_MINUTES)
        elif name == "difficulty":
            values[name] = difficulty(value, path)
        elif name in ("dice", "difficulty_mod"):
            values[name] = integer(value, path, -MAX_MODIFIER, MAX_MODIFIER)
        elif name == "hidden":
            values[name] = boolean(value, path)
        elif name == "reason":
            values[name] = text(value, path)
    _check_fits(kind, values, found)
    values["situations"] = tuple(dict.fromkeys(situations))
    return replace(CheckCall(who, kind), **values)


def _situations(item: tuple[str, Any]) -> list[Situation]:
    path, value = item
    return [enum_value(Situation, one, where) for where, one in strings(value, path)]


def _trigger(value: Any, path: str) -> tuple[MoralTrigger | None, Situation | None]:
    """A Moral check's trigger, or a Situation written in its place."""
    if isinstance(value, str):
        situations = {fold(s.value) for s in Situation} | {fold(s.name) for s in Situation}
        if fold(value) in situations:
            return None, enum_value(Situation, value, path)
    return enum_value(MoralTrigger, value, path), None


def _check_fits(kind: CheckKind, values: Mapping[str, Any], found: Mapping[str, Any]) -> None:
    """A trigger only for a Moral check (N-061), an emotion only for a
    Voluntad one (N-120)."""
    if values.get("trigger") is not None and kind is not CheckKind.MORAL:
        raise Problem(
            IssueKind.ILLEGAL,
            T_("{path}: a trigger is for a Moral check (N-061)", path=found["trigger"][0]),
            1,
        )
    if "emotion" in values and kind is not CheckKind.WILLPOWER:
        raise Problem(
            IssueKind.ILLEGAL,
            T_("{path}: an emotion is for a Voluntad check (N-120)", path=found["emotion"][0]),
            1,
        )


def rest(entry: Any, where: str, names: NarrativoNames) -> RestCall:
    """`descanso[i]`: a character rests `minutos`, asleep or not (N-143 .. N-148)."""
    found = fields(entry, where, REST_KEYS)
    who = character(required(found, "character", where, "personaje"), f"{where}.personaje", names)
    minutes = integer(
        required(found, "minutes", where, "minutos"), found["minutes"][0], 1, MAX_MINUTES
    )
    asleep = boolean(found["asleep"][1], found["asleep"][0]) if "asleep" in found else False
    return RestCall(who, minutes, asleep)


def change(entry: Any, where: str, names: NarrativoNames) -> SheetChange:
    """`cambios[i]`: sheet values the Narrator sets (NAMB-32 the health
    penalty, N-135 the load, NAMB-12 Moral, N-089 its historical modifier,
    the condition)."""
    found = fields(entry, where, CHANGE_KEYS)
    who = character(required(found, "character", where, "personaje"), f"{where}.personaje", names)
    values: dict[str, Any] = {}
    for name, (path, value) in found.items():
        if name == "health_penalty":
            values[name] = integer(value, path, 0, MAX_HEALTH_PENALTY)
        elif name == "load_kg":
            values[name] = integer(value, path, 0, MAX_LOAD_KG)
        elif name == "moral":
            values[name] = integer(value, path, 0, MAX_MORAL)
        elif name == "historical":
            values[name] = _historical(value, path)
        elif name == "condition":
            values[name] = _condition(value, path)
    if not values:
        raise Problem(IssueKind.SYNTAX, T_("{path}: changes nothing", path=where), 1)
    return SheetChange(who, **values)


def _historical(value: Any, path: str) -> tuple[int, str]:
    """`{valor: 3, momento: "1943"}`, or a bare number: at most ±5 (N-089)."""
    if not isinstance(value, dict):
        return integer(value, path, -5, 5), ""
    found = fields(value, path, HISTORICAL_KEYS)
    amount = integer(required(found, "value", path, "valor"), found["value"][0], -5, 5)
    when = text(found["when"][1], found["when"][0]) if "when" in found else ""
    return amount, when


def _condition(value: Any, path: str) -> str:
    """A condition by its Spanish value or English name."""
    found = CONDITIONS.get(fold(value)) if isinstance(value, str) else None
    if found is None:
        near = nearest(str(value), {word: (v,) for word, v in CONDITIONS.items()})
        raise Problem(
            IssueKind.SYNTAX,
            T_("{path}: unknown condition {value}", path=path, value=repr(value)),
            1,
            near,
        )
    return found
