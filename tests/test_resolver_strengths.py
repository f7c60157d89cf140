"""Unit strengths and uncuttable support in the shared resolver (Machiavelli's
elite units, 003 §10 / AM-40; its rebellions, CM-7.2-3 / AM-30). The areas
below are abstract: the resolver knows no map."""

from __future__ import annotations

from adjudicator.kits.board.resolver import (
    Adjudication,
    Contest,
    HoldSpec,
    MoveSpec,
    ResolverOrder,
    SupportSpec,
    adjudicate,
    combatant,
)


def _no_convoy(area: str) -> frozenset[str]:
    return frozenset()


def _resolve(
    units: dict[str, tuple[str, int]],
    orders: dict[str, ResolverOrder],
    bonus: dict[tuple[str, str], int] | None = None,
) -> Adjudication:
    contest = Contest(
        units={area: combatant(power, strength) for area, (power, strength) in units.items()},
        orders=orders,
        convoy_graph=_no_convoy,
        support_bonus=(lambda source, dest, power: bonus.get((dest, power), 0)) if bonus else None,
    )
    return adjudicate(contest)


def test_a_strength_two_attacker_dislodges_a_lone_defender() -> None:
    """AM-40: an elite unit's strength 2 counts in attack."""
    verdict = _resolve(
        {"A": ("red", 2), "B": ("blue", 1)},
        {"A": MoveSpec("A", "B"), "B": HoldSpec("B")},
    )
    assert verdict.success["A"]
    assert verdict.dislodged_by == {"B": "A"}


def test_a_strength_two_defender_holds_against_one_support() -> None:
    """AM-40: strength 2 counts in defence: 1 + 1 support does not beat 2."""
    verdict = _resolve(
        {"A": ("red", 1), "S": ("red", 1), "B": ("blue", 2)},
        {"A": MoveSpec("A", "B"), "S": SupportSpec("S", "A", "B"), "B": HoldSpec("B")},
    )
    assert not verdict.success["A"]
    assert "B" not in verdict.dislodged_by


def test_a_strength_two_supporter_adds_two() -> None:
    """AM-40: a supporting elite unit adds 2 (attack 1 + 2 beats hold 2)."""
    verdict = _resolve(
        {"A": ("red", 1), "S": ("red", 2), "B": ("blue", 2)},
        {"A": MoveSpec("A", "B"), "S": SupportSpec("S", "A", "B"), "B": HoldSpec("B")},
    )
    assert verdict.success["A"]


def test_a_strength_two_support_of_a_hold_adds_two() -> None:
    """AM-40: in a hold support too (hold 1 + 2 stops attack 1 + 1 + 1)."""
    verdict = _resolve(
        {
            "A": ("red", 1),
            "S": ("red", 1),
            "R": ("red", 1),
            "B": ("blue", 1),
            "T": ("blue", 2),
        },
        {
            "A": MoveSpec("A", "B"),
            "S": SupportSpec("S", "A", "B"),
            "R": SupportSpec("R", "A", "B"),
            "B": HoldSpec("B"),
            "T": SupportSpec("T", "B"),
        },
    )
    assert not verdict.success["A"]


def test_uncuttable_support_helps_the_move_into_its_area() -> None:
    """CM-7.2-3, AM-30: the rebellion in B gives red's advance into B one support
    (attack 2 beats the lone holder)."""
    orders: dict[str, ResolverOrder] = {"A": MoveSpec("A", "B"), "B": HoldSpec("B")}
    units = {"A": ("red", 1), "B": ("blue", 1)}
    assert not _resolve(units, orders).success["A"]
    assert _resolve(units, orders, {("B", "red"): 1}).success["A"]


def test_uncuttable_support_counts_in_prevent_strength() -> None:
    """AM-30: it counts as a support of the move, so it also wins a standoff over
    the empty area: red (1 + 1) enters, green (1) bounces."""
    verdict = _resolve(
        {"A": ("red", 1), "C": ("green", 1)},
        {"A": MoveSpec("A", "B"), "C": MoveSpec("C", "B")},
        {("B", "red"): 1},
    )
    assert verdict.success["A"]
    assert not verdict.success["C"]


def test_uncuttable_support_is_only_for_the_powers_it_names() -> None:
    """CM-7.2-3: the power the rebellion is aimed at gets no help from it."""
    verdict = _resolve(
        {"A": ("blue", 1), "B": ("red", 1)},
        {"A": MoveSpec("A", "B"), "B": HoldSpec("B")},
        {("B", "red"): 1},
    )
    assert not verdict.success["A"]
