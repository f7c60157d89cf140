"""Income (003 §5.0 to §5.2, Table 1): checklist `machiavelli-advanced`,
CM-5.x, CM-7.2-1, CM-7.2-2, CM-9.4-1, CM-9.4-5 and AM-03, AM-05 to AM-12."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from adjudicator.core.dice import Dice
from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import Unit
from adjudicator.rulesets.machiavelli.advanced.income import (
    VARIABLE_INCOME_PURPOSE,
    IncomeLine,
    IncomeSource,
    IncomeStatement,
    city_value,
    collects_income,
    income,
    roll_variable_income,
)
from adjudicator.rulesets.machiavelli.advanced.income_tables import (
    CITY_ROWS,
    DEPARTURES_FROM_DATA,
    POWER_ROWS,
    city_variable_income,
    power_variable_income,
)
from adjudicator.rulesets.machiavelli.records import Rebellion
from adjudicator.rulesets.machiavelli.spring import settle_control
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState
from maps import load_map

MAP = load_map("machiavelli")
SPRING = Phase(1456, "spring", "adjustment")
DIE = 3
"""The shared die of most tests; Florence reads 3 at it, France 3."""

PROVINCE = IncomeSource.PROVINCE
SEA = IncomeSource.SEA
CITY = IncomeSource.CITY
VARIABLE = IncomeSource.VARIABLE

Line = tuple[IncomeSource, str | None, int]

TABLE_1: dict[str, tuple[int, ...]] = {
    "Austria": (1, 2, 3, 3, 4, 4),
    "Florencia": (1, 2, 3, 3, 4, 5),
    "Francia": (1, 2, 3, 4, 5, 6),
    "Génova": (1, 2, 2, 3, 3, 4),
    "Milán": (2, 3, 3, 4, 4, 5),
    "Nápoles": (1, 2, 2, 3, 3, 4),
    "Papado": (2, 3, 3, 4, 5, 6),
    "Turquía": (1, 2, 3, 4, 5, 6),
    "Venecia": (2, 3, 3, 4, 4, 5),
}
"""Table 1 of the rulebook, as printed (CM-5.2-13)."""

RULEBOOK_POWER = {
    "Austria": "austria",
    "Florencia": "florence",
    "Francia": "france",
    "Génova": "genoa",
    "Milán": "milan",
    "Nápoles": "naples",
    "Papado": "papacy",
    "Turquía": "turks",
    "Venecia": "venice",
}
RULEBOOK_CITY = {
    "Florencia": "FLO",
    "Génova": "GEN",
    "Milán": "MIL",
    "Nápoles": "NAP",
    "Papado": "ROME",
    "Venecia": "VEN",
}


def board(
    units: Mapping[str, tuple[str, ...]] | None = None,
    control: Mapping[str, str] | None = None,
    sieges: Mapping[str, str] | None = None,
) -> MachiavelliState:
    """A spring board: `{"florence": ("A PISA", "G FLO")}` and its control."""
    placed = tuple(Unit.parse(p, text) for p, texts in (units or {}).items() for text in texts)
    return MachiavelliState(
        phase=SPRING, units=placed, control=dict(control or {}), sieges=dict(sieges or {})
    )


def lines(statement: IncomeStatement) -> list[Line]:
    return [(n.source, n.area, n.ducats) for n in statement.lines]


def board_lines(result: Mapping[str, IncomeStatement], power: str) -> list[Line]:
    """A power's lines but its own variable income."""
    if power not in result:
        return []
    return [n for n in lines(result[power]) if not (n[0] is VARIABLE and n[1] is None)]


def from_area(result: Mapping[str, IncomeStatement], area: str) -> dict[str, list[Line]]:
    """Who collects what from one area."""
    found: dict[str, list[Line]] = {}
    for power, statement in result.items():
        for line in lines(statement):
            if line[1] == area:
                found.setdefault(power, []).append(line)
    return found


# --- when, and the four sources -------------------------------------------------------


def test_income_is_counted_only_at_the_spring_adjustment() -> None:
    """CM-5.0-2: at the start of the adjustment, which only spring has."""
    assert collects_income(Phase(1456, "spring", "adjustment"))
    assert not collects_income(Phase(1456, "spring", "movement"))
    assert not collects_income(Phase(1456, "fall", "movement"))
    assert not collects_income(Phase(1456, "summer", "retreat"))


def test_a_statement_has_the_four_sources_in_ducats() -> None:
    """CM-5.1-1, CM-5.2-1: provinces, seas, cities and variable income, in
    ducats, in a stable order, with their total."""
    state = board({"florence": ("A FLO", "F LS")}, control={"FLO": "florence"})
    result = income(state, MAP, DIE)
    assert list(result) == ["florence"]
    statement = result["florence"]
    assert statement.power == "florence"
    assert lines(statement) == [
        (PROVINCE, "FLO", 1),
        (SEA, "LS", 1),
        (CITY, "FLO", 3),
        (VARIABLE, None, 3),
    ]
    assert statement.total == 8
    assert {n.source for n in statement.lines} == set(IncomeSource)


def test_lines_are_listed_by_source_then_area() -> None:
    """CM-5.1-1: the statement's order does not depend on the units' order."""
    areas = ("MIL", "COMO", "CRE", "PAV")
    one = board({"milan": ("A PAV", "A CRE", "F LS")}, control=dict.fromkeys(areas, "milan"))
    two = board({"milan": ("F LS", "A CRE", "A PAV")}, control=dict.fromkeys(areas[::-1], "milan"))
    first = income(one, MAP, DIE)["milan"]
    assert first == income(two, MAP, DIE)["milan"]
    assert [n.area for n in first.lines] == [
        "COMO",
        "CRE",
        "MIL",
        "PAV",
        "LS",
        "CRE",
        "MIL",
        "PAV",
        None,
    ]
    assert first.lines[-1] == IncomeLine(VARIABLE, None, 3)


# --- provinces (CM-5.2-2, CM-5.2-3, AM-07, AM-09) ------------------------------------------


def test_a_controlled_province_pays_without_a_unit_and_an_occupied_one_without_control() -> None:
    """CM-5.2-2: 1d per province controlled or held with a military unit."""
    state = board({"naples": ("A SAL",)}, control={"CAP": "naples"})
    result = income(state, MAP, DIE)
    assert board_lines(result, "naples") == [(PROVINCE, "CAP", 1), (PROVINCE, "SAL", 1)]


def test_the_province_pays_with_or_without_a_city_even_beside_an_enemy_garrison() -> None:
    """CM-5.2-3: the province ducat, whether it has a city or an enemy garrison."""
    state = board(
        {"france": ("A PISA", "A CAP"), "florence": ("G PISA",)}, control={"CAP": "france"}
    )
    result = income(state, MAP, DIE)
    assert board_lines(result, "france") == [(PROVINCE, "CAP", 1), (PROVINCE, "PISA", 1)]


def test_one_province_ducat_at_most_per_area() -> None:
    """AM-07: the controller with its own army there collects one ducat, not two."""
    state = board({"papacy": ("A PER",)}, control={"PER": "papacy"})
    result = income(state, MAP, DIE)
    assert board_lines(result, "papacy") == [(PROVINCE, "PER", 1), (CITY, "PER", 1)]


def test_a_garrison_never_earns_the_province_ducat() -> None:
    """AM-07: a garrison of X and a unit of Y leave nobody in control; Y
    collects the province as occupier, X only the city; a garrison earns no
    province ducat (here an unsettled lone garrison)."""
    state = board({"florence": ("G PISA", "G LUC"), "milan": ("A PISA",)})
    result = income(state, MAP, DIE)
    assert board_lines(result, "milan") == [(PROVINCE, "PISA", 1)]
    assert board_lines(result, "florence") == [(CITY, "LUC", 1), (CITY, "PISA", 1)]


def test_a_fleet_in_a_coastal_province_earns_the_province_not_a_sea() -> None:
    """AM-09: a fleet in Pisa earns Pisa's province ducat, never a sea ducat."""
    state = board({"florence": ("F PISA",)})
    result = income(state, MAP, DIE)
    assert board_lines(result, "florence") == [(PROVINCE, "PISA", 1)]


def test_control_settles_before_income() -> None:
    """AM-06: control (§1.1) first, then income on it: a lone French army in a
    Florentine Pisa takes both the province and the city."""
    state = board({"france": ("A PISA",)}, control={"PISA": "florence", "FLO": "florence"})
    control, _ = settle_control(state, MAP)
    result = income(state.with_(control=control), MAP, DIE)
    assert board_lines(result, "france") == [(PROVINCE, "PISA", 1), (CITY, "PISA", 1)]
    assert board_lines(result, "florence") == [(PROVINCE, "FLO", 1), (CITY, "FLO", 3)]


# --- seas and Venice (CM-5.2-4, CM-5.2-5, AM-08) ------------------------------------------


def test_each_sea_holding_ones_fleet_pays_one_ducat() -> None:
    """CM-5.2-4: 1d per sea area containing one of the player's fleets."""
    state = board({"turks": ("F TS", "F GON"), "naples": ("F LS",)})
    result = income(state, MAP, DIE)
    assert board_lines(result, "turks") == [(SEA, "GON", 1), (SEA, "TS", 1)]
    assert board_lines(result, "naples") == [(SEA, "LS", 1)]


def test_a_sea_the_fleet_left_pays_nothing_but_venice_keeps_its_ducat() -> None:
    """CM-5.2-5, AM-08: a fleet that left the Ligurian Sea earns nothing there
    next spring (even with a stray marker), while Venice's area, empty, keeps
    its ducat with the control marker, beside its city's 3."""
    state = board({"florence": ("F PISA",)}, control={"LS": "florence", "VEN": "venice"})
    result = income(state, MAP, DIE)
    assert from_area(result, "LS") == {}
    assert board_lines(result, "venice") == [(SEA, "VEN", 1), (CITY, "VEN", 3)]


def test_a_foreign_fleet_in_venice_beside_a_venetian_garrison() -> None:
    """AM-08: the fleet's owner collects Venice's sea ducat, the garrison's the
    city's 3 (control left nobody in charge)."""
    state = board({"turks": ("F VEN",), "venice": ("G VEN",)})
    result = income(state, MAP, DIE)
    assert from_area(result, "VEN") == {"turks": [(SEA, "VEN", 1)], "venice": [(CITY, "VEN", 3)]}


# --- cities (CM-5.2-6 to CM-5.2-10, AM-10) -----------------------------------------------


@pytest.mark.parametrize(
    ("area", "value"),
    [
        ("PISA", 1),
        ("ALB", 1),
        ("PER", 1),
        ("FLO", 3),
        ("GEN", 3),
        ("MIL", 3),
        ("VEN", 3),
        ("NAP", 2),
        ("ROME", 2),
        ("TUN", 2),
        ("CAP", 0),
    ],
)
def test_city_values(area: str, value: int) -> None:
    """CM-5.2-6: 1d a minor city, the printed 2 or 3 a major one (AM-01)."""
    assert city_value(MAP.areas[area]) == value


def test_cities_pay_their_controller_or_their_unbesieged_garrison() -> None:
    """CM-5.2-6: an ungarrisoned minor city to its controller (Albania, unfortified),
    a major city to the owner of its garrison."""
    state = board({"turks": ("A ALB",), "milan": ("G MIL", "A COMO")}, control={"ALB": "turks"})
    result = income(state, MAP, DIE)
    assert board_lines(result, "turks") == [(PROVINCE, "ALB", 1), (CITY, "ALB", 1)]
    assert board_lines(result, "milan") == [(PROVINCE, "COMO", 1), (CITY, "MIL", 3)]


def test_rome_gives_two_ducats() -> None:
    """CM-5.2-7: worked example "Roma 2d" (beside Rome's province ducat)."""
    state = board({"papacy": ("G ROME",)}, control={"ROME": "papacy"})
    result = income(state, MAP, DIE)
    assert board_lines(result, "papacy") == [(PROVINCE, "ROME", 1), (CITY, "ROME", 2)]


def test_a_besieged_city_pays_nothing_and_the_besieger_keeps_the_province() -> None:
    """CM-5.2-8, AM-10: a siege begun (in `sieges`) stops the city's income; the
    besieger still collects the province ducat."""
    state = board({"france": ("A PISA",), "florence": ("G PISA",)}, sieges={"PISA": "france"})
    result = income(state, MAP, DIE)
    assert from_area(result, "PISA") == {"france": [(PROVINCE, "PISA", 1)]}


def test_garrison_and_foreign_unit_split_city_and_province() -> None:
    """CM-5.2-10: X's unbesieged garrison gets the city, Y's unit the province."""
    state = board({"florence": ("G FLO",), "milan": ("A FLO",)})
    result = income(state, MAP, DIE)
    assert from_area(result, "FLO") == {
        "florence": [(CITY, "FLO", 3)],
        "milan": [(PROVINCE, "FLO", 1)],
    }


def test_plague_in_pisa_leaves_the_marker_and_income_follows_what_stands() -> None:
    """AM-05 (the Pisa note of §9.2): after plague killed the French army and
    the Florentine garrison, an empty Pisa keeps its marker and pays its
    controller both province and city."""
    state = board({"florence": ("A FLO",)}, control={"PISA": "florence"})
    result = income(state, MAP, DIE)
    assert from_area(result, "PISA") == {"florence": [(PROVINCE, "PISA", 1), (CITY, "PISA", 1)]}


def test_plague_in_pisa_with_no_marker_pays_nobody() -> None:
    """AM-05: when both stood there at the last spring nobody controls Pisa, so
    once both died a player with no control and no unit there collects nothing."""
    state = board({"florence": ("A FLO",), "france": ("A AVI",)})
    result = income(state, MAP, DIE)
    assert from_area(result, "PISA") == {}


def test_autonomous_garrisons_earn_nothing_for_anyone() -> None:
    """CM-5.2-6: an autonomous garrison is no player's; its city pays nobody
    and the autonomous owner gets no statement."""
    state = board({AUTONOMOUS: ("G LUC", "G GEN"), "milan": ("A GEN",)})
    result = income(state, MAP, DIE, variable_cities=frozenset({"GEN"}))
    assert AUTONOMOUS not in result
    assert from_area(result, "LUC") == {}
    assert from_area(result, "GEN") == {"milan": [(PROVINCE, "GEN", 1)]}


# --- rebellions (CM-5.2-9, CM-7.2-1, CM-7.2-2) ------------------------------------------------


def test_an_ungarrisoned_city_under_rebellion_pays_nothing() -> None:
    """CM-5.2-9, CM-7.2-1: a rebellion in the empty city of Pisa stops the city's
    income; the province holds no rebellion and still pays."""
    state = board({"florence": ("A FLO",)}, control={"PISA": "florence"})
    rebels = (Rebellion("PISA", "florence", in_city=True),)
    result = income(state, MAP, DIE, rebellions=rebels)
    assert from_area(result, "PISA") == {"florence": [(PROVINCE, "PISA", 1)]}


def test_a_province_in_rebellion_pays_nothing_nor_its_empty_city() -> None:
    """CM-7.2-1: no income from a province holding a rebellion, neither to its
    controller nor to an occupier, nor from its ungarrisoned city."""
    state = board({"france": ("A AVI",)}, control={"PISA": "florence", "AVI": "papacy"})
    rebels = (Rebellion("PISA", "florence"), Rebellion("AVI", "papacy"))
    result = income(state, MAP, DIE, rebellions=rebels)
    assert from_area(result, "PISA") == {}
    assert from_area(result, "AVI") == {}


def test_a_garrisoned_city_in_a_rebel_province_still_pays() -> None:
    """CM-7.2-2: the garrison's city keeps its income; the province pays nothing."""
    state = board({"florence": ("G PISA",)}, control={"PISA": "florence"})
    result = income(state, MAP, DIE, rebellions=(Rebellion("PISA", "florence"),))
    assert from_area(result, "PISA") == {"florence": [(CITY, "PISA", 1)]}


# --- famine (CM-9.4-1, CM-9.4-5, AM-39) ----------------------------------------------------


def test_a_famine_area_pays_no_province_and_its_empty_city_nothing() -> None:
    """CM-9.4-1, AM-39: no province ducat (nor occupier's) and no ungarrisoned
    city income from a famine area; a garrisoned fortified city keeps its own."""
    state = board(
        {"florence": ("G PISA", "A LUC"), "milan": ("A PISA",)},
        control={"SIE": "florence", "LUC": "florence"},
    )
    result = income(state, MAP, DIE, famine=frozenset({"PISA", "SIE", "LUC"}))
    assert from_area(result, "SIE") == {}
    assert from_area(result, "LUC") == {}
    assert from_area(result, "PISA") == {"florence": [(CITY, "PISA", 1)]}


def test_famine_never_touches_variable_income() -> None:
    """CM-9.4-5: variable income is the same with famine everywhere, the
    variable income of a famine city's controller included."""
    state = board({"milan": ("A COMO",)}, control={"GEN": "milan"})
    everywhere = frozenset(MAP.areas)
    cities = frozenset({"GEN"})
    result = income(state, MAP, 6, famine=everywhere, variable_cities=cities)
    assert lines(result["milan"]) == [(VARIABLE, None, 5), (VARIABLE, "GEN", 4)]


# --- variable income (CM-5.2-11 to CM-5.2-14, AM-03, AM-11, AM-12) ------------------------------


def test_one_die_for_all_players() -> None:
    """CM-5.2-12: one die, logged under `variable-income`, read by every player."""
    dice = Dice("secret", "game", "1456-spring-adjustment")
    die = roll_variable_income(dice)
    assert len(dice.rolls) == 1
    roll = dice.rolls[0]
    assert (roll.purpose, roll.index, roll.sides, roll.result) == (
        VARIABLE_INCOME_PURPOSE,
        0,
        6,
        die,
    )
    assert VARIABLE_INCOME_PURPOSE == "variable-income"
    state = board(
        {p: (f"A {a}",) for p, a in (("france", "AVI"), ("papacy", "PER"), ("turks", "ALB"))}
    )
    result = income(state, MAP, die)
    for power in ("france", "papacy", "turks"):
        assert result[power].lines[-1] == IncomeLine(VARIABLE, None, POWER_ROWS[power][die - 1])


@pytest.mark.parametrize("die", range(1, 7))
@pytest.mark.parametrize("name", sorted(TABLE_1))
def test_table_1_power_rows(name: str, die: int) -> None:
    """CM-5.2-13: each rulebook row at each face, as a power's variable income."""
    power = RULEBOOK_POWER[name]
    expected = TABLE_1[name][die - 1]
    assert power_variable_income(power, die) == expected
    state = board(control={"CAP": power})
    assert lines(income(state, MAP, die)[power]) == [
        (PROVINCE, "CAP", 1),
        (VARIABLE, None, expected),
    ]


@pytest.mark.parametrize("die", range(1, 7))
@pytest.mark.parametrize("name", sorted(RULEBOOK_CITY))
def test_table_1_city_rows(name: str, die: int) -> None:
    """CM-5.2-13, CM-5.2-11: the rows named after a city serve that city
    ("Ciudad o País"): Génova is GEN's, Papado is Rome's (AM-03)."""
    assert city_variable_income(RULEBOOK_CITY[name], die) == TABLE_1[name][die - 1]


@pytest.mark.parametrize("power", ["spain", "hre"])
def test_austria_stands_for_spain(power: str) -> None:
    """CM-5.2-14: "Austria (=España)": Spain reads Austria's row, as does the
    Empire (the data's row, AM-03)."""
    assert POWER_ROWS[power] == TABLE_1["Austria"]
    assert [power_variable_income(power, d) for d in range(1, 7)] == [1, 2, 3, 3, 4, 4]


def test_the_rulebook_wins_over_the_data_and_says_where() -> None:
    """AM-03: Papacy 2 3 3 4 5 6 (data 1 2 2 3 4 5), Genoa 1 2 2 3 3 4 = GEN's
    row (data 2 2 3 3 4 5); Savoy and Tunis, not in the rulebook, from the data;
    both departures are documented."""
    assert POWER_ROWS["papacy"] == (2, 3, 3, 4, 5, 6) == CITY_ROWS["ROME"]
    assert POWER_ROWS["genoa"] == (1, 2, 2, 3, 3, 4) == CITY_ROWS["GEN"]
    assert POWER_ROWS["savoy"] == (1, 2, 3, 4, 5, 6)
    assert CITY_ROWS["TUN"] == (1, 2, 3, 4, 5, 6)
    assert set(POWER_ROWS) == set(MAP.powers)
    assert len(DEPARTURES_FROM_DATA) == 2
    assert any(t.startswith("papacy") and "2 3 3 4 5 6" in t for t in DEPARTURES_FROM_DATA)
    assert any(t.startswith("genoa") and "1 2 2 3 3 4" in t for t in DEPARTURES_FROM_DATA)


def test_a_die_off_the_table_is_refused() -> None:
    """CM-5.2-13: the table reads a six-sided die; AM-03: no row, no guess."""
    with pytest.raises(ValueError, match="1 to 6"):
        power_variable_income("france", 7)
    with pytest.raises(ValueError, match="no variable-income row"):
        power_variable_income("burgundy", 1)
    with pytest.raises(ValueError, match="no variable-income row"):
        city_variable_income("PISA", 1)


def test_an_independent_city_pays_its_row_to_whoever_collects_it() -> None:
    """CM-5.2-11, AM-11: a listed city gives its row to its controller or the
    owner of its unbesieged garrison; unlisted cities give no variable income."""
    state = board(
        {"milan": ("A GEN",), "naples": ("G NAP",), "france": ("A NAP",)},
        control={"GEN": "milan", "FLO": "milan"},
    )
    cities = frozenset({"GEN", "NAP"})
    result = income(state, MAP, 2, variable_cities=cities)
    assert from_area(result, "GEN")["milan"][-1] == (VARIABLE, "GEN", 2)
    assert from_area(result, "NAP")["naples"] == [(CITY, "NAP", 2), (VARIABLE, "NAP", 2)]
    assert from_area(result, "FLO") == {"milan": [(PROVINCE, "FLO", 1), (CITY, "FLO", 3)]}


def test_an_independent_city_nobody_collects_pays_no_variable_income() -> None:
    """AM-11: an autonomous city's variable income goes to nobody, and so does a
    besieged one's (it produces nothing: CM-5.2-8)."""
    state = board(
        {AUTONOMOUS: ("G GEN",), "naples": ("G NAP",), "france": ("A NAP", "A MON")},
        sieges={"NAP": "france"},
    )
    result = income(state, MAP, 6, variable_cities=frozenset({"GEN", "NAP"}))
    assert from_area(result, "GEN") == {}
    assert from_area(result, "NAP") == {"france": [(PROVINCE, "NAP", 1)]}


def test_doubled_variable_income() -> None:
    """AM-12: a power the scenario doubles reads its row × 2 at the same die."""
    state = board({"florence": ("A FLO",), "venice": ("G VEN",)})
    result = income(state, MAP, 6, doubled=frozenset({"florence"}))
    assert result["florence"].lines[-1] == IncomeLine(VARIABLE, None, 10)
    assert result["venice"].lines[-1] == IncomeLine(VARIABLE, None, 5)


def test_a_power_off_the_board_collects_nothing() -> None:
    """CM-5.1-1: only powers with a unit or a marker are in the statements."""
    state = board({"france": ("A AVI",)})
    assert list(income(state, MAP, 1)) == ["france"]
