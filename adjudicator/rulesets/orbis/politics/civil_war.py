"""Civil war (rulebook 000 "Guerra civil"; O-213 .. O-223; AMB-15, AMB-23,
AMB-24, AMB-32, AMB-37).

A civil war is fought between factions (bandos) that seek the government of
the whole nation (O-215: a secession or revolt is fought as another nation).
It comes from the player, an event or another nation's incitement (O-213);
who controls each faction is GM data (O-216). While it lasts the nation
carries +10 on its domestic peaceful and exterior war medidas, not on its
exterior peaceful nor domestic war ones (O-214; war/peaceful by AMB-32).

Actions between factions are medidas only when different people control
them; then each controller has one extra medida for its faction, only about
the civil war (O-218, AMB-43). The Supremacy meter, 100 points, is split
equally, the rounding remainder to the incumbent (O-219, AMB-23: n factions
get floor(100/n) each, the incumbent the rest: 50/50, 33/33/34). A faction
medida does not touch VIA or LEG: it moves twice its level's size of
Supremacy to its faction (O-220, AMB-23: an Ofensiva E moves 16, 50/50 →
66/34). A foreign nation that joins the civil war on a faction's side splits
its medida's level value in half: half off the nation's VIA or LEG, half of
Supremacy moved from the faction it fights to the one it backs (O-222,
AMB-24, not doubled); a nation fighting the divided nation without joining
does its full damage (O-223). Each year beyond the first costs −2 LEG and −1
VIA, applied at the end of each turn from the civil war's second year (O-221,
AMB-37).

How it ends (the rulebook says only that the original player keeps the
nation afterwards, O-217): Supremacy never goes below 0 nor above 100 and
always sums to 100; a faction at 0 is out of the war; a faction holding all
100 (all the others at 0) has won and the civil war is over. The GM may also
end it by settlement (`settle`). The nation stays with its player either way
(O-217); its form of government is narrative.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import Index, change_index
from texts import T_

__all__ = [
    "CIVIL_WAR_CONDITION",
    "SUPREMACY",
    "UPKEEP_LEG",
    "UPKEEP_VIA",
    "CivilWar",
    "civil_war_condition",
    "duration",
    "extra_medidas",
    "faction_medida",
    "hit",
    "is_over",
    "move_supremacy",
    "settle",
    "split_supremacy",
    "start_civil_war",
    "upkeep",
    "winner",
]

SUPREMACY = 100
"""The Supremacy meter's total (O-219)."""
CIVIL_WAR_CONDITION = 10
"""The penalty on domestic peaceful and exterior war medidas (O-214)."""
UPKEEP_LEG, UPKEEP_VIA = 2, 1
"""What each year beyond the first costs (O-221)."""
FACTION_FACTOR = 2
"""Faction medidas move double points of Supremacy (O-220)."""


def split_supremacy(factions: tuple[str, ...], incumbent: str) -> dict[str, int]:
    """The meter split equally, floor(100/n) each, the remainder to the
    incumbent (O-219, AMB-23: 2 → 50/50; 3 → 33/33/34; 6 → 5×16 + 20)."""
    if len(factions) < 2 or len(set(factions)) != len(factions):
        raise ValueError(
            T_("a civil war needs two or more different factions: {factions}", factions=factions)
        )
    if incumbent not in factions:
        raise ValueError(
            T_(
                "the incumbent {incumbent} is not a faction of {factions}",
                incumbent=incumbent,
                factions=factions,
            )
        )
    share = SUPREMACY // len(factions)
    split = dict.fromkeys(factions, share)
    split[incumbent] += SUPREMACY - share * len(factions)
    return split


@dataclass(frozen=True)
class CivilWar:
    """A civil war in `nation` between `factions` (the `incumbent` held the
    government before it), with the Supremacy meter (O-219) and the year it
    `started`; `backers` maps each foreign nation that joined it to the
    faction it backs (O-222)."""

    nation: str
    factions: tuple[str, ...]
    incumbent: str
    supremacy: Mapping[str, int]
    started: int
    backers: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "factions", tuple(self.factions))
        split_supremacy(self.factions, self.incumbent)  # validates factions, incumbent
        if set(self.supremacy) != set(self.factions):
            raise ValueError(
                T_("civil war in {nation}: Supremacy not over its factions", nation=self.nation)
            )
        if any(v < 0 for v in self.supremacy.values()) or sum(self.supremacy.values()) != 100:
            raise ValueError(
                T_(
                    "civil war in {nation}: Supremacy {value} does not sum to 100",
                    nation=self.nation,
                    value=dict(self.supremacy),
                )
            )
        stray = sorted({f for f in self.backers.values() if f not in self.factions})
        if stray:
            raise ValueError(
                T_(
                    "civil war in {nation}: a backer supports no faction of it: {backers}",
                    nation=self.nation,
                    backers=", ".join(stray),
                )
            )
        if self.nation in self.backers:
            raise ValueError(
                T_(
                    "civil war in {nation}: the nation cannot back a faction of its own war",
                    nation=self.nation,
                )
            )
        object.__setattr__(
            self, "supremacy", MappingProxyType({f: self.supremacy[f] for f in self.factions})
        )
        object.__setattr__(self, "backers", MappingProxyType(dict(self.backers)))

    def __hash__(self) -> int:
        return hash((self.nation, self.factions, tuple(self.supremacy.items()), self.started))

    @property
    def active(self) -> tuple[str, ...]:
        """The factions still in the war: above 0 Supremacy."""
        return tuple(f for f in self.factions if self.supremacy[f] > 0)


def start_civil_war(nation: str, factions: tuple[str, ...], incumbent: str, year: int) -> CivilWar:
    """A new civil war with the meter split (O-219, AMB-23)."""
    return CivilWar(nation, factions, incumbent, split_supremacy(factions, incumbent), year)


def civil_war_condition(*, domestic: bool, war: bool) -> int:
    """The civil war's penalty (+, O-045) on a medida of the divided nation
    (O-214): +10 on domestic peaceful and exterior war medidas; 0 on exterior
    peaceful and domestic war ones. War or peaceful by AMB-32
    (`war.is_war_medida`), domestic or exterior by where it acts (O-013)."""
    return CIVIL_WAR_CONDITION if domestic != war else 0


def extra_medidas(controllers: Mapping[str, str]) -> dict[str, int]:
    """The extra medidas of a turn (O-218, AMB-43): actions between the
    factions are medidas only when different people control them
    (`controllers`: faction → player or GM); then each controller has one
    extra medida per faction it controls, only about the civil war. One
    controller of every faction (O-216: a player-provoked civil war) gets
    none: the fighting is narrative."""
    if len(set(controllers.values())) < 2:
        return {}
    extra: dict[str, int] = {}
    for controller in controllers.values():
        extra[controller] = extra.get(controller, 0) + 1
    return extra


def move_supremacy(civil_war: CivilWar, to: str, from_: str, points: int) -> CivilWar:
    """`points` of Supremacy moved from one faction to another, never more
    than the losing faction holds, so the meter stays within 0..100 and sums
    to 100 (O-219, O-220)."""
    for faction in (to, from_):
        if faction not in civil_war.factions:
            raise ValueError(
                T_(
                    "{faction} is not a faction of the civil war in {nation}",
                    faction=faction,
                    nation=civil_war.nation,
                )
            )
    if to == from_:
        raise ValueError(T_("faction {to} does not take Supremacy from itself", to=to))
    if points < 0:
        raise ValueError(T_("Supremacy moves by a positive amount, not {points}", points=points))
    moved = min(points, civil_war.supremacy[from_])
    meter = dict(civil_war.supremacy)
    meter[from_] -= moved
    meter[to] += moved
    return replace(civil_war, supremacy=meter)


def faction_medida(civil_war: CivilWar, faction: str, against: str, level: Level) -> CivilWar:
    """A faction's medida that prevailed against another faction: twice its
    level's size of Supremacy moved to it (O-220, AMB-23: Ofensiva E, 8 → 16,
    50/50 → 66/34); a failure moves nothing. VIA and LEG are not touched."""
    if not level.success:
        return civil_war
    return move_supremacy(civil_war, faction, against, FACTION_FACTOR * level.size)


def hit(
    civil_war: CivilWar,
    nation: Nation,
    actor: str,
    against: str,
    index: Index,
    level: Level,
) -> tuple[CivilWar, Nation]:
    """A damaging medida that prevailed in the divided nation, by `actor`
    against the faction `against` (its `index` the one the medida damages:
    Ofensiva VIA, Incisión LEG, O-093, O-094):

    - a faction: double Supremacy to it, the nation untouched (O-220);
    - a foreign nation that joined (a backer): half the level's size off the
      index, half of Supremacy moved from `against` to the faction it backs
      (O-222, AMB-24);
    - any other nation (fighting the divided nation without joining): the
      full damage to the index, Supremacy untouched (O-223).
    A failure changes nothing."""
    if nation.id != civil_war.nation:
        raise ValueError(
            T_(
                "{nation} is not the nation of the civil war in {nation2}",
                nation=nation.id,
                nation2=civil_war.nation,
            )
        )
    if not level.success:
        return civil_war, nation
    if actor in civil_war.factions:
        return faction_medida(civil_war, actor, against, level), nation
    if actor in civil_war.backers:
        half = level.size // 2
        backed = civil_war.backers[actor]
        if backed == against:
            raise ValueError(
                T_("{actor} backs {backed}: it does not fight it", actor=actor, backed=backed)
            )
        moved = move_supremacy(civil_war, backed, against, half)
        return moved, change_index(nation, index, -half)
    return civil_war, change_index(nation, index, -level.size)


def duration(civil_war: CivilWar, year: int) -> int:
    """Turns the civil war has lasted through `year`, the current one
    included (AMB-15: no cycle restoration from 2)."""
    return max(0, year - civil_war.started + 1)


def upkeep(civil_war: CivilWar, nation: Nation, year: int) -> Nation:
    """The end of turn `year` (AMB-37): from the civil war's second year, −2
    LEG and −1 VIA (O-221), never below 0 (AMB-16)."""
    if nation.id != civil_war.nation:
        raise ValueError(
            T_(
                "{nation} is not the nation of the civil war in {nation2}",
                nation=nation.id,
                nation2=civil_war.nation,
            )
        )
    if year <= civil_war.started:
        return nation
    return change_index(change_index(nation, Index.LEG, -UPKEEP_LEG), Index.VIA, -UPKEEP_VIA)


def winner(civil_war: CivilWar) -> str | None:
    """The faction holding all 100 of Supremacy (every other at 0), if any."""
    active = civil_war.active
    return active[0] if len(active) == 1 else None


def is_over(civil_war: CivilWar) -> bool:
    """The civil war ends when one faction holds the whole meter (see the
    module docstring); the nation stays with its player (O-217)."""
    return winner(civil_war) is not None


def settle(civil_war: CivilWar, faction: str) -> CivilWar:
    """The GM's settlement: `faction` takes the whole meter and the civil war
    is over (O-217: the original player keeps the nation)."""
    if faction not in civil_war.factions:
        raise ValueError(
            T_(
                "{faction} is not a faction of the civil war in {nation}",
                faction=faction,
                nation=civil_war.nation,
            )
        )
    meter = dict.fromkeys(civil_war.factions, 0)
    meter[faction] = SUPREMACY
    return replace(civil_war, supremacy=meter)
