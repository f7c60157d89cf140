"""`machiavelli`: Maquiavelo (rulebook 003) on the Renaissance Italy map."""

from adjudicator.rulesets.machiavelli.reasons import MachiavelliReason
from adjudicator.rulesets.machiavelli.ruleset import MACHIAVELLI, MachiavelliOptions
from adjudicator.rulesets.machiavelli.state import AUTONOMOUS, MachiavelliState

__all__ = [
    "AUTONOMOUS",
    "MACHIAVELLI",
    "MachiavelliOptions",
    "MachiavelliReason",
    "MachiavelliState",
]
