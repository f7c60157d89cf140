"""Machiavelli's board: the board kit's `GameState` with control, homes and sieges.

Why a subclass, not a typed `extension` field on `GameState`: every shared
helper of the board kit (assignment, the classic retreat and adjustment
loops, `dataclasses.replace`) takes a `GameState` and gives back the same
type, so a `MachiavelliState` flows through them unchanged and Machiavelli's
own rules read `state.control` directly. The kit's `GameState` knows nothing
of it (DESIGN.md: "A ruleset keeps what only it has ... in its own state
extension"); `BoardRules.state_type` tells the board plugin which class
reads a `turns/<phase>.yaml`.

The YAML form adds, between the board's keys and `winner` (so files written
before this class existed read back unchanged): `control` (power -> areas
where its marker stands, 003 §1.1), `home` (power -> home areas, 003 §1),
`sieges` (area -> the besieger whose siege's first turn is done, 003 §4.4)
and `out_of_play` (areas the scenario leaves out). Each appears only when
not empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Self

from adjudicator.kits.board.state import (
    GameState,
    Unit,
    group_areas,
    grouped_texts,
    plain_texts,
    ungroup_areas,
)

__all__ = ["AUTONOMOUS", "MachiavelliState"]

AUTONOMOUS = "autonomous"
"""The owner of the autonomous garrisons (003 §4.5): not a power."""


@dataclass(frozen=True, slots=True)
class MachiavelliState(GameState):
    """The board at the start of a Machiavelli phase.

    `control`: area -> the power whose control marker stands there (003 §1.1);
    `homes`: power -> its home areas, where it buys units (003 §1);
    `sieges`: area -> the power whose unit completed the first turn of a siege
    of its city (003 §4.4); `out_of_play`: areas the scenario leaves out.
    Machiavelli has no supply centres: `supply_centers` stays empty.
    """

    control: Mapping[str, str] = field(default_factory=dict)
    homes: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    sieges: Mapping[str, str] = field(default_factory=dict)
    out_of_play: frozenset[str] = frozenset()

    def garrison_at(self, area: str) -> Unit | None:
        """The garrison in the city of an area, if any (003 §3.2)."""
        return self.unit_index().garrisons.get(area)

    def powers(self) -> tuple[str, ...]:
        """Powers that still have a unit or a control marker; the autonomous
        garrisons' owner is no power (003 §4.5)."""
        found = set(super(MachiavelliState, self).powers()) | set(self.control.values())
        found.discard(AUTONOMOUS)
        return tuple(sorted(found))

    def controlled_by(self, power: str) -> tuple[str, ...]:
        """The areas where `power`'s control marker stands."""
        return tuple(sorted(a for a, p in self.control.items() if p == power))

    # --- YAML form -------------------------------------------------------------

    @classmethod
    def known_keys(cls) -> tuple[str, ...]:
        """The board's keys and Machiavelli's own."""
        board = super(MachiavelliState, cls).known_keys()
        return (*board, "control", "home", "sieges", "out_of_play")

    def extension_dict(self) -> dict[str, Any]:
        """`control`, `home`, `sieges`, `out_of_play`, each only when not empty."""
        data: dict[str, Any] = {}
        if self.control:
            data["control"] = group_areas(self.control)
        if self.homes:
            data["home"] = {p: sorted(self.homes[p]) for p in sorted(self.homes)}
        if self.sieges:
            data["sieges"] = {a: self.sieges[a] for a in sorted(self.sieges)}
        if self.out_of_play:
            data["out_of_play"] = sorted(self.out_of_play)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of `to_dict`; ValueError naming the key on malformed data."""
        # `super()` without arguments fails in a slots dataclass (Python < 3.14).
        board = super(MachiavelliState, cls).from_dict(data)
        control = ungroup_areas(grouped_texts(data.get("control"), "control"))
        homes = {
            power: tuple(sorted(areas))
            for power, areas in grouped_texts(data.get("home"), "home").items()
        }
        sieges_data = data.get("sieges") or {}
        if not isinstance(sieges_data, Mapping) or not all(
            isinstance(p, str) for p in sieges_data.values()
        ):
            raise ValueError("sieges: expected a mapping of area to the besieging power")
        sieges = {str(a): str(p) for a, p in sieges_data.items()}
        out_of_play = frozenset(plain_texts(data.get("out_of_play"), "out_of_play"))
        return replace(board, control=control, homes=homes, sieges=sieges, out_of_play=out_of_play)
