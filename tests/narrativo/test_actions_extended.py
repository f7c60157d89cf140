"""Extended and cooperative actions (rulebook 001 "Acciones Extendidas",
"Acciones Cooperativas"; checklist ids in each test)."""

from __future__ import annotations

from collections.abc import Sequence

from adjudicator.rulesets.narrativo.actions import act, continue_extended, cooperate
from adjudicator.rulesets.narrativo.outcome import Acted, Level
from adjudicator.rulesets.narrativo.state import ExtendedAction
from orders.narrativo.model import ActionKind, Declaration, Pool, Ruling
from tests.narrativo.test_actions_dice import (
    ScriptedDice,
    character,
    context,
    declare,
    rule,
    state_of,
)

DREYER = character("dreyer", Fuerza=2, Atletismo=1, Inteligencia=2, Mecánica=1)
MULLER = character("muller", Inteligencia=1, Mecánica=1)
STATE = state_of(DREYER, MULLER)
CLIMB = declare("dreyer", ActionKind.EXTENDED, ("Fuerza", "Atletismo"))
EXTENDED = ActionKind.EXTENDED


def _climb(faces: dict[str, list[int]], decl: Declaration = CLIMB, **ruling: object) -> Acted:
    ctx = context(STATE, faces)
    done = act(ctx, decl, rule("dreyer-1", **ruling))
    assert isinstance(ctx.dice, ScriptedDice) and ctx.dice.left() == {}
    return done


def _ext(done: Acted) -> ExtendedAction:
    assert done.changes.extended is not None
    return done.changes.extended


def test_an_extended_action_accumulates_under_interval_labels() -> None:
    """N-017, N-018, NAMB-04: 2 then 1 successes: 3 of 5 after 2 rolls,
    rolled `<id>@1`, `<id>@2`; a roll of 0 without a 1 changes nothing."""
    faces = {"dreyer-1@1": [6, 7, 2], "dreyer-1@2": [2, 2, 3], "dreyer-1@3": [9, 2, 2]}
    done = _climb(faces, difficulty=6, need=5, rolls=3)
    ext = _ext(done)
    assert [r.label for r in done.result.rolls] == ["dreyer-1@1", "dreyer-1@2", "dreyer-1@3"]
    assert (ext.total, ext.rolls_made, ext.need, ext.limit, ext.difficulty) == (3, 3, 5, None, 6)
    assert ext.pools == {"dreyer": Pool(("Fuerza", "Atletismo"))} and ext.open
    assert done.result.net == 3 and done.result.level is Level.FAILURE
    assert done.result.words == "under way: 3 of 5 successes after 3 rolls"


def test_an_extended_action_completes_as_soon_as_the_need_is_reached() -> None:
    """NAMB-04: 3 + 2 ≥ 5 after 2 of 4 rolls: done, no further roll."""
    faces = {"dreyer-1@1": [6, 7, 8], "dreyer-1@2": [6, 7, 2]}
    done = _climb(faces, difficulty=6, need=5, rolls=4)
    ext = _ext(done)
    assert (ext.done, ext.total, ext.rolls_made) == (True, 5, 2)
    assert done.result.level is Level.COMPLETE
    assert done.result.words == "complete: 5 of 5 successes after 2 rolls (N-017)"


def test_a_botch_resets_the_total_and_the_action_goes_on() -> None:
    """N-019, NAMB-04: 2 successes, then a botch: back to 0, still open."""
    faces = {"dreyer-1@1": [6, 7, 2], "dreyer-1@2": [1, 2, 3], "dreyer-1@3": [6, 2, 2]}
    done = _climb(faces, difficulty=6, need=5, rolls=3)
    ext = _ext(done)
    assert (ext.total, ext.failed, ext.open) == (1, False, True)
    assert done.result.words == (
        "roll 2: Dreyer botches, 2 successes lost (N-019); under way: 1 of 5 successes after 3 rolls"
    )


def test_a_botch_with_nothing_accumulated_fails_for_good() -> None:
    """N-020: a botch at 0 ends the action; no further roll."""
    done = _climb({"dreyer-1@1": [1, 2, 3]}, difficulty=6, need=5, rolls=3)
    ext = _ext(done)
    assert (ext.failed, ext.open, ext.rolls_made) == (True, False, 1)
    assert done.result.level is Level.BOTCH
    assert done.result.words == (
        "roll 1: Dreyer botches with nothing accumulated (N-020);"
        " fails for good after 1 roll: a botch with nothing accumulated (N-020)"
    )


def test_the_limit_of_rolls_ends_the_action_for_lack_of_time() -> None:
    """N-018, NAMB-04: a limit of 2 (the declaration's over the ruling's):
    only 2 of 3 rolls are made, then it fails for lack of time."""
    decl = declare("dreyer", EXTENDED, ("Fuerza", "Atletismo"), limit=2)
    faces = {"dreyer-1@1": [6, 2, 2], "dreyer-1@2": [6, 2, 2]}
    done = _climb(faces, decl, difficulty=6, need=5, limit=9, rolls=3)
    ext = _ext(done)
    assert (ext.limit, ext.out_of_time, ext.total) == (2, True, 2)
    assert (
        done.result.words
        == "fails for lack of time: 2 of 5 successes after the 2 rolls allowed (N-018, NAMB-04)"
    )


def test_an_extended_action_needs_its_need() -> None:
    """N-017: no need in the declaration nor the ruling: refused, asking the Narrator."""
    done = _climb({}, difficulty=6)
    assert (
        done.result.refused
        == "the ruling gives no number of successes needed: the Narrator must set it (N-017)"
    )


def test_the_declarations_need_comes_before_the_rulings() -> None:
    """N-017: the need the player states is kept."""
    decl = declare("dreyer", EXTENDED, ("Fuerza", "Atletismo"), need=10)
    assert _ext(_climb({"dreyer-1@1": [2, 2, 2]}, decl, difficulty=6, need=5)).need == 10


def test_continuing_counts_intervals_over_the_whole_action() -> None:
    """N-018, NAMB-04: an action with 2 rolls made rolls `@3`, `@4` at the
    difficulty stored, then at the ruling's new one."""
    ext = ExtendedAction(
        "dreyer-1", ("dreyer",), 5, 10, {"dreyer": Pool(("Fuerza", "Atletismo"))}, 8, 2, 1
    )
    ctx = context(STATE, {"dreyer-1@3": [8, 2, 2], "dreyer-1@4": [7, 2, 2]})
    done = continue_extended(ctx, ext, Ruling("dreyer-1", rolls=2))
    after = _ext(done)
    assert [r.label for r in done.result.rolls] == ["dreyer-1@3", "dreyer-1@4"]
    assert [r.difficulty for r in done.result.rolls] == [8, 8]
    assert (after.total, after.rolls_made) == (2, 4)
    assert done.result.declaration.id == "dreyer-1"
    ctx = context(STATE, {"dreyer-1@3": [7, 2, 2]})
    easier = continue_extended(ctx, ext, Ruling("dreyer-1", difficulty=7))
    assert easier.result.rolls[0].difficulty == 7 and _ext(easier).difficulty == 7


def test_an_action_no_longer_under_way_is_not_continued() -> None:
    """NAMB-04: a finished action rolls no more."""
    ext = ExtendedAction(
        "dreyer-1", ("dreyer",), 5, None, {"dreyer": Pool(("Fuerza",))}, 6, 3, 5, done=True
    )
    done = continue_extended(context(STATE), ext, Ruling("dreyer-1"))
    assert done.result.refused == "dreyer-1 is no longer under way" and done.result.rolls == ()


def test_the_narrator_abandons_an_action_under_way() -> None:
    """N-018, NAMB-04 (decision): a ruling that refuses an extended action
    under way ends it, failed, with the reason; nothing is rolled."""
    ext = ExtendedAction(
        "dreyer-1", ("dreyer",), 20, 20, {"dreyer": Pool(("Fuerza", "Atletismo"))}, 8, 6, 12
    )
    done = continue_extended(context(STATE), ext, Ruling("dreyer-1", refused="he jumps down"))
    assert done.result.refused == "abandoned: he jumps down" and done.result.rolls == ()
    ended = _ext(done)
    assert ended.failed and not ended.open and (ended.total, ended.rolls_made) == (12, 6)


# --- cooperative -------------------------------------------------------------------------------

LEAD = declare("dreyer", ActionKind.COMPLEX, ("Inteligencia", "Mecánica"))
HELP = declare("muller", ActionKind.COOPERATIVE, ("Inteligencia", "Mecánica"), partners=("dreyer",))


def _together(
    faces: dict[str, list[int]],
    lead: Declaration = LEAD,
    partners: Sequence[Declaration] = (HELP,),
    **ruling: object,
) -> Acted:
    ctx = context(STATE, faces)
    done = cooperate(ctx, lead, rule("dreyer-1", difficulty=6, **ruling), partners)
    assert isinstance(ctx.dice, ScriptedDice) and ctx.dice.left() == {}
    return done


def test_cooperating_characters_roll_separately_and_sum() -> None:
    """N-029, N-030: 2 + 1 successes = 3, completo; the partner's roll is `<id>+<partner>`."""
    done = _together({"dreyer-1": [6, 7, 2], "dreyer-1+muller": [8, 2]})
    assert [r.label for r in done.result.rolls] == ["dreyer-1", "dreyer-1+muller"]
    assert [r.character for r in done.result.rolls] == ["dreyer", "muller"]
    assert (done.result.net, done.result.level) == (3, Level.COMPLETE)
    assert done.result.words == "in all 3 successes: completo — satisfactory (N-030)"


def test_a_simple_cooperation_needs_one_success_in_all() -> None:
    """N-006, N-030: one partner's botch is only a roll without success."""
    lead = declare("dreyer", ActionKind.SIMPLE, ("Inteligencia", "Mecánica"))
    done = _together({"dreyer-1": [1, 2, 2], "dreyer-1+muller": [8, 2]}, lead)
    assert done.result.words == "1 success in all: success (N-030)"
    assert done.result.level is Level.SCANT


def test_a_cooperative_extended_action_shares_one_total() -> None:
    """N-031, NAMB-05: one ExtendedAction with every pool; each interval the
    lead `<id>@<n>` then the partner `<id>@<n>+<partner>`; a botch resets
    the shared total and the later roll of the interval still adds."""
    faces = {
        "dreyer-1@1": [6, 7, 2],
        "dreyer-1@1+muller": [9, 2],
        "dreyer-1@2": [1, 2, 2],
        "dreyer-1@2+muller": [6, 2],
    }
    done = _together(faces, need=10, rolls=2)
    ext = _ext(done)
    assert ext.characters == ("dreyer", "muller") and set(ext.pools) == {"dreyer", "muller"}
    assert (ext.total, ext.rolls_made, ext.open) == (1, 2, True)
    assert done.result.words == (
        "roll 2: Dreyer botches, 3 successes lost (N-019); under way: 1 of 10 successes after 2 rolls"
    )


def test_a_cooperative_botch_at_zero_ends_the_task_at_once() -> None:
    """NAMB-05, N-032: a botch while the shared total is 0 ends the task;
    the partner does not roll."""
    done = _together({"dreyer-1@1": [1, 2, 2]}, need=10, rolls=2)
    ext = _ext(done)
    assert (ext.failed, ext.rolls_made) == (True, 1) and len(done.result.rolls) == 1


def test_an_unknown_partner_is_left_out_with_a_warning() -> None:
    """N-030: a partner who is no character does not roll."""
    ghost = declare("ghost", ActionKind.COOPERATIVE, ("Inteligencia",), partners=("dreyer",))
    done = _together({"dreyer-1": [6, 2, 2]}, partners=(ghost,))
    assert done.result.warnings == ("'ghost' is no character: left out of dreyer-1 (N-030)",)
    assert done.result.net == 1


def test_only_simple_complex_or_extended_actions_are_shared() -> None:
    """N-030: an opposed lead cannot be cooperated with; refused."""
    lead = declare("dreyer", ActionKind.OPPOSED_ACTIVE, ("Fuerza",), opponent="muller")
    done = _together({}, lead)
    assert (
        done.result.refused
        == "only simple, complex or extended actions are shared, not opuesta (N-030)"
    )
