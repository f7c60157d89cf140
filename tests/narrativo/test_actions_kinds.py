"""Opposed, coordinated and multiple actions (rulebook 001; checklist ids
in each test)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from adjudicator.rulesets.narrativo.actions import act
from adjudicator.rulesets.narrativo.outcome import Acted, Level
from adjudicator.rulesets.narrativo.state import Effect, NarrativoState
from orders.narrativo.model import ActionKind, Declaration, Pool, Ruling
from tests.narrativo.test_actions_dice import (
    ScriptedDice,
    character,
    context,
    declare,
    rule,
    state_of,
)

DREYER = character(
    "dreyer", Fuerza=3, Destreza=2, Pelea=2, Esquivar=1, Atletismo=1, squad="A", rank=1
)
KESSLER = character("kessler", Destreza=2, Esquivar=1, Astucia=3)
MULLER = character("muller", Manipulación=3, Subterfugio=2, squad="A", rank=1)
WARD = character("ward", liderazgo=3, voluntad=4, squad="A", rank=2)
ALL = (DREYER, KESSLER, MULLER, WARD)


def _run(
    state: NarrativoState,
    faces: dict[str, list[int]],
    decl: Declaration,
    ruling: Ruling,
    **options: Any,
) -> Acted:
    ctx = context(state, faces, **options)
    done = act(ctx, decl, ruling)
    assert isinstance(ctx.dice, ScriptedDice) and ctx.dice.left() == {}
    return done


def _fight(faces: dict[str, list[int]], **ruling: object) -> Acted:
    decl = declare(
        "dreyer",
        ActionKind.OPPOSED_ACTIVE,
        ("Fuerza", "Pelea"),
        opponent="kessler",
        opponent_pool=Pool(("Destreza", "Esquivar")),
    )
    return _run(state_of(*ALL), faces, decl, rule("dreyer-1", difficulty=6, **ruling))


# --- opposed active ----------------------------------------------------------------------------


def test_opposed_active_nets_the_successes() -> None:
    """N-023, NAMB-07: 3 against 1 = net 2, moderado; the rival's roll under
    `<id>:rival` in `opposing`."""
    done = _fight({"dreyer-1": [7, 8, 9, 2, 3], "dreyer-1:rival": [6, 2, 3]})
    assert (done.result.net, done.result.level) == (2, Level.MODERATE)
    (rival,) = done.result.opposing
    assert (rival.label, rival.character, rival.pool, rival.successes) == (
        "dreyer-1:rival",
        "kessler",
        3,
        1,
    )
    assert done.result.words == "net 2 (3 against 1): moderado — a slight penalty"


def test_opposed_active_tie_and_loss_have_no_effect() -> None:
    """NAMB-07: a tie, or fewer successes than the rival: no effect."""
    tie = _fight({"dreyer-1": [7, 2, 2, 2, 2], "dreyer-1:rival": [6, 2, 3]})
    assert (tie.result.net, tie.result.level) == (0, Level.FAILURE)
    assert tie.result.words == "net 0 (1 against 1): a tie, no effect (NAMB-07)"
    lost = _fight({"dreyer-1": [2, 2, 2, 2, 2], "dreyer-1:rival": [6, 7, 3]})
    assert (
        lost.result.net == -2 and lost.result.words == "net -2 (0 against 2): no effect (NAMB-07)"
    )


def test_each_side_of_an_opposed_action_may_botch() -> None:
    """NAMB-07: the active botch is a pifia; the rival's botch is told."""
    active = _fight({"dreyer-1": [1, 2, 2, 2, 2], "dreyer-1:rival": [6, 2, 3]})
    assert active.result.level is Level.BOTCH
    assert active.result.words == "a botch (pifia) (0 against 1): no effect"
    rival = _fight({"dreyer-1": [7, 2, 2, 2, 2], "dreyer-1:rival": [1, 2, 3]})
    assert rival.result.opposing[0].level is Level.BOTCH
    assert (
        rival.result.words
        == "net 1 (1 against 0): escaso — a grave penalty if accepted; Kessler botches"
    )


def test_the_rival_has_its_own_difficulty_and_dice() -> None:
    """N-023: the opponent rolls at `opponent_difficulty` with its own dice
    (held like any modifier, NAMB-26); an opposed action is never simple (N-026)."""
    done = _fight(
        {"dreyer-1": [7, 2, 2, 2, 2], "dreyer-1:rival": [7, 8, 2, 2]},
        opponent_difficulty=8,
        opponent_dice=1,
        automatic=True,
    )
    rival = done.result.opposing[0]
    assert (rival.difficulty, rival.pool, rival.successes) == (8, 4, 1)
    assert rival.pool_terms[-1] == ("Narrador", 1)
    assert done.result.rolls[0].automatic is False and done.result.net == 0


def test_an_unknown_opponent_is_refused() -> None:
    """N-022, N-023: an opposed action needs its opponent."""
    decl = declare("dreyer", ActionKind.OPPOSED_ACTIVE, ("Fuerza", "Pelea"), opponent="nobody")
    done = _run(state_of(*ALL), {}, decl, rule("dreyer-1", difficulty=6))
    assert done.result.refused == "the opponent 'nobody' or its pool is unknown (N-023)"


# --- opposed passive ---------------------------------------------------------------------------


def _talk(sentry_astucia: int, faces: dict[str, list[int]], **ruling: object) -> Acted:
    sentry = character("centinela", Astucia=sentry_astucia, player=None)
    decl = declare(
        "muller",
        ActionKind.OPPOSED_PASSIVE,
        ("Manipulación", "Subterfugio"),
        opponent="centinela",
        opponent_pool=Pool(("Astucia",)),
    )
    return _run(state_of(MULLER, sentry), faces, decl, rule("muller-1", **ruling))


def test_a_passive_difficulty_is_the_attribute_plus_three() -> None:
    """N-025: Astucia 3 + 3 = 6, plus the Narrator's modifier (+1 → 7)."""
    done = _talk(3, {"muller-1": [7, 6, 2, 2, 2]})
    rolled = done.result.rolls[0]
    assert rolled.difficulty_terms == (("Centinela Astucia", 3), ("pasiva", 3))
    assert (rolled.difficulty, rolled.successes, done.result.level) == (6, 2, Level.MODERATE)
    harder = _talk(3, {"muller-1": [7, 6, 2, 2, 2]}, difficulty_mod=1)
    assert (harder.result.rolls[0].difficulty, harder.result.rolls[0].successes) == (7, 1)


def test_a_passive_difficulty_above_ten_is_held() -> None:
    """NAMB-06, N-174: Astucia 8 + 3 = 11 held at 10, with a warning."""
    done = _talk(8, {"muller-1": [10, 2, 2, 2, 2, 3]})
    assert done.result.rolls[0].difficulty == 10
    assert done.result.warnings == ("difficulty 11 held at 10 (N-174)",)


def test_an_unknown_passive_character_needs_the_rulings_difficulty() -> None:
    """N-025: without the passive character the ruling's difficulty is used, or refused."""
    decl = declare("muller", ActionKind.OPPOSED_PASSIVE, ("Manipulación",), opponent="ghost")
    done = _run(state_of(MULLER), {}, decl, rule("muller-1"))
    assert done.result.refused is not None and "'ghost'" in done.result.refused
    done = _run(state_of(MULLER), {"muller-1": [8, 2, 2]}, decl, rule("muller-1", difficulty=7))
    assert done.result.rolls[0].difficulty == 7 and done.result.net == 1


# --- coordinated -------------------------------------------------------------------------------


def _lead(faces: list[int], *partners: str, **ruling: object) -> Acted:
    decl = declare("ward", ActionKind.COORDINATED, ("Liderazgo",), partners=partners)
    return _run(state_of(*ALL), {"ward-1": faces}, decl, rule("ward-1", **ruling))


def test_coordination_gives_its_squad_one_die_per_success_for_voluntad_turns() -> None:
    """N-033, N-034, N-035, NAMB-08: Liderazgo 3 at 6 (the default), 2 successes:
    +2 dice to the lower ranks of Ward's squad on turns 11 .. 14 (Voluntad 4)."""
    done = _lead([6, 7, 2])
    rolled = done.result.rolls[0]
    assert (rolled.pool_terms, rolled.difficulty) == ((("Liderazgo", 3),), 6)
    assert done.changes.effects == (
        Effect("dreyer", "coordina", 2, 11, 14, "ward-1", "coordinado por Ward"),
        Effect("muller", "coordina", 2, 11, 14, "ward-1", "coordinado por Ward"),
    )
    assert (
        done.result.words
        == "2 successes: +2 dice to Dreyer, Muller on turns 11..14 (Voluntad 4; N-035, NAMB-08)"
    )


def test_coordination_at_the_rulings_difficulty_gives_nothing_without_success() -> None:
    """N-034 (modifiable), NAMB-08: at 8, no success: no effect."""
    done = _lead([6, 7, 2], difficulty=8)
    assert done.result.rolls[0].difficulty == 8
    assert done.changes.effects == () and done.result.words == "no success: no bonus (NAMB-08)"


def test_a_named_character_of_equal_rank_is_left_out() -> None:
    """N-036: Ward (rank 2) cannot lead a rank-2 soldier of his squad; a
    civilian (no squad) needs no rank."""
    state = state_of(*ALL, character("kruger", squad="A", rank=2))
    decl = declare("ward", ActionKind.COORDINATED, ("Liderazgo",), partners=("kruger", "kessler"))
    done = _run(state, {"ward-1": [9, 2, 2]}, decl, rule("ward-1"))
    assert [e.character for e in done.changes.effects] == ["kessler"]
    assert done.result.warnings == ("Kruger (rank 2) is not under Ward (rank 2): left out (N-036)",)


def test_the_coordinated_bonus_stacks_with_willpower_on_later_pools_only() -> None:
    """N-035, NAMB-08, N-092: Dreyer's pool at turn 11 has +2 coordinated
    and +2 Willpower; at turn 15 the bonus is over."""
    bonus = Effect("dreyer", "coordina", 2, 11, 14, "ward-1", "coordinado por Ward")
    state = state_of(*ALL, effects=(bonus,))
    decl = declare("dreyer", ActionKind.SIMPLE, ("Fuerza",), spend_willpower=True)
    ruling = rule("dreyer-1", difficulty=6)
    ctx = context(state, {"dreyer-1": [2] * 7}, turn=11)
    terms = act(ctx, decl, ruling).result.rolls[0].pool_terms
    assert terms == (("Fuerza", 3), ("coordinado por Ward", 2), ("Voluntad gastada", 2))
    later = context(state, {"dreyer-1": [2] * 5}, turn=15)
    assert act(later, decl, ruling).result.rolls[0].pool == 5


# --- multiple ----------------------------------------------------------------------------------


def test_a_multiple_action_takes_one_die_per_extra_action_from_every_pool() -> None:
    """N-039, N-040, NAMB-09: two pools, each −1 die (the first too), each
    at its own difficulty, rolled `<id>/1`, `<id>/2` in the player's order."""
    decl = declare("dreyer", ActionKind.MULTIPLE, ("Destreza", "Esquivar"), ("Fuerza", "Atletismo"))
    ruling = rule("dreyer-1", difficulties=(4, 8))
    done = _run(state_of(*ALL), {"dreyer-1/1": [4, 3], "dreyer-1/2": [8, 9, 2]}, decl, ruling)
    first, second = done.result.rolls
    assert (first.label, first.pool, first.difficulty, first.successes) == ("dreyer-1/1", 2, 4, 1)
    assert first.pool_terms[-1] == ("múltiple", -1)
    assert (second.label, second.pool, second.difficulty, second.successes) == (
        "dreyer-1/2",
        3,
        8,
        2,
    )
    assert (
        done.result.words
        == "Destreza + Esquivar: 1 success: success; Fuerza + Atletismo: 2 successes: success"
    )


def test_more_than_destreza_plus_one_actions_are_refused() -> None:
    """N-041, NAMB-09: Destreza 2 allows 3 actions; the 4th is refused with
    a warning, the 3 resolved at −2 dice each; the Willpower spend goes to
    the first only (N-092)."""
    pools = [("Fuerza", "Pelea"), ("Fuerza",), ("Destreza", "Esquivar"), ("Fuerza", "Atletismo")]
    decl = declare("dreyer", ActionKind.MULTIPLE, *pools, spend_willpower=True)
    faces = {"dreyer-1/1": [2, 2, 2, 6, 2], "dreyer-1/2": [2], "dreyer-1/3": [1]}
    done = _run(state_of(*ALL), faces, decl, rule("dreyer-1", difficulty=6))
    assert [r.pool for r in done.result.rolls] == [5, 1, 1]
    assert done.result.warnings == (
        "Dreyer may take at most Destreza + 1 = 3 actions a turn: refused Fuerza + Atletismo (N-041, NAMB-09)",
    )
    assert done.result.level is Level.BOTCH  # the worst of success, failure, botch
    assert [c.voluntad_spent for c in done.changes.characters] == [1]


def test_an_extended_action_is_never_part_of_a_multiple_action() -> None:
    """N-038: an extended declaration with two pools is refused."""
    decl = declare("dreyer", ActionKind.EXTENDED, ("Fuerza",), ("Destreza",))
    done = _run(state_of(*ALL), {}, decl, rule("dreyer-1", difficulty=6, need=5))
    assert done.result.refused == "an extended action cannot be part of a multiple action (N-038)"


def test_a_multiple_action_with_fewer_difficulties_uses_the_rulings_one() -> None:
    """N-039: pools beyond `difficulties` take the ruling's difficulty."""
    decl = declare("dreyer", ActionKind.MULTIPLE, ("Fuerza",), ("Destreza",))
    ruling = replace(rule("dreyer-1", difficulty=7), difficulties=(5,))
    done = _run(state_of(*ALL), {"dreyer-1/1": [5, 2], "dreyer-1/2": [7]}, decl, ruling)
    assert [r.difficulty for r in done.result.rolls] == [5, 7]
