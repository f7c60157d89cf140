"""The army's actions (002 §5.4.3 and §5.4.4 Exèrcit; docs/genes.md).

Batalla (internal or external), Reclutar soldats, Soldats a casa, Trasllat
de tropes, Incursió and Setge. Each handler returns one `ActionResult`; the
contest itself, conquest and elimination live in `battle.py`, Guerra civil
in `civil_war.py` (imported here so that it registers with the others).

Decisions beyond docs/genes.md (game master's readings):

- Batalla at a city: the attacker's active characters stand with its army
  in the field of the city's country, and march in with it if the city
  falls. A city with no forces in it (the owner's or its allies') is taken
  without a roll by an attacker with forces in that field. The owner's
  characters there defend (`battle.present_defenders`), and its forces in
  a city annulled by a disaster still defend it.
- A country named as ally by both sides joins the attacker only.
- Batalla in a field without a named enemy: the one other country with
  forces there, if there is exactly one. The Investigació bonus (+2 to the
  contest) is spent only on an external battle (EXTERNAL_BATTLE).
- A tied battle has no effect: no losses and no fate rolls for helpers.
  Helpers die or are captured only when their side loses.
- Reclutar soldats: no number means 1. Recruits gather in the named own
  city (a besieged or annulled one too), else the capital, else the first
  own city. The gain is min(n, total − 10), at least 1 on a natural 0;
  Autoritat pays what it can (never below 0), the recruits come anyway.
- Soldats a casa: the points come from `origin` (a besieged city too: the
  soldiers are disbanded, not marched out), or from every force not
  annulled by a disaster, largest first.
- Trasllat de tropes: only from a place where the country has the points,
  not annulled by a disaster, not a besieged city; to any place of the map
  the troops can reach ("d'un lloc a l'altre del mapa", issue 18 #9): a
  country joined to the origin's by a chain of neighbouring countries
  (borders and straits; troops march through fields, so a besieged city on
  the way stops nothing); a city must be the country's own and not besieged
  (002 §5.4.4 Setge: reinforcements do not get in). Points leave raiding
  parties first when the destination lies abroad, regular forces first
  otherwise; moved points keep their kind, except that in a city they
  become garrison.
- Incursió: the raid needs forces of the actor (not annulled, not shut in a
  besieged city) standing in a place (field or own city) of the target's
  country or of a country bordering it.
- Investigació bonuses show as a ("Investigació", 2) term (the same as −2 to
  the difficulty).
"""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.genes import civil_war  # noqa: F401  (registers Guerra civil)
from adjudicator.rulesets.genes.battle import (
    WALLS_BONUS,
    BattleOutcome,
    Side,
    add_force,
    alliance_lines,
    allies_at,
    break_sieges_by,
    fight,
    force_effects,
    lift_abandoned_sieges,
    present_defenders,
    take_city,
    withdraw,
)
from adjudicator.rulesets.genes.characters import (
    Activation,
    Terms,
    activate,
    automatic,
    change_trait,
    city_name,
    country_name,
    failure_consequences,
    home_place,
    investigation_terms,
    move,
    not_yours,
    place_name,
    run_test,
)
from adjudicator.rulesets.genes.model import FIELD_PREFIX, Force, Trait, field_place
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
from texts import N_, T_

MIL = Trait.MILITARISM
WALLED_SIEGE = 12
"""Setge: Militarisme 10, or 12 if the city is walled (002 §5.4.4)."""


# --- reading the board ------------------------------------------------------------


def _known(board: Board, place: str | None) -> bool:
    if place is None:
        return False
    if place.startswith(FIELD_PREFIX):
        return place.removeprefix(FIELD_PREFIX) in board.countries
    return place in board.cities


def _bad_place(decl: Declaration, what: str, place: str | None) -> ActionResult:
    if place is None:
        return impossible(decl, GenesReason.NO_PLACE, T_("no {what} named", what=T_(what)))
    return impossible(decl, GenesReason.NO_PLACE, T_("unknown place {place}", place=place))


def _bonus(board: Board, decl: Declaration, target: str) -> tuple[Terms, tuple[Effect, ...]]:
    if decl.kind is ActionKind.EXTERNAL_BATTLE:
        return investigation_terms(board, decl.power, target)
    return (), ()


def _lose_action(board: Board, country: str, by: str) -> Effect:
    """The country loses one action next turn (002 §5.4.4 Incursió, Setge)."""
    old = board.countries[country]
    board.countries[country] = old.with_(lost_actions=old.lost_actions + 1)
    return Effect(EffectKind.ACTIONS_NEXT_TURN, country, delta=-1, other=by)


# --- Batalla (002 §5.4.3, §5.4.4) -----------------------------------------------


@handles(ActionKind.BATTLE, ActionKind.EXTERNAL_BATTLE)
def battle(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Batalla (contest of Militarisme, docs/genes.md "Battles"): at a city
    against its owner, or in a field against `decl.target`."""
    place = decl.place or decl.city
    if place is None or not _known(board, place):
        return _bad_place(decl, N_("battle place"), place)
    if place in board.cities:
        return _city_battle(board, decl, place, prefix)
    return _field_battle(board, decl, place, prefix)


def _city_battle(board: Board, decl: Declaration, place: str, prefix: str) -> ActionResult:
    actor, city = decl.power, board.cities[place]
    defender, name = city.owner, city_name(board, place)
    if defender == actor:
        return impossible(decl, GenesReason.SAME_COUNTRY, T_("{name} is your own city", name=name))
    front = field_place(city.country)
    forces = board.strength_at(front, actor)
    if not forces:
        detail = T_(
            "no forces of yours in {place} to attack {name}",
            place=place_name(board, front),
            name=name,
        )
        return impossible(decl, GenesReason.NO_FORCES_THERE, detail)
    act = activate(board, decl, MIL, front, prefix)
    if isinstance(act, ActionResult):
        return act
    attack, defence = _sides(board, actor, front, forces, act.terms, defender, place)
    defence = replace(defence, walls=WALLS_BONUS if city.walled else 0)
    if not defence.forces and not defence.allies:
        taken = (*act.effects, *_conquer(board, place, actor, front, act))
        won = (ActionOutcome.SUCCEEDED, GenesReason.WON)
        note = T_("{name} was undefended: taken without a battle", name=name)
        return ActionResult(decl, *won, rolls=act.rolls, effects=taken, detail=note)
    attack, defence, allied = _ally_characters(board, attack, defence, place, prefix)
    bonus, used = _bonus(board, decl, defender)
    outcome = fight(board, replace(attack, bonuses=bonus), defence, prefix)
    effects = [*act.effects, *used, *outcome.effects]
    if outcome.winner == actor and not any(f.owner != actor for f in board.forces_at(place)):
        effects += _conquer(board, place, actor, front, act)
    return _battle_result(board, decl, act, outcome, effects, prefix, allied)


def _sides(
    board: Board, actor: str, front: str, forces: int, terms: Terms, defender: str, place: str
) -> tuple[Side, Side]:
    """The attacker at `front` and the defender at `place`, each with its
    allies (a country named by both sides joins the attacker only)."""
    allies = allies_at(board, actor, place, front, {defender})
    exclude = {actor, *(line.power for line in alliance_lines(board, actor, place, {defender}))}
    defence = Side(
        defender,
        place,
        board.strength_at(place, defender),
        present_defenders(board, defender, place),
        allies_at(board, defender, place, place, exclude),
    )
    return Side(actor, front, forces, terms, allies), defence


def _ally_helpers(
    board: Board, side: Side, battle: str, exclude: set[str], prefix: str
) -> Activation:
    """The characters `side`'s allies name in their alliance lines (002
    §5.4.3 Batalla: allies join "sumant el valor d'Exèrcit i els
    personatges"; issue 18 #2): each goes to where its side fights (past the
    watches, §5.4.1), becomes active and adds its Militarisme, labelled
    `Berta (Migjorn)`. One that cannot act (§5.4.6) is left out."""
    terms: list[tuple[str, int]] = []
    helpers: list[str] = []
    rolls: list[TestRoll] = []
    effects: list[Effect] = []
    for line in alliance_lines(board, side.country, battle, exclude):
        ally = country_name(board, line.power)
        for char_id in dict.fromkeys(line.helpers):
            act = activate(board, replace(line, helpers=(char_id,)), MIL, side.place, prefix)
            if isinstance(act, ActionResult):
                continue
            terms += [
                (T_("{name} ({country})", name=name, country=ally), value)
                for name, value in act.terms
            ]
            helpers += act.helpers
            rolls += act.rolls
            effects += act.effects
    return Activation(tuple(terms), tuple(helpers), tuple(rolls), tuple(effects))


def _ally_characters(
    board: Board, attack: Side, defence: Side, battle: str, prefix: str
) -> tuple[Side, Side, tuple[Activation, Activation]]:
    """Both sides with their allies' characters (issue 18 #2), the
    attacker's first; a country allied to both joins the attacker only."""
    attackers = _ally_helpers(board, attack, battle, {defence.country}, prefix)
    joined = {line.power for line in alliance_lines(board, attack.country, battle)}
    defenders = _ally_helpers(board, defence, battle, {attack.country, *joined}, prefix)
    attack = replace(attack, characters=(*attack.characters, *attackers.terms))
    defence = replace(defence, characters=(*defence.characters, *defenders.terms))
    return attack, defence, (attackers, defenders)


def _conquer(board: Board, place: str, actor: str, front: str, act: Activation) -> list[Effect]:
    """The city falls: the army marches in, and its active characters with it."""
    effects = take_city(board, place, actor, front)
    for char_id in act.helpers:
        if board.characters[char_id].free:
            effects += move(board, char_id, place, EffectKind.CHARACTER_MOVED)
    return effects


def _sole_enemy(board: Board, actor: str, place: str) -> str | None:
    enemies = {f.owner for f in board.forces_at(place) if f.owner != actor}
    return enemies.pop() if len(enemies) == 1 else None


def _field_battle(board: Board, decl: Declaration, place: str, prefix: str) -> ActionResult:
    actor = decl.power
    target = decl.target or _sole_enemy(board, actor, place)
    where = place_name(board, place)
    if target is None or target not in board.countries:
        detail = T_("no enemy named in {place}", place=where)
        return impossible(decl, GenesReason.NO_ENEMY_THERE, detail)
    if target == actor:
        detail = T_("you cannot fight yourself in {place}", place=where)
        return impossible(decl, GenesReason.SAME_COUNTRY, detail)
    enemy_name = country_name(board, target)
    if board.countries[target].eliminated:
        detail = T_("{country} is eliminated", country=enemy_name)
        return impossible(decl, GenesReason.TARGET_ELIMINATED, detail)
    forces, enemy = board.strength_at(place, actor), board.strength_at(place, target)
    if not forces:
        detail = T_("no forces of yours in {place}", place=where)
        return impossible(decl, GenesReason.NO_FORCES_THERE, detail)
    if not enemy:
        detail = T_("no forces of {country} in {place}", country=enemy_name, place=where)
        return impossible(decl, GenesReason.NO_ENEMY_THERE, detail)
    act = activate(board, decl, MIL, place, prefix)
    if isinstance(act, ActionResult):
        return act
    attack, defence = _sides(board, actor, place, forces, act.terms, target, place)
    attack, defence, allied = _ally_characters(board, attack, defence, place, prefix)
    bonus, used = _bonus(board, decl, target)
    outcome = fight(board, replace(attack, bonuses=bonus), defence, prefix)
    effects = [*act.effects, *used, *outcome.effects]
    if outcome.winner is not None and outcome.loser is not None:
        effects += break_sieges_by(
            board, outcome.winner, outcome.loser, board.country_of_place(place)
        )
    return _battle_result(board, decl, act, outcome, effects, prefix, allied)


def _battle_result(
    board: Board,
    decl: Declaration,
    act: Activation,
    outcome: BattleOutcome,
    effects: list[Effect],
    prefix: str,
    allied: tuple[Activation, Activation],
) -> ActionResult:
    """Won, lost or tied (no effect). The losing side's active characters,
    its allies' included, face their fate, captured by the winner."""
    attackers, defenders = allied
    rolls = (*act.rolls, *attackers.rolls, *defenders.rolls, *outcome.rolls)
    effects = [*attackers.effects, *defenders.effects, *effects]
    kind, reason = ActionOutcome.SUCCEEDED, GenesReason.WON
    if outcome.winner is None:
        kind, reason = ActionOutcome.TIED, GenesReason.TIE
        detail: str = T_("both sides {n}", n=outcome.attacker.total)
    else:
        detail = _losses(board, outcome)
    if outcome.winner is None:
        fated: tuple[str, ...] = ()
    elif outcome.winner == decl.power:
        fated = defenders.helpers
    else:
        kind, reason = ActionOutcome.FAILED, GenesReason.LOST
        fated = (*act.helpers, *attackers.helpers)
    if fated:
        fate_rolls, fate = failure_consequences(board, fated, outcome.winner, prefix)
        rolls, effects = (*rolls, *fate_rolls), [*effects, *fate]
    return ActionResult(decl, kind, reason, rolls=rolls, effects=tuple(effects), detail=detail)


def _losses(board: Board, outcome: BattleOutcome) -> str:
    """`Ponent loses 6 Exèrcit`, and how much there was to lose when less."""
    lost = -sum(
        e.delta or 0 for e in outcome.effects if e.kind is EffectKind.FORCE and (e.delta or 0) < 0
    )
    loser, n = country_name(board, outcome.loser), outcome.difference
    if lost < n:
        return T_(
            "{country} loses {n} Exèrcit; only {lost} stood there", country=loser, n=n, lost=lost
        )
    return T_("{country} loses {n} Exèrcit", country=loser, n=n)


# --- Reclutar soldats, Soldats a casa, Trasllat de tropes (002 §5.4.3) ------------


def _muster(board: Board, decl: Declaration) -> str | ActionResult:
    """Where recruits gather: the named own city, else the capital, else the
    first own city."""
    owned = board.cities_of(decl.power)
    if decl.city is not None:
        if decl.city in board.cities and board.cities[decl.city].owner == decl.power:
            return decl.city
        return impossible(decl, GenesReason.NOT_OWN_CITY, not_yours(board, decl.city))
    if not owned:
        return impossible(decl, GenesReason.NOT_OWN_CITY, "you hold no city")
    capital = [c.id for c in owned if c.capital_of == decl.power]
    return capital[0] if capital else owned[0].id


def _recruited(board: Board, country: str, city: str, gain: int, pay: bool) -> list[Effect]:
    add_force(board, Force(country, city, gain))
    effects = force_effects(board, [Force(country, city, gain)], 1)
    return [*effects, change_trait(board, country, Trait.AUTHORITY, -gain)] if pay else effects


@handles(ActionKind.RECRUIT)
def recruit(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Reclutar soldats (002 §5.4.3): 1 automatically; more with a test of
    Militarisme at 10, + min(n, excess) Exèrcit and as much − Autoritat."""
    wanted = 1 if decl.amount is None else decl.amount
    if wanted < 1:
        return impossible(
            decl, GenesReason.BAD_AMOUNT, T_("cannot recruit {wanted}", wanted=wanted)
        )
    city = _muster(board, decl)
    if isinstance(city, ActionResult):
        return city
    if wanted == 1:
        return automatic(
            board, decl, city, prefix, lambda: _recruited(board, decl.power, city, 1, False)
        )

    def gain(roll: TestRoll) -> list[Effect]:
        return _recruited(board, decl.power, city, min(wanted, max(1, roll.total - 10)), True)

    return run_test(board, decl, prefix, place=city, opponent=None, on_success=gain)


@handles(ActionKind.SOLDIERS_HOME)
def soldiers_home(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Soldats a casa (002 §5.4.3): − n Exèrcit, + n Autoritat (max 10)."""
    actor, origin, amount = decl.power, decl.origin, decl.amount
    if amount is None or amount < 1:
        return impossible(
            decl, GenesReason.BAD_AMOUNT, T_("cannot send {amount} home", amount=amount)
        )
    if origin is not None and not _known(board, origin):
        return _bad_place(decl, N_("origin"), origin)
    if origin is not None and origin in board.disabled:
        detail = T_("the forces in {place} are annulled", place=place_name(board, origin))
        return impossible(decl, GenesReason.DISABLED_BY_DISASTER, detail)

    def pick(f: Force) -> bool:
        return f.owner == actor and (f.place == origin if origin else f.place not in board.disabled)

    have = sum(f.strength for f in board.forces if pick(f))
    if have < amount:
        where = T_("in {place}", place=place_name(board, origin)) if origin else T_("usable")
        detail = T_(
            "you have {have} Exèrcit {place}, not {amount}", have=have, place=where, amount=amount
        )
        return impossible(decl, GenesReason.NOT_ENOUGH_TROOPS, detail)

    def apply() -> list[Effect]:
        gone = force_effects(board, withdraw(board, pick, amount), -1)
        raised = change_trait(board, actor, Trait.AUTHORITY, amount)
        return [*gone, raised, *lift_abandoned_sieges(board)]

    return automatic(board, decl, origin or home_place(board, actor), prefix, apply)


def _reachable(board: Board, start: str, end: str) -> bool:
    """Whether troops can march from country `start` to `end` (issue 18 #9):
    the same country, or a chain of neighbouring countries joins them."""
    if start == end:
        return True
    try:
        return bool(board.region.country_path(start, end))
    except KeyError:
        return False


def _move_refusal(
    board: Board, decl: Declaration, origin: str, dest: str, amount: int
) -> ActionResult | None:
    actor = decl.power
    source, target = place_name(board, origin), place_name(board, dest)
    if origin == dest:
        return impossible(
            decl, GenesReason.SAME_PLACE, T_("{place} is both origin and destination", place=source)
        )
    if origin in board.disabled:
        detail = T_("the forces in {place} are annulled", place=source)
        return impossible(decl, GenesReason.DISABLED_BY_DISASTER, detail)
    if origin in board.sieges:
        return impossible(
            decl, GenesReason.BESIEGED, T_("{place} is besieged: nothing leaves it", place=source)
        )
    have = board.strength_at(origin, actor)
    if not have:
        return impossible(
            decl, GenesReason.NO_FORCES_THERE, T_("no forces of yours in {place}", place=source)
        )
    if have < amount:
        detail = T_(
            "you have {have} Exèrcit in {place}, not {amount}",
            have=have,
            place=source,
            amount=amount,
        )
        return impossible(decl, GenesReason.NOT_ENOUGH_TROOPS, detail)
    start, end = board.country_of_place(origin), board.country_of_place(dest)
    if not _reachable(board, start, end):
        detail = T_(
            "no chain of neighbouring countries leads from {country} to {country2}",
            country=country_name(board, start),
            country2=country_name(board, end),
        )
        return impossible(decl, GenesReason.NOT_REACHABLE, detail)
    if dest in board.cities and board.cities[dest].owner != actor:
        detail = T_("{reason}: take it in battle", reason=not_yours(board, dest))
        return impossible(decl, GenesReason.NOT_OWN_CITY, detail)
    if dest in board.sieges:
        return impossible(
            decl, GenesReason.BESIEGED, T_("{place} is besieged: nothing gets in", place=target)
        )
    return None


@handles(ActionKind.MOVE_TROOPS)
def move_troops(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Trasllat de tropes (002 §5.4.3): n points "d'un lloc a l'altre del
    mapa", anywhere the troops can reach (issue 18 #9); not out of or into a
    besieged city."""
    origin, dest, amount = decl.origin, decl.place or decl.city, decl.amount
    if amount is None or amount < 1:
        return impossible(decl, GenesReason.BAD_AMOUNT, T_("cannot move {amount}", amount=amount))
    for what, place in ((N_("origin"), origin), (N_("destination"), dest)):
        if not _known(board, place):
            return _bad_place(decl, what, place)
    assert origin is not None and dest is not None
    refusal = _move_refusal(board, decl, origin, dest, amount)
    if refusal is not None:
        return refusal
    abroad = board.country_of_place(dest) != decl.power

    def apply() -> list[Effect]:
        taken = withdraw(
            board,
            lambda f: f.owner == decl.power and f.place == origin,
            amount,
            prefer_raiders=abroad,
        )
        for part in taken:
            add_force(
                board, part.with_(place=dest, raiders=part.raiders and dest not in board.cities)
            )
        moved = Effect(
            EffectKind.TROOPS_MOVED, decl.power, subject=origin, other=dest, delta=amount
        )
        return [moved, *lift_abandoned_sieges(board)]

    return automatic(board, decl, dest, prefix, apply)


# --- Incursió, Setge (002 §5.4.4) ---------------------------------------------------


def _target_refusal(decl: Declaration, board: Board, target: str | None) -> ActionResult | None:
    if target is None or target not in board.countries:
        return impossible(decl, GenesReason.NO_ENEMY_THERE, "no target country named")
    if target == decl.power:
        return impossible(decl, GenesReason.SAME_COUNTRY, "the target is your own country")
    if board.countries[target].eliminated:
        detail = T_("{country} is eliminated", country=country_name(board, target))
        return impossible(decl, GenesReason.TARGET_ELIMINATED, detail)
    return None


@handles(ActionKind.RAID)
def raid(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Incursió (002 §5.4.4): Militarisme 12; the target loses one action
    next turn. Needs own forces in or beside the target."""
    target = decl.target
    refusal = _target_refusal(decl, board, target)
    if refusal is not None:
        return refusal
    assert target is not None
    reach = {target, *board.region.neighbours(target)}
    bases = [
        f
        for f in board.forces
        if f.owner == decl.power
        and board.country_of_place(f.place) in reach
        and f.place not in board.disabled
        and f.place not in board.sieges
    ]
    if not bases:
        detail = T_(
            "no forces of yours in or beside {country}", country=country_name(board, target)
        )
        return impossible(decl, GenesReason.NO_FORCES_THERE, detail)
    return run_test(
        board,
        decl,
        prefix,
        place=field_place(target),
        opponent=target,
        investigate=True,
        on_success=lambda _roll: [_lose_action(board, target, decl.power)],
    )


@handles(ActionKind.SIEGE)
def siege(board: Board, decl: Declaration, prefix: str) -> ActionResult:
    """Setge (002 §5.4.4): Militarisme 10, 12 if walled; the owner loses one
    action next turn and nothing leaves the city until the siege is broken."""
    actor, city_id = decl.power, decl.city or decl.place
    if city_id is None or city_id not in board.cities:
        return _bad_place(decl, N_("city"), city_id)
    city, name = board.cities[city_id], city_name(board, city_id)
    if city.owner == actor:
        return impossible(decl, GenesReason.SAME_COUNTRY, T_("{name} is your own city", name=name))
    if board.countries[city.owner].eliminated:
        detail = T_("{country} is eliminated", country=country_name(board, city.owner))
        return impossible(decl, GenesReason.TARGET_ELIMINATED, detail)
    if city_id in board.sieges:
        detail = T_(
            "{name} is already besieged by {country}",
            name=name,
            country=country_name(board, board.sieges[city_id]),
        )
        return impossible(decl, GenesReason.ALREADY_BESIEGED, detail)
    front = field_place(city.country)
    if not board.strength_at(front, actor):
        detail = T_(
            "no forces of yours in {place} to besiege {name}",
            place=place_name(board, front),
            name=name,
        )
        return impossible(decl, GenesReason.NO_FORCES_THERE, detail)

    def laid(_roll: TestRoll) -> list[Effect]:
        board.sieges[city_id] = actor
        besieged = Effect(EffectKind.CITY_BESIEGED, actor, subject=city_id, other=city.owner)
        return [besieged, _lose_action(board, city.owner, actor)]

    difficulty = WALLED_SIEGE if city.walled else None
    return run_test(
        board,
        decl,
        prefix,
        place=front,
        opponent=city.owner,
        investigate=True,
        difficulty=difficulty,
        on_success=laid,
    )
