"""The sheets kit (adjudicator/kits/sheets): the pieces genes uses and the
next sheet rulesets (orbis, narrativo) will."""

from __future__ import annotations

import pytest

from adjudicator.kits.sheets.handlers import HandlerRegistry
from adjudicator.kits.sheets.reader import SheetReader
from adjudicator.kits.sheets.rolls import PassRule, add_up, contest_winner


def test_a_handler_registry_maps_each_kind_to_its_handler() -> None:
    registry: HandlerRegistry[str, object] = HandlerRegistry()

    @registry.handles("taxes", "recruit")
    def economy() -> str:
        return "economy"

    assert dict(registry) == {"taxes": economy, "recruit": economy}
    assert registry.get("battle") is None and len(registry) == 2


def test_two_handlers_for_one_kind_are_refused() -> None:
    registry: HandlerRegistry[str, object] = HandlerRegistry()
    registry.handles("taxes")(lambda: 1)
    with pytest.raises(ValueError, match="two handlers for 'taxes'"):
        registry.handles("taxes")(lambda: 2)


def test_a_d10_rule_with_faces_that_decide_alone() -> None:
    """Genes' d10 (002 §5.4.5): the 0 face (10) passes and the 1 fails whatever
    the total; otherwise the total must beat the difficulty."""
    d10 = PassRule(always_passes=10, always_fails=1)
    assert d10.passes(10, 12, 20) and not d10.passes(1, 30, 5)
    assert not d10.passes(5, 8, 8) and d10.passes(5, 9, 8)
    assert PassRule(ties_pass=True).passes(5, 8, 8)


def test_terms_add_up_and_the_higher_total_wins_a_contest() -> None:
    assert add_up(7, [("Diplomàcia", 5), ("Joan", 2)]) == (
        (("Diplomàcia", 5), ("Joan", 2)),
        14,
    )
    assert contest_winner(14, 9) == 0 and contest_winner(9, 14) == 1
    assert contest_winner(9, 9) == -1


def test_a_sheet_reader_names_the_file_the_key_and_the_nearest_key() -> None:
    reader = SheetReader("ponent.yaml")
    words = {"authority": ("autoritat", "autoridad"), "diplomacy": ("diplomacia",)}
    numbers = reader.numbers(
        ("characteristics", {"Autoritat": 6, "diplomàcia": 11, "diplomazia": 2}),
        words,
        0,
        10,
        "0..10",
    )
    assert numbers == {"authority": 6, "diplomacy": 11}
    shown = [str(issue) for issue in reader.issues]
    assert "ponent.yaml: characteristics.diplomàcia: 11 is above 10 (0..10)" in shown
    assert any("characteristics.diplomazia: unknown key" in s and "diplomacia" in s for s in shown)
