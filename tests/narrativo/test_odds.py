"""The exact odds of `mapjudge odds` (adjudicator/rulesets/narrativo/odds*.py,
renderers/narrativo/odds.py, the command in
adjudicator/plugins/narrativo_commands.py): small cases by hand, an
independent convolution, the pifia's formula, the extended action's chain
and the desperate roll's surds checked against the procedure itself."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import product

import pytest
from click.testing import CliRunner

from adjudicator.core.dice import Dice, Roll
from adjudicator.plugins.narrativo_commands import odds_command
from adjudicator.rulesets.narrativo.odds import botch_odds, pool_odds
from adjudicator.rulesets.narrativo.odds_desperate import (
    R,
    Surd,
    desperate_odds,
    desperate_successes,
)
from adjudicator.rulesets.narrativo.odds_extended import extended_odds
from adjudicator.rulesets.narrativo.outcome import Level
from adjudicator.rulesets.narrativo.pools import DesperateEnd, desperate_roll
from renderers.narrativo.odds import percent
from renderers.png import SIGNATURE

F = Fraction


def convolved(size: int, difficulty: int, upto: int, ones_cancel: bool) -> list[Fraction]:
    """P(0..upto) by brute force, independently of the generating function:
    one die's chain (m 10s then a last face) as a signed count, convolved
    `size` times, the net floored at 0 (NAMB-01)."""
    reach = upto + size + 1
    one: dict[int, Fraction] = {}
    for tens in range(reach + 1):
        chance = F(1, 10) ** tens
        for face in range(1, 10):
            value = tens + (face >= difficulty) - (ones_cancel and face == 1)
            one[value] = one.get(value, F(0)) + chance * F(1, 10)
    total = {0: F(1)}
    for _ in range(size):
        step: dict[int, Fraction] = {}
        for a, pa in total.items():
            for b, pb in one.items():
                if a + b <= reach:
                    step[a + b] = step.get(a + b, F(0)) + pa * pb
        total = step
    floor_zero = sum((p for v, p in total.items() if v <= 0), F(0))
    return [floor_zero] + [total.get(k, F(0)) for k in range(1, upto + 1)]


def test_one_die_at_six_by_hand() -> None:
    """N-001, N-003, NAMB-01: 1d10 at 6: P(0) = 5/10 (1..5), P(1) = 4/10 +
    (1/10)(5/10) (6..9, or a 10 and a failure), P(k) = 45/10^(k+1)."""
    odds = pool_odds(1, 6, upto=6)
    assert odds.exact[:4] == (F(1, 2), F(45, 100), F(45, 1000), F(45, 10000))
    assert odds.tail == F(1, 2 * 10**6)
    assert odds.botch == F(1, 10)
    assert sum(odds.exact) + odds.tail == 1


def test_one_die_at_ten_is_geometric() -> None:
    """N-001, N-003, N-174: at 10 only the 10s succeed, each adding a die:
    P(k) = (1/10)^k (9/10)."""
    odds = pool_odds(1, 10, upto=5)
    assert odds.exact == tuple(F(1, 10) ** k * F(9, 10) for k in range(6))


def test_two_dice_at_six_by_hand() -> None:
    """N-002, N-003: 2d10 at 6: P(0) = 1/4, P(1) = 2 (45/100)(1/2),
    P(2) = (45/100)^2 + 2 (1/2)(45/1000)."""
    odds = pool_odds(2, 6, upto=2)
    assert odds.exact == (F(1, 4), F(45, 100), F(2475, 10000))


def test_ones_cancel_by_hand() -> None:
    """NAMB-01: with `ones_cancel`, 1d10 at 6: P(0) = 5/10 + P(10 then 1)."""
    odds = pool_odds(1, 6, ones_cancel=True, upto=2)
    assert odds.exact[0] == F(51, 100)
    assert odds.exact[1] == F(4, 10) + F(1, 10) * F(4, 10) + F(1, 100) * F(1, 10)
    assert odds.botch == F(1, 10)


@pytest.mark.parametrize(
    ("size", "difficulty", "ones_cancel"),
    [(1, 2, False), (3, 6, False), (4, 10, False), (2, 7, True), (4, 9, True), (5, 2, True)],
)
def test_the_series_match_a_brute_convolution(
    size: int, difficulty: int, ones_cancel: bool
) -> None:
    """N-001 .. N-003, NAMB-01: the generating function's coefficients are
    the convolution of the dice, exactly, and all add up to 1."""
    odds = pool_odds(size, difficulty, ones_cancel=ones_cancel, upto=6)
    assert list(odds.exact) == convolved(size, difficulty, 6, ones_cancel)
    assert sum(odds.exact) + odds.tail == 1 and odds.tail > 0


@pytest.mark.parametrize(("size", "difficulty"), [(1, 6), (2, 2), (3, 7), (3, 10)])
def test_the_botch_formula_counts_the_faces(size: int, difficulty: int) -> None:
    """NAMB-01: P(pifia) = ((d-1)/10)^n - ((d-2)/10)^n: every face tuple
    with no die >= d and a 1 (no die >= d means no 10, so no explosion)."""
    botches = sum(
        1 for faces in product(range(1, 11), repeat=size) if max(faces) < difficulty and 1 in faces
    )
    assert botch_odds(size, difficulty) == F(botches, 10**size)
    assert pool_odds(size, difficulty, ones_cancel=True).botch == F(botches, 10**size)


def test_the_levels_of_a_complex_action() -> None:
    """N-009, N-010, N-011, N-012, N-013, N-014: pifia, fracaso, escaso
    (1), moderado (2), completo (3), notable (4), excelente (5+), adding up
    to 1; a simple action succeeds with 1+ (N-004, N-006)."""
    odds = pool_odds(1, 6)
    levels = odds.levels
    assert levels[Level.BOTCH] == F(1, 10)
    assert levels[Level.FAILURE] == F(4, 10)
    assert levels[Level.SCANT] == F(45, 100)
    assert levels[Level.NOTABLE] == F(45, 10**5)
    assert levels[Level.EXCELLENT] == F(5, 10**5)  # P(>= 5) = 5/10^5
    assert sum(levels.values()) == 1
    assert odds.simple_success == F(1, 2)


def test_a_pool_of_zero_has_no_success_and_no_botch() -> None:
    """N-175, N-176: a pool of 0 rolls nothing (the desperate roll is
    separate)."""
    odds = pool_odds(0, 6)
    assert (odds.exact[0], odds.tail, odds.botch) == (F(1), F(0), F(0))


@pytest.mark.parametrize(("size", "difficulty"), [(-1, 6), (3, 1), (3, 11)])
def test_bad_pools_are_refused(size: int, difficulty: int) -> None:
    """N-174, N-175."""
    with pytest.raises(ValueError, match="outside 2..10|never below 0"):
        pool_odds(size, difficulty)


def test_an_extended_action_by_hand() -> None:
    """N-017, N-018, N-019, N-020, NAMB-04: 1d10 at 6, 2 successes in 2 rolls. Roll 1:
    pifia 1/10 fails for good, 0 (4/10) stays, 1 (45/100), 2+ (5/100)
    completes. Roll 2 from 0: pifia 4/100 fails for good, 2+ 2/100
    completes; from 1: 1+ (45/100)(1/2) completes, a pifia (45/1000) resets
    to 0 without failing."""
    odds = extended_odds(1, 6, 2, 2)
    assert odds.complete == F(5, 100) + F(2, 100) + F(225, 1000)
    assert odds.failed == F(1, 10) + F(4, 100)
    assert odds.out_of_time == 1 - odds.complete - odds.failed == F(565, 1000)


def test_an_extended_action_of_one_roll() -> None:
    """N-018, N-020: one roll: complete 1/2, a pifia fails for good 1/10."""
    odds = extended_odds(1, 6, 1, 1)
    assert (odds.complete, odds.failed, odds.out_of_time) == (F(1, 2), F(1, 10), F(2, 5))


def test_an_extended_action_without_a_limit_by_hand() -> None:
    """N-017 .. N-020, NAMB-04: with x1 = (1/2 + x0/10)/(6/10) and
    (6/10) x0 = (45/100) x1 + 5/100: x0 = 17/21; it always ends."""
    odds = extended_odds(1, 6, 2, None)
    assert (odds.complete, odds.failed, odds.out_of_time) == (F(17, 21), F(4, 21), F(0))


@pytest.mark.parametrize("ones_cancel", [False, True])
def test_the_unlimited_chain_is_the_limit_of_many_rolls(ones_cancel: bool) -> None:
    """N-021, NAMB-04 (the wall: 20 successes at 8): more rolls never lower
    the chance, and 400 rolls come within 10^-9 of no limit."""
    free = extended_odds(5, 8, 20, None, ones_cancel=ones_cancel)
    twenty = extended_odds(5, 8, 20, 20, ones_cancel=ones_cancel)
    many = extended_odds(5, 8, 20, 400, ones_cancel=ones_cancel)
    assert twenty.complete < many.complete <= free.complete
    assert free.complete - many.complete < F(1, 10**9)
    assert abs(free.failed - many.failed) < F(1, 10**9)
    assert twenty.complete + twenty.failed + twenty.out_of_time == 1
    assert twenty.out_of_time > 0 and free.out_of_time == 0


def test_an_extended_action_with_no_dice_never_ends() -> None:
    """N-175, NAMB-04: a pool of 0 never accumulates (the desperate roll is
    separate)."""
    odds = extended_odds(0, 6, 5, None)
    assert (odds.complete, odds.failed, odds.out_of_time) == (F(0), F(0), F(1))


def test_the_desperate_constants() -> None:
    """N-177 .. N-180, NAMB-24: P(failure) = 4/5, P(success) = 18√6 − 44,
    P(disaster) = 221/5 − 18√6."""
    odds = desperate_odds()
    assert odds.failure == Surd(F(4, 5))
    assert odds.success == Surd(F(-44), F(18))
    assert odds.disaster == Surd(F(221, 5), F(-18))
    assert str(odds.success) == "18√6 − 44"
    assert round(float(odds.success), 6) == 0.090815
    assert R == R * R * Surd(F(1, 10)) + Surd(F(1, 10))  # r = 1/10 + r^2/10


def test_the_desperate_successes_add_up_to_the_success() -> None:
    """NAMB-24: P(k) = P(1) r^(k-1), so their sum P(1)/(1 − r) is exactly
    P(success)."""
    first = desperate_successes(1)
    assert first / (Surd(F(1)) - R) == desperate_odds().success
    for k in range(1, 6):
        assert desperate_successes(k + 1) == desperate_successes(k) * R
    with pytest.raises(ValueError, match="at least one 10"):
        desperate_successes(0)


@dataclass
class Faces(Dice):
    """Dice showing `faces[index]`, raising `Exhausted` past them."""

    faces: Sequence[int] = ()
    secret: str = "scripted"
    game: str = "test"
    phase: str = "scene-1"
    rolls: list[Roll] = field(default_factory=list)

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        if index >= len(self.faces):
            raise Exhausted
        return self.faces[index]


class Exhausted(Exception):
    """The roll needs more dice than scripted."""


def test_the_desperate_algebra_against_the_procedure_itself() -> None:
    """NAMB-24, N-177 .. N-180: a direct value iteration over every
    sequence of 1, 10 and "2..9" (shown as 5) up to 16 dice, each run
    through `pools.desperate_roll`, gives each end's chance to within the
    mass left unfinished, which is under 10^-10."""
    chance = {1: F(1, 10), 10: F(1, 10), 5: F(8, 10)}
    ends: dict[tuple[DesperateEnd, int], float] = {}
    frontier: list[tuple[tuple[int, ...], float]] = [((), 1.0)]
    for _ in range(16):
        following: list[tuple[tuple[int, ...], float]] = []
        for faces, mass in frontier:
            for face, p in chance.items():
                script = (*faces, face)
                try:
                    rolled = desperate_roll(Faces(faces=script), "x")
                except Exhausted:
                    following.append((script, mass * float(p)))
                    continue
                key = (rolled.end, rolled.successes)
                ends[key] = ends.get(key, 0.0) + mass * float(p)
        frontier = following
    unfinished = sum(mass for _, mass in frontier)
    assert unfinished < 1e-10
    odds = desperate_odds(shown=6)
    assert ends[(DesperateEnd.FAILURE, 0)] == pytest.approx(0.8, abs=1e-15)
    assert ends[(DesperateEnd.DISASTER, 0)] == pytest.approx(float(odds.disaster), abs=2e-10)
    for k, value in enumerate(odds.kept, start=1):
        assert ends[(DesperateEnd.SUCCESS, k)] == pytest.approx(float(value), abs=2e-10), k


def test_percentages_round_half_up_from_the_exact_value() -> None:
    """The table's percentages: 2 decimals from the exact fraction or surd."""
    assert percent(F(1, 8)) == "12.50%"
    assert percent(F(1, 3)) == "33.33%"
    assert percent(F(5, 100_000)) == "0.01%"
    assert percent(F(49, 1_000_000)) == "0.00%"
    assert percent(desperate_odds().success) == "9.08%"
    assert percent(F(1)) == "100.00%"


def odds(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(odds_command, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result.exit_code, result.output


def test_the_command_prints_the_table() -> None:
    """N-001 .. N-004, N-010 .. N-014: `mapjudge odds 1 6 --fractions`."""
    code, text = odds("1", "6", "--fractions")
    assert code == 0, text
    assert "       1    45.00%    50.00%  9/20" in text.splitlines()
    assert "pifia (no success and a 1): 10.00% (1/10)" in text
    assert "simple action, 1+ success: 50.00% (1/2)" in text
    assert "escaso (1) 45.00% (9/20)" in text


def test_the_command_prints_the_extended_and_desperate_lines() -> None:
    """N-017 .. N-021, N-176 .. N-180, NAMB-04, NAMB-24."""
    code, text = odds("1", "6", "--need", "2", "--desperate")
    assert code == 0, text
    assert "extended action, 2 successes without a limit: completes 80.95%" in text
    assert "fails for good 19.05%" in text
    code, text = odds("0", "6", "--fractions")
    assert code == 0, text
    assert " success     9.08%  18√6 − 44" in text
    assert "failure    80.00%  4/5" in text
    assert "k      P(k)" not in text  # no table for a pool of 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["31", "6"], "a pool of 31 is outside 0..30"),
        (["5", "11"], "difficulty 11 is outside 2..10 (N-174)"),
        (["5", "1"], "difficulty 1 is outside 2..10 (N-174)"),
        (["--", "-1", "6"], "a pool of -1 is outside 0..30"),
        (["5", "6", "--need", "0"], "need 0 is outside 1..100"),
        (["5", "6", "--rolls", "3"], "give --need too"),
        (["five", "6"], "'five' is not a valid integer"),
    ],
)
def test_the_command_refuses_bad_arguments(args: list[str], message: str) -> None:
    """N-174, N-175: a click error naming the value and the range."""
    code, text = odds(*args)
    assert code == 2
    assert message in text


def test_the_chart_is_a_png_with_the_same_bytes_each_time(tmp_path: object) -> None:
    """The chart: a PNG, the same bytes for the same odds (no dates)."""
    from pathlib import Path

    folder = Path(str(tmp_path))
    first, second = folder / "a.png", folder / "b.png"
    assert odds("3", "7", "--desperate", "--chart", str(first))[0] == 0
    assert odds("3", "7", "--desperate", "--chart", str(second))[0] == 0
    assert first.read_bytes().startswith(SIGNATURE)
    assert first.read_bytes() == second.read_bytes()
