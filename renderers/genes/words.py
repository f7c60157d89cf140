"""The words of a Genes Mactantes report: actions, reasons, effects, traits, rolls.

English with the rulebook's Catalan terms players know (Autoritat, Exèrcit,
Setge...). Every `GenesReason` and `EffectKind` has words here (a test checks
it). Ids become display names through `renderers.genes.json_output.Names`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from adjudicator.rulesets.genes.characters import FATE_CAPTURED, FATE_KILLED
from adjudicator.rulesets.genes.model import TRAIT_NAMES_CA, Crisis, GenesState, Relevance, Trait
from adjudicator.rulesets.genes.outcome import (
    FATE_PREFIX,
    TRAVEL_SUFFIX,
    WATCH_PREFIX,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    TestRoll,
)
from orders.genes.model import ActionKind, Declaration, Good, GoodKind, Method, Side
from renderers.genes.json_output import CHARACTER_PLACE_EFFECTS, Names, de

RELEVANCE_WORDS: Mapping[Relevance, str] = {
    Relevance.SMALL: "Petita",
    Relevance.MEDIUM: "Mitjana",
    Relevance.LARGE: "Gran",
}
CRISIS_WORDS: Mapping[Crisis, str] = {
    Crisis.BLOCKADE: "Bloqueig",
    Crisis.ANARCHY: "Anarquia",
    Crisis.AUTARKY: "Autarquia",
}
ACTION_WORDS: Mapping[ActionKind, str] = {
    ActionKind.FORTIFY: "Fortificar",
    ActionKind.FOUND: "Fundar",
    ActionKind.REPRESS: "Reprimir contrapoder",
    ActionKind.RESTORE_ORDER: "Restaurar ordre",
    ActionKind.TAXES: "Taxes",
    ActionKind.DEVELOPMENT: "Desenvolupament",
    ActionKind.OBSERVATION: "Observació",
    ActionKind.BATTLE: "Batalla",
    ActionKind.CIVIL_WAR: "Guerra civil",
    ActionKind.RECRUIT: "Reclutar soldats",
    ActionKind.SOLDIERS_HOME: "Soldats a casa",
    ActionKind.MOVE_TROOPS: "Trasllat de tropes",
    ActionKind.PROMOTE: "Ascendir",
    ActionKind.ASSASSINATE: "Assassinar",
    ActionKind.CAPTURE: "Capturar",
    ActionKind.CONVINCE: "Convèncer",
    ActionKind.COPY_TECHNOLOGY: "Copiar tecnologia",
    ActionKind.CREATE_COUNTERPOWER: "Crear contrapoder",
    ActionKind.STRENGTHEN_COUNTERPOWER: "Enfortir contrapoder",
    ActionKind.INVESTIGATION: "Investigació",
    ActionKind.DISAFFECTION: "Promoure desafecció",
    ActionKind.SABOTAGE: "Sabotatge",
    ActionKind.EXTERNAL_BATTLE: "Batalla",
    ActionKind.RAID: "Incursió",
    ActionKind.SIEGE: "Setge",
    ActionKind.EXTERNAL_ASSASSINATE: "Assassinar",
    ActionKind.EXTERNAL_CAPTURE: "Capturar",
    ActionKind.EXTERNAL_CONVINCE: "Convèncer",
    ActionKind.ALLY: "Aliança",
    ActionKind.WATCH: "Vigilància",
    ActionKind.RELEASE: "Alliberar",
    ActionKind.DISASTER_KIND: "Desastre",
    ActionKind.DISASTER_CITY: "Desastre a",
    ActionKind.EXCHANGE: "Bescanvi",
    ActionKind.CRISIS_HELPER: "Crisi",
    ActionKind.REPATRIATE: "Repatriar",
}
REASON_WORDS: Mapping[GenesReason, str] = {
    GenesReason.DONE: "done",
    GenesReason.PASSED: "succeeded",
    GenesReason.FAILED: "failed",
    GenesReason.NATURAL_ONE: "failed",
    GenesReason.WON: "won",
    GenesReason.LOST: "lost",
    GenesReason.TIE: "a tie: no effect",
    GenesReason.OVER_BUDGET: "over the budget: beyond the country's actions this turn",
    GenesReason.ELIMINATED: "the country was eliminated before this action's turn",
    GenesReason.CANCELLED_BY_OBSERVATION: "cancelled by the target's Observació",
    GenesReason.GAME_OVER: "the game ended before this action's turn",
    GenesReason.NOT_OWN_CITY: "the city is not the country's own",
    GenesReason.ALREADY_WALLED: "the city is already walled",
    GenesReason.NAME_TAKEN: "that name is already taken",
    GenesReason.NO_COUNTERPOWER: "there is no Contrapoder there",
    GenesReason.COUNTERPOWER_EXISTS: "there is already a Contrapoder there",
    GenesReason.NO_DISORDER: "there is no disorder to restore",
    GenesReason.TRAIT_AT_MAX: "the characteristic is already at its maximum",
    GenesReason.NOT_MORE_ADVANCED: "the target's Tecnologia is not higher",
    GenesReason.SAME_COUNTRY: "it must be aimed at another country",
    GenesReason.TARGET_ELIMINATED: "the target country is out of the game",
    GenesReason.NO_FORCES_THERE: "the country has no forces there",
    GenesReason.NO_ENEMY_THERE: "there are no enemy forces there",
    GenesReason.NOT_ENOUGH_TROOPS: "there are not enough troops there",
    GenesReason.BESIEGED: "nothing can leave a besieged city",
    GenesReason.ALREADY_BESIEGED: "the city is already besieged",
    GenesReason.NO_CIVIL_WAR: "there is no civil war",
    GenesReason.NOT_YOUR_CHARACTER: "the character is not the country's own",
    GenesReason.OWN_CHARACTER: "the character is the country's own",
    GenesReason.CHARACTER_UNAVAILABLE: (
        "the character cannot act (dead, captured, already active or annulled)"
    ),
    GenesReason.CHARACTER_NOT_THERE: "the character is not where the action needs it",
    GenesReason.NOT_CAPTIVE: "the character is not held captive",
    GenesReason.BAD_AMOUNT: "that amount is not allowed",
    GenesReason.DISABLED_BY_DISASTER: "annulled by this turn's natural disaster",
    GenesReason.ALREADY_PRINCIPAL: "the character is already the principal",
    GenesReason.NO_CHARACTERISTIC: "no characteristic is named",
    GenesReason.NOT_YOUR_CHOICE: "that choice of the natural disaster belongs to another country",
    GenesReason.NO_DISASTER: "there is no natural disaster this turn",
    GenesReason.NOT_AFFECTED_CITY: "the city is not one of the affected country's",
    GenesReason.ALREADY_CHOSEN: "that choice of the natural disaster is already made",
    GenesReason.NO_PLACE: "no known place is named",
    GenesReason.SAME_PLACE: "the troops are already there",
    GenesReason.EXCHANGE_UNMATCHED: "the other country did not declare the mirror terms",
    GenesReason.NOT_YOUR_GOODS: "a good is not the giver's",
    GenesReason.NOT_TRADEABLE: "that cannot be traded",
    GenesReason.NOT_REACHABLE: "no chain of neighbouring countries leads there",
}
WATCH_MODES: Mapping[str, str] = {"capture": "capturar", "assassinate": "assassinar"}
"""A watch's mode (`Declaration.mode`) in the rulebook's words."""
VICTORY_WORDS: Mapping[str, str] = {
    "capitals": "wins the game: it holds every other country's capital",
    "principals": "wins the game: it removed every other country's principal",
    "last_country": "wins the game: it is the last country left",
    "points": "wins the game on victory points ({})",
    "tie": "ties for the most victory points ({})",
}
CIVIL_WAR_ENDINGS: Mapping[str, str] = {
    "a": "the loyal Exèrcit is gone or the principal is dead",
    "b": "the rebels are defeated",
    "c": "an Autoritat test at 14 ended it",
}


def reason_text(reason: GenesReason) -> str:
    """Words for a reason; the impossible ones start with `impossible: `."""
    words = REASON_WORDS[reason]
    return f"impossible: {words}" if reason.value.startswith("impossible:") else words


def trait_name(trait: str | None) -> str:
    """`authority` -> `Autoritat`; an unknown value is shown as itself."""
    return _word(TRAIT_NAMES_CA, Trait, trait)


def crisis_name(crisis: str | None) -> str:
    """`blockade` -> `Bloqueig`; an unknown value is shown as itself."""
    return _word(CRISIS_WORDS, Crisis, crisis)


def _word(table: Mapping[Any, str], kind: Callable[[str], Any], value: str | None) -> str:
    try:
        return "?" if value is None else table[kind(value)]
    except ValueError:
        return value or "?"


# --- declarations ------------------------------------------------------------------


def _amount(declaration: Declaration) -> str:
    return "?" if declaration.amount is None else str(declaration.amount)


def _promote_text(d: Declaration, names: Names) -> str:
    if d.name:
        return f"Ascendir nou personatge {d.name} ({trait_name(d.trait)})"
    if d.principal:
        return f"Ascendir {names.character(d.character)} a principal"
    return f"Ascendir {names.character(d.character)} ({trait_name(d.trait)})"


def _battle_text(d: Declaration, names: Names) -> str:
    if d.city:
        return f"Batalla a {names.city(d.city)}"
    against = f" contra {names.country(d.target)}" if d.target else ""
    where = f" {names.lloc(d.place)}" if d.place else ""
    return f"Batalla{against}{where}"


def _ally_text(d: Declaration, names: Names) -> str:
    if d.mode == "rebels":
        leader = f" (principal {names.character(d.character)})" if d.character else ""
        return f"Aliança amb els rebels {de(names.country(d.target))}{leader}"
    where = f" {names.lloc(d.place or d.city)}" if d.place or d.city else ""
    return f"Aliança amb {names.country(d.target)}{where}"


def _crisis_text(d: Declaration, names: Names) -> str:
    """`Crisi d'Autoritat amb Joan i Maria` (002 §5.4.3.1, issue 18 #8)."""
    trait = f" {de(trait_name(d.trait))}" if d.trait else ""
    helpers = " i ".join(names.character(c) for c in d.helpers)
    return f"Crisi{trait}" + (f" amb {helpers}" if helpers else "")


def _good_text(good: Good, names: Names) -> str:
    """A good of a bescanvi in the rulebook's words (002 §5.4)."""
    if good.kind is GoodKind.TROOPS:
        return f"{good.amount} Exèrcit {names.lloc(good.subject)}"
    if good.kind is GoodKind.TERRAIN:
        return f"terreny {de(names.country(good.subject))}"
    if good.kind is GoodKind.CHARACTER:
        return names.character(good.subject)
    return names.city(good.subject)


def _exchange_text(d: Declaration, names: Names) -> str:
    """`Bescanvi amb Llevant: dona Vilanova; rep 3 Exèrcit a Alacant`."""
    parts = []
    for side, verb in ((Side.GIVE, "dona"), (Side.GET, "rep")):
        goods = [_good_text(g, names) for g in d.goods if g.side is side]
        if goods:
            parts.append(f"{verb} {', '.join(goods)}")
    return f"Bescanvi amb {names.country(d.target)}: {'; '.join(parts)}"


def _target_text(d: Declaration, names: Names) -> str:
    """The default: the action's name and its object (`Sabotatge a Llevant`)."""
    word = ACTION_WORDS[d.kind]
    if d.character:
        return f"{word} {names.character(d.character)}"
    if d.target:
        country = names.country(d.target)
        copy = d.kind is ActionKind.COPY_TECHNOLOGY
        return f"{word} {de(country)}" if copy else f"{word} a {country}"
    return word


_DECLARATION_TEXTS: Mapping[ActionKind, Callable[[Declaration, Names], str]] = {
    ActionKind.FORTIFY: lambda d, n: f"Fortificar {n.city(d.city)}",
    ActionKind.FOUND: lambda d, n: f"Fundar {d.name or n.city(d.city)}",
    ActionKind.DEVELOPMENT: lambda d, n: f"Desenvolupament {de(trait_name(d.trait))}",
    ActionKind.RECRUIT: lambda d, n: (
        f"Reclutar soldats {_amount(d)}" + (f" {n.lloc(d.city)}" if d.city else "")
    ),
    ActionKind.SOLDIERS_HOME: lambda d, n: (
        f"Soldats a casa {_amount(d)}" + (f" {n.lloc(d.origin, 'de')}" if d.origin else "")
    ),
    ActionKind.MOVE_TROOPS: lambda d, n: (
        f"Trasllat de tropes {_amount(d)} {n.lloc(d.origin, 'de')} {n.lloc(d.place)}"
    ),
    ActionKind.PROMOTE: _promote_text,
    ActionKind.BATTLE: _battle_text,
    ActionKind.EXTERNAL_BATTLE: _battle_text,
    ActionKind.SIEGE: lambda d, n: f"Setge {de(n.city(d.city))}",
    ActionKind.ALLY: _ally_text,
    ActionKind.WATCH: lambda d, n: (
        f"Vigilància {WATCH_MODES.get(d.mode or '', d.mode or '')}".strip()
        + (f" ({n.country(d.target)})" if d.target else "")
    ),
    ActionKind.DISASTER_KIND: lambda d, n: f"Desastre: {d.mode or '?'}",
    ActionKind.DISASTER_CITY: lambda d, n: f"Desastre a {n.city(d.city)}",
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
        return text + (", walled" if kind is ActionKind.SIEGE and city and city.walled else "")
    if kind.method is Method.CONTEST:
        capture = kind in (ActionKind.CAPTURE, ActionKind.EXTERNAL_CAPTURE)
        return f"contest of {trait_name(d.trait if capture and d.trait else kind.trait)}"
    if kind.method is Method.BATTLE:
        return "battle"
    return "automatic" if against is None else f"automatic, then {trait_name(kind.trait)} {against}"


def budget_line(name: str, total: int, terms: Iterable[tuple[str, int]]) -> str:
    """`  Ponent: 4 actions = Rellevància 2 + Autoritat/3 1 + Tecnologia/3 1`."""
    formula = terms_text(terms)
    noun = "action" if total == 1 else "actions"
    return f"  {name}: {total} {noun}{' = ' + formula if formula else ''}"


def forced_text(forced: str) -> str:
    """A forced action of `TurnStart.forced` in words: `Desenvolupament d'Autoritat (...)`."""
    kind, _, trait = forced.partition(":")
    why = {
        ActionKind.DEVELOPMENT.id: f" {de(trait_name(trait))} (critical situation)",
        ActionKind.RESTORE_ORDER.id: " (natural disaster)",
    }.get(kind, "")
    try:
        return ACTION_WORDS[ActionKind.by_id(kind)] + why
    except ValueError:
        return forced


# --- effects -----------------------------------------------------------------------

EFFECT_WORDS: Mapping[EffectKind, str] = {
    EffectKind.TRAIT: "{country}'s {trait} {change}",
    EffectKind.COUNTERPOWER: "{country}'s Contrapoder {change}",
    EffectKind.FORCE: "{country} {gains} {n} Exèrcit at {place}{left}",
    EffectKind.TROOPS_MOVED: "{country} moves {n} Exèrcit from {place} to {to_place}",
    EffectKind.CITY_FORTIFIED: "{city} is walled",
    EffectKind.CITY_FOUNDED: "{country} founds {city}",
    EffectKind.CITY_TAKEN: "{city} is taken by {country} from {other_country}",
    EffectKind.CITY_BESIEGED: "{city} ({other_country}) is besieged by {country}",
    EffectKind.SIEGE_BROKEN: "the siege of {city} is broken",
    EffectKind.CHARACTER_PROMOTED: "{character}'s {other_trait} rises to {value}",
    EffectKind.CHARACTER_CREATED: "{character} joins {country} ({other_trait} {value})",
    EffectKind.PRINCIPAL_NAMED: "{character} becomes {country}'s principal",
    EffectKind.CHARACTER_KILLED: "{character} is killed{by_other}",
    EffectKind.CHARACTER_CAPTURED: "{character} is captured by {country}",
    EffectKind.CHARACTER_RELEASED: "{character} is released{at_other}",
    EffectKind.CHARACTER_CONVINCED: "{character} leaves {other_country} for {country}",
    EffectKind.CHARACTER_REPATRIATED: "{character} goes home{to_other}",
    EffectKind.CHARACTER_MOVED: "{character} moves to {to_place}",
    EffectKind.CHARACTER_ESCAPED: "{character} escapes",
    EffectKind.PRINCIPAL_FOUND: (
        "{country} learns where {character} ({other_country}) is (told in its private report)"
    ),
    EffectKind.ACTIONS_NEXT_TURN: "{country} {gains} {n} {actions} next turn",
    EffectKind.INVESTIGATION_GAINED: (
        "{country} gains an Investigació bonus (+2) against {other_country}"
    ),
    EffectKind.INVESTIGATION_USED: "{country} spends its Investigació bonus against {other_country}",
    EffectKind.INVESTIGATION_CANCELLED: (
        "{country}'s Investigació{against_other} is cancelled by Observació"
    ),
    EffectKind.OBSERVATION_READY: "{country}'s Observació is ready ({value} in all)",
    EffectKind.CIVIL_WAR_BEGUN: "Guerra civil breaks out in {country}{rebels}",
    EffectKind.CIVIL_WAR_REBELS: "the rebels' strength in {country} {change}",
    EffectKind.CIVIL_WAR_ENDED: "the Guerra civil in {country} ends{how}",
    EffectKind.CRISIS_BEGUN: "{country} falls into {crisis} (one action less per turn; {count} in all)",
    EffectKind.CRISIS_ENDED: "{country}'s {crisis} ends",
    EffectKind.DISORDER_OWED: "{country} still owes Restaurar ordre; its Autoritat {change}",
    EffectKind.DISORDER_RESTORED: "order is restored in {country}",
    EffectKind.ELIMINATED: "{country} is eliminated",
    EffectKind.VICTORY: "{country} {victory}",
    EffectKind.DISASTER_CHOSEN: "the natural disaster in {country}: {subject_word} {choice}",
    EffectKind.CITY_CEDED: "{city} passes from {other_country} to {country} (bescanvi)",
    EffectKind.TROOPS_CEDED: "{other_country} hands {n} Exèrcit at {place} to {country}",
    EffectKind.CHARACTER_CEDED: "{character} passes from {other_country} to {country}",
    EffectKind.CAPTIVE_CEDED: "{other_country} hands its captive {character} to {country}",
    EffectKind.REBEL_PRINCIPAL_NAMED: "{character} leads the rebels in {country}",
}
"""A template per effect kind, filled from `_EffectFields`."""


def _change(delta: int | None, value: int | None) -> str:
    """`rises by 1 to 5`, `falls by 2 to 0`, `is now 3`."""
    if not delta:
        return "changes" if value is None else f"is now {value}"
    to = "" if value is None else f" to {value}"
    return f"{'rises' if delta > 0 else 'falls'} by {abs(delta)}{to}"


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
            "to_other": lambda: f" to {self._place_of_subject(e.other)}" if e.other else "",
            "against_other": lambda: f" against {n.country(e.other)}" if e.other else "",
            "character": lambda: n.character(e.subject),
            "trait": lambda: trait_name(e.subject),
            "other_trait": lambda: trait_name(e.other),
            "crisis": lambda: crisis_name(e.subject),
            "change": lambda: _change(e.delta, e.value),
            "n": lambda: abs(delta),
            "value": lambda: "?" if e.value is None else e.value,
            "count": lambda: e.value or 1,
            "gains": lambda: "gains" if delta >= 0 else "loses",
            "actions": lambda: "action" if abs(delta) == 1 else "actions",
            "left": lambda: (
                "" if e.value is None else f" ({e.value} {'left' if delta < 0 else 'there now'})"
            ),
            "rebels": lambda: "" if e.value is None else f" (rebels {e.value})",
            "subject_word": lambda: "city" if e.subject == "city" else "kind",
            "choice": lambda: n.city(e.other) if e.subject == "city" else (e.other or "?"),
            "by_other": lambda: f" by {n.country(e.other)}" if e.other else "",
            "at_other": lambda: f" at {self._place_of_subject(e.other)}" if e.other else "",
            "victory": lambda: VICTORY_WORDS.get(e.subject or "", "wins the game").format(e.value),
            "how": lambda: f" ({CIVIL_WAR_ENDINGS.get(e.other, e.other)})" if e.other else "",
        }
        return fields[key]()

    def _place_of_subject(self, place: str | None) -> str:
        """Where the effect's subject went: a character's new place is told as
        the reader may know it (a hidden principal's is not, 002 §4.4)."""
        if self.e.kind in CHARACTER_PLACE_EFFECTS and self.e.subject is not None:
            return self.n.whereabouts(self.e.subject, place)
        return self.n.place(place)


def effect_text(effect: Effect, names: Names) -> str:
    """One effect in words: `Vilanova (Llevant) is besieged by Ponent`."""
    return EFFECT_WORDS[effect.kind].format_map(_EffectFields(effect, names))


def effects_text(effects: Iterable[Effect], names: Names) -> str:
    """Effects as one sentence: `A; b.` (empty when there are none)."""
    joined = "; ".join(effect_text(e, names) for e in effects)
    return joined[:1].upper() + joined[1:] + "." if joined else ""


# --- dice ---------------------------------------------------------------------------


def face_words(face: int) -> str:
    """A d10 face: `7`, or `0 (10)` for the 0 face, which counts as 10."""
    return "0 (10)" if face == 10 else str(face)


def terms_text(terms: Iterable[tuple[str, int]]) -> str:
    """`Militarisme 6 + Joan 2 - Bloqueig 1` (empty for no terms)."""
    text = ""
    for label, value in terms:
        sign = "-" if value < 0 else "+"
        text += f" {sign} " if text else ("-" if value < 0 else "")
        text += f"{label} {abs(value)}"
    return text


def passed(roll: TestRoll) -> bool:
    """Whether a test roll passed: a 0 always does, a 1 never, else total > difficulty."""
    if roll.face in (1, 10):
        return roll.face == 10
    return roll.against is None or roll.total > roll.against


def roll_text(roll: TestRoll) -> str:
    """`Militarisme 6 + Joan 2 + d10 [0 (10)] = 18 > 12`; a contest side has no
    `> n`; a bare die (a fate roll, an initiative tie) is `d10 [7]`."""
    terms = terms_text(roll.terms)
    die = f"d10 [{face_words(roll.face)}]"
    if not terms and roll.against is None:
        return die
    text = f"{terms + ' + ' if terms else ''}{die} = {roll.total}"
    if roll.against is None:
        return text
    text += f" {'>' if roll.total > roll.against else '≤'} {roll.against}"
    if roll.face == 10 and roll.total <= roll.against:
        text += ", but a 0 always succeeds"
    if roll.face == 1 and roll.total > roll.against:
        text += ", but a 1 always fails"
    return text


def roll_verdict(
    rolls: Sequence[TestRoll], index: int, effects: Iterable[Effect], names: Names
) -> str:
    """What a labelled roll (not the action's own) decided: `passed` /
    `failed` for a test, `killed` / `captured by X` / `escapes` for a fate
    roll, `caught` / `gets through` for a traveller against a watch; empty
    for the action's own rolls (its outcome line says it)."""
    roll = rolls[index]
    if not roll.label:
        return ""
    if roll.against is not None:
        return "passed" if passed(roll) else "failed"
    if roll.label.startswith(FATE_PREFIX):
        return _fate_verdict(roll, effects, names)
    before = rolls[index - 1] if index else None
    if roll.label.endswith(TRAVEL_SUFFIX) and before and before.label.startswith(WATCH_PREFIX):
        return "caught" if before.total > roll.total else "gets through"
    return ""


def _fate_verdict(roll: TestRoll, effects: Iterable[Effect], names: Names) -> str:
    """1-2 killed, 3-5 captured by the opposing country (if any), else escapes."""
    if roll.face <= FATE_KILLED:
        return "killed"
    if roll.face <= FATE_CAPTURED:
        name = roll.label.removeprefix(FATE_PREFIX)
        for effect in effects:
            captured = effect.kind is EffectKind.CHARACTER_CAPTURED
            if captured and names.character(effect.subject) == name:
                return f"captured by {names.country(effect.country)}"
    return "escapes"


def roll_lines(
    rolls: Sequence[TestRoll], effects: Iterable[Effect], names: Names, indent: str
) -> list[str]:
    """One line per roll: who rolled (or what the roll was for), its terms
    and, for a labelled roll, what it decided:
    `     fate of Joan: d10 [3]: captured by Llevant`."""
    kept = tuple(effects)
    heads = [(r.label or names.country(r.country)) + ":" for r in rolls]
    width = max(len(head) for head in heads)
    lines = []
    for index, (roll, head) in enumerate(zip(rolls, heads, strict=True)):
        verdict = roll_verdict(rolls, index, kept, names)
        lines.append(
            f"{indent}{head:<{width}} {roll_text(roll)}{': ' + verdict if verdict else ''}"
        )
    return lines
