"""The map draws the advanced rules' state (issue 13): famine markers, the
season's plague, rebellions and special units, each a badge listed in the
legend."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli import MACHIAVELLI
from adjudicator.rulesets.machiavelli.records import Rebellion, SpecialKind
from maps import load_map
from maps.geometry import load_geometry
from orders.board.model import UnitKind
from renderers.board.map_image import render_map
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING

MAP = load_map("machiavelli")
START = MACHIAVELLI.initial_state(MAP, "balance", MACHIAVELLI.options(preset="advanced"))
MARKED = replace(
    START,
    famine=frozenset({"ARE"}),
    plague=frozenset({"BER"}),
    rebellions=(Rebellion("PISA", "florence"), Rebellion("VEN", "venice", in_city=True)),
    specials={Unit("florence", UnitKind.ARMY, "FLO"): SpecialKind.ELITE_MERCENARIES},
)


def test_each_advanced_fact_is_a_badge() -> None:
    marks = MACHIAVELLI_RENDERING.marks(MARKED)
    assert [(m.area, m.letter, m.in_city, m.beside) for m in marks] == [
        ("ARE", "H", False, None),
        ("BER", "X", False, None),
        ("PISA", "R", False, None),
        ("VEN", "R", True, None),
        ("FLO", "E", False, "A FLO"),
    ]
    assert {m.legend for m in marks} == {"famine", "plague", "rebellion", "elite mercenaries"}


def test_a_basic_game_has_no_badges() -> None:
    basic = MACHIAVELLI.initial_state(MAP, "balance")
    assert MACHIAVELLI_RENDERING.marks(basic) == ()


def test_the_badges_are_drawn() -> None:
    geometry = load_geometry("machiavelli")
    plain = render_map(MAP, geometry, START, fmt="png", rendering=MACHIAVELLI_RENDERING)
    marked = render_map(MAP, geometry, MARKED, fmt="png", rendering=MACHIAVELLI_RENDERING)
    assert plain != marked
    again = render_map(MAP, geometry, MARKED, fmt="png", rendering=MACHIAVELLI_RENDERING)
    assert again == marked  # the same state, the same bytes
