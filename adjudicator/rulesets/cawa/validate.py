"""Every way a CaWa state read from a file does not fit its map (Trust #7):
each problem names the key and the value, with the nearest hexes or players."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap, Terrain


def cawa_problems(state: CawaState, game_map: CawaMap) -> tuple[str, ...]:
    """The problems of `state` on `game_map` (empty when it fits)."""
    found: list[str] = []
    players = set(state.players)
    unknown = [p for p in state.players if p not in game_map.players]
    found += [
        f"players: {p!r} is not a player of the map{_near(p, game_map.players)}" for p in unknown
    ]
    for code, player in sorted(state.owners.items()):
        found += _land(game_map, f"owners.{player}", code)
        if player not in players:
            found.append(
                f"owners.{player}: {player!r} is not one of the players{_near(player, players)}"
            )
    for code in sorted(state.buildings):
        found += _land(game_map, "villages/castles", code)
    for code in sorted(state.terrain):
        found += _land(game_map, "terrain", code)
    for key, holders in (("treasury", state.treasury), ("upkeep", state.upkeep)):
        found += [
            f"{key}.{p}: {p!r} is not one of the players{_near(p, players)}"
            for p in sorted(holders)
            if p not in players
        ]
    for i, fleet in enumerate((*state.fleets, *state.launched)):
        if fleet.hex not in game_map.hexes or game_map.terrain(fleet.hex) is not Terrain.WATER:
            found.append(f"fleets: {fleet.player}'s fleet at {fleet.hex} is not on a water hex")
        if fleet.player not in players:
            found.append(f"fleets[{i}].player: {fleet.player!r} is not one of the players")
    for conflict in state.conflicts:
        found += _on_map(game_map, f"conflicts[{conflict.number}].hex", (conflict.hex,))
    for battle in state.battles:
        found += _on_map(game_map, f"battles[{battle.number}].hex", (battle.hex,))
    return tuple(found)


def _near(name: str, known: Iterable[str]) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def _on_map(game_map: CawaMap, key: str, codes: Iterable[str]) -> list[str]:
    return [
        f"{key}: {code} is not a hex of the map{_near(code, game_map.hexes)}"
        for code in codes
        if code not in game_map.hexes
    ]


def _land(game_map: CawaMap, key: str, code: str) -> list[str]:
    if code not in game_map.hexes:
        return _on_map(game_map, key, (code,))
    if game_map.terrain(code) is Terrain.WATER:
        return [f"{key}: {code} is a water hex (nobody lives at sea, CC-M-8)"]
    return []
