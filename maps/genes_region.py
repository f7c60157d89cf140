"""Genes Mactantes regions (002 §3): countries, their borders, cities, relief.

A region is drawn by the players (002 §3): the silhouette (coast and
islands), the relief, the borders of one country per player, and three
cities per country. As data it is a YAML file (`maps/genes/<name>.yaml`, or
one written by the generator) read into these frozen records.

OWNED BY THE REGION HELPER: loading, validation, lookup and the generator
are filled in there; the record shapes below are the contract.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class CountryArea:
    """One country's land: id, display names, colour, outline(s), neighbours."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    colour: str = "#888888"
    polygons: tuple[tuple[tuple[float, float], ...], ...] = ()  # mainland and islands
    neighbours: tuple[str, ...] = ()  # countries sharing a land border (or a strait)


@dataclass(frozen=True)
class CitySite:
    """One of the three cities each country starts with (002 §3 step 4)."""

    id: str
    name: str
    country: str
    position: tuple[float, float]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feature:
    """A relief feature (002 §3 step 2): mountains, forest, river, lake, cliff."""

    kind: str
    name: str
    points: tuple[tuple[float, float], ...]


@dataclass(frozen=True)
class Region:
    """A whole region: the board of one game."""

    name: str
    title: str
    countries: Mapping[str, CountryArea]
    cities: Mapping[str, CitySite]
    coast: tuple[tuple[tuple[float, float], ...], ...] = ()  # land outlines (step 1)
    relief: tuple[Feature, ...] = ()
    drawn_by: Mapping[str, str] = field(default_factory=dict)  # step -> player (002 §3)
    choice_order: tuple[str, ...] = ()  # players in the order they chose a country

    def neighbours(self, country: str) -> tuple[str, ...]:
        return self.countries[country].neighbours
