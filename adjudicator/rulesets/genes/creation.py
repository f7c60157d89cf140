"""Creation in two steps (002 §4, issue 18 #12): the relevance first, then the sheets.

A game created with `mapjudge new genes DIR --players ...` starts in the
creation phase `0-creation`. Its state holds the region's countries with the
relevance each one got (002 §4.1: 1d10 on the *Rellevància aleatòria* table
with the game's dice, or one relevance agreed for everyone), the region's
cities, and nothing else yet: no characteristics, characters or Exèrcit.
The country sheets are that phase's orders: each is read against its
country's relevance (`sheets.read_sheet_text`), and the phase resolves into
turn 1 only when every country has a valid sheet (`create`); otherwise
`SheetsRejected` lists every problem and the game stays in creation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.core.dice import Dice, Roll
from adjudicator.rulesets.genes.model import (
    City,
    Country,
    GenesState,
    Relevance,
    creation_phase,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.setup import SheetsRejected
from adjudicator.rulesets.genes.sheets import (
    CheckedSheets,
    SheetResult,
    combine_sheets,
    initial_state,
)
from adjudicator.rulesets.genes.turn_start import initial_turn_start
from maps.genes.region import Region
from orders.issues import Source
from texts import T_

RELEVANCE_PURPOSE = "relevance:{country}"
"""The label of a country's relevance roll (the same as at a one-step `new`)."""


@dataclass(frozen=True)
class RolledRelevance:
    """A country's relevance at creation (002 §4.1); `face` is the d10 (1..10,
    the 0 face being 10), None when the players agreed one relevance for all."""

    country: str
    relevance: Relevance
    face: int | None = None


def roll_relevance(
    seats: Sequence[str], dice: Dice | None, fixed: Relevance | None
) -> tuple[RolledRelevance, ...]:
    """Each country's relevance, in seating order (002 §4.1): `fixed` for all
    ("una mateixa Rellevància"), or 1d10 each on the random table."""
    if fixed is not None:
        return tuple(RolledRelevance(c, fixed) for c in seats)
    if dice is None:
        raise ValueError("a random relevance is rolled with the game's dice: give its secret")
    rolled = []
    for country in seats:
        face = dice.roll(RELEVANCE_PURPOSE.format(country=country), 10)
        rolled.append(RolledRelevance(country, Relevance.from_roll(face), face))
    return tuple(rolled)


def creation_state(region: Region, rolled: Sequence[RolledRelevance]) -> GenesState:
    """The state of `0-creation`: the countries (seated in `rolled`'s order,
    002 §3) with their relevance, and the region's cities; the sheets add the rest."""
    countries = {
        r.country: Country(r.country, region.countries[r.country].name, r.relevance, {})
        for r in rolled
    }
    cities = {
        site.id: City(site.id, site.name, site.country, site.country, site.position)
        for site in sorted(region.cities.values(), key=lambda s: s.id)
        if site.country in countries
    }
    seats = tuple(r.country for r in rolled)
    return GenesState(creation_phase(), countries, cities, {}, (), seats)


def rolled_relevance(state: GenesState) -> dict[str, Relevance]:
    """country -> the relevance it got at creation (what its sheet may spend),
    in seating order."""
    return {c: state.countries[c].relevance for c in state.seats}


@dataclass(frozen=True)
class SheetOrder:
    """A country sheet sent as an order of the creation phase: the file read
    (`SheetResult`: its sheet and issues) and where it came from."""

    result: SheetResult
    source: Source | None

    @property
    def country(self) -> str | None:
        return self.result.sheet.country if self.result.sheet is not None else None


@dataclass(frozen=True)
class Creation:
    """The creation phase resolved: turn 1 (its events played) and the sheets
    it was built from, with their warnings (unspent points...)."""

    state: GenesState
    sheets: CheckedSheets
    rolls: tuple[Roll, ...] = ()


def checked_sheets(orders: Sequence[SheetOrder], region: Region) -> CheckedSheets:
    """The sheets sent, as a game's: one per country of the region, none twice."""
    return combine_sheets([o.result for o in orders], region)


def create(
    state: GenesState,
    orders: Sequence[SheetOrder],
    region: Region,
    options: GenesOptions,
    dice: Dice | None,
) -> Creation:
    """Turn 1 from the sheets (002 §4) and its events (§5.3); `SheetsRejected`
    listing every problem while a country has no valid sheet."""
    checked = checked_sheets(orders, region)
    if checked.errors:
        raise SheetsRejected(checked.errors)
    turn_one = initial_state(region, checked, state.seats)
    started = initial_turn_start(turn_one, region, options, dice)
    return Creation(started, checked, tuple(dice.rolls) if dice is not None else ())


def budget_text(relevance: Relevance) -> str:
    """What a sheet of that relevance may spend, in words (002 §4.1, §4.5, §5.2)."""
    return T_(
        "{points} creation points; Exèrcit = {army} + cities × 2 + Militarisme + Tecnologia / 2"
        " + army points; actions per turn = {actions} + Autoritat / 3 + Tecnologia / 3",
        points=relevance.points,
        army=relevance.army_base,
        actions=relevance.action_base,
    )
