"""Battle results (004 "Fase de Batallas"): `resolve_battles` and the
referee's arithmetic (`referee.py`)."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace

import pytest

from adjudicator.rulesets.cawa.reasons import CawaReason
from adjudicator.rulesets.cawa.records import Battle, Payment, Side
from adjudicator.rulesets.cawa.referee import (
    casualty_totals,
    check_seal,
    pair_winner,
    round_points,
    seal,
    table_limit,
)
from adjudicator.rulesets.cawa.results import BattlesOutcome, resolve_battles
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from maps.cawa.model import Building
from orders.cawa.model import (
    REFEREE,
    BattleLine,
    BattleResult,
    Disqualify,
    Fielded,
    Penalty,
    PenaltyKind,
    ResultClass,
)
from tests.cawa.fixtures import SMALL, grid_map, state_on

DRAW, MARGINAL = ResultClass.DRAW, ResultClass.MARGINAL
DECISIVE, MASSACRE = ResultClass.DECISIVE, ResultClass.MASSACRE
HEX = "0403"
FOUR = grid_map([".....", "....."], players=("a", "b", "c", "d"))


def result(winner: str | None, cls: ResultClass, loser: str | None = None) -> BattleResult:
    return BattleResult(REFEREE, HEX, winner, cls, loser)


def duel(attacker: str = "red", defender: str | None = "blue", points: int = 1500) -> Battle:
    """A two-sided battle for HEX."""
    other = Side(defender, False, points) if defender else Side("blue", True, points)
    return Battle(1, HEX, (Side(attacker, True, points), other), defender)


def battles_state(
    *battles: Battle,
    owners: dict[str, str] | None = None,
    buildings: dict[str, Building] | None = None,
) -> CawaState:
    return state_on(
        SMALL,
        owners=owners if owners is not None else {HEX: "blue", "0101": "red"},
        buildings=buildings,
        kind=CawaPhaseKind.BATTLES,
        battles=tuple(battles),
    )


def run(state: CawaState, lines: Sequence[BattleLine]) -> BattlesOutcome:
    return resolve_battles(state, lines)


def reasons(outcome: BattlesOutcome) -> list[CawaReason]:
    return [v.reason for v in outcome.verdicts]


# --- two sides ----------------------------------------------------------------------


def test_attacker_victory_takes_the_hex_and_its_castle() -> None:
    """CC-B-6, CC-M-12, AC-43: the attacker's victory gives him the hex, and a
    castle stays a castle; CC-B-18, CC-E-7, CC-E-11, AC-10: decisive -> the
    loser owes 500 to the winner."""
    state = battles_state(duel(), buildings={HEX: Building.CASTLE})
    out = run(state, [result("red", DECISIVE)])
    assert reasons(out) == [CawaReason.DONE]
    assert out.state.owners[HEX] == "red"
    assert out.state.buildings[HEX] is Building.CASTLE
    assert out.state.payments == (Payment("blue", "red", 500, 1),)
    assert out.state.battles == ()


@pytest.mark.parametrize(
    ("line", "owed"),
    [
        (result(None, DRAW), ()),
        (result("blue", MARGINAL), ()),
        (result("blue", DECISIVE), (Payment("red", "blue", 500, 1),)),
        (result("blue", MASSACRE), (Payment("red", "blue", 1000, 1),)),
    ],
)
def test_draw_or_defender_victory_keeps_the_hex(line: BattleResult, owed: tuple[Payment]) -> None:
    """CC-B-6: a draw or the defender's victory leaves the hex with him;
    CC-B-18: marginal -> nothing, decisive 500, massacre 1000."""
    out = run(battles_state(duel()), [line])
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == owed
    assert not any("takes the hex" in n for n in out.notes)


def test_attacker_massacre_pays_1000_and_marginal_nothing() -> None:
    """CC-B-18: a massacre costs the loser 1000; a marginal victory costs nothing."""
    out = run(battles_state(duel()), [result("red", MASSACRE)])
    assert out.state.payments == (Payment("blue", "red", 1000, 1),)
    out = run(battles_state(duel()), [result("red", MARGINAL)])
    assert out.state.payments == ()
    assert out.state.owners[HEX] == "red"


def test_pair_form_draw_in_a_two_sided_battle_moves_nothing() -> None:
    """CC-B-6: `red sobre blue, empate` in a duel is a draw: the defender keeps the hex."""
    out = run(battles_state(duel()), [result("red", DRAW, "blue")])
    assert reasons(out) == [CawaReason.DONE]
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == ()


def test_invaders_without_defender() -> None:
    """AC-36: two invaders of a hex whose defender withdrew: the winner takes
    it; a draw leaves it as it was, nobody's (noted)."""
    state = battles_state(duel(defender=None), owners={})
    out = run(state, [result("blue", DECISIVE)])
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == (Payment("red", "blue", 500, 1),)
    out = run(state, [result(None, DRAW)])
    assert HEX not in out.state.owners
    assert any("stay as they were" in n for n in out.notes)


def test_pending_battle_stays() -> None:
    """CC-B-1, CC-B-5: a battle with no result stays pending, noted, and
    nothing of it (hex, payments, upkeep: CC-E-8) is applied."""
    battle = duel()
    out = run(battles_state(battle), [Fielded(REFEREE, HEX, "red", 1500)])
    assert out.state.battles == (battle,)
    assert out.state.owners[HEX] == "blue"
    assert out.state.upkeep == {}
    assert any("pending" in n for n in out.notes)


# --- upkeep, fielded points, table limit ----------------------------------------------


def test_upkeep_is_the_fielded_points_rounded_else_declared() -> None:
    """CC-B-11, AC-41, AC-11, CC-E-8: a side that fielded 1503 counts 2000; a
    side without a Fielded line pays its declared points; added to upkeep."""
    state = battles_state(duel(points=1500))
    state = replace(state, upkeep={"red": 500})
    out = run(state, [Fielded(REFEREE, HEX, "red", 1503), result("blue", MARGINAL)])
    assert reasons(out) == [CawaReason.DONE, CawaReason.DONE]
    assert out.state.upkeep == {"red": 2500, "blue": 1500}


@pytest.mark.parametrize(
    ("raw", "counted"), [(1497, 1500), (1498, 1500), (1502, 1500), (1503, 2000)]
)
def test_round_points(raw: int, counted: int) -> None:
    """CC-B-11, AC-41: 1498..1502 -> 1500, 1503 -> 2000, 1497 -> 1500."""
    assert round_points(raw) == counted


def test_table_limit() -> None:
    """AC-38, CC-B-10, CC-B-24: the limit is the lawful maximum + 2: 2502 in a
    single-invader battle, 4502 for a defender facing two invaders."""
    single = duel()
    double = Battle(
        1,
        HEX,
        (Side("red", True, 2000), Side("green", True, 2000), Side("blue", False, 4000)),
        "blue",
    )
    assert table_limit(single, "blue") == 2502
    assert table_limit(single, "red") == 2502
    assert table_limit(double, "blue") == 4502
    assert table_limit(double, "red") == 2502


def test_over_the_table_limit_disqualifies() -> None:
    """CC-B-24, CC-B-25, AC-38: 2503 points on the table disqualifies the
    attacker: he loses by massacre whatever the result line says, and pays
    upkeep on what he fielded (AC-46)."""
    lines: list[BattleLine] = [Fielded(REFEREE, HEX, "red", 2503), result("red", DECISIVE)]
    out = run(battles_state(duel()), lines)
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == (Payment("red", "blue", 1000, 1),)
    assert out.state.upkeep["red"] == 3000
    assert any("disqualified" in n and "2502" in n for n in out.notes)
    out = run(battles_state(duel()), [Fielded(REFEREE, HEX, "red", 2502), result("red", DECISIVE)])
    assert out.state.owners[HEX] == "red"


def test_defender_of_two_invasions_may_field_4502() -> None:
    """AC-38, CC-B-10: 4502 is lawful for a defender facing two invaders, 4503 is not."""
    battle = Battle(
        1,
        HEX,
        (Side("red", True, 2000), Side("green", True, 2000), Side("blue", False, 4000)),
        "blue",
    )
    ok = run(battles_state(battle), [Fielded(REFEREE, HEX, "blue", 4502), result("blue", MARGINAL)])
    assert ok.state.payments == ()
    over = run(battles_state(battle), [Fielded(REFEREE, HEX, "blue", 4503)])
    assert over.state.owners[HEX] == "red"  # the first invader takes it (module docstring)
    assert over.state.payments == (
        Payment("blue", "red", 500, 1),
        Payment("blue", "green", 500, 1),
    )


def test_off_the_declared_points_is_only_noted() -> None:
    """CC-B-24: an army more than 500 off its declared points is noted for the
    referee, who may disqualify; the tool does not."""
    out = run(
        battles_state(duel(points=1000)),
        [Fielded(REFEREE, HEX, "red", 2000), result("red", MARGINAL)],
    )
    assert out.state.owners[HEX] == "red"
    assert any("may disqualify" in n for n in out.notes)


def test_disqualified_defender_loses_by_massacre() -> None:
    """CC-B-24, CC-B-25: the disqualified side loses by massacre, its
    opponent wins by massacre (the attacker takes the hex); AC-46: its upkeep
    is what it fielded."""
    lines: list[BattleLine] = [
        Disqualify(REFEREE, HEX, "blue"),
        Fielded(REFEREE, HEX, "blue", 2000),
    ]
    out = run(battles_state(duel()), lines)
    assert out.state.owners[HEX] == "red"
    assert out.state.payments == (Payment("blue", "red", 1000, 1),)
    assert out.state.upkeep == {"red": 1500, "blue": 2000}


def test_both_sides_disqualified() -> None:
    """CC-B-25: both sides lose: nobody pays, the defender keeps the hex (noted)."""
    lines: list[BattleLine] = [Disqualify(REFEREE, HEX, "blue"), Disqualify(REFEREE, HEX, "red")]
    out = run(battles_state(duel()), lines)
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == ()
    assert any("both sides" in n for n in out.notes)


# --- allies -------------------------------------------------------------------------


def allied(defender_points: int = 1500) -> Battle:
    return Battle(
        1,
        HEX,
        (Side("red", True, 1000), Side("green", True, 1500), Side("blue", False, defender_points)),
        "blue",
    )


def test_worked_example_1_allies_share_the_payment() -> None:
    """CC-B-21, CC-B-19, AC-35: A (1000) + B (1500) against C (1500), A+B win
    by a decisive victory: C pays 500, 250 to A and 250 to B; the named ally
    takes the hex (CC-B-6)."""
    out = run(battles_state(allied()), [result("red", DECISIVE)])
    assert out.state.payments == (Payment("blue", "red", 250, 1), Payment("blue", "green", 250, 1))
    assert out.state.owners[HEX] == "red"


def test_allied_losers_pay_equal_shares() -> None:
    """AC-35, CC-B-19: allied losers pay equal shares (250 + 250 of 500)."""
    out = run(battles_state(allied()), [result("blue", DECISIVE)])
    assert out.state.payments == (Payment("red", "blue", 250, 1), Payment("green", "blue", 250, 1))
    assert out.state.owners[HEX] == "blue"


def test_allied_remainder_is_not_paid() -> None:
    """AC-35: three allies share 500: 166 each, the remainder 2 is not paid."""
    battle = Battle(
        1,
        "0101",
        (Side("a", True, 500), Side("b", True, 500), Side("c", True, 500), Side("d", False, 1500)),
        "d",
    )
    state = state_on(FOUR, owners={"0101": "d"}, kind=CawaPhaseKind.BATTLES, battles=(battle,))
    out = resolve_battles(state, [BattleResult(REFEREE, "0101", "b", DECISIVE)])
    assert [p.amount for p in out.state.payments] == [166, 166, 166]
    assert {p.payee for p in out.state.payments} == {"a", "b", "c"}
    assert out.state.owners["0101"] == "b"


def test_disqualified_ally_pays_the_defender() -> None:
    """CC-B-25, CC-B-19: a disqualified ally loses by massacre to the
    defender; the others' result stands."""
    lines: list[BattleLine] = [Disqualify(REFEREE, HEX, "green"), result("red", MARGINAL)]
    out = run(battles_state(allied()), lines)
    assert out.state.payments == (Payment("green", "blue", 1000, 1),)
    assert out.state.owners[HEX] == "red"


# --- truly three-sided -----------------------------------------------------------------

INFLICTED = {
    ("red", "blue"): 300,
    ("red", "green"): 250,
    ("blue", "red"): 750,
    ("blue", "green"): 850,
    ("green", "red"): 1000,
    ("green", "blue"): 800,
}
"""Worked example 2 with A = red, B = blue, C = green."""


def test_worked_example_2_totals() -> None:
    """CC-B-22, AC-32: A 550, B 1600, C 1800: C wins and keeps the hex."""
    totals = casualty_totals(INFLICTED)
    assert dict(totals.totals) == {"red": 550, "blue": 1600, "green": 1800}
    assert totals.winner == "green"


def test_worked_example_2_pairs_read_as_ac_33() -> None:
    """CC-B-23, AC-33: the pair's winner is whoever inflicted more: B over A,
    C over A (1000 vs 250: the book prints it backwards), B over C (850 vs 800)."""
    assert pair_winner(INFLICTED, "red", "blue") == "blue"
    assert pair_winner(INFLICTED, "red", "green") == "green"
    assert pair_winner(INFLICTED, "blue", "green") == "blue"
    assert pair_winner({}, "red", "blue") is None


def test_worked_example_2_settled() -> None:
    """CC-B-20, CC-B-22, CC-B-23, AC-33: C keeps the hex; A-B marginal
    (nobody pays), A-C a massacre (A pays 1000 to C), B-C a draw."""
    battle = Battle(
        1,
        HEX,
        (Side("red", True, 1500), Side("blue", True, 1500), Side("green", False, 2000)),
        "green",
    )
    state = battles_state(battle, owners={HEX: "green"})
    winner = casualty_totals(INFLICTED).winner
    lines: list[BattleLine] = [
        result(winner, MASSACRE),
        result(pair_winner(INFLICTED, "red", "blue"), MARGINAL, "red"),
        result(pair_winner(INFLICTED, "red", "green"), MASSACRE, "red"),
        result("blue", DRAW, "green"),
    ]
    out = run(state, lines)
    assert reasons(out) == [CawaReason.DONE] * 4
    assert out.state.owners[HEX] == "green"
    assert out.state.payments == (Payment("red", "green", 1000, 1),)


def three_invaders() -> Battle:
    return Battle(
        1, HEX, (Side("red", True, 1000), Side("blue", True, 1000), Side("green", True, 1000)), None
    )


def test_three_sided_without_defender_winner_takes_hex() -> None:
    """CC-B-20, AC-36: three invaders without a defender: the named winner
    takes the hex; each pair line pays; a pair without a line is noted."""
    lines: list[BattleLine] = [result("green", MARGINAL), result("green", DECISIVE, "red")]
    out = run(battles_state(three_invaders(), owners={}), lines)
    assert out.state.owners[HEX] == "green"
    assert out.state.payments == (Payment("red", "green", 500, 1),)
    assert sum("no result for" in n for n in out.notes) == 2


def test_three_sided_needs_a_winner_line() -> None:
    """AC-32: the referee names who keeps the hex; pair lines alone leave the battle pending."""
    out = run(battles_state(three_invaders(), owners={}), [result("green", DECISIVE, "red")])
    assert len(out.state.battles) == 1
    assert out.state.payments == ()


def test_three_sided_draw() -> None:
    """AC-32, CC-CF-13: no draw without a defender; a draw line with a
    defender (tied for first) leaves him the hex."""
    out = run(battles_state(three_invaders(), owners={}), [result(None, DRAW)])
    assert reasons(out) == [CawaReason.BAD_RESULT]
    battle = Battle(
        1,
        HEX,
        (Side("red", True, 1000), Side("green", True, 1000), Side("blue", False, 2000)),
        "blue",
    )
    lines: list[BattleLine] = [result(None, DRAW), result("red", MASSACRE, "green")]
    out = run(battles_state(battle), lines)
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == (Payment("green", "red", 1000, 1),)


def test_three_sided_disqualified_side_pays_each_other_side() -> None:
    """CC-B-25, CC-B-20: in a three-sided battle the disqualified side loses
    by massacre to each other side; with one side left, it takes the hex."""
    lines: list[BattleLine] = [Disqualify(REFEREE, HEX, "red"), Disqualify(REFEREE, HEX, "blue")]
    out = run(battles_state(three_invaders(), owners={}), lines)
    assert out.state.owners[HEX] == "green"
    assert out.state.payments == (
        Payment("red", "green", 1000, 1),
        Payment("blue", "green", 1000, 1),
    )


# --- verdicts -----------------------------------------------------------------------


def test_verdicts() -> None:
    """CC-B-5, AC-34: a line for no battle (NO_SUCH_BATTLE), a player not in
    it (NOT_A_SIDE), a second line for the same thing (DUPLICATE: the first
    stands), a draw with a winner or a win without one (BAD_RESULT)."""
    lines: list[BattleLine] = [
        BattleResult(REFEREE, "0101", "red", DECISIVE),
        result("green", DECISIVE),
        result("red", DRAW),
        result(None, MASSACRE),
        result("red", MARGINAL),
        result("blue", MASSACRE),
        Fielded(REFEREE, HEX, "red", 1500),
        Fielded(REFEREE, HEX, "red", 2000),
        Fielded(REFEREE, HEX, "green", 2000),
        Disqualify(REFEREE, "0202", "red"),
        result("red", MARGINAL, "red"),
    ]
    out = run(battles_state(duel()), lines)
    assert reasons(out) == [
        CawaReason.NO_SUCH_BATTLE,
        CawaReason.NOT_A_SIDE,
        CawaReason.BAD_RESULT,
        CawaReason.BAD_RESULT,
        CawaReason.DONE,
        CawaReason.DUPLICATE,
        CawaReason.DONE,
        CawaReason.DUPLICATE,
        CawaReason.NOT_A_SIDE,
        CawaReason.NO_SUCH_BATTLE,
        CawaReason.BAD_RESULT,
    ]
    assert out.state.owners[HEX] == "red"
    assert out.state.payments == ()


# --- penalties ----------------------------------------------------------------------


def test_forced_loss() -> None:
    """CC-A-4, AC-50: a forced loss is a loss by massacre in the battle named,
    noted with its reason."""
    penalty = Penalty(REFEREE, "red", PenaltyKind.FORCED_LOSS, "PM exceeded", hex=HEX)
    out = run(battles_state(duel()), [penalty, result("red", DECISIVE)])
    assert out.state.owners[HEX] == "blue"
    assert out.state.payments == (Payment("red", "blue", 1000, 1),)
    assert any("PM exceeded" in n for n in out.notes)


def test_forced_loss_verdicts() -> None:
    """CC-A-4, AC-50: a forced loss names a battle the player fights, once."""
    lines: list[BattleLine] = [
        Penalty(REFEREE, "red", PenaltyKind.FORCED_LOSS, "x"),
        Penalty(REFEREE, "green", PenaltyKind.FORCED_LOSS, "x", hex=HEX),
        Penalty(REFEREE, "nobody", PenaltyKind.FINE, "x", amount=100),
        Penalty(REFEREE, "red", PenaltyKind.FINE, "x", amount=0),
        Penalty(REFEREE, "red", PenaltyKind.FORCED_LOSS, "x", hex=HEX),
        Disqualify(REFEREE, HEX, "red"),
    ]
    assert reasons(run(battles_state(duel()), lines)) == [
        CawaReason.NO_SUCH_BATTLE,
        CawaReason.NOT_A_SIDE,
        CawaReason.UNKNOWN_PLAYER,
        CawaReason.BAD_RESULT,
        CawaReason.DONE,
        CawaReason.DUPLICATE,
    ]


def test_fine_is_a_payment_to_nobody() -> None:
    """CC-A-4, AC-50: a fine is a Payment with payee '' (battle 0), collected
    at the next economy; noted with its reason."""
    out = run(battles_state(), [Penalty(REFEREE, "red", PenaltyKind.FINE, "insultos", amount=500)])
    assert out.state.payments == (Payment("red", "", 500, 0),)
    assert any("insultos" in n and "500" in n for n in out.notes)


def test_removal() -> None:
    """CC-A-4, AC-50: a removed player leaves the campaign; his hexes become
    nobody's (buildings stay); his payments are dropped; noted with the reason."""
    state = battles_state(
        duel(),
        owners={HEX: "blue", "0101": "red", "0102": "red"},
        buildings={"0101": Building.VILLAGE},
    )
    lines: list[BattleLine] = [
        result("red", DECISIVE),
        Penalty(REFEREE, "red", PenaltyKind.REMOVAL, "trampas"),
        Penalty(REFEREE, "red", PenaltyKind.REMOVAL, "again"),
    ]
    out = run(state, lines)
    assert reasons(out)[-1] is CawaReason.DUPLICATE
    assert "red" not in out.state.players
    assert out.state.owners == {}
    assert out.state.buildings == {"0101": Building.VILLAGE}
    assert out.state.payments == ()
    assert "red" not in out.state.treasury
    assert any("trampas" in n for n in out.notes)


# --- the playing referee's seal ---------------------------------------------------------


def test_seal_is_the_sha256_of_the_referees_file() -> None:
    """CC-A-3, AC-48: the SHA-256 of the playing referee's own declarations,
    published before the others are in, checked against the revealed file."""
    text = "0303 -> 0403 invasión 1500\n"
    assert seal(text) == hashlib.sha256(text.encode()).hexdigest()
    assert check_seal(text, seal(text))
    assert not check_seal(text + " ", seal(text))
