"""The start of a turn: events (002 §5.3) and critical situations (§5.4.3.1).

Steps 1 and 2.1 of turn N+1 (002 §5.1) are played when turn N is
adjudicated, so the report of turn N tells the players, before they
declare, what they gave (docs/genes.md, "The turn"). Turn 1's events are
played by `mapjudge new` (`initial_turn_start`); turn 1 has no critical
situations (there was no previous turn).

Events (option `events`, 002 §5.3): 1d10 `events:<turn>`: 2-9 nothing, 0
(face 10) natural disaster, 1 resources. The affected country: 1d10
`events:<turn>:who:<k>` (k = 0, then 1..20 for the rerolls) with 9 // N
faces per surviving country in seating order (3 countries: 1-3, 4-6, 7-9),
the other faces rerolled; after 20 rerolls, the country of the lowest faces
(the first in seating order).

Critical situations (002 §5.4.3.1): each characteristic at 3 or less
(Autoritat less counter-power) forces a Desenvolupament of it; if it would
still be 3 or less after it, a test at 11 now (`crisis:<turn>:<country>:
<trait>`), the characteristic counted after the forced development, helped
by the characters the player named "si vol" (issue 18 #8): a free line
`crisi [<trait>] amb <characters>` in the declarations of the turn being
adjudicated. Failure:
Autoritat → civil war (rebels 5 + counter-power), Diplomàcia → blockade,
Militarisme → anarchy, Tecnologia → autarky.

Decisions beyond docs/genes.md (a game master's readings):
- With 10 or more surviving countries (9 // N = 0) the affected country is
  one die of N faces, `events:<turn>:who:0`.
- The disaster's default city is the affected country's capital while it
  owns it, otherwise its first city by id. A city named by the chooser must
  be a city the affected country owns (`impossible:not_affected_city`).
  Everything standing there is annulled (002 §5.3 "tot personatge o exèrcit
  que hi siga"): every character, whoever owns it, and the place (so every
  force in it). A second choice line of the same kind is
  `impossible:already_chosen`; a choice line when there is no disaster this
  turn is `impossible:no_disaster`.
- The crisis test's helpers: none unless named (issue 18 #8). A crisis line
  names characters for the test of its characteristic, or (no
  characteristic) for any test; a named character helps when it is the
  country's own, free, standing in the country, not annulled by the
  disaster, and has some value in the tested characteristic (one with none
  adds nothing and is not used); one character helps one test, the first in
  trait order it can. A named character of another country makes the line
  `impossible:not_your_character` (`crisis_line`). The test is rolled even
  when a civil war is already under way (a failure then adds nothing). A
  helper is active for the coming turn (002 §5.4.6): it is listed in
  `TurnStart.active`.
- `TurnStart.repatriable`: the characters an assassination missed this turn
  that stayed where they were (issue 18 #11, `actions_spy.survived`).
- The forced actions of a country, in the order they count for the budget:
  `restore_order` (a disaster this turn or disorder still owed), the
  `development:<trait>` of each characteristic in trait order, `civil_war`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.genes.model import (
    CRISIS_TRAIT,
    TRAIT_MAX,
    TRAIT_NAMES_CA,
    Character,
    CharacterStatus,
    CivilWar,
    GenesState,
    Trait,
    TurnStart,
)
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    TestRoll,
)
from adjudicator.rulesets.genes.work import Board, DiceNeeded, test_passed
from maps.genes.region import Region
from orders.genes.model import ActionKind, Declaration
from texts import T_

DISASTER = "disaster"
RESOURCES = "resources"
WHO_REROLLS = 20
CRISIS_LIMIT = 3  # a characteristic at 3 or less is in danger (002 §5.4.3.1)
CRISIS_DIFFICULTY = 11
REBELS_BASE = 5  # 002 §5.4.3 Guerra civil
TRAIT_CRISIS = {trait: crisis for crisis, trait in CRISIS_TRAIT.items()}


# --- events (002 §5.3) -----------------------------------------------------------


def surviving(board: Board) -> tuple[str, ...]:
    """The countries still in the game on the board, in seating order."""
    return tuple(c for c in board.state.seats if not board.countries[c].eliminated)


def affected_country(board: Board, turn: int) -> str:
    """The country an event strikes (002 §5.3): 9 // N faces each, rerolls."""
    seats = surviving(board)
    count = len(seats)
    per = 9 // count
    if per == 0:
        if board.dice is None:
            raise DiceNeeded(f"events:{turn}:who:0")
        return seats[board.dice.roll(f"events:{turn}:who:0", count) - 1]
    for k in range(WHO_REROLLS + 1):
        face = board.d10(f"events:{turn}:who:{k}")
        if face <= per * count:
            return seats[(face - 1) // per]
    return seats[0]


def default_disaster_city(board: Board, country: str) -> str | None:
    """The affected country's capital if it holds it, else its first city."""
    for city in board.cities_of(country):
        if city.capital_of == country:
            return city.id
    cities = board.cities_of(country)
    return cities[0].id if cities else None


def disaster_entries(characters: Sequence[Character], city: str | None) -> tuple[str, ...]:
    """What a disaster in `city` annuls (002 §5.3): the place and the characters there."""
    if city is None:
        return ()
    there = sorted(
        c.id for c in characters if c.place == city and c.status is not CharacterStatus.DEAD
    )
    return (city, *there)


def play_events(board: Board, turn: int) -> TurnStart:
    """The events phase (002 §5.3) of `turn`: the roll, and what it strikes."""
    face = board.d10(f"events:{turn}")
    if face not in (1, 10):
        return TurnStart(event_roll=face)
    who = affected_country(board, turn)
    if face == 1:
        return TurnStart(event_roll=face, event=RESOURCES, event_country=who, resources=(who,))
    city = default_disaster_city(board, who)
    board.countries[who] = board.countries[who].with_(disorder=True)
    disabled = disaster_entries(list(board.characters.values()), city)
    return TurnStart(
        event_roll=face, event=DISASTER, event_country=who, disaster_city=city, disabled=disabled
    )


# --- critical situations (002 §5.4.3.1) -----------------------------------------------


def developed(board: Board, country: str, trait: Trait) -> int:
    """The characteristic after the forced Desenvolupament (+1, raw max 10)."""
    record = board.countries[country]
    raw = min(TRAIT_MAX, record.trait(trait) + 1)
    if trait is Trait.AUTHORITY:
        return max(0, raw - record.counterpower)
    return raw


def named_helpers(
    board: Board, country: str, trait: Trait, excluded: set[str]
) -> tuple[Character, ...]:
    """The characters `country` named to back its test of `trait` (002
    §5.4.3.1 "comptant-hi, si vol, personatges presents als país", issue 18
    #8): its crisis lines' own free characters standing in it with `trait`."""
    named: list[Character] = []
    for line in board.free_lines:
        if line.kind is not ActionKind.CRISIS_HELPER or line.power != country:
            continue
        if line.trait not in (None, trait.value):
            continue
        for cid in line.helpers:
            char = board.characters.get(cid)
            if char is None or char.owner != country or not char.free:
                continue
            if cid in excluded or char.value(trait) <= 0:
                continue
            if _stands_in(board, char.place, country) and char not in named:
                named.append(char)
    return tuple(named)


def crisis_line(state: GenesState, decl: Declaration) -> ActionResult:
    """A crisis line's result when read (issue 18 #8): done, or impossible when
    it names another country's character (or an unknown one)."""
    for cid in decl.helpers:
        char = state.characters.get(cid)
        if char is None or char.owner != decl.power:
            name = char.name if char is not None else cid
            detail = T_("{name} is not yours", name=name)
            return ActionResult(
                decl, ActionOutcome.NOT_RESOLVED, GenesReason.NOT_YOUR_CHARACTER, detail=detail
            )
    return ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE)


def _stands_in(board: Board, place: str, country: str) -> bool:
    try:
        return board.country_of_place(place) == country
    except KeyError:
        return False


def crisis_failed(board: Board, country: str, trait: Trait) -> list[Effect]:
    """A failed crisis test (002 §5.4.3.1): civil war, blockade, anarchy, autarky."""
    record = board.countries[country]
    if trait is Trait.AUTHORITY:
        if country in board.civil_wars:
            return []
        rebels = REBELS_BASE + record.counterpower
        board.civil_wars[country] = CivilWar(country, rebels)
        return [Effect(EffectKind.CIVIL_WAR_BEGUN, country, value=rebels)]
    crisis = TRAIT_CRISIS[trait]
    count = record.crises.get(crisis, 0) + 1
    board.countries[country] = record.with_(crises={**record.crises, crisis: count})
    return [Effect(EffectKind.CRISIS_BEGUN, country, subject=crisis.value, delta=1, value=count)]


def crisis_test(
    board: Board, turn: int, country: str, trait: Trait, excluded: set[str]
) -> tuple[TestRoll, tuple[str, ...]]:
    """The test at 11 of a characteristic still at 3 or less after the development."""
    value = board.trait(country, trait)
    after = developed(board, country, trait)
    terms: list[tuple[str, int]] = [(TRAIT_NAMES_CA[trait], value)]
    if after != value:
        terms.append((T_("Desenvolupament"), after - value))
    helpers = named_helpers(board, country, trait, excluded)
    for helper in helpers:
        terms.append((helper.name, helper.value(trait)))
        excluded.add(helper.id)
    purpose = f"crisis:{turn}:{country}:{trait.value}"
    roll = board.test(purpose, country, terms, CRISIS_DIFFICULTY)
    roll = replace(roll, label=T_("crisis test of {trait}", trait=TRAIT_NAMES_CA[trait]))
    return roll, tuple(helper.id for helper in helpers)


def critical_situations(
    board: Board, turn: int, excluded: set[str]
) -> tuple[dict[str, list[str]], list[Effect], list[TestRoll], list[str]]:
    """Step 2.1 of `turn` (002 §5.4.3.1) for every surviving country: the forced
    developments, the effects of failed tests, the tests, the helpers."""
    forced: dict[str, list[str]] = {}
    effects: list[Effect] = []
    rolls: list[TestRoll] = []
    helpers: list[str] = []
    for country in surviving(board):
        for trait in Trait:
            if board.trait(country, trait) > CRISIS_LIMIT:
                continue
            forced.setdefault(country, []).append(f"{ActionKind.DEVELOPMENT.id}:{trait.value}")
            if developed(board, country, trait) > CRISIS_LIMIT:
                continue
            roll, backers = crisis_test(board, turn, country, trait, excluded)
            rolls.append(roll)
            helpers += backers
            if not test_passed(roll):
                effects += crisis_failed(board, country, trait)
    return forced, effects, rolls, helpers


# --- the whole start ---------------------------------------------------------------


def forced_actions(board: Board, developments: dict[str, list[str]]) -> dict[str, tuple[str, ...]]:
    """Each surviving country's forced actions, in the order they count."""
    forced: dict[str, tuple[str, ...]] = {}
    for country in surviving(board):
        kinds: list[str] = []
        if board.countries[country].disorder:
            kinds.append(ActionKind.RESTORE_ORDER.id)
        kinds += developments.get(country, [])
        if country in board.civil_wars:
            kinds.append(ActionKind.CIVIL_WAR.id)
        if kinds:
            forced[country] = tuple(kinds)
    return forced


def _start(
    board: Board, options: GenesOptions, turn: int, crises: bool
) -> tuple[TurnStart, tuple[Effect, ...], tuple[TestRoll, ...]]:
    start = play_events(board, turn) if options.events else TurnStart()
    if not crises:
        return replace(start, forced=forced_actions(board, {})), (), ()
    developments, effects, rolls, helpers = critical_situations(board, turn, set(start.disabled))
    start = replace(
        start,
        forced=forced_actions(board, developments),
        active=tuple(helpers),
        repatriable=repatriable(board),
    )
    return start, tuple(effects), tuple(rolls)


def repatriable(board: Board) -> tuple[str, ...]:
    """The characters an assassination missed this turn, still free where they
    were: their owner may send them home next turn (issue 18 #11)."""
    chars = [board.characters[cid] for cid in sorted(board.repatriable)]
    return tuple(c.id for c in chars if c.free and not board.countries[c.owner].eliminated)


def start_next_turn(
    board: Board, options: GenesOptions, next_turn: int
) -> tuple[TurnStart, tuple[Effect, ...], tuple[TestRoll, ...]]:
    """Play steps 1 and 2.1 of `next_turn` (002 §5.1) on `board` (changed in
    place: disorder, crises, civil wars). The board's dice roll; returns the
    next `TurnStart`, the effects of failed crisis tests and the tests."""
    return _start(board, options, next_turn, crises=True)


def initial_turn_start(
    state: GenesState, region: Region, options: GenesOptions, dice: Dice | None
) -> GenesState:
    """The state of turn 1 with its events played (`mapjudge new`); no critical
    situations in turn 1. Dice are needed only when events are on."""
    if options.events and dice is None:
        raise ValueError("the events of turn 1 need the game's dice")
    board = Board(state, region, options, dice)
    start, _, _ = _start(board, options, state.turn, crises=False)
    return state.with_(countries=dict(board.countries), start=start)


# --- the disaster's choices, made in the declarations (002 §5.3) ---------------------------


def right_of(state: GenesState, country: str) -> str:
    """The player to the right of `country`: the next surviving one in seating order."""
    seats = state.seats
    index = seats.index(country)
    for step in range(1, len(seats) + 1):
        candidate = seats[(index + step) % len(seats)]
        if not state.countries[candidate].eliminated:
            return candidate
    return country


def disaster_choosers(state: GenesState) -> tuple[str, str] | None:
    """Who names the disaster's kind and who its city, when there is one."""
    affected = state.start.event_country
    if state.start.event != DISASTER or affected is None:
        return None
    kind_chooser = right_of(state, affected)
    return kind_chooser, right_of(state, kind_chooser)


def disaster_choices(
    state: GenesState, lines: Sequence[Declaration]
) -> tuple[list[ActionResult], str | None]:
    """The results of the DISASTER_KIND / DISASTER_CITY lines (no dice) and the
    city chosen (None: the default stays)."""
    choosers = disaster_choosers(state)
    results: list[ActionResult] = []
    chosen: dict[ActionKind, str] = {}
    for decl in lines:
        reason = _choice_problem(state, decl, choosers, chosen)
        if reason is not None:
            results.append(ActionResult(decl, ActionOutcome.NOT_RESOLVED, reason))
            continue
        value = decl.city if decl.kind is ActionKind.DISASTER_CITY else decl.mode
        chosen[decl.kind] = value or ""
        assert choosers is not None and state.start.event_country is not None
        subject = "city" if decl.kind is ActionKind.DISASTER_CITY else "kind"
        effect = Effect(EffectKind.DISASTER_CHOSEN, state.start.event_country, subject, other=value)
        results.append(
            ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE, effects=(effect,))
        )
    return results, chosen.get(ActionKind.DISASTER_CITY)


def _choice_problem(
    state: GenesState,
    decl: Declaration,
    choosers: tuple[str, str] | None,
    chosen: dict[ActionKind, str],
) -> GenesReason | None:
    if choosers is None:
        return GenesReason.NO_DISASTER
    who = choosers[0] if decl.kind is ActionKind.DISASTER_KIND else choosers[1]
    if decl.power != who:
        return GenesReason.NOT_YOUR_CHOICE
    if decl.kind in chosen:
        return GenesReason.ALREADY_CHOSEN
    if decl.kind is ActionKind.DISASTER_CITY:
        city = state.cities.get(decl.city or "")
        if city is None or city.owner != state.start.event_country:
            return GenesReason.NOT_AFFECTED_CITY
    return None


def crisis_helpers(state: GenesState) -> set[str]:
    """The characters that helped a crisis test: active for the turn (002 §5.4.6)."""
    return set(state.start.active)


def move_disaster(board: Board, city: str) -> None:
    """The chooser moved the disaster to `city`: annul what stands there instead."""
    characters = list(board.state.characters.values())
    old = set(disaster_entries(characters, board.state.start.disaster_city))
    board.disabled -= old
    board.disabled |= set(disaster_entries(characters, city))


__all__ = [
    "DISASTER",
    "RESOURCES",
    "affected_country",
    "crisis_helpers",
    "crisis_line",
    "critical_situations",
    "disaster_choices",
    "disaster_choosers",
    "initial_turn_start",
    "move_disaster",
    "play_events",
    "right_of",
    "start_next_turn",
]
