"""Small helpers on dataclass fields shared by the rulesets' state codecs."""

from __future__ import annotations

from dataclasses import MISSING, Field
from typing import Any


def at_default(item: Field[Any], value: Any) -> bool:
    """Whether `value` is the field's default (the codecs leave such fields
    out of the state file)."""
    if item.default is not MISSING:
        return bool(value == item.default)
    return item.default_factory is not MISSING and bool(value == item.default_factory())
