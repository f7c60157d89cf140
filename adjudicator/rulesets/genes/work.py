"""The working board of one turn, the d10, and the action handler registry.

During the resolution of a turn (002 §5.4.5) actions change the board one
after another, so the turn works on a mutable `Board` built from the frozen
`GenesState` and frozen again at the end. Handlers (one per action kind, in
`actions_*.py`) take the board and one declaration and return its
`ActionResult`; they register themselves with `@handles(kind, ...)`.

The d10 (002 §5.4.5, rules README): a face of 0 counts as 10 and always
succeeds, a 1 always fails; a test succeeds when characteristic + d10 is
greater than the difficulty. In a contest a natural 1 loses and a natural 0
wins (a 0 against a 1 wins); when both sides or neither rolled one, the
higher total wins and a tie has no effect (issue 18 #7; the option
`contest_natural_dice: false` keeps the totals alone).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from adjudicator.core.dice import Dice
from adjudicator.kits.sheets.handlers import HandlerRegistry
from adjudicator.kits.sheets.rolls import PassRule, add_up
from adjudicator.kits.sheets.rolls import contest_winner as higher_total
from adjudicator.rulesets.genes.model import (
    FIELD_PREFIX,
    Character,
    City,
    CivilWar,
    Country,
    Force,
    GenesState,
    Trait,
    TurnStart,
    merge_forces,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    GenesReason,
    TestRoll,
)
from maps.genes.region import Region
from orders.genes.model import ActionKind, Declaration


class DiceNeeded(Exception):
    """Raised when a roll is asked of a board that has no dice (a dry check)."""


@dataclass
class Board:
    """A mutable copy of the state while a turn resolves.

    `active` holds the characters already active this turn (002 §5.4.6: they
    cannot act again); `disabled` the characters and places a natural
    disaster annuls this turn (002 §5.3); `resolved_kinds` what each country
    has done so far (Observació cancels investigations not yet played).
    """

    state: GenesState
    region: Region
    options: Any
    dice: Dice | None
    countries: dict[str, Country] = field(init=False)
    cities: dict[str, City] = field(init=False)
    characters: dict[str, Character] = field(init=False)
    forces: list[Force] = field(init=False)
    sieges: dict[str, str] = field(init=False)
    civil_wars: dict[str, CivilWar] = field(init=False)
    active: set[str] = field(default_factory=set)
    disabled: set[str] = field(default_factory=set)
    shields: dict[str, int] = field(default_factory=dict)  # country -> observations ready
    free_lines: list[Declaration] = field(default_factory=list)  # alliances, watches (no action)
    notes: list[Effect] = field(default_factory=list)  # effects outside actions
    repatriable: set[str] = field(default_factory=set)  # assassination survivors left in place

    def __post_init__(self) -> None:
        self.countries = dict(self.state.countries)
        self.cities = dict(self.state.cities)
        self.characters = dict(self.state.characters)
        self.forces = list(self.state.forces)
        self.sieges = dict(self.state.sieges)
        self.civil_wars = dict(self.state.civil_wars)
        self.disabled = set(self.state.start.disabled)

    # --- dice ----------------------------------------------------------------------

    def d10(self, purpose: str) -> int:
        """One d10 for `purpose` (1..10, 10 being the 0 face), logged."""
        if self.dice is None:
            raise DiceNeeded(purpose)
        return self.dice.roll(purpose, 10)

    def test(
        self, purpose: str, country: str, terms: Iterable[tuple[str, int]], difficulty: int
    ) -> TestRoll:
        """A test (002 §5.4.5): sum of `terms` + 1d10 against `difficulty`."""
        face = self.d10(purpose)
        kept, total = add_up(face, terms)
        return TestRoll(country, face, kept, total, difficulty)

    def contest_side(
        self, purpose: str, country: str, terms: Iterable[tuple[str, int]]
    ) -> TestRoll:
        """One side of a contest: sum of `terms` + 1d10."""
        face = self.d10(purpose)
        kept, total = add_up(face, terms)
        return TestRoll(country, face, kept, total)

    def contest_winner(self, first: TestRoll, second: TestRoll) -> int:
        """0 if `first` wins, 1 if `second` wins, -1 on a tie, by the game's
        option `contest_natural_dice` (on when the board has no options)."""
        natural = not isinstance(self.options, GenesOptions) or self.options.contest_natural_dice
        return contest_winner(first, second, natural_dice=natural)

    # --- reading -------------------------------------------------------------------

    def trait(self, country: str, trait: Trait) -> int:
        """A country's characteristic; Autoritat less counter-power (002 §5.4.4)."""
        if trait is Trait.AUTHORITY:
            return self.countries[country].authority
        return self.countries[country].trait(trait)

    def forces_at(self, place: str, owner: str | None = None) -> list[Force]:
        return [f for f in self.forces if f.place == place and (owner is None or f.owner == owner)]

    def strength_at(self, place: str, owner: str) -> int:
        return sum(f.strength for f in self.forces_at(place, owner))

    def army(self, country: str) -> int:
        return sum(f.strength for f in self.forces if f.owner == country)

    def cities_of(self, country: str) -> list[City]:
        return [c for _, c in sorted(self.cities.items()) if c.owner == country]

    def country_of_place(self, place: str) -> str:
        """The country (map region) a place lies in: a city's, or a field's."""
        if place.startswith(FIELD_PREFIX):
            return place.removeprefix(FIELD_PREFIX)
        return self.cities[place].country

    # --- writing -------------------------------------------------------------------

    def set_forces(self, forces: Iterable[Force]) -> None:
        self.forces = list(merge_forces(forces))

    def snapshot(self) -> GenesState:
        """The board frozen again (the same phase; the turn frame moves it on)."""
        return self.state.with_(
            countries=dict(self.countries),
            cities=dict(sorted(self.cities.items())),
            characters=dict(sorted(self.characters.items())),
            forces=merge_forces(self.forces),
            sieges=dict(sorted(self.sieges.items())),
            civil_wars=dict(sorted(self.civil_wars.items())),
            start=TurnStart(),
        )


Handler = Callable[[Board, Declaration, str], ActionResult]
"""A handler: (board, declaration, roll purpose prefix) -> its result. The
prefix (`<country>:<n>`) keeps each declaration's rolls apart in the dice log."""

HANDLERS: HandlerRegistry[ActionKind, Handler] = HandlerRegistry()
"""Every action kind's handler (002 §5.4.3, §5.4.4), filled by the `actions_*` modules."""
handles = HANDLERS.handles
"""Decorator: register a handler for action kinds (`@handles(ActionKind.TAXES)`)."""


def impossible(declaration: Declaration, reason: GenesReason, detail: str = "") -> ActionResult:
    """An action that cannot be done as written (it still counts as spent)."""
    return ActionResult(declaration, ActionOutcome.NOT_RESOLVED, reason, detail=detail)


D10_TEST = PassRule(always_passes=10, always_fails=1)
"""002 §5.4.5 and the rules README: the 0 face (10) always passes, the 1 always
fails, otherwise the total must be greater than the difficulty."""


def test_passed(roll: TestRoll) -> bool:
    """Whether a test passed, by the d10's rule (`D10_TEST`)."""
    assert roll.against is not None
    return D10_TEST.passes(roll.face, roll.total, roll.against)


def test_reason(roll: TestRoll) -> GenesReason:
    if test_passed(roll):
        return GenesReason.PASSED
    return GenesReason.NATURAL_ONE if roll.face == 1 else GenesReason.FAILED


NATURAL_FACES = {10: 1, 1: -1}
"""002 §5.4.5: "un resultat de 1 és una errada, i 0 és un èxit" (10 is the 0 face)."""


def contest_winner(first: TestRoll, second: TestRoll, *, natural_dice: bool = True) -> int:
    """0 if `first` wins, 1 if `second` wins, -1 on a tie (no effect).

    002 §5.4.5, issue 18 #7: with `natural_dice` a natural 0 wins and a
    natural 1 loses (a 0 against a 1 wins); both sides alike, or neither:
    the higher total wins. Without it the totals alone decide."""
    if natural_dice:
        mine, theirs = NATURAL_FACES.get(first.face, 0), NATURAL_FACES.get(second.face, 0)
        if mine != theirs:
            return 0 if mine > theirs else 1
    return higher_total(first.total, second.total)


def contest_margin(winner: TestRoll, loser: TestRoll) -> int:
    """What the loser of a battle loses (002 §5.4.3 Batalla: "la resta de les
    dos xifres"): the difference of the totals, and 1 when a natural die won
    against equal or higher totals (issue 18 #7 reading: the least a lost
    battle costs, as Reclutar's natural 0 gains at least 1)."""
    return max(1, winner.total - loser.total)
