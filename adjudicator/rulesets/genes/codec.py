"""Genes Mactantes state <-> plain data (`turns/<turn>-actions.yaml`).

`state_to_dict` writes a `GenesState` as plain data in a stable order: ids
sorted, enums as their values (`authority`, `medium`, `captured`), and
fields at their default left out so the file stays readable. Forces and the
seats keep the state's order (the seats are the seating order, 002 §3).
`state_from_dict` is its exact inverse, and rejects malformed data with a
`ValueError` naming the key: `countries.ponent.traits.authority: must be an
integer 0..10`.

```yaml
phase: 3-actions
seats: [ponent, serra, llevant]
countries:
  ponent: {name: Regne de Ponent, relevance: medium, counterpower: 1, crises: {blockade: 1},
           traits: {authority: 5, diplomacy: 4, militarism: 6, technology: 4}}
cities:
  vilagrana: {name: Vilagrana, owner: ponent, country: ponent, position: [15.0, 30.0],
              walled: true, capital_of: ponent}
characters:
  jaume: {name: Jaume, owner: ponent, role: Rei, traits: {authority: 2}, place: vilagrana,
          principal: true}
forces:
  - {owner: ponent, place: 'field:serra', strength: 4, raiders: true}
sieges: {montalt: ponent}
civil_wars: {serra: {rebels: 6}}
start: {event_roll: 1, event: resources, resources: [llevant]}
```
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import fields, is_dataclass
from enum import StrEnum
from typing import Any, TypeVar

from adjudicator.core.fields import at_default
from adjudicator.core.phase import Phase
from adjudicator.rulesets.genes.model import (
    ACTIONS,
    CHARACTER_TRAIT_MAX,
    FIELD_PREFIX,
    TRAIT_MAX,
    Character,
    CharacterStatus,
    City,
    CivilWar,
    Country,
    Crisis,
    Force,
    GenesState,
    Relevance,
    Trait,
    TurnStart,
    creation_phase,
)
from texts import T_

__all__ = ["StateDataError", "state_from_dict", "state_to_dict"]


class StateDataError(ValueError):
    """Malformed state data; the message starts with the key (`cities.lleida.owner: ...`)."""


E = TypeVar("E", bound=StrEnum)
T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
EVENTS = ("disaster", "resources")


# --- writing -------------------------------------------------------------------------


IMPLIED: dict[type, tuple[str, ...]] = {
    Country: ("id",), City: ("id",), Character: ("id",), CivilWar: ("country",),
    GenesState: ("phase", "seats"),
}  # fmt: skip
"""Fields not written by `_record`: given by the record's key in its mapping, or
written first by `state_to_dict` (the phase as its id, then the seating order)."""


def state_to_dict(state: GenesState) -> dict[str, Any]:
    """The state as plain data in a stable order (the inverse of `state_from_dict`)."""
    return {"phase": state.phase.id, "seats": list(state.seats), **_record(state)}


def _record(record: Any) -> dict[str, Any]:
    """A record's fields in order, as plain data, those at their default left out."""
    data: dict[str, Any] = {}
    for item in fields(record):
        value = getattr(record, item.name)
        if item.name in IMPLIED.get(type(record), ()) or at_default(item, value):
            continue
        data[item.name] = _plain(value)
    return data


def _plain(value: Any) -> Any:
    """Enums as their values, mappings with sorted keys, tuples as lists, records as mappings."""
    if isinstance(value, StrEnum):
        return value.value
    if isinstance(value, Mapping):
        return {_plain(k): _plain(value[k]) for k in sorted(value)}
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return _record(value) if is_dataclass(value) else value


# --- reading -------------------------------------------------------------------------


def state_from_dict(data: Mapping[str, Any]) -> GenesState:
    """The state `state_to_dict` wrote; ValueError naming the key on malformed data."""
    if not isinstance(data, Mapping):
        raise StateDataError(T_("state: must be a mapping, not {kind}", kind=type(data).__name__))
    top = _Entry(data, "", _keys(GenesState))
    phase = top.need("phase", _phase)
    countries = top.records("countries", _read_country)
    if not countries:
        raise StateDataError(T_("countries: is required and may not be empty"))
    refs = _Refs(set(countries))
    for country in countries.values():
        _country_refs(country, refs)
    seats = _seats(top.items("seats", _str), countries)
    refs.cities = set(cities := top.records("cities", lambda k, v, p: _read_city(k, v, p, refs)))
    characters = top.records("characters", lambda k, v, p: _read_character(k, v, p, refs))
    refs.characters = set(characters)
    return GenesState(
        phase=phase,
        countries=countries,
        cities=cities,
        characters=characters,
        forces=top.items("forces", lambda v, p: _read_force(v, p, refs)),
        seats=seats,
        sieges=top.table("sieges", refs.city, refs.country),
        civil_wars=top.records("civil_wars", lambda k, v, p: _read_civil_war(k, v, p, refs)),
        start=_read_start(top.data.get("start"), refs),
        winner=top.maybe("winner", _str),
        final_scores=top.table("final_scores", refs.country, _int),
    )


class _Refs:
    """The ids known so far, to check references as they are read."""

    def __init__(self, countries: set[str]) -> None:
        self.countries = countries
        self.cities: set[str] = set()
        self.characters: set[str] = set()

    def country(self, value: Any, key: str) -> str:
        text = _str(value, key)
        if text not in self.countries:
            raise StateDataError(
                T_("{key}: {text} is not a country of the state", key=key, text=repr(text))
            )
        return text

    def city(self, value: Any, key: str) -> str:
        text = _str(value, key)
        if text not in self.cities:
            raise StateDataError(
                T_("{key}: {text} is not a city of the state", key=key, text=repr(text))
            )
        return text

    def character(self, value: Any, key: str) -> str:
        text = _str(value, key)
        if text not in self.characters:
            raise StateDataError(
                T_("{key}: {text} is not a character of the state", key=key, text=repr(text))
            )
        return text

    def place(self, value: Any, key: str) -> str:
        text = _str(value, key)
        field_of = text.removeprefix(FIELD_PREFIX) if text.startswith(FIELD_PREFIX) else None
        if text in self.cities or field_of in self.countries:
            return text
        raise StateDataError(
            T_(
                "{key}: {text} is not a city or {field}<country>",
                key=key,
                text=repr(text),
                field=FIELD_PREFIX,
            )
        )


def _phase(value: Any, path: str) -> Phase:
    text = _str(value, path)
    try:
        phase = Phase.parse(text)
    except ValueError as exc:
        raise StateDataError(T_("phase: {error}", error=exc)) from None
    if phase == creation_phase():
        return phase  # a game created in two steps, before its sheets (issue 18 #12)
    if phase.season is not None or phase.kind != ACTIONS:
        raise StateDataError(
            T_("phase: {phase} is not a turn phase like 3-actions", phase=repr(phase.id))
        )
    return phase


def _seats(seats: tuple[str, ...], countries: Mapping[str, Country]) -> tuple[str, ...]:
    if len(set(seats)) != len(seats) or set(seats) != set(countries):
        raise StateDataError(
            T_(
                "seats: must list every country once (countries: {countries}; seats: {seats})",
                countries=", ".join(sorted(countries)),
                seats=", ".join(seats),
            )
        )
    return seats


def _keys(record: type, *implied: str) -> tuple[str, ...]:
    """The keys a record's mapping may hold: its fields, less those given by the mapping's key."""
    return tuple(f.name for f in fields(record) if f.name not in implied)


class _Entry:
    """One record's mapping: values read by field name, errors naming `path.name`."""

    def __init__(self, value: Any, path: str, keys: Sequence[str]) -> None:
        self.data = _mapping(value, path or "state", keys)
        self.path = path

    def at(self, name: str) -> str:
        return f"{self.path}.{name}" if self.path else name

    def need(self, name: str, read: Callable[[Any, str], T]) -> T:
        if self.data.get(name) is None:
            raise StateDataError(T_("{key}: is required", key=self.at(name)))
        return read(self.data[name], self.at(name))

    def maybe(self, name: str, read: Callable[[Any, str], T]) -> T | None:
        value = self.data.get(name)
        return None if value is None else read(value, self.at(name))

    def text(self, name: str) -> str:
        return _str(self.data.get(name, ""), self.at(name), empty=True)

    def count(self, name: str) -> int:
        return _int(self.data.get(name, 0), self.at(name))

    def flag(self, name: str) -> bool:
        return _bool(self.data.get(name, False), self.at(name))

    def items(self, name: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
        return _tuple(self.data.get(name), self.at(name), read)

    def records(self, name: str, read: Callable[[str, Any, str], T]) -> dict[str, T]:
        """id -> record, each read with its id and path."""
        path = self.at(name)
        return {
            k: read(k, v, f"{path}.{k}") for k, v in _mapping(self.data.get(name), path).items()
        }

    def table(
        self, name: str, key: Callable[[Any, str], K], value: Callable[[Any, str], V]
    ) -> dict[K, V]:
        path = self.at(name)
        items = _mapping(self.data.get(name), path).items()
        return {key(k, f"{path}.{k}"): value(v, f"{path}.{k}") for k, v in items}


def _read_country(key: str, value: Any, path: str) -> Country:
    e = _Entry(value, path, _keys(Country, "id"))
    return Country(
        id=key,
        name=e.need("name", _str),
        relevance=e.need("relevance", _enum_reader(Relevance)),
        traits=e.table("traits", _enum_reader(Trait), _int_reader(0, TRAIT_MAX)),
        description=e.text("description"),
        counterpower=e.count("counterpower"),
        crises=e.table("crises", _enum_reader(Crisis), _int),
        lost_actions=e.count("lost_actions"),
        extra_actions=e.count("extra_actions"),
        disorder=e.flag("disorder"),
        investigations=e.table("investigations", _str, _int),
        eliminated=e.flag("eliminated"),
        principal_lost_to=e.maybe("principal_lost_to", _str),
    )


def _country_refs(country: Country, refs: _Refs) -> None:
    """The countries a country names (read before all countries are known)."""
    path = f"countries.{country.id}"
    for other in country.investigations:
        refs.country(other, f"{path}.investigations.{other}")
    if country.principal_lost_to is not None:
        refs.country(country.principal_lost_to, f"{path}.principal_lost_to")


def _read_city(key: str, value: Any, path: str, refs: _Refs) -> City:
    e = _Entry(value, path, _keys(City, "id"))
    return City(
        id=key,
        name=e.need("name", _str),
        owner=e.need("owner", refs.country),
        country=e.need("country", refs.country),
        position=e.need("position", _position),
        walled=e.flag("walled"),
        capital_of=e.maybe("capital_of", refs.country),
    )


def _read_character(key: str, value: Any, path: str, refs: _Refs) -> Character:
    e = _Entry(value, path, _keys(Character, "id"))
    return Character(
        id=key,
        name=e.need("name", _str),
        owner=e.need("owner", refs.country),
        role=e.text("role"),
        traits=e.table("traits", _enum_reader(Trait), _int_reader(0, CHARACTER_TRAIT_MAX)),
        place=e.need("place", refs.place),
        principal=e.flag("principal"),
        status=e.maybe("status", _enum_reader(CharacterStatus)) or CharacterStatus.FREE,
        held_by=e.maybe("held_by", refs.country),
        hidden=e.flag("hidden"),
        seen_by=e.items("seen_by", refs.country),
    )


def _read_force(value: Any, path: str, refs: _Refs) -> Force:
    e = _Entry(value, path, _keys(Force))
    return Force(
        owner=e.need("owner", refs.country),
        place=e.need("place", refs.place),
        strength=e.need("strength", _int),
        raiders=e.flag("raiders"),
    )


def _read_civil_war(key: str, value: Any, path: str, refs: _Refs) -> CivilWar:
    refs.country(key, path)
    e = _Entry(value, path, _keys(CivilWar, "country"))
    return CivilWar(key, e.need("rebels", _int), e.maybe("rebel_principal", refs.character))


def _read_start(value: Any, refs: _Refs) -> TurnStart:
    e = _Entry(value, "start", _keys(TurnStart))
    event = e.maybe("event", _str)
    if event is not None and event not in EVENTS:
        raise StateDataError(
            T_(
                "start.event: must be one of {events}, not {event}",
                events=", ".join(EVENTS),
                event=repr(event),
            )
        )
    return TurnStart(
        event_roll=e.maybe("event_roll", _int_reader(1, 10)),
        event=event,
        event_country=e.maybe("event_country", refs.country),
        disaster_city=e.maybe("disaster_city", refs.city),
        resources=e.items("resources", refs.country),
        forced=e.table("forced", refs.country, lambda v, p: _tuple(v, p, _str)),
        disabled=e.items("disabled", _str),
        active=e.items("active", _str),
        repatriable=e.items("repatriable", refs.character),
    )


# --- field readers -------------------------------------------------------------------


def _mapping(value: Any, path: str, keys: Sequence[str] | None = None) -> Mapping[str, Any]:
    """A mapping with string keys (None reads as empty); `keys`: the keys allowed."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise StateDataError(
            T_("{path}: must be a mapping, not {kind}", path=path, kind=type(value).__name__)
        )
    for key in value:
        if not isinstance(key, str) or not key:
            raise StateDataError(
                T_("{path}: key {key} must be a non-empty string", path=path, key=repr(key))
            )
        if keys is not None and key not in keys:
            raise StateDataError(
                T_(
                    "{path}.{key}: unknown key (expected one of {keys})",
                    path=path,
                    key=key,
                    keys=", ".join(keys),
                )
            )
    return value


def _list(value: Any, path: str) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise StateDataError(
            T_("{path}: must be a list, not {kind}", path=path, kind=type(value).__name__)
        )
    return value


def _str(value: Any, path: str, empty: bool = False) -> str:
    if not isinstance(value, str) or not (value or empty):
        if empty:
            raise StateDataError(
                T_("{path}: must be a string, not {value}", path=path, value=repr(value))
            )
        raise StateDataError(
            T_("{path}: must be a non-empty string, not {value}", path=path, value=repr(value))
        )
    return value


def _int(value: Any, path: str, low: int = 0, high: int | None = None) -> int:
    ok = isinstance(value, int) and not isinstance(value, bool)
    if not ok or value < low or (high is not None and value > high):
        expected = f"{low}..{high}" if high is not None else f">= {low}"
        raise StateDataError(
            T_(
                "{path}: must be an integer {expected}, not {value}",
                path=path,
                expected=expected,
                value=repr(value),
            )
        )
    return int(value)


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise StateDataError(
            T_("{path}: must be true or false, not {value}", path=path, value=repr(value))
        )
    return value


def _enum(kind: type[E], value: Any, path: str) -> E:
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise StateDataError(
            T_(
                "{path}: must be one of {allowed}, not {value}",
                path=path,
                allowed=allowed,
                value=repr(value),
            )
        ) from None


def _enum_reader(kind: type[E]) -> Callable[[Any, str], E]:
    return lambda value, path: _enum(kind, value, path)


def _int_reader(low: int, high: int) -> Callable[[Any, str], int]:
    return lambda value, path: _int(value, path, low, high)


def _tuple(value: Any, path: str, read: Callable[[Any, str], T]) -> tuple[T, ...]:
    return tuple(read(item, f"{path}[{i}]") for i, item in enumerate(_list(value, path)))


def _position(value: Any, path: str) -> tuple[float, float]:
    ok = isinstance(value, list | tuple) and len(value) == 2
    numbers = ok and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
    if numbers and all(math.isfinite(v) for v in value):
        return (float(value[0]), float(value[1]))
    raise StateDataError(
        T_("{path}: must be [x, y], two finite numbers, not {value}", path=path, value=repr(value))
    )
