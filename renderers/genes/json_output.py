"""A resolved Genes Mactantes turn as data: names, the facts both reports
show, and its JSON form (`reports/<turn>-actions.json`).

`Names` turns ids into display names: countries and cities from the region
(founded cities from the state), characters from the state; an unknown id
is shown as itself. The facts (pure functions shared with
`renderers.genes.report`): the results in resolution order and the ones not
resolved, and the receipts; the figures the rules compute (victory points
so far, the next turn's actions per turn, final scores) come from
`adjudicator.rulesets.genes.standings`.

`render_genes_json(turn)` is the text report as data: outcomes, reasons and
effect kinds are the enum values, every roll keeps its terms, the state after
the turn is the codec's form (`GenesState.to_dict`). Keys are sorted and
every list is in a stable order, so equal turns give byte-equal JSON.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any

from adjudicator.core.receipts import Receipt
from adjudicator.rulesets.genes.codec import state_to_dict
from adjudicator.rulesets.genes.model import FIELD_PREFIX, Character, GenesState, TurnStart
from adjudicator.rulesets.genes.outcome import (
    ActionResult,
    Effect,
    EffectKind,
    GenesResolution,
    TestRoll,
    TurnFrame,
)
from adjudicator.rulesets.genes.standings import (
    final_scores,
    game_ended,
    next_budgets,
    victory_points,
)
from maps.genes.region import Region
from orders.genes.model import Declaration
from renderers.common import issue_dict, issue_key, plain_value, roll_dict
from texts import _, current_language, ngettext

if TYPE_CHECKING:
    from renderers.genes.report import GenesTurnReport

SCHEMA = "mapjudge/genes-turn/1"


# --- names -------------------------------------------------------------------------


def de(name: str) -> str:
    """The Catalan `de` before a name: `de Vilanova`, `d'Olot`, `d'Autoritat`
    (in Spanish always `de`)."""
    if current_language() == "es":
        return f"de {name}"
    first = name[:2].casefold()
    elided = first[:1] in "aeiouàèéíòóú" or (first[:1] == "h" and first[1:2] in "aeiou")
    return f"d'{name}" if elided else f"de {name}"


CHARACTER_PLACE_EFFECTS = frozenset(
    {EffectKind.CHARACTER_MOVED, EffectKind.CHARACTER_RELEASED, EffectKind.CHARACTER_REPATRIATED}
)
"""Effects whose `other` is the place a character (their subject) went to."""


@dataclass(frozen=True)
class Names:
    """Display names of ids: the region's, then the states' (newest first)."""

    region: Region
    states: tuple[GenesState, ...] = ()
    hidden: frozenset[str] = frozenset()
    """Characters whose place this reader is not told (principals that moved
    and hid, 002 §4.4, seen by anyone but their owner)."""

    @staticmethod
    def _name(id_: str | None, tables: Iterable[Mapping[str, Any]]) -> str:
        """The `name` of the first record with that id, else the id itself."""
        if id_ is None:
            return "?"
        return next((table[id_].name for table in tables if id_ in table), id_)

    def country(self, country: str | None) -> str:
        """A country's name in the language being written (the region's `names`)."""
        area = self.region.countries.get(country or "")
        if area is not None:
            return area.local_name
        return self._name(country, (s.countries for s in self.states))

    def city(self, city: str | None) -> str:
        return self._name(city, (self.region.cities, *(s.cities for s in self.states)))

    def character(self, character: str | None) -> str:
        return self._name(character, (s.characters for s in self.states))

    def place(self, place: str | None) -> str:
        """A city's name, or `the field of <country>`."""
        if place is not None and place.startswith(FIELD_PREFIX):
            country = self.country(place.removeprefix(FIELD_PREFIX))
            return _("the field of {country}").format(country=country)
        return self.city(place)

    def lloc(self, place: str | None, prep: str = "a") -> str:
        """A place after a Catalan preposition: `a` where something is (`a
        Vilanova`, `al camp de Ponent`), `to` where it goes (the same words in
        Catalan, not in Spanish), `de` where it comes from."""
        if place is not None and place.startswith(FIELD_PREFIX):
            of_country = de(self.country(place.removeprefix(FIELD_PREFIX)))
            if prep == "to":
                return _("al camp {of_destination}").format(of_destination=of_country)
            text = _("al camp {of_country}") if prep == "a" else _("del camp {of_country}")
            return text.format(of_country=of_country)
        name = self.city(place)
        if prep == "to":
            return _("a {destination}").format(destination=name)
        return _("a {city}").format(city=name) if prep == "a" else de(name)

    def whereabouts(self, character: str, place: str | None) -> str:
        """Where a character is, as this reader may be told: its place, or that
        only its country (and those that found it, issue 18 #4) know."""
        if character in self.hidden:
            knowers = self._knowers(character)
            text = ngettext(
                "a place only {countries} knows", "a place only {countries} know", len(knowers)
            )
            return text.format(countries=_(" and ").join(self.country(c) for c in knowers))
        return self.place(place)

    def _knowers(self, character: str) -> tuple[str | None, ...]:
        """The owner of a hidden principal and the countries that found it."""
        records = (s.characters[character] for s in self.states if character in s.characters)
        record = next(records, None)
        return (record.owner, *record.seen_by) if record is not None else (None,)

    def listed(self, countries: Iterable[str]) -> str:
        return ", ".join(self.country(c) for c in countries)

    def table(self, state: GenesState) -> dict[str, dict[str, str]]:
        """Every display name `state` needs: countries, cities, characters."""
        return {
            "countries": {c: self.country(c) for c in state.countries},
            "cities": {c: self.city(c) for c in state.cities},
            "characters": {c: self.character(c) for c in state.characters},
        }


# --- the facts ---------------------------------------------------------------------


def receipt_pairs(receipts: tuple[Receipt | tuple[str, str], ...]) -> list[tuple[str, str]]:
    """Receipts (records or (file, sha256) pairs) as sorted pairs."""
    return sorted((r.file, r.sha256) if isinstance(r, Receipt) else (r[0], r[1]) for r in receipts)


def resolved_results(resolution: GenesResolution) -> list[ActionResult]:
    """The resolved actions in the order they were resolved (by step), then the
    free lines (step 0: they cost no action)."""
    resolved = (r for r in resolution.results if r.reason.resolved)
    return sorted(resolved, key=lambda r: (r.step == 0, r.step))


def unresolved_results(resolution: GenesResolution) -> list[ActionResult]:
    """The actions not resolved: by seat, then by line in the declaration."""
    seats = {c: i for i, c in enumerate(resolution.previous.seats)}

    def key(result: ActionResult) -> tuple[int, str, int, int]:
        power, source = result.declaration.power, result.declaration.source
        return (seats.get(power, len(seats)), power, source.line if source else 0, result.step)

    return sorted((r for r in resolution.results if not r.reason.resolved), key=key)


# --- the JSON form -----------------------------------------------------------------


def render_genes_json(turn: GenesTurnReport) -> str:
    """`genes_turn_dict` as indented JSON with sorted keys (UTF-8 text kept)."""
    data = genes_turn_dict(turn)
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, default=str) + "\n"


def genes_turn_dict(turn: GenesTurnReport) -> dict[str, Any]:
    """Plain data for one resolved turn."""
    resolution, names = turn.resolution, turn.names
    previous, state = resolution.previous, resolution.state
    return {
        "schema": SCHEMA,
        "game": turn.game_name,
        "ruleset": "genes",
        "ruleset_title": turn.ruleset_title,
        "turn": previous.turn,
        "phase": previous.phase.id,
        "next_phase": state.phase.id,
        "options": {k: plain_value(v) for k, v in turn.changed_options.items()},
        "receipts": [{"file": f, "sha256": h} for f, h in receipt_pairs(turn.receipts)],
        "issues": [issue_dict(i, turn.file_powers) for i in sorted(turn.issues, key=issue_key)],
        "frame": _frame_dict(resolution.frame, previous.start),
        "results": [
            _result_dict(r, names.hidden)
            for r in resolved_results(resolution) + unresolved_results(resolution)
        ],
        "next_turn": _next_turn_dict(resolution),
        "sheets": {c: _sheet_dict(turn, c) for c in state.seats},
        "state": _told_state(state, names.hidden),
        "names": names.table(state),
        "winner": state.winner,
        "final_scores": final_scores(resolution),
        "rolls": [roll_dict(r) for r in resolution.rolls],
    }


def _frame_dict(frame: TurnFrame, start: TurnStart) -> dict[str, Any]:
    return {
        "initiative": list(frame.initiative),
        "initiative_rolls": [test_roll_dict(r) for r in frame.initiative_rolls],
        "budgets": dict(frame.budgets),
        "budget_terms": {c: _terms(terms) for c, terms in frame.budget_terms},
        "start": _start_dict(start),
    }


def _next_turn_dict(resolution: GenesResolution) -> dict[str, Any]:
    state, frame = resolution.state, resolution.frame
    budgets = {} if game_ended(resolution) else next_budgets(state)
    return {
        "start": _start_dict(state.start),
        "effects": [effect_dict(e) for e in frame.effects],
        "crisis_rolls": [test_roll_dict(r) for r in frame.rolls],
        "budgets": {c: {"total": b.total, "terms": _terms(b.terms)} for c, b in budgets.items()},
    }


def _start_dict(start: TurnStart) -> dict[str, Any]:
    return dataclasses.asdict(start)


def _told_state(state: GenesState, hidden: frozenset[str]) -> dict[str, Any]:
    """The state's data as the reader may be told it: no place for a hidden
    principal (002 §4.4)."""
    data = state_to_dict(state)
    for character in hidden & set(data.get("characters", {})):
        data["characters"][character].pop("place", None)
    return data


def _told_effect(effect: Effect, hidden: frozenset[str]) -> dict[str, Any]:
    """An effect's data, without the place a hidden principal went to."""
    data = effect_dict(effect)
    if effect.kind in CHARACTER_PLACE_EFFECTS and effect.subject in hidden:
        data["other"] = None
    return data


def _result_dict(result: ActionResult, hidden: frozenset[str] = frozenset()) -> dict[str, Any]:
    source = result.declaration.source
    return {
        "step": result.step,
        "country": result.declaration.power,
        "declaration": declaration_dict(result.declaration),
        "outcome": result.outcome.value,
        "reason": result.reason.value,
        "forced": result.forced,
        "detail": result.detail,
        "source": (
            {"file": source.file, "line": source.line, "text": source.text.strip()}
            if source
            else None
        ),
        "rolls": [test_roll_dict(r) for r in result.rolls],
        "effects": [_told_effect(e, hidden) for e in result.effects],
    }


def declaration_dict(declaration: Declaration) -> dict[str, Any]:
    """The declaration's fields that are set (`kind` as its id, no source)."""
    data: dict[str, Any] = {"power": declaration.power, "kind": declaration.kind.id}
    for item in dataclasses.fields(declaration):
        value = getattr(declaration, item.name)
        unset = value is None or value is False or value == ()
        if item.name in data or item.name == "source" or unset:
            continue
        data[item.name] = [_plain(v) for v in value] if isinstance(value, tuple) else value
    return data


def _plain(value: Any) -> Any:
    """A declaration's item as plain data: a bescanvi's `Good` as a dict of
    its set fields, enums as their values (002 §5.4)."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return value
    data = {}
    for item in dataclasses.fields(value):
        field = getattr(value, item.name)
        if field is not None:
            data[item.name] = field.value if isinstance(field, Enum) else field
    return data


def test_roll_dict(roll: TestRoll) -> dict[str, Any]:
    """One side of a test or contest; `face` is 1..10, 10 being the 0 face."""
    return {**dataclasses.asdict(roll), "terms": _terms(roll.terms)}


def effect_dict(effect: Effect) -> dict[str, Any]:
    """An effect; `kind` is the enum value."""
    return {**dataclasses.asdict(effect), "kind": effect.kind.value}


def _terms(terms: tuple[tuple[str, int], ...]) -> list[dict[str, Any]]:
    return [{"label": label, "value": value} for label, value in terms]


def _sheet_dict(turn: GenesTurnReport, country: str) -> dict[str, Any]:
    """What the sheet adds to the state's data: names and counts."""
    state, names = turn.state, turn.names
    record = state.countries[country]
    return {
        "name": names.country(country),
        "eliminated": record.eliminated,
        "authority_in_play": record.authority,
        "army": state.army(country),
        "cities": [c.id for c in state.cities_of(country)],
        "characters": [c.id for c in state.characters_of(country)],
        "victory_points": 0 if record.eliminated else victory_points(state, turn.region, country),
    }


PRIVATE_SCHEMA = "mapjudge/genes-private/1"


def found_principals(state: GenesState, country: str) -> list[Character]:
    """The other countries' hidden principals `country` found (a watch, an
    Investigació) and that have not moved since (002 §4.4, issue 18 #4)."""
    return [
        c
        for _id, c in sorted(state.characters.items())
        if c.hidden and c.free and country in c.seen_by and c.owner != country
    ]


def country_dict(turn: GenesTurnReport, country: str) -> dict[str, Any]:
    """A country's private part as data: its sheet and its characters as they
    stand, hidden principal included (002 §4.4)."""
    state = turn.resolution.state
    characters = state_to_dict(state).get("characters", {})
    own = {c.id for c in state.characters_of(country)}
    return {
        "schema": PRIVATE_SCHEMA,
        "game": turn.game_name,
        "phase": turn.resolution.previous.phase.id,
        "next_phase": state.phase.id,
        "country": country,
        "sheet": _sheet_dict(turn, country),
        "characters": {c: data for c, data in characters.items() if c in own},
        "revealed": {
            c.id: {"name": c.name, "owner": c.owner, "place": c.place}
            for c in found_principals(state, country)
        },
    }


def render_country_json(turn: GenesTurnReport, country: str) -> str:
    """`country_dict` as indented JSON with sorted keys (UTF-8 text kept)."""
    data = country_dict(turn, country)
    return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False, default=str) + "\n"
