"""Typed map records and the `GameMap` that wraps its graph of borders.

A *location* is where one army or fleet can stand: an area code (`TYR`,
`NTH`, `0412`) or, for a split coast, the area code plus a lowercase coast
suffix (`SPA/nc`). Armies always stand on the bare area code; fleets in a
split-coast area stand on one of its coasts.

The graph's nodes are locations; each edge carries the set of `Crossing`s
allowed along it (an army edge joins two area codes, a fleet edge joins two
fleet locations). Adjacency is precomputed into plain dicts at construction
because the resolver asks it many times per phase. The graph is a `BorderGraph`,
a plain-dict graph with the part of networkx's `Graph` the code reads (networkx
costs 60 ms to import, most of a short command's start-up);
`BorderGraph.to_networkx()` gives the networkx graph for graph algorithms.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from enum import StrEnum
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from texts import T_, current_language

if TYPE_CHECKING:
    from collections.abc import Iterator

    import networkx as nx


class AreaKind(StrEnum):
    """What an area is made of (decides which unit may stand there)."""

    LAND = "land"
    COAST = "coast"
    SEA = "sea"


class Crossing(StrEnum):
    """What may cross a border."""

    ARMY = "army"
    FLEET = "fleet"


@dataclass(frozen=True)
class City:
    """A city inside an area (Machiavelli, CaWa): may hold a garrison."""

    name: str
    fortified: bool = False
    port: bool = False
    income: int = 0
    garrison_income: int = 0
    """Machiavelli: what a garrison earns while its owner does not control the
    province (`income` is what controlling the province earns)."""


@dataclass(frozen=True)
class Area:
    """One area (province, sea zone or hex) of a map."""

    code: str
    name: str
    kind: AreaKind
    aliases: tuple[str, ...] = ()
    coasts: tuple[str, ...] = ()
    supply_center: bool = False
    home_of: str | None = None
    city: City | None = None
    terrain: str | None = None
    axial: tuple[int, int] | None = None
    names: tuple[tuple[str, str], ...] = ()
    """Its name in other languages (`names: {es: Borgoña, ca: Borgonya}`)."""

    @property
    def local_name(self) -> str:
        """Its name in the language being written (`texts.using`), else `name`."""
        return dict(self.names).get(current_language(), self.name)

    @property
    def fleet_locations(self) -> tuple[str, ...]:
        """Where a fleet may stand in this area (its coasts, or the area itself)."""
        if self.kind is AreaKind.LAND:
            return ()
        if self.coasts:
            return tuple(f"{self.code}/{coast}" for coast in self.coasts)
        return (self.code,)

    @property
    def army_location(self) -> str | None:
        """Where an army may stand in this area (none at sea)."""
        return None if self.kind is AreaKind.SEA else self.code


@dataclass(frozen=True)
class Strait:
    """A passage between two locations that a fleet in `controlled_from` may close
    (Machiavelli: Messina closes GON-IS)."""

    between: tuple[str, str]
    controlled_from: str


@dataclass(frozen=True)
class PowerInfo:
    """A power as the map/scenario data names it (display names, colour)."""

    id: str
    name: str
    aliases: tuple[str, ...] = ()
    colour: str = "#888888"
    names: tuple[tuple[str, str], ...] = ()
    """Its name in other languages (`names: {es: Francia, ca: França}`)."""

    @property
    def local_name(self) -> str:
        """Its name in the language being written (`texts.using`), else `name`."""
        return dict(self.names).get(current_language(), self.name)


@dataclass(frozen=True)
class StartingUnit:
    power: str
    kind: str  # "A", "F" or "G"
    location: str


@dataclass(frozen=True)
class Scenario:
    """A starting position on a map.

    Machiavelli-style scenarios also give `home` (power -> its home areas, where
    it builds), `control` (area code -> power, for *every* area controlled at the
    start: the home areas and the ones the file lists under `control`),
    `autonomous_garrisons` (areas whose city holds a neutral garrison),
    `disabled_areas` (out of play) and `sieges` (areas where a siege is already
    under way: the province's army or fleet besieges the city's garrison of
    another power or an autonomous one). Machiavelli's finances add each
    power's starting `treasury` (ducats), the powers whose variable income is
    doubled and the independent major cities with a variable income of their
    own (`variable_income_cities`). All default to empty.
    """

    name: str
    year: int
    season: str
    powers: tuple[str, ...]
    units: tuple[StartingUnit, ...]
    supply_centers: Mapping[str, str]  # area code -> power id
    victory_centers: int | None = None
    home: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # power -> areas
    control: Mapping[str, str] = field(default_factory=dict)  # area code -> power id
    autonomous_garrisons: tuple[str, ...] = ()
    disabled_areas: tuple[str, ...] = ()
    sieges: tuple[str, ...] = ()
    treasury: Mapping[str, int] = field(default_factory=dict)  # power -> ducats
    double_variable_income: tuple[str, ...] = ()  # powers
    variable_income_cities: tuple[str, ...] = ()  # area codes


SUGGESTION_CUTOFF = 0.5
"""How alike (difflib ratio) a name must be to a misspelt one to be suggested."""
SUGGESTION_SPREAD = 0.15
"""Suggest only names nearly as close as the closest one."""
SUGGESTED_CHARS = 64
"""Only this many characters of a misspelt name are compared with the known
ones (Trust #9: the search must not grow with a hostile line)."""


def normalize_name(text: str) -> str:
    """Fold a name for lookup: accents stripped, case folded, spaces collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    no_accents = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    cleaned = no_accents.casefold().replace(".", " ").replace("'", " ").replace("_", " ")
    return " ".join(cleaned.replace("-", " ").split())


@lru_cache(maxsize=8192)
def split_location(location: str) -> tuple[str, str | None]:
    """`SPA/nc` -> (`SPA`, `nc`); `TYR` -> (`TYR`, None)."""
    area, _, coast = location.partition("/")
    return area, (coast or None)


@dataclass(frozen=True)
class NameMatch:
    """A candidate for a misspelt name: the location and its display name."""

    location: str
    name: str

    def __str__(self) -> str:
        return f"{self.location} ({self.name})"


@dataclass(eq=False)
class GameMap:
    """A map: areas, borders as a graph (`BorderGraph`), straits, powers and scenarios.

    Build it with `maps.load_map`; treat it as immutable. Maps compare and hash
    by identity, so functions of a map may be memoised.
    """

    name: str
    areas: Mapping[str, Area]
    graph: BorderGraph
    straits: tuple[Strait, ...] = ()
    powers: Mapping[str, PowerInfo] = field(default_factory=dict)
    scenarios: Mapping[str, Scenario] = field(default_factory=dict)
    title: str = ""
    _army: dict[str, frozenset[str]] = field(init=False, repr=False)
    _fleet: dict[str, frozenset[str]] = field(init=False, repr=False)
    _names: dict[str, str] = field(init=False, repr=False)
    _sea_steps: dict[str, frozenset[str]] = field(init=False, repr=False)
    _matchers: list[tuple[str, SequenceMatcher[str]]] = field(init=False, repr=False)
    _suggested: dict[tuple[str, int], tuple[NameMatch, ...]] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        army: dict[str, set[str]] = {}
        fleet: dict[str, set[str]] = {}
        for a, b, data in self.graph.edges(data=True):
            crossings = data.get("crossings", frozenset())
            if Crossing.ARMY in crossings:
                army.setdefault(a, set()).add(b)
                army.setdefault(b, set()).add(a)
            if Crossing.FLEET in crossings:
                fleet.setdefault(a, set()).add(b)
                fleet.setdefault(b, set()).add(a)
        self._army = {k: frozenset(v) for k, v in army.items()}
        self._fleet = {k: frozenset(v) for k, v in fleet.items()}
        self._names = self._build_name_index()
        self._sea_steps = {code: self._fleet_area_neighbours(code) for code in self.areas}
        self._matchers = []  # built at the first suggestion
        self._suggested = {}

    # --- areas and locations -------------------------------------------------

    def area(self, code: str) -> Area:
        """The area of a location (`SPA/nc` -> Spain); KeyError if unknown."""
        return self.areas[split_location(code)[0]]

    @staticmethod
    def province(location: str) -> str:
        """The area code of a location: `SPA/nc` -> `SPA`."""
        return split_location(location)[0]

    def is_location(self, location: str) -> bool:
        return location in self.graph

    def army_neighbours(self, location: str) -> frozenset[str]:
        return self._army.get(location, frozenset())

    def fleet_neighbours(self, location: str) -> frozenset[str]:
        return self._fleet.get(location, frozenset())

    def army_adjacent(self, a: str, b: str) -> bool:
        return b in self._army.get(a, ())

    def fleet_adjacent(self, a: str, b: str) -> bool:
        return b in self._fleet.get(a, ())

    def area_neighbours(self, code: str) -> frozenset[str]:
        """Areas next to `code` across any border (army or fleet, any coast)."""
        found: set[str] = set()
        area = self.areas[code]
        for loc in {code, *area.fleet_locations}:
            for other in self._army.get(loc, frozenset()) | self._fleet.get(loc, frozenset()):
                found.add(self.province(other))
        found.discard(code)
        return frozenset(found)

    def _fleet_area_neighbours(self, code: str) -> frozenset[str]:
        found: set[str] = set()
        for loc in self.areas[code].fleet_locations:
            found.update(split_location(n)[0] for n in self._fleet.get(loc, ()))
        found.discard(code)
        return frozenset(found)

    def fleet_area_neighbours(self, code: str) -> frozenset[str]:
        """Areas next to `code` along a fleet border from any of its coasts
        (the steps of a convoy chain)."""
        return self._sea_steps.get(code, frozenset())

    def scenario(self, name: str) -> Scenario:
        """The scenario called `name`; KeyError listing the known ones otherwise."""
        if name not in self.scenarios:
            known = ", ".join(sorted(self.scenarios))
            raise KeyError(
                T_(
                    "unknown scenario {name!r} for map {map} (known: {known})",
                    name=name,
                    map=self.name,
                    known=known,
                )
            )
        return self.scenarios[name]

    def supply_centers(self) -> tuple[str, ...]:
        return tuple(sorted(c for c, a in self.areas.items() if a.supply_center))

    def home_centers(self, power: str) -> tuple[str, ...]:
        return tuple(sorted(c for c, a in self.areas.items() if a.home_of == power))

    def display(self, location: str) -> str:
        """`SPA/nc` -> `Spain (north coast)`; `TYR` -> `Tyrolia`."""
        code, coast = split_location(location)
        area = self.areas.get(code)
        if area is None:
            return location
        return f"{area.name} ({coast})" if coast else area.name

    # --- names ---------------------------------------------------------------

    def _build_name_index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        for code, area in self.areas.items():
            for name in (code, area.name, *area.aliases):
                index.setdefault(normalize_name(name), code)
        return index

    def lookup(self, text: str) -> str | None:
        """The area code a player's name means (code, name or alias; case and
        accents ignored), or None."""
        return self._names.get(normalize_name(text))

    def suggestions(self, text: str, limit: int = 3) -> tuple[NameMatch, ...]:
        """The nearest valid names to a misspelt one, best first."""
        key = normalize_name(text[:SUGGESTED_CHARS])
        found = self._suggested.get((key, limit))
        if found is None:
            found = self._nearest(key, limit)
            if len(self._suggested) < 4096:
                self._suggested[key, limit] = found
        return found

    def _nearest(self, key: str, limit: int) -> tuple[NameMatch, ...]:
        if not self._matchers:  # one matcher per name: its index of the name is built once
            self._matchers = [(c, SequenceMatcher(None, "", n)) for n, c in self._names.items()]
        best: dict[str, float] = {}
        for code, matcher in self._matchers:
            matcher.set_seq1(key)
            # the cheap upper bounds first (as difflib.get_close_matches does)
            floor = max(SUGGESTION_CUTOFF, best.get(code, 0.0))
            if matcher.real_quick_ratio() < floor or matcher.quick_ratio() < floor:
                continue
            score = matcher.ratio()
            if score >= SUGGESTION_CUTOFF and score > best.get(code, 0.0):
                best[code] = score
        if not best:
            return ()
        top = max(best.values())
        ranked = sorted(best, key=lambda c: (-best[c], c))
        near = [c for c in ranked if best[c] >= top - SUGGESTION_SPREAD][:limit]
        return tuple(NameMatch(c, self.areas[c].name) for c in near)

    def power_lookup(self, text: str) -> str | None:
        """The power id a name means (id, name or alias), or None."""
        key = normalize_name(text)
        for power in self.powers.values():
            if key in {normalize_name(n) for n in (power.id, power.name, *power.aliases)}:
                return power.id
        return None

    def power_ids(self) -> tuple[str, ...]:
        return tuple(self.powers)


class BorderGraph:
    """An undirected graph of locations, as networkx's `Graph` keeps one (a dict
    of adjacency dicts, one attribute dict shared by both ends of an edge) and
    with the part of its interface mapjudge reads: `in`, `len`, iteration,
    `nodes`, `has_edge`, `edges(data=True)` (the same edges in the same order as
    networkx gives them), `number_of_edges`, `add_node`, `add_edge`."""

    __slots__ = ("_adj", "nodes")

    def __init__(self) -> None:
        self.nodes: dict[str, dict[str, Any]] = {}
        self._adj: dict[str, dict[str, dict[str, Any]]] = {}

    def add_node(self, node: str, **attributes: Any) -> None:
        self._adj.setdefault(node, {})
        self.nodes.setdefault(node, {}).update(attributes)

    def add_edge(self, a: str, b: str, **attributes: Any) -> None:
        for node in (a, b):
            self.add_node(node)
        data = self._adj[a].get(b, {})
        data.update(attributes)
        self._adj[a][b] = data
        self._adj[b][a] = data

    def has_edge(self, a: str, b: str) -> bool:
        return b in self._adj.get(a, {})

    def edge(self, a: str, b: str) -> dict[str, Any]:
        """The attributes of the edge `a`-`b` (KeyError if there is none)."""
        return self._adj[a][b]

    def edges(self, data: bool = False) -> Iterator[Any]:
        """Every edge once: `(a, b)`, or `(a, b, attributes)` with `data`."""
        seen: set[str] = set()
        for node, neighbours in self._adj.items():
            for other, attributes in neighbours.items():
                if other not in seen:
                    yield (node, other, attributes) if data else (node, other)
            seen.add(node)

    def number_of_edges(self) -> int:
        return sum(len(neighbours) for neighbours in self._adj.values()) // 2

    def __contains__(self, node: object) -> bool:
        return node in self._adj

    def __iter__(self) -> Iterator[str]:
        return iter(self._adj)

    def __len__(self) -> int:
        return len(self._adj)

    def to_networkx(self) -> nx.Graph:
        """The same graph as a networkx `Graph` (imports networkx)."""
        import networkx as nx

        graph = nx.Graph()
        graph.add_nodes_from(self.nodes.items())
        graph.add_edges_from(self.edges(data=True))
        return graph


def build_graph(areas: Iterable[Area], edges: Iterable[tuple[str, str, Crossing]]) -> BorderGraph:
    """A graph whose nodes are locations and whose edges carry `crossings`."""
    graph = BorderGraph()
    for area in areas:
        if area.army_location:
            graph.add_node(area.army_location, area=area.code)
        for loc in area.fleet_locations:
            graph.add_node(loc, area=area.code)
    for a, b, crossing in edges:
        current = graph.edge(a, b)["crossings"] if graph.has_edge(a, b) else frozenset()
        graph.add_edge(a, b, crossings=current | {crossing})
    return graph
