"""A CaWa map stays readable at 40 players (issue 20: "unit symbols and arrows
that stay readable at 40 players on a CaWa map"; CC-M-1, CC-V-1, CC-MV-8).

Measured on a generated 40-player campaign in its first movement, at the
size the PNG is mailed (one data unit is one pixel of the image):

- a building or fleet is at least `PIECE_PX` pixels across; a hex code's
  digits at least `CODE_PX` high;
- an arrow's shaft at least `SHAFT_PX` wide, its head at least `HEAD_PX`
  long and wide;
- colour is not the only cue: every connected piece of every kingdom, and
  every fleet, carries the player's tag (their number), whose digits are at
  least `DIGIT_PX` high, dark on a white plate (contrast at least 4.5:1, as
  WCAG asks of text), no two plates overlapping; the ranking shows the same
  tag in each player's swatch;
- the panel lists all 40 players with no two of its words overlapping, all of
  them inside the panel.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import numpy as np
from matplotlib.path import Path

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.cawa.options import CawaOptions
from adjudicator.rulesets.cawa.records import Fleet
from adjudicator.rulesets.cawa.setup import start_state
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from adjudicator.rulesets.cawa.turn import resolve_phase
from maps.cawa.generate import generate_map
from maps.cawa.model import CawaMap, Terrain
from renderers import map_style as style
from renderers.cawa.hexes import (
    PT,
    SMALL_MAP,
    TINY_CODES_FROM,
    HexFrame,
    code_size,
    ink,
    owner_colour,
)
from renderers.cawa.map import TITLE_BAND, board_frame, layout, render_cawa_map
from renderers.cawa.marks import MoveArrow, arrow_shapes
from renderers.cawa.moves import arrows_of
from renderers.cawa.panel import (
    PAD,
    RANK_ROW,
    legend_rows,
    panel_labels,
    ranking,
    ranking_top,
    swatch_box,
    tag_ink,
    tag_labels,
)
from renderers.cawa.pieces import BOAT, HOUSE, TOWER, building_size, fleet_size, fleet_spots
from renderers.cawa.realms import FLEET_TAG_LOW, realm_pieces, realm_tags, tag_boxes, tag_font
from renderers.map_text import Box, count_collisions, label_box
from tests.cawa.test_map_drawing import pixels
from tests.generators.cawa_orders import random_movement

PIECE_PX = 12.0
SHAFT_PX = 2.0
HEAD_PX = 8.0
DIGIT_PX = 6.5
CODE_PX = 5.0
CONTRAST = 4.5


@cache
def campaign() -> tuple[CawaMap, CawaState, tuple[MoveArrow, ...]]:
    """40 kingdoms after their first movement (random lines, some refused),
    with 40 fleets at sea, three of them sharing a hex."""
    game_map = generate_map(40, 0)
    begun = start_state(game_map, CawaOptions())
    state = replace(begun, phase=Phase(1, None, CawaPhaseKind.MOVEMENT))
    lines = random_movement(state, game_map, random.Random(0))
    dice = Dice("secret", "test", state.phase.id)
    resolution = resolve_phase(state, lines, game_map, CawaOptions(), dice)
    water = sorted(c for c, h in game_map.hexes.items() if h.terrain is Terrain.WATER)
    spots = [water[0], water[0], *water[:: len(water) // 38][:38]]
    fleets = tuple(Fleet(p, spots[k]) for k, p in enumerate(resolution.state.players))
    return game_map, replace(resolution.state, fleets=fleets), arrows_of(resolution)


def across_px(shape_size: float, shape: Path) -> float:
    """A marker's width in pixels: `shape_size` points per marker unit."""
    xs = np.asarray(shape.vertices)[:, 0]
    return float(xs.max() - xs.min()) * shape_size / PT


def frame_of() -> HexFrame:
    return board_frame(campaign()[0])


def test_the_png_is_drawn_one_unit_one_pixel() -> None:
    """Issue 20: the sizes below are the mailed PNG's pixels."""
    game_map, state, arrows = campaign()
    width, height, _ = pixels(render_cawa_map(game_map, state, "png", title="t", arrows=arrows))
    assert (width, height) == layout(game_map, state)[2:]
    assert len(state.players) == 40 and len(arrows) > 100


def test_pieces_are_big_enough() -> None:
    """Issue 20, CC-M-15, CC-M-17, CC-MV-16: villages, castles and fleets
    (three on one hex too) are at least PIECE_PX pixels across."""
    game_map, state, _ = campaign()
    frame = frame_of()
    for shape in (HOUSE, TOWER):
        assert across_px(building_size(frame), shape) >= PIECE_PX
    spots = fleet_spots(frame, game_map, state)
    assert max(sum(1 for s in spots if s.fleet.hex == h) for h in {s.fleet.hex for s in spots}) >= 3
    assert across_px(fleet_size(frame, spots), BOAT) >= PIECE_PX


def test_arrows_are_big_enough() -> None:
    """Issue 20, CC-MV-8: every arrow's shaft is at least SHAFT_PX wide and its
    head at least HEAD_PX long and wide."""
    game_map, _, arrows = campaign()
    shapes = arrow_shapes(frame_of(), game_map, arrows)
    assert len(shapes) == len(arrows)
    assert min(s.width / PT for s in shapes) >= SHAFT_PX
    assert min(s.head_length for s in shapes) >= HEAD_PX
    assert min(s.head_width for s in shapes) >= HEAD_PX


def test_hex_codes_are_big_enough() -> None:
    """Issue 20: the hex codes of the 40-player map (GMs and players write
    them in every line, AC-27) have digits at least CODE_PX high."""
    frame = frame_of()
    assert len(frame.codes) >= SMALL_MAP and frame.radius >= TINY_CODES_FROM
    _, top, _, bottom = label_box((0.0, 0.0), "0808", code_size(frame, False))
    assert bottom - top >= CODE_PX


def test_every_kingdom_and_fleet_is_tagged() -> None:
    """Issue 20, CC-V-1: colour is not the only cue: each connected piece of
    each kingdom shows the player's tag on one of its own hexes, each fleet its
    player's tag; the ranking shows the same tag in the player's swatch."""
    game_map, state, arrows = campaign()
    frame = frame_of()
    tags = realm_tags(frame, game_map, state, arrows)
    pieces = realm_pieces(frame, game_map, state.owners)
    fleets = {(f.hex, f.player) for f in state.fleets}
    assert len(tags) == len(pieces) + len(fleets)
    numbers = {p: str(k + 1) for k, p in enumerate(game_map.players)}
    for tag, piece in zip(tags[: len(pieces)], pieces, strict=True):
        assert tag.text == numbers[tag.player] == numbers[state.owners[piece[0]]]
        assert any(frame.centre(code)[0] == tag.at[0] for code in piece)
    for tag in tags[len(pieces) :]:
        under = {frame.centre(f.hex)[1] + frame.radius * FLEET_TAG_LOW for f in state.fleets}
        assert tag.text == numbers[tag.player] and tag.at[1] in under
    assert {r.player: r.tag for r in ranking(game_map, state)} == numbers


def test_tags_are_legible() -> None:
    """Issue 20: a tag's digits are at least DIGIT_PX high, in a dark shade of
    the player's colour on white (contrast at least 4.5:1) or, in the ranking's
    swatch, black or white on the colour (at least 4.5:1 too); no two plates on
    the board overlap."""
    game_map, state, arrows = campaign()
    frame = frame_of()
    for digits in ("18", "40"):
        _, top, _, bottom = label_box((0.0, 0.0), digits, tag_font(frame), "bold")
        assert bottom - top >= DIGIT_PX
    for player in game_map.players:
        colour = owner_colour(game_map, player)
        assert contrast(ink(colour), "#ffffff") >= CONTRAST, player
        assert contrast(tag_ink(colour), colour) >= CONTRAST, player
    tags = realm_tags(frame, game_map, state, arrows)
    assert count_collisions(tag_boxes(frame, tags)) == 0


def test_the_panel_lists_every_player_without_overlap() -> None:
    """Issue 20, CC-C-2: the ranking lists all 40 players; no two words of
    the panel overlap or cross a swatch, every tag sits inside its swatch, and
    everything is inside the panel."""
    game_map, state, _ = campaign()
    board_w, panel_w, width, height = layout(game_map, state)
    labels = panel_labels(board_w, TITLE_BAND, game_map, state)
    names = {label.text for label in labels}
    assert {p.local_name for p in game_map.players.values()} <= names
    top = ranking_top(TITLE_BAND + PAD + 8.0, legend_rows())
    x = board_w + PAD
    ranks = ranking(game_map, state)
    swatches = [swatch_box(x, top + 22.0 + (k + 1) * RANK_ROW) for k in range(len(ranks))]
    assert count_collisions([label.box for label in labels], swatches) == 0
    for tag, swatch in zip(tag_labels(x, top, ranks), swatches, strict=True):
        assert inside(tag.box, swatch)
    panel = (float(board_w), float(TITLE_BAND), float(width), float(height))
    assert all(inside(box, panel) for box in [*(label.box for label in labels), *swatches])
    assert panel_w == width - board_w


def inside(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


def contrast(first: str, second: str) -> float:
    """WCAG 2 contrast ratio of two colours."""

    def luminance(colour: str) -> float:
        r, g, b = style.linear_rgb(colour)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)
