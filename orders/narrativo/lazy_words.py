"""Lazy composition of narrativo's messages (issue 19): the resolution writes
its words before the report's language is known, as `Text` (English now,
translated when printed with `texts.tr`). Joining `Text` with `str`
operations would give plain English, so the pieces are joined here into a
`Text` whose values are the pieces themselves."""

from __future__ import annotations

from collections.abc import Iterable

from texts import T_, Text


def joined(separator: str, parts: Iterable[object]) -> str:
    """`separator.join(parts)`, each part translated when printed; `""` for
    no part (an empty message id would be the catalogue's header)."""
    items = list(parts)
    if not items:
        return ""
    names = [f"p{index}" for index in range(len(items))]
    escaped = separator.replace("{", "{{").replace("}", "}}")
    pattern = escaped.join("{" + name + "}" for name in names)
    return Text(pattern, dict(zip(names, items, strict=True)))


def cat(*parts: object) -> str:
    """The parts one after the other (empty ones left out), translated when printed."""
    return joined("", [p for p in parts if p != ""])


def lazy(msgid: str) -> Text:
    """A message id marked elsewhere (`N_`), kept to be translated when printed."""
    return Text(msgid)


def alternatives(items: Iterable[object]) -> str:
    """`a or b or c`, the word `or` translated when printed."""
    pieces: list[object] = []
    for index, item in enumerate(items):
        if index:
            pieces.append(T_("or"))
        pieces.append(item)
    return joined(" ", pieces)
