"""What resolving one CaWa phase gives: the state before and after, the
verdict on every line, the referee's notes, the rolls, and what each phase
adds for its report (the economy's statements, the movement's expansions,
the battles' PM sums)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.dice import Roll
from adjudicator.rulesets.cawa.reasons import Verdict
from adjudicator.rulesets.cawa.state import CawaState


@dataclass(frozen=True)
class CawaResolution:
    """One phase resolved (see the module docstring). `statements` are the
    economy's per-player statements (`economy.Statement`), `pm_sums` the
    three sums of "Pensar las Batallas" per player (`pm_sums.PmSums`)."""

    previous: CawaState
    state: CawaState
    verdicts: tuple[Verdict, ...] = ()
    notes: tuple[str, ...] = ()
    rolls: tuple[Roll, ...] = ()
    statements: Mapping[str, Any] = field(default_factory=dict)
    random_income: int | None = None
    expansions: Mapping[str, str] = field(default_factory=dict)  # hex -> player (movement)
    pm_sums: tuple[Any, ...] = ()
    reaction_notes: tuple[Any, ...] = ()  # reactions.ReactionNote, for the referee

    @property
    def phase_kind(self) -> str:
        return self.previous.phase.kind
