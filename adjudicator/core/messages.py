"""Error messages kept in the reader's language (issue 19): the message of an
exception raised with a lazy `Text`, still lazy, to be told later (`tr`)."""

from __future__ import annotations

from collections.abc import Sequence

from texts import T_, Text, either


def message_of(error: BaseException) -> str:
    """`str(error)`, kept translatable when the error was raised with a `Text`
    (a `KeyError`'s quotes kept, as `str` adds them)."""
    message = error.args[0] if len(error.args) == 1 else None
    told = str(error)
    if isinstance(message, Text):
        if told == str(message):
            return message
        if told == repr(str(message)):
            return Text("{message!r}", {"message": message})  # punctuation only
    return told


def did_you_mean(names: Sequence[str]) -> str:
    """`: did you mean a or b?` kept lazy, or nothing without names."""
    return T_(": did you mean {names}?", names=either(names)) if names else ""
