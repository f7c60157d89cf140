"""Where a genes case starts: its region, its first state, and the case's dice.

- Regions: `test` is the tests' three-country region (`tests/genes/fixtures.py`:
  ponent - llevant - migjorn in a row, cities `<country>_a|b|c`, `_a` the
  capital); any other name is a packaged region (`maps.genes.region`).
- The base state of a region: for `test`, `fixtures.make_state()` (every
  country medium, 5 in each characteristic, 5 Exèrcit in its capital and 3
  in its field; characters joan and maria of ponent, pere of llevant, anna
  of migjorn) with Autoritat 6, 5 and 4 (`TEST_AUTHORITY`), so that the
  initiative (002 §5.4.5) is ponent, llevant, migjorn without a roll; for a
  packaged region, the turn 1 `mapjudge new` makes from its example sheets
  (events off). A case patches it (`patched_state`).
- From sheets: the region's example sheets, with the case's sheets in
  place of some, through `start_game` as `mapjudge new` does.
- `CaseDice`: `FixedDice` that names a roll the case gave no face for, and
  lists the faces the case gave that no roll took.
"""

from __future__ import annotations

import copy
import tempfile
from collections.abc import Callable, Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from adjudicator.core.dice import Roll
from adjudicator.rulesets.genes.codec import state_from_dict, state_to_dict
from adjudicator.rulesets.genes.model import GenesState, Trait
from adjudicator.rulesets.genes.options import GenesOptions
from adjudicator.rulesets.genes.setup import SheetsRejected, example_sheets, start_game
from adjudicator.rulesets.genes.sheets import SheetIssue, sheets_folder
from maps.genes.region import Region, load_region
from tests.genes.fixtures import Faces, FixedDice, make_region, make_state

__all__ = [
    "DEFAULT_REGION", "CaseDice", "Faces", "UnscriptedRoll", "base_state", "describe_roll",
    "from_sheets", "patched_state", "region_named",
]  # fmt: skip

DEFAULT_REGION = "test"
"""The region of a case that names none: the tests' three countries."""

TEST_AUTHORITY = {"ponent": 6, "llevant": 5, "migjorn": 4}
"""The test base's Autoritat: no initiative tie to roll for (002 §5.4.5)."""


def test_region_base() -> GenesState:
    """`fixtures.make_state()` with Autoritat `TEST_AUTHORITY`."""
    return make_state(traits={c: {Trait.AUTHORITY: v} for c, v in TEST_AUTHORITY.items()})


TEST_REGIONS: dict[str, Callable[[], Region]] = {"test": make_region}
"""Regions built by the tests; any other name is a packaged region."""
TEST_BASES: dict[str, Callable[[], GenesState]] = {"test": test_region_base}
"""Base states built by the tests; any other region starts from its example sheets."""


@cache
def region_named(name: str) -> Region:
    """A test region, or a packaged region by name."""
    build = TEST_REGIONS.get(name)
    return build() if build is not None else load_region(name)


@cache
def base_state(region: str) -> GenesState:
    """The state a case's `state` patches (see the module docstring)."""
    build = TEST_BASES.get(region)
    if build is not None:
        return build()
    game_region = region_named(region)
    return start_game(game_region, example_sheets(game_region), GenesOptions(), None).state


def patched_state(base: GenesState, patch: Mapping[str, Any]) -> GenesState:
    """`base` in its YAML form (`codec.state_to_dict`) with `patch` merged in:
    mappings key by key, anything else replaced, `null` deleting the key."""
    return state_from_dict(merged(state_to_dict(base), patch))


def merged(data: Mapping[str, Any], patch: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of `data` with `patch` merged in (see `patched_state`)."""
    result = copy.deepcopy(dict(data))
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        elif isinstance(value, Mapping) and isinstance(result.get(key), Mapping):
            result[key] = merged(result[key], value)
        else:
            result[key] = copy.deepcopy(value)
    return result


def from_sheets(
    region: Region, sheets: Mapping[str, Any], options: GenesOptions, dice: CaseDice
) -> tuple[GenesState | None, tuple[SheetIssue, ...]]:
    """What `mapjudge new` makes of the region's example sheets with `sheets`
    (country -> sheet data) in place of some: turn 1 and the sheets' warnings,
    or no state and every error."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        examples = sheets_folder(region.name)
        for example in sorted(examples.glob("*.yaml")) if examples and examples.is_dir() else ():
            (root / example.name).write_bytes(example.read_bytes())
        for country, sheet in sheets.items():
            dumped = yaml.safe_dump(sheet, allow_unicode=True, sort_keys=False)
            (root / f"{country}.yaml").write_text(dumped, encoding="utf-8")
        try:
            started = start_game(region, root, options, dice)
        except SheetsRejected as exc:
            return None, exc.errors
    return started.state, started.warnings


# --- the case's dice ------------------------------------------------------------------


class UnscriptedRoll(Exception):
    """The engine rolled for a purpose the case gives no face for."""

    def __init__(self, purpose: str) -> None:
        super().__init__(f"the engine rolled for {purpose!r}, a roll the case gives no face for")
        self.purpose = purpose


class CaseDice(FixedDice):
    """The faces a case gives (`FixedDice`'s format), strict both ways."""

    def __init__(self, faces: Faces) -> None:
        super().__init__(faces)
        self.scripted = faces

    def roll(self, purpose: str, sides: int = 6, index: int = 0) -> int:
        try:
            return super().roll(purpose, sides, index)
        except KeyError:
            raise UnscriptedRoll(purpose) from None

    def unused(self) -> list[str]:
        """The faces given that no roll took: `purpose: faces`, or the sequence's rest."""
        if not isinstance(self.scripted, Mapping):
            left = list(self.scripted)[len(self.rolls) :]
            return [f"faces {left} of the sequence"] if left else []
        taken: dict[str, int] = {}
        for roll in self.rolls:
            key = best_key(roll.purpose, self.scripted)
            if key is not None:
                taken[key] = taken.get(key, 0) + 1
        unused = []
        for key, value in self.scripted.items():
            wanted = 1 if isinstance(value, int) else len(value)
            if taken.get(key, 0) < wanted:
                unused.append(f"{key}: {value} (rolled {taken.get(key, 0)} of {wanted})")
        return unused


def best_key(purpose: str, keys: Iterable[str]) -> str | None:
    """The key `FixedDice` serves `purpose` from: the exact purpose or a `:<key>`
    ending, the longest one."""
    found = [k for k in keys if purpose == k or purpose.endswith(f":{k}")]
    return max(found, key=len) if found else None


def describe_roll(roll: Roll) -> str:
    face = "0" if roll.sides == 10 and roll.result == 10 else str(roll.result)
    return f"{roll.purpose}: d{roll.sides} shows {face}"
