"""War between nations (rulebook 000 "Guerra"; O-202 .. O-212, O-224;
AMB-15, AMB-32, AMB-35).

Hostilities (spying, sabotage, intrigue, pirates, rebels) are not war
(O-202, O-203: a GM reading of the medidas; the judge is told which pairs of
nations clashed each turn). Two nations that clash three turns in a row are
at war (O-204); a declaration of war without hostile actions is symbolic: it
is recorded, it does not make a war (O-205). Two turns in a row in which
neither attacks the other suspend or end the war: it stops counting for war
effects (O-206). The judge cannot tell a suspended war from an ended one:
after two quiet turns the pair is no longer at war and O-204 applies afresh
(three new turns of clashes, the duration counted from the new start). A
declaration lapses with the same two quiet turns.

A war's duration (what the cycle needs, AMB-15) counts the turns from the
turn the hostilities became war (the third clash, O-204) through the current
turn; `count_from="hostilities"` counts from the first clash of the streak.

Fronts (O-207 .. O-212, AMB-35): each war zone is a front, roughly one enemy
nation; fronts are counted in halves: a full front is 2 halves, a vassal or a
distant nation reachable only through a direct front 1 half (O-209); the GM
may make a large nation several fronts (O-210, an override in halves) and
technology may raise a nation's capacity (O-211, GM data). Two fronts are
free; war fatigue is +5 × floor(fronts − capacity) on war actions only
(O-208, AMB-35); each ally supporting the nation on a front (the same enemies
in the same zone) adds one front of capacity (O-212: two allies fighting the
same three enemies in the same zone can each hold three). Other war effects
(routes blocked, resources destroyed) are GM penalties (O-224).

War medidas (AMB-32): Ofensiva (Defensa included), Incisión (Supresión
included), Sabotaje, Intriga, and any medida the GM tags as war.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Literal

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.stability import WarDurations
from texts import T_

__all__ = [
    "FREE_FRONTS",
    "FRONT_PENALTY",
    "HOSTILE_TURNS_TO_WAR",
    "QUIET_TURNS_TO_PEACE",
    "WAR_MEDIDAS",
    "Conflict",
    "CountFrom",
    "Front",
    "front_halves",
    "is_war_medida",
    "nation_fatigue",
    "pair",
    "supporting_allies",
    "update_wars",
    "war_durations",
    "war_fatigue",
    "wars_of",
]

HOSTILE_TURNS_TO_WAR = 3
"""Turns of clashes in a row that make a war (O-204)."""
QUIET_TURNS_TO_PEACE = 2
"""Turns in a row without either attacking that suspend or end it (O-206)."""
FREE_FRONTS = 2
"""Fronts a nation holds without fatigue (O-208)."""
FRONT_PENALTY = 5
"""Fatigue per front beyond capacity, on war actions only (O-208)."""
FULL_FRONT, HALF_FRONT = 2, 1
"""A front's weight in halves (O-209, AMB-35)."""

WAR_MEDIDAS: frozenset[Statistic] = frozenset(
    {Statistic.OFENSIVA, Statistic.INCISION, Statistic.SABOTAJE, Statistic.INTRIGA}
)
"""The war medidas (AMB-32): Ofensiva (and its counter Defensa), Incisión
(and its counter Supresión), Sabotaje, Intriga; the GM may tag others."""

CountFrom = Literal["war", "hostilities"]


def is_war_medida(statistic: Statistic, *, gm_war: bool = False) -> bool:
    """Whether a medida is a war action (AMB-32, O-208, O-214): one of
    `WAR_MEDIDAS` or tagged as war by the GM (`gm_war`)."""
    return gm_war or statistic in WAR_MEDIDAS


def pair(first: str, second: str) -> frozenset[str]:
    """The unordered pair of two different nations."""
    if first == second:
        raise ValueError(f"a nation does not fight itself: {first}")
    return frozenset((first, second))


@dataclass(frozen=True)
class Conflict:
    """The confrontation between two nations: `hostile` turns of clashes in
    a row, `quiet` turns without either attacking in a row, whether they are
    `at_war` (O-204, O-206), since which year (`started`: the turn it became
    war; `first_clash`: the first turn of the current streak of clashes), and
    whether a war was `declared` (symbolic without hostilities, O-205)."""

    nations: frozenset[str]
    hostile: int = 0
    quiet: int = 0
    at_war: bool = False
    started: int | None = None
    first_clash: int | None = None
    declared: bool = False

    def __post_init__(self) -> None:
        if len(self.nations) != 2:
            raise ValueError(f"a conflict is between two nations, not {sorted(self.nations)}")
        if self.hostile < 0 or self.quiet < 0:
            raise ValueError("turn counts are never negative")
        if self.at_war and self.started is None:
            raise ValueError("a war has a start year")

    def involves(self, nation: str) -> bool:
        return nation in self.nations

    def duration(self, year: int, *, count_from: CountFrom = "war") -> int:
        """Turns the war has lasted through `year`, the current one included
        (AMB-15); 0 when not at war (O-206: a suspended war does not count)."""
        if not self.at_war or self.started is None:
            return 0
        start = self.started
        if count_from == "hostilities" and self.first_clash is not None:
            start = self.first_clash
        return max(0, year - start + 1)


def _advance(conflict: Conflict, clashed: bool, year: int) -> Conflict:
    if clashed:
        hostile = conflict.hostile + 1
        keep = conflict.hostile > 0 or conflict.at_war
        first = conflict.first_clash if keep and conflict.first_clash is not None else year
        at_war = conflict.at_war or hostile >= HOSTILE_TURNS_TO_WAR  # O-204
        started = conflict.started if conflict.at_war else (year if at_war else None)
        return replace(
            conflict, hostile=hostile, quiet=0, at_war=at_war, started=started, first_clash=first
        )
    quiet = conflict.quiet + 1
    if quiet >= QUIET_TURNS_TO_PEACE:  # O-206: suspended or over, stops counting
        return replace(
            conflict,
            hostile=0,
            quiet=quiet,
            at_war=False,
            started=None,
            first_clash=None,
            declared=False,
        )
    kept = conflict.first_clash if conflict.at_war else None
    return replace(conflict, hostile=0, quiet=quiet, first_clash=kept)


def _idle(conflict: Conflict) -> bool:
    return not conflict.at_war and not conflict.declared and conflict.hostile == 0


def update_wars(
    wars: Mapping[frozenset[str], Conflict],
    hostile_pairs: Iterable[frozenset[str]],
    year: int,
    *,
    declarations: Iterable[frozenset[str]] = (),
) -> dict[frozenset[str], Conflict]:
    """The conflicts after the turn `year`, given the pairs of nations that
    clashed in it (either attacked the other): a clash extends the streak and
    the third in a row makes a war (O-204); a turn without a clash breaks the
    streak, and the second in a row suspends or ends a war (O-206). A
    declaration (`declarations`) is recorded but alone makes no war (O-205).
    Pairs left with nothing to count are dropped."""
    clashes = {frozenset(p) for p in hostile_pairs}
    declared = {frozenset(p) for p in declarations}
    for group in clashes | declared:
        if len(group) != 2:
            raise ValueError(f"a clash or declaration is between two nations: {sorted(group)}")
    after: dict[frozenset[str], Conflict] = {}
    for key in set(wars) | clashes | declared:
        conflict = wars.get(key, Conflict(key))
        conflict = _advance(conflict, key in clashes, year)
        if key in declared:
            conflict = replace(conflict, declared=True)
        if not _idle(conflict):
            after[key] = conflict
    return after


def wars_of(wars: Mapping[frozenset[str], Conflict], nation: str) -> tuple[Conflict, ...]:
    """The nation's conflicts that are wars (O-204, O-206), by enemy."""
    found = [c for c in wars.values() if c.at_war and c.involves(nation)]
    return tuple(sorted(found, key=lambda c: sorted(c.nations)))


def war_durations(
    wars: Mapping[frozenset[str], Conflict],
    nation: str,
    year: int,
    *,
    civil_war_started: int | None = None,
    rebellion_started: int | None = None,
    count_from: CountFrom = "war",
) -> WarDurations:
    """What `stability.cycle_end` needs for `nation` at `year` (AMB-15): the
    turns, the current one included, of its longest international war (O-204,
    O-206), of its civil war and of its rebellion (their start years as the
    civil-war and rebellion records give them)."""

    def lasted(start: int | None) -> int:
        return 0 if start is None else max(0, year - start + 1)

    longest = max(
        (c.duration(year, count_from=count_from) for c in wars_of(wars, nation)), default=0
    )
    return WarDurations(
        civil_war=lasted(civil_war_started),
        rebellion=lasted(rebellion_started),
        international_war=longest,
    )


@dataclass(frozen=True)
class Front:
    """One front of a nation's war (O-207): its `zone`, the `enemies` fought
    there, its weight in `halves` (2 a full front, 1 a half, more when the GM
    makes a large nation several fronts: O-209, O-210, AMB-35)."""

    zone: str
    enemies: frozenset[str]
    halves: int = FULL_FRONT

    def __post_init__(self) -> None:
        if not self.enemies:
            raise ValueError(T_("front {zone}: no enemy", zone=self.zone))
        if self.halves < 1:
            raise ValueError(
                T_(
                    "front {zone}: weight {halves} halves, at least 1",
                    zone=self.zone,
                    halves=self.halves,
                )
            )


def front_halves(
    enemy: str,
    *,
    vassal: bool = False,
    distant: bool = False,
    overrides: Mapping[str, int] | None = None,
) -> int:
    """An enemy's weight in half fronts (O-207, O-209, O-210, AMB-35): the
    GM's override if any (a large nation as several fronts: 4 halves = two
    fronts); a vassal, or a distant nation reachable only through a direct
    front, 1; any other nation 2."""
    if overrides and enemy in overrides:
        value = overrides[enemy]
        if value < 1:
            raise ValueError(
                T_("front {enemy}: weight {value} halves, at least 1", enemy=enemy, value=value)
            )
        return value
    return HALF_FRONT if vassal or distant else FULL_FRONT


def war_fatigue(
    fronts_halves: int,
    capacity: int = FREE_FRONTS,
    allies: int = 0,
    *,
    war_action: bool = True,
) -> int:
    """The war-fatigue penalty (+, O-045) on one roll (O-208, O-212, AMB-35):
    +5 × floor(fronts − capacity), fronts = `fronts_halves` / 2, capacity =
    two fronts (more by technology, O-211) plus one per supporting ally;
    never negative; 0 on a roll that is not a war action (O-208)."""
    if not war_action:
        return 0
    excess_halves = fronts_halves - 2 * (capacity + allies)
    return FRONT_PENALTY * max(0, excess_halves // 2)


def supporting_allies(front: Front, allies: Mapping[str, Iterable[Front]]) -> frozenset[str]:
    """The allies that support the nation on `front`: those with a front in
    the same zone against the same enemies (O-212)."""
    return frozenset(
        ally
        for ally, fronts in allies.items()
        if any(f.zone == front.zone and f.enemies == front.enemies for f in fronts)
    )


def nation_fatigue(
    fronts: Iterable[Front],
    *,
    capacity: int = FREE_FRONTS,
    allies: Mapping[str, Iterable[Front]] | None = None,
    war_action: bool = True,
) -> int:
    """A nation's war fatigue on a roll (O-207 .. O-212, AMB-35): its fronts
    added in halves; each ally that supports it on at least one front (same
    enemies, same zone) adds one front of capacity (O-212: two nations fighting
    the same three enemies in the same zone each hold three without fatigue)."""
    mine = tuple(fronts)
    ally_fronts = {a: tuple(f) for a, f in (allies or {}).items()}
    helping: set[str] = set()
    for front in mine:
        helping |= supporting_allies(front, ally_fronts)
    return war_fatigue(sum(f.halves for f in mine), capacity, len(helping), war_action=war_action)
