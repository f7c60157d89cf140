"""Messages of the Orbis resolution kept for each reader's language (issue 19).

The resolution runs before any report is written, so its notes, effects and
refusals are `texts.Text` (English now, translated when printed). Joining them
with `str.join` or `+` would give plain English: `joined` keeps each part
translatable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType

from texts import T_, Text

_PAIR = "{head}{separator}{tail}"
"""Not a message: only punctuation, the same in every language (never extracted)."""


def joined(parts: Sequence[str], separator: str = "; ") -> str:
    """`separator.join(parts)`, each part (a `Text` or not) translated when printed."""
    if not parts:
        return ""
    result: str = parts[0]
    for part in parts[1:]:
        result = Text(_PAIR, {"head": result, "separator": separator, "tail": part})
    return result


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


def message_of(error: BaseException) -> str:
    """`str(error)`, kept translatable when the error was raised with a `Text`
    (a `KeyError`'s quotes left out, as `str` adds them)."""
    message = error.args[0] if len(error.args) == 1 else None
    told = str(error)
    if isinstance(message, Text):
        if told == str(message):
            return message
        if told == repr(str(message)):
            return Text("{message!r}", {"message": message})  # punctuation only
    return told
