"""The start of a Genes game (002 §3, §4): the region, one checked sheet per
country, seats, and turn 1's events."""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Self

from adjudicator.core.dice import Dice
from adjudicator.kits.sheets.reader import SheetIssue
from adjudicator.rulesets.genes.model import GenesState
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.sheets import (
    CheckedSheets,
    check_sheets,
    initial_state,
    sheets_folder,
)
from adjudicator.rulesets.genes.turn_start import initial_turn_start
from maps.genes.region import Region
from texts import T_, Text


class SheetsRejected(ValueError):
    """The country sheets have errors; the message lists every one."""

    def __init__(self, errors: Sequence[SheetIssue]) -> None:
        self.errors = tuple(errors)
        super().__init__(self.message)

    @property
    def message(self) -> Text:
        """Every problem, told in the reader's language (`tr`)."""
        listing = _Lines(tuple(T_("  {issue}", issue=issue.text) for issue in self.errors))
        return T_(
            "{n} problem(s) in the country sheets:\n{listing}", n=len(self.errors), listing=listing
        )


class _Lines(Text):
    """Lines told each in the reader's language, joined by newlines."""

    lines: tuple[Text, ...]

    def __new__(cls, lines: tuple[Text, ...]) -> Self:
        made = super().__new__(cls, "\n".join(lines))
        made.lines = lines
        return made

    def translated(self, translations: gettext.NullTranslations) -> str:
        return "\n".join(line.translated(translations) for line in self.lines)

    def __reduce__(self) -> tuple[object, ...]:
        return (_Lines, (self.lines,))


@dataclass(frozen=True)
class StartedGame:
    """Turn 1's state and the sheets' warnings (unspent points...)."""

    state: GenesState
    warnings: tuple[SheetIssue, ...]


RANDOM_AFTER_SHEETS = T_(
    "random: a relevance rolled after the sheet was written could make it wrong (002 §4.1);"
    " write small, medium or large, or create the game in two steps: `mapjudge new genes DIR"
    " --players <countries>` rolls every relevance first, then the sheets are adjudicated"
)


def random_refused(checked: CheckedSheets) -> tuple[SheetIssue, ...]:
    """An error for each sheet asking for a random relevance (one-step creation)."""
    return tuple(
        SheetIssue(s.file, "relevance", RANDOM_AFTER_SHEETS)
        for s in checked.sheets
        if s.random_relevance
    )


def example_sheets(region: Region) -> Path:
    """The example sheets bundled with a packaged region; ValueError otherwise."""
    folder = sheets_folder(region.name)
    if folder is None or not folder.is_dir():
        raise ValueError(f"region {region.name!r} has no example sheets: give --sheets DIR")
    return folder


def start_game(
    region: Region,
    sheets: Path,
    options: GenesOptions,
    dice: Dice | None,
    *,
    random_relevance: bool = True,
) -> StartedGame:
    """Check every sheet in the folder `sheets` (`<country>.yaml`), build turn 1
    and play its events. Seats follow the region's country order (002 §3: the
    order the countries were drawn in). Random relevance (002 §4.1) is rolled
    with `dice`; without dice a sheet asking for it is refused, and so it is
    when not `random_relevance` (`mapjudge new --sheets`: a relevance rolled
    after the sheet was written could make it wrong, issue 18 #12)."""
    if not sheets.is_dir():
        raise ValueError(f"{sheets}: no such folder of country sheets")
    roll = (lambda country: dice.roll(f"relevance:{country}", 10)) if dice else None
    checked = check_sheets(
        sorted(sheets.glob("*.yaml")), region, roll if random_relevance else None
    )
    errors = checked.errors if random_relevance else checked.errors + random_refused(checked)
    if errors:
        raise SheetsRejected(errors)
    if dice is None and checked.warnings and any(s.random_relevance for s in checked.sheets):
        raise ValueError("a sheet asks for a random relevance: the game's dice are needed")
    seats = tuple(c for c in region.countries if c in checked.countries)
    state = initial_state(region, checked, seats)
    return StartedGame(initial_turn_start(state, region, options, dice), checked.warnings)
