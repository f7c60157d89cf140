"""Prosperity: RQU and PRO, what they buy, what rolls gain and steal
(rulebook 000 "Prosperidad"; O-136 .. O-174; AMB-17, AMB-18, AMB-19).

Purchases (O-138 .. O-142, O-156 .. O-163) are paid before the turn's rolls,
in the order written; one the nation cannot pay is refused and the next is
still tried (AMB-17). A −6 bought for an attribute is a `purchase` modifier
on the attribute the buyer names (Autoridad for RQU, Dominio for PRO),
lasting like a medida's (the year bought and four more, or its first use;
AMB-07, AMB-17). Restorations are capped at the index's capacity (AMB-16).

Intervención gains RQU (O-145 .. O-148), Desarrollo PRO (O-166 .. O-169);
Sabotaje steals RQU (O-150 .. O-153), Espionaje PRO (O-171 .. O-174). A
nation without a player loses at most 7 RQU (5 if tributary of another NsJ)
and 2 PRO (1) over the current year and the nine before, to all thieves
together; the thief never gains more than the target lost; no target goes
below 0; a player's nation and its tributaries have no cap (O-149, O-170,
AMB-18).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Attribute, Statistic, Variant
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import Index, capacity, change_index, current
from texts import T_

__all__ = [
    "DESARROLLO_PRO",
    "ESPIONAJE",
    "INTERVENCION_RQU",
    "PRICES",
    "PURCHASE_MODIFIER",
    "SABOTAJE",
    "THEFT_WINDOW",
    "Purchase",
    "PurchaseKind",
    "Reach",
    "Resource",
    "Theft",
    "TheftLedger",
    "TheftResult",
    "apply_purchase",
    "apply_purchases",
    "desarrollo_gain",
    "intervencion_gain",
    "steal",
    "theft_cap",
    "theft_table",
]

PURCHASE_MODIFIER = -6
"""The bonus bought for 5 RQU (O-138) or 1 PRO (O-157)."""
MODIFIER_YEARS = 5
"""A bought modifier lasts the year bought and four more, as a medida's (AMB-07, AMB-17)."""
THEFT_WINDOW = 10
"""Years over which a NsJ's losses are capped: the current and the nine before (AMB-18)."""


class Resource(StrEnum):
    RQU = "RQU"  # Riqueza
    PRO = "PRO"  # Progreso


class PurchaseKind(StrEnum):
    """What RQU (O-138 .. O-142) and PRO (O-156 .. O-163) buy."""

    RQU_AUTORIDAD_BONUS = "rqu_autoridad_bonus"  # O-138: 5 RQU, −6 on an Autoridad attribute
    RQU_PRO = "rqu_pro"  # O-139: 10 RQU, +1 PRO
    RQU_LEG = "rqu_leg"  # O-140: 15 RQU, +3 LEG
    RQU_VIA = "rqu_via"  # O-141: 20 RQU, +6 VIA
    RQU_AUTORIDAD_POINT = "rqu_autoridad_point"  # O-142: 40 RQU, +1 Autoridad attribute
    PRO_RQU = "pro_rqu"  # O-156: 1 PRO, +10 RQU
    PRO_DOMINIO_BONUS = "pro_dominio_bonus"  # O-157: 1 PRO, −6 on a Dominio attribute
    PRO_VIA = "pro_via"  # O-158: 5 PRO, +3 VIA
    PRO_LEG = "pro_leg"  # O-159: 10 PRO, +6 LEG
    PRO_REACH = "pro_reach"  # O-160: 15 PRO, a Lejanía removed or a Cercanía made
    PRO_MEDIDA = "pro_medida"  # O-161: 20 PRO, an extra medida
    PRO_SPECIAL = "pro_special"  # O-162: 25 PRO, a special medida (AMB-19)
    PRO_DOMINIO_POINT = "pro_dominio_point"  # O-163: 30 PRO, +1 Dominio attribute

    @property
    def price(self) -> tuple[Resource, int]:
        return PRICES[self]


_K = PurchaseKind
PRICES: Mapping[PurchaseKind, tuple[Resource, int]] = MappingProxyType(
    {
        _K.RQU_AUTORIDAD_BONUS: (Resource.RQU, 5),
        _K.RQU_PRO: (Resource.RQU, 10),
        _K.RQU_LEG: (Resource.RQU, 15),
        _K.RQU_VIA: (Resource.RQU, 20),
        _K.RQU_AUTORIDAD_POINT: (Resource.RQU, 40),
        _K.PRO_RQU: (Resource.PRO, 1),
        _K.PRO_DOMINIO_BONUS: (Resource.PRO, 1),
        _K.PRO_VIA: (Resource.PRO, 5),
        _K.PRO_LEG: (Resource.PRO, 10),
        _K.PRO_REACH: (Resource.PRO, 15),
        _K.PRO_MEDIDA: (Resource.PRO, 20),
        _K.PRO_SPECIAL: (Resource.PRO, 25),
        _K.PRO_DOMINIO_POINT: (Resource.PRO, 30),
    }
)
_RESTORATIONS: Mapping[PurchaseKind, tuple[Index, int]] = MappingProxyType(
    {
        _K.RQU_LEG: (Index.LEG, 3),
        _K.RQU_VIA: (Index.VIA, 6),
        _K.PRO_VIA: (Index.VIA, 3),
        _K.PRO_LEG: (Index.LEG, 6),
    }
)
_GROUPS: Mapping[PurchaseKind, tuple[str, tuple[Attribute, ...]]] = MappingProxyType(
    {
        _K.RQU_AUTORIDAD_BONUS: ("Autoridad", AUTORIDAD),
        _K.RQU_AUTORIDAD_POINT: ("Autoridad", AUTORIDAD),
        _K.PRO_DOMINIO_BONUS: ("Dominio", DOMINIO),
        _K.PRO_DOMINIO_POINT: ("Dominio", DOMINIO),
    }
)


class Reach(StrEnum):
    """What 15 PRO do to a reach level (O-160): the level itself is GM data per
    nation pair, so the purchase is a request recorded for the GM."""

    REMOVE_LEJANIA = "remove_lejania"  # a Lejanía penalty removed
    CREATE_CERCANIA = "create_cercania"  # a Cercanía bonus of 5 made


@dataclass(frozen=True)
class Purchase:
    """One purchase as written: `attribute` for a bonus or a point (AMB-17),
    `variant` for a special medida (AMB-19), `target` (the other nation) and
    `reach` for O-160."""

    kind: PurchaseKind
    attribute: Attribute | None = None
    variant: Variant | None = None
    target: str | None = None
    reach: Reach | None = None


def _funds(nation: Nation, resource: Resource) -> int:
    return nation.rqu if resource is Resource.RQU else nation.pro


def _pay(nation: Nation, resource: Resource, amount: int) -> Nation:
    if resource is Resource.RQU:
        return replace(nation, rqu=nation.rqu - amount)
    return replace(nation, pro=nation.pro - amount)


def _purchase_problem(nation: Nation, purchase: Purchase) -> str | None:
    kind = purchase.kind
    resource, price = kind.price
    if _funds(nation, resource) < price:
        return T_(
            "{nation} cannot pay {kind}: it costs {price} {resource}, the nation has {funds}",
            nation=nation.id,
            kind=kind.value,
            price=price,
            resource=resource.value,
            funds=_funds(nation, resource),
        )
    if kind in _GROUPS:
        group, members = _GROUPS[kind]
        if purchase.attribute not in members:
            named = purchase.attribute.value if purchase.attribute else T_("none")
            return T_(
                "{kind} needs a {group} attribute ({members}), not {named} (AMB-17)",
                kind=kind.value,
                group=group,
                members=", ".join(a.value for a in members),
                named=named,
            )
    if kind in _RESTORATIONS:
        index = _RESTORATIONS[kind][0]
        if current(nation, index) >= capacity(nation, index):
            return T_(
                "{nation}'s {index} is full: nothing to restore (AMB-16)",
                nation=nation.id,
                index=index.value,
            )
    if kind is _K.PRO_SPECIAL and (purchase.variant is None or not purchase.variant.special):
        names = ", ".join(v.value for v in Variant if v.special)
        return T_("a special medida is one of {names} (O-162, AMB-19)", names=names)
    if kind is _K.PRO_REACH and (purchase.target is None or purchase.reach is None):
        return T_("a reach purchase names the other nation and remove_lejania or create_cercania")
    return None


def apply_purchase(nation: Nation, purchase: Purchase, year: int) -> tuple[Nation, str | None]:
    """The nation after one purchase made in `year`, or unchanged with why it
    was refused (it cannot pay, a wrong attribute, a full index...). The
    extra medida, the special medida and the reach change (O-160 .. O-162)
    only cost: the caller records the request for the turn and the GM."""
    problem = _purchase_problem(nation, purchase)
    if problem is not None:
        return nation, problem
    kind = purchase.kind
    resource, price = kind.price
    after = _pay(nation, resource, price)
    if kind in _RESTORATIONS:
        index, amount = _RESTORATIONS[kind]
        after = change_index(after, index, amount)
    elif kind is _K.RQU_PRO:
        after = replace(after, pro=after.pro + 1)
    elif kind is _K.PRO_RQU:
        after = replace(after, rqu=after.rqu + 10)
    elif kind in (_K.RQU_AUTORIDAD_BONUS, _K.PRO_DOMINIO_BONUS):
        assert purchase.attribute is not None
        bonus = Modifier(
            purchase.attribute,
            PURCHASE_MODIFIER,
            year + MODIFIER_YEARS - 1,
            ModifierKind.PURCHASE,
            f"purchase:{kind.value}:{year}",
        )
        after = replace(after, modifiers=(*after.modifiers, bonus))
    elif kind in (_K.RQU_AUTORIDAD_POINT, _K.PRO_DOMINIO_POINT):
        assert purchase.attribute is not None
        point = {purchase.attribute: after.attributes[purchase.attribute] + 1}
        after = after.with_attributes(point)
    return after, None


def apply_purchases(
    nation: Nation, purchases: Iterable[Purchase], year: int
) -> tuple[Nation, tuple[str, ...]]:
    """All the turn's purchases, in the order written, before the rolls; a
    refused one is skipped and the next still tried (AMB-17)."""
    problems: list[str] = []
    for purchase in purchases:
        nation, problem = apply_purchase(nation, purchase, year)
        if problem is not None:
            problems.append(problem)
    return nation, tuple(problems)


# --- gains by roll ------------------------------------------------------------------------

INTERVENCION_RQU: Mapping[Level, int] = MappingProxyType(
    {Level.LE: 1, Level.E: 3, Level.ME: 5, Level.EC: 8}
)
"""RQU gained by Intervención (O-145 .. O-148)."""
DESARROLLO_PRO: Mapping[Level, int] = MappingProxyType(
    {Level.LE: 1, Level.E: 2, Level.ME: 3, Level.EC: 4}
)
"""PRO gained by Desarrollo (O-166 .. O-169)."""


@dataclass(frozen=True)
class Theft:
    """What the target loses and the thief gains by the table."""

    loss: int
    gain: int


SABOTAJE: Mapping[Level, Theft] = MappingProxyType(
    {Level.LE: Theft(1, 0), Level.E: Theft(2, 2), Level.ME: Theft(5, 4), Level.EC: Theft(9, 7)}
)
"""RQU stolen by Sabotaje (O-150 .. O-153)."""
ESPIONAJE: Mapping[Level, Theft] = MappingProxyType(
    {Level.LE: Theft(1, 0), Level.E: Theft(2, 0), Level.ME: Theft(3, 2), Level.EC: Theft(4, 3)}
)
"""PRO stolen by Espionaje (O-171 .. O-174; E: no gain)."""

NSJ_CAPS: Mapping[Resource, tuple[int, int]] = MappingProxyType(
    {Resource.RQU: (7, 5), Resource.PRO: (2, 1)}
)
"""(cap, cap if tributary of a NsJ) over ten years (O-149, O-170, AMB-18)."""


def intervencion_gain(level: Level) -> int:
    """RQU an Intervención of that level gains: LE 1, E 3, ME 5, EC 8; a failure 0."""
    return INTERVENCION_RQU.get(level, 0)


def desarrollo_gain(level: Level) -> int:
    """PRO a Desarrollo of that level gains: LE 1, E 2, ME 3, EC 4; a failure 0."""
    return DESARROLLO_PRO.get(level, 0)


def theft_table(statistic: Statistic, level: Level) -> Theft:
    """The table's loss and gain for Sabotaje (RQU) or Espionaje (PRO); a failure steals nothing."""
    tables = {Statistic.SABOTAJE: SABOTAJE, Statistic.ESPIONAJE: ESPIONAJE}
    if statistic not in tables:
        raise ValueError(f"{statistic.spanish} does not steal: Sabotaje and Espionaje do")
    return tables[statistic].get(level, Theft(0, 0))


def stolen_resource(statistic: Statistic) -> Resource:
    return Resource.RQU if statistic is Statistic.SABOTAJE else Resource.PRO


@dataclass(frozen=True)
class TheftLedger:
    """What each target lost to theft, by (target, year, resource) (AMB-18)."""

    losses: Mapping[tuple[str, int, Resource], int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "losses", MappingProxyType(dict(self.losses)))

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.losses.items())))

    def record(self, target: str, year: int, resource: Resource, amount: int) -> TheftLedger:
        if amount <= 0:
            return self
        key = (target, year, resource)
        return TheftLedger({**self.losses, key: self.losses.get(key, 0) + amount})

    def lost(self, target: str, resource: Resource, year: int, window: int = THEFT_WINDOW) -> int:
        """What `target` lost of `resource` in `year` and the `window - 1` before."""
        return sum(
            amount
            for (who, when, what), amount in self.losses.items()
            if who == target and what is resource and year - window < when <= year
        )


def theft_cap(target: Nation, resource: Resource, patron: Nation | None = None) -> int | None:
    """The most `target` may lose of `resource` over ten years, or None (no
    cap): 7 RQU / 2 PRO for a NsJ, 5 / 1 for a NsJ tributary of a NsJ; a
    player's nation or a player's tributary has none (O-149, O-170, AMB-18).
    `patron` is the target's patron when it has one."""
    if target.has_player:
        return None
    plain, tributary = NSJ_CAPS[resource]
    if target.vassal_of is None:
        return plain
    if patron is None or patron.id != target.vassal_of:
        raise ValueError(f"{target.id} is tributary of {target.vassal_of}: pass that patron")
    return None if patron.has_player else tributary


@dataclass(frozen=True)
class TheftResult:
    thief: Nation
    target: Nation
    ledger: TheftLedger
    loss: int
    gain: int


def _add(nation: Nation, resource: Resource, amount: int) -> Nation:
    return _pay(nation, resource, -amount)


def steal(
    thief: Nation,
    target: Nation,
    statistic: Statistic,
    level: Level,
    year: int,
    ledger: TheftLedger,
    *,
    patron: Nation | None = None,
) -> TheftResult:
    """A Sabotaje (RQU) or Espionaje (PRO) of `level` by `thief` on `target`
    in `year`: the target loses the table's loss, limited by what it has and
    by its ten-year cap (O-149, O-170); the thief gains the table's gain,
    never more than that loss (AMB-18); the ledger records the loss."""
    resource = stolen_resource(statistic)
    table = theft_table(statistic, level)
    loss = min(table.loss, _funds(target, resource))
    cap = theft_cap(target, resource, patron)
    if cap is not None:
        loss = min(loss, max(0, cap - ledger.lost(target.id, resource, year)))
    gain = min(table.gain, loss)
    return TheftResult(
        thief=_add(thief, resource, gain),
        target=_pay(target, resource, loss),
        ledger=ledger.record(target.id, year, resource, loss),
        loss=loss,
        gain=gain,
    )
