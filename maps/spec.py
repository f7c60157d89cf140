"""The typed records passed between the loader's stages, and their error collector.

`maps.parse` turns raw YAML data into a `MapSpec` (reporting into an `Errors`),
`maps.validate` checks the spec, and `maps.loader` builds the `GameMap` from it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from maps.model import Area, Crossing, PowerInfo, StartingUnit, Strait
from texts import T_

Borders = dict[str, dict[Crossing, tuple[str, ...]]]
"""Location -> crossing (army or fleet) -> the locations it borders."""


@dataclass
class Errors:
    """Collects the errors of one stage, each as `<file>: <key> <message>`."""

    source: str
    items: list[str] = field(default_factory=list)

    def add(self, key: str, message: str) -> None:
        self.items.append(
            T_("{source}: {key} {message}", source=self.source, key=key, message=message)
        )


@dataclass(frozen=True)
class MapSpec:
    """A whole map file as read, before it becomes a `maps.model.GameMap`."""

    name: str
    title: str
    powers: dict[str, PowerInfo]
    areas: dict[str, Area]
    borders: Borders
    straits: tuple[Strait, ...]
    scenarios: dict[str, ScenarioSpec]
    area_section: str = "areas"  # "hexes" for grid maps

    def area_path(self, code: str) -> str:
        return f"{self.area_section}.{code}"


@dataclass(frozen=True)
class ScenarioSpec:
    """One `scenarios` entry as read, before it becomes a `maps.model.Scenario`."""

    name: str
    year: int
    season: str
    victory_centers: int | None
    powers: tuple[str, ...]
    units: dict[str, tuple[StartingUnit, ...]]
    supply_centers: dict[str, tuple[str, ...]]
    home: dict[str, tuple[str, ...]] = field(default_factory=dict)
    control: dict[str, tuple[str, ...]] = field(default_factory=dict)  # besides home
    autonomous_garrisons: tuple[str, ...] = ()
    disabled_areas: tuple[str, ...] = ()
    sieges: tuple[str, ...] = ()
    treasury: dict[str, int] = field(default_factory=dict)  # power -> ducats
    double_variable_income: tuple[str, ...] = ()  # powers
    variable_income_cities: tuple[str, ...] = ()  # areas

    @property
    def path(self) -> str:
        return f"scenarios.{self.name}"
