"""Standard Diplomacy (`classic`) on the standard map."""

from .ruleset import ClassicHooks, ClassicOptions, classic

__all__ = ["ClassicHooks", "ClassicOptions", "classic"]
