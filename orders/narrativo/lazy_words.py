"""Lazy composition of narrativo's messages (issue 19): the resolution writes
its words before the report's language is known, as `Text` (English now,
translated when printed with `texts.tr`). Joining `Text` with `str`
operations would give plain English: `texts.joined` and `texts.either` keep
the pieces translatable, `cat` puts them one after the other."""

from __future__ import annotations

from texts import Text, joined


def cat(*parts: object) -> str:
    """The parts one after the other (empty ones left out), translated when printed."""
    return joined([p for p in parts if p != ""], "")


def lazy(msgid: str) -> Text:
    """A message id marked elsewhere (`N_`), kept to be translated when printed."""
    return Text(msgid)
