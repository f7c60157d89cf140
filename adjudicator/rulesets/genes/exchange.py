"""Bescanvi: exchanging goods between two countries (002 §5.4; issue 18 #5).

002 §5.4: "l'acció més sovintejada i profitosa serà sempre la de negociar
amb altres jugadors el bescanvi de qualsevol mena de favors, informació,
béns (personatges, tropes, ciutats o terrenys del mapa). L'únic que no es pot
negociar són el nombre d'accions i el valor de les característiques".
Favours and information need no judge; the goods do. A `bescanvi` line
(`bescanvi amb Llevant: dono Vilanova; rebo 3 tropes a Alacant`) is a free
line (no action spent) and takes effect only when the other country declares
the mirror terms the same turn.

- `match_exchanges` (no dice, also the dry check): each line is paired with
  the first unpaired line of the other country that names it and whose goods
  are the mirror (given <-> received, in any order). A line left unpaired is
  refused, EXCHANGE_UNMATCHED, saying what the other country declared.
- `play_deal` (at the start of the turn, after the releases and before the
  first action: the actions of the turn see the new owners): every good of
  both sides is checked against the board, then all change hands at once; if
  one is not the giver's, neither line does anything and both are refused
  with the reason (NOT_YOUR_GOODS, NOT_TRADEABLE, BESIEGED).

The goods (`orders.genes.model.GoodKind`), given by `giver` to `taker`:
- a city the giver owns: it becomes the taker's; a siege of it by the taker
  ends; the giver's forces left in it step out into the field of its country
  (peacefully: nothing is lost), which they cannot do from a besieged city;
- troops: that many of the giver's points at that place (ordinary troops
  first, then raiders, largest first) become an ordinary force of the taker,
  there; in a city the taker does not hold after the exchange they step out
  into that country's field (not from a besieged city);
- a character: one of the giver's own, free, changes side where it stands;
  a principal is not for trade (it is the country's head: name another first
  with Ascendir ... principal);
- a captive the giver holds: the taker holds it now, where it is; handed to
  its own country it goes free to its capital (a ransom);
- a terrain (`terreny de Migjorn`): every city the giver holds in that
  country, as above; the fields belong to nobody, so the forces there stay.

Effects: CITY_CEDED, TROOPS_CEDED, CHARACTER_CEDED, CAPTIVE_CEDED (country =
taker, other = giver), plus CHARACTER_RELEASED, TROOPS_MOVED, SIEGE_BROKEN
and the eliminations that follow; each line carries the effects of what its
own country gave.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from adjudicator.rulesets.genes.battle import end_siege, lift_abandoned_sieges, withdraw
from adjudicator.rulesets.genes.budget import PlannedLine
from adjudicator.rulesets.genes.characters import home_place, set_free
from adjudicator.rulesets.genes.ending import eliminations
from adjudicator.rulesets.genes.model import (
    FIELD_PREFIX,
    Character,
    CharacterStatus,
    City,
    Country,
    Force,
    field_place,
)
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
)
from adjudicator.rulesets.genes.work import Board
from orders.genes.model import Declaration, Good, GoodKind, Side
from texts import T_

Refusal = tuple[GenesReason, str]


class _Holdings(Protocol):
    """What names and owners are read from: a `GenesState` or a `Board`."""

    @property
    def countries(self) -> Mapping[str, Country]: ...
    @property
    def cities(self) -> Mapping[str, City]: ...
    @property
    def characters(self) -> Mapping[str, Character]: ...


@dataclass(frozen=True, slots=True)
class Deal:
    """Two `bescanvi` lines with mirror terms: they take effect together."""

    first: PlannedLine
    second: PlannedLine


# --- words for the details (English, the report's language) -----------------------


def _country(h: _Holdings, country: str | None) -> str:
    record = h.countries.get(country or "")
    return record.name if record is not None else country or "?"


def _place(h: _Holdings, place: str) -> str:
    if place.startswith(FIELD_PREFIX):
        return T_("the field of {country}", country=_country(h, place.removeprefix(FIELD_PREFIX)))
    city = h.cities.get(place)
    return city.name if city is not None else place


def good_words(h: _Holdings, good: Good) -> str:
    """`Vilanova`, `3 Exèrcit at the field of Ponent`, `Joan`, `the land of Migjorn`."""
    if good.kind is GoodKind.TROOPS:
        return T_("{amount} Exèrcit at {place}", amount=good.amount, place=_place(h, good.subject))
    if good.kind is GoodKind.TERRAIN:
        return T_("the land of {country}", country=_country(h, good.subject))
    if good.kind is GoodKind.CHARACTER:
        char = h.characters.get(good.subject)
        return char.name if char is not None else good.subject
    return _place(h, good.subject)


def terms_words(h: _Holdings, goods: Iterable[Good]) -> str:
    """`gives Vilanova and receives 3 Exèrcit at Alacant`."""
    goods = tuple(goods)
    parts = []
    for side in (Side.GIVE, Side.GET):
        named = [good_words(h, g) for g in goods if g.side is side]
        if named:
            listed = _listed(named)
            gives = side is Side.GIVE
            parts.append(
                T_("gives {goods}", goods=listed) if gives else T_("receives {goods}", goods=listed)
            )
    if len(parts) == 2:
        return T_("{gives} and {receives}", gives=parts[0], receives=parts[1])
    return parts[0] if parts else T_("names no goods")


def _listed(named: list[str]) -> str:
    """Goods joined with `, `, each told in the reader's language (a lazy message)."""
    if len(named) == 1:
        return named[0]
    return T_("{first}, {rest}", first=named[0], rest=_listed(named[1:]))


# --- matching (no dice) --------------------------------------------------------------


def _mirror(goods: Iterable[Good]) -> Counter[Good]:
    return Counter(good.mirrored() for good in goods)


def _refuse(decl: Declaration, reason: GenesReason, detail: str) -> ActionResult:
    return ActionResult(decl, ActionOutcome.NOT_RESOLVED, reason, detail=detail)


def _partner_problem(h: _Holdings, decl: Declaration, alive: set[str]) -> ActionResult | None:
    if decl.target is None or decl.target == decl.power:
        return _refuse(decl, GenesReason.SAME_COUNTRY, "a bescanvi is made with another country")
    if decl.target not in alive:
        detail = T_("{country} is not in the game", country=_country(h, decl.target))
        return _refuse(decl, GenesReason.TARGET_ELIMINATED, detail)
    return None


def match_exchanges(
    h: _Holdings, lines: Sequence[PlannedLine], alive: Iterable[str]
) -> tuple[list[Deal], dict[str, ActionResult]]:
    """Pair the turn's `bescanvi` lines (in the turn's order); the lines left
    unpaired are refused with the reason."""
    living = set(alive)
    refused: dict[str, ActionResult] = {}
    open_lines: list[PlannedLine] = []
    for line in lines:
        problem = _partner_problem(h, line.declaration, living)
        if problem is not None:
            refused[line.prefix] = problem
        else:
            open_lines.append(line)
    deals: list[Deal] = []
    paired: set[str] = set()
    for line in open_lines:
        if line.prefix in paired:
            continue
        mate = _mate(line, open_lines, paired)
        if mate is None:
            continue
        paired |= {line.prefix, mate.prefix}
        deals.append(Deal(line, mate))
    for line in open_lines:
        if line.prefix not in paired:
            refused[line.prefix] = _unmatched(h, line.declaration, open_lines)
    return deals, refused


def _mate(line: PlannedLine, lines: Sequence[PlannedLine], paired: set[str]) -> PlannedLine | None:
    mine = line.declaration
    for other in lines:
        theirs = other.declaration
        if other.prefix in paired or other is line:
            continue
        mirror = _mirror(mine.goods) == Counter(theirs.goods)
        if theirs.power == mine.target and theirs.target == mine.power and mirror:
            return other
    return None


def _unmatched(h: _Holdings, decl: Declaration, lines: Sequence[PlannedLine]) -> ActionResult:
    partner = _country(h, decl.target)
    answers = [
        line.declaration
        for line in lines
        if line.declaration.power == decl.target and line.declaration.target == decl.power
    ]
    if not answers:
        detail = T_(
            "{country} declared no bescanvi with {country2}",
            country=partner,
            country2=_country(h, decl.power),
        )
    else:
        detail = T_(
            "{country}'s terms differ: it {goods}",
            country=partner,
            goods=terms_words(h, answers[0].goods),
        )
    return _refuse(decl, GenesReason.EXCHANGE_UNMATCHED, detail)


# --- checking the goods ---------------------------------------------------------------


def _given(decl: Declaration, kind: GoodKind) -> list[Good]:
    return [g for g in decl.goods if g.side is Side.GIVE and g.kind is kind]


def ceded_cities(board: Board, decl: Declaration) -> list[str]:
    """The cities `decl`'s country gives: those named and those of its terrains."""
    cities = [g.subject for g in _given(decl, GoodKind.CITY)]
    for good in _given(decl, GoodKind.TERRAIN):
        cities += [c.id for c in board.cities_of(decl.power) if c.country == good.subject]
    return list(dict.fromkeys(cities))


def _troops_given(decl: Declaration) -> Counter[str]:
    given: Counter[str] = Counter()
    for good in _given(decl, GoodKind.TROOPS):
        given[good.subject] += good.amount or 0
    return given


def _not_yours(board: Board, who: str, what: str) -> Refusal:
    return GenesReason.NOT_YOUR_GOODS, T_(
        "{what} is not {country}'s to give", what=what, country=_country(board, who)
    )


def _city_refusal(board: Board, decl: Declaration) -> Refusal | None:
    giver = decl.power
    for good in _given(decl, GoodKind.CITY):
        city = board.cities.get(good.subject)
        if city is None or city.owner != giver:
            return _not_yours(board, giver, _place(board, good.subject))
    for good in _given(decl, GoodKind.TERRAIN):
        if not any(c.country == good.subject for c in board.cities_of(giver)):
            detail = T_(
                "{country} holds no city in {country2}",
                country=_country(board, giver),
                country2=_country(board, good.subject),
            )
            return GenesReason.NOT_YOUR_GOODS, detail
    return None


def _troop_refusal(board: Board, decl: Declaration, kept: set[str]) -> Refusal | None:
    """Troops the giver has there; none to step out of a besieged city.
    `kept`: the cities the taker holds after the exchange."""
    giver, given = decl.power, _troops_given(decl)
    for place, amount in sorted(given.items()):
        there = board.strength_at(place, giver) if _known(board, place) else 0
        if amount > there:
            detail = T_(
                "{country} has {there} Exèrcit at {place}, not {amount}",
                country=_country(board, giver),
                there=there,
                place=_place(board, place),
                amount=amount,
            )
            return GenesReason.NOT_YOUR_GOODS, detail
        if place in board.sieges and place not in kept:
            return (
                GenesReason.BESIEGED,
                T_("{place} is besieged: its troops cannot leave", place=_place(board, place)),
            )
    for city in ceded_cities(board, decl):
        left = board.strength_at(city, giver) - given.get(city, 0)
        if city in board.sieges and left > 0:
            detail = T_(
                "{place} is besieged: {country}'s troops cannot leave it",
                place=_place(board, city),
                country=_country(board, giver),
            )
            return GenesReason.BESIEGED, detail
    return None


def _known(board: Board, place: str) -> bool:
    if place.startswith(FIELD_PREFIX):
        return place.removeprefix(FIELD_PREFIX) in board.countries
    return place in board.cities


def _character_refusal(board: Board, decl: Declaration) -> Refusal | None:
    giver = decl.power
    for good in _given(decl, GoodKind.CHARACTER):
        char = board.characters.get(good.subject)
        if char is None:
            return _not_yours(board, giver, good.subject)
        if char.status is CharacterStatus.CAPTURED and char.held_by == giver:
            continue
        if char.owner != giver or not char.free:
            return _not_yours(board, giver, char.name)
        if char.principal:
            detail = T_(
                "{character} is {country}'s principal: not for trade",
                character=char.name,
                country=_country(board, giver),
            )
            return GenesReason.NOT_TRADEABLE, detail
    return None


def _refusal(board: Board, decl: Declaration, taker_keeps: set[str]) -> Refusal | None:
    return (
        _city_refusal(board, decl)
        or _character_refusal(board, decl)
        or _troop_refusal(board, decl, taker_keeps)
    )


# --- handing over ----------------------------------------------------------------------


def _hand_character(board: Board, char_id: str, giver: str, taker: str) -> Effect:
    char = board.characters[char_id]
    if char.status is CharacterStatus.CAPTURED:
        if char.owner == taker:
            return set_free(board, char_id, giver, home_place(board, taker))
        board.characters[char_id] = char.with_(held_by=taker)
        return Effect(EffectKind.CAPTIVE_CEDED, taker, char_id, other=giver)
    board.characters[char_id] = char.with_(owner=taker, principal=False, hidden=False)
    return Effect(EffectKind.CHARACTER_CEDED, taker, char_id, other=giver)


def _hand_troops(
    board: Board, place: str, amount: int, giver: str, taker: str, kept: set[str]
) -> list[Effect]:
    withdraw(board, lambda f: f.owner == giver and f.place == place, amount, prefer_raiders=False)
    effects = [Effect(EffectKind.TROOPS_CEDED, taker, place, delta=amount, other=giver)]
    where = place
    if not place.startswith(FIELD_PREFIX) and place not in kept:
        where = field_place(board.cities[place].country)
        effects.append(Effect(EffectKind.TROOPS_MOVED, taker, place, delta=amount, other=where))
    board.set_forces([*board.forces, Force(taker, where, amount)])
    return effects


def _hand_city(board: Board, city_id: str, giver: str, taker: str) -> list[Effect]:
    city = board.cities[city_id]
    board.cities[city_id] = city.with_(owner=taker)
    effects = [Effect(EffectKind.CITY_CEDED, taker, city_id, other=giver)]
    if board.sieges.get(city_id) == taker:
        effects += end_siege(board, city_id)
    left = board.strength_at(city_id, giver)
    if left:
        out = field_place(city.country)
        moved = [
            f.with_(place=out) if f.owner == giver and f.place == city_id else f
            for f in board.forces
        ]
        board.set_forces(moved)
        effects.append(Effect(EffectKind.TROOPS_MOVED, giver, city_id, delta=left, other=out))
    return effects


def _hand_over(board: Board, decl: Declaration, kept: set[str]) -> list[Effect]:
    giver, taker = decl.power, decl.target or ""
    effects = [
        _hand_character(board, g.subject, giver, taker) for g in _given(decl, GoodKind.CHARACTER)
    ]
    cities = ceded_cities(board, decl)
    for good in _given(decl, GoodKind.TROOPS):
        effects += _hand_troops(board, good.subject, good.amount or 0, giver, taker, kept)
    for city in cities:
        effects += _hand_city(board, city, giver, taker)
    return effects


def _keeps(board: Board, decl: Declaration, other: Declaration) -> set[str]:
    """The cities `decl`'s taker holds after the exchange (troops given there stay)."""
    taker = decl.target or ""
    holds = {c.id for c in board.cities_of(taker)} | set(ceded_cities(board, decl))
    return holds - set(ceded_cities(board, other))


def play_deal(board: Board, deal: Deal) -> dict[str, ActionResult]:
    """Both lines of a deal: every good checked, then all handed over (or
    neither line does anything, both refused with the reason)."""
    first, second = deal.first.declaration, deal.second.declaration
    for decl, other in ((first, second), (second, first)):
        refusal = _refusal(board, decl, _keeps(board, decl, other))
        if refusal is not None:
            reason, detail = refusal
            return {
                deal.first.prefix: _refuse(first, reason, detail),
                deal.second.prefix: _refuse(second, reason, detail),
            }
    kept = {first.power: _keeps(board, first, second), second.power: _keeps(board, second, first)}
    effects = {decl.power: _hand_over(board, decl, kept[decl.power]) for decl in (first, second)}
    closing = [*lift_abandoned_sieges(board), *eliminations(board)]
    done = GenesReason.DONE
    return {
        deal.first.prefix: ActionResult(
            first, ActionOutcome.SUCCEEDED, done, effects=(*effects[first.power], *closing)
        ),
        deal.second.prefix: ActionResult(
            second, ActionOutcome.SUCCEEDED, done, effects=tuple(effects[second.power])
        ),
    }


__all__ = ["Deal", "ceded_cities", "good_words", "match_exchanges", "play_deal", "terms_words"]
