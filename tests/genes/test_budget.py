"""Actions per turn (002 §5.2) and the lines they cover (002 §5.4.2).

Rulebook 002 §5.2: *Accions per torn* = Rellevància (1, 2 or 3) + Autoritat/3
+ Tecnologia/3; docs/genes.md "Actions per turn" adds the standing terms:
− blockade − anarchy − autarky − actions lost + taxes + resources, never
below 0, Autoritat less counter-power.
"""

from __future__ import annotations

import pytest

from adjudicator.rulesets.genes.budget import (
    Budget,
    PlannedLine,
    actions_per_turn,
    allocate,
    forced_declaration,
    matches_forced,
)
from adjudicator.rulesets.genes.model import Country, Crisis, Relevance, Trait, TurnStart
from orders.genes.model import ActionKind, Declaration
from tests.genes.fixtures import decl, make_state


def country(relevance: Relevance = Relevance.MEDIUM, **changes: object) -> Country:
    traits = {Trait.AUTHORITY: 5, Trait.DIPLOMACY: 5, Trait.MILITARISM: 5, Trait.TECHNOLOGY: 5}
    return Country("ponent", "Ponent", relevance, traits).with_(**changes)


def test_base_formula_relevance_plus_thirds() -> None:
    """002 §5.2: Rellevància + Autoritat/3 + Tecnologia/3, rounded down."""
    budget = actions_per_turn(country(), TurnStart())
    assert budget == Budget(4, (("Rellevància", 2), ("Autoritat/3", 1), ("Tecnologia/3", 1)))


@pytest.mark.parametrize(
    ("relevance", "base"), [(Relevance.SMALL, 1), (Relevance.MEDIUM, 2), (Relevance.LARGE, 3)]
)
def test_relevance_term(relevance: Relevance, base: int) -> None:
    """002 §5.2: Petita 1, Mitjana 2, Gran 3."""
    budget = actions_per_turn(country(relevance), TurnStart())
    assert budget.terms[0] == ("Rellevància", base)
    assert budget.total == base + 2


def test_thirds_round_down_and_autoritat_less_counterpower() -> None:
    """002 §5.2 with §5.4.4: counter-power subtracts from Autoritat."""
    record = country(
        traits={Trait.AUTHORITY: 9, Trait.TECHNOLOGY: 8, Trait.DIPLOMACY: 5, Trait.MILITARISM: 5},
        counterpower=4,
    )
    budget = actions_per_turn(record, TurnStart())
    assert dict(budget.terms)["Autoritat/3"] == 1  # (9 - 4) // 3
    assert dict(budget.terms)["Tecnologia/3"] == 2  # 8 // 3
    assert budget.total == 5


def test_every_term() -> None:
    """docs/genes.md "Actions per turn": crises, lost actions, taxes, resources."""
    record = country(
        Relevance.LARGE,
        traits={Trait.AUTHORITY: 9, Trait.TECHNOLOGY: 6, Trait.DIPLOMACY: 3, Trait.MILITARISM: 3},
        crises={Crisis.BLOCKADE: 1, Crisis.ANARCHY: 2, Crisis.AUTARKY: 1},
        lost_actions=2,
        extra_actions=1,
    )
    budget = actions_per_turn(record, TurnStart(resources=("ponent",)))
    assert budget.terms == (
        ("Rellevància", 3),
        ("Autoritat/3", 3),
        ("Tecnologia/3", 2),
        ("Bloqueig", -1),
        ("Anarquia", -2),
        ("Autarquia", -1),
        ("accions perdudes", -2),
        ("taxes", 1),
        ("recursos", 1),
    )
    assert budget.total == 3 + 3 + 2 - 1 - 2 - 1 - 2 + 1 + 1


def test_resources_only_for_the_affected_country() -> None:
    """002 §5.3 Descobriment de recursos: one more action for the affected one."""
    assert actions_per_turn(country(), TurnStart(resources=("llevant",))).total == 4


def test_never_below_zero() -> None:
    """docs/genes.md: the budget is never below 0."""
    record = country(Relevance.SMALL, crises={Crisis.ANARCHY: 4}, lost_actions=3)
    budget = actions_per_turn(record, TurnStart())
    assert budget.total == 0
    assert sum(v for _, v in budget.terms) < 0


def test_a_state_gives_its_start() -> None:
    state = make_state()
    state = state.with_(start=TurnStart(resources=("ponent",)))
    assert actions_per_turn(state.countries["ponent"], state).total == 5
    assert actions_per_turn(state.countries["llevant"], state).total == 4


# --- which lines count (002 §5.4.2) -----------------------------------------------------


def lines(*decls: Declaration) -> list[PlannedLine]:
    return [PlannedLine(d, f"ponent:{n}") for n, d in enumerate(decls, 1)]


def test_declared_order_and_over_budget() -> None:
    """002 §5.4.2: at most *Accions per torn* lines count, in the player's order."""
    declared = lines(
        decl("ponent", ActionKind.TAXES),
        decl("ponent", ActionKind.FORTIFY, city="ponent_a"),
        decl("ponent", ActionKind.REPRESS),
    )
    allocation = allocate("ponent", declared, (), 2)
    assert [line.prefix for line in allocation.resolve] == ["ponent:1", "ponent:2"]
    assert [line.prefix for line in allocation.over_budget] == ["ponent:3"]


def test_forced_added_first_and_counted_first() -> None:
    """docs/genes.md "The turn" 3: forced actions count first; the judge adds them."""
    declared = lines(decl("ponent", ActionKind.TAXES), decl("ponent", ActionKind.REPRESS))
    allocation = allocate("ponent", declared, ("development:militarism", "civil_war"), 3)
    resolve = allocation.resolve
    assert [line.prefix for line in resolve] == ["ponent:forced1", "ponent:forced2", "ponent:1"]
    assert resolve[0].synthetic and resolve[0].declaration == decl(
        "ponent", ActionKind.DEVELOPMENT, trait="militarism"
    )
    assert resolve[1].declaration.kind is ActionKind.CIVIL_WAR
    assert [line.prefix for line in allocation.over_budget] == ["ponent:2"]


def test_declared_forced_line_counts_as_the_forced_one_and_keeps_its_place() -> None:
    """A declared Desenvolupament of the forced characteristic is the forced one."""
    declared = lines(
        decl("ponent", ActionKind.TAXES),
        decl("ponent", ActionKind.REPRESS),
        decl("ponent", ActionKind.DEVELOPMENT, trait="technology"),
    )
    allocation = allocate("ponent", declared, ("development:technology",), 2)
    assert [line.prefix for line in allocation.resolve] == ["ponent:1", "ponent:3"]
    assert [line.prefix for line in allocation.over_budget] == ["ponent:2"]
    assert not any(line.synthetic for line in allocation.resolve)


def test_development_of_another_characteristic_does_not_count() -> None:
    declared = lines(decl("ponent", ActionKind.DEVELOPMENT, trait="diplomacy"))
    allocation = allocate("ponent", declared, ("development:technology",), 1)
    assert [line.prefix for line in allocation.resolve] == ["ponent:forced1"]
    assert [line.prefix for line in allocation.over_budget] == ["ponent:1"]


def test_forced_beyond_a_zero_budget_is_dropped_too() -> None:
    allocation = allocate("ponent", [], ("restore_order",), 0)
    assert allocation.resolve == ()
    assert allocation.over_budget[0].synthetic


def test_forced_helpers() -> None:
    assert forced_declaration("ponent", "restore_order").kind is ActionKind.RESTORE_ORDER
    assert matches_forced(decl("ponent", ActionKind.CIVIL_WAR), "civil_war")
    assert not matches_forced(
        decl("ponent", ActionKind.DEVELOPMENT, trait="authority"), "development:diplomacy"
    )
