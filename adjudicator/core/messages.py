"""Error messages kept in the reader's language (issue 19): the message of an
exception raised with a lazy `Text`, still lazy, to be told later (`tr`)."""

from __future__ import annotations

from collections.abc import Sequence

from texts import T_, Text


def message_of(exc: BaseException) -> str:
    """The message of `exc`: its `Text` when it was raised with one (so it is
    translated when printed), else `str(exc)`."""
    first = exc.args[0] if len(exc.args) == 1 else None
    return first if isinstance(first, Text) else str(exc)


def either(names: Sequence[str]) -> str:
    """`a or b or c`, kept lazy (`or` is told in the reader's language)."""
    joined: str = names[0] if names else ""
    for name in names[1:]:
        joined = T_("{first} or {second}", first=joined, second=name)
    return joined


def did_you_mean(names: Sequence[str]) -> str:
    """`: did you mean a or b?` kept lazy, or nothing without names."""
    return T_(": did you mean {names}?", names=either(names)) if names else ""
