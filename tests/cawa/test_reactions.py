"""The reactions phase: defences, withdrawals and announced redeployments
(004 "Conflictos", "Cantidad de puntos", "Pensar las Batallas"; CC-CF-2,
CC-CF-5, CC-CF-8, CC-CF-11, CC-CF-16, CC-B-7 .. CC-B-10, CC-B-31, CC-B-33,
AC-11, AC-29, AC-36, AC-37, AC-39, AC-40, AC-45)."""

from __future__ import annotations

import pytest

from adjudicator.rulesets.cawa.reactions import NoteKind, ReactionNote, resolve_reactions
from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import (
    Battle,
    Conflict,
    ConflictKind,
    Entry,
    MoveKind,
    Side,
)
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from orders.cawa.model import Defend, ReactionLine, Redeploy, Withdraw
from orders.issues import Source
from tests.cawa.fixtures import SMALL, state_on

OWNERS = {"0202": "red", "0302": "blue", "0402": "green"}

ONE = Battle(1, "0302", (Side("blue", False), Side("red", True, 2000)), "blue", (1,))
"""red invades blue's 0302 with 2000."""

TWO = Battle(
    1,
    "0302",
    (Side("blue", False), Side("red", True, 2000), Side("green", True, 1000)),
    "blue",
    (1,),
)
"""red and green invade blue's 0302 (CC-CF-10)."""

DOUBLE = Conflict(
    5,
    ConflictKind.DOUBLE,
    "0302",
    (Entry("red", "0202", MoveKind.LAND, 1500), Entry("blue", "0302", MoveKind.LAND, 2000)),
    "blue",
    "0202",
)


def at_reactions(
    *battles: Battle, conflicts: tuple[Conflict, ...] = (), upkeep: dict[str, int] | None = None
) -> CawaState:
    return state_on(
        SMALL,
        owners=OWNERS,
        kind=CawaPhaseKind.REACTIONS,
        battles=battles,
        conflicts=conflicts,
        upkeep=upkeep or {},
    )


def test_defence_sets_the_defenders_points() -> None:
    """CC-CF-5, AC-40, CC-B-9: blue defends 0302 with 1500; the battle stays."""
    out = resolve_reactions(at_reactions(ONE), [Defend("blue", "0302", 1500)])
    assert out.verdicts[0].reason is CawaReason.DONE
    assert out.state.battles == (
        Battle(1, "0302", (Side("blue", False, 1500), Side("red", True, 2000)), "blue", (1,)),
    )
    assert out.notes == ()


@pytest.mark.parametrize("points", [0, 250, 750, 2500, -500])
def test_bad_defence_against_one_invader(points: int) -> None:
    """CC-CF-5, AC-40: 500 to 2000 in steps of 500 against one invader."""
    out = resolve_reactions(at_reactions(ONE), [Defend("blue", "0302", points)])
    assert out.verdicts[0].reason is CawaReason.BAD_DEFENCE
    assert out.state.battles[0].sides[0].points is None


@pytest.mark.parametrize(
    ("points", "reason"),
    [
        (4000, CawaReason.DONE),
        (1000, CawaReason.DONE),
        (4500, CawaReason.BAD_DEFENCE),
        (500, CawaReason.BAD_DEFENCE),
    ],
)
def test_defence_against_two_invaders(points: int, reason: CawaReason) -> None:
    """CC-CF-11, CC-B-10, AC-40, AC-31: two invaders of one hex: the
    defender (the invaded player, AC-31) may declare 500..2000 per invader,
    so 1000 to 4000 in all."""
    out = resolve_reactions(at_reactions(TWO), [Defend("blue", "0302", points)])
    assert out.verdicts[0].reason is reason


def test_only_the_defender_defends() -> None:
    """CC-CF-5: an invader's defence is NOT_DEFENDER, a stranger's NOT_A_SIDE,
    a hex with no battle NO_SUCH_BATTLE."""
    lines: list[ReactionLine] = [
        Defend("red", "0302", 1000),
        Defend("green", "0302", 1000),
        Defend("red", "0202", 500),
    ]
    out = resolve_reactions(at_reactions(ONE), lines)
    assert [v.reason for v in out.verdicts] == [
        CawaReason.NOT_DEFENDER,
        CawaReason.NOT_A_SIDE,
        CawaReason.NO_SUCH_BATTLE,
    ]


def test_no_defence_in_a_double_invasion() -> None:
    """CC-CF-8: the defender of a double fights with his declared points; a
    defence line is refused and his points stay 2000."""
    battle = Battle(1, "0302", (Side("blue", False, 2000), Side("red", True, 1500)), "blue", (5,))
    state = at_reactions(battle, conflicts=(DOUBLE,))
    out = resolve_reactions(state, [Defend("blue", "0302", 500)])
    assert out.verdicts[0].reason is CawaReason.BAD_DEFENCE
    assert out.state.battles == (battle,)
    assert out.notes == ()


def test_atypical_defence_adds_to_the_declared_points() -> None:
    """CC-CF-16, AC-37: C (blue) fields his declared 2000 and may add up to
    2000 against B's (green's) invasion; 2500 is too much."""
    battle = Battle(
        1,
        "0302",
        (Side("blue", False, 2000), Side("red", True, 1500), Side("green", True, 1000)),
        "blue",
        (5, 6),
    )
    state = at_reactions(battle, conflicts=(DOUBLE,))
    bad = resolve_reactions(state, [Defend("blue", "0302", 2500)])
    assert bad.verdicts[0].reason is CawaReason.BAD_DEFENCE
    assert bad.notes == (ReactionNote(NoteKind.DEFENCE_NOT_DECLARED, 1, "0302", ("blue",)),)
    out = resolve_reactions(state, [Defend("blue", "0302", 1500)])
    assert out.verdicts[0].accepted
    assert out.state.battles[0].sides[0] == Side("blue", False, 3500)


def test_defender_withdraws_the_invader_takes_the_hex() -> None:
    """CC-CF-2, AC-29, CC-B-8, AC-11: blue withdraws; red takes 0302 with no
    battle, may not change his points, and owes the upkeep of his declared
    2000 (added to what he already owed)."""
    state = at_reactions(ONE, upkeep={"red": 500})
    lines: list[ReactionLine] = [Redeploy("red", "0302", 1500), Withdraw("blue", "0302")]
    out = resolve_reactions(state, lines)
    assert [v.reason for v in out.verdicts] == [CawaReason.BAD_REDEPLOY, CawaReason.DONE]
    assert out.state.owners["0302"] == "red"
    assert out.state.battles == ()
    assert out.state.upkeep == {"red": 2500}
    assert out.notes == (ReactionNote(NoteKind.UNOPPOSED, 1, "0302", ("red",)),)


def test_defender_withdraws_before_two_invaders() -> None:
    """AC-36: blue withdraws before two invaders: red and green fight among
    themselves with their declared points (no redeployment), no defender;
    nobody owns 0302 yet and nobody owes upkeep yet."""
    lines: list[ReactionLine] = [Withdraw("blue", "0302"), Redeploy("green", "0302", 1500)]
    out = resolve_reactions(at_reactions(TWO), lines)
    assert [v.reason for v in out.verdicts] == [CawaReason.DONE, CawaReason.BAD_REDEPLOY]
    assert out.state.battles == (
        Battle(1, "0302", (Side("red", True, 2000), Side("green", True, 1000)), None, (1,)),
    )
    assert out.state.owners["0302"] == "blue"
    assert out.state.upkeep == {}
    assert out.notes == (ReactionNote(NoteKind.AMONG_INVADERS, 1, "0302", ("red", "green")),)


def test_attacker_withdraws_at_no_cost() -> None:
    """AC-29, AC-11: red withdraws his invasion: no battle, the hex stays
    blue's, nobody owes upkeep; blue's defence changes nothing."""
    lines: list[ReactionLine] = [Withdraw("red", "0302"), Defend("blue", "0302", 2000)]
    out = resolve_reactions(at_reactions(ONE), lines)
    assert all(v.accepted for v in out.verdicts)
    assert out.state.battles == ()
    assert out.state.owners == OWNERS
    assert out.state.upkeep == {}
    assert out.notes == (ReactionNote(NoteKind.NO_BATTLE, 1, "0302", ("red",)),)


def test_one_of_two_attackers_withdraws() -> None:
    """AC-29, CC-CF-11: green withdraws; the battle is red against blue, whose
    defence was judged against the two invaders he faced (simultaneous)."""
    lines: list[ReactionLine] = [Withdraw("green", "0302"), Defend("blue", "0302", 3000)]
    out = resolve_reactions(at_reactions(TWO), lines)
    assert all(v.accepted for v in out.verdicts)
    assert out.state.battles == (
        Battle(1, "0302", (Side("blue", False, 3000), Side("red", True, 2000)), "blue", (1,)),
    )


@pytest.mark.parametrize(
    ("declared", "points", "reason"),
    [
        (2000, 1500, CawaReason.DONE),
        (2000, 2500, CawaReason.DONE),
        (2000, 2000, CawaReason.DONE),
        (2000, 1000, CawaReason.BAD_REDEPLOY),
        (2000, 1750, CawaReason.BAD_REDEPLOY),
        (500, 0, CawaReason.BAD_REDEPLOY),
        (500, 1000, CawaReason.DONE),
    ],
)
def test_redeploy_within_500(declared: int, points: int, reason: CawaReason) -> None:
    """CC-B-7, CC-B-31, AC-39: an opposed invader announces declared +-500,
    in steps of 500, never down to 0."""
    battle = Battle(1, "0302", (Side("blue", False), Side("red", True, declared)), "blue", (1,))
    out = resolve_reactions(at_reactions(battle), [Redeploy("red", "0302", points)])
    assert out.verdicts[0].reason is reason
    expected = points if reason is CawaReason.DONE else declared
    assert out.state.battles[0].sides[1].points == expected


def test_defender_does_not_redeploy() -> None:
    """CC-B-9: a defender declares his defence (and varies it only at
    deployment): a redeployment line of his is refused."""
    out = resolve_reactions(at_reactions(ONE), [Redeploy("blue", "0302", 1000)])
    assert out.verdicts[0].reason is CawaReason.BAD_REDEPLOY


def test_double_sides_may_redeploy() -> None:
    """CC-B-7, CC-CF-8: both sides of a double declared invasion points: the
    defender of the hex fought for may announce his change too."""
    battle = Battle(1, "0302", (Side("blue", False, 2000), Side("red", True, 1500)), "blue", (5,))
    lines: list[ReactionLine] = [Redeploy("blue", "0302", 1500), Redeploy("red", "0302", 2000)]
    out = resolve_reactions(at_reactions(battle, conflicts=(DOUBLE,)), lines)
    assert all(v.accepted for v in out.verdicts)
    assert out.state.battles[0].sides == (Side("blue", False, 1500), Side("red", True, 2000))


def test_silent_defender_keeps_the_battle() -> None:
    """CC-CF-5, CC-CF-15 (the book is silent): a defender who sends nothing is
    neither withdrawn nor defending with 0: the battle stays, his points
    undeclared, and the referee is told."""
    out = resolve_reactions(at_reactions(ONE), [Redeploy("red", "0302", 1500)])
    assert out.state.battles[0].sides == (Side("blue", False, None), Side("red", True, 1500))
    assert out.state.owners["0302"] == "blue"
    assert out.notes == (ReactionNote(NoteKind.DEFENCE_NOT_DECLARED, 1, "0302", ("blue",)),)


def test_one_reactions_file_per_player() -> None:
    """CC-B-33, AC-45: all reactions at once, in one file: a second file of
    the same player is refused (ALREADY_REACTED), the first stands."""
    first = Defend("blue", "0302", 1000, source=Source("blue-1.txt", 1, "defiendo 0302 con 1000"))
    later = Withdraw("blue", "0302", source=Source("blue-2.txt", 1, "me retiro de 0302"))
    out = resolve_reactions(at_reactions(ONE), [first, later])
    assert [v.reason for v in out.verdicts] == [CawaReason.DONE, CawaReason.ALREADY_REACTED]
    assert out.state.battles[0].sides[0].points == 1000


def test_repeated_and_mixed_reactions() -> None:
    """CC-B-33: a second defence of one battle is DUPLICATE; a defence after a
    withdrawal from the same battle is ALREADY_REACTED; the first line stands."""
    lines: list[ReactionLine] = [
        Withdraw("blue", "0302"),
        Defend("blue", "0302", 1000),
        Withdraw("blue", "0302"),
    ]
    out = resolve_reactions(at_reactions(ONE), lines)
    assert [v.reason for v in out.verdicts] == [
        CawaReason.DONE,
        CawaReason.ALREADY_REACTED,
        CawaReason.DUPLICATE,
    ]
    assert out.state.owners["0302"] == "red"
    twice = resolve_reactions(
        at_reactions(ONE), [Defend("blue", "0302", 1000), Defend("blue", "0302", 2000)]
    )
    assert [v.reason for v in twice.verdicts] == [CawaReason.DONE, CawaReason.DUPLICATE]
    assert twice.state.battles[0].sides[0].points == 1000


def test_withdrawal_from_an_agreed_single_battle() -> None:
    """CC-CF-9, AC-30, AC-29, AC-11: red withdraws from the single battle both
    agreed on: blue takes both hexes unopposed and owes his declared 2000."""
    battle = Battle(1, "0302", (Side("red", True, 1500), Side("blue", True, 2000)), None, (5,))
    state = at_reactions(battle, conflicts=(DOUBLE,))
    out = resolve_reactions(state, [Withdraw("red", "0202")])
    assert out.verdicts[0].accepted
    assert out.state.owners["0302"] == "blue"
    assert out.state.owners["0202"] == "blue"
    assert out.state.upkeep == {"blue": 2000}
    assert out.state.battles == ()


def test_several_battles_settled_independently() -> None:
    """CC-B-33: one reactions file covers every battle at once: blue defends
    0302, green withdraws from 0402 (red takes it, owing 1000)."""
    other = Battle(2, "0402", (Side("green", False), Side("red", True, 1000)), "green", (2,))
    lines: list[ReactionLine] = [Defend("blue", "0302", 2000), Withdraw("green", "0402")]
    out = resolve_reactions(at_reactions(ONE, other), lines)
    assert [b.number for b in out.state.battles] == [1]
    assert out.state.owners["0402"] == "red"
    assert out.state.upkeep == {"red": 1000}
