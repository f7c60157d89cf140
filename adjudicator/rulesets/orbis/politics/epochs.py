"""Epochs (rulebook 000 "Épocas"; O-295 .. O-300; AMB-30, AMB-31).

A nation's base of points grows in play, mainly by spending PRO (and RQU,
O-142, O-163) or by the GM's milestones (O-295). When a statistic of a
player's nation reaches 95 or more, the game reaches an epoch (O-296; the
book's "guaranteed victory" is narrative, 95..99 still fail on a d100:
AMB-31). An epoch resets the sheets, not the story: nations, map and
timeline stay (O-297). The GM, with the players, chooses (O-300):

- a total reset (O-298): every nation redistributes its points freely under
  the initial rules (80 per group, 5..30 each: O-080, O-081). `total_reset`
  lists who redistributes what; `redistribute` checks a new distribution
  and applies it;
- a partial reset (O-299, AMB-30): each group scaled back to 80 in
  proportion to the previous distribution (largest remainder, no 5..30
  bounds); VIA and LEG keep their share of capacity; RQU, PRO and
  modifiers unchanged.

Decisions where the text is silent:

- a statistic is its two attributes added (the sheet's points), without
  modifiers or conditions: the book speaks of "95 puntos de una estadística";
- largest remainder ties go to the larger previous value, then to the
  attribute listed first (MIL AUX ECN CLT ADM, GES LEA TCN INT PRS); a group
  with no points at all is split equally (16 each);
- an index keeps its share of capacity rounded to the nearest point, halves
  up, computed exactly; but an epoch neither empties nor fills an index: a
  non-empty index keeps at least 1 (an epoch must not cause extinction,
  O-135, O-297), a damaged one stays at least 1 below capacity (it keeps its
  cycle restoration, O-130); if both cannot hold (capacity 1) it keeps 1. An
  index of a capacity 0 becomes 0;
- the total reset applies the same index rule, and also keeps RQU, PRO and
  modifiers (only the attributes are redistributed); a nation without a
  player is redistributed by the GM (who may use the NsJ defaults, O-201);
- both resets cover every nation unless `players_only`: an epoch resets the
  game, and a NsJ kept above the base would break the "competitividad" the
  reset restores.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from math import floor
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Attribute, Group, Statistic
from adjudicator.rulesets.orbis.sheet import GROUP_POINTS, Nation, creation_problems
from adjudicator.rulesets.orbis.words import joined
from texts import T_

__all__ = [
    "EPOCH_THRESHOLD",
    "EpochKind",
    "EpochTrigger",
    "Redistribution",
    "epoch_triggered",
    "epoch_triggers",
    "group_points",
    "partial_reset",
    "partial_reset_nation",
    "redistribute",
    "redistribution_problems",
    "rescale_index",
    "scale_group",
    "total_reset",
]

EPOCH_THRESHOLD = 95
"""A player's statistic at or above this triggers an epoch (O-296, AMB-31)."""

_GROUPS: Mapping[Group, tuple[Attribute, ...]] = MappingProxyType(
    {Group.DOMINIO: DOMINIO, Group.AUTORIDAD: AUTORIDAD}
)


class EpochKind(StrEnum):
    """The two resets; the GM chooses with the players (O-300)."""

    TOTAL = "total"  # O-298
    PARTIAL = "partial"  # O-299


def group_points(nation: Nation) -> Mapping[Group, int]:
    """The nation's base of points: each group's attributes added (O-080;
    it grows in play, O-295)."""
    return MappingProxyType(
        {group: sum(nation.attributes[a] for a in members) for group, members in _GROUPS.items()}
    )


# --- the trigger (O-296, AMB-31) ---------------------------------------------------------


@dataclass(frozen=True)
class EpochTrigger:
    """A player nation's statistic at or above the threshold (O-296)."""

    nation: str
    statistic: Statistic
    value: int


def epoch_triggers(
    nations: Iterable[Nation], *, threshold: int = EPOCH_THRESHOLD
) -> tuple[EpochTrigger, ...]:
    """Every statistic of a nation with a player at `threshold` (95) or more,
    by nation id and then the statistics' order (O-296, AMB-31). Nations
    without a player never trigger an epoch."""
    found = [
        EpochTrigger(nation.id, statistic, nation.statistic(statistic))
        for nation in sorted(nations, key=lambda n: n.id)
        if nation.has_player
        for statistic in Statistic
        if nation.statistic(statistic) >= threshold
    ]
    return tuple(found)


def epoch_triggered(nations: Iterable[Nation], *, threshold: int = EPOCH_THRESHOLD) -> bool:
    """Whether any statistic of a player's nation reaches 95 (O-296, AMB-31)."""
    return bool(epoch_triggers(nations, threshold=threshold))


# --- the indices (AMB-30) ----------------------------------------------------------------


def rescale_index(value: int, old_capacity: int, new_capacity: int) -> int:
    """An index of `value` out of `old_capacity` brought to the same share of
    `new_capacity` (AMB-30): nearest point, halves up, exact; a non-empty
    index stays non-empty and a damaged one stays damaged when the capacity
    allows (see the module's decisions); always within 0..new_capacity."""
    if new_capacity < 0 or old_capacity < 0:
        raise ValueError("a capacity is never negative")
    if old_capacity == 0 or new_capacity == 0:
        return 0
    value = max(0, min(value, old_capacity))
    share = Fraction(value * new_capacity, old_capacity)
    result = floor(share + Fraction(1, 2))
    if value < old_capacity:
        result = min(result, new_capacity - 1)
    if value > 0:
        result = max(result, 1)
    return max(0, min(result, new_capacity))


def _with_attributes(nation: Nation, attributes: Mapping[Attribute, int]) -> Nation:
    """The nation with new attributes, its indices keeping their share (AMB-30)."""
    after = nation.with_attributes(attributes)
    return replace(
        after,
        via=rescale_index(nation.via, nation.via_capacity, after.via_capacity),
        leg=rescale_index(nation.leg, nation.leg_capacity, after.leg_capacity),
    )


# --- the partial reset (O-299, AMB-30) ---------------------------------------------------


def scale_group(values: Mapping[Attribute, int], total: int = GROUP_POINTS) -> dict[Attribute, int]:
    """The attributes of one group scaled to add up to `total` in proportion
    to their values, by the largest remainder (AMB-30): each gets the whole
    part of its exact share, and the points left go one each to the largest
    remainders (ties: the larger value, then the order given). No 5..30
    bounds. A group of zeros is split equally, the odd points to the first."""
    members = tuple(values)
    if not members:
        raise ValueError("a group has attributes")
    if any(values[a] < 0 for a in members):
        raise ValueError("an attribute is never negative")
    if total < 0:
        raise ValueError(f"a group's total is never negative, not {total}")
    whole = sum(values[a] for a in members)
    if whole == 0:
        base, odd = divmod(total, len(members))
        return {a: base + (1 if i < odd else 0) for i, a in enumerate(members)}
    shares = {a: Fraction(values[a] * total, whole) for a in members}
    result = {a: floor(shares[a]) for a in members}
    left = total - sum(result.values())
    order = sorted(
        range(len(members)),
        key=lambda i: (-(shares[members[i]] - result[members[i]]), -values[members[i]], i),
    )
    for i in order[:left]:
        result[members[i]] += 1
    return result


def partial_reset_nation(nation: Nation, *, base: int = GROUP_POINTS) -> Nation:
    """One nation's partial reset (O-299, AMB-30): each group scaled to
    `base` (80) by `scale_group`, VIA and LEG keeping their share of capacity
    (`rescale_index`); RQU, PRO, modifiers and everything else unchanged
    (O-297)."""
    attributes: dict[Attribute, int] = {}
    for members in _GROUPS.values():
        attributes.update(scale_group({a: nation.attributes[a] for a in members}, base))
    return _with_attributes(nation, attributes)


def partial_reset(
    nations: Iterable[Nation], *, players_only: bool = False, base: int = GROUP_POINTS
) -> tuple[Nation, ...]:
    """The partial reset of every nation (or only the players' with
    `players_only`), in the order given (O-297, O-299, AMB-30)."""
    return tuple(
        partial_reset_nation(n, base=base) if n.has_player or not players_only else n
        for n in nations
    )


# --- the total reset (O-298) -------------------------------------------------------------


@dataclass(frozen=True)
class Redistribution:
    """A nation waiting for its new distribution after a total reset (O-298):
    who redistributes (its player, or None for the GM when it has none), and
    the distribution it had (for reference)."""

    nation: str
    redistributor: str | None
    previous: Mapping[Attribute, int]

    def __post_init__(self) -> None:
        object.__setattr__(self, "previous", MappingProxyType(dict(self.previous)))


def total_reset(
    nations: Iterable[Nation], *, players_only: bool = False
) -> tuple[Redistribution, ...]:
    """The sheets to be re-entered after a total reset (O-298), by nation id:
    every nation's (or only the players' with `players_only`). The sheets
    stay as they are until `redistribute` applies each new distribution."""
    return tuple(
        Redistribution(n.id, n.player, n.attributes)
        for n in sorted(nations, key=lambda n: n.id)
        if n.has_player or not players_only
    )


def redistribution_problems(nation: Nation, attributes: Mapping[Attribute, int]) -> tuple[str, ...]:
    """Why `attributes` is not a valid new distribution for the nation: all
    ten attributes, 80 per group, 5..30 each, as at the start (O-080, O-081,
    O-298)."""
    missing = [a.value for a in Attribute if a not in attributes]
    if missing:
        return (
            T_(
                "{nation}: attributes missing: {items} (O-298)",
                nation=nation.id,
                items=", ".join(missing),
            ),
        )
    return creation_problems(nation.with_attributes(attributes))


def redistribute(nation: Nation, attributes: Mapping[Attribute, int]) -> Nation:
    """The nation with its new distribution after a total reset (O-298),
    checked by the initial rules (O-080, O-081; ValueError with the problems),
    its indices keeping their share of capacity; RQU, PRO and modifiers
    unchanged (O-297)."""
    problems = redistribution_problems(nation, attributes)
    if problems:
        raise ValueError(joined(problems))
    return _with_attributes(nation, attributes)
