"""The field readers of narrativo's state file (`codec`): each takes the
plain value and its key path and gives the field's value, or raises a
`StateDataError` naming the path, what was expected and what was found
(`characters[2].fatiga: expected 0..10, got 12`); never a KeyError or a
TypeError. `read_record` reads a whole frozen record by its fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import MISSING, fields
from enum import StrEnum
from typing import Any, TypeVar

from adjudicator.kits.sheets.reader import near, shown
from texts import T_, either

__all__ = [
    "Read", "StateDataError", "enum", "flag", "maybe", "number", "read_record", "records",
    "table", "text", "texts",
]  # fmt: skip

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
E = TypeVar("E", bound=StrEnum)
Read = Callable[[Any, str], T]
"""A field reader: (plain value, key path) -> the field's value."""


class StateDataError(ValueError):
    """Malformed state data; the message starts with the key path."""


def fail(path: str, expected: str, value: Any) -> StateDataError:
    return StateDataError(
        T_(
            "{path}: expected {expected}, got {value}",
            path=path or T_("state"),
            expected=expected,
            value=shown(value),
        )
    )


def number(low: int = 0, high: int | None = None) -> Read[int]:
    """A whole number within low..high (no `high`: unbounded above)."""
    span = f"{low}..{high}" if high is not None else f">= {low}"
    whole = T_("a whole number {span}", span=span)

    def read(value: Any, path: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise fail(path, whole, value)
        if value < low or (high is not None and value > high):
            raise fail(path, span if high is not None else whole, value)
        return value

    return read


def text(empty: bool = False) -> Read[str]:
    """A text; an empty one only when `empty`."""

    def read(value: Any, path: str) -> str:
        if not isinstance(value, str) or not (value or empty):
            raise fail(path, T_("a text") if empty else T_("a non-empty text"), value)
        return value

    return read


def flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise fail(path, T_("true or false"), value)
    return value


def enum(kind: type[E]) -> Read[E]:
    def read(value: Any, path: str) -> E:
        try:
            return kind(value)
        except ValueError:
            expected = T_("one of {values}", values=", ".join(m.value for m in kind))
            raise fail(path, expected, value) from None

    return read


def maybe(inner: Read[T]) -> Read[T | None]:
    """None (null) or what `inner` reads."""
    return lambda value, path: None if value is None else inner(value, path)


def records(inner: Read[T]) -> Read[tuple[T, ...]]:
    """A list, each item read by `inner` at `path[i]` (0-based)."""

    def read(value: Any, path: str) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise fail(path, T_("a list"), value)
        return tuple(inner(item, f"{path}[{i}]") for i, item in enumerate(value))

    return read


def texts(empty: bool = False) -> Read[tuple[str, ...]]:
    return records(text(empty))


def table(key: Read[K], inner: Read[V]) -> Read[dict[K, V]]:
    """A mapping, each key read by `key` and each value by `inner` at `path.key`."""

    def read(value: Any, path: str) -> dict[K, V]:
        if not isinstance(value, Mapping):
            raise fail(path, T_("a mapping"), value)
        return {key(k, f"{path}.{k}"): inner(v, f"{path}.{k}") for k, v in value.items()}

    return read


def read_record(
    kind: type[T], value: Any, path: str, readers: Mapping[str, Read[Any]], **given: Any
) -> T:
    """A record from its mapping: each field by its reader, those with a default
    optional, `given` fields not in the mapping; unknown keys name the nearest."""
    if not isinstance(value, Mapping):
        raise fail(path, T_("a mapping"), value)
    known = [f.name for f in fields(kind) if f.name not in given]  # type: ignore[arg-type]
    for key in value:
        if key not in known:
            nearest = near(key, known)
            where = f"{path}.{key}" if path else str(key)
            if nearest:
                raise StateDataError(
                    T_(
                        "{where}: unknown key (did you mean {names}?)",
                        where=where,
                        names=either(nearest),
                    )
                )
            raise StateDataError(T_("{where}: unknown key", where=where))
    values = dict(given)
    for item in fields(kind):  # type: ignore[arg-type]
        where = f"{path}.{item.name}" if path else item.name
        if item.name in value:
            values[item.name] = readers[item.name](value[item.name], where)
        elif item.name not in given and item.default is MISSING and item.default_factory is MISSING:
            raise StateDataError(T_("{where}: missing", where=where))
    return kind(**values)
