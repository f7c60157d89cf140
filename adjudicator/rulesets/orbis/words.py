"""Messages of the Orbis resolution kept for each reader's language (issue 19).

The resolution runs before any report is written, so its notes, effects and
refusals are `texts.Text` (English now, translated when printed). Joining them
with `str.join` or `+` would give plain English: `joined` keeps each part
translatable (`texts.joined`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from texts import T_, Text
from texts import joined as lazy_joined


def joined(parts: Sequence[str], separator: str = "; ") -> str:
    """`texts.joined` with Orbis's separator of notes, `; `."""
    return lazy_joined(parts, separator)


def prefixed(prefix: str, text: str) -> str:
    """`prefix + text`, `text` translated when printed (`prefix` is punctuation
    or a code, never words)."""
    return Text("{prefix}{text}", {"prefix": prefix, "text": text})


KIND_WORDS: Mapping[str, str] = MappingProxyType(
    {
        "state": T_("state"),
        "horde": T_("horde"),
        "host": T_("host"),
        "colony": T_("colony"),
    }
)
"""A nation's kind (`sheet.NationKind`'s values) in words: `{nation} is now a {kind}`."""
