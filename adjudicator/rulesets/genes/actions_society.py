"""Internal actions of a country's society (002 §5.4.3): Ciutat (Fortificar,
Fundar), Control social (Reprimir contrapoder, Restaurar ordre, Taxes),
Desenvolupament, Espionatge (Observació) and Personatge (Ascendir).

Where the helpers go (002 §5.4.6 "present in the city where the action was
carried out"): the city fortified or founded; for the other actions the
country's capital (`characters.home_place`).

Decisions beyond docs/genes.md:
- Fundar: the name must differ (accents and case aside) from every city's;
  the id is its slug, suffixed if an id is taken. The 2 Exèrcit it adds
  (issue 18 #1) stand in the new city as a regular garrison.
- Reprimir contrapoder: a passed test lowers counter-power by the total's
  excess over 11, at least 1 (a natural 0 with a low total still succeeds,
  so it does something).
- Taxes: the action always succeeds (+1 action next turn); the Autoritat
  test only decides the −1, so its failure sends no helper to its fate.
- Restaurar ordre failed: nothing here; the turn loop charges the −1 and
  keeps it owed.
- Ascendir: a character held by another country or dead cannot be promoted
  (CHARACTER_UNAVAILABLE); `principal` names it principal and raises
  nothing (a named characteristic is then reported unused in the detail);
  naming the principal principal is ALREADY_PRINCIPAL. A new character
  (`name`) needs a name no character has, gets 1 in `trait` (NO_CHARACTERISTIC
  without one), stands in the capital and may be named principal at once.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from dataclasses import replace

from adjudicator.rulesets.genes.characters import (
    attempt_test,
    automatic,
    change_trait,
    country_name,
    home_place,
    not_yours,
    raise_character_trait,
    run_test,
)
from adjudicator.rulesets.genes.model import (
    CHARACTER_TRAIT_MAX,
    TRAIT_MAX,
    TRAIT_NAMES_CA,
    Character,
    CharacterStatus,
    City,
    Force,
    Trait,
)
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    TestRoll,
)
from adjudicator.rulesets.genes.work import Board, handles, impossible
from orders.genes.model import ActionKind, Declaration
from texts import T_

REPRESS_DIFFICULTY = 11
FOUNDED_GARRISON = 2
"""Fundar adds 2 Exèrcit in the new city: §4.5 counts "Nombre de ciutats x2" (issue 18 #1)."""
TAXES_TEST_LABEL = T_("Autoritat test after the taxes")
"""The Taxes action is automatic; its Autoritat test only decides the −1."""


def name_key(text: str) -> str:
    """A name folded for comparison: accents stripped, case folded."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.casefold().replace("-", " ").replace("'", " ").split())


def unique_slug(name: str, taken: Iterable[str]) -> str:
    """A lowercase ASCII id for `name`, suffixed `_2`, `_3`... if taken."""
    base = (
        "".join(ch if ch.isascii() and ch.isalnum() else "_" for ch in name_key(name)).strip("_")
        or "x"
    )
    base = "_".join(part for part in base.split("_") if part)
    used = set(taken)
    slug, n = base, 1
    while slug in used:
        n += 1
        slug = f"{base}_{n}"
    return slug


def _trait(decl: Declaration) -> Trait | None:
    return Trait(decl.trait) if decl.trait else None


# --- Ciutat -----------------------------------------------------------------------


@handles(ActionKind.FORTIFY)
def fortify(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Fortificar (automatic): an own city is walled."""
    city = board.cities.get(decl.city or "")
    if city is None or city.owner != decl.power:
        return impossible(decl, GenesReason.NOT_OWN_CITY, not_yours(board, decl.city))
    if city.walled:
        return impossible(
            decl, GenesReason.ALREADY_WALLED, T_("{city} is already walled", city=city.name)
        )

    def wall() -> Iterable[Effect]:
        board.cities[city.id] = city.with_(walled=True)
        return (Effect(EffectKind.CITY_FORTIFIED, decl.power, city.id),)

    return automatic(board, decl, city.id, prefix, wall)


@handles(ActionKind.FOUND)
def found(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Fundar (automatic): a new city in the own country, placed
    by the judge away from the others (docs/genes.md), "millorant així la
    quantitat de tropes a l'abast": +2 Exèrcit standing in it (§4.5,
    issue 18 #1)."""
    name = (decl.name or "").strip()
    if not name:
        return impossible(decl, GenesReason.NAME_TAKEN, "the new city needs a name")
    for city in board.cities.values():
        if name_key(city.name) == name_key(name):
            return impossible(
                decl, GenesReason.NAME_TAKEN, T_("a city is already called {city}", city=city.name)
            )
    country = decl.power
    city_id = unique_slug(name, board.cities)
    existing = [c.position for c in board.cities.values() if c.country == country]
    x, y = board.region.place_for_new_city(country, existing)
    board.cities[city_id] = City(city_id, name, owner=country, country=country, position=(x, y))

    def founded() -> Iterable[Effect]:
        board.set_forces([*board.forces, Force(country, city_id, FOUNDED_GARRISON)])
        garrison = board.strength_at(city_id, country)
        return (
            Effect(EffectKind.CITY_FOUNDED, country, city_id, other=name),
            Effect(
                EffectKind.FORCE, country, subject=city_id, delta=FOUNDED_GARRISON, value=garrison
            ),
        )

    result = automatic(board, decl, city_id, prefix, founded)
    if not result.succeeded:  # a helper could not come: nothing was founded
        del board.cities[city_id]
    return result


# --- Control social ----------------------------------------------------------------


@handles(ActionKind.REPRESS)
def repress(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Reprimir contrapoder (Autoritat 11): counter-power falls by
    the total's excess over 11 (at least 1), never below 0."""
    country = board.countries[decl.power]
    if country.counterpower <= 0:
        detail = T_("{country} has no Contrapoder", country=country_name(board, decl.power))
        return impossible(decl, GenesReason.NO_COUNTERPOWER, detail)

    def lower(roll: TestRoll) -> Iterable[Effect]:
        now = board.countries[decl.power]
        fall = min(now.counterpower, max(1, roll.total - REPRESS_DIFFICULTY))
        value = now.counterpower - fall
        board.countries[decl.power] = now.with_(counterpower=value)
        return (Effect(EffectKind.COUNTERPOWER, decl.power, delta=-fall, value=value),)

    place = home_place(board, decl.power)
    return run_test(board, decl, prefix, place=place, opponent=None, on_success=lower)


@handles(ActionKind.RESTORE_ORDER)
def restore_order(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.3, §5.4.3 Restaurar ordre (Autoritat 10): ends the disaster's
    disorder; failed, it stays owed (the turn loop charges the −1)."""
    country = board.countries[decl.power]
    if not country.disorder:
        detail = T_("{country} has no disorder to end", country=country_name(board, decl.power))
        return impossible(decl, GenesReason.NO_DISORDER, detail)

    def restore(_: TestRoll) -> Iterable[Effect]:
        board.countries[decl.power] = board.countries[decl.power].with_(disorder=False)
        return (Effect(EffectKind.DISORDER_RESTORED, decl.power),)

    place = home_place(board, decl.power)
    return run_test(board, decl, prefix, place=place, opponent=None, on_success=restore)


@handles(ActionKind.TAXES)
def taxes(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Taxes (automatic): +1 action next turn; then a test of
    Autoritat at 10, failed: −1 Autoritat. The action succeeds either way."""
    place = home_place(board, decl.power)
    attempt = attempt_test(board, decl, prefix, place=place, opponent=None)
    if isinstance(attempt, ActionResult):
        return attempt
    labelled = replace(attempt.roll, label=TAXES_TEST_LABEL)
    rolls = tuple(labelled if roll is attempt.roll else roll for roll in attempt.rolls)
    country = board.countries[decl.power]
    board.countries[decl.power] = country.with_(extra_actions=country.extra_actions + 1)
    effects = [*attempt.effects, Effect(EffectKind.ACTIONS_NEXT_TURN, decl.power, delta=1)]
    if not attempt.passed:
        effects.append(change_trait(board, decl.power, Trait.AUTHORITY, -1))
    return ActionResult(
        decl,
        ActionOutcome.SUCCEEDED,
        GenesReason.DONE,
        rolls=rolls,
        effects=tuple(effects),
    )


# --- Desenvolupament, Observació ---------------------------------------------------


@handles(ActionKind.DEVELOPMENT)
def development(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Desenvolupament (automatic): +1 to a characteristic, max 10."""
    trait = _trait(decl)
    if trait is None:
        return impossible(decl, GenesReason.NO_CHARACTERISTIC, "name the characteristic to raise")
    if board.countries[decl.power].trait(trait) >= TRAIT_MAX:
        name = TRAIT_NAMES_CA[trait]
        return impossible(
            decl, GenesReason.TRAIT_AT_MAX, T_("{name} is already {n}", name=name, n=TRAIT_MAX)
        )

    def develop() -> Iterable[Effect]:
        return (change_trait(board, decl.power, trait, 1),)

    return automatic(board, decl, home_place(board, decl.power), prefix, develop)


@handles(ActionKind.OBSERVATION)
def observation(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Observació (Diplomàcia 12): cancels the next Investigació
    played against the country this turn (one shield per success)."""

    def watch(_: TestRoll) -> Iterable[Effect]:
        board.shields[decl.power] = board.shields.get(decl.power, 0) + 1
        ready = board.shields[decl.power]
        return (Effect(EffectKind.OBSERVATION_READY, decl.power, delta=1, value=ready),)

    place = home_place(board, decl.power)
    return run_test(board, decl, prefix, place=place, opponent=None, on_success=watch)


# --- Personatge: Ascendir -----------------------------------------------------------


@handles(ActionKind.PROMOTE)
def promote(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Ascendir (automatic): +1 to a characteristic of an own
    character (max 3), or names it principal, or a new character."""
    if decl.name:
        return _new_character(board, decl, prefix)
    char = board.characters.get(decl.character or "")
    if char is None:
        detail = T_("no character {character}", character=decl.character)
        return impossible(decl, GenesReason.NOT_YOUR_CHARACTER, detail)
    if char.owner != decl.power:
        detail = T_(
            "{character} serves {country}",
            character=char.name,
            country=country_name(board, char.owner),
        )
        return impossible(decl, GenesReason.NOT_YOUR_CHARACTER, detail)
    if not char.free:
        held = T_("is held by {country}", country=country_name(board, char.held_by))
        why = "is dead" if char.status is CharacterStatus.DEAD else held
        return impossible(
            decl,
            GenesReason.CHARACTER_UNAVAILABLE,
            T_("{character} {why}", character=char.name, why=why),
        )
    if decl.principal:
        if char.principal:
            return impossible(
                decl,
                GenesReason.ALREADY_PRINCIPAL,
                T_("{character} is the principal", character=char.name),
            )
        place = home_place(board, decl.power)
        named = automatic(board, decl, place, prefix, lambda: _name_principal(board, char.id))
        if decl.trait and named.succeeded:
            return replace(named, detail=T_("named principal; no characteristic raised"))
        return named
    trait = _trait(decl)
    if trait is None:
        return impossible(decl, GenesReason.NO_CHARACTERISTIC, "name the characteristic to raise")
    if char.value(trait) >= CHARACTER_TRAIT_MAX:
        name = T_("{character}'s {trait}", character=char.name, trait=TRAIT_NAMES_CA[trait])
        return impossible(
            decl,
            GenesReason.TRAIT_AT_MAX,
            T_("{name} is already {n}", name=name, n=CHARACTER_TRAIT_MAX),
        )
    return automatic(
        board,
        decl,
        home_place(board, decl.power),
        prefix,
        lambda: (raise_character_trait(board, char.id, trait),),
    )


def _name_principal(board: Board, char_id: str) -> tuple[Effect, ...]:
    """The character becomes its owner's principal; the old one stays a
    character (002 §4.3, §5.4.3 Ascendir)."""
    owner = board.characters[char_id].owner
    for other in list(board.characters.values()):
        if other.owner == owner and other.principal and other.id != char_id:
            board.characters[other.id] = other.with_(principal=False)
    board.characters[char_id] = board.characters[char_id].with_(principal=True)
    return (Effect(EffectKind.PRINCIPAL_NAMED, owner, char_id),)


def _new_character(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Ascendir nou: a new character, 1 in `decl.trait`, in the capital."""
    name = (decl.name or "").strip()
    for other in board.characters.values():
        if name_key(other.name) == name_key(name):
            return impossible(
                decl, GenesReason.NAME_TAKEN, T_("a character is already called {name}", name=name)
            )
    trait = _trait(decl)
    if trait is None:
        return impossible(
            decl, GenesReason.NO_CHARACTERISTIC, T_("name a characteristic for {name}", name=name)
        )
    char_id = unique_slug(name, board.characters)
    place = home_place(board, decl.power)

    def create() -> Iterable[Effect]:
        board.characters[char_id] = Character(
            char_id, name, decl.power, role="", traits={trait: 1}, place=place
        )
        made = Effect(EffectKind.CHARACTER_CREATED, decl.power, char_id, value=1, other=trait.value)
        return (made, *(_name_principal(board, char_id) if decl.principal else ()))

    return automatic(board, decl, place, prefix, create)
