"""Where the area labels of a board map go (issue 20: "labels sized for the PNG,
full names where they fit, placed without collisions"): each area's full name
where its box fits inside the area, else its code, at the first free spot of a
spiral around the area's label point, clear of the units, cities, badges,
dislodged units and their retreat notes (`mark_boxes`) and of the labels placed
before. Which spots of the spiral lie inside an area depends on the map and the
language only, so it is worked out once per process (`_spots_inside`); a turn
only tests those spots against its own marks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from matplotlib.collections import PatchCollection
from matplotlib.patches import Rectangle
from shapely.geometry import Polygon as Shape

from maps.geometry import AreaGeometry, MapGeometry, Point
from maps.model import GameMap
from renderers import map_style as style
from renderers.board.map_board import (
    LABEL_SIZE,
    NOTE_SIZE,
    UNIT_SIZE,
    Board,
    Canvas,
    StateT,
    area_fill,
    dislodged_spot_at,
    mark_spot_at,
    retreat_note,
    unit_anchor,
)
from renderers.kept import KeptValues
from renderers.map_text import PX_PER_POINT, Box, label_box
from renderers.map_text import draw_labels as put_labels


@dataclass(frozen=True)
class Placed:
    """An area label where it is drawn: its text, centre, box, the fill under
    it, and whether the box lies inside its area (else it gets a backing)."""

    text: str
    at: Point
    box: Box
    fill: str
    inside: bool = True


def draw_labels(canvas: Canvas, board: Board[StateT], avoid: Sequence[Box] = ()) -> list[Placed]:
    """Area (and impassable land) labels, placed by `place_labels` (clear of
    `avoid` too: the orders' marks), each in black or white for the fill it
    sits on; a label that spills over its area's edge on a white backing, in
    black. Returns them."""
    placed = place_labels(canvas.game_map, canvas.geometry, board, canvas.palette, avoid)
    backed = [p.box for p in placed if not p.inside]
    if backed:
        canvas.ax.add_collection(
            PatchCollection(
                [Rectangle((x0 - 1, y0), x1 - x0 + 2, y1 - y0) for x0, y0, x1, y1 in backed],
                facecolors="#ffffff",
                edgecolors="none",
                alpha=0.85,
                zorder=2.45,
            ),
            autolim=False,
        )
    put_labels(
        canvas.ax,
        [(p.at, p.text) for p in placed],
        [style.text_on(p.fill if p.inside else "#ffffff") for p in placed],
        size=LABEL_SIZE,
        zorder=2.5,
    )
    return placed


def place_labels(
    game_map: GameMap,
    geometry: MapGeometry,
    board: Board[StateT],
    palette: style.Palette,
    avoid: Sequence[Box] = (),
) -> list[Placed]:
    """Each area's label: its full name where the name's box fits inside the
    area, else its code (inside the area if it can be, else centred in it),
    at the first spot near the area's label point (a spiral of `SPOTS`) whose
    box overlaps no unit, city, badge, retreat note, box of `avoid` (the
    orders' arrows, lines and rings: `map_orders.Marks.boxes`) or label
    placed before; smaller areas choose first. Impassable land gets its name
    where it fits."""
    marks = [*mark_boxes(game_map, geometry, board), *avoid]
    blocked = TakenBoxes(marks, room=len(geometry.areas) + len(geometry.impassable))
    owned = board.owners()
    out = board.rendering.out_of_play(board.state)
    placed: list[Placed] = []
    for code in _smallest_first(geometry):
        area = geometry.areas[code]
        shape = _shape(area)
        fill = area_fill(game_map, palette, code, out, owned)
        name = game_map.areas[code].local_name
        text, spot = name, _find_spot(shape, area.label, name, blocked, whole=True)
        if spot is None:
            text, spot = code, _find_spot(shape, area.label, code, blocked, whole=True)
        inside = spot is not None
        if spot is None:
            spot = _find_spot(shape, area.label, code, blocked, whole=False)
        if spot is None:
            text, spot = code, _least_covered_spot(shape, area.label, code, blocked)
        at = spot or area.label
        box = label_box(at, text, LABEL_SIZE)
        blocked.add(box)
        placed.append(Placed(text, at, box, fill, inside))
    for land in geometry.impassable:
        shape = _shape_of(land.polygon, ())
        point = shape.representative_point()
        spot = _find_spot(shape, (point.x, point.y), land.name, blocked, whole=True)
        if spot is not None:
            box = label_box(spot, land.name, LABEL_SIZE)
            blocked.add(box)
            placed.append(Placed(land.name, spot, box, style.IMPASSABLE))
    return placed


class TakenBoxes:
    """The boxes a label may not overlap, in one array that grows as labels are
    placed (so each spot is tested against all of them at once, after keeping
    those `near` the spots: a busy turn has a thousand)."""

    def __init__(self, boxes: Sequence[Box], room: int) -> None:
        self._array = np.empty((len(boxes) + room, 4), dtype=float)
        self._array[: len(boxes)] = np.asarray(boxes, dtype=float).reshape(-1, 4)
        self._count = len(boxes)

    def add(self, box: Box) -> None:
        self._array[self._count] = box
        self._count += 1

    def near(self, region: Box) -> np.ndarray:
        """The boxes that overlap `region`."""
        taken = self._array[: self._count]
        x0, y0, x1, y1 = region
        close = (taken[:, 0] < x1) & (x0 < taken[:, 2]) & (taken[:, 1] < y1) & (y0 < taken[:, 3])
        return taken[close]


_ORDERS: KeptValues[tuple[str, ...]] = KeptValues(limit=64)


def _smallest_first(geometry: MapGeometry) -> tuple[str, ...]:
    """The areas, smallest first (ties by code): the order they choose their spots."""

    def order() -> tuple[str, ...]:
        return tuple(sorted(geometry.areas, key=lambda c: (_shape(geometry.areas[c]).area, c)))

    return _ORDERS.get(geometry, None, order)


SPOTS = np.array(
    [
        (dx * r, dy * r)
        for r in (0, 5, 10, 15, 20, 26, 32, 40, 48)
        for dx, dy in ((0, 0),) * (r == 0)
        + ((0, 1), (0, -1), (1, 0), (-1, 0), (0.7, 0.7), (-0.7, 0.7), (0.7, -0.7), (-0.7, -0.7))
        * (r > 0)
    ]
)
"""Offsets from an area's label point tried in turn, in pixels."""


def _overlaps(boxes: np.ndarray, blocked: TakenBoxes) -> np.ndarray:
    """How many of `blocked` each of `boxes` overlaps."""
    if not len(boxes):
        return np.zeros(0, dtype=int)
    region = (boxes[:, 0].min(), boxes[:, 1].min(), boxes[:, 2].max(), boxes[:, 3].max())
    b = blocked.near(region)
    hit = (
        (boxes[:, None, 0] < b[None, :, 2])
        & (b[None, :, 0] < boxes[:, None, 2])
        & (boxes[:, None, 1] < b[None, :, 3])
        & (b[None, :, 1] < boxes[:, None, 3])
    )
    counts: np.ndarray = hit.sum(axis=1)
    return counts


def _least_covered_spot(shape: Shape, start: Point, text: str, blocked: TakenBoxes) -> Point | None:
    """Where no spot is free: the spot centred in `shape` whose box overlaps
    the fewest taken boxes (the first of the spiral among equals)."""
    centres, boxes = _spots_inside(shape, start, text, False)
    if not len(centres):
        return None
    x, y = centres[int(np.argmin(_overlaps(boxes, blocked)))]
    return (float(x), float(y))


def _find_spot(
    shape: Shape, start: Point, text: str, blocked: TakenBoxes, *, whole: bool
) -> Point | None:
    """The first spot of `SPOTS` where `text`'s box is free and inside `shape`
    (`whole`) or centred in it: the spots in the shape are the map's
    (`_spots_inside`), only the test against `blocked` is the turn's."""
    centres, boxes = _spots_inside(shape, start, text, whole)
    if not len(centres):
        return None
    free = np.flatnonzero(_overlaps(boxes, blocked) == 0)
    if not free.size:
        return None
    x, y = centres[free[0]]
    return (float(x), float(y))


_SPOTS_INSIDE: KeptValues[tuple[np.ndarray, np.ndarray]] = KeptValues(limit=16384)


def _spots_inside(
    shape: Shape, start: Point, text: str, whole: bool
) -> tuple[np.ndarray, np.ndarray]:
    """The spots of `SPOTS` around `start`, in their order, where `text`'s box lies
    inside `shape` (`whole`) or is centred in it, and those boxes. They depend on
    the map and the language only, so they are worked out once per process
    (every shape tested at once by shapely)."""
    return _SPOTS_INSIDE.get(
        shape, (start, text, whole), lambda: _inside(shape, start, text, whole)
    )


def _inside(shape: Shape, start: Point, text: str, whole: bool) -> tuple[np.ndarray, np.ndarray]:
    left, top, right, bottom = label_box((0.0, 0.0), text, LABEL_SIZE)
    x0, y0, x1, y1 = shape.bounds
    centres = SPOTS + np.asarray(start, dtype=float)
    if whole and (right - left > x1 - x0 or bottom - top > y1 - y0):
        centres = centres[:0]
    boxes = np.column_stack(
        [centres[:, 0] + left, centres[:, 1] + top, centres[:, 0] + right, centres[:, 1] + bottom]
    )
    if not len(centres):
        inside = np.zeros(0, dtype=bool)
    elif whole:
        inside = np.asarray(shapely.contains(shape, shapely.box(*boxes.T)), dtype=bool)
    else:
        inside = np.asarray(shapely.contains_xy(shape, centres[:, 0], centres[:, 1]), dtype=bool)
    return centres[inside], boxes[inside]


def _shape(area: AreaGeometry) -> Shape:
    return _shape_of(area.polygon, area.holes)


_SHAPES: KeptValues[Shape] = KeptValues(limit=4096)
"""Prepared shapes by their outline."""


def _shape_of(polygon: tuple[Point, ...], holes: Sequence[Sequence[Point]]) -> Shape:
    def prepared() -> Shape:
        shape = Shape(polygon, holes)
        shapely.prepare(shape)
        return shape

    return _SHAPES.get(polygon, None, prepared)


def _square(at: Point, points: float) -> Box:
    half = points * PX_PER_POINT / 2 + 1.0
    return (at[0] - half, at[1] - half, at[0] + half, at[1] + half)


def mark_boxes(game_map: GameMap, geometry: MapGeometry, board: Board[StateT]) -> list[Box]:
    """The boxes of what area labels must not cover: units, cities, ports,
    incomes, badges, dislodged units and their retreat notes."""
    state = board.state
    boxes = [
        _square(unit_anchor(game_map, geometry, u.location, u.kind), UNIT_SIZE[u.kind])
        for u in sorted(state.units)
    ]
    for code in sorted(geometry.areas):
        area, where = game_map.areas[code], geometry.areas[code].city
        if where is None or (area.city is None and not area.supply_center):
            continue
        city = area.city
        boxes.append(_square(where, 9.0 if city is not None and city.fortified else 6.0))
        if city is not None and city.port:
            boxes.append(_square((where[0] + 8, where[1] + 7), 4.5))
        if city is not None and city.income:
            boxes.append(label_box((where[0] - 9, where[1] + 8), str(city.income), 6, "bold"))
    for mark in board.rendering.marks(state):
        if mark.area in geometry.areas:
            boxes.append(_square(mark_spot_at(game_map, geometry, mark), 11.0))
    for d in sorted(state.dislodged, key=lambda d: d.unit):
        spot = dislodged_spot_at(geometry, game_map, d.unit.location)
        boxes.append(_square(spot, UNIT_SIZE[d.unit.kind]))
        boxes.append(
            label_box(
                (spot[0], spot[1] - 14), retreat_note(d.retreats), NOTE_SIZE, "bold", va="bottom"
            )
        )
    return boxes
