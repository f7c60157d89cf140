"""Every way a CaWa state read from a file does not fit its map (Trust #7):
each problem names the key and the value, with the nearest hexes or players."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap, Terrain
from texts import T_, Text


def cawa_problems(state: CawaState, game_map: CawaMap) -> tuple[str, ...]:
    """The problems of `state` on `game_map` (empty when it fits)."""
    found: list[str] = []
    players = set(state.players)
    unknown = [p for p in state.players if p not in game_map.players]
    found += [
        T_(
            "players: {player} is not a player of the map{hint}",
            player=repr(p),
            hint=_near(p, game_map.players),
        )
        for p in unknown
    ]
    for code, player in sorted(state.owners.items()):
        found += _land(game_map, f"owners.{player}", code)
        if player not in players:
            found.append(_not_a_player(f"owners.{player}", player, players))
    for code in sorted(state.buildings):
        found += _land(game_map, "villages/castles", code)
    for code in sorted(state.terrain):
        found += _land(game_map, "terrain", code)
    for key, holders in (("treasury", state.treasury), ("upkeep", state.upkeep)):
        found += [
            _not_a_player(f"{key}.{p}", p, players) for p in sorted(holders) if p not in players
        ]
    for i, fleet in enumerate((*state.fleets, *state.launched)):
        if fleet.hex not in game_map.hexes or game_map.terrain(fleet.hex) is not Terrain.WATER:
            found.append(
                T_(
                    "fleets: {player}'s fleet at {hex} is not on a water hex",
                    player=fleet.player,
                    hex=fleet.hex,
                )
            )
        if fleet.player not in players:
            found.append(
                T_(
                    "{key}: {player} is not one of the players{hint}",
                    key=f"fleets[{i}].player",
                    player=repr(fleet.player),
                    hint="",
                )
            )
    for conflict in state.conflicts:
        found += _on_map(game_map, f"conflicts[{conflict.number}].hex", (conflict.hex,))
    for battle in state.battles:
        found += _on_map(game_map, f"battles[{battle.number}].hex", (battle.hex,))
    return tuple(found)


def _not_a_player(key: str, player: str, players: Iterable[str]) -> Text:
    return T_(
        "{key}: {player} is not one of the players{hint}",
        key=key,
        player=repr(player),
        hint=_near(player, players),
    )


def _near(name: str, known: Iterable[str]) -> Text | str:
    close = difflib.get_close_matches(name, sorted(known), n=3, cutoff=0.6)
    return T_(" (did you mean {names}?)", names=", ".join(close)) if close else ""


def _on_map(game_map: CawaMap, key: str, codes: Iterable[str]) -> list[str]:
    return [
        T_(
            "{key}: {hex} is not a hex of the map{hint}",
            key=key,
            hex=code,
            hint=_near(code, game_map.hexes),
        )
        for code in codes
        if code not in game_map.hexes
    ]


def _land(game_map: CawaMap, key: str, code: str) -> list[str]:
    if code not in game_map.hexes:
        return _on_map(game_map, key, (code,))
    if game_map.terrain(code) is Terrain.WATER:
        return [T_("{key}: {hex} is a water hex (nobody lives at sea, CC-M-8)", key=key, hex=code)]
    return []
