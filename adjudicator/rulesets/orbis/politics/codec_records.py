"""The state file's records of vassals, wars, civil wars and rebellions
(`politics.codec`): each record to plain data and back.

Vassalage (O-185 .. O-196), Conflict (O-204 .. O-206), CivilWar with its
Supremacy meter and backers (O-219 .. O-222), Rebellion with its secret
backers (O-225 .. O-233). Enums by their value, sets as sorted lists, ordered tuples in their order,
fields at their default left out.
"""

from __future__ import annotations

from typing import Any

from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.civil_war import SUPREMACY, CivilWar
from adjudicator.rulesets.orbis.politics.codec_read import Fields, integer, lean, name, wrap
from adjudicator.rulesets.orbis.politics.rebellions import Rebellion
from adjudicator.rulesets.orbis.politics.vassals import Vassalage, VassalageOrigin
from adjudicator.rulesets.orbis.politics.war import Conflict
from texts import T_

__all__ = [
    "civil_war_from_dict",
    "civil_war_to_dict",
    "conflict_from_dict",
    "conflict_to_dict",
    "rebellion_from_dict",
    "rebellion_to_dict",
    "vassalage_from_dict",
    "vassalage_to_dict",
]


# --- vassals (O-185 .. O-196) ------------------------------------------------------------


def vassalage_to_dict(v: Vassalage) -> dict[str, Any]:
    data = {
        "vassal": v.vassal,
        "patron": v.patron,
        "since": v.since,
        "tributary": v.tributary,
        "forgiven_cycles": sorted(v.forgiven_cycles),
        "declared_independence": v.declared_independence,
        "origin": v.origin.value,
        "independence_via": v.independence_via,
        "independence_leg": v.independence_leg,
    }
    return lean(
        data,
        tributary=True,
        forgiven_cycles=[],
        declared_independence=None,
        origin=VassalageOrigin.GM.value,
        independence_via=0,
        independence_leg=0,
    )


def vassalage_from_dict(data: Any, path: str) -> Vassalage:
    f = Fields(
        data,
        path,
        ("vassal", "patron", "since"),
        (
            "tributary",
            "forgiven_cycles",
            "declared_independence",
            "origin",
            "independence_via",
            "independence_leg",
        ),
    )
    cycles = f.integers("forgiven_cycles")
    if len(set(cycles)) != len(cycles):
        raise ValueError(
            T_("{path}: expected distinct years, one listed twice", path=f.at("forgiven_cycles"))
        )
    return wrap(
        path,
        lambda: Vassalage(
            f.name("vassal"),
            f.name("patron"),
            f.integer("since"),
            f.flag("tributary", True),
            frozenset(cycles),
            f.opt_int("declared_independence"),
            f.choice_or("origin", VassalageOrigin, VassalageOrigin.GM),
            f.integer_or("independence_via", 0),
            f.integer_or("independence_leg", 0),
        ),
    )


# --- wars (O-204 .. O-206) ---------------------------------------------------------------


def conflict_to_dict(c: Conflict) -> dict[str, Any]:
    data = {
        "nations": sorted(c.nations),
        "hostile": c.hostile,
        "quiet": c.quiet,
        "at_war": c.at_war,
        "started": c.started,
        "first_clash": c.first_clash,
        "declared": c.declared,
    }
    return lean(
        data, hostile=0, quiet=0, at_war=False, started=None, first_clash=None, declared=False
    )


def conflict_from_dict(data: Any, path: str) -> Conflict:
    f = Fields(
        data,
        path,
        ("nations",),
        ("hostile", "quiet", "at_war", "started", "first_clash", "declared"),
    )
    nations = f.names("nations")
    if len(nations) != 2:
        raise ValueError(
            T_(
                "{path}: expected two nations, got {nations}",
                path=f.at("nations"),
                nations=len(nations),
            )
        )
    return wrap(
        path,
        lambda: Conflict(
            frozenset(nations),
            f.integer_or("hostile", 0),
            f.integer_or("quiet", 0),
            f.flag("at_war", False),
            f.opt_int("started"),
            f.opt_int("first_clash"),
            f.flag("declared", False),
        ),
    )


# --- civil wars (O-219 .. O-222) ---------------------------------------------------------


def civil_war_to_dict(c: CivilWar) -> dict[str, Any]:
    data = {
        "nation": c.nation,
        "factions": list(c.factions),
        "incumbent": c.incumbent,
        "supremacy": {k: c.supremacy[k] for k in sorted(c.supremacy)},
        "started": c.started,
        "backers": {k: c.backers[k] for k in sorted(c.backers)},
    }
    return lean(data, backers={})


def civil_war_from_dict(data: Any, path: str) -> CivilWar:
    f = Fields(
        data, path, ("nation", "factions", "incumbent", "supremacy", "started"), ("backers",)
    )
    factions = f.names("factions")
    meter = {key: integer(value, at) for key, at, value in f.table("supremacy")}
    if set(meter) != set(factions):
        raise ValueError(
            T_(
                "{path}: expected one value per faction ({items}), got {value}",
                path=f.at("supremacy"),
                items=", ".join(factions),
                value=", ".join(sorted(meter)) or T_("none"),
            )
        )
    if any(v < 0 for v in meter.values()) or sum(meter.values()) != SUPREMACY:
        raise ValueError(
            T_(
                "{path}: expected values of 0 or more summing to {SUPREMACY} (O-219), got {value}",
                path=f.at("supremacy"),
                SUPREMACY=SUPREMACY,
                value=sum(meter.values()),
            )
        )
    backers = {key: name(value, at) for key, at, value in f.table("backers")}
    return wrap(
        path,
        lambda: CivilWar(
            f.name("nation"), factions, f.name("incumbent"), meter, f.integer("started"), backers
        ),
    )


# --- rebellions (O-225 .. O-233) ---------------------------------------------------------


def rebellion_to_dict(r: Rebellion) -> dict[str, Any]:
    data = {
        "nation": r.nation,
        "since": r.since,
        "backers": list(r.backers),
        "discovered": sorted(r.discovered),
        "last_failure": None if r.last_failure is None else r.last_failure.value,
    }
    return lean(data, backers=[], discovered=[], last_failure=None)


def rebellion_from_dict(data: Any, path: str) -> Rebellion:
    f = Fields(data, path, ("nation", "since"), ("backers", "discovered", "last_failure"))
    return wrap(
        path,
        lambda: Rebellion(
            f.name("nation"),
            f.integer("since"),
            f.names("backers"),
            f.name_set("discovered"),
            f.opt_choice("last_failure", Level),
        ),
    )
