"""Special medidas that change what a nation is (rulebook 000 "Mapa y
Estados", the statistics Expansión, Reforma, Logística and Retórica; O-178,
O-182, O-183).

- Asentamiento (a variant of Expansión) that prevails turns a Migratory
  Horde into a Sedentary State; Migración (a variant of Reforma) turns a
  State into a Horde (O-178). The other kind of nation gets nothing from
  the variant: the medida rolls and applies as its statistic.
- Expedición (a variant of Logística) and Subversión (a variant of Retórica)
  that prevail create a Host of the State that rolled them (O-182): a nation
  of kind `host` owned by it (`vassal_of`), with the State's attributes (its
  extra medida uses them, O-183), the same player, and its indices full.
  Decision: the host holds no region; the GM places it on the map.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from adjudicator.rulesets.orbis.attributes import Variant
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.sheet import Nation, NationKind

KIND_CHANGES: dict[Variant, tuple[NationKind, NationKind]] = {
    Variant.ASENTAMIENTO: (NationKind.HORDE, NationKind.STATE),
    Variant.MIGRACION: (NationKind.STATE, NationKind.HORDE),
}
"""The variant, the kind it applies to and the kind it makes (O-178)."""

HOST_MAKERS = frozenset({Variant.EXPEDICION, Variant.SUBVERSION})
"""The variants that create a host (O-182)."""


def changed_kind(nation: Nation, variant: Variant | None, level: Level | None) -> Nation | None:
    """The nation after an Asentamiento or a Migración that prevailed at
    `level` (O-178), or None when nothing changes (another variant, a
    failure, or a nation of the other kind)."""
    if variant not in KIND_CHANGES or level is None or not level.success:
        return None
    before, after = KIND_CHANGES[variant]
    if nation.kind is not before:
        return None
    return replace(nation, kind=after)


def new_host(
    owner: Nation,
    variant: Variant | None,
    level: Level | None,
    year: int,
    taken: Collection[str],
) -> Nation | None:
    """The host an Expedición or a Subversión that prevailed at `level`
    creates for `owner`, a State (O-182, O-183); None otherwise. Its id is
    `<owner>-hueste-<year>`, with `-2`, `-3`... when taken."""
    if variant not in HOST_MAKERS or level is None or not level.success:
        return None
    if owner.kind is not NationKind.STATE:
        return None
    base = f"{owner.id}-hueste-{year}"
    host_id, count = base, 1
    while host_id in taken:
        count += 1
        host_id = f"{base}-{count}"
    label = "expedición" if variant is Variant.EXPEDICION else "rebeldes"
    return Nation(
        id=host_id,
        name=f"Hueste de {owner.name} ({label}, {year})",
        attributes=owner.attributes,
        via=owner.via_capacity,
        leg=owner.leg_capacity,
        kind=NationKind.HOST,
        player=owner.player,
        vassal_of=owner.id,
        colour=owner.colour,
    )
