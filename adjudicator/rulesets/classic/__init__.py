"""Standard Diplomacy (`classic`) on the standard map."""

from adjudicator.rulesets.classic.ruleset import CLASSIC, ClassicHooks, ClassicOptions

__all__ = ["CLASSIC", "ClassicHooks", "ClassicOptions"]
