"""Game state: the board at the start of one phase, and its YAML form.

The board rulesets' phases are `<year>-<season>-<kind>`
(`1901-spring-movement`): `Season` here, `PhaseKind` with the orders. `GameState.to_dict` / `GameState.from_dict` give the plain
data written to `turns/<phase>.yaml` and must round-trip exactly.

`GameState` holds only what every Diplomacy-style board shares. A ruleset
with more on its board (Machiavelli's control markers and sieges) subclasses
it (`adjudicator.rulesets.machiavelli.state`), adds its fields and its keys
(`extension_dict`, then `from_dict`), and names the subclass in its
`BoardRules.state_type`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, Self

from adjudicator.core.phase import Phase
from orders.board.model import PhaseKind, UnitKind
from texts import T_

__all__ = ["Dislodged", "GameState", "PhaseKind", "Season", "Unit", "UnitIndex"]


class Season(StrEnum):
    """The seasons of the board rulesets' calendars (each names the ones it uses)."""

    SPRING = "spring"
    SUMMER = "summer"
    FALL = "fall"
    WINTER = "winter"


@dataclass(frozen=True, order=True, slots=True)
class Unit:
    """A unit on the board: owner, kind and location (`SPA/nc` for a coast)."""

    power: str
    kind: UnitKind
    location: str

    def __str__(self) -> str:
        return f"{self.kind.value} {self.location}"

    @property
    def sort_key(self) -> tuple[str, str, str]:
        """The same order as `<` (the kind is a `StrEnum`: it sorts as its letter),
        but cheap to compute for `sorted(key=...)`."""
        return (self.power, self.kind, self.location)

    @classmethod
    def parse(cls, power: str, text: str) -> Unit:
        """`A TYR` -> Unit(power, ARMY, 'TYR')."""
        kind, _, location = text.strip().partition(" ")
        return cls(power, UnitKind(kind.upper()), location.strip())


@dataclass(frozen=True, slots=True)
class Dislodged:
    """A unit dislodged in a movement phase, waiting for its retreat order.

    `attacker_from` is the area the dislodging move came from; a unit may not
    retreat there unless that move was convoyed (DATC 4.A.5, 2023 rules).
    """

    unit: Unit
    attacker_from: str
    via_convoy: bool = False
    retreats: tuple[str, ...] = ()  # where it may legally retreat, as the ruleset found


class UnitIndex:
    """A state's units by area and by power, for lookups in constant time.

    `province`: area -> its army or fleet (any coast); `garrisons`: area -> the
    garrison in its city; `by_power`: power -> its units, in the state's order.
    Where a malformed state has two units in one place, the first one counts
    (as a scan of the units would find it)."""

    __slots__ = ("by_power", "garrisons", "province")

    def __init__(self, units: Iterable[Unit]) -> None:
        province: dict[str, Unit] = {}
        garrisons: dict[str, Unit] = {}
        by_power: dict[str, list[Unit]] = {}
        for unit in units:
            if unit.kind is UnitKind.GARRISON:
                garrisons.setdefault(unit.location, unit)
            else:
                province.setdefault(unit.location.partition("/")[0], unit)
            by_power.setdefault(unit.power, []).append(unit)
        self.province = province
        self.garrisons = garrisons
        self.by_power = {power: tuple(units) for power, units in by_power.items()}


class StateDataError(ValueError):
    """A state file's data that is malformed (the message names the key)."""


@dataclass(frozen=True, slots=True)
class GameState:
    """The board at the start of `phase`.

    `supply_centers` maps each owned centre (area code) to its owner.
    `standoffs` lists the areas left empty by a standoff in the movement
    phase just resolved; no unit may retreat there.

    A ruleset's own board facts go in a subclass (see the module's docstring).
    """

    phase: Phase
    units: tuple[Unit, ...]
    supply_centers: Mapping[str, str] = field(default_factory=dict)
    dislodged: tuple[Dislodged, ...] = ()
    standoffs: frozenset[str] = frozenset()
    winner: str | None = None
    _index: UnitIndex | None = field(
        default=None, init=False, repr=False, compare=False, hash=False
    )
    """The units by area and by power, built at the first lookup (the state is
    immutable; `replace` gives a new state with no index yet)."""

    def unit_index(self) -> UnitIndex:
        """The state's units indexed by area and by power (built once per state)."""
        index = self._index
        if index is None:
            index = UnitIndex(self.units)
            object.__setattr__(self, "_index", index)
        return index

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return self.unit_index().by_power.get(power, ())

    def unit_at(self, area: str) -> Unit | None:
        """The army or fleet in an area (any coast), if any."""
        return self.unit_index().province.get(area)

    def centers_of(self, power: str) -> tuple[str, ...]:
        return tuple(sorted(c for c, p in self.supply_centers.items() if p == power))

    def powers(self) -> tuple[str, ...]:
        """Powers that still have a unit (dislodged or not) or a centre."""
        found = {u.power for u in self.units} | set(self.supply_centers.values())
        found |= {d.unit.power for d in self.dislodged}
        return tuple(sorted(found))

    def with_(self, **changes: Any) -> Self:
        return replace(self, **changes)

    # --- YAML form -------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Plain data in a stable order (the `turns/<phase>.yaml` body)."""
        data: dict[str, Any] = {
            "phase": self.phase.id,
            "units": _group_units(self.units),
            "supply_centers": {
                power: list(self.centers_of(power))
                for power in sorted(set(self.supply_centers.values()))
            },
        }
        if self.dislodged:
            data["dislodged"] = [
                {
                    "power": d.unit.power,
                    "unit": str(d.unit),
                    "attacker_from": d.attacker_from,
                    "via_convoy": d.via_convoy,
                    "retreats": list(d.retreats),
                }
                for d in sorted(self.dislodged, key=lambda d: d.unit)
            ]
        if self.standoffs:
            data["standoffs"] = sorted(self.standoffs)
        data.update(self.extension_dict())
        if self.winner:
            data["winner"] = self.winner
        return data

    def extension_dict(self) -> dict[str, Any]:
        """The keys a ruleset's subclass adds to `to_dict` (none here); they are
        written before `winner`, so every state file keeps one key order."""
        return {}

    @classmethod
    def known_keys(cls) -> tuple[str, ...]:
        """The keys of this state's YAML form (a subclass adds its own)."""
        return ("phase", "units", "supply_centers", "dislodged", "standoffs", "winner")

    @classmethod
    def check_keys(cls, data: Mapping[str, Any]) -> None:
        """ValueError naming a key of a state file that this state does not
        have (a misspelt `suply_centers` would silently be an empty one)."""
        unknown = sorted(str(k) for k in data if str(k) not in cls.known_keys())
        if unknown:
            known = ", ".join(cls.known_keys())
            raise StateDataError(
                T_("unknown key {key} (known: {known})", key=repr(unknown[0]), known=known)
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of `to_dict`; ValueError naming the key on malformed data
        (a missing phase, a list where a mapping belongs, a unit that is no
        unit: Trust #7). Keys it does not know are left to `check_keys`.

        A subclass reads its own keys after this (`super(Sub, cls).from_dict`
        gives it an instance of `Sub` with its fields at their defaults)."""
        if not isinstance(data, Mapping):
            raise StateDataError(
                T_("malformed state: expected a mapping, not {type}", type=type(data).__name__)
            )
        if data.get("phase") is None:
            raise StateDataError(T_("missing key 'phase'"))
        try:
            phase = Phase.parse(str(data["phase"]))
            units = _parse_units(grouped_texts(data.get("units"), "units"))
            centers = ungroup_areas(grouped_texts(data.get("supply_centers"), "supply_centers"))
            dislodged = tuple(
                _parse_dislodged(d, f"dislodged[{i}]")
                for i, d in enumerate(texts_or_records(data.get("dislodged"), "dislodged"))
            )
            standoffs = frozenset(plain_texts(data.get("standoffs"), "standoffs"))
            winner = data.get("winner")
            if winner is not None and not isinstance(winner, str):
                raise StateDataError(
                    T_("winner: expected a power id, not {value}", value=repr(winner))
                )
        except (KeyError, TypeError, AttributeError) as exc:
            raise StateDataError(
                T_("malformed state: missing or bad key {key}", key=str(exc))
            ) from None
        return cls(
            phase=phase,
            units=units,
            supply_centers=centers,
            dislodged=dislodged,
            standoffs=standoffs,
            winner=winner,
        )


def _parse_dislodged(entry: object, key: str) -> Dislodged:
    if not isinstance(entry, Mapping):
        raise StateDataError(
            T_("{key}: expected a mapping (power, unit, attacker_from...)", key=key)
        )
    for name in ("power", "unit", "attacker_from"):
        if not isinstance(entry.get(name), str):
            raise StateDataError(T_("{key}: missing or not text", key=f"{key}.{name}"))
    via_convoy = entry.get("via_convoy", False)
    if not isinstance(via_convoy, bool):
        raise StateDataError(
            T_(
                "{key}: expected true or false, not {value}",
                key=f"{key}.via_convoy",
                value=repr(via_convoy),
            )
        )
    return Dislodged(
        parse_unit(entry["power"], entry["unit"], f"{key}.unit"),
        entry["attacker_from"],
        via_convoy,
        tuple(plain_texts(entry.get("retreats"), f"{key}.retreats")),
    )


def plain_texts(value: object, key: str) -> list[str]:
    """A list of texts (area codes...) from a state file; empty when absent."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise StateDataError(_not_a_list(key, value))
    for item in value:
        if not isinstance(item, str | int) or isinstance(item, bool):
            raise StateDataError(T_("{key}: expected text, not {value}", key=key, value=repr(item)))
    return [str(item) for item in value]


def texts_or_records(value: object, key: str) -> list[object]:
    """A list (of anything) from a state file; empty when absent."""
    if value is None:
        return []
    if not isinstance(value, list | tuple):
        raise StateDataError(_not_a_list(key, value))
    return list(value)


def _not_a_list(key: str, value: object) -> str:
    return T_("{key}: expected a list, not {type}", key=key, type=type(value).__name__)


def grouped_texts(value: object, key: str) -> dict[str, list[str]]:
    """`{power: [text, ...]}` from a state file; empty when absent."""
    if value is None:
        return {}
    if not isinstance(value, Mapping):
        raise StateDataError(
            T_(
                "{key}: expected a mapping of power to a list, not {value}",
                key=key,
                value=repr(value),
            )
        )
    return {str(power): plain_texts(items, f"{key}.{power}") for power, items in value.items()}


def parse_unit(power: str, text: str, key: str) -> Unit:
    """`A TYR` of `power` as a Unit; ValueError naming `key` when it is no unit."""
    kind, _, location = text.strip().partition(" ")
    kinds = {k.value for k in UnitKind}
    if kind.upper() not in kinds or not location.strip():
        raise StateDataError(
            T_(
                "{key}: {text} is not a unit (A, F or G and an area, e.g. 'A PAR')",
                key=key,
                text=repr(text),
            )
        )
    return Unit(power, UnitKind(kind.upper()), location.strip())


def group_areas(owners: Mapping[str, str]) -> dict[str, list[str]]:
    """area -> power, as power -> sorted areas (powers sorted)."""
    grouped: dict[str, list[str]] = {}
    for area in sorted(owners):
        grouped.setdefault(owners[area], []).append(area)
    return {power: grouped[power] for power in sorted(grouped)}


def ungroup_areas(grouped: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """power -> areas, as area -> power (the inverse of `group_areas`)."""
    return {str(area): str(power) for power, areas in grouped.items() for area in areas}


def _group_units(units: Iterable[Unit]) -> dict[str, list[str]]:
    grouped: dict[str, list[str]] = {}
    for unit in sorted(units):
        grouped.setdefault(unit.power, []).append(str(unit))
    return grouped


def _parse_units(data: Mapping[str, Iterable[str]]) -> tuple[Unit, ...]:
    return tuple(
        sorted(
            parse_unit(power, text, f"units.{power}")
            for power, texts in data.items()
            for text in texts
        )
    )
