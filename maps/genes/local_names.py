"""A Genes Mactantes country's name in other languages (`names: {es: Poniente}`
in a region file): read from the region's data, and kept in messages made
before the language is known (issue 19)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from texts import T_


def local_names(value: Any, key: str, fail: Callable[[str, str], None]) -> dict[str, str]:
    """`names: {es: ..., ca: ...}`: a country's name in other languages; a
    problem is told to `fail(key, message)`."""
    if value is None:
        return {}
    if isinstance(value, Mapping) and all(
        isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in value.items()
    ):
        return dict(value)
    fail(key, T_("expected a mapping of language to name, not {value}", value=repr(value)))
    return {}
