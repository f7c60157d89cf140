"""The writers of plausible Genes declarations, one per action kind, used by
`tests.generators.genes_declarations.Writer` (002 §5.4.3, §5.4.4)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from adjudicator.rulesets.genes.model import CharacterStatus, Trait, field_place
from orders.genes.model import ActionKind, Declaration

K = ActionKind

if TYPE_CHECKING:
    from tests.generators.genes_declarations import Writer


NOWHERE = "atlantis"
"""The id of a place, country or character that does not exist."""

CITY_NAMES = (
    "Vilanova de Mar", "Puigverd", "Santa Coloma", "Castellar", "Riudoms",
    "Olivella", "Benifallet", "Torrefeta", "Almenara", "Bellcaire",
)  # fmt: skip
CHARACTER_NAMES = (
    "Arnau", "Berenguer Oller", "Constança", "Dolça", "Ermessenda", "Ferran",
    "Guifré", "Hug", "Leonor", "Miró", "Oliba", "Ponç",
)  # fmt: skip


# --- writers of plausible lines, one per kind ----------------------------------------------


def _fortify(w: Writer, kind: ActionKind) -> Declaration:
    own = w.own_cities()
    open_ = [c for c in own if not c.walled]
    pool = open_ if open_ and w.rng.random() < 0.75 else own
    if not pool or w.rng.random() < 0.05:
        pool = w.foreign_cities()
    return Declaration(w.me, kind, city=w.rng.choice(pool).id if pool else NOWHERE)


def _found(w: Writer, kind: ActionKind) -> Declaration:
    names = list(CITY_NAMES)
    if w.rng.random() < 0.1:
        names = [c.name for c in w.state.cities.values()]
    return Declaration(w.me, kind, name=w.pick(names))


def _plain(w: Writer, kind: ActionKind) -> Declaration:
    return Declaration(w.me, kind)


def _development(w: Writer, kind: ActionKind) -> Declaration:
    record = w.state.countries[w.me]
    if w.rng.random() < 0.5:
        trait = min(Trait, key=lambda t: (record.trait(t), t.value))
    else:
        trait = w.rng.choice(list(Trait))
    return Declaration(w.me, kind, trait=trait.value)


def _battle(w: Writer, kind: ActionKind) -> Declaration:
    """At a city of the country whose field the plan holds forces in, or in
    such a field against a country with forces there; else anywhere."""
    fronts = w.fronts()
    if fronts and w.rng.random() < 0.9:
        front = w.pick(fronts)
        country = w.country_of(front)
        cities = [
            c.id
            for _, c in sorted(w.state.cities.items())
            if c.country == country and c.owner != w.me
        ]
        enemies = sorted({f.owner for f in w.state.forces_at(front) if f.owner != w.me})
        if cities and (not enemies or w.rng.random() < 0.75):
            city = w.pick(cities)
            owner = w.state.cities[city].owner
            target = owner if w.rng.random() < 0.3 else None
            return Declaration(w.me, kind, place=city, target=target)
        target = w.pick(enemies) if w.rng.random() < 0.8 or len(enemies) > 1 else None
        return Declaration(w.me, kind, place=front, target=target)
    if w.rng.random() < 0.5:
        anywhere = w.foreign_cities() or w.own_cities()
        return Declaration(w.me, kind, place=w.rng.choice(anywhere).id)
    place = field_place(w.pick(list(w.region.countries)))
    return Declaration(w.me, kind, place=place, target=w.other_country())


def _recruit(w: Writer, kind: ActionKind) -> Declaration:
    amount = w.rng.choice((1, 1, 2, 3, 3, 4, 5))
    own = w.own_cities()
    city = w.rng.choice(own).id if own and w.rng.random() < 0.5 else None
    return Declaration(w.me, kind, amount=amount, city=city)


def _soldiers_home(w: Writer, kind: ActionKind) -> Declaration:
    amount = w.rng.randint(1, 5)
    places = [p for p, n in sorted(w.plan.items()) if n > 0]
    origin = w.pick(places) if places and w.rng.random() < 0.5 else None
    if w.struck() and w.rng.random() < 0.7:  # from the disaster's city (annulled)
        origin = w.struck()[0]
    return Declaration(w.me, kind, amount=amount, origin=origin)


def _move_troops(w: Writer, kind: ActionKind) -> Declaration:
    """From a place with own forces to the own field or a city, or into the
    field of a neighbouring country (now and then of any country); 1..5
    points, or all there are."""
    places = [p for p, n in sorted(w.plan.items()) if n > 0]
    if not places:
        return Declaration(w.me, kind, amount=w.rng.randint(1, 5), origin=field_place(w.me),
                           place=field_place(w.pick(w.others or [w.me])))  # fmt: skip
    unbesieged = [p for p in places if p not in w.state.sieges]
    origin = w.pick(unbesieged if unbesieged and w.rng.random() < 0.9 else places)
    if w.struck() and w.rng.random() < 0.7:  # out of the disaster's city (annulled)
        origin = w.struck()[0]
    start = w.country_of(origin) or w.me
    roll = w.rng.random()
    abroad = [c for c in w.neighbours(start) if c != w.me and c in w.state.powers()]
    if roll < 0.1:  # too far, where there is a country too far (NOT_ADJACENT)
        near = {start, *w.neighbours(start)}
        far = [c for c in w.region.countries if c not in near] or list(w.region.countries)
        dest = field_place(w.pick(far))
    elif roll < 0.5 and abroad:
        dest = field_place(w.pick(abroad))
    elif roll < 0.75:
        dest = field_place(w.me)
    else:
        own = [c.id for c in w.own_cities()]
        dest = w.pick(own) if own else field_place(w.me)
    if dest == origin:  # somewhere else: the own field or a city, else the same (SAME_PLACE)
        elsewhere = [p for p in (field_place(w.me), *(c.id for c in w.own_cities())) if p != origin]
        dest = w.pick(elsewhere) if elsewhere else dest
    have = w.plan[origin]
    amount = have if have > 5 and w.rng.random() < 0.4 else w.rng.randint(1, min(5, have))
    if dest != origin:
        w.plan[origin] -= amount
        w.plan[dest] = w.plan.get(dest, 0) + amount
    return Declaration(w.me, kind, amount=amount, origin=origin, place=dest)


def _promote(w: Writer, kind: ActionKind) -> Declaration:
    roll = w.rng.random()
    chars = [c for c in w.state.characters_of(w.me) if c.status is not CharacterStatus.DEAD]
    trait = w.rng.choice(list(Trait)).value
    if roll < 0.3 or not chars:
        names = list(CHARACTER_NAMES)
        if w.rng.random() < 0.1:
            names = [c.name for c in w.state.characters.values()]
        return Declaration(w.me, kind, name=w.pick(names), trait=trait)
    char = w.rng.choice(chars)
    if roll < 0.45:
        return Declaration(w.me, kind, character=char.id, principal=True)
    if w.rng.random() < 0.6:
        held = [t for t in Trait if char.value(t) > 0]
        trait = w.rng.choice(held).value if held else trait
    return Declaration(w.me, kind, character=char.id, trait=trait)


def _personal(w: Writer, kind: ActionKind) -> Declaration:
    """A character of another country: for the internal kinds mostly one in
    the own country, for the external kinds one abroad (the engine decides)."""
    victims = w.victims()
    capture = kind in (K.CAPTURE, K.EXTERNAL_CAPTURE)
    if not victims:  # every other character is dead: one's own (OWN_CHARACTER)
        mine = [c.id for c in w.state.characters_of(w.me)]
        if not mine:
            return Declaration(w.me, K.TAXES)
        return Declaration(
            w.me, kind, character=w.pick(mine), trait="diplomacy" if capture else None
        )
    internal = kind in (K.ASSASSINATE, K.CAPTURE, K.CONVINCE)
    here = [c for c in victims if w.country_of(c.place) == w.me]
    away = [c for c in victims if w.country_of(c.place) != w.me]
    free = [c for c in (here if internal else away) if c.free]
    pool = free if free and w.rng.random() < 0.8 else victims
    victim = w.rng.choice(pool)
    trait = None
    if capture:
        trait = Trait.MILITARISM.value if w.rng.random() < 0.4 else Trait.DIPLOMACY.value
    return Declaration(w.me, kind, character=victim.id, trait=trait)


def _copy_technology(w: Writer, kind: ActionKind) -> Declaration:
    mine = w.state.countries[w.me].trait(Trait.TECHNOLOGY)
    ahead = [c for c in w.others if w.state.countries[c].trait(Trait.TECHNOLOGY) > mine]
    if ahead and w.rng.random() < 0.7:
        return Declaration(w.me, kind, target=w.pick(ahead))
    return Declaration(w.me, kind, target=w.other_country())


def _counterpower(w: Writer, kind: ActionKind) -> Declaration:
    wanted = kind is K.STRENGTHEN_COUNTERPOWER
    fit = [c for c in w.others if (w.state.countries[c].counterpower > 0) == wanted]
    if fit and w.rng.random() < (0.75 if wanted else 0.6):
        return Declaration(w.me, kind, target=w.pick(fit))
    return Declaration(w.me, kind, target=w.other_country())


def _target(w: Writer, kind: ActionKind) -> Declaration:
    return Declaration(w.me, kind, target=w.other_country())


def _raid(w: Writer, kind: ActionKind) -> Declaration:
    near = [
        c
        for c in w.others
        if any(w.country_of(p) in (c, *w.neighbours(c)) for p, n in w.plan.items() if n > 0)
    ]
    if near and w.rng.random() < 0.8:
        return Declaration(w.me, kind, target=w.pick(near))
    return Declaration(w.me, kind, target=w.other_country())


def _siege(w: Writer, kind: ActionKind) -> Declaration:
    fronts = {w.country_of(p) for p in w.fronts()}
    cities = [c.id for c in w.foreign_cities() if c.country in fronts]
    open_ = [c for c in cities if c not in w.state.sieges]
    if cities and w.rng.random() < 0.9:
        return Declaration(
            w.me, kind, city=w.pick(open_ if open_ and w.rng.random() < 0.9 else cities)
        )
    pool = [c.id for c in w.foreign_cities()] or sorted(w.state.cities)
    return Declaration(w.me, kind, city=w.pick(pool))


WRITERS: Mapping[ActionKind, Callable[[Writer, ActionKind], Declaration]] = {
    K.FORTIFY: _fortify,
    K.FOUND: _found,
    K.REPRESS: _plain,
    K.RESTORE_ORDER: _plain,
    K.TAXES: _plain,
    K.DEVELOPMENT: _development,
    K.OBSERVATION: _plain,
    K.BATTLE: _battle,
    K.CIVIL_WAR: _plain,
    K.RECRUIT: _recruit,
    K.SOLDIERS_HOME: _soldiers_home,
    K.MOVE_TROOPS: _move_troops,
    K.PROMOTE: _promote,
    K.ASSASSINATE: _personal,
    K.CAPTURE: _personal,
    K.CONVINCE: _personal,
    K.COPY_TECHNOLOGY: _copy_technology,
    K.CREATE_COUNTERPOWER: _counterpower,
    K.STRENGTHEN_COUNTERPOWER: _counterpower,
    K.INVESTIGATION: _target,
    K.DISAFFECTION: _target,
    K.SABOTAGE: _target,
    K.EXTERNAL_BATTLE: _battle,
    K.RAID: _raid,
    K.SIEGE: _siege,
    K.EXTERNAL_ASSASSINATE: _personal,
    K.EXTERNAL_CAPTURE: _personal,
    K.EXTERNAL_CONVINCE: _personal,
}
"""The writer of a plausible line of each kind that costs an action."""
