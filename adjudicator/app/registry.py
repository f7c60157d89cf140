"""The registry of ruleset plugins: one line per ruleset.

A plugin is imported only when its ruleset is used (`find_ruleset`), or when
one of the commands it adds is run, so `mapjudge check` on a classic game
never loads genes. Adding a ruleset is one `Entry` here (DESIGN.md, "One
seam"); its module's `ruleset()` returns it bound (`core.session.bind`).
"""

from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass
from functools import cache

from adjudicator.core.session import AnyRuleset, Ruleset
from texts import T_


@dataclass(frozen=True)
class Entry:
    """A registered ruleset: its name, the module of its plugin, and the names
    of the commands it adds to `mapjudge`."""

    name: str
    module: str
    commands: tuple[str, ...] = ()


ENTRIES: tuple[Entry, ...] = (
    Entry("classic", "adjudicator.plugins.classic"),
    Entry("machiavelli", "adjudicator.plugins.machiavelli"),
    Entry("genes", "adjudicator.plugins.genes", commands=("region",)),
    Entry("cawa", "adjudicator.plugins.cawa", commands=("seal",)),
    Entry("orbis", "adjudicator.plugins.orbis", commands=("wiki-table", "wiki-sheets")),
    Entry("narrativo", "adjudicator.plugins.narrativo", commands=("odds",)),
)


class UnknownRuleset(LookupError):
    """Raised by `find_ruleset` with the names that do exist."""


def ruleset_names() -> tuple[str, ...]:
    return tuple(sorted(entry.name for entry in ENTRIES))


def find_ruleset(name: str) -> AnyRuleset:
    """The ruleset called `name` (any case); `UnknownRuleset` naming the known
    ones, and the nearest, otherwise."""
    key = name.strip().lower()
    for entry in ENTRIES:
        if entry.name == key:
            return _load(entry)
    known = ", ".join(ruleset_names())
    close = difflib.get_close_matches(key, ruleset_names(), n=1, cutoff=0.6)
    hint = T_(" (did you mean {name}?)", name=close[0]) if close else ""
    raise UnknownRuleset(
        T_(
            "unknown ruleset {name!r}{hint}: known rulesets are {known}",
            name=name,
            hint=hint,
            known=known,
        )
    )


def command_entry(command: str) -> Entry | None:
    """The ruleset that adds the command called `command`, if one does."""
    return next((entry for entry in ENTRIES if command in entry.commands), None)


@cache
def _load(entry: Entry) -> AnyRuleset:
    module = importlib.import_module(entry.module)
    ruleset: AnyRuleset = module.ruleset()
    if not isinstance(ruleset, Ruleset) or ruleset.name != entry.name:
        raise TypeError(f"{entry.module}.ruleset() must return the bound {entry.name!r} plugin")
    return ruleset
