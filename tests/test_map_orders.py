"""Every order where it belongs on a board map (issue 20): the map after a
retreat or adjustment phase also draws the last movement phase's orders,
lighter; a convoyed army's arrow follows the seas of its route; an area left
empty by a standoff is marked; a dislodged unit and its options cover no label.

The drawings are checked on their matplotlib artists, before any bytes."""

from __future__ import annotations

import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
import pytest
from matplotlib.collections import PathCollection
from matplotlib.colors import to_hex
from matplotlib.figure import Figure
from matplotlib.patches import FancyArrowPatch
from matplotlib.path import Path as MplPath

from adjudicator.app import gamefolder as gf
from adjudicator.app.game import earlier_turn, open_game
from adjudicator.app.preview import secret_for
from adjudicator.core.plugin import OrderFile
from adjudicator.kits.board.results import OrderResult, Outcome, Reason
from adjudicator.kits.board.state import Unit
from maps import load_map
from maps.geometry import load_geometry
from orders.board.model import Convoy, Disband, Hold, Move, Retreat, UnitKind, UnitRef
from renderers import map_style as style
from renderers.board import map_image
from renderers.board.map_board import Canvas
from renderers.board.map_orders import (
    STANDOFF_INK,
    PhaseOrders,
    draw_orders,
    lighter,
    standoffs,
)
from tests.cli_runner import current_phase, play_example, report_json, run

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


def convoyed(power: str, fleet: str, army: str, dest: str) -> OrderResult:
    order = Convoy(power, UnitRef(F, fleet), UnitRef(A, army), dest)
    return OrderResult(order, Outcome.SUCCEEDS, Reason.CONVOY_GIVEN, Unit(power, F, fleet))


def arrows(canvas: Canvas) -> list[FancyArrowPatch]:
    return [a for a in canvas.ax.get_children() if isinstance(a, FancyArrowPatch)]


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


def on_curve(path: MplPath) -> list[tuple[float, float]]:
    """The points a cubic Bézier path passes through (its ends and joints)."""
    verts = [(x, y) for x, y in np.asarray(path.vertices, dtype=float).tolist()]
    return [verts[0], *verts[3::3]]


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
    draw_orders(classic, results)
    (arrow,) = arrows(classic)
    assert MplPath.CURVE4 in set(arrow._path_original.codes)  # type: ignore[attr-defined]
    joints = on_curve(arrow._path_original)  # type: ignore[attr-defined]
    areas = classic.geometry.areas
    assert joints[1:-1] == [areas["ENG"].unit, areas["MAO"].unit]
    assert areas["NTH"].unit not in joints
    # the ends are the army's spot and Portugal's, pulled in a little
    start, end = areas["LON"].unit, areas["POR"].unit
    assert abs(joints[0][0] - start[0]) + abs(joints[0][1] - start[1]) < 15
    assert abs(joints[-1][0] - end[0]) + abs(joints[-1][1] - end[1]) < 15


def test_a_move_without_convoy_stays_a_straight_arrow(classic: Canvas) -> None:
    draw_orders(classic, [moved("FRA", A, "PAR", "BUR")])
    (arrow,) = arrows(classic)
    assert arrow._path_original is None  # type: ignore[attr-defined]
    assert arrow._posA_posB == [  # type: ignore[attr-defined]
        classic.geometry.areas["PAR"].unit,
        classic.geometry.areas["BUR"].unit,
    ]


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
    retreat = [
        OrderResult(
            Retreat("FRA", UnitRef(A, "BUR"), "PIC"),
            Outcome.SUCCEEDS,
            Reason.RETREATED,
            Unit("FRA", A, "BUR"),
        )
    ]
    movement = [moved("GER", A, "MUN", "BUR"), moved("FRA", A, "PAR", "GAS")]
    draw_orders(classic, PhaseOrders(retreat, movement))
    drawn = arrows(classic)
    assert len(drawn) == 3
    inks = [to_hex(a.get_edgecolor()) for a in drawn]
    palette = classic.palette
    # the movement's two arrows first (under), in lighter inks; then the retreat
    assert inks == [
        lighter(palette.ink("FRA")),
        lighter(palette.ink("GER")),
        to_hex(palette.ink("FRA")),
    ]
    assert all(lighter(ink) != ink for ink in (palette.ink("FRA"), palette.ink("GER")))


def test_without_an_earlier_phase_nothing_is_faded(classic: Canvas) -> None:
    draw_orders(classic, PhaseOrders([moved("GER", A, "MUN", "BUR")]))
    assert [to_hex(a.get_edgecolor()) for a in arrows(classic)] == [
        to_hex(classic.palette.ink("GER"))
    ]


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
