"""The hover titles of a CaWa map's SVG (issue 20: "a `<title>` per area and
unit so that a browser shows its name, owner and order on hover").

One text per shape of a titled artist, in the order the artist draws its
shapes: a hex's code, terrain (as the state has it, CC-E-17), owner (CC-V-1)
and building; a village's or castle's hex and owner; a fleet's owner and
hex, and whether it was launched this turn (AC-21); a declared move's player,
the line as written and the referee's verdict, as the report words them
(CC-MV-8). Words in the reader's language (`texts.using`), names by their
`local_name`.
"""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.rulesets.cawa.state import CawaState
from maps.cawa.model import Building, CawaMap
from renderers.cawa.hexes import FILL_GID, HexFrame
from renderers.cawa.marks import SHAFTS_GID, MoveArrow, arrow_shapes
from renderers.cawa.pieces import FLEETS_GID, building_gid, building_spots, fleet_spots
from renderers.cawa.report import people, player_name
from renderers.cawa.words import move_word, reason_text, terrain_word, told
from texts import _, tr

DASH = " — "


def map_titles(
    frame: HexFrame, game_map: CawaMap, state: CawaState, arrows: Sequence[MoveArrow]
) -> dict[str, list[str]]:
    """Artist id -> the title of each of its shapes (see the module docstring)."""
    titles = {FILL_GID: [hex_title(game_map, state, code) for code in frame.codes]}
    for kind in Building:
        spots = building_spots(frame, state, kind)
        titles[building_gid(kind)] = [building_title(game_map, state, c, kind) for c, _ in spots]
    fleets = fleet_spots(frame, game_map, state)
    titles[FLEETS_GID] = [
        DASH.join(
            (
                _("fleet launched this turn") if s.launched else _("fleet at sea"),
                player_name(game_map, s.fleet.player),
                s.fleet.hex,
            )
        )
        for s in fleets
    ]
    shapes = arrow_shapes(frame, game_map, arrows)
    titles[SHAFTS_GID] = [arrow_title(game_map, s.arrow) for s in shapes]
    return {gid: texts for gid, texts in titles.items() if texts}


def hex_title(game_map: CawaMap, state: CawaState, code: str) -> str:
    """`0412 — forest — Reino 3 — village`: code, terrain, owner, building."""
    parts = [code, terrain_word(state.terrain_of(game_map, code))]
    owner = state.owners.get(code)
    if owner is not None:
        parts.append(player_name(game_map, owner))
    building = state.buildings.get(code)
    if building is not None:
        parts.append(tr(building.word))
    return DASH.join(parts)


def building_title(game_map: CawaMap, state: CawaState, code: str, kind: Building) -> str:
    """`village — 0202 — Reino Rojo`."""
    owner = state.owners.get(code)
    parts = [tr(kind.word), code]
    return DASH.join([*parts, player_name(game_map, owner)] if owner else parts)


def arrow_title(game_map: CawaMap, arrow: MoveArrow) -> str:
    """`Reino Rojo: desde 0202 a 0302  done`: the player, the line as written
    and the verdict, as the report's player section has them; a line read from
    no file shows the move drawn instead (`0202 → 0302 (land, 1200)`)."""
    verdict = arrow.verdict
    source = verdict.line.source if verdict is not None else None
    if source is not None:
        line = source.text.strip()
    else:
        how = move_word(arrow.kind)
        how = how if arrow.points is None else f"{how}, {arrow.points}"
        line = f"{arrow.from_hex} → {arrow.to_hex} ({how})"
    text = f"{player_name(game_map, arrow.player)}: {line}"
    if verdict is None:
        return text
    detail = f" ({told(verdict.detail, people(game_map))})" if verdict.detail else ""
    return f"{text}  {reason_text(verdict.reason)}{detail}"
