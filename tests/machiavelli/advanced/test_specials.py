"""Special units (003 §10): who may raise each kind, what it costs a year, its
strength, how dear it is to bribe, and the one-at-a-time limit."""

from __future__ import annotations

import pytest

from adjudicator.core.phase import Phase
from adjudicator.kits.board.state import Season, Unit
from adjudicator.rulesets.machiavelli.advanced.specials import (
    REGULAR_STRENGTH,
    REGULAR_UPKEEP,
    SPECIAL_FACTS,
    bribe_factor,
    count_specials,
    may_raise,
    purchase_problem,
    second_special_problem,
    special_of,
    strength,
    upkeep,
)
from adjudicator.rulesets.machiavelli.records import SpecialKind
from adjudicator.rulesets.machiavelli.state import MachiavelliState
from orders.board.model import UnitKind

PHASE = Phase(1455, "spring", "movement")
MILITIA = SpecialKind.CITIZEN_MILITIA
MERCENARIES = SpecialKind.ELITE_MERCENARIES
PROFESSIONALS = SpecialKind.ELITE_PROFESSIONALS

POWERS = (
    "austria",
    "florence",
    "france",
    "genoa",
    "hre",
    "milan",
    "naples",
    "papacy",
    "savoy",
    "spain",
    "turks",
    "venice",
)
"""Our power ids (maps/machiavelli.yaml `powers:`)."""


def _raisers(kind: SpecialKind) -> set[str]:
    return {power for power in POWERS if may_raise(power, kind)}


def test_three_kinds_of_special_unit() -> None:
    """CM-10.1-3: militia, elite mercenaries and elite professionals, each
    with its facts."""
    assert set(SPECIAL_FACTS) == {MILITIA, MERCENARIES, PROFESSIONALS}


def test_citizen_militia_only_florence_milan_papacy_venice() -> None:
    """CM-10.2-1: "sólo ... Florencia, Milán, Papado y Venecia"."""
    assert _raisers(MILITIA) == {"florence", "milan", "papacy", "venice"}


def test_elite_mercenaries_every_power_but_the_turks() -> None:
    """CM-10.3-1: "todas las potencias menos el Turco Otomano"."""
    assert _raisers(MERCENARIES) == set(POWERS) - {"turks"}


def test_elite_professionals_austria_turks_venice_and_the_data_s_hre_spain() -> None:
    """CM-10.4-1: Austria, Turquía, Venecia; CM-10-data adds hre and spain."""
    assert _raisers(PROFESSIONALS) == {"austria", "turks", "venice", "hre", "spain"}


@pytest.mark.parametrize(
    ("power", "kinds"),
    [
        ("hre", {MERCENARIES, PROFESSIONALS}),
        ("spain", {MERCENARIES, PROFESSIONALS}),
        ("genoa", {MERCENARIES}),
        ("savoy", {MERCENARIES}),
    ],
)
def test_powers_the_rulebook_does_not_name_follow_the_data(
    power: str, kinds: set[SpecialKind]
) -> None:
    """CM-10-data: countries.yaml lists hre and spain with mercenaries and
    professionals, genoa and savoy with mercenaries only."""
    assert {kind for kind in SpecialKind if may_raise(power, kind)} == kinds


def test_an_unknown_power_raises_nothing() -> None:
    assert not any(may_raise("atlantis", kind) for kind in SpecialKind)


@pytest.mark.parametrize(
    ("kind", "cost", "power", "factor"),
    [
        (MILITIA, 6, 1, 2),  # CM-10.2-2
        (MERCENARIES, 6, 2, 1),  # CM-10.3-2
        (PROFESSIONALS, 9, 2, 2),  # CM-10.4-2
    ],
)
def test_yearly_cost_strength_and_bribe_factor(
    kind: SpecialKind, cost: int, power: int, factor: int
) -> None:
    """CM-10.2-2, CM-10.3-2, CM-10.4-2 (and CM-10-data: cost 6/6/9, strength
    1/2/2, loyalty 2/1/2)."""
    assert (upkeep(kind), strength(kind), bribe_factor(kind)) == (cost, power, factor)


def test_a_special_unit_s_cost_replaces_the_regular_3d() -> None:
    """AM-15: 3d for a regular unit; a special unit pays 6d or 9d, not 3d more."""
    assert REGULAR_UPKEEP == 3
    assert upkeep(None) == 3
    assert [upkeep(kind) for kind in SpecialKind] == [6, 6, 9]


def test_strength_counts_for_attack_defence_and_support() -> None:
    """AM-40: one strength per unit, whatever it does: 1 regular, militia 1,
    mercenaries and professionals 2 (a supporting elite unit adds 2)."""
    assert REGULAR_STRENGTH == 1
    assert strength(None) == 1
    assert strength(MILITIA) == 1
    assert strength(MERCENARIES) == 2
    assert strength(PROFESSIONALS) == 2


def test_a_regular_unit_is_bribed_at_the_normal_price() -> None:
    assert bribe_factor(None) == 1


def test_buying_a_special_unit_in_spring() -> None:
    """AM-41, CM-10.3-1: Florence buys elite mercenaries in spring."""
    assert purchase_problem("florence", MERCENARIES, 0, season=Season.SPRING) is None


@pytest.mark.parametrize("season", [Season.SUMMER, Season.FALL])
def test_special_units_are_bought_only_in_spring(season: Season) -> None:
    """AM-41: only as a purchase in the spring adjustment."""
    problem = purchase_problem("florence", MERCENARIES, 0, season=season)
    assert problem is not None
    assert "spring" in problem


def test_a_power_may_not_buy_a_kind_it_may_not_raise() -> None:
    """CM-10.2-1, CM-10.3-1, CM-10.4-1: the Turks hire no mercenaries, France
    raises no militia, Milan no professionals."""
    for power, kind in (("turks", MERCENARIES), ("france", MILITIA), ("milan", PROFESSIONALS)):
        problem = purchase_problem(power, kind, 0, season=Season.SPRING)
        assert problem is not None
        assert power in problem


def test_only_one_special_unit_in_play_at_a_time() -> None:
    """CM-10.1-1: "sólo una unidad especial en juego al mismo tiempo"."""
    problem = purchase_problem("venice", PROFESSIONALS, 1, season=Season.SPRING)
    assert problem is not None
    assert "one special unit" in problem
    assert second_special_problem(0) is None
    assert second_special_problem(1) == problem


def test_a_special_unit_may_be_an_army_a_fleet_or_a_garrison() -> None:
    """CM-10.1-2: the state records the kind of any unit, army, fleet or
    garrison; `count_specials` counts them all against the limit (CM-10.1-1,
    AM-25)."""
    army = Unit("venice", UnitKind.ARMY, "PAD")
    fleet = Unit("venice", UnitKind.FLEET, "UA")
    garrison = Unit("venice", UnitKind.GARRISON, "VEN")
    regular = Unit("venice", UnitKind.ARMY, "TRE")
    for special in (army, fleet, garrison):
        state = MachiavelliState(
            phase=PHASE,
            units=(army, fleet, garrison, regular),
            specials={special: PROFESSIONALS},
        )
        assert special_of(special, state) is PROFESSIONALS
        assert special_of(regular, state) is None
        assert count_specials("venice", state) == 1
        assert count_specials("milan", state) == 0


def test_a_special_unit_bought_by_another_power_counts_for_its_new_owner() -> None:
    """AM-25: the unit keeps its kind under its new owner and now counts
    against its buyer's limit, not the seller's."""
    bought = Unit("milan", UnitKind.ARMY, "PAD")
    state = MachiavelliState(
        phase=PHASE,
        units=(bought, Unit("venice", UnitKind.GARRISON, "VEN")),
        specials={bought: MERCENARIES},
    )
    assert special_of(bought, state) is MERCENARIES
    assert count_specials("milan", state) == 1
    assert count_specials("venice", state) == 0
