"""Treaties between player nations (rulebook 000 "Tratados y Declaraciones";
checklist O-237 .. O-247, O-255; AMB-39, AMB-40).

A treaty is concluded only on the terms of a published offer (O-237): one
nation makes an `Offer` (O-238), the other accepts or rejects it (O-239,
"concluding" the negotiation) or answers with a counter-offer (O-240); the
exchange goes on until one concludes or withdraws its open offer (O-241).
A treaty lasts the agreed term, 10 years by default, at most 20: a longer
term is recorded as 20 with a warning (O-245, AMB-39); it may be renewed.
Signed in year Y for T years, it is in force in Y .. Y+T−1 (the signing year
counts, as for modifiers, AMB-07).

Breaking a treaty brings its own penalties (O-242); without them a nation is
free to break it, except a peace, non-aggression, ceasefire or similar treaty
(a neutrality guarantee included): +10 to the breaker for three turns
(O-243). A penalty runs from the turn after the breach (AMB-40) and lasts at
most 10 years (O-246). Penalties (`declarations.Penalty`, shared with
declarations) are behaviour records (O-050): a positive value raises the
breaker's rolls (O-045); by default they sit on the five Dominio attributes,
so that every roll (one Dominio + one Autoridad attribute, O-014) carries
the value exactly once.

Other nations adhere with the signatories' permission: all or a majority as
the treaty says, only the patron for a patron–vassal treaty (O-247); an
adhesion with reservations needs every party's acceptance (O-255).
Diplomacia toward nations without a player (O-234 .. O-236, AMB-41) is a
matter for the vassals module, not this one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from types import MappingProxyType

from adjudicator.rulesets.orbis.attributes import Attribute
from adjudicator.rulesets.orbis.politics.declarations import Penalty, Sanction, sanction
from texts import T_

TERM_DEFAULT = 10
"""A treaty's term when none was agreed (O-245)."""
TERM_MAX = 20
"""The longest term; a longer one is recorded as 20 (O-245, AMB-39)."""
PENALTY_MAX_YEARS = 10
"""Penalties for breaking a treaty last at most 10 years (O-246)."""
PROTECTIVE_VALUE = 10
PROTECTIVE_TURNS = 3
"""Breaking a peace-like treaty with no stated penalty: +10 for three turns
(O-243, AMB-40)."""


class TreatyKind(StrEnum):
    PEACE = "peace"
    NON_AGGRESSION = "non_aggression"
    CEASEFIRE = "ceasefire"
    NEUTRALITY_GUARANTEE = "neutrality_guarantee"
    ALLIANCE = "alliance"
    TRADE = "trade"
    VASSALAGE = "vassalage"
    OTHER = "other"


_K = TreatyKind
PROTECTIVE_KINDS = frozenset({_K.PEACE, _K.NON_AGGRESSION, _K.CEASEFIRE, _K.NEUTRALITY_GUARANTEE})
"""Treaties whose breach costs +10 for three turns even if they state no
penalty (O-243); "or similar" is the GM's flag `Treaty.similar`."""


class AdhesionRule(StrEnum):
    """Whose permission an adhering nation needs (O-247)."""

    ALL = "all"
    MAJORITY = "majority"
    PATRON = "patron"


_RULE_WORDS: Mapping[AdhesionRule, str] = MappingProxyType(
    {
        AdhesionRule.ALL: T_("all"),
        AdhesionRule.MAJORITY: T_("majority"),
        AdhesionRule.PATRON: T_("patron"),
    }
)
"""An adhesion rule in words: `no {rule} permission`."""


class TreatyEnd(StrEnum):
    EXPIRED = "expired"
    BROKEN = "broken"


class OfferState(StrEnum):
    OPEN = "open"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    COUNTERED = "countered"
    WITHDRAWN = "withdrawn"


_STATE_WORDS: Mapping[OfferState, str] = MappingProxyType(
    {
        OfferState.OPEN: T_("open"),
        OfferState.ACCEPTED: T_("accepted"),
        OfferState.REJECTED: T_("rejected"),
        OfferState.COUNTERED: T_("countered"),
        OfferState.WITHDRAWN: T_("withdrawn"),
    }
)
"""An offer's state in words: `it is {state}`."""


@dataclass(frozen=True)
class TreatyModifier:
    """A modifier a treaty sets between signatories (O-244): `value` (a bonus
    negative, O-045) on `holder`'s rolls on `attribute` aimed at `toward`
    (None: at any other signatory)."""

    holder: str
    attribute: Attribute
    value: int
    toward: str | None = None


def treaty_term(agreed: int | None, label: str = "treaty") -> tuple[int, tuple[str, ...]]:
    """The term to record (O-245, AMB-39): the agreed one, 10 when none was
    agreed, 20 (with a warning) when a longer one was; below 1 raises."""
    if agreed is None:
        return TERM_DEFAULT, ()
    if agreed < 1:
        raise ValueError(
            T_("{label}: a term of {agreed} years is no term (O-245)", label=label, agreed=agreed)
        )
    if agreed > TERM_MAX:
        note = T_(
            "{label}: term of {agreed} years recorded as {TERM_MAX} (O-245, AMB-39)",
            label=label,
            agreed=agreed,
            TERM_MAX=TERM_MAX,
        )
        return TERM_MAX, (note,)
    return agreed, ()


@dataclass(frozen=True)
class Treaty:
    """A treaty (O-244): its parties, terms, kind, modifiers between the
    signatories, its own breaking penalty (None: none stated), the year it
    was signed, its term (O-245), adhesion rule and patron (O-247),
    `similar` (the GM deems it a peace-like treaty, O-243), reservations
    accepted (O-255), the start of the current term after a renewal, the
    breaches of parties who left, and how and when it ended."""

    id: str
    parties: tuple[str, ...]
    terms: str
    kind: TreatyKind
    signed: int
    term_years: int = TERM_DEFAULT
    modifiers: tuple[TreatyModifier, ...] = ()
    penalty: Penalty | None = None
    adhesion_rule: AdhesionRule = AdhesionRule.ALL
    patron: str | None = None
    similar: bool = False
    reservations: tuple[tuple[str, str], ...] = ()
    renewed: int | None = None
    breaches: tuple[tuple[str, int], ...] = ()
    ended: int | None = None
    end: TreatyEnd | None = None

    def __post_init__(self) -> None:
        problem = self._problem()
        if problem is not None:
            raise ValueError(T_("treaty {id!r}: {problem}", id=self.id, problem=problem))

    def _problem(self) -> str | None:
        if len(self.parties) < 2 or len(set(self.parties)) != len(self.parties):
            return T_("a treaty binds at least two distinct nations")
        if not 1 <= self.term_years <= TERM_MAX:
            return T_(
                "term {term_years} outside 1..{TERM_MAX} (O-245; see treaty_term)",
                term_years=self.term_years,
                TERM_MAX=TERM_MAX,
            )
        if self.patron is not None and self.patron not in self.parties:
            return T_("the patron must be a party (O-247)")
        if self.rule is AdhesionRule.PATRON and self.patron is None:
            return T_("a patron–vassal treaty names its patron (O-247)")
        for modifier in self.modifiers:
            if modifier.holder not in self.parties or modifier.toward not in (None, *self.parties):
                return T_("its modifiers are between signatories (O-244)")
        if (self.ended is None) != (self.end is None):
            return T_("an end needs both its year and its kind")
        return None

    @property
    def multilateral(self) -> bool:
        return len(self.parties) > 2

    @property
    def rule(self) -> AdhesionRule:
        """The adhesion rule that applies: only the patron for a vassalage
        treaty, whatever it says (O-247)."""
        return AdhesionRule.PATRON if self.kind is TreatyKind.VASSALAGE else self.adhesion_rule

    @property
    def protective(self) -> bool:
        return self.kind in PROTECTIVE_KINDS or self.similar

    @property
    def last_year(self) -> int:
        """The last year of the current term (O-245)."""
        return (self.renewed if self.renewed is not None else self.signed) + self.term_years - 1

    def in_force(self, year: int) -> bool:
        """Signed, within its term and not ended (O-245)."""
        return self.signed <= year <= self.last_year and (self.ended is None or year < self.ended)

    def permits(self, approvals: Collection[str]) -> bool:
        """Whether `approvals` (nations) let another adhere (O-247)."""
        yes = sum(1 for party in self.parties if party in approvals)
        if self.rule is AdhesionRule.PATRON:
            return self.patron in approvals
        if self.rule is AdhesionRule.MAJORITY:
            return 2 * yes > len(self.parties)
        return yes == len(self.parties)


@dataclass(frozen=True)
class Offer:
    """An offer (O-238): the treaty `sender` proposes to `to` in `year`, its
    terms and mechanical effects; `answers` is the offer it counters."""

    id: str
    sender: str
    to: str
    terms: str
    kind: TreatyKind
    year: int
    term_years: int | None = None
    modifiers: tuple[TreatyModifier, ...] = ()
    penalty: Penalty | None = None
    adhesion_rule: AdhesionRule = AdhesionRule.ALL
    patron: str | None = None
    similar: bool = False
    answers: str | None = None
    state: OfferState = OfferState.OPEN


@dataclass(frozen=True)
class Step:
    """What a registry operation gives: the new registry, the treaty made or
    touched, whether the act took effect (`done`), sanctions and notes."""

    registry: Treaties
    treaty: Treaty | None = None
    done: bool = True
    sanctions: tuple[Sanction, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Treaties:
    """The public registry of offers and treaties (O-237 .. O-247)."""

    treaties: tuple[Treaty, ...] = ()
    offers: tuple[Offer, ...] = ()

    def treaty(self, treaty_id: str) -> Treaty:
        return {t.id: t for t in self.treaties}[treaty_id]

    def find_offer(self, offer_id: str) -> Offer:
        return {o.id: o for o in self.offers}[offer_id]

    def in_force(self, year: int) -> tuple[Treaty, ...]:
        return tuple(t for t in self.treaties if t.in_force(year))

    def open_offers(self) -> tuple[Offer, ...]:
        return tuple(o for o in self.offers if o.state is OfferState.OPEN)

    def modifiers_for(self, holder: str, toward: str, year: int) -> tuple[TreatyModifier, ...]:
        """The treaty modifiers on `holder`'s rolls aimed at `toward` in
        `year`, from treaties in force binding both (O-244)."""
        return tuple(
            m
            for t in self.in_force(year)
            if holder in t.parties and toward in t.parties
            for m in t.modifiers
            if m.holder == holder and m.toward in (None, toward) and toward != holder
        )

    # -- the offer protocol (O-237 .. O-241) --

    def offer(self, offer: Offer) -> Treaties:
        """Publish a new offer (O-238); one open offer per pair of nations:
        answer it (counter) or withdraw it first."""
        if offer.answers is not None:
            raise ValueError("a counter-offer goes through counter() (O-240)")
        self._check_new(offer)
        return replace(self, offers=(*self.offers, offer))

    def counter(self, offer_id: str, counter: Offer) -> Treaties:
        """Answer the open offer `offer_id` with `counter` (O-240): it comes
        from the recipient to the sender, and the answered offer can no
        longer be accepted (decision: the counter-offer is the answer)."""
        answered = self._open(offer_id, counter.sender, "counter", recipient=True)
        if counter.to != answered.sender:
            raise ValueError("a counter-offer goes back to the offer's sender (O-240)")
        counter = replace(counter, answers=offer_id)
        registry = self._set_state(offer_id, OfferState.COUNTERED)
        registry._check_new(counter)
        return replace(registry, offers=(*registry.offers, counter))

    def reject(self, offer_id: str, by: str) -> Treaties:
        """The recipient rejects the open offer: the negotiation ends (O-239)."""
        self._open(offer_id, by, T_("reject"), recipient=True)
        return self._set_state(offer_id, OfferState.REJECTED)

    def withdraw(self, offer_id: str, by: str) -> Treaties:
        """The sender withdraws its open offer before the other concludes:
        the negotiation ends (O-241)."""
        self._open(offer_id, by, T_("withdraw"), recipient=False)
        return self._set_state(offer_id, OfferState.WITHDRAWN)

    def accept(self, offer_id: str, by: str, year: int, treaty_id: str | None = None) -> Step:
        """The recipient accepts the open offer: a treaty on exactly its
        published terms (O-237, O-239), signed in `year`, with the term
        checked (O-245, AMB-39); `treaty_id` defaults to the offer's id."""
        offer = self._open(offer_id, by, T_("accept"), recipient=True)
        if year < offer.year:
            raise ValueError(T_("an offer is accepted after it is made"))
        new_id = treaty_id or offer.id
        if any(t.id == new_id for t in self.treaties):
            raise ValueError(T_("treaty id {new_id!r} already used", new_id=new_id))
        term, notes = treaty_term(offer.term_years, T_("treaty {treaty}", treaty=new_id))
        treaty = Treaty(
            new_id,
            (offer.sender, offer.to),
            offer.terms,
            offer.kind,
            year,
            term,
            offer.modifiers,
            offer.penalty,
            offer.adhesion_rule,
            offer.patron,
            offer.similar,
        )
        registry = self._set_state(offer_id, OfferState.ACCEPTED)
        return Step(replace(registry, treaties=(*registry.treaties, treaty)), treaty, notes=notes)

    def _check_new(self, offer: Offer) -> None:
        if offer.sender == offer.to:
            raise ValueError(T_("an offer goes to another nation (O-238)"))
        if offer.state is not OfferState.OPEN:
            raise ValueError(T_("a new offer is open"))
        if any(o.id == offer.id for o in self.offers):
            raise ValueError(T_("offer id {offer!r} already used", offer=offer.id))
        pair = {offer.sender, offer.to}
        if any({o.sender, o.to} == pair for o in self.open_offers()):
            raise ValueError(T_("an offer is already open between these nations (O-241)"))

    def _open(self, offer_id: str, by: str, act: str, *, recipient: bool) -> Offer:
        offer = self.find_offer(offer_id)
        if offer.state is not OfferState.OPEN:
            raise ValueError(
                T_(
                    "cannot {act} offer {offer_id!r}: it is {state} (O-241)",
                    act=act,
                    offer_id=offer_id,
                    state=_STATE_WORDS[offer.state],
                )
            )
        if by != (offer.to if recipient else offer.sender):
            who = T_("its recipient") if recipient else T_("its sender")
            raise ValueError(
                T_(
                    "only {who} may {act} offer {offer_id!r} (O-239 .. O-241)",
                    who=who,
                    act=act,
                    offer_id=offer_id,
                )
            )
        return offer

    def _set_state(self, offer_id: str, state: OfferState) -> Treaties:
        offers = tuple(replace(o, state=state) if o.id == offer_id else o for o in self.offers)
        return replace(self, offers=offers)

    def _put(self, treaty: Treaty) -> Treaties:
        return replace(
            self, treaties=tuple(treaty if t.id == treaty.id else t for t in self.treaties)
        )

    # -- life of a treaty (O-242 .. O-247) --

    def break_treaty(self, treaty_id: str, breaker: str, year: int) -> Step:
        """`breaker` breaks a treaty in force in `year` (O-242, O-243,
        O-246, AMB-40): its own penalty, at most 10 years; none stated: free,
        unless peace-like (+10 for three turns). A bilateral treaty (or one
        whose patron breaks it) ends; from a multilateral one the breaker
        leaves and the others stay bound (decision: the book is silent)."""
        treaty = self._in_force(treaty_id, year)
        if breaker not in treaty.parties:
            raise ValueError(
                T_(
                    "{breaker} is not a party to treaty {treaty_id!r}",
                    breaker=breaker,
                    treaty_id=treaty_id,
                )
            )
        penalty, notes = breaking_penalty(treaty)
        sanctions: tuple[Sanction, ...] = ()
        if penalty is not None:
            reason = T_(
                "broke treaty {treaty} in {year} (O-242, O-243)", treaty=treaty.id, year=year
            )
            sanctions = (sanction(breaker, penalty, year, f"treaty:{treaty.id}", reason),)
        breaches = (*treaty.breaches, (breaker, year))
        if len(treaty.parties) > 2 and breaker != treaty.patron:
            parties = tuple(p for p in treaty.parties if p != breaker)
            modifiers = tuple(m for m in treaty.modifiers if breaker not in (m.holder, m.toward))
            new = replace(treaty, parties=parties, modifiers=modifiers, breaches=breaches)
        else:
            new = replace(treaty, breaches=breaches, ended=year, end=TreatyEnd.BROKEN)
        return Step(self._put(new), new, sanctions=sanctions, notes=notes)

    def expire(self, year: int) -> Treaties:
        """Close every treaty whose term ended before `year` (O-245)."""
        return replace(
            self,
            treaties=tuple(
                replace(t, ended=t.last_year + 1, end=TreatyEnd.EXPIRED)
                if t.ended is None and t.last_year < year
                else t
                for t in self.treaties
            ),
        )

    def renew(
        self, treaty_id: str, year: int, approvals: Collection[str], term_years: int | None = None
    ) -> Step:
        """Renew a treaty in force for a new term from `year` (O-245,
        AMB-39), with every party's approval (decision)."""
        treaty = self._in_force(treaty_id, year)
        missing = [p for p in treaty.parties if p not in approvals]
        if missing:
            return Step(
                self,
                treaty,
                False,
                notes=(T_("renewal needs {parties}", parties=", ".join(missing)),),
            )
        term, notes = treaty_term(term_years, T_("treaty {treaty}", treaty=treaty.id))
        new = replace(treaty, renewed=year, term_years=term)
        return Step(self._put(new), new, notes=notes)

    def adhere(
        self,
        nation: str,
        treaty_id: str,
        approvals: Collection[str],
        year: int,
        reservations: tuple[str, ...] = (),
        reservations_accepted_by: Collection[str] = (),
    ) -> Step:
        """`nation` joins a treaty in force (O-247) if `approvals` satisfy its
        rule; reservations need every party's acceptance, else it does not
        join and may seek a similar but distinct treaty (O-255)."""
        treaty = self._in_force(treaty_id, year)
        if nation in treaty.parties:
            raise ValueError(
                T_(
                    "{nation} is already a party to treaty {treaty_id!r}",
                    nation=nation,
                    treaty_id=treaty_id,
                )
            )
        if not treaty.permits(approvals):
            note = T_(
                "{nation} may not adhere to {treaty}: no {rule} permission",
                nation=nation,
                treaty=treaty.id,
                rule=_RULE_WORDS[treaty.rule],
            )
            return Step(self, treaty, False, notes=(T_("{note} (O-247)", note=note),))
        refusing = [p for p in treaty.parties if p not in reservations_accepted_by]
        if reservations and refusing:
            note = T_(
                "{nation}'s reservations not accepted by {items}: only a similar but distinct treaty is open to it (O-255)",
                nation=nation,
                items=", ".join(refusing),
            )
            return Step(self, treaty, False, notes=(note,))
        new = replace(
            treaty,
            parties=(*treaty.parties, nation),
            reservations=(*treaty.reservations, *((nation, r) for r in reservations)),
        )
        return Step(self._put(new), new)

    def _in_force(self, treaty_id: str, year: int) -> Treaty:
        treaty = self.treaty(treaty_id)
        if not treaty.in_force(year):
            raise ValueError(
                T_(
                    "treaty {treaty_id!r} is not in force in {year} (O-245)",
                    treaty_id=treaty_id,
                    year=year,
                )
            )
        return treaty


def breaking_penalty(treaty: Treaty) -> tuple[Penalty | None, tuple[str, ...]]:
    """The penalty for breaking `treaty` (O-242, O-243, O-246): its own, cut
    to 10 years with a note; none stated: +10 for three turns if peace-like,
    else None (free to break)."""
    if treaty.penalty is None:
        if treaty.protective:
            return Penalty(PROTECTIVE_VALUE, PROTECTIVE_TURNS), ()
        return None, (
            T_("treaty {treaty} states no penalty: broken freely (O-243)", treaty=treaty.id),
        )
    if treaty.penalty.years > PENALTY_MAX_YEARS:
        note = T_(
            "treaty {treaty}: penalty of {years} years cut to {PENALTY_MAX_YEARS} (O-246)",
            treaty=treaty.id,
            years=treaty.penalty.years,
            PENALTY_MAX_YEARS=PENALTY_MAX_YEARS,
        )
        return replace(treaty.penalty, years=PENALTY_MAX_YEARS), (note,)
    return treaty.penalty, ()
