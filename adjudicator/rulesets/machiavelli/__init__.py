"""`machiavelli`: Maquiavelo (rulebook 003) on the Renaissance Italy map."""

from adjudicator.rulesets.machiavelli.ruleset import MachiavelliOptions, machiavelli

__all__ = ["MachiavelliOptions", "machiavelli"]
