"""Phases and calendars: the core knows no season and no phase kind.

A phase id is `<year>-<season>-<kind>` (`1454-spring-movement`) or
`<turn>-<kind>` for a ruleset counted in turns (`3-actions`); state files are
named by it. What seasons and kinds exist, and in which order they come, is
the ruleset's `Calendar`: Machiavelli opens its spring with the adjustment
(003 §1), classic adjusts in a winter of its own, genes has one kind per turn.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from texts import N_, T_, _

_WORD = re.compile(r"[a-z][a-z_]*")

SEASON_WORDS: dict[str, str] = {
    "spring": N_("Spring"),
    "summer": N_("Summer"),
    "fall": N_("Fall"),
    "autumn": N_("Autumn"),
    "winter": N_("Winter"),
}
"""The seasons the rulesets use, as a phase's title names them (`local_title`)."""

KIND_WORDS: dict[str, str] = {
    "movement": N_("movement"),
    "retreat": N_("retreat"),
    "adjustment": N_("adjustment"),
    "actions": N_("actions"),
    "creation": N_("creation"),
    "economy": N_("economy"),
    "skirmishes": N_("skirmishes"),
    "reactions": N_("reactions"),
    "battles": N_("battles"),
}
"""The phase kinds the rulesets use, as a phase's title names them."""


@dataclass(frozen=True, slots=True)
class Phase:
    """One phase: `1901-spring-movement`, or `3-actions` for a ruleset counted
    in turns, whose `season` is None and whose `year` is the turn number.

    Seasons and kinds are plain strings (a ruleset's string enum members are
    stored as their values), so a phase read from a file equals the one a
    ruleset made."""

    year: int
    season: str | None
    kind: str

    def __post_init__(self) -> None:
        if self.season is not None:
            object.__setattr__(self, "season", str(self.season))
        object.__setattr__(self, "kind", str(self.kind))

    @property
    def id(self) -> str:
        if self.season is None:
            return f"{self.year}-{self.kind}"
        return f"{self.year}-{self.season}-{self.kind}"

    @property
    def title(self) -> str:
        """`Spring 1901 movement`, or `Turn 3 actions`."""
        if self.season is None:
            return f"Turn {self.year} {self.kind}"
        return f"{self.season.capitalize()} {self.year} {self.kind}"

    @property
    def local_title(self) -> str:
        """`title` in the language being written (`Primavera de 1901, movimiento`);
        a season or kind it does not know as it is."""
        kind = self.kind
        if kind in KIND_WORDS:
            kind = _(KIND_WORDS[kind])
        if self.season is None:
            return _("Turn {turn} {kind}").format(turn=self.year, kind=kind)
        season = self.season.capitalize()
        if self.season in SEASON_WORDS:
            season = _(SEASON_WORDS[self.season])
        return _("{season} {year} {kind}").format(season=season, year=self.year, kind=kind)

    @property
    def turn(self) -> int:
        """The turn number of a turn-counted phase (the year otherwise)."""
        return self.year

    def __str__(self) -> str:
        return self.id

    @classmethod
    def parse(cls, text: str) -> Phase:
        """`1901-spring-movement` or `3-actions` -> Phase (the syntax only: which
        seasons and kinds exist is the calendar's to say); ValueError quoting
        the text otherwise."""
        parts = text.split("-")
        if (
            len(parts) not in (2, 3)
            or not parts[0].isdigit()
            or not all(_WORD.fullmatch(p) for p in parts[1:])
        ):
            raise ValueError(
                T_(
                    "bad phase id {text!r}: expected <year>-<season>-<kind> or <turn>-<kind>",
                    text=text,
                )
            )
        season = parts[1] if len(parts) == 3 else None
        return cls(int(parts[0]), season, parts[-1])


@dataclass(frozen=True)
class Calendar:
    """A ruleset's calendar: its seasons in the order of a year (none for a
    ruleset counted in turns) and its phase kinds in the order they come
    within a season."""

    seasons: tuple[str, ...]
    kinds: tuple[str, ...]

    def check(self, phase: Phase) -> Phase:
        """`phase` itself; ValueError naming the seasons or kinds this calendar has."""
        if phase.season is None and self.seasons:
            raise ValueError(
                T_("bad phase id {text!r}: expected <year>-<season>-<kind>", text=phase.id)
            )
        if phase.season is not None and phase.season not in self.seasons:
            known = ", ".join(self.seasons) or T_("none: phases are <turn>-<kind>")
            raise ValueError(
                T_(
                    "bad phase id {text!r}: unknown season (seasons: {known})",
                    text=phase.id,
                    known=known,
                )
            )
        if phase.kind not in self.kinds:
            raise ValueError(
                T_(
                    "bad phase id {text!r}: unknown phase kind (kinds: {known})",
                    text=phase.id,
                    known=", ".join(self.kinds),
                )
            )
        return phase

    def parse(self, text: str) -> Phase:
        """A phase id of this calendar; ValueError quoting the text otherwise."""
        return self.check(Phase.parse(text))

    def sort_key(self, phase: Phase) -> tuple[int, int, int]:
        """Orders the phases of one game: by year (or turn), season, then kind."""
        season = -1 if phase.season is None else self.seasons.index(phase.season)
        return (phase.year, season, self.kinds.index(phase.kind))
