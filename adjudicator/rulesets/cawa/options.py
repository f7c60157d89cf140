"""The options of a CaWa campaign (`game.yaml`), rulebook 004 basic rules 1.40.

- `start_hexes` (default 5): the hexes of each starting realm the map
  generator places (the book gives none: issue 14, AC-01);
- `start_crowns` (default 3000): each player's treasury at the start (the
  book gives none);
- `victory` (default `none`): `none`, `most_hexes`, or `hexes:N` (the
  first kingdom with N hexes wins) (CC-O-1, AC-49); every report ranks the
  kingdoms by NT either way;
- `auto_battles` (default false): battles not played in person are
  resolved by the documented dice model of `auto_battle.auto_battle` (AC-01;
  the book's section is missing, CC-X-2).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from texts import T_

_VICTORY = re.compile(r"none|most_hexes|hexes:[1-9][0-9]*")


@dataclass(frozen=True)
class CawaOptions:
    """Options of the `cawa` ruleset (see the module docstring)."""

    start_hexes: int = 5
    start_crowns: int = 3000
    victory: str = "none"
    auto_battles: bool = False

    def __post_init__(self) -> None:
        for name in ("start_hexes", "start_crowns"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(
                    T_(
                        "option {name} must be a whole number, 0 or more, not {value}",
                        name=name,
                        value=repr(value),
                    )
                )
        if self.start_hexes < 1:
            raise ValueError(
                T_("option start_hexes must be 1 or more, not {value}", value=self.start_hexes)
            )
        if not isinstance(self.auto_battles, bool):
            message = T_(
                "option auto_battles must be true or false, not {value}",
                value=repr(self.auto_battles),
            )
            raise ValueError(message)  # noqa: TRY004
        if not isinstance(self.victory, str) or not _VICTORY.fullmatch(self.victory):
            raise ValueError(
                T_(
                    "option victory must be none, most_hexes or hexes:N, not {value}",
                    value=repr(self.victory),
                )
            )

    @property
    def victory_hexes(self) -> int | None:
        """N of `hexes:N`, or None."""
        return int(self.victory.split(":")[1]) if self.victory.startswith("hexes:") else None
