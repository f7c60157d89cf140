"""Actions per turn (002 §5.2) and which declared lines they cover (§5.4.2).

The budget (002 §5.2, docs/genes.md "Actions per turn"):

    relevance (1/2/3) + Autoritat / 3 + Tecnologia / 3   (rounded down,
    Autoritat less counter-power) − blockade − anarchy − autarky
    − actions lost (sabotage, raids, sieges) + taxes + discovered resources

never below 0. The three base terms are always listed; the others only
when they are not zero.

Which lines count (002 §5.4.2, docs/genes.md "The turn" step 3): forced
actions first (002 §5.3 Restaurar ordre, §5.4.3.1 Desenvolupament, §5.4.3
Guerra civil), then the declared lines in the player's order; the lines
beyond the budget are dropped. A declared line of the forced kind counts as
the forced one (it keeps its place in the player's order); a forced action
the player did not declare is added by the judge at the front.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from adjudicator.rulesets.genes.model import Country, Crisis, GenesState, Trait, TurnStart
from orders.genes.model import ActionKind, Declaration
from texts import T_

CRISIS_LABELS: dict[Crisis, str] = {
    Crisis.BLOCKADE: T_("Bloqueig"),
    Crisis.ANARCHY: T_("Anarquia"),
    Crisis.AUTARKY: T_("Autarquia"),
}


@dataclass(frozen=True, slots=True)
class Budget:
    """A country's actions this turn: the total and its labelled terms."""

    total: int
    terms: tuple[tuple[str, int], ...]


def actions_per_turn(country: Country, start: TurnStart | GenesState) -> Budget:
    """The actions per turn of `country` (002 §5.2); `start` (or the state's
    `start`) says who discovered resources this turn (002 §5.3)."""
    turn_start = start.start if isinstance(start, GenesState) else start
    terms: list[tuple[str, int]] = [
        (T_("Rellevància"), country.relevance.action_base),
        (T_("Autoritat/3"), country.authority // 3),
        (T_("Tecnologia/3"), country.trait(Trait.TECHNOLOGY) // 3),
    ]
    for crisis in Crisis:
        count = country.crises.get(crisis, 0)
        if count:
            terms.append((CRISIS_LABELS[crisis], -count))
    if country.lost_actions:
        terms.append((T_("accions perdudes"), -country.lost_actions))
    if country.extra_actions:
        terms.append((T_("taxes"), country.extra_actions))
    if country.id in turn_start.resources:
        terms.append((T_("recursos"), 1))
    return Budget(max(0, sum(value for _, value in terms)), tuple(terms))


# --- which lines count -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlannedLine:
    """One line a country will spend an action on, or a dropped one.

    `prefix` is the roll prefix (`<country>:<n>`, `<country>:forced<i>`);
    `synthetic` marks a forced action the judge added."""

    declaration: Declaration
    prefix: str
    synthetic: bool = False


@dataclass(frozen=True, slots=True)
class Allocation:
    """A country's lines: those it resolves (in its resolution order) and those
    dropped over the budget."""

    resolve: tuple[PlannedLine, ...]
    over_budget: tuple[PlannedLine, ...]


def forced_declaration(country: str, forced: str) -> Declaration:
    """The line the judge adds for a forced action (`development:<trait>`,
    `restore_order`, `civil_war`)."""
    kind_id, _, trait = forced.partition(":")
    return Declaration(country, ActionKind.by_id(kind_id), trait=trait or None)


def matches_forced(declaration: Declaration, forced: str) -> bool:
    """Whether a declared line is the forced action `forced`."""
    kind_id, _, trait = forced.partition(":")
    if declaration.kind.id != kind_id:
        return False
    return not trait or declaration.trait == trait


def allocate(
    country: str,
    declared: Sequence[PlannedLine],
    forced: Sequence[str],
    budget: int,
) -> Allocation:
    """Split a country's action lines (002 §5.4.2): forced ones count first,
    then `declared` (the lines that cost an action, in the player's order).

    The lines resolved are the judge's added forced lines first, then the
    counted declared lines in the player's order."""
    matched: set[int] = set()
    priority: list[PlannedLine] = []
    synthetic: list[PlannedLine] = []
    for kind in forced:
        index = _first_match(declared, kind, matched)
        if index is None:
            line = PlannedLine(
                forced_declaration(country, kind),
                f"{country}:forced{len(synthetic) + 1}",
                synthetic=True,
            )
            synthetic.append(line)
            priority.append(line)
        else:
            matched.add(index)
            priority.append(declared[index])
    rest = [line for i, line in enumerate(declared) if i not in matched]
    ordered = priority + rest
    counted = {id(line) for line in ordered[:budget]}
    resolve = [line for line in synthetic if id(line) in counted]
    resolve += [line for line in declared if id(line) in counted]
    over = [line for line in ordered if id(line) not in counted]
    return Allocation(tuple(resolve), tuple(over))


def _first_match(declared: Sequence[PlannedLine], forced: str, taken: set[int]) -> int | None:
    for index, line in enumerate(declared):
        if index not in taken and matches_forced(line.declaration, forced):
            return index
    return None
