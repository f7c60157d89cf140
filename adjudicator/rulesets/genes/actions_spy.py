"""Espionage against another country (002 §5.4.4) and the personal actions
on other countries' characters (002 §5.4.3 and §5.4.4 Personatge), with the
free Alliberar line that lets a captive go.

Espionage: Copiar tecnologia, Crear contrapoder, Enfortir contrapoder,
Investigació, Promoure desafecció, Sabotatge; the target is `decl.target`,
never the actor itself (SAME_COUNTRY) nor an eliminated country. Every test
against a country adds the actor's Investigació bonus on it (+2, spent);
failed, the helpers meet their fate with the target as the opposing country.

Personal actions: Assassinar and Capturar are contests (the actor's
characteristic + helpers + Investigació against the victim's country's
characteristic + the victim's own value), Convèncer a test at 18 + the
victim's Autoritat. The internal kinds act on a character standing in the
actor's own country, the external kinds on one standing anywhere else.

Decisions beyond docs/genes.md:
- Helpers of espionage go to the target's capital (its first city without
  one, its field without cities); of a personal action, to the victim's place.
- The victim defends with its value only when it is free and not annulled
  by a disaster (a captive "cannot be active until released"); it then
  becomes active for the rest of the turn (002 §5.4.3 "el personatge serà
  actiu"). The defending country names no helpers.
- The Investigació bonus of a personal action is the one held against the
  victim's owner, and only the external kinds use it ("una futura acció
  externa sobre aquell país").
- A captive cannot be captured again (CHARACTER_UNAVAILABLE) but can be
  assassinated or convinced; a captive convinced by its captor goes free, a
  captive convinced by another stays held.
- A failed assassination (lost or tied) leaves a free victim where it is
  unless its owner chose to repatriate it (002 §5.4.3 Assassinar, issue 18
  #11): a `repatriar <character>` line of the owner in the same turn sends
  it home (its capital) at once; otherwise it is listed in
  `TurnStart.repatriable` and a `repatriar` line of the next turn sends it
  home before the actions. Both cost no action. A captive stays where held.
- Copiar tecnologia from any other country (002 §5.4.4 sets no limit, issue
  18 #10); with the option `copy_from_more_advanced`, only from a country
  with more Tecnologia.
- Investigació cancelled by an Observació: no helper moves and nothing is
  rolled; the shield is spent.
- Enfortir contrapoder has no maximum (002 gives none).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from adjudicator.rulesets.genes.characters import (
    Activation,
    activate,
    automatic,
    capture,
    change_trait,
    character_name,
    country_name,
    failure_consequences,
    home_place,
    investigation_terms,
    kill,
    lose_principal,
    move,
    reveal,
    run_test,
    set_free,
)
from adjudicator.rulesets.genes.model import TRAIT_NAMES_CA, Character, CharacterStatus, Trait
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    EffectKind,
    GenesReason,
    TestRoll,
)
from adjudicator.rulesets.genes.work import Board, handles, impossible
from orders.genes.model import ActionKind, Declaration
from texts import T_

CONVINCE_BASE = 18
CREATED_COUNTERPOWER = 1
TECHNOLOGY_COPIED = 2

# --- espionage (002 §5.4.4) ---------------------------------------------------------


def _target_refusal(board: Board, decl: Declaration) -> ActionResult | None:
    target = decl.target
    if target == decl.power:
        return impossible(decl, GenesReason.SAME_COUNTRY, "the target is your own country")
    if target is None or target not in board.countries:
        return impossible(
            decl, GenesReason.TARGET_ELIMINATED, T_("no country {country}", country=target)
        )
    if board.countries[target].eliminated:
        name = country_name(board, target)
        return impossible(
            decl, GenesReason.TARGET_ELIMINATED, T_("{name} is out of the game", name=name)
        )
    return None


def _spy_test(
    board: Board,
    decl: Declaration,
    prefix: str,
    on_success: Callable[[str], Iterable[Effect]],
) -> ActionResult:
    """A test of espionage against `decl.target` (checked), with Investigació."""
    refusal = _target_refusal(board, decl)
    if refusal is not None:
        return refusal
    target = decl.target
    assert target is not None
    return run_test(
        board,
        decl,
        prefix,
        place=home_place(board, target),
        opponent=target,
        on_success=lambda _: on_success(target),
        investigate=True,
    )


@handles(ActionKind.COPY_TECHNOLOGY)
def copy_technology(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.4 Copiar tecnologia (Diplomàcia 12): +2 Tecnologia, max 10,
    from any other country; with the option `copy_from_more_advanced`, only
    from a country with more Tecnologia (issue 18 #10)."""
    refusal = _target_refusal(board, decl)
    if refusal is not None:
        return refusal
    assert decl.target is not None
    theirs = board.countries[decl.target].trait(Trait.TECHNOLOGY)
    ours = board.countries[decl.power].trait(Trait.TECHNOLOGY)
    if _only_from_more_advanced(board) and theirs <= ours:
        name = country_name(board, decl.target)
        detail = T_(
            "{name}'s Tecnologia ({theirs}) is not higher than yours ({ours})",
            name=name,
            theirs=theirs,
            ours=ours,
        )
        return impossible(decl, GenesReason.NOT_MORE_ADVANCED, detail)
    tech = Trait.TECHNOLOGY
    return _spy_test(
        board, decl, prefix, lambda _: (change_trait(board, decl.power, tech, TECHNOLOGY_COPIED),)
    )


def _only_from_more_advanced(board: Board) -> bool:
    """The option `copy_from_more_advanced` (off when the board has no options)."""
    return isinstance(board.options, GenesOptions) and board.options.copy_from_more_advanced


def _set_counterpower(board: Board, country: str, value: int) -> Effect:
    old = board.countries[country]
    board.countries[country] = old.with_(counterpower=value)
    return Effect(EffectKind.COUNTERPOWER, country, delta=value - old.counterpower, value=value)


@handles(ActionKind.CREATE_COUNTERPOWER)
def create_counterpower(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.4 Crear contrapoder (Diplomàcia 14): the target's counter-power
    becomes 1; not where there is some already."""
    refusal = _target_refusal(board, decl)
    if refusal is not None:
        return refusal
    assert decl.target is not None
    target = board.countries[decl.target]
    if target.counterpower > 0:
        detail = T_(
            "{country} already has Contrapoder {counterpower}",
            country=country_name(board, target.id),
            counterpower=target.counterpower,
        )
        return impossible(decl, GenesReason.COUNTERPOWER_EXISTS, detail)
    return _spy_test(
        board, decl, prefix, lambda t: (_set_counterpower(board, t, CREATED_COUNTERPOWER),)
    )


@handles(ActionKind.STRENGTHEN_COUNTERPOWER)
def strengthen_counterpower(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.4 Enfortir contrapoder (automatic): +1 counter-power where
    there is some."""
    refusal = _target_refusal(board, decl)
    if refusal is not None:
        return refusal
    assert decl.target is not None
    target = board.countries[decl.target]
    if target.counterpower <= 0:
        detail = T_("{country} has no Contrapoder", country=country_name(board, target.id))
        return impossible(decl, GenesReason.NO_COUNTERPOWER, detail)
    place = home_place(board, target.id)
    return automatic(
        board,
        decl,
        place,
        prefix,
        lambda: (_set_counterpower(board, target.id, board.countries[target.id].counterpower + 1),),
    )


@handles(ActionKind.INVESTIGATION)
def investigation(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.4 Investigació (Diplomàcia 13): a +2 bonus for the next
    external action against the target; cancelled by the target's
    Observació (002 §5.4.3), which is spent. A success also finds the
    target's hidden principal where it stands (002 §4.4, issue 18 #4)."""
    refusal = _target_refusal(board, decl)
    if refusal is not None:
        return refusal
    target = decl.target
    assert target is not None
    if board.shields.get(target, 0) > 0:
        board.shields[target] -= 1
        cancelled = Effect(EffectKind.INVESTIGATION_CANCELLED, decl.power, other=target)
        detail = T_(
            "{country} had played Observació earlier this turn", country=country_name(board, target)
        )
        return ActionResult(
            decl,
            ActionOutcome.NOT_RESOLVED,
            GenesReason.CANCELLED_BY_OBSERVATION,
            effects=(cancelled,),
            detail=detail,
        )

    def gain(_: str) -> Iterable[Effect]:
        actor = board.countries[decl.power]
        held = actor.investigations.get(target, 0) + 1
        board.countries[decl.power] = actor.with_(
            investigations={**actor.investigations, target: held}
        )
        gained = Effect(
            EffectKind.INVESTIGATION_GAINED, decl.power, delta=1, value=held, other=target
        )
        principals = sorted(
            c.id for c in board.characters.values() if c.owner == target and c.principal
        )
        found = [e for c in principals for e in reveal(board, c, decl.power)]
        return (gained, *found)

    return _spy_test(board, decl, prefix, gain)


@handles(ActionKind.DISAFFECTION)
def disaffection(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.4 Promoure desafecció (Diplomàcia 10): −1 Autoritat to the target."""
    return _spy_test(board, decl, prefix, lambda t: (change_trait(board, t, Trait.AUTHORITY, -1),))


@handles(ActionKind.SABOTAGE)
def sabotage(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.4 Sabotatge (Diplomàcia 12): the target loses one action next turn."""

    def sabotaged(target: str) -> Iterable[Effect]:
        country = board.countries[target]
        board.countries[target] = country.with_(lost_actions=country.lost_actions + 1)
        return (Effect(EffectKind.ACTIONS_NEXT_TURN, target, delta=-1),)

    return _spy_test(board, decl, prefix, sabotaged)


# --- personal actions (002 §5.4.3, §5.4.4 Personatge) ------------------------------

EXTERNAL_KINDS = {
    ActionKind.EXTERNAL_ASSASSINATE: ActionKind.ASSASSINATE,
    ActionKind.EXTERNAL_CAPTURE: ActionKind.CAPTURE,
    ActionKind.EXTERNAL_CONVINCE: ActionKind.CONVINCE,
}


def _victim(board: Board, decl: Declaration) -> Character | ActionResult:
    """The character acted on, or why it cannot be: unknown or dead, the
    actor's own, or not where the kind of action reaches."""
    victim = board.characters.get(decl.character or "")
    if victim is None:
        return impossible(
            decl,
            GenesReason.CHARACTER_UNAVAILABLE,
            T_("no character {character}", character=decl.character),
        )
    if victim.owner == decl.power:
        return impossible(
            decl,
            GenesReason.OWN_CHARACTER,
            T_("{character} is your own character", character=victim.name),
        )
    if victim.status is CharacterStatus.DEAD:
        return impossible(
            decl,
            GenesReason.CHARACTER_UNAVAILABLE,
            T_("{character} is dead", character=victim.name),
        )
    at_home = board.country_of_place(victim.place) == decl.power
    external = decl.kind in EXTERNAL_KINDS
    if external and at_home:
        detail = T_(
            "{character} is in your country: use the internal action", character=victim.name
        )
        return impossible(decl, GenesReason.CHARACTER_NOT_THERE, detail)
    if not external and not at_home:
        detail = T_(
            "{character} is not in your country: use the external action", character=victim.name
        )
        return impossible(decl, GenesReason.CHARACTER_NOT_THERE, detail)
    return victim


def _defends(board: Board, victim: Character, trait: Trait) -> bool:
    """Whether the victim adds its value (and so becomes active)."""
    return victim.free and victim.id not in board.disabled and victim.value(trait) > 0


@dataclass(frozen=True, slots=True)
class Contest:
    """A personal contest rolled: the helpers, both sides, rolls and effects."""

    activation: Activation
    winner: int  # 0 the actor, 1 the victim's country, -1 a tie
    rolls: tuple[TestRoll, ...]
    effects: tuple[Effect, ...]


def _contest(
    board: Board, decl: Declaration, prefix: str, victim: Character, trait: Trait
) -> Contest | ActionResult:
    """002 §5.4.5 Contesa: the actor's `trait` + helpers (+ Investigació for
    the external kinds) against the victim's country's + the victim's own."""
    activation = activate(board, decl, trait, victim.place, prefix)
    if isinstance(activation, ActionResult):
        return activation
    external = decl.kind in EXTERNAL_KINDS
    bonus, used = investigation_terms(board, decl.power, victim.owner if external else None)
    label = TRAIT_NAMES_CA[trait]
    attack_terms = ((label, board.trait(decl.power, trait)), *activation.terms, *bonus)
    attack = board.contest_side(f"{prefix}:attack", decl.power, attack_terms)
    defence_terms = [(label, board.trait(victim.owner, trait))]
    victim = board.characters[victim.id]
    if _defends(board, victim, trait):
        defence_terms.append((victim.name, victim.value(trait)))
        board.active.add(victim.id)
    defence = board.contest_side(f"{prefix}:defence", victim.owner, defence_terms)
    winner = board.contest_winner(attack, defence)
    rolls = (*activation.rolls, attack, defence)
    return Contest(activation, winner, rolls, (*activation.effects, *used))


def _contest_result(
    board: Board,
    decl: Declaration,
    prefix: str,
    victim: Character,
    contest: Contest,
    on_win: Callable[[], Iterable[Effect]],
    on_no_win: Callable[[], Iterable[Effect]] = tuple,
) -> ActionResult:
    """The result of a personal contest: won, tied (no effect) or lost (the
    helpers meet their fate at the victim's country's hands)."""
    if contest.winner == 0:
        effects = (*contest.effects, *on_win())
        return ActionResult(
            decl, ActionOutcome.SUCCEEDED, GenesReason.WON, rolls=contest.rolls, effects=effects
        )
    effects = (*contest.effects, *on_no_win())
    if contest.winner == -1:
        return ActionResult(
            decl, ActionOutcome.TIED, GenesReason.TIE, rolls=contest.rolls, effects=effects
        )
    helpers = contest.activation.helpers
    fate_rolls, fate = failure_consequences(board, helpers, victim.owner, prefix)
    return ActionResult(
        decl,
        ActionOutcome.FAILED,
        GenesReason.LOST,
        rolls=(*contest.rolls, *fate_rolls),
        effects=(*effects, *fate),
    )


@handles(ActionKind.ASSASSINATE, ActionKind.EXTERNAL_ASSASSINATE)
def assassinate(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 / §5.4.4 Assassinar (contest of Diplomàcia): won, the victim
    dies; otherwise it stays, unless its owner chose to repatriate it
    (`survived`, issue 18 #11)."""
    victim = _victim(board, decl)
    if isinstance(victim, ActionResult):
        return victim
    contest = _contest(board, decl, prefix, victim, Trait.DIPLOMACY)
    if isinstance(contest, ActionResult):
        return contest

    return _contest_result(
        board,
        decl,
        prefix,
        victim,
        contest,
        lambda: (kill(board, victim.id, decl.power),),
        lambda: survived(board, victim.id),
    )


def _repatriation(board: Board, char: Character) -> Declaration | None:
    """The owner's `repatriar` line of this turn for `char`, if any."""
    for line in board.free_lines:
        mine = line.kind is ActionKind.REPATRIATE and line.power == char.owner
        if mine and line.character == char.id:
            return line
    return None


def survived(board: Board, char_id: str) -> tuple[Effect, ...]:
    """A free character an assassination missed (002 §5.4.3 Assassinar: "el seu
    jugador pot escollir de repatriar-lo directament sense cost d'accions"):
    home at once if its owner declared `repatriar` this turn, else it stays
    and may be sent home next turn (issue 18 #11)."""
    char = board.characters[char_id]
    if not char.free:
        return ()
    if _repatriation(board, char) is None:
        board.repatriable.add(char_id)
        return ()
    board.repatriable.discard(char_id)
    return move(board, char_id, home_place(board, char.owner), EffectKind.CHARACTER_REPATRIATED)


@handles(ActionKind.CAPTURE, ActionKind.EXTERNAL_CAPTURE)
def capture_character(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 / §5.4.4 Capturar (contest of Diplomàcia, or Militarisme if
    declared): won, the actor holds the victim until it releases it."""
    victim = _victim(board, decl)
    if isinstance(victim, ActionResult):
        return victim
    if victim.status is CharacterStatus.CAPTURED:
        detail = T_(
            "{character} is already held by {country}",
            character=victim.name,
            country=country_name(board, victim.held_by),
        )
        return impossible(decl, GenesReason.CHARACTER_UNAVAILABLE, detail)
    trait = Trait.MILITARISM if decl.trait == Trait.MILITARISM.value else Trait.DIPLOMACY
    contest = _contest(board, decl, prefix, victim, trait)
    if isinstance(contest, ActionResult):
        return contest
    return _contest_result(
        board, decl, prefix, victim, contest, lambda: (capture(board, victim.id, decl.power),)
    )


@handles(ActionKind.CONVINCE, ActionKind.EXTERNAL_CONVINCE)
def convince(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 / §5.4.4 Convèncer (test of Autoritat at 18 + the victim's
    Autoritat): the character changes side (never as principal)."""
    victim = _victim(board, decl)
    if isinstance(victim, ActionResult):
        return victim

    def turn(_: TestRoll) -> Iterable[Effect]:
        char = board.characters[victim.id]
        lose_principal(board, char, decl.power)
        held = char.held_by if char.held_by != decl.power else None
        status = CharacterStatus.CAPTURED if held else CharacterStatus.FREE
        board.characters[victim.id] = char.with_(
            owner=decl.power, principal=False, held_by=held, status=status
        )
        return (Effect(EffectKind.CHARACTER_CONVINCED, decl.power, victim.id, other=char.owner),)

    return run_test(
        board,
        decl,
        prefix,
        place=victim.place,
        opponent=victim.owner,
        on_success=turn,
        difficulty=CONVINCE_BASE + victim.value(Trait.AUTHORITY),
        investigate=decl.kind in EXTERNAL_KINDS,
    )


# --- Alliberar (a free line) --------------------------------------------------------


@handles(ActionKind.RELEASE)
def release(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """A captor lets a character it holds go (002 §5.4.3 Capturar: "fins que
    no siga alliberat"; docs/genes.md): free again, in its owner's capital."""
    char = board.characters.get(decl.character or "")
    held = char is not None and char.status is CharacterStatus.CAPTURED
    if char is None or not held or char.held_by != decl.power:
        detail = T_("you do not hold {character}", character=character_name(board, decl.character))
        return impossible(decl, GenesReason.NOT_CAPTIVE, detail)
    freed = set_free(board, char.id, decl.power, home_place(board, char.owner))
    return ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE, effects=(freed,))


# --- Repatriar (a free line, issue 18 #11) ------------------------------------------


@handles(ActionKind.REPATRIATE)
def repatriate(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """002 §5.4.3 Assassinar ("el seu jugador pot escollir de repatriar-lo
    directament sense cost d'accions"): the owner sends home (its capital) a
    character that survived an assassination last turn (`TurnStart.
    repatriable`); otherwise the line stands for this turn's attempts
    (`survived`). Run before the actions, like Alliberar."""
    char = board.characters.get(decl.character or "")
    if char is None:
        detail = T_("no character {character}", character=decl.character)
        return impossible(decl, GenesReason.CHARACTER_UNAVAILABLE, detail)
    if char.owner != decl.power:
        return impossible(
            decl,
            GenesReason.NOT_YOUR_CHARACTER,
            T_("{character} is not yours", character=char.name),
        )
    if char.status is CharacterStatus.DEAD:
        return impossible(
            decl, GenesReason.CHARACTER_UNAVAILABLE, T_("{character} is dead", character=char.name)
        )
    if char.id not in board.state.start.repatriable or not char.free:
        detail = T_(
            "{character} goes home if an assassination misses it this turn", character=char.name
        )
        return ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE, detail=detail)
    home = move(board, char.id, home_place(board, char.owner), EffectKind.CHARACTER_REPATRIATED)
    return ActionResult(decl, ActionOutcome.SUCCEEDED, GenesReason.DONE, effects=home)
