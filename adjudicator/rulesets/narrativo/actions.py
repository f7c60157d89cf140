"""The actions of an exchange (rulebook 001, "Tipos de acciones"): each
declaration with its Narrator's ruling rolled by its kind, with stable dice
labels (`<id>`, `<id>/<k>`, `<id>:rival`, `<id>+<partner>`, `<id>@<n>`,
`<label>:desesperada`).

- `act`: simple (N-006 .. N-008, NAMB-02), complex (N-009 .. N-016,
  NAMB-03), opposed active (N-023, N-026, N-027, NAMB-07) and passive
  (N-025, N-028, NAMB-06), coordinated (N-033 .. N-037, NAMB-08), multiple
  (N-038 .. N-042, NAMB-09), and a new extended action (N-017 .. N-021,
  NAMB-04);
- `cooperate`: a lead's action with the partners' rolls summed (N-029 ..
  N-032, NAMB-05);
- `continue_extended`: an extended action under way rolls more intervals.

Pools and difficulties: `actions_base` (N-168 .. N-175, NAMB-26, N-092,
N-081); a pool of 0: the desperate roll or an automatic failure (N-176 ..
N-182, NAMB-24, NAMB-25). The Narrator's `refused` is the action's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from adjudicator.rulesets.narrativo.actions_base import ActionContext
from adjudicator.rulesets.narrativo.actions_coordinated import coordinate
from adjudicator.rulesets.narrativo.actions_extended import (
    continue_extended,
    start_extended,
)
from adjudicator.rulesets.narrativo.actions_extended import (
    cooperate as cooperate_all,
)
from adjudicator.rulesets.narrativo.actions_single import (
    complex_action,
    multiple,
    opposed,
    passive,
    refused,
    simple,
)
from adjudicator.rulesets.narrativo.outcome import Acted
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.vocabulary import word
from orders.narrativo.model import ActionKind, Declaration, Ruling
from texts import T_

__all__ = ["ActionContext", "act", "continue_extended", "cooperate"]

Resolver = Callable[[ActionContext, Character, Declaration, Ruling], Acted]

_BY_KIND: dict[ActionKind, Resolver] = {
    ActionKind.SIMPLE: simple,
    ActionKind.COMPLEX: complex_action,
    ActionKind.OPPOSED_ACTIVE: opposed,
    ActionKind.OPPOSED_PASSIVE: passive,
    ActionKind.COORDINATED: coordinate,
    ActionKind.MULTIPLE: multiple,
}


def _problem(ctx: ActionContext, declaration: Declaration, ruling: Ruling) -> str | None:
    """Why a declaration cannot be rolled: the Narrator refused it, its
    character is unknown, or it names no pool."""
    if ruling.refused:
        return T_("refused by the Narrator: {reason}", reason=ruling.refused)
    if ctx.state.find(declaration.character) is None:
        return T_("{name} is no character of this game", name=repr(declaration.character))
    if not declaration.pools and declaration.kind is not ActionKind.COORDINATED:
        return T_("the declaration names no pool")
    return None


def act(ctx: ActionContext, declaration: Declaration, ruling: Ruling) -> Acted:
    """One declaration rolled by its kind (see the module's docstring); a
    cooperation alone is rolled with its lead's action (`cooperate`)."""
    problem = _problem(ctx, declaration, ruling)
    if problem:
        return refused(declaration, ruling, problem)
    if declaration.kind is ActionKind.EXTENDED:
        return start_extended(ctx, declaration, ruling)
    if declaration.kind is ActionKind.COOPERATIVE:
        return refused(
            declaration, ruling, T_("a cooperation is rolled with its lead's action (N-030)")
        )
    character = ctx.state.character(declaration.character)
    return _BY_KIND[declaration.kind](ctx, character, declaration, ruling)


def cooperate(
    ctx: ActionContext, lead: Declaration, ruling: Ruling, partners: Sequence[Declaration]
) -> Acted:
    """N-029 .. N-032, NAMB-05: the lead and each partner (in the order
    given) roll separately, successes summed; extended when the lead's
    action is or a need is given, one `ExtendedAction` with every pool."""
    problem = _problem(ctx, lead, ruling)
    if problem:
        return refused(lead, ruling, problem)
    if not partners:
        return act(ctx, lead, ruling)
    if lead.kind not in (ActionKind.SIMPLE, ActionKind.COMPLEX, ActionKind.EXTENDED):
        return refused(
            lead,
            ruling,
            T_(
                "only simple, complex or extended actions are shared, not {kind} (N-030)",
                kind=word(lead.kind),
            ),
        )
    return cooperate_all(ctx, lead, ruling, partners)
