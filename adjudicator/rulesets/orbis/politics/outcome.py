"""What the political part of a year did: the records a year's politics
reads from the rolls (`Acted`) and gives to the reports (`PoliticsYear`).

Every political line gets one `LineAnswer` (accepted or refused, and why,
with the rule); public events are `notes`; what a rulebook keeps secret (a
rebellion's backer discovered, O-231) goes only to its owner's
`private_notes`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Statistic
from adjudicator.rulesets.orbis.levels import Level
from adjudicator.rulesets.orbis.politics.register import Politics
from adjudicator.rulesets.orbis.sheet import Nation
from orders.orbis.politics_model import PoliticalLine


@dataclass(frozen=True)
class Acted:
    """One medida rolled this year, as politics needs it: who, which
    statistic, on whom (`target` None: domestic), the medida's own `level`,
    the level that stood after the counter-measure (`final`), whether it
    prevailed, and the civil-war faction it was aimed at, if any."""

    actor: str
    statistic: Statistic
    target: str | None
    level: Level | None
    final: Level | None
    prevails: bool
    faction: str | None = None


@dataclass(frozen=True)
class LineAnswer:
    """The judge's answer to one political line: done or refused, in words
    citing the rule."""

    line: PoliticalLine
    accepted: bool
    words: str


@dataclass(frozen=True)
class PoliticsYear:
    """The politics after a year: the new record, the sheets it changed,
    the answers to every political line in the order read, the public notes
    and each nation's private notes."""

    politics: Politics
    nations: Mapping[str, Nation]
    answers: tuple[LineAnswer, ...] = ()
    notes: tuple[str, ...] = ()
    private_notes: Mapping[str, tuple[str, ...]] = field(
        default_factory=lambda: MappingProxyType({})
    )
