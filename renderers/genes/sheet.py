"""A country's *Fitxa de societat* in a Genes Mactantes report (002, the
sheet at the end of the rulebook): traits, Exèrcit, cities, characters,
what stands for the coming turn, victory points so far."""

from __future__ import annotations

from adjudicator.rulesets.genes import standings
from adjudicator.rulesets.genes.model import (
    FIELD_PREFIX,
    Character,
    CharacterStatus,
    City,
    Force,
    GenesState,
    Trait,
)
from adjudicator.rulesets.genes.turn_start import crisis_helpers
from renderers.genes import words
from renderers.genes.json_output import Names
from texts import _, ngettext


def sheet_text(state: GenesState, names: Names, country_id: str) -> str:
    """A country's *Fitxa de societat* at the start of `state`'s turn: what it
    holds and what stands for that turn (nothing about the turn just played)."""
    country = state.countries[country_id]
    title = _("== Fitxa de societat: {country} ==").format(country=names.country(country_id))
    if country.eliminated:
        return f"{title}\n  {_('Eliminated.')}"
    traits = [f"{words.trait_name(t)} {country.trait(t)}" for t in Trait]
    if country.counterpower:
        traits[0] += _(" (Contrapoder {n}: {authority} in play)").format(
            n=country.counterpower, authority=country.authority
        )
    relevance = _(words.RELEVANCE_WORDS[country.relevance])
    lines = [title, _("  Rellevància: {relevance}").format(relevance=relevance)]
    lines.append(f"  {', '.join(traits)}")
    crises = [f"{words.crisis_name(c)} {n}" for c, n in sorted(country.crises.items()) if n]
    if country_id in state.civil_wars:
        rebels = state.civil_wars[country_id].rebels
        crises.insert(0, _("Guerra civil (rebels {n})").format(n=rebels))
    lines += [_("  Crises: {crises}").format(crises=", ".join(crises))] * bool(crises)
    forces = sorted(
        state.forces_of(country_id), key=lambda f: (f.place.startswith(FIELD_PREFIX), f.raiders)
    )
    army = ", ".join(_force_text(f, names) for f in forces)
    total = _("  Exèrcit {n}").format(n=state.army(country_id))
    lines.append(f"{total}{': ' + army if army else ''}")
    cities = [_city_text(state, c, names) for c in state.cities_of(country_id)]
    text = _("  Cities ({n}): {cities}")
    lines.append(text.format(n=len(cities), cities=", ".join(cities)))
    lines += _character_lines(state, names, country_id)
    return "\n".join(lines + _standing_lines(state, names, country_id))


def _force_text(force: Force, names: Names) -> str:
    if force.raiders:
        where = names.country(force.place.removeprefix(FIELD_PREFIX))
        return _("raiders in {country} {n}").format(country=where, n=force.strength)
    return f"{names.place(force.place)} {force.strength}"


def _city_text(state: GenesState, city: City, names: Names) -> str:
    marks = ", ".join(city_marks(state, city, names))
    return f"{names.city(city.id)}{f' ({marks})' if marks else ''}"


def _character_lines(state: GenesState, names: Names, country: str) -> list[str]:
    own = state.characters_of(country)
    lines = [_("  Characters:") if own else _("  Characters: none")]
    lines += [f"    {_character_text(c, state, names)}" for c in own]
    if state.principal_of(country) is None:
        lines.append(_("  Principal: none (Ascendir <character> a principal names one)"))
    held = [c for _c, c in sorted(state.characters.items()) if c.held_by == country]
    captives = ", ".join(f"{c.name} ({names.country(c.owner)})" for c in held)
    return lines + [_("  Holding captive: {captives}").format(captives=captives)] * bool(held)


def _character_text(character: Character, state: GenesState, names: Names) -> str:
    role = f" ({character.role})" if character.role else ""
    values = [(t, character.value(t)) for t in Trait]
    traits = ", ".join(f"{words.trait_name(t)} {v}" for t, v in values if v)
    status = character_status(character, state, names)
    at = names.whereabouts(character.id, character.place)
    where = _("; at {place}").format(place=at) * (character.status is not CharacterStatus.DEAD)
    return f"{character.name}{role}: {traits or _('no characteristics')}{where}; {status}"


def _standing_lines(state: GenesState, names: Names, country_id: str) -> list[str]:
    country, turn = state.countries[country_id], state.turn
    lost, extra = country.lost_actions, country.extra_actions
    standing = [
        ngettext(
            "{n} action lost in turn {turn} (Sabotatge, Incursió, Setge)",
            "{n} actions lost in turn {turn} (Sabotatge, Incursió, Setge)",
            lost,
        ).format(n=lost, turn=turn)
        * bool(lost),
        ngettext(
            "{n} extra action in turn {turn} (Taxes)",
            "{n} extra actions in turn {turn} (Taxes)",
            extra,
        ).format(n=extra, turn=turn)
        * bool(extra),
        _("Restaurar ordre owed") if country.disorder else "",
        *(
            ngettext(
                "{n} Investigació bonus (+2) against {country}",
                "{n} Investigació bonuses (+2 each) against {country}",
                n,
            ).format(n=n, country=names.country(target))
            for target, n in sorted(country.investigations.items())
            if n
        ),
    ]
    shown = "; ".join(s for s in standing if s)
    points = standings.victory_points(state, names.region, country_id)
    return [_("  Standing: {standing}").format(standing=shown)] * bool(shown) + [
        _("  Victory points so far: {points}").format(points=points)
    ]


def city_marks(state: GenesState, city: City, names: Names) -> list[str]:
    """`capital`, `capital of X`, `walled`, `besieged by X`, `conquered, in X`."""
    marks = []
    if city.capital_of:
        own = city.capital_of == city.owner
        other = names.country(city.capital_of)
        marks.append(_("capital") if own else _("capital of {country}").format(country=other))
    if city.walled:
        marks.append(_("walled"))
    if city.id in state.sieges:
        besieger = names.country(state.sieges[city.id])
        marks.append(_("besieged by {country}").format(country=besieger))
    if city.country != city.owner:
        marks.append(_("conquered, in {country}").format(country=names.country(city.country)))
    return marks


def character_status(character: Character, state: GenesState, names: Names) -> str:
    """`dead`, `captured by X`, or `principal` / `free`, with what stands for
    `state`'s turn: `already active in turn 4 (helped a crisis test)`,
    `annulled by the disaster in turn 4`."""
    if character.status is CharacterStatus.DEAD:
        return _("dead")
    if character.status is CharacterStatus.CAPTURED:
        return _("captured by {country}").format(country=names.country(character.held_by))
    status = [_("principal")] if character.principal else []
    if character.id in crisis_helpers(state):
        text = _("already active in turn {turn} (helped a crisis test)")
        status.append(text.format(turn=state.turn))
    elif character.id in state.start.disabled:
        status.append(_("annulled by the disaster in turn {turn}").format(turn=state.turn))
    return ", ".join(status) or _("free")
