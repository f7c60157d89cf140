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

__all__ = ["Dislodged", "GameState", "PhaseKind", "Season", "Unit"]


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
        """The same order as `<`, but cheap to compute for `sorted(key=...)`."""
        return (self.power, self.kind.value, self.location)

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

    def units_of(self, power: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.power == power)

    def unit_at(self, area: str) -> Unit | None:
        """The army or fleet in an area (any coast), if any."""
        for unit in self.units:
            if unit.kind is not UnitKind.GARRISON and unit.location.partition("/")[0] == area:
                return unit
        return None

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
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of `to_dict`; ValueError naming the key on malformed data.

        A subclass reads its own keys after this (`super(Sub, cls).from_dict`
        gives it an instance of `Sub` with its fields at their defaults)."""
        try:
            phase = Phase.parse(str(data["phase"]))
            units = _parse_units(data.get("units") or {})
            centers = ungroup_areas(data.get("supply_centers") or {})
            dislodged = tuple(
                Dislodged(
                    Unit.parse(str(d["power"]), str(d["unit"])),
                    str(d["attacker_from"]),
                    bool(d.get("via_convoy", False)),
                    tuple(str(r) for r in d.get("retreats") or ()),
                )
                for d in data.get("dislodged") or ()
            )
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"malformed state: missing or bad key {exc}") from None
        return cls(
            phase=phase,
            units=units,
            supply_centers=centers,
            dislodged=dislodged,
            standoffs=frozenset(str(s) for s in data.get("standoffs") or ()),
            winner=data.get("winner"),
        )


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
        sorted(Unit.parse(str(power), str(text)) for power, texts in data.items() for text in texts)
    )
