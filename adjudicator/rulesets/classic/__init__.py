"""Standard Diplomacy (`classic`) on the standard map."""

from adjudicator.rulesets.classic.ruleset import ClassicHooks, ClassicOptions, classic

__all__ = ["ClassicHooks", "ClassicOptions", "classic"]
