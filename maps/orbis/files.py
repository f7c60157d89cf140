"""Reading and writing Orbis political maps (`maps.orbis.model`): every
problem is named with its file, key and value, and the nearest names."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from maps.loader import MapError
from maps.orbis.model import OrbisMap, Region
from maps.safe_yaml import YamlProblem, read_yaml_file
from texts import T_

ORBIS_MAPS_DIR = Path(__file__).resolve().parent
_ID = re.compile(r"[a-z][a-z0-9_]*")


class OrbisMapError(MapError):
    """An Orbis map file that cannot be used: every problem, one per line."""


def packaged_orbis_maps() -> tuple[str, ...]:
    return tuple(sorted(p.stem for p in ORBIS_MAPS_DIR.glob("*.yaml")))


def load_orbis_map(name_or_path: str | Path) -> OrbisMap:
    """A packaged map by bare name (`europa-500`) or a map file by path."""
    text = str(name_or_path)
    path = ORBIS_MAPS_DIR / f"{text}.yaml" if re.fullmatch(r"[a-z0-9-]+", text) else Path(text)
    if not path.is_file():
        known = ", ".join(packaged_orbis_maps())
        raise OrbisMapError(
            [T_("{name}: no such map file (packaged maps: {known})", name=text, known=known)]
        )
    try:
        data = read_yaml_file(path)
    except (OSError, YamlProblem) as exc:
        raise OrbisMapError(
            [T_("{path}: cannot read: {problem}", path=path, problem=exc)]
        ) from None
    return orbis_map_from_dict(data, str(path))


def _near(name: str, known: Mapping[str, Any]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
    return T_(" (did you mean {names}?)", names=", ".join(close)) if close else ""


def _region(rid: str, raw: Any, source: str, problems: list[str]) -> Region | None:
    key = f"{source}: regions.{rid}"
    if not _ID.fullmatch(rid):
        problems.append(
            T_("{key}: a region id is a lower-case word, not {id}", key=key, id=repr(rid))
        )
        return None
    if not isinstance(raw, Mapping):
        problems.append(
            T_(
                "{key}: expected {{name: ..., at: [lon, lat]}}, not {value}",
                key=key,
                value=repr(raw),
            )
        )
        return None
    name, at, aliases = raw.get("name"), raw.get("at"), raw.get("aliases", [])
    if not isinstance(name, str) or not name.strip():
        problems.append(T_("{key}.name: expected text, not {value}", key=key, value=repr(name)))
        return None
    if not (
        isinstance(at, list)
        and len(at) == 2
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in at)
    ):
        problems.append(
            T_("{key}.at: expected [longitude, latitude], not {value}", key=key, value=repr(at))
        )
        return None
    lon, lat = at
    if not isinstance(aliases, list) or not all(isinstance(a, str) for a in aliases):
        problems.append(
            T_("{key}.aliases: expected a list of names, not {value}", key=key, value=repr(aliases))
        )
        return None
    return Region(rid, name.strip(), (float(lon), float(lat)), tuple(aliases))


def orbis_map_from_dict(data: Any, source: str = "<data>") -> OrbisMap:
    """A map from its plain data; `OrbisMapError` with every problem."""
    if not isinstance(data, Mapping):
        raise OrbisMapError([T_("{source}: a map file is a mapping of keys", source=source)])
    problems: list[str] = []
    raw_regions = data.get("regions")
    if not isinstance(raw_regions, Mapping) or not raw_regions:
        raise OrbisMapError(
            [T_("{source}: regions: expected a mapping of region id to region", source=source)]
        )
    regions: dict[str, Region] = {}
    for rid, raw in raw_regions.items():
        region = _region(str(rid), raw, source, problems)
        if region is not None:
            regions[region.id] = region
    borders: set[frozenset[str]] = set()
    raw_borders = data.get("borders") or []
    if not isinstance(raw_borders, list):
        problems.append(
            T_("{source}: borders: expected a list of [region, region] pairs", source=source)
        )
        raw_borders = []
    for i, pair in enumerate(raw_borders):
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] == pair[1]:
            problems.append(
                T_(
                    "{source}: borders[{i}]: expected two different regions, not {value}",
                    source=source,
                    i=i,
                    value=repr(pair),
                )
            )
            continue
        unknown = [str(r) for r in pair if str(r) not in raw_regions]
        problems += [
            T_(
                "{source}: borders[{i}]: no region {name}{near}",
                source=source,
                i=i,
                name=repr(r),
                near=_near(r, regions),
            )
            for r in unknown
        ]
        if not unknown:
            borders.add(frozenset(str(r) for r in pair))
    owners: dict[str, str] = {}
    raw_owners = data.get("owners") or {}
    if not isinstance(raw_owners, Mapping):
        problems.append(T_("{source}: owners: expected nation -> list of regions", source=source))
        raw_owners = {}
    for nation, held in raw_owners.items():
        if not isinstance(held, list):
            problems.append(
                T_(
                    "{source}: owners.{nation}: expected a list of regions, not {value}",
                    source=source,
                    nation=nation,
                    value=repr(held),
                )
            )
            continue
        for held_id in map(str, held):
            if held_id not in raw_regions:
                near = _near(held_id, regions)
                problems.append(
                    T_(
                        "{source}: owners.{nation}: no region {name}{near}",
                        source=source,
                        nation=nation,
                        name=repr(held_id),
                        near=near,
                    )
                )
            elif held_id in owners:
                taken = owners[held_id]
                problems.append(
                    T_(
                        "{source}: owners.{nation}: {region} is already {owner}'s",
                        source=source,
                        nation=nation,
                        region=held_id,
                        owner=taken,
                    )
                )
            else:
                owners[held_id] = str(nation)
    if problems:
        raise OrbisMapError(problems)
    name = str(data.get("name") or Path(source).stem)
    title = str(data.get("title") or name)
    return OrbisMap(name, title, regions, frozenset(borders), owners)


def orbis_map_to_dict(game_map: OrbisMap) -> dict[str, Any]:
    """The plain data of a map (`orbis_map_from_dict` reads it back equal)."""
    by_nation: dict[str, list[str]] = {}
    for region in sorted(game_map.start_owners):
        by_nation.setdefault(game_map.start_owners[region], []).append(region)
    regions: dict[str, Any] = {}
    for rid in sorted(game_map.regions):
        place = game_map.regions[rid]
        entry: dict[str, Any] = {"name": place.name, "at": list(place.at)}
        if place.aliases:
            entry["aliases"] = list(place.aliases)
        regions[rid] = entry
    return {
        "name": game_map.name,
        "title": game_map.title,
        "regions": regions,
        "borders": sorted(sorted(pair) for pair in game_map.borders),
        "owners": {n: by_nation[n] for n in sorted(by_nation)},
    }
