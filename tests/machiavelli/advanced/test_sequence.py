"""The advanced rules in Machiavelli's year (003 "posible secuencia de juego":
CM-S-1..CM-S-13, AM-04, AM-06, AM-39), played through the ruleset's phases
with the game's dice, and the properties of random games with every module on:
ducats accounted for, no treasury below zero, the same inputs giving the same
outputs."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.results import EventKind, Resolution
from adjudicator.kits.board.state import PhaseKind, Season, Unit
from adjudicator.rulesets.machiavelli import AUTONOMOUS, MACHIAVELLI, MachiavelliState
from adjudicator.rulesets.machiavelli.advanced.income import income
from adjudicator.rulesets.machiavelli.records import SpecialKind
from maps import load_map
from orders.board.model import Hold, Move, Order, Retreat, UnitKind, UnitRef
from orders.machiavelli.model import Expense, ExpenseKind, LoanRequest, RefuseRepayment, Transfer
from renderers.board.report import TurnReport, render_report
from renderers.machiavelli.rendering import MACHIAVELLI_RENDERING
from tests.generators.machiavelli_orders import random_machiavelli_orders

MAP = load_map("machiavelli")
ADVANCED = MACHIAVELLI.options(preset="advanced")


def _resolve(state: MachiavelliState, orders: list[Order], secret: str = "s") -> Resolution:
    return MACHIAVELLI.resolve(state, orders, MAP, ADVANCED, Dice(secret, "g", state.phase.id))


def _fall(state: MachiavelliState) -> MachiavelliState:
    return replace(state, phase=Phase(1454, Season.FALL, PhaseKind.MOVEMENT))


def _start() -> MachiavelliState:
    return MACHIAVELLI.initial_state(MAP, "balance", ADVANCED)


def test_the_spring_opens_with_the_famine_roll_then_income_then_its_adjustment() -> None:
    """CM-S-1, CM-S-2, CM-S-11, AM-06: after the fall, control is settled, the
    famine roll is made, income is collected on that control and those markers,
    and the spring has its adjustment phase (with finances, always)."""
    fall = _fall(_start())
    done = _resolve(fall, [])
    spring = done.state
    assert spring.phase == Phase(1455, Season.SPRING, PhaseKind.ADJUSTMENT)
    purposes = [r.purpose for r in done.rolls]
    assert purposes[0] == "year-chart" and "variable-income" in purposes
    assert purposes.index("variable-income") > purposes.index("year-chart")
    die = next(r.result for r in done.rolls if r.purpose == "variable-income")
    earned = income(
        spring,
        MAP,
        die,
        famine=spring.famine,
        variable_cities=spring.variable_income_cities,
        doubled=spring.doubled_income,
    )
    for power, statement in earned.items():
        assert spring.treasury[power] == fall.treasury.get(power, 0) + statement.total
    assert set(done.secrets) == set(earned)  # each power's statement, private (AM-46)
    assert any(note.startswith("Famine:") for note in done.notes)


def test_income_is_counted_only_in_spring() -> None:
    """CM-5.0-2 and CM-5.4-2: summer and fall collect nothing and charge no upkeep."""
    summer = replace(_start(), phase=Phase(1454, Season.SUMMER, PhaseKind.MOVEMENT))
    done = _resolve(summer, [])
    assert done.state.phase.season == Season.FALL
    assert done.state.treasury == summer.treasury


def test_the_adjustment_pays_for_every_unit_and_opens_the_movement() -> None:
    """CM-S-2, CM-5.4-1: each unit kept costs 3d; the spring then moves."""
    spring = _resolve(_fall(_start()), []).state
    done = _resolve(spring, [])
    after = done.state
    assert after.phase == Phase(1455, Season.SPRING, PhaseKind.MOVEMENT)
    for power in spring.powers():
        kept = len(after.units_of(power))
        assert after.treasury[power] == spring.treasury[power] - 3 * kept


def test_a_unit_in_a_famine_area_dies_at_the_end_of_spring() -> None:
    """CM-S-10, CM-9.4-3, AM-39: units act normally in spring; those in a famine
    area after the spring's movement are eliminated, and the markers go."""
    army = Unit("florence", UnitKind.ARMY, "ARE")
    spring = MachiavelliState(
        phase=Phase(1455, Season.SPRING, PhaseKind.MOVEMENT),
        units=(army, Unit("venice", UnitKind.ARMY, "PAD")),
        control={"ARE": "florence", "PAD": "venice"},
        famine=frozenset({"ARE"}),
    )
    done = _resolve(spring, [Hold("florence", UnitRef(UnitKind.ARMY, "ARE"))])
    assert army not in done.state.units
    assert Unit("venice", UnitKind.ARMY, "PAD") in done.state.units
    assert not done.state.famine
    assert [(e.kind, e.unit) for e in done.events if e.kind is EventKind.STARVED] == [
        (EventKind.STARVED, army)
    ]


def test_the_plague_is_rolled_as_the_summer_opens() -> None:
    """CM-S-3, CM-9.1-1: the plague phase comes every summer, before its orders:
    the spring's last phase rolls it, and its victims are gone from the summer's board."""
    spring = replace(_start(), phase=Phase(1455, Season.SPRING, PhaseKind.MOVEMENT))
    for secret in map(str, range(40)):
        done = _resolve(spring, [], secret)
        struck = [e for e in done.events if e.kind is EventKind.PLAGUE_STRUCK]
        if struck:
            break
    else:
        raise AssertionError("no plague in 40 springs")
    assert done.state.phase.season == Season.SUMMER
    assert "year-chart" in [r.purpose for r in done.rolls]
    assert all(e.unit not in done.state.units for e in struck)
    assert any(note.startswith("Plague:") for note in done.notes)


def test_victory_stays_at_eighteen_cities() -> None:
    """CM-S-13: the advanced rules do not change the victory condition."""
    assert ADVANCED.victory_cities == 18


def test_an_elite_unit_attacks_with_strength_two() -> None:
    """AM-40 through the phase: mercenaries (strength 2) dislodge a lone defender."""
    state = MachiavelliState(
        phase=Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT),
        units=(Unit("milan", UnitKind.ARMY, "LUC"), Unit("florence", UnitKind.ARMY, "PISA")),
        control={"LUC": "milan", "PISA": "florence"},
        specials={Unit("milan", UnitKind.ARMY, "LUC"): SpecialKind.ELITE_MERCENARIES},
    )
    orders: list[Order] = [
        Move("milan", UnitRef(UnitKind.ARMY, "LUC"), "PISA"),
        Hold("florence", UnitRef(UnitKind.ARMY, "PISA")),
    ]
    done = _resolve(state, orders)
    assert Unit("milan", UnitKind.ARMY, "PISA") in done.state.units
    moved = Unit("milan", UnitKind.ARMY, "PISA")
    assert done.state.specials == {moved: SpecialKind.ELITE_MERCENARIES}  # it keeps its kind


def test_the_unit_retreating_from_an_elite_unit_does_not_take_its_kind() -> None:
    """§10, AM-41: Milan's mercenaries dislodge France's army from TUR; in the
    retreat the French army (also `A TUR` until it goes) leaves as a regular
    unit and the mercenaries keep their kind where they stand."""
    mercenaries = Unit("milan", UnitKind.ARMY, "COMO")
    state = MachiavelliState(
        phase=Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT),
        units=(
            mercenaries,
            Unit("france", UnitKind.ARMY, "TUR"),
            Unit(AUTONOMOUS, UnitKind.GARRISON, "TUR"),  # the city is not free to enter
        ),
        control={"COMO": "milan", "TUR": "france", "SWI": "france"},
        specials={mercenaries: SpecialKind.ELITE_MERCENARIES},
    )
    moved = _resolve(state, [Move("milan", UnitRef(UnitKind.ARMY, "COMO"), "TUR")])
    assert moved.state.phase.kind == PhaseKind.RETREAT
    retreat = Retreat("france", UnitRef(UnitKind.ARMY, "TUR"), "SWI")
    done = _resolve(moved.state, [retreat])
    assert Unit("france", UnitKind.ARMY, "SWI") in done.state.units
    assert done.state.specials == {
        Unit("milan", UnitKind.ARMY, "TUR"): SpecialKind.ELITE_MERCENARIES
    }


def test_a_special_unit_that_is_not_on_the_board_is_a_state_problem() -> None:
    """§10: a state file's special unit must be one of its power's units."""
    state = replace(
        _start(), specials={Unit("milan", UnitKind.ARMY, "ROME"): SpecialKind.ELITE_MERCENARIES}
    )
    assert any(
        "special_units.milan: A ROME is not one of its units on the board" in problem
        for problem in MACHIAVELLI.validate(state, MAP)
    )


# --- random games with every module on ----------------------------------------------


def _play(seed: int, phases: int) -> list[Resolution]:
    rng = random.Random(seed)
    state = replace(_start(), phase=Phase(1454, Season.FALL, PhaseKind.MOVEMENT))
    played = []
    for _ in range(phases):
        done = _resolve(state, random_machiavelli_orders(state, MAP, rng), f"seed-{seed}")
        played.append(done)
        state = done.state
    return played


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_every_ducat_is_accounted_for_in_random_games(seed: int) -> None:
    """Ducats are conserved: treasuries never go below zero; they grow only by the
    spring's income, shrink only by the adjustment's upkeep and purchases (3d for
    each unit kept or bought), and stay put in every other phase."""
    for done in _play(seed, 8):
        before, after = done.previous, done.state
        assert all(ducats >= 0 for ducats in after.treasury.values())
        kind, next_season = before.phase.kind, after.phase.season
        if kind == PhaseKind.ADJUSTMENT:
            for power in before.powers():
                spent = before.treasury.get(power, 0) - after.treasury.get(power, 0)
                assert spent == 3 * len(after.units_of(power)), power
        elif next_season == Season.SPRING and before.phase.season == Season.FALL:
            for power, lines in done.secrets.items():
                gained = after.treasury[power] - before.treasury.get(power, 0)
                assert f"Income this spring: {gained}d" in lines[1]
        else:
            assert after.treasury == before.treasury


def _public_report(done: Resolution) -> str:
    turn = TurnReport(done, MAP, "machiavelli", MACHIAVELLI.title, rendering=MACHIAVELLI_RENDERING)
    return render_report(turn)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_replaying_a_random_game_gives_the_same_outputs(seed: int) -> None:
    """The same state, orders and secret give the same results, rolls, state and
    reports; every roll of the game's dice is in the public report (issue 13)."""
    first, second = _play(seed, 5), _play(seed, 5)
    assert [(d.results, d.rolls, d.state.to_dict(), d.secrets) for d in first] == [
        (d.results, d.rolls, d.state.to_dict(), d.secrets) for d in second
    ]
    for done, again in zip(first, second, strict=True):
        report = _public_report(done)
        assert report == _public_report(again)
        for roll in done.rolls:
            assert f"  {roll.purpose} #{roll.index}: d{roll.sides} -> {roll.result}\n" in report
    assert Counter(r.purpose for d in first for r in d.rolls)["variable-income"] >= 1


def test_a_movement_turn_runs_loans_then_expenses_then_assassinations_then_moves() -> None:
    """CM-S-5 .. CM-S-9: the Loan phase comes first (Venice's loan pays for an
    expense its treasury alone could not), the expenses written with the orders
    are then carried out (CM-S-6, CM-S-7), the assassination after them (CM-S-8),
    and the movement last, with the victim's units holding (CM-S-9, CM-8.3-1).
    CM-S-4: diplomacy is the players' own; the judge has no phase for it."""
    state = MachiavelliState(
        phase=Phase(1456, Season.SUMMER, PhaseKind.MOVEMENT),
        units=(Unit("venice", UnitKind.ARMY, "PAD"), Unit("turks", UnitKind.ARMY, "DUR")),
        control={"PAD": "venice", "DUR": "turks"},
        treasury={"venice": 10, "turks": 0},
        attempts={"venice": 1, "turks": 1},
    )
    orders: list[Order] = [
        LoanRequest("venice", 20, 2),
        Expense("venice", ExpenseKind.ASSASSINATION, 24, victim="turks"),
        Move("turks", UnitRef(UnitKind.ARMY, "DUR"), "ALB"),
    ]
    for secret in map(str, range(60)):
        done = _resolve(state, orders, secret)
        if any("against turks: succeeded" in note for note in done.notes):
            break
    else:
        raise AssertionError("no successful attempt in 60 games")
    assert done.state.treasury["venice"] == 10 + 20 - 24
    assert done.state.attempts["venice"] == 0
    assert Unit("turks", UnitKind.ARMY, "DUR") in done.state.units  # it held
    assert "assassination:turks" in [r.purpose for r in done.rolls]
    assert done.state.phase == Phase(1456, Season.FALL, PhaseKind.MOVEMENT)


def _side_lines(state: MachiavelliState, rng: random.Random) -> list[Order]:
    """Random loans, refusals, gifts and expenses for a movement phase."""
    powers = [p for p in state.powers() if p in state.treasury]
    areas = sorted(MAP.areas)
    lines: list[Order] = []
    for power in powers:
        roll = rng.random()
        if roll < 0.3:
            lines.append(LoanRequest(power, rng.randint(1, 15), rng.randint(1, 2)))
        elif roll < 0.4:
            lines.append(RefuseRepayment(power))
        elif roll < 0.55:
            lines.append(Transfer(power, rng.choice(powers), rng.randint(1, 8)))
        for _ in range(rng.randint(0, 2)):
            kind = rng.choice(list(ExpenseKind))
            unit = rng.choice(state.units)
            lines.append(
                Expense(
                    power,
                    kind,
                    rng.choice([3, 6, 9, 12, 15, 18, 24]),
                    area=unit.location if kind.is_bribe or kind.value == "F" else rng.choice(areas),
                    unit_kind=unit.kind,
                    victim=rng.choice(powers) if kind is ExpenseKind.ASSASSINATION else None,
                )
            )
    return lines


def _charged(secrets: tuple[str, ...]) -> int:
    """The ducats of the expenses a power's private report lists as charged."""
    return sum(
        int(line.split(": ")[0].rsplit(" ", 1)[1].removesuffix("d"))
        for line in secrets
        if line.startswith("Expense (") and ": charged" in line
    )


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**31))
def test_loans_gifts_and_expenses_account_for_every_ducat(seed: int) -> None:
    """In a movement turn, the treasuries change by exactly the loans granted,
    less the loans repaid and the expenses charged; gifts move ducats between
    treasuries (§5.3, §6.1, §11; AM-16, AM-44)."""
    rng = random.Random(seed)
    state = replace(_start(), phase=Phase(1455, Season.SUMMER, PhaseKind.MOVEMENT))
    for _ in range(4):
        orders = random_machiavelli_orders(state, MAP, rng) + _side_lines(state, rng)
        done = _resolve(state, orders, f"seed-{seed}")
        before, after = done.previous, done.state
        if before.phase.kind == PhaseKind.MOVEMENT and before.phase.season != Season.FALL:
            new = [n for n in after.loans if n not in before.loans]
            gone = [n for n in before.loans if n not in after.loans]
            repaid = sum(n.principal + n.interest for n in gone if n.power not in after.no_credit)
            charged = sum(_charged(lines) for lines in done.secrets.values())
            expected = (
                sum(before.treasury.values()) + sum(n.principal for n in new) - repaid - charged
            )
            assert sum(after.treasury.values()) == expected
        assert all(ducats >= 0 for ducats in after.treasury.values())
        for power in after.powers():  # CM-11.2-3: never more than 25d owed
            assert sum(n.principal for n in after.loans if n.power == power) <= 25
        state = after
