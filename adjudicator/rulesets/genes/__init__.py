"""Genes Mactantes (rulebook 002): registers the `genes` ruleset."""

from adjudicator.rulesets.genes import ruleset  # noqa: F401  (registers itself)
