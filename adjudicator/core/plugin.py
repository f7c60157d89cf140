"""The seam between the command line and a family of rulesets.

Every command works on a game folder through a `Judge`: the object that
knows how that family of rulesets reads its map and state, parses its
order files, resolves a turn and writes its report and map. Two families:

- board games with units (`classic`, `machiavelli`): `board_judge.BoardJudge`;
- Genes Mactantes, declared actions on country sheets: `genes_judge.GenesJudge`.

`judge_for(ruleset)` picks one. The CLI reads the files and writes the
results; a judge does neither (it gets bytes and returns text and bytes), so
adding a family never touches the commands.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from adjudicator.app import gamefolder as gf
from adjudicator.core.ruleset import Ruleset
from adjudicator.kits.board.state import Phase
from orders.issues import OrderIssue


@dataclass(frozen=True)
class OrderFile:
    """An order file as received: its display name, bytes and decoded text."""

    name: str
    data: bytes

    @property
    def text(self) -> str:
        try:
            return self.data.decode("utf-8-sig")
        except UnicodeDecodeError:
            return self.data.decode("latin-1")


@dataclass(frozen=True)
class LoadedGame:
    """A game folder opened: config, ruleset, map, options and the current state."""

    folder: Path
    config: gf.GameConfig
    ruleset: Ruleset
    game_map: Any
    options: Any
    state: Any


@dataclass(frozen=True)
class JudgedTurn:
    """One resolved turn, ready to write: the next state, the reports, the map."""

    phase: Phase
    next_state: Any
    text: str
    json_text: str
    issues: tuple[OrderIssue, ...]
    map_image: bytes | None = None


@dataclass(frozen=True)
class NewGame:
    """What `mapjudge new` was asked for."""

    name: str
    secret: str
    scenario: str | None = None
    sheets: Path | None = None  # genes: the folder of country sheets
    region: str | None = None  # genes: a bundled region name or a region file
    options: Mapping[str, Any] = field(default_factory=dict)  # game.yaml options


@dataclass(frozen=True)
class Started:
    """A new game: its first state, the map and scenario game.yaml names, the
    powers, extra files to write in the folder, and a message for the GM."""

    state: Any
    map: str
    scenario: str | None
    powers: tuple[str, ...]
    files: Mapping[str, bytes] = field(default_factory=dict)
    message: str = ""


@dataclass(frozen=True)
class Checked:
    """What `check` prints (the per-file summary) and the problems found."""

    text: str
    issues: tuple[OrderIssue, ...]


class Judge(Protocol):
    """What a family of rulesets does for the commands."""

    def start(self, ruleset: Ruleset, request: NewGame) -> Started:
        """The first state of a new game (`mapjudge new`); problems in the
        user's files raise `gf.GameFolderError` with the message."""
        ...

    def judge(self, game: LoadedGame, files: Sequence[OrderFile], secret: str | None) -> JudgedTurn:
        """Parse, check and resolve the current turn with `files`."""
        ...

    def check(self, game: LoadedGame, files: Sequence[OrderFile]) -> Checked:
        """Parse and check `files` against the current turn; change nothing."""
        ...

    def game_over(self, game: LoadedGame) -> str | None:
        """How the game ended (`France won`), or None while it goes on."""
        ...

    def board_text(self, game: LoadedGame) -> str:
        """The current position in words (`mapjudge show`)."""
        ...

    def draw(self, game: LoadedGame, phase: Phase, fmt: str) -> bytes | None:
        """The map of `phase` (None when the map has no drawing)."""
        ...

    def resolve_position(
        self,
        ruleset: Ruleset,
        position: Any,
        files: Sequence[OrderFile],
        secret: str | None,
        game_name: str,
    ) -> JudgedTurn:
        """`mapjudge resolve`: one turn from a position file, no game folder."""
        ...


def judge_for(ruleset: Ruleset) -> Judge:
    """The judge of a ruleset's family."""
    if ruleset.family == "genes":
        from adjudicator.plugins.genes import GenesJudge

        return GenesJudge()
    from adjudicator.plugins.board import BoardJudge

    return BoardJudge()


def file_owner(hint: str | None, writers: Iterable[str]) -> str | None:
    """The power an order file belongs to: the one its name gives (`hint`), else
    the only power its orders were given by."""
    if hint:
        return hint
    powers = set(writers)
    return powers.pop() if len(powers) == 1 else None


def file_summary(
    files: Sequence[OrderFile],
    file_powers: dict[str, str],
    orders: Sequence[Any],
    issues: Sequence[OrderIssue],
    power_label: Any,
) -> str:
    """`check`'s text: per order file (labelled with its power) the number of
    orders read (`orders`: anything with a `source`) and each issue.
    `power_label(power_id)` names a power."""
    counts = Counter(o.source.file for o in orders if o.source is not None)
    lines: list[str] = []
    for f in sorted(files, key=lambda f: (file_powers.get(f.name, "~"), f.name)):
        mine = [i for i in issues if i.source.file == f.name]
        power = file_powers.get(f.name)
        label = f"{power_label(power)} ({f.name})" if power else f.name
        verdict = f"{len(mine)} problem(s)" if mine else "no problems"
        lines.append(f"{label}: {counts.get(f.name, 0)} order(s), {verdict}")
        for issue in sorted(mine, key=lambda i: (i.source.line, i.source.column, i.message)):
            lines += ["  " + line for line in issue.render().splitlines()]
    return "\n".join(lines) + "\n"
