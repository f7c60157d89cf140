"""Assassination (003 §8): checklist `machiavelli-advanced`, CM-8.x, CM-6.1-3,
CM-6.2-E and AM-32 .. AM-36."""

from __future__ import annotations

import pytest

from adjudicator.core.dice import Dice, Roll
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.assassination import (
    Holding,
    attempt_assassination,
    attempt_problem,
    dice_for,
    holding_of,
    paralysis,
    rebellion_rolls,
    rebellion_site,
    rebels,
    resolve_attempts,
    transfer_attempt,
    use_attempt,
)
from adjudicator.rulesets.machiavelli.records import Rebellion
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from maps import load_map
from orders.board.model import UnitKind
from orders.machiavelli.model import Expense, ExpenseKind

PHASE_ID = "1455-spring-movement"
MAP = load_map("machiavelli")


def real_dice() -> Dice:
    return Dice("secret", "game", PHASE_ID)


class LoadedDice(Dice):
    """Dice showing chosen faces: (purpose, index) -> face, `default` otherwise;
    every roll is logged as the real dice log it."""

    def __init__(self, faces: dict[tuple[str, int], int], default: int = 6) -> None:
        super().__init__("secret", "game", PHASE_ID)
        self.faces = faces
        self.default = default

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        result = self.faces.get((purpose, index), self.default)
        self.rolls.append(Roll(self.game, self.phase, purpose, index, sides, result))
        return result


def army(power: str, area: str) -> Unit:
    return Unit(power, UnitKind.ARMY, area)


def fleet(power: str, area: str) -> Unit:
    return Unit(power, UnitKind.FLEET, area)


def garrison(power: str, area: str) -> Unit:
    return Unit(power, UnitKind.GARRISON, area)


def board(
    units: tuple[Unit, ...],
    control: dict[str, str] | None = None,
    sieges: dict[str, str] | None = None,
) -> MachiavelliState:
    return MachiavelliState(
        phase=Phase(1455, "spring", "movement"),
        units=units,
        control=control or {},
        homes={"venice": ("PAD", "TRE", "VEN"), "florence": ("ARE", "FLO", "PISA")},
        sieges=sieges or {},
    )


# --- dice and attempts (CM-8.1-x, CM-8.2-1, CM-6.x, AM-32, AM-36) -----------------


@pytest.mark.parametrize(
    ("amount", "expected"),
    [(0, 0), (11, 0), (12, 1), (23, 1), (24, 2), (35, 2), (36, 3), (48, 4), (120, 10)],
)
def test_one_die_per_whole_12_ducats_without_cap(amount: int, expected: int) -> None:
    """AM-32, CM-8.2-1: floor(amount / 12), no cap at 36d; under 12d none."""
    assert dice_for(amount) == expected


def test_worked_example_e_turco_12d_buys_one_die() -> None:
    """CM-6.1-3: "(E) Turco 12d" is an attempt on the Turk; 12d buy one die,
    rolled for `assassination:turkey` at index 0."""
    expense = Expense("florence", ExpenseKind.ASSASSINATION, 12, victim="turkey")
    assert expense.victim is not None
    dice = real_dice()
    result = attempt_assassination(expense.victim, expense.amount, dice)
    assert dice_for(expense.amount) == 1
    assert len(result.dice) == 1
    assert [(r.purpose, r.index) for r in dice.rolls] == [("assassination:turkey", 0)]
    assert result.dice == (dice.rolls[0].result,)
    assert result.success is (result.dice[0] == 6)


def test_an_attempt_costs_at_least_12_ducats() -> None:
    """CM-6.2-E, AM-32: 11d is erroneous, 12d is not."""
    attempts = {"florence": 1}
    assert attempt_problem("florence", "turkey", 11, attempts) == (
        "an assassination costs at least 12d, not 11d"
    )
    assert attempt_problem("florence", "turkey", 12, attempts) is None


@pytest.mark.parametrize("face", [1, 2, 3, 4, 5])
def test_a_single_die_of_1_to_5_fails(face: int) -> None:
    """CM-8.2-1: 1 to 5 fail."""
    dice = LoadedDice({("assassination:milan", 0): face})
    result = attempt_assassination("milan", 12, dice)
    assert result.dice == (face,)
    assert not result.success


def test_any_six_among_the_dice_succeeds() -> None:
    """CM-8.2-1: one die per 12d, any 6 kills."""
    faces = {("assassination:milan", 0): 2, ("assassination:milan", 1): 6}
    dice = LoadedDice(faces | {("assassination:milan", 2): 1})
    result = attempt_assassination("milan", 36, dice)
    assert result.dice == (2, 6, 1)
    assert result.success
    five_fives = LoadedDice({}, default=5)
    assert not attempt_assassination("milan", 60, five_fives).success


def test_several_attempts_on_one_victim_each_roll_their_own_dice() -> None:
    """AM-36: a second attempt on the same victim in one turn rolls the dice
    after the first one's (indices 0-1, then 2), not the same ones."""
    dice = real_dice()
    first, second = resolve_attempts("naples", (24, 12), dice)
    assert [(r.purpose, r.index) for r in dice.rolls] == [
        ("assassination:naples", 0),
        ("assassination:naples", 1),
        ("assassination:naples", 2),
    ]
    assert (first.first_index, second.first_index) == (0, 2)
    assert first.dice + second.dice == tuple(r.result for r in dice.rolls)
    again = attempt_assassination("naples", 12, real_dice(), 2)
    assert again.dice == second.dice


def test_an_attempt_on_oneself_is_erroneous() -> None:
    """AM-36."""
    problem = attempt_problem("milan", "milan", 24, {"milan": 1})
    assert problem == "milan cannot attempt to assassinate itself"


def test_one_attempt_per_player_per_game_used_even_when_it_fails() -> None:
    """CM-8.1-1, AM-36: the attempt is spent once resolved; there is no second."""
    attempts = {"florence": 1, "milan": 1}
    dice = LoadedDice({}, default=1)
    assert not attempt_assassination("milan", 12, dice).success
    after = use_attempt(attempts, "florence")
    assert after == {"florence": 0, "milan": 1}
    assert attempt_problem("florence", "milan", 12, after) == (
        "florence has no assassination attempt left"
    )
    assert attempt_problem("venice", "milan", 12, after) == (
        "venice has no assassination attempt left"
    )
    with pytest.raises(ValueError):
        use_attempt(after, "florence")


def test_the_attempt_may_be_sold_or_given() -> None:
    """CM-8.1-2, AM-36: a count per player; the receiver may then make two
    attempts; a giver with none, or giving to itself, gives nothing."""
    attempts = {"florence": 1, "milan": 1}
    after = transfer_attempt(attempts, "florence", "milan")
    assert after == {"florence": 0, "milan": 2}
    assert attempt_problem("florence", "venice", 12, after) is not None
    assert after is not None
    once = use_attempt(after, "milan")
    assert attempt_problem("milan", "venice", 12, once) is None
    assert transfer_attempt(after, "florence", "venice") is None
    assert transfer_attempt(attempts, "milan", "milan") is None
    assert transfer_attempt(attempts, "milan", "naples") == {
        "florence": 1,
        "milan": 0,
        "naples": 1,
    }


# --- Table 2 (CM-8.3-T) --------------------------------------------------------------

TABLE_2 = {
    # face: (home with units, home without, conquered with, conquered without)
    1: (True, True, True, True),
    2: (False, True, True, True),
    3: (False, False, True, True),
    4: (False, False, False, True),
    5: (False, False, False, True),
    6: (False, False, False, False),
}
COLUMNS = (
    Holding.HOME_WITH_UNITS,
    Holding.HOME_WITHOUT_UNITS,
    Holding.CONQUERED_WITH_UNITS,
    Holding.CONQUERED_WITHOUT_UNITS,
)


@pytest.mark.parametrize("face", range(1, 7))
@pytest.mark.parametrize("column", range(4))
def test_table_2_every_cell(face: int, column: int) -> None:
    """CM-8.3-T: home with units 1; home without 1-2; conquered with 1-3;
    conquered without 1-5; a 6 never."""
    assert rebels(COLUMNS[column], face) is TABLE_2[face][column]


# --- rebellion rolls (CM-8.3-5, AM-35) -----------------------------------------------

VICTIM_UNITS = (
    army("venice", "PAD"),  # home, with units
    fleet("venice", "VEN"),  # Venice: home, with units, city empty
    garrison("venice", "ARE"),  # conquered, with units (a garrison counts)
    army("florence", "SIE"),  # another power's unit: SIE is "without units"
)
VICTIM_CONTROL = {
    "PAD": "venice",
    "TRE": "venice",  # home, no unit
    "VEN": "venice",
    "ARE": "venice",
    "SIE": "venice",  # conquered, no unit of the victim
    "LUC": "venice",  # a rebellion already stands here
    "FLO": "florence",
}


def test_the_column_of_each_area() -> None:
    """AM-35: home from the scenario's homes, the rest conquered; "with units"
    means one of the victim's own units, army, fleet or garrison."""
    state = board(VICTIM_UNITS, VICTIM_CONTROL)
    assert holding_of(state, "venice", "PAD") is Holding.HOME_WITH_UNITS
    assert holding_of(state, "venice", "VEN") is Holding.HOME_WITH_UNITS
    assert holding_of(state, "venice", "TRE") is Holding.HOME_WITHOUT_UNITS
    assert holding_of(state, "venice", "ARE") is Holding.CONQUERED_WITH_UNITS
    assert holding_of(state, "venice", "SIE") is Holding.CONQUERED_WITHOUT_UNITS


def test_one_roll_per_controlled_area_in_code_order() -> None:
    """CM-8.3-5, AM-35: one die per area the victim controls, in area-code
    order, purpose `rebellion:<area>`; none where a rebellion already stands
    (LUC), none for another power's area (FLO)."""
    dice = real_dice()
    state = board(VICTIM_UNITS, VICTIM_CONTROL)
    rebellion_rolls(state, "venice", dice, game_map=MAP, existing=(Rebellion("LUC", "venice"),))
    assert [(r.purpose, r.index) for r in dice.rolls] == [
        ("rebellion:ARE", 0),
        ("rebellion:PAD", 0),
        ("rebellion:SIE", 0),
        ("rebellion:TRE", 0),
        ("rebellion:VEN", 0),
    ]


def test_each_yes_places_a_rebellion_against_the_victim() -> None:
    """CM-8.3-5, CM-8.3-T, AM-35: PAD (home with units) 2: no; TRE (home
    without) 2: yes; ARE (conquered with a garrison) 3: yes; SIE (conquered,
    only another power's army) 5: yes; Venice 1: yes, in its empty city."""
    faces = {
        ("rebellion:PAD", 0): 2,
        ("rebellion:TRE", 0): 2,
        ("rebellion:ARE", 0): 3,
        ("rebellion:SIE", 0): 5,
        ("rebellion:VEN", 0): 1,
    }
    state = board(VICTIM_UNITS, VICTIM_CONTROL)
    raised = rebellion_rolls(state, "venice", LoadedDice(faces), game_map=MAP, existing=())
    assert raised == (
        Rebellion("ARE", "venice"),
        Rebellion("SIE", "venice"),
        Rebellion("TRE", "venice"),
        Rebellion("VEN", "venice", in_city=True),
    )


def test_the_column_decides_a_four() -> None:
    """CM-8.3-T: a 4 raises only the conquered areas without units (LUC, SIE)."""
    state = board(VICTIM_UNITS, VICTIM_CONTROL)
    raised = rebellion_rolls(state, "venice", LoadedDice({}, default=4), game_map=MAP, existing=())
    assert raised == (Rebellion("LUC", "venice"), Rebellion("SIE", "venice"))


def test_venice_with_a_garrison_takes_no_rebellion_and_seas_never() -> None:
    """CM-7.1-4, AM-35: in Venice only in the empty city (no roll when it has a
    garrison); never in a sea area; elsewhere in the province."""
    state = board((garrison("venice", "VEN"),), {"VEN": "venice", "PAD": "venice"})
    dice = LoadedDice({}, default=1)
    assert rebellion_rolls(state, "venice", dice, game_map=MAP, existing=()) == (
        Rebellion("PAD", "venice"),
    )
    assert [r.purpose for r in dice.rolls] == ["rebellion:PAD"]
    assert rebellion_site(state, MAP, "venice", "TS") is None
    assert rebellion_site(state, MAP, "venice", "VEN") is None
    empty = board((), {"VEN": "venice"})
    assert rebellion_site(empty, MAP, "venice", "VEN") == Rebellion("VEN", "venice", in_city=True)


def test_a_second_set_of_effects_rolls_fresh_dice() -> None:
    """AM-35: `index` keeps a loan default and an assassination in one phase
    from sharing their dice."""
    dice = real_dice()
    state = board(VICTIM_UNITS, VICTIM_CONTROL)
    rebellion_rolls(state, "venice", dice, game_map=MAP, existing=(), index=1)
    assert {r.index for r in dice.rolls} == {1}


# --- paralysis (CM-8.3-1 .. CM-8.3-4, CM-8.3-6, AM-33, AM-34) --------------------------

BESIEGING = army("venice", "FER")  # its siege of the papal garrison is under way
BESIEGED = garrison("venice", "TRE")  # under milan's siege since last turn
SAFE = garrison("venice", "ARE")
FRESHLY_BESIEGED = garrison("venice", "PAD")  # milan writes its first B this turn
SIEGE_STATE = board(
    (
        BESIEGING,
        BESIEGED,
        SAFE,
        FRESHLY_BESIEGED,
        fleet("venice", "VEN"),
        garrison("papacy", "FER"),
        army("milan", "TRE"),
        army("milan", "PAD"),
    ),
    sieges={"FER": "venice", "TRE": "milan"},
)


def test_every_unit_of_the_victim_holds() -> None:
    """CM-8.3-1: all the victim's units get an automatic Hold this turn; no
    one else's."""
    result = paralysis(SIEGE_STATE, "venice")
    assert result.holds == (BESIEGING, SAFE, FRESHLY_BESIEGED, fleet("venice", "VEN"))
    assert result.is_paralysed(SAFE)
    assert not result.is_paralysed(army("milan", "TRE"))


def test_the_automatic_holds_never_quell_a_rebellion() -> None:
    """CM-8.3-2: the paralysis' holds are not the §7.3 removal-2 hold."""
    assert paralysis(SIEGE_STATE, "venice").holds_quell_rebellions is False


def test_a_siege_by_the_victim_is_delayed_not_ended() -> None:
    """CM-8.3-3: the victim's siege of Ferrara is kept as it is; milan's siege
    of Treviso is not the victim's."""
    assert paralysis(SIEGE_STATE, "venice").delayed_sieges == {"FER": "venice"}


def test_the_victims_besieged_garrisons_surrender() -> None:
    """CM-8.3-4, AM-34: the garrison of Treviso, under a siege under way at the
    turn's start, surrenders; Padua's first B written this turn does not count
    (CM-8.0-1, AM-33: the effects read the state of the turn's start)."""
    result = paralysis(SIEGE_STATE, "venice")
    assert result.surrendered == (BESIEGED,)
    assert FRESHLY_BESIEGED not in result.surrendered
    papal = paralysis(SIEGE_STATE, "papacy")
    assert papal.surrendered == (garrison("papacy", "FER"),)
    assert papal.holds == () and papal.delayed_sieges == {}


def test_the_victim_keeps_playing_with_its_units_and_attempt() -> None:
    """CM-8.3-6: the victim goes on as its own successor: every one of its
    units either holds or, besieged, surrenders; nothing else is removed, and
    it keeps its own assassination attempt."""
    result = paralysis(SIEGE_STATE, "venice")
    assert sorted(result.holds + result.surrendered) == sorted(SIEGE_STATE.units_of("venice"))
    attempts = use_attempt({"florence": 1, "venice": 1}, "florence")
    assert attempt_problem("venice", "florence", 12, attempts) is None
