"""The advanced rules as modules a game turns on (003: "Reglas Avanzadas y
Opcionales", each optional: CM-S-12), and what each needs to work.

AM-48: expenses, rebellions, assassination, special units and loans need
finances; famine and plague may run without them (then only their
eliminations apply). The project's reading adds what follows from the
rulebook's own wording, so that no combination that cannot work is accepted:
an assassination is ordered as expense E (CM-6.2-E) and places rebellions
(CM-8.3-5), so it needs expenses and rebellions; a loan default has the
effects of an assassination (CM-11.4-1), so loans need rebellions.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum

from texts import T_


class Module(StrEnum):
    """One advanced module; the value is its game option's name."""

    FINANCES = "finances"  # §5
    EXPENSES = "expenses"  # §6
    REBELLIONS = "rebellions"  # §7
    ASSASSINATION = "assassination"  # §8
    FAMINE = "famine"  # §9.3, §9.4
    PLAGUE = "plague"  # §9.1, §9.2
    SPECIAL_UNITS = "special_units"  # §10
    LOANS = "loans"  # §11


REQUIRES: Mapping[Module, tuple[Module, ...]] = {
    Module.EXPENSES: (Module.FINANCES,),
    Module.REBELLIONS: (Module.FINANCES,),
    Module.ASSASSINATION: (Module.FINANCES, Module.EXPENSES, Module.REBELLIONS),
    Module.SPECIAL_UNITS: (Module.FINANCES,),
    Module.LOANS: (Module.FINANCES, Module.REBELLIONS),
}
"""What each module needs on (AM-48, and the reading in the module's docstring)."""


def missing_requirements(on: Iterable[Module]) -> tuple[str, ...]:
    """Every module turned on without one it needs, as a sentence for the GM."""
    chosen = frozenset(on)
    return tuple(
        T_("{module} needs {needed} on", module=module.value, needed=needed.value)
        for module in Module
        if module in chosen
        for needed in REQUIRES.get(module, ())
        if needed not in chosen
    )


ALL_MODULES: Mapping[str, object] = {module.value: True for module in Module}
"""The preset `advanced`: every module on."""
