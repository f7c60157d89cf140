"""A Genes Mactantes state checked against its region (Trust #7).

The codec (`codec.state_from_dict`) already refuses malformed data and
references inside the state (a city owned by a country the state does not
have, a character in an unknown place). What only the region can tell is
checked here: every country of the state and of the seating order is one of
the region's, and every city lies in one of the region's countries.
"""

from __future__ import annotations

import difflib

from adjudicator.rulesets.genes.model import GenesState
from maps.genes.region import Region
from maps.model import SUGGESTED_CHARS
from texts import T_


def genes_problems(state: GenesState, region: Region) -> tuple[str, ...]:
    """Every way `state` does not fit `region`, each naming the key."""
    problems: list[str] = []
    known = tuple(region.countries)
    for country in state.countries:
        if country not in region.countries:
            problems.append(_unknown(f"countries.{country}", country, known, region))
    for city in state.cities.values():
        if city.country not in region.countries:
            problems.append(_unknown(f"cities.{city.id}.country", city.country, known, region))
    return tuple(problems[:20])


def _unknown(key: str, value: str, known: tuple[str, ...], region: Region) -> str:
    near = difflib.get_close_matches(value[:SUGGESTED_CHARS], known, n=3, cutoff=0.5)
    if near:
        hint = T_("nearest: {names}", names=", ".join(near))
    else:
        hint = T_("known: {names}", names=", ".join(known))
    return T_(
        "{key}: {value} is not a country of region {region} ({hint})",
        key=key,
        value=repr(value[:SUGGESTED_CHARS]),
        region=region.name,
        hint=hint,
    )
