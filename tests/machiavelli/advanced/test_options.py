"""The advanced modules as game options (003 "Reglas Avanzadas y Opcionales",
checklist machiavelli-advanced: CM-S-12, AM-48)."""

from __future__ import annotations

import pytest

from adjudicator.core.options import OptionError
from adjudicator.rulesets.machiavelli import MACHIAVELLI
from adjudicator.rulesets.machiavelli.advanced.modules import REQUIRES, Module


def test_every_module_is_off_by_default_so_the_basic_rules_play() -> None:
    """CM-S-12: each advanced rule is optional; a game names the ones it plays."""
    assert MACHIAVELLI.options().modules == frozenset()


def test_the_advanced_preset_turns_every_module_on() -> None:
    """CM-S-12: the preset `advanced` plays all of §5 to §11."""
    assert MACHIAVELLI.options(preset="advanced").modules == frozenset(Module)


@pytest.mark.parametrize(
    "module", [Module.EXPENSES, Module.REBELLIONS, Module.SPECIAL_UNITS, Module.LOANS]
)
def test_a_module_that_needs_finances_is_refused_without_them(module: Module) -> None:
    """AM-48: expenses, rebellions, assassination, special units and loans need finances."""
    on = {m.value: True for m in REQUIRES[module] if m is not Module.FINANCES}
    with pytest.raises(OptionError, match=f"{module.value} needs finances on"):
        MACHIAVELLI.options({module.value: True, **on})


def test_assassination_needs_finances_expenses_and_rebellions() -> None:
    """AM-48, and CM-6.2-E (it is expense E) and CM-8.3-5 (it places rebellions)."""
    with pytest.raises(OptionError) as refused:
        MACHIAVELLI.options({"assassination": True})
    message = str(refused.value)
    for needed in ("finances", "expenses", "rebellions"):
        assert f"assassination needs {needed} on" in message


def test_loans_need_rebellions_for_the_effects_of_a_default() -> None:
    """AM-48 and CM-11.4-1: a default has the effects of an assassination (§8.3)."""
    with pytest.raises(OptionError, match="loans needs rebellions on"):
        MACHIAVELLI.options({"finances": True, "loans": True})
    assert (
        Module.LOANS
        in MACHIAVELLI.options({"finances": True, "rebellions": True, "loans": True}).modules
    )


@pytest.mark.parametrize("module", [Module.FAMINE, Module.PLAGUE])
def test_famine_and_plague_run_without_finances(module: Module) -> None:
    """AM-48: famine and plague may run alone (then only their eliminations apply)."""
    assert MACHIAVELLI.options({module.value: True}).modules == {module}


def test_the_report_header_lists_the_modules_a_game_plays() -> None:
    """The options that differ from the rulebook's defaults are listed (a game with
    famine only says so)."""
    assert MACHIAVELLI.changed_options(MACHIAVELLI.options({"famine": True})) == {"famine": True}


def test_a_module_option_is_a_yes_or_no() -> None:
    with pytest.raises(OptionError, match="'finances' is 'sí'"):
        MACHIAVELLI.options({"finances": "sí"})
