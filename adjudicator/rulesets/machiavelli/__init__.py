"""`machiavelli`: Maquiavelo (rulebook 003) on the Renaissance Italy map."""

from adjudicator.rulesets.machiavelli.ruleset import MACHIAVELLI, MachiavelliOptions

__all__ = ["MACHIAVELLI", "MachiavelliOptions"]
