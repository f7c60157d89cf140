"""Characters in actions (002 §5.4.1, §5.4.6) and the plumbing the society,
espionage and personal handlers share.

- `activate`: the helpers a declaration names (`amb Joan, Maria`) are checked,
  travel to the action's place past the watches of the countries on the way
  (002 §5.4.1), become active for the rest of the turn and add their value in
  the action's characteristic (§5.4.6).
- `failure_consequences`: a failed action's active characters roll 1d10:
  1-2 killed, 3-5 captured by the opposing country (none: it escapes), 6-0
  escapes (docs/genes.md, "Active characters").
- `use_investigation`: the +2 an Investigació won against a country gives the
  next external test or contest against it (002 §5.4.4).
- `run_test`: a whole test action: helpers, Investigació, the roll, and the
  success effects or the failure consequences.

Effects about characters: `country` is the character's owner and `other` the
country that acted (killer, or None) for CHARACTER_KILLED, ESCAPED and
REPATRIATED (`other` = the place it went to) and MOVED (`other` = place);
`country` is the captor for CHARACTER_CAPTURED (`other` = the owner) and for
CHARACTER_RELEASED (`other` = the place it went to).

Decisions beyond docs/genes.md:
- A helper of another country is refused as NOT_YOUR_CHARACTER; one named
  twice counts once. A disaster annuls the characters listed in
  `board.disabled` (by id).
- A traveller crosses the countries of `region.country_path` (none when no
  chain joins them), its own country skipped; each foreign country with a watch line (`target` empty or naming
  the traveller's country) contests it once, in path order; the traveller's
  side of each contest rolls as `<prefix>:travel:<char>:<country>` (one label
  per watch: the seeded dice give one face per label), in Diplomàcia or, for
  `vigilància capturar per militarisme`, Militarisme (`watch_trait`). A won watch ends the
  journey in that country's field (where the character was caught); a killed or captured principal counts for 002 §6.
- Helpers of an automatic action add nothing but still become active and
  move (a player may use them so); they cannot fail.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace

from adjudicator.rulesets.genes.model import (
    CHARACTER_TRAIT_MAX,
    FIELD_PREFIX,
    TRAIT_MAX,
    TRAIT_NAMES_CA,
    Character,
    CharacterStatus,
    Trait,
    field_place,
)
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    TestRoll,
    fate_label,
    travel_label,
    watch_label,
)
from adjudicator.rulesets.genes.work import Board, impossible, test_passed, test_reason
from orders.genes.model import ActionKind, Declaration
from texts import T_

INVESTIGATION_BONUS = 2
FATE_KILLED = 2
"""A failed action's active character dies on 1-2, is captured on 3-5 (it
escapes when there is no opposing country) and escapes on 6-0."""
FATE_CAPTURED = 5
INVESTIGATION_LABEL = T_("Investigació")
Terms = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Activation:
    """The helpers that made it to the action (002 §5.4.6): their terms (the
    non-zero values, labelled by name), ids, and the watch contests' rolls and
    effects of their journeys (§5.4.1)."""

    terms: Terms
    helpers: tuple[str, ...]
    rolls: tuple[TestRoll, ...]
    effects: tuple[Effect, ...]


# --- display names (for `detail` strings and roll labels) -------------------------


def country_name(board: Board, country: str | None) -> str:
    """A country's name as the report shows it: the region's, else the
    sheet's, else the id."""
    if country is None:
        return "?"
    area = board.region.countries.get(country)
    if area is not None:
        return area.lazy_name
    record = board.countries.get(country)
    return record.name if record is not None else country


def city_name(board: Board, city: str | None) -> str:
    """A city's name (the region's, else the board's: founded cities), else the id."""
    if city is None:
        return "?"
    site = board.region.cities.get(city)
    if site is not None:
        return site.name
    record = board.cities.get(city)
    return record.name if record is not None else city


def place_name(board: Board, place: str | None) -> str:
    """A city's name, or `the field of <country>`."""
    if place is not None and place.startswith(FIELD_PREFIX):
        return T_(
            "the field of {country}", country=country_name(board, place.removeprefix(FIELD_PREFIX))
        )
    return city_name(board, place)


def character_name(board: Board, character: str | None) -> str:
    if character is None:
        return "?"
    record = board.characters.get(character)
    return record.name if record is not None else character


def not_yours(board: Board, city: str | None) -> str:
    """Why a city named as the country's own is not: none, unknown, another's."""
    if city is None:
        return T_("no city named")
    if city not in board.cities:
        return T_("no city {city}", city=city)
    owner = board.cities[city].owner
    return T_(
        "{city} belongs to {country}",
        city=city_name(board, city),
        country=country_name(board, owner),
    )


# --- places and small board edits -------------------------------------------------


def home_place(board: Board, country: str) -> str:
    """Where a country's characters go home to: its capital if it still holds
    it, else its first city, else its field."""
    owned = board.cities_of(country)
    for city in owned:
        if city.capital_of == country:
            return city.id
    return owned[0].id if owned else field_place(country)


def change_trait(board: Board, country: str, trait: Trait, delta: int) -> Effect:
    """Add `delta` to a country's characteristic, kept in 0..10 (002 §4.2)."""
    old = board.countries[country]
    before = old.trait(trait)
    after = min(TRAIT_MAX, max(0, before + delta))
    board.countries[country] = old.with_(traits={**old.traits, trait: after})
    return Effect(EffectKind.TRAIT, country, trait.value, after - before, after)


def raise_character_trait(board: Board, char_id: str, trait: Trait) -> Effect:
    """+1 to a character's characteristic, at most 3 (002 §4.3, §5.4.3 Ascendir)."""
    char = board.characters[char_id]
    value = min(CHARACTER_TRAIT_MAX, char.value(trait) + 1)
    board.characters[char_id] = char.with_(traits={**char.traits, trait: value})
    return Effect(EffectKind.CHARACTER_PROMOTED, char.owner, char_id, 1, value, trait.value)


def lose_principal(board: Board, char: Character, by: str | None) -> None:
    """002 §6: a principal killed, captured or convinced by `by` counts."""
    if char.principal and by is not None and by != char.owner:
        owner = board.countries[char.owner]
        board.countries[char.owner] = owner.with_(principal_lost_to=by)


def set_free(board: Board, char_id: str, by: str, place: str | None = None) -> Effect:
    """A captive let go by `by` (released, or its captor eliminated): free again,
    at `place` (default where it stands). A character of an eliminated country
    has no country to go back to: it leaves play like its country's other
    characters (002 §4.4, docs/genes.md), dead."""
    char = board.characters[char_id]
    if board.countries[char.owner].eliminated:
        return kill(board, char_id, None)
    where = place or char.place
    hidden = char.hidden or (char.principal and where != char.place)
    seen_by = char.seen_by if where == char.place else ()
    board.characters[char_id] = char.with_(
        status=CharacterStatus.FREE, held_by=None, place=where, hidden=hidden, seen_by=seen_by
    )
    return Effect(EffectKind.CHARACTER_RELEASED, by, char_id, other=where)


def kill(board: Board, char_id: str, by: str | None) -> Effect:
    char = board.characters[char_id]
    board.characters[char_id] = char.with_(status=CharacterStatus.DEAD, held_by=None)
    lose_principal(board, char, by)
    return Effect(EffectKind.CHARACTER_KILLED, char.owner, char_id, other=by)


def capture(board: Board, char_id: str, by: str) -> Effect:
    char = board.characters[char_id]
    # a captive is where its captor holds it: no longer hidden (002 §4.4)
    board.characters[char_id] = char.with_(
        status=CharacterStatus.CAPTURED, held_by=by, hidden=False, seen_by=()
    )
    lose_principal(board, char, by)
    return Effect(EffectKind.CHARACTER_CAPTURED, by, char_id, other=char.owner)


def move(board: Board, char_id: str, place: str, kind: EffectKind) -> tuple[Effect, ...]:
    """Put a character at `place`; one effect of `kind` if it moved. A principal
    that moves hides: from then on only its owner is told where it is (002 §4.4),
    and those who had found it no longer know (issue 18 #4)."""
    char = board.characters[char_id]
    if char.place == place:
        return ()
    hidden = char.hidden or char.principal
    board.characters[char_id] = char.with_(place=place, hidden=hidden, seen_by=())
    return (Effect(kind, char.owner, char_id, other=place),)


def reveal(board: Board, char_id: str, to: str) -> tuple[Effect, ...]:
    """A watch or an Investigació of `to` finds a hidden principal where it
    stands (002 §4.4, issue 18 #4): `to`'s private report places it until it
    moves again. Nothing for a character that is not hidden, or already known."""
    char = board.characters[char_id]
    if not (char.hidden and char.free) or to == char.owner or to in char.seen_by:
        return ()
    board.characters[char_id] = char.with_(seen_by=(*char.seen_by, to))
    return (Effect(EffectKind.PRINCIPAL_FOUND, to, char_id, other=char.owner),)


def unhide(board: Board, char_ids: Iterable[str]) -> None:
    """Hidden principals seen by all (they fought in a battle, 002 §4.4 and
    issue 18 #4): public again."""
    for char_id in char_ids:
        char = board.characters[char_id]
        if char.hidden and char.free:
            board.characters[char_id] = char.with_(hidden=False, seen_by=())


# --- activation (002 §5.4.6) and travel (002 §5.4.1) -------------------------------


def _refusal(board: Board, decl: Declaration, char_id: str, place: str) -> ActionResult | None:
    char = board.characters.get(char_id)
    if char is None:
        return impossible(
            decl,
            GenesReason.CHARACTER_UNAVAILABLE,
            T_("no character {character}", character=char_id),
        )
    if char.owner != decl.power:
        return impossible(
            decl,
            GenesReason.NOT_YOUR_CHARACTER,
            T_("{character} is not yours", character=char.name),
        )
    why = ""
    if char.status is CharacterStatus.DEAD:
        why = "is dead"
    elif char.status is CharacterStatus.CAPTURED:
        why = T_("is held by {country}", country=country_name(board, char.held_by))
    elif char_id in board.active:
        why = "is already active this turn"
    elif char_id in board.disabled:
        why = "is annulled by the disaster this turn"
    if why:
        return impossible(
            decl,
            GenesReason.CHARACTER_UNAVAILABLE,
            T_("{character} {why}", character=char.name, why=why),
        )
    if char.place in board.sieges and char.place != place:
        where = city_name(board, char.place)
        detail = T_(
            "{character} is in {place}, which is besieged: nobody leaves it",
            character=char.name,
            place=where,
        )
        return impossible(decl, GenesReason.BESIEGED, detail)
    return None


def _watch(board: Board, watcher: str, traveller_owner: str) -> Declaration | None:
    for line in board.free_lines:
        watching = line.kind is ActionKind.WATCH and line.power == watcher
        if watching and line.target in (None, traveller_owner):
            return line
    return None


def watch_trait(line: Declaration) -> Trait:
    """The characteristic of a watch's contest (002 §5.4.3 Capturar, "Contesa:
    Diplomàcia o Militarisme"; issue 18 #3): `vigilància capturar per
    militarisme` contests Militarisme, any other watch Diplomàcia
    (Assassinar is a contest of Diplomàcia)."""
    militarism = line.mode == "capture" and line.trait == Trait.MILITARISM.value
    return Trait.MILITARISM if militarism else Trait.DIPLOMACY


def _intercept(
    board: Board, char_id: str, place: str, prefix: str
) -> tuple[bool, list[TestRoll], list[Effect], list[str]]:
    """The journey of one helper (002 §5.4.1): (still free, rolls, effects,
    the watching countries that contested it: they saw it, issue 18 #4)."""
    char = board.characters[char_id]
    rolls: list[TestRoll] = []
    watchers: list[str] = []
    start, end = board.country_of_place(char.place), board.country_of_place(place)
    path = board.region.country_path(start, end)
    for country in path:
        if country == char.owner or board.countries.get(country) is None:
            continue
        if board.countries[country].eliminated:
            continue
        line = _watch(board, country, char.owner)
        if line is None:
            continue
        trait = watch_trait(line)
        label = TRAIT_NAMES_CA[trait]
        watch_side = board.contest_side(
            f"{prefix}:watch:{country}:{char_id}",
            country,
            [(label, board.trait(country, trait))],
        )
        watch_side = replace(watch_side, label=watch_label(country_name(board, country), char.name))
        terms = [(label, board.trait(char.owner, trait))]
        if char.value(trait):
            terms.append((char.name, char.value(trait)))
        travel_side = board.contest_side(f"{prefix}:travel:{char_id}:{country}", char.owner, terms)
        travel_side = replace(travel_side, label=travel_label(char.name))
        rolls += [watch_side, travel_side]
        watchers.append(country)
        if board.contest_winner(watch_side, travel_side) == 0:
            caught = move(board, char_id, field_place(country), EffectKind.CHARACTER_MOVED)
            if line.mode == "assassinate":
                return False, rolls, [*caught, kill(board, char_id, country)], watchers
            return False, rolls, [*caught, capture(board, char_id, country)], watchers
    return True, rolls, [], watchers


def activate(
    board: Board, decl: Declaration, trait: Trait | None, place: str, prefix: str
) -> Activation | ActionResult:
    """Check, move and activate `decl.helpers` for an action at `place`
    (002 §5.4.1, §5.4.6). An unusable helper makes the action impossible and
    changes nothing; a helper a watch takes on the way adds nothing. `trait`
    None (automatic actions): no terms."""
    helpers = tuple(dict.fromkeys(decl.helpers))
    for char_id in helpers:
        refusal = _refusal(board, decl, char_id, place)
        if refusal is not None:
            return refusal
    terms: list[tuple[str, int]] = []
    rolls: list[TestRoll] = []
    effects: list[Effect] = []
    survivors: list[str] = []
    target_country = board.country_of_place(place)
    for char_id in helpers:
        watchers: list[str] = []
        if board.country_of_place(board.characters[char_id].place) != target_country:
            free, watch_rolls, watch_effects, watchers = _intercept(board, char_id, place, prefix)
            rolls += watch_rolls
            effects += watch_effects
            if not free:
                continue
        survivors.append(char_id)
        board.active.add(char_id)
        effects += move(board, char_id, place, EffectKind.CHARACTER_MOVED)
        for watcher in watchers:
            effects += reveal(board, char_id, watcher)
        char = board.characters[char_id]
        if trait is not None and char.value(trait) > 0:
            terms.append((char.name, char.value(trait)))
    return Activation(tuple(terms), tuple(survivors), tuple(rolls), tuple(effects))


# --- failure (docs/genes.md "Active characters") -----------------------------------


def failure_consequences(
    board: Board, helpers: Sequence[str], opponent: str | None, prefix: str
) -> tuple[tuple[TestRoll, ...], tuple[Effect, ...]]:
    """A failed action's active characters (002 §5.4.6): 1d10 each, 1-2
    killed, 3-5 captured by `opponent` (None: escapes), 6-0 escapes."""
    rolls: list[TestRoll] = []
    effects: list[Effect] = []
    for char_id in helpers:
        char = board.characters[char_id]
        face = board.d10(f"{prefix}:fate:{char_id}")
        rolls.append(TestRoll(char.owner, face, (), face, label=fate_label(char.name)))
        if face <= FATE_KILLED:
            effects.append(kill(board, char_id, opponent))
        elif face <= FATE_CAPTURED and opponent is not None:
            effects.append(capture(board, char_id, opponent))
        else:
            effects.append(Effect(EffectKind.CHARACTER_ESCAPED, char.owner, char_id))
    return tuple(rolls), tuple(effects)


# --- Investigació (002 §5.4.4) ------------------------------------------------------


def use_investigation(board: Board, actor: str, target: str) -> int:
    """+2 if `actor` holds an Investigació bonus against `target` (one is
    spent), else 0 (002 §5.4.4: −2 difficulty or +2 to the contest)."""
    country = board.countries[actor]
    held = country.investigations.get(target, 0)
    if held <= 0:
        return 0
    left = {**country.investigations, target: held - 1}
    if left[target] == 0:
        del left[target]
    board.countries[actor] = country.with_(investigations=left)
    return INVESTIGATION_BONUS


def investigation_terms(
    board: Board, actor: str, target: str | None
) -> tuple[Terms, tuple[Effect, ...]]:
    """The Investigació term ("Investigació", 2) and its INVESTIGATION_USED
    effect, or nothing."""
    if target is None:
        return (), ()
    bonus = use_investigation(board, actor, target)
    if not bonus:
        return (), ()
    used = Effect(EffectKind.INVESTIGATION_USED, actor, other=target, delta=-1)
    return ((INVESTIGATION_LABEL, bonus),), (used,)


# --- whole actions ------------------------------------------------------------------


def automatic(
    board: Board, decl: Declaration, place: str, prefix: str, apply: Callable[[], Iterable[Effect]]
) -> ActionResult:
    """An automatic action (002 §5.4.5): helpers move, `apply` is done. The
    character the action is about (Ascendir) may be among the helpers and be
    caught on the way (002 §5.4.1): then nothing is done."""
    activation = activate(board, decl, None, place, prefix)
    if isinstance(activation, ActionResult):
        return activation
    subject = board.characters.get(decl.character or "")
    if subject is not None and not subject.free:
        return ActionResult(
            decl,
            ActionOutcome.NOT_RESOLVED,
            GenesReason.CHARACTER_UNAVAILABLE,
            rolls=activation.rolls,
            effects=activation.effects,
            detail=T_("{character} was caught on the way", character=subject.name),
        )
    effects = (*activation.effects, *apply())
    return ActionResult(
        decl, ActionOutcome.SUCCEEDED, GenesReason.DONE, rolls=activation.rolls, effects=effects
    )


@dataclass(frozen=True, slots=True)
class Attempt:
    """A test rolled (002 §5.4.5): the helpers that took part, the roll, and
    every roll and effect so far (journeys, the Investigació spent)."""

    activation: Activation
    roll: TestRoll
    rolls: tuple[TestRoll, ...]
    effects: tuple[Effect, ...]

    @property
    def passed(self) -> bool:
        return test_passed(self.roll)


def attempt_test(
    board: Board,
    decl: Declaration,
    prefix: str,
    *,
    place: str,
    opponent: str | None,
    difficulty: int | None = None,
    investigate: bool = False,
) -> Attempt | ActionResult:
    """Roll a test (002 §5.4.5): the country's characteristic (`decl.kind`'s;
    Autoritat less counter-power) + helpers + Investigació against `opponent`
    (when `investigate`) + 1d10 against the difficulty (`decl.kind`'s unless
    given), as `<prefix>:test`. An unusable helper: the impossible result."""
    assert decl.kind.trait is not None
    trait = Trait(decl.kind.trait)
    activation = activate(board, decl, trait, place, prefix)
    if isinstance(activation, ActionResult):
        return activation
    bonus, used = investigation_terms(board, decl.power, opponent if investigate else None)
    terms = ((TRAIT_NAMES_CA[trait], board.trait(decl.power, trait)), *activation.terms, *bonus)
    against = decl.kind.difficulty if difficulty is None else difficulty
    assert against is not None
    roll = board.test(f"{prefix}:test", decl.power, terms, against)
    return Attempt(activation, roll, (*activation.rolls, roll), (*activation.effects, *used))


def run_test(
    board: Board,
    decl: Declaration,
    prefix: str,
    *,
    place: str,
    opponent: str | None,
    on_success: Callable[[TestRoll], Iterable[Effect]],
    difficulty: int | None = None,
    investigate: bool = False,
) -> ActionResult:
    """A whole test action (`attempt_test`): success applies
    `on_success(roll)`; failure sends the helpers to their fate against
    `opponent` (`failure_consequences`)."""
    attempt = attempt_test(
        board,
        decl,
        prefix,
        place=place,
        opponent=opponent,
        difficulty=difficulty,
        investigate=investigate,
    )
    if isinstance(attempt, ActionResult):
        return attempt
    if attempt.passed:
        effects = (*attempt.effects, *on_success(attempt.roll))
        return ActionResult(
            decl, ActionOutcome.SUCCEEDED, GenesReason.PASSED, rolls=attempt.rolls, effects=effects
        )
    fate_rolls, fate = failure_consequences(board, attempt.activation.helpers, opponent, prefix)
    return ActionResult(
        decl,
        ActionOutcome.FAILED,
        test_reason(attempt.roll),
        rolls=(*attempt.rolls, *fate_rolls),
        effects=(*attempt.effects, *fate),
    )
