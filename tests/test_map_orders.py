"""Every order where it belongs on a board map (issue 20): the map after a
retreat or adjustment phase also draws the last movement phase's orders,
lighter; a convoyed army's arrow follows the seas of its route; an area left
empty by a standoff is marked; a dislodged unit and its options cover no label.

The drawings are checked on their matplotlib artists, before any bytes."""

from __future__ import annotations

import math
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
import pytest
from matplotlib.collections import LineCollection, PathCollection, PolyCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from adjudicator.app import gamefolder as gf
from adjudicator.app.game import earlier_turn, open_game
from adjudicator.app.preview import secret_for
from adjudicator.core.plugin import OrderFile
from adjudicator.kits.board.results import OrderResult, Outcome, Reason
from adjudicator.kits.board.state import Unit
from maps import load_map
from maps.geometry import load_geometry
from orders.board.model import (
    Convoy,
    Disband,
    Hold,
    Move,
    Retreat,
    SupportMove,
    UnitKind,
    UnitRef,
)
from renderers import map_style as style
from renderers.board import map_image
from renderers.board.map_board import Canvas
from renderers.board.map_marks import (
    ARROW_WIDTH,
    HALO,
    HALO_WIDTH,
    HEAD_LENGTH,
    HEAD_WIDTH,
    LINE_HALO_WIDTH,
    Arrow,
    arrow_along,
    lighter,
)
from renderers.board.map_orders import (
    ARROW_TRIM,
    STANDOFF_INK,
    PhaseOrders,
    draw_orders,
    order_marks,
    standoffs,
)
from renderers.map_text import count_collisions
from tests.cli_runner import current_phase, play_example, report_json, run
from tests.rulesets import board_rendering

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "machiavelli-1454"
A, F = UnitKind.ARMY, UnitKind.FLEET


def canvas_of(name: str) -> Canvas:
    game_map, geometry = load_map(name), load_geometry(name)
    figure = Figure(figsize=(geometry.width / 100, geometry.height / 100), dpi=100)
    ax = figure.add_axes((0.0, 0.0, 1.0, 1.0))
    ax.set_xlim(0, geometry.width)
    ax.set_ylim(geometry.height, 0)
    return Canvas(ax, game_map, geometry, style.palette(game_map, ()))


@pytest.fixture
def classic() -> Iterator[Canvas]:
    with matplotlib.rc_context({"path.simplify": False}):
        yield canvas_of("classic")


def moved(power: str, kind: UnitKind, at: str, dest: str, ok: bool = True) -> OrderResult:
    reason = Reason.MOVED if ok else Reason.BOUNCED
    outcome = Outcome.SUCCEEDS if ok else Outcome.FAILS
    order = Move(power, UnitRef(kind, at), dest)
    return OrderResult(order, outcome, reason, Unit(power, kind, at))


def held(power: str, kind: UnitKind, at: str) -> OrderResult:
    return OrderResult(
        Hold(power, UnitRef(kind, at)), Outcome.SUCCEEDS, Reason.HELD, Unit(power, kind, at)
    )


def retreated(power: str, kind: UnitKind, at: str, dest: str) -> OrderResult:
    order = Retreat(power, UnitRef(kind, at), dest)
    return OrderResult(order, Outcome.SUCCEEDS, Reason.RETREATED, Unit(power, kind, at))


def convoyed(power: str, fleet: str, army: str, dest: str) -> OrderResult:
    order = Convoy(power, UnitRef(F, fleet), UnitRef(A, army), dest)
    return OrderResult(order, Outcome.SUCCEEDS, Reason.CONVOY_GIVEN, Unit(power, F, fleet))


def arrows(canvas: Canvas, results: Sequence[OrderResult]) -> list[Arrow]:
    """The arrows the orders layer draws for `results`, earlier phase first."""
    return [arrow for marks in order_marks(canvas, results) for arrow in marks.arrows]


def near(point: tuple[float, float], points: Sequence[tuple[float, float]], by: float) -> bool:
    return any(math.dist(point, p) <= by for p in points)


def marker_points(canvas: Canvas, edge: str) -> list[tuple[float, float]]:
    """The offsets of the marker collections drawn with edge colour `edge`."""
    found: list[tuple[float, float]] = []
    for collection in canvas.ax.collections:
        if not isinstance(collection, PathCollection):
            continue
        edges = [to_hex(tuple(c)) for c in np.asarray(collection.get_edgecolor()).tolist()]
        offsets = np.asarray(collection.get_offsets(), dtype=float).tolist()
        for k, (x, y) in enumerate(offsets):
            if edges and edges[k % len(edges)] == edge:
                found.append((x, y))
    return found


# --- convoy routes follow the seas ------------------------------------------------


def test_a_convoyed_move_follows_its_fleets_seas_in_route_order(classic: Canvas) -> None:
    """A LON-POR convoyed by ENG and MAO, with NTH (nearer London) also
    convoying it but on no chain to Portugal: the arrow is one smooth curve
    through ENG's then MAO's sea centre, and not through NTH."""
    results = [
        moved("ENG", A, "LON", "POR"),
        convoyed("ENG", "MAO", "LON", "POR"),
        convoyed("ENG", "ENG", "LON", "POR"),
        convoyed("ENG", "NTH", "LON", "POR"),
    ]
    (arrow,) = arrows(classic, results)
    shaft, areas = list(arrow.shaft), classic.geometry.areas
    assert len(shaft) > 10  # a flattened curve, not a polyline through the seas
    passes = [
        min(range(len(shaft)), key=lambda k: math.dist(shaft[k], areas[sea].unit))
        for sea in ("ENG", "MAO")
    ]
    assert all(
        math.dist(shaft[k], areas[sea].unit) < 1e-6 for k, sea in zip(passes, ("ENG", "MAO"))
    )
    assert passes[0] < passes[1]
    assert not near(areas["NTH"].unit, shaft, 20.0)
    # the ends are the army's spot and Portugal's, pulled in a little
    assert math.dist(shaft[0], areas["LON"].unit) < 15
    assert math.dist(arrow.head[0], areas["POR"].unit) < 15


def test_a_move_without_convoy_stays_a_straight_arrow(classic: Canvas) -> None:
    (arrow,) = arrows(classic, [moved("FRA", A, "PAR", "BUR")])
    start, end = classic.geometry.areas["PAR"].unit, classic.geometry.areas["BUR"].unit
    assert len(arrow.shaft) == 2
    tip = arrow.head[0]
    assert math.dist(arrow.shaft[0], start) == pytest.approx(ARROW_TRIM)
    assert math.dist(tip, end) == pytest.approx(ARROW_TRIM)
    # the shaft and the tip lie on the line from Paris to Burgundy
    for point in (*arrow.shaft, tip):
        cross = (end[0] - start[0]) * (point[1] - start[1]) - (end[1] - start[1]) * (
            point[0] - start[0]
        )
        assert abs(cross) / math.dist(start, end) < 1e-6


def test_an_arrow_head_is_a_triangle_at_the_shafts_end() -> None:
    arrow = arrow_along([(0.0, 0.0), (0.0, 50.0)], "#123456", "-")
    tip, left, right = arrow.head
    assert tip == (0.0, 50.0)
    assert left[1] == right[1] == pytest.approx(50.0 - HEAD_LENGTH)
    assert abs(left[0] - right[0]) == pytest.approx(HEAD_WIDTH)
    assert arrow.shaft[0] == (0.0, 0.0)
    assert 50.0 - HEAD_LENGTH < arrow.shaft[-1][1] < 50.0  # into the head, short of the tip


# --- standoffs ----------------------------------------------------------------------


def test_an_area_left_empty_by_a_standoff_is_marked(classic: Canvas) -> None:
    results = [moved("FRA", A, "PAR", "BUR", ok=False), moved("GER", A, "MUN", "BUR", ok=False)]
    assert standoffs(classic, results) == {"BUR"}
    draw_orders(classic, results)
    assert marker_points(classic, STANDOFF_INK) == [classic.geometry.areas["BUR"].unit] * 2


def test_no_standoff_mark_where_a_unit_stays_or_one_move_bounced(classic: Canvas) -> None:
    kept = [
        moved("FRA", A, "PAR", "BUR", ok=False),
        moved("GER", A, "MUN", "BUR", ok=False),
        held("ITA", A, "BUR"),
        moved("ENG", F, "NTH", "HOL", ok=False),  # alone: a bounce off a holder
        held("GER", A, "HOL"),
    ]
    assert standoffs(classic, kept) == frozenset()
    draw_orders(classic, kept)
    assert marker_points(classic, STANDOFF_INK) == []


# --- the last movement phase, lighter -----------------------------------------------


def test_the_earlier_movement_is_drawn_lighter_under_the_later_phase(classic: Canvas) -> None:
    retreat = [retreated("FRA", A, "BUR", "PIC")]
    movement = [moved("GER", A, "MUN", "BUR"), moved("FRA", A, "PAR", "GAS")]
    results = PhaseOrders(retreat, movement)
    earlier, current = order_marks(classic, results)
    palette = classic.palette
    assert earlier.faded and not current.faded
    assert [a.ink for a in earlier.arrows] == [
        lighter(palette.ink("FRA")),
        lighter(palette.ink("GER")),
    ]
    assert [a.ink for a in current.arrows] == [palette.ink("FRA")]
    assert all(lighter(ink) != ink for ink in (palette.ink("FRA"), palette.ink("GER")))
    # drawn in that order: the earlier phase's shafts under the retreat's
    draw_orders(classic, results)
    shafts = [shaft_inks(c) for c in classic.ax.collections if isinstance(c, LineCollection)]
    assert shafts.index([lighter(palette.ink("FRA")), lighter(palette.ink("GER"))]) < shafts.index(
        [to_hex(palette.ink("FRA"))]
    )


def test_without_an_earlier_phase_nothing_is_faded(classic: Canvas) -> None:
    (marks,) = order_marks(classic, PhaseOrders([moved("GER", A, "MUN", "BUR")]))
    assert not marks.faded
    assert [a.ink for a in marks.arrows] == [classic.palette.ink("GER")]


def shaft_inks(collection: LineCollection) -> list[str]:
    return [to_hex(tuple(c)) for c in np.asarray(collection.get_colors()).tolist()]


def casings(canvas: Canvas) -> list[float]:
    """The widths of the white casings drawn (one per line or shaft)."""
    found: list[float] = []
    for collection in canvas.ax.collections:
        if isinstance(collection, LineCollection) and set(shaft_inks(collection)) == {HALO}:
            found += np.asarray(collection.get_linewidth(), dtype=float).ravel().tolist()
    return found


def test_the_phases_arrows_are_cased_in_white_and_the_earlier_ones_not(classic: Canvas) -> None:
    """Issue 20 (legible for every colour vision): the phase's arrows lie on a
    white casing `HALO_WIDTH` wide each side, heads included, so an ink reads
    over any fill; the earlier phase's lighter arrows stay plain."""
    retreat = [retreated("FRA", A, "BUR", "PIC")]
    draw_orders(classic, PhaseOrders(retreat, [moved("GER", A, "MUN", "BUR")]))
    assert casings(classic) == [ARROW_WIDTH + 2 * HALO_WIDTH]  # one arrow of two
    heads = [c for c in classic.ax.collections if isinstance(c, PolyCollection)]
    white = [
        c for c in heads if {to_hex(tuple(e)) for e in np.asarray(c.get_edgecolor())} == {HALO}
    ]
    assert len(white) == 1 and len(white[0].get_paths()) == 1


def test_support_lines_are_cased_under_their_ink(classic: Canvas) -> None:
    order = SupportMove("AUS", UnitRef(A, "VIE"), UnitRef(A, "BUD"), "GAL")
    given = OrderResult(order, Outcome.SUCCEEDS, Reason.SUPPORT_GIVEN, Unit("AUS", A, "VIE"))
    draw_orders(classic, [given, moved("AUS", A, "BUD", "GAL")])
    assert sorted(casings(classic)) == [1.5 + 2 * LINE_HALO_WIDTH, ARROW_WIDTH + 2 * HALO_WIDTH]
    children = classic.ax.get_children()
    lines = [c for c in classic.ax.collections if isinstance(c, LineCollection)]
    halo, ink = lines[0], lines[1]
    assert shaft_inks(halo) == [HALO] and shaft_inks(ink) == [to_hex(classic.palette.ink("AUS"))]
    assert children.index(halo) < children.index(ink) and halo.zorder <= ink.zorder


class Drawn:
    """What `render_map` was asked to draw."""

    def __init__(self) -> None:
        self.calls: list[tuple[Sequence[OrderResult], str]] = []

    def wrap(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = map_image.render_map

        def render_map(*args: Any, **kwargs: Any) -> bytes:
            self.calls.append((args[3], kwargs.get("subtitle", "")))
            return original(*args, **kwargs)

        monkeypatch.setattr(map_image, "render_map", render_map)


def kinds(results: Sequence[OrderResult]) -> set[type]:
    return {type(r.order) for r in results}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Path:
    mp = pytest.MonkeyPatch()
    mp.delenv(gf.SECRET_ENV, raising=False)
    try:
        folder = tmp_path_factory.mktemp("orders") / "game"
        play_example(EXAMPLE, folder)
        return folder
    finally:
        mp.undo()


def test_the_fall_map_after_the_summer_retreat_shows_the_summer_moves(
    played: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`render` of 1454 fall: the summer retreat's orders, and under them the
    summer movement's (resolved again from its archive), named in the subtitle."""
    drawn = Drawn()
    drawn.wrap(monkeypatch)
    out = tmp_path / "fall.png"
    result = run("render", played, "--phase", "1454-fall-movement", "--out", out)
    assert result.exit_code == 0, result.output
    ((results, subtitle),) = drawn.calls
    assert isinstance(results, PhaseOrders)
    assert kinds(results) <= {Retreat, Disband} and results
    assert Move in kinds(results.earlier) and Convoy in kinds(results.earlier)
    assert len(results.earlier) == len(report_json(played, "1454-summer-movement")["results"])
    assert "Summer 1454 retreat" in subtitle and "lighter: Summer 1454 movement" in subtitle


def test_a_map_after_a_movement_phase_has_no_faded_layer(
    played: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    drawn = Drawn()
    drawn.wrap(monkeypatch)
    out = tmp_path / "retreat.png"
    assert run("render", played, "--phase", "1454-summer-retreat", "--out", out).exit_code == 0
    ((results, subtitle),) = drawn.calls
    assert isinstance(results, PhaseOrders) and results.earlier == ()
    assert Move in kinds(results) and "lighter" not in subtitle


def test_judging_the_summer_retreat_draws_the_summer_moves_too(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """`Session.judge` given `earlier` (the app's `earlier_turn`) draws the map
    of the fall with the summer movement's orders under the retreat's."""
    monkeypatch.delenv(gf.SECRET_ENV, raising=False)
    folder = tmp_path / "game"
    shutil.copytree(EXAMPLE, folder)
    aside = tmp_path / "retreat-mail"
    shutil.move(folder / "orders" / "1454-summer-retreat", aside)
    play_example_in_place(folder)
    game = open_game(folder)
    assert str(game.session.phase.id) == "1454-summer-retreat"
    mail = sorted(aside.glob("*.txt"))
    files = tuple(OrderFile(p.name, p.read_bytes()) for p in mail)
    drawn = Drawn()
    drawn.wrap(monkeypatch)
    phase = game.session.phase
    judged = game.session.judge(files, secret_for(game), earlier=lambda: earlier_turn(game, phase))
    assert judged.map_image is not None
    ((results, _),) = drawn.calls
    assert isinstance(results, PhaseOrders)
    assert Move in kinds(results.earlier) and Move not in kinds(results)


def play_example_in_place(folder: Path) -> None:
    """Adjudicate the phases of a copied example while it has their mail."""
    while (mail := folder / "orders" / (phase := current_phase(folder))).is_dir():
        assert run("adjudicate", folder, *sorted(mail.glob("*.txt"))).exit_code in (0, 1), phase


@pytest.mark.parametrize(
    "phase",
    ["1454-summer-movement", "1454-summer-retreat", "1454-fall-movement", "1455-spring-adjustment"],
)
def test_no_label_lies_under_an_order_or_a_retreat_on_the_examples_maps(
    played: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, phase: str
) -> None:
    """Issue 20: retreats and their options never cover a label, nor do the
    phase's arrows, lines and rings (the labels are placed around them,
    `map_labels.place_labels`): each map of the Machiavelli example, drawn by
    `render` with its orders (and the summer's moves, lighter, on the fall's),
    has no label under any of them."""
    calls: list[tuple[Any, ...]] = []
    original = map_image.render_map

    def render_map(*args: Any, **kwargs: Any) -> bytes:
        calls.append(args)
        return original(*args, **kwargs)

    monkeypatch.setattr(map_image, "render_map", render_map)
    assert run("render", played, "--phase", phase, "--out", tmp_path / "m.png").exit_code == 0
    ((game_map, geometry, state, results),) = calls
    assert results
    rendering = board_rendering("machiavelli")
    assert map_image.label_collisions(game_map, geometry, state, rendering, results) == 0
    # the count sees the orders: labels placed as if there were none lie under some
    unaware, marks = map_image.map_labels(game_map, geometry, state, rendering, ())
    _, avoided = map_image.map_labels(game_map, geometry, state, rendering, results)
    assert marks == [] and count_collisions([p.box for p in unaware], avoided) > 0
