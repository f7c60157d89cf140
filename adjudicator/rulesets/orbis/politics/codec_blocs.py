"""The state file's records of grievances, blocs and Lejanía penalties
(`politics.codec`): each record to plain data and back.

OffensiveBonus, the wronged vassal's bonus on its offensive medidas (O-196,
AMB-46); Bloc, a conference's bloc with its suspended members and those
leaving (O-259, O-273 .. O-278); LejaniaPenalty, an exclusion's penalty for
five turns (O-277, AMB-28: its value None until the GM sets it). Sets as
sorted lists, mappings with sorted keys, fields at their default left out.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.orbis.politics.blocs import Bloc, LejaniaPenalty
from adjudicator.rulesets.orbis.politics.codec_read import Fields, integer, lean, text, wrap
from adjudicator.rulesets.orbis.politics.vassals import OffensiveBonus
from texts import T_

__all__ = [
    "bloc_from_dict",
    "bloc_to_dict",
    "grievance_from_dict",
    "grievance_to_dict",
    "lejania_from_dict",
    "lejania_to_dict",
]


def _span(first: int, until: int, path: str) -> None:
    if until < first:
        raise ValueError(
            T_(
                "{path}.until: expected a year not before first ({first}), got {until}",
                path=path,
                first=first,
                until=until,
            )
        )


# --- grievances (O-196, AMB-46) --------------------------------------------------------


def grievance_to_dict(g: OffensiveBonus) -> dict[str, Any]:
    data = {
        "nation": g.nation,
        "value": g.value,
        "first": g.first,
        "until": g.until,
        "source": g.source,
    }
    return lean(data)


def grievance_from_dict(data: Any, path: str) -> OffensiveBonus:
    f = Fields(data, path, ("nation", "value", "first", "until", "source"))
    value = f.integer("value")
    if value >= 0:
        raise ValueError(
            T_(
                "{path}: expected a bonus, below 0 (O-196), got {value}",
                path=f.at("value"),
                value=value,
            )
        )
    first, until = f.integer("first"), f.integer("until")
    _span(first, until, path)
    return OffensiveBonus(f.name("nation"), value, first, until, f.text("source"))


# --- blocs (O-259, O-273 .. O-278) -----------------------------------------------------


def bloc_to_dict(b: Bloc) -> dict[str, Any]:
    data = {
        "id": b.id,
        "members": sorted(b.members),
        "suspended": {n: b.suspended[n] for n in sorted(b.suspended)},
        "leaving": {n: b.leaving[n] for n in sorted(b.leaving)},
    }
    return lean(data, suspended={}, leaving={})


def bloc_from_dict(data: Any, path: str) -> Bloc:
    f = Fields(data, path, ("id", "members"), ("suspended", "leaving"))
    members = f.name_set("members")
    suspended = {n: text(v, at) for n, at, v in f.table("suspended")}
    leaving = {n: integer(v, at) for n, at, v in f.table("leaving")}
    for key, table in (("suspended", suspended), ("leaving", leaving)):
        stray = sorted(n for n in table if n not in members)
        if stray:
            raise ValueError(
                T_(
                    "{path}: expected members of the bloc, got {items}",
                    path=f.at(key),
                    items=", ".join(stray),
                )
            )
    return wrap(path, lambda: Bloc(f.name("id"), members, suspended, leaving))


# --- Lejanía penalties (O-277, AMB-28) -------------------------------------------------


def lejania_to_dict(p: LejaniaPenalty) -> dict[str, Any]:
    data = {
        "nation": p.nation,
        "toward": sorted(p.toward),
        "value": p.value,
        "first": p.first,
        "until": p.until,
        "source": p.source,
    }
    return lean(data, value=None)


def lejania_from_dict(data: Any, path: str) -> LejaniaPenalty:
    f = Fields(data, path, ("nation", "toward", "first", "until", "source"), ("value",))
    value = f.opt_int("value")
    if value is not None and value <= 0:
        raise ValueError(
            T_(
                "{path}: expected a penalty, above 0 (O-277), got {value}",
                path=f.at("value"),
                value=value,
            )
        )
    first, until = f.integer("first"), f.integer("until")
    _span(first, until, path)
    nation, toward = f.name("nation"), f.name_set("toward")
    if nation in toward:
        raise ValueError(
            T_("{path}: expected other nations than {nation}", path=f.at("toward"), nation=nation)
        )
    return LejaniaPenalty(nation, toward, value, first, until, f.text("source"))
