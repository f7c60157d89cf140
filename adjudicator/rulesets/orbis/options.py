"""The options of an Orbis game (`game.yaml`): each reading of the
checklist that is a choice, with the project's default (rulebook 000).

- `margin` (`readme`): the margin equations of the rules README (AMB-01);
  `absolute` for M = |u − r′|.
- `opposed` (`ordinal`): both successes resolved by the ordinal difference
  of levels (AMB-02); `numeric` by the difference of margins.
- `alcance_exclusive` (true): a reach level excludes the other pool
  modifiers (AMB-09, literal).
- `nsj_points` (`literal`): nations without a player get 30/25/20/15/10
  (AMB-22); `scaled` gives 24/20/16/12/8.
- `failed_modifier_backfires` (false): a failed modifier-seeking medida
  gives nothing (AMB-08); true gives the reverse modifier to the roller.
- `special_as_ordinary` (false): a special medida (AMB-19) is the nation's
  ordinary medida only when bought; true allows it without buying.
- `cycle` (5): turns per cycle (O-007, AMB-38).
- `rebellion_damage` (`fixed`): a failed suppression costs LF 4, F 8,
  MF 12, FC 16 (AMB-26); `literal` the printed LF 12, F 8, MF 4, FC 16
  (O-227 .. O-230).
- `tribute_resource` (`table`): a RQU or PRO tribute yields what
  Intervención or Desarrollo of its level would (AMB-21); `size` the
  level's size.
- `war_count_from` (`war`): a war's duration for the cycle counts from the
  turn it became war (AMB-15); `hostilities` from its first clash.
- `nsj_diplomacy_opposed` (false): a Diplomacia toward a nation without a
  player meets no counter-measure (AMB-41); true gives it the automatic one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from texts import T_

_CHOICES = {
    "margin": ("readme", "absolute"),
    "opposed": ("ordinal", "numeric"),
    "nsj_points": ("literal", "scaled"),
    "rebellion_damage": ("fixed", "literal"),
    "tribute_resource": ("table", "size"),
    "war_count_from": ("war", "hostilities"),
}


@dataclass(frozen=True)
class OrbisOptions:
    margin: str = "readme"
    opposed: str = "ordinal"
    alcance_exclusive: bool = True
    nsj_points: str = "literal"
    failed_modifier_backfires: bool = False
    special_as_ordinary: bool = False
    cycle: int = 5
    rebellion_damage: Literal["fixed", "literal"] = "fixed"
    tribute_resource: Literal["table", "size"] = "table"
    war_count_from: Literal["war", "hostilities"] = "war"
    nsj_diplomacy_opposed: bool = False

    def __post_init__(self) -> None:
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise ValueError(
                    T_(
                        "option {name} must be one of {items}, not {value!r}",
                        name=name,
                        items=", ".join(allowed),
                        value=value,
                    )
                )
        for name in (
            "alcance_exclusive",
            "failed_modifier_backfires",
            "special_as_ordinary",
            "nsj_diplomacy_opposed",
        ):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(T_("option {name} must be true or false", name=name))  # noqa: TRY004
        if isinstance(self.cycle, bool) or not isinstance(self.cycle, int) or self.cycle < 1:
            raise ValueError(
                T_(
                    "option cycle must be a whole number of turns, 1 or more, not {cycle!r}",
                    cycle=self.cycle,
                )
            )
