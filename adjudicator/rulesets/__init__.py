"""Rulesets: one module (or package) each, registered in `base.REGISTRY`."""

from .base import REGISTRY, Ruleset, UnknownRuleset, find_ruleset

__all__ = ["REGISTRY", "Ruleset", "UnknownRuleset", "find_ruleset"]
