"""Genes Mactantes (rulebook 002, v0.2): the state of a game between turns.

A country (`Country`) is its sheet (002 §4 and the *Fitxa de societat*):
relevance, the four characteristics 0-10, counter-power, and the standing
penalties and bonuses the turn's actions leave behind. Cities, forces (the
Exèrcit points standing in one place) and characters are kept beside the
countries, each naming its owner, because they change hands (conquest,
capture, convincing).

Places: a force or a character stands in a city (`city id`) or in the open
field of a country (`field:<country id>`). Ids are lowercase ASCII; display
names come from the region data and the sheets.

`GenesState.to_dict` / `from_dict` give the plain data written to
`turns/<turn>-actions.yaml` and must round-trip exactly.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from adjudicator.core.phase import Calendar, Phase
from texts import T_

FIELD_PREFIX = "field:"


class Trait(StrEnum):
    """The four characteristics of a country and of a character (002 §4.2)."""

    AUTHORITY = "authority"  # Autoritat
    DIPLOMACY = "diplomacy"  # Diplomàcia
    MILITARISM = "militarism"  # Militarisme
    TECHNOLOGY = "technology"  # Tecnologia


TRAIT_NAMES_CA: dict[Trait, str] = {
    Trait.AUTHORITY: T_("Autoritat"),
    Trait.DIPLOMACY: T_("Diplomàcia"),
    Trait.MILITARISM: T_("Militarisme"),
    Trait.TECHNOLOGY: T_("Tecnologia"),
}
TRAIT_MAX = 10
"""Country characteristics range 0..10 (002 §4.2)."""
CHARACTER_TRAIT_MAX = 3
"""Character characteristics range 1..3 (002 §4.3)."""


class Relevance(StrEnum):
    """A country's relevance (002 §4.1): its creation points, its Exèrcit base
    (§4.5) and its base actions per turn (§5.2)."""

    SMALL = "small"  # Petita
    MEDIUM = "medium"  # Mitjana
    LARGE = "large"  # Gran

    @property
    def points(self) -> int:
        """Creation points: 20, 30 or 40 (002 §4.1)."""
        return {Relevance.SMALL: 20, Relevance.MEDIUM: 30, Relevance.LARGE: 40}[self]

    @property
    def army_base(self) -> int:
        """The relevance term of Exèrcit: 5, 10 or 15 (002 §4.5)."""
        return {Relevance.SMALL: 5, Relevance.MEDIUM: 10, Relevance.LARGE: 15}[self]

    @property
    def action_base(self) -> int:
        """The relevance term of actions per turn: 1, 2 or 3 (002 §5.2)."""
        return {Relevance.SMALL: 1, Relevance.MEDIUM: 2, Relevance.LARGE: 3}[self]

    @classmethod
    def from_points(cls, points: int) -> Relevance:
        for relevance in cls:
            if relevance.points == points:
                return relevance
        raise ValueError(f"relevance must be 20, 30 or 40 points, not {points}")

    @classmethod
    def from_roll(cls, face: int) -> Relevance:
        """The random relevance table (002 §4.1): 1-5 small, 6-8 medium, 9-0 large
        (`face` is 1..10, the 0 face being 10)."""
        if not 1 <= face <= 10:
            raise ValueError(f"a d10 shows 1..10 (0 counts as 10), not {face}")
        if face <= 5:
            return cls.SMALL
        return cls.MEDIUM if face <= 8 else cls.LARGE


class Crisis(StrEnum):
    """The lasting critical situations (002 §5.4.3.1): one action less per turn
    each, cumulative, until the characteristic is back at 4 or more."""

    BLOCKADE = "blockade"  # Bloqueig, Diplomàcia
    ANARCHY = "anarchy"  # Anarquia, Militarisme
    AUTARKY = "autarky"  # Autarquia, Tecnologia


CRISIS_TRAIT = {
    Crisis.BLOCKADE: Trait.DIPLOMACY,
    Crisis.ANARCHY: Trait.MILITARISM,
    Crisis.AUTARKY: Trait.TECHNOLOGY,
}


class CharacterStatus(StrEnum):
    FREE = "free"
    CAPTURED = "captured"  # held by `Character.held_by`; cannot be active
    DEAD = "dead"


@dataclass(frozen=True, slots=True)
class Character:
    """A character (002 §4.3): characteristics 1..3, one of them may be the
    country's principal. `place` is the city (or field) where it stands;
    `hidden` when it is a principal whose place only its owner knows."""

    id: str
    name: str
    owner: str
    role: str
    traits: Mapping[Trait, int]
    place: str
    principal: bool = False
    status: CharacterStatus = CharacterStatus.FREE
    held_by: str | None = None
    hidden: bool = False
    """A principal that has moved since its city was made public at the start
    (002 §4.4: "no així si després aquest es mou i s'amaga"): where it stands
    is told only to its owner."""
    seen_by: tuple[str, ...] = ()
    """The other countries that found this hidden principal where it stands
    now (a watch that contested it, a successful Investigació: 002 §4.4,
    issue 18 #4): their private reports place it too. Cleared when it moves
    again, as it hides again."""

    def value(self, trait: Trait) -> int:
        return self.traits.get(trait, 0)

    @property
    def free(self) -> bool:
        return self.status is CharacterStatus.FREE

    def with_(self, **changes: Any) -> Character:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class City:
    """A city on the map (002 §4.4): its owner, walls, whether it is a capital
    (of its founding country, `capital_of`), and where it is drawn."""

    id: str
    name: str
    owner: str
    country: str  # the country (map region) it lies in
    position: tuple[float, float]
    walled: bool = False
    capital_of: str | None = None

    def with_(self, **changes: Any) -> City:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class Force:
    """Exèrcit points of one country standing in one place (002 §4.5): a city's
    troops, an army in a country's field, or a raiding party."""

    owner: str
    place: str
    strength: int
    raiders: bool = False

    def with_(self, **changes: Any) -> Force:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class CivilWar:
    """A civil war under way in `country` (002 §5.4.3): the rebels' strength
    and, if other players back them with characters, the rebels' principal."""

    country: str
    rebels: int
    rebel_principal: str | None = None


@dataclass(frozen=True, slots=True)
class Country:
    """A country's sheet (002 §4, *Fitxa de societat*) and its standing effects.

    - `counterpower` subtracts from Autoritat while it lasts (002 §5.4.4).
    - `crises` counts each lasting critical situation (cumulative, §5.4.3.1).
    - `lost_actions` / `extra_actions`: actions lost (sabotage, raid, siege) or
      gained (taxes) in the coming turn.
    - `disorder`: a natural disaster's Restaurar ordre still owed (§5.3), and
      `disorder_penalty` the Autoritat points it has already cost.
    - `investigations`: country -> +2 bonuses won by Investigació, to spend on
      the next external action against that country (§5.4.4).
    - `principal_lost_to`: who removed the principal (002 §6).
    """

    id: str
    name: str
    relevance: Relevance
    traits: Mapping[Trait, int]
    description: str = ""
    counterpower: int = 0
    crises: Mapping[Crisis, int] = field(default_factory=dict)
    lost_actions: int = 0
    extra_actions: int = 0
    disorder: bool = False
    investigations: Mapping[str, int] = field(default_factory=dict)
    eliminated: bool = False
    principal_lost_to: str | None = None
    """The country that killed, captured or convinced this country's principal
    (002 §6, the "substitution of the principal" victory condition). It stays
    set when a new principal is named: the substitution happened."""

    def trait(self, trait: Trait) -> int:
        return self.traits.get(trait, 0)

    @property
    def authority(self) -> int:
        """Autoritat less counter-power (002 §4.2, §5.4.4), never below 0."""
        return max(0, self.trait(Trait.AUTHORITY) - self.counterpower)

    def with_(self, **changes: Any) -> Country:
        return replace(self, **changes)


@dataclass(frozen=True, slots=True)
class TurnStart:
    """What the start of a turn (002 §5.1 steps 1 and 2.1) left for the players
    to know before they declare: the event, the forced actions, the budget."""

    event_roll: int | None = None  # 1..10, None when events are off
    event: str | None = None  # "disaster" or "resources"
    event_country: str | None = None
    disaster_city: str | None = None
    resources: tuple[str, ...] = ()  # countries with one more action this turn
    forced: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """country -> forced action kinds (`development:<trait>`, `restore_order`, `civil_war`)."""
    disabled: tuple[str, ...] = ()  # characters and force places a disaster annuls this turn
    active: tuple[str, ...] = ()  # characters already active: they helped a crisis test (§5.4.3.1)
    repatriable: tuple[str, ...] = ()
    """Characters that survived an assassination last turn and stayed where
    they were: their owner may send them home with a free `repatriar` line
    this turn (002 §5.4.3 Assassinar, issue 18 #11)."""


@dataclass(frozen=True, slots=True)
class GenesState:
    """A Genes Mactantes game at the start of a turn (phase `<turn>-actions`)."""

    phase: Phase
    countries: Mapping[str, Country]
    cities: Mapping[str, City]
    characters: Mapping[str, Character]
    forces: tuple[Force, ...]
    seats: tuple[str, ...]
    """The countries in seating order (board creation, 002 §3): "the player to
    the right" of a country is the next one in this tuple."""
    sieges: Mapping[str, str] = field(default_factory=dict)  # city -> besieging country
    civil_wars: Mapping[str, CivilWar] = field(default_factory=dict)
    start: TurnStart = field(default_factory=TurnStart)
    winner: str | None = None
    final_scores: Mapping[str, int] = field(default_factory=dict)

    @property
    def turn(self) -> int:
        return self.phase.year

    def with_(self, **changes: Any) -> GenesState:
        return replace(self, **changes)

    def powers(self) -> tuple[str, ...]:
        """Countries still in the game, in seating order."""
        return tuple(c for c in self.seats if not self.countries[c].eliminated)

    def cities_of(self, country: str) -> tuple[City, ...]:
        return tuple(c for _, c in sorted(self.cities.items()) if c.owner == country)

    def characters_of(self, country: str) -> tuple[Character, ...]:
        return tuple(c for _, c in sorted(self.characters.items()) if c.owner == country)

    def forces_of(self, country: str) -> tuple[Force, ...]:
        return tuple(f for f in self.forces if f.owner == country)

    def forces_at(self, place: str) -> tuple[Force, ...]:
        return tuple(f for f in self.forces if f.place == place)

    def army(self, country: str) -> int:
        """The country's Exèrcit: the sum of its forces (002 §4.5)."""
        return sum(f.strength for f in self.forces_of(country))

    def principal_of(self, country: str) -> Character | None:
        for character in self.characters_of(country):
            if character.principal and character.status is not CharacterStatus.DEAD:
                return character
        return None

    def capital_of(self, country: str) -> City | None:
        for city in self.cities.values():
            if city.capital_of == country:
                return city
        return None

    def country_of_place(self, place: str) -> str:
        """The country (map region) a place lies in."""
        if place.startswith(FIELD_PREFIX):
            return place.removeprefix(FIELD_PREFIX)
        return self.cities[place].country


def field_place(country: str) -> str:
    """The place id of a country's open field."""
    return f"{FIELD_PREFIX}{country}"


ACTIONS = "actions"
"""The one phase kind of a genes turn (002 §5): `3-actions`."""
CREATION = "creation"
"""The creation phase `0-creation` (002 §4, issue 18 #12): the relevance is
rolled, and the country sheets are its orders; it leads to turn 1."""
CALENDAR = Calendar(seasons=(), kinds=(CREATION, ACTIONS))
"""Genes is counted in turns, one phase of declared actions each, after the
creation phase of a game created in two steps."""


def first_phase(turn: int = 1) -> Phase:
    return Phase(turn, None, ACTIONS)


def creation_phase() -> Phase:
    """`0-creation`: the country sheets are still to come (002 §4)."""
    return Phase(0, None, CREATION)


def merge_forces(forces: Iterable[Force]) -> tuple[Force, ...]:
    """One force per (owner, place, raiders), empty ones dropped, in a stable order."""
    totals: dict[tuple[str, str, bool], int] = {}
    for force in forces:
        key = (force.owner, force.place, force.raiders)
        totals[key] = totals.get(key, 0) + force.strength
    return tuple(
        Force(owner, place, strength, raiders)
        for (owner, place, raiders), strength in sorted(totals.items())
        if strength > 0
    )
