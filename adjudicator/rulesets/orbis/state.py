"""The state of an Orbis game between two turns (rulebook 000), its calendar
and its file.

One turn is one year (O-005); the phase id is `<year>-medidas` (`500-medidas`).
The state keeps the nations' sheets (`sheet.Nation`: attributes, VIA, LEG,
RQU, PRO, modifiers), who holds each region of the political map, the
precedent streaks (AMB-05), the thefts of the last ten years (AMB-18), the
GM's reach table (AMB-09), the game's first year (cycles count from it,
AMB-38), the nations gone extinct (O-135) and the political state (vassals,
wars, treaties ...: `politics.register`, written by `politics.codec` under
`politics:`). A state file without `politics:` (an old file, a new game)
gets the vassalages the sheets' `vassal_of` name (`register.seeded`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.messages import message_of
from adjudicator.core.phase import Calendar, Phase
from adjudicator.rulesets.orbis.attributes import Attribute, Statistic
from adjudicator.rulesets.orbis.politics.codec import politics_from_dict, politics_to_dict
from adjudicator.rulesets.orbis.politics.register import Politics, politics_problems, seeded
from adjudicator.rulesets.orbis.precedent import EMPTY_HISTORY, History, Streak
from adjudicator.rulesets.orbis.prosperity import Resource, TheftLedger
from adjudicator.rulesets.orbis.reach import ReachEntry, ReachLevel, ReachTable
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.sheet_files import sheet_from_dict, sheet_to_dict
from adjudicator.rulesets.orbis.words import joined
from texts import T_

TURN = "medidas"
CALENDAR = Calendar(seasons=(), kinds=(TURN,))


@dataclass(frozen=True)
class OrbisState:
    phase: Phase
    first_year: int
    nations: tuple[Nation, ...]
    owners: Mapping[str, str] = field(default_factory=dict)  # region -> nation
    history: History = field(default_factory=lambda: EMPTY_HISTORY)
    thefts: TheftLedger = field(default_factory=TheftLedger)
    reach: ReachTable = field(default_factory=ReachTable)
    extinct: tuple[str, ...] = ()
    series: Mapping[int, Mapping[str, tuple[int, int, int, int]]] = field(default_factory=dict)
    """Each past year's VIA, LEG, RQU and PRO per nation, for the charts."""
    politics: Politics = field(default_factory=Politics)
    """Vassals, wars, civil wars, rebellions, treaties, declarations,
    conferences, organisations and epochs (`politics.register`)."""

    @property
    def year(self) -> int:
        return self.phase.year

    def powers(self) -> tuple[str, ...]:
        return tuple(n.id for n in self.nations if n.id not in self.extinct)

    def nation(self, nation_id: str) -> Nation:
        return next(n for n in self.nations if n.id == nation_id)

    def find(self, nation_id: str | None) -> Nation | None:
        return next((n for n in self.nations if n.id == nation_id), None)


class OrbisStateError(ValueError):
    """A state file that cannot be read: the message names the key."""


def state_to_dict(state: OrbisState) -> dict[str, Any]:
    """The plain data of `turns/<year>-medidas.yaml`."""
    by_nation: dict[str, list[str]] = {}
    for region in sorted(state.owners):
        by_nation.setdefault(state.owners[region], []).append(region)
    data: dict[str, Any] = {
        "phase": state.phase.id,
        "first_year": state.first_year,
        "nations": [sheet_to_dict(n) for n in state.nations],
        "owners": {n: by_nation[n] for n in sorted(by_nation)},
        "precedent": [
            {
                "nation": key[0],
                "statistic": key[1].value,
                "target": key[2],
                "success": streak.success,
                "count": streak.count,
                "last_year": streak.last_year,
                "carried": streak.carried,
            }
            for key, streak in sorted(
                state.history.items(), key=lambda kv: (kv[0][0], kv[0][1].value, kv[0][2])
            )
        ],
        "thefts": [
            {"target": t, "year": y, "resource": r.value, "amount": a}
            for (t, y, r), a in sorted(
                state.thefts.losses.items(), key=lambda kv: (kv[0][0], kv[0][1], kv[0][2].value)
            )
        ],
        "reach": [_reach_dict(e) for e in state.reach.entries],
        "extinct": list(state.extinct),
        "series": {
            year: {n: list(v) for n, v in sorted(per.items())}
            for year, per in sorted(state.series.items())
        },
        "politics": politics_to_dict(state.politics),
    }
    return {k: v for k, v in data.items() if v or k in ("phase", "first_year", "nations")}


def _reach_dict(entry: ReachEntry) -> dict[str, Any]:
    data: dict[str, Any] = {
        "from": entry.from_nation,
        "to": entry.to_nation,
        "level": entry.level.value,
    }
    if entry.attribute is not None:
        data["attribute"] = entry.attribute.value
    return data


def state_from_dict(data: Mapping[str, Any]) -> OrbisState:
    """A state from its plain data; OrbisStateError naming the key otherwise."""
    if not isinstance(data, Mapping):
        raise OrbisStateError(T_("a state file is a mapping of keys"))
    try:
        phase = CALENDAR.parse(str(data.get("phase")))
        first_year = int(data.get("first_year", phase.year))
        nations = tuple(
            sheet_from_dict(d, f"nations[{i}]") for i, d in enumerate(data.get("nations") or [])
        )
        owners = {
            str(region): str(nation)
            for nation, regions in (data.get("owners") or {}).items()
            for region in regions
        }
        history: dict[tuple[str, Statistic, str], Streak] = {}
        for entry in data.get("precedent") or []:
            key = (str(entry["nation"]), Statistic(entry["statistic"]), str(entry["target"]))
            history[key] = Streak(
                bool(entry["success"]),
                int(entry["count"]),
                int(entry["last_year"]),
                int(entry.get("carried", 0)),
            )
        ledger = TheftLedger(
            {
                (str(t["target"]), int(t["year"]), Resource(t["resource"])): int(t["amount"])
                for t in data.get("thefts") or []
            }
        )
        reach = ReachTable(
            tuple(
                ReachEntry(
                    str(e["from"]),
                    str(e["to"]),
                    ReachLevel(e["level"]),
                    Attribute(e["attribute"]) if e.get("attribute") else None,
                )
                for e in data.get("reach") or []
            )
        )
        extinct = tuple(str(n) for n in data.get("extinct") or [])
        series = {
            int(year): {
                str(n): (int(v[0]), int(v[1]), int(v[2]), int(v[3])) for n, v in per.items()
            }
            for year, per in (data.get("series") or {}).items()
        }
        politics = _politics(data.get("politics"), nations, first_year)
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise OrbisStateError(
            T_("a malformed state file: {problem}", problem=message_of(exc))
        ) from None
    return OrbisState(
        phase, first_year, nations, owners, history, ledger, reach, extinct, series, politics
    )


def _politics(data: Any, nations: tuple[Nation, ...], first_year: int) -> Politics:
    """The `politics:` mapping read (`politics.codec`); absent (or empty of
    value): the vassalages of the sheets' `vassal_of` since the first year
    (`register.seeded`), checked the same way."""
    if data is not None:
        return politics_from_dict(data, nations)
    politics = seeded(nations, first_year)
    problems = politics_problems(politics, nations)
    if problems:
        raise ValueError(
            T_("politics (from the sheets' vassal_of): {problems}", problems=joined(problems))
        )
    return politics
