"""The options of a Genes Mactantes game (`game.yaml`), rulebook 002.

- `events` (default off): play the optional events phase (002 §5.1 step 1,
  §5.3) at the start of each turn.
- `turns` (default 10): the game ends after that turn and victory points
  decide (002 §6, "Partida de durada determinada"); 0 means no turn limit.
- `victory_conditions` (default on): a country that holds every other
  country's capital, or has removed every other country's principal, wins at
  once (002 §6, "Partida amb condicions de victòria").
- `contest_natural_dice` (default on): a contest's natural 1 loses and its
  natural 0 wins, whatever the totals (002 §5.4.5: "un resultat de 1 és una
  errada, i 0 és un èxit"; issue 18 #7); off, the totals alone decide, the
  0 adding 10 and the 1 adding 1 (the judge's earlier reading).
- `copy_from_more_advanced` (default off): Copiar tecnologia only from a
  country with more Tecnologia than the copier (the judge's earlier reading;
  002 §5.4.4 sets no such limit, issue 18 #10).

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
    contest_natural_dice: bool = True
    copy_from_more_advanced: bool = False

    def __post_init__(self) -> None:
        flags = ("events", "victory_conditions", "contest_natural_dice", "copy_from_more_advanced")
        for name in flags:
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
