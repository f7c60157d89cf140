"""Hex maps given as a compact terrain grid, expanded to areas and borders.

A hex map file has a `grid` instead of `areas`/`borders`::

    grid:
      columns: 4            # optional; checked against the rows
      first_column: 1       # number of the leftmost column (default 1)
      first_row: 1          # number of the top row (default 1)
      layout: odd-q         # see below (default odd-q)
      terrain: {".": plain, "^": mountain, "~": sea, "f": forest, "#": impassable}
      sea_terrains: [sea]   # default [sea]
      impassable_terrains: [impassable]   # default [impassable]
      rows:
        - ".^~."
        - "..f~"

Each character of a row is one hex. A hex is named column-row with two digits
each (`CCRR`): column 1, row 1 is `0101`, so columns and rows are numbered
0..99. Its terrain is `terrain[symbol]`.

Layouts (offset coordinates, the Red Blob Games conventions, applied to the
column and row *numbers* of the hex names, not to 0-based indexes):

- `odd-q`: flat-topped hexes in vertical columns; odd-numbered columns are
  shoved down half a hex (so `0101` sits half a hex lower than `0201`).
- `even-q`: flat-topped; even-numbered columns shoved down.
- `odd-r`: pointy-topped hexes in horizontal rows; odd-numbered rows shoved right.
- `even-r`: pointy-topped; even-numbered rows shoved right.

Every hex gets axial coordinates `(q, r)`; its six neighbours are the hexes at
`(q+1, r) (q+1, r-1) (q, r-1) (q-1, r) (q-1, r+1) (q, r+1)`.

Expansion rules:

- a hex with an impassable terrain is no area at all (nothing borders it);
- a hex with a sea terrain is a `sea` area; any other hex is `coast` when a
  neighbour is sea, else `land`;
- armies cross between neighbouring non-sea hexes;
- fleets cross between neighbouring sea hexes, between a sea hex and a coast
  hex, and between two coast hexes only when one of the two hexes flanking
  their shared edge is sea (the coastline runs along that edge);
- an area's name is its hex code; a map may name hexes, put cities on them
  and so on under `hexes:` (see `maps.loader`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from enum import StrEnum

from maps.model import Area, AreaKind, Crossing
from texts import T_

Axial = tuple[int, int]
Report = Callable[[str, str], None]
"""Receives (key path, message) for each problem found in a grid."""

AXIAL_DIRECTIONS: tuple[Axial, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
MAX_NUMBER = 99


class HexLayout(StrEnum):
    """How offset rows/columns are shoved (see the module docstring)."""

    ODD_Q = "odd-q"
    EVEN_Q = "even-q"
    ODD_R = "odd-r"
    EVEN_R = "even-r"


@dataclass(frozen=True)
class HexGrid:
    """A validated terrain grid as written in a map file."""

    rows: tuple[str, ...]
    terrain: Mapping[str, str]
    layout: HexLayout = HexLayout.ODD_Q
    first_column: int = 1
    first_row: int = 1
    sea_terrains: frozenset[str] = frozenset({"sea"})
    impassable_terrains: frozenset[str] = frozenset({"impassable"})


@dataclass(frozen=True)
class Hex:
    """One cell of a grid."""

    code: str
    column: int
    row: int
    axial: Axial
    terrain: str


@dataclass(frozen=True)
class GridExpansion:
    """The areas and borders a grid stands for (borders listed from both ends)."""

    areas: dict[str, Area]
    borders: dict[str, dict[Crossing, tuple[str, ...]]]


def hex_code(column: int, row: int) -> str:
    """`hex_code(4, 12)` -> `"0412"`."""
    return f"{column:02d}{row:02d}"


def offset_to_axial(column: int, row: int, layout: HexLayout) -> Axial:
    """Axial (q, r) of the hex at a column and row number under `layout`."""
    match layout:
        case HexLayout.ODD_Q:
            return column, row - (column - (column & 1)) // 2
        case HexLayout.EVEN_Q:
            return column, row - (column + (column & 1)) // 2
        case HexLayout.ODD_R:
            return column - (row - (row & 1)) // 2, row
        case HexLayout.EVEN_R:
            return column - (row + (row & 1)) // 2, row
    raise ValueError(f"unknown hex layout {layout!r}")


def axial_to_offset(axial: Axial, layout: HexLayout) -> tuple[int, int]:
    """(column, row) numbers of the hex at axial `(q, r)`; inverse of `offset_to_axial`."""
    q, r = axial
    match layout:
        case HexLayout.ODD_Q:
            return q, r + (q - (q & 1)) // 2
        case HexLayout.EVEN_Q:
            return q, r + (q + (q & 1)) // 2
        case HexLayout.ODD_R:
            return q + (r - (r & 1)) // 2, r
        case HexLayout.EVEN_R:
            return q + (r + (r & 1)) // 2, r
    raise ValueError(f"unknown hex layout {layout!r}")


def axial_neighbours(axial: Axial) -> tuple[Axial, ...]:
    """The six axial coordinates around `axial`."""
    q, r = axial
    return tuple((q + dq, r + dr) for dq, dr in AXIAL_DIRECTIONS)


def flanking(a: Axial, b: Axial) -> tuple[Axial, ...]:
    """The (two) hexes that touch both neighbours `a` and `b`."""
    around_b = set(axial_neighbours(b))
    return tuple(h for h in axial_neighbours(a) if h in around_b)


# --- reading the `grid` mapping ----------------------------------------------


def parse_grid(raw: object, report: Report, path: str = "grid") -> HexGrid | None:
    """Check a raw `grid` mapping and turn it into a `HexGrid` (None if broken).

    Every problem goes to `report(key, message)`; nothing is raised."""
    if not isinstance(raw, Mapping):
        report(path, "must be a mapping")
        return None
    known = {
        "columns",
        "first_column",
        "first_row",
        "layout",
        "terrain",
        "sea_terrains",
        "impassable_terrains",
        "rows",
    }
    for key in raw:
        if key not in known:
            report(f"{path}.{key}", T_("is not a known grid key"))
    before = _Counter(report)
    rows = _rows(raw.get("rows"), raw.get("columns"), before, path)
    terrain = _terrain(raw.get("terrain"), before, path)
    layout = _layout(raw.get("layout", HexLayout.ODD_Q.value), before, path)
    first_column = _number(raw.get("first_column", 1), f"{path}.first_column", before)
    first_row = _number(raw.get("first_row", 1), f"{path}.first_row", before)
    sea = _terrain_set(raw, "sea_terrains", ("sea",), terrain, before, path)
    impassable = _terrain_set(raw, "impassable_terrains", ("impassable",), terrain, before, path)
    if before.count:
        return None
    assert rows is not None and terrain is not None and layout is not None
    _check_symbols(rows, terrain, before, path)
    _check_extent(rows, first_column, first_row, before, path)
    if before.count:
        return None
    return HexGrid(rows, terrain, layout, first_column, first_row, sea, impassable)


class _Counter:
    """Forwards reports and counts them."""

    def __init__(self, report: Report) -> None:
        self._report = report
        self.count = 0

    def __call__(self, key: str, message: str) -> None:
        self.count += 1
        self._report(key, message)


def _rows(raw: object, columns: object, report: Report, path: str) -> tuple[str, ...] | None:
    if not isinstance(raw, list) or not raw or not all(isinstance(r, str) and r for r in raw):
        report(f"{path}.rows", T_("must be a non-empty list of non-empty strings"))
        return None
    if columns is not None and (not isinstance(columns, int) or isinstance(columns, bool)):
        report(f"{path}.columns", T_("must be a whole number"))
        return None
    expected = columns if columns is not None else len(raw[0])
    bad = [i for i, r in enumerate(raw) if len(r) != expected]
    for i in bad:
        report(
            f"{path}.rows[{i}]",
            T_("has {n} hexes, expected {expected}", n=len(raw[i]), expected=expected),
        )
    return None if bad else tuple(raw)


def _terrain(raw: object, report: Report, path: str) -> dict[str, str] | None:
    if not isinstance(raw, Mapping) or not raw:
        report(f"{path}.terrain", T_("must be a non-empty mapping of symbol -> terrain"))
        return None
    good = True
    for symbol, name in raw.items():
        if not isinstance(symbol, str) or len(symbol) != 1:
            report(
                f"{path}.terrain", T_("key {symbol!r} must be a single character", symbol=symbol)
            )
            good = False
        if not isinstance(name, str) or not name:
            report(f"{path}.terrain.{symbol}", T_("must be a terrain name"))
            good = False
    return dict(raw) if good else None


def _layout(raw: object, report: Report, path: str) -> HexLayout | None:
    try:
        return HexLayout(raw if isinstance(raw, str) else "")
    except ValueError:
        choices = ", ".join(layout.value for layout in HexLayout)
        report(
            f"{path}.layout", T_("is {raw!r}, expected one of {choices}", raw=raw, choices=choices)
        )
        return None


def _number(raw: object, key: str, report: Report) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool) or not 0 <= raw <= MAX_NUMBER:
        report(key, T_("must be a whole number from 0 to {most}", most=MAX_NUMBER))
        return 0
    return raw


def _terrain_set(
    raw: Mapping[str, object],
    key: str,
    default: tuple[str, ...],
    terrain: Mapping[str, str] | None,
    report: Report,
    path: str,
) -> frozenset[str]:
    value = raw.get(key, list(default))
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        report(f"{path}.{key}", T_("must be a list of terrain names"))
        return frozenset()
    if key in raw and terrain is not None:
        for name in value:
            if name not in terrain.values():
                report(
                    f"{path}.{key}",
                    T_(
                        "names {name!r}, which no symbol in {path}.terrain has",
                        name=name,
                        path=path,
                    ),
                )
    return frozenset(value)


def _check_symbols(
    rows: tuple[str, ...], terrain: Mapping[str, str], report: Report, path: str
) -> None:
    for i, row in enumerate(rows):
        for j, symbol in enumerate(row):
            if symbol not in terrain:
                report(
                    f"{path}.rows[{i}][{j}]",
                    T_("symbol {symbol!r} is not in {path}.terrain", symbol=symbol, path=path),
                )


def _check_extent(
    rows: tuple[str, ...], first_column: int, first_row: int, report: Report, path: str
) -> None:
    last_column = first_column + len(rows[0]) - 1
    last_row = first_row + len(rows) - 1
    if last_column > MAX_NUMBER or last_row > MAX_NUMBER:
        report(
            f"{path}.rows",
            T_(
                "reach column {last_column}, row {last_row}; hex names allow {most}",
                last_column=last_column,
                last_row=last_row,
                most=MAX_NUMBER,
            ),
        )


# --- expansion ---------------------------------------------------------------


def grid_hexes(grid: HexGrid) -> Iterator[Hex]:
    """Every cell of the grid, impassable ones included, row by row."""
    for i, line in enumerate(grid.rows):
        row = grid.first_row + i
        for j, symbol in enumerate(line):
            column = grid.first_column + j
            yield Hex(
                hex_code(column, row),
                column,
                row,
                offset_to_axial(column, row, grid.layout),
                grid.terrain[symbol],
            )


def expand_grid(grid: HexGrid) -> GridExpansion:
    """The areas (kind, terrain, axial set) and borders of a grid."""
    by_axial = {h.axial: h for h in grid_hexes(grid) if h.terrain not in grid.impassable_terrains}
    is_sea = {axial: h.terrain in grid.sea_terrains for axial, h in by_axial.items()}
    areas = {h.code: _hex_area(h, is_sea) for h in by_axial.values()}
    borders: dict[str, dict[Crossing, tuple[str, ...]]] = {}
    for axial, cell in by_axial.items():
        near = [by_axial[n] for n in axial_neighbours(axial) if n in by_axial]
        army = tuple(n.code for n in near if not is_sea[axial] and not is_sea[n.axial])
        fleet = tuple(n.code for n in near if _fleet_crossing(axial, n.axial, is_sea))
        borders[cell.code] = {
            k: v for k, v in ((Crossing.ARMY, army), (Crossing.FLEET, fleet)) if v
        }
    return GridExpansion(areas, borders)


def _hex_area(cell: Hex, is_sea: Mapping[Axial, bool]) -> Area:
    if is_sea[cell.axial]:
        kind = AreaKind.SEA
    elif any(is_sea.get(n, False) for n in axial_neighbours(cell.axial)):
        kind = AreaKind.COAST
    else:
        kind = AreaKind.LAND
    return Area(code=cell.code, name=cell.code, kind=kind, terrain=cell.terrain, axial=cell.axial)


def _fleet_crossing(a: Axial, b: Axial, is_sea: Mapping[Axial, bool]) -> bool:
    """Sea-sea and sea-coast always; coast-coast only along a shared coastline."""
    return is_sea[a] or is_sea[b] or any(is_sea.get(h, False) for h in flanking(a, b))
