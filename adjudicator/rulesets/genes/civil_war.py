"""Guerra civil (002 §5.4.3; docs/genes.md "Civil war").

Begun by a failed Autoritat crisis test, played every turn until it ends: a
battle of the loyal army (the country's forces in its own country + its
principal's Militarisme or Autoritat, the higher + helpers + 1d10) against
the rebels (their strength + 1d10 + the countries backing them). The loser
loses the difference; then the endings, in order: (a) loyal Exèrcit 0 or
the principal dead, the country is eliminated; (b) the rebels at 0 or their
principal dead, the war ends; (c) a test of Autoritat at 14 ends it.

The handler registers itself when `actions_army` is imported (the turn
imports that module to fill `HANDLERS`).

Decisions beyond docs/genes.md (game master's readings):

- The loyal Exèrcit is every force of the country standing in it (a
  disaster does not take troops out of a civil war).
- The principal joins if it is free, not already active, not annulled and
  in the country; it becomes active and risks the loser's fate like a
  helper (its death ends the war in (a)). Named among the helpers too, it
  counts once, as principal.
- Backers (`aliança rebels <country>`, a free line) add their forces in the
  country and the characters their line names that stand free in the
  country (their Militarisme; those become active and, if the rebels lose,
  face the fate roll with the loyal country as captor). Rolls' country is
  the country at war for both sides: the loyal side's roll comes first.
- A lost battle falls on the rebels' strength first, then on the backers'
  forces in the country, largest first; the loyal side loses its forces in
  the country, largest first. A tie has no effect and no fate rolls.
- Loyal characters captured in a lost battle are held by the strongest
  backer (most forces in the country, then id); with no backer they escape.
- Ending (a): the country is eliminated (`battle.eliminate`: forces gone,
  free characters dead) and its cities pass to the strongest backer. With
  no backer they stay on the map as ruins of the eliminated country,
  defended by nobody: any country with forces in that field takes one with
  a Batalla, without a roll.
- The test of (c) is of Autoritat less counter-power, without helpers, and
  is rolled whoever won the battle.
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.genes.battle import (
    REBELS,
    eliminate,
    force_effects,
    lift_abandoned_sieges,
    take_city,
    withdraw,
)
from adjudicator.rulesets.genes.characters import activate, country_name, failure_consequences
from adjudicator.rulesets.genes.model import (
    TRAIT_NAMES_CA,
    CharacterStatus,
    Force,
    Trait,
    field_place,
)
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    TestRoll,
)
from adjudicator.rulesets.genes.work import (
    Board,
    contest_margin,
    handles,
    impossible,
    test_passed,
)
from orders.genes.model import ActionKind, Declaration
from texts import T_

MIL = Trait.MILITARISM
PEACE_DIFFICULTY = 14
"""Guerra civil (c): a test of Autoritat at 14 ends the war (002 §5.4.3)."""
OUTCOMES = {
    0: (ActionOutcome.SUCCEEDED, GenesReason.WON),
    1: (ActionOutcome.FAILED, GenesReason.LOST),
    -1: (ActionOutcome.TIED, GenesReason.TIE),
}
Terms = list[tuple[str, int]]
LOYAL_LABEL = T_("loyal army")
REBELS_LABEL = T_("rebels")
"""Both sides roll as the country at war: their labels tell them apart."""


def _stands(board: Board, force: Force, owners: set[str], country: str) -> bool:
    return force.owner in owners and board.country_of_place(force.place) == country


def _strength_in(board: Board, owner: str, country: str) -> int:
    return sum(f.strength for f in board.forces if _stands(board, f, {owner}, country))


def _leader(board: Board, country: str) -> str | None:
    """The principal, if it can lead the loyal army: free, not yet active,
    not annulled, in the country."""
    for cid, char in sorted(board.characters.items()):
        if char.owner == country and char.principal and char.free:
            usable = cid not in board.active and cid not in board.disabled
            return cid if usable and board.country_of_place(char.place) == country else None
    return None


def _principal_dead(board: Board, country: str) -> bool:
    mine = [c for c in board.characters.values() if c.owner == country and c.principal]
    dead = [c for c in mine if c.status is CharacterStatus.DEAD]
    return bool(dead) and len(dead) == len(mine)


def _backs(board: Board, cid: str, ally: str, country: str) -> bool:
    """A backer's character joins the rebels if free, usable and in the country."""
    char = board.characters.get(cid)
    if char is None or char.owner != ally or not char.free or char.value(MIL) <= 0:
        return False
    usable = cid not in board.active and cid not in board.disabled
    return usable and board.country_of_place(char.place) == country


def _rebel_lines(board: Board, country: str) -> list[Declaration]:
    """The lines backing the rebels of `country` (`aliança rebels <country>`)
    of countries in the game, in the turn's order."""
    lines: list[Declaration] = []
    for line in board.free_lines:
        ally = line.power
        if line.kind is not ActionKind.ALLY or line.mode != REBELS or line.target != country:
            continue
        if ally == country or ally not in board.countries or board.countries[ally].eliminated:
            continue
        lines.append(line)
    return lines


def _line_characters(line: Declaration) -> tuple[str, ...]:
    """A backing line's characters: those after `amb`, and the principal it
    names (issue 18 #6: named, it backs the rebels even if not listed)."""
    named = (line.character,) if line.character else ()
    return tuple(dict.fromkeys((*line.helpers, *named)))


def _backers(board: Board, country: str) -> tuple[dict[str, int], list[str]]:
    """Countries backing the rebels (`aliança rebels <country>`): their forces
    in the country, and their named characters standing free there."""
    backers: dict[str, int] = {}
    chars: list[str] = []
    for line in _rebel_lines(board, country):
        ally = line.power
        backers[ally] = _strength_in(board, ally, country)
        joined = [c for c in _line_characters(line) if _backs(board, c, ally, country)]
        chars += [c for c in joined if c not in chars]
    return dict(sorted(backers.items())), chars


def _leads_rebels(board: Board, country: str, cid: str | None) -> bool:
    """Whether `cid` still leads the rebels: free and not the loyal country's."""
    char = board.characters.get(cid or "")
    return char is not None and char.free and char.owner != country


def name_rebel_principal(board: Board, country: str, chars: list[str]) -> list[Effect]:
    """The rebels' principal (002 §5.4.3 Guerra civil: "en cas de sumar-hi
    personatges s'ha de nomenar un de principal"; issue 18 #6). Named once,
    it leads the rebels for the rest of the war; a new one is named only
    when it no longer can (captured, or won over by the loyal country). It is
    the principal the first backing line with characters names, if that one
    joins, else that line's first joining character."""
    war = board.civil_wars[country]
    if _leads_rebels(board, country, war.rebel_principal):
        return []
    for line in _rebel_lines(board, country):
        joined = [c for c in _line_characters(line) if c in chars]
        if not joined:
            continue
        chief = line.character if line.character in joined else joined[0]
        board.civil_wars[country] = replace(war, rebel_principal=chief)
        return [Effect(EffectKind.REBEL_PRINCIPAL_NAMED, country, chief, other=line.power)]
    return []


def rebel_principal_deaths(board: Board) -> list[Effect]:
    """Ending (b) of 002 §5.4.3 Guerra civil whenever it happens: a war whose
    rebels' principal is dead (killed in any action, or with its country)
    ends at once (issue 18 #6)."""
    effects: list[Effect] = []
    for country, war in sorted(board.civil_wars.items()):
        chief = board.characters.get(war.rebel_principal or "")
        if chief is not None and chief.status is CharacterStatus.DEAD:
            del board.civil_wars[country]
            effects.append(Effect(EffectKind.CIVIL_WAR_ENDED, country, other="b"))
    return effects


def _strongest(backers: dict[str, int]) -> str | None:
    return min(backers, key=lambda c: (-backers[c], c)) if backers else None


def _rebel_terms(board: Board, rebels: int, backers: dict[str, int], chars: list[str]) -> Terms:
    terms: list[tuple[str, int]] = [(T_("Rebels"), rebels)]
    terms += [
        (T_("aliat {country}", country=country_name(board, c)), n) for c, n in backers.items() if n
    ]
    terms += [(board.characters[c].name, board.characters[c].value(MIL)) for c in chars]
    return terms


@handles(ActionKind.CIVIL_WAR)
def civil_war(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Guerra civil (002 §5.4.3): the loyal army against the rebels, then
    the endings (a), (b), (c)."""
    actor = decl.power
    war = board.civil_wars.get(actor)
    if war is None:
        detail = T_("{country} has no civil war", country=country_name(board, actor))
        return impossible(decl, GenesReason.NO_CIVIL_WAR, detail)
    leader = _leader(board, actor)
    helpers = tuple(h for h in decl.helpers if h != leader)
    act = activate(board, replace(decl, helpers=helpers), MIL, field_place(actor), prefix)
    if isinstance(act, ActionResult):
        return replace(act, declaration=decl)
    loyal_terms: Terms = [(T_("Exèrcit"), _strength_in(board, actor, actor))]
    fighters = list(act.helpers)
    if leader is not None:
        chief = board.characters[leader]
        board.active.add(leader)
        loyal_terms.append((chief.name, max(chief.value(MIL), chief.value(Trait.AUTHORITY))))
        fighters.insert(0, leader)
    backers, backer_chars = _backers(board, actor)
    board.active.update(backer_chars)
    named = name_rebel_principal(board, actor, backer_chars)
    loyal = board.contest_side(f"{prefix}:loyal", actor, (*loyal_terms, *act.terms))
    loyal = replace(loyal, label=LOYAL_LABEL)
    rebel_terms = _rebel_terms(board, war.rebels, backers, backer_chars)
    rebels = board.contest_side(f"{prefix}:rebels", actor, rebel_terms)
    rebels = replace(rebels, label=REBELS_LABEL)
    won = board.contest_winner(loyal, rebels)
    ahead, behind = (loyal, rebels) if won == 0 else (rebels, loyal)
    difference = contest_margin(ahead, behind) if won >= 0 else 0
    rolls, effects = _aftermath(
        board, decl, won, difference, backers, backer_chars, fighters, prefix
    )
    end_rolls, end_effects = _ending(board, actor, backers, prefix)
    ended = any(e.kind is EffectKind.CIVIL_WAR_ENDED for e in end_effects)
    detail = {
        0: T_("the rebels lose {n}", n=difference),
        1: T_("the loyal army loses {n}", n=difference),
        -1: T_("both sides {n}", n=loyal.total),
    }[won]
    going = T_("the war ends") if ended else T_("the war goes on")
    outcome, reason = OUTCOMES[won]
    return ActionResult(
        decl,
        outcome,
        reason,
        rolls=(*act.rolls, loyal, rebels, *rolls, *end_rolls),
        effects=(*act.effects, *named, *effects, *end_effects),
        detail=T_("{result}; {war}", result=detail, war=going),
    )


def _aftermath(
    board: Board,
    decl: Declaration,
    won: int,
    difference: int,
    backers: dict[str, int],
    backer_chars: list[str],
    fighters: list[str],
    prefix: str,
) -> tuple[tuple[TestRoll, ...], list[Effect]]:
    """The loser loses the difference; its active characters face their fate."""
    actor = decl.power
    if won == 0:
        effects = _rebels_lose(board, actor, set(backers), difference)
        rolls, fate = failure_consequences(board, backer_chars, actor, prefix)
    elif won == 1:
        lost = withdraw(board, lambda f: _stands(board, f, {actor}, actor), difference)
        effects = force_effects(board, lost, -1)
        rolls, fate = failure_consequences(board, fighters, _strongest(backers), prefix)
    else:
        return (), []
    return rolls, [*effects, *fate, *lift_abandoned_sieges(board)]


def _rebels_lose(board: Board, country: str, backers: set[str], difference: int) -> list[Effect]:
    """The rebels' strength falls first, then the backers' forces there."""
    war = board.civil_wars[country]
    left = max(0, war.rebels - difference)
    board.civil_wars[country] = replace(war, rebels=left)
    effects = [Effect(EffectKind.CIVIL_WAR_REBELS, country, delta=left - war.rebels, value=left)]
    rest = difference - (war.rebels - left)
    if rest > 0 and backers:
        lost = withdraw(board, lambda f: _stands(board, f, backers, country), rest)
        effects += force_effects(board, lost, -1)
    return effects


def _ending(
    board: Board, country: str, backers: dict[str, int], prefix: str
) -> tuple[tuple[TestRoll, ...], list[Effect]]:
    """The endings of 002 §5.4.3, in order: (a) elimination, (b) the rebels
    beaten, (c) a test of Autoritat at 14."""
    if _strength_in(board, country, country) == 0 or _principal_dead(board, country):
        effects = [Effect(EffectKind.CIVIL_WAR_ENDED, country, other="a")]
        effects += eliminate(board, country)
        heir = _strongest(backers)
        if heir is not None:
            for city in board.cities_of(country):
                effects += take_city(board, city.id, heir, None)
        return (), effects
    war = board.civil_wars[country]
    chief = board.characters.get(war.rebel_principal or "")
    if war.rebels == 0 or (chief is not None and chief.status is CharacterStatus.DEAD):
        del board.civil_wars[country]
        return (), [Effect(EffectKind.CIVIL_WAR_ENDED, country, other="b")]
    authority = (TRAIT_NAMES_CA[Trait.AUTHORITY], board.trait(country, Trait.AUTHORITY))
    roll = board.test(f"{prefix}:peace", country, [authority], PEACE_DIFFICULTY)
    roll = replace(roll, label=T_("peace ({trait} {n})", trait=authority[0], n=PEACE_DIFFICULTY))
    if not test_passed(roll):
        return (roll,), []
    del board.civil_wars[country]
    return (roll,), [Effect(EffectKind.CIVIL_WAR_ENDED, country, other="c")]
