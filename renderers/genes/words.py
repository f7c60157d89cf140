"""The words of a Genes Mactantes report: actions, reasons, effects, traits, rolls.

English with the rulebook's Catalan terms players know (Autoritat, Exèrcit,
Setge...). Every `GenesReason` and `EffectKind` has words here (a test checks
it). Ids become display names through `renderers.genes.json_output.Names`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from adjudicator.rulesets.genes.model import TRAIT_NAMES_CA, Crisis, GenesState, Relevance, Trait
from adjudicator.rulesets.genes.outcome import (
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
)
from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Method, Side
from renderers.genes.json_output import CHARACTER_PLACE_EFFECTS, Names, de

# The dice's words, here as before (`words.roll_text`): explicit re-exports.
from renderers.genes.rolls import face_words as face_words  # noqa: PLC0414
from renderers.genes.rolls import label_text as label_text  # noqa: PLC0414
from renderers.genes.rolls import passed as passed  # noqa: PLC0414
from renderers.genes.rolls import roll_lines as roll_lines  # noqa: PLC0414
from renderers.genes.rolls import roll_text as roll_text  # noqa: PLC0414
from renderers.genes.rolls import roll_verdict as roll_verdict  # noqa: PLC0414
from renderers.genes.rolls import terms_text
from texts import N_, T_, Text, _, ngettext

RELEVANCE_WORDS: Mapping[Relevance, str] = {
    Relevance.SMALL: N_("Petita"),
    Relevance.MEDIUM: N_("Mitjana"),
    Relevance.LARGE: N_("Gran"),
}
CRISIS_WORDS: Mapping[Crisis, str] = {
    Crisis.BLOCKADE: N_("Bloqueig"),
    Crisis.ANARCHY: N_("Anarquia"),
    Crisis.AUTARKY: N_("Autarquia"),
}
ACTION_WORDS: Mapping[ActionKind, str] = {
    ActionKind.FORTIFY: N_("Fortificar"),
    ActionKind.FOUND: N_("Fundar"),
    ActionKind.REPRESS: N_("Reprimir contrapoder"),
    ActionKind.RESTORE_ORDER: N_("Restaurar ordre"),
    ActionKind.TAXES: N_("Taxes"),
    ActionKind.DEVELOPMENT: N_("Desenvolupament"),
    ActionKind.OBSERVATION: N_("Observació"),
    ActionKind.BATTLE: N_("Batalla"),
    ActionKind.CIVIL_WAR: N_("Guerra civil"),
    ActionKind.RECRUIT: N_("Reclutar soldats"),
    ActionKind.SOLDIERS_HOME: N_("Soldats a casa"),
    ActionKind.MOVE_TROOPS: N_("Trasllat de tropes"),
    ActionKind.PROMOTE: N_("Ascendir"),
    ActionKind.ASSASSINATE: N_("Assassinar"),
    ActionKind.CAPTURE: N_("Capturar"),
    ActionKind.CONVINCE: N_("Convèncer"),
    ActionKind.COPY_TECHNOLOGY: N_("Copiar tecnologia"),
    ActionKind.CREATE_COUNTERPOWER: N_("Crear contrapoder"),
    ActionKind.STRENGTHEN_COUNTERPOWER: N_("Enfortir contrapoder"),
    ActionKind.INVESTIGATION: N_("Investigació"),
    ActionKind.DISAFFECTION: N_("Promoure desafecció"),
    ActionKind.SABOTAGE: N_("Sabotatge"),
    ActionKind.EXTERNAL_BATTLE: N_("Batalla"),
    ActionKind.RAID: N_("Incursió"),
    ActionKind.SIEGE: N_("Setge"),
    ActionKind.EXTERNAL_ASSASSINATE: N_("Assassinar"),
    ActionKind.EXTERNAL_CAPTURE: N_("Capturar"),
    ActionKind.EXTERNAL_CONVINCE: N_("Convèncer"),
    ActionKind.ALLY: N_("Aliança"),
    ActionKind.WATCH: N_("Vigilància"),
    ActionKind.RELEASE: N_("Alliberar"),
    ActionKind.DISASTER_KIND: N_("Desastre"),
    ActionKind.DISASTER_CITY: N_("Desastre a"),
    ActionKind.EXCHANGE: N_("Bescanvi"),
    ActionKind.CRISIS_HELPER: N_("Crisi"),
    ActionKind.REPATRIATE: N_("Repatriar"),
}
REASON_WORDS: Mapping[GenesReason, str] = {
    GenesReason.DONE: N_("done"),
    GenesReason.PASSED: N_("succeeded"),
    GenesReason.FAILED: N_("failed"),
    GenesReason.NATURAL_ONE: N_("failed"),
    GenesReason.WON: N_("won"),
    GenesReason.LOST: N_("lost"),
    GenesReason.TIE: N_("a tie: no effect"),
    GenesReason.OVER_BUDGET: N_("over the budget: beyond the country's actions this turn"),
    GenesReason.ELIMINATED: N_("the country was eliminated before this action's turn"),
    GenesReason.CANCELLED_BY_OBSERVATION: N_("cancelled by the target's Observació"),
    GenesReason.GAME_OVER: N_("the game ended before this action's turn"),
    GenesReason.NOT_OWN_CITY: N_("the city is not the country's own"),
    GenesReason.ALREADY_WALLED: N_("the city is already walled"),
    GenesReason.NAME_TAKEN: N_("that name is already taken"),
    GenesReason.NO_COUNTERPOWER: N_("there is no Contrapoder there"),
    GenesReason.COUNTERPOWER_EXISTS: N_("there is already a Contrapoder there"),
    GenesReason.NO_DISORDER: N_("there is no disorder to restore"),
    GenesReason.TRAIT_AT_MAX: N_("the characteristic is already at its maximum"),
    GenesReason.NOT_MORE_ADVANCED: N_("the target's Tecnologia is not higher"),
    GenesReason.SAME_COUNTRY: N_("it must be aimed at another country"),
    GenesReason.TARGET_ELIMINATED: N_("the target country is out of the game"),
    GenesReason.NO_FORCES_THERE: N_("the country has no forces there"),
    GenesReason.NO_ENEMY_THERE: N_("there are no enemy forces there"),
    GenesReason.NOT_ENOUGH_TROOPS: N_("there are not enough troops there"),
    GenesReason.BESIEGED: N_("nothing can leave a besieged city"),
    GenesReason.ALREADY_BESIEGED: N_("the city is already besieged"),
    GenesReason.NO_CIVIL_WAR: N_("there is no civil war"),
    GenesReason.NOT_YOUR_CHARACTER: N_("the character is not the country's own"),
    GenesReason.OWN_CHARACTER: N_("the character is the country's own"),
    GenesReason.CHARACTER_UNAVAILABLE: N_(
        "the character cannot act (dead, captured, already active or annulled)"
    ),
    GenesReason.CHARACTER_NOT_THERE: N_("the character is not where the action needs it"),
    GenesReason.NOT_CAPTIVE: N_("the character is not held captive"),
    GenesReason.BAD_AMOUNT: N_("that amount is not allowed"),
    GenesReason.DISABLED_BY_DISASTER: N_("annulled by this turn's natural disaster"),
    GenesReason.ALREADY_PRINCIPAL: N_("the character is already the principal"),
    GenesReason.NO_CHARACTERISTIC: N_("no characteristic is named"),
    GenesReason.NOT_YOUR_CHOICE: N_(
        "that choice of the natural disaster belongs to another country"
    ),
    GenesReason.NO_DISASTER: N_("there is no natural disaster this turn"),
    GenesReason.NOT_AFFECTED_CITY: N_("the city is not one of the affected country's"),
    GenesReason.ALREADY_CHOSEN: N_("that choice of the natural disaster is already made"),
    GenesReason.NO_PLACE: N_("no known place is named"),
    GenesReason.SAME_PLACE: N_("the troops are already there"),
    GenesReason.EXCHANGE_UNMATCHED: N_("the other country did not declare the mirror terms"),
    GenesReason.NOT_YOUR_GOODS: N_("a good is not the giver's"),
    GenesReason.NOT_TRADEABLE: N_("that cannot be traded"),
    GenesReason.NOT_REACHABLE: N_("no chain of neighbouring countries leads there"),
}
WATCH_MODES: Mapping[str, str] = {"capture": N_("capturar"), "assassinate": N_("assassinar")}
"""A watch's mode (`Declaration.mode`) in the rulebook's words."""
VICTORY_WORDS: Mapping[str, str] = {
    "capitals": N_("wins the game: it holds every other country's capital"),
    "principals": N_("wins the game: it removed every other country's principal"),
    "last_country": N_("wins the game: it is the last country left"),
    "points": N_("wins the game on victory points ({points})"),
    "tie": N_("ties for the most victory points ({points})"),
}
CIVIL_WAR_ENDINGS: Mapping[str, str] = {
    "a": N_("the loyal Exèrcit is gone or the principal is dead"),
    "b": N_("the rebels are defeated"),
    "c": N_("an Autoritat test at 14 ended it"),
}


def reason_text(reason: GenesReason) -> str:
    """Words for a reason; the impossible ones start with `impossible: `."""
    words = _(REASON_WORDS[reason])
    if reason.value.startswith("impossible:"):
        return _("impossible: {reason}").format(reason=words)
    return words


def reason_message(reason: GenesReason, detail: str = "") -> Text:
    """`reason_text` kept to be told in the reader's language (an order
    issue made before the language is known), with its detail if any."""
    words = T_(REASON_WORDS[reason])
    if reason.value.startswith("impossible:"):
        words = T_("impossible: {reason}", reason=words)
    return T_("{reason} ({detail})", reason=words, detail=detail) if detail else words


def trait_name(trait: str | None) -> str:
    """`authority` -> `Autoritat`; an unknown value is shown as itself."""
    return _word(TRAIT_NAMES_CA, Trait, trait)


def crisis_name(crisis: str | None) -> str:
    """`blockade` -> `Bloqueig`; an unknown value is shown as itself."""
    return _word(CRISIS_WORDS, Crisis, crisis)


def _word(table: Mapping[Any, str], kind: Callable[[str], Any], value: str | None) -> str:
    try:
        return "?" if value is None else _(table[kind(value)])
    except ValueError:
        return value or "?"


# --- declarations ------------------------------------------------------------------


def _amount(declaration: Declaration) -> str:
    return "?" if declaration.amount is None else str(declaration.amount)


def _promote_text(d: Declaration, names: Names) -> str:
    if d.name:
        text = _("Ascendir nou personatge {name} ({trait})")
        return text.format(name=d.name, trait=trait_name(d.trait))
    if d.principal:
        return _("Ascendir {character} a principal").format(character=names.character(d.character))
    text = _("Ascendir {character} ({trait})")
    return text.format(character=names.character(d.character), trait=trait_name(d.trait))


def _battle_text(d: Declaration, names: Names) -> str:
    if d.city:
        return _("Batalla a {city}").format(city=names.city(d.city))
    against = _(" contra {country}").format(country=names.country(d.target)) if d.target else ""
    where = f" {names.lloc(d.place)}" if d.place else ""
    return _("Batalla{against}{where}").format(against=against, where=where)


def _ally_text(d: Declaration, names: Names) -> str:
    if d.mode == "rebels":
        leader = ""
        if d.character:
            leader = _(" (principal {character})").format(character=names.character(d.character))
        text = _("Aliança amb els rebels {of_country}{leader}")
        return text.format(of_country=de(names.country(d.target)), leader=leader)
    where = f" {names.lloc(d.place or d.city)}" if d.place or d.city else ""
    return _("Aliança amb {country}{where}").format(country=names.country(d.target), where=where)


def _crisis_text(d: Declaration, names: Names) -> str:
    """`Crisi d'Autoritat amb Joan i Maria` (002 §5.4.3.1, issue 18 #8)."""
    trait = f" {de(trait_name(d.trait))}" if d.trait else ""
    helpers = _(" i ").join(names.character(c) for c in d.helpers)
    with_helpers = _(" amb {helpers}").format(helpers=helpers) if helpers else ""
    return _("Crisi{of_trait}{with_helpers}").format(of_trait=trait, with_helpers=with_helpers)


def _good_text(good: Good, names: Names) -> str:
    """A good of a bescanvi in the rulebook's words (002 §5.4)."""
    if good.kind is GoodKind.TROOPS:
        text = _("{n} Exèrcit {at_place}")
        return text.format(n=good.amount, at_place=names.lloc(good.subject))
    if good.kind is GoodKind.TERRAIN:
        return _("terreny {of_country}").format(of_country=de(names.country(good.subject)))
    if good.kind is GoodKind.CHARACTER:
        return names.character(good.subject)
    return names.city(good.subject)


_EXCHANGE_VERBS = {Side.GIVE: N_("dona {goods}"), Side.GET: N_("rep {goods}")}


def _exchange_text(d: Declaration, names: Names) -> str:
    """`Bescanvi amb Llevant: dona Vilanova; rep 3 Exèrcit a Alacant`."""
    parts = []
    for side in (Side.GIVE, Side.GET):
        goods = [_good_text(g, names) for g in d.goods if g.side is side]
        if goods:
            parts.append(_(_EXCHANGE_VERBS[side]).format(goods=", ".join(goods)))
    text = _("Bescanvi amb {country}: {terms}")
    return text.format(country=names.country(d.target), terms="; ".join(parts))


def _target_text(d: Declaration, names: Names) -> str:
    """The default: the action's name and its object (`Sabotatge a Llevant`)."""
    word = _(ACTION_WORDS[d.kind])
    if d.character:
        return f"{word} {names.character(d.character)}"
    if d.target:
        country = names.country(d.target)
        if d.kind is ActionKind.COPY_TECHNOLOGY:
            return f"{word} {de(country)}"
        return _("{action} a {country}").format(action=word, country=country)
    return word


def _recruit_text(d: Declaration, n: Names) -> str:
    where = f" {n.lloc(d.city)}" if d.city else ""
    return _("Reclutar soldats {n}{at_city}").format(n=_amount(d), at_city=where)


def _home_text(d: Declaration, n: Names) -> str:
    where = f" {n.lloc(d.origin, 'de')}" if d.origin else ""
    return _("Soldats a casa {n}{from_place}").format(n=_amount(d), from_place=where)


def _move_text(d: Declaration, n: Names) -> str:
    text = _("Trasllat de tropes {n} {from_place} {to_place}")
    return text.format(
        n=_amount(d), from_place=n.lloc(d.origin, "de"), to_place=n.lloc(d.place, "to")
    )


def _watch_text(d: Declaration, n: Names) -> str:
    mode = _(WATCH_MODES[d.mode]) if d.mode is not None and d.mode in WATCH_MODES else d.mode or ""
    text = _("Vigilància {mode}").format(mode=mode).strip()
    return text + (f" ({n.country(d.target)})" if d.target else "")


_DECLARATION_TEXTS: Mapping[ActionKind, Callable[[Declaration, Names], str]] = {
    ActionKind.FORTIFY: lambda d, n: _("Fortificar {city}").format(city=n.city(d.city)),
    ActionKind.FOUND: lambda d, n: _("Fundar {city}").format(city=d.name or n.city(d.city)),
    ActionKind.DEVELOPMENT: lambda d, n: _("Desenvolupament {of_trait}").format(
        of_trait=de(trait_name(d.trait))
    ),
    ActionKind.RECRUIT: _recruit_text,
    ActionKind.SOLDIERS_HOME: _home_text,
    ActionKind.MOVE_TROOPS: _move_text,
    ActionKind.PROMOTE: _promote_text,
    ActionKind.BATTLE: _battle_text,
    ActionKind.EXTERNAL_BATTLE: _battle_text,
    ActionKind.SIEGE: lambda d, n: _("Setge {of_city}").format(of_city=de(n.city(d.city))),
    ActionKind.ALLY: _ally_text,
    ActionKind.WATCH: _watch_text,
    ActionKind.DISASTER_KIND: lambda d, n: _("Desastre: {kind}").format(kind=d.mode or "?"),
    ActionKind.DISASTER_CITY: lambda d, n: _("Desastre a {city}").format(city=n.city(d.city)),
    ActionKind.EXCHANGE: lambda d, n: _exchange_text(d, n),
    ActionKind.CRISIS_HELPER: _crisis_text,
}


def declaration_text(declaration: Declaration, names: Names) -> str:
    """A declaration in the rulebook's words: `Setge de Vilanova`, `Sabotatge a Llevant`."""
    return _DECLARATION_TEXTS.get(declaration.kind, _target_text)(declaration, names)


def method_text(result: ActionResult, previous: GenesState) -> str:
    """How an action is decided: `Militarisme 12, walled`, `contest of Diplomàcia`."""
    d, kind = result.declaration, result.declaration.kind
    against = next((r.against for r in result.rolls if r.against is not None), None)
    if kind.method is Method.TEST and result.rolls:
        text = f"{trait_name(kind.trait)} {kind.difficulty if against is None else against}"
        city = previous.cities.get(d.city or "")
        walled = kind is ActionKind.SIEGE and city and city.walled
        return _("{test}, walled").format(test=text) if walled else text
    if kind.method is Method.CONTEST:
        capture = kind in (ActionKind.CAPTURE, ActionKind.EXTERNAL_CAPTURE)
        trait = trait_name(d.trait if capture and d.trait else kind.trait)
        return _("contest of {trait}").format(trait=trait)
    if kind.method is Method.BATTLE:
        return _("battle")
    if against is None:
        return _("automatic")
    return _("automatic, then {trait} {against}").format(
        trait=trait_name(kind.trait), against=against
    )


def budget_line(name: str, total: int, terms: Iterable[tuple[str, int]]) -> str:
    """`  Ponent: 4 actions = Rellevància 2 + Autoritat/3 1 + Tecnologia/3 1`."""
    formula = terms_text(terms)
    count = ngettext("{n} action", "{n} actions", total).format(n=total)
    return f"  {name}: {count}{' = ' + formula if formula else ''}"


def forced_text(forced: str) -> str:
    """A forced action of `TurnStart.forced` in words: `Desenvolupament d'Autoritat (...)`."""
    kind, _sep, trait = forced.partition(":")
    why = {
        ActionKind.DEVELOPMENT.id: lambda: _(" {of_trait} (critical situation)").format(
            of_trait=de(trait_name(trait))
        ),
        ActionKind.RESTORE_ORDER.id: lambda: _(" (natural disaster)"),
    }.get(kind, lambda: "")()
    try:
        return _(ACTION_WORDS[ActionKind.by_id(kind)]) + why
    except ValueError:
        return forced


# --- effects -----------------------------------------------------------------------

EFFECT_WORDS: Mapping[EffectKind, str] = {
    EffectKind.TRAIT: N_("{country}'s {trait} {change}"),
    EffectKind.COUNTERPOWER: N_("{country}'s Contrapoder {change}"),
    EffectKind.FORCE: N_("{country} {gains} {n} Exèrcit at {place}{left}"),
    EffectKind.TROOPS_MOVED: N_("{country} moves {n} Exèrcit from {place} to {to_place}"),
    EffectKind.CITY_FORTIFIED: N_("{city} is walled"),
    EffectKind.CITY_FOUNDED: N_("{country} founds {city}"),
    EffectKind.CITY_TAKEN: N_("{city} is taken by {country} from {other_country}"),
    EffectKind.CITY_BESIEGED: N_("{city} ({other_country}) is besieged by {country}"),
    EffectKind.SIEGE_BROKEN: N_("the siege of {city} is broken"),
    EffectKind.CHARACTER_PROMOTED: N_("{character}'s {other_trait} rises to {value}"),
    EffectKind.CHARACTER_CREATED: N_("{character} joins {country} ({other_trait} {value})"),
    EffectKind.PRINCIPAL_NAMED: N_("{character} becomes {country}'s principal"),
    EffectKind.CHARACTER_KILLED: N_("{character} is killed{by_other}"),
    EffectKind.CHARACTER_CAPTURED: N_("{character} is captured by {country}"),
    EffectKind.CHARACTER_RELEASED: N_("{character} is released{at_other}"),
    EffectKind.CHARACTER_CONVINCED: N_("{character} leaves {other_country} for {country}"),
    EffectKind.CHARACTER_REPATRIATED: N_("{character} goes home{to_other}"),
    EffectKind.CHARACTER_MOVED: N_("{character} moves to {to_place}"),
    EffectKind.CHARACTER_ESCAPED: N_("{character} escapes"),
    EffectKind.PRINCIPAL_FOUND: N_(
        "{country} learns where {character} ({other_country}) is (told in its private report)"
    ),
    EffectKind.ACTIONS_NEXT_TURN: N_("{country} {gains} {n} {actions} next turn"),
    EffectKind.INVESTIGATION_GAINED: N_(
        "{country} gains an Investigació bonus (+2) against {other_country}"
    ),
    EffectKind.INVESTIGATION_USED: N_(
        "{country} spends its Investigació bonus against {other_country}"
    ),
    EffectKind.INVESTIGATION_CANCELLED: N_(
        "{country}'s Investigació{against_other} is cancelled by Observació"
    ),
    EffectKind.OBSERVATION_READY: N_("{country}'s Observació is ready ({value} in all)"),
    EffectKind.CIVIL_WAR_BEGUN: N_("Guerra civil breaks out in {country}{rebels}"),
    EffectKind.CIVIL_WAR_REBELS: N_("the rebels' strength in {country} {change}"),
    EffectKind.CIVIL_WAR_ENDED: N_("the Guerra civil in {country} ends{how}"),
    EffectKind.CRISIS_BEGUN: N_(
        "{country} falls into {crisis} (one action less per turn; {count} in all)"
    ),
    EffectKind.CRISIS_ENDED: N_("{country}'s {crisis} ends"),
    EffectKind.DISORDER_OWED: N_("{country} still owes Restaurar ordre; its Autoritat {change}"),
    EffectKind.DISORDER_RESTORED: N_("order is restored in {country}"),
    EffectKind.ELIMINATED: N_("{country} is eliminated"),
    EffectKind.VICTORY: N_("{country} {victory}"),
    EffectKind.DISASTER_CHOSEN: N_("the natural disaster in {country}: {subject_word} {choice}"),
    EffectKind.CITY_CEDED: N_("{city} passes from {other_country} to {country} (bescanvi)"),
    EffectKind.TROOPS_CEDED: N_("{other_country} hands {n} Exèrcit at {place} to {country}"),
    EffectKind.CHARACTER_CEDED: N_("{character} passes from {other_country} to {country}"),
    EffectKind.CAPTIVE_CEDED: N_("{other_country} hands its captive {character} to {country}"),
    EffectKind.REBEL_PRINCIPAL_NAMED: N_("{character} leads the rebels in {country}"),
}
"""A template per effect kind, filled from `_EffectFields`."""


def _change(delta: int | None, value: int | None) -> str:
    """`rises by 1 to 5`, `falls by 2 to 0`, `is now 3`."""
    if not delta:
        return _("changes") if value is None else _("is now {value}").format(value=value)
    if value is None:
        text = _("rises by {n}") if delta > 0 else _("falls by {n}")
    else:
        text = _("rises by {n} to {value}") if delta > 0 else _("falls by {n} to {value}")
    return text.format(n=abs(delta), value=value)


@dataclass(frozen=True)
class _EffectFields:
    """The words a template may use, computed when asked (`str.format_map`)."""

    e: Effect
    n: Names

    def __getitem__(self, key: str) -> object:
        e, n, delta = self.e, self.n, self.e.delta or 0
        fields: Mapping[str, Callable[[], object]] = {
            "country": lambda: n.country(e.country),
            "other_country": lambda: n.country(e.other),
            "city": lambda: n.city(e.subject),
            "place": lambda: n.place(e.subject),
            "to_place": lambda: self._place_of_subject(e.other),
            "to_other": lambda: (
                _(" to {place}").format(place=self._place_of_subject(e.other)) if e.other else ""
            ),
            "against_other": lambda: (
                _(" against {country}").format(country=n.country(e.other)) if e.other else ""
            ),
            "of_country": lambda: de(n.country(e.country)),
            "character": lambda: n.character(e.subject),
            "trait": lambda: trait_name(e.subject),
            "other_trait": lambda: trait_name(e.other),
            "crisis": lambda: crisis_name(e.subject),
            "change": lambda: _change(e.delta, e.value),
            "n": lambda: abs(delta),
            "value": lambda: "?" if e.value is None else e.value,
            "count": lambda: e.value or 1,
            "gains": lambda: _("gains") if delta >= 0 else _("loses"),
            "actions": lambda: ngettext("action", "actions", abs(delta)),
            "left": lambda: self._left(delta),
            "rebels": lambda: "" if e.value is None else _(" (rebels {n})").format(n=e.value),
            "subject_word": lambda: _("city") if e.subject == "city" else _("kind"),
            "choice": lambda: n.city(e.other) if e.subject == "city" else (e.other or "?"),
            "by_other": lambda: (
                _(" by {country}").format(country=n.country(e.other)) if e.other else ""
            ),
            "at_other": lambda: (
                _(" at {place}").format(place=self._place_of_subject(e.other)) if e.other else ""
            ),
            "victory": lambda: _(VICTORY_WORDS.get(e.subject or "", N_("wins the game"))).format(
                points=e.value
            ),
            "how": lambda: f" ({self._ending(e.other)})" if e.other else "",
        }
        return fields[key]()

    def _left(self, delta: int) -> str:
        if self.e.value is None:
            return ""
        if delta < 0:
            return ngettext(" ({n} left)", " ({n} left)", self.e.value).format(n=self.e.value)
        return _(" ({n} there now)").format(n=self.e.value)

    @staticmethod
    def _ending(how: str) -> str:
        return _(CIVIL_WAR_ENDINGS[how]) if how in CIVIL_WAR_ENDINGS else how

    def _place_of_subject(self, place: str | None) -> str:
        """Where the effect's subject went: a character's new place is told as
        the reader may know it (a hidden principal's is not, 002 §4.4)."""
        if self.e.kind in CHARACTER_PLACE_EFFECTS and self.e.subject is not None:
            return self.n.whereabouts(self.e.subject, place)
        return self.n.place(place)


def effect_text(effect: Effect, names: Names) -> str:
    """One effect in words: `Vilanova (Llevant) is besieged by Ponent`."""
    return _(EFFECT_WORDS[effect.kind]).format_map(_EffectFields(effect, names))


def effects_text(effects: Iterable[Effect], names: Names) -> str:
    """Effects as one sentence: `A; b.` (empty when there are none)."""
    joined = "; ".join(effect_text(e, names) for e in effects)
    return joined[:1].upper() + joined[1:] + "." if joined else ""
