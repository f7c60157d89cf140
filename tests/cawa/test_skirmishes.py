"""The skirmish results phase: from the conflicts to the battles (004
"Conflictos"; CC-CF-3 .. CC-CF-10, CC-CF-15, CC-CF-16, CC-B-3, AC-30, AC-37,
AC-44)."""

from __future__ import annotations

from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import (
    Battle,
    Conflict,
    ConflictKind,
    Entry,
    MoveKind,
    Side,
)
from adjudicator.rulesets.cawa.skirmishes import (
    battle_hexes,
    battles_without_skirmishes,
    resolve_skirmishes,
)
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from orders.cawa.model import REFEREE, SkirmishResult
from tests.cawa.fixtures import SMALL, state_on

# red holds 0202, blue 0302 (its south-east neighbour), green 0402 (north-east of 0302).
OWNERS = {"0202": "red", "0302": "blue", "0402": "green"}


def at_skirmishes(*conflicts: Conflict, battles: tuple[Battle, ...] = ()) -> CawaState:
    return state_on(
        SMALL, owners=OWNERS, kind=CawaPhaseKind.SKIRMISHES, conflicts=conflicts, battles=battles
    )


def skirmish(number: int, hex_code: str, *players: str) -> Conflict:
    entries = tuple(Entry(p, "0202", MoveKind.LAND) for p in players)
    return Conflict(number, ConflictKind.SKIRMISH, hex_code, entries)


def double(number: int = 1, red: int = 1500, blue: int = 2000) -> Conflict:
    """red 0202 -> 0302 (blue's) and blue 0302 -> 0202 (red's) (CC-CF-7)."""
    entries = (
        Entry("red", "0202", MoveKind.LAND, red),
        Entry("blue", "0302", MoveKind.LAND, blue),
    )
    return Conflict(number, ConflictKind.DOUBLE, "0302", entries, "blue", "0202")


def invasion(number: int, hex_code: str, defender: str, *moves: tuple[str, int]) -> Conflict:
    entries = tuple(Entry(p, "0402", MoveKind.LAND, pts) for p, pts in moves)
    return Conflict(number, ConflictKind.INVASION, hex_code, entries, defender)


def wins(hex_code: str, winner: str | None, agreed: bool = False) -> SkirmishResult:
    return SkirmishResult(REFEREE, hex_code, winner, agreed)


def test_skirmish_winner_keeps_the_free_hex() -> None:
    """CC-CF-3, AC-44, CC-B-3: red wins the skirmish for free 0101: he owns
    it, the conflict is settled, no battle, no crowns, no upkeep."""
    state = at_skirmishes(skirmish(1, "0101", "red", "blue"))
    out = resolve_skirmishes(state, [wins("0101", "red")])
    assert [v.reason for v in out.verdicts] == [CawaReason.DONE]
    assert out.state.owners["0101"] == "red"
    assert out.state.conflicts == ()
    assert out.state.battles == ()
    assert out.pending == ()
    assert out.state.treasury == state.treasury
    assert out.state.upkeep == {}
    assert out.state.payments == ()


def test_three_player_skirmish_last_one_standing() -> None:
    """CC-CF-4: three players in one free hex; the last one standing (green)
    wins it."""
    state = at_skirmishes(skirmish(4, "0101", "red", "blue", "green"))
    out = resolve_skirmishes(state, [wins("0101", "green")])
    assert out.verdicts[0].accepted
    assert out.state.owners["0101"] == "green"


def test_skirmish_without_result_stays_pending() -> None:
    """CC-CF-15: a skirmish with no result line stays pending and the hex free."""
    first, second = skirmish(1, "0101", "red", "blue"), skirmish(2, "0103", "red", "green")
    out = resolve_skirmishes(at_skirmishes(first, second), [wins("0101", "blue")])
    assert out.pending == (second,)
    assert out.state.conflicts == (second,)
    assert "0103" not in out.state.owners
    assert out.state.owners["0101"] == "blue"


def test_line_for_no_skirmish_is_refused() -> None:
    """CC-CF-3, CC-CF-5: a result for a hex with no skirmish or double (free,
    or only invaded) is NO_SUCH_CONFLICT and changes nothing."""
    state = at_skirmishes(invasion(1, "0302", "blue", ("red", 1000)))
    out = resolve_skirmishes(state, [wins("0101", "red"), wins("0302", "red")])
    assert [v.reason for v in out.verdicts] == [CawaReason.NO_SUCH_CONFLICT] * 2
    assert out.state.owners == OWNERS
    assert len(out.state.battles) == 1  # the invasion still gets its battle


def test_winner_not_a_side() -> None:
    """CC-CF-3: naming a player who was not in the skirmish is NOT_A_SIDE; the
    skirmish stays pending, and a later correct line settles it."""
    state = at_skirmishes(skirmish(1, "0101", "red", "blue"))
    out = resolve_skirmishes(state, [wins("0101", "green")])
    assert out.verdicts[0].reason is CawaReason.NOT_A_SIDE
    assert "0101" not in out.state.owners
    assert len(out.pending) == 1
    again = resolve_skirmishes(state, [wins("0101", "green"), wins("0101", "blue")])
    assert [v.reason for v in again.verdicts] == [CawaReason.NOT_A_SIDE, CawaReason.DONE]
    assert again.state.owners["0101"] == "blue"


def test_second_line_for_a_conflict_is_duplicate() -> None:
    """CC-CF-3, CC-CF-7: a second result for one conflict (also through the
    double's other hex) is DUPLICATE; the first stands."""
    state = at_skirmishes(skirmish(1, "0101", "red", "blue"), double(2))
    lines = [wins("0101", "red"), wins("0101", "blue"), wins("0302", "red"), wins("0202", "blue")]
    out = resolve_skirmishes(state, lines)
    assert [v.reason for v in out.verdicts] == [
        CawaReason.DONE,
        CawaReason.DUPLICATE,
        CawaReason.DONE,
        CawaReason.DUPLICATE,
    ]
    assert out.state.owners["0101"] == "red"
    assert [b.hex for b in out.state.battles] == ["0302"]


def test_result_without_winner_is_bad() -> None:
    """CC-CF-3, CC-CF-9: a skirmish line naming no winner, or an agreed single
    battle for a plain skirmish, is BAD_RESULT."""
    state = at_skirmishes(skirmish(1, "0101", "red", "blue"))
    out = resolve_skirmishes(state, [wins("0101", None), wins("0101", None, agreed=True)])
    assert [v.reason for v in out.verdicts] == [CawaReason.BAD_RESULT] * 2
    assert out.pending == state.conflicts


def test_double_won_by_the_mover_into_hex() -> None:
    """CC-CF-7, CC-CF-8: red (who moved into 0302) wins the skirmish: the
    battle is for 0302; blue defends it with his declared 2000, red attacks
    with his declared 1500; nobody owner changes yet."""
    out = resolve_skirmishes(at_skirmishes(double()), [wins("0302", "red")])
    assert out.state.battles == (
        Battle(
            1,
            "0302",
            (Side("blue", False, 2000), Side("red", True, 1500)),
            defender="blue",
            conflicts=(1,),
        ),
    )
    assert out.state.owners == OWNERS
    assert out.pending == ()
    assert out.state.conflicts == (double(),)  # kept: the battle names it (AC-42)


def test_double_won_by_the_other_side() -> None:
    """CC-CF-7, CC-CF-8: blue wins the skirmish (the line may name either
    hex): the battle is for red's 0202, red defends with his declared 1500."""
    out = resolve_skirmishes(at_skirmishes(double()), [wins("0202", "blue")])
    (battle,) = out.state.battles
    assert battle.hex == "0202"
    assert battle.defender == "red"
    assert battle.sides == (Side("red", False, 1500), Side("blue", True, 2000))
    assert battle_hexes(out.state, battle) == ("0202",)


def test_agreed_single_battle_decides_both_hexes() -> None:
    """CC-CF-9, AC-30: no skirmish; one battle with both declared armies, no
    defender (a draw leaves both hexes as they were), deciding both hexes."""
    out = resolve_skirmishes(at_skirmishes(double()), [wins("0302", None, agreed=True)])
    (battle,) = out.state.battles
    assert battle.defender is None
    assert battle.sides == (Side("red", True, 1500), Side("blue", True, 2000))
    assert battle_hexes(out.state, battle) == ("0302", "0202")


def test_agreed_single_battle_names_no_winner() -> None:
    """CC-CF-9: an agreed single battle with a winner named is BAD_RESULT."""
    out = resolve_skirmishes(at_skirmishes(double()), [wins("0302", "red", agreed=True)])
    assert out.verdicts[0].reason is CawaReason.BAD_RESULT
    assert out.state.battles == ()


def test_atypical_example_beastman_wins() -> None:
    """CC-CF-16, AC-37: A (red) and C (blue) invade each other, B (green)
    invades C too. A wins the skirmish: one battle in C's hex 0302, A and B
    with their declared points against C with his declared invasion points."""
    state = at_skirmishes(double(), invasion(2, "0302", "blue", ("green", 1000)))
    out = resolve_skirmishes(state, [wins("0302", "red")])
    assert out.state.battles == (
        Battle(
            1,
            "0302",
            (Side("blue", False, 2000), Side("red", True, 1500), Side("green", True, 1000)),
            defender="blue",
            conflicts=(1, 2),
        ),
    )
    assert out.pending == ()


def test_atypical_example_elf_wins() -> None:
    """CC-CF-16, AC-37: C (blue) wins the skirmish: the double is fought in
    A's hex 0202 (A defends with his declared 1500), and B's invasion of C's
    hex is a normal invasion, C's defence still to be declared."""
    state = at_skirmishes(double(), invasion(2, "0302", "blue", ("green", 1000)))
    out = resolve_skirmishes(state, [wins("0302", "blue")])
    assert out.state.battles == (
        Battle(
            1,
            "0202",
            (Side("red", False, 1500), Side("blue", True, 2000)),
            defender="red",
            conflicts=(1,),
        ),
        Battle(
            2,
            "0302",
            (Side("blue", False, None), Side("green", True, 1000)),
            defender="blue",
            conflicts=(2,),
        ),
    )


def test_atypical_void_move_is_dropped() -> None:
    """CC-CF-16: if the movement listed A's move into C's hex in the invasion
    too, and C wins the skirmish, A's move there comes to nothing: only B
    invades C's hex."""
    state = at_skirmishes(double(), invasion(2, "0302", "blue", ("red", 1500), ("green", 1000)))
    out = resolve_skirmishes(state, [wins("0302", "blue")])
    assert out.state.battles[1].sides == (Side("blue", False, None), Side("green", True, 1000))


def test_pending_double_holds_back_its_invasions() -> None:
    """CC-CF-15: with no result for the double, it and the invasion of one of
    its hexes wait; an unrelated invasion still gets its battle."""
    other = invasion(3, "0402", "green", ("red", 1000))
    joined = invasion(2, "0302", "blue", ("green", 1000))
    out = resolve_skirmishes(at_skirmishes(double(), joined, other), [])
    assert out.pending == (double(), joined)
    assert [(b.number, b.hex, b.conflicts) for b in out.state.battles] == [(1, "0402", (3,))]


def test_second_run_adds_nothing_twice() -> None:
    """CC-CF-15: run again on its own output with the missing result, the
    phase only adds the new battle, numbered after the others."""
    other = invasion(3, "0402", "green", ("red", 1000))
    first = resolve_skirmishes(at_skirmishes(double(), other), [])
    second = resolve_skirmishes(first.state, [wins("0302", "red")])
    assert [(b.number, b.hex) for b in second.state.battles] == [(1, "0402"), (2, "0302")]
    again = resolve_skirmishes(second.state, [wins("0302", "blue")])
    assert again.verdicts[0].reason is CawaReason.DUPLICATE
    assert again.state.battles == second.state.battles


def test_battles_without_skirmishes() -> None:
    """CC-CF-5, CC-CF-6, CC-CF-10, CC-CF-12: with no skirmish, one battle per
    invaded hex, numbered in the conflicts' order; two invaders of one hex
    make one three-sided battle; the defender's points wait for the
    reactions (CC-CF-11)."""
    state = at_skirmishes(
        invasion(1, "0402", "green", ("red", 1000)),
        invasion(2, "0302", "blue", ("red", 2000), ("green", 1500)),
    )
    assert battles_without_skirmishes(state) == (
        Battle(1, "0402", (Side("green", False), Side("red", True, 1000)), "green", (1,)),
        Battle(
            2,
            "0302",
            (Side("blue", False), Side("red", True, 2000), Side("green", True, 1500)),
            "blue",
            (2,),
        ),
    )


def test_battles_without_skirmishes_numbered_after_existing() -> None:
    """CC-CF-1: battle numbers follow those the state already holds; a
    conflict already in a battle is not listed again."""
    old = Battle(7, "0402", (Side("green", False), Side("red", True, 1000)), "green", (1,))
    state = at_skirmishes(
        invasion(1, "0402", "green", ("red", 1000)),
        invasion(2, "0302", "blue", ("red", 2000)),
        battles=(old,),
    )
    (battle,) = battles_without_skirmishes(state)
    assert (battle.number, battle.hex) == (8, "0302")
