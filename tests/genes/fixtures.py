"""Hand-built Genes Mactantes boards and scripted dice for the tests.

The region is three countries in a row, `ponent` - `llevant` - `migjorn`
(ponent and migjorn do not touch, so a character travelling between them
crosses llevant), each a 10 x 10 square with three cities; the first city of
each country is its capital.

- `make_region()`: that `Region`.
- `make_state(...)`: a `GenesState` at turn 1 on it: every country medium
  with 5 in each characteristic, its three cities, 5 Exèrcit in the capital
  and 3 in its field, and the default characters below. Each keyword
  replaces one part (`countries=`, `characters=`, `forces=`, ...); `traits=`
  patches some characteristics of some countries.
- `make_board(state=None, dice=None)`: the mutable `Board` of that state.
- `character(...)`, `decl(...)`: short builders of records;
  `with_country(state, id, **changes)` changes one country's record.
- `FixedDice(faces)`: dice that give preset faces and log them like
  `adjudicator.core.dice.Dice`.

Default characters: ponent has `joan` (principal; Autoritat 1, Diplomàcia 2,
Militarisme 1) and `maria` (Diplomàcia 1, Militarisme 3) in `ponent_a`;
llevant has `pere` (principal; Autoritat 2, Diplomàcia 2) in `llevant_a`;
migjorn has `anna` (principal; Diplomàcia 1, Tecnologia 2) in `migjorn_a`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from adjudicator.core.dice import Dice, Roll
from adjudicator.rulesets.genes.model import (
    Character,
    City,
    Country,
    Force,
    GenesState,
    Relevance,
    Trait,
    field_place,
    first_phase,
)
from adjudicator.rulesets.genes.outcome import ActionResult, EffectKind
from adjudicator.rulesets.genes.work import HANDLERS, Board
from maps.genes.region import CitySite, CountryArea, Region
from orders.genes.model import ActionKind, Declaration

COUNTRIES = ("ponent", "llevant", "migjorn")
NAMES = {"ponent": "Ponent", "llevant": "Llevant", "migjorn": "Migjorn"}
NEIGHBOURS = {"ponent": ("llevant",), "llevant": ("ponent", "migjorn"), "migjorn": ("llevant",)}


def _square(x0: float) -> tuple[tuple[float, float], ...]:
    return ((x0, 0.0), (x0 + 10.0, 0.0), (x0 + 10.0, 10.0), (x0, 10.0))


def make_region() -> Region:
    """Three countries in a row, three cities each (`<country>_a`, `_b`, `_c`)."""
    countries: dict[str, CountryArea] = {}
    cities: dict[str, CitySite] = {}
    for index, country in enumerate(COUNTRIES):
        x0 = 10.0 * index
        countries[country] = CountryArea(
            country, NAMES[country], polygons=(_square(x0),), neighbours=NEIGHBOURS[country]
        )
        for suffix, (dx, dy) in zip("abc", ((5, 5), (2, 2), (8, 8)), strict=True):
            city_id = f"{country}_{suffix}"
            cities[city_id] = CitySite(
                city_id, f"{NAMES[country]} {suffix.upper()}", country, (x0 + dx, float(dy))
            )
    return Region("test", "Test region", countries, cities)


def character(
    id: str,
    owner: str,
    place: str | None = None,
    *,
    principal: bool = False,
    name: str | None = None,
    **traits: int,
) -> Character:
    """A free character; `traits` by `Trait` value (`diplomacy=2`), place
    defaulting to its owner's capital `<owner>_a`."""
    return Character(
        id=id,
        name=name or id.capitalize(),
        owner=owner,
        role="",
        traits={Trait(k): v for k, v in traits.items()},
        place=place or f"{owner}_a",
        principal=principal,
    )


def default_characters() -> dict[str, Character]:
    chars = (
        character("joan", "ponent", principal=True, authority=1, diplomacy=2, militarism=1),
        character("maria", "ponent", diplomacy=1, militarism=3),
        character("pere", "llevant", principal=True, authority=2, diplomacy=2),
        character("anna", "migjorn", principal=True, diplomacy=1, technology=2),
    )
    return {c.id: c for c in chars}


def default_countries() -> dict[str, Country]:
    return {c: Country(c, NAMES[c], Relevance.MEDIUM, {t: 5 for t in Trait}) for c in COUNTRIES}


def default_cities(region: Region | None = None) -> dict[str, City]:
    region = region or make_region()
    return {
        site.id: City(
            site.id,
            site.name,
            owner=site.country,
            country=site.country,
            position=site.position,
            capital_of=site.country if site.id.endswith("_a") else None,
        )
        for site in region.cities.values()
    }


def default_forces() -> tuple[Force, ...]:
    forces: list[Force] = []
    for c in COUNTRIES:
        forces.append(Force(c, f"{c}_a", 5))
        forces.append(Force(c, field_place(c), 3))
    return tuple(forces)


def make_state(
    *,
    countries: Mapping[str, Country] | None = None,
    traits: Mapping[str, Mapping[Trait, int]] | None = None,
    cities: Mapping[str, City] | None = None,
    characters: Iterable[Character] | Mapping[str, Character] | None = None,
    forces: Iterable[Force] | None = None,
    sieges: Mapping[str, str] | None = None,
    turn: int = 1,
    **changes: Any,
) -> GenesState:
    """The default state, with the given parts replaced. `traits` patches
    characteristics: `traits={"ponent": {Trait.DIPLOMACY: 8}}`. Other keywords
    go to `GenesState.with_` (`civil_wars=`, `start=`, ...)."""
    country_map = dict(countries) if countries is not None else default_countries()
    for cid, patch in (traits or {}).items():
        old = country_map[cid]
        country_map[cid] = old.with_(traits={**old.traits, **patch})
    if characters is None:
        char_map = default_characters()
    elif isinstance(characters, Mapping):
        char_map = dict(characters)
    else:
        char_map = {c.id: c for c in characters}
    state = GenesState(
        phase=first_phase(turn),
        countries=country_map,
        cities=dict(cities) if cities is not None else default_cities(),
        characters=char_map,
        forces=tuple(forces) if forces is not None else default_forces(),
        seats=tuple(c for c in COUNTRIES if c in country_map),
        sieges=dict(sieges or {}),
    )
    return state.with_(**changes) if changes else state


def with_country(state: GenesState, country: str, **changes: Any) -> GenesState:
    """`state` with one country's record changed (`counterpower=2`, ...)."""
    return state.with_(
        countries={**state.countries, country: state.countries[country].with_(**changes)}
    )


def make_board(
    state: GenesState | None = None,
    dice: Dice | None = None,
    region: Region | None = None,
    options: Any = None,
) -> Board:
    """A working board of `state` (default `make_state()`) on `region`."""
    return Board(state or make_state(), region or make_region(), options, dice)


def decl(power: str, kind: ActionKind, **fields: Any) -> Declaration:
    """A declaration; `helpers` may be a list."""
    if "helpers" in fields:
        fields["helpers"] = tuple(fields["helpers"])
    return Declaration(power, kind, **fields)


Faces = Mapping[str, int | Sequence[int]] | Sequence[int]


class FixedDice(Dice):
    """Dice that show preset faces, logged in `rolls` like `Dice`.

    `faces` is either a sequence, given out in order whatever the purpose, or
    a mapping purpose -> face (or a sequence of faces, one per roll of that
    purpose, the last one repeated). A mapping key matches the exact purpose
    or any purpose ending in `:<key>`: `{"test": 7}` serves `ponent:1:test`;
    the longest matching key wins. A face of 0 counts as 10 (the d10's 0).
    An unscripted roll gives `default`, or raises `KeyError` when it is None.
    """

    def __init__(self, faces: Faces = (), default: int | None = None) -> None:
        super().__init__(secret="fixed", game="test", phase="1-actions")
        self.default = default
        self._sequence: list[int] = []
        self._by_purpose: dict[str, list[int]] = {}
        if isinstance(faces, Mapping):
            for key, value in faces.items():
                self._by_purpose[key] = [value] if isinstance(value, int) else list(value)
        else:
            self._sequence = list(faces)
        self._used: dict[str, int] = {}

    def _key(self, purpose: str) -> str | None:
        keys = [k for k in self._by_purpose if purpose == k or purpose.endswith(f":{k}")]
        return max(keys, key=len) if keys else None

    def _next(self, purpose: str) -> int:
        key = self._key(purpose)
        if key is not None:
            faces = self._by_purpose[key]
            used = self._used.get(key, 0)
            self._used[key] = used + 1
            return faces[min(used, len(faces) - 1)]
        if self._sequence:
            return self._sequence.pop(0)
        if self.default is not None:
            return self.default
        raise KeyError(f"FixedDice: no face scripted for {purpose!r}")

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        face = self._next(purpose)
        if face == 0 and sides == 10:
            face = 10
        if not 1 <= face <= sides:
            raise ValueError(f"FixedDice: face {face} for {purpose!r} is not 1..{sides}")
        self.rolls.append(Roll(self.game, self.phase, purpose, index, sides, face))
        return face

    @property
    def purposes(self) -> list[str]:
        """The purposes rolled so far, in order."""
        return [r.purpose for r in self.rolls]


HANDLER_PREFIX = "ponent:1"
"""The roll-label prefix of the one declaration `run_handler` resolves."""


def run_handler(
    kind: ActionKind,
    state: GenesState | None = None,
    faces: Mapping[str, int | Sequence[int]] | None = None,
    prepare: Callable[[Board], object] | None = None,
    **fields: Any,
) -> tuple[ActionResult, Board]:
    """Resolve one declaration of ponent's on a fresh board with preset faces
    (the handlers must be registered: import their modules)."""
    board = make_board(state, FixedDice(faces or {}))
    if prepare is not None:
        prepare(board)
    result = HANDLERS[kind](board, decl("ponent", kind, **fields), HANDLER_PREFIX)
    return result, board


def effect_kinds(result: ActionResult) -> list[EffectKind]:
    return [e.kind for e in result.effects]
