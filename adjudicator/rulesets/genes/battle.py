"""Battles, conquest and elimination (002 §5.4.3 and §5.4.4 Exèrcit, §4.4).

A battle (*Batalla*, a contest of Militarisme) sets two sides against each
other: each adds the Exèrcit of its forces at its place, the Militarisme of
its active characters, its allies' forces there and 1d10; a defender behind
walls adds 2. The loser loses the difference of the totals; a tie has no
effect (docs/genes.md, "Battles").

Decisions beyond docs/genes.md (game master's readings):

- Losses: the loser's own forces at its place go first, largest force first
  (a regular force before a raiding party of the same size); what is left
  of the difference falls on its allies' forces there, largest first. Losses
  never exceed what stands there.
- A siege lasts while the besieger keeps forces in the field of the city's
  country: a battle, a conquest, a move or a disbanding that leaves it none
  there ends the siege (`lift_abandoned_sieges`). The owner winning a field
  battle against the besieger breaks it as well (the handler). A
  besieger's assault repelled at the city does not break the siege.
- Allies (`allies_at`): an `aliança <country> a <place>` line counts when
  its place is the battle's place; the ally's forces standing where its
  side fights (the field for an attacker at a city, the city for its
  defender) join. A line naming the enemy, or the `rebels` of a civil war,
  does not count; allies' forces at a place annulled by a disaster do not
  join. The characters an alliance line names (`aliança amb Ponent a
  Vilanova amb Berta`) join as well (002 §5.4.3 "sumant el valor d'Exèrcit
  i els personatges", issue 18 #2; activated in `actions_army`), even when
  the ally has no forces there; the ally's other characters do not.
- The defender's free characters standing at the battle's place add their
  Militarisme (`present_defenders`): they are there (002 §5.4.6). They do
  not become active and do not face the loser's fate (in a fallen city
  they are captured). Characters annulled by a disaster do not fight.
- Conquest (`take_city`): the conqueror's forces at `from_place` move in as
  a regular garrison (raiders included); any other country's forces still
  in the city retreat to their owner's nearest own city not under siege
  (fewest country borders crossed, then city id; unreachable cities do not
  count) or are lost. The old owner's free characters in the city are
  captured by the conqueror (a fallen principal counts as captured for
  002 §6); the old owner's captives there pass to the conqueror, and the
  conqueror's own captives are freed. Other countries' characters there are
  left alone. A siege of the city ends. `capital_of` never changes: a
  conquered capital stays the capital of its founder (002 §6).
- Elimination (002 §4.4, `eliminate`): the country is marked eliminated, all
  its forces are removed, its free characters die with it (status dead),
  its characters held by others stay captive, its own captives go free
  where they stand, its sieges end and so does its civil war. Cities it
  still owns (only after a lost civil war) stay on the map as ruins,
  defended by nobody.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from adjudicator.rulesets.genes.characters import capture, country_name, kill, set_free, unhide
from adjudicator.rulesets.genes.model import CharacterStatus, Force, Trait, field_place
from adjudicator.rulesets.genes.outcome import Effect, EffectKind, TestRoll
from adjudicator.rulesets.genes.work import Board, contest_margin
from orders.genes.model import ActionKind, Declaration
from texts import T_

WALLS_BONUS = 2
"""A walled defender adds 2 (002 §5.4.3 Batalla)."""
REBELS = "rebels"
"""The `mode` of an alliance line backing the rebels of a civil war."""
Terms = tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Side:
    """One side of a battle: its country and the place its forces stand,
    the Exèrcit there, its active characters' Militarisme terms, its allies'
    forces there (country, points), the walls bonus and other bonuses
    (Investigació: +2 to the contest, 002 §5.4.4)."""

    country: str
    place: str
    forces: int
    characters: Terms = ()
    allies: tuple[tuple[str, int], ...] = ()
    walls: int = 0
    bonuses: Terms = ()

    def terms(self, board: Board) -> Terms:
        """The labelled terms added to the d10: ("Exèrcit", n), ("Joan", 2),
        ("aliat Llevant", 3), ("Muralla", 2)."""
        terms: list[tuple[str, int]] = [(T_("Exèrcit"), self.forces)]
        terms.extend(self.characters)
        terms.extend(
            (T_("aliat {country}", country=country_name(board, c)), n) for c, n in self.allies
        )
        if self.walls:
            terms.append((T_("Muralla"), self.walls))
        terms.extend(self.bonuses)
        return tuple(terms)


@dataclass(frozen=True)
class BattleOutcome:
    """What a battle gave: both rolls, the winner (None on a tie), the
    difference and the effects of the losses and lifted sieges."""

    attacker: TestRoll
    defender: TestRoll
    winner: str | None
    loser: str | None
    difference: int
    effects: tuple[Effect, ...] = ()

    @property
    def rolls(self) -> tuple[TestRoll, TestRoll]:
        return (self.attacker, self.defender)


# --- forces ---------------------------------------------------------------------


def withdraw(
    board: Board,
    pick: Callable[[Force], bool],
    amount: int,
    *,
    prefer_raiders: bool | None = None,
) -> list[Force]:
    """Take `amount` points from the forces `pick` selects, largest force
    first (or, with `prefer_raiders`, that kind first); returns the points
    taken as `Force` records (owner, place, points, raiders)."""
    chosen = [i for i, f in enumerate(board.forces) if pick(f)]
    if prefer_raiders is None:
        chosen.sort(key=lambda i: (-board.forces[i].strength, board.forces[i].raiders, i))
    else:
        chosen.sort(
            key=lambda i: (board.forces[i].raiders != prefer_raiders, -board.forces[i].strength, i)
        )
    forces = list(board.forces)
    taken: list[Force] = []
    for index in chosen:
        if amount <= 0:
            break
        force = forces[index]
        points = min(force.strength, amount)
        forces[index] = force.with_(strength=force.strength - points)
        taken.append(force.with_(strength=points))
        amount -= points
    board.set_forces(forces)
    return taken


def force_effects(board: Board, changed: Iterable[Force], sign: int) -> list[Effect]:
    """FORCE effects, one per (owner, place), for points taken (`sign` -1) or
    added (+1); `value` is what the owner has there afterwards."""
    totals: dict[tuple[str, str], int] = {}
    for force in changed:
        key = (force.owner, force.place)
        totals[key] = totals.get(key, 0) + force.strength
    return [
        Effect(
            EffectKind.FORCE,
            owner,
            subject=place,
            delta=sign * points,
            value=board.strength_at(place, owner),
        )
        for (owner, place), points in totals.items()
        if points
    ]


def add_force(board: Board, force: Force) -> None:
    board.set_forces([*board.forces, force])


def inflict_losses(board: Board, side: Side, amount: int) -> list[Effect]:
    """The loser loses `amount` points at its place: its own forces first,
    largest first, then its allies' (docs/genes.md "Battles")."""
    taken = withdraw(board, lambda f: f.owner == side.country and f.place == side.place, amount)
    left = amount - sum(f.strength for f in taken)
    allies = {country for country, _ in side.allies}
    if left > 0 and allies:
        taken += withdraw(board, lambda f: f.owner in allies and f.place == side.place, left)
    return force_effects(board, taken, -1)


# --- the sides ------------------------------------------------------------------


def alliance_lines(
    board: Board, side: str, battle: str, exclude: Iterable[str] = ()
) -> list[Declaration]:
    """The `aliança <side> a <battle>` lines that count, in declaration order:
    not the rebels', not of `side` itself nor of a country in `exclude` (the
    enemy, the other side's allies), nor of an eliminated country."""
    barred = {side, *exclude}
    lines: list[Declaration] = []
    for line in board.free_lines:
        ally = line.power
        if line.kind is not ActionKind.ALLY or line.mode == REBELS or line.target != side:
            continue
        if line.place != battle or ally in barred or ally not in board.countries:
            continue
        if not board.countries[ally].eliminated:
            lines.append(line)
    return lines


def allies_at(
    board: Board, side: str, battle: str, stand: str, exclude: Iterable[str] = ()
) -> tuple[tuple[str, int], ...]:
    """The allies of `side` in the battle at `battle` (their `aliança` lines):
    (country, its forces at `stand`), by id; `exclude` the countries that
    cannot join (the enemy, the other side's allies)."""
    found: dict[str, int] = {}
    for line in alliance_lines(board, side, battle, exclude):
        points = board.strength_at(stand, line.power)
        if points and stand not in board.disabled:
            found[line.power] = points
    return tuple(sorted(found.items()))


def present_defenders(board: Board, country: str, place: str) -> Terms:
    """The Militarisme of `country`'s free characters standing at `place`."""
    return tuple(
        (c.name, c.value(Trait.MILITARISM))
        for _, c in sorted(board.characters.items())
        if c.owner == country
        and c.free
        and c.place == place
        and c.id not in board.disabled
        and c.value(Trait.MILITARISM) > 0
    )


def in_battle(board: Board, sides: Iterable[Side]) -> list[str]:
    """The characters of each side's countries (allies too) standing at its
    place when the battle is fought: seen by the armies, so a hidden
    principal among them is public again (002 §4.4, issue 18 #4)."""
    return [
        cid
        for side in sides
        for cid, c in sorted(board.characters.items())
        if c.place == side.place and c.owner in {side.country, *(a for a, _ in side.allies)}
    ]


# --- the contest ----------------------------------------------------------------


def fight(board: Board, attacker: Side, defender: Side, prefix: str) -> BattleOutcome:
    """A battle (002 §5.4.3 / §5.4.4 Batalla): both sides roll 1d10 and add
    their terms; the loser loses the difference (at least 1 when a natural
    die decided, `contest_margin`), a tie has no effect.
    Sieges left without besiegers in the field are lifted."""
    attack = board.contest_side(f"{prefix}:attack", attacker.country, attacker.terms(board))
    defence = board.contest_side(f"{prefix}:defence", defender.country, defender.terms(board))
    unhide(board, in_battle(board, (attacker, defender)))
    won = board.contest_winner(attack, defence)
    if won < 0:
        return BattleOutcome(attack, defence, None, None, 0)
    winner, loser = (attacker, defender) if won == 0 else (defender, attacker)
    difference = contest_margin(*((attack, defence) if won == 0 else (defence, attack)))
    effects = inflict_losses(board, loser, difference)
    effects += lift_abandoned_sieges(board)
    return BattleOutcome(attack, defence, winner.country, loser.country, difference, tuple(effects))


# --- sieges ---------------------------------------------------------------------


def end_siege(board: Board, city: str) -> list[Effect]:
    """Remove the siege of `city`, if any: SIEGE_BROKEN (country = besieger,
    subject = city, other = owner)."""
    besieger = board.sieges.pop(city, None)
    if besieger is None:
        return []
    return [Effect(EffectKind.SIEGE_BROKEN, besieger, subject=city, other=board.cities[city].owner)]


def lift_abandoned_sieges(board: Board) -> list[Effect]:
    """A siege ends when the besieger has no forces left in the field of the
    city's country (docs/genes.md "Battles")."""
    effects: list[Effect] = []
    for city, besieger in sorted(board.sieges.items()):
        if board.strength_at(field_place(board.cities[city].country), besieger) == 0:
            effects += end_siege(board, city)
    return effects


def break_sieges_by(board: Board, owner: str, besieger: str, country: str) -> list[Effect]:
    """The owner beat the besieger in the field of `country`: every siege by
    `besieger` of `owner`'s cities there ends (docs/genes.md "Battles")."""
    effects: list[Effect] = []
    for city, by in sorted(board.sieges.items()):
        target = board.cities[city]
        if by == besieger and target.owner == owner and target.country == country:
            effects += end_siege(board, city)
    return effects


# --- conquest -------------------------------------------------------------------


def country_distances(board: Board, start: str) -> dict[str, int]:
    """Borders crossed from `start` to every reachable country (breadth first)."""
    distances = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in board.region.neighbours(here):
            if there not in distances and there in board.region.countries:
                distances[there] = distances[here] + 1
                queue.append(there)
    return distances


def nearest_own_city(board: Board, owner: str, from_country: str) -> str | None:
    """The owner's city nearest `from_country` (borders crossed, then id),
    not under siege and reachable; None if there is none."""
    distances = country_distances(board, from_country)
    candidates = [
        (distances[city.country], city.id)
        for city in board.cities_of(owner)
        if city.country in distances and city.id not in board.sieges
    ]
    return min(candidates)[1] if candidates else None


def _retreat(board: Board, city_id: str, new_owner: str) -> list[Effect]:
    """Other countries' forces left in a taken city retreat or are lost."""
    effects: list[Effect] = []
    country = board.cities[city_id].country
    for owner in sorted({f.owner for f in board.forces_at(city_id) if f.owner != new_owner}):
        points = board.strength_at(city_id, owner)
        board.set_forces(f for f in board.forces if f.owner != owner or f.place != city_id)
        refuge = nearest_own_city(board, owner, country)
        if refuge is None:
            effects.append(Effect(EffectKind.FORCE, owner, subject=city_id, delta=-points, value=0))
            continue
        add_force(board, Force(owner, refuge, points))
        effects.append(
            Effect(EffectKind.TROOPS_MOVED, owner, subject=city_id, other=refuge, delta=points)
        )
    return effects


def _march_in(board: Board, city_id: str, new_owner: str, from_place: str | None) -> list[Effect]:
    if from_place is None:
        return []
    points = board.strength_at(from_place, new_owner)
    board.set_forces(f for f in board.forces if f.owner != new_owner or f.place != from_place)
    if not points:
        return []
    add_force(board, Force(new_owner, city_id, points))
    return [
        Effect(EffectKind.TROOPS_MOVED, new_owner, subject=from_place, other=city_id, delta=points)
    ]


def _seize_characters(board: Board, city_id: str, old_owner: str, new_owner: str) -> list[Effect]:
    """The old owner's characters in the city fall to the conqueror; its
    captives there pass to the conqueror, who frees its own."""
    effects: list[Effect] = []
    for cid, char in sorted(board.characters.items()):
        if char.place != city_id:
            continue
        if char.free and char.owner == old_owner:
            effects.append(capture(board, cid, new_owner))
        elif char.status is CharacterStatus.CAPTURED and char.held_by == old_owner:
            if char.owner == new_owner:
                board.characters[cid] = char.with_(status=CharacterStatus.FREE, held_by=None)
                effects.append(Effect(EffectKind.CHARACTER_RELEASED, old_owner, cid, other=city_id))
            else:
                board.characters[cid] = char.with_(held_by=new_owner)
                effects.append(
                    Effect(EffectKind.CHARACTER_CAPTURED, new_owner, cid, other=char.owner)
                )
    return effects


def take_city(board: Board, city_id: str, new_owner: str, from_place: str | None) -> list[Effect]:
    """The city changes owner (002 §5.4.4 Setge: a battle conquers it): the
    conqueror's forces at `from_place` move in, other forces retreat, the
    old owner's characters there are captured, a siege of it ends, and the
    old owner is eliminated if it has no city left (002 §4.4)."""
    city = board.cities[city_id]
    old_owner = city.owner
    board.cities[city_id] = city.with_(owner=new_owner)
    effects = [Effect(EffectKind.CITY_TAKEN, new_owner, subject=city_id, other=old_owner)]
    effects += end_siege(board, city_id)
    effects += _retreat(board, city_id, new_owner)
    effects += _march_in(board, city_id, new_owner, from_place)
    effects += lift_abandoned_sieges(board)
    effects += _seize_characters(board, city_id, old_owner, new_owner)
    effects += check_elimination(board, old_owner)
    return effects


# --- elimination ----------------------------------------------------------------


def check_elimination(board: Board, country: str) -> list[Effect]:
    """A country left without cities is eliminated (002 §4.4)."""
    if country not in board.countries or board.countries[country].eliminated:
        return []
    if board.cities_of(country):
        return []
    return eliminate(board, country)


def eliminate(board: Board, country: str) -> list[Effect]:
    """Eliminate `country` outright (002 §4.4, §5.4.3 Guerra civil a): its
    forces go, its free characters die, its captives go free, its sieges and
    its civil war end. ELIMINATED carries the Exèrcit lost (delta)."""
    army = board.army(country)
    board.countries[country] = board.countries[country].with_(eliminated=True)
    board.set_forces(f for f in board.forces if f.owner != country)
    effects = [Effect(EffectKind.ELIMINATED, country, delta=-army, value=0)]
    for cid, char in sorted(board.characters.items()):
        if char.owner == country and char.free:
            effects.append(kill(board, cid, None))
        elif char.status is CharacterStatus.CAPTURED and char.held_by == country:
            effects.append(set_free(board, cid, country))
    for city, besieger in sorted(board.sieges.items()):
        if country in (besieger, board.cities[city].owner):
            effects += end_siege(board, city)
    board.civil_wars.pop(country, None)
    return effects
