"""The GM's inputs of an Orbis year that are not politics (rulebook 000
"Turnos", "Modificadores"): the year's events and their modifiers (O-009,
O-049) and the reach table (AMB-09); and the cycle's note naming the
greatest nation in each attribute (O-076, AMB-44)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.modifiers import event_modifier
from adjudicator.rulesets.orbis.reach import ReachEntry, ReachLevel, ReachTable
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.state import OrbisState
from orders.orbis.model import ParsedGm
from texts import T_


def apply_gm_inputs(state: OrbisState, gm: ParsedGm | None) -> tuple[OrbisState, list[str]]:
    """Events' modifiers (O-009, O-049) and the reach table (AMB-09)."""
    if gm is None:
        return state, []
    notes: list[str] = []
    nations = {n.id: n for n in state.nations}
    for event in gm.events:
        notes.append(T_("Event: {event}", event=event.name))
        for mod in event.modifiers:
            if mod.nation in nations:
                record = event_modifier(
                    Attribute(mod.attribute), mod.value, state.year, mod.until, event.name
                )
                nation = nations[mod.nation]
                nations[mod.nation] = replace(nation, modifiers=(*nation.modifiers, record))
    entries = list(state.reach.entries)
    for reach in gm.reach:
        first, second = reach.nations
        attribute = Attribute(reach.attribute) if reach.attribute else None
        entries = [
            e
            for e in entries
            if {e.from_nation, e.to_nation} != {first, second} or e.attribute != attribute
        ]
        entries.append(ReachEntry(first, second, ReachLevel(reach.level), attribute))
    table = ReachTable(tuple(entries))
    return replace(state, nations=tuple(nations[n.id] for n in state.nations), reach=table), notes


def attribute_leaders(nations: Sequence[Nation]) -> str:
    """The nation with the greatest value of each attribute, shown at each
    cycle's end: the GM rewards it as he sees fit (O-076, AMB-44)."""
    parts = []
    for attribute in Attribute:
        best = max(nations, key=lambda n: (n.value(attribute), n.id), default=None)
        if best is not None:
            parts.append(f"{attribute.value} {best.name} ({best.value(attribute)})")
    return T_("Greatest in each attribute (O-076): {leaders}", leaders=", ".join(parts))
