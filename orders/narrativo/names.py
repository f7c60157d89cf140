"""The names a narrativo post or Narrator's file may use, folded for lookup.

`NarrativoNames` holds each character's id with its spellings (name and
aliases), the game's attributes and skills with theirs (from the sheet file:
part I of the rulebook, with the sheet, is missing), the `model.TRAITS`
(Voluntad, Liderazgo, Resistencia, Aplomo; also by their English names) and
who owns each character (None: the Narrator's). Lookups fold case, accents,
dots and underscores (`maps.model.normalize_name`).

Decision (brief N3): a leading rank word may be dropped from the name as
written when the rest names exactly one character: `Sargento Ward` finds the
character named `Ward`, and `Ward` finds the one named `Sargento Ward`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from enum import StrEnum
from functools import cached_property
from types import MappingProxyType

from maps.model import SUGGESTED_CHARS, normalize_name
from orders.issues import IssueKind, Problem
from orders.narrativo.model import TRAITS
from texts import T_, either

TRAIT_ALIASES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "Voluntad": ("Willpower", "Will"),
        "Liderazgo": ("Leadership",),
        "Resistencia": ("Stamina",),
        "Aplomo": ("Composure",),
    }
)
"""The traits (`model.TRAITS`) with their English names."""

RANK_WORDS = frozenset(
    normalize_name(word)
    for word in (
        # Spanish
        "soldado", "cabo", "sargento", "sgto", "brigada", "subteniente", "alférez",
        "teniente", "tte", "capitán", "cap", "comandante", "mayor", "coronel", "general",
        # English
        "private", "pvt", "corporal", "cpl", "sergeant", "sgt", "sarge", "lieutenant", "lt",
        "captain", "capt", "cpt", "major", "maj", "colonel", "col", "commander", "gen",
        # German, French, Italian
        "schütze", "gefreiter", "obergefreiter", "unteroffizier", "feldwebel",
        "oberfeldwebel", "leutnant", "oberleutnant", "hauptmann", "oberst",
        "sergent", "capitaine", "caporale", "sergente", "tenente", "capitano",
    )
)  # fmt: skip
"""Words of rank a name may start with (`Sargento Ward`, `Sgt. Ward`)."""


class PartKind(StrEnum):
    """What a pool's part is on the sheet (N-002: an Attribute + a Skill)."""

    ATTRIBUTE = "attribute"
    SKILL = "skill"
    TRAIT = "trait"


def fold(text: str) -> str:
    """A name as lookups compare it: `Müller` -> `muller`, `Sgt.` -> `sgt`."""
    return normalize_name(text.replace("’", "'"))


def nearest(text: str, index: Mapping[str, tuple[str, ...]], limit: int = 3) -> tuple[str, ...]:
    """The display names nearest a misspelt one: `index` maps folded
    spellings to the names shown for them."""
    key = fold(text[:SUGGESTED_CHARS])
    found: dict[str, None] = {}
    for spelling in get_close_matches(key, list(index), n=limit * 3, cutoff=0.6):
        found.update(dict.fromkeys(index[spelling]))
    return tuple(found)[:limit]


def _index(entries: Mapping[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """Folded spelling -> the keys it names (a key's own spelling included)."""
    index: dict[str, tuple[str, ...]] = {}
    for key, spellings in entries.items():
        for spelling in (key, *spellings):
            folded = fold(spelling)
            if folded and key not in index.get(folded, ()):
                index[folded] = (*index.get(folded, ()), key)
    return index


def _without_rank(folded: str) -> str | None:
    """`sargento ward` -> `ward`; None when the name starts with no rank word."""
    first, _, rest = folded.partition(" ")
    return rest if rest and first in RANK_WORDS else None


@dataclass(frozen=True, eq=False)
class NarrativoNames:
    """Characters, attributes and skills by canonical name or id -> the
    spellings accepted; `owners`: character id -> player (None: the
    Narrator's). A character is shown by its first spelling (its id when it
    has none)."""

    characters: Mapping[str, tuple[str, ...]]
    attributes: Mapping[str, tuple[str, ...]]
    skills: Mapping[str, tuple[str, ...]]
    owners: Mapping[str, str | None]

    # --- characters ---------------------------------------------------------

    @cached_property
    def _characters(self) -> dict[str, tuple[str, ...]]:
        return _index(self.characters)

    @cached_property
    def _ranked(self) -> dict[str, tuple[str, ...]]:
        """Spellings with their leading rank word dropped -> character ids."""
        index: dict[str, tuple[str, ...]] = {}
        for folded, ids in self._characters.items():
            bare = _without_rank(folded)
            if bare is not None:
                index[bare] = tuple(dict.fromkeys((*index.get(bare, ()), *ids)))
        return index

    def characters_named(self, text: str) -> tuple[str, ...]:
        """The ids of the characters `text` names: by a name, alias or id;
        else with a leading rank word dropped on either side (the decision
        above). Several ids: the name is ambiguous."""
        folded = fold(text)
        exact = self._characters.get(folded)
        if exact:
            return exact
        found = dict.fromkeys(self._ranked.get(folded, ()))  # `Ward` -> `Sargento Ward`
        bare = _without_rank(folded)
        if bare is not None:  # `Sargento Ward` -> `Ward` (or `Cabo Ward` -> `Sargento Ward`)
            found.update(dict.fromkeys(self._characters.get(bare, ())))
            found.update(dict.fromkeys(self._ranked.get(bare, ())))
        return tuple(found)

    def character(self, text: str) -> str:
        """The id of the one character `text` names; a `Problem` quoting it
        with the nearest names when it names none, or several."""
        ids = self.characters_named(text)
        if len(ids) == 1:
            return ids[0]
        if not ids:
            suggestions = self.character_suggestions(text)
            raise Problem(
                IssueKind.SYNTAX, T_("unknown character '{name}'", name=text), 1, suggestions
            )
        shown = either(self.display(c) for c in ids)
        raise Problem(
            IssueKind.AMBIGUOUS,
            T_("'{name}' names more than one character: {names}", name=text, names=shown),
            1,
        )

    def display(self, character: str) -> str:
        """How a character is shown: its first spelling, else its id."""
        spellings = self.characters.get(character, ())
        return spellings[0] if spellings else character

    def owner(self, character: str) -> str | None:
        """The player who owns a character (None: the Narrator's)."""
        return self.owners.get(character)

    def owned_by(self, player: str | None) -> tuple[str, ...]:
        """The ids of the characters `player` owns (None: the Narrator's), in order."""
        return tuple(c for c in self.characters if self.owners.get(c) == player)

    def character_suggestions(
        self, text: str, among: Iterable[str] | None = None
    ) -> tuple[str, ...]:
        """The display names of the characters nearest a misspelt name
        (`among`: only these ids)."""
        allowed = None if among is None else set(among)
        index = {
            spelling: tuple(self.display(c) for c in ids if allowed is None or c in allowed)
            for spelling, ids in self._characters.items()
        }
        found = nearest(text, {k: v for k, v in index.items() if v})
        bare = _without_rank(fold(text))
        return found or (nearest(bare, {k: v for k, v in index.items() if v}) if bare else ())

    # --- pool parts -----------------------------------------------------------

    @cached_property
    def _parts(self) -> dict[str, tuple[str, PartKind]]:
        """Folded spelling -> (canonical name, kind); attributes first, then
        skills, then traits, when two share a spelling."""
        parts: dict[str, tuple[str, PartKind]] = {}
        groups = (
            (self.attributes, PartKind.ATTRIBUTE),
            (self.skills, PartKind.SKILL),
            ({trait: TRAIT_ALIASES.get(trait, ()) for trait in TRAITS}, PartKind.TRAIT),
        )
        for entries, kind in groups:
            for folded, keys in _index(entries).items():
                parts.setdefault(folded, (keys[0], kind))
        return parts

    def part(self, text: str) -> tuple[str, PartKind] | None:
        """The canonical name and kind of an attribute, skill or trait."""
        return self._parts.get(fold(text))

    def part_suggestions(self, text: str, only: PartKind | None = None) -> tuple[str, ...]:
        """The canonical names nearest a misspelt attribute, skill or trait."""
        index = {
            spelling: (name,)
            for spelling, (name, kind) in self._parts.items()
            if only is None or kind is only
        }
        return nearest(text, index)
