"""What Orbis Terrarum posts and the GM file say, as typed records.

Read by `orders.orbis.reader` (a player's post: O-011, O-020, O-043, O-047,
O-138 .. O-163, AMB-17, AMB-19, AMB-43) and `orders.orbis.gm_file` (the GM's
inputs of a turn: O-002, O-009, O-061, O-118). Statistics, variants and
attributes are the lower-case ids of `orders.orbis.words`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Literal

from orders.issues import IssueKind, OrderIssue, Problem, Source
from orders.orbis.politics_model import GmPolitics, PoliticalLine
from orders.orbis.words import (
    ATTRIBUTE_GROUP,
    ATTRIBUTE_WORDS,
    MODIFIER_GROUP,
    PRICES,
    PURCHASE_RULES,
    PURCHASE_WORDS,
    SPECIAL_VARIANTS,
    Group,
    Purchase,
    Resource,
    attribute_id,
    fold,
    nearest,
    purchase_words,
)
from texts import T_

Mode = Literal["contra", "a favor"]


@dataclass(frozen=True)
class OrbisNames:
    """The names a post may use: nation id -> its names and aliases, and
    region name -> region id (names are folded when looked up)."""

    nations: Mapping[str, tuple[str, ...]]
    regions: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Medida:
    """One medida as written (O-011): its statistic (or the statistic a variant
    rolls, `variant` keeping the variant: AMB-19), the nation or region it aims
    at, the side it backs, whether the player declined his bonuses (O-047) and,
    for an extra medida, where the extra came from (AMB-43: `evento`, `pro`,
    `hueste`, `colonia`, `lider`, `faccion`, `especial`; `extra` when the post
    did not say)."""

    power: str
    statistic: str
    variant: str | None = None
    target: str | None = None
    backing: str | None = None
    mode: Mode | None = None
    region: str | None = None
    use_bonuses: bool = True
    extra_source: str | None = None
    extra_name: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)

    @property
    def extra(self) -> bool:
        """Whether it is an extra medida (not the nation's one of the turn, O-020)."""
        return self.extra_source is not None


@dataclass(frozen=True)
class NoDefence:
    """The player says he does not defend (O-043): against one nation, or
    against every medida when `against` is None."""

    power: str
    against: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class Spend:
    """One purchase with RQU or PRO (the Prosperidad tables, O-138 .. O-163).

    `amount` is what is paid; `units` how many of the purchase it buys.
    `attribute` names the attribute of a −6 modifier (AMB-17) or of an extra
    point (optional); `special` the variant of a special medida (AMB-19) or,
    for a reach purchase, `lejania` (remove a penalty) or `cercania` (make a
    bonus); `target` the other nation of a reach purchase (O-160)."""

    power: str
    amount: int
    resource: Resource
    purchase: Purchase
    attribute: str | None = None
    special: str | None = None
    target: str | None = None
    source: Source | None = field(default=None, compare=False, kw_only=True)

    @property
    def price(self) -> int:
        """The price of one unit of the purchase."""
        return PRICES[(self.resource, self.purchase)]

    @property
    def units(self) -> int:
        """How many units the amount buys (the reader checks it divides exactly)."""
        return self.amount // self.price


@dataclass(frozen=True)
class Transfer:
    """`amount` of `resource` from `power` to the nation `to` (O-143, O-164)."""

    power: str
    amount: int
    resource: Resource
    to: str
    source: Source | None = field(default=None, compare=False, kw_only=True)


@dataclass(frozen=True)
class ParsedPost:
    """Everything read from one post, in the order written, and its issues."""

    medidas: tuple[Medida, ...]
    spends: tuple[Spend | Transfer, ...]
    no_defence: tuple[NoDefence, ...]
    issues: tuple[OrderIssue, ...]
    politics: tuple[PoliticalLine, ...] = ()


@dataclass(frozen=True)
class EventModifier:
    """A modifier an event grants (O-009, O-049): on one nation's attribute,
    `value` signed (a bonus is negative, O-045), active through year `until`."""

    nation: str
    attribute: str
    value: int
    until: int


@dataclass(frozen=True)
class Event:
    """One of the year's events (O-009): its modifiers and the extra medidas
    it grants (AMB-43)."""

    name: str
    year: int
    modifiers: tuple[EventModifier, ...] = ()
    extra_medidas: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Veto:
    """The GM refuses a nation's medida as implausible (ASB, O-002)."""

    nation: str
    reason: str


@dataclass(frozen=True)
class Reclassify:
    """The GM rolls a nation's medida on another statistic (O-118); `variant`
    when the GM named a variant (`statistic` is then the one it rolls)."""

    nation: str
    statistic: str
    variant: str | None = None


@dataclass(frozen=True)
class Reach:
    """A reach level between two nations (O-060 .. O-062, AMB-09), on one
    attribute or (None) on all; `level` is a folded Spanish level name of
    `words.REACH_LEVELS`."""

    nations: tuple[str, str]
    level: str
    attribute: str | None = None


@dataclass(frozen=True)
class ParsedGm:
    """The GM's inputs for a turn, and the problems found in the file."""

    year: int | None
    events: tuple[Event, ...]
    vetoes: tuple[Veto, ...]
    reclassify: tuple[Reclassify, ...]
    reach: tuple[Reach, ...]
    secret: frozenset[str]
    issues: tuple[OrderIssue, ...]
    politics: GmPolitics = field(default_factory=GmPolitics)

    def extra_medidas(self, nation: str) -> int:
        """The extra medidas the year's events grant a nation (AMB-43)."""
        return sum(event.extra_medidas.get(nation, 0) for event in self.events)


_ARTICLES = frozenset({"el", "la", "los", "las", "the", "del", "de"})
_LONGEST_NAME = 6


def _name_words(phrase: str) -> list[str]:
    return [word for word in (w.strip(",.;:!?\"'«»") for w in fold(phrase).split()) if word]


@dataclass(frozen=True)
class NameBook:
    """Folded nation and region names -> their ids, for the reader and the
    GM file (accents and case free; a nation's id is one of its names)."""

    nations: Mapping[str, frozenset[str]]
    regions: Mapping[str, frozenset[str]]
    shown: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    """Folded name -> the name as the GM wrote it (for suggestions)."""

    @classmethod
    def build(cls, nations: Mapping[str, Iterable[str]], regions: Mapping[str, str]) -> NameBook:
        """The book of `OrbisNames`' nations (id -> names) and regions (name -> id)."""
        nation_index: dict[str, set[str]] = {}
        shown: dict[str, str] = {}
        for nation, aliases in nations.items():
            for name in (*aliases, nation):
                key = " ".join(_name_words(name))
                nation_index.setdefault(key, set()).add(nation)
                shown.setdefault(key, name)
        region_index: dict[str, set[str]] = {}
        for name, region in regions.items():
            for label in (name, region):
                key = " ".join(_name_words(label))
                region_index.setdefault(key, set()).add(region)
                shown.setdefault(key, label)
        return cls(
            MappingProxyType({k: frozenset(v) for k, v in nation_index.items() if k}),
            MappingProxyType({k: frozenset(v) for k, v in region_index.items() if k}),
            MappingProxyType(shown),
        )

    def nation(self, phrase: str, *, strict: bool = True) -> str:
        """The nation a phrase names (`strict`: the whole phrase), or a `Problem`
        with the nearest names."""
        found, leftover = self._prefix(phrase, self.nations, "nation")
        if strict and leftover:
            raise self._unknown(phrase, self.nations, "nation")
        return found

    def nation_prefix(self, phrase: str) -> tuple[str, bool]:
        """The nation the phrase starts with, and whether words follow it."""
        return self._prefix(phrase, self.nations, "nation")

    def place(self, phrase: str) -> tuple[str, bool]:
        """The region (else the nation) the phrase starts with, and whether words follow."""
        try:
            return self._prefix(phrase, self.regions, "region")
        except Problem:
            try:
                return self._prefix(phrase, self.nations, "nation")
            except Problem:
                raise self._unknown(phrase, {**self.regions, **self.nations}, "region") from None

    def _prefix(
        self, phrase: str, index: Mapping[str, frozenset[str]], what: str
    ) -> tuple[str, bool]:
        words = _name_words(phrase)
        starts = (words, words[1:]) if words[:1] and words[0] in _ARTICLES else (words,)
        for run in starts:
            for size in range(min(len(run), _LONGEST_NAME), 0, -1):
                ids = index.get(" ".join(run[:size]))
                if ids is None:
                    continue
                if len(ids) > 1:
                    written = " ".join(run[:size])
                    message = (
                        T_("'{name}' names more than one nation", name=written)
                        if what == "nation"
                        else T_("'{name}' names more than one region", name=written)
                    )
                    raise Problem(IssueKind.AMBIGUOUS, message, 1, tuple(sorted(ids)))
                return next(iter(ids)), size < len(run)
        raise self._unknown(phrase, index, what)

    def _unknown(self, phrase: str, index: Mapping[str, frozenset[str]], what: str) -> Problem:
        words = _name_words(phrase)
        guesses: list[str] = []
        for size in range(min(len(words), 3), 0, -1):
            close = nearest(" ".join(words[:size]), tuple(index))
            guesses.extend(self.shown.get(key, key) for key in close)
        shown: str = phrase.strip() or T_("(nothing)")
        message = (
            T_("unknown nation '{name}'", name=shown)
            if what == "nation"
            else T_("unknown region '{name}'", name=shown)
        )
        return Problem(IssueKind.SYNTAX, message, 1, tuple(dict.fromkeys(guesses))[:3])


def make_spend(
    power: str, amount: int, resource: Resource, what: str, book: NameBook, source: Source
) -> Spend:
    """`<amount> <resource> en <what>` -> a checked `Spend`, or a `Problem`
    (the Prosperidad tables O-138 .. O-163; AMB-17: a −6 names one attribute
    of the resource's group; AMB-19: a special medida names its variant)."""
    words = purchase_words(what)
    if words is None:
        what = what.strip() or T_("(nothing)")
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown purchase '{name}'", name=what),
            1,
            nearest(what, PURCHASE_WORDS),
        )
    purchase = words.purchase
    if words.bare_group:
        purchase = _bare_group(amount, resource, purchase)
    row = (resource, purchase)
    if row not in PRICES:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{purchase} cannot be bought with {resource} (the Prosperidad tables)",
                purchase=purchase.value,
                resource=resource,
            ),
            1,
        )
    price, rule = PRICES[row], PURCHASE_RULES[row]
    if amount <= 0 or amount % price:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{purchase} costs {price} {resource} each ({rule}): {amount} is no multiple",
                purchase=purchase.value,
                price=price,
                resource=resource,
                rule=rule,
                amount=amount,
            ),
            1,
        )
    attribute = _attribute(words.attribute, resource, purchase)
    special, target = words.special, None
    if purchase is Purchase.SPECIAL_MEDIDA and special not in SPECIAL_VARIANTS:
        raise Problem(
            IssueKind.SYNTAX,
            T_(
                "name the special medida: Asentamiento, Migración, Expedición, Subversión or"
                " Bienestar (O-162, AMB-19)"
            ),
            1,
        )
    if purchase is Purchase.REACH:
        if special is None or words.target is None:
            raise Problem(
                IssueKind.SYNTAX,
                T_("write `Gasto: 15 PRO en Lejanía con X` or `... en Cercanía con X` (O-160)"),
                1,
            )
        target = book.nation(words.target)
    return Spend(power, amount, resource, purchase, attribute, special, target, source=source)


def _bare_group(amount: int, resource: str, purchase: Purchase) -> Purchase:
    """A bare `Autoridad`/`Dominio` is the extra point when the amount pays for
    points; a −6 modifier must name its attribute (AMB-17): else a `Problem`."""
    row = (resource, purchase)
    if row in PRICES and amount % PRICES[row] == 0:
        return purchase
    group = "Autoridad" if purchase is Purchase.AUTORIDAD_POINT else "Dominio"
    raise Problem(
        IssueKind.AMBIGUOUS,
        T_(
            "{amount} {resource} en {group}: an extra {group} point costs {price}; for −6"
            " modifiers name the attribute, e.g. `Gasto: {amount} {resource} en {group} (INT)`"
            " (O-138, O-157, AMB-17)",
            amount=amount,
            resource=resource,
            group=group,
            price="40 RQU (O-142)" if group == "Autoridad" else "30 PRO (O-163)",
        ),
        1,
    )


def _attribute(words: str | None, resource: str, purchase: Purchase) -> str | None:
    """The attribute a purchase names, checked against its group (AMB-17)."""
    if words is None:
        if purchase is Purchase.MODIFIER:
            raise Problem(
                IssueKind.ILLEGAL,
                T_(
                    "a −6 bought with {resource} must name one attribute, e.g."
                    " `Gasto: 5 RQU en -6 a INT` (AMB-17)",
                    resource=resource,
                ),
                1,
            )
        return None
    attribute = attribute_id(words)
    if attribute is None:
        raise Problem(
            IssueKind.SYNTAX,
            T_("unknown attribute '{name}'", name=words),
            1,
            nearest(words, tuple(ATTRIBUTE_WORDS)),
        )
    wanted = {
        Purchase.MODIFIER: MODIFIER_GROUP[resource],
        Purchase.AUTORIDAD_POINT: Group.AUTORIDAD,
        Purchase.DOMINIO_POINT: Group.DOMINIO,
    }.get(purchase)
    if wanted is None:
        return None
    if ATTRIBUTE_GROUP[attribute] is not wanted:
        raise Problem(
            IssueKind.ILLEGAL,
            T_(
                "{attribute} is no {group} attribute: {resource} buy {purchase} on {group}"
                " attributes (AMB-17)",
                attribute=attribute,
                group=wanted.value.capitalize(),
                resource=resource,
                purchase=purchase.value,
            ),
            1,
            tuple(code for code, group in ATTRIBUTE_GROUP.items() if group is wanted),
        )
    return attribute
