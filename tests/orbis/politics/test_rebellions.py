"""Rebellions: upkeep, suppression, the damage table, backers, escalation
(rulebook 000 "rebeliones o insurgencias"; O-131, O-225 .. O-233; AMB-15,
AMB-25, AMB-26, AMB-37)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from adjudicator.rulesets.orbis.attributes import Attribute, Statistic, Variant
from adjudicator.rulesets.orbis.levels import FAILURES, SUCCESSES, Level
from adjudicator.rulesets.orbis.politics.rebellions import (
    Escalation,
    Rebellion,
    Suppression,
    discovery,
    escalate,
    escalation,
    failure_damage,
    past_prudent_time,
    rebellion_duration,
    suppress,
    suppression_of,
    upkeep,
)
from adjudicator.rulesets.orbis.sheet import Nation
from adjudicator.rulesets.orbis.stability import Index, WarDurations, restoration_blocked


def make(via: int = 60, leg: int = 60, nation_id: str = "gal") -> Nation:
    """VIA and LEG capacities 60 (all attributes 20)."""
    return Nation(nation_id, nation_id.title(), dict.fromkeys(Attribute, 20), via, leg)


# --- upkeep (O-225, AMB-37) ---------------------------------------------------------------


def test_upkeep_from_the_first_year() -> None:
    """O-225, AMB-37: −2 VIA and −1 LEG at the end of the rebellion's first year."""
    after = upkeep(make(), [Rebellion("gal", 700)], 700)
    assert (after.via, after.leg) == (58, 59)


def test_upkeep_every_year_of_existence() -> None:
    """O-225, AMB-37: the same −2 VIA −1 LEG at the end of each turn it lives."""
    nation = make()
    rebellion = Rebellion("gal", 700)
    for year in range(700, 704):
        nation = upkeep(nation, [rebellion], year)
    assert (nation.via, nation.leg) == (52, 56)


def test_upkeep_not_before_it_begins_nor_for_others() -> None:
    """O-225: a rebellion costs only its own nation, and only once it exists."""
    nation = make()
    assert upkeep(nation, [Rebellion("gal", 701)], 700) == nation
    assert upkeep(nation, [Rebellion("ibe", 700)], 700) == nation


def test_upkeep_of_several_rebellions_adds() -> None:
    """O-225: each living rebellion costs its upkeep."""
    after = upkeep(make(), [Rebellion("gal", 700), Rebellion("gal", 702, ("ibe",))], 702)
    assert (after.via, after.leg) == (56, 58)


def test_upkeep_floors_at_zero() -> None:
    """O-225, AMB-16: the indices never go below 0."""
    after = upkeep(make(via=1, leg=0), [Rebellion("gal", 700)], 700)
    assert (after.via, after.leg) == (0, 0)


# --- duration for the cycle (O-131, AMB-15) -------------------------------------------------


def test_duration_counts_the_current_turn() -> None:
    """AMB-15: a rebellion begun in 700 has lasted 1 turn in 700 and 3 in 702."""
    rebellion = Rebellion("gal", 700)
    assert rebellion.duration(699) == 0
    assert rebellion.duration(700) == 1
    assert rebellion.duration(702) == 3


def test_three_year_rebellion_blocks_the_cycle_restoration() -> None:
    """O-131, AMB-15: the nation's longest rebellion of ≥ 3 turns stops the +5."""
    rebellions = [Rebellion("gal", 701), Rebellion("gal", 700, ("ibe",)), Rebellion("ibe", 690)]
    assert rebellion_duration(rebellions, "gal", 701) == 2
    assert not restoration_blocked(
        WarDurations(rebellion=rebellion_duration(rebellions, "gal", 701))
    )
    assert rebellion_duration(rebellions, "gal", 702) == 3
    assert restoration_blocked(WarDurations(rebellion=rebellion_duration(rebellions, "gal", 702)))
    assert rebellion_duration(rebellions, "cel", 702) == 0


# --- which medidas suppress (O-226, AMB-25) ---------------------------------------------------


def test_suppression_medidas() -> None:
    """O-226: Ofensiva or Supresión (Incisión's counter name, O-094) suppress; nothing else."""
    assert suppression_of(Statistic.OFENSIVA) is Suppression.OFENSIVA
    assert suppression_of(Statistic.INCISION, Variant.SUPRESION) is Suppression.SUPRESION
    assert suppression_of(Statistic.INCISION) is Suppression.SUPRESION
    assert suppression_of(Statistic.OFENSIVA, Variant.DEFENSA) is None
    assert suppression_of(Statistic.INTRIGA) is None
    assert Suppression.SUPRESION.statistic is Statistic.INCISION
    assert Suppression.OFENSIVA.statistic is Statistic.OFENSIVA


def test_failed_ofensiva_costs_via_and_supresion_leg() -> None:
    """AMB-25: a failed Ofensiva costs VIA, a failed Supresión LEG."""
    rebellion = Rebellion("gal", 700)
    by_ofensiva = suppress(make(), rebellion, Suppression.OFENSIVA, Level.F)
    assert (by_ofensiva.nation.via, by_ofensiva.nation.leg) == (52, 60)
    assert by_ofensiva.index is Index.VIA is Suppression.OFENSIVA.damaged_index
    by_supresion = suppress(make(), rebellion, Suppression.SUPRESION, Level.F)
    assert (by_supresion.nation.via, by_supresion.nation.leg) == (60, 52)
    assert by_supresion.index is Index.LEG is Suppression.SUPRESION.damaged_index


def test_only_in_own_territory() -> None:
    """O-226: a nation suppresses rebels in its own territory, not another's."""
    with pytest.raises(ValueError, match="own territory"):
        suppress(make(nation_id="ibe"), Rebellion("gal", 700), Suppression.OFENSIVA, Level.E)


# --- the damage table (O-227 .. O-230, AMB-26) ------------------------------------------------


@pytest.mark.parametrize(
    ("level", "fixed", "literal", "rule"),
    [
        (Level.FC, 16, 16, "O-227"),
        (Level.LF, 4, 12, "O-228"),
        (Level.F, 8, 8, "O-229"),
        (Level.MF, 12, 4, "O-230"),
    ],
)
def test_damage_table(level: Level, fixed: int, literal: int, rule: str) -> None:
    """O-227 .. O-230, AMB-26: by default LF −4, F −8, MF −12, FC −16; the
    option `rebellion_damage: literal` keeps the printed LF −12, MF −4."""
    assert failure_damage(level) == fixed, rule
    assert failure_damage(level, rebellion_damage="literal") == literal, rule
    hurt = suppress(make(), Rebellion("gal", 700), Suppression.OFENSIVA, level)
    assert hurt.nation.via == 60 - fixed, rule
    assert hurt.damage == fixed, rule
    printed = suppress(
        make(), Rebellion("gal", 700), Suppression.SUPRESION, level, rebellion_damage="literal"
    )
    assert printed.nation.leg == 60 - literal, rule


def test_damage_table_refuses_successes_and_unknown_options() -> None:
    """O-231, AMB-26: a success has no damage; the option has two values."""
    with pytest.raises(ValueError, match="success"):
        failure_damage(Level.LE)
    with pytest.raises(ValueError, match="rebellion_damage"):
        failure_damage(Level.F, rebellion_damage="printed")  # type: ignore[arg-type]


def test_failure_damage_floors_at_zero() -> None:
    """O-227, AMB-16: a critical failure on an index of 10 leaves it at 0."""
    result = suppress(make(via=10), Rebellion("gal", 700), Suppression.OFENSIVA, Level.FC)
    assert result.nation.via == 0
    assert result.damage == 16


def test_failure_keeps_the_rebellion_and_remembers_the_level() -> None:
    """O-227 .. O-230, O-232: after a failure the rebellion lives on with its last failure."""
    result = suppress(make(), Rebellion("gal", 700, ("ibe",)), Suppression.OFENSIVA, Level.MF)
    assert not result.suppressed
    assert result.rebellion.last_failure is Level.MF
    assert result.rebellion.secret_backers == ("ibe",)
    assert result.revealed == ()


# --- success and backers (O-231) --------------------------------------------------------------


@pytest.mark.parametrize("level", SUCCESSES)
def test_success_suppresses_without_damage(level: Level) -> None:
    """O-231: any success suppresses the rebellion and costs nothing."""
    result = suppress(make(), Rebellion("gal", 700), Suppression.SUPRESION, level)
    assert result.suppressed
    assert (result.nation.via, result.nation.leg) == (60, 60)
    assert result.index is None
    assert result.damage == 0


@pytest.mark.parametrize(
    ("level", "found"),
    [(Level.LE, ()), (Level.E, ()), (Level.ME, ("ibe", "ara")), (Level.EC, ("ibe", "ara"))],
)
def test_secret_backer_discovered_on_me_or_ec(level: Level, found: tuple[str, ...]) -> None:
    """O-231: a secret backer is discovered on a very or critical success only."""
    rebellion = Rebellion("gal", 700, ("ibe", "ara"))
    result = suppress(make(), rebellion, Suppression.OFENSIVA, level)
    assert result.revealed == found
    assert result.rebellion.discovered == frozenset(found)
    assert discovery(rebellion, level) == found


def test_already_discovered_backers_are_not_revealed_again() -> None:
    """O-231: only secret backers are discovered."""
    rebellion = Rebellion("gal", 700, ("ibe", "ara"), frozenset({"ibe"}))
    assert rebellion.secret_backers == ("ara",)
    assert discovery(rebellion, Level.EC) == ("ara",)
    assert discovery(rebellion, Level.F) == ()


def test_rebellion_record_is_checked() -> None:
    """O-225, O-231: backers named once, not the nation itself; discovered ⊆ backers;
    a remembered failure is a failure."""
    with pytest.raises(ValueError, match="twice"):
        Rebellion("gal", 700, ("ibe", "ibe"))
    with pytest.raises(ValueError, match="own rebels"):
        Rebellion("gal", 700, ("gal",))
    with pytest.raises(ValueError, match="not backers"):
        Rebellion("gal", 700, ("ibe",), frozenset({"ara"}))
    with pytest.raises(ValueError, match="success"):
        Rebellion("gal", 700, last_failure=Level.E)


# --- escalation (O-232, O-233) ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("level", "becomes"),
    [
        (Level.LF, Escalation.ARMED_MOVEMENT),
        (Level.F, Escalation.ARMED_MOVEMENT),
        (Level.MF, Escalation.CIVIL_WAR),
        (Level.FC, Escalation.CIVIL_WAR),
    ],
)
def test_escalation_by_last_failure(level: Level, becomes: Escalation) -> None:
    """O-232: plain or slight last failure → Movimiento Armado; very or critical → civil war."""
    assert escalation(level) is becomes
    assert escalate(Rebellion("gal", 700, last_failure=level)) is becomes


def test_escalation_follows_the_last_failure_only() -> None:
    """O-232: a slight failure after a critical one gives an armed movement."""
    nation, rebellion = make(), Rebellion("gal", 700)
    for level in (Level.FC, Level.LF):
        result = suppress(nation, rebellion, Suppression.OFENSIVA, level)
        nation, rebellion = result.nation, result.rebellion
    assert escalate(rebellion) is Escalation.ARMED_MOVEMENT


def test_never_attempted_the_gm_decides() -> None:
    """O-233: a rebellion never attacked: the GM decides."""
    rebellion = Rebellion("gal", 700)
    assert not rebellion.attempted
    assert escalate(rebellion) is Escalation.GM_DECIDES
    assert escalation(None) is Escalation.GM_DECIDES


def test_escalation_refuses_a_success() -> None:
    """O-231, O-232: a suppressed rebellion does not escalate."""
    with pytest.raises(ValueError, match="suppressed"):
        escalation(Level.ME)


def test_prudent_time_is_the_gms() -> None:
    """O-232: the GM sets the prudent time; the judge counts the turns (current included)."""
    rebellion = Rebellion("gal", 700)
    assert not past_prudent_time(rebellion, 702, 4)
    assert past_prudent_time(rebellion, 703, 4)
    with pytest.raises(ValueError, match="prudent"):
        past_prudent_time(rebellion, 703, 0)


# --- property ---------------------------------------------------------------------------------


@given(
    via=st.integers(0, 60),
    leg=st.integers(0, 60),
    levels=st.lists(st.sampled_from(FAILURES), max_size=8),
    medida=st.sampled_from(Suppression),
    option=st.sampled_from(["fixed", "literal"]),
)
def test_failures_only_lower_one_index_within_bounds(
    via: int, leg: int, levels: list[Level], medida: Suppression, option: str
) -> None:
    """O-225 .. O-230, AMB-16, AMB-25, AMB-26: repeated failures and upkeep
    keep the indices within 0..capacity, and a failure touches only its index."""
    nation, rebellion = make(via, leg), Rebellion("gal", 700)
    for offset, level in enumerate(levels):
        before = nation
        result = suppress(nation, rebellion, medida, level, rebellion_damage=option)  # type: ignore[arg-type]
        untouched = Index.LEG if medida is Suppression.OFENSIVA else Index.VIA
        assert (result.nation.leg if untouched is Index.LEG else result.nation.via) == (
            before.leg if untouched is Index.LEG else before.via
        )
        nation = upkeep(result.nation, [result.rebellion], 700 + offset)
        assert 0 <= nation.via <= nation.via_capacity
        assert 0 <= nation.leg <= nation.leg_capacity
        rebellion = result.rebellion
    if levels:
        assert escalate(rebellion) in (Escalation.ARMED_MOVEMENT, Escalation.CIVIL_WAR)
