"""Where the political year meets the year of medidas (rulebook 000 "Mapa y
Estados" .. "Épocas"; `politics.year`).

- `open_politics`: the GM's politics applied before the rolls (new
  vassalages, civil wars, rebellions, organisations, fronts, an epoch).
- `political_conditions` (re-exported): the civil war, war fatigue and
  treaty conditions on every roll, counter-measures included.
- `acted`: a rolled medida as politics sees it, with the civil-war faction
  it is aimed at (`politics.factions`); a faction medida's normal effect is
  not applied (O-220, O-222).
- `close_politics`: the year's politics after the rolls, before the cycle.
- `war_durations_of`: what the cycle's restoration needs to know of each
  nation's wars (O-131, AMB-15).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.factions import aimed_faction
from adjudicator.rulesets.orbis.politics.outcome import Acted, PoliticsYear
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.war import CountFrom, war_durations
from adjudicator.rulesets.orbis.politics.year import (
    end_of_year,
    political_conditions,
    start_of_year,
)
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import WarDurations
from adjudicator.rulesets.orbis.state import OrbisState
from orders.orbis.model import ParsedGm
from orders.orbis.politics_model import PoliticalLine

__all__ = [
    "acted",
    "close_politics",
    "merged",
    "open_politics",
    "political_conditions",
    "war_durations_of",
]


def open_politics(state: OrbisState, gm: ParsedGm | None) -> tuple[OrbisState, PoliticsYear]:
    """The state with the GM's politics of the year applied (before the
    rolls), and what that did."""
    nations = {n.id: n for n in state.nations}
    opened = start_of_year(state.politics, nations, gm.politics if gm else None, state.year)
    sheets = tuple(opened.nations.get(n.id, n) for n in state.nations)
    return replace(state, nations=sheets, politics=opened.politics), opened


def acted(
    politics: Politics,
    actor: str,
    statistic: Statistic,
    target: str | None,
    own: Level | None,
    final: Level | None,
    prevails: bool,
) -> Acted:
    """A rolled medida for politics, with the faction it is aimed at."""
    faction = aimed_faction(politics, actor, statistic, target)
    return Acted(actor, statistic, target, own, final, prevails, faction)


def close_politics(
    state: OrbisState,
    nations: Mapping[str, Nation],
    done: Sequence[Acted],
    lines: Sequence[PoliticalLine],
    gm: ParsedGm | None,
    dice: Dice,
    options: OrbisOptions,
    *,
    cycle_end: bool,
) -> PoliticsYear:
    """The year's politics after the rolls (`politics.year.end_of_year`),
    the lines of extinct nations left out (O-135)."""
    living = set(state.powers())
    return end_of_year(
        state.politics,
        nations,
        done,
        [line for line in lines if line.power in living],
        gm.politics if gm else None,
        dice,
        state.year,
        state.first_year,
        options,
        cycle_end=cycle_end,
    )


def war_durations_of(
    politics: Politics, nation: str, year: int, count_from: CountFrom
) -> WarDurations:
    """The turns of the nation's longest war, civil war and rebellion in
    `year` (AMB-15), for the cycle's restoration (O-131)."""
    civil = politics.civil_war(nation)
    rebellions = [r.since for r in politics.rebellions if r.nation == nation]
    return war_durations(
        politics.conflicts_by_pair(),
        nation,
        year,
        civil_war_started=civil.started if civil else None,
        rebellion_started=min(rebellions) if rebellions else None,
        count_from=count_from,
    )


def merged(opened: PoliticsYear, closed: PoliticsYear) -> PoliticsYear:
    """The whole year's politics: the closing record, the opening's notes
    first."""
    private = {k: tuple(v) for k, v in opened.private_notes.items()}
    for nation, notes in closed.private_notes.items():
        private[nation] = (*private.get(nation, ()), *notes)
    return replace(
        closed,
        answers=(*opened.answers, *closed.answers),
        notes=(*opened.notes, *closed.notes),
        private_notes=private,
    )
