"""The history charts of an Orbis game: VIA, LEG, RQU and PRO per nation."""

from __future__ import annotations

import struct
from pathlib import Path

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.sheet_files import read_sheets
from adjudicator.rulesets.orbis.state import TURN, OrbisState
from adjudicator.rulesets.orbis.turn import resolve_year
from orders.orbis.model import OrbisNames
from orders.orbis.reader import read_post
from renderers.orbis.charts import render_history_chart
from renderers.png import SIGNATURE

NATIONS = read_sheets(Path(__file__).parent / "sheets")
NAMES = {n.id: n.name for n in NATIONS}
Series = dict[str, list[tuple[int, int, int, int]]]


def played(years: int) -> tuple[list[int], Series]:
    """The series of a game played `years` years, Castilla attacking Asturias
    every year."""
    book = OrbisNames({n.id: (n.name, *n.aliases) for n in NATIONS})
    state = OrbisState(Phase(500, None, TURN), 500, NATIONS)
    shown: list[int] = []
    series: Series = {n.id: [] for n in NATIONS}

    def record(s: OrbisState) -> None:
        shown.append(s.year)
        for n in s.nations:
            series[n.id].append((n.via, n.leg, n.rqu, n.pro))

    record(state)
    for _ in range(years):
        post = read_post(
            "Medida: Ofensiva contra Asturias", file="c.txt", power="castilla", names=book
        )
        dice = Dice("chart", "g", state.phase.id)
        state = resolve_year(state, post.medidas, OrbisOptions(), dice).state
        record(state)
    return shown, series


def size(png: bytes) -> tuple[int, int]:
    width, height = struct.unpack(">II", png[16:24])
    return width, height


def test_png_is_deterministic_and_sized() -> None:
    """O-122, O-124, O-125, O-136: the four panels of a played game give the
    same PNG bytes twice, 1200×800 pixels."""
    years, series = played(5)
    assert years == [500, 501, 502, 503, 504, 505]
    first = render_history_chart(years, series, NAMES, "png")
    assert first.startswith(SIGNATURE)
    assert first == render_history_chart(years, series, NAMES, "png")
    assert size(first) == (1200, 800)


def test_the_data_changes_the_picture() -> None:
    """O-126, O-130, O-137: the cycle's end (504) restores and pays, so the
    series move; another series draws another picture."""
    years, series = played(5)
    assert series["castilla"][-1][2] == series["castilla"][0][2] + 5  # +5 RQU at 504's end
    flat = {k: [v[0]] * len(v) for k, v in series.items()}
    assert render_history_chart(years, series, NAMES, "png") != render_history_chart(
        years, flat, NAMES, "png"
    )


def test_svg_is_deterministic_without_dates() -> None:
    """O-122: the SVG is the same bytes twice and carries no date."""
    years, series = played(2)
    svg = render_history_chart(years, series, NAMES, "svg")
    assert svg.startswith(b"<?xml")
    assert svg == render_history_chart(years, series, NAMES, "svg")
    assert b"<dc:date>" not in svg


def test_bad_input_is_refused() -> None:
    """O-122: a series without one entry per year, or an unknown format, is
    a ValueError naming the problem."""
    years, series = played(1)
    short = {**series, "castilla": series["castilla"][:1]}
    with pytest.raises(ValueError, match="castilla: 1 entries for 2 years"):
        render_history_chart(years, short, NAMES, "png")
    with pytest.raises(ValueError, match="unknown chart format"):
        render_history_chart(years, series, NAMES, "gif")  # type: ignore[arg-type]


def test_sheet_colours_are_used() -> None:
    """O-122, O-136: a nation's line takes its sheet colour when given."""
    years, series = played(1)
    colours = {n.id: n.colour for n in NATIONS if n.colour}
    assert colours == {"castilla": "#b03a2e"}
    plain = render_history_chart(years, series, NAMES, "svg")
    coloured = render_history_chart(years, series, NAMES, "svg", colours=colours)
    assert b"#b03a2e" in coloured
    assert b"#b03a2e" not in plain
