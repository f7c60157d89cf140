"""The Hypothesis property of a whole Orbis year (`turn.resolve_year`): for random
sheets and medidas, every medida gets exactly one result, sheets stay within
their bounds, modifiers expire when they should, and replay is byte-identical."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.rulesets.orbis.attributes import AUTORIDAD, DOMINIO, Attribute, Statistic, Variant
from adjudicator.rulesets.orbis.options import OrbisOptions
from adjudicator.rulesets.orbis.politics.register import seeded
from adjudicator.rulesets.orbis.precedent import Streak
from adjudicator.rulesets.orbis.prosperity import Resource, TheftLedger
from adjudicator.rulesets.orbis.reach import ReachEntry, ReachLevel, ReachTable
from adjudicator.rulesets.orbis.records import Modifier, ModifierKind
from adjudicator.rulesets.orbis.sheet import Nation, NationKind
from adjudicator.rulesets.orbis.state import TURN, OrbisState, state_from_dict, state_to_dict
from adjudicator.rulesets.orbis.turn import GmInput, OrbisOrder, OrbisResolution, resolve_year
from orders.orbis.model import (
    Event,
    EventModifier,
    Medida,
    NoDefence,
    ParsedGm,
    Reach,
    Reclassify,
    Spend,
    Veto,
)
from orders.orbis.words import REACH_LEVELS, Purchase
from orders.orbis.words import Resource as Paid

GAME = "orbis-property"
IDS = ("n0", "n1", "n2", "n3")
REGIONS = ("r0", "r1", "r2")

# --- strategies ---------------------------------------------------------------------------


@st.composite
def records(draw: st.DrawFn, year: int) -> Modifier:
    kind = draw(st.sampled_from(ModifierKind))
    value = draw(st.integers(-25, 25).filter(bool))
    if kind is ModifierKind.BEHAVIOUR:
        value = abs(value)
    until = draw(st.integers(year, year + 10))
    return Modifier(draw(st.sampled_from(Attribute)), value, until, kind, f"gen:{kind.value}")


@st.composite
def nations(draw: st.DrawFn, nation_id: str, year: int, others: tuple[str, ...]) -> Nation:
    attributes = {a: draw(st.integers(1, 60)) for a in Attribute}
    probe = Nation(nation_id, nation_id, attributes, 0, 0)
    return Nation(
        nation_id,
        f"Nación {nation_id}",
        attributes,
        via=draw(st.integers(0, probe.via_capacity)),
        leg=draw(st.integers(0, probe.leg_capacity)),
        rqu=draw(st.integers(0, 40)),
        pro=draw(st.integers(0, 40)),
        kind=draw(st.sampled_from(NationKind)),
        player=draw(st.sampled_from([None, "ana", "bruno"])),
        modifiers=tuple(draw(st.lists(records(year), max_size=4))),
        vassal_of=draw(st.sampled_from([None, *others])),
    )


@st.composite
def states(draw: st.DrawFn) -> OrbisState:
    year = draw(st.integers(500, 512))
    first_year = draw(st.integers(495, year))
    ids = IDS[: draw(st.integers(2, len(IDS)))]
    # a patron among the earlier nations only: the vassal graph has no cycle (O-185)
    sheets = tuple(draw(nations(n, year, ids[:i])) for i, n in enumerate(ids))
    owners = {
        region: draw(st.sampled_from(ids)) for region in draw(st.sets(st.sampled_from(REGIONS)))
    }
    history = {
        (
            draw(st.sampled_from(ids)),
            draw(st.sampled_from(Statistic)),
            draw(st.sampled_from(ids)),
        ): Streak(draw(st.booleans()), draw(st.integers(1, 6)), year - 1)
        for _ in range(draw(st.integers(0, 3)))
    }
    thefts = TheftLedger(
        {
            (
                draw(st.sampled_from(ids)),
                draw(st.integers(year - 12, year - 1)),
                draw(st.sampled_from(Resource)),
            ): draw(st.integers(1, 5))
            for _ in range(draw(st.integers(0, 3)))
        }
    )
    entries: dict[tuple[str, str, Attribute | None], ReachLevel] = {}
    for _ in range(draw(st.integers(0, 3))):
        first, second = draw(st.permutations(ids))[:2]
        attribute = draw(st.sampled_from([None, *Attribute]))
        entries[(first, second, attribute)] = draw(st.sampled_from(ReachLevel))
    reach = ReachTable(tuple(ReachEntry(f, s, level, a) for (f, s, a), level in entries.items()))
    return OrbisState(
        Phase(year, None, TURN),
        first_year,
        sheets,
        owners,
        history,
        thefts,
        reach,
        politics=seeded(sheets, first_year),
    )


@st.composite
def medidas(draw: st.DrawFn, power: str, ids: tuple[str, ...]) -> Medida:
    variant = draw(st.sampled_from([None, *Variant]))
    statistic = variant.statistic if variant else draw(st.sampled_from(Statistic))
    aim = draw(st.sampled_from(["none", "contra", "favor", "region"]))
    target = backing = region = None
    mode: Any = None
    if aim == "contra":
        target, mode = draw(st.sampled_from(ids)), "contra"
    elif aim == "favor":
        target = backing = draw(st.sampled_from(ids))
        mode = "a favor"
    elif aim == "region":
        target = region = draw(st.sampled_from(REGIONS))
    return Medida(
        power,
        statistic.value,
        variant.value if variant else None,
        target,
        backing,
        mode,
        region,
        draw(st.booleans()),
    )


_SPENDS: tuple[tuple[Paid, Purchase, int, tuple[Attribute, ...]], ...] = (
    ("RQU", Purchase.MODIFIER, 5, AUTORIDAD),
    ("RQU", Purchase.PRO, 10, ()),
    ("RQU", Purchase.LEG, 15, ()),
    ("RQU", Purchase.VIA, 20, ()),
    ("RQU", Purchase.AUTORIDAD_POINT, 40, AUTORIDAD),
    ("PRO", Purchase.RQU, 1, ()),
    ("PRO", Purchase.MODIFIER, 1, DOMINIO),
    ("PRO", Purchase.VIA, 5, ()),
    ("PRO", Purchase.LEG, 10, ()),
    ("PRO", Purchase.DOMINIO_POINT, 30, DOMINIO),
)


@st.composite
def spends(draw: st.DrawFn, power: str) -> Spend:
    resource, purchase, price, group = draw(st.sampled_from(_SPENDS))
    attribute = draw(st.sampled_from(group)).value if group else None
    units = draw(st.integers(1, 3))
    return Spend(power, price * units, resource, purchase, attribute)


def _pair(ids: list[str]) -> tuple[str, str]:
    return ids[0], ids[1]


def _value(attribute: Attribute | None) -> str | None:
    return attribute.value if attribute is not None else None


@st.composite
def gm_inputs(draw: st.DrawFn, year: int, ids: tuple[str, ...]) -> GmInput:
    events = tuple(
        Event(
            f"evento {number}",
            year,
            tuple(
                EventModifier(
                    draw(st.sampled_from(ids)),
                    draw(st.sampled_from(Attribute)).value,
                    draw(st.integers(-25, 25).filter(bool)),
                    draw(st.integers(year, year + 20)),
                )
                for _ in range(draw(st.integers(0, 2)))
            ),
        )
        for number in range(draw(st.integers(0, 2)))
    )
    vetoes = tuple(Veto(n, "ASB") for n in draw(st.sets(st.sampled_from(ids), max_size=1)))
    reclassify = tuple(
        Reclassify(n, draw(st.sampled_from(Statistic)).value)
        for n in draw(st.sets(st.sampled_from(ids), max_size=1))
    )
    reach = tuple(
        Reach(
            _pair(draw(st.permutations(ids))),
            draw(st.sampled_from(sorted(REACH_LEVELS))),
            _value(draw(st.sampled_from([None, *Attribute]))),
        )
        for _ in range(draw(st.integers(0, 2)))
    )
    secret = frozenset(draw(st.sets(st.sampled_from(ids), max_size=2)))
    return GmInput("gm", ParsedGm(year, events, vetoes, reclassify, reach, secret, ()))


@st.composite
def years(draw: st.DrawFn) -> tuple[OrbisState, list[OrbisOrder], str]:
    state = draw(states())
    ids = tuple(n.id for n in state.nations)
    orders: list[OrbisOrder] = []
    for power in ids:
        orders += draw(st.lists(medidas(power, ids), max_size=2))
        orders += draw(st.lists(spends(power), max_size=2))
        if draw(st.booleans()):
            orders.append(NoDefence(power, draw(st.sampled_from([None, *ids]))))
    if draw(st.booleans()):
        orders.append(draw(gm_inputs(state.year, ids)))
    orders = draw(st.permutations(orders))
    return state, orders, draw(st.sampled_from(["alpha", "beta", "gamma", "delta"]))


# --- the property -------------------------------------------------------------------------


def run(state: OrbisState, orders: list[OrbisOrder], secret: str) -> OrbisResolution:
    return resolve_year(state, orders, OrbisOptions(), Dice(secret, GAME, state.phase.id))


def _used(resolution: OrbisResolution) -> Counter[tuple[str, Modifier]]:
    used: Counter[tuple[str, Modifier]] = Counter()
    for result in resolution.results:
        if result.outcome is None:
            continue
        for rolled in (result.outcome.roll, result.outcome.counter):
            if rolled is not None:
                used.update((rolled.nation, m) for m in rolled.modifier.used)
    return used


def _event_records(orders: list[OrbisOrder]) -> Counter[tuple[str, Modifier]]:
    found: Counter[tuple[str, Modifier]] = Counter()
    for order in orders:
        if isinstance(order, GmInput):
            for event in order.parsed.events:
                for m in event.modifiers:
                    record = Modifier(
                        Attribute(m.attribute), m.value, m.until, ModifierKind.EVENT, event.name
                    )
                    found[(m.nation, record)] += 1
    return found


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(years())
def test_a_random_year(year: tuple[OrbisState, list[OrbisOrder], str]) -> None:
    """O-005, O-012, O-020, O-055, O-124, O-125, O-136, AMB-07, AMB-16, AMB-18,
    AMB-38: for random sheets and medidas, every medida gets exactly one result,
    sheets stay within their bounds, modifiers expire when they should, and replay
    is byte-identical (and the state file reads back equal)."""
    state, orders, secret = year
    resolution = run(state, orders, secret)
    after = resolution.state
    assert after.phase == Phase(state.year + 1, None, TURN)

    # every medida exactly one result, in one roll per rolled medida
    given_medidas = Counter(o for o in orders if isinstance(o, Medida))
    assert Counter(r.medida for r in resolution.results) == given_medidas
    rolled = [r for r in resolution.results if r.outcome is not None]
    assert all((r.refused is None) == (r.outcome is not None) for r in resolution.results)
    medida_rolls = [roll for roll in resolution.rolls if roll.purpose.startswith("medida:")]
    assert len(medida_rolls) == len(rolled)

    # sheets within their bounds
    # the nations stay, in order; the only new ones are hosts of a State (O-182)
    kept = len(state.nations)
    assert [n.id for n in after.nations[:kept]] == [n.id for n in state.nations]
    for host in after.nations[kept:]:
        assert host.kind is NationKind.HOST and host.vassal_of in {n.id for n in state.nations}
    for nation in after.nations:
        assert 0 <= nation.via <= nation.via_capacity, nation.id
        assert 0 <= nation.leg <= nation.leg_capacity, nation.id
        assert nation.rqu >= 0 and nation.pro >= 0, nation.id
    for nation_id in after.extinct:
        gone = after.nation(nation_id)
        assert nation_id in state.extinct or (gone.via, gone.leg) == (0, 0)

    # modifiers expire when they should
    year_now = state.year
    before: Counter[tuple[str, Modifier]] = Counter(
        (n.id, m) for n in state.nations for m in n.modifiers
    )
    before += _event_records(orders)
    now: Counter[tuple[str, Modifier]] = Counter(
        (n.id, m) for n in after.nations for m in n.modifiers
    )
    assert all(record.until > year_now for _, record in now)
    gone_records = before - now
    used = _used(resolution)
    tribute = {r.purpose[8:] for r in resolution.rolls if r.purpose.startswith("tribute:")}
    for (nation_id, record), count in gone_records.items():
        if record.until > year_now:
            assert record.kind in (ModifierKind.MEDIDA, ModifierKind.PURCHASE), record
            # a vassal's tribute roll spends the pool modifiers it uses too (O-055, AMB-21)
            assert used[(nation_id, record)] >= count or nation_id in tribute, record
    for _, record in now - before:
        assert record.kind in (ModifierKind.MEDIDA, ModifierKind.PURCHASE), record
        assert record.until == year_now + 4, record

    # replay is byte-identical, and the state file reads back equal
    again = run(state, orders, secret)
    first_file = json.dumps(state_to_dict(after), sort_keys=True, ensure_ascii=False)
    assert json.dumps(state_to_dict(again.state), sort_keys=True, ensure_ascii=False) == first_file
    assert again.results == resolution.results
    assert again.rolls == resolution.rolls
    assert (again.notes, again.purchases) == (resolution.notes, resolution.purchases)
    assert state_from_dict(state_to_dict(after)) == after
    assert state_from_dict(state_to_dict(state)) == state
