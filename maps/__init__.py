"""Map data and the loader that turns it into a `GameMap` (a graph of borders plus names).

>>> from maps import load_map
>>> classic = load_map("classic")
>>> sorted(classic.fleet_neighbours("SPA/nc"))
['GAS', 'MAO', 'POR']
"""

from maps.loader import MapError, load_map, load_map_data, packaged_maps
from maps.model import (
    Area,
    AreaKind,
    City,
    Crossing,
    GameMap,
    NameMatch,
    PowerInfo,
    Scenario,
    StartingUnit,
    Strait,
    normalize_name,
    split_location,
)

__all__ = [
    "Area",
    "AreaKind",
    "City",
    "Crossing",
    "GameMap",
    "MapError",
    "NameMatch",
    "PowerInfo",
    "Scenario",
    "StartingUnit",
    "Strait",
    "load_map",
    "load_map_data",
    "normalize_name",
    "packaged_maps",
    "split_location",
]
