"""Stability indices and the cycle (rulebook 000 "Turnos", "Índices de
Estabilidad", "Prosperidad"; O-005, O-007, O-122 .. O-137, O-155; AMB-14,
AMB-15, AMB-16, AMB-38).

Two indices (AMB-14): VIA, capacity MIL + ADM + ECN (O-124), and LEG,
capacity CLT + AUX + ECN (O-125). A result moves an index by its level's size
(LE 4, E 8, ME 12, EC 16: O-126 .. O-129); an index never goes below 0 nor
above its capacity (AMB-16). At or below 25 % of its capacity an index puts
+5 on every roll of the nation, at or below 10 % +10, at 0 +15 (O-132 ..
O-134); the worse index sets it, not cumulative, and it is a state
condition, not a pool modifier (AMB-16). Both at 0: the nation is extinct
(O-135).

One turn is one year (O-005); cycles of 5 turns start with the game's first
year (500–504, 505–509 ...; O-007, AMB-38). After a cycle's last turn every
nation gains +5 RQU (O-137) and +1 PRO (O-155), and a damaged nation +5 VIA
and +5 LEG, capped (O-130), unless it is in a civil war of 2 turns or more, a
rebellion of 3 or more, or an international war of 4 or more (O-131,
AMB-15).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.sheet import Nation

__all__ = [
    "CYCLE_LENGTH",
    "CYCLE_PRO",
    "CYCLE_RESTORATION",
    "CYCLE_RQU",
    "Index",
    "WarDurations",
    "capacity",
    "change_index",
    "clamp_indices",
    "current",
    "cycle_end",
    "cycle_start",
    "damage",
    "index_penalty",
    "is_cycle_end",
    "is_damaged",
    "is_extinct",
    "restoration_blocked",
    "restore",
    "stability_penalty",
]

CYCLE_LENGTH = 5
"""Turns per cycle by default (O-007)."""
CYCLE_RQU = 5
"""RQU every nation gains per cycle (O-137)."""
CYCLE_PRO = 1
"""PRO every nation gains per cycle (O-155)."""
CYCLE_RESTORATION = 5
"""VIA and LEG restored to a damaged nation per cycle (O-130)."""

PENALTY_STEPS = ((0, 15), (10, 10), (25, 5))
"""(percentage of capacity, penalty) from the worst: at or below it (O-132 .. O-134, AMB-16)."""


class Index(StrEnum):
    """The two stability indices (AMB-14)."""

    VIA = "VIA"  # Viabilidad
    LEG = "LEG"  # Legitimidad


def capacity(nation: Nation, index: Index) -> int:
    """VIA: MIL + ADM + ECN (O-124); LEG: CLT + AUX + ECN (O-125)."""
    return nation.via_capacity if index is Index.VIA else nation.leg_capacity


def current(nation: Nation, index: Index) -> int:
    return nation.via if index is Index.VIA else nation.leg


def _set(nation: Nation, index: Index, value: int) -> Nation:
    bounded = max(0, min(value, capacity(nation, index)))
    if index is Index.VIA:
        return replace(nation, via=bounded)
    return replace(nation, leg=bounded)


def change_index(nation: Nation, index: Index, amount: int) -> Nation:
    """The index moved by `amount`, floored at 0 and capped at its capacity (AMB-16)."""
    return _set(nation, index, current(nation, index) + amount)


def damage(nation: Nation, index: Index, level: Level) -> Nation:
    """The index lowered by the level's size: LE 4, E 8, ME 12, EC 16
    (O-126 .. O-129), never below 0 (AMB-16)."""
    return change_index(nation, index, -level.size)


def restore(nation: Nation, index: Index, level: Level) -> Nation:
    """The index raised by the level's size (O-126 .. O-129), never above its
    capacity (AMB-16)."""
    return change_index(nation, index, level.size)


def clamp_indices(nation: Nation) -> Nation:
    """Both indices brought within 0..capacity (after an attribute fell, AMB-16)."""
    return _set(_set(nation, Index.VIA, nation.via), Index.LEG, nation.leg)


def index_penalty(value: int, most: int) -> int:
    """The roll penalty of one index at `value` of capacity `most`: at or
    below 25 % +5, 10 % +10, 0 % +15, else 0 (O-132 .. O-134, AMB-16)."""
    for percent, penalty in PENALTY_STEPS:
        if value * 100 <= percent * most:
            return penalty
    return 0


def stability_penalty(nation: Nation) -> int:
    """The nation's stability condition: a penalty (+, O-045) on every roll of
    the nation, counter-measures included, set by the worse index, not added
    up (O-132 .. O-134, AMB-16). A state condition outside the ±25 pools."""
    return max(
        index_penalty(nation.via, nation.via_capacity),
        index_penalty(nation.leg, nation.leg_capacity),
    )


def is_extinct(nation: Nation) -> bool:
    """Both indices empty: the nation is extinct (O-135)."""
    return nation.via <= 0 and nation.leg <= 0


def cycle_start(first_year: int, year: int, length: int = CYCLE_LENGTH) -> int:
    """The first year of the cycle holding `year`; cycles start with the
    game's first year (O-007, AMB-38)."""
    if length < 1:
        raise ValueError(f"a cycle lasts at least one turn, not {length}")
    return first_year + (year - first_year) // length * length


def is_cycle_end(first_year: int, year: int, length: int = CYCLE_LENGTH) -> bool:
    """Whether `year` is the last turn of its cycle: with the game starting in
    500, 504, 509, 514 ... (O-005, O-007, AMB-38). A year before the game's
    first is never one."""
    if year < first_year:
        return False
    return year == cycle_start(first_year, year, length) + length - 1


@dataclass(frozen=True)
class WarDurations:
    """How many turns (the current one included) the nation's longest
    current civil war, rebellion and international war have lasted (AMB-15);
    0 when there is none. Computed from the state's wars (O-204)."""

    civil_war: int = 0
    rebellion: int = 0
    international_war: int = 0


NO_WAR = WarDurations()


def restoration_blocked(wars: WarDurations) -> bool:
    """No cycle restoration in a civil war of ≥ 2 turns, a rebellion of ≥ 3
    or an international war of ≥ 4 (O-131, AMB-15)."""
    return wars.civil_war >= 2 or wars.rebellion >= 3 or wars.international_war >= 4


def is_damaged(nation: Nation) -> bool:
    """An index below its capacity (O-130)."""
    return nation.via < nation.via_capacity or nation.leg < nation.leg_capacity


def cycle_end(
    nation: Nation,
    wars: WarDurations = NO_WAR,
    *,
    rqu: int = CYCLE_RQU,
    pro: int = CYCLE_PRO,
    restoration: int = CYCLE_RESTORATION,
) -> Nation:
    """The nation after its cycle's last turn (AMB-38): +5 RQU (O-137), +1
    PRO (O-155), and, if damaged and not in a long war, +5 to both indices,
    capped at capacity (O-130, O-131, AMB-15, AMB-16). The war exceptions stop
    only the restoration, not the prosperity."""
    after = replace(nation, rqu=nation.rqu + rqu, pro=nation.pro + pro)
    if is_damaged(nation) and not restoration_blocked(wars):
        after = change_index(after, Index.VIA, restoration)
        after = change_index(after, Index.LEG, restoration)
    return after
