"""Reading and writing helpers of the political state's file codec
(`politics.codec`): plain YAML-safe values, checked one key at a time, every
problem a ValueError naming the key's path (`politics.treaties[2].parties`)
and what was expected; unknown keys refused with the nearest valid one.

Writing leaves out a field at its record's default (`lean`), with keys in
sorted order, so the same record always gives the same text.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from difflib import get_close_matches
from enum import StrEnum
from typing import Any, TypeVar

from adjudicator.core.messages import message_of
from texts import T_, Text

__all__ = [
    "Fields",
    "choice",
    "flag",
    "integer",
    "lean",
    "name",
    "names_of",
    "read_list",
    "read_table",
    "text",
    "wrap",
]

E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")


def lean(data: Mapping[str, Any], **defaults: Any) -> dict[str, Any]:
    """`data` with its keys sorted, without the keys whose value is the
    record's default (empty things left out)."""
    return {k: data[k] for k in sorted(data) if k not in defaults or data[k] != defaults[k]}


def _kind(value: Any) -> str:
    if value is None:
        return T_("nothing")
    if isinstance(value, bool):
        return T_("a boolean ({value})", value=value)
    if isinstance(value, int):
        return T_("a number ({value})", value=value)
    if isinstance(value, str):
        return T_("text ({value!r})", value=value)
    if isinstance(value, Mapping):
        return T_("a mapping")
    if isinstance(value, list | tuple):
        return T_("a list")
    return type(value).__name__


def _wrong(path: str, expected: str, value: Any) -> ValueError:
    """The error for a value of the wrong kind (a ValueError, as every
    problem of the file)."""
    return ValueError(
        T_(
            "{path}: expected {expected}, got {value}",
            path=path,
            expected=expected,
            value=_kind(value),
        )
    )


def _near(key: str, known: Collection[str]) -> str:
    close = get_close_matches(key, sorted(known), n=1, cutoff=0.5)
    if close:
        return T_("did you mean {close!r}?", close=close[0])
    return T_("expected one of {items}", items=", ".join(sorted(known)))


def wrap(path: str, build: Callable[[], T]) -> T:
    """`build()`, its ValueError re-raised with `path` in front (the records
    validate themselves); a message already naming a key under `path` (the
    reader's own) passes unchanged."""
    try:
        return build()
    except ValueError as exc:
        if str(exc).startswith(path):
            raise
        raise ValueError(Text("{path}: {exc}", {"path": path, "exc": message_of(exc)})) from None


def text(value: Any, path: str) -> str:
    if not isinstance(value, str):
        raise _wrong(path, T_("text"), value)
    return value


def name(value: Any, path: str) -> str:
    """A nation, faction or record id: non-empty text."""
    if not isinstance(value, str) or not value.strip():
        raise ValueError(
            T_(
                "{path}: expected a name (non-empty text), got {value}",
                path=path,
                value=_kind(value),
            )
        )
    return value


def integer(value: Any, path: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _wrong(path, T_("a whole number"), value)
    return value


def flag(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise _wrong(path, T_("true or false"), value)
    return value


def choice(value: Any, path: str, enum: type[E]) -> E:
    allowed = [member.value for member in enum]
    if not isinstance(value, str) or value not in allowed:
        raise ValueError(
            T_(
                "{path}: expected one of {items}, got {value}",
                path=path,
                items=", ".join(allowed),
                value=_kind(value),
            )
        )
    return enum(value)


def read_list(value: Any, path: str) -> list[tuple[str, Any]]:
    """The items of a list with their paths (`path[i]`)."""
    if not isinstance(value, list | tuple):
        raise _wrong(path, T_("a list"), value)
    return [(f"{path}[{i}]", item) for i, item in enumerate(value)]


def read_table(value: Any, path: str) -> list[tuple[str, str, Any]]:
    """The entries of a mapping keyed by names: (key, path, value)."""
    if not isinstance(value, Mapping):
        raise _wrong(path, T_("a mapping"), value)
    found: list[tuple[str, str, Any]] = []
    for key, item in value.items():
        name(key, T_("{path} key {key!r}", path=path, key=key))
        found.append((key, f"{path}.{key}", item))
    return found


def names_of(value: Any, path: str) -> tuple[str, ...]:
    """A list of distinct names, in its order."""
    found = tuple(name(item, at) for at, item in read_list(value, path))
    twice = sorted({n for n in found if found.count(n) > 1})
    if twice:
        raise ValueError(
            T_(
                "{path}: expected distinct names, {items} listed twice",
                path=path,
                items=", ".join(twice),
            )
        )
    return found


class Fields:
    """One mapping of the file, read key by key: `known` its valid keys,
    `required` those it must have."""

    def __init__(
        self, data: Any, path: str, required: Sequence[str], optional: Sequence[str] = ()
    ) -> None:
        if not isinstance(data, Mapping):
            raise _wrong(path, T_("a mapping"), data)
        known = (*required, *optional)
        for key in data:
            if not isinstance(key, str):
                raise _wrong(path, T_("names as keys, {value}", value=_near(str(key), known)), key)
            if key not in known:
                raise ValueError(
                    T_(
                        "{path}.{key}: unknown key, {value}",
                        path=path,
                        key=key,
                        value=_near(key, known),
                    )
                )
        for key in required:
            if key not in data:
                raise ValueError(T_("{path}.{key}: missing, a required key", path=path, key=key))
        self.data: Mapping[str, Any] = data
        self.path = path

    def at(self, key: str) -> str:
        return f"{self.path}.{key}"

    def has(self, key: str) -> bool:
        return self.data.get(key) is not None

    def raw(self, key: str) -> Any:
        return self.data.get(key)

    def name(self, key: str) -> str:
        return name(self.data.get(key), self.at(key))

    def opt_name(self, key: str) -> str | None:
        return self.name(key) if self.has(key) else None

    def text(self, key: str, default: str = "") -> str:
        return text(self.data[key], self.at(key)) if key in self.data else default

    def opt_text(self, key: str) -> str | None:
        return self.text(key) if self.has(key) else None

    def integer(self, key: str) -> int:
        return integer(self.data.get(key), self.at(key))

    def integer_or(self, key: str, default: int) -> int:
        return self.integer(key) if key in self.data else default

    def opt_int(self, key: str) -> int | None:
        return self.integer(key) if self.has(key) else None

    def flag(self, key: str, default: bool) -> bool:
        return flag(self.data[key], self.at(key)) if key in self.data else default

    def choice(self, key: str, enum: type[E]) -> E:
        return choice(self.data.get(key), self.at(key), enum)

    def choice_or(self, key: str, enum: type[E], default: E) -> E:
        return self.choice(key, enum) if key in self.data else default

    def opt_choice(self, key: str, enum: type[E]) -> E | None:
        return self.choice(key, enum) if self.has(key) else None

    def names(self, key: str) -> tuple[str, ...]:
        """A list of distinct names, in its order (empty when absent)."""
        return names_of(self.data[key], self.at(key)) if key in self.data else ()

    def name_set(self, key: str) -> frozenset[str]:
        return frozenset(self.names(key))

    def choices(self, key: str, enum: type[E]) -> tuple[E, ...]:
        if key not in self.data:
            return ()
        found = tuple(choice(v, at, enum) for at, v in read_list(self.data[key], self.at(key)))
        if len(set(found)) != len(found):
            raise ValueError(
                T_("{path}: expected distinct values, one is listed twice", path=self.at(key))
            )
        return found

    def integers(self, key: str) -> tuple[int, ...]:
        if key not in self.data:
            return ()
        return tuple(integer(v, at) for at, v in read_list(self.data[key], self.at(key)))

    def items(self, key: str) -> list[tuple[str, Any]]:
        """The items of a list of records (empty when absent)."""
        return read_list(self.data[key], self.at(key)) if key in self.data else []

    def table(self, key: str) -> list[tuple[str, str, Any]]:
        """The entries of a mapping keyed by names (empty when absent)."""
        return read_table(self.data[key], self.at(key)) if key in self.data else []
