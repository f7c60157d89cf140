"""One Genes Mactantes turn: declarations resolved in rounds (002 §5.4.5).

`resolve_turn` plays the turn's frame around the action handlers:

1. The declarations are grouped by country, in the order declared (002
   §5.4.5: each player orders its own actions). Lines of unknown or
   eliminated countries are `eliminated`. Free lines (no action) are set
   aside in `Board.free_lines` (handlers read the alliances and watches);
   releases run first, the disaster's choices (002 §5.3) are applied at the
   start. The `bescanvi` lines (002 §5.4, `exchange.py`) are paired without
   dice (an unpaired one is refused, also by the dry check) and the paired
   ones take effect after the releases, before the first action.
2. Forced actions (`TurnStart.forced`) count first; a missing one is added
   by the judge at the front (`forced=True`); the lines beyond the actions
   per turn (002 §5.2, `budget.py`) are `over_budget`.
3. Initiative (002 §5.4.5): effective Autoritat, highest first; ties by
   1d10 (`initiative:<country>:<round>`), higher first, rerolled among the
   still tied. The order is fixed for the turn (docs/genes.md).
4. Rounds: in initiative order each country with actions left resolves its
   next one, until none is left (a country with more actions ends with
   several in a row). Battles and personal actions are classified internal
   or external by where they happen (002 §5.4.3, §5.4.4).
5. End of turn (`ending.py`) and the start of the next turn
   (`turn_start.py`), whose events and crisis tests the report tells.

Roll labels: a declared line's rolls start with `<country>:<n>` (its place
among the country's lines), an added forced line's with
`<country>:forced<i>` (docs/genes.md, "The d10").

Decisions beyond docs/genes.md (a game master's readings):
- Results are listed country by country in seating order (added forced
  lines first, then the declared lines in the player's order), then the
  lines of unknown countries. Every line that reached its turn in the
  rounds gets its `step`, impossible ones included; free lines are outside
  the sequence (step 0).
- Free lines answer `done` (alliances and watches are read by the handlers
  that need them); a release answers with its handler's result.
- A crisis test's helper (`TurnStart.active`) is active for the turn.
- Classification works both ways: a personal action (assassinate, capture,
  convince) on a character standing in the actor's country is internal, in
  any other country external; a battle likewise by its place (`place`, else
  `city`). A line whose place or character is unknown is left as written
  for its handler to refuse.
- Initiative ties still tied after 20 rolls keep seating order.
- After every action the victory conditions are looked at (ending.py); once
  the game is won the remaining lines are `game_over`, the end-of-turn
  bookkeeping is still done, and no next turn is started.
- A state whose game is over is refused (ValueError).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.genes import actions_army, actions_society, actions_spy, work  # noqa: F401  (fill HANDLERS)
from adjudicator.rulesets.genes.budget import Budget, PlannedLine, actions_per_turn, allocate
from adjudicator.rulesets.genes.civil_war import rebel_principal_deaths
from adjudicator.rulesets.genes.ending import (
    GameEnd,
    eliminations,
    end_of_turn,
    game_end,
    game_over,
)
from adjudicator.rulesets.genes.exchange import Deal, match_exchanges, play_deal
from adjudicator.rulesets.genes.model import GenesState, TurnStart, first_phase
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.outcome import (
    ActionOutcome,
    ActionResult,
    Effect,
    GenesReason,
    GenesResolution,
    TestRoll,
    TurnFrame,
)
from adjudicator.rulesets.genes.turn_start import (
    crisis_helpers,
    crisis_line,
    disaster_choices,
    initial_turn_start,
    move_disaster,
    start_next_turn,
)
from adjudicator.rulesets.genes.work import Board
from maps.genes.region import Region
from orders.genes.model import ActionKind, Declaration
from texts import T_

TIE_ROUNDS = 20
DISASTER_KINDS = (ActionKind.DISASTER_KIND, ActionKind.DISASTER_CITY)
BEFORE_ROUNDS = (ActionKind.RELEASE, ActionKind.REPATRIATE)
"""Free lines run by their handlers before the rounds (issue 18 #11: repatriar)."""
PERSONAL = {
    ActionKind.ASSASSINATE: ActionKind.EXTERNAL_ASSASSINATE,
    ActionKind.CAPTURE: ActionKind.EXTERNAL_CAPTURE,
    ActionKind.CONVINCE: ActionKind.EXTERNAL_CONVINCE,
    ActionKind.BATTLE: ActionKind.EXTERNAL_BATTLE,
}
INTERNAL_OF = {external: internal for internal, external in PERSONAL.items()}


# --- the plan: everything known before the dice ----------------------------------


@dataclass
class Plan:
    """The turn's lines sorted out before any roll (002 §5.2, §5.3, §5.4.2)."""

    order: list[str] = field(default_factory=list)  # line prefixes, in the results' order
    static: dict[str, ActionResult] = field(default_factory=dict)  # results known already
    free: list[Declaration] = field(default_factory=list)  # every free line, declared order
    releases: list[PlannedLine] = field(default_factory=list)
    exchanges: list[PlannedLine] = field(default_factory=list)  # bescanvi lines (002 §5.4)
    deals: list[Deal] = field(default_factory=list)  # the bescanvi lines paired
    queues: dict[str, list[PlannedLine]] = field(default_factory=dict)  # lines to resolve
    synthetic: set[str] = field(default_factory=set)  # prefixes of the added forced lines
    budgets: dict[str, Budget] = field(default_factory=dict)
    disaster_city: str | None = None


def not_resolved(decl: Declaration, reason: GenesReason, forced: bool = False) -> ActionResult:
    return ActionResult(decl, ActionOutcome.NOT_RESOLVED, reason, forced=forced)


def _grouped(declarations: Sequence[Declaration]) -> dict[str, list[PlannedLine]]:
    groups: dict[str, list[Declaration]] = {}
    for decl in declarations:
        groups.setdefault(decl.power, []).append(decl)
    return {
        power: [PlannedLine(d, f"{power}:{n}") for n, d in enumerate(decls, 1)]
        for power, decls in groups.items()
    }


def _plan_country(state: GenesState, plan: Plan, country: str, lines: list[PlannedLine]) -> None:
    costing = [line for line in lines if line.declaration.kind.costs_action]
    budget = actions_per_turn(state.countries[country], state.start)
    plan.budgets[country] = budget
    forced = state.start.forced.get(country, ())
    allocation = allocate(country, costing, forced, budget.total)
    added = [line for line in (*allocation.resolve, *allocation.over_budget) if line.synthetic]
    added.sort(key=lambda line: int(line.prefix.rsplit("forced", 1)[1]))
    plan.order += [line.prefix for line in added] + [line.prefix for line in lines]
    plan.synthetic |= {line.prefix for line in added}
    plan.queues[country] = list(allocation.resolve)
    for line in allocation.over_budget:
        plan.static[line.prefix] = not_resolved(
            line.declaration, GenesReason.OVER_BUDGET, line.synthetic
        )
    for line in lines:
        kind = line.declaration.kind
        if not kind.costs_action:
            plan.free.append(line.declaration)
        if kind in BEFORE_ROUNDS:
            plan.releases.append(line)
        elif kind is ActionKind.EXCHANGE:
            plan.exchanges.append(line)
        elif kind is ActionKind.CRISIS_HELPER:
            plan.static[line.prefix] = crisis_line(state, line.declaration)
        elif not kind.costs_action and kind not in DISASTER_KINDS:
            plan.static[line.prefix] = ActionResult(
                line.declaration, ActionOutcome.SUCCEEDED, GenesReason.DONE
            )


def make_plan(state: GenesState, declarations: Sequence[Declaration]) -> Plan:
    """Group, budget and sort the turn's lines; no dice."""
    plan = Plan()
    groups = _grouped(declarations)
    alive = set(state.powers())
    for power in [*state.seats, *(p for p in groups if p not in state.seats)]:
        lines = groups.get(power, [])
        if power in alive:
            _plan_country(state, plan, power, lines)
            continue
        plan.order += [line.prefix for line in lines]
        for line in lines:
            plan.static[line.prefix] = not_resolved(line.declaration, GenesReason.ELIMINATED)
    disaster_lines = [
        line
        for power in state.powers()
        for line in groups.get(power, [])
        if line.declaration.kind in DISASTER_KINDS
    ]
    choices, plan.disaster_city = disaster_choices(state, [x.declaration for x in disaster_lines])
    plan.deals, refused = match_exchanges(state, plan.exchanges, state.powers())
    plan.static.update(refused)
    for line, result in zip(disaster_lines, choices, strict=True):
        plan.static[line.prefix] = result
    return plan


def check_declarations(
    state: GenesState,
    declarations: Sequence[Declaration],
    region: Region,
    options: GenesOptions,
) -> tuple[ActionResult, ...]:
    """The problems found without rolling (a dry check): lines of eliminated or
    unknown countries, lines over the budget (002 §5.2), disaster choices
    that are not the player's (002 §5.3)."""
    plan = make_plan(state, declarations)
    return tuple(
        plan.static[prefix]
        for prefix in plan.order
        if prefix in plan.static and plan.static[prefix].outcome is ActionOutcome.NOT_RESOLVED
    )


# --- initiative (002 §5.4.5) ----------------------------------------------------------


def initiative(board: Board, countries: Sequence[str]) -> tuple[tuple[str, ...], list[TestRoll]]:
    """The order of play: effective Autoritat, highest first; ties by 1d10."""
    rolls: list[TestRoll] = []
    order: list[str] = []
    for value in sorted({board.countries[c].authority for c in countries}, reverse=True):
        tied = [c for c in countries if board.countries[c].authority == value]
        order += _break_ties(board, tied, 1, rolls)
    return tuple(order), rolls


def _break_ties(board: Board, tied: list[str], round_: int, rolls: list[TestRoll]) -> list[str]:
    if len(tied) <= 1 or round_ > TIE_ROUNDS:
        return tied
    faces = {c: board.d10(f"initiative:{c}:{round_}") for c in tied}
    label = T_("initiative tie, round {n}", n=round_)
    rolls += [TestRoll(c, faces[c], (), faces[c], label=label) for c in tied]
    order: list[str] = []
    for face in sorted(set(faces.values()), reverse=True):
        order += _break_ties(board, [c for c in tied if faces[c] == face], round_ + 1, rolls)
    return order


# --- the rounds ------------------------------------------------------------------------


def _country_of(board: Board, place: str | None) -> str | None:
    if place is None:
        return None
    try:
        return board.country_of_place(place)
    except KeyError:
        return None


def classify(board: Board, decl: Declaration) -> Declaration:
    """Internal or external (002 §5.4.3, §5.4.4) by where the action happens."""
    internal = INTERNAL_OF.get(decl.kind, decl.kind)
    if internal not in PERSONAL:
        return decl
    if internal is ActionKind.BATTLE:
        where = _country_of(board, decl.place or decl.city)
    else:
        victim = board.characters.get(decl.character or "")
        where = _country_of(board, victim.place) if victim else None
    if where is None:
        return decl
    kind = internal if where == decl.power else PERSONAL[internal]
    return decl if kind is decl.kind else replace(decl, kind=kind)


def run_line(board: Board, line: PlannedLine, step: int) -> ActionResult:
    """Resolve one line through its handler; its step and forced flag set."""
    decl = classify(board, line.declaration)
    handler = work.HANDLERS.get(decl.kind)
    if handler is None:
        raise LookupError(f"no handler registered for {decl.kind.id}: a bug in the genes ruleset")
    result = handler(board, decl, line.prefix)
    extra = (*eliminations(board), *rebel_principal_deaths(board))
    return replace(result, step=step, forced=line.synthetic, effects=result.effects + extra)


def play_rounds(
    board: Board, plan: Plan, order: Sequence[str], options: GenesOptions
) -> tuple[dict[str, ActionResult], GameEnd | None]:
    """Each country in turn resolves its next line, round after round (002 §5.4.5)."""
    queues = {c: deque(plan.queues.get(c, ())) for c in order}
    results: dict[str, ActionResult] = {}
    ended: GameEnd | None = None
    step = 0
    while any(queues.values()):
        for country in order:
            if not queues[country]:
                continue
            line = queues[country].popleft()
            if ended is not None:
                results[line.prefix] = not_resolved(
                    line.declaration, GenesReason.GAME_OVER, line.synthetic
                )
            elif board.countries[country].eliminated:
                results[line.prefix] = not_resolved(
                    line.declaration, GenesReason.ELIMINATED, line.synthetic
                )
            else:
                step += 1
                results[line.prefix] = run_line(board, line, step)
                ended = game_end(board, options, board.state.turn, final=False)
    return results, ended


# --- the whole turn ----------------------------------------------------------------------


def _prepare(board: Board, plan: Plan) -> dict[str, ActionResult]:
    """The board before the rounds: helpers active, the disaster's city, free
    lines, this turn's lost and extra actions spent; releases run, then the
    paired `bescanvi` lines (002 §5.4)."""
    board.active |= crisis_helpers(board.state)
    if plan.disaster_city is not None:
        move_disaster(board, plan.disaster_city)
    board.free_lines.extend(plan.free)
    for country in board.state.powers():
        record = board.countries[country]
        board.countries[country] = record.with_(lost_actions=0, extra_actions=0)
    results: dict[str, ActionResult] = {}
    for line in plan.releases:
        kind = line.declaration.kind
        handler = work.HANDLERS.get(kind)
        if handler is None:
            raise LookupError(f"no handler registered for {kind.id}: a bug in the genes ruleset")
        results[line.prefix] = handler(board, line.declaration, line.prefix)
    for deal in plan.deals:
        results.update(play_deal(board, deal))
    return results


def _finish(
    board: Board, options: GenesOptions, ended: GameEnd | None
) -> tuple[GenesState, list[Effect], tuple[TestRoll, ...], GameEnd | None]:
    """End of turn, the end of the game or the start of the next turn."""
    turn = board.state.turn
    effects = end_of_turn(board)
    if ended is None:
        ended = game_end(board, options, turn, final=True)
    start = TurnStart()
    start_effects: tuple[Effect, ...] = ()
    rolls: tuple[TestRoll, ...] = ()
    if ended is None:
        start, start_effects, rolls = start_next_turn(board, options, turn + 1)
    else:
        effects += ended.effects
    effects += start_effects
    state = board.snapshot().with_(phase=first_phase(turn + 1), start=start)
    if ended is not None:
        state = state.with_(winner=ended.winner, final_scores=dict(ended.scores))
    return state, effects, rolls, ended


def resolve_turn(
    state: GenesState,
    declarations: Sequence[Declaration],
    region: Region,
    options: GenesOptions,
    dice: Dice | None,
) -> GenesResolution:
    """Resolve turn `state.turn` (002 §5.1 steps 3-4, §5.4.5) and play the
    start of the next one; every declaration gets exactly one result."""
    if dice is None:
        raise ValueError(
            "resolving a genes turn needs dice; use check_declarations for a dry check"
        )
    if game_over(state):
        raise ValueError("the game is over: no more turns to resolve")
    first_roll = len(dice.rolls)
    board = Board(state, region, options, dice)
    plan = make_plan(state, declarations)
    results = dict(plan.static)
    results.update(_prepare(board, plan))
    order, initiative_rolls = initiative(board, state.powers())
    played, ended = play_rounds(board, plan, order, options)
    results.update(played)
    next_state, effects, crisis_rolls, ended = _finish(board, options, ended)
    scores = ended.scores if ended is not None else {}
    frame = TurnFrame(
        initiative=order,
        initiative_rolls=tuple(initiative_rolls),
        budgets=tuple((c, b.total) for c, b in plan.budgets.items()),
        budget_terms=tuple((c, b.terms) for c, b in plan.budgets.items()),
        effects=tuple(effects),
        rolls=crisis_rolls,
        scores=tuple((c, scores[c]) for c in state.seats if c in scores),
    )
    return GenesResolution(
        previous=state,
        state=next_state,
        results=tuple(results[prefix] for prefix in plan.order),
        frame=frame,
        rolls=tuple(dice.rolls[first_roll:]),
    )


__all__ = [
    "Plan",
    "check_declarations",
    "classify",
    "initial_turn_start",  # turn_start's, for `mapjudge new`
    "initiative",
    "make_plan",
    "resolve_turn",
]
