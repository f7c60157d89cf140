"""Shared builders for the political year's tests (no tests here)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.outcome import Acted, PoliticsYear
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.politics.year import end_of_year
from adjudicator.rulesets.orbis.sheet import Nation
from orders.orbis.politics_model import GmPolitics, PoliticalLine

YEAR = 501


def make(nation_id: str, *, player: str | None = "p", **fields: Any) -> Nation:
    """All attributes 16 (statistics 32; VIA and LEG capacity 48)."""
    values: dict[str, Any] = {"via": 48, "leg": 48, "rqu": 20, **fields}
    return Nation(
        nation_id,
        nation_id.upper(),
        dict.fromkeys(Attribute, 16),
        player=player if player is None else f"{player}-{nation_id}",
        **values,
    )


def world(*ids: str, nsj: Sequence[str] = ()) -> MappingProxyType[str, Nation]:
    nations = {i: make(i) for i in ids}
    nations.update({i: make(i, player=None) for i in nsj})
    return MappingProxyType(nations)


def act(
    actor: str,
    statistic: Statistic,
    target: str | None = None,
    level: Level = Level.E,
    *,
    faction: str | None = None,
) -> Acted:
    return Acted(actor, statistic, target, level, level, level.success, faction)


def run(
    politics: Politics,
    nations: Mapping[str, Nation],
    acted: Sequence[Acted] = (),
    lines: Sequence[PoliticalLine] = (),
    gm: GmPolitics | None = None,
    *,
    year: int = YEAR,
    first_year: int = 500,
    options: OrbisOptions | None = None,
    cycle_end: bool = False,
    dice: Dice | None = None,
) -> PoliticsYear:
    return end_of_year(
        politics,
        nations,
        acted,
        lines,
        gm,
        dice or Dice("secret", "test", f"{year}"),
        year,
        first_year,
        options or OrbisOptions(),
        cycle_end=cycle_end,
    )
