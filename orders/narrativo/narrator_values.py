"""Reading one value of the Narrator's file: its key among the known ones,
whole numbers within bounds, yes/no, text, a character. Each raises a
`Problem` whose message starts with the key path as written
(`reglas.Dreyer.dificultad: 12 is not within 2..10`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from orders.issues import IssueKind, Problem
from orders.narrativo.names import NarrativoNames, fold, nearest
from texts import T_

MIN_DIFFICULTY = 2
MAX_DIFFICULTY = 10
"""N-174: a difficulty is never below 2 nor above 10."""

_YES = frozenset({"si", "yes", "true", "verdadero", "on"})
_NO = frozenset({"no", "false", "falso", "off"})


def fields(entry: object, where: str, keys: Mapping[str, str]) -> dict[str, tuple[str, Any]]:
    """A mapping's values by field: field -> (its path as written, value).
    An unknown key (with the nearest), a field written twice under two
    names or an entry that is no mapping is a `Problem`."""
    if not isinstance(entry, dict):
        raise Problem(
            IssueKind.SYNTAX,
            T_("{path}: must be a mapping of keys, not {entry}", path=where, entry=repr(entry)),
            1,
        )
    found: dict[str, tuple[str, Any]] = {}
    for key, value in entry.items():
        name = keys.get(fold(str(key)))
        path = f"{where}.{key}"
        if name is None:
            choices = {spelling: (spelling.replace(" ", "_"),) for spelling in keys}
            raise Problem(
                IssueKind.SYNTAX,
                T_("{path}: unknown key", path=path),
                1,
                nearest(str(key), choices),
            )
        if name in found:
            raise Problem(
                IssueKind.AMBIGUOUS,
                T_("{path}: the same as {other}, given twice", path=path, other=found[name][0]),
                1,
            )
        found[name] = (path, value)
    return found


def required(found: Mapping[str, tuple[str, Any]], name: str, where: str, key: str) -> Any:
    """A field that must be there (`key`: its Spanish name, for the message)."""
    if name not in found or found[name][1] is None:
        raise Problem(IssueKind.SYNTAX, T_("{path}: missing `{key}`", path=where, key=key), 1)
    return found[name][1]


def integer(value: Any, path: str, low: int, high: int) -> int:
    """A whole number within `low..high`."""
    if isinstance(value, str) and value.strip().lstrip("+-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise Problem(
            IssueKind.SYNTAX,
            T_("{path}: {value} is not a whole number", path=path, value=repr(value)),
            1,
        )
    if not low <= value <= high:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{path}: {value} is not within {low}..{high}",
                path=path,
                value=value,
                low=low,
                high=high,
            ),
            1,
        )
    return value


def difficulty(value: Any, path: str) -> int:
    """A difficulty, 2..10 (N-174)."""
    return integer(value, path, MIN_DIFFICULTY, MAX_DIFFICULTY)


def boolean(value: Any, path: str) -> bool:
    """Yes or no (`true`, `sí`, `no`...)."""
    if isinstance(value, bool):
        return value
    word = fold(value) if isinstance(value, str) else None
    if word in _YES or word in _NO:
        return word in _YES
    raise Problem(
        IssueKind.SYNTAX,
        T_("{path}: {value} is not yes or no (true/false)", path=path, value=repr(value)),
        1,
    )


def text(value: Any, path: str) -> str:
    """Some text (a number is taken as written)."""
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise Problem(
            IssueKind.SYNTAX, T_("{path}: {value} is not text", path=path, value=repr(value)), 1
        )
    written = str(value).strip()
    if not written:
        raise Problem(IssueKind.SYNTAX, T_("{path}: empty", path=path), 1)
    return written


def character(value: Any, path: str, names: NarrativoNames) -> str:
    """The id of the character a name names, with the nearest when unknown."""
    written = text(value, path)
    try:
        return names.character(written)
    except Problem as problem:
        raise Problem(
            problem.kind,
            T_("{path}: {problem}", path=path, problem=problem.message),
            1,
            problem.suggestions,
        ) from None


def strings(value: Any, path: str) -> list[tuple[str, Any]]:
    """A list (or one item, or `a, b` text) -> its items with their paths."""
    if isinstance(value, str):
        return [(f"{path}[{i}]", item.strip()) for i, item in enumerate(value.split(","))]
    if not isinstance(value, list):
        return [(path, value)]
    return [(f"{path}[{i}]", item) for i, item in enumerate(value)]
