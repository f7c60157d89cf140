"""Rulesets: one module (or package) each, registered in `base.REGISTRY`."""

from adjudicator.core.ruleset import REGISTRY, Ruleset, UnknownRuleset, find_ruleset

__all__ = ["REGISTRY", "Ruleset", "UnknownRuleset", "find_ruleset"]
