"""A character's sheet and the game's lists of attributes and skills
(rulebook 001; part I, with the sheet itself, is not in the project, so the
lists come from the game's sheet file `juego.yaml`, read by `sheet_files`).

Values kept as the Narrator wrote them; what the rules change during play
(spent Voluntad, Moral, Fatiga, the health penalty, the load) is part of the
sheet so the state file carries it from scene to scene.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType


class Condition(StrEnum):
    """A character's state of consciousness. Conmocionados, Moribundos and
    Noqueados cannot make a Liderazgo check (N-060); `asleep` after fainting
    at Fatiga 10 (N-141)."""

    FINE = "bien"
    STUNNED = "conmocionado"
    DYING = "moribundo"
    KNOCKED_OUT = "noqueado"
    ASLEEP = "dormido"
    DEAD = "muerto"


@dataclass(frozen=True)
class HistoricalMoral:
    """The historical modifier to Moral by moment and theatre, at most ±5
    (N-089, NAMB-12): its value and the date or theatre it is for."""

    value: int
    when: str

    def __post_init__(self) -> None:
        if not -5 <= self.value <= 5:
            raise ValueError(f"historical Moral modifier {self.value}: at most ±5 (N-089)")


@dataclass(frozen=True)
class SheetBook:
    """The game's names: each attribute and skill by its canonical (Spanish)
    name with the other spellings accepted (English aliases...)."""

    attributes: Mapping[str, tuple[str, ...]]
    skills: Mapping[str, tuple[str, ...]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", MappingProxyType(dict(self.attributes)))
        object.__setattr__(self, "skills", MappingProxyType(dict(self.skills)))


@dataclass(frozen=True)
class Character:
    """One character (a player's, or the Narrator's when `player` is None).

    `voluntad` is the permanent rating (the pool of self-control checks,
    NAMB-29; the coordinated bonus's duration, NAMB-08) and
    `voluntad_spent` the points spent of it (N-092, NAMB-28);
    `liderazgo` the pool of Liderazgo checks (N-052) and coordination
    (N-034); `moral` the current Moral the Narrator set (NAMB-12) and
    `historical` its dated modifier; `fatiga` current Fatigue (0..10, N-141);
    `resistencia` and `aplomo` as on the sheet; `health_penalty` the dice the
    current health level takes from the pools it applies to (NAMB-32: set by
    the Narrator); `load_kg` the weight carried (N-133, NAMB-21); `squad` and
    `rank` (N-036: a coordinator needs enough rank, the larger the higher).
    """

    id: str
    name: str
    player: str | None
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    voluntad: int
    liderazgo: int
    moral: int
    resistencia: int
    aplomo: int
    voluntad_spent: int = 0
    fatiga: int = 0
    health_penalty: int = 0
    load_kg: int = 0
    historical: HistoricalMoral | None = None
    squad: str | None = None
    rank: int = 0
    rank_name: str | None = None
    condition: Condition = Condition.FINE
    aliases: tuple[str, ...] = ()
    notes: tuple[str, ...] = field(default_factory=tuple)

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", MappingProxyType(dict(self.attributes)))
        object.__setattr__(self, "skills", MappingProxyType(dict(self.skills)))
        object.__setattr__(self, "aliases", tuple(self.aliases))
        object.__setattr__(self, "notes", tuple(self.notes))

    @property
    def voluntad_left(self) -> int:
        """Willpower points still to spend (N-092)."""
        return max(0, self.voluntad - self.voluntad_spent)

    @property
    def moral_total(self) -> int:
        """Moral with its historical modifier (N-089)."""
        return self.moral + (self.historical.value if self.historical else 0)

    def attribute(self, name: str) -> int:
        return self.attributes.get(name, 0)

    def skill(self, name: str) -> int:
        """A skill the sheet does not list counts 0."""
        return self.skills.get(name, 0)
