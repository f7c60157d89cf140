"""Random Genes Mactantes declarations, for property tests (002 §5.4.2-§5.4.6).

The Genes counterpart of `tests.generators.machiavelli_orders`:

- `random_declarations(state, region, rng, legal_only=False)` writes one
  turn's declarations for every country still in the game: about as many
  action lines as its actions per turn (002 §5.2; forced actions, 002 §5.3
  and §5.4.3.1, declared now and then, else left for the judge to add), of
  every `ActionKind`, with plausible targets (own and other cities, fields,
  other countries' characters, amounts 1..5 (a move may take all the points
  in a place), 0-2 of the country's free
  characters made active, 002 §5.4.6), and free lines: alliances (in a
  battle, or backing rebels), watches (002 §5.4.1), releases of the
  country's captives, and the natural disaster's choices when the country
  is the one to name them (002 §5.3). The generator keeps a rough plan of
  its own troop moves within the turn, so that armies moved into a
  neighbour's field attack or besiege there, and armies grow into wars.
  Many lines are impossible by the board (a walled city fortified, a
  character already active, a technology copied from a backward country);
  those are what the engine must judge.
- With `legal_only=False` it adds nonsense a careless player might mail:
  unknown places, characters and countries, another country's characters
  as helpers, amounts of 0, lines with a missing characteristic, more lines
  than the budget, a disaster's choice made by the wrong country or twice,
  the release of a character nobody holds, lines of an eliminated or an
  unknown country. With `legal_only=True` every line names only things of
  the state and the region, the lines stay within the budget (unless the
  forced actions alone exceed it) and each can be written as a declaration
  line (`declaration_line`).
- `declaration_line(decl, state, region)` renders a declaration as the
  Catalan line a player writes (`grammar/genes.lark`), names as
  `adjudicator.plugins.genes.declaration_names` gives them (the region's
  country names, the state's city and character names, a field as
  `camp de <country>`). `parser_form(decl)` is the declaration the parser
  gives back for that line: the parser always writes the internal kind of
  a battle or a personal action (the engine classifies it by where it
  happens, 002 §5.4.3 / §5.4.4).

  What a line cannot express (only generated with `legal_only=False`): the
  target of a watch; helpers on Fundar, a watch, a release or a disaster's
  choice; a new character named principal at once (`Ascendir nou ...
  principal`) or a principal named with a characteristic; a development,
  promotion or capture without its characteristic; a recruitment without a
  number; an amount below 1; a place or name that is not in the state.
- `random_state(region, rng)` builds a turn-1 state for any region (one made
  by `maps.genes.generate`, which has no example sheets): random relevance
  and characteristics, the region's cities, one to three characters per
  country, forces in the cities and the field.

Pure and deterministic for a given `random.Random`; nothing in the engine
imports it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace

from adjudicator.rulesets.genes.budget import actions_per_turn
from adjudicator.rulesets.genes.model import (
    FIELD_PREFIX,
    Character,
    CharacterStatus,
    City,
    GenesState,
    Trait,
    field_place,
)
from adjudicator.rulesets.genes.turn_start import DISASTER, disaster_choosers
from maps.genes.region import Region
from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Side

K = ActionKind

__all__ = [
    "ACTION_WEIGHTS",
    "NOWHERE",
    "declaration_line",
    "parser_form",
    "random_declarations",
    "random_state",
]

from tests.generators.genes_declaration_text import declaration_line, parser_form
from tests.generators.genes_declaration_writers import CHARACTER_NAMES, NOWHERE, WRITERS
from tests.generators.genes_state import random_state

# --- weights and knobs ------------------------------------------------------------------

ACTION_WEIGHTS: Mapping[ActionKind, float] = {
    K.FORTIFY: 1.0,
    K.FOUND: 0.6,
    K.REPRESS: 0.6,
    K.RESTORE_ORDER: 0.3,
    K.TAXES: 1.0,
    K.DEVELOPMENT: 1.5,
    K.OBSERVATION: 1.2,
    K.BATTLE: 3.0,
    K.CIVIL_WAR: 0.2,
    K.RECRUIT: 2.0,
    K.SOLDIERS_HOME: 0.8,
    K.MOVE_TROOPS: 4.0,
    K.PROMOTE: 1.5,
    K.ASSASSINATE: 1.2,
    K.CAPTURE: 1.2,
    K.CONVINCE: 0.6,
    K.COPY_TECHNOLOGY: 0.6,
    K.CREATE_COUNTERPOWER: 1.0,
    K.STRENGTHEN_COUNTERPOWER: 0.7,
    K.INVESTIGATION: 1.3,
    K.DISAFFECTION: 1.2,
    K.SABOTAGE: 0.8,
    K.EXTERNAL_BATTLE: 1.0,
    K.RAID: 1.0,
    K.SIEGE: 1.5,
    K.EXTERNAL_ASSASSINATE: 1.0,
    K.EXTERNAL_CAPTURE: 1.0,
    K.EXTERNAL_CONVINCE: 0.4,
}
"""Base weight of each action kind (every kind that costs an action)."""

AT_WAR = 8.0
"""Extra weight of a battle or a siege when the country has forces in a field
where it can fight, of Guerra civil during a civil war, of Restaurar ordre
during a disorder and of Reprimir contrapoder with counter-power."""

HELPERS = (0.6, 0.28, 0.12)
"""Chances of 0, 1 or 2 active characters on a line."""

NONSENSE = 0.12
"""Chance that an action line is nonsense (`legal_only=False`)."""

OVER_BUDGET = 0.25
"""Chance that a country writes 1-3 lines more than its budget (`legal_only=False`)."""

FEWER = 0.15
"""Chance that a country writes one line fewer than it could."""

DECLARE_FORCED = 0.5
"""Chance that a forced action is declared by the player (else the judge adds it)."""

DISASTER_KINDS = ("epidèmia", "terratrèmol", "inundació", "gran incendi", "sequera")


# --- the planning view of one country -----------------------------------------------------


@dataclass
class Writer:
    """One country's declarations for the turn, from the state at its start."""

    state: GenesState
    region: Region
    rng: random.Random
    me: str
    legal_only: bool
    plan: dict[str, int] = field(default_factory=dict)  # own strength by place, after moves

    def __post_init__(self) -> None:
        for force in self.state.forces_of(self.me):
            self.plan[force.place] = self.plan.get(force.place, 0) + force.strength

    # --- reading the state -------------------------------------------------------

    @property
    def others(self) -> list[str]:
        return [c for c in self.state.powers() if c != self.me]

    @property
    def gone(self) -> list[str]:
        return [c for c in self.state.seats if self.state.countries[c].eliminated]

    def own_cities(self) -> list[City]:
        return list(self.state.cities_of(self.me))

    def foreign_cities(self) -> list[City]:
        return [c for _, c in sorted(self.state.cities.items()) if c.owner != self.me]

    def free_characters(self) -> list[Character]:
        return [c for c in self.state.characters_of(self.me) if c.free]

    def victims(self) -> list[Character]:
        return [
            c
            for _, c in sorted(self.state.characters.items())
            if c.owner != self.me and c.status is not CharacterStatus.DEAD
        ]

    def country_of(self, place: str) -> str | None:
        if place.startswith(FIELD_PREFIX):
            return place.removeprefix(FIELD_PREFIX)
        city = self.state.cities.get(place)
        return city.country if city else None

    def neighbours(self, country: str) -> tuple[str, ...]:
        area = self.region.countries.get(country)
        return area.neighbours if area else ()

    def fronts(self) -> list[str]:
        """Fields of other countries (or the own field with a conquered city in
        it) where the plan has forces: where battles and sieges can start."""
        found = []
        for place, strength in sorted(self.plan.items()):
            country = self.country_of(place)
            if strength <= 0 or not place.startswith(FIELD_PREFIX) or country is None:
                continue
            targets = [
                c for c in self.state.cities.values() if c.country == country and c.owner != self.me
            ]
            enemies = [f for f in self.state.forces_at(place) if f.owner != self.me]
            if targets or enemies:
                found.append(place)
        return found

    def struck(self) -> list[str]:
        """The disaster's city, if the country has forces in it (002 §5.3)."""
        city = self.state.start.disaster_city
        return [city] if city is not None and self.plan.get(city, 0) > 0 else []

    def pick(self, items: Sequence[str]) -> str:
        return self.rng.choice(list(items))

    def other_country(self) -> str:
        """Another country: a surviving one, now and then an eliminated one."""
        if self.gone and self.rng.random() < 0.08:
            return self.pick(self.gone)
        return self.pick(self.others) if self.others else self.me

    def helpers(self, kind: ActionKind) -> tuple[str, ...]:
        """0-2 of the country's free characters (002 §5.4.6); none on Fundar
        when the line must be writable (its name runs to the end of the line)."""
        if kind is K.FOUND and self.legal_only:
            return ()
        count = self.rng.choices((0, 1, 2), weights=HELPERS)[0]
        chars = [c.id for c in self.free_characters()]
        return tuple(self.rng.sample(chars, min(count, len(chars))))

    # --- the lines ----------------------------------------------------------------

    def lines(self) -> list[Declaration]:
        record = self.state.countries[self.me]
        budget = actions_per_turn(record, self.state).total
        forced = self.state.start.forced.get(self.me, ())
        declared_forced = [f for f in forced if self.rng.random() < DECLARE_FORCED]
        count = max(0, budget - len(forced))
        if count and self.rng.random() < FEWER:
            count -= 1
        if not self.legal_only and self.rng.random() < OVER_BUDGET:
            count += self.rng.randint(1, 3)
        lines = [self.action() for _ in range(count)]
        if lines and self.struck() and self.rng.random() < 0.6:  # evacuate the struck city
            evacuation = self.rng.choice((K.MOVE_TROOPS, K.SOLDIERS_HOME))
            lines[self.rng.randrange(len(lines))] = WRITERS[evacuation](self, evacuation)
        watchful = [d for d in lines if d.kind is K.OBSERVATION]
        if watchful and self.rng.random() < 0.6:  # on the watch before the others spy
            lines.remove(watchful[0])
            lines.insert(0, watchful[0])
        for kind in declared_forced:
            lines.insert(self.rng.randint(0, len(lines)), self.forced_line(kind))
        for free in self.free_lines():
            lines.insert(self.rng.randint(0, len(lines)), free)
        return lines

    def forced_line(self, forced: str) -> Declaration:
        kind_id, _, trait = forced.partition(":")
        kind = ActionKind.by_id(kind_id)
        return Declaration(self.me, kind, trait=trait or None, helpers=self.helpers(kind))

    def action(self) -> Declaration:
        """One action line: a kind drawn by weight, then its target."""
        weights = dict(ACTION_WEIGHTS)
        record = self.state.countries[self.me]
        fronts = self.fronts()
        if fronts:
            for kind in (K.BATTLE, K.SIEGE, K.EXTERNAL_BATTLE):
                weights[kind] += AT_WAR
        if self.me in self.state.civil_wars:
            weights[K.CIVIL_WAR] += AT_WAR
        if record.disorder:
            weights[K.RESTORE_ORDER] += AT_WAR
        if record.counterpower:
            weights[K.REPRESS] += AT_WAR / 2
        kinds = list(weights)
        kind = self.rng.choices(kinds, weights=[weights[k] for k in kinds])[0]
        if not self.legal_only and self.rng.random() < NONSENSE:
            return self.nonsense(kind)
        decl = WRITERS[kind](self, kind)
        return replace(decl, helpers=self.helpers(kind)) if not decl.helpers else decl

    # --- free lines (no action spent) ------------------------------------------------

    def free_lines(self) -> list[Declaration]:
        lines: list[Declaration] = []
        if self.others and self.rng.random() < 0.3:
            lines.append(self.ally())
        if self.rng.random() < 0.3:
            lines.append(self.watch())
        for _, char in sorted(self.state.characters.items()):
            held = char.status is CharacterStatus.CAPTURED and char.held_by == self.me
            if held and self.rng.random() < 0.4:
                lines.append(Declaration(self.me, K.RELEASE, character=char.id))
        lines += self.disaster_lines()
        lines += self.crisis_and_repatriation_lines()
        if not self.legal_only:
            lines += self.free_nonsense()
        return lines

    def crisis_and_repatriation_lines(self) -> list[Declaration]:
        """A crisis line naming 1-2 own free characters (002 §5.4.3.1, issue
        18 #8), and `repatriar` for last turn's survivors of an assassination
        or, now and then, as a standing choice (002 §5.4.3, issue 18 #11)."""
        lines: list[Declaration] = []
        chars = [c.id for c in self.free_characters()]
        low = [t for t in Trait if self.state.countries[self.me].trait(t) <= 4]
        if chars and (low or self.rng.random() < 0.1) and self.rng.random() < 0.6:
            backers = tuple(self.rng.sample(chars, min(len(chars), self.rng.randint(1, 2))))
            trait = self.pick([t.value for t in low]) if low and self.rng.random() < 0.5 else None
            lines.append(Declaration(self.me, K.CRISIS_HELPER, trait=trait, helpers=backers))
        for cid in self.state.start.repatriable:
            if self.state.characters[cid].owner == self.me and self.rng.random() < 0.6:
                lines.append(Declaration(self.me, K.REPATRIATE, character=cid))
        if chars and self.rng.random() < 0.1:
            lines.append(Declaration(self.me, K.REPATRIATE, character=self.pick(chars)))
        return lines

    def ally(self) -> Declaration:
        wars = [c for c in self.state.civil_wars if c != self.me]
        if wars and self.rng.random() < 0.6:
            chars = [c.id for c in self.free_characters()]
            backers = tuple(self.rng.sample(chars, min(len(chars), self.rng.randint(0, 2))))
            # the rebels' principal, named now and then (002 §5.4.3, issue 18 #6)
            chief = self.pick(backers) if backers and self.rng.random() < 0.5 else None
            return Declaration(
                self.me,
                K.ALLY,
                target=self.pick(wars),
                mode="rebels",
                helpers=backers,
                character=chief,
            )
        friend = self.pick(self.others)
        places = sorted(
            {f.place for f in self.state.forces_of(friend) if f.place.startswith(FIELD_PREFIX)}
        )
        battle_places = list(places)
        for place in places:
            country = self.country_of(place)
            battle_places += [
                c.id
                for _, c in sorted(self.state.cities.items())
                if c.country == country and c.owner != friend
            ]
        battle_places += [c.id for c in self.state.cities_of(friend)]
        return Declaration(self.me, K.ALLY, target=friend, place=self.pick(battle_places))

    def watch(self) -> Declaration:
        mode = "capture" if self.rng.random() < 0.6 else "assassinate"
        trait = Trait.MILITARISM.value if mode == "capture" and self.rng.random() < 0.3 else None
        return Declaration(self.me, K.WATCH, mode=mode, trait=trait)

    def disaster_lines(self) -> list[Declaration]:
        choosers = disaster_choosers(self.state)
        if choosers is None:
            return []
        affected = self.state.start.event_country
        lines: list[Declaration] = []
        if choosers[0] == self.me and self.rng.random() < 0.8:
            lines.append(Declaration(self.me, K.DISASTER_KIND, mode=self.pick(DISASTER_KINDS)))
        if choosers[1] == self.me and self.rng.random() < 0.8:
            theirs = [c.id for _, c in sorted(self.state.cities.items()) if c.owner == affected]
            if not theirs or self.rng.random() < 0.3:  # not the affected country's
                theirs = sorted(self.state.cities)
            lines.append(Declaration(self.me, K.DISASTER_CITY, city=self.pick(theirs)))
        if lines and not self.legal_only and self.rng.random() < 0.4:
            lines.append(self.rng.choice(lines))  # the same choice twice (ALREADY_CHOSEN)
        return lines

    def free_nonsense(self) -> list[Declaration]:
        """Free lines a careless player writes: a disaster's choice that is not
        its own (or when there is none, or twice), a release of a character it
        does not hold, a watch naming a country (no line can say it)."""
        lines: list[Declaration] = []
        tempted = 0.3 if self.state.start.event == DISASTER else 0.1
        if self.rng.random() < tempted:
            kind = self.rng.choice((K.DISASTER_KIND, K.DISASTER_CITY))
            city = self.pick(sorted(self.state.cities))
            lines += [Declaration(self.me, kind, city=city, mode=self.pick(DISASTER_KINDS))]
            if self.rng.random() < 0.5:
                lines.append(lines[-1])  # the same choice twice
        if self.rng.random() < 0.08:
            victims = [c.id for c in self.victims()] or [NOWHERE]
            lines.append(Declaration(self.me, K.RELEASE, character=self.pick(victims)))
        if self.rng.random() < 0.05:
            lines.append(replace(self.watch(), target=self.other_country()))
        others = [c.id for c in self.victims()]
        if others and self.rng.random() < 0.05:
            lines.append(Declaration(self.me, K.CRISIS_HELPER, helpers=(self.pick(others),)))
        if others and self.rng.random() < 0.05:
            lines.append(Declaration(self.me, K.REPATRIATE, character=self.pick(others)))
        return lines

    # --- nonsense action lines --------------------------------------------------------------

    def nonsense(self, kind: ActionKind) -> Declaration:
        """A line of `kind` as no player should write it."""
        me, rng = self.me, self.rng
        others_chars = [c.id for c in self.victims()]
        mine = [c.id for c in self.state.characters_of(me)]
        choices: list[Callable[[], Declaration]] = [
            lambda: Declaration(me, K.BATTLE, place=self.pick((NOWHERE, field_place(NOWHERE)))),
            lambda: Declaration(me, K.BATTLE),
            lambda: Declaration(
                me,
                K.MOVE_TROOPS,
                amount=rng.randint(1, 3),
                origin=self.pick(sorted(self.plan) or [NOWHERE]),
                place=field_place(NOWHERE),
            ),
            lambda: self._same_place_move(),
            lambda: Declaration(me, K.SIEGE, city=NOWHERE),
            lambda: Declaration(me, kind if kind is K.SOLDIERS_HOME else K.RECRUIT, amount=0),
            lambda: Declaration(me, K.MOVE_TROOPS, amount=-1, origin=field_place(me),
                                place=self.pick(sorted(self.state.cities))),
            lambda: Declaration(me, K.SOLDIERS_HOME, amount=1, origin=NOWHERE),
            lambda: Declaration(me, K.DEVELOPMENT),
            lambda: Declaration(me, K.PROMOTE, character=self.pick(mine or [NOWHERE])),
            lambda: Declaration(me, K.PROMOTE, character=self.pick(others_chars or [NOWHERE]),
                                trait=self._trait()),
            lambda: Declaration(me, K.PROMOTE, name=self.pick(CHARACTER_NAMES)),
            lambda: Declaration(me, K.ASSASSINATE, character=self.pick(mine or [NOWHERE])),
            lambda: Declaration(me, K.CAPTURE, character=NOWHERE, trait="diplomacy"),
            lambda: Declaration(me, K.SABOTAGE, target=self.pick((me, NOWHERE))),
            lambda: Declaration(me, K.RAID, target=self.pick((me, NOWHERE))),
            lambda: Declaration(me, K.COPY_TECHNOLOGY, target=me),
            lambda: Declaration(me, K.FORTIFY, city=NOWHERE),
            lambda: replace(
                WRITERS[kind](self, kind),
                helpers=(self.pick(others_chars or [NOWHERE]),),
            ),
            lambda: replace(WRITERS[kind](self, kind), helpers=(NOWHERE,)),
        ]  # fmt: skip
        return rng.choice(choices)()

    def _same_place_move(self) -> Declaration:
        place = self.pick(sorted(self.plan) or [field_place(self.me)])
        return Declaration(self.me, K.MOVE_TROOPS, amount=1, origin=place, place=place)

    def _trait(self) -> str:
        return self.rng.choice(list(Trait)).value


# --- the whole turn ---------------------------------------------------------------------


def _interleave(groups: Sequence[list[Declaration]], rng: random.Random) -> list[Declaration]:
    """The countries' lines shuffled together, each country's order kept."""
    queues = [list(g) for g in groups if g]
    merged: list[Declaration] = []
    while queues:
        queue = rng.choice(queues)
        merged.append(queue.pop(0))
        queues = [q for q in queues if q]
    return merged


def _goods_of(state: GenesState, rng: random.Random, country: str) -> list[Good]:
    """0-2 goods `country` might give (002 §5.4): a city, troops where it has
    some (now and then more than stand there), a free character (its
    principal now and then: not for trade), a captive it holds, a terrain."""
    offers: list[Good] = []
    cities = [c.id for c in state.cities_of(country)]
    if len(cities) > 1:
        offers.append(Good(Side.GIVE, GoodKind.CITY, rng.choice(cities)))
    forces = state.forces_of(country)
    if forces:
        force = rng.choice(forces)
        amount = rng.randint(1, force.strength + (2 if rng.random() < 0.2 else 0))
        offers.append(Good(Side.GIVE, GoodKind.TROOPS, force.place, amount))
    chars = [
        c.id
        for _, c in sorted(state.characters.items())
        if (c.owner == country and c.free) or c.held_by == country
    ]
    if chars:
        offers.append(Good(Side.GIVE, GoodKind.CHARACTER, rng.choice(chars)))
    lands = sorted({c.country for c in state.cities_of(country)})
    if len(cities) > 2 and lands:
        offers.append(Good(Side.GIVE, GoodKind.TERRAIN, rng.choice(lands)))
    return rng.sample(offers, min(len(offers), rng.randint(0, 2)))


def exchange_lines(state: GenesState, rng: random.Random) -> list[tuple[str, Declaration]]:
    """Now and then two countries trade goods (002 §5.4, issue 18 #5): the
    mirror `bescanvi` lines, or one left unanswered, or answered with other
    terms."""
    powers = list(state.powers())
    if len(powers) < 2 or rng.random() >= 0.3:
        return []
    giver, taker = rng.sample(powers, 2)
    mine = _goods_of(state, rng, giver)
    theirs = [g.mirrored() for g in _goods_of(state, rng, taker)]
    if not mine and not theirs:
        return []
    first = Declaration(giver, K.EXCHANGE, target=taker, goods=(*mine, *theirs))
    answer = tuple(g.mirrored() for g in first.goods)
    roll = rng.random()
    if roll < 0.15:
        return [(giver, first)]
    if roll < 0.3 and len(answer) > 1:
        answer = answer[1:]
    second = Declaration(taker, K.EXCHANGE, target=giver, goods=_ordered(answer))
    return [(giver, first), (taker, second)]


def _ordered(goods: Sequence[Good]) -> tuple[Good, ...]:
    """Goods as a line writes them back: those given first."""
    return (*[g for g in goods if g.side is Side.GIVE], *[g for g in goods if g.side is Side.GET])


def random_declarations(
    state: GenesState, region: Region, rng: random.Random, *, legal_only: bool = False
) -> tuple[Declaration, ...]:
    """One turn's declarations for every country still in the game (see the
    module docstring). The countries' lines come shuffled together, each
    country's in the order it wants them resolved (002 §5.4.5)."""
    groups = [Writer(state, region, rng, country, legal_only).lines() for country in state.powers()]
    for power, line in exchange_lines(state, rng):
        groups[state.powers().index(power)].append(line)
    if not legal_only:
        strays: list[Declaration] = []
        gone = [c for c in state.seats if state.countries[c].eliminated]
        if gone and rng.random() < 0.3:
            strays.append(Declaration(rng.choice(gone), K.TAXES))
        if rng.random() < 0.1:
            strays.append(Declaration(NOWHERE, K.DEVELOPMENT, trait=Trait.AUTHORITY.value))
        groups.append(strays)
    return tuple(_interleave(groups, rng))
