"""What players call places and powers, resolved against one map.

The order grammar reads a place as a run of words; `NameIndex.readings`
decides what the run means: an area code, name or alias (case and accents
ignored, as `maps.model.normalize_name` folds them), optionally led by the
power that owns a unit (`turks A HER`, `venice ARE`) and followed by coast
words (`spa nc`, `Spain north coast`). Every way of reading the run is
returned, so the parser can report a run that reads two ways as ambiguous.

Coast words are generic vocabulary (`nc`, `north`, `north coast`...), not map
data; a map's split-coast areas name their coasts with the same suffixes.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cached_property, lru_cache
from itertools import pairwise
from typing import TypeVar

from maps.model import SUGGESTED_CHARS, GameMap, normalize_name

_DIRECTIONS = {"north": "n", "south": "s", "east": "e", "west": "w"}


def _coast_phrases() -> dict[str, str]:
    """Folded coast phrases -> coast suffix: `north coast`, `north`, `nc`, `n c`, `n` -> `nc`."""
    phrases: dict[str, str] = {}
    for word, letter in _DIRECTIONS.items():
        suffix = f"{letter}c"
        forms = (suffix, letter, f"{letter} c", word, f"{word} coast", f"{word}ern coast")
        phrases.update(dict.fromkeys(forms, suffix))
    return phrases


COAST_PHRASES: Mapping[str, str] = _coast_phrases()
"""Folded coast phrase -> coast suffix (`north coast` -> `nc`)."""

_COAST_NAMES = {f"{letter}c": f"{word} coast" for word, letter in _DIRECTIONS.items()}
_LONGEST_COAST = max(len(phrase.split()) for phrase in COAST_PHRASES)


def coast_name(suffix: str) -> str:
    """`nc` -> `north coast`; an unknown suffix is shown as written."""
    return _COAST_NAMES.get(suffix, f"{suffix} coast")


@lru_cache(maxsize=8192)
def fold(word: str) -> str:
    """A word as name lookups compare it (`St.` -> `st`, `Gal·les` -> `gal·les`)."""
    return normalize_name(word.replace("’", "'"))


def _folded(words: Iterable[str]) -> str:
    return " ".join(fold(word) for word in words)


@dataclass(frozen=True)
class Reading:
    """One way to read a run of words: the owner named (if any), an area, a coast."""

    owner: str | None
    area: str
    coast: str | None

    @property
    def location(self) -> str:
        """`SPA/nc`, or the bare area code when no coast was named."""
        return f"{self.area}/{self.coast}" if self.coast else self.area


@dataclass(frozen=True)
class Span:
    """A part of a run of words, as indexes `start:end`."""

    start: int
    end: int


_WORD_CHARS = r"[^\W_][\w'’.·]*"
_HYPHENATED = re.compile(rf"(?<![\w'’.·])({_WORD_CHARS})-(?=({_WORD_CHARS}))")


@dataclass(frozen=True, eq=False)
class NameIndex:
    """The names of one map's areas and powers, folded for lookup.

    Build it with `NameIndex.of(game_map)`, which caches one index per map.
    """

    game_map: GameMap
    areas: Mapping[str, tuple[str, ...]]
    powers: Mapping[str, str]
    pairs: frozenset[tuple[str, str]]
    """Pairs of words that follow each other inside some name (`mid`, `atlantic`)."""
    _reading_memo: dict[tuple[tuple[str, ...], bool, bool], tuple[Reading, ...]] = field(
        default_factory=dict, init=False, repr=False
    )
    """`readings` as computed, by the words as written."""
    _power_memo: dict[tuple[str, ...], str | None] = field(
        default_factory=dict, init=False, repr=False
    )
    """`power` as computed, by the words as written."""

    @classmethod
    def of(cls, game_map: GameMap) -> NameIndex:
        """The index of `game_map` (built once per map object)."""
        cached = _INDEXES.get(id(game_map))
        if cached is not None and cached[0]() is game_map:
            return cached[1]
        for key in [key for key, (ref, _) in _INDEXES.items() if ref() is None]:
            del _INDEXES[key]
        index = cls._build(game_map)
        _INDEXES[id(game_map)] = (weakref.ref(game_map), index)
        return index

    @classmethod
    def _build(cls, game_map: GameMap) -> NameIndex:
        areas: dict[str, tuple[str, ...]] = {}
        for code, area in game_map.areas.items():
            for name in {normalize_name(n) for n in (code, area.name, *area.aliases)}:
                areas[name] = (*areas.get(name, ()), code)
        powers: dict[str, str] = {}
        for power in game_map.powers.values():
            for name in (power.id, power.name, *power.aliases):
                powers.setdefault(normalize_name(name), power.id)
        return cls(game_map, areas, powers, frozenset(_word_pairs([*areas, *powers])))

    @cached_property
    def names(self) -> frozenset[str]:
        """Every place and power name and alias, folded (not the area codes)."""
        areas = self.game_map.areas.values()
        found = {normalize_name(n) for area in areas for n in (area.name, *area.aliases)}
        found |= {
            normalize_name(n) for p in self.game_map.powers.values() for n in (p.id, p.name, *p.aliases)
        }
        return frozenset(found)

    @cached_property
    def name_words(self) -> tuple[str, ...]:
        """The words of `names`, each once, sorted."""
        return tuple(sorted({word for name in self.names for word in name.split()}))

    # --- powers --------------------------------------------------------------

    def power(self, words: Sequence[str]) -> str | None:
        """The power a run of words names, or None."""
        key = tuple(words)
        try:
            return self._power_memo[key]
        except KeyError:
            pass
        power = self.powers.get(_folded(words))
        _remember(self._power_memo, key, power)
        return power

    def power_suggestions(self, text: str, limit: int = 3, cutoff: float = 0.5) -> tuple[str, ...]:
        """Display names of the powers nearest a misspelt power name."""
        key = normalize_name(text[:SUGGESTED_CHARS])
        close = get_close_matches(key, list(self.powers), n=limit * 3, cutoff=cutoff)
        found: list[str] = []
        for name in close:
            display = self.game_map.powers[self.powers[name]].name
            if display not in found:
                found.append(display)
        return tuple(found[:limit])

    def powers_within(self, words: Sequence[str]) -> tuple[str, ...]:
        """Display names of the powers named by some run of `words`, in order."""
        found: dict[str, None] = {}
        for start in range(len(words)):
            for end in range(start + 1, len(words) + 1):
                power = self.power(words[start:end])
                if power is not None:
                    found[self.game_map.powers[power].name] = None
        return tuple(found)

    def leading_power(self, words: Sequence[str]) -> tuple[str, int] | None:
        """The power named by the longest run of leading words, and that run's length."""
        for end in range(len(words) - 1, 0, -1):
            power = self.power(words[:end])
            if power is not None:
                return power, end
        return None

    # --- places ----------------------------------------------------------------

    def readings(
        self, words: Sequence[str], *, owner: bool, coast_words: bool
    ) -> tuple[Reading, ...]:
        """Every way to read `words` as [owner] area [coast words].

        `owner`: the run may start with a power's name; `coast_words`: it may
        end with coast words (false when the coast was written after a slash).
        Each run is read once per index (words fold the same wherever they are).
        """
        key = (tuple(words), owner, coast_words)
        found = self._reading_memo.get(key)
        if found is None:
            found = self._readings(words, owner, coast_words)
            _remember(self._reading_memo, key, found)
        return found

    def _readings(
        self, words: Sequence[str], owner: bool, coast_words: bool
    ) -> tuple[Reading, ...]:
        folded = [fold(word) for word in words]
        found: list[Reading] = []
        for start, power in self._owners(folded, owner):
            for end in range(len(folded), start, -1):
                codes = self.areas.get(" ".join(folded[start:end]), ())
                coast = self._coast_after(folded[end:], coast_words)
                if codes and coast is not None:
                    found += [Reading(power, code, coast or None) for code in codes]
        return tuple(dict.fromkeys(found))

    def _owners(self, folded: Sequence[str], owner: bool) -> list[tuple[int, str | None]]:
        """Where the area part may start: at 0 (no owner) or after a power's name."""
        starts: list[tuple[int, str | None]] = [(0, None)]
        if owner:
            for end in range(1, len(folded)):
                power = self.powers.get(" ".join(folded[:end]))
                if power is not None:
                    starts.append((end, power))
        return starts

    @staticmethod
    def _coast_after(folded: Sequence[str], coast_words: bool) -> str | None:
        """The coast that trailing words name: '' when there are none, None when
        they are not a coast."""
        if not folded:
            return ""
        if not coast_words or len(folded) > _LONGEST_COAST:
            return None
        return COAST_PHRASES.get(" ".join(folded))

    def unknown_part(self, words: Sequence[str], *, owner: bool) -> Span:
        """The words to quote when a run reads no way: without a leading power's
        name or trailing coast words."""
        lead = self.leading_power(words) if owner else None
        start = lead[1] if lead else 0
        end = len(words)
        for size in range(min(_LONGEST_COAST, end - start - 1), 0, -1):
            if _folded(words[end - size :]) in COAST_PHRASES:
                end -= size
                break
        return Span(start, end)

    def describe(self, reading: Reading) -> str:
        """`SPA/nc (Spain, north coast)`, led by the owner if one was named."""
        area = self.game_map.areas[reading.area]
        where = f"{area.name}, {coast_name(reading.coast)}" if reading.coast else area.name
        owner = f"{self.game_map.powers[reading.owner].name}'s " if reading.owner else ""
        return f"{owner}{reading.location} ({where})"

    def coasts_of(self, area: str) -> tuple[str, ...]:
        """`SPA` -> (`SPA/nc (north coast)`, `SPA/sc (south coast)`)."""
        return tuple(
            f"{area}/{coast} ({coast_name(coast)})" for coast in self.game_map.areas[area].coasts
        )

    def place_suggestions(self, text: str) -> tuple[str, ...]:
        """The nearest area names to a misspelt one, as `TYR (Tyrolia)`."""
        return tuple(str(match) for match in self.game_map.suggestions(text))

    # --- text --------------------------------------------------------------

    def join_hyphenated(self, line: str, *, everywhere: bool = False) -> str:
        """`Mid-Atlantic Ocean - Spain` -> `Mid Atlantic Ocean - Spain`.

        A hyphen between two words is read as part of a name (and blanked, so
        columns stay put) when the two words follow each other in some known
        name, or `everywhere`; otherwise it stays a move (`HER-BARI`, `LON-NTH`).
        """

        def join(match: re.Match[str]) -> str:
            left, right = fold(match.group(1)).split(), fold(match.group(2)).split()
            inside = everywhere or (bool(left and right) and (left[-1], right[0]) in self.pairs)
            return match.group(1) + (" " if inside else "-")

        return _HYPHENATED.sub(join, line) if "-" in line else line


def _word_pairs(names: Iterable[str]) -> Iterable[tuple[str, str]]:
    for name in names:
        words = name.split()
        yield from pairwise(words)


_K = TypeVar("_K")
_V = TypeVar("_V")
_REMEMBERED = 4096
"""How many runs of words an index remembers the reading of (a bound, as mail
can hold any text)."""


def _remember(memo: dict[_K, _V], key: _K, value: _V) -> None:
    if len(memo) >= _REMEMBERED:
        memo.clear()
    memo[key] = value


_INDEXES: dict[int, tuple[weakref.ref[GameMap], NameIndex]] = {}
