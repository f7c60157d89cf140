"""Messages kept to be translated when printed.

A `Text` is a `str`: its value is the English message, so code that stores,
compares, hashes, sorts or writes it sees English exactly as before. It also
keeps its message id and values, so `tr(text)` (or `text.translated(t)`) gives
it in any language later: an order issue found while reading a file is told to
each player in his own language. Values that are `Text` themselves (a unit's
name, a reason) are translated with it.

Any `str` method on a `Text` (`+`, `.strip()`, slicing) gives a plain English
`str`: translate first, then join."""

from __future__ import annotations

import gettext
from collections.abc import Iterable, Mapping
from typing import Self

from texts.current import current_language


class Text(str):
    """An English message that can be told in another language (see the module)."""

    __slots__ = ("amount", "msgid", "plural", "values")
    msgid: str
    plural: str | None
    amount: int | None
    values: tuple[tuple[str, object], ...]

    def __new__(
        cls,
        msgid: str,
        values: Mapping[str, object] | None = None,
        plural: str | None = None,
        count: int | None = None,
    ) -> Self:
        pairs = tuple((values or {}).items())
        english = msgid if plural is None or count == 1 else plural
        made = super().__new__(cls, english.format(**dict(pairs)) if pairs else english)
        made.msgid = msgid
        made.plural = plural
        made.amount = count
        made.values = pairs
        return made

    def translated(self, translations: gettext.NullTranslations) -> str:
        """This message in `translations`' language, its `Text` values too."""
        if self.plural is None:
            pattern = translations.gettext(self.msgid)
        else:
            pattern = translations.ngettext(self.msgid, self.plural, self.amount or 0)
        if not self.values:
            return pattern
        values = {
            name: value.translated(translations) if isinstance(value, Text) else value
            for name, value in self.values
        }
        return pattern.format(**values)

    def __reduce__(self) -> tuple[object, ...]:
        return (_rebuilt, (self.msgid, self.values, self.plural, self.amount))


def _rebuilt(
    msgid: str, values: tuple[tuple[str, object], ...], plural: str | None, count: int | None
) -> Text:
    return Text(msgid, dict(values), plural, count)


def T_(msgid: str, /, **values: object) -> Text:
    """`msgid` with its `{name}` fields filled, kept to be translated when printed."""
    return Text(msgid, values)


def Tn_(singular: str, plural: str, count: int, /, **values: object) -> Text:
    """`singular` or `plural` for `count` (also the field `{n}`), kept to be
    translated when printed by the language's plural rule."""
    return Text(singular, {"n": count, **values}, plural, count)


def N_(msgid: str) -> str:
    """Marks `msgid` for extraction where it is translated later, by whoever
    prints it: returns it unchanged."""
    return msgid


def joined(parts: Iterable[object], separator: object = ", ") -> str:
    """`separator.join(parts)` kept to be translated when printed: each part
    (and the separator, when it is a `Text` such as `T_(" and ")`) is told in
    the reader's language; `str.join` would give plain English. No parts
    give `""`."""
    items = list(parts)
    if not items:
        return ""
    names = [f"p{index}" for index in range(len(items))]
    pattern = "{separator}".join("{" + name + "}" for name in names)
    return Text(pattern, {"separator": separator, **dict(zip(names, items, strict=True))})


def either(names: Iterable[object]) -> str:
    """`a or b or c`, kept to be translated when printed (`or` too)."""
    return joined(names, T_(" or "))


class LocalName(Text):
    """A name from a map or a sheet: its English `name` now (the `str`), and in
    the language being written when printed, its entry in `names`
    (`{"es": "Borgoña", "ca": "Borgonya"}`), else the English name."""

    __slots__ = ("names",)
    names: tuple[tuple[str, str], ...]

    def __new__(
        cls, name: str, names: Mapping[str, str] | Iterable[tuple[str, str]] = ()
    ) -> Self:
        made = super().__new__(cls, str(name))
        pairs = names.items() if isinstance(names, Mapping) else names
        made.names = tuple(sorted(pairs))
        return made

    def translated(self, translations: gettext.NullTranslations) -> str:
        """The name in the current language (`texts.using`), else English."""
        return dict(self.names).get(current_language(), str.__str__(self))

    def __reduce__(self) -> tuple[object, ...]:
        return (LocalName, (str.__str__(self), self.names))
