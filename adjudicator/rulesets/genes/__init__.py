"""Genes Mactantes (rulebook 002): registers the `genes` ruleset."""

from . import ruleset  # noqa: F401  (registers itself)
