"""Transitional: the records moved to `adjudicator.rulesets.machiavelli.records`."""

from adjudicator.rulesets.machiavelli.records import Loan, Rebellion, SpecialKind

__all__ = ["Loan", "Rebellion", "SpecialKind"]
