"""An Orbis political map (rulebook 000 "Mapa y Estados"): regions on a
graph, each held by a nation at the start of the game.

A region has an id, a name (and aliases players may write), and a point
(longitude, latitude) the map is drawn around. Borders are the graph's
edges (`networkx`). The map's graph distance between two nations' regions
may suggest a reach level in a report (AMB-09), never set one.

The file (`maps/orbis/<name>.yaml` or the game's `map.yaml`):

```yaml
name: europa-500
title: Europa, año 500
regions:
  gallia: {name: Galia, aliases: [Gaul], at: [2.5, 47.0]}
  ...
borders: [[gallia, burgundia], ...]
owners: {francos: [gallia, ...], ...}     # nation id -> regions at the start
```
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property

import networkx as nx


def fold(text: str) -> str:
    """Case and accents ignored, for looking names up."""
    decomposed = unicodedata.normalize("NFKD", text.strip().casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@dataclass(frozen=True)
class Region:
    id: str
    name: str
    at: tuple[float, float]  # longitude, latitude
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class OrbisMap:
    """The regions, their borders and who holds each at the start."""

    name: str
    title: str
    regions: Mapping[str, Region]
    borders: frozenset[frozenset[str]] = frozenset()
    start_owners: Mapping[str, str] = field(default_factory=dict)  # region -> nation

    @cached_property
    def graph(self) -> nx.Graph:
        graph: nx.Graph = nx.Graph()
        graph.add_nodes_from(sorted(self.regions))
        graph.add_edges_from(sorted(tuple(sorted(pair)) for pair in self.borders))
        return graph

    def neighbours(self, region: str) -> tuple[str, ...]:
        return tuple(sorted(self.graph.neighbors(region)))

    def lookup_region(self, text: str) -> str | None:
        """The id of the region named `text` (id, name or alias), or None."""
        wanted = fold(text)
        for region in self.regions.values():
            if wanted in {fold(n) for n in (region.id, region.name, *region.aliases)}:
                return region.id
        return None

    def nation_distance(self, owners: Mapping[str, str], first: str, second: str) -> int | None:
        """The fewest borders between a region of `first` and one of `second`
        (0 when they are the same nation), or None when no path joins them:
        a suggestion for the GM's reach table, never a reach level (AMB-09)."""
        mine = [r for r, n in owners.items() if n == first]
        theirs = {r for r, n in owners.items() if n == second}
        if not mine or not theirs:
            return None
        lengths = nx.multi_source_dijkstra_path_length(self.graph, set(mine))
        found = [length for region, length in lengths.items() if region in theirs]
        return min(found) if found else None
