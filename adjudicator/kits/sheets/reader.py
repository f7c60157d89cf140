"""Reading a player's sheet: a YAML mapping whose keys may be written in any of
the game's languages (case, accents, `_` and `-` ignored), each value checked
against its range, every problem a `SheetIssue` naming the file and the key
as written, with the nearest valid names (genes' country sheets, 002 §4)."""

from __future__ import annotations

import difflib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from maps.model import SUGGESTION_CUTOFF, SUGGESTION_SPREAD, normalize_name
from texts import T_, either, tr

Entry = tuple[str, Any]
"""A value with its key as the player wrote it (`characteristics.militarisme`)."""
Words = Mapping[str, tuple[str, ...]]
"""canonical key -> the other spellings accepted (folded: case, accents, _ - ignored)."""


@dataclass(frozen=True)
class SheetIssue:
    """One problem of a sheet: the file, the key (`characteristics.militarisme`),
    what is wrong and what it should be, and the nearest valid names."""

    file: str
    key: str
    message: str
    suggestions: tuple[str, ...] = ()
    warning: bool = False

    @property
    def text(self) -> str:
        """`file: key: message (did you mean ...?)`, kept to be told in the
        reader's language (`tr`)."""
        return T_(
            "{file}: {key}: {message}{hint}",
            file=self.file,
            key=self.key,
            message=self.message,
            hint=meant(self.suggestions),
        )

    def __str__(self) -> str:
        return tr(self.text)


def meant(suggestions: Sequence[str]) -> str:
    """` (did you mean a or b?)`, or nothing without suggestions (kept lazy)."""
    return T_(" (did you mean {names}?)", names=either(suggestions)) if suggestions else ""


def lookup(words: Words, written: Any) -> str | None:
    """The canonical key of a written key or word (case, accents, _ and - ignored)."""
    folded = normalize_name(str(written))
    for canonical, aliases in words.items():
        if folded == normalize_name(canonical) or folded in {normalize_name(a) for a in aliases}:
            return canonical
    return None


def near(written: Any, names: Words | Sequence[str]) -> tuple[str, ...]:
    """The nearest names to a misspelt one: one spelling per key (its closest), and
    only those nearly as close as the closest (like `maps.model`'s suggestions)."""
    target = normalize_name(str(written))
    groups = names.items() if isinstance(names, Mapping) else [(n, ()) for n in names]
    scored = sorted(
        (max((_likeness(target, w), w) for w in (key, *aliases)) for key, aliases in groups),
        key=lambda pair: -pair[0],
    )
    if not scored:
        return ()
    floor = max(SUGGESTION_CUTOFF, scored[0][0] - SUGGESTION_SPREAD)
    return tuple(w for ratio, w in scored[:3] if ratio >= floor)


def _likeness(target: str, word: str) -> float:
    return difflib.SequenceMatcher(None, target, normalize_name(word)).ratio()


def shown(value: Any) -> str:
    if isinstance(value, Mapping):
        return T_("a mapping")
    return T_("a list") if isinstance(value, list) else repr(value)


class SheetReader:
    """Reads one sheet's data, collecting issues against the file's name."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.issues: list[SheetIssue] = []

    def error(self, key: str, message: str, suggestions: Sequence[str] = ()) -> None:
        self.issues.append(SheetIssue(self.file, key, message, tuple(suggestions)))

    def entries(self, value: Any, key: str) -> list[tuple[str, Any, Any]]:
        """A mapping's (key path, key as written, value); not a mapping is an issue."""
        if value is None:
            return []
        if not isinstance(value, Mapping):
            self.error(
                key or T_("(file)"),
                T_("must be a mapping of key: value, not {value}", value=shown(value)),
            )
            return []
        return [(f"{key}.{k}" if key else str(k), k, v) for k, v in value.items()]

    def section(self, value: Any, key: str, words: Words) -> dict[str, Entry]:
        """A mapping's entries by canonical key; unknown and repeated keys are issues."""
        found: dict[str, Entry] = {}
        for path, written, item in self.entries(value, key):
            canonical = lookup(words, written)
            if canonical is None:
                hint = near(written, words)
                self.error(path, T_("unknown key (expected {known})", known=", ".join(words)), hint)
            elif canonical in found:
                self.error(
                    path,
                    T_(
                        "repeats {first}: give {key} once", first=found[canonical][0], key=canonical
                    ),
                )
            else:
                found[canonical] = (path, item)
        return found

    def text(self, entry: Entry | None, key: str, why: str, required: bool = True) -> str | None:
        """A text (a name, a role); `why` says what it is for."""
        if entry is None or entry[1] is None or str(entry[1]).strip() == "":
            if required:
                self.error(entry[0] if entry else key, T_("missing: {why}", why=why))
            return None
        if not isinstance(entry[1], str | int | float) or isinstance(entry[1], bool):
            self.error(
                entry[0], T_("must be a text, not {value} ({why})", value=shown(entry[1]), why=why)
            )
            return None
        return str(entry[1]).strip()

    def number(self, entry: Entry | None, low: int, high: int, why: str) -> int | None:
        """A whole number, kept as written; out of `low..high` is an issue."""
        if entry is None or entry[1] is None:
            return None
        key, value = entry
        if not isinstance(value, int) or isinstance(value, bool):
            self.error(
                key,
                T_(
                    "must be a whole number {low}..{high}, not {value} ({why})",
                    low=low,
                    high=high,
                    value=shown(value),
                    why=why,
                ),
            )
            return None
        if value > high:
            self.error(key, T_("{value} is above {high} ({why})", value=value, high=high, why=why))
        elif value < low:
            self.error(key, T_("{value} is below {low} ({why})", value=value, low=low, why=why))
        return value

    def numbers(
        self, entry: Entry | None, words: Words, low: int, high: int, why: str
    ) -> dict[str, int]:
        """A mapping of numbers under known keys (any of their spellings), each
        in `low..high`, by canonical key."""
        if entry is None:
            return {}
        found = self.section(entry[1], entry[0], words)
        values = {k: self.number(v, low, high, why) for k, v in found.items()}
        return {k: v for k, v in values.items() if v is not None}

    def flag(self, entry: Entry | None) -> bool:
        if entry is None or entry[1] is None:
            return False
        if not isinstance(entry[1], bool):
            self.error(entry[0], T_("must be true or false, not {value}", value=shown(entry[1])))
            return False
        return entry[1]

    def items(self, entry: Entry | None) -> list[Entry]:
        """A list's entries keyed `founded[2]` (1-based); a single item reads as a list."""
        if entry is None or entry[1] is None:
            return []
        key, value = entry
        if isinstance(value, str | Mapping):
            value = [value]
        if not isinstance(value, list):
            self.error(
                key, T_("must be a list (lines starting with -), not {value}", value=shown(value))
            )
            return []
        return [(f"{key}[{n}]", item) for n, item in enumerate(value, start=1)]
