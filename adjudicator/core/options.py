"""A ruleset's options: its frozen dataclass, presets, and game.yaml overrides.

Each ruleset declares an options dataclass whose defaults follow the rulebook
(or the project's reading); `game.yaml` may name a preset and override single
values, and every value is checked by the dataclass. The report's header lists
the options that differ from the defaults (DESIGN.md, "Conventions").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, fields, is_dataclass, replace
from typing import Any, TypeVar

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
            known = ", ".join(sorted(presets)) or "none"
            raise OptionError(f"unknown preset {preset!r} for {ruleset} (known: {known})")
        values.update(presets[preset])
    values.update(overrides or {})
    known_names = {f.name for f in _fields(base)}
    for key in values:
        if key not in known_names:
            known = ", ".join(sorted(known_names))
            raise OptionError(f"unknown option {key!r} for {ruleset} (known: {known})")
    try:
        return replace(base, **values)  # type: ignore[type-var]
    except (TypeError, ValueError) as exc:
        raise OptionError(f"bad option value for {ruleset}: {exc}") from None


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
