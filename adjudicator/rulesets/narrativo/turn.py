"""One exchange of mail resolved (rulebook 001; the issue's "two steps a
turn"): the players' declarations and choices and the Narrator's file in,
the rolls, checks and rests out, with the state after.

The order, every exchange:
1. the Narrator's sheet changes (health NAMB-32, load N-135, Moral NAMB-12);
2. the players' choices owed (NAMB-11, N-081) and their Willpower spends
   other than dice (N-125, N-140; NAMB-28: separate uses);
3. the declarations, waiting ones first, in the Narrator's initiative
   (NAMB-31); each with a ruling is rolled (a cooperation with its lead,
   N-030), and after each roll the checks it triggers (a critical N-068, a
   disastrous botch N-075, a failed feat N-072 or decisive action N-073);
   those without a ruling wait;
4. extended actions under way that the Narrator rules on roll again;
5. the Narrator's checks, then the rests;
6. hidden rolls recorded and those revealed shown; the clock advances
   (N-043, N-048), effects and finished extended actions expire.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from adjudicator.core.dice import Dice
from adjudicator.rulesets.narrativo.actions import (
    ActionContext,
    act,
    continue_extended,
    cooperate,
)
from adjudicator.rulesets.narrativo.checks import run_check, triggered_checks
from adjudicator.rulesets.narrativo.choices import apply_choice, owed
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import (
    Acted,
    ActionResult,
    CheckResult,
    NarrativoResolution,
    RestResult,
    made_under,
    summary,
)
from adjudicator.rulesets.narrativo.rest import rest
from adjudicator.rulesets.narrativo.rulings import in_initiative_order, match, numbered
from adjudicator.rulesets.narrativo.sheet_changes import change_sheets, spend_willpower
from adjudicator.rulesets.narrativo.state import Clock, NarrativoState
from adjudicator.rulesets.narrativo.working import apply, expire
from orders.issues import Source
from orders.narrativo.model import (
    ActionKind,
    Choice,
    Declaration,
    NarratorFile,
    Ruling,
    WillpowerSpend,
)
from texts import T_

NARRATOR = "narrador"
"""The power of the Narrator's file."""


@dataclass(frozen=True)
class NarratorInput:
    """The Narrator's file of the exchange, as an order."""

    parsed: NarratorFile
    source: Source | None = None
    power: str = NARRATOR


NarrativoOrder = Declaration | Choice | WillpowerSpend | NarratorInput

SHARED = frozenset({ActionKind.SIMPLE, ActionKind.COMPLEX, ActionKind.EXTENDED})
"""N-030: the actions a cooperation can share."""


@dataclass
class _Exchange:
    """The exchange as it is being resolved (local to `resolve_exchange`)."""

    state: NarrativoState
    options: NarrativoOptions
    dice: Dice
    actions: list[ActionResult]
    checks: list[CheckResult]
    notes: list[str]
    narrator_notes: list[str] = field(default_factory=list)

    def note(self, notes: Sequence[str], *, hidden: bool) -> None:
        """Notes for everyone, or for the Narrator alone when they come from
        a hidden roll."""
        (self.narrator_notes if hidden else self.notes).extend(notes)

    @property
    def turn(self) -> int:
        return self.state.clock.turn

    def context(self) -> ActionContext:
        return ActionContext(self.state, self.options, self.dice, self.turn)


def resolve_exchange(
    state: NarrativoState,
    orders: Sequence[NarrativoOrder],
    options: NarrativoOptions,
    dice: Dice,
) -> NarrativoResolution:
    """The exchange resolved (see the module's docstring for the order)."""
    narrator = next((o.parsed for o in orders if isinstance(o, NarratorInput)), NarratorFile())
    new = [o for o in orders if isinstance(o, Declaration)]
    spends = [o for o in orders if isinstance(o, WillpowerSpend)]
    run = _Exchange(state, options, dice, [], [], [])
    run.state, notes = change_sheets(run.state, narrator.changes)
    run.notes += notes
    for choice in (o for o in orders if isinstance(o, Choice)):
        settled = owed(run.state, choice)
        changes, words = apply_choice(run.state, choice, run.turn)
        run.state = apply(run.state, changes)
        if settled is not None:
            run.state = replace(
                run.state, choices=tuple(c for c in run.state.choices if c != settled)
            )
        run.notes.append(words)
    declared = numbered(run.state, [*new, *narrator.npc])
    run.state, declared, notes = spend_willpower(run.state, declared, spends, run.turn)
    run.notes += notes
    pending = [*run.state.waiting, *declared]
    matched = match(run.state, pending, narrator.rulings)
    run.narrator_notes += matched.notes  # they name hidden and the Narrator's declarations
    waiting = _act_all(run, pending, matched.actions, narrator.initiative)
    for extended_id, ruling in matched.extended.items():
        extended = next(e for e in run.state.extended if e.id == extended_id)
        _record(run, continue_extended(run.context(), extended, ruling), ruling)
    for number, call in enumerate(narrator.checks, 1):
        checked = run_check(
            call, run.state, dice, options, run.turn, label=f"{call.character}:{call.kind}:{number}"
        )
        run.state = apply(run.state, checked.changes)
        run.note(checked.changes.notes, hidden=checked.result.hidden)
        run.checks.append(checked.result)
    rests: list[RestResult] = []
    for number, resting in enumerate(narrator.rests, 1):
        rested = rest(
            resting,
            run.state,
            dice,
            options,
            run.turn,
            label=f"{resting.character}:descanso:{number}",
        )
        run.state = apply(run.state, rested.changes)
        run.note(rested.changes.notes, hidden=False)
        rests.append(rested.result)
    after = _close(run, narrator, tuple(waiting))
    return NarrativoResolution(
        previous=state,
        state=after,
        actions=tuple(run.actions),
        checks=tuple(run.checks),
        rests=tuple(rests),
        waiting=tuple(waiting),
        notes=tuple(run.notes),
        dice_rolls=tuple(dice.rolls),
        narrator_notes=tuple(run.narrator_notes),
    )


def _act_all(
    run: _Exchange,
    pending: Sequence[Declaration],
    rulings: dict[str, Ruling],
    initiative: Sequence[str],
) -> list[Declaration]:
    """Every ruled declaration rolled in initiative order; those left wait.
    A cooperation joins the first ruled action of its lead that can be
    shared (N-030: simple, complex or extended), once; with none, it waits
    when its lead has a declaration waiting, else it is told in a note."""
    cooperations = [d for d in pending if d.kind is ActionKind.COOPERATIVE]
    joined: set[str] = set()
    waiting: list[Declaration] = []
    for declaration in in_initiative_order(pending, initiative):
        if declaration.kind is ActionKind.COOPERATIVE:
            continue
        ruling = rulings.get(declaration.id)
        if ruling is None:
            waiting.append(declaration)
            continue
        partners = [
            c
            for c in cooperations
            if c.id not in joined
            and declaration.character in c.partners
            and declaration.kind in SHARED
        ]
        if partners:
            joined |= {c.id for c in partners}
            done = cooperate(run.context(), declaration, ruling, partners)
        else:
            done = act(run.context(), declaration, ruling)
        _record(run, done, ruling)
    for cooperation in cooperations:
        if cooperation.id in joined:
            continue
        leads = ", ".join(cooperation.partners)
        if any(w.character in cooperation.partners for w in waiting):
            waiting.append(cooperation)
        else:
            run.notes.append(
                T_(
                    "{id}: cooperates with {leads}, who declared no action to share (N-030)",
                    id=cooperation.id,
                    leads=leads,
                )
            )
    return waiting


def _record(run: _Exchange, done: Acted, ruling: Ruling | None) -> None:
    """An action's result kept, its changes made, and the checks its rolls
    trigger run at once (N-068, N-072, N-073, N-075)."""
    run.state = apply(run.state, done.changes)
    run.note(done.changes.notes, hidden=done.result.hidden)
    run.actions.append(done.result)
    for rolled in (*done.result.rolls, *done.result.opposing):
        for number, call in enumerate(triggered_checks(rolled.character, rolled, ruling), 1):
            call = replace(call, hidden=call.hidden or done.result.hidden)
            checked = run_check(
                call,
                run.state,
                run.dice,
                run.options,
                run.turn,
                label=f"{rolled.label}:moral:{number}",
            )
            run.state = apply(run.state, checked.changes)
            run.note(checked.changes.notes, hidden=checked.result.hidden)
            run.checks.append(checked.result)


def _close(
    run: _Exchange, narrator: NarratorFile, waiting: tuple[Declaration, ...]
) -> NarrativoState:
    """Hidden rolls recorded, reveals made (`revealed`: this exchange's
    only), the clock advanced, effects and finished extended actions
    expired."""
    state = run.state
    hidden = dict(state.hidden_rolls)
    lines = dict(state.hidden_lines)
    exchange = state.phase.turn
    secret = [r for a in run.actions if a.hidden for r in (*a.rolls, *a.opposing)]
    secret += [c.roll for c in run.checks if c.hidden and c.roll is not None]
    for rolled in secret:
        label = rolled.label.split("#", 1)[0]  # a Fatigue effort's checks are one roll
        hidden[label] = exchange
        lines[label] = summary(rolled)
    revealed: set[str] = set()
    for wanted in narrator.reveal:
        found = [k for k in hidden if made_under(k, wanted)]
        if not found:
            run.narrator_notes.append(
                T_("reveal {label}: no hidden roll by that label", label=wanted)
            )
        revealed.update(found)
    for label in revealed:  # shown now: this exchange's inline, earlier ones from the record
        del hidden[label]
        lines.pop(label, None)
    clock = _advanced(state.clock, narrator)
    state = replace(
        state,
        phase=replace(state.phase, year=state.phase.year + 1),
        clock=clock,
        waiting=waiting,
        hidden_rolls=hidden,
        hidden_lines=lines,
        revealed=frozenset(revealed),
    )
    return expire(state, clock.turn)


def _advanced(clock: Clock, narrator: NarratorFile) -> Clock:
    """The clock after the exchange's time (N-043, N-048); a new scene when
    the Narrator names one (N-044)."""
    turn = clock.turn + max(0, narrator.advance_turns)
    if narrator.scene is None:
        return replace(clock, turn=turn)
    if not clock.scene_title and clock.turn == clock.scene_began:
        return replace(clock, turn=turn, scene_title=narrator.scene)  # the first scene named
    return Clock(turn, clock.scene + 1, narrator.scene, clock.turn)
