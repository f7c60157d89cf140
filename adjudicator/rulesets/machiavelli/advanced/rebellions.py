"""Rebellions (003 §7): what a rebellion unit does on the board.

A rebellion never moves (CM-7.1-3) and has no effect on movement but one
(CM-7.2-4): every player except the one it is aimed at may use it as a
support of strength 1 to enter its province, without writing it, and several
players may all use it (CM-7.2-3). The project's reading (AM-30): the support
is for advances into the area (a unit converting between the province and its
city does not advance into it), counts as a support (so an advance it helps
beats an unsupported conversion) and cannot be cut; it does not help units
already there. A rebellion in the city gives it too: it stands in that
province.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from adjudicator.rulesets.machiavelli.board import slot_area
from adjudicator.rulesets.machiavelli.records import Rebellion

REBELLION_STRENGTH = 1
"""CM-7.2-3: "la unidad de rebelión tiene una fuerza de uno"."""


def rebellion_support(rebellions: Iterable[Rebellion]) -> Callable[[str, str, str], int] | None:
    """The resolver's `support_bonus` for the rebellions on the board (None
    when there is none): `(source slot, destination, power) -> support`."""
    aimed_at = {r.area: r.against for r in rebellions}
    if not aimed_at:
        return None

    def support(source: str, dest: str, power: str) -> int:
        against = aimed_at.get(dest)
        if against is None or against == power or slot_area(source) == dest:
            return 0
        return REBELLION_STRENGTH

    return support
