"""What Orbis posts and the GM file say about politics, as typed records
(rulebook 000 "Mapa y Estados" .. "Épocas"; checklist sections 8-13).

A player's post may carry, beside its `Medida:` and `Gasto:` lines, lines
starting `Tratado:`, `Declaración:`, `Conferencia:`, `Voto:` and `Vasallo:`
(`orders.orbis.politics_lines`); the GM's file a `politics:` mapping
(`orders.orbis.gm_politics`). Every line keeps its `Source` so the report can
answer it by file and line. Nations are ids; statistics and attributes the
lower-case ids of `orders.orbis.words`; instrument ids (`T501-1`, `D502-1`,
`C503-1`, `C503-1/P2`) are those the judge gave and printed in a report.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from orders.issues import OrderIssue, Source


class TreatyAct(StrEnum):
    """What a `Tratado:` line does (O-238 .. O-247)."""

    OFFER = "ofrece"  # an offer to one or more nations (O-238)
    ACCEPT = "acepta"  # concludes an offer made to us (O-239)
    REJECT = "rechaza"  # concludes it the other way (O-239)
    COUNTER = "contraoferta"  # answers an offer with another (O-240)
    WITHDRAW = "retira"  # withdraws our own open offer (O-241)
    BREAK = "rompe"  # breaks a treaty in force (O-242, O-243)
    RENEW = "renueva"  # renews a treaty at its term (O-245)
    ADHERE = "adhiere"  # asks to join a multilateral treaty (O-247)
    FREE = "libera"  # a patron frees its vassal by treaty (O-194)


@dataclass(frozen=True)
class LineModifier:
    """A modifier a treaty sets between its signatories (O-244): `value` on
    `attribute` (an attribute id, or None for every roll) for `holder` (None:
    every party) toward the other parties."""

    value: int
    attribute: str | None = None
    holder: str | None = None


@dataclass(frozen=True)
class LinePenalty:
    """A breaking penalty a treaty or declaration states (O-242, O-252):
    +`value` for `years` years."""

    value: int
    years: int


@dataclass(frozen=True)
class TreatyLine:
    """One `Tratado:` line. `ref` names the offer or treaty it answers (all
    acts but OFFER); an OFFER or COUNTER gives `kind` (a `TreatyKind` value),
    the other `parties`, `years` (None: the default 10), `terms`, `modifiers`
    and `penalty`."""

    power: str
    act: TreatyAct
    ref: str | None = None
    kind: str | None = None
    parties: tuple[str, ...] = ()
    years: int | None = None
    terms: str = ""
    modifiers: tuple[LineModifier, ...] = ()
    penalty: LinePenalty | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


class DeclarationAct(StrEnum):
    """What a `Declaración:` line does (O-248 .. O-255, O-205)."""

    DECLARE = "declara"  # a new unilateral declaration (O-248)
    ADHERE = "adhiere"  # joins another's declaration (O-253)
    REVOKE = "revoca"  # revokes with two years' notice (O-250)
    BREAK = "rompe"  # breaks it without notice (O-250, O-252)
    REASSUME = "reasume"  # reassumes a revoked or broken one (O-251)
    WAR = "guerra"  # declares war on `against` (symbolic alone, O-205)


@dataclass(frozen=True)
class DeclarationLine:
    """One `Declaración:` line: `kind` a `DeclarationKind` value for DECLARE,
    `ref` the declaration answered, `against` the enemy of a WAR,
    `reservations` (O-255), `penalty` its own breaking penalty (O-252)."""

    power: str
    act: DeclarationAct
    ref: str | None = None
    kind: str | None = None
    text: str = ""
    against: str | None = None
    reservations: tuple[str, ...] = ()
    penalty: LinePenalty | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


class ConferenceAct(StrEnum):
    """What a `Conferencia:` line does (O-256 .. O-278)."""

    CONVENE = "convoca"  # convenes, with topic and invitees (O-257, O-261)
    ATTEND = "asiste"  # takes part in a convened conference (O-259)
    PROPOSE = "propone"  # tables a proposal (O-261, O-264)
    CLOSE = "cierra"  # the convener closes the debate: vote now (O-265)
    LEAVE = "abandona"  # withdraws from it (O-266, O-273)
    DISSOLVE = "disuelve"  # the convener dissolves it (O-262)
    PROTEST = "protesta"  # protests a resolution (O-273, O-274)


@dataclass(frozen=True)
class ConferenceLine:
    """One `Conferencia:` line: `ref` the conference (or resolution for
    PROTEST), `text` the topic or the proposal, `parties` the invitees."""

    power: str
    act: ConferenceAct
    ref: str | None = None
    text: str = ""
    parties: tuple[str, ...] = ()
    source: Source | None = field(default=None, compare=False, kw_only=True)


class Ballot(StrEnum):
    """A vote on a proposal (O-266)."""

    YES = "si"
    NO = "no"
    ABSTAIN = "abstencion"
    WITHDRAW = "retira"


@dataclass(frozen=True)
class VoteLine:
    """One `Voto:` line: in conference `ref` on `proposal` (None: its only
    proposal) the `ballot`; or, in an organisation's election, the
    `candidate` (O-287)."""

    power: str
    ref: str
    proposal: str | None = None
    ballot: Ballot | None = None
    candidate: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


class VassalAct(StrEnum):
    """What a `Vasallo:` line does (O-188 .. O-200)."""

    TRIBUTE = "tributo"  # the vassal attempts its tribute of `good` (O-188)
    FORGIVE = "perdona"  # the patron forgives `other`'s tribute (O-191)
    INDEPENDENCE = "independencia"  # the vassal declares independence (O-195)
    STAY = "permanece"  # a vassal stays though its patron is weak (O-192)
    RAISE = "eleva"  # the patron raises sub-vassal `other` to direct (O-196)


@dataclass(frozen=True)
class VassalLine:
    """One `Vasallo:` line: `other` the vassal named (FORGIVE, RAISE), `good`
    the tribute's good, a `TributeGood` value (TRIBUTE)."""

    power: str
    act: VassalAct
    other: str | None = None
    good: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


PoliticalLine = TreatyLine | DeclarationLine | ConferenceLine | VoteLine | VassalLine


@dataclass(frozen=True)
class ParsedPolitics:
    """A post's political lines in the order written, and the problems found."""

    lines: tuple[PoliticalLine, ...]
    issues: tuple[OrderIssue, ...]


# --- the GM's file -------------------------------------------------------------


@dataclass(frozen=True)
class GmVassalage:
    """A vassalage the GM records (O-200, O-235: after a Diplomacia or a lost
    war; AMB-41), `origin` a `VassalageOrigin` value."""

    vassal: str
    patron: str
    tributary: bool = True
    origin: str = "gm"


@dataclass(frozen=True)
class GmFront:
    """The GM's weight of `enemy` as a front of `nation`, in halves (O-209,
    O-210: a large nation several fronts; a distant one a half)."""

    nation: str
    enemy: str
    halves: int


@dataclass(frozen=True)
class GmCivilWar:
    """A civil war the GM starts (O-213): its factions (the incumbent first
    unless `incumbent` says), who controls each faction other than the
    nation's own player (O-216), and the nations that joined (O-222)."""

    nation: str
    factions: tuple[str, ...]
    incumbent: str
    controllers: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    backers: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class GmRebellion:
    """A rebellion the GM raises (O-225), with its secret backers (O-231)."""

    nation: str
    backers: tuple[str, ...] = ()


@dataclass(frozen=True)
class GmOrganisation:
    """An organisation founded (O-279): its statute's election and term
    (`Election` / `Term` values; `fixed_years` 3..10 for a fixed term)."""

    id: str
    name: str
    members: tuple[str, ...]
    election: str = "egalitarian"
    term: str = "variable"
    fixed_years: int | None = None


@dataclass(frozen=True)
class GmAnswer:
    """The GM's answer for a nation without a player to an offer or a
    conference invitation (O-234, AMB-41): `accept` or not."""

    ref: str
    nation: str
    accept: bool


@dataclass(frozen=True)
class GmBlocAct:
    """A bloc's decision the GM records (a conference's resolution, O-277,
    O-278): `nation` excluded from, suspended in or reinstated to the bloc of
    `conference`; a suspension's `condition` to comply with; an exclusion's
    Lejanía penalty `lejania` (None: the GM sets it later, AMB-28)."""

    conference: str
    nation: str
    condition: str = ""
    lejania: int | None = None


@dataclass(frozen=True)
class GmPolitics:
    """The political part of the GM's file of one year."""

    vassalages: tuple[GmVassalage, ...] = ()
    freed: tuple[str, ...] = ()  # vassals the GM frees (O-194, O-198)
    hostilities: tuple[tuple[str, str], ...] = ()  # clashes beyond the medidas (O-202)
    fronts: tuple[GmFront, ...] = ()
    capacity: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    civil_wars: tuple[GmCivilWar, ...] = ()
    civil_war_ends: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    rebellions: tuple[GmRebellion, ...] = ()
    escalations: tuple[str, ...] = ()  # nations whose rebellion escalates now (O-232)
    organisations: tuple[GmOrganisation, ...] = ()
    answers: tuple[GmAnswer, ...] = ()
    force_majeure: tuple[str, ...] = ()  # declaration or treaty ids (O-250)
    epoch: str | None = None  # "total" or "partial" (O-298, O-299)
    exclusions: tuple[GmBlocAct, ...] = ()  # O-277: out of the bloc, Lejanía five turns
    suspensions: tuple[GmBlocAct, ...] = ()  # O-278: no privileges until `condition`
    reinstatements: tuple[GmBlocAct, ...] = ()  # O-278: the suspended complied
