"""Helpers shared by the tests of narrativo's checks: run one check on
scripted dice, and read its roll, the character after it and its effect."""

from __future__ import annotations

from adjudicator.rulesets.narrativo.checks import run_check
from adjudicator.rulesets.narrativo.options import NarrativoOptions
from adjudicator.rulesets.narrativo.outcome import Checked, Rolled
from adjudicator.rulesets.narrativo.sheet import Character
from adjudicator.rulesets.narrativo.state import Effect
from orders.narrativo.model import CheckCall, CheckKind
from tests.narrativo.test_actions_dice import ScriptedDice, state_of


def checked(
    who: Character, kind: CheckKind, faces: dict[str, list[int]], turn: int, **call: object
) -> Checked:
    """`who` makes a check of `kind` at clock `turn`, every queued face rolled."""
    dice = ScriptedDice(faces)
    calling = CheckCall(who.id, kind, **call)  # type: ignore[arg-type]
    done = run_check(calling, state_of(who), dice, NarrativoOptions(), turn)
    assert dice.left() == {}, "every queued face is rolled"
    return done


def roll_of(done: Checked) -> Rolled:
    assert done.result.roll is not None
    return done.result.roll


def after_of(done: Checked) -> Character:
    (who,) = done.changes.characters
    return who


def effect_of(done: Checked) -> Effect:
    (effect,) = done.changes.effects
    return effect
