"""The three sums of "Pensar las Batallas" against PM (004; CC-B-26 ..
CC-B-30, CC-B-32, AC-11, AC-22, AC-39, AC-42, AC-44)."""

from __future__ import annotations

from dataclasses import replace

from adjudicator.rulesets.cawa.pm_sums import PmSums, pm_sums
from adjudicator.rulesets.cawa.reactions import resolve_reactions
from adjudicator.rulesets.cawa.records import (
    Battle,
    Conflict,
    ConflictKind,
    Entry,
    Fleet,
    MoveKind,
    Side,
)
from adjudicator.rulesets.cawa.skirmishes import battles_without_skirmishes
from adjudicator.rulesets.cawa.state import CawaPhaseKind, CawaState
from orders.cawa.model import Defend, ReactionLine, Redeploy, Withdraw
from tests.cawa.fixtures import SMALL, state_on

PM = {"red": 6000, "blue": 6000, "green": 6000}
OWNERS = {
    "0101": "red",
    "0102": "red",
    "0201": "red",
    "0202": "red",
    "0302": "blue",
    "0402": "green",
}


def invasion(number: int, hex_code: str, defender: str, player: str, points: int) -> Conflict:
    entry = Entry(player, "0202", MoveKind.LAND, points)
    return Conflict(number, ConflictKind.INVASION, hex_code, (entry,), defender)


def red_invades(*received: Conflict, fleets: tuple[Fleet, ...] = ()) -> CawaState:
    """CC-B-32: red (PM 6000) invades blue's 0302 with 1500 and green's 0402
    with 2000, and receives these invasions; the battles listed."""
    conflicts = (
        invasion(1, "0302", "blue", "red", 1500),
        invasion(2, "0402", "green", "red", 2000),
        *received,
    )
    state = state_on(
        SMALL, owners=OWNERS, kind=CawaPhaseKind.REACTIONS, conflicts=conflicts, fleets=fleets
    )
    return replace(state, battles=battles_without_skirmishes(state))


FOUR = (
    invasion(3, "0101", "red", "blue", 1000),
    invasion(4, "0102", "red", "blue", 1000),
    invasion(5, "0201", "red", "green", 1000),
    invasion(6, "0202", "red", "green", 1000),
)
"""CC-B-32: four invasions of about 1000 each against red."""

RESISTED: tuple[ReactionLine, ...] = (Defend("blue", "0302", 1000), Defend("green", "0402", 1500))
"""Both of red's invasions meet resistance (two battles)."""


def sums_of(state: CawaState, player: str, **fielded: int) -> PmSums:
    table = {(h, player): p for h, p in ((k[1:], v) for k, v in fielded.items())}
    return next(s for s in pm_sums(state, PM, table if fielded else None) if s.player == player)


def test_first_worked_example() -> None:
    """CC-B-32, AC-39, CC-B-26, CC-B-27, CC-B-28: PM 6000, invasions of 1500
    and 2000, four invasions received: red flees one, cuts the 2000 to 1500
    and defends three fronts with 1000 each: every sum within 6000."""
    lines = (
        *RESISTED,
        Withdraw("red", "0101"),
        Redeploy("red", "0402", 1500),
        Defend("red", "0102", 1000),
        Defend("red", "0201", 1000),
        Defend("red", "0202", 1000),
    )
    out = resolve_reactions(red_invades(*FOUR), lines)
    assert all(v.accepted for v in out.verdicts)
    fielded = {"h0302": 1500, "h0402": 1500, "h0102": 1000, "h0201": 1000, "h0202": 1000}
    red = sums_of(out.state, "red", **fielded)
    assert red == PmSums("red", 6000, declared=3500, declared_with_defences=6000, used=6000)
    assert red.breaches == ()


def test_first_worked_example_without_the_cut() -> None:
    """CC-B-32, AC-39: without cutting the 2000, three defences of 1000 make
    sum 2 = 6500 > 6000 (reported, not punished); "si no, serían 2 de 1000 y
    uno de 500": 1000, 1000 and 500 fit."""
    base = (*RESISTED, Withdraw("red", "0101"))
    fronts = (Defend("red", "0102", 1000), Defend("red", "0201", 1000))
    over = resolve_reactions(red_invades(*FOUR), (*base, *fronts, Defend("red", "0202", 1000)))
    red = sums_of(over.state, "red")
    assert (red.declared, red.declared_with_defences) == (3500, 6500)
    assert red.breaches == (2,)
    assert len(over.state.battles) == 5  # nothing punished automatically (CC-B-29)
    fits = resolve_reactions(red_invades(*FOUR), (*base, *fronts, Defend("red", "0202", 500)))
    assert sums_of(fits.state, "red").declared_with_defences == 6000


def test_second_worked_example() -> None:
    """CC-B-32, AC-39: red receives only one invasion, defends it with 2000
    and raises the 1500 to 2000: 2000 + 2000 + 2000 = 6000."""
    received = invasion(3, "0101", "red", "blue", 1000)
    lines = (*RESISTED, Defend("red", "0101", 2000), Redeploy("red", "0302", 2000))
    out = resolve_reactions(red_invades(received), lines)
    assert all(v.accepted for v in out.verdicts)
    red = sums_of(out.state, "red", h0302=2000, h0402=2000, h0101=2000)
    assert red == PmSums("red", 6000, declared=3500, declared_with_defences=6000, used=6000)
    assert red.breaches == ()


def test_fleets_never_count_but_landings_do() -> None:
    """CC-B-30, AC-22: fleets at sea add nothing; a fleet's landing is an
    invasion and counts its points."""
    fleets = (Fleet("red", "0601"), Fleet("red", "0602"))
    plain = sums_of(red_invades(), "red")
    assert sums_of(red_invades(fleets=fleets), "red") == plain
    landing = Conflict(
        3, ConflictKind.INVASION, "0605", (Entry("red", "0604", MoveKind.FLEET, 1000),), None
    )
    assert sums_of(red_invades(landing), "red").declared == plain.declared + 1000


def test_withdrawn_invasion_still_counts() -> None:
    """AC-42, CC-B-26: an invasion counts from its declaration: red withdraws
    his 2000 and it still counts, at its declared points, in sums 1 and 2;
    it is not used (sum 3)."""
    out = resolve_reactions(red_invades(), (*RESISTED, Withdraw("red", "0402")))
    red = sums_of(out.state, "red", h0302=1500)
    assert (red.declared, red.declared_with_defences, red.used) == (3500, 3500, 1500)


def test_skirmishes_never_count() -> None:
    """AC-44, CC-B-3: a skirmish for a free hex adds nothing to any sum."""
    free = Conflict(
        3, ConflictKind.SKIRMISH, "0103", (Entry("red", "0102", MoveKind.LAND, 500),), None
    )
    assert sums_of(red_invades(free), "red") == sums_of(red_invades(), "red")


def test_unopposed_invasion_is_used_at_its_declared_points() -> None:
    """AC-11, CC-B-28: blue flees red's 1500: red takes 0302 and has used
    1500 there with no battle; sum 3 is unknown until every battle of his has
    its fielded points."""
    out = resolve_reactions(red_invades(), (Withdraw("blue", "0302"), RESISTED[1]))
    assert out.state.owners["0302"] == "red"
    assert sums_of(out.state, "red").used is None
    assert sums_of(out.state, "red", h0302=1500).used is None  # 0402 not entered yet
    assert sums_of(out.state, "red", h0402=2500).used == 4000


def test_every_sum_over_pm_is_reported() -> None:
    """CC-B-26, CC-B-27, CC-B-28, CC-B-29: with PM 3000 every sum is over;
    the breaches are listed for the referee."""
    out = resolve_reactions(red_invades(), RESISTED)
    table = {("0302", "red"): 1500, ("0402", "red"): 2500}
    red = next(s for s in pm_sums(out.state, {"red": 3000}, table) if s.player == "red")
    assert (red.declared, red.declared_with_defences, red.used) == (3500, 3500, 4000)
    assert red.breaches == (1, 2, 3)
    assert next(s for s in pm_sums(out.state, {}, None) if s.player == "blue").pm == 0


def test_double_defender_is_counted_once() -> None:
    """CC-CF-16, AC-37, CC-B-27: the defender of the atypical battle fields
    his declared 2000 plus a defence of 1500: sum 1 = 2000, sum 2 = 3500."""
    double = Conflict(
        5,
        ConflictKind.DOUBLE,
        "0302",
        (Entry("red", "0202", MoveKind.LAND, 1500), Entry("blue", "0302", MoveKind.LAND, 2000)),
        "blue",
        "0202",
    )
    joined = invasion(6, "0302", "blue", "green", 1000)
    battle = Battle(
        1,
        "0302",
        (Side("blue", False, 2000), Side("red", True, 1500), Side("green", True, 1000)),
        "blue",
        (5, 6),
    )
    state = state_on(
        SMALL,
        owners=OWNERS,
        kind=CawaPhaseKind.REACTIONS,
        conflicts=(double, joined),
        battles=(battle,),
    )
    out = resolve_reactions(state, [Defend("blue", "0302", 1500)])
    blue = sums_of(out.state, "blue", h0302=3500)
    assert (blue.declared, blue.declared_with_defences, blue.used) == (2000, 3500, 3500)
    red = sums_of(out.state, "red")
    assert (red.declared, red.declared_with_defences) == (1500, 1500)
