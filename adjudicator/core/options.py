"""A ruleset's options: its frozen dataclass, presets, and game.yaml overrides.

Each ruleset declares an options dataclass whose defaults follow the rulebook
(or the project's reading); `game.yaml` may name a preset and override single
values, and every value is checked against the type its field declares (an
enum from its value's text, a tuple from a list, a bool is not a whole
number: `OptionError` naming the option, the value and the type expected),
then by the dataclass itself. The report's header lists
the options that differ from the defaults (DESIGN.md, "Conventions").
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from dataclasses import Field, fields, is_dataclass, replace
from enum import Enum
from typing import Any, TypeVar

from adjudicator.core.messages import message_of
from texts import T_, either

OptionsT = TypeVar("OptionsT")


class OptionError(ValueError):
    """A game.yaml option that the ruleset does not know or cannot take."""


def build_options(
    ruleset: str,
    options_type: type[OptionsT],
    presets: Mapping[str, Mapping[str, object]],
    overrides: Mapping[str, object] | None = None,
    preset: str | None = None,
) -> OptionsT:
    """The defaults with a preset and then game.yaml's overrides applied;
    `OptionError` naming the ruleset, the key and the known ones."""
    base = options_type()
    if not overrides and preset is None:
        return base
    values: dict[str, object] = {}
    if preset is not None:
        if preset not in presets:
            known = ", ".join(sorted(presets)) or T_("none")
            raise OptionError(
                T_(
                    "unknown preset {preset!r} for {ruleset} (known: {known})",
                    preset=preset,
                    ruleset=ruleset,
                    known=known,
                )
            )
        values.update(presets[preset])
    values.update(overrides or {})
    known_names = {f.name for f in _fields(base)}
    for key in values:
        if key not in known_names:
            known = ", ".join(sorted(known_names))
            raise OptionError(
                T_(
                    "unknown option {key!r} for {ruleset} (known: {known})",
                    key=key,
                    ruleset=ruleset,
                    known=known,
                )
            )
    hints = _hints(options_type)
    checked = {key: _checked(ruleset, key, value, hints.get(key)) for key, value in values.items()}
    try:
        return replace(base, **checked)  # type: ignore[type-var]
    except (TypeError, ValueError) as exc:
        raise OptionError(
            T_(
                "bad option value for {ruleset}: {problem}",
                ruleset=ruleset,
                problem=message_of(exc),
            )
        ) from None


def _hints(options_type: type) -> dict[str, Any]:
    try:
        return typing.get_type_hints(options_type)
    except (NameError, TypeError):  # an annotation this module cannot resolve: no check
        return {}


def _checked(ruleset: str, key: str, value: object, hint: Any) -> object:
    """`value` as the option's declared type wants it (Trust #8): an enum from
    its value's text, a tuple from a list; `OptionError` naming the option,
    the value and the type expected. A bool is not a whole number here."""
    if hint is None:
        return value
    try:
        return _as_type(value, hint)
    except _Mismatch as exc:
        raise OptionError(
            T_(
                "bad option value for {ruleset}: option {key!r} is {value!r}, expected {expected}",
                ruleset=ruleset,
                key=key,
                value=value,
                expected=message_of(exc),
            )
        ) from None


class _Mismatch(Exception):
    """A value not of the type declared (the message is what was expected)."""


def _as_type(value: object, hint: Any) -> object:
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return _as_union(value, args)
    if origin is typing.Literal:
        if value in args:
            return value
        raise _Mismatch(T_("one of {values}", values=", ".join(repr(a) for a in args)))
    if origin in (tuple, frozenset, list):
        return _as_collection(value, origin, args)
    if hint is type(None):
        if value is None:
            return None
        raise _Mismatch(T_("nothing (null)"))
    if isinstance(hint, type):
        return _as_plain(value, hint)
    return value


def _as_union(value: object, args: tuple[Any, ...]) -> object:
    expected: list[str] = []
    for arg in args:
        try:
            return _as_type(value, arg)
        except _Mismatch as exc:
            expected.append(message_of(exc))
    raise _Mismatch(either(expected))


def _as_collection(value: object, origin: type, args: tuple[Any, ...]) -> object:
    item = args[0] if args else Any
    if not isinstance(value, list | tuple | set | frozenset):
        raise _Mismatch(T_("a list of {items}", items=_describe(item)))
    items = [_as_type(v, item) if item is not Any else v for v in value]
    return origin(items)


def _as_plain(value: object, hint: type) -> object:
    if issubclass(hint, Enum):
        if isinstance(value, hint):
            return value
        for member in hint:
            if value == member.value or (isinstance(value, str) and value == member.name):
                return member
        raise _Mismatch(T_("one of {values}", values=", ".join(str(m.value) for m in hint)))
    if hint is bool:
        if isinstance(value, bool):
            return value
        raise _Mismatch(T_("true or false"))
    if hint is int:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        raise _Mismatch(T_("a whole number"))
    if hint is float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            return float(value)
        raise _Mismatch(T_("a number"))
    if hint is str:
        if isinstance(value, str):
            return value
        raise _Mismatch(T_("text"))
    return value


def _describe(hint: Any) -> str:
    names = {
        bool: T_("true or false"),
        int: T_("whole numbers"),
        float: T_("numbers"),
        str: T_("text"),
    }
    if isinstance(hint, type) and issubclass(hint, Enum):
        return T_("one of {values}", values=", ".join(str(m.value) for m in hint))
    return names.get(hint, str(hint))


def changed_options(options: object) -> dict[str, object]:
    """The options that differ from the rulebook default (for the report header)."""
    default = type(options)()
    return {
        f.name: getattr(options, f.name)
        for f in _fields(options)
        if getattr(options, f.name) != getattr(default, f.name)
    }


def _fields(options: object) -> tuple[Field[Any], ...]:
    if not is_dataclass(options):
        raise TypeError(f"{type(options).__name__} is not an options dataclass")
    return fields(options)
