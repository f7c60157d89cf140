"""A random turn-1 Genes state for any region (one drawn by
`maps.genes.generate`, which has no example sheets), for property tests."""

from __future__ import annotations

import random

from adjudicator.rulesets.genes.actions_society import unique_slug
from adjudicator.rulesets.genes.model import (
    Character,
    City,
    Country,
    Force,
    GenesState,
    Relevance,
    Trait,
    field_place,
    first_phase,
    merge_forces,
)
from maps.genes.region import Region
from orders.genes.model import ActionKind

K = ActionKind


# --- a turn-1 state for any region ---------------------------------------------------------

STARTING_CHARACTERS = (
    "Adelaida", "Bernat", "Caterina", "Dalmau", "Elionor", "Felip", "Gueraua",
    "Jofre", "Mafalda", "Nunó", "Peronella", "Sibil·la", "Tomàs", "Violant",
    "Alamanda", "Bonanat", "Cerdana", "Desclot", "Esclarmonda", "Galceran",
    "Huguet", "Iolant", "Llop", "Marquesa", "Noguer", "Orpina", "Pons",
    "Quintana", "Riambau", "Saurina",
)  # fmt: skip
"""Names of the starting characters of `random_state` (9 countries x 3 at most)."""


def random_state(region: Region, rng: random.Random) -> GenesState:
    """A turn-1 state on `region` (no sheets needed): each country a random
    relevance, characteristics 1..8 (now and then one at 3 or less, for the
    critical situations of 002 §5.4.3.1), now and then some counter-power, its region cities (the first the
    capital, some walled), one to three characters (the first the principal)
    and forces in its cities and its field (raiders too). Seats follow the
    region's order; no events played (see `turn_start.initial_turn_start`)."""
    countries: dict[str, Country] = {}
    cities: dict[str, City] = {}
    characters: dict[str, Character] = {}
    forces: list[Force] = []
    names = list(STARTING_CHARACTERS)
    rng.shuffle(names)
    for country, area in region.countries.items():
        traits = {t: rng.randint(4, 8) for t in Trait}
        if rng.random() < 0.3:
            traits[rng.choice(list(Trait))] = rng.randint(1, 3)
        relevance = rng.choice(list(Relevance))
        counterpower = rng.randint(1, 2) if rng.random() < 0.25 else 0
        countries[country] = Country(
            country, area.name, relevance, traits, counterpower=counterpower
        )
        sites = [s for s in region.cities.values() if s.country == country]
        for index, site in enumerate(sites):
            capital = country if index == 0 else None
            walled = rng.random() < 0.3
            cities[site.id] = City(
                site.id, site.name, country, country, site.position, walled, capital
            )
            forces.append(Force(country, site.id, rng.randint(1, 8)))
        forces.append(Force(country, field_place(country), rng.randint(2, 8)))
        forces.append(Force(country, field_place(country), rng.randint(0, 3), raiders=True))
        for index in range(rng.randint(1, 3)):
            name = names.pop()
            picked = rng.sample(list(Trait), rng.randint(1, 2))
            char_id = unique_slug(name, characters)
            characters[char_id] = Character(
                char_id,
                name,
                country,
                role="",
                traits={t: rng.randint(1, 3) for t in picked},
                place=rng.choice(sites).id if sites else field_place(country),
                principal=index == 0,
            )
    return GenesState(
        phase=first_phase(),
        countries=countries,
        cities=cities,
        characters=characters,
        forces=merge_forces(forces),
        seats=tuple(region.countries),
    )
