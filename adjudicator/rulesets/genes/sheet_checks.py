"""Country sheets (002 §4): the records, and the reading of one sheet's data.

`parse_sheet` turns the YAML data of one sheet into a `Sheet` and the
`SheetIssue`s of its fields: every key known (Catalan, Spanish or English),
every value in its range (002 §4.2, §4.3), every city one of the country's
(§4.4). The points and the Exèrcit (§4.1, §4.5) are checked in `sheets.py`,
which also describes the file format.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from adjudicator.kits.sheets.reader import (
    Entry,
    SheetIssue,
    SheetReader,
    Words,
    lookup,
    near,
    shown,
)
from adjudicator.rulesets.genes.model import CHARACTER_TRAIT_MAX, TRAIT_MAX, Relevance, Trait
from maps.genes.region import Region
from maps.model import normalize_name
from texts import T_

TOP_KEYS: Words = {
    "country": ("pais",),
    "name": ("nom", "nombre"),
    "description": ("descripcio", "descripcion"),
    "relevance": ("rellevancia", "relevancia"),
    "characteristics": ("caracteristiques", "caracteristicas", "traits"),
    "characters": ("personatges", "personajes"),
    "cities": ("ciutats", "ciudades"),
    "army": ("exercit", "ejercito"),
}
CHARACTER_KEYS: Words = {
    "name": ("nom", "nombre"),
    "role": ("carrec", "cargo", "rol", "paper", "papel"),
    "principal": (),
    "city": ("ciutat", "ciudad"),
    "characteristics": ("caracteristiques", "caracteristicas", "traits"),
}
CITIES_KEYS: Words = {
    "capital": (),
    "walled": ("emmurallades", "amuralladas", "fortified"),
    "founded": ("fundades", "fundadas", "new"),
}
FOUNDED_KEYS: Words = {"name": ("nom", "nombre"), "walled": ("emmurallada", "amurallada")}
ARMY_KEYS: Words = {"points": ("punts", "puntos"), "forces": ("fuerzas", "tropes", "tropas")}
TRAIT_WORDS: Words = {
    Trait.AUTHORITY.value: ("autoritat", "autoridad"),
    Trait.DIPLOMACY.value: ("diplomacia",),
    Trait.MILITARISM.value: ("militarisme", "militarismo"),
    Trait.TECHNOLOGY.value: ("tecnologia",),
}
RELEVANCE_WORDS: Words = {
    Relevance.SMALL.value: ("petita", "pequena", "20"),
    Relevance.MEDIUM.value: ("mitjana", "mediana", "30"),
    Relevance.LARGE.value: ("gran", "grande", "40"),
    "random": ("aleatoria", "atzar", "azar"),
}
FIELD, RAIDERS = "<field>", "<raiders>"  # places of `army.forces` that are not cities
FIELD_WORDS = ("field", "camp", "campo")
RAIDER_WORDS = ("raiders", "incursio", "incursion", "patrulla", "patrulles", "patrullas")

TRAIT_WHY = T_("each characteristic is 0..{n}, 002 §4.2", n=TRAIT_MAX)
CHARACTER_WHY = T_("a character's characteristic is 1..{n}, 002 §4.3", n=CHARACTER_TRAIT_MAX)
RELEVANCE_WHY = T_("small (20 points), medium (30), large (40) or random (1d10), 002 §4.1")
CAPITAL_WHY = T_("the capital is one of the country's cities, 002 §4.4")
NAME_WHY = T_("each character needs its own name (declarations name them)")
PRINCIPAL_WHY = T_("exactly one character is the principal (principal: true, 002 §4.3)")
ONE_TRAIT_WHY = T_(
    "a character needs one at 1 or more, e.g. {example} (002 §4.3)", example="{autoritat: 1}"
)
HOME_WHY = T_("a character starts in one of its country's cities")
PUBLIC_WHY = T_("the principal's city is made public at the start (002 §4.4)")
ARMY_POINTS_WHY = T_("creation points spent on Exèrcit, 002 §4.5")
FORCE_WHY = T_("Exèrcit points placed there, 002 §4.5")
FORCE_MAX = 999
ROLLED_REPORT = "0-relevance.txt"
"""The report of a two-step creation's first step: each country's relevance."""


@dataclass(frozen=True)
class SheetCharacter:
    """A character bought at creation (002 §4.3); `city` is a city reference."""

    name: str
    role: str
    traits: Mapping[Trait, int]
    city: str | None
    principal: bool = False


@dataclass(frozen=True)
class FoundedCity:
    """A city founded at creation: 1 point, 2 if walled (002 §4.4)."""

    name: str
    walled: bool = False


@dataclass(frozen=True)
class Sheet:
    """One country's sheet as read (002 §4, *Fitxa de societat*). Numbers are
    kept as written so the points add up as the player wrote them; a sheet
    with errors is never turned into a game.

    City references (`capital`, a character's `city`, the keys of
    `city_forces`) are region city ids or the names of `founded` cities.
    `relevance` is None while a `random` relevance is not rolled (`roll`).
    """

    file: str
    country: str
    name: str
    relevance: Relevance | None
    traits: Mapping[Trait, int]
    region_cities: tuple[str, ...]
    description: str = ""
    characters: tuple[SheetCharacter, ...] = ()
    capital: str | None = None
    walled: frozenset[str] = frozenset()  # region cities walled at creation
    founded: tuple[FoundedCity, ...] = ()
    army_points: int = 0
    city_forces: Mapping[str, int] = field(default_factory=dict)
    field_force: int = 0
    raiders: int = 0
    random_relevance: bool = False
    roll: int | None = None

    @property
    def city_count(self) -> int:
        return len(self.region_cities) + len(self.founded)

    @property
    def placed(self) -> int:
        """The Exèrcit the sheet distributes (002 §4.5)."""
        return sum(self.city_forces.values()) + self.field_force + self.raiders


class Reader(SheetReader):
    """Reads one country sheet: the kit's reader, and genes' characteristics."""

    def traits(self, entry: Entry | None, low: int, high: int, why: str) -> dict[Trait, int]:
        """Characteristics under their Catalan, Spanish or English names."""
        return {Trait(k): v for k, v in self.numbers(entry, TRAIT_WORDS, low, high, why).items()}


class CityNames:
    """The cities a sheet may name: the country's own (region and founded), by
    id, name or alias; the other countries' cities only to say whose they are."""

    def __init__(self, region: Region, country: str) -> None:
        self.country_name = region.countries[country].name
        self.own: dict[str, str] = {}  # folded spelling -> reference
        self.shown: dict[str, str] = {}  # reference -> display name
        self.foreign: dict[str, str] = {}  # folded spelling -> country name
        for site in sorted(region.cities.values(), key=lambda s: s.id):
            spellings = {normalize_name(w) for w in (site.id, site.name, *site.aliases)}
            if site.country == country:
                self.own.update(dict.fromkeys(spellings, site.id))
                self.shown[site.id] = site.name
            else:
                owner = region.countries.get(site.country)
                self.foreign.update(dict.fromkeys(spellings, owner.name if owner else site.country))

    def taken(self, name: str) -> bool:
        folded = normalize_name(name)
        return folded in self.own or folded in self.foreign

    def found(self, name: str) -> None:
        self.own[normalize_name(name)] = name
        self.shown[name] = name

    def resolve(self, reader: Reader, key: str, written: Any, why: str) -> str | None:
        """The reference of a city of the country; an issue naming the nearest otherwise."""
        folded = normalize_name(str(written))
        if folded in self.own:
            return self.own[folded]
        cities = T_(
            "{country}'s cities: {cities}; {why}",
            country=self.country_name,
            cities=", ".join(self.shown.values()),
            why=why,
        )
        if folded in self.foreign:
            message = T_(
                "{name} is a city of {country} ({cities})",
                name=written,
                country=self.foreign[folded],
                cities=cities,
            )
            reader.error(key, message)
        else:
            hint = near(written, list(self.shown.values()))
            message = T_(
                "{name} is not a city of {country} ({cities})",
                name=repr(written),
                country=self.country_name,
                cities=cities,
            )
            reader.error(key, message, hint)
        return None


# --- the sheet's parts -------------------------------------------------------------------


def parse_sheet(
    data: Any, file: str, stem: str, region: Region, rolled: Mapping[str, Relevance] | None = None
) -> tuple[Sheet | None, list[SheetIssue]]:
    """One sheet's YAML data -> the Sheet (None if its country is unknown) and its issues.

    `rolled`: country -> the relevance rolled at creation (a game created in
    two steps, issue 18 #12): the sheet's `relevance:` may be left out, or say
    `random`, and means that one; another value is an error."""
    reader = Reader(file)
    if not isinstance(data, Mapping):
        message = T_(
            "a sheet is a mapping of {keys}, not {value}",
            keys=", ".join(TOP_KEYS),
            value=shown(data),
        )
        reader.error("(file)", message)
        return None, reader.issues
    top = reader.section(data, "", TOP_KEYS)
    country = _country(reader, top.get("country"), stem, region)
    if country is None:
        return None, reader.issues
    names = CityNames(region, country)
    relevance: Relevance | None
    if rolled is not None and country in rolled:
        relevance, random = _rolled(reader, top.get("relevance"), rolled[country], names)
    else:
        relevance, random = _relevance(reader, top.get("relevance"))
    traits = reader.traits(top.get("characteristics"), 0, TRAIT_MAX, TRAIT_WHY)
    sheet = Sheet(
        file=file,
        country=country,
        name=reader.text(top.get("name"), "name", "", required=False) or names.country_name,
        description=reader.text(top.get("description"), "description", "", required=False) or "",
        relevance=relevance,
        random_relevance=random,
        traits={t: traits.get(t, 0) for t in Trait},
        region_cities=tuple(sorted(s.id for s in region.cities.values() if s.country == country)),
    )
    sheet = _cities(reader, top.get("cities"), names, sheet)
    sheet = replace(sheet, characters=_characters(reader, top.get("characters"), names))
    return _army(reader, top.get("army"), names, sheet), reader.issues


def _country(reader: Reader, entry: Entry | None, stem: str, region: Region) -> str | None:
    """The country of the sheet: `country:` (id, name or alias), or the file's name."""
    words = {c.id: (c.name, *c.aliases) for c in region.countries.values()}
    if entry is None or entry[1] is None:
        what = T_("missing, and the file name {name} is no country", name=repr(stem))
        key, written = "country", stem
    else:
        key, written = entry[0], entry[1]
        what = T_("{name} is not a country", name=repr(entry[1]))
    found = lookup(words, written)
    if found is None:
        listed = ", ".join(f"{c.id} ({c.name})" for c in region.countries.values())
        message = T_("{problem} (write one of {countries})", problem=what, countries=listed)
        reader.error(key, message, near(written, words))
    return found


def _relevance(reader: Reader, entry: Entry | None) -> tuple[Relevance | None, bool]:
    """(relevance, random?) from `small|medium|large`, `petita|mitjana|gran`,
    `20|30|40` or `random` (002 §4.1)."""
    key, written = entry if entry is not None else ("relevance", None)
    canonical = None if written is None else lookup(RELEVANCE_WORDS, written)
    if canonical is None:
        if written is None:
            what = T_("missing")
        else:
            what = T_("{name} is not a relevance", name=repr(written))
        hint = () if written is None else near(written, RELEVANCE_WORDS)
        reader.error(key, T_("{problem}: {why}", problem=what, why=RELEVANCE_WHY), hint)
        return None, False
    return (None, True) if canonical == "random" else (Relevance(canonical), False)


def _rolled(
    reader: Reader, entry: Entry | None, rolled: Relevance, names: CityNames
) -> tuple[Relevance, bool]:
    """The relevance rolled at creation (002 §4.1, issue 18 #12): `relevance:`
    left out, `random` or the same value say it; another value is an error."""
    if entry is None or entry[1] is None:
        return rolled, False
    key, written = entry
    canonical = lookup(RELEVANCE_WORDS, written)
    if canonical not in ("random", rolled.value):
        message = T_(
            "{written} is not the relevance rolled for {country} at creation: {relevance}"
            " ({points} points, reports/{report}); write {relevance} or leave relevance out"
            " (002 §4.1)",
            written=written,
            country=names.country_name,
            relevance=rolled.value,
            points=rolled.points,
            report=ROLLED_REPORT,
        )
        reader.error(key, message)
    return rolled, False


def _cities(reader: Reader, value: Entry | None, names: CityNames, sheet: Sheet) -> Sheet:
    """Founded cities, walls and the capital (002 §4.4)."""
    part = reader.section(value[1], value[0], CITIES_KEYS) if value else {}
    founded: list[FoundedCity] = []
    for key, item in reader.items(part.get("founded")):
        entry = reader.section(
            item if isinstance(item, Mapping) else {"name": item}, key, FOUNDED_KEYS
        )
        why = T_("the new city's name (002 §4.4)")
        name = reader.text(entry.get("name"), f"{key}.name", why)
        if name is not None and names.taken(name):
            message = T_("{name} is already a city: a new city needs a new name", name=name)
            reader.error(f"{key}.name", message)
        elif name is not None:
            names.found(name)
            founded.append(FoundedCity(name, reader.flag(entry.get("walled"))))
    walled: set[str] = set()
    for key, item in reader.items(part.get("walled")):
        ref = names.resolve(reader, key, item, T_("a wall costs 1 point, 002 §4.4"))
        founded = [replace(f, walled=True) if f.name == ref else f for f in founded]
        if ref in sheet.region_cities:
            walled.add(ref)
    capital, ref = part.get("capital"), None
    if capital is None or capital[1] is None:
        reader.error("cities.capital", T_("missing: {why}", why=CAPITAL_WHY))
    else:
        ref = names.resolve(reader, capital[0], capital[1], CAPITAL_WHY)
    return replace(sheet, founded=tuple(founded), walled=frozenset(walled), capital=ref)


def _characters(
    reader: Reader, value: Entry | None, names: CityNames
) -> tuple[SheetCharacter, ...]:
    """Characters (002 §4.3): each read by `_character`; one principal among them."""
    characters: list[SheetCharacter] = []
    for key, item in reader.items(value):
        key = _character_key(key, item)
        character = _character(reader, key, item, names)
        if character is None:
            continue
        if normalize_name(character.name) in {normalize_name(c.name) for c in characters}:
            message = T_("a second {name}: {why}", name=character.name, why=NAME_WHY)
            reader.error(f"{key}.name", message)
        characters.append(character)
    principals = [c.name for c in characters if c.principal]
    if characters and len(principals) != 1:
        if principals:
            count = T_("{n} principals ({names})", n=len(principals), names=", ".join(principals))
        else:
            count = T_("no principal")
        reader.error("characters", T_("{problem}: {why}", problem=count, why=PRINCIPAL_WHY))
    return tuple(characters)


def _character_key(key: str, item: Any) -> str:
    """`characters.Jaume` (as the list's key is written) when the entry has a name,
    `characters[2]` otherwise."""
    if isinstance(item, Mapping):
        names = [v for k, v in item.items() if lookup(CHARACTER_KEYS, k) == "name"]
        if names and isinstance(names[0], str) and names[0].strip():
            return f"{key.rpartition('[')[0]}.{names[0].strip()}"
    return key


def _character(reader: Reader, key: str, item: Any, names: CityNames) -> SheetCharacter | None:
    """A name, a role, characteristics 1..3 (at least one), a city (002 §4.3, §4.4)."""
    part = reader.section(item, key, CHARACTER_KEYS)
    name_why = T_("every character has a name (002 §4.3)")
    role_why = T_("its role in society, e.g. Rei (002 §4.3)")
    name = reader.text(part.get("name"), f"{key}.name", name_why)
    role = reader.text(part.get("role"), f"{key}.role", role_why)
    traits = reader.traits(part.get("characteristics"), 0, CHARACTER_TRAIT_MAX, CHARACTER_WHY)
    if not any(v > 0 for v in traits.values()):
        reader.error(f"{key}.characteristics", T_("none given: {why}", why=ONE_TRAIT_WHY))
    principal = reader.flag(part.get("principal"))
    city, ref = part.get("city"), None
    if city is not None and city[1] is not None:
        ref = names.resolve(reader, city[0], city[1], HOME_WHY)
    elif principal:
        reader.error(f"{key}.city", T_("missing: {why}", why=PUBLIC_WHY))
    if name is None:
        return None
    kept = {t: v for t, v in traits.items() if v > 0}
    return SheetCharacter(name, role or "", kept, ref, principal)


def _army(reader: Reader, value: Entry | None, names: CityNames, sheet: Sheet) -> Sheet:
    """Army points and where the Exèrcit stands (002 §4.5)."""
    part = reader.section(value[1], value[0], ARMY_KEYS) if value else {}
    points = reader.number(part.get("points"), 0, Relevance.LARGE.points, ARMY_POINTS_WHY)
    placed: dict[str, int] = {}
    where = T_(
        "forces stand in {country}'s cities, its field or raiders (002 §4.5)",
        country=names.country_name,
    )
    forces = part.get("forces")
    for key, written, amount in reader.entries(forces[1], forces[0]) if forces else ():
        strength = reader.number((key, amount), 0, FORCE_MAX, FORCE_WHY)
        folded = normalize_name(str(written))
        place = FIELD if folded in FIELD_WORDS else RAIDERS if folded in RAIDER_WORDS else None
        place = place or names.resolve(reader, key, written, where)
        if place is not None and place in placed:
            shown = {FIELD: T_("the field"), RAIDERS: T_("the raiders")}.get(place)
            message = T_(
                "names {place} a second time: give each place once",
                place=shown or names.shown[place],
            )
            reader.error(key, message)
        elif place is not None:
            placed[place] = strength or 0
    field_force, raiders = placed.pop(FIELD, 0), placed.pop(RAIDERS, 0)
    sheet = replace(sheet, army_points=points or 0, field_force=field_force, raiders=raiders)
    return replace(sheet, city_forces=placed)
