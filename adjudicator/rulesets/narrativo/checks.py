"""The checks the Narrator calls, by kind, and the Moral checks a roll
calls by itself (rulebook 001; N-052, N-068, N-072, N-073, N-075, N-093,
N-126, N-131, N-137, N-151, N-163).

`run_check` looks the call's kind up in `CHECKS` (one handler a kind) and
rolls it under the label `<character>:<kind>` unless the caller gives one;
`triggered_checks` gives the Moral checks a roll of an action calls: a
critical (3 or more 10s) moralises (N-068), a disastrous botch (3 or more
1s) demoralises (N-075), and so does failing a feat (N-072) or an action
decisive for the mission (N-073), as the Narrator's ruling marks them.
"""

from __future__ import annotations

from collections.abc import Callable

from adjudicator.core.dice import Dice
from adjudicator.kits.sheets.handlers import HandlerRegistry
from adjudicator.rulesets.narrativo.fatigue import fatigue_check, mental_fatigue_check
from adjudicator.rulesets.narrativo.moral import moral_check
from adjudicator.rulesets.narrativo.movement import footing_check, movement_check
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Checked, CheckResult, Level, Rolled
from adjudicator.rulesets.narrativo.pools import PoolRoll
from adjudicator.rulesets.narrativo.sheet import Condition
from adjudicator.rulesets.narrativo.situations import CheckContext, unknown_character
from adjudicator.rulesets.narrativo.state import NarrativoState
from adjudicator.rulesets.narrativo.vocabulary import word
from adjudicator.rulesets.narrativo.willpower import pain_check, willpower_check
from orders.narrativo.lazy_words import lazy
from orders.narrativo.model import CheckCall, CheckKind, MoralTrigger, Ruling
from texts import N_, T_

CheckHandler = Callable[[CheckContext], Checked]
"""A check's handler: its context -> the check resolved and its changes."""

CHECKS: HandlerRegistry[CheckKind, CheckHandler] = HandlerRegistry()
"""Every kind of check's handler."""
CHECKS.handles(CheckKind.MORAL)(moral_check)
CHECKS.handles(CheckKind.WILLPOWER)(willpower_check)
CHECKS.handles(CheckKind.PAIN)(pain_check)
CHECKS.handles(CheckKind.FATIGUE)(fatigue_check)
CHECKS.handles(CheckKind.MENTAL_FATIGUE)(mental_fatigue_check)
CHECKS.handles(CheckKind.MOVEMENT)(movement_check)
CHECKS.handles(CheckKind.FOOTING)(footing_check)

UNABLE = frozenset({Condition.KNOCKED_OUT, Condition.ASLEEP, Condition.DEAD})
"""Who can make no check at all (a Moral check refuses more, N-060)."""


def run_check(
    call: CheckCall,
    state: NarrativoState,
    dice: Dice,
    options: NarrativoOptions,
    turn: int,
    *,
    label: str | None = None,
) -> Checked:
    """Resolve one check the Narrator calls (or the judge's own, N-068,
    N-075) at clock `turn`, its roll under `label`."""
    who = state.find(call.character)
    if who is None:
        words = unknown_character(state, call.character, T_("a {kind} check", kind=word(call.kind)))
        return Checked(CheckResult(call, None, words, call.hidden))
    if call.kind is not CheckKind.MORAL and who.condition in UNABLE:
        words = T_(
            "{name} is {condition} and cannot make a {kind} check",
            name=who.name,
            condition=word(who.condition),
            kind=word(call.kind),
        )
        return Checked(CheckResult(call, None, words, call.hidden))
    label = label or f"{call.character}:{call.kind.value}"
    ctx = CheckContext(call, state, who, dice, options, turn, label)
    return CHECKS[call.kind](ctx)


def triggered_checks(
    character: str, rolled: Rolled, ruling: Ruling | None
) -> tuple[CheckCall, ...]:
    """The Moral checks `rolled` calls for `character` (N-068, N-075,
    N-072, N-073; NAMB-30: the critical and disastrous flags of a pool),
    in that order; a failure is no success or a botch."""
    pool = rolled.dice if isinstance(rolled.dice, PoolRoll) else None
    failed = rolled.successes == 0 or rolled.level is Level.BOTCH
    feat = ruling is not None and ruling.feat
    decisive = ruling is not None and ruling.decisive
    found = (
        (pool is not None and pool.critical, MoralTrigger.CRITICAL, N_("a critical"), "N-068"),
        (
            pool is not None and pool.disastrous,
            MoralTrigger.DISASTROUS_BOTCH,
            N_("a disastrous botch"),
            "N-075",
        ),
        (failed and feat, MoralTrigger.FEAT_FAILED, N_("a feat failed"), "N-072"),
        (
            failed and decisive,
            MoralTrigger.DECISIVE_FAILED,
            N_("a decisive action failed"),
            "N-073",
        ),
    )
    hidden = ruling is not None and ruling.hidden
    return tuple(
        _moral(
            character,
            trigger,
            T_("{what} in {label} ({rule})", what=lazy(what), label=rolled.label, rule=rule),
            hidden,
        )
        for hit, trigger, what, rule in found
        if hit
    )


def _moral(character: str, trigger: MoralTrigger, reason: str, hidden: bool) -> CheckCall:
    """A Moral check the judge calls; hidden when the roll calling it was."""
    return CheckCall(character, CheckKind.MORAL, trigger=trigger, reason=reason, hidden=hidden)
