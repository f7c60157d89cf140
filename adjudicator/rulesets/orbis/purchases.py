"""Purchases and gifts written as `Gasto:` lines, paid before the year's
rolls in the order written (rulebook 000 "Prosperidad", O-138 .. O-163;
AMB-17): each purchase is a `prosperity.Purchase` bought `units` times; a
gift of RQU or PRO to another nation (O-143, O-164) moves what the giver
has, never more; a refusal is named."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Attribute, Variant
from adjudicator.rulesets.orbis.prosperity import Purchase, PurchaseKind, Reach, apply_purchase
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.state import OrbisState
from adjudicator.rulesets.orbis.words import joined
from orders.orbis.model import Spend, Transfer
from texts import N_, T_, Text

_K = PurchaseKind
KINDS: Mapping[tuple[str, str], PurchaseKind] = MappingProxyType(
    {
        ("RQU", "modifier"): _K.RQU_AUTORIDAD_BONUS,
        ("RQU", "pro"): _K.RQU_PRO,
        ("RQU", "leg"): _K.RQU_LEG,
        ("RQU", "via"): _K.RQU_VIA,
        ("RQU", "autoridad_point"): _K.RQU_AUTORIDAD_POINT,
        ("PRO", "rqu"): _K.PRO_RQU,
        ("PRO", "modifier"): _K.PRO_DOMINIO_BONUS,
        ("PRO", "via"): _K.PRO_VIA,
        ("PRO", "leg"): _K.PRO_LEG,
        ("PRO", "reach"): _K.PRO_REACH,
        ("PRO", "extra_medida"): _K.PRO_MEDIDA,
        ("PRO", "special_medida"): _K.PRO_SPECIAL,
        ("PRO", "dominio_point"): _K.PRO_DOMINIO_POINT,
    }
)
"""The reader's (resource, purchase) -> the table's purchase kind."""


WORDS: Mapping[PurchaseKind, str] = MappingProxyType(
    {
        _K.RQU_AUTORIDAD_BONUS: N_("a -6 bonus on {attribute} (O-138)"),
        _K.RQU_PRO: N_("+1 PRO (O-139)"),
        _K.RQU_LEG: N_("+3 LEG (O-140)"),
        _K.RQU_VIA: N_("+6 VIA (O-141)"),
        _K.RQU_AUTORIDAD_POINT: N_("+1 {attribute} (O-142)"),
        _K.PRO_RQU: N_("+10 RQU (O-156)"),
        _K.PRO_DOMINIO_BONUS: N_("a -6 bonus on {attribute} (O-157)"),
        _K.PRO_VIA: N_("+3 VIA (O-158)"),
        _K.PRO_LEG: N_("+6 LEG (O-159)"),
        _K.PRO_REACH: N_("a reach change with {target}, for the GM (O-160)"),
        _K.PRO_MEDIDA: N_("an extra medida (O-161)"),
        _K.PRO_SPECIAL: N_("the special medida {variant} (O-162)"),
        _K.PRO_DOMINIO_POINT: N_("+1 {attribute} (O-163)"),
    }
)


def _words(purchase: Purchase) -> str:
    attribute = purchase.attribute.value if purchase.attribute else T_("an attribute")
    variant = purchase.variant.value.capitalize() if purchase.variant else ""
    values = {"attribute": attribute, "target": purchase.target or "?", "variant": variant}
    return Text(WORDS[purchase.kind], values)


def purchase_of(spend: Spend) -> Purchase:
    kind = KINDS[(str(spend.resource), str(spend.purchase))]
    attribute = Attribute(spend.attribute.upper()) if spend.attribute else None
    variant = Variant(spend.special) if kind is _K.PRO_SPECIAL and spend.special else None
    reach = None
    if kind is _K.PRO_REACH:
        reach = Reach.CREATE_CERCANIA if spend.special == "cercania" else Reach.REMOVE_LEJANIA
    return Purchase(kind, attribute, variant, spend.target, reach)


def _give(nations: dict[str, Nation], gift: Transfer) -> str:
    """A gift of RQU or PRO (O-143, O-164): never more than the giver has."""
    giver, taker = nations.get(gift.power), nations.get(gift.to)
    if giver is None or taker is None or giver.id == taker.id:
        return T_(
            "gift of {amount} {resource} to {to}: refused (no such other nation)",
            amount=gift.amount,
            resource=gift.resource,
            to=gift.to,
        )
    held = giver.rqu if gift.resource == "RQU" else giver.pro
    if gift.amount > held:
        return T_(
            "gift of {amount} {resource} to {to}: refused, it has {held}",
            amount=gift.amount,
            resource=gift.resource,
            to=gift.to,
            held=held,
        )
    if gift.resource == "RQU":
        nations[giver.id] = replace(giver, rqu=giver.rqu - gift.amount)
        nations[taker.id] = replace(taker, rqu=taker.rqu + gift.amount)
    else:
        nations[giver.id] = replace(giver, pro=giver.pro - gift.amount)
        nations[taker.id] = replace(taker, pro=taker.pro + gift.amount)
    return T_(
        "gave {amount} {resource} to {to}", amount=gift.amount, resource=gift.resource, to=gift.to
    )


def purchases_of(
    state: OrbisState, spends: Sequence[Spend | Transfer]
) -> tuple[OrbisState, list[tuple[str, str]]]:
    """The state after every purchase and gift, and (nation, what happened) per line."""
    nations = {n.id: n for n in state.nations}
    told: list[tuple[str, str]] = []
    for spend in spends:
        if isinstance(spend, Transfer):
            told.append((spend.power, _give(nations, spend)))
            continue
        nation = nations.get(spend.power)
        if nation is None:
            continue
        purchase = purchase_of(spend)
        bought = 0
        problem: str | None = None
        for _ in range(max(1, spend.units)):
            nation, problem = apply_purchase(nation, purchase, state.year)
            if problem is not None:
                break
            bought += 1
        nations[spend.power] = nation
        what = T_(
            "{amount} {resource}: {purchase}, bought {bought}",
            amount=spend.amount,
            resource=spend.resource,
            purchase=_words(purchase),
            bought=bought,
        )
        told.append((spend.power, joined([what, problem]) if problem else what))
    after = replace(state, nations=tuple(nations[n.id] for n in state.nations))
    return after, told
