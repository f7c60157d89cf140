"""The options of a narrativo game (`game.yaml`): each reading of the
checklist that is a choice, with the project's default (rulebook 001).

- `ones_cancel` (false): a 1 cancels nothing (NAMB-01); true: each 1 takes
  away one success (floor 0).
- `automatic_success` (false): no automatic success on simple actions unless
  the Narrator's ruling allows it for that action (NAMB-02); true allows it
  by default, the ruling may still refuse it.
- `sleep_fraction` (`either`): a sleeping fraction of an hour rolls 2d10 and
  succeeds if either die reaches the difficulty (NAMB-18); `double` reads
  "doubling the chances" as min(1, 2p), rolled as one d10 whose target is
  doubled.
- `modifier_cap` (5): a modifier outside combat is held within ±cap with a
  warning (NAMB-26, N-173); combat-marked actions are exempt (N-183).
- `desperate_rolls` (true): a pool brought to 0 may make the desperate roll
  when the player asks (NAMB-25, N-176); false refuses it (automatic failure).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from texts import T_


@dataclass(frozen=True)
class NarrativoOptions:
    ones_cancel: bool = False
    automatic_success: bool = False
    sleep_fraction: Literal["either", "double"] = "either"
    modifier_cap: int = 5
    desperate_rolls: bool = True

    def __post_init__(self) -> None:
        if self.sleep_fraction not in ("either", "double"):
            raise ValueError(
                T_(
                    "sleep_fraction: {value} is not one of either, double",
                    value=repr(self.sleep_fraction),
                )
            )
        if not 1 <= self.modifier_cap <= 10:
            raise ValueError(
                T_("modifier_cap: {value} is not within 1..10", value=self.modifier_cap)
            )
