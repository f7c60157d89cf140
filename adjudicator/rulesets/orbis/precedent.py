"""Precedent: insisting on one kind of medida against one target (rulebook
000 "Modificadores"; checklist O-051, O-052, AMB-05, AMB-36).

A streak is kept per (nation, statistic, target), the target being a nation
or a region. Four consecutive turns with the same statistic against the same
target and the same own-roll outcome make the fifth and following attempts
carry +10 after four failures (a penalty) or −10 after four successes (a
bonus), while the streak lasts; any break resets it (AMB-05): a turn without
that medida, or the other outcome. Only the nation's own roll counts, never
the averaged opposed result (O-052); an exterior r = u counts as settled by
its counter-measure (AMB-36, `tie_outcome`). The ±10 is a state condition,
outside the ±25 pools (AMB-05): pass it to `modifiers.roll_modifier` among
the conditions.

One turn is one year (AMB-38), so "consecutive turns" are consecutive years.
Query `precedent_modifier` for a year before or after recording that year's
attempt: both give the value the attempt carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level

PRECEDENT_TURNS = 4
"""Turns in a row that set a precedent (O-051)."""

PRECEDENT_VALUE = 10
"""Its size: +10 after failures, −10 after successes (O-051)."""


@dataclass(frozen=True)
class Streak:
    """`count` consecutive turns, the last in `last_year`, all with the
    own-roll outcome `success` (O-051, AMB-05); `carried` is the precedent
    the attempt of `last_year` carried (kept so that a query after the
    year's recording still gives it)."""

    success: bool
    count: int
    last_year: int
    carried: int = 0


PrecedentKey = tuple[str, Statistic, str]
History = Mapping[PrecedentKey, Streak]

EMPTY_HISTORY: History = MappingProxyType({})


def outcome_of(level: Level) -> bool:
    """The outcome precedent counts: the nation's own roll level, not the
    opposed result (O-052)."""
    return level.success


def tie_outcome(counter_success: bool | None) -> bool:
    """An exterior medida with r = u, as precedent counts it (AMB-36): a
    success when the counter-measure fails or the target does not defend
    (`None`), a failure when the counter-measure succeeds."""
    return counter_success is not True


def update(
    history: History,
    nation: str,
    statistic: Statistic,
    target: str,
    year: int,
    own_success: bool,
) -> History:
    """The history with `nation`'s attempt of `statistic` against `target` in
    `year` recorded (O-051, AMB-05): the streak grows when its last turn was
    the year before and the outcome is the same; otherwise it restarts at
    one. Decision (the book is silent): a second attempt in the same year
    (an extra medida, AMB-43) is not another turn; with the same outcome it
    leaves the streak as it is, with the other outcome it restarts it (and
    carries the precedent the year's first attempt had). Recording a year
    before the streak's last raises ValueError."""
    key = (nation, statistic, target)
    streak = history.get(key)
    if streak is not None and year < streak.last_year:
        raise ValueError(f"precedent of {key} recorded for {streak.last_year}, not {year}")
    carried = precedent_modifier(history, nation, statistic, target, year)
    if streak is not None and streak.success == own_success and year == streak.last_year:
        return history
    if streak is not None and streak.success == own_success and year == streak.last_year + 1:
        new = Streak(own_success, streak.count + 1, year, carried)
    else:
        new = Streak(own_success, 1, year, carried)
    return MappingProxyType({**history, key: new})


def precedent_modifier(
    history: History, nation: str, statistic: Statistic, target: str, year: int
) -> int:
    """The precedent condition on `year`'s attempt (O-051, AMB-05): +10 after
    at least four failed turns in a row up to the year before, −10 after at
    least four successful ones, 0 otherwise (no streak, or one broken by a
    skipped turn)."""
    streak = history.get((nation, statistic, target))
    if streak is None:
        return 0
    if streak.last_year == year:
        return streak.carried
    if streak.last_year != year - 1 or streak.count < PRECEDENT_TURNS:
        return 0
    return -PRECEDENT_VALUE if streak.success else PRECEDENT_VALUE
