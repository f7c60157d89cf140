"""Stability indices, the stability penalty, extinction and the cycle."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import (
    Index,
    WarDurations,
    capacity,
    change_index,
    clamp_indices,
    cycle_end,
    cycle_start,
    damage,
    index_penalty,
    is_cycle_end,
    is_extinct,
    restoration_blocked,
    restore,
    stability_penalty,
)

A = Attribute


def make(via: int = 60, leg: int = 60, **fields: object) -> Nation:
    """VIA and LEG capacities 60 (all attributes 20)."""
    return Nation("n", "N", dict.fromkeys(Attribute, 20), via, leg, **fields)  # type: ignore[arg-type]


def test_capacity() -> None:
    """O-124, O-125: both capacities from the attributes."""
    nation = make().with_attributes({A.MIL: 30, A.CLT: 5})
    assert capacity(nation, Index.VIA) == 70
    assert capacity(nation, Index.LEG) == 45


@pytest.mark.parametrize(
    ("level", "size", "rule"),
    [
        (Level.LE, 4, "O-126"),
        (Level.E, 8, "O-127"),
        (Level.ME, 12, "O-128"),
        (Level.EC, 16, "O-129"),
    ],
)
def test_damage_and_restoration_by_level(level: Level, size: int, rule: str) -> None:
    """O-126 .. O-129: LE 4, E 8, ME 12, EC 16 either way."""
    hurt = damage(make(), Index.VIA, level)
    assert hurt.via == 60 - size, rule
    assert hurt.leg == 60
    assert restore(make(via=30), Index.VIA, level).via == 30 + size, rule
    assert damage(make(), Index.LEG, level).leg == 60 - size, rule


def test_indices_floor_at_zero() -> None:
    """AMB-16: an index never goes below 0."""
    assert damage(make(via=10), Index.VIA, Level.EC).via == 0
    assert change_index(make(leg=3), Index.LEG, -100).leg == 0


def test_restoration_capped_at_capacity() -> None:
    """AMB-16: restorations are capped at the capacity."""
    assert restore(make(via=55), Index.VIA, Level.EC).via == 60
    assert restore(make(leg=60), Index.LEG, Level.LE).leg == 60


def test_clamp_after_capacity_falls() -> None:
    """AMB-16: an index never exceeds its capacity, even when an attribute falls."""
    nation = make().with_attributes({A.MIL: 10})
    assert nation.via == 60
    assert clamp_indices(nation).via == 50
    assert clamp_indices(nation).leg == 60


@pytest.mark.parametrize(
    ("value", "penalty", "rule"),
    [
        (60, 0, "O-132"),
        (16, 0, "O-132"),  # 26.7 %
        (15, 5, "O-132"),  # 25 %
        (7, 5, "O-133"),  # 11.7 %
        (6, 10, "O-133"),  # 10 %
        (1, 10, "O-134"),
        (0, 15, "O-134"),
    ],
)
def test_index_penalty(value: int, penalty: int, rule: str) -> None:
    """O-132 .. O-134, AMB-16: at or below 25 % +5, 10 % +10, 0 % +15."""
    assert index_penalty(value, 60) == penalty, rule
    assert stability_penalty(make(via=value)) == penalty, rule
    assert stability_penalty(make(leg=value)) == penalty, rule


def test_worse_index_sets_the_penalty() -> None:
    """AMB-16: the worse index sets the penalty; the two are not added."""
    assert stability_penalty(make(via=15, leg=6)) == 10
    assert stability_penalty(make(via=0, leg=15)) == 15


def test_extinction() -> None:
    """O-135: both indices empty, the nation is extinct; one alone is not."""
    assert is_extinct(make(via=0, leg=0))
    assert not is_extinct(make(via=0, leg=1))
    assert not is_extinct(make(via=1, leg=0))


@pytest.mark.parametrize(
    ("year", "end"),
    [(499, False), (500, False), (503, False), (504, True), (505, False), (509, True), (514, True)],
)
def test_cycle_end(year: int, end: bool) -> None:
    """O-005, O-007, AMB-38: with the game starting in 500, cycles are 500–504, 505–509 ..."""
    assert is_cycle_end(500, year) is end


def test_cycle_length_option() -> None:
    """O-007: a cycle every N turns, default 5."""
    assert cycle_start(500, 507) == 505
    assert cycle_start(500, 507, 3) == 506
    assert is_cycle_end(500, 502, 3)
    assert not is_cycle_end(500, 504, 3)
    with pytest.raises(ValueError):
        cycle_start(500, 501, 0)


def test_cycle_end_restores_damaged_nations() -> None:
    """O-130, O-137, O-155: +5 to both indices of a damaged nation, +5 RQU, +1 PRO."""
    after = cycle_end(make(via=40, leg=58, rqu=2, pro=1))
    assert (after.via, after.leg, after.rqu, after.pro) == (45, 60, 7, 2)


def test_cycle_end_healthy_nation() -> None:
    """O-130, O-137, O-155: an undamaged nation only gains RQU and PRO."""
    after = cycle_end(make())
    assert (after.via, after.leg, after.rqu, after.pro) == (60, 60, 5, 1)


@pytest.mark.parametrize(
    ("wars", "blocked"),
    [
        (WarDurations(), False),
        (WarDurations(civil_war=1), False),
        (WarDurations(civil_war=2), True),
        (WarDurations(rebellion=2), False),
        (WarDurations(rebellion=3), True),
        (WarDurations(international_war=3), False),
        (WarDurations(international_war=4), True),
        (WarDurations(civil_war=1, rebellion=2, international_war=3), False),
    ],
)
def test_cycle_restoration_exceptions(wars: WarDurations, blocked: bool) -> None:
    """O-131, AMB-15: no restoration in a civil war ≥ 2, a rebellion ≥ 3, an international
    war ≥ 4 turns; the RQU and PRO of the cycle still come (O-137, O-155)."""
    assert restoration_blocked(wars) is blocked
    after = cycle_end(make(via=40, leg=40), wars)
    assert after.via == (40 if blocked else 45)
    assert after.leg == (40 if blocked else 45)
    assert (after.rqu, after.pro) == (5, 1)
