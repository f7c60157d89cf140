"""The options of a Genes Mactantes game (`game.yaml`), rulebook 002.

- `events` (default off): play the optional events phase (002 §5.1 step 1,
  §5.3) at the start of each turn.
- `turns` (default 10): the game ends after that turn and victory points
  decide (002 §6, "Partida de durada determinada"); 0 means no turn limit.
- `victory_conditions` (default on): a country that holds every other
  country's capital, or has removed every other country's principal, wins at
  once (002 §6, "Partida amb condicions de victòria").

**Reading** (not in docs/genes.md): `turns: 0` with `victory_conditions:
false` would give a game that never ends, so it is refused.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GenesOptions:
    """Options of the `genes` ruleset; the defaults follow rulebook 002 §5.3, §6."""

    events: bool = False
    turns: int = 10
    victory_conditions: bool = True

    def __post_init__(self) -> None:
        for name in ("events", "victory_conditions"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                # ValueError, not TypeError: game.yaml errors are ValueErrors (base.OptionError)
                raise ValueError(f"option {name} must be true or false, not {value!r}")  # noqa: TRY004
        if isinstance(self.turns, bool) or not isinstance(self.turns, int):
            raise ValueError(f"option turns must be a whole number, not {self.turns!r}")  # noqa: TRY004
        if self.turns < 0:
            raise ValueError(f"option turns must be 0 (no limit) or more, not {self.turns}")
        if self.turns == 0 and not self.victory_conditions:
            raise ValueError(
                "options turns: 0 (no limit) and victory_conditions: false would never end "
                "the game; set a number of turns or keep the victory conditions"
            )
