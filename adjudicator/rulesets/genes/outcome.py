"""What became of each declared action, and the resolved turn (002 §5.4.5).

Every declaration gets exactly one `ActionResult`: resolved (succeeded,
failed, tied) at its place in the resolution sequence, or not resolved
(impossible, dropped over the budget, cancelled) with a reason. The dice it
rolled are kept as `TestRoll` lines and its effects as `Effect` records; the
report layer turns reasons and effects into words, the JSON output uses the
enum values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from adjudicator.core.dice import Roll
from adjudicator.rulesets.genes.model import GenesState
from orders.genes.model import Declaration
from texts import T_


class ActionOutcome(StrEnum):
    SUCCEEDED = "succeeded"
    FAILED = "failed"
    TIED = "tied"  # a contest tie: no effect (002 §5.4.5)
    NOT_RESOLVED = "not_resolved"  # impossible, over the budget, cancelled


class GenesReason(StrEnum):
    """Why an action ended as it did. Values are stable (JSON output).

    Helpers adding a reason append it to its group."""

    # resolved
    DONE = "done"  # automatic action carried out
    PASSED = "passed"  # test passed
    FAILED = "failed"  # test failed
    NATURAL_ONE = "natural_one"  # a 1 on the d10 always fails (002 §5.4.5)
    WON = "won"  # contest or battle won
    LOST = "lost"  # contest or battle lost
    TIE = "tie"  # contest tie: no effect
    # not resolved: the turn's frame
    OVER_BUDGET = "over_budget"  # beyond the actions per turn (002 §5.2, §5.4.2)
    ELIMINATED = "eliminated"  # the country was eliminated before this action
    CANCELLED_BY_OBSERVATION = "cancelled_by_observation"  # 002 §5.4.3 Observació
    GAME_OVER = "game_over"  # a victory condition ended the game mid-turn
    # not resolved: the action cannot be done as written
    NOT_OWN_CITY = "impossible:not_own_city"
    ALREADY_WALLED = "impossible:already_walled"
    NAME_TAKEN = "impossible:name_taken"
    NO_COUNTERPOWER = "impossible:no_counterpower"
    COUNTERPOWER_EXISTS = "impossible:counterpower_exists"
    NO_DISORDER = "impossible:no_disorder"
    TRAIT_AT_MAX = "impossible:trait_at_max"
    NOT_MORE_ADVANCED = "impossible:not_more_advanced"
    SAME_COUNTRY = "impossible:same_country"
    TARGET_ELIMINATED = "impossible:target_eliminated"
    NO_FORCES_THERE = "impossible:no_forces_there"
    NO_ENEMY_THERE = "impossible:no_enemy_there"
    NOT_ENOUGH_TROOPS = "impossible:not_enough_troops"
    BESIEGED = "impossible:besieged"  # troops and characters cannot leave a besieged city
    ALREADY_BESIEGED = "impossible:already_besieged"
    NO_CIVIL_WAR = "impossible:no_civil_war"
    NOT_YOUR_CHARACTER = "impossible:not_your_character"
    OWN_CHARACTER = "impossible:own_character"
    CHARACTER_UNAVAILABLE = "impossible:character_unavailable"  # dead, captured, active, annulled
    CHARACTER_NOT_THERE = "impossible:character_not_there"  # not in the country the action needs
    NOT_CAPTIVE = "impossible:not_captive"
    BAD_AMOUNT = "impossible:bad_amount"
    DISABLED_BY_DISASTER = "impossible:disabled_by_disaster"
    ALREADY_PRINCIPAL = "impossible:already_principal"  # Ascendir ... principal of the principal
    NO_CHARACTERISTIC = "impossible:no_characteristic"  # Desenvolupament / Ascendir naming none
    NO_PLACE = "impossible:no_place"  # a battle, move or siege naming no known place
    SAME_PLACE = "impossible:same_place"  # Trasllat de tropes to where the troops already are
    NOT_YOUR_CHOICE = "impossible:not_your_choice"  # disaster kind/city named by another (§5.3)
    NO_DISASTER = "impossible:no_disaster"  # a disaster choice with no disaster this turn
    NOT_AFFECTED_CITY = "impossible:not_affected_city"  # not a city of the affected country
    ALREADY_CHOSEN = "impossible:already_chosen"  # a second choice of the disaster's kind/city
    EXCHANGE_UNMATCHED = "impossible:exchange_unmatched"  # bescanvi: no mirror terms (002 §5.4)
    NOT_YOUR_GOODS = "impossible:not_your_goods"  # bescanvi: a good the giver does not hold
    NOT_TRADEABLE = "impossible:not_tradeable"  # bescanvi: a principal is not for trade
    NOT_REACHABLE = "impossible:not_reachable"  # Trasllat: no chain of countries leads there

    @property
    def resolved(self) -> bool:
        return self in RESOLVED_REASONS


RESOLVED_REASONS = frozenset(
    {
        GenesReason.DONE,
        GenesReason.PASSED,
        GenesReason.FAILED,
        GenesReason.NATURAL_ONE,
        GenesReason.WON,
        GenesReason.LOST,
        GenesReason.TIE,
    }
)


class EffectKind(StrEnum):
    """A change an action (or the turn's frame) made. Values are stable."""

    TRAIT = "trait"  # country characteristic: subject = trait, delta, value
    COUNTERPOWER = "counterpower"  # delta, value
    FORCE = "force"  # subject = place, delta, value
    TROOPS_MOVED = "troops_moved"  # subject = from place, other = to place, delta = points
    CITY_FORTIFIED = "city_fortified"
    CITY_FOUNDED = "city_founded"
    CITY_TAKEN = "city_taken"  # country = new owner, other = old owner
    CITY_BESIEGED = "city_besieged"  # country = besieger, other = owner
    SIEGE_BROKEN = "siege_broken"
    CHARACTER_PROMOTED = "character_promoted"  # subject = character, other = trait, value
    CHARACTER_CREATED = "character_created"
    PRINCIPAL_NAMED = "principal_named"
    CHARACTER_KILLED = "character_killed"
    CHARACTER_CAPTURED = "character_captured"  # country = captor
    CHARACTER_RELEASED = "character_released"
    CHARACTER_CONVINCED = "character_convinced"  # country = new owner, other = old owner
    CHARACTER_REPATRIATED = "character_repatriated"
    CHARACTER_MOVED = "character_moved"  # other = place
    CHARACTER_ESCAPED = "character_escaped"  # a failed action's active character got away
    PRINCIPAL_FOUND = "principal_found"  # country = finder, subject = principal, other = owner
    ACTIONS_NEXT_TURN = "actions_next_turn"  # delta (+ taxes, - sabotage/raid/siege)
    INVESTIGATION_GAINED = "investigation_gained"  # other = target country
    INVESTIGATION_USED = "investigation_used"
    INVESTIGATION_CANCELLED = "investigation_cancelled"
    OBSERVATION_READY = "observation_ready"  # Observació passed: value = shields ready
    CIVIL_WAR_BEGUN = "civil_war_begun"
    CIVIL_WAR_REBELS = "civil_war_rebels"  # delta, value (rebel strength)
    CIVIL_WAR_ENDED = "civil_war_ended"  # other = how (a, b, c of 002 §5.4.3)
    CRISIS_BEGUN = "crisis_begun"  # subject = crisis, value = its count
    CRISIS_ENDED = "crisis_ended"
    DISORDER_OWED = "disorder_owed"  # Restaurar ordre still owed next turn
    DISORDER_RESTORED = "disorder_restored"
    ELIMINATED = "eliminated"
    VICTORY = "victory"
    DISASTER_CHOSEN = "disaster_chosen"  # country = affected, subject = kind/city, other = choice
    # bescanvi (002 §5.4, issue 18 #5): country = receiver, other = giver
    CITY_CEDED = "city_ceded"  # subject = city
    TROOPS_CEDED = "troops_ceded"  # subject = place, delta = points
    CHARACTER_CEDED = "character_ceded"  # subject = character
    CAPTIVE_CEDED = "captive_ceded"  # subject = character; country = the new captor
    # Guerra civil (002 §5.4.3, issue 18 #6): country = at war, subject = character, other = backer
    REBEL_PRINCIPAL_NAMED = "rebel_principal_named"


@dataclass(frozen=True, slots=True)
class Effect:
    """One change: its kind, the country it concerns, and its details."""

    kind: EffectKind
    country: str
    subject: str | None = None
    delta: int | None = None
    value: int | None = None
    other: str | None = None


@dataclass(frozen=True, slots=True)
class TestRoll:
    """One side of a test or contest: who rolled, the face (1..10, 10 being
    the 0 face), the terms added to it, the total and what it had to beat.

    `label` says what the roll was for when it is not the action's own test
    or contest side (display names, English): a helper's fate after a failed
    action (`fate_label`), a watch on a travelling character and the
    traveller's side (`watch_label`, `travel_label`), a civil war's sides
    and its peace test, a crisis test, the Autoritat test after Taxes, an
    initiative tie. Empty for the action's own roll(s)."""

    country: str
    face: int
    terms: tuple[tuple[str, int], ...]  # (label, value): ("Diplomàcia", 5), ("Joan", 2)
    total: int
    against: int | None = None  # a test's difficulty; None in a contest
    label: str = ""

    @property
    def face_text(self) -> str:
        return "0" if self.face == 10 else str(self.face)


FATE_PREFIX = "fate of "
WATCH_PREFIX = "watch by "
TRAVEL_SUFFIX = " travelling"


def fate_label(character: str) -> str:
    """A failed action's active character rolls for its fate: `fate of Joan`."""
    return T_("fate of {character}", character=character)


def watch_label(watcher: str, character: str) -> str:
    """A watch's side against a traveller: `watch by Llevant on Pere`."""
    return T_("watch by {country} on {character}", country=watcher, character=character)


def travel_label(character: str) -> str:
    """The traveller's side against a watch: `Pere travelling`."""
    return T_("{character} travelling", character=character)


@dataclass(frozen=True, slots=True)
class ActionResult:
    """What became of one declaration."""

    declaration: Declaration
    outcome: ActionOutcome
    reason: GenesReason
    step: int = 0  # its place in the turn's resolution sequence, 1-based (0: not resolved)
    rolls: tuple[TestRoll, ...] = ()
    effects: tuple[Effect, ...] = ()
    forced: bool = False  # added by the rules (critical situation, disaster, civil war)
    detail: str = ""

    @property
    def succeeded(self) -> bool:
        return self.outcome is ActionOutcome.SUCCEEDED


@dataclass(frozen=True, slots=True)
class TurnFrame:
    """What the turn's frame did outside the actions: initiative order and its
    tie rolls, each country's action budget, and the start of the next turn."""

    initiative: tuple[str, ...] = ()
    initiative_rolls: tuple[TestRoll, ...] = ()
    budgets: tuple[tuple[str, int], ...] = ()
    budget_terms: tuple[tuple[str, tuple[tuple[str, int], ...]], ...] = ()
    effects: tuple[Effect, ...] = ()  # start of the next turn: crises, events, eliminations
    rolls: tuple[TestRoll, ...] = ()  # the next turn's crisis tests
    scores: tuple[tuple[str, int], ...] = ()  # victory points, when the game ended


@dataclass(frozen=True, slots=True)
class GenesResolution:
    """A resolved turn: the state of the next turn, every result, every roll."""

    previous: GenesState
    state: GenesState
    results: tuple[ActionResult, ...]
    frame: TurnFrame = field(default_factory=TurnFrame)
    rolls: tuple[Roll, ...] = ()
