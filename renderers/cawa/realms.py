"""Each kingdom's tag on the board, so that colour is not the only cue (issue
20: "unit symbols and arrows that stay readable at 40 players on a CaWa map";
CC-V-1: who owns each hex is public).

A player's tag is their number in the map's list of players (`1` .. `40`),
language-free and unique; the panel's ranking shows it in the player's
swatch (`renderers.cawa.panel`). On the board it is written on a white plate
framed in the player's colour: once on each connected piece of a kingdom, on
its hex with the most neighbours of the same piece (preferring a hex with no
building, badge or arrow end, where the plate covers nothing), and under each
hex with fleets, once for each player with a fleet there (side by side).
40 colours cannot all be told apart, least of all under a colour-vision
deficiency; the number can. The sizes are measured at 40 players by
`tests/cawa/test_map_readability.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial

from matplotlib.axes import Axes
from matplotlib.path import Path

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import CawaMap
from renderers.cawa.hexes import PT, XY, HexFrame, ink, owner_colour
from renderers.cawa.marks import MoveArrow
from renderers.cawa.pieces import draw_markers, fleet_spots
from renderers.map_text import draw_labels, label_width

MIN_TAG_FONT = 7.0
"""The smallest tag, in points (bold digits about 7 pixels high)."""
MAX_TAG_FONT = 9.0
PLATE = Path(
    [(-1.0, -0.7), (1.0, -0.7), (1.0, 0.7), (-1.0, 0.7), (-1.0, -0.7)],
    [Path.MOVETO, *[Path.LINETO] * 3, Path.CLOSEPOLY],
)
"""A tag's plate in marker units: 2 across, 1.4 high (a badge is round)."""
FLEET_TAG_LOW = 0.55
"""How far under its hex's centre a fleet's tag goes, in hex radii (under the boat)."""
PLATE_PAD = 3.0
"""Points between a tag's digits and its plate's frame."""


@dataclass(frozen=True)
class Tag:
    """A tag as drawn: whose, its text, its centre in pixels."""

    player: str
    text: str
    at: XY


def player_tags(game_map: CawaMap) -> dict[str, str]:
    """Each player of the map -> their number in the map's list (`"1"`..)."""
    return {player: str(k + 1) for k, player in enumerate(game_map.players)}


def tag_font(frame: HexFrame) -> float:
    """A tag's size in points: a third of the hex radius, within limits."""
    return min(max(frame.radius * PT * 0.34, MIN_TAG_FONT), MAX_TAG_FONT)


def plate_width(text: str, size: float) -> float:
    """A tag's plate width, in points: the digits and `PLATE_PAD` around them."""
    return max(label_width(text, size, "bold") + 2 * PLATE_PAD, size * 1.6)


def realm_pieces(frame: HexFrame, game_map: CawaMap, owners: Mapping[str, str]) -> list[list[str]]:
    """Each connected piece of each kingdom on the map (sorted codes), by first code."""
    pieces: list[list[str]] = []
    seen: set[str] = set()
    for code in frame.codes:
        player = owners.get(code)
        if player is None or code in seen:
            continue
        piece, todo = [], [code]
        seen.add(code)
        while todo:
            here = todo.pop()
            piece.append(here)
            for near in game_map.neighbours(here):
                if near not in seen and near in frame.index and owners.get(near) == player:
                    seen.add(near)
                    todo.append(near)
        pieces.append(sorted(piece))
    return pieces


def busy_hexes(frame: HexFrame, state: CawaState, arrows: Sequence[MoveArrow]) -> set[str]:
    """Hexes whose centre already holds something: a building, the end of an
    arrow drawn (both its hexes on the map) or a conflict's or battle's badge."""
    busy = set(state.buildings)
    drawn = [a for a in arrows if a.from_hex in frame.index and a.to_hex in frame.index]
    busy |= {a.from_hex for a in drawn} | {a.to_hex for a in drawn}
    busy |= {c.hex for c in state.conflicts} | {b.hex for b in state.battles}
    return busy


def realm_tags(
    frame: HexFrame, game_map: CawaMap, state: CawaState, arrows: Sequence[MoveArrow]
) -> list[Tag]:
    """One tag per connected piece of each kingdom, then one under each fleet."""
    tags = player_tags(game_map)
    busy = busy_hexes(frame, state, arrows)
    found: list[Tag] = []
    for piece in realm_pieces(frame, game_map, state.owners):
        player = state.owners[piece[0]]
        best = min(piece, key=partial(_rank, game_map, set(piece), busy))
        x, y = frame.centre(best)
        low = frame.radius * 0.45 if best in state.buildings else 0.0
        found.append(Tag(player, tags.get(player, "?"), (x, y + low)))
    return found + fleet_tags(frame, game_map, state, tags)


def fleet_tags(
    frame: HexFrame, game_map: CawaMap, state: CawaState, tags: Mapping[str, str]
) -> list[Tag]:
    """Under each hex with fleets, the tag of each player with a fleet there,
    in the order of the boats, side by side a plate's width apart."""
    players: dict[str, list[str]] = {}
    for spot in fleet_spots(frame, game_map, state):
        here = players.setdefault(spot.fleet.hex, [])
        if spot.fleet.player not in here:
            here.append(spot.fleet.player)
    step = (max((plate_width(t, tag_font(frame)) for t in tags.values()), default=0.0) + 1.0) / PT
    found: list[Tag] = []
    for code, here in players.items():
        x, y = frame.centre(code)
        for k, player in enumerate(here):
            at = (x + (k - (len(here) - 1) / 2) * step, y + frame.radius * FLEET_TAG_LOW)
            found.append(Tag(player, tags.get(player, "?"), at))
    return found


def _rank(game_map: CawaMap, piece: set[str], busy: set[str], code: str) -> tuple[bool, int, str]:
    """Free hexes first, then those with the most neighbours in the piece, then by code."""
    friends = sum(1 for near in game_map.neighbours(code) if near in piece)
    return (code in busy, -friends, code)


def draw_tags(
    ax: Axes, frame: HexFrame, game_map: CawaMap, state: CawaState, arrows: Sequence[MoveArrow]
) -> None:
    """The tags (see the module docstring): plates, then their digits."""
    found = realm_tags(frame, game_map, state, arrows)
    if not found:
        return
    size = tag_font(frame)
    colours = [ink(owner_colour(game_map, t.player)) for t in found]
    widest = max(plate_width(t.text, size) for t in found)
    draw_markers(
        ax,
        [t.at for t in found],
        PLATE,
        widest / 2,  # the plate is 2 marker units across
        face="#ffffff",
        edge=colours,
        width=1.4,
        zorder=2.5,
    )
    labels = [(t.at, t.text) for t in found]
    draw_labels(ax, labels, colours, size=size, weight="bold", zorder=2.6)


def tag_boxes(frame: HexFrame, tags: Sequence[Tag]) -> list[tuple[float, float, float, float]]:
    """Each tag's plate as a box in pixels (left, top, right, bottom)."""
    size = tag_font(frame)
    half = max((plate_width(t.text, size) for t in tags), default=0.0) / PT / 2
    high = half * 0.7
    return [(t.at[0] - half, t.at[1] - high, t.at[0] + half, t.at[1] + high) for t in tags]
