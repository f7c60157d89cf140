"""Which ruling is for which declaration (`rulings`: the issue's "Two steps
a turn" bullet: players declare, the Narrator rules on each, the judge
rolls; a declaration without a ruling is listed as waiting, not guessed;
NAMB-31: the Narrator orders initiative)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from adjudicator.rulesets.narrativo.rulings import in_initiative_order, match, numbered
from adjudicator.rulesets.narrativo.state import ExtendedAction
from orders.narrativo.model import ActionKind, Declaration, Pool
from tests.narrativo.test_actions_dice import character, declare, rule, state_of

SIMPLE, COOPERATIVE = ActionKind.SIMPLE, ActionKind.COOPERATIVE
JUMP = ("Destreza", "Atletismo")
DREYER = character("dreyer", Destreza=3, Atletismo=2, aliases=("Hans", "Sargento Dreyer"))
MULLER = character("muller", Destreza=2, Mecánica=3)
WARD = character("ward", Destreza=2)


def _d(who: str, number: int = 1, kind: ActionKind = SIMPLE, **rest: object) -> Declaration:
    return declare(who, kind, JUMP, number=number, **rest)


# --- numbering -------------------------------------------------------------------------------


def test_new_declarations_are_numbered_after_the_characters_waiting_ones() -> None:
    """The issue's "Two steps a turn": a declaration waiting from an earlier
    exchange keeps its id; a character's new lines are numbered after his
    waiting ones, so no id is given twice; the others start at 1."""
    state = replace(state_of(DREYER, MULLER), waiting=(_d("dreyer", 1), _d("dreyer", 2)))
    new = [_d("dreyer", 1), _d("muller", 1), _d("dreyer", 2), _d("muller", 2)]
    assert [d.id for d in numbered(state, new)] == ["dreyer-3", "muller-1", "dreyer-4", "muller-2"]


def test_numbering_ignores_the_parsers_numbers() -> None:
    """The issue's "Two steps a turn": the judge's number, whatever the post's."""
    state = state_of(DREYER)
    assert [d.id for d in numbered(state, [_d("dreyer", 7), _d("dreyer", 7)])] == [
        "dreyer-1",
        "dreyer-2",
    ]


def test_a_new_declaration_never_takes_an_open_extended_actions_id() -> None:
    """The issue's "Two steps a turn", N-017: an extended action under way
    keeps its id for the Narrator's later rulings, and a hidden roll not yet
    revealed its label: a new declaration of the same character is numbered
    after them; an id no longer in use is given again."""
    wall = ExtendedAction("dreyer-1", ("dreyer",), 20, 20, {"dreyer": Pool(JUMP)}, 8, 6, 12)
    state = replace(state_of(DREYER), extended=(wall,))
    assert [d.id for d in numbered(state, [_d("dreyer")])] == ["dreyer-2"]
    hidden = replace(state_of(DREYER), hidden_rolls={"dreyer-3@2": 1, "dreyer:moral:1": 1})
    assert [d.id for d in numbered(hidden, [_d("dreyer")])] == ["dreyer-4"]
    done = replace(state, extended=(replace(wall, done=True),))
    assert [d.id for d in numbered(done, [_d("dreyer")])] == ["dreyer-1"]


# --- pairing ---------------------------------------------------------------------------------


def test_a_ruling_names_a_declaration_by_its_id_in_any_case() -> None:
    """The issue's "Two steps a turn": `DREYER-2` and ` dreyer-1 ` name
    dreyer-2 and dreyer-1."""
    pending = [_d("dreyer", 1), _d("dreyer", 2)]
    one, two = rule(" dreyer-1 ", difficulty=6), rule("DREYER-2", difficulty=7)
    matched = match(state_of(DREYER), pending, [two, one])
    assert matched.actions == {"dreyer-2": two, "dreyer-1": one}
    assert matched.extended == {}
    assert matched.notes == ()


@pytest.mark.parametrize("ref", ["dreyer", "Dreyer", "HANS", "sargento dreyer"])
def test_a_ruling_names_the_one_declaration_of_a_character(ref: str) -> None:
    """The issue's "Two steps a turn": a character's id, name or alias names
    his declaration when exactly one waits."""
    pending = [_d("dreyer"), _d("muller")]
    ruling = rule(ref, difficulty=6)
    matched = match(state_of(DREYER, MULLER), pending, [ruling])
    assert matched.actions == {"dreyer-1": ruling}
    assert matched.notes == ()


def test_a_ruling_by_character_is_ambiguous_when_two_wait() -> None:
    """The issue's "Two steps a turn": never guessed: the note lists the ids
    to name instead, and neither declaration is ruled."""
    pending = [_d("dreyer", 1), _d("dreyer", 2), _d("muller")]
    matched = match(state_of(DREYER, MULLER), pending, [rule("Dreyer", difficulty=6)])
    assert matched.actions == {}
    assert matched.notes == ("ruling Dreyer: 2 declarations wait, name one: dreyer-1, dreyer-2",)


def test_a_ruling_names_an_open_extended_action_by_its_id() -> None:
    """N-017, the issue's "Two steps a turn": the Narrator rules again on an
    extended action under way by its id (any case); a finished one is no
    longer named."""
    wall = ExtendedAction("dreyer-1", ("dreyer",), 20, 20, {"dreyer": Pool(JUMP)}, 8, 6, 12)
    done = ExtendedAction(
        "muller-1", ("muller",), 5, None, {"muller": Pool(JUMP)}, 6, 2, 5, done=True
    )
    state = replace(state_of(DREYER, MULLER), extended=(wall, done))
    ruling, late = rule("Dreyer-1", difficulty=8), rule("muller-1", difficulty=6)
    matched = match(state, [], [ruling, late])
    assert matched.extended == {"dreyer-1": ruling}
    assert matched.actions == {}
    assert matched.notes == ("ruling muller-1: nothing waits under that name (waiting: none)",)


def test_a_ruling_naming_nothing_lists_what_waits() -> None:
    """The issue's "Two steps a turn": a ruling for no declaration is told,
    with the ids waiting, and rules nothing."""
    pending = [_d("dreyer"), _d("muller")]
    matched = match(state_of(DREYER, MULLER, WARD), pending, [rule("kessler-1"), rule("ward")])
    assert matched.actions == {}
    assert matched.notes == (
        "ruling kessler-1: nothing waits under that name (waiting: dreyer-1, muller-1)",
        "ruling ward: nothing waits under that name (waiting: dreyer-1, muller-1)",
    )


def test_a_cooperation_is_never_paired_by_its_character() -> None:
    """N-030, the issue's "Two steps a turn": a cooperation follows its
    lead's ruling, so a character's name names his own action, not the
    cooperation; by its id it is still named."""
    coop = _d("muller", 1, COOPERATIVE, partners=("dreyer",))
    pending = [_d("dreyer"), coop]
    by_name = match(state_of(DREYER, MULLER), pending, [rule("muller", difficulty=6)])
    assert by_name.actions == {}
    assert by_name.notes == (
        "ruling muller: nothing waits under that name (waiting: dreyer-1, muller-1)",
    )
    own = _d("muller", 2)
    ruling = rule("Muller", difficulty=6)
    alongside = match(state_of(DREYER, MULLER), [*pending, own], [ruling])
    assert alongside.actions == {"muller-2": ruling}
    by_id = match(state_of(DREYER, MULLER), pending, [rule("muller-1", difficulty=6)])
    assert list(by_id.actions) == ["muller-1"]


# --- initiative ------------------------------------------------------------------------------


def test_the_narrators_initiative_first_the_others_in_declaration_order() -> None:
    """NAMB-31: the characters the Narrator names act in his order (each
    character's lines in their own order), the others after them in the
    order declared."""
    pending = [
        _d("dreyer", 1),
        _d("muller", 1),
        _d("kessler", 1),
        _d("ward", 1),
        _d("dreyer", 2),
        _d("otto", 1),
    ]
    ordered = in_initiative_order(pending, ["ward", "dreyer"])
    assert [d.id for d in ordered] == [
        "ward-1",
        "dreyer-1",
        "dreyer-2",
        "muller-1",
        "kessler-1",
        "otto-1",
    ]


def test_no_initiative_keeps_the_declaration_order() -> None:
    """NAMB-31: without the Narrator's order, the order declared."""
    pending = [_d("muller"), _d("dreyer"), _d("muller", 2)]
    assert in_initiative_order(pending, []) == pending
